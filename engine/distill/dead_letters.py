"""Dead letters: deltas the distiller gave up on, listed and replayed.

A delta that failed ``max_attempts`` times is recorded as
``distill.dead_lettered`` on its session's Distillation stream (an event in
the log, so it is durable, auditable and visible to every process) and the
session's cursor moves past it. ``list_dead_letters`` folds the log for the
letters not yet replayed; ``replay_letter`` re-reads the letter's messages and
tasks from their streams, distils them with the distiller's current
extractor, and commits the beliefs with ``distill.replayed`` in one
transaction, so a letter is replayed at most once.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any
from uuid import UUID

from memledger.write.beliefs import apply_changes
from memledger.distill.delta import DeltaItem, ExtractionContext
from memledger.distill.reconcile import reconcile
from memledger.domain.distillation import Distillation
from memledger.domain.errors import DeadLetterNotFound, OwnerErased
from memledger.domain.owner import Owner
from memledger.domain.session import Session
from memledger.domain.task import Task
from memledger.write.writer import UnitOfWork

if TYPE_CHECKING:
    from memledger.api import MemoryEngine
    from memledger.distill.distiller import Distiller

__all__ = ["DeadLetter", "list_dead_letters", "replay_letter"]


@dataclass(frozen=True, slots=True)
class DeadLetter:
    letter_id: str
    app: str
    user_id: str
    session_id: str
    from_position: int
    to_position: int
    items: list[dict[str, Any]]
    error: str
    attempts: int
    recorded_at: datetime

    def as_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


def list_dead_letters(eng: MemoryEngine) -> list[DeadLetter]:
    """Open dead letters of every follower, oldest first, folded from the log."""
    recorder = eng.log.recorder
    head = recorder.max_notification_id() or 0
    letters: dict[str, DeadLetter] = {}
    position = 0
    while position < head:
        notes = recorder.select_notifications(position + 1, limit=1000, stop=head,
                                              topics=("distill.dead_lettered", "distill.replayed"))
        if not notes:
            break
        for n in notes:
            try:
                e = eng.log.mapper.to_domain_event(n)
            except OwnerErased:
                continue
            if isinstance(e, Distillation.DeadLettered):
                letters[e.letter_id] = DeadLetter(
                    e.letter_id, e.app, e.user_id, e.session_id, e.from_position, e.to_position,
                    list(e.items), e.error, e.attempts, e.timestamp)
            elif isinstance(e, Distillation.Replayed):
                letters.pop(e.letter_id, None)
        position = notes[-1].id
    return list(letters.values())


def replay_letter(distiller: Distiller, letter_id: str) -> list[str]:
    """Distils a dead-lettered window again (the extractor may have been
    fixed); commits its beliefs and ``distill.replayed`` atomically."""
    letter = next((d for d in list_dead_letters(distiller.eng) if d.letter_id == letter_id), None)
    if letter is None:
        raise DeadLetterNotFound(f"no open dead letter {letter_id}")
    owner = Owner(letter.app, letter.user_id)
    items = tuple(_reread(distiller.eng, letter))
    ctx = ExtractionContext(owner, letter.session_id, items, None, distiller.clock())
    distiller.index.catch_up()
    extraction = distiller.extractor.extract(ctx)
    changes = reconcile(owner, extraction, distiller.index.current(owner), distiller.config)
    stream = UUID(hex=letter_id.split("-")[0])

    def command(unit: UnitOfWork) -> list[str]:
        cursor = unit.get(Distillation, stream)
        if cursor is None:
            raise DeadLetterNotFound(f"no open dead letter {letter_id}")
        ids = apply_changes(unit, owner, changes)
        cursor.replayed(letter_id, ids)
        return ids

    ids: list[str] = distiller.eng._submit(command)
    return ids


def _reread(eng: MemoryEngine, letter: DeadLetter) -> list[DeltaItem]:
    seqs = {i["seq"]: i["position"] for i in letter.items if "seq" in i}
    out: list[DeltaItem] = []
    for e in eng.stream_events(UUID(hex=letter.session_id)):
        if isinstance(e, Session.MessageAdded) and e.seq in seqs:
            out.append(DeltaItem(letter.session_id, e.seq, e.role, e.content, e.occurred_at,
                                 seqs[e.seq], name=e.name))
    for i in letter.items:
        if "task_id" in i:
            events = eng.stream_events(UUID(hex=i["task_id"]))
            done = [e for e in events if isinstance(e, Task.Completed)]
            if events and done and isinstance(events[0], Task.Created):
                out.append(DeltaItem(letter.session_id, 0, "task", done[0].output, done[0].timestamp,
                                     i["position"], task_id=i["task_id"], task_input=events[0].input))
    return sorted(out, key=lambda d: d.position)
