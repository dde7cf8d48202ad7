"""First person to third person, so a statement stands on its own.

"I like hiking" said by Caroline is stored as "Caroline likes hiking": a
memory injected into another conversation months later must not say "I".
English verbs after "I" are conjugated with a small, explicit rule set
(modals and past forms stay, "have" -> "has", base forms get -s/-es).
Once the speaker is named, a possessive in the same sentence is "their"
("The user switched their database to Postgres", not "... the user's
database"), as a careful note-taker writes it.
"We" is the speaker speaking for a team or household: "We use Go 1.23"
said by Ken is "Ken uses Go 1.23" ("Ken and others use ..." read badly).
"""

from __future__ import annotations

import re

__all__ = [
    "INTRODUCED_ZH",
    "IRREGULAR_PAST",
    "RELATIONS_ZH_WORDS",
    "SEVERAL_PEOPLE",
    "pronoun_fits",
    "third_person",
    "third_person_zh",
]

IRREGULAR_PAST = frozenset(
    [
        "went",
        "got",
        "had",
        "took",
        "made",
        "saw",
        "met",
        "came",
        "gave",
        "found",
        "bought",
        "ran",
        "began",
        "felt",
        "left",
        "heard",
        "kept",
        "brought",
        "thought",
        "told",
        "won",
        "wrote",
        "spent",
        "sent",
        "sat",
        "built",
        "caught",
        "taught",
        "flew",
        "drove",
        "ate",
        "drank",
        "swam",
        "sang",
        "became",
        "did",
        "was",
        "were",
        "lost",
        "paid",
        "said",
        "fell",
        "held",
        "led",
        "rode",
        "sold",
        "stood",
        "understood",
        "woke",
        "wore",
        "threw",
        "knew",
        "grew",
        "chose",
        "forgot",
        "broke",
        "spoke",
        "hung",
        "hit",
        "put",
        "set",
        "read",
        "cut",
        "let",
        "shut",
        "quit",
        "meant",
        # the rest of the common irregular simple pasts, so none is conjugated as a present
        # ("I fought hard" -> "John fought hard", never "John foughts") or read as a state
        "fought",
        "sought",
        "slept",
        "swept",
        "dealt",
        "lent",
        "bent",
        "dreamt",
        "learnt",
        "burnt",
        "wept",
        "crept",
        "leapt",
        "knelt",
        "dug",
        "stuck",
        "struck",
        "clung",
        "flung",
        "swung",
        "stung",
        "spun",
        "shot",
        "fed",
        "fled",
        "sped",
        "lit",
        "forgave",
        "froze",
        "rose",
        "arose",
        "awoke",
        "stole",
        "swore",
        "tore",
        "drew",
        "blew",
        "shook",
        "mistook",
        "hid",
        "bit",
        "slid",
        "withdrew",
        "overcame",
        "overtook",
        "undertook",
        "spat",
        "rang",
        "sank",
        "shrank",
        "sprang",
        "strode",
        "shone",
        "strove",
        # the prefixed ones ("he outgrew the allergy", "I rebuilt the shed")
        "outgrew",
        "outran",
        "overslept",
        "overheard",
        "oversaw",
        "overthrew",
        "underwent",
        "upheld",
        "withheld",
        "foresaw",
        "forbade",
        "rebuilt",
        "rewrote",
        "retook",
        "redid",
        "misread",
        "mislaid",
        "split",
        "wed",
    ]
)
_KEEP = (
    frozenset(
        [
            "am",
            "was",
            "were",
            "did",
            "had",
            "can",
            "could",
            "will",
            "would",
            "should",
            "might",
            "must",
            "may",
            "shall",
            "used",
            "ought",
            "'m",
            "'ve",
            "'d",
            "'ll",
        ]
    )
    | IRREGULAR_PAST
)
_ADVERBS = frozenset(
    [
        "really",
        "also",
        "just",
        "always",
        "never",
        "usually",
        "often",
        "still",
        "now",
        "already",
        "recently",
        "finally",
        "sometimes",
        "only",
        "even",
        "actually",
        "definitely",
        "totally",
        "absolutely",
        "mostly",
        "rarely",
        "generally",
        "normally",
        "no",
        "longer",
        "last",  # "we last spoke": "Tim last spoke", not "Tim lasts spoke"
        "first",
        "once",
        "almost",
        "seldom",
    ]
)
_SPECIAL = {
    "am": "is",
    "have": "has",
    "do": "does",
    "don't": "doesn't",
    "go": "goes",
    "'m": "is",
    "'ve": "has",
    "were": "was",
    "are": "is",
    "wanna": "wants to",
    "gotta": "has to",
    "gonna": "is going to",
    "aren't": "isn't",
    "weren't": "wasn't",
    "haven't": "hasn't",
}
# First-person subject forms and the verb each stands for in the third person.
_SUBJECT_FORMS: dict[str, str | None] = {
    "i": None,
    "i'm": "is",
    "i've": "has",
    "i'd": "would",
    "i'll": "will",
    "we": None,
    "we're": "is",
    "we've": "has",
    "we'll": "will",
    "we'd": "would",
}
_CONJUNCTIONS = frozenset(["and", "but", "or"])
# Words after which "their" could be someone else's: another person spoken of.
_OTHER_PEOPLE = frozenset(["he", "she", "him", "her", "his", "hers", "they", "them", "their", "you", "your"])


