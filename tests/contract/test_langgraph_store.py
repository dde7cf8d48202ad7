"""``LedgermindStore`` (LangGraph's ``BaseStore``) on every backend: items are
beliefs of the owner their namespace maps to, every put / delete is a memory
event, versions stay readable ``as_of`` a past moment, and search goes through
the engine's retrieval."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from langgraph.store.base import GetOp, PutOp, SearchOp

from ledgermind import MemoryEngine, Owner
from ledgermind.domain import bitemporal
from ledgermind.integrations.langgraph import LedgermindStore
from ledgermind.integrations.langgraph.store import one_owner

ALICE = Owner("langgraph", "alice")


@pytest.fixture
def store(eng: MemoryEngine) -> Iterator[LedgermindStore]:
    yield LedgermindStore(eng)


def test_put_get_overwrite_delete_are_memory_events(store: LedgermindStore, eng: MemoryEngine) -> None:
    ns = ("alice", "memories")
    store.put(ns, "city", {"content": "Alice lives in Lyon", "since": 2019})
    first = store.get(ns, "city")
    assert first is not None and first.value == {"content": "Alice lives in Lyon", "since": 2019}
    eng.projections.wait(eng.position, timeout=30)
    [lyon] = [r for r in eng.for_owner(ALICE).search("Lyon", k=5) if "Lyon" in r.statement]
    before_move = datetime.now(UTC)
    store.put(ns, "city", {"content": "Alice moved to Porto", "since": 2024})
    second = store.get(ns, "city")
    assert second is not None and second.value["content"] == "Alice moved to Porto"
    assert second.created_at == first.created_at and second.updated_at > first.updated_at
    # the namespace's first element is the owner: these are alice's beliefs, with their history
    eng.projections.wait(eng.position, timeout=30)
    [current] = [r for r in eng.for_owner(ALICE).search("Porto", k=5) if "Porto" in r.statement]
    old = eng.for_owner(ALICE).load_memory(lyon.id)
    assert old is not None and old.status == bitemporal.INVALIDATED_STATUS
    assert eng.for_owner(Owner("langgraph", "bob")).load_memory(lyon.id) is None
    # as of a past moment, the old version (also through search)
    then = store.get(ns, "city", as_of=before_move)
    assert then is not None and then.value["content"] == "Alice lives in Lyon"
    assert [i.value["since"] for i in store.search(("alice",), as_of=before_move)] == [2019]
    store.delete(ns, "city")
    assert store.get(ns, "city") is None
    assert store.get(ns, "city", as_of=before_move) is not None  # deleted, not rewritten
    assert eng.for_owner(ALICE).load_memory(current.id).status == bitemporal.INVALIDATED_STATUS  # type: ignore[union-attr]


def test_search_ranks_through_retrieval_and_filters(store: LedgermindStore) -> None:
    ns = ("alice", "memories")
    store.put(ns, "drink", {"content": "Alice drinks green tea every morning", "kind": "habit"})
    store.put(ns, "pet", {"content": "Alice has a cat called Miso", "kind": "fact"})
    store.put(("alice", "work"), "job", {"content": "Alice is a nurse", "kind": "fact"})
    hits = store.search(("alice", "memories"), query="green tea")
    assert hits and hits[0].key == "drink" and hits[0].score is not None
    assert {i.key for i in store.search(("alice",), filter={"kind": "fact"})} == {"pet", "job"}
    assert [i.key for i in store.search(("alice",), limit=1, offset=0)] == ["job"]  # newest first


def test_search_scores_are_the_relevance_search_serves(store: LedgermindStore, eng: MemoryEngine) -> None:
    """A calibrated relevance (0..1), comparable across owners' searches, not the fused score."""
    ns = ("alice", "memories")
    store.put(ns, "drink", {"content": "Alice drinks green tea every morning"})
    store.put(ns, "pet", {"content": "Alice has a cat called Miso"})
    hits = store.search(ns, query="green tea")
    eng.projections.wait(eng.position, timeout=30)
    served = eng.for_owner(ALICE).search("green tea", k=5)
    assert hits[0].key == "drink" and hits[0].score == served[0].relevance


def test_namespaces_owners_and_a_second_process(store: LedgermindStore, eng: MemoryEngine) -> None:
    store.put(("alice", "memories"), "a", {"content": "one"})
    store.put(("alice", "prefs", "ui"), "b", {"content": "two"})
    store.put(("bob", "memories"), "c", {"content": "three"})
    assert store.list_namespaces() == [("alice", "memories"), ("alice", "prefs", "ui"), ("bob", "memories")]
    assert store.list_namespaces(prefix=("alice",), max_depth=2) == [("alice", "memories"), ("alice", "prefs")]
    assert store.list_namespaces(suffix=("memories",)) == [("alice", "memories"), ("bob", "memories")]
    # bob's namespace is bob's: alice's beliefs do not hold it
    eng.projections.wait(eng.position, timeout=30)
    assert not [r for r in eng.for_owner(ALICE).search("three", k=10) if "three" in r.statement]
    # another store (another process) folds the same items from the log
    other = LedgermindStore(eng)
    got = other.get(("bob", "memories"), "c")
    assert got is not None and got.value == {"content": "three"}
    # one owner for every namespace, when the app says so
    single = LedgermindStore(eng, owner_of=one_owner(Owner("app", "one-user")))
    single.put(("any", "thing"), "k", {"content": "bound"})
    assert single.get(("any", "thing"), "k") is not None
    assert store.get(("any", "thing"), "k") is None  # "any" is not the owner of what one-user stored


def test_abatch(store: LedgermindStore) -> None:
    ns = ("alice", "memories")
    results = asyncio.run(
        store.abatch([PutOp(ns, "k", {"content": "async put"}), GetOp(ns, "k"), SearchOp(("alice",))])
    )
    assert results[0] is None
    assert results[1] is not None and results[1].value == {"content": "async put"}  # type: ignore[union-attr]
    assert [i.key for i in results[2]] == ["k"]  # type: ignore[union-attr]
