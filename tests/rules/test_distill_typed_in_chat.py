"""Statements typed as chat types them: contractions without their apostrophe ("im in
texas"), a person named with their relation once and by name after ("my sister Anna" /
"Anna"), an ending or a replacement said of "it" ("I cancelled it", "replaced it with
..."), a work left in any of its words ("handed in my notice", "got laid off"), a new
amount with when it starts ("it's $1,600/mo as of the 1st"), and a correction with why
it was wrong after its value ("sorry, 2020, it was right before lockdown"). Pure:
extractor + reconcile."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from ledgermind.distill.text import apostrophes_restored
from tests.support.said import beliefs_after

OWNER = Owner("typed-in-chat", "u")


def test_contractions_and_i_typed_in_lower_case_read_as_written() -> None:
    assert apostrophes_restored("im in texas and i dont drive") == "I'm in texas and I don't drive"
    # words of their own are left as typed
    assert apostrophes_restored("its tail, ill be there, we were, wont") == "its tail, ill be there, we were, wont"
    current, _ = beliefs_after(OWNER, "ive been a vegetarian for years")
    assert current == ["The user has been a vegetarian for years."]


@pytest.mark.parametrize(
    ("held", "said", "now"),
    [
        # (the name alone is written as the belief before named them: the cousin Priya)
        ("my cousin Priya lives in Leeds", "Priya moved to Bristol", "The user's cousin Priya moved to Bristol."),
        ("my brother Omar works at Deloitte", "Omar works at KPMG now", "The user's brother Omar works at KPMG now."),
        ("Omar works at Deloitte", "my brother Omar works at KPMG now", "The user's brother Omar works at KPMG now."),
    ],
)
def test_a_person_named_with_the_relation_and_then_by_name_is_one_person(held: str, said: str, now: str) -> None:
    current, ended = beliefs_after(OWNER, held, said)
    assert current == [now] and len(ended) == 1, (current, ended)


def test_a_person_named_by_name_keeps_what_another_person_holds() -> None:
    current, ended = beliefs_after(OWNER, "my cousin Priya lives in Leeds", "Omar moved to Bristol")
    assert not ended and len(current) == 2, (current, ended)


def test_what_a_named_person_also_does_is_kept_as_said() -> None:
    current, ended = beliefs_after(OWNER, "my sister Anna teaches at a college", "Anna also coaches a swim team")
    # (Anna is the sister named before: the belief says so)
    assert not ended and "The user's sister Anna also coaches a swim team." in current, (current, ended)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("I have a Disney+ subscription", "I cancelled it"),
        ("we've been renting a garage on Elm Street", "finally emptied it and gave back the keys"),
        ("I'm on allergy shots", "stopped taking them in the spring"),
        ("I'm on blood pressure meds", "my doctor says I can stop, so I quit taking them"),
    ],
)
def test_an_ending_said_of_it_ends_the_thing_said_last(held: str, said: str) -> None:
    _, ended = beliefs_after(OWNER, held, said)
    assert len(ended) == 1, ended


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("I have a Disney+ subscription", "I never cancelled it"),
        ("I love sci-fi", "I cancelled it"),  # a taste holds no thing "it" could be
    ],
)
def test_an_ending_of_it_denied_or_of_no_thing_ends_nothing(held: str, said: str) -> None:
    _, ended = beliefs_after(OWNER, held, said)
    assert not ended


def test_a_replacement_said_of_it_replaces_the_thing_said_last() -> None:
    current, ended = beliefs_after(OWNER, "my printer is an old hp deskjet", "replaced it with a brother laser")
    assert ended == ["The user's printer is an old hp deskjet."] and len(current) == 1, (current, ended)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("I work at Costco as a cashier", "I quit my job on Friday"),
        ("I work at Costco as a cashier", "handed in my notice, done end of the month"),
        ("I'm a teacher at Hillside Elementary", "I got laid off in the budget cuts"),
        ("I work at Costco", "yesterday was my last day at Costco"),
        ("my husband works at Boeing", "my husband was let go last week"),
    ],
)
def test_a_work_left_ends_the_work(held: str, said: str) -> None:
    current, ended = beliefs_after(OWNER, held, said)
    # "is a teacher at Hillside" is kept under two keys (the occupation, the employer): both end
    assert ended and set(ended) == {beliefs_after(OWNER, held)[0][0]} and held not in current, (current, ended)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("I work at Costco", "I left work early today"),
        ("I work at Costco", "I haven't quit my job"),
        ("my husband works at Boeing", "my husband got laid off from Airbus years ago"),
        ("I work at Costco", "friday was my last day of school"),
    ],
)
def test_a_work_not_left_is_kept(held: str, said: str) -> None:
    _, ended = beliefs_after(OWNER, held, said)
    assert not ended, ended


@pytest.mark.parametrize(
    ("held", "said", "now"),
    [
        ("our daycare is $980 a month", "they raised it, it's $1,050/mo as of the 1st", "$1,050 a month"),
        ("my phone plan is $45 a month", "it's $40/mo starting next month", "$40 a month"),
    ],
)
def test_a_new_amount_with_when_it_starts_replaces_the_amount(held: str, said: str, now: str) -> None:
    current, ended = beliefs_after(OWNER, held, said)
    assert len(ended) == 1 and any(now in c for c in current), (current, ended)


@pytest.mark.parametrize(
    ("held", "said", "now"),
    [
        ("we bought the house in 2019", "sorry, 2018, it was the year before covid", "2018"),
        ("my exam is on the 9th", "wait no, it's the 19th, i was reading the old timetable", "19th"),
        ("my appointment is at 3pm", "no sorry, 4pm", "4pm"),
        ("my son's blood type is B+", "just checked his medical card, it's actually AB+", "AB+"),
    ],
)
def test_a_correction_with_why_after_its_value_corrects_the_value(held: str, said: str, now: str) -> None:
    current, ended = beliefs_after(OWNER, held, said)
    assert len(ended) == 1 and any(now in c for c in current), (current, ended)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("I live in Porto", "I don't live in Porto anymore"),
        ("I live in Porto", "I no longer live in Porto"),
        ("I work for Siemens", "I no longer work for Siemens"),
        ("my wife works at Boots", "my wife doesn't work at Boots anymore"),
        ("I have a Prius", "I don't have the Prius anymore"),
        ("我住在杭州", "我不住在杭州了"),
        ("我在华为上班", "我不在华为上班了"),
    ],
)
def test_a_value_held_no_more_ends_the_belief_that_held_it(held: str, said: str) -> None:
    _, ended = beliefs_after(OWNER, held, said)
    assert len(ended) == 1, ended


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("I work for Siemens", "I never worked at Bosch"),
        ("I work for Siemens", "I didn't take the job at Bosch"),
        ("I live in Porto", "I don't live in Lisbon, thankfully"),
    ],
)
def test_a_job_or_a_place_never_held_ends_nothing(held: str, said: str) -> None:
    _, ended = beliefs_after(OWNER, held, said)
    assert not ended, ended


def test_a_new_job_said_with_hired_as_ends_the_work_held() -> None:
    current, ended = beliefs_after(
        OWNER, "I work as a line cook at a diner", "got hired as a sous chef at Nopa, so no more late shifts"
    )
    assert ended == ["The user works as a line cook at a diner."], (current, ended)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("my partner and I live in Glasgow", "we moved to Dundee in the spring"),
        ("my dad is an electrician", "my dad got a job as a site inspector"),
        ("我养了一只兔子", "兔子上个月走丢了"),
        ("我每周上两次瑜伽课", "最近太忙，一周只上一次了"),
    ],
)
def test_we_two_a_job_taken_as_another_and_a_pet_gone_missing(held: str, said: str) -> None:
    _, ended = beliefs_after(OWNER, held, said)
    assert len(ended) == 1, ended


def test_a_new_job_at_another_place_keeps_the_occupation() -> None:
    current, ended = beliefs_after(OWNER, "I'm a paramedic", "I got a new job at Leeds General")
    assert not ended and "The user is a paramedic." in current, (current, ended)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("I smoke", "I don't smoke anymore"),  # a habit said with its verb alone is a belief
        ("I'm single", "I have a boyfriend now"),  # whom one has is where one stands in love
        ("I have a fiancée", "I'm single again"),
    ],
)
def test_a_habit_said_alone_and_where_one_stands_in_love(held: str, said: str) -> None:
    _, ended = beliefs_after(OWNER, held, said)
    assert len(ended) == 1, ended


def test_someone_elses_partner_leaves_the_speakers_standing() -> None:
    _, ended = beliefs_after(OWNER, "I'm single", "my roommate has a girlfriend")
    assert not ended


def test_an_ending_that_says_what_holds_now_keeps_it() -> None:
    current, ended = beliefs_after(OWNER, "my son plays hockey", "my son quit hockey and does judo now")
    assert ended == ["The user's son plays hockey."] and any("judo" in c for c in current), (current, ended)