# Present verbs that end as a past does ("we need", "we feed"): "agreed", "freed" are pasts.
_PRESENT_EED = frozenset(
    ["need", "feed", "seed", "speed", "bleed", "breed", "proceed", "succeed", "exceed", "heed", "weed"]
)


def _conjugate(word: str) -> str:
    low = word.lower()
    if low in _SPECIAL:
        return _SPECIAL[low]
    if low in _KEEP or (low.endswith("ed") and low not in _PRESENT_EED) or low.endswith("n't") or not low.isalpha():
        return word
    if low.endswith("s") and not low.endswith(("ss", "us")):  # already "-s": a noun or a verb said of another
        return word
    if low.endswith(("s", "sh", "ch", "x", "z", "o")):
        return word + "es"
    if len(low) > 1 and low.endswith("y") and low[-2] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


_MANY_OF_US = re.compile(
    r"\bthere(?:'s|s| is| are|'re)\s+(?P<n>\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+of\s+us\b",
    re.IGNORECASE,
)


def third_person(sentence: str, label: str) -> str:
    """Rewrites "I/my/me/we" in an English sentence around ``label``, as a
    note-taker writes it: the speaker named once, then "their" for a
    possessive in the same sentence ("The user switched their database"), and
    a subject said again after "and / but / or" left out ("... but now eats
    fish"), unless someone else was spoken of in between (then the name again)."""
    # "there's 5 of us in the house share": how many there are, the speaker one of them
    sentence = _MANY_OF_US.sub(lambda m: f"there are {m.group('n')} people, {_mid(label)} included,", sentence)
    sentence = re.sub(r",(\s*[.!?]|\s*$)", r"\1", sentence)
    words = sentence.split(" ")
    shouted = sentence.isupper()
    out: list[str] = []
    conjugate_next = False
    named = False  # the speaker named in this sentence, and no one else since
    subject_at = -1  # where in ``out`` the speaker was last the subject, in this sentence
    sentence_at = 0  # where in ``out`` this sentence began
    for i, w in enumerate(words):
        if not w:
            continue
        core = w.rstrip(",.;:!?")
        tail = w[len(core) :]
        low = core.lower().replace("’", "'")
        start = i == 0 or bool(out and out[-1].endswith((".", "!", "?")))
        named = named and not start
        subject_at = -1 if start else subject_at
        sentence_at = len(out) if start else sentence_at
        name = label if start else _mid(label)
        if conjugate_next and core:
            if _adverb(low):
                out.append(w)
                continue
            out.append(_conjugate(core) + tail)
            conjugate_next = False
            continue
        conjugate_next = False
        if low in _SUBJECT_FORMS:
            verb = _SUBJECT_FORMS[low]
            if verb == "would" and _participle_next(words[i + 1 :]):
                verb = "had"  # "I'd never felt so much love", "we'd been there": a past perfect
            joint = subject_at < 0 and _joint_subject(out[sentence_at:])
            if joint and verb is not None:
                verb = _PLURAL_VERBS.get(verb, verb)
            again = subject_at >= 0 and not tail and _coordinated(out, subject_at)
            out.append(" ".join(x for x in ("" if again else name, verb) if x) + tail)
            subject_at = len(out) - 1
            conjugate_next = verb is None and not tail and not joint
            if (
                (
                    (low == "we" and conjugate_next)
                    # (not before a plural noun: "we're both nurses" says two people)
                    or (low in ("we're", "we've", "we'll", "we'd") and not _plural_next(words[i + 2 : i + 3]))
                )
                and i + 1 < len(words)
                and words[i + 1].lower() in ("both", "all")
            ):
                words[i + 1] = ""  # "we both love", "we're both healthy" are about the speaker: "Maria loves"
            elif (
                low == "we"
                and words[i + 1 : i + 2] in (["are"], ["were"], ["have"], ["had"], ["will"], ["would"], ["can"])
                and words[i + 2 : i + 3] in (["both"], ["all"])
                and not _plural_next(words[i + 3 : i + 4])
            ):
                words[i + 2] = ""  # "we were both staring at walls": the speaker was
            named = True
        elif low in ("my", "our", "mine", "ours", "myself", "ourselves"):
            out.append(_possessed(low, name, named) + tail)
            named = True
        elif low in ("me", "us") and (core.islower() or core.istitle() or shouted):
            # ("US" and "ME" in capitals, in a sentence not shouted, are the country
            # and the illness: "9 is my US size", "I've had ME for years")
            out.append(name + tail)
            named = True
        else:
            if low in _OTHER_PEOPLE or (not start and core[:1].isupper()):
                named = False  # "I told Anna about my trip": whose trip "their" would be is unclear
            out.append(w)
    text = " ".join(w for w in out if w)
    return text[:1].upper() + text[1:]


