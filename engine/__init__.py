"""ledgermind: an event-sourced memory engine for LLM agents.

The public names below load on first use (PEP 562), so ``import ledgermind``
and ``ledgermind --help`` stay cheap; ``from ledgermind import MemoryEngine``
works as usual. The layers, bottom to top (import-linter enforces them):

    domain, analysis    events, aggregates, belief rules, errors, owner, ids; text analysis
    storage             event store, sealing, keys, packing, stream reads, log follower, driver errors
    write               writer thread, the write port, commands, validation, isolation
    projections | recovery | distill
    retrieval           hybrid search and context over the search projection
    api                 the API: MemoryEngine (lifecycle, operator calls) and OwnerMemory (every owner-scoped call)
    service | integrations | supervision    the HTTP service, LangGraph / MCP, the supervisor (through api only)
    cli                 the command line
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ledgermind.api import MemoryEngine, OwnerMemory
    from ledgermind.domain.config import EngineConfig, Limits
    from ledgermind.domain.errors import LedgermindError
    from ledgermind.domain.owner import Owner
    from ledgermind.domain.records import Message, SessionInfo, TaskRecord
    from ledgermind.domain.version import __version__ as __version__
    from ledgermind.recovery import RestoredAgent
    from ledgermind.retrieval import ContextOptions, SearchOptions, SearchResult
    from ledgermind.supervision import supervised

__all__ = [
    "ContextOptions",
    "EngineConfig",
    "LedgermindError",
    "Limits",
    "MemoryEngine",
    "Message",
    "Owner",
    "OwnerMemory",
    "RestoredAgent",
    "SearchOptions",
    "SearchResult",
    "SessionInfo",
    "TaskRecord",
    "supervised",
]

_HOMES = {
    "ContextOptions": "ledgermind.retrieval",
    "EngineConfig": "ledgermind.domain.config",
    "Limits": "ledgermind.domain.config",
    "LedgermindError": "ledgermind.domain.errors",
    "MemoryEngine": "ledgermind.api",
    "Message": "ledgermind.domain.records",
    "Owner": "ledgermind.domain.owner",
    "OwnerMemory": "ledgermind.api",
    "RestoredAgent": "ledgermind.recovery",
    "SearchOptions": "ledgermind.retrieval",
    "SearchResult": "ledgermind.retrieval",
    "SessionInfo": "ledgermind.domain.records",
    "TaskRecord": "ledgermind.domain.records",
    "supervised": "ledgermind.supervision",
    "__version__": "ledgermind.domain.version",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'ledgermind' has no attribute {name!r}")
    value = getattr(import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
