"""The one log follower: page the global log after a position, decode, skip the erased.

Why one: the projection runner, the distiller, the belief index and the
dead-letter index all follow the same notification log. Each used to page
``select_notifications`` itself, decode, and skip crypto-shredded owners, and
the copies drifted (one rescanned from position 0 on every call). Here it is
once: ``read`` is one page for callers that commit their own position (the
runner: position and rows in one transaction), ``catch_up`` folds everything
up to the head into an in-memory index that remembers where it stopped.

Two details every follower needs and each copy had to rediscover:
- an erased owner's events raise ``OwnerErased`` when decoded; they fold to
  nothing, but they still count as read, so a page full of them is not
  mistaken for the end of the log;
- notification ids have gaps (a failed insert consumes one), so "the page
  was short" means "everything up to ``stop`` was returned", and the position
  may jump to ``stop`` rather than to the last id seen.

On PostgreSQL appends commit in parallel, out of id order; ``head`` is the
settled head (``ledgermind.storage.frontier``: no id at or below it can still
commit), and reads never return anything past it. A caller's ``stop`` must
therefore come from ``head``: jumping to a ``stop`` of its own past a short
page could pass an id that commits later.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ledgermind.domain.errors import OwnerErased
from ledgermind.storage.store import EventLog, translate_errors

__all__ = ["Envelope", "Follower", "Page"]

DEFAULT_PAGE = 1000


@dataclass(frozen=True, slots=True)
class Envelope:
    """One decoded event and where it sits in the global log."""

    position: int  # the notification id
    topic: str  # the stored topic, e.g. "message.added"
    event: Any  # the domain event: originator_id, originator_version, timestamp, fields


@dataclass(frozen=True, slots=True)
class Page:
    """One page read after a position: the decoded envelopes (erased owners
    skipped), how many notifications were read, and the position reached."""

    envelopes: list[Envelope]
    read: int
    last: int


class Follower:
    """Reads ``topics`` (all topics when empty) of one event log in pages.

    ``position`` is where ``catch_up`` stopped; callers that track their
    position elsewhere (in a table, in the same transaction as their rows)
    use ``read`` and ignore it."""

    def __init__(
        self, log: EventLog, topics: Sequence[str] = (), *, page: int = DEFAULT_PAGE, position: int = 0
    ) -> None:
        self._recorder = log.recorder
        self._mapper = log.mapper
        self.topics = tuple(topics)
        self.page = page
        self.position = position

    def head(self) -> int:
        """The highest settled position now (0 when empty): every event at or
        below it has committed or never will."""
        with translate_errors():
            return int(self._recorder.max_notification_id() or 0)

    @property
    def channel(self) -> str | None:
        """The PostgreSQL NOTIFY channel the recorder signals after every append."""
        return getattr(self._recorder, "channel_name", None)

    def announce(self) -> None:
        """Asks this process's recorder to announce this follower's topics
        (a NOTIFY on the announcement channel naming them) in every append
        that holds one (PostgreSQL), so a ``Listener`` given one of them wakes
        for those appends only
        (``ledgermind.storage.listener``); a no-op elsewhere."""
        recorder: Any = self._recorder  # the PostgreSQL recorder has them (``ledgermind.storage.chain``)
        announced = getattr(recorder, "announced_topics", None)
        if announced is not None:
            recorder.announced_topics = announced | frozenset(self.topics)

    def read(self, after: int, stop: int, *, limit: int | None = None, topics: Sequence[str] | None = None) -> Page:
        """At most ``limit`` notifications after ``after`` up to ``stop``, decoded.
        A page with fewer than ``limit`` read means nothing else matches up to
        ``stop``: a caller may then move its position to ``stop``."""
        limit = self.page if limit is None else limit
        with translate_errors():
            notes = self._recorder.select_notifications(
                after + 1, limit=limit, stop=stop, topics=self.topics if topics is None else tuple(topics)
            )
            to_event = self._mapper.to_domain_event
            out = []
            for n in notes:
                try:
                    out.append(Envelope(n.id, n.topic, to_event(n)))
                except OwnerErased:
                    continue  # crypto-shredded: this owner's events fold to nothing
        return Page(out, len(notes), notes[-1].id if notes else after)

    def catch_up(self, fold: Callable[[Envelope], None], stop: int | None = None) -> int:
        """Folds every matching event after ``position`` up to ``stop`` (default:
        the head now) and returns the new position. A failing ``fold`` leaves
        the position before the event it failed on."""
        head = self.head() if stop is None else stop
        while self.position < head:
            page = self.read(self.position, head)
            for envelope in page.envelopes:
                fold(envelope)
                self.position = envelope.position
            self.position = head if page.read < self.page else page.last
        return self.position
