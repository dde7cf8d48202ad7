"""Everything that becomes a memory event is validated before it exists.

The finding that started it: ``remember(owner, "I like tea", event_time="2024-05-01")``
was stored, and the memory and search projections then failed on it for every
owner. Now each bad extra of ``remember`` / ``correct`` and each bad value of
a belief change (what the distiller hands ``apply_changes``) is refused with a
typed ``InvalidInput`` subclass, and the log does not move.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest

from ledgermind import EngineConfig, MemoryEngine, Owner
from ledgermind.domain.errors import (
    ContentTooLarge,
    InvalidContent,
    InvalidId,
    InvalidInput,
    InvalidMetadata,
    InvalidTimestamp,
)
from ledgermind.write.beliefs import Invalidate, NewBelief, Reinforce, Revise

OWNER = Owner("poison", "user-1")
MAY = datetime(2024, 5, 1, tzinfo=UTC)

BAD_EXTRAS: list[tuple[dict[str, Any], type[InvalidInput]]] = [
    ({"event_time": "2024-05-01"}, InvalidTimestamp),  # the finding
    ({"event_time": 1714521600}, InvalidTimestamp),
    ({"event_time": datetime(2024, 5, 1)}, InvalidTimestamp),  # naive
    ({"valid_from": "2024-05-01"}, InvalidTimestamp),
    ({"subject": "tea\x00drinker"}, InvalidContent),
    ({"location": "Paris\x00"}, InvalidContent),
    ({"key": "req\x00-1"}, InvalidContent),
    ({"key": "\ud800"}, InvalidContent),
    ({"participants": [b"\xff"]}, InvalidContent),
    ({"participants": ["ann", 7]}, InvalidContent),
    ({"topics": [1, 2]}, InvalidContent),
    ({"topics": "tea"}, InvalidContent),  # a string is not a list of topics
    ({"value": 3}, InvalidContent),
    ({"attribute": "x" * (5 << 20)}, ContentTooLarge),
    ({"key": "k" * (1 << 20)}, ContentTooLarge),
    ({"topics": ["t"] * 100_000}, ContentTooLarge),
    ({"kind": ["fact"]}, InvalidInput),
    ({"kind": "opinion"}, InvalidInput),
]


def _head(eng: MemoryEngine) -> int:
    return int(eng.log.recorder.max_notification_id() or 0)


@pytest.mark.parametrize(("extra", "error"), BAD_EXTRAS, ids=lambda v: repr(v)[:40] if isinstance(v, dict) else "")
def test_remember_refuses_every_bad_extra_and_writes_nothing(
    eng: MemoryEngine, extra: dict[str, Any], error: type[InvalidInput]
) -> None:
    before = _head(eng)
    with pytest.raises(error):
        eng.for_owner(OWNER).remember("I like tea", **extra)
    assert _head(eng) == before


def test_remember_accepts_the_same_extras_well_formed(eng: MemoryEngine) -> None:
    mid = eng.for_owner(OWNER).remember(
        "I had tea in Paris with Ann",
        kind="episode",
        subject="user",
        attribute="drink",
        value="Tea",
        topics=["tea", "paris"],
        participants=["Ann"],
        location="Paris",
        event_time=MAY,
        valid_from=MAY,
        key="request-1",
    )
    memory = eng.for_owner(OWNER).load_memory(mid)
    assert memory is not None and memory.value == "tea"
    eng.projections.wait()
    assert [r.id for r in eng.for_owner(OWNER).search("Paris tea")][:1] == [mid]


def test_list_and_field_limits_follow_the_environment(tmp_path: Any) -> None:
    config = EngineConfig.from_env(
        {"LEDGERMIND_MAX_LIST_ITEMS": "2", "LEDGERMIND_MAX_FIELD_CHARS": "8", "LEDGERMIND_MAX_STATEMENT_BYTES": "32"}
    )
    assert (config.limits.max_list_items, config.limits.max_field_chars) == (2, 8)
    with MemoryEngine.open(str(tmp_path / "limits.db"), config=config) as eng:
        with pytest.raises(ContentTooLarge):
            eng.for_owner(OWNER).remember("tea", topics=["a", "b", "c"])
        with pytest.raises(ContentTooLarge):
            eng.for_owner(OWNER).remember("tea", subject="123456789")
        with pytest.raises(ContentTooLarge):
            eng.for_owner(OWNER).remember("t" * 33)
        eng.for_owner(OWNER).remember("tea", topics=["a", "b"], subject="12345678")


def test_correct_refuses_a_bad_statement_and_writes_nothing(eng: MemoryEngine) -> None:
    mid = eng.for_owner(OWNER).remember("I like tea")
    before = _head(eng)
    for bad, error in (
        ("tea\x00", InvalidContent),
        (b"tea", InvalidContent),
        ("\udcff", InvalidContent),
        ("t" * (17 << 10), ContentTooLarge),
        (5, InvalidContent),
    ):
        with pytest.raises(error):
            eng.for_owner(OWNER).correct(mid, bad)  # type: ignore[arg-type]
    assert _head(eng) == before


def _belief(**fields: Any) -> NewBelief:
    base = NewBelief(
        source_key="extractor:1",
        kind="fact",
        statement="likes tea",
        valid_from=MAY,
        confidence=0.7,
        method="llm",
        extractor="test",
    )
    return replace(base, **fields)


BAD_CHANGES: list[tuple[Any, type[InvalidInput]]] = [
    (_belief(event_time="2024-05-01"), InvalidTimestamp),
    (_belief(event_time=datetime(2024, 5, 1)), InvalidTimestamp),
    (_belief(subject="a\x00b"), InvalidContent),
    (_belief(topics=("tea", 3)), InvalidContent),
    (_belief(participants=[b"ann"]), InvalidContent),
    (_belief(location="x" * 5000), ContentTooLarge),
    (_belief(statement=b"likes tea"), InvalidInput),
    (_belief(confidence=float("nan")), InvalidInput),
    (_belief(method="m" * 65), ContentTooLarge),  # wider than the read model's column
    (_belief(supersedes="not-an-id"), InvalidId),
    (_belief(sources=({"at": MAY},)), InvalidMetadata),
    (_belief(source_key=""), InvalidInput),
]


@pytest.mark.parametrize(("change", "error"), BAD_CHANGES, ids=[str(i) for i in range(len(BAD_CHANGES))])
def test_a_bad_belief_change_is_refused_before_any_event(
    eng: MemoryEngine, change: Any, error: type[InvalidInput]
) -> None:
    good = eng.for_owner(OWNER).apply_memory_changes([_belief(source_key="ok")])[0]
    before = _head(eng)
    with pytest.raises(error):  # the good change in the same list is not written either
        eng.for_owner(OWNER).apply_memory_changes([_belief(source_key="ok-2"), change])
    assert _head(eng) == before
    for later in (
        Reinforce(good, confidence=0.8, reason="x\x00"),
        Revise(good, statement="likes tea", confidence=0.8, reason="r", method="llm", event_time="yesterday"),  # type: ignore[arg-type]
        Invalidate(good, invalid_at=datetime(2024, 6, 1), reason="naive"),
    ):
        with pytest.raises(InvalidInput):
            eng.for_owner(OWNER).apply_memory_changes([later])
    assert _head(eng) == before
