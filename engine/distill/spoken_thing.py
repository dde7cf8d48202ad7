"""After "my X is Y", a new Y said of "it" is a change of the speaker's X.

"my usual coffee order is an oat latte", then "it's cortados these days". Read
alone, the second message is about "it", no one's anything: no rule keeps it,
and what changed was lost. A listener reads "it" as the thing the speaker
said theirs just before. The thing is taken from a clause that says what one
of the speaker's things is ("my X is Y", "our X are Y", X up to five words);
in the clauses of that message and of the speaker's next one, a clause whose
subject is "it" (or "they're" for a plural X) that says a change in words
("now", "these days", "switched") and gives a value of the same shape as Y is
read with "my X" in the pronoun's place ("my usual coffee order is cortados
these days"), and the rules read it as any statement of that thing.

The shape is what keeps "it" from standing for the thing where it is the
weather, the time or a verdict: after "my gym is anytime fitness", "it's the
ymca now" is a name where a name was (read), while "it's raining now", "it's
so much better now", "it's been a week now" and "it's in the shop now" are not
(left as they are). A value is a thing named, an amount or time, or a place
after a preposition (the same one: "on thursdays" for "on mondays"); the verbs
that give a value of their own ("it leaves may 5 now", "it moved to
cambridge") are a closed class. People are left to ``spoken_of``.
"""

from __future__ import annotations

import re

from ledgermind.distill.alignment import change_words
from ledgermind.distill.frames import RELATIONS_EN
from ledgermind.distill.statements import strip_lead

__all__ = ["ThingSpokenOf"]

