"""``ledgermind audit conflicts`` and ``audit resolve``: the CLI's view of
contradictions no rule settled, and the action that settles one.

The conflicts are the distiller's own, from real messages (one message says
two birthdays: nothing, not even order, settles which holds). Every command
runs through the real CLI entry point on every backend.
"""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from datetime import UTC, datetime

import pytest

from ledgermind import MemoryEngine, Owner
from ledgermind.cli import main

OWNER = Owner("conflicts", "ken")
MARCH = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)


def cli(*args: str) -> tuple[int, str, str]:
    """``ledgermind ARGS`` in this process: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as e:  # argparse usage errors
            code = int(e.code or 0)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def conflicted(db_url: str) -> tuple[str, list[str], str]:
    """A database with one open conflict (two birthdays) and one plain belief."""
    with MemoryEngine.open(db_url) as eng:
        mem = eng.for_owner(OWNER)
        sid = mem.create_session("agent")
        mem.add_message(sid, "user", "My birthday is March 3. Oh and my birthday is July 19.", occurred_at=MARCH)
        mem.add_message(sid, "user", "I live in Paris.", occurred_at=MARCH)
        eng.distill()
        ids = sorted(m for m, b in mem.flagged().items() if b.conflicting)
        eng.projections.wait_for_head()
        plain = next(b.memory_id for b in mem.beliefs() if b.memory_id not in ids)
    assert len(ids) == 2
    return db_url, ids, plain


def _owner(db: str) -> list[str]:
    return ["--db", db, "--app", OWNER.app, "--user", OWNER.user_id]


def test_conflicts_lists_each_side_with_the_other(conflicted: tuple[str, list[str], str]) -> None:
    db, (a, b), _ = conflicted
    code, out, err = cli("audit", "conflicts", *_owner(db), "--json")
    assert code == 0, err
    rows = {r["memory_id"]: r for r in json.loads(out)}
    assert set(rows) == {a, b}  # the plain belief is in no conflict
    for mine, theirs in ((a, b), (b, a)):
        row = rows[mine]
        assert row["flags"] == ["conflicting"] and [o["memory_id"] for o in row["conflicts_with"]] == [theirs]
        assert "birthday" in row["statement"].casefold() and row["conflicts_with"][0]["status"] == "current"
        assert datetime.fromisoformat(row["valid_from"]) == MARCH  # RFC 3339, with its offset
    code, out, _ = cli("audit", "conflicts", *_owner(db))
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["memory_id", "statement", "valid_from", "conf", "conflicts", "with"]
    assert any(line.startswith(a) and b[:8] in line for line in lines) and "2025-03-03T09:00:00+00:00" in out
    for mine, theirs in ((a, b), (b, a)):  # one was created flagged, the other flagged later (memory.flagged)
        code, out, err = cli("audit", "lineage", mine[:8], *_owner(db), "--json")  # lineage shows the flags too
        assert code == 0, err
        assert json.loads(out)["flags"] == ["conflicting"] and json.loads(out)["conflicts_with"] == [theirs]
        code, out, err = cli("audit", "lineage", mine[:8], *_owner(db))
        assert code == 0 and f"flags: conflicting with {theirs[:8]}" in out.splitlines()[0], err
    with MemoryEngine.open(db) as eng:
        sid = eng.for_owner(OWNER).lineage(a).messages[0].session_id
    code, out, err = cli("audit", "lineage", "--message", f"{sid}:1", *_owner(db), "--json")
    assert code == 0 and {e["memory_id"] for e in json.loads(out)["direct"]} >= {a, b}, err


def test_resolve_keep_this_invalidates_the_other_and_clears_the_flags(
    conflicted: tuple[str, list[str], str],
) -> None:
    db, (keep, drop), plain = conflicted
    code, out, err = cli(
        "audit", "resolve", keep[:8], "--keep", "this", "--reason", "checked the passport", *_owner(db)
    )
    assert code == 0, err
    assert f"invalidated {drop}" in out and f"flag cleared {keep}" in out
    code, out, _ = cli("audit", "conflicts", *_owner(db), "--json")
    assert code == 0 and json.loads(out) == []
    with MemoryEngine.open(db) as eng:
        mem = eng.for_owner(OWNER)
        assert mem.load_memory(drop).status == "invalidated"  # type: ignore[union-attr]
        assert mem.load_memory(keep).status == "current" and mem.flagged() == {}  # type: ignore[union-attr]
        assert mem.load_memory(plain).status == "current"  # type: ignore[union-attr]  # unrelated: untouched
    code, _, err = cli("audit", "resolve", keep, "--keep", "this", "--reason", "again", *_owner(db))
    assert code == 2 and err.startswith("ledgermind: StateConflict:") and "no open conflict" in err
    assert len(err.strip().splitlines()) == 1


def test_resolve_keep_both_keeps_both(conflicted: tuple[str, list[str], str]) -> None:
    db, (a, b), _ = conflicted
    code, out, err = cli("audit", "resolve", b, "--keep", "both", "--reason", "two parties", "--json", *_owner(db))
    assert code == 0, err
    report = json.loads(out)
    assert report["keep"] == "both" and report["invalidated"] == [] and set(report["changed"]) == {a, b}
    with MemoryEngine.open(db) as eng:
        mem = eng.for_owner(OWNER)
        assert {mem.load_memory(m).status for m in (a, b)} == {"current"}  # type: ignore[union-attr]
        assert mem.conflicts() == []


def test_resolve_refusals_are_typed_and_change_nothing(conflicted: tuple[str, list[str], str]) -> None:
    db, (a, _), plain = conflicted
    for args, error in (
        (("resolve", plain, "--keep", "this", "--reason", "x"), "StateConflict"),  # in no conflict
        (("resolve", "0" * 32, "--keep", "this", "--reason", "x"), "MemoryNotFound"),
        (("resolve", "zz", "--keep", "this", "--reason", "x"), "MemoryNotFound"),
        (("resolve", a, "--keep", "this", "--reason", "   "), "InvalidInput"),
    ):
        code, out, err = cli("audit", *args, *_owner(db))
        assert code == 2 and err.startswith(f"ledgermind: {error}:") and out == "", (args, err)
    for args in (("resolve", a, "--keep", "neither", "--reason", "x"), ("resolve", a, "--keep", "this")):
        code, _, err = cli("audit", *args, *_owner(db))
        assert code == 2 and "error:" in err  # usage errors: one line
    other = ["--db", db, "--app", OWNER.app, "--user", "someone-else"]
    code, _, err = cli("audit", "resolve", a, "--keep", "this", "--reason", "x", *other)
    assert code == 2 and "MemoryNotFound" in err  # another owner's id reads as no id at all
    code, out, _ = cli("audit", "conflicts", *_owner(db), "--json")
    assert len(json.loads(out)) == 2  # nothing changed
