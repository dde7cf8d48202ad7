"""An operator's own projection, with the example really installed.

``examples/tool_usage_projection`` is pip-installed into a temp dir once per
session and found through its entry point (``tests/support/tool_usage.py``),
then: rebuilt on every backend from a log written before it existed and equal
to a pure fold of the same events (hypothesis draws the events and the batch
size); rebuilt beside its live version while writers append, with every
snapshot readers took exact for its position (no gap, no double count); read
as one owner, which on PostgreSQL is row-level security on its tables.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select, text

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.config import EngineConfig
from ledgermind.domain.errors import ProjectionError
from ledgermind.projections import (
    Param,
    Projection,
    catalog,
    discover,
    owner_tables,
    registry,
    row_security,
)
from ledgermind.projections.db import open_read_db, snapshot
from ledgermind.projections.readside import ReadSide
from ledgermind.projections.rebuild import rebuild
from tests.support.capabilities import has, on_backends_with
from tests.support.projection_oracle import log_events
from tests.support.tool_usage import calls_per_position, fold_tool_usage, installed_site, on_path

ALICE, BOB = Owner("tools", "alice"), Owner("tools", "bob")
OWNERS = (ALICE, BOB)
NAME = "tool_usage"
MIDNIGHT = datetime(2026, 3, 1, tzinfo=UTC)


@pytest.fixture(scope="session")
def example_site() -> Path:
    return installed_site()


@pytest.fixture
def installed(example_site: Path) -> Iterator[Path]:
    with on_path(example_site):
        yield example_site


def _writer(url: str) -> MemoryEngine:
    """An engine that only writes: the log is written by code that runs no projection."""
    return MemoryEngine.open(url, config=EngineConfig(db=url, projections_in_process=False))


def _call(tool: str, where: str) -> dict[str, Any]:
    if where == "metadata":
        return {"role": "assistant", "content": "calling", "metadata": {"tool_calls": [{"name": tool}]}}
    return {
        "role": "assistant",
        "content": "",
        "tool_calls": [{"id": f"call_{tool}", "type": "function", "function": {"name": tool, "arguments": "{}"}}],
    }


def _calls(db: Any, version: int | None = None) -> tuple[int, int, dict[tuple[Any, ...], int]]:
    """(version, position, rows) of ``version`` (default: the active one) in
    one snapshot, every owner's rows (the operator's writer scope)."""
    with snapshot(db) as conn:
        info = (
            catalog.active_version(conn, NAME)
            if version is None
            else next(v for v in catalog.list_versions(conn, NAME) if v.version == version)
        )
        assert info is not None
        proj: Any = registry.lookup(NAME).build(info.version, info.params)
        position = catalog.read_position(conn, NAME, info.version)
        row_security.writer_scope(conn)
        calls = proj.by_stem["calls"]
        rows = {(r.app, r.user_id, r.agent_id, r.day, r.tool): r.calls for r in conn.execute(select(calls))}
        return info.version, position, rows


def test_the_installed_example_is_discovered_by_its_entry_point(installed: Path) -> None:
    found = discover()
    assert {"sessions", "tasks", "memory", "search", NAME} <= set(found)
    assert found[NAME].default_params == {"timezone": "UTC", "per_tool": True}
    proj: Any = found[NAME].build(3, {"timezone": "Europe/Paris"})
    assert [str(t.name) for t in proj.tables] == ["ml_tool_usage__agents_v3", "ml_tool_usage__calls_v3"]
    assert list(proj.tables[1].primary_key.columns.keys()) == ["app", "user_id", "agent_id", "day", "tool"]
    with pytest.raises(ProjectionError, match="no parameter 'zone'"):
        found[NAME].build(1, {"zone": "UTC"})
    with pytest.raises(ProjectionError, match="unknown timezone"):
        found[NAME].build(1, {"timezone": "Mars/Olympus_Mons"})


def test_uninstalled_means_unknown(example_site: Path) -> None:
    with on_path(example_site):
        assert NAME in registry.kinds()
    assert NAME not in registry.kinds()  # off sys.path: the entry point is gone
    with pytest.raises(ProjectionError, match="no projection named 'tool_usage'"):
        registry.lookup(NAME)


def test_a_declaration_the_engine_cannot_run_is_refused() -> None:
    from sqlalchemy import Column, String

    class OwnColumns(Projection):
        name = "own_columns"
        topics = ("message.added",)

        def tables(self) -> Any:
            return {"t": [Column("user_id", String(10))]}

    with pytest.raises(ProjectionError, match="owner column"):
        registry.kind_of(OwnColumns, "test").build(1, {})

    class BadName(Projection):
        name = "Bad-Name"
        topics = ("message.added",)

    with pytest.raises(ProjectionError, match="name must match"):
        registry.kind_of(BadName, "test")

    class BadParam(Projection):
        name = "bad_param"
        topics = ("message.added",)
        parameters = {"when": Param(datetime.now())}  # type: ignore[arg-type]  # noqa: RUF012

    with pytest.raises(ProjectionError, match="bool, int, float or str"):
        registry.kind_of(BadParam, "test")


MESSAGES = st.lists(
    st.tuples(
        st.sampled_from(range(4)),  # session: owner x agent
        st.lists(st.sampled_from(["search", "calc", "fetch"]), max_size=3),
        st.sampled_from(["tool_calls", "metadata"]),
        st.integers(min_value=-3, max_value=3),  # hours around a UTC midnight
    ),
    min_size=1,
    max_size=25,
)


def test_rebuilt_from_an_older_log_equals_a_pure_fold(installed: Path, db_url: str, backend: str) -> None:
    """The log is written first, by engines that know nothing of tool_usage;
    then each example appends more and rebuilds a new version with a drawn
    batch size and parameters: the version equals the fold of the whole log."""
    with _writer(db_url) as w:
        sessions = [w.for_owner(owner).create_session(agent_id=agent) for owner in OWNERS for agent in ("a1", "a2")]
        for i, sid in enumerate(sessions):
            w.for_owner(OWNERS[i // 2]).add_messages(
                sid, [_call("search", "tool_calls"), {"role": "user", "content": "hi"}]
            )
        db = open_read_db(w.backend.sqlalchemy_url)
        catalog.create_catalog(db)
        with db.connect() as conn:
            assert catalog.list_versions(conn, NAME) == []  # it did not exist when the log was written

        @settings(
            max_examples=4 if has(backend, "server_round_trips") else 8,
            deadline=None,
            suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
        )
        @given(
            messages=MESSAGES,
            batch=st.integers(min_value=1, max_value=40),
            tz=st.sampled_from(["UTC", "Europe/Paris", "America/Los_Angeles"]),
            per_tool=st.booleans(),
        )
        def check(messages: list[tuple[int, list[str], str, int]], batch: int, tz: str, per_tool: bool) -> None:
            for s, tools, where, hours in messages:
                at = MIDNIGHT + timedelta(hours=hours, minutes=7)
                msgs = [{**_call(t, where), "occurred_at": at} for t in tools] or [
                    {"role": "user", "content": "no tools", "occurred_at": at}
                ]
                w.for_owner(OWNERS[s // 2]).add_messages(sessions[s], msgs)
            report = rebuild(
                w.log, db, NAME, params={"timezone": tz, "per_tool": per_tool}, batch_size=batch, progress=False
            )
            _, position, rows = _calls(db, report.new_version)
            assert position == w.log.recorder.max_notification_id()
            assert rows == fold_tool_usage(log_events(w), tz, per_tool)

        try:
            check()
        finally:
            db.dispose()


def test_rebuild_beside_the_live_version_under_writers_has_no_gap(installed: Path, db_url: str) -> None:
    """Readers take (position, total calls) of the active version in one
    snapshot while writers append and version 2 (another timezone) is built
    beside 1 and switched in: every snapshot holds exactly the tool calls of
    the log up to its position, across the switch."""
    with _writer(db_url) as w:
        sid = w.for_owner(ALICE).create_session(agent_id="a1")
        for i in range(60):
            w.for_owner(ALICE).add_messages(sid, [_call(f"t{i % 5}", "tool_calls"), {"role": "user", "content": "ok"}])
        side = ReadSide(w.writes, names=[NAME], poll_interval=0.02)
        stop = threading.Event()
        observed: list[tuple[int, int, int]] = []
        errors: list[BaseException] = []

        def write() -> None:
            try:
                with _writer(db_url) as other:
                    bob = other.for_owner(BOB).create_session(agent_id="b1")
                    i = 0
                    while not stop.is_set():
                        other.for_owner(BOB).add_messages(
                            bob, [_call("search", "metadata"), _call("calc", "tool_calls")]
                        )
                        i += 1
            except BaseException as e:
                errors.append(e)

        def read() -> None:
            try:
                while not stop.is_set():
                    version, position, rows = _calls(side.db)
                    observed.append((version, position, sum(rows.values())))
            except BaseException as e:
                errors.append(e)

        threads = [threading.Thread(target=write), threading.Thread(target=read)]
        try:
            side.wait(timeout=60)
            for t in threads:
                t.start()
            while len(observed) < 3 and not errors:
                stop.wait(0.01)
            report = rebuild(w.log, side.db, NAME, params={"timezone": "Asia/Tokyo"}, batch_size=25, progress=False)
            seen_v2 = len(observed)
            while len(observed) < seen_v2 + 3 and not errors:
                stop.wait(0.01)
        finally:
            stop.set()
            for t in threads:
                t.join(timeout=60)
        try:
            assert not errors, errors
            assert (report.old_version, report.new_version) == (1, 2)
            side.wait(w.log.recorder.max_notification_id(), timeout=60)
            events = log_events(w)
            per_position = calls_per_position(events)
            for version, position, total in observed:
                assert total == sum(n for p, n in per_position if p <= position), (version, position)
            versions = [v for v, _, _ in observed]
            assert versions == sorted(versions) and versions[0] == 1 and versions[-1] == 2
            version, position, rows = _calls(side.db)
            assert version == 2 and rows == fold_tool_usage(events, "Asia/Tokyo")
            _, retired_at, retired = _calls(side.db, 1)  # v1 stays, as of the switch, until dropped
            assert retired == fold_tool_usage([e for e in events if e[0] <= retired_at])
        finally:
            side.close()


def test_reads_go_through_the_owner(installed: Path, eng: MemoryEngine, backend: str) -> None:
    """``owner_tables`` hands out each owner's rows only, with no WHERE in the
    query; on PostgreSQL the tables carry FORCEd row-level security, so even
    raw SQL in that scope sees one owner's rows."""
    for owner, n in ((ALICE, 2), (BOB, 3)):
        sid = eng.for_owner(owner).create_session(agent_id="shared-agent")
        eng.for_owner(owner).add_messages(sid, [_call("search", "tool_calls") for _ in range(n)])
    eng.projections.wait(timeout=30)
    from tool_usage_projection import usage  # the example's own query

    for owner, n in ((ALICE, 2), (BOB, 3)):
        with owner_tables(eng.projections, NAME, owner) as q:
            assert q.version == 1
            assert [(a, t, c) for a, _, t, c in usage(q)] == [("shared-agent", "search", n)]
            assert q.execute(select(func.count()).select_from(q["agents"])).scalar() == 1
            if has(backend, "row_level_security"):
                raw = q.execute(text("SELECT count(*), sum(calls) FROM ml_tool_usage__calls_v1")).one()
                assert tuple(raw) == (1, n)
    with owner_tables(eng.projections, NAME, Owner("tools", "nobody")) as q:
        assert usage(q) == []


