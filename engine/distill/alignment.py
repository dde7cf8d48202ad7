"""Generic supersession: two statements that differ in one value are one attribute.

Frames know a dozen attributes by name (residence, employer, version ...).
Everything else a user says ("my rent is 1,200", "our sprints are two weeks",
"my manager is Tom") has no frame, and enumerating topics never ends. So the
generic rule *aligns* two statements of the same subject instead: both are
reduced to a token sequence (case, articles, change and additive cues, time
phrases and copula variants folded away; "Priya is my manager" reordered to
"my manager is Priya"), and the longest common prefix and suffix are taken.
When what remains on each side is one short span (a number, a version, a
name, a place, a category word, a date) and the shared context carries the
predicate, the two say the same thing but for one value.

What that means is decided by the statement's form (``Alignment.functional``):
a copula with a possessive subject ("my rent is", "our sprint is") names a
property with one value at a time, so the later statement replaces the
earlier one; a verb and its object ("I take metformin", "I like jazz") may
hold many values at once, so only a change cue ("now", "switched", "no
longer", 改成, 不再) makes it a replacement. This module is pure: text in,
an ``Alignment`` out; ``reconcile`` decides and writes.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from ledgermind.analysis.text import lexical_stem
from ledgermind.distill.person import RELATIONS_ZH_WORDS
from ledgermind.distill.providers import kinds_said_alone, providers_named
from ledgermind.distill.text import copula_expanded, is_cjk
from ledgermind.distill.vehicles import make_and_model

__all__ = [
    "ADDITIVE_TOO",
    "BARE_ENDED_ZH",
    "DROPPED",
    "ENDED_ITSELF",
    "ENDED_PRONOUN",
    "ENDING_VERB",
    "IT_ENDED",
    "NUMBER_LABELS",
    "REPLACED_IT",
    "THING_CHANGED",
    "Alignment",
    "align",
    "change_due",
    "change_words",
    "complement_kind",
    "core_tokens",
    "due_not_done",
    "ended_object",
    "ended_objects",
    "ending",
    "ends",
    "ends_nothing_held",
    "has_additive_cue",
    "has_change_cue",
    "holds_one_value",
    "kinds_apart",
    "let_go",
    "moved_on",
    "names_ended",
    "negated",
    "possessors",
    "says_a_state",
    "shared_ends",
    "switched",
    "taken_up_again",
    "topic_words",
    "undated",
    "untimed",
]

# Time phrases as a statement states them once resolved ("on 7 May 2023",
# "in the week of 5 August 2026", "in March 2026", "2026年3月") or as said.
_RESOLVED_TIME = re.compile(
    r"\b(?:on|in the week of|as of|since|from|until|till|before|after)\s+\d{1,2}\s+[A-Z][a-z]+\s+\d{4}\b"
    r"|\b(?:in|as of|since|from|until|till|before|after)\s+[A-Z][a-z]+\s+\d{4}\b|\bin\s+\d{4}\b"
    r"|\(around [^)]*\)|\baround\s+(?:the week of\s+)?(?:\d{1,2}\s+)?(?:[A-Z][a-z]+\s+)?\d{4}\b|\d{4}年\d{1,2}月(?:\d{1,2}日)?(?:那一周)?|\d{4}年",
)
_SAID_TIME = re.compile(
    r"\b(?:yesterday|today|tonight|last (?:night|week|month|year|monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday|term|semester|quarter|season)|this (?:morning|afternoon|evening|week|weekend|month|year|term|"
    r"semester|quarter|season|spring|summer|autumn|fall|winter)|(?:\d+|a|an|one|two|three|a few|"
    r"a couple(?: of)?|couple of) (?:day|week|month|year)s? ago|as of \w+|since \w+)\b"
    r"|前天|昨天|昨晚|今天|今早|今晚|刚才|刚刚|上个?(?:周|星期|礼拜|月)|去年|本周|这周|本月|这个月",
    re.IGNORECASE,
)
# "went up to", "has changed to", "was moved to", "switched to": a change verb
# that states the new value, folded into the copula so it aligns with "is".
_CHANGE_VERB = re.compile(
    r"\b(?:has |have |had |was |were |is |are |got |been |just )*(?:moved|changed|switched|bumped|increased|"
    r"decreased|raised|lowered|cut|reduced|dropped|rose|risen|jumped|went up|gone up|went down|gone down|"
    r"grew|grown|shifted|pushed|upped|gone|went|fell|fallen|rescheduled|postponed|delayed|relocated|reassigned|"
    r"promoted|renamed)\s+(?:up\s+|down\s+|back\s+|over\s+)?"
    r"(?:by\s+[$€£¥]?[\d.,]+%?,?\s+)?(?:from\s+(?P<from>.+?)\s+)?(?:to|into)\b",
    re.IGNORECASE,
)
# "I've started taking lunch at 1 pm": a habit begun is the habit, said with its verb
# ("takes lunch at 1 pm"), so it aligns with the habit it replaces.
_STARTED = re.compile(
    r"\b(?:(?:has|have|had)\s+)?(?:started|begun|began|taken to)\s+(?P<verb>[a-z]{2,}ing)\b", re.IGNORECASE
)
# "stopped eating fish": the ending kept, its activity read as "started eating fish" reads it,
# so "started eating fish again" is the same statement, no longer negated.
_STOPPED = re.compile(r"\b(?P<end>stopped|quit)\s+(?P<verb>[a-z]{2,}ing)\b", re.IGNORECASE)
# "Leo became my boss", "she is now our lead", "I turned 35": a change of state is a copula
# with a new value.
_BECAME = re.compile(
    r"\b(?:became|become|becomes|has become|turned into|turned(?=\s+\d)|has been|have been|had been)\b", re.IGNORECASE
)
# "the baby weighs 5 kg", "the plan costs 30 euros": a measure is a copula with its amount.
_MEASURE = re.compile(r"\b(?:costs|cost|measures|measured)\b", re.IGNORECASE)
# "weighs 212 lbs", "weighed in at 198", "my weight is 205": one attribute, the weight
_WEIGHED_ZH = re.compile(r"称了一?下|称了|上秤")
_WEIGHED = re.compile(
    r"\b(?:weighs|weighed(?:\s+in\s+at)?|weigh)\b"
    # "I'm 82 kg": a weight said as what the speaker is, its unit after it
    r"|\b(?:is|am|'m)\s+(?:now\s+|down to\s+|up to\s+|at\s+)?(?=\d+(?:\.\d+)?\s*(?:kg|kgs|kilos?|lbs?|pounds)\b)",
    re.IGNORECASE,
)
# "After the reorg the user reports to ...": an adverbial put before the subject is
# context, not part of what aligns; the subject comes first.
_FRONTED = re.compile(
    r"^(?:after|before|following|since|with|in|on|at|during|from|as of|starting)\s+[^,]{1,40}?,?\s+"
    r"(?=(?:the user|the assistant|user|my|our)\b)",
    re.IGNORECASE,
)
# "at the last checkup", "after the latest review": the occasion a value was read at, not the value.
_OCCASION = re.compile(
    r"\b(?:at|after|during|from|since|as of)\s+(?:the|my|our|his|her|their)\s+(?:last|latest|recent|most recent)"
    r"\s+[\w-]+(?:\s+(?:visit|check|checkup|check-up|appointment|review|meeting|weigh-in))?\b",
    re.IGNORECASE,
)
_ZH_CHANGE_VERB = re.compile(
    r"(?:从(?P<from>.+?))?(?:改成了?|换成了?|变成了?|改为|换为|调到了?|涨到了?|降到了?|升到了?|改到了?|迁到了?|搬到了?|转到了?|移到了?|"
    r"挪到了?|推迟到了?|推到了?|提前到了?|延到了?|延期到了?)"
)
_REORDER = re.compile(
    r"^(?P<x>[^,;]+?)\s+(?:is|are)\s+(?P<y>(?:the user|the assistant|[A-Z][\w-]*)'s\s+[^,;]+?)$", re.IGNORECASE
)
_COPULA = frozenset({"is", "are", "was", "were", "am", "'s", "be"})
_IRREGULAR_THIRD = {"does": "do", "goes": "go"}
_DROP = frozenset(
    [
        "a",
        "an",
        "the",
        "now",
        "currently",
        "still",
        "actually",
        "just",
        "recently",
        "lately",
        "finally",
        "already",
        "new",
        "these",
        "days",
        "nowadays",
        "anymore",
        "any",
        "more",
        "also",
        "too",
        "as",
        "well",
        "really",
        "officially",
        "again",
        "then",
        "so",
        "even",  # "John even won a trophy" / "John even got a book": no shared content
    ]
)
# An age said in Chinese: "今年28", "满6岁", "29岁了", "正式29了" (a birthday's: "今天生日，正式29了")
_AGE_ZH = re.compile(
    r"(?:(?:今天|昨天|前天)?(?:过)?生日[，,]?\s*)?(?:今年|已经|刚|正式|满)(?P<n>\d{1,3})(?:岁|周岁)?(?:了|啦)?(?!\d|[号月日年点块元个次斤公天])"
)
_ZH_DROP = "现在|目前|如今|最近|已经|新的|新|也|还|了|啦|呢|吧|啊|都|就|又|的"
_CHANGE_CUE = re.compile(
    r"\b(?:now|no longer|not anymore|any more|anymore|switched|changed|moved|upgraded|updated|instead|"
    r"going forward|moving forward|from here on(?: out)?|"
    r"these days|nowadays|new|went up|went down|increased|decreased|raised|lowered|became|since|from|"
    r"my mistake|scratch that|misread|misspoke|mistyped|misheard|miscounted|i meant|sorry|actually|correction|wrong|"
    r"oops|whoops|my bad|no wait|wait,? no|i mixed (?:that|it|them) up|i should(?:'ve| have) said|"
    r"typo|became|retired|replaced|cut back|cut down|down to|up to|reduced|pushed|postponed|delayed|"
    r"this (?:year|term|semester|season)|as of|"
    # a way of working taken up ("went part-time, 24 hours a week", "went fully remote")
    r"(?:went|gone|going|switched to|moved to)\s+(?:back\s+)?(?:fully\s+|full\s+)?(?:part[- ]time|full[- ]time|freelance|remote|hybrid)|"
    r"moved up|bumped|upped|hiked|back to|rescheduled|relocated|reassigned|promoted|renamed|grown|grew|shrunk|shrank|rose|risen|fell|fallen|jumped|doubled|halved|tripled)\b"
    r"|改|换|变|转|迁|搬|不再|现在|如今|调|涨|降|升|只剩|说错|打错|写错|不好意思|更正|搞错|其实|纠正|口误|记错"
    # an amount grown or cut to its new value ("胖到128了", "减到一天一次")
    r"|(?:胖|瘦|加|减|长|跌|增|提|缩)到",
    re.IGNORECASE,
)
# "too" adds at a clause's end ("my daughter plays soccer too"), not before a word it intensifies
# ("the train got too expensive")
ADDITIVE_TOO = r"too(?=\s*(?:[,.;:!?)…]|$)|\s+(?:now|lol|haha|though|btw|and|but|so|as|these|nowadays|actually)\b)"
_ADDITIVE_CUE = re.compile(
    r"\b(?:also|" + ADDITIVE_TOO + r"|as well|in addition|another)\b|也|还有|另外|又开始|两个(?:一起|都)"
    # "we're a two-car household now", "a three-dog family": more than one held, none replaced
    r"|\b(?:two|three|four|five|multi|\d)-[a-z]+\s+(?:household|family|home)\b"
    # a switch for a part of the time or a place only ("晚上在家我会换成框架眼镜", "on weekends i
    # switch to decaf"): what is held the rest of the time stays
    r"|(?:晚上|周末|在家|有时候?|偶尔|出门)[^，,。]{0,4}?会(?:换成|改成|换)"
    r"|\b(?:at night|on weekends|at home|sometimes|occasionally)\b[^,.;]{0,20}\bswitch(?:es)? (?:to|over to)\b",
    re.IGNORECASE,
)
_NEGATION = re.compile(
    r"\b(?:no longer|not anymore|don't|do not|doesn't|does not|didn't|stopped|quit|gave up|given up|"
    # (with an adverb between: "is actually not allergic", "are really not together")
    r"isn't|aren't|(?:is|are) (?:(?:actually|really|definitely|certainly|truly|in fact) )?not|haven't|hasn't|won't|never)\b"
    r"|不再|不是|戒(?=[\u4e00-\u9fff])|没再|没有了|已经不|不(?:喝|吃|用|住|在|做|去|抽|养|开|玩|喜欢|爱|会|想|要)",
    re.IGNORECASE,
)
_NEGATION_WORDS = frozenset(
    [
        "no",
        "longer",
        "not",
        "anymore",
        "don't",
        "do",
        "doesn't",
        "does",
        "didn't",
        "stopped",
        "quit",
        "gave",
        "up",
        "given",
        "isn't",
        "aren't",
        "haven't",
        "hasn't",
        "won't",
        "never",
    ]
)
_TOKEN = re.compile(
    r"[零一二两三四五六七八九十百千万]+|[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]|\d+(?:st|nd|rd|th)\b|"
    r"[$€£¥]?\d[\d,.:]*\d(?:%|am|pm|k)?|[$€£¥]?\d(?:%|am|pm|k)?|"
    r"[a-z][a-z'’-]*"
)
_MAX_SPAN = 4  # a value is at most this many tokens (CJK: characters x 2)


@dataclass(frozen=True, slots=True)
class Alignment:
    """How two statements of one subject relate.

    ``shared``: content tokens both have around the differing spans;
    ``old`` / ``new``: the differing spans as written (lower-cased);
    ``functional``: both have the copula form of a single-valued property."""

    same: bool
    one_value: bool
    old: str
    new: str
    shared: int
    functional: bool
    overlap: float  # share of the shorter statement's tokens found in the other (the grey zone's measure)
    contained: bool = False  # one's words all in the other's ("takes X" in "takes X every day")
    before: str = ""  # the word right before the differing spans ("got" of "got the win" / "got a book")


# Someone's name said as what they are called, not as who they are.
_NAME_IS = re.compile(r"(?<=\w)(?:'s|’s)\s+name\s+(?=is\b|was\b)", re.IGNORECASE)


def core_tokens(statement: str) -> list[str]:
    """The statement as alignment reads it: folded, cues and time phrases out."""
    text = copula_expanded(unicodedata.normalize("NFKC", statement).strip().rstrip("。.!！ "))
    text = _RESOLVED_TIME.sub(" ", text)
    text = _SAID_TIME.sub(" ", text)
    text = _FRONTED.sub("", text)
    text = _OCCASION.sub(" ", text)
    text = _STARTED.sub(lambda m: lexical_stem(m.group("verb").casefold()), text)
    text = _STOPPED.sub(lambda m: f"{m.group('end')} {lexical_stem(m.group('verb').casefold())}", text)
    text = _CHANGE_VERB.sub(" is ", text)
    text = _BECAME.sub(" is ", text)
    text = _MEASURE.sub(" is ", text)
    text = _WEIGHED.sub(" weight is ", text)
    text = re.sub(r"\bright now\b", " now ", text, flags=re.IGNORECASE)  # "82 kg right now": the moment, no value
    text = _NAME_IS.sub(" ", text)  # "my mom's name is Linda" / "my mom is Lynn": one attribute
    text = _WEIGHED_ZH.sub("体重", text)  # "称了一下 61了": a weight, said as the weighing
    text = _ZH_CHANGE_VERB.sub("是", text)
    text = _AGE_ZH.sub(r"年龄是\g<n>", text)  # "今年28" / "正式29了" / "满6岁啦": an age, however said
    text = re.sub(r"\s+", " ", text).strip()
    m = _REORDER.match(text)
    if m and not _REORDER.match(m.group("y")):
        text = f"{m.group('y')} is {m.group('x')}"
    text = re.sub(_ZH_DROP, "", text) if is_cjk(text) else text
    out: list[str] = []
    for t in _TOKEN.findall(text.casefold().replace("’", "'")):
        t = t.removesuffix("'s").rstrip("'-")
        if not t or t in _DROP:
            continue
        if t in _COPULA:
            t = "is"
        elif t in _IRREGULAR_THIRD:  # "does" / "doing", "goes" / "going": one verb
            t = _IRREGULAR_THIRD[t]
        elif len(t) > 3 and t.endswith("s") and not t.endswith(("ss", "us", "is")) and t.isalpha():
            t = t[:-1]
        out.append(t)
    return out


def _is_name(token: str, name: frozenset[str]) -> bool:
    """Whether a token is one of the subject's name words, as written or stemmed."""
    return token in name or lexical_stem(token) in name


