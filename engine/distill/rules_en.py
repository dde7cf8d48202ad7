"""English sentence rules: identity, preferences and habits, stated facts,
updates, dated episodes, and forget requests.

Each rule is a regular expression plus a small function that says what it
means; a sentence may match several (an introduction often carries a name and
a job). The rules are general English patterns, not the test sentences: a
pattern earns its place when it names a kind of statement people make.
"""

from __future__ import annotations

import re
from datetime import datetime

from ledgermind.distill.alignment import says_a_state
from ledgermind.distill.bare_corrections import DAY_NAMES
from ledgermind.distill.chatter import chatter_kind
from ledgermind.distill.dates import find_time, format_day
from ledgermind.distill.findings import TITLE_PERIOD, Finding, Speaker, attribute_of, clean_value
from ledgermind.distill.frames import RELATIONS_EN, subject_of
from ledgermind.distill.person import IRREGULAR_PAST, third_person
from ledgermind.distill.statements import is_request
from ledgermind.distill.text import a_or_an

__all__ = ["english_findings"]

# a value: up to punctuation, keeping "1.23" and a title's period ("Ms. Park", "Dr. Green")
_V = r"((?:[^.,;!?]|[.,](?=\d)|" + TITLE_PERIOD + r")+)"
# a name, with the title it is said with ("Dr. Patel", "Ms Okafor")
_NAME = r"((?:(?:Dr|Mr|Mrs|Ms|Mx|Prof)\.?\s+)?[A-Z][a-zA-Z'-]+(?:\s+[A-Z][a-zA-Z'-]+)?)"
# "I'm WFH", "I'm OK": a word in capitals after "I'm" is an acronym or a shout, no name
_ACRONYM = re.compile(r"[A-Z]{2,}")
# Faiths, creeds and nations a speaker says they are with a capital ("I'm Catholic", "I'm
# Nigerian"): a closed class, so "I'm Brian" stays a name.
_BELONGING = frozenset(
    [
        "catholic",
        "protestant",
        "christian",
        "anglican",
        "methodist",
        "baptist",
        "lutheran",
        "presbyterian",
        "evangelical",
        "pentecostal",
        "mormon",
        "quaker",
        "orthodox",
        "jewish",
        "muslim",
        "hindu",
        "buddhist",
        "sikh",
        "jain",
        "bahai",
        "pagan",
        "wiccan",
        "atheist",
        "agnostic",
        "american",
        "canadian",
        "mexican",
        "brazilian",
        "argentinian",
        "chilean",
        "colombian",
        "peruvian",
        "venezuelan",
        "cuban",
        "jamaican",
        "british",
        "english",
        "scottish",
        "welsh",
        "irish",
        "cornish",
        "french",
        "german",
        "dutch",
        "belgian",
        "swiss",
        "austrian",
        "italian",
        "spanish",
        "portuguese",
        "greek",
        "polish",
        "czech",
        "slovak",
        "hungarian",
        "romanian",
        "bulgarian",
        "serbian",
        "croatian",
        "bosnian",
        "slovenian",
        "ukrainian",
        "russian",
        "lithuanian",
        "latvian",
        "estonian",
        "finnish",
        "swedish",
        "norwegian",
        "danish",
        "icelandic",
        "turkish",
        "kurdish",
        "iranian",
        "persian",
        "iraqi",
        "syrian",
        "lebanese",
        "jordanian",
        "israeli",
        "palestinian",
        "egyptian",
        "moroccan",
        "algerian",
        "tunisian",
        "libyan",
        "saudi",
        "emirati",
        "yemeni",
        "omani",
        "qatari",
        "kuwaiti",
        "afghan",
        "pakistani",
        "indian",
        "bangladeshi",
        "nepali",
        "nepalese",
        "lankan",
        "tamil",
        "punjabi",
        "gujarati",
        "bengali",
        "chinese",
        "taiwanese",
        "japanese",
        "korean",
        "vietnamese",
        "thai",
        "filipino",
        "filipina",
        "malaysian",
        "singaporean",
        "indonesian",
        "burmese",
        "cambodian",
        "laotian",
        "mongolian",
        "kazakh",
        "uzbek",
        "australian",
        "kiwi",
        "nigerian",
        "ghanaian",
        "kenyan",
        "ugandan",
        "tanzanian",
        "ethiopian",
        "eritrean",
        "somali",
        "sudanese",
        "rwandan",
        "zambian",
        "zimbabwean",
        "malawian",
        "namibian",
        "cameroonian",
        "congolese",
        "senegalese",
        "ivorian",
        "yoruba",
        "igbo",
        "hausa",
        "zulu",
        "xhosa",
        "maori",
        "samoan",
        "tongan",
        "fijian",
        "hawaiian",
        "texan",
        "californian",
        "latino",
        "latina",
        "latinx",
        "hispanic",
        "asian",
        "african",
        "european",
        "arab",
        "caribbean",
    ]
)
_NOT_NAMES = frozenset(
    [
        "I",
        "So",
        "Not",
        "Just",
        "Really",
        "Sure",
        "Glad",
        "Happy",
        "Sorry",
        "Also",
        "Still",
        "Here",
        "Back",
        "Fine",
        "Good",
        "Okay",
        "OK",
        "Well",
        "Very",
        "Going",
        "Trying",
        "Looking",
        "Thinking",
        "Always",
        "Never",
        "Actually",
        "Currently",
        "Now",
    ]
)
# What "I'm" is said before with a capital that is no name: a day, a time zone ("oh wait, I'm Tuesdays",
# "I'm Mountain, not Pacific"); a month may be a name ("I'm May")
_TIME_SAID = re.compile(
    r"(?:" + DAY_NAMES + r")s?|pacific|mountain|eastern|central|atlantic|alaska|hawaii|"
    r"gmt|bst|utc|[ecmp][sd]t",
    re.IGNORECASE,
)
_INTRO = re.compile(r"\b(?:[Mm]y name is|I'm|I am|[Cc]all me)\s+" + _NAME + r"(?:,?\s+(?:an?|the)\s+([^.,;!?]+))?")
_OCCUPATION_WORDS = frozenset(
    [
        "nurse",
        "doctor",
        "student",
        "chef",
        "artist",
        "teacher",
        "engineer",
        "developer",
        "programmer",
        "designer",
        "manager",
        "lawyer",
        "accountant",
        "scientist",
        "writer",
        "author",
        "counselor",
        "counsellor",
        "musician",
        "painter",
        "photographer",
        "parent",
        "mom",
        "dad",
        "mother",
        "father",
        "consultant",
        "analyst",
        "architect",
        "pilot",
        "farmer",
        "mechanic",
        "therapist",
        "researcher",
        "professor",
        "librarian",
        "pharmacist",
        "dentist",
        "officer",
        "clerk",
        "volunteer",
        "intern",
        "founder",
        "ceo",
        "cto",
    ]
)
# (a role held for a while, or just taken, is held now: "I've been an admin officer at the
# council for two weeks now", "I became a nurse in 2019"; not "I've been a teacher" said alone)
_AM_A = re.compile(
    r"\b(?:I'm|I am|I became|I've become|I have become|"
    r"(?:I've|I have) been(?=\s+an?\s[^.!?]*\bfor\s+(?:\w+\s+)?(?:\d+|a|an|one|two|three|four|five|six|"
    r"several|a few|a couple of)\s+\w+\s+now\b))\s+(?:(?:now|just|finally|officially)\s+)?(?:an?)\s+([^.,;!?]+)",
    re.IGNORECASE,
)
_WORK = re.compile(r"\bI\s+(?:currently\s+|now\s+)?work\s+(as|at|for|in)\s+(?:an?\s+)?([^.,;!?]+)", re.IGNORECASE)
# (with whom said before where: "i live with my parents in fresno")
_LIVE = re.compile(
    r"\bI\s+(?:currently\s+|now\s+|still\s+)?live\s+(?:with\s+(?:my|our)\s+[a-z]+(?:\s+[a-z]+)?\s+)?in\s+"
    r"([^.,;!?]+?)(?=\s+(?:still|now|too|again|anymore|any more|these days)\b|\s*[.,;!?]|$)",
    re.IGNORECASE,
)
_FROM = re.compile(r"\b(?:I'm|I am)\s+(?:originally\s+)?from\s+([^.,;!?]+)", re.IGNORECASE)
# An age, with its unit or bare ("I'm 34 btw", "im 35 now"): a bare number after "I'm" is an
# age when the clause ends there, nothing making it a measure, a score or a time ("I'm 5
# minutes away", "I'm 100% sure", "I'm 2 for 2"), nor a list going on ("i'm 27, single, ..."),
# nor an age supposed ("explain it like I'm 5", "as if I'm 12").
_AGE = re.compile(
    r"(?<!\blike )(?<!\bif )(?<!\bas )(?<!\bwhen )(?<!\bthough )(?<!\bpretend )"
    r"\b(?:I'm|I am|im)\s+(?:now\s+|officially\s+|finally\s+)?(\d{1,3})"
    r"(?:\s+years?\s+old\b|(?=\s*(?:[.;!)]|$|(?:now|btw|lol|haha|today|this year|as of \w+)\b)))",
    re.IGNORECASE,
)
_PREFERENCE = re.compile(
    r"\bI\s+(?:really\s+|also\s+|absolutely\s+|just\s+|still\s+|do\s+|totally\s+)?"
    r"(like|love|enjoy|prefer|adore|hate|dislike|don't like|do not like|don't enjoy|can't stand|"
    r"am a (?:big |huge )?fan of|'m a (?:big |huge )?fan of|am into|'m into)\s+([^.;!?]+)",
    re.IGNORECASE,
)
# What follows "I love" when "I love" is a relative clause whose object is the noun before it
# ("something I love is awesome", "the things I love make writing fun", "a job I enjoy every
# day", "what I like to hear"): the sentence's own verb, a time alone, a verb of perceiving alone.
_OBJECT_GAP = re.compile(
    r"^(?:(?:is|are|was|were|makes|make|made|has|had|keeps|kept|gives|gave|helps|brings|means|feels)\b"
    r"|(?:every|each)\s+(?:day|night|week|month|year|time)$|to\s+(?:hear|see|know|say|read)$)",
    re.IGNORECASE,
)
_FAN = re.compile(r"\bI(?:'m| am)\s+(?:a\s+)?(?:big\s+|huge\s+)?(fan of|into)\s+([^.;!?]+)", re.IGNORECASE)
_HABIT = re.compile(
    r"\bI\s+(?:usually\s+|always\s+|never\s+|only\s+|now\s+|normally\s+)?(don't\s+|do not\s+|no longer\s+)?"
    r"(take|drink|eat|use|drive|wear)\s+(?:my\s+)?([a-z]+)\s+((?:with|without|black|plain|on|in)\b[^.,;!?]*)",
    re.IGNORECASE,
)
_HAS = re.compile(
    r"\b(?:[Mm]y|[Oo]ur)\s+((?:(?!who\b|that\b|which\b)[a-z0-9-]+\s+){0,3}?(?!who\b|that\b|which\b)[a-z0-9-]+)"
    # "my mom's name is Linda" names her as "my mom is Linda" does: one attribute
    r"(?:(?:'s|’s)\s+name(?=\s+is\s+(?-i:[A-Z])))?\s+"
    # (the time said after the verb is no part of the value: "our landlord is now Harrow Estates")
    r"(?:now\s+|currently\s+|still\s+)?(is|are|uses|use|runs on|runs)\s+(?:(?:now|currently|still)\s+)?" + _V
)
# A clause after these is a condition, a time or a report, not said to hold: "I complain when my
# foreman is late", "if my car is in the shop", "which my mother says is a good sign".
_UNASSERTED = re.compile(
    r"\b(?:when|whenever|if|unless|until|till|before|after|once|whether|which|as soon as|in case)\s+$", re.IGNORECASE
)
# ... or the object of a verb or a preposition before it: "any friend who has fed my granddaughter
# pilau is welcome" says nothing of the granddaughter, "time for the people in our lives is vital"
# nothing of the lives.
_OBJECT_OF = re.compile(
    r"\b(?:\w+ed|fed|has|have|had|with|to|for|of|about|from|by|than|in|on|at|into|onto|among|around|without|"
    r"like|over|under|through|across|behind|beside|near|between)\s+$",
    re.IGNORECASE,
)
_REPORTED = re.compile(r"\b(?:says|said|thinks|thought|believes|feels|reckons|claims)$", re.IGNORECASE)
# Values that judge rather than state ("is awesome", "is so excited"): opinions, not facts.
_SENTIMENT = frozenset(
    [
        "so",
        "really",
        "very",
        "super",
        "pretty",
        "quite",
        "awesome",
        "amazing",
        "great",
        "incredible",
        "inspiring",
        "cool",
        "fun",
        "nice",
        "good",
        "bad",
        "terrible",
        "wonderful",
        "beautiful",
        "lovely",
        "fantastic",
        "excited",
        "happy",
        "sad",
        "crazy",
        "insane",
        "tough",
        "hard",
        "important",
        "special",
        "perfect",
        "unreal",
        "everything",
        "key",
        "worth",
    ]
)
_COMMENTARY = re.compile(
    r"\s+[-–—]\s+|,\s+(?:so|but|and|the|it|it's|they|they're|that|this|which)\s+|\s+and\s+(?:it|it's|it was|that)\b|;\s*"
)
_NAMED_WHO = re.compile(r"\b(?:called|named)\s+(?-i:[A-Z])[\w'-]*(?P<who>\s+who\s)")
_WE_USE = re.compile(
    r"\b(?:we|I)(?:'re| are| am|'m)?\s+(?:now\s+|currently\s+)?(?:use|using|run|running)\s+"
    r"((?:[^.,;!?]|[.,](?=\d))+?)\s+(?:in|on|for)\s+(?:our\s+|my\s+|the\s+)?([a-z][a-z\s-]{1,40})",
    re.IGNORECASE,
)
_UPDATE = re.compile(
    r"\b(?:we|I)(?:'ve| have)?\s+(?:just\s+|now\s+|finally\s+|already\s+|recently\s+)?"
    r"(?:upgraded|updated|moved|migrated|switched|changed|bumped)\s+(?:our\s+|my\s+|the\s+)?"
    # (not a pronoun: "we bumped it to 550" leaves the thing to what was said before it)
    r"(?!(?:it|them|this|that)\s)([a-z][a-z\s-]{1,40}?)\s+(?:over\s+)?to\s+" + _V,
    re.IGNORECASE,
)
_CLAUSE_END = re.compile(
    r",|\s+[-–—]\s+|\s+(?:and|but|who|which|because|so|with|when|while|in|at|on|for|from|since|over|than)\b",
    re.IGNORECASE,
)
# ... and where the clause itself ends (its prepositions say more of the same fact)
_CLAUSE_BREAK = re.compile(
    r",|\s+[-–—]\s+|\s+(?:and|but|who|which|because|so|when|while|than|though|tho)\b", re.IGNORECASE
)
_SUBORDINATE = re.compile(r"\s+(?:when|because|since|while|if|whenever|so that|to keep)\s+", re.IGNORECASE)
# What comes before a preference that is a message passed on ("Tell him I love him"), and a
# liking that only voices a hope ("I like to think so").
_PASSED_ON = re.compile(r"\btell\s+\w+\s+(?:that\s+)?$", re.IGNORECASE)
_HOPE_VOICED = re.compile(r"to (?:think|believe|say|imagine|hope|pretend)\b", re.IGNORECASE)
_DEICTIC = frozenset(
    [
        "it",
        "this",
        "that",
        "these",
        "those",
        "them",
        "they",
        "you",
        "your",
        "yours",
        "his",
        "her",
        "their",
        "him",  # "I love him": a person loved, no thing liked
        "us",
        "when",
        "how",
        "what",
        "where",
        "why",
        "the",
        "way",
        "the",
        "idea",
    ]
)
_INTERJECTION = re.compile(
    r"^(?:(?:yeah|yes|oh|wow|well|so|and|but|also|btw|fyi|fwiw|hey|haha|lol|ok|okay|anyway)\b[,!.]?\s+)+", re.IGNORECASE
)
_FORGET_ALL = re.compile(r"\b(?:please\s+)?forget\s+(?:everything|all)\b", re.IGNORECASE)
_FORGET = re.compile(r"^(?:please\s+)?forget\s+(?:that\s+)?(.+)", re.IGNORECASE)
_FIRST_PERSON_PAST = re.compile(r"\b(?:I|we)\s+(?:\w+\s+){0,2}?(\w+)\b", re.IGNORECASE)
_WITH = re.compile(r"\bwith\s+((?:my\s+)?[A-Z][a-z]+(?:\s+(?:and|&)\s+[A-Z][a-z]+)*|my\s+[a-z]+)")
_PLACE = re.compile(
    r"\b(?:to|at|in|visited)\s+((?:the\s+|a\s+|an\s+)?(?:[A-Z][\w'-]*|LGBTQ)(?:\s+[A-Za-z][\w'-]*){0,3})"
)
_WENT_TO = re.compile(r"\b(?:went|go|going|been)\s+to\s+((?:an?\s+|the\s+)?[\w'-]+(?:\s+[\w'-]+){0,3})", re.IGNORECASE)


