"""SQLite search index: FTS5 (Porter-stemmed BM25) and an exact cosine scan.

Why an exact scan instead of an ANN index: the embedded default serves one
process and typically thousands of rows per owner; a float32 matrix product
over the owner's rows is exact and has no index to maintain. The owner's
rows are kept in memory as arrays (LRU, bounded by the arrays' bytes,
``CACHE_MAX_BYTES`` unless the store is given another cap) and reloaded
only when the owner's newest row id moves, so a query costs one
indexed ``max(row_id)`` plus the matrix product. (``sqlite-vec`` would need
``enable_load_extension``, which the stock CPython build here lacks.)

The FTS5 table is an external-content index over the row table, kept in
sync by triggers, so a projection writes each row once.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from sqlalchemy import Connection, text

from ledgermind.domain.owner import Owner
from ledgermind.projections.search_store import base
from ledgermind.projections.search_store.base import (
    NO_LEXICAL,
    Filter,
    IndexStore,
    LexicalTop,
    backfill_terms,
    bm25_params,
)
from ledgermind.storage.dialects.sqlite import SQLITE

__all__ = ["SqliteIndexStore"]


# Owner arrays kept in memory, all owners together, in bytes (a row is 4 bytes
# per dimension plus ~41 of columns; 256 MiB is ~125k rows at 512-d). Bytes,
# not rows: an owner with one row still costs its arrays' fixed overhead.
CACHE_MAX_BYTES = 256 << 20
# A query vector with at most this share of non-zero features is multiplied
# feature by feature (``_OwnerRows.similarity``): one scaled column costs
# about what one column of the full product does (100,000 rows: ~0.09 against
# ~0.07 ms), so the two meet near a share of 0.8; half keeps a margin.
SPARSE_QUERY_SHARE = 0.5


class SqliteIndexStore(IndexStore):
    dialect = SQLITE.name

    def __init__(self, table: str, dimension: int, cache_bytes: int = CACHE_MAX_BYTES) -> None:
        super().__init__(table, dimension)
        self._lock = threading.Lock()
        self._cache: OrderedDict[tuple[str, str], _OwnerRows] = OrderedDict()
        self.cache_bytes = cache_bytes
        self._cached_bytes = 0

    @property
    def fts(self) -> str:
        return self.table + "_fts"

    def create_schema(self, conn: Connection) -> None:
        t = self.table
        statements = [
            f"""CREATE TABLE IF NOT EXISTS {t} (
                row_id INTEGER PRIMARY KEY, app TEXT NOT NULL, user_id TEXT NOT NULL,
                item_type TEXT NOT NULL, item_id TEXT NOT NULL, version INTEGER NOT NULL,
                kind TEXT NOT NULL, statement TEXT NOT NULL, lex_text TEXT NOT NULL,
                confidence REAL NOT NULL, valid_from REAL NOT NULL, invalid_at REAL,
                recorded_at REAL NOT NULL, expired_at REAL, session_id TEXT, seq INTEGER,
                sources TEXT NOT NULL, detail TEXT, embedding BLOB NOT NULL,
                terms TEXT NOT NULL DEFAULT '')""",
            f"CREATE INDEX IF NOT EXISTS {t}_owner ON {t} (app, user_id, item_type, expired_at)",
            f"CREATE INDEX IF NOT EXISTS {t}_item ON {t} (item_id, expired_at)",
            f"CREATE INDEX IF NOT EXISTS {t}_owner_head ON {t} (app, user_id, row_id)",
        ]
        for sql in statements:
            conn.execute(text(sql))
        self.index_terms(conn)

    def index_terms(self, conn: Connection) -> None:
        """The full-text index over the ``terms`` column (``text.lexical_terms``,
        cut before they are stored): FTS5's ``unicode61`` only splits them at
        the spaces, so SQLite matches exactly the rows PostgreSQL matches.
        Replaces the index over ``lex_text`` that FTS5's Porter stemmer cut,
        which databases made before this step still have. Idempotent."""
        t, f = self.table, self.fts
        old = conn.execute(text("SELECT sql FROM sqlite_master WHERE name = :f"), {"f": f}).scalar()
        if old is not None and "terms" in str(old):
            return
        columns = {r[1] for r in conn.execute(text(f"PRAGMA table_info({t})"))}
        if "terms" not in columns:
            conn.execute(text(f"ALTER TABLE {t} ADD COLUMN terms TEXT NOT NULL DEFAULT ''"))
        backfill_terms(conn, t)
        for sql in (
            f"DROP TRIGGER IF EXISTS {t}_ai",
            f"DROP TRIGGER IF EXISTS {t}_ad",
            f"DROP TABLE IF EXISTS {f}",
            f"""CREATE VIRTUAL TABLE {f} USING fts5(
                terms, content='{t}', content_rowid='row_id',
                tokenize='unicode61 remove_diacritics 0')""",
            f"""CREATE TRIGGER {t}_ai AFTER INSERT ON {t} BEGIN
                INSERT INTO {f}(rowid, terms) VALUES (new.row_id, new.terms); END""",
            f"""CREATE TRIGGER {t}_ad AFTER DELETE ON {t} BEGIN
                INSERT INTO {f}({f}, rowid, terms) VALUES ('delete', old.row_id, old.terms); END""",
            f"INSERT INTO {f}({f}) VALUES ('rebuild')",
        ):
            conn.execute(text(sql))

    def index_postings(self, conn: Connection) -> None:
        """Nothing to do: SQLite has no row-security policies, and FTS5 is
        the lexical index."""

    @property
    def deletes(self) -> str:
        return self.table + "_deletes"

    def index_deletes(self, conn: Connection) -> None:
        """A count of the rows ever deleted from the index (one row, no owner:
        it says nothing about anyone), raised by a trigger: with the owner's
        newest row id it tells ``_owner_matrix`` whether the owner's arrays
        are still the rows, where counting the owner's rows took ~40 ms a
        query at 100,000 rows. Any deletion reloads every owner's arrays on
        their next query; deletions (forget, erasure) are rare. Idempotent."""
        t, d = self.table, self.deletes
        for sql in (
            f"CREATE TABLE IF NOT EXISTS {d} (n INTEGER NOT NULL)",
            f"INSERT INTO {d} (n) SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM {d})",
            f"CREATE TRIGGER IF NOT EXISTS {t}_deleted AFTER DELETE ON {t} BEGIN UPDATE {d} SET n = n + 1; END",
        ):
            conn.execute(text(sql))

    @property
    def cover(self) -> str:
        return self.table + "_lex"

    def index_candidates(self, conn: Connection) -> None:
        """An index holding, by row id, every column the lexical candidates
        are filtered and ranked on (owner, visibility, terms): the join from
        FTS5's row ids reads it instead of the rows, whose embedding (2 KB at
        512 dimensions) puts about one row on a page. At 100,000 rows it
        halved reading 2,000 candidates (16 to 8 ms p50). Idempotent."""
        conn.execute(
            text(
                f"CREATE INDEX IF NOT EXISTS {self.cover} ON {self.table} (row_id, app, user_id, item_type, kind, "
                "recorded_at, expired_at, valid_from, invalid_at, terms)"
            )
        )

    @property
    def weights(self) -> str:
        return self.table + "_weights"

    def index_weights(self, conn: Connection) -> None:
        """Each row's terms with how often each is in it and the row's
        length, indexed per owner and term in the order a term weighs in its
        rows (``IndexStore.weighty_docs``), so a query of only common terms
        reads each term's best ``depth`` visible rows of each count and
        stops (``_lexical_top``),
        where it read the newest 2,000 of FTS5's. Kept by triggers on the
        rows (a row's terms and length never change; visibility is read from
        the row), its terms split by ``json_each`` over the stored terms
        (stems and CJK bigrams, one space apart); filled for the rows
        indexed before it. The table holds the owner's columns, so an
        erasure purges it like every owner table. Idempotent."""
        t, w = self.table, self.weights
        if conn.execute(text("SELECT 1 FROM sqlite_master WHERE name = :w"), {"w": w}).first():
            return

        def weighed(alias: str) -> str:  # a row's (owner, term, count, length, row id) rows
            return (
                f"SELECT {alias}.app, {alias}.user_id, x.value, count(*), "
                f"{_LENGTH.replace('terms', alias + '.terms')}, {alias}.row_id FROM {_split_terms(alias)} x "
                f"WHERE x.value <> '' GROUP BY {alias}.row_id, x.value"
            )

        for sql in (
            f"""CREATE TABLE {w} (app TEXT NOT NULL, user_id TEXT NOT NULL, term TEXT NOT NULL,
                tf INTEGER NOT NULL, len INTEGER NOT NULL, row_id INTEGER NOT NULL)""",
            f"CREATE INDEX {w}_order ON {w} (app, user_id, term, tf DESC, len, row_id DESC)",
            f"CREATE INDEX {w}_row ON {w} (row_id)",
            f"CREATE TRIGGER {t}_weigh AFTER INSERT ON {t} WHEN new.terms <> '' BEGIN "
            f"INSERT INTO {w} (app, user_id, term, tf, len, row_id) {weighed('new')}; END",
            f"CREATE TRIGGER {t}_unweigh AFTER DELETE ON {t} BEGIN DELETE FROM {w} WHERE row_id = old.row_id; END",
            f"INSERT INTO {w} (app, user_id, term, tf, len, row_id) {weighed('i').replace(' FROM ', f' FROM {t} i, ', 1)}",
        ):
            conn.execute(text(sql))

    def drop_schema(self, conn: Connection) -> None:
        conn.execute(text(f"DROP TABLE IF EXISTS {self.weights}"))
        conn.execute(text(f"DROP TABLE IF EXISTS {self.deletes}"))
        conn.execute(text(f"DROP TABLE IF EXISTS {self.fts}"))
        conn.execute(text(f"DROP TABLE IF EXISTS {self.table}"))

    def encode_vector(self, vector: np.ndarray) -> bytes:
        return np.asarray(vector, dtype=np.float32).tobytes()

    def decode_vector(self, stored: Any) -> np.ndarray:
        return np.frombuffer(stored, dtype=np.float32)

    def term_docs(
        self, conn: Connection, owner: Owner, terms: Sequence[str], flt: Filter, limit: int
    ) -> list[tuple[int, str]]:
        sql, params = self._term_rows(owner, terms, flt, limit)
        return [(int(r[0]), str(r[1])) for r in conn.execute(text(sql), params)]

    def _term_rows(self, owner: Owner, terms: Sequence[str], flt: Filter, limit: int) -> tuple[str, dict[str, Any]]:
        """``term_docs`` as a query (row_id, terms) and its parameters."""
        clause, params = flt.sql("i")
        params.update(app=owner.app, user=owner.user_id, q=_match(terms), n=limit)
        # CROSS JOIN keeps FTS5 the outer loop: the planner may otherwise walk
        # the owner's rows and run the full-text query once per row
        sql = (
            f"SELECT i.row_id AS row_id, i.terms AS terms FROM {self.fts} CROSS JOIN {self.table} i "
            f"INDEXED BY {self.cover} ON i.row_id = {self.fts}.rowid WHERE i.app = :app AND i.user_id = :user "
            f"AND {self.fts} MATCH :q AND {clause} ORDER BY {self.fts}.rowid DESC LIMIT :n"
        )
        return sql, params

    def term_counts(
        self, conn: Connection, owner: Owner, terms: Sequence[str], flt: Filter, cap: int
    ) -> dict[str, int]:
        """Counted by FTS5 itself, stopping at ``cap``: first among all rows (a
        doclist count, no row reads, so a term rare in the table costs just
        that), then among the owner's visible rows."""
        clause, params = flt.sql("i")
        params.update(app=owner.app, user=owner.user_id, cap=cap)
        counts: dict[str, int] = {}
        for term in dict.fromkeys(terms):
            for sql in (
                f"SELECT count(*) FROM (SELECT rowid FROM {self.fts} WHERE {self.fts} MATCH :q LIMIT :cap)",
                (
                    f"SELECT count(*) FROM (SELECT {self.fts}.rowid FROM {self.fts} "
                    f"CROSS JOIN {self.table} i INDEXED BY {self.cover} ON i.row_id = {self.fts}.rowid "
                    f"WHERE i.app = :app AND i.user_id = :user AND {self.fts} MATCH :q AND {clause} LIMIT :cap)"
                ),
            ):
                counts[term] = int(conn.execute(text(sql), {**params, "q": _match([term])}).scalar_one())
                if counts[term] < cap:
                    break
        return counts

    def row_count(self, conn: Connection, owner: Owner, item_types: Sequence[str]) -> int:
        marks = ", ".join(f":t{i}" for i in range(len(item_types)))
        params: dict[str, Any] = {f"t{i}": t for i, t in enumerate(item_types)}
        params.update(app=owner.app, user=owner.user_id)
        sql = f"SELECT count(*) FROM {self.table} WHERE app = :app AND user_id = :user AND item_type IN ({marks})"
        return int(conn.execute(text(sql), params).scalar_one())

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
        """The dense list from the owner's arrays, then the lexical top
        ranked by SQLite (``_lexical_top``), with BM25's N taken from those
        arrays (fresh: reloaded when the owner's rows change) instead of
        counting the owner's rows a second time."""
        terms = list(dict.fromkeys(terms))  # a repeated query term counts once, as in BM25
        if not terms and vector is None:
            return NO_LEXICAL, []
        owned = self._owner_matrix(conn, owner)
        rows = 0 if owned is None else owned.count(flt.item_types)
        dense = [] if vector is None else self._dense(owned, vector, flt, limit, min_similarity)
        return self._lexical_top(conn, owner, terms, flt, rows, limit), dense

    def _lexical_top(
        self, conn: Connection, owner: Owner, terms: Sequence[str], flt: Filter, rows: int, depth: int
    ) -> LexicalTop:
        """``IndexStore.matches``'s candidates, ranked by BM25 in one SQL
        statement (``_ranked``). How many rows hold a term is counted first
        (no row is read for it): past the match window, the per-term counts
        choose the candidates as ``matches`` does (the rare terms' rows, or
        with none each term's weightiest), so the candidates are ranked once."""
        if not terms:
            return NO_LEXICAL
        window = base.MATCH_WINDOW
        scored, limit, dropped, weighed = list(terms), window + 1, frozenset[str](), False
        source, params = self._term_rows(owner, scored, flt, limit)
        if int(conn.execute(text(f"SELECT count(*) FROM ({source})"), params).scalar_one()) > window:
            counts = self.term_counts(conn, owner, terms, flt, window + 1)
            rare = [t for t in terms if counts.get(t, 0) <= window]
            if rare:
                scored, limit = rare, window * len(rare)
                dropped = frozenset(t for t in terms if t not in rare)
            else:
                weighed = True  # each term's weightiest rows
        if weighed:
            source, params = self._weighty_rows(owner, scored, flt, depth)
        else:
            source, params = self._term_rows(owner, scored, flt, limit)
        top = self._ranked(conn, scored, source, params, rows, depth)
        if not top.hits:
            return NO_LEXICAL
        return LexicalTop(top.hits, top.df, top.corpus_rows, 0 if weighed else top.first_row, dropped)

    def _weighty_rows(self, owner: Owner, terms: Sequence[str], flt: Filter, depth: int) -> tuple[str, dict[str, Any]]:
        """(row_id, terms) of each term's weightiest visible rows
        (``IndexStore.weighty_docs``) as a query, and its parameters: for
        each count of the term a walk of its weights in order
        (``index_weights``), every row joined to its filter columns,
        stopping at ``depth``."""
        clause, params = flt.sql("i")
        params.update(app=owner.app, user=owner.user_id, depth=depth)
        arms = []
        for k, term in enumerate(terms):
            params[f"wt{k}"] = term
            for i, (low, high) in enumerate(base.WEIGHT_CLASSES):
                params.update({f"lo{i}": low, f"hi{i}": high})
                arms.append(
                    f"SELECT * FROM (SELECT i.row_id AS row_id, i.terms AS terms FROM {self.weights} p CROSS JOIN "
                    f"{self.table} i INDEXED BY {self.cover} ON i.row_id = p.row_id WHERE p.app = :app "
                    f"AND p.user_id = :user AND p.term = :wt{k} AND p.tf BETWEEN :lo{i} AND :hi{i} "
                    f"AND i.app = :app AND i.user_id = :user AND {clause} "
                    "ORDER BY p.tf DESC, p.len, p.row_id DESC LIMIT :depth)"
                )
        return " UNION ".join(arms), params

    def _ranked(
        self, conn: Connection, terms: list[str], source: str, params: dict[str, Any], rows: int, depth: int
    ) -> LexicalTop:
        """The candidates of ``source`` (row_id, terms: ``_term_rows`` or
        ``_weighty_rows``, with its ``params``) ranked by BM25 with ``rows``
        as the owner's N: the candidates are read once
        (``c``: each row's length and count of each term), their statistics
        (``g``) and IDFs (``w``) taken from them, then the top ``depth``
        scored; one more row of the result carries the statistics."""
        params.update(bm25_params(), rows=rows, depth=depth)
        fs, held, dfs, idfs, parts = [], [], [], [], []
        for i, term in enumerate(terms):
            params.update({f"tp{i}": f" {term} ", f"tw{i}": len(term) + 2})
            # the occurrences of a term the row holds: its terms with every
            # space doubled, so that each stands between its own two spaces
            fs.append(
                f"CASE WHEN instr(' ' || terms || ' ', :tp{i}) = 0 THEN 0 ELSE (length(d) - "
                f"length(replace(d, :tp{i}, ''))) / :tw{i} END AS f{i}"
            )
            held.append(f"f{i}")
            dfs.append(f"sum(f{i} > 0) AS d{i}")
            idfs.append(f"ln(:one + (CAST(n - d{i} AS REAL) + :half) / (CAST(d{i} AS REAL) + :half)) AS i{i}")
            parts.append(
                f"CASE WHEN f{i} > 0 THEN i{i} * f{i} * :k1p1 / (f{i} + :k1 * (:b1 + :b * len / avgdl)) ELSE 0.0 END"
            )
        nulls = ", ".join(["NULL"] * (3 + len(terms)))
        sql = (
            f"WITH c AS MATERIALIZED (SELECT row_id, {_LENGTH} AS len, {', '.join(fs)} FROM (SELECT row_id, terms, "
            f"' ' || replace(terms, ' ', '  ') || ' ' AS d FROM ({source}))), "
            f"g AS MATERIALIZED (SELECT count(*) AS m, sum(len) AS total, min(row_id) AS first, {', '.join(dfs)} "
            "FROM c), "
            f"w AS MATERIALIZED (SELECT max(:rows, m) AS n, CAST(total AS REAL) / m AS avgdl, "
            f"{', '.join(f'd{i}' for i in range(len(terms)))} FROM g WHERE m > 0), "
            f"v AS MATERIALIZED (SELECT n, avgdl, {', '.join(idfs)} FROM w) "
            f"SELECT * FROM (SELECT row_id, 0.0 + {' + '.join(parts)} AS score, {nulls} FROM c, v "
            f"WHERE {' + '.join(held)} > 0 ORDER BY score DESC, row_id DESC LIMIT :depth) "
            f"UNION ALL SELECT NULL, NULL, m, max(:rows, m), first, {', '.join(f'd{i}' for i in range(len(terms)))} "
            "FROM g"
        )
        hits: list[tuple[int, float]] = []
        stats: Any = None
        for r in conn.execute(text(sql), params):
            if r[0] is None:
                stats = r
            else:
                hits.append((int(r[0]), float(r[1])))
        if not stats[2]:
            return NO_LEXICAL
        df = {t: int(stats[5 + i]) for i, t in enumerate(terms)}
        return LexicalTop(hits, df, int(stats[3]), int(stats[4]))

    def dense(
        self,
        conn: Connection,
        owner: Owner,
        vector: np.ndarray,
        flt: Filter,
        limit: int,
        min_similarity: float = -1.0,
    ) -> list[tuple[int, float]]:
        return self._dense(self._owner_matrix(conn, owner), vector, flt, limit, min_similarity)

    @staticmethod
    def _dense(
        owned: _OwnerRows | None, vector: np.ndarray, flt: Filter, limit: int, min_similarity: float
    ) -> list[tuple[int, float]]:
        if owned is None:
            return []
        mask = owned.visible(flt)
        if not mask.any():
            return []
        scores = owned.similarity(vector)  # every row's, then masked: no masked copy of the matrix
        ids, scores = owned.ids[mask], scores[mask]
        n = min(limit, len(ids))
        top = np.argpartition(-scores, n - 1)[:n]
        top = top[np.argsort(-scores[top], kind="stable")]
        return [(int(ids[i]), float(scores[i])) for i in top if scores[i] >= min_similarity]

    def _owner_matrix(self, conn: Connection, owner: Owner) -> _OwnerRows | None:
        """The owner's rows as arrays, reloaded when the owner's newest row id or
        the index's count of deleted rows (``index_deletes``) changes: every
        fold write either inserts a row (a new version, or the one that
        replaces an expired version) or deletes rows (forgotten, erased), so a
        purged vector does not outlive the next query."""
        newest, deleted = conn.execute(
            text(
                f"SELECT (SELECT max(row_id) FROM {self.table} WHERE app = :app AND user_id = :user), "
                f"(SELECT n FROM {self.deletes})"
            ),
            {"app": owner.app, "user": owner.user_id},
        ).one()
        if newest is None:
            return None
        head = (int(newest), int(deleted))
        key = (owner.app, owner.user_id)
        with self._lock:
            cached = self._cache.get(key)
            if cached is not None and cached.head == head:
                self._cache.move_to_end(key)
                return cached
        rows = conn.execute(
            text(
                "SELECT row_id, item_type, kind, valid_from, invalid_at, recorded_at, expired_at, "
                f"embedding FROM {self.table} WHERE app = :app AND user_id = :user"
            ),
            {"app": owner.app, "user": owner.user_id},
        ).all()
        loaded = _OwnerRows.load(head, rows, self.dimension)
        with self._lock:
            replaced = self._cache.pop(key, None)
            if replaced is not None:
                self._cached_bytes -= replaced.nbytes
            self._cache[key] = loaded
            self._cached_bytes += loaded.nbytes
            # the newest stays even past the cap: one owner bigger than the cap
            # would otherwise reload its whole matrix at every query
            while self._cached_bytes > self.cache_bytes and len(self._cache) > 1:
                _, evicted = self._cache.popitem(last=False)
                self._cached_bytes -= evicted.nbytes
        return loaded

    def cache_usage(self) -> tuple[int, int]:
        """(owners whose arrays are held, their bytes)."""
        with self._lock:
            return len(self._cache), self._cached_bytes


