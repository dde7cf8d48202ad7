"""Tamper evidence: a hash chain per stream over the stored (sealed) bytes,
and periodic checkpoints of the whole log.

Why over the stored bytes: crypto-shredding destroys an owner's key, not
their rows, so the sealed states stay what they were and the chain still
verifies after erasure, without anyone being able to read them. Nothing
here decodes an event.

Each event's link, written by the recorder in the same transaction as the
event (``chained_recorder``), is::

    hash = sha256(previous link's hash | stream id (16) | version (8) |
                  notification id (8) | topic | 0x00 | stored state)

with 32 zero bytes before a stream's first link (and before the first link
after events written when chaining did not exist yet: those are counted as
``unchained``, never as evidence). The notification id is in the hash, so
moving an event within the global order is caught, not only within its
stream.

What is stored is less than a row per event; the stream and version are
never repeated (the event's row holds them, and the events table's unique key
on them finds a stream's previous event, and through it the previous link):

* SQLite: ``(position, hash)`` per event in ``<events table>_links``, the
  position being that table's rowid (one b-tree, no second index).
* PostgreSQL: in the events' own rows (``link``, ``link_events``): a
  transaction's events of one stream share one link, the hash after the last
  of them, in that last event's row, with the count of events it covers. The
  server computes the links, in the INSERT that draws the ids the hash
  includes (``ledgermind.storage.pg_append``).

A stream's versions commit in order, so its i-th event by version was
written at the i-th smallest of its positions: ``verify`` hashes each event at
the position it was written at (found elsewhere now: ``reordered``), and
compares the chain with each stored link. Where links are stored apart,
links of deleted events stay, claimed by no event: the whole-log ``verify``
names them. Stores written with the older ``<events table>_chain`` (stream,
version, position, hash) table are migrated when opened (``create_table``)
into ``<events table>_links``; the hashes are the same bytes.

A chain alone does not catch the removal of a stream's last event together
with its link, nor a rewrite of every link after an edit (anyone who can
write the table can recompute sha256). Checkpoints bound that: every
``CHECKPOINT_EVERY`` positions the recorder appends (in the same transaction
on SQLite; right after the commit on PostgreSQL, where appends commit in
parallel and a checkpoint may only cover settled positions) a row to
``<events table>_chain_checkpoints``: (position, links, digest), where
digest = sha256(previous checkpoint's digest | every link hash with a
position after the previous checkpoint's, in position order). ``verify``
recomputes every checkpoint. Copy the latest checkpoint row somewhere the
database's writers cannot reach (a ticket, a log shipper, a printout) and a
rewritten history cannot match it.

Cost on the write path: a sha256 per event, and on SQLite one multi-row
insert per transaction, the previous link of a stream coming from a cache of
this process's committed links (``_Heads``), so that only the first append to
a stream another process wrote last reads it (by the event's unique key). On
PostgreSQL the links ride in the events' INSERT, which computes them and
reads each stream's previous link by that key (an index probe, no round trip).
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from eventsourcing.persistence import IntegrityError, InterfaceError, Notification, OperationalError, StoredEvent
from eventsourcing.postgres import PostgresProcessRecorder
from eventsourcing.sqlite import SQLiteProcessRecorder
from eventsourcing.utils import retry

from ledgermind.domain.lineage import ChainFinding, VerifyReport
from ledgermind.domain.owner import Owner
from ledgermind.domain.stream_ids import owner_key_id
from ledgermind.storage.erasure_fence import erased_guard_postgres, refuse_erased_sqlite
from ledgermind.storage.frontier import Frontier
from ledgermind.storage.landed import Outcomes
from ledgermind.storage.listener import announcement_channel
from ledgermind.storage.pg_append import append
from ledgermind.storage.pg_checkout import transaction
from ledgermind.storage.sealing import WrittenKeys

__all__ = [
    "CHECKPOINT_EVERY",
    "ChainedPostgresRecorder",
    "ChainedSQLiteRecorder",
    "link_hash",
    "record_checkpoint",
    "verify",
]

CHECKPOINT_EVERY = 1000
ZERO = bytes(32)

log = logging.getLogger("ledgermind.storage")


def link_hash(prev: bytes, stream_id: UUID, version: int, position: int, topic: str, state: bytes) -> bytes:
    h = hashlib.sha256(prev)
    h.update(stream_id.bytes)
    h.update(version.to_bytes(8, "big", signed=True))
    h.update(position.to_bytes(8, "big", signed=True))
    h.update(topic.encode())
    h.update(b"\x00")
    h.update(bytes(state))
    return h.digest()


def _uuid(value: Any) -> UUID:
    return value if isinstance(value, UUID) else UUID(str(value))


@dataclass(frozen=True, slots=True)
class _Link:
    stream_id: UUID
    version: int
    position: int
    hash: bytes


def _links(
    stored: Sequence[StoredEvent], positions: Sequence[int], previous: dict[tuple[UUID, int], bytes]
) -> list[_Link]:
    """The new events' links; ``previous`` holds the stored hash of each
    stream's event just before the batch (missing: a new or unchained stream)."""
    heads: dict[UUID, tuple[int, bytes]] = {}
    out = []
    for s, position in zip(stored, positions, strict=True):
        sid = _uuid(s.originator_id)
        head = heads.get(sid)
        if head is not None and head[0] == s.originator_version - 1:
            prev = head[1]
        else:
            prev = previous.get((sid, s.originator_version - 1), ZERO)
        h = link_hash(prev, sid, s.originator_version, position, s.topic, s.state)
        heads[sid] = (s.originator_version, h)
        out.append(_Link(sid, s.originator_version, position, h))
    return out


