"""Clients of ``ledgermind serve`` for Python programs that should not import the engine.

``Client`` (sync) and ``AsyncClient`` (asyncio), on httpx. They depend on
the engine's error classes alone (``ledgermind.domain.errors``): a failure
the server answers as problem+json is raised as the same typed error the
library raises, and writes are resent with the same Idempotency-Key after a
lost connection or a 503.

    from ledgermind.client import Client

    with Client("http://127.0.0.1:8080", api_key) as client:
        ana = client.user("ana")
        memory_id = ana.remember("Ana is allergic to peanuts")
        print(ana.context("what should the menu avoid?"))
"""

from ledgermind.client.asynchronous import AsyncClient, AsyncUser
from ledgermind.client.problems import AuthenticationFailed, ServiceError
from ledgermind.client.sync import Client, User

__all__ = ["AsyncClient", "AsyncUser", "AuthenticationFailed", "Client", "ServiceError", "User"]
