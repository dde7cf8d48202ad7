"""A search-index row as the search projection writes it, for tests that
fill an index store directly (candidate and bound tests on every backend)."""

from __future__ import annotations

import time
import uuid
from typing import Any

from sqlalchemy import text

from ledgermind import MemoryEngine, Owner
from ledgermind.analysis.text import lexical_text, stored_terms
from ledgermind.projections.row_security import writer_scope


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


def index_directly(eng: MemoryEngine, texts: list[tuple[Owner, str]]) -> tuple[Any, dict[str, int]]:
    """``texts`` written straight into ``eng``'s search index store, in order
    (as the index projection writes them, oldest first), with the store and
    each statement's row id."""
    side = eng.projections
    with side.db.connect() as conn:
        proj = side.projection("search", conn)
        store, embedder = proj.store(conn.dialect.name), proj.embedder
    vectors = embedder.embed([t for _, t in texts])
    now = time.time()
    rows = [index_row(o, t, v, now) for (o, t), v in zip(texts, vectors)]
    with side.db.begin() as conn:
        store.insert(writer_scope(conn), rows)
    with side.db.connect() as conn:
        ids = dict(writer_scope(conn).execute(text(f"SELECT statement, row_id FROM {store.table}")).all())
    return store, ids
