"""Tasks: start one in a session, complete it or fail it (once)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from ledgermind.domain.errors import (
    OwnerErased,
    SessionClosed,
    SessionNotFound,
    StaleIncarnation,
    TaskFinished,
    TaskNotFound,
)
from ledgermind.service.deps import IdempotencyHeader, IncarnationHeader, Owned
from ledgermind.service.openapi import raises
from ledgermind.service.params import TEXT, IdPath

__all__ = ["router"]

router = APIRouter(prefix="/v1/users/{user}", tags=["tasks"])


class NewTask(BaseModel):
    model_config = ConfigDict(extra="forbid")
    input: str = Field(json_schema_extra=TEXT)


class TaskOutput(BaseModel):
    model_config = ConfigDict(extra="forbid")
    output: str = Field(json_schema_extra=TEXT)


class TaskError(BaseModel):
    model_config = ConfigDict(extra="forbid")
    error: str = Field(json_schema_extra=TEXT)


@router.post(
    "/sessions/{sid}/tasks",
    status_code=201,
    summary="start a task in a session",
    responses=raises(SessionNotFound, SessionClosed, StaleIncarnation, OwnerErased),
)
def start_task(
    sid: IdPath,
    body: NewTask,
    mem: Owned,
    idempotency_key: IdempotencyHeader = None,
    incarnation: IncarnationHeader = None,
) -> dict[str, str]:
    return {"task_id": mem.start_task(sid, body.input, idempotency_key=idempotency_key, incarnation=incarnation)}


@router.post(
    "/tasks/{tid}/complete",
    summary="complete an open task",
    responses=raises(TaskNotFound, TaskFinished, StaleIncarnation),
)
def complete_task(
    tid: IdPath,
    body: TaskOutput,
    mem: Owned,
    idempotency_key: IdempotencyHeader = None,
    incarnation: IncarnationHeader = None,
) -> dict[str, Any]:
    mem.complete_task(tid, body.output, idempotency_key=idempotency_key, incarnation=incarnation)
    return {"task_id": tid, "status": "completed"}


@router.post(
    "/tasks/{tid}/fail", summary="fail an open task", responses=raises(TaskNotFound, TaskFinished, StaleIncarnation)
)
def fail_task(
    tid: IdPath,
    body: TaskError,
    mem: Owned,
    idempotency_key: IdempotencyHeader = None,
    incarnation: IncarnationHeader = None,
) -> dict[str, Any]:
    mem.fail_task(tid, body.error, idempotency_key=idempotency_key, incarnation=incarnation)
    return {"task_id": tid, "status": "failed"}
