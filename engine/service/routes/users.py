"""The right to be forgotten: ``DELETE /v1/users/{user}?confirm=erase``.

Why the query parameter: the erasure cannot be undone, so a bare DELETE
(a script's typo, a crawler) must not do it; the caller spells out the intent.
Why ``force`` for a user with no data: erasing bans the user id for good, so
a mistyped id must not be banned silently (the CLI refuses it the same way).
An owner erased already is erased again (idempotent), without ``force``.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query, Request

from ledgermind.api.portability import owner_inventory
from ledgermind.domain.errors import InvalidInput, StateConflict
from ledgermind.service.deps import Owned, service_of
from ledgermind.service.openapi import raises

__all__ = ["router"]

router = APIRouter(prefix="/v1/users/{user}", tags=["users"])


@router.delete(
    "",
    summary="erase the user for good (crypto-shredding); needs ?confirm=erase",
    responses=raises(StateConflict),
)
def erase(
    mem: Owned,
    request: Request,
    confirm: str = Query(
        description="must be 'erase': an erasure cannot be undone", json_schema_extra={"enum": ["erase"]}
    ),
    force: bool = Query(False, description="erase even a user with no data (bans the id for good)"),
) -> dict[str, Any]:
    if confirm != "erase":
        raise InvalidInput("erasing a user cannot be undone: repeat the request with ?confirm=erase")
    found = owner_inventory(service_of(request).engine, mem.owner)
    if found.empty and not force:
        raise StateConflict(
            f"user {mem.owner.user_id!r:.80} has no data (a typo?); erasing would ban this id for good: "
            "repeat with force=true to do it anyway"
        )
    report = mem.erase()
    return {
        "user_id": report.user_id,
        "key_id": report.key_id,
        "erased_at": report.erased_at.isoformat(),
        "position": report.position,
        "purged_rows": report.purged_rows,
        "remains": report.remains,
    }
