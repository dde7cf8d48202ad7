"""Values that carry messages, stored as references to the thread's session.

Why: LangGraph hands a checkpointer each message several times per turn:
the user's input in the input checkpoint's ``__start__`` value and again in
the input task's pending write, a node's reply in its pending write, and
both once more in the next checkpoint's message channel. The channel is
stored as seqs of the thread's session (``ledgermind.integrations.langgraph.index``);
here the other copies are too. Every message found in a channel value or a
pending write (a LangChain message, or a message dict such as
``{"role": "user", "content": "...", "id": "u1"}``), at any depth of its
lists and dicts, becomes the seq of one ``message.added`` of the session:
appended the first time the saver sees it, referred to every later time.
So the session holds each message once, in the order the graph received or
produced it, and a turn stores its texts once.

Stored form (kind ``"json-refs"``): ``{"v": template, "m": [[path, seq(, id)], ...]}``,
the value as JSON with each message replaced (a LangChain message by
``null``, a message dict by itself without its ``"content"``), and for each
one the keys and indexes leading to it, its seq, and the id it has here
when the session's message has another (LangGraph gives an id-less message
one when it adds it to a channel, which may be stored first). ``load`` rebuilds a
value equal to the one stored: a message from its event
(``messages.from_event``, exact), a dict from its template and the event's
content. A value holding anything JSON cannot say exactly (a tuple, a set,
an object) is not handled here: the saver stores it as before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import orjson
from langchain_core.messages import BaseMessage, convert_to_messages

from ledgermind.integrations.langgraph.messages import TYPES

__all__ = ["KIND", "Found", "find", "load", "message_dict", "seqs"]

KIND = "json-refs"
# A message dict as graphs pass them in: these keys only, so that what
# add_messages makes of it is exactly the message the session holds.
_DICT_KEYS = frozenset({"role", "content", "id", "name"})
_DICT_ROLES = frozenset({"user", "human", "assistant", "ai", "system"})
Path = list[str | int]


class Found:
    """A value split into its JSON template and the messages it carries."""

    def __init__(self) -> None:
        self.paths: list[Path] = []
        self.messages: list[BaseMessage] = []
        self.dicts: list[bool] = []  # per message: given as a dict (else a LangChain message)


def message_dict(value: dict[Any, Any]) -> BaseMessage | None:
    """The message add_messages makes of a message dict, or None for any
    other dict."""
    if not value.keys() <= _DICT_KEYS or value.get("role") not in _DICT_ROLES:
        return None
    content, mid, name = value.get("content"), value.get("id"), value.get("name")
    if not isinstance(content, str) or not content:
        return None
    if not (mid is None or isinstance(mid, str)) or not (name is None or isinstance(name, str)):
        return None
    message = convert_to_messages([value])[0]
    return message if type(message) in TYPES else None


def find(value: Any, stageable: Callable[[BaseMessage], bool]) -> tuple[Any, Found] | None:
    """(template, found) for a JSON value that carries at least one message
    ``stageable`` accepts; None for any other value."""
    found = Found()
    path: Path = []

    def walk(v: Any) -> Any:
        if isinstance(v, BaseMessage):
            if type(v) not in TYPES or not stageable(v):
                raise _NotHere
            found.paths.append(list(path))
            found.messages.append(v)
            found.dicts.append(False)
            return None
        if type(v) is dict:
            as_message = message_dict(v)
            if as_message is not None and stageable(as_message):
                found.paths.append(list(path))
                found.messages.append(as_message)
                found.dicts.append(True)
                return {k: x for k, x in v.items() if k != "content"}
            out = {}
            for k, x in v.items():
                if type(k) is not str:
                    raise _NotHere
                path.append(k)
                out[k] = walk(x)
                path.pop()
            return out
        if type(v) is list:
            items = []
            for i, x in enumerate(v):
                path.append(i)
                items.append(walk(x))
                path.pop()
            return items
        if v is None or type(v) in (str, int, bool, float):
            return v
        raise _NotHere

    try:
        template = walk(value)
        if not found.messages or orjson.loads(orjson.dumps(template)) != template:
            return None
    except (_NotHere, TypeError, orjson.JSONEncodeError):
        return None
    return template, found


def seqs(data: dict[str, Any]) -> list[int]:
    """The seqs a stored value refers to."""
    return [entry[1] for entry in data["m"]]


def load(data: dict[str, Any], message: Callable[[int], BaseMessage], content: Callable[[int], str]) -> Any:
    """The value stored as ``data``. ``message(seq)`` must give a new object
    each call: an entry may give it another id, and LangGraph assigns ids to
    id-less messages in place."""
    value = orjson.loads(orjson.dumps(data["v"]))  # a fresh copy: the caller may mutate it
    for path, seq, *mid in data["m"]:
        template = value
        for key in path:
            template = template[key]
        if template is None:
            leaf: Any = message(seq)
            if mid:  # the id it has here, when its session message has another (or none)
                leaf.id = mid[0]
        else:
            leaf = {**template, "content": content(seq)}
        if not path:
            return leaf
        parent = value
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = leaf
    return value


class _NotHere(Exception):
    """The value holds something this format cannot say exactly."""
