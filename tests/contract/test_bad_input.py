"""Bad input gets a typed error from engine/errors.py and leaves the store unchanged.

Each refused call is checked twice: the exact error class, and the store's
head (max notification id) before and after. Files that are not ledgermind
stores must be refused without being modified. A hypothesis fuzz over
``add_message`` arguments asserts that the engine either succeeds (and the
message round-trips) or raises a ``LedgermindError``; never anything else.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import uuid
import weakref
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.config import EngineConfig, Limits
from ledgermind.domain.errors import (
    AgentNotFound,
    ContentTooLarge,
    CorruptStore,
    IdempotencyKeyReused,
    InvalidContent,
    InvalidId,
    InvalidInput,
    InvalidMetadata,
    InvalidOwner,
    InvalidRole,
    InvalidTimestamp,
    LedgermindError,
    SessionClosed,
    SessionNotFound,
    StoreError,
    StoreUnavailable,
    TaskNotFound,
    UnsupportedBackend,
)

OWNER = Owner("bad-input", "user-1")
LIMITS = Limits(
    max_content_bytes=64,
    max_metadata_bytes=128,
    max_json_depth=4,
    max_batch_messages=3,
    max_batch_bytes=100,
    max_state_bytes=64,
)


def _deep(levels: int) -> Any:
    value: Any = "leaf"
    for _ in range(levels):
        value = {"k": value}
    return value


def _self_referencing() -> dict[str, Any]:
    loop: dict[str, Any] = {}
    loop["me"] = loop
    return loop


Call = Callable[[MemoryEngine, str, str], Any]  # (engine, open session, closed session)

CASES: list[tuple[str, type[LedgermindError], Call]] = [
    ("unknown role", InvalidRole, lambda e, s, c: e.for_owner(OWNER).add_message(s, role="robot", content="x")),
    ("role not a string", InvalidRole, lambda e, s, c: e.for_owner(OWNER).add_message(s, role=1, content="x")),  # type: ignore[arg-type]
    ("empty content", InvalidContent, lambda e, s, c: e.for_owner(OWNER).add_message(s, role="user", content="")),
    ("content None", InvalidContent, lambda e, s, c: e.for_owner(OWNER).add_message(s, role="user", content=None)),  # type: ignore[arg-type]
    ("content int", InvalidContent, lambda e, s, c: e.for_owner(OWNER).add_message(s, role="user", content=42)),  # type: ignore[arg-type]
    ("content list", InvalidContent, lambda e, s, c: e.for_owner(OWNER).add_message(s, role="user", content=["x"])),  # type: ignore[arg-type]
    (
        "content over the limit",
        ContentTooLarge,
        lambda e, s, c: e.for_owner(OWNER).add_message(s, role="user", content="x" * 65),
    ),
    (
        "multibyte content over the limit",
        ContentTooLarge,
        lambda e, s, c: e.for_owner(OWNER).add_message(s, role="user", content="é" * 33),
    ),
    ("NUL byte", InvalidContent, lambda e, s, c: e.for_owner(OWNER).add_message(s, role="user", content="a\x00b")),
    (
        "unpaired surrogate",
        InvalidContent,
        lambda e, s, c: e.for_owner(OWNER).add_message(s, role="user", content="a\ud800b"),
    ),
    (
        "lone low surrogate",
        InvalidContent,
        lambda e, s, c: e.for_owner(OWNER).add_message(s, role="user", content="\udfff"),
    ),
    (
        "non-UTF-8 bytes",
        InvalidContent,
        lambda e, s, c: e.for_owner(OWNER).add_message(s, role="user", content=b"\xff\xfe"),
    ),  # type: ignore[arg-type]
    (
        "NUL in name",
        InvalidContent,
        lambda e, s, c: e.for_owner(OWNER).add_message(s, role="user", content="x", name="a\x00"),
    ),
    (
        "control character in client_id",
        InvalidContent,
        lambda e, s, c: e.for_owner(OWNER).add_message(s, role="user", content="x", client_id="a\nb"),
    ),
    (
        "malformed session id",
        InvalidId,
        lambda e, s, c: e.for_owner(OWNER).add_message("not-an-id", role="user", content="x"),
    ),
    (
        "session id not hex",
        InvalidId,
        lambda e, s, c: e.for_owner(OWNER).add_message("g" * 32, role="user", content="x"),
    ),
    (
        "session id not a string",
        InvalidId,
        lambda e, s, c: e.for_owner(OWNER).add_message(12345, role="user", content="x"),
    ),  # type: ignore[arg-type]
    (
        "unknown session id",
        SessionNotFound,
        lambda e, s, c: e.for_owner(OWNER).add_message(uuid.uuid4().hex, role="user", content="x"),
    ),
    (
        "session of another owner",
        SessionNotFound,
        lambda e, s, c: e.for_owner(Owner("bad-input", "user-2")).add_message(s, role="user", content="x"),
    ),
    ("closed session", SessionClosed, lambda e, s, c: e.for_owner(OWNER).add_message(c, role="user", content="x")),
    ("task on a closed session", SessionClosed, lambda e, s, c: e.for_owner(OWNER).start_task(c, input="x")),
    ("unknown task", TaskNotFound, lambda e, s, c: e.for_owner(OWNER).complete_task(uuid.uuid4().hex, output="x")),
    ("restore for an unknown agent", AgentNotFound, lambda e, s, c: e.for_owner(OWNER).restore_agent("nobody")),
    (
        "restore for an owner with no sessions",
        AgentNotFound,
        lambda e, s, c: e.for_owner(Owner("bad-input", "user-9")).restore_agent("agent"),
    ),
    (
        "checkpoint for an unknown agent",
        AgentNotFound,
        lambda e, s, c: e.for_owner(OWNER).checkpoint_agent("nobody", {}),
    ),
    (
        "naive occurred_at",
        InvalidTimestamp,
        lambda e, s, c: e.for_owner(OWNER).add_message(s, role="user", content="x", occurred_at=datetime(2024, 1, 1)),
    ),
    (
        "occurred_at as text",
        InvalidTimestamp,
        lambda e, s, c: e.for_owner(OWNER).add_message(s, role="user", content="x", occurred_at="2024-01-01T00:00:00Z"),
    ),  # type: ignore[arg-type]
    (
        "occurred_at past year 9999 in UTC",
        InvalidTimestamp,
        lambda e, s, c: e.for_owner(OWNER).add_message(
            s, role="user", content="x", occurred_at=datetime(9999, 12, 31, 23, tzinfo=timezone(timedelta(hours=-5)))
        ),
    ),
    (
        "occurred_at before 1900",
        InvalidTimestamp,
        lambda e, s, c: e.for_owner(OWNER).add_message(
            s, role="user", content="x", occurred_at=datetime(1, 1, 1, tzinfo=UTC)
        ),
    ),
    (
        "metadata too deep",
        InvalidMetadata,
        lambda e, s, c: e.for_owner(OWNER).add_message(s, role="user", content="x", metadata=_deep(6)),
    ),
    (
        "metadata referencing itself",
        InvalidMetadata,
        lambda e, s, c: e.for_owner(OWNER).add_message(s, role="user", content="x", metadata=_self_referencing()),
    ),
    (
        "metadata too big",
        ContentTooLarge,
        lambda e, s, c: e.for_owner(OWNER).add_message(s, role="user", content="x", metadata={"k": "v" * 200}),
    ),
    (
        "metadata not a mapping",
        InvalidInput,
        lambda e, s, c: e.for_owner(OWNER).add_message(s, role="user", content="x", metadata=["a"]),
    ),  # type: ignore[arg-type]
    (
        "metadata with an object",
        InvalidMetadata,
        lambda e, s, c: e.for_owner(OWNER).add_message(s, role="user", content="x", metadata={"k": object()}),
    ),
    (
        "metadata with bytes",
        InvalidMetadata,
        lambda e, s, c: e.for_owner(OWNER).add_message(s, role="user", content="x", metadata={"k": b"raw"}),
    ),
    (
        "metadata with a set",
        InvalidMetadata,
        lambda e, s, c: e.for_owner(OWNER).add_message(s, role="user", content="x", metadata={"k": {1, 2}}),
    ),
    (
        "metadata with NaN",
        InvalidMetadata,
        lambda e, s, c: e.for_owner(OWNER).add_message(s, role="user", content="x", metadata={"k": float("nan")}),
    ),
    (
        "metadata with infinity",
        InvalidMetadata,
        lambda e, s, c: e.for_owner(OWNER).add_message(s, role="user", content="x", metadata={"k": float("inf")}),
    ),
    (
        "metadata with a huge integer",
        InvalidMetadata,
        lambda e, s, c: e.for_owner(OWNER).add_message(s, role="user", content="x", metadata={"k": 2**70}),
    ),
    (
        "metadata with a non-string key",
        InvalidMetadata,
        lambda e, s, c: e.for_owner(OWNER).add_message(s, role="user", content="x", metadata={1: "v"}),
    ),
    (
        "metadata with a surrogate",
        InvalidMetadata,
        lambda e, s, c: e.for_owner(OWNER).add_message(s, role="user", content="x", metadata={"k": "\ud800"}),
    ),
    (
        "metadata with NUL",
        InvalidMetadata,
        lambda e, s, c: e.for_owner(OWNER).add_message(s, role="user", content="x", metadata={"k\x00": 1}),
    ),
    (
        "tool_calls not a list",
        InvalidInput,
        lambda e, s, c: e.for_owner(OWNER).add_message(s, role="assistant", content="x", tool_calls="call"),
    ),  # type: ignore[arg-type]
    ("empty batch", InvalidInput, lambda e, s, c: e.for_owner(OWNER).add_messages(s, [])),
    (
        "batch with too many messages",
        ContentTooLarge,
        lambda e, s, c: e.for_owner(OWNER).add_messages(s, [{"role": "user", "content": "x"}] * 4),
    ),
    (
        "batch with too many bytes",
        ContentTooLarge,
        lambda e, s, c: e.for_owner(OWNER).add_messages(s, [{"role": "user", "content": "x" * 60}] * 2),
    ),
    (
        "batch with one bad message",
        InvalidRole,
        lambda e, s, c: e.for_owner(OWNER).add_messages(
            s, [{"role": "user", "content": "ok"}, {"role": "robot", "content": "x"}]
        ),
    ),
    (
        "batch with an unknown key",
        InvalidInput,
        lambda e, s, c: e.for_owner(OWNER).add_messages(s, [{"role": "user", "content": "x", "colour": "red"}]),
    ),
    ("batch item not a mapping", InvalidInput, lambda e, s, c: e.for_owner(OWNER).add_messages(s, ["hello"])),  # type: ignore[list-item]
    (
        "batch repeating a client_id",
        InvalidInput,
        lambda e, s, c: e.for_owner(OWNER).add_messages(s, [{"role": "user", "content": "x", "client_id": "k"}] * 2),
    ),
    (
        "batch mixing new and used client_ids",
        IdempotencyKeyReused,
        lambda e, s, c: e.for_owner(OWNER).add_messages(
            s, [{"role": "user", "content": "x"}, {"role": "user", "content": "y", "client_id": "used"}]
        ),
    ),
    (
        "checkpoint state not JSON",
        InvalidMetadata,
        lambda e, s, c: e.for_owner(OWNER).checkpoint_agent("agent", {"k": object()}),
    ),
    (
        "checkpoint state too big",
        ContentTooLarge,
        lambda e, s, c: e.for_owner(OWNER).checkpoint_agent("agent", {"k": "v" * 100}),
    ),
    ("owner not an Owner", InvalidInput, lambda e, s, c: e.for_owner(("app", "user")).create_session(agent_id="a")),  # type: ignore[arg-type]
    ("empty agent id", InvalidContent, lambda e, s, c: e.for_owner(OWNER).create_session(agent_id="")),
    ("negative last_n", InvalidInput, lambda e, s, c: e.for_owner(OWNER).restore_agent("agent", last_n=-1)),
]


@pytest.fixture
def small_eng(db_url: str) -> Iterator[MemoryEngine]:
    with MemoryEngine(EngineConfig(db=db_url, limits=LIMITS)) as engine:
        yield engine


def test_every_bad_input_is_refused_with_a_typed_error(small_eng: MemoryEngine) -> None:
    eng = small_eng
    sid = eng.for_owner(OWNER).create_session(agent_id="agent")
    eng.for_owner(OWNER).add_message(sid, role="user", content="used before", client_id="used")
    closed = eng.for_owner(OWNER).create_session(agent_id="closer")
    eng.for_owner(OWNER).close_session(closed)
    eng.for_owner(OWNER).create_session(agent_id="agent")  # the agent's current session again
    failures = []
    for label, error, call in CASES:
        before = eng.log.recorder.max_notification_id()
        try:
            call(eng, sid, closed)
        except LedgermindError as e:
            if type(e) is not error:
                failures.append(f"{label}: expected {error.__name__}, got {type(e).__name__}: {e}")
        except Exception as e:
            failures.append(f"{label}: leaked {type(e).__name__}: {e}")
        else:
            failures.append(f"{label}: accepted")
        if eng.log.recorder.max_notification_id() != before:
            failures.append(f"{label}: the store changed")
    assert not failures, "\n".join(failures)
    assert eng.for_owner(OWNER).get_session(sid).message_count == 1


def test_content_at_the_limit_is_accepted(small_eng: MemoryEngine) -> None:
    sid = small_eng.for_owner(OWNER).create_session(agent_id="agent")
    assert small_eng.for_owner(OWNER).add_message(sid, role="user", content="é" * 32) == 1  # 64 bytes exactly
    assert small_eng.for_owner(OWNER).add_message(sid, role="user", content=b"caf\xc3\xa9") == 2  # type: ignore[arg-type]
    assert [m.content for m in small_eng.for_owner(OWNER).restore_agent("agent").messages] == ["é" * 32, "café"]


def test_invalid_owner_is_refused() -> None:
    for app, user in (("", "u"), ("a", ""), ("a\x00", "u"), ("a", "u\n"), ("a" * 300, "u"), ("\ud800", "u"), (1, "u")):
        with pytest.raises(InvalidOwner):
            Owner(app, user)  # type: ignore[arg-type]


# --- files and URLs that are not ledgermind stores ---------------------------


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _refuse_without_touching(path: Path, error: type[StoreError]) -> None:
    before = _digest(path)
    with pytest.raises(error):
        MemoryEngine.open(str(path))
    assert _digest(path) == before
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name], "side files were created"


def test_random_bytes_file_is_corrupt(tmp_path: Path) -> None:
    path = tmp_path / "random.db"
    path.write_bytes(os.urandom(8192))
    _refuse_without_touching(path, CorruptStore)


def test_text_file_is_corrupt(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("these are my notes, not a database\n")
    _refuse_without_touching(path, CorruptStore)


def test_sqlite_header_with_garbage_pages_is_corrupt(tmp_path: Path) -> None:
    path = tmp_path / "garbled.db"
    with MemoryEngine.open(str(path)) as eng:
        sid = eng.for_owner(OWNER).create_session(agent_id="agent")
        eng.for_owner(OWNER).add_messages(sid, [{"role": "user", "content": f"m{i}"} for i in range(50)])
    data = bytearray(path.read_bytes())
    data[100:] = os.urandom(len(data) - 100)  # keep only SQLite's 100-byte header
    path.write_bytes(bytes(data))
    for side in tmp_path.iterdir():
        if side != path:
            side.unlink()
    _refuse_without_touching(path, CorruptStore)


def test_garbage_in_the_event_pages_is_a_typed_error(tmp_path: Path) -> None:
    """A file whose schema page is intact but whose event pages are not: the
    damage surfaces as CorruptStore when it is read, never a driver error."""
    path = tmp_path / "damaged.db"
    with MemoryEngine.open(str(path)) as eng:
        sid = eng.for_owner(OWNER).create_session(agent_id="agent")
        for _ in range(10):
            eng.for_owner(OWNER).add_messages(sid, [{"role": "user", "content": "m" * 500}] * 50)
    data = bytearray(path.read_bytes())
    page = 4096
    data[page * 5 : len(data) - page * 2] = os.urandom(len(data) - page * 7)
    path.write_bytes(bytes(data))
    with pytest.raises(CorruptStore):
        with MemoryEngine.open(str(path)) as eng:
            eng.for_owner(OWNER).restore_agent("agent")


def test_foreign_sqlite_database_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "shop.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)")
        conn.execute("INSERT INTO customers (name) VALUES ('Ada')")
    conn.close()
    _refuse_without_touching(path, CorruptStore)
    with sqlite3.connect(path) as conn:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    conn.close()
    assert tables == {"customers"}


def test_directory_is_not_a_store(tmp_path: Path) -> None:
    with pytest.raises(CorruptStore):
        MemoryEngine.open(str(tmp_path))


def test_missing_directory_is_unavailable(tmp_path: Path) -> None:
    with pytest.raises(StoreUnavailable):
        MemoryEngine.open(str(tmp_path / "no" / "such" / "dir" / "x.db"))


def test_empty_file_becomes_a_fresh_store(tmp_path: Path) -> None:
    path = tmp_path / "empty.db"
    path.touch()
    with MemoryEngine.open(str(path)) as eng:
        assert (
            eng.for_owner(OWNER).add_message(
                eng.for_owner(OWNER).create_session(agent_id="a"), role="user", content="x"
            )
            == 1
        )


@pytest.mark.parametrize(
    "url",
    [
        "mysql://user@host/db",
        "redis://localhost:6379",
        "mongodb://h/db",
        "file:///tmp/x.db",
        ":memory:",
        "file::memory:?mode=memory",
        "",
        "   ",
    ],
)
def test_unsupported_urls(url: str) -> None:
    with pytest.raises(UnsupportedBackend):
        MemoryEngine.open(url)


def test_unreachable_postgres_is_unavailable() -> None:
    with pytest.raises(StoreUnavailable):
        MemoryEngine.open("postgresql://nobody@127.0.0.1:1/none?connect_timeout=2")


# --- fuzz: success or a LedgermindError, never anything else ------------------

surrogates = st.text(st.characters(categories=["Cs"]), min_size=1, max_size=3)
anything = st.one_of(
    surrogates,
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),
    st.text(),
    st.binary(max_size=8),
    st.lists(st.integers(), max_size=2),
    st.just(object()),
)
wild_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8) | st.binary(max_size=4) | surrogates,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.text(max_size=6) | st.integers() | surrogates, inner, max_size=3)
        | st.frozensets(st.integers(), max_size=2)
    ),
    max_leaves=10,
)
offsets = st.builds(
    timezone, st.timedeltas(min_value=timedelta(hours=-23, minutes=-59), max_value=timedelta(hours=23, minutes=59))
)
moments = st.one_of(st.none(), st.datetimes(), st.datetimes(timezones=offsets), st.text(max_size=5), st.integers())
_FUZZ_SESSIONS: weakref.WeakKeyDictionary[MemoryEngine, tuple[str, dict[Any, int]]] = weakref.WeakKeyDictionary()
fuzz_settings = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)


def _as_text(value: Any) -> Any:
    return value.decode("utf-8") if isinstance(value, bytes) else value


def mostly(valid: st.SearchStrategy[Any], wild: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Valid nine times in ten, so that about a third of calls succeed and
    the rest fail on one argument at a time."""
    return st.integers(0, 9).flatmap(lambda n: wild if n == 0 else valid)


