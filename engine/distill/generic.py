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

from ledgermind.distill.alignment import core_tokens, has_change_cue, negated
from ledgermind.distill.bare_corrections import BARE_CORRECTION, bare_correction, value_where_wrong_zh
from ledgermind.distill.chatter import chatter_kind
from ledgermind.distill.dates import find_time, with_date
from ledgermind.distill.findings import Finding, Speaker
from ledgermind.distill.flags import INSTRUCTION_LIKE
from ledgermind.distill.frames import RELATIONS_EN, RELATIONS_ZH, is_occupation, subject_of
from ledgermind.distill.person import third_person, third_person_zh
from ledgermind.distill.statements import done_to_mine, ended_first, is_statement, speaker_dropped_zh, strip_lead
from ledgermind.distill.text import emoji_trimmed, first_lowered, is_cjk

__all__ = [
    "bare_correction_findings",
    "contrast",
    "correction_findings",
    "ending_restored",
    "generic_findings",
    "habit_restored",
    "instruction_findings",
    "number_denied",
    "pet_restored",
    "said_key",
    "slip_explained_cut",
]

# A contrastive correction: the right value, then the wrong one denied
# ("it's the Apollo team, not Atlas", "是芒果，不是花生").
_CONTRAST_EN = re.compile(
    r"\b(?:it's|it is|it was|that's|that is|that was|is|was|are|were|am|'s|'re|'m)\s+(?P<new>[^,;]+?),?\s+"
    # the denied value is a short noun phrase: not a verb's negation ("we are not alone in
    # this fight ..."), not a gerund ("disheartening not knowing why ...")
    r"not\s+(?!\w+ing\b)(?P<old>[^,;.!?\s]+(?:\s+[^,;.!?\s]+){0,3})\s*[.!]?$",
    re.IGNORECASE,
)
# A field of work said in "-ing", put right ("I'm actually in fundraising, not marketing"): nouns,
# which ``_CONTRAST_EN`` leaves alone as gerunds
_FIELD_CONTRAST_EN = re.compile(
    r"\b(?:'m|am|is|are|'re|work|works)\s+(?:actually\s+|really\s+)?in\s+(?P<new>\w+ing),?\s+not\s+(?:in\s+)?"
    r"(?P<old>\w+ing)\s*[.!]?$",
    re.IGNORECASE,
)
# (the slip owned after it: "……是周四，不是周二，我看错了")
_CONTRAST_ZH = re.compile(
    r"(?P<new>[^，,。；]+?)[，,]\s*(?:而)?不是(?P<old>[^，,。！；]+?)"
    r"(?:[，,]\s*(?:我|是我)?(?:看错|说错|记错|打错|搞错|写错|算错|搞混|记混|弄错)了?"
    # ... or what the wrong one really is ("……，不是石头，石头是同事推荐的")
    r"|[，,]\s*(?P=old)(?:是|才是|那是)(?!我的|我家的|我用的)[^。！!]*)?[。！!]?$"
)
# ... said with "是" and no comma before the denial ("说错了，是番禺不是天河，天河是公司那边")
_CONTRAST_IS_ZH = re.compile(
    r"(?:^|[，,]\s*)是(?P<new>[^，,。；不是]{1,12}?)(?:而)?不是(?P<old>[^，,。！；]+?)"
    r"(?:[，,]\s*(?P=old)(?:是|才是|那是)(?!我的|我家的|我用的)[^。！!]*)?[。！!]?$"
)
_AUXILIARY = frozenset(
    ["am", "is", "are", "was", "were", "do", "does", "did", "can", "has", "had", "have", "will", "would", "could"]
)
_DETERMINER = re.compile(r"^(?:the|a|an|my|our)\s+", re.IGNORECASE)
# What a denied value never opens with, nor a right value is alone: an adverb or a verb. "It's
# just not right", "... is so important - even if it's not always easy", "about the journey,
# not just winning", "products I might not have found": how or whether is negated, no value.
_NO_VALUE_EN = frozenset(
    [
        *("just", "always", "only", "really", "even", "exactly", "necessarily", "quite", "very", "so", "too"),
        *("all", "yet", "ever", "much", "that", "as", "have", "be", "been", "had", "sure", "easy", "right"),
    ]
)
_LONGEST_VALUE = 6  # words: a right value is a noun phrase, not a clause ("such a blessing to have family who ...")


