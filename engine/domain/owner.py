"""The tenant scope. Nothing is read or written without one.

One rule for an owner's ``app`` and ``user_id``, on every surface (Python,
HTTP, MCP, the CLI, the desk), because they are compared byte for byte and
shown to people: non-empty, at most 256 characters, valid Unicode, and none
of the characters that make two different ids look alike or one id look
empty: C0/C1 controls, format characters (zero-width spaces and joiners,
the byte-order mark, soft hyphens, and every bidirectional control, which
can reorder what the desk shows), Unicode non-characters (U+FDD0..U+FDEF
and U+xFFFE / U+xFFFF of every plane), and U+FFFD, the replacement
character a lossy decoder substitutes for bytes that were not UTF-8 (so
``%FF%FE`` and ``%FE%FF`` can never become the same user).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from ledgermind.domain.errors import InvalidInput, InvalidOwner

__all__ = ["MAX_OWNER_PART", "Owner", "check_owner", "look_alike", "owns"]

MAX_OWNER_PART = 256


@dataclass(frozen=True, slots=True)
class Owner:
    """An application and one of its users: the unit of isolation and erasure."""

    app: str
    user_id: str

    def __post_init__(self) -> None:
        for label, value in (("app", self.app), ("user_id", self.user_id)):
            if not isinstance(value, str) or not value:
                raise InvalidOwner(f"Owner.{label} must be a non-empty string")
            if len(value) > MAX_OWNER_PART:
                raise InvalidOwner(f"Owner.{label} is longer than {MAX_OWNER_PART} characters")
            if any(ord(c) < 32 or ord(c) == 127 for c in value):
                raise InvalidOwner(f"Owner.{label} contains control characters")
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise InvalidOwner(f"Owner.{label} is not valid Unicode text") from None
            if not value.isascii():
                bad = next((c for c in value if look_alike(c)), None)
                if bad is not None:
                    raise InvalidOwner(
                        f"Owner.{label} contains U+{ord(bad):04X} (an invisible, bidirectional-control, "
                        "non-character or replacement character)"
                    )

    @property
    def key(self) -> str:
        """A stable text form used in ids and key tables ("\\x1f" never occurs in a part)."""
        return f"{self.app}\x1f{self.user_id}"


def look_alike(c: str) -> bool:
    """A character the owner rule refuses beyond ASCII controls (see the module doc)."""
    o = ord(c)
    return unicodedata.category(c) in ("Cc", "Cf") or 0xFDD0 <= o <= 0xFDEF or (o & 0xFFFE) == 0xFFFE or o == 0xFFFD


def check_owner(owner: object) -> Owner:
    """The owner itself, or ``InvalidInput`` for anything that is not an ``Owner``
    (a tuple or a dict would otherwise reach the store as a scope)."""
    if not isinstance(owner, Owner):
        raise InvalidInput(f"owner must be an Owner, got {type(owner).__name__}")
    return owner


def owns(owner: Owner, aggregate: object) -> bool:
    """Whether ``aggregate`` (any stream with ``app`` and ``user_id``) is ``owner``'s."""
    return (getattr(aggregate, "app", None), getattr(aggregate, "user_id", None)) == (
        owner.app,
        owner.user_id,
    )