def _run_ends_of(stored: Sequence[StoredEvent]) -> list[tuple[int, int]]:
    """(index, events) of each stream's last event in a batch, with how many of
    the batch's events of that stream (consecutive versions) its link covers."""
    last: dict[UUID, int] = {}
    count: dict[UUID, int] = {}
    for i, s in enumerate(stored):
        sid = _uuid(s.originator_id)
        last[sid] = i
        count[sid] = count.get(sid, 0) + 1
    return sorted((i, count[sid]) for sid, i in last.items())


_APPEND_COLUMN_TYPES = (
    b"integer[]", b"uuid[]", b"bigint[]", b"text[]", b"bytea[]", b"bytea[]", b"bytea[]", b"boolean[]", b"integer[]",
)  # fmt: skip


def _append_sql(table: bytes, links: bytes, *, legacy: bool = False) -> bytes:
    """The append's INSERT (``ChainedPostgresRecorder.append_statement``), to
    be prepared: its parameters are one array per column, the events grouped
    by stream (element ``k``): their place in the batch (``i``), stream,
    version, topic, state, the hash's bytes before the position (stream,
    version) and after it before the state (topic, 0x00), whether the event
    continues the one before it, and the count of events its link covers
    (NULL: no link in its row). The links are chained in a recursive CTE that
    steps through the arrays by subscript (a join with a table of the rows
    scanned it once per step: 60 ms for 500 events, measured). ``legacy``:
    predecessors' links may still sit in an older store's ``<events>_links``."""
    at = b"a.sid[c.k + 1]", b"a.ver[c.k + 1]"
    prev = (
        b"(SELECT COALESCE(e.link, l.hash) FROM " + table + b" e LEFT JOIN " + links + b" l "
        b"ON l.position = e.notification_id WHERE e.originator_id = " + at[0] + b" AND e.originator_version = "
        + at[1] + b" - 1)"
        if legacy
        else b"(SELECT e.link FROM " + table + b" e WHERE e.originator_id = " + at[0]
        + b" AND e.originator_version = " + at[1] + b" - 1)"
    )  # fmt: skip
    serial = table.replace(b"'", b"''")
    return (
        b"WITH RECURSIVE a(i, sid, ver, topic, state, head, tail, cont, n) AS (SELECT $1, $2, $3, $4, $5, $6, $7, "
        b"$8, $9), ids(p) AS (SELECT array_agg(p ORDER BY p) FROM (SELECT nextval(pg_get_serial_sequence('"
        + serial
        + b"', 'notification_id')) AS p FROM a, generate_series(1, cardinality(a.i))) d), "
        b"c(k, h) AS (SELECT 0, NULL::bytea UNION ALL "
        b"SELECT c.k + 1, sha256(CASE WHEN a.cont[c.k + 1] THEN c.h ELSE COALESCE("
        + prev
        + b", E'\\\\x"
        + ZERO.hex().encode()
        + b"'::bytea) END || a.head[c.k + 1] || int8send(ids.p[a.i[c.k + 1]]) || a.tail[c.k + 1] || "
        b"a.state[c.k + 1]) FROM c, a, ids WHERE c.k < cardinality(a.i)) "
        b"INSERT INTO " + table + b" (notification_id, originator_id, originator_version, topic, state, link, "
        b"link_events) SELECT ids.p[a.i[c.k]], a.sid[c.k], a.ver[c.k], a.topic[c.k], a.state[c.k], "
        b"CASE WHEN a.n[c.k] IS NOT NULL THEN c.h END, a.n[c.k] FROM c, a, ids WHERE c.k > 0 "
        b"ORDER BY a.i[c.k] RETURNING notification_id"
    )


_APPEND_ONE_TYPES = (b"uuid", b"bigint", b"text", b"bytea", b"bytea", b"bytea")


def _append_one_sql(table: bytes, links: bytes, *, legacy: bool = False) -> bytes:
    """``_append_sql`` for a batch of one event, to be prepared: (stream,
    version, topic, state, the hash's bytes before the position and after
    it before the state). No CTE, no recursion, no sort: the executor set up
    half a dozen nodes for them at every append, which cost more server time
    than the round trip the one-query append saves (0.114 against 0.042 ms
    for a plain INSERT, measured); most appends carry one event."""
    prev = (
        b"(SELECT COALESCE(e.link, l.hash) FROM " + table + b" e LEFT JOIN " + links + b" l "
        b"ON l.position = e.notification_id WHERE e.originator_id = $1 AND e.originator_version = $2 - 1)"
        if legacy
        else b"(SELECT e.link FROM " + table + b" e WHERE e.originator_id = $1 AND e.originator_version = $2 - 1)"
    )
    serial = table.replace(b"'", b"''")
    return (
        b"INSERT INTO " + table + b" (notification_id, originator_id, originator_version, topic, state, link, "
        b"link_events) SELECT d.p, $1, $2, $3, $4, sha256(COALESCE("
        + prev
        + b", E'\\\\x"
        + ZERO.hex().encode()
        + b"'::bytea) || $5 || int8send(d.p) || $6 || $4), 1 FROM (SELECT nextval(pg_get_serial_sequence('"
        + serial
        + b"', 'notification_id')) AS p) d RETURNING notification_id"
    )


def _firsts(stored: Sequence[StoredEvent]) -> list[tuple[UUID, int]]:
    """(stream, version before the batch) for each stream the batch continues."""
    seen: dict[UUID, int] = {}
    for s in stored:
        sid = _uuid(s.originator_id)
        if sid not in seen:
            seen[sid] = s.originator_version - 1
    return [(sid, v) for sid, v in seen.items() if v >= 1]