# "my usual coffee order is ...": the copula after up to five words that are no verb of their own
_THING_IS = re.compile(
    r"^(?P<my>my|our)\s+(?!(?:" + RELATIONS_EN + r")\b(?!'s))"  # a person is no thing; "my son's school" is
    r"(?P<x>[a-z][\w'-]*(?:\s+(?!(?:is|are|was|were|has|have|had|and|but|so|because)\b)[\w'-]+){0,4}?)"
    r"(?:\s+(?:is|are|was|were)|'s)\s+(?P<y>.+)$",
    re.IGNORECASE,
)
# "it's ...", "it is ...", "it leaves ...", "they're ...": the pronoun first in the clause, or
# first after a comma or "so" / "and" ("ANA rescheduled it, it leaves may 5 now")
_IT = re.compile(
    r"(?:^|,\s*|\b(?:so|and|now|these days|nowadays|lately|currently)\s+)(?P<p>it|they)"
    r"(?:(?P<be>'s|'re|\s+(?:is|are|was|were)\b)|\s+(?P<verb>leaves|starts|begins|ends|costs|opens|closes|"
    r"moved|got moved|went up|went down|(?:has\s+)?(?:gone|jumped|dropped) (?:up\s+|down\s+)?)\b)"
    r"\s+(?P<y>.+)$",
    re.IGNORECASE,
)
_NOW_FIRST = re.compile(
    r"^(?:(?:honestly|ok|okay|so|well|but|and|lol|tbh)[,\s]+)*(?:now|these days|nowadays|lately|currently)\b", re.I
)
# "(they) moved standup to 10:15", "raising the trip budget to 2500": a thing of the speaker's by
# its name, moved to a new value by whoever moved it
_MOVED_THING = re.compile(
    r"(?:^|,\s*|\b(?:so|and|they|we|he|she|i|boss|someone)\s+)(?:just\s+|finally\s+)?"
    r"(?:moved|pushed|bumped|changed|switched|rescheduled|shifted|raised|raising|upped|lowered|lowering|cut|"
    r"increased|increasing|reduced|reducing|dropped|moving|pushing|bumping|changing)\s+"
    r"(?:the\s+|my\s+|our\s+)?(?P<x>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}?)\s+(?:up\s+|down\s+|back\s+)?to\s+"
    r"(?P<y>[^,;.!?]+?)(?=\s*(?:[,;.!?]|$|\s+(?:which|because|since|so|and|but)\b))",
    re.IGNORECASE,
)
_PLURAL = re.compile(r"(?<!s)s$", re.IGNORECASE)  # "lessons", "sessions"; not "class"
_AFTER_HEAD = re.compile(r"\s+(?:to|for|of|at|in|on|with|from)\s", re.IGNORECASE)
# Said before a value, no part of it: a hedge or a word of time ("more like 1am", "just the ymca")
_HEDGE = re.compile(r"^(?:(?:now|just|only|actually|more like|like|about|around|roughly|officially)\s+)+", re.I)
_PREPOSITION = re.compile(r"^(in|on|at|to|into|from|with|by|near|for)\b", re.IGNORECASE)
_AMOUNT = re.compile(
    r"^(?:[$€£¥]?\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+\d|"
    r"(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty)\b)",
    re.IGNORECASE,
)
# A time of day ("9pm", "8:35", "midnight"), and a number said alone, which may be one ("11")
_TIME = re.compile(r"^(?:\d{1,2}(?::\d\d)?\s*(?:am|pm)\b|\d{1,2}:\d\d\b|noon\b|midnight\b)", re.IGNORECASE)
_BARE_NUMBER = re.compile(r"^\d{1,2}(?:\s+(?:now|these days|lol))?[\s.!,]*$", re.IGNORECASE)
# No value: a state, a verdict or a doing ("raining", "so much better", "been a week", "fine", "changed")
_NO_VALUE = re.compile(
    r"^(?:\w+ing\b|\w+ed\b|been\b|got\b|gotten\b|had\b|not\b|no\b|so\b|too\b|very\b|really\b|much\b|pretty\b|quite\b|kinda\b|super\b|way\b|"
    r"still\b|getting\b|gonna\b|going\b|fine\b|ok\b|okay\b|good\b|bad\b|great\b|better\b|worse\b|awesome\b|"
    r"amazing\b|terrible\b|nice\b|cool\b|over\b|done\b|gone\b|broken\b|dead\b|all\b|time\b|my\b|your\b|her\b|his\b|"
    r"their\b|our\b|what\b|how\b|that\b|this\b|because\b|since\b|when\b|if\b|"
    # a verdict said as a noun ("a zoo now in january", "the best thing ever", "a bit much")
    r"(?:such\s+)?an?\s+(?:(?:total|complete|absolute|real|bit of a|little)\s+)?(?:mess|nightmare|zoo|joke|disaster|"
    r"pain|lot|bit|little|thing|problem|struggle|dream|blast|vibe|madhouse|circus|ghost town|headache|hassle|"
    r"drag|chore|mission|rip-?off|scam|steal|bargain|game changer|lifesaver|relief|must)\b|"
    r"the\s+(?:best|worst|most|least)\b)",
    re.IGNORECASE,
)


def _head(words: str) -> str:
    """The noun a thing's words are about: the last before a preposition ("flight" of
    "flight to tokyo"), else the last ("lessons" of "guitar lessons")."""
    return _AFTER_HEAD.split(words, maxsplit=1)[0].split()[-1]


def _shape(value: str) -> str | None:
    """What kind of value a complement gives: "time" (of day), "number" (said alone),
    "amount", "in" / "on" / ... (a place or a time after that preposition), "name"; None
    when it gives none."""
    value = _HEDGE.sub("", value.strip())
    if not value or _NO_VALUE.match(value):
        return None
    if _TIME.match(re.sub(r"^the\s+", "", value, flags=re.IGNORECASE)):  # "the 8:05"
        return "time"
    if _BARE_NUMBER.match(value):
        return "number"
    if _AMOUNT.match(value):
        return "amount"
    prep = _PREPOSITION.match(value)
    if prep is not None:
        return prep.group(1).lower()
    return "name"


