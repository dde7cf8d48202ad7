"""The grey zone's bound (``GreyZone.overlap``, calibrated on the dev split:
docs/benchmarks/governance.md) keeps two facts about different things apart.

Two statements that share their frame words but name different subjects
("the billing service" / "the search service") are unrelated: both kept,
neither flagged. Under the earlier bound (0.6) they were recorded as a
conflict; the wording here is not the dev split's.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from ledgermind import Owner
from ledgermind.distill import DeltaItem, ExtractionContext, RuleExtractor
from ledgermind.distill.generic_decision import DEFAULT_GREY, GreyZone
from ledgermind.distill.reconcile import ReconcileConfig, reconcile
from ledgermind.distill.views import BeliefView
from ledgermind.write.beliefs import BeliefChange, Flag, Invalidate, NewBelief, new_belief_id

OWNER = Owner("grey-bound", "u")
START = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def _changes(first: str, second: str, grey: GreyZone) -> list[BeliefChange]:
    """The second statement's changes against the first one's belief (two messages, a day apart)."""
    extractor, held, out = RuleExtractor(), [], []
    for n, text in enumerate((first, second)):
        at = START + timedelta(days=n)
        item = DeltaItem(f"s{n}", 1, "user", text, at, n + 1)
        out = reconcile(OWNER, extractor.extract(ExtractionContext(OWNER, f"s{n}", (item,), None, at)), held,
                        ReconcileConfig(grey=grey))  # fmt: skip
        held += [
            BeliefView.make(memory_id=new_belief_id(OWNER, c.source_key), kind=c.kind, statement=c.statement,
                            valid_from=c.valid_from, confidence=c.confidence, subject=c.subject,
                            attribute=c.attribute, value=c.value, flags=c.flags)
            for c in out if isinstance(c, NewBelief)
        ]  # fmt: skip
    return out


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("The billing service is written in Go.", "The search service is written in Rust."),
        ("支付服务是用Java写的。", "搜索服务是用Rust写的。"),
    ],
)
def test_facts_about_two_things_alike_in_wording_are_not_a_conflict(first: str, second: str) -> None:
    changes = _changes(first, second, DEFAULT_GREY)
    assert [type(c) for c in changes] == [NewBelief]  # kept beside the first: no flag, no invalidation
    assert not changes[0].flags  # type: ignore[union-attr]
    earlier = _changes(first, second, GreyZone(0.6))  # what the bound was before calibration
    assert any(isinstance(c, Flag) for c in earlier) and not any(isinstance(c, Invalidate) for c in earlier)
