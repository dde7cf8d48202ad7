"""Tenant isolation by construction, on both backends.

Hypothesis drives random interleavings of writes by three owners, including
writes aimed at another owner's sessions and tasks. Then every read that
names an owner (event-store reads, restore, read models, audits, search)
must return only that owner's data, and another owner's ids must fail
exactly like ids that never existed (same error type, same message shape).
Every text an owner writes carries that owner's tag, so a leak is a tag in
the wrong place.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import text

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.errors import LedgermindError, MemoryNotFound, SessionNotFound, TaskNotFound
from ledgermind.projections import audit
from ledgermind.write.beliefs import NewBelief
from tests.support.capabilities import capabilities

WHEN = datetime(2026, 5, 1, tzinfo=UTC)
N_OWNERS = 3

ops = st.lists(
    st.tuples(
        st.sampled_from(["session", "message", "task", "complete", "checkpoint", "remember", "close"]),
        st.integers(0, N_OWNERS - 1),  # who acts
        st.integers(0, 20),  # which target (session / task), among everyone's
    ),
    min_size=1,
    max_size=20,
)


@dataclass
class World:
    app: str
    owners: list[Owner]
    sessions: dict[str, int] = field(default_factory=dict)  # id -> owner index
    tasks: dict[str, int] = field(default_factory=dict)
    memories: dict[str, int] = field(default_factory=dict)
    statements: dict[str, str] = field(default_factory=dict)
    texts: dict[int, list[str]] = field(default_factory=dict)

    def tag(self, i: int) -> str:
        return f"tag{i}x{self.app}"

    def pick(self, ids: dict[str, int], n: int) -> str | None:
        keys = list(ids)
        return keys[n % len(keys)] if keys else None


def _same_not_found(call: Any, random_call: Any, error: type[Exception]) -> None:
    """Another owner's id fails exactly like an id that does not exist."""
    with pytest.raises(error) as theirs:
        call()
    with pytest.raises(error) as missing:
        random_call()
    assert type(theirs.value) is type(missing.value)
    assert re.sub("[0-9a-f]{32}", "ID", str(theirs.value)) == re.sub("[0-9a-f]{32}", "ID", str(missing.value))


def _apply(eng: MemoryEngine, w: World, kind: str, actor: int, target: int) -> None:
    me = w.owners[actor]
    words = f"{w.tag(actor)} zebra note {len(w.texts.get(actor, []))}"
    if kind == "session":
        w.sessions[eng.for_owner(me).create_session("agent")] = actor
        return
    if kind == "remember":
        mid = eng.for_owner(me).apply_memory_changes(
            [
                NewBelief(
                    source_key=uuid.uuid4().hex,
                    kind="fact",
                    statement=words,
                    valid_from=WHEN,
                    confidence=0.8,
                    method="explicit",
                )
            ]
        )[0]
        w.memories[mid] = actor
        w.statements[mid] = words
        w.texts.setdefault(actor, []).append(words)
        return
    if kind == "checkpoint":
        if any(o == actor for o in w.sessions.values()):
            eng.for_owner(me).checkpoint_agent("agent", {"note": words})
        return
    if kind == "complete":
        tid = w.pick(w.tasks, target)
        if tid is None:
            return
        if w.tasks[tid] != actor:
            _same_not_found(
                lambda: eng.for_owner(me).complete_task(tid, words),
                lambda: eng.for_owner(me).complete_task(uuid.uuid4().hex, words),
                TaskNotFound,
            )
            return
        try:
            eng.for_owner(me).complete_task(tid, words)
        except LedgermindError:  # already finished: a StateConflict, not a leak
            pass
        return
    sid = w.pick(w.sessions, target)
    if sid is None:
        return
    if w.sessions[sid] != actor:  # aimed at someone else's session
        attempt = {
            "message": lambda s: eng.for_owner(me).add_message(s, "user", words),
            "task": lambda s: eng.for_owner(me).start_task(s, words),
            "close": lambda s: eng.for_owner(me).close_session(s),
        }[kind]
        _same_not_found(lambda: attempt(sid), lambda: attempt(uuid.uuid4().hex), SessionNotFound)
        return
    try:
        if kind == "message":
            eng.for_owner(me).add_message(sid, "user", words)
            w.texts.setdefault(actor, []).append(words)
        elif kind == "task":
            w.tasks[eng.for_owner(me).start_task(sid, words)] = actor
        else:
            eng.for_owner(me).close_session(sid)
    except LedgermindError as e:  # a closed session refuses: fine, but never NotFound
        assert not isinstance(e, SessionNotFound)


