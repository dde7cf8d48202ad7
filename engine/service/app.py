"""The HTTP API: ``create_app(engine, settings)``, an ASGI app on FastAPI.

One module per group of routes under ``ledgermind.service.routes``; each
owns an ``APIRouter`` that carries its own paths, and ``ROUTERS`` below is
the one list this app includes. Adding a group is one import and one line
there; every route authenticates and scopes through ``ledgermind.service.deps``.

Lifecycle. The app owns the engine it serves: its lifespan starts the read
side (search and readiness need the projection runner) and, unless
``LEDGERMIND_DISTILL=0`` (``serve --no-distill``), the distiller in a child
process it supervises (``ledgermind.api.distill_process``), and closes the
engine last, after uvicorn's graceful shutdown has let every request in
flight finish and be answered, so nothing acknowledged is lost and nothing
is acknowledged that was not committed. A request that arrives after SIGTERM
is not started (uvicorn has closed the listening socket and idle
connections). The event feeds are endless by design, so the lifespan chains
a flag onto uvicorn's SIGTERM/SIGINT handler: the feeds see it, end, and let
the shutdown proceed instead of holding it until the grace period.

``app_from_env`` is the factory ``ledgermind serve --workers N`` hands to
uvicorn by import string: each worker process opens its own engine from the
same ``LEDGERMIND_*`` settings.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import anyio
from fastapi import APIRouter, FastAPI
from fastapi_offline import FastAPIOffline
from starlette.exceptions import HTTPException

from ledgermind.api import MemoryEngine
from ledgermind.api.distill_process import DistillerProcess
from ledgermind.api.distilling import distill_lag_of
from ledgermind.api.lifeline import die_with_parent
from ledgermind.api.stop_signals import on_stop_signals
from ledgermind.domain.version import __version__
from ledgermind.service import errors, openapi, ui
from ledgermind.service.asgi import ASGIApp, Message, Receive, Scope, Send, observed
from ledgermind.service.deps import Service
from ledgermind.service.keys import KeyIndex
from ledgermind.service.logs import AccessLog
from ledgermind.service.metrics import Metrics
from ledgermind.service.positions import Positions
from ledgermind.service.routes import agents, conversation, events, health, lineage, memories, search, tasks, users
from ledgermind.service.settings import ServiceSettings

__all__ = ["PARENT_ENV", "ROUTERS", "app_from_env", "create_app"]

# One line per group of routes (each router carries its own paths).
ROUTERS: tuple[APIRouter, ...] = (
    health.router,
    conversation.router,
    tasks.router,
    agents.router,
    memories.router,
    lineage.router,
    search.router,
    users.router,
    events.router,
)


def create_app(engine: MemoryEngine, settings: ServiceSettings) -> FastAPI:
    """The API over ``engine`` (which the app closes when it shuts down)."""
    keys = KeyIndex(engine, settings.key_refresh_s)
    distiller = DistillerProcess(engine, poll_s=settings.distill_poll_s) if settings.distill else None
    metrics = Metrics(lambda: _lag_or_nan(engine), lambda: float(keys.live()))
    metrics.watch_distillation(
        lambda: distill_lag_of(engine), lambda: float(distiller is not None and distiller.holding)
    )
    keyring = engine.api_keys()
    svc = Service(engine, keyring, keys, settings, metrics)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        restore = on_stop_signals(lambda _: svc.stopping.set(), chain=True)  # then uvicorn's own
        await anyio.to_thread.run_sync(lambda: engine.projections)  # start the projection runner
        await anyio.to_thread.run_sync(keys.start)
        if distiller is not None:
            await anyio.to_thread.run_sync(distiller.start)
        try:
            yield
        finally:
            svc.stopping.set()
            restore()
            if distiller is not None:  # after the last request: what it posted may still distil next time
                await anyio.to_thread.run_sync(distiller.stop)
            await anyio.to_thread.run_sync(keys.stop)
            await anyio.to_thread.run_sync(engine.close)

    # /docs (Swagger UI) and /redoc with their scripts and styles served from
    # the fastapi-offline package, not a CDN: they work on a machine offline.
    app = FastAPIOffline(
        title="ledgermind",
        summary="Event-sourced memory for LLM agents, over HTTP",
        version=__version__,
        lifespan=lifespan,
        swagger_ui_parameters={"persistAuthorization": True},
    )
    app.state.service = svc
    errors.install(app)
    for router in ROUTERS:
        app.include_router(router)
    openapi.install(app)
    app.include_router(ui.router(engine, keyring))  # the auditor's desk, under /ui
    app.add_middleware(_BodyLimit, limit=settings.max_body_bytes)
    app.add_middleware(Positions, engine=engine, wait_s=settings.min_position_wait_s)  # read-your-writes
    app.add_middleware(_Measure, metrics=metrics)
    app.add_middleware(AccessLog)  # outermost: it logs every answer, 413s included
    return app


def app_from_env() -> FastAPI:
    """``create_app`` from ``LEDGERMIND_*`` alone (the uvicorn factory for workers)."""
    # A worker whose parent is SIGKILLed must not keep serving on the inherited socket.
    die_with_parent(int(os.environ.get(PARENT_ENV, "0")) or os.getppid(), _ORPHAN_GRACE_S)
    engine = MemoryEngine.open()
    return create_app(engine, ServiceSettings.from_env())


PARENT_ENV = "LEDGERMIND_SERVE_PARENT"
_ORPHAN_GRACE_S = 5.0  # an orphaned worker's graceful shutdown (an open feed, a stuck connection) ends here


def _lag_or_nan(engine: MemoryEngine) -> float:
    try:
        return float(health.projection_lag(engine))
    except Exception:
        return float("nan")


class _BodyLimit:
    """413 for a body over ``limit``: at once by Content-Length, or as soon as
    a chunked body passes it, before the route ever parses it."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and value.isdigit() and int(value) > self.limit:
                response = errors.problem(413, "ContentTooLarge", self._detail())
                await response(scope, receive, send)
                return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise HTTPException(413, self._detail())
            return message

        await self.app(scope, limited, send)

    def _detail(self) -> str:
        return f"the request body is over {self.limit} bytes (LEDGERMIND_MAX_BODY_BYTES)"


class _Measure:
    """Counts and times every request by its route template."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        def done(status: int, seconds: float) -> None:
            path = getattr(scope.get("route"), "path", None) or "(unmatched)"
            self.metrics.observe(scope["method"], path, status, seconds)

        await observed(self.app, scope, receive, send, done)
