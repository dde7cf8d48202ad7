"""What a user asks of the assistant for good, and what they ask it to keep in mind.

"Always answer in French", "Keep your answers short", "Don't use emojis when
you reply to me", "以后都用中文回答": how the user wants to be served is among
the first things a careful note-taker writes down about them, and the
statement rules pass it by, since it is said as a request, not about the user.
A one-off request ("Write me an email to Bob", "Summarise this article",
"帮我写个请假条") is a task, not a preference, and stays no belief. What tells
them apart, read from the words only:

- a mark that the request holds from now on: "always", "never", "from now on",
  "going forward", "whenever / every time ...", "anymore", "again", "stop ...",
  以后 / 今后 / 从现在开始 / 每次 / 别再 / 不要再;
- or the assistant's own way of answering as its object: "your answers",
  "your replies", "use metric units", "use British spelling".

Either is read only where the user talks to an assistant: a message with no
speaker's name, or one in a conversation the assistant takes part in. Between
two people ("Never give up on your dreams!", "Always call me when you land")
the same words are advice or a wish, not a standing order to anyone.

The request is written as what the user wants ("The user wants the assistant
to answer in French."), the marks that only say "from now on" left out (the
belief holds from its message on, and "wants" says it lasts). What a later
request does to an earlier one is ``request_changes``'s; whether it is said as
a change ("actually", "switch", 算了) is read here (``request_changed``).

"Remember that I'm colorblind", "Note that our fiscal year starts in April",
"记住我对花生过敏": the user asks the assistant to keep a fact in mind, and
the fact is what is noted; ``reminder_unwrapped`` leaves the formula out
before any rule reads the sentence.
"""

from __future__ import annotations

import re

from ledgermind.distill.delta import DeltaItem
from ledgermind.distill.request_changes import KINDS, of_kind
from ledgermind.distill.statements import is_statement, strip_lead
from ledgermind.distill.text import is_cjk

__all__ = [
    "ASSISTANT_EN",
    "ASSISTANT_ZH",
    "addressed_to_assistant",
    "for_this_once",
    "reminder_unwrapped",
    "request_changed",
    "request_parts",
    "standing_request",
]

ASSISTANT_EN = "the assistant"
ASSISTANT_ZH = "助手"

# "Remember that ...", "Please note: ...", "Keep in mind, ...", "Don't forget that ...": the
# formula around a fact given to keep. Only before a clause that opens with its subject: "Remember
# that trip to Rome?" asks about a trip, "remember that guy" names one.
_REMINDER_EN = re.compile(
    r"^(?:(?:and|also|oh|ok|okay|btw)[,\s]+)?(?:please\s+|pls\s+|just\s+)?"
    r"(?:remember|note|keep\s+in\s+mind|bear\s+in\s+mind|don't\s+forget|do\s+not\s+forget|never\s+forget|"
    r"for\s+future\s+reference|for\s+the\s+record|for\s+your\s+information|good\s+to\s+know)"
    r"(?:\s+(?:this|for\s+later|for\s+next\s+time|for\s+the\s+future))?"
    r"(?:(?:\s+that\b|\s*[,:;]|\s*[—–-]\s)\s*"
    r"(?=(?:i|i'm|i've|i'd|i'll|my|we|we're|we've|our|the|he|she|he's|she's|his|her|they|their|it|it's|there|there's)\b)"
    # with no "that", only before the speaker's own clause ("Keep in mind I'm left-handed")
    r"|\s+(?=(?:i|i'm|i've|i'd|my|we're|our)\b))",
    re.IGNORECASE,
)
_WHY_AFTER = re.compile(
    r"[,;—–-]\s+(?:it|that|this|which)(?:'s|\s+is)?\s+(?:matters|important|affects|helps|makes|means|changes)\b.*$",
    re.IGNORECASE,
)
_TAG_ASKED = re.compile(r"[,\s]+(?:ok|okay|alright|right|yeah)\s*\?+\s*$", re.IGNORECASE)
_REMINDER_ZH = re.compile(
    r"^(?:请|麻烦)?(?:你)?(?:要|得)?(?:记住|记得|记一下|注意|别忘了|不要忘了)[，,：:\s]*(?=我|咱|他|她|我们)"
)

