"""The API keys' write commands: issue a key (its secret's hash only) and revoke one.

A key is a stream of the system owner (``ledgermind.domain.api_key``);
issuing and revoking are events like every other change, so who could act
for an app, and until when, is in the same audit trail as the data. The
secret is made and hashed by the caller (``ledgermind.api.keys``); nothing
here ever sees it.
"""

from __future__ import annotations

import re

from ledgermind.domain.api_key import KEYRING_OWNER, ApiKeyRecord
from ledgermind.domain.errors import ApiKeyNotFound, InvalidInput, InvalidOwner
from ledgermind.domain.owner import Owner
from ledgermind.domain.stream_ids import api_key_stream_id
from ledgermind.write.port import WritePort
from ledgermind.write.validation import check_name
from ledgermind.write.writer import UnitOfWork

__all__ = ["issue_key", "revoke_key"]


def issue_key(port: WritePort, key_id: str, app: str, label: str, secret_hash: str) -> None:
    """Records key ``key_id`` for ``app`` (checked by the rules of any owner's
    app; the system owner's app is refused) with its secret's hash."""
    Owner(app, KEYRING_OWNER.user_id)  # the same rules as any owner's app
    if app == KEYRING_OWNER.app:
        raise InvalidOwner(f"app {app!r} is reserved for ledgermind's own records")
    label = check_name(label, "label", port.limits) if label else ""
    record = ApiKeyRecord(
        app=KEYRING_OWNER.app,
        user_id=KEYRING_OWNER.user_id,
        key_id=key_id,
        key_app=app,
        label=label,
        secret_hash=secret_hash,
    )

    def command(unit: UnitOfWork) -> None:
        unit.add(record)

    port.submit(command)


def revoke_key(port: WritePort, key_id: str) -> None:
    """Revokes key ``key_id`` for good; revoking a revoked key writes nothing,
    an unknown id raises ``ApiKeyNotFound``."""
    if not isinstance(key_id, str) or not re.fullmatch(r"[0-9a-f]{16}", key_id):
        raise InvalidInput(f"an API key id is 16 hex digits, got {key_id!r:.40}")
    stream = api_key_stream_id(key_id)

    def command(unit: UnitOfWork) -> None:
        record = unit.get(ApiKeyRecord, stream)
        if record is None:
            raise ApiKeyNotFound(f"no API key {key_id}")
        record.revoke()
        unit.add(record)

    port.submit(command)
