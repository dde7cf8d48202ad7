"""The generic belief: what a user states that no frame reads, in their own words.

A favourite band, a standing weekly meeting, a medication, an allergy, a rent:
people state far more kinds of facts than any list of frames names. A
declarative clause about the speaker, their people, things, work, plans or
preferences that no frame or sentence rule read becomes a belief in the
speaker's own words (third person, dates resolved), with

- a subject: the speaker, or the person the clause is about ("my sister" ->
  ``user:sister``), so it is never compared across people;
- a normalised predicate key (``said:<words>``): the clause's content words
  without values, cues and time, so a restatement finds it and search has it;
- a value when one is visible (a number, a version, a capitalised name), and
  the time the clause names (``valid_from``: "last month" moves it back).

Not beliefs (``is_statement`` says no): questions, greetings, thanks,
acknowledgements and other small talk, requests to the assistant, reactions to
what was just said ("I love that", "I'm so happy for you"), and clauses about
nobody in particular. Supersession between generic beliefs is decided by
alignment in ``reconcile`` (see ``alignment``), never by this module.
"""

from __future__ import annotations

import re
from datetime import datetime

from ledgermind.distill.alignment import core_tokens, ends, has_change_cue, moved_on, negated
from ledgermind.distill.dates import find_time
from ledgermind.distill.findings import Finding, Speaker
from ledgermind.distill.flags import INSTRUCTION_LIKE
from ledgermind.distill.frames import subject_of
from ledgermind.distill.person import third_person, third_person_zh
from ledgermind.distill.text import is_cjk

__all__ = ["generic_findings", "instruction_findings", "is_statement", "said_key"]

