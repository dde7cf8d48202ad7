"""Relative time expressions resolved against the message's own date.

Why the message date and not "now": LoCoMo-style imports replay conversations
that happened months ago; "yesterday" in a message sent on 8 May 2023 means
7 May 2023 whenever the distiller runs. The resolved date is written into the
statement ("on 7 May 2023") so the memory stays true out of context.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

__all__ = ["TimeMention", "find_time", "format_day"]

_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_ZH_WEEKDAYS = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}
_NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                 "seven": 7, "eight": 8, "nine": 9, "ten": 10, "few": 3, "couple of": 2}
_ZH_NUMBERS = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}


@dataclass(frozen=True, slots=True)
class TimeMention:
    when: datetime
    phrase: str  # the words found, as written
    resolved: str  # how the statement should say it ("on 7 May 2023")


def format_day(d: datetime) -> str:
    return f"{d.day} {d:%B %Y}"


def _zh_day(d: datetime) -> str:
    return f"{d.year}年{d.month}月{d.day}日"


_EN = re.compile(
    r"\b(yesterday|today|tonight|this (?:morning|afternoon|evening)|last night"
    r"|the day before yesterday"
    r"|last (?:week(?:end)?|month|year|" + "|".join(_WEEKDAYS) + r")"
    r"|(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of) (day|week|month|year)s? ago)\b",
    re.IGNORECASE,
)
_ZH = re.compile(
    r"(前天|昨天|昨晚|今天|今早|今晚|刚才|刚刚|上周末|上个?(?:周|星期|礼拜)([一二三四五六日天])?|上个月|去年"
    r"|([一两二三四五六七八九十\d]+)(天|周|个星期|个月|年)前)"
)


def find_time(text: str, ref: datetime) -> TimeMention | None:
    """The first relative time expression in ``text`` resolved against ``ref``."""
    m = _EN.search(text)
    if m:
        return _english(m, ref)
    z = _ZH.search(text)
    if z:
        return _chinese(z, ref)
    return None


def _english(m: re.Match[str], ref: datetime) -> TimeMention:
    phrase = m.group(0)
    p = phrase.lower()
    day = ref
    if p == "yesterday" or p == "last night":
        day = ref - timedelta(days=1)
    elif p == "the day before yesterday":
        day = ref - timedelta(days=2)
    elif p in ("today", "tonight") or p.startswith("this "):
        day = ref
    elif p == "last week":
        day = ref - timedelta(days=7)
        return TimeMention(day, phrase, f"in the week before {format_day(ref)}")
    elif p == "last weekend":
        day = ref - timedelta(days=(ref.weekday() + 2) % 7 or 7)
        return TimeMention(day, phrase, f"on the weekend before {format_day(ref)}")
    elif p == "last month":
        first = ref.replace(day=1) - timedelta(days=1)
        return TimeMention(first.replace(day=1), phrase, f"in {first:%B %Y}")
    elif p == "last year":
        return TimeMention(ref.replace(year=ref.year - 1, month=1, day=1), phrase, f"in {ref.year - 1}")
    elif p.startswith("last "):
        target = _WEEKDAYS.index(p[5:])
        back = (ref.weekday() - target) % 7 or 7
        day = ref - timedelta(days=back)
        return TimeMention(day, phrase, f"on {day:%A} {format_day(day)}")
    else:  # N units ago
        count = m.group(2).lower()
        n = int(count) if count.isdigit() else _NUMBER_WORDS.get(count, 1)
        unit = m.group(3).lower()
        days = {"day": 1, "week": 7, "month": 30, "year": 365}[unit] * n
        day = ref - timedelta(days=days)
        if unit in ("month", "year"):
            return TimeMention(day, phrase, f"around {day:%B %Y}")
    return TimeMention(day, phrase, f"on {format_day(day)}")


def _chinese(m: re.Match[str], ref: datetime) -> TimeMention:
    phrase = m.group(1)
    offsets = {"前天": 2, "昨天": 1, "昨晚": 1, "今天": 0, "今早": 0, "今晚": 0, "刚才": 0, "刚刚": 0}
    if phrase in offsets:
        day = ref - timedelta(days=offsets[phrase])
        return TimeMention(day, phrase, _zh_day(day))
    if phrase == "上周末":
        day = ref - timedelta(days=(ref.weekday() + 2) % 7 or 7)
        return TimeMention(day, phrase, f"{_zh_day(day)}（上周末）")
    if phrase == "上个月":
        last = ref.replace(day=1) - timedelta(days=1)
        return TimeMention(last.replace(day=1), phrase, f"{last.year}年{last.month}月")
    if phrase == "去年":
        return TimeMention(ref.replace(year=ref.year - 1, month=1, day=1), phrase, f"{ref.year - 1}年")
    if m.group(2) or phrase.startswith("上"):
        if m.group(2):
            monday = ref - timedelta(days=ref.weekday() + 7)
            day = monday + timedelta(days=_ZH_WEEKDAYS[m.group(2)])
            return TimeMention(day, phrase, _zh_day(day))
        day = ref - timedelta(days=7)
        return TimeMention(day, phrase, f"{_zh_day(ref)}的前一周")
    count = m.group(3)
    n = int(count) if count.isdigit() else _ZH_NUMBERS.get(count, 1)
    days = {"天": 1, "周": 7, "个星期": 7, "个月": 30, "年": 365}[m.group(4)] * n
    day = ref - timedelta(days=days)
    return TimeMention(day, phrase, _zh_day(day))
