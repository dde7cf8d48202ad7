"""Idempotency receipts: proof, in the log, that a command already committed.

A retry after a lost acknowledgement (the server committed, the connection
died before the client heard it; eventsourcing then re-inserts, meets the
unique key and the writer re-runs the command) must find the first commit's
result instead of writing again. So every command carries an idempotency key,
made at the call, and writes a receipt in the same transaction as its events:
the receipt exists if and only if the command committed. A retry reads the
receipt first and returns the result it holds.

Two kinds, one rule (the receipt's stream id is a uuid5 of its key, so the
event store's unique (stream, version) key makes a second receipt, and with
it a second commit of the command, impossible, forever, at O(1)):

* ``CommandReceipt``: one per command, keyed by (owner, idempotency key),
  holding the command's name and its result as JSON text. The key is the
  caller's ``idempotency_key`` when given, else a random uuid4 made in the
  calling thread before the command is submitted.
* ``Receipt``: one per message that carries a ``client_id``, keyed by
  (session, client_id), holding its seq. A ``client_id`` is the caller's
  idempotency key for that message, valid across batches; a batch whose every
  message has one needs no ``CommandReceipt`` (it would record the same fact
  twice, at one more event per call).

Both hold a digest of the request they answered (``request_digest``: the
command's name and its arguments, canonical JSON, SHA-256), so a key reused
with another body is refused (``IdempotencyKeyReused``) instead of being
answered with the first result as if the new request had been written.
Receipts of version 1 have no digest (""): their replays are not compared.

Why streams and not a set in the Session state: a set grows with the session
and would make every append pay for deep-copying it.
"""

from __future__ import annotations

import hashlib
from typing import Any
from uuid import UUID

import orjson
from eventsourcing.domain import Aggregate, event

from ledgermind.domain.owner import Owner
from ledgermind.domain.stream_ids import command_receipt_id, receipt_id

__all__ = ["CommandReceipt", "Receipt", "request_digest"]


def request_digest(command: str, request: object) -> str:
    """SHA-256 of ``[command, request]`` as canonical JSON (sorted keys;
    datetimes, dataclasses and UUIDs as orjson writes them)."""
    body = orjson.dumps([command, request], option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS, default=str)
    return hashlib.sha256(body).hexdigest()


def _no_digest(state: dict[str, Any]) -> None:
    state["request_digest"] = ""


class Receipt(Aggregate):
    TOPIC = "ledgermind:Receipt"

    class Created(Aggregate.Created):
        TOPIC = "message.receipt"
        class_version = 2
        app: str
        user_id: str
        session_id: str
        client_id: str
        seq: int
        request_digest: str  # of the message it answered ("" in v1)

        upcast_v1_v2 = staticmethod(_no_digest)

    @event(Created)
    def __init__(
        self, app: str, user_id: str, session_id: str, client_id: str, seq: int, request_digest: str = ""
    ) -> None:
        self.app = app
        self.user_id = user_id
        self.session_id = session_id
        self.client_id = client_id
        self.seq = seq
        self.request_digest = request_digest

    @staticmethod
    def create_id(session_id: str, client_id: str, **_: object) -> UUID:
        return receipt_id(UUID(hex=session_id), client_id)


class CommandReceipt(Aggregate):
    """One committed command: its name (a key reused for another command is
    refused, not answered with a result of the wrong shape) and its result.
    The key is kept too (sealed like the rest), so an audit can tell which
    request a command answered."""

    TOPIC = "ledgermind:CommandReceipt"

    class Created(Aggregate.Created):
        TOPIC = "command.receipt"
        class_version = 2
        app: str
        user_id: str
        key: str
        command: str
        result: str  # JSON text of what the command returned
        request_digest: str  # of the request it answered ("" in v1)

        upcast_v1_v2 = staticmethod(_no_digest)

    @event(Created)
    def __init__(self, app: str, user_id: str, key: str, command: str, result: str, request_digest: str = "") -> None:
        self.app = app
        self.user_id = user_id
        self.key = key
        self.command = command
        self.result = result
        self.request_digest = request_digest

    @staticmethod
    def create_id(app: str, user_id: str, key: str, **_: object) -> UUID:
        return command_receipt_id(Owner(app, user_id), key)
