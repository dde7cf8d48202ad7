"""``ledgermind ui``: the auditor's desk alone, without the rest of the HTTP API.

The same pages ``ledgermind serve`` has under ``/ui``, behind the same API
keys (``ledgermind keys create --app A``), without the API's other routes.
The pages read, with one exception: an auditor can retract (or un-retract)
a message from its lineage page, which writes that event with its reason
and undoes what the message caused; so serve the desk from a database the
auditor may change (from a read-only copy, a retraction is refused). The address it listens on is printed on the first line of
standard output once the socket is bound (``--port 0`` picks a free port,
which is how the browser test starts it).
"""

from __future__ import annotations

import argparse
from typing import Any

from ledgermind.cli.options import add_db

__all__ = ["register"]


def register(sub: Any) -> None:
    p = sub.add_parser(
        "ui",
        help="the auditor's desk: web pages of beliefs, timelines, conversations (and retracting a message)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_db(p)
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=_port, default=8081, help="TCP port (default 8081; 0 picks a free one)")
    p.set_defaults(handler=_serve)


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r:.40}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0..65535, got {value}")
    return value


def _serve(args: argparse.Namespace) -> int:
    import socket

    import uvicorn
    from fastapi import FastAPI
    from fastapi.responses import RedirectResponse

    from ledgermind.api import MemoryEngine
    from ledgermind.service.ui import router

    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((args.host, args.port))  # an address in use is an OSError: one line, exit 2
    sock.listen(128)  # connections wait in the backlog from now on, so the printed address is usable
    with MemoryEngine.open(args.db, create=False) as eng:
        eng.projections  # noqa: B018 - starts the read side now, not on the first page
        app = FastAPI(title="ledgermind auditor's desk", docs_url=None, redoc_url=None, openapi_url=None)
        app.include_router(router(eng, eng.api_keys()))

        @app.get("/", include_in_schema=False)
        def start() -> RedirectResponse:
            return RedirectResponse("/ui/", status_code=307)

        host, port = sock.getsockname()[:2]
        shown = f"[{host}]" if family == socket.AF_INET6 else host
        print(f"ledgermind ui: http://{shown}:{port}/ui/", flush=True)
        server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
        server.run(sockets=[sock])
    return 0
