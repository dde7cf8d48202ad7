"""A slip owned anywhere in a message ("sorry, I said 7 earlier", "I got my wires crossed", "我搞混了")
makes what else the message states the right value of something said before, a correction, even
where it is said in other words: the meaning judge ties it to the belief it puts right, as it does
for a change said in words. What only looks like it corrects nothing: something left out ("meant to
mention"), the listener's slip ("you mixed them up"), why the slip happened (it says the old value
again). Words of my own (pure, the distiller's own functions; one conversation, a message a month
apart)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from ledgermind.distill.bare_corrections import slip_owned
from tests.support.said import beliefs_after

OWNER = Owner("slip-owned", "u")


@pytest.mark.parametrize(
    ("said", "now", "was"),
    [
        (("I usually walk the dog at 7", "sorry, I said 7 earlier, I walk the dog around 6:30"), "6:30", "at 7"),
        (
            (
                "our book club meets at the library",
                "I got my wires crossed, the book club meets at the cafe on main street",
            ),
            "cafe",
            "library",
        ),
        (
            (
                "my physio appointment is every friday morning",
                "sorry, I had it wrong. the physio is every thursday afternoon",
            ),
            "thursday",
            "friday",
        ),
        # the slot said shorter, by its head word
        (
            ("our wedding anniversary is may 4th", "typo before, sorry: our anniversary is the 14th of may"),
            "14th",
            "4th",
        ),
        (("我儿子在学小提琴", "我搞混了，我儿子学的是大提琴"), "大提琴", "小提琴"),
        # the right value in lower case after "actually", why the slip after it
        (("i live on oak street", "actually it's oak lane, oak street is the next one over"), "oak lane", "oak street"),
    ],
)
def test_a_slip_owned_makes_the_statement_beside_it_a_correction(said: tuple[str, ...], now: str, was: str) -> None:
    current, ended = beliefs_after(OWNER, *said, one_session=True)
    assert [s for s in ended if was in s], (current, ended)
    assert [s for s in current if now in s], (current, ended)


@pytest.mark.parametrize(
    "said",
    [
        ("my older brother lives in leeds", "sorry, meant to mention, my younger brother lives in york"),  # left out
        ("my standup is at 9:30", "you mixed them up, the retro is on fridays at 4"),  # the listener's slip
        # why the slip happened: the old value said again, no right value of it
        ("my sister teaches in boston", "sorry, I got that wrong: she studied in boston, that's why I said it"),
    ],
)
def test_what_only_looks_like_a_slip_put_right_corrects_nothing(said: tuple[str, ...]) -> None:
    current, ended = beliefs_after(OWNER, *said, one_session=True)
    assert not ended, (current, ended)


@pytest.mark.parametrize(
    ("message", "owned"),
    [
        ("sorry, I said 7 earlier, it's 6:30", True),
        ("I got that wrong before, it's almond milk", True),
        ("for your notes, he's my cousin", True),
        ("I need to fix something: the party is on the 12th", True),
        ("刚才写错了，是周三", True),
        ("you got that wrong, I never said that", False),
        ("sorry, I meant to add that my sister lives in york", False),
        ("actually we moved to lyon last month", False),  # a change, said with "actually": not a slip
        ("我不是老师，我是护士", False),  # 不是 says "is not" as often as "wrong"
    ],
)
def test_a_slip_is_owned_by_the_speaker_only(message: str, owned: bool) -> None:
    assert slip_owned(message) is owned