# "its" and "im" as chat types "it's" and "I'm"
_APOSTROPHE_DROPPED = re.compile(r"\b(its|im)\b(?=\s+\w)", re.IGNORECASE)
# The wrong value said to be harmless after the right one ("it's pecans I'm allergic to, walnuts
# are totally fine"): the same as "not walnuts"
_FINE_AFTER = re.compile(
    r"^(?P<head>\bit's\s[\w' -]{1,30}?\s(?:that\s+)?(?:(?:i'm|i am)\s+(?:allergic|intolerant|sensitive)|"
    r"i\s+(?:can't|cannot|can not|don't|shouldn't)\s+(?:have|eat|drink|take|tolerate))\b[^,]*),\s+"
    r"(?P<old>[\w' -]{1,30}?)(?:\s+(?:is|are)|'s|'re)\s+"
    r"(?:totally\s+|perfectly\s+|actually\s+|completely\s+|all\s+|just\s+)?(?:fine|ok|okay|safe|no problem)\b.*$",
    re.IGNORECASE,
)


def _fine_as_not(clause: str) -> str:
    m = _FINE_AFTER.search(clause.strip())
    return f"{m.group('head')}, not {m.group('old')}" if m else clause


def contrast(clause: str) -> tuple[str, str] | None:
    """(right value, wrong value) of a contrastive correction, else None."""
    if not is_cjk(clause):
        clause = _fine_as_not(_APOSTROPHE_DROPPED.sub(lambda m: m.group(1)[:-1] + "'" + m.group(1)[-1], clause))
    m = (_CONTRAST_ZH if is_cjk(clause) else _CONTRAST_EN).search(clause.strip())
    m = m or (_CONTRAST_IS_ZH.search(clause.strip()) if is_cjk(clause) else None)
    m = m or (None if is_cjk(clause) else _FIELD_CONTRAST_EN.search(clause.strip()))
    if m is None:
        return None
    new, old = m.group("new").strip(), m.group("old").strip()
    # "not an HCA anymore": the value denied, not how long
    old = re.sub(r"\s+(?:anymore|any more|now|either|though|tho|lol|haha)$", "", old, flags=re.IGNORECASE)
    # "I'm actually in payroll, not HR": the value, not how it is said, nor the place word the
    # wrong value is said after too
    new = re.sub(r"^(?:actually|really|just|now)\s+", "", new, flags=re.IGNORECASE)
    if not is_cjk(clause):
        new = re.sub(r"^(?:in|at|on|with|for)\s+(?=\S)", "", new, flags=re.IGNORECASE)
    if is_cjk(clause):
        # "我儿子今年9岁，不是8岁": the right value is what stands where the wrong one would
        # (an amount of the wrong one's unit), not the whole clause before it
        new = value_where_wrong_zh(new, old) or new
    if not is_cjk(clause) and new.split()[-1].lower() in _AUXILIARY:
        return None  # "... we are not alone": the verb negated, no value denied
    if not is_cjk(clause):
        if old.split()[0].lower() in _NO_VALUE_EN or len(new.split()) > _LONGEST_VALUE:
            return None
        cleft = re.match(
            r"(\S+(?:\s+\S+)?)\s+(?:that\s+)?(?:i'm|i am|i|we're|we)\s+(?:allergic|intolerant|react|married|dating|"
            r"(?:can't|cannot|don't|shouldn't) (?:have|eat|drink|take|tolerate)|"
            r"seeing|studying|learning|using|taking|on|in|at|with|called|named"
            # ... or any verb of what is done, said last ("it's soap we sell", "it's Spanish I teach")
            r"|(?!(?:think|guess|mean|meant|know|hope|suppose|reckon|bet|feel|said|say|was|were)\b)[a-z]{3,}(?<!ing)"
            r"(?:\s+(?:now|these days|nowadays))?$)\b(?![^,]*\b(?:tonight|today|tomorrow|next|someday))",
            new,
            re.I,
        )
        said_cleft = re.match(r"it(?:'s| is| was)\s", m.group(0), re.I) is not None
        if said_cleft and cleft is None and re.search(r"\s(?:i'm|i am|i|we're|we)\s+\w", new, re.I):
            return None  # "it's pizza I'm craving tonight, not pasta": what is done now, no value put right
        cleft = cleft if said_cleft else None
        new = cleft.group(1) if cleft else new  # "it's codeine I'm allergic to, not sulfa": the value put first
        names = [
            n for n in re.findall(r"\b[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*", new) if not re.fullmatch(r"I(?:'\w+)?", n)
        ]
        new = names[-1] if names else _DETERMINER.sub("", new)
        old = _DETERMINER.sub("", old)
        if new.lower() in _NO_VALUE_EN:
            return None
    return (new, old) if new and old and new.casefold() != old.casefold() else None


