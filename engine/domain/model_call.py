"""A model call, recorded: what was asked, of which model, and what it answered.

Why a stream of its own: a model's answer is an input to deterministic code
(the distiller's reconcile), so it must be a fact in the log, not something
asked again. Each call is keyed by what it was asked about (a delta of one
session for an extraction; a pair of statements for a grey-zone decision):
the stream id derives from the owner, the purpose and that key, so a second
run over the same input (a retried window, a replayed dead letter) finds the
first answer in one read and never calls the model again. A call that failed
(a timeout, an unreadable answer) is recorded too, with the rule decision
the engine fell back to: that is what happened, and an auditor sees it.

The events carry the owner (``app``, ``user_id``): they are sealed under the
owner's data key like every other event of theirs, and die with it at erasure.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate, event

from ledgermind.domain.owner import Owner

__all__ = ["MODEL_CALLED", "ModelCall", "ModelCallRecord", "model_call_stream_id"]

MODEL_CALLED = "model.called"
_MODEL_CALL = uuid5(NAMESPACE_URL, "ledgermind/model-call")


def model_call_stream_id(owner: Owner, purpose: str, key: str) -> UUID:
    """One call per (owner, purpose, what it was asked about), forever."""
    return uuid5(_MODEL_CALL, f"{owner.key}\x1f{purpose}\x1f{key}")


@dataclass(frozen=True, slots=True)
class ModelCallRecord:
    """A recorded call as every layer reads it (the CLI, the desk, lineage)."""

    call_id: str
    purpose: str  # "extract" / "grey-zone"
    key: str  # what it was asked about
    model: str
    prompt_version: str
    prompt: tuple[dict[str, str], ...]  # the chat messages sent, verbatim
    answer: str | None  # the model's raw text; None when no answer came
    decision: str  # what the engine did with it ("update", "conflict", "extracted", ...)
    fallback: str | None  # why the rule decision was kept instead (a failure), else None
    latency_ms: int
    recorded_at: datetime  # when the engine recorded it

    def as_dict(self) -> dict[str, Any]:
        return {
            "call_id": self.call_id,
            "purpose": self.purpose,
            "key": self.key,
            "model": self.model,
            "prompt_version": self.prompt_version,
            "prompt": [dict(m) for m in self.prompt],
            "answer": self.answer,
            "decision": self.decision,
            "fallback": self.fallback,
            "latency_ms": self.latency_ms,
            "recorded_at": self.recorded_at.isoformat(),
        }


class ModelCall(Aggregate):
    TOPIC = "ledgermind:ModelCall"

    class Event(Aggregate.Event):
        app: str
        user_id: str

    class Created(Event, Aggregate.Created):
        TOPIC = MODEL_CALLED
        class_version = 1
        purpose: str
        key: str
        model: str
        prompt_version: str
        prompt: list[dict[str, str]]
        answer: str | None
        decision: str
        fallback: str | None
        latency_ms: int

    @event(Created)
    def __init__(
        self,
        app: str,
        user_id: str,
        purpose: str,
        key: str,
        model: str,
        prompt_version: str,
        prompt: list[dict[str, str]],
        answer: str | None,
        decision: str,
        fallback: str | None,
        latency_ms: int,
    ) -> None:
        self.app = app
        self.user_id = user_id
        self.purpose = purpose
        self.key = key
        self.model = model
        self.prompt_version = prompt_version
        self.prompt = prompt
        self.answer = answer
        self.decision = decision
        self.fallback = fallback
        self.latency_ms = latency_ms

    @staticmethod
    def create_id(app: str, user_id: str, purpose: str, key: str, **_: object) -> UUID:
        return model_call_stream_id(Owner(app, user_id), purpose, key)

    def record(self) -> ModelCallRecord:
        return ModelCallRecord(
            call_id=self.id.hex,
            purpose=self.purpose,
            key=self.key,
            model=self.model,
            prompt_version=self.prompt_version,
            prompt=tuple(dict(m) for m in self.prompt),
            answer=self.answer,
            decision=self.decision,
            fallback=self.fallback,
            latency_ms=self.latency_ms,
            recorded_at=self.created_on,
        )
