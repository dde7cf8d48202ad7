"""The right to be forgotten: ``DELETE /v1/users/{user}?confirm=erase``.

Why the query parameter: the erasure cannot be undone, so a bare DELETE
(a script's typo, a crawler) must not do it; the caller spells out the intent.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query

from ledgermind.domain.errors import InvalidInput
from ledgermind.service.deps import Owned

__all__ = ["router"]

router = APIRouter(prefix="/v1/users/{user}", tags=["users"])


@router.delete("", summary="erase the user for good (crypto-shredding); needs ?confirm=erase")
def erase(mem: Owned, confirm: str | None = Query(None, description="must be 'erase'")) -> dict[str, Any]:
    if confirm != "erase":
        raise InvalidInput("erasing a user cannot be undone: repeat the request with ?confirm=erase")
    report = mem.erase()
    return {
        "user_id": report.user_id,
        "key_id": report.key_id,
        "erased_at": report.erased_at.isoformat(),
        "position": report.position,
        "purged_rows": report.purged_rows,
        "remains": report.remains,
    }
