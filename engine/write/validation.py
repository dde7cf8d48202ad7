"""Input checks that run before anything touches the store.

Why here and not in the aggregates: a rejected command must leave the store
byte-for-byte unchanged, so every check runs on plain values before an event
object exists. Each failure raises a typed ``InvalidInput`` subclass.
"""

from __future__ import annotations

import math
import re
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

import orjson

from ledgermind.domain.config import MAX_INT32, Limits
from ledgermind.domain.errors import (
    ContentTooLarge,
    InvalidContent,
    InvalidId,
    InvalidInput,
    InvalidMetadata,
    InvalidRole,
    InvalidTimestamp,
)
from ledgermind.domain.owner import check_owner  # re-exported: the rule is the domain's
from ledgermind.domain.session import ROLES

__all__ = [
    "MAX_INT32",
    "check_content",
    "check_count",
    "check_field",
    "check_fields",
    "check_json",
    "check_name",
    "check_optional_field",
    "check_optional_timestamp",
    "check_owner",
    "check_role",
    "check_text",
    "check_timestamp",
    "parse_id",
]

_HEX32 = re.compile(r"^[0-9a-f]{32}$")


def check_count(value: object, label: str, *, minimum: int = 0) -> int:
    """An integer argument from ``minimum`` to ``MAX_INT32`` (bools refused)."""
    if not isinstance(value, int) or isinstance(value, bool) or not minimum <= value <= MAX_INT32:
        raise InvalidInput(f"{label} must be an integer from {minimum} to {MAX_INT32}, got {value!r:.40}")
    return value


def check_role(role: object) -> str:
    if not isinstance(role, str) or role not in ROLES:
        raise InvalidRole(f"role must be one of {sorted(ROLES)}, got {role!r:.80}")
    return role


def check_text(value: object, label: str, max_bytes: int, *, allow_empty: bool = False) -> str:
    """Text must be str, valid UTF-8 (no lone surrogates), NUL-free and bounded."""
    if isinstance(value, bytes):
        try:
            value = value.decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidContent(f"{label} is not valid UTF-8") from None
    if not isinstance(value, str):
        raise InvalidContent(f"{label} must be a string, got {type(value).__name__}")
    if not value and not allow_empty:
        raise InvalidContent(f"{label} must not be empty")
    if "\x00" in value:
        raise InvalidContent(f"{label} contains a NUL byte")
    try:
        size = len(value.encode("utf-8"))
    except UnicodeEncodeError:
        raise InvalidContent(f"{label} contains an unpaired surrogate") from None
    if size > max_bytes:
        raise ContentTooLarge(f"{label} is {size} bytes; the limit is {max_bytes}")
    return value


def check_content(content: object, limits: Limits, *, allow_empty: bool = False) -> str:
    return check_text(content, "content", limits.max_content_bytes, allow_empty=allow_empty)


def check_name(value: object, label: str, limits: Limits) -> str:
    """Short identifiers chosen by callers (agent ids, names, client ids)."""
    text = check_text(value, label, limits.max_name_chars * 4)
    if len(text) > limits.max_name_chars:
        raise ContentTooLarge(f"{label} is longer than {limits.max_name_chars} characters")
    if any(ord(c) < 32 for c in text):
        raise InvalidContent(f"{label} contains control characters")
    return text


def check_field(value: object, label: str, limits: Limits) -> str:
    """One short text of a belief (a subject, a topic, a location...).

    Only ``str``: bytes are refused rather than decoded, because the value is
    stored as given and a read model folds it as text (a ``bytes`` topic
    reaches the store and then stops the projection that folds it)."""
    if not isinstance(value, str):
        raise InvalidContent(f"{label} must be a string, got {type(value).__name__}")
    text = check_text(value, label, limits.max_field_chars * 4, allow_empty=True)
    if len(text) > limits.max_field_chars:
        raise ContentTooLarge(f"{label} is longer than {limits.max_field_chars} characters")
    return text


