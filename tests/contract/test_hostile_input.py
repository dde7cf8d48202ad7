"""Hostile input beyond the core's own checks, on both backends.

Hypothesis throws arbitrary values at the public API and at the CLI. Every
call either succeeds or raises a ``LedgermindError`` subclass (the CLI: exits
2 with one ``ledgermind: ...`` line, or argparse's usage error); a rejected
call leaves the event log exactly as it was. A traceback of anything else
(TypeError, RecursionError, a driver error) fails the test.
"""

from __future__ import annotations

import contextlib
import io
import os
from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledgermind import MemoryEngine, Owner
from ledgermind.cli import main as cli_main
from ledgermind.domain.errors import ContentTooLarge, InvalidMetadata, LedgermindError
from ledgermind.write.beliefs import Forget, Invalidate, NewBelief, Reinforce, Revise
from tests.support.capabilities import capabilities

OWNER = Owner("fuzz", "user")
WHEN = datetime(2026, 5, 1, tzinfo=UTC)

nasty_text = st.one_of(
    st.text(max_size=40),
    st.sampled_from(
        [
            "",
            " ",
            "\x00",
            "a\x00b",
            "\ud800",
            "x\udfff",
            "\u202e",
            "\n",
            "☃" * 300,
            "ff" * 16,
            "-" * 36,
            "../../etc/passwd",
            "'; DROP TABLE stored_events; --",
        ]
    ),
)
json_like = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), nasty_text),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(nasty_text, inner, max_size=4)),
    max_leaves=12,
)
junk = st.one_of(
    nasty_text,
    json_like,
    st.binary(max_size=20),
    st.integers(),
    st.floats(),
    st.datetimes(),
    st.datetimes(timezones=st.timezones()),
    st.just(object()),
    st.just(float("nan")),
)


def _deep(depth: int) -> Any:
    value: Any = "leaf"
    for _ in range(depth):
        value = {"k": [value]}
    return value


def _head(eng: MemoryEngine) -> int:
    return int(eng.log.recorder.max_notification_id() or 0)


def _call(eng: MemoryEngine, name: str, args: list[Any], sid: str) -> None:
    maybe = args + [None] * 12
    owner = Owner(*maybe[:2]) if isinstance(maybe[0], str) and isinstance(maybe[1], str) else maybe[0]
    target = sid if maybe[2] == "use-session" else maybe[2]
    calls = {
        "create_session": lambda: eng.for_owner(owner).create_session(maybe[3]),
        "add_message": lambda: eng.for_owner(OWNER).add_message(
            target,
            maybe[3],
            maybe[4],
            name=maybe[5],
            occurred_at=maybe[6],
            client_id=maybe[7],
            metadata=maybe[8],
            tool_calls=maybe[9],
            tool_call_id=maybe[10],
        ),
        "add_messages": lambda: eng.for_owner(OWNER).add_messages(target, maybe[3:6]),
        "start_task": lambda: eng.for_owner(OWNER).start_task(target, maybe[3]),
        "complete_task": lambda: eng.for_owner(OWNER).complete_task(maybe[3], maybe[4]),
        "checkpoint_agent": lambda: eng.for_owner(owner).checkpoint_agent(maybe[3], maybe[4]),
        "get_session": lambda: eng.for_owner(owner if isinstance(owner, Owner) else OWNER).get_session(target),
        "close_session": lambda: eng.for_owner(OWNER).close_session(maybe[3]),
        "load_memory": lambda: eng.for_owner(owner).load_memory(maybe[3]),
        "restore_agent": lambda: eng.for_owner(owner).restore_agent(maybe[3], maybe[4]),
        "remember": lambda: eng.for_owner(OWNER).apply_memory_changes(
            [
                NewBelief(
                    source_key=maybe[3],
                    kind=maybe[4],
                    statement=maybe[5],
                    valid_from=maybe[6],
                    confidence=maybe[7],
                    method=maybe[8],
                )
            ]
        ),
        "change": lambda: eng.for_owner(OWNER).apply_memory_changes([_change(maybe)]),
        "erase_owner": lambda: eng.for_owner(maybe[3]).erase(),  # never a valid Owner: only junk
        "search": lambda: eng.for_owner(owner).search(maybe[3], k=maybe[4] if isinstance(maybe[4], int) else 5),
    }
    calls[name]()


