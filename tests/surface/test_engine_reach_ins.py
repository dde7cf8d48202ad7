"""The outer layers use the engine through its calls, not its parts.

The import contract (``test_layers``) keeps ``service``, ``integrations``,
``compat``, ``supervision``, ``cli`` and ``client`` from importing what lies
below ``ledgermind.api``, but it cannot see an attribute reached through an
engine they hold: ``engine.writes`` (the write port: unscoped stream reads,
``submit``, the erasure watch) would let them skip the handle, and
``engine.log`` (the event store) every read below it. Each such need has a
door (``OwnerMemory.stream_events``, ``OwnerMemory.feed``,
``MemoryEngine.follower``); this counts the reach-ins, which must stay none.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUTER = ("service", "integrations", "compat", "supervision", "cli", "client")
PARTS = frozenset({"writes", "log"})  # the engine's parts that only ledgermind.api may use


def _is_engine(node: ast.expr) -> bool:
    """``engine``, ``eng``, ``self.engine``, ``svc.engine``, ``self._engine``..."""
    name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""
    return name.lstrip("_") in ("engine", "eng")


def reach_ins(source: str) -> list[str]:
    return [
        f"{ast.unparse(node.value)}.{node.attr}"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Attribute) and node.attr in PARTS and _is_engine(node.value)
    ]


def test_no_outer_layer_reaches_into_the_engines_parts() -> None:
    found = {
        path.relative_to(ROOT).as_posix(): hits
        for package in OUTER
        for path in sorted((ROOT / "engine" / package).rglob("*.py"))
        if (hits := reach_ins(path.read_text()))
    }
    assert not found, f"use the owner handle instead: {found}"


def test_the_count_sees_a_reach_in() -> None:
    found = reach_ins(
        "x = self.engine.writes.erasures\nport = eng.writes\nindex.writes.clear()\nf(eng.log)\nself.log.info('x')\n"
    )
    assert sorted(found) == ["eng.log", "eng.writes", "self.engine.writes"]
