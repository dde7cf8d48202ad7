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

Why a postings table (``<table>_terms``: owner, term, row id, filled and
emptied by triggers): under the row-security policies PostgreSQL never
makes a non-leakproof operator such as the array overlap ``&&`` an index
condition, so a GIN index over the terms is never used and a rare term was
found by reading every row of the owner (1.8 s p95 at 100,000 rows). Text
equality is leakproof, so ``term = ANY(...)`` walks the postings' B-tree
under the policies too. A hybrid query then costs two statements
(``candidates``): the counts that choose how the lexical rows are read (with
the HNSW search width set in the same round trip), then the lexical rows
and the nearest neighbours together.
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
from ledgermind.projections.search_store import base
from ledgermind.projections.search_store.base import (
    NO_LEXICAL,
    Filter,
    IndexStore,
    LexicalTop,
    backfill_terms,
    bm25_params,
)
from ledgermind.storage.dialects.postgresql import POSTGRESQL

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
    dialect = POSTGRESQL.name

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
        self.index_postings(conn)

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

    @property
    def postings(self) -> str:
        return self.table + "_terms"

    @property
    def counts(self) -> str:
        return self.table + "_counts"

    def index_postings(self, conn: Connection) -> None:
        """The postings table (one row per owner, term and row holding it),
        the owners' row counts (BM25's N, per item type: counting 100,000
        rows of an owner's index took ~20 ms a query), the triggers that keep
        both (statement-level, over the transition tables: a COPY or a batch
        INSERT is one statement; a DELETE, a purge or an erasure empties them
        alike, a count that reaches zero goes with its owner) and, for a
        table indexed before them, their rows. Under the same row-security
        policies as every owner table: a term is the owner's words.
        Idempotent."""
        t, p, c = self.table, self.postings, self.counts
        new = conn.execute(text("SELECT to_regclass(:p) IS NULL"), {"p": p}).scalar()
        for sql in (
            f"""CREATE TABLE IF NOT EXISTS {p} (app TEXT NOT NULL, user_id TEXT NOT NULL, term TEXT NOT NULL,
                row_id BIGINT NOT NULL, PRIMARY KEY (app, user_id, term, row_id))""",
            f"""CREATE TABLE IF NOT EXISTS {c} (app TEXT NOT NULL, user_id TEXT NOT NULL, item_type TEXT NOT NULL,
                rows BIGINT NOT NULL, PRIMARY KEY (app, user_id, item_type))""",
            f"""CREATE OR REPLACE FUNCTION {p}_add() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
                INSERT INTO {p} (app, user_id, term, row_id)
                SELECT DISTINCT n.app, n.user_id, x.term, n.row_id FROM added n, unnest(n.term_list) AS x(term)
                WHERE x.term <> '';
                INSERT INTO {c} AS k (app, user_id, item_type, rows)
                SELECT app, user_id, item_type, count(*) FROM added GROUP BY app, user_id, item_type
                ON CONFLICT (app, user_id, item_type) DO UPDATE SET rows = k.rows + EXCLUDED.rows;
                RETURN NULL; END $$""",
            f"""CREATE OR REPLACE FUNCTION {p}_drop() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
                DELETE FROM {p} s USING gone g WHERE s.app = g.app AND s.user_id = g.user_id
                AND s.term = ANY(g.term_list) AND s.row_id = g.row_id;
                UPDATE {c} k SET rows = k.rows - g.n FROM (SELECT app, user_id, item_type, count(*) AS n FROM gone
                GROUP BY app, user_id, item_type) g
                WHERE k.app = g.app AND k.user_id = g.user_id AND k.item_type = g.item_type;
                DELETE FROM {c} k USING (SELECT DISTINCT app, user_id FROM gone) g
                WHERE k.app = g.app AND k.user_id = g.user_id AND k.rows <= 0;
                RETURN NULL; END $$""",
            f"""CREATE OR REPLACE TRIGGER {p}_add AFTER INSERT ON {t} REFERENCING NEW TABLE AS added
                FOR EACH STATEMENT EXECUTE FUNCTION {p}_add()""",
            f"""CREATE OR REPLACE TRIGGER {p}_drop AFTER DELETE ON {t} REFERENCING OLD TABLE AS gone
                FOR EACH STATEMENT EXECUTE FUNCTION {p}_drop()""",
        ):
            conn.execute(text(sql))
        if new:
            with row_security.all_rows(conn):
                conn.execute(
                    text(
                        f"INSERT INTO {p} (app, user_id, term, row_id) SELECT DISTINCT i.app, i.user_id, x.term, "
                        f"i.row_id FROM {t} i, unnest(i.term_list) AS x(term) WHERE x.term <> ''"
                    )
                )
                conn.execute(
                    text(
                        f"INSERT INTO {c} (app, user_id, item_type, rows) SELECT app, user_id, item_type, count(*) "
                        f"FROM {t} GROUP BY app, user_id, item_type"
                    )
                )
        row_security.protect_tables(conn, [p, c])

    def index_candidates(self, conn: Connection) -> None:
        """Each posting also carries what ranking and filtering its row need
        (the term's count in the row, the row's length, its item type, kind
        and time columns: ``POSTED``), covered by the postings' index, so the
        lexical candidates are found, filtered and scored by index-only walks
        of their terms' postings, never reading the rows, whose embedding
        (2 KB at 512 dimensions) puts three rows on a page: at 100,000 rows a
        common term's 2,001 candidates cost 2,001 row lookups (~15 ms).
        A trigger keeps the copied columns when a row is updated (a version
        expired). Columns added, not the table replaced, so an
        administrator's grants on it stay. Idempotent."""
        t, p = self.table, self.postings
        posted = {
            str(r[0])
            for r in conn.execute(
                text("SELECT attname FROM pg_attribute WHERE attrelid = to_regclass(:p) AND attnum > 0"),
                {"p": p},
            )
        }
        if "tf" not in posted:
            conn.execute(
                text(
                    f"ALTER TABLE {p} ADD COLUMN tf INTEGER NOT NULL DEFAULT 1, ADD COLUMN len INTEGER NOT NULL DEFAULT 0, "
                    "ADD COLUMN item_type TEXT NOT NULL DEFAULT '', ADD COLUMN kind TEXT NOT NULL DEFAULT '', "
                    "ADD COLUMN recorded_at DOUBLE PRECISION NOT NULL DEFAULT 0, ADD COLUMN expired_at DOUBLE PRECISION, "
                    "ADD COLUMN valid_from DOUBLE PRECISION NOT NULL DEFAULT 0, ADD COLUMN invalid_at DOUBLE PRECISION"
                )
            )
            with row_security.all_rows(conn):
                conn.execute(
                    text(
                        f"UPDATE {p} s SET tf = cardinality(array_positions(i.term_list, s.term)), "
                        "len = cardinality(i.term_list), item_type = i.item_type, kind = i.kind, "
                        "recorded_at = i.recorded_at, expired_at = i.expired_at, valid_from = i.valid_from, "
                        f"invalid_at = i.invalid_at FROM {t} i WHERE i.row_id = s.row_id"
                    )
                )
            conn.execute(
                text(
                    f"CREATE UNIQUE INDEX IF NOT EXISTS {p}_cover ON {p} (app, user_id, term, row_id) "
                    f"INCLUDE ({', '.join(POSTED)})"
                )
            )
            conn.execute(text(f"ALTER TABLE {p} DROP CONSTRAINT IF EXISTS {p}_pkey"))
        copied = ", ".join(f"n.{c}" for c in POSTED[2:])
        for sql in (
            f"""CREATE OR REPLACE FUNCTION {p}_add() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
                INSERT INTO {p} (app, user_id, term, row_id, {", ".join(POSTED)})
                SELECT n.app, n.user_id, x.term, n.row_id, count(*), cardinality(n.term_list), {copied}
                FROM added n, unnest(n.term_list) AS x(term) WHERE x.term <> ''
                GROUP BY n.app, n.user_id, x.term, n.row_id, n.term_list, {copied};
                INSERT INTO {self.counts} AS k (app, user_id, item_type, rows)
                SELECT app, user_id, item_type, count(*) FROM added GROUP BY app, user_id, item_type
                ON CONFLICT (app, user_id, item_type) DO UPDATE SET rows = k.rows + EXCLUDED.rows;
                RETURN NULL; END $$""",
            f"""CREATE OR REPLACE FUNCTION {p}_set() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
                UPDATE {p} s SET {", ".join(f"{c} = n.{c}" for c in POSTED[2:])} FROM changed n
                WHERE s.app = n.app AND s.user_id = n.user_id AND s.term = ANY(n.term_list) AND s.row_id = n.row_id;
                RETURN NULL; END $$""",
            f"""CREATE OR REPLACE TRIGGER {p}_set AFTER UPDATE ON {t} REFERENCING NEW TABLE AS changed
                FOR EACH STATEMENT EXECUTE FUNCTION {p}_set()""",
        ):
            conn.execute(text(sql))

    def index_weights(self, conn: Connection) -> None:
        """The postings in the order a term weighs in its rows (by its count
        in the row, highest first, then the row's length, shortest first,
        ties the newest first: ``IndexStore.weighty_docs``), covering what
        the filter reads, so a query of only common terms reads each term's
        best ``depth`` visible postings of each count and stops
        (``_candidate_ctes``), where it read the term's newest 2,000. An
        index over the postings' own columns: nothing to backfill, no
        trigger to change. Idempotent."""
        p = self.postings
        rest = ", ".join(c for c in POSTED if c not in ("tf", "len"))
        conn.execute(
            text(
                f"CREATE INDEX IF NOT EXISTS {p}_weight ON {p} (app, user_id, term, tf DESC, len, row_id DESC) "
                f"INCLUDE ({rest})"
            )
        )

    def index_deletes(self, conn: Connection) -> None:
        """Nothing to do: the dense list is pgvector's, no arrays are cached."""

    def drop_schema(self, conn: Connection) -> None:
        conn.execute(text(f"DROP TABLE IF EXISTS {self.table}"))
        conn.execute(text(f"DROP TABLE IF EXISTS {self.postings}"))
        conn.execute(text(f"DROP TABLE IF EXISTS {self.counts}"))
        conn.execute(text(f"DROP FUNCTION IF EXISTS {self.postings}_add()"))
        conn.execute(text(f"DROP FUNCTION IF EXISTS {self.postings}_drop()"))
        conn.execute(text(f"DROP FUNCTION IF EXISTS {self.postings}_set()"))

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
        clause, params = flt.sql("i")
        params.update(app=owner.app, user=owner.user_id, q=list(terms), n=limit)
        rows = conn.execute(text(self._posted_docs(clause, ":q", ":n", "terms")), params)
        return [(int(r[0]), str(r[1])) for r in rows]

    def term_counts(
        self, conn: Connection, owner: Owner, terms: Sequence[str], flt: Filter, cap: int
    ) -> dict[str, int]:
        clause, params = flt.sql("p")
        params.update(app=owner.app, user=owner.user_id, q=list(dict.fromkeys(terms)), cap=cap)
        rows = conn.execute(
            text(f"SELECT u.t, {self._capped_count('u.t', clause)} FROM unnest(CAST(:q AS text[])) AS u(t)"), params
        )
        return {str(t): int(n) for t, n in rows}

    def _capped_count(self, term: str, clause: str) -> str:
        """How many of the owner's visible rows hold ``term`` (an SQL
        expression; ``clause``: ``Filter.sql`` over the postings, alias
        ``p``), counting no further than ``:cap``: an index-only walk of the
        postings, which carry the filter's columns."""
        return (
            f"(SELECT count(*) FROM (SELECT 1 FROM {self.postings} p WHERE p.app = :app AND p.user_id = :user "
            f"AND p.term = {term} AND {clause} LIMIT :cap) c)"
        )

    def _posted(self, clause: str, terms: str, places: str, limit: str) -> str:
        """(term's place ``n``, row id, the term's count ``tf``, the row's
        length ``len``) of each of the ``terms`` array parameter's newest
        ``limit`` postings among the owner's visible rows (``clause``:
        ``Filter.sql`` over the postings, alias ``s``), ``places`` giving each
        term's place in the query: index-only backward walks of each term's
        postings. The newest ``limit`` rows among them are
        ``_posted_docs``'s, each with every term of those it holds."""
        return (
            f"SELECT u.n, s.row_id, s.tf, s.len FROM unnest(CAST({terms} AS text[]), CAST({places} AS int[])) "
            f"AS u(t, n) CROSS JOIN LATERAL (SELECT s.row_id, s.tf, s.len FROM {self.postings} s "
            f"WHERE s.app = :app AND s.user_id = :user AND s.term = u.t AND {clause} "
            f"ORDER BY s.row_id DESC LIMIT {limit}) s"
        )

    def _posted_docs(self, clause: str, terms: str, limit: str, column: str) -> str:
        """(row id, ``column``) of the newest ``limit`` visible rows of the
        owner holding one of the ``terms`` array parameter, through the
        postings: for each term its newest ``limit`` visible rows (a backward
        walk of the term's postings, each joined to its row by the primary
        key), then the newest ``limit`` of their union, which are the same rows."""
        return (
            f"SELECT DISTINCT ON (r.row_id) r.row_id, r.{column} FROM unnest(CAST({terms} AS text[])) AS u(t) "
            f"CROSS JOIN LATERAL (SELECT i.row_id, i.{column} FROM {self.postings} p JOIN {self.table} i "
            f"ON i.row_id = p.row_id WHERE p.app = :app AND p.user_id = :user AND p.term = u.t AND i.app = :app "
            f"AND i.user_id = :user AND {clause} ORDER BY p.row_id DESC LIMIT {limit}) r "
            f"ORDER BY r.row_id DESC LIMIT {limit}"
        )

    def candidates(
        self,
        conn: Connection,
        owner: Owner,
        terms: Sequence[str],
        vector: np.ndarray | None,
        flt: Filter,
        limit: int,
        min_similarity: float = -1.0,
    ) -> tuple[LexicalTop, list[tuple[int, float]]]:
        """The lexical top and the dense list in two statements.

        The first reads the owner's rows (BM25's N) and, through the
        postings and capped past the window, how many of the visible ones
        hold each term (which chooses the candidates: ``_candidate_ctes``),
        and sets the HNSW search width for the rest of the transaction. The
        second ranks the lexical candidates by BM25 and walks the nearest
        neighbours together (``_ranked_sql``)."""
        terms = list(dict.fromkeys(terms))  # a repeated query term counts once, as in BM25
        if not terms and vector is None:
            return NO_LEXICAL, []
        clause, params = flt.sql("i")
        params.update(app=owner.app, user=owner.user_id, cap=base.MATCH_WINDOW + 1)
        if vector is not None:
            params.update(v=self.encode_vector(vector), nd=limit)
        counts: list[int] = []
        rows = 0
        if terms:
            params.update(q=list(terms), types=list(flt.item_types))
            width = "set_config('hnsw.ef_search', CAST(:ef AS text), true)" if vector is not None else "''"
            head = conn.execute(
                text(
                    f"SELECT {width}, {self._row_count()}, "
                    f"ARRAY(SELECT {self._capped_count('u.t', flt.sql('p')[0])} FROM unnest(CAST(:q AS text[])) "
                    "WITH ORDINALITY AS u(t, n) ORDER BY u.n)"
                ),
                {**params, "ef": _ef_search(limit)},
            ).one()
            rows, counts = int(head[1]), [int(n) for n in head[2]]
        elif vector is not None:
            conn.execute(text(f"SET LOCAL hnsw.ef_search = {_ef_search(limit)}"))
        parts: list[str] = []
        ctes = ""
        rare = [t for t, n in zip(terms, counts) if n <= base.MATCH_WINDOW]
        if terms:
            ctes = self._ranked_sql(flt.sql("s")[0], list(terms), rare, rows, limit, params)
            parts += [
                "SELECT 'h' AS part, row_id, score AS v, NULL::bigint[] AS m FROM h",
                "SELECT 'g', n, avgdl, m FROM g",
            ]
        if vector is not None:
            parts.append(
                f"SELECT 'd', row_id, d, NULL FROM (SELECT i.row_id, i.embedding <=> CAST(:v AS vector) AS d "
                f"FROM {self.table} i WHERE i.app = :app AND i.user_id = :user AND {clause} "
                "ORDER BY i.embedding <=> CAST(:v AS vector) LIMIT :nd) d"
            )
        got: dict[str, list[Any]] = {"h": [], "g": [], "d": []}
        for part, row_id, value, m in conn.execute(text(ctes + " UNION ALL ".join(parts)), params):
            got[str(part)].append((row_id, value, m))
        found = self._lexical(list(terms), rare, got)
        if vector is None:
            return found, []
        walked = sorted(((int(r), float(d)) for r, d, _ in got["d"]), key=lambda r: r[1])
        plain, _ = flt.sql()
        nearest = self._nearest(conn, plain, {**params, "n": limit}, limit, walked=walked)
        similar = [(row_id, 1.0 - dist) for row_id, dist in nearest]
        return found, [(row_id, sim) for row_id, sim in similar if sim >= min_similarity]

    def _ranked_sql(
        self, clause: str, terms: list[str], rare: list[str], rows: int, depth: int, params: dict[str, Any]
    ) -> str:
        """The CTEs that rank ``IndexStore.matches``'s candidates by BM25
        (``h``: the top ``depth``, ``g``: their statistics), parameters added
        to ``params``. The candidates (``c``): every visible row holding a
        term while each term is within the window (``rare``); when none is,
        each term's ``depth`` weightiest rows (``IndexStore.weighty_docs``),
        else the rows holding the rare terms, which alone are then scored.

        ``clause`` is ``Filter.sql`` over the postings (``s``), which carry
        the columns it reads, each term's count in the row and the row's
        length (``index_candidates``): no row is read.

        A posting list is walked only where the candidates need it
        (``_candidate_ctes``); the postings of a query of one term are its
        rows, so they are not grouped by row (``x``)."""
        window = base.MATCH_WINDOW
        params.update(w=window, rows=rows, depth=depth)
        params.update(bm25_params(), qn=list(range(len(terms))))
        ctes = self._candidate_ctes(clause, terms, rare, params)
        fs, held, dfs, idfs, scores = [], [], [], [], []
        for i in range(len(terms)):
            fs.append(f"coalesce(max(tf) FILTER (WHERE n = {i}), 0) AS f{i}")
            held.append(f"f{i}")
            dfs.append(f"count(*) FILTER (WHERE f{i} > 0)")
            # each term's IDF once (``w``), not once per candidate row: ~5 us a
            # row of array subscripts and ``ln`` (10 ms of 44 for 2,000 rows)
            idfs.append(
                f"ln(:one + (CAST(g.n - g.m[{i + 3}] AS float8) + :half) / (CAST(g.m[{i + 3}] AS float8) + :half)) AS i{i}"
            )
            scores.append(
                f"CASE WHEN f{i} > 0 THEN w.i{i} * f{i} * :k1p1 / (f{i} + :k1 * (:b1 + :b * len / w.avgdl)) "
                "ELSE CAST(0 AS float8) END"
            )
        if len(terms) == 1:  # one posting per row
            ctes.append("x AS MATERIALIZED (SELECT row_id, len, tf AS f0 FROM c)")
        else:
            ctes.append(f"x AS MATERIALIZED (SELECT row_id, max(len) AS len, {', '.join(fs)} FROM c GROUP BY row_id)")
        ctes.append(
            "g AS MATERIALIZED (SELECT greatest(CAST(:rows AS bigint), count(*)) AS n, "
            "CAST(sum(len) AS float8) / greatest(count(*), 1) AS avgdl, "
            f"ARRAY[min(row_id), 0, {', '.join(dfs)}] AS m FROM x)"
        )
        ctes.append(f"w AS MATERIALIZED (SELECT g.avgdl, {', '.join(idfs)} FROM g)")
        ctes.append(
            f"h AS (SELECT x.row_id, CAST(0 AS float8) + {' + '.join(scores)} AS score FROM x, w "
            f"WHERE {' + '.join(held)} > 0 ORDER BY score DESC, x.row_id DESC LIMIT :depth)"
        )
        return "WITH " + ", ".join(ctes) + " "

    def _candidate_ctes(self, clause: str, terms: list[str], rare: list[str], params: dict[str, Any]) -> list[str]:
        """``_ranked_sql``'s candidate postings (``c``: term place ``n``, row
        id, ``tf``, ``len``), parameters added to ``params``. ``rare``: the
        terms that at most the window of visible rows hold (the first
        statement's capped counts), which choose them:

        - every term: their visible postings, each list walked to its end
          (at most the window);
        - none: each term's weightiest visible postings (for each count of
          it, the ``depth`` shortest rows: ``index_weights``, walks that stop
          there), then every query term's posting in the rows they name;
        - some: the rare terms' postings, which alone are scored (the union
          is past the window: a common term alone passes it)."""
        window = base.MATCH_WINDOW
        if len(rare) == len(terms):
            params.update(nl=window * len(terms))
            return [f"c AS MATERIALIZED ({self._posted(clause, ':q', ':qn', ':nl')})"]
        if rare:
            params.update(r=rare, rn=[terms.index(t) for t in rare], nr=window * len(rare))
            return [f"c AS MATERIALIZED ({self._posted(clause, ':r', ':rn', ':nr')})"]
        classes = []
        for i, (low, high) in enumerate(base.WEIGHT_CLASSES):
            params.update({f"lo{i}": low, f"hi{i}": high})
            classes.append(
                f"SELECT s.row_id FROM {self.postings} s WHERE s.app = :app AND s.user_id = :user AND s.term = u.t "
                f"AND s.tf BETWEEN :lo{i} AND :hi{i} AND {clause} ORDER BY s.tf DESC, s.len, s.row_id DESC LIMIT :depth"
            )
        return [
            # each class a walk of the postings' weight index that stops at ``depth``
            "wt AS MATERIALIZED (SELECT DISTINCT s.row_id FROM unnest(CAST(:q AS text[])) AS u(t) CROSS JOIN "
            f"LATERAL ({' UNION ALL '.join(f'({c})' for c in classes)}) s)",
            # a probe of each (term, row) (the postings' key), not a walk of
            # every posting of the terms to join them (OFFSET 0 keeps the
            # planner from flattening it into a hash join)
            "c AS (SELECT s.* FROM wt CROSS JOIN LATERAL (SELECT u.n, s.row_id, s.tf, s.len "
            f"FROM unnest(CAST(:q AS text[]), CAST(:qn AS int[])) AS u(t, n) JOIN {self.postings} s "
            "ON s.app = :app AND s.user_id = :user AND s.term = u.t AND s.row_id = wt.row_id OFFSET 0) s)",
        ]

    @staticmethod
    def _lexical(terms: list[str], rare: list[str], got: dict[str, list[Any]]) -> LexicalTop:
        """The ``LexicalTop`` of what ``_ranked_sql`` returned."""
        if not terms or not got["g"]:
            return NO_LEXICAL
        n, _, m = got["g"][0]
        if m[0] is None:  # no candidate
            return NO_LEXICAL
        scored = rare or terms  # past the window the rare terms alone; with none, each term's weightiest rows
        df = {t: int(d) for t, d in zip(terms, m[2:]) if t in scored}
        hits = [(int(r), float(v)) for r, v, _ in got["h"]]
        dropped = frozenset(t for t in terms if t not in scored)
        return LexicalTop(hits, df, int(n), int(m[0]) if rare else 0, dropped)

    def row_count(self, conn: Connection, owner: Owner, item_types: Sequence[str]) -> int:
        sql = f"SELECT {self._row_count()}"
        params = {"app": owner.app, "user": owner.user_id, "types": list(item_types)}
        return int(conn.execute(text(sql), params).scalar_one())

    def _row_count(self) -> str:
        """The owner's rows of the ``:types`` item types (an SQL expression),
        from the counts the triggers keep."""
        return (
            f"(SELECT coalesce(sum(rows), 0) FROM {self.counts} WHERE app = :app AND user_id = :user "
            "AND item_type = ANY(CAST(:types AS text[])))"
        )

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
        similar = [(row_id, 1.0 - dist) for row_id, dist in found]
        return [(row_id, sim) for row_id, sim in similar if sim >= min_similarity]

    def _nearest(
        self,
        conn: Connection,
        clause: str,
        params: dict[str, Any],
        limit: int,
        walked: list[tuple[int, float]] | None = None,
    ) -> list[tuple[int, float]]:
        """(row_id, distance) rows nearest first: HNSW (``walked``: the walk
        ``candidates`` already made at this width), then the exact scan if
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

        def rows(sql: Any) -> list[tuple[int, float]]:
            return [(int(r[0]), float(r[1])) for r in conn.execute(sql, params)]

        ef = _ef_search(limit)
        if walked is None:
            conn.execute(text(f"SET LOCAL hnsw.ef_search = {ef}"))
            walked = rows(walk)
        found = walked
        if len(found) >= limit:
            return found
        wide = min(HNSW_EF_SEARCH_MAX, max(HNSW_EF_SEARCH_WIDE, 2 * ef))
        if 2 * len(found) >= limit and wide > ef:
            conn.execute(text(f"SET LOCAL hnsw.ef_search = {wide}"))
            wider = rows(walk)
            if len(wider) >= limit or len(wider) <= len(found):
                return wider if len(wider) >= len(found) else found
        return rows(
            text(
                f"WITH c AS MATERIALIZED (SELECT row_id, embedding FROM {self.table} "
                f"WHERE app = :app AND user_id = :user AND {clause}) "
                "SELECT row_id, embedding <=> CAST(:v AS vector) AS d FROM c "
                "ORDER BY d, row_id LIMIT :n"
            )
        )


# What a posting copies besides its owner, term and row id (``index_candidates``):
# the term's count in the row and the row's length (BM25), and ``Filter``'s columns.
POSTED = ("tf", "len", "item_type", "kind", "recorded_at", "expired_at", "valid_from", "invalid_at")


def _ef_search(limit: int) -> int:
    """The HNSW search width for ``limit`` neighbours (see ``_nearest``)."""
    return min(HNSW_EF_SEARCH_MAX, max(HNSW_EF_SEARCH_MIN, limit + limit // 4))
