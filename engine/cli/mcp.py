"""``ledgermind mcp``: the owner-bound MCP server (``ledgermind.integrations.mcp_server``).

Over stdio by default, the transport an MCP client launches a server with;
``--http`` serves streamable HTTP on loopback instead, to callers with an
API key of the owner's app (the keys of ``ledgermind serve``). On stdio, stdout is
the protocol's channel: nothing else is printed there, and the server's
logs go to stderr.

Messages that the owner's agent posts to the same database become beliefs
by this server's distiller, a child process it supervises
(``ledgermind.api.distill_process``: its stdout goes nowhere, so the stdio
channel stays the protocol's), under the distiller's lease, so a
``ledgermind serve`` beside it does not distil them twice; ``--no-distill``
leaves that to another process.
"""

from __future__ import annotations

import argparse
from typing import Any

from ledgermind.cli.options import add_db, add_owner, owner_of, positive_int

__all__ = ["register"]


def register(sub: Any) -> None:
    p = sub.add_parser(
        "mcp",
        help="serve one owner's memory tools over MCP (stdio or streamable HTTP)",
        description="Starts an MCP server whose tools (memory_search, memory_load, memory_add, "
        "memory_update, memory_delete) are bound to the owner given by --app/--user: no tool takes "
        "a user id. Stdio by default (for an MCP client's server config); --http for streamable "
        "HTTP at http://HOST:PORT/mcp, which takes the same API keys as `ledgermind serve` "
        "(Authorization: Bearer, a key of --app).",
    )
    add_db(p)
    add_owner(p)
    p.add_argument("--read-only", action="store_true", help="only memory_search and memory_load")
    p.add_argument("--http", action="store_true", help="streamable HTTP instead of stdio")
    p.add_argument("--host", default="127.0.0.1", help="--http: address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=positive_int, default=8765, help="--http: port (default 8765)")
    p.add_argument(
        "--no-distill",
        action="store_true",
        help="do not start a distiller process beside the server (a separate "
        "'ledgermind distill run' worker or 'ledgermind serve' does it)",
    )
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from ledgermind.api import (
        MemoryEngine,  # handlers import the engine; --help does not
    )
    from ledgermind.api.distill_process import DistillerProcess
    from ledgermind.integrations.mcp_server import build_server
    from ledgermind.integrations.mcp_transport import BearerKeys, serve_stdio

    owner = owner_of(args)
    with MemoryEngine.open(args.db) as eng:
        head = eng.follower().head()  # what the first search must already see
        server = build_server(eng.for_owner(owner), read_only=args.read_only,
                              ready=lambda: eng.projections.wait(head, timeout=_READY_S))  # fmt: skip
        distiller = None if args.no_distill else DistillerProcess(eng)
        if distiller is not None:
            distiller.start()
        try:
            if args.http:
                import uvicorn

                app = BearerKeys(server.streamable_http_app(host=args.host), eng.api_keys().verify, owner.app)
                uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
            else:
                serve_stdio(server)
        finally:
            if distiller is not None:
                distiller.stop()
    return 0


_READY_S = 60.0  # the longest the first search waits for the read models (ProjectionTimeout past it)
