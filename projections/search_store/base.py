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

import math
import re
from abc import ABC, abstractmethod
from collections.abc import Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import orjson
from sqlalchemy import Connection, text

from ledgermind.analysis.text import stored_terms
from ledgermind.domain.errors import StoreError
from ledgermind.domain.owner import Owner
from ledgermind.projections.search_store.records import IndexRow, TimePoint
from ledgermind.storage.driver_errors import driver_errors

__all__ = [
    "BM25_B",
    "BM25_K1",
    "DEFAULT_DEPTH",
    "MATCH_WINDOW",
    "NO_LEXICAL",
    "ROW_COLUMNS",
    "WEIGHT_CLASSES",
    "Filter",
    "IndexStore",
    "LexicalTop",
    "TermMatches",
    "bm25_params",
    "idf",
    "sql_errors",
    "term_count",
]

ROW_COLUMNS = (
    "app", "user_id", "item_type", "item_id", "version", "kind", "statement", "lex_text", "terms",
    "confidence", "valid_from", "invalid_at", "recorded_at", "expired_at", "session_id", "seq",
    "sources", "detail", "embedding",
)  # fmt: skip
_SELECT = (
    "row_id, app, user_id, item_type, item_id, kind, statement, confidence, valid_from, invalid_at, "
    "recorded_at, sources, terms, detail"
)
_IDENT = re.compile(r"^[a-z][a-z0-9_]{0,50}$")
MATCH_WINDOW = 2000  # an owner's rows holding one query term ranked in full at most; see matches()
# the lexical depth a search asks for at k = 10 (``retrieval.search``): what
# ``matches`` takes per term past the window when no depth is given
DEFAULT_DEPTH = 50
# a term's rows by how often they hold it (``weighty_docs``): once, twice, more
WEIGHT_CLASSES = ((1, 1), (2, 2), (3, 1 << 30))
# Okapi BM25's k1 and b (the textbook defaults; not tuned here): the index
# ranks its lexical candidates with them (``LexicalTop``), and
# ``retrieval.lexical.bm25``, the reference, with the same.
BM25_K1 = 1.2
BM25_B = 0.75


def idf(rows: int, df: int) -> float:
    """The Lucene IDF, ``ln(1 + (N - df + 0.5) / (df + 0.5))``."""
    return math.log(1.0 + (rows - df + 0.5) / (df + 0.5))


def bm25_params() -> dict[str, float]:
    """The bound constants of the SQL that ranks by BM25 (``:k1``, ``:k1p1``,
    ``:b``, ``:b1``, ``:one``, ``:half``): the SQL spells the reference's
    arithmetic in the reference's order, ``ln(1 + (N - df + 0.5) / (df + 0.5))``
    and ``idf * f * (k1 + 1) / (f + k1 * (1 - b + b * len / avgdl))``, on the
    same doubles, so both backends give the reference's scores."""
    return {"k1": BM25_K1, "k1p1": BM25_K1 + 1.0, "b": BM25_B, "b1": 1.0 - BM25_B, "one": 1.0, "half": 0.5}


@dataclass(frozen=True, slots=True)
class TermMatches:
    """The lexical candidates of a query, for BM25 (``retrieval.lexical``).

    ``docs``: (row id, the row's terms joined by spaces), newest row first;
    ``corpus_rows``: the owner's rows of the queried item types (BM25's N);
    ``dropped``: query terms left out because more than ``MATCH_WINDOW`` of
    the owner's rows hold them (BM25 weighs them near zero anyway);
    ``weighed``: the docs are each term's rows where it weighs most
    (``weighty_docs``), not every row holding a term nor the newest: then a
    visible row holding a term that is not among them still covers it."""

    docs: list[tuple[int, str]]
    corpus_rows: int
    dropped: frozenset[str] = frozenset()
    weighed: bool = False


