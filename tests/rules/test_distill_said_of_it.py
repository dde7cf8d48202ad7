"""What chat says of the thing spoken of last, and the changes it says in other words: an ending
said of "it" (closed, died, got totaled), a share moved by a pronoun after small talk, a break-up
of someone the speaker was seeing, a new job said as an offer, a start "as" or a promotion, a
weight weighed in, a question or a request beside a statement in one sentence, "'d" as "had",
a word of fondness calling the listener.

One class each, in wordings of our own (neither the eval's nor any sitting's), checked through
the pure extractor + reconcile path the governance eval runs."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from ledgermind.distill.person import third_person
from ledgermind.distill.statements import name_called_off, told_before_asked
from tests.support.said import beliefs_after


def _beliefs(*texts: str) -> tuple[list[str], list[str]]:
    return beliefs_after(Owner("said-of-it", "u"), *texts)


# --- an ending said of the thing spoken of last ------------------------------------------------


def test_closing_it_ends_the_thing_just_spoken_of() -> None:
    current, ended = _beliefs("i rent a locker at the climbing gym", "emptied it out and closed it in may")
    assert ended == ["The user rents a locker at the climbing gym."], (current, ended)


def test_a_thing_that_died_of_itself_ends_after_small_talk() -> None:
    current, ended = _beliefs(
        "i keep a fiddle leaf fig by the window", "how often should i water it?", "ok thanks", "it died, binned it"
    )
    assert ended == ["The user keeps a fiddle leaf fig by the window."], (current, ended)


def test_a_car_that_got_totaled_ends_driving_it() -> None:
    current, ended = _beliefs("i drive a 2011 corolla", "it got totaled in the hailstorm")
    assert ended == ["The user drives a 2011 corolla."], (current, ended)


def test_cancelling_it_ends_a_trial_the_speaker_is_on() -> None:
    current, ended = _beliefs("I'm on a free trial of Duolingo Plus", "cancelled it on friday")
    assert ended == ["The user is on a free trial of Duolingo Plus."], (current, ended)


def test_a_commitment_got_out_of_ends() -> None:
    current, ended = _beliefs("we have a lease on a van", "finally got out of the lease")
    assert ended == ["The user has a lease on a van."], (current, ended)


def test_a_group_that_dissolved_ends_being_in_it() -> None:
    current, ended = _beliefs("I'm in a choir that rehearses on mondays", "the choir dissolved over the summer")
    assert ended == ["The user is in a choir that rehearses on mondays."], (current, ended)


def test_closing_on_a_house_is_no_ending() -> None:
    current, ended = _beliefs("we have a house in Leeds", "we closed on a flat in York")
    assert ended == [], (current, ended)


# --- changes said in other words ---------------------------------------------------------------


def test_a_share_moved_by_a_pronoun_after_small_talk_replaces_it() -> None:
    current, ended = _beliefs("my savings rate is 8%", "is that good?", "ok", "upped it to 12% this month")
    assert ended == ["The user's savings rate is 8%."], (current, ended)
    assert any("12%" in c for c in current), current


def test_we_broke_up_ends_seeing_someone() -> None:
    current, ended = _beliefs("I've been seeing a guy named Theo since spring", "we split up last month")
    assert ended == ["The user has been seeing a guy named Theo since spring."], (current, ended)


def test_seeing_a_doctor_is_no_partner() -> None:
    current, ended = _beliefs("I'm seeing a physio for my knee", "I'm seeing Dr. Lowe on tuesday")
    assert ended == [], (current, ended)


@pytest.mark.parametrize(
    "taken",
    [
        "accepted an offer at Monzo, starting in two weeks",
        "started as a barista at the station cafe on monday",
    ],
)
def test_a_job_taken_in_other_words_replaces_the_work_said_before(taken: str) -> None:
    current, ended = _beliefs("i work part-time for a bookshop", taken)
    assert ended == ["The user works part-time for a bookshop."], (current, ended)


def test_starting_as_a_volunteer_is_no_new_job() -> None:
    current, ended = _beliefs("i work for a bookshop", "started as a volunteer at the animal shelter")
    assert ended == [], (current, ended)


def test_a_promotion_replaces_the_teaching_said_before() -> None:
    current, ended = _beliefs("my brother teaches middle school math", "he got promoted to head of department")
    assert ended == ["The user's brother teaches middle school math."], (current, ended)


def test_a_weight_weighed_in_replaces_the_weight_held() -> None:
    current, ended = _beliefs("I weigh 95 kg", "weighed in at 91 on monday")
    assert ended == ["The user weighs 95 kg."], (current, ended)


def test_a_chinese_dose_raised_by_the_doctor_replaces_the_daily_dose() -> None:
    current, ended = _beliefs("我的二甲双胍一天吃500毫克", "医生让我加到850了")
    assert ended == ["用户的二甲双胍一天吃500毫克。"], (current, ended)


def test_a_chinese_class_moved_to_another_weekday_replaces_the_day() -> None:
    current, ended = _beliefs("我每周二晚上上钢琴课", "钢琴课改到周四了")
    assert ended == ["用户每周二晚上上钢琴课。"], (current, ended)


def test_a_chinese_membership_run_out_ends_it() -> None:
    current, ended = _beliefs("我办了一张游泳卡", "已经过期了")
    assert ended == ["用户办了一张游泳卡。"], (current, ended)


def test_a_slip_formula_said_without_i_still_marks_the_correction() -> None:
    current, ended = _beliefs("I have a 2019 Honda Accord", "sorry, Civic not Accord, always get those wrong")
    assert ended == ["The user has a 2019 Honda Accord."], (current, ended)


# --- what is told beside what is asked ---------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "told"),
    [
        ("I'm flying to Oslo on Friday, any tips?", "I'm flying to Oslo on Friday"),
        ("my son starts school in May - what should he pack?", "my son starts school in May"),
        ("我儿子下个月满三岁了，有什么推荐的礼物吗", "我儿子下个月满三岁了"),
        ("So you moved to Lyon, right?", None),
        ("Is it bad that I drink 5 coffees a day, honestly?", None),
        ("一斤等于多少克", None),
    ],
)
def test_what_was_told_before_a_question_at_the_end(sentence: str, told: str | None) -> None:
    assert told_before_asked(sentence) == told


def test_a_statement_after_a_chinese_request_is_kept() -> None:
    current, _ = _beliefs("帮我写个请假条 我周五要带我爸去体检")
    assert any("带用户爸去体检" in c for c in current), current


def test_a_chinese_question_of_how_many_makes_no_belief() -> None:
    current, _ = _beliefs("一公里等于多少米")
    assert current == []


# --- how it is written down --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("I'd never felt so calm before", "Ann had never felt so calm before"),
        ("I'd been meaning to call", "Ann had been meaning to call"),
        ("I'd love to go back", "Ann would love to go back"),
        ("I'd say it went well", "Ann would say it went well"),
    ],
)
def test_contracted_had_is_told_from_would(said: str, written: str) -> None:
    assert third_person(said, "Ann") == written


def test_a_word_of_fondness_at_the_end_calls_the_listener() -> None:
    assert name_called_off("I moved to Leeds, my friend.") == "I moved to Leeds."
    current, _ = _beliefs("Things are looking up, my brother.")
    assert current == []


@pytest.mark.parametrize(
    "said",
    [
        "No more sweets after dinner, he says.",
        "The builders are slow. We just wait, haha.",
        "I have to dash to the post office, talk later!",
        "I'm not frowning, I'm just smiling.",
    ],
)
def test_talk_about_the_talk_makes_no_belief(said: str) -> None:
    current, _ = _beliefs(said)
    assert current == [], current


def test_an_ending_before_a_laugh_is_still_an_ending() -> None:
    current, ended = _beliefs("I go to a pottery class on thursdays", "I quit, haha")
    assert ended == ["The user goes to a pottery class on thursdays."], (current, ended)


def test_a_provider_gone_with_replaces_the_one_the_speaker_was_with() -> None:
    current, ended = _beliefs("my broadband is with Sky", "went with Virgin Media last month, half the price")
    assert ended == ["The user's broadband is with Sky."], (current, ended)


def test_a_plan_gone_with_keeps_the_provider() -> None:
    current, ended = _beliefs("my broadband is with Sky", "went with the faster broadband package")
    assert ended == [], (current, ended)


# --- marks, plans, providers and endings said in chat's own words -----------------------------


@pytest.mark.parametrize(
    ("held", "reached", "ended"),
    [
        ("my deadlift max is 300", "finally hit 315 this morning", "The user's deadlift max is 300."),
        ("my 10k pb is 52:30", "ran 49:58 on sunday!!", "The user's 10k pb is 52:30."),
    ],
)
def test_a_mark_reached_replaces_the_record_held(held: str, reached: str, ended: str) -> None:
    current, gone = _beliefs(held, reached)
    assert gone == [ended], (current, gone)


def test_a_distance_hit_is_no_new_record_of_a_weight() -> None:
    current, ended = _beliefs("my bench max is 185", "hit 5 miles on the treadmill today")
    assert ended == [], (current, ended)


def test_a_tier_changed_replaces_the_plan_the_speaker_is_on() -> None:
    current, ended = _beliefs("I'm on the basic tier of youtube premium", "upgraded to the family plan last week")
    assert ended == ["The user is on the basic tier of youtube premium."], (current, ended)


def test_a_plan_switched_to_leaves_a_medication_alone() -> None:
    current, ended = _beliefs("I'm on sertraline", "switched to the annual plan for hulu")
    assert ended == [], (current, ended)


def test_an_amount_with_its_unit_said_twice_may_move_further() -> None:
    current, ended = _beliefs("I'm on the 5gb data plan", "bumped it to 20gb, kept running out")
    assert ended == ["The user is on the 5gb data plan."], (current, ended)


def test_a_time_pushed_replaces_the_time_held() -> None:
    current, ended = _beliefs("our daughter's curfew is 10pm", "pushed it to 11:30 for prom night")
    assert ended == ["The user's daughter's curfew is 10pm."], (current, ended)


def test_it_said_at_a_new_time_now_replaces_the_time_held() -> None:
    current, ended = _beliefs("my book club meets at 7:30", "it's at 8 now, people kept coming late")
    assert ended == ["The user's book club meets at 7:30."], (current, ended)


@pytest.mark.parametrize(
    ("held", "ended_by"),
    [
        ("I volunteer at the food bank on sundays", "haven't volunteered in months honestly"),
        ("I live with my girlfriend", "I moved out in june"),
        ("we have a nanny who comes on weekdays", "we let her go last month"),
        ("I'm doing an evening course in accounting", "dropped out of the course, no time"),
        ("I take lisinopril for blood pressure", "my doctor took me off lisinopril"),
        ("I drive for lyft on weekends", "deleted the app, done with lyft"),
        ("我在健身房办了月卡", "卡到期了，没续"),
    ],
)
def test_an_ending_said_in_chat_words_ends_the_belief(held: str, ended_by: str) -> None:
    current, ended = _beliefs(held, ended_by)
    assert len(ended) == 1, (current, ended)


def test_moving_out_of_a_city_is_no_end_of_living_with_someone() -> None:
    current, ended = _beliefs("I live with my parents", "moved out of Glasgow last year")
    assert ended == [], (current, ended)


def test_a_chinese_weight_lost_to_a_number_keeps_its_unit() -> None:
    current, ended = _beliefs("我体重80公斤", "减到74了")
    assert ended == ["用户体重80公斤。"] and "用户体重74公斤。" in current, (current, ended)


@pytest.mark.parametrize(
    ("held", "corrected", "now"),
    [
        ("my rent is $1850", "scratch that, it's 1580, always flip it", "The user's rent is $1580."),
        ("I swim on mondays", "no wait wednesdays, monday is my gym day", "The user swims on wednesdays."),
    ],
)
def test_a_correction_with_why_said_after_it(held: str, corrected: str, now: str) -> None:
    current, ended = _beliefs(held, corrected)
    assert len(ended) == 1 and now in current, (current, ended)


def test_everything_moved_to_a_tool_typed_in_lower_case_replaces_the_tool() -> None:
    current, ended = _beliefs("i keep my recipes in notion", "moved everything over to bear last week")
    assert ended == ["The user keeps their recipes in notion."], (current, ended)


def test_everything_moved_to_storage_is_no_new_home() -> None:
    current, ended = _beliefs("i live in cardiff", "moved everything to storage")
    assert ended == [], (current, ended)


def test_a_time_held_for_weeks_replaces_the_usual_time() -> None:
    current, ended = _beliefs("i usually get up at 8", "been getting up at 6 for the past month")
    assert ended == ["The user usually gets up at 8."], (current, ended)


def test_an_acronym_said_over_ends_what_it_stands_for() -> None:
    current, ended = _beliefs("I'm in cognitive behavioural therapy", "CBT's over, we wrapped up last week")
    assert len(ended) == 1, (current, ended)


def test_a_pet_named_before_is_the_she_of_the_next_message() -> None:
    current, ended = beliefs_after(
        Owner("said-of-it", "u"), "my dog biscuit is 7", "she turned eight", one_session=True
    )
    assert ended == ["The user's dog biscuit is 7."], (current, ended)


def test_a_person_named_after_the_pet_takes_the_pronoun() -> None:
    current, ended = beliefs_after(
        Owner("said-of-it", "u"), "my cat is a tabby", "my aunt is a vet", "she works in Derby", one_session=True
    )
    assert "The user's aunt works in Derby." in current, (current, ended)


def test_a_record_in_hours_and_minutes_is_beaten_by_a_time_with_seconds() -> None:
    current, ended = _beliefs("my marathon pr is 4:05", "ran 3:58:12 in Berlin!!")
    assert ended == ["The user's marathon pr is 4:05."], (current, ended)


def test_an_amount_of_theirs_bumped_by_name_replaces_it() -> None:
    current, ended = _beliefs("I cycle 100 km a week", "bumped my distance to 150 a week")
    assert ended == ["The user cycles 100 km a week."], (current, ended)


def test_a_chinese_weighing_is_the_weight_now() -> None:
    current, ended = _beliefs("我体重58公斤", "今天称了一下 55了")
    assert ended == ["用户体重58公斤。"], (current, ended)
