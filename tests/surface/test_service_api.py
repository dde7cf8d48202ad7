"""The HTTP API through a real ``ledgermind serve`` process and ``httpx``.

One server per backend for the whole module (SQLite file, PostgreSQL): every
route's happy path, the status of every typed error, keys (401) and tenancy
(404 exactly as for a missing id), idempotent retries (repeated and racing),
the body limit (413), the live event feed resumed with ``Last-Event-ID``
while writers run, and a bounded load run that stops by itself.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest

from ledgermind import MemoryEngine
from tests.support.service_server import Server, make_key, make_key_cli, module_db, start_server

# Small limits so the refusals are cheap to provoke.
MAX_BODY = 64 << 10
MAX_CONTENT = 8 << 10
PROBLEM_KEYS = {"type", "title", "status", "detail"}


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def served(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    tmp = tmp_path_factory.mktemp("service")
    dsn = request.getfixturevalue("pg_server_dsn") if request.param == "postgresql" else None
    with module_db(request.param, tmp, dsn) as db:
        _, secret_a = make_key(db, "app-a")
        _, secret_b = make_key(db, "app-b")
        server = start_server(db, tmp / "serve.log", env={
            "LEDGERMIND_MAX_BODY_BYTES": str(MAX_BODY),
            "LEDGERMIND_MAX_CONTENT_BYTES": str(MAX_CONTENT),
        })  # fmt: skip
        try:
            yield {"server": server, "a": secret_a, "b": secret_b, "db": db}
        finally:
            code = server.terminate()
            assert code == 0, server.log.read_text()
            log = server.log.read_text()
            assert "Traceback" not in log, log


@pytest.fixture
def server(served: dict[str, Any]) -> Server:
    return served["server"]  # type: ignore[no-any-return]


@pytest.fixture
def alice(served: dict[str, Any]) -> Iterator[httpx.Client]:
    with served["server"].client(served["a"]) as client:
        yield client


def user() -> str:
    return "u-" + uuid.uuid4().hex[:8]


def problem(response: httpx.Response, status: int, title: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/problem+json", response.headers
    body = response.json()
    assert set(body) == PROBLEM_KEYS and body["type"] == body["title"] == title and body["status"] == status, body
    assert "Traceback" not in response.text
    return body  # type: ignore[no-any-return]


def new_session(client: httpx.Client, who: str, agent: str = "agent-1") -> str:
    r = client.post(f"/v1/users/{who}/sessions", json={"agent_id": agent})
    assert r.status_code == 201, r.text
    return str(r.json()["session_id"])


# --- happy paths ----------------------------------------------------------------


def test_conversation_tasks_and_restore(alice: httpx.Client) -> None:
    u = user()
    sid = new_session(alice, u)
    r = alice.post(f"/v1/users/{u}/sessions/{sid}/messages",
                   json={"role": "user", "content": "I moved to Lyon", "occurred_at": "2026-03-15T09:30:00+02:00",
                         "metadata": {"channel": "chat"}})  # fmt: skip
    assert r.status_code == 201 and r.json() == {"seqs": [1]}
    r = alice.post(
        f"/v1/users/{u}/sessions/{sid}/messages",
        json={"messages": [{"role": "assistant", "content": "Noted."}, {"role": "user", "content": "ok"}]},
    )
    assert r.json() == {"seqs": [2, 3]}
    page = alice.get(f"/v1/users/{u}/sessions/{sid}/messages", params={"after": 1, "limit": 1}).json()
    assert [m["seq"] for m in page["messages"]] == [2] and page["next_after"] == 2
    first = alice.get(f"/v1/users/{u}/sessions/{sid}/messages").json()["messages"][0]
    assert first["content"] == "I moved to Lyon" and first["metadata"] == {"channel": "chat"}
    assert first["occurred_at"] == "2026-03-15T07:30:00+00:00"  # RFC 3339 with its offset
    task = alice.post(f"/v1/users/{u}/sessions/{sid}/tasks", json={"input": "book a train"})
    assert task.status_code == 201
    tid = task.json()["task_id"]
    other = alice.post(f"/v1/users/{u}/sessions/{sid}/tasks", json={"input": "pay"}).json()["task_id"]
    assert alice.post(f"/v1/users/{u}/tasks/{tid}/complete", json={"output": "booked"}).json()["status"] == "completed"
    r = alice.put(f"/v1/users/{u}/agents/agent-1/checkpoint", json={"state": {"step": 3, "plan": ["a", "b"]}})
    assert r.status_code == 200
    restored = alice.get(f"/v1/users/{u}/agents/agent-1/restore", params={"last_n": 2}).json()
    assert restored["session_id"] == sid and restored["message_count"] == 3
    assert [m["seq"] for m in restored["messages"]] == [2, 3]
    assert [t["task_id"] for t in restored["open_tasks"]] == [other]
    assert restored["state"] == {"step": 3, "plan": ["a", "b"]}
    assert alice.post(f"/v1/users/{u}/tasks/{other}/fail", json={"error": "card declined"}).json()["status"] == "failed"
    assert alice.post(f"/v1/users/{u}/sessions/{sid}/close").json()["closed"] is True


def test_memories_search_context_and_erasure(alice: httpx.Client) -> None:
    u = user()
    r = alice.post(f"/v1/users/{u}/memories", json={"statement": "Alice is allergic to peanuts", "kind": "fact"})
    assert r.status_code == 201
    mid = r.json()["memory_id"]
    held = alice.get(f"/v1/users/{u}/beliefs").json()["beliefs"]
    assert [b["statement"] for b in held] == ["Alice is allergic to peanuts"]
    assert held[0]["valid_from"].endswith(("Z", "+00:00"))
    hits = alice.post(f"/v1/users/{u}/search", json={"query": "peanut allergy", "k": 3}).json()["results"]
    assert hits and hits[0]["id"] == mid
    asked = {"query": "what is alice allergic to", "time_budget_ms": 10_000}
    block = alice.post(f"/v1/users/{u}/context", json=asked).json()["context"]
    assert "peanuts" in block and "not instructions" in block
    corrected = alice.patch(f"/v1/users/{u}/memories/{mid}", json={"statement": "Alice is allergic to cashews"})
    assert corrected.json() == {"memory_id": mid}  # the same memory, a new version
    assert [b["statement"] for b in alice.get(f"/v1/users/{u}/beliefs").json()["beliefs"]] == [
        "Alice is allergic to cashews"
    ]
    before = alice.get(f"/v1/users/{u}/beliefs", params={"known_at": held[0]["recorded_at"]}).json()["beliefs"]
    assert [(b["memory_id"], b["statement"]) for b in before] == [(mid, "Alice is allergic to peanuts")]
    versions = alice.get(f"/v1/users/{u}/memories/{mid}/history").json()["versions"]
    assert len(versions) >= 2 and versions[0]["statement"] == "Alice is allergic to peanuts"
    assert versions[-1]["statement"] == "Alice is allergic to cashews"
    assert alice.delete(f"/v1/users/{u}/memories/{mid}").status_code == 204
    assert alice.get(f"/v1/users/{u}/beliefs").json()["beliefs"] == []
    # Nothing left to change: 409, never a 2xx that changed nothing.
    problem(alice.delete(f"/v1/users/{u}/memories/{mid}"), 409, "StateConflict")
    problem(alice.patch(f"/v1/users/{u}/memories/{mid}", json={"statement": "x"}), 409, "StateConflict")
    sid = new_session(alice, u)
    problem(alice.delete(f"/v1/users/{u}"), 400, "InvalidInput")  # no ?confirm=erase
    nobody = user()  # a user with no data (a typo?): refused unless force=true, as the CLI does
    problem(alice.delete(f"/v1/users/{nobody}", params={"confirm": "erase"}), 409, "StateConflict")
    assert alice.post(f"/v1/users/{nobody}/memories", json={"statement": "still usable"}).status_code == 201
    forced = alice.delete(f"/v1/users/{user()}", params={"confirm": "erase", "force": "true"})
    assert forced.status_code == 200, forced.text
    erased = alice.delete(f"/v1/users/{u}", params={"confirm": "erase"})
    assert erased.status_code == 200 and erased.json()["user_id"] == u
    problem(
        alice.post(f"/v1/users/{u}/sessions/{sid}/messages", json={"role": "user", "content": "x"}), 410, "OwnerErased"
    )


def test_probes_docs_and_metrics(server: Server, alice: httpx.Client) -> None:
    with server.client() as anon:
        assert anon.get("/healthz").json()["status"] == "ok"  # its version: tests/surface/test_version.py
        ready = anon.get("/readyz")
        assert ready.status_code == 200 and ready.json()["status"] == "ready"
        spec = anon.get("/openapi.json").json()
        assert "/v1/users/{user}/sessions/{sid}/messages" in spec["paths"]
        assert "/v1/users/{user}/events" in spec["paths"]
        assert anon.get("/docs").status_code == 200
        new_session(alice, user())
        text = anon.get("/metrics").text
    assert 'ledgermind_http_requests_total{method="POST",route="/v1/users/{user}/sessions",status="201"}' in text
    assert "ledgermind_http_request_seconds_bucket" in text and "ledgermind_append_seconds" in text
    assert "ledgermind_projection_lag " in text
    assert re.search(r"^ledgermind_api_keys [2-9]\.0$", text, re.MULTILINE)


# --- errors -------------------------------------------------------------------


def test_every_typed_error_has_its_status(alice: httpx.Client) -> None:
    u = user()
    sid = new_session(alice, u)
    base = f"/v1/users/{u}"
    missing = uuid.uuid4().hex
    problem(alice.post(f"{base}/sessions/{sid}/messages", json={"role": "wizard", "content": "x"}), 400, "InvalidRole")
    problem(alice.post(f"{base}/sessions/{sid}/messages", json={"role": "user", "content": ""}), 400, "InvalidContent")
    problem(alice.post(f"{base}/sessions/{sid}/messages",
                       json={"role": "user", "content": "x", "occurred_at": "2026-03-15T09:30:00"}),
            400, "InvalidTimestamp")  # no offset  # fmt: skip
    problem(alice.post(f"{base}/sessions/{sid}/messages", json={"role": "user"}), 400, "InvalidInput")
    problem(
        alice.post(
            f"{base}/sessions/{sid}/messages", content=b"{not json", headers={"content-type": "application/json"}
        ),
        400,
        "InvalidInput",
    )
    problem(alice.post(f"{base}/sessions/not-an-id/messages", json={"role": "user", "content": "x"}), 400, "InvalidId")
    problem(
        alice.post(f"{base}/sessions/{sid}/messages", json={"role": "user", "content": "x" * (MAX_CONTENT + 1)}),
        413,
        "ContentTooLarge",
    )
    problem(
        alice.post(f"{base}/sessions/{missing}/messages", json={"role": "user", "content": "x"}), 404, "SessionNotFound"
    )
    problem(alice.post(f"{base}/tasks/{missing}/complete", json={"output": "x"}), 404, "TaskNotFound")
    problem(alice.get(f"{base}/agents/nobody/restore"), 404, "AgentNotFound")
    problem(alice.patch(f"{base}/memories/{missing}", json={"statement": "x"}), 404, "MemoryNotFound")
    problem(alice.get("/v1/nowhere"), 404, "NotFound")
    tid = alice.post(f"{base}/sessions/{sid}/tasks", json={"input": "x"}).json()["task_id"]
    alice.post(f"{base}/tasks/{tid}/complete", json={"output": "done"})
    problem(alice.post(f"{base}/tasks/{tid}/fail", json={"error": "late"}), 409, "TaskFinished")
    alice.post(f"{base}/sessions/{sid}/close")
    problem(alice.post(f"{base}/sessions/{sid}/messages", json={"role": "user", "content": "x"}), 409, "SessionClosed")
    problem(alice.get("/v1/users/%01bad/beliefs"), 400, "InvalidOwner")


def test_bodies_over_the_limit_get_413_before_parsing(alice: httpx.Client) -> None:
    u = user()
    sid = new_session(alice, u)
    # Each message is within the engine's limits; only the whole body is over.
    big = json.dumps({"messages": [{"role": "user", "content": "x" * (MAX_CONTENT - 1)}] * 9}).encode()
    assert len(big) > MAX_BODY
    problem(
        alice.post(f"/v1/users/{u}/sessions/{sid}/messages", content=big, headers={"content-type": "application/json"}),
        413,
        "ContentTooLarge",
    )

    def chunks() -> Iterator[bytes]:  # no Content-Length: the limit counts what arrives
        for i in range(0, len(big), 8192):
            yield big[i : i + 8192]

    problem(
        alice.post(
            f"/v1/users/{u}/sessions/{sid}/messages", content=chunks(), headers={"content-type": "application/json"}
        ),
        413,
        "ContentTooLarge",
    )
    assert alice.get(f"/v1/users/{u}/sessions/{sid}/messages").json()["messages"] == []


def test_keys_fix_the_app_and_foreign_ids_are_missing(
    served: dict[str, Any], server: Server, alice: httpx.Client
) -> None:
    u = user()
    sid = new_session(alice, u)
    alice.post(f"/v1/users/{u}/sessions/{sid}/messages", json={"role": "user", "content": "secret"})
    mid = alice.post(f"/v1/users/{u}/memories", json={"statement": "a secret fact"}).json()["memory_id"]
    missing_sid, missing_mid = uuid.uuid4().hex, uuid.uuid4().hex

    def same_as_missing(foreign: httpx.Response, absent: httpx.Response, real: str, fake: str) -> None:
        assert foreign.status_code == absent.status_code == 404
        assert foreign.json() == json.loads(absent.text.replace(fake, real))

    with server.client(served["b"]) as bob_app:  # another app's key, same user id in the path
        for client, who in ((bob_app, u), (alice, user())):  # another app; another user of the same app
            same_as_missing(
                client.get(f"/v1/users/{who}/sessions/{sid}/messages"),
                client.get(f"/v1/users/{who}/sessions/{missing_sid}/messages"),
                sid,
                missing_sid,
            )
            same_as_missing(client.post(f"/v1/users/{who}/sessions/{sid}/messages", json={"role": "user", "content": "x"}),
                            client.post(f"/v1/users/{who}/sessions/{missing_sid}/messages",
                                        json={"role": "user", "content": "x"}), sid, missing_sid)  # fmt: skip
            same_as_missing(
                client.get(f"/v1/users/{who}/memories/{mid}/history"),
                client.get(f"/v1/users/{who}/memories/{missing_mid}/history"),
                mid,
                missing_mid,
            )
            assert client.get(f"/v1/users/{who}/beliefs").json()["beliefs"] == []
    assert len(alice.get(f"/v1/users/{u}/sessions/{sid}/messages").json()["messages"]) == 1
    with server.client() as anon:
        problem(anon.get(f"/v1/users/{u}/beliefs"), 401, "AuthenticationFailed")
        assert anon.get(f"/v1/users/{u}/beliefs").headers["www-authenticate"] == "Bearer"
        for header in (
            "Bearer",
            "Bearer mlk_0000000000000000_" + "A" * 43,
            "Basic dXNlcjpwYXNz",
            "Bearer " + served["a"][:-1] + ("A" if served["a"][-1] != "A" else "B"),
        ):
            problem(anon.get(f"/v1/users/{u}/beliefs", headers={"Authorization": header}), 401, "AuthenticationFailed")


def test_keys_made_and_revoked_by_another_process(served: dict[str, Any], server: Server) -> None:
    """A key made by the CLI while the server runs works on its first request;
    once the CLI revokes it, the server refuses it (within its key refresh
    interval, LEDGERMIND_KEY_REFRESH_S) and never accepts it again."""
    key_id, secret = make_key_cli(served["db"], "app-c")
    with server.client(secret) as client:
        assert client.post(f"/v1/users/{user()}/sessions", json={"agent_id": "x"}).status_code == 201
        done = subprocess.run(
            [sys.executable, "-m", "ledgermind.cli", "keys", "revoke", "--db", served["db"], key_id],
            check=False,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        deadline = time.monotonic() + 30
        while (r := client.post(f"/v1/users/{user()}/sessions", json={"agent_id": "x"})).status_code == 201:
            assert time.monotonic() < deadline, "the revoked key is still accepted"
            time.sleep(0.05)  # polling for the refresh, not timing it
        problem(r, 401, "AuthenticationFailed")
        for _ in range(3):
            problem(client.post(f"/v1/users/{user()}/sessions", json={"agent_id": "x"}), 401, "AuthenticationFailed")
    with MemoryEngine.open(served["db"]) as eng:
        keys = {k.key_id: k for k in eng.api_keys().list()}
    assert keys[key_id].app == "app-c" and keys[key_id].revoked_at is not None
    assert sum(1 for k in keys.values() if not k.revoked) == 2


# --- idempotency ------------------------------------------------------------------


def test_a_retried_request_returns_the_same_seqs_and_writes_nothing(alice: httpx.Client) -> None:
    u = user()
    headers = {"Idempotency-Key": "req-1"}
    sid = alice.post(f"/v1/users/{u}/sessions", json={"agent_id": "a"}, headers=headers).json()["session_id"]
    assert alice.post(f"/v1/users/{u}/sessions", json={"agent_id": "a"}, headers=headers).json()["session_id"] == sid
    one = {"role": "user", "content": "hello"}
    batch = {"messages": [{"role": "user", "content": "a"}, {"role": "assistant", "content": "b"}]}
    first = alice.post(f"/v1/users/{u}/sessions/{sid}/messages", json=one, headers={"Idempotency-Key": "m-1"}).json()
    again = alice.post(f"/v1/users/{u}/sessions/{sid}/messages", json=one, headers={"Idempotency-Key": "m-1"}).json()
    assert first == again == {"seqs": [1]}
    b1 = alice.post(f"/v1/users/{u}/sessions/{sid}/messages", json=batch, headers={"Idempotency-Key": "b-1"}).json()
    b2 = alice.post(f"/v1/users/{u}/sessions/{sid}/messages", json=batch, headers={"Idempotency-Key": "b-1"}).json()
    assert b1 == b2 == {"seqs": [2, 3]}
    tid = alice.post(f"/v1/users/{u}/sessions/{sid}/tasks", json={"input": "t"}, headers={"Idempotency-Key": "t-1"})
    assert (
        alice.post(
            f"/v1/users/{u}/sessions/{sid}/tasks", json={"input": "t"}, headers={"Idempotency-Key": "t-1"}
        ).json()
        == tid.json()
    )
    for _ in range(2):
        r = alice.post(
            f"/v1/users/{u}/tasks/{tid.json()['task_id']}/complete",
            json={"output": "o"},
            headers={"Idempotency-Key": "c-1"},
        )
        assert r.status_code == 200, r.text
    messages = alice.get(f"/v1/users/{u}/sessions/{sid}/messages").json()["messages"]
    assert [m["seq"] for m in messages] == [1, 2, 3]


def test_a_key_reused_with_another_body_is_422_and_writes_nothing(alice: httpx.Client) -> None:
    u = user()
    sid = alice.post(f"/v1/users/{u}/sessions", json={"agent_id": "a"}).json()["session_id"]
    msgs = f"/v1/users/{u}/sessions/{sid}/messages"
    assert (
        alice.post(msgs, json={"role": "user", "content": "pay 10"}, headers={"Idempotency-Key": "k1"}).status_code
        == 201
    )
    batch = {"messages": [{"role": "user", "content": "a"}, {"role": "user", "content": "b"}]}
    assert alice.post(msgs, json=batch, headers={"Idempotency-Key": "k2"}).status_code == 201
    mem = alice.post(
        f"/v1/users/{u}/memories", json={"statement": "Alice likes tea"}, headers={"Idempotency-Key": "k3"}
    )
    assert mem.status_code == 201
    cp = f"/v1/users/{u}/agents/a/checkpoint"
    assert alice.put(cp, json={"state": 0}, headers={"Idempotency-Key": "k4"}).status_code == 200
    other = {"messages": [{"role": "user", "content": "c"}, {"role": "user", "content": "d"}]}
    for r in (
        alice.post(msgs, json={"role": "user", "content": "pay 1000"}, headers={"Idempotency-Key": "k1"}),
        alice.post(msgs, json=other, headers={"Idempotency-Key": "k2"}),
        alice.post(f"/v1/users/{u}/memories", json={"statement": "Alice hates tea"}, headers={"Idempotency-Key": "k3"}),
        alice.put(cp, json={"state": 1}, headers={"Idempotency-Key": "k4"}),
    ):
        problem(r, 422, "IdempotencyKeyReused")
    assert [m["content"] for m in alice.get(msgs).json()["messages"]] == ["pay 10", "a", "b"]


def test_racing_retries_write_once(alice: httpx.Client) -> None:
    u = user()
    sid = new_session(alice, u)
    barrier = threading.Barrier(8)

    def send(_: int) -> tuple[int, Any]:
        barrier.wait()
        r = alice.post(
            f"/v1/users/{u}/sessions/{sid}/messages",
            json={"role": "user", "content": "once"},
            headers={"Idempotency-Key": "race-1"},
        )
        return r.status_code, r.json()

    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(send, range(8)))
    assert answers == [(201, {"seqs": [1]})] * 8
    messages = alice.get(f"/v1/users/{u}/sessions/{sid}/messages").json()["messages"]
    assert [m["content"] for m in messages] == ["once"]


# --- the event feed ---------------------------------------------------------------


def read_feed(
    client: httpx.Client, path: str, stop: Callable[[dict[str, Any]], bool], headers: dict[str, str] | None = None
) -> list[dict[str, Any]]:
    """The feed's events up to and including the first for which ``stop`` is true."""
    got: list[dict[str, Any]] = []
    with client.stream("GET", path, headers=headers or {}) as response:
        assert response.status_code == 200 and response.headers["content-type"].startswith("text/event-stream")
        fields: dict[str, str] = {}
        for line in response.iter_lines():
            if line.startswith(":"):
                continue
            if line:
                name, _, value = line.partition(": ")
                fields[name] = value
                continue
            if not fields:
                continue
            event = json.loads(fields["data"])
            assert fields["id"] == str(event["position"]) and fields["event"] == event["topic"]
            got.append(event)
            fields = {}
            if stop(event):
                break
    return got


