"""The scripted agent that ``ledgermind demo`` crashes.

The demo starts it as a child process, ``python -m ledgermind.cli.demo_agent``,
and kills it; the parent imports only its script and owner from here.
"""

from __future__ import annotations

import argparse
import sys
import time

from ledgermind.domain.owner import Owner

__all__ = ["AGENT", "CONTINUATION", "OWNER", "SCRIPT", "run_child"]

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
    (
        "assistant",
        "Yes: we fixed the Safari structuredClone crash by raising the Vite target; "
        "I was watching production after your deploy.",
    ),
]


def run_child(argv: list[str]) -> int:
    """The agent being crashed (``python -m ledgermind.cli.demo_agent``): one ACK line
    per durable write. Not a subcommand: nobody should run it by hand."""
    parser = argparse.ArgumentParser(prog="python -m ledgermind.cli.demo_agent")
    parser.add_argument("--db", required=True)
    parser.add_argument("--delay", type=float, default=0.02)
    args = parser.parse_args(argv)
    from ledgermind.api import MemoryEngine  # not at import: `ledgermind --help` imports this module

    with MemoryEngine.open(args.db) as eng:
        mem = eng.for_owner(OWNER)
        sid = mem.create_session(AGENT)
        print(f"SESSION {sid}", flush=True)
        task_id = None
        for turn, (role, content) in enumerate(SCRIPT, start=1):
            seq = mem.add_message(sid, role=role, content=content, client_id=f"turn-{turn}")
            print(f"ACK {seq} {role}", flush=True)
            mem.checkpoint_agent(AGENT, {"turn": turn, "last_seq": seq})
            if turn == 11:
                task_id = mem.start_task(sid, input="verify production checkout on Safari")
                print(f"TASK {task_id}", flush=True)
            time.sleep(args.delay)
        if task_id:
            mem.complete_task(task_id, output="verified")
    return 0


if __name__ == "__main__":
    sys.exit(run_child(sys.argv[1:]))
