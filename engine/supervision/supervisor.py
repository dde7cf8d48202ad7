"""``ledgermind supervise``: run an agent command, restart it with its memory.

One loop: start a new incarnation (``restore_agent(..., incarnate=True)``,
or ``claim_agent`` and a first session on a fresh start), run the command as
a child with the variables of ``ledgermind.supervision.child``, and watch it.
When it exits non-zero, dies of a signal, or stops heartbeating for
``heartbeat_timeout_s`` (or sends none within ``first_heartbeat_s`` of its
start; it is then killed), the supervisor records
``agent.crashed`` (exit code or signal, the last heartbeat it saw) and
starts the next incarnation after an exponential backoff. The new
incarnation fences the old one: if the "dead" child was only hung or
partitioned and writes again, its writes are refused (``StaleIncarnation``).

Why a crash-loop limit: an agent that dies on start (a bad key, a missing
file) would otherwise restart forever, each time a little later. More than
``max_restarts`` crashes within ``window_s`` seconds ends the supervisor
with ``CRASH_LOOP_EXIT`` and a message naming the last failure.

SIGTERM or SIGINT to the supervisor stops the child gracefully: SIGTERM to
its process group, SIGKILL after ``stop_grace_s``, then ``agent.stopped``.
The child runs in its own process group, so a command that spawns helpers
is stopped whole.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Literal, TextIO

from ledgermind.api import MemoryEngine
from ledgermind.api.stop_signals import on_stop_signals
from ledgermind.domain.errors import AgentNotFound, InvalidInput
from ledgermind.domain.owner import Owner
from ledgermind.supervision.child import (
    ENV_AGENT,
    ENV_APP,
    ENV_DB,
    ENV_HEARTBEAT,
    ENV_INCARNATION,
    ENV_RESTARTS,
    ENV_SESSION,
    ENV_USER,
)

__all__ = ["CRASH_LOOP_EXIT", "RestartPolicy", "Supervisor"]

CRASH_LOOP_EXIT = 3  # the supervisor gave up: the agent crashed too often


@dataclass(frozen=True, slots=True)
class RestartPolicy:
    restart: Literal["on-failure", "always"] = "on-failure"  # always: also after a clean exit
    backoff_s: float = 1.0  # the first restart's delay; doubles per consecutive crash
    backoff_max_s: float = 60.0
    max_restarts: int = 5  # crashes tolerated within window_s; one more ends the supervisor
    window_s: float = 60.0
    heartbeat_timeout_s: float | None = None  # None: heartbeats are not watched
    # With heartbeats watched, how long a child may take to its first beat
    # (starting an interpreter and opening the store can outlast a short
    # timeout); after that, heartbeat_timeout_s between beats.
    first_heartbeat_s: float = 30.0
    stop_grace_s: float = 10.0  # SIGTERM, then SIGKILL after this long
    poll_s: float = 0.1

    def __post_init__(self) -> None:
        if self.restart not in ("on-failure", "always"):
            raise InvalidInput(f"restart must be on-failure or always, got {self.restart!r}")
        for name in ("backoff_s", "backoff_max_s", "window_s", "stop_grace_s", "poll_s", "first_heartbeat_s"):
            if not getattr(self, name) >= 0:
                raise InvalidInput(f"{name} must not be negative")
        if self.max_restarts < 0:
            raise InvalidInput("max_restarts must not be negative")
        if self.heartbeat_timeout_s is not None and not self.heartbeat_timeout_s > 0:
            raise InvalidInput("heartbeat_timeout_s must be positive")

    def delay(self, consecutive: int) -> float:
        """The backoff before restart number ``consecutive`` (1-based) of a streak."""
        return float(min(self.backoff_max_s, self.backoff_s * 2 ** max(0, consecutive - 1)))


@dataclass(frozen=True, slots=True)
class _Exit:
    outcome: Literal["crashed", "stopped"]
    exit_code: int | None
    signal: int | None
    last_heartbeat: datetime | None
    reason: str


class Supervisor:
    """Runs ``command`` as ``agent_id`` of ``owner`` until it stops for good."""

    def __init__(
        self,
        engine: MemoryEngine,
        owner: Owner,
        agent_id: str,
        command: Sequence[str],
        policy: RestartPolicy | None = None,
        *,
        out: TextIO | None = None,
    ) -> None:
        if not command:
            raise InvalidInput("supervise needs a command to run (after --)")
        self.engine = engine
        self.owner = owner
        self.agent_id = agent_id
        self.command = list(command)
        self.policy = policy or RestartPolicy()
        self.out = out if out is not None else sys.stderr
        self.restarts = 0
        self._stop = threading.Event()
        self._stop_reason = ""

    def stop(self, reason: str = "the supervisor was asked to stop") -> None:
        """Stops the child gracefully and ends ``run`` (thread- and signal-safe)."""
        self._stop_reason = reason
        self._stop.set()

    def run(self) -> int:
        """Supervises until a clean stop (0), or a crash loop (``CRASH_LOOP_EXIT``)."""
        restore = on_stop_signals(lambda signum: self.stop(f"the supervisor received {signum.name}"))
        try:
            return self._loop()
        finally:
            restore()

    # --- the loop -----------------------------------------------------------------

    def _loop(self) -> int:
        policy = self.policy
        crashes: deque[float] = deque()
        streak = 0
        while not self._stop.is_set():
            incarnation, session_id = self._incarnate()
            started = time.monotonic()
            ended = self._run_child(incarnation, session_id)
            self.engine.for_owner(self.owner).record_agent_exit(self.agent_id, incarnation, ended.outcome,
                exit_code=ended.exit_code, signal=ended.signal,
                last_heartbeat=ended.last_heartbeat, reason=ended.reason,
            )  # fmt: skip
            self._say(f"incarnation {incarnation} {ended.outcome}: {ended.reason}")
            if self._stop.is_set():
                return 0
            if ended.outcome == "stopped" and policy.restart == "on-failure":
                return 0
            now = time.monotonic()
            if ended.outcome == "crashed":
                crashes.append(now)
                while crashes and now - crashes[0] > policy.window_s:
                    crashes.popleft()
                if len(crashes) > policy.max_restarts:
                    self._say(
                        f"giving up: agent {self.agent_id!r} crashed {len(crashes)} times within "
                        f"{policy.window_s:g} s (the limit is {policy.max_restarts} restarts); "
                        f"last: {ended.reason}"
                    )
                    return CRASH_LOOP_EXIT
                streak = 1 if now - started > policy.window_s else streak + 1
            else:
                streak = 0
            delay = policy.delay(streak) if streak else policy.backoff_s
            self._say(f"restarting in {delay:g} s")
            if self._stop.wait(delay):
                return 0
            self.restarts += 1
        return 0

    def _incarnate(self) -> tuple[int, str]:
        """A new incarnation fencing the old: restored from the log, or a fresh
        claim with a first session; a closed session is followed by a new one."""
        eng, owner = self.engine, self.owner
        try:
            restored = eng.for_owner(owner).restore_agent(self.agent_id, 0, incarnate=True)
        except AgentNotFound:
            incarnation = eng.for_owner(owner).claim_agent(self.agent_id)
            return incarnation, eng.for_owner(owner).create_session(self.agent_id, incarnation=incarnation)
        if restored.session_closed:
            return restored.incarnation, eng.for_owner(owner).create_session(
                self.agent_id, incarnation=restored.incarnation
            )
        return restored.incarnation, restored.session_id

    def _run_child(self, incarnation: int, session_id: str) -> _Exit:
        policy = self.policy
        env = dict(os.environ)
        env.update({
            ENV_DB: self.engine.config.db, ENV_APP: self.owner.app, ENV_USER: self.owner.user_id,
            ENV_AGENT: self.agent_id, ENV_INCARNATION: str(incarnation), ENV_SESSION: session_id,
            ENV_RESTARTS: str(self.restarts),
        })  # fmt: skip
        env.pop(ENV_HEARTBEAT, None)
        if policy.heartbeat_timeout_s is not None:
            env[ENV_HEARTBEAT] = f"{policy.heartbeat_timeout_s / 3:g}"
        try:
            child = subprocess.Popen(self.command, env=env, start_new_session=True)
        except OSError as e:
            return _Exit("crashed", None, None, None, f"could not start {self.command[0]!r}: {e.strerror or e}")
        self._say(f"incarnation {incarnation} started (pid {child.pid}, session {session_id})")
        started_at = datetime.now(UTC)
        last_beat: datetime | None = None
        while True:
            code = child.poll()
            if code is not None:
                return _ended(code, last_beat)
            if self._stop.is_set():
                code = self._terminate(child)
                return _Exit(
                    "stopped",
                    code if code >= 0 else None,
                    -code if code < 0 else None,
                    last_beat,
                    f"{self._stop_reason} ({_describe(code)})",
                )
            if policy.heartbeat_timeout_s is not None:
                lease = self.engine.for_owner(self.owner).agent_lease(self.agent_id)
                if lease is not None and lease.incarnation == incarnation:
                    last_beat = lease.last_heartbeat
                allowed = (
                    policy.heartbeat_timeout_s
                    if last_beat
                    else max(policy.heartbeat_timeout_s, policy.first_heartbeat_s)
                )
                silent = (datetime.now(UTC) - (last_beat or started_at)).total_seconds()
                if silent > allowed:
                    _signal_group(child, signal.SIGKILL)
                    child.wait()
                    return _Exit(
                        "crashed",
                        None,
                        signal.SIGKILL,
                        last_beat,
                        f"no heartbeat for {silent:.1f} s (timeout {allowed:g} s); killed",
                    )
            self._stop.wait(policy.poll_s)

    def _terminate(self, child: subprocess.Popen[bytes]) -> int:
        _signal_group(child, signal.SIGTERM)
        try:
            return child.wait(self.policy.stop_grace_s)
        except subprocess.TimeoutExpired:
            _signal_group(child, signal.SIGKILL)
            return child.wait()

    def _say(self, text: str) -> None:
        print(f"ledgermind supervise: {self.agent_id}: {text}", file=self.out, flush=True)


def _ended(code: int, last_beat: datetime | None) -> _Exit:
    if code == 0:
        return _Exit("stopped", 0, None, last_beat, "exited with code 0")
    if code < 0:
        return _Exit("crashed", None, -code, last_beat, _describe(code))
    return _Exit("crashed", code, None, last_beat, _describe(code))


def _describe(code: int) -> str:
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exited with code {code}"


def _signal_group(child: subprocess.Popen[bytes], signum: int) -> None:
    try:
        os.killpg(child.pid, signum)
    except ProcessLookupError:
        pass  # it is gone already
