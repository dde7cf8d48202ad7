"""One stream's stored rows as plain ``(version, topic, state)`` tuples, and
a stream's aggregate with its latest snapshot read in the same statement.

Why not ``recorder.select_events``: it builds a ``StoredEvent`` per row, and
on SQLite also parses the stream id of every row into a ``UUID`` (the column
holds hex text); for a 10,000-message restore that was a third of the time,
spent on an id the caller passed in. This reads the same rows with the same
one statement, through the recorder's own connection pool and table, and
leaves the id out. Anything the recorder does not look like (another
persistence module) goes through ``select_events``; the library's recorders
and their subclasses (the engine's chained recorders) are read directly.

Why snapshot and events in one statement (``select_with_snapshot``): the
library loads an aggregate with two queries (latest snapshot, then the events
after it), and a restore loads two aggregates and reads the message stream:
five round trips, most of a restore's time on PostgreSQL for a short session.
One ``UNION ALL`` per stream makes it two on PostgreSQL, and the rows come
from one statement, so from one consistent view of the store (on SQLite, two
statements in one read transaction: in-process round trips are cheap).

What the two drivers do their own way (parameter marks, how a stream id is
stored, table names, the connection and cursor) is the dialect port's
(``ledgermind.storage.dialects``); the SQL and the choice between one
statement and two (``Dialect.embedded_file``) are here.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any
from uuid import UUID

from eventsourcing.application import Application
from eventsourcing.persistence import Mapper, Recorder, StoredEvent
from eventsourcing.postgres import PostgresAggregateRecorder
from eventsourcing.sqlite import SQLiteAggregateRecorder

from ledgermind.storage.dialects import Dialect, Fetch
from ledgermind.storage.dialects.postgresql import POSTGRESQL
from ledgermind.storage.dialects.sqlite import SQLITE
from ledgermind.storage.snapshotting import project_events
from ledgermind.storage.store import translate_errors
from ledgermind.storage.transcoder import OrjsonTranscoder

__all__ = ["Row", "aggregate_of_rows", "event_states", "select_rows", "select_with_snapshot"]

Row = tuple[int, str, bytes]


def select_rows(
    recorder: Recorder,
    stream_id: UUID,
    *,
    gt: int | None = None,
    lte: int | None = None,
    desc: bool = False,
    limit: int | None = None,
) -> list[Row]:
    """The stream's rows in version order (``desc`` for newest first)."""
    dialect = _dialect(recorder)
    if dialect is None:
        return [
            (s.originator_version, s.topic, s.state)
            for s in recorder.select_events(stream_id, gt=gt, lte=lte, desc=desc, limit=limit)  # type: ignore[attr-defined]
        ]
    datastore, mark = recorder.datastore, dialect.placeholder  # type: ignore[attr-defined]
    where = [f"originator_id = {mark}"]
    params: list[object] = [dialect.stream_key(stream_id)]
    if gt is not None:
        where.append(f"originator_version > {mark}")
        params.append(gt)
    if lte is not None:
        where.append(f"originator_version <= {mark}")
        params.append(lte)
    sql = (
        f"SELECT originator_version, topic, state FROM {dialect.stream_table(datastore, recorder.events_table_name)} "  # type: ignore[attr-defined]
        f"WHERE {' AND '.join(where)} ORDER BY originator_version {'DESC' if desc else 'ASC'}"
    )
    if limit is not None:
        sql += f" LIMIT {mark}"
        params.append(limit)
    with dialect.stream_reader(datastore) as fetch:
        return fetch(sql, params)


def select_with_snapshot(
    log: Application[UUID], stream_id: UUID, *, all_events: bool = False
) -> tuple[Row | None, list[Row]]:
    """The stream's latest snapshot row (or None) and its event rows in
    version order: those after the snapshot, or every one with ``all_events``."""
    recorder, snapshots = log.recorder, getattr(log.snapshots, "recorder", None)
    dialect = _dialect(recorder)
    datastore = getattr(recorder, "datastore", None)
    if (
        dialect is None
        or snapshots is None
        or _dialect(snapshots) is not dialect
        or snapshots.datastore is not datastore
    ):
        return _select_with_snapshot_twice(log, stream_id, all_events)
    events = dialect.stream_table(datastore, recorder.events_table_name)  # type: ignore[attr-defined]
    snaps = dialect.stream_table(datastore, snapshots.events_table_name)
    with dialect.stream_reader(datastore) as fetch:
        parts = _two_statements if dialect.embedded_file else _one_statement
        return parts(fetch, dialect.placeholder, events, snaps, dialect.stream_key(stream_id), all_events)


def _two_statements(
    fetch: Fetch, mark: str, events: str, snaps: str, key: object, all_events: bool
) -> tuple[Row | None, list[Row]]:
    """In-process, a round trip is cheap: two statements in one read
    transaction (one snapshot) cost less than one UNION whose rows are then
    split in Python."""
    select = "SELECT originator_version, topic, state FROM"
    found = fetch(f"{select} {snaps} WHERE originator_id = {mark} ORDER BY originator_version DESC LIMIT 1", [key])
    snapshot: Row | None = found[0] if found else None
    if all_events or snapshot is None:
        rows = fetch(f"{select} {events} WHERE originator_id = {mark} ORDER BY originator_version", [key])
    else:
        rows = fetch(
            f"{select} {events} WHERE originator_id = {mark} AND originator_version > {mark} "
            "ORDER BY originator_version",
            [key, snapshot[0]],
        )
    return snapshot, rows


