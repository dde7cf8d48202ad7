"""A LangGraph saver call retried after its answer was lost writes nothing twice.

The caller of ``put_writes`` (or ``put``) can lose the answer of a call that
still commits: the store holds the commit past ``commit_timeout_s`` and the
caller gets ``StoreUnavailable`` ("the write may still commit ... retry").
Its retry is staged while the first call is still in flight, and another
writer of the thread (a second saver: another process, another graph) may
commit between the two. The retry must then add nothing: no second
``message.added`` of the session, no second pending write, no spurious
``CheckpointConflict`` for a checkpoint that is already there.

The commit is held for real: another connection holds the database's write
lock (SQLite ``BEGIN IMMEDIATE``; PostgreSQL ``LOCK TABLE`` of the events
table, which lets readers through) until the other writer's call and the
retry are both queued behind the first call on the engine's writer thread.

On PostgreSQL the acknowledgement itself is lost too (``tests/support/
tcp_proxy.py``): the connection is cut after the server's COMMIT, another
engine writes to the thread before the cut, and the engine's own retry (the
writer re-runs the command after the re-insert meets the unique key) must
find the call made.
"""

from __future__ import annotations

import sqlite3
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from typing import Annotated, Any, TypedDict

import psycopg
import pytest
from langchain_core.messages import AIMessage
from langgraph.checkpoint.base import empty_checkpoint
from langgraph.graph import END, START, StateGraph
from langgraph.graph.message import add_messages

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.config import EngineConfig
from ledgermind.domain.errors import StoreUnavailable
from ledgermind.integrations.langgraph import LedgermindSaver
from ledgermind.integrations.langgraph.thread import LangGraphThread, thread_stream_id
from tests.support.capabilities import capabilities, has, on_backends_with
from tests.support.tcp_proxy import PgProxy, through_proxy, upstream_of

OWNER = Owner("lg-lost-answer", "alice")
AGENT = "helper"
# The first call's caller gives up after COMMIT_S; the two queued behind it
# must not (they wait at most ~0.3 s more), so there is room for a loaded machine.
COMMIT_S = 3.0


class State(TypedDict):
    messages: Annotated[list[Any], add_messages]


def _graph(checkpointer: Any) -> Any:
    def reply(state: State) -> dict[str, Any]:
        return {"messages": [AIMessage(f"reply to <{state['messages'][-1].content}>")]}

    graph = StateGraph(State)
    graph.add_node("reply", reply)
    graph.add_edge(START, "reply")
    graph.add_edge("reply", END)
    return graph.compile(checkpointer=checkpointer)


@contextmanager
def _writes_blocked(db_url: str, backend: str) -> Iterator[None]:
    """Holds the database's write lock from another connection; readers pass."""
    if has(backend, "embedded_file"):
        conn = sqlite3.connect(db_url, isolation_level=None)
        try:
            conn.execute("BEGIN IMMEDIATE")
            yield
            conn.execute("ROLLBACK")
        finally:
            conn.close()
        return
    with psycopg.connect(db_url) as pg:  # a transaction until the block ends
        pg.execute(f"LOCK TABLE {capabilities(backend).events_table} IN EXCLUSIVE MODE")
        yield
        pg.rollback()


def _queued(eng: MemoryEngine, n: int) -> None:
    """Waits until ``n`` commands wait on the writer thread behind the one it runs."""
    deadline = time.monotonic() + COMMIT_S / 2
    while eng.writes._writer._queue.qsize() < n:
        assert time.monotonic() < deadline, "the calls did not reach the writer"
        time.sleep(0.005)


def _lost_then_retried(
    eng: MemoryEngine, db_url: str, backend: str, first: Any, between: Any, retry: Any
) -> tuple[Any, Any]:
    """``first()`` loses its answer while it commits; ``between()`` (another
    writer) and then ``retry()`` are queued behind it; returns their results."""
    with ThreadPoolExecutor(2) as pool:
        with _writes_blocked(db_url, backend):
            with pytest.raises(StoreUnavailable, match="may still commit"):
                first()
            other: Future[Any] = pool.submit(between)
            _queued(eng, 1)
            again: Future[Any] = pool.submit(retry)
            _queued(eng, 2)
        return other.result(), again.result()


