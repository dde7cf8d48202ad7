"""A debt paid off ends the belief of owing it: "paid off the amex", "made the final payment on
the car loan" (told as a dated event too), "my student loans are finally paid off"; and the
look-alikes that end nothing: another debt, a bill paid once, one of the speaker's people's debt,
a denial. Words of my own (pure, the distiller's own functions; one conversation, a message a
month apart)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from tests.support.said import beliefs_after

OWNER = Owner("debt-paid-off", "u")


@pytest.mark.parametrize(
    ("said", "was"),
    [
        (("i still owe around 2k on my amex", "paid off the amex today, feels amazing"), "amex"),
        (("we're paying off a car loan, 250 a month", "made the final payment on the car loan last week"), "loan"),
        (("i'm paying off my mortgage", "we paid off the mortgage last month"), "mortgage"),
        (("i have a 3k balance on my visa", "cleared the visa balance today"), "visa"),
        (("i owe about 9k in student loans", "my student loans are finally paid off"), "9k"),
    ],
)
def test_a_debt_paid_off_ends_the_belief_of_owing_it(said: tuple[str, ...], was: str) -> None:
    current, ended = beliefs_after(OWNER, *said, one_session=True)
    assert [s for s in ended if was in s], (current, ended)
    assert not [s for s in current if was in s and "paid" not in s and "cleared" not in s], (current, ended)


@pytest.mark.parametrize(
    "said",
    [
        ("i'm paying off my mortgage", "paid off the credit card this morning"),  # another debt
        ("i owe 4k on my credit card", "paid off my friend's dinner lol"),
        ("i'm paying off a car loan, 180 a month", "paid the car loan payment today"),  # one payment
        ("i'm paying off a car loan, 180 a month", "my brother paid off his car loan"),  # someone else's
        ("i'm paying off a car loan, 180 a month", "my brother's car loan is paid off"),
        ("my brother owes 4k on his credit card", "paid off the credit card this morning"),
        ("i'm paying off a car loan, 180 a month", "i haven't paid off the car loan yet"),
    ],
)
def test_what_only_looks_like_a_debt_paid_off_ends_nothing(said: tuple[str, ...]) -> None:
    current, ended = beliefs_after(OWNER, *said, one_session=True)
    assert not ended, (current, ended)
