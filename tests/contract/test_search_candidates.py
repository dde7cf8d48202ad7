"""One store call gathers both candidate lists, the lexical one ranked by
BM25 in the database, and ranks exactly as the reference does, on both
backends.

Why: the stores score BM25 in SQL and return only the top of the lexical
list (``IndexStore.candidates``, ``LexicalTop``); PostgreSQL reads the
candidates through a postings table, choosing its path from per-term
counts. The reference is ``IndexStore.matches`` (every visible row holding
a term, newest first, bounded by the match window) ranked by
``retrieval.lexical.bm25``, and ``dense``. The window is shrunk here so a
skewed corpus crosses it: common terms, rare terms beside them, queries of
only rare or only common terms, rows hidden by the time point, another
owner's rows everywhere. The scores are the reference's to the bit (the SQL
spells its arithmetic in its order), and every candidate's coverage, read
from its terms (``LexicalList.coverage``), is the reference's too.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from sqlalchemy import text

from ledgermind import MemoryEngine, Owner
from ledgermind.analysis.text import lexical_stem
from ledgermind.projections.row_security import owner_scope, writer_scope
from ledgermind.projections.search_store import base as index_base
from ledgermind.projections.search_store.base import Filter, IndexStore
from ledgermind.projections.search_store.postgres import POSTED
from ledgermind.projections.search_store.records import TimePoint
from ledgermind.retrieval.lexical import bm25, lexical_list
from tests.support.index_rows import index_row

ALICE = Owner("candidates", "alice")
BOB = Owner("candidates", "bob")
# word -> how many of alice's rows hold it (the window below is 6)
SKEW = {"apple": 30, "river": 14, "zebra": 4, "violin": 2, "lantern": 1, "castle": 7}
FILLER = ["blue", "green", "quiet", "early", "paper"]


@pytest.fixture
def corpus(eng: MemoryEngine, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[MemoryEngine, Any]]:
    monkeypatch.setattr(index_base, "MATCH_WINDOW", 6)
    side = eng.projections
    with side.db.connect() as conn:
        proj = side.projection("search", conn)
        store, embedder = proj.store(conn.dialect.name), proj.embedder
    rng = random.Random(7)
    texts: list[tuple[Owner, str, bool]] = []  # owner, text, visible now
    for word, n in SKEW.items():
        for i in range(n):
            other = rng.choice(FILLER)
            texts.append((ALICE, f"{word} note {i} {other}", i % 5 != 4))
            texts.append((BOB, f"{word} {other} memo {i} {rng.choice(list(SKEW))}", True))
    rng.shuffle(texts)
    now = time.time()
    rows = [
        index_row(o, t, v, now, expired=not visible)
        for (o, t, visible), v in zip(texts, embedder.embed([t for _, t, _ in texts]))
    ]
    with side.db.begin() as conn:
        store.insert(writer_scope(conn), rows)  # as the index projection writes
    yield eng, store


def _both(eng: MemoryEngine, store: Any, owner: Owner, words: tuple[str, ...], depth: int = 20) -> tuple[Any, Any]:
    """(candidates in one call, the reference: matches then dense), as the searcher reads."""
    terms = [lexical_stem(w) for w in words]
    now = time.time()
    flt = Filter(TimePoint(now, now), ("memory",))
    side = eng.projections
    with side.db.connect() as conn:
        embedder = side.projection("search", conn).embedder
    vector = embedder.embed([" ".join(words)])[0]
    with side.db.connect() as conn, owner_scope(conn, owner):
        one = store.candidates(conn, owner, terms, vector, flt, depth, -1.0)
    with side.db.connect() as conn, owner_scope(conn, owner):
        reference = (
            IndexStore.matches(store, conn, owner, terms, flt, depth),
            store.dense(conn, owner, vector, flt, depth),
        )
    return one, reference


def _terms_of(eng: MemoryEngine, store: Any) -> dict[int, str]:
    with eng.projections.db.connect() as conn:
        writer_scope(conn)
        return dict(conn.execute(text(f"SELECT row_id, terms FROM {store.table}")).all())


@pytest.mark.parametrize("depth", [3, 20])
def test_one_call_ranks_what_the_reference_ranks(corpus: Any, depth: int) -> None:
    eng, store = corpus
    held = _terms_of(eng, store)
    queries = [q for n in (1, 2, 3) for q in itertools.combinations(SKEW, n)]
    queries += [("apple", "apple", "blue"), ("unheard",), ("unheard", "violin")]
    paths = set()
    for owner in (ALICE, BOB):
        for words in queries:
            (top, dense), (want, want_dense) = _both(eng, store, owner, words, depth)
            terms = [lexical_stem(w) for w in words]
            reference = bm25(terms, want.docs, want.corpus_rows, want.dropped)
            assert [r for r, _ in top.hits] == [h.row_id for h in reference][:depth], (owner, words)
            assert [s for _, s in top.hits] == [h.score for h in reference][:depth]
            assert top.dropped == (want.dropped if reference else frozenset())  # nothing ranked, nothing dropped
            lexical = lexical_list(terms, top)
            assert lexical.known == (reference[0].known if reference else 0.0)
            # every candidate's coverage, read from its terms, is the reference's,
            # and a row that was not ranked (older, or holding no scored term) covers
            # nothing, unless the candidates were each term's weightiest rows: then
            # any row holding a term covers it as a candidate would
            covered = {h.row_id: h.coverage for h in reference}
            weights = {t: w for t, w in lexical.weight.items()}
            for row_id in {r for r, _ in want.docs} | {r for r, _ in want_dense}:
                got = lexical.coverage(row_id, held[row_id])
                if want.weighed and row_id not in covered:
                    mine = set(held[row_id].split())
                    assert got == sum(w for t, w in weights.items() if t in mine) / lexical.mass
                else:
                    assert got == covered.get(row_id, 0.0), (owner, words, row_id)
            assert [r for r, _ in dense] == [r for r, _ in want_dense], (owner, words)
            assert [s for _, s in dense] == pytest.approx([s for _, s in want_dense], abs=1e-6)
            paths.add((bool(want.dropped), len(want.docs) > index_base.MATCH_WINDOW, want.weighed))
    # every branch of the window was taken: within it; rare terms only, past it;
    # common terms dropped beside rare ones; only common terms, each term's
    # weightiest rows
    assert paths >= {(False, False, False), (False, True, False), (True, False, False)}
    assert any(weighed for _, _, weighed in paths)


def test_a_query_of_stopwords_or_no_vector_costs_nothing(corpus: Any) -> None:
    eng, store = corpus
    now = time.time()
    with eng.projections.db.connect() as conn, owner_scope(conn, ALICE):
        assert store.candidates(conn, ALICE, [], None, Filter(TimePoint(now, now), ("memory",)), 20) == (
            index_base.NO_LEXICAL,
            [],
        )


def test_deleted_rows_leave_no_terms_behind(corpus: Any) -> None:
    """A purge (or an erasure) deletes the rows: the lexical index keeps none
    of their terms (on PostgreSQL, the postings the triggers keep)."""
    eng, store = corpus
    with eng.projections.db.begin() as conn:
        writer_scope(conn)
        gone = conn.execute(text(f"SELECT row_id, item_id FROM {store.table} WHERE statement LIKE 'lantern%'")).all()
        for _, item_id in gone:
            store.purge(conn, item_id)
    assert gone
    (found, _), (want, _) = _both(eng, store, ALICE, ("lantern",))
    assert found.hits == want.docs == []
    with eng.projections.db.connect() as conn:
        writer_scope(conn)
        for owner in (ALICE, BOB):  # BM25's N, however the backend keeps it
            held = f"SELECT count(*) FROM {store.table} WHERE app = :a AND user_id = :u"
            n = conn.execute(text(held), {"a": owner.app, "u": owner.user_id}).scalar_one()
            assert store.row_count(conn, owner, ("memory",)) == n
    if hasattr(store, "postings"):
        with eng.projections.db.connect() as conn:
            writer_scope(conn)
            left = conn.execute(
                text(f"SELECT count(*) FROM {store.postings} WHERE row_id = ANY(:r)"), {"r": [r for r, _ in gone]}
            )
            assert left.scalar_one() == 0
            stray = conn.execute(
                text(f"SELECT count(*) FROM {store.postings} p WHERE NOT EXISTS (SELECT 1 FROM {store.table} i "
                     "WHERE i.row_id = p.row_id)")
            )  # fmt: skip
            assert stray.scalar_one() == 0
            held = conn.execute(text(f"SELECT count(*) FROM {store.postings}")).scalar_one()
            rows = conn.execute(text(f"SELECT terms FROM {store.table}")).scalars().all()
            assert held == sum(len(set(t.split())) for t in rows)  # one posting per row and distinct term


def test_a_deleted_row_leaves_the_dense_list_at_the_next_query(corpus: Any) -> None:
    """Even when the owner's newest row id does not move: the row deleted is
    not the newest, or a row inserted after it reuses its row id (SQLite
    hands out the highest id plus one). SQLite's cached owner arrays are
    reloaded on the index's count of deleted rows (``index_deletes``)."""
    eng, store = corpus
    side = eng.projections
    now = time.time()
    flt = Filter(TimePoint(now, now), ("memory",))
    with side.db.connect() as conn:
        embedder = side.projection("search", conn).embedder

    def nearest(statement: str) -> list[int]:
        with side.db.connect() as conn, owner_scope(conn, ALICE):
            return [r for r, _ in store.dense(conn, ALICE, embedder.embed([statement])[0], flt, 5, 0.99)]

    def owned(order: str) -> tuple[int, str, str]:  # alice's oldest or newest visible row
        with side.db.connect() as conn:
            writer_scope(conn)
            row = conn.execute(
                text(
                    f"SELECT row_id, item_id, statement FROM {store.table} WHERE app = :a AND user_id = :u "
                    f"AND expired_at IS NULL ORDER BY row_id {order} LIMIT 1"
                ),
                {"a": ALICE.app, "u": ALICE.user_id},
            ).one()
        return int(row[0]), str(row[1]), str(row[2])

    for order in ("ASC", "DESC"):  # an old row; the newest, whose row id the next insert may take
        row_id, item_id, statement = owned(order)
        assert row_id in nearest(statement)  # the owner's arrays are loaded (and cached)
        with side.db.begin() as conn:
            store.purge(writer_scope(conn), item_id)
        if order == "DESC":
            with side.db.begin() as conn:
                newest = "unrelated words here"
                store.insert(writer_scope(conn), [index_row(ALICE, newest, embedder.embed([newest])[0], time.time())])
            assert owned("DESC")[0] == row_id or eng.backend.kind != "sqlite"  # the id was taken again
        assert row_id not in nearest(statement)