def english_findings(sentence: str, speaker: Speaker, said_at: datetime) -> list[Finding]:
    if chatter_kind(_INTERJECTION.sub("", sentence.strip())) is not None:
        return []  # talk about the talk ("I was going to text you yesterday"): no rule reads it
    found: list[Finding] = []
    for rule in (_identity, _preferences, _habits, _stated):
        found.extend(rule(sentence, speaker, said_at))
    if not any(f.op == "update" for f in found):  # an upgrade is a fact change, not an outing
        found.extend(_episode(sentence, speaker, said_at))
    return found


def forget_request(sentence: str) -> tuple[str, str | None] | None:
    """("clear", None) for "forget everything", ("delete", what) for "forget X"."""
    if _FORGET_ALL.search(sentence):
        return ("clear", None)
    m = _FORGET.match(sentence.strip())
    return ("delete", m.group(1).strip(" .!")) if m else None


def _fact(
    speaker: Speaker, statement: str, attribute: str, value: str, op: str = "add", about: str | None = None
) -> Finding:
    """A fact of the speaker's, or of their person ``about`` ("son" of "my son is ...")."""
    people = (clean_value(value),) if attribute == "name" else ()
    return Finding(
        kind="fact",
        statement=statement,
        op=op,
        subject=speaker.key if about is None else f"{speaker.key}:{about}",
        attribute=attribute,
        value=clean_value(value).casefold(),
        participants=people,
    )


