"""The owner-bound handle: no owner parameter, and no other owner's ids (every backend)."""

from __future__ import annotations

import inspect
import uuid

import pytest

from ledgermind import MemoryEngine, Owner, OwnerMemory
from ledgermind.domain.errors import AgentNotFound, InvalidInput, MemoryNotFound, SessionNotFound, TaskNotFound

ALICE = Owner("handle", "alice")
BOB = Owner("handle", "bob")


def test_handle_methods_take_no_owner() -> None:
    for name, method in inspect.getmembers(OwnerMemory, inspect.isfunction):
        if name.startswith("_"):
            continue
        params = inspect.signature(method).parameters
        assert not any("owner" in p or p in ("app", "user_id") for p in params), name


def test_every_owner_scoped_call_has_one_door_the_handle() -> None:
    """The engine keeps the lifecycle and the operator's calls (at most 20
    public names) and takes no owner but in ``for_owner``; the one name both have,
    ``verify_log``, is the whole log on the engine and one owner's streams on
    the handle."""
    public = [n for n in dir(MemoryEngine) if not n.startswith("_")]
    assert len(public) <= 20, public
    for name, method in inspect.getmembers(MemoryEngine, inspect.isfunction):
        if not name.startswith("_") and name != "for_owner":  # the door itself
            params = inspect.signature(method).parameters
            assert not any("owner" in p for p in params), name
    handle = {n for n in dir(OwnerMemory) if not n.startswith("_")}
    assert set(public) & handle == {"verify_log"}
    assert list(inspect.signature(MemoryEngine.verify_log).parameters) == ["self"]


def test_handle_round_trip(eng: MemoryEngine) -> None:
    mem = eng.for_owner(ALICE)
    sid = mem.create_session("agent-1")
    assert mem.add_message(sid, "user", "I like green tea") == 1
    assert mem.add_messages(sid, [{"role": "assistant", "content": "Noted."}]) == [2]
    tid = mem.start_task(sid, "remember the tea")
    mem.complete_task(tid, "done")
    mem.checkpoint_agent("agent-1", {"step": 1})
    restored = mem.restore_agent("agent-1")
    assert [m.seq for m in restored.messages] == [1, 2] and restored.state == {"step": 1}
    assert mem.get_session(sid).message_count == 2
    mid = mem.remember("Alice drinks green tea")
    assert mem.load_memory(mid) is not None
    assert [h.id for h in mem.search("green tea", k=3)][:1] == [mid]
    assert "green tea" in mem.build_context("what does Alice drink?", time_budget_ms=5000)


def test_another_owners_ids_are_missing_through_the_handle(eng: MemoryEngine) -> None:
    alice, bob = eng.for_owner(ALICE), eng.for_owner(BOB)
    sid = alice.create_session("agent-1")
    alice.add_message(sid, "user", "secret plans")
    tid = alice.start_task(sid, "secret task")
    mid = alice.remember("Alice's secret")
    missing_sid, missing_tid, missing_mid = (uuid.uuid4().hex for _ in range(3))
    for theirs, never in ((sid, missing_sid),):
        for call in (
            lambda s: bob.add_message(s, "user", "hi"),
            lambda s: bob.get_session(s),
            lambda s: bob.close_session(s),
            lambda s: bob.start_task(s, "x"),
        ):
            with pytest.raises(SessionNotFound) as mine:
                call(theirs)
            with pytest.raises(SessionNotFound) as absent:
                call(never)
            assert str(mine.value).replace(theirs, "ID") == str(absent.value).replace(never, "ID")
    assert bob.load_session(sid) is None and bob.load_task(tid) is None and bob.load_memory(mid) is None
    with pytest.raises(TaskNotFound):
        bob.complete_task(tid, "stolen")
    with pytest.raises(TaskNotFound):
        bob.complete_task(missing_tid, "stolen")
    for call in (lambda m: bob.forget(m), lambda m: bob.correct(m, "changed")):
        with pytest.raises(MemoryNotFound):
            call(mid)
        with pytest.raises(MemoryNotFound):
            call(missing_mid)
    with pytest.raises(AgentNotFound):
        bob.restore_agent("agent-1")
    assert bob.search("secret") == [] and bob.build_context("secret") == ""
    # and Alice's data is untouched by Bob's attempts
    assert alice.get_session(sid).message_count == 1 and alice.load_task(tid).status == "open"  # type: ignore[union-attr]


