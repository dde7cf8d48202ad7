"""What the OpenAPI document says of ids, names, roles and user ids: the engine's own rules.

Why: a client generated from the document, or a fuzzer, can only send what
the server accepts if the document says it; "any string" for a session id
or a user promised more than the engine takes (``InvalidId``,
``InvalidOwner`` answered for requests the document called valid). Each
schema here is a rendering of one validation rule of the engine, declared
in the document only (``json_schema_extra``): the engine stays the one that
validates, with its own typed errors, and the tests hold the two together
(``tests/surface/test_schemathesis.py`` fuzzes both ways).
"""

from __future__ import annotations

import functools
import re
from typing import Annotated, Any

from fastapi import Path
from pydantic import BeforeValidator, StrictBool

from ledgermind.domain.config import Limits
from ledgermind.domain.memory import KINDS
from ledgermind.domain.owner import MAX_OWNER_PART, look_alike
from ledgermind.domain.session import ROLES

__all__ = ["AGENT", "ID", "NAME", "ROLE", "AgentPath", "IdPath", "JsonBool", "JsonInt", "UserPath", "user_schema"]


def _a_json_number(value: object) -> object:
    """JSON's integer is a number with no fraction: ``true`` and ``"5"`` are
    not one, though pydantic's lax mode would read them as 1 and 5 (a client
    that sent them has a bug the answer should name, and the document says
    ``integer``). ``5.0`` is one, as JSON Schema says; lax mode takes it."""
    if isinstance(value, bool | str | bytes):
        raise ValueError("must be a JSON integer")
    return value


# A request body's integer and boolean fields: what the document says, no more.
JsonInt = Annotated[int, BeforeValidator(_a_json_number)]
JsonBool = StrictBool


# ``parse_id``: 32 hex digits, bare or in the UUID's hyphenated form (the
# engine also reads stray hyphens and spaces; the document names the two
# forms clients use, and no bound that a generator would have to filter on).
ID: dict[str, Any] = {
    "pattern": r"^(?:[0-9A-Fa-f]{32}|[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12})$"
}
# ``check_name``: non-empty, no control character below U+0020, bounded.
NAME: dict[str, Any] = {"minLength": 1, "maxLength": Limits().max_name_chars, "pattern": r"^[^\x00-\x1f]+$"}
AGENT = NAME
ROLE: dict[str, Any] = {"enum": sorted(ROLES)}
# ``check_text``: a non-empty text without NUL (its byte bound is a 413, not a schema matter).
TEXT: dict[str, Any] = {"minLength": 1, "pattern": r"^[^\x00]+$"}
KIND: dict[str, Any] = {"enum": sorted(KINDS)}
# ``check_json``: the JSON a caller hands over (metadata, tool calls, state):
# strings and keys without NUL, integers of 64 bits (what the log's
# serialiser writes), nested at most ``max_json_depth`` deep (the document
# says so in words; JSON Schema cannot bound the depth of a recursion).
_NO_NUL = r"^[^\x00]*$"
JSON_REF = {"$ref": "#/components/schemas/JsonValue"}
JSON_OBJECT: dict[str, Any] = {
    "type": "object",
    "additionalProperties": JSON_REF,
    "propertyNames": {"pattern": _NO_NUL},
}
JSON_VALUE: dict[str, Any] = {
    "description": f"any JSON without NUL characters, integers within 64 bits, at most {Limits().max_json_depth} deep",
    "anyOf": [
        {"type": "string", "pattern": _NO_NUL},
        {"type": "integer", "minimum": -(2**63), "maximum": 2**64 - 1},
        {"type": "number", "not": {"type": "integer"}},
        {"type": "boolean"},
        {"type": "null"},
        {"type": "array", "items": JSON_REF},
        JSON_OBJECT,
    ],
}
# A message's content may be empty only for an assistant turn that calls tools.
MESSAGE_RULE: dict[str, Any] = {
    "if": {
        "properties": {"role": {"const": "assistant"}, "tool_calls": {"type": "array", "minItems": 1}},
        "required": ["role", "tool_calls"],
    },
    "then": {"properties": {"content": {"pattern": r"^[^\x00]*$"}}},
    "else": {"properties": {"content": TEXT}},
}


@functools.cache
def user_schema() -> dict[str, Any]:
    """The owner-id rule (``Owner``) as a pattern: every character the rule
    refuses, as ranges of a negated class. Built from the rule's own
    predicate on first use; only planes 0, 1 and 14 hold control and format
    characters, and non-characters end every plane (a test checks the whole
    code space against the predicate)."""
    refused: list[tuple[int, int]] = []
    for plane in (0, 1, 14):
        start = None
        for o in range(plane << 16, (plane + 1) << 16):
            bad = _refused(o)
            if bad and start is None:
                start = o
            elif not bad and start is not None:
                refused.append((start, o - 1))
                start = None
        if start is not None:
            refused.append((start, ((plane + 1) << 16) - 1))
    refused += [((p << 16) | 0xFFFE, (p << 16) | 0xFFFF) for p in range(17) if p not in (0, 1, 14)]
    body = "".join(re.escape(chr(a)) if a == b else f"{re.escape(chr(a))}-{re.escape(chr(b))}" for a, b in refused)
    return {"minLength": 1, "maxLength": MAX_OWNER_PART, "pattern": f"^[^{body}]+$"}


def _refused(o: int) -> bool:
    """Surrogates are left out: no UTF-8 text holds one, and the document
    itself (JSON in UTF-8) could not carry them."""
    if 0xD800 <= o <= 0xDFFF:
        return False
    return o < 32 or o == 127 or (o > 127 and look_alike(chr(o)))


def _user_extra(schema: dict[str, Any]) -> None:
    """Builds the user pattern when the document is made, not at import."""
    schema.update(user_schema())


IdPath = Annotated[str, Path(json_schema_extra=ID)]
AgentPath = Annotated[str, Path(json_schema_extra=AGENT)]
UserPath = Annotated[str, Path(json_schema_extra=_user_extra)]
