"""The lexical candidate lists' cost bounds, on both backends.

Both index stores bound how many matching rows BM25 ranks (so a query of
very common words cannot rank half a large table). The bound is shrunk
here so a few dozen rows exceed it; what must hold: rare terms are still
ranked in full, a bounded list never holds another owner's row or a row
that does not match, and it is never longer than the bound (past it, a
query of only common terms ranks the depth asked of each term's rows).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from ledgermind import MemoryEngine, Owner
from ledgermind.analysis.text import lexical_stem
from ledgermind.projections.row_security import owner_scope
from ledgermind.projections.search_store import base as index_base
from ledgermind.projections.search_store.base import Filter
from ledgermind.projections.search_store.records import TimePoint
from ledgermind.retrieval.lexical import bm25
from tests.support.index_rows import index_directly

ALICE = Owner("bounds", "alice")
BOB = Owner("bounds", "bob")
COMMON = 40  # alice's rows that say "apple"; the bounds below are 10


@pytest.fixture
def bounded(eng: MemoryEngine, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[MemoryEngine, Any, dict[str, int]]]:
    monkeypatch.setattr(index_base, "MATCH_WINDOW", 10)
    texts = [(ALICE, "zebra apple story")] + [(ALICE, f"apple note {i}") for i in range(COMMON - 1)]
    texts += [(BOB, f"apple zebra {i}") for i in range(COMMON)] + [(ALICE, "plain words only")]
    store, ids = index_directly(eng, texts)
    yield eng, store, ids


def _lexical(eng: MemoryEngine, store: Any, owner: Owner, words: list[str], limit: int) -> list[int]:
    terms = [lexical_stem(w) for w in words]
    now = time.time()
    with eng.projections.db.connect() as conn, owner_scope(conn, owner):  # as the searcher reads
        found = store.matches(conn, owner, terms, Filter(TimePoint(now, now), ("memory",)), limit)
    return [h.row_id for h in bm25(terms, found.docs, found.corpus_rows, found.dropped)][:limit]


def test_a_rare_term_is_ranked_whole_beside_a_common_one(bounded: Any) -> None:
    eng, store, ids = bounded
    found = _lexical(eng, store, ALICE, ["apple", "zebra"], 50)
    assert found[0] == ids["zebra apple story"]  # the oldest of alice's rows, yet found first
    alice = {ids["zebra apple story"]} | {ids[f"apple note {i}"] for i in range(COMMON - 1)}
    assert set(found) <= alice


def test_a_query_of_only_common_terms_ranks_a_bounded_owned_subset(bounded: Any) -> None:
    eng, store, ids = bounded
    alice_apples = {ids["zebra apple story"]} | {ids[f"apple note {i}"] for i in range(COMMON - 1)}
    found = _lexical(eng, store, ALICE, ["apple"], 7)  # past the window (10): the depth asked per term
    assert found and len(found) <= 7 and len(set(found)) == len(found)
    assert set(found) <= alice_apples
    assert len(_lexical(eng, store, ALICE, ["apple"], 3)) == 3


def test_bob_never_sees_alice_through_a_bounded_list(bounded: Any) -> None:
    eng, store, ids = bounded
    bobs = {ids[f"apple zebra {i}"] for i in range(COMMON)}
    for terms in (["apple"], ["zebra"], ["apple", "zebra"], ["story", "apple"]):
        assert set(_lexical(eng, store, BOB, terms, 50)) <= bobs
