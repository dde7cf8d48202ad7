"""A save that fails after its events committed counts as committed, and its
commands are never run again: a call without a key writes no receipt, so a
second run would write its messages twice.

The fault is real where it can be (the lost acknowledgement on PostgreSQL is
``test_lost_acknowledgement.py``, through a TCP proxy); here the recorder's
append is wrapped so that it commits, for real, and then raises the driver's
connection error, as a failure after the commit (a snapshot, a lost answer
past the retries) does, on every backend.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from eventsourcing.persistence import OperationalError

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.errors import StoreUnavailable

OWNER = Owner("landed", "alice")


@pytest.fixture
def failing_after_commit(eng: MemoryEngine, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Every append of message events commits and then raises, while armed;
    yields the count of appends that did so."""
    recorder = eng.log.recorder
    real = recorder.insert_events
    faults: list[int] = []

    def insert_events(stored: Any, **kwargs: Any) -> Any:
        positions = real(stored, **kwargs)
        if faults and any(s.topic == "message.added" for s in stored):
            faults[0] += 1
            raise OperationalError("the connection was lost after COMMIT")
        return positions

    monkeypatch.setattr(recorder, "insert_events", insert_events)
    yield faults


def _contents(eng: MemoryEngine, sid: str) -> Counter[str]:
    return Counter(m.content for m in eng.for_owner(OWNER).messages(sid, limit=1000).messages)


def test_a_call_whose_save_committed_before_failing_is_answered_once(
    eng: MemoryEngine, failing_after_commit: list[int]
) -> None:
    mem = eng.for_owner(OWNER)
    sid = mem.create_session("agent")
    failing_after_commit.append(0)  # armed
    seqs = mem.add_messages(sid, [{"role": "user", "content": "one"}, {"role": "assistant", "content": "two"}])
    assert failing_after_commit[0] == 1
    assert seqs == [1, 2]
    assert _contents(eng, sid) == Counter({"one": 1, "two": 1})
    assert eng.verify_log().intact


def test_a_group_commit_that_failed_after_committing_is_not_run_again(
    eng: MemoryEngine, failing_after_commit: list[int]
) -> None:
    """Callers whose commands shared the transaction all get their answer,
    and each message is stored once (the writer does not re-run them one by one)."""
    mem = eng.for_owner(OWNER)
    sids = [mem.create_session(f"agent-{i}") for i in range(6)]
    failing_after_commit.append(0)
    start = threading.Barrier(len(sids))
    errors: list[BaseException] = []

    def call(i: int) -> None:
        start.wait()
        try:
            for turn in range(3):
                mem.add_message(sids[i], "user", f"{i}/{turn}")
        except BaseException as e:  # collected: the assertion below names it
            errors.append(e)

    threads = [threading.Thread(target=call, args=(i,)) for i in range(len(sids))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert failing_after_commit[0] >= 3
    for i, sid in enumerate(sids):
        assert _contents(eng, sid) == Counter({f"{i}/{turn}": 1 for turn in range(3)})


def test_a_save_that_failed_before_committing_is_still_an_error(
    eng: MemoryEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    mem = eng.for_owner(OWNER)
    sid = mem.create_session("agent")
    recorder = eng.log.recorder
    real = recorder.insert_events

    def insert_events(stored: Any, **kwargs: Any) -> Any:
        if any(s.topic == "message.added" for s in stored):
            raise OperationalError("the server went away before COMMIT")
        return real(stored, **kwargs)

    monkeypatch.setattr(recorder, "insert_events", insert_events)
    with pytest.raises(StoreUnavailable):
        mem.add_message(sid, "user", "lost")
    monkeypatch.setattr(recorder, "insert_events", real)
    assert _contents(eng, sid) == Counter()
    assert mem.add_message(sid, "user", "kept") == 1
