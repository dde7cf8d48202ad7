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


_STORES: dict[str, type[IndexStore]] = {store.dialect: store for store in (SqliteIndexStore, PostgresIndexStore)}


def make_store(dialect: str, table: str, dimension: int) -> IndexStore:
    """The index store for a SQLAlchemy dialect name: each store class names
    the dialect it is for (``IndexStore.dialect``, a name of the dialect port's),
    so adding a backend is a class, not a branch."""
    store = _STORES.get(dialect)
    if store is None:
        raise StoreError(f"no search index for the {dialect!r} dialect")
    return store(table, dimension)