@on_backends_with("row_level_security")
def test_its_tables_carry_forced_row_level_security(installed: Path, db_url: str, backend: str) -> None:
    with MemoryEngine.open(db_url) as eng:
        sid = eng.for_owner(ALICE).create_session(agent_id="a")
        eng.for_owner(ALICE).add_messages(sid, [_call("search", "tool_calls")])
        eng.projections.wait(timeout=30)
        db = open_read_db(eng.backend.sqlalchemy_url)
        try:
            with db.connect() as conn:
                rows = conn.execute(
                    text(
                        "SELECT relname, relrowsecurity AND relforcerowsecurity FROM pg_class "
                        "WHERE relname LIKE 'ml\\_tool\\_usage\\_\\_%' AND relkind = 'r' ORDER BY relname"
                    )
                ).all()
                assert [tuple(r) for r in rows] == [
                    ("ml_tool_usage__agents_v1", True),
                    ("ml_tool_usage__calls_v1", True),
                ]
                if not has(backend, "superuser_login"):  # a superuser bypasses every policy
                    unscoped = conn.execute(text("SELECT count(*) FROM ml_tool_usage__calls_v1")).scalar()
                    assert unscoped == 0  # no owner scope, no writer scope: no row
        finally:
            db.dispose()


class _Lengths(Projection):
    """A projection defined here (no entry point): message lengths per
    session; a message that says 'poison' raises in ``apply``."""

    name = "lengths"
    topics = ("message.added",)

    def tables(self) -> Any:
        from sqlalchemy import Column, Integer, String

        return {
            "msgs": [
                Column("session_id", String(32), primary_key=True),
                Column("seq", Integer, primary_key=True),
                Column("chars", Integer),
            ]
        }

    def apply(self, batch: Any) -> None:
        for ev in batch.events:
            if ev.data["content"] == "poison":
                raise ValueError("this projection cannot fold 'poison'")
        batch.insert(
            "msgs",
            [
                {
                    "app": ev.owner.app,
                    "user_id": ev.owner.user_id,
                    "session_id": ev.stream_id,
                    "seq": ev.data["seq"],
                    "chars": len(ev.data["content"]),
                }
                for ev in batch.events
            ],
        )


