"""A LangGraph agent persisted with ``LedgermindSaver``, killed mid-run, resumed.

    pip install "ledgermind[langgraph]"
    python examples/langgraph_agent.py [DB]     # DB: a path or postgresql://... (default: a temp SQLite file)

1. A worker process runs a four-step ``StateGraph`` (no model call: each node
   appends a fixed message) on thread "ticket-42", checkpointing every step
   (``durability="sync"``), and is killed with SIGKILL inside the third node.
2. This process opens the same database, finds the thread stopped before
   "draft" (the last checkpoint the worker committed), and resumes it with
   ``graph.invoke(None, config)``: the finished steps are not re-run.
3. An auditor reads what was stored, without LangGraph: the conversation as
   an ordinary ledgermind session (``restore_agent``), the checkpoint history,
   and a search over the raw messages.

The only LangGraph-specific line is the checkpointer: ``LedgermindSaver.from_conn_string(DB)``
where the peer's code has ``PostgresSaver.from_conn_string(DB)``.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
from typing import Annotated, Any, TypedDict

from langchain_core.messages import AIMessage, HumanMessage
from langgraph.graph import END, START, StateGraph
from langgraph.graph.message import add_messages

from ledgermind import Owner
from ledgermind.integrations.langgraph import LedgermindSaver

OWNER = Owner(app="helpdesk", user_id="customer-7")
AGENT = "refund-agent"
CONFIG: dict[str, Any] = {
    "configurable": {"thread_id": "ticket-42", "app": OWNER.app, "user_id": OWNER.user_id, "agent_id": AGENT}
}


class Ticket(TypedDict):
    messages: Annotated[list[Any], add_messages]
    steps: list[str]


def build(checkpointer: LedgermindSaver, *, die_in_draft: bool) -> Any:
    def step(name: str, text: str) -> Any:
        def node(state: Ticket) -> dict[str, Any]:
            if name == "draft" and die_in_draft:
                os.kill(os.getpid(), signal.SIGKILL)  # a real crash: no cleanup, no flush
            return {"messages": [AIMessage(text, id=f"{name}-1")], "steps": [*state.get("steps", []), name]}

        return node

    graph = StateGraph(Ticket)
    nodes = [
        ("plan", "Plan: check the order, check the refund policy, draft an answer."),
        ("lookup", "Order 1187 was delivered damaged on 2 May; the refund window is 30 days."),
        ("draft", "Draft: we will refund order 1187 in full within 5 days."),
        ("review", "Reviewed: the refund answer follows the policy. Sending."),
    ]
    previous = START
    for name, text in nodes:
        graph.add_node(name, step(name, text))
        graph.add_edge(previous, name)
        previous = name
    graph.add_edge(previous, END)
    return graph.compile(checkpointer=checkpointer)


def worker(db: str) -> None:
    with LedgermindSaver.from_conn_string(db) as saver:
        graph = build(saver, die_in_draft=True)
        question = HumanMessage("My order 1187 arrived broken, can I get a refund?", id="q-1")
        graph.invoke({"messages": [question], "steps": []}, CONFIG, durability="sync")


def main(db: str) -> None:
    run = subprocess.run([sys.executable, __file__, "--worker", db], check=False)
    print(f"worker exited with {run.returncode} (killed by SIGKILL inside 'draft')")

    with LedgermindSaver.from_conn_string(db) as saver:
        graph = build(saver, die_in_draft=False)
        stopped = graph.get_state(CONFIG)
        print(f"last checkpoint: steps done {stopped.values['steps']}, next {list(stopped.next)}")
        final = graph.invoke(None, CONFIG, durability="sync")  # resume: plan and lookup are not re-run
        print(f"resumed and finished: steps {final['steps']}")

        # --- the auditor: plain ledgermind reads, no LangGraph needed ---------
        eng = saver.engine
        restored = eng.for_owner(OWNER).restore_agent(AGENT)
        print(f"\nsession {restored.session_id[:8]} of {OWNER.user_id}/{AGENT}: {restored.message_count} messages")
        for m in restored.messages:
            role, content = (m["role"], m["content"]) if isinstance(m, dict) else (m.role, m.content)
            print(f"  {role:>9}: {content}")
        print("\ncheckpoints, newest first:")
        for snap in graph.get_state_history(CONFIG):
            print(f"  step {snap.metadata['step']:>2} ({snap.metadata['source']:>5}) next={list(snap.next)}")
        eng.projections.wait(eng.position, timeout=60)
        hits = eng.for_owner(OWNER).search("refund policy damaged order", k=3, include_messages=True)
        print("\nsearch 'refund policy damaged order':")
        for hit in hits:
            print(f"  {hit.score:.3f} {hit.item_type}: {hit.statement}")


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--worker":
        worker(sys.argv[2])
    elif len(sys.argv) > 1:
        main(sys.argv[1])
    else:
        with tempfile.TemporaryDirectory(prefix="ledgermind-langgraph-") as tmp:
            main(os.path.join(tmp, "agent.db"))
