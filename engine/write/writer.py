"""One writer thread per engine: group commit and optimistic-concurrency retries.

Why a single thread: every commit pays an fsync (and SQLite has one writer),
so concurrent callers saving on their own would each pay one, and they share
one process's aggregate cache. Instead, callers hand a command to this
thread; it folds every command that arrived while the last transaction
committed into the next transaction (group commit), so eight callers pay for
about one fsync, not eight.

Why it may wait a moment before a transaction: the callers whose commands the
last transaction just committed are about to send their next ones. Starting
at once commits the first of them alone and leaves the rest for the round
after, so eight busy callers alternate between transactions of 1 and 7
(mean 4 per commit, measured on PostgreSQL). While not every caller of the
last batch is back, the thread waits for them, at most ``LINGER_S``. A lone
caller is back as soon as its command is, so it never waits; and after a wait
that ran out (callers that do not come straight back) it stops waiting until
a batch of two or more forms on its own again.

Why the cache is safe without deep copies: only this thread touches the
aggregates it holds. A conflict (another process wrote the same stream) or
any failed save evicts what the batch touched; the next attempt reloads from
the store (a snapshot plus at most ``snapshot_interval`` events). A store
found behind the cache (it lacks a stream's last cached version, as after a
failover that lost asynchronously replicated events; the store refuses the
write, ``ledgermind.storage.continuity``) drops the whole cache, with a warning.

Why the cache is capped by bytes as well as by count: an Agent aggregate
holds its last checkpoint (up to 1 MiB of text), so 10,000 of them came to
~10 GB. Each entry's size is estimated when it is stored (``estimate_size``:
the object sizes of its attributes, one container level deep; no pickling),
and the least recently used entries go once the total passes ``cache_bytes``.
An evicted aggregate costs one reload, never a wrong answer.
"""

from __future__ import annotations

import logging
import queue
import random
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import Tracking

from ledgermind.domain.errors import (
    AlreadyProcessed,
    ConcurrencyExhausted,
    InvalidOwner,
    LedgermindError,
    StoreUnavailable,
)
from ledgermind.domain.owner import Owner, owns
from ledgermind.domain.stream_ids import owner_key_id
from ledgermind.storage.continuity import is_store_behind
from ledgermind.storage.landed import Outcomes
from ledgermind.storage.store import EventLog, IntegrityError, translate_errors

log = logging.getLogger("ledgermind.write")

__all__ = ["LINGER_S", "UnitOfWork", "Writer", "estimate_size", "expired"]

LINGER_S = 0.001  # the longest a transaction waits for the last batch's callers
ENTRY_OVERHEAD = 1024  # an aggregate object, its __dict__, id, version, timestamps, cache slot

R = TypeVar("R")
A = TypeVar("A", bound=Aggregate)


class UnitOfWork:
    """What a command sees: aggregates by id, and the new ones it creates."""

    def __init__(self, writer: Writer) -> None:
        self._writer = writer
        self.touched: dict[UUID, Aggregate] = {}
        self.tracking: Tracking | None = None  # a follower's cursor, saved atomically

    def get(self, cls: type[A], aggregate_id: UUID) -> A | None:
        agg = self.touched.get(aggregate_id)
        if agg is None:
            agg = self._writer._load(aggregate_id)
            if agg is None:
                return None
            self.touched[aggregate_id] = agg
        return agg if isinstance(agg, cls) else None

    def reload(self, cls: type[A], aggregate_id: UUID) -> A | None:
        """The aggregate as the store holds it now, not as this process cached it: for a
        check that would refuse on what may be a stale copy (another process's claim of an
        agent). One this unit already changed is returned as it is."""
        agg = self.touched.get(aggregate_id)
        if agg is not None and agg.pending_events:
            return agg if isinstance(agg, cls) else None
        self.touched.pop(aggregate_id, None)
        self._writer._drop(aggregate_id)
        return self.get(cls, aggregate_id)

    def pending_counts(self) -> dict[UUID, int]:
        return {k: len(a.pending_events) for k, a in self.touched.items() if a.pending_events}

    def exists(self, aggregate_id: UUID) -> bool:
        return aggregate_id in self.touched or self._writer._load(aggregate_id) is not None

    def add(self, aggregate: Aggregate) -> None:
        self.touched[aggregate.id] = aggregate


