"""The core write/read contract, run on a SQLite file and on PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.errors import (
    AgentNotFound,
    InvalidRole,
    SessionClosed,
    SessionNotFound,
    TaskFinished,
)

OWNER = Owner("support", "user-42")


def test_messages_round_trip_in_order(eng: MemoryEngine) -> None:
    sid = eng.for_owner(OWNER).create_session(agent_id="agent-7")
    said = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
    calls = [{"id": "call_1", "type": "function", "function": {"name": "lookup", "arguments": '{"q": 1}'}}]
    assert eng.for_owner(OWNER).add_message(sid, role="system", content="be brief") == 1
    assert eng.for_owner(OWNER).add_message(sid, role="user", content="hi", name="Ken", occurred_at=said) == 2
    assert eng.for_owner(OWNER).add_message(sid, role="assistant", content="", tool_calls=calls) == 3
    assert (
        eng.for_owner(OWNER).add_message(
            sid,
            role="tool",
            content='{"r": 2}',
            tool_call_id="call_1",
            metadata={"nested": {"a": [1, 2.5, None, True]}},
        )
        == 4
    )
    restored = eng.for_owner(OWNER).restore_agent("agent-7")
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
    sid = eng.for_owner(OWNER).create_session(agent_id="a")
    assert eng.for_owner(OWNER).add_messages(
        sid, [{"role": "user", "content": "q"}, {"role": "assistant", "content": "a"}]
    ) == [1, 2]
    with pytest.raises(InvalidRole):
        eng.for_owner(OWNER).add_messages(sid, [{"role": "user", "content": "ok"}, {"role": "robot", "content": "bad"}])
    assert eng.for_owner(OWNER).get_session(sid).message_count == 2
    assert eng.for_owner(OWNER).add_message(sid, role="user", content="next") == 3


def test_client_id_makes_retries_idempotent(eng: MemoryEngine) -> None:
    sid = eng.for_owner(OWNER).create_session(agent_id="a")
    first = eng.for_owner(OWNER).add_message(sid, role="user", content="hello", client_id="req-1")
    before = eng.log.recorder.max_notification_id()
    again = eng.for_owner(OWNER).add_message(sid, role="user", content="hello", client_id="req-1")
    assert again == first
    assert eng.log.recorder.max_notification_id() == before
    batch = eng.for_owner(OWNER).add_messages(
        sid, [{"role": "user", "content": "x", "client_id": "b1"}, {"role": "user", "content": "y", "client_id": "b2"}]
    )
    assert (
        eng.for_owner(OWNER).add_messages(
            sid,
            [{"role": "user", "content": "x", "client_id": "b1"}, {"role": "user", "content": "y", "client_id": "b2"}],
        )
        == batch
    )
    assert eng.for_owner(OWNER).get_session(sid).message_count == 3


def test_idempotency_survives_a_new_engine(db_url: str) -> None:
    with MemoryEngine.open(db_url) as e1:
        sid = e1.for_owner(OWNER).create_session(agent_id="a")
        seq = e1.for_owner(OWNER).add_message(sid, role="user", content="hello", client_id="req-9")
    with MemoryEngine.open(db_url) as e2:
        assert e2.for_owner(OWNER).add_message(sid, role="user", content="hello", client_id="req-9") == seq
        assert e2.for_owner(OWNER).get_session(sid).message_count == 1


def test_tasks_open_and_finish(eng: MemoryEngine) -> None:
    sid = eng.for_owner(OWNER).create_session(agent_id="a")
    t1 = eng.for_owner(OWNER).start_task(sid, input="summarise")
    t2 = eng.for_owner(OWNER).start_task(sid, input="translate")
    eng.for_owner(OWNER).complete_task(t1, output="done")
    restored = eng.for_owner(OWNER).restore_agent("a")
    assert [t.task_id for t in restored.open_tasks] == [t2]
    assert restored.open_tasks[0].input == "translate"
    with pytest.raises(TaskFinished):
        eng.for_owner(OWNER).complete_task(t1, output="again")
    eng.for_owner(OWNER).fail_task(t2, error="timeout")
    assert eng.for_owner(OWNER).restore_agent("a").open_tasks == []


def test_checkpoint_and_current_session(eng: MemoryEngine) -> None:
    s1 = eng.for_owner(OWNER).create_session(agent_id="a")
    eng.for_owner(OWNER).checkpoint_agent("a", {"step": 1})
    s2 = eng.for_owner(OWNER).create_session(agent_id="a")
    eng.for_owner(OWNER).add_message(s2, role="user", content="in s2")
    eng.for_owner(OWNER).checkpoint_agent("a", {"step": 2, "plan": ["x", "y"]})
    restored = eng.for_owner(OWNER).restore_agent("a")
    assert restored.session_id == s2 != s1
    assert restored.state == {"step": 2, "plan": ["x", "y"]}
    assert [m.content for m in restored.messages] == ["in s2"]


def test_closed_session_refuses_writes(eng: MemoryEngine) -> None:
    sid = eng.for_owner(OWNER).create_session(agent_id="a")
    eng.for_owner(OWNER).add_message(sid, role="user", content="bye")
    eng.for_owner(OWNER).close_session(sid)
    before = eng.log.recorder.max_notification_id()
    with pytest.raises(SessionClosed):
        eng.for_owner(OWNER).add_message(sid, role="user", content="too late")
    assert eng.log.recorder.max_notification_id() == before
    assert eng.for_owner(OWNER).restore_agent("a").session_closed


def test_last_n_messages(eng: MemoryEngine) -> None:
    sid = eng.for_owner(OWNER).create_session(agent_id="a")
    eng.for_owner(OWNER).add_messages(sid, [{"role": "user", "content": f"m{i}"} for i in range(1, 151)])
    eng.for_owner(OWNER).start_task(sid, input="t")  # non-message events interleave in the stream
    eng.for_owner(OWNER).add_message(sid, role="user", content="m151")
    assert [m.seq for m in eng.for_owner(OWNER).restore_agent("a", last_n=3).messages] == [149, 150, 151]
    assert len(eng.for_owner(OWNER).restore_agent("a", last_n=500).messages) == 151
    assert eng.for_owner(OWNER).restore_agent("a", last_n=0).messages == []


def test_wrong_owner_sees_nothing(eng: MemoryEngine) -> None:
    sid = eng.for_owner(OWNER).create_session(agent_id="a")
    other = Owner("support", "user-43")
    with pytest.raises(AgentNotFound):
        eng.for_owner(other).restore_agent("a")
    with pytest.raises(SessionNotFound):
        eng.for_owner(other).add_message(sid, role="user", content="x")
    with pytest.raises(SessionNotFound):
        eng.for_owner(other).get_session(sid)


def test_restore_unknown_agent(eng: MemoryEngine) -> None:
    with pytest.raises(AgentNotFound):
        eng.for_owner(OWNER).restore_agent("nobody")
    with pytest.raises(AgentNotFound):
        eng.for_owner(OWNER).checkpoint_agent("nobody", {})


def test_long_session_reload_uses_snapshots(db_url: str) -> None:
    with MemoryEngine.open(db_url) as e1:
        sid = e1.for_owner(OWNER).create_session(agent_id="a")
        for start in range(0, 450, 150):
            e1.for_owner(OWNER).add_messages(
                sid, [{"role": "user", "content": f"m{i}"} for i in range(start, start + 150)]
            )
    with MemoryEngine.open(db_url) as e2:
        assert e2.for_owner(OWNER).add_message(sid, role="user", content="after reopen") == 451
        snapshots = list(e2.log.snapshots.get(e2.for_owner(OWNER).load_session(sid).id)) if e2.log.snapshots else []
        assert snapshots, "long sessions must be snapshotted"
        assert e2.for_owner(OWNER).restore_agent("a").message_count == 451
