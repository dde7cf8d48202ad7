"""SIGKILL a writing process at random moments; recovery loses nothing.

Each round starts tests/support/crash_child.py on one database shared by every
round, lets it append a random number of messages and kills it with SIGKILL
a random few milliseconds later (every fifth round: at a random moment of its
start-up, while it imports, opens the store or creates its session), then a
new engine in this process checks, from the event store only:

- every acknowledged message is there exactly once, in order, seqs 1..n;
- anything beyond the acknowledged ones is exactly the write that was in
  flight (a whole batch or nothing: atomic), with the child's exact content;
- the next append gets seq n + 1;
- retrying the in-flight write with its client_ids returns the original seqs
  when it had committed, and appends it once when it had not;
- the last checkpoint is the last acknowledged one or the one in flight.
"""

from __future__ import annotations

import importlib.util
import random
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from ledgermind import MemoryEngine, Owner
from tests.support.paths import CRASH_CHILD

ROUNDS = 12  # SIGKILL rounds per backend (each a kill at a random point of a write)
CHILD = CRASH_CHILD


def _load_child() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ledgermind_crash_child", CHILD)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


child = _load_child()
OWNER = Owner(child.APP, child.USER)


@dataclass
class ChildReport:
    """What the parent read from the child's stdout before it died."""

    session_id: str | None = None
    acked: int = 0  # messages index 0..acked-1 were acknowledged
    ack_seqs: dict[int, int] = field(default_factory=dict)  # index -> seq
    in_flight: tuple[int, int] | None = None  # (index, count) tried, not acked
    checkpoint_acked: int | None = None
    checkpoint_in_flight: int | None = None

    def read(self, line: str) -> None:
        if not line.endswith("\n"):
            return  # cut short by the kill: treat as never said
        word, *rest = line.split()
        if word == "READY":
            self.session_id = rest[0]
        elif word == "TRY":
            self.in_flight = (int(rest[0]), int(rest[1]))
        elif word == "ACK":
            first, seqs = int(rest[0]), [int(s) for s in rest[1].split(",")]
            assert self.in_flight == (first, len(seqs)), line
            for k, seq in enumerate(seqs):
                self.ack_seqs[first + k] = seq
            self.acked = first + len(seqs)
            self.in_flight = None
        elif word == "CKTRY":
            self.checkpoint_in_flight = int(rest[0])
        elif word == "CKACK":
            self.checkpoint_acked = int(rest[0])
            self.checkpoint_in_flight = None


