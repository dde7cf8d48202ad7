"""Replaying any random sequence of engine calls restores what a plain model predicts.

A hypothesis state machine drives the engine with sessions, messages,
batches, client_id retries, tasks, checkpoints, closes, engine restarts and
calls that must fail, and applies the same calls to a model made of dicts and
lists. Every call's result (or typed error) must match the model as it runs;
at the end a NEW engine on the same database must restore exactly the
model's state from the event store: each agent's current session, every
session's messages, open tasks and checkpoint, every task's status.

The writing engine snapshots every 3 events and caches 2 aggregates, so
restores go through snapshots and the writer reloads evicted streams often.
Each example gets a fresh database.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import Bundle, RuleBasedStateMachine, multiple, rule, run_state_machine_as_test

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.config import EngineConfig, Limits
from ledgermind.domain.errors import (
    AgentNotFound,
    ContentTooLarge,
    IdempotencyKeyReused,
    InvalidInput,
    InvalidRole,
    LedgermindError,
    SessionClosed,
    SessionNotFound,
    TaskFinished,
    TaskNotFound,
)
from ledgermind.recovery.restore import read_messages
from tests.support.capabilities import capabilities

OWNERS = [Owner("app-1", "u-1"), Owner("app-1", "u-2"), Owner("app-2", "u-1")]
AGENTS = ["agent-a", "agent-b"]
CLIENT_IDS = ["c1", "c2", "c3", "c4"]
MAX_BATCH = 4

text = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), min_size=1, max_size=24)
names = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=12)
json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**63 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | text
)
json_values = st.recursive(
    json_scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(text, inner, max_size=3), max_leaves=8
)
moments = st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2030, 1, 1), timezones=st.just(UTC))


@st.composite
def messages(draw: st.DrawFn) -> dict[str, Any]:
    m: dict[str, Any] = {"role": draw(st.sampled_from(["system", "user", "assistant", "tool"])), "content": draw(text)}
    for key, strategy in (
        ("name", names),
        ("client_id", st.sampled_from(CLIENT_IDS)),
        ("metadata", st.dictionaries(text, json_values, max_size=3)),
        ("occurred_at", moments),
    ):
        if draw(st.booleans()):
            m[key] = draw(strategy)
    if m["role"] == "assistant" and draw(st.booleans()):
        m["tool_calls"] = [{"id": "call-1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]
    if m["role"] == "tool" and draw(st.booleans()):
        m["tool_call_id"] = "call-1"
    return m


def _body(message: dict[str, Any]) -> str:
    """What a receipt's request digest covers: the message without its client_id."""
    sent = {k: v for k, v in message.items() if k != "client_id"}
    return json.dumps(sent, sort_keys=True, default=repr)


@dataclass
class SessionModel:
    owner: Owner
    agent_id: str
    messages: list[dict[str, Any]] = field(default_factory=list)
    closed: bool = False
    open_tasks: list[str] = field(default_factory=list)


@dataclass
class TaskModel:
    session_id: str
    input: str
    status: str = "open"


@dataclass
class AgentModel:
    session_id: str
    state: Any = None
    checkpoints: int = 0


