"""Right to be forgotten on an immutable log, on both backends.

After ``erase_owner``: no byte of the owner's text (or of their data key) is
left in the database files / event table, every read raises a typed error
(the owner's own) or NotFound (anyone else's), rebuilds succeed without the
owner, audits still show the events existed, and other owners' decoded
events are exactly what they were before.
"""

from __future__ import annotations

import glob
import uuid
from datetime import UTC, datetime
from typing import Any

import psycopg
import pytest
from eventsourcing.persistence import StoredEvent
from sqlalchemy import text

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.errors import OwnerErased, SessionNotFound, TaskNotFound
from ledgermind.domain.stream_ids import owner_key_id
from ledgermind.projections.purge import owner_tables
from ledgermind.projections.rebuild import rebuild
from ledgermind.projections.row_security import SCOPE_SETTING, WRITER, writer_scope
from ledgermind.storage.keystore import KEY_TABLE, owner_digest
from ledgermind.storage.sealing import sealed_key_id
from ledgermind.write.beliefs import NewBelief
from tests.support.capabilities import capabilities

ALICE = Owner("support", "alice")
BOB = Owner("support", "bob")
WHEN = datetime(2026, 5, 1, tzinfo=UTC)


def _populate(eng: MemoryEngine, owner: Owner, marker: str) -> dict[str, str]:
    """Writes every kind of content for ``owner``; every text contains ``marker``."""
    sid = eng.for_owner(owner).create_session("agent")
    for i in range(30):
        eng.for_owner(owner).add_message(
            sid,
            "user",
            f"{marker} message {i} about zebras",
            metadata={"note": f"{marker} meta"},
            client_id=f"c{i}",
        )
    eng.for_owner(owner).add_message(
        sid, "assistant", "", tool_calls=[{"name": "lookup", "arguments": f"{marker} tool"}]
    )
    task = eng.for_owner(owner).start_task(sid, f"{marker} task input")
    eng.for_owner(owner).complete_task(task, f"{marker} task output")
    open_task = eng.for_owner(owner).start_task(sid, f"{marker} open task")
    eng.for_owner(owner).checkpoint_agent("agent", {"scratch": f"{marker} state"})
    memory = eng.for_owner(owner).apply_memory_changes(
        [
            NewBelief(
                source_key="k1",
                kind="fact",
                statement=f"{marker} likes zebras",
                valid_from=WHEN,
                confidence=0.9,
                method="explicit",
            )
        ]
    )[0]
    return {"session": sid, "task": task, "open_task": open_task, "memory": memory}


def _decoded_events(eng: MemoryEngine, owner: Owner) -> list[tuple[int, str, dict[str, Any]]]:
    """Every event of ``owner`` in the log, decoded (position, topic, fields)."""
    key = owner_key_id(owner)
    out = []
    for n in eng.log.recorder.select_notifications(1, limit=10**6):
        if sealed_key_id(n.state) == key:
            out.append((n.id, n.topic, dict(vars(eng.log.mapper.to_domain_event(n)))))
    return out


