"""``ledgermind serve`` with an LLM configured by its environment distils with it.

A real ``ledgermind serve`` process (its in-process distiller) and a stub
OpenAI-compatible server on 127.0.0.1: ``LEDGERMIND_LLM_URL`` /
``LEDGERMIND_LLM_MODEL`` make the model read the messages and decide the grey
zone, and both calls are recorded in the log with their prompt and model,
cited by the beliefs they caused.
"""

from __future__ import annotations

import json
import time
import uuid
from pathlib import Path

import pytest

from ledgermind import MemoryEngine, Owner
from ledgermind.cli import main as cli_main
from ledgermind.distill.explicit import belief_index
from ledgermind.distill.grey_zone_model import SYSTEM_PROMPT as JUDGE_PROMPT
from ledgermind.distill.llm_extractor import SYSTEM_PROMPT as EXTRACT_PROMPT
from tests.support.llm_stub import stub_llm
from tests.support.service_server import make_key, start_server

APP = "served-llm"


def _answer(system: str, user: str) -> str:
    if system == JUDGE_PROMPT:
        return json.dumps({"decision": "UPDATE", "reason": "the second clause corrects the first"})
    ops = [
        {"op": "add", "kind": "fact", "statement": f"The user's eyes are {colour}.", "subject": "user",
         "attribute": "said", "value": colour, "source_seq": 1}
        for colour in ("green", "brown")
    ]  # fmt: skip
    return json.dumps({"operations": ops if "eyes" in user else []})


def test_a_served_engine_distils_with_the_configured_model_and_records_it(db_url: str, tmp_path: Path) -> None:
    who = "u-" + uuid.uuid4().hex[:8]
    with stub_llm(_answer) as stub:
        env = {"LEDGERMIND_LLM_URL": stub.url, "LEDGERMIND_LLM_MODEL": "stub-served"}
        server = start_server(db_url, tmp_path / "serve.log", env)
        _, secret = make_key(db_url, APP)
        try:
            with server.client(secret) as client:
                sid = client.post(f"/v1/users/{who}/sessions", json={"agent_id": "a"}).json()["session_id"]
                said = {"role": "user", "content": "My eyes are green. No wait, my eyes are brown."}
                assert client.post(f"/v1/users/{who}/sessions/{sid}/messages", json=said).status_code == 201
                deadline = time.monotonic() + 30
                while time.monotonic() < deadline and len(stub.calls(JUDGE_PROMPT[:40])) < 1:
                    time.sleep(0.05)  # the served process's distiller calls the stub
                lag = client.get("/readyz").json()["distill_lag"]
                while time.monotonic() < deadline and lag["messages"]:
                    time.sleep(0.05)
                    lag = client.get("/readyz").json()["distill_lag"]
        finally:
            assert server.terminate() == 0, server.log.read_text()
    assert len(stub.calls(EXTRACT_PROMPT[:40])) == 1 and len(stub.calls(JUDGE_PROMPT[:40])) == 1
    owner = Owner(APP, who)
    with MemoryEngine.open(db_url) as eng:
        mem = eng.for_owner(owner)
        (current,) = belief_index(eng.writes).current(owner)
        assert current.statement == "The user's eyes are brown." and current.method == "llm"
        created = eng.writes.stream_events(mem.load_memory(current.memory_id).id)[0]  # type: ignore[union-attr]
        calls = {s["purpose"]: mem.model_call(s["model_call"]) for s in created.sources if "model_call" in s}
    assert set(calls) == {"extract", "grey-zone"}
    assert {c.model for c in calls.values()} == {"stub-served"}
    assert (
        calls["extract"].prompt[0]["content"] == EXTRACT_PROMPT
        and "eyes are brown" in calls["extract"].prompt[1]["content"]
    )
    assert calls["grey-zone"].prompt[0]["content"] == JUDGE_PROMPT and calls["grey-zone"].decision == "update"


def test_distill_run_with_the_model_as_judge_only(db_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``distill run --llm-use judge``: the rules read the messages, the model only decides the grey zone."""
    owner = Owner(APP, "judge-only")
    with MemoryEngine.open(db_url) as eng:
        mem = eng.for_owner(owner)
        mem.add_message(mem.create_session("a"), "user", "My eyes are green. My eyes are brown.")
    with stub_llm(_answer) as stub:
        base = ["distill", "run", "--db", db_url, "--once", "--llm-url", stub.url, "--llm-model", "stub-cli"]
        assert cli_main([*base, "--llm-use", "judge,bogus"]) == 2  # a typed refusal, nothing distilled
        assert "InvalidInput" in capsys.readouterr().err and stub.requests == []
        assert cli_main([*base, "--llm-use", "judge", "--json"]) == 0
    assert len(stub.calls(JUDGE_PROMPT[:40])) == 1 and stub.calls(EXTRACT_PROMPT[:40]) == []
    with MemoryEngine.open(db_url) as eng:
        (current,) = belief_index(eng.writes).current(owner)
    assert current.statement == "The user's eyes are brown." and current.method == "rule" and not current.flags
