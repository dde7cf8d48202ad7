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
from ledgermind.distill.generic_decision import breaks_up, called_off
from ledgermind.distill.person import pronoun_fits
from ledgermind.distill.spoken_names import SpokenNames
from ledgermind.distill.spoken_of_zh import PersonSpokenOfZh
from ledgermind.distill.spoken_thing import ThingSpokenOf
from ledgermind.distill.statements import named_subject, strip_lead
from ledgermind.distill.text import copula_expanded, is_cjk, sentences

__all__ = ["PersonSpokenOf", "dislocation_undone"]

# One of the speaker's people put first and taken up again by a pronoun ("My son, he is an engineer
# now", "my son he finished ..."): said as "My son is an engineer now", as English without the
# pronoun says it.
_DISLOCATED = re.compile(
    r"\b(?P<who>(?:my|our)\s+(?:" + RELATIONS_EN + r")(?:\s+(?-i:[A-Z][a-z]+))?)\s*,?\s+(?:he|she|they)\s+"
    r"(?=(?:is|was|are|were|has|had|will|can|\w+s|\w+ed)\b)",
    re.IGNORECASE,
)


def dislocation_undone(text: str) -> str:
    """The message with a person of the speaker's put first and taken up again by a pronoun said
    without the pronoun (``_DISLOCATED``)."""
    return _DISLOCATED.sub(lambda m: m.group("who") + " ", text)


