"""How one search or one context block is asked for, as one value passed down.

Why a value: ``search``'s options (how many, which kinds, as of which
bitemporal point, with raw turns or not) and ``build_context``'s budgets
were re-declared, with their defaults, on the owner handle, the retrieval
facade and the searcher (or the context builder), and each layer had to
keep them in step. The handle builds one frozen value from its keywords and
the layers below only pass it on or read it (like ``write.options``'s
``WriteOptions`` for writes). It is checked once, when built: a bad value
raises ``InvalidInput`` / ``InvalidTimestamp`` before anything is read, so
no layer below checks it again.

The query is not an option: it is what is asked, checked by the searcher.
Callers of the owner handle pass keywords (``mem.search("tea", k=5)``); the
handle builds the value, and ``Retrieval``, the searcher and the context
builder take it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from ledgermind.domain.errors import InvalidInput, InvalidTimestamp
from ledgermind.domain.memory import KINDS

__all__ = ["DEFAULT_CONTEXT", "DEFAULT_SEARCH", "MAX_K", "ContextOptions", "SearchOptions"]

MAX_K = 200


@dataclass(frozen=True, slots=True)
class SearchOptions:
    """``k``: results at most, 1 to ``MAX_K``. ``kinds``: only beliefs of
    these kinds (a string or a non-empty sequence of ``domain.memory.KINDS``;
    kept as a tuple without repeats; the search widens to every kind when
    fewer than a few match). ``as_of`` / ``known_at``: the valid time and
    the transaction time to read at, timezone-aware (None: now).
    ``include_messages``: raw turns too, beside the beliefs."""

    k: int = 10
    kinds: tuple[str, ...] | None = None
    as_of: datetime | None = None
    known_at: datetime | None = None
    include_messages: bool = False

    def __init__(
        self,
        k: int = 10,
        kinds: Sequence[str] | str | None = None,
        as_of: datetime | None = None,
        known_at: datetime | None = None,
        include_messages: bool = False,
    ) -> None:
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= MAX_K:
            raise InvalidInput(f"k must be an integer within [1, {MAX_K}]")
        _aware(as_of, "as_of")
        _aware(known_at, "known_at")
        if not isinstance(include_messages, bool):
            raise InvalidInput("include_messages must be true or false")
        object.__setattr__(self, "k", k)
        object.__setattr__(self, "kinds", _kinds(kinds))
        object.__setattr__(self, "as_of", as_of)
        object.__setattr__(self, "known_at", known_at)
        object.__setattr__(self, "include_messages", include_messages)


@dataclass(frozen=True, slots=True)
class ContextOptions:
    """``token_budget``: the block's size at most (``estimate_tokens``).
    ``time_budget_ms``: past it the block is "". ``max_items``: entries at
    most. ``include_messages``: raw turns too. ``include_instruction_like``:
    also inject beliefs whose text reads as an instruction to the model
    (left out by default: data an agent must not act on)."""

    token_budget: int = 800
    time_budget_ms: int = 800
    max_items: int = 10
    include_messages: bool = False
    include_instruction_like: bool = False

    def __post_init__(self) -> None:
        for label in ("token_budget", "time_budget_ms", "max_items"):
            value = getattr(self, label)
            if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
                raise InvalidInput(f"{label} must be a positive integer")
        for label in ("include_messages", "include_instruction_like"):
            if not isinstance(getattr(self, label), bool):
                raise InvalidInput(f"{label} must be true or false")


def _kinds(kinds: object) -> tuple[str, ...] | None:
    if kinds is None:
        return None
    if isinstance(kinds, str):
        kinds = [kinds]
    if not isinstance(kinds, Sequence) or not all(isinstance(x, str) for x in kinds):
        raise InvalidInput(f"kinds must be a non-empty subset of {sorted(KINDS)}, got {kinds!r}")
    chosen = tuple(dict.fromkeys(kinds))
    unknown = [x for x in chosen if x not in KINDS]
    if unknown or not chosen:
        raise InvalidInput(f"kinds must be a non-empty subset of {sorted(KINDS)}, got {list(kinds)!r}")
    return chosen


def _aware(moment: object, label: str) -> None:
    if moment is not None and (not isinstance(moment, datetime) or moment.tzinfo is None):
        raise InvalidTimestamp(f"{label} must be a timezone-aware datetime")


DEFAULT_SEARCH = SearchOptions()
DEFAULT_CONTEXT = ContextOptions()
