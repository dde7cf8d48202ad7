"""The Task read model: one row per task with its input, outcome and timings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    Index,
    MetaData,
    String,
    Table,
    Text,
    bindparam,
    select,
    update,
)
from sqlalchemy.engine import Connection

from ledgermind.projections.base import TableProjection, insert_rows
from ledgermind.projections.db import UtcDateTime
from ledgermind.storage.follower import Envelope

__all__ = ["TaskProjection"]

STARTED, COMPLETED, FAILED = "task.started", "task.completed", "task.failed"


class TaskProjection(TableProjection):
    name = "tasks"
    topics = (STARTED, COMPLETED, FAILED)

    def build_tables(self, metadata: MetaData) -> dict[str, Table]:
        tasks = Table(
            self.table_name("tasks"),
            metadata,
            Column("task_id", String(32), primary_key=True),
            Column("app", String(256), nullable=False),
            Column("user_id", String(256), nullable=False),
            Column("session_id", String(32), nullable=False),
            Column("input", Text, nullable=False),
            Column("output", Text),
            Column("error", Text),
            Column("status", String(16), nullable=False),
            Column("started_at", UtcDateTime, nullable=False),
            Column("finished_at", UtcDateTime),
            Column("position", BigInteger, nullable=False),
            Index(f"ix_{self.table_name('tasks')}_session", "session_id"),
            Index(f"ix_{self.table_name('tasks')}_owner", "app", "user_id"),
        )
        return {"tasks": tasks}

    def fold(self, conn: Connection, events: Sequence[Envelope]) -> None:
        tasks = self.table("tasks")
        new: dict[str, dict[str, Any]] = {}
        wanted = {e.event.originator_id.hex for e in events if e.topic != STARTED}
        old: dict[str, dict[str, Any]] = {}
        if wanted:
            rows = conn.execute(select(tasks).where(tasks.c.task_id.in_(sorted(wanted))))
            old = {r.task_id: dict(r._mapping) for r in rows}
        for env in events:
            ev = env.event
            tid = ev.originator_id.hex
            if env.topic == STARTED:
                new[tid] = {
                    "task_id": tid,
                    "app": ev.app,
                    "user_id": ev.user_id,
                    "session_id": ev.session_id,
                    "input": ev.input,
                    "output": None,
                    "error": None,
                    "status": "open",
                    "started_at": ev.timestamp,
                    "finished_at": None,
                    "position": env.position,
                }
                continue
            row = new.get(tid) or old.get(tid)
            if row is None:
                continue
            if env.topic == COMPLETED:
                row.update(status="completed", output=ev.output)
            else:
                row.update(status="failed", error=ev.error)
            row.update(finished_at=ev.timestamp, position=env.position)
        if new:
            insert_rows(conn, tasks, list(new.values()))
        if old:
            conn.execute(
                update(tasks).where(tasks.c.task_id == bindparam("b_tid")),
                [{**{k: v for k, v in r.items() if k != "task_id"}, "b_tid": tid} for tid, r in old.items()],
            )
