"""The whole package passes ``mypy --strict`` (pyproject's ``[tool.mypy]``).

Why a physical copy: mypy cannot follow setuptools' editable import hook,
and the repository keeps the design card's folders (``engine/`` is
``memledger``, ``projections/`` and ``recovery/`` are its subpackages, per
``[tool.setuptools] package-dir``). So the test lays the package out as a
wheel would, from the same package-dir table, and checks that copy.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = ROOT / "pyproject.toml"


def _lay_out(dest: Path) -> Path:
    """The installed shape of the package under ``dest`` (as in a wheel)."""
    setuptools = tomllib.loads(PYPROJECT.read_text())["tool"]["setuptools"]
    package_dir: dict[str, str] = setuptools["package-dir"]
    for package in sorted(package_dir, key=len):
        target = dest.joinpath(*package.split("."))
        shutil.copytree(
            ROOT / package_dir[package], target, ignore=shutil.ignore_patterns("__pycache__"),
            dirs_exist_ok=True,
        )
    return dest


def test_the_package_passes_mypy_strict(tmp_path: Path) -> None:
    site = _lay_out(tmp_path)
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--config-file", str(PYPROJECT), "-p", "memledger"],
        check=False, capture_output=True, text=True, cwd=site, timeout=540,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
