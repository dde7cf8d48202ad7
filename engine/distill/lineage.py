"""Lineage (message <-> belief, both ways) and retraction of messages.

Lineage of a belief is read from its own stream (exact, owner-scoped): every
event names the messages it cites (``sources``), what made it (``call``),
its reason and cause, and the beliefs it superseded or was superseded by.
Lineage of a message needs the reverse map, kept by ``LineageIndex``: one
incremental fold of the log's ``memory.*`` and ``message.(un)retracted``
events (like the distiller's ``LogBeliefIndex``, and for the same reason: it
must see the writes of a moment ago, which a projection may not have yet).

Retraction ("this message was an injection: undo what it caused") writes,
in one transaction, ``message.retracted`` and the belief changes that make
the owner's current beliefs what they would be had the message never been
said, as far as the log can tell without re-running the extractor:

- a current belief whose message sources (every version's) are all
  retracted, and which cites no other kind of source (an explicit call, a
  correction, a task), is invalidated with cause ``{"retraction": msg}``
  and ``invalid_at = valid_from`` (it never held), so as-of queries known
  before the retraction still show it;
- an invalidated belief whose invalidation is void under the new retracted
  set (its cause is a retracted message, or the belief that superseded it
  is now invalidated by retraction) becomes current again through
  ``memory.reinstated``, a new version, unless a current belief with the
  same subject and attribute, or the same statement, holds from a later
  time (that later statement would have replaced it anyway);
- beliefs with another, unretracted source stay as they are.

``unretract`` records ``message.unretracted`` and runs the same rules the
other way: beliefs invalidated by retraction whose sources are no longer all
retracted are reinstated, and beliefs reinstated by a retraction whose
original invalidation is valid again are invalidated again as they were.

What this cannot undo: a revision's wording (a belief whose statement was
reworded by a retracted message keeps the wording while another source
holds it), and decisions an extractor made differently because it saw the
message (the log records what was decided, not what would have been).
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ledgermind.domain import bitemporal
from ledgermind.domain.errors import InvalidInput, MemoryNotFound, SessionNotFound
from ledgermind.domain.lineage import (
    RETRACTED,
    UNRETRACTED,
    BeliefEffect,
    BeliefLineage,
    LineageVersion,
    MessageLineage,
    MessageRef,
    RetractionReport,
    Retractions,
    retractions_stream_id,
)
from ledgermind.domain.memory import FLAGGED, Memory
from ledgermind.domain.owner import Owner
from ledgermind.domain.session import Session
from ledgermind.storage.follower import Envelope, Follower
from ledgermind.write.beliefs import BeliefChange, Invalidate, Reinstate, apply_changes
from ledgermind.write.isolation import scoped_get
from ledgermind.write.port import IdempotencyKey
from ledgermind.write.validation import check_field, parse_id
from ledgermind.write.writer import UnitOfWork

if TYPE_CHECKING:
    from ledgermind.write.port import WritePort

__all__ = [
    "LineageIndex",
    "belief_lineage",
    "lineage_index",
    "message_lineage",
    "plan",
    "record_retraction",
    "retract",
    "unretract",
]

_VERBS = {
    bitemporal.DISTILLED: "created",
    bitemporal.REINFORCED: "reinforced",
    bitemporal.REVISED: "revised",
    bitemporal.INVALIDATED: "invalidated",
    bitemporal.REINSTATED: "reinstated",
    bitemporal.FORGOTTEN: "forgotten",
}


# --- the reverse index --------------------------------------------------------


@dataclass(slots=True)
class BeliefState:
    """What the retraction rules need of one belief (folded from its events)."""

    memory_id: str
    status: str
    statement: str
    subject: str | None
    attribute: str | None
    valid_from: datetime
    messages: list[MessageRef] = field(default_factory=list)  # every message any version cites
    other_sources: int = 0  # sources that are not messages (explicit calls, corrections, tasks)
    invalid_at: datetime | None = None
    invalidation: dict[str, Any] | None = None  # the last memory.invalidated's fields
    voided: dict[str, Any] | None = None  # the invalidation the last reinstatement undid
    reinstated_by: dict[str, Any] | None = None  # the last reinstatement's cause


@dataclass(slots=True)
class _Owned:
    beliefs: dict[str, BeliefState] = field(default_factory=dict)
    # message -> [(memory_id, event seq, verb)] of events citing it (source or cause)
    cites: dict[MessageRef, list[tuple[str, int, str]]] = field(default_factory=dict)
    # memory_id -> [(memory_id, event seq, verb)] of events whose cause names that belief
    follows: dict[str, list[tuple[str, int, str]]] = field(default_factory=dict)
    retracted: set[MessageRef] = field(default_factory=set)


class LineageIndex:
    """Every owner's beliefs, what cites each message, and retracted messages."""

    def __init__(self, eng: WritePort, page: int = 1000) -> None:
        self._follower = Follower(eng.log, (*bitemporal.TOPICS, RETRACTED, UNRETRACTED), page=page)
        self._owners: dict[tuple[str, str], _Owned] = {}
        self._lock = threading.Lock()

    @contextmanager
    def read(self, owner: Owner) -> Iterator[_Owned]:
        """``owner``'s part, caught up to the log's head, held still for the
        block: the fold runs under the same lock, so concurrent callers (the
        service's threads) never read a dict another one is changing."""
        with self._lock:
            self._follower.catch_up(self._fold)
            yield self._owners.get((owner.app, owner.user_id)) or _Owned()

    def _fold(self, env: Envelope) -> None:
        e = env.event
        owned = self._owners.setdefault((e.app, e.user_id), _Owned())
        if env.topic in (RETRACTED, UNRETRACTED):
            ref = MessageRef(e.session_id, e.seq)
            if env.topic == RETRACTED:
                owned.retracted.add(ref)
            else:
                owned.retracted.discard(ref)
            return
        mid = e.originator_id.hex
        seq = e.originator_version
        verb = _VERBS[env.topic]
        fields = vars(e)
        for cited in [*(fields.get("sources") or ()), fields.get("cause")]:
            message = MessageRef.of(cited)
            if message is not None:
                owned.cites.setdefault(message, []).append((mid, seq, verb))
            elif isinstance(cited, Mapping) and isinstance(cited.get("memory_id"), str):
                owned.follows.setdefault(cited["memory_id"], []).append((mid, seq, verb))
        if env.topic == bitemporal.DISTILLED:
            new = owned.beliefs[mid] = BeliefState(
                mid, bitemporal.CURRENT, e.statement, e.subject, e.attribute, e.valid_from
            )
            _add_sources(new, e.sources)
            return
        b = owned.beliefs.get(mid)
        if b is None:
            return
        if env.topic == bitemporal.REINFORCED:
            _add_sources(b, e.sources)
        elif env.topic == bitemporal.REVISED:
            b.statement = e.statement
            _add_sources(b, e.sources)
        elif env.topic == bitemporal.INVALIDATED:
            b.status = bitemporal.INVALIDATED_STATUS
            b.invalid_at = e.invalid_at
            b.invalidation = {
                "invalid_at": e.invalid_at,
                "reason": e.reason,
                "cause": e.cause,
                "superseded_by": e.superseded_by,
            }
            b.reinstated_by = None
        elif env.topic == bitemporal.REINSTATED:
            b.status = bitemporal.CURRENT
            b.invalid_at = None
            b.voided, b.invalidation = b.invalidation, None
            b.reinstated_by = e.cause
        elif env.topic == bitemporal.FORGOTTEN:
            del owned.beliefs[mid]


