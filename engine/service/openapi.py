"""The OpenAPI document: bearer keys, and every problem answer a route can give.

Why generated, not written: a client generated from this document (the
TypeScript package, Swagger's "try it out") is only as right as the
statuses it declares. Each route names the typed errors its own handler
raises (``raises(SessionNotFound, SessionClosed)`` in its decorator); the
answers every route of a kind can give are added here from what the route
is: a key to check (401), a user in the path (400 for a malformed user id),
any input at all (400 when it does not validate), a body (413 over the
limit), an Idempotency-Key (422 when the key answered another request),
the store behind it (503 when it does not answer), and 500 for the
unexpected. The status of each comes from ``errors.STATUS``, the table the
server answers by, so the two cannot disagree. FastAPI's own 422 is
removed: this server answers a request that does not validate with 400.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

from ledgermind.domain.errors import (
    ContentTooLarge,
    IdempotencyKeyReused,
    InvalidInput,
    InvalidOwner,
    LedgermindError,
    StoreUnavailable,
)
from ledgermind.service.errors import PROBLEM, AuthenticationFailed, status_of_class
from ledgermind.service.params import JSON_VALUE

__all__ = ["INTERNAL", "declared_problems", "install", "raises"]

# The title of the 500 the server answers for an unexpected exception.
INTERNAL = "InternalError"

_PROBLEM_SCHEMA: dict[str, Any] = {
    "title": "Problem",
    "description": "RFC 9457 problem details; `type` and `title` are the typed error's class name",
    "type": "object",
    "required": ["type", "title", "status", "detail"],
    "properties": {
        "type": {"type": "string", "examples": ["SessionNotFound"]},
        "title": {"type": "string"},
        "status": {"type": "integer"},
        "detail": {"type": "string"},
    },
}


def raises(*errors: type[LedgermindError]) -> dict[int | str, dict[str, Any]]:
    """The ``responses=`` of a route whose handler raises ``errors`` itself."""
    return _responses({e.__name__: status_of_class(e) for e in errors})


def declared_problems(operation: dict[str, Any]) -> dict[str, int]:
    """Every problem ``type`` an operation of the document can answer, with
    its status: its own (``raises``) and those of its kind, read from what
    the operation declares (a key, parameters, a body)."""
    found = {name: int(status) for status, answer in operation.get("responses", {}).items()
             for name in answer.get("x-problem-types", ())}  # fmt: skip
    params = operation.get("parameters", [])
    if operation.get("security"):
        found[AuthenticationFailed.__name__] = status_of_class(AuthenticationFailed)
        found[StoreUnavailable.__name__] = status_of_class(StoreUnavailable)
    if any(p["in"] == "path" and p["name"] == "user" for p in params):
        found[InvalidOwner.__name__] = status_of_class(InvalidOwner)
    if params or "requestBody" in operation:
        found[InvalidInput.__name__] = status_of_class(InvalidInput)
    if "requestBody" in operation:
        found[ContentTooLarge.__name__] = status_of_class(ContentTooLarge)
    if any(p["in"] == "header" and p["name"].lower() == "idempotency-key" for p in params):
        found[IdempotencyKeyReused.__name__] = status_of_class(IdempotencyKeyReused)
    found[INTERNAL] = 500
    return found


def install(app: FastAPI) -> None:
    """Makes ``app.openapi()`` the document described above (built once)."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = _document(app)
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def _document(app: FastAPI) -> dict[str, Any]:
    doc = get_openapi(title=app.title, version=app.version, summary=app.summary, routes=app.routes)
    schemas = doc.setdefault("components", {}).setdefault("schemas", {})
    for unused in ("HTTPValidationError", "ValidationError"):
        schemas.pop(unused, None)
    schemas["Problem"] = _PROBLEM_SCHEMA
    schemas["JsonValue"] = JSON_VALUE  # what metadata, tool calls and state may hold
    for path in doc["paths"].values():
        for operation in path.values():
            for parameter in operation.get("parameters", []):
                _absent_not_null(parameter)
            answers = operation.setdefault("responses", {})
            answers.pop("422", None)
            answers.update({str(status): answer for status, answer in _responses(declared_problems(operation)).items()})
    return doc


def _absent_not_null(parameter: dict[str, Any]) -> None:
    """An optional query, header or path value is absent or a value, never
    JSON null: FastAPI writes ``int | None`` as ``anyOf [integer, null]``,
    and a client that sends ``Ledgermind-Incarnation: null`` gets a 400."""
    schema = parameter.get("schema", {})
    variants = schema.get("anyOf")
    if isinstance(variants, list):
        kept = [v for v in variants if v != {"type": "null"}]
        if len(kept) == 1 and len(kept) < len(variants):
            del schema["anyOf"]
            schema.update(kept[0])


def _responses(problems: dict[str, int]) -> dict[int | str, dict[str, Any]]:
    by_status: dict[int, list[str]] = {}
    for name, status in sorted(problems.items()):
        by_status.setdefault(status, []).append(name)
    return {
        status: {
            "description": ", ".join(names),
            "content": {PROBLEM: {"schema": {"$ref": "#/components/schemas/Problem"}}},
            "x-problem-types": names,
        }
        for status, names in sorted(by_status.items())
    }
