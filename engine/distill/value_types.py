"""Value types: what kind of value a clause states, read from its shape.

Why types and not sentences: whether a new statement contradicts an old one
depends on the *slot* and on the *kind of value*. A new version of the same
tool, a new city, a new employer or a new e-mail address replaces the old
one; a number next to a noun is a count of that noun. Recognising the value
by its shape (an e-mail, a phone number, "<Tool> 1.24", "9:30", "3 servers",
a capitalised name) works across phrasings and across English and Chinese,
which a list of example sentences never does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ledgermind.analysis.text import STOPWORDS

__all__ = [
    "AFTER_A_VALUE",
    "EMAIL",
    "NO_NOUN_AFTER",
    "PHONE",
    "TypedValue",
    "added_count_in",
    "count_in",
    "number",
    "team_size_in",
    "time_in",
    "version_in",
]

# Words that may follow a value and count no thing of it ("year 6 now", "pushed to 12 October so
# ...", "plot 31 by the car park"); any other word after a number makes it the number of that
# thing ("the year 6 reading group", "the 3rd floor")
AFTER_A_VALUE = frozenset(
    [
        "now",
        "instead",
        "too",
        "then",
        "and",
        "but",
        "with",
        "for",
        "from",
        "since",
        "this",
        "these",
        "again",
        "already",
        "yet",
        "lol",
        "haha",
        "tho",
        "though",
        "anymore",
        "starting",
        "until",
        "till",
        "into",
        "onto",
        "the",
        "per",
        "each",
        "every",
        "which",
        "where",
        "when",
        "because",
        "cos",
        "after",
        "before",
        "are",
        "were",
        "was",
        "all",
        "only",
        "just",
        "next",
        "last",
        "by",
        "near",
        "so",
        "at",
        "in",
        "on",
        "if",
        "as",
        "to",
        "of",
        "behind",
        "opposite",
        "down",
        "up",
        "over",
        "is",
        "a",
    ]
)
# ... as a lookahead: no word follows but those
NO_NOUN_AFTER = r"(?!\s+(?!(?:" + "|".join(sorted(AFTER_A_VALUE)) + r")\b)[a-z])"
# (starting only where an address can start: linear on a long run of characters with no space)
EMAIL = re.compile(r"(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+")
PHONE = re.compile(r"(?<![A-Za-z0-9.])\+?\d[\d\s().-]{6,}\d(?![A-Za-z0-9]|\.\d)")
# Tools whose versions are often plain integers ("Node 20", "Java 21"); a
# dotted number after any capitalised word is a version anyway ("Go 1.24").
_TOOLS = frozenset(
    [
        "go",
        "golang",
        "python",
        "node",
        "nodejs",
        "java",
        "postgres",
        "postgresql",
        "mysql",
        "mariadb",
        "redis",
        "kubernetes",
        "k8s",
        "react",
        "vue",
        "angular",
        "rails",
        "django",
        "ruby",
        "php",
        "rust",
        "ubuntu",
        "debian",
        "fedora",
        "centos",
        "terraform",
        "docker",
        "kafka",
        "elasticsearch",
        "spark",
        "scala",
        "kotlin",
        "swift",
        "ios",
        "android",
        "macos",
        "windows",
        "dotnet",
        ".net",
        "typescript",
        "nginx",
        "mongodb",
        "gradle",
        "laravel",
        "spring",
        "flask",
        "numpy",
        "pandas",
        "pytorch",
        "tensorflow",
        "jdk",
        "gcc",
        "clang",
        "llvm",
        "perl",
    ]
)
_MONTHS = frozenset(
    [
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
        "jan",
        "feb",
        "mar",
        "apr",
        "jun",
        "jul",
        "aug",
        "sep",
        "sept",
        "oct",
        "nov",
        "dec",
        "model",
        "version",
    ]
)
_VERSION = re.compile(r"(?<![\w.])([A-Za-z][A-Za-z+#.]*?)\s*[ -]?\s*v?(\d+(?:\.\d+)+|\d+)(?!\w|\.\d)")
_NUMBER_WORDS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "fifteen": 15,
    "twenty": 20,
    "thirty": 30,
    "fifty": 50,
    "hundred": 100,
    "a dozen": 12,
    "dozen": 12,
}
_ZH_DIGITS = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_NUM = r"(\d+|" + "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True)) + r")"
_COUNT_EN = re.compile(
    r"\b" + _NUM + r"\s+((?:full-time\s+|part-time\s+|active\s+|production\s+|paying\s+)?[a-z][a-z-]+)\b",
    re.IGNORECASE,
)
_ZH_NUM = r"(\d+|[零一二两三四五六七八九十百]+)"
_COUNT_ZH = re.compile(_ZH_NUM + r"\s*(?:个|台|名|位|只|辆|家|套|间|条|人)([\u4e00-\u9fff]{1,4}|[a-zA-Z]+)?")
# A clock time; after it no unit ("10 kg") but a word that says when it starts may follow
# ("moved to 10 starting this week"); never one digit of a longer number.
_TIME_EN = re.compile(
    r"\b(\d{1,2})(?!\d)(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?"
    # what may follow a clock time: when it holds ("at 11 the past couple weeks", "at 7 this
    # week"), never a unit ("11 days", "6 servers")
    r"(?!\s*(?:%|(?!(?:starting|from|sharp|now|instead|tomorrow|today|tonight|every|each|on|for|since|these|this|"
    r"lately|recently|again|during|ever|nowadays|most|ish|going|moving|the\s+(?:past|last))\b)[a-z]{2,}))",
    re.IGNORECASE,
)
_TIME_ZH = re.compile(
    # (with a colon, two digits of minutes: "2:2" is a degree's class, no time)
    r"(早上|上午|中午|下午|晚上)?\s*(\d{1,2}|[一二两三四五六七八九十]+)\s*(?:点|:(?=\d{2}(?!\d)))"
    r"(半|一刻|三刻|\d{1,2}分?|[零一二三四五六七八九十]{1,3}分?)?"
)
# Units that are not things one counts as a standing fact ("3 days ago", "2 years").
_NOT_COUNTED = frozenset(
    [
        "day",
        "days",
        "week",
        "weeks",
        "month",
        "months",
        "year",
        "years",
        "hour",
        "hours",
        "minute",
        "minutes",
        "second",
        "seconds",
        "times",
        "time",
        "am",
        "pm",
        "percent",
        "o'clock",
        # a time or a determiner after the number is no thing counted ("down to 171 this morning")
        "this",
        "that",
        "these",
        "those",
        "the",
        "a",
        "an",
        "last",
        "next",
        "today",
        "yesterday",
        "tonight",
        "now",
        # ... nor a word of from when ("standup is at 10 going forward")
        "going",
        "moving",
        "starting",
        "from",
    ]
)


@dataclass(frozen=True, slots=True)
class TypedValue:
    kind: str  # version / count / time
    slot: str  # the slot this value implies ("version:go", "count:server", "")
    value: str  # normalised ("go 1.24", "3", "09:30")
    surface: str  # as written


def number(text: str) -> int | None:
    """An integer from digits, English number words or Chinese numerals."""
    t = text.strip().lower()
    if t.isdigit():
        return int(t)
    if t in _NUMBER_WORDS:
        return _NUMBER_WORDS[t]
    if t and all(c in _ZH_DIGITS or c in _ZH_UNITS for c in t):
        return _chinese_number(t)
    return None


_ZH_UNITS = {"十": 10, "百": 100, "千": 1000, "万": 10_000}


def _chinese_number(t: str) -> int | None:
    """A Chinese numeral as said: "二十五", "一百零五", "三千二百", "两万", and the
    spoken shortening where a digit after a unit counts the unit below it
    ("四千五" 4,500, "一万二" 12,000, "三百五" 350). None for a run that is
    no numeral ("万万", "五五")."""
    total, section, digit, last = 0, 0, None, 0
    for c in t:
        if c in _ZH_DIGITS:
            if digit is not None and digit != 0 and _ZH_DIGITS[c] != 0:
                return None  # two digits in a row: "五五" is no numeral
            digit = _ZH_DIGITS[c]
        elif c == "万":
            section += digit or 0
            if section == 0:
                return None
            total, section, digit, last = total + section * 10_000, 0, None, 10_000
        else:
            unit = _ZH_UNITS[c]
            section += (1 if digit is None else digit) * unit
            digit, last = None, unit
    if digit:  # a digit said after a unit, with no unit of its own: the unit below ("四千五")
        section += digit * (last // 10 if last >= 100 and not t.endswith("零" + t[-1:]) else 1)
    return total + section


# Words said before an amount that name no tool ("it's actually 3.6 by 4", "roughly 2.5")
_HEDGES = frozenset(
    ["actually", "about", "around", "roughly", "only", "just", "now", "maybe", "probably", "nearly", "almost"]
    + ["exactly", "approx", "approximately", "like", "over", "under", "really", "more", "less", "least", "most"]
)


def version_in(text: str) -> TypedValue | None:
    """ "Go 1.24", "Python 3.12", "Node 20", "PostgreSQL 16", "go1.24"."""
    for m in _VERSION.finditer(text):
        tool, ver = m.group(1).rstrip("."), m.group(2)
        low = tool.lower()
        if low in _MONTHS or low in STOPWORDS or low in _HEDGES or not low:
            continue  # "is 17.99" is a price said with a verb, no tool's version; "actually 3.6" a measure
        if "." in ver or low in _TOOLS:
            if low == "golang":
                low = "go"
            if low.startswith("postgres"):
                low = "postgresql"
            return TypedValue("version", f"version:{low}", f"{low} {ver}", m.group(0))
    return None


def count_in(text: str) -> TypedValue | None:
    """ "3 servers", "twelve engineers", "5台服务器"."""
    for m in _COUNT_EN.finditer(text):
        if m.start() > 0 and text[: m.start()].strip():
            break  # the count must open the text it is looked for in
        noun = m.group(2).lower().split()[-1]
        n = number(m.group(1))
        if n is None or noun in _NOT_COUNTED:
            continue
        return TypedValue("count", f"count:{_singular(noun)}", str(n), m.group(0))
    for z in _COUNT_ZH.finditer(text):
        n = number(z.group(1))
        if n is None:
            continue
        noun = (z.group(2) or "").rstrip("了的")
        return TypedValue("count", f"count:{noun or 'items'}", str(n), z.group(0))
    return None


_NUMERAL_EN = r"\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty"
_PEOPLE_EN = r"(?:people|devs|developers|engineers|reports|folks|staff|nurses|analysts|designers|employees|ppl)"
# How many people the speaker's team holds, said in one of the ways people say it
# (all of it, said as what holds: never "our team has three open roles", "2 engineers on my team are
# quitting", "I lead 2 devs on the side project")
_ALL_OF_IT_EN = r"(?=\s*(?:$|[,.;!]|now\b|plus\b|including\b|in total\b|total\b|at work\b))"
_TEAM_SIZE_EN = re.compile(
    r"\b(?:my|our)\s+(?:\w+\s+)?(?:team|squad|crew|group)\s+(?:is|'s)\s+(?:now\s+|just\s+)?(?P<a>"
    + _NUMERAL_EN
    + r")(?:\s+(?:[a-z-]+\s+)?"
    + _PEOPLE_EN
    + r")?"
    + _ALL_OF_IT_EN
    + r"|\b(?:there's|there is|there are|i have|i've got|we have|now)\s+(?P<b>"
    + _NUMERAL_EN
    + r")\s+(?:[a-z-]+\s+)?"
    + _PEOPLE_EN
    + r"\s+(?:under me|on my team|in my team|reporting to me|who report to me)"
    + _ALL_OF_IT_EN
    + r"|\bi\s+(?:now\s+)?(?:manage|lead|run)\s+(?:a team of\s+)?(?P<c>"
    + _NUMERAL_EN
    + r")\s+(?:[a-z-]+\s+)?"
    + _PEOPLE_EN
    + _ALL_OF_IT_EN,
    re.IGNORECASE,
)
_TEAM_SIZE_ZH = re.compile(
    r"(?:带|管)(?:着)?(?:一个|个)?\s*(?P<a>\d{1,3}|[一二两三四五六七八九十]{1,3})\s*(?:个)?人的?(?:小组|小团队|团队|组)"
    r"|(?:组里|团队里|手下|我们组里?|我组里?)(?:现在|一共|总共|已经|只剩|还剩|剩)?(?:有|下)?\s*(?P<b>\d{1,3}|[一二两三四五六七八九十]{1,3})\s*个人"
    r"(?:了|啦)?(?=[，,。！!~～]|$)"
)


_THIS_TIME_ZH = re.compile(
    r"今天|今晚|这周|这两天|这几天|周末|本周|这个月|请假|休假|出差|以前|之前|原来|那时|\d{4}年|聚餐|订"
)


def team_size_in(text: str) -> TypedValue | None:
    """How many people the speaker's team is: "my team is 4 devs", "six engineers under me",
    "I manage 5 people", "带一个5人的小组", "组里7个人了"."""
    zh = re.search(r"[\u4e00-\u9fff]", text) is not None
    m = (_TEAM_SIZE_ZH if zh else _TEAM_SIZE_EN).search(text)
    if m is None or (zh and _THIS_TIME_ZH.search(text)):
        return None  # "这周组里只有两个人了": who is in this week, not the team
    said = next(k for k in m.groupdict() if m.group(k))
    n = number(m.group(said))
    if n is None or n < 2:
        return None
    # the team's own slot (never a count of people said of something else: "we have 3 engineers
    # out sick", "我们一共十个人")
    return TypedValue("count", "count:team", str(n), m.group(0))


# "adopted a third cat", "we had our second baby": the count the thing now has.
_ORDINALS = ("second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
_ORDINAL_ADDED_EN = re.compile(
    r"\b(?:adopted|got|bought|had|welcomed|added|hired|rescued)\s+(?:a|an|our|my|his|her|their)\s+"
    r"(" + "|".join(_ORDINALS) + r")\s+([a-z][a-z-]+)\b",
    re.IGNORECASE,
)


def added_count_in(text: str) -> TypedValue | None:
    """The count one more makes: "adopted a third cat" -> 3 cats, as "we have
    three cats" says it."""
    m = _ORDINAL_ADDED_EN.search(text)
    if m is None or m.group(2).lower() in _NOT_COUNTED:
        return None
    n = _ORDINALS.index(m.group(1).lower()) + 2
    return TypedValue("count", f"count:{_singular(m.group(2).lower())}", str(n), m.group(0))


