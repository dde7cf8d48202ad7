"""A view of a public matter ("letting agents should have to be licensed", 我觉得公摊面积太不合理了),
of what the world will come to, vouched for ("..., mark my words"), a text asked to be written with
what it is to say ("write a quick text to my neighbour saying ..."), which of two put to the
listener without a mark (你觉得…还是…) and a worn-out day are no facts. A pet gone with a sigh
(团团昨天走了，唉), a car sold by its kind (车卖了 of 一辆卡罗拉) and a policy surrendered (退保) end what
was held. Where a thing of the household is kept ("the front door key lives in the drawer") is a
note, and where it is kept now, said of it by a pronoun or its name ("it's on a hook by the door
now", "this year they're all in the greenhouse"), replaces it. A prediction about the speaker's own
life stays a note. A value marked with an asterisk, chat's mark for a slip, puts it right even with
more said after it ("*Sinead, she'd hate that"). A day of the household's week ("recycling day here
is Wednesday") is a note, and moves when the days are moved; what day today is is none.

Words of my own (pure, the distiller's own functions)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from tests.support.said import beliefs_after

OWNER = Owner("views", "u")


@pytest.mark.parametrize(
    "said",
    [
        "I honestly think the two-child benefit cap is unfair and no government will scrap it",
        "I reckon letting agents should have to be licensed like electricians",
        "petrol is going to hit two quid a litre by summer, mark my words",
        "我觉得现在的公摊面积太不合理了",
        "你觉得现在买电车划算还是买油车划算",
        "write a quick text to my neighbour saying the parcel is with me",
        "draft an email to my manager saying I'm working from home tomorrow",
        "I'm so knackered today, nothing is going right at work",
    ],
)
def test_a_view_a_prediction_a_draft_a_choice_put_or_a_worn_out_day_is_no_fact(said: str) -> None:
    current, _ = beliefs_after(OWNER, said)
    assert current == [], current


def test_a_prediction_of_the_speakers_own_life_is_kept() -> None:
    current, _ = beliefs_after(OWNER, "I think my boss will promote me, mark my words")
    assert current, current


@pytest.mark.parametrize(
    ("held", "said", "gone"),
    [
        ("我家养了只猫叫团团", "团团昨天走了，唉", "团团"),
        ("我有一辆白色的卡罗拉", "车上个月卖了", "卡罗拉"),
        ("我家有一辆五菱宏光", "车卖了，现在没车", "五菱宏光"),
        ("我每年交一份重疾险", "那个重疾险我退保了", "重疾险"),
    ],
)
def test_a_pet_gone_a_car_sold_by_its_kind_or_a_policy_surrendered_ends_it(held: str, said: str, gone: str) -> None:
    current, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert any(gone in e for e in ended), (current, ended)


def test_a_scratch_on_the_car_ends_nothing() -> None:
    current, ended = beliefs_after(OWNER, "我家有一辆五菱宏光", "我的车被蹭了", one_session=True)
    assert ended == [], (current, ended)


@pytest.mark.parametrize(
    ("held", "said", "gone"),
    [
        ("The front door key lives in the drawer by the sink", "it's on a hook by the door now", "drawer"),
        ("the cat sleeps on the landing", "he's in the airing cupboard these days, no idea why", "landing"),
        ("I grow chillies in pots on the windowsill", "this year they're all in the greenhouse", "windowsill"),
        ("I keep my bike in the hallway", "the bike lives in the new shed now", "hallway"),
    ],
)
def test_where_a_thing_is_kept_now_replaces_where_it_was_kept(held: str, said: str, gone: str) -> None:
    current, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert any(gone in e for e in ended), (current, ended)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("I live in a flat in Leeds", "it's in a key safe now"),
        ("the cat sleeps on the landing", "he's not in the airing cupboard these days"),
    ],
)
def test_a_place_said_of_no_thing_kept_or_denied_moves_nothing(held: str, said: str) -> None:
    current, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert ended == [], (current, ended)


@pytest.mark.parametrize(
    ("held", "said", "gone", "now"),
    [
        ("My manager is called Siobhan", "*Sinead, she'd hate that", "Siobhan", "Sinead"),
        ("my rent is £950 a month", "*£905, fat fingers", "£950", "£905"),
        ("My niece is called Ellie", "*Ella, autocorrect again", "Ellie", "Ella"),
    ],
)
def test_a_value_marked_with_an_asterisk_and_said_on_puts_the_slip_right(
    held: str, said: str, gone: str, now: str
) -> None:
    current, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert any(gone in e for e in ended), (current, ended)
    assert any(now in c for c in current), (current, ended)


def test_a_day_of_the_households_week_is_a_note_and_moves_with_it() -> None:
    current, ended = beliefs_after(
        OWNER, "Recycling day here is Wednesday", "the council moved us to Fridays from this month", one_session=True
    )
    assert any("Wednesday" in e for e in ended), (current, ended)
    current, ended = beliefs_after(OWNER, "Our swimming day is Thursday", "they switched us to Mondays this term")
    assert any("Thursday" in e for e in ended), (current, ended)


def test_what_day_today_is_is_no_fact() -> None:
    current, _ = beliefs_after(OWNER, "Today is Tuesday")
    assert current == [], current
