"""``OwnerMemory.add_messages_async``: the append an event loop awaits (the
HTTP service's), on every backend: the same answers and errors as
``add_messages``, many tasks of one loop at once, exactly-once retries."""

from __future__ import annotations

import asyncio
import uuid

import pytest

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.errors import SessionNotFound, UnknownIncarnation

OWNER = Owner("async-append", "alice")


def test_it_appends_like_the_sync_call_and_moves_the_position(eng: MemoryEngine) -> None:
    mem = eng.for_owner(OWNER)
    sid = mem.create_session("agent")
    before = eng.writes.position
    seqs = asyncio.run(
        mem.add_messages_async(sid, [{"role": "user", "content": "a"}, {"role": "assistant", "content": "b"}])
    )
    assert seqs == [1, 2] and eng.writes.position > before
    assert mem.add_messages(sid, [{"role": "user", "content": "c"}]) == [3]
    assert [m.content for m in mem.restore_agent("agent").messages] == ["a", "b", "c"]


def test_many_tasks_of_one_loop_append_at_once(eng: MemoryEngine) -> None:
    mem = eng.for_owner(OWNER)
    sids = [mem.create_session(f"agent-{i}") for i in range(8)]

    async def client(sid: str) -> list[int]:
        return [(await mem.add_messages_async(sid, [{"role": "user", "content": f"{n}"}]))[0] for n in range(5)]

    async def main() -> list[list[int]]:
        return await asyncio.gather(*(client(sid) for sid in sids))

    assert asyncio.run(main()) == [[1, 2, 3, 4, 5]] * 8
    assert all(mem.get_session(sid).message_count == 5 for sid in sids)


def test_errors_and_retries_are_the_sync_calls(eng: MemoryEngine) -> None:
    mem = eng.for_owner(OWNER)
    sid = mem.create_session("agent")
    message = [{"role": "user", "content": "once", "client_id": "m-1"}]
    first = asyncio.run(mem.add_messages_async(sid, message))
    assert asyncio.run(mem.add_messages_async(sid, message)) == first  # a retry writes nothing
    assert mem.get_session(sid).message_count == 1
    with pytest.raises(SessionNotFound):
        asyncio.run(mem.add_messages_async(uuid.uuid4().hex, message))
    with pytest.raises(UnknownIncarnation):
        asyncio.run(mem.add_messages_async(sid, [{"role": "user", "content": "x"}], incarnation=7))
