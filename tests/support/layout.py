"""The package laid out on disk as a wheel installs it, for tools that read files.

Why: the repository keeps the design card's folders (``engine/`` is
``ledgermind``, ``projections/`` and ``recovery/`` its subpackages, per
``[tool.setuptools] package-dir``), and neither import-linter nor mypy can
follow setuptools' editable import hook. Tests copy the package into a
temporary site, from the same package-dir table the build uses, and point
the tools there.
"""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

from tests.support.paths import REPO_ROOT as ROOT

__all__ = ["PYPROJECT", "lay_out", "source_packages"]

PYPROJECT = ROOT / "pyproject.toml"


def _package_dir() -> dict[str, str]:
    package_dir: dict[str, str] = tomllib.loads(PYPROJECT.read_text())["tool"]["setuptools"]["package-dir"]
    return package_dir


def lay_out(dest: Path) -> Path:
    """The installed shape of the package under ``dest``; returns ``dest``."""
    package_dir = _package_dir()
    for package in sorted(package_dir, key=len):
        shutil.copytree(
            ROOT / package_dir[package], dest.joinpath(*package.split(".")),
            ignore=shutil.ignore_patterns("__pycache__"), dirs_exist_ok=True,
        )  # fmt: skip
    return dest


def source_packages() -> set[str]:
    """Every folder with an ``__init__.py`` under the package-dir roots, as a wheel path."""
    found = set()
    for package, folder in _package_dir().items():
        for init in (ROOT / folder).rglob("__init__.py"):
            found.add("/".join([*package.split("."), *init.parent.relative_to(ROOT / folder).parts]))
    return found
