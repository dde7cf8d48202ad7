"""The third-person rewrite reads as a careful note-taker writes it: the
speaker named once, then "their"; the name again where "their" could be
someone else's; Chinese unchanged (pure)."""

from __future__ import annotations

import pytest

from ledgermind.distill.person import third_person, third_person_zh


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
    ],
)
def test_third_person_reads_as_a_note_taker_writes(said: str, written: str) -> None:

    assert third_person(said, "The user") == written
    assert (
        third_person_zh("我们把数据库换成了Postgres，我的同事也同意", "用户")
        == "用户把数据库换成了Postgres，用户的同事也同意"
    )


def test_their_is_no_content_word_of_a_generic_key() -> None:
    """ "their" stands where "the user's" stood: the key a belief is matched
    by (reinforced, superseded) is the same in either wording."""
    from ledgermind.distill.generic import said_key

    assert said_key("The user sold their car.") == said_key("The user sold the user's car.") == "said:sold car"
