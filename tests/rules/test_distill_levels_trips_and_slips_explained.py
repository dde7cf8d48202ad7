"""Changes told without the words of the belief they change, and corrections that say how the
slip happened. Each class with the look-alikes that must change nothing. Words of my own (pure,
the distiller's own functions; one message each, a month apart)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from ledgermind.distill.dates import with_weekday_date
from tests.support.said import beliefs_after

OWNER = Owner("levels", "u")


@pytest.mark.parametrize(
    ("said", "now", "was"),
    [
        # a weekday someone moved the speaker to ("shifted", "swapped", "shuffled")
        (
            ("my guitar lesson is on mondays", "the school swapped me to wednesday afternoons from next term"),
            "wednesday",
            "mondays",
        ),
        (("I help at the food bank on fridays", "they shuffled me to tuesdays for the winter"), "tuesdays", "fridays"),
        # an amount moved said "up around", or read off a scale
        (("I cycle about 50 km a week", "these days I'm up around 80 km a week"), "80", "50 km"),
        (("I weigh 80 kg", "the scale says 76 today"), "76", "80 kg"),
        # a count in Chinese words moved, of the same measure
        (("我每天抽三根烟", "最近减到一根了"), "一根", "三根"),
        # a level of a course moved up
        (
            ("I'm in the beginner salsa class on fridays", "got bumped up to the advanced group this month"),
            "advanced",
            "beginner",
        ),
        # an exam grade taken in steps
        (("我在学小提琴，在考三级", "三级过了，现在练四级的曲子"), "四级", "三级"),
        # a side taken instead of the one supported
        (("我是曼联球迷", "现在转投曼城了"), "曼城", "曼联"),
        # a trip planned elsewhere instead
        (("we're going to Greece in August", "plans changed, doing Croatia instead"), "Croatia", "Greece"),
        # a thing of the speaker's made into another
        (
            ("I host a podcast about chess", "turned my podcast into a youtube channel last spring"),
            "youtube",
            "podcast about chess",
        ),
        # bedtime said in other words
        (("I normally go to bed at 11pm", "new baby means I'm in bed by 9 these days"), "9", "11pm"),
    ],
)
def test_a_change_said_in_other_words_replaces_what_it_changes(said: tuple[str, ...], now: str, was: str) -> None:
    current, ended = beliefs_after(OWNER, *said)
    assert any(was in s for s in ended), (current, ended)
    assert any(now in s for s in current), (current, ended)


@pytest.mark.parametrize(
    "said",
    [
        ("my guitar lesson is on mondays", "they shifted the furniture to the other room"),
        ("I weigh 80 kg", "the bathroom scale is broken again"),
        ("我每天喝两杯咖啡", "我老婆减到一杯了"),
        ("I'm a junior developer at a bank", "my son moved up to the intermediate class"),
        ("I'm in the beginner salsa class on fridays", "my friend moved up to the advanced group"),
        ("我在学小提琴，在考三级", "今天三级风，出门有点冷"),
        ("我支持湖人", "我弟转投勇士了"),
        ("我支持湖人", "要不要转投勇士呢"),
        ("we're going to Greece in August", "my parents are doing Croatia instead"),
        ("we're going to Greece in August", "I'll have the salmon instead"),
        ("I host a podcast about chess", "turned the spare room into a studio"),
    ],
)
def test_the_look_alikes_change_nothing(said: tuple[str, ...]) -> None:
    current, ended = beliefs_after(OWNER, *said)
    assert ended == [], (current, ended)


@pytest.mark.parametrize(
    ("said", "now", "was"),
    [
        # things that end said in other words: initials "officially over", sold on, "that account"
        (("I'm doing a physical therapy program for my shoulder", "PT is officially done!"), None, "physical therapy"),
        (("我有一辆山地车", "山地车出给闲鱼上一个买家了"), None, "山地车"),
        (("我在小红书有个账号，分享穿搭", "那个账号不做了"), None, "小红书"),
    ],
)
def test_an_ending_said_in_other_words_ends_the_thing(said: tuple[str, ...], now: str | None, was: str) -> None:
    current, ended = beliefs_after(OWNER, *said)
    assert any(was in s for s in ended), (current, ended)
    assert not any(was in s for s in current), (current, ended)


def test_an_ending_of_another_thing_by_initials_ends_nothing() -> None:
    current, ended = beliefs_after(OWNER, "I'm doing physical therapy for my shoulder", "the PTA meeting is over")
    assert ended == [], (current, ended)


def test_a_correction_that_says_how_the_slip_happened_corrects() -> None:
    current, ended = beliefs_after(OWNER, "my passport expires in 2029", "sorry, I meant 2027, misread the date")
    assert any("2029" in s for s in ended), (current, ended)
    assert any("2027" in s for s in current), (current, ended)


def test_a_weekday_corrected_moves_the_date_written_with_it() -> None:
    current, _ = beliefs_after(OWNER, "我下周二去拔牙", "说错了，是下周五")
    (tooth,) = [s for s in current if "拔牙" in s]
    assert "周五" in tooth
    assert with_weekday_date(tooth) == tooth  # the date written is a Friday
    assert with_weekday_date("on Tuesday 4 March 2026") == "on Tuesday 3 March 2026"
    assert with_weekday_date("2026年3月4日周四") == "2026年3月5日周四"
    assert with_weekday_date("on Wednesday 4 March 2026") == "on Wednesday 4 March 2026"


def test_a_word_of_the_same_kind_corrects_a_voice_part() -> None:
    current, ended = beliefs_after(OWNER, "我在合唱团唱男低音", "更正一下，是男中音")
    assert any("男低音" in s for s in ended), (current, ended)
    assert any("男中音" in s for s in current), (current, ended)


@pytest.mark.parametrize(("said", "named"), [("我是东北人", False), ("我是吃货", False), ("我是李娜", True)])
def test_what_follows_wo_shi_is_a_name_only_after_a_surname(said: str, named: bool) -> None:
    current, _ = beliefs_after(OWNER, said)
    assert any("名字" in s for s in current) is named, current


def test_someone_in_a_story_is_no_fact_of_anyones() -> None:
    current, _ = beliefs_after(OWNER, "the woman in this podcast just said she quit sugar for a year")
    assert current == []


@pytest.mark.parametrize(
    ("said", "now", "was"),
    [
        # the wrong value named as said before, the right one after it with "actually"
        (
            ("my daughter Ivy is 8", "sorry I said 8 earlier, she's actually 10, I mixed her up with her friend"),
            "10",
            "8",
        ),
        # a chat's marks for a word corrected, one or two
        (("the parents' evening is tuesday at 5", "**6pm"), "6pm", "at 5"),
        # a weak formula ("fat fingered that", "I'm dumb") before a value said alone
        (("my shift ends at 5 every day", "fat fingered that, 6"), "6", "at 5"),
        (("we rented a flat in Nice for june", "wait I'm dumb, the flat is in Antibes"), "Antibes", "Nice"),
        # a detail corrected, only what differs replaced ("home on wednesdays and fridays", not
        # "home on home wednesdays and fridays and fridays")
        (
            (
                "my wife is home on mondays and fridays",
                "one thing I got wrong in that update - she's home wednesdays and fridays, not mondays",
            ),
            "is home on wednesdays and fridays.",
            "mondays",
        ),
        # where the right value was just read, then how it was slipped
        (("我每个月房租是5200", "刚看了一眼合同，是2500，前面数字记反了"), "2500", "5200"),
        (("我下周一去上海开会", "口误，是下周三去"), "周三", "周一"),
    ],
)
def test_a_correction_said_with_how_it_slipped_corrects(said: tuple[str, ...], now: str, was: str) -> None:
    current, ended = beliefs_after(OWNER, *said)
    assert any(was in s for s in ended), (current, ended)
    assert any(now in s for s in current), (current, ended)


def test_a_past_cost_is_a_belief() -> None:
    current, _ = beliefs_after(OWNER, "the new boiler cost us $3,100")
    assert any("3,100" in s for s in current), current


@pytest.mark.parametrize(
    ("said", "was"),
    [
        # a provider said by its short name, the switch said in words
        (("my carrier is AT&T", "ported my number to Mint last week"), "AT&T"),
        (("我用的是移动的号", "号码携转到电信了"), "移动"),
        # a provider held, ended by its kind
        (("I pay for Hulu every month", "cancelled the streaming sub, never watch it"), "Hulu"),
        # a car held by its model, ended by its make (or the other way round)
        (("I drive a Corolla", "sold the toyota to a neighbour"), "Corolla"),
        # a pet said of by a pet name, when it is the one pet held
        (("our cat Milo is 15", "we had to put the old boy down yesterday"), "Milo"),
        # the couple's next step, the one partner held unnamed in it
        (("my girlfriend Ana and I live together", "guess who's engaged!!"), "Ana"),
        (("我男朋友叫阿杰", "我俩上个月领证了"), "阿杰"),
    ],
)
def test_a_change_naming_the_thing_another_way_ends_what_held(said: tuple[str, ...], was: str) -> None:
    current, ended = beliefs_after(OWNER, *said)
    assert any(was in s for s in ended), (current, ended)


@pytest.mark.parametrize(
    "said",
    [
        ("my carrier is AT&T", "had mint tea with my mum"),
        ("I pay for Hulu every month", "watched a streaming concert last night"),
        ("I drive a Corolla", "my brother sold his honda"),
        ("I drive a Corolla", "rented a honda on holiday"),
        ("my son is 2", "we put the little one down for a nap"),
        ("we have a dog named Rex and a cat named Tom", "we had to put the old boy down"),
        ("my girlfriend Ana and I live together", "my sister is engaged"),
    ],
)
def test_the_other_look_alikes_change_nothing(said: tuple[str, ...]) -> None:
    current, ended = beliefs_after(OWNER, *said)
    assert ended == [], (current, ended)


@pytest.mark.parametrize(
    "said",
    [
        # "I said X before" with someone else's value after it
        ("my son is 7", "I said 7 earlier, my daughter is 9"),
        # bold, not a correction mark
        ("I'm learning Spanish", "**Hola** amigos"),
        ("my kids are 4 and 6", "**4 days** until vacation"),
        # weak formulas before talk of something else
        ("I live in Leeds", "brain fart, London traffic is insane"),
        ("my brother is Mark", "I'm dumb, Mark's wife is called Mary"),
        ("my son is 7", "brain fart, 8 candles on the cake"),
        # how something was moved, said after a value: no slip
        ("my car has winter tyres", "today, swapped the tyres around"),
        # another time of the day said after a formula
        ("I start work at 9", "oh wait I finish at 5"),
    ],
)
def test_what_only_looks_like_a_correction_corrects_nothing(said: tuple[str, ...]) -> None:
    current, ended = beliefs_after(OWNER, *said)
    assert ended == [], (current, ended)


def test_a_name_corrected_keeps_its_first_word() -> None:
    current, _ = beliefs_after(OWNER, "we moved from New Jersey to New Haven", "sorry, New York")
    assert any("New York" in s for s in current), current


@pytest.mark.parametrize(
    ("said", "now", "was"),
    [
        # the wrong value named as said, the right one meant, more said after a dash
        (
            ("my go-to bakery is Gail's", "I said Gail's but I meant Paul — the croissants are better there"),
            "Paul",
            "Gail's",
        ),
        # a cleft: the value put first, what the speaker does with it after
        (
            ("I'm allergic to penicillin", "correction — it's amoxicillin I react to, not penicillin"),
            "amoxicillin",
            "penicillin",
        ),
        (("we're flying to Barcelona in May", "my bad, it's Madrid we're flying to"), "Madrid", "Barcelona"),
        # a slip said after the value ("idk why I wrote ...", "autocorrect strikes again")
        (("my dog is called Pepper", "actually it's Pepe, autocorrect strikes again"), "Pepe", "Pepper"),
        # Chinese: the slip said of what was said before, a grade said again
        (("我女儿上四年级", "哦对了前面说错了，她五年级了"), "五年级", "四年级"),
    ],
)
def test_a_correction_naming_what_was_said_corrects(said: tuple[str, ...], now: str, was: str) -> None:
    current, ended = beliefs_after(OWNER, *said)
    assert any(was in s for s in ended), (current, ended)
    assert any(now in s for s in current), (current, ended)


def test_an_aside_to_the_listener_is_no_part_of_the_fact() -> None:
    current, _ = beliefs_after(OWNER, "I'm vegetarian, just so you know for any recipes")
    assert current == ["The user is vegetarian."]
    current, _ = beliefs_after(OWNER, "I'm 41 btw")
    assert current == ["The user is 41."]


@pytest.mark.parametrize(
    "said",
    [
        # the assistant's slip put right, not the speaker's
        ("my husband is Japanese", "no, I think you got that wrong — it's said before eating, not after"),
        # a change said for once
        ("I work at the London office", "I'm at the Leeds office for a week"),
        # what the speaker meant to ask
        ("我女儿在学钢琴", "打错了，我是想问适合四手联弹的曲子"),
        # "I said X" of something said to someone
        ("my brother is Tom", "I said hi to Tom but he ignored me"),
    ],
)
def test_what_puts_right_no_note_of_the_speakers_changes_nothing(said: tuple[str, ...]) -> None:
    current, ended = beliefs_after(OWNER, *said)
    assert ended == [], (current, ended)