class _Heads:
    """The last committed link of streams this process appended to, so the
    next append to them needs no read of its predecessor's link (SQLite; the
    PostgreSQL append reads it inside its INSERT).

    A link is cached only once its transaction committed (``committed``),
    and (stream, version) identifies one event forever, so a hit is always
    the stored hash. Bounded: cleared when it grows past ``_MAX_HEADS``."""

    def __init__(self) -> None:
        self._heads: dict[UUID, tuple[int, bytes]] = {}
        self._pending = threading.local()

    def previous(self, firsts: list[tuple[UUID, int]]) -> tuple[dict[tuple[UUID, int], bytes], list[tuple[UUID, int]]]:
        """(cached predecessors, those still to read)."""
        found: dict[tuple[UUID, int], bytes] = {}
        missing = []
        for sid, version in firsts:
            head = self._heads.get(sid)
            if head is not None and head[0] == version:
                found[(sid, version)] = head[1]
            else:
                missing.append((sid, version))
        return found, missing

    def written(self, links: list[_Link]) -> None:
        self._pending.links = links

    def committed(self) -> None:
        links: list[_Link] = getattr(self._pending, "links", [])
        self._pending.links = []
        if len(self._heads) > _MAX_HEADS:
            self._heads.clear()
        for k in links:
            self._heads[k.stream_id] = (k.version, k.hash)

    def discard(self) -> None:
        self._pending.links = []


_MAX_HEADS = 100_000


def _digest(prev: bytes, hashes: Sequence[bytes]) -> bytes:
    h = hashlib.sha256(prev)
    for x in hashes:
        h.update(x)
    return h.digest()


