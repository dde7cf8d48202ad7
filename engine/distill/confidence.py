"""How sure the engine is of a belief: set at write time, decayed at read time.

Why decay at read time: the events record what was said and how sure the
extractor was *then*. Age is a property of the question ("how sure am I
now?"), so it is a pure function of the stored confidence, the belief's
last confirmation and the reader's clock; rewriting events to age them would
make replays depend on when they ran.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from types import MappingProxyType

from ledgermind.domain.errors import InvalidInput

__all__ = ["DEFAULT_POLICY", "ConfidencePolicy"]


def _frozen(d: dict[str, float]) -> Mapping[str, float]:
    return MappingProxyType(d)


@dataclass(frozen=True, slots=True)
class ConfidencePolicy:
    initial_by_method: Mapping[str, float] = field(
        default_factory=lambda: _frozen({"explicit": 0.95, "correction": 1.0, "llm": 0.7, "rule": 0.6})
    )
    default_initial: float = 0.5
    reinforcement_gain: float = 0.25  # each confirmation closes this share of the gap to 1.0
    # Half-lives in days: facts about a person change slowly, episodes lose
    # relevance faster, experiences (how a problem was solved) in between.
    half_life_days: Mapping[str, float] = field(
        default_factory=lambda: _frozen({"fact": 365.0, "episode": 90.0, "experience": 180.0})
    )
    floor: float = 0.05  # decay never drops a belief to nothing: it is still true until invalidated

    def initial(self, method: str) -> float:
        return self.initial_by_method.get(method, self.default_initial)

    def reinforced(self, confidence: float) -> float:
        """The value after one more independent confirmation (monotone, < 1 unless already 1)."""
        _check(confidence)
        return min(1.0, confidence + (1.0 - confidence) * self.reinforcement_gain)

    def corrected(self) -> float:
        """A user's explicit correction is the best evidence there is."""
        return 1.0

    def at(self, confidence: float, kind: str, confirmed_at: datetime, now: datetime) -> float:
        """Confidence as seen at ``now``: halves every half-life since the last
        confirmation; never below ``floor`` (or the stored value, if lower)."""
        _check(confidence)
        age_days = max(0.0, (now - confirmed_at).total_seconds() / 86400.0)
        half_life = self.half_life_days.get(kind, 365.0)
        decayed: float = confidence * 0.5 ** (age_days / half_life)  # float ** float is typed Any
        return max(decayed, min(self.floor, confidence))


def _check(value: float) -> None:
    if not isinstance(value, (int, float)) or not 0.0 <= float(value) <= 1.0:
        raise InvalidInput(f"confidence must be within [0, 1], got {value!r}")


DEFAULT_POLICY = ConfidencePolicy()