def test_a_version_expired_after_it_was_indexed_leaves_the_lexical_list(corpus: Any) -> None:
    """A belief updated later expires its indexed version in place (an
    UPDATE, not a new row): the lexical candidates stop holding it at the
    next query, ranked as the reference ranks the rows still visible. On
    PostgreSQL the candidates are read from the postings, which copy the
    row's time columns; a trigger keeps the copy."""
    eng, store = corpus
    side = eng.projections

    def violins() -> list[int]:
        (top, _), (want, _) = _both(eng, store, ALICE, ("violin",))
        assert [r for r, _ in top.hits] == [
            h.row_id for h in bm25([lexical_stem("violin")], want.docs, want.corpus_rows)
        ]
        return [r for r, _ in top.hits]

    before = violins()
    assert before
    with side.db.begin() as conn:
        store.expire(writer_scope(conn), before[0], time.time() - 1)
    after = violins()
    assert after == before[1:]


def test_postings_made_before_they_carried_counts_are_filled_in_place(corpus: Any) -> None:
    """A PostgreSQL index whose postings were made before they carried each
    term's count, the row's length and the filter's columns (the
    ``index_candidates`` migration step): the step fills them in place from
    the rows, and the candidates then rank as the reference ranks."""
    eng, store = corpus
    if eng.backend.kind != "postgresql":
        pytest.skip("SQLite keeps no postings (FTS5 is its lexical index)")
    side = eng.projections
    p = store.postings
    with side.db.begin() as conn:  # the postings as the step before this one left them
        writer_scope(conn)
        conn.execute(text(f"DROP TRIGGER {p}_set ON {store.table}"))
        conn.execute(text(f"DROP INDEX {p}_cover"))
        conn.execute(text(f"ALTER TABLE {p} " + ", ".join(f"DROP COLUMN {c}" for c in POSTED)))
        conn.execute(text(f"ALTER TABLE {p} ADD PRIMARY KEY (app, user_id, term, row_id)"))
        store.index_postings(conn)  # its own trigger functions again
        now = time.time()
        late = ["violin concert tonight", "lantern violin lantern"]  # written through the old triggers
        vectors = side.projection("search", conn).embedder.embed(late)
        store.insert(conn, [index_row(ALICE, t, v, now) for t, v in zip(late, vectors)])
    with side.db.begin() as conn:
        store.index_candidates(conn)
    with side.db.connect() as conn:
        writer_scope(conn)
        wrong = conn.execute(
            text(
                f"SELECT count(*) FROM {p} s JOIN {store.table} i USING (row_id) WHERE "
                "s.tf <> cardinality(array_positions(i.term_list, s.term)) OR s.len <> cardinality(i.term_list) "
                "OR (s.item_type, s.kind, s.recorded_at, s.valid_from) <> (i.item_type, i.kind, i.recorded_at, i.valid_from) "
                "OR s.expired_at IS DISTINCT FROM i.expired_at OR s.invalid_at IS DISTINCT FROM i.invalid_at"
            )
        ).scalar_one()
    assert wrong == 0
    for words in (("violin",), ("lantern", "violin"), ("apple", "lantern"), ("apple",)):
        (top, _), (want, _) = _both(eng, store, ALICE, words)
        terms = [lexical_stem(w) for w in words]
        reference = bm25(terms, want.docs, want.corpus_rows, want.dropped)
        assert [(r, s) for r, s in top.hits] == [(h.row_id, h.score) for h in reference][:20], words


