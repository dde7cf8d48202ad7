"""A couple's end said another way: "they" after one of the speaker's people said with their
partner ("my brother is married to Jess" / "they split up"), an engagement ended by a break-up,
a home shared ended by "he and I called it quits"; and the look-alikes that end nothing: "they"
doing something else, a bill split up, others of the speaker's who parted. Words of my own
(pure, the distiller's own functions; one conversation, a message a month apart)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from tests.support.said import beliefs_after

OWNER = Owner("couples-parted", "u")


@pytest.mark.parametrize(
    ("said", "was"),
    [
        # "they" for one of theirs and the partner said with them
        (("my brother is married to Jess", "they split up over the summer"), "married"),
        (("my sister is dating a guy called mike", "they broke up last week"), "dating"),
        (("my cousin is married to a dentist", "they got divorced in march"), "married"),
        (("my brother is engaged to rachel", "they called off the engagement"), "engaged"),
        # an engagement ends with the couple, said by the relation
        (("my brother is engaged to rachel", "my brother called off the engagement"), "engaged"),
        (("i'm engaged to dan", "dan and i called it quits"), "engaged"),
        # a home shared ends with "X and I called it quits"
        (
            ("me and Priya live together in Bristol, have done for 2 years", "she and I called it quits last month"),
            "together",
        ),
    ],
)
def test_a_couples_end_said_another_way_ends_what_was_said_of_them(said: tuple[str, ...], was: str) -> None:
    current, ended = beliefs_after(OWNER, *said, one_session=True)
    assert [s for s in ended if was in s], (current, ended)
    assert not [s for s in current if was in s], (current, ended)


@pytest.mark.parametrize(
    "said",
    [
        # "they" doing something else than parting
        ("my brother is married to Jess", "they're coming over for dinner tonight"),
        ("my brother is married to Jess", "they moved to york last year"),
        ("my sister is dating a guy called mike", "they split up the bill at dinner"),
        ("i'm married to dan", "we split up the chores now"),
        # others of the speaker's who parted or coupled: not one of their people with a partner
        ("my brother is married to Jess", "my friends split up last week"),
        ("my brother is married to Jess", "my neighbours got divorced"),
        ("my brother is married to Jess", "my coworkers got engaged"),
        # "called it off" may be a trip, "called it quits" a day's work
        ("my boyfriend is called jake", "jake and i called it off, the lisbon trip was too pricey"),
        ("my girlfriend Mia is a vet", "called it quits early at work today, so tired"),
    ],
)
def test_what_only_looks_like_a_couples_end_ends_nothing(said: tuple[str, ...]) -> None:
    current, ended = beliefs_after(OWNER, *said, one_session=True)
    assert not ended, (current, ended)
