"""Read-your-writes across workers and processes: log positions in headers.

Why: behind ``serve --workers N`` (or two servers on one database) the next
request of a client may reach another process, whose projections have not
folded the write the first one just acknowledged; a memory remembered by one
request was missing from the next request's search. Each process can only
wait for positions it knows about, so the client carries them:

- every successful write (any method but GET/HEAD/OPTIONS, status 2xx)
  answers ``Ledgermind-Position: <n>``, the log position of the last commit
  this process made (at least the write's own: waiting for it is enough);
- any request may send ``Ledgermind-Min-Position: <n>`` (or the query
  parameter ``min_position``); the process first waits until its read models
  have folded position ``n``, at most ``LEDGERMIND_MIN_POSITION_WAIT_S``
  seconds (503 ``ProjectionTimeout`` past it; 400 for a malformed position
  or one ahead of the log's head). Reads of the event store itself (restore,
  messages) see every committed write without waiting.

The clients keep the highest position they were answered and send it with
each later request, so a client reads its own writes whichever process serves it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qs

import anyio

from ledgermind.api import MemoryEngine
from ledgermind.domain.errors import InvalidInput, LedgermindError
from ledgermind.service import errors

__all__ = ["MAX_POSITION", "MIN_POSITION_HEADER", "POSITION_HEADER", "POSITION_PATTERN", "Positions", "parse_position"]

POSITION_HEADER = "Ledgermind-Position"
MIN_POSITION_HEADER = "Ledgermind-Min-Position"
MAX_POSITION = (1 << 63) - 1  # notification ids are PostgreSQL bigints


def _digits_up_to(limit: int) -> str:
    """A regular expression for the digit strings ``parse_position`` takes:
    at most as many digits as ``limit`` has, and no more than ``limit``
    (strings of equal length compare as their numbers do)."""
    top = str(limit)
    shorter = f"[0-9]{{1,{len(top) - 1}}}"
    same_length = [f"{top[:i]}[0-{int(d) - 1}][0-9]{{{len(top) - i - 1}}}" for i, d in enumerate(top) if d != "0"]
    return "^(" + "|".join([shorter, *same_length, top]) + ")$"


# What a header that carries a position may hold, stated in the OpenAPI document.
POSITION_PATTERN = _digits_up_to(MAX_POSITION)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

_READS = frozenset({"GET", "HEAD", "OPTIONS"})


def parse_position(raw: str, name: str) -> int:
    """A log position from a header or parameter: 0 <= n < 2^63, digits only."""
    text = raw.strip()
    if not text.isascii() or not text.isdigit() or len(text) > 19 or int(text) > MAX_POSITION:
        raise InvalidInput(f"{name} must be a log position (an integer from 0 to {MAX_POSITION}), got {raw!r:.40}")
    return int(text)


class Positions:
    """ASGI middleware: the position header on writes, the wait on ``min_position``."""

    def __init__(self, app: ASGIApp, engine: MemoryEngine, wait_s: float) -> None:
        self.app = app
        self.engine = engine
        self.wait_s = wait_s

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        try:
            wanted = _wanted(scope)
            if wanted:
                await anyio.to_thread.run_sync(self._wait, wanted)
        except LedgermindError as e:
            await errors.problem(errors.status_of(e), type(e).__name__, str(e))(scope, receive, send)
            return
        if scope["method"] in _READS:
            await self.app(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start" and 200 <= int(message["status"]) < 300:
                headers = list(message.get("headers", []))
                headers.append((POSITION_HEADER.lower().encode(), str(self.engine.position).encode()))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, sending)

    def _wait(self, position: int) -> None:
        if position > self.engine.follower().head():
            raise InvalidInput(f"position {position} is ahead of the log (a position from another database?)")
        self.engine.projections.wait(position, timeout=self.wait_s)


def _wanted(scope: Scope) -> int:
    for name, value in scope.get("headers", ()):
        if name == MIN_POSITION_HEADER.lower().encode():
            return parse_position(value.decode("latin-1"), MIN_POSITION_HEADER)
    query = scope.get("query_string", b"")
    if b"min_position" in query:
        values = parse_qs(query.decode("latin-1")).get("min_position")
        if values:
            return parse_position(values[-1], "min_position")
    return 0