# A number put right beside the one it denies, mid-clause ("he turned 9 not 7", "i'm 43 not 34
# lol i always flip those digits"): both numbers, so no verb's negation ("I'm 3 not
# going ...") and no other kind of word is read as a denied value; what is said after the
# denied number is the slip explained, no part of the fact.
_NUMBER_DENIED_EN = re.compile(
    r"(?P<new>(?<![\w.,])\d[\d,.]*(?:st|nd|rd|th)?)\s*,?\s+not\s+(?P<old>\d[\d,.]*(?:st|nd|rd|th)?)\b[.!]*"
    r"(?P<after>(?:\s*(?:lol|lmao|haha|oops|sorry|my bad)\b.*)?)$",
    re.IGNORECASE,
)


_SLIP_SAID_EN = re.compile(
    r"\b(?:typo|sorry|oops|whoops|wait|my bad|correction|actually|i mean|i meant|mixed|mix|flip|flipped|swapped|"
    r"misspoke|mistyped|brain fart|wrong|correct (?:myself|that)|stand corrected|should(?:'ve| have) said)\b",
    re.IGNORECASE,
)


def number_denied(clause: str, sentence: str) -> tuple[str, str | None]:
    """The clause with a number denied beside the right one cut, and that number; the clause and
    None when there is none, or when the sentence says no slip ("my sister is 29 not 30 lol")."""
    if is_cjk(clause) or not _SLIP_SAID_EN.search(sentence):
        return clause, None
    m = _NUMBER_DENIED_EN.search(clause)
    if m is None or contrast(clause) is not None:  # "it's june 2026, not 27": the contrast reads it whole
        return clause, None
    if m.group("new").rstrip(".,") == m.group("old").rstrip(".,"):
        return clause, None
    return clause[: m.start()] + m.group("new"), m.group("old").rstrip(".,")


# A denied value, then what the slip was, after a comma ("it's a half marathon, not a 10k, sorry,
# completely different plan", "she's Pepa not Pepper, the kids named her ...").
_DENIAL_THEN_TAIL_EN = re.compile(r"^(?P<head>.*?\bnot\s+[^,;.!?—–]{1,30}?)\s*[,;—–]\s+(?P<tail>.+)$", re.IGNORECASE)


def slip_explained_cut(clause: str, sentence: str) -> str:
    """The clause without what is said after a value it denies, where the sentence owns a slip
    and the tail denies nothing more: how the slip came about, no part of the value put right.
    The clause as said otherwise (a tail joined by "and" goes on telling)."""
    if is_cjk(clause) or not _SLIP_SAID_EN.search(sentence):
        return clause
    m = _DENIAL_THEN_TAIL_EN.match(clause.strip())
    if m is None or re.search(r"\bnot\b|^and\b", m.group("tail"), re.IGNORECASE):
        return clause
    head = m.group("head")
    said = contrast(strip_lead(head)) is not None or _NUMBER_DENIED_EN.search(head) is not None
    return head if said else clause


def correction_findings(clause: str, speaker: Speaker) -> list[Finding]:
    """A contrastive correction no frame read, as a bare correction: the
    belief that says the wrong value is corrected to the right one (``reconcile``).
    One that gives only the value ("actually it's at 11 am", ``bare_corrections``)
    carries its shape, by which ``reconcile`` finds the belief it corrects."""
    found = contrast(strip_lead(clause))
    if found is None:
        return bare_correction_findings(clause, speaker, whole=False)
    new, old = found
    said = strip_lead(clause.strip()).rstrip("。.!！ ")
    # (written as a note, should no belief hold the wrong value: "The user is ...", not "I'm ...")
    statement = (
        third_person_zh(said, speaker.zh_label) + "。" if is_cjk(said) else third_person(said, speaker.label) + "."
    )
    return [
        Finding(
            kind="fact",
            statement=statement[:1].upper() + statement[1:],
            op="update",
            subject=speaker.key,
            value=new,
            rule="correction",
            value_type="name",
            replaces=old,
        )
    ]


def bare_correction_findings(text: str, speaker: Speaker, whole: bool = True) -> list[Finding]:
    """A correction that gives only the right value (``bare_corrections``), as
    a finding with the value's shape; [] when the text is not one, nor when it is
    talk about the talk ("Just saw your message, sorry!": an apology, no slip)."""
    kind = None if is_cjk(text) else chatter_kind(strip_lead(text.strip()))
    if kind is not None and not (kind == "fragment" and re.search(r"\d", text)):
        return []  # (a number said alone after the formula is the value: "Sorry, 12 years.")
    bare = bare_correction(text, whole)
    if bare is None:
        return []
    said = text.strip()
    if bare.rest:  # the correction alone: what is told after it is read as said (``told_after_correction``)
        said = said[: said.rfind(bare.rest)].rstrip(" ,;—–-")
    return [
        Finding(
            kind="fact",
            statement=said,
            op="update",
            subject=speaker.key,
            value=bare.value,
            rule=BARE_CORRECTION,
            value_type=bare.shape,
            replaces=bare.wrong,
        )
    ]


