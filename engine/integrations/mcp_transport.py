"""The MCP server's transports, hardened: every request with an id gets an answer.

Why stdio is screened: the SDK's stdio transport hands a line it cannot
decode (a lone-surrogate escape the message model refuses, arguments nested
50,000 deep) to the server as an exception, which logs it and answers
nothing, so the client waited until its own timeout. Each line is screened
here first, with the SDK's own message model, by a thread between the real
stdin and the pipe the SDK reads: a valid line passes unchanged; a refused
line that carries an id (found by a scan of the line's top level, which
needs no recursion) is replaced by a request the SDK itself refuses with
``-32602 Invalid request parameters`` for that same id, so the answer goes
out through the SDK's one writer (no interleaving on stdout) and the SDK's
private parts are never touched. A refused line without an id is a
notification: nothing may be answered (JSON-RPC), so it is dropped.

Why HTTP needs a key: ``ledgermind mcp --http`` served any local caller
(another user's process on the same machine) the owner's memories. It now
takes the same API keys as ``ledgermind serve`` (``Authorization: Bearer``,
a live key of the owner's app), checked on every request.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import anyio
import mcp_types as types
from mcp.server.mcpserver import MCPServer

__all__ = ["MAX_DEPTH", "BearerKeys", "request_id", "screen", "serve_stdio"]

MAX_DEPTH = 512  # deeper JSON is refused as a parse error (nothing legitimate nests so deep)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def request_id(line: str) -> str | int | None:
    """The top-level ``"id"`` of a JSON-RPC line, scanned without parsing the
    rest (which may be too deep or invalid); None when there is none."""
    depth = 0
    i, n = 0, len(line)
    expect_key = False
    while i < n:
        c = line[i]
        if c == '"':
            end = _string_end(line, i)
            if depth == 1 and expect_key and line[i:end] == '"id"':
                j = end
                while j < n and line[j] in " \t\r\n":
                    j += 1
                if j < n and line[j] == ":":
                    return _scalar(line, j + 1)
            i = end
            expect_key = False
            continue
        if c in "{[":
            depth += 1
            expect_key = c == "{"
        elif c in "}]":
            depth -= 1
        elif c == ",":
            expect_key = depth == 1
        i += 1
    return None


def _string_end(line: str, start: int) -> int:
    i = start + 1
    while i < len(line):
        if line[i] == "\\":
            i += 2
            continue
        if line[i] == '"':
            return i + 1
        i += 1
    return len(line)


def _scalar(line: str, start: int) -> str | int | None:
    rest = line[start:].lstrip()
    try:
        value, _ = json.JSONDecoder().raw_decode(rest)
    except ValueError:
        return None
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        return None
    return value


def _depth_ok(line: str) -> bool:
    depth = 0
    i, n = 0, len(line)
    while i < n:
        c = line[i]
        if c == '"':
            i = _string_end(line, i)
            continue
        if c in "{[":
            depth += 1
            if depth > MAX_DEPTH:
                return False
        elif c in "}]":
            depth -= 1
        i += 1
    return True


def screen(line: str) -> str | None:
    """``line`` itself when the SDK can take it; else the stand-in the SDK
    answers with an invalid-params error for the same id; None (drop it)
    when it is refused and has no id."""
    if not line.strip():
        return line
    try:
        if not _depth_ok(line):
            raise ValueError(f"JSON nested deeper than {MAX_DEPTH}")
        types.jsonrpc_message_adapter.validate_json(line, by_name=False)
    except Exception:
        rid = request_id(line)
        if rid is None:
            return None
        return json.dumps({"jsonrpc": "2.0", "id": rid, "method": "tools/call", "params": {"name": 0}}) + "\n"
    return line


def serve_stdio(server: MCPServer[Any]) -> None:
    """``server.run("stdio")`` with every line of the real stdin screened
    (see the module doc): the SDK reads a pipe that a thread fills."""
    real = os.dup(0)
    read_end, write_end = os.pipe()
    os.dup2(read_end, 0)
    os.close(read_end)
    threading.Thread(target=_pump, args=(real, write_end), name="ledgermind-mcp-stdin", daemon=True).start()
    server.run("stdio")


def _pump(source: int, sink: int) -> None:
    with os.fdopen(source, "rb") as lines, os.fdopen(sink, "wb") as out:
        for raw in lines:
            text = raw.decode("utf-8", errors="replace")
            passed = screen(text)
            if passed is None:
                continue
            try:
                out.write(raw if passed is text else passed.encode())
                out.flush()  # each line reaches the server as it arrives
            except BrokenPipeError:
                return  # the server has stopped reading


class BearerKeys:
    """ASGI middleware: 401 unless ``Authorization: Bearer`` is a live API key
    (``verify``: ``KeyRing.verify``) of the app the server is bound to."""

    def __init__(self, app: ASGIApp, verify: Callable[[str], Any], app_name: str) -> None:
        self.app = app
        self.verify = verify
        self.app_name = app_name

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        header = next((v for k, v in scope.get("headers", ()) if k == b"authorization"), b"")
        scheme, _, secret = header.decode("latin-1").partition(" ")
        key = None
        if scheme.lower() == "bearer" and secret.strip():
            key = await anyio.to_thread.run_sync(self.verify, secret.strip())
        if key is None or getattr(key, "app", None) != self.app_name:
            body = b'{"error": "send Authorization: Bearer <secret> with a live API key of this app"}'
            await send(
                {
                    "type": "http.response.start",
                    "status": 401,
                    "headers": [(b"content-type", b"application/json"), (b"www-authenticate", b"Bearer")],
                }
            )
            await send({"type": "http.response.body", "body": body})
            return
        await self.app(scope, receive, send)
