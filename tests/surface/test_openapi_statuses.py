"""The served OpenAPI document against the answers the server really gives.

A real ``ledgermind serve`` per backend; every operation of its
``/openapi.json`` is called the ways it can succeed and fail: without a
key, with a malformed user, with a body over the limit or one that does
not validate, with ids that do not exist, in a state that refuses it, for
an erased user. Every status answered is recorded by operation, and the
test compares: each answered status is declared (with a problem+json body
for the errors), and each declared status but the server faults (500, 503:
a database that does not answer, a read side that falls behind; the
failure tests provoke those) was answered. So the document can neither
miss an answer nor declare one (FastAPI's 422, a 201 of a route that
answers 200) the server never gives.
"""

from __future__ import annotations

import re
import uuid
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from ledgermind.service.openapi import declared_problems
from tests.support.service_server import make_key, module_db, start_server

MAX_BODY = 64 << 10
SERVER_FAULTS = {500, 503}


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def served(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    tmp = tmp_path_factory.mktemp("openapi")
    dsn = request.getfixturevalue("pg_server_dsn") if request.param == "postgresql" else None
    with module_db(request.param, tmp, dsn) as db:
        _, secret = make_key(db, "app-a")
        server = start_server(db, tmp / "serve.log", env={"LEDGERMIND_MAX_BODY_BYTES": str(MAX_BODY)})
        try:
            yield {"server": server, "secret": secret, "db": db}
        finally:
            assert server.terminate() == 0, server.log.read_text()


class Recorder:
    """Every (method, path template) -> the statuses the server answered."""

    def __init__(self, doc: dict[str, Any]) -> None:
        self.templates = [(re.compile("^" + re.sub(r"\{[^}]+\}", "[^/]+", p) + "$"), p) for p in doc["paths"]]
        self.seen: dict[tuple[str, str], set[int]] = defaultdict(set)

    def __call__(self, response: httpx.Response) -> None:
        path = response.request.url.raw_path.decode().split("?")[0]
        for pattern, template in self.templates:
            if pattern.match(path):
                self.seen[(response.request.method.lower(), template)].add(response.status_code)
                if response.status_code >= 400:
                    assert response.headers["content-type"] == "application/problem+json", response.headers
                return


def test_every_answer_is_declared_and_every_declared_answer_is_given(served: dict[str, Any]) -> None:
    server = served["server"]
    with server.client() as anon:
        doc = anon.get("/openapi.json").json()
    recorder = Recorder(doc)
    hooks = {"response": [recorder]}
    with server.client(served["secret"], event_hooks=hooks) as client, \
            server.client(event_hooks=hooks) as keyless:  # fmt: skip
        for path, operations in doc["paths"].items():
            for method, operation in operations.items():
                generic_failures(client, keyless, method, path, operation)
        each_route(client)
    wrong = []
    for path, operations in doc["paths"].items():
        for method, operation in operations.items():
            declared = {int(s) for s in operation["responses"]}
            answered = recorder.seen[(method, path)]
            if not answered <= declared:
                wrong.append(f"{method.upper()} {path} answered {sorted(answered - declared)}, undeclared")
            if not declared - SERVER_FAULTS <= answered:
                wrong.append(
                    f"{method.upper()} {path} declares {sorted(declared - SERVER_FAULTS - answered)}, never answered"
                )
            assert {str(s) for s in declared_problems(operation).values()} <= set(operation["responses"])
    assert not wrong, "\n".join(wrong)


def test_the_document_declares_the_bearer_key_and_no_validation_422(served: dict[str, Any]) -> None:
    with served["server"].client() as anon:
        doc = anon.get("/openapi.json").json()
    assert doc["components"]["securitySchemes"]["ApiKey"] == {
        "type": "http",
        "scheme": "bearer",
        "description": doc["components"]["securitySchemes"]["ApiKey"]["description"],
    }
    for path, operations in doc["paths"].items():
        for method, operation in operations.items():
            if "422" in operation["responses"]:  # only a reused key, never FastAPI's validation answer
                assert operation["responses"]["422"]["x-problem-types"] == ["IdempotencyKeyReused"], (method, path)
                assert any(p["name"] == "Idempotency-Key" for p in operation["parameters"]), (method, path)
            if path.startswith("/v1/"):
                assert operation["security"] == [{"ApiKey": []}], (method, path)
                assert operation["responses"]["401"]["x-problem-types"] == ["AuthenticationFailed"]
    assert "HTTPValidationError" not in doc["components"]["schemas"]


def fill(path: str, user: str = "someone") -> str:
    """``path`` with a well-formed value in each parameter (the ids exist nowhere)."""
    values = {
        "user": user,
        "sid": uuid.uuid4().hex,
        "tid": uuid.uuid4().hex,
        "memory_id": uuid.uuid4().hex,
        "agent": "agent-1",
        "seq": "1",
    }
    return re.sub(r"\{([^}]+)\}", lambda m: values[m.group(1)], path)


def generic_failures(
    client: httpx.Client, keyless: httpx.Client, method: str, path: str, operation: dict[str, Any]
) -> None:
    """The answers every operation of a kind gives: 401, 400 for a bad user or body, 413."""
    if operation.get("security"):
        keyless.request(method, fill(path))
    if "{user}" in path:
        client.request(method, fill(path, user="%01bad"))
    if "requestBody" in operation:
        client.request(method, fill(path), json={"not a field": 1})
        client.request(method, fill(path), content=b"x" * (MAX_BODY + 1), headers={"content-type": "application/json"})


def each_route(c: httpx.Client) -> None:
    """Every operation's own answers: success, missing ids, refused states, an erased user."""
    u = "u-" + uuid.uuid4().hex[:8]
    base = f"/v1/users/{u}"
    missing = uuid.uuid4().hex
    assert c.get("/healthz").status_code == 200
    assert c.get("/readyz").status_code == 200
    assert c.get("/metrics").status_code == 200
    sid = c.post(f"{base}/sessions", json={"agent_id": "agent-1"}).json()["session_id"]
    assert (
        c.post(f"{base}/sessions/{sid}/messages", json={"role": "user", "content": "I live in Lyon"}).status_code == 201
    )
    c.post(f"{base}/sessions/{missing}/messages", json={"role": "user", "content": "x"})  # 404
    assert c.get(f"{base}/sessions/{sid}/messages").status_code == 200
    c.get(f"{base}/sessions/{missing}/messages")  # 404
    tid = c.post(f"{base}/sessions/{sid}/tasks", json={"input": "book"}).json()["task_id"]
    c.post(f"{base}/sessions/{missing}/tasks", json={"input": "book"})  # 404
    assert c.post(f"{base}/tasks/{tid}/complete", json={"output": "done"}).status_code == 200
    c.post(f"{base}/tasks/{tid}/complete", json={"output": "again"})  # 409
    c.post(f"{base}/tasks/{missing}/complete", json={"output": "x"})  # 404
    other = c.post(f"{base}/sessions/{sid}/tasks", json={"input": "pay"}).json()["task_id"]
    assert c.post(f"{base}/tasks/{other}/fail", json={"error": "declined"}).status_code == 200
    c.post(f"{base}/tasks/{other}/fail", json={"error": "again"})  # 409
    c.post(f"{base}/tasks/{missing}/fail", json={"error": "x"})  # 404
    assert c.put(f"{base}/agents/agent-1/checkpoint", json={"state": {"step": 1}}).status_code == 200
    c.put(f"{base}/agents/nobody/checkpoint", json={"state": {}}, headers={"Ledgermind-Incarnation": "1"})  # 404
    c.put(f"{base}/agents/agent-1/heartbeat", headers={"Ledgermind-Incarnation": "1"})  # 409: never issued
    for epoch in (1, 2):  # a supervisor restarts the agent twice: incarnation 1 is replaced
        assert c.post(f"{base}/agents/agent-1/claim").json()["incarnation"] == epoch
    assert c.put(f"{base}/agents/agent-1/heartbeat", headers={"Ledgermind-Incarnation": "2"}).status_code == 200
    c.put(f"{base}/agents/agent-1/heartbeat", headers={"Ledgermind-Incarnation": "1"})  # 409: replaced
    c.put(f"{base}/agents/agent-1/checkpoint", json={"state": {}}, headers={"Ledgermind-Incarnation": "1"})  # 409
    c.post(
        f"{base}/sessions/{sid}/messages",
        json={"role": "user", "content": "x"},
        headers={"Ledgermind-Incarnation": "1"},
    )  # 409
    c.post(f"{base}/sessions/{sid}/tasks", json={"input": "x"}, headers={"Ledgermind-Incarnation": "1"})  # 409
    c.post(f"{base}/sessions", json={"agent_id": "agent-1"}, headers={"Ledgermind-Incarnation": "1"})  # 409
    stale = c.post(f"{base}/sessions/{sid}/tasks", json={"input": "late"}).json()["task_id"]
    for outcome, body in (("complete", {"output": "x"}), ("fail", {"error": "x"})):
        c.post(f"{base}/tasks/{stale}/{outcome}", json=body, headers={"Ledgermind-Incarnation": "1"})  # 409
    assert c.get(f"{base}/agents/agent-1/restore").status_code == 200
    c.get(f"{base}/agents/nobody/restore")  # 404
    mid = c.post(f"{base}/memories", json={"statement": "Alice is allergic to peanuts"}).json()["memory_id"]
    assert c.get(f"{base}/beliefs").status_code == 200
    assert c.get(f"{base}/memories/{mid}/history").status_code == 200
    c.get(f"{base}/memories/{missing}/history")  # 404
    assert c.get(f"{base}/memories/{mid}/lineage").status_code == 200
    c.get(f"{base}/memories/{missing}/lineage")  # 404
    new = c.patch(f"{base}/memories/{mid}", json={"statement": "Alice is allergic to cashews"}).json()["memory_id"]
    c.patch(f"{base}/memories/{missing}", json={"statement": "x"})  # 404
    assert c.post(f"{base}/search", json={"query": "allergy"}).status_code == 200
    assert c.post(f"{base}/context", json={"query": "allergy"}).status_code == 200
    assert c.get(f"{base}/sessions/{sid}/messages/1/lineage").status_code == 200
    c.get(f"{base}/sessions/{missing}/messages/1/lineage")  # 404
    assert c.post(f"{base}/sessions/{sid}/messages/1/retract", json={"reason": "test"}).status_code == 200
    c.post(f"{base}/sessions/{missing}/messages/1/retract", json={"reason": "x"})  # 404
    assert c.post(f"{base}/sessions/{sid}/messages/1/unretract", json={"reason": "test"}).status_code == 200
    c.post(f"{base}/sessions/{missing}/messages/1/unretract", json={"reason": "x"})  # 404
    assert c.delete(f"{base}/memories/{new}").status_code == 204
    c.delete(f"{base}/memories/{missing}")  # 404
    c.delete(f"{base}/memories/{new}")  # 409: no longer current
    c.patch(f"{base}/memories/{new}", json={"statement": "x"})  # 409
    with c.stream("GET", f"{base}/events") as feed:
        assert feed.status_code == 200
    assert c.post(f"{base}/sessions/{sid}/close").status_code == 200
    c.post(f"{base}/sessions/{sid}/messages", json={"role": "user", "content": "x"})  # 409: closed
    c.post(f"{base}/sessions/{missing}/close")  # 404
    reused_keys(c, base)
    c.delete(base)  # 400: no ?confirm=erase
    c.delete(f"/v1/users/nobody-{uuid.uuid4().hex[:8]}", params={"confirm": "erase"})  # 409: no data (a typo?)
    assert c.delete(base, params={"confirm": "erase"}).status_code == 200
    for method, path, body in ERASED:  # every write for an erased user: 410
        c.request(method, base + path.format(sid=sid, tid=tid, mid=mid), json=body)


def reused_keys(c: httpx.Client, base: str) -> None:
    """Each keyed write replayed with its Idempotency-Key on another request: 422."""
    s1, s2 = (c.post(f"{base}/sessions", json={"agent_id": "agent-k"}).json()["session_id"] for _ in range(2))
    t1, t2 = (c.post(f"{base}/sessions/{s1}/tasks", json={"input": "x"}).json()["task_id"] for _ in range(2))
    c.post(f"{base}/sessions/{s1}/messages", json={"role": "user", "content": "Bob likes tea"})
    m1, m2 = (c.post(f"{base}/memories", json={"statement": t}).json()["memory_id"]
              for t in ("Bob owns a red bike", "Ana plays the cello"))  # fmt: skip
    pairs: list[tuple[str, str, Any, str, Any]] = [  # method, first path, first body, second path, second body
        ("POST", "/sessions", {"agent_id": "a"}, "/sessions", {"agent_id": "b"}),
        ("POST", f"/sessions/{s1}/messages", {"role": "user", "content": "a"}, f"/sessions/{s1}/messages",
         {"role": "user", "content": "b"}),
        ("POST", f"/sessions/{s1}/tasks", {"input": "a"}, f"/sessions/{s1}/tasks", {"input": "b"}),
        ("POST", f"/tasks/{t1}/complete", {"output": "a"}, f"/tasks/{t1}/complete", {"output": "b"}),
        ("POST", f"/tasks/{t2}/fail", {"error": "a"}, f"/tasks/{t2}/fail", {"error": "b"}),
        ("PUT", "/agents/agent-k/checkpoint", {"state": 1}, "/agents/agent-k/checkpoint", {"state": 2}),
        ("POST", "/memories", {"statement": "Bob is 40"}, "/memories", {"statement": "Bob is 41"}),
        ("PATCH", f"/memories/{m1}", {"statement": "Bob owns a blue bike"}, f"/memories/{m1}",
         {"statement": "Bob owns a green bike"}),
        ("POST", f"/sessions/{s1}/messages/1/retract", {"reason": "a"}, f"/sessions/{s1}/messages/1/retract",
         {"reason": "b"}),
        ("POST", f"/sessions/{s1}/messages/1/unretract", {"reason": "a"}, f"/sessions/{s1}/messages/1/unretract",
         {"reason": "b"}),
        ("DELETE", f"/memories/{m2}", None, f"/memories/{m1}", None),
        ("POST", f"/sessions/{s1}/close", None, f"/sessions/{s2}/close", None),
    ]  # fmt: skip
    for method, first, body, second, other in pairs:
        key = {"Idempotency-Key": uuid.uuid4().hex}
        assert c.request(method, base + first, json=body, headers=key).status_code < 300, (method, first)
        replayed = c.request(method, base + second, json=other, headers=key)
        assert replayed.status_code == 422, (method, second, replayed.text)
        assert replayed.json()["type"] == "IdempotencyKeyReused"


ERASED: list[tuple[str, str, Any]] = [
    ("POST", "/sessions", {"agent_id": "agent-2"}),
    ("POST", "/sessions/{sid}/messages", {"role": "user", "content": "x"}),
    ("POST", "/sessions/{sid}/tasks", {"input": "x"}),
    ("PUT", "/agents/agent-1/checkpoint", {"state": {}}),
    ("POST", "/agents/agent-1/claim", None),
    ("POST", "/memories", {"statement": "x"}),
]
