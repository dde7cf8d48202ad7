"""The Agent stream: which session an agent is in, and its last checkpoint.

Its id is a uuid5 of (app, user_id, agent_id), not of (app, agent_id): the
user is in it so that two users of one app who both run "agent-7" never
share a stream (docs/design/decisions.md): the id itself is tenant-scoped, so a restore for the wrong
owner finds nothing rather than someone else's agent.

Incarnations (fencing tokens): every restore by a supervisor, and every fresh
claim, appends ``agent.incarnated`` with the next epoch (1, 2, ...). A write
made on behalf of the agent may carry its epoch; one older than the stream's
current epoch is a zombie's (a hung process, a partitioned node that came
back) and is refused by the aggregate it would change, inside the command,
so it never reaches the log. Why the check holds without a lock service: the
incarnation is an event on the very streams a fenced write appends to (the
agent's, and its current session's ``session.fenced``), so a write decided
against an older epoch conflicts on optimistic concurrency with the fence,
is retried on the reloaded stream and refused. ``agent.crashed`` and
``agent.stopped`` are the supervisor's account of how an incarnation ended.
"""

from __future__ import annotations

from datetime import datetime
from uuid import UUID

from eventsourcing.domain import Aggregate, event

from ledgermind.domain.errors import StaleIncarnation, UnknownIncarnation
from ledgermind.domain.owner import Owner
from ledgermind.domain.stream_ids import agent_stream_id

__all__ = ["Agent", "refuse_stale"]


def refuse_stale(incarnation: int | None, current: int, where: str) -> None:
    """Raises ``StaleIncarnation`` when a write carries an epoch older than
    ``current``; a write without one (None) is never fenced."""
    if incarnation is not None and incarnation < current:
        raise StaleIncarnation(
            f"incarnation {incarnation} of this agent was replaced by incarnation {current} "
            f"({where}); the write was refused",
            incarnation,
            current,
        )


class Agent(Aggregate):
    TOPIC = "ledgermind:Agent"

    # Class defaults, not only __init__ assignments: snapshots taken before
    # incarnations existed restore a __dict__ without them.
    incarnation = 0  # the current epoch; 0: never incarnated
    status: str | None = None  # running / crashed / stopped, by the last lifecycle event

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
        self._checkpointed(app=self.app, user_id=self.user_id, session_id=self.session_id, state=state)

    class Incarnated(Event):
        TOPIC = "agent.incarnated"
        class_version = 1
        epoch: int
        session_id: str | None

    @event(Incarnated)
    def _incarnated(self, app: str, user_id: str, epoch: int, session_id: str | None) -> None:
        self.incarnation = epoch
        self.status = "running"

    def incarnate(self) -> int:
        """Starts the next incarnation; returns its epoch (strictly increasing)."""
        epoch = self.incarnation + 1
        self._incarnated(app=self.app, user_id=self.user_id, epoch=epoch, session_id=self.session_id)
        return epoch

    def check_incarnation(self, incarnation: int | None) -> None:
        """Refuses an epoch older than the current one (``StaleIncarnation``)
        and one never issued, ahead of it (``UnknownIncarnation``)."""
        refuse_stale(incarnation, self.incarnation, f"agent {self.agent_id!r}")
        if incarnation is not None and incarnation > self.incarnation:
            raise UnknownIncarnation(
                f"incarnation {incarnation} of agent {self.agent_id!r} was never issued (it is at "
                f"{self.incarnation}); the write was refused", incarnation, self.incarnation,
            )  # fmt: skip

    class Crashed(Event):
        TOPIC = "agent.crashed"
        class_version = 1
        incarnation: int
        exit_code: int | None  # None when a signal ended it
        signal: int | None
        last_heartbeat: datetime | None
        reason: str

    @event(Crashed)
    def _crashed(
        self,
        app: str,
        user_id: str,
        incarnation: int,
        exit_code: int | None,
        signal: int | None,
        last_heartbeat: datetime | None,
        reason: str,
    ) -> None:
        self.status = "crashed"

    def crashed(
        self,
        incarnation: int,
        *,
        exit_code: int | None,
        signal: int | None,
        last_heartbeat: datetime | None,
        reason: str,
    ) -> None:
        self._crashed(
            app=self.app, user_id=self.user_id, incarnation=incarnation, exit_code=exit_code,
            signal=signal, last_heartbeat=last_heartbeat, reason=reason,
        )  # fmt: skip

    class Stopped(Event):
        TOPIC = "agent.stopped"
        class_version = 1
        incarnation: int
        exit_code: int | None
        reason: str

    @event(Stopped)
    def _stopped(self, app: str, user_id: str, incarnation: int, exit_code: int | None, reason: str) -> None:
        self.status = "stopped"

    def stopped(self, incarnation: int, *, exit_code: int | None, reason: str) -> None:
        self._stopped(app=self.app, user_id=self.user_id, incarnation=incarnation, exit_code=exit_code, reason=reason)
