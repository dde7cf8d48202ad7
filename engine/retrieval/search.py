"""Hybrid search over one owner's beliefs (and, on request, messages).

The path of one query: wait until the index has this engine's last write
(read-your-writes, bounded), then in ONE read transaction take a lexical
and a dense candidate list from the active index version, fuse them by
reciprocal rank, weight by confidence and freshness, drop near-duplicates,
and return the top ``k``. Every store call passes the owner first; the
owner is also re-checked on every row fetched (defence in depth).

On PostgreSQL every read of the index (both candidate lists, the fetch of
content, the lineage read, ``recent``, ``load``) runs inside
``access.owner_reads``, one scope per search however many reads it makes,
which ends the read's transaction (nothing to restore): row-level
security, so a store query that forgot its owner ``WHERE`` still sees only
this owner's rows. The price is the lexical list's: PostgreSQL cannot use
the full-text index under a policy, so it filters the owner's rows (see
``projections.row_security`` and docs/guides/postgresql.md).

The index is reached through ``IndexAccess`` (the projections read side,
duck-typed), so this module never imports the projections package.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol

import numpy as np
from sqlalchemy.engine import Connection, Engine

from ledgermind.analysis.embedders.base import floor_for
from ledgermind.analysis.text import lexical_terms
from ledgermind.distill.request_changes import is_standing_request
from ledgermind.distill.standing_requests import ASSISTANT_EN, ASSISTANT_ZH
from ledgermind.domain.errors import InvalidInput
from ledgermind.domain.owner import Owner
from ledgermind.projections.search_store.base import Filter, IndexStore, sql_errors
from ledgermind.projections.search_store.records import (
    IndexRow,
    TimePoint,
    from_epoch,
    to_epoch,
)
from ledgermind.retrieval.dates import prefer_period, question_period
from ledgermind.retrieval.fusion import belief_weight, drop_near_duplicates, rrf
from ledgermind.retrieval.lexical import lexical_list
from ledgermind.retrieval.lineage_order import Citation, beliefs_first, collapse_cited
from ledgermind.retrieval.options import DEFAULT_SEARCH, SearchOptions
from ledgermind.retrieval.records import SearchResult
from ledgermind.retrieval.relevance import relevance_of
from ledgermind.retrieval.roots import kept_roots, with_roots
from ledgermind.retrieval.speakers import (
    named_speakers,
    names_a_speaker,
    prefer_named_speakers,
    spoken_names,
    without_names,
)
from ledgermind.retrieval.subjects import prefer_own_subjects

__all__ = ["INDEX_NAME", "IndexAccess", "Searcher", "by_relevance", "normalise_sources", "served"]

INDEX_NAME = "search"
KIND_FALLBACK_MIN = 3
MAX_QUERY_CHARS = 4000
_DAY = 86400.0
POOL_FACTOR = 3  # candidates fetched and re-ranked per result asked for
# the word every standing request's statement holds ("the assistant", "助手"), as stored
_REQUEST_TERMS = (*lexical_terms(ASSISTANT_EN), *lexical_terms(ASSISTANT_ZH))
_REQUEST_SCAN = 50


class IndexAccess(Protocol):
    """What search needs from the read side (``projections.readside.ReadSide``)."""

    db: Engine

    def wait(self, position: int | None = None, timeout: float = 10.0, names: list[str] | None = None) -> None: ...

    def projection(self, name: str, conn: Connection) -> Any: ...

    def owner_reads(self, conn: Connection, owner: Owner) -> AbstractContextManager[Connection]: ...


class Searcher:
    def __init__(self, access: IndexAccess, wait_timeout: float = 10.0, relevance_floor: float = 0.0) -> None:
        self.access = access
        self.wait_timeout = wait_timeout
        self.relevance_floor = relevance_floor
        self._reached = 0

    def catch_up(self, position: int, timeout: float | None = None) -> None:
        """Read-your-writes: raises ``ProjectionTimeout`` when the index lags too long.

        A position already seen reached is not asked again (positions only move
        forward, and a rebuild switches readers only once it has caught up)."""
        if position <= self._reached:
            return
        self.access.wait(position, self.wait_timeout if timeout is None else timeout, [INDEX_NAME])
        self._reached = max(self._reached, position)

    def search(self, owner: Owner, query: str, options: SearchOptions = DEFAULT_SEARCH) -> list[SearchResult]:
        query = _check(query)
        k, kinds, include_messages = options.k, options.kinds, options.include_messages
        now = time.time()
        point = TimePoint(
            as_of=now if options.as_of is None else to_epoch(options.as_of),
            known_at=now if options.known_at is None else to_epoch(options.known_at),
        )
        types = ("memory", "message") if include_messages else ("memory",)
        with sql_errors(), self.access.db.connect() as conn:
            proj = self.access.projection(INDEX_NAME, conn)
            store: IndexStore = proj.store(conn.dialect.name)
            asked = _Query(query, proj.embedder)
            # one owner scope for every read of the search (one statement on
            # PostgreSQL, however many rankings and lineage reads it makes;
            # the block ends the transaction, so nothing is put back)
            with self.access.owner_reads(conn, owner):
                hits = self._ranked(conn, store, owner, asked, Filter(point, types, kinds), k)
                if kinds is not None and sum(h.item_type == "memory" for h in hits) < KIND_FALLBACK_MIN:
                    seen = {h.id for h in hits}
                    wider = self._ranked(conn, store, owner, asked, Filter(point, types), k)
                    hits = hits + [h for h in wider if h.id not in seen]
                top = by_relevance(hits[:k])
                if include_messages and any(h.item_type == "message" for h in top):
                    top = self._beliefs_first(conn, store, owner, top, point)
        return top if served(hits, asked.terms, self.relevance_floor) else []

    def recent(self, owner: Owner, limit: int, include_messages: bool = False) -> list[SearchResult]:
        """The owner's newest visible items (the preload probe and fallback)."""
        now = time.time()
        types = ("memory", "message") if include_messages else ("memory",)
        with sql_errors(), self.access.db.connect() as conn:
            store: IndexStore = self.access.projection(INDEX_NAME, conn).store(conn.dialect.name)
            with self.access.owner_reads(conn, owner):
                rows = store.recent(conn, owner, Filter(TimePoint(now, now), types), limit)
        return [_result(r, _weighted(r, 1.0, now), 0.0) for r in rows if _owned(r, owner)]

    def standing_requests(self, owner: Owner, limit: int) -> list[SearchResult]:
        """The owner's current standing requests to the assistant ("The user wants the
        assistant to answer in French.": ``distill.standing_requests``), newest first, at
        most ``limit``: how the user wants to be served holds for every answer, whatever
        the question. Read through the postings of the word every such belief holds
        (among the owner's newest ``_REQUEST_SCAN`` beliefs holding it), then checked
        statement by statement."""
        now = time.time()
        flt = Filter(TimePoint(now, now), ("memory",), ("fact",))
        with sql_errors(), self.access.db.connect() as conn:
            store: IndexStore = self.access.projection(INDEX_NAME, conn).store(conn.dialect.name)
            with self.access.owner_reads(conn, owner):
                held = store.term_docs(conn, owner, _REQUEST_TERMS, flt, _REQUEST_SCAN)
                rows = store.fetch(conn, owner, [row_id for row_id, _ in held])
        found = [rows[i] for i, _ in held if i in rows and _owned(rows[i], owner)]
        return [_result(r, 0.0, 0.0) for r in found if is_standing_request(r.statement)][:limit]

    def load(self, owner: Owner, memory_id: str) -> SearchResult | None:
        """One current belief of this owner, by id, from the index."""
        with sql_errors(), self.access.db.connect() as conn:
            store: IndexStore = self.access.projection(INDEX_NAME, conn).store(conn.dialect.name)
            with self.access.owner_reads(conn, owner):
                row = store.current_memory(conn, owner, memory_id)
        return None if row is None or not _owned(row, owner) else _result(row, row.confidence, 1.0)

    def _beliefs_first(
        self, conn: Connection, store: IndexStore, owner: Owner, hits: list[SearchResult], point: TimePoint
    ) -> list[SearchResult]:
        """Current beliefs before the turns they cite; superseded turns marked
        (``retrieval.lineage_order``)."""
        sessions = list(
            dict.fromkeys(
                str(s["session_id"]) for h in hits if h.item_type == "message" for s in h.sources if "session_id" in s
            )
        )
        # current beliefs citing these turns were folded in by collapse_cited:
        # only invalidated ones can still mark a turn
        citing = store.citing(conn, owner, sessions, point.known_at, invalidated_only=True)
        citations = [
            Citation(_result(row, 0.0, 0.0), _valid_at(row, point.as_of), replaced_by)
            for row, replaced_by in citing
            if _owned(row, owner)
        ]
        return beliefs_first(hits, citations)

    def _ranked(
        self, conn: Connection, store: IndexStore, owner: Owner, asked: _Query, flt: Filter, k: int
    ) -> list[SearchResult]:
        """RRF of the two candidate lists, each result with its relevance. The
        embedder's similarity floor keeps noise out of the dense list: without
        it every query would "find" the owner's whole store, and weak dense
        agreement would outvote a strong lexical match.

        A query that names someone who speaks among the candidates is ranked
        a second time on what it asks without the name (``retrieval.speakers``):
        the name says whose words to read, which the speaker step weighs, and
        as a search term it matches every turn that mentions the person and
        every belief the distiller wrote about them ("Caroline ... Caroline's
        ..."), which crowd out the turns that hold the rest of the question.

        Runs inside the search's owner scope (``search``), as ``_beliefs_first`` does."""
        depth = max(50, 4 * k)
        pool = POOL_FACTOR * k + 10
        floor = asked.floor
        # both candidate lists in one store call (PostgreSQL: two statements);
        # the lexical list comes ranked by BM25 from the store, its top
        # ``depth`` only (a fused row's coverage is read from its terms)
        top, dense = store.candidates(conn, owner, asked.terms, asked.vector, flt, depth, floor)
        lexical = lexical_list(asked.terms, top)
        widened, roots = with_roots(asked.terms, top.df)
        if roots:  # a word no row holds: the same word in another form (``retrieval.roots``)
            rooted, _ = store.candidates(conn, owner, widened, None, flt, depth, floor)
            found = kept_roots(widened, rooted.df, asked.terms)
            if found != asked.terms:
                top, lexical = rooted, lexical_list(found, rooted)
        fused = rrf([lexical.ranked, [row_id for row_id, _ in dense]])[:pool]
        rows = store.fetch(conn, owner, [row_id for row_id, _ in fused])
        names = spoken_names([_result(rows[i], 0.0, 0.0) for i, _ in fused if i in rows], asked.terms)
        content = [t for t in asked.terms if t not in names]
        if names and content:
            vector = _usable(asked.embedder.embed([without_names(asked.text, names)])[0])
            held, again = store.candidates(conn, owner, content, vector, flt, depth, floor)
            by_content = lexical_list(content, held)
            if by_content.ranked:  # some row holds what is asked besides the name
                second = rrf([by_content.ranked, [row_id for row_id, _ in again]])
                fused = _then(second, fused)[:pool]
                rows.update(store.fetch(conn, owner, [i for i, _ in fused if i not in rows]))
        # the relevance is read from the whole question (the features its model was fitted on)
        similarity = dict(dense)
        results = [
            _result(
                rows[row_id],
                _weighted(rows[row_id], score, flt.point.as_of),
                relevance_of(
                    lexical.coverage(row_id, rows[row_id].terms),
                    similarity.get(row_id, floor),
                    lexical.known,
                    floor,
                    asked.name,
                ),
            )
            for row_id, score in fused
            if row_id in rows and _owned(rows[row_id], owner)
        ]
        about = named_speakers(results, asked.terms)
        results = prefer_own_subjects(prefer_named_speakers(results, about), asked.terms)
        results = collapse_cited(prefer_period(results, asked.period))
        return drop_near_duplicates(results, text=lambda r: r.statement, score=lambda r: r.score, limit=k)