class ChainedSQLiteRecorder(SQLiteProcessRecorder):
    """The SQLite process recorder, plus a chain link per event and a
    checkpoint every ``CHECKPOINT_EVERY`` positions, in the same transaction."""

    checkpoint_every = CHECKPOINT_EVERY
    written_keys: WrittenKeys | None = None  # set by EventLog: the erasure fence's keys

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._heads = _Heads()
        # No acknowledgement to lose in-process: an append committed iff it returned.
        self.outcomes = Outcomes(lambda stored: None)
        super().__init__(*args, **kwargs)

    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        self.outcomes.begin()
        try:
            positions = super().insert_events(stored_events, **kwargs)
        except BaseException:
            self._heads.discard()
            raise
        self._heads.committed()
        self.outcomes.committed(positions or [])
        return positions

    def construct_create_table_statements(self) -> list[str]:
        t = self.events_table_name
        return [
            *super().construct_create_table_statements(),
            # The position is the table's rowid: one b-tree, no second index.
            f"CREATE TABLE IF NOT EXISTS {t}_links (position INTEGER PRIMARY KEY, hash BLOB NOT NULL)",
            f"CREATE TABLE IF NOT EXISTS {t}_chain_checkpoints (position INTEGER PRIMARY KEY, "
            "links INTEGER NOT NULL, digest BLOB NOT NULL, recorded_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP)",
        ]

    def create_table(self) -> None:
        super().create_table()
        t = self.events_table_name
        with self.datastore.transaction(commit=True) as c:
            c.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (f"{t}_chain",))
            if c.fetchone() is not None:  # a store written before links were keyed by position
                c.execute(f"INSERT OR IGNORE INTO {t}_links (position, hash) SELECT position, hash FROM {t}_chain")
                c.execute(f"DROP TABLE {t}_chain")

    def _insert_events(self, c: Any, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        positions = super()._insert_events(c, stored_events, **kwargs)
        if not stored_events or positions is None:
            return positions
        if self.written_keys is not None:
            refuse_erased_sqlite(c, self.written_keys.key_ids())  # under the write lock, before COMMIT
        t = self.events_table_name
        previous, missing = self._heads.previous(_firsts(stored_events))
        for sid, version in missing:
            c.execute(
                f"SELECT l.hash FROM {t} e JOIN {t}_links l ON l.position = e.rowid "
                "WHERE e.originator_id = ? AND e.originator_version = ?",
                (sid.hex, version),
            )
            row = c.fetchone()
            if row is not None:
                previous[(sid, version)] = bytes(row[0])
        links = _links(stored_events, list(positions), previous)
        self._heads.written(links)
        c.executemany(f"INSERT INTO {t}_links (position, hash) VALUES (?,?)", [(k.position, k.hash) for k in links])
        last = max(positions)
        if last // self.checkpoint_every > (min(positions) - 1) // self.checkpoint_every:
            _sqlite_checkpoint(c, t, last)
        return positions


def _sqlite_checkpoint(c: Any, t: str, upto: int) -> None:
    c.execute(f"SELECT position, links, digest FROM {t}_chain_checkpoints ORDER BY position DESC LIMIT 1")
    row = c.fetchone()
    after, links, prev = (row[0], row[1], bytes(row[2])) if row else (0, 0, ZERO)
    if upto <= after:
        return
    c.execute(f"SELECT hash FROM {t}_links WHERE position > ? AND position <= ? ORDER BY position", (after, upto))
    hashes = [bytes(r[0]) for r in c.fetchall()]
    c.execute(
        f"INSERT INTO {t}_chain_checkpoints (position, links, digest) VALUES (?,?,?)",
        (upto, links + len(hashes), _digest(prev, hashes)),
    )


class ChainedPostgresRecorder(PostgresProcessRecorder):
    """The PostgreSQL process recorder, plus chain links in the insert's
    transaction and a checkpoint after every ``CHECKPOINT_EVERY`` positions.

    Appends take no table lock (``ledgermind.storage.pg_append``): readers
    see only the settled head (``ledgermind.storage.frontier``), and
    checkpoints, which must cover every link up to their position, are
    written after the commit, up to a settled head, one writer at a time."""

    checkpoint_every = CHECKPOINT_EVERY
    written_keys: WrittenKeys | None = None  # set by EventLog: the erasure fence's keys

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.outcomes = Outcomes(self._stored_as)
        super().__init__(*args, **kwargs)
        from psycopg.sql import SQL, Identifier

        self.frontier = Frontier(self.datastore, self.datastore.schema, self.events_table_name)
        schema = Identifier(self.datastore.schema)
        events = Identifier(self.events_table_name)
        chain = Identifier(f"{self.events_table_name}_links")
        checkpoints = Identifier(f"{self.events_table_name}_chain_checkpoints")
        # The link rides in its event's row (``link``, ``link_events``): no table, no index of its own.
        # Added by ``create_table`` only when missing: an ALTER TABLE, even one with nothing to
        # do, takes the table's ACCESS EXCLUSIVE lock and would queue every append behind it.
        self._sql_add_link = SQL(
            "ALTER TABLE {}.{} ADD COLUMN IF NOT EXISTS link bytea, ADD COLUMN IF NOT EXISTS link_events integer"
        ).format(schema, events)
        self.sql_create_statements.extend([
            SQL("CREATE TABLE IF NOT EXISTS {}.{} (position bigint PRIMARY KEY, links bigint NOT NULL, "
                "digest bytea NOT NULL, recorded_at timestamptz NOT NULL DEFAULT now())").format(schema, checkpoints),
        ])  # fmt: skip
        self._legacy = False  # a ``<events>_links`` table of per-event links from an older store (``create_table``)
        self._serial = f'"{self.datastore.schema}"."{self.events_table_name}"'
        # The append's statements as bytes (``ledgermind.storage.pg_append``): names quoted by
        # ``Identifier`` (here, once), values written in per append (``insert_statement``).
        table = Identifier(self.datastore.schema, self.events_table_name).as_bytes(None)
        links = Identifier(self.datastore.schema, f"{self.events_table_name}_links").as_bytes(None)
        self._sql_append = _append_sql(table, links)
        self._sql_append_legacy = _append_sql(table, links, legacy=True)
        self._sql_append_one = _append_one_sql(table, links)
        self._sql_append_one_legacy = _append_one_sql(table, links, legacy=True)
        self.sql_notify = b"NOTIFY " + Identifier(self.channel_name).as_bytes(None)
        self._sql_announce = b"NOTIFY " + Identifier(announcement_channel(self.channel_name)).as_bytes(None)
        self.announced_topics: frozenset[str] = frozenset()  # named in the NOTIFY's payload (``notify_statement``)
        self._topics: dict[str, bytes] = {}
        self._sql_legacy_table = SQL(
            "CREATE TABLE IF NOT EXISTS {}.{} (position bigint PRIMARY KEY, hash bytea NOT NULL)"
        ).format(schema, chain)
        self._sql_migrate = SQL(
            "INSERT INTO {}.{} (position, hash) SELECT position, hash FROM {}.{} ON CONFLICT DO NOTHING"
        ).format(schema, chain, schema, Identifier(f"{self.events_table_name}_chain"))
        self._sql_drop_old = SQL("DROP TABLE {}.{}").format(schema, Identifier(f"{self.events_table_name}_chain"))
        self._sql_stored = SQL(
            "SELECT originator_id, originator_version, notification_id, state FROM {}.{} "
            "WHERE (originator_id, originator_version) IN (SELECT * FROM unnest(%s::uuid[], %s::bigint[]))"
        ).format(schema, events)
        self._sql_last_checkpoint = SQL(
            "SELECT position, links, digest FROM {}.{} ORDER BY position DESC LIMIT 1"
        ).format(schema, checkpoints)
        self._sql_since = SQL(
            "SELECT link AS hash FROM {}.{} WHERE notification_id > %(a)s AND notification_id <= %(b)s "
            "AND link IS NOT NULL ORDER BY notification_id"
        ).format(schema, events)
        self._sql_since_legacy = SQL(
            "SELECT hash FROM (SELECT notification_id AS position, link AS hash FROM {}.{} "
            "WHERE notification_id > %(a)s AND notification_id <= %(b)s AND link IS NOT NULL "
            "UNION ALL SELECT position, hash FROM {}.{} WHERE position > %(a)s AND position <= %(b)s) s ORDER BY position"
        ).format(schema, events, schema, chain)
        self._sql_checkpoint = SQL("INSERT INTO {}.{} (position, links, digest) VALUES (%s, %s, %s)").format(
            schema, checkpoints
        )

    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        """Appends, retrying a lost connection (``_ATTEMPTS``). A retry that
        meets the unique key after a connection failed looks for its own rows
        (``ledgermind.storage.landed``): found byte for byte, the first attempt
        committed and only its acknowledgement was lost, so this is success."""
        self.outcomes.begin()
        doubt = False
        attempt = 0
        while True:
            attempt += 1
            try:
                positions = append(self, stored_events, **kwargs)
                break
            except (InterfaceError, OperationalError):
                doubt = doubt or bool(stored_events)
                if attempt >= _ATTEMPTS:
                    if doubt:
                        self.outcomes.doubtful(stored_events)
                    raise
                time.sleep(_RETRY_WAIT_S)
            except IntegrityError:
                found = self._stored_as(stored_events) if doubt else None
                if found is None:
                    raise
                log.warning("an append's acknowledgement was lost; its rows are stored, so it committed")
                positions = found
                break
        self.outcomes.committed(positions)
        if positions and max(positions) // self.checkpoint_every > (min(positions) - 1) // self.checkpoint_every:
            try:
                record_checkpoint(self)
            except Exception:  # the events are committed: a missed checkpoint is made up at the next boundary
                log.warning("could not record a chain checkpoint after position %d", max(positions), exc_info=True)
        return positions if stored_events else None

    def append_statement(self, stored_events: Sequence[StoredEvent], keys: list[str], *, begin: bool) -> bytes:
        """The append's transaction up to its ``COMMIT``, as one query text
        (read with ``appended``): [BEGIN;] the INSERT, which draws the
        events' positions and computes their chain links itself; then, as a
        statement of its own (its snapshot taken after the draw), the erasure
        guard for ``keys`` (``ledgermind.storage.erasure_fence``).

        The INSERT takes the events table's ROW EXCLUSIVE lock before it runs,
        so the positions are drawn (``nextval`` of the table's own sequence,
        ascending, the i-th event at the i-th) by a holder of that lock, as
        the settled head needs (``ledgermind.storage.frontier``). Each link is
        ``link_hash``, computed by the server in a recursive CTE over the
        events grouped by stream: its position is known only there, and a
        round trip to learn it first cost as much as the raw INSERT + COMMIT
        whole. A stream's first event in the batch chains onto the stored link
        of its predecessor (an index probe of the key the INSERT checks
        anyway), a later one onto the event before it. Rows are inserted in
        batch order, so the continuity guard's trigger sees each event's
        predecessor (``ledgermind.storage.continuity``). The INSERT is one of
        the statements ``prepare_statement`` prepares (a single event has one
        of its own, without the CTE), its values written in as literals
        (``ledgermind.storage.pg_append`` says why, and why they cannot leave
        their quotes)."""
        if len(stored_events) == 1:
            sql = self._execute_one(stored_events[0])
        else:
            sql = self._execute_many(stored_events)
        parts = [b"BEGIN", sql] if begin else [sql]
        if keys:
            parts.append(erased_guard_postgres(keys))
        return b"; ".join(parts)

    def _execute_one(self, e: StoredEvent) -> bytes:
        sid = _uuid(e.originator_id)
        version = e.originator_version
        return b"EXECUTE %s('%s', %d, %s, E'\\\\x%s', E'\\\\x%s', E'\\\\x%s')" % (
            self.append_statements()[0],
            str(sid).encode(),
            version,
            self._topic_literal(e.topic),
            bytes(e.state).hex().encode(),
            (sid.bytes + version.to_bytes(8, "big", signed=True)).hex().encode(),
            (e.topic.encode() + b"\x00").hex().encode(),
        )

    def _execute_many(self, stored_events: Sequence[StoredEvent]) -> bytes:
        n = len(stored_events)
        ends = dict(_run_ends_of(stored_events))
        first: dict[UUID, int] = {}
        sids = []
        for i, e in enumerate(stored_events):
            sid = _uuid(e.originator_id)
            sids.append(sid)
            first.setdefault(sid, i)
        order = sorted(range(n), key=lambda i: (first[sids[i]], i))  # grouped by stream, batch order within
        columns: list[list[bytes]] = [[] for _ in range(9)]
        prev: tuple[UUID, int] | None = None
        for i in order:
            e, sid = stored_events[i], sids[i]
            version = e.originator_version
            covered = ends.get(i)
            values = (
                b"%d" % (i + 1),
                b"'%s'" % str(sid).encode(),
                b"%d" % version,
                self._topic_literal(e.topic),
                b"E'\\\\x%s'" % bytes(e.state).hex().encode(),
                b"E'\\\\x%s'" % (sid.bytes + version.to_bytes(8, "big", signed=True)).hex().encode(),
                b"E'\\\\x%s'" % (e.topic.encode() + b"\x00").hex().encode(),
                b"true" if prev == (sid, version - 1) else b"false",
                b"NULL" if covered is None else b"%d" % covered,
            )
            for column, value in zip(columns, values, strict=True):
                column.append(value)
            prev = (sid, version)
        arrays = b", ".join(
            b"ARRAY[" + b",".join(column) + b"]::" + kind
            for column, kind in zip(columns, _APPEND_COLUMN_TYPES, strict=True)
        )
        return b"EXECUTE " + self.append_statements()[1] + b"(" + arrays + b")"

    def append_statements(self) -> tuple[bytes, bytes]:
        """The names of ``append_statement``'s prepared INSERTs: for one event, for several."""
        if self._legacy:
            return b"ledgermind_append_one_legacy", b"ledgermind_append_legacy"
        return b"ledgermind_append_one", b"ledgermind_append"

    def prepare_statement(self, name: bytes) -> bytes:
        """What prepares the INSERT ``name`` (of ``append_statements``) on a
        connection, where it stays for the session: planned once, not at every
        append (its planning cost more than the round trip it saves,
        measured). psycopg deallocates every prepared statement of a
        connection after a rollback there (its own cache's rule), so the
        append prepares them again when the server no longer knows them
        (``ledgermind.storage.pg_append``)."""
        one, _ = self.append_statements()
        types: tuple[bytes, ...]
        if name == one:
            sql = self._sql_append_one_legacy if self._legacy else self._sql_append_one
            types = _APPEND_ONE_TYPES
        else:
            sql = self._sql_append_legacy if self._legacy else self._sql_append
            types = _APPEND_COLUMN_TYPES
        return b"PREPARE " + name + b" (" + b", ".join(types) + b") AS " + sql

    @staticmethod
    def appended(curs: Any) -> list[int]:
        """The positions the INSERT of ``append_statement`` drew, ascending
        (the batch's order), from its query's first result set with rows.
        Read from libpq's result as text, not through the cursor's rows (a
        dict per row): 25 instead of 35 µs of the writer's CPU for a
        one-event append (measured with ``time.thread_time``)."""
        while (result := curs.pgresult) is None or result.nfields == 0:
            if not curs.nextset():
                return []
        return sorted(int(result.get_value(i, 0)) for i in range(result.ntuples))

    def notify_statement(self, stored_events: Sequence[StoredEvent]) -> bytes:
        """The NOTIFY after an append's COMMIT; when the append holds events
        of ``announced_topics``, a second one on the announcement channel,
        both with those topics (comma-separated) as their payload. A follower
        of those topics alone listens on that channel only
        (``ledgermind.storage.listener``), so no other append wakes it; the
        first keeps the payload for the listeners of older versions, which
        read it on the log's channel."""
        named = sorted({e.topic for e in stored_events} & self.announced_topics) if self.announced_topics else []
        if not named:
            return self.sql_notify
        payload = b", " + self._topic_literal(",".join(named))
        return self.sql_notify + payload + b"; " + self._sql_announce + payload

    def _topic_literal(self, topic: str) -> bytes:
        """``topic`` as a quoted literal (psycopg's ``Literal``); topics are a
        few class names, so each is quoted once."""
        literal = self._topics.get(topic)
        if literal is None:
            from psycopg.sql import Literal

            literal = Literal(topic).as_bytes(None)
            self._topics[topic] = literal
        return literal

    def create_table(self) -> None:
        """Creates the tables, and carries an older store's links over: its
        ``<events>_chain`` (stream, version, position, hash) rows become
        per-event links keyed by position in ``<events>_links``, read beside
        the in-row links (the same hashes: every checkpoint still verifies)."""
        super().create_table()
        old = f'"{self.datastore.schema}"."{self.events_table_name}_chain"'
        legacy = f'"{self.datastore.schema}"."{self.events_table_name}_links"'
        with transaction(self.datastore, commit=True) as curs:
            curs.execute(
                "SELECT count(*) AS n FROM pg_attribute WHERE attrelid = to_regclass(%s) "
                "AND attname IN ('link', 'link_events') AND NOT attisdropped",
                (self._serial,),
            )
            row = curs.fetchone()
            if row is None or int(row["n"]) < 2:
                curs.execute(self._sql_add_link)
        with transaction(self.datastore, commit=True) as curs:
            curs.execute("SELECT pg_advisory_xact_lock(%s)", (_CHECKPOINT_LOCK,))  # one migrator at a time
            curs.execute("SELECT to_regclass(%s) IS NOT NULL AS old", (old,))
            row = curs.fetchone()
            if row is not None and row["old"]:
                curs.execute(self._sql_legacy_table)
                curs.execute(self._sql_migrate)
                curs.execute(self._sql_drop_old)
            curs.execute("SELECT to_regclass(%s) IS NOT NULL AS legacy", (legacy,))
            row = curs.fetchone()
            self._legacy = bool(row is not None and row["legacy"])

    def _stored_as(self, stored_events: Sequence[StoredEvent]) -> list[int] | None:
        """The positions of ``stored_events`` if the log holds each of them at
        its (stream, version) with the same stored bytes, else None."""
        if not stored_events:
            return None
        with transaction(self.datastore) as curs:
            curs.execute(
                self._sql_stored,
                ([e.originator_id for e in stored_events], [e.originator_version for e in stored_events]),
            )
            rows = {(_uuid(r["originator_id"]), int(r["originator_version"])): r for r in curs.fetchall()}
        positions = []
        for e in stored_events:
            row = rows.get((_uuid(e.originator_id), e.originator_version))
            if row is None or bytes(row["state"]) != bytes(e.state):
                return None
            positions.append(int(row["notification_id"]))
        return positions

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)
    def max_notification_id(self) -> int | None:
        """The settled head: the highest position below which every append has
        finished (``ledgermind.storage.frontier``), not the highest id committed."""
        return self.frontier.settle()

    def select_notifications(
        self,
        start: int | None,
        limit: int,
        stop: int | None = None,
        topics: Sequence[str] = (),
        *,
        inclusive_of_start: bool = True,
    ) -> Sequence[Notification]:
        """The library's read, never past the settled head: a row above it may
        still have an earlier id committing after it."""
        settled = self.frontier.known
        if stop is None or stop > settled:
            settled = int(self.max_notification_id() or 0)
            stop = settled if stop is None else min(stop, settled)
        if start is not None and (start > stop or (not inclusive_of_start and start >= stop)):
            return []
        notes: Sequence[Notification] = super().select_notifications(
            start, limit, stop, topics, inclusive_of_start=inclusive_of_start
        )
        return notes

    def _checkpoint(self, curs: Any, upto: int) -> None:
        curs.execute(self._sql_last_checkpoint)
        row = curs.fetchone()
        after, links, prev = (int(row["position"]), int(row["links"]), bytes(row["digest"])) if row else (0, 0, ZERO)
        if upto <= after:
            return
        curs.execute(self._sql_since_legacy if self._legacy else self._sql_since, {"a": after, "b": upto})
        hashes = [bytes(r["hash"]) for r in curs.fetchall()]
        curs.execute(self._sql_checkpoint, (upto, links + len(hashes), _digest(prev, hashes)))