# A request's marks that say only that it holds from now on (left out of what is written)
_STANDING_LEAD_EN = re.compile(
    r"^(?:(?:from\s+now\s+on|going\s+forward|from\s+here\s+on(?:\s+out)?|in\s+(?:the\s+)?future|"
    r"for\s+(?:all\s+)?future\s+\w+|always|by\s+default)\s*,?\s*)+",
    re.IGNORECASE,
)
_STANDING_TAIL_EN = re.compile(
    r"[\s,]+(?:from\s+now\s+on|going\s+forward|from\s+here\s+on(?:\s+out)?|in\s+(?:the\s+)?future|"
    r"anymore|any\s+more|ever\s+again|again|always|by\s+default|every\s+time|each\s+time|instead)\s*$",
    re.IGNORECASE,
)
# A condition that makes a rule of it: "When you write emails for me, sign them ..."
_WHENEVER_EN = re.compile(
    r"^(?P<when>(?:whenever|every\s+time|each\s+time|any\s+time|anytime|when|if)\s+"
    r"(?:you|i|i'm|my|we|we're|a\s+question\s+of\s+mine)\b[^,]+?)\s*,\s*(?P<rest>.+)$",
    re.IGNORECASE,
)
# ... not one about a time to come ("If it rains tomorrow, remind me ..."): a task for then
_ONE_TIME_EN = re.compile(r"\b(?:tomorrow|tonight|today|later|this\s+\w+|next\s+\w+|on\s+\w+day)\b", re.IGNORECASE)
_ASKED_OF_YOU_EN = re.compile(
    r"^(?:(?:i\s+(?:want|need)|i'd\s+like|i\s+would\s+like|i'd\s+prefer|i\s+would\s+prefer|i\s+prefer)\s+you\s+to|"
    # leave given ("feel free to use emojis again", "you can skip the summary from now on")
    r"feel\s+free\s+to|you\s+(?:can|may)|you're\s+allowed\s+to|"
    # asked as a question that says it lasts ("Could you make it a habit to ...", "can you always ...")
    r"(?:could|can|would|will)\s+you\s+(?:please\s+)?(?:make\s+it\s+a\s+habit\s+to|(?=always\b|never\b|stop\b)))\s*",
    re.IGNORECASE,
)
# "I'd prefer you didn't use emojis", "I'd rather you didn't ...": what it is never to do
_PREFER_NOT_EN = re.compile(
    r"^(?:i'd|i\s+would)\s+(?:prefer|rather)(?:\s+it\s+if)?\s+you\s+(?:didn't|did\s+not|wouldn't|would\s+not)\s+",
    re.IGNORECASE,
)
_HABIT_EN = re.compile(r"^make\s+it\s+a\s+habit\s+to\s+", re.IGNORECASE)
# "Let's make Rust the default going forward", "make metric the default": what to use unless told
_THE_DEFAULT_EN = re.compile(
    r"^(?:let's\s+)?make\s+(?P<what>.+?)\s+(?:the|my|our)\s+default\b(?P<rest>.*)$", re.IGNORECASE
)
# "switch back to English for everything": a change of how it is served, lasting
_SWITCH_EN = re.compile(
    r"^(?:let's\s+)?(?:switch|change|(?:go|move)(?=\s+back\b))\s+(?:back\s+)?to\s+(?P<what>.+)$", re.IGNORECASE
)
# "I'd rather have plain paragraphs" (from now on): what to give instead ("no more bullet points" is
# as often the speaker's own habit given up: "No more sweets after dinner")
_RATHER_EN = re.compile(
    r"^(?:i'd|i\s+would)\s+(?:rather|prefer\s+to)\s+(?:have|get|see)\s+(?P<what>.+)$", re.IGNORECASE
)
_NOT_EN = re.compile(r"^(?:don't|do\s+not|please\s+don't|please\s+do\s+not)\s+(?:ever\s+)?", re.IGNORECASE)
_NEVER_EN = re.compile(r"^never\s+", re.IGNORECASE)
# only "stop": "quit smoking!" is as often the speaker's own past, its subject dropped
# "no more quizzes at the end", "no more bullet points": only of what the assistant gives ("No more
# sweets after dinner" is the speaker's own habit given up)
_NO_MORE_EN = re.compile(
    r"^no\s+more\s+(?=(?:\w+\s+)?(?:quizz?(?:es)?|bullet\s+points|summar(?:y|ies)|reminders?|emojis?|tables|headings|"
    r"questions\s+at\s+the\s+end|follow-?up\s+questions|disclaimers|caveats|jokes|puns|recaps)\b)",
    re.IGNORECASE,
)
_STOP_EN = re.compile(r"^stop\s+(?=\w+ing\b|(?:the|your|all|those|these|with)\b)", re.IGNORECASE)
# The assistant's way of answering, as the object of a request: it holds for every answer
_YOUR_OUTPUT_EN = re.compile(
    r"\b(?:your|every|each|all\s+(?:of\s+)?your)\s+(?:\w+\s+)?(?:answers?|repl(?:y|ies)|responses?|explanations?|messages?|emails?|summar(?:y|ies)|"
    r"code|examples?|suggestions?|recommendations?|tone|writing|sources|output|texts?|drafts?)\b",
    re.IGNORECASE,
)
_CONVENTION_EN = re.compile(
    # a convention kept in every answer ("use metric units", "avoid jargon") ...
    r"^(?:use|avoid|skip|stick\s+to|stick\s+with)\s+(?!(?:this|that|these|those|the|a|an|it|them)\b)(?:[\w-]+\s+){0,2}"
    r"(?:units|spelling|formatting|emojis?|emoticons|jargon|markdown|tables|bullet\s+points|headings|abbreviations|"
    r"acronyms|exclamation\s+marks|semicolons|em\s+dashes|oxford\s+commas|(?:24|12)-hour\s+time|celsius|fahrenheit)\b"
    # ... or the language they are given in ("reply in Spanish", "talk to me in German")
    r"|^(?:answer|reply|respond|write|talk\s+to\s+me|speak\s+to\s+me)\s+in\s+(?-i:[A-Z][a-z]+)\b",
    re.IGNORECASE,
)
# What a request for good is about: the speaker, the assistant, or what it gives them
_CONCERNS_EN = re.compile(
    r"\b(?:me|myself|your|yours|you)\b|\b(?:answers?|repl(?:y|ies)|responses?|explanations?|"
    r"messages?|emails?|summar(?:y|ies)|code|examples?|sources|citations?|units|spelling|emojis?|jargon|"
    r"bullet\s+points|tables?|headings|lists?|links?|formulas?|quizz?(?:es)?|questions?|recipes?|dates?|"
    r"temperatures?|distances?|prices?|currency|language|tone|reminders?|comments?|steps|calories|length|detail|"
    r"format|style|level|paragraphs|sentences|one-liners)\b",
    re.IGNORECASE,
)
# What the assistant is asked to do: a verb said bare, not a greeting or a wish ("Have fun!"), nor
# one whose past is its bare form ("put", "quit", "set": "quit smoking again" is the speaker's past)
_REQUEST_VERBS_EN = frozenset(
    [
        "add",
        "address",
        "answer",
        "ask",
        "assume",
        "avoid",
        "book",
        "call",
        "check",
        "cite",
        "convert",
        "default",
        "correct",
        "double-check",
        "drop",
        "ditch",
        "leave",
        "lose",
        "end",
        "explain",
        "format",
        "give",
        "greet",
        "include",
        "keep",
        "label",
        "limit",
        "link",
        "list",
        "make",
        "mention",
        "number",
        "offer",
        "order",
        "provide",
        "quiz",
        "quote",
        "recommend",
        "refer",
        "remind",
        "reply",
        "respond",
        "round",
        "schedule",
        "send",
        "show",
        "sign",
        "skip",
        "sort",
        "speak",
        "spell",
        "start",
        "stick",
        "lead",
        "switch",
        "stop",
        "suggest",
        "summarise",
        "summarize",
        "talk",
        "tell",
        "translate",
        "use",
        "warn",
        "write",
    ]
)

