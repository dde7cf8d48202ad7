"""The same data and query rank the same on SQLite and PostgreSQL, and an
owner's results never depend on another owner's memories.

Why this holds by construction: both backends store the terms
``text.lexical_terms`` cut, match them exactly (FTS5 over the space-split
terms, array overlap on PostgreSQL), and BM25 is computed in Python with
the owner's own statistics (``retrieval.lexical``); the dense list is exact
on SQLite and HNSW with an exact fallback on PostgreSQL, which for an owner
of a few dozen rows returns the same neighbours.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.config import EngineConfig

START = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
TURNS = [
    ("Ana", "I moved to Lyon last spring, the flat is near the river"),
    ("Ken", "How is the new job at the bakery going?"),
    ("Ana", "Great, I bake croissants every morning at five"),
    ("Ken", "We upgraded our services to Go 1.24 last week"),
    ("Ana", "My sister Lea is running the Paris marathon in April"),
    ("Ken", "I adopted a puppy called Biscuit, he loves the park"),
    ("Ana", "我每天早上喝咖啡，不加糖"),
    ("Ken", "The hiking trip to the Alps was amazing, we camped by a lake"),
    ("Ana", "I started painting landscapes, mostly sunsets over the river"),
    ("Ken", "Our team runs PostgreSQL 16 with pgvector in production"),
]
QUERIES = [
    "where does Ana live?",
    "what does Ana bake?",
    "which Go version do they use?",
    "who runs the marathon?",
    "what is the puppy's name?",
    "咖啡",
    "hiking in the mountains",
    "painting sunsets",
    "database in production",
    "river",
]


def _ingest(url: str, owner: Owner) -> MemoryEngine:
    eng = MemoryEngine.open(url, config=EngineConfig.from_env(db=url, relevance_floor=0.0))
    mem = eng.for_owner(owner)
    sid = mem.create_session("parity")
    mem.add_messages(
        sid,
        [
            {
                "role": "user" if who == "Ana" else "assistant",
                "name": who,
                "content": text,
                "occurred_at": START + timedelta(minutes=i),
            }
            for i, (who, text) in enumerate(TURNS)
        ],
    )
    return eng


def _ranking(eng: MemoryEngine, owner: Owner, query: str) -> list[tuple[str, float]]:
    hits = eng.for_owner(owner).search(query, k=10, include_messages=True)
    return [(h.statement, h.relevance) for h in hits]


def test_sqlite_and_postgresql_rank_a_fixed_corpus_identically(sqlite_url: str, pg_url: str) -> None:
    owner = Owner("parity", "ana")
    lite, pg = _ingest(sqlite_url, owner), _ingest(pg_url, owner)
    try:
        for query in QUERIES:
            ranked, other = _ranking(lite, owner, query), _ranking(pg, owner, query)
            assert ranked, query
            assert [text for text, _ in ranked] == [text for text, _ in other], query
            # relevance within float32 rounding (pgvector and numpy sum the cosine differently)
            assert all(abs(a - b) < 1e-4 for (_, a), (_, b) in zip(ranked, other)), query
    finally:
        lite.close()
        pg.close()


_WORDS = ["river", "bakery", "marathon", "puppy", "painting", "lake", "croissant", "Lyon"]


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    others=st.lists(st.lists(st.sampled_from(_WORDS), min_size=1, max_size=5), min_size=1, max_size=12),
    query=st.sampled_from(QUERIES),
)
def test_another_owners_memories_never_change_an_owners_results(
    db_url: str, others: list[list[str]], query: str
) -> None:
    run = uuid.uuid4().hex[:8]
    mine, theirs = Owner("parity", f"{run}-mine"), Owner("parity", f"{run}-theirs")
    eng = _ingest(db_url, mine)
    try:
        before = _ranking(eng, mine, query)
        mem = eng.for_owner(theirs)
        sid = mem.create_session("noise")
        mem.add_messages(sid, [{"role": "user", "content": " ".join(words)} for words in others])
        mem.search("warm up", include_messages=True)  # the index has folded their turns
        assert _ranking(eng, mine, query) == before
    finally:
        eng.close()
