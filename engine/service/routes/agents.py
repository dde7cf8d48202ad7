"""Agents: checkpoint opaque JSON state; restore from the event store only."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query
from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema

from ledgermind.domain.config import MAX_INT32
from ledgermind.domain.errors import (
    AgentNotFound,
    OwnerErased,
    StaleIncarnation,
    UnknownIncarnation,
)
from ledgermind.service.deps import BeatingIncarnation, IdempotencyHeader, IncarnationHeader, Owned
from ledgermind.service.openapi import raises
from ledgermind.service.params import JSON_REF, AgentPath

__all__ = ["router"]

router = APIRouter(prefix="/v1/users/{user}/agents/{agent}", tags=["agents"])


class Checkpoint(BaseModel):
    model_config = ConfigDict(extra="forbid")
    state: Annotated[Any, WithJsonSchema({"allOf": [JSON_REF], "not": {"type": "null"}})] = Field(
        description="any JSON value but null"
    )


@router.put(
    "/checkpoint",
    summary="save the agent's operational state (any JSON)",
    responses=raises(StaleIncarnation, UnknownIncarnation, AgentNotFound, OwnerErased),
)
def checkpoint(
    agent: AgentPath,
    body: Checkpoint,
    mem: Owned,
    idempotency_key: IdempotencyHeader = None,
    incarnation: IncarnationHeader = None,
) -> dict[str, Any]:
    mem.checkpoint_agent(agent, body.state, idempotency_key=idempotency_key, incarnation=incarnation)
    return {"agent_id": agent, "checkpointed": True}


@router.post(
    "/claim",
    summary="start the agent's next incarnation (a supervisor's claim); older ones are fenced",
    responses=raises(OwnerErased),
)
def claim(agent: AgentPath, mem: Owned) -> dict[str, Any]:
    """A supervisor over HTTP gets the epoch that its heartbeats and fenced
    writes carry; every write with an older one is refused from now on."""
    return {"agent_id": agent, "incarnation": mem.claim_agent(agent)}


@router.put(
    "/heartbeat",
    summary="the agent's incarnation is alive (a lease row, not an event)",
    responses=raises(StaleIncarnation, UnknownIncarnation),
)
def heartbeat(agent: AgentPath, mem: Owned, incarnation: BeatingIncarnation) -> dict[str, Any]:
    mem.heartbeat(agent, incarnation)
    return {"agent_id": agent, "incarnation": incarnation}


@router.get(
    "/restore",
    summary="the agent as of its last acknowledged write (session, messages, open tasks, state)",
    responses=raises(AgentNotFound),
)
def restore(agent: AgentPath, mem: Owned, last_n: int | None = Query(None, ge=0, le=MAX_INT32)) -> dict[str, Any]:
    restored = mem.restore_agent(agent, last_n).as_dict()
    restored.pop("app", None)  # the key fixes the app; the caller knows it
    return restored