# An amount moved, said alone in Chinese ("现在涨到200了", "降到3.5了")
_AMOUNT_MOVED_ALONE_ZH = re.compile(
    r"^(?:现在|目前|最近|这个?月|今年|又|已经|都|也|才)*(?:涨|降|升|减|加|调|提)了?(?:到|至|成)了?\s*\d"
)
# ... or only the amount it is now ("现在58了", "目前是3.5"), not the hour ("现在12点了")
_AMOUNT_NOW_ALONE_ZH = re.compile(
    r"^(?:现在|目前|如今)(?:是|已经|都|才|只有)?\s*\d[\d.]*(?:斤|公斤|kg|块|万|k|岁|%)?了?[!！~～]*$"
)
# A statement whose only content word says where or how far along the speaker is right now.
_WHERE_JUST_NOW = frozenset(["out", "close", "here", "there"])


def generic_findings(clause: str, speaker: Speaker, said_at: datetime) -> list[Finding]:
    """One generic fact for a statement clause; [] for anything else."""
    clause = _speaker_restored(clause)
    if not is_statement(clause):
        return []
    zh = is_cjk(clause)
    body = strip_lead(clause.strip()).rstrip("。.!！ ")
    if not zh:
        body = body[:1].upper() + body[1:]
    mention = find_time(body, said_at)
    statement = body
    if mention is not None:
        statement = with_date(statement, mention)
    if zh and speaker_dropped_zh(body):  # "国庆打算去云南玩": whose plan, the note says
        statement = speaker.zh_label + statement
    statement = (
        third_person_zh(statement, speaker.zh_label) + "。" if zh else third_person(statement, speaker.label) + "."
    )
    turned = _ABOUT_POSSESSED.match(body)  # "Priya is my manager" is about the manager
    # "They moved my yoga class": "they" did it, the class is the speaker's
    other = None if done_to_mine(body) else subject_of(f"{turned.group(2)} is {turned.group(1)}" if turned else body)
    subject = speaker.key if other is None else f"{speaker.key}:{other}"
    called = _CALLED_ZH.search(body) if zh else None  # "我家狗叫豆豆": the name is the value
    key = _predicate_key(statement.replace(called.group("name"), "") if called else statement)
    if not key and zh and (_AMOUNT_MOVED_ALONE_ZH.match(body) or _AMOUNT_NOW_ALONE_ZH.match(emoji_trimmed(body))):
        key = "amount moved"  # "现在涨到200了": the amount of the thing said before, moved; kept, not lost
    if not key or key in _WHERE_JUST_NOW:
        return []  # "I was out", "I'm close", "I'm here": where the speaker is this minute, no fact
    change = has_change_cue(clause)
    return [
        Finding(
            kind="fact",
            statement=statement,
            op="update" if change or negated(body) else "add",
            subject=subject,
            attribute=f"said:{key}",
            value=called.group("name") if called else _value(body.replace(mention.phrase, " ") if mention else body),
            rule="generic",
            value_type="text",
            valid_from=mention.when if mention is not None else None,
        )
    ]


# A Chinese clause that opens with one of the speaker's people ("儿子住校", "老公在银行上班"):
# the 我 before a kin word is dropped in speech, the clause is still about the speaker's own.
# Two-character words only: a one-character one opens exclamations too ("妈呀").
# (with the words for one's own child, said bare: "孩子在上小班" is the speaker's child)
_OPENS_WITH_RELATION_ZH = re.compile(
    "^(?:" + "|".join(w for w in RELATIONS_ZH.split("|") if len(w) > 1) + "|孩子|宝宝|大宝|二宝|小宝)"
)


# The same in English chat ("daughter switched daycares", "husband's home early"): one
# person named by a bare relation word, then their verb. Plural words ("kids", "parents")
# open general statements too, and stay as they are.
_OPENS_WITH_RELATION_EN = re.compile(
    r"^(?:" + "|".join(w for w in RELATIONS_EN.split("|") if not w.endswith("s")) + r")(?:'s)?\s+"
    r"(?=(?:is|was|has|had|got|just|finally|\w+ed|\w+s)\b)",
    re.IGNORECASE,
)


# The speaker's people as chat names them, with no "my": "hubby", "wifey", "the kids", "the wife".
_OWN_PEOPLE_EN = re.compile(
    r"^(?:the\s+(?=(?:wife|husband|hubby|kids|missus)\b)|(?=(?:hubby|wifey)\b))"
    r"(?P<who>wife|husband|hubby|kids|missus|wifey)\b"
    # what they do or did, not what they will ("the kids are going to love it": anyone's kids)
    r"(?!\s+(?:are|is|'re)\s+going\s+to\b|\s+(?:will|would|might|must|gonna)\b)"
    r"(?=\s+(?:(?:is|are|was|were|has|have|had|just|both|all|still|now)\b|\w+s\b|\w+ed\b))",
    re.IGNORECASE,
)


