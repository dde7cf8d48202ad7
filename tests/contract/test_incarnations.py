"""Incarnations fence zombies: a write of a replaced incarnation is refused
and absent from the log, on every backend.

The zombie runs in its own engine (its own writer and aggregate cache), as a
hung process that comes back would: its cached session predates the fence,
so its append is decided on stale state, conflicts with the fence on
optimistic concurrency, is retried on the reloaded stream and refused.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.agent import Agent
from ledgermind.domain.errors import InvalidInput, StaleIncarnation
from ledgermind.domain.session import Session
from ledgermind.domain.stream_ids import agent_stream_id


@pytest.fixture
def zombie_eng(db_url: str) -> Iterator[MemoryEngine]:
    """A second engine on the same store: the old incarnation's process."""
    engine = MemoryEngine.open(db_url)
    try:
        yield engine
    finally:
        engine.close()


def _owner() -> Owner:
    return Owner("incarnations", f"user-{uuid.uuid4().hex[:8]}")


def _session_log(eng: MemoryEngine, sid: str) -> list[Any]:
    return eng.writes.stream_events(uuid.UUID(hex=sid))


def test_a_zombie_write_is_refused_and_absent(eng: MemoryEngine, zombie_eng: MemoryEngine) -> None:
    owner = _owner()
    old = zombie_eng.for_owner(owner)
    first = old.claim_agent("agent")
    assert first == 1
    sid = old.create_session("agent", incarnation=first)
    assert old.add_message(sid, "user", "from one", incarnation=first, client_id="c1") == 1
    task = old.start_task(sid, "a task", incarnation=first)
    old.checkpoint_agent("agent", {"step": 1}, incarnation=first)

    restored = eng.for_owner(owner).restore_agent("agent", incarnate=True)  # the supervisor
    assert restored.incarnation == 2 and [m.content for m in restored.messages] == ["from one"]

    before = len(_session_log(eng, sid))
    with pytest.raises(StaleIncarnation) as refused:
        old.add_message(sid, "user", "zombie", incarnation=first)
    assert (refused.value.incarnation, refused.value.current) == (1, 2)
    with pytest.raises(StaleIncarnation):
        old.add_messages(sid, [{"role": "user", "content": "zombie batch"}], incarnation=first)
    with pytest.raises(StaleIncarnation):
        old.checkpoint_agent("agent", {"step": 99}, incarnation=first)
    with pytest.raises(StaleIncarnation):
        old.start_task(sid, "zombie task", incarnation=first)
    with pytest.raises(StaleIncarnation):
        old.complete_task(task, "zombie done", incarnation=first)
    with pytest.raises(StaleIncarnation):
        old.create_session("agent", incarnation=first)
    with pytest.raises(StaleIncarnation):
        old.heartbeat("agent", first)
    assert len(_session_log(eng, sid)) == before  # nothing of the zombie's reached the log

    new = eng.for_owner(owner)
    assert new.add_message(sid, "assistant", "from two", incarnation=2) == 2
    new.complete_task(task, "done", incarnation=2)
    new.checkpoint_agent("agent", {"step": 2}, incarnation=2)
    new.heartbeat("agent", 2)
    # A retry of a write accepted before the fence stays exact; writes
    # without an incarnation are not fenced (they behave as before).
    assert old.add_message(sid, "user", "from one", incarnation=first, client_id="c1") == 1
    assert old.add_message(sid, "user", "unfenced") == 3
    again = eng.for_owner(owner).restore_agent("agent")
    assert [m.content for m in again.messages] == ["from one", "from two", "unfenced"]
    assert again.state == {"step": 2} and again.incarnation == 2 and not again.open_tasks
    lease = new.agent_lease("agent")
    assert lease is not None and lease.incarnation == 2 and lease.last_heartbeat is not None
    topics = [type(e).__qualname__ for e in eng.writes.stream_events(agent_stream_id(owner, "agent"))]
    assert topics.count("Agent.Incarnated") == 2


def test_incarnations_increase_and_bad_epochs_are_refused(eng: MemoryEngine) -> None:
    mem = eng.for_owner(_owner())
    assert [mem.claim_agent("a") for _ in range(3)] == [1, 2, 3]
    sid = mem.create_session("a", incarnation=3)
    session = mem.load_session(sid)
    assert session is not None and session.incarnation == 3  # a new session starts fenced
    for bad in (0, -1, True, "2", 1.5):
        with pytest.raises(InvalidInput):
            mem.add_message(sid, "user", "x", incarnation=bad)  # type: ignore[arg-type]
    with pytest.raises(StaleIncarnation):
        mem.add_message(sid, "user", "x", incarnation=2)


