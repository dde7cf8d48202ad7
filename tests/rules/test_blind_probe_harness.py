"""``benchmarks/blind_probe.py`` reads a probe file and judges each case at the
decision level: an update ends an earlier belief, a keep ends none, a
``belief`` line adds a belief and a ``none`` line adds none. The
conversations are written for this test."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from benchmarks.blind_probe import run

ROOT = Path(__file__).resolve().parents[2]


def _scored(tmp_path: Path, lines: str) -> str:
    """What ``blind_probe.py --misses`` prints for a probe file of these lines."""
    probe = tmp_path / "probe.txt"
    probe.write_text(lines, encoding="utf-8")
    return subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "blind_probe.py"), str(probe), "--misses"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def test_one_session_keeps_what_is_unrelated_and_replaces_what_changed() -> None:
    current, ended = run("I live in Oslo.", "My sister lives in Bergen.")
    assert ended == [] and len(current) == 2
    current, ended = run("I live in Oslo.", "I moved to Bergen last month.")
    assert ended == ["The user lives in Oslo."]


def test_a_probe_file_is_scored_by_category_and_language(tmp_path: Path) -> None:
    out = _scored(
        tmp_path,
        "# a comment\n"
        "I live in Oslo. || I moved to Bergen last month. ## update [a]\n"
        "I live in Oslo. || My sister lives in Bergen. ## keep [b]\n"
        "I live in Oslo. || I like tea. ## update [a]\n",
    )
    assert "| all | all | 2 / 3 | 67% |" in out
    assert "| en | a update | 1 / 2 | 50% |" in out
    assert "- [update] I live in Oslo. || I like tea." in out


def test_a_belief_line_needs_its_last_message_written_down_and_a_none_line_nothing(tmp_path: Path) -> None:
    out = _scored(
        tmp_path,
        "I live in Oslo. || I'm allergic to peanuts. ## belief [h]\n"
        "I live in Oslo. || Thanks, that was helpful! ## none [i]\n"
        "I live in Oslo. || Thanks, that was helpful! ## belief [h]\n"
        "I'm allergic to peanuts. ## none [i]\n",
    )
    assert "| en | h belief | 1 / 2 | 50% |" in out
    assert "| en | i none | 1 / 2 | 50% |" in out
    assert "- [none] I'm allergic to peanuts." in out
