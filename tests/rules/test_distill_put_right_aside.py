"""A slip put right, then an aside: the value said right ("sorry, chemistry not biology"), then
a clause about something else ("there's a big difference apparently", "she'd never forgive me",
"geology was my brother's"), or how it was checked ("just looked at my payslip"). The aside is
no fact of the speaker's and the correction stands; a correction of the question just asked
("what's a good pea soup recipe?" then "sorry, I meant pea risotto") corrects no belief. Also:
"we're with X" as a corrected provider, "I'm actually in X, not Y", a role put right in a belief
of where one works, "it's X I can't have" (a cleft with its verb last), a number said alone
after a Chinese slip (its measure kept), "US" and "ME" in capitals (a country, an illness; no
pronouns), and "a" / "an" as said ("an electrician", "a UX designer").

Words of my own (pure, the distiller's own functions)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from ledgermind.distill.text import a_or_an
from tests.support.said import beliefs_after

OWNER = Owner("put-right-aside", "u")


@pytest.mark.parametrize(
    ("held", "put_right", "now", "old"),
    [
        (
            "I'm at Leeds uni doing geology",
            "sorry, geography not geology, there's a big difference apparently lol",
            "geography",
            "geology",
        ),
        ("our wedding anniversary is the 4th of June", "oops, the 14th, she'd never forgive me", "14th", "4th"),
        ("my wife is a dentist", "I mean optician haha, dentist was her mum", "optician", "dentist"),
        (
            "I get my pension on the 15th",
            "correction, it's the 1st, not the 15th, just looked at my statement",
            "1st",
            "15th",
        ),
    ],
)
def test_a_correction_then_an_aside_puts_the_value_right(held: str, put_right: str, now: str, old: str) -> None:
    current, ended = beliefs_after(OWNER, held, put_right, one_session=True)
    assert len(ended) == 1 and old in ended[0], (current, ended)
    assert any(now in c for c in current), current


def test_an_aside_about_the_speaker_is_no_aside() -> None:
    # the tail is a fact of the speaker's own: the sentence is not read as a bare value
    current, _ = beliefs_after(
        OWNER, "I live in Bristol", "sorry, my sister lives in Bath, I live in Bristol", one_session=True
    )
    assert any("Bristol" in c for c in current), current


def test_a_correction_of_the_question_just_asked_corrects_no_belief() -> None:
    current, ended = beliefs_after(
        OWNER,
        "I'm vegan",
        "what's a good pea soup recipe?",
        "sorry typo, I meant pea risotto, something creamy",
        one_session=True,
    )
    assert ended == [] and current == ["The user is vegan."], (current, ended)


def test_a_count_put_right_after_a_question_on_it_still_corrects_the_count() -> None:
    current, ended = beliefs_after(OWNER, "I have 2 dogs", "what should 2 dogs eat?", "sorry, 3 dogs", one_session=True)
    assert len(ended) == 1 and any("3 dogs" in c for c in current), (current, ended)


def test_whom_they_are_with_put_right_by_name() -> None:
    current, ended = beliefs_after(
        OWNER, "we're with EDF for gas", "wait no, we're with Ecotricity, EDF was the last place", one_session=True
    )
    assert len(ended) == 1 and "EDF" in ended[0] and any("Ecotricity" in c for c in current), (current, ended)


def test_actually_in_a_field_not_another() -> None:
    current, ended = beliefs_after(
        OWNER,
        "I work in marketing for a charity",
        "I'm actually in fundraising, not marketing. people mix them up",
        one_session=True,
    )
    assert ended == ["The user works in marketing for a charity."], ended
    assert "The user works in fundraising for a charity." in current, current


def test_a_role_put_right_where_the_belief_says_where_one_works() -> None:
    current, ended = beliefs_after(
        OWNER,
        "I work at a dental practice as a receptionist",
        "sorry, I'm a hygienist there, not the receptionist",
        one_session=True,
    )
    assert len(ended) == 1 and "The user works at a dental practice as a hygienist." in current, (current, ended)


def test_a_cleft_with_its_verb_last_is_read_in_order() -> None:
    current, _ = beliefs_after(OWNER, "it's shellfish I can't have")
    assert current == ["The user can't have shellfish."], current


@pytest.mark.parametrize(
    ("held", "put_right", "now"),
    [
        ("我住12楼", "不对，21", "21楼"),
        ("我今年38", "哦不对 83 手滑了", "83"),
        ("房租每月5号交", "记错了，是8号交", "8号"),
    ],
)
def test_a_chinese_slip_with_the_number_alone(held: str, put_right: str, now: str) -> None:
    current, ended = beliefs_after(OWNER, held, put_right, one_session=True)
    assert len(ended) == 1 and any(now in c for c in current), (current, ended)


def test_us_and_me_in_capitals_are_no_pronouns() -> None:
    current, _ = beliefs_after(OWNER, "I've had ME since 2019")
    assert current == ["The user has had ME since 2019."], current
    current, _ = beliefs_after(OWNER, "I'm a 10 in my US size")
    assert all("the user size" not in c for c in current), current


@pytest.mark.parametrize(
    ("word", "article"),
    [("electrician", "an"), ("UX designer", "a"), ("MRI", "an"), ("uni lecturer", "a"), ("hour", "an"), ("nurse", "a")],
)
def test_a_or_an_as_said(word: str, article: str) -> None:
    assert a_or_an(word) == article
