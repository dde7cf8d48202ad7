"""The agent's side of ``ledgermind supervise``: who am I, and what do I remember.

The supervisor hands its child everything through environment variables, so
an agent in any language can use them; in Python ``ledgermind.supervised()``
reads them, opens the engine and returns a ``Supervised`` handle whose
writes all carry the incarnation (a zombie's are refused, ``StaleIncarnation``).

    LEDGERMIND_DB             the store's URL
    LEDGERMIND_APP            the owner's application
    LEDGERMIND_USER           the owner's user id
    LEDGERMIND_AGENT          the agent id
    LEDGERMIND_INCARNATION    this run's incarnation (epoch); send it with every write
    LEDGERMIND_SESSION_ID     the agent's current session (its history is there)
    LEDGERMIND_HEARTBEAT_S    how often to beat (absent: the supervisor does not watch heartbeats)
    LEDGERMIND_RESTARTS       how many times the supervisor restarted the agent so far

Why heartbeats are the agent's own calls and not a thread started here: a
hung agent whose background thread still beats looks alive. ``beat()`` in
the agent's loop stops when the loop stops; ``start_heartbeats()`` exists for
agents whose loop blocks for long on purpose, and says so.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterable, Mapping
from typing import Any

from ledgermind.api import MemoryEngine, OwnerMemory, RestoredAgent
from ledgermind.domain.errors import InvalidInput, StaleIncarnation
from ledgermind.domain.owner import Owner

__all__ = [
    "ENV_AGENT",
    "ENV_APP",
    "ENV_DB",
    "ENV_HEARTBEAT",
    "ENV_INCARNATION",
    "ENV_RESTARTS",
    "ENV_SESSION",
    "ENV_USER",
    "Supervised",
    "supervised",
]

ENV_DB = "LEDGERMIND_DB"
ENV_APP = "LEDGERMIND_APP"
ENV_USER = "LEDGERMIND_USER"
ENV_AGENT = "LEDGERMIND_AGENT"
ENV_INCARNATION = "LEDGERMIND_INCARNATION"
ENV_SESSION = "LEDGERMIND_SESSION_ID"
ENV_HEARTBEAT = "LEDGERMIND_HEARTBEAT_S"
ENV_RESTARTS = "LEDGERMIND_RESTARTS"


class Supervised:
    """One incarnation of a supervised agent: its memory, fenced by its epoch."""

    def __init__(
        self,
        engine: MemoryEngine,
        agent_id: str,
        incarnation: int,
        session_id: str,
        restored: RestoredAgent,
        *,
        heartbeat_s: float | None = None,
        restarts: int = 0,
    ) -> None:
        self.engine = engine
        self.memory: OwnerMemory = engine.for_owner(restored.owner)
        self.agent_id = agent_id
        self.incarnation = incarnation
        self.session_id = session_id
        self.restored = restored  # the history and state this incarnation starts from
        self.heartbeat_s = heartbeat_s
        self.restarts = restarts
        self._stop = threading.Event()
        self._beater: threading.Thread | None = None

    def __repr__(self) -> str:
        return f"Supervised(agent={self.agent_id!r}, incarnation={self.incarnation}, session={self.session_id})"

    # --- writes, every one carrying the incarnation ----------------------------

    def add_message(self, role: str, content: str, **fields: Any) -> int:
        return self.memory.add_message(self.session_id, role, content, incarnation=self.incarnation, **fields)

    def add_messages(self, messages: Iterable[Mapping[str, Any]]) -> list[int]:
        return self.memory.add_messages(self.session_id, messages, incarnation=self.incarnation)

    def checkpoint(self, state: Any) -> None:
        self.memory.checkpoint_agent(self.agent_id, state, incarnation=self.incarnation)

    def start_task(self, input: str) -> str:
        return self.memory.start_task(self.session_id, input, incarnation=self.incarnation)

    def complete_task(self, task_id: str, output: str) -> None:
        self.memory.complete_task(task_id, output, incarnation=self.incarnation)

    def fail_task(self, task_id: str, error: str) -> None:
        self.memory.fail_task(task_id, error, incarnation=self.incarnation)

    # --- liveness ---------------------------------------------------------------

    def beat(self) -> None:
        """One heartbeat (a lease row, not an event); ``StaleIncarnation`` once replaced."""
        self.memory.heartbeat(self.agent_id, self.incarnation)

    def start_heartbeats(self, interval_s: float | None = None) -> None:
        """Beats from a background thread every ``interval_s`` (default
        ``LEDGERMIND_HEARTBEAT_S``) until ``close()``. It keeps beating while
        the agent's own loop hangs: prefer ``beat()`` in that loop."""
        every = interval_s or self.heartbeat_s
        if every is None or self._beater is not None:
            return

        def run() -> None:
            while not self._stop.wait(every):
                try:
                    self.beat()
                except StaleIncarnation:
                    return  # replaced: a newer incarnation holds the lease

        self._beater = threading.Thread(target=run, name="ledgermind-heartbeat", daemon=True)
        self._beater.start()

    def close(self) -> None:
        self._stop.set()
        if self._beater is not None:
            self._beater.join(timeout=5)
        self.engine.close()

    def __enter__(self) -> Supervised:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def supervised(last_n: int | None = None, *, environ: Mapping[str, str] | None = None) -> Supervised:
    """The running agent's incarnation, session and restored memory, from the
    variables ``ledgermind supervise`` set (``last_n``: only that many recent
    messages in ``restored.messages``). Raises ``InvalidInput`` outside a
    supervisor, and ``StaleIncarnation`` when a newer incarnation already
    replaced this one (a restart that outran a slow start)."""
    env = os.environ if environ is None else environ
    missing = [name for name in (ENV_APP, ENV_USER, ENV_AGENT, ENV_INCARNATION, ENV_SESSION) if not env.get(name)]
    if missing:
        raise InvalidInput(f"not running under ledgermind supervise: {', '.join(missing)} not set")
    try:
        incarnation = int(env[ENV_INCARNATION])
        heartbeat_s = float(env[ENV_HEARTBEAT]) if env.get(ENV_HEARTBEAT) else None
        restarts = int(env.get(ENV_RESTARTS) or 0)
    except ValueError as e:
        raise InvalidInput(f"a supervisor variable is malformed: {e}") from None
    owner = Owner(env[ENV_APP], env[ENV_USER])
    agent_id = env[ENV_AGENT]
    engine = MemoryEngine.open(env.get(ENV_DB) or None)
    try:
        restored = engine.for_owner(owner).restore_agent(agent_id, last_n)
        if restored.incarnation > incarnation:
            raise StaleIncarnation(
                f"incarnation {incarnation} of agent {agent_id!r} was replaced by incarnation "
                f"{restored.incarnation} before it started",
                incarnation,
                restored.incarnation,
            )
    except BaseException:
        engine.close()
        raise
    return Supervised(
        engine, agent_id, incarnation, env[ENV_SESSION], restored, heartbeat_s=heartbeat_s, restarts=restarts
    )
