"""Routes served without FastAPI's generic per-request machinery, for the hot paths.

Why: on a message append FastAPI's request handler cost about as much CPU
on the event loop as the engine's own work for the call (validation, the
hand-off to the writer): it rebuilds an endpoint context, parses the
content type with the ``email`` package, walks the dependency tree with
every parameter kind at every level, and renders a returned dict through
``jsonable_encoder`` and ``json.dumps`` (``benchmarks/service_breakdown.py``
measures it). ``LeanRoute`` keeps everything FastAPI derives from the
endpoint's signature at start-up (the ``Dependant``, the body field, the
OpenAPI document, response models included) and plans each request from
it once: the same validation functions FastAPI calls
(``request_params_to_args``, ``request_body_to_args``), so the same
errors with the same locations, in the same order, through the same
exception handlers; only the generic walk is gone. A result that is not a
``Response`` is rendered by orjson with the route's status code (no
response-model pass: the endpoints return what their model declares, and
the schema tests check the answers against the document).

What a lean route may use: path, query, header and cookie parameters, one
JSON body (not embedded), ``Request``, and dependencies that are plain
functions or coroutine functions (sync ones run in the thread pool, as
FastAPI runs them), declared in its signature, in its ``dependencies=`` or
its router's. Anything else (dependencies with ``yield``, forms, several
bodies, ``Response`` or ``BackgroundTasks`` parameters, security scopes) is
refused when the route is built, so a route never silently loses a feature;
while ``app.dependency_overrides`` holds anything, requests take FastAPI's
own handler, which honours them. A lean route serves the dependant it was
declared with: its router is included bare (``create_app`` does), since
dependencies added by ``include_router`` are not the route's to see.
"""

from __future__ import annotations

import copy
import inspect
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass
from typing import Any

import orjson
from fastapi import Request, Response, params
from fastapi.dependencies.models import Dependant
from fastapi.dependencies.utils import request_body_to_args, request_params_to_args
from fastapi.exceptions import RequestValidationError
from fastapi.routing import APIRoute
from pydantic_core import PydanticUndefined
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException

__all__ = ["LeanRoute"]

Handler = Callable[[Request], Coroutine[Any, Any, Response]]
ModelField = Any  # FastAPI's field of a parameter (``Dependant.path_params``...): its class is not exported


# Parameter types read with one lookup and one validation (``_Params``).
_SCALARS: frozenset[Any] = frozenset({str, int, float, bool, str | None, int | None, float | None, bool | None})


@dataclass(frozen=True)
class _Params:
    """The parameters of one kind (path, query, header, cookie) of a dependant.

    A scalar parameter under its own alias is read here with one lookup and
    validated by its own field, as ``request_params_to_args`` does it; a
    missing required one, and any other kind (lists, models, alias choices),
    goes to ``request_params_to_args`` itself, so its error is FastAPI's."""

    fields: tuple[ModelField, ...]
    plain: tuple[tuple[str, tuple[str, str]] | None, ...]  # (request key, error location) or FastAPI's way

    @classmethod
    def of(cls, fields: list[ModelField]) -> _Params:
        plain: list[tuple[str, tuple[str, str]] | None] = []
        for field in fields:
            info = field.field_info
            key = field.alias if info.validation_alias is None else info.validation_alias
            if info.annotation in _SCALARS and isinstance(key, str) and isinstance(info, params.Param):
                plain.append((key, (info.in_.value, key)))
            else:
                plain.append(None)
        return cls(tuple(fields), tuple(plain))

    def read(self, received: Mapping[str, Any], values: dict[str, Any], errors: list[Any]) -> None:
        for field, plan in zip(self.fields, self.plain, strict=True):
            if plan is not None:
                key, loc = plan
                value = received.get(key)
                if value is not None:
                    found, wrong = field.validate(value, values, loc=loc)
                    if wrong:
                        errors.extend(wrong)
                    else:
                        values[field.name] = found
                    continue
                info = field.field_info
                if not info.is_required() and not info.validate_default:
                    values[field.name] = copy.deepcopy(field.default)
                    continue
            found, wrong = request_params_to_args([field], received)
            values.update(found)
            errors.extend(wrong)


