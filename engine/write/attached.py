"""Writes of an integration's stream that keeps its conversation in a session.

Why here: an integration may keep an aggregate of its own beside an ordinary
session that holds the conversation's messages (the LangGraph saver: one
stream of checkpoints per thread, and the thread's messages as
``message.added`` of a session, so restore, search, distillation and audits
see them). Its writes must be what every other write is: validated at the
call, fenced at the agent's incarnation, exactly-once, and chained in one
transaction with the session. When the saver built these commands itself,
opening a thread created the session without the fence ``create_session``
applies, so the zombie of a fenced agent could open a thread and write to it.

So the integration brings only what is its own (``Attachment``: its
aggregate's class and stream, how to make one for a new session, and the
``step`` that changes it); the session, the agent, the fence and the receipt
are this module's, the same as ``conversation``'s:

- a first write opens a session for the agent exactly as ``create_session``
  does: the caller's incarnation is checked against the agent's, the agent
  points at the new session, and the session is fenced at the agent's
  current incarnation;
- a later write checks the caller's incarnation against the session's and
  the agent's (``conversation.check_fence``) before its step runs;
- messages are validated at the call (``prepare_message``) and appended only
  when the step asks for them, so a step that finds its write already made
  appends nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Generic, Protocol, TypeVar
from uuid import UUID

from eventsourcing.domain import Aggregate

from ledgermind.domain.errors import SessionNotFound
from ledgermind.domain.owner import Owner
from ledgermind.domain.session import Session
from ledgermind.write.conversation import check_epoch, check_fence, open_session, prepare_message
from ledgermind.write.isolation import scoped_get
from ledgermind.write.options import DEFAULT_WRITE, WriteOptions
from ledgermind.write.port import IdempotencyKey, WritePort
from ledgermind.write.validation import check_name, check_owner
from ledgermind.write.writer import UnitOfWork

__all__ = ["Append", "Attachment", "SessionBound", "write_attached"]

R = TypeVar("R")


class SessionBound(Protocol):
    """An integration's aggregate: owned like every stream, bound to one session."""

    app: str
    user_id: str
    session_id: str


B = TypeVar("B", bound=SessionBound)


class Append(Protocol):
    """Appends the call's validated messages to the bound session; returns
    their seqs. ``only``: the positions (in the call's list) of the messages
    to append, in that order: a step that finds part of its write already
    made (a retried call) appends the rest and nothing twice."""

    def __call__(self, only: Sequence[int] | None = None) -> list[int]: ...


@dataclass(frozen=True, slots=True)
class Attachment(Generic[B]):
    """Which stream of an integration a write goes to, and how to start it.

    ``open`` builds the aggregate for a new session id (a first write); it
    is called inside the command, in the writer thread."""

    kind: type[B]
    stream_id: UUID
    agent_id: str
    open: Callable[[str], B]
    name: str  # the command's name in its receipt, e.g. "langgraph.put"


def write_attached(
    port: WritePort,
    owner: Owner,
    attachment: Attachment[B],
    step: Callable[[B, Append], R],
    *,
    messages: Iterable[Mapping[str, Any]] = (),
    options: WriteOptions = DEFAULT_WRITE,
    create: bool = True,
    once: bool = True,
    request: object = None,
) -> R | None:
    """Runs ``step`` on the attachment's aggregate in one fenced transaction;
    returns its result, or None when the stream does not exist and ``create``
    is false (nothing is written then).

    ``request``: what the integration was asked to do (JSON-able). With a
    caller's ``options.idempotency_key`` its digest, with the messages', is
    kept in the receipt: the key replayed with another request raises
    ``IdempotencyKeyReused`` instead of answering the first call's result.

    ``once``: exactly-once by ``WritePort.submit_once`` (a receipt under the
    caller's key; the result must be JSON). A step whose own stream already tells a re-run
    that it committed (a checkpoint already at its namespace's head) passes
    ``once=False`` and saves the receipt's event."""
    check_owner(owner)
    agent_id = check_name(attachment.agent_id, "agent_id", port.limits)
    epoch = check_epoch(options.incarnation)
    now = datetime.now(UTC)
    given = [dict(m) for m in messages]
    prepared = [prepare_message(port, m, now) for m in given]
    asked = [attachment.stream_id.hex, request, given]
    key = IdempotencyKey.at_call(owner, attachment.name, options.idempotency_key, port.limits, asked)

    def command(unit: UnitOfWork) -> R | None:
        bound = scoped_get(unit, attachment.kind, attachment.stream_id, owner)
        if bound is None:
            if not create:
                return None
            bound, session = _open(unit, owner, agent_id, epoch, attachment)
        else:
            session = scoped_get(unit, Session, UUID(hex=bound.session_id), owner)
            if session is None:
                raise SessionNotFound(f"the session of stream {attachment.stream_id.hex} is gone")
            check_fence(unit, owner, session, epoch)

        def append(only: Sequence[int] | None = None) -> list[int]:
            chosen = prepared if only is None else [prepared[i] for i in only]
            return [session.add_message(**fields) for fields in chosen]

        return step(bound, append)

    if once or options.idempotency_key is not None:
        return port.submit_once(key, command)
    return port.submit(command)


def _open(
    unit: UnitOfWork, owner: Owner, agent_id: str, epoch: int | None, attachment: Attachment[B]
) -> tuple[B, Session]:
    """A new session for the agent, opened as ``create_session`` opens one
    (the caller's incarnation checked, the session fenced at the agent's),
    and the integration's aggregate bound to it, in the same transaction."""
    session = open_session(unit, owner, agent_id, epoch)
    bound = attachment.open(session.id.hex)
    if not isinstance(bound, Aggregate):
        raise TypeError(f"{attachment.kind.__name__} is not an aggregate")
    unit.add(bound)
    return bound, session
