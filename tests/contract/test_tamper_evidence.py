"""Tamper evidence: raw SQL edits, deletes and swaps of stored events are
found by ``verify_log`` / ``ledgermind audit verify``, on every backend.

Each test tampers with the real tables, as someone with write access to the
database would, below the engine; the engine only reads afterwards.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa

from ledgermind import MemoryEngine, Owner
from ledgermind.cli import main
from ledgermind.storage import chain
from tests.support.capabilities import capabilities

ALICE, BOB = Owner("audit", "alice"), Owner("audit", "bob")


@pytest.fixture
def raw(eng: MemoryEngine) -> Iterator[sa.Engine]:
    db = sa.create_engine(eng.backend.sqlalchemy_url, poolclass=sa.pool.NullPool)
    yield db
    db.dispose()


def _conversation(eng: MemoryEngine, owner: Owner, n: int = 4) -> str:
    sid = eng.for_owner(owner).create_session("agent")
    eng.for_owner(owner).add_messages(sid, [{"role": "user", "content": f"message {i}"} for i in range(n)])
    return sid


def _sql(raw: sa.Engine, statement: str, **params: Any) -> list[Any]:
    with raw.begin() as conn:
        result = conn.execute(sa.text(statement), params)
        return list(result) if result.returns_rows else []


def _names(backend: str) -> tuple[str, str]:
    c = capabilities(backend)
    return c.events_table, c.events_position


def _where(backend: str) -> str:
    return "originator_id = :sid" if capabilities(backend).embedded_file else "originator_id = CAST(:sid AS uuid)"


def test_an_untouched_log_is_intact_and_counted(eng: MemoryEngine) -> None:
    eng.log.recorder.checkpoint_every = 3  # the engine records one every N positions (1000 by default)
    _conversation(eng, ALICE)
    _conversation(eng, BOB)
    report = eng.verify_log()
    assert report.intact and report.finding is None
    assert report.events == report.chained > 0 and report.unchained == 0
    assert report.checkpoints >= 2
    mine = eng.for_owner(ALICE).verify_log()
    assert mine.intact and 0 < mine.events < report.events


def test_edit_delete_and_swap_are_each_found(eng: MemoryEngine, raw: sa.Engine, backend: str) -> None:
    table, position = _names(backend)
    where = _where(backend)
    edited, deleted, swapped, moved = (_conversation(eng, ALICE) for _ in range(4))
    _conversation(eng, BOB)
    assert eng.verify_log().intact
    state = f"SELECT state FROM {table} WHERE {where} AND originator_version = :v"

    # edit: one byte of a stored (sealed) state
    (old,) = _sql(raw, state, sid=edited, v=2)[0]
    changed = bytes(old[:-1]) + bytes([old[-1] ^ 1])
    _sql(raw, f"UPDATE {table} SET state = :s WHERE {where} AND originator_version = 2", s=changed, sid=edited)
    # delete: an event in the middle of a stream
    _sql(raw, f"DELETE FROM {table} WHERE {where} AND originator_version = 3", sid=deleted)
    # swap: two events' states within a stream
    (a,) = _sql(raw, state, sid=swapped, v=2)[0]
    (b,) = _sql(raw, state, sid=swapped, v=3)[0]
    for v, s in ((2, b), (3, a)):
        _sql(raw, f"UPDATE {table} SET state = :s WHERE {where} AND originator_version = :v", s=s, sid=swapped, v=v)
    # swap: two events' positions in the global order
    (p2,) = _sql(raw, f"SELECT {position} FROM {table} WHERE {where} AND originator_version = 2", sid=moved)[0]
    (p3,) = _sql(raw, f"SELECT {position} FROM {table} WHERE {where} AND originator_version = 3", sid=moved)[0]
    for frm, to in ((p2, -1), (p3, p2), (-1, p3)):
        _sql(raw, f"UPDATE {table} SET {position} = :to WHERE {position} = :frm", to=to, frm=frm)

    report = eng.verify_log()
    assert not report.intact
    found = {(f.stream_id, f.kind) for f in report.findings}
    assert (edited, "altered") in found
    assert (deleted, "removed") in found
    assert (swapped, "altered") in found
    assert (moved, "reordered") in found
    assert report.finding == min(report.findings, key=lambda f: f.position or 0)
    assert {f.version for f in report.findings if f.stream_id == deleted} == {3}
    # Another owner's answer covers their streams only, and says nothing of these.
    bob = eng.for_owner(BOB).verify_log()
    assert bob.intact and bob.events > 0 and bob.checkpoints == 0
    assert not eng.for_owner(ALICE).verify_log().intact


def test_a_deleted_tail_with_its_link_is_caught_by_the_checkpoint(
    eng: MemoryEngine, raw: sa.Engine, backend: str
) -> None:
    where = _where(backend)
    table, position = _names(backend)
    sid = _conversation(eng, ALICE)
    chain.record_checkpoint(eng.log.recorder)
    # The thorough forger: the last event and its chain link both go (on
    # PostgreSQL the link is in the event's row).
    (at,) = _sql(raw, f"SELECT {position} FROM {table} WHERE {where} AND originator_version = 5", sid=sid)[0]
    _sql(raw, f"DELETE FROM {table} WHERE {position} = :at", at=at)
    if _links_apart(raw, table):
        _sql(raw, f"DELETE FROM {table}_links WHERE position = :at", at=at)
    report = eng.verify_log()
    assert not report.intact and report.checkpoints == 1
    # The checkpoint counts a link the log no longer has. (On PostgreSQL the
    # chain sees it too: the rest of that transaction's events lost the link
    # they shared with the deleted one.)
    assert any(f.kind == "removed" and f.stream_id == "" for f in report.findings), report.findings


def test_the_chain_survives_crypto_shredding(eng: MemoryEngine) -> None:
    _conversation(eng, ALICE)
    _conversation(eng, BOB)
    chain.record_checkpoint(eng.log.recorder)
    eng.for_owner(ALICE).erase()
    report = eng.verify_log()
    assert report.intact, report.findings
    assert report.unchained == 0


def test_audit_verify_cli(
    eng: MemoryEngine, raw: sa.Engine, db_url: str, backend: str, capsys: pytest.CaptureFixture[str]
) -> None:
    table, _ = _names(backend)
    sid = _conversation(eng, ALICE)
    assert main(["audit", "verify", "--db", db_url, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["intact"] is True and out["events"] > 0
    _sql(raw, f"DELETE FROM {table} WHERE {_where(backend)} AND originator_version = 2", sid=sid)
    assert main(["audit", "verify", "--db", db_url, "--app", "audit", "--user", "alice"]) == 1
    text = capsys.readouterr().out
    assert "removed" in text and sid in text


def test_two_engines_appending_to_one_stream_keep_it_intact(eng: MemoryEngine, db_url: str) -> None:
    """Each engine caches the links it committed; the other's appends must
    make it read the stream's real predecessor, not chain onto a stale one."""
    sid = _conversation(eng, ALICE, 1)
    with MemoryEngine.open(db_url) as other:
        for i in range(3):
            eng.for_owner(ALICE).add_message(sid, "user", f"from the first engine {i}")
            other.for_owner(ALICE).add_message(sid, "user", f"from the second engine {i}")
    assert eng.verify_log().intact


