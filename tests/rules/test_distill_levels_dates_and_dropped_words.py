"""A level said moved with its thing unsaid, a date moved by someone, an emoji between two
sentences, a correction of a Chinese weekday or a year said short, a pet named "the dog",
an ending by a kind word or a loss said in lower case, and whom one reports to now, each
in words of my own (pure, the distiller's own functions; one message each, a month apart)."""

from __future__ import annotations

import re

import pytest

from ledgermind import Owner
from tests.support.said import beliefs_after

OWNER = Owner("levels-and-dates", "u")


@pytest.mark.parametrize(
    ("held", "moved", "now", "was"),
    [
        # the thing unsaid, the unit said with neither
        ("we keep 9 goats on the smallholding", "the buyer took three so we're down to 6", "6", "9"),
        # the same unit said with both
        ("my resting heart rate is 72 bpm", "after the running block it's dropped to 58 bpm", "58", "72"),
        # Chinese, a measure word with both, moved further than a third
        ("公司给的云盘是200G", "上周扩容了，升到了1000G", "1000", "200"),
    ],
)
def test_a_level_said_moved_replaces_the_one_number_it_can_be(held: str, moved: str, now: str, was: str) -> None:
    current, ended = beliefs_after(OWNER, held, moved)
    assert any(was in s for s in ended), (current, ended)
    assert any(now in s for s in current), (current, ended)


def test_a_level_of_another_unit_or_beside_two_numbers_moves_nothing() -> None:
    # another unit said: the hours of sleep are no number of goats
    current, ended = beliefs_after(OWNER, "we keep 9 goats", "cut down to 6 hours of sleep this week")
    assert ended == [], (current, ended)
    # two numbers held that it can be: which moved, the words do not say
    current, ended = beliefs_after(OWNER, "we keep 12 hens", "we have 10 rabbits too", "now down to 8")
    assert ended == [], (current, ended)


def test_a_date_moved_by_someone_replaces_the_day_held() -> None:
    current, ended = beliefs_after(
        OWNER, "my dentist appointment is on april 9th", "the clinic called and moved it to april 23"
    )
    assert any("april 9th" in s for s in ended), (current, ended)
    assert any("april 23" in s for s in current), (current, ended)


def test_an_emoji_ends_a_sentence_and_a_bare_sum_with_a_time_is_kept() -> None:
    current, ended = beliefs_after(
        OWNER,
        "our nursery fee is 980 a month",
        "got the new terms and it's 1040 from september 🙃 still cheaper than anywhere",
    )
    assert any("980" in s for s in ended), (current, ended)
    assert any("1040" in s and "cheaper" not in s for s in current), (current, ended)


@pytest.mark.parametrize(
    ("held", "correction", "right", "wrong"),
    [
        # a Chinese weekday with its part of the day
        ("我们读书会是每周二", "说错了，读书会是周三晚上", "周三晚上", "周二"),
        # a year said short after the right one
        ("my lease ends in august 2028", "wait no, it's august 2027, not 28", "2027", "2028"),
        # a Chinese place named as wrong inside the one held, the part after it said once
        ("我在一家银行的客服中心上班", "不对，是保险公司的客服中心，不是银行", "保险公司的客服中心上班", "银行"),
    ],
)
def test_a_correction_names_what_it_corrects(held: str, correction: str, right: str, wrong: str) -> None:
    current, ended = beliefs_after(OWNER, held, correction)
    assert any(right in s for s in current), (current, ended)
    assert not any(wrong in s for s in current), (current, ended)
    assert not any("的客服中心的客服中心" in s for s in current), current


def test_the_dog_is_the_speakers_dog() -> None:
    current, _ = beliefs_after(OWNER, "the cat's called pepper, she's a ragdoll")
    assert any(s.startswith("The user's cat") for s in current), current
    # another's, said with what follows it: not the speaker's
    current, _ = beliefs_after(OWNER, "the dog next door barks all night")
    assert not any("user's dog" in s for s in current), current


