"""A LlamaIndex chat-store key, as a stream bound to one ledgermind session.

Why a stream of its own: a ``BaseChatStore`` key names a conversation, and a
ledgermind session is one; the key's stream says which session (its id is a
uuid5 of (owner, key), so a store finds it from the key alone) and whether
the key exists now (``delete_messages`` removes it from ``get_keys``; a later
write brings it back, bound to the same session). The messages themselves are
ordinary ``message.added`` events of that session, so restore, search,
distillation and the auditor see a LlamaIndex conversation like any other;
a message removed through the store is a ``message.retracted`` with a reason,
and the session keeps it.

Why here and not in ``ledgermind.domain``: the core knows nothing of its
callers. This module imports no LlamaIndex, so any process that opens an
engine decodes the key's events: the package declares the aggregate under
the ``ledgermind.aggregates`` entry point (``ledgermind.api.aggregates``).
"""

from __future__ import annotations

from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate, event

from ledgermind.domain.owner import Owner

__all__ = ["TOPICS", "ChatKey", "chat_key_stream_id"]

_CHAT_KEY = uuid5(NAMESPACE_URL, "ledgermind/llamaindex-chat-key")


def chat_key_stream_id(owner: Owner, key: str) -> UUID:
    """One stream per (owner, key); changing the derivation orphans every stored key."""
    return uuid5(_CHAT_KEY, f"{owner.key}\x1f{key}")


class ChatKey(Aggregate):
    TOPIC = "ledgermind:LlamaIndexChatKey"

    class Event(Aggregate.Event):
        """Every key event carries its owner, so any reader can scope it."""

        app: str
        user_id: str

    class Created(Event, Aggregate.Created):
        TOPIC = "llamaindex.chat_key_created"
        class_version = 1
        key: str
        session_id: str  # the ledgermind session holding the key's messages
        agent_id: str

    @event(Created)
    def __init__(self, app: str, user_id: str, key: str, session_id: str, agent_id: str) -> None:
        self.app = app
        self.user_id = user_id
        self.key = key
        self.session_id = session_id
        self.agent_id = agent_id
        self.live = True

    @staticmethod
    def create_id(app: str, user_id: str, key: str, session_id: str, agent_id: str) -> UUID:
        return chat_key_stream_id(Owner(app, user_id), key)

    class Deleted(Event):
        """``delete_messages``: the key leaves ``get_keys`` (its messages were
        retracted one by one before this event)."""

        TOPIC = "llamaindex.chat_key_deleted"
        class_version = 1

    @event(Deleted)
    def _deleted(self, app: str, user_id: str) -> None:
        self.live = False

    def delete(self) -> None:
        self._deleted(app=self.app, user_id=self.user_id)

    class Reopened(Event):
        """A write to a deleted key: it exists again, on the same session."""

        TOPIC = "llamaindex.chat_key_reopened"
        class_version = 1

    @event(Reopened)
    def _reopened(self, app: str, user_id: str) -> None:
        self.live = True

    def reopen(self) -> None:
        self._reopened(app=self.app, user_id=self.user_id)


TOPICS = (ChatKey.Created.TOPIC, ChatKey.Deleted.TOPIC, ChatKey.Reopened.TOPIC)
