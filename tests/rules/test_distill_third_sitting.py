"""Mechanisms found in the read half of the third blind sitting, one rule each,
checked through the pure extractor + reconcile path the governance eval runs. The
wordings are neither the eval's nor any blind sitting's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from ledgermind import Owner
from ledgermind.distill import DeltaItem, ExtractionContext, RuleExtractor
from tests.support.said import beliefs_after


def _beliefs(*texts: str) -> tuple[list[str], list[str]]:
    """(current, ended) statements after each text is said (one message each)."""
    return beliefs_after(Owner("third-sitting", "u"), *texts)


# --- a pronoun subject is the person spoken of last -------------------------------------


@pytest.mark.parametrize(
    ("first", "second", "now", "gone"),
    [
        ("我姐姐在律所上班。", "不对，她在法院上班。", "法院", "律所"),
        ("My brother works at Boeing.", "Sorry, he works at Airbus.", "Airbus", "Boeing"),
        ("My aunt lives in Leeds.", "She lives in York now.", "York", "Leeds"),
    ],
)
def test_he_or_she_is_the_person_spoken_of_last(first: str, second: str, now: str, gone: str) -> None:
    current, ended = _beliefs(first, second)
    assert any(now in s and not s.lower().startswith(("he ", "she ", "她", "他")) for s in current), current
    assert not any(gone in s for s in current), (current, ended)


def test_a_pronoun_after_two_people_named_at_once_resolves_to_neither() -> None:
    current, _ = _beliefs("My brother works at Boeing and my sister works at Pfizer.", "He works at Airbus now.")
    assert any("Boeing" in s for s in current) and any("Pfizer" in s for s in current), current


# --- the one amount of a unit that moved, said about the same thing in other words ------


@pytest.mark.parametrize(
    ("first", "second", "now", "gone"),
    [
        ("My nephew is 98 cm tall.", "My nephew measured 104 cm at the doctor's last week.", "104", "98"),
        ("My loan's interest rate is 7.5%.", "The lender cut my loan's rate to 6.8% last month.", "6.8%", "7.5%"),
        ("I wake up at 6 am on weekdays.", "Lately I'm up at 7 am on weekdays.", "7 am", "6 am"),
    ],
)
def test_an_amount_of_the_same_unit_moved_replaces_the_old(first: str, second: str, now: str, gone: str) -> None:
    current, ended = _beliefs(first, second)
    assert any(now in s for s in current), current
    assert not any(gone in s for s in current), (current, ended)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("My suitcase weighs 23 kg.", "My sister's dog weighs 9 kg now."),
        ("My rent is $1,400.", "My car payment is now $380."),
    ],
)
def test_an_amount_of_another_thing_keeps_both(first: str, second: str) -> None:
    current, ended = _beliefs(first, second)
    assert len(current) == 2 and not ended, (current, ended)


# --- an ending reaches the belief that names the very thing ended -----------------------


def test_an_ended_thing_with_a_new_state_after_it_is_replaced() -> None:
    current, ended = _beliefs(
        "I train at a CrossFit box on Elm Road.", "I cancelled the CrossFit box and train in my garage now."
    )
    assert any("garage" in s for s in current), current
    assert any("Elm Road" in s for s in ended) and not any("Elm Road" in s for s in current), (current, ended)


def test_an_ended_thing_alone_ends_the_belief_that_names_it() -> None:
    current, ended = _beliefs("I rent a storage unit on Pine Street.", "I got rid of the storage unit last month.")
    assert any("Pine Street" in s for s in ended) and not any("Pine Street" in s for s in current), (current, ended)


def test_ending_another_thing_leaves_the_belief() -> None:
    current, ended = _beliefs("I volunteer at the food bank on Fridays.", "I quit my job at the bakery and feel great.")
    assert any("food bank" in s for s in current) and not ended, (current, ended)


# --- a denial said first, after any clause break, and a denied 在 / 叫 ------------------


@pytest.mark.parametrize(
    ("first", "second", "now", "gone"),
    [
        ("Our wedding venue is the Grand Hotel.", "Not the Grand Hotel — it's the Ritz.", "Ritz", "Grand Hotel"),
        ("My train leaves from Euston.", "Not Euston - it leaves from King's Cross.", "King's Cross", "Euston"),
        ("我们家的鹦鹉叫阿福。", "说错了，不叫阿福，叫阿旺。", "阿旺", "阿福"),
    ],
)
def test_a_denial_said_first_corrects_the_belief_that_holds_it(first: str, second: str, now: str, gone: str) -> None:
    current, ended = _beliefs(first, second)
    assert any(now in s for s in current), current
    assert not any(gone in s for s in current) and any(gone in s for s in ended), (current, ended)


# --- Chinese: a topic said first, ended by a negated verb with no object of its own -------


@pytest.mark.parametrize(
    ("first", "second", "gone"),
    [
        ("我在家里养了两只仓鼠。", "仓鼠送给朋友了，不养了。", "仓鼠"),
        ("我周末会弹一会儿尤克里里。", "尤克里里早就不弹了。", "尤克里里"),
    ],
)
def test_a_topic_ended_by_a_negated_verb_without_object_ends_its_belief(first: str, second: str, gone: str) -> None:
    current, ended = _beliefs(first, second)
    assert not any(gone in s and "不" not in s for s in current) and ended, (current, ended)


def test_a_negated_verb_with_its_own_object_leaves_the_topic_alone() -> None:
    current, ended = _beliefs("我家狗狗叫豆豆。", "狗狗不吃狗粮了。")
    assert any("豆豆" in s for s in current) and not ended, (current, ended)


# --- a person named first is the subject, a relation after the verb its object -----------


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("My uncle lives in Tampa.", "Grandma moved in with my uncle last month."),
        ("My brother works at Intel.", "Priya works with my brother now."),
    ],
)
def test_a_relation_after_the_verb_is_not_the_subject(first: str, second: str) -> None:
    current, ended = _beliefs(first, second)
    assert len(current) == 2 and not ended, (current, ended)


def test_a_person_named_first_changes_their_own_belief() -> None:
    current, ended = _beliefs("Grandma lives in a flat in Leeds.", "Grandma moved in with my uncle in Tampa in May.")
    assert any("Tampa" in s for s in current) and not any("Leeds" in s for s in current), (current, ended)


# --- Chinese: a clause that opens with one of the speaker's people is the speaker's -------


@pytest.mark.parametrize("text", ["女儿住奶奶家。", "老公在学开车。"])
def test_a_clause_opening_with_a_kin_word_is_a_belief(text: str) -> None:
    current, _ = _beliefs(text)
    assert len(current) == 1 and current[0].startswith("用户"), current


def test_a_kin_words_state_ended_in_the_same_form() -> None:
    current, ended = _beliefs("女儿住奶奶家。", "女儿现在不住奶奶家了。")
    assert any("女儿住奶奶家" in s for s in ended) and not any("女儿住奶奶家" in s for s in current), (current, ended)


# --- a thin value closing a sentence whose first part says why ---------------------------


@pytest.mark.parametrize(
    ("first", "second", "now", "gone"),
    [
        ("我现在六十五公斤。", "坚持游泳一年，现在五十八公斤。", "五十八公斤", "六十五公斤"),
        ("My commute is 14 km.", "since we moved across town, it's 9 km now", "9 km", "14 km"),
    ],
)
def test_a_thin_value_after_a_reason_replaces_the_one_value_of_its_shape(
    first: str, second: str, now: str, gone: str
) -> None:
    current, ended = _beliefs(first, second)
    assert any(now in s for s in current), current
    assert not any(gone in s for s in current), (current, ended)


# --- a correction formula before the thing named and its copula -------------------------


@pytest.mark.parametrize(
    ("first", "second", "now", "gone"),
    [
        (
            "The recycling gets collected on Mondays.",
            "I misspoke, recycling day is Thursdays.",
            "Thursdays",
            "Mondays",
        ),
        ("We pay $120 for the parking permit.", "oops, permit fee is $150", "$150", "$120"),
        ("The exam is on May 3.", "correction: the exam is May 13", "May 13", "May 3"),
    ],
)
def test_a_formula_then_the_thing_and_its_new_value_corrects(first: str, second: str, now: str, gone: str) -> None:
    current, ended = _beliefs(first, second)
    assert any(now in s for s in current), current
    assert not any(gone + "." in s or s.endswith(gone) for s in current), (current, ended)


def test_an_english_clause_opening_with_a_bare_kin_word_is_about_the_speakers_relative() -> None:
    current, ended = _beliefs(
        "My son's piano teacher is Mr. Ortiz.", "son switched piano teachers, he's with Ms. Kaur now"
    )
    assert any("Kaur" in s and s.startswith("The user's son") for s in current), current
    assert not any("Ortiz" in s for s in current), (current, ended)


def test_an_amount_closed_by_le_is_a_new_situation() -> None:
    current, ended = _beliefs("我现在月租三千二百元。", "房东涨价，三千五百元了。")
    assert any("三千五百元" in s for s in current), current
    assert not any("三千二百元" in s for s in current), (current, ended)


def test_a_time_said_after_a_correction_does_not_date_it() -> None:
    at = datetime(2026, 8, 12, 9, tzinfo=UTC)
    item = DeltaItem("s", 1, "user", "Wait, the water bill is $75, I checked last year's bill.", at, 1)
    found = RuleExtractor().extract(ExtractionContext(Owner("third-sitting", "u"), "s", (item,), None, at)).proposals
    corrections = [p for p in found if "$75" in p.statement]
    assert corrections and all(p.valid_from == at for p in corrections), [(p.statement, p.valid_from) for p in found]
