"""The project has one name: the old one appears nowhere but in the changelog's rename note.

Why a test: a rename that leaves one settings variable under the old prefix, one table prefix or one
import behind keeps working on the developer's machine (old tables, old environment) and
breaks on a fresh one. The old name is spelled in two halves so this file does not hold it.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
OLD_NAME = "mem" + "ledger"
ALLOWED = {"CHANGELOG.md"}


def _tracked_files() -> list[Path]:
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True, timeout=30).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: the tracked files cannot be listed")
    return [ROOT / name for name in out.decode().split("\0") if name]


def test_old_name_only_in_the_changelog() -> None:
    offenders = []
    for path in _tracked_files():
        rel = path.relative_to(ROOT).as_posix()
        if rel in ALLOWED or not path.is_file():
            continue
        if OLD_NAME in rel.lower():
            offenders.append(f"{rel}: in the path")
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # images and other binary files
        for lineno, line in enumerate(text.splitlines(), 1):
            if OLD_NAME in line.lower():
                offenders.append(f"{rel}:{lineno}: {line.strip()[:100]}")
    assert not offenders, "the old project name is still here:\n" + "\n".join(offenders)


def test_changelog_records_the_rename() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert OLD_NAME in text and "ledgermind" in text