def _engine(db_url: str) -> MemoryEngine:
    return MemoryEngine.open(
        config=EngineConfig(db=db_url, commit_timeout_s=COMMIT_S, lock_timeout_s=60.0, statement_timeout_s=60.0)
    )


def _session_texts(eng: MemoryEngine) -> Counter[str]:
    return Counter(m.content for m in eng.for_owner(OWNER).restore_agent(AGENT).messages)


def test_put_writes_retried_after_a_lost_answer_adds_nothing(db_url: str, backend: str) -> None:
    with _engine(db_url) as eng:
        saver = LedgermindSaver(eng, owner=OWNER, agent_id=AGENT)
        other = LedgermindSaver(eng, owner=OWNER, agent_id=AGENT)  # the thread's other writer
        cfg: dict[str, Any] = {"configurable": {"thread_id": "lost-writes"}}
        _graph(saver).invoke({"messages": [{"role": "user", "content": "hello"}]}, cfg, durability="sync")
        head = saver.get_tuple(cfg)
        assert head is not None
        question = [("messages", [{"role": "user", "content": "a question whose answer was lost"}])]
        aside = [("messages", [{"role": "user", "content": "another task's question"}])]

        _lost_then_retried(
            eng,
            db_url,
            backend,
            lambda: saver.put_writes(head.config, question, "task-a"),
            lambda: other.put_writes(head.config, aside, "task-b"),
            lambda: saver.put_writes(head.config, question, "task-a"),
        )

        texts = _session_texts(eng)
        assert texts["a question whose answer was lost"] == 1, texts
        assert texts["another task's question"] == 1, texts
        fresh = LedgermindSaver(eng, owner=OWNER, agent_id=AGENT).get_tuple(head.config)
        assert fresh is not None
        assert sorted(fresh.pending_writes) == [
            ("task-a", "messages", question[0][1]),
            ("task-b", "messages", aside[0][1]),
        ]
        # The retry wrote no event at all: one writes event per task.
        events = eng.writes.stream_events(thread_stream_id(OWNER, "lost-writes"))
        tasks = Counter(e.task_id for e in events if isinstance(e, LangGraphThread.WritesPut))
        assert tasks["task-a"] == 1 and tasks["task-b"] == 1, tasks


def test_a_later_call_of_the_task_writes_only_what_is_new(db_url: str, backend: str) -> None:
    """Staged while the task's first write was in flight, a call with one
    more write appends that write's message only (each (task, index) once)."""
    with _engine(db_url) as eng:
        saver = LedgermindSaver(eng, owner=OWNER, agent_id=AGENT)
        other = LedgermindSaver(eng, owner=OWNER, agent_id=AGENT)
        cfg: dict[str, Any] = {"configurable": {"thread_id": "more-writes"}}
        _graph(saver).invoke({"messages": [{"role": "user", "content": "hello"}]}, cfg, durability="sync")
        head = saver.get_tuple(cfg)
        assert head is not None
        first = ("messages", [{"role": "user", "content": "the first write"}])
        more = ("messages", [{"role": "user", "content": "one more write"}])
        aside = ("messages", [{"role": "user", "content": "another task's question"}])

        _lost_then_retried(
            eng,
            db_url,
            backend,
            lambda: saver.put_writes(head.config, [first], "task-a"),
            lambda: other.put_writes(head.config, [aside], "task-b"),
            lambda: saver.put_writes(head.config, [first, more], "task-a"),
        )

        texts = _session_texts(eng)
        assert texts["the first write"] == 1 and texts["one more write"] == 1, texts
        fresh = LedgermindSaver(eng, owner=OWNER, agent_id=AGENT).get_tuple(head.config)
        assert fresh is not None
        assert sorted(fresh.pending_writes, key=repr) == sorted(
            [("task-a", *first), ("task-a", *more), ("task-b", *aside)], key=repr
        )


