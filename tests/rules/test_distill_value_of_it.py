"""The value "it" stands for, said with the change that brought it ("lately it's
more like 1am", "they raised netflix again, it's 17.99 now ugh"), replaces the
one belief holding a value of that shape (pure: extractor + reconcile)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from ledgermind.distill.statements import is_statement
from tests.support.said import beliefs_after

OWNER = Owner("value-of-it", "u")


@pytest.mark.parametrize(
    ("held", "said", "now"),
    [
        ("I usually go to bed around 11pm", "lately it's more like 1am since the baby arrived", "1am"),
        ("I usually go to bed around 11pm", "these days it's 1am", "1am"),
        ("Netflix costs us 15.49", "it's 17.99 now", "17.99"),
        ("Netflix costs us 15.49", "they raised netflix again, it's 17.99 now ugh", "17.99"),
    ],
)
def test_the_value_of_it_now_replaces_the_one_belief_of_its_shape(held: str, said: str, now: str) -> None:
    current, ended = beliefs_after(OWNER, held, said)
    assert len(ended) == 1 and any(now in s for s in current), (current, ended)


@pytest.mark.parametrize("said", ["it's 5 minutes away", "that's 20 bucks", "it is 3 o'clock"])
def test_a_value_of_it_without_a_change_is_no_statement(said: str) -> None:
    assert not is_statement(said)


def test_the_value_of_it_leaves_two_holders_of_its_shape_alone() -> None:
    """Which of two times "it" stands for is not said: nothing is guessed."""
    _, ended = beliefs_after(OWNER, "I wake up at 7am and go to bed at 11pm", "these days it's 10pm")
    assert ended == []
