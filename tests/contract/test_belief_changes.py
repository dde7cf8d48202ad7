"""Belief changes become memory events atomically, idempotently, per owner."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.errors import AlreadyProcessed, InvalidInput, MemoryNotFound
from ledgermind.write.beliefs import Forget, Invalidate, NewBelief, Reinforce, new_belief_id

OWNER = Owner("support", "user-42")
MARCH = datetime(2026, 3, 1, tzinfo=UTC)
AUGUST = datetime(2026, 8, 1, tzinfo=UTC)


def _belief(key: str, statement: str, when: datetime) -> NewBelief:
    return NewBelief(
        source_key=key,
        kind="fact",
        statement=statement,
        valid_from=when,
        confidence=0.7,
        method="rule",
        subject="user",
        attribute="coffee",
    )


def test_supersede_and_idempotent_replay(eng: MemoryEngine) -> None:
    old_id = eng.for_owner(OWNER).apply_memory_changes([_belief("m1", "takes coffee without sugar", MARCH)])[0]
    new_id = new_belief_id(OWNER, "m2")
    changes = [
        Invalidate(
            old_id, invalid_at=AUGUST, reason="contradicted", cause={"session": "s", "seq": 4}, superseded_by=new_id
        ),
        _belief("m2", "takes coffee with sugar", AUGUST),
    ]
    assert eng.for_owner(OWNER).apply_memory_changes(changes) == [old_id, new_id]
    head = eng.log.recorder.max_notification_id()
    assert eng.for_owner(OWNER).apply_memory_changes(changes) == [old_id, new_id]  # replay: nothing new
    assert eng.log.recorder.max_notification_id() == head
    old = eng.for_owner(OWNER).load_memory(old_id)
    assert old is not None and old.status == "invalidated" and old.invalid_at == AUGUST
    eng.for_owner(OWNER).apply_memory_changes([Reinforce(new_id, confidence=0.8, reason="said again")])
    assert eng.for_owner(OWNER).load_memory(new_id).confidence == 0.8
    eng.for_owner(OWNER).apply_memory_changes([Forget(new_id)])
    assert eng.for_owner(OWNER).load_memory(new_id).status == "forgotten"


def test_other_owner_cannot_touch_a_belief(eng: MemoryEngine) -> None:
    mid = eng.for_owner(OWNER).apply_memory_changes([_belief("m1", "likes tea", MARCH)])[0]
    other = Owner("support", "user-43")
    assert eng.for_owner(other).load_memory(mid) is None
    with pytest.raises(MemoryNotFound):
        eng.for_owner(other).apply_memory_changes([Forget(mid)])
    assert eng.for_owner(OWNER).load_memory(mid).status == "current"


def test_a_failing_change_writes_nothing(eng: MemoryEngine) -> None:
    head = eng.log.recorder.max_notification_id()
    with pytest.raises(InvalidInput):
        eng.for_owner(OWNER).apply_memory_changes(
            [_belief("ok", "fine", MARCH), NewBelief("bad", "opinion", "x", MARCH, 0.5, "rule")]
        )
    assert eng.log.recorder.max_notification_id() == head


def test_tracking_moves_with_the_events_exactly_once(eng: MemoryEngine) -> None:
    eng.for_owner(OWNER).apply_memory_changes([_belief("a", "one", MARCH)], tracking=("distiller", 5))
    assert eng.log.process_recorder.max_tracking_id("distiller") == 5
    head = eng.log.recorder.max_notification_id()
    with pytest.raises(AlreadyProcessed):
        eng.for_owner(OWNER).apply_memory_changes([_belief("b", "two", MARCH)], tracking=("distiller", 5))
    assert eng.log.recorder.max_notification_id() == head
    assert eng.for_owner(OWNER).load_memory(new_belief_id(OWNER, "b")) is None
