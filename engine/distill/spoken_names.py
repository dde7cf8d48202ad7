"""A name the speaker once wrote with its capital keeps it when typed in lower case.

People type fast: "My coworker Raj sits next to me", then "raj transferred to
the london office". A listener knows "raj" is Raj; the rules know a name by
its capital ("Raj transferred ..." is a statement about a named person, "raj
transferred ..." reads as a fragment) and so lost what was said. A word the
speaker wrote capitalised inside a sentence (not as its first word, where
every word is capitalised) is taken as a name, and its lower-case spellings
later in their messages are read with the capital back. Nothing else changes:
a word never written with a capital is left as it is.
"""

from __future__ import annotations

import re

from ledgermind.distill.frames import RELATIONS_EN

__all__ = ["SpokenNames"]

# A capitalised word inside a sentence: after a word, a comma or a closing mark and a
# space, never after a sentence's end. Three letters at least ("I", "Mr" are no names).
_CAPITALISED = re.compile(r"(?<=[\w,;:)'\"] )[A-Z][a-z]{2,}\b")
_LOWER = re.compile(r"\b[a-z]{3,}\b")
# Words written with a capital inside a sentence that are also ordinary words: a
# month that is a verb or a modal ("in May" / "I may"), a greeting's word.
_ALSO_WORDS = frozenset(["may", "march", "will", "can", "hey", "the", "and", "but", "lol"])
# Words after a relation that are no names ("my son also works", "my wife still has ...").
_NOT_NAMES = frozenset(
    [
        *("also", "still", "just", "now", "who", "that", "which", "and", "but", "really", "finally", "always"),
        *("never", "often", "got", "has", "had", "was", "lives", "works", "moved", "started", "went", "said"),
        *("wants", "needs", "loves", "likes", "does", "did", "will", "would", "can", "could", "passed", "died"),
        *("left", "quit", "changed", "gets", "says", "usually", "recently", "actually", "apparently"),
        *("back", "off", "him", "her", "them", "out", "over", "the", "you", "she", "his", "for", "about"),
    ]
)


# A name typed in lower case where only a name can stand: after "called" / "named", or after one
# of the speaker's people with its verb right after ("my best friend dana lives in toronto").
_INTRODUCED = re.compile(
    r"(?:\b(?:a|an|the|my|our|some)\s+(?:[a-z]+\s+){0,3}|\b(?:is|was|'s|are)\s+|,\s*)(?:called|named)\s+(?P<called>[a-z]{3,})\b"
    r"|\b(?:my|our)\s+(?:best\s+|older\s+|younger\s+|little\s+|big\s+)?(?:" + RELATIONS_EN + r")\s+(?P<after>[a-z]{3,})"
    r"(?=\s+(?:is|was|has|had|lives|lived|works|worked|just|got|moved|started|and i)\b|'s\b)"
)


class SpokenNames:
    """The names one speaker has written with their capital, in the order read."""

    def __init__(self) -> None:
        self._names: dict[str, str] = {}  # "raj" -> "Raj"

    def read(self, text: str) -> None:
        for m in _CAPITALISED.finditer(text):
            if m.group(0).casefold() not in _ALSO_WORDS:
                self._names[m.group(0).casefold()] = m.group(0)
        for m in _INTRODUCED.finditer(text):
            name = m.group("called") or m.group("after")
            if name not in _ALSO_WORDS and name not in _NOT_NAMES:
                self._names.setdefault(name, name.capitalize())

    def restored(self, text: str) -> str:
        """``text`` with each name it holds in lower case written as the speaker wrote it."""
        if not self._names:
            return text
        return _LOWER.sub(lambda m: self._names.get(m.group(0), m.group(0)), text)
