"""LangGraph on the event log: ``MemledgerSaver`` (a checkpointer whose
message channel is appended, not re-copied) and ``MemledgerStore`` (LangGraph's
long-term store as audited, bitemporal memories). Needs the ``langgraph`` extra.
"""

from memledger.integrations.langgraph.saver import (
    DEFAULT_AGENT,
    DEFAULT_OWNER,
    UNSUPPORTED_CAPABILITIES,
    MemledgerSaver,
)
from memledger.integrations.langgraph.store import MemledgerStore

__all__ = ["DEFAULT_AGENT", "DEFAULT_OWNER", "UNSUPPORTED_CAPABILITIES", "MemledgerSaver", "MemledgerStore"]