def _identity(s: str, sp: Speaker, _: datetime) -> list[Finding]:
    out: list[Finding] = []
    m = _INTRO.search(s)
    if (
        m
        and m.group(1).split()[0].capitalize() not in _NOT_NAMES  # ("I'm NOT allergic": shouted, no name)
        # "I'm Catholic", "I'm Irish": a faith or a nation, written with a capital, is no name
        and not (
            (
                m.group(1).casefold().split()[-1] in _BELONGING
                or _ACRONYM.fullmatch(m.group(1))
                or _TIME_SAID.fullmatch(m.group(1))
            )
            and not re.match(r"(?i)my name is|call me", m.group(0))
        )
    ):
        name = m.group(1)
        out.append(_fact(sp, f"{_possessive(sp.label)} name is {name}.", "name", name))
        if m.group(2):
            role = clean_value(m.group(2))
            out.append(_fact(sp, f"{name} is {a_or_an(role)} {role}.", "occupation", role))
    else:
        a = _AM_A.search(s)
        if a and _occupation_like(_CLAUSE_END.split(a.group(1), maxsplit=1)[0]):
            role = clean_value(_CLAUSE_END.split(a.group(1), maxsplit=1)[0])
            # where and on what, said with the role, stay in the note ("a UX designer at a bank on 60k")
            said = third_person(_CLAUSE_BREAK.split(a.group(1), maxsplit=1)[0].strip(), sp.label)
            out.append(_fact(sp, f"{sp.label} is {a_or_an(role)} {said}.", "occupation", role))
    w = _WORK.search(s)
    if w:
        attr = {"as": "occupation", "at": "employer", "for": "employer", "in": "work field"}[w.group(1).lower()]
        if attr == "employer" and not w.group(2)[:1].isupper():
            attr = "workplace"  # "at the front desk", "at the hospital": where, not for whom
        out.append(_fact(sp, third_person(w.group(0), sp.label) + ".", attr, w.group(2)))
    for pattern, attr in ((_LIVE, "residence"), (_FROM, "origin"), (_AGE, "age")):
        hit = pattern.search(s)
        if hit:
            out.append(_fact(sp, third_person(hit.group(0), sp.label) + ".", attr, hit.group(1)))
    return out


