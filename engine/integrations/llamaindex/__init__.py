"""LlamaIndex on the event log: ``LedgermindChatStore`` (a ``BaseChatStore``
whose messages are a session's ``message.added`` events) and
``LedgermindMemoryBlock`` (the owner's beliefs as a block of a ``Memory``).
Needs the ``llamaindex`` extra.

The names load on first use (PEP 562), so the key aggregate
(``ledgermind.integrations.llamaindex.chat_key``, which imports no LlamaIndex)
can be loaded by any process that decodes the log, with or without the extra.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ledgermind.integrations.llamaindex.chat_key import ChatKey
    from ledgermind.integrations.llamaindex.chat_store import (
        DEFAULT_AGENT,
        DEFAULT_OWNER,
        ChatIndexError,
        LedgermindChatStore,
        key_is_user,
        one_owner,
    )
    from ledgermind.integrations.llamaindex.memory_block import LedgermindMemoryBlock

__all__ = [
    "DEFAULT_AGENT",
    "DEFAULT_OWNER",
    "ChatIndexError",
    "ChatKey",
    "LedgermindChatStore",
    "LedgermindMemoryBlock",
    "key_is_user",
    "one_owner",
]

_HOMES = {
    "DEFAULT_AGENT": "chat_store",
    "DEFAULT_OWNER": "chat_store",
    "ChatIndexError": "chat_store",
    "ChatKey": "chat_key",
    "LedgermindChatStore": "chat_store",
    "LedgermindMemoryBlock": "memory_block",
    "key_is_user": "chat_store",
    "one_owner": "chat_store",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