def _foreign_tags(w: World, i: int) -> list[str]:
    return [w.tag(j) for j in range(N_OWNERS) if j != i]


def _check_reads(eng: MemoryEngine, w: World) -> None:
    side = eng.projections
    side.wait(eng.position)
    for i, me in enumerate(w.owners):
        foreign = _foreign_tags(w, i)

        def clean(value: Any) -> bool:
            return not any(tag in repr(value) for tag in foreign)

        for sid, owner in w.sessions.items():
            if owner == i:
                info = eng.for_owner(me).get_session(sid)
                assert (info.app, info.user_id) == (me.app, me.user_id)
                conv = audit.conversation_at(side, me, sid)
                assert clean(conv)
            else:
                _same_not_found(
                    lambda: eng.for_owner(me).get_session(sid),
                    lambda: eng.for_owner(me).get_session(uuid.uuid4().hex),
                    SessionNotFound,
                )
                _same_not_found(
                    lambda: audit.conversation_at(side, me, sid),
                    lambda: audit.conversation_at(side, me, uuid.uuid4().hex),
                    SessionNotFound,
                )
        for mid, owner in w.memories.items():
            if owner == i:
                assert clean(audit.belief_history(side, me, mid))
            else:
                assert eng.for_owner(me).load_memory(mid) is None
                _same_not_found(
                    lambda: audit.belief_history(side, me, mid),
                    lambda: audit.belief_history(side, me, uuid.uuid4().hex),
                    MemoryNotFound,
                )
        if any(o == i for o in w.sessions.values()):
            restored = eng.for_owner(me).restore_agent("agent")
            assert clean(restored.as_dict())
        beliefs = audit.beliefs_as_of(side, me)
        assert clean(beliefs)
        assert sorted(b["statement"] for b in beliefs) == sorted(
            w.statements[mid] for mid, o in w.memories.items() if o == i
        )
        results = eng.for_owner(me).search("zebra note", k=50, include_messages=True)
        assert clean([r.as_dict() for r in results])
    # The read models as a whole: every row sits under the owner of its stream.
    with side.db.connect() as conn:
        messages = side.tables("sessions", conn)["messages"]
        for row in conn.execute(messages.select().where(messages.c.app == w.app)):
            owner = w.owners[w.sessions[row.session_id]]
            assert (row.app, row.user_id) == (owner.app, owner.user_id)
            assert w.tag(w.sessions[row.session_id]) in row.content


@pytest.mark.parametrize("examples", [12])
def test_no_read_returns_another_owners_data(eng: MemoryEngine, backend: str, examples: int) -> None:
    count = examples // 2 if capabilities(backend).server_round_trips else examples

    @settings(
        max_examples=count,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )
    @given(ops)
    def run(operations: list[tuple[str, int, int]]) -> None:
        app = "iso" + uuid.uuid4().hex[:10]
        w = World(app, [Owner(app, f"user-{i}") for i in range(N_OWNERS)])
        for kind, actor, target in operations:
            _apply(eng, w, kind, actor, target)
        _check_reads(eng, w)

    run()


def test_session_ids_are_random_128_bit_capabilities(eng: MemoryEngine) -> None:
    """Session and task ids come from the OS CSPRNG (uuid4: 122 random bits),
    never from the owner, the agent or a clock: two sessions of the same
    owner and agent share no structure beyond the version bits."""
    owner = Owner("iso", "caps")
    ids = [uuid.UUID(hex=eng.for_owner(owner).create_session("agent")) for _ in range(64)]
    assert len(set(ids)) == 64
    assert all(i.version == 4 for i in ids)
    # No two ids share a 32-bit prefix (what a counter or a clock would do).
    assert len({i.hex[:8] for i in ids}) == 64


def test_raw_sql_without_where_is_the_only_way_to_see_everyone(eng: MemoryEngine) -> None:
    """Guard for the test above: the read models do hold several owners, so
    the isolation checks are checking something."""
    a, b = Owner("iso", "a"), Owner("iso", "b")
    eng.for_owner(a).add_message(eng.for_owner(a).create_session("agent"), "user", "hello a")
    eng.for_owner(b).add_message(eng.for_owner(b).create_session("agent"), "user", "hello b")
    side = eng.projections
    side.wait(eng.position)
    with side.db.connect() as conn:
        users = {r[0] for r in conn.execute(text("SELECT DISTINCT user_id FROM ml_messages_v1"))}
    assert {"a", "b"} <= users
