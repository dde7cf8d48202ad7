"""The operator's commands on an own projection: the guide's walk
through ``examples/tool_usage_projection``, found once by its installed entry
point (in this process), once by ``--plugin module:attr`` (in a real
``ledgermind`` process whose working directory holds the module, nothing
installed)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ledgermind import MemoryEngine, Owner
from ledgermind.cli import main
from ledgermind.domain.config import EngineConfig
from ledgermind.projections import catalog
from ledgermind.projections.db import open_read_db
from tests.support.paths import REPO_ROOT
from tests.support.tool_usage import EXAMPLE, installed_site, on_path

OWNER = Owner("ops", "ann")
PLUGIN = "tool_usage_projection:ToolUsage"


def _log(url: str) -> None:
    """A log with tool calls, written by an engine that runs no projection."""
    with MemoryEngine.open(url, config=EngineConfig(db=url, projections_in_process=False)) as w:
        sid = w.for_owner(OWNER).create_session(agent_id="planner")
        w.for_owner(OWNER).add_messages(
            sid,
            [
                {
                    "role": "assistant",
                    "content": "",
                    "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "search", "arguments": "{}"}}],
                },
                {"role": "user", "content": "thanks", "metadata": {"tool_calls": [{"name": "calc"}]}},
            ],
        )


def _json(capsys: pytest.CaptureFixture[str], argv: list[str]) -> Any:
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def test_rebuild_status_switch_and_drop_through_the_entry_point(
    sqlite_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _log(sqlite_url)
    db = ["--db", sqlite_url]
    with on_path(installed_site()):
        first = _json(capsys, ["projections", "rebuild", "tool_usage", *db, "--json"])
        assert (first["old_version"], first["new_version"], first["events"]) == (None, 1, 3)
        assert main(["projections", "rebuild", "tool_usage", *db, "--param", "zone=UTC"]) == 2
        assert "no parameter 'zone'" in capsys.readouterr().err
        assert main(["projections", "rebuild", "tool_usage", *db, "--param", "timezone=Mars/Base"]) == 2
        assert "unknown timezone" in capsys.readouterr().err
        second = _json(
            capsys,
            [
                "projections",
                "rebuild",
                "tool_usage",
                *db,
                "--param",
                "timezone=Europe/Paris",
                "--param",
                "per_tool=false",
                "--json",
            ],
        )
        assert (second["old_version"], second["new_version"]) == (1, 2)
        rows = {
            r["version"]: r for r in _json(capsys, ["projections", "status", *db, "--name", "tool_usage", "--json"])
        }
        assert rows[1]["state"] == "retired" and rows[2]["state"] == "active" and rows[2]["lag"] == 0
        assert rows[2]["params"] == {"timezone": "Europe/Paris", "per_tool": False}
        assert rows[2]["rows"] == {"ml_tool_usage__agents_v2": 1, "ml_tool_usage__calls_v2": 1}  # tool '*'
        assert rows[1]["rows"] == {"ml_tool_usage__agents_v1": 1, "ml_tool_usage__calls_v1": 2}
        assert main(["projections", "drop", "tool_usage", "--version", "2", *db]) == 2  # the active one
        assert main(["projections", "drop", "tool_usage", "--version", "1", *db]) == 0
    read = open_read_db(f"sqlite:///{sqlite_url}")
    try:
        with read.connect() as conn:
            assert [v.version for v in catalog.list_versions(conn, "tool_usage")] == [2]
            assert not read.dialect.has_table(conn, "ml_tool_usage__calls_v1")
            assert read.dialect.has_table(conn, "ml_tool_usage__calls_v2")
    finally:
        read.dispose()


def _cli(cwd: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("LEDGERMIND_")}
    env["PYTHONPATH"] = str(REPO_ROOT)  # not the installed example: only --plugin can name it
    return subprocess.run(
        [sys.executable, "-m", "ledgermind.cli", "projections", *argv],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_plugin_names_a_projection_nothing_installed(sqlite_url: str, tmp_path: Path) -> None:
    """The module alone (no package metadata, so no entry point) in the
    working directory, as an operator's file beside their deployment."""
    shutil.copytree(
        EXAMPLE / "tool_usage_projection",
        tmp_path / "tool_usage_projection",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    _log(sqlite_url)
    built = _cli(tmp_path, "rebuild", "tool_usage", "--db", sqlite_url, "--plugin", PLUGIN, "--json")
    assert built.returncode == 0, built.stderr
    assert json.loads(built.stdout)["new_version"] == 1
    _log(sqlite_url)  # more events: the worker folds them into the active version
    ran = _cli(tmp_path, "run", "--until-caught-up", "--names", "tool_usage", "--db", sqlite_url, "--plugin", PLUGIN)
    assert ran.returncode == 0 and "caught up: 3 events applied" in ran.stdout, ran.stderr


def test_a_plugin_that_cannot_load_is_an_error(sqlite_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    _log(sqlite_url)
    for spec, says in (
        ("no_such_module:X", "cannot be loaded"),
        ("json:dumps", "not a ledgermind"),
        ("nocolon", "module:attr"),
    ):
        assert main(["projections", "status", "--db", sqlite_url, "--plugin", spec]) == 2
        assert says in capsys.readouterr().err
