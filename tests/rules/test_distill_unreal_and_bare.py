"""What did not happen, what the listener offered, and how one is: said in chat, no fact of a life.

A past that did not happen ("I'd have quit after an hour", "she would have loved the garden") was
written down as if it had; an answer to the listener's offer ("I would like that very much", "I
will do no such thing", "I told him the same") as the speaker's own statement; how one is or will
be, said bare ("I'll be okay", "I am perfectly well", "still recovering", "never been happier",
"all that work is paying off"), as a fact; sarcasm's stock forms ("Sure, because I totally love
waking up at 5am": a liking and a waking time) and a figure of speech of time ("Feels like yesterday
we met": a meeting dated yesterday) as meant. What stays: a clause joined to the unreal one ("..., but
I was sick"), a recovery from something named, a debt being paid off, a relative who is well. Wordings of our own (neither the eval's, a
sitting's, nor a labelled corpus's), through the pure extractor + reconcile path."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from ledgermind.distill.statements import is_counterfactual
from tests.support.said import beliefs_after


def _current(*texts: str) -> list[str]:
    return beliefs_after(Owner("unreal-and-bare", "u"), *texts)[0]


@pytest.mark.parametrize(
    "text",
    [
        "I'd have quit after an hour.",
        "She would have loved the garden.",
        "We could have won that match.",
        "I would like that very much.",
        "We'd enjoy it!",
        "I will do no such thing.",
        "I told her the same.",
        "I'll be okay.",
        "I am perfectly well.",
        "I'm still recovering.",
        "I've never been happier.",
        "All that revision is paying off.",
        # said for effect, meaning the opposite
        "Sure, because I totally love waking up at 5am.",
        "Oh great, another Monday. Just what I needed.",
        "Seems like only yesterday we met at that concert.",
        # hyperbole's stock forms
        "I've read that book like a thousand times.",
        "I'm 70% cold brew at this point.",
        "I nearly died laughing.",
        "Honestly I deserve a medal.",
    ],
)
def test_no_belief(text: str) -> None:
    assert _current(text) == [], text


def test_the_clause_joined_to_an_unreal_one_is_still_a_fact() -> None:
    current = _current("I would have gone but I was sick.")
    assert current == ["The user was sick."], current


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("I'm still recovering from a broken wrist.", "broken wrist"),
        ("I'm paying off my car loan.", "car loan"),
        ("My grandad is well.", "grandad"),
        ("I'd like that promotion.", "promotion"),
        ("Yeah because I moved to Lyon last year I know the city.", "Lyon"),
        ("I met Jo yesterday.", "met Jo"),
        ("I'm 30% done with the thesis.", "30% done"),
        ("I've been to Oslo a hundred times for work.", "Oslo"),
    ],
)
def test_what_says_something_stays(text: str, kept: str) -> None:
    current = _current(text)
    assert any(kept in s for s in current), (text, current)


def test_a_counterfactual_is_a_whole_clause() -> None:
    assert is_counterfactual("I'd have quit after an hour.")
    assert is_counterfactual("Honestly, she would have hated it.")
    assert not is_counterfactual("I would have gone, but I was sick.")
    assert not is_counterfactual("I have quit smoking.")


def test_a_yes_before_a_frame_is_no_part_of_its_statement() -> None:
    assert _current("Yes I live in Lyon.") == ["The user lives in Lyon."]


# --- the chat's own business --------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Just saw your message, sorry!",
        "I was going to text you on Sunday but I forgot.",
        "My phone is about to die, will text later",
        "I'm so bad at replying, sorry",
        "I'm dying, this is the funniest thing ever",
        "I'm literally melting, it's 38 degrees",
    ],
)
def test_talk_about_the_talk_is_no_belief(text: str) -> None:
    current = _current(text)
    assert not any(w in s for s in current for w in ("message", "text", "phone", "replying", "dying", "melting")), (
        text,
        current,
    )


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("My phone is a Pixel 8.", "Pixel"),
        ("My dad is dying of cancer.", "dying of cancer"),
        ("Tuesday, sorry.", "Tuesday"),
    ],
)
def test_what_the_chat_forms_do_not_cover_stays(text: str, kept: str) -> None:
    current = _current("My meeting is on Monday.", text) if text.startswith("Tuesday") else _current(text)
    assert any(kept in s for s in current), (text, current)


# --- Chinese chat: a laugh or a sigh first, agreement, a state said as dying ---------------------


@pytest.mark.parametrize("text", ["嗯嗯 我也觉得", "我觉得也是", "累死我了", "哈哈 热死了"])
def test_chinese_small_talk_is_no_belief(text: str) -> None:
    assert _current(text) == [], text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("哈哈哈 我上个月搬到杭州了", "搬到杭州"),
        ("哎 我的自行车被偷了", "自行车被偷了"),
    ],
)
def test_a_laugh_or_a_sigh_first_is_no_part_of_the_statement(text: str, expected: str) -> None:
    current = _current(text)
    assert any(expected in s and not s.startswith(("哈", "哎")) for s in current), current