def check_optional_field(value: object, label: str, limits: Limits) -> str | None:
    return None if value is None else check_field(value, label, limits)


def check_fields(values: object, label: str, limits: Limits) -> tuple[str, ...]:
    """A list of short texts (topics, participants): a list or tuple, not a
    string (which would become one item per character), bounded in count."""
    if isinstance(values, (str, bytes)) or not isinstance(values, (list, tuple)):
        raise InvalidContent(f"{label} must be a list of strings, got {type(values).__name__}")
    if len(values) > limits.max_list_items:
        raise ContentTooLarge(f"{label} has {len(values)} items; the limit is {limits.max_list_items}")
    return tuple(check_field(v, f"{label}[{i}]", limits) for i, v in enumerate(values))


def check_json(value: object, label: str, limits: Limits, max_bytes: int | None = None) -> str:
    """Serialise caller JSON once, bounded in depth and size; returns its text.

    The serialised text is what the event stores, so it round-trips exactly
    and is opaque to our own transcoder (no tag collisions with user keys).
    """
    _check_depth(value, label, limits.max_json_depth, 0)
    try:
        text = orjson.dumps(value).decode("utf-8")
    except (TypeError, orjson.JSONEncodeError) as e:
        raise InvalidMetadata(f"{label} is not JSON-serialisable: {e}") from None
    bound = limits.max_metadata_bytes if max_bytes is None else max_bytes
    if len(text) > bound:
        raise ContentTooLarge(f"{label} is {len(text)} bytes of JSON; the limit is {bound}")
    return text


def _check_depth(value: Any, label: str, limit: int, depth: int) -> None:
    if depth > limit:
        raise InvalidMetadata(f"{label} is nested deeper than {limit} levels")
    if isinstance(value, dict):
        for k, v in value.items():
            if not isinstance(k, str):
                raise InvalidMetadata(f"{label} has a non-string key {k!r:.40}")
            _check_str(k, label)
            _check_depth(v, label, limit, depth + 1)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _check_depth(v, label, limit, depth + 1)
    elif isinstance(value, str):
        _check_str(value, label)
    elif value is None or isinstance(value, (bool, int, float)):
        # orjson writes NaN and +-inf as null: refuse rather than store a different value.
        if isinstance(value, float) and not math.isfinite(value):
            raise InvalidMetadata(f"{label} contains a non-finite number ({value})")
    else:
        raise InvalidMetadata(f"{label} contains a {type(value).__name__}, which is not JSON")


def _check_str(text: str, label: str) -> None:
    if "\x00" in text:
        raise InvalidMetadata(f"{label} contains a NUL character")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidMetadata(f"{label} contains an unpaired surrogate") from None


def check_timestamp(value: object, label: str) -> datetime:
    if not isinstance(value, datetime):
        raise InvalidTimestamp(f"{label} must be a datetime, got {type(value).__name__}")
    if value.tzinfo is None or value.utcoffset() is None:
        raise InvalidTimestamp(f"{label} must be timezone-aware")
    if not 1900 <= value.year <= 9999:
        raise InvalidTimestamp(f"{label} is out of range: {value.isoformat()}")
    try:
        return value.astimezone(UTC)
    except OverflowError:  # e.g. 9999-12-31T23:00-05:00 is past year 9999 in UTC
        raise InvalidTimestamp(f"{label} is out of range in UTC: {value.isoformat()}") from None


def check_optional_timestamp(value: object, label: str) -> datetime | None:
    return None if value is None else check_timestamp(value, label)


def parse_id(value: object, label: str) -> UUID:
    """Accepts the 32-hex or hyphenated text form; anything else is malformed."""
    if isinstance(value, UUID):
        return value
    if not isinstance(value, str) or len(value) > 64:
        raise InvalidId(f"{label} must be a 32-hex-digit id")
    text = value.strip().lower().replace("-", "")
    if not _HEX32.match(text):
        raise InvalidId(f"{label} is malformed: {value!r:.60}")
    return UUID(hex=text)
