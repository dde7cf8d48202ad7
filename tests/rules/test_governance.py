"""Belief governance on ordinary language: the founding Go upgrade
scenario in its ordinary wording, a move with a date, a Chinese preference
switch, the scenario suite's accuracy on the test split, the engine path
agreeing with the pure path, and the LLM adapter on the same harness
against a local stub server."""

from __future__ import annotations

import json
import sys
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from ledgermind import MemoryEngine, Owner
from ledgermind.distill.explicit import belief_index
from ledgermind.distill.llm_extractor import LLMConfig, LLMExtractor
from ledgermind.projections import audit

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import governance_eval

OWNER = Owner("support", "ken")
MARCH = datetime(2026, 3, 3, 9, 0, tzinfo=UTC)
AUGUST = datetime(2026, 8, 12, 9, 0, tzinfo=UTC)
FIRST = "We use Go 1.23 in production."
SECOND = "Quick update: we upgraded to Go 1.24 last week, production runs Go 1.24 now."


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemoryEngine]:
    eng = MemoryEngine.open(str(tmp_path_factory.mktemp("gov") / "gov.db"))
    yield eng
    eng.close()


def _say(eng: MemoryEngine, owner: Owner, text: str, when: datetime, name: str | None = None) -> None:
    sid = eng.for_owner(owner).create_session("bot")
    eng.for_owner(owner).add_message(sid, "user", text, name=name, occurred_at=when)
    eng.distill()


def test_the_go_upgrade_in_ordinary_words_leaves_one_current_belief(engine: MemoryEngine) -> None:
    _say(engine, OWNER, FIRST, MARCH, name="Ken")
    (old,) = belief_index(engine.writes).current(OWNER)
    assert old.statement == "Ken uses Go 1.23 in production."  # the user's words, no "Ken and others"
    _say(engine, OWNER, SECOND, AUGUST, name="Ken")
    (new,) = belief_index(engine.writes).current(OWNER)  # exactly one: no stray episode, no stale version
    assert "Go 1.24" in new.statement and "and others" not in new.statement and "last week" not in new.statement
    assert new.valid_from.date().isoformat() == "2026-08-05"  # "last week", resolved against the message time
    assert new.supersedes == old.memory_id and new.attribute == "version:go@production"
    side = engine.projections
    side.wait(engine.position)
    inv = audit.invalidation(side, OWNER, old.memory_id)
    assert inv is not None and inv["invalid_at"] == new.valid_from and inv["superseded_by"] == new.memory_id
    # The event explains itself: the frame, the rule family, the old and new values.
    assert "version:go@production" in inv["reason"] and "go 1.23" in inv["reason"]
    cause = inv["cause"]
    assert (cause["rule"], cause["old_value"], cause["new_value"]) == ("version", "go 1.23", "go 1.24")
    before = new.valid_from - timedelta(seconds=1)
    assert old.memory_id in {r.id for r in engine.for_owner(OWNER).search("Go version in production", as_of=before)}
    assert [r.id for r in engine.for_owner(OWNER).search("Go version in production")][:1] == [new.memory_id]


def test_a_dated_move_becomes_a_belief_valid_from_that_month(engine: MemoryEngine) -> None:
    owner = Owner("support", "berlin")
    _say(engine, owner, "I moved to Berlin in March 2025.", AUGUST)
    (b,) = belief_index(engine.writes).current(owner)
    assert b.attribute == "residence" and b.value == "berlin"
    assert b.statement == "The user moved to Berlin in March 2025."
    assert b.valid_from == datetime(2025, 3, 1, tzinfo=UTC)


def test_a_chinese_switch_from_coffee_to_green_tea(engine: MemoryEngine) -> None:
    owner = Owner("support", "zh")
    _say(engine, owner, "我喜欢喝咖啡", MARCH)
    _say(engine, owner, "我现在不喝咖啡了，改喝绿茶", AUGUST)
    (b,) = belief_index(engine.writes).current(owner)
    assert b.value == "绿茶" and b.statement == "用户现在不喝咖啡了，改喝绿茶。"


def test_the_suite_meets_its_targets_on_the_test_split() -> None:
    # The phrasing-family and first held-out suites; the ordinary-language suite has its own targets.
    cases = [c for c in governance_eval.load("test") if c["suite"] != "ordinary"]
    assert len(governance_eval.load("all")) >= 300
    outcomes = governance_eval.run_pure(cases)
    for lang in ("en", "zh"):
        changes = [o.ok for o in outcomes if o.case["lang"] == lang and o.case["kind"] in ("update", "correction")]
        assert sum(changes) / len(changes) >= 0.9, lang
    unrelated = [o for o in outcomes if o.case["kind"] == "unrelated"]
    assert len([o for o in governance_eval.load("all") if o["kind"] == "unrelated"]) >= 100
    # Nothing unrelated is ever invalidated (a case may still fail for saying nothing new).
    assert not [o.why for o in unrelated if o.why.startswith("invalidated")]