# A habit not kept up, its subject dropped ("haven't volunteered in months honestly")
_LAPSED = re.compile(
    r"(?:haven't|have not)\s+(?:really\s+|actually\s+)?[a-z]{3,}ed\b(?=.*\b(?:in|for)\s+(?:months|weeks|years|ages|a while))",
    re.IGNORECASE,
)


# A habit said with its "I" dropped, as chat drops it: a word of how often, then the verb or
# the state ("usually grocery shop at aldi", "always up at 6"), or a side line of work ("run a
# small etsy shop on the side"); not an order to the assistant, which names no habit.
_HABIT_FIRST_EN = re.compile(
    r"^(?:(?:always|usually|normally|generally|typically|mostly|often)\s+"
    r"(?:go|get|take|eat|drink|cook|walk|run|cycle|bike|drive|work|study|read|watch|play|sleep|wake|shop|grocery|buy|"
    r"order|use|have|do|make|call|visit|see|spend|pay|train|swim|meet|leave|start|finish|skip|bring|pick|drop|"
    r"commute|listen|write|practi[cs]e|head|hang|up|awake|asleep|in\s+bed|home|busy|off)\b"
    r"|(?:run|own|teach|coach|tutor|freelance|volunteer|work)\s+(?:a|an|some|as|at|in|for)\b"
    r"(?=.*\b(?:on the side|for a living|part[- ]time|full[- ]time|every|each|on weekends|at weekends)\b))",
    re.IGNORECASE,
)


# An aim of the speaker's with its "I'm" dropped, something counted in it ("trying to put away
# $300 a month for a car", "saving up 200 a week for the trip"): what they do, not a wish in the air
_AIMING_FIRST_EN = re.compile(
    r"^(?:(?:still|currently|now)\s+)?(?:trying|aiming|saving up|saving|putting away|paying off)\b(?=.*\d)",
    re.IGNORECASE,
)
# What the speaker does now, said after what they did, "I'm" dropped ("..., now living in Austin")
_NOW_DOING_FIRST_EN = re.compile(
    r"^(?:now|nowadays|these days)\s+(?:living|working|studying|based|renting|teaching)\b", re.IGNORECASE
)
# A doing of the speaker's as it is these days, "I'm" dropped ("doing keto", "learning
# japanese on duolingo", "training for a half"): a verb of a practice with its object after it
_DOING_FIRST_EN = re.compile(
    r"^(?:(?:still|currently|now|mostly|also)\s+)?(?:doing|running|learning|studying|training|taking|following|"
    r"practi[cs]ing|tutoring|coaching|teaching|renting|driving|cycling|swimming|lifting)\s+"
    r"(?!(?:it|that|this|them|you|late|behind|out of|low|around)\b)\w",
    re.IGNORECASE,
)
# A finite verb after a doing said first makes the doing a subject ("running helps me think")
_FINITE_AFTER_EN = re.compile(
    r"\b(?:is|are|was|were|has|have|had|can|could|will|would|should|makes?|helps?|keeps?|gives?|feels?|"
    r"seems?|sounds?|looks?|takes?|costs?|means?|gets?|brings?|fascinates|inspires|excites|amazes|interests|"
    r"bores|scares|relaxes|calms|motivates|matters|sucks|rocks|hurts|pays|beats|requires|involves|needs|"
    r"reminds|lets|allows|becomes)\b|\b\w+n['’]t\b|\?",
    re.IGNORECASE,
)
# A new role of the speaker's with its "I" dropped ("starting monday as a receptionist at a
# dental office", "started last week as a line cook"): the work they take, not a plan in the air.
_ROLE_TAKEN_FIRST_EN = re.compile(
    r"^(?:(?:and|so|now)\s+)?(?P<verb>starting|started|start)\s+(?:(?:on\s+|this\s+|next\s+|last\s+)?"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day\s+|tomorrow\s+|next\s+(?:week|month)\s+|last\s+(?:week|month)\s+)?"
    r"as\s+(?:a|an)\s+(?P<role>[\w -]{2,40}?)(?=\s+(?:at|with|for|in)\b|[,.!]|$)",
    re.IGNORECASE,
)
# ... and not when the sentence goes on to say who ("guess who is engaged lol, my best friend Jess")
_SOMEONE_AFTER = re.compile(r"\.\.\.|…|\b(?:my|his|her|their|our)\b|(?-i:[A-Z])[a-z]+", re.IGNORECASE)
_GUESS_WHO = re.compile(
    r"^(?:(?:lol|haha|omg|so|ok|okay)[,!\s]+)*guess\s+who(?:'s|\s+is)\s+"
    r"(?=(?:(?:finally|officially|now)\s+)?(?:engaged|married|pregnant|expecting|retired|retiring|promoted|hired|single|"
    r"sober|moving)\b(?![^.…]*(?:\.\.\.|…|\b(?:my|his|her|their|our)\b|,\s*\w)))",
    re.IGNORECASE,
)


