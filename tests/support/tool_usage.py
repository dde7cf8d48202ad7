"""The example projection (examples/tool_usage_projection), really installed,
and a pure fold of the log to check it against.

Installed with pip into a temp dir (``--no-deps --target``), so its entry
point is found by ``importlib.metadata`` exactly as in a venv: no patching
of discovery. ``on_path`` puts that dir on ``sys.path`` for a block and takes
it off afterwards (discovery reads entry points again when ``sys.path``
changes), so other suites never see the example.

The oracle is written independently of the example's code: row by row over
every event, in memory, no SQL, no batches.
"""

from __future__ import annotations

import atexit
import json
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from tests.support.paths import REPO_ROOT

EXAMPLE = REPO_ROOT / "examples" / "tool_usage_projection"

Key = tuple[str, str, str, date, str]  # app, user_id, agent_id, day, tool


_SITE: list[Path] = []


def installed_site() -> Path:
    """``pip install --no-deps --target <temp dir> examples/tool_usage_projection``,
    once per test process (both suites that use it share the one install)."""
    if not _SITE:
        root = Path(tempfile.mkdtemp(prefix="ledgermind-tool-usage-"))
        atexit.register(shutil.rmtree, root, ignore_errors=True)
        source, target = root / "src", root / "site"
        # built from a copy: setuptools writes build/ and *.egg-info beside the
        # sources, and an egg-info in a directory on sys.path is an installation
        shutil.copytree(EXAMPLE, source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "install",
                "--quiet",
                "--no-deps",
                "--no-compile",
                "--disable-pip-version-check",
                "--target",
                str(target),
                str(source),
            ],
            check=True,
            capture_output=True,
            timeout=300,
        )
        assert any(target.glob("ledgermind_tool_usage-*.dist-info/entry_points.txt"))
        _SITE.append(target)
    return _SITE[0]


@contextmanager
def on_path(site: Path) -> Iterator[None]:
    sys.path.insert(0, str(site))
    try:
        yield
    finally:
        sys.path.remove(str(site))


def _names(value: Any) -> list[str]:
    out = []
    for call in value if isinstance(value, list) else []:
        if isinstance(call, dict):
            fn = call.get("function")
            name = fn.get("name") if isinstance(fn, dict) else call.get("name")
            out.append(name if isinstance(name, str) and name else "?")
    return out


def tools_of(ev: Any) -> list[str]:
    names = _names(json.loads(ev.tool_calls)) if ev.tool_calls else []
    meta = json.loads(ev.metadata) if ev.metadata else None
    return names + (_names(meta.get("tool_calls")) if isinstance(meta, dict) else [])


def fold_tool_usage(
    events: Sequence[tuple[int, str, Any]], timezone: str = "UTC", per_tool: bool = True
) -> dict[Key, int]:
    zone = ZoneInfo(timezone)
    agents: dict[str, str] = {}
    calls: Counter[Key] = Counter()
    for _, topic, ev in events:
        if topic == "session.created":
            agents[ev.originator_id.hex] = ev.agent_id
        elif topic == "message.added":
            day = ev.occurred_at.astimezone(zone).date()
            for tool in tools_of(ev):
                calls[(ev.app, ev.user_id, agents[ev.originator_id.hex], day, tool if per_tool else "*")] += 1
    return dict(calls)


def calls_per_position(events: Sequence[tuple[int, str, Any]]) -> list[tuple[int, int]]:
    """(position, tool calls in that event) for every message with tool calls."""
    return [(pos, len(tools_of(ev))) for pos, topic, ev in events if topic == "message.added" and tools_of(ev)]
