"""Search latency at 1k / 10k / 100k memories: hybrid ``mem.search`` against a
plain pgvector ``ORDER BY embedding <=> q LIMIT k`` on the same table, same run.

How the rows get there: synthetic belief rows (sentences drawn from the
LoCoMo dev vocabulary, embedded with the default hashing embedder) are
BULK-LOADED DIRECTLY into the search projection's table (COPY on
PostgreSQL, executemany on SQLite), not appended as events: the log and the
distiller are not what this measures. On PostgreSQL the HNSW index is built
after each load (m = 16, ef_construction = 64). All rows belong to ONE
owner, the worst case for the owner filter (every row passes it). Every
query is run once untimed, then the hybrid and the plain query are timed
query by query, alternating which goes first (see ``measure``).

    python benchmarks/search_bench.py [--sizes 1000,10000,100000] [--queries 100] [--keep DIR]
    LEDGERMIND_BENCH_PG=postgresql://... to use a running server (default: pgserver)

``--keep DIR`` keeps the databases (a pgserver data directory and a SQLite
file under DIR) between runs: a later run with the same sizes loads no rows
and only opens them, which runs the search index's pending migration steps,
so an A/B of two trees measures the same rows (and an upgrade of a kept
index). The rows are the same for a given size either way (seeded).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import numpy as np
from sqlalchemy import event, text
from tqdm import tqdm

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ledgermind import EngineConfig, MemoryEngine, Owner  # noqa: E402
from ledgermind.analysis.text import lexical_text, stored_terms  # noqa: E402
from ledgermind.projections.search_store.base import ROW_COLUMNS  # noqa: E402
from ledgermind.retrieval.lexical import lexical_list  # noqa: E402

OWNER = Owner("bench", "user-1")
VOCAB_SOURCE = ROOT.parent / "shared" / "data" / "locomo" / "locomo_dev.json"


def vocabulary(source: Path) -> list[str]:
    words: dict[str, int] = {}
    for sample in json.loads(source.read_text()):
        conv = sample["conversation"]
        for key, turns in conv.items():
            if key.startswith("session_") and isinstance(turns, list):
                for turn in turns:
                    for w in re.findall(r"[a-z]{3,}", turn["text"].lower()):
                        words[w] = words.get(w, 0) + 1
    return [w for w, _ in sorted(words.items(), key=lambda kv: -kv[1])]


def sentences(vocab: list[str], n: int, length: tuple[int, int], seed: int) -> list[str]:
    """Zipf-distributed words, so some terms are common and most are rare."""
    rng = np.random.default_rng(seed)
    ranks = np.minimum(rng.zipf(1.3, size=(n, length[1])), len(vocab)) - 1
    lengths = rng.integers(length[0], length[1] + 1, size=n)
    return [" ".join(vocab[r] for r in ranks[i, : lengths[i]]) for i in range(n)]


def rows_for(texts: list[str], vectors: np.ndarray, start: int) -> Iterator[dict[str, Any]]:
    now = time.time()
    for i, (statement, vector) in enumerate(zip(texts, vectors)):
        yield {
            "app": OWNER.app, "user_id": OWNER.user_id, "item_type": "memory",
            "item_id": uuid.UUID(int=start + i).hex, "version": 1, "kind": "fact",
            "statement": statement, "lex_text": lexical_text(statement),
            "terms": stored_terms(lexical_text(statement)), "confidence": 0.7,
            "valid_from": now - 86400 * ((start + i) % 365), "invalid_at": None,
            "recorded_at": now - 60, "expired_at": None, "session_id": None, "seq": None,
            "sources": "[]", "detail": "{}", "embedding": vector,
        }  # fmt: skip


def bulk_load(eng: MemoryEngine, store: Any, rows: list[dict[str, Any]]) -> None:
    side = eng.projections
    if eng.backend.kind == "sqlite":
        with side.db.begin() as conn:
            for i in range(0, len(rows), 5000):
                store.insert(conn, rows[i : i + 5000])
        return
    cols = [c for c in ROW_COLUMNS]
    raw = side.db.raw_connection()
    try:
        cur = raw.cursor()
        cur.execute(f"DROP INDEX IF EXISTS {store.table}_hnsw")
        with cur.copy(f"COPY {store.table} ({', '.join(cols)}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row([store.encode_vector(row[c]) if c == "embedding" else row[c] for c in cols])
        cur.execute("SET maintenance_work_mem = '512MB'")
        cur.execute(
            f"CREATE INDEX {store.table}_hnsw ON {store.table} "
            "USING hnsw (embedding vector_cosine_ops) WITH (m = 16, ef_construction = 64)"
        )
        raw.commit()
        raw.driver_connection.autocommit = True
        for table in (store.table, store.postings):  # the steady state autovacuum reaches
            cur.execute(f"VACUUM ANALYZE {table}")
    finally:
        raw.close()


def percentiles(ms: list[float]) -> tuple[float, float]:
    ordered = sorted(ms)
    return ordered[len(ordered) // 2], ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def measure(eng: MemoryEngine, store: Any, queries: list[str], k: int) -> dict[str, float]:
    """Hybrid and plain vector latency, interleaved query by query (alternating
    which goes first) after one untimed pass of both over every query.

    Why the warm pass: the HNSW index at 100k rows (~225 MB) is larger than
    pgserver's 128 MB shared_buffers, so the first visits to its pages after
    the build are cold reads; timing the hybrid cold and the plain query warm
    (as a sequential layout would) measured cache state, not the query."""
    side = eng.projections
    embedder = eng.retrieval.searcher.access.projection("search", side.db.connect()).embedder
    postgres = eng.backend.kind == "postgresql"
    vectors = embedder.embed(queries)
    hybrid, plain = [], []
    cpu: dict[str, list[float]] = {"hybrid": [], "plain": []}
    trips = RoundTrips(side.db)
    clock = CpuClock(side.db)
    with side.db.connect() as conn:

        def plain_ms(v: np.ndarray) -> float:
            c0, t0 = clock.start(), time.perf_counter()
            conn.execute(
                text(f"SELECT row_id FROM {store.table} ORDER BY embedding <=> CAST(:v AS vector) LIMIT :k"),
                {"v": store.encode_vector(v), "k": k},
            ).all()
            elapsed = (time.perf_counter() - t0) * 1000
            conn.commit()
            cpu["plain"].append(clock.stop(c0))
            return elapsed

        def hybrid_ms(q: str) -> float:
            c0, t0 = clock.start(), time.perf_counter()
            eng.for_owner(OWNER).search(q, k=k)
            elapsed = (time.perf_counter() - t0) * 1000
            cpu["hybrid"].append(clock.stop(c0))
            return elapsed

        with trips.counting():  # the untimed warm pass, counted
            for q in queries:
                hybrid_ms(q)
        for v in vectors:
            if postgres:
                plain_ms(v)
        cpu = {"hybrid": [], "plain": []}
        for i, (q, v) in enumerate(zip(queries, vectors)):
            if postgres and i % 2:
                plain.append(plain_ms(v))
            hybrid.append(hybrid_ms(q))
            if postgres and not i % 2:
                plain.append(plain_ms(v))
    fetch, ranking = _components(eng, store, embedder, queries, k)
    h50, h95 = percentiles(hybrid)
    out = {
        "statements": trips.statements / len(queries),
        "transactions": trips.transactions / len(queries),
        "hybrid_p50": h50,
        "hybrid_p95": h95,
        "candidates_p95": percentiles(fetch)[1],
        "lexical_python_p95": percentiles(ranking)[1],
        "load_average": os.getloadavg()[0],
    }
    if clock.server or not postgres:  # CPU seen on both sides of every statement
        out.update(zip(("hybrid_cpu_p50", "hybrid_cpu_p95"), percentiles(cpu["hybrid"])))
    if plain:
        p50, p95 = percentiles(plain)
        out.update(plain_p50=p50, plain_p95=p95, ratio_p95=h95 / p95)
        if clock.server:
            c50, c95 = percentiles(cpu["plain"])
            out.update(plain_cpu_p50=c50, plain_cpu_p95=c95, cpu_ratio_p95=out["hybrid_cpu_p95"] / c95)
    return out


class CpuClock:
    """CPU time spent on a search, in ms: this process's (every thread: BLAS
    runs a matrix product on threads of its own; the projection runner's
    polls, idle here, count as noise) and, with a
    PostgreSQL server on this machine, that of the server's processes (the
    postmaster's children: the backends serving the search and, as noise,
    the server's background workers; ``/proc/<pid>/schedstat``, ns on a
    CPU). Unlike wall time it does not grow while the process waits for a
    CPU, so on a machine shared with other jobs it is the steadier measure
    of the work a search does, and the hybrid / plain ratio of it the
    steadier ratio.

    ``server`` is False where the server's processes cannot be read (a
    remote server, another operating system): then only SQLite's column is
    shown, whose work is all in this process. Reading the clock costs this
    process a few file reads, left out of every interval (``start`` samples
    the process last, ``stop`` first)."""

    def __init__(self, db: Any) -> None:
        self.postmaster: int | None = None
        if db.dialect.name == "postgresql":
            with db.connect() as conn:
                backend = int(conn.execute(text("SELECT pg_backend_pid()")).scalar_one())
            try:
                self.postmaster = int(Path(f"/proc/{backend}/stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                self.postmaster = None
        self.server = self.postmaster is not None

    def _server_ns(self) -> int:
        if self.postmaster is None:
            return 0
        total = 0
        children = Path(f"/proc/{self.postmaster}/task/{self.postmaster}/children").read_text().split()
        for pid in children:
            try:
                total += int(Path(f"/proc/{pid}/schedstat").read_text().split()[0])
            except OSError:
                continue  # a process that ended since
        return total

    def start(self) -> tuple[int, int]:
        server = self._server_ns()
        return server, time.process_time_ns()

    def stop(self, started: tuple[int, int]) -> float:
        own = time.process_time_ns()
        return (own - started[1] + self._server_ns() - started[0]) / 1e6


def _components(
    eng: MemoryEngine, store: Any, embedder: Any, queries: list[str], k: int
) -> tuple[list[float], list[float]]:
    """What the hybrid spends most of its time on: the store's candidate
    statements (both lists, as search asks for them, the lexical one ranked
    by BM25 in the database) and what Python then reads from the lexical
    top (``lexical_list``: the ranked ids, ``known``, the term weights)."""
    from ledgermind.analysis.text import lexical_terms
    from ledgermind.projections.row_security import owner_scope
    from ledgermind.projections.search_store.base import Filter
    from ledgermind.projections.search_store.records import TimePoint

    now = time.time()
    flt = Filter(TimePoint(now, now), ("memory",))
    depth = max(50, 4 * k)
    fetch, ranking = [], []
    with eng.projections.db.connect() as conn:
        for q in queries:
            vector = embedder.embed([q])[0]
            terms = list(dict.fromkeys(lexical_terms(q)))
            with owner_scope(conn, OWNER):  # as search reads: under the row-security policies
                t0 = time.perf_counter()
                top, _ = store.candidates(
                    conn, OWNER, terms, vector if np.any(vector) else None, flt, depth, embedder.similarity_floor
                )
            t1 = time.perf_counter()
            lexical_list(terms, top)
            t2 = time.perf_counter()
            conn.commit()
            fetch.append((t1 - t0) * 1000)
            ranking.append((t2 - t1) * 1000)
    return fetch, ranking


class RoundTrips:
    """Statements and transactions (each a BEGIN and an end: two more round
    trips on PostgreSQL) that the thread inside ``counting`` sends on an
    engine (the projection runner's polls, on its own thread, are not counted)."""

    def __init__(self, db: Any) -> None:
        self.statements = self.transactions = 0
        self.thread: int | None = None
        event.listen(db, "before_cursor_execute", self._statement)
        event.listen(db, "begin", self._begin)

    def _statement(self, *_: Any) -> None:
        self.statements += threading.get_ident() == self.thread

    def _begin(self, *_: Any) -> None:
        self.transactions += threading.get_ident() == self.thread

    @contextmanager
    def counting(self) -> Iterator[None]:
        self.thread = threading.get_ident()
        try:
            yield
        finally:
            self.thread = None


@contextmanager
def database(kind: str, keep: Path | None = None) -> Iterator[str]:
    """A fresh database for one backend, dropped at the end; under ``keep``
    (``--keep``) one that stays, reused by the next run."""
    if kind == "sqlite":
        tmp = str(keep) if keep else tempfile.mkdtemp(prefix="search-bench-")
        os.makedirs(tmp, exist_ok=True)
        try:
            yield os.path.join(tmp, "bench.db")
        finally:
            if keep is None:
                shutil.rmtree(tmp, ignore_errors=True)
        return
    import psycopg

    dsn = os.environ.get("LEDGERMIND_BENCH_PG")
    server, root = None, None
    if not dsn:
        import pgserver

        if keep:
            keep.mkdir(parents=True, exist_ok=True)
        root = str(keep / "pg") if keep else tempfile.mkdtemp(prefix="search-bench-pg-")
        server = pgserver.get_server(root, cleanup_mode="stop")
        dsn = server.get_uri()
    name = "search_bench_kept" if keep else "search_bench_" + uuid.uuid4().hex[:8]
    with psycopg.connect(dsn, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield urlunsplit(urlsplit(dsn)._replace(path="/" + name))
    finally:
        if keep is None:
            with psycopg.connect(dsn, autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if server is not None:
            server.cleanup()
            if keep is None:
                shutil.rmtree(root or "", ignore_errors=True)


def run_backend(
    kind: str, sizes: list[int], queries: list[str], vocab: list[str], k: int, keep: Path | None = None
) -> list[dict[str, Any]]:
    results = []
    with database(kind, keep / kind if keep else None) as url:
        # The bulk load COPYs 100k rows in one statement: lift the engine's
        # default statement bound (seconds, meant for serving) for this run.
        eng = MemoryEngine.open(url, config=EngineConfig.from_env(db=url, statement_timeout_s=600.0))
        try:
            side = eng.projections
            with side.db.connect() as conn:
                store = side.projection("search", conn).store(conn.dialect.name)
            embedder = side.projection("search", side.db.connect()).embedder
            with side.db.connect() as conn:
                loaded = store.count(conn)  # a kept database's rows (``--keep``)
            for size in sizes:
                if size < loaded:
                    raise SystemExit(f"--keep holds {loaded:,} rows, more than {size:,}: keep another folder")
                texts = sentences(vocab, size - loaded, (6, 16), seed=size)
                vectors = (
                    np.concatenate(
                        [
                            embedder.embed(texts[i : i + 2000])
                            for i in tqdm(range(0, len(texts), 2000), desc=f"{kind} embed {size}", unit="batch")
                        ]
                    )
                    if texts
                    else np.zeros((0, embedder.dimension), np.float32)
                )
                t0 = time.perf_counter()
                if texts:
                    bulk_load(eng, store, list(rows_for(texts, vectors, loaded)))
                load_s = time.perf_counter() - t0
                loaded = size
                res = measure(eng, store, queries, k)
                results.append({"backend": kind, "memories": size, "load_s": load_s, **res})
                print(json.dumps(results[-1]), flush=True)
        finally:
            eng.close()
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--queries", type=int, default=100)
    parser.add_argument("-k", type=int, default=10)
    parser.add_argument("--backends", default="postgresql,sqlite")
    parser.add_argument("--data", default=str(VOCAB_SOURCE), help="LoCoMo JSON file the words are drawn from")
    parser.add_argument("--keep", type=Path, help="keep the databases in this folder and reuse them (see above)")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    vocab = vocabulary(Path(args.data))
    queries = sentences(vocab, args.queries, (2, 5), seed=7)
    results = []
    for kind in args.backends.split(","):
        results += run_backend(kind, sizes, queries, vocab, args.k, args.keep)
    print(
        "\nSynthetic rows bulk-loaded directly into the index table; one owner; "
        f"{args.queries} queries, k = {args.k}; hybrid = mem.search (query embedding, "
        "lexical + dense lists, RRF, weighting, dedup, read-your-writes check).\n"
    )
    print(
        "| backend | memories | statements (transactions) per search | hybrid p50 ms | hybrid p95 ms "
        "| candidate statements p95 (BM25 in them) | lexical list in Python p95 | plain vector p50 ms "
        "| plain vector p95 ms | hybrid / plain (p95) | CPU ms per search, hybrid p50 / p95 "
        "| plain p50 / p95 | CPU hybrid / plain (p95) |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in results:
        plain = (
            f"{r['plain_p50']:.1f} | {r['plain_p95']:.1f} | {r['ratio_p95']:.1f}x" if "plain_p50" in r else "- | - | -"
        )
        cpu = f"{r['hybrid_cpu_p50']:.1f} / {r['hybrid_cpu_p95']:.1f}" if "hybrid_cpu_p50" in r else "-"
        cpu += (
            f" | {r['plain_cpu_p50']:.1f} / {r['plain_cpu_p95']:.1f} | {r['cpu_ratio_p95']:.1f}x"
            if "plain_cpu_p50" in r
            else " | - | -"
        )
        print(
            f"| {r['backend']} | {r['memories']:,} | {r['statements']:.1f} ({r['transactions']:.1f}) "
            f"| {r['hybrid_p50']:.1f} | {r['hybrid_p95']:.1f} | {r['candidates_p95']:.1f} | {r['lexical_python_p95']:.2f} "
            f"| {plain} | {cpu} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
