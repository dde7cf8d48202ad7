"""remember / correct / forget: the user (or the app) speaking for itself.

They emit the same memory events as the distiller, with ``method="explicit"``,
and go through the same ``reconcile``: remembering something already known
reinforces it instead of duplicating it, and remembering a new value of a
keyed attribute supersedes the old one. A correction is the strongest
evidence there is: confidence 1.0 (``ConfidencePolicy.corrected``).

Retries are safe: pass ``key`` (for example the client's request id) and the
belief id is uuid5(owner, "explicit:" + key); a correction's key derives from
the corrected belief and the new statement.

Each call is also one exactly-once command (``WritePort.submit_once``): a new
belief's id is deterministic, but a retry after a lost acknowledgement would
reinforce or revise an existing belief a second time. The idempotency key is
the caller's ``idempotency_key``, else (``remember``) "explicit:" + ``key``,
else a uuid4 made at the call; the receipt holds the call's answer, so a
replay returns the first answer even when the beliefs have moved on since.

Every argument is checked before anything is read or written (types, sizes
from ``Limits``, NUL, unpaired surrogates, timezone-aware times): what a
caller passes here becomes an event that every read model must fold, so a
string ``event_time`` or a NUL in a ``subject`` is refused with a typed
``InvalidInput``, never stored.
"""

from __future__ import annotations

import hashlib
import uuid
import weakref
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, TypeVar
from uuid import UUID

from ledgermind.distill.belief_index import LogBeliefIndex
from ledgermind.distill.confidence import DEFAULT_POLICY
from ledgermind.distill.proposals import Extraction, Proposal
from ledgermind.distill.reconcile import DEFAULT_CONFIG, reconcile
from ledgermind.domain import bitemporal
from ledgermind.domain.config import Limits
from ledgermind.domain.errors import InvalidContent, InvalidInput, MemoryNotFound, StateConflict
from ledgermind.domain.memory import KINDS, Memory
from ledgermind.domain.owner import Owner
from ledgermind.write.beliefs import (
    BeliefChange,
    Invalidate,
    NewBelief,
    Reinforce,
    Revise,
    apply_changes,
    new_belief_id,
)
from ledgermind.write.isolation import scoped_get
from ledgermind.write.port import IdempotencyKey
from ledgermind.write.validation import (
    check_fields,
    check_name,
    check_optional_field,
    check_optional_timestamp,
    check_text,
    parse_id,
)
from ledgermind.write.writer import UnitOfWork

if TYPE_CHECKING:
    from ledgermind.write.port import WritePort

__all__ = ["belief_index", "correct", "forget", "forget_all", "remember"]

_INDEXES: weakref.WeakKeyDictionary[WritePort, LogBeliefIndex] = weakref.WeakKeyDictionary()
R = TypeVar("R")


def belief_index(eng: WritePort) -> LogBeliefIndex:
    """The engine's log-folded belief index, caught up to the head."""
    index = _INDEXES.get(eng)
    if index is None:
        index = _INDEXES[eng] = LogBeliefIndex(eng)
    index.catch_up()
    return index


def remember(
    eng: WritePort,
    owner: Owner,
    statement: str,
    *,
    kind: str = "fact",
    subject: str | None = None,
    attribute: str | None = None,
    value: str | None = None,
    topics: Sequence[str] = (),
    participants: Sequence[str] = (),
    location: str | None = None,
    event_time: datetime | None = None,
    valid_from: datetime | None = None,
    key: str | None = None,
    idempotency_key: str | None = None,
) -> str:
    """Stores ``statement`` as a belief; returns its id (an existing belief's
    id when it reinforced one)."""
    limits = eng.limits
    text = _statement(statement, limits)
    if not isinstance(kind, str) or kind not in KINDS:
        raise InvalidInput(f"kind must be one of {sorted(KINDS)}, got {kind!r:.60}")
    subject = check_optional_field(subject, "subject", limits)
    attribute = check_optional_field(attribute, "attribute", limits)
    value = check_optional_field(value, "value", limits)
    location = check_optional_field(location, "location", limits)
    topic_list = check_fields(topics, "topics", limits)
    people = check_fields(participants, "participants", limits)
    event_time = check_optional_timestamp(event_time, "event_time")
    valid_from = check_optional_timestamp(valid_from, "valid_from")
    if key is not None:
        key = check_name(key, "key", limits)
    if idempotency_key is None and key is not None:
        idempotency_key = f"explicit:{key}"
    once = IdempotencyKey.at_call(owner, "remember", idempotency_key, limits, {
        "statement": text, "kind": kind, "subject": subject, "attribute": attribute, "value": value,
        "topics": topic_list, "participants": people, "location": location, "event_time": event_time,
        "valid_from": valid_from, "key": key,
    })  # fmt: skip
    when = valid_from or datetime.now(UTC)
    source_key = f"explicit:{key or uuid.uuid4().hex}"
    proposal = Proposal(
        op="add",
        kind=kind,
        statement=text,
        valid_from=when,
        source={"explicit": source_key},
        source_key=source_key,
        confidence=DEFAULT_POLICY.initial("explicit"),
        subject=subject,
        attribute=attribute,
        value=None if value is None else value.casefold(),
        topics=topic_list,
        participants=people,
        location=location,
        event_time=event_time,
        sources=({"explicit": source_key},),
    )
    extraction = Extraction((proposal,), method="explicit", extractor="explicit", extractor_version="1")
    changes = reconcile(owner, extraction, belief_index(eng).current(owner), DEFAULT_CONFIG)
    answer = _answer(owner, changes, source_key)
    return eng.submit_once(once, lambda unit: _apply(unit, owner, changes, limits, answer))


