"""Google ADK on the event log: ``LedgermindSessionService`` (a
``BaseSessionService``) and ``LedgermindMemoryService`` (a
``BaseMemoryService`` over hybrid search and beliefs). Needs the
``google-adk`` extra."""

from __future__ import annotations

from ledgermind.integrations.adk.memory_service import LedgermindMemoryService
from ledgermind.integrations.adk.session_service import APP_USER, DEFAULT_AGENT, LedgermindSessionService

__all__ = ["APP_USER", "DEFAULT_AGENT", "LedgermindMemoryService", "LedgermindSessionService"]
