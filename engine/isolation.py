"""No existence oracle across owners, even for erased owners.

Why a module: an erased owner's events raise ``OwnerErased`` when decoded,
which would tell another owner probing ids "this existed and was erased".
The error carries the destroyed key's id (a uuid5 of the owner), so a read
scoped to owner B can compare it with B's own key id without decrypting
anything, and answer exactly what it answers for an id that never existed.
Every owner-scoped load in the write path and the read path goes through here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from engine.errors import OwnerErased
from engine.keystore import owner_key_id
from engine.owner import Owner

if TYPE_CHECKING:
    from engine.writer import UnitOfWork

__all__ = ["is_key_of", "scoped_get"]

A = TypeVar("A")


def is_key_of(error: OwnerErased, owner: Owner) -> bool:
    """Whether the destroyed key in ``error`` is ``owner``'s own."""
    return bool(error.key_id == owner_key_id(owner.app, owner.user_id))


def scoped_get(unit: UnitOfWork, cls: type[A], aggregate_id: UUID, owner: Owner | None) -> Any:
    """``unit.get``, except that another owner's erased stream is just missing (None)."""
    try:
        return unit.get(cls, aggregate_id)  # type: ignore[type-var]
    except OwnerErased as e:
        if owner is not None and not is_key_of(e, owner):
            return None
        raise