def last_message(n: int) -> Callable[[dict[str, Any]], bool]:
    return lambda e: e["topic"] == "message.added" and e["payload"]["seq"] == n


def test_the_feed_resumes_from_last_event_id_with_nothing_missed_or_repeated(
    served: dict[str, Any], server: Server, alice: httpx.Client
) -> None:
    u, noise = user(), user()
    sid = new_session(alice, u)
    other = new_session(alice, noise)
    n = 40

    def write(who: str, session: str) -> None:
        with server.client(served["a"]) as c:
            for i in range(n):
                r = c.post(f"/v1/users/{who}/sessions/{session}/messages", json={"role": "user", "content": f"m{i}"})
                assert r.status_code == 201

    writers = [threading.Thread(target=write, args=(u, sid)), threading.Thread(target=write, args=(noise, other))]
    for t in writers:
        t.start()
    with server.client(served["a"]) as reader:  # disconnects after a few, while the writers run
        first = read_feed(reader, f"/v1/users/{u}/events?after=0", last_message(3))
        resumed = read_feed(
            reader, f"/v1/users/{u}/events", last_message(n), headers={"Last-Event-ID": str(first[-1]["position"])}
        )
    for t in writers:
        t.join()
    with server.client(served["a"]) as reader:
        everything = read_feed(reader, f"/v1/users/{u}/events", lambda e: e["position"] == resumed[-1]["position"])
    seen = first + resumed
    positions = [e["position"] for e in seen]
    assert positions == sorted(set(positions))  # in log order, none twice
    assert seen == everything  # the resumed feed is exactly the uninterrupted one
    assert {(e["payload"]["app"], e["payload"]["user_id"]) for e in seen} == {("app-a", u)}
    assert [e["payload"]["seq"] for e in seen if e["topic"] == "message.added"] == list(range(1, n + 1))
    with server.client(served["b"]) as other_app:  # the same user id under another app sees only its own
        made = other_app.post(f"/v1/users/{u}/sessions", json={"agent_id": "z"}).json()["session_id"]
        feed = read_feed(other_app, f"/v1/users/{u}/events", lambda e: True)
        assert feed[0]["payload"]["app"] == "app-b" and feed[0]["stream"] == made