def test_put_retried_after_a_lost_answer_is_no_conflict_and_adds_nothing(db_url: str, backend: str) -> None:
    """The retried checkpoint is found saved although another writer moved
    the head since (a branch it made with ``update_state``)."""
    with _engine(db_url) as eng:
        saver = LedgermindSaver(eng, owner=OWNER, agent_id=AGENT)
        other = LedgermindSaver(eng, owner=OWNER, agent_id=AGENT)
        cfg: dict[str, Any] = {"configurable": {"thread_id": "lost-put", "checkpoint_ns": ""}}
        _graph(saver).invoke({"messages": [{"role": "user", "content": "hello"}]}, cfg, durability="sync")
        head = saver.get_tuple(cfg)
        assert head is not None
        values = head.checkpoint["channel_values"]["messages"]
        said = AIMessage("a reply whose answer was lost", id="lost-reply")

        def checkpoint(messages: list[Any]) -> dict[str, Any]:
            c = empty_checkpoint()
            c["channel_values"] = {"messages": messages}
            c["channel_versions"] = {"messages": saver.get_next_version(None, None)}
            return dict(c)

        mine = checkpoint([*values, said])
        fork = checkpoint([*values, AIMessage("a branch", id="branch")])
        parent = head.config

        def put() -> Any:
            return saver.put(parent, mine, {"source": "loop", "step": 2}, mine["channel_versions"])  # type: ignore[arg-type]

        _, again = _lost_then_retried(
            eng,
            db_url,
            backend,
            put,
            lambda: other.put(parent, fork, {"source": "update", "step": 2}, fork["channel_versions"]),  # type: ignore[arg-type]
            put,
        )

        assert again["configurable"]["checkpoint_id"] == mine["id"]
        texts = _session_texts(eng)
        assert texts["a reply whose answer was lost"] == 1, texts
        events = eng.writes.stream_events(thread_stream_id(OWNER, "lost-put"))
        saved = Counter(e.checkpoint_id for e in events if isinstance(e, LangGraphThread.CheckpointSaved))
        assert saved[mine["id"]] == 1 and saved[fork["id"]] == 1, saved


@pytest.mark.slow
@on_backends_with("server_connection_to_drop")
def test_put_writes_rerun_after_a_lost_acknowledgement_adds_nothing(db_url: str) -> None:
    question = [("messages", [{"role": "user", "content": "a question whose acknowledgement was lost"}])]
    aside = [("messages", [{"role": "user", "content": "another engine's question"}])]
    stream = thread_stream_id(OWNER, "lost-ack")
    with MemoryEngine.open(db_url) as direct, PgProxy(upstream_of(db_url), "after_commit", every=0) as proxy:
        other = LedgermindSaver(direct, owner=OWNER, agent_id=AGENT)
        with MemoryEngine.open(through_proxy(db_url, proxy.port)) as eng:
            saver = LedgermindSaver(eng, owner=OWNER, agent_id=AGENT)
            cfg: dict[str, Any] = {"configurable": {"thread_id": "lost-ack"}}
            _graph(saver).invoke({"messages": [{"role": "user", "content": "hello"}]}, cfg, durability="sync")
            head = saver.get_tuple(cfg)
            assert head is not None
            cut: list[bool] = []

            def gate() -> bool:
                """Cuts the commit of the first call's writes, once, after the
                other engine wrote to the thread."""
                if cut or not any(
                    isinstance(e, LangGraphThread.WritesPut) and e.task_id == "task-a"
                    for e in direct.writes.stream_events(stream)
                ):
                    return False
                other.put_writes(head.config, aside, "task-b")
                cut.append(True)
                return True

            proxy.gate = gate
            proxy.every = 1
            saver.put_writes(head.config, question, "task-a")  # re-run by the engine, answered once
            proxy.every = 0
            assert cut, "the acknowledgement was not lost"
            texts = _session_texts(eng)
            assert texts["a question whose acknowledgement was lost"] == 1, texts
            assert texts["another engine's question"] == 1, texts
            tasks = Counter(
                e.task_id for e in eng.writes.stream_events(stream) if isinstance(e, LangGraphThread.WritesPut)
            )
            assert tasks["task-a"] == 1 and tasks["task-b"] == 1, tasks