def time_in(text: str) -> TypedValue | None:
    """A clock time: "6", "6:30 am", "9:30", "早上7点", "10点半"."""
    z = _TIME_ZH.search(text)
    if z:
        hour = number(z.group(2))
        if hour is not None:
            if z.group(1) in ("下午", "晚上") and hour < 12:
                hour += 12
            said = (z.group(3) or "").rstrip("分")
            quarter = {"半": 30, "一刻": 15, "三刻": 45}.get(said)
            minute = quarter if quarter is not None else int(number(said) or 0) if said else 0
            return TypedValue("time", "", f"{hour:02d}:{minute:02d}", z.group(0))
    for m in _TIME_EN.finditer(text):
        hour, minute, half = int(m.group(1)), int(m.group(2) or 0), (m.group(3) or "").lower()
        if (
            hour > 23
            or minute > 59
            or (not m.group(2) and not half and not re.search(r"\b(?:at|to|around|by|until)\s+$", text[: m.start()]))
        ):
            continue
        if half.startswith("p") and hour < 12:
            hour += 12
        if half.startswith("a") and hour == 12:
            hour = 0
        return TypedValue("time", "", f"{hour:02d}:{minute:02d}", m.group(0).strip())
    said = re.search(r"\b(?:at|to|around|by|until|about)\s+(midnight|noon|midday)\b", text, re.IGNORECASE)
    if said is not None:  # "usually in bed around midnight": a time said in a word
        return TypedValue("time", "", "00:00" if said.group(1).lower() == "midnight" else "12:00", said.group(1))
    return None


def _singular(noun: str) -> str:
    if noun.endswith("ies") and len(noun) > 4:
        return noun[:-3] + "y"
    if noun == "people":
        return "person"
    if noun == "children":
        return "child"
    if noun.endswith("s") and not noun.endswith("ss") and len(noun) > 3:
        return noun[:-1]
    return noun