def record_checkpoint(recorder: Any) -> None:
    """Appends a checkpoint of every link up to the log's settled head now
    (the recorder also does it every ``CHECKPOINT_EVERY`` positions).

    On PostgreSQL a checkpoint covers only settled positions (a link below a
    checkpoint written later would break it), and checkpointers take turns
    on an advisory lock, so each one chains from the last committed one."""
    if isinstance(recorder, ChainedPostgresRecorder):
        upto = recorder.frontier.settle(_CHECKPOINT_WAIT_S)
        with transaction(recorder.datastore, commit=True) as curs:
            curs.execute("SELECT pg_advisory_xact_lock(%s)", (_CHECKPOINT_LOCK,))
            if upto > 0:
                recorder._checkpoint(curs, upto)
    elif isinstance(recorder, ChainedSQLiteRecorder):
        with recorder.datastore.transaction(commit=True) as c:
            c.execute(f"SELECT MAX(position) FROM {recorder.events_table_name}_links")
            row = c.fetchone()
            if row and row[0] is not None:
                _sqlite_checkpoint(c, recorder.events_table_name, int(row[0]))


_ATTEMPTS = 10  # an append's tries through lost connections (the library's own retry: 10, 0.2 s apart)
_RETRY_WAIT_S = 0.2
_CHECKPOINT_WAIT_S = 2.0  # a checkpoint waits this long for appends in flight (else it covers less)
_CHECKPOINT_LOCK = 0x6D6C_636B  # "mlck": one checkpointer at a time


