"""Beliefs rank before the turns they were distilled from, and a turn whose
belief was invalidated is served as history (``superseded_by``), never
above the belief that replaced it. The "we upgraded to Go 1.24" story."""

from __future__ import annotations

from datetime import UTC, datetime

from ledgermind import MemoryEngine, Owner
from ledgermind.write.beliefs import Invalidate, NewBelief, new_belief_id

OWNER = Owner("lineage", "team-7")
JUNE = datetime(2026, 6, 1, tzinfo=UTC)
SEPTEMBER = datetime(2026, 9, 1, tzinfo=UTC)


def _belief(key: str, statement: str, when: datetime, sid: str, seq: int) -> NewBelief:
    return NewBelief(
        source_key=key,
        kind="fact",
        statement=statement,
        valid_from=when,
        confidence=0.9,
        method="rule",
        sources=({"session_id": sid, "seq": seq},),
    )


def test_a_superseded_turn_never_outranks_its_current_belief(eng: MemoryEngine) -> None:
    mem = eng.for_owner(OWNER)
    sid = mem.create_session("agent")
    old_seq = mem.add_message(
        sid,
        role="user",
        content="All our services are built with Go 1.23 and the go toolchain",
        name="Ana",
        occurred_at=JUNE,
    )
    old = eng.for_owner(OWNER).apply_memory_changes([_belief("go-old", "The team uses Go 1.23", JUNE, sid, old_seq)])[0]
    new_seq = mem.add_message(
        sid, role="user", content="We upgraded every service to Go 1.24 last week", name="Ana", occurred_at=SEPTEMBER
    )
    new = new_belief_id(OWNER, "go-new")
    eng.for_owner(OWNER).apply_memory_changes(
        [
            Invalidate(old, invalid_at=SEPTEMBER, reason="upgraded", superseded_by=new),
            _belief("go-new", "The team uses Go 1.24", SEPTEMBER, sid, new_seq),
        ]
    )
    for query in ("our Go services", "Go 1.23", "go toolchain services"):
        hits = mem.search(query, k=5, include_messages=True)
        ids = [h.id for h in hits]
        assert new in ids, query
        assert old not in ids, query  # invalidated: not served as current
        old_turn = next((h for h in hits if h.id == f"{sid}:{old_seq}"), None)
        if old_turn is not None:
            assert old_turn.superseded_by == new, query
            assert ids.index(new) < ids.index(old_turn.id), query
        new_turn = f"{sid}:{new_seq}"
        if new_turn in ids:
            assert ids.index(new) < ids.index(new_turn), query  # the belief before its own turn
    block = mem.build_context("Go 1.23 toolchain", include_messages=True, time_budget_ms=5000)
    assert "Go 1.24" in block and '"superseded_by":"' + new in block
    assert block.index("Go 1.24") < block.index("Go 1.23")
