"""BM25 over an owner's own rows, one definition for both backends.

Why not the backends' full-text rank: FTS5's ``bm25()``
takes its document frequencies and average length from the whole table
(every owner's rows), and PostgreSQL's ``ts_rank`` has no IDF at all, so the
same question over the same messages ranked differently on the two backends
(LoCoMo dev Recall@10 0.693 SQLite, 0.654 PostgreSQL), and another owner's
writes could move this owner's ranking. Here the candidate rows are
``IndexStore.matches``'s (every row holding a query term, with its terms cut
by ``text.lexical_terms``), and the statistics are this owner's: N is the
owner's row count, the document frequency of a term is counted among the
candidates (exact: every row holding the term is one), the average length
is the candidates' (the rows that compete).

``bm25`` below is the definition, in Python. Searches do not run it: each
index store computes the same formula in SQL over the same candidates
(``IndexStore.candidates``, ``LexicalTop``), so only the top rows leave the
database (ranking up to 2,000 candidates' terms in Python was most of a
search at 100,000 rows); ``tests/contract/test_search_candidates.py`` holds
the two equal on both backends. ``LexicalList`` reads what the search needs
from the store's top: the ranked row ids, ``known``, and any row's coverage.

Okapi BM25 (Robertson et al.) with the Lucene IDF, ``ln(1 + (N - df + 0.5) /
(df + 0.5))``, k1 = 1.2, b = 0.75 (the textbook defaults; not tuned here).
``coverage`` is the share of the query's IDF mass a row holds, in 0..1 (the
IDF over at least ``COVERAGE_MIN_ROWS`` rows, so a small store's known words
are not worth as little as its unknown ones): a
query term that no row holds has the largest IDF, so a question about
something the owner never mentioned covers little of any row. ``known`` is
the share of the query's IDF mass that any row holds: how much of the
question the owner's memory recognises at all. Both feed the relevance
(``retrieval.relevance``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ledgermind.analysis.text import lexical_stem
from ledgermind.projections.search_store.base import BM25_B, BM25_K1, LexicalTop
from ledgermind.projections.search_store.base import idf as _idf

__all__ = ["BM25_B", "BM25_K1", "COVERAGE_MIN_ROWS", "LABEL_TERMS", "LexicalHit", "LexicalList", "bm25", "lexical_list"]
# The words the index itself writes beside what was said: a turn's role when it
# has no speaker name ("user: ...", "assistant: ..."), and the distiller's name
# for the speaker ("The user moved to Porto.", "用户搬到了杭州。"). No one said
# them, so a question's "user" ("how do I add a user to sudoers?") holding them
# is no sign that the memory knows what it asks: they weigh nothing in
# ``coverage`` and ``known`` (they still rank, as any term does).
LABEL_TERMS = frozenset({lexical_stem("user"), lexical_stem("assistant"), "用户"})
# coverage and known weigh terms by an IDF over at least this many rows: in a
# store of five beliefs every known word has about the IDF of an unknown
# one, which would make any question about them look unrelated.
COVERAGE_MIN_ROWS = 1000


@dataclass(frozen=True, slots=True)
class LexicalHit:
    row_id: int
    score: float  # BM25
    coverage: float  # share of the query's IDF mass in this row, 0..1
    known: float  # share of the query's IDF mass that any of the owner's rows holds, 0..1


@dataclass(frozen=True, slots=True)
class LexicalList:
    """The lexical list of a search, from the store's ``LexicalTop``."""

    ranked: list[int]  # row ids, best first
    known: float  # as ``LexicalHit.known`` (0.0 when no row holds a scored term)
    weight: dict[str, float]  # scored query term -> its IDF weight, in query order
    mass: float  # the query's IDF mass
    first_row: int | None

    def coverage(self, row_id: int, terms: str) -> float:
        """``LexicalHit.coverage`` of a visible row, from its stored terms: a
        row older than the oldest candidate was not ranked, so covers nothing."""
        if self.first_row is None or row_id < self.first_row:
            return 0.0
        held = set(terms.split())
        return sum(w for t, w in self.weight.items() if t in held) / self.mass


def lexical_list(query: Sequence[str], top: LexicalTop) -> LexicalList:
    """The ranked ids, ``known`` and the coverage weights of a store's top
    (``bm25``'s arithmetic, from the document frequencies it returns)."""
    if not top.hits:
        return LexicalList([], 0.0, {}, 1.0, None)
    wanted = list(dict.fromkeys(query))
    weight, mass, known = _weights(wanted, top.df, top.corpus_rows, top.dropped)
    scored = {t: weight[t] for t in wanted if t not in top.dropped}
    return LexicalList([row_id for row_id, _ in top.hits], known, scored, mass, top.first_row)


def _weights(
    wanted: list[str], df: Mapping[str, int], n: int, ignored: frozenset[str]
) -> tuple[dict[str, float], float, float]:
    """Each query term's IDF over at least ``COVERAGE_MIN_ROWS`` rows, their
    sum (the query's mass) and the share of it that any row holds."""
    rows = max(n, COVERAGE_MIN_ROWS)
    unseen = rows / (n + 2)  # rule of succession: a word none of n rows holds, as frequent as 1 in n + 2
    weight = {
        t: 0.0 if t in LABEL_TERMS else _idf(rows, n if t in ignored else df.get(t, 0) or unseen)  # type: ignore[arg-type]
        for t in wanted
    }
    mass = sum(weight.values()) or 1.0
    known = sum(weight[t] for t in wanted if df.get(t, 0) or t in ignored) / mass
    return weight, mass, known


def bm25(
    query: Sequence[str], docs: Sequence[tuple[int, str]], corpus_rows: int, ignored: frozenset[str] = frozenset()
) -> list[LexicalHit]:
    """Rows best first (ties: the newer row first), each with its coverage.

    ``docs``: (row id, its terms joined by spaces); ``corpus_rows``: the
    owner's rows (N); ``ignored``: query terms the candidates were not
    gathered for (too common to rank), left out of scores, kept in coverage
    with the smallest IDF."""
    wanted = list(dict.fromkeys(query))
    if not wanted or not docs:
        return []
    scored = [t for t in wanted if t not in ignored]  # in query order: sums are deterministic
    parsed: list[tuple[int, int, dict[str, int]]] = []  # row id, length, tf of the scored query terms
    total = 0
    df: Counter[str] = Counter()
    for row_id, terms in docs:
        split = terms.split()
        total += len(split)
        # list.count runs in C: a few query terms against a short row is far
        # cheaper than a Python loop over every term of every candidate
        tf = {t: c for t in scored if (c := split.count(t))}
        if tf:
            df.update(tf.keys())
            parsed.append((row_id, len(split), tf))
    n = max(corpus_rows, len(docs))
    idf = {t: _idf(n, n if t in ignored else df[t]) for t in wanted}
    weight, mass, known = _weights(wanted, df, n, ignored)
    avgdl = total / len(docs) or 1.0
    hits: list[LexicalHit] = []
    for row_id, length, tf in parsed:
        norm = BM25_K1 * (1.0 - BM25_B + BM25_B * length / avgdl)
        score = sum(idf[t] * f * (BM25_K1 + 1.0) / (f + norm) for t, f in tf.items())
        hits.append(LexicalHit(row_id, score, sum(weight[t] for t in tf) / mass, known))
    hits.sort(key=lambda h: (-h.score, -h.row_id))
    return hits
