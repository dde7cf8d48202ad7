"""What friends' chat says in fragments, and who a clause without its subject is about.

A careful note-taker writes down who did what; from chat between friends the rule path used to
keep pieces no one would: a phrase opened by a common adjective read as a name ("Huge windows,
tiny rent."), a comparison whose thing was said before ("Nicer than I expected", "Almost as
funny as ..."), a condition or a report read as a fact ("when my landlord is late", "which my
aunt says is normal"), what a thing took ("Took a while to ..."), a question in brackets, a
judgement of the other's choice, a view of everyone ("Nobody needs ..."), news taken in ("I had
no idea ..."), a guess agreed to ("I like to think so", "..., I reckon"), a reaction nearly had,
a relative clause on its own ("my neighbour who is ..."). A clause that left its subject out
after one about a relative ("My aunt is much stronger, cooking for herself again") was written
down as the speaker's, and a "she" after someone brought in unnamed ("an old woman") was read as
the speaker's relative named earlier.

One class each, in wordings of our own (neither the eval's, a sitting's, nor a labelled
corpus's), checked through the pure extractor + reconcile path the governance eval runs."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from ledgermind.distill.statements import is_statement
from tests.support.said import beliefs_after


def _current(*texts: str) -> list[str]:
    return beliefs_after(Owner("chat-fragments", "u"), *texts)[0]


# --- a dropped subject after a clause about someone else -----------------------------------------


def test_a_clause_without_its_subject_goes_on_about_the_relative_before_it() -> None:
    current = _current("My aunt is much stronger now, cooking for herself again these days.")
    assert "The user's aunt is cooking for herself again these days." in current, current
    assert not any(s.startswith("The user is cooking") for s in current), current


def test_a_plural_relative_keeps_their_number() -> None:
    current = _current("My parents are doing well, gardening every weekend these days.")
    assert "The user's parents are gardening every weekend these days." in current, current


def test_after_a_clause_of_the_speaker_the_dropped_subject_is_still_the_speaker() -> None:
    current = _current("I'm fine, moved to Leeds last month.")
    assert any("moved to Leeds" in s and s.startswith("The user") and "'s" not in s.split()[1] for s in current), (
        current
    )


# --- fragments that are no one's fact ----------------------------------------------------------


@pytest.mark.parametrize(
    "fragment",
    [
        "Huge windows, tiny rent, short commute.",
        "Lovely neighbours and a quiet street.",
        "Nicer than I expected, honestly.",
        "Took a while to get the hang of it.",
        "Took some patience but it works now.",
        "(Did I spell that correctly?)",
        "I think is a really smart choice.",
        "Nobody needs four slow cookers.",
        "Most bakeries close early on Sundays around here.",
        "I had no idea the hike was that steep.",
        "I didn't know the ferry stopped running in winter.",
        "I like to think so.",
        "Grandpa would approve, I think.",
        "Mum would love that, I reckon.",
        "I'm not sure what I think about the new logo.",
        "My sister nearly cried when she saw it.",
        "Almost as funny as the time our goat ate a sock.",
        "Not far, because of the traffic.",
        "Two minutes and I was out.",
        "Almost, I'm close.",
        "I'll show Tomasz when he gets home.",
        "Ha, I need that mug for my desk.",
        "We're absolutely melting, 38 degrees again.",
        "I'm okay, just a bit jetlagged.",
        "I will admit I am disappointed.",
        "omg that's so sweet i'm actually crying",
        "A bakery called Crumbs.",
        '"At least I am not late." Classic Pavel.',
        "Tell him I love him.",
        "I have news too.",
        "Okay, I did a thing.",
        "Now, my news is smaller.",
    ],
)
def test_a_fragment_makes_no_belief(fragment: str) -> None:
    assert _current(fragment) == [], fragment


def test_a_capitalised_word_that_is_a_name_still_opens_a_statement() -> None:
    assert is_statement("Marisol works at the library.")
    assert _current("Took some time off in May to visit my brother.") != []


def test_someone_of_the_speakers_among_everyone_is_still_a_fact() -> None:
    assert is_statement("Nobody in my family eats meat.")
    assert any("cycle" in s for s in _current("Most mornings I cycle to the office."))


def test_a_comparison_before_a_clause_of_its_own_keeps_that_clause() -> None:
    current = _current("Longer than I hoped, but I finally got the visa.")
    assert any("got the visa" in s for s in current), current


def test_a_statement_with_a_question_in_brackets_after_it_is_kept() -> None:
    assert any("Bristol" in s for s in _current("I moved to Bristol in June (remember my old flat?)"))


# --- a condition or a report is not said to hold -----------------------------------------------


@pytest.mark.parametrize(
    ("text", "never"),
    [
        ("I get so cranky when my landlord is late with repairs.", "The user's landlord is late"),
        ("She sleeps a lot, which my aunt says is normal.", "The user's aunt says"),
        ("I'd take the bus if my car is in the shop.", "The user's car is in the shop"),
    ],
)
def test_a_relative_in_a_condition_or_a_report_is_no_fact_of_theirs(text: str, never: str) -> None:
    current = _current(text)
    assert not any(s.startswith(never) for s in current), current


def test_a_relative_said_outright_is_still_a_fact() -> None:
    assert "The user's landlord is Mr. Okafor." in _current("My landlord is Mr. Okafor.")


# --- "For me, I ..." -----------------------------------------------------------------------------


def test_for_me_before_the_speaker_is_no_part_of_the_statement() -> None:
    current = _current("For me I mostly paint landscapes on weekends.")
    assert current and all(not s.startswith("For") for s in current), current


# --- who "she" is, and what a relative clause is -------------------------------------------------


def test_she_after_someone_brought_in_unnamed_is_no_relative_of_the_speaker() -> None:
    current = _current(
        "My cousin lives in Porto. At the bus stop I saw an old woman with a huge dog. She looked so lost."
    )
    assert not any("cousin" in s and "lost" in s for s in current), current


def test_she_after_a_relative_is_still_the_relative() -> None:
    current = _current("My cousin got a job at the port. She starts in March.")
    assert any(s.startswith("The user's cousin starts") for s in current), current


def test_a_relative_clause_about_a_person_is_no_statement_of_its_own() -> None:
    current = _current("Yesterday I called my neighbour who is a retired pilot and we chatted for hours.")
    assert not any(s.startswith("The user's neighbour who") for s in current), current


def test_what_makes_it_so_stays_one_clause() -> None:
    current = _current("Night shifts make it so I hardly see my kids.")
    assert current == ["Night shifts make it so the user hardly sees their kids."], current


def test_a_state_said_over_without_its_subject_is_still_the_speakers() -> None:
    current = _current("Not on the night shift anymore.")
    assert current == ["The user is not on the night shift anymore."], current


def test_we_both_in_a_state_is_the_speaker() -> None:
    current = _current("We retire in May, while we're both fit enough to travel.")
    assert "The user is fit enough to travel." in current, current


def test_the_speaker_who_needs_a_thing_needs_it() -> None:
    assert _current("I need a bigger desk for my home office.") == [
        "The user needs a bigger desk for their home office."
    ]


# --- lead-ins of chat, and who "she" is after the listener's people --------------------------------


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("🎉 I passed my driving test!", "passed their driving test"),
        ("aw no :( my bike got stolen outside the library", "bike got stolen"),
        ('"Dune" is my favourite book.', "Dune"),
        ("My big news is that I got the job at the aquarium.", "aquarium"),
    ],
)
def test_what_follows_a_lead_in_is_kept(text: str, kept: str) -> None:
    current = _current(text)
    assert any(kept in s for s in current), current


def test_she_after_the_listeners_aunt_is_not_the_speakers_sister() -> None:
    current = _current("My sister lives in Bath. Your aunt Rosa called yesterday. She wants to visit in June.")
    assert not any(s.startswith("The user's sister wants") for s in current), current


def test_she_after_a_titled_name_in_lower_case_is_not_the_speakers_mum() -> None:
    current = _current("my mum teaches chemistry. dr okafor said it makes sense and she is going to stay my advisor")
    assert not any(s.startswith("The user's mum is going") for s in current), current


def test_a_letter_opening_names_the_listener_only() -> None:
    current = _current("My dear Olek, it went very well indeed.")
    assert not any("dear Olek" in s for s in current), current


def test_a_relative_as_an_object_says_nothing_of_them() -> None:
    current = _current("Any friend who has helped my mum is welcome here.")
    assert not any(s.startswith("The user's mum is") for s in current), current


def test_surprise_corrects_nothing() -> None:
    current, ended = beliefs_after(
        Owner("chat-fragments", "u"), "My landlord got a new dog.", "Wait what!", one_session=True
    )
    assert current == ["The user's landlord got a new dog."] and ended == [], (current, ended)


def test_a_count_of_points_is_no_label() -> None:
    current = _current("Two things. One: the landlord said yes to the dog.")
    assert not any("'s one is" in s for s in current), current


def test_a_verb_called_is_still_a_verb() -> None:
    assert is_statement("Finally called it quits with my gym.")


# --- a frame's words said of the listener ----------------------------------------------------------


def test_the_listeners_home_is_not_the_speakers() -> None:
    current, ended = beliefs_after(
        Owner("chat-fragments", "u"), "I live in Bristol.", "I hope you enjoy living in Lyon!", one_session=True
    )
    assert current == ["The user lives in Bristol."] and ended == [], (current, ended)


def test_the_speakers_home_after_the_listener_is_still_theirs() -> None:
    assert any("lives in Lyon" in s for s in _current("As you know, I live in Lyon."))


def test_we_were_both_is_the_speaker() -> None:
    assert _current("We were both training for the Leeds half marathon.") == [
        "The user was training for the Leeds half marathon."
    ]