def _raw_bytes(eng: MemoryEngine, backend: str) -> bytes:
    """Everything the database holds: the files where the store is files
    (SQLite); on a server (PostgreSQL) the event and snapshot tables, every
    read-model table and the key table."""
    if capabilities(backend).file_scrub:
        assert eng.backend.path is not None
        return b"".join(open(p, "rb").read() for p in sorted(glob.glob(eng.backend.path + "*")))
    chunks: list[bytes] = []
    url = eng.backend.sqlalchemy_url.replace("postgresql+psycopg", "postgresql")
    with psycopg.connect(url) as conn:
        # every owner's rows: the row-level security writer scope, for this transaction
        conn.execute(f"SELECT set_config('{SCOPE_SETTING}', '{WRITER}', true)")
        caps = capabilities(backend)
        for table in (caps.events_table, caps.snapshots_table):
            chunks += [bytes(r[0]) for r in conn.execute(f"SELECT state FROM {table}")]
        chunks += [bytes(r[0] or b"") for r in conn.execute(f"SELECT data_key FROM {KEY_TABLE}")]
        tables = [r[0] for r in conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")]
        for table in tables:
            chunks += [str(r).encode() for r in conn.execute(f'SELECT * FROM "{table}"')]
    return b"\n".join(chunks)


def _data_key(eng: MemoryEngine, owner: Owner) -> bytes:
    key = eng.log.keys.get(owner_key_id(owner))
    assert key is not None and len(key) == 32
    return key


def test_erase_owner_forgets_everywhere(eng: MemoryEngine, backend: str) -> None:
    marker = "ALICE-" + uuid.uuid4().hex
    alice = _populate(eng, ALICE, marker)
    bob = _populate(eng, BOB, "bob-text")
    side = eng.projections
    side.wait(eng.position)
    with side.db.connect() as conn:  # the read models did hold alice's text
        writer_scope(conn)  # every owner's rows (row-level security)
        assert (
            sum(
                conn.execute(text(f'SELECT count(*) FROM "{t}" WHERE user_id = :u'), {"u": "alice"}).scalar()
                for t in owner_tables(side.db)
            )
            > 0
        )
    assert marker.encode() in _raw_bytes(eng, backend)  # the grep below can find it
    alice_key = _data_key(eng, ALICE)
    alice_positions = [p for p, _, _ in _decoded_events(eng, ALICE)]
    bob_before = _decoded_events(eng, BOB)
    bob_restored = eng.for_owner(BOB).restore_agent("agent").as_dict()

    report = eng.for_owner(ALICE).erase()

    assert report.key_id == owner_key_id(Owner("support", "alice")).hex and report.position > 0
    # Every owner-scoped table was swept (the in-process runner may have
    # purged first, folding owner.erased, so the counts may be zero).
    assert {"ml_messages_v1", "ml_sessions_v1", "ml_tasks_v1"} <= set(report.purged_rows)
    # Raw storage: no plaintext, no key bytes.
    raw = _raw_bytes(eng, backend)
    assert marker.encode() not in raw
    assert alice_key not in raw
    # Reads: typed error to alice, NotFound to anyone else (same as a random id).
    with pytest.raises(OwnerErased):
        eng.for_owner(ALICE).restore_agent("agent")
    with pytest.raises(OwnerErased):
        eng.for_owner(ALICE).get_session(alice["session"])
    with pytest.raises(OwnerErased):
        eng.for_owner(ALICE).add_message(alice["session"], "user", "again")
    with pytest.raises(OwnerErased):
        eng.for_owner(ALICE).create_session("agent-2")
    for call in (
        lambda: eng.for_owner(BOB).get_session(alice["session"]),
        lambda: eng.for_owner(BOB).get_session(uuid.uuid4().hex),
    ):
        with pytest.raises(SessionNotFound) as raised:
            call()
        assert "no session" in str(raised.value)
    with pytest.raises(SessionNotFound):
        eng.for_owner(BOB).add_message(alice["session"], "user", "hijack")
    with pytest.raises(TaskNotFound):
        eng.for_owner(BOB).complete_task(alice["open_task"], "hijack")
    assert eng.for_owner(BOB).load_memory(alice["memory"]) is None
    # Audit: alice's events still exist (ids, topics, positions) and the erasure is recorded.
    notes = {n.id: n for n in eng.log.recorder.select_notifications(1, limit=10**6)}
    assert all(p in notes for p in alice_positions)
    for p in alice_positions:
        with pytest.raises(OwnerErased):
            eng.log.mapper.to_domain_event(notes[p])
    erased = [eng.log.mapper.to_domain_event(n) for n in notes.values() if n.topic == "owner.erased"]
    digest = owner_digest(eng.log.keys, ALICE)
    assert [(e.owner_digest, e.key_id, e.erased_at) for e in erased] == [(digest, report.key_id, report.erased_at)]
    assert report.owner_digest == digest and not hasattr(erased[0], "user_id")
    # Bob: byte-for-byte the same decoded events, and the same restore.
    assert _decoded_events(eng, BOB) == bob_before
    assert eng.for_owner(BOB).restore_agent("agent").as_dict() == bob_restored
    # Projections: live ones hold nothing of alice; a rebuild succeeds and holds nothing either.
    side.wait(eng.position)
    for name in ("sessions", "tasks", "memory"):
        rebuild(eng.log, side.db, name, progress=False)
    with side.db.connect() as conn:
        writer_scope(conn)
        for t in owner_tables(side.db):
            assert conn.execute(text(f'SELECT count(*) FROM "{t}" WHERE user_id = :u'), {"u": "alice"}).scalar() == 0
        messages = side.tables("sessions", conn)["messages"]
        rows = conn.execute(messages.select().where(messages.c.session_id == bob["session"])).all()
        assert len(rows) == 31
    # Idempotent: a second call changes nothing and records nothing.
    head = eng.log.recorder.max_notification_id()
    again = eng.for_owner(ALICE).erase()
    assert again.erased_at == report.erased_at and again.position == 0
    assert eng.log.recorder.max_notification_id() == head


def test_erasure_survives_reopen_and_other_processes_caches(db_url: str) -> None:
    """The erasure is in the database, not in one engine: engines opened
    afterwards can neither write for alice nor read her events."""
    with MemoryEngine.open(db_url) as first, MemoryEngine.open(db_url) as second:
        sid = first.for_owner(ALICE).create_session("agent")
        first.for_owner(ALICE).add_message(sid, "user", "hello")
        assert second.for_owner(ALICE).get_session(sid).message_count == 1  # second caches the key
        first.for_owner(ALICE).erase()
        with MemoryEngine.open(db_url) as third, pytest.raises(OwnerErased):
            third.for_owner(ALICE).create_session("agent-3")  # the tombstone stops a new key
    with MemoryEngine.open(db_url) as fresh:
        with pytest.raises(OwnerErased):
            fresh.for_owner(ALICE).get_session(sid)
        assert fresh.log.keys.erased_at(owner_key_id(ALICE)) is not None


def test_a_write_under_a_destroyed_key_is_refused_inside_its_transaction(eng: MemoryEngine) -> None:
    """The store's own fence (``ledgermind.storage.erasure_fence``), not a
    process's caches: a save carrying the key of an owner erased meanwhile (a
    process that had not heard of it yet) raises ``OwnerErased`` and writes
    nothing, while a save with a live key beside it goes through."""
    carol = Owner("support", "carol")
    eng.for_owner(carol).create_session("agent")
    eng.for_owner(carol).erase()
    recorder = eng.log.recorder
    head = recorder.max_notification_id()
    stream = uuid.uuid4()
    event = StoredEvent(originator_id=stream, originator_version=1, topic="fence.test", state=b"sealed bytes")
    with eng.log.mapper.written.collecting() as headers:
        headers.add(b"\x01" + owner_key_id(carol).bytes)
        with pytest.raises(OwnerErased) as refused:
            recorder.insert_events([event])
    assert refused.value.key_id == owner_key_id(carol)
    assert recorder.max_notification_id() == head
    assert list(recorder.select_events(stream)) == []
    with eng.log.mapper.written.collecting() as headers:
        headers.add(b"\x01" + owner_key_id(BOB).bytes)  # a key never destroyed
        recorder.insert_events([event])
    assert [e.originator_version for e in recorder.select_events(stream)] == [1]


def test_erase_before_any_write_leaves_a_tombstone(eng: MemoryEngine) -> None:
    stranger = Owner("support", "never-wrote")
    report = eng.for_owner(stranger).erase()
    assert report.purged_rows is not None and report.position > 0
    with pytest.raises(OwnerErased):
        eng.for_owner(stranger).create_session("agent")


def test_snapshots_are_sealed_and_erased_too(db_url: str, backend: str) -> None:
    """Session snapshots hold aggregate state; they are sealed like events."""
    from ledgermind.domain.config import EngineConfig

    marker = "SNAP-" + uuid.uuid4().hex
    with MemoryEngine.open(config=EngineConfig(db=db_url, snapshot_interval=5)) as eng:
        sid = eng.for_owner(ALICE).create_session("agent")
        for i in range(12):
            eng.for_owner(ALICE).add_message(sid, "user", f"{marker} {i}")
        eng.for_owner(ALICE).checkpoint_agent("agent", {"s": marker})
        eng.close()
    with MemoryEngine.open(config=EngineConfig(db=db_url, snapshot_interval=5)) as eng:
        table = capabilities(backend).snapshots_table
        states = _snapshot_states(eng, table)
        assert states and all(sealed_key_id(s) == owner_key_id(Owner("support", "alice")) for s in states)
        assert eng.for_owner(ALICE).get_session(sid).message_count == 12  # loads via a snapshot
        eng.for_owner(ALICE).erase()
        assert marker.encode() not in _raw_bytes(eng, backend)
        with pytest.raises(OwnerErased):
            eng.for_owner(ALICE).get_session(sid)


def _snapshot_states(eng: MemoryEngine, table: str) -> list[bytes]:
    from sqlalchemy import create_engine

    db = create_engine(eng.backend.sqlalchemy_url)
    try:
        with db.connect() as conn:
            return [bytes(r[0]) for r in conn.execute(text(f"SELECT state FROM {table}"))]
    finally:
        db.dispose()


def test_cli_erase(db_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from ledgermind.cli import main

    with MemoryEngine.open(db_url) as eng:
        _write_one = eng.for_owner(ALICE).create_session("agent")
        eng.for_owner(ALICE).add_message(_write_one, "user", "erase me")
    assert main(["erase", "--db", db_url, "--app", "support", "--user", "alice"]) == 2
    assert "--yes" in capsys.readouterr().err
    assert main(["erase", "--db", db_url, "--app", "support", "--user", "alice", "--yes", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["user_id"] == "alice" and report["position"] > 0
    assert main(["recover", "--db", db_url, "--app", "support", "--user", "alice", "--agent", "agent"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ledgermind: OwnerErased:") and err.count("\n") == 1


def test_erased_owners_beliefs_are_missing_to_others(eng: MemoryEngine) -> None:
    from ledgermind.domain.errors import MemoryNotFound
    from ledgermind.write.beliefs import Reinforce

    mid = eng.for_owner(ALICE).apply_memory_changes(
        [
            NewBelief(
                source_key="k", kind="fact", statement="alice fact", valid_from=WHEN, confidence=0.5, method="explicit"
            )
        ]
    )[0]
    eng.for_owner(ALICE).erase()
    for memory_id in (mid, uuid.uuid4().hex):
        with pytest.raises(MemoryNotFound) as raised:
            eng.for_owner(BOB).apply_memory_changes([Reinforce(memory_id, confidence=0.9, reason="probe")])
        assert str(raised.value) == f"no memory {memory_id}"
    with pytest.raises(OwnerErased):
        eng.for_owner(ALICE).apply_memory_changes([Reinforce(mid, confidence=0.9, reason="again")])


def test_owner_erased_keeps_only_a_keyed_hash(eng: MemoryEngine, backend: str) -> None:
    """A user id that is an e-mail address does not survive its erasure
    anywhere in the store (v1 of owner.erased wrote it in clear): the event
    holds HMAC-SHA256 of the owner under the database's secret, which only
    someone holding the key table can recompute."""
    import hashlib
    import hmac

    from ledgermind.storage.keystore import OWNER_DIGEST_KEY_ID

    email = f"erase-me-{uuid.uuid4().hex[:12]}@example.org"
    owner = Owner("support", email)
    sid = eng.for_owner(owner).create_session("agent")
    eng.for_owner(owner).add_message(sid, "user", "hello")
    eng.projections.wait(eng.position)
    assert email.encode() in _raw_bytes(eng, backend)  # the read models held it
    report = eng.for_owner(owner).erase()
    assert email.encode() not in _raw_bytes(eng, backend)
    secret = eng.log.keys.get(OWNER_DIGEST_KEY_ID)
    assert secret is not None and len(secret) == 32
    expected = hmac.new(secret, owner.key.encode(), hashlib.sha256).hexdigest()
    assert report.owner_digest == expected != owner_digest(eng.log.keys, Owner("support", "someone-else"))
    assert report.as_dict()["remains"] and report.as_dict()["owner_digest"] == expected
    # Everything that recognises an erased owner still does.
    with pytest.raises(OwnerErased):
        eng.for_owner(owner).add_message(sid, "user", "again")
    assert eng.for_owner(owner).erase().position == 0  # idempotent through erasure_id(owner)


def test_owner_erased_v1_events_stay_readable(eng: MemoryEngine) -> None:
    """An owner.erased written by v1 (app and user_id in clear) decodes
    through the upcaster, without the clear ids, and its projection purge
    still finds the owner's rows (by key id)."""
    import orjson
    from eventsourcing.persistence import StoredEvent

    from ledgermind.storage.packing import unpack

    eng.for_owner(ALICE).erase()
    note = next(n for n in eng.log.recorder.select_notifications(1, limit=10**6) if n.topic == "owner.erased")
    state = orjson.loads(unpack(bytes(note.state)))
    assert "app" not in state and "user_id" not in state and state.pop("class_version") == 2
    state.pop("owner_digest")
    state.update(app="support", user_id="alice")  # what v1 wrote
    v1 = StoredEvent(note.originator_id, note.originator_version, note.topic, orjson.dumps(state))
    event = eng.log.mapper.to_domain_event(v1)
    assert event.owner_digest == "" and event.key_id == owner_key_id(ALICE).hex
    assert not hasattr(event, "app") and not hasattr(event, "user_id")
