"""The serving process's distiller, in a child process it supervises: ``DistillerProcess``.

Why a process, not a thread: the extraction, reconcile and commit of each
message took 2-3 ms of CPU in the server's interpreter, holding the GIL the
event loop needs, so an HTTP request that arrived meanwhile waited for it
(``docs/benchmarks/service.md``). In a child it runs on another core.

What runs where. The serving process (``ledgermind serve``, each worker of
``--workers N``, ``ledgermind mcp``) answers requests, runs the writer and
the projection runner; its child distils: it opens the same database with
the same ``EngineConfig`` (sent on its stdin, never on the command line),
takes the follower's lease as the holder the parent named (so the parent's
``holding`` and ``/metrics`` know whether it is the one distilling) and
follows the log until told to stop. The distiller's commits are the child's
writes: on PostgreSQL the parent's projection runner is notified of them
(LISTEN/NOTIFY) and folds them at once; where followers only poll (SQLite)
the child sends the parent each commit's log position (a line on the pipe
below) and the parent wakes its runner and waits for the fold, as it would
for its own writes, instead of seeing the belief at the runner's next poll
(up to 0.25 s later). Not on PostgreSQL: the wait reads the projections'
positions from the database, work in the server for nothing there; nor when
the projections run in a worker of their own (``LEDGERMIND_PROJECTIONS_IN_PROCESS=0``).

Supervision. One thread per parent starts the child, relays its log lines
into the parent's logging (one format, one stream: JSON lines on the pipe),
waits for it and restarts it when it exits, after a backoff that doubles
from ``_BACKOFF_S`` to ``_BACKOFF_MAX_S`` (reset once a child has lived
``_HEALTHY_S``). ``stop`` sends SIGTERM (the child finishes the window in
progress and hands the lease back) and SIGKILL past its timeout. The child
is in a session of its own, so a terminal's Ctrl-C reaches the server,
whose shutdown stops the child, and not the child directly; and it dies with
its parent (``ledgermind.api.lifeline``), so a ``kill -9`` of the server
leaves no orphan holding the lease.

``python -m ledgermind.api.distill_process`` is the child; nothing else
starts it.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from typing import IO, Any

from ledgermind.api.distilling import (
    DEFAULT_FOLLOWER,
    DistillLease,
    extractor_from_env,
    leased_distiller,
    llm_config_from_env,
    llm_uses,
)
from ledgermind.api.facade import MemoryEngine
from ledgermind.api.lifeline import die_with_parent
from ledgermind.api.stop_signals import on_stop_signals
from ledgermind.domain.config import EngineConfig, Limits
from ledgermind.domain.errors import LedgermindError
from ledgermind.storage.dialects import dialect_of

__all__ = ["DistillerProcess"]

log = logging.getLogger("ledgermind.distill")
_progress = logging.getLogger("ledgermind.distill.progress")  # the child's commits, to the parent

_BACKOFF_S = 0.5
_BACKOFF_MAX_S = 30.0
_HEALTHY_S = 60.0  # a child that lived this long was healthy: the next restart is quick again
_FOLD_WAIT_S = 5.0  # the longest the parent waits for its read models to fold one of the child's commits
_ORPHAN_GRACE_S = 30.0  # an orphaned child's window in progress (an LLM call) may finish


class DistillerProcess:
    """A distiller in a supervised child process, on ``engine``'s database."""

    def __init__(self, engine: MemoryEngine, *, follower: str = DEFAULT_FOLLOWER, poll_s: float = 0.1) -> None:
        llm_config_from_env()  # bad LLM settings fail here, in the server, not in a restart loop
        llm_uses(os.environ.get("LEDGERMIND_LLM_USE"))
        self.engine = engine
        self.follower = follower
        self.poll_s = poll_s
        self.holder = f"{socket.gethostname()}:{os.getpid()}:distiller:{uuid.uuid4().hex[:8]}"
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._proc: subprocess.Popen[bytes] | None = None
        self._thread: threading.Thread | None = None
        self._lease: DistillLease | None = None
        # Where followers only poll, the parent's own runner folds each of the child's commits at once
        # (module doc); a runner in another process (``projections run``) is not the parent's to wake.
        self._fold_commits = engine.config.projections_in_process and not dialect_of(engine.backend.kind).listens

    def start(self) -> None:
        self._thread = threading.Thread(target=self._supervise, name="ledgermind-distiller-supervisor", daemon=True)
        self._thread.start()

    @property
    def holding(self) -> bool:
        """Whether this process's child distils now (holds the follower's lease): read from the database."""
        with self._lock:
            if self._lease is None:
                self._lease = DistillLease(self.engine.backend, self.follower)
            lease = self._lease
        return lease.holder_now() == self.holder

    def stop(self, timeout: float = 30.0) -> None:
        """SIGTERM to the child (it finishes its window and hands the lease
        back), SIGKILL if it has not exited within ``timeout``; no restart."""
        with self._lock:
            self._stop.set()
            proc = self._proc
        if proc is not None and proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                log.warning("distiller process %d did not stop in %.0fs: killed", proc.pid, timeout)
                proc.kill()
                proc.wait()
        if self._thread is not None:
            self._thread.join(timeout)
        if self._lease is not None:
            self._lease.close()

    def _supervise(self) -> None:
        failures = 0
        while True:
            started = time.monotonic()
            try:
                proc = self._spawn()
            except OSError as e:  # no process could be started (out of memory, out of pids)
                log.error("the distiller process could not start: %s", e)
                code, pid = -1, 0
            else:
                if proc is None:
                    return
                assert proc.stderr is not None
                self._relay(proc.stderr)  # until the child exits (its end of the pipe closes)
                code, pid = proc.wait(), proc.pid
            if self._stop.is_set():
                return
            failures = 0 if time.monotonic() - started >= _HEALTHY_S else failures + 1
            delay = min(_BACKOFF_MAX_S, _BACKOFF_S * 2 ** max(0, failures - 1))
            log.warning("distiller process %d exited with status %d; restarting in %.1fs", pid, code, delay)
            if self._stop.wait(delay):
                return

    def _relay(self, lines: IO[bytes]) -> None:
        """The child's lines: a commit's position (folded before the next
        line is read), or a log record, re-emitted by the parent's loggers
        (the parent's level and format apply); a line that is neither (a
        crash's traceback from the interpreter) as a warning."""
        for raw in lines:
            line = raw.decode("utf-8", errors="replace").rstrip("\n")
            try:
                record = json.loads(line)
                if "committed" in record:
                    if self._fold_commits:
                        self._fold(int(record["committed"]))
                else:
                    logging.getLogger(str(record["logger"])).log(int(record["level"]), "%s", record["message"])
            except (ValueError, KeyError, TypeError):
                log.warning("distiller process: %s", line)

    def _fold(self, position: int) -> None:
        """Read-your-writes for the child's commit: the read models fold it now."""
        try:
            self.engine.projections.wait(position, timeout=_FOLD_WAIT_S)
        except LedgermindError:
            pass  # the runner is behind or failing: /readyz and the lag metrics say so, the belief comes later

    def _spawn(self) -> subprocess.Popen[bytes] | None:
        """Starts the child (None once stopping). From the supervisor thread
        only: the child's parent-death signal follows the thread that made it."""
        spec = {
            "parent": os.getpid(),
            "config": dataclasses.asdict(self.engine.config),
            "follower": self.follower,
            "poll_s": self.poll_s,
            "holder": self.holder,
        }
        with self._lock:
            if self._stop.is_set():
                return None
            proc = subprocess.Popen(
                [sys.executable, "-m", "ledgermind.api.distill_process"],
                stdin=subprocess.PIPE,
                stdout=subprocess.DEVNULL,  # stdout may be a protocol's channel (MCP over stdio)
                stderr=subprocess.PIPE,
                start_new_session=True,
            )
            self._proc = proc
        assert proc.stdin is not None
        try:
            with proc.stdin:  # the cipher key travels here, never in argv or the environment
                proc.stdin.write(json.dumps(spec).encode())
        except BrokenPipeError:
            pass  # the child died before reading it: its exit status says why
        return proc


