"""``LedgermindStore``: LangGraph's long-term ``BaseStore`` as audited, bitemporal memories.

Every ``put`` is a memory event: a new belief (``memory.distilled`` with
``method="explicit"``, ``extractor="langgraph-store"``) whose ``raw`` holds
the item (namespace, key, value) as JSON and whose statement is the item's
text, so search, ``build_context``, the distiller's contradiction checks and
the auditor see it like any remembered fact. Overwriting a key invalidates
the previous version (``memory.invalidated``, superseded by the new one) in
the same transaction; ``delete`` invalidates it. Nothing is rewritten: every
version stays in the log, and ``get`` / ``search`` take ``as_of`` to read the
store as it was at any past moment.

Namespace -> owner: ``owner_of(namespace)``; by default the first element of
the namespace is the user id and the app is the store's ``app``
(``("alice", "memories")`` belongs to ``Owner(app, "alice")``), the shape
LangGraph's docs use. Pass ``owner_of=one_owner(owner)`` to keep every
namespace under one owner, or any function. A namespace's items live with its owner: erasing the owner
erases them, and another owner never sees them.

Reads: an index folded from the log's memory events (the one log follower,
``ledgermind.storage.follower``), caught up before each batch, so a store in
another process sees every put. ``search`` with a ``query`` goes through the
engine's hybrid retrieval (dense + lexical) over the owner's beliefs, then
keeps those of the namespace; without one it lists the namespace's items,
newest first. ``index=``/``ttl=`` of ``put`` are accepted; ``index`` chooses
the value fields that make the searchable text, ``ttl`` is not supported
(an expiry would be a deletion the log never recorded; delete instead).
"""

from __future__ import annotations

import asyncio
import threading
import uuid
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import orjson
from langgraph.store.base import (
    BaseStore,
    GetOp,
    Item,
    ListNamespacesOp,
    Op,
    PutOp,
    Result,
    SearchItem,
    SearchOp,
)

from ledgermind.api import BeliefChange, Envelope, Invalidate, MemoryEngine, NewBelief, new_belief_id
from ledgermind.domain import bitemporal
from ledgermind.domain.errors import InvalidInput
from ledgermind.domain.memory import Memory
from ledgermind.domain.owner import Owner, check_owner

__all__ = ["EXTRACTOR", "LedgermindStore", "first_element_is_user", "one_owner"]

EXTRACTOR = "langgraph-store"  # the beliefs this store wrote, among all of an owner's


@dataclass
class _Version:
    """One stored version of an item (one belief)."""

    memory_id: str
    owner: Owner
    namespace: tuple[str, ...]
    key: str
    value: dict[str, Any]
    created_at: datetime
    updated_at: datetime  # the belief's valid_from
    invalid_at: datetime | None = None

    def holds_at(self, when: datetime | None) -> bool:
        if when is None:
            return self.invalid_at is None
        return self.updated_at <= when and (self.invalid_at is None or when < self.invalid_at)

    def item(self, score: float | None = None) -> SearchItem:
        return SearchItem(self.namespace, self.key, self.value, self.created_at, self.updated_at, score)


def one_owner(owner: Owner) -> Callable[[tuple[str, ...]], Owner]:
    """``owner_of`` that keeps every namespace under ``owner`` (namespaces
    then only group that owner's items)."""
    bound = check_owner(owner)
    return lambda namespace: bound


def first_element_is_user(app: str) -> Callable[[tuple[str, ...]], Owner]:
    def owner_of(namespace: tuple[str, ...]) -> Owner:
        if not namespace:
            raise InvalidInput("a LedgermindStore namespace needs at least one element (the user id)")
        return Owner(app, namespace[0])

    return owner_of


