"""How much CPU ``ledgermind --help`` costs before it prints.

Why CPU time and not wall time: on a shared 2-core machine the wall clock
swings with the neighbours; user + system time of the child process is what
the command itself spends importing. Each row is the median of N runs of a
fresh interpreter (``subprocess`` + ``resource.getrusage(RUSAGE_CHILDREN)``),
and ``python -c pass``, measured in the same run, is the floor every row is
divided by. The target: ``ledgermind --help`` under 0.3 s of CPU.

    python benchmarks/cli_startup.py [--runs 9]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys

from harness import md_table

TARGET_S = 0.3
CASES: list[tuple[str, list[str]]] = [
    ("python -c pass (floor)", ["-c", "pass"]),
    ("import ledgermind.cli", ["-c", "import ledgermind.cli"]),
    ("ledgermind --help", ["-m", "ledgermind.cli", "--help"]),
    ("ledgermind --version", ["-m", "ledgermind.cli", "--version"]),
    ("ledgermind search --help", ["-m", "ledgermind.cli", "search", "--help"]),
    ("ledgermind projections rebuild --help", ["-m", "ledgermind.cli", "projections", "rebuild", "--help"]),
    ("import ledgermind.api (what a command pays)", ["-c", "import ledgermind.api"]),
]


def cpu_seconds(args: list[str]) -> float | None:
    """User + system CPU of one fresh interpreter running ``args``; None if
    it failed (an older checkout without ``--version``, run with PYTHONPATH
    pointing at it, to measure "before")."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        return None
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=9, help="runs per case (median; default 9)")
    args = parser.parse_args()
    medians: dict[str, float | None] = {}
    for _ in range(2):  # warm the file cache and the bytecode caches first
        for _, case in CASES:
            cpu_seconds(case)
    for label, case in CASES:
        runs = [cpu_seconds(case) for _ in range(max(1, args.runs))]
        medians[label] = None if None in runs else statistics.median(r for r in runs if r is not None)
    floor = medians[CASES[0][0]] or 0.0
    rows = []
    for label, seconds in medians.items():
        if seconds is None:
            rows.append([label, "fails", "", ""])
            continue
        gated = "--help" in label or "--version" in label
        rows.append(
            [
                label,
                f"{seconds:.3f}",
                f"{seconds / floor:.1f}x" if floor else "-",
                ("yes" if seconds < TARGET_S else "NO") if gated else "",
            ]
        )
    print(
        md_table(
            "ledgermind CLI startup: CPU seconds per fresh interpreter",
            ["command", f"CPU s (median of {args.runs})", "vs python -c pass", f"< {TARGET_S} s"],
            rows,
        )
    )


if __name__ == "__main__":
    main()