clean_text = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=12)
clean_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**63 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | clean_text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(clean_text, inner, max_size=3),
    max_leaves=6,
)


@fuzz_settings
@given(
    session=mostly(st.just("valid"), st.just("unknown") | st.text(max_size=40) | st.integers()),
    role=mostly(st.sampled_from(["system", "user", "assistant", "tool"]), st.text(max_size=8) | anything),
    content=mostly(
        st.text(st.characters(blacklist_characters="\x00"), min_size=1, max_size=60),
        st.text(max_size=80) | st.binary(max_size=80) | anything,
    ),
    name=mostly(st.none() | clean_text, st.text(max_size=10) | anything),
    occurred_at=mostly(
        st.none() | st.datetimes(datetime(1901, 1, 1), datetime(9998, 1, 1), timezones=offsets), moments
    ),
    client_id=mostly(st.none() | st.sampled_from(["k1", "k2"]) | clean_text, st.text(max_size=10) | anything),
    metadata=mostly(st.none() | st.dictionaries(clean_text, clean_json, max_size=3), wild_json),
    tool_calls=mostly(
        st.none() | st.lists(st.dictionaries(clean_text, clean_json, max_size=2), max_size=2),
        st.lists(wild_json, max_size=2) | anything,
    ),
    tool_call_id=mostly(st.none() | clean_text, st.text(max_size=10) | anything),
)
def test_fuzz_add_message(
    small_eng: MemoryEngine,
    session: Any,
    role: Any,
    content: Any,
    name: Any,
    occurred_at: Any,
    client_id: Any,
    metadata: Any,
    tool_calls: Any,
    tool_call_id: Any,
) -> None:
    eng = small_eng  # one engine (and one session) for all examples of one backend
    if eng not in _FUZZ_SESSIONS:
        _FUZZ_SESSIONS[eng] = (eng.for_owner(OWNER).create_session(agent_id="fuzz"), {})
    sid, receipts = _FUZZ_SESSIONS[eng]
    target = {"valid": sid, "unknown": uuid.uuid4().hex}.get(session, session) if isinstance(session, str) else session
    count = eng.for_owner(OWNER).get_session(sid).message_count
    before = eng.log.recorder.max_notification_id()
    try:
        seq = eng.for_owner(OWNER).add_message(
            target,
            role=role,
            content=content,
            name=name,
            occurred_at=occurred_at,
            client_id=client_id,
            metadata=metadata,
            tool_calls=tool_calls,
            tool_call_id=tool_call_id,
        )
    except LedgermindError:
        assert eng.log.recorder.max_notification_id() == before
        assert eng.for_owner(OWNER).get_session(sid).message_count == count
        return
    assert target == sid
    client_id = _as_text(client_id)  # text arguments may be given as UTF-8 bytes
    if client_id in receipts:
        assert seq == receipts[client_id]
        assert eng.log.recorder.max_notification_id() == before
        return
    assert seq == count + 1
    if client_id is not None:
        receipts[client_id] = seq
    stored = eng.for_owner(OWNER).restore_agent("fuzz", last_n=1).messages[0]
    assert (stored.seq, stored.role, stored.content, stored.name) == (seq, role, _as_text(content), _as_text(name))
    assert stored.metadata == metadata
    assert stored.tool_call_id == _as_text(tool_call_id)
    assert stored.tool_calls == tool_calls
    if occurred_at is not None:
        assert stored.occurred_at == occurred_at


