"""A change said of "it" after "my X is Y", and one of the speaker's people called by the
name given them beside their relation, in one conversation (the earlier message its context).
Each with the look-alikes that must change nothing:
"it" as the weather, the time or a verdict, a value of another shape, a name said with
someone else. Words of my own (pure, the distiller's own functions; one message each, a
month apart)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from tests.support.said import beliefs_after

OWNER = Owner("things-by-it", "u")


@pytest.mark.parametrize(
    ("said", "now", "was"),
    [
        # a thing of the speaker's, then "it" with a value of the same shape and a change said
        (("my car is a 2014 jetta", "traded up, it's a 2021 rav4 now"), "rav4", "jetta"),
        (("my climbing gym is the boulder barn", "it's the crag house now, closer to work"), "crag house", "boulder"),
        (("our book club is on wednesdays", "it's on fridays now, sam couldn't do midweek"), "fridays", "wednesdays"),
        (("my pottery classes are on mondays", "they're on saturdays now"), "saturdays", "mondays"),
        (("my lunch budget is 60 a week", "it's 45 now, tightening things up"), "45", "60"),
        (("my daughter's swim coach is coach ellie", "it's coach dev now"), "dev", "ellie"),
        (("my studio is in shoreditch", "it moved to hackney in june"), "hackney", "shoreditch"),
        (("my bedtime is 11", "it's more like 1am now with the baby"), "1am", "11"),
        # one of the speaker's people, later called by the name alone
        (("my flatmate Priya pays the wifi bill", "Priya moved out last weekend"), "moved out", "wifi"),
        (("my son Jonah plays rugby", "Jonah quit rugby after the concussion"), None, "rugby"),
        (("my wife Amara works at the library", "Amara started at the city council now"), "council", "library"),
        # the speaker's people spoken of together, then "they"
        (("my parents live in swindon", "they live in whitby now, right by the sea"), "whitby", "swindon"),
        (("our parents live in swindon", "they moved to whitby in may"), "whitby", "swindon"),
    ],
)
def test_a_change_said_of_it_or_by_a_name_replaces_what_it_changes(
    said: tuple[str, ...], now: str | None, was: str
) -> None:
    current, ended = beliefs_after(OWNER, *said, one_session=True)
    assert any(was in s for s in ended), (current, ended)
    assert not set(ended) & set(current), (current, ended)
    if now is not None:
        assert any(now in s for s in current), (current, ended)


@pytest.mark.parametrize(
    "said",
    [
        # "it" as the weather, the time, a verdict, a state: no value of the thing's shape
        ("my climbing gym is boulder barn", "it's pouring now, might skip today"),
        ("my climbing gym is boulder barn", "it's so much busier now since the reopening"),
        ("my climbing gym is boulder barn", "it's a zoo now with the new year crowd"),
        ("my car is a 2014 jetta", "it's in the garage now for the brakes"),
        ("my car is a 2014 jetta", "it's been a week now without it"),
        ("my lunch budget is 60 a week", "it's 9pm now, bedtime"),
        ("my phone is a pixel 6", "it's getting slow now"),
        ("my hometown is whitby", "it's changed so much now"),  # "it has changed": no value
        # no change said: a verdict or a fact about the thing, never a new value of it
        ("my favourite podcast is hard fork", "it's honestly great"),
        ("my studio is in shoreditch", "it is small but cosy"),
        # "they" with a verb of its own is whoever did it
        ("my pottery classes are on mondays", "they changed the teacher now"),
        # a name said with someone else, or the name of another's
        ("my son Jonah plays rugby", "Jonah and I watched the final together"),
        ("my flatmate Priya pays the wifi bill", "Priya's sister is staying over this week"),
        # "they" as whoever says it, or people at large
        ("my parents live in swindon", "they say it's the most boring town in england now"),
        ("my parents live in swindon", "they should move somewhere warmer now honestly"),
        # leaving home says nothing of what one is, by name or by pronoun
        ("my brother Sam is a nurse", "Sam moved out last month"),
        ("my brother Sam is a nurse", "he moved out last month"),
    ],
)
def test_what_only_looks_like_a_change_of_it_changes_nothing(said: tuple[str, ...]) -> None:
    current, ended = beliefs_after(OWNER, *said, one_session=True)
    assert not ended, (current, ended)


@pytest.mark.parametrize(
    ("said", "was"),
    [
        (("my coworker Raj sits next to me", "Raj quit last week"), "sits next to"),
        (("my son Eli plays soccer", "Eli quit soccer in the spring"), "soccer"),
        (("my husband Mark smokes", "Mark finally quit smoking"), "smokes"),
    ],
)
def test_a_person_called_by_name_in_a_later_conversation_is_the_one_of_theirs_so_named(
    said: tuple[str, ...], was: str
) -> None:
    current, ended = beliefs_after(OWNER, *said)  # each message its own conversation: the beliefs tie them
    assert any(was in s for s in ended), (current, ended)


@pytest.mark.parametrize(
    "said",
    [
        ("my coworker Raj sits next to me", "Raj is hilarious"),
        # two people of theirs bear the name: which one, the name alone does not say
        ("my coworker Raj sits next to me", "my cousin Raj plays cricket", "Raj quit last week"),
        # someone else's Raj
        ("my coworker Raj sits next to me", "Priya quit last week"),
    ],
)
def test_a_name_that_is_no_one_of_theirs_or_more_than_one_ties_nothing(said: tuple[str, ...]) -> None:
    current, ended = beliefs_after(OWNER, *said)
    assert not ended, (current, ended)


@pytest.mark.parametrize(
    ("said", "now", "was"),
    [
        # "him" / "her" moved by their carer: the vet, the doctor, the school
        (("my daughter takes ritalin", "the doctor switched her to concerta last month"), "concerta", "ritalin"),
        (("my son plays soccer", "we put him on the swim team instead"), "swim team", "soccer"),
    ],
)
def test_a_person_of_theirs_moved_by_someone_is_the_one_spoken_of(said: tuple[str, ...], now: str, was: str) -> None:
    current, ended = beliefs_after(OWNER, *said, one_session=True)
    assert any(was in s for s in ended) and any(now in s for s in current), (current, ended)


def test_a_pets_verb_is_no_name_of_it() -> None:
    # "my dog eats ...": "eats" names no dog, and "he" after it is still the dog
    current, ended = beliefs_after(OWNER, "my dog eats salmon kibble", "he turned 9 today", one_session=True)
    assert not any("eats turned" in s for s in current + ended), (current, ended)
