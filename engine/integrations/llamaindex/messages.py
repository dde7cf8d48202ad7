"""LlamaIndex ``ChatMessage`` <-> ledgermind ``message.added`` fields, exactly.

Why the split: a chat message becomes an ordinary ledgermind message (role,
text content), so every reader of the session sees it; what has no column
there (a role the engine does not name, non-text blocks, ``additional_kwargs``)
rides in the message's ``metadata`` under ``"llamaindex"``, and only when the
plain text message would not rebuild it, so a plain chat turn costs no more
than one written through ``add_message``. ``from_record`` rebuilds the very
message (``==``): the whole message is kept in LlamaIndex's own JSON form
(what ``SimpleChatStore.persist`` writes) whenever the text alone is not it.
"""

from __future__ import annotations

from typing import Any

from llama_index.core.llms import ChatMessage
from pydantic import ValidationError

from ledgermind.domain.errors import InvalidInput
from ledgermind.domain.records import Message

__all__ = ["from_record", "to_fields"]

# LlamaIndex's roles onto the engine's four; the original rides in the metadata.
_ROLES = {
    "system": "system",
    "developer": "system",
    "user": "user",
    "assistant": "assistant",
    "chatbot": "assistant",
    "model": "assistant",
    "tool": "tool",
    "function": "tool",
}


def to_fields(message: ChatMessage) -> dict[str, Any]:
    """The ``message.added`` fields of one chat message (validated by the write)."""
    if not isinstance(message, ChatMessage):
        raise InvalidInput(f"a chat store holds llama_index ChatMessage values, got {type(message).__name__}")
    role = message.role.value
    stored_role = _ROLES.get(role, "user")
    text = message.content or ""
    kept: dict[str, Any] = {}
    if not text or ChatMessage(role=role, content=text) != message:  # the stored text is a placeholder then
        try:
            # the model's own JSON dump, which runs ChatMessage's serializer of
            # additional_kwargs as SimpleChatStore.persist does; persist's own
            # wrapper calls pydantic's handler in a way pydantic 2.14 refuses
            kept["message"] = message.model_dump(mode="json")
        except (ValueError, TypeError) as e:  # a value JSON cannot hold
            raise InvalidInput(f"a chat message must serialise to JSON: {e}") from None
    elif stored_role != role:
        kept["role"] = role
    return {
        "role": stored_role,
        "content": text or f"[{role} message without text]",
        "metadata": {"llamaindex": kept} if kept else None,
    }


def from_record(record: Message) -> ChatMessage:
    """The chat message a ``message.added`` written by ``to_fields`` (or by
    any other writer of the session) holds."""
    meta = record.metadata if isinstance(record.metadata, dict) else {}
    kept = meta.get("llamaindex")
    if isinstance(kept, dict) and "message" in kept:
        try:
            return ChatMessage.model_validate(kept["message"])
        except ValidationError:
            pass  # not ours after all: read it as text
    role = kept.get("role", record.role) if isinstance(kept, dict) else record.role
    return ChatMessage(role=role, content=record.content)
