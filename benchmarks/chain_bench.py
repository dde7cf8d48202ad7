"""The cost of the hash chain: append latency with and without it, in one run.

    python benchmarks/chain_bench.py [--backend sqlite|postgresql|both] [--samples N] [--pg DSN]

Two engines side by side, one writing through the chained recorder (the
default, ``ledgermind.storage.chain``) and one through eventsourcing's plain
process recorder (the recorder topic replaced for that engine only); durable
single-message appends alternate between them (which one goes first
alternates too), so drift, fsync swings and a busy machine hit both alike.
Prints p50 and p99 of each and their ratio.
"""

from __future__ import annotations

import argparse
import sys
import time
from contextlib import ExitStack
from unittest import mock

from core_bench import backend_url
from harness import message_text, percentile

import ledgermind.storage.store as store
from ledgermind import MemoryEngine, Owner

OWNER = Owner("chain-bench", "user-1")
PLAIN = {
    "sqlite": "eventsourcing.sqlite:SQLiteProcessRecorder",
    "postgresql": "eventsourcing.postgres:PostgresProcessRecorder",
}


def run(kind: str, samples: int, pg: str | None) -> list[str]:
    with ExitStack() as stack:
        chained = stack.enter_context(MemoryEngine.open(stack.enter_context(backend_url(kind, pg))))
        with mock.patch.object(store, "recorder_topic", lambda k: PLAIN[k]):
            plain = stack.enter_context(MemoryEngine.open(stack.enter_context(backend_url(kind, pg))))
        engines = {"chained": chained, "plain": plain}
        sids = {name: eng.for_owner(OWNER).create_session("agent") for name, eng in engines.items()}
        lat: dict[str, list[float]] = {"chained": [], "plain": []}
        for i in range(samples + 50):
            for name in ("chained", "plain") if i % 2 else ("plain", "chained"):
                start = time.perf_counter()
                engines[name].for_owner(OWNER).add_message(sids[name], "user", message_text(i, "user"))
                if i >= 50:  # the first 50 warm the caches and the connections
                    lat[name].append(time.perf_counter() - start)
    c50, p50 = percentile(lat["chained"], 50), percentile(lat["plain"], 50)
    return [
        f"| {kind} | {p50 * 1000:.2f} ms | {c50 * 1000:.2f} ms | {c50 / p50:.2f}x | "
        f"{percentile(lat['plain'], 99) * 1000:.2f} ms | {percentile(lat['chained'], 99) * 1000:.2f} ms |"
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--samples", type=int, default=2000)
    parser.add_argument("--pg", metavar="DSN", help="an existing PostgreSQL server (default: pgserver)")
    args = parser.parse_args(argv)
    kinds = ("sqlite", "postgresql") if args.backend == "both" else (args.backend,)
    print("| backend | append p50 plain | chained | ratio | p99 plain | chained |\n|---|---|---|---|---|---|")
    for kind in kinds:
        print("\n".join(run(kind, args.samples, args.pg)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
