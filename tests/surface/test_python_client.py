"""``ledgermind.client``: every route through ``Client`` and ``AsyncClient`` against a real ``ledgermind serve``.

One server per backend. Route by route the sync client does what an agent
does (sessions, messages, tasks, checkpoints, beliefs, lineage, retraction,
search, context, the event feed, erasure); the async client runs the same
story; failures arrive as the engine's typed errors (``SessionNotFound``,
``TaskFinished``, ``StaleIncarnation``, ``OwnerErased``...), a bad key as
``AuthenticationFailed``; and a write whose answer is lost on the way back
(a real proxy drops it) is resent with the same Idempotency-Key and written
once.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest

from ledgermind.client import AsyncClient, AuthenticationFailed, Client
from ledgermind.domain.errors import (
    AgentNotFound,
    InvalidInput,
    MemoryNotFound,
    OwnerErased,
    SessionClosed,
    SessionNotFound,
    StaleIncarnation,
    StateConflict,
    TaskFinished,
    UnknownIncarnation,
)
from tests.support.lossy_proxy import LossyProxy
from tests.support.service_server import make_key, module_db, start_server

APP = "client-app"


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def served(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    tmp = tmp_path_factory.mktemp("client")
    dsn = request.getfixturevalue("pg_server_dsn") if request.param == "postgresql" else None
    with module_db(request.param, tmp, dsn) as db:
        _, secret = make_key(db, APP)
        server = start_server(db, tmp / "serve.log")
        try:
            yield {"url": server.url, "secret": secret, "db": db}
        finally:
            assert server.terminate() == 0, server.log.read_text()


def fresh() -> str:
    return "u-" + uuid.uuid4().hex[:8]


def test_every_route_through_the_sync_client(served: dict[str, Any]) -> None:
    with Client(served["url"], served["secret"]) as client:
        assert client.health()["status"] == "ok" and client.ready()["status"] == "ready"
        ana = client.user(fresh())
        sid = ana.create_session("agent-1")
        assert ana.add_message(sid, "user", "I moved to Lyon", occurred_at="2026-03-15T09:30:00+02:00") == 1
        assert ana.add_messages(
            sid, [{"role": "assistant", "content": "Noted."}, {"role": "user", "content": "ok"}]
        ) == [2, 3]
        page = ana.messages(sid, after=1, limit=1)
        assert [m["seq"] for m in page["messages"]] == [2] and page["next_after"] == 2
        tid = ana.start_task(sid, "book a train")
        ana.complete_task(tid, "booked")
        with pytest.raises(TaskFinished):
            ana.fail_task(tid, "late")
        other = ana.start_task(sid, "pay")
        ana.fail_task(other, "card declined")
        ana.checkpoint("agent-1", {"step": 3})
        restored = ana.restore("agent-1", last_n=2)
        assert restored["session_id"] == sid and restored["state"] == {"step": 3}
        with pytest.raises(UnknownIncarnation):  # a heartbeat needs an issued incarnation
            ana.heartbeat("agent-1", 1)
        assert ana.claim("agent-1") == 1  # the supervisor's claim issues it
        ana.heartbeat("agent-1", 1)

        mid = ana.remember("Ana is allergic to peanuts")
        # The server distils in process: the conversation's own beliefs may be listed beside it.
        assert "Ana is allergic to peanuts" in [b["statement"] for b in ana.beliefs()]
        assert ana.search("allergic to peanuts", k=3)[0]["id"] == mid
        assert "peanuts" in ana.context("what is Ana allergic to?")
        assert ana.correct(mid, "Ana is allergic to cashews") == mid
        assert len(ana.history(mid)) >= 2 and ana.lineage(mid)["memory_id"] == mid
        assert ana.message_lineage(sid, 1)["message"] == {"session_id": sid, "seq": 1}
        assert ana.retract(sid, 1, "said by mistake")["action"] == "retract"
        assert ana.message_lineage(sid, 1)["retracted"] is True
        assert ana.unretract(sid, 1, "it was right")["action"] == "unretract"
        ana.forget(mid)
        assert mid not in [b["memory_id"] for b in ana.beliefs()]
        with pytest.raises(StateConflict):
            ana.forget(mid)  # no longer current

        topics = []
        for event in ana.events():
            topics.append(event["topic"])
            if len(topics) == 3:
                break
        assert topics[0] == "session.created"

        missing = uuid.uuid4().hex
        for call, error in (
            (lambda: ana.add_message(missing, "user", "x"), SessionNotFound),
            (lambda: ana.correct(missing, "x"), MemoryNotFound),
            (lambda: ana.restore("nobody"), AgentNotFound),
            (lambda: ana.add_message(sid, "wizard", "x"), InvalidInput),
        ):
            with pytest.raises(error):
                call()
        ana.close_session(sid)
        with pytest.raises(SessionClosed) as closed:
            ana.add_message(sid, "user", "x")
        assert "closed" in str(closed.value)

        assert ana.claim("agent-1") == 2  # a supervisor restarts the agent: incarnation 1 is replaced
        with pytest.raises(StaleIncarnation):
            ana.checkpoint("agent-1", {"step": 4}, incarnation=1)

        assert ana.erase()["user_id"] == ana.calls.user
        with pytest.raises(OwnerErased):
            ana.remember("anything")
    with Client(served["url"], "mlk_0000000000000000_" + "x" * 43) as stranger:
        with pytest.raises(AuthenticationFailed) as refused:
            stranger.user("ana").beliefs()
        assert refused.value.status == 401


def test_the_async_client_runs_the_same_routes(served: dict[str, Any]) -> None:
    async def story() -> None:
        async with AsyncClient(served["url"], served["secret"]) as client:
            assert (await client.health())["status"] == "ok"
            bo = client.user(fresh())
            sid = await bo.create_session("agent-2")
            assert await bo.add_message(sid, "user", "Bo drinks oat milk") == 1
            tid = await bo.start_task(sid, "order coffee")
            await bo.complete_task(tid, "ordered")
            await bo.checkpoint("agent-2", {"cups": 1})
            assert (await bo.restore("agent-2"))["state"] == {"cups": 1}
            mid = await bo.remember("Bo prefers window seats on trains", kind="fact")
            # The server distils in process: the message's own belief may be listed beside it.
            assert mid in [b["memory_id"] for b in await bo.beliefs()]
            assert (await bo.search("window seats on trains"))[0]["id"] == mid
            assert "window seats" in await bo.context("which seat does Bo prefer on trains?")
            async for event in bo.events():
                assert event["topic"] == "session.created"
                break
            with pytest.raises(SessionNotFound):
                await bo.messages(uuid.uuid4().hex)
            await bo.close_session(sid)
            with pytest.raises(SessionClosed):
                await bo.add_message(sid, "user", "late")
            await bo.erase()

    asyncio.run(story())


@pytest.mark.parametrize("flavour", ["sync", "async"])
def test_a_write_whose_answer_is_lost_is_resent_with_the_same_key_and_written_once(
    served: dict[str, Any], flavour: str
) -> None:
    where = urlsplit(served["url"])
    user = fresh()
    with Client(served["url"], served["secret"]) as direct:
        sid = direct.user(user).create_session("agent-1")
    with LossyProxy((where.hostname or "127.0.0.1", where.port or 80), lose=1) as proxy:
        if flavour == "sync":
            with Client(proxy.url, served["secret"], backoff_s=0.05) as lossy:
                seqs = lossy.user(user).add_messages(sid, [{"role": "user", "content": "once"}])
        else:

            async def send() -> list[int]:
                async with AsyncClient(proxy.url, served["secret"], backoff_s=0.05) as lossy:
                    return await lossy.user(user).add_messages(sid, [{"role": "user", "content": "once"}])

            seqs = asyncio.run(send())
        assert proxy.lost == 1  # the first answer was lost: the server had written it
    assert seqs == [1]
    with Client(served["url"], served["secret"]) as direct:
        assert [m["content"] for m in direct.user(user).messages(sid)["messages"]] == ["once"]
