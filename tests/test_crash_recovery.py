"""SIGKILL a writing process at random moments; recovery loses nothing.

Each round starts tests/crash_child.py on one database shared by every
round, lets it append for a random few milliseconds (sometimes it is killed
while still opening the engine or creating its session), kills it with
SIGKILL, then a new engine in this process checks, from the event store only:

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
from pathlib import Path
from types import ModuleType
from typing import Any

from engine import MemoryEngine, Owner
from recovery import restore_agent

ROUNDS = 20
CHILD = Path(__file__).with_name("crash_child.py")


def _load_child() -> ModuleType:
    spec = importlib.util.spec_from_file_location("memledger_crash_child", CHILD)
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


def _run_child(url: str, round_no: int, mode: str, sid: str | None, rng: random.Random) -> tuple[ChildReport, int]:
    args = [sys.executable, str(CHILD), url, str(round_no), mode] + ([sid] if sid else [])
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    report = ChildReport()
    ready = threading.Event()
    lines: list[str] = []

    def pump() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line)
            if line.startswith("READY"):
                ready.set()

    reader = threading.Thread(target=pump, daemon=True)
    reader.start()
    if round_no > 0 and rng.random() < 0.2:
        time.sleep(rng.uniform(0.0, 0.6))  # may land while it imports, opens or creates
    else:
        assert ready.wait(60), f"child never became ready: {proc.stderr.read() if proc.poll() is not None else ''}"
        time.sleep(rng.uniform(0.002, 0.06))
    proc.send_signal(signal.SIGKILL)
    proc.wait(30)
    reader.join(30)
    assert proc.stderr is not None
    stderr = proc.stderr.read()
    assert proc.returncode == -signal.SIGKILL, f"child exited {proc.returncode}: {stderr}"
    for line in lines:
        report.read(line)
    return report, proc.returncode


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
    restored = restore_agent(eng, OWNER, child.AGENT)
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
    assert len(tail) in allowed, f"round {round_no}: {len(tail)} new messages, acked {report.acked}, in flight {report.in_flight}"
    for index, m in enumerate(tail):
        assert (m.role, m.content) == (child.role_for(index), child.content_for(round_no, index))
        assert m.client_id == child.client_id_for(round_no, index)
    for index, seq in report.ack_seqs.items():
        assert seq == base + index + 1
    before.extend((m.role, m.content) for m in tail)

    # The next append continues the sequence.
    n = len(before)
    assert eng.add_message(sid, role="system", content=f"parent after round {round_no}") == n + 1
    before.append(("system", f"parent after round {round_no}"))

    # Retrying the in-flight write is safe whichever way it went.
    if report.in_flight is not None:
        first, count = report.in_flight
        committed = len(tail) == first + count
        batch = [child.message(round_no, first + k) for k in range(count)]
        seqs = eng.add_messages(sid, batch)
        if committed:  # the original seqs, nothing written
            assert seqs == [base + first + k + 1 for k in range(count)]
        else:
            assert seqs == list(range(n + 2, n + 2 + count))
            before.extend((str(m["role"]), str(m["content"])) for m in batch)
    assert [(m.role, m.content) for m in restore_agent(eng, OWNER, child.AGENT).messages] == before

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
    acked_rounds = 0
    for round_no in range(ROUNDS):
        # Mostly one long session across rounds; every fourth round a new one.
        mode = "new" if current is None or round_no % 4 == 3 else "continue"
        report, _ = _run_child(db_url, round_no, mode, current if mode == "continue" else None, rng)
        if report.acked:
            acked_rounds += 1
        with MemoryEngine.open(db_url) as eng:
            try:
                current, state = _check_round(eng, round_no, report, expected, current, mode, state)
            except AssertionError as e:
                raise AssertionError(f"seed {seed}, round {round_no} ({mode}): {e}") from e
    # The test only means something if most kills landed mid-append.
    assert acked_rounds >= ROUNDS // 2, f"seed {seed}: only {acked_rounds} rounds acknowledged a write"
