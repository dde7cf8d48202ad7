"""``OwnerFeed``: one owner's events after a log position, until the owner is erased.

Why a door of its own: a live feed (the service's Server-Sent Events) reads
the whole log's pages and keeps only the owner's events, and it must end
once the owner is erased, whichever process erased them. The route used to
build a log follower on ``engine.log`` and ask the write port's erasure
watch, which knows only the erasures it saw since this engine opened, so
an owner erased before that read as live. The feed answers "erased?"
honestly across processes and with no I/O per turn:

- it subscribes to the erasure watch first (every ``owner.erased`` that
  commits after the watch started reaches it within
  ``EngineConfig.erasure_bound_s``, from any process);
- then asks the watch and the key store once: an erasure before the watch
  started is a tombstone in the key store (the key is destroyed before
  ``owner.erased`` is recorded, ``ledgermind.write.erasure``), and one
  between the subscription and the question is in one or the other.
"""

from __future__ import annotations

import threading
from types import TracebackType
from typing import TYPE_CHECKING

from ledgermind.domain.owner import Owner
from ledgermind.domain.stream_ids import owner_key_id
from ledgermind.storage.follower import Envelope, Follower

if TYPE_CHECKING:
    from ledgermind.storage.store import EventLog
    from ledgermind.write.erasure_watch import ErasureWatch

__all__ = ["OwnerFeed"]


class OwnerFeed:
    """``read()`` returns the owner's events committed after ``position``
    (each call one page of the log at most) and moves ``position`` past
    what it read; ``erased`` turns true once the owner is erased. Close it
    (or use it as a ``with`` block) to stop listening for the erasure."""

    def __init__(self, log: EventLog, watch: ErasureWatch, owner: Owner, after: int) -> None:
        self.owner = owner
        self.position = after
        self._follower = Follower(log)
        self._erased = threading.Event()
        key_id = owner_key_id(owner)

        def on_erasure(erased: object) -> None:
            if erased == key_id:
                self._erased.set()

        self._unsubscribe = watch.subscribe(on_erasure)
        if watch.erased(owner) or log.keys.erased_at(key_id) is not None:
            self._erased.set()

    @property
    def erased(self) -> bool:
        """Whether the owner is erased (no I/O: see the module's docstring)."""
        return self._erased.is_set()

    def read(self) -> list[Envelope]:
        """The owner's events after ``position``, oldest first; [] when the
        log has nothing new. Other owners' events are read and left out
        (their owner is inside the sealed payload)."""
        head = self._follower.head()
        if head <= self.position:
            return []
        page = self._follower.read(self.position, head)
        self.position = head if page.read < self._follower.page else page.last
        mine = (self.owner.app, self.owner.user_id)
        return [e for e in page.envelopes if (getattr(e.event, "app", None), getattr(e.event, "user_id", None)) == mine]

    def close(self) -> None:
        self._unsubscribe()

    def __enter__(self) -> OwnerFeed:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()
