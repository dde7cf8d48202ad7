"""Per-owner sealing and the whole-log cipher, at the persistence boundary."""

from __future__ import annotations

import threading
import uuid
from dataclasses import replace

import pytest
from eventsourcing.cryptography import AESCipher
from eventsourcing.persistence import StoredEvent

from ledgermind import EngineConfig, MemoryEngine, Owner
from ledgermind.domain.errors import CorruptStore, InvalidInput
from ledgermind.domain.stream_ids import owner_key_id
from ledgermind.storage.keystore import SqlKeyStore
from ledgermind.storage.packing import unpack
from ledgermind.storage.sealing import FORMAT_V1, sealed_key_id

ALICE, BOB = Owner("seal", "alice"), Owner("seal", "bob")


def _write(eng: MemoryEngine, owner: Owner, text: str) -> str:
    sid = eng.for_owner(owner).create_session("agent")
    eng.for_owner(owner).add_message(sid, "user", text)
    return sid


def test_every_event_is_sealed_under_its_owners_key(eng: MemoryEngine) -> None:
    _write(eng, ALICE, "alice's words")
    _write(eng, BOB, "bob's words")
    notes = eng.log.recorder.select_notifications(1, limit=1000)
    assert notes
    for n in notes:
        assert n.state[0] == FORMAT_V1 and b"words" not in n.state
        event = eng.log.mapper.to_domain_event(n)
        assert sealed_key_id(n.state) == owner_key_id(Owner(event.app, event.user_id))


def test_tampered_or_transplanted_state_is_corrupt(eng: MemoryEngine) -> None:
    _write(eng, ALICE, "first")
    _write(eng, ALICE, "second")
    a, b = eng.log.recorder.select_notifications(1, limit=2)
    flipped = bytearray(a.state)
    flipped[-1] ^= 1
    for state in (bytes(flipped), b.state, a.state[:30]):  # a bit flip; b's state on a's row; truncated
        forged = StoredEvent(a.originator_id, a.originator_version, a.topic, state)
        with pytest.raises(CorruptStore):
            eng.log.mapper.to_domain_event(forged)


def test_racing_first_writes_agree_on_one_key(db_url: str, eng: MemoryEngine) -> None:
    """Two key stores (two processes, in effect) creating the same owner's key at once."""
    stores = [SqlKeyStore(eng.backend) for _ in range(4)]
    key_id = owner_key_id(Owner("seal", "racer-" + uuid.uuid4().hex))
    got: list[bytes] = []
    barrier = threading.Barrier(len(stores))

    def create(store: SqlKeyStore) -> None:
        barrier.wait()
        got.append(store.get_or_create(key_id))

    threads = [threading.Thread(target=create, args=(s,)) for s in stores]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    try:
        assert len(got) == 4 and len(set(got)) == 1
    finally:
        for s in stores:
            s.close()


def test_unsealed_mode_still_reads_sealed_events(db_url: str) -> None:
    with MemoryEngine.open(db_url) as eng:
        sid = _write(eng, ALICE, "sealed text")
    config = EngineConfig(db=db_url, seal_events=False)
    with MemoryEngine.open(config=config) as eng:
        eng.for_owner(ALICE).add_message(sid, "user", "clear text")
        notes = eng.log.recorder.select_notifications(1, limit=100)
        messages = [n.state for n in notes if n.topic == "message.added"]
        # Unsealed but packed (ledgermind.storage.packing): the message is readable without a key.
        assert notes[0].state[0] == FORMAT_V1 and sealed_key_id(messages[-1]) is None
        assert b"clear text" in unpack(messages[-1])
        restored = eng.for_owner(ALICE).restore_agent("agent")
        assert [m.content for m in restored.messages] == ["sealed text", "clear text"]


def test_whole_log_cipher(db_url: str) -> None:
    key = AESCipher.create_key(32)
    config = EngineConfig(db=db_url, cipher_key=key)
    assert key not in repr(config)
    with MemoryEngine.open(config=config) as eng:
        sid = _write(eng, ALICE, "ciphered twice")
        states = [n.state for n in eng.log.recorder.select_notifications(1, limit=100)]
        assert states and all(sealed_key_id(s) != owner_key_id(Owner("seal", "alice")) for s in states)
        assert eng.for_owner(ALICE).restore_agent("agent").messages[0].content == "ciphered twice"
    wrong = replace(config, cipher_key=AESCipher.create_key(32))
    with MemoryEngine.open(config=wrong) as eng, pytest.raises(CorruptStore):
        eng.for_owner(ALICE).get_session(sid)
    with pytest.raises(InvalidInput):
        MemoryEngine.open(config=replace(config, cipher_key="not base64 of a key"))


def test_config_from_env() -> None:
    key = AESCipher.create_key(16)
    config = EngineConfig.from_env({"LEDGERMIND_SEAL_EVENTS": "off", "LEDGERMIND_CIPHER_KEY": key})
    assert config.seal_events is False and config.cipher_key == key
    assert EngineConfig.from_env({}).seal_events is True