def habit_restored(clause: str, sentence: str = "") -> str:
    """A habit said with its "I" dropped, with it put back ("usually grocery shop on sunday
    mornings" -> "I usually ...", "always up at 6" -> "I'm always up at 6"); the clause as
    it is otherwise. Read before the frames, which take their statement from the clause."""
    text = clause.strip()
    guess = _GUESS_WHO.match(text)
    rest = sentence[sentence.find(text) + len(text) :] if text in sentence else ""
    if guess is not None and not _SOMEONE_AFTER.search(rest):  # "guess who's engaged 💍": the speaker's news
        return "I'm " + text[guess.end() :]
    role = _ROLE_TAKEN_FIRST_EN.match(text)
    if role is not None and is_occupation(
        role.group("role")
    ):  # "starting monday as a receptionist": the speaker's new work, "I'm" dropped
        verb = role.group("verb").lower()
        said = text[role.start("verb") :]
        return ("I'm " if verb == "starting" else "I ") + first_lowered(said)
    if _AIMING_FIRST_EN.match(text):  # "trying to put away $300 a month": the speaker's aim, "I'm" dropped
        return "I'm " + first_lowered(text)
    if _NOW_DOING_FIRST_EN.match(text):  # "now living in Austin with my partner": the speaker, "I'm" dropped
        return "I'm " + first_lowered(text)
    if _DOING_FIRST_EN.match(text) and not _FINITE_AFTER_EN.search(text):
        # "doing strict keto, under 20g carbs a day", "running roughly 20k a week atm": what the
        # speaker is doing, "I'm" dropped (not "running helps me think": the doing is a subject)
        return "I'm " + first_lowered(text)
    if is_cjk(text) or not _HABIT_FIRST_EN.match(text):
        return clause
    state = re.match(r"\w+\s+(?:up|awake|asleep|in bed|home|busy|off)\b", text, re.IGNORECASE)
    return ("I'm " if state else "I ") + first_lowered(text)


# The speaker's pet as chat names it, with no "my" ("the dog's called rolo", "the cat has
# kidney disease"): its verb right after, so "the dog at the park" is anyone's.
_OWN_PET_EN = re.compile(
    r"^the\s+(?P<who>dog|dogs|cat|cats|puppy|kitten|pup|bunny|rabbit|hamster|parrot|tortoise)"
    r"(?='s\s+(?:called|named|a|an|\d)|\s+(?:is|'s)\s+(?:called|named|\d+|a|an|old|sick|getting|on)\b"
    r"|\s+(?:has|had|got)\s+(?:a|an|his|her|its|kidney|arthritis|diabetes|cancer|worms|fleas|allergies)\b)",
    re.IGNORECASE,
)


# An ending the speaker had someone else carry out ("finally got them to cancel my membership",
# "had the bank close my old account", "got my contract terminated"): the speaker's own ending.
# Only the speaker's whole membership, account, subscription or contract, said as the clause's end
# (not "my dad's account", "my membership fee", "my old savings account", "my membership at the pool").
_WHOLE_THING = (
    r"(?:my|our)\s+(?!(?:\w+'s|joint|old|other|second|business|savings|checking|work|kid's|son's|daughter's)\b)"
    r"(?:[a-z-]+\s+)?(?:membership|account|subscription|contract|plan|lease|policy)"
)
_HAD_ENDED_EN = re.compile(
    r"^(?:(?:finally|just|so|ok|okay|and)\s+)*(?:i\s+)?(?:got|had)\s+(?:them|him|her|the\s+\w+|someone|(?!to\b)\w+)\s+(?:to\s+)?"
    r"(?P<verb>cancel|close|end|terminate|stop|shut down)\s+(?P<what>" + _WHOLE_THING + r")"
    r"(?P<tail>(?:\s+(?:lol|finally|at last|for good|last week|yesterday|today))*[.!]*)$"
    r"|^(?:(?:finally|just|so|ok|okay|and)\s+)*(?:i\s+)?got\s+(?P<what2>" + _WHOLE_THING + r")\s+"
    r"(?P<verb2>cancell?ed|closed|terminated|shut down)\b(?P<rest>(?:\s+(?:lol|finally|at last|for good|last week|yesterday|today))*[.!]*)$",
    re.IGNORECASE,
)
_PAST_OF = {
    **{"cancel": "cancelled", "close": "closed", "end": "ended", "terminate": "terminated", "stop": "stopped"},
    **{"shelve": "shelved", "scrap": "scrapped", "drop": "dropped", "quit": "quit", "sell": "sold", "ditch": "ditched"},
    **{"abandon": "abandoned", "give up": "gave up", "give up on": "gave up on"},
}
# An ending decided, its "I" often dropped ("eh decided to shelve the recipe app for good"):
# what was decided is done, as "shelved the recipe app for good" says it (not "decided to stop
# by the store": an ending verb with a thing of the speaker's after it, not a place)
_DECIDED_ENDING_EN = re.compile(
    r"^(?:(?:eh|so|ok|okay|well|yeah|finally|just)[,\s]+)*(?:i\s+)?(?:finally\s+)?(?:decided|made the call|chose)\s+to\s+"
    r"(?P<verb>shelve|scrap|drop|quit|sell|ditch|abandon|give up on|give up|cancel|close)\s+"
    r"(?P<what>(?:the|my|our|that)\s+.+)$",
    re.IGNORECASE,
)


