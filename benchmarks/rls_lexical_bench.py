"""The price of row-level security on the search index's lexical candidate step.

PostgreSQL never uses a GIN index for ``tsv @@ query`` under a policy (the
operator is not leakproof), and since the least-privilege work the policies are FORCEd, so
the engine's own login filters the owner's rows instead of probing the index.
This times ``store.lexical`` for one owner as the engine runs it (the owner
login, inside ``owner_scope``) and as the earlier design ran it (a login the
policy does not bind; here a superuser, which bypasses every policy).

Two owners get ``--rows`` rows each (12 words a row from a 5,000-word
vocabulary), then 60 two-word queries run per mode (the first 10 warm up).
Give it a fresh database owned by the app login with ``vector`` created:

    python benchmarks/rls_lexical_bench.py APP_URL SUPERUSER_URL [--rows 30000]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import uuid
from typing import Any

from sqlalchemy import text

from ledgermind import MemoryEngine, Owner
from ledgermind.analysis.text import lexical_stem, lexical_text, stored_terms
from ledgermind.projections.db import open_read_db
from ledgermind.projections.row_security import owner_scope, writer_scope
from ledgermind.projections.search_store.base import Filter
from ledgermind.projections.search_store.records import TimePoint
from ledgermind.retrieval.lexical import bm25
from ledgermind.storage.backend import parse_db_url

ALICE, BOB = Owner("bench", "alice"), Owner("bench", "bob")
WORDS = [f"w{i}" for i in range(5000)]


def _load(eng: MemoryEngine, rows: int, rnd: random.Random) -> Any:
    eng.for_owner(ALICE).remember("seed")
    eng.projections.wait(eng.position)
    side = eng.projections
    with side.db.connect() as conn:
        proj = side.projection("search", conn)
        store = proj.store("postgresql")
    vector, now = proj.embedder.embed(["x"])[0], time.time()
    for owner in (ALICE, BOB):
        for start in range(0, rows, 5000):
            batch = []
            for _ in range(start, min(rows, start + 5000)):
                words = " ".join(rnd.choice(WORDS) for _ in range(12))
                batch.append({
                    "app": owner.app, "user_id": owner.user_id, "item_type": "memory",
                    "item_id": uuid.uuid4().hex, "version": 1, "kind": "fact", "statement": words,
                    "lex_text": lexical_text(words), "terms": stored_terms(lexical_text(words)), "confidence": 0.7, "valid_from": now - 86400,
                    "invalid_at": None, "recorded_at": now - 60, "expired_at": None,
                    "session_id": None, "seq": None, "sources": "[]", "detail": "{}", "embedding": vector,
                })  # fmt: skip
            with side.db.begin() as conn:
                store.insert(writer_scope(conn), batch)
    with side.db.connect() as conn:
        conn.execute(text(f"ANALYZE {store.table}"))
        conn.commit()
    return store


def _time(db: Any, store: Any, scoped: bool, rnd: random.Random) -> tuple[float, float]:
    flt = Filter(TimePoint(time.time(), time.time()), ("memory",))
    took = []
    for _ in range(60):
        terms = [lexical_stem(rnd.choice(WORDS)), lexical_stem(rnd.choice(WORDS))]
        with db.connect() as conn:
            started = time.perf_counter()
            if scoped:
                with owner_scope(conn, ALICE):
                    found = store.matches(conn, ALICE, terms, flt)
            else:
                found = store.matches(conn, ALICE, terms, flt)
            bm25(terms, found.docs, found.corpus_rows, found.dropped)
            took.append((time.perf_counter() - started) * 1000)
    kept = sorted(took[10:])
    return statistics.median(kept), kept[int(0.95 * len(kept)) - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("app_url")
    parser.add_argument("superuser_url")
    parser.add_argument("--rows", type=int, default=30_000, help="rows per owner")
    args = parser.parse_args()
    rnd = random.Random(1)
    with MemoryEngine.open(args.app_url) as eng:
        store = _load(eng, args.rows, rnd)
        median, p95 = _time(eng.projections.db, store, True, rnd)
        print(f"owner login, under the policy:      median {median:6.2f} ms  p95 {p95:6.2f} ms")
        bypass = open_read_db(parse_db_url(args.superuser_url).sqlalchemy_url)
        median, p95 = _time(bypass, store, False, rnd)
        print(f"bypassing the policy (earlier path): median {median:6.2f} ms  p95 {p95:6.2f} ms")
        bypass.dispose()


if __name__ == "__main__":
    main()