def by_relevance(hits: Sequence[SearchResult]) -> list[SearchResult]:
    """The top ``k`` the ranking chose, in the order of the relevance each
    result carries (ties keep the ranking's order).

    Why one order, and this one: every surface (Python, HTTP, MCP, CLI)
    shows the relevance, and a person reads a list of numbers as sorted by
    them: "0.31" above "0.37" reads as a bug. The fused score cannot be that
    number (it orders one query's candidates and says nothing across
    queries), so it chooses which ``k`` are served and the relevance orders
    them. The relevance is the better judge within those ``k``: on LoCoMo
    dev, ordering the same top 10 by it (with the speaker, period and
    subject steps weighing it as they weigh the score) took MRR from 0.575
    to 0.608 and Recall@5 from 0.677 to 0.689, Recall@10 unchanged
    (``docs/benchmarks/retrieval.md``). Steps that judge whom or when a
    result is about weigh its relevance as well as its score
    (``retrieval.speakers``, ``dates``, ``subjects``), and beliefs
    still come before the turns they cite (``_beliefs_first``, which gives a
    moved belief its turn's relevance, so the order stays by relevance)."""
    return sorted(hits, key=lambda h: -h.relevance)


def served(hits: Sequence[SearchResult], query_terms: Sequence[str], floor: float) -> bool:
    """Is a search's ranking served at this relevance floor?

    The floor answers "is this query about anything remembered?": when no
    result reaches it, nothing is served (``retrieval.relevance``). Unless
    the query names someone who speaks among the results
    (``speakers.names_a_speaker``): a question about a person of the
    owner's memory is about the memory even when its other words are not
    (LoCoMo dev: "Would Melanie likely enjoy the song 'The Four Seasons' by
    Vivaldi?" has its evidence in Melanie's turns about classical music, at
    a relevance of 0.009). Its results keep their relevance."""
    if not hits:
        return False
    return max(h.relevance for h in hits) >= floor or names_a_speaker(hits, query_terms)