def _preferences(s: str, sp: Speaker, _: datetime) -> list[Finding]:
    m = _PREFERENCE.search(s) or _FAN.search(s)
    if not m:
        return []
    verb = m.group(1).lower()
    thing = clean_value(_SUBORDINATE.split(_COMMENTARY.split(m.group(2), maxsplit=1)[0], maxsplit=1)[0])
    if thing.split()[0].lower() in _DEICTIC if thing else True:
        return []  # "I love your turtles", "I like it": a reaction, not a standing preference
    if _PASSED_ON.search(s[: m.start()]):
        return []  # "Tell him I love him": a word passed on
    if _HOPE_VOICED.match(thing):
        return []  # "I like to think so": a hope voiced, no liking
    if _OBJECT_GAP.match(thing):
        return []  # "Doing something I love is awesome": "I love" qualifies a noun, its object is that noun
    negative = verb in ("hate", "dislike", "don't like", "do not like", "don't enjoy", "can't stand")
    obj = " ".join(_CLAUSE_END.split(thing, maxsplit=1)[0].split()[:3]).strip(" ,-") or thing
    said = m.group(0)[: m.start(2) - m.start(0)] + thing
    return [
        _fact(
            sp,
            third_person(said, sp.label) + ".",
            f"preference:{obj.casefold()}",
            "negative" if negative else "positive",
        )
    ]


