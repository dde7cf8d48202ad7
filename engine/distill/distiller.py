"""The distiller: follows the log, distils session deltas, exactly once.

How it follows the log
----------------------
It reads ``message.added`` and ``task.completed`` notifications in order and
keeps, per session, a *pending window*: the items that arrived after that
session's cursor. A window is offered to the checker; when the checker says
yes, the window is extracted, reconciled against the owner's current beliefs
(folded from the log, see ``belief_index``), and committed in ONE
transaction: the memory events, ``distill.advanced`` on the session's
Distillation stream (a compare-and-set on the cursor, so a racing second
distiller or a replay after a crash is rejected with ``AlreadyProcessed``)
and the follower's tracking position.

Why two cursors, and how a false checker loses nothing
------------------------------------------------------
The log is global but deltas are per session. If one global position were
the only cursor, a session held back by its checker would block every other
session, or be skipped when the position moved past it. So:

- each session's cursor is its Distillation stream's ``position`` (the last
  notification of that session consumed);
- the follower's tracking position (``max_tracking_id(follower)``) is the
  low watermark W: every message at or below W belongs to a consumed window.
  W = (first position of the oldest still-pending window) - 1, or the scanned
  head when nothing is pending. It moves only forward, in the same
  transaction as a window's commit (or alone when the distiller is idle).

A held-back window keeps W below its first message, so a restart rescans from
W + 1 and rebuilds every pending window from the log (items a session's
cursor already covers are dropped). Nothing lives only in memory.

Context across deltas
---------------------
Each window remembers the last two items it distilled (``tail``) and hands
them to the next extraction as ``ExtractionContext.previous``, so a user's
problem and the assistant's answer that land in two deltas still pair up.
This context lives in the worker's memory only: after a restart the first
delta of a session is extracted without it (nothing is written twice; an
experience split exactly at a restart is missed).

Failures
--------
An extractor or reconcile failure writes nothing and leaves the cursor; the
window is retried with exponential backoff; after ``max_attempts`` it is
dead-lettered (``distill.dead_lettered``, which moves the session cursor past
it so the session is not blocked). ``dead_letters()`` lists them and
``replay(letter_id)`` distils that window again and records ``distill.replayed``.
Store errors during a commit are retried but never dead-letter a window.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any
from uuid import UUID

from eventsourcing.persistence import Tracking

from ledgermind.distill.belief_index import LogBeliefIndex
from ledgermind.distill.checkers import Checker, should_extract
from ledgermind.distill.dead_letters import DeadLetter, DeadLetterIndex, reread
from ledgermind.distill.delta import DeltaItem, ExtractionContext, is_distillable
from ledgermind.distill.lease import DistillLease
from ledgermind.distill.meaning import JudgeChosenByEnv
from ledgermind.distill.proposals import Extraction, Extractor
from ledgermind.distill.reconcile import DEFAULT_CONFIG, ReconcileConfig, reconcile
from ledgermind.distill.rule_extractor import RuleExtractor
from ledgermind.domain.distillation import Distillation
from ledgermind.domain.errors import AlreadyProcessed, DeadLetterNotFound, OwnerErased, StoreError
from ledgermind.domain.lineage import MessageRef, Retractions, retractions_stream_id
from ledgermind.domain.owner import Owner
from ledgermind.domain.session import Session
from ledgermind.domain.stream_ids import distillation_id
from ledgermind.domain.task import Task
from ledgermind.storage.follower import Follower
from ledgermind.write.beliefs import (
    BeliefChange,
    Flag,
    Forget,
    Invalidate,
    NewBelief,
    Reinforce,
    Revise,
    apply_changes,
    check_changes,
)
from ledgermind.write.writer import UnitOfWork

if TYPE_CHECKING:
    from ledgermind.write.port import WritePort

__all__ = ["BeliefChanged", "DistillReport", "Distiller"]

log = logging.getLogger("ledgermind.distill")
FOLLOWED = ("message.added", "task.completed")


@dataclass(frozen=True, slots=True)
class BeliefChanged:
    """One belief change a run committed: which belief, what happened to it
    (``added``, ``reinforced``, ``revised``, ``invalidated``, ``flagged``, ``forgotten``),
    whose it is and which session's delta caused it. ``statement`` is the new
    text for ``added`` and ``revised``, else None."""

    memory_id: str
    change: str
    app: str
    user_id: str
    session_id: str
    statement: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "memory_id": self.memory_id,
            "change": self.change,
            "app": self.app,
            "user_id": self.user_id,
            "session_id": self.session_id,
            "statement": self.statement,
        }


@dataclass(frozen=True, slots=True)
class DistillReport:
    windows: int = 0  # deltas committed
    items: int = 0  # distillable items in them
    changes: int = 0  # belief changes written
    held_back: int = 0  # windows a checker declined (still pending)
    dead_lettered: int = 0
    conflicts: int = 0  # windows another distiller committed first
    model_calls: int = 0
    position: int = 0  # the follower's tracking position (low watermark)
    # Which beliefs changed, in commit order (``changes`` counts them): an
    # operator asks "what did it learn", not only "how much".
    beliefs: tuple[BeliefChanged, ...] = ()


@dataclass
class _Window:
    owner: Owner
    session_id: str
    cursor: int  # the session's Distillation position
    last_extraction: datetime | None
    items: list[DeltaItem] = field(default_factory=list)
    first: int = 0  # first unconsumed notification of this session (0: none pending)
    last: int = 0
    attempts: int = 0
    retry_at: float = 0.0
    error: str = ""
    tail: tuple[DeltaItem, ...] = ()  # the last items distilled (context for the next delta)

    @property
    def pending(self) -> bool:
        return self.last > self.cursor


class Distiller:
    def __init__(
        self,
        eng: WritePort,
        *,
        follower: str = "distiller",
        extractor: Extractor | None = None,
        checker: Checker | None = None,
        config: ReconcileConfig = DEFAULT_CONFIG,
        max_attempts: int = 3,
        backoff_s: float = 0.5,
        page: int = 500,
        max_windows: int = 10_000,
        clock: Callable[[], datetime] | None = None,
        lease: DistillLease | None = None,
    ) -> None:
        self.eng = eng
        self.lease = lease  # several distillers on one follower: only the holder works
        self._leased = False
        self.follower = follower
        self.extractor: Extractor = extractor or RuleExtractor(config.policy)
        self.checker = checker
        self.config = config
        if isinstance(config.meaning, JudgeChosenByEnv):
            config.meaning.resolve()  # a mistyped LEDGERMIND_DISTILL_JUDGE is said here, before any window
        self.max_attempts = max_attempts
        self.backoff_s = backoff_s
        self.page = page
        self.max_windows = max_windows  # consumed windows kept in memory (their cursors)
        self.clock = clock or (lambda: datetime.now(UTC))
        self.index = LogBeliefIndex(eng)
        self._dead_letters = DeadLetterIndex(eng, page=page)
        self._windows: dict[str, _Window] = {}
        self._committed_w = eng.log.process_recorder.max_tracking_id(follower) or 0
        self._follower = Follower(eng.log, FOLLOWED, page=page, position=self._committed_w)

    # --- public ----------------------------------------------------------------

    def run_once(self) -> DistillReport:
        """Reads to the head and distils every window its checker lets through."""
        total = DistillReport()
        while self._may_work():
            self._scan()
            report = self._distil_ready()
            total = _add(total, report)
            progressed = report.windows or report.conflicts or report.dead_lettered
            if self._await_retry():
                continue  # a failed window: retry it (after its backoff) until it commits or dead-letters
            if not progressed and self._follower.position >= self._follower.head():
                break
        if not self._leased and self.lease is not None:
            return total  # another distiller holds the follower: it moves the watermark
        self._advance_watermark()
        held = sum(1 for w in self._windows.values() if w.pending)
        return _add(total, DistillReport(held_back=held, position=self._committed_w))

    def _await_retry(self) -> bool:
        """Sleeps until the earliest failed window may be retried; False if none failed."""
        waits = [w.retry_at for w in self._windows.values() if w.pending and w.attempts]
        if not waits:
            return False
        time.sleep(max(0.0, min(waits) - time.monotonic()))
        return True

    def run_forever(
        self,
        stop: Callable[[], bool],
        poll_s: float = 1.0,
        on_report: Callable[[DistillReport], None] | None = None,
    ) -> None:
        """Follows the log until ``stop()``; a store outage is logged and
        retried after ``poll_s`` (the cursors in the store say where to resume).
        ``on_report`` sees the report of every pass that committed or
        dead-lettered something (the worker logs each batch with it).
        With a lease, a distiller that does not hold it asks again every
        third of the lease's time to live, and a stopping one hands it back.
        The meaning judge's model is loaded first (seconds, once), not on the
        first message that needs it."""
        if self.config.meaning is not None:
            self.config.meaning.warm()
        try:
            while not stop():
                try:
                    report = self.run_once()
                except StoreError as e:
                    log.warning("distiller %s: store error, retrying: %s", self.follower, e)
                    time.sleep(poll_s)
                    continue
                if on_report is not None and (report.windows or report.dead_lettered):
                    on_report(report)
                if self.lease is not None and not self._leased:
                    _sleep_until(stop, max(poll_s, self.lease.ttl_s / 3))
                elif not report.windows:
                    time.sleep(poll_s)
        finally:
            if self.lease is not None and self._leased:
                self._leased = False
                self.lease.release()

    @property
    def holding(self) -> bool:
        """Whether this distiller works now: always without a lease, else while it holds it."""
        return self.lease is None or self._leased

    def _may_work(self) -> bool:
        """Always without a lease; with one, while this distiller holds it.
        Taking it over restarts from the cursors in the store: another
        distiller may have moved them since this one last worked."""
        if self.lease is None:
            return True
        held = self.lease.held()
        if held and not self._leased:
            self._restart_from_store()
        self._leased = held
        return held

    def _restart_from_store(self) -> None:
        """Forgets every window held in memory and follows the log again from
        the follower's committed watermark, as a fresh process would."""
        self._windows.clear()
        self._committed_w = self.eng.log.process_recorder.max_tracking_id(self.follower) or 0
        self._follower = Follower(self.eng.log, FOLLOWED, page=self.page, position=self._committed_w)

    # --- reading the log --------------------------------------------------------

    def _scan(self) -> None:
        self._follower.catch_up(lambda envelope: self._take(envelope.position, envelope.event))

    def _take(self, position: int, event: Any) -> None:
        if isinstance(event, Session.MessageAdded):
            session_id = event.originator_id.hex
            window = self._window(Owner(event.app, event.user_id), session_id)
            if position <= window.cursor:
                return
            if is_distillable(event.role, event.content, event.tool_calls):
                window.items.append(
                    DeltaItem(
                        session_id, event.seq, event.role, event.content, event.occurred_at, position, name=event.name
                    )
                )
        elif isinstance(event, Task.Completed):
            started = self.eng.stream_events(event.originator_id, lte=1)
            if not started or not isinstance(started[0], Task.Created):
                return
            session_id = started[0].session_id
            window = self._window(Owner(event.app, event.user_id), session_id)
            if position <= window.cursor:
                return
            window.items.append(
                DeltaItem(
                    session_id,
                    0,
                    "task",
                    event.output,
                    event.timestamp,
                    position,
                    task_id=event.originator_id.hex,
                    task_input=started[0].input,
                )
            )
        else:
            return
        window.first = window.first or position
        window.last = position

    def _window(self, owner: Owner, session_id: str) -> _Window:
        window = self._windows.get(session_id)
        if window is None:
            position, last = self._load_cursor(session_id)
            window = _Window(owner, session_id, position, last)
            self._windows[session_id] = window
        return window

    def _load_cursor(self, session_id: str) -> tuple[int, datetime | None]:
        """(position, when it last moved) from the newest events of the
        session's Distillation stream: O(1), however many extractions it had."""
        stream = distillation_id(self.follower, session_id)
        upper: int | None = None
        while True:
            events = self.eng.stream_events(stream, lte=upper, desc=True, limit=8)
            for e in events:
                if isinstance(e, (Distillation.Advanced, Distillation.DeadLettered)):
                    return e.to_position, e.timestamp
            if len(events) < 8:
                return 0, None
            upper = events[-1].originator_version - 1

    # --- distilling windows ------------------------------------------------------

    def _distil_ready(self) -> DistillReport:
        report = DistillReport()
        now = self.clock()
        for window in sorted(self._windows.values(), key=lambda w: w.first):
            if not window.pending or time.monotonic() < window.retry_at:
                continue
            if not self._may_work():
                break  # the lease was lost mid-pass: its new holder distils the rest
            ctx = ExtractionContext(
                window.owner,
                window.session_id,
                self._unretracted(window),
                window.last_extraction,
                now,
                previous=window.tail,
            )
            if not should_extract(self.checker, ctx):
                continue  # a no-op: the window stays pending, its cursor stays
            report = _add(report, self._distil(window, ctx))
        return report

    def _unretracted(self, window: _Window) -> tuple[DeltaItem, ...]:
        """The window's items less retracted messages: a message withdrawn
        before the distiller reached it must cause nothing (one read of the
        owner's retraction stream per window; ``ledgermind.distill.lineage``)."""
        log = self.eng.load(retractions_stream_id(window.owner), Retractions, window.owner)
        if log is None or not log.retracted:
            return tuple(window.items)
        return tuple(
            i for i in window.items if i.task_id is not None or not log.is_retracted(MessageRef(i.session_id, i.seq))
        )

    def _distil(self, window: _Window, ctx: ExtractionContext) -> DistillReport:
        try:
            self.index.catch_up()
            extraction = self.extractor.extract(ctx)
            changes = reconcile(window.owner, extraction, self.index.current(window.owner), self.config)
            check_changes(changes, self.eng.limits)  # a value no read model could fold: dead-letter it
        except Exception as e:
            return self._failed(window, e)
        try:
            ids = self._commit(window, extraction, changes)
        except AlreadyProcessed:
            self._reload(window)
            return DistillReport(conflicts=1)
        except OwnerErased:
            del self._windows[window.session_id]  # erased meanwhile: nothing of theirs may be written
            return DistillReport()
        except StoreError as e:
            log.warning("distill commit failed for session %s: %s", window.session_id, e)
            window.retry_at = time.monotonic() + self.backoff_s
            return DistillReport()
        done = len(window.items)
        self._consumed(window, ctx.now)
        return DistillReport(
            windows=1,
            items=done,
            changes=len(ids),
            model_calls=extraction.model_calls,
            beliefs=_changed(window, changes, ids),
        )

    def _commit(self, window: _Window, extraction: Extraction, changes: list[BeliefChange]) -> list[str]:
        expected, to_position = window.cursor, window.last
        items = [i.source() for i in window.items]
        watermark = self._watermark(excluding=window)

        def command(unit: UnitOfWork) -> list[str]:
            cursor = self._cursor(unit, window)
            ids = apply_changes(unit, window.owner, changes, self.eng.limits)
            cursor.advance(
                expected,
                to_position,
                items=items,
                memory_ids=ids,
                extractor=extraction.extractor,
                extractor_version=extraction.extractor_version,
                model_calls=extraction.model_calls,
            )
            if watermark > self._committed_w:
                unit.tracking = Tracking(application_name=self.follower, notification_id=watermark)
            return ids

        ids: list[str] = self.eng.submit(command, tracked=watermark > self._committed_w)
        self._committed_w = max(self._committed_w, watermark)
        return ids

    def _cursor(self, unit: UnitOfWork, window: _Window) -> Distillation:
        cursor = unit.get(Distillation, distillation_id(self.follower, window.session_id))
        if cursor is None:
            cursor = Distillation(
                app=window.owner.app, user_id=window.owner.user_id, follower=self.follower, session_id=window.session_id
            )
            unit.add(cursor)
        return cursor

    def _failed(self, window: _Window, error: Exception) -> DistillReport:
        window.attempts += 1
        window.error = f"{type(error).__name__}: {error}"
        log.warning("distilling session %s failed (attempt %d): %s", window.session_id, window.attempts, window.error)
        if window.attempts < self.max_attempts:
            window.retry_at = time.monotonic() + self.backoff_s * 2 ** (window.attempts - 1)
            return DistillReport()
        expected, to_position = window.cursor, window.last
        items = [i.source() for i in window.items]
        watermark = self._watermark(excluding=window)

        def command(unit: UnitOfWork) -> str:
            letter = self._cursor(unit, window).dead_letter(
                expected, to_position, items, window.error[:2000], window.attempts
            )
            if watermark > self._committed_w:
                unit.tracking = Tracking(application_name=self.follower, notification_id=watermark)
            return letter

        try:
            self.eng.submit(command, tracked=watermark > self._committed_w)
        except AlreadyProcessed:
            self._reload(window)
            return DistillReport(conflicts=1)
        self._committed_w = max(self._committed_w, watermark)
        self._consumed(window, self.clock())
        return DistillReport(dead_lettered=1)

    def _consumed(self, window: _Window, when: datetime) -> None:
        window.tail = (*window.tail, *window.items)[-2:]
        window.cursor = window.last
        window.items.clear()
        window.first = 0
        window.attempts = 0
        window.retry_at = 0.0
        window.last_extraction = when

    def _reload(self, window: _Window) -> None:
        """Another distiller moved this session: keep only what it did not consume."""
        self._committed_w = max(self._committed_w, self.eng.log.process_recorder.max_tracking_id(self.follower) or 0)
        window.cursor, window.last_extraction = self._load_cursor(window.session_id)
        window.items = [i for i in window.items if i.position > window.cursor]
        window.first = window.items[0].position if window.items else (window.cursor + 1 if window.pending else 0)

    # --- the low watermark ---------------------------------------------------------

    def _watermark(self, excluding: _Window | None = None) -> int:
        firsts = [w.first for w in self._windows.values() if w.pending and w is not excluding and w.first]
        return (min(firsts) - 1) if firsts else self._follower.position

    def _advance_watermark(self) -> None:
        consumed = [s for s, w in self._windows.items() if not w.pending]
        for sid in consumed[: max(0, len(self._windows) - self.max_windows)]:
            del self._windows[sid]  # forgotten here, remembered by their Distillation streams
        watermark = self._watermark()
        if watermark <= self._committed_w:
            return

        def command(unit: UnitOfWork) -> None:
            unit.tracking = Tracking(application_name=self.follower, notification_id=watermark)

        try:
            self.eng.submit(command, tracked=True)
        except AlreadyProcessed:
            pass  # a twin distiller moved it at least as far
        self._committed_w = max(self._committed_w, watermark)

    # --- dead letters -----------------------------------------------------------------

    def dead_letters(self) -> list[DeadLetter]:
        return self._dead_letters.catch_up()

    def replay(self, letter_id: str) -> list[str]:
        """Distils a dead-lettered window again (the extractor may have been
        fixed); commits its beliefs and ``distill.replayed`` atomically, so a
        letter is replayed at most once."""
        letter = next((d for d in self.dead_letters() if d.letter_id == letter_id), None)
        if letter is None:
            raise DeadLetterNotFound(f"no open dead letter {letter_id}")
        owner = Owner(letter.app, letter.user_id)
        items = tuple(reread(self.eng, letter))
        ctx = ExtractionContext(owner, letter.session_id, items, None, self.clock())
        self.index.catch_up()
        extraction = self.extractor.extract(ctx)
        changes = reconcile(owner, extraction, self.index.current(owner), self.config)
        stream = UUID(hex=letter_id.split("-")[0])

        def command(unit: UnitOfWork) -> list[str]:
            cursor = unit.get(Distillation, stream)
            if cursor is None:
                raise DeadLetterNotFound(f"no open dead letter {letter_id}")
            ids = apply_changes(unit, owner, changes, self.eng.limits)
            cursor.replayed(letter_id, ids)
            return ids

        return self.eng.submit(command)


