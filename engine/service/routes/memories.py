"""Beliefs: remember, correct, forget; what was believed (bitemporal); a belief's history.

Reads (``beliefs``, ``history``) come from the read side, after it has
folded this process's last write (read-your-writes): a belief remembered by
one request is listed by the next. A read side that does not catch up in
time answers 503 (``ProjectionTimeout``), never a stale list.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from ledgermind.domain.errors import MemoryNotFound, OwnerErased, StateConflict
from ledgermind.service.deps import IdempotencyHeader, Owned, service_of
from ledgermind.service.openapi import raises
from ledgermind.service.params import KIND, TEXT, IdPath
from ledgermind.service.rfc3339 import Rfc3339

__all__ = ["router"]

router = APIRouter(prefix="/v1/users/{user}", tags=["memories"])

_READ_WAIT_S = 10.0


class Remember(BaseModel):
    model_config = ConfigDict(extra="forbid")
    statement: str = Field(json_schema_extra=TEXT)
    kind: str = Field("fact", description="fact, episode or experience", json_schema_extra=KIND)


class Correction(BaseModel):
    model_config = ConfigDict(extra="forbid")
    statement: str = Field(json_schema_extra=TEXT)


@router.post(
    "/memories", status_code=201, summary="remember a statement the user made outright", responses=raises(OwnerErased)
)
def remember(body: Remember, mem: Owned, idempotency_key: IdempotencyHeader = None) -> dict[str, str]:
    return {"memory_id": mem.remember(body.statement, body.kind, idempotency_key=idempotency_key)}


@router.patch(
    "/memories/{memory_id}",
    summary="correct a belief (same id, a new version; 409 when not current)",
    responses=raises(MemoryNotFound, StateConflict),
)
def correct(
    memory_id: IdPath, body: Correction, mem: Owned, idempotency_key: IdempotencyHeader = None
) -> dict[str, str]:
    return {"memory_id": mem.correct(memory_id, body.statement, idempotency_key=idempotency_key)}


@router.delete(
    "/memories/{memory_id}",
    status_code=204,
    summary="forget one belief (its history stays auditable; 409 when not current)",
    responses=raises(MemoryNotFound, StateConflict),
)
def forget(memory_id: IdPath, mem: Owned, idempotency_key: IdempotencyHeader = None) -> Response:
    mem.forget(memory_id, idempotency_key=idempotency_key)
    return Response(status_code=204)


@router.get("/beliefs", summary="what was held true at valid_at, as recorded by known_at (default: now)")
def beliefs(
    mem: Owned,
    request: Request,
    valid_at: Annotated[Rfc3339 | None, Query(description="RFC 3339 with an offset")] = None,
    known_at: Annotated[Rfc3339 | None, Query(description="RFC 3339 with an offset")] = None,
) -> dict[str, Any]:
    _caught_up(request)
    return {"beliefs": [v.as_row(mem.owner) for v in mem.beliefs(valid_at=valid_at, known_at=known_at)]}


@router.get(
    "/memories/{memory_id}/history",
    summary="every version of one belief, with causes and sources",
    responses=raises(MemoryNotFound),
)
def history(memory_id: IdPath, mem: Owned, request: Request) -> dict[str, Any]:
    _caught_up(request)
    return {"memory_id": memory_id, "versions": [v.as_row(mem.owner, history=True) for v in mem.history(memory_id)]}


def _caught_up(request: Request) -> None:
    eng = service_of(request).engine
    eng.projections.wait(eng.position, timeout=_READ_WAIT_S)
