"""How far the distiller is behind: messages not yet distilled, and for how long.

Read from the store alone (the follower's committed watermark and the log),
so any process can answer it, whichever process distils: the service's
``/readyz`` and ``/metrics`` show it, with or without ``--no-distill``.
The watermark is the distiller's low-water mark (``ledgermind.distill.distiller``):
every followed item at or below it was distilled, so the items above it are
the ones a search cannot yet find as beliefs.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from ledgermind.distill.distiller import FOLLOWED
from ledgermind.storage.follower import Follower
from ledgermind.storage.store import translate_errors

if TYPE_CHECKING:
    from ledgermind.write.port import WritePort

__all__ = ["COUNT_LIMIT", "DistillLag", "distill_lag"]

COUNT_LIMIT = 10_000  # counting stops here: a lag this large needs no exact figure to be acted on


@dataclass(frozen=True, slots=True)
class DistillLag:
    messages: int  # followed items (messages, completed tasks) above the watermark, at most COUNT_LIMIT
    seconds: float  # age of the oldest of them (0.0 when none)
    watermark: int  # the follower's committed position

    def as_dict(self) -> dict[str, float | int]:
        return {"messages": self.messages, "seconds": round(self.seconds, 3), "watermark": self.watermark}


def distill_lag(eng: WritePort, follower: str = "distiller", now: datetime | None = None) -> DistillLag:
    """The distillation lag of ``follower`` on ``eng``'s store."""
    with translate_errors():
        watermark = eng.log.process_recorder.max_tracking_id(follower) or 0
        # Counted without decoding (a scrape every few seconds must not decrypt a backlog) ...
        pending = eng.log.recorder.select_notifications(watermark + 1, limit=COUNT_LIMIT, topics=FOLLOWED)
    if not pending:
        return DistillLag(0, 0.0, watermark)
    # ... and only the oldest decoded, for its age (an erased owner's is skipped: it will never distil).
    page = Follower(eng.log, FOLLOWED).read(watermark, pending[-1].id, limit=8)
    if not page.envelopes:
        return DistillLag(len(pending), 0.0, watermark)
    oldest: datetime = page.envelopes[0].event.timestamp
    age = ((now or datetime.now(UTC)) - oldest).total_seconds()
    return DistillLag(len(pending), max(0.0, age), watermark)