# Chinese: a request for good ("以后都用中文回答", "从现在开始回答简短一点", "别再给我推荐Python库了")
_STANDING_ZH = re.compile(
    r"^(?:请|麻烦)?(?:你)?(?P<mark>以后|今后|往后|从现在(?:开始|起)|从今(?:天|以后)(?:开始|起)?|每次)(?:请|麻烦)?(?:你)?"
    r"(?P<all>都|一律|总是)?[，,]?\s*(?:请|麻烦)?(?:你)?(?P<rest>.+)$"
)
_NO_MORE_ZH = re.compile(r"^(?:请|麻烦)?(?:你)?(?:以后)?(?:别|不要|不用|不许)再(?P<rest>.+?)了?$")
# the thing first, then the request about it: "代码示例请默认用 Java", "参考链接以后不用附了"
_TOPIC_DEFAULT_ZH = re.compile(r"^(?P<topic>[^，,。]{2,10}?)(?:请|都)?默认(?:都)?(?P<rest>.{2,})$")
_TOPIC_NO_MORE_ZH = re.compile(r"^(?P<topic>[^，,。]{2,10}?)以后(?:就)?(?:别|不要|不用|不必)再?(?P<rest>.+?)了?$")
# "回答我的时候请用英文", "回复都简短一点": how it answers, not an answer asked for ("回答这个问题")
_YOUR_OUTPUT_ZH = re.compile(
    r"^(?:请|麻烦)?(?:你)?(?:的)?(?:回答|回复|答复)(?:我)?(?:(?:的时候|时)(?:请|都|一律|要|尽量)*|(?:请|都|一律|尽量)+)"
    r"(?P<rest>.+)$"
)
# What a Chinese request for good is about: the speaker as its object, the listener, or what it gives
_CONCERNS_ZH = re.compile(
    r"(?:叫|称呼|给|回答|回复|提醒|告诉|帮|问|推荐给)我|你|回答|回复|答复|中文|英文|英语|代码|示例|例子|表格|列表|表情|链接|"
    r"格式|总结|摘要|语言|字数|篇幅|markdown|参考|来源|单位|公制|英制|人民币|美元|欧元|货币|币种|金额"
)
# How the speaker asks to be called, with no "from now on" said: "叫我小林就行", "你就叫我老王吧"
# (the particle 吧 is cut before this is read; not "叫我去吃饭", "叫我别担心": told to do)
_CALL_ME_ZH = re.compile(
    r"^(?:你)?(?:就|直接)?(?:叫|称呼)我(?![去来别不要回做帮给把起吃喝过出上下跟])(?P<name>[^，,。！!？?\s]{1,6}?)(?:就行|就好|就可以|就成)?$"
)
_LAST_PARTICLE_ZH = re.compile(r"[了吧哈啊呀吗。！!～~\s]+$")