class _Query:
    """One question, read once: its text, lexical terms, embedding and the
    period it names (``retrieval.dates``)."""

    __slots__ = ("embedder", "floor", "name", "period", "terms", "text", "vector")

    def __init__(self, text: str, embedder: Any) -> None:
        self.text = text
        self.embedder = embedder
        self.terms = list(dict.fromkeys(lexical_terms(text)))
        self.vector = _usable(embedder.embed([text])[0])
        self.floor = floor_for(embedder, text)
        self.name = str(embedder.name)
        self.period = question_period(text)


def _then(first: list[tuple[int, float]], rest: list[tuple[int, float]]) -> list[tuple[int, float]]:
    """``first``, then what only ``rest`` holds, in its order and scored
    below every item of ``first``."""
    if not first or not rest:
        return first or rest
    scale = first[-1][1] / rest[0][1]
    seen = {i for i, _ in first}
    return first + [(i, score * scale * 0.99) for i, score in rest if i not in seen]


def _usable(vector: Any) -> Any:
    """A query with no features (only stopwords, punctuation) has a zero
    vector: its cosine is undefined, and pgvector would scan every row."""
    return vector if np.any(vector) else None


def _valid_at(row: IndexRow, moment: float) -> bool:
    return row.valid_from <= moment and (row.invalid_at is None or row.invalid_at > moment)


