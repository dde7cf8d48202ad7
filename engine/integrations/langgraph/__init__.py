"""LangGraph on the event log: ``LedgermindSaver`` (a checkpointer whose
message channel is appended, not re-copied) and ``LedgermindStore`` (LangGraph's
long-term store as audited, bitemporal memories). Needs the ``langgraph`` extra.

The names load on first use (PEP 562), so the thread aggregate
(``ledgermind.integrations.langgraph.thread``, which imports no LangGraph) can
be loaded by any process that decodes the log, with or without the extra.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ledgermind.integrations.langgraph.saver import (
        DEFAULT_AGENT,
        DEFAULT_OWNER,
        UNSUPPORTED_CAPABILITIES,
        LedgermindSaver,
    )
    from ledgermind.integrations.langgraph.store import LedgermindStore
    from ledgermind.integrations.langgraph.thread import CheckpointConflict, LangGraphThread

__all__ = [
    "DEFAULT_AGENT",
    "DEFAULT_OWNER",
    "UNSUPPORTED_CAPABILITIES",
    "CheckpointConflict",
    "LangGraphThread",
    "LedgermindSaver",
    "LedgermindStore",
]

_HOMES = {
    "DEFAULT_AGENT": "saver",
    "DEFAULT_OWNER": "saver",
    "UNSUPPORTED_CAPABILITIES": "saver",
    "CheckpointConflict": "thread",
    "LangGraphThread": "thread",
    "LedgermindSaver": "saver",
    "LedgermindStore": "store",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
