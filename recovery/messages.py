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
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

import orjson
from eventsourcing.persistence import Mapper, StoredEvent

from engine.api import MemoryEngine
from engine.records import Message
from engine.session import Session
from engine.store import translate_errors
from engine.transcoder import OrjsonTranscoder

__all__ = ["message_page"]

_TOPIC = Session.MessageAdded.TOPIC
_DATETIMES = ("timestamp", "occurred_at")


def message_page(
    eng: MemoryEngine,
    sid: UUID,
    *,
    lte: int | None = None,
    desc: bool = False,
    limit: int | None = None,
) -> tuple[list[Message], int | None]:
    """The messages among one page of a session's events, in the page's
    order, and the stream version of the page's last event (None if empty)."""
    with translate_errors():
        stored = eng.log.recorder.select_events(sid, lte=lte, desc=desc, limit=limit)
        decode = _decoder(eng.log.mapper)
        messages = [_message(sid.hex, decode(s)) for s in stored if s.topic == _TOPIC]
    return messages, (stored[-1].originator_version if stored else None)


def _decoder(mapper: Mapper[UUID]) -> Any:
    transcoder = mapper.transcoder
    if Session.MessageAdded.class_version != 1 or not isinstance(transcoder, OrjsonTranscoder):
        return lambda stored: vars(mapper.to_domain_event(stored))
    opener = getattr(mapper, "open_state", None)  # the sealing mapper's unseal step

    def decode(stored: StoredEvent) -> dict[str, Any]:
        if opener is not None:
            data = opener(stored)
        else:
            data = mapper.cipher.decrypt(stored.state) if mapper.cipher else stored.state
        if mapper.compressor:
            data = mapper.compressor.decompress(data)
        try:
            state = transcoder.decode_flat(data, _DATETIMES)
        except (ValueError, TypeError, KeyError):
            # Not the flat v1 shape: the mapper decodes it, or says why not.
            return vars(mapper.to_domain_event(stored))
        if "class_version" in state:
            return vars(mapper.to_domain_event(stored))
        return state

    return decode


def _message(session_hex: str, e: dict[str, Any]) -> Message:
    tool_calls, metadata = e["tool_calls"], e["metadata"]
    return Message(
        session_id=session_hex,
        seq=e["seq"],
        role=e["role"],
        content=e["content"],
        occurred_at=e["occurred_at"],
        recorded_at=e["timestamp"],
        name=e["name"],
        tool_calls=None if tool_calls is None else orjson.loads(tool_calls),
        tool_call_id=e["tool_call_id"],
        client_id=e["client_id"],
        metadata=None if metadata is None else orjson.loads(metadata),
    )