def _run_child(
    url: str, round_no: int, mode: str, sid: str | None, rng: random.Random, startup: list[float]
) -> ChildReport:
    """Starts a child and SIGKILLs it: usually at a random moment after a
    random number (1-60) of acknowledged writes; every fifth round at a random
    moment of its start-up (importing, opening the store, creating its session)."""
    args = [sys.executable, str(CHILD), url, str(round_no), mode] + ([sid] if sid else [])
    started = time.monotonic()
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines: list[str] = []
    seen = threading.Condition()
    progress = {"acks": 0, "eof": False}

    def pump() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            with seen:
                lines.append(line)
                if line.startswith("READY"):
                    startup.append(time.monotonic() - started)
                progress["acks"] += line.startswith("ACK")
                seen.notify_all()
        with seen:
            progress["eof"] = True
            seen.notify_all()

    reader = threading.Thread(target=pump, daemon=True)
    reader.start()
    if round_no % 5 == 2 and startup:
        time.sleep(rng.uniform(0.5, 1.05) * sorted(startup)[len(startup) // 2])
    else:
        target = rng.randint(1, 60)
        with seen:
            seen.wait_for(lambda: progress["acks"] >= target or progress["eof"], timeout=120)
            assert progress["acks"] >= target, f"child stopped early: {''.join(lines[-3:])}"
        time.sleep(rng.uniform(0.0, 0.015))  # before, inside or after the next write
    proc.send_signal(signal.SIGKILL)
    proc.wait(30)
    reader.join(30)
    assert proc.stderr is not None
    stderr = proc.stderr.read()
    assert proc.returncode == -signal.SIGKILL, f"child exited {proc.returncode}: {stderr}"
    report = ChildReport()
    for line in lines:
        report.read(line)
    return report


def _check_round(
    eng: MemoryEngine,
    round_no: int,
    report: ChildReport,
    expected: dict[str, list[tuple[str, str]]],
    current: str | None,
    mode: str,
    state: Any,
) -> tuple[str, Any]:
    """Checks one round's outcome; returns the agent's session and state after it."""
    restored = eng.for_owner(OWNER).restore_agent(child.AGENT)
    sid = restored.session_id
    if report.session_id is not None:
        assert sid == report.session_id
    elif mode == "continue":
        assert sid == current
    elif sid != current:  # killed before READY, after create_session committed
        assert sid not in expected and restored.message_count == 0
    before = expected.setdefault(sid, [])
    base = len(before)
    got = [(m.role, m.content) for m in restored.messages]
    seqs = [m.seq for m in restored.messages]
    assert seqs == list(range(1, len(seqs) + 1)), f"round {round_no}: seqs {seqs}"
    assert restored.message_count == len(seqs)
    assert got[: len(before)] == before, f"round {round_no}: earlier messages changed"
    tail = restored.messages[len(before) :]
    allowed = {report.acked}
    if report.in_flight is not None:
        allowed.add(report.in_flight[0] + report.in_flight[1])
    assert len(tail) in allowed, (
        f"round {round_no}: {len(tail)} new messages, acked {report.acked}, in flight {report.in_flight}"
    )
    for index, m in enumerate(tail):
        assert (m.role, m.content) == (child.role_for(index), child.content_for(round_no, index))
        assert m.client_id == child.client_id_for(round_no, index)
    for index, seq in report.ack_seqs.items():
        assert seq == base + index + 1
    before.extend((m.role, m.content) for m in tail)

    # The next append continues the sequence.
    n = len(before)
    assert eng.for_owner(OWNER).add_message(sid, role="system", content=f"parent after round {round_no}") == n + 1
    before.append(("system", f"parent after round {round_no}"))

    # Retrying the in-flight write is safe whichever way it went.
    if report.in_flight is not None:
        first, count = report.in_flight
        committed = len(tail) == first + count
        batch = [child.message(round_no, first + k) for k in range(count)]
        seqs = eng.for_owner(OWNER).add_messages(sid, batch)
        if committed:  # the original seqs, nothing written
            assert seqs == [base + first + k + 1 for k in range(count)]
        else:
            assert seqs == list(range(n + 2, n + 2 + count))
            before.extend((str(m["role"]), str(m["content"])) for m in batch)
    assert [(m.role, m.content) for m in eng.for_owner(OWNER).restore_agent(child.AGENT).messages] == before

    states = [state]
    if report.checkpoint_acked is not None:
        states = [{"round": round_no, "index": report.checkpoint_acked}]
    if report.checkpoint_in_flight is not None:
        states.append({"round": round_no, "index": report.checkpoint_in_flight})
    assert restored.state in states, f"round {round_no}: state {restored.state}, expected one of {states}"
    return sid, restored.state


def test_sigkill_rounds_lose_nothing(db_url: str) -> None:
    seed = random.randrange(1 << 30)  # reported on failure
    rng = random.Random(seed)
    expected: dict[str, list[tuple[str, str]]] = {}
    current: str | None = None
    state: Any = None
    startup: list[float] = []
    for round_no in range(ROUNDS):
        # Mostly one long session across rounds; every fourth round a new one.
        mode = "new" if current is None or round_no % 4 == 3 else "continue"
        report = _run_child(db_url, round_no, mode, current if mode == "continue" else None, rng, startup)
        with MemoryEngine.open(db_url) as eng:
            try:
                current, state = _check_round(eng, round_no, report, expected, current, mode, state)
            except AssertionError as e:
                raise AssertionError(f"seed {seed}, round {round_no} ({mode}): {e}") from e
