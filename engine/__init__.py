"""memledger: an event-sourced memory engine for LLM agents.

The public names below load on first use (PEP 562), so ``import memledger``
and ``memledger --help`` stay cheap; ``from memledger import MemoryEngine``
works as usual. The layers, bottom to top (import-linter enforces them):

    domain, analysis    events, aggregates, belief rules, errors, owner, ids; text analysis
    storage             event store, sealing, keys, packing, stream reads, log follower, driver errors
    write               writer thread, the write port, commands, validation, isolation
    projections | recovery | distill
    retrieval           hybrid search and context over the search projection
    api, cli            the facade (MemoryEngine, OwnerMemory) and the command line
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from memledger.api import MemoryEngine, OwnerMemory
    from memledger.domain.config import EngineConfig, Limits
    from memledger.domain.errors import MemledgerError
    from memledger.domain.owner import Owner
    from memledger.domain.records import Message, SessionInfo, TaskRecord
    from memledger.recovery import RestoredAgent, restore_agent
    from memledger.retrieval import SearchResult
    from memledger.supervision import supervised

__all__ = [
    "EngineConfig",
    "Limits",
    "MemledgerError",
    "MemoryEngine",
    "Message",
    "Owner",
    "OwnerMemory",
    "RestoredAgent",
    "SearchResult",
    "SessionInfo",
    "TaskRecord",
    "restore_agent",
    "supervised",
]

_HOMES = {
    "EngineConfig": "memledger.domain.config",
    "Limits": "memledger.domain.config",
    "MemledgerError": "memledger.domain.errors",
    "MemoryEngine": "memledger.api",
    "Message": "memledger.domain.records",
    "Owner": "memledger.domain.owner",
    "OwnerMemory": "memledger.api",
    "RestoredAgent": "memledger.recovery",
    "SearchResult": "memledger.retrieval",
    "SessionInfo": "memledger.domain.records",
    "TaskRecord": "memledger.domain.records",
    "restore_agent": "memledger.recovery",
    "supervised": "memledger.supervision",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'memledger' has no attribute {name!r}")
    value = getattr(import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
