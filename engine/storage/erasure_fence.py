"""No write for an erased owner commits, whatever a process has cached.

Why in the insert's own transaction: a process keeps an owner's data key
(and decrypted aggregates) in memory, so a second ``ledgermind serve`` or
another worker of ``serve --workers N`` sealed new events under a key that
another process had just destroyed, and acknowledged them. The recorder now
checks, after its INSERT and before COMMIT, that none of the owners whose
events it is writing has a destroyed key (one indexed read of the key table,
keys collected by the mapper before the whole-log cipher hides them:
``SealingMapper.written``). A destroyed key raises ``OwnerErased`` and the
transaction rolls back: nothing is written, nothing acknowledged.

Why this closes the race without a lock on the key row: ``owner.erased`` is
appended only after the key's destruction committed. On SQLite the check runs
under the one writer's lock. On PostgreSQL appends commit in parallel, but the
check is a statement of its own after the INSERT, which drew the write's
positions (so its snapshot is taken after the draw): a write that
checked before the destruction committed drew its positions before
``owner.erased`` drew its own, so it sits earlier in the log, and every reader
(which reads only settled positions, ``ledgermind.storage.frontier``) folds the
erasure after it and purges what it wrote, even when the write commits last;
a write that checks after it is refused.
"""

from __future__ import annotations

import re
from typing import Any
from uuid import UUID

from ledgermind.domain.errors import OwnerErased

__all__ = [
    "erased_check_postgres",
    "erased_guard_postgres",
    "is_erasure_refusal",
    "refuse_erased_postgres",
    "refuse_erased_sqlite",
]

_KEY_TABLE = "ledgermind_owner_keys"  # storage.keystore.KEY_TABLE (not imported: keystore pulls in SQLAlchemy)
_HEX = re.compile(r"[0-9a-f]{1,64}")
_REFUSAL = "ledgermind: refused, the data key of this owner was destroyed"
_INVALID_TEXT = "22P02"  # invalid_text_representation: what the guard's failing cast raises


def refuse_erased_sqlite(cursor: Any, key_ids: list[str]) -> None:
    """Raises ``OwnerErased`` when any of ``key_ids`` (hex) was destroyed."""
    if not key_ids:
        return
    marks = ",".join("?" * len(key_ids))
    cursor.execute(
        f"SELECT key_id, erased_at FROM {_KEY_TABLE} WHERE erased_at IS NOT NULL AND key_id IN ({marks}) LIMIT 1",
        key_ids,
    )
    _refuse(cursor.fetchone())


def erased_check_postgres(key_ids: list[str]) -> bytes:
    """The check as one statement with its keys written in, answering the
    destroyed key's row (or none); the keys are hex digests, refused
    otherwise, so they cannot leave their quotes."""
    return (
        f"SELECT key_id, erased_at FROM {_KEY_TABLE} WHERE erased_at IS NOT NULL AND key_id IN ({_listed(key_ids)}) "
        "LIMIT 1"
    ).encode()


def erased_guard_postgres(key_ids: list[str]) -> bytes:
    """The check as a statement that fails when a key was destroyed, for the
    append's one multi-statement query (``ledgermind.storage.pg_append``): a
    failing statement makes the server skip the rest of the query, its
    ``COMMIT`` included, so nothing is written. SQL has no ``RAISE`` outside
    PL/pgSQL, and a function would have to be installed in every store by its
    owner; a cast to integer of a text that is never a number fails, and is
    only evaluated for a row found (``is_erasure_refusal`` recognises it)."""
    return (
        f"SELECT ('{_REFUSAL} ' || key_id)::integer FROM {_KEY_TABLE} "
        f"WHERE erased_at IS NOT NULL AND key_id IN ({_listed(key_ids)}) LIMIT 1"
    ).encode()


def is_erasure_refusal(error: BaseException) -> bool:
    """True when ``error`` is the failure of ``erased_guard_postgres``'s statement."""
    return getattr(error, "sqlstate", None) == _INVALID_TEXT and _REFUSAL in str(error)


def _listed(key_ids: list[str]) -> str:
    for key in key_ids:
        if not _HEX.fullmatch(key):
            raise ValueError(f"not a key id: {key!r:.40}")
    return ",".join(f"'{key}'" for key in key_ids)


def refuse_erased_postgres(row: Any) -> None:
    """Raises ``OwnerErased`` when the check's answer (a row, or None) names a destroyed key."""
    _refuse(None if row is None else (row["key_id"], row["erased_at"]))


def _refuse(row: Any) -> None:
    if row is None:
        return
    key_id, erased_at = row[0], row[1]
    raise OwnerErased(
        f"the owner's data key was destroyed at {erased_at}: the write was refused, nothing was written",
        UUID(hex=str(key_id)),
    )
