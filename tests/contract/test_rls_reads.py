"""Every owner-scoped read path runs under row-level security on PostgreSQL.

How it is shown: ``forgetful_where`` rewrites each SELECT the test thread
sends to the read-model database so that its owner predicates
(``app = ...``, ``user_id = ...``) become ``true``, as if the query had been
written without its ``WHERE``. Under the reader role the results still hold
one owner's rows only. Each check has a control in which the scope is
switched off (and search's Python-side owner re-check too): then the same
stripped queries do return the other owner's rows, so the rewrite bites and
the policy is what stops it. These run as the server's superuser (whose
reads switch to the reader role) and as the database owner's own login
(``postgresql-app``, bound by the forced policies directly).

SQLite has no roles (declared: ``row_level_security`` in
tests/support/capabilities.py): there the owner filters in the
queries are the guard, and ``test_reads_return_the_owners_data`` checks the
ordinary results on both backends.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import event, text

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.errors import MemoryNotFound, ProjectionError, SessionNotFound
from ledgermind.projections import audit, catalog
from ledgermind.projections.audit import (
    belief_history,
    beliefs_as_of,
    conversation_at,
    invalidation,
)
from ledgermind.projections.rebuild import rebuild
from ledgermind.projections.row_security import owner_reads, owner_scope, writer_scope
from ledgermind.retrieval import search as search_module
from ledgermind.write.beliefs import Invalidate, NewBelief, new_belief_id
from tests.support.capabilities import on_backends_with

ALICE, BOB = Owner("rls-reads", "alice"), Owner("rls-reads", "bob")
MAY = datetime(2026, 5, 1, tzinfo=UTC)
JUNE = datetime(2026, 6, 1, tzinfo=UTC)

# An owner predicate as SQLAlchemy (``tbl.app = %(app_1)s::VARCHAR``) or the
# index store's text SQL (``app = %(app)s``) renders it for psycopg.
_OWNER_PREDICATE = re.compile(r"(?:\b\w+\.)?\b(?:app|user_id)\s*=\s*%\(\w+\)s(?:::\w+)?")


def _seed(eng: MemoryEngine) -> dict[str, Any]:
    """Both owners: a session about tea, a belief about tea, one invalidated."""
    ids: dict[str, Any] = {}
    for owner in (ALICE, BOB):
        name = owner.user_id
        sid = eng.for_owner(owner).create_session("agent")
        seq = eng.for_owner(owner).add_message(sid, "user", f"I am {name} and I drink green tea", occurred_at=MAY)
        old, current = new_belief_id(owner, "tea-old"), new_belief_id(owner, "tea")
        eng.for_owner(owner).apply_memory_changes(
            [
                NewBelief(
                    "tea-old",
                    "fact",
                    f"{name} drinks black tea",
                    MAY,
                    0.8,
                    "rule",
                    sources=({"session_id": sid, "seq": seq},),
                )
            ]
        )
        eng.for_owner(owner).apply_memory_changes(
            [
                Invalidate(old, JUNE, f"{name} switched", cause={"session_id": sid, "seq": seq}, superseded_by=current),
                NewBelief(
                    "tea",
                    "fact",
                    f"{name} drinks green tea",
                    JUNE,
                    0.9,
                    "rule",
                    supersedes=old,
                    sources=({"session_id": sid, "seq": seq},),
                ),
            ]
        )
        ids[name] = {"sid": sid, "old": old, "current": current}
    eng.projections.wait()
    return ids


@pytest.fixture
def pg_seeded(db_url: str) -> Iterator[tuple[MemoryEngine, dict[str, Any]]]:
    with MemoryEngine.open(db_url) as eng:
        yield eng, _seed(eng)


@contextmanager
def forgetful_where(eng: MemoryEngine) -> Iterator[list[str]]:
    """Strips owner predicates from this thread's SELECTs on the read side;
    yields the list of statements it rewrote (so a test can assert it bit)."""
    db, me, rewritten = eng.projections.db, threading.get_ident(), []

    def strip(conn: Any, cursor: Any, statement: str, params: Any, context: Any, many: bool) -> Any:
        head = statement.lstrip().upper()
        if threading.get_ident() == me and head.startswith(("SELECT", "WITH")):
            stripped = _OWNER_PREDICATE.sub("true", statement)
            if stripped != statement:
                rewritten.append(stripped)
                statement = stripped
        return statement, params

    event.listen(db, "before_cursor_execute", strip, retval=True)
    try:
        yield rewritten
    finally:
        event.remove(db, "before_cursor_execute", strip)


def _no_scope(conn: Any, owner: Owner) -> AbstractContextManager[Any]:
    """The control: the policies lifted (the writer scope admits every row)."""
    return nullcontext(writer_scope(conn))


def _users(rows: list[dict[str, Any]]) -> set[str]:
    return {r["user_id"] for r in rows}


# --- audits --------------------------------------------------------------------


@on_backends_with("row_level_security")
def test_audits_without_owner_where_see_one_owner(
    pg_seeded: tuple[MemoryEngine, dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    eng, ids = pg_seeded
    side, bob = eng.projections, ids["bob"]
    expected = beliefs_as_of(side, ALICE)
    with forgetful_where(eng) as rewritten:
        assert beliefs_as_of(side, ALICE) == expected
        assert _users(beliefs_as_of(side, ALICE, valid_at=MAY)) == {"alice"}
        history = belief_history(side, ALICE, ids["alice"]["old"])
        assert _users(history) == {"alice"}
        assert all("bob" not in m["content"] for v in history for m in v["source_messages"])
        assert invalidation(side, ALICE, ids["alice"]["old"])["reason"] == "alice switched"
        with pytest.raises(MemoryNotFound):
            belief_history(side, ALICE, bob["old"])
        with pytest.raises(MemoryNotFound):
            invalidation(side, ALICE, bob["old"])
        with pytest.raises(SessionNotFound):
            conversation_at(side, ALICE, bob["sid"])
        assert conversation_at(side, ALICE, ids["alice"]["sid"])["message_count"] == 1
    assert rewritten, "the rewrite removed no owner predicate: the test proves nothing"

    # control: with the policies lifted the same stripped queries leak
    monkeypatch.setattr(audit, "owner_scope", _no_scope)
    with forgetful_where(eng):
        assert _users(beliefs_as_of(side, ALICE)) == {"alice", "bob"}
        assert _users(belief_history(side, ALICE, bob["old"])) == {"bob"}
        assert conversation_at(side, ALICE, bob["sid"])["message_count"] == 1


# --- search, build_context, tools --------------------------------------------------


def _search_reads(eng: MemoryEngine, bob_memory: str) -> dict[str, Any]:
    searcher = eng.retrieval.searcher
    tools = {t.name: t for t in eng.for_owner(ALICE).tools()}
    return {
        "search": [h.statement for h in eng.for_owner(ALICE).search("green tea", k=20, include_messages=True)],
        "kinds": [h.statement for h in eng.for_owner(ALICE).search("tea", k=20, kinds=["fact"])],
        "recent": [h.statement for h in searcher.recent(ALICE, 50, include_messages=True)],
        "load": searcher.load(ALICE, bob_memory),
        "context": eng.for_owner(ALICE).build_context("what tea", include_messages=True, time_budget_ms=5000),
        "tool_search": [h["statement"] for h in tools["memory_search"](query="tea", k=20)],
        "tool_load": tools["memory_load"](memory_id=bob_memory),
    }


def _mentions_bob(reads: dict[str, Any]) -> bool:
    texts = [*reads["search"], *reads["kinds"], *reads["recent"], *reads["tool_search"]]
    return (
        any("bob" in t for t in texts)
        or "bob" in reads["context"]
        or reads["load"] is not None
        or reads["tool_load"] != {"error": "not found"}
    )


@on_backends_with("row_level_security")
def test_search_paths_without_owner_where_see_one_owner(
    pg_seeded: tuple[MemoryEngine, dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    eng, ids = pg_seeded
    bob_memory = ids["bob"]["current"]
    # the Python-side owner re-check would hide a leak; take it away
    monkeypatch.setattr(search_module, "_owned", lambda row, owner: True)
    with forgetful_where(eng) as rewritten:
        reads = _search_reads(eng, bob_memory)
    assert rewritten
    assert not _mentions_bob(reads), reads
    assert any("alice drinks green tea" in s for s in reads["search"])
    assert any("alice" in s for s in reads["recent"]) and "alice" in reads["context"]
    assert any("alice" in s for s in reads["tool_search"])

    # control: with the policies lifted, the stripped queries leak
    monkeypatch.setattr(eng.projections, "owner_reads", _no_scope)
    with forgetful_where(eng):
        assert _mentions_bob(_search_reads(eng, bob_memory))


@on_backends_with("row_level_security")
def test_a_search_sets_the_owner_scope_once(pg_seeded: tuple[MemoryEngine, dict[str, Any]]) -> None:
    """Every read of one search (a ranking, its second ranking without the
    name, the lineage read of ``include_messages``, the kinds fallback) runs
    in one owner scope, set once and never put back (the search's
    transaction ends with it): one statement, not two per read."""
    eng, ids = pg_seeded
    eng.for_owner(ALICE).add_message(ids["alice"]["sid"], "user", "My kettle whistles", occurred_at=JUNE)
    me, scopes = threading.get_ident(), []

    def count(conn: Any, cursor: Any, statement: str, params: Any, context: Any, many: bool) -> None:
        if threading.get_ident() == me and "set_config('ledgermind.app'" in statement:
            scopes.append(statement)

    event.listen(eng.projections.db, "before_cursor_execute", count)
    try:
        with_turns = eng.for_owner(ALICE).search("kettle", k=20, include_messages=True)
        assert any(h.item_type == "message" for h in with_turns)  # the lineage read ran
        assert len(scopes) == 1, scopes
        scopes.clear()
        eng.for_owner(ALICE).search("tea", k=20, kinds=["episode"])  # too few: widened to every kind
        assert len(scopes) == 1, scopes
    finally:
        event.remove(eng.projections.db, "before_cursor_execute", count)


@on_backends_with("row_level_security")
def test_rebuilt_search_version_is_read_under_the_policy(
    pg_seeded: tuple[MemoryEngine, dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The index's own tables are created by its store, not by ``create_tables``:
    a rebuilt version must get the policies (and a superuser's reader its grant) all the same."""
    eng, ids = pg_seeded
    db = eng.projections.db
    rebuild(eng.log, db, "search", progress=False)
    with db.connect() as conn:
        assert catalog.active_version(conn, "search").version == 2  # type: ignore[union-attr]
    monkeypatch.setattr(search_module, "_owned", lambda row, owner: True)
    with forgetful_where(eng) as rewritten:
        reads = _search_reads(eng, ids["bob"]["current"])
    assert any("ml_search_v2" in sql for sql in rewritten)
    assert not _mentions_bob(reads) and any("alice" in s for s in reads["search"])


