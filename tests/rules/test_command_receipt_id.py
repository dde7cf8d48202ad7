"""A command receipt's stream id is a promise: a retry years later must find it."""

from __future__ import annotations

from uuid import UUID

from ledgermind.domain import stream_ids
from ledgermind.domain.owner import Owner
from ledgermind.domain.receipt import CommandReceipt

OWNER = Owner("support", "user-42")


def test_command_receipt_id_is_pinned_and_owner_scoped() -> None:
    assert stream_ids.command_receipt_id(OWNER, "req-1") == UUID("e2b7589b-2bd4-5fdc-b65a-f5cbca995708")
    assert stream_ids.command_receipt_id(Owner("support", "user-43"), "req-1") != stream_ids.command_receipt_id(
        OWNER, "req-1"
    )
    receipt = CommandReceipt(app=OWNER.app, user_id=OWNER.user_id, key="req-1", command="c", result="null")
    assert receipt.id == stream_ids.command_receipt_id(OWNER, "req-1")