def shared_ends(a: list[str], b: list[str]) -> tuple[int, int]:
    """How many tokens two sequences share at their start, and then at their end (the
    end not reaching back into the start): what is left between is what differs."""
    p = 0
    while p < min(len(a), len(b)) and a[p] == b[p]:
        p += 1
    s = 0
    while s < min(len(a), len(b)) - p and a[-1 - s] == b[-1 - s]:
        s += 1
    return p, s


def align(old: str, new: str, name: frozenset[str] = frozenset()) -> Alignment:
    """How ``new`` relates to ``old``; ``name``: the words that name their
    subject ("melanie"), which are context of every statement about them and
    so never count as shared content. ``name`` comes as ``topic_words`` gives
    it, stemmed ("melani"), while the tokens here are not: each token is
    looked up both ways, or "Caroline had a picnic" and "Caroline struggled
    with her health" would share "caroline" and read as one value apart."""
    a, b = _unsubjected(core_tokens(old), core_tokens(new))
    a_pos, b_pos = _unmodified(_positive(a), _positive(b))
    times = _times(old), _times(new)
    if a_pos == b_pos and times[0] and times[1] and times[0] != times[1]:
        # "started in 2019" / "started in 2021": the same words, the date is the value
        return Alignment(False, True, " ".join(times[0]), " ".join(times[1]), len(a_pos), False, 1.0, True)
    if a_pos == b_pos:
        return Alignment(True, False, "", "", len(a_pos), _functional(a_pos), 1.0, True)
    p, s = shared_ends(a_pos, b_pos)
    mid_a, mid_b = a_pos[p : len(a_pos) - s], b_pos[p : len(b_pos) - s]
    context = a_pos[:p] + a_pos[len(a_pos) - s :]
    shared = sum(
        1 for t in context if t != "is" and t not in _FUNCTION_ZH and not _subjectish(t) and not _is_name(t, name)
    )
    limit = _MAX_SPAN * (2 if is_cjk(old + new) else 1)
    # the words before the difference say whose what it is: the subject alone (a name, "the
    # user") does not, unless more than one word after it is shared ("... cups of coffee a day")
    lead = is_cjk(old + new) or shared >= 2 or any(not _subjectish(t) and not _is_name(t, name) for t in a_pos[:p])
    one = (
        bool(mid_a) and bool(mid_b) and len(mid_a) <= limit and len(mid_b) <= limit and shared >= 1 and p >= 1 and lead
    )
    # "the user is 34" / "the user turned 35": a person who is a number and nothing else, their age
    aged = (
        s == 0
        and p >= 2
        and a_pos[p - 1] == "is"
        and all(len(m) == 1 and m[0].isdigit() for m in (mid_a, mid_b))
        and all(_subjectish(t) or _is_name(t, name) for t in a_pos[: p - 1])
    )
    one = (
        one
        and not _two_apart_zh(mid_a, mid_b)
        and not _done_apart(a_pos[:p], mid_a, mid_b)
        and not _named_apart(mid_a, mid_b)
        and not _labelled_apart(mid_a, mid_b)
    ) or aged
    smaller = min(len(set(a_pos)), len(set(b_pos))) or 1
    overlap = len(set(a_pos) & set(b_pos)) / smaller
    joiner = "" if is_cjk(old + new) else " "
    content_a = {t for t in a_pos if not _subjectish(t) and t != "is" and not _is_name(t, name)}
    content_b = {t for t in b_pos if not _subjectish(t) and t != "is" and not _is_name(t, name)}
    contained = min(len(content_a), len(content_b)) >= 1 and (content_a <= content_b or content_b <= content_a)
    return Alignment(
        False,
        one,
        joiner.join(mid_a),
        joiner.join(mid_b),
        shared,
        aged or (_functional(a_pos) and _functional(b_pos)),
        overlap,
        contained,
        a_pos[p - 1] if p else "",
    )


