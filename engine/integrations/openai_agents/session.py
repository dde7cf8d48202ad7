"""``LedgermindSession``: an OpenAI Agents SDK session whose history is an event log.

The one-line swap::

    session = SQLiteSession("conversation_123", "conversations.db")       # before
    session = LedgermindSession("conversation_123", "conversations.db")   # after
    result = await Runner.run(agent, "Hello", session=session)

It implements the SDK's ``Session`` protocol (``get_items(limit)``,
``add_items``, ``pop_item``, ``clear_session``, all async), so it goes
wherever ``SQLiteSession`` goes.

Id mapping: an SDK ``session_id`` names one ledgermind session of the owner
``owner`` (default ``Owner("openai-agents", "default")``), opened on first use
for the agent ``agent_id`` (default ``"openai-agents"``). The mapping is the
receipt of that first ``create_session``, whose idempotency key is
``"openai-agents:<session_id>"``: any process that names the same owner and
session id finds the same ledgermind session, and one that names another
agent for it is refused (``IdempotencyKeyReused``).

What is stored: each item is one ordinary ``message.added`` event
(``ledgermind.integrations.openai_agents.items``: role, text, tool calls and
outputs as columns, the rest of the item in the metadata), so restore,
search, distillation, audits, retraction and erasure see the conversation.
``pop_item`` and ``clear_session`` remove nothing: they retract messages
(``message.retracted`` with the reason ``"openai-agents: pop_item"`` or
``"openai-agents: clear_session"``), which also withdraws the beliefs only
those messages supported; the history keeps what was removed, and why.

Reads are incremental: the session keeps the items it has read and asks the
store only for messages after the last one (and for the retracted seqs), so
a turn costs the same at message 10 and 10,000; another process's writes are
seen at the next read.
"""

from __future__ import annotations

import asyncio
import threading
from typing import TYPE_CHECKING, Any

import orjson
from agents.memory import SessionSettings
from agents.memory.session_settings import coerce_session_settings, resolve_session_limit

from ledgermind.api import MemoryEngine, OwnerMemory
from ledgermind.domain.errors import InvalidInput
from ledgermind.domain.owner import Owner
from ledgermind.integrations.openai_agents.items import from_fields, to_fields

if TYPE_CHECKING:
    from agents.items import TResponseInputItem

__all__ = ["CLEAR_REASON", "DEFAULT_AGENT", "DEFAULT_OWNER", "POP_REASON", "LedgermindSession"]

DEFAULT_OWNER = Owner("openai-agents", "default")
DEFAULT_AGENT = "openai-agents"
POP_REASON = "openai-agents: pop_item"
CLEAR_REASON = "openai-agents: clear_session"
_KEY_PREFIX = "openai-agents:"
_PAGE = 1000  # messages per read (the owner handle's maximum page)


