"""A Chinese change said by 了 closing a clause, the particle of a new state ("羽毛球一周就打一次了",
"钢琴课停了"), with no change word: the meaning judge is asked as for one said in words, of the
beliefs the statement shares a word with (a new state of the thing held names it). Not 了
of an exclamation ("困死了", "太贵了") or a formula ("好了", "算了"), not 开始 of a thing taken up,
nor something done to a thing ("小区被封了"),
and never where the statement is about a thing or a person of the subject's ("儿子的足球队",
"日语老师"): those change nothing held of the subject. Words of my own (pure, the distiller's own
functions; one conversation, a message a month apart)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from ledgermind.distill.meaning import askable, new_state_zh, says_change
from tests.support.said import beliefs_after

OWNER = Owner("new-state-zh", "u")


@pytest.mark.parametrize(
    ("said", "now", "was"),
    [
        (("我每周打两次羽毛球", "最近膝盖不好，羽毛球一周就打一次了"), "一次", "两次"),
        (("我每天喝三杯咖啡", "医生让我少喝，一天一杯了"), "一杯", "三杯"),
        (("我每周六上午学钢琴", "钢琴课停了"), "停了", "学钢琴"),
    ],
)
def test_a_new_state_said_by_le_replaces_what_it_changes(said: tuple[str, ...], now: str, was: str) -> None:
    current, ended = beliefs_after(OWNER, *said, one_session=True)
    assert [s for s in ended if was in s], (current, ended)
    assert [s for s in current if now in s], (current, ended)


@pytest.mark.parametrize(
    "said",
    [
        ("我在学日语", "我日语老师回国了"),  # the teacher's news
        ("我儿子在踢足球", "儿子的足球队拿冠军了"),  # the team's
        ("我老公每天开车上班", "老公的车送去修了"),  # the car's
        ("我每天晚上十点半睡", "昨天加班到两点，今天困死了"),  # an exclamation
        ("我会弹吉他", "最近开始学尤克里里了"),  # taken up beside
        ("我在杭州上班", "今天下雨了，好冷"),
        ("我养了一只猫", "猫咪今天吐了"),
        ("我在银行上班", "银行今天放假了"),
        ("我每周游泳3次", "手机快没电了"),  # another thing, no word of the belief's
    ],
)
def test_what_only_closes_with_le_changes_nothing(said: tuple[str, ...]) -> None:
    current, ended = beliefs_after(OWNER, *said, one_session=True)
    assert not ended, (current, ended)


@pytest.mark.parametrize(
    ("statement", "change"),
    [
        ("用户羽毛球一周就打一次了。", True),
        ("用户今天困死了。", False),
        ("这家店太贵了。", False),
        ("好了，用户知道了。", False),
        ("用户最近开始学韩语了。", False),
        ("小区被封了。", False),  # done to a thing, for a while
    ],
)
def test_le_says_a_new_state_only_where_it_closes_one(statement: str, change: bool) -> None:
    assert new_state_zh(statement) is change
    assert not says_change(statement)  # no change said in words


def test_a_thing_or_a_person_of_the_subjects_is_not_asked_about() -> None:
    assert not askable("用户儿子的足球队拿冠军了。")
    assert not askable("用户日语老师回国了。")
    assert askable("医生让用户少喝，一天一杯了。")  # the speaker's own, at the doctor's word