# --- load ---------------------------------------------------------------------------


def test_bounded_load_every_request_answered_and_counted(served: dict[str, Any], server: Server) -> None:
    """16 clients x 25 appends to their own sessions: all 201, all stored, in order."""
    clients, each = 16, 25

    def run(i: int) -> tuple[str, str, list[int]]:
        who = user()
        with server.client(served["a"]) as c:
            session = new_session(c, who)
            seqs = []
            for j in range(each):
                r = c.post(f"/v1/users/{who}/sessions/{session}/messages", json={"role": "user", "content": f"{i}:{j}"})
                assert r.status_code == 201, r.text
                seqs.extend(r.json()["seqs"])
            return who, session, seqs

    with ThreadPoolExecutor(clients) as pool:
        results = list(pool.map(run, range(clients)))
    with server.client(served["a"]) as c:
        for who, session, seqs in results:
            assert seqs == list(range(1, each + 1))
            stored = c.get(f"/v1/users/{who}/sessions/{session}/messages").json()["messages"]
            assert len(stored) == each


def _feed_ends_within(client: httpx.Client, path: str, act: Callable[[], None], bound: float) -> float:
    """Opens the feed, runs ``act`` once it streams, and returns how long after
    ``act`` the server ended the stream (fails past ``bound``)."""
    with client.stream("GET", path, timeout=bound + 30) as response:
        assert response.status_code == 200
        lines = response.iter_lines()
        assert next(lines).startswith(":")  # the feed is open
        act()
        acted = time.monotonic()
        for _ in lines:
            assert time.monotonic() - acted < bound, "the feed outlived the revocation or erasure"
        return time.monotonic() - acted