def _owned(row: IndexRow, owner: Owner) -> bool:
    """Every query already filters by owner in SQL; this second check means a
    future query bug drops a foreign row instead of leaking it."""
    return (row.app, row.user_id) == (owner.app, owner.user_id)


def _weighted(row: IndexRow, score: float, reference: float) -> float:
    return score * belief_weight(row.confidence, (reference - row.valid_from) / _DAY)


def _result(row: IndexRow, score: float, relevance: float) -> SearchResult:
    valid_from = from_epoch(row.valid_from)
    assert valid_from is not None
    return SearchResult(
        id=row.item_id,
        item_type=row.item_type,
        kind=row.kind,
        statement=row.statement,
        score=score,
        relevance=relevance,
        confidence=row.confidence,
        valid_from=valid_from,
        invalid_at=from_epoch(row.invalid_at),
        sources=normalise_sources(row.sources),
        subject=row.subject,
    )


def normalise_sources(raw: Sequence[Any]) -> tuple[dict[str, Any], ...]:
    """Sources as ``{"session_id", "seqs"}`` per session (message citations
    merged and sorted); other citations (tasks) pass through unchanged."""
    by_session: dict[str, set[int]] = {}
    other: list[dict[str, Any]] = []
    for item in raw:
        if not isinstance(item, dict):
            continue
        sid = item.get("session_id") or item.get("session")
        seqs = item.get("seqs")
        if seqs is None and item.get("seq") is not None and item.get("task_id") is None:
            seqs = [item["seq"]]
        if sid is None or seqs is None:
            other.append(dict(item))
            continue
        by_session.setdefault(str(sid), set()).update(int(s) for s in seqs)
    merged = [{"session_id": sid, "seqs": sorted(seqs)} for sid, seqs in by_session.items()]
    return tuple(merged + other)


def _check(query: Any) -> str:
    if not isinstance(query, str) or not query.strip():
        raise InvalidInput("query must be a non-empty string")
    if len(query) > MAX_QUERY_CHARS:
        raise InvalidInput(f"query is longer than {MAX_QUERY_CHARS} characters")
    return query