def _links_apart(raw: sa.Engine, table: str) -> bool:
    """Whether the store keeps links in a table of their own (SQLite, and
    older PostgreSQL stores) rather than in the events' rows."""
    return sa.inspect(raw).has_table(f"{table}_links")


def _to_old_link_format(raw: sa.Engine, backend: str) -> None:
    """Rewrites the links as stores written before links were keyed by
    position hold them: ``<events>_chain`` (stream, version, position, hash),
    and no link columns in the events' rows. Every link must cover one event
    (appends of one event each)."""
    table, position = _names(backend)
    sid, key = ("TEXT", "BLOB") if capabilities(backend).embedded_file else ("uuid", "bytea")
    _sql(
        raw,
        f"CREATE TABLE {table}_chain (stream_id {sid} NOT NULL, version BIGINT NOT NULL, "
        f"position BIGINT NOT NULL, hash {key} NOT NULL, PRIMARY KEY (stream_id, version))",
    )
    _sql(raw, f"CREATE INDEX {table}_chain_position ON {table}_chain (position)")
    if _links_apart(raw, table):
        _sql(
            raw,
            f"INSERT INTO {table}_chain SELECT e.originator_id, e.originator_version, l.position, l.hash "
            f"FROM {table} e JOIN {table}_links l ON l.position = e.{position}",
        )
        _sql(raw, f"DROP TABLE {table}_links")
    else:  # one link per transaction and stream in the rows: the per-event links are the chain's own hashes
        rows = _sql(
            raw,
            f"SELECT originator_id, originator_version, {position}, topic, state FROM {table} "
            "ORDER BY originator_id, originator_version",
        )
        links, prev, stream = [], chain.ZERO, None
        for sid_, version, at, topic, state in rows:
            prev = chain.ZERO if sid_ != stream else prev
            prev, stream = chain.link_hash(prev, sid_, version, at, topic, bytes(state)), sid_
            links.append({"s": sid_, "v": version, "p": at, "h": prev})
        with raw.begin() as conn:
            conn.execute(sa.text(f"INSERT INTO {table}_chain VALUES (:s, :v, :p, :h)"), links)
        # The checkpoints digested the shared links: digest the per-event ones at the same positions.
        hashes = sorted((link["p"], link["h"]) for link in links)
        digest, count, done = chain.ZERO, 0, 0
        for (at,) in _sql(raw, f"SELECT position FROM {table}_chain_checkpoints ORDER BY position"):
            now = [h for p, h in hashes if done < p <= at]
            digest = hashlib.sha256(digest + b"".join(now)).digest()
            count, done = count + len(now), at
            _sql(
                raw,
                f"UPDATE {table}_chain_checkpoints SET links = :n, digest = :d WHERE position = :p",
                n=count,
                d=digest,
                p=at,
            )
        _sql(raw, f"ALTER TABLE {table} DROP COLUMN link, DROP COLUMN link_events")