@dataclass(frozen=True)
class _Step:
    """One dependant of the tree, with what its call needs, planned once."""

    call: Callable[..., Any]
    is_async: bool
    name: str | None
    use_cache: bool
    dependencies: tuple[_Step, ...]
    dependant: Dependant
    path: _Params
    query: _Params
    header: _Params
    cookie: _Params

    @classmethod
    def of(cls, dependant: Dependant) -> _Step:
        call = dependant.call
        if call is None:
            raise TypeError("a lean route's dependant has no callable")
        unsupported = [
            what
            for what, present in (
                ("a Response parameter", dependant.response_param_name),
                ("a BackgroundTasks parameter", dependant.background_tasks_param_name),
                ("a WebSocket parameter", dependant.websocket_param_name),
                ("security scopes", dependant.security_scopes_param_name),
                ("a dependency with yield", inspect.isgeneratorfunction(_target(call))),
                ("a dependency with yield", inspect.isasyncgenfunction(_target(call))),
            )
            if present
        ]
        if unsupported:
            raise TypeError(f"{getattr(call, '__name__', call)!r} uses {unsupported[0]}: not a lean route")
        return cls(
            call=call,
            is_async=inspect.iscoroutinefunction(_target(call)),
            name=dependant.name,
            use_cache=dependant.use_cache,
            dependencies=tuple(cls.of(sub) for sub in dependant.dependencies),
            dependant=dependant,
            path=_Params.of(dependant.path_params),
            query=_Params.of(dependant.query_params),
            header=_Params.of(dependant.header_params),
            cookie=_Params.of(dependant.cookie_params),
        )

    async def solve(self, request: Request, body: Any, cache: dict[Any, Any], errors: list[Any]) -> dict[str, Any]:
        """The keyword arguments of this step's call; validation errors go to ``errors``
        (FastAPI's order: the dependencies', then path, query, header, cookie, body)."""
        values: dict[str, Any] = {}
        for sub in self.dependencies:
            sub_errors: list[Any] = []
            sub_values = await sub.solve(request, body, cache, sub_errors)
            if sub_errors:
                errors.extend(sub_errors)
                continue
            if sub.use_cache and sub.call in cache:
                solved = cache[sub.call]
            elif sub.is_async:
                solved = await sub.call(**sub_values)
            else:
                solved = await run_in_threadpool(sub.call, **sub_values)
            cache.setdefault(sub.call, solved)
            if sub.name is not None:
                values[sub.name] = solved
        for params_of, received in (
            (self.path, request.path_params),
            (self.query, request.query_params),
            (self.header, request.headers),
            (self.cookie, request.cookies),
        ):
            if params_of.fields:
                params_of.read(received, values, errors)
        d = self.dependant
        if d.body_params:
            found, wrong = await request_body_to_args(d.body_params, body, embed_body_fields=False)
            values.update(found)
            errors.extend(wrong)
        if d.request_param_name:
            values[d.request_param_name] = request
        if d.http_connection_param_name:
            values[d.http_connection_param_name] = request
        return values


class LeanRoute(APIRoute):
    """An ``APIRoute`` whose requests are solved by a plan made at start-up (module doc)."""

    def get_route_handler(self) -> Handler:
        generic = super().get_route_handler()
        body = self.dependant.body_params
        if len(body) > 1 or any(not _is_json_body(f) or getattr(f.field_info, "embed", False) for f in body):
            raise TypeError(f"{self.path}: a lean route takes one JSON body, not embedded")
        body_field = self.body_field
        step = _Step.of(self.dependant)
        strict = _strict(self.strict_content_type)
        status_code: int = self.status_code or 200

        async def handler(request: Request) -> Response:
            if getattr(request.app, "dependency_overrides", None):  # FastAPI's handler honours them
                return await generic(request)
            body = await _body(request, strict) if body_field is not None else PydanticUndefined
            errors: list[Any] = []
            values = await step.solve(request, body, {}, errors)
            if errors:
                raise RequestValidationError(errors, body=body)
            if step.is_async:
                result = await step.call(**values)
            else:
                result = await run_in_threadpool(step.call, **values)
            if isinstance(result, Response):
                return result
            return Response(orjson.dumps(result), status_code=status_code, media_type="application/json")

        return handler


async def _body(request: Request, strict: bool) -> Any:
    """The request's JSON body as FastAPI reads it: parsed when the content type
    is JSON (or absent and not strict), the raw bytes otherwise, undefined when empty."""
    raw = await request.body()
    if not raw:
        return PydanticUndefined
    content_type = request.headers.get("content-type")
    if not content_type:
        return _json(raw) if not strict else raw
    # What ``email.message.Message().get_content_maintype/subtype`` read, without it.
    media = content_type.split(";", 1)[0].strip().lower()
    if media.count("/") != 1:
        return raw
    main, sub = media.split("/")
    if main == "application" and (sub == "json" or sub.endswith("+json")):
        return _json(raw)
    return raw


def _json(raw: bytes) -> Any:
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError as e:  # FastAPI's answer to a malformed body, word for word
        error = {"type": "json_invalid", "loc": ("body", e.pos), "msg": "JSON decode error", "input": {}}
        raise RequestValidationError([{**error, "ctx": {"error": e.msg}}], body=e.doc) from e
    except Exception as e:
        raise HTTPException(status_code=400, detail="There was an error parsing the body") from e


def _is_json_body(field: Any) -> bool:
    return not isinstance(field.field_info, params.Form)


def _strict(value: Any) -> bool:
    return bool(getattr(value, "value", value))


def _target(call: Callable[..., Any]) -> Callable[..., Any]:
    """The function a dependency's call runs (an instance's ``__call__``, for classes like ``HTTPBearer``)."""
    if inspect.isfunction(call) or inspect.ismethod(call):
        return call
    dunder = getattr(call, "__call__", None)  # noqa: B004 (an instance with __call__, not a test of callability)
    return dunder if dunder is not None else call