class _JsonLines(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        committed = record.__dict__.get("committed")  # logged with extra={"committed": position}
        if committed is not None:
            return json.dumps({"committed": committed})
        message = record.getMessage()
        if record.exc_info:
            message += "\n" + self.formatException(record.exc_info)
        return json.dumps({"logger": record.name, "level": record.levelno, "message": message})


def _config(values: dict[str, Any]) -> EngineConfig:
    return EngineConfig(**{**values, "limits": Limits(**values["limits"])})


def main() -> int:
    """The child: distils until SIGTERM, SIGINT or its parent's death."""
    spec = json.loads(sys.stdin.read())
    stop = threading.Event()
    on_stop_signals(lambda _: stop.set())
    die_with_parent(int(spec["parent"]), _ORPHAN_GRACE_S)
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_JsonLines())
    root = logging.getLogger("ledgermind")
    root.addHandler(handler)
    root.setLevel(logging.INFO)  # the parent's loggers filter what they re-emit
    try:
        with MemoryEngine(_config(spec["config"])) as engine:
            distiller = leased_distiller(
                engine, follower=spec["follower"], extractor=extractor_from_env(), holder=spec["holder"]
            )
            log.info("distiller %r started in process %d", spec["follower"], os.getpid())
            try:
                distiller.run_forever(
                    stop.is_set,
                    poll_s=float(spec["poll_s"]),
                    on_report=lambda _: _progress.info("%d", engine.position, extra={"committed": engine.position}),
                )
            finally:
                if distiller.lease is not None:
                    distiller.lease.close()
    except Exception:
        log.exception("distiller %r stopped on an error", spec["follower"])
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
