"""Memory stays bounded as owners accumulate: the
writer's aggregate cache by bytes, the key cache by entries, on every backend.
Each bound is read from the cache's own accounting, never from timing or RSS
(the RSS curve is in benchmarks/memory_bench.py)."""

from __future__ import annotations

import uuid

import orjson
import pytest

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.agent import Agent
from ledgermind.domain.config import EngineConfig
from ledgermind.domain.errors import OwnerErased
from ledgermind.domain.stream_ids import agent_stream_id, owner_key_id
from ledgermind.storage.keystore import SqlKeyStore
from ledgermind.write.writer import UnitOfWork

CAP = 2 << 20  # 2 MiB
STATE_CHARS = 300_000  # ~300 KB per checkpoint: seven of them pass the cap
OWNERS = 20


def _state(i: int, round_: int) -> dict[str, object]:
    return {"owner": i, "round": round_, "blob": f"{i:04d}{round_:04d}" * (STATE_CHARS // 8)}


def _cached_state(eng: MemoryEngine, owner: Owner) -> object:
    """The Agent's state as the writer thread sees it (from its cache or a reload)."""

    def read(unit: UnitOfWork) -> str | None:
        agent = unit.get(Agent, agent_stream_id(owner, "agent"))
        assert agent is not None
        return agent.state

    return eng.writes.submit(read)


def test_writer_cache_stays_under_its_byte_cap_and_evicted_aggregates_reload(db_url: str) -> None:
    run = uuid.uuid4().hex[:8]
    owners = [Owner("membound", f"{run}-{i}") for i in range(OWNERS)]
    config = EngineConfig(db=db_url, cache_bytes=CAP)
    with MemoryEngine.open(config=config) as eng:
        writer = eng.writes._writer
        peak = 0
        for i, owner in enumerate(owners):
            eng.for_owner(owner).create_session("agent")
            eng.for_owner(owner).checkpoint_agent("agent", _state(i, 1))
            _held, held_bytes = writer.cache_usage()
            peak = max(peak, held_bytes)
            assert held_bytes <= CAP
        # without the cap it would hold every state: the cap did evict
        assert peak > CAP // 2 and OWNERS * STATE_CHARS > 2 * CAP

        # the first owners were evicted long ago: their aggregates reload intact
        for i, owner in enumerate(owners):
            restored = eng.for_owner(owner).restore_agent("agent")
            assert restored.state == _state(i, 1)
        first = owners[0]
        assert orjson.loads(_cached_state(eng, first)) == _state(0, 1)
        # ... and take a new checkpoint on top of the reloaded aggregate
        eng.for_owner(first).checkpoint_agent("agent", _state(0, 2))
        assert eng.for_owner(first).restore_agent("agent").state == _state(0, 2)
        assert writer.cache_usage()[1] <= CAP


def test_an_aggregate_bigger_than_the_cap_is_not_kept(db_url: str) -> None:
    owner = Owner("membound", "big-" + uuid.uuid4().hex[:8])
    with MemoryEngine.open(config=EngineConfig(db=db_url, cache_bytes=STATE_CHARS // 2)) as eng:
        eng.for_owner(owner).create_session("agent")
        eng.for_owner(owner).checkpoint_agent("agent", _state(1, 1))
        assert eng.writes._writer.cache_usage()[1] <= STATE_CHARS // 2
        assert eng.for_owner(owner).restore_agent("agent").state == _state(1, 1)


def test_cache_bytes_comes_from_the_environment() -> None:
    assert EngineConfig.from_env({"LEDGERMIND_CACHE_BYTES": "1048576"}).cache_bytes == 1 << 20
    assert EngineConfig().cache_bytes == 64 << 20


def test_an_erased_key_stays_erased_after_the_key_cache_evicted_it(eng: MemoryEngine) -> None:
    run = uuid.uuid4().hex[:8]
    store = SqlKeyStore(eng.backend, max_entries=2)
    try:
        erased = owner_key_id(Owner("membound", f"{run}-erased"))
        store.get_or_create(erased)
        when = store.destroy(erased)
        # push the tombstone out of the cache with others' tombstones and keys
        for i in range(5):
            other = owner_key_id(Owner("membound", f"{run}-other-{i}"))
            store.get_or_create(other)
            store.destroy(other)
        for i in range(5):
            store.get_or_create(owner_key_id(Owner("membound", f"{run}-live-{i}")))
        live, tombstones = store.cache_usage()
        assert live <= 2 and tombstones <= 2
        # the table answers as the evicted tombstone did: no second life for the owner
        with pytest.raises(OwnerErased):
            store.get_or_create(erased)
        with pytest.raises(OwnerErased):
            store.get(erased)
        assert store.erased_at(erased) == when
    finally:
        store.close()
