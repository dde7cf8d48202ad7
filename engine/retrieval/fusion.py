"""Pure ranking steps: reciprocal rank fusion, belief weighting, dedup.

Why RRF: BM25 scores and cosine similarities live on unrelated scales;
fusing by rank (``sum 1 / (k + rank)``, Cormack et al. 2009, k = 60) needs
no calibration and rewards items that both lists agree on. The weighting
that follows is deliberately mild (a factor between 0.6 and 1.0) so it
orders near-ties by confidence and freshness without overturning relevance.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from functools import lru_cache
from typing import TypeVar

from ledgermind.analysis.text import tokens

__all__ = ["DUPLICATE_JACCARD", "RRF_K", "belief_weight", "drop_near_duplicates", "rrf"]

RRF_K = 60
DUPLICATE_JACCARD = 0.8
RECENCY_HALF_LIFE_DAYS = 180.0

K = TypeVar("K", bound=Hashable)
T = TypeVar("T")


def rrf(rankings: Sequence[Sequence[K]], k: int = RRF_K) -> list[tuple[K, float]]:
    """Fused (key, score) pairs, best first; ties keep first-seen order.

    Ranks are 1-based: the top item of a list contributes ``1 / (k + 1)``.
    A key repeated within one list counts once, at its best rank."""
    scores: dict[K, float] = {}
    for ranking in rankings:
        seen: set[K] = set()
        for rank, key in enumerate(ranking, start=1):
            if key in seen:
                continue
            seen.add(key)
            scores[key] = scores.get(key, 0.0) + 1.0 / (k + rank)
    order = {key: i for i, key in enumerate(scores)}
    return sorted(scores.items(), key=lambda kv: (-kv[1], order[kv[0]]))


def belief_weight(confidence: float, age_days: float) -> float:
    """Multiplier in [0.6, 1.0]: 0.75 + 0.25 * confidence, times a freshness
    factor that halves its 20 % share every ``RECENCY_HALF_LIFE_DAYS``."""
    conf = min(max(confidence, 0.0), 1.0)
    fresh = 0.8 + 0.2 * math.pow(0.5, max(age_days, 0.0) / RECENCY_HALF_LIFE_DAYS)
    return (0.75 + 0.25 * conf) * fresh


def drop_near_duplicates(
    items: Sequence[T],
    text: Callable[[T], str],
    score: Callable[[T], float],
    threshold: float = DUPLICATE_JACCARD,
    limit: int | None = None,
) -> list[T]:
    """Keeps the better-scored item of every pair whose token Jaccard is at
    least ``threshold``; the survivors come back best first, at most
    ``limit`` of them (the rest is never compared: a search needs its top k)."""
    kept: list[tuple[T, frozenset[str]]] = []
    for item in sorted(items, key=score, reverse=True):
        if limit is not None and len(kept) >= limit:
            break
        words = _token_set(text(item))
        if all(_jaccard(words, other) < threshold for _, other in kept):
            kept.append((item, words))
    return [item for item, _ in kept]


@lru_cache(maxsize=20_000)
def _token_set(text: str) -> frozenset[str]:
    """The stemmed tokens of a text, cached: the same memories come back
    query after query, and stemming them was a third of a search's time."""
    return frozenset(tokens(text))


def _jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    """Token Jaccard of two token sets (1.0 for two empty ones), as ``text.jaccard``."""
    if not a and not b:
        return 1.0
    return len(a & b) / len(a | b)
