"""The Mem0 API's memories and their histories, folded from the event log.

Why a fold and not a table: the log is the only truth. A memory written
through the Mem0 API is an ordinary belief (``memory.distilled`` with
``extractor="mem0"``, its scope and metadata in ``raw``); ``update`` is a
``memory.revised`` of the same belief (its id never changes), ``delete`` a
``memory.invalidated`` with a reason. This index reads those events once,
in log order, through the log's follower (``ledgermind.api.Follower``), and
catches up before every call, so a Memory in another process sees every
write; ``history`` is the list of those events, each with its reason.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from uuid import NAMESPACE_URL, uuid5

import orjson

from ledgermind.api import Envelope, MemoryEngine
from ledgermind.domain import bitemporal
from ledgermind.domain.memory import Memory as Belief
from ledgermind.domain.owner import Owner

__all__ = ["EXTRACTOR", "METADATA_SOURCE", "Item", "Mem0Index"]

EXTRACTOR = "mem0"  # the beliefs the Mem0 API wrote, among all of an owner's
METADATA_SOURCE = "mem0_metadata"  # the source key of an update's new metadata
SCOPE_KEYS = ("user_id", "agent_id", "run_id", "actor_id", "role")
_HISTORY = uuid5(NAMESPACE_URL, "ledgermind/mem0-history")


@dataclass
class Item:
    """One memory as the Mem0 API shows it."""

    memory_id: str
    owner: Owner
    text: str
    scope: dict[str, str]  # user_id, agent_id, run_id, actor_id, role: those set
    metadata: dict[str, Any]
    created_at: str
    updated_at: str
    live: bool = True
    history: list[dict[str, Any]] = field(default_factory=list)

    def fields(self) -> dict[str, Any]:
        """What filters match against: the metadata and the scope, as mem0's payload holds them."""
        return {**self.metadata, **self.scope}

    def result(self, *, score: float | None = None, with_score: bool = True) -> dict[str, Any]:
        """mem0's ``MemoryItem`` dump with the scope keys promoted, as its ``get`` returns."""
        out: dict[str, Any] = {
            "id": self.memory_id,
            "memory": self.text,
            "hash": hashlib.md5(self.text.encode()).hexdigest(),  # what mem0 stores: a change marker
            "metadata": dict(self.metadata) or None,
            "score": score,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
        }
        if not with_score:
            del out["score"]
        out.update(self.scope)
        return out

    def _entry(self, version: int, event: str, old: str | None, new: str | None, when: str, reason: str | None) -> None:
        self.history.append({
            "id": str(uuid5(_HISTORY, f"{self.memory_id}:{version}")),
            "memory_id": self.memory_id,
            "old_memory": old,
            "new_memory": new,
            "event": event,
            "created_at": self.created_at,
            "updated_at": when,
            "is_deleted": event == "DELETE",
            "actor_id": self.scope.get("actor_id"),
            "role": self.scope.get("role"),
            "reason": reason,
        })  # fmt: skip


class Mem0Index:
    """Every Mem0-API memory of one app, by id, kept current from the log."""

    def __init__(self, engine: MemoryEngine, app: str) -> None:
        self.app = app
        self._follower = engine.follower(bitemporal.TOPICS)
        self.items: dict[str, Item] = {}  # in the order they were added

    def catch_up(self) -> None:
        self._follower.catch_up(self._fold)

    def of(self, owner: Owner) -> Iterator[Item]:
        return (i for i in self.items.values() if i.owner == owner)

    def drop(self, owner: Owner) -> None:
        """Forgets an erased owner's memories (their events can no longer be read)."""
        self.items = {k: i for k, i in self.items.items() if i.owner != owner}

    def _fold(self, envelope: Envelope) -> None:
        e = envelope.event
        mid = e.originator_id.hex
        when = e.timestamp.isoformat()
        if isinstance(e, Belief.Created):
            if e.extractor != EXTRACTOR or e.app != self.app or not e.raw:
                return
            raw = orjson.loads(e.raw)
            new = Item(mid, Owner(e.app, e.user_id), e.statement, raw["scope"], raw["metadata"], when, when)
            new._entry(e.originator_version, "ADD", None, e.statement, when, "added through the Mem0 API")
            self.items[mid] = new
            return
        item = self.items.get(mid)
        if item is None:
            return
        version = e.originator_version
        if isinstance(e, Belief.Revised):
            old, item.text, item.updated_at = item.text, e.statement, when
            for source in e.sources:
                if isinstance(source, dict) and METADATA_SOURCE in source:
                    item.metadata = dict(source[METADATA_SOURCE])
            item._entry(version, "UPDATE", old, e.statement, when, e.reason)
        elif isinstance(e, Belief.Invalidated):
            item.live = False
            item._entry(version, "DELETE", item.text, None, when, e.reason)
        elif isinstance(e, Belief.Reinstated):
            item.live, item.updated_at = True, when
            item._entry(version, "UPDATE", None, item.text, when, e.reason)
        elif isinstance(e, Belief.Forgotten):
            del self.items[mid]  # forgotten for good: the engine keeps no text of it either
