"""Changes said short, as people type them: the subject or the object left
unsaid ("quit three weeks ago, cold turkey", "药已经停了"), the value "it" stands
for given by name ("these days it's Big Thief"), a time said in a word
("midnight"), a correction's formula before or after it ("哦不对，是初三，我刚才
记错了", "I mean 5'11", no idea why I typed 9"), and one more of a kind taken up
("最近开始学韩语了": kept beside what was held). Pure: extractor + reconcile."""

from __future__ import annotations

import re

import pytest

from ledgermind import Owner
from tests.support.said import beliefs_after

OWNER = Owner("said-short", "u")


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("I smoke about half a pack a day", "quit three weeks ago, cold turkey"),
        ("I smoke about half a pack a day", "I finally quit last month"),
        ("I work at Acme", "quit in protest"),
        ("my brother smokes", "my brother finally quit last year"),
        ("我有一辆电动车", "电动车上周被偷了"),
        ("我有一辆电动车", "我的电动车被偷了"),
        ("我在吃降糖药", "医生说指标正常了，药已经停了"),
    ],
)
def test_an_ending_with_its_object_unsaid_ends_what_was_said_last(held: str, said: str) -> None:
    current, ended = beliefs_after(OWNER, held, said)
    assert len(ended) == 1 and not current, (current, ended)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("I love sci-fi", "I finally quit last month"),  # a taste is no habit one quits
        ("我有一辆电动车", "雨停了"),
    ],
)
def test_a_bare_ending_leaves_what_it_cannot_have_ended(held: str, said: str) -> None:
    _, ended = beliefs_after(OWNER, held, said)
    assert ended == []


@pytest.mark.parametrize(
    ("held", "said", "now"),
    [
        ("My favorite band is Radiohead", "honestly these days it's Big Thief, been on repeat all year", "Big Thief"),
        ("My favorite band is Radiohead", "these days it's Big Thief", "Big Thief"),
        ("I usually go to bed around midnight", "lately it's more like 10:30, trying to fix my sleep", "10:30"),
        ("I usually go to bed around 11pm", "lately it's more like 1am", "1am"),
    ],
)
def test_the_value_of_it_these_days_replaces_what_was_said_last(held: str, said: str, now: str) -> None:
    current, ended = beliefs_after(OWNER, held, said)
    assert len(ended) == 1 and any(now in s and "." not in s[:-1].split(now)[-1] for s in current), (current, ended)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("my boss is Tom", "it's Friday now"),  # a day is no name
        ("I live in Paris", "it's Monday now, back to work"),
        ("I live in Paris and my boss is Tom", "these days it's Big Thief"),  # which name: not said
    ],
)
def test_a_day_or_an_open_it_replaces_nothing(held: str, said: str) -> None:
    _, ended = beliefs_after(OWNER, held, said)
    assert ended == []


@pytest.mark.parametrize(
    ("held", "said", "right"),
    [
        ("我女儿上三年级", "哦不对，她已经四年级了", "四年级"),
        ("我女儿上三年级", "不对，是四年级", "四年级"),
        ("我儿子在读初二", "哦不对，是初三，我刚才记错了", "初三"),
        ("我住在北京", "等等，我住在上海", "上海"),
        ("I'm 5'9\"", "I mean 5'11\", no idea why I typed 9", "5'11\""),
        ("my PIN is 4432", "sorry 4423, not sure why I wrote that", "4423"),
        ("I'm studying for the LSAT", "*GMAT not LSAT, my bad, it's business school I'm applying to", "GMAT"),
    ],
)
def test_a_correction_with_its_formula_before_or_after_replaces_the_value(held: str, said: str, right: str) -> None:
    current, ended = beliefs_after(OWNER, held, said)
    assert len(ended) == 1 and any(right in s for s in current), (current, ended)
    # the formula is no part of the belief
    assert not any(f in s for s in current for f in ("不对", "等等", "记错", "no idea", "my bad")), current


def test_one_more_taken_up_keeps_what_was_held() -> None:
    current, ended = beliefs_after(OWNER, "我会说英语", "最近开始学韩语了")
    assert ended == [] and len(current) == 2, (current, ended)


@pytest.mark.parametrize(
    "said",
    ["I'm paying 1550 as of this month", "I've been paying 1550 since march", "paying 1550 as of this month"],
)
def test_an_amount_said_since_a_time_replaces_the_amount(said: str) -> None:
    """ "as of this month" is when the new amount began: a start, not "as of in April"."""
    current, ended = beliefs_after(OWNER, "My rent is $1400/month", said)
    assert ended == ["The user's rent is $1400/month."], (current, ended)
    assert not any("as of in" in s for s in current), current


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("I'm fully remote", "oh and that remote thing changed, company is making us come in 4 days a week now"),
        ("We have a carpool arrangement with the Smiths", "the carpool arrangement fell through"),
    ],
)
def test_a_thing_named_by_a_word_of_it_that_changed_ends(held: str, said: str) -> None:
    _, ended = beliefs_after(OWNER, held, said)
    assert len(ended) == 1, ended


def test_a_change_of_nothing_said_ends_nothing() -> None:
    _, ended = beliefs_after(OWNER, "I live in Paris", "the plan changed")
    assert ended == []


@pytest.mark.parametrize(
    ("held", "said", "right"),
    [
        ("We use Postgres 14", "wait no, we're on 15 already", "Postgres 15"),
        ("my sister lives in Boston", "sorry I meant she lives in Austin", "Austin"),
        ("My sister's birthday is May 12", "typo: May 21", "May 21"),
        ("my dentist appointment is on March 3", "sorry, March 13", "March 13"),
    ],
)
def test_a_correction_said_as_a_clause_or_a_whole_date_replaces_the_value(held: str, said: str, right: str) -> None:
    current, ended = beliefs_after(OWNER, held, said)
    assert ended == [
        held.replace("my ", "The user's ").replace("My ", "The user's ").replace("We use", "The user uses") + "."
    ] and any(right in s for s in current), (current, ended)
    assert not any("meant" in s for s in current), current


def test_a_correction_to_the_same_value_restates_it() -> None:
    current, ended = beliefs_after(OWNER, "I have 3 kids", "sorry, we're on 3 already")
    assert ended == [] and current == ["The user has 3 kids."], (current, ended)


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("I stayed with my parents until last week", "until the week of"),
        ("I've been on leave from last month", "on leave from "),
    ],
)
def test_a_date_after_its_preposition_is_written_bare(said: str, written: str) -> None:
    """ "until last week" is "until the week of ...", never "until in the week of ..."."""
    current, _ = beliefs_after(OWNER, said)
    assert any(written in s for s in current), current
    assert not any(re.search(r"\b(?:until|from) in\b", s) for s in current), current


@pytest.mark.parametrize(
    ("held", "said", "now"),
    [
        ("I run about 20 km a week", "upped it to like 35k a week, training for the half", "35"),
        ("I run about 20km a week", "been doing more like 35k a week since I signed up for the half", "35k"),
        ("I earn 48k a year", "got a raise, it's 52k now", "52k"),
        ("my salary is $48,000", "got a raise, it's 52k now", "52k"),
    ],
)
def test_an_amount_in_thousands_or_a_runners_k_replaces_the_amount(held: str, said: str, now: str) -> None:
    """ "35k a week" after "20 km a week" is kilometres; "52k" after "48k a year" or "$48,000" is thousands."""
    current, ended = beliefs_after(OWNER, held, said)
    assert len(ended) == 1 and any(now in s for s in current), (current, ended)
