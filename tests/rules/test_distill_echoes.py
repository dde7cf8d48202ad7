"""An answer that echoes the question's verb with "it" names what was asked about (``echoes``).

Checked through the rule extractor with two named speakers, as chats between people reach it,
in wordings of our own."""

from __future__ import annotations

from datetime import UTC, datetime

from ledgermind import Owner
from ledgermind.distill import DeltaItem, ExtractionContext, RuleExtractor
from ledgermind.distill.echoes import echoed

_AT = datetime(2026, 3, 1, tzinfo=UTC)


def _statements(*turns: tuple[str, str]) -> list[str]:
    items = tuple(DeltaItem("s", i + 1, "user", text, _AT, i + 1, name=who) for i, (who, text) in enumerate(turns))
    extraction = RuleExtractor().extract(ExtractionContext(Owner("echoes", "u"), "s", items, None, _AT))
    return [p.statement for p in extraction.proposals]


def test_it_after_the_questions_verb_is_the_thing_asked_about() -> None:
    said = _statements(("Ana", "Have you tried the new climbing gym yet?"), ("Ben", "I haven't tried it yet."))
    assert "Ben hasn't tried the new climbing gym yet." in said, said


def test_the_askers_i_is_the_asker_by_name() -> None:
    said = _statements(
        ("Ana", "Did you finish that book I lent you?"), ("Ben", "Finished it on Sunday, loved every page.")
    )
    assert any("the book Ana lent Ben" in s for s in said), said


def test_without_the_verb_echoed_it_stays_as_said() -> None:
    said = _statements(("Ana", "Did you see the match?"), ("Ben", "We lost it in the last minute, gutting."))
    assert not any("the match" in s for s in said), said


def test_a_light_verb_vouches_for_nothing() -> None:
    assert echoed("I have it somewhere in a drawer.", "Do you still have the receipt?") is None


def test_the_speakers_own_question_is_no_question_to_them() -> None:
    said = _statements(("Ben", "Should I sell the old van?"), ("Ben", "I'll sell it in spring probably."))
    assert not any("old van" in s for s in said), said


def test_the_askers_i_without_a_name_is_not_guessed() -> None:
    assert echoed("I read it twice.", "Did you read the letter I sent?") is None
