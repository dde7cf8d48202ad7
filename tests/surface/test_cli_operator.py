"""The operator's command line, driven the way an operator drives it.

Most checks call ``main([...])`` in this process (the handlers are the same
code a shell runs); the ones that are about the process itself (a closed
pipe, ``--version``, what ``--help`` imports, the demo's child and temp
files, the distiller's log lines) run ``python -m ledgermind.cli`` for real.
"""

from __future__ import annotations

import io
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest

from ledgermind import MemoryEngine, Owner
from ledgermind.cli import main
from ledgermind.cli.options import when
from ledgermind.write.beliefs import NewBelief, new_belief_id

OWNER = Owner("ops-app", "ken")
OTHER = Owner("ops-app", "mia")


def cli(*args: str) -> tuple[int, str, str]:
    """``ledgermind ARGS`` in this process: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as e:  # argparse: --help, --version, usage errors
            code = int(e.code or 0)
    return code, out.getvalue(), err.getvalue()


def run(*args: str, env: dict[str, str] | None = None, timeout: float = 180) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ledgermind.cli", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, **(env or {})},
    )


def one_line_error(code: int, err: str, name: str | None = None) -> None:
    assert code == 2, err
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    if name:
        assert name in lines[0], err


def populate(db: str) -> dict[str, Any]:
    """Two owners of one app; Ken has two agents, sessions, a task, a
    checkpoint and distilled plus explicit beliefs."""
    with MemoryEngine.open(db) as eng:
        ken = eng.for_owner(OWNER)
        s1 = ken.create_session("helper")
        ken.add_message(s1, "user", "I live in Paris and I prefer tea over coffee.")
        ken.add_message(
            s1,
            "user",
            "My name is Ken and I work at Acme as a programmer.",
            occurred_at=datetime(2024, 5, 1, 9, 30, tzinfo=UTC),
            metadata={"lang": "en"},
        )
        task = ken.start_task(s1, "book a table")
        ken.complete_task(task, "booked for two")
        open_task = ken.start_task(s1, "call the bank")
        eng.for_owner(OWNER).checkpoint_agent("helper", {"step": 3})
        s2 = ken.create_session("planner")
        ken.add_message(s2, "assistant", "Planning the trip to Lyon.")
        ken.close_session(s2)
        eng.distill()
        tea = eng.for_owner(OWNER).remember("Ken likes green tea")
        eng.for_owner(OWNER).correct(tea, "Ken likes jasmine tea")
        mia = eng.for_owner(OTHER).create_session("helper")
        eng.for_owner(OTHER).add_message(mia, "user", "Mia here.")
        eng.projections.wait()  # the read models exist and are current
    return {"s1": s1, "s2": s2, "task": task, "open_task": open_task, "mia_session": mia, "tea": tea}


@pytest.fixture
def populated(sqlite_url: str) -> tuple[str, dict[str, Any]]:
    return sqlite_url, populate(sqlite_url)


def owner_args(db: str, owner: Owner = OWNER) -> list[str]:
    return ["--db", db, "--app", owner.app, "--user", owner.user_id]


# --- 3. version, time syntax, flags --------------------------------------------------


def test_version_prints_the_installed_version() -> None:
    from importlib.metadata import version

    done = run("--version")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"ledgermind {version('ledgermind')}"


def test_one_time_syntax_naive_means_utc() -> None:
    utc = UTC
    assert when("2026-03-15") == datetime(2026, 3, 15, tzinfo=utc)
    assert when("2026-03-15T09:30:00") == datetime(2026, 3, 15, 9, 30, tzinfo=utc)
    assert when("2026-03-15T09:30:00Z") == datetime(2026, 3, 15, 9, 30, tzinfo=utc)
    assert when("2026-03-15T11:30:00+02:00") == datetime(2026, 3, 15, 9, 30, tzinfo=utc)


def test_search_and_audit_share_valid_at_and_known_at(populated: tuple[str, dict[str, Any]]) -> None:
    db, _ = populated
    # the same naive time, the same meaning, the same flag name in both commands
    later = (datetime.now(UTC) + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M:%S")
    code, out, err = cli("search", *owner_args(db), "tea", "--valid-at", later, "--known-at", later, "--json")
    assert code == 0, err
    assert any("jasmine" in h["statement"] for h in json.loads(out))
    code, out, err = cli("audit", "beliefs", *owner_args(db), "--valid-at", later, "--known-at", later, "--json")
    assert code == 0, err
    assert any("jasmine" in r["statement"] for r in json.loads(out))
    code, _, err = cli("search", *owner_args(db), "tea", "--as-of", later)
    one_line_error(code, err, "--as-of")  # one flag per idea: the old spelling is gone
    code, _, err = cli("audit", "beliefs", *owner_args(db), "--valid-at", "yesterday")
    one_line_error(code, err, "RFC 3339")
    code, _, err = cli("audit", "conversation", "abcd", *owner_args(db), "--at", later)
    one_line_error(code, err, "--at")  # transaction time is --known-at everywhere
    code, help_text, _ = cli("search", "--help")
    assert "without an offset it is UTC" in " ".join(help_text.split())


# --- short ids -----------------------------------------------------------------------------


def test_short_ids_are_accepted_where_they_are_printed(populated: tuple[str, dict[str, Any]]) -> None:
    db, ids = populated
    short = ids["s1"][:8]
    code, out, err = cli("audit", "history", ids["tea"][:6], *owner_args(db), "--json")
    assert code == 0, err
    assert next(v["memory_id"] for v in json.loads(out)) == ids["tea"]
    code, out, err = cli("tasks", ids["s1"][:8], *owner_args(db), "--json")
    assert code == 0, err
    assert {t["task_id"] for t in json.loads(out)} == {ids["task"], ids["open_task"]}
    # a distilled belief's history table cites its source message as SID#SEQ ...
    code, out, err = cli("audit", "beliefs", *owner_args(db), "--json")
    paris = next(b["memory_id"] for b in json.loads(out) if "Paris" in b["statement"])
    code, out, err = cli("audit", "history", paris[:8], *owner_args(db))
    assert code == 0, err
    printed = next(w for w in out.split() if w.startswith(short + "#"))
    # ... and that very text is accepted back
    code, out, err = cli("audit", "conversation", printed, *owner_args(db), "--json")
    assert code == 0, err
    assert [m["seq"] for m in json.loads(out)["messages"]] == [int(printed.split("#")[1])]
    code, out, err = cli("tasks", printed, *owner_args(db), "--json")
    assert code == 0 and len(json.loads(out)) == 2, err
    # another owner's session is not found, even by its full id
    code, _, err = cli("tasks", ids["mia_session"], *owner_args(db))
    one_line_error(code, err, "SessionNotFound")
    code, _, err = cli("tasks", ids["s1"][:3], *owner_args(db))
    one_line_error(code, err, "at least 4 hex digits")


def _colliding_keys(owner: Owner) -> tuple[str, str]:
    """Two belief source keys whose ids (uuid5 of owner and key) share their
    first 4 hex digits: a short id that is ambiguous, made on purpose."""
    seen: dict[str, str] = {}
    for i in range(1_000_000):
        key = f"collide-{i}"
        prefix = new_belief_id(owner, key)[:4]
        if prefix in seen:
            return seen[prefix], key
        seen[prefix] = key
    raise AssertionError("no collision found")


def test_an_ambiguous_short_id_is_a_clear_error(sqlite_url: str) -> None:
    first, second = _colliding_keys(OWNER)
    now = datetime.now(UTC)
    with MemoryEngine.open(sqlite_url) as eng:
        ids = eng.for_owner(OWNER).apply_memory_changes(
            [
                NewBelief(
                    source_key=first, kind="fact", statement="one", valid_from=now, confidence=0.9, method="explicit"
                ),
                NewBelief(
                    source_key=second, kind="fact", statement="two", valid_from=now, confidence=0.9, method="explicit"
                ),
            ]
        )
    assert ids[0][:4] == ids[1][:4]
    code, _, err = cli("audit", "history", ids[0][:4], *owner_args(sqlite_url))
    one_line_error(code, err, "AmbiguousId")
    assert ids[0][:8] in err and ids[1][:8] in err
    longer = next(n for n in range(5, 33) if ids[0][:n] != ids[1][:n])
    code, out, err = cli("audit", "history", ids[0][:longer], *owner_args(sqlite_url), "--json")
    assert code == 0, err
    assert json.loads(out)[0]["memory_id"] == ids[0]
    # another owner has neither: the same prefix is simply not found for them
    code, _, err = cli("audit", "history", ids[0][:4], *owner_args(sqlite_url, OTHER))
    one_line_error(code, err, "MemoryNotFound")


# --- read-only commands never create a database ---------------------------------------


READ_ONLY = [
    ["recover", "--agent", "helper"],
    ["audit", "beliefs"],
    ["audit", "history", "abcd1234"],
    ["search", "tea"],
    ["agents"],
    ["sessions"],
    ["tasks", "abcd1234"],
    ["export"],
    ["erase", "--dry-run"],
]


@pytest.mark.parametrize("command", READ_ONLY, ids=lambda c: " ".join(c[:2]))
def test_read_only_commands_never_create_a_sqlite_file(tmp_path: Path, command: list[str]) -> None:
    missing = tmp_path / "mistyped.db"
    code, out, err = cli(*command, *owner_args(str(missing)))
    one_line_error(code, err, "StoreNotFound")
    assert out == ""
    assert not missing.exists() and list(tmp_path.iterdir()) == []
    for no_owner in (["projections", "status"], ["users", "--app", "a"]):
        code, _, err = cli(*no_owner, "--db", str(missing))
        one_line_error(code, err, "StoreNotFound")
    assert list(tmp_path.iterdir()) == []


def test_read_only_commands_create_no_tables_in_an_empty_postgres(pg_url: str) -> None:
    for command in (
        ["recover", "--agent", "x", *owner_args(pg_url)],
        ["projections", "status", "--db", pg_url],
        ["users", "--app", "a", "--db", pg_url],
    ):
        code, _, err = cli(*command)
        one_line_error(code, err, "StoreNotFound")
    import sqlalchemy as sa

    engine = sa.create_engine(pg_url.replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        assert sa.inspect(engine).get_table_names() == []
    finally:
        engine.dispose()


# --- --param ---------------------------------------------------------------------------


def test_param_is_checked_against_the_declared_parameters(populated: tuple[str, dict[str, Any]]) -> None:
    db, _ = populated
    for param, message in (
        ("dim=abc", "positive integer"),
        ("dim=-3", "positive integer"),
        ("bogus=1", "no parameter 'bogus'"),
        ("noequals", "KEY=VALUE"),
    ):
        code, _, err = cli("projections", "rebuild", "search", "--param", param, "--db", db, "--no-progress")
        one_line_error(code, err, message)
    code, _, err = cli("projections", "rebuild", "sessions", "--param", "dim=3", "--db", db)
    one_line_error(code, err, "its parameters: none")
    code, out, err = cli("projections", "status", "--db", db, "--json")
    assert code == 0, err
    assert {(r["name"], r["version"]) for r in json.loads(out)} >= {("search", 1)}
    assert all(r["version"] == 1 for r in json.loads(out)), "a refused --param made a new version"
    code, out, err = cli("projections", "rebuild", "search", "--param", "dim=256", "--db", db, "--json")
    assert code == 0, err
    assert json.loads(out)["new_version"] == 2


# --- no traceback, even for a closed pipe ----------------------------------------------


def test_a_closed_pipe_ends_quietly(sqlite_url: str) -> None:
    with MemoryEngine.open(sqlite_url) as eng:
        sid = eng.for_owner(OWNER).create_session("helper")
        for batch in range(10):
            eng.for_owner(OWNER).add_messages(
                sid, [{"role": "user", "content": f"message {batch}-{i} " * 40} for i in range(100)]
            )
    for command in (["recover", "--agent", "helper"], ["export"]):
        child = subprocess.Popen(
            [sys.executable, "-m", "ledgermind.cli", *command, *owner_args(sqlite_url)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        assert child.stdout is not None and child.stderr is not None
        assert child.stdout.readline()  # `| head -1`
        child.stdout.close()
        err = child.stderr.read().decode()
        assert child.wait(timeout=120) == 1
        assert "Traceback" not in err and "BrokenPipeError" not in err and "Exception ignored" not in err, err


# --- erase ------------------------------------------------------------------------------


def test_erase_refuses_an_owner_without_data_and_dry_run_erases_nothing(
    populated: tuple[str, dict[str, Any]],
) -> None:
    db, _ = populated
    typo = Owner(OWNER.app, "kne")
    code, _, err = cli("erase", *owner_args(db, typo), "--yes")
    one_line_error(code, err, "--force")
    with MemoryEngine.open(db) as eng:
        eng.for_owner(Owner(OWNER.app, "kne-check")).create_session("helper")  # the engine still writes
        assert eng.log.keys.erased_at(_key(typo)) is None  # no owner.erased, no tombstone
    code, out, err = cli("erase", *owner_args(db), "--dry-run", "--json")
    assert code == 0, err
    shown = json.loads(out)
    assert shown["has_key"] is True and shown["empty"] is False
    assert shown["streams"] == {"sessions": 2, "agents": 2, "tasks": 2, "beliefs": shown["streams"]["beliefs"]}
    assert shown["streams"]["beliefs"] >= 2
    assert any(t.startswith("ml_messages") and n == 3 for t, n in shown["rows"].items())
    code, out, err = cli("erase", *owner_args(db), "--dry-run")
    assert code == 0 and "nothing was erased" in out
    code, out, _ = cli("recover", *owner_args(db), "--agent", "helper", "--json")
    assert code == 0 and json.loads(out)["message_count"] == 2  # still there
    code, out, err = cli("erase", *owner_args(db, typo), "--yes", "--force", "--json")
    assert code == 0, err
    code, out, err = cli("erase", *owner_args(db), "--yes", "--json")
    assert code == 0, err
    assert sum(json.loads(out)["purged_rows"].values()) > 0


def _key(owner: Owner) -> Any:
    from ledgermind.domain.stream_ids import owner_key_id

    return owner_key_id(owner)


# --- demo --------------------------------------------------------------------------------


def test_demo_honours_ledgermind_db_and_removes_its_temp_files(tmp_path: Path) -> None:
    chosen = tmp_path / "from-env.db"
    done = run("demo", "--json", env={"LEDGERMIND_DB": str(chosen)})
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["database"] == str(chosen) and chosen.exists()
    temp_root = tmp_path / "tmp"
    temp_root.mkdir()
    done = run("demo", "--json", env={"TMPDIR": str(temp_root)})
    assert done.returncode == 0, done.stderr
    outcome = json.loads(done.stdout)
    assert outcome["ok"] is True and outcome["database_removed"] is True
    assert list(temp_root.iterdir()) == []


def test_demo_keep_names_the_owner_and_the_commands_that_look(tmp_path: Path) -> None:
    temp_root = tmp_path / "tmp"
    temp_root.mkdir()
    done = run("demo", "--keep", env={"TMPDIR": str(temp_root)})
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "app demo-support, user user-42, agent agent-7" in out, out
    commands = [line.strip() for line in out.splitlines() if line.strip().startswith("ledgermind ")]
    assert {c.split()[1] for c in commands} >= {"audit", "search", "ui"}, commands
    for command in commands:
        if command.split()[1] == "ui":
            continue  # it serves until stopped; its --db is the same
        looked = run(*shlex.split(command)[1:])
        assert looked.returncode == 0 and looked.stdout.strip(), (command, looked.stderr)
    shutil.rmtree(temp_root)


def test_demo_never_prints_the_database_password(pg_server_dsn: str) -> None:
    from tests.support.pg_databases import fresh_database

    secret = "s3cret-demo-password"
    for extra in ((), ("--json",)):
        with fresh_database(pg_server_dsn) as url:  # the demo wants a database of its own
            parts = urlsplit(url)
            netloc = f"{parts.username or 'postgres'}:{secret}@{parts.hostname or ''}" + (
                f":{parts.port}" if parts.port else ""
            )
            done = run("demo", "--db", urlunsplit(parts._replace(netloc=netloc)), *extra)
        assert done.returncode == 0, done.stderr
        assert secret not in done.stdout + done.stderr, done.stdout
        if extra:
            assert json.loads(done.stdout)["database"].startswith("postgresql://")
        else:  # the commands to look refer to the URL, never spell it out
            assert '--db "$LEDGERMIND_DB"' in done.stdout, done.stdout


def test_demo_validates_kill_after_and_says_why_it_failed(tmp_path: Path) -> None:
    for bad in ("0", "-3", "x"):
        code, _, err = cli("demo", "--kill-after", bad)
        one_line_error(code, err, "--kill-after")
    code, _, err = cli("demo", "--kill-after", "99")
    one_line_error(code, err, "at most")
    done = run("demo", "--db", str(tmp_path / "no-such-dir" / "demo.db"))
    assert done.returncode == 1
    verdict = [line for line in done.stdout.splitlines() if "FAILED" in line]
    assert verdict and "exited with status" in verdict[0] and "does not exist" in verdict[0], done.stdout
    assert "Traceback" not in done.stdout + done.stderr
    code, help_text, _ = cli("demo", "--help")
    db_help = " ".join(help_text.split("\n  --db DB", 1)[1].split("\n  --keep", 1)[0].split())
    assert "postgresql://" in db_help and "SQLite file to use" not in db_help


# --- 4. discover ------------------------------------------------------------------------


def test_users_agents_sessions_tasks_tables_json_and_pages(populated: tuple[str, dict[str, Any]]) -> None:
    db, ids = populated
    code, out, err = cli("users", "--app", OWNER.app, "--db", db, "--json")
    assert code == 0, err
    users = json.loads(out)
    assert [u["user_id"] for u in users] == ["ken", "mia"]
    assert users[0]["sessions"] == 2 and users[0]["messages"] == 3 and users[0]["beliefs"] >= 2
    code, out, _ = cli("users", "--app", OWNER.app, "--db", db, "--limit", "1", "--after", "ken", "--json")
    assert [u["user_id"] for u in json.loads(out)] == ["mia"]
    code, out, _ = cli("users", "--app", OWNER.app, "--db", db, "--limit", "1")
    assert "ken" in out and "mia" not in out and "--after ken" in out

    code, out, err = cli("agents", *owner_args(db), "--json")
    assert code == 0, err
    agents = json.loads(out)
    assert [(a["agent_id"], a["sessions"]) for a in agents] == [("helper", 1), ("planner", 1)]
    assert agents[0]["latest_session"] == ids["s1"]

    code, out, err = cli("sessions", *owner_args(db), "--json")
    assert code == 0, err
    assert [s["session_id"] for s in json.loads(out)] == [ids["s1"], ids["s2"]]
    code, out, _ = cli("sessions", *owner_args(db), "--limit", "1", "--json")
    first = json.loads(out)
    code, out, _ = cli("sessions", *owner_args(db), "--after", first[0]["session_id"][:8], "--json")
    assert [s["session_id"] for s in json.loads(out)] == [ids["s2"]]
    code, out, _ = cli("sessions", *owner_args(db), "--agent", "planner", "--json")
    assert [(s["session_id"], s["status"]) for s in json.loads(out)] == [(ids["s2"], "closed")]
    code, out, _ = cli("sessions", *owner_args(db))
    assert ids["s1"] in out and ids["mia_session"] not in out

    code, out, err = cli("tasks", ids["s1"], *owner_args(db), "--json")
    assert code == 0, err
    tasks = {t["task_id"]: t for t in json.loads(out)}
    assert tasks[ids["task"]]["status"] == "completed" and tasks[ids["task"]]["output"] == "booked for two"
    assert tasks[ids["open_task"]]["status"] == "open"
    code, out, _ = cli("tasks", ids["s1"], *owner_args(db))
    assert "book a table" in out and "call the bank" in out
    code, _, err = cli("sessions", *owner_args(db), "--limit", "0")
    one_line_error(code, err, "--limit")


# --- export / import ----------------------------------------------------------------


def _state(db: str, owner: Owner) -> dict[str, Any]:
    """What an owner has, with ids left out (they differ between databases)."""
    with MemoryEngine.open(db) as eng:
        restored = eng.for_owner(owner).restore_agent("helper").as_dict()
        eng.projections.wait_for_head()
        from ledgermind.projections.audit import beliefs_as_of

        beliefs = sorted(
            (b["statement"], b["kind"], b["valid_from"].isoformat()) for b in beliefs_as_of(eng.projections, owner)
        )
    messages = [(m["seq"], m["role"], m["content"], m["occurred_at"], m["metadata"]) for m in restored["messages"]]
    return {
        "messages": messages,
        "state": restored["state"],
        "open_tasks": [t["input"] for t in restored["open_tasks"]],
        "beliefs": beliefs,
    }


def test_export_then_import_moves_an_owner_between_databases(db_url: str, tmp_path: Path) -> None:
    populate(db_url)
    dump = tmp_path / "ken.jsonl"
    code, out, err = cli("export", *owner_args(db_url), "--out", str(dump))
    assert code == 0, err
    lines = [json.loads(line) for line in dump.read_text(encoding="utf-8").splitlines()]
    assert [line["position"] for line in lines] == sorted(line["position"] for line in lines)
    assert all(set(line) == {"position", "topic", "stream_id", "version", "timestamp", "fields"} for line in lines)
    assert all(line["fields"]["user_id"] == "ken" for line in lines)  # only this owner
    assert any(line["fields"].get("content") == "I live in Paris and I prefer tea over coffee." for line in lines)
    assert datetime.fromisoformat(lines[0]["timestamp"]).tzinfo is not None
    assert f"exported {len(lines)} event(s)" in err and "--since" in err

    target = str(tmp_path / "target.db")
    moved = Owner("other-app", "ken-moved")
    code, out, err = cli("import", *owner_args(target, moved), str(dump), "--json")
    assert code == 0, err
    first = json.loads(out)
    assert (
        first["sessions"],
        first["messages"],
        first["tasks"],
        first["finished_tasks"],
        first["checkpoints"],
        first["closed_sessions"],
        first["seq_mismatches"],
    ) == (2, 3, 2, 1, 1, 1, 0)
    assert first["beliefs"] >= 3
    assert _state(target, moved) == _state(db_url, OWNER)

    # importing the same file again writes nothing
    with MemoryEngine.open(target) as eng:
        before = eng.log.recorder.max_notification_id()
    code, out, err = cli("import", *owner_args(target, moved), str(dump), "--json")
    assert code == 0, err
    assert json.loads(out)["written"] == 0 and first["written"] > 0
    with MemoryEngine.open(target) as eng:
        assert eng.log.recorder.max_notification_id() == before
    code, out, err = cli("import", *owner_args(target, moved), str(dump))
    assert code == 0 and "0 event(s) written (all were already there)" in out, out
    assert _state(target, moved) == _state(db_url, OWNER)

    # --since: only what came after a position
    code, out, _ = cli("export", *owner_args(db_url), "--since", str(lines[-2]["position"]))
    assert [json.loads(line)["position"] for line in out.splitlines()] == [lines[-1]["position"]]


def test_import_refuses_a_malformed_file_before_writing(tmp_path: Path) -> None:
    target = str(tmp_path / "t.db")
    bad = tmp_path / "bad.jsonl"
    for text, message in (("not json\n", "line 1: not JSON"), ('{"position": 1}\n', "not an exported event")):
        bad.write_text(text, encoding="utf-8")
        code, _, err = cli("import", *owner_args(target), str(bad))
        one_line_error(code, err, message)
        assert not Path(target).exists()  # a bad file creates no database
    code, _, err = cli("import", *owner_args(target), str(tmp_path / "missing.jsonl"))
    one_line_error(code, err, "No such file")


# --- 5. say what happened ------------------------------------------------------------------


def test_distill_once_lists_the_changed_beliefs_and_logs(sqlite_url: str) -> None:
    with MemoryEngine.open(sqlite_url) as eng:
        sid = eng.for_owner(OWNER).create_session("helper")
        eng.for_owner(OWNER).add_message(sid, "user", "I live in Paris and I prefer tea over coffee.")
    code, out, err = cli("distill", "run", "--db", sqlite_url, "--once", "--json")
    assert code == 0, err
    report = json.loads(out)
    assert report["changes"] == len(report["beliefs"]) >= 1
    assert {b["change"] for b in report["beliefs"]} == {"added"}
    assert all(b["session_id"] == sid and b["statement"] for b in report["beliefs"])
    assert "started" in err and "stopped" in err
    with MemoryEngine.open(sqlite_url) as eng:
        eng.for_owner(OWNER).add_message(sid, "user", "Actually I now live in Berlin.")
    code, out, err = cli("distill", "run", "--db", sqlite_url, "--once")
    assert code == 0, err
    assert "memory_id" in out and "Berlin" in out


def test_distill_worker_logs_start_each_batch_and_stop(sqlite_url: str) -> None:
    with MemoryEngine.open(sqlite_url) as eng:
        sid = eng.for_owner(OWNER).create_session("helper")
        eng.for_owner(OWNER).add_message(sid, "user", "I live in Paris and I prefer tea over coffee.")
    child = subprocess.Popen(
        [sys.executable, "-m", "ledgermind.cli", "distill", "run", "--db", sqlite_url, "--poll", "0.1"],
        stderr=subprocess.PIPE,
        text=True,
    )
    assert child.stderr is not None
    seen = []
    try:
        for line in child.stderr:  # waits on the lines themselves, not on a clock
            seen.append(line)
            if "batch:" in line:
                break
        child.send_signal(signal.SIGTERM)
        seen.extend(child.stderr)
        assert child.wait(timeout=60) == 0
    finally:
        if child.poll() is None:
            child.kill()
    text = "".join(seen)
    assert "started" in text and "batch: 1 delta(s)" in text and "stopped (signal)" in text, text
    assert "Traceback" not in text


def test_empty_context_says_why(populated: tuple[str, dict[str, Any]]) -> None:
    db, _ = populated
    code, out, err = cli("search", *owner_args(db), "tea", "--context", "--budget", "20")
    assert code == 0, err
    assert out == "" and "too small" in err and "--budget" in err
    code, out, err = cli("search", *owner_args(db, Owner(OWNER.app, "nobody")), "tea", "--context")
    assert code == 0, err
    assert out == "" and "nothing found" in err
    code, out, err = cli("search", *owner_args(db), "tea", "--context", "--budget", "20", "--json")
    assert json.loads(out)["context"] == "" and "too small" in json.loads(out)["empty_because"]
    code, out, err = cli("search", *owner_args(db), "tea", "--context")
    assert "jasmine" in out and err == ""


def test_scores_shown_to_people_are_0_to_1_with_the_raw_score_in_json(populated: tuple[str, dict[str, Any]]) -> None:
    """The CLI shows the calibrated relevance the Python API gives (one number on every surface)."""
    db, _ = populated
    code, out, err = cli("search", *owner_args(db), "tea", "--json")
    assert code == 0, err
    hits = json.loads(out)
    assert hits
    with MemoryEngine.open(db) as eng:
        python = {h.id: h.relevance for h in eng.for_owner(OWNER).search("tea")}
    for h in hits:
        assert 0 < h["relevance"] <= 1 and "score" in h
        assert h["relevance"] == pytest.approx(python[h["id"]], abs=5e-5)  # JSON keeps 4 digits
    code, out, _ = cli("search", *owner_args(db), "tea")
    shown = [float(line.split()[0]) for line in out.splitlines()[2:]]
    assert shown and all(0 <= s <= 1 for s in shown)
    assert shown[0] == pytest.approx(hits[0]["relevance"], abs=0.006)


# --- 6. start fast ---------------------------------------------------------------------------


HEAVY = (
    "sqlalchemy",
    "eventsourcing",
    "numpy",
    "psycopg",
    "cryptography",
    "tqdm",
    "ledgermind.api",
    "ledgermind.storage",
    "ledgermind.projections",
    "ledgermind.write",
)


def test_help_imports_nothing_heavy() -> None:
    """What ``--help`` costs is what it imports (timing is the benchmark's job:
    benchmarks/cli_startup.py); building every parser must load none of these."""
    probe = (
        "import sys\nfrom ledgermind.cli import build_parser\nbuild_parser()\n"
        f"print(sorted({{m.split('.')[0] if not m.startswith('ledgermind') else '.'.join(m.split('.')[:2]) "
        f"for m in sys.modules}} & set({HEAVY!r})))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
