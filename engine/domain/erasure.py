"""Right to be forgotten on an append-only log: crypto-shredding plus purges.

Why this works without rewriting history: every event of an owner is sealed
under that owner's data key (``ledgermind.storage.sealing``). Destroying the key makes
all of them unreadable at once, in the event table, in backups of it, and in
every future rebuild, while topics, stream ids, versions and positions stay
in clear so audits still see that events existed, in order. What is not in
the log (read-model rows written in clear by projections, the search index)
is purged here, and the erasure itself is recorded as an ``owner.erased``
event that holds no content: a keyed hash of the owner (``owner_digest``:
HMAC-SHA256 of ``Owner.key`` under a per-database secret kept in the key
table), the key id and the time. Version 1 of the event held ``app`` and
``user_id`` in clear, so an e-mail used as a user id outlived the erasure in
the log; old v1 events are still read (the upcaster drops the clear ids from
what they decode to; the stored row keeps them, it is immutable).

Order of ``OwnerMemory.erase`` (each step idempotent, so a crash
anywhere is fixed by calling it again):

1. destroy the key (from here on nobody can read the owner's content);
2. record ``owner.erased`` (once per owner);
3. purge every read-model table that has ``app`` and ``user_id`` columns,
   whichever projection or version created it (``projections.purge``, found
   by reflection), and merge FTS5 indexes;
4. scrub: SQLite ``VACUUM`` + WAL checkpoint (no free page or WAL frame keeps
   deleted bytes); PostgreSQL ``VACUUM FULL`` of every owner-scoped table
   (``EngineConfig.erasure_rewrite``; a plain ``VACUUM`` when off) and of the
   small key table. What the engine cannot remove is listed in the report's
   ``remains`` (PostgreSQL WAL until recycled, replicas, backups).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate, event

__all__ = ["Erasure", "ErasureReport"]


class Erasure(Aggregate):
    """One per erased owner (the stream id is ``erasure_id(owner)``, passed as
    ``id``); its only event is ``owner.erased``, unsealed and without the
    owner's ids."""

    TOPIC = "ledgermind:Erasure"

    class Created(Aggregate.Created):
        TOPIC = "owner.erased"
        class_version = 2
        sealed = False  # must stay readable after the key it records is gone
        owner_digest: str  # keyed hash of Owner.key ("" for a v1 event: it held the ids)
        key_id: str  # the destroyed key (as in every sealed event's header)
        erased_at: datetime  # when the key was destroyed

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            # v1 wrote app and user_id in clear; what it decodes to no longer
            # carries them (the digest needs the secret, which an upcaster has not).
            state.pop("app", None)
            state.pop("user_id", None)
            state["owner_digest"] = ""

    @event(Created)
    def __init__(self, id: UUID, owner_digest: str, key_id: str, erased_at: datetime) -> None:
        # ``id`` (erasure_id(owner)) becomes the stream id, not an event field.
        self.owner_digest = owner_digest
        self.key_id = key_id
        self.erased_at = erased_at


@dataclass(frozen=True, slots=True)
class ErasureReport:
    app: str
    user_id: str
    key_id: str
    erased_at: datetime
    position: int  # notification id of owner.erased (0 if an earlier call recorded it)
    purged_rows: dict[str, int]  # read-model table -> rows deleted
    owner_digest: str = ""  # what owner.erased records instead of the ids
    # Where copies of the owner's bytes may remain that the engine cannot
    # remove, one sentence each, with the command that shortens the time.
    remains: tuple[str, ...] = field(default=())

    def as_dict(self) -> dict[str, Any]:
        return {
            "app": self.app,
            "user_id": self.user_id,
            "key_id": self.key_id,
            "owner_digest": self.owner_digest,
            "erased_at": self.erased_at.isoformat(),
            "position": self.position,
            "purged_rows": dict(self.purged_rows),
            "remains": list(self.remains),
        }