def test_the_engine_quarantines_its_bad_event_and_purges_an_erased_owner(sqlite_url: str) -> None:
    """What the engine gives any projection: an event ``apply`` raises on is
    quarantined (under the projection's own class) while the rest folds; an
    erased owner's rows go."""
    from ledgermind.projections.runner import Runner

    with MemoryEngine.open(sqlite_url, config=EngineConfig(db=sqlite_url, projections_in_process=False)) as eng:
        for owner in OWNERS:
            sid = eng.for_owner(owner).create_session(agent_id="a")
            eng.for_owner(owner).add_messages(sid, [{"role": "user", "content": c} for c in ("ok", "poison", "fine")])
        db = open_read_db(eng.backend.sqlalchemy_url)
        runner = Runner(eng.log, db, {"lengths": registry.kind_of(_Lengths, "test")}, listen=False)
        try:
            runner.catch_up()
            quarantined = [(q.user_id, q.code) for q in runner.quarantined]
            code = f"{__name__}._Lengths"
            assert quarantined == [("alice", code), ("alice", code), ("bob", code), ("bob", code)]  # + held
            assert _count(db) == {"alice": 1, "bob": 1}  # "ok"; "fine" waits behind its stream's poison
            eng.for_owner(BOB).erase()
            runner.catch_up()
            assert _count(db) == {"alice": 1}
        finally:
            db.dispose()


def _count(db: Any) -> dict[str, int]:
    with db.connect() as conn:
        rows = conn.execute(text("SELECT user_id, count(*) FROM ml_lengths__msgs_v1 GROUP BY user_id"))
        return {str(u): int(n) for u, n in rows}
