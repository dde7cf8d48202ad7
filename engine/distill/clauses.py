"""Compound sentences split into clauses, each its own statement.

"I live in Paris and I drink green tea every morning" says two things; kept
as one belief, a later "I moved to Lyon" would end the tea with the city. A
sentence is split where a conjunction or a comma starts a new subject
("... and I ...", "..., but my sister ...", "……，我妈妈……", "而且我……"); a
conjunction that joins two objects of one verb ("coffee and tea") does not
split. The cut keeps each clause readable on its own.
"""

from __future__ import annotations

import re

__all__ = ["clauses"]

_SUBJECT_EN = r"(?:I|I'm|I've|I'd|I'll|my|My|we|We|we're|We're|we've|We've|our|Our|he|He|she|She|they|They|his|His|her|Her|their|Their)\b"
_SPLIT_EN = re.compile(
    r"\s*(?:,|;)?\s+(?:and|but|so|plus|and also|while|whereas)\s+(?=" + _SUBJECT_EN + r")"
    r"|\s*;\s*|,\s+(?=" + _SUBJECT_EN + r"(?!\s*(?:mean|guess|think)\b))",
)
_SPLIT_ZH = re.compile(r"[，,；;]\s*(?:而且|并且|另外|同时|还有|但是|不过)?(?=我|他|她)|(?:而且|并且)(?=我|他|她)|[；;]")
_MIN_CHARS = 3


def clauses(sentence: str) -> list[str]:
    """The sentence's clauses, in order (the sentence itself when it has one)."""
    splitter = _SPLIT_ZH if re.search(r"[\u4e00-\u9fff]", sentence) else _SPLIT_EN
    parts = [p.strip(" ,;，；") for p in splitter.split(sentence)]
    parts = [p for p in parts if len(p) >= _MIN_CHARS]
    return parts or [sentence]
