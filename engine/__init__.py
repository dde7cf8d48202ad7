"""memledger's engine: events, aggregates and the API that appends them."""

from engine.api import MemoryEngine
from engine.config import EngineConfig, Limits
from engine.errors import MemledgerError
from engine.owner import Owner
from engine.records import Message, SessionInfo, TaskRecord

__all__ = [
    "EngineConfig",
    "Limits",
    "MemledgerError",
    "MemoryEngine",
    "Message",
    "Owner",
    "SessionInfo",
    "TaskRecord",
]
