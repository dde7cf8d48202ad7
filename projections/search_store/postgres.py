"""PostgreSQL search index: pgvector HNSW and an ``english`` tsvector.

Why the exact fallback: HNSW applies the owner and bitemporal filters after
the graph walk, so an owner with few rows among many (or an as-of query
that hides most versions) can get fewer than ``limit`` neighbours back. When
that happens (``_nearest``) the query is repeated as an exact scan over that
owner's rows (a MATERIALIZED CTE the planner cannot push the ANN order
into), which is cheap precisely because the filtered set is small.

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
from sqlalchemy.exc import DBAPIError

from ledgermind.domain.errors import InsufficientPrivilege, StoreError
from ledgermind.domain.owner import Owner
from ledgermind.projections import row_security
from ledgermind.projections.search_store.base import Filter, IndexStore

__all__ = ["VECTOR_COMMAND", "PostgresIndexStore", "require_vector"]

# What an administrator runs once per database where the login may not
# (pgvector is not a trusted extension: only a superuser can create it).
VECTOR_COMMAND = "CREATE EXTENSION IF NOT EXISTS vector;"

HNSW_M = 16
HNSW_EF_CONSTRUCTION = 64
HNSW_EF_SEARCH_MIN = 40  # pgvector's default
HNSW_EF_SEARCH_WIDE = 400  # the retry before an exact scan
HNSW_EF_SEARCH_MAX = 1000  # pgvector's upper bound


COMMON_LEXEME_SHARE = 0.05  # of all rows; see PostgresIndexStore._query_lexemes
COMMON_STATS_TTL_S = 300.0
STATS_CHECK_S = 1.0  # how often reltuples is compared with the cached statistics
LEXEME_CANDIDATES = 2000  # rows ranked per query at most (split among its lexemes)
LEXEME_CANDIDATES_MIN = 250  # per lexeme, however many lexemes the query has
LEXEME_CACHE_MAX = 50_000  # analysed query terms kept
SAMPLE_ROWS = 30_000  # rows sampled for lexeme frequencies (ANALYZE's sample at its default target)
COMMON_ELEMS = 1_000  # lexemes kept from it (ANALYZE's most_common_elems at its default target)


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
        self._common: dict[str, float] = {}
        self._common_at = float("-inf")
        self._unlisted = 0.0
        self._checked_at = float("-inf")
        self._rows = 0.0
        self._lexemes: dict[str, tuple[str, ...]] = {}

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
                tsv tsvector GENERATED ALWAYS AS (to_tsvector('english', lex_text)) STORED)""",
            f"CREATE INDEX IF NOT EXISTS {t}_owner ON {t} (app, user_id, item_type, expired_at)",
            f"CREATE INDEX IF NOT EXISTS {t}_item ON {t} (item_id, expired_at)",
            # fastupdate off: a pending list makes every query scan it linearly
            # (18 ms for a one-word query at 100k rows after a bulk load)
            f"CREATE INDEX IF NOT EXISTS {t}_tsv ON {t} USING gin (tsv) WITH (fastupdate = off)",
            f"CREATE INDEX IF NOT EXISTS {t}_hnsw ON {t} USING hnsw (embedding vector_cosine_ops) "
            f"WITH (m = {HNSW_M}, ef_construction = {HNSW_EF_CONSTRUCTION})",
        ]
        conn.execute(text("SELECT pg_advisory_xact_lock(hashtext('ledgermind-search-schema'))"))
        require_vector(conn)
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
        """Rows ranked by ``ts_rank`` among a bounded candidate set.

        Why bounded: ranking reads every candidate row's tsvector, so a
        lexeme in half the table (a query of only common words keeps its
        common lexemes) cost ~40-55 ms at 100k rows. Each lexeme contributes
        at most its share of ``LEXEME_CANDIDATES`` matching rows (GIN bitmap,
        heap order), so a lexeme with fewer matches than that is ranked in
        full (as an unbounded query would) and only a very common lexeme is
        sampled: its rank among half the table says little anyway. While
        ANALYZE's statistics expect no lexeme above its share, the plain
        query ranks every match (one index scan instead of one per lexeme)."""
        lexemes = self._query_lexemes(conn, terms)
        if not lexemes:
            return []
        quoted = ["'" + lx.replace("\\", "\\\\").replace("'", "''") + "'" for lx in lexemes]
        clause, params = flt.sql()
        cap = max(LEXEME_CANDIDATES_MIN, LEXEME_CANDIDATES // len(quoted))
        params.update(app=owner.app, user=owner.user_id, q=" | ".join(quoted), n=limit)
        owned = f"app = :app AND user_id = :user AND {clause}"
        if all(self._expected_matches(conn, lx) <= cap for lx in lexemes):
            # the common case (an owner's few thousand rows): rank every match
            sql = (
                f"SELECT row_id FROM {self.table}, to_tsquery('simple', :q) q "
                f"WHERE {owned} AND tsv @@ q ORDER BY ts_rank(tsv, q, 1) DESC, row_id LIMIT :n"
            )
        else:
            params.update(lx=quoted, cap=cap)
            sql = (
                "SELECT row_id FROM (SELECT DISTINCT ON (m.row_id) m.row_id, "
                "ts_rank(m.tsv, to_tsquery('simple', :q), 1) AS r "
                "FROM unnest(CAST(:lx AS text[])) AS l(q) CROSS JOIN LATERAL ("
                f"SELECT row_id, tsv FROM {self.table} WHERE {owned} "
                "AND tsv @@ CAST(l.q AS tsquery) LIMIT :cap) m "
                "ORDER BY m.row_id) s ORDER BY r DESC, row_id LIMIT :n"
            )
        rows = conn.execute(text(sql), params)
        return [int(r[0]) for r in rows]

    def _query_lexemes(self, conn: Connection, terms: Sequence[str]) -> list[str]:
        """The query's ``english`` lexemes minus the very common ones.

        Why: ``ts_rank`` has no IDF, so a lexeme in a fifth of all rows (a
        speaker's name, "love", "great") weighs as much as a rare one.
        Lexemes that a sample of the table (``_sample_lexemes``, taken once
        ANALYZE has counted its rows) puts above ``COMMON_LEXEME_SHARE`` are
        dropped unless nothing else is left. Without statistics (a fresh
        table) nothing is dropped. Terms are analysed once and cached (the ``english`` stemmer
        is deterministic), so a repeated term costs no round trip."""
        if not terms:
            return []
        missing = [t for t in dict.fromkeys(terms) if t not in self._lexemes]
        if missing:
            found = conn.execute(
                text(
                    "SELECT t, array(SELECT lexeme FROM unnest(to_tsvector('english', t))) "
                    "FROM unnest(CAST(:terms AS text[])) AS u(t)"
                ),
                {"terms": missing},
            ).all()
            if len(self._lexemes) + len(found) > LEXEME_CACHE_MAX:
                self._lexemes.clear()
            self._lexemes.update({str(t): tuple(str(x) for x in lx) for t, lx in found})
        lexemes = list(dict.fromkeys(lx for t in terms for lx in self._lexemes.get(t, ())))
        common = self._common_lexemes(conn)
        kept = [lx for lx in lexemes if common.get(lx, 0.0) <= COMMON_LEXEME_SHARE]
        return kept or lexemes

    def _common_lexemes(self, conn: Connection) -> dict[str, float]:
        self._refresh_stats(conn)
        return self._common

    def _expected_matches(self, conn: Connection, lexeme: str) -> float:
        """Rows that contain ``lexeme`` by the sampled statistics: a listed
        lexeme's frequency, or at most the least frequent listed one's (what
        the planner assumes too); 0 without statistics."""
        self._refresh_stats(conn)
        return self._common.get(lexeme, self._unlisted) * self._rows

    def _refresh_stats(self, conn: Connection) -> None:
        """Re-read the statistics after ``COMMON_STATS_TTL_S``, or sooner once
        ANALYZE has seen the table grow or shrink by a tenth (checked at most
        every ``STATS_CHECK_S``): after a bulk load the bound must not go on
        believing the table is small."""
        now = time.monotonic()
        if now - self._checked_at < STATS_CHECK_S:
            return
        self._checked_at = now
        if now - self._common_at < COMMON_STATS_TTL_S:
            rows = conn.execute(
                text("SELECT reltuples FROM pg_class WHERE oid = to_regclass(:t)"), {"t": self.table}
            ).scalar()
            if abs(max(0.0, float(rows or 0.0)) - self._rows) <= 0.1 * self._rows:
                return
        reltuples = conn.execute(
            text("SELECT reltuples FROM pg_class WHERE oid = to_regclass(:t)"), {"t": self.table}
        ).scalar()
        rows = max(0.0, float(reltuples or 0.0))  # -1: never analyzed, no statistics yet
        common: dict[str, float] = {}
        if rows > 0:
            common = self._sample_lexemes(conn, min(100.0, 100.0 * SAMPLE_ROWS / rows))
        # what the planner assumes of an unlisted element: at most the least frequent listed one
        unlisted = min(common.values(), default=0.0)
        self._common, self._unlisted, self._rows, self._common_at = common, unlisted, rows, now

    def _sample_lexemes(self, conn: Connection, percent: float) -> dict[str, float]:
        """The ``COMMON_ELEMS`` most frequent lexemes of a block sample (as
        ANALYZE takes one), each with the share of sampled rows holding it.

        Why not ANALYZE's own ``pg_stats.most_common_elems``: PostgreSQL hides
        a table's statistics from every role its row-level security binds
        (they could leak values), and the policies here are FORCEd, so the
        engine's own login never sees them. The sample is read in the writer
        scope (every owner's rows; only counts leave it), the same sample for
        both queries (``REPEATABLE``)."""
        sample = f"{self.table} TABLESAMPLE SYSTEM ({percent:.6f}) REPEATABLE (0)"
        with row_security.all_rows(conn):
            sampled = int(conn.execute(text(f"SELECT count(*) FROM {sample}")).scalar() or 0)
            if not sampled:
                return {}
            found = conn.execute(
                text("SELECT word, ndoc FROM ts_stat(:q) ORDER BY ndoc DESC, word LIMIT :n"),
                {"q": f"SELECT tsv FROM {sample}", "n": COMMON_ELEMS},
            ).all()
        return {str(word): int(ndoc) / sampled for word, ndoc in found}

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
        found = self._nearest(conn, clause, params, limit)
        return [int(r[0]) for r in found if 1.0 - float(r[1]) >= min_similarity]

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
