"""Search and context: hybrid retrieval over the owner's beliefs, and the
prompt block ``build_context`` frames as data (never as instructions)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from ledgermind.service.deps import Owned
from ledgermind.service.lean import LeanRoute
from ledgermind.service.params import KIND, TEXT, JsonBool, JsonInt
from ledgermind.service.rfc3339 import Rfc3339

__all__ = ["router"]

router = APIRouter(prefix="/v1/users/{user}", tags=["search"], route_class=LeanRoute)


class SearchQuery(BaseModel):
    model_config = ConfigDict(extra="forbid")
    query: str = Field(json_schema_extra=TEXT)
    k: JsonInt = Field(10, ge=1, le=100)
    kinds: list[str] | None = Field(None, min_length=1, json_schema_extra={"items": KIND})
    as_of: Rfc3339 | None = Field(None, description="valid time, RFC 3339 with an offset (default now)")
    known_at: Rfc3339 | None = Field(None, description="transaction time, RFC 3339 with an offset (default now)")
    include_messages: JsonBool = False


class ContextQuery(BaseModel):
    model_config = ConfigDict(extra="forbid")
    query: str = Field(json_schema_extra=TEXT)
    token_budget: JsonInt = Field(800, ge=1, le=100_000)
    # Past it the block is "" rather than late; a remote or busy store may want more.
    time_budget_ms: JsonInt = Field(800, ge=1, le=60_000)


@router.post("/search", summary="hybrid (dense + lexical) search as of a bitemporal point")
def search(body: SearchQuery, mem: Owned) -> dict[str, Any]:
    results = mem.search(body.query, body.k, body.kinds, body.as_of, body.known_at, body.include_messages)
    return {"results": [r.as_dict() for r in results]}


@router.post("/context", summary="a prompt block of relevant memories, framed as data")
def context(body: ContextQuery, mem: Owned) -> dict[str, Any]:
    return {"context": mem.build_context(body.query, body.token_budget, body.time_budget_ms)}