def _plural_next(words: list[str]) -> bool:
    """Whether the word after "we're both" is a plural noun ("nurses"), not a verb or an adjective."""
    word = words[0].lower().strip(",.;:!?") if words else ""
    return len(word) > 3 and word.endswith("s") and not word.endswith("ss")


# The verb forms a subject of two people takes where the speaker alone takes the third person.
_PLURAL_VERBS = {"is": "are", "has": "have"}
# Words that may open a sentence before its subject ("So my wife and I ...").
_OPENERS = frozenset(["so", "and", "but", "now", "also", "well", "yesterday", "today", "lately", "recently"])


def _joint_subject(sentence: list[str]) -> bool:
    """Whether the sentence so far is someone and "and", the speaker coming
    next: "My wife and I are vegetarian" is said of two people, so the verb
    stays plural ("The user's wife and the user are vegetarian"). The someone
    is one of the speaker's ("my kids", "my brother's wife") or a name ("Tom",
    "Anna Lee"); a clause before "and" ("Tom runs and I swim") is not."""
    words = [w for w in sentence if w]
    if len(words) < 2 or words[-1].lower() != "and":
        return False
    phrase = words[:-1]
    while phrase and phrase[0].lower().rstrip(",") in _OPENERS:
        phrase = phrase[1:]
    if not phrase or any(w.endswith((",", ".", ";", ":")) for w in phrase):
        return False
    if phrase[0].endswith("'s") or phrase[0].lower() == "their":
        return len(phrase) <= 3
    return len(phrase) <= 2 and all(w[:1].isupper() and w.isalpha() for w in phrase)


def _possessed(word: str, name: str, named: bool) -> str:
    """my / mine / myself for a speaker named already in the sentence, or not."""
    if word in ("my", "our"):
        return "their" if named else f"{name}'s"
    if word in ("mine", "ours"):
        return "theirs" if named else f"{name}'s"
    return "themselves" if named else name


