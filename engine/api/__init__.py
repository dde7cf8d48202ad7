"""The public API: ``MemoryEngine`` (the composition root, the lifecycle and the
operator's calls), its owner handle ``OwnerMemory`` (every call on one owner's
data), and the values their methods take and return.

The outer layers (the HTTP service, the integrations, the supervisor, the
command line) import this package and the domain's types, nothing below it
(an import-linter contract keeps it so): what they need is here.
"""

from ledgermind.api.facade import MemoryEngine
from ledgermind.api.owner import OwnerMemory
from ledgermind.domain.belief_records import BeliefVersion, MessagePage
from ledgermind.recovery import RestoredAgent
from ledgermind.retrieval import SearchResult, Tool
from ledgermind.storage.follower import Envelope, Follower
from ledgermind.storage.leases import Lease
from ledgermind.write.attached import Append, Attachment
from ledgermind.write.beliefs import BeliefChange, Invalidate, NewBelief, Revise, new_belief_id
from ledgermind.write.options import WriteOptions

__all__ = [
    "Append",
    "Attachment",
    "BeliefChange",
    "BeliefVersion",
    "Envelope",
    "Follower",
    "Invalidate",
    "Lease",
    "MemoryEngine",
    "MessagePage",
    "NewBelief",
    "OwnerMemory",
    "RestoredAgent",
    "Revise",
    "SearchResult",
    "Tool",
    "WriteOptions",
    "new_belief_id",
]