class LedgermindStore(BaseStore):
    """A LangGraph ``BaseStore`` over a ``MemoryEngine`` (``batch`` / ``abatch``)."""

    def __init__(
        self,
        engine: MemoryEngine,
        *,
        app: str = "langgraph",
        owner_of: Callable[[tuple[str, ...]], Owner] | None = None,
    ) -> None:
        self.engine = engine
        self.owner_of: Callable[[tuple[str, ...]], Owner] = owner_of or first_element_is_user(app)
        self._follower = engine.follower(bitemporal.TOPICS)
        self._lock = threading.Lock()
        self._versions: dict[str, _Version] = {}  # memory id -> version
        self._items: dict[tuple[Owner, tuple[str, ...], str], list[str]] = {}  # -> memory ids, oldest first

    # --- the index ----------------------------------------------------------------

    def _catch_up(self) -> None:
        self._follower.catch_up(self._fold)

    def _fold(self, envelope: Envelope) -> None:
        e = envelope.event
        mid = e.originator_id.hex
        if isinstance(e, Memory.Created):
            if e.extractor != EXTRACTOR or not e.raw:
                return
            raw = orjson.loads(e.raw)
            owner = Owner(e.app, e.user_id)
            namespace = tuple(raw["namespace"])
            created = datetime.fromisoformat(raw["created_at"])
            self._versions[mid] = _Version(mid, owner, namespace, raw["key"], raw["value"], created, e.valid_from)
            self._items.setdefault((owner, namespace, raw["key"]), []).append(mid)
            return
        version = self._versions.get(mid)
        if version is None:
            return
        if isinstance(e, Memory.Invalidated):
            version.invalid_at = e.invalid_at
        elif isinstance(e, Memory.Reinstated):
            version.invalid_at = None
        elif isinstance(e, Memory.Forgotten):
            del self._versions[mid]
            ids = self._items.get((version.owner, version.namespace, version.key), [])
            if mid in ids:
                ids.remove(mid)

    def _at(self, owner: Owner, namespace: tuple[str, ...], key: str, when: datetime | None) -> _Version | None:
        for mid in reversed(self._items.get((owner, namespace, key), [])):
            version = self._versions[mid]
            if version.holds_at(when):
                return version
        return None

    def _in_prefix(self, prefix: tuple[str, ...], when: datetime | None) -> list[_Version]:
        found = []
        for (owner, namespace, key), ids in self._items.items():
            if namespace[: len(prefix)] != prefix or not ids:
                continue
            version = self._at(owner, namespace, key, when)
            if version is not None and self._owned(version):
                found.append(version)
        return found

    def _owned(self, version: _Version) -> bool:
        """Only items whose namespace maps to the owner that holds them (a
        store with another mapping over the same engine sees its own only)."""
        try:
            return self.owner_of(version.namespace) == version.owner
        except InvalidInput:
            return False

    # --- BaseStore ----------------------------------------------------------------

    def batch(self, ops: Iterable[Op]) -> list[Result]:
        return self._batch(list(ops), None)

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        batch = list(ops)
        return await asyncio.to_thread(self._batch, batch, None)

    def get(
        self,
        namespace: tuple[str, ...],
        key: str,
        *,
        refresh_ttl: bool | None = None,
        as_of: datetime | None = None,
    ) -> Item | None:
        """The item as it is now, or as it was at ``as_of``."""
        result = self._batch([GetOp(tuple(namespace), str(key))], as_of)[0]
        return result if isinstance(result, Item) else None

    def search(
        self,
        namespace_prefix: tuple[str, ...],
        /,
        *,
        query: str | None = None,
        filter: dict[str, Any] | None = None,
        limit: int = 10,
        offset: int = 0,
        refresh_ttl: bool | None = None,
        as_of: datetime | None = None,
    ) -> list[SearchItem]:
        """Items under ``namespace_prefix``, as they are now or were at ``as_of``;
        with ``query``, ranked by the engine's hybrid retrieval."""
        op = SearchOp(tuple(namespace_prefix), filter, limit, offset, query)
        result = self._batch([op], as_of)[0]
        return [item for item in result if isinstance(item, SearchItem)] if isinstance(result, list) else []

    def _batch(self, ops: list[Op], as_of: datetime | None) -> list[Result]:
        results: list[Result] = []
        with self._lock:
            self._catch_up()
            for op in ops:
                if isinstance(op, GetOp):
                    version = self._at(self.owner_of(op.namespace), op.namespace, op.key, as_of)
                    results.append(None if version is None else version.item())
                elif isinstance(op, PutOp):
                    self._put(op)
                    self._catch_up()
                    results.append(None)
                elif isinstance(op, SearchOp):
                    results.append(self._search(op, as_of))
                elif isinstance(op, ListNamespacesOp):
                    results.append(self._namespaces(op))
                else:
                    raise InvalidInput(f"unknown store operation {type(op).__name__}")
        return results

    def _put(self, op: PutOp) -> None:
        owner = self.owner_of(op.namespace)
        now = datetime.now(UTC)
        old = self._at(owner, op.namespace, op.key, None)
        changes: list[BeliefChange] = []
        reason = "deleted through the LangGraph store" if op.value is None else "replaced through the LangGraph store"
        new_id = None
        if op.value is not None:
            source_key = f"{EXTRACTOR}:{uuid.uuid4().hex}"
            new_id = new_belief_id(owner, source_key)
            value = dict(op.value)
            raw = {
                "namespace": list(op.namespace),
                "key": op.key,
                "value": value,
                "created_at": (old.created_at if old else now).isoformat(),
            }
            try:
                raw_json = orjson.dumps(raw).decode()
            except TypeError as e:
                raise InvalidInput(f"a store value must be JSON: {e}") from None
            changes.append(NewBelief(
                source_key=source_key, kind="fact", statement=_statement(op.key, value, op.index),
                valid_from=now, confidence=1.0, method="explicit", extractor=EXTRACTOR,
                topics=tuple(op.namespace[1:])[:8], raw=raw_json, supersedes=old.memory_id if old else None,
                sources=({"langgraph_store": "/".join(op.namespace), "key": op.key},),
            ))  # fmt: skip
        elif old is None:
            return  # deleting what is not there writes nothing
        if old is not None:
            changes.insert(0, Invalidate(old.memory_id, invalid_at=now, reason=reason, superseded_by=new_id))
        self.engine.for_owner(owner).apply_memory_changes(changes)

    def _search(self, op: SearchOp, as_of: datetime | None) -> list[SearchItem]:
        prefix = tuple(op.namespace_prefix)
        candidates = [v for v in self._in_prefix(prefix, as_of) if _matches(v.value, op.filter)]
        if not op.query:
            candidates.sort(key=lambda v: v.updated_at, reverse=True)
            return [v.item() for v in candidates[op.offset : op.offset + op.limit]]
        by_id = {v.memory_id: v for v in candidates}
        owners = {v.owner for v in candidates}
        ranked: list[SearchItem] = []
        if owners:
            self.engine.projections.wait(self.engine.position, timeout=30)  # read-your-writes
        for owner in owners:
            want = op.offset + op.limit + len(by_id)
            for hit in self.engine.for_owner(owner).search(op.query, k=min(want, 200), as_of=as_of):
                version = by_id.get(hit.id)
                if version is not None:
                    ranked.append(version.item(score=hit.relevance))
        ranked.sort(key=lambda item: item.score or 0.0, reverse=True)
        return ranked[op.offset : op.offset + op.limit]

    def _namespaces(self, op: ListNamespacesOp) -> list[tuple[str, ...]]:
        found = {v.namespace for v in self._in_prefix((), None)}
        for condition in op.match_conditions or ():
            path = tuple(condition.path)
            if condition.match_type == "prefix":
                found = {ns for ns in found if _path_match(ns[: len(path)], path)}
            else:
                found = {ns for ns in found if len(ns) >= len(path) and _path_match(ns[len(ns) - len(path) :], path)}
        if op.max_depth is not None:
            found = {ns[: op.max_depth] for ns in found}
        return sorted(found)[op.offset : op.offset + op.limit]


