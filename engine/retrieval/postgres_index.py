"""PostgreSQL search index: pgvector HNSW and an ``english`` tsvector.

Why the exact fallback: HNSW applies the owner and bitemporal filters after
the graph walk, so an owner with few rows among many (or an as-of query
that hides most versions) can get fewer than ``limit`` neighbours back. When
that happens the query is repeated as an exact scan over that owner's rows
(a MATERIALIZED CTE the planner cannot push the ANN order into), which is
cheap precisely because the filtered set is small.

CJK text is matched through the character bigrams that
``text.lexical_text`` appends (the ``english`` and ``simple`` parsers keep a
Chinese run as one token).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import numpy as np
import orjson
from sqlalchemy import Connection, text

from engine.owner import Owner
from engine.retrieval.index_store import Filter, IndexStore

__all__ = ["PostgresIndexStore"]

HNSW_M = 16
HNSW_EF_CONSTRUCTION = 64


COMMON_LEXEME_SHARE = 0.05  # of all rows; see PostgresIndexStore._query_lexemes
COMMON_STATS_TTL_S = 300.0


class PostgresIndexStore(IndexStore):
    def __init__(self, table: str, dimension: int) -> None:
        super().__init__(table, dimension)
        self._common: dict[str, float] = {}
        self._common_at = float("-inf")

    def create_schema(self, conn: Connection) -> None:
        t, d = self.table, int(self.dimension)
        statements = [
            "SELECT pg_advisory_xact_lock(hashtext('memledger-search-schema'))",
            "CREATE EXTENSION IF NOT EXISTS vector",
            f"""CREATE TABLE IF NOT EXISTS {t} (
                row_id BIGSERIAL PRIMARY KEY, app TEXT NOT NULL, user_id TEXT NOT NULL,
                item_type TEXT NOT NULL, item_id TEXT NOT NULL, version INTEGER NOT NULL,
                kind TEXT NOT NULL, statement TEXT NOT NULL, lex_text TEXT NOT NULL,
                confidence DOUBLE PRECISION NOT NULL, valid_from DOUBLE PRECISION NOT NULL,
                invalid_at DOUBLE PRECISION, recorded_at DOUBLE PRECISION NOT NULL,
                expired_at DOUBLE PRECISION, session_id TEXT, seq INTEGER,
                sources TEXT NOT NULL, detail TEXT, embedding vector({d}) NOT NULL,
                tsv tsvector GENERATED ALWAYS AS (to_tsvector('english', lex_text)) STORED)""",
            f"CREATE INDEX IF NOT EXISTS {t}_owner ON {t} (app, user_id, item_type, expired_at)",
            f"CREATE INDEX IF NOT EXISTS {t}_item ON {t} (item_id, expired_at)",
            # fastupdate off: a pending list makes every query scan it linearly
            # (18 ms for a one-word query at 100k rows after a bulk load)
            f"CREATE INDEX IF NOT EXISTS {t}_tsv ON {t} USING gin (tsv) WITH (fastupdate = off)",
            f"CREATE INDEX IF NOT EXISTS {t}_hnsw ON {t} USING hnsw (embedding vector_cosine_ops) "
            f"WITH (m = {HNSW_M}, ef_construction = {HNSW_EF_CONSTRUCTION})",
        ]
        for sql in statements:
            conn.execute(text(sql))

    def drop_schema(self, conn: Connection) -> None:
        conn.execute(text(f"DROP TABLE IF EXISTS {self.table}"))

    vector_param = "CAST(:embedding AS vector)"

    def encode_vector(self, vector: np.ndarray) -> str:
        """pgvector's text form: no adapter needs registering on the shared pool."""
        return orjson.dumps(np.asarray(vector, dtype=np.float32).tolist()).decode()

    def decode_vector(self, stored: Any) -> np.ndarray:
        if isinstance(stored, str):
            return np.asarray(orjson.loads(stored), dtype=np.float32)
        return np.asarray(stored, dtype=np.float32)

    def lexical(
        self, conn: Connection, owner: Owner, terms: Sequence[str], flt: Filter, limit: int
    ) -> list[int]:
        lexemes = self._query_lexemes(conn, terms)
        if not lexemes:
            return []
        query = " | ".join("'" + lx.replace("\\", "\\\\").replace("'", "''") + "'" for lx in lexemes)
        clause, params = flt.sql()
        params.update(app=owner.app, user=owner.user_id, q=query, n=limit)
        rows = conn.execute(
            text(
                f"SELECT row_id FROM {self.table}, to_tsquery('simple', :q) q "
                f"WHERE app = :app AND user_id = :user AND tsv @@ q AND {clause} "
                "ORDER BY ts_rank(tsv, q, 1) DESC, row_id LIMIT :n"
            ),
            params,
        )
        return [int(r[0]) for r in rows]

    def _query_lexemes(self, conn: Connection, terms: Sequence[str]) -> list[str]:
        """The query's ``english`` lexemes minus the very common ones.

        Why: ``ts_rank`` has no IDF, so a lexeme in a fifth of all rows (a
        speaker's name, "love", "great") weighs as much as a rare one, and
        ranking it means reading every row that contains it (the latency
        tail: ~50-130 ms at 100k rows). Lexemes that ANALYZE's statistics
        (``pg_stats.most_common_elems`` of the tsvector) put above
        ``COMMON_LEXEME_SHARE`` are dropped unless nothing else is left.
        Without statistics (a fresh table) nothing is dropped."""
        if not terms:
            return []
        found = conn.execute(
            text("SELECT lexeme FROM unnest(to_tsvector('english', :q))"), {"q": " ".join(terms)}
        ).scalars().all()
        lexemes = [str(x) for x in found]
        common = self._common_lexemes(conn)
        kept = [lx for lx in lexemes if common.get(lx, 0.0) <= COMMON_LEXEME_SHARE]
        return kept or lexemes

    def _common_lexemes(self, conn: Connection) -> dict[str, float]:
        now = time.monotonic()
        if now - self._common_at < COMMON_STATS_TTL_S:
            return self._common
        row = conn.execute(
            text(
                "SELECT most_common_elems::text::text[], most_common_elem_freqs FROM pg_stats "
                "WHERE schemaname = current_schema() AND tablename = :t AND attname = 'tsv'"
            ),
            {"t": self.table},
        ).first()
        common: dict[str, float] = {}
        if row is not None and row[0] is not None:
            common = {str(e): float(f) for e, f in zip(row[0], row[1])}
        self._common, self._common_at = common, now
        return common

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
        params.update(app=owner.app, user=owner.user_id, v=self.encode_vector(vector), n=limit)
        conn.execute(text(f"SET LOCAL hnsw.ef_search = {max(40, 2 * int(limit))}"))
        found = conn.execute(
            text(
                f"SELECT row_id, embedding <=> CAST(:v AS vector) AS d FROM {self.table} "
                f"WHERE app = :app AND user_id = :user AND {clause} "
                "ORDER BY embedding <=> CAST(:v AS vector) LIMIT :n"
            ),
            params,
        ).all()
        if len(found) < limit:
            found = conn.execute(
                text(
                    f"WITH c AS MATERIALIZED (SELECT row_id, embedding FROM {self.table} "
                    f"WHERE app = :app AND user_id = :user AND {clause}) "
                    "SELECT row_id, embedding <=> CAST(:v AS vector) AS d FROM c "
                    "ORDER BY d, row_id LIMIT :n"
                ),
                params,
            ).all()
        return [int(r[0]) for r in found if 1.0 - float(r[1]) >= min_similarity]