# --- the scope itself ----------------------------------------------------------------


@on_backends_with("row_level_security")
def test_scope_reads_catalog_and_restores_the_scope(db_url: str) -> None:
    with MemoryEngine.open(db_url) as eng:
        _seed(eng)
        db = eng.projections.db
        users = "SELECT DISTINCT user_id FROM ml_search_v1"
        with db.begin() as conn:
            me = conn.execute(text("SELECT current_user")).scalar()
            writer_scope(conn)
            with owner_scope(conn, ALICE):
                # the writer scope is off inside: this owner only
                assert set(conn.execute(text(users)).scalars()) == {"alice"}
                # the catalog is readable in the scope: no permission error
                assert catalog.active_version(conn, "search") is not None
                assert catalog.read_position(conn, "sessions", 1) > 0
            # leaving the block hands the rest of the transaction back
            assert conn.execute(text("SELECT current_user")).scalar() == me
            assert set(conn.execute(text(users)).scalars()) == {"alice", "bob"}


@on_backends_with("row_level_security")
def test_owner_reads_ends_the_transaction_with_its_scope(db_url: str) -> None:
    """The search's scope is never put back: the block ends the transaction
    instead, so no statement after it can run as the owner."""
    with MemoryEngine.open(db_url) as eng:
        _seed(eng)
        users = "SELECT DISTINCT user_id FROM ml_search_v1"
        with eng.projections.db.connect() as conn:
            me = conn.execute(text("SELECT current_user")).scalar()
            with owner_reads(conn, ALICE):
                assert set(conn.execute(text(users)).scalars()) == {"alice"}
            assert not conn.in_transaction()
            assert conn.execute(text("SELECT current_user")).scalar() == me
            assert conn.execute(text("SELECT current_setting('ledgermind.user', true)")).scalar() in (None, "")


