"""The search index's tables and the SQL both backends share.

One table per index version holds every belief *version* and every indexed
message, each with its owner and bitemporal columns (epoch seconds); the
backend modules add the dense column (pgvector / float32 BLOB) and the
lexical index (tsvector / FTS5). Every query here starts with
``app = :app AND user_id = :user``: there is no code path that reads rows
without an owner.

Driver errors become ``StoreError`` at this boundary (``sql_errors``).
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import Any

import numpy as np
import orjson
from sqlalchemy import Connection, text

from ledgermind.domain.errors import StoreError
from ledgermind.domain.owner import Owner
from ledgermind.projections.search_store.records import IndexRow, TimePoint
from ledgermind.storage.driver_errors import driver_errors

__all__ = ["Filter", "IndexStore", "ROW_COLUMNS", "sql_errors"]

ROW_COLUMNS = (
    "app", "user_id", "item_type", "item_id", "version", "kind", "statement", "lex_text",
    "confidence", "valid_from", "invalid_at", "recorded_at", "expired_at", "session_id", "seq",
    "sources", "detail", "embedding",
)  # fmt: skip
_SELECT = (
    "row_id, app, user_id, item_type, item_id, kind, statement, confidence, valid_from, invalid_at, "
    "recorded_at, sources"
)
_IDENT = re.compile(r"^[a-z][a-z0-9_]{0,50}$")


def sql_errors() -> AbstractContextManager[None]:
    """SQLAlchemy / driver errors leave the index only as ``StoreError``s
    (``ledgermind.storage.driver_errors``)."""
    return driver_errors("search index")


class Filter:
    """Which rows a query may see, besides the owner: item types, kinds, time point."""

    __slots__ = ("item_types", "kinds", "point")

    def __init__(
        self, point: TimePoint, item_types: Sequence[str], kinds: Sequence[str] | None = None
    ) -> None:
        self.point = point
        self.item_types = tuple(item_types)
        self.kinds = None if kinds is None else tuple(kinds)

    def sql(self, alias: str = "") -> tuple[str, dict[str, Any]]:
        """The WHERE clause after the owner predicate, and its parameters."""
        p = alias + "." if alias else ""
        params: dict[str, Any] = {"kt": self.point.known_at, "at": self.point.as_of}
        types = ", ".join(f":ty{i}" for i in range(len(self.item_types)))
        params.update({f"ty{i}": t for i, t in enumerate(self.item_types)})
        clause = (
            f"{p}item_type IN ({types}) AND {p}recorded_at <= :kt "
            f"AND ({p}expired_at IS NULL OR {p}expired_at > :kt) "
            f"AND {p}valid_from <= :at AND ({p}invalid_at IS NULL OR {p}invalid_at > :at)"
        )
        if self.kinds is not None:
            kinds = ", ".join(f":kd{i}" for i in range(len(self.kinds)))
            params.update({f"kd{i}": k for i, k in enumerate(self.kinds)})
            # messages carry no memory kind: a kind filter narrows beliefs only
            clause += f" AND ({p}kind IN ({kinds}) OR {p}item_type = 'message')"
        return clause, params


class IndexStore(ABC):
    """Tables of one index version; subclasses bring the dialect's indexes."""

    vector_param = ":embedding"  # how an INSERT binds the dense column

    def __init__(self, table: str, dimension: int) -> None:
        if not _IDENT.match(table):
            raise StoreError(f"bad index table name {table!r}")
        self.table = table
        self.dimension = dimension

    # --- schema ----------------------------------------------------------------

    @abstractmethod
    def create_schema(self, conn: Connection) -> None: ...

    @abstractmethod
    def drop_schema(self, conn: Connection) -> None: ...

    # --- dialect-specific queries ------------------------------------------------

    @abstractmethod
    def encode_vector(self, vector: np.ndarray) -> Any: ...

    @abstractmethod
    def decode_vector(self, stored: Any) -> np.ndarray: ...

    @abstractmethod
    def lexical(
        self, conn: Connection, owner: Owner, terms: Sequence[str], flt: Filter, limit: int
    ) -> list[int]:
        """Row ids best first by the backend's full-text rank (BM25 / ts_rank)."""

    @abstractmethod
    def dense(
        self,
        conn: Connection,
        owner: Owner,
        vector: np.ndarray,
        flt: Filter,
        limit: int,
        min_similarity: float = -1.0,
    ) -> list[int]:
        """Row ids best first by cosine similarity to ``vector`` (at least ``min_similarity``)."""

    # --- shared reads -------------------------------------------------------------

    def fetch(self, conn: Connection, owner: Owner, row_ids: Sequence[int]) -> dict[int, IndexRow]:
        if not row_ids:
            return {}
        marks = ", ".join(f":r{i}" for i in range(len(row_ids)))
        params: dict[str, Any] = {f"r{i}": int(r) for i, r in enumerate(row_ids)}
        params.update(app=owner.app, user=owner.user_id)
        rows = conn.execute(
            text(
                f"SELECT {_SELECT} FROM {self.table} "
                f"WHERE app = :app AND user_id = :user AND row_id IN ({marks})"
            ),
            params,
        )
        return {r.row_id: _row(r) for r in rows}

    def recent(self, conn: Connection, owner: Owner, flt: Filter, limit: int) -> list[IndexRow]:
        """The owner's visible rows, newest valid time first (the preload probe)."""
        clause, params = flt.sql()
        params.update(app=owner.app, user=owner.user_id, n=limit)
        rows = conn.execute(
            text(
                f"SELECT {_SELECT} FROM {self.table} WHERE app = :app AND user_id = :user "
                f"AND {clause} ORDER BY valid_from DESC, row_id DESC LIMIT :n"
            ),
            params,
        )
        return [_row(r) for r in rows]

    def current_memory(self, conn: Connection, owner: Owner, memory_id: str) -> IndexRow | None:
        row = conn.execute(
            text(
                f"SELECT {_SELECT} FROM {self.table} WHERE app = :app AND user_id = :user "
                "AND item_type = 'memory' AND item_id = :id AND expired_at IS NULL"
            ),
            {"app": owner.app, "user": owner.user_id, "id": memory_id},
        ).first()
        return None if row is None else _row(row)

    # --- projection writes (one transaction with the tracking row) --------------

    def open_versions(self, conn: Connection, memory_ids: Sequence[str]) -> dict[str, dict[str, Any]]:
        """The unexpired version of each belief, all columns (absent when none)."""
        if not memory_ids:
            return {}
        marks = ", ".join(f":m{i}" for i in range(len(memory_ids)))
        rows = conn.execute(
            text(
                f"SELECT row_id, {', '.join(ROW_COLUMNS)} FROM {self.table} "
                f"WHERE item_id IN ({marks}) AND item_type = 'memory' AND expired_at IS NULL"
            ),
            {f"m{i}": m for i, m in enumerate(memory_ids)},
        )
        return {r.item_id: dict(r._mapping) for r in rows}

    def message_statements(self, conn: Connection, item_ids: Sequence[str]) -> dict[str, str]:
        """Indexed messages' statements by item id ("<session>:<seq>")."""
        if not item_ids:
            return {}
        marks = ", ".join(f":m{i}" for i in range(len(item_ids)))
        rows = conn.execute(
            text(
                f"SELECT item_id, statement FROM {self.table} "
                f"WHERE item_id IN ({marks}) AND item_type = 'message'"
            ),
            {f"m{i}": m for i, m in enumerate(item_ids)},
        )
        return {r.item_id: r.statement for r in rows}

    def insert(self, conn: Connection, rows: Sequence[dict[str, Any]]) -> None:
        if not rows:
            return
        cols = ", ".join(ROW_COLUMNS)
        marks = ", ".join(self.vector_param if c == "embedding" else f":{c}" for c in ROW_COLUMNS)
        payload = [{**r, "embedding": self.encode_vector(r["embedding"])} for r in rows]
        conn.execute(text(f"INSERT INTO {self.table} ({cols}) VALUES ({marks})"), payload)

    def expire(self, conn: Connection, row_id: int, at: float) -> None:
        conn.execute(
            text(f"UPDATE {self.table} SET expired_at = :t WHERE row_id = :r"),
            {"t": at, "r": row_id},
        )

    def purge(self, conn: Connection, item_id: str) -> None:
        conn.execute(
            text(f"DELETE FROM {self.table} WHERE item_id = :id AND item_type = 'memory'"),
            {"id": item_id},
        )

    def count(self, conn: Connection) -> int:
        return int(conn.execute(text(f"SELECT count(*) FROM {self.table}")).scalar_one())


def _row(r: Any) -> IndexRow:
    return IndexRow(
        row_id=int(r.row_id),
        app=r.app,
        user_id=r.user_id,
        item_type=r.item_type,
        item_id=r.item_id,
        kind=r.kind,
        statement=r.statement,
        confidence=float(r.confidence),
        valid_from=float(r.valid_from),
        invalid_at=None if r.invalid_at is None else float(r.invalid_at),
        recorded_at=float(r.recorded_at),
        sources=tuple(orjson.loads(r.sources)) if r.sources else (),
    )
