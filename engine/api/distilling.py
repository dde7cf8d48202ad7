"""The distiller inside a serving process: ``ledgermind serve`` and ``ledgermind mcp``.

Why in process by default: a message posted to the service used to become a
belief only if someone also ran ``ledgermind distill run`` beside it, and a
new user did not know. Now the serving process distils on a daemon thread
of its own, sharing the process's engine (its writer serialises the
distiller's commits with the requests'). It polls the log every ``poll_s``
(0.1 s by default: a message is a searchable belief well within a second).

Several serving processes on one database (``--workers N``, replicas, a
separate ``ledgermind distill run`` worker) each start one; the follower's
lease (``ledgermind.distill.lease``) lets one of them distil at a time, and
the others take over within the lease's time to live when it stops or dies.
``--no-distill`` leaves distillation to a separate worker altogether.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Mapping
from typing import TYPE_CHECKING

from ledgermind.distill.distiller import Distiller
from ledgermind.distill.lag import DistillLag, distill_lag
from ledgermind.distill.lease import DISTILL_LEASE_TTL_S, DistillLease
from ledgermind.distill.proposals import Extractor

if TYPE_CHECKING:
    from ledgermind.api.facade import MemoryEngine

__all__ = [
    "DEFAULT_FOLLOWER",
    "BackgroundDistiller",
    "DistillLag",
    "DistillLease",
    "distill_lag_of",
    "extractor_from_env",
]

log = logging.getLogger("ledgermind.distill")
DEFAULT_FOLLOWER = "distiller"


def extractor_from_env(environ: Mapping[str, str] | None = None) -> Extractor | None:
    """The LLM extractor named by ``LEDGERMIND_LLM_URL`` (model:
    ``LEDGERMIND_LLM_MODEL``, key: ``LEDGERMIND_LLM_API_KEY``), as ``distill
    run`` reads them; None (the rule extractor) when no URL is set."""
    env = os.environ if environ is None else environ
    url = env.get("LEDGERMIND_LLM_URL")
    if not url:
        return None
    from ledgermind.distill.llm_extractor import LLMConfig, LLMExtractor

    return LLMExtractor(LLMConfig(url, env.get("LEDGERMIND_LLM_MODEL", "default"), env.get("LEDGERMIND_LLM_API_KEY")))


def distill_lag_of(engine: MemoryEngine, follower: str = DEFAULT_FOLLOWER) -> DistillLag:
    """Messages not yet distilled by ``follower`` on ``engine``'s store, and the oldest one's age."""
    return distill_lag(engine.writes, follower)


class BackgroundDistiller:
    """``Distiller.run_forever`` on a daemon thread, under the follower's lease."""

    def __init__(
        self,
        engine: MemoryEngine,
        *,
        follower: str = DEFAULT_FOLLOWER,
        poll_s: float = 0.1,
        extractor: Extractor | None = None,
        lease_ttl_s: float = DISTILL_LEASE_TTL_S,
    ) -> None:
        self.engine = engine
        self.follower = follower
        self.poll_s = poll_s
        self._extractor = extractor
        self._lease_ttl_s = lease_ttl_s
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._distiller: Distiller | None = None

    def start(self) -> None:
        """Takes the lease (or waits for it) and distils until ``stop``."""
        lease = DistillLease(self.engine.backend, self.follower, ttl_s=self._lease_ttl_s)
        self._distiller = Distiller(self.engine.writes, follower=self.follower, extractor=self._extractor, lease=lease)
        self._thread = threading.Thread(target=self._run, name=f"ledgermind-distiller-{self.follower}", daemon=True)
        self._thread.start()

    @property
    def holding(self) -> bool:
        """Whether this process distils now (holds the follower's lease)."""
        return self._distiller is not None and self._distiller.holding

    def lag(self) -> DistillLag:
        return distill_lag_of(self.engine, self.follower)

    def stop(self, timeout: float = 30.0) -> None:
        """Finishes the window in progress, hands the lease back and joins."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)
        if self._distiller is not None and self._distiller.lease is not None:
            self._distiller.lease.close()

    def _run(self) -> None:
        assert self._distiller is not None
        log.info("distiller %r started in process", self.follower)
        try:
            self._distiller.run_forever(self._stop.is_set, poll_s=self.poll_s)
        except Exception:  # the serving process goes on; the lag metrics show the distiller stopped
            log.exception("distiller %r stopped on an error", self.follower)
