"""``LedgermindSaver`` stores each message once, on every backend.

LangGraph hands a checkpointer a turn's messages several times: the input in
the input checkpoint's ``__start__`` value and in the input task's pending
write, a node's reply in its pending write, both again in the next
checkpoint's message channel. Each must be one ``message.added`` of the
thread's session, referred to everywhere else, and every value must come
back exactly as LangGraph gave it (ids LangGraph assigned later included).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Annotated, Any, TypedDict

import pytest
from langchain_core.messages import AIMessage, ChatMessage, FunctionMessage, HumanMessage, SystemMessage, ToolMessage
from langgraph.graph import END, START, StateGraph
from langgraph.graph.message import add_messages

from ledgermind import Owner
from ledgermind.integrations.langgraph import LedgermindSaver
from ledgermind.integrations.langgraph.thread import ON_HEAD, LangGraphThread, thread_stream_id
from ledgermind.storage.follower import Follower

OWNER = Owner("lg-refs", "alice")


class State(TypedDict):
    messages: Annotated[list[Any], add_messages]


def build(checkpointer: Any) -> Any:
    """Replies twice per turn: a message dict without id (as a tool-less
    node often returns) and a LangChain message with one."""

    def answer(state: State) -> dict[str, Any]:
        last = state["messages"][-1]
        return {"messages": [{"role": "assistant", "content": f"answer to <{last.content}>"}]}

    def note(state: State) -> dict[str, Any]:
        n = len(state["messages"])
        return {"messages": [AIMessage(f"note {n} on <{state['messages'][-2].content}>", id=f"note-{n}")]}

    graph = StateGraph(State)
    graph.add_node("answer", answer)
    graph.add_node("note", note)
    graph.add_edge(START, "answer")
    graph.add_edge("answer", "note")
    graph.add_edge("note", END)
    return graph.compile(checkpointer=checkpointer)


@pytest.fixture
def saver(db_url: str) -> Iterator[LedgermindSaver]:
    with LedgermindSaver.from_conn_string(db_url, owner=OWNER, agent_id="helper") as s:
        yield s


def _inputs(i: int) -> dict[str, Any]:
    """The three ways a caller passes a turn: a dict with an id, a dict
    without one, a LangChain message without one."""
    text = f"question {i} with a long enough text to be unmistakable in the log"
    if i % 3 == 0:
        return {"messages": [{"role": "user", "content": text, "id": f"q{i}"}]}
    if i % 3 == 1:
        return {"messages": [{"role": "user", "content": text}]}
    return {"messages": [HumanMessage(text)]}


def test_each_message_is_stored_once_and_read_back_exactly(saver: LedgermindSaver) -> None:
    graph = build(saver)
    cfg: dict[str, Any] = {"configurable": {"thread_id": "once"}}
    states = [graph.invoke(_inputs(i), cfg, durability="sync") for i in range(6)]
    final = states[-1]["messages"]
    assert len(final) == 18
    # exact: what the graph held, LangGraph's own ids included, from this saver and from the log alone
    assert graph.get_state(cfg).values["messages"] == final
    fresh = build(LedgermindSaver(saver.engine, owner=OWNER, agent_id="helper"))
    history = [(s.values, s.next, s.metadata, s.tasks) for s in graph.get_state_history(cfg)]
    assert [(s.values, s.next, s.metadata, s.tasks) for s in fresh.get_state_history(cfg)] == history
    pending = [w for s in fresh.checkpointer.list(cfg) for w in s.pending_writes or []]
    assert any(isinstance(v, list) and v and isinstance(v[0], dict) for _, _, v in pending)  # dicts stay dicts

    # once: every text in exactly one message.added, and in no event of the thread
    texts = [m.content for m in final]
    session = [m.content for m in saver.engine.for_owner(OWNER).restore_agent("helper").messages]
    assert Counter(session) == Counter(texts), "each message once in the session"
    thread = saver.engine.writes.stream_events(thread_stream_id(OWNER, "once"))
    stored = " ".join(
        ev.checkpoint + ev.blobs + ev.messages if isinstance(ev, LangGraphThread.CheckpointSaved) else ev.writes
        for ev in thread
        if isinstance(ev, (LangGraphThread.CheckpointSaved, LangGraphThread.WritesPut))
    )
    assert not [t for t in texts if t in stored]


def test_a_turn_writes_no_receipt_and_a_repeated_put_writes_nothing(saver: LedgermindSaver) -> None:
    """put and put_writes are exactly-once by the thread itself (its checkpoint
    ids, its writes per task and index), so a turn appends its checkpoints,
    writes and messages only."""
    graph = build(saver)
    cfg: dict[str, Any] = {"configurable": {"thread_id": "receipts"}}
    graph.invoke(_inputs(0), cfg, durability="sync")
    follower = Follower(saver.engine.log)
    before = follower.head()
    graph.invoke(_inputs(1), cfg, durability="sync")
    topics = Counter(e.topic for e in follower.read(before, follower.head()).envelopes)
    assert topics == {"checkpoint.saved": 4, "checkpoint.writes_put": 3, "message.added": 3}, topics

    head = saver.get_tuple(cfg)
    assert head is not None
    stream = thread_stream_id(OWNER, "receipts")
    version = saver.engine.writes.stream_events(stream)[-1].originator_version
    writes = [("messages", [{"role": "user", "content": "a pending question"}])]
    saver.put_writes(head.config, writes, "task-1")
    saver.put_writes(head.config, writes, "task-1")  # as the writer's re-run after a lost acknowledgement
    assert saver.engine.writes.stream_events(stream)[-1].originator_version == version + 1
    assert saver.get_tuple(head.config).pending_writes == [("task-1", "messages", writes[0][1])]  # type: ignore[union-attr]


class WritesAfterTheNextCheckpoint(LedgermindSaver):
    """Stores a step's pending writes only after the checkpoint made from
    them, as LangGraph's executor may (it runs both in the background)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.held: list[tuple[Any, ...]] = []

    def put_writes(self, config: Any, writes: Any, task_id: str, task_path: str = "") -> None:
        self.held.append((config, writes, task_id, task_path))

    def put(self, *args: Any, **kwargs: Any) -> Any:
        out = super().put(*args, **kwargs)
        held, self.held = self.held, []
        for call in held:
            super().put_writes(*call)
        return out


