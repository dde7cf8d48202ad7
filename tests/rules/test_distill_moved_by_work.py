"""The speaker moved by their work: onto another shift ("i work days" / "they moved me to
nights"), team or plan by their boss or HR, to another office ("the company transferred me to
manchester"); and the look-alikes that change nothing: a transfer for a while, someone else's,
a desk moved, a spouse's shift, an employer kept. Words of my own (pure, the distiller's own
functions; one conversation, a message a month apart)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from tests.support.said import beliefs_after

OWNER = Owner("moved-by-work", "u")


@pytest.mark.parametrize(
    ("said", "was"),
    [
        # a shift said as "works days", then moved by others or said moved
        (("i work days at the warehouse", "they moved me to nights last week"), "days"),
        (("i work days at the warehouse", "got moved to nights last week"), "days"),
        # a team or a plan, by the boss or HR
        (("i'm on the payments team", "my boss put me on the billing team now"), "payments"),
        (("i'm on the blue plan at work", "hr moved me onto the gold plan"), "blue"),
        # another office
        (("i work in the london office", "the company transferred me to manchester"), "london"),
        (("i work in the london office", "i got transferred to manchester"), "london"),
        (("i'm based in the bristol office", "work relocated me to cardiff"), "bristol"),
    ],
)
def test_the_speaker_moved_by_their_work_replaces_where_they_were(said: tuple[str, ...], was: str) -> None:
    current, ended = beliefs_after(OWNER, *said, one_session=True)
    assert [s for s in ended if was in s], (current, ended)
    assert not [s for s in current if was in s], (current, ended)


@pytest.mark.parametrize(
    "said",
    [
        ("i work in the london office", "they transferred me to manchester for two weeks for training"),
        ("i work in the london office", "my brother got transferred to manchester"),
        ("i work at google", "they transferred me to the dublin office"),  # whom they work for stays
        ("i work days at the warehouse", "my manager moved my desk to the back office"),
        ("i work nights at the hospital", "my wife switched to days"),
        ("i'm on the payments team", "my boss put me on hold for 20 minutes lol"),
    ],
)
def test_what_only_looks_like_being_moved_by_work_changes_nothing(said: tuple[str, ...]) -> None:
    current, ended = beliefs_after(OWNER, *said, one_session=True)
    assert not ended, (current, ended)
