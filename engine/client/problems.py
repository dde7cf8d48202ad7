"""problem+json answers back into the engine's typed errors, and which failures to retry.

The server answers every failure as RFC 9457 problem details whose ``type``
is the typed error's class name (``SessionNotFound``, ``StaleIncarnation``).
The client raises that same class from ``ledgermind.domain.errors``, so code
written against the library catches the same errors over HTTP. A ``type``
the domain does not define (the service's ``AuthenticationFailed``, a 500's
``InternalError``, a proxy's HTML) becomes a ``ServiceError`` carrying the
status, the type and the detail.
"""

from __future__ import annotations

import httpx

from ledgermind.domain import errors

__all__ = ["AuthenticationFailed", "ServiceError", "error_of", "worth_retrying"]

# Answers that say "later": the store did not answer in time, the read side is behind.
RETRY_STATUSES = frozenset({502, 503, 504})


class ServiceError(errors.LedgermindError):
    """A failure the server reported with a type the engine does not define."""

    def __init__(self, message: str, status: int, type: str) -> None:
        super().__init__(message)
        self.status = status
        self.type = type


class AuthenticationFailed(ServiceError):
    """401: the request's API key is missing, unknown or revoked."""


def error_of(response: httpx.Response) -> errors.LedgermindError:
    """The typed error a failed ``response`` stands for."""
    try:
        body = response.json()
        kind, detail = str(body["type"]), str(body.get("detail", ""))
    except (ValueError, KeyError, TypeError):
        kind, detail = f"HTTP{response.status_code}", response.text[:500]
    found = getattr(errors, kind, None)
    if isinstance(found, type) and issubclass(found, errors.LedgermindError):
        return found(detail)
    if response.status_code == 401:
        return AuthenticationFailed(detail, 401, kind)
    return ServiceError(f"{kind}: {detail}", response.status_code, kind)


def worth_retrying(response: httpx.Response | None, error: Exception | None) -> bool:
    """A lost connection, a timeout, or a 'try later' status: the same request
    (with the same Idempotency-Key) may be sent again."""
    if error is not None:
        return isinstance(error, httpx.TransportError)
    return response is not None and response.status_code in RETRY_STATUSES
