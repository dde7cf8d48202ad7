"""API keys as an operator call of the engine (``eng.api_keys()``), on every backend.

Issue, verify, list and revoke through the one ring the service, the MCP
server, the desk and ``ledgermind keys`` share; bad input is refused with a
typed error and the log unchanged.
"""

from __future__ import annotations

import pytest

from ledgermind import MemoryEngine
from ledgermind.domain.api_key import KEYRING_OWNER
from ledgermind.domain.errors import ApiKeyNotFound, InvalidInput, InvalidOwner


def test_a_key_is_issued_verified_listed_and_revoked_for_good(eng: MemoryEngine) -> None:
    ring = eng.api_keys()
    key_id, secret = ring.create("shop", "billing bot")
    assert secret.startswith(f"mlk_{key_id}_")
    granted = ring.verify(secret)
    assert granted is not None and (granted.key_id, granted.app, granted.label) == (key_id, "shop", "billing bot")
    assert ring.verify(secret[:-1] + ("A" if secret[-1] != "A" else "B")) is None  # one character off
    assert ring.verify(f"mlk_{'0' * 16}_{secret[-43:]}") is None  # a key id never issued
    [listed] = ring.list()
    assert listed.key_id == key_id and not listed.revoked
    ring.revoke(key_id)
    ring.revoke(key_id)  # a second revocation writes nothing
    assert ring.verify(secret) is None
    [listed] = eng.api_keys().list()  # another ring of the same engine reads the same log
    assert listed.revoked and listed.revoked_at is not None and listed.revoked_at >= listed.created_at


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda ring: ring.create(KEYRING_OWNER.app), InvalidOwner),  # the system owner's app
        (lambda ring: ring.create("a\x00b"), InvalidOwner),
        (lambda ring: ring.create("shop", "x" * 10_000), InvalidInput),  # a label over the name limit
        (lambda ring: ring.revoke("not-a-key-id"), InvalidInput),
        (lambda ring: ring.revoke("0" * 16), ApiKeyNotFound),
    ],
)
def test_bad_key_calls_are_refused_and_write_nothing(eng: MemoryEngine, call, error) -> None:  # type: ignore[no-untyped-def]
    before = eng.position
    with pytest.raises(error):
        call(eng.api_keys())
    assert eng.position == before and eng.api_keys().list() == []
