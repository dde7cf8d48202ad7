"""Corrections said with more around them than the value ("typo above, ...", "ignore that,
...", "sorry got mixed up, ...",
"..., the real X is ..."), Chinese prices with their jiao (3块2) and what they are per, a
request said after a fact ("..., so no X please") and a Chinese request said on in its next
clause, the size of the speaker's team, and endings said with the particle last ("gave the
choir up"), each in words of my own (pure, the distiller's own functions; one message each, a
month apart)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from tests.support.said import beliefs_after

OWNER = Owner("said-long", "u")


@pytest.mark.parametrize(
    ("held", "said", "now", "was"),
    [
        ("I'm going to a conference in march", "typo above, the conference is in may not march 😅", "may", "march"),
        ("my son is 10", "ignore that, he's 9", "9", "10"),
        ("我家水费是每吨3块4", "不好意思说错了，其实是4块1一吨", "4块1", "3块4"),
        (
            "my accountant is jim",
            "sorry got mixed up, jim is the bookkeeper, the real accountant is a guy called Raj",
            "Raj",
            "jim",
        ),
    ],
)
def test_a_correction_said_with_more_around_it_replaces_the_value_it_corrects(
    held: str, said: str, now: str, was: str
) -> None:
    current, ended = beliefs_after(OWNER, held, said)
    assert any(was in s for s in ended), (current, ended)
    assert any(now in s for s in current), (current, ended)


@pytest.mark.parametrize(
    "said",
    [
        "ignore that email from the bank, it's spam",  # an email to ignore, no slip of the speaker's
        "my daughter says the classes start at 5pm now, i'm not sure",  # no formula: not a correction
    ],
)
def test_look_alikes_of_a_long_correction_correct_nothing(said: str) -> None:
    current, ended = beliefs_after(OWNER, "my swimming lessons start at 4pm", said)
    assert not any("4pm" in s for s in ended), (current, ended)


def test_a_request_said_after_a_fact_is_left_out_of_it() -> None:
    current, _ = beliefs_after(OWNER, "for future chats: I'm diabetic, so no sugary desserts please")
    assert current == ["The user is diabetic."], current
    current, _ = beliefs_after(OWNER, "my knee is shot, so don't suggest running when you plan my week")
    assert current == ["The user's knee is shot."], current


def test_a_chinese_request_said_on_in_its_next_clause_is_no_fact_but_a_fact_beside_it_is() -> None:
    current, _ = beliefs_after(OWNER, "帮我列个购物清单，三个人吃一周")
    assert current == [], current
    current, _ = beliefs_after(OWNER, "帮我查下航班，我下周二去成都")
    assert any("成都" in s for s in current), current


@pytest.mark.parametrize(
    ("held", "said", "now", "was"),
    [
        ("I manage 6 engineers", "two people left, there's four engineers under me now", "four", "6"),
        ("my team is 3 devs, me included", "we hired like crazy, there's 7 developers on my team now", "7", "3"),
        ("我带一个8人的团队", "走了两个，组里只剩6个人了", "6", "8"),
    ],
)
def test_the_size_of_the_speakers_team_said_again_replaces_the_one_held(
    held: str, said: str, now: str, was: str
) -> None:
    current, ended = beliefs_after(OWNER, held, said)
    assert any(was in s for s in ended), (current, ended)
    assert any(now in s for s in current), (current, ended)


def test_the_team_of_someone_else_is_not_the_speakers() -> None:
    current, ended = beliefs_after(OWNER, "I manage 6 engineers", "my wife's team is 12 people")
    assert ended == [], (current, ended)


@pytest.mark.parametrize(
    ("held", "said", "was"),
    [
        ("I sing in a choir on thursdays", "gave the choir up in the spring, no time", "choir"),
        ("my girlfriend is mia", "mia and i called it quits last night", "mia"),
    ],
)
def test_an_ending_said_with_its_particle_last_ends_what_it_names(held: str, said: str, was: str) -> None:
    current, ended = beliefs_after(OWNER, held, said)
    assert any(was in s for s in ended), (current, ended)


def test_a_schedule_said_with_what_it_does_to_the_speaker_is_still_a_time() -> None:
    current, ended = beliefs_after(
        OWNER, "standups are at 10 and it really kills my morning", "standup's at 11:30 from monday, finally"
    )
    assert any("10" in s for s in ended), (current, ended)
    assert any("11:30" in s for s in current), (current, ended)


@pytest.mark.parametrize(
    ("held", "said", "now", "was"),
    [
        ("I cycle to work most days", "been taking the bus since the winter, my knees hate the cold", "bus", "cycle"),
        ("我每天开车通勤，堵得要命", "换了工作以后现在坐地铁四十分钟到", "地铁", "开车"),
        ("I rent a flat in Bristol", "picked up the keys to a flat in bath on saturday!!", "bath", "Bristol"),
    ],
)
def test_a_way_to_work_or_a_home_said_in_other_words_replaces_the_one_held(
    held: str, said: str, now: str, was: str
) -> None:
    current, ended = beliefs_after(OWNER, held, said)
    assert any(was in s for s in ended), (current, ended)
    assert any(now in s for s in current), (current, ended)


def test_someone_elses_way_to_work_leaves_the_speakers() -> None:
    current, ended = beliefs_after(OWNER, "I cycle to work most days", "my husband has been taking the train lately")
    assert ended == [], (current, ended)


@pytest.mark.parametrize(
    ("held", "said", "was"),
    [
        ("我有一张招行的信用卡", "招行那张卡上个月干脆注销了", "招行"),
    ],
)
def test_a_thing_shelved_or_closed_ends_it(held: str, said: str, was: str) -> None:
    current, ended = beliefs_after(OWNER, held, said)
    assert any(was in s for s in ended), (current, ended)


def test_a_chinese_remark_on_a_thing_at_hand_is_no_fact() -> None:
    current, _ = beliefs_after(OWNER, "这个 app 居然要收费，无语")
    assert current == [], current


@pytest.mark.parametrize(
    ("held", "said", "now", "was"),
    [
        # a name after a title typed in lower case is a name
        ("my physio is dr. shah", "my bad, dr. sharma, spelled with an r", "Sharma", "Shah"),
        # why said after the value, with "it's"
        ("my landlady is mrs. cole", "correction: mr. cole, it's her husband who owns it", "Mr. Cole", "Mrs. Cole"),
        # Chinese: the right value in a clause of its own, the wrong one named in the clause after
        ("我们门店在徐汇", "哦不是，在静安，徐汇是老店", "静安", "徐汇"),
        ("我打算十一带我妈去桂林", "哦不对，是去厦门，桂林是前年去的", "厦门", "桂林"),
        # ... a word of the same kind, told by its last character
        ("我的电动车是黑色的", "更正一下，是灰色的", "灰色", "黑色"),
        # ... an age or a grade said with no one before it, after a formula that says a slip
        ("我侄子今年七岁", "啊不对，八岁了，上个月刚过完生日", "八岁", "七岁"),
        ("我女儿读初一", "记错了，初二了", "初二", "初一"),
    ],
)
def test_a_correction_with_its_value_named_as_people_say_it_replaces_the_one_held(
    held: str, said: str, now: str, was: str
) -> None:
    current, ended = beliefs_after(OWNER, held, said)
    assert any(was in s for s in ended), (current, ended)
    assert any(now in s for s in current), (current, ended)


def test_a_chinese_amount_said_with_no_one_after_a_bare_interjection_corrects_nothing() -> None:
    # "嗯，两年了" answers a question; only a formula that says a slip opens a correction
    current, ended = beliefs_after(OWNER, "我学钢琴三年了", "嗯，两年了")
    assert ended == [], (current, ended)


def test_a_state_of_one_of_the_speakers_people_is_still_theirs() -> None:
    current, _ = beliefs_after(OWNER, "my son is sick")
    assert current == ["The user's son is sick."], current


@pytest.mark.parametrize(
    ("held", "said", "now", "was"),
    [
        # how often moved, said by what is counted: the count of the rate, not another number
        ("I usually swim 2k twice a week", "upped it to three swims a week now", "three times a week", "twice a week"),
        # a rank in one's line of work
        ("I'm a junior analyst at an insurance firm", "got promoted to senior in october!!", "senior", "junior"),
        # a day said alone after a switch
        (
            "we do our big grocery shop every sunday",
            "we switched to thursday evenings, the shop is empty then",
            "thursday",
            "sunday",
        ),
    ],
)
def test_a_rate_a_rank_or_a_day_moved_replaces_the_one_held(held: str, said: str, now: str, was: str) -> None:
    current, ended = beliefs_after(OWNER, held, said)
    assert any(was in s for s in ended), (current, ended)
    assert any(now in s for s in current), (current, ended)


def test_someone_elses_promotion_leaves_the_speakers_rank() -> None:
    current, ended = beliefs_after(
        OWNER, "I'm a junior analyst at an insurance firm", "my brother got promoted to senior"
    )
    assert ended == [], (current, ended)


@pytest.mark.parametrize(
    ("held", "said", "was"),
    [
        ("I vape most evenings", "6 weeks vape free today!!", "vape"),
        ("I run a little candle business on etsy", "shut the candle business down in the spring", "candle"),
        ("我们家养了两只仓鼠", "仓鼠前两天死了，好难过", "仓鼠"),
        ("我每天喝两罐啤酒", "医生说尿酸高，酒彻底戒了", "啤酒"),
        ("我在一家花店打零工", "花店那边辞了，太累", "花店"),
    ],
)
def test_an_ending_said_in_chat_words_ends_what_it_names(held: str, said: str, was: str) -> None:
    current, ended = beliefs_after(OWNER, held, said)
    assert any(was in s for s in ended), (current, ended)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        # a way of going somewhere else, or for now
        ("i cycle to work", "been taking the train to visit my gran on weekends"),
        ("i drive to work", "been getting the bus since the snow, until the roads clear"),
        # a plan called off with one's partner, no break-up
        ("my boyfriend is called jake", "jake and i called it off, the lisbon trip was too pricey"),
        # part of a team, or a team's plans, not its size
        ("my team is 7", "our team has three open roles if you know anyone"),
        ("i manage 9 staff", "3 staff under me are on leave this month"),
        # what someone is from, then their name: two things
        ("my wife is dutch", "my wife is called anna"),
        # books shelved, a lunch break given up for a meeting, a holiday let, a work van
        ("i'm learning spanish", "i put the spanish books back on the shelf to make room for plants"),
        ("i play tennis on my lunch break", "gave my lunch break up for a meeting today"),
        ("i live in london", "we picked up the keys to a cottage in devon on friday, holiday week!"),
        ("my car is a Honda Jazz", "I drive a Sprinter for DPD"),
        # a habit back, a closure for a while, a rank of something else
        ("i smoke", "2 days smoke free, then caved lol"),
        ("i have a restaurant in leith", "we shut down the restaurant for two weeks for renovations"),
        ("i coach the junior team on saturdays", "got promoted to senior at work"),
        # a future age after "ignore that"; "sorry, i'm <something>" is no correction
        ("my cat is 6", "ignore that, she's 7 in august"),
        ("i drink oat milk", "sorry, i'm lactose intolerant"),
        # Chinese: where one is this minute, a yes, a word of the same kind in a reply, an age
        # after a slip with the clause after saying whose, a one-off head count, a rainy day's ride,
        # another shop, a "不是 X，是 Y" about what happened
        ("我女儿五岁了", "嗯，在路上了，马上到"),
        ("我住在南京", "嗯，是的，南京是个好地方"),
        ("我家在人民路", "哦，是中山路，新开了家火锅店，味道不错"),
        ("我女儿两岁了", "不对，二十岁了，我妹妹二十岁了"),
        ("我在带一个5人的小组", "我们一共十个人，周末团建去爬山"),
        ("我每天坐地铁上班", "今天下雨，现在打车十分钟到"),
        ("我有一个淘宝店", "那家店终于关门了，楼下的面馆"),
        ("我在腾讯上班", "不是加班，是出差"),
    ],
)
def test_look_alikes_of_these_changes_end_nothing(held: str, said: str) -> None:
    current, ended = beliefs_after(OWNER, held, said)
    assert ended == [], (current, ended)


def test_a_title_before_a_word_that_is_no_name_is_left_as_typed() -> None:
    current, _ = beliefs_after(OWNER, "my dr. appointment is at 3 on friday")
    assert not any("Appointment" in s for s in current), current
