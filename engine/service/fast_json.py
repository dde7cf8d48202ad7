"""Request and response JSON by orjson, for the hot routes.

Why: FastAPI reads a JSON body with the standard library's ``json`` and
renders a returned dict through ``jsonable_encoder`` then ``json.dumps``;
on an append (a small body, ``{"seqs": [n]}`` back) that was tens of
microseconds of a request whose budget is the commit. ``OrjsonRoute``
parses bodies with orjson (its ``JSONDecodeError`` is the standard one, so
a malformed body is answered exactly as before), and ``json_response``
renders with orjson. orjson refuses what JSON does not define (NaN,
Infinity, integers past 64 bits): such a body is malformed here, as it is
for every other reader of the API's JSON.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

import orjson
from fastapi import Request, Response
from fastapi.routing import APIRoute

__all__ = ["OrjsonRoute", "json_response"]


class _OrjsonRequest(Request):
    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            self._json = orjson.loads(await self.body())
        return self._json


class OrjsonRoute(APIRoute):
    """An ``APIRoute`` whose handler reads the JSON body with orjson."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def route(request: Request) -> Response:
            return await handler(_OrjsonRequest(request.scope, request.receive))

        return route


def json_response(content: Any, status_code: int = 200) -> Response:
    """``content`` rendered by orjson (the route declares its response model for the docs)."""
    return Response(orjson.dumps(content), status_code=status_code, media_type="application/json")
