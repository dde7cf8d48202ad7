"""A change said as holding "going forward", "moving forward" or "from here on": a change said
in words, read as "from now on" is (a clock time before it, a lead-in before the subject); and
the look-alikes that change nothing: a resolve, a request, a question, another thing counted.
Words of my own (pure, the distiller's own functions; one conversation, a message a month apart)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from tests.support.said import beliefs_after

OWNER = Owner("going-forward", "u")


@pytest.mark.parametrize(
    ("said", "now", "was"),
    [
        (("my standup is at 9:30", "standup is at 10 going forward"), "10", "9:30"),
        (("my son goes to bed at 8", "he goes to bed at 7 going forward, school starts earlier"), "7", "at 8"),
        (("i usually run in the mornings", "from here on i'm running after work"), "after work", "mornings"),
        (("i work from home on fridays", "moving forward i'm in the office on fridays"), "office", "from home"),
        (("i do my weekly shop at tesco", "going forward i'm shopping at aldi"), "aldi", "tesco"),
    ],
)
def test_a_change_said_to_hold_going_forward_replaces_what_it_changes(
    said: tuple[str, ...], now: str, was: str
) -> None:
    current, ended = beliefs_after(OWNER, *said, one_session=True)
    assert [s for s in ended if was in s], (current, ended)
    assert [s for s in current if now in s], (current, ended)


@pytest.mark.parametrize(
    "said",
    [
        ("i have 3 cats", "i'll be more careful going forward"),  # a resolve, no value of anything held
        ("my standup is at 9:30", "going forward i'd like shorter answers please"),  # how to be answered
        ("i usually run in the mornings", "going forward, can you remind me to stretch?"),  # asked
        ("my standup is at 9:30", "our team has 10 people going forward"),  # another thing, counted
        ("my standup is at 9:30", "looking forward to the weekend, got 2 days off"),
    ],
)
def test_what_only_looks_like_a_change_going_forward_changes_nothing(said: tuple[str, ...]) -> None:
    current, ended = beliefs_after(OWNER, *said, one_session=True)
    assert not ended, (current, ended)
