"""Every benchmark script's imports come with one extra: ``pip install -e ".[bench]"``.

Why a test: a benchmark whose import is missing fails only when someone runs
it, on a machine set up from the README (``vs_langgraph.py`` once needed
``langgraph-checkpoint-postgres`` that no extra installed). Here each third
party module a script imports, at any depth of the script, must belong to a
distribution that the ``bench`` extra requires, directly or through the
requirements of what it requires (read from the installed metadata).
"""

from __future__ import annotations

import ast
import sys
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
# Folders of this repository a script imports from (run as ``python benchmarks/x.py``).
LOCAL = {"benchmarks", "deploy", "ledgermind", "tests"} | {p.stem for p in (ROOT / "benchmarks").glob("*.py")}


def _imports(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return {r for r in roots if r not in sys.stdlib_module_names and r not in LOCAL}


def _applies(req: Requirement, extras: set[str]) -> bool:
    """Whether a requirement's marker holds here for any of the extras its parent was asked for."""
    return req.marker is None or any(req.marker.evaluate({"extra": e}) for e in extras | {""})


def _closure(extra: str) -> set[str]:
    """Distributions the project's ``extra`` brings, transitively."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    name = canonicalize_name(project["name"])
    todo = [(Requirement(r), {extra}) for r in [*project["dependencies"], *project["optional-dependencies"][extra]]]
    seen: set[str] = set()
    done: set[tuple[str, frozenset[str]]] = set()
    while todo:
        req, parent_extras = todo.pop()
        key = (canonicalize_name(req.name), frozenset(req.extras))
        if not _applies(req, parent_extras) or key in done:
            continue
        done.add(key)
        if key[0] == name:  # the project's own extras
            todo += [(Requirement(r), {e}) for e in req.extras for r in project["optional-dependencies"][e]]
            continue
        seen.add(key[0])
        try:
            requires = metadata.requires(req.name) or []
        except metadata.PackageNotFoundError:
            continue
        todo += [(Requirement(r), set(req.extras)) for r in requires]
    return seen


def test_every_benchmark_import_comes_with_the_bench_extra() -> None:
    provided = _closure("bench")
    owners = metadata.packages_distributions()
    missing = {}
    for script in sorted((ROOT / "benchmarks").glob("*.py")):
        for module in sorted(_imports(script)):
            dists = {canonicalize_name(d) for d in owners.get(module, [])}
            if not dists & provided:
                missing[f"{script.name}: {module}"] = sorted(dists) or "not installed"
    assert not missing, missing
