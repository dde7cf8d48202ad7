"""A change said of one of the user's people replaces only what it changes:
what the person is (an age, an occupation, a standing) is no thing a switch or
a move goes from (pure: extractor + reconcile)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from tests.support.said import beliefs_after

OWNER = Owner("keeps", "u")


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("My son is 8", "my son switched schools"),
        ("My husband is a doctor", "my husband changed hospitals"),
        ("My sister is married", "my sister moved to Paris"),
        ("My brother is a lawyer", "my brother moved to Chicago"),
    ],
)
def test_what_a_person_is_survives_a_switch_or_a_move(held: str, said: str) -> None:
    current, ended = beliefs_after(OWNER, held, said)
    assert ended == [] and len(current) == 2, (current, ended)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("My daughter goes to Maple Elementary", "my daughter switched schools, she's at Oak Ridge now"),
        ("my roommate is Jess", "my roommate moved out, so no roommate now"),
        ("My sister lives in Leeds", "my sister moved to Paris"),
    ],
)
def test_what_a_person_does_or_who_holds_a_role_still_changes(held: str, said: str) -> None:
    _, ended = beliefs_after(OWNER, held, said)
    assert len(ended) == 1, ended
