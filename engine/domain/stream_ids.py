"""Every stream id and key id derived from an owner, in one place.

Why one module: an owner-derived id is a promise (the same owner and name give
the same stream on every machine, forever), so the derivation must exist once.
Each kind of id has its own uuid5 namespace; the name is ``Owner.key`` (app
and user joined by a separator that never occurs in either) plus the part
that tells streams of one owner apart. Changing any line here orphans every
stored stream of that kind: the test ``test_stream_ids_are_stable`` pins them.
"""

from __future__ import annotations

from uuid import NAMESPACE_URL, UUID, uuid5

from ledgermind.domain.owner import Owner

__all__ = [
    "agent_stream_id",
    "api_key_stream_id",
    "command_receipt_id",
    "distillation_id",
    "erasure_id",
    "memory_stream_id",
    "owner_key_id",
    "receipt_id",
]

_AGENT = uuid5(NAMESPACE_URL, "ledgermind/agent")
_MEMORY = uuid5(NAMESPACE_URL, "ledgermind/memory")
_ERASURE = uuid5(NAMESPACE_URL, "ledgermind/erasure")
_OWNER_KEY = uuid5(NAMESPACE_URL, "ledgermind/owner-key")
_RECEIPT = uuid5(NAMESPACE_URL, "ledgermind/receipt")
_DISTILLATION = uuid5(NAMESPACE_URL, "ledgermind/distillation")
_COMMAND_RECEIPT = uuid5(NAMESPACE_URL, "ledgermind/command-receipt")
_API_KEY = uuid5(NAMESPACE_URL, "ledgermind/api-key")


def agent_stream_id(owner: Owner, agent_id: str) -> UUID:
    """An agent's stream: tenant-scoped, so two owners' "agent-7" never meet."""
    return uuid5(_AGENT, f"{owner.key}\x1f{agent_id}")


def memory_stream_id(owner: Owner, source_key: str) -> UUID:
    """A belief's stream, from its source: a retried distillation cannot create it twice."""
    return uuid5(_MEMORY, f"{owner.key}\x1f{source_key}")


def erasure_id(owner: Owner) -> UUID:
    """The one ``owner.erased`` stream of an owner (erasure is idempotent)."""
    return uuid5(_ERASURE, owner.key)


def owner_key_id(owner: Owner) -> UUID:
    """The id of an owner's data key: stable, so a reader finds the key without decrypting."""
    return uuid5(_OWNER_KEY, owner.key)


def receipt_id(session_id: UUID, client_id: str) -> UUID:
    """The idempotency receipt of one client id in one session (exact, forever)."""
    return uuid5(_RECEIPT, f"{session_id.hex}\x1f{client_id}")


def command_receipt_id(owner: Owner, idempotency_key: str) -> UUID:
    """The receipt of one command of an owner, by its idempotency key: another
    owner's equal key names another stream, so a key is never an oracle."""
    return uuid5(_COMMAND_RECEIPT, f"{owner.key}\x1f{idempotency_key}")


def distillation_id(follower: str, session_id: str) -> UUID:
    """A distiller's per-session cursor stream."""
    return uuid5(_DISTILLATION, f"{follower}\x1f{session_id}")


def api_key_stream_id(key_id: str) -> UUID:
    """An API key's stream, from the key id printed beside its secret: the
    service finds the stream from the secret alone, in one read."""
    return uuid5(_API_KEY, key_id)
