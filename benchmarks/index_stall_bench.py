"""Do appends stall while a model embeds? ``add_message`` latency while the
search index catches up a backlog, MiniLM beside the hashing index, same run.

    python benchmarks/index_stall_bench.py [--backlog 2000] [--appends 600] [--embedders hashing,minilm]
                                            [--backend sqlite|postgresql|both] [--pg DSN] [--inside]

Per embedder and backend: a fresh database whose search index uses that
embedder (``LEDGERMIND_EMBEDDER``), the model loaded first (its load time is
reported apart), then ``--backlog`` messages appended in batches of 100, so
the in-process search projection has a backlog to embed, and at once
``--appends`` single durable ``add_message`` calls (one ``create_session``
every 50) timed one by one while it catches up. Reported: add_message and
create_session p50 / p99 / max (a call refused for a lock timeout counts
with the time it waited), the index lag when the timed appends started
and how long the index took to catch up, and the p99 ratio to the hashing
index's. ``--inside`` adds a column with the model embedding inside the
batch's write transaction (what the index did before ``prepare``), to show
what the lock cost.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from harness import DRIFT_NOTE, fresh_pg_database, md_table, message_text, percentile, pg_server

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.config import EngineConfig
from ledgermind.domain.errors import StoreUnavailable
from ledgermind.projections.search_index import SearchIndexProjection

OWNER = Owner(app="bench", user_id="stall")


@contextmanager
def database(kind: str, pg_dsn: str | None) -> Iterator[str]:
    if kind == "sqlite":
        with tempfile.TemporaryDirectory(prefix="ledgermind-stall-") as folder:
            yield os.path.join(folder, "stall.db")
    else:
        with fresh_pg_database(pg_dsn or "", prefix="stall") as url:
            yield url


def lag(eng: MemoryEngine) -> int:
    with eng.projections.db.connect() as conn:
        from ledgermind.projections import catalog

        info = catalog.active_version(conn, "search")
        assert info is not None
        return eng.position - catalog.read_position(conn, "search", info.version)


def run(url: str, embedder: str, args: argparse.Namespace) -> dict[str, Any]:
    config = EngineConfig.from_env({"LEDGERMIND_EMBEDDER": embedder})
    with MemoryEngine.open(url, config=config) as eng:
        mem = eng.for_owner(OWNER)
        t0 = time.perf_counter()
        with eng.projections.db.connect() as conn:
            proj = eng.projections.projection("search", conn)
        proj.embedder.embed(["load the model"])  # the reader's copy; the runner shares the model
        load_s = time.perf_counter() - t0
        sid = mem.create_session("bench")
        for start in range(0, args.backlog, 100):
            mem.add_messages(
                sid,
                [
                    {"role": "user" if i % 2 else "assistant", "content": message_text(start + i, "user")}
                    for i in range(100)
                ],
            )
        behind = lag(eng)
        appends: list[float] = []
        sessions: list[float] = []
        failed = 0
        for i in range(args.appends):
            try:
                if i % 50 == 0:
                    t = time.perf_counter()
                    sid = mem.create_session("bench")
                    sessions.append((time.perf_counter() - t) * 1000)
                t = time.perf_counter()
                mem.add_message(sid, "user", message_text(10_000 + i, "user"))
            except StoreUnavailable:  # the write lock was not free within the lock timeout
                failed += 1
            appends.append((time.perf_counter() - t) * 1000)
        left = lag(eng)
        t = time.perf_counter()
        eng.projections.wait(timeout=600)
        return {
            "load_s": load_s,
            "behind": behind,
            "left": left,
            "catch_up_s": time.perf_counter() - t,
            "add": appends,
            "session": sessions,
            "failed": failed,
        }


def stats(ms: list[float]) -> str:
    return f"{percentile(ms, 50):.2f} / {percentile(ms, 99):.2f} / {max(ms):.1f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backlog", type=int, default=2000, help="messages the index must catch up")
    parser.add_argument("--appends", type=int, default=600, help="timed add_message calls")
    parser.add_argument("--embedders", default="hashing,minilm", help="comma-separated; the first is the baseline")
    parser.add_argument("--backend", choices=("sqlite", "postgresql", "both"), default="sqlite")
    parser.add_argument("--pg", metavar="DSN", help="an existing PostgreSQL server (default: pgserver)")
    parser.add_argument(
        "--inside", action="store_true", help="also run the last embedder with embedding inside the write transaction"
    )
    args = parser.parse_args(argv)
    embedders = [e.strip() for e in args.embedders.split(",") if e.strip()]
    kinds = ["sqlite", "postgresql"] if args.backend == "both" else [args.backend]
    with pg_server(args.pg) if "postgresql" in kinds else _nothing() as pg_dsn:
        for kind in kinds:
            columns: list[tuple[str, dict[str, Any]]] = []
            for embedder in embedders:
                with database(kind, pg_dsn) as url:
                    columns.append((embedder, run(url, embedder, args)))
            if args.inside:
                prepare = SearchIndexProjection.prepare
                SearchIndexProjection.prepare = lambda self, db, events: None  # type: ignore[method-assign]
                try:
                    with database(kind, pg_dsn) as url:
                        columns.append(
                            (f"{embedders[-1]}, embedding inside the transaction", run(url, embedders[-1], args))
                        )
                finally:
                    SearchIndexProjection.prepare = prepare  # type: ignore[method-assign]
            base = percentile(columns[0][1]["add"], 99)
            rows = [
                ["add_message ms p50 / p99 / max", *(stats(r["add"]) for _, r in columns)],
                ["add_message p99 / baseline p99", *(f"{percentile(r['add'], 99) / base:.2f}x" for _, r in columns)],
                ["appends refused (StoreUnavailable: lock timeout)", *(str(r["failed"]) for _, r in columns)],
                ["create_session ms p50 / p99 / max", *(stats(r["session"]) for _, r in columns)],
                ["index lag when timed appends started (events)", *(str(r["behind"]) for _, r in columns)],
                ["index lag after them (events)", *(str(r["left"]) for _, r in columns)],
                ["index catch-up after them (s)", *(f"{r['catch_up_s']:.1f}" for _, r in columns)],
                ["model load (s)", *(f"{r['load_s']:.1f}" for _, r in columns)],
            ]
            print(
                md_table(
                    f"{kind}: {args.appends} add_message while the search index catches up {args.backlog} messages",
                    ["", *(name for name, _ in columns)],
                    rows,
                )
            )
    print(DRIFT_NOTE)
    return 0


@contextmanager
def _nothing() -> Iterator[None]:
    yield None


if __name__ == "__main__":
    sys.exit(main())
