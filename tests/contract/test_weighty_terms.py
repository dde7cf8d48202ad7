"""Past the match window, a query of only common terms ranks each term's
rows where it weighs most, read first from an index, on both backends.

Why: the lexical list ranked the newest window (2,000) of such a term's
rows, so its cost followed how many rows hold the term, and a short old row
that says little else ("apple pie") never reached it. Now the stores read
each term's weightiest visible rows (for each count of the term in a row,
the ``depth`` shortest: ``IndexStore.weighty_docs``) from an index in that
order and stop there. The window is shrunk here so a few dozen rows cross
it.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import text

from ledgermind import MemoryEngine, Owner
from ledgermind.analysis.text import lexical_stem
from ledgermind.projections.row_security import owner_scope, writer_scope
from ledgermind.projections.search_store import base as index_base
from ledgermind.projections.search_store.base import Filter, IndexStore
from ledgermind.projections.search_store.records import TimePoint
from ledgermind.retrieval.lexical import bm25
from tests.support.index_rows import index_directly, index_row

ALICE = Owner("weighty", "alice")
BOB = Owner("weighty", "bob")
# alice's oldest rows: apple weighs most in them (short, or apple twice)
HEAVY = ["apple pie", "apple apple tart", "green apple", "apple"]
LIGHT = 30  # then many newer, longer rows that mention apple once


@pytest.fixture
def weighty(eng: MemoryEngine, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[MemoryEngine, Any, dict[str, int]]]:
    monkeypatch.setattr(index_base, "MATCH_WINDOW", 8)
    texts = [(ALICE, t) for t in HEAVY]
    texts += [(ALICE, f"apple mentioned in a long note about the garden fence number {i}") for i in range(LIGHT)]
    texts += [(BOB, f"apple apple {i}") for i in range(12)]  # as heavy as alice's best: never hers
    texts += [(ALICE, f"pear cider batch {i}") for i in range(12)]  # pear: past the window too
    store, ids = index_directly(eng, texts)
    yield eng, store, ids


def _top(eng: MemoryEngine, store: Any, owner: Owner, words: list[str], depth: int) -> Any:
    terms = [lexical_stem(w) for w in words]
    now = time.time()
    with eng.projections.db.connect() as conn, owner_scope(conn, owner):  # as the searcher reads
        return store.candidates(conn, owner, terms, None, Filter(TimePoint(now, now), ("memory",)), depth)[0]


def test_a_common_terms_weightiest_rows_are_ranked_not_its_newest(weighty: Any) -> None:
    eng, store, ids = weighty
    top = _top(eng, store, ALICE, ["apple"], 4)
    # the four old rows where apple weighs most, by BM25 among the candidates
    # (the four shortest rows holding it once, the one holding it twice):
    # twice in three terms, alone, then the two-term rows (the newer first)
    assert [r for r, _ in top.hits] == [ids["apple apple tart"], ids["apple"], ids["green apple"], ids["apple pie"]]
    assert top.first_row == 0  # any row holding apple covers it, ranked or not


def test_the_weightiest_rows_are_the_references(weighty: Any) -> None:
    """The stores' index walks give what ``IndexStore.weighty_docs`` (every
    row holding a term read and ordered) gives, for one term and for two."""
    eng, store, _ = weighty
    now = time.time()
    flt = Filter(TimePoint(now, now), ("memory",))
    for words, depth in ((["apple"], 4), (["apple"], 11), (["apple", "pear"], 3), (["pear", "apple"], 20)):
        terms = [lexical_stem(w) for w in words]
        with eng.projections.db.connect() as conn, owner_scope(conn, ALICE):
            want = IndexStore.matches(store, conn, ALICE, terms, flt, depth)
        assert want.weighed
        reference = bm25(terms, want.docs, want.corpus_rows)
        top = _top(eng, store, ALICE, words, depth)
        assert [(r, s) for r, s in top.hits] == [(h.row_id, h.score) for h in reference][:depth], words


def test_bob_never_sees_alices_weightiest_rows(weighty: Any) -> None:
    eng, store, ids = weighty
    found = [r for r, _ in _top(eng, store, BOB, ["apple"], 5).hits]
    assert len(found) == 5 and set(found) <= {ids[f"apple apple {i}"] for i in range(12)}


def test_an_index_made_before_the_weights_gets_them_in_place(weighty: Any) -> None:
    """The migration step (``index_weights``) on an index made before it:
    PostgreSQL gains the postings' index in weight order; SQLite's weights
    are filled from the rows already indexed, and kept for rows indexed
    after. The weightiest rows are then the reference's."""
    eng, store, ids = weighty
    side = eng.projections
    sqlite = eng.backend.kind == "sqlite"
    with side.db.begin() as conn:  # the index as the step before this one left it
        writer_scope(conn)
        if sqlite:
            for trigger in ("weigh", "unweigh"):
                conn.execute(text(f"DROP TRIGGER {store.table}_{trigger}"))
            conn.execute(text(f"DROP TABLE {store.weights}"))
        else:
            conn.execute(text(f"DROP INDEX {store.postings}_weight"))
    with side.db.begin() as conn:
        store.index_weights(writer_scope(conn))
        now = time.time()
        vectors = side.projection("search", conn).embedder.embed(["apple apple apple"])
        store.insert(conn, [index_row(ALICE, "apple apple apple", vectors[0], now)])
    with side.db.connect() as conn:
        writer_scope(conn)
        if sqlite:
            weighed = conn.execute(text(f"SELECT count(DISTINCT row_id) FROM {store.weights}")).scalar_one()
            assert weighed == conn.execute(text(f"SELECT count(*) FROM {store.table} WHERE terms <> ''")).scalar_one()
        else:
            assert conn.execute(text("SELECT to_regclass(:i) IS NOT NULL"), {"i": f"{store.postings}_weight"}).scalar()
    top = _top(eng, store, ALICE, ["apple"], 2)
    assert [r for r, _ in top.hits][:1] == [max(ids.values()) + 1]  # the new row: apple thrice, nothing else
    test_the_weightiest_rows_are_the_references((eng, store, ids))
