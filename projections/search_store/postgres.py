"""PostgreSQL search index: pgvector HNSW and the lexical terms as an array.

Why the exact fallback: HNSW applies the owner and bitemporal filters after
the graph walk, so an owner with few rows among many (or an as-of query
that hides most versions) can get fewer than ``limit`` neighbours back. When
that happens (``_nearest``) the query is repeated as an exact scan over that
owner's rows (a MATERIALIZED CTE the planner cannot push the ANN order
into), which is cheap precisely because the filtered set is small.

The lexical terms (stems, CJK bigrams) are cut in Python by
``text.lexical_terms``, the same on both backends (``index_terms``); BM25
ranks them in ``retrieval.lexical``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import orjson
from sqlalchemy import Connection, text
from sqlalchemy.exc import DBAPIError

from ledgermind.domain.errors import InsufficientPrivilege, StoreError
from ledgermind.domain.owner import Owner
from ledgermind.projections import row_security
from ledgermind.projections.search_store.base import Filter, IndexStore, backfill_terms

__all__ = ["VECTOR_COMMAND", "PostgresIndexStore", "require_vector"]

# What an administrator runs once per database where the login may not
# (pgvector is not a trusted extension: only a superuser can create it).
VECTOR_COMMAND = "CREATE EXTENSION IF NOT EXISTS vector;"

HNSW_M = 16
HNSW_EF_CONSTRUCTION = 64
HNSW_EF_SEARCH_MIN = 40  # pgvector's default
HNSW_EF_SEARCH_WIDE = 400  # the retry before an exact scan
HNSW_EF_SEARCH_MAX = 1000  # pgvector's upper bound


def require_vector(conn: Connection) -> None:
    """Makes sure the ``vector`` extension exists in this database.

    Creates it when the login may (a superuser); otherwise raises a typed
    error that names what to do instead of the driver's "permission denied
    to create extension", which says nothing about who should run what."""
    if conn.execute(text("SELECT 1 FROM pg_extension WHERE extname = 'vector'")).first():
        return
    try:
        conn.execute(text(VECTOR_COMMAND.rstrip(";")))
    except DBAPIError as exc:
        state = getattr(exc.orig, "sqlstate", None)
        if state == "42501":  # insufficient_privilege
            raise InsufficientPrivilege(
                "the `vector` extension is missing from this database and this login may not "
                f"create it: a superuser runs `{VECTOR_COMMAND}` in it once"
            ) from None
        if state in ("0A000", "58P01"):  # not available / no control file: not installed
            raise StoreError(
                "the server has no `vector` extension (pgvector) installed: install it "
                f"(https://github.com/pgvector/pgvector), then run `{VECTOR_COMMAND}`"
            ) from None
        raise


