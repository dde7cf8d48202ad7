"""What an extractor proposes, and the protocol every extractor follows.

An extractor only *proposes*; ``reconcile`` (deterministic code) decides what
is written. That split is what makes an LLM extractor safe: its output is a
list of proposals recorded verbatim in the event (``raw``), never a command.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from ledgermind.distill.delta import ExtractionContext

__all__ = ["OPS", "Extraction", "Extractor", "Proposal"]

OPS = frozenset({"add", "update", "delete", "clear"})


@dataclass(frozen=True, slots=True)
class Proposal:
    op: str  # add / update / delete / clear
    kind: str  # fact / episode / experience
    statement: str  # self-contained: speaker names and dates written in
    valid_from: datetime  # when it started to hold (the source message's occurred_at)
    source: dict[str, Any]  # the item it came from (session, seq, position)
    source_key: str  # stable per (source item, proposal): the belief id derives from it
    confidence: float
    subject: str | None = None  # who or what it is about (contradiction key, part 1)
    attribute: str | None = None  # which property of the subject (contradiction key, part 2)
    value: str | None = None  # the property's value: same key, different value = contradiction
    topics: tuple[str, ...] = ()
    participants: tuple[str, ...] = ()
    location: str | None = None
    event_time: datetime | None = None
    problem: str | None = None
    solution: str | None = None
    sources: tuple[dict[str, Any], ...] = field(default=())
    rule: str | None = None  # which rule family read it: named in the decision's reason
    value_type: str | None = None  # version / place / organisation / contact / number / time / ...
    replaces: str | None = None  # a value the statement names as gone ("from Go 1.23", "no longer coffee")
    flags: tuple[str, ...] = ()  # ``instruction_like`` ... (``ledgermind.distill.flags``)
    said_at: datetime | None = None  # when its message was said (valid_from may be earlier: "yesterday")
    slip_owned: bool = False  # its message says something said before was wrong: it may correct it
    slip_values: tuple[str, ...] = ()  # where it owns a slip, the values its message says (one may be the wrong one)


@dataclass(frozen=True, slots=True)
class Extraction:
    """An extractor's answer: proposals plus how they were made (for the event)."""

    proposals: tuple[Proposal, ...]
    method: str  # "rule", "llm", ...
    extractor: str
    extractor_version: str
    raw: str | None = None  # an LLM's raw output; None for deterministic extractors
    model_calls: int = 0


class Extractor(Protocol):
    name: str
    version: str

    def extract(self, ctx: ExtractionContext) -> Extraction: ...
