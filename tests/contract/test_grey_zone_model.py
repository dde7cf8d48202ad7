"""The grey zone asked of a model once, on every backend, against a stub
OpenAI-compatible server on 127.0.0.1 (``tests.support.llm_stub``).

The pair is one the rules record as a conflict (one message, two eye
colours: nothing, not even order, settles which holds). With a model
configured, it decides ADD / UPDATE / NOOP / CONFLICT; its decision goes
through the same changes a rule makes, and the call (prompt, model, raw
answer, decision) is a ``model.called`` record that the changes cite.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from ledgermind import MemoryEngine, Owner
from ledgermind.api.distilling import llm_config, llm_setup
from ledgermind.distill.delta import DeltaItem, ExtractionContext
from ledgermind.distill.explicit import belief_index
from ledgermind.distill.flags import CONFLICTING
from ledgermind.distill.grey_zone_model import PROMPT_VERSION, SYSTEM_PROMPT
from ledgermind.distill.reconcile import reconcile
from ledgermind.distill.rule_extractor import RuleExtractor
from ledgermind.domain import bitemporal
from ledgermind.domain.errors import ModelCallNotFound
from tests.support.llm_stub import StubLLM, stub_llm

OWNER = Owner("grey", "ken")
MARCH = datetime(2026, 3, 3, 9, 0, tzinfo=UTC)
SAID = "My eyes are green. My eyes are brown."
GREY = SYSTEM_PROMPT[:40]


def _decision(word: str) -> str:
    return json.dumps({"decision": word, "reason": "the later clause corrects the eye colour"})


@pytest.fixture
def stub() -> Iterator[StubLLM]:
    with stub_llm(lambda system, user: _decision("UPDATE")) as s:
        yield s


def _distil(eng: MemoryEngine, stub: StubLLM, timeout_s: float | None = None) -> None:
    mem = eng.for_owner(OWNER)
    mem.add_message(mem.create_session("bot"), "user", SAID, occurred_at=MARCH)
    extractor, config = llm_setup(eng, llm_config(stub.url, "stub-judge", None, timeout_s), frozenset({"judge"}))
    assert extractor is None and config.judge is not None  # the rules read; the model judges the grey zone
    report = eng.distill(config=config)
    assert report.windows == 1


def _eyes(eng: MemoryEngine) -> dict[str, object]:
    beliefs = belief_index(eng.writes).all(OWNER)
    return {colour: next(b for b in beliefs if colour in b.statement) for colour in ("green", "brown")}


def _cited_call(eng: MemoryEngine, memory_id: str) -> str:
    """The model call the belief's creation cites in its sources."""
    created = eng.writes.stream_events(eng.for_owner(OWNER).load_memory(memory_id).id)[0]  # type: ignore[union-attr]
    (cited,) = [s for s in created.sources if "model_call" in s]
    assert cited["purpose"] == "grey-zone" and cited["model"] == "stub-judge"
    return str(cited["model_call"])


def test_update_supersedes_through_the_rules_changes_and_the_call_is_recorded(eng: MemoryEngine, stub: StubLLM) -> None:
    _distil(eng, stub)
    (request,) = stub.calls(GREY)
    user = json.loads(request["body"]["messages"][1]["content"])
    assert [r["statement"] for r in user["remembered"]] == ["The user's eyes are green."]
    assert user["new"]["statement"] == "The user's eyes are brown." and request["body"]["model"] == "stub-judge"
    eyes = _eyes(eng)
    green, brown = eyes["green"], eyes["brown"]
    assert green.status == bitemporal.INVALIDATED_STATUS and green.superseded_by == brown.memory_id  # type: ignore[attr-defined]
    assert brown.status == bitemporal.CURRENT and not brown.flags and not green.flags  # type: ignore[attr-defined]
    mem = eng.for_owner(OWNER)
    call_id = _cited_call(eng, brown.memory_id)  # type: ignore[attr-defined]
    record = mem.model_call(call_id)
    assert record.purpose == "grey-zone" and record.model == "stub-judge" and record.prompt_version == PROMPT_VERSION
    assert record.prompt[0]["content"] == SYSTEM_PROMPT and "eyes are green" in record.prompt[1]["content"]
    assert record.answer == _decision("UPDATE") and record.decision == "update" and record.fallback is None
    (invalidated,) = [v for v in mem.lineage(green.memory_id).versions if v.event == "memory.invalidated"]  # type: ignore[attr-defined]
    assert "model stub-judge decided UPDATE" in (invalidated.reason or "") and call_id in (invalidated.reason or "")
    created = mem.lineage(brown.memory_id).versions[0]  # type: ignore[attr-defined]
    assert any(s.get("model_call") == call_id for s in created.other_sources)  # lineage shows the call
    with pytest.raises(ModelCallNotFound):
        eng.for_owner(Owner("grey", "someone-else")).model_call(call_id)  # another owner's record: not found


