"""``LedgermindSession`` under the OpenAI Agents SDK's own ``Runner``, on
every backend: the same conversation (with a tool call) as ``SQLiteSession``,
item for item; a worker killed by SIGKILL mid-turn and a new process that
continues with the full history; ``pop_item`` / ``clear_session`` as
retractions that the history keeps; the SDK's session semantics checked
against ``SQLiteSession`` for any sequence of calls."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest
from agents import SQLiteSession
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.errors import IdempotencyKeyReused, OwnerErased, SessionNotFound, StaleIncarnation
from ledgermind.integrations.openai_agents import CLEAR_REASON, POP_REASON, LedgermindSession
from tests.support.examples import run_example
from tests.support.scripted_agents import AGENT, OWNER, SESSION, TURNS, open_session, resume, run_turns

ROOT = Path(__file__).resolve().parents[2]


def sqlite_baseline() -> tuple[list[Any], list[Any]]:
    """The whole conversation on the SDK's own session: (outputs, items)."""

    async def go() -> tuple[list[Any], list[Any]]:
        session = SQLiteSession(SESSION)
        try:
            return await run_turns(session, TURNS), await session.get_items()
        finally:
            session.close()

    return asyncio.run(go())


def test_a_conversation_is_the_same_as_on_sqlite_session(db_url: str) -> None:
    outputs, items = sqlite_baseline()
    with MemoryEngine.open(db_url) as eng:
        session = LedgermindSession(SESSION, eng, owner=OWNER, agent_id=AGENT)
        assert asyncio.run(run_turns(session, TURNS)) == outputs
        assert asyncio.run(session.get_items()) == items
        for n in (0, 1, 3, len(items), len(items) + 5, -1):
            assert asyncio.run(session.get_items(n)) == (items[-n:] if n > 0 else [] if n == 0 else items)
        # a fresh reader (no cache) sees the same items
        assert asyncio.run(LedgermindSession(SESSION, eng, owner=OWNER, agent_id=AGENT).get_items()) == items
        # and they are ordinary messages: the agent's session, with the tool call as a tool call
        restored = eng.for_owner(OWNER).restore_agent(AGENT)
        assert restored.session_id == session.ledger_session_id and restored.message_count == len(items)
        page = eng.for_owner(OWNER).messages(session.ledger_session_id)
        roles = [m.role for m in page.messages]
        assert roles.count("tool") == 2 and roles.count("user") == len(TURNS)
        call = next(m for m in page.messages if m.tool_calls)
        assert call.tool_calls[0]["function"]["name"] == "weather"
        assert next(m for m in page.messages if m.role == "tool").tool_call_id == call.tool_calls[0]["id"]