# --- verification -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Row:
    stream_id: UUID
    version: int
    position: int
    topic: str
    state: bytes


_Links = dict[int, tuple[int, bytes]]  # position -> (events it covers, ending there; hash)


def _rows(recorder: Any) -> tuple[list[_Row], _Links, list[tuple[int, int, bytes]]]:
    """The events (stream, version order), the links, the checkpoints."""
    t = recorder.events_table_name
    if isinstance(recorder, ChainedPostgresRecorder):
        schema = recorder.datastore.schema
        q = f'"{schema}"."{t}'
        with transaction(recorder.datastore) as curs:
            curs.execute(
                f"SELECT originator_id, originator_version, notification_id, topic, state, link, link_events "
                f'FROM {q}" ORDER BY originator_id, originator_version'
            )
            events = []
            links: _Links = {}
            for r in curs.fetchall():
                events.append(
                    _Row(
                        _uuid(r["originator_id"]),
                        int(r["originator_version"]),
                        int(r["notification_id"]),
                        r["topic"],
                        bytes(r["state"]),
                    )
                )
                if r["link"] is not None:
                    links[int(r["notification_id"])] = (int(r["link_events"] or 1), bytes(r["link"]))
            curs.execute("SELECT to_regclass(%s) IS NOT NULL AS legacy", (f'{q}_links"',))
            row = curs.fetchone()
            if row is not None and row["legacy"]:
                curs.execute(f'SELECT position, hash FROM {q}_links"')
                links.update({int(r["position"]): (1, bytes(r["hash"])) for r in curs.fetchall()})
            curs.execute(f'SELECT position, links, digest FROM {q}_chain_checkpoints" ORDER BY position')
            checkpoints = [(int(r["position"]), int(r["links"]), bytes(r["digest"])) for r in curs.fetchall()]
    else:
        with recorder.datastore.transaction(commit=False) as c:
            c.execute(
                f"SELECT originator_id, originator_version, rowid, topic, state FROM {t} "
                "ORDER BY originator_id, originator_version"
            )
            events = [_Row(_uuid(r[0]), int(r[1]), int(r[2]), r[3], bytes(r[4])) for r in c.fetchall()]
            c.execute(f"SELECT position, hash FROM {t}_links")
            links = {int(r[0]): (1, bytes(r[1])) for r in c.fetchall()}
            c.execute(f"SELECT position, links, digest FROM {t}_chain_checkpoints ORDER BY position")
            checkpoints = [(int(r[0]), int(r[1]), bytes(r[2])) for r in c.fetchall()]
    return events, links, checkpoints