# --- both backends: the ordinary reads still answer -----------------------------------


def test_reads_return_the_owners_data(eng: MemoryEngine) -> None:
    ids = _seed(eng)
    side = eng.projections
    for owner in (ALICE, BOB):
        name, mine = owner.user_id, ids[owner.user_id]
        assert [b["statement"] for b in beliefs_as_of(side, owner)] == [f"{name} drinks green tea"]
        assert [v["statement"] for v in belief_history(side, owner, mine["old"])] == [
            f"{name} drinks black tea",
            f"{name} drinks black tea",
        ]
        assert invalidation(side, owner, mine["old"])["superseded_by"] == mine["current"]
        assert conversation_at(side, owner, mine["sid"])["messages"][0]["content"].startswith(f"I am {name}")
        hits = eng.for_owner(owner).search("green tea", include_messages=True)
        assert hits and all(name in h.statement for h in hits)
        assert eng.retrieval.searcher.load(owner, mine["current"]) is not None
        assert f"{name} drinks green tea" in eng.for_owner(owner).build_context("tea", time_budget_ms=5000)
        other = ids["bob" if name == "alice" else "alice"]
        assert eng.retrieval.searcher.load(owner, other["current"]) is None
        with pytest.raises(MemoryNotFound):
            belief_history(side, owner, other["old"])


@on_backends_with("row_level_security")
def test_scope_refuses_an_autocommit_connection(db_url: str) -> None:
    """With AUTOCOMMIT the settings would end with their own statement and
    the reads after them would run unscoped: refused instead."""
    with MemoryEngine.open(db_url) as eng:
        db = eng.projections.db
        with db.connect() as raw:
            conn = raw.execution_options(isolation_level="AUTOCOMMIT")
            with pytest.raises(ProjectionError, match="transaction"), owner_scope(conn, ALICE):
                pass