def test_a_revoked_key_or_an_erased_owner_ends_an_open_feed(served: dict[str, Any], server: Server) -> None:
    """The feed re-checks its key and its owner on every turn: a revocation by
    another process ends it within LEDGERMIND_KEY_REFRESH_S (default 0.25 s)
    plus a poll, an erasure within LEDGERMIND_ERASURE_BOUND_S (1 s) plus a poll."""
    key_id, secret = make_key_cli(served["db"], "app-feed")

    def revoke() -> None:
        done = subprocess.run([sys.executable, "-m", "ledgermind.cli", "keys", "revoke", "--db", served["db"], key_id],
                              check=False, capture_output=True, text=True, timeout=120)  # fmt: skip
        assert done.returncode == 0, done.stderr

    with server.client(secret) as client:
        u = user()
        new_session(client, u)
        _feed_ends_within(client, f"/v1/users/{u}/events", revoke, bound=5.0)
    _, secret = make_key_cli(served["db"], "app-feed")
    with server.client(secret) as client:
        u = user()
        new_session(client, u)
        erase = lambda: client.delete(f"/v1/users/{u}", params={"confirm": "erase"}).raise_for_status()  # noqa: E731
        with server.client(secret) as other:
            _feed_ends_within(other, f"/v1/users/{u}/events", erase, bound=5.0)


