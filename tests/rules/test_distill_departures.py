"""A named person of the speaker's who left a home or a work they shared ends
the role, not the person; a name typed in lower case is still the name; an
ending said of "that" or with its object left unsaid ends what was said last
(pure: extractor + reconcile)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from ledgermind.distill.spoken_names import SpokenNames
from tests.support.said import beliefs_after, blind_probe

OWNER = Owner("departures", "u")


@pytest.mark.parametrize(
    ("role", "left", "gone"),
    [
        ("My roommate is Sam.", "Sam moved out last week.", "roommate"),
        ("My roommate is Sam.", "Sam moved to Denver in May.", "roommate"),
        ("My coworker Raj sits next to me.", "Raj transferred to the London office.", "coworker"),
        ("My coworker Raj sits next to me.", "Raj left the company.", "coworker"),
        ("我室友叫小陈", "小陈上个月搬走了", "室友"),
        ("我的同事小李坐我旁边", "小李离职了", "同事"),
        ("我老板姓王", "王总离职了", "老板"),
    ],
)
def test_a_named_person_leaving_ends_the_role_that_named_them(role: str, left: str, gone: str) -> None:
    current, ended = beliefs_after(OWNER, role, left)
    assert any(gone in s for s in ended), (current, ended)
    # (the leaving itself may be told of the person as the role named them: "The user's coworker
    # Raj transferred to the London office.")
    assert not set(ended) & set(current), (current, ended)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        # a brother who moved out is still a brother; a coworker gone to lunch still a coworker
        ("My brother Sam is a nurse.", "Sam moved out."),
        ("My coworker Raj sits next to me.", "Raj left for lunch."),
        # a role shared with someone else: what holds of the other is not said
        ("I share a flat with Jess and Ana.", "Jess moved out."),
        # the speaker by name (as LoCoMo names them) is no person of theirs
        ("My teammates are great.", "The user left the team."),
    ],
)
def test_a_leaving_that_ends_no_shared_role_ends_nothing(held: str, said: str) -> None:
    _, ended = beliefs_after(OWNER, held, said)
    assert ended == []


def test_a_leaving_goes_after_the_successor_its_message_names() -> None:
    """The successor's dated supersession is what ends the old boss, at its date."""
    current, ended = beliefs_after(OWNER, "My boss is Karen.", "Karen retired and Leo became my boss last week.")
    assert ended == ["The user's boss is Karen."]
    assert any("Leo" in s for s in current)


def test_a_name_written_with_its_capital_keeps_it_in_lower_case() -> None:
    names = SpokenNames()
    names.read("My coworker Raj sits next to me, in May.")
    assert names.restored("raj transferred, and I may go too") == "Raj transferred, and I may go too"
    assert SpokenNames().restored("raj left") == "raj left"  # never written with a capital: as said


def test_a_lower_case_name_is_read_as_the_name_said_before_in_the_session() -> None:
    current, ended = blind_probe.run(
        "My coworker Raj sits next to me",
        "raj transferred to the london office so he's not around anymore",
        owner=OWNER,
    )
    assert ended == ["The user's coworker Raj sits next to the user."], (current, ended)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("I'm subscribed to the NYT.", "cancelled it yesterday, too many subscriptions"),
        ("I go to a pottery class on Wednesdays.", "the studio closed down so that's over :("),
        ("I'm on Lexapro 10mg.", "my psychiatrist took me off it last month"),
        ("I have a side gig driving for Uber on weekends.", "deactivated my account, done with that"),
        ("我在学日语", "已经放弃了，太难了"),
        ("我办了健身房的年卡", "上个月退卡了"),
        ("我每天晚上都喝点酒", "戒了，已经两个月没喝了"),
    ],
)
def test_an_ending_of_that_or_of_nothing_said_ends_what_was_said_last(held: str, said: str) -> None:
    current, ended = beliefs_after(OWNER, held, said)
    assert len(ended) == 1 and ended[0] not in current, (current, ended)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("I love sci-fi.", "that's over now"),  # "that" is no thing the belief holds
        ("我养了一只猫", "我没有放弃"),  # a denial of giving up
    ],
)
def test_an_ending_with_nothing_to_end_ends_nothing(held: str, said: str) -> None:
    _, ended = beliefs_after(OWNER, held, said)
    assert ended == []


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("My best friend is Jake.", "Jake and I aren't friends anymore."),
        ("My friend Sam works at Google.", "Sam got laid off from Google."),
        ("My coworker Raj sits next to me.", "Raj got fired."),
    ],
)
def test_a_tie_or_a_job_of_a_named_person_ends(held: str, said: str) -> None:
    current, ended = beliefs_after(OWNER, held, said)
    assert len(ended) == 1 and ended[0] not in current, (current, ended)


def test_a_job_lost_elsewhere_ends_no_job_here() -> None:
    _, ended = beliefs_after(OWNER, "My friend Sam works at Google.", "Sam got laid off from Meta.")
    assert ended == []


def test_one_of_the_users_people_by_relation_moving_into_care_ends_living_with_them() -> None:
    current, ended = blind_probe.run(
        "My grandpa lives with us", "he moved into an assisted living place in March", owner=OWNER
    )
    assert ended == ["The user's grandpa lives with the user."] and len(current) == 1, (current, ended)


def test_a_move_is_no_change_of_occupation() -> None:
    """Two frames' keys (occupation, residence) are two attributes, whatever change is said."""
    current, ended = beliefs_after(OWNER, "My sister is a nurse", "my sister moved to Denver")
    assert ended == [] and len(current) == 2, (current, ended)
