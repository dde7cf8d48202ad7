"""A search-index row as the search projection writes it, for tests that
fill an index store directly (candidate and bound tests on every backend)."""

from __future__ import annotations

import uuid
from typing import Any

from ledgermind import Owner
from ledgermind.analysis.text import lexical_text, stored_terms


def index_row(owner: Owner, statement: str, embedding: Any, now: float, *, expired: bool = False) -> dict[str, Any]:
    """A current memory row of ``owner`` saying ``statement`` (valid since a
    day before ``now``, recorded a minute before it); ``expired`` closes its
    transaction time 30 s before ``now`` (a superseded version)."""
    return {
        "app": owner.app,
        "user_id": owner.user_id,
        "item_type": "memory",
        "item_id": uuid.uuid4().hex,
        "version": 1,
        "kind": "fact",
        "statement": statement,
        "lex_text": lexical_text(statement),
        "terms": stored_terms(lexical_text(statement)),
        "confidence": 0.7,
        "valid_from": now - 86400,
        "invalid_at": None,
        "recorded_at": now - 60,
        "expired_at": now - 30 if expired else None,
        "session_id": None,
        "seq": None,
        "sources": "[]",
        "detail": "{}",
        "embedding": embedding,
    }