def _change(maybe: list[Any]) -> Any:
    pick = maybe[8] % 4 if isinstance(maybe[8], int) else 0
    if pick == 0:
        return Reinforce(maybe[3], confidence=maybe[4], reason=maybe[5])
    if pick == 1:
        return Revise(maybe[3], statement=maybe[4], confidence=maybe[5], reason=maybe[6], method=maybe[7])
    if pick == 2:
        return Invalidate(maybe[3], invalid_at=maybe[4], reason=maybe[5], cause=maybe[6], superseded_by=maybe[7])
    return Forget(maybe[3])


API_CALLS = ["create_session", "add_message", "add_messages", "start_task", "complete_task",
             "checkpoint_agent", "get_session", "close_session", "load_memory", "restore_agent",
             "remember", "change", "erase_owner", "search"]  # fmt: skip


def test_public_api_fuzz(eng: MemoryEngine, backend: str) -> None:
    sid = eng.for_owner(OWNER).create_session("agent")
    eng.for_owner(OWNER).add_message(sid, "user", "a valid first message")
    valid_bits = st.sampled_from(["fuzz", "user", "use-session", "user", "agent", "hello", WHEN, 0.5, "fact"])

    @settings(
        max_examples=60 if capabilities(backend).server_round_trips else 150,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )
    @given(st.sampled_from(API_CALLS), st.lists(st.one_of(valid_bits, junk), max_size=11))
    def run(name: str, args: list[Any]) -> None:
        before = _head(eng)
        try:
            _call(eng, name, args, sid)
        except LedgermindError:
            assert _head(eng) == before, f"{name} raised after writing"

    run()
    assert eng.for_owner(OWNER).get_session(sid).message_count >= 1  # the store still works


@pytest.mark.parametrize("depth", [17, 200, 5_000])
def test_deep_json_is_a_typed_error_not_a_recursion_error(eng: MemoryEngine, depth: int) -> None:
    sid = eng.for_owner(OWNER).create_session("agent")
    before = _head(eng)
    for call in (
        lambda: eng.for_owner(OWNER).add_message(sid, "user", "hi", metadata={"x": _deep(depth)}),
        lambda: eng.for_owner(OWNER).add_message(sid, "assistant", "", tool_calls=[_deep(depth)]),
        lambda: eng.for_owner(OWNER).checkpoint_agent("agent", _deep(depth)),
    ):
        with pytest.raises(InvalidMetadata, match="nested deeper"):
            call()
    assert _head(eng) == before


