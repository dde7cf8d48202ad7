"""What the rule distiller keeps after a user says some texts, one message a
month apart: the pure extractor + reconcile path the governance eval runs
(``benchmarks/governance_eval.py``), without an engine, for the rule tests."""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ledgermind import Owner
from ledgermind.distill import DeltaItem, ExtractionContext, RuleExtractor
from ledgermind.distill.reconcile import reconcile
from ledgermind.domain import bitemporal

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import governance_eval


def beliefs_after(owner: Owner, *texts: str, name: str | None = None) -> tuple[list[str], list[str]]:
    """(current, ended) statements after each text is said (one message each),
    by a speaker called ``name`` (as LoCoMo's turns are) or by "the user"."""
    beliefs: dict[str, Any] = {}
    ex = RuleExtractor()
    for seq, text in enumerate(texts, start=1):
        at = datetime(2026, 2 + seq, 1, 10, tzinfo=UTC)
        item = DeltaItem(f"s{seq}", 1, "user", text, at, seq, name=name)
        extraction = ex.extract(ExtractionContext(owner, f"s{seq}", (item,), None, at))
        current = [b for b in beliefs.values() if b.status == bitemporal.CURRENT]
        governance_eval._fold(owner, beliefs, reconcile(owner, extraction, current))
    views = list(beliefs.values())
    return (
        [b.statement for b in views if b.status == bitemporal.CURRENT],
        [b.statement for b in views if b.status != bitemporal.CURRENT],
    )
