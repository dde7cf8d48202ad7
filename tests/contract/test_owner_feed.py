"""The handle's reads for integrations and feeds: ``feed`` (an owner's events
as they commit, ended by an erasure from any process) and ``stream_events``
(one of the owner's streams, never another owner's events). Every backend."""

from __future__ import annotations

import time
import uuid

import pytest

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.errors import InvalidInput

ALICE = Owner("feed", "alice")
BOB = Owner("feed", "bob")


def _until(check: object, seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():  # type: ignore[operator]
            return True
        time.sleep(0.02)
    return False


def test_a_feed_reads_only_its_owners_events_as_they_commit(eng: MemoryEngine) -> None:
    alice, bob = eng.for_owner(ALICE), eng.for_owner(BOB)
    with alice.feed() as feed:
        assert not feed.erased
        session = alice.create_session("agent")
        bob.create_session("agent")
        alice.add_message(session, "user", "hello")
        seen = []
        while batch := feed.read():
            seen.extend(batch)
        assert [e.topic for e in seen][-1:] and all(
            (e.event.app, e.event.user_id) == (ALICE.app, ALICE.user_id) for e in seen
        )
        assert any(getattr(e.event, "content", None) == "hello" for e in seen)
        assert feed.position == eng.log.recorder.max_notification_id()
        assert feed.read() == []  # nothing new
        later = alice.feed(after=feed.position)
        assert later.read() == []
        later.close()
    for bad in (-1, True, "0", 1.5):
        with pytest.raises(InvalidInput):
            alice.feed(after=bad)  # type: ignore[arg-type]


def test_a_feed_ends_on_an_erasure_by_another_engine(db_url: str) -> None:
    """A live feed learns of another process's erasure within the bound."""
    first, second = MemoryEngine.open(db_url), MemoryEngine.open(db_url)
    try:
        first.for_owner(ALICE).create_session("agent")
        with first.for_owner(ALICE).feed() as feed, first.for_owner(BOB).feed() as other:
            second.for_owner(ALICE).erase()
            assert _until(lambda: feed.erased), "the feed did not learn of the erasure"
            assert not other.erased
    finally:
        first.close()
        second.close()


def test_a_feed_opened_after_the_erasure_is_ended_from_the_start(db_url: str) -> None:
    """An owner erased before this engine opened: its erasure watch never sees
    ``owner.erased`` (it follows from the log's head at open), the key store's
    tombstone says it."""
    with MemoryEngine.open(db_url) as eraser:
        eraser.for_owner(ALICE).create_session("agent")
        eraser.for_owner(ALICE).erase()
    with MemoryEngine.open(db_url) as later:
        with later.for_owner(ALICE).feed() as feed:
            assert feed.erased
        with later.for_owner(BOB).feed() as feed:
            assert not feed.erased


def test_stream_events_returns_the_owners_events_and_never_another_owners(eng: MemoryEngine) -> None:
    alice, bob = eng.for_owner(ALICE), eng.for_owner(BOB)
    session = alice.create_session("agent")
    alice.add_messages(session, [{"role": "user", "content": f"turn {i}"} for i in range(3)])
    stream = uuid.UUID(hex=session)
    events = alice.stream_events(stream)
    assert [e.originator_version for e in events] == list(range(1, len(events) + 1)) and len(events) >= 4
    assert [e.originator_version for e in alice.stream_events(stream, gt=1, lte=3)] == [2, 3]
    assert bob.stream_events(stream) == []  # the id alone gives nothing
    assert alice.stream_events(uuid.uuid4()) == []
    for bad in ({"stream_id": session}, {"stream_id": stream, "gt": -1}, {"stream_id": stream, "lte": True}):
        with pytest.raises(InvalidInput):
            alice.stream_events(**bad)  # type: ignore[arg-type]
