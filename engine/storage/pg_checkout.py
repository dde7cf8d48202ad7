"""A PostgreSQL connection checkout that waits as long as the library's own calls do.

The event library's pool waits ``timeout`` per checkout, and the library
retries its reads and writes ``LIBRARY_ATTEMPTS`` times when one fails with a
connection error (a pool timeout is one); the engine sets ``timeout`` to the
connect timeout over ``LIBRARY_ATTEMPTS`` so that the whole wait stays about the
connect timeout (``ledgermind.storage.store``). A checkout of the engine's own
(opening the store, the stream reads of ``ledgermind.storage.stream_rows``, the
hash chain's checkpoints and verification) is not inside such a retry, so under load a pool that was empty for half a second
(every connection busy, or the first one still being opened) failed it after a
tenth of the budget. ``checkout`` gives it the same whole wait: it retries only
the checkout, never a statement, so nothing runs twice.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

from eventsourcing.persistence import OperationalError
from psycopg_pool import PoolTimeout

__all__ = ["LIBRARY_ATTEMPTS", "checkout", "transaction"]

LIBRARY_ATTEMPTS = 10  # eventsourcing.postgres: @retry(..., max_attempts=10, wait=0.2)


@contextmanager
def checkout(datastore: Any) -> Iterator[Any]:
    """``datastore.get_connection()``, with a checkout that timed out tried
    again up to ``LIBRARY_ATTEMPTS`` times in all; any other error, and every
    error raised once the connection is handed out, propagates at once."""
    for attempt in range(1, LIBRARY_ATTEMPTS + 1):
        stack = ExitStack()
        try:
            conn = stack.enter_context(datastore.get_connection())
        except OperationalError as e:
            if attempt == LIBRARY_ATTEMPTS or not isinstance(e.__cause__, PoolTimeout):
                raise
            continue
        with stack:
            yield conn
        return


@contextmanager
def transaction(datastore: Any, *, commit: bool = False) -> Iterator[Any]:
    """``datastore.transaction(commit=...)`` (a cursor in a transaction that
    commits only when asked), through ``checkout``."""
    with checkout(datastore) as conn, conn.transaction(force_rollback=not commit):
        yield conn.cursor()