def _unit_of(value: str) -> str | None:
    """The unit an amount is said in, the word after its number ("pages" of "600 pages now"); None
    for a rate's ("1400 a month") or none said."""
    unit = re.match(r"\s*[$€£¥]?\d[\d,.]*\s?([a-z]+)", value, re.IGNORECASE)
    word = unit.group(1).casefold() if unit else ""
    if not word or word in ("a", "an", "per", "each", "every", "now", "these", "since", "from", "and", "k", "ish"):
        return None
    return word.removesuffix("s")


def _same_shape(held: str, said: str | None, verb: str) -> bool:
    """Whether a value said of "it" can stand where the thing's value stood: the same
    shape, a place moved to for a place ("it moved to cambridge"), a time of day for a
    number said alone ("my bedtime is 11" / "it's 1am now")."""
    return (
        said == held
        or (verb in ("moved", "got moved") and said in ("to", "into"))
        or (held == "number" and said in ("time", "amount"))
        or (held == "amount" and said == "number")  # "40 a month" / "it's 55 now"
        or (held == "time" and said == "number")
    )


class ThingSpokenOf:
    """Reads a speaker's clauses in order, keeping the thing of theirs said last with
    the shape of what it is; ``resolved`` gives a clause of change back with its "it" as
    that thing."""

    def __init__(self) -> None:
        self._thing: tuple[str, bool, str] | None = None  # ("my usual coffee order", plural, "name")
        self._from_before = False  # said in the message before this one
        self._unit: str | None = None  # the unit its amount was said in ("kg" of "82 kg"), if any

    def new_message(self) -> None:
        """The thing said in a message stands for "it" in that message and the next one only."""
        if self._from_before:
            self._thing = None
        self._from_before = self._thing is not None

    def resolved(self, clause: str) -> str:
        text = clause.strip()
        led = strip_lead(text)
        said = _THING_IS.match(led)
        if said is not None:
            shape = _shape(said.group("y"))
            words = said.group("x")
            self._thing = (
                (f"{said.group('my').lower()} {words}", bool(_PLURAL.search(_head(words))), shape) if shape else None
            )
            self._unit = _unit_of(said.group("y"))
            self._from_before = False
            return clause
        if self._thing is None:
            return clause
        thing, plural, shape = self._thing
        moved = _MOVED_THING.search(led)
        if moved is not None and _head(moved.group("x")).lower() == _head(thing).lower():
            # "they moved standup to 10:15" after "my standup is at 9:30": the thing, its new value
            value = moved.group("y").strip()
            if not _same_shape(shape, _shape(value), "") and not (shape and _shape(f"{shape} {value}") == shape):
                return clause
            if shape and shape.isalpha() and shape not in ("name", "time", "number", "amount"):
                value = value if value.lower().startswith(shape + " ") else f"{shape} {value}"
            be = "are" if plural else "is"
            return text[: len(text) - len(led)] + f"{led[: moved.start()]}{thing} {be} {value} now"
        for pronoun in _IT.finditer(led):
            it = pronoun.group("p").lower() == "it"
            # "it" for any thing ("my hours are 9 to 5" / "now it's 10 to 6"); "they" only
            # for a plural one, before "are": "they changed them" is whoever changed them
            # the change said after the pronoun, or as a time word first ("these days it's big thief")
            if not (it or (plural and pronoun.group("be"))) or not (
                change_words(led[pronoun.start("p") :]) or _NOW_FIRST.match(led)
            ):
                continue
            verb = (pronoun.group("verb") or "").lower()
            if not _same_shape(shape, _shape(pronoun.group("y")), verb):
                continue
            unit = _unit_of(pronoun.group("y"))
            if unit and unit != self._unit:
                continue  # "our rent is 1400 a month" / "the book, it's 600 pages now": another thing's measure
            be = (pronoun.group("be") or "").strip().lower()
            be = {"'s": "is", "'re": "are"}.get(be, be) or ("are" if plural else "is")
            if plural:  # "now it's 10 to 6" of "my hours": "my hours are 10 to 6"
                be = {"is": "are", "was": "were"}.get(be, be)
            told = f"{led[: pronoun.start('p')]}{thing} {verb or be} {pronoun.group('y')}"
            return text[: len(text) - len(led)] + told
        return clause
