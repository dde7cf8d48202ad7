"""Dead letters: deltas the distiller gave up on, listed and replayed.

A delta that failed ``max_attempts`` times is recorded as
``distill.dead_lettered`` on its session's Distillation stream (an event in
the log, so it is durable, auditable and visible to every process) and the
session's cursor moves past it. ``DeadLetterIndex`` folds the log, as it
grows, into the letters not yet replayed; ``Distiller.replay`` re-reads a
letter's messages and tasks from their streams (``reread``), distils them
with the distiller's current extractor, and commits the beliefs with
``distill.replayed`` in one transaction, so a letter is replayed at most once.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any
from uuid import UUID

from ledgermind.distill.delta import DeltaItem
from ledgermind.domain.distillation import Distillation
from ledgermind.domain.session import Session
from ledgermind.domain.task import Task
from ledgermind.storage.follower import Envelope, Follower

if TYPE_CHECKING:
    from ledgermind.write.port import WritePort

__all__ = ["DEAD_LETTERED", "REPLAYED", "DeadLetter", "DeadLetterIndex", "list_dead_letters", "reread"]

DEAD_LETTERED = Distillation.DeadLettered.TOPIC
REPLAYED = Distillation.Replayed.TOPIC


@dataclass(frozen=True, slots=True)
class DeadLetter:
    letter_id: str
    app: str
    user_id: str
    session_id: str
    from_position: int
    to_position: int
    items: list[dict[str, Any]]
    error: str
    attempts: int
    recorded_at: datetime

    def as_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


class DeadLetterIndex:
    """The open dead letters, folded from the log as it grows (not rescanned).

    A small in-memory projection over two topics: each ``catch_up`` reads only
    what was appended since the last one (``ledgermind.storage.follower``)."""

    def __init__(self, port: WritePort, page: int = 1000) -> None:
        self._follower = Follower(port.log, (DEAD_LETTERED, REPLAYED), page=page)
        self._letters: dict[str, DeadLetter] = {}

    def catch_up(self) -> list[DeadLetter]:
        """Folds what is new and returns the open letters, oldest first."""
        self._follower.catch_up(self._fold)
        return list(self._letters.values())

    def _fold(self, envelope: Envelope) -> None:
        e = envelope.event
        if isinstance(e, Distillation.DeadLettered):
            self._letters[e.letter_id] = DeadLetter(
                e.letter_id,
                e.app,
                e.user_id,
                e.session_id,
                e.from_position,
                e.to_position,
                list(e.items),
                e.error,
                e.attempts,
                e.timestamp,
            )
        elif isinstance(e, Distillation.Replayed):
            self._letters.pop(e.letter_id, None)


_INDEXES: weakref.WeakKeyDictionary[WritePort, DeadLetterIndex] = weakref.WeakKeyDictionary()


def list_dead_letters(port: WritePort) -> list[DeadLetter]:
    """Open dead letters of every follower, oldest first (one index per port)."""
    index = _INDEXES.get(port)
    if index is None:
        index = _INDEXES[port] = DeadLetterIndex(port)
    return index.catch_up()


def reread(eng: WritePort, letter: DeadLetter) -> list[DeltaItem]:
    """The letter's messages and completed tasks, read again from their streams."""
    seqs = {i["seq"]: i["position"] for i in letter.items if "seq" in i}
    out: list[DeltaItem] = []
    for e in eng.stream_events(UUID(hex=letter.session_id)):
        if isinstance(e, Session.MessageAdded) and e.seq in seqs:
            out.append(DeltaItem(letter.session_id, e.seq, e.role, e.content, e.occurred_at, seqs[e.seq], name=e.name))
    for i in letter.items:
        if "task_id" in i:
            events = eng.stream_events(UUID(hex=i["task_id"]))
            done = [e for e in events if isinstance(e, Task.Completed)]
            if events and done and isinstance(events[0], Task.Created):
                out.append(
                    DeltaItem(
                        letter.session_id,
                        0,
                        "task",
                        done[0].output,
                        done[0].timestamp,
                        i["position"],
                        task_id=i["task_id"],
                        task_input=events[0].input,
                    )
                )
    return sorted(out, key=lambda d: d.position)
