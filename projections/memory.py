"""The Memory / Experience read model: one row per belief version, bitemporal.

The rules live in ``ledgermind.domain.bitemporal``; this module only loads each
touched belief's open version, runs ``bitemporal.step`` over the batch, and
writes the outcome (purges, closed versions, new versions) in three
statements. Readers: ``projections.audit`` (as-of / known-at, history,
invalidation), and any module that wants an owner's current beliefs
(``expired_at IS NULL``; see ``current_beliefs``).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    Float,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    and_,
    bindparam,
    delete,
    or_,
    select,
    update,
)
from sqlalchemy.engine import Connection
from sqlalchemy.sql.elements import ColumnElement

from ledgermind.domain import bitemporal
from ledgermind.domain.bitemporal import BeliefEvent
from ledgermind.projections.base import TableProjection, insert_rows
from ledgermind.projections.db import JsonValue, UtcDateTime
from ledgermind.storage.follower import Envelope

__all__ = ["MemoryProjection", "belief_event", "current_beliefs", "sql_visible"]


def belief_event(env: Envelope) -> BeliefEvent:
    """The fold's view of one decoded memory event."""
    return BeliefEvent.of(env.position, env.topic, env.event)


def sql_visible(table: Any, valid_at: datetime, known_at: datetime) -> ColumnElement[bool]:
    """``visible`` as a SQL clause over a belief-versions table."""
    c = table.c
    return and_(
        c.recorded_at <= known_at,
        or_(c.expired_at.is_(None), c.expired_at > known_at),
        c.valid_from <= valid_at,
        or_(c.invalid_at.is_(None), c.invalid_at > valid_at),
    )


class MemoryProjection(TableProjection):
    name = "memory"
    topics = bitemporal.TOPICS

    def build_tables(self, metadata: MetaData) -> dict[str, Table]:
        name = self.table_name("beliefs")
        beliefs = Table(
            name,
            metadata,
            Column("memory_id", String(32), primary_key=True),
            Column("seq", Integer, primary_key=True),  # the opening event's stream version
            Column("app", String(256), nullable=False),
            Column("user_id", String(256), nullable=False),
            Column("source_key", Text),
            Column("kind", String(16), nullable=False),
            Column("statement", Text, nullable=False),
            Column("problem", Text),
            Column("solution", Text),
            Column("subject", Text),
            Column("attribute", Text),
            Column("topics", JsonValue, nullable=False),
            Column("participants", JsonValue, nullable=False),
            Column("location", Text),
            Column("event_time", UtcDateTime),
            Column("confidence", Float, nullable=False),
            Column("method", String(64), nullable=False),
            Column("extractor", String(256)),
            Column("extractor_version", String(64)),
            Column("sources", JsonValue, nullable=False),
            Column("event_sources", JsonValue, nullable=False),
            Column("supersedes", String(32)),
            Column("superseded_by", String(32)),
            Column("reason", Text),
            Column("cause", JsonValue),
            Column("valid_from", UtcDateTime, nullable=False),
            Column("invalid_at", UtcDateTime),
            Column("recorded_at", UtcDateTime, nullable=False),
            Column("expired_at", UtcDateTime),
            Column("opened_by", String(32), nullable=False),
            Column("opened_position", BigInteger, nullable=False),
            Index(f"ix_{name}_owner_open", "app", "user_id", "expired_at"),
            Index(f"ix_{name}_supersedes", "supersedes"),
        )
        return {"beliefs": beliefs}

    def fold(self, conn: Connection, events: Sequence[Envelope]) -> None:
        beliefs = self.table("beliefs")
        by_belief: dict[str, list[BeliefEvent]] = {}
        for env in events:
            ev = belief_event(env)
            by_belief.setdefault(ev.memory_id, []).append(ev)
        stored = self._open_versions(conn, by_belief)
        purge: list[str] = []
        closes: list[dict[str, Any]] = []
        inserts: list[dict[str, Any]] = []
        for memory_id, evs in by_belief.items():
            db_open = stored.get(memory_id)
            chain: list[dict[str, Any]] = []
            for ev in evs:
                if ev.topic == bitemporal.FORGOTTEN:
                    purge.append(memory_id)
                    chain, db_open = [], None
                    continue
                current = chain[-1] if chain else db_open
                closed, opened = bitemporal.step(current, ev)
                if closed is not None and chain:
                    chain[-1] = closed
                elif closed is not None:
                    closes.append({"b_mid": memory_id, "b_seq": closed["seq"], "expired_at": closed["expired_at"]})
                    db_open = None
                if opened is not None:
                    chain.append(opened)
            inserts.extend(chain)
        if purge:
            conn.execute(delete(beliefs).where(beliefs.c.memory_id.in_(purge)))
        closes = [c for c in closes if c["b_mid"] not in purge]
        if closes:
            conn.execute(
                update(beliefs)
                .where(beliefs.c.memory_id == bindparam("b_mid"), beliefs.c.seq == bindparam("b_seq"))
                .values(expired_at=bindparam("expired_at")),
                closes,
            )
        if inserts:
            insert_rows(conn, beliefs, inserts)

    def _open_versions(self, conn: Connection, by_belief: dict[str, list[BeliefEvent]]) -> dict[str, dict[str, Any]]:
        wanted = [m for m, evs in by_belief.items() if evs[0].topic != bitemporal.DISTILLED]
        if not wanted:
            return {}
        beliefs = self.table("beliefs")
        rows = conn.execute(select(beliefs).where(beliefs.c.memory_id.in_(wanted), beliefs.c.expired_at.is_(None)))
        return {r.memory_id: dict(r._mapping) for r in rows}


def current_beliefs(conn: Connection, table: Table, app: str, user_id: str, now: datetime) -> Any:
    """An owner's beliefs as the engine holds them now and valid now."""
    return conn.execute(
        select(table)
        .where(table.c.app == app, table.c.user_id == user_id)
        .where(sql_visible(table, now, now))
        .order_by(table.c.recorded_at)
    ).all()
