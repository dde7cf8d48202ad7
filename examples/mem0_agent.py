"""A Mem0-style agent on ``ledgermind.compat.mem0``, killed mid-conversation, resumed.

    python examples/mem0_agent.py [DB]     # DB: a path or postgresql://... (default: a temp SQLite file)

1. A worker process runs a support conversation the Mem0 way: each user turn
   is stored with ``m.add(..., infer=False)`` and the reply is built from
   ``m.search(...)`` (the model is scripted: no network). It is killed with
   SIGKILL while answering the third turn: that turn is stored, its answer
   never was.
2. This process opens the same database with the same one-line import, finds
   every stored turn (``get_all``), answers the third turn from what it
   remembers, and goes on.
3. The user corrects a memory (``update``: the id stays) and drops one
   (``delete``); ``history`` shows each change with its reason, from the log.

The only change from a Mem0 program is the import:
``from ledgermind.compat.mem0 import Memory`` where it had ``from mem0 import Memory``.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile

from ledgermind.compat.mem0 import Memory  # was: from mem0 import Memory

USER = "customer-7"
TURNS = [
    "My name is Ana and my order number is 1187",
    "The blender arrived with a cracked jar",
    "What was my order number again?",
    "Please ship the replacement to my office in Porto",
]


def reply(m: Memory, turn: str, *, die: bool = False) -> str:
    """A scripted model: it answers from the memories the search brings back."""
    if die:
        os.kill(os.getpid(), signal.SIGKILL)  # a real crash: no cleanup, no flush
    found = m.search(turn, filters={"user_id": USER}, top_k=2)["results"]
    recalled = "; ".join(r["memory"] for r in found if r["memory"] != turn)
    return f"(recalling: {recalled or 'nothing yet'})"


def converse(m: Memory, turns: list[str], *, die_on: int | None = None) -> None:
    for i, turn in enumerate(turns):
        m.add(turn, user_id=USER, agent_id="support-bot", run_id="ticket-42", infer=False)
        print(f"user: {turn}\nbot:  {reply(m, turn, die=i == die_on)}", flush=True)


def worker(db: str) -> None:
    with Memory(db=db) as m:
        converse(m, TURNS, die_on=2)


def main(db: str) -> None:
    run = subprocess.run([sys.executable, __file__, "--worker", db], check=False)
    print(f"worker exited with {run.returncode} (killed by SIGKILL while answering the third turn)\n")

    with Memory(db=db) as m:
        stored = m.get_all(filters={"user_id": USER})["results"]
        print(f"after the crash: {len(stored)} memories of {USER}")
        last = stored[-1]["memory"]
        print(f"resumed, answering {last!r}: {reply(m, last)}")
        converse(m, TURNS[len(stored) :])

        by_text = {r["memory"]: r["id"] for r in m.get_all(filters={"user_id": USER})["results"]}
        office = by_text["Please ship the replacement to my office in Porto"]
        m.update(office, text="Please ship the replacement to my home in Braga")
        m.delete(by_text["The blender arrived with a cracked jar"])
        print(f"\nafter update and delete: {len(m.get_all(filters={'user_id': USER})['results'])} memories")
        print(f"the same id holds the new text: {m.get(office)['memory']!r}")  # type: ignore[index]
        print("history, from the event log:")
        for memory_id in (office, by_text["The blender arrived with a cracked jar"]):
            for row in m.history(memory_id):
                print(f"  {row['event']:>6} {row['old_memory']!r} -> {row['new_memory']!r} ({row['reason']})")


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--worker":
        worker(sys.argv[2])
    elif len(sys.argv) > 1:
        main(sys.argv[1])
    else:
        with tempfile.TemporaryDirectory(prefix="ledgermind-mem0-") as tmp:
            main(os.path.join(tmp, "agent.db"))
