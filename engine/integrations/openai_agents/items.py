"""OpenAI Agents SDK items <-> ledgermind ``message.added`` fields, exactly.

Why the split: an SDK item (a ``TResponseInputItem``: a chat message, a
model's output message, a function call, its output, a reasoning item...)
becomes an ordinary ledgermind message with a role, a text and, for a tool
call, ``tool_calls`` / ``tool_call_id``, so search, distillation, restore and
audits read it like any other turn. The item itself rides in the message's
``metadata`` under ``"openai_agents"``, minus the values that the columns
already hold (the text, the call id, the function's name and arguments),
so a turn costs about one copy of its text, not two.

Exactness is checked, not hoped for: ``to_fields`` rebuilds the item from
what it is about to store and keeps the whole item instead whenever the
rebuild differs (a shape this module does not know), so ``from_fields``
always returns an item equal to the one given.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

import orjson

from ledgermind.domain.errors import InvalidInput

__all__ = ["KEY", "from_fields", "to_fields"]

KEY = "openai_agents"  # the metadata key that holds the item's rest
_ROLES = {"user": "user", "system": "system", "developer": "system", "assistant": "assistant"}
_TEXT_PARTS = frozenset({"input_text", "output_text", "text", "refusal"})


def _role(item: Mapping[str, Any]) -> str:
    """The message role an item is filed under: its own role when it has a
    chat role (``developer`` is a system message), a tool's for the outputs
    of calls, the assistant's for everything else the model produced."""
    role = item.get("role")
    if isinstance(role, str) and role in _ROLES:
        return _ROLES[role]
    kind = str(item.get("type", ""))
    return "tool" if kind.endswith("_output") else "assistant"


def _text_part(content: object) -> int | None:
    """The index of the single text part of a list ``content``, or None."""
    if not isinstance(content, list):
        return None
    found = [
        i
        for i, p in enumerate(content)
        if isinstance(p, dict) and p.get("type") in _TEXT_PARTS and isinstance(p.get("text") or p.get("refusal"), str)
    ]
    return found[0] if len(found) == 1 else None


def _cut(item: dict[str, Any]) -> tuple[dict[str, Any], str, list[str], dict[str, Any]]:
    """(the item's rest, its text, the cut keys, the other columns)."""
    rest = copy.deepcopy(item)
    kind = item.get("type")
    columns: dict[str, Any] = {}
    cut: list[str] = []
    text = ""
    content = item.get("content")
    if kind == "function_call" and all(isinstance(item.get(k), str) for k in ("call_id", "name", "arguments")):
        call = {"id": rest.pop("call_id"), "type": "function", "function": {}}
        call["function"] = {"name": rest.pop("name"), "arguments": rest.pop("arguments")}
        columns["tool_calls"] = [call]
        cut.append("call")
    elif kind == "function_call_output" and isinstance(item.get("call_id"), str):
        columns["tool_call_id"] = rest.pop("call_id")
        cut.append("call_id")
        if isinstance(item.get("output"), str) and item["output"]:
            text = rest.pop("output")
            cut.append("output")
    elif isinstance(content, str) and content:
        text = rest.pop("content")
        cut.append("content")
    elif (i := _text_part(content)) is not None:
        part = rest["content"][i]
        field = "text" if "text" in part else "refusal"
        if part[field]:
            text = part.pop(field)
            cut.append(f"content.{i}.{field}")
    return rest, text, cut, columns


def to_fields(item: Mapping[str, Any]) -> dict[str, Any]:
    """The ``add_messages`` fields of one item (validated there)."""
    try:
        whole = orjson.loads(orjson.dumps(item))  # the JSON the SDK itself would store, as plain dicts
    except TypeError as e:  # a value JSON cannot hold here (an object, an integer over 64 bits)
        raise InvalidInput(f"a session item must be JSON: {e}") from None
    if not isinstance(whole, dict):
        raise InvalidInput("a session item must be a JSON object")
    role = _role(whole)
    rest, text, cut, columns = _cut(whole)
    if not text and not (role == "assistant" and "tool_calls" in columns):
        text = f"[{whole.get('type', 'item')}]"  # the column cannot be empty; nothing was cut from it
    fields: dict[str, Any] = {"role": role, "content": text, "metadata": {KEY: {"rest": rest, "cut": cut}}, **columns}
    if from_fields(fields) != whole:  # a shape the cuts do not rebuild: keep the item whole
        fields["metadata"] = {KEY: {"rest": whole, "cut": []}}
    return fields


def from_fields(fields: Mapping[str, Any]) -> dict[str, Any]:
    """The item a message written by ``to_fields`` holds (``fields``: the
    message's content, metadata, tool_calls and tool_call_id)."""
    meta = fields["metadata"][KEY]
    item: dict[str, Any] = copy.deepcopy(meta["rest"])
    for key in meta["cut"]:
        if key == "call":
            call = fields["tool_calls"][0]
            item.update(call_id=call["id"], name=call["function"]["name"], arguments=call["function"]["arguments"])
        elif key == "call_id":
            item["call_id"] = fields["tool_call_id"]
        elif key in ("content", "output"):
            item[key] = fields["content"]
        else:  # content.<i>.<field>
            _, i, field = key.split(".")
            item["content"][int(i)][field] = fields["content"]
    return item
