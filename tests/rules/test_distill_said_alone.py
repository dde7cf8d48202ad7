"""What is said short or with a word left out still counts: an ending with its object unsaid ("戒了", "现在不打了"),
a slip owned with "打错字了" and a pronoun for the person, studies left ("she dropped out"), a
faith or a nation said with a capital (no name), two facts joined by "and" with the speaker
dropped in the second, a fact before "best way to ...?", a carrier called Three, a new home
named by where it is, and a switch only weighed ("thinking about switching to a Pixel").

Words of my own (pure, the distiller's own functions)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from tests.support.said import beliefs_after

OWNER = Owner("said-short", "u")


@pytest.mark.parametrize(
    ("held", "ended_by"),
    [
        ("我以前每天喝可乐", "戒了"),
        ("我每周三晚上打羽毛球", "现在不打了"),
        ("我周六在社区图书馆做志愿者", "现在已经不去了，太忙"),
        ("我在学吉他", "已经半年没碰了"),
        ("我在吃降压药", "医生让我停药了，现在已经不吃了"),
    ],
)
def test_an_ending_with_its_object_unsaid_ends_what_was_spoken_of(held: str, ended_by: str) -> None:
    current, ended = beliefs_after(OWNER, held, ended_by, one_session=True)
    assert len(ended) == 1 and ended[0].startswith("用户"), (current, ended)


def test_a_bare_refund_word_alone_ends_nothing() -> None:
    current, ended = beliefs_after(OWNER, "我有一张健身年卡", "退了", one_session=True)
    assert ended == [], (current, ended)


def test_a_typo_owned_then_a_pronoun_for_the_person_puts_the_value_right() -> None:
    current, ended = beliefs_after(OWNER, "我弟弟在读高一", "打错字了，他读高二", one_session=True)
    assert ended == ["用户弟弟在读高一。"] and any("高二" in c for c in current), (current, ended)


def test_a_value_denied_before_why_it_was_wrong_is_the_one_replaced() -> None:
    current, ended = beliefs_after(OWNER, "我对虾过敏", "其实是螃蟹过敏，不是虾，之前记混了", one_session=True)
    assert ended == ["用户对虾过敏。"], (current, ended)


@pytest.mark.parametrize(
    ("held", "left"),
    [
        ("my daughter's at college in Leeds", "she's dropped out and is working at a bakery"),
        ("I'm studying law at Cardiff", "I quit uni in the spring"),
        ("我儿子在读大二", "他退学了"),
    ],
)
def test_studies_left_before_their_end_are_over(held: str, left: str) -> None:
    _, ended = beliefs_after(OWNER, held, left, one_session=True)
    assert len(ended) == 1, ended


@pytest.mark.parametrize(
    ("said", "held"), [("I'm Lutheran", "The user is Lutheran."), ("I'm Ghanaian", "The user is Ghanaian.")]
)
def test_a_faith_or_a_nation_with_a_capital_is_no_name(said: str, held: str) -> None:
    current, _ = beliefs_after(OWNER, said)
    assert current == [held], current


def test_a_name_after_im_is_still_a_name() -> None:
    current, _ = beliefs_after(OWNER, "I'm Priyanka, a pharmacist")
    assert "The user's name is Priyanka." in current, current


@pytest.mark.parametrize(
    ("message", "both"),
    [
        ("im 41 and just started as a trainee electrician", ("The user is 41.", "trainee electrician")),
        ("I'm coeliac and can't eat barley either", ("The user is coeliac.", "can't eat barley")),
        ("doing an MBA at Warwick and working weekends in a garden centre", ("MBA at Warwick", "garden centre")),
        ("我今年45岁，刚换了工作", ("用户今年45岁。", "刚换了工作")),
    ],
)
def test_two_facts_joined_with_the_speaker_dropped_are_two(message: str, both: tuple[str, str]) -> None:
    current, _ = beliefs_after(OWNER, message)
    assert len(current) == 2 and all(any(part in c for c in current) for part in both), current


def test_gerunds_coordinated_under_a_preposition_stay_one() -> None:
    current, _ = beliefs_after(OWNER, "I'm living the dream by running a cafe and teaching yoga")
    assert len(current) == 1, current


@pytest.mark.parametrize(
    "message",
    ["I'm a postman, best way to keep my feet dry?", "I just adopted a greyhound, worth getting pet insurance?"],
)
def test_a_fact_told_before_a_best_way_question_is_kept(message: str) -> None:
    current, _ = beliefs_after(OWNER, message)
    assert len(current) == 1, current


def test_three_is_a_carrier_only_when_taken_up_or_beside_its_kind() -> None:
    _, ended = beliefs_after(
        OWNER, "I'm with EE for my mobile", "moved over to Three in June, way cheaper", one_session=True
    )
    assert ended == ["The user is with EE for the user's mobile."], ended
    _, kept = beliefs_after(
        OWNER, "I'm with EE for my mobile", "switched to three days a week at work", one_session=True
    )
    assert kept == [], kept


def test_a_new_home_named_by_where_it_is_ends_the_old_one() -> None:
    _, ended = beliefs_after(
        OWNER, "I live in Bristol", "loving the new flat in Cardiff, so much quieter", one_session=True
    )
    assert ended == ["The user lives in Bristol."], ended


def test_a_switch_only_weighed_ends_nothing() -> None:
    _, ended = beliefs_after(
        OWNER, "I use a Galaxy S21", "thinking about switching to an iPhone 16, worth it?", one_session=True
    )
    assert ended == [], ended


def test_a_diet_said_so_only_please_keeps_the_diet() -> None:
    current, _ = beliefs_after(OWNER, "I'm Jewish so kosher only please when you plan meals")
    assert current == ["The user is Jewish."], current


def test_a_new_state_said_before_what_it_left_behind_holds() -> None:
    current, ended = beliefs_after(
        OWNER,
        "I drive to the office in Slough every day",
        "went fully remote in May, no more driving",
        one_session=True,
    )
    assert ended == ["The user drives to the office in Slough every day."], ended
    assert any("went fully remote" in c for c in current), current


def test_a_provider_taken_up_replaces_the_one_named_beside_it() -> None:
    _, ended = beliefs_after(
        OWNER,
        "my home insurance is with Direct Line",
        "renewed with Aviva, Direct Line put the price up",
        one_session=True,
    )
    assert ended == ["The user's home insurance is with Direct Line."], ended


@pytest.mark.parametrize(
    ("held", "ended_by"),
    [
        ("engaged to Tobias, the wedding's next June", "we called it off last week"),
        ("my boyfriend Luca lives in Turin", "it's over with Luca, he cheated"),
    ],
)
def test_a_couple_ended_said_short_ends_it(held: str, ended_by: str) -> None:
    _, ended = beliefs_after(OWNER, held, ended_by, one_session=True)
    assert len(ended) == 1, ended


def test_a_partner_had_now_ends_being_single() -> None:
    _, ended = beliefs_after(
        OWNER, "I'm single at the moment", "met a guy at climbing and we're official now", one_session=True
    )
    assert ended == ["The user is single at the moment."], ended
    _, kept = beliefs_after(OWNER, "I'm single at the moment", "my brother is seeing someone new", one_session=True)
    assert kept == [], kept


def test_coming_home_from_hospital_ends_the_stay() -> None:
    _, ended = beliefs_after(
        OWNER, "my grandad is in hospital after a fall", "he got discharged on Friday", one_session=True
    )
    assert ended == ["The user's grandad is in hospital after a fall."], ended
    _, kept = beliefs_after(
        OWNER, "my grandad is in hospital after a fall", "my aunt was discharged on Friday", one_session=True
    )
    assert kept == [], kept


@pytest.mark.parametrize(
    ("held", "now"),
    [
        ("我是小学数学老师", "转行了，现在做保险"),
        ("我开的是一辆本田飞度", "车上个月卖了，现在骑电动车"),
        ("我每天抽一包烟", "现在一天只抽五根了"),
        ("我女儿在上幼儿园中班", "她今年九月上小学了"),
    ],
)
def test_a_chinese_change_said_by_its_kind_ends_what_was_held(held: str, now: str) -> None:
    _, ended = beliefs_after(OWNER, held, now, one_session=True)
    assert ended == [f"用户{held.removeprefix('我')}。"], ended


def test_a_stage_of_schooling_only_moves_on() -> None:
    _, ended = beliefs_after(OWNER, "我儿子读初二", "他上小学了", one_session=True)
    assert ended == [], ended


def test_a_part_of_the_day_switched_to_replaces_the_time_a_habit_was_done() -> None:
    _, ended = beliefs_after(
        OWNER, "I run at 5am on weekdays", "switched to evenings, the dark mornings got to me", one_session=True
    )
    assert ended == ["The user runs at 5am on weekdays."], ended
    _, kept = beliefs_after(OWNER, "I run at 5am on weekdays", "my husband switched to evenings", one_session=True)
    assert kept == [], kept


def test_an_age_put_right_with_the_birthday_as_why() -> None:
    current, ended = beliefs_after(OWNER, "my daughter is 11", "sorry 12, her birthday was last week", one_session=True)
    assert ended == ["The user's daughter is 11."] and current == ["The user's daughter is 12."], (current, ended)


def test_my_boy_is_one_of_the_speakers_people() -> None:
    _, ended = beliefs_after(
        OWNER, "my boy does judo on tuesdays", "he's quit judo, says it's boring", one_session=True
    )
    assert ended == ["The user's boy does judo on tuesdays."], ended


def test_a_lender_taken_up_on_remortgaging_replaces_the_old_one() -> None:
    _, ended = beliefs_after(
        OWNER,
        "our mortgage is with Skipton, fixed till May",
        "remortgaged with Nationwide, lower rate",
        one_session=True,
    )
    assert len(ended) == 1 and "Skipton" in ended[0], ended


def test_a_baby_named_with_a_birth_weight_ends_the_pregnancy() -> None:
    _, ended = beliefs_after(
        OWNER, "I'm 36 weeks pregnant", "Theo arrived on Sunday, 3.6kg, we're exhausted", one_session=True
    )
    assert ended == ["The user is 36 weeks pregnant."], ended


def test_a_business_packed_up_for_good_ends_and_one_day_packed_up_does_not() -> None:
    _, ended = beliefs_after(
        OWNER,
        "I run a flower stall at Borough Market",
        "packed up the flower stall for good in March",
        one_session=True,
    )
    assert ended == ["The user runs a flower stall at Borough Market."], ended
    _, kept = beliefs_after(
        OWNER, "I run a flower stall at Borough Market", "packed up the stall early today, too windy", one_session=True
    )
    assert kept == [], kept


def test_a_pet_gone_with_a_sad_face_after_why_died() -> None:
    _, ended = beliefs_after(OWNER, "我有只柯基叫馒头", "馒头前天走了，心脏病…… 😭", one_session=True)
    assert ended == ["用户有只柯基叫馒头。"], ended


@pytest.mark.parametrize(
    "put_right",
    [
        "sorry, it's latex I'm allergic to, nickel was my mum",
        "no wait, it's latex I'm allergic to. nickel is my brother's one",
    ],
)
def test_a_cleft_correction_with_the_wrong_value_someone_elses(put_right: str) -> None:
    current, ended = beliefs_after(OWNER, "I'm allergic to nickel", put_right, one_session=True)
    assert ended == ["The user is allergic to nickel."] and current == ["The user is allergic to latex."], (
        current,
        ended,
    )


def test_a_chinese_stay_in_hospital_ends_when_discharged_on_a_day() -> None:
    _, ended = beliefs_after(OWNER, "我妈住院了", "她前天出院了", one_session=True)
    assert ended == ["用户妈住院了。"], ended
    _, kept = beliefs_after(OWNER, "我妈住院了", "我爸前天出院了", one_session=True)
    assert kept == [], kept


@pytest.mark.parametrize(
    ("held", "taken"),
    [
        ("I'm a barista", "I got a proper office job as a receptionist"),
        ("I'm unemployed at the moment", "landed a graduate job at Arup"),
        ("my wife is a nurse", "she took a desk job as a coder"),
    ],
)
def test_a_job_of_a_kind_taken_ends_the_work_held(held: str, taken: str) -> None:
    _, ended = beliefs_after(OWNER, held, taken, one_session=True)
    assert len(ended) == 1, ended


def test_a_job_only_had_ends_nothing() -> None:
    _, kept = beliefs_after(OWNER, "I'm a barista", "I have a boring job as a barista, tbh", one_session=True)
    assert kept == [], kept