def test_writes_answer_their_position_and_reads_wait_for_it(alice: httpx.Client) -> None:
    u = user()
    r = alice.post(f"/v1/users/{u}/memories", json={"statement": "Alice keeps bees on the roof"})
    position = int(r.headers["Ledgermind-Position"])
    assert position > 0
    held = alice.get(f"/v1/users/{u}/beliefs", headers={"Ledgermind-Min-Position": str(position)})
    assert [b["statement"] for b in held.json()["beliefs"]] == ["Alice keeps bees on the roof"]
    assert alice.get(f"/v1/users/{u}/beliefs", params={"min_position": position}).status_code == 200
    assert "Ledgermind-Position" not in held.headers  # reads answer none
    for bad in ("-1", "x", str(1 << 63), "10" * 15, str(position + 10**9)):
        problem(alice.get(f"/v1/users/{u}/beliefs", headers={"Ledgermind-Min-Position": bad}), 400, "InvalidInput")


HUGE = [1 << 31, 1 << 63, -1, 10**30]


def _integer_params(operation: dict[str, Any]) -> list[dict[str, Any]]:
    def is_int(schema: dict[str, Any]) -> bool:
        return schema.get("type") == "integer" or any(s.get("type") == "integer" for s in schema.get("anyOf", []))

    return [p for p in operation.get("parameters", []) if is_int(p.get("schema", {}))]


