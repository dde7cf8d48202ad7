"""What a standing request of the user's does to the beliefs before it.

The beliefs ``standing_requests`` writes ("The user wants the assistant to
answer in French.") all share "wants the assistant to", which the generic
alignment reads as shared context: any two requests would look like one
attribute with two values, and the later would end the earlier ("use metric
units" ending "keep your answers short"). So a pair where either belief is a
request is decided here (``generic_decision`` asks): the same request again
reinforces; one about the same thing replaces it (what the two ask shares two
words around what differs, "answer in French" / "... in English"; or, said
as a change, a word of substance in common or a word of one kind each:
"switch back to English" / "answer me in German"); anything else leaves it,
and a request never touches a fact about the user.
"""

from __future__ import annotations

import re
from itertools import pairwise

from ledgermind.analysis.text import STOPWORDS, stem
from ledgermind.distill.alignment import shared_ends
from ledgermind.distill.text import is_cjk

__all__ = ["KINDS", "is_standing_request", "of_kind", "request_decision"]

# What a standing request asks, as its belief states it
_ASKED_EN = re.compile(r"\bwants the assistant(?:,[^,]*,)?\s+(?:not\s+|never\s+)?to\s+(?P<asked>.+?)\.?$")
_ASKED_ZH = re.compile(r"希望助手(?:以后都?(?:不要再)?|每次都?|不要再?|回答时(?:不要)?)?(?P<asked>.+?)。?$")
_FILLER_EN = frozenset(["the", "a", "an", "its", "it", "to", "for", "user", "user's"])


def is_standing_request(statement: str) -> bool:
    """Whether a belief states a standing request of the user's (as ``standing_request``
    wrote it)."""
    return _asked(statement) is not None


# Words of one kind, of which a request names one at a time: a language, a unit, a programming
# language, a register, a length ("answer in German" / "switch back to English")
KINDS = tuple(
    frozenset(words.split())
    for words in (
        "english french german spanish italian portuguese dutch russian chinese mandarin cantonese japanese korean "
        "arabic hindi polish swedish turkish greek hebrew 中文 英文 英语 汉语 日语 法语 德语 西班牙语 韩语",
        "metric imperial",
        "celsius fahrenheit",
        "kilometers kilometres km miles",
        "kilos kilograms kg pounds lbs",
        "python rust go golang java javascript typescript kotlin swift ruby php scala haskell elixir",
        "formal informal casual formally informally casually",
        "short shorter brief briefer concise long longer detailed",
        "bullet paragraphs prose tables table headings",
    )
)
_GENERIC_PAIRS_ZH = frozenset(["回答", "用户", "以后", "希望", "助手"])
_GENERIC_WORDS = frozenset(
    [
        "use",
        "answer",
        "answers",
        "reply",
        "replies",
        "respond",
        "response",
        "responses",
        "its",
        "the",
        "user",
        "me",
        "my",
        "to",
        "in",
        "with",
        "for",
        "of",
        "on",
        "a",
        "an",
        "and",
        "or",
        "by",
        "default",
        "everything",
        "always",
        "any",
        "all",
        "each",
        "every",
        "when",
        "whenever",
        "if",
        "it",
        "more",
        "less",
        "at",
        "one",
        "two",
        "part",
        "parts",
        "thing",
        "things",
        "stuff",
        "way",
        "time",
        "times",
    ]
)


def request_decision(old: str, new: str, changed: bool = False) -> tuple[str, str, str]:
    """What a standing request ``new`` does to the belief ``old`` when either is one, as
    (verb, old value, new value) of ``generic_decision``: "reinforce" when it asks the same
    again; "supersede" when it asks about the same thing another way, what the two ask sharing
    two words or more around what differs ("answer in French" / "answer in English", "keep its
    answers short" / "... detailed") or the same asked the other way round ("not to use emojis"
    / "to use emojis"): a person's latest word on how to serve them holds. Nothing ("") for two
    requests about different things ("use metric units" / "use British spelling": both hold),
    nor between a request and a fact about the user."""
    was, now = _asked(old), _asked(new)
    if was is None or now is None:
        return "", "", ""
    if was == now:
        return ("reinforce", "", "") if _refused(old) == _refused(new) else ("supersede", "", "")
    p, s = shared_ends(was, now)
    if p + s < (3 if is_cjk(old + new) else 2):  # a Chinese word is two characters or more
        if changed and _about_one_thing(old, new, was, now):  # "switch back to English" / "... in German"
            return "supersede", "", ""
        return "", "", ""
    joiner = "" if is_cjk(old + new) else " "
    return "supersede", joiner.join(was[p : len(was) - s]), joiner.join(now[p : len(now) - s])


def _about_one_thing(old: str, new: str, was: list[str], now: list[str]) -> bool:
    """Whether a request said as a change is about what an earlier one asked: a word of
    substance in common ("summary lists", 参考链接), or a word of one kind each, different
    ("German" / "English", "Fahrenheit" / "Celsius", "Python" / "Rust", 英文 / 中文)."""
    if is_cjk(old + new):
        common = {a + b for a, b in pairwise(was)} & {a + b for a, b in pairwise(now)} - _GENERIC_PAIRS_ZH
    else:  # content words, stemmed ("quizzes" / "quiz"), neither the request's own nor function words
        common = set(_substance(was)) & set(_substance(now))
    return bool(common) or any(
        of_kind(kind, old) and of_kind(kind, new) and of_kind(kind, old) != of_kind(kind, new) for kind in KINDS
    )


def _substance(asked: list[str]) -> list[str]:
    return [stem(w) for w in asked if w not in _GENERIC_WORDS and w not in STOPWORDS and not w.isdigit()]


def of_kind(kind: frozenset[str], statement: str) -> frozenset[str]:
    """The words of ``kind`` the statement names."""
    text = statement.lower()
    return frozenset(w for w in kind if (w in text if is_cjk(w) else re.search(rf"\b{re.escape(w)}\b", text)))


def _refused(statement: str) -> bool:
    """Whether the request asks the assistant not to do what it names."""
    return bool(re.search(r"wants the assistant(?:,[^,]*,)?\s+(?:not|never)\s+to\b|希望助手不要", statement))


def _asked(statement: str) -> list[str] | None:
    if is_cjk(statement):
        m = _ASKED_ZH.search(statement)
        return None if m is None else list(re.sub(r"(?:用户|我)$", "", m.group("asked")))
    m = _ASKED_EN.search(statement)
    if m is None:
        return None
    return [w for w in re.findall(r"[\w'-]+", m.group("asked").lower()) if w not in _FILLER_EN]
