"""The optional LLM extractor against a stub OpenAI-compatible server on 127.0.0.1."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import ClassVar

import pytest

from ledgermind import MemoryEngine, Owner
from ledgermind.distill.explicit import belief_index
from ledgermind.distill.llm_extractor import PROMPT_VERSION, LLMConfig, LLMExtractor

OWNER = Owner("app", "llm-user")
ANSWER = {
    "operations": [
        {
            "op": "add",
            "kind": "fact",
            "statement": "Ken is a front-end programmer.",
            "subject": "user",
            "attribute": "occupation",
            "value": "front-end programmer",
            "topics": ["work"],
            "confidence": 0.8,
            "source_seq": 1,
        }
    ]
}


class _Stub(BaseHTTPRequestHandler):
    requests: ClassVar[list[dict]] = []
    reply: str = json.dumps(ANSWER)

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).requests.append({"path": self.path, "body": body, "auth": self.headers.get("Authorization")})
        payload = json.dumps({"choices": [{"message": {"role": "assistant", "content": type(self).reply}}]})
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(payload.encode())

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def stub() -> Iterator[str]:
    _Stub.requests = []
    _Stub.reply = json.dumps(ANSWER)
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Stub)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()


def test_llm_output_model_and_prompt_version_are_recorded(eng: MemoryEngine, stub: str) -> None:
    sid = eng.for_owner(OWNER).create_session("bot")
    eng.for_owner(OWNER).add_message(
        sid, "user", "I'm Ken and I write front-end code.", occurred_at=datetime(2026, 3, 1, tzinfo=UTC)
    )
    extractor = LLMExtractor(LLMConfig(stub, "stub-model", api_key="sk-test"))
    report = eng.distill(extractor=extractor)
    assert report.windows == 1 and report.model_calls == 1
    (request,) = _Stub.requests
    assert request["path"] == "/v1/chat/completions" and request["auth"] == "Bearer sk-test"
    assert request["body"]["model"] == "stub-model"
    assert "I'm Ken" in request["body"]["messages"][1]["content"]
    (belief,) = belief_index(eng.writes).current(OWNER)
    assert belief.statement == "Ken is a front-end programmer." and belief.method == "llm"
    created = eng.writes.stream_events(eng.for_owner(OWNER).load_memory(belief.memory_id).id)[0]
    assert created.raw == json.dumps(ANSWER)
    assert created.extractor == "llm:stub-model" and created.extractor_version == PROMPT_VERSION
    assert created.sources[0]["seq"] == 1


def test_garbage_from_the_model_dead_letters_without_writing_beliefs(eng: MemoryEngine, stub: str) -> None:
    _Stub.reply = "Sure! Here are the memories: Ken codes."
    sid = eng.for_owner(OWNER).create_session("bot")
    eng.for_owner(OWNER).add_message(sid, "user", "I'm Ken.")
    report = eng.distill(extractor=LLMExtractor(LLMConfig(stub, "m")), max_attempts=2, backoff_s=0.0)
    assert report.dead_lettered == 1 and len(_Stub.requests) == 2
    assert belief_index(eng.writes).current(OWNER) == []


def test_unreachable_endpoint_is_an_extraction_failure() -> None:
    from ledgermind.distill.delta import DeltaItem, ExtractionContext
    from ledgermind.domain.errors import ExtractionFailed

    item = DeltaItem("s", 1, "user", "hello", datetime(2026, 1, 1, tzinfo=UTC), 1)
    ctx = ExtractionContext(OWNER, "s", (item,), None, item.occurred_at)
    with pytest.raises(ExtractionFailed):
        LLMExtractor(LLMConfig("http://127.0.0.1:9/v1", "m", timeout_s=2)).extract(ctx)
