"""Chinese memory, one rule per linguistic mechanism: a 他 / 她 that names the
person spoken of just before, a subject carried over to the clauses that drop
it, a person's facts kept as theirs, not the speaker's. Each is checked
through the pure extractor + reconcile path the blind sittings run (one
session, a month between messages). The wordings are not the sittings' nor
the eval's."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from ledgermind.distill.clauses import clauses
from ledgermind.distill.spoken_of import PersonSpokenOf
from ledgermind.distill.value_types import number

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import blind_probe

# --- 他 / 她: the person of the speaker's named last ---------------------------------


@pytest.mark.parametrize(
    ("before", "said", "read"),
    [
        ("我表姐在杭州开花店。", "她下个月要去进修。", "我表姐下个月要去进修。"),
        ("我叔叔是厨师。", "不对，他是面点师。", "不对，我叔叔是面点师。"),
        ("儿子最近迷上了围棋。", "他每周六去上课。", "我儿子每周六去上课。"),
        ("我同事买了新房。", "她的房子在郊区。", "我同事的房子在郊区。"),
    ],
)
def test_a_pronoun_is_the_person_named_before(before: str, said: str, read: str) -> None:
    spoken_of = PersonSpokenOf()
    spoken_of.read(before)
    assert spoken_of.resolved(said) == read


@pytest.mark.parametrize(
    ("before", "said"),
    [
        ("我妹妹在读大学。", "他下周回来。"),  # 他 is no sister
        ("我爸妈住在乡下。", "他最近身体不好。"),  # two people: 他 could be either
        ("妈呀，今天好冷。", "她说要下雪。"),  # an exclamation names no one
        ("我哥哥在广州。", "他们下周回来。"),  # 他们 is not the brother alone
    ],
)
def test_a_pronoun_that_fits_no_one_stays_as_said(before: str, said: str) -> None:
    spoken_of = PersonSpokenOf()
    spoken_of.read(before)
    assert spoken_of.resolved(said) == said


def test_a_later_message_about_him_changes_his_belief_not_the_users() -> None:
    current, ended = blind_probe.run("我弟弟在读高中。", "他上个月转学了，在市一中上学。")
    assert ended == ["用户弟弟在读高中。"]
    assert "用户弟弟在市一中上学。" in current
    assert not any(s.startswith(("他", "她")) for s in current)


# --- the subject carried over: a dropped subject is the sentence's own ---------------


@pytest.mark.parametrize(
    ("sentence", "parts"),
    [
        ("我表姐去年离婚了，在北京租房住。", ["我表姐去年离婚了", "我表姐在北京租房住。"]),
        ("我老公上个月换工作了，在一家药企上班。", ["我老公上个月换工作了", "我老公在一家药企上班。"]),
        ("我妈是会计，女儿在读初中。", ["我妈是会计", "我女儿在读初中。"]),  # a person of their own
        ("我辞职了，在家带孩子。", ["我辞职了", "我在家带孩子。"]),
    ],
)
def test_a_later_clause_keeps_the_sentences_subject(sentence: str, parts: list[str]) -> None:
    assert clauses(sentence) == parts


# --- a person's job, workplace and home are theirs -----------------------------------


@pytest.mark.parametrize(
    ("said", "not_users"),
    [
        ("我儿子在读大学。", "用户在读大学"),
        ("我女朋友在一家银行上班。", "用户在一家银行"),
        ("我舅舅住在西安。", "用户住在西安"),
    ],
)
def test_their_persons_facts_are_not_the_speakers(said: str, not_users: str) -> None:
    current, _ = blind_probe.run(said)
    assert current
    assert not any(s.startswith(not_users) for s in current)


def test_the_head_of_a_group_is_a_job_of_its_own() -> None:
    current, ended = blind_probe.run("我嫂子是护士。", "她今年当上护士长了。")
    assert ended == ["用户嫂子是护士。"] and len(current) == 1


def test_a_thing_changed_into_another_keeps_its_dropped_subject_unsaid() -> None:
    current, _ = blind_probe.run("我儿子的教练姓陈。", "现在换成刘教练了。")
    assert "现在换成刘教练了。" in current


@pytest.mark.parametrize(
    ("before", "said", "ended"),
    [
        ("我每天晚上十一点睡觉。", "最近都是十二点多才睡。", "用户每天晚上十一点睡觉。"),
        ("我一般早上八点起床。", "这个月都是七点就起了。", "用户一般早上八点起床。"),
    ],
)
def test_a_time_habit_said_by_its_verb_alone_replaces_the_time(before: str, said: str, ended: str) -> None:
    assert blind_probe.run(before, said)[1] == [ended]


@pytest.mark.parametrize("said", ["对不起，我来晚了。", "我和朋友一起去跑步了。"])
def test_a_verb_inside_another_word_is_no_time_habit(said: str) -> None:
    assert blind_probe.run("我每天七点起床。", said)[1] == []


# --- a dated change of state is a state, not an episode ------------------------------


@pytest.mark.parametrize(
    ("before", "said", "ended"),
    [
        ("我外公在县城开诊所。", "我外公上个月过世了。", "用户外公在县城开诊所。"),  # a death closes all of theirs
        ("我姨妈住在大连。", "我姨妈前年病逝了。", "用户姨妈住在大连。"),
        ("我爸在电厂上班。", "他去年退休了。", "用户爸在电厂上班。"),  # retiring closes the work
    ],
)
def test_a_dated_change_of_state_ends_what_it_closes(before: str, said: str, ended: str) -> None:
    current, gone = blind_probe.run(before, said)
    assert gone == [ended]
    (kept,) = current  # kept itself, the person named and the time written out
    assert kept.startswith(ended[:3]) and "年" in kept


def test_a_dated_outing_is_still_an_episode() -> None:
    current, gone = blind_probe.run("我养了一只猫。", "我上周去了趟北京。")
    assert gone == []
    assert len(current) == 2


# --- a clause that drops its subject is the speaker's ---------------------------------


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("现在每个月房租三千二。", "用户现在每个月房租三千二。"),
        ("去年开始练书法了。", "用户2025年开始练书法了。"),
        ("偶尔也会喝点红酒。", "用户偶尔也会喝点红酒。"),
    ],
)
def test_a_dropped_subject_is_the_speaker(said: str, kept: str) -> None:
    assert blind_probe.run(said)[0] == [kept]


@pytest.mark.parametrize("said", ["最近儿子开始学游泳了。", "现在他每天跑步。"])
def test_a_clause_that_names_someone_keeps_its_own_subject(said: str) -> None:
    # the son's clause is the son's ("用户儿子最近……"), never the speaker's ("用户最近儿子……")
    kept = blind_probe.run(said)[0]
    assert kept and not any(s.startswith("用户") and not s.startswith("用户儿子") for s in kept), kept


# --- Chinese amounts: numerals read as numbers, the unit of money left unsaid -------


@pytest.mark.parametrize(
    ("said", "value"),
    [
        ("二十五", 25),
        ("一百零五", 105),
        ("三百五", 350),  # the digit after a unit counts the unit below it
        ("四千五", 4500),
        ("一万二", 12_000),
        ("三千二百", 3200),
        ("十二万", 120_000),
        ("一万零五百", 10_500),
        ("五五", None),  # two digits in a row are no numeral
    ],
)
def test_a_chinese_numeral_is_its_number(said: str, value: int | None) -> None:
    assert number(said) == value


@pytest.mark.parametrize(
    ("before", "said", "ended"),
    [
        ("停车费一个月六百。", "这个月起涨到八百了。", "停车费一个月六百。"),  # the date is no amount
        (
            "孩子的学费一学期一万八。",
            "今年涨到两万了。",
            "用户孩子的学费一学期一万八。",
        ),  # 两万 is no year; 孩子 the user's
        ("我的车贷每月三千。", "现在每月两千二。", "用户的车贷每月三千。"),
    ],
)
def test_an_amount_said_alone_replaces_the_one_it_moved_from(before: str, said: str, ended: str) -> None:
    assert blind_probe.run(before, said)[1] == [ended]


def test_an_amount_of_something_else_replaces_nothing() -> None:
    assert blind_probe.run("我养了两只猫。", "现在有五千个粉丝了。")[1] == []


def test_an_amount_with_its_unit_unsaid_is_a_statement() -> None:
    assert blind_probe.run("物业费一年两千四。")[0] == ["物业费一年两千四。"]


# --- a diet, ended by eating again what it left out ----------------------------------


@pytest.mark.parametrize(
    ("before", "said", "ended"),
    [
        ("我女儿吃素。", "她最近又开始吃肉了。", "用户女儿吃素。"),
        ("我是纯素食者。", "现在也吃一点海鲜了。", "用户是纯素食者。"),
        ("我老公吃素好几年了。", "他去年重新吃牛肉了。", "用户老公吃素好几年了。"),
    ],
)
def test_eating_again_what_a_diet_left_out_ends_it(before: str, said: str, ended: str) -> None:
    assert blind_probe.run(before, said)[1] == [ended]


@pytest.mark.parametrize("said", ["我也吃鱼。", "我不吃鸡蛋。", "我还没开始吃肉。"])
def test_eating_said_without_a_change_keeps_the_diet(said: str) -> None:
    assert blind_probe.run("我吃素。", said)[1] == []


# --- resigning leaves the work, as retiring does --------------------------------------


@pytest.mark.parametrize(
    ("before", "said", "ended"),
    [
        ("我哥在华为做工程师。", "他辞职了。", "用户哥在华为做工程师。"),
        ("我在一家医院当护士。", "我上个月离职了。", "用户在一家医院当护士。"),  # dated: a state, no episode
        ("我表妹在幼儿园当老师。", "她辞掉工作回老家了。", "用户表妹在幼儿园当老师。"),
    ],
)
def test_resigning_ends_the_work(before: str, said: str, ended: str) -> None:
    # "在一家医院当护士" is kept twice, as the employer and as the job: both end
    assert set(blind_probe.run(before, said)[1]) == {ended}


# --- a business counted with 家 is an employer; a dropped-subject predicate is a clause --


@pytest.mark.parametrize(
    ("before", "said", "ended"),
    [
        ("我在一家律所做助理。", "我跳槽去了一家咨询公司。", "用户在一家律所做助理。"),
        ("我老公在这家超市当店长。", "他现在换到一家物流公司上班了。", "用户老公在这家超市当店长。"),
        ("我老婆在学校当老师。", "她下个月要调到教育局了。", "用户老婆在学校当老师。"),  # the place, then the job
        ("我在药店做店员。", "我现在在一家诊所上班。", "用户在药店做店员。"),
    ],
)
def test_a_business_counted_with_jia_is_the_employer_a_new_one_replaces(before: str, said: str, ended: str) -> None:
    assert blind_probe.run(before, said)[1] == [ended]


@pytest.mark.parametrize(
    ("sentence", "parts"),
    [
        ("我住在厦门，在一家酒店做前台，养了两只猫。", ["我住在厦门", "我在一家酒店做前台", "我养了两只猫。"]),
        ("我姐姐在银行上班，喜欢爬山。", ["我姐姐在银行上班", "我姐姐喜欢爬山。"]),
        ("我在用飞书，也用企业微信。", ["我在用飞书", "我也用企业微信。"]),  # "also": one more of its own
        ("我爱吃面，不爱吃米饭。", ["我爱吃面", "我不爱吃米饭。"]),  # a denial of its own
        ("我住在天津，哦不对，在北京。", ["我住在天津，哦不对，在北京。"]),  # one correction
        ("我有一个表姐，在深圳当老师。", ["我有一个表姐，在深圳当老师。"]),  # the cousin's work, not mine
        ("我认识个人，在谷歌上班。", ["我认识个人，在谷歌上班。"]),
    ],
)
def test_a_predicate_after_a_comma_is_a_clause_of_the_same_subject(sentence: str, parts: list[str]) -> None:
    assert clauses(sentence) == parts


@pytest.mark.parametrize("said", ["我有一个朋友，在北京工作。", "我认识个人，在谷歌上班。"])
def test_the_work_of_someone_just_introduced_is_not_the_speakers(said: str) -> None:
    current, _ = blind_probe.run(said)
    assert current and not any(s.startswith("用户在") for s in current)


def test_ending_one_of_two_things_said_in_one_sentence_keeps_the_other() -> None:
    current, ended = blind_probe.run("我在用飞书，也用企业微信。", "我现在不用企业微信了。")
    assert ended == ["用户也用企业微信。"] and "用户在用飞书。" in current


def test_a_move_of_work_keeps_the_home_and_the_pet_said_beside_it() -> None:
    current, ended = blind_probe.run("我住在厦门，在一家酒店做前台，养了两只猫。", "我换到一家民宿上班了。")
    assert ended == ["用户在一家酒店做前台。"]
    assert {"用户住在厦门。", "用户养了两只猫。"} <= set(current)


# --- a surname or a name corrected by itself ------------------------------------------


@pytest.mark.parametrize(
    ("before", "said", "kept"),
    [
        ("我的新同事姓刘。", "不好意思，说错了，姓柳。", "用户的新同事姓柳。"),
        ("我男朋友叫小王。", "不对，叫小黄。", "用户男朋友叫小黄。"),
    ],
)
def test_a_name_said_alone_corrects_the_name(before: str, said: str, kept: str) -> None:
    current, ended = blind_probe.run(before, said)
    assert current == [kept] and len(ended) == 1


def test_a_surname_corrects_nothing_that_holds_no_name() -> None:
    assert blind_probe.run("我住在上海。", "哦不是，姓汪。")[1] == []


# --- the subject's own characters are no content two statements share -----------------


@pytest.mark.parametrize(
    ("before", "said"),
    [
        ("我老公喜欢钓鱼。", "他最近迷上了打高尔夫。"),  # a new hobby beside the old one
        ("我姐姐住在青岛。", "她辞职了。"),  # leaving work leaves the home
        ("我住在大连。", "我最近在减肥。"),
        ("我爸喜欢喝茶。", "他每天早上散步。"),
    ],
)
def test_two_things_said_of_one_person_are_two_beliefs(before: str, said: str) -> None:
    current, ended = blind_probe.run(before, said)
    assert ended == [] and len(current) == 2


@pytest.mark.parametrize(
    ("before", "said", "ended"),
    [
        ("我表哥在无锡上班。", "他今年调到苏州了。", "用户表哥在无锡上班。"),  # transferred: the work moved
        ("我在工厂上班。", "我去年下岗了。", "用户在工厂上班。"),  # losing the job ends it
        ("我女朋友在一家外企上班。", "她被公司开除了。", "用户女朋友在一家外企上班。"),
    ],
)
def test_a_transfer_or_a_lost_job_ends_the_work(before: str, said: str, ended: str) -> None:
    assert blind_probe.run(before, said)[1] == [ended]


@pytest.mark.parametrize("said", ["如果我中了彩票，我就辞职去旅行", "要是明天不下雨，我们就去爬山"])
def test_a_supposition_and_what_would_follow_are_no_belief(said: str) -> None:
    """ "我就辞职去旅行" alone reads as a plan; after 如果 it is what would be."""
    current, _ = blind_probe.run(said)
    assert current == []


def test_a_thing_said_first_then_ended_with_no_subject_ends_it() -> None:
    """ "年卡退掉了": the thing first, the ending after, no one between."""
    _, ended = blind_probe.run("我在游泳馆办了季卡", "季卡退掉了")
    assert len(ended) == 1


def test_how_one_gets_to_work_in_chinese_is_one_attribute() -> None:
    _, ended = blind_probe.run("我每天坐公交上班", "最近改成骑车上班了")
    assert len(ended) == 1