def _add_sources(b: BeliefState, sources: Iterable[Any]) -> None:
    for s in sources or ():
        ref = MessageRef.of(s)
        if ref is None and isinstance(s, Mapping) and "model_call" in s:
            continue  # how the messages were read (a recorded model call), not a source of its own
        if ref is None:
            b.other_sources += 1
        elif ref not in b.messages:
            b.messages.append(ref)


_INDEXES: weakref.WeakKeyDictionary[WritePort, LineageIndex] = weakref.WeakKeyDictionary()
_INDEXES_LOCK = threading.Lock()


def lineage_index(eng: WritePort) -> LineageIndex:
    """The engine's lineage index (read it through ``LineageIndex.read``)."""
    with _INDEXES_LOCK:
        index = _INDEXES.get(eng)
        if index is None:
            index = _INDEXES[eng] = LineageIndex(eng)
    return index


# --- lineage, both ways ---------------------------------------------------------


def belief_lineage(eng: WritePort, owner: Owner, memory_id: str) -> BeliefLineage:
    """One belief's versions with their causes, straight from its stream."""
    try:
        stream = parse_id(memory_id, "memory_id")
    except InvalidInput:
        raise MemoryNotFound(f"no memory {memory_id!r:.60}") from None
    events: list[Any] = list(eng.stream_events(stream))
    if not events or not isinstance(events[0], Memory.Created):
        raise MemoryNotFound(f"no memory {stream.hex}")
    first: Any = events[0]
    if (first.app, first.user_id) != (owner.app, owner.user_id):
        raise MemoryNotFound(f"no memory {stream.hex}")  # another owner's: just missing
    versions: list[LineageVersion] = []
    state: dict[str, Any] = {}
    status: str | None = None
    messages: list[MessageRef] = []
    superseded_by: list[str] = []
    for e in events:
        topic = _topic(e)
        if topic != FLAGGED:  # flags set anew (a conflict found, or resolved): a row, not a version
            status = bitemporal.next_status(status, topic, stream.hex)
        if status is None:  # a flag before any version (a stream starts distilled): nothing to show
            continue
        fields = vars(e)
        if topic == bitemporal.FORGOTTEN:
            versions, messages, state = [], [], {}  # purged: nothing of its content remains
            continue
        if topic == bitemporal.DISTILLED:
            state = {
                "statement": e.statement,
                "confidence": e.confidence,
                "valid_from": e.valid_from,
                "invalid_at": None,
                "method": e.method,
                "extractor": e.extractor,
            }
        elif topic in (bitemporal.REINFORCED, bitemporal.REVISED):
            state["confidence"] = e.confidence
            if topic == bitemporal.REVISED:
                state["statement"] = e.statement
                state["method"] = e.method
        elif topic == bitemporal.INVALIDATED:
            state["invalid_at"] = e.invalid_at
            if e.superseded_by and e.superseded_by not in superseded_by:
                superseded_by.append(e.superseded_by)
        elif topic == bitemporal.REINSTATED:
            state["invalid_at"] = None
        sources = list(fields.get("sources") or ())
        refs = tuple(r for r in (MessageRef.of(s) for s in sources) if r is not None)
        for r in refs:
            if r not in messages:
                messages.append(r)
        cause = fields.get("cause")
        versions.append(LineageVersion(
            memory_id=stream.hex, seq=e.originator_version, event=topic, status=status,
            statement=state.get("statement", ""), confidence=float(state.get("confidence", 0.0)),
            valid_from=state["valid_from"], invalid_at=state.get("invalid_at"), recorded_at=e.timestamp,
            reason=fields.get("reason"), call=_call(topic, fields), method=state.get("method"),
            extractor=state.get("extractor"), sources=refs,
            other_sources=tuple(dict(s) for s in sources if MessageRef.of(s) is None),
            cause=dict(cause) if isinstance(cause, Mapping) else None, cause_message=_cause_message(cause),
            superseded_by=fields.get("superseded_by"), supersedes=fields.get("supersedes"),
        ))  # fmt: skip
    return BeliefLineage(
        memory_id=stream.hex,
        app=owner.app,
        user_id=owner.user_id,
        kind=first.kind,
        subject=first.subject,
        attribute=first.attribute,
        status=status or bitemporal.CURRENT,
        versions=tuple(versions),
        messages=tuple(messages),
        supersedes=(first.supersedes,) if first.supersedes else (),
        superseded_by=tuple(superseded_by),
    )


