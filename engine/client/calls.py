"""Every route of the HTTP API as a ``Call``: the request to send and how to read its answer.

Why apart from the clients: the sync and async clients send the same
requests and read the same answers; only how they wait differs. A route
is described once here, and ``Client`` / ``AsyncClient`` run it.

Writes carry an ``Idempotency-Key``: the caller's, or a fresh one made
here, so the client can resend a write whose answer was lost and the
server writes it once (it answers a repeat with the first answer).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Generic, TypeVar
from urllib.parse import quote

import httpx

__all__ = ["Call", "UserCalls", "health", "ready"]

T = TypeVar("T")


@dataclass(frozen=True)
class Call(Generic[T]):
    method: str
    path: str
    read: Callable[[httpx.Response], T]
    json: Any = None
    params: Mapping[str, Any] | None = None
    headers: Mapping[str, str] = field(default_factory=dict)


def _json(response: httpx.Response) -> Any:
    return response.json()


def _field(name: str) -> Callable[[httpx.Response], Any]:
    return lambda response: response.json()[name]


def _nothing(_: httpx.Response) -> None:
    return None


def _write_headers(idempotency_key: str | None, incarnation: int | None = None) -> dict[str, str]:
    headers = {"Idempotency-Key": idempotency_key or uuid.uuid4().hex}
    if incarnation is not None:
        headers["Ledgermind-Incarnation"] = str(incarnation)
    return headers


def _time(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def health() -> Call[dict[str, Any]]:
    return Call("GET", "/healthz", _json)


def ready() -> Call[dict[str, Any]]:
    return Call("GET", "/readyz", _json)


class UserCalls:
    """The calls of one user of the key's app (the ``{user}`` of every path)."""

    def __init__(self, user: str) -> None:
        self.user = user
        self.base = f"/v1/users/{quote(user, safe='')}"

    # --- conversations and tasks ----------------------------------------------------------

    def create_session(self, agent_id: str, idempotency_key: str | None, incarnation: int | None) -> Call[str]:
        return Call(
            "POST",
            f"{self.base}/sessions",
            _field("session_id"),
            json={"agent_id": agent_id},
            headers=_write_headers(idempotency_key, incarnation),
        )

    def add_messages(
        self,
        session_id: str,
        messages: Sequence[Mapping[str, Any]],
        idempotency_key: str | None,
        incarnation: int | None,
    ) -> Call[list[int]]:
        body = [{k: (_time(v) if isinstance(v, datetime) else v) for k, v in m.items()} for m in messages]
        return Call(
            "POST",
            f"{self.base}/sessions/{session_id}/messages",
            _field("seqs"),
            json={"messages": body},
            headers=_write_headers(idempotency_key, incarnation),
        )

    def messages(self, session_id: str, after: int, limit: int) -> Call[dict[str, Any]]:
        return Call(
            "GET", f"{self.base}/sessions/{session_id}/messages", _json, params={"after": after, "limit": limit}
        )

    def close_session(self, session_id: str, idempotency_key: str | None) -> Call[None]:
        return Call(
            "POST", f"{self.base}/sessions/{session_id}/close", _nothing, headers=_write_headers(idempotency_key)
        )

    def start_task(
        self, session_id: str, input: str, idempotency_key: str | None, incarnation: int | None
    ) -> Call[str]:
        return Call(
            "POST",
            f"{self.base}/sessions/{session_id}/tasks",
            _field("task_id"),
            json={"input": input},
            headers=_write_headers(idempotency_key, incarnation),
        )

    def finish_task(
        self, task_id: str, outcome: str, text: str, idempotency_key: str | None, incarnation: int | None
    ) -> Call[None]:
        key = "output" if outcome == "complete" else "error"
        return Call(
            "POST",
            f"{self.base}/tasks/{task_id}/{outcome}",
            _nothing,
            json={key: text},
            headers=_write_headers(idempotency_key, incarnation),
        )

    # --- agents -------------------------------------------------------------------------

    def checkpoint(self, agent_id: str, state: Any, idempotency_key: str | None, incarnation: int | None) -> Call[None]:
        return Call(
            "PUT",
            f"{self.base}/agents/{quote(agent_id, safe='')}/checkpoint",
            _nothing,
            json={"state": state},
            headers=_write_headers(idempotency_key, incarnation),
        )

    def claim(self, agent_id: str) -> Call[int]:
        return Call("POST", f"{self.base}/agents/{quote(agent_id, safe='')}/claim", _field("incarnation"))

    def heartbeat(self, agent_id: str, incarnation: int) -> Call[None]:
        return Call(
            "PUT",
            f"{self.base}/agents/{quote(agent_id, safe='')}/heartbeat",
            _nothing,
            headers={"Ledgermind-Incarnation": str(incarnation)},
        )

    def restore(self, agent_id: str, last_n: int | None) -> Call[dict[str, Any]]:
        params = {} if last_n is None else {"last_n": last_n}
        return Call("GET", f"{self.base}/agents/{quote(agent_id, safe='')}/restore", _json, params=params)

    # --- beliefs --------------------------------------------------------------------------

    def remember(self, statement: str, kind: str, idempotency_key: str | None) -> Call[str]:
        return Call(
            "POST",
            f"{self.base}/memories",
            _field("memory_id"),
            json={"statement": statement, "kind": kind},
            headers=_write_headers(idempotency_key),
        )

    def correct(self, memory_id: str, statement: str, idempotency_key: str | None) -> Call[str]:
        return Call(
            "PATCH",
            f"{self.base}/memories/{memory_id}",
            _field("memory_id"),
            json={"statement": statement},
            headers=_write_headers(idempotency_key),
        )

    def forget(self, memory_id: str, idempotency_key: str | None) -> Call[None]:
        return Call("DELETE", f"{self.base}/memories/{memory_id}", _nothing, headers=_write_headers(idempotency_key))

    def beliefs(self, valid_at: datetime | None, known_at: datetime | None) -> Call[list[dict[str, Any]]]:
        params = {k: v for k, v in (("valid_at", _time(valid_at)), ("known_at", _time(known_at))) if v is not None}
        return Call("GET", f"{self.base}/beliefs", _field("beliefs"), params=params)

    def history(self, memory_id: str) -> Call[list[dict[str, Any]]]:
        return Call("GET", f"{self.base}/memories/{memory_id}/history", _field("versions"))

    def lineage(self, memory_id: str) -> Call[dict[str, Any]]:
        return Call("GET", f"{self.base}/memories/{memory_id}/lineage", _json)

    def message_lineage(self, session_id: str, seq: int) -> Call[dict[str, Any]]:
        return Call("GET", f"{self.base}/sessions/{session_id}/messages/{seq}/lineage", _json)

    def retraction(
        self, session_id: str, seq: int, undo: bool, reason: str, idempotency_key: str | None
    ) -> Call[dict[str, Any]]:
        verb = "unretract" if undo else "retract"
        return Call(
            "POST",
            f"{self.base}/sessions/{session_id}/messages/{seq}/{verb}",
            _json,
            json={"reason": reason},
            headers=_write_headers(idempotency_key),
        )

    # --- retrieval and erasure ------------------------------------------------------------

    def search(
        self,
        query: str,
        k: int,
        kinds: Sequence[str] | None,
        as_of: datetime | None,
        known_at: datetime | None,
        include_messages: bool,
    ) -> Call[list[dict[str, Any]]]:
        body: dict[str, Any] = {"query": query, "k": k, "include_messages": include_messages}
        if kinds is not None:
            body["kinds"] = list(kinds)
        if as_of is not None:
            body["as_of"] = _time(as_of)
        if known_at is not None:
            body["known_at"] = _time(known_at)
        return Call("POST", f"{self.base}/search", _field("results"), json=body)

    def context(self, query: str, token_budget: int) -> Call[str]:
        return Call(
            "POST", f"{self.base}/context", _field("context"), json={"query": query, "token_budget": token_budget}
        )

    def erase(self) -> Call[dict[str, Any]]:
        return Call("DELETE", self.base, _json, params={"confirm": "erase"})
