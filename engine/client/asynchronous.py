"""``AsyncClient``: ``Client`` for asyncio programs (the same routes, awaited).

The requests and the reading of answers are ``ledgermind.client.calls``,
shared with the sync client; only the waiting differs (``httpx.AsyncClient``,
``asyncio.sleep`` between attempts).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Mapping, Sequence
from datetime import datetime
from types import TracebackType
from typing import Any, Self, TypeVar

import httpx
import orjson

from ledgermind.client.calls import Call, UserCalls, health, ready
from ledgermind.client.problems import error_of, worth_retrying

__all__ = ["AsyncClient", "AsyncUser"]

T = TypeVar("T")


class AsyncClient:
    """A connection pool to one server, authenticated by one API key."""

    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        retries: int = 3,
        backoff_s: float = 0.2,
        timeout_s: float = 30.0,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self.retries = retries
        self.backoff_s = backoff_s
        self.http = httpx.AsyncClient(
            base_url=base_url, headers={"Authorization": f"Bearer {api_key}"}, timeout=timeout_s, transport=transport
        )

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        await self.close()

    async def close(self) -> None:
        await self.http.aclose()

    def user(self, user: str) -> AsyncUser:
        return AsyncUser(self, user)

    async def health(self) -> dict[str, Any]:
        return await self.send(health())

    async def ready(self) -> dict[str, Any]:
        return await self.send(ready())

    async def send(self, call: Call[T]) -> T:
        """``call``, resent on a lost connection or a 'try later' answer."""
        for attempt in range(self.retries + 1):
            response: httpx.Response | None = None
            failure: Exception | None = None
            try:
                response = await self.http.request(
                    call.method, call.path, json=call.json, params=call.params, headers=dict(call.headers)
                )
            except httpx.TransportError as e:
                failure = e
            if attempt < self.retries and worth_retrying(response, failure):
                await asyncio.sleep(self.backoff_s * 2**attempt)
                continue
            if failure is not None:
                raise failure
            assert response is not None
            if response.is_error:
                raise error_of(response)
            return call.read(response)
        raise AssertionError("unreachable: the last attempt returns or raises")


class AsyncUser:
    """One user of the key's app: every route under ``/v1/users/{user}``."""

    def __init__(self, client: AsyncClient, user: str) -> None:
        self.client = client
        self.calls = UserCalls(user)

    async def create_session(
        self, agent_id: str, *, idempotency_key: str | None = None, incarnation: int | None = None
    ) -> str:
        return await self.client.send(self.calls.create_session(agent_id, idempotency_key, incarnation))

    async def add_message(
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
        seqs = await self.add_messages(session_id, [message], idempotency_key=idempotency_key, incarnation=incarnation)
        return seqs[0]

    async def add_messages(
        self,
        session_id: str,
        messages: Sequence[Mapping[str, Any]],
        *,
        idempotency_key: str | None = None,
        incarnation: int | None = None,
    ) -> list[int]:
        return await self.client.send(self.calls.add_messages(session_id, messages, idempotency_key, incarnation))

    async def messages(self, session_id: str, *, after: int = 0, limit: int = 100) -> dict[str, Any]:
        return await self.client.send(self.calls.messages(session_id, after, limit))

    async def close_session(self, session_id: str, *, idempotency_key: str | None = None) -> None:
        await self.client.send(self.calls.close_session(session_id, idempotency_key))

    async def start_task(
        self, session_id: str, input: str, *, idempotency_key: str | None = None, incarnation: int | None = None
    ) -> str:
        return await self.client.send(self.calls.start_task(session_id, input, idempotency_key, incarnation))

    async def complete_task(
        self, task_id: str, output: str, *, idempotency_key: str | None = None, incarnation: int | None = None
    ) -> None:
        await self.client.send(self.calls.finish_task(task_id, "complete", output, idempotency_key, incarnation))

    async def fail_task(
        self, task_id: str, error: str, *, idempotency_key: str | None = None, incarnation: int | None = None
    ) -> None:
        await self.client.send(self.calls.finish_task(task_id, "fail", error, idempotency_key, incarnation))

    async def checkpoint(
        self, agent_id: str, state: Any, *, idempotency_key: str | None = None, incarnation: int | None = None
    ) -> None:
        await self.client.send(self.calls.checkpoint(agent_id, state, idempotency_key, incarnation))

    async def claim(self, agent_id: str) -> int:
        """Starts the agent's next incarnation (a supervisor's claim) and returns its epoch."""
        return await self.client.send(self.calls.claim(agent_id))

    async def heartbeat(self, agent_id: str, incarnation: int) -> None:
        await self.client.send(self.calls.heartbeat(agent_id, incarnation))

    async def restore(self, agent_id: str, last_n: int | None = None) -> dict[str, Any]:
        return await self.client.send(self.calls.restore(agent_id, last_n))

    async def remember(self, statement: str, kind: str = "fact", *, idempotency_key: str | None = None) -> str:
        return await self.client.send(self.calls.remember(statement, kind, idempotency_key))

    async def correct(self, memory_id: str, statement: str, *, idempotency_key: str | None = None) -> str:
        return await self.client.send(self.calls.correct(memory_id, statement, idempotency_key))

    async def forget(self, memory_id: str, *, idempotency_key: str | None = None) -> None:
        await self.client.send(self.calls.forget(memory_id, idempotency_key))

    async def beliefs(
        self, *, valid_at: datetime | None = None, known_at: datetime | None = None
    ) -> list[dict[str, Any]]:
        return await self.client.send(self.calls.beliefs(valid_at, known_at))

    async def history(self, memory_id: str) -> list[dict[str, Any]]:
        return await self.client.send(self.calls.history(memory_id))

    async def lineage(self, memory_id: str) -> dict[str, Any]:
        return await self.client.send(self.calls.lineage(memory_id))

    async def message_lineage(self, session_id: str, seq: int) -> dict[str, Any]:
        return await self.client.send(self.calls.message_lineage(session_id, seq))

    async def retract(
        self, session_id: str, seq: int, reason: str, *, idempotency_key: str | None = None
    ) -> dict[str, Any]:
        return await self.client.send(self.calls.retraction(session_id, seq, False, reason, idempotency_key))

    async def unretract(
        self, session_id: str, seq: int, reason: str, *, idempotency_key: str | None = None
    ) -> dict[str, Any]:
        return await self.client.send(self.calls.retraction(session_id, seq, True, reason, idempotency_key))

    async def search(
        self,
        query: str,
        *,
        k: int = 10,
        kinds: Sequence[str] | None = None,
        as_of: datetime | None = None,
        known_at: datetime | None = None,
        include_messages: bool = False,
    ) -> list[dict[str, Any]]:
        return await self.client.send(self.calls.search(query, k, kinds, as_of, known_at, include_messages))

    async def context(self, query: str, *, token_budget: int = 800) -> str:
        return await self.client.send(self.calls.context(query, token_budget))

    async def erase(self) -> dict[str, Any]:
        return await self.client.send(self.calls.erase())

    async def events(self, *, after: int = 0) -> AsyncIterator[dict[str, Any]]:
        """The user's events after log position ``after``, live (Server-Sent
        Events): each a dict with ``position``, ``topic``, ``payload``...
        The iteration ends only when the caller stops it or the server does."""
        async with self.client.http.stream(
            "GET", f"{self.calls.base}/events", params={"after": after}, timeout=httpx.Timeout(30.0, read=None)
        ) as response:
            if response.is_error:
                await response.aread()
                raise error_of(response)
            async for line in response.aiter_lines():
                if line.startswith("data:"):
                    yield orjson.loads(line[5:])