# Words that say what a number counts when said before it ("year 5", "grade 3", "size 10")
NUMBER_LABELS = frozenset(
    ["year", "grade", "class", "level", "size", "standard", "form", "stage", "step", "room", "floor", "season", "band"]
)


def _labelled_apart(mid_a: list[str], mid_b: list[str]) -> bool:
    """Whether two differences each hold a number, one said with what it counts before it and
    the other with another or none ("is 9" / "started year 5"): an age and a school year,
    two attributes, not one value."""

    def label(mid: list[str]) -> str | None:
        at = next((i for i, t in enumerate(mid) if t[:1].isdigit()), None)
        if at is None:
            return None
        return mid[at - 1] if at and mid[at - 1] in NUMBER_LABELS else ""

    one, two = label(mid_a), label(mid_b)
    return one is not None and two is not None and one != two


def _named_apart(mid_a: list[str], mid_b: list[str]) -> bool:
    """Whether the differences hold each a thing's name, "is", and its value ("favorite
    food is ramen" / "favorite dessert is tiramisu"): two attributes, not one value."""
    if "is" not in mid_a[1:] or "is" not in mid_b[1:]:
        return False
    return mid_a[: mid_a.index("is", 1)] != mid_b[: mid_b.index("is", 1)]


# Verbs that say how a count came to be or that it holds, no activity of their own
_NO_DOING = frozenset(["is", "went", "got", "do", "doe", "did", "have", "had", "now", "still", "only", "just", "also"])


def _done_apart(lead: list[str], mid_a: list[str], mid_b: list[str]) -> bool:
    """Whether two statements of someone differ in what they do and in how much ("works 40
    hours a week" / "volunteers 5 hours a week now"): two activities, each its own count,
    not one value changed. Only the subject is before the difference."""
    return (
        all(_subjectish(t) for t in lead)
        and len(mid_a) >= 2
        and len(mid_b) >= 2
        and mid_a[0] != mid_b[0]
        and not {mid_a[0], mid_b[0]} & _NO_DOING
        and mid_a[0].isalpha()
        and mid_b[0].isalpha()
        and any(t[:1].isdigit() for t in mid_a)
        and any(t[:1].isdigit() for t in mid_b)
    )


_NUMBER_ZH = frozenset("0123456789零一二三四五六七八九十两半百千万月日号点周年时分")


def _two_apart_zh(mid_a: list[str], mid_b: list[str]) -> bool:
    """Whether two Chinese spans differ in two places around a word they share ("猫叫咪咪" /
    "狗叫豆豆": another animal and another name, two attributes, not one value); a date or a
    number's unit ("3月5" / "4月6") is one value."""
    inner = set(mid_a[1:-1]) & set(mid_b[1:-1])
    return any(
        t not in _NUMBER_ZH and is_cjk(t) and not {mid[i - 1], mid[i + 1]} & _NUMBER_ZH
        for mid in (mid_a, mid_b)
        for i in range(1, len(mid) - 1)
        if (t := mid[i]) in inner
    )


# A change strong enough to replace a belief on the same topic even when the
# wording does not align ("we switched to one-week sprints").
_MOVED_ON = re.compile(
    r"\b(?:switched|moved|changed|transferred|started|took over|replaced|upgraded|migrated|now|these days|"
    r"nowadays|instead|down to|up to|back to|cut back|cut down|since|new|became|bought|got|dating|lives? in \w+ now|traded(?=[^.]*\bfor\b)|"
    r"swapped(?=\s+(?:over\s+)?(?:to|onto)\b))\b"
    r"|换|改|转|迁|搬|调到|升级|现在|变成|开始|如今|挪到|推迟|提前到|延期|涨到|降到|升到|涨了|降了|减到|加到|胖到|瘦到|缩到|缩短到",
    re.IGNORECASE,
)
# "dropped" that ends or switches something; "dropped off" and "dropped by" deliver
# and visit ("dropped off the cakes at the shelter"), a price dropped is a fall ("they dropped
# their rate again"): no ending, no switch.
DROPPED = (
    r"dropped(?!\s+(?:off|by)\b)"
    r"(?!\s+(?:(?:the|their|its|his|her|our|my)\s+)?(?:[\w-]+\s+)?(?:rates?|prices?|fees?|costs?|premiums?|"
    r"interest|rent|charges?|fares?)\b)"
)
# Endings of a state one was in, with what is ended after them ("outgrew the allergy",
# "I'm off the ibuprofen"; "off work" ends nothing).
_OUTGROWN = (
    r"outgrew|outgrown|grew out of|got over|recovered from|"
    r"(?:am|is|are|'m|'re)\s+(?:now\s+)?off(?=\s+(?:the|my|our|his|her|their)\b)"
)
# A thing said to have ended by itself ("the book club fell apart", "the marathon is off",
# "let the NYT subscription lapse"): the thing is the verb's subject, or what was let go.
ENDED_ITSELF = (
    r"(?:fell apart|fell through|lapsed|expired|folded|disbanded|dissolved|(?:got |was |been )?called off|(?:shut|closed) down|"
    r"split up|wrapped up|went out of business|went bust|went under|fizzled out|petered out|ran its course|"
    r"(?:got |was |been )(?:stolen|totall?ed|written off|repossessed)|"
    r"(?:got |was |been |has been )discontinued|"
    # kept only a while ("the fasting lasted 2 weeks")
    r"lasted\s+(?:all\s+of\s+|about\s+|like\s+|only\s+|just\s+)?(?:a|an|one|two|three|four|five|six|\d+)\s+"
    r"(?:days?|weeks?|months?))"
    r"(?!\s+(?:the|my|our|his|her|their|a|an|its|on|for|to)\b)"  # "shut down their account": done to a thing
)
# "the marathon is off", "the podcast is on hiatus": an ending only of a thing a belief names
# (alone, "the light is off" is no statement worth keeping; "on hiatus" is one)
_OFF = r"(?:is|was|'s) (?:(?:off|over|done)(?=\s*(?:[,.;!—–]|$|now\b|for good\b))|on hiatus\b)"
_LET_GO = (
    r"(?:had to\s+)?let\s+(?:(?P<det>the|my|our)\s+|(?:his|her|their)\s+)?(?P<let>[\w'-]+(?:\s+[\w'-]+){0,2}?)\s+"
    r"(?:lapse|expire|run out"
    # ... or one who worked for the speaker let go ("had to let the cleaner go"), never "let go of"
    r"|(?(det)go(?=\s*(?:[,.;!]|$|\s+(?:last|this|in|on|after|before|because|as|since|yesterday|today)\b))|(?!)))"
)
# An ending with nothing in its place ("I cancelled my membership"); "ended up" says
# how something turned out ("ended up with some great sponsors"): no ending.
_ENDS = re.compile(
    r"\b(?:cancel(?:l)?ed|quit|stopped|gave up|given up|no longer|"
    # a thing left to run out ("didn't bother renewing the season ticket", "decided not to renew")
    r"(?:didn't|did not|won't|not) (?:bother(?:ing)? (?:to )?)?renew(?:ing)?(?=\s+(?:the|my|our|it|them)\b)|"
    r"(?:decided|chose) not to renew|"
    r"(?:don't|do not|doesn't|am not|'m not|not)\b"
    r"[^.]*\b(?:anymore|any more)|broke up|sold(?!\s+out\b)|(?:closed on|finali[sz]ed|completed) the sale of|"
    # "left Google", not "left work early", "left it at home", "left for Denver"
    r"left(?!\s+(?:work|home|the (?:house|office)|early|late|for|it|them|a|an)\b)|"
    # a thing of one's own closed ("closed the storage unit", not "closed on the house": bought), a
    # commitment got out of ("got out of the timeshare")
    r"withdrew from|withdrawn from|dropped out of|pulled out of|done with (?!(?:it|that|this|them)\b)|"
    # a job left by where it was ("finished at Boots on Friday", "finished up at the Co-op"), not a time
    r"finished (?:up )?at (?=(?-i:[A-Z])|the (?-i:[A-Z]))|"
    # endings in everyday idiom ("stepped back from the shelter", "packed in the job", "pulled the
    # plug on the podcast", "called it quits on the allotment"; not "walked away from", said of places)
    # (or a thing named: "jacked in DPD", "ditched Sky")
    r"(?:ditched|scrapped|dumped|binned)(?=\s+(?:the|my|our|his|her|their)\s|\s+(?-i:[A-Z])\w)|stepped (?:back|away|down) from|(?:stood|stepped) down as|"
    r"bowed out of|(?:packed|jacked) in(?=\s+(?:the|my|our|his|her|their)\s|\s+(?-i:[A-Z])\w)|"
    # a business of one's own wound up ("packed up the market stall for good")
    r"packed up(?=\s+(?:the|my|our)\s+(?:[\w-]+\s+){0,2}(?:stall|shop|business|stand|pitch|studio|company|food truck)\b)|"
    r"called it quits (?:on|with)|retired from|moved on from|handed (?:in )?(?:my|her|his|their|our) notice(?: in)?|"
    # a course put off for a year or more ("deferred the MBA by a year")
    r"deferred(?=\s+(?:the|my|our|his|her|their)\s)|"
    r"kicked the habit|bailed on|pulled the plug on|wound down|cut ties with|"
    # someone took the speaker off a medication by name ("doc took me off metformin")
    r"(?:took|taken|taking|came|got|went) (?:(?:me|us|him|her|them|the user) )?off (?=(?-i:[A-Z])|[a-z]{4,})(?!(?:the|my|our|work|school)\b)|"
    # ... or off the one named by its article ("doc took me off the metformin altogether")
    r"(?:took|taken|taking) (?:me|us|him|her|them|the user) off (?:the|my|our) (?=[a-z]{4,}\s+(?:altogether|completely|entirely|for good|now)\b|[a-z]{4,}(?:,|\s+and\b))|"
    # ... or weaned off one, whatever its article ("tapered me off the sertraline")
    r"(?:tapered|tapering|weaned|weaning) (?:(?:me|us|him|her|them|the user|myself) )?off\b|"
    # out of a group one played or sang in ("I'm out of the band")
    r"(?:i'm|i am|we're|we are|the user is) (?:now |officially )?out of the (?:band|team|choir|club|league|group|squad|"
    r"crew|orchestra|quartet|trio|cast|troupe|programme|program|course)\b|"
    r"closed(?=\s+(?:the|my|our|his|her|their)\s)|got out of (?:the|my|our|his|her|their) (?:[\w-]+ )?"
    r"(?:lease|contract|timeshare|deal|membership|subscription|plan|marriage|relationship|mortgage|loan)|"
    + DROPPED
    + r"|ended(?!\s+up\b)|unsubscribed|(?<=(?-i:[A-Z][A-Z]) )is officially (?:over|done)\b|"
    r"killed(?=\s+(?:the|that|my|our|this)\s+(?:[\w'-]+\s+){0,2}(?:sub|subs|subscription|membership|account|plan|contract)\b)|"
    r"not \w+ing \w+ any ?more|handed (?:[\w'-]+ ){1,3}over|stepped down|resigned|"
    r"cut\s+(?:[\w'-]+\s+){0,3}?out(?!\s+for\b)|no more(?!\s+than\b)|rehomed|had to rehome|gave away|given away|"
    # a habit or a diet kept only a while ("keto lasted 3 weeks"), or not done since a time ("no
    # running since june")
    r"lasted\s+(?:all\s+of\s+|about\s+|like\s+|only\s+|just\s+)?(?:a|an|one|two|three|four|five|six|\d+)\s+"
    r"(?:days?|weeks?|months?)\b|\bno\s+[a-z]+ing\s+since\b|"
    # a vehicle or a thing lost for good ("the CB got written off", "my bike was nicked")
    r"(?:got|was|been|is|were)\s+(?:written off|totall?ed|stolen|nicked|scrapped)\b|"
    + _OUTGROWN
    + r"|"
    + ENDED_ITSELF
    + r"|let\s+(?:[\w'-]+\s+){1,3}(?:lapse|expire|run out)|let\s+(?:the|our|my)\s+[\w'-]+\s+go(?=\s*(?:[,.;!]|$|\s+(?:last|this|in|on|after|before|because|as|since|yesterday|today)\b))"
    + r"|(?:is|was|'s) on hiatus"
    # a scheme or a benefit left ("opted out of Nest", "signed off JSA"), a doing stopped by need
    # ("had to stop volunteering at CAB"), a post given up ("stepped down from the committee")
    + r"|opted out of|signed off(?=\s+(?:the\s+)?(?-i:[A-Z]))|had to (?:stop|quit|give up|pack in)\b|stepped down from"
    # "poker night is done", "the lease is over": a thing of theirs, ended itself
    r"|(?<!\bi )(?<!\bwe )(?<!\bthat )(?<!\bit )(?:is|'s|are) (?:all )?(?:done|over|finished|no more)"
    r"(?!\s+(?:with|for|by|in|at|on|soon|yet)\b))\b"
    r"|(?:店|铺|工作室|公司|厂|超市|饭馆|餐馆|面馆|诊所|网店|小卖部)(?:也|已经|都)?关了|解约|"
    r"退了|退掉|退订|退出|退卡|退保|销掉|销了|注销|销户|辞了|辞掉|辞职|到期|过期了|没续|不续|结束了|解散了|倒闭了|关门了|放弃|取消|不再|戒(?=[\u4e00-\u9fff])|停了|停掉|卖了|卖掉|被偷|丢了|丢掉|走丢|跑丢|丢失|送人了|送走了|送给|出给(?=闲鱼|二手|买家|一个|别人|网友)|可以停了|可以不吃了|不用再?吃了|分手|不干了|不\S{0,4}了|(?:很少|几乎不|基本不)[\u4e00-\u9fff]{1,2}了|裸辞",
    re.IGNORECASE,
)
_TOPIC_STOP = frozenset(
    [
        "user",
        "assistant",
        "is",
        "not",
        "no",
        "longer",
        "don't",
        "doesn't",
        "never",
        "to",
        "of",
        "in",
        "on",
        "at",
        "for",
        "with",
        "and",
        "or",
        "my",
        "our",
        "their",
        "his",
        "her",
        "go",
        "goe",
        "going",
        "went",
        "get",
        "got",
        "have",
        "ha",
        "had",
        "do",
        "does",
        "did",
        "be",
        "been",
        "being",
        "am",
        "are",
        "was",
        "were",
        "will",
        "would",
        "can",
        "could",
        "about",
        "a",
        "an",
        "the",
        "this",
        "that",
        "these",
        "those",
        "it",
        "its",
        "there",
        "here",
        "now",
        "then",
        "just",
        "also",
        "too",
        "very",
        "really",
        "day",
        "week",
        "month",
        "year",
        "time",
        "times",
        "every",
        "each",
        "per",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "twice",
        "once",
        "since",
        "new",
        "last",
        "anymore",
        "any",
        "more",
        "than",
        "down",
        "up",
        "back",
        "cut",
        "switched",
        "moved",
        "changed",
        "started",
        "transferred",
        "took",
        "over",
        "replaced",
        "upgraded",
        "migrated",
        "instead",
        "became",
        "bought",
        "cancelled",
        "canceled",
        "quit",
        "stopped",
        "gave",
        "given",
        "left",
        "sold",
        "dropped",
        "ended",
        "broke",
        "lead",
        "leads",
        "leading",
        # how much, of what in general ("mostly in SQL" / "for most things"): no topic
        "most",
        "mostly",
        "thing",
        "things",
        "stuff",
    ]
)
_ZH_TOPIC_STOP = frozenset(
    [
        "用户",
        "每天",
        "现在",
        "我们",
        "今年",
        "已经",
        "一个",
        "一辆",
        "一张",
        "的了",
        "了。",
        "以后",
        "最近",
        "开始",
        "换成",
        "改成",
        "成了",
        "到了",
    ]
)