class PostgresIndexStore(IndexStore):
    def __init__(self, table: str, dimension: int) -> None:
        super().__init__(table, dimension)

    def create_schema(self, conn: Connection) -> None:
        t, d = self.table, int(self.dimension)
        statements = [
            f"""CREATE TABLE IF NOT EXISTS {t} (
                row_id BIGSERIAL PRIMARY KEY, app TEXT NOT NULL, user_id TEXT NOT NULL,
                item_type TEXT NOT NULL, item_id TEXT NOT NULL, version INTEGER NOT NULL,
                kind TEXT NOT NULL, statement TEXT NOT NULL, lex_text TEXT NOT NULL,
                confidence DOUBLE PRECISION NOT NULL, valid_from DOUBLE PRECISION NOT NULL,
                invalid_at DOUBLE PRECISION, recorded_at DOUBLE PRECISION NOT NULL,
                expired_at DOUBLE PRECISION, session_id TEXT, seq INTEGER,
                sources TEXT NOT NULL, detail TEXT, embedding vector({d}) NOT NULL,
                terms TEXT NOT NULL DEFAULT '')""",
            f"CREATE INDEX IF NOT EXISTS {t}_owner ON {t} (app, user_id, item_type, expired_at)",
            f"CREATE INDEX IF NOT EXISTS {t}_item ON {t} (item_id, expired_at)",
            f"CREATE INDEX IF NOT EXISTS {t}_hnsw ON {t} USING hnsw (embedding vector_cosine_ops) "
            f"WITH (m = {HNSW_M}, ef_construction = {HNSW_EF_CONSTRUCTION})",
        ]
        conn.execute(text("SELECT pg_advisory_xact_lock(hashtext('ledgermind-search-schema'))"))
        require_vector(conn)
        for sql in statements:
            conn.execute(text(sql))
        self.index_terms(conn)

    def index_terms(self, conn: Connection) -> None:
        """The lexical terms as an array column (``term_list``, generated from
        ``terms``, which ``text.lexical_terms`` cut before they were stored),
        matched by array overlap: no text-search parser or stemmer is
        involved, so PostgreSQL matches exactly the rows SQLite matches.
        Replaces the ``english`` tsvector, which databases made before this
        step still have. No GIN index: under the row-security policies a
        non-leakproof operator (``&&`` as ``@@`` before it) is never an index
        condition, so candidates are found by the owner index and a filter.
        Idempotent."""
        t = self.table
        columns = {
            str(r[0])
            for r in conn.execute(
                text(
                    "SELECT attname FROM pg_attribute WHERE attrelid = to_regclass(:t) AND attnum > 0 "
                    "AND NOT attisdropped"
                ),
                {"t": t},
            )
        }
        if "term_list" in columns:
            return
        if "terms" not in columns:
            conn.execute(text(f"ALTER TABLE {t} ADD COLUMN terms TEXT NOT NULL DEFAULT ''"))
        with row_security.all_rows(conn):
            backfill_terms(conn, t)
        conn.execute(text(f"ALTER TABLE {t} DROP COLUMN IF EXISTS tsv"))
        conn.execute(
            text(
                f"ALTER TABLE {t} ADD COLUMN term_list text[] GENERATED ALWAYS AS (string_to_array(terms, ' ')) STORED"
            )
        )

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

    def term_docs(
        self, conn: Connection, owner: Owner, terms: Sequence[str], flt: Filter, limit: int
    ) -> list[tuple[int, str]]:
        clause, params = flt.sql()
        params.update(app=owner.app, user=owner.user_id, q=list(terms), n=limit)
        rows = conn.execute(
            text(
                f"SELECT row_id, terms FROM {self.table} WHERE app = :app AND user_id = :user "
                f"AND {clause} AND term_list && CAST(:q AS text[]) ORDER BY row_id DESC LIMIT :n"
            ),
            params,
        )
        return [(int(r[0]), str(r[1])) for r in rows]

    def term_counts(self, conn: Connection, owner: Owner, terms: Sequence[str], cap: int) -> dict[str, int]:
        rows = conn.execute(
            text(
                "SELECT u.t, (SELECT count(*) FROM (SELECT 1 FROM "
                f"{self.table} WHERE app = :app AND user_id = :user AND term_list @> ARRAY[u.t] "
                "LIMIT :cap) c) FROM unnest(CAST(:q AS text[])) AS u(t)"
            ),
            {"app": owner.app, "user": owner.user_id, "q": list(dict.fromkeys(terms)), "cap": cap},
        )
        return {str(t): int(n) for t, n in rows}

    def row_count(self, conn: Connection, owner: Owner, item_types: Sequence[str]) -> int:
        sql = (
            f"SELECT count(*) FROM {self.table} WHERE app = :app AND user_id = :user "
            "AND item_type = ANY(CAST(:types AS text[]))"
        )
        params = {"app": owner.app, "user": owner.user_id, "types": list(item_types)}
        return int(conn.execute(text(sql), params).scalar_one())

    def dense(
        self,
        conn: Connection,
        owner: Owner,
        vector: np.ndarray,
        flt: Filter,
        limit: int,
        min_similarity: float = -1.0,
    ) -> list[tuple[int, float]]:
        clause, params = flt.sql()
        params.update(app=owner.app, user=owner.user_id, v=self.encode_vector(vector), n=limit)
        found = self._nearest(conn, clause, params, limit)
        similar = [(int(r[0]), 1.0 - float(r[1])) for r in found]
        return [(row_id, sim) for row_id, sim in similar if sim >= min_similarity]

    def _nearest(self, conn: Connection, clause: str, params: dict[str, Any], limit: int) -> Sequence[Any]:
        """(row_id, distance) rows nearest first: HNSW, then the exact scan if
        the walk came back short.

        ``ef_search`` below ``limit`` cannot return ``limit`` rows; a quarter
        above it leaves room for filtered-out rows at about half the cost of
        the previous ``2 * limit`` (100k rows). A walk that is short but more
        than half full is mostly unfiltered, yet a graph walk can come back a
        few rows short at any ``ef_search`` (100k synthetic rows with many
        duplicate vectors: ~6 % of walks returned 40-48 of 50), and the exact
        scan over such a large owner took ~250 ms. So it is walked again
        wider: that either completes the list or, finding no more (a
        filtered walk would grow), shows the graph has given what it has;
        HNSW is approximate, and a dense list a few rows short costs RRF
        nothing. Anything shorter is an owner whose visible rows are few
        among many, where the exact scan is cheap."""
        walk = text(
            f"SELECT row_id, embedding <=> CAST(:v AS vector) AS d FROM {self.table} "
            f"WHERE app = :app AND user_id = :user AND {clause} "
            "ORDER BY embedding <=> CAST(:v AS vector) LIMIT :n"
        )
        ef = min(HNSW_EF_SEARCH_MAX, max(HNSW_EF_SEARCH_MIN, limit + limit // 4))
        conn.execute(text(f"SET LOCAL hnsw.ef_search = {ef}"))
        found = conn.execute(walk, params).all()
        if len(found) >= limit:
            return found
        wide = min(HNSW_EF_SEARCH_MAX, max(HNSW_EF_SEARCH_WIDE, 2 * ef))
        if 2 * len(found) >= limit and wide > ef:
            conn.execute(text(f"SET LOCAL hnsw.ef_search = {wide}"))
            wider = conn.execute(walk, params).all()
            if len(wider) >= limit or len(wider) <= len(found):
                return wider if len(wider) >= len(found) else found
        return conn.execute(
            text(
                f"WITH c AS MATERIALIZED (SELECT row_id, embedding FROM {self.table} "
                f"WHERE app = :app AND user_id = :user AND {clause}) "
                "SELECT row_id, embedding <=> CAST(:v AS vector) AS d FROM c "
                "ORDER BY d, row_id LIMIT :n"
            ),
            params,
        ).all()
