"""The service's own settings, read from ``LEDGERMIND_*`` once, like the engine's.

Why apart from ``EngineConfig``: these bound an HTTP process (request
bodies, readiness, the event feed's pace), not the engine, and the library
has no use for them. Same rules: frozen, read at the edge, validated.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from ledgermind.domain.config import positive_float, positive_int
from ledgermind.domain.errors import InvalidInput

__all__ = ["ServiceSettings"]


@dataclass(frozen=True, slots=True)
class ServiceSettings:
    # Request bodies over this get 413 before they are parsed: room for the
    # largest batch the engine accepts (8 MiB of content) plus JSON's overhead.
    # LEDGERMIND_MAX_BODY_BYTES.
    max_body_bytes: int = 16 << 20
    # /readyz answers 503 while a projection is more events behind the log's
    # head than this (search would serve stale answers). LEDGERMIND_READY_MAX_LAG.
    ready_max_lag: int = 1000
    # How often an idle event feed looks for new events, and how often it
    # sends a comment line so proxies keep the connection open.
    # LEDGERMIND_FEED_POLL_S, LEDGERMIND_FEED_HEARTBEAT_S.
    feed_poll_s: float = 0.1
    feed_heartbeat_s: float = 15.0
    # How often the service reads new and revoked API keys from the log (a
    # key revoked by another process is refused within this). LEDGERMIND_KEY_REFRESH_S.
    key_refresh_s: float = 0.25
    # How long a SIGTERM waits for requests in flight before it cuts them.
    # LEDGERMIND_SHUTDOWN_GRACE_S.
    shutdown_grace_s: float = 30.0
    # The longest a request carrying Ledgermind-Min-Position waits for the
    # read models to fold that position (503 past it). LEDGERMIND_MIN_POSITION_WAIT_S.
    min_position_wait_s: float = 5.0
    # Messages become beliefs by a distiller process this one starts and
    # supervises (``ledgermind.api.distill_process``): LEDGERMIND_DISTILL=0 (``serve --no-distill``) when a separate
    # ``ledgermind distill run`` worker distils; LEDGERMIND_DISTILL_POLL_S is
    # how often the distiller looks for new messages.
    distill: bool = True
    distill_poll_s: float = 0.1

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> ServiceSettings:
        env = os.environ if environ is None else environ
        values: dict[str, float | int] = {}
        for name in ("max_body_bytes", "ready_max_lag"):
            raw = env.get("LEDGERMIND_" + name.upper())
            if raw is not None:
                values[name] = positive_int(name, raw)
        for name in (
            "feed_poll_s",
            "feed_heartbeat_s",
            "key_refresh_s",
            "shutdown_grace_s",
            "distill_poll_s",
            "min_position_wait_s",
        ):
            raw = env.get("LEDGERMIND_" + name.upper())
            if raw is not None:
                values[name] = positive_float(name, raw)
        raw = env.get("LEDGERMIND_DISTILL")
        distill = True if raw is None else _switch("distill", raw)
        return cls(**values, distill=distill)  # type: ignore[arg-type]


def _switch(name: str, raw: str) -> bool:
    """An on/off setting: 1/true/yes/on or 0/false/no/off."""
    word = raw.strip().casefold()
    if word in ("1", "true", "yes", "on"):
        return True
    if word in ("0", "false", "no", "off"):
        return False
    raise InvalidInput(f"LEDGERMIND_{name.upper()} must be 1/true/yes/on or 0/false/no/off, got {raw!r}")