# Chinese words of frequency, time and sequence, and what is left after a change
# ("每个月", "每周五", "之后", "只剩"): context of a statement, not what it is about; left
# in, their character bigrams ("个月", "周五") pass for shared topics.
_ZH_CONTEXT = re.compile(
    r"每(?:个)?(?:天|日|周|星期|礼拜|月|年)[一二三四五六日天末]?|(?:周|星期|礼拜)[一二三四五六日天末]|"
    r"平时|通常|一般|经常|总是|之后|以后|以前|之前|只剩下?|剩下|现在|目前|如今|最近|已经"
)


_ZH_NUMBER = re.compile(
    r"[零一二两三四五六七八九十百千万\d]{1,8}(?:个|块|元|岁|次|人|楼|号|点|天|周|年|月|公斤|斤|杯|遍)?"
)


# Whose a thing is ("our team's sprint", "my sister's husband"): the word before
# "'s" when a lower-case word follows it.
_POSSESSOR = re.compile(r"\b([A-Za-z][\w-]*)['’]s(?=\s+[a-z])")


# A copula and the first word of what it says the subject is, past adverbs
# ("is now a lawyer", "are still small"); "'s" is left out, it is as often "has" or whose.
_COMPLEMENT = re.compile(
    r"\b(?:is|are|am|was|were)\s+(?:(?:now|still|currently|actually|really|also|already|no longer|not)\s+)*"
    r"(?P<word>[\w$€£¥][\w'-]*)"
)


_PREPOSITIONS = frozenset(
    ["in", "at", "on", "from", "with", "into", "about", "for", "to", "by", "near", "under", "over", "off", "out", "up"]
)


def complement_kind(statement: str) -> str | None:
    """What a copula statement says its subject is: "noun" ("is a Honda", "is a
    student": which thing or which kind), "name" ("is Tom"), "number" ("is 8"),
    "relation" ("is in second grade"), "state" ("is blue", "is married");
    None without a copula."""
    m = _COMPLEMENT.search(untimed(statement))
    if m is None:
        return None
    word = m.group("word")
    if word.casefold() in ("a", "an", "the", "some", "this", "that", "another"):  # ("some company called ...")
        return "noun"
    if word.casefold() in _PREPOSITIONS:  # "is in second grade", "is from Lyon": where or with what
        return "relation"
    if word[:1].isdigit() or word[:1] in "$€£¥":
        return "number"
    return "name" if word[:1].isupper() else "state"


def kinds_apart(old: str, new: str) -> bool:
    """Whether two copula statements say different kinds of thing about their
    subject: which thing or kind it is ("my car is a Honda", "my brother is a
    student") and a state it is in ("my car is now blue", "my brother is
    married now") are two attributes, so one never replaces the other. A
    subject that holds one value ("my favourite food") takes either form."""
    if _ONE_VALUE.search(old) or _ONE_VALUE.search(new):  # "my favourite food is sushi" / "... a burrito now"
        return False
    return {complement_kind(old), complement_kind(new)} == {"noun", "state"}


def says_a_state(statement: str) -> bool:
    """Whether a copula statement gives a state of a thing that may also be
    said to be some kind of thing ("my car is blue", not "my car is a Honda",
    nor "my favourite food is sushi", whose subject holds one value)."""
    return complement_kind(statement) == "state" and not _ONE_VALUE.search(statement)


# A subject that holds one value whatever its form: "favourite", "best", "main".
_ONE_VALUE = re.compile(r"\b(?:favou?rite|best|main|usual|preferred|only)\s+\w+(?:\s+\w+){0,2}\s+(?:is|are)\b", re.I)


def holds_one_value(statement: str) -> bool:
    """Whether a statement's subject holds one value at a time ("my main editor is vscode",
    "favourite tea is earl grey")."""
    return _ONE_VALUE.search(statement) is not None


def possessors(statement: str) -> frozenset[str]:
    """The topic words a statement uses only to say whose a thing is ("team" of
    "our team's sprint is now one week"): the statement is about the thing."""
    return frozenset(w for m in _POSSESSOR.finditer(untimed(statement)) for w in topic_words(m.group(1)))