def verify(log: Any, owners: Sequence[Owner] = ()) -> VerifyReport:
    """Re-walks every stream's chain, or only ``owners``' streams. The
    checkpoints, and links no event claims any more, cover the whole log, so
    they are checked only for the whole log: an owner-scoped answer says
    nothing about other owners' streams, not even through a checkpoint that
    no longer matches. Every finding is reported; the first (lowest
    position) is ``finding``."""
    from ledgermind.domain.errors import LedgermindError

    recorder = log.recorder
    events, links, checkpoints = _rows(recorder)
    wanted = {owner_key_id(o).bytes for o in owners} if owners else None
    findings: list[ChainFinding] = []
    counts = [0, 0, 0, 0]  # streams, events, chained, unchained
    claimed = {r.position for r in events}  # links at other positions lost their event
    stream: list[_Row] = []
    for r in events:
        if stream and stream[0].stream_id != r.stream_id:
            _walk(log, stream, links, wanted, claimed, findings, counts, LedgermindError)
            stream = []
        stream.append(r)
    _walk(log, stream, links, wanted, claimed, findings, counts, LedgermindError)
    if wanted is None:
        for position in sorted(set(links) - claimed):
            findings.append(ChainFinding("removed", "", None, position, "a chained event is gone (its link stays)"))
        findings.extend(_check_points(links, checkpoints))
    else:
        checkpoints = []
    findings.sort(key=lambda f: (f.position is None, f.position or 0))
    streams, counted, chained, unchained = counts
    return VerifyReport(
        intact=not findings,
        streams=streams,
        events=counted,
        chained=chained,
        unchained=unchained,
        checkpoints=len(checkpoints),
        finding=findings[0] if findings else None,
        findings=tuple(findings),
    )