# a row's number of terms (``str.split``): they are stored one space apart
_LENGTH = "length(terms) - length(replace(terms, ' ', '')) + 1"


def _split_terms(alias: str) -> str:
    """The stored terms of row ``alias`` as a table (``json_each`` of them
    made a JSON array: backslashes and quotes escaped, each space a
    separator)."""
    escaped = f"replace(replace({alias}.terms, '\\', '\\\\'), '\"', '\\\"')"
    return f"""json_each('["' || replace({escaped}, ' ', '","') || '"]')"""


def _match(terms: Sequence[str]) -> str:
    """An FTS5 query for any of ``terms``, each as a string (no operator or
    column filter can leak in)."""
    return " OR ".join('"' + term.replace('"', '""') + '"' for term in terms)


class _OwnerRows:
    """One owner's index rows as column arrays (NULL times as NaN)."""

    __slots__ = (
        "codes",
        "columns",
        "expired_at",
        "head",
        "ids",
        "invalid_at",
        "is_message",
        "kind",
        "nbytes",
        "recorded_at",
        "valid_from",
    )

    OVERHEAD = 2048  # the object, nine array headers, ``codes``: counted per owner

    head: tuple[int, int]  # (newest row id, rows deleted from the index) when loaded
    ids: npt.NDArray[np.int64]
    is_message: npt.NDArray[np.bool_]
    codes: dict[str, int]  # kind -> code in ``kind``
    kind: npt.NDArray[np.int16]
    valid_from: npt.NDArray[np.float64]
    invalid_at: npt.NDArray[np.float64]
    recorded_at: npt.NDArray[np.float64]
    expired_at: npt.NDArray[np.float64]
    columns: npt.NDArray[np.float32]  # dimension x rows: one feature's values over the rows, contiguous
    nbytes: int  # what the cache counts for this owner

    @classmethod
    def load(cls, head: tuple[int, int], rows: Sequence[Any], dimension: int) -> _OwnerRows:
        self = cls()
        self.head = head
        n = len(rows)
        self.ids = np.fromiter((r[0] for r in rows), dtype=np.int64, count=n)
        self.is_message = np.fromiter((r[1] == "message" for r in rows), dtype=bool, count=n)
        self.codes = {}
        self.kind = np.fromiter((self.codes.setdefault(r[2], len(self.codes)) for r in rows), dtype=np.int16, count=n)

        def times(i: int) -> npt.NDArray[np.float64]:
            return np.array([np.nan if r[i] is None else r[i] for r in rows], dtype=np.float64)

        self.valid_from, self.invalid_at = times(3), times(4)
        self.recorded_at, self.expired_at = times(5), times(6)
        matrix = np.frombuffer(b"".join(r[7] for r in rows), dtype=np.float32).reshape(n, dimension)
        self.columns = np.ascontiguousarray(matrix.T)
        arrays = (
            self.ids,
            self.is_message,
            self.kind,
            self.valid_from,
            self.invalid_at,
            self.recorded_at,
            self.expired_at,
            self.columns,
        )
        self.nbytes = cls.OVERHEAD + sum(a.nbytes for a in arrays)
        return self

    def similarity(self, vector: np.ndarray) -> npt.NDArray[np.float32]:
        """Every row's dot product with ``vector`` (the rows are unit vectors:
        their cosine).

        Why by feature: a query's vector is often mostly zeros (the hashing
        embedder gives a question of a few words ~14 non-zero features of
        512), and only those features' columns can add anything, so the
        product reads those columns alone (a scaled column added per
        feature): at 100,000 rows ~1 ms, against ~36 ms for the full matrix
        product, which reads every value. A dense vector (MiniLM's) takes
        the one matrix product. Both sum the same products, in another order
        only (results equal to float32 rounding)."""
        query = np.asarray(vector, dtype=np.float32)
        features = np.flatnonzero(query)
        if len(features) > len(query) * SPARSE_QUERY_SHARE:
            return query @ self.columns
        scores = np.zeros(self.columns.shape[1], dtype=np.float32)
        step = np.empty_like(scores)
        for j in features:
            np.multiply(self.columns[j], query[j], out=step)
            scores += step
        return scores

    def count(self, item_types: Sequence[str]) -> int:
        """The rows of these item types, every version (``row_count``)."""
        messages = int(self.is_message.sum())
        return ("message" in item_types) * messages + ("memory" in item_types) * (len(self.ids) - messages)

    def visible(self, flt: Filter) -> npt.NDArray[np.bool_]:
        """``Filter.sql`` in numpy (a comparison with NaN is False: NULL = open)."""
        kt, at = flt.point.known_at, flt.point.as_of
        mask = (self.recorded_at <= kt) & ~(self.expired_at <= kt)
        mask &= (self.valid_from <= at) & ~(self.invalid_at <= at)
        if "message" not in flt.item_types:
            mask &= ~self.is_message
        if "memory" not in flt.item_types:
            mask &= self.is_message
        if flt.kinds is not None:
            wanted = [self.codes[k] for k in flt.kinds if k in self.codes]
            mask &= np.isin(self.kind, wanted) | self.is_message
        return mask
