"""The assistant's words about the user, confirmed by a bare "yes", read as the
user's own (pure)."""

from __future__ import annotations

import pytest

from ledgermind.distill.confirmations import confirmed, is_confirmation


@pytest.mark.parametrize("said", ["Yes, that's right.", "yep", "Exactly!", "correct, thanks", "对", "没错"])
def test_a_bare_yes_is_a_confirmation(said: str) -> None:
    assert is_confirmation(said)


@pytest.mark.parametrize("said", ["Yes, but I eat fish now", "yes I moved to Porto", "maybe", "不是"])
def test_a_yes_with_words_of_its_own_or_a_no_is_not(said: str) -> None:
    assert not is_confirmation(said)


@pytest.mark.parametrize(
    ("assistant", "first_person"),
    [
        ("So you're pescatarian, right?", ["I'm pescatarian."]),
        ("You mentioned you teach at Hillcrest.", ["I teach at Hillcrest."]),
        ("Do you have three cats?", ["I have three cats."]),
        ("Just to confirm, your dentist is Dr Okafor?", ["My dentist is Dr Okafor."]),
        ("所以你在深圳工作，对吧？", ["我在深圳工作。"]),
        # a question asking for a value, or words about something else, confirm nothing
        ("Where do you work now?", []),
        ("Great, I'll remember that.", []),
    ],
)
def test_the_assistants_words_about_the_user_in_the_first_person(assistant: str, first_person: list[str]) -> None:
    assert confirmed(assistant) == first_person