_LEAD_EN = re.compile(
    r"^(?:(?:oh|ooh|wow|well|yeah|yes|yep|yup|haha+|lol|hey|hi|hello|ok|okay|btw|by the way|anyway|so|um+|"
    r"hmm+|fyi|just so you know|quick update|update|heads up|news|good news|big news|and|also|actually|"
    r"honestly|oh man|man|dude|alright|right|sure|cool|nice|great|awesome|true|totally|indeed|my mistake|"
    r"my bad|scratch that|sorry|oops|correction|i misspoke|wait|no|i misread (?:the|my) \w+)\b[\s,:;!.—-]*)+",
    re.IGNORECASE,
)
_QUESTION_EN = re.compile(
    r"^(?:what|who|whom|whose|which|when|where|why|how|do|does|did|can|could|would|will|should|shall|is|are|"
    r"was|were|have|has|had|may|might|am|isn't|aren't|don't|doesn't|didn't|won't|wouldn't|shouldn't|"
    r"any idea|any tips|any suggestions|got any)\b",
    re.IGNORECASE,
)
_REQUEST_EN = re.compile(
    r"^(?:please|pls|can you|could you|would you|will you|help me|tell me|show me|give me|let's|let us|"
    r"let me know|remind me|make sure|don't forget|i need you to|i want you to|i'd like you to|"
    r"i would like you to)\b",
    re.IGNORECASE,
)
_SMALL_TALK_EN = re.compile(
    r"^(?:thanks?|thank you|thx|ty|cheers|bye|goodbye|see you|see ya|good (?:morning|night|evening|afternoon)|"
    r"sounds good|got it|no problem|no worries|you're welcome|np|of course|makes sense|that's (?:\w+\s?){0,3}$|"
    r"that is (?:\w+\s?){0,3}$|it's (?:\w+\s?){0,2}$|that (?:sounds|looks|seems)\b|i see|i agree|i know|i understand|i mean|i guess|"
    r"i think so|i hope so|i bet|i wonder|i can imagine|i can't wait|i cannot wait|"
    r"i(?:'m| am) (?:so |really |very |just |super )?(?:glad|happy|sorry|excited|thrilled|proud|grateful|thankful)"
    r"(?: (?:for|to hear|about that|that|you)\b.*)?$|i(?:'m| am) (?:fine|good|ok|okay|well|great|doing \w+)$|"
    r"i appreciate|i love (?:that|this|it|your|you)\b|i like (?:that|this|it|your)\b|me too|same here|"
    r"i(?:'d| would) love to\b|i totally (?:get|agree)|i feel you|glad to hear|happy to hear|"
    r"good (?:luck|job|idea|point|to know)|nice to (?:meet|hear)|congrat)",
    re.IGNORECASE,
)
_ABOUT_SOMEONE_EN = re.compile(
    r"\b(?:I|I'm|I've|I'd|I'll|me|my|mine|we|we're|we've|we'll|our|us)\b"
    # a named person ("Dana leads the payments team", "Rahul took over ...")
    r"|^(?-i:[A-Z][a-z]+)(?:\s+(?-i:[A-Z][a-z]+))?\s+(?:is|was|has|had|\w+s|\w+ed|took|got|went|left|made)\b"
    # a named thing of theirs, with a number or a name in it ("The board meeting is on the 9th")
    r"|^the\s+\w+(?:\s+\w+)?\s+(?:is|are|was|were|has|have|starts|runs|moved|lands|leaves|opens|closes)\b"
    r"(?=.*(?:\d|\s(?-i:[A-Z])))",
    re.IGNORECASE,
)
# A clause that opens with one of these bare verbs is a request to the assistant ("look up ...").
_IMPERATIVE = frozenset(
    [
        "look",
        "find",
        "search",
        "show",
        "give",
        "tell",
        "help",
        "check",
        "make",
        "write",
        "create",
        "send",
        "book",
        "set",
        "add",
        "remind",
        "explain",
        "list",
        "get",
        "call",
        "open",
        "play",
        "translate",
        "summarize",
        "summarise",
        "draft",
        "plan",
        "suggest",
        "recommend",
        "compare",
        "calculate",
        "fix",
        "answer",
        "describe",
        "recall",
        "forget",
        "read",
        "review",
        "edit",
        "rewrite",
        "generate",
        "convert",
        "estimate",
        "schedule",
        "email",
        "text",
        "ask",
        "try",
        "use",
        "pick",
        "choose",
        "keep",
        "stop",
        "start",
        "imagine",
        "assume",
        "pretend",
        "consider",
    ]
)
# Opening words that point back at something said before, or at nobody: the
# clause is a comment on the conversation ("It was awesome", "That's why ...").
_NO_ONE = frozenset(
    [
        "it",
        "it's",
        "its",
        "that",
        "that's",
        "this",
        "they",
        "they're",
        "them",
        "he",
        "he's",
        "she",
        "she's",
        "there",
        "there's",
        "those",
        "these",
        "here",
        "here's",
        "everything",
        "nothing",
        "something",
        "everyone",
        "everybody",
        "someone",
        "somebody",
        "anyone",
        "glad",
        "really",
        "crazy",
        "gonna",
        "remember",
        "plus",
        "but",
        "so",
        "which",
        "what",
        "whatever",
        "sounds",
        "looks",
        "seems",
        "their",
        "his",
        "her",
        "next",
    ]
)
_SUBORDINATE = frozenset(
    ["since", "because", "when", "if", "although", "though", "while", "as", "unless", "until", "whether"]
)
_PRO_FORMS = frozenset(["so", "this", "it", "will", "that", "there", "them", "one"])
_SECOND_PERSON = re.compile(r"\b(?:you|your|you're|yours|yourself|ya|u)\b", re.IGNORECASE)
_VOCATIVE = re.compile(r"^(?-i:[A-Z][a-z]+),\s+(?=\S)")  # "Nate, I'm on fire": the name is a greeting
_COMMON_GROUND = re.compile(
    r"\b(?:we can all|all of us|ourselves|each other|one another|us all|reminds us|for all of us|we all|"
    r"in our lives|our lives)\b|\bwe (?:can|could|should|will|'ll)\b.*\btogether\b|^(?:maybe|rest assured|woah|wow)\b",
    re.IGNORECASE,
)
_REACTION = re.compile(
    r"\b(?:couldn't agree more|could not agree more|agree|check it out|here to support|here for|appreciate|"
    r"means? (?:a lot|the world)|meant a lot|worth it|is key|is vital|is crucial|on fire|so cool|"
    r"i(?:'ve| have) got this|got this\.?$|i(?:'m| am) sure\b|i bet\b|i (?:can|could) (?:only )?imagine|"
    r"i(?:'m| am) doing (?:ok|okay|well|good|fine|great|alright)|can (?:definitely |really )?make a (?:real |big )?"
    r"difference|(?:will|'ll) (?:definitely |have to |need to )*check|definitely will|most important thing|"
    r"i get it|gets it\b|i hope\b|hoping\b|thanks?\b|thank you|try (?:my|our) best|keep going|never give up|"
    r"add it to (?:my|our) list|bummer|beside the point|love the (?:thought|idea)|works\.?$|"
    # formulas of resolve, encouragement and catching up: about the conversation, not a fact
    r"since (?:we|i) (?:last )?(?:talked|spoke|chatted)|since (?:our|the) last (?:chat|talk)|a lot'?s happened|"
    r"guess what|(?:will|gonna|going to) keep (?:on |pushing|going|grinding|pursuing|at it|working)|"
    r"(?:doing|do|give it|try) (?:my|our) best|be sure to|if (?:i|we) need|fingers crossed|might try it|"
    r"happy to help|glad (?:everyone|that|to)|excited too|tuning in|safe trip|got the right attitude|"
    r"^together\b|^gotta\b|^just (?:something|a)\b|"
    r"(?:can be|are|is) (?:so |really |both )*(?:inspiring|heartbreaking|encouraging|touching|moving)|"
    r"(?:was|is|were) (?:so |really |super |just |such )*(?:awesome|amazing|great|cool|fun|special|incredible|"
    r"fantastic|wonderful|beautiful|inspiring|peaceful|serene|exciting|a blast|a dream))\b",
    re.IGNORECASE,
)
_ADDRESSED_EN = re.compile(r"^(?:you|your|you're|you've|you'll|you'd)\b", re.IGNORECASE)

