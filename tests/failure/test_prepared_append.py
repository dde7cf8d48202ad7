"""A PostgreSQL append on a session that lost its prepared INSERT prepares it again.

The append executes an INSERT prepared once per connection
(``ledgermind.storage.pg_append``). A session can lose it at any time: a new
connection never had it, psycopg sends ``DEALLOCATE ALL`` after a rollback on
a connection where it prepared statements of its own, and an operator's
``DISCARD ALL`` drops it too. Every append must still go through, once, at
the position it is told, with an intact chain.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import ExitStack

import pytest
from eventsourcing.persistence import StoredEvent

from ledgermind.storage.backend import parse_db_url
from ledgermind.storage.chain import verify
from ledgermind.storage.store import EventLog, open_event_log


@pytest.fixture
def log(pg_url: str) -> Iterator[EventLog]:
    opened = open_event_log(parse_db_url(pg_url), 100)
    try:
        yield opened
    finally:
        opened.close()


def _forget_prepared(log: EventLog, statement: str) -> None:
    """Runs ``statement`` on every connection the store's pool can hand out."""
    datastore = log.recorder.datastore  # type: ignore[attr-defined]
    with ExitStack() as stack:
        for _ in range(datastore.pool.max_size):
            stack.enter_context(datastore.get_connection()).execute(statement)


@pytest.mark.parametrize("statement", ["DEALLOCATE ALL", "DISCARD ALL"])
def test_an_append_prepares_its_insert_again_where_the_session_lost_it(log: EventLog, statement: str) -> None:
    recorder = log.recorder
    stream = uuid.uuid4()

    def event(version: int) -> StoredEvent:
        return StoredEvent(originator_id=stream, originator_version=version, topic="t.prepared", state=b"s%d" % version)

    told = list(recorder.insert_events([event(1), event(2)]) or [])
    for round_ in range(3):
        _forget_prepared(log, statement)
        for v in range(3 + 4 * round_, 7 + 4 * round_):
            told += list(recorder.insert_events([event(v)]) or [])

    stored = recorder.select_events(stream)
    assert [e.originator_version for e in stored] == list(range(1, 15))
    positions = {
        n.originator_version: n.id for n in recorder.select_notifications(1, 1000) if n.originator_id == stream
    }
    assert [positions[v] for v in range(1, 15)] == told
    report = verify(log)
    assert report.intact and report.chained == 14
