"""The public surface a user sees: exports, type marker, the quick start's code, --help."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from ledgermind.cli import build_parser, main
from tests.support.paths import REPO_ROOT

ROOT = REPO_ROOT
PACKAGES = ("ledgermind", "ledgermind.retrieval", "ledgermind.distill", "ledgermind.recovery", "ledgermind.projections")


def _isort_key(name: str) -> tuple[int, str]:
    """isort / ruff RUF022 order: CONSTANTS, then Classes, then functions."""
    return (0 if name.isupper() else 1 if name[0].isupper() else 2, name)


@pytest.mark.parametrize("name", PACKAGES)
def test_exports_are_sorted_and_importable(name: str) -> None:
    module = importlib.import_module(name)
    exported = list(module.__all__)
    assert exported == sorted(exported, key=_isort_key), f"{name}.__all__ is not sorted"
    for symbol in exported:
        assert hasattr(module, symbol), f"{name}.{symbol} is exported but missing"


def test_package_ships_py_typed() -> None:
    import ledgermind

    assert (Path(ledgermind.__file__).parent / "py.typed").is_file()


@pytest.mark.parametrize("page", ["README.md", "docs/getting-started.md"])
def test_quick_start_runs_as_written(page: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The quick start (the first Python block of the README and of the site's
    Getting started page) is executed as written, in a temp dir."""
    text = (ROOT / page).read_text(encoding="utf-8")
    block = re.findall(r"```python\n(.*?)```", text, re.DOTALL)[0]
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {}
    exec(compile(block, page, "exec"), namespace)
    assert (tmp_path / "ledgermind.db").is_file()
    assert namespace["hits"], "the quick start's search finds what it just wrote"
    assert "Ken" in str(namespace["block"])


def _commands() -> list[list[str]]:
    parser = build_parser()
    found: list[list[str]] = []

    def walk(p: object, prefix: list[str]) -> None:
        for action in getattr(p, "_actions", []):
            choices = getattr(action, "choices", None)
            if isinstance(choices, dict):
                for name, sub in choices.items():
                    found.append([*prefix, name])
                    walk(sub, [*prefix, name])

    walk(parser, [])
    return found


@pytest.mark.parametrize("command", _commands(), ids=lambda c: " ".join(c))
def test_every_command_has_help(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([*command, "--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert "usage: ledgermind" in out
    assert "``" not in out, "a docstring's reST code marks reach the terminal"
