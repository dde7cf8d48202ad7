"""What others did to what the speaker said: a carer who switched them (or
their pet) to something else, a carer who left the work ("Dr Lee retired",
"Mrs. Patel moved to another school"), a divorce told as a dated event
("fyi chris and I finalized our divorce in june"), and a change whose thing is
unsaid in Chinese ("最近改成坐地铁了"). Pure: extractor + reconcile."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from tests.support.said import beliefs_after

OWNER = Owner("moved-by-others", "u")


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("I take Lexapro 10mg", "my psychiatrist switched me to Zoloft"),
        ("my dog Biscuit eats Purina Pro Plan", "the vet switched my dog to a prescription kidney diet"),
        ("I am on metformin", "my doctor switched me to insulin last month"),
    ],
)
def test_a_carer_switching_them_replaces_what_they_took(held: str, said: str) -> None:
    current, ended = beliefs_after(OWNER, held, said)
    assert len(ended) == 1 and len(current) == 1 and " switched " in current[0], (current, ended)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("I take Lexapro 10mg", "my boss moved me to the Berlin team"),  # no carer: no regimen changed
        ("I am on metformin", "my doctor put me on insulin last month"),  # one more, not instead
    ],
)
def test_a_move_that_is_no_carers_switch_replaces_nothing(held: str, said: str) -> None:
    _, ended = beliefs_after(OWNER, held, said)
    assert ended == []


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("my therapist is Dr. Lee", "Dr. Lee retired last month"),
        ("my therapist is Dr. Lee", "Dr Lee retired so I'm seeing a Dr. Ortiz now"),
        ("my therapist is Lee", "Lee retired last month"),
        ("my son's teacher is Mrs. Patel", "Mrs. Patel moved to another school"),
        ("我的钢琴老师姓王", "王老师退休了"),
    ],
)
def test_a_carer_who_left_the_work_is_theirs_no_more(held: str, said: str) -> None:
    _, ended = beliefs_after(OWNER, held, said)
    assert len(ended) == 1 and ended[0].startswith(("The user's", "用户的")), ended


def test_a_relative_who_retired_is_still_a_relative() -> None:
    _, ended = beliefs_after(OWNER, "my brother is Sam", "Sam retired last month")
    assert ended == []


@pytest.mark.parametrize(
    "said",
    ["fyi Chris and I finalized our divorce in june", "Chris and I finalized our divorce in june"],
)
def test_a_divorce_told_as_an_event_ends_the_marriage(said: str) -> None:
    current, ended = beliefs_after(OWNER, "I'm married to Chris", said)
    assert ended == ["The user is married to Chris."], (current, ended)
    assert not any(s.startswith(("Fyi", "Chris, ")) for s in current), current


def test_a_divorce_filed_for_is_not_yet_the_end() -> None:
    _, ended = beliefs_after(OWNER, "I'm married to Chris", "we filed for divorce in june")
    assert ended == []


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("我每天骑车上班", "最近改成坐地铁了，夏天骑车太热"),
        ("我每天早上跑步五公里", "最近改成晚上游泳了，膝盖受不了跑步"),
        ("我每天早上七点去健身房", "从三月份开始我改成晚上去了"),
    ],
)
def test_a_change_with_its_thing_unsaid_replaces_what_was_said_last(held: str, said: str) -> None:
    _, ended = beliefs_after(OWNER, held, said)
    assert len(ended) == 1, ended


def test_a_change_of_oneself_is_no_replacement() -> None:
    _, ended = beliefs_after(OWNER, "我住在北京", "我改变了很多")
    assert ended == []


@pytest.mark.parametrize(
    "said",
    [
        "we packed up and moved to portland in march, so that's home now",
        "moved to new york last month",
    ],
)
def test_a_move_to_a_place_typed_in_lower_case_replaces_the_home(said: str) -> None:
    _, ended = beliefs_after(OWNER, "I live in Denver", said)
    assert ended == ["The user lives in Denver."]


@pytest.mark.parametrize(
    "said", ["my sister moved to help my mom", "we moved to a new flat", "they moved to nights last month"]
)
def test_a_move_to_no_named_place_keeps_the_home(said: str) -> None:
    _, ended = beliefs_after(OWNER, "I live in Denver", said)
    assert ended == []


def test_a_move_to_other_hours_ends_the_hours_not_who_they_are() -> None:
    current, ended = beliefs_after(
        OWNER, "My partner is a nurse and she works night shifts at St. Mary's.", "My partner moved to day shifts."
    )
    assert ended == ["The user's partner works night shifts at St. Mary's."], (current, ended)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("We use Jenkins for CI", "team moved CI over to GitHub Actions a couple weeks back"),
        ("I'm on Python 3.9 for the billing service", "finally got billing onto 3.12 yesterday"),
        ("I write all my notes in Notion", "moved everything over to Obsidian over the holidays"),
        ("I write all my notes in Notion", "migrated everything to Obsidian, notion was getting too slow"),
    ],
)
def test_a_thing_moved_onto_another_replaces_what_it_was_on(held: str, said: str) -> None:
    _, ended = beliefs_after(OWNER, held, said)
    assert len(ended) == 1, ended


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("I live in Paris and work at Google", "moved my savings to Ally"),  # savings were never said
        ("my boss is Tom", "they moved me to Berlin"),
    ],
)
def test_a_move_of_something_never_said_replaces_nothing(held: str, said: str) -> None:
    _, ended = beliefs_after(OWNER, held, said)
    assert ended == []


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("我在一家外企做会计", "上个月跳槽了，现在在一家创业公司做财务"),
        ("我妹妹在腾讯上班", "我妹妹跳槽到字节了"),
        ("我们家养了一只橘猫", "橘猫送给我妈养了，我们现在养了只柯基"),
        ("I have an old road bike", "gave the road bike to my nephew"),
        ("my lease runs until August", "the lease is over"),
        ("My best friend Leo is engaged", "my best friend Leo called it off"),
        ("I am engaged to Sam", "we called it off last week"),
    ],
)
def test_a_job_left_a_thing_given_away_or_a_plan_called_off_ends_it(held: str, said: str) -> None:
    _, ended = beliefs_after(OWNER, held, said)
    assert len(ended) == 1, ended


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("我在腾讯上班", "我老婆跳槽了"),  # someone else's new job
        ("I work at Acme", "I'm done for today"),
        ("We planned a trip to Rome", "we called it off"),  # no engagement to end
    ],
)
def test_an_ending_of_something_else_ends_nothing_held(held: str, said: str) -> None:
    _, ended = beliefs_after(OWNER, held, said)
    assert ended == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I now work at Mercy Hospital.", "The user works as a nurse."),
        ("I'm a teacher now.", "The user works at St. Mary's."),
    ],
)
def test_one_statement_under_two_keys_keeps_the_other_part(said: str, kept: str) -> None:
    current, ended = beliefs_after(OWNER, "I work as a nurse at St. Mary's.", said)
    assert kept in current and len(current) == 2, (current, ended)


def test_one_statement_under_two_keys_stays_whole_beside_an_unrelated_one() -> None:
    current, ended = beliefs_after(OWNER, "I work as a nurse at St. Mary's.", "I live in Paris")
    assert ended == [] and "The user works as a nurse at St. Mary's." in current, current