def topic_words(statement: str) -> frozenset[str]:
    """What a statement is about, less who, cues, numbers and function words:
    "sprint" for both "our sprints are two weeks" and "we switched to one-week sprints"."""
    from ledgermind.distill.text import tokens  # the CJK-aware tokenizer search uses too

    out: set[str] = set()
    text = _RESOLVED_TIME.sub(" ", _SAID_TIME.sub(" ", statement))
    if is_cjk(text):  # numbers and their measure words are values, not what it is about ("三千五", "两次")
        text = _ZH_NUMBER.sub(" ", _ZH_CONTEXT.sub(" ", _ZH_CHANGE_VERB.sub(" ", text)))
    for t in tokens(text):
        if t in _TOPIC_STOP or t in _ZH_TOPIC_STOP or t[:1].isdigit():
            continue
        # (只 "only" is how much, not what: "一周只去一次")
        if is_cjk(t) and (len(t) < 2 or t[0] in "我用户了的是在只" or t[1] in "了的是只"):
            continue
        out.update(lexical_stem(part) for part in t.split("-") if part and part not in _TOPIC_STOP)
    return frozenset(out)


# The verbs of a switch: a change said outright, strong enough that one shared
# topic word ("editor", "cat", "daughter") ties it to the belief it replaces.
_SWITCH = re.compile(
    r"\b(?:switched|changed|moved|transferred|replaced|migrated|upgraded|downgraded|swapped|"
    + DROPPED
    + r"|ported|relocated|refinanced|traded|ditched|started (?:at|with|on)|took over|"
    # a choice made among providers ("went with Mint Mobile", "ended up going with Vodafone")
    r"(?:went|going|gone|ended up(?: going)?) with (?:a |an |the )?(?!(?:my|our|his|her|their|him|them|us|me)\b)\w+|"
    r"instead|no longer)\b|换|改|转|迁|搬",
    re.IGNORECASE,
)


# An ending verb and the thing it ends ("gave up the WeWork", "cancelled my gym
# membership", "sold our old Civic"), up to where the clause goes on.
_ENDED = re.compile(
    r"\b(?:(?:closed on|finali[sz]ed|completed|went through with) the sale of|gave up|given up|quit|stopped|"
    r"cancel(?:l)?ed|cut out(?!\s+for\b)|no more(?!\s+than\b)|"
    + DROPPED
    + r"|sold|ditched|got rid of|traded in|traded|"
    # a plan or a project put away for good, not for a while ("shelved the app for now")
    r"(?:shelved|scrapped|abandoned)(?![^.;!]*\b(?:for now|for a while|for the moment|temporarily|until)\b)|"
    # "killed that streaming sub": a subscription or an account ended
    r"killed(?=\s+(?:the|that|my|our|this)\s+(?:[\w'-]+\s+){0,2}(?:sub|subs|subscription|membership|account|plan|contract)\b)|"
    r"(?:started|been|now)\s+(?:skipping|avoiding)|"
    r"stole|totall?ed|wrecked|moved out of|left|rehomed|rehome|gave away|given away|"
    # a thing closed, deleted or thrown out, given to someone, a course dropped out of, a habit done with
    r"closed|shut down|shut(?=[^.;!]*\b(?:down|for good)\b)|deleted|deactivated|threw out|threw away|tossed|binned|dropped out of|(?:(?:am|'m|is|are) )?done with|"
    r"withdrew from|pulled out of|(?:took|taken|came|got|went) (?:(?:me|us|him|her|them|the user) )?off|"
    r"opted out of|signed off(?=\s+(?:the\s+)?(?-i:[A-Z]))|had to (?:stop|quit|give up)|stepped down from|"
    # "had to step away from the food bank for good": stepped away from only for good
    r"step(?:ped)? (?:away|back|down) from(?=[^.;!]*\b(?:for good|permanently|for ever|forever)\b)"
    r"(?![^.;!]*\bnot (?:for good|permanently|for ever|forever)\b)|"
    r"gave(?=\s+(?:the|my|our|his|her|their)\s+[\w'-]+(?:\s+[\w'-]+)?\s+(?:to|away)\b)|" + _OUTGROWN + r")\s+"
    r"(?:(?:the|my|our|his|her|their|a|an|user's|that)\s+)*(?P<thing>[\w'-]+(?:\s+[\w'-]+){0,2}?)"
    # "traded the civic in for a Model 3", "shut the shop down": the particle after the thing
    r"(?:\s+in(?=\s+(?:for|last|this|yesterday|today|on|at)\b|\s*[,.;!]|\s*$)|\s+down\b)?"
    # the thing ends where the clause goes on, or where it says when ("stopped therapy in the fall")
    r"(?=\s+(?:and|but|for|because|so|after|since|in the|during|over the|back in|last|this|in for|to)\b|\s*[,.;!—–-]|\s*$"
    # or where an adverb closes it ("had to rehome Pepper unfortunately")
    r"|\s+\w{3,}ly\s*(?:[,.;!—–-]|$))",
    re.IGNORECASE,
)


# "handed the team over to another parent", "cut coffee out": the thing ended sits inside the verb.
_HANDED_OVER = re.compile(
    r"\b(?:handed|passed)\s+(?:(?:the|my|our|his|her|their)\s+)?(?P<thing>[\w'-]+(?:\s+[\w'-]+)?)\s+(?:over|on)\b"
    # "handed the coaching to another dad": a thing of one's own, given to another to do
    r"|\b(?:handed|passed)\s+(?:over\s+)?(?:the|my|our)\s+(?P<to>[\w'-]+(?:\s+[\w'-]+)?)\s+to\s+(?:an?|another|the|my|our|some|one)\b"
    # "cut coffee out (completely)": what is cut out is said inside the verb too
    r"|\bcut\s+(?:(?:the|my|our|his|her|their)\s+)?(?P<cut>[\w'-]+(?:\s+[\w'-]+)?)\s+out\b(?!\s+for\b)"
    r"|\b(?:stepped down|resigned) (?:as|from)\s+(?:(?:the|my|our|his|her|their)\s+)?(?P<role>[\w'-]+(?:\s+[\w'-]+)?)",
    re.IGNORECASE,
)


# A work with a name, finished ("finished Dune", "finished watching Severance"): what was
# being read or watched ends (a thing without a name, "finished work", ends nothing).
_FINISHED = re.compile(
    r"\bfinished\s+(?:reading\s+|watching\s+|playing\s+)?(?P<thing>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,3})"
)
# The thing that ended by itself, its subject: "the book club" of "The book club fell apart".
_ENDED_SUBJECT = re.compile(
    r"(?:^|[,;]\s*(?:so\s+|and\s+|but\s+)?)(?:(?:the|my|our|his|her|their|user's)\s+)?"
    r"(?P<thing>[\w'-]+(?:\s+[\w'-]+){0,2}?)(?:\s+|(?='s\s))(?:" + ENDED_ITSELF + "|" + _OFF + r")\b"
    r"|\b"
    + _LET_GO
    # "PT is officially over": a thing named by its initials, over for good
    + r"|^(?P<initials>(?-i:[A-Z]{2,5}))\s+is\s+officially\s+(?:over|done)\b",
    re.IGNORECASE,
)


_WHEN_WORDS = frozenset(
    word
    for said in ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "today", "yesterday"]
    + ["tonight", "weekend", "morning", "afternoon", "evening", "night"]
    # (the words that open why or when it ended: "resigned from the committee after the row")
    + ["after", "before", "because", "since", "following", "due"]
    for word in topic_words(said) | {said}  # as topic words are compared: stemmed
)


# Ended for another ("killed the streaming sub for my parents") or long before now
_FOR_SOMEONE = re.compile(
    r"\s+for\s+(?:the user's|my|our|their|his|her)\s+(?:\w+\s+)?(?:mom|mum|dad|parents?|brother|sister|son|daughter|"
    r"kids?|wife|husband|partner|grand\w+|friend|boss|family|aunt|uncle|cousin|nephew|niece)\b",
    re.IGNORECASE,
)
_LONG_AGO = re.compile(r"\b(?:years ago|long (?:ago|before)|back in (?:19|20)\d\d|as a (?:kid|child|teen))\b", re.I)


_NOT_DONE_SINCE = re.compile(r"\bno\s+(?P<thing>[a-z]+ing)\s+since\b", re.IGNORECASE)


def ended_object(statement: str) -> tuple[frozenset[str], str] | None:
    """What an ending verb ends ("gave up the WeWork" -> {"wework"}, "the book club
    fell apart" -> {"book", "club"}) and what the statement says after it (" and
    work from the kitchen table"); None when it ends nothing it names."""
    text = untimed(statement)  # "sold the Civic last month": the time is not the thing
    if is_cjk(text):
        return _ended_topic_zh(text)
    m = _ENDED.search(text) or _FINISHED.search(text)
    itself = _ENDED_SUBJECT.search(text) if m is None else None
    if itself is not None:
        thing = topic_words(itself.group("thing") or itself.group("let") or itself.group("initials")) - _WHEN_WORDS
        return (thing, text[itself.end() :]) if thing else None
    since = _NOT_DONE_SINCE.search(text) if m is None else None
    if since is not None:  # "so no swimming since": the doing is what ended
        return topic_words(since.group("thing")), text[since.end() :]
    if m is None:
        handed = _HANDED_OVER.search(text)
        thing = (
            # ("handed the treasurer job to Sue": the treasurer; "job" names no thing of its own)
            topic_words(handed.group("thing") or handed.group("role") or handed.group("cut") or handed.group("to"))
            - {"job", "role", "post", "position", "duti", "duty", "gig"}
            - _WHEN_WORDS
            if handed
            else frozenset()
        )
        return (thing, text[handed.end() :]) if handed and thing else None
    thing = topic_words(m.group("thing")) - _WHEN_WORDS  # "sold the condo friday": the day is when
    if _FOR_A_WHILE.match(text, m.end()):  # "shut down the bakery for two weeks": it comes back
        return None
    if _FOR_SOMEONE.match(text, m.end()) or _LONG_AGO.search(text):
        return None  # "cancelled the gym membership for my dad": his; "sold my prius years ago": before
    return (thing, text[m.end() :]) if thing else None


# An ending for a stretch of time only ("closed the shop for two weeks", "until january").
_FOR_A_WHILE = re.compile(
    r"\s+(?:for|until|till)\s+(?:(?:a|an|one|two|three|four|a few|a couple(?: of)?|the|\d+)\s+(?:[\w-]+\s+)?"
    r"(?:days?|weeks?|months?|summer|winter|holidays?|weekend|renovations?|repairs?)|"
    r"(?:january|february|march|april|may|june|july|august|september|october|november|december|next|further notice))\b",
    re.IGNORECASE,
)


