"""The write path's one public door: submit a command, read a stream, scoped loads.

Why a port: the distiller, the explicit-memory calls, erasure and recovery
all need to write or read streams, and before this they reached into the
API facade (``eng._submit``, ``eng.log``), which made the facade a dependency
of the layers below it and closed import cycles. Everything below the facade
now takes a ``WritePort``; the facade owns one and adds nothing but the
public method names. The port also keeps the position of the last commit it
made, the value ``wait(position)`` needs for read-your-writes.

Exactly-once commands (``submit_once``): a command can commit and still fail
at its caller, when the connection dies between the server's COMMIT and its
acknowledgement, or at its writer, when a step after the commit fails. A
writer that then ran the command again would write it a second time (a
duplicate message at the next seq, a second session, a task "already
completed"). Two guards, by who could run it again:

* The writer itself: it never runs again a command whose save committed. A
  save that failed is asked whether its events are stored anyway, byte for
  byte (``ledgermind.storage.landed``: a sealed state carries a random nonce,
  so equal bytes at the same (stream, version) are this save's rows); if so
  it is a success. That is all a key made here (a uuid4 made at the call)
  needs, so such a command writes no receipt.
* The caller, retrying after an answer it never got (``StoreUnavailable``:
  "the write may still commit"), from any process: only a key the caller
  chose (``idempotency_key=``, ``client_id`` for messages) can name the first
  call. Such a command writes a ``CommandReceipt`` holding its result in the
  same transaction as its events (``ledgermind.domain.receipt``), and every
  run looks it up first: a run that finds it returns that result and writes
  nothing.

Why not a receipt for every command, as before: it was one more event per
call (for a two-message turn, a third of the bytes stored: the event, its
key, its log position and its chain link) and it only ever answered the
writer's own re-run, which the stored rows answer as well. A batch of
messages is one command and gets at most one receipt, whatever its size.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TypeVar, cast
from uuid import UUID

import orjson
from eventsourcing.application import AggregateNotFoundError
from eventsourcing.domain import Aggregate, DomainEventProtocol
from eventsourcing.persistence import Tracking

from ledgermind.domain.config import EngineConfig, Limits
from ledgermind.domain.errors import IdempotencyKeyReused
from ledgermind.domain.owner import Owner
from ledgermind.domain.receipt import CommandReceipt, request_digest
from ledgermind.domain.stream_ids import command_receipt_id
from ledgermind.storage.follower import Follower
from ledgermind.storage.source import stream_events
from ledgermind.storage.store import EventLog, translate_errors
from ledgermind.write.beliefs import BeliefChange, apply_changes
from ledgermind.write.erasure_watch import ERASED_TOPIC, ErasureWatch
from ledgermind.write.isolation import scoped, scoped_get
from ledgermind.write.validation import check_name
from ledgermind.write.writer import UnitOfWork, Writer, expired

__all__ = ["Command", "IdempotencyKey", "WritePort"]

R = TypeVar("R")
A = TypeVar("A", bound=Aggregate)
Command = Callable[[UnitOfWork], R]


@dataclass(frozen=True, slots=True)
class IdempotencyKey:
    """One command's idempotency key; ``given``: the caller chose it, so a
    receipt may exist before the first run (a retried request)."""

    owner: Owner
    command: str  # the command's name, stored in its receipt
    key: str
    given: bool
    digest: str = ""  # of the request (``request_digest``): a replay must match it

    @classmethod
    def at_call(
        cls, owner: Owner, command: str, given: object, limits: Limits, request: object = None
    ) -> IdempotencyKey:
        """The caller's key (validated like any caller-chosen name), or none
        (``given`` False, ``key`` empty): a command nobody can send again
        needs no receipt (``once``), so it needs no key either (a random one,
        made here until now, cost each append a read of ``os.urandom``).
        ``request``: the command's arguments, whose digest the receipt keeps
        (a key the caller chose must come back with the same request)."""
        if given is None:
            return cls(owner, command, "", given=False)
        key = check_name(given, "idempotency_key", limits)
        return cls(owner, command, key, given=True, digest=request_digest(command, request))


class WritePort:
    """The writer thread and the event log of one engine, behind public methods."""

    def __init__(self, log: EventLog, config: EngineConfig) -> None:
        self.log = log
        self.config = config
        self._writer = Writer(log, config.cache_size, config.max_retries, config.group_commit_max, config.cache_bytes)
        self._position = 0
        # Erasures made by any process, acted on here within the bound.
        self.erasures = ErasureWatch(
            Follower(log, (ERASED_TOPIC,)), self._forget_erased, config.erasure_bound_s, log.backend.pg_conninfo()
        )

    @property
    def limits(self) -> Limits:
        return self.config.limits

    @property
    def position(self) -> int:
        """The notification id of the last commit made through this port."""
        return self._position

    def submit(self, command: Command[R], *, tracked: bool = False) -> R:
        """Runs ``command`` on the writer thread and commits what it touched;
        returns its result once durable. ``tracked``: the command set
        ``unit.tracking`` (a follower's cursor moves in the same transaction).

        Bounded by ``config.commit_timeout_s``: a stalled server gives the
        caller ``StoreUnavailable`` within it, and the writer carries on once
        the server answers again (``Writer.submit``)."""
        result, position = self._writer.submit(command, tracked=tracked, timeout=self.config.commit_timeout_s)
        if position > self._position:
            self._position = position
        return result

    async def submit_async(self, command: Command[R]) -> R:
        """``submit`` for a caller on an event loop: the loop awaits the
        writer's future itself (no thread of a pool parked on it), and the
        writer sees each waiting task as its own caller. Same timeout, same
        errors."""
        timeout = self.config.commit_timeout_s
        future = self._writer.enqueue(command, caller=id(asyncio.current_task()))
        try:
            result, position = await asyncio.wait_for(asyncio.wrap_future(future), timeout)
        except TimeoutError:
            raise expired(future, timeout) from None
        if position > self._position:
            self._position = position
        return result

    def submit_once(self, key: IdempotencyKey, command: Command[R]) -> R:
        """``submit`` exactly once per ``key``: the command's result goes into a
        ``CommandReceipt`` in the same transaction as its events, and a run
        that finds the receipt (a retry after a lost acknowledgement, or the
        caller's retry with the same key) returns that result unwritten. The
        result must be JSON (it comes back through JSON on a replay)."""
        return self.submit(self.once(key, command))

    async def submit_once_async(self, key: IdempotencyKey, command: Command[R]) -> R:
        """``submit_once`` for a caller on an event loop (``submit_async``)."""
        return await self.submit_async(self.once(key, command))

    def once(self, key: IdempotencyKey, command: Command[R]) -> Command[R]:
        """``command`` wrapped to run exactly once per ``key`` (``submit_once``).
        A key made here needs no receipt: only the writer could run the
        command again, and it never does after a save that committed
        (``ledgermind.storage.landed``)."""
        if not key.given:
            return command
        stream = command_receipt_id(key.owner, key.key)

        def once(unit: UnitOfWork) -> R:
            receipt: CommandReceipt | None = scoped_get(unit, CommandReceipt, stream, key.owner)
            if receipt is not None:
                if receipt.command != key.command:
                    raise IdempotencyKeyReused(
                        f"idempotency key {key.key!r:.80} was used for {receipt.command}, not {key.command}"
                    )
                if receipt.request_digest and key.digest and receipt.request_digest != key.digest:
                    raise IdempotencyKeyReused(
                        f"idempotency key {key.key!r:.80} was used for another {key.command} request "
                        "(a different body): nothing was written; use a new key for a new request"
                    )
                return cast(R, orjson.loads(receipt.result))
            result = command(unit)
            unit.add(
                CommandReceipt(
                    app=key.owner.app,
                    user_id=key.owner.user_id,
                    key=key.key,
                    command=key.command,
                    result=orjson.dumps(result).decode(),
                    request_digest=key.digest,
                )
            )
            return result

        return once

    def apply_memory_changes(
        self,
        owner: Owner,
        changes: Sequence[BeliefChange],
        *,
        tracking: tuple[str, int] | None = None,
        idempotency_key: str | None = None,
    ) -> list[str]:
        """Belief changes as memory events in one transaction; with
        ``tracking=(follower, position)`` that follower's cursor moves in the
        same transaction (exactly-once distillation: the tracking record is
        the receipt). Without it the command is exactly-once by
        ``idempotency_key`` (made here when not given): a re-run would
        reinforce or revise a belief twice. Returns the belief ids."""
        batch = list(changes)
        if tracking is None:
            key = IdempotencyKey.at_call(owner, "apply_memory_changes", idempotency_key, self.limits, batch)
            return self.submit_once(key, lambda unit: apply_changes(unit, owner, batch, self.limits))
        cursor = Tracking(application_name=tracking[0], notification_id=tracking[1])

        def command(unit: UnitOfWork) -> list[str]:
            unit.tracking = cursor
            return apply_changes(unit, owner, batch, self.limits)

        return self.submit(command, tracked=True)

    def load(self, aggregate_id: UUID, cls: type[A], owner: Owner) -> A | None:
        """The aggregate as ``owner`` sees it, straight from the store: None
        when missing, of another class, or another owner's (no oracle)."""

        def load() -> A | None:
            try:
                with translate_errors():
                    agg: Aggregate = self.log.repository.get(aggregate_id)
            except AggregateNotFoundError:
                return None
            return agg if isinstance(agg, cls) else None

        return scoped(load, owner)

    def stream_events(
        self,
        stream_id: UUID,
        *,
        gt: int | None = None,
        lte: int | None = None,
        desc: bool = False,
        limit: int | None = None,
    ) -> list[DomainEventProtocol[UUID]]:
        """One stream's decoded events (unscoped: callers check the owner)."""
        return stream_events(self.log, stream_id, gt=gt, lte=lte, desc=desc, limit=limit)

    def evict_owner(self, owner: Owner) -> None:
        """Forgets an erased owner's cached aggregates (they hold checkpoints)."""
        self._writer.evict_owner(owner)

    def _forget_erased(self, key_id: UUID, erased_at: datetime) -> None:
        """What this process holds for an owner another process erased: the
        key (a tombstone from now on), its cipher, the cached aggregates
        (evicted on the writer thread, the only one that touches them)."""
        self.log.keys.forget(key_id, erased_at)
        self.log.mapper.forget(key_id)
        self.submit(lambda _unit: self._writer.evict_key(key_id))

    def close(self) -> None:
        self.erasures.close()
        self._writer.close()
