"""API keys of the HTTP service, as streams in the log like everything else.

A key is one stream: ``apikey.created`` (the app it fixes, a label and the
SHA-256 of its secret; never the secret) and at most one ``apikey.revoked``.
Why events: who could act for an app, from when until when, is audit
material, and the log is where an auditor looks.

Why the keys live under one system owner (``KEYRING_OWNER``) and not under
the app they serve: every event is sealed under an owner (app, user_id), and
a key belongs to an app, not to any of its users. The system owner's app is
refused by the key ring as a key's app, so no HTTP client can ever act as it
and its events appear in no tenant's feed. The key's own app is ``key_app``.
"""

from __future__ import annotations

from uuid import UUID

from eventsourcing.domain import Aggregate, event

from ledgermind.domain.owner import Owner
from ledgermind.domain.stream_ids import api_key_stream_id

__all__ = ["KEYRING_OWNER", "ApiKeyRecord"]

KEYRING_OWNER = Owner("ledgermind.system", "api-keys")


class ApiKeyRecord(Aggregate):
    """One API key's stream: the app it fixes, its secret's hash, revocation."""

    TOPIC = "ledgermind:ApiKey"

    class Event(Aggregate.Event):
        app: str
        user_id: str

    class Created(Event, Aggregate.Created):
        TOPIC = "apikey.created"
        class_version = 1
        key_id: str
        key_app: str
        label: str
        secret_hash: str  # hex SHA-256 of the whole secret

    @event(Created)
    def __init__(self, app: str, user_id: str, key_id: str, key_app: str, label: str, secret_hash: str) -> None:
        self.app = app
        self.user_id = user_id
        self.key_id = key_id
        self.key_app = key_app
        self.label = label
        self.secret_hash = secret_hash
        self.revoked = False

    @staticmethod
    def create_id(key_id: str, **_: object) -> UUID:
        return api_key_stream_id(key_id)

    class Revoked(Event):
        TOPIC = "apikey.revoked"
        class_version = 1

    @event(Revoked)
    def _revoked(self, app: str, user_id: str) -> None:
        self.revoked = True

    def revoke(self) -> None:
        """Revokes the key; a second revocation writes nothing."""
        if not self.revoked:
            self._revoked(app=self.app, user_id=self.user_id)
