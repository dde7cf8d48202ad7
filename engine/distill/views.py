"""A belief as reconciliation sees it: plain values folded from memory events."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime

from ledgermind.distill.confidence import DEFAULT_POLICY, ConfidencePolicy
from ledgermind.distill.text import tokens
from ledgermind.domain import bitemporal

__all__ = ["BeliefView"]


@dataclass(frozen=True, slots=True)
class BeliefView:
    memory_id: str
    kind: str
    statement: str
    valid_from: datetime
    confidence: float
    subject: str | None = None
    attribute: str | None = None
    value: str | None = None
    confirmed_at: datetime | None = None  # last distilled / reinforced / revised (transaction time)
    status: str = bitemporal.CURRENT  # current / invalidated / forgotten (domain.bitemporal)
    invalid_at: datetime | None = None
    superseded_by: str | None = None
    supersedes: str | None = None
    method: str = "rule"
    flags: tuple[str, ...] = ()  # instruction_like / conflicting (``ledgermind.distill.flags``)
    conflicts_with: tuple[str, ...] = ()  # the beliefs a ``conflicting`` one contradicts
    words: frozenset[str] = field(default=frozenset(), compare=False)

    @property
    def instruction_like(self) -> bool:
        """The statement reads as an instruction to the agent: kept, never a plain fact."""
        return "instruction_like" in self.flags

    @property
    def conflicting(self) -> bool:
        """It contradicts ``conflicts_with`` and no rule settled which holds."""
        return "conflicting" in self.flags

    @classmethod
    def make(cls, **fields: object) -> BeliefView:
        view = cls(**fields)  # type: ignore[arg-type]
        return view.with_statement(view.statement)

    def with_statement(self, statement: str) -> BeliefView:
        return replace(self, statement=statement, words=tokens(statement))

    def confidence_at(self, now: datetime, policy: ConfidencePolicy = DEFAULT_POLICY) -> float:
        """The stored confidence decayed by the time since the belief was last
        confirmed (read-time decay; the events keep the undecayed value)."""
        return policy.at(self.confidence, self.kind, self.confirmed_at or self.valid_from, now)

    def holds_at(self, valid_time: datetime) -> bool:
        """Valid-time membership: valid_from <= T < invalid_at (forgotten never holds)."""
        if self.status == bitemporal.FORGOTTEN_STATUS:
            return False
        return bitemporal.holds_at(self.valid_from, self.invalid_at, valid_time)