def _path_match(part: tuple[str, ...], path: tuple[str, ...]) -> bool:
    return len(part) == len(path) and all(p == "*" or p == n for n, p in zip(part, path))


def _statement(key: str, value: Mapping[str, Any], index: Any) -> str:
    """The searchable text of an item: the ``index`` fields when given, else
    the usual text fields of LangMem-style memories, else the value as JSON."""
    fields = [f for f in index if f in value] if isinstance(index, list) else []
    if not fields:
        fields = [f for f in ("content", "text", "memory", "statement") if isinstance(value.get(f), str)]
    text = " ".join(str(value[f]) for f in fields) if fields else orjson.dumps(value).decode()
    return f"{key}: {text}" if text else key


_OPS: dict[str, Callable[[Any, Any], bool]] = {
    "$eq": lambda a, b: bool(a == b),
    "$ne": lambda a, b: bool(a != b),
    "$gt": lambda a, b: a is not None and bool(a > b),
    "$gte": lambda a, b: a is not None and bool(a >= b),
    "$lt": lambda a, b: a is not None and bool(a < b),
    "$lte": lambda a, b: a is not None and bool(a <= b),
}


def _matches(value: Mapping[str, Any], filter: dict[str, Any] | None) -> bool:
    for key, wanted in (filter or {}).items():
        actual = value.get(key)
        if isinstance(wanted, dict) and wanted and all(k in _OPS for k in wanted):
            if not all(_OPS[k](actual, v) for k, v in wanted.items()):
                return False
        elif actual != wanted:
            return False
    return True
