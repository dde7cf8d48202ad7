"""A new job taken ends the work said before under any key: another employer,
freelancing, being between jobs; not a club joined, not the same employer
(pure: extractor + reconcile)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from ledgermind.distill.generic_decision import new_job
from tests.support.said import beliefs_after, blind_probe

OWNER = Owner("new-job", "u")


@pytest.mark.parametrize(
    ("held", "taken"),
    [
        ("My sister is a freelance graphic designer.", "She took a full-time job at Pixar."),
        ("My sister works at Google.", "She just got an offer from Stripe and took it."),
        ("I'm between jobs right now.", "I landed a new job at Shopify."),
    ],
)
def test_a_new_job_ends_the_work_said_before(held: str, taken: str) -> None:
    current, ended = blind_probe.run(held, taken, owner=OWNER)  # one session: "she" is the sister
    assert len(ended) == 1 and ended[0] not in current, (current, ended)


@pytest.mark.parametrize(
    "said",
    ["He joined a running club.", "She didn't take the job at Pixar.", "I have a job interview at Stripe."],
)
def test_a_club_joined_a_job_not_taken_or_an_interview_is_no_new_job(said: str) -> None:
    assert not new_job(said)


def test_a_club_joined_ends_no_work() -> None:
    _, ended = beliefs_after(OWNER, "My brother works at Deloitte.", "He joined a running club.")
    assert ended == []
