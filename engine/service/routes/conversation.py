"""Sessions and messages: create, append (single or batch), page, close.

``Idempotency-Key`` on an append becomes each message's ``client_id`` (the
key itself for one message, ``KEY#i`` for the i-th of a batch), the
engine's exactly-once receipt: a retried request, even one racing the first,
returns the first request's seqs and writes nothing.
"""

from __future__ import annotations

import time
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema

from ledgermind.domain.config import MAX_INT32
from ledgermind.domain.errors import ContentTooLarge, OwnerErased, SessionClosed, SessionNotFound, StaleIncarnation
from ledgermind.service.deps import IdempotencyHeader, IncarnationHeader, Owned, service_of
from ledgermind.service.lean import LeanRoute
from ledgermind.service.openapi import raises
from ledgermind.service.params import AGENT, JSON_OBJECT, MESSAGE_RULE, NAME, ROLE, IdPath
from ledgermind.service.rfc3339 import Rfc3339

__all__ = ["router"]

router = APIRouter(prefix="/v1/users/{user}/sessions", tags=["sessions"], route_class=LeanRoute)

_PAGE_MAX = 1000


class NewSession(BaseModel):
    model_config = ConfigDict(extra="forbid")
    agent_id: str = Field(json_schema_extra=AGENT)


class MessageIn(BaseModel):
    model_config = ConfigDict(extra="forbid", json_schema_extra=MESSAGE_RULE)
    role: str = Field(description="system, user, assistant or tool", json_schema_extra=ROLE)
    content: str = Field(description="empty only for an assistant turn with tool_calls")
    name: str | None = Field(None, json_schema_extra=NAME)
    occurred_at: Rfc3339 | None = Field(None, description="RFC 3339 with an offset; default: now")
    metadata: Annotated[dict[str, Any] | None, WithJsonSchema({"anyOf": [JSON_OBJECT, {"type": "null"}]})] = None
    tool_calls: Annotated[
        list[dict[str, Any]] | None,
        WithJsonSchema({"anyOf": [{"type": "array", "items": JSON_OBJECT}, {"type": "null"}]}),
    ] = None
    tool_call_id: str | None = Field(None, json_schema_extra=NAME)


class MessageBatch(BaseModel):
    model_config = ConfigDict(extra="forbid")
    messages: list[MessageIn]


@router.post(
    "", status_code=201, summary="start a session for an agent", responses=raises(StaleIncarnation, OwnerErased)
)
def create_session(
    body: NewSession, mem: Owned, idempotency_key: IdempotencyHeader = None, incarnation: IncarnationHeader = None
) -> dict[str, str]:
    return {"session_id": mem.create_session(body.agent_id, idempotency_key=idempotency_key, incarnation=incarnation)}


@router.post(
    "/{sid}/messages",
    status_code=201,
    summary="append one message or a batch (all or none)",
    responses=raises(SessionNotFound, SessionClosed, StaleIncarnation, OwnerErased, ContentTooLarge),
    response_model=dict[str, list[int]],
)
async def add_messages(
    sid: IdPath,
    body: MessageIn | MessageBatch,
    mem: Owned,
    request: Request,
    idempotency_key: IdempotencyHeader = None,
    incarnation: IncarnationHeader = None,
) -> dict[str, list[int]]:
    """On the event loop: validated here, committed by the engine's writer
    thread, whose result is awaited (no thread of a pool parked on it)."""
    batch = body.messages if isinstance(body, MessageBatch) else [body]
    messages = [m.model_dump(exclude_unset=True) for m in batch]
    if idempotency_key is not None:
        if isinstance(body, MessageIn):
            messages[0]["client_id"] = idempotency_key
        else:
            for i, m in enumerate(messages):
                m["client_id"] = f"{idempotency_key}#{i}"
    start = time.perf_counter()
    seqs = await mem.add_messages_async(sid, messages, incarnation=incarnation)
    service_of(request).metrics.append.observe(time.perf_counter() - start)
    return {"seqs": seqs}


@router.get("/{sid}/messages", summary="messages after a seq, oldest first", responses=raises(SessionNotFound))
def list_messages(
    sid: IdPath, mem: Owned, after: int = Query(0, ge=0, le=MAX_INT32), limit: int = Query(100, ge=1, le=_PAGE_MAX)
) -> dict[str, Any]:
    page = mem.messages(sid, after=after, limit=limit)
    return {
        "session_id": page.session_id,
        "messages": [m.as_dict() for m in page.messages],
        "next_after": page.next_after,
    }


@router.post("/{sid}/close", summary="close a session (later appends are refused)", responses=raises(SessionNotFound))
def close_session(sid: IdPath, mem: Owned, idempotency_key: IdempotencyHeader = None) -> dict[str, Any]:
    mem.close_session(sid, idempotency_key=idempotency_key)
    return {"session_id": sid, "closed": True}
