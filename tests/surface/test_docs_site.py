"""The documentation site builds with ``mkdocs build --strict``; the README stays a door to it.

Why a test: CI runs ``pytest`` only, and the site is where users read how to
use the engine; strict mode fails on a link to a page or anchor that does not
exist, on a page left out of the site, and on an API reference entry whose
object is gone (mkdocstrings), so a renamed module or a moved page breaks the
suite, not the reader.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.paths import REPO_ROOT as ROOT


def test_the_site_builds_strict(tmp_path: Path) -> None:
    site = tmp_path / "site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}  # Material's banner about its successor, not ours
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file", str(ROOT / "mkdocs.yml"),
         "--site-dir", str(site)],
        check=False, capture_output=True, text=True, cwd=ROOT, env=env, timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert (site / "index.html").is_file()
    reference = (site / "reference" / "engine" / "index.html").read_text(encoding="utf-8")
    assert "add_message" in reference, "the API reference did not render the owner handle's methods"


README_LIMIT = 12 * 1024  # the README says what this is and where to read on; the site holds the rest


def test_the_readme_is_short_and_its_links_resolve() -> None:
    readme = ROOT / "README.md"
    assert readme.stat().st_size <= README_LIMIT, f"README.md is {readme.stat().st_size} bytes"
    text = readme.read_text(encoding="utf-8")
    for command in ("pip install . && ledgermind demo", 'pip install -e ".[test]" && pytest'):
        assert command in text, f"the README lost the command {command!r}"
    targets = [t for t in re.findall(r"\]\(([^)#\s]+)", text) if "://" not in t]
    assert targets, "the README links to no page of the site"
    missing = [t for t in targets if not (ROOT / t).exists()]
    assert not missing, f"README links to files that do not exist: {missing}"


def _tracked_text_files() -> list[tuple[str, str]]:
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True, timeout=30).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: the tracked files cannot be listed")
    files = []
    for name in filter(None, out.decode().split("\0")):
        try:
            files.append((name, (ROOT / name).read_text(encoding="utf-8")))
        except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
            continue  # images; a file deleted in the working tree
    return files


# Spelled in pieces so that this file does not match itself.
TRACKER = re.compile(r"\b" + "issue" + r"s?\s*#?\d+", re.IGNORECASE)
OUTSIDE = re.compile("DESIGN" + r"\.md")


def test_no_reference_to_a_tracker_or_to_files_outside_the_repository() -> None:
    """A reader has neither the tracker the work was filed in nor the design
    card it started from: the documentation site holds the design in its own words."""
    offenders = []
    for name, text in _tracked_text_files():
        for lineno, line in enumerate(text.splitlines(), 1):
            if TRACKER.search(line) or OUTSIDE.search(line):
                offenders.append(f"{name}:{lineno}: {line.strip()[:100]}")
    assert not offenders, "references a reader cannot follow:\n" + "\n".join(offenders)


def _first_python_block(page: str) -> str:
    text = (ROOT / page).read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", text, re.DOTALL)[0]


def test_the_langgraph_guide_runs_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The guide's first example, the one-line swap in a whole graph, runs as written."""
    monkeypatch.chdir(tmp_path)
    exec(compile(_first_python_block("docs/guides/langgraph.md"), "langgraph.md", "exec"), {})
    assert "['I moved to Lyon', 'noted: I moved to Lyon']" in capsys.readouterr().out
    from ledgermind import MemoryEngine, Owner

    with MemoryEngine.open(str(tmp_path / "ledgermind.db")) as eng:
        restored = eng.for_owner(Owner("travel-app", "ken")).restore_agent("langgraph")
    assert [m.content for m in restored.messages] == ["I moved to Lyon", "noted: I moved to Lyon"]


def _documented_commands() -> list[tuple[str, str]]:
    """Every ``ledgermind ...`` command line the README and the site show: inline code and
    lines of code blocks (``$ `` prompts and ``# comments`` stripped)."""
    found = []
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        text = page.read_text(encoding="utf-8")
        lines = re.findall(r"`(ledgermind [^`]+)`", text)
        for block in re.findall(r"```[a-z]*\n(.*?)```", text, re.DOTALL):
            lines += re.findall(r"(?m)^(?:\$ )?(ledgermind [^\n]+)", block)
        found += [(page.relative_to(ROOT).as_posix(), line.split(" #")[0].replace("\\|", "|")) for line in lines]
    return found


def test_every_documented_command_and_flag_exists() -> None:
    """The pages' command lines name real subcommands and real options, so a
    renamed flag fails here rather than for the reader who copies it."""
    import argparse

    from ledgermind.cli import build_parser

    wrong = []
    for page, line in _documented_commands():
        if "..." in line.split(" -- ")[0]:
            continue  # "ledgermind projections ... --plugin": a family of commands, not one
        parser: argparse.ArgumentParser = build_parser()
        for token in line.split()[1:]:
            if token == "--":
                break  # what follows is the supervised child's command
            subcommands = next((a.choices for a in parser._actions if isinstance(a, argparse._SubParsersAction)), {})
            if token in subcommands:
                parser = subcommands[token]
            elif subcommands and not token.startswith("-"):
                wrong.append(f"{page}: {line!r}: {parser.prog} has no command {token!r}")
                break
            elif token.startswith("--"):
                flag = token.split("=")[0].strip("[]").rstrip(",;.)")
                if flag not in parser._option_string_actions:
                    wrong.append(f"{page}: {line!r}: {parser.prog} has no {flag}")
    assert not wrong, "\n".join(wrong)