def test_for_owner_refuses_what_is_not_an_owner(eng: MemoryEngine) -> None:
    for bad in (("handle", "alice"), {"app": "handle", "user_id": "alice"}, None, "handle/alice"):
        with pytest.raises(InvalidInput):
            eng.for_owner(bad)  # type: ignore[arg-type]


def test_no_parameter_anywhere_makes_the_owner_optional() -> None:
    """An optional owner is an unscoped path waiting to be called by mistake."""
    import ast

    from tests.support.paths import REPO_ROOT

    offences = []
    for folder in ("engine", "projections", "recovery"):
        for path in (REPO_ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                if isinstance(node, ast.arg) and node.annotation is not None:
                    text = ast.unparse(node.annotation).replace(" ", "")
                    if text in ("Owner|None", "None|Owner", "Optional[Owner]"):
                        offences.append(f"{path.relative_to(REPO_ROOT)}:{node.lineno} {node.arg}")
    assert not offences, offences


def test_bitemporal_reads_and_message_pages_are_typed_calls_of_the_handle(eng: MemoryEngine) -> None:
    """``beliefs(valid_at=, known_at=)``, ``history`` and ``messages`` answer
    with frozen values, scoped like every other call of the handle."""
    from datetime import UTC, datetime

    from ledgermind.domain.belief_records import BeliefVersion, MessagePage

    mem = eng.for_owner(Owner("handle", f"typed-{uuid.uuid4().hex[:8]}"))
    sid = mem.create_session("agent-1")
    mem.add_messages(sid, [{"role": "user", "content": f"message {i}"} for i in range(5)])
    before = datetime.now(UTC)
    mid = mem.remember("Alice drinks green tea")
    new = mem.correct(mid, "Alice drinks black tea")
    eng.projections.wait(eng.position)

    now = mem.beliefs()
    assert [type(b) for b in now] == [BeliefVersion] and now[0].statement == "Alice drinks black tea"
    assert now[0].memory_id == new and now[0].current
    assert mem.beliefs(known_at=before) == []  # nothing was known before the first remember
    history = mem.history(mid)
    statements = [v.statement for v in history]
    assert statements[0] == "Alice drinks green tea" and "Alice drinks black tea" in statements
    assert not history[0].current  # the corrected version stays, closed, in the history
    with pytest.raises(MemoryNotFound):
        eng.for_owner(BOB).history(mid)

    first = mem.messages(sid, limit=2)
    assert isinstance(first, MessagePage) and [m.seq for m in first.messages] == [1, 2] and first.next_after == 2
    rest = mem.messages(sid, after=first.next_after or 0, limit=10)
    assert [m.content for m in rest.messages] == ["message 2", "message 3", "message 4"] and rest.next_after is None
    with pytest.raises(SessionNotFound):
        eng.for_owner(BOB).messages(sid)
    with pytest.raises(InvalidInput):
        mem.messages(sid, limit=0)


def test_audit_reads_and_listings_are_typed_calls_of_the_door_they_belong_to(eng: MemoryEngine) -> None:
    """The auditor's questions (an invalidation, a conversation as of a time)
    and the listings (agents, sessions, tasks; an app's users, the operator's)
    answer with frozen values; short ids resolve among the owner's only."""
    from datetime import UTC, datetime

    from ledgermind.api import (
        AgentSummary,
        Conversation,
        Invalidation,
        SessionSummary,
        TaskSummary,
        UserSummary,
    )

    app = f"listing-{uuid.uuid4().hex[:8]}"
    mem = eng.for_owner(Owner(app, "carol"))
    sid = mem.create_session("agent-1")
    mem.add_messages(sid, [{"role": "user", "content": "I live in Lyon"}, {"role": "assistant", "content": "noted"}])
    before = datetime.now(UTC)
    mem.add_message(sid, "user", "later words")
    tid = mem.start_task(sid, "book a table")
    mid = mem.remember("Carol lives in Lyon")
    mem.forget(mid)
    eng.projections.wait(eng.position)

    [session] = mem.sessions()
    assert isinstance(session, SessionSummary) and (session.session_id, session.message_count) == (sid, 3)
    [agent] = mem.agents()
    assert isinstance(agent, AgentSummary) and (agent.agent_id, agent.latest_session) == ("agent-1", sid)
    [task] = mem.tasks(sid[:8])
    assert isinstance(task, TaskSummary) and (task.task_id, task.input) == (tid, "book a table")
    [user] = eng.users(app)
    assert isinstance(user, UserSummary) and (user.user_id, user.sessions, user.messages) == ("carol", 1, 3)
    assert mem.resolve_id("session", sid[:8]) == sid and mem.resolve_id("memory", mid[:6]) == mid

    then = mem.conversation_at(sid, before)
    assert isinstance(then, Conversation) and [m.content for m in then.messages] == ["I live in Lyon", "noted"]
    assert then.status == "open" and then.message_count == 2 and mem.conversation_at(sid).message_count == 3
    ended = mem.invalidation(mid)
    assert isinstance(ended, Invalidation) and ended.memory_id == mid and ended.invalid_at is not None
    assert ended.as_dict(mem.owner)["event"]["topic"] == ended.opened_by

    other = eng.for_owner(Owner(app, "dave"))
    assert other.sessions() == [] and other.agents() == []
    for call in (
        lambda: other.resolve_id("session", sid[:8]),
        lambda: other.tasks(sid),
        lambda: other.invalidation(mid),
    ):
        with pytest.raises((SessionNotFound, MemoryNotFound)):
            call()
    with pytest.raises(InvalidInput):
        mem.sessions(limit=0)


def test_an_agents_history_is_a_typed_call_of_the_handle(eng: MemoryEngine) -> None:
    """``agent_history``: the agent's stream, oldest first (the audit trail of
    its restarts); an agent of another owner is not found."""
    from ledgermind.api import AgentEvent

    mem = eng.for_owner(Owner("handle", f"agent-{uuid.uuid4().hex[:8]}"))
    first = mem.claim_agent("worker")
    mem.create_session("worker", incarnation=first)
    mem.record_agent_exit("worker", first, "crashed", exit_code=1, reason="killed by the test")
    second = mem.restore_agent("worker", incarnate=True).incarnation
    events = mem.agent_history("worker")
    assert all(isinstance(e, AgentEvent) for e in events)
    assert [e.incarnation for e in events if e.incarnation is not None][-1] == second
    assert any("killed by the test" in e.detail for e in events)
    assert [e.recorded_at for e in events] == sorted(e.recorded_at for e in events)
    with pytest.raises(AgentNotFound):
        eng.for_owner(BOB).agent_history("worker")


def test_reads_of_the_read_models_see_the_handles_own_writes(eng: MemoryEngine) -> None:
    """As the README's quick start does it: distil, then read the beliefs at
    once, with no wait in between; the same for a session just opened, a
    correction's history and a forgotten belief's invalidation."""
    mem = eng.for_owner(ALICE)
    sid = mem.create_session("agent-1")
    assert [s.session_id for s in mem.sessions()] == [sid]
    assert [a.agent_id for a in mem.agents()] == ["agent-1"]
    mem.add_message(sid, "user", "I live in Paris.")
    eng.distill()
    assert [b.attribute for b in mem.beliefs()] == ["residence"]
    mid = mem.remember("Alice drinks green tea")
    mem.correct(mid, "Alice drinks black tea")
    assert [v.statement for v in mem.history(mid)][-1] == "Alice drinks black tea"
    mem.forget(mid)
    assert mem.invalidation(mid) is not None
    assert [m.content for m in mem.conversation_at(sid).messages] == ["I live in Paris."]