_QUESTION_ZH = re.compile(r"[?？]|吗[。！!]?$|吗$|什么|怎么|为什么|哪|几[个点天次]|是否|有没有|能不能|可不可以|要不要")
_REQUEST_ZH = re.compile(r"^(?:请|麻烦|帮我|帮忙|你能|你可以|能不能|可以帮|告诉我|给我|提醒我|记得|别忘了|你帮)")
_SMALL_TALK_ZH = re.compile(
    r"^(?:你好|您好|嗨|哈喽|谢谢|多谢|感谢|好的|好吧|嗯+|哦+|哈+|再见|拜拜|晚安|早上好|早安|没问题|不客气|"
    r"行|可以|对|是的|明白|知道了|了解|我明白|我知道了|我懂了|太好了|真好|真棒|不错|我也是|同意|我同意|辛苦了)"
    r"[啊呀了吧呢！!。，,~～]*$"
)
_ABOUT_SOMEONE_ZH = re.compile(r"我|咱们|咱家|家里|[A-Za-z0-9]")
_MIN_WORDS_EN = 3
_MIN_CHARS_ZH = 4


def is_statement(clause: str) -> bool:
    """Whether a clause states something about someone (a belief's raw
    material), not a question, greeting, thanks, request or reaction."""
    text = clause.strip()
    if not text:
        return False
    if is_cjk(text):
        body = text.strip("。！!，, ")
        return (
            len(re.findall(r"[\u4e00-\u9fff]", body)) >= _MIN_CHARS_ZH
            and not _QUESTION_ZH.search(body)
            and not _REQUEST_ZH.match(body)
            and not _SMALL_TALK_ZH.match(body)
            and bool(_ABOUT_SOMEONE_ZH.search(body) or ends(body) or moved_on(body))
        )
    if text.rstrip().endswith("?"):
        return False
    body = _VOCATIVE.sub("", _LEAD_EN.sub("", text).strip(" .!"))
    if len(body.split()) < _MIN_WORDS_EN:
        return False
    if _QUESTION_EN.match(body) or _REQUEST_EN.match(body) or _SMALL_TALK_EN.match(body):
        return False
    body = _VOCATIVE.sub("", body)
    first = body.split()[0].lower().rstrip(",")
    if _ADDRESSED_EN.match(body) or first in _IMPERATIVE or first in _NO_ONE or _SECOND_PERSON.search(body):
        return False
    if (first.endswith("ing") and first not in ("going",)) or _COMMON_GROUND.search(body) or _REACTION.search(body):
        return False  # "Finding balance is crucial", "we can all ...", "I couldn't agree more"
    words = body.rstrip(" .!").split()
    if not _has_verb(words):
        return False  # "The Minnesota Wolves.": an answer's fragment, not a statement
    if (first in _SUBORDINATE and len(words) <= 5) or (len(words) <= 6 and words[-1].lower() in _PRO_FORMS):
        return False  # "Since we chatted last", "I'm hoping so", "I can do this", "I definitely will"
    return _ABOUT_SOMEONE_EN.search(body) is not None


_AUX = frozenset(
    [
        "i'm",
        "i've",
        "i'd",
        "i'll",
        "we're",
        "we've",
        "we'll",
        "am",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "has",
        "have",
        "had",
        "do",
        "does",
        "did",
        "can",
        "could",
        "will",
        "would",
        "shall",
        "should",
        "may",
        "might",
        "must",
        "'s",
        "'re",
        "'m",
        "got",
        "get",
        "gets",
        "went",
        "go",
        "goes",
        "made",
        "make",
        "makes",
    ]
)