def _one_by_one(eng: MemoryEngine, owner: Owner, n: int = 4) -> str:
    sid = eng.for_owner(owner).create_session("agent")
    for i in range(n):
        eng.for_owner(owner).add_message(sid, "user", f"message {i}")
    return sid


def test_a_store_with_the_old_link_table_is_migrated_on_open(db_url: str, backend: str) -> None:
    """Links keyed by (stream, version) move to a table keyed by position when
    the store opens; the hash is the same, so the chain and the checkpoints
    still verify, and new appends (in the events' rows on PostgreSQL) chain on
    from the migrated links."""
    table, _ = _names(backend)
    with MemoryEngine.open(db_url) as first:
        first.log.recorder.checkpoint_every = 3
        sid = _one_by_one(first, ALICE)
        _one_by_one(first, BOB)
        before = first.verify_log()
        url = first.backend.sqlalchemy_url
    assert before.intact and before.checkpoints >= 2
    raw = sa.create_engine(url, poolclass=sa.pool.NullPool)
    try:
        _to_old_link_format(raw, backend)
        with MemoryEngine.open(db_url) as eng:
            assert not sa.inspect(raw).has_table(f"{table}_chain")
            report = eng.verify_log()
            assert report.intact, report.findings
            assert (report.chained, report.checkpoints) == (before.chained, before.checkpoints)
            eng.for_owner(ALICE).add_messages(sid, [{"role": "user", "content": f"new {i}"} for i in range(3)])
            chain.record_checkpoint(eng.log.recorder)
            after = eng.verify_log()
            assert after.intact and after.unchained == 0 and after.chained == before.chained + 3
            # The migrated links still catch an edit.
            where = _where(backend)
            (old,) = _sql(raw, f"SELECT state FROM {table} WHERE {where} AND originator_version = 2", sid=sid)[0]
            changed = bytes(old[:-1]) + bytes([old[-1] ^ 1])
            _sql(raw, f"UPDATE {table} SET state = :s WHERE {where} AND originator_version = 2", s=changed, sid=sid)
            found = {(f.stream_id, f.kind, f.version) for f in eng.verify_log().findings}
            assert (sid, "altered", 2) in found
    finally:
        raw.dispose()


