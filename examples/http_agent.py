"""An agent that keeps its memory in a ledgermind server, is SIGKILLed, and is
restored over HTTP by a supervisor in another process, which carries on.

Nothing here imports ledgermind: the agent and the supervisor speak plain
HTTP (``httpx``), as an agent written in Go or TypeScript would. The script
plays every part on a temporary SQLite file:

1. starts ``ledgermind serve`` (port 0: any free port) after creating an API
   key with ``ledgermind keys create``;
2. starts the agent (this file with ``agent``): each step appends the
   user's and the assistant's turns (with an ``Idempotency-Key``, so a
   retried step never writes twice) and checkpoints ``{"step": n}``;
3. SIGKILLs the agent mid-run, with no chance to clean up;
4. restores the agent with ``GET .../agents/{agent}/restore`` (session,
   messages, open tasks and the last checkpoint, from the event store) and
   starts a new agent process that resumes at the next step;
5. checks the whole conversation: every step once, in order.

Run: ``python examples/http_agent.py`` (needs ``pip install "ledgermind[service]"``).
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

import httpx

APP, USER, AGENT = "travel-app", "ken", "planner"
STEPS = 12


def agent(url: str, secret: str, start: int, session: str | None) -> None:
    """The agent's loop: one step is two messages and a checkpoint."""
    base = f"/v1/users/{USER}"
    with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {secret}"}, timeout=30) as api:
        if session is None:
            session = api.post(f"{base}/sessions", json={"agent_id": AGENT}).raise_for_status().json()["session_id"]
        for step in range(start, STEPS + 1):
            turns = {
                "messages": [
                    {"role": "user", "content": f"step {step}: what next?"},
                    {"role": "assistant", "content": f"step {step}: done"},
                ]
            }
            # A retried step (the process died before it heard back) returns the same seqs.
            api.post(
                f"{base}/sessions/{session}/messages", json=turns, headers={"Idempotency-Key": f"{session}:step-{step}"}
            ).raise_for_status()
            api.put(f"{base}/agents/{AGENT}/checkpoint", json={"state": {"step": step}}).raise_for_status()
            print(f"step {step}", flush=True)
            time.sleep(0.05)  # the agent "thinks"


def serve(db: str, log_path: str) -> tuple[subprocess.Popen[bytes], str]:
    with open(log_path, "wb") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "ledgermind.cli", "serve", "--db", db, "--port", "0", "--log-level", "info"],
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    for _ in range(1200):
        with open(log_path) as log_file:
            text = log_file.read()
        found = re.search(r"running on (http://\S+)", text)
        if found:
            return server, found.group(1)
        time.sleep(0.05)
    raise SystemExit("ledgermind serve did not start:\n" + text)


def supervise(tmp: str) -> None:
    db = os.path.join(tmp, "ledgermind.db")
    made = subprocess.run(
        [
            sys.executable,
            "-m",
            "ledgermind.cli",
            "keys",
            "create",
            "--db",
            db,
            "--app",
            APP,
            "--label",
            "example",
            "--json",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    secret = json.loads(made.stdout)["secret"]
    server, url = serve(db, os.path.join(tmp, "serve.log"))
    try:
        child = subprocess.Popen(
            [sys.executable, __file__, "agent", url, secret, "1"], stdout=subprocess.PIPE, text=True
        )
        assert child.stdout is not None
        for line in child.stdout:
            print("agent:", line.strip())
            if line.strip() == "step 5":
                break
        child.send_signal(signal.SIGKILL)
        child.wait()
        print(f"supervisor: agent killed (exit {child.returncode})")

        with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {secret}"}, timeout=30) as api:
            restored = api.get(f"/v1/users/{USER}/agents/{AGENT}/restore", params={"last_n": 2})
            restored = restored.raise_for_status().json()
            step = restored["state"]["step"]
            print(
                f"supervisor: restored session {restored['session_id'][:8]}, {restored['message_count']} "
                f"messages, checkpoint step {step}; last turn: {restored['messages'][-1]['content']!r}"
            )
            resumed = subprocess.run(
                [sys.executable, __file__, "agent", url, secret, str(step + 1), restored["session_id"]],
                capture_output=True,
                text=True,
                check=True,
            )
            for line in resumed.stdout.splitlines():
                print("agent (restored):", line)
            final = api.get(f"/v1/users/{USER}/agents/{AGENT}/restore").raise_for_status().json()
        steps = [m["content"].split(":")[0] for m in final["messages"] if m["role"] == "assistant"]
        assert steps == [f"step {i}" for i in range(1, STEPS + 1)], steps
        print(f"supervisor: conversation complete, {len(final['messages'])} messages, every step once, in order")
    finally:
        server.send_signal(signal.SIGTERM)  # graceful: requests in flight finish first
        server.wait(60)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "agent":
        agent(sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5] if len(sys.argv) > 5 else None)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            supervise(tmp)
