"""The read side's half of erasure: purge an owner's rows, then scrub the files.

Why reflection instead of a list of tables: every read-model table that has
``app`` and ``user_id`` columns is owner-scoped, whichever projection or
version (or an operator's own projection) created it, so nothing can be
forgotten by a list that falls behind. The event store's own tables are never
touched here: they hold only sealed bytes, made unreadable by destroying the
owner's key (``OwnerMemory.erase``).

Why a table rewrite on PostgreSQL: ``DELETE`` + ``VACUUM`` only marks the
rows' space free; the bytes stay in the table's heap and TOAST files (and
in index pages) until something overwrites them, and
``pg_read_binary_file`` (or a copy of the data directory) still shows the
text. ``VACUUM FULL`` writes each table (with its TOAST table and indexes)
into new files holding only live rows; the old files are truncated when the
rewrite commits and unlinked at the next checkpoint. Its cost: an ``ACCESS
EXCLUSIVE`` lock on each table while it is rewritten (readers, searches and
the projection runner wait on that table) and time and temporary disk
proportional to the table's live size. ``EngineConfig.erasure_rewrite``
turns it off; then the report says the bytes may remain.
"""

from __future__ import annotations

from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection, Engine

from ledgermind.domain.errors import InvalidOwner
from ledgermind.domain.owner import Owner
from ledgermind.domain.stream_ids import owner_key_id
from ledgermind.projections import row_security
from ledgermind.storage.dialects import dialect_of
from ledgermind.storage.driver_errors import driver_errors
from ledgermind.storage.keystore import KEY_TABLE

__all__ = [
    "count_owner_rows",
    "erasure_remains",
    "owner_tables",
    "purge_erased_owner",
    "purge_read_models",
    "vacuum_read_models",
]

# Tables of the event store itself: never purged (they hold only sealed bytes).
_EVENT_TABLES = frozenset(
    {"stored_events", "stored_snapshots", "tracking", "ledgermind_events",
     "ledgermind_snapshots", "ledgermind_tracking", KEY_TABLE}
)  # fmt: skip


def owner_tables(db: Engine | Connection) -> list[str]:
    """Every read-model table scoped by owner (has ``app`` and ``user_id``)."""
    insp = inspect(db)
    names = []
    for name in insp.get_table_names():
        if name in _EVENT_TABLES:
            continue
        columns = {c["name"] for c in insp.get_columns(name)}
        if {"app", "user_id"} <= columns:
            names.append(name)
    return sorted(names)


def count_owner_rows(db: Engine, owner: Owner) -> dict[str, int]:
    """The owner's rows in every owner-scoped table now (before an erasure:
    what it will have purged, whether the purge or a projection runner
    folding ``owner.erased`` deletes them first)."""
    with driver_errors("erasure could not count read-model rows"), db.begin() as conn:
        row_security.writer_scope(conn)
        return {
            name: int(conn.execute(text(f'SELECT count(*) FROM "{name}" WHERE app = :app AND user_id = :user'),
                                   {"app": owner.app, "user": owner.user_id}).scalar_one())
            for name in owner_tables(db)
        }  # fmt: skip


def purge_read_models(db: Engine, owner: Owner) -> dict[str, int]:
    """Deletes the owner's rows from every owner-scoped table, in one transaction."""
    purged: dict[str, int] = {}
    with driver_errors("erasure could not purge read models"), db.begin() as conn:
        row_security.writer_scope(conn)  # every owner's rows: the policies bind the tables' owner too
        tables = owner_tables(db)
        dialect = dialect_of(db.dialect.name)
        dialect.zero_deletes(conn)
        for name in tables:
            result = conn.execute(
                text(f'DELETE FROM "{name}" WHERE app = :app AND user_id = :user'),
                {"app": owner.app, "user": owner.user_id},
            )
            purged[name] = int(result.rowcount or 0)
        dialect.after_purge(conn)
    return purged


def purge_erased_owner(conn: Connection, table_names: list[str], key_id: str) -> None:
    """Deletes, from ``table_names``, the rows of the owner whose data key is
    ``key_id`` (the hex id an ``owner.erased`` event holds).

    Why by key id: ``owner.erased`` no longer names the owner (v2 holds a
    keyed hash), but every owner's key id is derived from its ids
    (``owner_key_id``), so the owners present in a table can be matched
    against it without the secret. Erasures are rare; this reads each table's
    distinct owners once per erasure."""
    for name in table_names:
        owners = conn.execute(text(f'SELECT DISTINCT app, user_id FROM "{name}"')).all()
        for app, user_id in owners:
            try:
                match = owner_key_id(Owner(app, user_id)).hex == key_id
            except InvalidOwner:
                continue  # not a row any owner could have written
            if match:
                conn.execute(
                    text(f'DELETE FROM "{name}" WHERE app = :app AND user_id = :user'),
                    {"app": app, "user": user_id},
                )


def vacuum_read_models(db: Engine, tables: list[str], *, rewrite: bool = True) -> None:
    """Makes deleted bytes unrecoverable from the database files: SQLite
    rebuilds its one file, PostgreSQL rewrites ``tables`` (``rewrite``; see the
    module doc for its lock), else leaves the bytes in free space until
    overwritten (``Dialect.rewrite_files``)."""
    with (
        driver_errors("erasure could not scrub read models"),
        db.connect().execution_options(isolation_level="AUTOCOMMIT") as conn,
    ):
        dialect_of(db.dialect.name).rewrite_files(conn, tables, rewrite=rewrite)


def erasure_remains(dialect: str, *, rewrite: bool = True) -> tuple[str, ...]:
    """Where an erased owner's bytes can still be after ``OwnerMemory.erase``: the
    copies the engine cannot reach, stated for the ``ErasureReport``."""
    common = (
        "backups, file-system snapshots and copies of the database taken before the erasure keep "
        "the owner's read-model rows (events in them stay sealed under the destroyed key)",
        "freed disk blocks of the rewritten files are not overwritten by the engine "
        "(the file system or device decides)",
    )
    return (*dialect_of(dialect).erasure_remains(rewrite=rewrite), *common)
