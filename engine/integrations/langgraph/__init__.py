"""LangGraph on the event log: ``LedgermindSaver`` (a checkpointer whose
message channel is appended, not re-copied) and ``LedgermindStore`` (LangGraph's
long-term store as audited, bitemporal memories). Needs the ``langgraph`` extra.
"""

from ledgermind.integrations.langgraph.saver import (
    DEFAULT_AGENT,
    DEFAULT_OWNER,
    UNSUPPORTED_CAPABILITIES,
    LedgermindSaver,
)
from ledgermind.integrations.langgraph.store import LedgermindStore

__all__ = ["DEFAULT_AGENT", "DEFAULT_OWNER", "UNSUPPORTED_CAPABILITIES", "LedgermindSaver", "LedgermindStore"]
