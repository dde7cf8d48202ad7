"""Dates to come, written out in the statement ("next Friday" -> "on Friday
11 December 2026"), against the message's own date.

Why: a belief is read days or months after it was said. "The user is flying
to Tokyo next Friday", read a week later, names the wrong Friday; the date
the speaker meant is fixed the moment they say it, so the statement says it
(past phrases are resolved the same way by ``dates``).

Why the valid time does not move: a plan said today holds from today ("I'm
flying next Friday" is true of the speaker now); only a past date ("we moved
last month") says when a fact began. So this module only rewrites words:
its dates are never a belief's ``valid_from`` or ``event_time``.

Why some arithmetic by hand: ``dateparser`` (as ``dates`` uses it) does
"tomorrow", "in two weeks", "next month" and "next year", but reads "next
Friday" as the nearest Friday (the brief and 下周五 mean the Friday of next
week), does not read 下周五 or 这周六 at all, and reads "the 2nd" as February.
Weekdays and days of the month are plain calendar steps, done here.

A month named in a plan ("we're going to Spain in July") gets its year: this
year's while the month is still to come, else next year's.

What stays as said: a phrase whose date is not fixed by the words ("soon",
"in a few weeks", "this Monday" said on a Wednesday, a weekday or "the 15th"
in a habit or a schedule: "class is on Monday", "rent is due on the 15th"),
and "in two weeks" told in the past tense (a duration: "I lost 5 kg in two
weeks").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache

import dateparser  # type: ignore[import-untyped]

from ledgermind.distill.dates import EN_NUMBERS, FUTURE_EN, MONTHS_EN, PAST_EN, format_day, written_date
from ledgermind.distill.person import IRREGULAR_PAST

__all__ = ["ComingDate", "coming_dates", "with_coming_dates"]

_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WEEKDAY = "|".join(_WEEKDAYS)
_MONTHS = MONTHS_EN
_COUNT = r"(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a couple of)"
_EN = re.compile(
    r"\b(?:(?P<tomorrow>(?:the day after )?tomorrow)(?: (?P<part>morning|afternoon|evening|night))?"
    r"|next (?P<next_day>" + _WEEKDAY + r")"
    r"|this (?P<this_day>" + _WEEKDAY + r")"
    # "the next year", "over the next month": a span from now, no date ("next year" is one)
    r"|(?<!\bthe )(?P<next>next (?:week|month|year))"
    # (not how often: "back in 3 days a week", "in two days a month")
    r"|(?P<within>in "
    + _COUNT
    + r" (?P<unit>day|week|month|year)s?(?!\s+(?:a|per|each|every)\s+(?:week|month|year)\b))"
    # (not a weekday said with its date: "on Thursday the 14th" is dated by the words already)
    r"|on (?P<on_day>"
    + _WEEKDAY
    + r")(?!s|\s+(?:mornings|afternoons|evenings|nights)\b|,?\s+(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\b)"
    r"|on the (?P<date>[1-9]|[12]\d|3[01])(?:st|nd|rd|th)"
    r"|(?:in |in early |in late |early |late )(?P<month>" + "|".join(_MONTHS) + r")(?![ ,]+\d))\b",
    re.IGNORECASE,
)
_ZH_DAY = "一二三四五六日天"
_ZH = re.compile(
    r"(?P<tomorrow>大后天|后天|明天|明早|明晚)"
    r"|下个?(?:周|星期|礼拜)(?P<next_day>[" + _ZH_DAY + r"])"
    r"|(?:这|本)(?:周|星期|礼拜)(?P<this_day>[" + _ZH_DAY + r"])"
    r"|(?P<next>下个?(?:周|星期|礼拜)|下个月|明年)"
    r"|(?P<within>(?P<n>[一两二三四五六七八九十\d]+)(?P<unit>天|周|个星期|个月|年)(?:以?后))"
)
_ZH_WEEKDAY = {c: i for i, c in enumerate("一二三四五六")} | {"日": 6, "天": 6}
_ZH_NUMBER = dict(zip("一两二三四五六七八九十", ("1", "2", "2", "3", "4", "5", "6", "7", "8", "9", "10"), strict=True))
_ZH_UNIT = {"天": "day", "周": "week", "个星期": "week", "个月": "month", "年": "year"}
_ZH_TOMORROW = {"明天": "tomorrow", "明早": "tomorrow", "明晚": "tomorrow", "后天": "in 2 days", "大后天": "in 3 days"}
# A habit or a standing schedule: the weekday recurs ("I'm seeing her every Friday").
_HABIT_EN = re.compile(r"\b(?:every|usually|always|each|weekly|monthly)\b", re.IGNORECASE)
# A preposition before the phrase already says how the date relates ("for next Friday").
_PREPOSITION = re.compile(r"\b(?:for|by|until|till|before|after|from|since|to|through)\s*$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class ComingDate:
    phrase: str  # the words found, as written ("next Friday")
    resolved: str  # how the statement says it ("on Friday 11 December 2026")


def coming_dates(text: str, ref: datetime) -> list[ComingDate]:
    """Every date to come that ``text`` names, resolved against ``ref`` (the
    message's date); phrases whose date the words do not fix are left out."""
    day = ref.replace(tzinfo=None, hour=0, minute=0, second=0, microsecond=0)
    if re.search(r"[\u4e00-\u9fff]", text):
        return [c for m in _ZH.finditer(text) if (c := _zh(m, day)) is not None]
    return [c for m in _EN.finditer(text) if (c := _en(m, text, day)) is not None]


def with_coming_dates(statement: str, said: str, ref: datetime) -> str:
    """``statement`` (written from ``said``) with each date to come that
    ``said`` names written out; the rest of the words as they were."""
    for c in coming_dates(said, ref):
        at = statement.lower().find(c.phrase.lower())
        if at < 0:
            continue
        use = _use(statement[at + len(c.phrase) :])
        if use is None:
            continue
        resolved = c.resolved
        if use == "subject" or _PREPOSITION.search(statement[:at]):
            resolved = re.sub(r"^(?:on|in) ", "", resolved)
        if at == 0:
            resolved = resolved[:1].upper() + resolved[1:]
        statement = statement[:at] + resolved + statement[at + len(c.phrase) :]
    return statement


# What may follow a date said as when ("next month the user is having a show", "tomorrow at
# the opening", "next week - so excited") or as the subject ("next Friday works").
_AFTER_WHEN = re.compile(
    r"at|in|on|to|for|with|from|until|till|by|and|but|or|so|if|when|because|before|after|as|since|while|then|"
    r"too|also|again|i|we|you|he|she|they|it|the|a|an|this|that|my|our|their|his|her"
)
_AFTER_SUBJECT = re.compile(r"is|was|works?|sounds?|suits?|would|will|should|could|might|may|can|looks|seems")


def _use(rest: str) -> str | None:
    """How the words after a date phrase use it: "when", "subject", or None
    where the phrase is a noun the date cannot stand for ("tomorrow's opening",
    "make tomorrow unforgettable"): then it stays as said."""
    if re.match(r"['’]s\b", rest):
        return None
    word = re.match(r"\s*([A-Za-z]+)", rest)
    if word is None:
        return "when"  # the end, or punctuation next
    low = word.group(1).lower()
    if _AFTER_SUBJECT.fullmatch(low):
        return "subject"
    return "when" if _AFTER_WHEN.fullmatch(low) or word.group(1)[:1].isupper() else None


def _en(m: re.Match[str], text: str, day: datetime) -> ComingDate | None:
    phrase = m.group(0)
    if m.group("tomorrow"):
        when = _parse(m.group("tomorrow").lower(), day)
        if when is None:
            return None
        part = m.group("part")
        return ComingDate(
            phrase, f"on the {part.lower()} of {format_day(when)}" if part else written_date(when, "day", "en")
        )
    if m.group("next_day"):
        return _weekday(phrase, _WEEKDAYS.index(m.group("next_day").lower()), day, weeks_ahead=1)
    if m.group("this_day"):
        return _weekday(phrase, _WEEKDAYS.index(m.group("this_day").lower()), day, weeks_ahead=0)
    if m.group("next"):
        unit = phrase.split()[-1].lower()
        when = day + timedelta(days=7 - day.weekday()) if unit == "week" else _parse(phrase.lower(), day)
        return None if when is None else ComingDate(phrase, written_date(when, unit, "en"))
    planned = bool(FUTURE_EN.search(text)) and not _HABIT_EN.search(text)
    if m.group("within"):
        if _told_in_past(text):
            return None  # "I lost 5 kg in two weeks": how long it took, not a date
        count = re.sub(r"^in ", "", phrase.lower())
        count = re.sub(r"^(" + "|".join(EN_NUMBERS) + r") ", lambda n: EN_NUMBERS[n.group(1)] + " ", count)
        return _within(phrase, "in " + count, m.group("unit").lower(), day)
    if not planned:
        return None  # "class is on Monday", "rent is due on the 15th": a schedule, not a date
    if m.group("on_day"):
        ahead = (_WEEKDAYS.index(m.group("on_day").lower()) - day.weekday() - 1) % 7 + 1
        when = day + timedelta(days=ahead)
        return ComingDate(phrase, f"on {when:%A} {format_day(when)}")
    if m.group("month"):
        # "we're going to Spain in July": this year's July while it is still to come, else next year's
        month = _MONTHS.index(m.group("month").lower()) + 1
        return ComingDate(phrase, f"{phrase} {day.year if month >= day.month else day.year + 1}")
    return _day_of_month(phrase, int(m.group("date")), day)


def _zh(m: re.Match[str], day: datetime) -> ComingDate | None:
    phrase = m.group(0)
    if m.group("tomorrow"):
        when = _parse(_ZH_TOMORROW[m.group("tomorrow")], day)
        return None if when is None else ComingDate(phrase, written_date(when, "day", "zh"))
    if m.group("next_day"):
        when = _monday(day, 1) + timedelta(days=_ZH_WEEKDAY[m.group("next_day")])
        return ComingDate(phrase, written_date(when, "day", "zh") + "周" + m.group("next_day"))
    if m.group("this_day"):
        when = _monday(day, 0) + timedelta(days=_ZH_WEEKDAY[m.group("this_day")])
        return ComingDate(phrase, written_date(when, "day", "zh") + "周" + m.group("this_day")) if when >= day else None
    if m.group("next"):
        unit = "month" if "月" in phrase else "year" if "年" in phrase else "week"
        when = _monday(day, 1) if unit == "week" else _parse(f"next {unit}", day)
        return None if when is None else ComingDate(phrase, written_date(when, unit, "zh"))
    n = m.group("n")
    count = n if n.isdigit() else _ZH_NUMBER.get(n)
    if count is None:
        return None  # "二十" and the like: rare enough to keep as said
    unit = _ZH_UNIT[m.group("unit")]
    when = _parse(f"in {count} {unit}s", day)
    return None if when is None else ComingDate(phrase, written_date(when, unit, "zh"))


def _weekday(phrase: str, weekday: int, day: datetime, weeks_ahead: int) -> ComingDate | None:
    when = _monday(day, weeks_ahead) + timedelta(days=weekday)
    if when < day:
        return None  # "this Monday" said on a Wednesday: the last one or the next? Kept as said
    return ComingDate(phrase, f"on {when:%A} {format_day(when)}")


def _within(phrase: str, query: str, unit: str, day: datetime) -> ComingDate | None:
    when = _parse(query, day)
    if when is None:
        return None
    if unit == "week":
        when = _monday(when, 0)
    return ComingDate(phrase, written_date(when, unit, "en"))


def _day_of_month(phrase: str, date: int, day: datetime) -> ComingDate | None:
    """The next ``date``-th after ``day`` (this month's if it is still to come)."""
    year, month = day.year, day.month
    for _ in range(3):
        try:
            when = day.replace(year=year, month=month, day=date)
        except ValueError:  # no 31st this month
            when = None
        if when is not None and when > day:
            return ComingDate(phrase, f"on {format_day(when)}")
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return None


def _monday(day: datetime, weeks_ahead: int) -> datetime:
    return day - timedelta(days=day.weekday()) + timedelta(weeks=weeks_ahead)


def _told_in_past(text: str) -> bool:
    if re.search(r"\b(?:will|'ll|going to|gonna)\b", text, re.IGNORECASE):
        return False
    return bool(PAST_EN.search(text)) or any(w in IRREGULAR_PAST for w in re.findall(r"[a-z]+", text.lower()))


@lru_cache(maxsize=1024)
def _parse(query: str, base: datetime) -> datetime | None:
    settings = {"RELATIVE_BASE": base, "PREFER_DATES_FROM": "future"}
    parsed = dateparser.parse(query, languages=["en"], settings=settings)
    return parsed.replace(hour=0, minute=0, second=0, microsecond=0) if isinstance(parsed, datetime) else None