def test_every_integer_parameter_is_bounded_before_the_database(alice: httpx.Client) -> None:
    """Every integer in a path, query or header of every route, at 2^31, 2^63,
    -1 and 10^30, on real ids: never a 5xx, and outside its declared bounds a
    400 ``InvalidInput`` (the database never sees it)."""
    u = user()
    sid = new_session(alice, u, "agent-1")
    alice.post(f"/v1/users/{u}/sessions/{sid}/messages", json={"role": "user", "content": "hi"}).raise_for_status()
    tid = alice.post(f"/v1/users/{u}/sessions/{sid}/tasks", json={"input": "t"}).json()["task_id"]
    mid = alice.post(f"/v1/users/{u}/memories", json={"statement": "Alice likes tea"}).json()["memory_id"]
    fill = {"user": u, "sid": sid, "tid": tid, "memory_id": mid, "agent": "agent-1", "seq": "1"}
    bodies = {"/retract": {"reason": "x"}, "/unretract": {"reason": "x"}, "/checkpoint": {"state": 1},
              "/messages": {"role": "user", "content": "x"}, "/tasks": {"input": "x"},
              "/complete": {"output": "x"}, "/fail": {"error": "x"}, "/sessions": {"agent_id": "agent-1"}}  # fmt: skip
    spec = alice.get("/openapi.json").json()
    walked = 0
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            for param in _integer_params(operation):
                schema = param["schema"]
                bounds = next((s for s in schema.get("anyOf", []) if s.get("type") == "integer"), schema)
                for value in HUGE:
                    url = path
                    for name, real in fill.items():
                        url = url.replace("{" + name + "}", str(value) if name == param["name"] else real)
                    kwargs: dict[str, Any] = {}
                    if param["in"] == "query":
                        kwargs["params"] = {param["name"]: value}
                    elif param["in"] == "header":
                        kwargs["headers"] = {param["name"]: str(value)}
                    body = next((b for suffix, b in bodies.items() if path.endswith(suffix)), None)
                    if method in ("post", "put", "patch") and body is not None:
                        kwargs["json"] = body
                    if "events" in path:  # a live feed: only its first answer matters
                        with alice.stream(method.upper(), url, **kwargs) as r:
                            status = r.status_code
                    else:
                        r = alice.request(method.upper(), url, **kwargs)
                        status = r.status_code
                    assert status < 500, f"{method.upper()} {url} {kwargs}: {status}"
                    outside = value < bounds.get("minimum", -(10**40)) or value > bounds.get("maximum", 10**40)
                    assert "maximum" in bounds, f"{param['name']} of {method.upper()} {path} has no upper bound"
                    if outside:
                        assert status == 400, f"{method.upper()} {url} {kwargs}: {status}"
                    walked += 1
    assert walked >= 4 * 6  # after (x2), last_n, seq (x3), incarnation headers...