def ended_objects(statement: str) -> list[tuple[frozenset[str], str]]:
    """Every thing an English statement's ending verbs end, in order ("deleted the driver app,
    done with uber" -> the app, then uber); the one ``ended_object`` reads otherwise."""
    first = ended_object(statement)
    text = untimed(statement)
    if first is None or is_cjk(text):
        return [first] if first else []
    found = [first]
    for m in _ENDED.finditer(text):
        thing = topic_words(m.group("thing")) - _WHEN_WORDS
        if thing and thing != first[0]:
            found.append((thing, text[m.end() :]))
    return found


# "金鱼都死了，不养了", "吉他早就不弹了": the thing is said first (the topic) and the
# negated verb that ends the clause has no object of its own, so it is the topic's.
_ELIDED_END_ZH = re.compile(r"不[\u4e00-\u9fff]{1,2}了[。！!]?\s*$")
_SPEAKER_ZH = re.compile(r"^(?:用户|我们|我)(?:家|的)?")
# "不跳舞了", "不再上班了": a verb with its object stopped ("不养了", one character, names
# no thing of its own: the topic said first is it); not a state ("不知道了", "不舒服了")
_STOPPED_DOING_ZH = re.compile(
    r"不(?:再)?(?!知道|记得|确定|清楚|一样|习惯|舒服|好意思|太|很|是|在|会|能|要|想)"
    r"(?P<v>[\u4e00-\u9fff]{2,3}?)了(?=[，,。！!；\s]|$)"
)


# "已经不在机构干了", "不在那家医院上班了": the place no longer worked, lived or studied at
_NO_LONGER_THERE_ZH = re.compile(
    r"不(?:再)?在(?:那家|这家|那个|这个)?(?P<place>[\u4e00-\u9fff]{1,6}?)(?:干|上班|工作|做|住|上学|读书|读|待)了"
)


# An ending said alone, its object left unsaid ("戒了", "现在已经不去了", "三个月没碰了"): what it
# ends is the thing spoken of last (the clause before, or the belief said last).
BARE_ENDED_ZH = re.compile(
    # (or one of theirs, the object dropped: "用户爸今年不种了")
    r"^(?:用户(?:的)?(?:" + RELATIONS_ZH_WORDS + r")?)?"
    r"(?:已经|早就|也|就|都|现在|目前|如今|再也|基本|彻底|完全|终于|后来|最近|上个?月|上周|前几天|今年|去年)*"
    r"(?:戒了|停了|放弃了|不干了|辞了|退了|不(?:再)?(?:去|学|玩|打|练|跳|弹|唱|跑|做|喝|抽|吃|用|开|骑|追|看|上|种|养|教|带)了|"
    r"(?:好几|[一二两三四五六七八九十几半\d]+)个?(?:月|年|星期|礼拜|周|天)没(?:碰|抽|喝|去|玩)(?:过)?了|没再碰了)"
    r"[啦了]?\W*$"
)


# "我已经戒烟两个月了", "退掉了健身卡", "健身卡我退掉了": the ending verb and the thing it
# ends, after it or said first (the topic).
_ENDED_ZH = re.compile(
    r"(?:戒(?:掉了?)?|退掉了?|退了|销掉了?|注销了?|卖掉了?|卖了|取消了?|辞去了?)(?:我的|了)?(?P<thing>[\u4e00-\u9fff]{1,4}?)"
    r"(?=[了，,。！!]|[零一二两三四五六七八九十几半多好]|$)"
    r"|^(?:用户|我们|我)?(?P<topic>[\u4e00-\u9fff]{2,8}?)(?:用户|我们|我)\s*"
    r"(?:\d{4}年[^，,。]{0,12}?|上周|上个月|昨天|前几天|最近)?(?:已经)?(?:退保|退掉|退了|销掉|注销|卖了|卖掉|取消|戒|辞掉|辞职|辞)"
    # the thing said first with no one after it ("年卡退掉了", "车已经卖了")
    # (or as the speaker's own: "我的电动车被偷了"; stolen, lost or stopped ends it too: "药已经停了")
    r"|^(?:(?:用户|我们|我)的)?(?!用户|我|他|她|它)(?P<first>[\u4e00-\u9fff]{1,5}?|[A-Za-z][A-Za-z0-9+]{1,11})"
    # ... and when ("车上周卖掉了", resolved as "车2026年3月25日那一周卖掉了")
    r"\s*(?:\d{4}年[^，,。]{0,12}?|上周|上个月|昨天|前几天|最近)?(?:顺手|顺便|干脆|终于|索性|彻底|完全)?(?:已经|也)?(?:就)?"
    # ("兼职也就没了", "机构被查封了": gone, or closed by someone)
    r"(?:退掉|退了|销掉|注销|卖了|卖掉|取消|被偷走|被偷|丢掉|走丢|跑丢|丢|停掉|停|辞掉|辞|戒掉|戒|到期|结束|解散|倒闭|关门|没|被查封|黄|"
    r"送人|送走|(?:送|卖|转)给[\u4e00-\u9fff]{1,5}?(?:养)?|出给(?:闲鱼|二手|买家|一个|别人|网友)[\u4e00-\u9fff]{0,6}?)(?:了|啦|喽|咯)?(?:[哈嘿呵]+)?[。！!]?$"
)
# "我把咖啡戒了", "他把烟戒了": the thing said between 把 and the verb that ends it
# "医生说二甲双胍可以停了": a thing the speaker takes, told they may stop it
_MAY_STOP_ZH = re.compile(r"(?P<thing>[\u4e00-\u9fffA-Za-z]{2,6}?)(?:现在)?(?:可以|能|就)(?:停|停掉|不吃|不用吃)了")
_ENDED_BA_ZH = re.compile(r"把(?P<thing>[\u4e00-\u9fff]{1,5}?)(?:给)?(?:戒|退|卖|取消|停|辞|扔|送人)")


# A thing said first in its clause, then not done any more with a one-character verb ("咖啡彻底
# 不喝了", "Java基本不碰了"): the thing ends (a clause of its own, after any reason said before it).
_TOPIC_NOT_DONE_ZH = re.compile(
    r"(?:^|[，,])\s*(?P<topic>[A-Za-z][A-Za-z0-9+#.-]{0,15}|[\u4e00-\u9fff]{2,6}?)"
    # "python那个我彻底放弃了": the thing, "that one", the speaker, then given up
    r"(?:那个|这个)?(?:用户|我)?"
    r"(?:基本|彻底|完全|已经|早就|再也|也|都|就)*(?:不(?:再)?(?:[\u4e00-\u9fff])|放弃)了(?=[，,。！!；\s]|$)"
)


def _ended_topic_zh(text: str) -> tuple[frozenset[str], str] | None:
    # the ending may be the sentence's last clause, after why ("医生说指标正常了，药已经停了")
    parts = re.split(r"[，,]", text.strip())
    found_in = (
        _ENDED_BA_ZH.search(text),
        _MAY_STOP_ZH.search(re.split(r"说|讲", text)[-1]),
        _ENDED_ZH.search(text.strip()),
        _ENDED_ZH.search(parts[-1].strip()),
        _ENDED_ZH.search(parts[0].strip()),  # "月卡到期了，没续": the thing and its end said first
    )
    for ended in (m for m in found_in if m is not None):
        found = ended.groupdict()
        thing = (found.get("thing") or found.get("topic") or found.get("first") or "").removesuffix("了")
        # "咖啡店那份兼职": the part-time job; "戒了" read as 戒 + "了" names nothing: the next reading
        named = re.sub(r"的|[那这](?:份|个|家|辆|只|张|台|部|套|本|件|条|边)", "", thing)
        if len(named) == 1 and named != thing and re.search(r"顺手|顺便|干脆|终于|索性|彻底|完全", ended.group(0)):
            continue  # "那家店终于关门了，楼下的面馆": "that shop", any shop, told as news of it
        thing = named
        if thing:
            return frozenset([thing]), text[ended.end() :]
    away = _NO_LONGER_THERE_ZH.search(text)  # "已经不在机构干了": the place left names what ended
    if away:
        return frozenset([away.group("place")]), text[away.end() :]
    stopped = _STOPPED_DOING_ZH.search(text)  # "现在不跳舞了，改去…": the verb and its object, said
    if stopped:
        return frozenset([stopped.group("v")]), text[stopped.end() :]
    put_first = _TOPIC_NOT_DONE_ZH.search(text)  # "胃不好，咖啡彻底不喝了": the thing said first, then 不V了
    if put_first and not re.search(r"[他她它我你]|用户|现在|最近|今年|如今", put_first.group("topic")):
        # "那个号不做了": "that account", the account held
        topic = put_first.group("topic")
        if re.search(r"不(?:再)?[做干弄更玩用要开学去练跑吃喝抽看]了", text[put_first.start() :]):
            topic = re.sub(r"^[那这](?:个|家|份|辆|只|张|台|部|套|本|件|条|边)", "", topic)
        if topic:
            return frozenset([topic.casefold()]), text[put_first.end() :]
    if not _ELIDED_END_ZH.search(text):
        return None
    lead = _SPEAKER_ZH.sub("", text.strip())[:2]
    return (frozenset([lead]), "") if len(lead) == 2 and all(is_cjk(c) for c in lead) else None


def _kin_stems(a: str, b: str) -> bool:
    """Two forms of one word ("therapy" / "therapist", "allergy" / "allergic"):
    the same first six letters, neither of them CJK; or the one who does it
    ("smoke" / "smoker", "drink" / "drinker")."""
    if a == b or any(x + suffix == y for x, y in ((a, b), (b, a)) for suffix in ("r", "er")):
        return True
    return min(len(a), len(b)) >= 6 and a[:6] == b[:6] and not is_cjk(a + b)


# The words that name the form an activity takes, not which activity ("the piano lessons",
# "my yoga classes"): the activity is the word before them.
_ACTIVITY_HEADS = frozenset(
    ["lesson", "lessons", "class", "classes", "course", "courses", "session", "sessions", "practice", "training"]
)


