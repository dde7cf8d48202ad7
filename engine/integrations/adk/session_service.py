"""``LedgermindSessionService``: Google ADK's session service on the event log.

The one-line swap::

    session_service = DatabaseSessionService("sqlite+aiosqlite:///adk.db")   # before
    session_service = LedgermindSessionService("adk.db")                      # after
    runner = Runner(app_name="travel", agent=agent, session_service=session_service)

Id mapping: ADK's ``(app_name, user_id)`` is the ledgermind owner
``Owner(app_name, user_id)``; every ADK session of that user is one
ledgermind session of the agent ``agent_id`` (default ``"adk"``). Each ADK
event is one ordinary ``message.added`` (``ledgermind.integrations.adk.events``)
whose ``client_id`` is the event id, so a retried append writes nothing twice.

State, with ADK's prefixes: session state is the session's initial state
folded with the session-scoped ``state_delta`` of its events (read back from
the events themselves, so it is exactly as durable as they are); ``user:``
state, the user's session list and each session's initial state are the
agent's checkpoint under the user's owner; ``app:`` state is the agent's
checkpoint under ``Owner(app_name, APP_USER)``; ``temp:`` is never stored
(as in every ADK service).
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import orjson
from google.adk.errors.already_exists_error import AlreadyExistsError
from google.adk.errors.session_not_found_error import SessionNotFoundError
from google.adk.events.event import Event
from google.adk.platform import time as platform_time
from google.adk.platform import uuid as platform_uuid
from google.adk.sessions.base_session_service import BaseSessionService, GetSessionConfig, ListSessionsResponse
from google.adk.sessions.session import Session
from google.adk.sessions.state import State

from ledgermind.api import MemoryEngine, OwnerMemory
from ledgermind.domain.owner import Owner
from ledgermind.integrations.adk.events import from_fields, to_fields
from ledgermind.integrations.adk.state import split_state, without_temp

__all__ = ["APP_USER", "DEFAULT_AGENT", "LedgermindSessionService"]

DEFAULT_AGENT = "adk"
APP_USER = "adk:app"  # the owner (app_name, APP_USER) keeps an app's app: state
_PAGE = 1000


class LedgermindSessionService(BaseSessionService):
    """ADK's ``BaseSessionService`` over a ledgermind engine. ``engine``: a
    shared ``MemoryEngine`` (the caller closes it) or a database this
    service opens and ``close()`` closes."""

    def __init__(self, engine: MemoryEngine | str, *, agent_id: str = DEFAULT_AGENT) -> None:
        self._owns_engine = isinstance(engine, str)
        self.engine = MemoryEngine.open(engine) if isinstance(engine, str) else engine
        self.agent_id = agent_id
        self._lock = threading.Lock()  # checkpoints are read, changed and written under it

    def memory(self, app_name: str, user_id: str) -> OwnerMemory:
        """The owner handle of one ADK user."""
        return self.engine.for_owner(Owner(app_name, user_id))

    # --- the checkpoints: user state and sessions, app state ---------------------------

    def _checkpoint(self, memory: OwnerMemory) -> dict[str, Any]:
        agent = memory.load_agent(self.agent_id)
        state = orjson.loads(agent.state) if agent is not None and agent.state else None
        return state if isinstance(state, dict) else {"sessions": {}, "state": {}}

    def _change(self, memory: OwnerMemory, change: Any) -> dict[str, Any]:
        with self._lock:
            if memory.load_agent(self.agent_id) is None:  # the app owner's agent: registered by an empty session
                memory.create_session(self.agent_id, idempotency_key=f"adk:{self.agent_id}:registered")
            data = self._checkpoint(memory)
            change(data)
            memory.checkpoint_agent(self.agent_id, data)
            return data

    def _scoped(self, app_name: str, user_id: str) -> tuple[dict[str, Any], dict[str, Any]]:
        """(app state, user state), unprefixed."""
        app = self._checkpoint(self.memory(app_name, APP_USER))["state"]
        user = self._checkpoint(self.memory(app_name, user_id))
        return app, user["state"]

    # --- BaseSessionService --------------------------------------------------------------

    async def create_session(
        self, *, app_name: str, user_id: str, state: dict[str, Any] | None = None, session_id: str | None = None
    ) -> Session:
        return await asyncio.to_thread(self._create, app_name, user_id, state or {}, session_id)

    def _create(self, app_name: str, user_id: str, state: dict[str, Any], session_id: str | None) -> Session:
        session_id = session_id.strip() if session_id else platform_uuid.new_uuid()
        memory = self.memory(app_name, user_id)
        deltas = split_state(state)
        if session_id in self._checkpoint(memory)["sessions"]:
            raise AlreadyExistsError(f"Session with id {session_id} already exists.")
        ledger = memory.create_session(self.agent_id)
        now = platform_time.get_time()

        def add(data: dict[str, Any]) -> None:
            if session_id in data["sessions"]:
                raise AlreadyExistsError(f"Session with id {session_id} already exists.")
            data["sessions"][session_id] = {"ledger": ledger, "state": deltas["session"], "created": now}
            data["state"].update(deltas["user"])

        self._change(memory, add)
        if deltas["app"]:
            self._change(self.memory(app_name, APP_USER), lambda data: data["state"].update(deltas["app"]))
        session = Session(
            app_name=app_name, user_id=user_id, id=session_id, state=dict(deltas["session"]), last_update_time=now
        )
        return self._merge(session)

    def _merge(self, session: Session) -> Session:
        app, user = self._scoped(session.app_name, session.user_id)
        for key, value in app.items():
            session.state[State.APP_PREFIX + key] = value
        for key, value in user.items():
            session.state[State.USER_PREFIX + key] = value
        return session

    async def get_session(
        self, *, app_name: str, user_id: str, session_id: str, config: GetSessionConfig | None = None
    ) -> Session | None:
        return await asyncio.to_thread(self._get, app_name, user_id, session_id, config)

    def ledger_session_id(self, app_name: str, user_id: str, session_id: str) -> str | None:
        """The ledgermind session holding an ADK session's events (None: no such session)."""
        entry = self._entry(self.memory(app_name, user_id), session_id)
        return None if entry is None else str(entry["ledger"])

    def _entry(self, memory: OwnerMemory, session_id: str) -> dict[str, Any] | None:
        entry = self._checkpoint(memory)["sessions"].get(session_id.strip() if session_id else session_id)
        return entry if isinstance(entry, dict) else None

    def _events(self, memory: OwnerMemory, ledger: str) -> list[Event]:
        events: list[Event] = []
        after: int | None = 0
        while after is not None:
            page = memory.messages(ledger, after=after, limit=_PAGE)
            events += [
                from_fields({"content": m.content, "metadata": m.metadata})
                for m in page.messages
                if isinstance(m.metadata, dict) and "adk" in m.metadata
            ]
            after = page.next_after
        return events

    def _get(self, app_name: str, user_id: str, session_id: str, config: GetSessionConfig | None) -> Session | None:
        memory = self.memory(app_name, user_id)
        entry = self._entry(memory, session_id)
        if entry is None:
            return None
        events = self._events(memory, entry["ledger"])
        state = dict(entry["state"])
        for e in events:
            if e.actions and e.actions.state_delta:
                state.update(split_state(e.actions.state_delta)["session"])
        updated = events[-1].timestamp if events else entry["created"]
        if config is not None:
            if config.num_recent_events is not None:
                events = events[-config.num_recent_events :] if config.num_recent_events else []
            if config.after_timestamp is not None:
                events = [e for e in events if e.timestamp >= config.after_timestamp]
        session = Session(
            app_name=app_name,
            user_id=user_id,
            id=session_id.strip(),
            state=state,
            events=events,
            last_update_time=updated,
        )
        return self._merge(session)

    async def list_sessions(self, *, app_name: str, user_id: str | None = None) -> ListSessionsResponse:
        if user_id is None:
            raise NotImplementedError(
                "LedgermindSessionService lists one user's sessions: every owner's data is reached through "
                "that owner only (name the user_id)"
            )
        return await asyncio.to_thread(self._list, app_name, user_id)

    def _list(self, app_name: str, user_id: str) -> ListSessionsResponse:
        memory = self.memory(app_name, user_id)
        sessions = []
        for session_id in self._checkpoint(memory)["sessions"]:
            session = self._get(app_name, user_id, session_id, None)
            if session is not None:
                sessions.append(session.model_copy(update={"events": []}))
        sessions.sort(key=lambda s: (s.last_update_time, s.user_id, s.id))
        return ListSessionsResponse(sessions=sessions)

    async def delete_session(self, *, app_name: str, user_id: str, session_id: str) -> None:
        """Forgets the ADK session; its messages stay in the log (the owner's
        ``erase()`` is what destroys them), as a LangGraph ``delete_thread`` does."""
        sid = session_id.strip() if session_id else session_id
        await asyncio.to_thread(self._change, self.memory(app_name, user_id), lambda d: d["sessions"].pop(sid, None))

    async def get_user_state(self, *, app_name: str, user_id: str) -> dict[str, Any]:
        return dict((await asyncio.to_thread(self._scoped, app_name, user_id))[1])

    async def append_event(self, session: Session, event: Event) -> Event:
        """Stores the event (its ``temp:`` delta trimmed), then lets ADK's base
        class update the in-memory session, as every ADK service does."""
        if event.partial:
            return event
        delta = without_temp(event.actions.state_delta) if event.actions else {}
        stored = event.model_copy(update={"actions": event.actions.model_copy(update={"state_delta": delta})})
        await asyncio.to_thread(self._append, session, stored)
        event = await super().append_event(session, event)
        session.last_update_time = event.timestamp
        return event

    def _append(self, session: Session, event: Event) -> None:
        memory = self.memory(session.app_name, session.user_id)
        entry = self._entry(memory, session.id)
        if entry is None:
            raise SessionNotFoundError(f"Session {session.id} not found.")
        memory.add_messages(entry["ledger"], [to_fields(event)])
        deltas = split_state(event.actions.state_delta if event.actions else {})
        if deltas["user"]:
            self._change(memory, lambda data: data["state"].update(deltas["user"]))
        if deltas["app"]:
            self._change(self.memory(session.app_name, APP_USER), lambda data: data["state"].update(deltas["app"]))

    async def close(self) -> None:
        if self._owns_engine:
            self.engine.close()
