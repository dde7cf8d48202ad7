"""Relative time expressions resolved against the message's own date.

Why the message date and not "now": LoCoMo-style imports replay conversations
that happened months ago; "yesterday" in a message sent on 8 May 2023 means
7 May 2023 whenever the distiller runs. The resolved date is written into the
statement ("on 7 May 2023") so the memory stays true out of context, and a
fact's ``valid_from`` ("we upgraded last week") moves to it.

Why two steps: ``dateparser`` (a maintained library for both languages) does
the calendar arithmetic; a small pattern first *finds* the phrase, because
running dateparser's free-text search over every sentence is slow and reads
dates into ordinary words ("may", "sat"). The pattern only recognises the
phrase and how precise it is (day, week, month, year) so the statement can
say "in the week of 5 August 2026" rather than a made-up day.

Dates to come ("next Friday") are written out by ``coming``, without moving
the valid time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from functools import lru_cache

import dateparser  # type: ignore[import-untyped]

from ledgermind.distill.person import IRREGULAR_PAST

__all__ = [
    "EN_NUMBERS",
    "FUTURE_EN",
    "MONTHS_EN",
    "PAST_EN",
    "TimeMention",
    "find_time",
    "format_day",
    "with_date",
    "with_weekday_date",
    "written_date",
]

_WEEKDAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday"
MONTHS_EN: tuple[str, ...] = ("january", "february", "march", "april", "may", "june", "july", "august")
MONTHS_EN += ("september", "october", "november", "december")
_MONTHS = "january|february|march|april|june|july|august|september|october|november|december"
# "a couple weeks ago" as said in chat, without its "of"; "a few" is read as three, as a
# note-taker would place it (the week or month written, never the day)
_COUNT = r"(?:\d+|a couple(?: of)?|couple of|a few|a|an|one|two|three|four|five|six|seven|eight|nine|ten)"
_EN = re.compile(
    r"\b(?:(yesterday|today|tonight|this (?:morning|afternoon|evening)|last night|the day before yesterday"
    # (not "the last sunday of the month": a day that comes round, no date)
    r"|(?<!\bthe )last (?:" + _WEEKDAYS + r")(?!\s+of\s+(?:the|every|each)\s+month))"
    # "as of this month", "starting this week": a start, said as "since" ("since April 2026")
    r"|((?:as of |starting )?(?:last week|this week)|a week ago)"
    r"|((?:as of |starting )?(?:last month|this month)|(?:in|since|back in|early|late|in early|in late|as of|starting) "
    r"(?:" + _MONTHS + r"|may)"
    r"(?: \d{4})?|(?:" + _MONTHS + r") \d{4})"
    r"|(last year)"
    r"|((?:(?:about|around|roughly|nearly|almost)\s+)?"
    + _COUNT
    + r" (?:day|week|month|year)s? ago))\b(?!['’]s\b)",  # "today's standup" names no date of its own
    re.IGNORECASE,
)
_ZH = re.compile(
    # (not the 刚才 of a slip: "刚才说错了" is when it was said, not when anything told happened)
    r"(前天|昨天|昨晚|今天|今早|今晚|(?:刚才|刚刚)(?!我?(?:说|写|打|记|搞|弄|看|听|算)(?:错|混|反)|口误))"
    r"|(上个?(?:周|星期|礼拜)[一二三四五六日天]?|上周末|(?:这|本)周(?![一二三四五六日天]))"
    # a month of next year, or one something was moved to ("推迟到明年3月"), is no time of the statement
    # (nor a name that holds a month's word: 五月天, a band; "五月天气": May's weather is no date either)
    r"|(上个月|本月|这个月|(?:今年|去年)?(?<!明年)(?<!后年)(?<![到至\d])(?:\d{1,2}|十[一二]?|[一二三四五六七八九])月份?(?!天)"
    r"|\d{4}年\d{1,2}月)"
    r"|(去年)"
    r"|([一两二三四五六七八九十\d]+(?:天|周|个星期|个月|年)前)"
)
_PRECISION = ("day", "week", "month", "year", "ago")
_ZH_NUMERALS = str.maketrans(
    {"一": "1", "两": "2", "二": "2", "三": "3", "四": "4", "五": "5", "六": "6", "七": "7", "八": "8", "九": "9"}
)
EN_NUMBERS = {  # number words as digits, for counts said in words ("two weeks ago")
    "a": "1",
    "an": "1",
    "one": "1",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "nine": "9",
    "ten": "10",
    "a couple of": "2",
    "a couple": "2",
    "couple of": "2",
    "a few": "3",
}


@dataclass(frozen=True, slots=True)
class TimeMention:
    when: datetime
    phrase: str  # the words found, as written
    resolved: str  # how the statement should say it ("on 7 May 2023")


def format_day(d: datetime) -> str:
    return f"{d.day} {d:%B %Y}"


# Future reference in English: a modal of intent, "going to", or the present
# progressive of an arrangement ("we're visiting my parents in December").
FUTURE_EN = re.compile(
    r"\b(?:will|'ll|going to|gonna|planning|plan to|plans to|(?:am|is|are|'m|'s|'re) \w+ing)\b", re.IGNORECASE
)


# A present-tense copula and no past one: what is said holds in that month, it did not start then.
_PRESENT_EN = re.compile(
    r"^(?!.*\b(?:was|were|had|did)\b).*\b(?:is|are|am)\b|^(?!.*\b(?:was|were)\b).*\w's\s+in\b", re.IGNORECASE
)


# "The cafe raised its prices on Monday": a bare weekday in a clause told in the past
# tense is the last such day; with the present or a plan ("class is on Monday",
# "we're meeting on Monday") it is a schedule or a day to come, not a date.
# "on Wednesday mornings" is every Wednesday, as "on Wednesdays" is.
_ON_WEEKDAY_EN = re.compile(
    r"\bon (" + _WEEKDAYS + r")\b(?!s|\s+(?:mornings|afternoons|evenings|nights)\b)", re.IGNORECASE
)
# An intention told in the past tense, for a time to come: "we were thinking of coming in October".
_INTENT_EN = re.compile(r"\b(?:thinking|thought|talking|talked|dreaming) (?:of|about) \w+ing\b", re.IGNORECASE)
# Between a past verb and the month, what makes the month the time of something to come: the verb
# of an arrangement ("signed up for a half marathon in May", "got tickets for the show in April"),
# an intention ("decided to move in June"), or a present tense of the event ("a job that starts in
# June"). Only for a month still to come in the message's year: "decided to move in June" said in
# August is the June gone.
_ARRANGED_EN = re.compile(
    r"\b(?:signed up|registered|enrolled|booked|scheduled|reserved|(?:got|bought|booked) (?:\w+ )?tickets|"
    r"(?:decided|agreed|planned|promised|chose|arranged|hoping|hoped|wanted|offered) to \w+|"
    r"(?:starts?|begins?|opens?|runs?|happens?|takes place|(?:is|are|'s|'re) due))\b[^.;!?]*$",
    re.IGNORECASE,
)
_MONTH_NUMBER = {name: n for n, name in enumerate(MONTHS_EN, 1)}
# A duty or a habit: "I need to call on Friday", "I've started doing groceries on Thursday" (every Thursday).
_HABIT_EN = re.compile(
    r"\b(?:need to|needs to|have to|has to|must|should|want to|wants to|every|usually|always|"
    r"(?:started|begun|began|taken to)\s+\w+ing)\b",
    re.IGNORECASE,
)
PAST_EN = re.compile(
    r"\b(?:(?!(?:need|feed|seed|speed|indeed|bleed|breed|proceed|succeed|exceed)\b)[a-z]{2,}ed|was|were|got|went|"
    r"did|had|took|made|came|left|sold|bought|paid|began|gave|became|rose|fell|quit|put|set|cut)\b",
    re.IGNORECASE,
)


_AFTER_PREPOSITION = re.compile(r"\b(?:for|until|till|by|from|before|after|through)\s+$", re.IGNORECASE)
# Where a thing was moved to ("pushed Kestrel back to late august", "moved the launch to early
# may"): the new value of the change, a time to come, never when the statement holds from.
_MOVED_TO = re.compile(
    r"\b(?:push(?:ed)?|mov(?:ed?)|postponed?|delay(?:ed)?|rescheduled?|bump(?:ed)?|shift(?:ed)?|extend(?:ed)?|"
    r"chang(?:ed?)|brought)\b(?:\s+[\w'-]+){0,3}?\s+(?:back\s+|forward\s+|out\s+|up\s+)?(?:to|until|till)\s+$",
    re.IGNORECASE,
)


def find_time(text: str, ref: datetime) -> TimeMention | None:
    """The first relative time expression in ``text`` resolved against ``ref``."""
    m = _EN.search(text)
    day = None if m else _ON_WEEKDAY_EN.search(text)
    if (
        day
        and PAST_EN.search(text)
        and not (FUTURE_EN.search(text) or _PRESENT_EN.search(text) or _HABIT_EN.search(text))
    ):
        return _mention(day.group(0), day.group(1).lower(), "en", "day", ref)
    if m and _MOVED_TO.search(text[: m.start()]):
        return None  # "pushed it back to late august": where it went, not when this holds
    if m:
        precision = _PRECISION[m.lastindex - 1 if m.lastindex else 0]
        if (
            precision == "month"
            and re.match(r"(?:in|early|late)\b", m.group(0), re.IGNORECASE)
            and (
                FUTURE_EN.search(text)
                or _PRESENT_EN.search(text)
                or _INTENT_EN.search(text)
                or _arranged_ahead(m.group(0), text[: m.start()], ref)
                or not _told_in_past(m.group(0), text)
            )
        ):
            # "We're going to Spain in July": a plan for a month to come, not a past date;
            # "My birthday is in May": a month that recurs or is scheduled, not when it began;
            # "My daughter starts school in September" (said in December): next September
            return None
        query = _english_query(m.group(0))
        found = _mention(m.group(0), query, "en", precision, ref)
        if found is not None and _AFTER_PREPOSITION.search(text[: m.start()]):
            # "done for today", "until last week": the preposition is said, the date goes bare
            found = replace(found, resolved=re.sub(r"^(?:on|in)\s+", "", found.resolved))
        return found
    z = _ZH.search(text)
    if z:
        precision = _PRECISION[z.lastindex - 1 if z.lastindex else 0]
        if (
            precision == "month"
            and re.match(r"[一二三四五六七八九十\d]", z.group(0))
            and not re.search(r"[了过]", text[z.end() :])  # perfective after the date: it is past
        ):
            return None  # "我们十月去泰国": a plan for a month to come, not a past date
        return _mention(z.group(0), _chinese_query(z.group(0), ref), "zh", precision, ref)
    return None


def _arranged_ahead(phrase: str, before: str, ref: datetime) -> bool:
    """A bare month still to come in the message's year, said as the time of
    something arranged or intended ("I signed up for a race in May", said in
    March): the race's month, not last year's May."""
    month = _MONTH_NUMBER.get(phrase.split()[-1].lower())
    return month is not None and month > ref.month and _ARRANGED_EN.search(before) is not None


# "I've got a conference in April": to have, in the present, not a past "got".
_HAVE_GOT = re.compile(r"(?:'ve|\bhave|'s|\bhas)\s+got\b", re.IGNORECASE)


def _told_in_past(phrase: str, text: str) -> bool:
    """A month named with its year, or a clause told in the past tense ("we
    moved in March", "I met her in June"): only then is a bare month the last
    one. In the present ("she starts school in September") it is a month to come."""
    text = _HAVE_GOT.sub(" have", text)
    if re.search(r"\d", phrase) or PAST_EN.search(text):
        return True
    return any(w in IRREGULAR_PAST for w in re.findall(r"[a-z]+", text.lower()))


def _english_query(phrase: str) -> str:
    p = re.sub(
        r"^(?:in|since|back in|early|late|in early|in late|as of|starting|about|around|roughly|nearly|almost)\s+",
        "",
        phrase.lower(),
    )
    for word, digit in EN_NUMBERS.items():
        p = re.sub(rf"^{word} (?=(?:day|week|month|year))", digit + " ", p)
    return p


def _chinese_query(phrase: str, ref: datetime) -> str:
    """Spellings dateparser does not read, mapped onto ones it does."""
    p = phrase.replace("昨晚", "昨天").replace("今早", "今天").replace("今晚", "今天")
    p = p.replace("刚才", "今天").replace("刚刚", "今天").replace("本周", "今天").replace("这周", "今天")
    p = re.sub(r"上个?(?:星期|礼拜|周)[一二三四五六日天]?|上周末", "上周", p)
    p = p.replace("本月", "今天").replace("这个月", "今天").replace("月份", "月")
    p = re.sub(r"^今年", "", p)
    # month numerals first, so "去年十月" / "去年三月" read as a month of last year
    p = re.sub(r"十([一二])?(?=月)", lambda m: "1" + ("1" if m.group(1) == "一" else "2" if m.group(1) else "0"), p)
    p = p.translate(_ZH_NUMERALS)
    p = re.sub(r"^去年(\d)", lambda m: f"{ref.year - 1}年{m.group(1)}", p)
    return p.replace("个星期", "周")


def _mention(phrase: str, query: str, language: str, precision: str, ref: datetime) -> TimeMention | None:
    when = _parse(query, language, ref.replace(tzinfo=None), precision == "month")
    if when is None or when > ref.replace(tzinfo=None):
        return None
    when = when.replace(tzinfo=ref.tzinfo or UTC)
    if precision == "ago":
        precision = "day" if re.search(r"day|天", phrase) else "week" if re.search(r"week|周|星期", phrase) else "month"
        if re.search(r"\byears?\b|年前", phrase, re.IGNORECASE):
            precision = "year"
        elif re.search(r"\bfew\b", phrase, re.IGNORECASE):  # "a few days ago": that week, not a day
            precision = {"day": "week", "week": "month"}.get(precision, precision)
    said = written_date(when, precision, language)
    if phrase.lower().startswith(("about ", "around ", "roughly ", "nearly ", "almost ")):
        said = "around " + re.sub(r"^(?:in|on)\s+", "", said)  # "about five years ago": around 2018, as said
    if phrase.lower().startswith(("since ", "as of ", "starting ")):  # "since March" stays a start: "since March 2026"
        said = re.sub(r"^(?:in|on|in the week of)\b", "since", said)
    return TimeMention(when, phrase, said)


@lru_cache(maxsize=4096)
def _parse(query: str, language: str, base: datetime, first_of_month: bool) -> datetime | None:
    settings: dict[str, object] = {"RELATIVE_BASE": base, "PREFER_DATES_FROM": "past"}
    if first_of_month:
        settings["PREFER_DAY_OF_MONTH"] = "first"
    parsed = dateparser.parse(query, languages=[language], settings=settings)
    return parsed if isinstance(parsed, datetime) else None


def written_date(d: datetime, precision: str, language: str) -> str:
    """How a statement says a date of this precision ("on 7 May 2023", "2023年5月")."""
    if language == "zh":
        return {
            "day": f"{d.year}年{d.month}月{d.day}日",
            "week": f"{d.year}年{d.month}月{d.day}日那一周",
            "month": f"{d.year}年{d.month}月",
            "year": f"{d.year}年",
        }[precision]
    return {
        "day": f"on {format_day(d)}",
        "week": f"in the week of {format_day(d)}",
        "month": f"in {d:%B %Y}",
        "year": f"in {d.year}",
    }[precision]


_PREPOSITION_TWICE = re.compile(
    r"\b((?i:as of|since|from|until|till|before|after))\s+(?:on|in)\s+(?=\d|[A-Z][a-z]+ \d{4})"
)  # ("Since last month, ..." opens its sentence)


def with_date(text: str, mention: TimeMention) -> str:
    """The text with the time it names written as a date, the preposition said kept and none
    added ("as of last friday" -> "as of 27 March 2026", not "as of on ...")."""
    return _PREPOSITION_TWICE.sub(r"\1 ", text.replace(mention.phrase, mention.resolved, 1))


_DAY_OF_WEEK_EN = re.compile(
    r"\b(?P<wd>"
    + _WEEKDAYS
    + r")\s+(?P<d>\d{1,2})\s+(?P<in>in\s+)?(?P<m>"
    + "|".join(MONTHS_EN)
    + r")\s+(?P<y>\d{4})\b",
    re.IGNORECASE,
)
_DAY_OF_WEEK_ZH = re.compile(
    r"(?P<y>\d{4})年(?P<m>\d{1,2})月(?P<d>\d{1,2})日(?P<wd>(?:周|星期|礼拜)[一二三四五六日天])"
)
_ZH_WEEKDAY = {c: n for n, c in enumerate("一二三四五六日")} | {"天": 6}


def with_weekday_date(statement: str) -> str:
    """The statement with each date written beside a weekday moved to that weekday's day of the
    same week: a correction that changes "Tuesday 3 March 2026" to Wednesday means the day
    after, "Monday 2 March" corrected to Friday the 6th, not a Wednesday the calendar has no
    3 March for."""

    def moved(m: re.Match[str], weekday: int, month: int, zh: bool) -> str:
        try:
            day = datetime(int(m.group("y")), month, int(m.group("d")), tzinfo=UTC)
        except ValueError:
            return m.group(0)
        shift = weekday - day.weekday()  # the day of that weekday in the same week (Monday first)
        if shift == 0:
            return m.group(0)
        day = day.fromordinal(day.toordinal() + shift)
        if zh:
            return f"{day.year}年{day.month}月{day.day}日{m.group('wd')}"
        return f"{m.group('wd')} {day.day} {m.group('in') or ''}{day:%B} {day.year}"

    statement = _DAY_OF_WEEK_EN.sub(
        lambda m: moved(
            m, _WEEKDAYS.split("|").index(m.group("wd").casefold()), MONTHS_EN.index(m.group("m").casefold()) + 1, False
        ),
        statement,
    )
    return _DAY_OF_WEEK_ZH.sub(lambda m: moved(m, _ZH_WEEKDAY[m.group("wd")[-1]], int(m.group("m")), True), statement)
