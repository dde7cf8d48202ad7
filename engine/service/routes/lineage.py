"""Lineage and retraction: what caused a belief, what a message caused, and
withdrawing a message (an injection, the wrong speaker) with what it caused.

Read from the event log itself (``MemoryEngine.lineage``), so an answer is
never behind the last write. A retraction is one exactly-once command:
``Idempotency-Key`` makes a retried request return the first answer.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path
from pydantic import BaseModel, ConfigDict, Field

from ledgermind.domain.config import MAX_INT32
from ledgermind.domain.errors import MemoryNotFound, SessionNotFound
from ledgermind.service.deps import IdempotencyHeader, Owned
from ledgermind.service.openapi import raises
from ledgermind.service.params import TEXT, IdPath

__all__ = ["router"]

router = APIRouter(prefix="/v1/users/{user}", tags=["lineage"])


class Retraction(BaseModel):
    model_config = ConfigDict(extra="forbid")
    reason: str = Field(json_schema_extra=TEXT)


Seq = Annotated[int, Path(ge=1, le=MAX_INT32, description="the message's 1-based seq in its session")]


@router.post(
    "/sessions/{sid}/messages/{seq}/retract",
    summary="withdraw a message: invalidate what only it supported, reinstate what it invalidated",
    responses=raises(SessionNotFound),
)
def retract(
    sid: IdPath, seq: Seq, body: Retraction, mem: Owned, idempotency_key: IdempotencyHeader = None
) -> dict[str, Any]:
    return mem.retract(sid, seq, body.reason, idempotency_key=idempotency_key).as_dict()


@router.post(
    "/sessions/{sid}/messages/{seq}/unretract",
    summary="restore a retracted message and what it caused",
    responses=raises(SessionNotFound),
)
def unretract(
    sid: IdPath, seq: Seq, body: Retraction, mem: Owned, idempotency_key: IdempotencyHeader = None
) -> dict[str, Any]:
    return mem.unretract(sid, seq, body.reason, idempotency_key=idempotency_key).as_dict()


@router.get(
    "/sessions/{sid}/messages/{seq}/lineage",
    summary="the beliefs a message caused, directly and downstream",
    responses=raises(SessionNotFound),
)
def message_lineage(sid: IdPath, seq: Seq, mem: Owned) -> dict[str, Any]:
    return mem.message_lineage(sid, seq).as_dict()


@router.get(
    "/memories/{memory_id}/lineage",
    summary="a belief's versions, each with what caused it",
    responses=raises(MemoryNotFound),
)
def lineage(memory_id: IdPath, mem: Owned) -> dict[str, Any]:
    return mem.lineage(memory_id).as_dict()
