"""A supervised agent that is killed mid-conversation and comes back with its memory.

    python examples/supervised_agent.py [--db PATH] [--turns N]

What it shows:

1. The example runs ``ledgermind supervise`` on itself (``--agent-loop``): the
   agent holds a scripted conversation, one turn at a time, heartbeating
   after each, every write carrying its incarnation (``ledgermind.supervised()``).
2. Its first incarnation kills itself with SIGKILL at a random turn: no
   clean-up, no last words. The supervisor records ``agent.crashed`` (the
   signal, the last heartbeat), starts incarnation 2 (which fences the
   session) and restarts the command. Incarnation 2 restores the
   conversation from the log and carries on where the first one died.
3. Then the example resurrects incarnation 1, as a hung process that wakes
   up would, and tries to write as it: the write is refused
   (``StaleIncarnation``) and is not in the log.
4. The agent's audit trail: every incarnation, crash and stop is an event
   (``ledgermind audit agent``).
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile

AGENT = "tutor"
APP, USER = "supervised-example", "ada"
QUESTIONS = [
    "What is an event log?",
    "Why append-only?",
    "What is a snapshot?",
    "What is optimistic concurrency?",
    "What is a fencing token?",
    "Why fence a restarted agent?",
]


def agent_loop(turns: int) -> int:
    """The agent: one question and one answer per turn, resumed from the log."""
    import ledgermind

    with ledgermind.supervised() as me:
        done = sum(1 for m in me.restored.messages if m.role == "assistant")
        print(
            f"  [agent] incarnation {me.incarnation}: restored {len(me.restored.messages)} messages, "
            f"resuming at turn {done + 1}",
            flush=True,
        )
        doomed = random.randint(done + 1, turns - 1) if me.restarts == 0 and turns > 1 else None
        for turn in range(done + 1, turns + 1):
            question = QUESTIONS[(turn - 1) % len(QUESTIONS)]
            me.add_messages(
                [
                    {"role": "user", "content": question},
                    {"role": "assistant", "content": f"(turn {turn}) an answer to: {question}"},
                ]
            )
            me.checkpoint({"turn": turn})
            me.beat()
            if turn == doomed:
                print(f"  [agent] incarnation {me.incarnation}: killed at turn {turn}", flush=True)
                os.kill(os.getpid(), signal.SIGKILL)
        print(f"  [agent] incarnation {me.incarnation}: conversation complete", flush=True)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--db", default=None, help="a SQLite file (default: a temporary one)")
    parser.add_argument("--turns", type=int, default=5)
    parser.add_argument("--agent-loop", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.agent_loop:
        return agent_loop(args.turns)

    from ledgermind import MemoryEngine, Owner
    from ledgermind.domain.agent import Agent
    from ledgermind.domain.errors import StaleIncarnation
    from ledgermind.domain.stream_ids import agent_stream_id

    tmp = tempfile.TemporaryDirectory()
    db = args.db or os.path.join(tmp.name, "supervised.db")
    print(f"1. ledgermind supervise runs the agent ({db})")
    code = subprocess.call([
        sys.executable, "-m", "ledgermind.cli", "supervise", "--db", db, "--app", APP, "--user", USER,
        "--agent", AGENT, "--heartbeat-timeout", "10", "--backoff", "0.2",
        "--", sys.executable, os.path.abspath(__file__), "--agent-loop", "--turns", str(args.turns),
    ])  # fmt: skip
    print(f"   the supervisor exited with {code}")

    owner = Owner(APP, USER)
    with MemoryEngine.open(db) as eng:
        restored = eng.for_owner(owner).restore_agent(AGENT)
        print(f"\n2. the conversation, whole across the crash (incarnation {restored.incarnation} now):")
        for m in restored.messages:
            print(f"   {m.seq:>2} {m.role:<9} {m.content}")

        print("\n3. incarnation 1 comes back from the dead and writes:")
        try:
            eng.for_owner(owner).add_message(restored.session_id, "assistant", "I am still here!", incarnation=1)
            print("   accepted (this must not happen)")
            return 1
        except StaleIncarnation as e:
            print(f"   refused: {e}")
        after = eng.for_owner(owner).restore_agent(AGENT)
        print(f"   the log still holds {after.message_count} messages; none is the zombie's")

        print(f"\n4. the agent's audit trail (ledgermind audit agent --db {db} --app {APP} --user {USER} {AGENT}):")
        for event in eng.writes.stream_events(agent_stream_id(owner, AGENT)):
            if isinstance(event, Agent.Incarnated):
                print(f"   agent.incarnated  epoch {event.epoch}")
            elif isinstance(event, Agent.Crashed):
                print(f"   agent.crashed     incarnation {event.incarnation}: {event.reason}")
            elif isinstance(event, Agent.Stopped):
                print(f"   agent.stopped     incarnation {event.incarnation}: {event.reason}")
    tmp.cleanup()
    return 0 if code == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
