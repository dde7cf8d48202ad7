"""Idempotency receipts: one tiny stream per (session, client_id).

Why a stream and not a set in the Session state: a set grows with the session
and would make every append pay for deep-copying it. A receipt's id is a
uuid5 of the session and the client id, so the event store's unique
(stream, version) key makes a duplicate impossible, forever, at O(1).
"""

from __future__ import annotations

from uuid import UUID

from eventsourcing.domain import Aggregate, event

from memledger.domain.stream_ids import receipt_id

__all__ = ["Receipt"]



class Receipt(Aggregate):
    TOPIC = "memledger:Receipt"

    class Created(Aggregate.Created):
        TOPIC = "message.receipt"
        class_version = 1
        app: str
        user_id: str
        session_id: str
        client_id: str
        seq: int

    @event(Created)
    def __init__(self, app: str, user_id: str, session_id: str, client_id: str, seq: int) -> None:
        self.app = app
        self.user_id = user_id
        self.session_id = session_id
        self.client_id = client_id
        self.seq = seq

    @staticmethod
    def create_id(session_id: str, client_id: str, **_: object) -> UUID:
        return receipt_id(UUID(hex=session_id), client_id)
