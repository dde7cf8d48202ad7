"""``LedgermindChatStore``: a LlamaIndex ``BaseChatStore`` whose history is an event log.

The one-line swap::

    chat_store = LedgermindChatStore(MemoryEngine.open("agent.db"))   # was SimpleChatStore()
    memory = ChatMemoryBuffer.from_defaults(chat_store=chat_store, chat_store_key="alice")

Key -> owner, agent, session: every key belongs to the owner ``owner_of(key)``
(by default the store's ``owner``, ``Owner("llamaindex", "default")``; pass
``owner_of=key_is_user(app)`` to make each key a user of ``app``), and is one
session of the store's ``agent_id`` (``"llamaindex"``), opened by the key's
first write exactly as ``create_session`` opens one (``ledgermind.integrations.
llamaindex.chat_key``). A message is an ordinary ``message.added`` of that
session, so ``restore_agent``, search, distillation and the auditor see it.

What a removal is: ``delete_message``, ``delete_last_message``,
``delete_messages`` and the messages ``set_messages`` drops are retractions
(``message.retracted``, with a reason that names the call): the session keeps
them for audits and as-of reads, the key's list no longer shows them, and
the beliefs only they supported are invalidated (``OwnerMemory.retract``).
So a key's list is its session's unretracted messages, in the order they were
added. ``set_messages`` keeps the common prefix of the old and new lists,
retracts the rest of the old one and appends the rest of the new one;
``add_message(key, m, idx)`` inside the list appends ``m`` and copies of the
messages after ``idx``, then retracts those (a reorder the log can show).

Reads are incremental: the store keeps each session's messages it has read
and asks the log only for those after them, so a turn reads what is new, not
the whole conversation; another process's writes are seen on the next call.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from llama_index.core.llms import ChatMessage
from llama_index.core.storage.chat_store.base import BaseChatStore
from pydantic import PrivateAttr

from ledgermind.api import Append, Attachment, Envelope, Follower, MemoryEngine, OwnerMemory, WriteOptions
from ledgermind.domain.errors import InvalidInput
from ledgermind.domain.owner import Owner, check_owner
from ledgermind.integrations.llamaindex.chat_key import TOPICS, ChatKey, chat_key_stream_id
from ledgermind.integrations.llamaindex.messages import from_record, to_fields

__all__ = ["DEFAULT_AGENT", "DEFAULT_OWNER", "ChatIndexError", "LedgermindChatStore", "key_is_user", "one_owner"]

DEFAULT_OWNER = Owner("llamaindex", "default")
DEFAULT_AGENT = "llamaindex"
_PAGE = 1000


class ChatIndexError(InvalidInput, IndexError):
    """A position outside a key's list (``delete_last_message`` on an empty
    list, ``delete_message`` below ``-len``): where ``SimpleChatStore`` raises
    ``IndexError``, this store raises this, which is both that and the
    engine's ``InvalidInput``; nothing is written."""


def one_owner(owner: Owner) -> Callable[[str], Owner]:
    """``owner_of`` that keeps every key under ``owner`` (the default)."""
    bound = check_owner(owner)
    return lambda key: bound


def key_is_user(app: str) -> Callable[[str], Owner]:
    """``owner_of`` that makes each key a user of ``app`` (``chat_store_key=user_id``,
    as LlamaIndex's examples use it): erasing the user erases their chat."""
    return lambda key: check_owner(Owner(app, key))


@dataclass
class _Key:
    owner: Owner
    session_id: str
    live: bool


@dataclass
class _Session:
    """The messages of one session read so far, by seq (oldest first)."""

    last: int = 0
    messages: list[tuple[int, ChatMessage]] = field(default_factory=list)