def ending_restored(clause: str) -> str:
    """An ending said as something else, as the speaker's own: carried out by others ("finally
    got them to cancel my membership" -> "I cancelled my membership") or decided ("decided to
    shelve the recipe app for good" -> "I shelved the recipe app for good"); the clause as it is
    otherwise."""
    decided = None if is_cjk(clause) else _DECIDED_ENDING_EN.match(clause.strip())
    if decided is not None:
        return f"I {_PAST_OF[decided.group('verb').lower()]} {decided.group('what')}"
    m = None if is_cjk(clause) else _HAD_ENDED_EN.match(clause.strip())
    if m is None:
        return clause
    if m.group("verb"):
        verb = m.group("verb").lower()
        return f"I {_PAST_OF.get(verb, 'shut down')} {m.group('what')}{m.group('tail')}"
    return f"I {m.group('verb2').lower()} {m.group('what2')}{m.group('rest')}"


def pet_restored(clause: str) -> str:
    """The speaker's pet named as "the dog" with its "my" put back ("the dog's called rolo" ->
    "my dog's called rolo"); the clause as it is otherwise. Read before the frames."""
    own = None if is_cjk(clause) else _OWN_PET_EN.match(clause.strip())
    return clause if own is None else "my " + clause.strip()[own.start("who") :]


def _speaker_restored(clause: str) -> str:
    """The clause with the speaker's dropped 我 / "my" put back before an opening kin word,
    and their "I'm" before an ending said alone ("No longer a member at Planet Fitness")."""
    text = clause.strip()
    if is_cjk(text):
        if re.match("新", text) and _OPENS_WITH_RELATION_ZH.match(text[1:]):
            return "我" + text[1:]  # "新老板是刘总": the speaker's boss, another one now
        return "我" + text if _OPENS_WITH_RELATION_ZH.match(text) else clause
    if re.match(r"(?:favou?rite|usual|main|go-to)\s+\w+(?:\s+\w+)?\s+(?:is|are)\s", text, re.IGNORECASE):
        return "my " + text  # "favourite tea is earl grey": the speaker's, "my" dropped
    origin = _ORIGIN_FIRST_EN.match(text)
    if origin is not None:  # "Born and raised in Manila", "originally from Lagos": the speaker's, "I" dropped
        said = first_lowered(text)
        return ("I'm " if origin.group("from") else "I " if origin.group("grew") else "I was ") + said
    if re.match(r"no longer\s+(?:a|an|at|with|in|on)\b", text, re.IGNORECASE):  # "No longer a member at ..."
        return "I'm n" + text[1:]
    if re.match(r"(?:don't|do not|haven't)\s+(?:have|go|take|use|own)\b", text, re.IGNORECASE) or _LAPSED.match(text):
        # "Don't have the gym membership anymore", "haven't volunteered in months"
        return "I " + first_lowered(text)
    if _HABIT_FIRST_EN.match(text):
        return habit_restored(text)
    if re.fullmatch(r"(?:(?:just|finally|already|officially)\s+)?(?:quit|unsubscribed|cancell?ed)[.!]*", text, re.I):
        return "I " + first_lowered(text)  # "unsubscribed": the speaker's ending, of what was said last
    if ended_first(text):  # "unsubscribed from netflix": the speaker's ending, "I" dropped
        return "I " + first_lowered(text)
    if re.match(
        r"been\s+(?:(?:a|an)\s+[\w-]+(?:\s+[\w-]+)?\s+(?:for|since)\b|(?:on|doing|working|living|using|vegan|vegetarian)\b)",
        text,
        re.IGNORECASE,
    ):
        return "I've " + text  # "been a chippy for yonks": the speaker's, "I've" dropped
    if _COUPLED_FIRST_EN.match(text):  # "engaged to Marcus, wedding's in October": the speaker's, "I'm" dropped
        return "I'm " + first_lowered(text)
    changed = _CHANGED_FIRST_EN.match(text)
    if changed is not None:  # "jumped ship to giffgaff", "signed for a place in Leith": the speaker's change
        return text[: changed.start("verb")] + "I " + text[changed.start("verb") :]
    own = _OWN_PEOPLE_EN.match(text)
    if own is not None:  # "hubby works in IT", "the kids are both in soccer": the speaker's own
        return "my " + text[own.start("who") :]
    return "my " + text if _OPENS_WITH_RELATION_EN.match(text) else clause


