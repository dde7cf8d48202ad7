"""Imports between the package's layers, counted: who reaches past the API.

    python benchmarks/layer_imports.py [--tree DIR]

Lays the package out as the wheel installs it (``tests/support/layout.py``:
``engine/`` is ``ledgermind``, ``projections/`` and ``recovery/`` its
subpackages), builds its import graph with grimp (the graph import-linter
checks) and prints, for every pair of first-level packages, how many
modules of the first import a module of the second directly (one per
importer and imported module, however many ``import`` lines).

The table's last column marks the imports the "outer layers only through the
API" contract forbids: from ``service``, ``integrations``, ``supervision`` or
``cli`` to anything but ``api`` and ``domain`` (and themselves and each other
where the layers allow it). ``--tree DIR`` counts another checkout (for
example an older commit, ``git archive COMMIT | tar -x -C DIR``) to compare.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[1]
OUTER = ("service", "integrations", "supervision", "cli")
ALLOWED_BELOW_OUTER = ("api", "domain")


def lay_out(tree: Path, dest: Path) -> None:
    """The installed shape of ``tree`` under ``dest`` (the package-dir table of its pyproject)."""
    import shutil
    import tomllib

    package_dir = tomllib.loads((tree / "pyproject.toml").read_text())["tool"]["setuptools"]["package-dir"]
    for package in sorted(package_dir, key=len):
        shutil.copytree(tree / package_dir[package], dest.joinpath(*package.split(".")),
                        ignore=shutil.ignore_patterns("__pycache__"), dirs_exist_ok=True)  # fmt: skip


def first_level(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "(root)"


def counts(tree: Path) -> Counter[tuple[str, str]]:
    with tempfile.TemporaryDirectory() as site:
        lay_out(tree, Path(site))
        sys.path.insert(0, site)
        try:
            graph = grimp.build_graph("ledgermind", include_external_packages=False, cache_dir=None)
        finally:
            sys.path.remove(site)
            for name in [m for m in sys.modules if m == "ledgermind" or m.startswith("ledgermind.")]:
                del sys.modules[name]
    found: Counter[tuple[str, str]] = Counter()
    for importer in graph.modules:
        for imported in graph.find_modules_directly_imported_by(importer):
            a, b = first_level(importer), first_level(imported)
            if a != b:
                found[(a, b)] += 1
    return found


def forbidden(pair: tuple[str, str]) -> bool:
    a, b = pair
    return a in OUTER and b not in OUTER and b not in ALLOWED_BELOW_OUTER and b != "(root)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", type=Path, default=ROOT, help="a checkout to count (default: this one)")
    args = parser.parse_args()
    found = counts(args.tree.resolve())
    print("| importer | imported | modules | past the API |")
    print("|---|---|---:|---|")
    for (a, b), n in sorted(found.items()):
        print(f"| {a} | {b} | {n} | {'yes' if forbidden((a, b)) else ''} |")
    past = sum(n for pair, n in found.items() if forbidden(pair))
    print(f"\nimports from {', '.join(OUTER)} past api/domain: {past}")


if __name__ == "__main__":
    main()
