"""The third-person rewrite reads as a careful note-taker writes it: the
speaker named once, then "their"; the name again where "their" could be
someone else's; Chinese unchanged (pure)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from ledgermind.distill.person import third_person, third_person_zh
from tests.support.said import beliefs_after


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("We switched our database to Postgres", "The user switched their database to Postgres"),
        ("I used to be vegetarian but now I eat fish", "The user used to be vegetarian but now eats fish"),
        ("I taught myself Python", "The user taught themselves Python"),
        ("I'm tired but I'm happy", "The user is tired but is happy"),
        # the speaker named again where "their" or a left-out subject could be someone else's
        ("I told Anna about my trip", "The user told Anna about the user's trip"),
        ("My wife and I moved to our new house", "The user's wife and the user moved to their new house"),
        (
            "I cook and my wife cleans but I do the dishes",
            "The user cooks and their wife cleans but the user does the dishes",
        ),
        ("I love Paris. My sister lives in Rome", "The user loves Paris. The user's sister lives in Rome"),
        # two people as one subject take the plural verb; a clause before "and" is not a subject
        ("My wife and I are vegetarian", "The user's wife and the user are vegetarian"),
        ("So my kids and I live in Denver", "So the user's kids and the user live in Denver"),
        ("Tom and I've been friends for years", "Tom and the user have been friends for years"),
        ("Tom and I run every Sunday", "Tom and the user run every Sunday"),
        (
            "My brother lives in Ohio and I live in Texas",
            "The user's brother lives in Ohio and the user lives in Texas",
        ),
        ("Tom runs and I swim", "Tom runs and the user swims"),
    ],
)
def test_third_person_reads_as_a_note_taker_writes(said: str, written: str) -> None:

    assert third_person(said, "The user") == written
    assert (
        third_person_zh("我们把数据库换成了Postgres，我的同事也同意", "用户")
        == "用户把数据库换成了Postgres，用户的同事也同意"
    )


def test_two_people_and_the_speaker_stay_one_subject() -> None:
    """ "So my husband and I have two kids" was split at "and" into "The user's
    husband, the user has two kids"; an opener or a possessive before the pair
    keeps it one subject of a plural verb."""
    current, _ = beliefs_after(Owner("person", "u"), "So my husband and I have two kids")
    assert current == ["The user's husband and the user have two kids."]
    current, _ = beliefs_after(Owner("person", "u"), "My brother's wife and I are close")
    assert current == ["The user's brother's wife and the user are close."]


def test_their_is_no_content_word_of_a_generic_key() -> None:
    """ "their" stands where "the user's" stood: the key a belief is matched
    by (reinforced, superseded) is the same in either wording."""
    from ledgermind.distill.generic import said_key

    assert said_key("The user sold their car.") == said_key("The user sold the user's car.") == "said:sold car"