def _answer(owner: Owner, changes: list[BeliefChange], source_key: str) -> str:
    """The belief a remember names: the one it created, or the one it reinforced."""
    for change in changes:
        if isinstance(change, NewBelief):
            return new_belief_id(owner, change.source_key)
        if isinstance(change, (Reinforce, Revise)):
            return change.memory_id
    return new_belief_id(owner, source_key)  # pragma: no cover - reconcile always answers an add


def _apply(unit: UnitOfWork, owner: Owner, changes: list[BeliefChange], limits: Limits, answer: R) -> R:
    apply_changes(unit, owner, changes, limits)
    return answer


def correct(eng: WritePort, owner: Owner, memory_id: str, statement: str, *, idempotency_key: str | None = None) -> str:
    """Replaces a belief's statement by the user's correction (confidence
    1.0) and returns its id, which does not change: the correction is a new
    version of the same memory (``memory.revised``), so the id a caller holds
    keeps naming what the user now says. The old wording stays in the
    history (``known_at`` before the correction still sees it); the
    attribute's value is dropped, since the user said it was wrong.

    Only a current belief can be corrected: one that a later statement
    superseded, or that was forgotten, answers ``StateConflict`` naming its
    successor, never a success that changed nothing."""
    text = _statement(statement, eng.limits)
    once = IdempotencyKey.at_call(owner, "correct", idempotency_key, eng.limits, [memory_id, text])
    mid = _held(eng, owner, memory_id).id.hex
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    change = Revise(
        mid,
        statement=text,
        confidence=DEFAULT_POLICY.corrected(),
        reason="user correction",
        method="explicit",
        sources=({"correction": f"correction:{mid}:{digest}"},),
        sets_value=True,
        value=None,
    )
    return eng.submit_once(once, lambda unit: _change_current(unit, owner, change, eng.limits, mid))


def forget(eng: WritePort, owner: Owner, memory_id: str, *, idempotency_key: str | None = None) -> None:
    """Invalidates one belief now, with reason "user request" (history keeps
    it). A belief that is no longer current answers ``StateConflict``
    (naming the belief that superseded it, if any): forgetting it again
    would change nothing."""
    once = IdempotencyKey.at_call(owner, "forget", idempotency_key, eng.limits, memory_id)
    mid = _held(eng, owner, memory_id).id.hex
    change = Invalidate(mid, invalid_at=datetime.now(UTC), reason="user request", cause={"request": "forget"})
    eng.submit_once(once, lambda unit: _change_current(unit, owner, change, eng.limits, None))


def _held(eng: WritePort, owner: Owner, memory_id: str) -> Memory:
    """The caller's belief. Whether it is still current is checked inside
    the write, after a retried call's receipt had its chance to answer."""
    memory = eng.load(parse_id(memory_id, "memory_id"), Memory, owner)
    if memory is None:
        raise MemoryNotFound(f"no memory {memory_id!r:.60}")
    return memory


def _change_current(unit: UnitOfWork, owner: Owner, change: Revise | Invalidate, limits: Limits, answer: R) -> R:
    """Applies one change to a belief that must still be current when the
    write runs: a concurrent forget or supersession between the read and
    the write is refused, not silently skipped."""
    memory: Memory | None = scoped_get(unit, Memory, UUID(hex=change.memory_id), owner)
    if memory is None:  # pragma: no cover - loaded owner-scoped a moment ago; streams are never deleted
        raise MemoryNotFound(f"no memory {change.memory_id}")
    _require_current(memory)
    return _apply(unit, owner, [change], limits, answer)


def _require_current(memory: Memory) -> None:
    if memory.status == bitemporal.CURRENT:
        return
    if memory.status == bitemporal.FORGOTTEN_STATUS:
        raise StateConflict(f"memory {memory.id.hex} was forgotten")
    successor = getattr(memory, "superseded_by", None)  # snapshots older than the field lack it
    then = f"superseded by memory {successor}" if successor else "invalidated"
    raise StateConflict(f"memory {memory.id.hex} is no longer current: {then}")


def forget_all(eng: WritePort, owner: Owner, *, idempotency_key: str | None = None) -> int:
    """Invalidates every current belief of ``owner``; returns how many (a
    replay of a given ``idempotency_key`` returns the first call's count)."""
    once = IdempotencyKey.at_call(owner, "forget_all", idempotency_key, eng.limits)
    current = belief_index(eng).current(owner)
    now = datetime.now(UTC)
    changes: list[BeliefChange] = [
        Invalidate(
            b.memory_id, invalid_at=max(now, b.valid_from), reason="user request", cause={"request": "forget_all"}
        )
        for b in current
    ]
    if not changes and not once.given:
        return 0  # nothing to write, and no earlier call whose answer to replay
    return eng.submit_once(once, lambda unit: _apply(unit, owner, changes, eng.limits, len(changes)))


def _statement(statement: object, limits: Limits) -> str:
    if not isinstance(statement, str):  # bytes too: a statement is stored as given
        raise InvalidContent(f"statement must be a string, got {type(statement).__name__}")
    text = check_text(statement, "statement", limits.max_statement_bytes, allow_empty=False)
    if not text.strip():
        raise InvalidInput("statement must not be blank")
    return text.strip()