def test_json_size_and_batch_limits(eng: MemoryEngine) -> None:
    sid = eng.for_owner(OWNER).create_session("agent")
    before = _head(eng)
    limits = eng.config.limits
    wide = {f"k{i}": "v" * 100 for i in range(limits.max_metadata_bytes // 100)}
    with pytest.raises(ContentTooLarge):
        eng.for_owner(OWNER).add_message(sid, "user", "hi", metadata=wide)
    with pytest.raises(ContentTooLarge):
        eng.for_owner(OWNER).add_messages(sid, [{"role": "user", "content": "x"}] * (limits.max_batch_messages + 1))
    big = "y" * (limits.max_batch_bytes // 10)
    with pytest.raises(ContentTooLarge):  # each message is under its limit, the batch is not
        eng.for_owner(OWNER).add_messages(sid, [{"role": "user", "content": big}] * 11)
    # One bad message in a batch: nothing of the batch is written.
    with pytest.raises(LedgermindError):
        eng.for_owner(OWNER).add_messages(
            sid, [{"role": "user", "content": "fine"}, {"role": "user", "content": "a\x00"}]
        )
    assert _head(eng) == before


# --- the command line --------------------------------------------------------

# Each shape with the options its parser requires, so most examples reach the
# handler (argparse rejecting a missing option tests nothing of ours).
CLI_SHAPES = [
    (["recover"], ["--app", "--user", "--agent"], ["--last", "--json"]),
    (["audit", "beliefs"], ["--app", "--user"], ["--valid-at", "--known-at", "--kind", "--json", "--no-wait"]),
    (["audit", "history"], ["--app", "--user", "ID"], ["--json", "--no-wait"]),
    (["audit", "invalidation"], ["--app", "--user", "ID"], ["--json", "--no-wait"]),
    (["audit", "conversation"], ["--app", "--user", "ID"], ["--known-at", "--json", "--no-wait"]),
    (["projections", "status"], [], ["--name", "--json"]),
]  # fmt: skip
cli_value = st.one_of(
    nasty_text,
    st.sampled_from(
        [
            "fuzz",
            "user",
            "agent",
            "-1",
            "0",
            "99999999999999999999",
            "2026-13-45",
            "2026-05-01T00:00:00",
            "nan",
            "--json",
            "-h",
        ]
    ),
)


def _option_value(flag: str) -> st.SearchStrategy[str]:
    """Mostly well-typed values (so the handler runs), sometimes anything."""
    if flag == "--last":
        typed = st.integers(-3, 5).map(str)
    elif flag.endswith("-at"):
        typed = st.datetimes(min_value=datetime(1, 1, 1), max_value=datetime(9999, 12, 31)).map(lambda d: d.isoformat())
    else:
        typed = st.sampled_from(["fact", "episode", "sessions", "memory", "nope"])
    return st.one_of(typed, typed, cli_value)


def _run_cli(argv: list[str]) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        try:
            code = cli_main(argv)
        except SystemExit as e:  # argparse: --help (0) or a usage error (2)
            code = e.code if isinstance(e.code, int) else 2
    return code, err.getvalue()


def test_cli_fuzz(eng: MemoryEngine, backend: str, tmp_path: Any) -> None:
    sid = eng.for_owner(OWNER).create_session("agent")
    eng.for_owner(OWNER).add_message(sid, "user", "hello from the cli test")
    not_a_db = tmp_path / "notes.txt"
    not_a_db.write_text("plain text, not SQLite")
    db_choices = [eng.config.db] * 6 + [
        str(tmp_path),
        str(not_a_db),
        "mysql://x/y",
        "",
        str(tmp_path / "missing" / "x.db"),
        "sqlite:///" + str(tmp_path),
    ]
    plausible = {"--app": "fuzz", "--user": "user", "--agent": "agent", "ID": sid}
    cwd_files = set(os.listdir("."))

    @settings(
        max_examples=60 if capabilities(backend).server_round_trips else 150,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )
    @given(st.sampled_from(CLI_SHAPES), st.sampled_from(db_choices), st.data())
    def run(shape: tuple[list[str], list[str], list[str]], db: str, data: Any) -> None:
        command, required, optional = shape
        argv = [*command, "--db", db]
        for flag in required:
            value = data.draw(st.one_of(st.just(plausible[flag]), cli_value), label=flag)
            argv += [value] if flag == "ID" else [flag, value]
        pairs = data.draw(
            st.lists(
                st.sampled_from(optional).flatmap(lambda f: st.tuples(st.just(f), _option_value(f))),
                max_size=3,
                unique_by=lambda p: p[0],
            ),
            label="options",
        )
        for flag, value in pairs:
            argv += [flag] if flag in ("--json", "--no-wait") else [flag, value]
        if data.draw(st.integers(0, 9), label="stray?") == 0:
            argv.append(data.draw(cli_value, label="stray argument"))
        before = _head(eng)
        code, err = _run_cli(argv)
        assert code in (0, 1, 2), (argv, code, err)
        if code == 2 and err.startswith("ledgermind: "):
            assert err.count("\n") == 1, err  # one line, no traceback
        elif code == 2:  # a usage error: one line naming the command, pointing at its --help
            assert err.count("\n") == 1 and "error:" in err and "--help" in err, err
        assert "Traceback" not in err
        assert _head(eng) == before

    run()
    assert set(os.listdir(".")) == cwd_files  # no stray database files were created
