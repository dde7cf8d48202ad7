"""Who is asking, and as which owner: the one dependency every route uses.

The key fixes the app; the user is the ``{user}`` in the path; the handle a
route gets is ``engine.for_owner(Owner(key.app, user))``, so no route ever
sees an ``Owner`` it could build from a request field, and an id of another
app or user is simply not found (the engine's rule). Routes take
``Owned`` (the handle) or ``Authenticated`` (the key alone, for routes with
no user in the path); the auditor's page uses the same ``authenticate``.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Annotated

from fastapi import Depends, Header, Request, Security
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.concurrency import run_in_threadpool

from ledgermind.api import ApiKey, KeyRing, MemoryEngine, OwnerMemory
from ledgermind.domain.config import MAX_INT32
from ledgermind.domain.owner import Owner
from ledgermind.service.errors import AuthenticationFailed
from ledgermind.service.keys import KeyIndex
from ledgermind.service.metrics import Metrics
from ledgermind.service.params import NAME, UserPath
from ledgermind.service.settings import ServiceSettings

__all__ = [
    "Authenticated",
    "BeatingIncarnation",
    "IdempotencyHeader",
    "IncarnationHeader",
    "Owned",
    "Service",
    "authenticate",
    "bearer_secret",
    "owner_memory",
    "service_of",
]


@dataclass(eq=False)
class Service:
    """What one app instance serves: the engine, its keys, settings, metrics.
    ``stopping`` is set when the server begins a graceful shutdown, so the
    endless event feeds end and let it finish."""

    engine: MemoryEngine
    keyring: KeyRing
    keys: KeyIndex
    settings: ServiceSettings
    metrics: Metrics
    stopping: threading.Event = field(default_factory=threading.Event)


def service_of(request: Request) -> Service:
    svc: Service = request.app.state.service
    return svc


def bearer_secret(request: Request) -> str:
    """The secret of ``Authorization: Bearer <secret>``, or "" (no header,
    another scheme, an empty secret). The one parser of the header: the API
    and the auditor's desk read a key alike."""
    scheme, _, secret = request.headers.get("authorization", "").partition(" ")
    return secret.strip() if scheme.lower() == "bearer" else ""


# The key's scheme in the OpenAPI document, so Swagger's Authorize button
# sends it; ``auto_error=False`` leaves the answer to ``authenticate`` (our
# 401 problem, not FastAPI's 403), which reads the header with ``bearer_secret``.
_BEARER = HTTPBearer(
    auto_error=False, scheme_name="ApiKey", description="an API key's secret (ledgermind keys create --app APP)"
)


async def authenticate(
    request: Request, _declared: Annotated[HTTPAuthorizationCredentials | None, Security(_BEARER)]
) -> ApiKey:
    """The live key in ``Authorization: Bearer <secret>``; 401 otherwise
    (missing, malformed, unknown and revoked are answered alike). Checked
    in memory (``KeyIndex``); only a key id the index has not seen yet costs
    a read, in the thread pool."""
    secret = bearer_secret(request)
    if not secret:
        raise AuthenticationFailed("send 'Authorization: Bearer <secret>' with an API key (ledgermind keys create)")
    svc = service_of(request)
    found = svc.keys.check(secret)
    if found is KeyIndex.UNKNOWN:
        found = await run_in_threadpool(svc.keyring.verify, secret)
    if not isinstance(found, ApiKey):
        raise AuthenticationFailed("the API key is unknown or revoked")
    request.state.api_key = found
    return found


Authenticated = Annotated[ApiKey, Depends(authenticate)]


async def owner_memory(user: UserPath, key: Authenticated, request: Request) -> OwnerMemory:
    """The engine bound to (the key's app, the path's user). ``async`` because
    it does no I/O: a sync dependency costs a hop through the thread pool."""
    return service_of(request).engine.for_owner(Owner(key.app, user))


Owned = Annotated[OwnerMemory, Depends(owner_memory)]


IdempotencyHeader = Annotated[
    str | None,
    Header(
        alias="Idempotency-Key",
        description="a retry with the same key returns the first answer and writes nothing",
        json_schema_extra=NAME,
    ),
]

# The agent incarnation a write is made for (``ledgermind supervise`` gives it
# to the agent as LEDGERMIND_INCARNATION): an older one than the agent's
# current incarnation is refused with 409 (``StaleIncarnation``), nothing written.
IncarnationHeader = Annotated[
    int | None,
    Header(
        alias="Ledgermind-Incarnation",
        ge=1,
        le=MAX_INT32,
        description="the agent incarnation this write is made for; a replaced or never issued one gets 409",
    ),
]
# A heartbeat beats for one incarnation: the header is required there.
BeatingIncarnation = Annotated[
    int,
    Header(
        alias="Ledgermind-Incarnation",
        ge=1,
        le=MAX_INT32,
        description="the incarnation that is alive (from the supervisor's claim); a replaced or never issued one gets 409",
    ),
]