Command = Callable[[UnitOfWork], R]


@dataclass
class _Request(Generic[R]):
    command: Command[R]
    tracked: bool = False
    future: Future[tuple[R, int]] = field(default_factory=Future)
    caller: int = field(default_factory=threading.get_ident)


_STOP = object()


def expired(future: Future[Any], timeout: float) -> StoreUnavailable:
    """The error for a caller that stopped waiting for ``future`` after
    ``timeout``: a command the writer had not started is dropped (never
    written); one it was running may still commit."""
    if future.cancel():
        return StoreUnavailable(f"the store did not commit within {timeout:g} s (the write was not attempted)")
    return StoreUnavailable(
        f"the store did not answer within {timeout:g} s; the write may still commit "
        "when it does (retry with the same client id)"
    )


class _DirtyUnit(Exception):
    """A grouped command failed after mutating shared aggregates."""


class _InDoubt(Exception):
    """A save failed, its events may have committed, and the store cannot say
    yet: its commands must not run again (``error``: what their callers get)."""

    def __init__(self, error: StoreUnavailable) -> None:
        super().__init__(str(error))
        self.error = error


def _landed(outcomes: Outcomes | None, error: BaseException) -> list[int] | None:
    """The positions of a failed save's events if they committed anyway, None
    if they did not; raises ``_InDoubt`` when that cannot be known now. A
    conflict (``IntegrityError``) committed nothing: a retry that met its own
    rows returned success in the recorder."""
    if outcomes is None or isinstance(error, IntegrityError):
        return None
    try:
        with translate_errors():
            return outcomes.landed()
    except Exception as e:
        raise _InDoubt(
            StoreUnavailable(
                "the store failed while committing and cannot say yet whether it did: the write may have "
                "committed (retry with the same client id)"
            )
        ) from e


def estimate_size(agg: Aggregate) -> int:
    """Bytes an aggregate holds, roughly but never counting a big field as small:
    ``sys.getsizeof`` of each attribute (exact and O(1) for ``str``/``bytes``,
    where checkpoint states and statements live) and of the items of a
    container attribute, one level deep (``Session.open_tasks``,
    ``Distillation.open_letters``), plus ``ENTRY_OVERHEAD``."""
    total = ENTRY_OVERHEAD
    for value in vars(agg).values():
        total += sys.getsizeof(value)
        if isinstance(value, dict):
            total += sum(sys.getsizeof(k) + _shallow(v) for k, v in value.items())
        elif isinstance(value, (list, tuple, set, frozenset)):
            total += sum(_shallow(v) for v in value)
    return total


def _key_of(app: str, user_id: str) -> UUID | None:
    try:
        return owner_key_id(Owner(app, user_id))
    except InvalidOwner:
        return None


def _shallow(value: object) -> int:
    if isinstance(value, dict):
        return sys.getsizeof(value) + sum(sys.getsizeof(k) + sys.getsizeof(v) for k, v in value.items())
    if isinstance(value, (list, tuple, set, frozenset)):
        return sys.getsizeof(value) + sum(sys.getsizeof(v) for v in value)
    return sys.getsizeof(value)


