"""The layers hold: import-linter's contracts pass, and fail on an upward import.

Why a physical copy: the repository keeps the design card's folders
(``engine/`` is ``ledgermind``, ``projections/`` and ``recovery/`` are its
subpackages, per ``[tool.setuptools] package-dir``), and import-linter reads
a package from disk. So each test lays the package out as a wheel would, from
the same package-dir table, and runs the real ``lint-imports`` on it.
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

from tests.support.layout import PYPROJECT, lay_out

LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def _lint(site: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(site)}
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", str(PYPROJECT)],
        capture_output=True, text=True, env=env, cwd=site, timeout=120,
    )  # fmt: skip


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return lay_out(tmp_path_factory.mktemp("site"))


def test_import_contracts_are_kept(site: Path) -> None:
    result = _lint(site)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout
    for name in ("Layers", "imports its root", "No import cycles", "Outer layers only through the API"):
        assert name in result.stdout


@pytest.mark.parametrize(
    ("module", "upward"),
    [
        ("domain/owner.py", "import ledgermind.api.facade"),  # domain -> facade
        ("storage/store.py", "import ledgermind.write.writer"),  # storage -> write path
        ("distill/distiller.py", "import ledgermind.projections.runner"),  # sibling of the same layer
        ("projections/runner.py", "import ledgermind.retrieval.search"),  # read side -> retrieval
    ],
)
def test_an_upward_import_breaks_the_layers(tmp_path: Path, module: str, upward: str) -> None:
    site = lay_out(tmp_path)
    path = site / "ledgermind" / module
    path.write_text(path.read_text() + f"\n{upward}  # deliberately upward\n")
    result = _lint(site)
    assert result.returncode == 1, result.stdout
    assert "Layers" in result.stdout and "BROKEN" in result.stdout


@pytest.mark.parametrize(
    ("module", "below"),
    [
        ("service/routes/health.py", "import ledgermind.storage.store"),  # the service past the API
        ("integrations/langgraph/saver.py", "import ledgermind.write.conversation"),  # an integration's own command
        ("supervision/supervisor.py", "import ledgermind.recovery.restore"),  # a second restore door
        ("cli/erase.py", "import ledgermind.write.erasure"),
    ],
)
def test_an_outer_layer_reaching_past_the_api_is_refused(tmp_path: Path, module: str, below: str) -> None:
    """Allowed by the layers (it points down), refused by the API contract."""
    site = lay_out(tmp_path)
    path = site / "ledgermind" / module
    path.write_text(path.read_text() + f"\n{below}  # deliberately past the API\n")
    result = _lint(site)
    assert result.returncode == 1, result.stdout
    verdict = re.search(r"Outer layers only through the API.*?(KEPT|BROKEN)", result.stdout, re.DOTALL)
    assert verdict is not None and verdict.group(1) == "BROKEN", result.stdout


def test_a_cycle_inside_a_package_is_refused(tmp_path: Path) -> None:
    site = lay_out(tmp_path)
    path = site / "ledgermind" / "domain" / "errors.py"  # owner.py imports errors.py
    path.write_text(path.read_text() + "\nimport ledgermind.domain.owner  # closes a cycle\n")
    result = _lint(site)
    assert result.returncode == 1 and "No import cycles" in result.stdout, result.stdout


# Names the standard library and SQLAlchemy publish with a leading underscore
# to stay out of the way of user fields (namedtuple API, Row._mapping).
_PUBLIC_UNDERSCORED = frozenset({"_mapping", "_fields", "_asdict", "_replace", "_make"})


def _package_of(path: Path, site: Path) -> str:
    """``ledgermind.<first level>`` for a file of the laid-out package."""
    parts = path.relative_to(site).with_suffix("").parts
    return ".".join(parts[:2]) if len(parts) > 2 else parts[0]


def test_no_module_reaches_into_another_packages_private_names(site: Path) -> None:
    """A private name (``_x``) may be used only inside the package that defines
    it: across packages, modules talk through public ports. Also catches
    private members of libraries (e.g. ``Application._record``)."""
    files = sorted((site / "ledgermind").rglob("*.py"))
    trees = {f: ast.parse(f.read_text(), str(f)) for f in files}
    defined: dict[str, set[str]] = defaultdict(set)
    for f, tree in trees.items():
        pkg = _package_of(f, site)
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                defined[pkg].add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                defined[pkg].add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                defined[pkg].add(node.id)
    offences = []
    for f, tree in trees.items():
        pkg = _package_of(f, site)
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Attribute):
                names = [node.attr]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [a.name for a in node.names]
            for name in names:
                private = name.startswith("_") and not name.startswith("__")
                if private and name not in _PUBLIC_UNDERSCORED and name not in defined[pkg]:
                    offences.append(f"{f.relative_to(site)}:{node.lineno} uses {name}")
    assert not offences, "\n".join(offences)
