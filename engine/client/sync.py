"""``Client``: the HTTP API from Python, without importing the engine.

``Client(url, api_key).user("ana")`` is the user's handle, the HTTP twin of
``engine.for_owner(Owner(app, "ana"))`` (the key fixes the app). Every
method is one route; failures raise the engine's typed errors. A write
sent again after a lost connection or a 503 carries the same
Idempotency-Key, so the server writes it once.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping, Sequence
from datetime import datetime
from types import TracebackType
from typing import Any, Self, TypeVar

import httpx
import orjson

from ledgermind.client.calls import Call, UserCalls, health, ready
from ledgermind.client.problems import error_of, worth_retrying

__all__ = ["Client", "User"]

T = TypeVar("T")


class Client:
    """A connection pool to one server, authenticated by one API key."""

    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        retries: int = 3,
        backoff_s: float = 0.2,
        timeout_s: float = 30.0,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self.retries = retries
        self.backoff_s = backoff_s
        self.http = httpx.Client(
            base_url=base_url, headers={"Authorization": f"Bearer {api_key}"}, timeout=timeout_s, transport=transport
        )

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()

    def close(self) -> None:
        self.http.close()

    def user(self, user: str) -> User:
        return User(self, user)

    def health(self) -> dict[str, Any]:
        return self.send(health())

    def ready(self) -> dict[str, Any]:
        return self.send(ready())

    def send(self, call: Call[T]) -> T:
        """``call``, resent on a lost connection or a 'try later' answer."""
        for attempt in range(self.retries + 1):
            response: httpx.Response | None = None
            failure: Exception | None = None
            try:
                response = self.http.request(
                    call.method, call.path, json=call.json, params=call.params, headers=dict(call.headers)
                )
            except httpx.TransportError as e:
                failure = e
            if attempt < self.retries and worth_retrying(response, failure):
                time.sleep(self.backoff_s * 2**attempt)
                continue
            if failure is not None:
                raise failure
            assert response is not None
            if response.is_error:
                raise error_of(response)
            return call.read(response)
        raise AssertionError("unreachable: the last attempt returns or raises")


class User:
    """One user of the key's app: every route under ``/v1/users/{user}``."""

    def __init__(self, client: Client, user: str) -> None:
        self.client = client
        self.calls = UserCalls(user)

    def create_session(
        self, agent_id: str, *, idempotency_key: str | None = None, incarnation: int | None = None
    ) -> str:
        return self.client.send(self.calls.create_session(agent_id, idempotency_key, incarnation))

    def add_message(
        self,
        session_id: str,
        role: str,
        content: str,
        *,
        idempotency_key: str | None = None,
        incarnation: int | None = None,
        **fields: Any,
    ) -> int:
        message = {"role": role, "content": content, **fields}
        return self.add_messages(session_id, [message], idempotency_key=idempotency_key, incarnation=incarnation)[0]

    def add_messages(
        self,
        session_id: str,
        messages: Sequence[Mapping[str, Any]],
        *,
        idempotency_key: str | None = None,
        incarnation: int | None = None,
    ) -> list[int]:
        return self.client.send(self.calls.add_messages(session_id, messages, idempotency_key, incarnation))

    def messages(self, session_id: str, *, after: int = 0, limit: int = 100) -> dict[str, Any]:
        return self.client.send(self.calls.messages(session_id, after, limit))

    def close_session(self, session_id: str, *, idempotency_key: str | None = None) -> None:
        self.client.send(self.calls.close_session(session_id, idempotency_key))

    def start_task(
        self, session_id: str, input: str, *, idempotency_key: str | None = None, incarnation: int | None = None
    ) -> str:
        return self.client.send(self.calls.start_task(session_id, input, idempotency_key, incarnation))

    def complete_task(
        self, task_id: str, output: str, *, idempotency_key: str | None = None, incarnation: int | None = None
    ) -> None:
        self.client.send(self.calls.finish_task(task_id, "complete", output, idempotency_key, incarnation))

    def fail_task(
        self, task_id: str, error: str, *, idempotency_key: str | None = None, incarnation: int | None = None
    ) -> None:
        self.client.send(self.calls.finish_task(task_id, "fail", error, idempotency_key, incarnation))

    def checkpoint(
        self, agent_id: str, state: Any, *, idempotency_key: str | None = None, incarnation: int | None = None
    ) -> None:
        self.client.send(self.calls.checkpoint(agent_id, state, idempotency_key, incarnation))

    def claim(self, agent_id: str) -> int:
        """Starts the agent's next incarnation (a supervisor's claim) and returns its epoch."""
        return self.client.send(self.calls.claim(agent_id))

    def heartbeat(self, agent_id: str, incarnation: int) -> None:
        self.client.send(self.calls.heartbeat(agent_id, incarnation))

    def restore(self, agent_id: str, last_n: int | None = None) -> dict[str, Any]:
        return self.client.send(self.calls.restore(agent_id, last_n))

    def remember(self, statement: str, kind: str = "fact", *, idempotency_key: str | None = None) -> str:
        return self.client.send(self.calls.remember(statement, kind, idempotency_key))

    def correct(self, memory_id: str, statement: str, *, idempotency_key: str | None = None) -> str:
        return self.client.send(self.calls.correct(memory_id, statement, idempotency_key))

    def forget(self, memory_id: str, *, idempotency_key: str | None = None) -> None:
        self.client.send(self.calls.forget(memory_id, idempotency_key))

    def beliefs(self, *, valid_at: datetime | None = None, known_at: datetime | None = None) -> list[dict[str, Any]]:
        return self.client.send(self.calls.beliefs(valid_at, known_at))

    def history(self, memory_id: str) -> list[dict[str, Any]]:
        return self.client.send(self.calls.history(memory_id))

    def lineage(self, memory_id: str) -> dict[str, Any]:
        return self.client.send(self.calls.lineage(memory_id))

    def message_lineage(self, session_id: str, seq: int) -> dict[str, Any]:
        return self.client.send(self.calls.message_lineage(session_id, seq))

    def retract(self, session_id: str, seq: int, reason: str, *, idempotency_key: str | None = None) -> dict[str, Any]:
        return self.client.send(self.calls.retraction(session_id, seq, False, reason, idempotency_key))

    def unretract(
        self, session_id: str, seq: int, reason: str, *, idempotency_key: str | None = None
    ) -> dict[str, Any]:
        return self.client.send(self.calls.retraction(session_id, seq, True, reason, idempotency_key))

    def search(
        self,
        query: str,
        *,
        k: int = 10,
        kinds: Sequence[str] | None = None,
        as_of: datetime | None = None,
        known_at: datetime | None = None,
        include_messages: bool = False,
    ) -> list[dict[str, Any]]:
        return self.client.send(self.calls.search(query, k, kinds, as_of, known_at, include_messages))

    def context(self, query: str, *, token_budget: int = 800) -> str:
        return self.client.send(self.calls.context(query, token_budget))

    def erase(self) -> dict[str, Any]:
        return self.client.send(self.calls.erase())

    def events(self, *, after: int = 0) -> Iterator[dict[str, Any]]:
        """The user's events after log position ``after``, live (Server-Sent
        Events): each a dict with ``position``, ``topic``, ``payload``...
        The iteration ends only when the caller stops it or the server does."""
        with self.client.http.stream(
            "GET", f"{self.calls.base}/events", params={"after": after}, timeout=httpx.Timeout(30.0, read=None)
        ) as response:
            if response.is_error:
                response.read()
                raise error_of(response)
            for line in response.iter_lines():
                if line.startswith("data:"):
                    yield orjson.loads(line[5:])