# An acronym as chat writes it: in capitals ("PF"), or a run of consonants no word is ("nyt")
_ACRONYM = re.compile(r"[A-Z]{2,4}|[b-df-hj-np-tv-z]{2,4}")


def stands_for(acronym: str, statement: str) -> bool:
    """Whether the statement holds the words an acronym begins ("PF": "the planet fitness
    on 5th street", "nyt": "the new york times"), or the acronym itself."""
    if not _ACRONYM.fullmatch(acronym):
        return False
    words = re.findall(r"[A-Za-z][\w'-]*", statement)
    n = len(acronym)
    return any(
        "".join(w[0] for w in words[i : i + n]).casefold() == acronym.casefold()
        and all(len(w) > 2 for w in words[i : i + n])
        for i in range(len(words) - n + 1)
    ) or bool(re.search(rf"\b{acronym}\b", statement, re.IGNORECASE))


# What people call a vehicle of theirs back by its kind ("sold the truck" of "I drive a 2012
# F-150", "sold the bike" of "I own a Yamaha motorcycle"): a kind names a vehicle of its own
# group, said by a kind of that group or by the verb of that group ("drive" a car, "ride" a bike).
_VEHICLE_GROUPS = tuple(
    (
        kinds,
        re.compile(
            rf"\b(?:{verbs})\s+(?:a|an|the|my|our|his|her|their)\b|\b(?:{'|'.join(sorted(kinds))})s?\b",
            re.IGNORECASE,
        ),
    )
    for kinds, verbs in (
        (frozenset(["car", "truck", "suv", "jeep", "van", "minivan", "pickup", "vehicle"]), r"drives?|driving|drove"),
        (frozenset(["bike", "motorcycle", "motorbike", "scooter", "moped"]), r"rides?|riding|rode"),
    )
)


def _vehicle_of(kind: str, statement: str) -> bool:
    """Whether ``kind`` is a vehicle's kind and the statement is about a vehicle of its group
    ("车卖了" of "我家有一辆五菱宏光": a vehicle counted by 辆, or one driven)."""
    if kind in ("车", "汽车", "轿车", "私家车"):
        return re.search(r"一辆|[开有]辆|开(?:的是|着)", statement) is not None
    return any(kind in kinds and said.search(statement) is not None for kinds, said in _VEHICLE_GROUPS)


# Kinds of place or account that names are made of ("PureGym", "Metro Bank", "KidsClub").
_NAMED_KINDS = frozenset(["gym", "club", "bank", "card", "shop", "studio", "fitness", "mart"])
# The kinds said after a name for the thing held under it ("the etsy shop", "my hulu account").
_KINDS_AFTER_NAME = frozenset(
    word
    for kind in ("shop", "store", "account", "subscription", "membership", "plan", "channel", "location", "branch")
    + ("practice",)
    for word in topic_words(kind)  # as topic words are compared: stemmed ("subscript")
)


def names_ended(thing: frozenset[str], statement: str, by_kind: bool = True) -> bool:
    """Whether a statement names the thing an ending ends: its topic words, the words
    an acronym of one word begins ("let the nyt lapse"), or for Chinese, every character
    of it ("烟" of "每天抽一包烟", "健身卡" of "办了健身房的年卡": the characters a bigram
    reading splits apart)."""
    held = topic_words(statement)
    said = thing
    thing = thing - _ACTIVITY_HEADS or thing  # "stopped the piano lessons" ends "learning piano"
    if thing <= held or all(any(_kin_stems(t, h) for h in held) for t in thing):
        return True
    # a word of it said as the initials of words held ("his PT is done" of "dad does physical therapy")
    if len(thing) > 1 and all(
        t in held or any(_kin_stems(t, h) for h in held) or stands_for(t, statement) for t in thing
    ):
        return True
    # the kind a held name ends with ("cancelled the gym" ends "a member at puregym")
    # (the kind alone: "cancelled the gym session tonight" is one session)
    if len(said) == 1 and (t := next(iter(said))) in _NAMED_KINDS and any(h.endswith(t) and h != t for h in held):
        return True
    # a held name with the kind of thing it names ("closed the etsy shop" ends "selling keycaps
    # on etsy", "cancelled the netflix subscription" ends "pays for netflix")
    named = said - _KINDS_AFTER_NAME
    if named and named != said and named <= held:
        return True
    if len(thing) == 1 and (
        stands_for(next(iter(thing)), statement)
        or _vehicle_of(next(iter(thing)), statement)
        # "traded the honda in" ends "my car's a 2012 Civic" (``by_kind``: a thing named by its
        # make or its kind is the speaker's own only where they end it themselves)
        or (by_kind and make_and_model(next(iter(thing)), statement))
    ):
        return True
    # the kind of a provider held, said by its kind alone ("killed that streaming sub" ends "pays for Netflix")
    if by_kind and kinds_said_alone(said) & set(providers_named(statement)):
        return True
    # one character stands for the thing only where it closes what is said ("抽一包烟。", not "烟花")
    return all(
        is_cjk(t)
        and (
            all(c in statement for c in t)
            if len(t) > 1
            else re.search(re.escape(t) + r"(?=[。，,！!；\s]|$)", statement)
        )
        for t in thing
    )


def undated(statement: str) -> str:
    """The statement without the dates distillation resolved into it ("in the week of 25
    March 2026", "on 1 April 2026", 2026年3月): when a thing happened, not what it was."""
    return _RESOLVED_TIME.sub(" ", statement)


def untimed(statement: str) -> str:
    """The statement without the times it names ("on 10 August 2026", "last week"):
    when a change happened, not what changed."""
    return _SAID_TIME.sub(" ", _RESOLVED_TIME.sub(" ", statement))


# A switch needed or due, not made ("思域该换轮胎了", "需要换电池", "the car needs to be changed")
_SWITCH_DUE = re.compile(
    r"(?:该|得|要|需要|应该|打算|准备|想)(?:去)?(?=换|改)|\b(?:need|needs|should|ought) to\b", re.I
)


def switched(text: str) -> bool:
    found = _SWITCH.search(text)
    return found is not None and not due_not_done(text, found)


def change_due(text: str) -> bool:
    """Whether ``text`` says a change needed or due, none made ("思域该换轮胎了")."""
    found = _SWITCH.search(text)
    return found is not None and due_not_done(text, found)


def due_not_done(text: str, found: re.Match[str]) -> bool:
    """Whether the change word ``found`` in ``text`` is one needed or due, not made
    ("思域该换轮胎了", "I need to switch banks")."""
    if is_cjk(text):
        return _SWITCH_DUE.search(text[max(0, found.start() - 6) : found.end()]) is not None
    return _SWITCH_DUE.search(text[max(0, found.start() - 24) : found.start()]) is not None


def moved_on(text: str) -> bool:
    return _MOVED_ON.search(text) is not None


def let_go(text: str) -> bool:
    """ "Let the NYT subscription lapse": an ending said without its subject, the speaker's."""
    return re.match(_LET_GO, text.strip(), re.IGNORECASE) is not None


# An ending whose object is a pronoun ("cancelled it last month", "sold them in May"): what
# it ends is the thing spoken of last (``generic_decision``), so the clause is a statement
# however short ("I cancelled it").
ENDING_VERB = (
    r"(?:cancel(?:l)?ed|quit|stopped|gave up|sold|ditched|abandoned|scrapped|got rid of|returned|gave away|given away|"
    r"rehomed|withdrew from|stepped (?:back|away|down) from|bowed out of|packed in|jacked in|outgrew|outgrown|gr[eo]wn? out of|"
    r"opted out of|signed off|came off|had to (?:stop|quit)|"
    r"called it quits (?:on|with)|moved on from|bailed on|pulled the plug on|cut ties with|dumped|"
    r"closed|emptied|unsubscribed from|traded in|part[- ]?exchanged|deactivated|deleted|terminated|shut down|paid off|"
    r"wound down|"
    r"tossed|binned|threw out|threw away|had to (?:sell|rehome|give up|cancel)|"
    r"(?:didn't|did not) (?:bother(?:ing)? (?:to )?)?renew(?:ing)?|decided not to renew|"
    r"killed(?=\s+(?:the|that|my|our|this)\s+(?:[\w'-]+\s+){0,2}(?:sub|subs|subscription|membership|account|plan|contract)\b)|"
    r"(?:stopped|quit|gave up) (?:taking|using|wearing|paying for|renting))"
)
# A thing spoken of last, ended by itself and said of with a pronoun ("it died", "it got totaled").
IT_ENDED = (
    r"(?:it|they)\s+(?:(?:just|finally|sadly)\s+)?(?:died|got (?:stolen|totaled|totalled|repossessed)|"
    r"(?:was|were) (?:stolen|totaled|totalled|repossessed)|broke down for good|expired|lapsed|"
    # a machine worn out, in everyday idiom ("it packed in on tuesday", "it finally conked out")
    r"packed (?:in|up)(?!\s+(?:the|my|our|a|an|work|it)\b)|conked out|gave up the ghost)\b"
)
ENDED_PRONOUN = re.compile(
    r"\b" + ENDING_VERB + r"\s+(?:it|them)\b(?!\s+(?:to|for|with)\b)|(?:^|,\s*)" + IT_ENDED + r""
    r"|\b(?:threw|thrown|throw) (?:it|them) (?:out|away)\b"
    # a person working for the speaker let go ("we let her go, can't afford it")
    r"|\blet (?:her|him|them) go\b"
    r"|\b(?:gave|given|had to give) (?:it|them) (?:up|away)\b"
    # someone took the speaker off a medication, a plan, a rota ("my psychiatrist took me off it")
    r"|\b(?:took|taken|taking|came|got|went) (?:(?:me|us|him|her|them|the user) )?off (?:it|them)\b"
    # an ending said of "that", the thing spoken of last ("so that's over", "done with that", "I stepped down")
    r"|\b(?:that's|that is|that was|it's|it is) (?:all )?(?:over|done|finished)\b"
    r"|\b(?:done|finished) with (?:that|it)\b|\bstepped down\b(?! (?:as|from)\b)"
    # "stopped doing that when I started my new job": the thing spoken of last, done no more
    r"|\b(?:stopped|quit|gave up) doing (?:that|it|this)\b(?!\s+thing)",
    re.IGNORECASE,
)

