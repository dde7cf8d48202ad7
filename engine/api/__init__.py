"""The public facade: ``MemoryEngine`` (the composition root) and its owner-bound handle ``OwnerMemory``."""

from ledgermind.api.facade import MemoryEngine, OwnerMemory

__all__ = ["MemoryEngine", "OwnerMemory"]
