"""An answer that echoes the question's verb with "it" names what was asked about.

"Have you tried the new climbing gym?" / "I haven't tried it yet." Read alone, the answer is a
note about "it", which no one can use later. A listener reads "it" as the thing the question
named, because the answer repeats the question's verb: the echo is what makes the reference
safe. Without it ("Did you see the game?" / "It was brutal"), "it" may be anything said
before, and the answer is left as said.

The question's thing is written from the answerer's side ("your bike" -> "my bike"; "that
film" -> "the film"; "the book I lent you" -> "the book Ana lent me"), so the speaker's rewrite
turns it into theirs. A preposition echoed counts as a verb does ("Any ideas for the next
steps?" / "I've been networking non-stop for it").
"""

from __future__ import annotations

import re

from ledgermind.distill.text import is_cjk, sentences

__all__ = ["echoed"]

# The thing a question ends on, after its verb: "... tried the new climbing gym (yet)?"
_ASKED = re.compile(
    r"\b(?P<verb>[a-z]{2,})\s+(?P<np>(?:the|your|that|this|those|these|a|an)\s+(?:[\w'-]+\s+){0,3}?[\w'-]+)"
    r"\s*(?:(?:yet|lately|recently|before|again|too|already|at all|so far)\s*)?\?+\s*$",
    re.IGNORECASE,
)
# The answer's verb with "it" as its object: "I haven't tried it yet", "finished it last night".
_IT_OBJECT = re.compile(r"\b(?P<verb>[a-z]{2,})\s+it\b(?!['’])", re.IGNORECASE)
_FROM_THE_ANSWERER = {"your": "my", "that": "the", "this": "the", "those": "the", "these": "the"}
# Verbs too light to vouch for a reference ("Do you have the recipe?" / "I have it somewhere"
# may be; "Did you get the message?" / "got it": a formula), and the question's own auxiliaries.
_LIGHT = frozenset(["have", "get", "got", "do", "did", "make", "made", "is", "be", "was", "take", "took", "like"])


def echoed(answer: str, question: str, asker: str | None = None) -> str | None:
    """The answer with the "it" of its first sentence put as the thing the question asked
    about, when the answer repeats the question's verb; None when nothing is echoed.
    ``asker`` is the name of who asked: their "I" in the question is them in the answer."""
    if is_cjk(answer) or is_cjk(question):
        return None
    asked = sentences(question)
    m = _ASKED.search(asked[-1]) if asked else None
    said = sentences(answer)
    if m is None or not said or _stem(m.group("verb")) in _LIGHT_STEMS:
        return None
    first = said[0]
    it = next((o for o in _IT_OBJECT.finditer(first) if _stem(o.group("verb")) == _stem(m.group("verb"))), None)
    if it is None:
        return None
    words = _turned(m.group("np").split(), asker)
    if words is None:
        return None
    first = first[: it.end("verb")] + " " + " ".join(words) + first[it.end() :]
    return " ".join([first, *said[1:]])


def _turned(words: list[str], asker: str | None) -> list[str] | None:
    """The question's words for its thing, said from the answerer's side: "that book I lent you"
    -> "the book Ana lent me" (None when the asker's "I" has no name to be said by)."""
    out = [_FROM_THE_ANSWERER.get(words[0].lower(), words[0].lower())]
    for k, word in enumerate(words[1:], start=1):
        low = word.lower()
        if low in ("i", "me", "my", "mine"):
            if asker is None:
                return None
            out.append(f"{asker}'s" if low in ("my", "mine") else asker)
        elif low == "you":  # the answerer: "... you bought" -> "I bought", "... lent you" -> "lent me"
            out.append("I" if k < len(words) - 1 else "me")
        elif low == "your":
            out.append("my")
        else:
            out.append(word)
    return out


def _stem(verb: str) -> str:
    """A verb's form folded enough to tell it echoed: tried / try, finished / finish, loved / love."""
    word = re.sub(r"(?:ing|ed|es|s|e)$", "", verb.lower()).replace("y", "i")
    return word[:5]


_LIGHT_STEMS = frozenset(_stem(v) for v in _LIGHT)