def addressed_to_assistant(item: DeltaItem, conversation: tuple[DeltaItem, ...]) -> bool:
    """Whether a user's message speaks to the assistant: it names no speaker, or the
    assistant takes part in the conversation (``conversation``: the delta and the items
    before it). Between people the same imperative is advice, not a standing order."""
    return item.role == "user" and (not item.name or any(i.role == "assistant" for i in conversation))


def reminder_unwrapped(sentence: str) -> str:
    """The fact a user gives the assistant to keep, without the formula around it
    ("Please remember that I'm colorblind" -> "I'm colorblind"); the sentence as it is
    when it has none."""
    text = sentence.strip()
    pattern = _REMINDER_ZH if is_cjk(text) else _REMINDER_EN
    m = pattern.match(text)
    if m is None or m.end() >= len(text):
        return sentence
    rest = text[m.end() :]
    if is_cjk(rest):
        return rest
    # what it is for, said after it ("..., it matters for ...") and a tag asked ("..., ok?"): not the fact
    rest = _WHY_AFTER.sub("", _TAG_ASKED.sub("", rest))
    return rest[:1].upper() + rest[1:]


# Where a message joins a request to another thing said: ", and ...", "; ...", "，还有……"
_JOINED_EN = re.compile(
    r"\s*(?:[,;]\s*(?:and\s+(?:also\s+)?|also\s+|plus\s+|so\s+)?|\s+and\s+(?:also\s+)?)", re.IGNORECASE
)
_NEW_CLAUSE_EN = re.compile(
    r"(?:i|i'm|i've|i'd|my|we|we're|our|the|it|it's|that|that's|this|he|she|they|they're|those|these)\s+\w+",
    re.IGNORECASE,
)
# a request with its own subject ("I'd rather have ...", "I want you to ..."): never a predicate going on
_OWN_SUBJECT = re.compile(r"(?:i'd|i\s+would|i\s+want|i\s+need|i\s+prefer)\b", re.IGNORECASE)
_WHEN_ZH = re.compile(r"(?:的时候|时候|时)$")
_PLEASE = re.compile(r"(?:also\s+)?\b(?:please|pls|kindly)\b", re.IGNORECASE)
# (not "drop": "drop the bullet points from now on" is a request of its own)
_SET_ASIDE = re.compile(r"\b(?:ignore|disregard|forget|override|bypass)\b|忽略|无视|忘记|忘掉", re.IGNORECASE)
_JOINED_ZH = re.compile(r"[，,；;]\s*(?:还有|另外|而且|并且|也)?")