def _walk(
    log: Any,
    rows: list[_Row],
    links: _Links,
    wanted: set[bytes] | None,
    claimed: set[int],
    findings: list[ChainFinding],
    counts: list[int],
    errors: type[Exception],
) -> None:
    """Checks one stream's events (in version order) against its links.

    A link at a position covers the stream's ``events`` consecutive versions
    ending with the event written there (one per event on SQLite and in older
    stores; one per stream per transaction in a PostgreSQL row), and is the
    chain's hash after them. A stream's positions grow with its versions when
    written (a version commits only after the one before it), so its i-th
    event by version was written at the i-th smallest of its positions: an
    event found elsewhere was moved (``reordered``), and it is hashed at the
    position it was written at. After a version gap (events removed) the
    chain cannot be recomputed up to the next link, which it resumes from."""
    if not rows:
        return
    written = sorted(r.position for r in rows)
    if wanted is not None and not _owned_by(log, rows[0], wanted, errors):
        return
    counts[0] += 1
    sid = rows[0].stream_id.hex
    prev = ZERO
    was_chained = False
    broken = False  # a gap since the last link: the run up to the next link cannot be recomputed
    expected = 1
    before = 0  # the written position of the stream's previous event
    run: list[tuple[_Row, int]] = []  # events since the last link, with their written positions
    for r, position in zip(rows, written, strict=True):
        counts[1] += 1
        if r.version != expected:
            gone = _orphan_before(links, claimed, before, position)
            findings.append(
                ChainFinding(
                    "removed",
                    sid,
                    expected,
                    r.position if gone is None else gone,
                    f"versions {expected}..{r.version - 1} are missing",
                )
            )
            broken = True
        expected = r.version + 1
        before = position
        if position != r.position:
            findings.append(
                ChainFinding(
                    "reordered", sid, r.version, r.position, f"chained at position {position}, now at {r.position}"
                )
            )
        run.append((r, position))
        link = links.get(position)
        if link is None:
            continue
        n, stored = link
        loose, covered = run[: max(0, len(run) - n)], run[max(0, len(run) - n) :]
        if loose:  # events before this link's run that no link covers
            _unlinked(loose, was_chained, sid, findings, counts)
            prev = ZERO
        h = prev
        for c, p in covered:
            h = link_hash(h, c.stream_id, c.version, p, c.topic, c.state)
        counts[2] += len(covered)
        if h != stored and not broken:
            first, last = covered[0][0], covered[-1][0]
            what = f"version {first.version}" if first is last else f"one of versions {first.version}..{last.version}"
            findings.append(
                ChainFinding(
                    "altered",
                    sid,
                    first.version,
                    first.position,
                    f"{what}: its stored bytes, topic or predecessor changed since it was written",
                )
            )
        prev, run, broken, was_chained = stored, [], False, True
    _unlinked(run, was_chained, sid, findings, counts)


def _unlinked(
    events: list[tuple[_Row, int]], was_chained: bool, sid: str, findings: list[ChainFinding], counts: list[int]
) -> None:
    """Events no link covers: written before chaining existed (``unchained``),
    or, after chained ones, events whose link is gone or that were added
    below the engine."""
    for r, _ in events:
        counts[3] += 1
        if was_chained:
            findings.append(ChainFinding("removed", sid, r.version, r.position, "the chain link of this event is gone"))


def _orphan_before(links: _Links, claimed: set[int], after: int, position: int) -> int | None:
    """The position of the last link between the stream's previous event and
    ``position`` that no event claims (a removed event's, where links are
    stored apart from events), or None."""
    between = [p for p in links if after < p < position and p not in claimed]
    return max(between) if between else None


def _check_points(links: _Links, checkpoints: list[tuple[int, int, bytes]]) -> list[ChainFinding]:
    by_position = sorted((p, h) for p, (_, h) in links.items())
    out: list[ChainFinding] = []
    prev, count, i = ZERO, 0, 0
    for position, expected_links, digest in checkpoints:
        hashes = []
        while i < len(by_position) and by_position[i][0] <= position:
            hashes.append(by_position[i][1])
            i += 1
        count += len(hashes)
        prev = _digest(prev, hashes)
        if count != expected_links or prev != digest:
            kind = "removed" if count < expected_links else "altered"
            other = "" if kind == "removed" else ", or other hashes"
            out.append(
                ChainFinding(
                    kind,
                    "",
                    None,
                    position,
                    f"checkpoint at position {position} recorded {expected_links} links; "
                    f"the log now has {count} up to there{other}",
                )
            )
            prev, count = digest, expected_links  # judge later checkpoints on their own
    return out


def _owned_by(log: Any, row: _Row, wanted: set[bytes], errors: type[Exception]) -> bool:
    """Whether a stream's first event belongs to an owner whose key id is in ``wanted``."""
    state = row.state
    if state[:1] == b"\x01" and len(state) > 17:
        return bytes(state[1:17]) in wanted
    try:
        event = log.mapper.to_domain_event(StoredEvent(row.stream_id, row.version, row.topic, state))
    except (errors, ValueError, KeyError):
        return False
    app, user_id = getattr(event, "app", None), getattr(event, "user_id", None)
    if not isinstance(app, str) or not isinstance(user_id, str):
        return False
    return owner_key_id(Owner(app, user_id)).bytes in wanted
