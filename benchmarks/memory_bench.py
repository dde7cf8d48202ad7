"""Does a long-lived engine's memory stay flat as owners accumulate?

    python benchmarks/memory_bench.py [--owners 2000] [--state-kib 1000]
        [--backend sqlite|postgresql|both] [--pg DSN]

Each of N owners opens a session and checkpoints one agent state of about
1 MB (the per-state limit), one owner after another, in one process. The
resident set size (VmRSS from /proc/self/status) is printed after 0, 500,
1,000 and 2,000 owners, twice, each in a fresh child process so that one run's
heap cannot flatter the other's:

- ``capped``: the default engine (the writer's cache is capped at
  ``cache_bytes``, 64 MiB);
- ``uncapped``: ``cache_bytes`` set huge, the cache bounded only by
  ``cache_size`` (10,000 aggregates), which is what the engine did before.

Target: capped RSS at 2,000 owners < 1.5x the RSS after 500.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path

from harness import fresh_pg_database, md_table, pg_server

CHECKPOINTS = (0, 500, 1000, 2000)
HUGE = 1 << 50


def rss_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    import resource  # not Linux: the peak is the best there is

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def child(db: str, owners: int, state_kib: int, cache_bytes: int) -> None:
    """One measured run; prints {owners: rss MiB} as JSON on stdout."""
    from ledgermind import MemoryEngine, Owner
    from ledgermind.domain.config import EngineConfig

    eng = MemoryEngine.open(config=EngineConfig(db=db, cache_bytes=cache_bytes))
    marks = {n for n in CHECKPOINTS if n <= owners} | {owners}
    rss: dict[int, float] = {0: rss_mib()}
    try:
        for i in range(1, owners + 1):
            mem = eng.for_owner(Owner("membench", f"user-{i}"))
            mem.create_session("agent")
            # distinct per owner, so no two states share one string object
            mem.checkpoint_agent("agent", {"owner": i, "blob": f"{i:08d}" * (state_kib * 128)})
            if i in marks:
                rss[i] = rss_mib()
        usage = eng.writes._writer.cache_usage()  # the cache's own accounting
    finally:
        eng.close()
    print(json.dumps({"rss": rss, "cache": usage}))


def measure(db: str, owners: int, state_kib: int, cache_bytes: int) -> dict[str, object]:
    out = subprocess.run(
        [sys.executable, __file__, "--child", db, "--owners", str(owners),
         "--state-kib", str(state_kib), "--cache-bytes", str(cache_bytes)],
        capture_output=True, text=True,
    )  # fmt: skip
    if out.returncode != 0:
        raise SystemExit(f"the measured run failed:\n{out.stderr}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--owners", type=int, default=2000)
    parser.add_argument("--state-kib", type=int, default=1000, help="checkpoint size per owner (KiB)")
    parser.add_argument("--backend", choices=["sqlite", "postgresql", "both"], default="sqlite")
    parser.add_argument("--pg", default=os.environ.get("LEDGERMIND_BENCH_PG"), help="server DSN (else pgserver)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--cache-bytes", type=int, default=64 << 20, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.owners, args.state_kib, args.cache_bytes)
        return

    backends = ["sqlite", "postgresql"] if args.backend == "both" else [args.backend]
    marks = sorted({n for n in CHECKPOINTS if n <= args.owners} | {args.owners})
    rows = []
    with ExitStack() as stack:
        server = stack.enter_context(pg_server(args.pg)) if "postgresql" in backends else None
        for backend in backends:
            for label, cap in (("capped (64 MiB)", 64 << 20), ("uncapped (old)", HUGE)):
                if backend == "postgresql":
                    assert server is not None
                    with fresh_pg_database(server, "membench") as url:
                        result = measure(url, args.owners, args.state_kib, cap)
                else:
                    root = tempfile.mkdtemp(prefix="ledgermind-membench-")
                    try:
                        result = measure(f"{root}/m.db", args.owners, args.state_kib, cap)
                    finally:
                        shutil.rmtree(root, ignore_errors=True)
                rss = {int(k): v for k, v in result["rss"].items()}  # type: ignore[attr-defined]
                held, held_bytes = result["cache"]  # type: ignore[misc]
                base = rss.get(500, rss[marks[-1]])
                rows.append([
                    backend, label, *(f"{rss[n]:.0f}" for n in marks),
                    f"{rss[marks[-1]] / base:.2f}x", f"{held} / {held_bytes / 2**20:.0f} MiB",
                ])  # fmt: skip
                print(rows[-1], flush=True)
    print()
    print(md_table(
        f"RSS (MiB) as owners each checkpoint {args.state_kib} KiB",
        ["backend", "writer cache", *(f"after {n:,}" for n in marks),
         f"{marks[-1]:,} vs 500", "cache held (aggregates / bytes)"],
        rows,
    ))  # fmt: skip


if __name__ == "__main__":
    main()
