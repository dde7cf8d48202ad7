"""``LedgermindSaver`` under a real LangGraph graph, on every backend: exact
history (edits, removals, forks) against LangGraph's own ``InMemorySaver``,
messages that land in an ordinary session, storage that does not grow with
the thread, and no lost update with two writers on one thread."""

from __future__ import annotations

import subprocess
import sys
import threading
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, Any, TypedDict

import pytest
from langchain_core.messages import AIMessage, HumanMessage, RemoveMessage, ToolMessage
from langgraph.checkpoint.base import empty_checkpoint
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph
from langgraph.graph.message import add_messages

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.errors import StaleIncarnation
from ledgermind.integrations.langgraph import CheckpointConflict, LedgermindSaver
from ledgermind.integrations.langgraph.thread import LangGraphThread, thread_stream_id
from tests.support.examples import run_example

OWNER = Owner("lg-app", "alice")


class State(TypedDict):
    messages: Annotated[list[Any], add_messages]
    turns: int


def build(checkpointer: Any) -> Any:
    def reply(state: State) -> dict[str, Any]:
        # Answers every question not answered yet: a turn retried after a
        # conflict re-adds its question in place (same id), not at the end.
        answered = {m.id for m in state["messages"]}
        replies = [
            AIMessage(f"reply to {m.content}", id=f"reply-{m.id}")
            for m in state["messages"]
            if isinstance(m, HumanMessage) and f"reply-{m.id}" not in answered
        ]
        return {"messages": replies, "turns": state.get("turns", 0) + 1}

    graph = StateGraph(State)
    graph.add_node("reply", reply)
    graph.add_edge(START, "reply")
    graph.add_edge("reply", END)
    return graph.compile(checkpointer=checkpointer)


@pytest.fixture
def saver(db_url: str) -> Iterator[LedgermindSaver]:
    with LedgermindSaver.from_conn_string(db_url, owner=OWNER, agent_id="helper") as s:
        yield s


def script(graph: Any, cfg: dict[str, Any]) -> None:
    """Turns, a tool message with structured content, an edit, a removal and
    a time-travel fork: every way add_messages changes the list."""
    for i in range(4):
        graph.invoke({"messages": [HumanMessage(f"question {i}", id=f"q{i}")]}, cfg)
    graph.invoke(
        {
            "messages": [
                ToolMessage(
                    content=[{"type": "text", "text": "42"}], tool_call_id="call-1", id="tool-1", artifact={"rows": 3}
                )
            ]
        },
        cfg,
    )
    graph.update_state(cfg, {"messages": [HumanMessage("question 1, edited", id="q1"), RemoveMessage(id="reply-q0")]})
    history = list(graph.get_state_history(cfg))
    fork_from = history[4].config  # an older checkpoint: a deliberate branch
    graph.update_state(fork_from, {"messages": [HumanMessage("on the branch", id="b1")]})
    graph.invoke({"messages": [HumanMessage("after the fork", id="q9")]}, cfg)