@dataclass(frozen=True, slots=True)
class LexicalTop:
    """The lexical list of a query, ranked in the database: BM25 over the
    candidates ``matches`` would gather, with this owner's statistics
    (``retrieval.lexical.bm25`` is the reference it is tested against), so
    only the top rows leave the database instead of every candidate's terms.

    ``hits``: (row id, BM25 score), best first (ties: the newer row first),
    at most the depth asked; ``df``: each scored query term's document
    frequency among the candidates; ``corpus_rows``: BM25's N (the owner's
    rows of the queried types, at least the candidates); ``first_row``: the
    oldest candidate's row id (None: no candidate): a visible row older than
    it is not a candidate, a newer one holding a scored term is;
    ``dropped``: query terms not scored (``TermMatches.dropped``). With these
    ``retrieval.lexical`` weighs any other row (its coverage) from its terms."""

    hits: list[tuple[int, float]]
    df: dict[str, int]
    corpus_rows: int
    first_row: int | None
    dropped: frozenset[str] = frozenset()


NO_LEXICAL = LexicalTop([], {}, 0, None)


def sql_errors() -> AbstractContextManager[None]:
    """SQLAlchemy / driver errors leave the index only as ``StoreError``s
    (``ledgermind.storage.driver_errors``)."""
    return driver_errors("search index")