def _habits(s: str, sp: Speaker, _: datetime) -> list[Finding]:
    m = _HABIT.search(s)
    if not m:
        return []
    negated = bool(m.group(1))
    thing = m.group(3).lower()
    how = clean_value(m.group(4))
    value = ("not " if negated else "") + how
    return [_fact(sp, third_person(m.group(0), sp.label) + ".", f"habit:{m.group(2).lower()}:{thing}", value)]


def _stated(s: str, sp: Speaker, said_at: datetime) -> list[Finding]:
    out: list[Finding] = []
    u = _UPDATE.search(s)
    if u:
        thing, value = u.group(1), clean_value(_without_time(u.group(2), said_at))
        out.append(_fact(sp, third_person(u.group(0), sp.label) + ".", attribute_of(thing, value), value, op="update"))
        return out
    h = _HAS.search(s)
    if h and (_UNASSERTED.search(s[: h.start()]) or _OBJECT_OF.search(s[: h.start()]) or _REPORTED.search(h.group(1))):
        h = None  # "I complain when my foreman is late": a condition, not said to hold
    if (
        h
        and h.group(1).strip().lower() not in ("name", "favorite", "favourite")
        and not h.group(1).lower().endswith("news")
    ):
        said = _COMMENTARY.split(h.group(3), maxsplit=1)[0]
        # what is said of the one named ("a guy called Trevor who never answers his phone")
        named_who = _NAMED_WHO.search(said)
        said = said[: named_who.start("who")] if named_who else said
        thing, value = h.group(1), clean_value(said)
        if _crisp(value):
            key = attribute_of(thing, value)
            # "my emergency contact is my brother Sean": one of the speaker's people is the value,
            # the thing (and so the belief) the speaker's
            person = re.match(r"(?:my|our)\s+(?:" + RELATIONS_EN + r")\b", value, re.IGNORECASE) is not None
            if says_a_state(h.group(0)) and not person:  # "my car is blue" and "my car is a Honda": two attributes
                key = f"{key}:state"
            # "my son is allergic to peanuts" is about the son, as "my son outgrew ..." is; who
            # the person is ("my girlfriend is called Sara") is the speaker's, "dating Julia now" too
            named = person or re.match(r"(?:called|named)\b|[A-Z]", value)
            about = None if named else subject_of(h.group(0))
            said_whole = h.group(0) + _detail_after(s[h.end() :])
            out.append(_fact(sp, third_person(said_whole, sp.label) + ".", key, value, about=about))
        return out
    w = _WE_USE.search(s)
    if w:
        value, thing = clean_value(w.group(1)), w.group(2)
        out.append(_fact(sp, third_person(w.group(0), sp.label) + ".", attribute_of(thing, value), value))
    return out


