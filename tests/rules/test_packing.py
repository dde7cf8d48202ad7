"""Packed event states (engine.packing): exact round trips, old states still
read, and damage reported as corruption, on both backends."""

from __future__ import annotations

import hashlib

import pytest
from eventsourcing.persistence import StoredEvent
from hypothesis import given, settings
from hypothesis import strategies as st

from ledgermind import EngineConfig, MemoryEngine, Owner
from ledgermind.domain.errors import CorruptStore
from ledgermind.storage.packing import DEFLATE_V1, MIN_PACK, ZDICT_V1, pack, unpack

OWNER = Owner("pack", "u1")
LONG = "a long message that is well over two hundred bytes once the event fields are around it " * 3


def test_the_v1_dictionary_never_changes() -> None:
    """Every packed event needs these exact bytes; a new dictionary is a new format byte."""
    assert hashlib.sha256(ZDICT_V1).hexdigest() == ("c40e9bf6fb6fb566a43bda24375c37db3e60f927419a8db7dbee2a364c4a0926")


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(
        st.text(max_size=12), st.text(max_size=400) | st.integers(-(2**63), 2**63 - 1) | st.none(), max_size=8
    )
)
def test_pack_round_trips_any_json_state(state: dict) -> None:
    import orjson

    data = orjson.dumps(state)
    packed = pack(data)
    assert unpack(packed) == data
    assert packed == data or (packed[0] == DEFLATE_V1 and len(packed) < len(data))
    if len(data) < MIN_PACK:
        assert packed == data


def test_events_written_before_packing_still_read(db_url: str) -> None:
    """Sealed and cleartext events with unpacked JSON inside, then packed ones."""
    for seal in (True, False):
        with MemoryEngine.open(config=EngineConfig(db=db_url, seal_events=seal)) as eng:
            agent = f"agent-{seal}"
            sid = eng.for_owner(OWNER).create_session(agent)
            eng.log.mapper.pack_states = False  # what an engine before packing wrote
            eng.for_owner(OWNER).add_message(sid, "user", "old " + LONG)
            eng.log.mapper.pack_states = True
            eng.for_owner(OWNER).add_message(sid, "user", "new " + LONG)
            states = [
                n.state for n in eng.log.recorder.select_notifications(1, limit=1000) if n.topic == "message.added"
            ][-2:]
            opened = [
                eng.log.mapper.open_state(StoredEvent(n.originator_id, n.originator_version, n.topic, n.state))
                for n in eng.log.recorder.select_notifications(1, limit=1000)
                if n.topic == "message.added"
            ][-2:]
            assert all(o.startswith(b"{") for o in opened)
            if not seal:
                assert states[0].startswith(b"{") and states[1][0] == DEFLATE_V1
            restored = eng.for_owner(OWNER).restore_agent(agent)
            assert [m.content for m in restored.messages] == ["old " + LONG, "new " + LONG]


def test_a_damaged_packed_state_is_corrupt(db_url: str) -> None:
    with MemoryEngine.open(config=EngineConfig(db=db_url, seal_events=False)) as eng:
        sid = eng.for_owner(OWNER).create_session("agent")
        eng.for_owner(OWNER).add_message(sid, "user", LONG)
        n = next(n for n in eng.log.recorder.select_notifications(1, limit=100) if n.topic == "message.added")
        assert n.state[0] == DEFLATE_V1
        for bad in (n.state[:-5], bytes([DEFLATE_V1]) + b"\xff" * 40, b"\x07" + n.state[1:]):
            with pytest.raises(CorruptStore):
                eng.log.mapper.to_domain_event(StoredEvent(n.originator_id, n.originator_version, n.topic, bad))
