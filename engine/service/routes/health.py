"""Liveness, readiness and metrics: the three routes without a key.

``/healthz`` answers while the process serves HTTP at all; ``/readyz`` also
reads the database (its log head) and the projections' positions, and is
503 while the slowest projection is more than ``LEDGERMIND_READY_MAX_LAG``
events behind, so a load balancer holds traffic from an instance whose
search would answer from a stale index; it also shows the distillation lag
(messages not yet beliefs, and the oldest one's age), which does not make
an instance unready: messages are stored and answered either way. ``/metrics`` is Prometheus text;
like the two probes it carries no owner data and takes no key, so scrapers
and orchestrators need no secret (expose the port accordingly).
"""

from __future__ import annotations

from typing import Any

import anyio
from fastapi import APIRouter, Request, Response

from ledgermind.api import MemoryEngine
from ledgermind.api.distilling import distill_lag_of
from ledgermind.domain.errors import ProjectionError, StoreUnavailable
from ledgermind.domain.version import __version__
from ledgermind.service.deps import service_of
from ledgermind.service.metrics import CONTENT_TYPE
from ledgermind.service.openapi import raises

__all__ = ["projection_lag", "router"]

router = APIRouter(tags=["health"])


def projection_lag(engine: MemoryEngine) -> int:
    """Events between the log's head and the slowest projection's position."""
    head = engine.follower().head()
    positions = engine.projections.runner.positions()
    return max(0, head - min(positions.values(), default=head))


@router.get("/healthz", summary="the process is up, and which version it runs")
async def healthz() -> dict[str, str]:  # no I/O: answered on the event loop, no thread-pool hop
    return {"status": "ok", "version": __version__}


@router.get(
    "/readyz",
    summary="the database answers and the projections are caught up",
    responses=raises(ProjectionError, StoreUnavailable),
)
def readyz(request: Request) -> dict[str, Any]:
    svc = service_of(request)
    lag = projection_lag(svc.engine)  # a database that does not answer: StoreUnavailable, 503
    if lag > svc.settings.ready_max_lag:
        raise ProjectionError(
            f"projections are {lag} events behind the log (LEDGERMIND_READY_MAX_LAG {svc.settings.ready_max_lag})"
        )
    distilled = distill_lag_of(svc.engine)
    return {"status": "ready", "projection_lag": lag, "distill_lag": distilled.as_dict()}


@router.get(
    "/metrics",
    summary="Prometheus metrics of this process",
    response_class=Response,
    responses={200: {"description": "the text exposition format", "content": {CONTENT_TYPE: {}}}},
)
async def metrics(request: Request) -> Response:
    body = await anyio.to_thread.run_sync(service_of(request).metrics.render)
    return Response(body, media_type=CONTENT_TYPE)
