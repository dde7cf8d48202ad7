"""A "he" / "she" after one of the speaker's people is that person, within a
message and across the speaker's messages of one delta (and the previous
delta's last ones): what was said about them is kept, not dropped as a
statement about no one. Through the real rule extractor."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from ledgermind import Owner
from ledgermind.distill import DeltaItem, ExtractionContext, RuleExtractor
from ledgermind.distill.spoken_of import PersonSpokenOf

AT = datetime(2026, 3, 1, 10, tzinfo=UTC)


def _said(*texts: str, previous: tuple[str, ...] = ()) -> list[tuple[str | None, str]]:
    def item(i: int, text: str) -> DeltaItem:
        return DeltaItem("s", i + 1, "user", text, AT + timedelta(seconds=i), i + 1)

    before = tuple(item(i, t) for i, t in enumerate(previous))
    items = tuple(item(len(previous) + i, t) for i, t in enumerate(texts))
    extraction = RuleExtractor().extract(ExtractionContext(Owner("spoken", "u"), "s", items, None, AT, before))
    return [(p.subject, p.statement) for p in extraction.proposals]


def test_she_in_the_same_message_is_the_daughter_named_before() -> None:
    said = [statement for _, statement in _said("My daughter switched schools, she's at Oakwood now.")]
    assert said == ["The user's daughter switched schools.", "The user's daughter is at Oakwood now."]


def test_he_in_a_later_message_of_the_delta_is_the_husband() -> None:
    said = _said("My husband works at Barclays.", "No wait, he works at Allianz.")
    assert ("user:husband", "The user's husband works at Allianz.") in said
    assert not any("someone else" in (subject or "") for subject, _ in said)


def test_the_previous_delta_names_the_person_too() -> None:
    said = _said("She switched schools, she's at Oakwood now.", previous=("My daughter goes to Lincoln Elementary.",))
    assert any(statement == "The user's daughter is at Oakwood now." for _, statement in said)


@pytest.mark.parametrize(
    ("named", "clause", "read"),
    [
        ("My wife loves hiking", "he is a dentist", "he is a dentist"),  # "he" cannot be the wife
        ("My son plays chess", "she's at Oakwood now", "she's at Oakwood now"),
        ("My boss quit", "she's moving to Lisbon", "my boss is moving to Lisbon"),  # either fits a boss
        ("My sister moved", "she's been in Oslo since May", "my sister has been in Oslo since May"),
        ("My parents retired", "they moved to Faro", "my parents moved to Faro"),  # a "they", not a "he" / "she"
        ("My parents retired", "they say Faro is lovely", "they say Faro is lovely"),  # whoever says it
        ("My kids are at camp", "she is 7", "she is 7"),  # a plural names no one person
    ],
)
def test_a_pronoun_is_read_as_the_person_only_where_it_can_be_them(named: str, clause: str, read: str) -> None:
    spoken_of = PersonSpokenOf()
    assert spoken_of.resolved(named) == named
    assert spoken_of.resolved(clause) == read


def test_a_pronoun_after_a_lead_in_is_the_person_named_last() -> None:
    from ledgermind.distill.spoken_of import PersonSpokenOf

    spoken = PersonSpokenOf()
    spoken.resolved("My son is allergic to peanuts")
    assert spoken.resolved("Turns out he outgrew the peanut allergy") == "Turns out my son outgrew the peanut allergy"


def test_a_person_named_as_the_subject_is_the_he_or_she_of_the_same_message() -> None:
    said = [statement for _, statement in _said("Isla called with news. She's got a job in Glasgow.")]
    assert "Isla has got a job in Glasgow." in said
    said = [statement for _, statement in _said("Rachel and I split up. She's staying in the house for now.")]
    assert "Rachel is staying in the house for now." in said
    said = [
        statement for _, statement in _said("Our granddaughter Chloe got engaged! Her partner Sam proposed in Noosa.")
    ]
    assert "The user's granddaughter's partner Sam proposed in Noosa." in said


def test_a_name_is_no_antecedent_past_its_message_or_past_another_person_named() -> None:
    # the next message: the other speaker may have named someone else in between
    said = [statement for _, statement in _said("Isla called with news.", "She's got a job in Glasgow.")]
    assert not any("Isla has" in s for s in said), said
    # someone else brought in by name: "she" is no longer clear
    said = [statement for _, statement in _said("Maya came too, and I met a woman named Jean. She works at Tesco.")]
    assert not any("Maya works" in s for s in said), said


@pytest.mark.parametrize(
    "first",
    [
        "Two seamstresses work with her.",  # a number
        "Fingers crossed for the interview.",  # a plural noun
        "Honestly turned out great.",  # an adverb
        "Writing helps me relax.",  # a gerund
    ],
)
def test_a_capitalised_first_word_that_is_no_name_is_no_antecedent(first: str) -> None:
    spoken = PersonSpokenOf()
    spoken.resolved(first)
    assert spoken.resolved("She is a nurse.") == "She is a nurse."
