"""A thread stored by ``LedgermindSaver``'s first format reads back as it did,
on every backend, and goes on in the compact one.

The data (``tests/data/langgraph_first_format.json``) was captured from the
saver as it stood before the compact format (commit 436b4e3): each call's
thread event with the messages it appended, and every checkpoint tuple that
saver listed. The thread has two turns with system, user and id-less
replies, an ``update_state`` fork on an older checkpoint that removes one
message and edits another, a turn on the fork, and a pending write on the
head: diffs naming their parent, values and deltas naming their versions,
message types in the metadata. It is replayed here event for event, then
read by today's saver: every tuple must be what the first saver listed.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any, TypedDict

import pytest
from langchain_core.messages import AIMessage, HumanMessage, message_to_dict
from langgraph.graph import END, START, StateGraph
from langgraph.graph.message import add_messages

from ledgermind import Owner
from ledgermind.api import Append, Attachment
from ledgermind.integrations.langgraph import LedgermindSaver
from ledgermind.integrations.langgraph.thread import ON_HEAD, LangGraphThread, thread_stream_id

OWNER = Owner("lg-old", "alice")
DATA = Path(__file__).resolve().parent.parent / "data" / "langgraph_first_format.json"
CONFIG: dict[str, Any] = {"configurable": {"thread_id": "old"}}


class State(TypedDict):
    messages: Annotated[list[Any], add_messages]
    turns: int


def build(checkpointer: Any) -> Any:
    """The graph the data was captured with: an id-less reply, then a note."""

    def answer(state: State) -> dict[str, Any]:
        last = state["messages"][-1]
        return {
            "messages": [{"role": "assistant", "content": f"answer to <{last.content}>"}],
            "turns": state.get("turns", 0) + 1,
        }

    def note(state: State) -> dict[str, Any]:
        n = len(state["messages"])
        return {"messages": [AIMessage(f"note {n}", id=f"note-{n}")]}

    graph = StateGraph(State)
    graph.add_node("answer", answer)
    graph.add_node("note", note)
    graph.add_edge(START, "answer")
    graph.add_edge("answer", "note")
    graph.add_edge("note", END)
    return graph.compile(checkpointer=checkpointer)


def plain(value: Any) -> Any:
    """A value as the data holds it: messages as LangChain's dicts, JSON types."""
    if hasattr(value, "model_dump") and hasattr(value, "type"):
        return {"message": message_to_dict(value)}
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def tuples(saver: LedgermindSaver) -> list[Any]:
    listed = [
        {
            "config": t.config,
            "parent_config": t.parent_config,
            "metadata": t.metadata,
            "checkpoint": plain(t.checkpoint),
            "pending_writes": plain(t.pending_writes),
        }
        for t in saver.list(CONFIG)
    ]
    return json.loads(json.dumps(listed, default=str))  # type: ignore[no-any-return]


@pytest.fixture
def saver(db_url: str) -> Iterator[LedgermindSaver]:
    with LedgermindSaver.from_conn_string(db_url, owner=OWNER, agent_id="helper") as s:
        yield s


def replay(saver: LedgermindSaver, calls: list[dict[str, Any]]) -> None:
    """Writes each captured call as the first saver did: its thread event and
    its messages in one command, through the owner's handle."""
    thread = Attachment(
        kind=LangGraphThread,
        stream_id=thread_stream_id(OWNER, "old"),
        agent_id="helper",
        open=lambda session_id: LangGraphThread(OWNER.app, OWNER.user_id, "old", session_id, "helper"),
        name="test.replay",
    )
    for call in calls:
        seqs = [seq for _, seq in call["messages"]]

        def step(t: LangGraphThread, append: Append, call: dict[str, Any] = call, seqs: list[int] = seqs) -> None:
            assert append() == seqs  # the messages land at the seqs the events refer to
            if call["topic"] == "checkpoint.saved":
                t.save_checkpoint(**call["event"])
            else:
                t.put_writes(**call["event"])

        saver.engine.for_owner(OWNER).write_attached(
            thread, step, messages=[fields for fields, _ in call["messages"]], once=False
        )


def test_a_thread_of_the_first_format_reads_back_as_it_did_and_goes_on(saver: LedgermindSaver) -> None:
    data = json.loads(DATA.read_text())
    stored = json.dumps(data["calls"])
    assert '\\"_parent\\"' in stored and '\\"base\\"' in stored and '"type": "human"' in stored  # the first format
    replay(saver, data["calls"])
    assert tuples(saver) == data["tuples"]
    fresh = LedgermindSaver(saver.engine, owner=OWNER, agent_id="helper")  # rebuilt from the log alone
    assert tuples(fresh) == data["tuples"]

    graph = build(saver)
    before = graph.get_state(CONFIG).values["messages"]
    after = graph.invoke({"messages": [HumanMessage("fourth question", id="q3")]}, CONFIG, durability="sync")
    assert after["messages"][: len(before)] == before
    assert [m.content for m in after["messages"][len(before) :]] == [
        "fourth question",
        "answer to <fourth question>",
        f"note {len(before) + 2}",
    ]
    history = [(s.values, s.next, s.metadata) for s in graph.get_state_history(CONFIG)]
    assert [(s.values, s.next, s.metadata) for s in build(fresh).get_state_history(CONFIG)] == history
    assert len(history) == len(data["tuples"]) + 4
    events = saver.engine.writes.stream_events(thread_stream_id(OWNER, "old"))
    new = [e for e in events if isinstance(e, LangGraphThread.CheckpointSaved)][-3:]
    assert [e.parent_id for e in new] == [ON_HEAD] * 3  # the turn went on in the compact format