def test_writes_stored_after_the_checkpoint_they_made_refer_to_its_messages(saver: LedgermindSaver) -> None:
    late = WritesAfterTheNextCheckpoint(saver.engine, owner=OWNER, agent_id="late")
    graph = build(late)
    cfg: dict[str, Any] = {"configurable": {"thread_id": "late", "agent_id": "late"}}
    final = [graph.invoke(_inputs(i), cfg, durability="sync") for i in range(3)][-1]["messages"]
    session = [m.content for m in saver.engine.for_owner(OWNER).restore_agent("late").messages]
    assert Counter(session) == Counter(m.content for m in final)
    fresh = build(LedgermindSaver(saver.engine, owner=OWNER, agent_id="late"))
    history = [(s.values, s.next, s.metadata) for s in graph.get_state_history(cfg)]
    assert [(s.values, s.next, s.metadata) for s in fresh.get_state_history(cfg)] == history
    pending = [w for s in late.list(cfg) for w in s.pending_writes or []]
    assert [v for _, c, v in pending if c == "messages"]


def test_a_step_on_the_head_names_no_checkpoint_but_its_own(saver: LedgermindSaver) -> None:
    """A checkpoint put on its namespace's head, and writes of the head, leave
    out the ids the thread already says (``compact``): a checkpoint's id is
    in no checkpoint event but its own, and writes name their checkpoint only
    when LangGraph stored them after the next one (its executor may). The
    thread reads back the same from the log alone, parents included."""
    graph = build(saver)
    cfg: dict[str, Any] = {"configurable": {"thread_id": "compact"}}
    for i in range(3):
        graph.invoke(_inputs(i), cfg, durability="sync")
    events = saver.engine.writes.stream_events(thread_stream_id(OWNER, "compact"))
    saved = [e for e in events if isinstance(e, LangGraphThread.CheckpointSaved)]
    assert len(saved) == 12
    assert [e.parent_id for e in saved] == [None] + [ON_HEAD] * 11
    text = " ".join(repr(vars(e)) for e in saved)
    assert {e.checkpoint_id: text.count(e.checkpoint_id) for e in saved} == {e.checkpoint_id: 1 for e in saved}
    head = None
    for e in events:
        if isinstance(e, LangGraphThread.CheckpointSaved):
            head = e.checkpoint_id
        elif isinstance(e, LangGraphThread.WritesPut):
            assert e.checkpoint_id == ON_HEAD or e.checkpoint_id != head
    fresh = build(LedgermindSaver(saver.engine, owner=OWNER, agent_id="helper"))
    history = [(s.config, s.parent_config, s.values, s.metadata) for s in graph.get_state_history(cfg)]
    assert [(s.config, s.parent_config, s.values, s.metadata) for s in fresh.get_state_history(cfg)] == history
    parents = [parent["configurable"]["checkpoint_id"] for _, parent, _, _ in history[:-1]]  # type: ignore[index]
    assert parents == [config["configurable"]["checkpoint_id"] for config, _, _, _ in history[1:]]
    writes = [(s.checkpoint["id"], s.pending_writes) for s in fresh.checkpointer.list(cfg)]
    assert writes == [(s.checkpoint["id"], s.pending_writes) for s in saver.list(cfg)]
    assert sum(len(w or ()) for _, w in writes) == 15  # three tasks a turn, writing 2 + 2 + 1 values


def test_every_message_type_comes_back_as_itself(saver: LedgermindSaver) -> None:
    """A message of the type its role stands for is stored without type
    metadata (``messages.to_fields``); every other keeps its type: each comes
    back as the class it was, from this saver and from the log alone."""
    graph = build(saver)
    cfg: dict[str, Any] = {"configurable": {"thread_id": "types"}}
    graph.invoke(_inputs(0), cfg, durability="sync")
    head = saver.get_tuple(cfg)
    assert head is not None
    sent = [
        SystemMessage("be brief", id="s1"),
        HumanMessage("a question", id="h1"),
        AIMessage("an answer", id="a1"),
        ToolMessage("42", tool_call_id="call-1", id="t1"),
        ChatMessage("a user in a chat", role="user", id="c1"),
        ChatMessage("an assistant in a chat", role="assistant", id="c2"),
        FunctionMessage("a result", name="lookup", id="f1"),
    ]
    saver.put_writes(head.config, [("messages", sent)], "task-types")
    fresh = LedgermindSaver(saver.engine, owner=OWNER, agent_id="helper")
    for reader in (saver, fresh):
        found = reader.get_tuple(head.config)
        assert found is not None
        [(_, _, back)] = [w for w in found.pending_writes or [] if w[0] == "task-types"]
        assert back == sent and [type(m) for m in back] == [type(m) for m in sent]
    kept = saver.engine.for_owner(OWNER).restore_agent("helper").messages[-len(sent) :]
    assert [m.metadata for m in kept[:4]] == [None] * 4  # the type each role stands for is not stored
    assert all(m.metadata for m in kept[4:])
