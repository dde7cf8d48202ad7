"""Backend branches live in the dialect port: none is left outside it.

A backend branch is a comparison with the name of a backend (``kind ==
"sqlite"``, ``dialect.name != "postgresql"``, ``url.startswith("sqlite")``)
anywhere in the package but ``engine/storage/dialects/``, where each backend
is one module. There is none: a new one fails here (put the difference
behind ``ledgermind.storage.dialects.Dialect`` instead, as a capability or a
method). Run this file to print the branches of a checkout:
``python tests/surface/test_dialect_branches.py [DIR]``.
"""

from __future__ import annotations

import ast
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE_DIRS = ("engine", "projections", "recovery")
PORT = Path("engine/storage/dialects")
NAMES = frozenset({"sqlite", "postgresql"})


def _is_name(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value in NAMES


def branches(tree: ast.AST) -> int:
    """Comparisons with a backend's name, and ``startswith`` of one."""
    found = 0
    for node in ast.walk(tree):
        if (isinstance(node, ast.Compare) and any(_is_name(n) for n in (node.left, *node.comparators))) or (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "startswith"
            and any(_is_name(a) for a in node.args)
        ):
            found += 1
    return found


def count(root: Path) -> Counter[str]:
    out: Counter[str] = Counter()
    for top in PACKAGE_DIRS:
        for path in sorted((root / top).rglob("*.py")):
            rel = path.relative_to(root)
            if PORT in rel.parents:
                continue
            n = branches(ast.parse(path.read_text(), str(path)))
            if n:
                out[rel.as_posix()] = n
    return out


def test_no_backend_branch_outside_the_dialect_port() -> None:
    found = count(ROOT)
    assert not found, f"backend branches outside the dialect port: {dict(found)}"


def test_the_count_sees_a_new_branch(tmp_path: Path) -> None:
    module = tmp_path / "engine" / "x.py"
    module.parent.mkdir(parents=True)
    module.write_text('def f(kind):\n    return 1 if kind == "sqlite" else 2\n')
    (tmp_path / "engine" / "y.py").write_text('ok = url.startswith("postgresql")\n')
    assert count(tmp_path) == {"engine/x.py": 1, "engine/y.py": 1}


if __name__ == "__main__":
    where = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT
    counted = count(where)
    for name, n in sorted(counted.items()):
        print(f"{n:3d}  {name}")
    print(f"backend branches outside engine/storage/dialects: {sum(counted.values())} in {len(counted)} files")
