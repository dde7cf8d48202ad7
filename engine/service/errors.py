"""Errors as ``application/problem+json`` (RFC 9457): one status per error class.

Why one table: a client (in any language) decides what to do from the
status and the ``type``, which is the typed error's class name
(``SessionNotFound``, ``ContentTooLarge``...), so both must be the same for
the same failure on every route. The most specific class in the table wins
(its MRO is walked), so a new subclass of ``NotFound`` is a 404 without an
entry of its own. Never a traceback: an unexpected exception is a 500 whose
body says only that, and the traceback goes to the server's log.

404 for another owner's ids comes from the engine itself: every owner-scoped
read answers another owner's id with the same ``NotFound`` as a missing one,
so the HTTP answer is the same too (no existence oracle).
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from ledgermind.domain.errors import (
    ContentTooLarge,
    DistillError,
    IdempotencyKeyReused,
    InvalidInput,
    LedgermindError,
    NotFound,
    OwnerErased,
    ProjectionError,
    StateConflict,
    StoreError,
    StoreUnavailable,
)

__all__ = ["PROBLEM", "STATUS", "AuthenticationFailed", "install", "problem", "status_of", "status_of_class"]

_log = logging.getLogger("ledgermind.service")

PROBLEM = "application/problem+json"


class AuthenticationFailed(LedgermindError):
    """The service's answer to a request whose ``Authorization`` names no
    live key: missing, malformed, unknown or revoked alike (which of these
    it was is no one's business but the key's holder's). An HTTP idea, so it
    lives here and not in the engine's tree (``ledgermind.domain.errors``),
    of which it is a leaf."""


STATUS: dict[type[LedgermindError], int] = {
    InvalidInput: 400,
    IdempotencyKeyReused: 422,  # the key answered another request: the new one was not written
    ContentTooLarge: 413,
    AuthenticationFailed: 401,
    NotFound: 404,
    StateConflict: 409,
    OwnerErased: 410,  # the owner was erased: gone for good, not missing
    StoreUnavailable: 503,  # retry later: the database did not answer in time
    StoreError: 500,
    ProjectionError: 503,  # the read side is behind or down; writes still work
    DistillError: 500,
    LedgermindError: 500,
}

_HTTP_TITLES = {404: "NotFound", 405: "MethodNotAllowed", 413: "ContentTooLarge", 415: "UnsupportedMediaType"}


def status_of(error: LedgermindError) -> int:
    return status_of_class(type(error))


def status_of_class(error: type[LedgermindError]) -> int:
    """The status of ``error``: its own entry, else its nearest ancestor's."""
    for cls in error.__mro__:
        if cls in STATUS:
            return STATUS[cls]
    return 500


def problem(status: int, title: str, detail: str, headers: dict[str, str] | None = None) -> JSONResponse:
    body = {"type": title, "title": title, "status": status, "detail": detail}
    return JSONResponse(body, status_code=status, media_type=PROBLEM, headers=headers)


def install(app: FastAPI) -> None:
    """Registers the handlers that turn every failure into a problem document."""

    async def ledgermind_error(_: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, LedgermindError)
        status = status_of(exc)
        headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
        return problem(status, type(exc).__name__, str(exc), headers)

    async def invalid_request(_: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestValidationError)
        return problem(400, InvalidInput.__name__, _describe(exc.errors()))

    async def http_error(_: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, HTTPException)
        title = _HTTP_TITLES.get(exc.status_code, "HTTPError")
        return problem(exc.status_code, title, str(exc.detail), dict(exc.headers or {}) or None)

    async def unexpected(_: Request, exc: Exception) -> JSONResponse:
        _log.error("unexpected error answering a request", exc_info=exc)
        return problem(500, "InternalError", "an unexpected error; the server's log has its details")

    app.add_exception_handler(LedgermindError, ledgermind_error)
    app.add_exception_handler(RequestValidationError, invalid_request)
    app.add_exception_handler(HTTPException, http_error)
    app.add_exception_handler(Exception, unexpected)


def _describe(errors: Any) -> str:
    """Where and what, without echoing the input (it may be large or secret)."""
    parts = []
    for e in list(errors)[:5]:
        where = ".".join(str(p) for p in e.get("loc", ()) if p != "body") or "body"
        parts.append(f"{where}: {e.get('msg', 'invalid')}")
    return "; ".join(parts) or "invalid request"
