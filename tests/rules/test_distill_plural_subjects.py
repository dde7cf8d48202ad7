"""A plural subject's verb has no mark of its own: "our sprints end on wednesdays", "the kids eat
at 6", "my lessons cost 40 an hour" are statements, and a later value of the same words replaces
them; a fragment ("my kids at school") or an impression ("the kids look so cute") is none. And a
state said after a comma with "now" first ("the landlord sent the new lease, now it's 1350") is a
clause of its own, the value of what it changed. Words of my own (pure, the distiller's own
functions; one conversation, a message a month apart)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from tests.support.said import beliefs_after

OWNER = Owner("plural-subjects", "u")


@pytest.mark.parametrize(
    "said",
    ["our sprints end on wednesdays", "my lessons cost 40 an hour", "the kids eat at 6", "our standups happen at 9:30"],
)
def test_a_plural_subject_with_its_verb_is_a_statement(said: str) -> None:
    current, _ = beliefs_after(OWNER, said)
    assert len(current) == 1, current


@pytest.mark.parametrize("said", ["my kids at school", "our plans for june", "the kids look so cute"])
def test_a_fragment_or_an_impression_is_no_statement(said: str) -> None:
    current, _ = beliefs_after(OWNER, said)
    assert not current, current


@pytest.mark.parametrize(
    ("said", "now", "was"),
    [
        (("my lessons cost 40 an hour", "my lessons cost 50 an hour now"), "50", "40"),
        (("our rent is 1200 a month", "the landlord sent the new lease, now it's 1350"), "1350", "1200"),
        (("my team's standup is at 9", "the manager moved it, now it's at 9:45"), "9:45", "at 9"),
    ],
)
def test_a_new_value_replaces_the_one_said_before(said: tuple[str, ...], now: str, was: str) -> None:
    current, ended = beliefs_after(OWNER, *said, one_session=True)
    assert [s for s in ended if was in s], (current, ended)
    assert [s for s in current if now in s], (current, ended)


@pytest.mark.parametrize(
    "said",
    [
        ("my rent is 1200", "we repainted the hallway, now it's bright yellow"),
        ("i have 2 cats", "my neighbour got a puppy, now there are 3 dogs on our street"),
    ],
)
def test_a_state_of_something_else_after_now_changes_nothing(said: tuple[str, ...]) -> None:
    current, ended = beliefs_after(OWNER, *said, one_session=True)
    assert not ended, (current, ended)