# A detail put after the value with a comma, with no verb of its own: a sum, a size, a year
# ("my gym membership is with PureGym, £24.99 a month", "my car is a Golf, 2019 model"). It
# is part of what was said of the thing, so the note keeps it (a later "they put it up to
# £27.99" has the sum to move); a clause of its own ("..., it's great") is not a detail.
_DETAIL = re.compile(
    r"^,\s*(?!(?:i|we|he|she|it|they|you|which|who|that|so|but|and)\b)(?=[^,;.!?]*\d)"
    r"(?:(?!(?:is|are|was|were|'s|has|have|had)\b)[^\s,;!?]+\s*){1,5}(?=[.!?]*\s*$)",
    re.IGNORECASE,
)


def _detail_after(rest: str) -> str:
    """The detail said after the value, when all that follows is one (``_DETAIL``)."""
    detail = _DETAIL.match(rest)
    return detail.group(0).rstrip() if detail else ""


def _crisp(value: str) -> bool:
    """A stated value worth keeping: short, and not an opinion."""
    words = value.lower().split()
    return 0 < len(words) <= 6 and words[0] not in _SENTIMENT and not words[0].endswith("ing")


_NEW_STATE = re.compile(r"\b(?:turned\s+\d+|became|got (?:married|engaged|divorced))\b", re.IGNORECASE)
_HABITUAL_PAST = re.compile(r"\b(?:used to|would (?!have\b)\w+)\b", re.IGNORECASE)