_PLURAL = frozenset(["parents", "in-laws", "kids"])
# A pet of the speaker's, with its name if said ("my cat luna", "our dog Max"): "she" / "he" after it
# (a word in lower case ending in "s" is its verb: "my dog eats ...")
_PET = re.compile(
    r"^(?:(?:so|and|but|well|oh|also)\s+)?(my|our)\s+(cat|dog|puppy|pup|kitten|bunny|rabbit|hamster|horse|parrot|"
    r"tortoise|turtle)(?:\s+(?!(?:is|was|has|had|just|and|got|turned|loves|likes|hates)\b)(?!(?-i:[a-z]\w+s)\b)([a-z]\w+))?\b",
    re.IGNORECASE,
)
_NAMED = re.compile(r"^(?:(?:so|and|but|well|oh|also)\s+)?(my|our)\s+(" + RELATIONS_EN + r")\b", re.IGNORECASE)
# The person's name said right after the relation ("my roommate Tyler pays ..."): the name they go by
_NAME_AFTER = re.compile(
    r"\s+(?P<name>(?-i:[A-Z][a-z]{2,}))\b(?!\s+(?-i:[A-Z]))"
    # ... typed in lower case, known by the verb right after it ("my daughter mia is 7"); not a verb,
    # an adverb or a word of the relation's own ("my son just turned 9", "my sister lives in ...")
    r"|\s+(?P<lower>(?-i:(?!(?:just|also|still|now|finally|recently|really|never|always|who|and|got|can|will|"
    r"was|has|had|did|does|is|went|came|made|took|left|met|bought|sold|told|said|keeps|loves|hates)\b)"
    r"[a-z]{3,}(?<!s)(?<!ed)(?<!ly)(?<!ing)))(?=\s+(?:is|was|has|had|turned|just|started|got)\b)",
)
# One of the speaker's people said with their partner ("my brother is married to Jess", "my sister
# and her boyfriend ..."): a "they" whose clause ends the couple stands for them
_COUPLE = re.compile(
    r"\b(?:(?:is|are|'s|got|was)\s+(?:(?:now|still|just)\s+)?(?:married|engaged)\s+to|(?:is|'s)\s+(?:dating|seeing)\s+"
    r"|and\s+(?:his|her|their)\s+(?:wife|husband|partner|girlfriend|boyfriend|fianc[eé]e?)\b)",
    re.IGNORECASE,
)
_ONE_OF_TWO = {"are": "is", "were": "was", "have": "has", "'re": "is", "'ve": "has"}  # "they're" -> "my brother is"
# a lead-in may come first ("No wait, he works at ..."): kept as said
_LEAD = r"((?:(?:no|wait|sorry|oh|actually|well|and|but|so|now|also)[,!]?\s+)*)"
# "they" first in a clause, as the subject of what follows (not "they say ...": whoever says it;
# not "they should have the best": a maxim of "our kids" at large)
_THEY = re.compile(
    "^"
    + _LEAD
    + r"they(?P<be>'re|'ve|\s+(?:are|were|have|had)\b)?(?=\s+(?!(?:say|said|says|told|reckon|should|must|deserve|need|ought)\b)\w)",
    re.IGNORECASE,
)
_PRONOUN = re.compile(_LEAD + r"(he|she)(?:'s|’s|\s+(is|was|has|had))?\b", re.IGNORECASE)
# "His knee ...", "Her partner Sam ...": the person's own thing, first in the clause
_POSSESSIVE = re.compile(_LEAD + r"(his|her)\s+(?=[a-z])", re.IGNORECASE)
# "Rachel and I decided to separate": the other of the two is a person spoken of
_NAME_AND_I = re.compile(r"^(?P<name>(?-i:[A-Z][a-z]+))(?:\s+and\s+I\b|'s\s)")  # ... or "Bill's knee", "Bill's good"
# Capitalised first words that are a time or nobody in particular, never a person spoken of.
_NOT_A_PERSON = frozenset(
    [
        *("yesterday", "today", "tonight", "tomorrow", "last", "this", "next", "everyone", "everybody", "nobody"),
        *("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "someone", "somebody"),
        *("he", "she", "it", "that", "there", "here", "what", "who", "where", "when", "how", "let", "everything"),
        *("nothing", "something", "life", "just", "also", "still", "even", "only", "now", "then", "so", "and"),
        *("but", "yet", "anyway", "again", "already", "soon", "once", "never", "always", "sometimes", "maybe"),
        *("perhaps", "guess", "thanks", "gotta", "wanna", "been", "got", "had", "mine", "ours", "plus"),
    ]
)


class PersonSpokenOf:
    """Reads a message's clauses in order, keeping the person of the speaker's
    named last; ``resolved`` gives each clause back with a leading "he" /
    "she" replaced by that person where the pronoun fits them."""

    def __init__(self) -> None:
        self._last: tuple[str, ...] | None = None  # ("my", "daughter"), or a name: ("Isla",)
        self._relation: tuple[str, str] | None = None  # the person of theirs named last, kept across messages
        self._pet: tuple[str, ...] | None = None  # a pet of theirs named in the message before this one
        self._zh = PersonSpokenOfZh()  # 他 / 她 after "我妹妹": the same reading in Chinese
        self._names = SpokenNames()  # "Raj", then "raj transferred ...": the capital back
        self._called: dict[str, tuple[str, str, str]] = {}  # "Tyler" -> ("my", "roommate", "Tyler")
        self._thing = ThingSpokenOf()  # "my usual coffee order is ...", then "it's cortados now"
        self._group: tuple[str, str] | None = None  # "my parents", for a "they" in the next clauses
        self._by_name: tuple[str, str, str] | None = None  # the person "Tyler" was read as in this message
        self._group_before = False  # named in the message before this one
        self._couple: tuple[str, str] | None = None  # "my brother", said with a partner, for a "they split up"
        self._couple_before = False

    def new_message(self) -> None:
        """A name is the antecedent only within the message that names it: in
        the next one, the other speaker may have named someone else in between
        ("Anita came round ..." / "She sounds like a treasure"), which these
        per-speaker notes do not see. A relation ("my daughter") stays; a pet named in
        the message just before stays for this one only ("my cat luna is 3" / "she turned
        four"), not across the small talk after it."""
        self._last = self._pet or self._relation
        self._pet = None
        self._by_name = None
        self._thing.new_message()
        if self._group_before:  # "my parents ..." stands for "they" in that message and the next only
            self._group = None
        self._group_before = self._group is not None
        if self._couple_before:  # so does a couple
            self._couple = None
        self._couple_before = self._couple is not None

    def read(self, text: str) -> None:
        """Takes in a message already distilled, for the person it names last."""
        self.new_message()
        for sentence in sentences(text):
            for clause in clauses(sentence):
                self.resolved(clause)

    def resolved(self, clause: str) -> str:
        if is_cjk(clause):
            return self._zh.resolved(clause)
        clause = self._thing.resolved(self._names.restored(clause))
        self._names.read(clause)
        text = clause.strip()
        named = _NAMED.match(text) or _NAMED.match(strip_lead(text))  # "Well, our granddaughter Chloe ..."
        if named is not None and self._by_name is not None and text.startswith(" ".join(self._by_name)):
            return clause  # read again, as this reading wrote it: "my coworker Raj" of "raj ..."
        if named is not None:
            relation = named.group(2).lower()
            if relation in _PLURAL:
                self._group, self._group_before = (named.group(1).lower(), relation), False
            elif _COUPLE.search(text, named.end()):
                self._couple, self._couple_before = (named.group(1).lower(), relation), False
            called = _NAME_AFTER.match(named.string, named.end())
            name = (called.group("name") or called.group("lower").capitalize()) if called is not None else None
            if name is not None and name.casefold() not in _NOT_A_PERSON:
                self._called[name] = (named.group(1).lower(), relation, name)
            self._relation = None if relation in _PLURAL else (named.group(1).lower(), relation)
            self._last, self._pet = self._relation, None
            return clause
        pet = _PET.match(text)
        if pet is not None:  # "my cat luna is 3", then "she turned four": the pet, by its name if said
            self._pet = tuple(w.lower() if i < 2 else w for i, w in enumerate(g for g in pet.groups() if g))
            self._last = self._pet
            return clause
        they = _THEY.match(text)
        if they is not None and self._group is not None:  # "they're in cornwall now": the parents
            be = {"'re": " are", "'ve": " have"}.get((they.group("be") or "").lower(), they.group("be") or "")
            return they.group(1) + " ".join(self._group) + be + text[they.end() :]
        if they is not None and self._couple is not None and (breaks_up(text) or called_off(text)):
            # "they split up over the summer", "they called off the engagement": the couple, said
            # of the one of theirs
            be = (they.group("be") or "").strip().lower()
            be = _ONE_OF_TWO.get(be, be)
            return they.group(1) + " ".join(self._couple) + (f" {be}" if be else "") + text[they.end() :]
        led = strip_lead(text)  # "Turns out he outgrew ...": any lead-in the statements know
        known = self._known_by_name(led)
        if known is not None:  # "Tyler moved out": the roommate Tyler, said by the name alone
            person, rest = known
            # the antecedent of a "he" / "she" in this message only, as a name is: the relation
            # named last ("my sister ...") stays the one the next messages' pronouns stand for
            self._last = (person[0], person[1]) if person[1] not in _PLURAL else None
            self._by_name = person
            self._pet = None
            return text[: len(text) - len(led)] + " ".join(person) + rest
        name = _person_named(led) or _person_met(led)
        if name is not None:
            self._last = (name,)
            return clause
        if _THEIRS.match(led) or _TITLED.match(led):
            # "Your Aunt Ewa has bought a campervan. She ...", "dr mackenzie said ... she's ...":
            # someone not of the speaker's is spoken of now; "she" is no longer the speaker's person
            self._last = None
            return clause
        out = self._pronoun_resolved(clause, text, led)
        if self._last is not None and len(self._last) == 1 and _OTHER_PERSON.search(led):
            self._last = None  # "I met this woman, Jean, ...": someone else named since, "she" is no longer clear
        elif _SOMEONE.search(led):
            self._last = None  # "I noticed a little girl sitting alone. She seemed so sad": her, no one of theirs
        return out

    def _known_by_name(self, led: str) -> tuple[tuple[str, str, str], str] | None:
        """One of the speaker's people called by the name given them beside their relation
        ("My roommate Tyler pays half the rent", then "Tyler moved out"), first in the clause
        and its subject (a verb after it, not "Tyler and I", not "Tyler's sister"): the person
        as first named, and the rest of the clause."""
        for name, person in self._called.items():
            # (not "Tyler's sister": another's); chat types a name in lower case too ("mia turned 8")
            m = re.match(rf"(?i:{re.escape(name)})(?=\s+(?!and\b|or\b)[a-z])", led)
            if m is not None:
                return person, led[m.end() :]
        return None

    def _pronoun_resolved(self, clause: str, text: str, led: str) -> str:
        """``clause`` with a leading "he" / "she" / "his" / "her" read as the person spoken of
        (``text`` is the clause stripped, ``led`` without its lead-in)."""
        head, text = (
            (text[: len(text) - len(led)], led) if _PRONOUN.match(led) or _POSSESSIVE.match(led) else ("", text)
        )
        owner = _POSSESSIVE.match(text)
        if (
            owner is not None
            and self._last is not None
            and pronoun_fits(_SUBJECT[owner.group(2).lower()], self._last[-1])
        ):
            return head + owner.group(1) + f"{' '.join(self._last)}'s " + text[owner.end() :]
        pronoun = _PRONOUN.match(text)
        moved = _MOVED_THEM.match(text) if pronoun is None else None
        if (
            moved is not None
            and self._last is not None
            and pronoun_fits(_OBJECT[moved.group("p").lower()], self._last[-1])
        ):
            # "we moved him to a charter school": the person spoken of, moved by the speaker
            return head + moved.group("head") + " ".join(self._last) + text[moved.end() :]
        if pronoun is None or self._last is None or not pronoun_fits(pronoun.group(2).lower(), self._last[-1]):
            return clause
        rest = text[pronoun.end() :]
        verb = pronoun.group(3) or ""
        if not verb and pronoun.group(0).lower().endswith("s"):  # "she's at ...", "he's been ..."
            verb = "has" if copula_expanded("it's" + rest).startswith("it has") else "is"  # "she's just gone"
        person = " ".join(self._last)
        return head + pronoun.group(1) + (f"{person} {verb}{rest}" if verb else f"{person}{rest}")


_SUBJECT = {"his": "he", "her": "she"}
_OBJECT = {"him": "he", "her": "she"}
# The person spoken of as the object of the speaker's moving them somewhere, or their vet's,
# doctor's, school's ("we switched her to a night nanny", "I enrolled him in swim lessons", "the
# doctor put her on ..."): a change of where they are or what they take, said of them.
_MOVED_THEM = re.compile(
    r"^(?P<head>(?:we|i|they|(?:(?:the|my|our|his|her)\s+)?(?:vet|doctor|doc|gp|school|teacher|coach|dentist|"
    r"specialist|cardiologist|pediatrician|paediatrician|surgeon|therapist|psychiatrist|boss|company|manager))"
    r"(?:'re|'ve|'d|\s+)\s*(?:(?:just|finally|already|had to|have|are)\s+)*"
    r"(?:moved|moving|switched|switching|transferred|transferring|enrolled|put|pulled|signed)\s+)"
    r"(?P<p>him|her)\b(?=\s+(?:to|into|onto|on|in|out of|off|up for|at)\b)",
    re.IGNORECASE,
)
# Another person brought in by name, not as the subject ("this amazing woman, Jean", "a guy named Leo").
_OTHER_PERSON = re.compile(
    r"\b(?:named|called|(?:woman|man|girl|boy|guy|lady|kid|friend|neighbou?r|colleague|coworker|boss|teacher|"
    r"doctor|nurse|partner)\s*,?)\s+(?-i:[A-Z][a-z]{2,})\b",
    re.IGNORECASE,
)
# The listener's people ("your aunt Ewa", "your mum") and a titled name typed in lower case ("dr
# mackenzie said ..."), first in the clause.
_THEIRS = re.compile(r"(?:your|ur)\s+(?:(?:" + RELATIONS_EN + r")\b|(?-i:[A-Z]))", re.IGNORECASE)
_TITLED = re.compile(r"(?:dr|mr|mrs|ms|prof)\.?\s+[a-z]{2,}\b(?!\s+(?:is|was)\s+(?:a|an|the)\b)", re.IGNORECASE)
# Someone brought in unnamed ("a little girl around 8", "this old man", "some guy at the gym"):
# a "he" / "she" after it is most likely them.
_SOMEONE = re.compile(
    r"\b(?:a|an|this|that|some|one)\s+(?:(?:little|young|old|older|elderly|nice|sweet|random|strange|lovely)\s+)?"
    r"(?:girl|boy|woman|man|lady|guy|kid|child|stranger|gentleman|teenager)\b",
    re.IGNORECASE,
)
_NUMBER_WORD = re.compile(
    r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\w+teen|twenty|thirty|forty|fifty|sixty|"
    r"seventy|eighty|ninety|hundred|thousand)$"
)


def _person_named(clause: str) -> str | None:
    """The person a clause names as its subject ("Isla called with news",
    "Rachel and I decided ...", "Bill's knee is bad"), for a "he" / "she" / "his" / "her" after it; a
    name's pronoun is not known, so either fits it."""
    both = _NAME_AND_I.match(clause)
    name = both.group("name") if both is not None else named_subject(clause)
    if name is None or len(name.split()) > 1:
        return None
    word = name.casefold()
    # an adverb or a gerund put first ("Honestly ...", "Writing helps me ..."): no one's name
    # a number ("Two seamstresses work with her"), a plural noun ("Fingers crossed"): no one's name
    if word in _NOT_A_PERSON or _NUMBER_WORD.match(word) or word.endswith(("ly", "ing", "s")):
        return None
    return name


# The one person the speaker met, saw or called by name ("Met Jess for lunch", "I ran into Omar"):
# a "he" / "she" after it in the same message is most likely them.
_MET = re.compile(
    r"^(?:(?:I|we)\s+)?(?:(?:just|finally|also)\s+)?(?:met|saw|visited|called|rang|texted|ran into|bumped into|"
    r"had (?:lunch|coffee|dinner|drinks|a drink) with|caught up with)\s+(?P<name>(?-i:[A-Z][a-z]{2,}))\b"
    r"(?!'s|\s+and\b)(?![^,.;]*\b(?-i:[A-Z][a-z]{2,})\b)",
    re.IGNORECASE,
)


def _person_met(clause: str) -> str | None:
    """The one person a clause says the speaker met, saw or called by name (``_MET``)."""
    m = _MET.match(clause)
    if m is None or m.group("name").casefold() in _NOT_A_PERSON:
        return None
    return m.group("name")
