"""The id a caller holds keeps working, and no call answers success while changing nothing.

A correction is a new version of the same memory (its id does not change);
forgetting or correcting a belief that is no longer current is refused with
``StateConflict`` (naming the belief that superseded it) and leaves the log as
it was. Python here, on every backend; HTTP and MCP in tests/surface.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledgermind import MemoryEngine, Owner
from ledgermind.distill.explicit import belief_index
from ledgermind.domain.errors import StateConflict
from ledgermind.projections.audit import beliefs_as_of


def _owner() -> Owner:
    return Owner("handles", uuid.uuid4().hex)


def test_a_correction_keeps_the_id_and_the_history(eng: MemoryEngine) -> None:
    mem = eng.for_owner(_owner())
    mid = mem.remember("Alice lives in Paris", subject="alice", attribute="city", value="Paris")
    before = datetime.now(UTC)
    assert mem.correct(mid, "Alice lives in Rome") == mid
    loaded = mem.load_memory(mid)
    assert loaded is not None and loaded.status == "current" and loaded.statement == "Alice lives in Rome"
    assert loaded.confidence == 1.0 and loaded.value is None  # the user said the old value was wrong
    eng.projections.wait(eng.position, timeout=10)
    now = [b["statement"] for b in beliefs_as_of(eng.projections, mem.owner)]
    then = [b["statement"] for b in beliefs_as_of(eng.projections, mem.owner, known_at=before)]
    assert now == ["Alice lives in Rome"] and then == ["Alice lives in Paris"]
    assert [h.id for h in mem.search("Rome")] == [mid]
    # The id the caller held before the correction forgets the corrected belief.
    mem.forget(mid)
    assert belief_index(eng.writes).current(mem.owner) == []


def test_a_dropped_value_no_longer_matches_the_old_statement(eng: MemoryEngine) -> None:
    mem = eng.for_owner(_owner())
    mid = mem.remember("Alice lives in Paris", subject="alice", attribute="city", value="Paris")
    mem.correct(mid, "Alice lives in Rome")
    again = mem.remember("Alice lives in Paris", subject="alice", attribute="city", value="Paris")
    assert again != mid  # not a reinforcement of the corrected belief by its wrong old value
    assert [b.memory_id for b in belief_index(eng.writes).current(mem.owner)] == [again]


def test_commands_on_a_belief_that_is_not_current_are_refused(eng: MemoryEngine) -> None:
    mem = eng.for_owner(_owner())
    porto = mem.remember("Alice lives in Porto", subject="alice", attribute="city", value="Porto")
    lisbon = mem.remember("Alice moved to Lisbon", subject="alice", attribute="city", value="Lisbon")
    assert lisbon != porto
    head = eng.position
    for call in (lambda: mem.forget(porto), lambda: mem.correct(porto, "Alice lives in Faro")):
        with pytest.raises(StateConflict, match=f"superseded by memory {lisbon}"):
            call()
    assert eng.position == head  # nothing written
    mem.forget(lisbon)
    head = eng.position
    for call in (lambda: mem.forget(lisbon), lambda: mem.correct(lisbon, "Alice lives in Faro")):
        with pytest.raises(StateConflict, match="no longer current: invalidated"):
            call()
    assert eng.position == head


def test_a_retried_forget_replays_its_answer_after_the_belief_is_gone(eng: MemoryEngine) -> None:
    mem = eng.for_owner(_owner())
    mid = mem.remember("Bob drinks green tea")
    mem.forget(mid, idempotency_key="once")
    head = eng.position
    mem.forget(mid, idempotency_key="once")  # the same call, retried: its first answer
    assert eng.position == head
    with pytest.raises(StateConflict):
        mem.forget(mid, idempotency_key="another")  # a new call: nothing left to forget


_OPS = st.lists(
    st.tuples(st.sampled_from(["remember", "correct", "forget"]), st.integers(0, 4), st.sampled_from(["a", "b", "c"])),
    min_size=1,
    max_size=10,
)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(_OPS)
def test_every_call_changes_the_log_or_raises(eng: MemoryEngine, ops: list[tuple[str, int, str]]) -> None:
    """Random commands on held ids: a call that returns wrote something; a
    refused one wrote nothing; a held id is never replaced by another."""
    mem = eng.for_owner(_owner())
    held: list[str] = []
    start = datetime(2026, 3, 1, tzinfo=UTC)
    for n, (op, pick, value) in enumerate(ops):
        head = eng.position
        try:
            if op == "remember" or not held:
                held.append(
                    mem.remember(
                        f"Alice likes {value}",
                        subject="alice",
                        attribute="likes",
                        value=value,
                        valid_from=start + timedelta(days=n),
                    )
                )
            elif op == "correct":
                mid = held[pick % len(held)]
                assert mem.correct(mid, f"Alice likes {value} ({n})") == mid
            else:
                mem.forget(held[pick % len(held)])
        except StateConflict:
            assert eng.position == head
            continue
        assert eng.position > head
    current = belief_index(eng.writes).current(mem.owner)
    assert len(current) <= 1 and {b.memory_id for b in current} <= set(held)