class LedgermindChatStore(BaseChatStore):
    """A ``BaseChatStore`` over a ``MemoryEngine`` (the async methods are the
    base class's, each running its sync peer in a thread). Thread-safe."""

    app: str
    user_id: str
    agent_id: str

    _engine: MemoryEngine = PrivateAttr()
    _owner_of: Callable[[str], Owner] = PrivateAttr()
    _incarnation: int | None = PrivateAttr(default=None)
    _follower: Follower = PrivateAttr()
    _keys: dict[tuple[Owner, str], _Key] = PrivateAttr(default_factory=dict)
    _streams: dict[UUID, tuple[Owner, str]] = PrivateAttr(default_factory=dict)  # key stream -> its key
    _sessions: dict[str, _Session] = PrivateAttr(default_factory=dict)
    _lock: threading.RLock = PrivateAttr(default_factory=threading.RLock)

    def __init__(
        self,
        engine: MemoryEngine,
        *,
        owner: Owner = DEFAULT_OWNER,
        agent_id: str = DEFAULT_AGENT,
        owner_of: Callable[[str], Owner] | None = None,
        incarnation: int | None = None,
    ) -> None:
        owner = check_owner(owner)
        fields: dict[str, Any] = {"app": owner.app, "user_id": owner.user_id, "agent_id": agent_id}
        super().__init__(**fields)  # pydantic fields, which BaseChatStore's typed __init__ does not name
        self._engine = engine
        self._owner_of = owner_of or one_owner(owner)
        # The agent incarnation this store writes for (a supervised agent's
        # ``claim_agent`` epoch): a newer one fences every write. None: not fenced.
        self._incarnation = incarnation
        self._follower = engine.follower(TOPICS)

    @classmethod
    def class_name(cls) -> str:
        return "LedgermindChatStore"

    # --- BaseChatStore --------------------------------------------------------------

    def set_messages(self, key: str, messages: list[ChatMessage]) -> None:
        """The key's list becomes ``messages``: the common prefix stays, the
        rest of the old list is retracted, the rest of the new one appended."""
        new = list(messages)
        fields = [to_fields(m) for m in new]  # every message checked before anything is written
        with self._lock:
            memory, entry, live = self._read(key)
            kept = 0
            while kept < min(len(live), len(new)) and live[kept][1] == new[kept]:
                kept += 1
            if entry is None or not entry.live or kept < len(new):
                self._append(key, memory, fields[kept:], "llamaindex.set_messages")
            if entry is not None:
                self._retract(memory, entry.session_id, live[kept:], "replaced by set_messages")

    def get_messages(self, key: str) -> list[ChatMessage]:
        """The key's list. As ``SimpleChatStore``'s, the messages are the
        store's own objects (a copy of each would cost O(n) per turn); what
        is stored is the log, which no caller can change."""
        with self._lock:
            _, _, live = self._read(key)
            return [m for _, m in live]

    def add_message(self, key: str, message: ChatMessage, idx: int | None = None) -> None:
        """Appends ``message``; with ``idx``, inserts it there as ``list.insert``
        does (the messages after it are appended again, then retracted)."""
        fields = to_fields(message)
        _check_key(key)
        if idx is not None and (isinstance(idx, bool) or not isinstance(idx, int)):
            raise InvalidInput(f"idx must be an integer or None, got {type(idx).__name__}")
        with self._lock:
            if idx is None:  # the common case: no need to read the list
                self._append(key, self._engine.for_owner(self._owner_of(key)), [fields], "llamaindex.add_message")
                return
            memory, entry, live = self._read(key)
            at = _insert_at(idx, len(live))
            tail = live[at:]
            self._append(key, memory, [fields, *(to_fields(m) for _, m in tail)], "llamaindex.add_message")
            if entry is not None:
                self._retract(memory, entry.session_id, tail, f"moved after a message inserted at {at}")

    def delete_messages(self, key: str) -> list[ChatMessage] | None:
        """Retracts every message of the key and removes the key from ``get_keys``;
        returns what it held, or None for a key that does not exist."""
        with self._lock:
            memory, entry, live = self._read(key)
            if entry is None or not entry.live:
                return None
            self._retract(memory, entry.session_id, live, "deleted by delete_messages")

            def step(bound: ChatKey, append: Append) -> None:
                if bound.live:
                    bound.delete()

            memory.write_attached(
                self._attachment(memory.owner, key, "llamaindex.delete_messages"),
                step,
                options=WriteOptions(incarnation=self._incarnation),
                create=False,
            )
            return [m for _, m in live]

    def delete_message(self, key: str, idx: int) -> ChatMessage | None:
        with self._lock:
            memory, entry, live = self._read(key)
            if entry is None or not entry.live or idx >= len(live):
                return None
            if idx < -len(live):
                raise ChatIndexError(f"delete_message: index {idx} is outside a list of {len(live)}")
            seq, message = live[idx]
            self._retract(memory, entry.session_id, [(seq, message)], f"deleted by delete_message at {idx}")
            return message

    def delete_last_message(self, key: str) -> ChatMessage | None:
        with self._lock:
            memory, entry, live = self._read(key)
            if entry is None or not entry.live:
                return None
            if not live:
                raise ChatIndexError(f"delete_last_message: the list of key {key!r:.80} is empty")
            seq, message = live[-1]
            self._retract(memory, entry.session_id, [(seq, message)], "deleted by delete_last_message")
            return message

    def get_keys(self) -> list[str]:
        """The keys that exist now, in the order they were created (or brought back)."""
        with self._lock:
            self._follower.catch_up(self._fold)
            return [key for (owner, key), e in self._keys.items() if e.live and self._owns(owner, key)]

    # --- the log ------------------------------------------------------------------

    def _owns(self, owner: Owner, key: str) -> bool:
        try:
            return self._owner_of(key) == owner
        except InvalidInput:
            return False

    def _fold(self, envelope: Envelope) -> None:
        e = envelope.event
        owner = Owner(e.app, e.user_id)
        if isinstance(e, ChatKey.Created):
            self._keys[(owner, e.key)] = _Key(owner, e.session_id, True)
            self._streams[e.originator_id] = (owner, e.key)
            return
        found = self._streams.get(e.originator_id)
        if found is None:
            return
        entry = self._keys.pop(found)  # a key brought back moves to the end, as a dict's key would
        entry.live = isinstance(e, ChatKey.Reopened)
        self._keys[found] = entry

    def _read(self, key: str) -> tuple[OwnerMemory, _Key | None, list[tuple[int, ChatMessage]]]:
        """The key's owner handle, its entry (None: never written) and its
        live list as (seq, message), read from the log up to now."""
        owner = self._owner_of(_check_key(key))
        memory = self._engine.for_owner(owner)
        self._follower.catch_up(self._fold)
        entry = self._keys.get((owner, key))
        if entry is None or not entry.live:
            return memory, entry, []
        cached = self._sessions.setdefault(entry.session_id, _Session())
        after: int | None = cached.last
        while after is not None:
            page = memory.messages(entry.session_id, after=after, limit=_PAGE)
            cached.messages.extend((m.seq, from_record(m)) for m in page.messages)
            if page.messages:
                cached.last = page.messages[-1].seq
            after = page.next_after
        retracted = set(memory.retracted_messages(entry.session_id))
        return memory, entry, [(seq, m) for seq, m in cached.messages if seq not in retracted]

    def _attachment(self, owner: Owner, key: str, name: str) -> Attachment[ChatKey]:
        agent_id = self.agent_id
        return Attachment(
            kind=ChatKey,
            stream_id=chat_key_stream_id(owner, key),
            agent_id=agent_id,
            open=lambda session_id: ChatKey(owner.app, owner.user_id, key, session_id, agent_id),
            name=name,
        )

    def _append(self, key: str, memory: OwnerMemory, fields: Sequence[dict[str, Any]], name: str) -> None:
        """One transaction: opens (or brings back) the key and appends ``fields``."""

        def step(bound: ChatKey, append: Append) -> list[int]:
            if not bound.live:
                bound.reopen()
            return append()

        memory.write_attached(
            self._attachment(memory.owner, key, name),
            step,
            messages=fields,
            options=WriteOptions(incarnation=self._incarnation),
        )

    def _retract(self, memory: OwnerMemory, session_id: str, gone: Sequence[tuple[int, ChatMessage]], why: str) -> None:
        for seq, _ in gone:
            memory.retract(session_id, seq, f"{why} through the LlamaIndex chat store")


def _check_key(key: object) -> str:
    if not isinstance(key, str):
        raise InvalidInput(f"a chat store key is a string, got {type(key).__name__}")
    return key


def _insert_at(idx: int, length: int) -> int:
    """Where ``list.insert(idx, x)`` puts ``x`` in a list of ``length``."""
    if idx < 0:
        idx += length
    return min(max(idx, 0), length)
