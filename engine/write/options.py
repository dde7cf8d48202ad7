"""How one write is made, as one value passed down: ``WriteOptions``.

Why a value: every write command takes the caller's idempotency key and the
agent incarnation it writes for, and each layer between the caller and the
command used to re-declare both keyword arguments. One frozen value travels
instead (like httpx's ``Timeout``), so a layer that only passes it on does
not need to know what is in it.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["DEFAULT_WRITE", "WriteOptions"]


@dataclass(frozen=True, slots=True)
class WriteOptions:
    """``idempotency_key``: a retry with the same key returns the first call's
    result and writes nothing (without one, the engine makes a key per call,
    which covers its own retries). ``incarnation``: the epoch the supervisor
    gave the agent this write is made for; an older one than the agent's
    current incarnation raises ``StaleIncarnation`` and writes nothing (None:
    not fenced). Both are validated where the command is built."""

    idempotency_key: str | None = None
    incarnation: int | None = None


DEFAULT_WRITE = WriteOptions()