def _has_verb(words: list[str]) -> bool:
    """A finite verb somewhere after the first word (or an auxiliary anywhere)."""
    low = [w.lower().strip(",;:") for w in words]
    if low and low[0] in ("i", "we") and len(low) > 1:  # "I practise piano ...": the next word is the verb
        return True
    if any(w in _AUX or ("'" in w and w.split("'")[-1] in ("m", "s", "re", "ve", "ll", "d")) for w in low):
        return True
    return any(w.endswith(("ed", "s")) and len(w) > 3 and raw[:1].islower() for w, raw in zip(low[1:], words[1:]))


def generic_findings(clause: str, speaker: Speaker, said_at: datetime) -> list[Finding]:
    """One generic fact for a statement clause; [] for anything else."""
    if not is_statement(clause):
        return []
    zh = is_cjk(clause)
    body = clause.strip().rstrip("。.!！ ") if zh else _LEAD_EN.sub("", clause.strip()).rstrip(" .!")
    if not zh:
        body = body[:1].upper() + body[1:]
    mention = find_time(body, said_at)
    statement = body
    if mention is not None:
        statement = statement.replace(mention.phrase, mention.resolved, 1)
    statement = (
        third_person_zh(statement, speaker.zh_label) + "。" if zh else third_person(statement, speaker.label) + "."
    )
    turned = _ABOUT_POSSESSED.match(body)  # "Priya is my manager" is about the manager
    other = subject_of(f"{turned.group(2)} is {turned.group(1)}" if turned else body)
    subject = speaker.key if other is None else f"{speaker.key}:{other}"
    key = _predicate_key(statement)
    if not key:
        return []
    change = has_change_cue(clause)
    return [
        Finding(
            kind="fact",
            statement=statement,
            op="update" if change or negated(body) else "add",
            subject=subject,
            attribute=f"said:{key}",
            value=_value(body),
            rule="generic",
            value_type="text",
            valid_from=mention.when if mention is not None else None,
        )
    ]


_VALUE = re.compile(r"[$€£¥]?\d[\d,.:]*(?:\s?(?:%|am|pm|k))?|(?<!^)(?<![.!?]\s)\b[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*")
_ABOUT_POSSESSED = re.compile(r"^(.+?)\s+(?:is|are)\s+((?:my|our)\s+.+)$", re.IGNORECASE)
_KEY_STOP = frozenset(
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
    ]
)


def _value(body: str) -> str | None:
    """A value visible by its shape (number, version, capitalised name), else None."""
    found = [m.group(0) for m in _VALUE.finditer(body) if m.group(0) not in ("I", "I'm", "I've", "I'd", "I'll")]
    return found[-1].casefold() if found else None


def _predicate_key(statement: str) -> str:
    """The statement's content words in order, without values (numbers,
    names) and function words: "rent month" for "my rent is 1,200 a month"."""
    words = [
        t
        for t in core_tokens(statement)
        if t not in _KEY_STOP and t not in ("用", "户", "是") and not t[:1].isdigit() and t[:1] not in "$€£¥"
    ]
    names = {w.casefold() for w in re.findall(r"(?<!^)\b[A-Z][a-z]+", statement)} - {"the", "user"}
    words = [w for w in words if w not in names]
    return ("" if is_cjk(statement) else " ").join(dict.fromkeys(words))[:120]


def instruction_findings(sentence: str, speaker: Speaker, said_at: datetime) -> list[Finding]:
    """A message that reads as an instruction to the agent, kept as what it
    is (a request someone wrote), flagged, never as the fact it asserts."""
    text = " ".join(sentence.split())
    if is_cjk(text):
        statement = f"{speaker.zh_label}发了一条像是指令的消息：「{text}」"
    else:
        statement = f'{speaker.label} wrote an instruction-like message: "{text}"'
    return [
        Finding(
            kind="fact", statement=statement, subject=speaker.key, rule="instruction_like", flags=(INSTRUCTION_LIKE,)
        )
    ]


def said_key(statement: str) -> str | None:
    """The generic key (``said:<content words>``) of a statement in other
    words than the rules' own (an LLM extractor's), so both meet in reconcile."""
    key = _predicate_key(statement)
    return f"said:{key}" if key else None
