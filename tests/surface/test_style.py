"""The house style is checked, not hoped for: ``ruff check`` and ``ruff format --check``.

The rules are chosen in pyproject.toml ([tool.ruff.lint]) with the reason for each rule left
out; the suite fails on a finding or on a file the formatter would change.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _ruff() -> list[str]:
    beside = Path(sys.executable).with_name("ruff")
    if beside.exists():
        return [str(beside)]
    found = shutil.which("ruff")
    if found is None:
        pytest.fail("ruff is not installed: pip install -e '.[test]'")
    return [found]


@pytest.mark.parametrize(
    "args", [["check", "--no-cache", "."], ["format", "--check", "--no-cache", "."]], ids=["check", "format"]
)
def test_ruff_finds_nothing(args: list[str]) -> None:
    done = subprocess.run([*_ruff(), *args], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
