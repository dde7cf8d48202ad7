"""Your own projections: a read model of the event log without forking ledgermind.

The contract, in short (``Projection``'s docstring has it in full): a class
declares a ``name``, the ``topics`` it folds, typed ``parameters`` with
defaults, the ``tables`` it owns (each gets the owner columns ``app`` and
``user_id``, added for you) and ``apply(batch)``, which folds one batch of
decoded events inside the runner's transaction. The engine does the rest, as
for its built-in projections: version tables (``ml_<name>__<table>_v<N>``),
append-only migrations, row-level security on PostgreSQL, tracking and
exactly-once batches, LISTEN/NOTIFY, the rebuild of version N+1 beside N
with an atomic switch, status and lag, drop, the quarantine of an event that
cannot be folded, and the purge of an erased owner's rows.

Why an adapter (``PluginProjection``) between the class and the runner: the
runner's protocol (``runner.Projection``: ``apply(conn, envelopes)``,
``create``, ``drop``) is internal and moves with the engine; the public class
sees only ``Batch`` and ``LogEvent``, which are stable.

Reads go through the owner: ``owner_tables(side, name, owner)`` hands out a
projection's tables as owner-filtered selectables, inside the owner's
row-level-security scope on PostgreSQL, so a query that forgets its
``WHERE`` still sees one owner's rows (on SQLite, which has no policies, the
filter in the selectable is the guard).

Where projections come from: ``registry.discover`` (entry points in the group
``ledgermind.projections``, and ``module:attr`` specs from ``--plugin``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from types import MappingProxyType
from typing import Any, ClassVar, Protocol

from sqlalchemy import Column, Index, MetaData, String, Table, insert, select
from sqlalchemy.engine import Connection, Result
from sqlalchemy.sql import Executable, FromClause
from sqlalchemy.sql.schema import SchemaItem

from ledgermind.domain.errors import InvalidOwner, ProjectionError
from ledgermind.domain.owner import Owner
from ledgermind.projections import row_security
from ledgermind.projections.base import OWNER_ERASED, TableProjection
from ledgermind.projections.catalog import Migration
from ledgermind.projections.runner import Projection as RunnerProjection
from ledgermind.storage.follower import Envelope

__all__ = [
    "Batch",
    "LogEvent",
    "OwnerTables",
    "Param",
    "PluginProjection",
    "Projection",
    "owner_tables",
]

_NAME = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
_STEM = re.compile(r"^[a-z][a-z0-9_]{0,29}$")
_IDENTIFIER_MAX = 63  # PostgreSQL truncates longer names (two could collide)
_PARAM_TYPES = (bool, int, float, str)
_META = frozenset({"originator_id", "originator_version", "originator_topic", "timestamp", "app", "user_id"})
OWNER_COLUMNS = ("app", "user_id")


@dataclass(frozen=True, slots=True)
class Param:
    """One declared parameter: its default, whose type (``bool``, ``int``,
    ``float`` or ``str``) is the parameter's type, and a line of help.

    Parameters are stored with each version in ``projection_versions``; a
    rebuild with ``--param key=value`` makes a new version with new values
    beside the live one."""

    default: bool | int | float | str
    help: str = ""

    @property
    def type(self) -> type:
        return type(self.default)


@dataclass(frozen=True, slots=True)
class LogEvent:
    """One decoded event as a projection sees it.

    ``data`` holds the event's own fields (for ``message.added``: ``seq``,
    ``role``, ``content``, ``name``, ``tool_calls`` and ``metadata`` as the
    JSON text the caller gave, ``tool_call_id``, ``client_id``,
    ``occurred_at``); ``owner`` is None only for an event that belongs to no
    owner."""

    position: int  # the event's place in the global log (notification id)
    topic: str  # e.g. "message.added"
    stream_id: str  # the aggregate's id (hex): a session, a task, a belief ...
    owner: Owner | None
    recorded_at: datetime  # when the log recorded it (UTC)
    data: Mapping[str, Any]

    @classmethod
    def of(cls, env: Envelope) -> LogEvent:
        ev = env.event
        fields = vars(ev)
        try:
            owner: Owner | None = Owner(fields["app"], fields["user_id"])
        except (KeyError, InvalidOwner):
            owner = None
        originator = fields.get("originator_id")
        return cls(
            position=env.position,
            topic=env.topic,
            stream_id=originator.hex if originator is not None else "",
            owner=owner,
            recorded_at=fields.get("timestamp") or datetime.min,
            data=MappingProxyType({k: v for k, v in fields.items() if k not in _META}),
        )


@dataclass(frozen=True, slots=True)
class Batch:
    """What ``Projection.apply`` folds: ``events`` in log order, the
    projection's ``tables`` (by the names it declared) and ``conn``, the
    runner's connection, in the transaction that also moves the projection's
    position. Write with ``conn`` (SQLAlchemy Core) or ``insert``; never
    commit, roll back or open another connection: the engine commits rows and
    position together, exactly once."""

    conn: Connection
    events: Sequence[LogEvent]
    tables: Mapping[str, Table]

    def insert(self, table: str, rows: Sequence[Mapping[str, Any]]) -> None:
        """One multi-row INSERT into the declared table ``table``."""
        if rows:
            self.conn.execute(insert(self.tables[table]), list(rows))


class Projection:
    """Base class of an operator's projection: a pure fold of the event log.

    Declare, as class attributes:

    - ``name``: lowercase letters, digits and ``_`` (at most 40), unique
      among the installed projections and not a built-in's (``sessions``,
      ``tasks``, ``memory``, ``search``); it names the projection on the
      command line (``ledgermind projections rebuild NAME``);
    - ``topics``: the event topics to fold (e.g. ``("session.created",
      "message.added")``); the runner reads only these;
    - ``parameters``: ``{"key": Param(default, help)}``; the type of each is
      its default's (``bool``, ``int``, ``float``, ``str``). Each version has
      its own values in ``self.params`` (defaults for version 1,
      ``--param key=value`` on a rebuild).

    Implement:

    - ``tables()``: ``{"table": [Column(...), ..., Index("short", "col")]}``.
      Every table is owner-scoped: the engine adds the columns ``app`` and
      ``user_id`` first (part of the primary key when the table has one, an
      owner index otherwise; declaring them yourself is an error), names the
      table ``ml_<name>__<table>_v<version>`` and prefixes index names with
      it, creates it through the append-only migrations and puts row-level
      security on it (PostgreSQL). Its rows are purged when their owner is
      erased;
    - ``apply(batch)``: folds ``batch.events`` (``LogEvent``: position,
      topic, stream id, owner, data) into ``batch.tables`` with
      ``batch.conn``, in the runner's transaction. It must be deterministic
      (no clocks, no randomness, nothing outside the events and
      ``self.params``), so that a rebuild from position 0 equals the live
      version row for row. Each row written must carry the owner of the
      event it comes from (``app``, ``user_id``). An exception quarantines
      the event that caused it (the rest of the batch still folds); database
      errors about the schema or privileges stop the runner instead;
    - optionally ``migrations()``: later append-only steps (``Migration(title,
      run)``) after the engine's step 0, which creates the tables;
    - optionally ``setup()``: checks ``self.params`` (raise ``ValueError``
      to refuse them) and prepares what ``apply`` needs.

    The engine sets ``version`` (1, 2, ... one per rebuild) and ``params``.
    Read the tables as an owner with ``ledgermind.projections.owner_tables``.
    """

    name: ClassVar[str] = ""
    topics: ClassVar[tuple[str, ...]] = ()
    parameters: ClassVar[Mapping[str, Param]] = {}

    def __init__(self, version: int, params: Mapping[str, Any] | None = None) -> None:
        self.version = version
        self.params: Mapping[str, Any] = MappingProxyType(check_params(type(self), params or {}))
        try:
            self.setup()
        except ValueError as e:
            raise ProjectionError(f"projection {self.name!r}: {e}") from e

    @classmethod
    def default_params(cls) -> dict[str, Any]:
        return {key: p.default for key, p in cls.parameters.items()}

    def setup(self) -> None:
        """Checks ``self.params`` and prepares ``apply`` (optional)."""

    def tables(self) -> Mapping[str, Sequence[SchemaItem]]:
        raise NotImplementedError(f"{type(self).__qualname__}.tables")

    def migrations(self) -> Sequence[Migration]:
        return ()

    def apply(self, batch: Batch) -> None:
        raise NotImplementedError(f"{type(self).__qualname__}.apply")


def check_params(cls: type[Projection], given: Mapping[str, Any]) -> dict[str, Any]:
    """The declared defaults overridden by ``given``, each of its declared
    type; an unknown key or a value of another type is refused (a typo would
    otherwise make a version that differs from the one meant)."""
    declared = cls.parameters
    unknown = sorted(set(given) - set(declared))
    if unknown:
        raise ProjectionError(
            f"projection {cls.name!r} has no parameter {unknown[0]!r} "
            f"(its parameters: {', '.join(sorted(declared)) or 'none'})"
        )
    out: dict[str, Any] = {}
    for key, param in declared.items():
        value = given.get(key, param.default)
        if param.type is float and type(value) is int:
            value = float(value)  # JSON stores 2.0 as 2
        if type(value) is not param.type:
            raise ProjectionError(
                f"parameter {key!r} of {cls.name!r} wants a {param.type.__name__}, got {type(value).__name__}"
            )
        out[key] = value
    return out


def check_class(cls: type[Projection]) -> None:
    """Refuses a declaration the engine could not run (at discovery, so an
    operator hears of it before any table is made)."""
    if not _NAME.match(cls.name or ""):
        raise ProjectionError(f"{cls.__qualname__}.name must match {_NAME.pattern}, got {cls.name!r}")
    if not cls.topics or not all(isinstance(t, str) and t for t in cls.topics):
        raise ProjectionError(f"projection {cls.name!r} declares no topics to fold")
    for key, param in cls.parameters.items():
        if not isinstance(param, Param) or type(param.default) not in _PARAM_TYPES:
            raise ProjectionError(
                f"parameter {key!r} of {cls.name!r} must be a Param with a bool, int, float or str default"
            )


class PluginProjection(TableProjection):
    """Runs a ``Projection`` under the runner's protocol (``runner.Projection``):
    versioned, owner-scoped tables, migrations, erasure, and ``apply``
    translated to ``Batch``/``LogEvent``."""

    def __init__(self, cls: type[Projection], version: int, params: Mapping[str, Any] | None = None) -> None:
        self.definition = cls(version, params)
        self.name = cls.name
        self.code = f"{cls.__module__}.{cls.__qualname__}"  # the quarantine records it
        super().__init__(version, self.definition.params)
        self.topics = tuple(dict.fromkeys((*cls.topics, OWNER_ERASED)))
        self.by_stem = {stem: self.table(stem) for stem in self._tables}

    def table_name(self, stem: str) -> str:
        return f"ml_{self.name}__{stem}_v{self.version}"

    def build_tables(self, metadata: MetaData) -> dict[str, Table]:
        out: dict[str, Table] = {}
        for stem, items in self.definition.tables().items():
            if not _STEM.match(stem):
                raise ProjectionError(f"table {stem!r} of {self.name!r} must match {_STEM.pattern}")
            out[stem] = _owned_table(metadata, self.table_name(stem), list(items), self.name)
        if not out:
            raise ProjectionError(f"projection {self.name!r} declares no tables")
        return out

    def migrations(self) -> list[Migration]:
        return [*super().migrations(), *self.definition.migrations()]

    def fold(self, conn: Connection, events: Sequence[Envelope]) -> None:
        self.definition.apply(Batch(conn, [LogEvent.of(e) for e in events], self.by_stem))


def _owned_table(metadata: MetaData, name: str, items: list[SchemaItem], projection: str) -> Table:
    if len(f"ix_{name}_owner") > _IDENTIFIER_MAX:
        raise ProjectionError(
            f"table name {name!r} is too long for PostgreSQL: shorten the projection's or the table's name"
        )
    columns = [i for i in items if isinstance(i, Column)]
    for column in columns:
        if column.name in OWNER_COLUMNS:
            raise ProjectionError(
                f"{projection}: column {column.name!r} is the owner column, added by the engine; do not declare it"
            )
    keyed = any(c.primary_key for c in columns)
    owner = [Column(c, String(256), nullable=False, primary_key=keyed) for c in OWNER_COLUMNS]
    extra: list[SchemaItem] = []
    for item in items:
        if isinstance(item, Index) and isinstance(item.name, str):
            unique = f"ix_{name}_{item.name}"  # per version: index names are per schema
            if len(unique) > _IDENTIFIER_MAX:
                raise ProjectionError(f"index name {unique!r} is too long for PostgreSQL")
            item.name = unique  # type: ignore[assignment]  # a plain str is a valid name
    if not keyed:
        extra.append(Index(f"ix_{name}_owner", *OWNER_COLUMNS))
    return Table(name, metadata, *owner, *items, *extra)


# --- reads as an owner -------------------------------------------------------


class ReadSideLike(Protocol):
    """What ``owner_tables`` needs of ``projections.readside.ReadSide``
    (``MemoryEngine.projections``)."""

    def snapshot(self) -> Any: ...

    def projection(self, name: str, conn: Connection) -> RunnerProjection: ...


@dataclass(frozen=True, slots=True)
class OwnerTables:
    """One owner's view of a projection's active version, in one snapshot.

    ``tables[stem]`` (or ``self[stem]``) is a selectable with the table's
    columns and only ``owner``'s rows: ``select(q["calls"])`` with no
    ``WHERE`` returns this owner's rows and no one else's. On PostgreSQL the
    connection is also in the owner's row-level-security scope, so even raw
    SQL on ``conn`` sees only the owner's rows."""

    owner: Owner
    version: int
    conn: Connection
    tables: Mapping[str, FromClause]

    def __getitem__(self, table: str) -> FromClause:
        try:
            return self.tables[table]
        except KeyError:
            raise ProjectionError(f"no table {table!r}; this projection has {', '.join(sorted(self.tables))}") from None

    def execute(self, statement: Executable) -> Result[Any]:
        return self.conn.execute(statement)


@contextmanager
def owner_tables(side: ReadSideLike, name: str, owner: Owner) -> Iterator[OwnerTables]:
    """Reads projection ``name``'s active version as ``owner``: one snapshot,
    the owner's row-level-security scope, owner-filtered tables (see
    ``OwnerTables``). ``side`` is ``MemoryEngine.projections``; call its
    ``wait()`` first to read your own writes."""
    with side.snapshot() as conn, row_security.owner_scope(conn, owner):
        proj = side.projection(name, conn)
        if isinstance(proj, PluginProjection):
            named = dict(proj.by_stem)
        else:
            named = {str(t.name).rsplit("_v", 1)[0].removeprefix("ml_"): t for t in proj.tables}
        scoped: dict[str, FromClause] = {}
        for stem, table in named.items():
            if all(c in table.c for c in OWNER_COLUMNS):
                scoped[stem] = (
                    select(table).where(table.c.app == owner.app, table.c.user_id == owner.user_id).subquery(stem)
                )
        yield OwnerTables(owner, proj.version, conn, MappingProxyType(scoped))