# The speaker's partnership said with "I'm" dropped ("engaged to Marcus", "happily married to Dan")
_COUPLED_FIRST_EN = re.compile(
    r"^(?:(?:happily|newly|recently|just)\s+)?(?:engaged|married|divorced|separated)\s+(?:to|from)\s+(?-i:[A-Z])\w",
    re.IGNORECASE,
)
# A change of the speaker's own life told with "I" dropped, as chat drops it ("jumped ship to
# giffgaff", "signed for a place in Marrickville", "got promoted in May"): a past verb of a
# change, never one done to someone named after it ("moved him to ...")
_CHANGED_FIRST_EN = re.compile(
    r"^(?:(?:so|and|but|ok|okay|well|finally|just|already|officially|anyway|also|eventually)[,\s]+)*"
    r"(?P<verb>(?:jumped ship|switched|moved|signed (?:for|up|with|on)|joined|transferred|upgraded|downgraded|"
    r"ported|handed (?:in|back)|packed up|swapped|traded in|started (?:at|a new|my new|working|uni|college)|"
    r"got (?:promoted|hired|laid off|let go|engaged|married|divorced|a new|the job|my)|bought|sold|quit|retired|"
    r"graduated|enrolled|remortgaged|relocated|shifted|gave up|cancell?ed|took up|landed|"
    # a way of working or living gone over to ("went fully remote last month", "went vegan in january")
    r"went (?:fully |full )?(?:remote|part[- ]time|full[- ]time|freelance|self[- ]employed|vegan|vegetarian|"
    r"pescatarian|sober|teetotal|hybrid|plant[- ]based|dairy[- ]free|gluten[- ]free|contract|solo))\b)"
    r"(?!\s+(?:him|her|them|you|it|that|this|out)\b)",
    re.IGNORECASE,
)
# Where the speaker comes from, said with its subject dropped, as chat drops it
_ORIGIN_FIRST_EN = re.compile(
    r"(?:(?P<born>born(?:\s+(?:and|&)\s+raised)?|raised)\s+(?:in|on)|(?P<grew>grew up)\s+(?:in|on)|"
    r"(?P<from>originally)\s+from)\s+\w",
    re.IGNORECASE,
)
# the English months, as a day with its month is written ("17 March")
_MONTHS_NAMED = "January|February|March|April|May|June|July|August|September|October|November|December"
_VALUE = re.compile(
    # a day with its month, one value ("17 March", "March 17th"), not the month alone
    r"\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:" + _MONTHS_NAMED + r")\b"
    r"|\b(?:" + _MONTHS_NAMED + r")\s+\d{1,2}(?:st|nd|rd|th)?\b(?![\d,])"
    r"|[$€£¥]?\d[\d,.:]*(?:\s?(?:%|(?:am|pm|k)\b))?|(?<!^)(?<![.!?]\s)\b[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*"
)
# A Chinese name given last ("我家狗叫豆豆", "我老板叫王强", "公司名字叫星辰科技"): the name said, not
# a word of what is named, so a later name of the same one is the same attribute's new value
_CALLED_ZH = re.compile(r"(?:叫做|名叫|叫|名字是|名字叫|姓)(?P<name>[\u4e00-\u9fffA-Za-z0-9·]{1,8})[。！!]?$")
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
        "their",  # the speaker's once named ("the user switched their database"), as "my"
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
    kept = [w for w in words if w not in names]
    if not kept and not is_cjk(statement):  # "I'm on Ozempic": the value is all it says, with its preposition
        kept = [t for t in core_tokens(statement) if t not in ("user", "assistant", "is")]
    return ("" if is_cjk(statement) else " ").join(dict.fromkeys(kept))[:120]


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
