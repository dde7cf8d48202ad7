"""``memledger demo``: crash an agent with SIGKILL, restore it, lose nothing.

The child process plays a scripted support agent and prints one ``ACK`` line
after each write returns (that is, after it is durable). The parent kills it
with SIGKILL mid-conversation, restores the agent from the event store, and
checks every acknowledged message against what came back. Exit status 1 if
anything acknowledged is missing, duplicated or altered.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from typing import Any

from memledger.api import MemoryEngine
from memledger.cli.demo_agent import AGENT, CONTINUATION, OWNER, SCRIPT
from memledger.cli.output import print_json, print_table

__all__ = ["register"]

def register(sub: Any) -> None:
    p = sub.add_parser(
        "demo",
        help="crash a scripted agent with SIGKILL, restore it, show nothing was lost",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--db", default=None, help="SQLite file to use (default: a fresh temp file)")
    p.add_argument(
        "--kill-after", type=int, default=12, metavar="N",
        help="SIGKILL the child after N acknowledged messages (default 12)",
    )
    p.add_argument("--delay", type=float, default=0.02, help="seconds between the child's turns")
    p.add_argument("--json", action="store_true", help="print the outcome as JSON")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from memledger.recovery import restore_agent  # the CLI is the composition root

    if args.db:
        db = args.db
        if os.path.exists(db):
            print(f"memledger demo: {db} exists; the demo wants a fresh file", file=sys.stderr)
            return 2
    else:
        db = os.path.join(tempfile.mkdtemp(prefix="memledger-demo-"), "demo.db")
    quiet = args.json
    say = (lambda *_: None) if quiet else print
    say(f"1. Starting a scripted support agent in a child process (database: {db})")
    child = subprocess.Popen(
        [sys.executable, "-m", "memledger.cli.demo_agent", "--db", db, "--delay", str(args.delay)],
        stdout=subprocess.PIPE,
        text=True,
    )
    acked: dict[int, str] = {}
    assert child.stdout is not None
    for line in child.stdout:
        parts = line.split()
        if parts and parts[0] == "ACK":
            acked[int(parts[1])] = parts[2]
            if len(acked) >= args.kill_after:
                child.send_signal(signal.SIGKILL)
                break
    child.wait()
    killed = child.returncode == -signal.SIGKILL
    say(f"2. Child {'killed with SIGKILL' if killed else 'exited'} after {len(acked)} acknowledged messages")

    with MemoryEngine.open(db) as eng:
        started = time.perf_counter()
        restored = restore_agent(eng, OWNER, AGENT)
        restore_ms = (time.perf_counter() - started) * 1000
        say(f"3. Restored agent {AGENT} from the event store in {restore_ms:.1f} ms: "
            f"session {restored.session_id}, {restored.message_count} messages, "
            f"{len(restored.open_tasks)} open task(s), state {restored.state}")
        by_seq: dict[int, list[Any]] = {}
        for m in restored.messages:
            by_seq.setdefault(m.seq, []).append(m)
        rows = []
        lost = duplicated = altered = 0
        for seq in sorted(set(acked) | set(by_seq)):
            found = by_seq.get(seq, [])
            expected_role, expected_text = SCRIPT[seq - 1] if seq <= len(SCRIPT) else ("?", "?")
            if seq in acked and not found:
                status, lost = "LOST", lost + 1
            elif len(found) > 1:
                status, duplicated = "DUPLICATED", duplicated + 1
            elif found and (found[0].content != expected_text or found[0].role != expected_role):
                status, altered = "ALTERED", altered + 1
            elif seq in acked:
                status = "restored"
            else:
                status = "restored (committed, ack not seen)"
            rows.append((seq, expected_role, "yes" if seq in acked else "no", status, expected_text))
        if not quiet:
            print_table(["seq", "role", "acked", "after restore", "content"], rows, max_width=56)
        contiguous = [m.seq for m in restored.messages] == list(range(1, restored.message_count + 1))

        say("4. Continuing the conversation in the restored session")
        for role, content in CONTINUATION:
            seq = eng.add_message(OWNER, restored.session_id, role=role, content=content)
            say(f"   {seq:>3} {role:<9} {content}")
        final = restore_agent(eng, OWNER, AGENT)

    ok = killed and lost == 0 and duplicated == 0 and altered == 0 and contiguous
    outcome = {
        "database": db,
        "killed_with_sigkill": killed,
        "acknowledged": len(acked),
        "restored": restored.message_count,
        "lost": lost,
        "duplicated": duplicated,
        "altered": altered,
        "seqs_contiguous": contiguous,
        "open_tasks_restored": len(restored.open_tasks),
        "state_restored": restored.state,
        "restore_ms": round(restore_ms, 2),
        "messages_after_continuing": final.message_count,
        "ok": ok,
    }
    if quiet:
        print_json(outcome)
    else:
        verdict = "OK: every acknowledged message came back exactly once" if ok else "FAILED"
        print(f"5. {verdict} (lost {lost}, duplicated {duplicated}, altered {altered}); "
              f"the session now holds {final.message_count} messages.")
    return 0 if ok else 1
