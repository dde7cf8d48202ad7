"""Restore alone: ``core_bench.py``'s restore section (same code, same raw
baseline), without its append and throughput sections, which take most of
its run.

    python benchmarks/restore_bench.py [--backend sqlite|postgresql|both] [--quick] [--reps N] [--cpu]

``restore_agent`` of a 10,000-message session (2,000 with ``--quick``),
sealed and unsealed, against a raw SELECT of the same rows' cleartext
states + ``orjson.loads`` of each, alternated, in the same run. ``--cpu``
times this thread's CPU instead of the wall clock: on a machine shared with
other jobs, the wall time of either side swings several-fold between
repetitions, its CPU time much less (neither side waits on anything but
the database file, read through the page cache).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from core_bench import Plan, RawStore, backend_url, restore
from harness import DRIFT_NOTE, md_table
from tqdm import tqdm

from ledgermind import MemoryEngine


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--quick", action="store_true", help="a 2,000-message session")
    parser.add_argument("--reps", type=int, default=None, help="repetitions of each side (default: core_bench's)")
    parser.add_argument("--cpu", action="store_true", help="time this thread's CPU, not the wall clock")
    args = parser.parse_args()
    plan = Plan(args.quick)
    if args.reps:
        plan.reps = args.reps
    clock = time.thread_time if args.cpu else time.perf_counter
    rows = []
    for kind in ("sqlite", "postgresql") if args.backend == "both" else (args.backend,):
        with backend_url(kind, None) as url:
            eng = MemoryEngine.open(url)
            try:
                raw = RawStore(kind, eng.backend.path if kind == "sqlite" else url)
                with tqdm(total=plan.reps, desc=kind, file=sys.stderr) as bar:
                    rows += [[kind, *row] for row in restore(eng, raw, url, plan, bar, clock)]
            finally:
                eng.close()
    cmd = "python benchmarks/restore_bench.py " + " ".join(sys.argv[1:])
    print(f"`{cmd.strip()}` ({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {os.cpu_count()} cores)\n")
    print(
        md_table(
            f"Restore ({'CPU' if args.cpu else 'wall'} ms, median [min-max] of {plan.reps})",
            ["backend", "messages", "restore_agent", "ledgermind", "raw SELECT + orjson", "ratio"],
            rows,
        )
    )
    print(DRIFT_NOTE)


if __name__ == "__main__":
    main()
