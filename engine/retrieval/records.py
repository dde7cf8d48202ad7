"""What the read path returns: a search result."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

__all__ = ["SearchResult"]


@dataclass(frozen=True, slots=True)
class SearchResult:
    """What ``search`` returns; ``sources`` name the messages it came from."""

    id: str
    item_type: str
    kind: str
    statement: str
    score: float  # the fused rank score: chooses which of one query's results are served
    # 0..1, comparable across queries (``retrieval.relevance``): what orders the served results
    relevance: float
    confidence: float
    valid_from: datetime
    invalid_at: datetime | None
    sources: tuple[dict[str, Any], ...] = field(default_factory=tuple)
    # a turn whose belief was invalidated: the belief that replaced it
    superseded_by: str | None = None
    # whom a belief is about, as the distiller keyed it: the speaker ("user",
    # or their name) or someone of theirs ("user:sister"); None for a message
    subject: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "item_type": self.item_type,
            "kind": self.kind,
            "statement": self.statement,
            "score": round(self.score, 6),
            "relevance": round(self.relevance, 4),
            "confidence": self.confidence,
            "valid_from": self.valid_from.isoformat(),
            "invalid_at": None if self.invalid_at is None else self.invalid_at.isoformat(),
            "sources": [dict(s) for s in self.sources],
            "superseded_by": self.superseded_by,
            "subject": self.subject,
        }
