"""LangChain messages <-> ledgermind ``message.added`` fields, exactly.

Why the split: a LangGraph message becomes an ordinary ledgermind message
(role, content, name, tool calls, tool call id; ``client_id`` is the message
id), so every reader of the session sees it; what has no column there (the
message type, non-text content, ``additional_kwargs``, ``response_metadata``,
usage...) rides in the message's ``metadata`` under ``"langgraph"``, and only
where it differs from the field's default (the type too: none for the type a
role stands for), so a plain chat message costs no more than one written
through ``add_messages``. ``from_event`` rebuilds the
very message (``==``) from the two.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping, Sequence
from typing import Any

import orjson
from langchain_core.messages import (
    AIMessage,
    BaseMessage,
    ChatMessage,
    FunctionMessage,
    HumanMessage,
    SystemMessage,
    ToolMessage,
)
from langgraph.checkpoint.serde.base import SerializerProtocol

from ledgermind.api import check_content, check_name
from ledgermind.domain.config import Limits
from ledgermind.domain.errors import InvalidInput

__all__ = ["TYPES", "from_event", "is_message_list", "storable", "to_fields"]

_CLASSES: dict[str, type[BaseMessage]] = {
    cls.model_fields["type"].default: cls
    for cls in (AIMessage, HumanMessage, SystemMessage, ToolMessage, ChatMessage, FunctionMessage)
}
_ROLES = {"human": "user", "ai": "assistant", "system": "system", "tool": "tool", "function": "tool"}
# The message type a role stands for when the metadata names none: what a
# plain chat message of that role is, so it needs no metadata at all.
_TYPE_OF_ROLE = {"user": "human", "assistant": "ai", "system": "system", "tool": "tool"}
_COLUMNS = ("content", "name", "id", "tool_calls", "tool_call_id", "type")


def is_message_list(value: object) -> bool:
    """A channel value stored by reference: a non-empty list of LangChain
    messages with distinct ids (what ``add_messages`` keeps). Anything else
    (other lists, a message without id, a type we cannot rebuild) is stored
    as a blob, like the peers do."""
    if not isinstance(value, list) or not value:
        return False
    ids = set()
    for m in value:
        if type(m) not in TYPES or not isinstance(m.id, str) or not m.id:
            return False
        ids.add(m.id)
    return len(ids) == len(value)


TYPES = frozenset(_CLASSES.values())


def _text(content: object) -> str:
    if isinstance(content, str):
        return content
    parts: list[str] = []
    if isinstance(content, Sequence):
        for block in content:
            if isinstance(block, str):
                parts.append(block)
            elif isinstance(block, Mapping) and isinstance(block.get("text"), str):
                parts.append(block["text"])
    return "\n".join(parts)


def to_fields(message: BaseMessage, limits: Limits, serde: SerializerProtocol) -> dict[str, Any]:
    """The ``message.added`` fields of one message (validated by the caller
    with ``conversation.prepare_message``)."""
    kind = message.type
    data = message.model_dump()
    role = _ROLES.get(kind, "user")
    if isinstance(message, ChatMessage) and message.role in ("system", "user", "assistant", "tool"):
        role = message.role
    text = _text(data["content"])
    tool_calls = data.get("tool_calls") or None
    if not text and not (role == "assistant" and tool_calls):
        text = f"[{kind} message without text]"
    extra: dict[str, Any] = {}
    if text != data["content"]:
        extra["content"] = data["content"]
    name = _short(data.get("name"), limits)
    if name is None and data.get("name") is not None:
        extra["name"] = data["name"]
    tool_call_id = _short(data.get("tool_call_id"), limits)
    if tool_call_id is None and data.get("tool_call_id") is not None:
        extra["tool_call_id"] = data["tool_call_id"]
    fields = type(message).model_fields
    for key, value in data.items():
        if key in _COLUMNS:
            continue
        if value != fields[key].get_default(call_default_factory=True):
            extra[key] = value
    lg: dict[str, Any] = {} if _TYPE_OF_ROLE.get(role) == kind else {"type": kind}
    if extra:
        try:
            orjson.dumps(extra)
            lg["extra"] = extra
        except TypeError:  # a value JSON cannot hold (an artifact object): LangGraph's serializer can
            kind_, raw = serde.dumps_typed(extra)
            lg["serde"] = [kind_, base64.b64encode(raw).decode()]
    return {
        "role": role,
        "content": text,
        "name": name,
        "client_id": message.id,
        "metadata": {"langgraph": lg} if lg else None,
        "tool_calls": tool_calls,
        "tool_call_id": tool_call_id,
    }


def storable(message: BaseMessage, limits: Limits, serde: SerializerProtocol) -> bool:
    """Whether the engine accepts ``message`` as a ``message.added`` (its
    text within the content limit): a value carrying one that is not is
    stored whole, as it was before messages were referenced."""
    try:
        fields = to_fields(message, limits, serde)
        check_content(fields["content"], limits, allow_empty=fields["role"] == "assistant")
        orjson.dumps(fields)
    except (InvalidInput, TypeError):
        return False
    return True


def _short(value: object, limits: Limits) -> str | None:
    """A name or tool call id that fits the engine's name column, else None
    (the caller then keeps it in the metadata, unchanged)."""
    if value is None:
        return None
    try:
        return check_name(value, "name", limits)
    except InvalidInput:
        return None


def from_event(event: Any, serde: SerializerProtocol) -> BaseMessage:
    """The LangChain message a ``message.added`` event written by ``to_fields`` holds."""
    meta = orjson.loads(event.metadata) if event.metadata else {}
    lg = meta.get("langgraph") or {}
    cls = _CLASSES.get(lg.get("type") or _TYPE_OF_ROLE.get(event.role, ""), HumanMessage)
    data: dict[str, Any] = {"content": event.content, "id": event.client_id}
    if event.name is not None:
        data["name"] = event.name
    if event.tool_calls is not None:
        data["tool_calls"] = orjson.loads(event.tool_calls)
    if event.tool_call_id is not None:
        data["tool_call_id"] = event.tool_call_id
    if "extra" in lg:
        data.update(lg["extra"])
    elif "serde" in lg:
        kind, raw = lg["serde"]
        data.update(serde.loads_typed((kind, base64.b64decode(raw))))
    return cls.model_validate(data)
