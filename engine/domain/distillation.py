"""The Distillation stream: one distiller's progress through one session.

Why a stream per (follower, session) and not only a tracking row: checkers
may hold one session's delta back while later sessions are distilled, so
progress is per session, and two distillers racing on the same delta must be
told apart exactly. The stream's version is that compare-and-set: a commit
loads the stream, checks that its position is the one the delta started
from, and appends ``distill.advanced`` in the same transaction as the memory
events; the loser collides on (stream, version) or sees the moved position
and gets ``AlreadyProcessed``. Nothing is written twice.

It also holds the dead letters: a delta that failed ``max_attempts`` times is
recorded as ``distill.dead_lettered`` (the cursor moves past it, so the
session is not blocked) and stays listed until ``distill.replayed``.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate, event

from ledgermind.domain.errors import AlreadyProcessed, DeadLetterNotFound
from ledgermind.domain.stream_ids import distillation_id

__all__ = ["Distillation"]


class Distillation(Aggregate):
    TOPIC = "ledgermind:Distillation"

    class Event(Aggregate.Event):
        app: str
        user_id: str

    class Created(Event, Aggregate.Created):
        TOPIC = "distill.opened"
        class_version = 1
        follower: str
        session_id: str

    @event(Created)
    def __init__(self, app: str, user_id: str, follower: str, session_id: str) -> None:
        self.app = app
        self.user_id = user_id
        self.follower = follower
        self.session_id = session_id
        self.position = 0  # last notification id of this session consumed
        self.extractions = 0
        self.open_letters: dict[str, dict[str, Any]] = {}

    @staticmethod
    def create_id(follower: str, session_id: str, **_: object) -> UUID:
        return distillation_id(follower, session_id)

    class Advanced(Event):
        TOPIC = "distill.advanced"
        class_version = 1
        from_position: int
        to_position: int
        items: list[dict[str, Any]]  # the sources distilled (session seq / task id, position)
        memory_ids: list[str]
        extractor: str
        extractor_version: str
        model_calls: int

    @event(Advanced)
    def _advanced(
        self,
        app: str,
        user_id: str,
        from_position: int,
        to_position: int,
        items: list[dict[str, Any]],
        memory_ids: list[str],
        extractor: str,
        extractor_version: str,
        model_calls: int,
    ) -> None:
        self.position = to_position
        self.extractions += 1

    def advance(self, expected: int, to_position: int, **fields: Any) -> None:
        self._expect(expected)
        self._advanced(app=self.app, user_id=self.user_id, from_position=expected, to_position=to_position, **fields)

    class DeadLettered(Event):
        TOPIC = "distill.dead_lettered"
        class_version = 1
        letter_id: str
        session_id: str
        from_position: int
        to_position: int
        items: list[dict[str, Any]]
        error: str
        attempts: int

    @event(DeadLettered)
    def _dead_lettered(
        self,
        app: str,
        user_id: str,
        letter_id: str,
        session_id: str,
        from_position: int,
        to_position: int,
        items: list[dict[str, Any]],
        error: str,
        attempts: int,
    ) -> None:
        self.position = to_position
        self.open_letters = {**self.open_letters, letter_id: {"items": items, "error": error}}

    def dead_letter(
        self, expected: int, to_position: int, items: list[dict[str, Any]], error: str, attempts: int
    ) -> str:
        self._expect(expected)
        letter_id = f"{self.id.hex}-{expected}"
        self._dead_lettered(
            app=self.app,
            user_id=self.user_id,
            letter_id=letter_id,
            session_id=self.session_id,
            from_position=expected,
            to_position=to_position,
            items=items,
            error=error,
            attempts=attempts,
        )
        return letter_id

    class Replayed(Event):
        TOPIC = "distill.replayed"
        class_version = 1
        letter_id: str
        memory_ids: list[str]

    @event(Replayed)
    def _replayed(self, app: str, user_id: str, letter_id: str, memory_ids: list[str]) -> None:
        self.open_letters = {k: v for k, v in self.open_letters.items() if k != letter_id}

    def replayed(self, letter_id: str, memory_ids: list[str]) -> None:
        if letter_id not in self.open_letters:
            raise DeadLetterNotFound(f"no open dead letter {letter_id}")
        self._replayed(app=self.app, user_id=self.user_id, letter_id=letter_id, memory_ids=memory_ids)

    def _expect(self, expected: int) -> None:
        if self.position != expected:
            raise AlreadyProcessed(
                f"{self.follower} moved session {self.session_id} to {self.position}, not {expected}"
            )