def _add(a: DistillReport, b: DistillReport) -> DistillReport:
    return DistillReport(
        windows=a.windows + b.windows,
        items=a.items + b.items,
        changes=a.changes + b.changes,
        held_back=b.held_back,
        dead_lettered=a.dead_lettered + b.dead_lettered,
        conflicts=a.conflicts + b.conflicts,
        model_calls=a.model_calls + b.model_calls,
        position=max(a.position, b.position),
        beliefs=a.beliefs + b.beliefs,
    )


_CHANGE_NAMES: dict[type, str] = {
    NewBelief: "added",
    Reinforce: "reinforced",
    Revise: "revised",
    Invalidate: "invalidated",
    Flag: "flagged",
    Forget: "forgotten",
}


def _changed(window: _Window, changes: list[BeliefChange], ids: list[str]) -> tuple[BeliefChanged, ...]:
    """``apply_changes`` returns one belief id per change, in order."""
    return tuple(
        BeliefChanged(
            memory_id,
            _CHANGE_NAMES[type(change)],
            window.owner.app,
            window.owner.user_id,
            window.session_id,
            getattr(change, "statement", None),
        )
        for change, memory_id in zip(changes, ids)
    )


def _sleep_until(stop: Callable[[], bool], seconds: float) -> None:
    """Sleeps ``seconds``, waking every tenth of a second to see ``stop``."""
    end = time.monotonic() + seconds
    while not stop() and time.monotonic() < end:
        time.sleep(min(0.1, max(0.0, end - time.monotonic())))
