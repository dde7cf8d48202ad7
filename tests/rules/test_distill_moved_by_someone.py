"""A change someone else made to what the speaker holds ("IT upgraded me to
24.04", "the teacher moved them to Thursdays"), and the state a change led to
("they changed the timetable so now I catch the 6:55"), replace what was held
(pure: extractor + reconcile, one session)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from tests.support.said import blind_probe

OWNER = Owner("moved", "u")


@pytest.mark.parametrize(
    ("held", "moved", "now"),
    [
        # an acronym is a name, not "it"; "me" is moved as "it" is
        ("I run Ubuntu 20.04 on my work laptop", "IT finally upgraded me to 24.04 yesterday", "Ubuntu 24.04"),
        # the unit the old amount carried goes with the new one
        ("I take 20mg of lisinopril", "my doctor upped me to 40", "40mg of lisinopril"),
        # a weekday moved by someone, the thing left to "them", of the speaker's daughter
        ("my daughter's piano lessons are on tuesdays at 4", "teacher moved them to thursdays, same time", "thursdays"),
        # what a change led to, after the short clause saying the change
        ("I take the 7:10 train every morning", "they changed the timetable so now I catch the 6:55", "6:55"),
    ],
)
def test_what_someone_moved_replaces_what_was_held(held: str, moved: str, now: str) -> None:
    current, ended = blind_probe.run(held, moved, owner=OWNER)
    assert len(ended) == 1, (current, ended)
    assert any(now in s for s in current) and not any(s in current for s in ended), (current, ended)


def test_a_day_moved_leaves_a_belief_of_two_days_alone() -> None:
    """Which of two days "them" stands for is not said: nothing is guessed."""
    _, ended = blind_probe.run("I swim on mondays and fridays", "the coach moved them to wednesdays", owner=OWNER)
    assert ended == []


def test_a_short_clause_before_now_that_says_no_change_stays_with_it() -> None:
    """ "Nothing was recoverable, but now I have an external drive": no change led to the
    second clause, which stays one statement with the first, as before."""
    current, _ = blind_probe.run("Nothing was recoverable, but now I have an external drive for backups.", owner=OWNER)
    assert len(current) <= 1
