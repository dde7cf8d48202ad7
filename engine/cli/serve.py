"""``ledgermind serve``: the HTTP API (``ledgermind.service``) on uvicorn.

One process by default: it opens the engine, builds the app and serves it.
``--workers N`` runs N processes through uvicorn's factory mode (the import
string ``ledgermind.service.app:app_from_env``), each opening its own engine
from the same settings: ``--db`` is passed down as ``LEDGERMIND_DB``.

Messages posted to it become beliefs by a distiller in a child process that
the server starts, restarts if it dies, and stops with itself (each worker
its own, under the follower's lease: ``ledgermind.api.distill_process``);
``--no-distill`` when a separate ``ledgermind distill run`` worker does it.

It says what it serves: once the socket is bound, one line names the URL
(the real port with ``--port 0``), the database without its password and
the number of workers; then one access line per request. ``--log-format
json`` writes every line as a JSON object (``ledgermind.service.logs``).

SIGTERM (or Ctrl-C) is a graceful shutdown: no new request starts, every
request in flight finishes and is answered, the event feeds end, then the
engine closes; the exit status is 0. A second Ctrl-C cuts it short.
"""

from __future__ import annotations

import argparse
import dataclasses
import logging
import logging.config
import os
import signal
import socket
import sys
from typing import Any

from ledgermind.cli.options import add_db, positive_int

__all__ = ["register"]


def register(sub: Any) -> None:
    p = sub.add_parser(
        "serve",
        help="serve the HTTP API (keys: 'ledgermind keys create'; OpenAPI at /docs)",
        description="Serves ledgermind over HTTP: sessions, messages, tasks, agents, memories, search, "
        "context, erasure and a live event feed per user, authenticated by API keys. Settings come "
        "from LEDGERMIND_* like the library's (LEDGERMIND_MAX_BODY_BYTES, LEDGERMIND_READY_MAX_LAG, "
        "LEDGERMIND_FEED_POLL_S, LEDGERMIND_SHUTDOWN_GRACE_S among them).",
    )
    add_db(p)
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8080, help="port to listen on (default 8080; 0: any free port)")
    p.add_argument("--workers", type=positive_int, default=1, help="worker processes (default 1)")
    p.add_argument(
        "--no-distill",
        action="store_true",
        help="do not start a distiller process beside the server (a separate "
        "'ledgermind distill run' worker does it); same as LEDGERMIND_DISTILL=0",
    )
    p.add_argument(
        "--log-level",
        default="info",
        choices=["critical", "error", "warning", "info", "debug"],
        help="log level (default info: the address, the database, one line per request)",
    )
    p.add_argument(
        "--log-format",
        default="text",
        choices=["text", "json"],
        help="text lines for people (default) or one JSON object per line",
    )
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    import uvicorn
    from uvicorn.supervisors import Multiprocess

    from ledgermind.api.urls import shown_db
    from ledgermind.service.app import PARENT_ENV
    from ledgermind.service.logs import log_config
    from ledgermind.service.settings import ServiceSettings

    settings = ServiceSettings.from_env()  # bad settings fail here, before anything opens
    if args.no_distill:
        os.environ["LEDGERMIND_DISTILL"] = "0"  # --workers N: each worker reads its settings from the environment
        settings = dataclasses.replace(settings, distill=False)
    database = shown_db(args.db)  # never the password
    logging.config.dictConfig(log_config(args.log_format, args.log_level))
    options: dict[str, Any] = {
        "host": args.host,
        "port": args.port,
        "log_level": args.log_level,
        "log_config": log_config(args.log_format, args.log_level),
        "timeout_graceful_shutdown": int(max(1, settings.shutdown_grace_s)),
        "access_log": False,  # the app's AccessLog writes one line per request
    }
    # uvicorn re-raises the signal that stopped it once it has shut down; this
    # handler makes that an orderly exit (status 0) instead of a kill by signal.
    signal.signal(signal.SIGTERM, _exit_quietly)
    if args.workers > 1:
        os.environ["LEDGERMIND_DB"] = args.db
        os.environ[PARENT_ENV] = str(os.getpid())  # workers die with this process, even while starting
        config = uvicorn.Config("ledgermind.service.app:app_from_env", factory=True, workers=args.workers, **options)
        sock = _bind(args.host, args.port)
        _announce(sock, database, args.workers)
        Multiprocess(config, sockets=[sock]).run()
        return 0

    from ledgermind.api import MemoryEngine
    from ledgermind.service.app import create_app

    engine = MemoryEngine.open(args.db)
    try:
        app = create_app(engine, settings)
        sock = _bind(args.host, args.port)
    except BaseException:
        engine.close()
        raise
    _announce(sock, database, 1)
    uvicorn.Server(uvicorn.Config(app, **options)).run(sockets=[sock])  # the app's lifespan closes the engine
    return 0


def _bind(host: str, port: int) -> socket.socket:
    """The listening socket, bound here so its real port is known before any
    worker starts (``--port 0``); uvicorn serves on it, workers inherit it."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))  # an address in use is an OSError: one line, exit 2
    sock.listen(2048)  # connections wait in the backlog from now on: the logged URL is usable at once
    sock.set_inheritable(True)
    return sock


def _announce(sock: socket.socket, database: str, workers: int) -> None:
    host, port = sock.getsockname()[:2]
    url = f"http://{f'[{host}]' if sock.family == socket.AF_INET6 else host}:{port}"
    logging.getLogger("ledgermind.serve").info(
        "listening on %s (API docs %s/docs), database %s, %d worker%s",
        url, url, database, workers, "" if workers == 1 else "s",
        extra={"url": url, "database": database, "workers": workers},
    )  # fmt: skip


def _exit_quietly(*_: object) -> None:
    sys.exit(0)
