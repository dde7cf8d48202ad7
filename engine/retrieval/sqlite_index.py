"""SQLite search index: FTS5 (Porter-stemmed BM25) and an exact cosine scan.

Why an exact scan instead of an ANN index: the embedded default serves one
process and typically thousands of rows per owner; a float32 matrix product
over the owner's rows is exact, has no index to maintain, and stays in the
tens of milliseconds up to ~10^4-10^5 rows. (``sqlite-vec`` would need
``enable_load_extension``, which the stock CPython build here lacks.)

The FTS5 table is an external-content index over the row table, kept in
sync by triggers, so a projection writes each row once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from sqlalchemy import Connection, text

from engine.owner import Owner
from engine.retrieval.index_store import Filter, IndexStore

__all__ = ["SqliteIndexStore"]


class SqliteIndexStore(IndexStore):
    @property
    def fts(self) -> str:
        return self.table + "_fts"

    def create_schema(self, conn: Connection) -> None:
        t, f = self.table, self.fts
        statements = [
            f"""CREATE TABLE IF NOT EXISTS {t} (
                row_id INTEGER PRIMARY KEY, app TEXT NOT NULL, user_id TEXT NOT NULL,
                item_type TEXT NOT NULL, item_id TEXT NOT NULL, version INTEGER NOT NULL,
                kind TEXT NOT NULL, statement TEXT NOT NULL, lex_text TEXT NOT NULL,
                confidence REAL NOT NULL, valid_from REAL NOT NULL, invalid_at REAL,
                recorded_at REAL NOT NULL, expired_at REAL, session_id TEXT, seq INTEGER,
                sources TEXT NOT NULL, detail TEXT, embedding BLOB NOT NULL)""",
            f"CREATE INDEX IF NOT EXISTS {t}_owner ON {t} (app, user_id, item_type, expired_at)",
            f"CREATE INDEX IF NOT EXISTS {t}_item ON {t} (item_id, expired_at)",
            f"""CREATE VIRTUAL TABLE IF NOT EXISTS {f} USING fts5(
                lex_text, content='{t}', content_rowid='row_id',
                tokenize='porter unicode61 remove_diacritics 2')""",
            f"""CREATE TRIGGER IF NOT EXISTS {t}_ai AFTER INSERT ON {t} BEGIN
                INSERT INTO {f}(rowid, lex_text) VALUES (new.row_id, new.lex_text); END""",
            f"""CREATE TRIGGER IF NOT EXISTS {t}_ad AFTER DELETE ON {t} BEGIN
                INSERT INTO {f}({f}, rowid, lex_text) VALUES ('delete', old.row_id, old.lex_text);
                END""",
        ]
        for sql in statements:
            conn.execute(text(sql))

    def drop_schema(self, conn: Connection) -> None:
        conn.execute(text(f"DROP TABLE IF EXISTS {self.fts}"))
        conn.execute(text(f"DROP TABLE IF EXISTS {self.table}"))

    def encode_vector(self, vector: np.ndarray) -> bytes:
        return np.asarray(vector, dtype=np.float32).tobytes()

    def decode_vector(self, stored: Any) -> np.ndarray:
        return np.frombuffer(stored, dtype=np.float32)

    def lexical(
        self, conn: Connection, owner: Owner, terms: Sequence[str], flt: Filter, limit: int
    ) -> list[int]:
        if not terms:
            return []
        match = " OR ".join('"' + term.replace('"', '""') + '"' for term in terms)
        clause, params = flt.sql("i")
        params.update(app=owner.app, user=owner.user_id, q=match, n=limit)
        rows = conn.execute(
            text(
                f"SELECT i.row_id FROM {self.fts} JOIN {self.table} i ON i.row_id = {self.fts}.rowid "
                f"WHERE i.app = :app AND i.user_id = :user AND {self.fts} MATCH :q AND {clause} "
                f"ORDER BY bm25({self.fts}) LIMIT :n"
            ),
            params,
        )
        return [int(r[0]) for r in rows]

    def dense(
        self,
        conn: Connection,
        owner: Owner,
        vector: np.ndarray,
        flt: Filter,
        limit: int,
        min_similarity: float = -1.0,
    ) -> list[int]:
        clause, params = flt.sql()
        params.update(app=owner.app, user=owner.user_id)
        rows = conn.execute(
            text(
                f"SELECT row_id, embedding FROM {self.table} "
                f"WHERE app = :app AND user_id = :user AND {clause}"
            ),
            params,
        ).all()
        if not rows:
            return []
        ids = np.fromiter((r[0] for r in rows), dtype=np.int64, count=len(rows))
        matrix = np.frombuffer(b"".join(r[1] for r in rows), dtype=np.float32)
        scores = matrix.reshape(len(rows), self.dimension) @ np.asarray(vector, dtype=np.float32)
        n = min(limit, len(rows))
        top = np.argpartition(-scores, n - 1)[:n]
        top = top[np.argsort(-scores[top], kind="stable")]
        return [int(ids[i]) for i in top if scores[i] >= min_similarity]