# Words that may stand between "and / but / or" and a subject said again ("but now I eat").
_BETWEEN = frozenset(["then", "later", "soon", "today", "tomorrow"])


def _coordinated(out: list[str], subject_at: int) -> bool:
    """Whether the speaker, the subject at ``out[subject_at]``, is said again
    right after the first "and / but / or" since, with nothing between that
    could be another subject (a name, a pronoun, something of someone's): there
    the subject is left out ("... but now eats fish"), as a note-taker writes it."""
    j = len(out) - 1
    while j > subject_at and (not out[j] or _adverb(out[j].lower()) or out[j].lower() in _BETWEEN):
        j -= 1
    if j <= subject_at or out[j].lower() not in _CONJUNCTIONS:
        return False
    for word in out[subject_at + 1 : j]:
        low = word.lower().rstrip(",.;:!?")
        if (
            low in _CONJUNCTIONS
            or low in _OTHER_PEOPLE
            or low in ("their", "theirs")
            or low.endswith("'s")
            or word[:1].isupper()
            or word.endswith(";")
        ):
            return False
    return True


# Verbs that end in "-ly" like the adverbs that may stand between a subject and its verb.
_LY_VERBS = frozenset(["apply", "reply", "supply", "rely", "fly", "ally", "multiply", "comply", "imply", "bully"])


# Past participles that are not also a past or a base form after "would" ("I'd read", "I'd come",
# "I'd put": either), so that "I'd been" / "I'd seen" is "had", never "would".
_PARTICIPLES = frozenset(
    [
        *("been", "seen", "done", "gone", "known", "taken", "given", "gotten", "written", "eaten", "driven"),
        *("forgotten", "spoken", "chosen", "broken", "fallen", "flown", "grown", "worn", "begun", "shown"),
        *("thought", "felt", "had", "got", "made", "said", "told", "found", "left", "heard", "met", "bought"),
        *("brought", "kept", "lost", "spent", "sent", "built", "won", "taught", "caught"),
    ]
)


def _participle_next(rest: list[str]) -> bool:
    """Whether the verb after "I'd" / "we'd" (past any adverb) is a past participle:
    "'d" is then "had" ("I'd thought they were cream", "we'd never met")."""
    for word in rest:
        low = word.lower().strip(",.;:!?")
        if low == "never" or _adverb(low):
            continue
        return low in _PARTICIPLES or (low.endswith("ed") and low not in _PRESENT_EED and len(low) > 4)
    return False


def _adverb(word: str) -> bool:
    """A word between the subject and its verb that is not the verb: an adverb
    ("I typically hold" -> "typically"), or a floating quantifier ("we both have")."""
    return (
        word in _ADVERBS
        or word in ("both", "all", "each", "ever", "kinda", "sorta")
        or (len(word) > 4 and word.endswith("ly") and word not in _LY_VERBS)
    )


def _mid(label: str) -> str:
    return label[:1].lower() + label[1:] if label.startswith("The ") else label


# The Chinese relation nouns (kin, partners, the people of one's work and home), longest first.
RELATIONS_ZH_WORDS = (
    "姐姐|妹妹|哥哥|弟弟|妈妈|母亲|爸爸|父亲|父母|爸妈|老婆|老公|妻子|丈夫|太太|男朋友|女朋友|朋友|同事|"
    "老板|上司|领导|儿子|女儿|闺女|老伴|孙子|孙女|侄子|侄女|表哥|表姐|表妹|表弟|室友|邻居|舅舅|阿姨|叔叔|爷爷|奶奶|外婆|外公|"
    # the one-character kin words of speech ("我爸", "我妈", "我姐"), after every longer word they begin
    "老爸|老妈|姐夫|嫂子|妹夫|弟媳|公婆|公公|婆婆|岳父|岳母|闺蜜|发小|哥们|同学|舍友|爸|妈|哥|姐|弟|妹"
)
# Someone introduced last ("我有一个朋友", "我认识个人"): a predicate said after them is theirs.
INTRODUCED_ZH = re.compile(r"(?:有|认识|交了)(?:[一两三四五几])?(?:个|位|名)[\u4e00-\u9fff]{1,6}$")

