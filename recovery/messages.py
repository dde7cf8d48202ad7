"""A session's messages straight from its stored events, decoded cheaply.

Why not ``eng.stream_events``: restore decodes every message of a session,
and a domain event per row, then a second copy into ``Message``, cost about
4x a plain SELECT + ``orjson.loads`` of the same rows. A ``message.added``
event of class version 1 has a flat state (caller JSON is stored as text)
whose only tagged values are its two datetimes, so the storage layer opens
and decodes it in one pass (``ledgermind.storage.stream_rows.event_states``);
this module only turns states into ``Message`` records.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import fields
from typing import Any
from uuid import UUID

import orjson

from ledgermind.domain.belief_records import MessagePage
from ledgermind.domain.records import Message
from ledgermind.domain.session import Session
from ledgermind.storage.source import EventSource
from ledgermind.storage.store import translate_errors
from ledgermind.storage.stream_rows import Row, event_states, select_rows

__all__ = ["collector_paused", "message_page", "messages_after", "messages_of_rows"]

_TOPIC = Session.MessageAdded.TOPIC
_DATETIMES = ("timestamp", "occurred_at")


def message_page(
    eng: EventSource,
    sid: UUID,
    *,
    lte: int | None = None,
    desc: bool = False,
    limit: int | None = None,
) -> tuple[list[Message], int | None]:
    """The messages among one page of a session's events, in the page's
    order, and the stream version of the page's last event (None if empty)."""
    with translate_errors():
        rows = select_rows(eng.log.recorder, sid, lte=lte, desc=desc, limit=limit)
    return messages_of_rows(eng, sid, rows), (rows[-1][0] if rows else None)


def messages_after(eng: EventSource, sid: UUID, after: int, limit: int) -> MessagePage:
    """Up to ``limit`` messages of the session with a seq above ``after``,
    oldest first (the caller has checked the session is the owner's).

    A message's seq is below its stream version (the created event and task
    events come first), so the versions after ``after`` hold every wanted
    message; pages of the stream are read until ``limit`` are found."""
    found: list[Message] = []
    version = after
    while len(found) < limit:
        with translate_errors():
            rows = select_rows(eng.log.recorder, sid, gt=version, limit=_ROWS_PER_READ)
        if not rows:
            break
        found.extend(m for m in messages_of_rows(eng, sid, rows) if m.seq > after)
        version = rows[-1][0]
    page = tuple(found[:limit])
    return MessagePage(sid.hex, page, page[-1].seq if len(page) == limit else None)


_ROWS_PER_READ = 1000


def messages_of_rows(eng: EventSource, sid: UUID, rows: list[Row]) -> list[Message]:
    """The ``message.added`` rows among ``rows`` (one stream's) as messages."""
    picked = [r for r in rows if r[1] == _TOPIC]
    flat = Session.MessageAdded.class_version == 1  # v1 states are flat; caller JSON is text
    with collector_paused():
        return _messages(sid.hex, event_states(eng.log.mapper, sid, picked, _DATETIMES, flat=flat))


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused while a history is decoded.

    Why: decoding allocates a few objects per message (its state dict, two
    datetimes, the record) and every one of them survives; each 700
    allocations the collector scans the young ones, and every few scans the
    whole growing heap, for cycles these objects never form. On a
    10,000-message restore that was about a quarter of the time. The pause is
    process-wide but lasts one decode, and the collector runs again after it
    (it was not paused by us if it was already off)."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


# ``_messages`` fills Message's fields by position: pin the order here.
_FIELDS = (
    "session_id",
    "seq",
    "role",
    "content",
    "occurred_at",
    "recorded_at",
    "name",
    "tool_calls",
    "tool_call_id",
    "client_id",
    "metadata",
)
assert tuple(f.name for f in fields(Message)) == _FIELDS, "recovery.messages._messages is out of date"
# Each field's slot, written directly. Why: ``Message`` is a frozen slots
# dataclass, so its ``__init__`` sets every field through ``object.__setattr__``
# (about 2 us a message, a fifth of a restore's decoding, measured with
# cProfile and alone: 21-31 ms vs 9 ms per 10,000). A record rebuilt from a
# stored event needs nothing ``__init__`` does (it has no validation; the event
# was validated when written), and ``test_core_fastpaths`` pins the result
# equal to the constructor's.
_SLOTS = tuple(getattr(Message, name).__set__ for name in _FIELDS)


def _messages(session_hex: str, states: list[dict[str, Any]]) -> list[Message]:
    new, loads = object.__new__, orjson.loads
    s_session, s_seq, s_role, s_content, s_occurred, s_recorded, s_name, s_calls, s_call_id, s_client, s_meta = _SLOTS
    out: list[Message] = []
    append = out.append
    for e in states:
        m = new(Message)
        s_session(m, session_hex)
        s_seq(m, e["seq"])
        s_role(m, e["role"])
        s_content(m, e["content"])
        s_occurred(m, e["occurred_at"])
        s_recorded(m, e["timestamp"])
        s_name(m, e["name"])
        calls = e["tool_calls"]
        s_calls(m, None if calls is None else loads(calls))
        s_call_id(m, e["tool_call_id"])
        s_client(m, e["client_id"])
        metadata = e["metadata"]
        s_meta(m, None if metadata is None else loads(metadata))
        append(m)
    return out
