"""A change said of one of the user's people replaces only what it changes:
what the person is (an age, an occupation, a standing) is no thing a switch or
a move goes from (pure: extractor + reconcile)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from ledgermind import Owner
from ledgermind.distill.findings import Speaker
from ledgermind.distill.frames import FAMILIES, frame_findings
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


def test_words_of_how_much_are_no_shared_topic() -> None:
    """ "mostly in SQL" / "for most things": "most" ties no switch to the job."""
    current, ended = beliefs_after(
        OWNER, "I work at Acme as a data analyst, mostly in SQL", "I switched to Python for most things"
    )
    assert ended == [] and len(current) == 2, (current, ended)


def test_a_habit_after_and_is_a_clause_of_its_own_and_changes_alone() -> None:
    current, ended = beliefs_after(
        OWNER, "I take the 7:50 train and usually get coffee at Pret", "Pret closed, I get coffee at the cart now"
    )
    assert ended == ["The user usually gets coffee at Pret."] and "The user takes the 7:50 train." in current


def test_one_of_theirs_by_kind_who_died_ends_only_that_one() -> None:
    current, ended = beliefs_after(OWNER, "I have a cat and a dog", "the dog died last week")
    assert ended == ["The user has a dog."] and "The user has a cat." in current


@pytest.mark.parametrize(
    "said",
    [
        "I live in Paris.",
        "I work at Google.",
        "I'm a nurse.",
        "I drink green tea.",
        "My phone number is 555-0101.",
        "We run Python 3.12.",
        "I have 3 cats.",
        "I cycle to work.",
        "I'm on the night shift.",
    ],
)
def test_every_frame_family_is_one_reconcile_keeps_apart(said: str) -> None:
    """``frames.FAMILIES`` names what the frames read: a change never crosses two of them."""
    found = frame_findings(said, Speaker("user", "The user", "用户"), datetime(2026, 3, 1, tzinfo=UTC))
    assert found and all((f.attribute or "").partition(":")[0] in FAMILIES for f in found), [
        (f.attribute, f.statement) for f in found
    ]
