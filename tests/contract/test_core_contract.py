"""The core write/read contract, run on a SQLite file and on PostgreSQL."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.errors import (
    AgentNotFound,
    SessionClosed,
    SessionNotFound,
    TaskFinished,
)
from ledgermind.recovery import restore_agent

OWNER = Owner("support", "user-42")


def test_messages_round_trip_in_order(eng: MemoryEngine) -> None:
    sid = eng.create_session(OWNER, agent_id="agent-7")
    said = datetime(2023, 5, 8, 13, 56, tzinfo=timezone.utc)
    calls = [{"id": "call_1", "type": "function", "function": {"name": "lookup", "arguments": "{\"q\": 1}"}}]
    assert eng.add_message(OWNER, sid, role="system", content="be brief") == 1
    assert eng.add_message(OWNER, sid, role="user", content="hi", name="Ken", occurred_at=said) == 2
    assert eng.add_message(OWNER, sid, role="assistant", content="", tool_calls=calls) == 3
    assert eng.add_message(OWNER, sid, role="tool", content="{\"r\": 2}", tool_call_id="call_1",
                           metadata={"nested": {"a": [1, 2.5, None, True]}}) == 4
    restored = restore_agent(eng, OWNER, "agent-7")
    assert restored.session_id == sid
    assert [m.seq for m in restored.messages] == [1, 2, 3, 4]
    assert [m.role for m in restored.messages] == ["system", "user", "assistant", "tool"]
    assert restored.messages[1].occurred_at == said
    assert restored.messages[1].name == "Ken"
    assert restored.messages[1].recorded_at > said  # transaction time kept apart
    assert restored.messages[2].tool_calls == calls
    assert restored.messages[3].tool_call_id == "call_1"
    assert restored.messages[3].metadata == {"nested": {"a": [1, 2.5, None, True]}}


def test_add_messages_is_atomic_and_contiguous(eng: MemoryEngine) -> None:
    sid = eng.create_session(OWNER, agent_id="a")
    assert eng.add_messages(OWNER, sid, [{"role": "user", "content": "q"}, {"role": "assistant", "content": "a"}]) == [1, 2]
    with pytest.raises(Exception):
        eng.add_messages(OWNER, sid, [{"role": "user", "content": "ok"}, {"role": "robot", "content": "bad"}])
    assert eng.get_session(OWNER, sid).message_count == 2
    assert eng.add_message(OWNER, sid, role="user", content="next") == 3


def test_client_id_makes_retries_idempotent(eng: MemoryEngine) -> None:
    sid = eng.create_session(OWNER, agent_id="a")
    first = eng.add_message(OWNER, sid, role="user", content="hello", client_id="req-1")
    before = eng.log.recorder.max_notification_id()
    again = eng.add_message(OWNER, sid, role="user", content="hello", client_id="req-1")
    assert again == first
    assert eng.log.recorder.max_notification_id() == before
    batch = eng.add_messages(OWNER, sid, [{"role": "user", "content": "x", "client_id": "b1"},
                                   {"role": "user", "content": "y", "client_id": "b2"}])
    assert eng.add_messages(OWNER, sid, [{"role": "user", "content": "x", "client_id": "b1"},
                                  {"role": "user", "content": "y", "client_id": "b2"}]) == batch
    assert eng.get_session(OWNER, sid).message_count == 3


def test_idempotency_survives_a_new_engine(db_url: str) -> None:
    with MemoryEngine.open(db_url) as e1:
        sid = e1.create_session(OWNER, agent_id="a")
        seq = e1.add_message(OWNER, sid, role="user", content="hello", client_id="req-9")
    with MemoryEngine.open(db_url) as e2:
        assert e2.add_message(OWNER, sid, role="user", content="hello", client_id="req-9") == seq
        assert e2.get_session(OWNER, sid).message_count == 1


def test_tasks_open_and_finish(eng: MemoryEngine) -> None:
    sid = eng.create_session(OWNER, agent_id="a")
    t1 = eng.start_task(OWNER, sid, input="summarise")
    t2 = eng.start_task(OWNER, sid, input="translate")
    eng.complete_task(OWNER, t1, output="done")
    restored = restore_agent(eng, OWNER, "a")
    assert [t.task_id for t in restored.open_tasks] == [t2]
    assert restored.open_tasks[0].input == "translate"
    with pytest.raises(TaskFinished):
        eng.complete_task(OWNER, t1, output="again")
    eng.fail_task(OWNER, t2, error="timeout")
    assert restore_agent(eng, OWNER, "a").open_tasks == []


def test_checkpoint_and_current_session(eng: MemoryEngine) -> None:
    s1 = eng.create_session(OWNER, agent_id="a")
    eng.checkpoint_agent(OWNER, "a", {"step": 1})
    s2 = eng.create_session(OWNER, agent_id="a")
    eng.add_message(OWNER, s2, role="user", content="in s2")
    eng.checkpoint_agent(OWNER, "a", {"step": 2, "plan": ["x", "y"]})
    restored = restore_agent(eng, OWNER, "a")
    assert restored.session_id == s2 != s1
    assert restored.state == {"step": 2, "plan": ["x", "y"]}
    assert [m.content for m in restored.messages] == ["in s2"]


def test_closed_session_refuses_writes(eng: MemoryEngine) -> None:
    sid = eng.create_session(OWNER, agent_id="a")
    eng.add_message(OWNER, sid, role="user", content="bye")
    eng.close_session(OWNER, sid)
    before = eng.log.recorder.max_notification_id()
    with pytest.raises(SessionClosed):
        eng.add_message(OWNER, sid, role="user", content="too late")
    assert eng.log.recorder.max_notification_id() == before
    assert restore_agent(eng, OWNER, "a").session_closed


def test_last_n_messages(eng: MemoryEngine) -> None:
    sid = eng.create_session(OWNER, agent_id="a")
    eng.add_messages(OWNER, sid, [{"role": "user", "content": f"m{i}"} for i in range(1, 151)])
    eng.start_task(OWNER, sid, input="t")  # non-message events interleave in the stream
    eng.add_message(OWNER, sid, role="user", content="m151")
    assert [m.seq for m in restore_agent(eng, OWNER, "a", last_n=3).messages] == [149, 150, 151]
    assert len(restore_agent(eng, OWNER, "a", last_n=500).messages) == 151
    assert restore_agent(eng, OWNER, "a", last_n=0).messages == []


def test_wrong_owner_sees_nothing(eng: MemoryEngine) -> None:
    sid = eng.create_session(OWNER, agent_id="a")
    other = Owner("support", "user-43")
    with pytest.raises(AgentNotFound):
        restore_agent(eng, other, "a")
    with pytest.raises(SessionNotFound):
        eng.add_message(other, sid, role="user", content="x")
    with pytest.raises(SessionNotFound):
        eng.get_session(other, sid)


def test_restore_unknown_agent(eng: MemoryEngine) -> None:
    with pytest.raises(AgentNotFound):
        restore_agent(eng, OWNER, "nobody")
    with pytest.raises(AgentNotFound):
        eng.checkpoint_agent(OWNER, "nobody", {})


def test_long_session_reload_uses_snapshots(db_url: str) -> None:
    with MemoryEngine.open(db_url) as e1:
        sid = e1.create_session(OWNER, agent_id="a")
        for start in range(0, 450, 150):
            e1.add_messages(OWNER, sid, [{"role": "user", "content": f"m{i}"} for i in range(start, start + 150)])
    with MemoryEngine.open(db_url) as e2:
        assert e2.add_message(OWNER, sid, role="user", content="after reopen") == 451
        snapshots = list(e2.log.snapshots.get(e2.load_session(OWNER, sid).id)) if e2.log.snapshots else []
        assert snapshots, "long sessions must be snapshotted"
        assert restore_agent(e2, OWNER, "a").message_count == 451
