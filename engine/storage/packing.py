"""Packing: deflate an event's transcoded state against a fixed dictionary.

Why: a message event is ~450 bytes of JSON of which ~200 are the message;
the rest is our own field names, ``null``s and two timestamp skeletons, the
same in every event. Per-event deflate alone gains little on so short an
input (nothing repeats within it); deflate primed with a dictionary of those
names halves it (~450 -> ~190 bytes for a 200-character message), and every
byte saved is also a byte not sealed, stored, indexed, fsynced or read back.

Format: ``DEFLATE_V1`` (0x02) | raw deflate (wbits -15) primed with ``ZDICT_V1``.
A transcoded state is a JSON object and starts with ``{`` (0x7B), so a reader
tells packed from unpacked by the first byte and events written before
packing existed read unchanged. Only states of at least ``MIN_PACK`` bytes
are packed, and only when packing saves at least ``MIN_SAVING`` bytes: short
states gain too little to pay the inflate on every read.

``ZDICT_V1`` can never change: every packed event needs the exact bytes it
was packed with. A better dictionary is ``DEFLATE_V2`` with its own constant.
"""

from __future__ import annotations

import zlib

__all__ = ["DEFLATE_V1", "MIN_PACK", "WBITS", "ZDICT_V1", "pack", "unpack"]

DEFLATE_V1 = 0x02
MIN_PACK = 200
MIN_SAVING = 32
_LEVEL = 6
WBITS = -15  # raw deflate: no zlib header or checksum (the seal authenticates)
_MIN_WINDOW_BITS = 10
_MEM_LEVEL = 8  # zlib's default; 9 doubles the hash table to clear, for nothing on short states
# Fixed Huffman codes: inflating a short state was mostly decoding its own
# dynamic code tables (1.8 us of a read; 0.8 us with fixed codes), for ~17
# bytes (~8%) saved on a 450-byte message state. Restore inflates every
# message, so the faster read wins. Readers handle either (it is per block).

# Most frequent last (deflate finds nearer matches cheaper). Field names of
# every ledgermind event, JSON literals, and the transcoder's tags.
ZDICT_V1 = (
    b'"memory.distilled","memory.invalidated","statement","subject","attribute",'
    b'"confidence":,"valid_from","valid_to","source_key","method","reason","kind":"fact",'
    b'"task.started","task.completed","task.failed","input","output","error",'
    b'"agent.checkpointed","agent.session_opened","checkpoints","agent_id":"agent-",'
    b'"session.created","session.closed","open_tasks":[],"closed":false,"session_id":"'
    b'{"__uuid__":"'
    b'"originator_topic":"ledgermind:","originator_version":1,"id":'
    b'"role":"system","role":"tool","role":"assistant",'
    b'"tool_calls":"[{\\"id\\":\\"call_\\",\\"type\\":\\"function\\",\\"function\\":{\\"name\\":\\"'
    b'\\",\\"arguments\\":\\"{\\\\\\"'
    b'{"timestamp":{"__dt__":"2026-01-01T00:00:00.000000+00:00"},"app":"","user_id":"user-","seq":'
    b',"role":"user","content":"the ","name":null,"tool_calls":null,"tool_call_id":null,'
    b'"client_id":null,"metadata":null,"occurred_at":{"__dt__":"2026-'
)


def pack(state: bytes) -> bytes:
    """``state`` packed when that pays, else ``state`` itself."""
    if len(state) < MIN_PACK:
        return state
    packer = zlib.compressobj(_LEVEL, zlib.DEFLATED, _window(len(state)), _MEM_LEVEL, zlib.Z_FIXED, ZDICT_V1)
    packed = packer.compress(state) + packer.flush()
    if len(packed) + 1 + MIN_SAVING > len(state):
        return state
    return bytes((DEFLATE_V1,)) + packed


def _window(size: int) -> int:
    """The smallest raw-deflate window that holds the dictionary and the whole
    state: every match the full 32 KiB window would find, at a fraction of
    its setup (zlib allocates and clears the window and hash for every
    compressor: 360 us of a 640-byte state's 380 us with the full window and
    memLevel 9; 55 us with this one). Any window inflates with ``WBITS``."""
    return -max(_MIN_WINDOW_BITS, min(-WBITS, (size + len(ZDICT_V1)).bit_length()))


def unpack(state: bytes) -> bytes:
    """The transcoded state of a packed (or unpacked) state; ValueError when
    the bytes are neither."""
    if not state or state[0] == 0x7B:
        return state
    if state[0] != DEFLATE_V1:
        raise ValueError(f"unknown state format byte 0x{state[0]:02x}")
    inflater = zlib.decompressobj(WBITS, ZDICT_V1)
    try:
        out = inflater.decompress(state[1:])
    except zlib.error as e:
        raise ValueError(f"packed state does not inflate: {e}") from None
    if not inflater.eof:
        raise ValueError("packed state is truncated")
    return out
