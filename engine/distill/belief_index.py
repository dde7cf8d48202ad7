"""Where reconciliation reads an owner's current beliefs from.

``BeliefIndex`` is the protocol (a search-backed index from the retrieval
work can implement it later); ``LogBeliefIndex`` folds ``memory.*`` events
straight from the global log.

Why the log and not the memory projection: the distiller writes beliefs and
then immediately reconciles the next delta against them, so it must see its
own writes at once. The log is the truth and is always current; a projection
may lag (it catches up asynchronously) and would make the distiller add a
duplicate of a belief it wrote a second ago. The fold is small (one view per
belief, statements only) and incremental: it keeps its log position and reads
only what is new before each reconcile; it refolds from 0 when built.
Erased owners' events cannot be decoded (crypto-shredding) and fold to nothing.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Protocol

from ledgermind.distill.views import BeliefView
from ledgermind.domain import bitemporal
from ledgermind.domain.memory import FLAGGED, Memory
from ledgermind.domain.owner import Owner
from ledgermind.storage.follower import Follower

if TYPE_CHECKING:
    from ledgermind.write.port import WritePort

__all__ = ["BeliefIndex", "LogBeliefIndex"]


class BeliefIndex(Protocol):
    def catch_up(self) -> int: ...

    def current(self, owner: Owner) -> list[BeliefView]: ...


class LogBeliefIndex:
    def __init__(self, eng: WritePort, page: int = 1000) -> None:
        # Hold the event log, not the engine: callers cache one index per engine
        # in a WeakKeyDictionary, and a value that referenced its key would keep
        # every engine (and its connection pools) alive forever.
        self._follower = Follower(eng.log, (*bitemporal.TOPICS, FLAGGED), page=page)
        self._owners: dict[tuple[str, str], dict[str, BeliefView]] = {}

    @property
    def position(self) -> int:
        return self._follower.position

    def catch_up(self) -> int:
        """Folds every memory event up to the log's head; returns the position."""
        return self._follower.catch_up(lambda envelope: self._fold(envelope.event))

    def current(self, owner: Owner) -> list[BeliefView]:
        beliefs = self._owners.get((owner.app, owner.user_id), {})
        return [b for b in beliefs.values() if b.status == bitemporal.CURRENT]

    def all(self, owner: Owner) -> list[BeliefView]:
        """Every belief the owner ever had, invalidated ones included (not forgotten)."""
        beliefs = self._owners.get((owner.app, owner.user_id), {})
        return [b for b in beliefs.values() if b.status != bitemporal.FORGOTTEN_STATUS]

    def as_of(self, owner: Owner, valid_time: datetime) -> list[BeliefView]:
        """Beliefs that held in the world at ``valid_time``, as the log knows now."""
        return [b for b in self.all(owner) if b.holds_at(valid_time)]

    def _fold(self, e: object) -> None:
        owner = (e.app, e.user_id)  # type: ignore[attr-defined]
        beliefs = self._owners.setdefault(owner, {})
        mid = e.originator_id.hex  # type: ignore[attr-defined]
        if isinstance(e, Memory.Created):
            beliefs[mid] = BeliefView.make(
                memory_id=mid,
                kind=e.kind,
                statement=e.statement,
                valid_from=e.valid_from,
                confidence=e.confidence,
                subject=e.subject,
                attribute=e.attribute,
                value=getattr(e, "value", None),
                confirmed_at=e.timestamp,
                supersedes=e.supersedes,
                method=e.method,
                flags=tuple(getattr(e, "flags", None) or ()),
                conflicts_with=tuple(getattr(e, "conflicts_with", None) or ()),
            )
            return
        old = beliefs.get(mid)
        if old is None:
            return
        if isinstance(e, Memory.Reinforced):
            beliefs[mid] = replace(old, confidence=e.confidence, confirmed_at=e.timestamp)
        elif isinstance(e, Memory.Revised):
            value = e.value if getattr(e, "sets_value", False) else old.value
            beliefs[mid] = replace(old, confidence=e.confidence, confirmed_at=e.timestamp, value=value).with_statement(
                e.statement
            )
        elif isinstance(e, Memory.Invalidated):
            beliefs[mid] = replace(
                old, status=bitemporal.INVALIDATED_STATUS, invalid_at=e.invalid_at, superseded_by=e.superseded_by
            )
        elif isinstance(e, Memory.Reinstated):
            beliefs[mid] = replace(old, status=bitemporal.CURRENT, invalid_at=None, superseded_by=None)
        elif isinstance(e, Memory.Flagged):
            beliefs[mid] = replace(old, flags=tuple(e.flags), conflicts_with=tuple(e.conflicts_with))
        elif isinstance(e, Memory.Forgotten):
            beliefs[mid] = replace(old, status=bitemporal.FORGOTTEN_STATUS, statement="", words=frozenset())