# One step of an interleaving: the old incarnation writes, the new one
# writes (once it exists), or the supervisor starts the new one.
STEPS = st.lists(st.sampled_from(["old", "new", "restore"]), min_size=1, max_size=8)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=STEPS)
def test_no_write_of_an_older_incarnation_follows_a_newer_one(
    eng: MemoryEngine, zombie_eng: MemoryEngine, steps: list[str]
) -> None:
    owner = _owner()
    old = zombie_eng.for_owner(owner)
    first = old.claim_agent("agent")
    sid = old.create_session("agent", incarnation=first)
    new = eng.for_owner(owner)
    epoch = {"old": first, "new": None}
    accepted: list[int] = []  # the incarnation of each accepted write, in order
    for step in steps:
        if step == "restore":
            epoch["new"] = new.restore_agent("agent", incarnate=True).incarnation
            continue
        mem, mine = (old, epoch["old"]) if step == "old" else (new, epoch["new"])
        if mine is None:
            continue  # the new incarnation does not exist yet
        try:
            mem.add_message(sid, "user", f"{step}", incarnation=mine, metadata={"incarnation": mine})
            accepted.append(mine)
        except StaleIncarnation:
            assert step == "old" and epoch["new"] is not None  # only a replaced incarnation is refused
            continue
        assert step == "new" or epoch["new"] is None, "a write of a replaced incarnation was accepted"
    logged = [
        int(e.metadata.split(":")[1].strip(" }"))
        for e in _session_log(eng, sid)
        if isinstance(e, Session.MessageAdded) and e.metadata is not None
    ]
    assert logged == accepted
    assert logged == sorted(logged), "a write of an older incarnation follows a newer one's"
    current = eng.for_owner(owner).load_agent("agent")
    assert isinstance(current, Agent) and current.incarnation == 1 + steps.count("restore")


def test_the_incarnation_travels_in_an_http_header(eng: MemoryEngine) -> None:
    """``Ledgermind-Incarnation`` on the service's writes: a replaced one gets 409, nothing written."""
    from fastapi.testclient import TestClient

    from ledgermind.service.app import create_app
    from ledgermind.service.settings import ServiceSettings

    owner = _owner()
    keyring = eng.api_keys()
    _, secret = keyring.create(owner.app)
    client = TestClient(create_app(eng, ServiceSettings()))  # no lifespan: the fixture closes eng
    auth = {"Authorization": f"Bearer {secret}"}
    base = f"/v1/users/{owner.user_id}"
    first = eng.for_owner(owner).claim_agent("agent")
    old = {**auth, "Ledgermind-Incarnation": str(first)}
    r = client.post(f"{base}/sessions", json={"agent_id": "agent"}, headers=old)
    assert r.status_code == 201, r.text
    sid = r.json()["session_id"]
    assert client.post(
        f"{base}/sessions/{sid}/messages", json={"role": "user", "content": "one"}, headers=old
    ).json() == {"seqs": [1]}
    tid = client.post(f"{base}/sessions/{sid}/tasks", json={"input": "t"}, headers=old).json()["task_id"]
    assert client.put(f"{base}/agents/agent/heartbeat", headers=old).status_code == 200
    second = eng.for_owner(owner).restore_agent("agent", incarnate=True).incarnation
    new = {**auth, "Ledgermind-Incarnation": str(second)}
    refused = [
        client.post(f"{base}/sessions/{sid}/messages", json={"role": "user", "content": "zombie"}, headers=old),
        client.put(f"{base}/agents/agent/checkpoint", json={"state": {"zombie": True}}, headers=old),
        client.post(f"{base}/sessions/{sid}/tasks", json={"input": "zombie"}, headers=old),
        client.post(f"{base}/tasks/{tid}/complete", json={"output": "zombie"}, headers=old),
        client.put(f"{base}/agents/agent/heartbeat", headers=old),
    ]
    assert [r.status_code for r in refused] == [409] * 5, [r.text for r in refused]
    assert "StaleIncarnation" in refused[0].text or "replaced" in refused[0].text
    assert client.post(
        f"{base}/sessions/{sid}/messages", json={"role": "user", "content": "two"}, headers=new
    ).json() == {"seqs": [2]}
    assert client.post(f"{base}/tasks/{tid}/complete", json={"output": "ok"}, headers=new).status_code == 200
    assert client.put(f"{base}/agents/agent/heartbeat", headers=auth).status_code == 400  # no header
    bad = client.post(
        f"{base}/sessions/{sid}/messages",
        json={"role": "user", "content": "x"},
        headers={**auth, "Ledgermind-Incarnation": "0"},
    )
    assert bad.status_code in (400, 422)
    assert [m.content for m in eng.for_owner(owner).restore_agent("agent").messages] == ["one", "two"]


def test_only_issued_incarnations_beat_or_write(eng: MemoryEngine) -> None:
    """A heartbeat or a write for an incarnation never issued (ahead of the
    agent's, or of an agent that does not exist) is ``UnknownIncarnation``:
    the lease stays with the real incarnation, whose beats keep working."""
    from ledgermind.domain.errors import UnknownIncarnation

    mem = eng.for_owner(_owner())
    epoch = mem.claim_agent("agent")
    sid = mem.create_session("agent", incarnation=epoch)
    for beat in (lambda: mem.heartbeat("agent", epoch + 98), lambda: mem.heartbeat("ghost", 1)):
        with pytest.raises(UnknownIncarnation):
            beat()
    lease = mem.agent_lease("agent")
    assert lease is not None and lease.incarnation == epoch
    mem.heartbeat("agent", epoch)  # the real one still beats
    with pytest.raises(UnknownIncarnation):
        mem.add_message(sid, "user", "from the future", incarnation=epoch + 1)
    with pytest.raises(UnknownIncarnation):
        mem.checkpoint_agent("agent", {"s": 1}, incarnation=epoch + 1)
    assert mem.get_session(sid).message_count == 0
