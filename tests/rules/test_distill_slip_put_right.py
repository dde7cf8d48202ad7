"""A slip owned and put right in other words than the belief: the message names the wrong value
again ("sorry, I said 5 before", "8:15 is the one home", "Ames is my dentist") and gives another
of its shape, so the belief holding the wrong value is corrected though no word of the thing is
said again and the meaning judge finds the two apart. What only looks like it corrects nothing:
no held value named, the listener's slip, the old value explained and no new one, an addition,
two beliefs the named value could be. A clause that only owns the slip ("I said 5 before", "I
mixed him up with his cousin") is no belief. Words of my own (pure, the distiller's own functions;
one conversation, a message a month apart)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from ledgermind.distill.bare_corrections import is_slip, value_put_right
from tests.support.said import beliefs_after

OWNER = Owner("slip-put-right", "u")


@pytest.mark.parametrize(
    ("said", "now", "was"),
    [
        # a person named another way ("my little one" of "my daughter Mia")
        (("my daughter Mia is 5", "sorry, I said 5 before, my little one is 6 already"), "6 already", "Mia is 5"),
        # the wrong value explained first, the right one after it
        (
            ("I take the 8:15 train to work", "oops, I mixed it up: 8:15 is the one home, the morning one is 7:40"),
            "7:40",
            "8:15 train",
        ),
        # a name said shorter ("Ames" of "Dr. Ames")
        (
            ("my physiotherapist is Dr. Ames", "fat fingered that, Ames is my dentist, the physio is Dr. Brandt"),
            "Brandt",
            "Dr. Ames",
        ),
        # an amount, the thing not named again
        (("my rent is 1200 a month", "scratch that, 1200 was the old place, here I pay 1450"), "1450", "1200"),
        # a date said as a day ("the 3rd" of "october 3"); the value a message says is what it names
        (
            ("our team offsite is on june 9", "I got that wrong, the 9th is the planning call, we fly out the 16th"),
            "16th",
            "june 9",
        ),
    ],
)
def test_a_slip_put_right_by_the_value_it_names_corrects_that_belief(said: tuple[str, ...], now: str, was: str) -> None:
    current, ended = beliefs_after(OWNER, *said, one_session=True)
    assert [s for s in ended if was in s], (current, ended)
    assert [s for s in current if now in s], (current, ended)


@pytest.mark.parametrize(
    "said",
    [
        ("I'm 34", "sorry, my coach is 43"),  # no held value named: another's value
        # a value of the user's own, said again beside one of their people's
        ("I run 20 miles a week", "typo, I said 20 earlier, my trainer runs 35"),
        ("my standup is at 9:30", "you said 9:30 earlier, but the retro is at 4"),  # the listener's slip
        ("my shift starts at 7", "sorry, mixed that up, 7 is when I leave home"),  # explained, no right value
        ("my son is 7", "oops I said 7 earlier, my daughter is also 9"),  # an addition
        # a slip made telling someone else: what was said to them
        ("our flat number is 12", "oops, I told the courier 21 instead of 12 by mistake"),
        # the value named is held twice: which belief it puts right is not guessed
        ("my son is 7", "my nephew is 7 too", "sorry, I said 7 earlier, my boy is 9"),
    ],
)
def test_what_only_looks_like_a_value_put_right_corrects_nothing(said: tuple[str, ...]) -> None:
    current, ended = beliefs_after(OWNER, *said, one_session=True)
    assert not ended, (current, ended)


def test_the_clause_that_only_owns_the_slip_is_no_belief() -> None:
    current, _ = beliefs_after(OWNER, "my nephew Sam is 11", "sorry, I said 11 before, I mixed him up with his cousin")
    assert not [s for s in current if "said 11" in s or "mixed" in s], current


@pytest.mark.parametrize(
    ("text", "slip"),
    [
        ("I said 5 before", True),
        ("I mixed him up with his cousin", True),
        ("fat fingered that", True),
        ("I got it wrong earlier", True),
        ("I said no to the job", False),  # said, no slip
        ("I said goodbye to my old car before the move", False),
        ("I mixed the paint up with water", False),
    ],
)
def test_a_slip_alone_is_read_as_one(text: str, slip: bool) -> None:
    assert is_slip(text) is slip


def test_the_right_value_is_the_last_of_the_shape_named_wrong() -> None:
    held = "The user's physiotherapist is Dr. Ames."
    statement = "Fat fingered that, Ames is the user's dentist, the physio is Dr. Brandt."
    assert value_put_right(statement, held, [statement]) == ("Dr. Ames", "Dr. Brandt")
    # nothing held named again: no value put right
    assert value_put_right("The physio is Dr. Brandt.", held, ["The physio is Dr. Brandt."]) is None


@pytest.mark.parametrize(
    ("said", "written"),
    [
        (
            ("my sister lives in Leeds", "sorry, typo earlier, my sister lives in York"),
            "The user's sister lives in York.",
        ),
        (("my dentist is Dr. Ng", "brain fart, my dentist is Dr. Ong"), "The user's dentist is Dr. Ong."),
        (("my bus leaves at 6", "fat fingered that before, I leave at 7"), "The user leaves at 7."),
    ],
)
def test_the_slip_a_correction_opens_with_is_not_written_into_the_belief(said: tuple[str, ...], written: str) -> None:
    current, _ = beliefs_after(OWNER, *said, one_session=True)
    assert written in current, current


@pytest.mark.parametrize(
    ("said", "now", "was"),
    [
        # a thing of the user's said bare after the slip ("membership" of "my gym membership")
        (("my gym membership is $40 a month", "oops typo, membership is $45 monthly"), "$45", "$40"),
        # one of the user's people named another way, in Chinese (孩子 of 儿子, 老妈 of 妈)
        (("我儿子在第一中学读书", "说错了，孩子读的是第三中学"), "第三中学", "第一中学"),
        (("我妈住在杭州", "我说错了，老妈其实住在苏州"), "苏州", "杭州"),
    ],
)
def test_a_slip_put_right_of_a_thing_or_person_named_another_way(said: tuple[str, ...], now: str, was: str) -> None:
    current, ended = beliefs_after(OWNER, *said, one_session=True)
    assert [s for s in ended if was in s], (current, ended)
    assert [s for s in current if now in s], (current, ended)


@pytest.mark.parametrize(
    "said",
    [
        ("我的车牌尾号是38", "我给我哥发微信写错了，写成了83"),  # a slip made writing to someone else
        ("我儿子的足球课在周三", "我记错了开会的时间，在本子上写错了"),  # the slip itself, no right version
        ("my gym membership is $40 a month", "typo in my email to the gym, I wrote $45 to them"),
    ],
)
def test_a_slip_made_to_someone_else_or_said_alone_corrects_nothing(said: tuple[str, ...]) -> None:
    current, ended = beliefs_after(OWNER, *said, one_session=True)
    assert not ended, (current, ended)
