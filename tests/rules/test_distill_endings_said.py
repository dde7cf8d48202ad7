"""Everyday endings of a thing of the speaker's: closed, deleted, thrown out,
given to someone, dropped out of, done with; a group or a project that split up
or wrapped up; a place of theirs that shut down; one of theirs who died, told
as a dated event (pure: extractor + reconcile, one session)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from tests.support.said import blind_probe

OWNER = Owner("endings-said", "u")


@pytest.mark.parametrize(
    ("held", "ended"),
    [
        ("I have an Etsy shop", "I closed my Etsy shop"),
        ("I'm on Instagram a lot", "I deleted my Instagram"),
        ("I see a therapist every Tuesday", "I'm done with therapy"),
        ("I have a bike", "gave the bike to my nephew"),
        ("I have a standing desk", "the standing desk broke so I threw it out"),
        ("I play in a band called The Rusty Nails", "the band split up"),
        ("I'm working on the Atlas project", "the Atlas project wrapped up last week"),
        ("I go to CrossFit Downtown", "CrossFit Downtown shut down"),
        ("I have a dog named Max", "we lost Max last month"),
        ("I have a dog", "we had to put our dog down last week"),
        ("We have a cat named Biscuit", "biscuit passed in the spring"),
    ],
)
def test_an_everyday_ending_ends_the_belief(held: str, ended: str) -> None:
    current, gone = blind_probe.run(held, ended, owner=OWNER)
    assert len(gone) == 1 and gone[0] not in current, (current, gone)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("I have a cat named Luna", "Luna passed the vet check"),  # "passed" with an object: no death
        ("I work at Acme", "I gave it my all at work today"),  # "gave" of no thing of theirs
        ("My son plays for the Tigers", "we lost to the Tigers"),  # a game lost, no one died
        ("I have a dog", "I lost my keys at the park"),
    ],
)
def test_words_of_an_ending_that_end_nothing(held: str, said: str) -> None:
    _, gone = blind_probe.run(held, said, owner=OWNER)
    assert gone == []