def _one_statement(
    fetch: Fetch, mark: str, events: str, snaps: str, key: object, all_events: bool
) -> tuple[Row | None, list[Row]]:
    """Over a network, one ``UNION ALL`` statement: one round trip, one consistent view."""
    after = (
        ""
        if all_events
        else (
            f" AND originator_version > (SELECT COALESCE(MAX(originator_version), 0) FROM {snaps} "
            f"WHERE originator_id = {mark})"
        )
    )
    # No ORDER BY over the union (the server would sort every row): each
    # part comes out of its primary key in order, which is checked below.
    sql = (
        f"SELECT 1 AS is_snapshot, originator_version, topic, state FROM (SELECT originator_version, topic, state "
        f"FROM {snaps} WHERE originator_id = {mark} ORDER BY originator_version DESC LIMIT 1) AS snap "
        f"UNION ALL SELECT 0, originator_version, topic, state FROM {events} "
        f"WHERE originator_id = {mark}{after}"
    )
    snapshot: Row | None = None
    rows: list[Row] = []
    for is_snapshot, version, topic, state in fetch(sql, [key, key] if all_events else [key, key, key]):
        if is_snapshot:
            snapshot = (version, topic, state)
        else:
            rows.append((version, topic, state))
    versions = list(map(_version, rows))
    if rows and versions != list(range(versions[0], versions[0] + len(versions))):
        rows.sort(key=_version)  # out of order (or not contiguous): never seen, but not assumed
    return snapshot, rows


def aggregate_of_rows(mapper: Mapper[UUID], stream_id: UUID, snapshot: Row | None, rows: list[Row]) -> Any:
    """The aggregate from its snapshot and the event rows after it (rows at
    or before the snapshot's version are skipped); None when there is none."""
    start = snapshot[0] if snapshot is not None else 0
    if rows and start and rows[0][0] <= start:
        i = start - rows[0][0] + 1  # versions are contiguous: the tail starts here
        tail = rows[i:] if i < len(rows) and rows[i][0] == start + 1 else [r for r in rows if r[0] > start]
    else:
        tail = rows
    events = [mapper.to_domain_event(StoredEvent(stream_id, *r)) for r in tail]
    initial = None
    if snapshot is not None:
        initial = mapper.to_domain_event(StoredEvent(stream_id, *snapshot)).mutate(None)  # type: ignore[attr-defined]
    return project_events(initial, events)


def event_states(
    mapper: Mapper[UUID], stream_id: UUID, rows: list[Row], datetime_keys: tuple[str, ...], *, flat: bool
) -> list[dict[str, Any]]:
    """The decoded state of each of ``rows`` (one stream's), as a dict with
    ``timestamp`` and the event's fields.

    Why not ``mapper.to_domain_event`` per row: building a domain event per
    row (topic resolution, id conversion, a tag walk over every field) cost
    about 4x a plain ``orjson.loads`` of the same bytes in a 10,000-message
    restore. With ``flat`` (the caller knows these events' states are flat
    JSON whose only tagged values are ``datetime_keys``), the rows are opened
    as one stream by the mapper itself (whole-log cipher, per-owner seal,
    compressor: ``SealingMapper.open_stream``) and decoded in one pass with
    ``OrjsonTranscoder.decode_flat_many``. A row not of that shape, or any row
    when not ``flat`` or under another transcoder, goes through the mapper in
    full, so the answer never depends on which path ran."""
    with translate_errors():
        if not flat or not isinstance(mapper.transcoder, OrjsonTranscoder):
            return [_full_state(mapper, stream_id, r) for r in rows]
        opener = getattr(mapper, "open_stream", None)  # the sealing mapper's unseal step
        if opener is not None:
            opened = opener(stream_id, rows)
        else:
            opened = [mapper.cipher.decrypt(r[2]) if mapper.cipher else r[2] for r in rows]
        compressor = mapper.compressor
        if compressor:
            opened = [compressor.decompress(data) for data in opened]
        states: list[dict[str, Any]] = []
        append = states.append
        for row, state in zip(rows, mapper.transcoder.decode_flat_many(opened, datetime_keys)):
            if state is None or "class_version" in state:  # not the flat shape: the mapper decodes it, or says why not
                state = _full_state(mapper, stream_id, row)
            append(state)
    return states


def _full_state(mapper: Mapper[UUID], stream_id: UUID, row: Row) -> dict[str, Any]:
    return vars(mapper.to_domain_event(StoredEvent(stream_id, *row)))


def _select_with_snapshot_twice(
    log: Application[UUID], stream_id: UUID, all_events: bool
) -> tuple[Row | None, list[Row]]:
    snapshot: Row | None = None
    snapshots = getattr(log.snapshots, "recorder", None)
    if snapshots is not None:
        found = snapshots.select_events(stream_id, desc=True, limit=1)
        if found:
            snapshot = (found[0].originator_version, found[0].topic, found[0].state)
    gt = None if all_events or snapshot is None else snapshot[0]
    return snapshot, select_rows(log.recorder, stream_id, gt=gt)


_version = itemgetter(0)


def _dialect(recorder: Any) -> Dialect | None:
    """The dialect of the library's recorders and their subclasses (the
    engine's chained recorders are), whose tables this module reads
    directly; None for anything else."""
    if isinstance(recorder, SQLiteAggregateRecorder):
        return SQLITE
    if isinstance(recorder, PostgresAggregateRecorder):
        return POSTGRESQL
    return None