def test_a_closed_engine_raises_typed_errors(db_url: str) -> None:
    eng = MemoryEngine.open(db_url)
    sid = eng.for_owner(OWNER).create_session(agent_id="agent")
    eng.close()
    eng.close()  # closing twice is harmless
    calls: list[Callable[[], Any]] = [
        lambda: eng.for_owner(OWNER).add_message(sid, role="user", content="x"),
        lambda: eng.for_owner(OWNER).get_session(sid),
        lambda: eng.for_owner(OWNER).load_session(sid),
        lambda: eng.for_owner(OWNER).restore_agent("agent"),
    ]
    for call in calls:
        with pytest.raises(LedgermindError):
            call()


def test_escaped_looking_text_is_not_a_nul(eng: MemoryEngine) -> None:
    """A literal backslash-u-0000 is six ordinary characters, not a NUL byte
    (found by the replay model: the JSON text check confused the two)."""
    owner = Owner("app", "u")
    sid = eng.for_owner(owner).create_session(agent_id="a")
    eng.for_owner(owner).add_message(sid, role="user", content="x", metadata={"\\u0000": "\\u0000"})
    eng.for_owner(owner).checkpoint_agent("a", {"\\u0000": None})
    restored = eng.for_owner(owner).restore_agent("a")
    assert restored.state == {"\\u0000": None}
    assert restored.messages[0].metadata == {"\\u0000": "\\u0000"}
