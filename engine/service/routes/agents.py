"""Agents: checkpoint opaque JSON state; restore from the event store only."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query
from pydantic import BaseModel, ConfigDict

from ledgermind.domain.config import MAX_INT32
from ledgermind.domain.errors import (
    AgentNotFound,
    InvalidInput,
    OwnerErased,
    StaleIncarnation,
    UnknownIncarnation,
)
from ledgermind.service.deps import IdempotencyHeader, IncarnationHeader, Owned
from ledgermind.service.openapi import raises

__all__ = ["router"]

router = APIRouter(prefix="/v1/users/{user}/agents/{agent}", tags=["agents"])


class Checkpoint(BaseModel):
    model_config = ConfigDict(extra="forbid")
    state: Any


@router.put(
    "/checkpoint",
    summary="save the agent's operational state (any JSON)",
    responses=raises(StaleIncarnation, OwnerErased),
)
def checkpoint(
    agent: str,
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
def claim(agent: str, mem: Owned) -> dict[str, Any]:
    """A supervisor over HTTP gets the epoch that its heartbeats and fenced
    writes carry; every write with an older one is refused from now on."""
    return {"agent_id": agent, "incarnation": mem.claim_agent(agent)}


@router.put(
    "/heartbeat",
    summary="the agent's incarnation is alive (a lease row, not an event)",
    responses=raises(StaleIncarnation, UnknownIncarnation),
)
def heartbeat(agent: str, mem: Owned, incarnation: IncarnationHeader = None) -> dict[str, Any]:
    if incarnation is None:
        raise InvalidInput("a heartbeat needs the Ledgermind-Incarnation header")
    mem.heartbeat(agent, incarnation)
    return {"agent_id": agent, "incarnation": incarnation}


@router.get(
    "/restore",
    summary="the agent as of its last acknowledged write (session, messages, open tasks, state)",
    responses=raises(AgentNotFound),
)
def restore(agent: str, mem: Owned, last_n: int | None = Query(None, ge=0, le=MAX_INT32)) -> dict[str, Any]:
    restored = mem.restore_agent(agent, last_n).as_dict()
    restored.pop("app", None)  # the key fixes the app; the caller knows it
    return restored