def message_lineage(eng: WritePort, owner: Owner, session_id: str, seq: int) -> MessageLineage:
    """Which belief events one message caused: those citing it, then
    (downstream) those whose cause names a belief it caused, transitively."""
    ref = _message(eng, owner, session_id, seq)
    with lineage_index(eng).read(owner) as owned:
        return _caused(owned, ref)


def _caused(owned: _Owned, ref: MessageRef) -> MessageLineage:
    direct = [_effect(owned, mid, s, verb) for mid, s, verb in owned.cites.get(ref, [])]
    seen = {e.memory_id for e in direct}
    done = {(e.memory_id, e.seq) for e in direct}
    frontier = list(dict.fromkeys(e.memory_id for e in direct))
    downstream: list[BeliefEffect] = []
    while frontier:
        via = frontier.pop(0)
        for mid, s, verb in owned.follows.get(via, []):
            if (mid, s) in done:
                continue
            done.add((mid, s))
            downstream.append(_effect(owned, mid, s, verb, via))
            if mid not in seen:
                seen.add(mid)
                frontier.append(mid)
    return MessageLineage(ref, ref in owned.retracted, tuple(direct), tuple(downstream))


def _effect(owned: _Owned, memory_id: str, seq: int, verb: str, via: str | None = None) -> BeliefEffect:
    b = owned.beliefs.get(memory_id)
    return BeliefEffect(
        memory_id, seq, verb, b.statement if b else "", b.status if b else bitemporal.FORGOTTEN_STATUS, via
    )


