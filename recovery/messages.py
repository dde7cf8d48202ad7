"""A session's messages straight from its stored events, decoded cheaply.

Why not ``eng.stream_events``: restore decodes every message of a session,
and building a domain event per row (topic resolution, id conversion, a tag
walk over every field, then a second copy into ``Message``) cost about 4x a
plain SELECT + ``orjson.loads`` of the same rows. A ``message.added`` event
of class version 1 has a flat state (caller JSON is stored as text) whose
only tagged values are its two datetimes, so its bytes are opened by the
mapper (cipher, per-owner seal, compressor: whatever the store uses) and
decoded with ``OrjsonTranscoder.decode_flat``. Any other class version, or a
state that is not shaped like that, goes through the mapper in full.

The rows come from ``engine.stream_rows`` (no ``StoredEvent`` or stream-id
``UUID`` per row) and are opened as one stream (``SealingMapper.open_stream``:
the associated data's stream-id bytes are built once, not per event).
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any
from uuid import UUID

import orjson
from eventsourcing.persistence import Mapper, StoredEvent

from memledger.domain.records import Message
from memledger.domain.session import Session
from memledger.storage.source import EventSource
from memledger.storage.store import translate_errors
from memledger.storage.stream_rows import Row, select_rows
from memledger.storage.transcoder import OrjsonTranscoder

__all__ = ["message_page", "messages_of_rows"]

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


def messages_of_rows(eng: EventSource, sid: UUID, rows: list[Row]) -> list[Message]:
    """The ``message.added`` rows among ``rows`` (one stream's) as messages."""
    mapper = eng.log.mapper
    picked = [r for r in rows if r[1] == _TOPIC]
    session_hex = sid.hex
    with translate_errors():
        if Session.MessageAdded.class_version != 1 or not isinstance(mapper.transcoder, OrjsonTranscoder):
            return [_message(session_hex, _full(mapper, sid, r)) for r in picked]
        opener = getattr(mapper, "open_stream", None)  # the sealing mapper's unseal step
        if opener is not None:
            opened = opener(sid, picked)
        else:
            opened = [mapper.cipher.decrypt(r[2]) if mapper.cipher else r[2] for r in picked]
        decode = mapper.transcoder.decode_flat
        compressor = mapper.compressor
        messages: list[Message] = []
        append = messages.append
        for row, data in zip(picked, opened):
            if compressor:
                data = compressor.decompress(data)
            try:
                state = decode(data, _DATETIMES)
            except (ValueError, TypeError, KeyError):
                state = None  # not the flat v1 shape: the mapper decodes it, or says why not
            if state is None or "class_version" in state:
                state = _full(mapper, sid, row)
            append(_message(session_hex, state))
    return messages


def _full(mapper: Mapper[UUID], sid: UUID, row: Row) -> dict[str, Any]:
    return vars(mapper.to_domain_event(StoredEvent(sid, *row)))


# ``_message`` passes Message's fields by position (a keyword call costs a
# third more, paid once per message of every restore): pin the order here.
_FIELDS = ("session_id", "seq", "role", "content", "occurred_at", "recorded_at", "name",
           "tool_calls", "tool_call_id", "client_id", "metadata")
assert tuple(f.name for f in fields(Message)) == _FIELDS, "recovery.messages._message is out of date"


def _message(session_hex: str, e: dict[str, Any]) -> Message:
    tool_calls, metadata = e["tool_calls"], e["metadata"]
    return Message(
        session_hex,
        e["seq"],
        e["role"],
        e["content"],
        e["occurred_at"],
        e["timestamp"],
        e["name"],
        None if tool_calls is None else orjson.loads(tool_calls),
        e["tool_call_id"],
        e["client_id"],
        None if metadata is None else orjson.loads(metadata),
    )
