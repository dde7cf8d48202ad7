"""Everyday phenomena found in the read half of the second blind sitting, one rule each:
one-character Chinese kin words (我爸, 我妈) as people of their own, correction formulas
("wrong name", "autocorrect", "small fix:", 我记错了) before the corrected clause, a habit
begun ("I've started walking to work"), a dropped subject before more change verbs
("Relocated to ..."), a past-tense weekday ("raised it on Monday") as the change's date,
Chinese nouns holding a verb character (会议室 is no "会"). Checked through the pure
extractor + reconcile path the governance eval runs; the wordings are neither the eval's
nor either blind sitting's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from ledgermind import Owner
from ledgermind.distill import DeltaItem, ExtractionContext, RuleExtractor
from ledgermind.distill.dates import find_time
from ledgermind.distill.value_types import time_in
from tests.support.said import beliefs_after


def _beliefs(*texts: str) -> tuple[list[str], list[str]]:
    """(current, ended) statements after each text is said (one message each)."""
    return beliefs_after(Owner("second-sitting", "u"), *texts)


def _proposals(text: str) -> list[tuple[str, str | None, str | None]]:
    """(statement, subject, value) of what the rule extractor proposes for one user message."""
    owner = Owner("second-sitting", "u")
    at = datetime(2026, 8, 12, 9, tzinfo=UTC)
    item = DeltaItem("s", 1, "user", text, at, 1)
    found = RuleExtractor().extract(ExtractionContext(owner, "s", (item,), None, at)).proposals
    return [(p.statement, p.subject, p.value) for p in found]


# --- one-character kin words are people of their own ----------------------------------


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("我爸在银行工作。", "我妈在医院工作。"),
        ("我哥住在天津。", "我姐住在大连。"),
        ("我弟在北京读书。", "我妹在武汉读书。"),
    ],
)
def test_one_character_kin_words_name_people_of_their_own(first: str, second: str) -> None:
    current, ended = _beliefs(first, second)
    assert len(current) == 2 and not ended, (current, ended)


def test_a_kin_word_is_the_subject_not_the_speaker() -> None:
    (found,) = _proposals("我妈退休了。")
    assert found[1] == "user:妈妈", found


def test_a_kin_word_said_short_or_written_out_is_one_person() -> None:
    current, ended = _beliefs("我弟弟在深圳读大学。", "我弟毕业了，现在在北京上班。")
    assert any("深圳" in s for s in ended), (current, ended)


# --- correction formulas before the corrected words -----------------------------------


@pytest.mark.parametrize(
    ("first", "second", "now", "gone"),
    [
        ("My landlord is called Morris.", "sorry, wrong name, he's Maurice", "Maurice", "Morris"),
        ("Our contractor is Bolton Builders.", "ugh autocorrect, it's Bolten Builders", "Bolten", "Bolton"),
        ("My bike lock code is 2280.", "small fix: bike lock code is 2208", "2208", "2280"),
        ("健身房在四楼。", "我记错了，健身房是六楼。", "六楼", "四楼"),
        ("快递柜在三号门。", "我弄错了，快递柜在五号门。", "五号门", "三号门"),
    ],
)
def test_a_correction_formula_lets_the_next_words_correct(first: str, second: str, now: str, gone: str) -> None:
    current, ended = _beliefs(first, second)
    assert any(now in s for s in current), current
    assert not any(gone in s for s in current), current
    assert any(gone in s for s in ended), ended


@pytest.mark.parametrize("text", ["我记错了，快递柜在东门。", "我弄错了，周会在三楼。"])
def test_a_clause_that_is_only_a_correction_formula_is_no_belief(text: str) -> None:
    statements = [s for s, _, _ in _proposals(text)]
    assert statements and not any("错" in s for s in statements), statements


# --- Chinese nouns that hold a verb character ------------------------------------------


@pytest.mark.parametrize(
    ("first", "second", "now", "gone"),
    [
        ("会议室在八楼。", "会议室在九楼。", "九楼", "八楼"),  # 会议室: a room, not "can"
        ("会计部在二楼。", "会计部在三楼。", "三楼", "二楼"),
    ],
)
def test_a_noun_with_a_verb_character_is_single_valued(first: str, second: str, now: str, gone: str) -> None:
    current, ended = _beliefs(first, second)
    assert any(now in s for s in current) and not any(gone in s for s in current), current
    assert any(gone in s for s in ended), ended


def test_many_valued_chinese_verbs_still_keep_both() -> None:
    current, ended = _beliefs("我喜欢吃饺子。", "我喜欢吃包子。")
    assert len(current) == 2 and not ended, (current, ended)


# --- a habit begun replaces the habit it changes ---------------------------------------


@pytest.mark.parametrize(
    ("first", "second", "now", "gone"),
    [
        ("I read the news on my tablet.", "I have started reading the news on my phone.", "phone", "tablet"),
        ("I do my groceries on Saturday.", "I have started doing my groceries on Thursday.", "Thursday", "Saturday"),
    ],
)
def test_a_habit_begun_replaces_the_habit(first: str, second: str, now: str, gone: str) -> None:
    current, ended = _beliefs(first, second)
    assert any(now in s for s in current) and not any(gone in s for s in current), current
    assert any(gone in s for s in ended), ended


def test_a_habit_begun_on_another_topic_keeps_the_first() -> None:
    current, ended = _beliefs("I walk the dog at 7 am.", "I've started taking piano lessons.")
    assert len(current) == 2 and not ended, (current, ended)


# --- a dropped subject before more change verbs ----------------------------------------


@pytest.mark.parametrize(
    ("first", "second", "now", "gone"),
    [
        ("I live in Cork.", "Relocated to Galway over the summer.", "Galway", "Cork"),
        ("My phone number is on Vodafone.", "Ported my number to Three.", "Three", "Vodafone"),
    ],
)
def test_a_change_verb_without_its_subject_is_the_speakers(first: str, second: str, now: str, gone: str) -> None:
    current, ended = _beliefs(first, second)
    assert any(now in s for s in current) and not any(gone in s for s in current), current
    assert any(gone in s for s in ended), ended


# --- a weekday in the past tense dates the change ---------------------------------------


_WED = datetime(2026, 9, 16, 9, tzinfo=UTC)  # a Wednesday


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("The school raised the lunch fee on Monday.", "2026-09-14"),
        ("We signed the new lease on Friday.", "2026-09-11"),
    ],
)
def test_a_weekday_told_in_the_past_is_the_last_such_day(text: str, day: str) -> None:
    found = find_time(text, _WED)
    assert found is not None and found.when.date().isoformat() == day, found


@pytest.mark.parametrize(
    "text",
    [
        "Choir practice is on Monday.",  # a schedule
        "We're flying out on Friday.",  # a plan
        "I need to renew my passport on Friday.",  # a duty to come ("need" is no past verb)
    ],
)
def test_a_weekday_in_a_schedule_or_plan_is_no_past_date(text: str) -> None:
    assert find_time(text, _WED) is None


def test_a_dated_change_keeps_the_date_out_of_its_value() -> None:
    values = [v for _, _, v in _proposals("The gym raised the day pass to $12 on Monday.")]
    assert values == ["$12"], values


# --- a clock time before a word saying when it starts -----------------------------------


@pytest.mark.parametrize(
    ("text", "time"), [("practice moved to 8 starting next month", "08:00"), ("the call is at 11", "11:00")]
)
def test_a_clock_time_is_read_whole(text: str, time: str) -> None:
    found = time_in(text)
    assert found is not None and found.value == time, found


def test_a_number_with_a_unit_is_no_clock_time() -> None:
    assert time_in("the parcel weighs 12 kilos") is None


# --- an event named first in its sentence is no person -------------------------------


@pytest.mark.parametrize(
    ("first", "second", "now", "gone"),
    [
        ("Rehearsal is at 6:30.", "we moved rehearsal to 7 starting this month", "7", "6:30"),
        ("Orientation is on Monday.", "orientation got moved to Wednesday", "Wednesday", "Monday"),
    ],
)
def test_an_event_said_first_is_the_speakers_and_its_time_changes(first: str, second: str, now: str, gone: str) -> None:
    current, ended = _beliefs(first, second)
    assert any(now in s for s in current) and not any(gone in s for s in current), current
    assert any(gone in s for s in ended), ended


def test_a_person_named_first_keeps_their_own_subject() -> None:
    (found,) = _proposals("Nadia is at 12 Birch Lane.")
    assert found[1] == "user:nadia", found


# --- a count said as where the number stands ------------------------------------------


def test_a_count_said_as_where_it_stands_replaces_the_count() -> None:
    current, ended = _beliefs("The club has 40 members.", "the club is at 55 members after the open day")
    assert any("55" in s for s in current) and not any("40" in s for s in current), current
    assert any("40" in s for s in ended), ended


# --- a role and the person in it --------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "second", "now", "gone"),
    [
        ("Our swim coach is Mr. Abbott.", "The club got a new coach, Ms. Okonkwo.", "Okonkwo", "Abbott"),
        ("我的房东是刘阿姨。", "房子转手了，新房东是赵先生。", "赵先生", "刘阿姨"),
    ],
)
def test_a_new_person_in_a_role_replaces_the_one_before(first: str, second: str, now: str, gone: str) -> None:
    current, ended = _beliefs(first, second)
    assert any(now in s for s in current) and not any(gone in s for s in current), current
    assert any(gone in s for s in ended), ended


def test_a_new_person_in_one_of_two_roles_of_a_kind_is_not_guessed_by_slot() -> None:
    """The looser slot match (a head noun with fewer modifiers) acts only on the one belief it fits."""
    current, _ = _beliefs("My piano teacher is Ms. Vo.", "My math teacher is Mr. Ruiz.", "Our choir director is Ann.")
    assert len(current) == 3, current


# --- precision: wisdom, a cut-off clause and a passing mood are no one's fact ----------


@pytest.mark.parametrize(
    "text",
    [
        "Old photos really have a way of warming our hearts.",  # a maxim: a general subject, a verb of general effect
        "Kind words have a way of sticking with me.",
        "Little routines like this can make a big impact in how I work.",
        "The trip was booked through Expedia, and Omar.",  # a clause cut off after its conjunction
        "Speaking of road trips, my van.",
        "I'm staying strong and pushing through.",  # a passing mood, the whole clause
        "I've been doing fine.",
        "I can handle it all.",
    ],
)
def test_no_ones_fact_leaves_no_belief(text: str) -> None:
    assert _proposals(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "Kids have swim class on Saturday.",  # a bare plural with a fact of its own
        "I met my aunts, and Rosa.",  # the speaker's own clause
        "I've been doing great - I just got promoted to team lead!",  # a mood beside a fact: the fact stays
        "Our dogs can open the back gate.",
        "My kids can make pancakes.",
    ],
)
def test_facts_near_those_forms_stay(text: str) -> None:
    assert _proposals(text), text


# --- a denial and the value said in its place -------------------------------------------


@pytest.mark.parametrize(
    ("first", "second", "now", "gone"),
    [
        ("My son's grade in maths is B+.", "My son's grade in maths is not B+, it's A-.", "A-", "B+"),
        ("My locker is 14.", "My locker is not 14, it's 41.", "41", "14"),
    ],
)
def test_a_denial_with_the_value_in_its_place_is_one_correction(first: str, second: str, now: str, gone: str) -> None:
    current, ended = _beliefs(first, second)
    assert any(now in s for s in current), current
    assert not any(gone in s.replace(now, "") for s in current), current  # no "is not B+" belief beside it
    assert any(gone in s for s in ended), ended
