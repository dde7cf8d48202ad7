"""``Memory``: mem0's ``Memory`` API (mem0ai 2.2) over the event log.

The one-line swap::

    from ledgermind.compat.mem0 import Memory     # was: from mem0 import Memory
    m = Memory()                                   # the engine at LEDGERMIND_DB, or ledgermind.db
    m.add("I like green tea", user_id="alice", infer=False)

Every method keeps mem0's signature and answer shape (``{"results": [...]}``,
the promoted scope keys, ``{"message": ...}``), and raises ``ValueError``
where mem0 does (every error here is also the engine's ``InvalidInput`` or
``MemoryNotFound``, from the one error tree).

Ids -> owner: a memory belongs to ``Owner(app, user_id)``; one written
without a ``user_id`` to ``Owner(app, "agent:<agent_id>")``, or without
both to ``Owner(app, "run:<run_id>")``. ``agent_id``, ``run_id``, the
message's role and name (``actor_id``) are kept on the belief and filter
like mem0's payload keys. Reads never cross owners: ``filters={"agent_id":
"a"}`` sees the memories written with that agent and no user, not every
user's (mem0 would scan them all). With ``infer=False`` mem0 stores each
message as a memory and keeps no conversation, and so does this API:
``agent_id`` and ``run_id`` are labels of the memory, not a session.

What a change is: ``add`` writes one belief per message (``memory.distilled``,
``method="explicit"``, ``extractor="mem0"``) in one transaction; ``update``
revises it (``memory.revised``: the id stays, the old text stays in the
history), ``delete``, ``delete_all`` and ``reset`` invalidate it with a
reason. ``history`` answers from those events, with each one's reason.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

import orjson

from ledgermind.api import BeliefChange, Invalidate, MemoryEngine, NewBelief, OwnerMemory, Revise, new_belief_id
from ledgermind.compat.mem0.filters import matches
from ledgermind.compat.mem0.index import EXTRACTOR, METADATA_SOURCE, Item, Mem0Index
from ledgermind.domain.errors import InvalidInput, MemoryNotFound, OwnerErased
from ledgermind.domain.owner import Owner

__all__ = ["DEFAULT_APP", "InferNotSupported", "Mem0MemoryNotFound", "Memory"]

DEFAULT_APP = "mem0"
_ENTITY = ("user_id", "agent_id", "run_id")
_IDENTITY = frozenset({*_ENTITY, "actor_id"})
_MEM0_STORAGE = frozenset({"vector_store", "embedder", "llm", "history_db_path", "version", "reranker"})
_UNSET: Any = object()


class InferNotSupported(InvalidInput):
    """``add(..., infer=True)`` (mem0's default) asks an LLM to extract and
    merge facts; this API stores what it is given (``infer=False``). To have
    the engine learn beliefs from a conversation, add the messages to a
    session (``OwnerMemory.add_messages``) and run its distiller."""


class Mem0MemoryNotFound(MemoryNotFound, ValueError):
    """No current memory with that id: mem0 raises ``ValueError`` there, so this is both."""


def _entity(value: object, name: str) -> str | None:
    """mem0's rule for an entity id: str() of it, trimmed, non-empty, no whitespace."""
    if value is None:
        return None
    text = str(value).strip()
    if not text or any(c.isspace() for c in text):
        raise InvalidInput(f"Invalid {name}: cannot be empty or contain whitespace")
    return text


def _top_k(top_k: object) -> int:
    if isinstance(top_k, bool) or not isinstance(top_k, int) or top_k < 0:
        raise InvalidInput("top_k must be a non-negative integer")
    return top_k


class Memory:
    """mem0's ``Memory`` over a ``MemoryEngine``; thread-safe. Bound to one
    ``app``: its memory ids are global within it, as mem0's are."""

    def __init__(
        self,
        engine: MemoryEngine | None = None,
        *,
        app: str = DEFAULT_APP,
        db: str | None = None,
        read_timeout_s: float = 60.0,
    ) -> None:
        Owner(app, "-")  # the app must be a valid owner part
        # How long a search waits for the search index to hold this process's
        # writes (read-your-writes) before ``ProjectionTimeout``.
        self.read_timeout_s = read_timeout_s
        self._owns_engine = engine is None
        self.engine = engine if engine is not None else MemoryEngine.open(db)
        self.app = app
        self._index = Mem0Index(self.engine, app)
        self._lock = threading.Lock()

    @classmethod
    def from_config(cls, config_dict: Mapping[str, Any]) -> Memory:
        """mem0's config form. ``{"ledgermind": {"db": ..., "app": ...}}`` picks
        the engine; mem0's own storage keys (``vector_store``, ``embedder``,
        ``llm``, ``history_db_path``, ``version``, ``reranker``) are accepted and
        unused: the engine's log, index and embedder replace them."""
        if not isinstance(config_dict, Mapping):
            raise InvalidInput("the config must be a dict")
        unknown = set(config_dict) - _MEM0_STORAGE - {"ledgermind", "custom_instructions"}
        if unknown:
            raise InvalidInput(f"unknown config keys {sorted(unknown)}")
        own = dict(config_dict.get("ledgermind") or {})
        extra = set(own) - {"db", "app"}
        if extra:
            raise InvalidInput(f"unknown ledgermind config keys {sorted(extra)}")
        return cls(db=own.get("db"), app=own.get("app", DEFAULT_APP))

    def close(self) -> None:
        if self._owns_engine:
            self.engine.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- writes -------------------------------------------------------------------

    def add(
        self,
        messages: Any,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        metadata: dict[str, Any] | None = None,
        timestamp: Any = None,
        expiration_date: Any = None,
        infer: bool = True,
        memory_type: str | None = None,
        prompt: str | None = None,
    ) -> dict[str, Any]:
        """One memory per user / assistant message (system messages and
        malformed ones are skipped, as mem0 does), in one transaction."""
        if infer:
            raise InferNotSupported(
                "infer=True needs an LLM to extract facts; pass infer=False to store the messages as memories "
                "(the engine's distiller learns beliefs from sessions: OwnerMemory.add_messages)"
            )
        for name, value in (("timestamp", timestamp), ("expiration_date", expiration_date), ("prompt", prompt)):
            if value is not None:
                raise InvalidInput(f"add(): {name} is not supported with infer=False")
        if memory_type is not None:
            raise InvalidInput("add(): procedural memories are written by an LLM, which this API does not call")
        scope = self._scope(user_id=user_id, agent_id=agent_id, run_id=run_id)
        extra = self._metadata(metadata)
        if isinstance(messages, str):
            messages = [{"role": "user", "content": messages}]
        elif isinstance(messages, Mapping):
            messages = [messages]
        elif not isinstance(messages, list):
            raise InvalidInput("messages must be str, dict, or list[dict]")
        owner = self._owner(scope)
        now = datetime.now(UTC)
        changes: list[BeliefChange] = []
        results = []
        for message in messages:
            if not isinstance(message, Mapping) or message.get("role") is None or message.get("content") is None:
                continue
            role = message["role"]
            if role == "system":
                continue
            actor = message.get("name")
            kept = {**scope, "role": str(role), **({"actor_id": str(actor)} if actor else {})}
            source_key = f"{EXTRACTOR}:{uuid.uuid4().hex}"
            content = message["content"]
            if not isinstance(content, str):
                raise InvalidInput("a message's content must be text")
            changes.append(NewBelief(
                source_key=source_key, kind="fact", statement=content, valid_from=now, confidence=1.0,
                method="explicit", extractor=EXTRACTOR, raw=self._raw(kept, extra),
                sources=({"mem0": "add", "role": str(role)},),
            ))  # fmt: skip
            memory_id = new_belief_id(owner, source_key)
            results.append(
                {"id": memory_id, "memory": content, "event": "ADD", "actor_id": actor or None, "role": role}
            )
        if changes:
            self.engine.for_owner(owner).apply_memory_changes(changes)
        return {"results": results}

    def update(
        self,
        memory_id: str,
        text: str | None = None,
        metadata: dict[str, Any] | None = None,
        expiration_date: Any = _UNSET,
        data: str | None = None,
    ) -> dict[str, str]:
        """A new version of the same memory (``memory.revised``): the id stays,
        the old text and metadata stay in ``history``."""
        text = data if text is None else text
        if text is None and metadata is None and expiration_date is _UNSET:
            raise InvalidInput("At least one of text, metadata, or expiration_date must be provided.")
        if expiration_date is not _UNSET:
            raise InvalidInput("update(): expiration_date is not supported")
        if text is not None and not isinstance(text, str):
            raise InvalidInput("text must be a string")
        with self._lock:
            item = self._live(memory_id)
            new_metadata = {**item.metadata, **self._metadata(metadata)} if metadata is not None else item.metadata
            change = Revise(
                item.memory_id,
                statement=item.text if text is None else text,
                confidence=1.0,
                reason="updated through the Mem0 API",
                method="explicit",
                sources=({"mem0": "update", METADATA_SOURCE: new_metadata},),
            )
            self._handle(item).apply_memory_changes([change])
        return {"message": "Memory updated successfully!"}

    def delete(self, memory_id: str) -> dict[str, str]:
        """Invalidates the memory (``memory.invalidated``, reason "deleted
        through the Mem0 API"): gone from reads, kept in ``history``."""
        with self._lock:
            item = self._live(memory_id)
            self._invalidate(item.owner, [item], "deleted through the Mem0 API")
        return {"message": "Memory deleted successfully!"}

    def delete_all(
        self, user_id: str | None = None, agent_id: str | None = None, run_id: str | None = None
    ) -> dict[str, str]:
        """Invalidates every memory of the scope in one transaction."""
        scope = {
            k: v
            for k, v in (
                ("user_id", _entity(user_id, "user_id")),
                ("agent_id", _entity(agent_id, "agent_id")),
                ("run_id", _entity(run_id, "run_id")),
            )
            if v
        }
        if not scope:
            raise InvalidInput(
                "At least one filter is required to delete all memories. "
                "If you want to delete all memories, use the `reset()` method."
            )
        owner = self._owner(scope)
        with self._lock:
            gone = [i for i in self._current(owner) if matches(i.fields(), _without_user(scope))]
            self._invalidate(owner, gone, "deleted by delete_all through the Mem0 API")
        return {"message": "Memories deleted successfully!"}

    def reset(self) -> None:
        """Invalidates every memory of this app, owner by owner (the log keeps
        them: ``OwnerMemory.erase`` is what destroys an owner's data)."""
        with self._lock:
            self._index.catch_up()
            owners = {i.owner for i in self._index.items.values() if i.live}
            for owner in sorted(owners, key=lambda o: o.key):
                self._invalidate(owner, list(self._current(owner)), "reset through the Mem0 API")

    # --- reads ----------------------------------------------------------------------

    def get(self, memory_id: str) -> dict[str, Any] | None:
        with self._lock:
            item = self._find(memory_id)
            return None if item is None or not item.live else item.result()

    def get_all(
        self, *, filters: dict[str, Any] | None = None, top_k: int = 20, show_expired: bool = False, **kwargs: Any
    ) -> dict[str, Any]:
        """The scope's memories, oldest first, at most ``top_k``."""
        owner, rest = self._query_scope(filters, kwargs, "get_all")
        limit = _top_k(top_k)
        with self._lock:
            found = [i.result(with_score=False) for i in self._current(owner) if matches(i.fields(), rest)]
        return {"results": found[:limit]}

    def search(
        self,
        query: str,
        *,
        top_k: int = 20,
        filters: dict[str, Any] | None = None,
        threshold: float = 0.1,
        rerank: bool = False,
        explain: bool = False,
        reference_date: Any = None,
        show_expired: bool = False,
        **kwargs: Any,
    ) -> dict[str, Any]:
        """The engine's hybrid retrieval (dense + lexical, fused) over the
        owner's beliefs, kept to the scope's Mem0 memories; ``score`` is the
        engine's relevance (0..1), and ``threshold`` applies to it."""
        if reference_date is not None:
            raise InvalidInput("search(): reference_date is not supported")
        if not isinstance(query, str) or not query.strip():
            raise InvalidInput("Invalid query: must be a non-empty string.")
        if isinstance(threshold, bool) or not isinstance(threshold, (int, float)) or not 0 <= threshold <= 1:
            raise InvalidInput("threshold must be a number between 0 and 1")
        owner, rest = self._query_scope(filters, kwargs, "search")
        limit = _top_k(top_k)
        with self._lock:
            wanted = {i.memory_id: i for i in self._current(owner) if matches(i.fields(), rest)}
        if not wanted or not limit:
            return {"results": []}
        self.engine.projections.wait(self.engine.position, timeout=self.read_timeout_s)  # read-your-writes
        hits = self.engine.for_owner(owner).search(query.strip(), k=min(200, max(limit * 4, 60)))
        found = [wanted[h.id].result(score=h.relevance) for h in hits if h.id in wanted and h.relevance >= threshold]
        return {"results": found[:limit]}

    def history(self, memory_id: str) -> list[dict[str, Any]]:
        """The memory's events, oldest first, in mem0's row shape plus each one's ``reason``."""
        with self._lock:
            item = self._find(memory_id)
            return [] if item is None else [dict(row) for row in item.history]

    # --- helpers --------------------------------------------------------------------

    def _scope(self, **ids: str | None) -> dict[str, str]:
        scope = {k: v for k, v in ((k, _entity(v, k)) for k, v in ids.items()) if v}
        if not scope:
            raise InvalidInput("At least one of 'user_id', 'agent_id', or 'run_id' must be provided.")
        return scope

    def _owner(self, scope: Mapping[str, Any]) -> Owner:
        if scope.get("user_id"):
            return Owner(self.app, str(scope["user_id"]))
        if scope.get("agent_id"):
            return Owner(self.app, f"agent:{scope['agent_id']}")
        return Owner(self.app, f"run:{scope['run_id']}")

    def _query_scope(
        self, filters: dict[str, Any] | None, kwargs: Mapping[str, Any], method: str
    ) -> tuple[Owner, dict[str, Any]]:
        if set(kwargs) & set(_ENTITY):
            raise InvalidInput(
                f"Top-level entity parameters are not supported in {method}(). Use filters={{'user_id': '...'}} instead."
            )
        if kwargs:
            raise InvalidInput(f"{method}() got unexpected keyword arguments {sorted(kwargs)}")
        given = dict(filters or {})
        for key in _ENTITY:
            if key in given:
                given[key] = _entity(given[key], key)
        if not any(given.get(k) for k in _ENTITY):
            raise InvalidInput("filters must contain at least one of: user_id, agent_id, run_id.")
        return self._owner(given), _without_user(given)

    @staticmethod
    def _metadata(metadata: object) -> dict[str, Any]:
        if metadata is None:
            return {}
        if not isinstance(metadata, Mapping):
            raise InvalidInput("metadata must be a dict")
        return {str(k): v for k, v in metadata.items() if k not in _IDENTITY}

    @staticmethod
    def _raw(scope: Mapping[str, str], metadata: Mapping[str, Any]) -> str:
        try:
            return orjson.dumps({"scope": dict(scope), "metadata": dict(metadata)}).decode()
        except TypeError as e:
            raise InvalidInput(f"metadata must be JSON: {e}") from None

    def _handle(self, item: Item) -> OwnerMemory:
        return self.engine.for_owner(item.owner)

    def _find(self, memory_id: object) -> Item | None:
        """The memory with that id (mem0's dashed uuid form is accepted), read
        up to now, or None; an erased owner's memories are dropped here."""
        if not isinstance(memory_id, str):
            raise InvalidInput("memory_id must be a string")
        self._index.catch_up()
        item = self._index.items.get(memory_id.replace("-", "").lower())
        if item is not None and not self._readable(item.owner):
            return None
        return item

    def _live(self, memory_id: str) -> Item:
        item = self._find(memory_id)
        if item is None or not item.live:
            raise Mem0MemoryNotFound(f"Memory with id {memory_id!r:.60} not found")
        return item

    def _current(self, owner: Owner) -> list[Item]:
        self._index.catch_up()
        if not self._readable(owner):
            return []
        return [i for i in self._index.of(owner) if i.live]

    def _readable(self, owner: Owner) -> bool:
        """False (and the owner's memories dropped) once the owner was erased."""
        first = next(self._index.of(owner), None)
        if first is None:
            return True
        try:
            self.engine.for_owner(owner).load_memory(first.memory_id)
        except OwnerErased:
            self._index.drop(owner)
            return False
        return True

    def _invalidate(self, owner: Owner, items: list[Item], reason: str) -> None:
        if not items:
            return
        now = datetime.now(UTC)
        changes: list[BeliefChange] = [
            Invalidate(i.memory_id, invalid_at=now, reason=reason, cause={"request": "mem0"}) for i in items
        ]
        self.engine.for_owner(owner).apply_memory_changes(changes)


def _without_user(scope: Mapping[str, Any]) -> dict[str, Any]:
    """The filters a memory of the resolved owner must still pass (its owner is the user)."""
    return {k: v for k, v in scope.items() if k != "user_id"}