@pytest.mark.parametrize("query", ["violin lantern", "dense"])
def test_the_dense_list_is_the_nearest_rows_by_cosine(corpus: Any, query: str) -> None:
    """The dense list is the owner's visible rows nearest the query by
    cosine, as an exact float64 product ranks them: for a hashed query of a
    few words (mostly zeros; SQLite multiplies its non-zero features' columns
    only) and for a vector with no zero (the one matrix product)."""
    eng, store = corpus
    side = eng.projections
    now = time.time()
    with side.db.connect() as conn:
        embedder = side.projection("search", conn).embedder
        writer_scope(conn)
        rows = conn.execute(
            text(f"SELECT row_id, embedding FROM {store.table} WHERE app = :a AND user_id = :u AND expired_at IS NULL"),
            {"a": ALICE.app, "u": ALICE.user_id},
        ).all()
    if query == "dense":
        vector = np.random.default_rng(3).normal(size=embedder.dimension).astype(np.float32)
        vector /= np.linalg.norm(vector)
    else:
        vector = embedder.embed([query])[0]
        assert 0 < np.count_nonzero(vector) < embedder.dimension // 4
    matrix = np.stack([store.decode_vector(e) for _, e in rows]).astype(np.float64)
    exact = matrix @ vector.astype(np.float64)
    order = np.argsort(-exact, kind="stable")[:10]
    with side.db.connect() as conn, owner_scope(conn, ALICE):
        got = store.dense(conn, ALICE, vector, Filter(TimePoint(now, now), ("memory",)), 10)
    assert [s for _, s in got] == pytest.approx([float(exact[i]) for i in order], abs=1e-5)
    tied = {float(exact[i]) for i in order}
    assert {r for r, _ in got} == {rows[i][0] for i in order} or len(tied) < len(order)
