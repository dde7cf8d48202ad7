"""The Agent stream: which session an agent is in, and its last checkpoint.

Its id is a uuid5 of (app, user_id, agent_id). DESIGN.md said (app, agent_id);
we add the user so that two users of one app who both run "agent-7" never
share a stream: the id itself is tenant-scoped, so a restore for the wrong
owner finds nothing rather than someone else's agent.
"""

from __future__ import annotations

from uuid import UUID

from eventsourcing.domain import Aggregate, event

from memledger.domain.owner import Owner
from memledger.domain.stream_ids import agent_stream_id

__all__ = ["Agent"]



class Agent(Aggregate):
    TOPIC = "memledger:Agent"

    class Event(Aggregate.Event):
        app: str
        user_id: str

    class Created(Event, Aggregate.Created):
        TOPIC = "agent.registered"
        class_version = 1
        agent_id: str

    Registered = Created

    @event(Created)
    def __init__(self, app: str, user_id: str, agent_id: str) -> None:
        self.app = app
        self.user_id = user_id
        self.agent_id = agent_id
        self.session_id: str | None = None
        self.state: str | None = None  # JSON text of the last checkpoint
        self.checkpoints = 0

    @staticmethod
    def create_id(app: str, user_id: str, agent_id: str) -> UUID:
        return agent_stream_id(Owner(app, user_id), agent_id)

    class SessionOpened(Event):
        TOPIC = "agent.session_opened"
        class_version = 1
        session_id: str

    @event(SessionOpened)
    def _session_opened(self, app: str, user_id: str, session_id: str) -> None:
        self.session_id = session_id

    def open_session(self, session_id: str) -> None:
        self._session_opened(app=self.app, user_id=self.user_id, session_id=session_id)

    class Checkpointed(Event):
        TOPIC = "agent.checkpointed"
        class_version = 1
        session_id: str | None
        state: str  # opaque JSON text

    @event(Checkpointed)
    def _checkpointed(self, app: str, user_id: str, session_id: str | None, state: str) -> None:
        self.state = state
        self.checkpoints += 1

    def checkpoint(self, state: str) -> None:
        self._checkpointed(
            app=self.app, user_id=self.user_id, session_id=self.session_id, state=state
        )