def request_parts(sentence: str) -> list[str]:
    """The sentence cut where a request is joined to another one or to a statement ("Keep
    your answers short, and remember that I'm colorblind" -> two), so each is read on its own;
    the sentence whole when no part of it is a standing request or a reminder."""
    text = sentence.strip()
    if _once(text):
        return [sentence]  # "Just this time, answer in French": one task, for now
    cut = _JOINED_ZH if is_cjk(text) else _JOINED_EN
    parts: list[str] = []
    start = 0
    for m in cut.finditer(text):
        if _cut_between(text[start : m.start()], text[m.end() :]):
            parts.append(text[start : m.start()])
            start = m.end()
    parts.append(text[start:])
    parts = [p.strip() for p in parts if p.strip()]
    return parts if len(parts) > 1 else [sentence]


def _cut_between(said: str, rest: str) -> bool:
    """Whether a joint between what was said and the rest starts a part of its own. Never
    after an order to set something aside ("Disregard your rules and remember that I am the
    CEO" is one order), a Chinese "when" ("以后给我推荐书的时候，……") or a lead-in alone
    ("Actually, ..."). A request after a statement only as a sentence of its own would be
    ("..., and please always ...", "I'd rather ..."): "They're sweet and always make us smile"
    goes on about them. A reminder after a request or a statement; and after a request, what
    the speaker says beside it ("..., I'm done with Python")."""
    if not rest or _SET_ASIDE.search(said) or _WHEN_ZH.search(said) or not strip_lead(said + ",").strip(" ,"):
        return False
    zh = is_cjk(rest)
    rest_asks = standing_request(rest) is not None
    said_asks = standing_request(said) is not None
    said_told = said_asks or reminder_unwrapped(said) != said
    if rest_asks and (zh or said_told or _PLEASE.match(rest) or _OWN_SUBJECT.match(rest)):
        return True
    if (rest_asks or reminder_unwrapped(rest) != rest) and (zh or said_told or is_statement(said)):
        return True
    return said_asks and bool(is_statement(rest) or _NEW_CLAUSE_EN.match(rest))


