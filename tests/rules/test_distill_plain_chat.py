"""Changes said as chat says them: a clock time followed by how long it has held, a group that
ended with its article dropped, a vehicle called back by its kind, a day corrected as an
ordinal, a relative's name said as "X's name is", a thing's use as its scope, lists of three
verb phrases or of three things each for its own use, a Chinese laugh or a point granted, and
a fact followed by what two people can now do together.

One class each, in wordings of our own (neither the eval's nor any sitting's), checked through
the pure extractor + reconcile path the governance eval runs."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from ledgermind.distill.clauses import clauses
from ledgermind.distill.statements import is_statement
from tests.support.said import beliefs_after


def _beliefs(*texts: str, one_session: bool = False) -> tuple[list[str], list[str]]:
    return beliefs_after(Owner("plain-chat", "u"), *texts, one_session=one_session)


# --- a clock time, then how long it has held ---------------------------------------------------


def test_a_time_followed_by_the_weeks_it_has_held_is_the_new_time() -> None:
    current, ended = _beliefs("i get up at 5:30 for work", "been getting up at 7 the last few weeks, way better")
    assert ended == ["The user gets up at 5:30 for work."], (current, ended)


def test_a_time_followed_by_a_unit_is_no_clock_time() -> None:
    current, ended = _beliefs("i get up at 5:30 for work", "i have been up 7 days straight on this project")
    assert ended == [], (current, ended)


# --- a thing of theirs ended, its article dropped ----------------------------------------------


@pytest.mark.parametrize(
    ("held", "ending"),
    [
        ("i'm in a running club that meets on thursdays", "running club folded lol"),
        ("we have a gym membership at Anytime Fitness", "gym membership lapsed in june"),
    ],
)
def test_a_thing_that_ended_said_without_its_article_ends(held: str, ending: str) -> None:
    current, ended = _beliefs(held, ending)
    assert len(ended) == 1 and ended[0].startswith("The user"), (current, ended)


def test_an_imperative_is_still_no_statement() -> None:
    assert not is_statement("book a table for two at eight")


# --- a vehicle called back by its kind ---------------------------------------------------------


def test_the_truck_sold_is_the_pickup_the_speaker_drives() -> None:
    current, ended = _beliefs("I drive a 2015 Silverado", "sold the truck to my cousin")
    assert ended == ["The user drives a 2015 Silverado."], (current, ended)


def test_the_bike_sold_is_the_motorcycle_the_speaker_owns() -> None:
    current, ended = _beliefs("I own a Ducati Monster motorcycle", "finally sold the bike")
    assert ended == ["The user owns a Ducati Monster motorcycle."], (current, ended)


def test_a_car_of_another_kind_ends_no_scooter() -> None:
    current, ended = _beliefs("i ride a scooter to class", "my roommate's car got stolen")
    assert ended == [], (current, ended)


def test_a_bike_sold_ends_no_car_driven() -> None:
    current, ended = _beliefs("i drive a mazda 3", "sold my old bike on marketplace")
    assert ended == [], (current, ended)


# --- a day corrected as an ordinal -------------------------------------------------------------


def test_a_day_corrected_as_an_ordinal_corrects_the_day_written_without_it() -> None:
    current, ended = _beliefs("our wedding anniversary is october 21", "oops it's october 12th not 21st")
    assert ended == ["The user's wedding anniversary is october 21."], (current, ended)
    assert current == ["The user's wedding anniversary is october 12th."], (current, ended)


# --- someone's name said as what they are called -----------------------------------------------


def test_a_relatives_name_said_as_name_is_is_who_they_are() -> None:
    current, ended = _beliefs("My grandpa's name is Walter", "sorry, got my wires crossed, my grandpa is Harold")
    assert ended == ["The user's grandpa's name is Walter."], (current, ended)
    assert current == ["The user's grandpa's name is Harold."], (current, ended)


def test_another_relative_named_keeps_the_first() -> None:
    current, ended = _beliefs("My grandpa's name is Walter", "my uncle is Harold")
    assert ended == [], (current, ended)


def test_the_wires_crossed_is_no_fact() -> None:
    assert not is_statement("got my wires crossed")


# --- a thing's use is its scope ----------------------------------------------------------------


def test_a_laptop_work_gave_the_speaker_keeps_the_personal_one() -> None:
    current, ended = _beliefs("I have a Dell XPS for personal use", "my company issued me a ThinkPad")
    assert ended == [], (current, ended)


def test_a_new_laptop_for_the_same_use_replaces_the_old() -> None:
    current, ended = _beliefs("I have a Dell XPS for personal use", "bought a MacBook Air for personal stuff")
    assert ended == ["The user has a Dell XPS for personal use."], (current, ended)


# --- lists of three -----------------------------------------------------------------------------


def test_three_verb_phrases_with_drink_are_three_clauses() -> None:
    assert clauses("I run 20 miles a week, drink green tea and swim on sundays") == [
        "I run 20 miles a week",
        "I drink green tea",
        "I swim on sundays",
    ]


def test_three_things_each_for_its_own_use_are_three_clauses() -> None:
    assert clauses("I use Notion for notes, Todoist for tasks, and Gmail for everything else") == [
        "I use Notion for notes",
        "I use Todoist for tasks",
        "I use Gmail for everything else",
    ]


def test_ending_one_of_three_things_leaves_the_others() -> None:
    current, ended = _beliefs(
        "I use Notion for notes, Todoist for tasks, and Gmail for everything else", "cancelled todoist last week"
    )
    assert ended == ["The user uses Todoist for tasks."], (current, ended)


# --- Chinese chatter ------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["哈哈哈笑死我了", "太好笑了", "你说得对，我再想想", "有道理，我考虑一下"])
def test_a_laugh_or_a_point_granted_is_no_statement(text: str) -> None:
    assert not is_statement(text)


# --- a fact, then what two people can now do together ---------------------------------------------


def test_a_fact_followed_by_what_we_can_do_together_is_kept() -> None:
    current, ended = _beliefs(
        "My wife works weekends at the bakery", "She moved to weekdays, so we can hike together", one_session=True
    )
    assert ended == ["The user's wife works weekends at the bakery."], (current, ended)
    assert all("together" not in c for c in current), current


def test_we_can_do_it_together_alone_is_no_statement() -> None:
    assert not is_statement("we can get through this together")


# --- a weight said as what the speaker is, and its reading taken -------------------------------


def test_a_weighing_replaces_a_weight_said_as_what_the_speaker_is() -> None:
    current, ended = _beliefs("I'm 96 kg at the moment", "I weighed in on saturday at 93.5")
    assert ended == ["The user is 96 kg at the moment."], (current, ended)


def test_a_weighing_said_as_a_label_is_the_speaker_weighing_in() -> None:
    assert clauses("weighed in today: 88") == ["I weighed in today at 88"]


def test_someone_elses_weight_is_not_the_speakers() -> None:
    current, ended = _beliefs("I'm 96 kg at the moment", "my dad is 80 kg")
    assert ended == [], (current, ended)


def test_a_goal_said_after_the_weight_is_its_own_clause() -> None:
    assert clauses("I'm 60 kg now, target is 57") == ["I'm 60 kg now", "my target is 57"]


# --- a new one of theirs named, and whose it is ------------------------------------------------


def test_a_new_one_named_replaces_the_one_held() -> None:
    current, ended = _beliefs("my physio is Anna", "I got a new physio named Marek")
    assert ended == ["The user's physio is Anna."], (current, ended)


def test_a_new_one_called_after_a_guy_is_named_in_lower_case_too() -> None:
    assert clauses("we have a new landlord, a guy called omar") == ["my new landlord is omar"]


def test_a_relatives_new_one_is_the_relatives() -> None:
    current, ended = _beliefs("my tutor is Mr. Hale", "my son has a new tutor, Ms. Okoro")
    assert ended == [], (current, ended)
    assert "The user's son's new tutor is Ms. Okoro." in current, current
