"""Whether a failed append committed anyway: the proof an unkeyed command's
exactly-once rests on, instead of a receipt event per command.

Why: a command can commit and still fail at its writer. On PostgreSQL the
connection can die between the server's ``COMMIT`` and its acknowledgement
(the driver then retries the insert, which meets the unique key); and a step
after the insert (a snapshot) can fail once the events are durable. A writer
that then ran the command again would write it twice. A command under a key
the caller chose keeps its receipt (the caller's retry must find it, from
any process); an unkeyed one used to write one as well, one event per call
(a third of a two-message turn's bytes), only so that the writer's own re-run
could find it.

The proof here needs no extra row: the stored bytes of a sealed event include
a random 96-bit nonce (and a state holds its event's microsecond timestamp
besides), so rows at the batch's (stream, version) keys whose states equal
the batch's, byte for byte, are this batch's rows, committed. An append's
outcome is kept per thread (``Outcomes``): ``committed`` (its insert returned),
``doubtful`` (a connection failed after the statements may have reached the
server: asked of the store when needed) or nothing (it failed before, or
cleanly: a conflict, a refusal).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence

from eventsourcing.persistence import StoredEvent

__all__ = ["Outcomes"]

Find = Callable[[Sequence[StoredEvent]], "list[int] | None"]


class Outcomes:
    """The outcome of the last append made by each thread through one recorder."""

    def __init__(self, find: Find) -> None:
        self._find = find  # the batch's positions if its rows are stored byte for byte, else None
        self._local = threading.local()

    def begin(self) -> None:
        """Forgets the thread's last outcome (a new save starts)."""
        self._local.state = None

    def committed(self, positions: Sequence[int]) -> None:
        self._local.state = ("committed", list(positions))

    def doubtful(self, stored: Sequence[StoredEvent]) -> None:
        self._local.state = ("doubtful", list(stored))

    def landed(self) -> list[int] | None:
        """The positions of the thread's last append if it committed, None if
        it did not. Raises the store's error when a doubtful one cannot be
        resolved now (the store is unreachable): then nobody knows yet."""
        state = getattr(self._local, "state", None)
        if state is None:
            return None
        kind, value = state
        if kind == "committed":
            return list(value)
        found = self._find(value)
        self._local.state = None if found is None else ("committed", found)
        return found