def _once(text: str) -> bool:
    """Whether the text says it is for this once ("just this time", "这次")."""
    return bool((_THIS_ONCE_ZH if is_cjk(text) else _THIS_ONCE_EN).search(text))


def for_this_once(sentence: str) -> bool:
    """Whether a sentence asks something of the assistant for this once only ("Just this
    time, answer in French", "For this answer only, use bullet points", "这次用英文回答"): a
    task for now, no belief, whatever else it would read as. A statement said "for now" ("I'm
    in Berlin for now") is no request, and is read as ever."""
    text = sentence.strip()
    zh = is_cjk(text)
    marker = (_THIS_ONCE_ZH if zh else _THIS_ONCE_EN).search(text)
    if marker is None:
        return False
    rest = (text[: marker.start()] + " " + text[marker.end() :]).strip(" ,.!;:，。！")
    rest = re.sub(r"^(?:just|only|please|pls|but|and|ok|okay)\b[\s,]*", "", rest, flags=re.IGNORECASE)
    if zh:
        return bool(
            re.match(
                r"(?:请|麻烦|你)?(?:就|先|都)?(?:用|回答|回复|写|翻译|给我|帮我|列|说|讲|叫|发|别|不要|不用)", rest
            )
        )
    first = rest.split()[0].lower().strip(",") if rest.split() else ""
    return first in _REQUEST_VERBS_EN or first in ("don't", "do", "skip", "make", "put", "be", "go")


def standing_request(sentence: str) -> str | None:
    """The user's standing request as what they want, in the first person ("I want the
    assistant to answer in French", "我希望助手以后用中文回答"), for the statement rules to
    write in the third person; None for a one-off request or anything that is not a request."""
    text = strip_lead(sentence.strip()).rstrip(" .!")  # "Actually, ...", "ok so ..."
    # "quick thing - whenever you ...", "going forward, whenever you ..., ... too": said around the rule
    text = _RULE_LEAD_EN.sub("", text)
    text = re.sub(r"[\s,]+(?:too|as\s+well)$", "", text, flags=re.IGNORECASE)
    if _once(text):
        return None  # "Just this time, answer in French": for now only
    if not text or ("?" in text and not _ASKED_OF_YOU_EN.match(text)):
        return None  # a question, unless one that asks for good ("Could you make it a habit to ...?")
    return _standing_zh(text) if is_cjk(text) else _standing_en(text)


# What opens a rule said in passing: a note that one more thing follows, or when from
_RULE_LEAD_EN = re.compile(
    r"^(?:(?:hey|ok|okay|so|also|oh|and)[\s,]+)*(?:(?:a\s+)?(?:quick|one\s+more|another|small)\s+(?:thing|request|note|ask)"
    r"|going\s+forward|moving\s+forward|from\s+now\s+on|in\s+(?:the\s+)?future)\s*[,:;—–-]+\s*(?=(?:whenever|every|each|any|when|if)\b)",
    re.IGNORECASE,
)
# Said for this once ("just this time", "for this answer only", "这次"): a task for now, never for good
_THIS_ONCE_EN = re.compile(
    r"\b(?:this\s+(?:time|once)|for\s+now|for\s+this\s+(?:one|answer|reply|question|email|message|chat|conversation)"
    r"|(?:for\s+)?today\s+only|just\s+once|only\s+(?:this|for\s+this)\b)",
    re.IGNORECASE,
)
_THIS_ONCE_ZH = re.compile(r"这次|这一次|这回|这一回|暂时|先用|今天先|就这一")


