"""How chat is typed around a change: Chinese clauses broken by spaces, a correction marked with
an asterisk, a name that corrects a word said after a copula, an amount's change said short
with its value after it, an ending whose subject was dropped, a state held "for a month".

One class each, in wordings of our own (neither the eval's nor any sitting's), checked through
the pure extractor + reconcile path the governance eval runs."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from ledgermind.distill.clauses import clauses
from ledgermind.distill.text import ages_in_digits, apostrophes_restored, kin_spelled_out, spaces_as_commas
from tests.support.said import beliefs_after


def _beliefs(*texts: str) -> tuple[list[str], list[str]]:
    return beliefs_after(Owner("chat-habits", "u"), *texts)


# --- Chinese typed without punctuation ------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("健身卡退了 太远了", "健身卡退了，太远了"),
        ("我在 Google 工作", "我在 Google 工作"),  # a space beside a Latin word is a typing habit
        ("每天跑 5 公里", "每天跑 5 公里"),  # ... and beside a number
        ("I live in Paris now", "I live in Paris now"),
    ],
)
def test_a_space_between_chinese_clauses_is_read_as_their_comma(typed: str, read: str) -> None:
    assert spaces_as_commas(typed) == read


def test_a_chinese_ending_typed_after_a_space_ends_the_belief() -> None:
    current, ended = _beliefs("我每周去两次游泳馆", "游泳馆的卡退了 搬家以后太远了")
    assert ended == ["用户每周去两次游泳馆。"], (current, ended)


def test_a_chinese_ending_closed_by_a_particle_still_ends() -> None:
    current, ended = _beliefs("我有一辆电动车", "电动车卖掉啦")
    assert ended == ["用户有一辆电动车。"], (current, ended)


def test_no_longer_working_at_a_place_ends_the_job_there() -> None:
    current, ended = _beliefs("我在一家物流公司做会计", "我已经不在物流公司上班了")
    assert ended == ["用户在一家物流公司做会计。"], (current, ended)


def test_a_couple_who_split_is_a_break_up() -> None:
    current, ended = _beliefs("我和男朋友住在一起", "我们分了")
    assert ended == ["用户和男朋友住在一起。"], (current, ended)


# --- corrections as chat marks them -----------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "mark", "now"),
    [
        ("my piano lesson is on monday", "wednesday*", "wednesday"),
        ("my niece is called Nora", "Nola*", "Nola"),
        ("the standup is at 9", "9:30*", "9:30"),
    ],
)
def test_a_value_marked_with_an_asterisk_corrects_the_last_one_of_its_shape(first: str, mark: str, now: str) -> None:
    current, ended = _beliefs(first, mark)
    assert len(ended) == 1 and any(now in s for s in current), (current, ended)


def test_an_asterisk_inside_a_sentence_is_no_correction() -> None:
    current, ended = _beliefs("my piano lesson is on monday", "I *love* my piano teacher")
    assert ended == [], (current, ended)


def test_a_name_corrects_the_word_said_after_a_copula() -> None:
    current, ended = _beliefs("my laptop is a lenovo", "sorry, it's a Dell")
    assert ended == ["The user's laptop is a lenovo."], (current, ended)
    assert "The user's laptop is a Dell." in current


def test_a_place_said_after_a_copula_corrects_no_occupation() -> None:
    current, ended = _beliefs("my cousin is a dentist", "actually she's in Leeds")
    assert ended == [], (current, ended)


# --- a change said short, an ending with its subject dropped ------------------------------------


def test_an_amount_raised_then_its_value_with_the_subject_dropped() -> None:
    assert clauses("gym raised it, paying 45 as of this month") == ["gym raised it", "I'm paying 45 as of this month"]
    current, ended = _beliefs("my gym membership is $38 a month", "gym raised it, paying 45 as of this month")
    assert ended == ["The user's gym membership is $38 a month."], (current, ended)


@pytest.mark.parametrize(
    ("first", "later"),
    [
        ("i take ibuprofen for my knee", "don't need the ibuprofen anymore, knee is fine"),
        ("I work at the bakery on main street", "no longer work at the bakery"),
    ],
)
def test_an_ending_with_its_subject_dropped_ends_the_belief(first: str, later: str) -> None:
    current, ended = _beliefs(first, later)
    assert len(ended) == 1, (current, ended)


@pytest.mark.parametrize("later", ["don't know anymore", "dont worry about it anymore", "don't need to hear it"])
def test_a_formula_with_dont_ends_nothing(later: str) -> None:
    current, ended = _beliefs("i take ibuprofen for my knee", later)
    assert ended == [], (current, ended)


def test_a_state_held_for_a_while_with_its_subject_dropped_is_a_belief() -> None:
    current, _ = _beliefs("been on the night shift for a couple of months")
    assert current == ["The user has been on the night shift for a couple of months."], current


# --- the speaker's people as chat names them ----------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("my sis is a vet", "my sister is a vet"),
        ("bro just started at Ford", "my brother just started at Ford"),
        ("mom's been in Reno since may", "my mom's been in Reno since may"),
        ("thanks bro", "thanks bro"),  # a word of address
        ("Mom, guess what", "Mom, guess what"),
        ("love you sis!", "love you sis!"),
    ],
)
def test_a_short_kin_word_is_spelled_out_and_an_opening_one_is_the_speakers(typed: str, read: str) -> None:
    assert kin_spelled_out(typed) == read


def test_a_change_of_a_person_named_by_a_short_kin_word_ends_what_was_said_of_them() -> None:
    current, ended = _beliefs("my brother teaches chemistry", "bro quit teaching, he drives for UPS now")
    assert ended == ["The user's brother teaches chemistry."], (current, ended)


@pytest.mark.parametrize(("said", "kept"), [("i'm doing keto", True), ("I'm doing great", False)])
def test_what_one_is_doing_is_a_belief_how_one_is_doing_is_not(said: str, kept: bool) -> None:
    current, _ = _beliefs(said)
    assert bool(current) is kept, current


# --- "i", "it", ages in words, acronyms typed in lower case ------------------------------------


def test_a_lower_case_i_opens_a_clause_as_I_does() -> None:
    assert apostrophes_restored("i'm vegan, gluten free, and i don't eat eggs") == (
        "I'm vegan, gluten free, and I don't eat eggs"
    )
    assert apostrophes_restored("i.e. the wifi") == "i.e. the wifi"


def test_a_value_bumped_by_pronoun_is_the_amount_said_before() -> None:
    current, ended = _beliefs("our streaming budget is $30 a month", "we bumped it to 45, too many shows")
    assert ended == ["The user's streaming budget is $30 a month."], (current, ended)


def test_an_age_reached_said_in_words_replaces_the_age_in_digits() -> None:
    assert ages_in_digits("he turned nine on friday") == "he turned 9 on friday"
    current, ended = _beliefs("my nephew is 8", "my nephew turned nine on friday")
    assert ended == ["The user's nephew is 8."], (current, ended)


def test_another_value_beside_one_not_had_is_kept_with_it() -> None:
    current, ended = _beliefs("I don't drink soda", "I do drink a lot of sparkling water")
    assert ended == [], (current, ended)
    current, ended = _beliefs("I don't drink soda", "I drink soda again")
    assert ended == ["The user doesn't drink soda."], (current, ended)


def test_an_acronym_typed_in_lower_case_names_what_it_stands_for() -> None:
    current, ended = _beliefs("I'm subscribed to the wall street journal", "let the wsj lapse, never read it")
    assert ended == ["The user is subscribed to the wall street journal."], (current, ended)


def test_a_total_as_of_a_day_replaces_the_total_said_before() -> None:
    current, ended = _beliefs("we're saving for a boat, about 8k so far", "we're at 11k as of last monday")
    assert ended == ["The user is saving for a boat, about 8k so far."], (current, ended)
    assert any(" as of " in s and " on " not in s for s in current), current


# --- the speaker and the listener together ------------------------------------------------------


@pytest.mark.parametrize(
    "said",
    [
        "we both know it was a long week",
        "I'm glad we both understand how much work it is",
        "we're both on the same page",
    ],
)
def test_the_speaker_and_the_listener_sharing_a_mind_is_no_belief(said: str) -> None:
    current, _ = _beliefs(said)
    assert current == [], current


def test_what_both_do_is_still_a_belief() -> None:
    current, _ = _beliefs("we both play the sax in a quartet")
    assert len(current) == 1, current


@pytest.mark.parametrize(
    ("first", "later", "now"),
    [
        ("my bike is a 2019 trek 7", "it's a 2021, just checked the receipt", "2021 trek 7"),
        ("my flight is on the 3rd", "it's the 5th, checked my booking", "5th"),
    ],
)
def test_a_value_with_where_it_was_read_corrects_the_nearest_one(first: str, later: str, now: str) -> None:
    current, ended = _beliefs(first, later)
    assert len(ended) == 1 and any(now in s for s in current), (current, ended)


def test_a_clause_of_its_own_with_a_check_after_it_corrects_nothing() -> None:
    current, ended = _beliefs("I swim on mondays", "I'm at the pool, checked my email")
    assert ended == [], (current, ended)


def test_a_chinese_slip_typed_after_a_space_corrects() -> None:
    assert spaces_as_commas("是181 看错了") == "是181，看错了"
    current, ended = _beliefs("我的车位号是118", "是181 看错了")
    assert ended == ["用户的车位号是118。"], (current, ended)


def test_leaving_the_army_ends_the_service_and_nothing_else() -> None:
    current, ended = _beliefs("我表哥在部队当兵，我表姐在上大学", "表哥退伍了")
    assert ended == ["用户表哥在部队当兵。"], (current, ended)
