"""``ledgermind serve``: the HTTP API (``ledgermind.service``) on uvicorn.

One process by default: it opens the engine, builds the app and serves it.
``--workers N`` runs N processes through uvicorn's factory mode (the import
string ``ledgermind.service.app:app_from_env``), each opening its own engine
from the same settings: ``--db`` is passed down as ``LEDGERMIND_DB``.

Messages posted to it become beliefs in the same process (a distiller on a
daemon thread, under the follower's lease: ``ledgermind.api.distilling``);
``--no-distill`` when a separate ``ledgermind distill run`` worker does it.

SIGTERM (or Ctrl-C) is a graceful shutdown: no new request starts, every
request in flight finishes and is answered, the event feeds end, then the
engine closes; the exit status is 0. A second Ctrl-C cuts it short.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import signal
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
    p.add_argument("--no-distill", action="store_true",
                   help="do not distil messages into beliefs in this process (a separate "
                   "'ledgermind distill run' worker does it); same as LEDGERMIND_DISTILL=0")
    p.add_argument("--log-level", default="warning", choices=["critical", "error", "warning", "info", "debug"],
                   help="uvicorn's log level (default warning)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from ledgermind.service.settings import ServiceSettings

    settings = ServiceSettings.from_env()  # bad settings fail here, before anything opens
    if args.no_distill:
        os.environ["LEDGERMIND_DISTILL"] = "0"  # --workers N: each worker reads its settings from the environment
        settings = dataclasses.replace(settings, distill=False)
    options: dict[str, Any] = {
        "host": args.host,
        "port": args.port,
        "log_level": args.log_level,
        "timeout_graceful_shutdown": int(max(1, settings.shutdown_grace_s)),
        "access_log": args.log_level == "debug",
    }
    # uvicorn re-raises the signal that stopped it once it has shut down; this
    # handler makes that an orderly exit (status 0) instead of a kill by signal.
    signal.signal(signal.SIGTERM, _exit_quietly)
    if args.workers > 1:
        os.environ["LEDGERMIND_DB"] = args.db
        uvicorn.run("ledgermind.service.app:app_from_env", factory=True, workers=args.workers, **options)
        return 0

    from ledgermind.api import MemoryEngine
    from ledgermind.service.app import create_app
    from ledgermind.service.keys import KeyRing

    engine = MemoryEngine.open(args.db)
    try:
        app = create_app(engine, KeyRing(engine), settings)
    except BaseException:
        engine.close()
        raise
    uvicorn.run(app, **options)  # the app's lifespan closes the engine
    return 0


def _exit_quietly(*_: object) -> None:
    sys.exit(0)
