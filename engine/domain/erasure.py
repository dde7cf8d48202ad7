"""Right to be forgotten on an append-only log: crypto-shredding plus purges.

Why this works without rewriting history: every event of an owner is sealed
under that owner's data key (``engine.sealing``). Destroying the key makes
all of them unreadable at once, in the event table, in backups of it, and in
every future rebuild, while topics, stream ids, versions and positions stay
in clear so audits still see that events existed, in order. What is not in
the log (read-model rows written in clear by projections, the search index)
is purged here, and the erasure itself is recorded as an ``owner.erased``
event that holds no content: only the owner's ids, the key id and the time.

Order of ``MemoryEngine.erase_owner`` (each step idempotent, so a crash
anywhere is fixed by calling it again):

1. destroy the key (from here on nobody can read the owner's content);
2. record ``owner.erased`` (once per owner);
3. purge every read-model table that has ``app`` and ``user_id`` columns,
   whichever projection or version created it (``projections.purge``, found
   by reflection), and merge FTS5 indexes;
4. scrub: SQLite ``VACUUM`` + WAL checkpoint (no free page or WAL frame keeps
   deleted bytes); PostgreSQL ``VACUUM`` of the purged tables and
   ``VACUUM FULL`` of the small key table.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate, event

from memledger.domain.owner import Owner
from memledger.domain.stream_ids import erasure_id

__all__ = ["Erasure", "ErasureReport"]


class Erasure(Aggregate):
    """One per erased owner; its only event is ``owner.erased``, in clear."""

    TOPIC = "memledger:Erasure"

    class Created(Aggregate.Created):
        TOPIC = "owner.erased"
        class_version = 1
        sealed = False  # must stay readable after the key it records is gone
        app: str
        user_id: str
        key_id: str
        erased_at: datetime  # when the key was destroyed

    @event(Created)
    def __init__(self, app: str, user_id: str, key_id: str, erased_at: datetime) -> None:
        self.app = app
        self.user_id = user_id
        self.key_id = key_id
        self.erased_at = erased_at

    @staticmethod
    def create_id(app: str, user_id: str, **_: object) -> UUID:
        return erasure_id(Owner(app, user_id))


@dataclass(frozen=True, slots=True)
class ErasureReport:
    app: str
    user_id: str
    key_id: str
    erased_at: datetime
    position: int  # notification id of owner.erased (0 if an earlier call recorded it)
    purged_rows: dict[str, int]  # read-model table -> rows deleted

    def as_dict(self) -> dict[str, Any]:
        return {
            "app": self.app,
            "user_id": self.user_id,
            "key_id": self.key_id,
            "erased_at": self.erased_at.isoformat(),
            "position": self.position,
            "purged_rows": dict(self.purged_rows),
        }
