"""The Memory stream: one belief and every change the engine made to it.

Its id is a uuid5 of the belief's source (the distiller's source key, or the
explicit call's client key), so a retried distillation cannot create the same
belief twice: the second ``memory.distilled`` collides on (stream, version 1).
The state holds only what reconciliation must decide on; every word of a
revision stays in its event, for audits and replays.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate, event

from ledgermind.domain import bitemporal
from ledgermind.domain.owner import Owner
from ledgermind.domain.stream_ids import memory_stream_id

__all__ = ["BELIEF_FLAGS", "FLAGGED", "KINDS", "Memory"]

KINDS = frozenset({"fact", "episode", "experience"})
# instruction_like: the text reads as an order to the agent (kept, capped, left
# out of injected context unless asked for); conflicting: it contradicts the
# beliefs named in conflicts_with and no rule settled which holds.
BELIEF_FLAGS = frozenset({"instruction_like", "conflicting"})
# Not a belief-version topic (bitemporal.TOPICS): flags change neither status,
# statement nor valid time, so read models that fold versions never see it.
FLAGGED = "memory.flagged"


class Memory(Aggregate):
    TOPIC = "ledgermind:Memory"

    class Event(Aggregate.Event):
        app: str
        user_id: str

    class Created(Event, Aggregate.Created):
        TOPIC = bitemporal.DISTILLED
        class_version = 1
        source_key: str
        kind: str
        statement: str
        problem: str | None
        solution: str | None
        subject: str | None
        attribute: str | None
        topics: list[str]
        participants: list[str]
        location: str | None
        event_time: datetime | None
        valid_from: datetime
        confidence: float
        method: str
        extractor: str
        extractor_version: str
        sources: list[dict[str, Any]]
        supersedes: str | None
        raw: str | None  # an LLM's raw output, so replay never calls the model again
        # The attribute's value ("go 1.24"): same subject and attribute with a
        # different value is a contradiction. Optional so older events still load.
        value: str | None = None
        # Flags (BELIEF_FLAGS) and the beliefs a conflicting one contradicts.
        # Optional so older events still load.
        flags: list[str] | None = None
        conflicts_with: list[str] | None = None

    Distilled = Created

    @event(Created)
    def __init__(
        self,
        app: str,
        user_id: str,
        source_key: str,
        kind: str,
        statement: str,
        problem: str | None,
        solution: str | None,
        subject: str | None,
        attribute: str | None,
        topics: list[str],
        participants: list[str],
        location: str | None,
        event_time: datetime | None,
        valid_from: datetime,
        confidence: float,
        method: str,
        extractor: str,
        extractor_version: str,
        sources: list[dict[str, Any]],
        supersedes: str | None,
        raw: str | None,
        value: str | None = None,
        flags: list[str] | None = None,
        conflicts_with: list[str] | None = None,
    ) -> None:
        self.app = app
        self.user_id = user_id
        self.kind = kind
        self.statement = statement
        self.subject = subject
        self.attribute = attribute
        self.value = value
        self.confidence = confidence
        self.valid_from = valid_from
        self.invalid_at: datetime | None = None
        self.superseded_by: str | None = None  # the belief that replaced it, while invalidated
        self.status = bitemporal.CURRENT
        self.reinforcements = 0
        self.flags = list(flags or [])
        self.conflicts_with = list(conflicts_with or [])

    @staticmethod
    def create_id(app: str, user_id: str, source_key: str, **_: object) -> UUID:
        return memory_stream_id(Owner(app, user_id), source_key)

    class Reinforced(Event):
        TOPIC = bitemporal.REINFORCED
        class_version = 1
        confidence: float
        sources: list[dict[str, Any]]
        reason: str

    @event(Reinforced)
    def _reinforced(
        self, app: str, user_id: str, confidence: float, sources: list[dict[str, Any]], reason: str
    ) -> None:
        self.confidence = confidence
        self.reinforcements += 1

    def reinforce(self, confidence: float, sources: list[dict[str, Any]], reason: str) -> None:
        bitemporal.next_status(self.status, bitemporal.REINFORCED, self.id.hex)
        self._reinforced(app=self.app, user_id=self.user_id, confidence=confidence, sources=sources, reason=reason)

    class Revised(Event):
        TOPIC = bitemporal.REVISED
        class_version = 1
        statement: str
        problem: str | None
        solution: str | None
        topics: list[str]
        participants: list[str]
        location: str | None
        event_time: datetime | None
        confidence: float
        method: str
        sources: list[dict[str, Any]]
        reason: str
        # A user's correction says the old value was wrong: ``sets_value``
        # replaces the attribute's value with ``value`` (None: no longer
        # known). A rewording keeps it. Defaults, so older events still load.
        value: str | None = None
        sets_value: bool = False

    @event(Revised)
    def _revised(
        self,
        app: str,
        user_id: str,
        statement: str,
        problem: str | None,
        solution: str | None,
        topics: list[str],
        participants: list[str],
        location: str | None,
        event_time: datetime | None,
        confidence: float,
        method: str,
        sources: list[dict[str, Any]],
        reason: str,
        value: str | None = None,
        sets_value: bool = False,
    ) -> None:
        self.statement = statement
        self.confidence = confidence
        if sets_value:
            self.value = value

    def revise(self, **fields: Any) -> None:
        bitemporal.next_status(self.status, bitemporal.REVISED, self.id.hex)
        self._revised(app=self.app, user_id=self.user_id, **fields)

    class Invalidated(Event):
        TOPIC = bitemporal.INVALIDATED
        class_version = 1
        invalid_at: datetime
        reason: str
        cause: dict[str, Any] | None
        superseded_by: str | None

    @event(Invalidated)
    def _invalidated(
        self,
        app: str,
        user_id: str,
        invalid_at: datetime,
        reason: str,
        cause: dict[str, Any] | None,
        superseded_by: str | None,
    ) -> None:
        self.invalid_at = invalid_at
        self.superseded_by = superseded_by
        self.status = bitemporal.INVALIDATED_STATUS

    def invalidate(
        self,
        invalid_at: datetime,
        reason: str,
        cause: dict[str, Any] | None = None,
        superseded_by: str | None = None,
    ) -> None:
        bitemporal.next_status(self.status, bitemporal.INVALIDATED, self.id.hex)
        self._invalidated(
            app=self.app,
            user_id=self.user_id,
            invalid_at=invalid_at,
            reason=reason,
            cause=cause,
            superseded_by=superseded_by,
        )

    class Reinstated(Event):
        """An invalidation undone: its cause (a message, or the belief that
        superseded this one) was retracted. A new version, not an erasure of
        the invalidation, so as-of queries before it still see that."""

        TOPIC = bitemporal.REINSTATED
        class_version = 1
        reason: str
        cause: dict[str, Any] | None

    @event(Reinstated)
    def _reinstated(self, app: str, user_id: str, reason: str, cause: dict[str, Any] | None) -> None:
        self.invalid_at = None
        self.superseded_by = None
        self.status = bitemporal.CURRENT

    def reinstate(self, reason: str, cause: dict[str, Any] | None = None) -> None:
        bitemporal.next_status(self.status, bitemporal.REINSTATED, self.id.hex)
        self._reinstated(app=self.app, user_id=self.user_id, reason=reason, cause=cause)

    class Flagged(Event):
        """The belief's flags set anew: a conflict found after it was written,
        or resolved (keep one / keep both). Nothing else about it changes."""

        TOPIC = FLAGGED
        class_version = 1
        flags: list[str]
        conflicts_with: list[str]
        reason: str

    @event(Flagged)
    def _flagged(self, app: str, user_id: str, flags: list[str], conflicts_with: list[str], reason: str) -> None:
        self.flags = list(flags)
        self.conflicts_with = list(conflicts_with)

    def flag(self, flags: list[str], conflicts_with: list[str], reason: str) -> None:
        self._flagged(app=self.app, user_id=self.user_id, flags=flags, conflicts_with=conflicts_with, reason=reason)

    class Forgotten(Event):
        TOPIC = bitemporal.FORGOTTEN
        class_version = 1
        reason: str

    @event(Forgotten)
    def _forgotten(self, app: str, user_id: str, reason: str) -> None:
        self.status = bitemporal.FORGOTTEN_STATUS

    def forget(self, reason: str) -> None:
        if self.status != bitemporal.FORGOTTEN_STATUS:  # forgetting twice is a no-op
            bitemporal.next_status(self.status, bitemporal.FORGOTTEN, self.id.hex)
            self._forgotten(app=self.app, user_id=self.user_id, reason=reason)
