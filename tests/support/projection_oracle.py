"""Test oracles for the read models: pure in-memory folds of the event list.

Written independently of ``projections.sessions`` / ``tasks`` / ``memory``
(row by row, no SQL, no batching); only the bitemporal rules come from
``projections.bitemporal``, the one module both sides share by design.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.engine import Connection

from ledgermind import MemoryEngine
from ledgermind.domain import bitemporal
from ledgermind.domain.bitemporal import BeliefEvent
from ledgermind.domain.errors import OwnerErased

_META = {"timestamp", "originator_id", "originator_version", "originator_topic", "app", "user_id"}


def log_events(eng: MemoryEngine) -> list[tuple[int, str, Any]]:
    """Every decodable event in the log: (notification id, topic, event)."""
    head = eng.log.recorder.max_notification_id() or 0
    out = []
    start = 1
    while start <= head:
        notes = eng.log.recorder.select_notifications(start, limit=1000, stop=head)
        if not notes:
            break
        for n in notes:
            try:
                out.append((n.id, n.topic, eng.log.mapper.to_domain_event(n)))
            except OwnerErased:
                pass
        start = notes[-1].id + 1
    return out


def fold_sessions(events: Sequence[tuple[int, str, Any]]) -> tuple[list[dict], list[dict]]:
    sessions: dict[str, dict[str, Any]] = {}
    messages: list[dict[str, Any]] = []
    for pos, topic, ev in events:
        sid = getattr(ev, "originator_id", None)
        sid = sid.hex if sid is not None else None
        if topic == "session.created":
            sessions[sid] = {
                "session_id": sid,
                "app": ev.app,
                "user_id": ev.user_id,
                "agent_id": ev.agent_id,
                "status": "open",
                "message_count": 0,
                "token_count": 0,
                "first_message_at": None,
                "last_message_at": None,
                "created_at": ev.timestamp,
                "closed_at": None,
                "position": pos,
            }
        elif topic == "message.added":
            tokens = -(-len(ev.content) // 4)
            messages.append(
                {
                    "session_id": sid,
                    "seq": ev.seq,
                    "app": ev.app,
                    "user_id": ev.user_id,
                    "role": ev.role,
                    "content": ev.content,
                    "name": ev.name,
                    "tool_calls": ev.tool_calls,
                    "tool_call_id": ev.tool_call_id,
                    "client_id": ev.client_id,
                    "metadata": ev.metadata,
                    "occurred_at": ev.occurred_at,
                    "recorded_at": ev.timestamp,
                    "tokens": tokens,
                    "position": pos,
                }
            )
            s = sessions[sid]
            s["message_count"] += 1
            s["token_count"] += tokens
            s["first_message_at"] = s["first_message_at"] or ev.occurred_at
            s["last_message_at"] = ev.occurred_at
            s["position"] = pos
        elif topic == "session.closed":
            sessions[sid].update(status="closed", closed_at=ev.timestamp, position=pos)
    return (
        sorted(sessions.values(), key=lambda r: r["session_id"]),
        sorted(messages, key=lambda r: (r["session_id"], r["seq"])),
    )


def fold_tasks(events: Sequence[tuple[int, str, Any]]) -> list[dict]:
    tasks: dict[str, dict[str, Any]] = {}
    for pos, topic, ev in events:
        if topic == "task.started":
            tasks[ev.originator_id.hex] = {
                "task_id": ev.originator_id.hex,
                "app": ev.app,
                "user_id": ev.user_id,
                "session_id": ev.session_id,
                "input": ev.input,
                "output": None,
                "error": None,
                "status": "open",
                "started_at": ev.timestamp,
                "finished_at": None,
                "position": pos,
            }
        elif topic in ("task.completed", "task.failed"):
            t = tasks[ev.originator_id.hex]
            if topic == "task.completed":
                t.update(status="completed", output=ev.output)
            else:
                t.update(status="failed", error=ev.error)
            t.update(finished_at=ev.timestamp, position=pos)
    return sorted(tasks.values(), key=lambda r: r["task_id"])


def belief_events(events: Sequence[tuple[int, str, Any]]) -> dict[str, list[BeliefEvent]]:
    by: dict[str, list[BeliefEvent]] = {}
    for pos, topic, ev in events:
        if topic in bitemporal.TOPICS:
            by.setdefault(ev.originator_id.hex, []).append(
                BeliefEvent(
                    topic=topic,
                    memory_id=ev.originator_id.hex,
                    seq=ev.originator_version,
                    position=pos,
                    timestamp=ev.timestamp,
                    app=ev.app,
                    user_id=ev.user_id,
                    fields={k: v for k, v in vars(ev).items() if k not in _META},
                )
            )
    return by


def fold_beliefs(events: Sequence[tuple[int, str, Any]]) -> list[dict]:
    rows = [v for evs in belief_events(events).values() for v in bitemporal.fold(evs)]
    return sorted(rows, key=lambda r: (r["memory_id"], r["seq"]))


def brute_force_as_of(
    events: Sequence[tuple[int, str, Any]], app: str, user_id: str, valid_at: datetime, known_at: datetime
) -> set[tuple[str, str]]:
    """(memory_id, statement) believed at ``valid_at`` by the engine as it was
    at ``known_at``: replay only the events recorded by then, take each
    belief's latest version, keep those valid at ``valid_at``. A belief
    forgotten at any time is absent from every answer, past ones included:
    forgetting purges its history (right to be forgotten)."""
    out = set()
    for mid, evs in belief_events(events).items():
        if any(e.topic == bitemporal.FORGOTTEN for e in evs):
            continue
        known = [e for e in evs if e.timestamp <= known_at]
        chain = bitemporal.fold(known)
        if not chain or chain[-1]["app"] != app or chain[-1]["user_id"] != user_id:
            continue
        head = chain[-1]
        if head["valid_from"] <= valid_at and (head["invalid_at"] is None or valid_at < head["invalid_at"]):
            out.add((mid, head["statement"]))
    return out


def table_rows(conn: Connection, table: Any) -> list[dict]:
    pk = list(table.primary_key.columns)
    return [dict(r._mapping) for r in conn.execute(select(table).order_by(*pk))]
