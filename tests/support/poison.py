"""Poison events: real stored events that a projection cannot fold.

``append_raw_memory`` appends a ``memory.distilled`` event through the write
port below every validation (as an older ledgermind, a buggy extractor or
another writer could have), with whatever field values it is given: a string
``event_time``, a NUL in ``subject``...
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.memory import Memory
from ledgermind.write.writer import UnitOfWork

MAY = datetime(2024, 5, 1, tzinfo=UTC)


def append_raw_memory(eng: MemoryEngine, owner: Owner, key: str, statement: str, **bad: Any) -> int:
    """Appends one unvalidated ``memory.distilled`` event; returns its position."""
    fields: dict[str, Any] = dict(
        app=owner.app,
        user_id=owner.user_id,
        source_key=key,
        kind="fact",
        statement=statement,
        problem=None,
        solution=None,
        subject=None,
        attribute=None,
        topics=[],
        participants=[],
        location=None,
        event_time=None,
        valid_from=MAY,
        confidence=0.9,
        method="explicit",
        extractor="explicit",
        extractor_version="1",
        sources=[],
        supersedes=None,
        raw=None,
    )
    fields.update(bad)

    def command(unit: UnitOfWork) -> None:
        unit.add(Memory(**fields))

    eng.writes.submit(command)
    return eng.position
