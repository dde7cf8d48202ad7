"""Dates to come are written out in the statement against the message's date,
without moving its valid time; past phrases keep their reading (pure)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from ledgermind import Owner
from ledgermind.distill import DeltaItem, ExtractionContext, RuleExtractor
from ledgermind.distill.coming import coming_dates, with_coming_dates
from ledgermind.distill.proposals import Proposal

OWNER = Owner("app", "u")
WED = datetime(2026, 12, 2, 9, 30, tzinfo=UTC)  # Wednesday 2 December 2026


def _statements(text: str, when: datetime = WED) -> list[Proposal]:
    item = DeltaItem("s1", 1, "user", text, when, 101)
    return list(RuleExtractor().extract(ExtractionContext(OWNER, "s1", (item,), None, when)).proposals)


@pytest.mark.parametrize(
    ("text", "phrase", "resolved"),
    [
        ("I'm flying to Tokyo next Friday.", "next Friday", "on Friday 11 December 2026"),
        ("I'll call the bank tomorrow.", "tomorrow", "on 3 December 2026"),
        ("I'm hiking tomorrow morning.", "tomorrow morning", "on the morning of 3 December 2026"),
        ("We'll be in Rome the day after tomorrow.", "the day after tomorrow", "on 4 December 2026"),
        ("I start the new job next week.", "next week", "in the week of 7 December 2026"),
        ("We're moving to Berlin next month.", "next month", "in January 2027"),
        ("My sister is getting married next year.", "next year", "in 2027"),
        ("I'm going to a concert this Saturday.", "this Saturday", "on Saturday 5 December 2026"),
        ("I'm leaving for Lisbon in two weeks.", "in two weeks", "in the week of 14 December 2026"),
        ("I'm seeing the dentist on the 15th.", "on the 15th", "on 15 December 2026"),
        ("I'll pay it back on the 1st.", "on the 1st", "on 1 January 2027"),
        ("We're meeting the landlord on Friday.", "on Friday", "on Friday 4 December 2026"),
        ("We're going to Spain in July.", "in July", "in July 2027"),
        ("I'll be in Paris in December.", "in December", "in December 2026"),
        ("我明天去北京出差。", "明天", "2026年12月3日"),
        ("我下周五要去上海。", "下周五", "2026年12月11日周五"),
        ("我们下个月搬家。", "下个月", "2027年1月"),
        ("我这周六要加班。", "这周六", "2026年12月5日周六"),
        ("我明年要考研。", "明年", "2027年"),
        ("我三天后出发。", "三天后", "2026年12月5日"),
    ],
)
def test_a_coming_date_resolves_against_the_message(text: str, phrase: str, resolved: str) -> None:
    (found,) = coming_dates(text, WED)
    assert (found.phrase, found.resolved) == (phrase, resolved)


@pytest.mark.parametrize(
    "text",
    [
        "I'm going to see him soon.",
        "We'll move in a few weeks.",
        "Class is on Monday.",  # a schedule
        "Rent is due on the 15th.",  # every month
        "I'm seeing her every Friday.",  # a habit
        "I lost 5 kg in two weeks.",  # how long it took
        "This Monday I'm off.",  # said on a Wednesday: the last Monday or the next?
        "我周五开会。",  # a bare weekday in Chinese: this week's or a standing one?
        "My birthday is in May.",  # every year
        "I moved in July.",  # the past: read by dates.find_time
        "I'll be in Kumasi for the next year.",  # a span from now, not next year
        "I have a class on Wednesday mornings.",  # every Wednesday
    ],
)
def test_a_phrase_whose_date_the_words_do_not_fix_stays_as_said(text: str) -> None:
    assert coming_dates(text, WED) == []


def test_a_preposition_before_the_phrase_keeps_its_place() -> None:
    said = "I booked a table for next Friday."
    assert with_coming_dates(said, said, WED) == "I booked a table for Friday 11 December 2026."
    opening = "Next month I'm moving to Berlin."
    assert with_coming_dates(opening, opening, WED) == "In January 2027 I'm moving to Berlin."
    subject = "Next Friday works for the team."
    assert with_coming_dates(subject, subject, WED) == "Friday 11 December 2026 works for the team."


@pytest.mark.parametrize(
    "said",
    ["Tomorrow's opening is at six.", "Tomorrow's gonna be a great night.", "Let's make tomorrow unforgettable."],
)
def test_a_date_phrase_used_as_a_noun_stays_as_said(said: str) -> None:
    assert with_coming_dates(said, said, WED) == said  # never "on 3 December 2026's opening"


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("I'm flying to Tokyo next Friday.", "on Friday 11 December 2026"),
        ("My sister is visiting us next month.", "in January 2027"),
        ("我明天去北京出差。", "2026年12月3日"),
        ("我们下周五开会。", "2026年12月11日周五"),
    ],
)
def test_the_belief_says_the_date_and_holds_from_the_message(text: str, written: str) -> None:
    (belief,) = [p for p in _statements(text) if p.kind == "fact"]
    assert written in belief.statement, belief.statement
    assert belief.valid_from == WED  # a plan said today holds from today


def test_a_past_phrase_still_moves_the_valid_time() -> None:
    (belief,) = [p for p in _statements("Yesterday I upgraded production to Go 1.24.") if p.kind == "fact"]
    assert belief.statement == "On 1 December 2026 the user upgraded production to Go 1.24."
    assert belief.valid_from.date().isoformat() == "2026-12-01"


@pytest.mark.parametrize(
    "text",
    [
        "We were thinking of coming in October.",  # an intention told in the past, for a month to come
        "I signed up for a class on Wednesday mornings.",  # every Wednesday, not the last one
    ],
)
def test_a_time_to_come_or_a_recurring_day_is_no_past_date(text: str) -> None:
    from ledgermind.distill.dates import find_time

    assert find_time(text, WED) is None


MARCH = datetime(2026, 3, 4, 9, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "past"),
    [
        # said in March: the month of what was arranged or intended is still to come
        ("I signed up for a half marathon in May.", False),
        ("We decided to move in June.", False),
        ("I got tickets for the concert in April.", False),
        ("I applied for a job that starts in June.", False),
        ("We agreed to get married in September.", False),
        # told in the past with no arrangement: the last such month
        ("We moved to Lyon in May.", True),
        ("I've got a conference in May.", False),  # to have, in the present: no past "got"
        ("I started a new job in February.", True),
    ],
)
def test_a_month_arranged_ahead_is_no_month_gone(text: str, past: bool) -> None:
    from ledgermind.distill.dates import find_time

    found = find_time(text, MARCH)
    assert (found is not None and found.when < MARCH) == past, found
    statement = _statements(text, MARCH)[0].statement
    assert ("2025" in statement) == (past and "May" in text), statement