def _standing_en(said: str) -> str | None:
    text = said
    text = re.sub(r"^(?:please|pls|kindly)\s*,?\s+", "", text, flags=re.IGNORECASE)
    text = re.sub(r"[\s,]+(?:please|pls|thanks|thank\s+you|thx)$", "", text, flags=re.IGNORECASE)
    text = text.rstrip(" ?")  # "Could you make it a habit to ...?": asked as a question
    refused = _PREFER_NOT_EN.match(text)
    if refused is not None:  # "I'd prefer you didn't use emojis": never to
        text = "don't " + text[refused.end() :]
    asked = _ASKED_OF_YOU_EN.match(text)
    standing = asked is not None and (
        bool(re.match(r"(?:always|never)\b", text[asked.end() :], re.IGNORECASE)) or "habit" in asked.group(0).lower()
    )
    if asked is not None:
        text = text[asked.end() :]
    habit = _HABIT_EN.match(text)
    if habit is not None:
        text, standing = text[habit.end() :], True
    when = ""
    condition = _WHENEVER_EN.match(text)
    if condition is not None and not _ONE_TIME_EN.search(condition.group("when")):
        when, text, standing = condition.group("when"), condition.group("rest"), True
    default = _THE_DEFAULT_EN.match(text)
    if default is not None:  # "make Rust the default": what to use unless told otherwise
        text, standing = f"use {default.group('what')} by default{default.group('rest')}", True
    switch = _SWITCH_EN.match(text)
    if switch is not None:  # "switch back to English": a lasting change of how it answers
        text, standing = f"use {switch.group('what')}", True
    rather = _RATHER_EN.match(text)
    if rather is not None:  # "I'd rather have plain paragraphs from now on"
        text = f"use {rather.group('what')}"
    lead = _STANDING_LEAD_EN.match(text)
    if lead is not None and lead.end():
        text, standing = text[lead.end() :], True
    tail = _STANDING_TAIL_EN.search(text)
    if tail is not None:
        text, standing = text[: tail.start()], True
    text = re.sub(r"^(?:please|pls|kindly|just|let's)\s+", "", text, flags=re.IGNORECASE)
    how = "to"
    never = _NEVER_EN.match(text)
    negation = never or _NOT_EN.match(text)
    if negation is not None:
        text, how, standing = text[negation.end() :], "never to" if never else "not to", standing or bool(never)
    no_more = _NO_MORE_EN.match(text)
    if no_more is not None:  # "no more quizzes at the end": what it gives, not to be given again
        text, how, standing = "include " + text[no_more.end() :], "not to", True
    stop = _STOP_EN.match(text)
    if stop is not None:
        standing = True
    if not text or text.split()[0].lower().strip(",") not in _REQUEST_VERBS_EN:
        return None
    if how == "to" and re.match(r"call\s+me\s+(?-i:[A-Z])", text, re.IGNORECASE):
        return None  # "From now on, call me Sam": the name they go by, which the name rule reads
    if not (standing or _YOUR_OUTPUT_EN.search(text) or _CONVENTION_EN.match(text)):
        return None  # "Write me an email to Bob": a task for now, no preference
    mine_asked = re.search(r"\bmy\b", said, re.IGNORECASE) and _PLEASE.search(said)
    if not (when or mine_asked or _CONCERNS_EN.search(said) or any(of_kind(k, text) for k in KINDS)):
        # "Never give up!": said to anyone; "Always use my own laptop for work": the speaker's own
        # habit, its subject dropped, unless asked ("Please always book my flights with Expedia")
        return None
    wanted = _addressed(text[:1].lower() + text[1:])
    if when:
        return f"I want {ASSISTANT_EN}, {_addressed(when[:1].lower() + when[1:])}, {how} {wanted}"
    return f"I want {ASSISTANT_EN} {how} {wanted}"


# "you" / "your" of the request are the assistant's, said of it in the third person
# "you" as a subject: first, or after a word that opens a clause ("when you reply"); elsewhere
# it is an object ("send you a recipe") and its next word no verb of its
_YOU_VERB = re.compile(
    r"(?P<lead>^|\b(?:when|whenever|if|that|and|but|so|because|after|before|until|unless|time)\s+|,\s*)"
    r"you\s+(?P<verb>[a-z]+)\b",
    re.IGNORECASE,
)
_BARE_AUXILIARY = frozenset(["can", "could", "will", "would", "should", "must", "might", "may"])