def _topic(e: Any) -> str:
    return str(type(e).TOPIC)


def _cause_message(cause: object) -> MessageRef | None:
    if not isinstance(cause, Mapping):
        return None
    for key in ("retraction", "unretraction"):
        if key in cause:
            return MessageRef.of(cause[key])
    return MessageRef.of(cause)


def _call(topic: str, fields: Mapping[str, Any]) -> str:
    """What made this event (see ``LineageVersion``)."""
    cause = fields.get("cause")
    if topic in (bitemporal.INVALIDATED, bitemporal.REINSTATED) and isinstance(cause, Mapping):
        for key, call in (
            ("retraction", "retraction"),
            ("unretraction", "unretraction"),
            ("correction", "correction"),
            ("request", "explicit"),
            ("memory_id", "supersession"),
        ):
            if key in cause:
                return call
        return "distillation" if MessageRef.of(cause) is not None else "unknown"
    if topic == bitemporal.FORGOTTEN:
        return "explicit"
    if topic == FLAGGED:
        return "resolution" if str(fields.get("reason") or "").startswith("conflict resolved") else "distillation"
    source_key = str(fields.get("source_key") or "")
    if source_key.startswith("correction:"):
        return "correction"
    sources = list(fields.get("sources") or ())
    if fields.get("method") == "explicit" or any(isinstance(s, Mapping) and "explicit" in s for s in sources):
        return "explicit"
    if any(MessageRef.of(s) is not None or (isinstance(s, Mapping) and "task_id" in s) for s in sources):
        return "distillation"
    return "import" if fields.get("extractor") == "import" else "distillation"


def _message(eng: WritePort, owner: Owner, session_id: str, seq: object) -> MessageRef:
    """The owner's message (session, seq), or ``SessionNotFound`` (also for
    another owner's session, and for a seq the session never had)."""
    try:
        sid = parse_id(session_id, "session_id")
    except InvalidInput:
        raise SessionNotFound(f"no session {session_id!r:.60}") from None
    if not isinstance(seq, int) or isinstance(seq, bool):
        raise InvalidInput(f"seq must be an integer, got {type(seq).__name__}")
    session = eng.load(sid, Session, owner)
    if session is None:
        raise SessionNotFound(f"no session {sid.hex}")
    if not 1 <= seq <= session.seq:
        raise SessionNotFound(f"session {sid.hex} has no message {seq}")
    return MessageRef(sid.hex, seq)


# --- retraction -------------------------------------------------------------------


def plan(
    beliefs: Mapping[str, BeliefState], retracted: set[MessageRef], cause: dict[str, Any]
) -> tuple[list[BeliefChange], list[str], list[str]]:
    """The belief changes that bring ``beliefs`` in line with the messages in
    ``retracted`` being unsaid (the rules in the module docstring); returns
    (changes, invalidated ids, reinstated ids). Pure: no I/O, no clock."""

    def only_retracted(b: BeliefState) -> bool:
        return bool(b.messages) and b.other_sources == 0 and all(m in retracted for m in b.messages)

    dead = {m for m, b in beliefs.items() if b.status == bitemporal.CURRENT and only_retracted(b)}

    def void(inv: Mapping[str, Any] | None, b: BeliefState) -> bool:
        """Whether an invalidation no longer stands under ``retracted``."""
        if inv is None:
            return False
        c = inv.get("cause")
        if isinstance(c, Mapping) and "retraction" in c:
            return not only_retracted(b)
        ref = MessageRef.of(c)
        if ref is not None and ref in retracted:
            return True
        by = inv.get("superseded_by") or (c.get("memory_id") if isinstance(c, Mapping) else None)
        if isinstance(by, str) and by in beliefs:
            s = beliefs[by]
            return by in dead or (s.status == bitemporal.INVALIDATED_STATUS and only_retracted(s))
        return False

    # Reinstated by an earlier retraction, but what invalidated them stands again.
    redo = {
        m
        for m, b in beliefs.items()
        if b.status == bitemporal.CURRENT
        and m not in dead
        and b.reinstated_by is not None
        and b.voided is not None
        and not void(b.voided, b)
    }
    changes: list[BeliefChange] = []
    for m in sorted(dead):
        b = beliefs[m]
        changes.append(Invalidate(m, invalid_at=b.valid_from, reason="source retracted", cause=cause))
    for m in sorted(redo):
        inv = beliefs[m].voided or {}
        changes.append(
            Invalidate(
                m,
                invalid_at=inv.get("invalid_at") or beliefs[m].valid_from,
                reason=str(inv.get("reason") or "invalidation restored"),
                cause=cause,
                superseded_by=inv.get("superseded_by"),
            )
        )
    live = [b for m, b in beliefs.items() if b.status == bitemporal.CURRENT and m not in dead and m not in redo]
    candidates = sorted(
        (
            b
            for b in beliefs.values()
            if b.status == bitemporal.INVALIDATED_STATUS and not only_retracted(b) and void(b.invalidation, b)
        ),
        key=lambda b: (b.valid_from, b.memory_id),
        reverse=True,
    )
    reinstated: list[str] = []
    for b in candidates:
        if any(_clashes(b, other) and other.valid_from >= b.valid_from for other in live):
            continue
        live.append(b)
        reinstated.append(b.memory_id)
        changes.append(Reinstate(b.memory_id, reason="cause retracted", cause=cause))
    return changes, sorted(dead | redo), reinstated