def test_an_ending_by_the_kind_a_name_is_made_of() -> None:
    current, ended = beliefs_after(OWNER, "I bank with greenbank", "closed the bank account last week, fees were silly")
    assert any("greenbank" in s for s in ended), (current, ended)
    # a word inside another that is no kind: "the band" ends nothing of the husband
    current, ended = beliefs_after(OWNER, "my husband is a nurse", "I quit the band last week")
    assert not any("husband" in s for s in ended), (current, ended)


def test_a_loss_said_with_a_name_in_lower_case_ends_what_held_of_them() -> None:
    current, ended = beliefs_after(
        OWNER, "we have a rescue greyhound called juno", "we lost juno yesterday, she was 14"
    )
    assert any("juno" in s.lower() for s in ended), (current, ended)
    # what else is lost is no death
    current, ended = beliefs_after(OWNER, "my power company is octopus", "we lost power yesterday for hours")
    assert ended == [], (current, ended)


def test_whom_one_reports_to_now_replaces_the_manager_named() -> None:
    current, ended = beliefs_after(OWNER, "my boss is Harriet", "after the merger I report to a guy called Omar")
    assert any("Harriet" in s for s in ended), (current, ended)
    # a manager described, not named, is no manager to replace
    current, ended = beliefs_after(OWNER, "my manager is lovely", "I report to Omar now")
    assert ended == [], (current, ended)


def test_a_relationship_called_off_in_lower_case_ends_it() -> None:
    current, ended = beliefs_after(OWNER, "i'm dating a guy named felix", "felix and i called it quits on friday")
    assert any("felix" in s.lower() for s in ended), (current, ended)


@pytest.mark.parametrize(
    ("held", "death", "gone"),
    [
        # one of the speaker's people by name, their belief held under another subject
        ("my aunt Rosa lends us her car on weekends", "Rosa passed away in june, we're all heartbroken", "Rosa"),
        # "he", the person spoken of last, after a question between
        ("my uncle lives in Tucson", "sadly he died last month", "Tucson"),
        # a pet's 走了 said with a grief emoji
        ("我家猫叫年糕，已经十五岁了", "年糕前天走了💔", "年糕"),
    ],
)
def test_a_death_ends_what_held_of_the_one_who_died(held: str, death: str, gone: str) -> None:
    current, ended = beliefs_after(OWNER, held, death)
    assert any(gone in s for s in ended), (current, ended)
    assert len(ended) == 1, ended  # ended once, not twice


@pytest.mark.parametrize(
    ("held", "without"),
    [
        ("I vape pretty much all day", "two weeks without nicotine now, it's rough"),
        ("I have a glass of wine most evenings", "it's been a month since my last drink"),
    ],
)
def test_a_habit_gone_without_for_a_time_ends(held: str, without: str) -> None:
    current, ended = beliefs_after(OWNER, held, without)
    assert ended and held.split()[-1] in ended[0], (current, ended)


def test_going_without_another_thing_ends_nothing() -> None:
    current, ended = beliefs_after(OWNER, "I smoke a few cigarettes a day", "3 days without sugar so far")
    assert ended == [], (current, ended)


@pytest.mark.parametrize(
    ("held", "ending"),
    [
        ("I pay for a Spotify family plan", "cancelled."),
        ("I'm on metformin twice a day", "my GP took me off it in the spring"),
        ("I coach the under-9s football team on Sundays", "stopped doing that once the season ended"),
    ],
)
def test_an_ending_of_what_was_said_last(held: str, ending: str) -> None:
    current, ended = beliefs_after(OWNER, held, ending)
    assert len(ended) == 1, (current, ended)


@pytest.mark.parametrize(
    "message",
    [
        "ugh traffic this week, am I right",
        "ok I really didn't expect that answer",
        "现在的房价真是越来越离谱了",
        "给下面这段话加个结尾，温馨一点",
    ],
)
def test_talk_about_the_talk_or_the_world_is_no_belief(message: str) -> None:
    current, _ = beliefs_after(OWNER, message)
    assert current == [], current


