"""Checkers decide whether a session's delta is worth extracting yet.

They are plain functions ``(ExtractionContext) -> bool`` so that an
application can write its own in one line. A checker returning False is a
no-op: nothing is written and the session's cursor stays where it was, so
the same messages (plus whatever arrives later) are offered again on the
next pass. ``None`` as a checker means "always extract".
"""

from __future__ import annotations

from collections.abc import Callable

from ledgermind.distill.delta import ExtractionContext
from ledgermind.domain.errors import InvalidInput

__all__ = ["Checker", "all_of", "any_of", "message_count_gt", "should_extract", "time_since_last_gt"]

Checker = Callable[[ExtractionContext], bool]


def message_count_gt(n: int) -> Checker:
    """True when the delta holds strictly more than ``n`` distillable items."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise InvalidInput(f"message_count_gt needs a non-negative integer, got {n!r}")

    def check(ctx: ExtractionContext) -> bool:
        return len(ctx.items) > n

    check.__name__ = f"message_count_gt({n})"
    return check


def time_since_last_gt(seconds: float) -> Checker:
    """True when more than ``seconds`` passed since this session's last
    extraction (a session never extracted counts as infinitely long ago)."""
    if not isinstance(seconds, (int, float)) or isinstance(seconds, bool) or seconds < 0:
        raise InvalidInput(f"time_since_last_gt needs non-negative seconds, got {seconds!r}")

    def check(ctx: ExtractionContext) -> bool:
        if ctx.last_extraction is None:
            return True
        return (ctx.now - ctx.last_extraction).total_seconds() > seconds

    check.__name__ = f"time_since_last_gt({seconds})"
    return check


def all_of(*checkers: Checker) -> Checker:
    def check(ctx: ExtractionContext) -> bool:
        return all(c(ctx) for c in checkers)

    return check


def any_of(*checkers: Checker) -> Checker:
    def check(ctx: ExtractionContext) -> bool:
        return any(c(ctx) for c in checkers)

    return check


def should_extract(checker: Checker | None, ctx: ExtractionContext) -> bool:
    return True if checker is None else bool(checker(ctx))
