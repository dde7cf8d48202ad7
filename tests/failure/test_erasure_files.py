"""Erasure down to the server's files, on PostgreSQL.

``DELETE`` + ``VACUUM`` left an erased owner's sentences in the heap files
of ``ml_messages_v1`` and ``ml_search_v1`` (``pg_read_binary_file`` showed
them). Here the test writes messages, beliefs and search rows carrying a
unique marker, erases the owner, runs what the report says forces the WAL
along (``WAL_SWITCH_COMMAND``), then greps every file of the server's data
directory: no heap, TOAST or index file may hold the marker, nor the WAL
written since the switch. Older WAL segments may (they are recycled by the
server later), and so may the unwritten tail of the current segment's file
when it is a recycled one (seen once in six CI runs: the server renames an
old segment's file for reuse without clearing it); that is what the report
and docs/concepts/erasure.md state, and what is asserted here too, so the
statement cannot silently become wrong.
"""

from __future__ import annotations

import secrets
import uuid
from datetime import UTC, datetime

import psycopg
import pytest

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.config import EngineConfig
from ledgermind.storage.dialects.postgresql import WAL_SWITCH_COMMAND
from ledgermind.write.beliefs import NewBelief
from tests.support.capabilities import on_backends_with
from tests.support.pg_databases import fresh_database
from tests.support.pg_server import files_containing, local_data_directory

OWNER = Owner("support", "erase-files")
OTHER = Owner("support", "stays")


def _write(eng: MemoryEngine, marker: str) -> None:
    sid = eng.for_owner(OWNER).create_session("agent")
    for i in range(20):
        eng.for_owner(OWNER).add_message(sid, "user", f"{marker} sentence {i} about a green bicycle")
    # Long and incompressible: stored out of line, in the TOAST table's files.
    eng.for_owner(OWNER).add_message(sid, "user", f"{marker} {secrets.token_urlsafe(6000)}")
    eng.for_owner(OWNER).apply_memory_changes(
        [
            NewBelief(
                source_key="k1",
                kind="fact",
                statement=f"{marker} rides a green bicycle",
                valid_from=datetime(2026, 5, 1, tzinfo=UTC),
                confidence=0.9,
                method="explicit",
            )
        ]
    )
    eng.for_owner(OWNER).remember(f"{marker} prefers tea")
    other = eng.for_owner(OTHER).create_session("agent")
    eng.for_owner(OTHER).add_message(other, "user", "someone else's words")
    eng.projections.wait(eng.position)


def _admin(db_url: str) -> psycopg.Connection:
    return psycopg.connect(db_url, autocommit=True)


@on_backends_with("server_processes")
def test_erased_text_leaves_no_table_file_and_no_current_wal(db_url: str) -> None:
    marker = "ERASE-FILES-" + uuid.uuid4().hex
    needle = marker.encode()
    with MemoryEngine.open(config=EngineConfig(db=db_url)) as eng, _admin(db_url) as admin:
        _write(eng, marker)
        data = local_data_directory(admin)
        admin.execute("CHECKPOINT")  # shared buffers to the table files
        before = files_containing(data, needle, skip=("pg_wal",))
        tables = {
            r[0]
            for r in admin.execute(
                "SELECT relname FROM pg_class WHERE relfilenode <> 0 AND pg_relation_filepath(oid) = ANY(%s)",
                ([h for h in before if h.startswith("base/")],),
            )
        }
        # The grep sees what it must: the read models' files held the text.
        assert {"ml_messages_v1", "ml_search_v1"} <= tables, before

        report = eng.for_owner(OWNER).erase()
        for statement in WAL_SWITCH_COMMAND.split(";"):
            if statement.strip():
                admin.execute(statement)

        assert files_containing(data, needle, skip=("pg_wal",)) == []
        segment, written = admin.execute(
            "SELECT file_name, file_offset FROM pg_walfile_name_offset(pg_current_wal_flush_lsn())"
        ).fetchone()
        # Only the part written since the switch: the segment's file may be a
        # recycled one, whose tail keeps an older segment's bytes until it is
        # overwritten (which the report says too).
        assert needle not in (data / "pg_wal" / segment).read_bytes()[:written]
        # What is not guaranteed is said: older segments until recycled.
        assert any("WAL" in line and WAL_SWITCH_COMMAND in line for line in report.remains)
        assert any("wal_recycle = off" in line for line in report.remains)
        # Nothing of the other owner was lost by the rewrite.
        other = eng.for_owner(OTHER).search("someone", include_messages=True)
        assert len(other) == 1 and "someone else's words" in other[0].statement


@on_backends_with("server_processes")
def test_without_the_rewrite_the_report_says_the_bytes_may_remain(db_url: str) -> None:
    """``erasure_rewrite=False`` (no ``ACCESS EXCLUSIVE`` lock): a plain
    VACUUM, and the report names the table files among what remains."""
    with MemoryEngine.open(config=EngineConfig(db=db_url, erasure_rewrite=False)) as eng:
        sid = eng.for_owner(OWNER).create_session("agent")
        eng.for_owner(OWNER).add_message(sid, "user", "hello")
        report = eng.for_owner(OWNER).erase()
    assert any("VACUUM FULL" in line for line in report.remains)
    with pytest.raises(AssertionError):
        assert not any("table files" in line for line in report.remains)


def test_with_wal_recycle_off_no_wal_file_keeps_the_erased_text(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """What the report offers beyond the switch: with ``wal_recycle = off`` the
    server removes old segments rather than renaming them for reuse, so after
    ``WAL_SWITCH_COMMAND`` no file under ``pg_wal`` holds the erased text.
    A server of its own: the setting is the whole server's."""
    pgserver = pytest.importorskip("pgserver")
    server = pgserver.get_server(tmp_path / "pg", cleanup_mode="stop")
    try:
        with _admin(server.get_uri()) as root:
            root.execute("ALTER SYSTEM SET wal_recycle = off")
            root.execute("SELECT pg_reload_conf()")
        with fresh_database(server.get_uri()) as db_url:
            marker = "ERASE-WAL-" + uuid.uuid4().hex
            with MemoryEngine.open(config=EngineConfig(db=db_url)) as eng, _admin(db_url) as admin:
                _write(eng, marker)
                data = local_data_directory(admin)
                assert files_containing(data / "pg_wal", marker.encode()) != []  # the grep sees the inserts
                eng.for_owner(OWNER).erase()
                for statement in WAL_SWITCH_COMMAND.split(";"):
                    if statement.strip():
                        admin.execute(statement)
                assert files_containing(data, marker.encode()) == []
    finally:
        server.cleanup()