def test_the_ordinary_suite_keeps_every_unrelated_fact_and_flags_instructions_and_conflicts() -> None:
    # The ordinary-language targets met on its held-out split (the update targets are not met yet):
    # unrelated facts all kept, instruction-like text never a plain fact, contradictions recorded.
    kinds = ("unrelated", "instruction", "conflict")
    cases = [c for c in governance_eval.load("test") if c["suite"] == "ordinary" and c["kind"] in kinds]
    assert {c["kind"] for c in cases if c.get("heldout")} == set(kinds)
    failed = [(o.case["kind"], o.why) for o in governance_eval.run_pure(cases) if not o.ok]
    assert failed == []


def test_the_engine_path_decides_like_the_pure_path() -> None:
    cases = [c for c in governance_eval.load("dev") if not c.get("heldout") and c["suite"] != "ordinary"][::25]
    engine_ok = {o.case["id"]: o.ok for o in governance_eval.run_engine(cases)}
    pure_ok = {o.case["id"]: o.ok for o in governance_eval.run_pure(cases)}
    assert engine_ok == pure_ok and all(engine_ok.values())


# --- the model path on the same harness ---------------------------------------------

CANNED: dict[str, list[dict[str, Any]]] = {
    FIRST: [
        {
            "op": "add",
            "kind": "fact",
            "statement": "The user uses Go 1.23 in production.",
            "subject": "user",
            "attribute": "version:go@production",
            "value": "go 1.23",
            "source_seq": 1,
        }
    ],
    SECOND: [
        {
            "op": "update",
            "kind": "fact",
            "statement": "The user upgraded production to Go 1.24.",
            "subject": "user",
            "attribute": "version:go@production",
            "value": "go 1.24",
            "replaces": "go 1.23",
            "rule": "update",
            "valid_from": "2026-08-05T09:00:00+00:00",
            "source_seq": 1,
        }
    ],
    "I live in Lisbon.": [
        {
            "op": "add",
            "kind": "fact",
            "statement": "The user lives in Lisbon.",
            "subject": "user",
            "attribute": "residence",
            "value": "lisbon",
            "source_seq": 1,
        }
    ],
    "My sister lives in Berlin.": [
        {
            "op": "add",
            "kind": "fact",
            "statement": "The user's sister lives in Berlin.",
            "subject": "user:sister",
            "attribute": "residence",
            "value": "berlin",
            "source_seq": 1,
        }
    ],
}


class _Stub(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        said = body["messages"][-1]["content"]
        ops = next((v for k, v in CANNED.items() if k in said), [])
        answer = {"choices": [{"message": {"content": json.dumps({"operations": ops})}}]}
        data = json.dumps(answer).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def stub_url() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Stub)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    server.shutdown()
    server.server_close()


def test_the_llm_adapter_runs_on_the_same_harness(stub_url: str) -> None:
    t1, t2 = "2026-01-10T09:00:00+00:00", "2026-08-12T09:00:00+00:00"
    cases = [
        {
            "id": "llm-go",
            "lang": "en",
            "family": "version",
            "kind": "update",
            "split": "test",
            "old": "1.23",
            "new": "1.24",
            "valid_from": "2026-08-05",
            "history": [{"at": t1, "text": FIRST}, {"at": t2, "text": SECOND}],
        },
        {
            "id": "llm-sister",
            "lang": "en",
            "family": "residence",
            "kind": "unrelated",
            "split": "test",
            "old": "Lisbon",
            "new": "Berlin",
            "valid_from": None,
            "history": [{"at": t1, "text": "I live in Lisbon."}, {"at": t2, "text": "My sister lives in Berlin."}],
        },
    ]
    extractor = LLMExtractor(LLMConfig(base_url=stub_url, model="stub"))
    outcomes = governance_eval.run_engine(cases, extractor)
    assert [(o.case["id"], o.ok, o.why) for o in outcomes] == [("llm-go", True, ""), ("llm-sister", True, "")]
    rows = governance_eval.table(outcomes)
    assert {(r["group"], r["accuracy"]) for r in rows} >= {("update", 1.0), ("unrelated", 1.0)}
