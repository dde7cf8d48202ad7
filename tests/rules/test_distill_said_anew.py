"""What changes by a word said anew: a thing renamed ("we renamed her Luna"), fewer of many
left ("only Clover left"), a course of study switched ("swapped to physics this semester",
转专业), a step reached said short ("on to level 3 now", "moved up to Year 4"), a notice handed
in, a correction whose value is followed by why or by the value in other words ("it's the 8:15,
the 8:51 would make me late"; "misread the letter, it was 128/80"), and what is no change: a
second car bought by another ("we're a two-car household now"), an acronym after "I'm" (no
name), two providers each for its service, a grade said after "开学了".

Words of my own (pure, the distiller's own functions)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from tests.support.said import beliefs_after

OWNER = Owner("said-anew", "u")


@pytest.mark.parametrize(
    ("held", "renamed", "old"),
    [
        ("we adopted a tabby called Smudge", "the kids renamed her Luna, Smudge didn't stick", "Smudge"),
        ("my podcast is called Late Shift Talk", "we've renamed it Night Owls, a bigger show had the old name", "Late"),
        ("我家猫叫咪咪", "改名了，现在叫年糕", "咪咪"),
    ],
)
def test_a_thing_renamed_loses_its_old_name(held: str, renamed: str, old: str) -> None:
    _, ended = beliefs_after(OWNER, held, renamed, one_session=True)
    assert len(ended) == 1 and old in ended[0], ended


def test_a_rename_of_another_thing_keeps_a_name_held() -> None:
    _, ended = beliefs_after(OWNER, "my son is called Theo", "he renamed his hamster Nibbles", one_session=True)
    assert ended == [], ended


@pytest.mark.parametrize(
    ("held", "left"),
    [
        ("we keep four ducks on the allotment", "the heron took three of them, only Clover left"),
        ("I have two rabbits", "sadly one of them died on sunday so it's just Basil now"),
    ],
)
def test_fewer_of_many_left_ends_the_count(held: str, left: str) -> None:
    _, ended = beliefs_after(OWNER, held, left, one_session=True)
    assert len(ended) == 1, ended


def test_stock_running_low_ends_no_count() -> None:
    _, ended = beliefs_after(OWNER, "I have three dogs", "only two tins of food left, need to shop", one_session=True)
    assert ended == [], ended


@pytest.mark.parametrize(
    ("held", "switched"),
    [
        ("I'm studying chemistry at Bath", "swapped to physics this semester"),
        ("I'm doing a history degree", "changed course to economics"),
        ("我读研究生，学的是法律", "转专业了，现在学金融"),
    ],
)
def test_a_course_switched_ends_what_was_studied(held: str, switched: str) -> None:
    _, ended = beliefs_after(OWNER, held, switched, one_session=True)
    assert len(ended) == 1, ended


def test_a_switch_with_no_word_of_study_keeps_the_course() -> None:
    _, ended = beliefs_after(OWNER, "I'm studying chemistry at Bath", "I switched to oat milk", one_session=True)
    assert ended == [], ended


@pytest.mark.parametrize(
    ("held", "reached"),
    [
        ("I'm revising for ACCA level 1", "Passed level 1! On to level 2 now"),
        ("I teach Year 3 at Hill Street primary", "they've moved me up to Year 4 from september"),
        ("我女儿今年上初一", "开学了，女儿升初二了"),
    ],
)
def test_a_step_reached_said_short_moves_the_step(held: str, reached: str) -> None:
    _, ended = beliefs_after(OWNER, held, reached, one_session=True)
    assert len(ended) == 1, ended


def test_a_notice_handed_in_ends_the_job() -> None:
    _, ended = beliefs_after(
        OWNER, "I'm a cashier at the Aldi in Bury", "starting at Boots on monday, handed my notice in at Aldi"
    )
    assert any("Aldi" in e for e in ended), ended


@pytest.mark.parametrize(
    ("held", "corrected", "now"),
    [
        ("I catch the 8:51 train", "sorry that was wrong, it's the 8:15, the 8:51 would make me late", "8:15"),
        ("I have a 2018 iPad", "wait no it's a 2021 one, the Air. sorry", "2021"),
        ("my blood pressure was 140/90 last time", "Sorry, misread the letter, it was 128/80", "128/80"),
    ],
)
def test_a_correction_with_why_or_the_value_again_after_it(held: str, corrected: str, now: str) -> None:
    current, ended = beliefs_after(OWNER, held, corrected, one_session=True)
    assert len(ended) == 1 and any(now in c for c in current), (current, ended)


def test_another_car_in_the_household_keeps_mine() -> None:
    _, ended = beliefs_after(
        OWNER, "My car is a 2015 Ford Focus", "my husband bought himself a Tesla so we're a two-car household now"
    )
    assert ended == [], ended


def test_an_acronym_after_im_is_no_name() -> None:
    current, _ = beliefs_after(OWNER, "now that I'm WFH three days a week I walk the dog at lunch")
    assert not any("name is" in c for c in current), current


def test_two_providers_each_for_its_service_are_two() -> None:
    current, _ = beliefs_after(OWNER, "We're with EDF for gas and Virgin for broadband")
    assert len(current) == 2, current


def test_an_amount_of_another_thing_after_and_the_is_its_own() -> None:
    current, _ = beliefs_after(OWNER, "My landlord is Mr. Patel and the rent is $1,200 a month")
    assert len(current) == 2, current


def test_a_shift_swapped_from_a_month_is_a_change_not_an_event() -> None:
    _, ended = beliefs_after(OWNER, "I work nights at the hospital", "swapped to days from this month, 7 till 3")
    assert len(ended) == 1, ended


def test_a_medicine_changed_after_why_is_the_one_taken_last() -> None:
    _, ended = beliefs_after(
        OWNER, "我每天晚上吃一片阿托伐他汀", "医生说血脂还是高，现在换成瑞舒伐他汀了", one_session=True
    )
    assert len(ended) == 1, ended


def test_a_nurse_and_her_shifts_are_two() -> None:
    current, _ = beliefs_after(OWNER, "我是医生，上的是夜班")
    assert len(current) == 2, current


@pytest.mark.parametrize(
    ("message", "held"),
    [
        ("As a paramedic, how do I sleep after a night shift?", "paramedic"),
        ("as a 41 year old who never ran before, what's a good first race?", "41"),
        ("physio here, based in Cork, any tips for desk stretches?", "physio"),
    ],
)
def test_what_the_speaker_is_said_to_frame_a_question_is_kept(message: str, held: str) -> None:
    current, _ = beliefs_after(OWNER, message)
    assert any(held in c for c in current), current


@pytest.mark.parametrize("message", ["As a kid, I hated broccoli", "As a result, what should I do?"])
def test_a_time_gone_or_no_person_frames_nothing_held(message: str) -> None:
    current, _ = beliefs_after(OWNER, message)
    assert not any(c.startswith("The user is a") for c in current), current


@pytest.mark.parametrize(
    ("held", "remote"),
    [
        ("I commute to Bristol on the 7:10 every day", "the office closed so I'm WFH full time now"),
        ("I commute into the city by tram", "work went fully remote this month, no more tram"),
    ],
)
def test_working_from_home_every_day_ends_the_commute(held: str, remote: str) -> None:
    _, ended = beliefs_after(OWNER, held, remote)
    assert len(ended) == 1, ended


def test_someone_else_working_from_home_keeps_my_commute() -> None:
    _, ended = beliefs_after(OWNER, "I commute to Bristol by train", "my husband works from home full time")
    assert ended == [], ended


def test_one_more_than_a_count_held_replaces_it() -> None:
    _, ended = beliefs_after(OWNER, "my cafe has three staff", "took on a fourth barista last week")
    assert len(ended) == 1, ended


def test_one_more_of_someone_elses_keeps_my_count() -> None:
    _, ended = beliefs_after(OWNER, "I have two cats", "my neighbour adopted a third cat")
    assert ended == [], ended


@pytest.mark.parametrize(
    ("message", "count"),
    [
        ("我开的是比亚迪汉，车险在人保买的", 2),
        ("we drive a 2019 Kia Ceed and it's insured with Admiral", 2),
        ("I'm a nurse, living in Derby", 2),
    ],
)
def test_a_thing_and_how_it_is_held_are_two(message: str, count: int) -> None:
    current, _ = beliefs_after(OWNER, message)
    assert len(current) == count, current


def test_a_medicine_taken_off_by_its_article_ends() -> None:
    _, ended = beliefs_after(OWNER, "I'm on ramipril 5mg", "the GP took me off the ramipril completely, BP is fine now")
    assert len(ended) == 1, ended


@pytest.mark.parametrize(
    ("held", "corrected", "now"),
    [
        ("my niece is 9", "sorry I said 9 earlier, she's actually 10", "10"),
        ("my son is 5 and loves trains", "oh i said he's 5, he actually turned 6 in may, brain fog", "6"),
        ("my daughter is in Year 4 at St Anne's", "wait sorry, Year 5, they went up in september", "Year 5"),
    ],
)
def test_a_value_said_wrong_then_put_right_with_why(held: str, corrected: str, now: str) -> None:
    current, ended = beliefs_after(OWNER, held, corrected, one_session=True)
    assert len(ended) == 1 and any(now in c for c in current), (current, ended)


@pytest.mark.parametrize(
    ("held", "corrected"),
    [
        ("我家狗叫旺财，是只柯基", "说错了，旺财是柴犬，柯基那只是我表哥家的"),
        ("我宽带是移动的", "记错了，宽带是电信的，移动那个是手机卡"),
    ],
)
def test_the_wrong_value_said_as_another_things_is_the_one_replaced(held: str, corrected: str) -> None:
    _, ended = beliefs_after(OWNER, held, corrected, one_session=True)
    assert len(ended) == 1, ended


@pytest.mark.parametrize(
    "message",
    [
        "just for fun, guess which Friends character I'd be",
        "honestly I think fireworks should be banned in towns, the dogs hate them",
        "感觉现在的年轻人都不爱存钱了",
        "你觉得广州和深圳哪个更适合养老，一般来说",
    ],
)
def test_a_game_a_view_of_the_world_or_a_framing_holds_nothing(message: str) -> None:
    current, _ = beliefs_after(OWNER, message)
    assert current == [], current


def test_a_stand_in_while_the_usual_one_is_away_keeps_the_usual_one() -> None:
    _, ended = beliefs_after(
        OWNER, "my dentist is Dr Lee", "saw a different dentist today instead as Dr Lee was on holiday"
    )
    assert ended == [], ended


def test_a_band_with_a_months_word_is_no_date() -> None:
    current, _ = beliefs_after(OWNER, "最近迷上五月天了")
    assert current and not any("年" in c for c in current), current


def test_quitting_with_nothing_lined_up_ends_the_job() -> None:
    _, ended = beliefs_after(OWNER, "我在一家银行做柜员", "裸辞了，想先休息一阵", one_session=True)
    assert len(ended) == 1, ended


def test_now_in_a_city_after_a_transfer_is_a_new_home_a_work_trip_is_not() -> None:
    _, moved = beliefs_after(OWNER, "我住在武汉", "现在在长沙了 上个月调过来的", one_session=True)
    _, away = beliefs_after(OWNER, "我住在武汉", "现在在长沙出差", one_session=True)
    assert len(moved) == 1 and away == [], (moved, away)


def test_a_version_moved_to_by_its_number_replaces_the_one_held() -> None:
    _, ended = beliefs_after(OWNER, "I'm on macOS 13 at work", "upgraded to 14 last night, all fine")
    assert len(ended) == 1, ended


def test_a_count_moved_to_is_no_version() -> None:
    _, ended = beliefs_after(OWNER, "I have an iPad 9", "we upgraded to 6 seats on the family plan")
    assert ended == [], ended


@pytest.mark.parametrize(
    "message",
    [
        "I coach netball at the leisure centre and teach piano to adults",
        "I'm 35 and training for my first triathlon",
        "I'm from Cork originally and now living in Perth",
    ],
)
def test_two_doings_of_one_speaker_are_two(message: str) -> None:
    current, _ = beliefs_after(OWNER, message)
    assert len(current) == 2, current


def test_a_verb_governed_in_the_first_part_is_no_clause_of_its_own() -> None:
    current, _ = beliefs_after(OWNER, "I love how you use colour to tell stories and teach kids about nature")
    assert not any("teaches" in c for c in current), current


@pytest.mark.parametrize(
    ("held", "corrected", "now"),
    [
        (
            "our savings account is with Halifax",
            "I should correct myself, the savings account is with Nationwide, Halifax is my old current account",
            "Nationwide",
        ),
        ("the party is in June", "sorry, the party's actually July 9th, June was the first plan", "July"),
        (
            "I swim on Tuesday mornings",
            "sorry got that wrong earlier, swimming is Thursday mornings, Tuesday's my pilates",
            "Thursday",
        ),
    ],
)
def test_a_correction_then_what_the_wrong_value_really_is(held: str, corrected: str, now: str) -> None:
    current, ended = beliefs_after(OWNER, held, corrected, one_session=True)
    assert len(ended) == 1 and any(now in c for c in current), (current, ended)


def test_a_notice_handed_in_and_a_role_started_end_the_job_held() -> None:
    _, ended = beliefs_after(
        OWNER, "I'm a primary school teacher", "handed my notice in, I start as a UX designer at the bank in may"
    )
    assert len(ended) == 1, ended


def test_an_age_turned_replaces_the_age_held_of_that_person() -> None:
    current, ended = beliefs_after(
        OWNER, "my niece is 11 and mad about horses", "wait no she turned 12 in march", one_session=True
    )
    assert len(ended) == 1 and any("12" in c for c in current), (current, ended)


def test_an_age_turned_by_another_keeps_mine() -> None:
    _, ended = beliefs_after(OWNER, "my daughter is 9", "my nephew turned 10 yesterday")
    assert ended == [], ended


@pytest.mark.parametrize(
    ("held", "ended_by"),
    [
        ("I'm doing intermittent fasting", "the fasting lasted 2 weeks lol, back to normal breakfasts"),
        ("I swim 3 times a week", "hurt my shoulder in may so no swimming since, just walking"),
    ],
)
def test_a_habit_kept_only_a_while_or_not_done_since_is_over(held: str, ended_by: str) -> None:
    _, ended = beliefs_after(OWNER, held, ended_by)
    assert len(ended) == 1, ended


def test_a_device_that_died_ends_and_what_replaced_it_is_kept() -> None:
    current, ended = beliefs_after(OWNER, "I listen on a Sony Walkman", "it finally died, got a Fiio player instead")
    assert len(ended) == 1 and any("Fiio" in c for c in current), (current, ended)


def test_a_favourite_named_now_after_honestly_replaces_the_one_held() -> None:
    _, ended = beliefs_after(
        OWNER,
        "my favourite author is Le Guin",
        "unpopular opinion but these days it's honestly Ishiguro",
        one_session=True,
    )
    assert len(ended) == 1, ended


@pytest.mark.parametrize(
    ("held", "moved"),
    [
        (
            "my running club meets the first tuesday of every month",
            "we voted and it's moving to the last friday of the month",
        ),
        ("我们合唱团每个月第一个周三排练", "团长说改到每月第二个周五了"),
    ],
)
def test_a_day_of_the_month_moved_replaces_the_day_held(held: str, moved: str) -> None:
    current, ended = beliefs_after(OWNER, held, moved, one_session=True)
    assert len(ended) == 1 and not any("2026" in c for c in current), (current, ended)


def test_children_transferred_by_a_pronoun_to_a_school_end_the_school_held() -> None:
    _, ended = beliefs_after(
        OWNER, "our twins go to Hillside Primary", "after easter we moved them to the Steiner school in town"
    )
    assert len(ended) == 1, ended


def test_a_child_moved_to_another_bus_keeps_the_school() -> None:
    _, ended = beliefs_after(OWNER, "my son goes to Oak Park High", "we moved him to the later bus", one_session=True)
    assert ended == [], ended


def test_me_and_my_flatmate_is_the_speaker_and_the_flatmate() -> None:
    current, _ = beliefs_after(OWNER, "me and my flatmate Tom share a house in Leith")
    assert current and "share" in current[0], current


def test_the_only_one_sharing_the_home_moving_out_ends_it() -> None:
    _, ended = beliefs_after(OWNER, "I live with my lodger Marta", "Marta moved out on sunday, it's just me now")
    assert len(ended) == 1, ended


@pytest.mark.parametrize(
    "message",
    ["我开的是大众朗逸，宽带用的是电信", "my son's got a nut allergy and my daughter's coeliac, any lunchbox ideas?"],
)
def test_a_provider_by_what_it_provides_or_a_state_of_another_is_a_second_fact(message: str) -> None:
    current, _ = beliefs_after(OWNER, message)
    assert len(current) == 2, current


def test_a_thing_swapped_for_one_of_its_kind_in_chinese_replaces_it() -> None:
    _, ended = beliefs_after(OWNER, "我用的OPPO Find X6", "算了，上周直接换了个vivo", one_session=True)
    assert len(ended) == 1, ended


def test_a_new_way_to_work_ends_a_commute_said_in_other_words() -> None:
    _, ended = beliefs_after(OWNER, "我每天坐公交通勤，四十分钟", "买了辆电动车，现在骑车上班了", one_session=True)
    assert len(ended) == 1, ended


def test_one_more_beside_a_count_said_in_a_larger_word_ends_nothing() -> None:
    # "seven" is read as a number, not taken for digits
    _, ended = beliefs_after(OWNER, "I have seven cats", "took on a fourth barista last week")
    assert ended == [], ended
