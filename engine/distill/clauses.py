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

from ledgermind.distill.generic import is_statement

__all__ = ["clauses"]

_SUBJECT_EN = r"(?:I|I'm|I've|I'd|I'll|my|My|we|We|we're|We're|we've|We've|our|Our|he|He|she|She|they|They|his|His|her|Her|their|Their)\b"
_SPLIT_EN = re.compile(
    r"\s*(?:,|;)?\s+(?:and|but|so|plus|and also|while|whereas)\s+(?=" + _SUBJECT_EN + r")"
    r"|\s*;\s*|,\s+(?=" + _SUBJECT_EN + r"(?!\s*(?:mean|guess|think)\b))"
    # ", and <a clause of its own>": a verb within its first words ("sprint reviews are every other Friday")
    r"|,\s+(?:and|but)\s+(?=(?:\w+\s+){0,3}(?:is|are|was|were|has|have|will|starts|runs)\b)",
)
_SPLIT_ZH = re.compile(
    r"[，,；;]\s*(?:而且|并且|另外|同时|还有|但是|不过)?(?=我|他|她)|(?:而且|并且)(?=我|他|她)|[；;]"
    r"|[，,]\s*(?=所以|因此|然后|而且|并且|同时)"
)
_ZH_CONJ = re.compile(r"^(?:所以|因此|然后|而且|并且|同时)")
_MIN_CHARS = 3


def clauses(sentence: str) -> list[str]:
    """The sentence's clauses, in order (the sentence itself when it has one)."""
    splitter = _SPLIT_ZH if re.search(r"[\u4e00-\u9fff]", sentence) else _SPLIT_EN
    parts = [p.strip(" ,;，；") for p in splitter.split(sentence)]
    parts = [p for p in parts if len(p) >= _MIN_CHARS]
    merged: list[str] = []
    for part in parts:  # a lead-in ("My mistake", "Sorry", "Update") belongs to the clause it opens
        if merged and len(merged[-1].split()) <= 4 and not is_statement(merged[-1]):
            merged[-1] = f"{merged[-1]}, {part}"
        else:
            merged.append(part)
    if splitter is _SPLIT_EN and len(merged) > 1:  # "Our standup is at 9, and sprint reviews are ...": ours too
        owner = re.search(r"\b(?:(our|we)|(my|I))\b", merged[0], re.IGNORECASE)
        if owner:
            mine = "our" if owner.group(1) else "my"
            merged = [
                merged[0],
                *(
                    f"{mine} {p}" if p[:1].islower() and not re.search(r"\b" + _SUBJECT_EN, p) else p
                    for p in merged[1:]
                ),
            ]
    if splitter is _SPLIT_ZH and merged and merged[0].startswith("我"):  # the subject carries over
        merged = [merged[0], *(p if re.search(r"我|他|她", p) else "我" + _ZH_CONJ.sub("", p) for p in merged[1:])]
    return merged or [sentence]
