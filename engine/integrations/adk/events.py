"""ADK events <-> ledgermind ``message.added`` fields, exactly.

Why: an ADK ``Event`` (who said it, its ``Content`` parts: text, function
calls, function responses; its ``actions`` with the state delta) becomes an
ordinary ledgermind message, so search, distillation, restore, audits,
retraction and erasure see an ADK conversation like any other. Role and text
are columns (the author ``"user"`` is the user; function responses are tool
messages; everything an agent produced is the assistant's), function calls
are ``tool_calls``; the event itself rides in the message's ``metadata``
under ``"adk"``, minus its text when that is the column. ``to_fields``
checks that ``from_fields`` rebuilds an equal event and keeps the event whole
when it would not.
"""

from __future__ import annotations

import copy
from typing import Any

import orjson
from google.adk.events.event import Event

__all__ = ["KEY", "from_fields", "to_fields"]

KEY = "adk"


def _text_index(parts: list[dict[str, Any]]) -> int | None:
    found = [i for i, p in enumerate(parts) if isinstance(p.get("text"), str) and p["text"]]
    return found[0] if len(found) == 1 else None


def to_fields(event: Event) -> dict[str, Any]:
    """The ``add_messages`` fields of one event; its id is the message's ``client_id``."""
    whole: dict[str, Any] = event.model_dump(mode="json", exclude_none=True)
    parts: list[dict[str, Any]] = (whole.get("content") or {}).get("parts") or []
    calls = [p["function_call"] for p in parts if p.get("function_call")]
    answers = [p["function_response"] for p in parts if p.get("function_response")]
    role = "user" if event.author == "user" and not answers else "tool" if answers and not calls else "assistant"
    rest = copy.deepcopy(whole)
    text = ""
    cut = None
    i = _text_index(parts)
    if i is not None:
        text = rest["content"]["parts"][i].pop("text")
        cut = i
    fields: dict[str, Any] = {"role": role, "client_id": event.id, "metadata": {KEY: {"event": rest, "text": cut}}}
    if calls and role == "assistant":
        fields["tool_calls"] = [
            {"id": c.get("id") or "", "type": "function", "function": {"name": c.get("name", ""), "arguments": orjson.dumps(c.get("args") or {}).decode()}}
            for c in calls
        ]  # fmt: skip
    if answers and answers[0].get("id"):
        fields["tool_call_id"] = answers[0]["id"]
    if not text and "tool_calls" not in fields:
        # the column cannot be empty: a tool's answer as JSON, else what the event is; nothing was cut
        text = orjson.dumps(answers[0].get("response")).decode() if answers else f"[{event.author} event]"
        cut = None
        fields["metadata"] = {KEY: {"event": whole, "text": None}}
    fields["content"] = text
    if from_fields(fields) != event:  # a shape the cut does not rebuild: keep the event whole
        fields["metadata"] = {KEY: {"event": whole, "text": None}}
    return fields


def from_fields(fields: dict[str, Any]) -> Event:
    """The event a message written by ``to_fields`` holds."""
    meta = fields["metadata"][KEY]
    data = copy.deepcopy(meta["event"])
    if meta["text"] is not None:
        data["content"]["parts"][meta["text"]]["text"] = fields["content"]
    return Event.model_validate(data)