def test_a_removed_event_is_one_finding(eng: MemoryEngine, raw: sa.Engine, backend: str) -> None:
    """Deleting events is a version gap, and the chain resumes at the stream's
    next link (one removal is one finding, not an alteration of everything
    after it). Where links are stored apart from events, the removed events'
    links stay, claimed by no event: the whole-log answer names them."""
    table, position = _names(backend)
    where = _where(backend)
    sid = _conversation(eng, ALICE, 6)
    at = {
        v: _sql(raw, f"SELECT {position} FROM {table} WHERE {where} AND originator_version = :v", sid=sid, v=v)[0][0]
        for v in (3, 4, 5)
    }
    _sql(raw, f"DELETE FROM {table} WHERE {where} AND originator_version IN (3, 4)", sid=sid)
    report = eng.verify_log()
    kinds = sorted((f.stream_id, f.kind, f.version, f.position) for f in report.findings)
    if _links_apart(raw, table):
        expected = [(sid, "removed", 3, at[4]), ("", "removed", None, at[3]), ("", "removed", None, at[4])]
    else:
        expected = [(sid, "removed", 3, at[5])]
    assert kinds == sorted(expected)
    mine = eng.for_owner(ALICE).verify_log()
    assert [(f.kind, f.version) for f in mine.findings] == [("removed", 3)]


def test_one_link_per_stream_per_transaction_in_the_events_rows(
    eng: MemoryEngine, raw: sa.Engine, backend: str
) -> None:
    """On PostgreSQL a transaction's events of one stream share one link, in
    the row of the last of them; an edit of any of them is found, and named
    by the range of versions the link covers."""
    table, _ = _names(backend)
    if _links_apart(raw, table):
        pytest.skip("this backend keeps one link per event in a table of its own")
    where = _where(backend)
    sid = _conversation(eng, ALICE, 4)  # session.created alone, then versions 2..5 in one transaction
    rows = _sql(raw, f"SELECT originator_version, link_events FROM {table} WHERE {where} AND link IS NOT NULL", sid=sid)
    assert sorted((int(v), int(n)) for v, n in rows) == [(1, 1), (5, 4)]
    (old,) = _sql(raw, f"SELECT state FROM {table} WHERE {where} AND originator_version = 3", sid=sid)[0]
    _sql(
        raw,
        f"UPDATE {table} SET state = :s WHERE {where} AND originator_version = 3",
        s=bytes(old[:-1]) + b"x",
        sid=sid,
    )
    found = [(f.stream_id, f.kind, f.version) for f in eng.verify_log().findings]
    assert found == [(sid, "altered", 2)]


def test_an_old_link_table_opened_first_by_a_login_that_does_not_own_it_is_refused_unchanged(
    pg_url: str, pg_app_password: str
) -> None:
    """Moving an older store's links is DDL on the owner's tables: a login
    granted only their rows gets a typed ``InsufficientPrivilege`` naming the
    remedy, and the store stays as it was until the owner opens it once."""
    from urllib.parse import urlsplit, urlunsplit

    from ledgermind.domain.errors import InsufficientPrivilege

    table, _ = _names("postgresql")
    with MemoryEngine.open(pg_url) as first:
        _one_by_one(first, ALICE)
        url = first.backend.sqlalchemy_url
    raw = sa.create_engine(url, poolclass=sa.pool.NullPool)
    parts = urlsplit(pg_url)
    granted = urlunsplit(parts._replace(netloc=f"ml_app:{pg_app_password}@{parts.netloc.rpartition('@')[2]}"))
    try:
        _to_old_link_format(raw, "postgresql")
        for grant in (
            "GRANT USAGE, CREATE ON SCHEMA public TO ml_app",
            "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ml_app",
            "GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ml_app",
        ):
            _sql(raw, grant)
        before = _sql(raw, f"SELECT count(*) FROM {table}_chain")
        with pytest.raises(InsufficientPrivilege, match="owner's login"):
            MemoryEngine.open(granted)
        assert sa.inspect(raw).has_table(f"{table}_chain")
        assert _sql(raw, f"SELECT count(*) FROM {table}_chain") == before
        with MemoryEngine.open(pg_url) as owner:
            assert owner.verify_log().intact
        assert not sa.inspect(raw).has_table(f"{table}_chain")
    finally:
        raw.dispose()