def snapshot(graph: Any, cfg: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [(s.values, s.next, s.metadata.get("source"), s.metadata.get("step")) for s in graph.get_state_history(cfg)]


def test_every_checkpoint_matches_langgraphs_own_saver(saver: LedgermindSaver) -> None:
    cfg: dict[str, Any] = {"configurable": {"thread_id": "exact"}}
    ours, theirs = build(saver), build(InMemorySaver())
    script(ours, cfg)
    script(theirs, cfg)
    expected = snapshot(theirs, cfg)
    assert len(expected) > 15
    assert snapshot(ours, cfg) == expected
    # a second saver (a fresh process) rebuilds the same history from the log alone
    fresh = build(LedgermindSaver(saver.engine, owner=OWNER, agent_id="helper"))
    assert snapshot(fresh, cfg) == expected


def test_messages_land_in_an_ordinary_session(saver: LedgermindSaver) -> None:
    graph = build(saver)
    cfg: dict[str, Any] = {"configurable": {"thread_id": "t", "user_id": "bob", "agent_id": "bot"}}
    for i in range(3):
        graph.invoke({"messages": [HumanMessage(f"hello {i}", id=f"h{i}")]}, cfg)
    graph.update_state(cfg, {"messages": [HumanMessage("hello 1 (typo fixed)", id="h1")]})
    restored = saver.engine.for_owner(Owner("lg-app", "bob")).restore_agent("bot")
    texts = [m["content"] if isinstance(m, dict) else m.content for m in restored.messages]
    # every message once, then the edit as one more message.added (the log keeps both)
    assert texts == [
        "hello 0",
        "reply to hello 0",
        "hello 1",
        "reply to hello 1",
        "hello 2",
        "reply to hello 2",
        "hello 1 (typo fixed)",
    ]
    # the thread belongs to bob (from the config), not to the saver's default owner
    assert saver.engine.for_owner(OWNER).load_agent("helper") is None


def test_a_turn_stores_the_same_bytes_at_any_length(saver: LedgermindSaver) -> None:
    """Linear storage: the events of turn 25 are no bigger than those of turn 4
    (the peers re-store the whole list: their turn 25 is ~6x turn 4)."""
    graph = build(saver)
    cfg: dict[str, Any] = {"configurable": {"thread_id": "linear"}}
    stream = thread_stream_id(saver.owner, "linear")
    sizes = []
    for i in range(25):
        before = saver.engine.writes.stream_events(stream)[-1].originator_version if i else 0
        graph.invoke({"messages": [HumanMessage(f"message number {i:04d}", id=f"m{i}")]}, cfg)
        events = saver.engine.writes.stream_events(stream, gt=before or None)
        sizes.append(
            sum(
                len(ev.messages) + len(ev.blobs) + len(ev.checkpoint)
                for ev in events
                if isinstance(ev, LangGraphThread.CheckpointSaved)
            )
        )
    assert sizes[24] <= sizes[3] * 1.2, sizes


def test_a_stale_writer_gets_a_retryable_conflict_and_stores_nothing(saver: LedgermindSaver) -> None:
    other = LedgermindSaver(saver.engine, owner=OWNER, agent_id="helper")
    cfg: dict[str, Any] = {"configurable": {"thread_id": "race", "checkpoint_ns": ""}}
    # both writers find the thread empty: only one may start it
    assert saver.get_tuple(cfg) is None and other.get_tuple(cfg) is None
    first = build(saver).invoke({"messages": [HumanMessage("a", id="a")]}, cfg)
    assert len(first["messages"]) == 2
    with pytest.raises(CheckpointConflict):  # other still believes the thread is empty
        other.put(cfg, empty_checkpoint(), {"source": "input", "step": -1}, {})
    # both read the same head; the first to write wins, the second must re-read
    head = saver.get_tuple(cfg)
    assert head is not None and other.get_tuple(cfg) is not None
    checkpoint = dict(head.checkpoint)
    parent = {"configurable": {**cfg["configurable"], "checkpoint_id": head.checkpoint["id"]}}
    saver.put(
        parent,
        {**checkpoint, "id": "1f000000-0000-6000-8000-000000000001"},  # type: ignore[typeddict-item]
        {"source": "loop", "step": 9},
        {},
    )
    with pytest.raises(CheckpointConflict) as err:
        other.put(
            parent,
            {**checkpoint, "id": "1f000000-0000-6000-8000-000000000002"},  # type: ignore[typeddict-item]
            {"source": "loop", "step": 9},
            {},
        )
    assert err.value.head == "1f000000-0000-6000-8000-000000000001"
    # the loser's message never reached the session; a retry (invoke again) lands
    assert [m.id for m in build(other).invoke({"messages": [HumanMessage("b", id="b")]}, cfg)["messages"]] == [
        "a",
        "reply-a",
        "b",
        "reply-b",
    ]
    restored = saver.engine.for_owner(OWNER).restore_agent("helper")
    assert len(restored.messages) == 4


def _writer(
    url: str, w: int, turns: int, conflicts: list[int], errors: list[BaseException], start: threading.Barrier
) -> Callable[[], None]:
    def run() -> None:
        eng = MemoryEngine.open(url)  # its own engine: its own connections and writer thread
        try:
            graph = build(LedgermindSaver(eng, owner=OWNER, agent_id="helper"))
            cfg = {"configurable": {"thread_id": "pair"}}
            start.wait()
            for t in range(turns):
                while True:
                    try:
                        graph.invoke({"messages": [HumanMessage(f"w{w} turn {t}", id=f"w{w}-{t}")]}, cfg)
                        break
                    except CheckpointConflict:
                        conflicts[w] += 1  # retry the turn: it re-reads the thread
        except BaseException as e:
            errors.append(e)
        finally:
            eng.close()

    return run


def test_a_fenced_agents_zombie_can_neither_open_a_thread_nor_write_to_one(db_url: str) -> None:
    """The supervisor's fence holds for LangGraph writes as for every other
    write: once a restore starts incarnation 2, the saver of incarnation 1
    (in its own engine, as a hung process that comes back) is refused with
    ``StaleIncarnation`` when it opens a new thread and when it writes to
    its old one, and the log holds nothing of either."""
    owner = Owner("lg-fence", f"user-{uuid.uuid4().hex[:8]}")
    with MemoryEngine.open(db_url) as zombie_eng, MemoryEngine.open(db_url) as eng:
        first = zombie_eng.for_owner(owner).claim_agent("helper")
        zombie = build(LedgermindSaver(zombie_eng, owner=owner, agent_id="helper", incarnation=first))
        old: dict[str, Any] = {"configurable": {"thread_id": "old"}}
        zombie.invoke({"messages": [HumanMessage("before the fence", id="h0")]}, old)
        old_stream = thread_stream_id(owner, "old")
        old_events = len(eng.writes.stream_events(old_stream))

        restored = eng.for_owner(owner).restore_agent("helper", incarnate=True)  # the supervisor
        assert restored.incarnation == first + 1

        with pytest.raises(StaleIncarnation):
            zombie.invoke({"messages": [HumanMessage("zombie opens", id="z1")]}, {"configurable": {"thread_id": "new"}})
        assert eng.writes.stream_events(thread_stream_id(owner, "new")) == []
        with pytest.raises(StaleIncarnation):
            zombie.invoke({"messages": [HumanMessage("zombie writes", id="z2")]}, old)
        assert len(eng.writes.stream_events(old_stream)) == old_events
        # the same through the config, on a saver that names no incarnation itself
        stale = {"configurable": {"thread_id": "other", "incarnation": first}}
        with pytest.raises(StaleIncarnation):
            build(LedgermindSaver(zombie_eng, owner=owner, agent_id="helper")).invoke(
                {"messages": [HumanMessage("zombie again", id="z3")]}, stale
            )

        # the new incarnation writes on: its threads' sessions are fenced at its epoch
        current = build(LedgermindSaver(eng, owner=owner, agent_id="helper", incarnation=restored.incarnation))
        current.invoke({"messages": [HumanMessage("after the fence", id="h1")]}, old)
        current.invoke({"messages": [HumanMessage("a new thread", id="h2")]}, {"configurable": {"thread_id": "new"}})
        thread = eng.writes.stream_events(thread_stream_id(owner, "new"))[0]
        session = eng.for_owner(owner).load_session(thread.session_id)
        assert session is not None and session.incarnation == restored.incarnation
        texts = [m.content for m in eng.for_owner(owner).restore_agent("helper").messages]
        assert "zombie opens" not in texts and "zombie writes" not in texts and "zombie again" not in texts


def test_two_writers_fifty_turns_each_lose_nothing(db_url: str) -> None:
    turns = 50
    MemoryEngine.open(db_url).close()  # create the store before the race
    conflicts = [0, 0]
    errors: list[BaseException] = []
    start = threading.Barrier(2)
    threads = [threading.Thread(target=_writer(db_url, w, turns, conflicts, errors, start)) for w in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    with LedgermindSaver.from_conn_string(db_url, owner=OWNER, agent_id="helper") as saver:
        state = build(saver).get_state({"configurable": {"thread_id": "pair"}})
    ids = [m.id for m in state.values["messages"]]
    assert len(ids) == 4 * turns == len(set(ids)), (len(ids), conflicts)
    for w in range(2):
        mine = [i for i in ids if i.startswith(f"w{w}-")]
        assert mine == [f"w{w}-{t}" for t in range(turns)]  # each writer's turns in its order
        assert all(f"reply-{i}" in ids for i in mine)


@pytest.mark.slow  # a real SIGKILL of a worker process, then a resume: ~10-15 s
def test_the_example_resumes_a_killed_run(tmp_path: Path) -> None:
    """examples/langgraph_agent.py as a user runs it: the worker dies by
    SIGKILL inside the third node, this process resumes from its last
    checkpoint without re-running the finished nodes."""
    out = run_example("langgraph_agent.py", tmp_path / "agent.db")
    assert "worker exited with -9" in out
    assert "steps done ['plan', 'lookup'], next ['draft']" in out
    assert "steps ['plan', 'lookup', 'draft', 'review']" in out
    assert ": 5 messages" in out  # one question, one answer per node, none twice


_READ_EVERY_TOPIC = """
import sys
from ledgermind import MemoryEngine
from ledgermind.storage.follower import Follower
with MemoryEngine.open(sys.argv[1]) as eng:
    page = Follower(eng.log).read(0, Follower(eng.log).head())
    print(sorted({e.topic for e in page.envelopes}))
    print("langgraph loaded:", "langgraph" in sys.modules)
"""


def test_a_process_that_never_imports_the_saver_decodes_its_threads(saver: LedgermindSaver, db_url: str) -> None:
    """The thread aggregate lives with the integration, not in the core, and
    still every process decodes it: the composition root hands the event log
    the aggregates the package declares (entry points), without importing
    LangGraph itself."""
    build(saver).invoke({"messages": [HumanMessage("hello", id="h")]}, {"configurable": {"thread_id": "decoded"}})
    run = subprocess.run(
        [sys.executable, "-c", _READ_EVERY_TOPIC, db_url], capture_output=True, text=True, timeout=120, check=True
    )
    assert "'checkpoint.saved'" in run.stdout and "'langgraph.thread_created'" in run.stdout, run.stdout
    assert "langgraph loaded: False" in run.stdout
