"""First person to third person, so a statement stands on its own.

"I like hiking" said by Caroline is stored as "Caroline likes hiking": a
memory injected into another conversation months later must not say "I".
English verbs after "I" are conjugated with a small, explicit rule set
(modals and past forms stay, "have" -> "has", base forms get -s/-es).
"We" is the speaker speaking for a team or household: "We use Go 1.23"
said by Ken is "Ken uses Go 1.23" ("Ken and others use ..." read badly).
"""

from __future__ import annotations

import re

__all__ = ["IRREGULAR_PAST", "third_person", "third_person_zh"]

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
            "need",
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
_WORD = re.compile(r"\b(I|I'm|I've|I'd|I'll|me|my|mine|myself|we|we're|we've|our|ours|us)\b(\s+)?")


def _conjugate(word: str) -> str:
    low = word.lower()
    if low in _SPECIAL:
        return _SPECIAL[low]
    if low in _KEEP or (low.endswith("ed") and not low.endswith("eed")) or low.endswith("n't") or not low.isalpha():
        return word
    if low.endswith("s") and not low.endswith(("ss", "us")):  # already "-s": a noun or a verb said of another
        return word
    if low.endswith(("s", "sh", "ch", "x", "z", "o")):
        return word + "es"
    if len(low) > 1 and low.endswith("y") and low[-2] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def third_person(sentence: str, label: str) -> str:
    """Rewrites "I/my/me/we" in an English sentence around ``label``."""
    words = sentence.split(" ")
    out: list[str] = []
    conjugate_next = False
    for i, w in enumerate(words):
        if not w:
            continue
        core = w.rstrip(",.;:!?")
        tail = w[len(core) :]
        low = core.lower().replace("’", "'")
        name = label if i == 0 or (out and out[-1].endswith((".", "!", "?"))) else _mid(label)
        if conjugate_next and core:
            if _adverb(low):
                out.append(w)
                continue
            out.append(_conjugate(core) + tail)
            conjugate_next = False
            continue
        conjugate_next = False
        if low == "i":
            out.append(name + tail)
            conjugate_next = not tail
        elif low == "i'm":
            out.append(f"{name} is{tail}")
        elif low == "i've":
            out.append(f"{name} has{tail}")
        elif low == "i'd":
            out.append(f"{name} would{tail}")
        elif low == "i'll":
            out.append(f"{name} will{tail}")
        elif low in ("my", "mine"):
            out.append(f"{name}'s{tail}")
        elif low in ("me", "myself"):
            out.append(name + tail)
        elif low == "we":
            out.append(name + tail)
            conjugate_next = not tail
            if conjugate_next and i + 1 < len(words) and words[i + 1].lower() in ("both", "all"):
                words[i + 1] = ""  # "we both love" is about the speaker: "Maria loves"
        elif low in ("we're", "we've", "we'll", "we'd"):
            verb = {"we're": "is", "we've": "has", "we'll": "will", "we'd": "would"}[low]
            out.append(f"{name} {verb}{tail}")
        elif low in ("our", "ours"):
            out.append(f"{name}'s{tail}")
        elif low == "us":
            out.append(name + tail)
        else:
            out.append(w)
    text = " ".join(w for w in out if w)
    return text[:1].upper() + text[1:]


# Verbs that end in "-ly" like the adverbs that may stand between a subject and its verb.
_LY_VERBS = frozenset(["apply", "reply", "supply", "rely", "fly", "ally", "multiply", "comply", "imply", "bully"])


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


def third_person_zh(sentence: str, label: str) -> str:
    """我们 / 我 -> "<label>" in a Chinese sentence (the speaker speaks for
    their team or household; "用户他们" read awkwardly and said no more)."""
    return sentence.replace("我们", label).replace("我", label)