def test_a_name_typed_in_lower_case_where_only_a_name_can_stand_is_kept_as_a_name() -> None:
    current, ended = beliefs_after(
        OWNER, "my cousin marta lives in porto", "marta moved back to lisbon in the spring, new job"
    )
    assert any("porto" in s for s in ended), (current, ended)
    # a verb after the relation is no name: it is not written with a capital
    current, _ = beliefs_after(OWNER, "my brother works as a nurse", "my brother changed wards")
    assert not any("Changed" in s or "Works" in s for s in current), current


@pytest.mark.xfail(strict=True, reason="a move within one's work (another ward) still replaces what one is")
def test_a_change_within_ones_work_keeps_the_work() -> None:
    current, _ = beliefs_after(OWNER, "my brother works as a nurse", "my brother changed wards")
    assert "The user's brother works as a nurse." in current, current


def test_where_a_chinese_speaker_lives_said_with_zhu_alone() -> None:
    current, ended = beliefs_after(OWNER, "我住成都高新区", "上个月搬去天府新区了")
    assert any("高新区" in s for s in ended), (current, ended)


def test_a_stay_in_hospital_is_no_new_home() -> None:
    current, ended = beliefs_after(OWNER, "我住成都高新区", "我住院了，肺炎")
    assert ended == [], (current, ended)


@pytest.mark.parametrize(
    ("asked", "changed", "gone"),
    [
        # what the assistant gives, dropped for good after a lead-in, a reason beside it
        (
            "Always list the key points as bullet points at the top of your answers.",
            "ok drop the bullet points from now on, they're noise",
            "bullet",
        ),
        # "no more" of what the assistant gives
        ("please add a fun fact at the end of your answers", "no more fun facts at the end, thanks", "fun fact"),
        # a request to quiz, then taken back
        ("I'd like you to quiz me on the new words in every answer", "no more quizzes on the words pls", "quiz"),
    ],
)
def test_a_standing_request_taken_back_in_chat_words_replaces_it(asked: str, changed: str, gone: str) -> None:
    current, ended = beliefs_after(OWNER, asked, changed)
    assert any(gone in s for s in ended), (current, ended)


def test_no_more_of_ones_own_habit_is_no_request() -> None:
    current, _ = beliefs_after(OWNER, "no more sweets after dinner for me")
    assert not any("assistant" in s for s in current), current


@pytest.mark.parametrize(
    ("held", "correction", "right", "wrong"),
    [
        # a model code corrected after "misspoke", found inside the name held
        ("I use a Pixel 7 phone and a Garmin FR245 watch", "misspoke, it's an FR255", "FR255", "FR245"),
        # a day of a month corrected with its month said again
        ("our lease renewal is due march 3", "sorry march 13, always get that wrong", "march 13", "march 3"),
        # a word after its article
        ("my router is a netgear", "no sorry, it's an asus", "asus", "netgear"),
    ],
)
def test_a_correction_of_a_code_a_day_or_a_word(held: str, correction: str, right: str, wrong: str) -> None:
    current, _ = beliefs_after(OWNER, held, correction)
    assert any(right in s for s in current), current
    assert not any(re.search(rf"\b{wrong}\b", s) for s in current), current


def test_starting_to_do_something_is_no_new_place() -> None:
    # "started to learn" names no place, and "at it" is none either
    current, ended = beliefs_after(
        OWNER,
        "Seeing my kids get better at it brings me such joy.",
        "Started to learn the drums this week",
        name="Ines",  # as LoCoMo's turns are said: "Ines started to learn ..."
    )
    assert ended == [], (current, ended)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("I have 4 grandchildren", "the thermostat dropped to 5 overnight"),  # a level of another thing
        ("I have 3 cats", "my phone battery is down to 2 already"),
        ("我每周游泳3次", "手机电量掉到5了"),
        ("I work at the library", "been 2 days off work with a cold"),  # no habit gone without
        ("I drink 2 coffees a day", "it's been a week since my last drink"),  # a drink is no coffee
        ("I work night shifts at the depot", "I'm on days off till friday"),  # days off, no new shift
        ("my manager is Ruth", "I report to the office on tuesdays now"),  # a place, no person
        ("I go to pilates every thursday", "I cancelled last minute on drinks with Ana"),
        ("my brother Sam is a pilot", "he died laughing at my costume lol"),  # said for effect
        ("we have underfloor heating", "we lost heating last night, brr"),  # no name of anyone
        ("my girlfriend Mia is a vet", "called it quits early at work today, so tired"),
        ("I'm a member at CityGym", "cancelled the gym session tonight, too tired"),  # one session
        ("our rent is 1400 a month", "the book I'm reading, it's 600 pages now"),  # a count of pages
    ],
)
def test_what_is_said_of_another_thing_ends_nothing_held(held: str, said: str) -> None:
    current, ended = beliefs_after(OWNER, held, said)
    assert ended == [], (current, ended)


