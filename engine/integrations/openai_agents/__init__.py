"""The OpenAI Agents SDK on the event log: ``LedgermindSession``, a ``Session``
usable wherever ``SQLiteSession`` is, whose items are ordinary ledgermind
messages. Needs the ``openai-agents`` extra."""

from __future__ import annotations

from ledgermind.integrations.openai_agents.session import (
    CLEAR_REASON,
    DEFAULT_AGENT,
    DEFAULT_OWNER,
    POP_REASON,
    LedgermindSession,
)

__all__ = ["CLEAR_REASON", "DEFAULT_AGENT", "DEFAULT_OWNER", "POP_REASON", "LedgermindSession"]
