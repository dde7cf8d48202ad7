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

from engine.api import MemoryEngine
from engine.cli.output import print_json, print_table
from engine.owner import Owner

__all__ = ["register", "SCRIPT"]

OWNER = Owner(app="demo-support", user_id="user-42")
AGENT = "agent-7"

SCRIPT: list[tuple[str, str]] = [
    ("user", "Hi, I'm Ken, a front-end programmer. Our checkout page crashes on Safari."),
    ("assistant", "Sorry to hear that, Ken. Which Safari version, and what does the console show?"),
    ("user", "Safari 17.4. The console says 'structuredClone is not defined'."),
    ("assistant", "structuredClone needs Safari 15.4+, so a polyfill or bundler target is stripping it."),
    ("user", "We build with Vite and target es2015. I prefer not to add polyfills."),
    ("assistant", "Then raise the build target to safari15 in vite.config; no polyfill needed."),
    ("user", "Done. Our production environment uses Node 20, by the way."),
    ("assistant", "Noted. Rebuild and redeploy; the crash should be gone."),
    ("user", "Deployed to staging. The checkout page loads now."),
    ("assistant", "Great. Want me to open a task to verify production after deploy?"),
    ("user", "Yes please, and remind me to update the changelog."),
    ("assistant", "Task opened: verify production checkout on Safari; changelog reminder saved."),
    ("user", "Production deploy finished ten minutes ago."),
    ("assistant", "Checking the error rate for Safari sessions since the deploy."),
    ("user", "Anything else I should watch?"),
    ("assistant", "Watch the Safari error rate for a day; I will close the task after that."),
]
CONTINUATION: list[tuple[str, str]] = [
    ("user", "Are you back? What were we doing?"),
    ("assistant", "Yes: we fixed the Safari structuredClone crash by raising the Vite target; "
     "I was watching production after your deploy."),
]


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
    child = sub.add_parser("demo-child", help=argparse.SUPPRESS, description="(internal) the demo's agent")
    child.add_argument("--db", required=True)
    child.add_argument("--delay", type=float, default=0.02)
    child.set_defaults(handler=run_child)


def run_child(args: argparse.Namespace) -> int:
    """The agent being crashed: one ACK line per durable write."""
    with MemoryEngine.open(args.db) as eng:
        sid = eng.create_session(OWNER, agent_id=AGENT)
        print(f"SESSION {sid}", flush=True)
        task_id = None
        for turn, (role, content) in enumerate(SCRIPT, start=1):
            seq = eng.add_message(sid, role=role, content=content, client_id=f"turn-{turn}")
            print(f"ACK {seq} {role}", flush=True)
            eng.checkpoint_agent(OWNER, AGENT, {"turn": turn, "last_seq": seq})
            if turn == 11:
                task_id = eng.start_task(sid, input="verify production checkout on Safari")
                print(f"TASK {task_id}", flush=True)
            time.sleep(args.delay)
        if task_id:
            eng.complete_task(task_id, output="verified")
    return 0


def run(args: argparse.Namespace) -> int:
    from recovery import restore_agent  # the CLI is the composition root

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
        [sys.executable, "-m", "engine.cli", "demo-child", "--db", db, "--delay", str(args.delay)],
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
            seq = eng.add_message(restored.session_id, role=role, content=content)
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