class EngineMachine(RuleBasedStateMachine):
    """Subclassed per test with ``new_database`` returning (url, cleanup)."""

    new_database: Callable[[], tuple[str, Callable[[], None]]]

    sessions = Bundle("sessions")
    tasks = Bundle("tasks")

    def __init__(self) -> None:
        super().__init__()
        self.url, self._cleanup = type(self).new_database()
        self.config = EngineConfig(
            db=self.url, snapshot_interval=3, cache_size=2, limits=Limits(max_batch_messages=MAX_BATCH)
        )
        self.eng = MemoryEngine(self.config)
        self.session_models: dict[str, SessionModel] = {}
        self.task_models: dict[str, TaskModel] = {}
        self.agents: dict[tuple[Owner, str], AgentModel] = {}
        self.receipts: dict[tuple[str, str], int] = {}

    # --- helpers -------------------------------------------------------------

    def _head(self) -> int:
        return self.eng.log.recorder.max_notification_id() or 0

    def _refused(self, error: type[LedgermindError], call: Callable[[], Any]) -> None:
        """The call raises exactly ``error`` and writes nothing."""
        before = self._head()
        with pytest.raises(LedgermindError) as raised:
            call()
        assert type(raised.value) is error, f"expected {error.__name__}, got {raised.value!r}"
        assert self._head() == before

    def _expected_append(self, sid: str, batch: list[dict[str, Any]]) -> list[int] | type[LedgermindError]:
        """The model's answer to appending ``batch`` (seqs or an error class); applies it."""
        ids = [m.get("client_id") for m in batch]
        named = [c for c in ids if c is not None]
        if len(set(named)) != len(named):
            return InvalidInput
        found = [None if c is None else self.receipts.get((sid, c)) for c in ids]
        if any(f is not None for f in found):
            if any(f is None for f in found):
                return IdempotencyKeyReused  # part retry, part new: not the same batch
            session_messages = self.session_models[sid].messages
            if any(_body(session_messages[f - 1]) != _body(m) for f, m in zip(found, batch) if f is not None):
                return IdempotencyKeyReused  # a used client_id on a different message
            return [f for f in found if f is not None]
        session = self.session_models[sid]
        if session.closed:
            return SessionClosed
        seqs = []
        for m in batch:
            session.messages.append(m)
            seqs.append(len(session.messages))
            if m.get("client_id") is not None:
                self.receipts[(sid, m["client_id"])] = seqs[-1]
        return seqs

    def _append(self, sid: str, batch: list[dict[str, Any]], call: Callable[[], Any], single: bool) -> None:
        expected = self._expected_append(sid, batch)
        if isinstance(expected, list):
            assert call() == (expected[0] if single else expected)
        else:
            self._refused(expected, call)

    # --- rules ---------------------------------------------------------------

    @rule(target=sessions, owner=st.sampled_from(OWNERS), agent_id=st.sampled_from(AGENTS))
    def create_session(self, owner: Owner, agent_id: str) -> str:
        sid = self.eng.for_owner(owner).create_session(agent_id=agent_id)
        assert sid not in self.session_models
        self.session_models[sid] = SessionModel(owner, agent_id)
        agent = self.agents.setdefault((owner, agent_id), AgentModel(sid))
        agent.session_id = sid
        return sid

    @rule(sid=sessions, message=messages())
    def add_message(self, sid: str, message: dict[str, Any]) -> None:
        owner = self.session_models[sid].owner
        call: Callable[[], Any] = lambda: self.eng.for_owner(owner).add_message(sid, **message)  # noqa: E731
        self._append(sid, [message], call, single=True)

    @rule(sid=sessions, batch=st.lists(messages(), min_size=1, max_size=MAX_BATCH))
    def add_messages(self, sid: str, batch: list[dict[str, Any]]) -> None:
        self._append(
            sid,
            batch,
            lambda: self.eng.for_owner(self.session_models[sid].owner).add_messages(sid, batch),
            single=False,
        )

    @rule(sid=sessions, data=st.data())
    def retry_earlier_message(self, sid: str, data: st.DataObject) -> None:
        """A client retrying a request it already sent (same client_id, same body)."""
        session = self.session_models[sid]
        sent = [m for m in session.messages if m.get("client_id") is not None]
        if not sent:
            return
        message = data.draw(st.sampled_from(sent))
        before = self._head()
        seq = self.eng.for_owner(session.owner).add_message(sid, **message)
        assert seq == self.receipts[(sid, message["client_id"])]
        assert self._head() == before

    @rule(target=tasks, sid=sessions, task_input=text)
    def start_task(self, sid: str, task_input: str) -> Any:
        session = self.session_models[sid]
        if session.closed:
            self._refused(SessionClosed, lambda: self.eng.for_owner(session.owner).start_task(sid, input=task_input))
            return multiple()
        tid = self.eng.for_owner(session.owner).start_task(sid, input=task_input)
        self.task_models[tid] = TaskModel(sid, task_input)
        session.open_tasks.append(tid)
        return tid

    @rule(tid=tasks, ok=st.booleans(), result=text)
    def finish_task(self, tid: str, ok: bool, result: str) -> None:
        task = self.task_models[tid]
        owner = self.session_models[task.session_id].owner
        call = (
            (lambda: self.eng.for_owner(owner).complete_task(tid, output=result))
            if ok
            else (lambda: self.eng.for_owner(owner).fail_task(tid, error=result))
        )
        if task.status != "open":
            self._refused(TaskFinished, call)
            return
        call()
        task.status = "completed" if ok else "failed"
        self.session_models[task.session_id].open_tasks.remove(tid)

    @rule(owner=st.sampled_from(OWNERS), agent_id=st.sampled_from(AGENTS), state=json_values)
    def checkpoint(self, owner: Owner, agent_id: str, state: Any) -> None:
        agent = self.agents.get((owner, agent_id))
        if agent is None:
            self._refused(AgentNotFound, lambda: self.eng.for_owner(owner).checkpoint_agent(agent_id, state))
            return
        self.eng.for_owner(owner).checkpoint_agent(agent_id, state)
        agent.state = state
        agent.checkpoints += 1

    @rule(sid=sessions)
    def close_session(self, sid: str) -> None:
        self.eng.for_owner(self.session_models[sid].owner).close_session(sid)
        self.session_models[sid].closed = True

    @rule()
    def restart_engine(self) -> None:
        """A process restart: the writer's cache is gone, the store is not."""
        self.eng.close()
        self.eng = MemoryEngine(self.config)

    @rule(sid=sessions, data=st.data())
    def invalid_call(self, sid: str, data: st.DataObject) -> None:
        session = self.session_models[sid]
        other = data.draw(st.sampled_from([o for o in OWNERS if o != session.owner]))
        unknown = uuid.uuid4().hex
        cases: list[tuple[type[LedgermindError], Callable[[], Any]]] = [
            (SessionNotFound, lambda: self.eng.for_owner(other).add_message(sid, role="user", content="x")),
            (SessionNotFound, lambda: self.eng.for_owner(session.owner).add_message(unknown, role="user", content="x")),
            (SessionNotFound, lambda: self.eng.for_owner(session.owner).start_task(unknown, input="x")),
            (SessionNotFound, lambda: self.eng.for_owner(other).close_session(sid)),
            (TaskNotFound, lambda: self.eng.for_owner(session.owner).complete_task(unknown, output="x")),
            (InvalidRole, lambda: self.eng.for_owner(session.owner).add_message(sid, role="robot", content="x")),
            (
                ContentTooLarge,
                lambda: self.eng.for_owner(session.owner).add_messages(
                    sid, [{"role": "user", "content": "x"}] * (MAX_BATCH + 1)
                ),
            ),
        ]
        error, call = data.draw(st.sampled_from(cases))
        self._refused(error, call)

    # --- the replay check ------------------------------------------------------

    def teardown(self) -> None:
        try:
            self.eng.close()
            with MemoryEngine.open(self.url) as fresh:
                self._check_replay(fresh)
        finally:
            self._cleanup()

    def _check_replay(self, fresh: MemoryEngine) -> None:
        for owner in OWNERS:
            for agent_id in AGENTS:
                agent = self.agents.get((owner, agent_id))
                if agent is None:
                    with pytest.raises(AgentNotFound):
                        fresh.for_owner(owner).restore_agent(agent_id)
                    continue
                restored = fresh.for_owner(owner).restore_agent(agent_id)
                session = self.session_models[agent.session_id]
                assert restored.session_id == agent.session_id
                assert restored.session_closed == session.closed
                assert (restored.state, restored.checkpoints) == (agent.state, agent.checkpoints)
                assert [t.task_id for t in restored.open_tasks] == session.open_tasks
                assert [t.input for t in restored.open_tasks] == [self.task_models[t].input for t in session.open_tasks]
                assert restored.message_count == len(session.messages)
                _same_messages(restored.messages, session.messages)
                last = fresh.for_owner(owner).restore_agent(agent_id, last_n=2).messages
                _same_messages(last, session.messages[-2:], first_seq=max(1, len(session.messages) - 1))
        for sid, session in self.session_models.items():
            info = fresh.for_owner(session.owner).get_session(sid)
            assert (info.agent_id, info.closed, info.open_tasks) == (
                session.agent_id,
                session.closed,
                session.open_tasks,
            )
            loaded = fresh.for_owner(session.owner).load_session(sid)
            assert loaded is not None
            _same_messages(read_messages(fresh, loaded), session.messages)
        for tid, task in self.task_models.items():
            loaded_task = fresh.for_owner(self.session_models[task.session_id].owner).load_task(tid)
            assert loaded_task is not None and loaded_task.status == task.status
        # Nothing extra anywhere in the log: one message.added per model message.
        added = fresh.log.recorder.select_notifications(1, 1_000_000, topics=("message.added",))
        assert len(added) == sum(len(s.messages) for s in self.session_models.values())


