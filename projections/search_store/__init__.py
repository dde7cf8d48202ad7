"""The search projection's storage: one table per index version, a backend per dialect.

``base`` holds the SQL both backends share; ``sqlite`` (FTS5 + exact cosine)
and ``postgres`` (tsvector + pgvector HNSW) add the lexical and dense parts.
The projection writes through it and retrieval reads through it.
"""

from __future__ import annotations

from ledgermind.domain.errors import StoreError
from ledgermind.projections.search_store.base import Filter, IndexStore, sql_errors
from ledgermind.projections.search_store.postgres import PostgresIndexStore
from ledgermind.projections.search_store.records import (
    IndexRow,
    TimePoint,
    from_epoch,
    to_epoch,
)
from ledgermind.projections.search_store.sqlite import SqliteIndexStore

__all__ = [
    "Filter",
    "IndexRow",
    "IndexStore",
    "PostgresIndexStore",
    "SqliteIndexStore",
    "TimePoint",
    "from_epoch",
    "make_store",
    "sql_errors",
    "to_epoch",
]


def make_store(dialect: str, table: str, dimension: int) -> IndexStore:
    """The index store for a SQLAlchemy dialect name ("sqlite" / "postgresql")."""
    if dialect == "sqlite":
        return SqliteIndexStore(table, dimension)
    if dialect == "postgresql":
        return PostgresIndexStore(table, dimension)
    raise StoreError(f"no search index for the {dialect!r} dialect")
