"""Tool calls per agent and day: an example of an operator's own ledgermind projection.

Installed, it is found through its entry point (``pyproject.toml``: group
``ledgermind.projections``), so ``ledgermind projections rebuild tool_usage``,
the worker and every engine keep it current like the built-in read models.

What it folds: ``session.created`` (which agent a session belongs to) and
``message.added`` whose ``tool_calls`` (the OpenAI shape: ``[{"function":
{"name": ...}}]``, or ``[{"name": ...}]``) or ``metadata["tool_calls"]``
name tools. One row per owner, agent, day and tool with the number of calls;
the day is the message's ``occurred_at`` in the ``timezone`` parameter.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any, ClassVar
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import Column, Date, Index, Integer, String, bindparam, select, tuple_, update
from sqlalchemy.sql.schema import SchemaItem

from ledgermind.projections import Batch, OwnerTables, Param, Projection

__all__ = ["ALL_TOOLS", "ToolUsage", "tool_calls_of", "usage"]

ALL_TOOLS = "*"  # the tool column when per_tool is off


class ToolUsage(Projection):
    name = "tool_usage"
    topics = ("session.created", "message.added")
    parameters: ClassVar[Mapping[str, Param]] = {
        "timezone": Param("UTC", "IANA zone whose midnight starts a day (e.g. Europe/Paris)"),
        "per_tool": Param(True, "one row per tool; false: one row per agent and day, tool '*'"),
    }

    def setup(self) -> None:
        try:
            self.zone = ZoneInfo(self.params["timezone"])
        except (ZoneInfoNotFoundError, ValueError) as e:
            raise ValueError(f"unknown timezone {self.params['timezone']!r}") from e

    def tables(self) -> Mapping[str, Sequence[SchemaItem]]:
        return {
            "agents": [  # which agent each session belongs to (message.added does not say)
                Column("session_id", String(32), primary_key=True),
                Column("agent_id", String(256), nullable=False),
            ],
            "calls": [
                Column("agent_id", String(256), primary_key=True),
                Column("day", Date, primary_key=True),
                Column("tool", String(200), primary_key=True),
                Column("calls", Integer, nullable=False),
                Index("day", "day"),
            ],
        }

    def apply(self, batch: Batch) -> None:
        agents, calls = batch.tables["agents"], batch.tables["calls"]
        new_agents: dict[str, dict[str, Any]] = {}
        counted: Counter[tuple[str, str, str, date, str]] = Counter()
        pending: list[tuple[str, Any]] = []
        for ev in batch.events:
            if ev.owner is None:
                continue
            if ev.topic == "session.created":
                new_agents[ev.stream_id] = {
                    "app": ev.owner.app,
                    "user_id": ev.owner.user_id,
                    "session_id": ev.stream_id,
                    "agent_id": ev.data["agent_id"],
                }
            else:
                tools = tool_calls_of(ev.data.get("tool_calls"), ev.data.get("metadata"))
                if tools:
                    pending.append((ev.stream_id, (ev, tools)))
        batch.insert("agents", list(new_agents.values()))
        known = {sid: row["agent_id"] for sid, row in new_agents.items()}
        wanted = sorted({sid for sid, _ in pending} - set(known))
        if wanted:
            rows = batch.conn.execute(
                select(agents.c.session_id, agents.c.agent_id).where(agents.c.session_id.in_(wanted))
            )
            known.update({r.session_id: r.agent_id for r in rows})
        for sid, (ev, tools) in pending:
            agent = known.get(sid)
            if agent is None or ev.owner is None:
                continue  # a session this log does not hold (cannot happen in one log)
            day = ev.data["occurred_at"].astimezone(self.zone).date()
            for tool in tools:
                tool = tool if self.params["per_tool"] else ALL_TOOLS
                counted[(ev.owner.app, ev.owner.user_id, agent, day, tool[:200])] += 1
        if not counted:
            return
        key = tuple_(calls.c.app, calls.c.user_id, calls.c.agent_id, calls.c.day, calls.c.tool)
        existing = {
            (r.app, r.user_id, r.agent_id, r.day, r.tool): r.calls
            for r in batch.conn.execute(select(calls).where(key.in_(sorted(counted))))
        }
        fresh = [
            dict(zip(("app", "user_id", "agent_id", "day", "tool"), k), calls=n)
            for k, n in counted.items()
            if k not in existing
        ]
        batch.insert("calls", fresh)
        bumped = [
            dict(zip(("b_app", "b_user", "b_agent", "b_day", "b_tool"), k), b_calls=existing[k] + n)
            for k, n in counted.items()
            if k in existing
        ]
        if bumped:
            batch.conn.execute(
                update(calls)
                .where(
                    calls.c.app == bindparam("b_app"),
                    calls.c.user_id == bindparam("b_user"),
                    calls.c.agent_id == bindparam("b_agent"),
                    calls.c.day == bindparam("b_day"),
                    calls.c.tool == bindparam("b_tool"),
                )
                .values(calls=bindparam("b_calls")),
                bumped,
            )


def tool_calls_of(tool_calls: str | None, metadata: str | None) -> list[str]:
    """The tool names a message calls: from ``tool_calls`` (JSON text) and
    from ``metadata["tool_calls"]``; a call without a name counts as '?'."""
    names: list[str] = []
    for text, inner in ((tool_calls, False), (metadata, True)):
        if not text:
            continue
        try:
            value = json.loads(text)
        except ValueError:
            continue
        if inner:
            value = value.get("tool_calls") if isinstance(value, dict) else None
        if not isinstance(value, list):
            continue
        for call in value:
            if not isinstance(call, dict):
                continue
            function = call.get("function")
            name = function.get("name") if isinstance(function, dict) else call.get("name")
            names.append(name if isinstance(name, str) and name else "?")
    return names


def usage(tables: OwnerTables, agent_id: str | None = None) -> list[tuple[str, date, str, int]]:
    """(agent, day, tool, calls) of the owner ``tables`` was opened for, by
    day then agent then tool: ``with owner_tables(eng.projections,
    "tool_usage", owner) as t: usage(t)``. No owner filter here: the
    selectable holds the owner's rows only."""
    calls = tables["calls"]
    query = select(calls.c.agent_id, calls.c.day, calls.c.tool, calls.c.calls).order_by(
        calls.c.day, calls.c.agent_id, calls.c.tool
    )
    if agent_id is not None:
        query = query.where(calls.c.agent_id == agent_id)
    return [(str(a), d, str(t), int(n)) for a, d, t, n in tables.execute(query)]