@pytest.mark.parametrize(
    ("message", "not_said"),
    [
        ("the cat keeps digging up our lawn", "user's cat"),  # a cat, not the speaker's
        ("I called back the plumber and he's coming friday", "Back"),  # a verb, not a name
    ],
)
def test_a_word_read_as_ones_own_or_as_a_name_only_where_it_is(message: str, not_said: str) -> None:
    current, _ = beliefs_after(OWNER, message)
    assert not any(not_said in s for s in current), current


def test_a_bit_high_is_said_of_the_speaker_not_of_a_request() -> None:
    current, _ = beliefs_after(OWNER, "医生说我血压偏高一点")
    assert current, current


def test_an_emoji_inside_a_clause_ends_no_sentence() -> None:
    current, ended = beliefs_after(OWNER, "my sister lives in Leeds", "my sister 🙄 just moved to York")
    assert any("sister" in s and "York" in s for s in current), (current, ended)


def test_what_someone_gave_for_fun_is_no_fact_of_the_speakers() -> None:
    current, _ = beliefs_after(OWNER, "they offered me a free coffee at the market lol")
    assert current == [], current


def test_a_short_chinese_clause_before_an_emoji_goes_on_after_it() -> None:
    # "阿敏走了🙃 搬去成都了": one sentence, the move said of 阿敏, not a subjectless "搬去成都了"
    current, _ = beliefs_after(OWNER, "我室友叫阿敏", "阿敏走了🙃 搬去成都了")
    assert not any(s == "搬去成都了。" for s in current), current


@pytest.mark.parametrize(
    ("held", "reached", "was"),
    [
        ("I'm doing an online course in bookkeeping, on unit 4 of 10", "just finished unit 5 today", "unit 4"),
        ("I'm on level 30 of my puzzle app", "finally made it to level 41", "level 30"),
    ],
)
def test_a_numbered_step_reached_replaces_the_one_held(held: str, reached: str, was: str) -> None:
    current, ended = beliefs_after(OWNER, held, reached)
    assert any(was in s for s in ended), (current, ended)


def test_a_numbered_step_of_someone_else_or_another_thing_keeps_the_one_held() -> None:
    current, ended = beliefs_after(OWNER, "I'm on chapter 3 of the course book", "my son is on level 4 in piano")
    assert ended == [], (current, ended)
    current, ended = beliefs_after(OWNER, "I'm on module 2 of my course", "just passed level 9 in the game")
    assert ended == [], (current, ended)


@pytest.mark.parametrize(
    ("held", "now", "gone"),
    [
        ("my main browser is firefox", "been using arc full time since may, not going back", "firefox"),
        ("favourite snack is crisps", "honestly it's all popcorn for me these days", "crisps"),
    ],
)
def test_what_holds_now_of_a_one_value_subject_replaces_it(held: str, now: str, gone: str) -> None:
    current, ended = beliefs_after(OWNER, held, now)
    assert any(gone in s for s in ended), (current, ended)


def test_being_on_something_else_keeps_a_one_value_subject() -> None:
    current, ended = beliefs_after(OWNER, "my favourite band is Wilco", "I've been on a diet since march")
    assert ended == [], (current, ended)
