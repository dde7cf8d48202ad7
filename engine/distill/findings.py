"""A sentence rule's result, before the extractor turns it into a proposal."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from ledgermind.distill.text import normalise

__all__ = ["TITLE_PERIOD", "Finding", "Speaker", "attribute_of", "clean_value"]

# A title's period ("Ms. Park", "Dr. Alvarado"), which ends no value: a pattern for a
# value's alternation (each title its own look-behind, as they differ in width).
TITLE_PERIOD = "|".join(
    rf"(?<=\b{t})\." for t in ("Mr", "Ms", "Mrs", "Mx", "Dr", "Prof", "St", "mr", "ms", "mrs", "dr", "prof")
)

_VERSIONED = re.compile(r"\b([A-Za-z][A-Za-z+#.-]*)\s+v?(\d+(?:\.\d+)+|\d+)\b")
_TRAILING = re.compile(
    r"(?:\s+(?:now|already|these days|nowadays|anymore|any more|as well|too|again)|[\s了啦呢吧啊。！!.，,]+)+$"
)


@dataclass(frozen=True, slots=True)
class Speaker:
    key: str  # stable subject key: the name casefolded, else the role
    label: str  # how statements name them ("Ken", "The user")
    zh_label: str  # the same in Chinese statements ("张伟", "用户")


@dataclass(frozen=True, slots=True)
class Finding:
    kind: str
    statement: str
    op: str = "add"
    subject: str | None = None
    attribute: str | None = None
    value: str | None = None
    participants: tuple[str, ...] = ()
    location: str | None = None
    event_time: datetime | None = None
    rule: str | None = None  # the rule family that read it (frames), for the event's explanation
    value_type: str | None = None  # version / place / organisation / contact / number / time / ...
    replaces: str | None = None  # the value it names as gone ("from X to Y", "no longer X")
    valid_from: datetime | None = None  # when it started to hold, if the sentence says ("last week")
    flags: tuple[str, ...] = ()  # ``instruction_like`` (see ``ledgermind.distill.flags``)


def clean_value(text: str) -> str:
    """A property value without trailing particles, "now", punctuation."""
    return _TRAILING.sub("", text.strip()).strip()


def attribute_of(thing: str, value: str) -> str:
    """The contradiction key for "<thing> is/uses <value>".

    When the value names a versioned thing ("Go 1.23"), the key includes it
    ("production environment/go"), so "uses Go 1.23" and "has 3 servers" are
    two attributes of production, while "Go 1.23" and "Go 1.24" clash."""
    key = normalise(thing)
    for prefix in ("my ", "our ", "the ", "his ", "her ", "their "):
        if key.startswith(prefix):
            key = key[len(prefix) :]
    m = _VERSIONED.search(value)
    if m:
        key = f"{key}/{m.group(1).casefold()}"
    return key