def _same_messages(got: list[Any], expected: list[dict[str, Any]], first_seq: int = 1) -> None:
    assert [m.seq for m in got] == list(range(first_seq, first_seq + len(expected)))
    for m, e in zip(got, expected, strict=True):
        assert (m.role, m.content, m.name, m.client_id) == (e["role"], e["content"], e.get("name"), e.get("client_id"))
        assert m.metadata == e.get("metadata")
        assert m.tool_calls == e.get("tool_calls")
        assert m.tool_call_id == e.get("tool_call_id")
        if "occurred_at" in e:
            assert m.occurred_at == e["occurred_at"]
        assert m.occurred_at.tzinfo is not None and m.recorded_at.tzinfo is not None


def _sqlite_databases() -> tuple[str, Callable[[], None]]:
    root = tempfile.mkdtemp(prefix="ledgermind-model-")
    return f"{root}/model.db", lambda: shutil.rmtree(root, ignore_errors=True)


def _postgres_databases(server_dsn: str) -> Callable[[], tuple[str, Callable[[], None]]]:
    def new() -> tuple[str, Callable[[], None]]:
        name = "m_" + uuid.uuid4().hex[:16]
        with psycopg.connect(server_dsn, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')

        def drop() -> None:
            with psycopg.connect(server_dsn, autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

        return urlunsplit(urlsplit(server_dsn)._replace(path="/" + name)), drop

    return new


def test_replay_matches_the_model(backend: str, request: pytest.FixtureRequest) -> None:
    if capabilities(backend).embedded_file:
        factory = _sqlite_databases
    else:
        factory = _postgres_databases(request.getfixturevalue("pg_server_dsn"))
    machine = type("Machine", (EngineMachine,), {"new_database": staticmethod(factory)})
    run_state_machine_as_test(
        machine,
        settings=settings(
            max_examples=20,
            stateful_step_count=25,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
        ),
    )