class Filter:
    """Which rows a query may see, besides the owner: item types, kinds, time point."""

    __slots__ = ("item_types", "kinds", "point")

    def __init__(self, point: TimePoint, item_types: Sequence[str], kinds: Sequence[str] | None = None) -> None:
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

    dialect: ClassVar[str]  # the backend it is for: a ``ledgermind.storage.dialects`` name

    vector_param = ":embedding"  # how an INSERT binds the dense column
    terms_param = ":terms"  # how an INSERT binds the lexical terms

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

    @abstractmethod
    def index_terms(self, conn: Connection) -> None:
        """Makes the ``terms`` column the lexical index (a migration step for
        tables made before it; nothing to do on a new table)."""

    @abstractmethod
    def index_postings(self, conn: Connection) -> None:
        """Makes the lexical index usable under row-security policies (a
        migration step: PostgreSQL's postings table)."""

    @abstractmethod
    def index_deletes(self, conn: Connection) -> None:
        """Lets a reader see that rows were deleted without counting the
        owner's rows (a migration step; SQLite's owner arrays need it,
        nothing to do on PostgreSQL)."""

    @abstractmethod
    def index_candidates(self, conn: Connection) -> None:
        """Lets the lexical candidates be found and ranked without reading
        their rows, which carry the embedding (a migration step)."""

    @abstractmethod
    def index_weights(self, conn: Connection) -> None:
        """Lets each term's rows be read where it weighs most first
        (``weighty_docs``; a migration step)."""

    # --- dialect-specific queries ------------------------------------------------

    @abstractmethod
    def encode_vector(self, vector: np.ndarray) -> Any: ...

    @abstractmethod
    def decode_vector(self, stored: Any) -> np.ndarray: ...

    @abstractmethod
    def term_docs(
        self, conn: Connection, owner: Owner, terms: Sequence[str], flt: Filter, limit: int
    ) -> list[tuple[int, str]]:
        """(row id, terms) of the owner's visible rows holding any of ``terms``,
        newest first, at most ``limit``."""

    @abstractmethod
    def term_counts(
        self, conn: Connection, owner: Owner, terms: Sequence[str], flt: Filter, cap: int
    ) -> dict[str, int]:
        """How many of the owner's visible rows hold each term, counting no further than ``cap``."""

    @abstractmethod
    def row_count(self, conn: Connection, owner: Owner, item_types: Sequence[str]) -> int:
        """The owner's rows of these item types, every version."""

    def matches(
        self, conn: Connection, owner: Owner, terms: Sequence[str], flt: Filter, depth: int = DEFAULT_DEPTH
    ) -> TermMatches:
        """The rows BM25 ranks for ``terms``: every visible row of the owner
        holding one of them, unless that is more than ``MATCH_WINDOW``.

        Why bounded: ranking reads every candidate's terms, so a query of
        words in half of a 100k-row store would read 50k rows. Past the window,
        a term that more than ``MATCH_WINDOW`` of the owner's visible rows hold is
        dropped while the query has rarer terms (its IDF is near zero, and the
        rarer terms are ranked in full, as an unbounded query would); a query
        made only of such terms ranks each term's weightiest visible rows
        (``weighty_docs``: for each count of the term in a row, the ``depth``
        shortest), where BM25 over all of its rows finds its best, read
        first from an index in that order, so the cost follows the depth
        asked, not how many rows hold the term.
        An owner with fewer matches than the window (every LoCoMo
        conversation) is ranked unbounded, in one statement. This is the
        reference the stores' ``candidates`` are tested against."""
        if not terms:
            return TermMatches([], 0)
        return self._matches(conn, owner, terms, flt, self.row_count(conn, owner, flt.item_types), depth)

    def _matches(
        self, conn: Connection, owner: Owner, terms: Sequence[str], flt: Filter, rows: int, depth: int
    ) -> TermMatches:
        """``matches`` for an owner with ``rows`` rows of the item types (BM25's N)."""
        docs = self.term_docs(conn, owner, terms, flt, MATCH_WINDOW + 1)
        if len(docs) <= MATCH_WINDOW:
            return TermMatches(docs, rows)
        counts = self.term_counts(conn, owner, terms, flt, MATCH_WINDOW + 1)
        rare = [t for t in terms if counts.get(t, 0) <= MATCH_WINDOW]
        if not rare:
            return TermMatches(self.weighty_docs(conn, owner, terms, flt, depth), rows, weighed=True)
        kept = self.term_docs(conn, owner, rare, flt, MATCH_WINDOW * len(rare))
        return TermMatches(kept, rows, frozenset(t for t in terms if t not in rare))

    def weighty_docs(
        self, conn: Connection, owner: Owner, terms: Sequence[str], flt: Filter, depth: int
    ) -> list[tuple[int, str]]:
        """(row id, terms) of each term's weightiest visible rows of the
        owner, newest first: for each count of the term in a row (once,
        twice, three times or more: ``WEIGHT_CLASSES``) the ``depth`` rows
        holding it that often, the shortest first, ties the newest first
        (three times or more: the highest count first). Why by count, then
        length: BM25's term part grows with the count and falls with the
        length, and how a count trades against a length depends on the
        average length, which is the candidates' own; within one count the
        shortest rows are its best whatever that average. The reference,
        reading every row holding a term; the stores' ``candidates`` read
        them from an index in this order (``index_weights``)."""
        found: dict[int, str] = {}
        for term in dict.fromkeys(terms):
            held = [
                (row_id, row, term_count(term, row))
                for row_id, row in self.term_docs(conn, owner, [term], flt, 1 << 62)
            ]
            for low, high in WEIGHT_CLASSES:
                ranked = sorted(
                    ((c, n, row_id, row) for row_id, row, (c, n) in held if low <= c <= high),
                    key=lambda x: (-x[0], x[1], -x[2]),
                )
                found.update((row_id, row) for _, _, row_id, row in ranked[:depth])
        return sorted(found.items(), reverse=True)

    @abstractmethod
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
        """Both candidate lists of a hybrid query: the top ``limit`` of the
        lexical list (BM25 over ``matches(terms)``, ranked in the database)
        and ``dense(vector, limit)`` (none when ``vector`` is None)."""

    @abstractmethod
    def dense(
        self,
        conn: Connection,
        owner: Owner,
        vector: np.ndarray,
        flt: Filter,
        limit: int,
        min_similarity: float = -1.0,
    ) -> list[tuple[int, float]]:
        """(row id, cosine similarity to ``vector``) best first, at least ``min_similarity``."""

    # --- shared reads -------------------------------------------------------------

    def fetch(self, conn: Connection, owner: Owner, row_ids: Sequence[int]) -> dict[int, IndexRow]:
        if not row_ids:
            return {}
        marks = ", ".join(f":r{i}" for i in range(len(row_ids)))
        params: dict[str, Any] = {f"r{i}": int(r) for i, r in enumerate(row_ids)}
        params.update(app=owner.app, user=owner.user_id)
        rows = conn.execute(
            text(f"SELECT {_SELECT} FROM {self.table} WHERE app = :app AND user_id = :user AND row_id IN ({marks})"),
            params,
        )
        return {r.row_id: _row(r) for r in rows}

    def citing(
        self,
        conn: Connection,
        owner: Owner,
        session_ids: Sequence[str],
        known_at: float,
        invalidated_only: bool = False,
    ) -> list[tuple[IndexRow, str | None]]:
        """The owner's belief versions known at ``known_at`` (any valid time)
        whose sources name one of these sessions, each with the belief that
        superseded it (None when none did); only those with an end of valid
        time when ``invalidated_only``. A text match on the sources' JSON:
        the caller reads the cited turns from ``IndexRow.sources``."""
        if not session_ids:
            return []
        likes = " OR ".join(f"sources LIKE :s{i}" for i in range(len(session_ids)))
        params: dict[str, Any] = {f"s{i}": f"%{sid}%" for i, sid in enumerate(session_ids)}
        params.update(app=owner.app, user=owner.user_id, kt=known_at)
        rows = conn.execute(
            text(
                f"SELECT {_SELECT} FROM {self.table} WHERE app = :app AND user_id = :user "
                "AND item_type = 'memory' AND recorded_at <= :kt AND (expired_at IS NULL OR expired_at > :kt) "
                f"{'AND invalid_at IS NOT NULL ' if invalidated_only else ''}AND ({likes})"
            ),
            params,
        )
        return [(_row(r), orjson.loads(r.detail or "{}").get("superseded_by")) for r in rows]

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
            text(f"SELECT item_id, statement FROM {self.table} WHERE item_id IN ({marks}) AND item_type = 'message'"),
            {f"m{i}": m for i, m in enumerate(item_ids)},
        )
        return {r.item_id: r.statement for r in rows}

    def insert(self, conn: Connection, rows: Sequence[dict[str, Any]]) -> None:
        if not rows:
            return
        cols = ", ".join(ROW_COLUMNS)
        bind = {"embedding": self.vector_param, "terms": self.terms_param}
        marks = ", ".join(bind.get(c, f":{c}") for c in ROW_COLUMNS)
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


def term_count(term: str, terms: str) -> tuple[int, int]:
    """(how often ``term`` is in a row of these stored terms, the row's
    length): what ``weighty_docs`` orders a term's rows by."""
    split = terms.split()
    return split.count(term), len(split)


def backfill_terms(conn: Connection, table: str, batch: int = 1000) -> None:
    """Fills the ``terms`` column of rows indexed before it existed (a
    migration step; ``text.stored_terms`` of each row's ``lex_text``)."""
    while True:
        rows = conn.execute(
            text(f"SELECT row_id, lex_text FROM {table} WHERE terms = '' AND lex_text <> '' LIMIT :n"),
            {"n": batch},
        ).all()
        filled = [{"r": int(r[0]), "t": stored_terms(str(r[1])) or " "} for r in rows]
        if not filled:
            return
        conn.execute(text(f"UPDATE {table} SET terms = :t WHERE row_id = :r"), filled)


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
        terms=str(r.terms),
        subject=_subject(r.detail),
    )


def _subject(detail: str | None) -> str | None:
    """A belief's subject from its stored detail ("user", "user:sister",
    "caroline"); None for a message or a belief without one."""
    if not detail:
        return None
    subject = orjson.loads(detail).get("subject")
    return str(subject) if subject else None
