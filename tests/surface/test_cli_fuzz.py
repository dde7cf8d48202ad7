"""No argument list makes ``ledgermind`` print a traceback.

Hypothesis draws argv lists from the commands, their flags and hostile
values (bad times, ids, numbers, paths, URLs, control and bidi characters,
a full disk for --out) against a real, populated SQLite database, and runs
``main`` as the shell would. Whatever it draws, the command exits 0, 1 or 2;
a failure is one line on stderr that starts with ``ledgermind``; nothing says
Traceback, and nothing reaches the "internal error" safety net (which would
mean an exception nobody turned into a message).
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledgermind import MemoryEngine, Owner
from ledgermind.cli import build_parser
from tests.surface.test_cli_operator import cli

OWNER = Owner("fuzz-app", "ken")

# Children, workers and servers (they run until signalled, talk a protocol on stdin, or outlive the
# command, as pg start's PostgreSQL does): their own tests.
SKIP = {("demo",), ("distill", "run"), ("projections", "run"), ("serve",), ("supervise",), ("ui",), ("mcp",), ("pg",)}
HOSTILE = [
    "", " ", "-", "--", "0", "-1", "3", "1e309", "nan", "inf", "9" * 40, "2026-02-30", "2026-03-15T25:00",
    "2026-03-15", "2026-03-15T09:30:00Z", "0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00",
    "abcd", "abcd#x", "abcd#\u00b2", "#", "#1", "a" * 300, "\u00dcn\u00efcode", "\u202eevil", "ken", "fuzz-app",
    "helper", "fact", "search", "sessions", "'; DROP TABLE ml_sessions_v1; --", "../../etc/passwd", "%s%n",
    "dim=abc", "bogus=1", "dim=0", "dim=64", "embedder=nope", "dim=99999999999999999999", "\x00", "\ud800",
    "/dev/full", "mysql://x/y", "sqlite:///", ":memory:", "postgresql://", "12", "100",
]  # fmt: skip


def _commands() -> dict[tuple[str, ...], tuple[list[str], list[str], int]]:
    """Every leaf command: (its flags that take a value, its switches, how
    many positionals), read from the real parser so the fuzz keeps up."""
    found: dict[tuple[str, ...], tuple[list[str], list[str], int]] = {}

    def walk(parser: argparse.ArgumentParser, path: tuple[str, ...]) -> None:
        subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if subs:
            for name, sub in subs[0].choices.items():
                walk(sub, (*path, name))
            return
        if path[:2] in SKIP or path[:1] in SKIP:
            return
        valued = [o for a in parser._actions for o in a.option_strings if a.nargs != 0 and o.startswith("--")]
        switches = [o for a in parser._actions for o in a.option_strings if a.nargs == 0 and o != "-h"]
        positionals = sum(1 for a in parser._actions if not a.option_strings)
        found[path] = (valued, switches, positionals)

    walk(build_parser(), ())
    return found


COMMANDS = _commands()
_LOG_LINE = re.compile(r"^\d{4}-\d\d-\d\dT\S+ distill ")


@pytest.fixture(scope="module")
def fuzz_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("fuzz")
    db = folder / "fuzz.db"
    with MemoryEngine.open(str(db)) as eng:
        sid = eng.for_owner(OWNER).create_session("helper")
        eng.for_owner(OWNER).add_message(sid, "user", "I live in Paris and I prefer tea over coffee.")
        eng.for_owner(OWNER).start_task(sid, "book a table")
        eng.for_owner(OWNER).checkpoint_agent("helper", {"step": 1})
        eng.for_owner(OWNER).remember("Ken likes green tea")
        eng.projections.wait()
    (folder / "not-a-db.db").write_bytes(b"hello, I am not SQLite" * 10)
    (folder / "a-directory").mkdir()
    return db


TIMES = [
    "2026-02-30",
    "2026-03-15T25:00",
    "2026-03-15",
    "2026-03-15T09:30:00Z",
    "0001-01-01T00:00:00+14:00",
    "9999-12-31T23:59:59-14:00",
    "2026-03-15T09:30:00+99:00",
    "20260315",
    "now",
    "",
]
NUMBERS = ["0", "-1", "1", "3", "1e309", "nan", "inf", "9" * 40, "0x10", "\u0663", " 7 ", ""]
PARAMS = [
    "dim=abc",
    "bogus=1",
    "dim=0",
    "dim=64",
    "embedder=nope",
    "dim=99999999999999999999",
    "=",
    "dim",
    "embedder_name=x",
    "dim=1.5",
]


def _values(db: Path) -> st.SearchStrategy[str]:
    return st.sampled_from(HOSTILE + _paths(db))


def _paths(db: Path) -> list[str]:
    folder = db.parent
    return [
        str(db),
        str(folder / "missing.db"),
        str(folder / "not-a-db.db"),
        str(folder / "a-directory"),
        str(folder / "nested" / "missing.db"),
        "/dev/full",
        "/dev/null",
        str(folder / "out.jsonl"),
    ]


def _value_for(flag: str, db: Path) -> st.SearchStrategy[str]:
    """Values of the flag's own kind most of the time (so a bad time reaches
    the time parser, not only argparse), any hostile value otherwise."""
    own = (
        TIMES
        if flag.endswith("-at")
        else PARAMS
        if flag == "--param"
        else _paths(db)
        if flag in ("--db", "--out")
        else NUMBERS
        if flag in NUMERIC
        else None
    )
    return _values(db) if own is None else st.one_of(st.sampled_from(own), _values(db))


NUMERIC = {
    "--limit",
    "-k",
    "--budget",
    "--last",
    "--since",
    "--batch-size",
    "--min-messages",
    "--version",
    "--kill-after",
    "--delay",
    "--poll",
    "--max-attempts",
    "--min-interval",
}


@st.composite
def _argv(draw: st.DrawFn, db: Path, path: tuple[str, ...]) -> list[str]:
    """A command, mostly the real database and owner (so the handlers run,
    not only argparse), hostile positionals, and some of the command's own
    flags with hostile values; now and then a stray token."""
    values = _values(db)
    valued, switches, positionals = COMMANDS[path]
    argv = list(path)
    if draw(st.integers(0, 9)) < 8:
        argv += ["--db", str(db), "--app", OWNER.app, "--user", OWNER.user_id]
    argv += [draw(values) for _ in range(positionals)]
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.integers(0, 9))
        if kind < 6 and valued:
            flag = draw(st.sampled_from(valued))
            argv += [flag, draw(_value_for(flag, db))]
        elif kind < 9 and switches:
            argv.append(draw(st.sampled_from(switches)))
        else:
            argv.append(draw(values))
    return argv


@pytest.mark.slow
@pytest.mark.parametrize("path", sorted(COMMANDS), ids=" ".join)
def test_no_argument_list_prints_a_traceback(
    fuzz_db: Path, path: tuple[str, ...], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One search per command, so each command's flags and values get
    their share of the examples. It runs in a scratch directory: a relative
    ``--out`` or ``--db`` lands there, never in the repository."""
    monkeypatch.delenv("LEDGERMIND_DEBUG", raising=False)
    monkeypatch.chdir(tmp_path)

    @settings(
        max_examples=60,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )
    @given(_argv(fuzz_db, path))
    def check(argv: list[str]) -> None:
        code, _, err = cli(*argv)
        assert code in (0, 1, 2), (argv, code, err)
        assert "Traceback" not in err, (argv, err)
        assert "internal error" not in err, (argv, err)
        if code != 0:
            lines = [line for line in err.strip().splitlines() if not _LOG_LINE.match(line)]
            assert len(lines) == 1 and lines[0].startswith("ledgermind"), (argv, err)

    check()
