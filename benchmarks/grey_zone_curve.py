"""How the grey zone's bound (``GreyZone.overlap``) moves decisions: the sensitivity curve.

``GreyZone.overlap`` is the share of the shorter statement's words the other
must have for two single-valued statements that are not one value apart, and
carry no cue, to count as one attribute in contradiction (a conflict, or with
an LLM configured a model call) rather than two unrelated facts. For each
value tried, two measurements, both with the rule extractor and ``reconcile``
in memory (the distiller's own functions):

1. the governance eval's **dev split only** (``governance_eval.load("dev")``,
   judged by its own judges): cases right, per kind where they differ, and the
   conflicts the grey-zone rule recorded (inside ``conflict`` cases, and
   elsewhere: a conflict in an update or unrelated case is a wrong one);
2. the LoCoMo dev conversations (unlabelled, ``--data``): how often the
   grey-zone rule fires per 100 turns (conflicts an auditor must look at, or
   model calls when a model judges them) and how many supersessions happen.

Nothing here reads the test or held-out cases. The choice made from this curve
and the principle behind it are in docs/benchmarks/governance.md.

    python benchmarks/grey_zone_curve.py [--data /work/shared/data/locomo/locomo_dev.json]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.governance_eval import PAIR_KINDS, _before_change, _fold, judge, load  # noqa: E402
from ledgermind import Owner  # noqa: E402
from ledgermind.distill import DeltaItem, ExtractionContext, RuleExtractor  # noqa: E402
from ledgermind.distill.generic_decision import GreyZone  # noqa: E402
from ledgermind.distill.proposals import Extraction  # noqa: E402
from ledgermind.distill.reconcile import ReconcileConfig, reconcile  # noqa: E402
from ledgermind.distill.views import BeliefView  # noqa: E402
from ledgermind.domain import bitemporal  # noqa: E402
from ledgermind.write.beliefs import BeliefChange, Flag, Invalidate  # noqa: E402

VALUES = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.01)  # 1.01: the rule switched off
GREY_RULE = "rule generic-grey-zone"
DEFAULT_DATA = Path("/work/shared/data/locomo/locomo_dev.json")


@dataclass
class Point:
    overlap: float
    right: int = 0
    n: int = 0
    by_kind: Counter[str] | None = None
    grey_in_conflict_cases: int = 0
    grey_elsewhere: int = 0
    locomo_grey: int = 0
    locomo_superseded: int = 0


def _grey(changes: list[BeliefChange]) -> int:
    """Conflicts the grey-zone rule recorded (one Flag per held belief it names)."""
    return sum(1 for c in changes if isinstance(c, Flag) and GREY_RULE in c.reason)


def governance(extractions: list[list[tuple[Owner, Extraction]]], cases: list[dict[str, Any]], p: Point) -> None:
    config = ReconcileConfig(grey=GreyZone(p.overlap))
    p.by_kind = Counter()
    for case, turns in zip(cases, extractions):
        beliefs: dict[str, BeliefView] = {}
        grey = 0
        for owner, extraction in turns:
            current = [b for b in beliefs.values() if b.status == bitemporal.CURRENT]
            changes = reconcile(owner, extraction, current, config)
            grey += _grey(changes)
            _fold(owner, beliefs, changes)
        found: set[str] = set()
        if case["kind"] in PAIR_KINDS:
            before = _before_change(case, list(beliefs.values()))
            found = {b.memory_id for b in beliefs.values() if b.holds_at(before)}
        ok, _ = judge(case, list(beliefs.values()), found)
        p.right += ok
        p.n += 1
        p.by_kind[case["kind"]] += ok
        if case["kind"] == "conflict":
            p.grey_in_conflict_cases += grey
        else:
            p.grey_elsewhere += grey


def extract_cases(cases: list[dict[str, Any]]) -> list[list[tuple[Owner, Extraction]]]:
    """Each case's extractions, once (they do not depend on the grey zone)."""
    ex = RuleExtractor()
    out = []
    for case in cases:
        owner = Owner("governance", case["id"])
        turns = []
        for seq, turn in enumerate(case["history"], start=1):
            at = datetime.fromisoformat(turn["at"])
            item = DeltaItem(f"s{seq}", 1, "user", turn["text"], at, seq)
            turns.append((owner, ex.extract(ExtractionContext(owner, f"s{seq}", (item,), None, at))))
        out.append(turns)
    return out


def extract_locomo(samples: list[dict[str, Any]]) -> tuple[list[list[tuple[Owner, Extraction]]], int]:
    """LoCoMo sessions as deltas (as ``locomo_precision`` reads them), extracted once."""
    from benchmarks.locomo_eval import parse_session_date, turn_text

    ex = RuleExtractor()
    out, turns_read = [], 0
    for sample in samples:
        conv = sample["conversation"]
        owner = Owner("locomo", sample["sample_id"])
        sessions = []
        n = 1
        while f"session_{n}" in conv:
            start = parse_session_date(conv[f"session_{n}_date_time"])
            items = tuple(
                DeltaItem(f"{sample['sample_id']}-s{n}", i + 1, "user", turn_text(t), start + timedelta(seconds=i),
                          i + 1, name=t["speaker"])
                for i, t in enumerate(conv[f"session_{n}"])
            )  # fmt: skip
            turns_read += len(items)
            sessions.append((owner, ex.extract(ExtractionContext(owner, f"s{n}", items, None, start))))
            n += 1
        out.append(sessions)
    return out, turns_read


def locomo(extractions: list[list[tuple[Owner, Extraction]]], p: Point) -> None:
    config = ReconcileConfig(grey=GreyZone(p.overlap))
    for sessions in extractions:
        beliefs: dict[str, BeliefView] = {}
        for owner, extraction in sessions:
            current = [b for b in beliefs.values() if b.status == bitemporal.CURRENT]
            changes = reconcile(owner, extraction, current, config)
            p.locomo_grey += _grey(changes)
            p.locomo_superseded += sum(1 for c in changes if isinstance(c, Invalidate) and c.superseded_by)
            _fold(owner, beliefs, changes)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default=str(DEFAULT_DATA), help="LoCoMo dev conversations (skipped if absent)")
    args = parser.parse_args()
    cases = load("dev")
    case_extractions = extract_cases(cases)
    data = Path(args.data)
    locomo_extractions, turns = extract_locomo(json.loads(data.read_text())) if data.exists() else ([], 0)
    points = []
    for value in VALUES:
        point = Point(value)
        governance(case_extractions, cases, point)
        if locomo_extractions:
            locomo(locomo_extractions, point)
        points.append(point)
    kinds = sorted({k for p in points for k in (p.by_kind or {})})
    varying = [k for k in kinds if len({(p.by_kind or Counter())[k] for p in points}) > 1]
    print(f"grey-zone curve: {len(cases)} dev cases; LoCoMo dev: {turns} turns")
    head = ["overlap", "dev right", *[f"dev {k}" for k in varying], "grey conflicts (conflict cases / elsewhere)"]
    if turns:
        head += ["LoCoMo grey conflicts / 100 turns", "LoCoMo supersessions / 100 turns"]
    print("| " + " | ".join(head) + " |\n|" + "---|" * len(head))
    for p in points:
        row = [f"{p.overlap:g}", f"{p.right} / {p.n}", *[str((p.by_kind or Counter())[k]) for k in varying]]
        row.append(f"{p.grey_in_conflict_cases} / {p.grey_elsewhere}")
        if turns:
            row += [f"{100 * p.locomo_grey / turns:.2f}", f"{100 * p.locomo_superseded / turns:.2f}"]
        print("| " + " | ".join(row) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
