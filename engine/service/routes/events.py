"""An owner's events as Server-Sent Events: live, resumable, nothing else's.

``GET /v1/users/{user}/events?after=POSITION`` streams every event of the
owner committed after that log position, then each new one as it commits.
Each SSE message is ``id: <position>``, ``event: <topic>`` and one JSON
``data`` line: topic, position, stream, version, time and the decoded
payload. A client that reconnects sends the last id it saw as
``Last-Event-ID`` (browsers' EventSource does so by itself) and gets exactly
the events after it: positions are the log's notification ids, which both
backends make visible in order, so a resumed feed neither misses nor repeats.

How it follows: the owner handle's feed (``OwnerMemory.feed``, the one log
follower underneath) reads pages after the position and decodes them; only
events whose owner fields are this owner's are sent (the key's app and the
path's user; an erased owner's events decode to nothing), and it says when
the owner was erased, by this process or another. While idle it looks at the log's head
every ``LEDGERMIND_FEED_POLL_S`` (one ``max(id)`` query) and sends a comment
line every ``LEDGERMIND_FEED_HEARTBEAT_S``. Polling the head, rather than
PostgreSQL's NOTIFY, works the same on SQLite and for writes made by other
processes; its cost is one indexed query per feed per interval.

The cost to know: other owners' events after the position are decoded to be
filtered out (their owner is inside the sealed payload), so a feed that
starts far behind a busy log reads that stretch once.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator

import anyio
import orjson
from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import StreamingResponse

from ledgermind.api import Envelope
from ledgermind.api.portability import event_fields
from ledgermind.domain import (  # noqa: F401 - defining the event classes registers every stored topic
    agent,
    distillation,
    erasure,
    memory,
    receipt,
    session,
    task,
)
from ledgermind.service.deps import Owned, service_of
from ledgermind.service.positions import MAX_POSITION, POSITION_PATTERN, parse_position

__all__ = ["router"]

router = APIRouter(prefix="/v1/users/{user}", tags=["events"])


@router.get(
    "/events",
    summary="the owner's events as Server-Sent Events, live; resume with Last-Event-ID",
    response_class=StreamingResponse,
    responses={200: {"content": {"text/event-stream": {}}}},
)
async def events(
    mem: Owned,
    request: Request,
    after: int = Query(0, ge=0, le=MAX_POSITION, description="start after this log position"),
    last_event_id: str | None = Header(
        None, alias="Last-Event-ID", pattern=POSITION_PATTERN, description="resume after this log position"
    ),
) -> StreamingResponse:
    start = after
    if last_event_id is not None:
        start = parse_position(last_event_id, "Last-Event-ID")
    svc = service_of(request)
    settings = svc.settings
    secret = request.headers.get("authorization", "").partition(" ")[2].strip()

    async def stream() -> AsyncIterator[bytes]:
        yield b": ledgermind event feed\n\n"  # sends the headers now, before the first event
        # Opened here, not in the handler: a response never streamed holds no feed.
        with await anyio.to_thread.run_sync(mem.feed, start) as feed:
            beat = time.monotonic()
            while not svc.stopping.is_set():
                # The key is live and the owner not erased, checked on every turn
                # (in memory): a revocation ends the feed within
                # LEDGERMIND_KEY_REFRESH_S (the key index's refresh) plus one poll,
                # an erasure by any process within LEDGERMIND_ERASURE_BOUND_S plus one.
                if svc.keys.check(secret) is None or feed.erased:
                    yield b": the key was revoked or the owner erased; the feed ends\n\n"
                    return
                found = await anyio.to_thread.run_sync(feed.read)
                for env in found:
                    yield _message(env)
                if found:
                    beat = time.monotonic()
                    continue
                if time.monotonic() - beat >= settings.feed_heartbeat_s:
                    yield b": keep-alive\n\n"
                    beat = time.monotonic()
                await anyio.sleep(settings.feed_poll_s)

    return StreamingResponse(
        stream(),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )


def _message(env: Envelope) -> bytes:
    ev = env.event
    data = {
        "position": env.position,
        "topic": env.topic,
        "stream": ev.originator_id.hex,
        "version": ev.originator_version,
        "time": ev.timestamp.isoformat(),
        "payload": event_fields(ev),
    }
    return b"id: %d\nevent: %s\ndata: %s\n\n" % (env.position, env.topic.encode(), orjson.dumps(data))
