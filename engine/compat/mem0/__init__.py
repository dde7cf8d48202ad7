"""A Mem0-compatible API: ``from ledgermind.compat.mem0 import Memory`` (or
``AsyncMemory``) where the code had ``from mem0 import Memory`` (mem0ai 2.2's
method shapes), over the event log. Needs nothing beyond the engine (the
``mem0`` extra installs mem0ai itself, which the tests compare this API with).
"""

from ledgermind.compat.mem0.async_memory import AsyncMemory
from ledgermind.compat.mem0.memory import DEFAULT_APP, InferNotSupported, Mem0MemoryNotFound, Memory

__all__ = ["DEFAULT_APP", "AsyncMemory", "InferNotSupported", "Mem0MemoryNotFound", "Memory"]
