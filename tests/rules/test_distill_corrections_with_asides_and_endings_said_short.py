"""Corrections said with an aside around the value ("wait no, just pulled up the letter, its
the 9th"), a rate's "per" said "a", a Chinese count or weekday corrected; endings said short
(a subscription "cancelled it", a shop closed for good, stepped away for good, 不喝了 and 放弃了
after the thing); a switch for part of the time kept beside what holds the rest of it; what one
forgot to say told; agreement and a question without its mark not beliefs. Each in words of my
own (pure, the distiller's own functions; one message each, a month apart)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from tests.support.said import beliefs_after

OWNER = Owner("asides-and-endings", "u")


@pytest.mark.parametrize(
    ("held", "correction", "now", "was"),
    [
        # "its" typed for "it's", how the value was found said first, a sigh said last
        (
            "my citizenship interview is on the 9th",
            "wait no i just pulled up the letter, its the 19th not the 9th phew",
            "19th",
            "9th",
        ),
        # a grade of a type corrected after where it was read
        ("my son's blood group is B+", "sorry just looked at his card, its actually AB+ lol", "AB+", "B+"),
        # "I said X before but it's actually the <thing> in Y"
        (
            "i coach a kids swim team at the leisure centre in Derby",
            "ah i said derby before but it's actually the pool in nottingham, my bad",
            "nottingham",
            "Derby",
        ),
        # a rate's "per" said "a" in what is held
        ("the gardener charges 60 a week", "correction, 60 is per visit not per week", "per visit", "60 a week"),
    ],
)
def test_a_correction_with_an_aside_corrects_the_value_it_names(held: str, correction: str, now: str, was: str) -> None:
    current, ended = beliefs_after(OWNER, held, correction)
    assert any(was in s for s in ended), (current, ended)
    assert any(now in s for s in current), (current, ended)


@pytest.mark.parametrize(
    ("held", "correction", "now", "was"),
    [
        # how often, said again with its span: the count is what was wrong
        ("我一周练两次瑜伽", "不对我记错了，是一周三次，周一周三周五", "三次", "两次"),
        ("我妈的药一天吃三次", "哦不对，是一天两次", "两次", "三次"),
        # a weekday and its part of the day, said with "的"
        ("我约了周三下午的牙医", "啊说错了，是周五下午的", "周五下午", "周三下午"),
    ],
)
def test_a_chinese_count_or_weekday_corrected_replaces_the_one_held(
    held: str, correction: str, now: str, was: str
) -> None:
    current, ended = beliefs_after(OWNER, held, correction)
    assert any(was in s for s in ended), (current, ended)
    assert any(now in s and was not in s for s in current), (current, ended)


@pytest.mark.parametrize(
    ("held", "ending", "gone"),
    [
        # "it" after a thing paid for
        ("i pay for a spotify family plan, 17 a month", "cancelled it last week, nobody used it", "spotify"),
        # a held name and the kind of thing it names
        ("i sell handmade candles on etsy", "shut the etsy store down for good, not worth the fees", "candles"),
        ("i pay for hulu", "cancelled the hulu subscription", "hulu"),
        # stepped away from, for good, the subject dropped
        ("i help out at the animal shelter on sundays", "had to step away from the shelter for good", "shelter"),
        # Chinese: the drink said first, then not drunk any more
        ("我每天下午喝奶茶", "奶茶早就不喝了，太甜", "奶茶"),
        # Chinese: the thing, "that one", the speaker, given up
        ("我在学日语", "日语那个我已经放弃了，太难", "日语"),
    ],
)
def test_an_ending_said_short_ends_the_thing_held(held: str, ending: str, gone: str) -> None:
    current, ended = beliefs_after(OWNER, held, ending)
    assert any(gone in s for s in ended), (current, ended)
    assert not any(gone in s and s == held for s in current), (current, ended)


@pytest.mark.parametrize(
    ("held", "added"),
    [
        # a switch for part of the time, or in one place, keeps what holds the rest of it
        ("我平时戴隐形眼镜", "周末在家我会换成框架眼镜"),
        ("i drink regular coffee", "on weekends i switch to decaf"),
        # "again" and "both together": one more, not another instead
        ("我在学素描", "最近又开始学水彩了，两个一起学"),
    ],
)
def test_a_switch_for_part_of_the_time_or_both_together_keeps_what_is_held(held: str, added: str) -> None:
    current, ended = beliefs_after(OWNER, held, added)
    assert ended == [], (current, ended)
    assert len(current) == 2, (current, ended)


def test_what_one_forgot_to_say_is_told_and_agreement_or_a_question_is_not() -> None:
    current, _ = beliefs_after(OWNER, "oh i should mention my husband is vegan")
    assert current == ["The user's husband is vegan."], current
    current, _ = beliefs_after(OWNER, "forgot to say, i'm allergic to penicillin")
    assert any("allergic to penicillin" in s for s in current), current
    # the listener's point granted, then a saying of anyone's
    current, _ = beliefs_after(OWNER, "哈哈你说得对，早睡早起身体好")
    assert current == [], current
    # ... but a fact of the speaker's after it is one
    current, _ = beliefs_after(OWNER, "你说得对，我还是每天早上跑步")
    assert any("跑步" in s for s in current), current
    # a question without its mark
    current, _ = beliefs_after(OWNER, "微信和支付宝转账有啥区别")
    assert current == [], current


def test_a_habit_word_is_not_read_inside_give_up_or_overtime() -> None:
    # 放弃 is "give up", 加班 "overtime": no habit of putting or adding something
    current, _ = beliefs_after(OWNER, "我周末经常加班")
    assert current == ["用户周末经常加班。"], current


@pytest.mark.parametrize(
    ("held", "said"),
    [
        # "it" is the thing named just before, in its clause or its message
        ("i pay for a gym membership", "booked a massage for saturday but cancelled it"),
        ("i subscribe to the guardian", "had a table booked friday, cancelled it because of the storm"),
        # closed for a stretch of time, or not for good
        ("i run a little cafe", "we shut down the cafe for three weeks for repairs"),
        ("i volunteer at the library", "stepped back from the library, not for good, just over exams"),
        # the kind said after a name that is not what is held ("the etsy app" is no shop)
        ("i sell stickers on etsy", "closed the etsy app, it kept freezing"),
    ],
)
def test_an_ending_of_another_thing_or_for_a_while_ends_nothing(held: str, said: str) -> None:
    current, ended = beliefs_after(OWNER, held, said)
    assert ended == [], (current, ended)


def test_a_correction_that_names_another_thing_or_another_shape_corrects_nothing() -> None:
    # a day said before, a place said now: no day corrected
    current, ended = beliefs_after(
        OWNER, "my dentist check is on tuesday", "ok i said tuesday before but it's actually the clinic in leeds"
    )
    assert ended == [], (current, ended)
    # a rate of another thing than the one held
    current, ended = beliefs_after(
        OWNER, "the after-school club is 15 a day", "sorry, the sitter is 12 per hour not per day"
    )
    assert ended == [], (current, ended)


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        # what was forgot is the fact, no lead-in
        ("i forgot to say my lines at the rehearsal lol", "forgot"),
        # 没啥 / 啥X都: statements, not questions
        ("我最近没啥精神", "没啥精神"),
        ("我女儿啥水果都爱吃", "水果"),
        # the point granted, then a habit of the speaker's with its subject dropped
        ("有道理，反正每天都加班到十点", "加班"),
    ],
)
def test_a_statement_that_looks_like_a_lead_in_a_question_or_agreement_is_kept(said: str, kept: str) -> None:
    current, _ = beliefs_after(OWNER, said)
    assert any(kept in s for s in current), current


@pytest.mark.parametrize(
    ("held", "moved", "now", "was"),
    [
        # thousands unsaid where the sum held said them
        ("my base pay is 64k", "got my review and they bumped me to 70", "70k", "64k"),
        # a number said in words after "to", and a rate by the hour
        ("i charge $30/hr for tutoring", "upped everyone to forty an hour this term", "forty", "$30/hr"),
        # a level moved by someone, the unit said with both
        ("our broadband is 100 mbps", "the provider pushed us to 300 mbps for free", "300", "100"),
    ],
)
def test_a_sum_or_level_moved_in_chat_words_replaces_the_one_held(held: str, moved: str, now: str, was: str) -> None:
    current, ended = beliefs_after(OWNER, held, moved)
    assert any(was in s for s in ended), (current, ended)
    assert any(now in s for s in current), (current, ended)


def test_a_bare_number_after_to_is_no_sum_where_none_is_held_in_thousands() -> None:
    current, ended = beliefs_after(OWNER, "my rent is 1200 a month", "they bumped the deposit to 50")
    assert ended == [], (current, ended)


@pytest.mark.parametrize(
    ("held", "ending", "gone"),
    [
        # a job left, said with the subject and the job unsaid
        ("我在超市做收银员", "前两天辞职了，想休息一段时间", "收银员"),
        # an ending said alone after why, its thing the clause before's
        ("我每天抽半包烟", "医生说肺不好，戒了", "烟"),
        # "it" after a thing one gets delivered
        ("we get a veg box delivered every week", "cancelled it, half of it went off", "veg box"),
    ],
)
def test_an_ending_with_its_thing_unsaid_ends_what_was_said_last(held: str, ending: str, gone: str) -> None:
    current, ended = beliefs_after(OWNER, held, ending)
    assert any(gone in s for s in ended), (current, ended)