class LedgermindSession:
    """An SDK ``Session`` over a ledgermind engine.

    ``engine``: a ``MemoryEngine`` shared by many sessions (the caller closes
    it), or a database (a path, ``sqlite:///...`` or ``postgresql://...``)
    that this session opens and ``close()`` closes. ``incarnation``: the
    supervised agent's epoch (``claim_agent``); once a newer one is claimed,
    this session's writes are refused (``StaleIncarnation``)."""

    session_settings: SessionSettings | None = None

    def __init__(
        self,
        session_id: str,
        engine: MemoryEngine | str,
        *,
        owner: Owner = DEFAULT_OWNER,
        agent_id: str = DEFAULT_AGENT,
        session_settings: SessionSettings | dict[str, Any] | None = None,
        incarnation: int | None = None,
    ) -> None:
        if not isinstance(session_id, str) or not session_id:
            raise InvalidInput("session_id must be a non-empty string")
        self.session_id = session_id
        self.session_settings = (
            coerce_session_settings(session_settings) if session_settings is not None else SessionSettings()
        )
        self._owns_engine = isinstance(engine, str)
        self.engine = MemoryEngine.open(engine) if isinstance(engine, str) else engine
        self.memory: OwnerMemory = self.engine.for_owner(owner)
        self.agent_id = agent_id
        self.incarnation = incarnation
        self._lock = threading.Lock()  # the read cache, shared by the SDK's worker threads
        self._ledger_session: str | None = None
        self._read: list[tuple[int, bytes]] = []  # (seq, item as JSON) of every message read, oldest first
        self._last_seq = 0

    def __repr__(self) -> str:
        return f"LedgermindSession({self.session_id!r}, owner={self.memory.owner!r}, agent_id={self.agent_id!r})"

    @property
    def ledger_session_id(self) -> str:
        """The ledgermind session holding this conversation (opened on first use)."""
        if self._ledger_session is None:
            self._ledger_session = self.memory.create_session(
                self.agent_id, idempotency_key=_KEY_PREFIX + self.session_id, incarnation=self.incarnation
            )
        return self._ledger_session

    # --- the Session protocol --------------------------------------------------

    async def get_items(self, limit: int | None = None) -> list[TResponseInputItem]:
        """The live items, oldest first; the latest ``limit`` when given (or
        set in ``session_settings``), with ``SQLiteSession``'s semantics for
        non-positive limits (0: none; negative: all)."""
        n = resolve_session_limit(limit, self.session_settings)
        live = await asyncio.to_thread(self._live)
        if n is not None and n >= 0:
            live = live[-n:] if n else []
        return [orjson.loads(raw) for _, raw in live]

    async def add_items(self, items: list[TResponseInputItem]) -> None:
        """Appends the items as messages in one transaction (all or none)."""
        if not items:
            return
        fields = [to_fields(item) for item in items]
        await asyncio.to_thread(self._add, fields)

    async def pop_item(self) -> TResponseInputItem | None:
        """Retracts the newest live item and returns it (None when there is none)."""
        popped = await asyncio.to_thread(self._pop)
        return None if popped is None else orjson.loads(popped)

    async def clear_session(self) -> None:
        """Retracts every live item, newest first (one event each, with its reason)."""
        await asyncio.to_thread(self._clear)

    def close(self) -> None:
        """Closes the engine when this session opened it (a database was given)."""
        if self._owns_engine:
            self.engine.close()

    # --- the work, in the SDK's worker threads ---------------------------------------

    def _add(self, fields: list[dict[str, Any]]) -> None:
        self.memory.add_messages(self.ledger_session_id, fields, incarnation=self.incarnation)

    def _live(self) -> list[tuple[int, bytes]]:
        """(seq, item) of the messages not retracted, read up to the store's
        head: new messages after the last one read, then the retracted seqs."""
        sid = self.ledger_session_id
        with self._lock:
            after: int | None = self._last_seq
            while after is not None:
                page = self.memory.messages(sid, after=after, limit=_PAGE)
                for m in page.messages:
                    item = from_fields(
                        {
                            "content": m.content,
                            "metadata": m.metadata,
                            "tool_calls": m.tool_calls,
                            "tool_call_id": m.tool_call_id,
                        }
                    )
                    self._read.append((m.seq, orjson.dumps(item)))
                    self._last_seq = m.seq
                after = page.next_after
            read = list(self._read)
        retracted = set(self.memory.retracted_messages(sid))
        return [(seq, raw) for seq, raw in read if seq not in retracted]

    def _pop(self) -> bytes | None:
        while True:
            live = self._live()
            if not live:
                return None
            seq, raw = live[-1]
            if self.memory.retract(self.ledger_session_id, seq, POP_REASON).changed:
                return raw
            # another caller retracted it first: the next newest is ours to pop

    def _clear(self) -> None:
        for seq, _ in reversed(self._live()):
            self.memory.retract(self.ledger_session_id, seq, CLEAR_REASON)
