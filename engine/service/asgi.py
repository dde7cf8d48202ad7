"""The ASGI shapes the service's middlewares share, and how they learn how a request ended.

Why one place: the access log and the metrics both wrap the app to read the response's status
and the time it took; one wrapper (``observed``) does that for both, so the two never disagree
on what a request answered (500 when it raised before a response started).
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

__all__ = ["ASGIApp", "Message", "Receive", "Scope", "Send", "observed"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


async def observed(
    app: ASGIApp, scope: Scope, receive: Receive, send: Send, done: Callable[[int, float], None]
) -> None:
    """Runs ``app`` and then calls ``done(status, seconds)``, also when it raised."""
    status = 500
    start = time.perf_counter()

    async def sending(message: Message) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = int(message["status"])
        await send(message)

    try:
        await app(scope, receive, sending)
    finally:
        done(status, time.perf_counter() - start)