# "replaced it with an eero mesh", "swapped them for contacts", "upgraded it to the Pro": "it"
# is the thing spoken of last, and what follows is what holds now (whoever did it: "they
# swapped it for a smart meter")
REPLACED_IT = re.compile(
    r"\b(?:replaced|swapped|traded|exchanged|upgraded|downgraded|switched|changed)\s+(?:it|them)\s+(?:in\s+|out\s+)?(?:with|for|to)\s+"
    r"(?:(?:an?|the|some|my|our)\s+)?(?P<v>[^,.;!?]+)",
    re.IGNORECASE,
)
# "that remote thing changed", "the carpool arrangement fell through": something the speaker
# spoke of, named by one word of it, holds no more (what holds instead may follow).
THING_CHANGED = re.compile(
    r"^(?:(?:oh|so|and|but|also|well|btw|fyi|update)[,\s]+)*(?:that|the|my|our)\s+(?P<word>[a-z][\w-]+)\s+"
    r"(?:thing|situation|arrangement|setup|set-up|plan|deal|schedule|routine)\s+(?:has\s+|is\s+)?"
    r"(?:changed|ended|over|done|fell through|is no more)\b",
    re.IGNORECASE,
)


def ends(text: str) -> bool:
    return ending(text) is not None


# An ending verb wherever it is said ("almost ditched keto"): where an ending is only planned or
# almost done, whatever its object
_ENDING_VERB_AT = re.compile(r"\b" + ENDING_VERB + r"\b", re.IGNORECASE)


# What ends one occasion of a thing, not the thing ("the train was cancelled this morning",
# "done with work for today", 这周的钢琴课取消了), or some of what one has ("sold three of my
# watercolours", "gave away a few of the kittens"): nothing held ends with it.
_ONE_OCCASION = re.compile(
    r"\b(?:was|were|got|has been|have been|is|'s)\s+(?:just\s+)?(?:cancel(?:l)?ed|called off)\b"
    r"(?=[^.;]*\b(?:today|tonight|this (?:morning|afternoon|evening|week)|yesterday|on (?:\d{1,2} \w+ \d{4}|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day)))(?![^.;]*\b(?:for good|permanently|altogether|indefinitely)\b)"
    r"|\b(?:done|finished) with [^.;,]{1,30}? for (?:today|tonight|the (?:day|night|week)|\d{1,2} \w+ \d{4})\b"
    r"|\b(?:today|tonight|this (?:morning|afternoon|evening|week)|yesterday)(?:'s)?\b[^.;,]{0,30}?"
    r"\b(?:was|were|got|is|'s)\s+(?:just\s+)?(?:cancel(?:l)?ed|called off)\b"
    r"|(?:今天|今晚|昨天|明天|这周|本周|这次|那次|那一周|\d{1,2}日)的[^，,。！!；]{0,8}?(?:取消|停了|不上了)",
    re.IGNORECASE,
)
_SOME_OF = re.compile(
    r"\b(?:sold|gave away|given away|donated|rehomed)\s+(?:\d+|a few|a couple|some|several|one|two|three|four|"
    r"five|six|seven|eight|nine|ten|a dozen|half|most)\s+of\b"
    r"|(?:卖|送)(?:掉|走|出|人)?了?[一两二三四五六七八九十几\d]+[只个条辆台件本盆幅张套双把]|其中[一两二三四五六七八九十几\d]+[只个条辆台件本盆幅张套双把]",
    re.IGNORECASE,
)
# Said with an ending, it is a pause: the thing is taken up again ("stepped back from the library,
# not for good, just over exams", "停一阵子")
_A_PAUSE = re.compile(
    r"\bnot for good\b|\btemporarily\b|\bfor (?:a (?:bit|while|few (?:days|weeks|months))|the (?:summer|winter|holidays))\b"
    r"|\bjust (?:over|during|until|till)\b|\buntil (?:after|the)\b|暂时|先停|停一阵|停一段",
    re.IGNORECASE,
)
# Said right after an ending, what ended was never held: a plan or an idea of doing ("ditched the
# plan to go fully vegan", "scrapped the idea of a second car"; not "cancelled my phone plan")
_A_PLAN = re.compile(
    r"\s*(?:the|my|our|that|this|his|her|their)\s+(?:[\w-]+\s+)?(?:plans?|idea|thought)\s+(?:to|of)\b", re.IGNORECASE
)
# Said right before an ending, it is none yet or none at all: a plan, a wish, a doubt, a
# denial ("going to quit spin", "might quit the gym", "never left the club",
# 打算放弃日语, 差点戒了, 没退)
_NOT_YET_EN = re.compile(
    # ("may" the modal, not the month: "hurt my shoulder in may so no swimming since")
    r"(?:\b(?:not|never|going to|gonna|want(?:s|ed)? to|wanna|might|(?<!\bin )(?<!\bsince )(?<!\bof )may|will|would|should|could|"
    r"thinking (?:about|of)|plan(?:s|ning)? to|about to|considering|if|unless|almost|nearly|"
    r"tried to|trying to)|n't|'ll)\s+(?:[\w'-]+\s+){0,2}$",
    re.IGNORECASE,
)
_NOT_YET_ZH = re.compile(r"(?:想|打算|准备|考虑|要不要|可能|也许|快要|差点|没有?|别|不会|如果)[^\s，,。！!？?；]{0,3}$")


def ends_nothing_held(text: str) -> bool:
    """Whether ``text`` says an ending of nothing held: one occasion of a thing, some of it,
    a pause, a plan given up, or an ending planned, wished, almost done or denied."""
    said = _ENDS.search(text) or _ENDING_VERB_AT.search(text)
    if said is None:
        return False
    return bool(
        _ONE_OCCASION.search(text)
        or _SOME_OF.search(text)
        or _A_PAUSE.search(text)
        or _A_PLAN.match(text, said.end())
        or (_NOT_YET_ZH if is_cjk(text) else _NOT_YET_EN).search(text[: said.start()])
    )


def ending(text: str) -> re.Match[str] | None:
    """Where ``text`` says something ended ("quit the delivery gig", 退了), or None."""
    return _ENDS.search(text)


def has_change_cue(text: str) -> bool:
    return _CHANGE_CUE.search(text) is not None


def change_words(text: str) -> frozenset[str]:
    """The words by which ``text`` says a change ("now", "got", "switched", 改)."""
    return frozenset(m.group(0).casefold() for rx in (_CHANGE_CUE, _MOVED_ON) for m in rx.finditer(text))


def has_additive_cue(text: str) -> bool:
    return _ADDITIVE_CUE.search(text) is not None


# A clause hung after the main one, whose negation is its own ("I'm a PM at Shopify in case I
# didn't mention", "switched to tea because I didn't sleep"): it denies nothing the statement says.
_HUNG_CLAUSE = re.compile(
    r"(?<=\w)[,;]?\s+(?:just\s+)?(?:in case|because|cause|cuz|since|unless|if|whether|so that)\s+"
    r"(?:i|we|you|it|he|she|they|the user|(?-i:[A-Z])\w+)\b.*$",
    re.IGNORECASE,
)


def negated(text: str) -> bool:
    return _NEGATION.search(_HUNG_CLAUSE.sub("", text)) is not None


def taken_up_again(old: str, new: str) -> bool:
    """Whether ``new`` says, without a negation, everything ``old`` denies
    ("doesn't eat gluten" / "has been eating gluten again", "不吃辣" /
    "开始能吃一点辣了"): the thing denied is done again. Words are compared
    by their stems, so "eat" and "eating" are one."""
    if not negated(old) or negated(new):
        return False

    def content(text: str) -> set[str]:
        kept = _positive(core_tokens(text))
        return {lexical_stem(t) for t in kept if t != "is" and not _subjectish(t)}

    denied = content(old)
    return bool(denied) and denied <= content(new)


_ZH_NEGATED = frozenset(["不再", "不", "没", "没有", "戒"])


def _positive(tokens: list[str]) -> list[str]:
    """Tokens without negation words: "I no longer take X" aligns with "I take X"."""
    out = [t for t in tokens if t not in _NEGATION_WORDS and t not in _ZH_NEGATED]
    return out


def _functional(tokens: list[str]) -> bool:
    """A copula after a (possessive) noun subject: "user rent is 1,200"."""
    if "is" not in tokens:
        return any(t == "是" for t in tokens) and tokens.index("是") >= 2
    i = tokens.index("is")
    return i >= 2 and tokens[i + 1 :] != []


def _unsubjected(a: list[str], b: list[str]) -> tuple[list[str], list[str]]:
    """When only one statement names the speaker as its leading subject, both
    without it: "the user's marketing budget" and "marketing budget" are one
    thing of one subject (``reconcile`` compares subjects before it aligns)."""

    def lead(tokens: list[str]) -> int:
        return 1 if tokens[:1] == ["user"] else 2 if tokens[:2] == ["用", "户"] else 0

    if bool(lead(a)) == bool(lead(b)):
        return a, b
    return a[lead(a) :], b[lead(b) :]


def _unmodified(a: list[str], b: list[str]) -> tuple[list[str], list[str]]:
    """Both without a leading modifier word only one of them has ("the kids'
    school starts at 8:15" / "school starts at 8:45"): the same thing, named
    more or less fully. A number or a CJK character is never such a word."""
    if not a or not b or a[0] == b[0]:
        return a, b
    if len(a) > 2 and a[1] == b[0] and a[0].isascii() and a[0].isalpha():
        return a[1:], b
    if len(b) > 2 and b[1] == a[0] and b[0].isascii() and b[0].isalpha():
        return a, b[1:]
    return a, b


def _times(statement: str) -> list[str]:
    """The dates a statement names, as resolved ("in 2019", "on 7 May 2023")."""
    return sorted(m.group(0).casefold() for m in _RESOLVED_TIME.finditer(statement))


# Chinese characters that say how many or which, or only join ("每天……" / "每周……" share 每 and
# nothing of what is said): no shared context of their own.
_FUNCTION_ZH = frozenset("每一个几这那些的了也都还")


def _subjectish(token: str) -> bool:
    return token in ("user", "assistant", "i", "we", "my", "our", "我", "我们", "用", "户")
