"""A pronoun subject names the person the speaker spoke of last.

"My husband works at a bank." then "No wait, he works at an insurer." The
second statement, read alone, is about "someone else" (a pronoun names no
one), so it can neither correct nor replace the husband's belief and a
belief that says "He works at an insurer" means nothing months later. Read
the way a listener reads it, "he" is the last person spoken of: the subject
of the speaker's most recent belief about one of their people, when only one
person holds that place (two people named in the same message leave the
pronoun open, and then nothing is resolved).

Pure: a statement, its subject and the speaker's current beliefs in, the
subject and the statement with the pronoun replaced out (``None`` when there
is nothing to resolve). ``reconcile`` calls it before it compares subjects.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ledgermind.distill.person import pronoun_fits
from ledgermind.distill.text import copula_expanded, is_cjk
from ledgermind.distill.views import BeliefView

__all__ = ["UNRESOLVED", "antecedent", "named_person"]

UNRESOLVED = "someone else"  # the subject a pronoun gets from the frames' reading
# what a pronoun subject is keyed as: the frames' "someone else", or the pronoun read as a name
_PRONOUN_KEYS = frozenset({UNRESOLVED, "he", "she", "they", "他", "她", "他们", "她们"})
# ("they" / 他们 only of people who are several: "my parents live in Leeds" / "they moved in with us")
_PRONOUN_EN = re.compile(r"^(?P<p>he|she|they)\b(?:'s|'re)?", re.IGNORECASE)
_PRONOUN_ZH = re.compile(r"^(?P<p>他们|她们|他|她)(?![们的])")


def antecedent(statement: str, subject: str | None, beliefs: Sequence[BeliefView]) -> tuple[str, str] | None:
    """The subject a leading "he" / "she" / 他 / 她 stands for and the
    statement with the pronoun replaced by that person as the earlier belief
    names them ("The user's husband", "用户老公"); None when the statement has
    no such pronoun or no single person was spoken of last."""
    speaker, _, who = (subject or "").partition(":")
    if who not in _PRONOUN_KEYS:
        return None
    cjk = is_cjk(statement)
    lead = (_PRONOUN_ZH if cjk else _PRONOUN_EN).match(statement.strip())
    if lead is None:
        return None
    people = [
        b
        for b in beliefs
        if b.subject and b.subject.startswith(speaker + ":") and b.subject.partition(":")[2] not in ("", *_PRONOUN_KEYS)
    ]
    if not people:
        return None
    last = max(b.valid_from for b in people)
    spoken = {b.subject for b in people if b.valid_from == last}
    if len(spoken) != 1:
        return None  # two people named at once: "he" could be either
    person_subject = spoken.pop() or ""
    if not pronoun_fits(lead.group("p").casefold(), person_subject.partition(":")[2].casefold()):
        return None  # "my son's teacher is Mrs. Alvarez" / "she went on leave": not the son
    named = next(b for b in people if b.subject == person_subject and b.valid_from == last)
    label = _label(named.statement, person_subject.partition(":")[2], cjk)
    if label is None:
        return None
    rest = statement.strip()[lead.end() :]
    if not cjk and lead.group(0).casefold().endswith("'s"):
        rest = copula_expanded("it's" + rest)[2:]  # "she's at ..." -> "... is at ...", "she's just gone" -> "has"
    elif not cjk and lead.group(0).casefold().endswith("'re"):
        rest = " are" + rest  # "they're in Spain now" -> "... are in Spain now"
    return person_subject, label + rest


def _label(statement: str, person: str, cjk: bool) -> str | None:
    """How the earlier belief names the person ("The user's husband",
    "Grandpa", "用户老公"), as it is written there."""
    if cjk:
        at = statement.find(person)
        if at < 0:
            return None
        head = statement[:at]
        return head + person if head in ("用户", "用户的") else person
    m = re.search(r"(?:\b[Tt]he user's|\b[A-Z][\w-]*'s)\s+" + re.escape(person) + r"\b", statement)
    if m is None:
        m = re.search(r"\b" + re.escape(person) + r"\b", statement, re.IGNORECASE)
    if m is None:
        return None
    text = m.group(0)
    return text[:1].upper() + text[1:]


# A name first with "'s" and where they are or what they are on, as chat types it ("Jo's on days now")
_NAME_TYPED_LOW = re.compile(r"(?P<name>(?-i:[A-Z])[a-z]+)'s\s+(?:on|at|in|off|back|now|gone|been|got|started|moved)\b")


def named_person(statement: str, subject: str | None, beliefs: Sequence[BeliefView]) -> tuple[str, str] | None:
    """The speaker's person a statement names by the name alone ("Raj quit last week"),
    where the speaker's beliefs name exactly one person of theirs so, beside their relation
    ("The user's coworker Raj sits next to the user"): that person's subject and the
    statement with the name as the belief writes it ("The user's coworker Raj quit ...").
    None when the name is no one of theirs, or more than one person of theirs bears it."""
    speaker, _, who = (subject or "").partition(":")
    if not who and not is_cjk(statement) and (typed := _NAME_TYPED_LOW.match(statement.strip())) is not None:
        # "jo's on days now": a name typed in lower case, read as no one by the frames; theirs where
        # the beliefs name one person of theirs so
        who = typed.group("name").casefold()
    if not who or who in _PRONOUN_KEYS or " " in who or is_cjk(statement):
        return None
    # ("Ollie's been at Greenfield since half term": "'s" for "has" or "is", not "Ollie's school")
    lead = re.match(
        r"(?P<name>(?-i:[A-Z])[a-z]+)\b(?!'s\b(?!\s+(?:been|got|gone|started|moved|at|in|now|just|on|off|left|finished|"
        r"back|still)\b))",
        statement.strip(),
    )
    if lead is None or lead.group("name").casefold() != who.casefold():
        return None
    name = lead.group("name")
    called = re.compile(r"\b[Tt]he user's\s+(?P<rel>[\w-]+(?:\s[\w-]+)?)\s+" + re.escape(name) + r"\b")
    theirs = {
        b.subject
        for b in beliefs
        if b.subject
        and b.subject.startswith(speaker + ":")
        and (m := called.search(b.statement)) is not None
        and b.subject.partition(":")[2] == m.group("rel").casefold()
    }
    if len(theirs) != 1:
        return None
    person = theirs.pop()
    return person, f"The user's {person.partition(':')[2]} {name}{statement.strip()[lead.end() :]}"