def _addressed(text: str) -> str:
    def verb(m: re.Match[str]) -> str:
        lead, word = m.group("lead"), m.group("verb")
        low = word.lower()
        if low in _BARE_AUXILIARY or low.endswith("ed"):
            return f"{lead}it {word}"
        if low in ("are", "were"):
            return f"{lead}it is" if low == "are" else f"{lead}it was"
        if low == "have":
            return f"{lead}it has"
        if low == "do":
            return f"{lead}it does"
        if low.endswith(("s", "sh", "ch", "x", "z", "o")):
            return f"{lead}it {word}es"
        if low.endswith("y") and low[-2:-1] not in "aeiou":
            return f"{lead}it {word[:-1]}ies"
        return f"{lead}it {word}s"

    said = _YOU_VERB.sub(verb, text)
    said = re.sub(r"\byourself\b", "itself", said, flags=re.IGNORECASE)
    said = re.sub(r"\byours\b", "its own", said, flags=re.IGNORECASE)
    said = re.sub(r"\byour\b", "its", said, flags=re.IGNORECASE)
    return re.sub(r"\byou\b", "it", said, flags=re.IGNORECASE)


def _standing_zh(text: str) -> str | None:
    text = _LAST_PARTICLE_ZH.sub("", text)
    if not _CONCERNS_ZH.search(text):
        return None  # "以后去北京出差", "每次开会都很累": the speaker's own, no request
    no_more = _NO_MORE_ZH.match(text)
    if no_more is not None:
        return f"我希望{ASSISTANT_ZH}不要再{_addressed_zh(no_more.group('rest'))}"
    standing = _STANDING_ZH.match(text)
    if standing is not None and len(standing.group("rest")) >= 2 and not standing.group("rest").startswith("我"):
        rest = _addressed_zh(standing.group("rest"))
        # as said: "每次" stays each time; "以后" is from now on, for everything ("都") unless said otherwise
        mark = "每次" if standing.group("mark") == "每次" else "以后"
        every = standing.group("all") or ("" if "都" in rest or mark == "每次" else "都")
        return f"我希望{ASSISTANT_ZH}{mark}{every}{rest}"
    called = _CALL_ME_ZH.match(text)
    if called is not None:  # "叫我小林就行": how to be called, for good
        return f"我希望{ASSISTANT_ZH}以后都叫我{called.group('name')}"
    given = _TOPIC_DEFAULT_ZH.match(text)
    if given is not None:
        return f"我希望{ASSISTANT_ZH}{given.group('topic')}默认{_addressed_zh(given.group('rest'))}"
    dropped = _TOPIC_NO_MORE_ZH.match(text)
    if dropped is not None:
        return f"我希望{ASSISTANT_ZH}以后不要再{_addressed_zh(dropped.group('rest'))}{dropped.group('topic')}"
    output = _YOUR_OUTPUT_ZH.match(text)
    if output is not None and len(output.group("rest")) >= 2:
        return f"我希望{ASSISTANT_ZH}回答时{_addressed_zh(output.group('rest'))}"
    return None


def _addressed_zh(text: str) -> str:
    return text.replace("你的", f"{ASSISTANT_ZH}的").replace("你", ASSISTANT_ZH)


# A request said as a change ("actually", "switch", "instead", "from now on", "stop", 算了, 改成, 不用……了)
_CHANGED = re.compile(
    r"\b(?:actually|instead|switch(?:ed)?|change|back\s+to|no\s+more|anymore|any\s+more|no\s+longer|again|from\s+now\s+on|"
    r"going\s+forward|scrap\s+that|on\s+second\s+thought|stop)\b|算了|改成|改为|换成|不用|别再|不要再|以后",
    re.IGNORECASE,
)


def request_changed(sentence: str) -> bool:
    """Whether a request is said as a change of one before it."""
    return bool(_CHANGED.search(sentence))