class Writer:
    def __init__(
        self,
        log: EventLog,
        cache_size: int,
        max_retries: int,
        group_max: int,
        cache_bytes: int = 64 << 20,
    ) -> None:
        self._log = log
        # id -> (aggregate, its estimated size when stored), least recently used first
        self._cache: OrderedDict[UUID, tuple[Aggregate, int]] = OrderedDict()
        self._cache_size = cache_size
        self._cache_bytes = cache_bytes
        self._cached_bytes = 0
        self._max_retries = max_retries
        self._group_max = group_max
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="ledgermind-writer", daemon=True)
        self._closed = False
        self._last_callers: set[int] = set()  # threads served by the last transaction
        self._linger = False  # waiting paid off (or concurrency seen) lately
        self._thread.start()

    def submit(self, command: Command[R], *, tracked: bool = False, timeout: float | None = None) -> tuple[R, int]:
        """Runs ``command`` in the writer thread; returns (result, log position)
        once its events are committed (durable), or raises its error.
        ``tracked`` commands set ``unit.tracking`` and are never grouped.

        ``timeout``: the longest the caller waits. Past it the caller gets
        ``StoreUnavailable`` and the writer carries on: a command it had not
        started is dropped (never written), one it was running (a commit
        waiting on a stalled server) may still commit when the server
        answers, which the message says (retry with the same client id)."""
        future = self.enqueue(command, tracked=tracked)
        try:
            return future.result(timeout)
        except FutureTimeout:
            raise expired(future, timeout or 0.0) from None

    def enqueue(
        self, command: Command[R], *, tracked: bool = False, caller: int | None = None
    ) -> Future[tuple[R, int]]:
        """``submit`` without the wait: the future of (result, log position),
        for a caller that waits otherwise (an event loop: ``asyncio.wrap_future``).
        ``caller``: who is waiting, for the group commit's linger (default:
        this thread; on an event loop, the task, as many wait on one thread)."""
        if self._closed:
            raise LedgermindError("the engine is closed")
        request: _Request[R] = _Request(command, tracked)
        if caller is not None:
            request.caller = caller
        self._queue.put(request)
        return request.future

    def cache_usage(self) -> tuple[int, int]:
        """(aggregates held, their estimated bytes): the cache's own accounting."""
        return len(self._cache), self._cached_bytes

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._queue.put(_STOP)
            self._thread.join(timeout=30)

    # --- the writer thread -------------------------------------------------

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is _STOP:
                return
            batch: list[_Request[Any]] = [first]
            stop = self._gather(batch)
            # A caller that stopped waiting cancelled its request: drop it. The
            # rest can no longer be cancelled (their callers learn the outcome).
            batch = [r for r in batch if r.future.set_running_or_notify_cancel()]
            self._last_callers = {r.caller for r in batch}
            if batch:
                self._process(batch)
            if stop:
                return

    def _gather(self, batch: list[_Request[Any]]) -> bool:
        """Adds what else is queued to ``batch``, waiting briefly for the last
        batch's callers (see the module doc); True when asked to stop."""
        waiting_for = set(self._last_callers) if self._linger else set()
        waiting_for.discard(batch[0].caller)
        deadline = time.monotonic() + LINGER_S
        while len(batch) < self._group_max:
            try:
                if waiting_for:
                    item = self._queue.get(timeout=max(0.0, deadline - time.monotonic()))
                else:
                    item = self._queue.get_nowait()
            except queue.Empty:
                if waiting_for:  # they did not come straight back: stop waiting for a while
                    self._linger = False
                break
            if item is _STOP:
                return True
            batch.append(item)
            waiting_for.discard(item.caller)
        if not waiting_for and len(batch) > 1:
            self._linger = True
        return False

    def _process(self, batch: list[_Request[Any]]) -> None:
        if len(batch) == 1 or any(r.tracked for r in batch):
            # A tracked command (a follower advancing its cursor) commits alone:
            # one transaction carries at most one tracking position.
            for request in batch:
                self._run_alone(request)
            return
        unit = UnitOfWork(self)
        results: list[tuple[_Request[Any], Any]] = []
        try:
            for request in batch:
                pending = unit.pending_counts()
                try:
                    results.append((request, request.command(unit)))
                except LedgermindError as e:
                    if unit.pending_counts() != pending:
                        raise _DirtyUnit from e  # it refused after mutating: start over
                    request.future.set_exception(e)
            position = self._save(unit)
        except _InDoubt as e:
            self._evict(unit)
            for request in batch:
                if not request.future.done():
                    request.future.set_exception(e.error)
            return
        except BaseException:
            self._evict(unit)
            for request in batch:
                if not request.future.done():
                    self._run_alone(request)
            return
        for request, result in results:
            request.future.set_result((result, position))

    def _run_alone(self, request: _Request[Any]) -> None:
        for attempt in range(self._max_retries):
            unit = UnitOfWork(self)
            try:
                result = request.command(unit)
                position = self._save(unit)
            except IntegrityError as e:
                self._evict(unit)
                if is_store_behind(e):
                    self._forget_all(e)
                if unit.tracking is not None and self._tracked_already(unit.tracking):
                    request.future.set_exception(
                        AlreadyProcessed(
                            f"{unit.tracking.application_name} already processed "
                            f"position {unit.tracking.notification_id}"
                        )
                    )
                    return
                time.sleep(min(0.05, 0.0005 * (2 ** min(attempt, 7))) * random.random())
                continue
            except LedgermindError as e:
                self._evict(unit)
                request.future.set_exception(e)
                return
            except _InDoubt as e:
                self._evict(unit)
                request.future.set_exception(e.error)
                return
            except BaseException as e:
                self._evict(unit)
                try:
                    with translate_errors():
                        raise e
                except BaseException as translated:
                    request.future.set_exception(translated)
                return
            request.future.set_result((result, position))
            return
        request.future.set_exception(ConcurrencyExhausted(f"gave up after {self._max_retries} conflicting attempts"))

    def _save(self, unit: UnitOfWork) -> int:
        """Commits the unit; its position. A save that failed after its events
        committed (a lost acknowledgement, a snapshot that failed after the
        commit) is a success: running its commands again would write them
        twice (``ledgermind.storage.landed``)."""
        aggregates = [a for a in unit.touched.values() if a.pending_events]
        if not aggregates and unit.tracking is None:
            return 0
        outcomes: Outcomes | None = getattr(self._log.recorder, "outcomes", None)
        if outcomes is not None:
            outcomes.begin()
        try:
            with translate_errors():
                recordings = self._log.save_tracked(unit.tracking, *aggregates)
        except BaseException as e:
            landed = _landed(outcomes, e)
            if landed is None:
                raise
            log.warning("a save failed after its events committed (%s); it counts as committed", e)
            self._evict(unit)
            return max(landed, default=0)
        for agg in unit.touched.values():
            self._remember(agg)
        return max((r.notification.id for r in recordings), default=0)

    def _tracked_already(self, tracking: Tracking) -> bool:
        with translate_errors():
            return self._log.process_recorder.has_tracking_id(tracking.application_name, tracking.notification_id)

    def _load(self, aggregate_id: UUID) -> Aggregate | None:
        hit = self._cache.get(aggregate_id)
        if hit is not None:
            self._cache.move_to_end(aggregate_id)
            return hit[0]
        try:
            with translate_errors():
                agg: Aggregate = self._log.repository.get(aggregate_id)
        except AggregateNotFoundError:
            return None
        self._remember(agg)
        return agg

    def _remember(self, agg: Aggregate) -> None:
        """Stores (or re-sizes, after a command changed it) ``agg`` as the most
        recently used entry, then evicts from the old end past either cap; an
        aggregate bigger than the whole byte cap is not kept at all."""
        self._drop(agg.id)
        size = estimate_size(agg)
        if size > self._cache_bytes:
            return
        self._cache[agg.id] = (agg, size)
        self._cached_bytes += size
        while len(self._cache) > self._cache_size or self._cached_bytes > self._cache_bytes:
            _, (_, evicted) = self._cache.popitem(last=False)
            self._cached_bytes -= evicted

    def _drop(self, aggregate_id: UUID) -> None:
        hit = self._cache.pop(aggregate_id, None)
        if hit is not None:
            self._cached_bytes -= hit[1]

    def evict_owner(self, owner: Owner) -> None:
        """Drops an erased owner's aggregates from the cache (writer thread only)."""
        for aggregate_id, (agg, _) in list(self._cache.items()):
            if owns(owner, agg):
                self._drop(aggregate_id)

    def evict_key(self, key_id: UUID) -> None:
        """Drops the aggregates of the owner whose data key is ``key_id`` (an
        erasure seen in the log; writer thread only)."""
        for aggregate_id, (agg, _) in list(self._cache.items()):
            app, user_id = getattr(agg, "app", None), getattr(agg, "user_id", None)
            if isinstance(app, str) and isinstance(user_id, str) and _key_of(app, user_id) == key_id:
                self._drop(aggregate_id)

    def _forget_all(self, error: BaseException) -> None:
        """The store refused a version because it lacks the one before
        (``ledgermind.storage.continuity``): it is behind this cache, as after
        a failover that lost asynchronously replicated events. Every cached
        aggregate may be ahead, so all go; the retry reloads from the store."""
        log.warning(
            "the event store is behind the writer's cache (a failover lost acknowledged "
            "events?): dropping %d cached aggregates and reloading from the store: %s",
            len(self._cache),
            error,
        )
        self._cache.clear()
        self._cached_bytes = 0

    def _evict(self, unit: UnitOfWork) -> None:
        for aggregate_id in unit.touched:
            self._drop(aggregate_id)