def _worker(kind: str, db: str, turns: int, die_in: int) -> int:
    run = subprocess.run(
        [sys.executable, "-m", "tests.support.scripted_agents", kind, db, str(turns), str(die_in)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode in (0, -9), run.stderr[-3000:]
    return run.returncode


@pytest.mark.slow  # two worker processes, one killed by SIGKILL: ~15 s
def test_a_killed_worker_is_continued_by_a_new_process(db_url: str, tmp_path: Path) -> None:
    """The worker dies inside the weather tool of turn 3 (its question is
    stored, the answer is not): a new process opens the same session, sees
    every item of turns 1 and 2 and the question, finishes the turn from the
    history and goes on. The result is the uninterrupted run's, item for
    item, and what SQLiteSession gives after the same crash."""
    outputs, items = sqlite_baseline()
    results = {}
    for kind, db in (("ledgermind", db_url), ("sqlite", str(tmp_path / "sdk.db"))):
        assert _worker(kind, db, turns=3, die_in=3) == -9
        session = open_session(kind, db)  # this process: a new session object on the same store
        try:
            stored = asyncio.run(session.get_items())
            assert stored == items[:6] + [{"role": "user", "content": TURNS[2]}], stored
            finished = asyncio.run(resume(session))
            rest = asyncio.run(run_turns(session, TURNS[3:]))
            results[kind] = ([finished, *rest], asyncio.run(session.get_items()))
        finally:
            session.close()
    assert results["ledgermind"] == results["sqlite"] == (outputs[2:], items)


def test_pop_and_clear_are_retractions_the_history_keeps(eng: MemoryEngine) -> None:
    _, items = sqlite_baseline()
    memory = eng.for_owner(OWNER)
    session = LedgermindSession(SESSION, eng, owner=OWNER, agent_id=AGENT)
    asyncio.run(session.add_items(items))
    assert asyncio.run(session.pop_item()) == items[-1]
    assert asyncio.run(session.pop_item()) == items[-2]
    assert asyncio.run(session.get_items()) == items[:-2]
    sid = session.ledger_session_id
    assert memory.retracted_messages(sid) == [len(items) - 1, len(items)]
    # the history keeps what was removed: the messages are still there, retracted with the reason
    assert len(memory.messages(sid).messages) == len(items)
    report = memory.retract(sid, len(items), POP_REASON)
    assert not report.changed  # already retracted, by pop_item
    asyncio.run(session.clear_session())
    assert asyncio.run(session.get_items()) == []
    assert asyncio.run(session.pop_item()) is None
    assert memory.retracted_messages(sid) == list(range(1, len(items) + 1))
    assert not memory.retract(sid, 1, CLEAR_REASON).changed
    # a cleared session goes on: new items after the cleared ones
    asyncio.run(session.add_items(items[:2]))
    assert asyncio.run(LedgermindSession(SESSION, eng, owner=OWNER, agent_id=AGENT).get_items()) == items[:2]


def test_the_mapping_is_the_owner_and_session_id(eng: MemoryEngine) -> None:
    """Another owner's same session id is another conversation; another
    agent cannot take over an existing session id; a fenced incarnation
    cannot write; an erased owner's items cannot be read."""
    item = {"role": "user", "content": "hello"}
    mine = LedgermindSession("s", eng, owner=OWNER, agent_id=AGENT)
    asyncio.run(mine.add_items([item]))
    other = LedgermindSession("s", eng, owner=Owner("agents-app", "bob"), agent_id=AGENT)
    assert asyncio.run(other.get_items()) == []
    assert other.ledger_session_id != mine.ledger_session_id
    with pytest.raises(IdempotencyKeyReused):
        asyncio.run(LedgermindSession("s", eng, owner=OWNER, agent_id="another-agent").get_items())
    memory = eng.for_owner(OWNER)
    first = memory.claim_agent(AGENT)
    fenced = LedgermindSession("s", eng, owner=OWNER, agent_id=AGENT, incarnation=first)
    asyncio.run(fenced.add_items([item]))
    memory.claim_agent(AGENT)  # a supervisor started a newer incarnation
    with pytest.raises(StaleIncarnation):
        asyncio.run(fenced.add_items([item]))
    assert asyncio.run(mine.get_items()) == [item, item]
    memory.erase()
    with pytest.raises((OwnerErased, SessionNotFound)):
        asyncio.run(mine.get_items())


_ITEMS = st.sampled_from(
    [
        {"role": "user", "content": "hi"},
        {"role": "developer", "content": "be brief"},
        {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "c1", "output": "42"},
        {"type": "reasoning", "id": "r1", "summary": []},
        {"role": "assistant", "type": "message", "content": [{"type": "output_text", "text": "ok", "annotations": []}]},
    ]
)
_CALLS = st.lists(
    st.one_of(
        st.tuples(st.just("add"), st.lists(_ITEMS, min_size=1, max_size=4)),
        st.tuples(st.just("get"), st.one_of(st.none(), st.integers(-2, 6))),
        st.tuples(st.just("pop"), st.none()),
        st.tuples(st.just("clear"), st.none()),
    ),
    max_size=12,
)


@pytest.mark.parametrize("backend", ["sqlite"])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(calls=_CALLS)
def test_any_sequence_of_calls_answers_as_sqlite_session(eng: MemoryEngine, calls: list[Any]) -> None:
    """The SDK's semantics are SQLiteSession's: the same calls, the same answers."""
    sid = uuid.uuid4().hex  # a new conversation per example, on the one engine
    ours = LedgermindSession(sid, eng, owner=OWNER, agent_id=AGENT)
    theirs = SQLiteSession(sid)

    async def call(session: Any, op: str, arg: Any) -> Any:
        if op == "add":
            return await session.add_items(arg)
        if op == "get":
            return await session.get_items(arg)
        return await (session.pop_item() if op == "pop" else session.clear_session())

    try:
        for op, arg in calls:
            assert asyncio.run(call(ours, op, arg)) == asyncio.run(call(theirs, op, arg)), (op, arg)
        assert asyncio.run(ours.get_items()) == asyncio.run(theirs.get_items())
    finally:
        theirs.close()


@pytest.mark.slow  # a real SIGKILL of a worker process, then a resume: ~20-40 s
def test_the_example_continues_a_killed_conversation(tmp_path: Path) -> None:
    """examples/openai_agents_session.py as a user runs it."""
    out = run_example("openai_agents_session.py", tmp_path / "agent.db")
    assert "worker exited with -9" in out
    assert "the new process finds 7 items; the last: {'role': 'user', 'content': 'And the weather in Bergen?'}" in out
    assert "continued the interrupted turn -> 'The forecast: rain, 11 C.'" in out
    assert "12 items now" in out and "took back: 'Book Lisbon.'" in out
    assert out.count("(retracted: pop_item)") == 2 and ": 12 messages" in out
