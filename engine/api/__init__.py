"""The public API: ``MemoryEngine`` (the composition root, the lifecycle and the
operator's calls), its owner handle ``OwnerMemory`` (every call on one owner's
data), and the values their methods take and return.

The outer layers (the HTTP service, the integrations, the supervisor, the
command line) import this package and the domain's types, nothing below it
(an import-linter contract keeps it so): what they need is here, including
the framing of memory text as data (``frame``, ``render_item``,
``render_fields``) for an outer layer that answers with memories in its own
shape (the MCP server), and the engine's checks of a name and a message text
(``check_name``, ``check_content``) for an adapter that must know, before it
stages a framework's value, whether the engine would take it (the LangGraph
saver).
"""

from ledgermind.api.facade import MemoryEngine
from ledgermind.api.feed import OwnerFeed
from ledgermind.api.keys import KEY_TOPICS, ApiKey, KeyRing, key_id_of, secret_hash
from ledgermind.api.owner import OwnerMemory
from ledgermind.api.projection_admin import ProjectionAdmin
from ledgermind.domain.belief_records import BeliefVersion, Conversation, Invalidation, MessagePage
from ledgermind.domain.listing_records import AgentSummary, SessionSummary, TaskSummary, UserSummary
from ledgermind.domain.records import AgentEvent
from ledgermind.recovery import RestoredAgent
from ledgermind.retrieval import ContextOptions, SearchOptions, SearchResult, Tool
from ledgermind.retrieval.context import frame, render_fields, render_item
from ledgermind.storage.follower import Envelope, Follower
from ledgermind.storage.leases import Lease
from ledgermind.write.attached import Append, Attachment
from ledgermind.write.beliefs import BeliefChange, Invalidate, NewBelief, Revise, new_belief_id
from ledgermind.write.options import WriteOptions
from ledgermind.write.validation import check_content, check_name

__all__ = [
    "KEY_TOPICS",
    "AgentEvent",
    "AgentSummary",
    "ApiKey",
    "Append",
    "Attachment",
    "BeliefChange",
    "BeliefVersion",
    "ContextOptions",
    "Conversation",
    "Envelope",
    "Follower",
    "Invalidate",
    "Invalidation",
    "KeyRing",
    "Lease",
    "MemoryEngine",
    "MessagePage",
    "NewBelief",
    "OwnerFeed",
    "OwnerMemory",
    "ProjectionAdmin",
    "RestoredAgent",
    "Revise",
    "SearchOptions",
    "SearchResult",
    "SessionSummary",
    "TaskSummary",
    "Tool",
    "UserSummary",
    "WriteOptions",
    "check_content",
    "check_name",
    "frame",
    "key_id_of",
    "new_belief_id",
    "render_fields",
    "render_item",
    "secret_hash",
]
