"""``LeanRoute`` answers every request as FastAPI's own route does, and refuses what it cannot serve.

The same endpoints are mounted twice, once per route class; hypothesis sends
both the same requests (valid and not: headers, query, path, JSON bodies,
content types) and the answers must be equal: status, body (FastAPI's
validation errors with their locations and messages, in order) and content type.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated, Any

import pytest
from fastapi import APIRouter, Depends, FastAPI, Header, Path, Query, Request
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ConfigDict, Field

from ledgermind.service.lean import LeanRoute


class Item(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1)
    count: int = Field(1, ge=1, le=10)
    tags: list[str] | None = None


class Batch(BaseModel):
    model_config = ConfigDict(extra="forbid")
    items: list[Item]


async def caller(request: Request, x_who: Annotated[str | None, Header(alias="X-Who", max_length=6)] = None) -> str:
    if x_who == "nobody":
        raise PermissionError("refused")
    return x_who or "anon"


def region(user: Annotated[str, Path()], who: Annotated[str, Depends(caller)]) -> str:
    return f"{who}@{user}"  # a sync dependency: the thread pool, as FastAPI runs it


def mount(route_class: type[APIRoute]) -> APIRouter:
    router = APIRouter(prefix="/{user}", route_class=route_class)

    @router.post("/items/{item}", status_code=201)
    async def add(
        item: Annotated[str, Path(min_length=2)],
        body: Item | Batch,
        where: Annotated[str, Depends(region)],
        request: Request,
        level: Annotated[int | None, Header(alias="X-Level", ge=1, le=5)] = None,
        dry: Annotated[bool, Query()] = False,
    ) -> dict[str, Any]:
        items = body.items if isinstance(body, Batch) else [body]
        return {
            "item": item,
            "where": where,
            "level": level,
            "dry": dry,
            "method": request.method,
            "items": [i.model_dump() for i in items],
        }

    @router.get("/list")
    def listing(
        where: Annotated[str, Depends(region)],
        after: Annotated[int, Query(ge=0)] = 0,
        limit: Annotated[int, Query(ge=1, le=50)] = 10,
        ids: Annotated[list[int] | None, Query()] = None,
    ) -> dict[str, Any]:
        return {"where": where, "after": after, "limit": limit, "ids": ids}

    return router


def app() -> FastAPI:
    made = FastAPI()
    lean, plain = APIRouter(prefix="/lean"), APIRouter(prefix="/plain")
    lean.include_router(mount(LeanRoute))
    plain.include_router(mount(APIRoute))
    made.include_router(lean)
    made.include_router(plain)

    @made.exception_handler(PermissionError)
    async def refused(_: Request, exc: Exception) -> Any:
        from fastapi.responses import JSONResponse

        return JSONResponse({"refused": str(exc)}, status_code=403)

    return made


CLIENT = TestClient(app(), raise_server_exceptions=False)

headers = st.fixed_dictionaries(
    {},
    optional={
        "X-Level": st.sampled_from(["1", "5", "0", "6", "x", "", " 3"]),
        "X-Who": st.sampled_from(["ana", "nobody", "", "too long a name"]),
        "Content-Type": st.sampled_from(
            ["application/json", "text/plain", "application/problem+json; charset=utf-8", "json", ""]
        ),
    },
)
items = st.fixed_dictionaries(
    {"name": st.sampled_from(["", "a", "ok"])},
    optional={"count": st.sampled_from([0, 1, 10, 11, "2", None]), "tags": st.sampled_from([["a"], "a", None, [1]])},
)
bodies = st.one_of(
    items.map(lambda d: d),
    st.lists(items, max_size=3).map(lambda xs: {"items": xs}),
    st.sampled_from([{}, [], {"name": "a", "extra": 1}, {"items": "x"}, None]),
)
raw = st.sampled_from(
    [b"", b"{", b'{"name": "a",}', b"[1, 2"]
)  # not invalid UTF-8: json and orjson disagree on that one


def answer(method: str, prefix: str, path: str, **kwargs: Any) -> tuple[int, Any, str | None]:
    """Status, body, content type; a malformed body's parser details aside
    (the lean route parses with orjson, FastAPI with ``json``: the same
    error at the body, with each parser's own position and words)."""
    got = CLIENT.request(method, f"/{prefix}{path}", **kwargs)
    try:
        body: Any = got.json()
    except ValueError:
        body = got.text
    if isinstance(body, dict):
        for error in body.get("detail", []):
            if isinstance(error, dict) and error.get("type") == "json_invalid":
                error.pop("ctx", None)
                error["loc"] = error["loc"][:1]
    return got.status_code, body, got.headers.get("content-type")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    item=st.sampled_from(["ab", "a", "x" * 3]),
    user=st.sampled_from(["u", "v"]),
    head=headers,
    body=st.one_of(bodies.map(lambda b: ("json", b)), raw.map(lambda b: ("raw", b))),
    dry=st.sampled_from([None, "true", "no", "2"]),
)
def test_a_lean_post_answers_as_fastapi_does(
    item: str, user: str, head: dict[str, str], body: tuple[str, Any], dry: str | None
) -> None:
    kind, value = body
    sent: dict[str, Any] = {"headers": head, "params": {} if dry is None else {"dry": dry}}
    if kind == "json":
        import json

        sent["content"] = json.dumps(value).encode()
    else:
        sent["content"] = value
    path = f"/{user}/items/{item}"
    assert answer("POST", "lean", path, **sent) == answer("POST", "plain", path, **sent)


@settings(max_examples=100, deadline=None)
@given(
    query=st.lists(
        st.tuples(
            st.sampled_from(["after", "limit", "ids", "other"]), st.sampled_from(["0", "1", "-1", "51", "x", ""])
        ),
        max_size=4,
    ),
    who=st.sampled_from([None, "ana", "nobody", "too long a name"]),
)
def test_a_lean_get_answers_as_fastapi_does(query: list[tuple[str, str]], who: str | None) -> None:
    head = {} if who is None else {"X-Who": who}
    assert answer("GET", "lean", "/u/list", params=query, headers=head) == answer(
        "GET", "plain", "/u/list", params=query, headers=head
    )


def test_overridden_dependencies_are_honoured() -> None:
    made = app()
    made.dependency_overrides[caller] = lambda: "override"
    with TestClient(made) as client:
        assert client.get("/lean/u/list").json()["where"] == "override@u"


async def session() -> AsyncIterator[str]:
    yield "s"


def test_a_route_it_cannot_serve_is_refused_when_built() -> None:
    router = APIRouter(route_class=LeanRoute)

    async def with_yield(s: Annotated[str, Depends(session)]) -> str:
        return s

    with pytest.raises(TypeError, match="yield"):
        router.get("/x")(with_yield)
