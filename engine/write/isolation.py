"""No existence oracle across owners, even for erased owners.

Why a module: an erased owner's events raise ``OwnerErased`` when decoded,
which would tell another owner probing ids "this existed and was erased".
The error carries the destroyed key's id (a uuid5 of the owner), so a read
scoped to owner B can compare it with B's own key id without decrypting
anything, and answer exactly what it answers for an id that never existed.
Every owner-scoped load in the write path and the read path goes through here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from ledgermind.domain.errors import OwnerErased
from ledgermind.domain.owner import Owner, owns
from ledgermind.domain.stream_ids import owner_key_id

if TYPE_CHECKING:
    from ledgermind.write.writer import UnitOfWork

__all__ = ["is_key_of", "scoped", "scoped_get"]

A = TypeVar("A")


def is_key_of(error: OwnerErased, owner: Owner) -> bool:
    """Whether the destroyed key in ``error`` is ``owner``'s own."""
    return bool(error.key_id == owner_key_id(owner))


def scoped(load: Callable[[], A | None], owner: Owner) -> A | None:
    """Runs ``load``; a stream that is not ``owner``'s (live or erased) is just
    missing (None), exactly like an id that never existed. An id alone is no
    capability: every caller names the owner, and only that owner's own
    erased stream raises ``OwnerErased``."""
    try:
        agg = load()
    except OwnerErased as e:
        if not is_key_of(e, owner):
            return None
        raise
    if agg is None or not owns(owner, agg):
        return None
    return agg


def scoped_get(unit: UnitOfWork, cls: type[A], aggregate_id: UUID, owner: Owner) -> Any:
    """``unit.get`` seen by ``owner`` (see ``scoped``)."""
    return scoped(lambda: unit.get(cls, aggregate_id), owner)  # type: ignore[type-var]
