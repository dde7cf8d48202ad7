"""The whole package passes ``mypy --strict`` (pyproject's ``[tool.mypy]``).

Why a physical copy: mypy cannot follow setuptools' editable import hook,
and the repository keeps the design card's folders (``engine/`` is
``ledgermind``, ``projections/`` and ``recovery/`` are its subpackages, per
``[tool.setuptools] package-dir``). So the test lays the package out as a
wheel would, from the same package-dir table, and checks that copy.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.support.layout import PYPROJECT, lay_out


def test_the_package_passes_mypy_strict(tmp_path: Path) -> None:
    site = lay_out(tmp_path)
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--config-file", str(PYPROJECT), "-p", "ledgermind"],
        check=False, capture_output=True, text=True, cwd=site, timeout=540,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
