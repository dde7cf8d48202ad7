"""Search and context options: one frozen value, built and checked once at the
door (the owner handle) and passed down; the layers below declare none of its
fields again. Bad options are refused with a typed error before anything is
read, the store unchanged (every backend)."""

from __future__ import annotations

import dataclasses
import inspect
from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ledgermind import ContextOptions, MemoryEngine, Owner, SearchOptions
from ledgermind.domain.errors import InvalidInput, InvalidTimestamp, LedgermindError
from ledgermind.domain.memory import KINDS
from ledgermind.retrieval.context import ContextBuilder
from ledgermind.retrieval.options import MAX_K
from ledgermind.retrieval.search import Searcher
from ledgermind.retrieval.service import Retrieval

OWNER = Owner("options", "alice")
NAIVE = datetime(2024, 5, 1)


def _fields(value_type: type) -> dict[str, Any]:
    return {f.name: f.default for f in dataclasses.fields(value_type)}


def _keywords(method: Any, *leave_out: str) -> dict[str, Any]:
    params = inspect.signature(method).parameters
    return {n: p.default for n, p in params.items() if n not in ("self", "query", *leave_out)}


def test_the_layers_below_the_door_take_the_value_not_its_fields() -> None:
    for method in (Retrieval.search, Searcher.search, Retrieval.build_context, ContextBuilder.build):
        assert list(inspect.signature(method).parameters) == ["self", "owner", "query", "options"], method


def test_the_doors_keywords_are_the_values_fields_with_the_same_defaults() -> None:
    """The handle keeps its keyword call style; what it declares is exactly
    the value it builds (plus the instruction filter it applies itself), so
    the two cannot drift apart."""
    from ledgermind import OwnerMemory

    assert _keywords(OwnerMemory.search, "include_instruction_like") == _fields(SearchOptions)
    assert _keywords(OwnerMemory.build_context) == _fields(ContextOptions)


BAD_SEARCH: list[tuple[dict[str, Any], type[LedgermindError]]] = [
    ({"k": 0}, InvalidInput),
    ({"k": MAX_K + 1}, InvalidInput),
    ({"k": True}, InvalidInput),
    ({"k": "5"}, InvalidInput),
    ({"kinds": []}, InvalidInput),
    ({"kinds": ["fact", "gossip"]}, InvalidInput),
    ({"kinds": 3}, InvalidInput),
    ({"kinds": [None]}, InvalidInput),
    ({"as_of": NAIVE}, InvalidTimestamp),
    ({"known_at": "2024-05-01"}, InvalidTimestamp),
    ({"include_messages": "yes"}, InvalidInput),
]

BAD_CONTEXT: list[dict[str, Any]] = [
    {"token_budget": 0},
    {"time_budget_ms": -1},
    {"max_items": True},
    {"max_items": 2.5},
    {"include_messages": None},
    {"include_instruction_like": "no"},
]


@pytest.mark.parametrize(("options", "error"), BAD_SEARCH, ids=[str(o) for o, _ in BAD_SEARCH])
def test_bad_search_options_are_refused_at_the_door(
    eng: MemoryEngine, options: dict[str, Any], error: type[LedgermindError]
) -> None:
    mem = eng.for_owner(OWNER)
    mem.create_session("agent")
    head = eng.log.recorder.max_notification_id()
    for instruction_filter in (True, False):  # both of the handle's paths
        with pytest.raises(error):
            mem.search("tea", include_instruction_like=instruction_filter, **options)
    with pytest.raises(error):
        SearchOptions(**options)
    assert eng.log.recorder.max_notification_id() == head


@pytest.mark.parametrize("options", BAD_CONTEXT, ids=[str(o) for o in BAD_CONTEXT])
def test_bad_context_options_are_refused_at_the_door(eng: MemoryEngine, options: dict[str, Any]) -> None:
    mem = eng.for_owner(OWNER)
    head = eng.log.recorder.max_notification_id()
    with pytest.raises(InvalidInput):
        mem.build_context("tea", **options)
    with pytest.raises(InvalidInput):
        ContextOptions(**options)
    assert eng.log.recorder.max_notification_id() == head


def test_a_changed_copy_is_checked_again() -> None:
    """The handle widens ``k`` with ``dataclasses.replace``: a copy is built
    through the same checks, so no layer can hand down an unchecked value."""
    with pytest.raises(InvalidInput):
        dataclasses.replace(SearchOptions(k=5), k=0)
    with pytest.raises(InvalidInput):
        dataclasses.replace(ContextOptions(), max_items=0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        SearchOptions().k = 3  # type: ignore[misc]


@given(
    k=st.integers(min_value=-3, max_value=MAX_K + 3),
    kinds=st.none() | st.lists(st.sampled_from([*sorted(KINDS), "nope", ""]), max_size=6),
    as_of=st.none() | st.datetimes(timezones=st.just(UTC)) | st.datetimes(),
)
def test_a_built_value_is_always_a_valid_one(k: int, kinds: list[str] | None, as_of: datetime | None) -> None:
    try:
        built = SearchOptions(k, kinds, as_of)
    except LedgermindError:
        assert (
            not 1 <= k <= MAX_K
            or (kinds is not None and (not kinds or not set(kinds) <= KINDS))
            or (as_of is not None and as_of.tzinfo is None)
        )
        return
    assert 1 <= built.k <= MAX_K
    if kinds is None:
        assert built.kinds is None
    else:
        assert built.kinds == tuple(dict.fromkeys(kinds)) and set(built.kinds) <= KINDS
    assert built.as_of == as_of
