"""One owner-id rule on every surface: no id that looks like another or like nothing."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ledgermind import Owner
from ledgermind.domain.errors import InvalidOwner

LOOK_ALIKE = ["al\u200bice", "a\u200db", "\ufeffbob", "sof\u00adt", "a\u202eb", "x\u2066y", "a\u200eb",
              "x\ufdd0", "y\ufffe", "z\U0001ffff", "bad\ufffd"]  # fmt: skip


@pytest.mark.parametrize("user_id", LOOK_ALIKE)
def test_invisible_bidi_non_and_replacement_characters_are_refused(user_id: str) -> None:
    with pytest.raises(InvalidOwner):
        Owner("app", user_id)
    with pytest.raises(InvalidOwner):
        Owner(user_id, "user")


@pytest.mark.parametrize("user_id", ["café", "日本語", "user@example.com", "👩", "Ωmega"])
def test_ordinary_text_is_accepted(user_id: str) -> None:
    assert Owner("app", user_id).user_id == user_id


@given(st.binary(min_size=1, max_size=8))
def test_bytes_that_are_not_utf8_never_become_a_user(raw: bytes) -> None:
    """What a lossy percent-decoder makes of invalid UTF-8 (U+FFFD) is refused,
    so two different invalid byte strings cannot name the same user."""
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        with pytest.raises(InvalidOwner):
            Owner("app", raw.decode("utf-8", errors="replace"))