@pytest.mark.parametrize("word", ["ADD", "NOOP", "CONFLICT"])
def test_add_noop_and_conflict_are_applied_as_the_rules_would(eng: MemoryEngine, stub: StubLLM, word: str) -> None:
    stub.answer = lambda system, user: _decision(word)
    _distil(eng, stub)
    assert len(stub.calls(GREY)) == 1
    current = belief_index(eng.writes).current(OWNER)
    if word == "NOOP":  # the new statement says nothing new: the held belief is reinforced
        (green,) = current
        assert "green" in green.statement and not green.flags
        versions = eng.for_owner(OWNER).lineage(green.memory_id).versions
        assert versions[-1].event == "memory.reinforced" and "decided NOOP" in (versions[-1].reason or "")
        return
    green, brown = (next(b for b in current if c in b.statement) for c in ("green", "brown"))
    if word == "ADD":
        assert not green.flags and not brown.flags  # both hold, no conflict
    else:
        assert CONFLICTING in green.flags and green.conflicts_with == (brown.memory_id,)
        assert brown.conflicts_with == (green.memory_id,)
        record = eng.for_owner(OWNER).model_call(_cited_call(eng, brown.memory_id))
        assert record.decision == "conflict" and record.fallback is None


@pytest.mark.parametrize(
    "failure", ["garbage", "unknown word", "timeout", "unreachable"], ids=lambda f: f.replace(" ", "-")
)
def test_a_failed_call_leaves_the_rule_decision_recorded_as_such(
    eng: MemoryEngine, stub: StubLLM, failure: str
) -> None:
    timeout = None
    if failure == "garbage":
        stub.answer = lambda system, user: "Sure! They are brown now, I think."
    elif failure == "unknown word":
        stub.answer = lambda system, user: json.dumps({"decision": "REPLACE"})
    elif failure == "timeout":
        stub.delay_s, timeout = 2.0, 0.3
    else:
        stub.url = "http://127.0.0.1:9/v1"  # nothing listens there
    _distil(eng, stub, timeout)
    eyes = _eyes(eng)
    green, brown = eyes["green"], eyes["brown"]
    assert green.status == brown.status == bitemporal.CURRENT  # type: ignore[attr-defined]
    assert CONFLICTING in green.flags and CONFLICTING in brown.flags  # type: ignore[attr-defined]
    record = eng.for_owner(OWNER).model_call(_cited_call(eng, brown.memory_id))  # type: ignore[attr-defined]
    assert record.decision == "conflict" and record.fallback
    if failure in ("timeout", "unreachable"):
        assert record.answer is None and record.fallback.startswith("no answer")
    else:
        assert record.answer is not None  # what the model said, kept for the auditor
    assert len(eng.for_owner(OWNER).conflicts()) == 2


def test_a_window_distilled_again_reads_the_answer_back(eng: MemoryEngine, stub: StubLLM) -> None:
    """What a retried window does (a failed commit, a replayed dead letter):
    the same extraction reconciled twice asks the model once and writes the
    same changes."""
    mem = eng.for_owner(OWNER)
    sid = mem.create_session("bot")
    mem.add_message(sid, "user", SAID, occurred_at=MARCH)
    item = DeltaItem(sid, 1, "user", SAID, MARCH, 1)
    extraction = RuleExtractor().extract(ExtractionContext(OWNER, sid, (item,), None, MARCH))
    _, config = llm_setup(eng, llm_config(stub.url, "stub-judge", None), frozenset({"judge"}))
    first = reconcile(OWNER, extraction, [], config)
    stub.answer = lambda system, user: _decision("ADD")  # a second call would now answer otherwise
    again = reconcile(OWNER, extraction, [], config)
    assert first == again and len(stub.calls(GREY)) == 1
    _, fresh = llm_setup(eng, llm_config(stub.url, "another-model", None), frozenset({"judge"}))
    assert reconcile(OWNER, extraction, [], fresh) == first  # recorded once, whatever asks later
    assert len(stub.calls(GREY)) == 1