def _episode(s: str, sp: Speaker, said_at: datetime) -> list[Finding]:
    if not _past_first_person(s) or is_request(s):
        return []  # "Remind me what we discussed yesterday": the past is what is asked about, not told
    s = _event_clause(s, said_at)
    mention = find_time(s, said_at)
    partners = _participants(s, sp)
    if mention is None and (len(partners) < 2 or _HABITUAL_PAST.search(s)):
        return []  # "I used to watch games with my dad": a past habit, no event of the day it was said
    if _NEW_STATE.search(s) and len(partners) < 2:
        return []  # "I turned 35 last week": a state that holds from then, a fact to update
    text = third_person(s.rstrip(" .!?"), sp.label)
    place = _location(s if mention is None else s.replace(mention.phrase, ","))
    when = mention.when if mention else said_at
    if mention is not None:
        text = re.sub(r"\b" + re.escape(mention.phrase) + r"\b", mention.resolved, text, count=1)
        text = text[:1].upper() + text[1:]
    else:
        text = f"{text} (around {format_day(said_at)})"
    return [Finding(kind="episode", statement=text + ".", participants=partners, location=place, event_time=when)]


def _event_clause(s: str, said_at: datetime) -> str:
    """The clause that carries the event (its time, else its first-person past
    verb), without commentary around it or a leading interjection."""
    clauses = [c.strip() for c in _COMMENTARY.split(s) if c and c.strip()]
    timed = [c for c in clauses if find_time(c, said_at) and _past_first_person(c)]
    acted = [c for c in clauses if _past_first_person(c)]
    pick = (timed or acted or [s])[0]
    if len(pick.split()) < 4:
        pick = s
    return _INTERJECTION.sub("", pick)


def _past_first_person(s: str) -> bool:
    for m in _FIRST_PERSON_PAST.finditer(s):
        word = m.group(1).lower()
        if word in IRREGULAR_PAST or (word.endswith("ed") and len(word) > 3):
            return True
    return False


def _participants(s: str, sp: Speaker) -> tuple[str, ...]:
    people = [sp.label]
    for m in _WITH.finditer(s):
        for part in re.split(r"\s+(?:and|&)\s+", m.group(1)):
            part = part.strip()
            if part.lower().startswith("my "):
                part = f"{_possessive(sp.label)} {part[3:]}"
            if part and part not in people:
                people.append(part)
    return tuple(people)


def _location(s: str) -> str | None:
    m = _WENT_TO.search(s) or _PLACE.search(s)
    return clean_value(m.group(1)) if m else None


# Words of a job's ending that name no job: a diet, a creed, an age ("I've been a vegetarian
# for 5 years"); a capitalised "-ian" is a people ("an Australian"), no job either.
_NO_JOB_IAN = frozenset(
    [
        "vegetarian",
        "pescatarian",
        "christian",
        "civilian",
        "libertarian",
        "contrarian",
        "humanitarian",
        "egalitarian",
        "utilitarian",
        "unitarian",
        "presbyterian",
        "rastafarian",
        "octogenarian",
        "nonagenarian",
        "septuagenarian",
        "sexagenarian",
        "centenarian",
    ]
)


def _occupation_like(phrase: str) -> bool:
    said = clean_value(phrase).split()
    words = [w.lower() for w in said]
    return (
        bool(words)
        and len(words) <= 5
        and words[-1] not in _NO_JOB_IAN
        and not (said[-1][:1].isupper() and words[-1].endswith("ian"))
        and (words[-1] in _OCCUPATION_WORDS or words[-1].endswith(("ist", "ian", "eer")))
    )


def _possessive(label: str) -> str:
    return label + "'s"


def _without_time(value: str, said_at: datetime) -> str:
    mention = find_time(value, said_at)
    return value.replace(mention.phrase, "") if mention else value
