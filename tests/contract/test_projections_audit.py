"""Audit queries: what was believed when, why it changed, owner-scoped."""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.errors import InvalidTimestamp, MemoryNotFound, SessionNotFound
from ledgermind.projections.audit import belief_history, beliefs_as_of, conversation_at, invalidation
from ledgermind.write.beliefs import Forget, Invalidate, NewBelief, Reinforce, new_belief_id

KEN = Owner("coffee-bot", "ken")
EVE = Owner("coffee-bot", "eve")
MARCH = datetime(2026, 3, 1, tzinfo=UTC)
AUGUST = datetime(2026, 8, 1, tzinfo=UTC)


def _story(eng: MemoryEngine) -> dict[str, Any]:
    sid = eng.for_owner(KEN).create_session(agent_id="barista")
    s1 = eng.for_owner(KEN).add_message(sid, "user", "No sugar for me.", occurred_at=MARCH)
    old = eng.for_owner(KEN).apply_memory_changes(
        [
            NewBelief(
                "m1",
                "fact",
                "Ken takes no sugar",
                MARCH,
                0.7,
                "rule",
                sources=({"session_id": sid, "seq": s1, "position": 3},),
            )
        ]
    )[0]
    eng.for_owner(KEN).apply_memory_changes(
        [Reinforce(old, 0.8, "said again", sources=({"session_id": sid, "seq": s1},))]
    )
    time.sleep(0.01)
    before = datetime.now(UTC)
    time.sleep(0.01)
    s2 = eng.for_owner(KEN).add_message(sid, "user", "Sugar please, from now on.", occurred_at=AUGUST)
    new = new_belief_id(KEN, "m2")
    eng.for_owner(KEN).apply_memory_changes(
        [
            Invalidate(
                old, AUGUST, "the user contradicted it", cause={"session_id": sid, "seq": s2}, superseded_by=new
            ),
            NewBelief("m2", "fact", "Ken takes sugar", AUGUST, 1.0, "explicit", supersedes=old),
        ]
    )
    eng.projections.wait()
    return {"sid": sid, "old": old, "new": new, "before": before}


def test_as_of_and_known_at(eng: MemoryEngine) -> None:
    s = _story(eng)
    side = eng.projections
    may, sept = MARCH + timedelta(days=60), AUGUST + timedelta(days=30)
    assert [b["statement"] for b in beliefs_as_of(side, KEN, valid_at=may)] == ["Ken takes no sugar"]
    assert [b["statement"] for b in beliefs_as_of(side, KEN, valid_at=sept)] == ["Ken takes sugar"]
    assert [b["statement"] for b in beliefs_as_of(side, KEN)] == ["Ken takes sugar"]
    then = beliefs_as_of(side, KEN, valid_at=sept, known_at=s["before"])
    assert [(b["statement"], b["confidence"]) for b in then] == [("Ken takes no sugar", 0.8)]
    assert beliefs_as_of(side, KEN, valid_at=MARCH - timedelta(days=1)) == []
    assert beliefs_as_of(side, EVE) == []
    with pytest.raises(InvalidTimestamp):
        beliefs_as_of(side, KEN, valid_at=datetime(2026, 1, 1))  # naive


def test_history_and_invalidation(eng: MemoryEngine) -> None:
    s = _story(eng)
    side = eng.projections
    history = belief_history(side, KEN, s["old"])
    assert [v["opened_by"] for v in history] == ["memory.distilled", "memory.reinforced", "memory.invalidated"]
    assert [v["reason"] for v in history] == [None, "said again", "the user contradicted it"]
    assert history[0]["source_messages"][0]["content"] == "No sugar for me."
    assert history[0]["expired_at"] == history[1]["recorded_at"]
    why = invalidation(side, KEN, s["old"])
    assert why is not None
    assert why["invalid_at"] == AUGUST and why["reason"] == "the user contradicted it"
    assert [m["content"] for m in why["cause_messages"]] == ["Sugar please, from now on."]
    assert why["superseded_by"] == s["new"] and why["successor"]["statement"] == "Ken takes sugar"
    assert invalidation(side, KEN, s["new"]) is None


def test_another_owners_ids_behave_like_missing_ids(eng: MemoryEngine) -> None:
    s = _story(eng)
    side = eng.projections
    missing = "0" * 32
    for query in (belief_history, invalidation):
        errors = []
        for owner, mid in ((EVE, s["old"]), (KEN, missing), (KEN, "not-an-id")):
            with pytest.raises(MemoryNotFound) as e:
                query(side, owner, mid)
            errors.append(str(e.value).replace(s["old"], "ID").replace(missing, "ID"))
        assert errors[0] == errors[1]
    with pytest.raises(SessionNotFound):
        conversation_at(side, EVE, s["sid"])
    with pytest.raises(SessionNotFound):
        conversation_at(side, KEN, missing)


def test_conversation_as_it_stood(eng: MemoryEngine) -> None:
    s = _story(eng)
    side = eng.projections
    eng.for_owner(KEN).close_session(s["sid"])
    side.wait()
    then = conversation_at(side, KEN, s["sid"], at=s["before"])
    assert [m["content"] for m in then["messages"]] == ["No sugar for me."]
    assert then["status"] == "open"
    now = conversation_at(side, KEN, s["sid"])
    assert now["message_count"] == 2 and now["status"] == "closed"
    early = conversation_at(side, KEN, s["sid"], at=datetime(2000, 1, 1, tzinfo=UTC))
    assert early["existed"] is False and early["messages"] == []


def test_forgotten_belief_leaves_no_history(eng: MemoryEngine) -> None:
    s = _story(eng)
    eng.for_owner(KEN).apply_memory_changes([Forget(s["new"])])
    eng.projections.wait()
    with pytest.raises(MemoryNotFound):
        belief_history(eng.projections, KEN, s["new"])
    assert beliefs_as_of(eng.projections, KEN) == []


def test_audit_cli_json_and_tables(eng: MemoryEngine, capsys: Any) -> None:
    from ledgermind.cli import main

    s = _story(eng)
    url = eng.config.db
    base = ["--db", url, "--app", KEN.app, "--user", KEN.user_id]
    assert main(["audit", "beliefs", *base, "--valid-at", "2026-05-01", "--json"]) == 0
    assert [b["statement"] for b in json.loads(capsys.readouterr().out)] == ["Ken takes no sugar"]
    assert main(["audit", "invalidation", s["old"], *base, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["reason"] == "the user contradicted it"
    assert main(["audit", "history", s["old"], *base]) == 0
    assert "memory.reinforced" in capsys.readouterr().out
    assert main(["audit", "conversation", s["sid"], *base]) == 0
    assert "Sugar please" in capsys.readouterr().out
    assert main(["audit", "history", s["old"], "--db", url, "--app", EVE.app, "--user", EVE.user_id]) == 2
    assert "MemoryNotFound" in capsys.readouterr().err


def test_auditor_example_runs_and_answers() -> None:
    import os
    import subprocess
    import sys

    from tests.support.paths import REPO_ROOT

    root = str(REPO_ROOT)
    env = {k: v for k, v in os.environ.items() if not k.startswith("LEDGERMIND_")}
    env["PYTHONPATH"] = root
    out = subprocess.run(
        [sys.executable, os.path.join(root, "examples", "auditor.py")],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=True,
    ).stdout
    assert "held on 2026-09-01, as the agent knows it now:\n        Ken takes sugar in his coffee" in out
    assert "(before the correction was recorded):\n        Ken takes coffee without sugar" in out
    assert "reason:       the user contradicted it" in out
    assert "replaced by:  Ken takes sugar in his coffee" in out
