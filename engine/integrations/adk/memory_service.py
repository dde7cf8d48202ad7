"""``LedgermindMemoryService``: ADK's long-term memory as the engine's hybrid
search over beliefs and conversations.

``add_session_to_memory(session)``: a session kept by
``LedgermindSessionService`` is already in the log (its events are messages
that distillation turns into beliefs), so nothing is copied; a session from
another service (ADK's in-memory one) is imported as messages of a session of
the agent, once per event (the event id is the message's ``client_id``, so
adding a session again adds only its new events). ``search_memory`` is the
owner's hybrid search (dense + lexical) over current beliefs and raw turns;
each hit is a ``MemoryEntry`` whose ``custom_metadata`` says what it is.
"""

from __future__ import annotations

import asyncio

from google.adk.memory.base_memory_service import BaseMemoryService, SearchMemoryResponse
from google.adk.memory.memory_entry import MemoryEntry
from google.adk.sessions.session import Session
from google.genai import types

from ledgermind.api import MemoryEngine, SearchResult
from ledgermind.domain.owner import Owner
from ledgermind.integrations.adk.events import to_fields
from ledgermind.integrations.adk.session_service import DEFAULT_AGENT, LedgermindSessionService

__all__ = ["LedgermindMemoryService"]


class LedgermindMemoryService(BaseMemoryService):
    def __init__(self, engine: MemoryEngine, *, agent_id: str = DEFAULT_AGENT, k: int = 10) -> None:
        self.engine = engine
        self.agent_id = agent_id
        self.k = k

    async def add_session_to_memory(self, session: Session) -> None:
        await asyncio.to_thread(self._add, session)

    def _add(self, session: Session) -> None:
        ours = LedgermindSessionService(self.engine, agent_id=self.agent_id)
        if ours.ledger_session_id(session.app_name, session.user_id, session.id) is not None:
            return  # already in the log, message by message
        memory = ours.memory(session.app_name, session.user_id)
        events = [e for e in session.events if e.content and e.content.parts and not e.partial]
        if not events:
            return
        ledger = memory.create_session(self.agent_id, idempotency_key=f"adk-memory:{session.id}")
        for start in range(0, len(events), 500):
            memory.add_messages(ledger, [to_fields(e) for e in events[start : start + 500]])

    async def search_memory(self, *, app_name: str, user_id: str, query: str) -> SearchMemoryResponse:
        hits = await asyncio.to_thread(
            self.engine.for_owner(Owner(app_name, user_id)).search, query, self.k, None, None, None, True
        )
        return SearchMemoryResponse(memories=[_entry(hit) for hit in hits])


def _entry(hit: SearchResult) -> MemoryEntry:
    return MemoryEntry(
        id=hit.id,
        content=types.Content(role="user", parts=[types.Part(text=hit.statement)]),
        timestamp=hit.valid_from.isoformat(),
        custom_metadata={"item_type": hit.item_type, "kind": hit.kind, "relevance": hit.relevance},
    )
