"""Changes told by who one reports to, a new role or home said with its subject dropped, endings
others carried out, and slips said alone or beside the value they put right. Each class with the
look-alikes that must change nothing. Words of my own (pure, the distiller's own functions; one
message each, a month apart)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from tests.support.said import beliefs_after

OWNER = Owner("reporting", "u")


@pytest.mark.parametrize(
    ("said", "now", "was"),
    [
        # who the speaker reports to is their manager; "my actual manager" puts one right
        (("my manager is Greta", "reorg happened, I report to Omar now"), "Omar", "Greta"),
        (("my manager is Greta, she's lovely", "oops, Greta is my skip. my actual manager is Luis"), "Luis", "Greta"),
        # a named boss gone, in English and in Chinese, the name in Latin letters
        (("my manager is a woman called Ines", "Ines got moved to the Leeds office"), None, "Ines"),
        (("我领导是个新加坡人叫Wendy", "Wendy上个月已经离职了"), None, "Wendy"),
        # a new role said with its "I'm" dropped, after a comma too
        (
            ("I work as a waiter at a pizza place", "quit on friday, starting next week as a bank teller at Chase"),
            "teller",
            "waiter",
        ),
        # a home moved into, its place typed in lower case; where one rents in Chinese
        (("i live with my aunt in dayton", "moved into a flat in columbus last month"), "columbus", "dayton"),
        (("我在上海徐汇租房", "上个月搬到浦东了"), "浦东", "徐汇"),
        # a phone typed in lower case, bought as chat says it
        (("我的手机是小米12", "前几天入了个iphone16，好用"), "iphone16", "小米12"),
        # a weekend habit changed to another, said of the thing alone; a pet's food switched
        (("我周末喜欢去钓鱼", "现在周末改成去打球了"), "打球", "钓鱼"),
        (("我家狗叫豆豆，平时吃冠能的狗粮", "豆豆肠胃不好，狗粮换成渴望了"), "渴望", "冠能"),
        # eating what a diet leaves out, with a guess said after it
        (("i'm vegan", "started eating eggs again, so i guess just vegetarian now?"), "eggs", "vegan"),
    ],
)
def test_a_change_said_another_way_replaces_what_it_changes(said: tuple[str, ...], now: str | None, was: str) -> None:
    current, ended = beliefs_after(OWNER, *said)
    assert any(was in s for s in ended), (current, ended)
    assert not set(ended) & set(current), (current, ended)
    if now is not None:
        assert any(now in s for s in current), (current, ended)


@pytest.mark.parametrize(
    "said",
    [
        ("my manager is Greta", "I report to Omar when Greta is on leave"),
        ("my manager is Greta", "I report to Omar on the budget stuff too"),
        ("my manager is Greta", "I reported the broken printer to facilities"),
        ("my manager is Ines", "Ines got moved to a desk by the window"),
        ("我领导叫Wendy", "Wendy离职的消息是假的"),
        ("I work as a waiter at a pizza place", "starting saturday as a member at the climbing gym lol"),
        ("i live with my aunt in dayton", "thinking of moving into a flat in columbus"),
        ("我住在上海徐汇", "在杭州租房好贵啊"),
        ("我住在上海徐汇", "我们在三亚租了辆车，自驾"),
        ("我的手机是小米12", "入了个iphone16的手机壳"),
        ("我的手机是小米12", "在考虑入手iphone16，纠结"),
        ("我周末喜欢去钓鱼", "周末偶尔会换成去爬山"),
        ("i'm vegan", "my sister started eating eggs again, so i guess she's vegetarian now?"),
    ],
)
def test_the_look_alikes_change_nothing(said: tuple[str, ...]) -> None:
    current, ended = beliefs_after(OWNER, *said)
    assert ended == [], (current, ended)


@pytest.mark.parametrize(
    ("said", "was"),
    [
        # an ending others carried out for the speaker, and one said before a laugh
        (("I have a membership at the YMCA", "finally got them to cancel my membership"), "YMCA"),
        (("I pay $12 a month for Hulu", "cancelled the hulu subscription lol i never watched it"), "Hulu"),
        # one of the speaker's pets gone, with a sad emoji
        (("我养了一只兔子叫棉花", "棉花昨天走了 😭"), "棉花"),
        # an ending decided, its "I" dropped; a project shelved for good
        (
            ("I'm building a habit tracker app on weekends", "decided to scrap the habit tracker, no time"),
            "habit tracker",
        ),
    ],
)
def test_an_ending_said_another_way_ends_the_thing(said: tuple[str, ...], was: str) -> None:
    current, ended = beliefs_after(OWNER, *said)
    assert any(was in s for s in ended), (current, ended)
    assert not set(ended) & set(current), (current, ended)


@pytest.mark.parametrize(
    "said",
    [
        ("I have a membership at the YMCA", "had the bank close my dad's account"),
        ("I have a membership at the YMCA", "got them to cancel my membership fee for march"),
        ("I have a membership at the YMCA", "my husband cancelled his membership lol i still go"),
    ],
)
def test_an_ending_of_someone_elses_or_of_a_part_ends_nothing(said: tuple[str, ...]) -> None:
    current, ended = beliefs_after(OWNER, *said)
    assert ended == [], (current, ended)


@pytest.mark.parametrize(
    ("said", "now", "was"),
    [
        # a number put right beside the one it denies, after a slip
        (("my daughter just turned 5", "oops, she turned 6 not 5, she's in first grade"), "6", "5"),
        (("i'm 52, been cycling for years", "wait no i'm 25 not 52 lol i always flip those"), "25", "52"),
        # a value said alone, then the slip as its own sentence; a star and why after it
        (("my rent is $980 a month", "ugh 890. typo"), "890", "980"),
        (("I'm studying nursing at UCSD", "UCSB* autocorrect hates me"), "UCSB", "UCSD"),
        # the wrong value said harmless after the right one, an allergy said as a cleft
        (("i'm allergic to shrimp", "wait no its crab im allergic to, shrimp is totally fine"), "crab", "shrimp"),
        # counts in words put right
        (("we have three cats", "not three, two cats"), "2", "three"),
        # Chinese: the value with an emoji after it; 的 after a place; the wrong one named as what it was
        (("我住8楼", "打错了 是18楼😅"), "18楼", "8楼"),
        (("我老婆是大连人", "记错了 她老家是沈阳的 大连是她读书的地方"), "沈阳", "大连"),
        # the name said as what the name is; an age reckoned wrong; a weekday read off a ticket
        (("我女朋友叫李静", "打错字了，她名字是李婧"), "李婧", "李静"),
        (("我爸今年58了", "又算了一下，我爸是60，之前算错了"), "60", "58"),
        (("我下周三去杭州开会", "行程单上写的是周五，不是周三，我看错了"), "周五", "周三"),
        # the right value said alone first, the slip named right after it
        (
            ("My brother lives in Austin", "Dallas. I said Austin before but that's where my cousin is"),
            "Dallas",
            "Austin",
        ),
    ],
)
def test_a_slip_put_right_corrects(said: tuple[str, ...], now: str, was: str) -> None:
    current, ended = beliefs_after(OWNER, *said)
    assert any(was in s for s in ended), (current, ended)
    assert any(now in s for s in current), (current, ended)


@pytest.mark.parametrize(
    "said",
    [
        ("i'm 29", "my brother is 29 not 30 lol he lies about it"),
        ("i'm 34", "my coach is 43 not 34 lol i always flip those digits"),
        ("i love cats", "its dogs im allergic to, cats are totally fine"),
        ("I work 3 days a week", "five stars* sorry"),
        ("my brother lives in Austin", "Great. I said Austin before, right?"),
    ],
)
def test_a_number_or_a_word_put_right_of_another_corrects_nothing_of_mine(said: tuple[str, ...]) -> None:
    current, ended = beliefs_after(OWNER, *said)
    assert ended == [], (current, ended)


@pytest.mark.parametrize(
    "said",
    [
        "ugh i'm so tired today, mondays man",
        "帮我写一段生日祝福，语气活泼一点",
        "你说如果我明年换工作，会不会后悔",
        "这个月工资晚发了，会影响还信用卡吗 急",
    ],
)
def test_a_mood_of_the_day_or_a_question_is_no_fact(said: str) -> None:
    current, ended = beliefs_after(OWNER, said)
    assert current == [] and ended == [], (current, ended)


def test_a_supposition_with_a_question_ends_no_job() -> None:
    current, ended = beliefs_after(OWNER, "我在银行上班", "你说如果我明年辞职去读书 会不会很亏")
    assert ended == [], (current, ended)
    assert any("银行" in s for s in current), current


def test_a_fact_told_before_a_question_in_chinese_is_kept() -> None:
    current, _ = beliefs_after(OWNER, "我每个月20号还车贷 3500 晚两天会有影响吗 急")
    assert any("车贷" in s for s in current), current
