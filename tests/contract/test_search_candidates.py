"""One store call gathers both candidate lists, and gathers the same rows
as the lexical and dense calls one after the other, on both backends.

Why: PostgreSQL reads the lexical candidates through a postings table and
in fewer statements (``PostgresIndexStore.candidates``), choosing its path
from per-term counts; the reference is ``IndexStore.matches`` (every
visible row holding a term, newest first, bounded by the match window) and
``dense``. The window is shrunk here so a skewed corpus crosses it: common
terms, rare terms beside them, queries of only rare or only common terms,
rows hidden by the time point, another owner's rows everywhere.
"""

from __future__ import annotations

import itertools
import random
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import text

from ledgermind import MemoryEngine, Owner
from ledgermind.analysis.text import lexical_stem, lexical_text, stored_terms
from ledgermind.projections.row_security import owner_scope, writer_scope
from ledgermind.projections.search_store import base as index_base
from ledgermind.projections.search_store.base import Filter, IndexStore
from ledgermind.projections.search_store.records import TimePoint

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
        {
            "app": o.app,
            "user_id": o.user_id,
            "item_type": "memory",
            "item_id": uuid.uuid4().hex,
            "version": 1,
            "kind": "fact",
            "statement": t,
            "lex_text": lexical_text(t),
            "terms": stored_terms(lexical_text(t)),
            "confidence": 0.7,
            "valid_from": now - 86400,
            "invalid_at": None,
            "recorded_at": now - 60,
            "expired_at": None if visible else now - 30,
            "session_id": None,
            "seq": None,
            "sources": "[]",
            "detail": "{}",
            "embedding": v,
        }
        for (o, t, visible), v in zip(texts, embedder.embed([t for _, t, _ in texts]))
    ]
    with side.db.begin() as conn:
        store.insert(writer_scope(conn), rows)  # as the index projection writes
    yield eng, store


def _both(eng: MemoryEngine, store: Any, owner: Owner, words: tuple[str, ...]) -> tuple[Any, Any]:
    """(candidates in one call, the reference: matches then dense), as the searcher reads."""
    terms = [lexical_stem(w) for w in words]
    now = time.time()
    flt = Filter(TimePoint(now, now), ("memory",))
    side = eng.projections
    with side.db.connect() as conn:
        embedder = side.projection("search", conn).embedder
    vector = embedder.embed([" ".join(words)])[0]
    with side.db.connect() as conn, owner_scope(conn, owner):
        one = store.candidates(conn, owner, terms, vector, flt, 20, -1.0)
    with side.db.connect() as conn, owner_scope(conn, owner):
        reference = (IndexStore.matches(store, conn, owner, terms, flt), store.dense(conn, owner, vector, flt, 20))
    return one, reference


def test_one_call_gathers_what_the_two_calls_gather(corpus: Any) -> None:
    eng, store = corpus
    queries = [q for n in (1, 2, 3) for q in itertools.combinations(SKEW, n)]
    paths = set()
    for owner in (ALICE, BOB):
        for words in queries:
            (found, dense), (want, want_dense) = _both(eng, store, owner, words)
            assert found == want, (owner, words)
            assert [r for r, _ in dense] == [r for r, _ in want_dense], (owner, words)
            assert [s for _, s in dense] == pytest.approx([s for _, s in want_dense], abs=1e-6)
            paths.add((bool(want.dropped), len(want.docs) > index_base.MATCH_WINDOW))
    # every branch of the window was taken: within it; rare terms only, past it;
    # common terms dropped beside rare ones
    assert paths == {(False, False), (False, True), (True, False)}


def test_a_query_of_stopwords_or_no_vector_costs_nothing(corpus: Any) -> None:
    eng, store = corpus
    now = time.time()
    with eng.projections.db.connect() as conn, owner_scope(conn, ALICE):
        assert store.candidates(conn, ALICE, [], None, Filter(TimePoint(now, now), ("memory",)), 20) == (
            index_base.TermMatches([], 0),
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
    assert found.docs == want.docs == []
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
