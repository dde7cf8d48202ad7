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

__all__ = ["SpokenNames"]

# A capitalised word inside a sentence: after a word, a comma or a closing mark and a
# space, never after a sentence's end. Three letters at least ("I", "Mr" are no names).
_CAPITALISED = re.compile(r"(?<=[\w,;:)'\"] )[A-Z][a-z]{2,}\b")
_LOWER = re.compile(r"\b[a-z]{3,}\b")
# Words written with a capital inside a sentence that are also ordinary words: a
# month that is a verb or a modal ("in May" / "I may"), a greeting's word.
_ALSO_WORDS = frozenset(["may", "march", "will", "can", "hey", "the", "and", "but", "lol"])


class SpokenNames:
    """The names one speaker has written with their capital, in the order read."""

    def __init__(self) -> None:
        self._names: dict[str, str] = {}  # "raj" -> "Raj"

    def read(self, text: str) -> None:
        for m in _CAPITALISED.finditer(text):
            if m.group(0).casefold() not in _ALSO_WORDS:
                self._names[m.group(0).casefold()] = m.group(0)

    def restored(self, text: str) -> str:
        """``text`` with each name it holds in lower case written as the speaker wrote it."""
        if not self._names:
            return text
        return _LOWER.sub(lambda m: self._names.get(m.group(0), m.group(0)), text)