def _clashes(a: BeliefState, b: BeliefState) -> bool:
    """Two beliefs that cannot both be current: the same keyed attribute, or the same statement."""
    if a.subject is not None and a.attribute is not None and (a.subject, a.attribute) == (b.subject, b.attribute):
        return True
    return a.statement.strip().casefold() == b.statement.strip().casefold()


def retract(
    eng: WritePort, owner: Owner, session_id: str, seq: int, reason: str, *, idempotency_key: str | None = None
) -> RetractionReport:
    """Records ``message.retracted`` and undoes what the message caused (one transaction)."""
    return _toggle(eng, owner, session_id, seq, reason, "retract", idempotency_key)


def unretract(
    eng: WritePort, owner: Owner, session_id: str, seq: int, reason: str, *, idempotency_key: str | None = None
) -> RetractionReport:
    """Records ``message.unretracted`` and restores what the retraction undid."""
    return _toggle(eng, owner, session_id, seq, reason, "unretract", idempotency_key)


def record_retraction(
    eng: WritePort,
    owner: Owner,
    session_id: str,
    seq: int,
    reason: str,
    *,
    undo: bool,
    idempotency_key: str | None = None,
) -> RetractionReport:
    """Records ``message.retracted`` (or ``message.unretracted``) alone, changing
    no belief: for an import, whose file holds the belief events the original
    retraction wrote and replays them one by one."""
    return _toggle(
        eng, owner, session_id, seq, reason, "unretract" if undo else "retract", idempotency_key, consequences=False
    )


def _toggle(
    eng: WritePort,
    owner: Owner,
    session_id: str,
    seq: int,
    reason: str,
    action: str,
    idempotency_key: str | None,
    *,
    consequences: bool = True,
) -> RetractionReport:
    reason = check_field(reason, "reason", eng.limits)
    ref = _message(eng, owner, session_id, seq)
    once = IdempotencyKey.at_call(owner, action, idempotency_key, eng.limits, [session_id, seq, reason])
    retracting = action == "retract"
    cause = {("retraction" if retracting else "unretraction"): ref.as_dict()}
    changes: list[BeliefChange] = []
    invalidated: list[str] = []
    reinstated: list[str] = []
    if consequences:
        with lineage_index(eng).read(owner) as owned:
            retracted = owned.retracted | {ref} if retracting else owned.retracted - {ref}
            changes, invalidated, reinstated = plan(owned.beliefs, retracted, cause)

    def command(unit: UnitOfWork) -> dict[str, Any]:
        stream = retractions_stream_id(owner)
        log: Retractions | None = scoped_get(unit, Retractions, stream, owner)
        if (log is not None and log.is_retracted(ref)) == retracting:  # already so: nothing to write
            return RetractionReport(ref, action, reason, False).as_dict()
        if log is None:
            log = Retractions(app=owner.app, user_id=owner.user_id)
            unit.add(log)
        if retracting:
            log.retract(ref, reason)
        else:
            log.unretract(ref, reason)
        apply_changes(unit, owner, changes, eng.limits)
        return RetractionReport(ref, action, reason, True, tuple(invalidated), tuple(reinstated)).as_dict()

    answer = eng.submit_once(once, command)
    return RetractionReport(
        MessageRef(**answer["message"]),
        answer["action"],
        answer["reason"],
        answer["changed"],
        tuple(answer["invalidated"]),
        tuple(answer["reinstated"]),
    )
