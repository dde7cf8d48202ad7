"""Pending writes are kept once, and their messages stored once, whatever the calls.

The invariant behind ``LedgermindSaver.put_writes``' exactly-once (see
``ledgermind.integrations.langgraph.retries``): for any sequence of calls
from two savers of the thread (two processes, in effect: each has its own
index), run concurrently, repeating slots with the same or another value,
the thread keeps one value per (task, index), one of those written there
(LangGraph's peers keep the first), and the session holds the message of each
kept value exactly once and no message of a value that was not kept.
"""

from __future__ import annotations

import itertools
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from langgraph.checkpoint.base import empty_checkpoint

from ledgermind import MemoryEngine, Owner
from ledgermind.integrations.langgraph import LedgermindSaver
from tests.support.capabilities import has

OWNER = Owner("lg-writes-once", "alice")
# (saver, task, how many writes, which value): the writes are indexes 0..n-1 of the task.
CALLS = st.lists(
    st.tuples(st.integers(0, 1), st.sampled_from(["t0", "t1"]), st.integers(1, 3), st.integers(0, 1)),
    min_size=1,
    max_size=8,
)


def _text(task: str, idx: int, value: int) -> str:
    return f"task {task} write {idx} value {value}"


def test_each_write_kept_once_and_its_message_stored_once(eng: MemoryEngine, backend: str) -> None:
    savers = [LedgermindSaver(eng, owner=OWNER, agent_id="helper") for _ in range(2)]
    threads = itertools.count()

    @settings(
        max_examples=8 if has(backend, "server_round_trips") else 20,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(calls=CALLS)
    def check(calls: list[tuple[int, str, int, int]]) -> None:
        n = next(threads)
        cfg: dict[str, Any] = {"configurable": {"thread_id": f"t{n}", "agent_id": f"agent-{n}", "checkpoint_ns": ""}}
        head = savers[0].put(cfg, empty_checkpoint(), {"source": "input", "step": -1}, {})  # type: ignore[arg-type]

        def call(saver: int, task: str, count: int, value: int) -> None:
            writes = [("messages", [{"role": "user", "content": _text(task, i, value)}]) for i in range(count)]
            savers[saver].put_writes(head, writes, task)

        with ThreadPoolExecutor(2) as pool:
            for future in [pool.submit(call, *c) for c in calls]:
                future.result()

        fresh = LedgermindSaver(eng, owner=OWNER, agent_id="helper").get_tuple(
            {**cfg, "configurable": {**cfg["configurable"], **head["configurable"]}}
        )
        assert fresh is not None
        kept: dict[tuple[str, int], str] = {}
        for task, _, value in fresh.pending_writes or []:
            (message,) = value
            idx = int(message["content"].split(" write ")[1].split(" ")[0])
            assert (task, idx) not in kept, f"two values kept for {(task, idx)}"
            kept[(task, idx)] = message["content"]
        slots = {(task, i) for _, task, count, _ in calls for i in range(count)}
        assert set(kept) == slots
        written = {(task, i): set() for task, i in slots}
        for _, task, count, value in calls:
            for i in range(count):
                written[(task, i)].add(_text(task, i, value))
        assert all(kept[slot] in written[slot] for slot in slots)
        session = Counter(m.content for m in eng.for_owner(OWNER).restore_agent(f"agent-{n}").messages)
        assert session == Counter(kept.values()), "each kept write's message once, no other"

    check()
