"""MkDocs hook: let mkdocstrings read the package as it is installed.

Why: the repository keeps the design card's folders (``engine/`` is
``ledgermind``, ``projections/`` and ``recovery/`` its subpackages, per
``[tool.setuptools] package-dir``). griffe, which reads the docstrings for
mkdocstrings, finds ``ledgermind`` through setuptools' editable finder but not
the subpackages mapped to other folders. So the build copies the package, from
the same package-dir table the wheel is built from, into a temporary folder put
first on ``sys.path``. (tests/support/layout.py does the same for mypy and
import-linter; a hook cannot import the test suite, hence the few lines twice.)
"""

from __future__ import annotations

import atexit
import shutil
import sys
import tempfile
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _lay_out(dest: Path) -> None:
    table: dict[str, str] = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-dir"]
    for package in sorted(table, key=len):  # the root package first, then the folders mapped inside it
        shutil.copytree(
            ROOT / table[package], dest.joinpath(*package.split(".")),
            ignore=shutil.ignore_patterns("__pycache__"), dirs_exist_ok=True,
        )  # fmt: skip


def on_startup(**_: Any) -> None:
    """Once per build (and once per ``mkdocs serve``), before mkdocstrings loads anything."""
    site = Path(tempfile.mkdtemp(prefix="ledgermind-docs-"))
    atexit.register(shutil.rmtree, site, True)
    _lay_out(site)
    sys.path.insert(0, str(site))
