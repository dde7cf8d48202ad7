"""The public facade: ``MemoryEngine`` (the composition root) and its owner-bound handle
``OwnerMemory``, with the values its methods take (``WriteOptions``; ``Attachment`` and
``Append`` for an integration's stream bound to a session)."""

from ledgermind.api.facade import MemoryEngine
from ledgermind.api.owner import OwnerMemory
from ledgermind.write.attached import Append, Attachment
from ledgermind.write.options import WriteOptions

__all__ = ["Append", "Attachment", "MemoryEngine", "OwnerMemory", "WriteOptions"]