def test_a_body_integer_or_boolean_is_the_json_type_the_document_names(alice: httpx.Client) -> None:
    """Every integer and boolean field of every request body in the document:
    ``true``, ``"5"`` and ``"true"`` are refused with 400 ``InvalidInput``
    (pydantic's lax mode would read them as 1, 5 and True), while ``5.0`` is
    an integer to JSON Schema and is taken. Search and context run on a user
    with a memory, so an accepted body really reaches the engine."""
    u = user()
    alice.post(f"/v1/users/{u}/memories", json={"statement": "Alice likes tea"}).raise_for_status()
    spec = alice.get("/openapi.json").json()
    schemas = spec["components"]["schemas"]
    checked = 0
    for path, item in spec["paths"].items():
        if "{" in path.replace("{user}", ""):
            continue  # routes on the user alone: a body needs no id to be real
        for method, operation in item.items():
            ref = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema", {})
            model = schemas.get(ref.get("$ref", "").rpartition("/")[2])
            if model is None:
                continue
            base = {name: "tea" for name in model.get("required", [])}
            url = path.replace("{user}", u)
            for name, field in model["properties"].items():
                kind = field.get("type")
                if kind not in ("integer", "boolean"):
                    continue
                for wrong in [True, "5"] if kind == "integer" else ["true", 1]:
                    r = alice.request(method.upper(), url, json={**base, name: wrong})
                    assert r.status_code == 400 and r.json()["title"] == "InvalidInput", (path, name, wrong, r.text)
                right = float(field.get("minimum", 1)) if kind == "integer" else True
                r = alice.request(method.upper(), url, json={**base, name: right})
                assert r.status_code == 200, (path, name, right, r.text)
                checked += 1
    assert checked >= 3  # search's k and include_messages, context's token_budget and time_budget_ms
