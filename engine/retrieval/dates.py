"""Dates in a question: a period, and what was said in it first.

Why: "what did Maria donate in December 2023?" or "what did John say on
7 July, 2023?" names *when*, and a person looking for the answer opens the
conversations of that period first. Lexically the date says little: every
turn of a session carries its day in the indexed text (so "July" and
"2023" match whole sessions, and are common words among the owner's
rows), and a belief's date is its valid time, not a word. So the period is
read from the question and matched against each candidate's ``valid_from``
(a message's ``occurred_at``, a belief's valid time): candidates outside it
are weighed down by ``OUT_OF_PERIOD_WEIGHT`` (not removed: a date in a
question is sometimes the date of something else).

What happened in a period is often told a little later ("last week I
..."), so the period is extended by ``REPORTING_DAYS`` after its end. The
step does nothing when no candidate falls in the period (a date the memory
does not cover, or a wrong one), so it can only reorder what was found.

Only explicit calendar dates are read, in English: a day ("7 July, 2023",
"July 7, 2023"), a month of a year ("December 2023"), a season of a year
("summer 2021") and a year after "in", "during" or "since" ("in 2022").
Relative phrases ("last year") and a month without a year are left alone:
they need a reference the question does not give. Written by hand: the
well-kept parsers (dateutil, dateparser) read one date from a string that
is a date, or guess the missing parts from today, while a question needs
the granularity it names (a month is a month, not its first day).
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta

from ledgermind.retrieval.records import SearchResult

__all__ = ["OUT_OF_PERIOD_WEIGHT", "REPORTING_DAYS", "Period", "prefer_period", "question_period"]

OUT_OF_PERIOD_WEIGHT = 0.5
# the same step on the relevance, which orders what is served (``search.by_relevance``):
# the relevance is read from words, and an answer from another time often shares
# more of them ("toys to the homeless shelter" for "... the homeless shelter in
# December 2023?" against December's "old clothes to a shelter"), so it is weighed
# harder than the fused score. LoCoMo dev tuning half: 0.5 and 0.25 identical
# (MRR 0.588, Recall@5 0.684).
OUT_OF_PERIOD_RELEVANCE = 0.25
REPORTING_DAYS = 14

_MONTHS = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
_MONTHS.update({name.lower(): i for i, name in enumerate(calendar.month_abbr) if name})
_MONTHS["sept"] = 9
_MONTH = r"(?P<month>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_YEAR = r"(?P<year>(?:19|20)\d\d)"
_DAY = r"(?P<day>[0-3]?\d)(?:st|nd|rd|th)?"
_SEASONS = {"spring": (3, 3), "summer": (6, 3), "autumn": (9, 3), "fall": (9, 3), "winter": (12, 3)}
_PATTERNS = [
    re.compile(rf"\b{_DAY}\s+(?:of\s+)?{_MONTH},?\s+{_YEAR}\b", re.IGNORECASE),  # 7 July, 2023
    re.compile(rf"\b{_MONTH}\s+{_DAY},?\s+{_YEAR}\b", re.IGNORECASE),  # July 7, 2023
    re.compile(rf"\b{_MONTH},?\s+(?:of\s+)?{_YEAR}\b", re.IGNORECASE),  # July 2023
    re.compile(rf"\b(?P<season>spring|summer|autumn|fall|winter)\s+(?:of\s+)?{_YEAR}\b", re.IGNORECASE),
    re.compile(rf"\b(?:in|during|since|throughout)\s+{_YEAR}\b", re.IGNORECASE),  # in 2022
]


@dataclass(frozen=True, slots=True)
class Period:
    """A half-open span of time a question names: ``[start, end)``."""

    start: datetime
    end: datetime

    def holds(self, moment: datetime, reporting_days: int = REPORTING_DAYS) -> bool:
        """Is ``moment`` in the period, or told soon after it?"""
        return self.start <= moment < self.end + timedelta(days=reporting_days)


def question_period(query: str) -> Period | None:
    """The first explicit calendar date in ``query``, as the period it names."""
    for pattern in _PATTERNS:
        m = pattern.search(query)
        if m is None:
            continue
        period = _period(m.groupdict())
        if period is not None:
            return period
    return None


def _period(parts: dict[str, str | None]) -> Period | None:
    year = int(parts["year"] or 0)
    if parts.get("season"):
        first, months = _SEASONS[str(parts["season"]).lower()]
        start = datetime(year, first, 1, tzinfo=UTC)
        return Period(start, _add_months(start, months))
    if not parts.get("month"):
        return Period(datetime(year, 1, 1, tzinfo=UTC), datetime(year + 1, 1, 1, tzinfo=UTC))
    month = _MONTHS[str(parts["month"]).lower()]
    if not parts.get("day"):
        start = datetime(year, month, 1, tzinfo=UTC)
        return Period(start, _add_months(start, 1))
    day = int(str(parts["day"]))
    if not 1 <= day <= calendar.monthrange(year, month)[1]:
        return None
    start = datetime(year, month, day, tzinfo=UTC)
    return Period(start, start + timedelta(days=1))


def _add_months(start: datetime, months: int) -> datetime:
    index = start.month - 1 + months
    return start.replace(year=start.year + index // 12, month=index % 12 + 1)


def prefer_period(results: Sequence[SearchResult], period: Period | None) -> list[SearchResult]:
    """``results`` with what lies outside ``period`` weighed down (score and
    relevance: the relevance orders what is served, ``search.by_relevance``),
    best first; unchanged without a period or when no result lies in it."""
    if period is None or not any(period.holds(r.valid_from) for r in results):
        return list(results)
    w = OUT_OF_PERIOD_WEIGHT
    out = [
        r
        if period.holds(r.valid_from)
        else replace(r, score=r.score * w, relevance=r.relevance * OUT_OF_PERIOD_RELEVANCE)
        for r in results
    ]
    return sorted(out, key=lambda r: r.score, reverse=True)
