"""memledger's engine: events, aggregates and the API that appends them."""

from memledger.api import MemoryEngine
from memledger.domain.config import EngineConfig, Limits
from memledger.domain.errors import MemledgerError
from memledger.domain.owner import Owner
from memledger.domain.records import Message, SessionInfo, TaskRecord

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
