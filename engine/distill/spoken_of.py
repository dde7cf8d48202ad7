"""In a speaker's messages, "he" / "she" is the person of theirs named just before.

"My daughter switched schools, she's at Oakwood now." Read clause by clause,
the second clause is about no one ("she"), is no statement the rules keep,
and what the user said (the new school) was lost. A listener reads "she" as
the daughter: the one person of the speaker's (a relation word after "my" /
"our") named last in the same message or the speaker's messages just before
(the extractor's delta, primed with the previous delta's last items), when
the pronoun can be them (a daughter is "she", a brother "he", a partner or
a boss either). The clause is read with that person in the pronoun's place
("my daughter is at Oakwood now"). Reconcile reads a pronoun the same way against the speaker's beliefs
(``anaphora.antecedent``); here it is read from the words alone, before the
rules decide whether the clause is a statement at all.
"""

from __future__ import annotations

import re

from ledgermind.distill.clauses import clauses
from ledgermind.distill.frames import RELATIONS_EN
from ledgermind.distill.spoken_names import SpokenNames
from ledgermind.distill.spoken_of_zh import PersonSpokenOfZh
from ledgermind.distill.statements import strip_lead
from ledgermind.distill.text import is_cjk, sentences

__all__ = ["PersonSpokenOf"]

_SHE = frozenset(
    ["sister", "mom", "mum", "mother", "wife", "girlfriend", "daughter", "aunt", "grandma", "grandmother", "niece"]
)
_HE = frozenset(
    ["brother", "dad", "father", "husband", "boyfriend", "son", "uncle", "grandpa", "grandfather", "nephew"]
)
_PLURAL = frozenset(["parents", "in-laws", "kids"])
_NAMED = re.compile(r"^(?:(?:so|and|but|well|oh|also)\s+)?(my|our)\s+(" + RELATIONS_EN + r")\b(?!')", re.IGNORECASE)
_PERFECT = re.compile(r"\s+(?:been|got|gotten|had)\b", re.IGNORECASE)
# a lead-in may come first ("No wait, he works at ..."): kept as said
_LEAD = r"((?:(?:no|wait|sorry|oh|actually|well|and|but|so|now|also)[,!]?\s+)*)"
_PRONOUN = re.compile(_LEAD + r"(he|she)(?:'s|’s|\s+(is|was|has|had))?\b", re.IGNORECASE)


class PersonSpokenOf:
    """Reads a message's clauses in order, keeping the person of the speaker's
    named last; ``resolved`` gives each clause back with a leading "he" /
    "she" replaced by that person where the pronoun fits them."""

    def __init__(self) -> None:
        self._last: tuple[str, str] | None = None  # ("my", "daughter")
        self._zh = PersonSpokenOfZh()  # 他 / 她 after "我妹妹": the same reading in Chinese
        self._names = SpokenNames()  # "Raj", then "raj transferred ...": the capital back

    def read(self, text: str) -> None:
        """Takes in a message already distilled, for the person it names last."""
        for sentence in sentences(text):
            for clause in clauses(sentence):
                self.resolved(clause)

    def resolved(self, clause: str) -> str:
        if is_cjk(clause):
            return self._zh.resolved(clause)
        clause = self._names.restored(clause)
        self._names.read(clause)
        text = clause.strip()
        named = _NAMED.match(text)
        if named is not None:
            relation = named.group(2).lower()
            self._last = None if relation in _PLURAL else (named.group(1).lower(), relation)
            return clause
        led = strip_lead(text)  # "Turns out he outgrew ...": any lead-in the statements know
        head, text = (text[: len(text) - len(led)], led) if _PRONOUN.match(led) else ("", text)
        pronoun = _PRONOUN.match(text)
        if pronoun is None or self._last is None or not _fits(pronoun.group(2).lower(), self._last[1]):
            return clause
        rest = text[pronoun.end() :]
        verb = pronoun.group(3) or ""
        if not verb and pronoun.group(0).lower().endswith("s"):  # "she's at ...", "he's been ..."
            verb = "has" if _PERFECT.match(rest) else "is"
        person = " ".join(self._last)
        return head + pronoun.group(1) + (f"{person} {verb}{rest}" if verb else f"{person}{rest}")


def _fits(pronoun: str, relation: str) -> bool:
    """Whether "he" / "she" can be this person: a gendered word only its own."""
    if relation in _SHE:
        return pronoun == "she"
    if relation in _HE:
        return pronoun == "he"
    return True
