"""BM25 over an owner's own rows, one implementation for both backends.

Why in Python and not the backends' full-text rank: FTS5's ``bm25()``
takes its document frequencies and average length from the whole table
(every owner's rows), and PostgreSQL's ``ts_rank`` has no IDF at all, so the
same question over the same messages ranked differently on the two backends
(LoCoMo dev Recall@10 0.693 SQLite, 0.654 PostgreSQL), and another owner's
writes could move this owner's ranking. Here the backends only find the
candidate rows (``IndexStore.matches``: every row holding a query term, with
its terms cut by ``text.lexical_terms``), and the statistics are this
owner's: N is the owner's row count, the document frequency of a term is
counted among the candidates (exact: every row holding the term is one),
the average length is the candidates' (the rows that compete).

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

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["BM25_B", "BM25_K1", "COVERAGE_MIN_ROWS", "LexicalHit", "bm25"]

BM25_K1 = 1.2
BM25_B = 0.75
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


def _idf(rows: int, df: int) -> float:
    return math.log(1.0 + (rows - df + 0.5) / (df + 0.5))


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
    weight = {t: _idf(max(n, COVERAGE_MIN_ROWS), n if t in ignored else df[t]) for t in wanted}
    mass = sum(weight.values()) or 1.0
    known = sum(weight[t] for t in wanted if df[t] or t in ignored) / mass
    avgdl = total / len(docs) or 1.0
    hits: list[LexicalHit] = []
    for row_id, length, tf in parsed:
        norm = BM25_K1 * (1.0 - BM25_B + BM25_B * length / avgdl)
        score = sum(idf[t] * f * (BM25_K1 + 1.0) / (f + norm) for t, f in tf.items())
        hits.append(LexicalHit(row_id, score, sum(weight[t] for t in tf) / mass, known))
    hits.sort(key=lambda h: (-h.score, -h.row_id))
    return hits
