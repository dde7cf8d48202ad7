"""A side followed now ("I follow Leicester now", 现在支持国安了), a favourite named as the one now
("Wet Leg are my number one now"), a slip of the unit with the number kept ("30 minutes not 30
laps"), of a day said in the plural ("Thursdays not Tuesdays"), an age said after a name ("a
cat called Pip, she's 3" / "sorry she's 5, not 3"), a year of study reached ("officially a
second year now"), a retirement of one whose work was said by what they are ("my wife is a
paramedic" / "she retired in May"), a doctorate ended by its viva, a task handed to another
("handed the treasurer job to Sue"), a bare Chinese break-up (分了), an amount said alone as it
is now (现在62了) and a Chinese slip put right with its reason after (是海淀不是朝阳，朝阳是我公司)
replace or end what was held. Words of the kind that must not: a wish (想转行), a friend's move
(我闺蜜搬去西安了), an account followed on a feed.

Words of my own (pure, the distiller's own functions)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from tests.support.said import beliefs_after

OWNER = Owner("sides", "u")


@pytest.mark.parametrize(
    ("held", "said", "gone"),
    [
        ("I've supported Stoke since I was little", "to be honest I follow Leicester now, don't tell my dad", "Stoke"),
        (
            "I support Sunrisers Hyderabad in the IPL",
            "after the auction I switched to RCB, ee sala cup namde",
            "Sunrisers",
        ),
        ("我是国安球迷", "算了，我现在支持泰山了", "国安"),
        ("我是曼联球迷，二十年了", "说实话弗格森走了以后我就转投利物浦了", "曼联"),
        ("my favourite band is the Strokes", "ok forget that, after the gig Wet Leg are my number one now", "Strokes"),
    ],
)
def test_a_side_or_a_favourite_taken_now_replaces_the_one_held(held: str, said: str, gone: str) -> None:
    current, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert any(gone in e for e in ended), (current, ended)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("I support Celtic", "I follow Rangers on TikTok now for the memes"),
        ("我是国安球迷", "我现在支持他考研了"),
        ("我是程序员", "有时候想转行做设计，还在犹豫"),
        ("我在成都", "我闺蜜搬去西安了，好难过"),
    ],
)
def test_a_side_said_again_a_feed_a_wish_or_a_friend_ends_nothing(held: str, said: str) -> None:
    current, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert ended == [], (current, ended)


@pytest.mark.parametrize(
    ("held", "said", "gone", "now"),
    [
        ("I run 30 laps of the park every Sunday", "sorry I meant 30 minutes not 30 laps", "laps", "30 minutes"),
        ("I do pottery with the U3A group every Tuesday", "oops, Thursdays not Tuesdays", "Tuesday", "Thursday"),
        ("We have a tabby called Pip, she's 3", "sorry she's 5, not 3, I mix her up with the neighbour's", "3", "5"),
    ],
)
def test_a_slip_of_a_unit_a_plural_day_or_an_age_is_put_right(held: str, said: str, gone: str, now: str) -> None:
    current, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert any(gone in e for e in ended), (current, ended)
    assert any(now in c for c in current), current


@pytest.mark.parametrize(
    ("held", "said", "gone"),
    [
        ("I'm in first year of my physio degree at Keele", "exams all passed!! officially a second year now", "first"),
        ("my wife Jo is a paramedic with the ambulance service", "she retired in May after 30 years", "paramedic"),
        ("I'm a third-year PhD student in geology", "passed my viva yesterday!!! Dr me", "PhD student"),
        ("I'm a PhD student in history", "graduated on Saturday, so weird", "PhD student"),
        ("I'm the treasurer of our running club", "handed the treasurer job to another member this year", "treasurer"),
        ("我和女朋友在一起两年了", "分了，别问了", "女朋友"),
        ("我现在70公斤", "坚持跑步有用！现在62了", "70"),
        ("我读研二", "啊打错了，研一，刚入学", "研二"),
        ("我住北京，朝阳那边", "哦我说错了，是海淀不是朝阳，朝阳是我公司", "朝阳"),
        ("我今年31", "打错了，33哈", "31"),
    ],
)
def test_a_stage_reached_a_work_or_a_study_ended_or_a_value_put_right(held: str, said: str, gone: str) -> None:
    current, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert any(gone in e for e in ended), (current, ended)


def test_a_chinese_statement_of_the_speaker_names_them_once() -> None:
    current, _ = beliefs_after(OWNER, "我是湖人的球迷", "我爸是勇士的球迷", one_session=True)
    assert all("用户用户" not in c for c in current), current


@pytest.mark.parametrize(
    ("held", "said", "gone"),
    [
        ("我公婆住在东北老家", "他们去年搬来杭州跟我们住了", "东北"),
        ("I'm allergic to shellfish", "turns out I'm not, it was the sauce all along", "shellfish"),
        ("my postcode is LS6 2QB", "sorry, it's LS6 2QD not QB", "2QB"),
        (
            "my husband and I have been vegetarian for ten years",
            "we're eating meat again since the baby came",
            "vegetarian",
        ),
    ],
)
def test_several_people_a_denial_alone_a_code_s_end_and_a_diet_of_two(held: str, said: str, gone: str) -> None:
    current, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert any(gone in e for e in ended), (current, ended)


def test_several_people_are_never_he_or_she() -> None:
    current, ended = beliefs_after(OWNER, "我爸妈住在老家", "她搬去上海了", one_session=True)
    assert ended == [], (current, ended)


@pytest.mark.parametrize(
    ("held", "said", "gone"),
    [
        (
            "we get our food shop from Sainsbury's every Saturday",
            "we moved over to Lidl in the spring, so much cheaper",
            "Sainsbury",
        ),
        ("我们一般在永辉买菜", "现在都改在盒马了", "永辉"),
        ("我的号是电信的", "上周携号转网了，现在是移动", "电信"),
        (
            "I live in a houseshare in Moseley with three nurses",
            "got the keys to my own flat in Kings Heath yesterday!!",
            "Moseley",
        ),
        ("I drive a Ford Focus", "nvm, sold the focus last month, got a Kia Niro now", "Focus"),
    ],
)
def test_a_supermarket_a_carrier_a_shared_home_or_a_car_said_after_never_mind(held: str, said: str, gone: str) -> None:
    current, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert any(gone in e for e in ended), (current, ended)


def test_a_carrier_s_name_holds_no_supermarket() -> None:
    current, ended = beliefs_after(
        OWNER, "I'm on Tesco Mobile, 10 quid a month", "we switched to Aldi for the big shop", one_session=True
    )
    assert ended == [], (current, ended)


@pytest.mark.parametrize(
    ("held", "said", "gone"),
    [
        ("我房贷还有十年", "今年提前还清了，轻松多了", "房贷"),
        ("我在日本留学", "毕业回国啦，现在在杭州找工作", "留学"),
        ("我在南京做销售", "上个月辞职了，歇一阵再说", "销售"),
        ("我在武汉", "哦不对 我在长沙，武汉是我老家", "武汉"),
        ("我女儿今年五年级", "开学了，她升六年级了，要准备小升初", "五年级"),
    ],
)
def test_a_chinese_debt_cleared_studies_ended_a_job_left_or_a_home_put_right(held: str, said: str, gone: str) -> None:
    current, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert any(gone in e for e in ended), (current, ended)


def test_another_s_debt_cleared_ends_none_of_the_speaker_s() -> None:
    current, ended = beliefs_after(OWNER, "我车贷还剩三年", "我姐把她的房贷还清了", one_session=True)
    assert ended == [], (current, ended)
