"""The one type of a time a request carries: an RFC 3339 string with an offset.

Why its own validator: pydantic also reads a number as seconds since the
epoch and a bare date as midnight, so ``?valid_at=0.5`` answered as of
1970 while the OpenAPI document promises a date-time string. Refusing
what the document does not describe (400, the service's answer to input
that does not validate) keeps the two honest. A time without an offset
is left to the engine, which refuses it with its own typed error.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import BeforeValidator, WithJsonSchema

__all__ = ["Rfc3339"]

# The engine keeps times of years 1900 to 9999 (``check_timestamp``): the
# document says so, so a generated client never sends one it refuses.
_SCHEMA = {
    "type": "string",
    "format": "date-time",
    "pattern": "^(19|[2-9][0-9])[0-9]{2}-",
    "description": "RFC 3339 with an offset, years 1900 to 9999",
}


def _parsed(value: object) -> datetime:
    if isinstance(value, datetime):  # built in Python (a test, a caller of the app object)
        return value
    if not isinstance(value, str) or "T" not in value.upper():
        raise ValueError("a date-time is an RFC 3339 string, e.g. 2026-03-01T09:30:00Z")
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        raise ValueError("a date-time is an RFC 3339 string, e.g. 2026-03-01T09:30:00Z") from None
    return parsed  # without an offset: the engine's own check answers InvalidTimestamp


Rfc3339 = Annotated[datetime, BeforeValidator(_parsed), WithJsonSchema(_SCHEMA)]
