"""Everyday updates no frame reads: one diet or one standing in love at a time,
a plan's month pushed back, a step up a ladder (a grade, a year of a degree),
a state held lately said without its subject, a promotion to an abbreviated
role (pure: extractor + reconcile, one session)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from tests.support.said import blind_probe

OWNER = Owner("everyday-updates", "u")


@pytest.mark.parametrize(
    ("held", "said", "now"),
    [
        ("I'm vegetarian", "been fully vegan since March", "vegan"),
        ("I'm vegetarian", "I went vegan last month", "vegan"),
        ("I'm single", "I'm seeing someone now, her name is Ana", "seeing someone"),
        ("I'm planning to visit Japan in April", "trip's pushed back to October, couldn't get the time off", "October"),
        ("I'm planning to visit Japan in April", "we postponed the Japan trip until October", "October"),
        ("My daughter is in second grade", "she started third grade this fall", "third grade"),
        ("I sleep about 6 hours a night", "getting closer to 8 hours these days", "8 hours"),
        ("I'm a junior developer", "got promoted to senior dev", "senior dev"),
    ],
)
def test_an_everyday_update_replaces_the_belief(held: str, said: str, now: str) -> None:
    current, ended = blind_probe.run(held, said, owner=OWNER)
    assert len(ended) == 1 and any(now in s for s in current) and ended[0] not in current, (current, ended)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("I'm vegetarian", "I love keto recipes"),  # a kind's word not said of the speaker's state
        ("I'm vegetarian", "my sister is vegan"),  # of another person
        ("I'm married", "my brother just got engaged"),
        ("My son is in 5th grade", "my daughter started 2nd grade"),  # another child's ladder
        ("My daughter is in second grade", "she started piano this fall"),  # no step of the ladder
    ],
)
def test_words_of_an_update_about_something_else_replace_nothing(held: str, said: str) -> None:
    _, ended = blind_probe.run(held, said, owner=OWNER)
    assert ended == []


@pytest.mark.parametrize(
    ("held", "said", "now"),
    [
        ("My son goes to daycare", "he started kindergarten in September", "kindergarten"),
        ("My kid is learning violin", "she dropped violin for cello", "cello"),
        ("I take the bus to work", "I ditched the bus for a bike", "bike"),
    ],
)
def test_a_stage_or_a_thing_left_for_another_replaces_it(held: str, said: str, now: str) -> None:
    current, ended = blind_probe.run(held, said, owner=OWNER)
    assert len(ended) == 1 and any(now in s for s in current), (current, ended)


def test_a_thing_quit_for_a_reason_is_ended_not_replaced() -> None:
    current, ended = blind_probe.run("I go to the gym on Mondays", "I quit the gym for health reasons", owner=OWNER)
    assert len(ended) == 1 and current == []


def test_a_stage_word_not_said_of_where_they_are_replaces_nothing() -> None:
    _, ended = blind_probe.run("My daughter is in high school", "she loves college football", owner=OWNER)
    assert ended == []