# What opens a Chinese clause whose subject was dropped: a time word (as said, or once
# resolved: "2025年") or an adverb before its verb ("最近开始吃鱼了", "偶尔也会喝点红酒").
# Chinese drops the speaker most of all; a clause that names anyone has a subject of its own.
_DROPPED_SUBJECT_ZH = re.compile(
    r"^(?:最近|近来|现在|目前|如今|今年|去年|前年|这个?月|上个?月|这周|上周|本周|上星期|今天|昨天|前天|刚才|刚刚|前几天|前两天|这几天|这两天|"
    r"已经|一直|还是|偶尔|经常|常常|平时|一般|通常|每天|每周|每个?月|每年|终于|早就|从[^，,。]{1,6}(?:起|开始)|"
    r"\d{4}年(?:\d{1,2}月)?(?:\d{1,2}日)?(?:那一周)?)"
)
_SOMEONE_ZH = re.compile(r"我|你|您|他|她|它|咱|大家|别人|人家|" + RELATIONS_ZH_WORDS)
# An amount that moved ("今年涨到两千四了") or a thing changed into another ("现在换成张老师了"):
# what dropped out is the thing that rose, fell or changed, not the speaker.
_AMOUNT_MOVED_ZH = re.compile(r"涨|降|跌|增加|减少|翻倍|上调|下调|换成|改成|变成|改为|换为")


def third_person_zh(sentence: str, label: str) -> str:
    """我们 / 我 -> "<label>" in a Chinese sentence (the speaker speaks for
    their team or household; "用户他们" read awkwardly and said no more); a
    clause that dropped its subject, the speaker, gets it back ("最近开始吃鱼了"
    -> "用户最近开始吃鱼了")."""
    text = sentence.strip()
    if (
        _DROPPED_SUBJECT_ZH.match(text)
        and not _SOMEONE_ZH.search(text)
        and not _AMOUNT_MOVED_ZH.search(text)
        and label not in text
    ):
        return label + text
    return sentence.replace("我们", label).replace("我", label)


# Relation words of one sex: "she" is never the son, "he" never the daughter (他 / 她 alike).
_SHE_WORDS = frozenset(
    ["sister", "mom", "mum", "mother", "wife", "girlfriend", "daughter", "aunt", "grandma", "grandmother", "niece"]
    + ["stepdaughter", "granddaughter", "stepmom", "stepmother", "fiancee"]
    + ["女儿", "老婆", "妻子", "姐姐", "妹妹", "妈妈", "女朋友"]
)
_HE_WORDS = frozenset(
    ["brother", "dad", "father", "husband", "boyfriend", "son", "uncle", "grandpa", "grandfather", "nephew"]
    + ["stepson", "grandson", "stepdad", "stepfather", "fiance"]
    + ["儿子", "老公", "丈夫", "哥哥", "弟弟", "爸爸", "男朋友"]
)


# Relation words of several people: only "they" (他们 / 她们) stands for them, and 他们 for nothing else;
# a verb after them is plural ("my parents have ...")
SEVERAL_PEOPLE = frozenset(
    ["parents", "folks", "in-laws", "inlaws", "grandparents", "kids", "children", "twins", "boys", "girls"]
    + ["爸妈", "父母", "公婆", "孩子们", "俩孩子", "爷爷奶奶", "外公外婆", "姥姥姥爷"]
)


def pronoun_fits(pronoun: str, relation: str) -> bool:
    """Whether "he" / "she" (他 / 她) can stand for a person of this relation: a word of one
    sex only its own pronoun; any other relation either; several people only "they" (他们), and
    他们 only them ("they" may stand for one person whose sex is not said)."""
    if relation in SEVERAL_PEOPLE:
        return pronoun in ("they", "他们", "她们")
    if pronoun in ("他们", "她们"):
        return False
    if relation in _SHE_WORDS:
        return pronoun in ("she", "她")
    if relation in _HE_WORDS:
        return pronoun in ("he", "他")
    return True
