"""A fact said again in passing is kept, and what only looks like a change changes nothing.

People come back to what they told: "yep, still with Acme" after "I work at Acme", the car by its
make alone after its full name, a thing needing a new part, "in case I didn't mention" after a
fact said before. None of these ends the belief. Two favourites of different things are two
attributes; where someone comes from is no home a move replaces; talk of a make as the world has
it ("everyone says ...", "the new Pixel looks ...") is no one's possession; a workplace moving
is no one's home. A condition asked as a question without its mark tells nothing. Two facts with
one subject joined by "but", or added after ", also", are two notes. Words of my own (pure, the
distiller's own functions)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from tests.support.said import beliefs_after

OWNER = Owner("said-again", "u")


@pytest.mark.parametrize(
    ("first", "again"),
    [
        ("I work at Acme", "yep, still at Acme, five years in March"),
        ("I teach at Riverside High", "still at Riverside High, no plans to leave"),
        ("我在京东上班", "嗯，还在京东，三年多了"),
        ("I'm a nurse at St Mary's", "oh and I'm a nurse at St Mary's in case I didn't mention"),
    ],
)
def test_a_fact_said_again_in_passing_stays(first: str, again: str) -> None:
    current, ended = beliefs_after(OWNER, first, again)
    assert ended == [], (current, ended)
    assert current, (current, ended)


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("my car is a silver 2016 Subaru Outback", "the subaru's making a weird noise again"),
        ("I drive a red Toyota Yaris", "the toyota needs new tyres before winter"),
        ("我的车是黑色的卡罗拉", "卡罗拉该换机油了"),
    ],
)
def test_a_thing_called_by_a_shorter_name_or_needing_a_part_is_the_same_thing(first: str, then: str) -> None:
    current, ended = beliefs_after(OWNER, first, then)
    assert ended == [], (current, ended)


def test_a_new_one_of_the_make_still_replaces_the_old() -> None:
    _, ended = beliefs_after(OWNER, "my car is a Honda Accord", "just bought a Honda, the accord was dying")
    assert [s for s in ended if "Accord" in s], ended


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("My favourite film is Heat", "favourite book is Dune, easily"),
        ("my favorite sport to watch is tennis", "favorite sport to play is squash"),
    ],
)
def test_favourites_of_two_things_are_two_attributes(first: str, then: str) -> None:
    current, ended = beliefs_after(OWNER, first, then)
    assert ended == [], (current, ended)
    assert len(current) == 2, current


def test_where_someone_comes_from_is_no_home_a_move_replaces() -> None:
    current, ended = beliefs_after(OWNER, "我是大连人", "现在在杭州工作生活")
    assert ended == [], (current, ended)


@pytest.mark.parametrize(
    "said",
    [
        "everyone says bmw reliability has gone downhill",
        "the new pixel looks pretty good honestly",
        "people say the latest macbook runs hot",
    ],
)
def test_talk_of_a_make_as_the_world_has_it_is_no_possession(said: str) -> None:
    current, _ = beliefs_after(OWNER, said)
    assert not [s for s in current if "owns" in s or "'s phone" in s or "'s car" in s], current


def test_a_workplace_moving_is_no_home() -> None:
    current, ended = beliefs_after(OWNER, "I live in Bristol", "our office is moving to Bath in the spring")
    assert ended == [], (current, ended)


@pytest.mark.parametrize(
    "said",
    [
        "hypothetically if i adopted a second cat would they get along",
        "if we moved to Denver would the commute be ok",
    ],
)
def test_a_condition_asked_without_its_mark_tells_nothing(said: str) -> None:
    current, _ = beliefs_after(OWNER, said)
    assert current == [], current


@pytest.mark.parametrize(
    "said",
    [
        "i live in leeds but work in manchester at an insurance firm",
        "just started a new job at Ikea, also we're moving house in June",
    ],
)
def test_two_facts_of_one_speaker_are_two_notes(said: str) -> None:
    current, _ = beliefs_after(OWNER, said)
    assert len(current) == 2, current


@pytest.mark.parametrize(
    ("first", "then", "gone"),
    [
        ("my favourite podcast is the rest is history", "these days it's hard fork, every week", "history"),
        ("my phone plan is 30 a month", "it's 35 now", "30 a month"),
        ("my book club is at 7pm", "they moved book club to 8pm, better for everyone", "7pm"),
        ("my weekly budget is 150", "ok lowering the weekly budget to 120", "150"),
        ("my work email is jo@old.example", "new email as of monday: jo@new.example", "old.example"),
        ("我在网易做测试", "上个月跳槽去了米哈游", "网易"),
    ],
)
def test_a_new_value_said_in_passing_replaces_the_old(first: str, then: str, gone: str) -> None:
    current, ended = beliefs_after(OWNER, first, then, one_session=True)  # "it": the thing said just before
    assert [s for s in ended if gone in s], (current, ended)


@pytest.mark.parametrize(
    "said",
    [
        "my brother reckons crypto is about to pump again, is he right?",
        "my boss keeps saying AI will replace our whole team. thoughts?",
    ],
)
def test_a_view_of_theirs_put_to_the_listener_is_no_fact(said: str) -> None:
    current, _ = beliefs_after(OWNER, said)
    assert current == [], current


def test_a_fact_of_theirs_after_and_with_its_copula_as_s_is_a_note_of_its_own() -> None:
    current, _ = beliefs_after(OWNER, "I'm a physio and my wife's a dentist")
    assert len(current) == 2, current


@pytest.mark.parametrize(
    "said",
    [
        "养了两只鹦鹉，一只叫豆豆",
        "每周日下午去少年宫学书法",
        "最近每周二晚上去学游泳",
        "went with vodafone in the end",
        "caved and upgraded to the family plan",
    ],
)
def test_a_fact_said_with_the_speaker_dropped_is_kept(said: str) -> None:
    current, _ = beliefs_after(OWNER, said)
    assert current, current


def test_an_exception_said_as_one_leaves_the_rule() -> None:
    current, ended = beliefs_after(OWNER, "我们读书会每周五晚上", "这周五老师有事，改周六，就这一次", one_session=True)
    assert ended == [], (current, ended)


def test_a_view_of_theirs_put_to_the_listener_in_chinese_is_no_fact() -> None:
    current, _ = beliefs_after(OWNER, "我朋友说现在学日语没什么用，你觉得呢")
    assert current == [], current


def test_an_amount_put_up_by_someone_with_has_said_as_s_moves_it() -> None:
    _, ended = beliefs_after(
        OWNER, "I pay £980 a month for my flat", "agent's put it up to £1,040 from june", one_session=True
    )
    assert [s for s in ended if "980" in s], ended


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("doing intermittent fasting, 16:8 most days", True),
        ("learning korean on duolingo, 90 days in", True),
        ("Running a bakery isn't easy", False),
        ("Learning new things inspires me", False),
    ],
)
def test_a_doing_said_first_is_the_speakers_unless_it_is_the_subject(said: str, kept: bool) -> None:
    current, _ = beliefs_after(OWNER, said)
    assert bool([s for s in current if s.startswith("The user is ")]) is kept, current


def test_a_name_typed_in_lower_case_is_the_person_named_before() -> None:
    current, ended = beliefs_after(OWNER, "my son theo is 11", "theo turned 12 on friday", one_session=True)
    assert [s for s in ended if "11" in s], (current, ended)


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("my daughter just turned 8", "she started year 3 this week"),
        ("my son is 15", "he's moving up to grade 10 in the fall"),
    ],
)
def test_an_age_and_a_school_year_are_two_attributes(first: str, then: str) -> None:
    current, ended = beliefs_after(OWNER, first, then, one_session=True)
    assert ended == [], (current, ended)


def test_a_child_starting_at_another_school_leaves_the_old_one() -> None:
    _, ended = beliefs_after(
        OWNER, "my daughter ivy is in year 3 at hillside primary", "ivy starts at westbrook next week", one_session=True
    )
    assert [s for s in ended if "hillside" in s], ended
    _, ended = beliefs_after(OWNER, "my son is in year 2", "he starts at judo club on saturday", one_session=True)
    assert ended == [], ended


@pytest.mark.parametrize(
    ("first", "then", "gone"),
    [
        ("我今年31", "昨天过生日，正式32了", "31"),
        ("我儿子豆豆今年3岁", "豆豆上周满4岁了", "3岁"),
        ("我女儿小雨在阳光幼儿园上中班", "小雨这学期转到了实验幼儿园", "阳光"),
    ],
)
def test_chinese_an_age_however_said_and_a_child_by_their_name(first: str, then: str, gone: str) -> None:
    current, ended = beliefs_after(OWNER, first, then, one_session=True)
    assert [s for s in ended if gone in s], (current, ended)


def test_chinese_a_count_this_year_is_no_age() -> None:
    current, ended = beliefs_after(OWNER, "我今年30", "我今年去了4次成都", one_session=True)
    assert ended == [], (current, ended)


def test_chinese_whom_one_reports_to_now_is_the_new_boss() -> None:
    current, ended = beliefs_after(OWNER, "我领导是刘总", "部门合并了，现在我直接汇报给周经理", one_session=True)
    assert [s for s in ended if "刘总" in s], (current, ended)
    current, ended = beliefs_after(OWNER, "我领导是刘总", "我让实习生把周报汇报给周经理", one_session=True)
    assert ended == [], (current, ended)
