"""Belief governance on ordinary language: updates, corrections, unrelated pairs.

Reads the scenario suite (``tests/rules/data/governance/cases.jsonl``: a short
history per case, English and Chinese, split dev / test up front) and asks,
per case, what the engine believes afterwards:

- update / correction: exactly right when a belief from the last message that
  states the new value is current, every earlier belief stating the old value
  is invalidated at the new belief's valid_from, no current belief states the
  old value, an as-of search one second before the change finds the old
  belief, and (when the message says "last week", "上个月", ...) the new
  belief's valid_from is that date;
- unrelated: both kept (the old belief is still current, the new one too).

Two paths, same judge. ``--path engine`` (default) runs the real engine: every
message through ``MemoryEngine.add_message`` on a temporary SQLite file,
``eng.distill()`` (extractor + reconcile + events), the log-folded belief
index, and ``mem.search(..., as_of=...)`` on the projections. ``--path pure``
runs the same extractor and ``reconcile`` in memory (the distiller's own
functions, no store) with an as-of fold instead of search: fast, for tests.
``--llm URL`` (or ``LEDGERMIND_LLM_URL``) swaps in the OpenAI-compatible
extractor, so both extractors are compared on the same cases.

    python benchmarks/governance_eval.py [--path engine|pure] [--split dev|test|all] [--llm URL --model M]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ledgermind import MemoryEngine, Owner  # noqa: E402
from ledgermind.distill import DeltaItem, ExtractionContext, RuleExtractor  # noqa: E402
from ledgermind.distill.llm_extractor import LLMConfig, LLMExtractor  # noqa: E402
from ledgermind.distill.proposals import Extractor  # noqa: E402
from ledgermind.distill.reconcile import DEFAULT_CONFIG, reconcile  # noqa: E402
from ledgermind.distill.views import BeliefView  # noqa: E402
from ledgermind.domain import bitemporal  # noqa: E402
from ledgermind.write.beliefs import Flag, Invalidate, NewBelief, Revise, new_belief_id  # noqa: E402

DATA = ROOT / "tests" / "rules" / "data" / "governance"
# cases.jsonl: phrasing families crossed (build.py), split dev / test by case;
# heldout.jsonl: hand-written later, other phrasings, test only, never tuned on.
# ordinary.jsonl: hand-written in one sitting before tuning, one wording per case, split dev / test /
# held-out by hash (build_ordinary.py); its kinds are described in README.md beside it.
FILES = (DATA / "cases.jsonl", DATA / "heldout.jsonl", DATA / "ordinary.jsonl")
PAIR_KINDS = ("update", "correction", "unrelated")
KINDS = (*PAIR_KINDS, "coverage", "negation", "conflict", "instruction", "non_belief")


@dataclass(frozen=True)
class Outcome:
    case: dict[str, Any]
    ok: bool
    why: str


def load(split: str = "all", files: tuple[Path, ...] = FILES) -> list[dict[str, Any]]:
    rows = [
        {**json.loads(line), "suite": path.stem}
        for path in files
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    return [r for r in rows if split == "all" or r["split"] == split]


# Beliefs are written in the third person: "I cycle to work" is kept as "The user
# cycles to work", so a marker word may carry the verb's or the plural's "-s".
_INFLECTION = r"(?:(?<=[a-z])e?s)?"


def _has(marker: str, text: str) -> bool:
    """Any of the ``|``-separated markers, as a whole token (so "20" is not "2026"),
    a word marker with or without its inflectional "-s" / "-es"."""
    for m in marker.split("|"):
        if re.search(r"[\u4e00-\u9fff]", m):
            if m in text:
                return True
        elif re.search(
            r"(?<![A-Za-z0-9.])" + re.escape(m.casefold()) + _INFLECTION + r"(?![A-Za-z0-9]|\.\d)", text.casefold()
        ):
            return True
    return False


def judge(case: dict[str, Any], beliefs: list[BeliefView], found_before: set[str]) -> tuple[bool, str]:
    """``beliefs``: every belief of the case's owner (all statuses);
    ``found_before``: ids an as-of query one second before the change found
    (asked only for the pair kinds)."""
    if case["kind"] not in PAIR_KINDS:
        return JUDGES[case["kind"]](case, beliefs)
    change = datetime.fromisoformat(case["history"][-1]["at"])
    earlier = datetime.fromisoformat(case["history"][-2]["at"])
    old = [b for b in beliefs if b.valid_from <= earlier and _has(case["old"], b.statement)]
    new = [
        b
        for b in beliefs
        if b.valid_from > earlier and b.status == bitemporal.CURRENT and _has(case["new"], b.statement)
    ]
    if not old:
        return False, "the first statement left no belief"
    if case["kind"] == "unrelated":
        gone = [b.statement for b in old if b.status != bitemporal.CURRENT]
        if gone:
            return False, f"invalidated: {gone}"
        return (True, "") if new else (False, "the second statement left no current belief")
    if not new:
        return False, "no current belief with the new value"
    still = [
        b.statement
        for b in beliefs
        if b.status == bitemporal.CURRENT and b.valid_from <= earlier and _has(case["old"], b.statement)
    ]
    if still:
        return False, f"old still current: {still}"
    at = new[0].valid_from
    if any(b.invalid_at != at for b in old):
        return False, "old not invalidated at the new belief's valid_from"
    if not found_before & {b.memory_id for b in old}:
        return False, "as-of search before the change did not find the old belief"
    if case.get("valid_from") and at.date().isoformat() != case["valid_from"]:
        return False, f"valid_from {at.date()} != {case['valid_from']}"
    if at > change:
        return False, "valid_from after the message"
    return True, ""


def _current(beliefs: list[BeliefView]) -> list[BeliefView]:
    return [b for b in beliefs if b.status == bitemporal.CURRENT]


def _distinct_holders(holders: list[list[str]], taken: frozenset[str] = frozenset()) -> bool:
    """Whether each fact can be given a belief of its own (a tiny bipartite matching)."""
    if not holders:
        return True
    return any(_distinct_holders(holders[1:], taken | {h}) for h in holders[0] if h not in taken)


def judge_coverage(case: dict[str, Any], beliefs: list[BeliefView]) -> tuple[bool, str]:
    """Every fact of the statement is in a current belief; a compound one's facts in beliefs of their own."""
    current = _current(beliefs)
    holders = [[b.memory_id for b in current if _has(fact, b.statement)] for fact in case["facts"]]
    missing = [fact for fact, h in zip(case["facts"], holders, strict=True) if not h]
    if missing:
        return False, f"no current belief states {missing}"
    if case.get("separate") and not _distinct_holders(holders):
        return False, f"facts {case['facts']} share one belief: {[b.statement for b in current]}"
    return True, ""


def judge_negation(case: dict[str, Any], beliefs: list[BeliefView]) -> tuple[bool, str]:
    """Every belief of the first statement is invalidated by the second (whatever else it leaves)."""
    earlier = datetime.fromisoformat(case["history"][-2]["at"])
    old = [b for b in beliefs if b.valid_from <= earlier and _has(case["old"], b.statement)]
    if not old:
        return False, "the first statement left no belief"
    still = [b.statement for b in old if b.status == bitemporal.CURRENT]
    return (False, f"still current after the negation: {still}") if still else (True, "")


def judge_conflict(case: dict[str, Any], beliefs: list[BeliefView]) -> tuple[bool, str]:
    """Both values kept and each flagged as conflicting with the other (nothing silently resolved)."""
    current = _current(beliefs)
    first, second = ([b for b in current if _has(v, b.statement)] for v in case["values"])
    if not first or not second:
        return False, f"not both kept: {[b.statement for b in current]}"
    linked = any(
        b.memory_id in getattr(a, "conflicts_with", ()) and a.memory_id in getattr(b, "conflicts_with", ())
        for a in first
        for b in second
    )
    return (True, "") if linked else (False, "both kept but not flagged as conflicting with each other")


def judge_instruction(case: dict[str, Any], beliefs: list[BeliefView]) -> tuple[bool, str]:
    """Instruction-like text is never a plain fact: any belief carrying it is flagged."""
    plain = [
        b.statement for b in beliefs if _has(case["marker"], b.statement) and not getattr(b, "instruction_like", False)
    ]
    return (False, f"stored as a plain fact: {plain}") if plain else (True, "")


def judge_non_belief(case: dict[str, Any], beliefs: list[BeliefView]) -> tuple[bool, str]:
    """Questions, greetings, thanks and filler leave no belief at all."""
    return (False, f"became beliefs: {[b.statement for b in beliefs]}") if beliefs else (True, "")


JUDGES = {
    "coverage": judge_coverage,
    "negation": judge_negation,
    "conflict": judge_conflict,
    "instruction": judge_instruction,
    "non_belief": judge_non_belief,
}


def run_engine(cases: list[dict[str, Any]], extractor: Extractor | None = None) -> list[Outcome]:
    """The real engine on a temporary SQLite file (one owner per case)."""
    from ledgermind.distill.explicit import belief_index

    with tempfile.TemporaryDirectory() as tmp:
        eng = MemoryEngine.open(os.path.join(tmp, "gov.db"))
        try:
            for case in cases:
                owner = Owner("governance", case["id"])
                for turn in case["history"]:
                    sid = eng.for_owner(owner).create_session("eval")  # one session per turn: one delta each
                    eng.for_owner(owner).add_message(
                        sid, "user", turn["text"], occurred_at=datetime.fromisoformat(turn["at"])
                    )
            eng.distill(**({"extractor": extractor} if extractor is not None else {}))
            eng.projections.wait(eng.position, timeout=600.0)  # a cold index over every case
            index = belief_index(eng.writes)
            out = []
            for case in cases:
                owner = Owner("governance", case["id"])
                beliefs = index.all(owner)
                found: set[str] = set()
                if case["kind"] in PAIR_KINDS:
                    before = _before_change(case, beliefs)
                    for b in (b for b in beliefs if b.valid_from < before):
                        hits = eng.for_owner(owner).search(b.statement, k=10, as_of=before)
                        found |= {h.id for h in hits}
                ok, why = judge(case, beliefs, found)
                out.append(Outcome(case, ok, why))
            return out
        finally:
            eng.close()


def run_pure(cases: list[dict[str, Any]], extractor: Extractor | None = None) -> list[Outcome]:
    """The distiller's extractor and reconcile in memory (no store); the
    as-of query is the belief fold's valid-time membership."""
    ex = extractor or RuleExtractor()
    out = []
    for case in cases:
        owner = Owner("governance", case["id"])
        beliefs: dict[str, BeliefView] = {}
        for seq, turn in enumerate(case["history"], start=1):
            at = datetime.fromisoformat(turn["at"])
            item = DeltaItem(f"s{seq}", 1, "user", turn["text"], at, seq)
            extraction = ex.extract(ExtractionContext(owner, f"s{seq}", (item,), None, at))
            current = [b for b in beliefs.values() if b.status == bitemporal.CURRENT]
            _fold(owner, beliefs, reconcile(owner, extraction, current))
        found: set[str] = set()
        if case["kind"] in PAIR_KINDS:
            before = _before_change(case, list(beliefs.values()))
            found = {b.memory_id for b in beliefs.values() if b.holds_at(before)}
        ok, why = judge(case, list(beliefs.values()), found)
        out.append(Outcome(case, ok, why))
    return out


def _before_change(case: dict[str, Any], beliefs: list[BeliefView]) -> datetime:
    """One second before the last message's beliefs start to hold (its
    resolved date: "last week" moves the change back)."""
    earlier = datetime.fromisoformat(case["history"][-2]["at"])
    starts = [b.valid_from for b in beliefs if b.valid_from > earlier]
    change = min(starts) if starts else datetime.fromisoformat(case["history"][-1]["at"])
    return change - timedelta(seconds=1)


def _fold(owner: Owner, beliefs: dict[str, BeliefView], changes: Iterable[object]) -> None:
    """Applies changes the way the Memory aggregate does (pure path only)."""
    for c in changes:
        if isinstance(c, NewBelief):
            mid = new_belief_id(owner, c.source_key)
            beliefs[mid] = BeliefView.make(
                memory_id=mid,
                kind=c.kind,
                statement=c.statement,
                valid_from=c.valid_from,
                confidence=c.confidence,
                subject=c.subject,
                attribute=c.attribute,
                value=c.value,
                supersedes=c.supersedes,
                flags=c.flags,
                conflicts_with=c.conflicts_with,
            )
        elif isinstance(c, Invalidate) and c.memory_id in beliefs:
            b = beliefs[c.memory_id]
            beliefs[c.memory_id] = BeliefView.make(
                **{
                    **{
                        f: getattr(b, f)
                        for f in (
                            "memory_id",
                            "kind",
                            "statement",
                            "valid_from",
                            "confidence",
                            "subject",
                            "attribute",
                            "value",
                            "supersedes",
                            "flags",
                            "conflicts_with",
                        )
                    },
                    "status": bitemporal.INVALIDATED,
                    "invalid_at": c.invalid_at,
                    "superseded_by": c.superseded_by,
                }
            )
        elif isinstance(c, Flag) and c.memory_id in beliefs:
            beliefs[c.memory_id] = replace(beliefs[c.memory_id], flags=c.flags, conflicts_with=c.conflicts_with)
        elif isinstance(c, Revise) and c.memory_id in beliefs:
            beliefs[c.memory_id] = beliefs[c.memory_id].with_statement(c.statement)


def table(outcomes: list[Outcome]) -> list[dict[str, Any]]:
    """Accuracy per (suite and split, language, kind) and per (suite and split, language, family)."""
    groups: dict[tuple[str, str, str], list[bool]] = defaultdict(list)
    for o in outcomes:
        c = o.case
        split = c.get("suite", "") + " " + ("test held-out" if c.get("heldout") else c["split"])
        groups[(split, c["lang"], c["kind"])].append(o.ok)
        if c["kind"] in ("update", "correction"):
            groups[(split, c["lang"], "updates+corrections")].append(o.ok)
            groups[(split, c["lang"], "family:" + c["family"])].append(o.ok)
        elif c["kind"] == "unrelated":
            groups[(split, c["lang"], "unrelated:" + c["family"])].append(o.ok)
    return [
        {"split": s, "lang": lang, "group": g, "n": len(v), "right": sum(v), "accuracy": sum(v) / len(v)}
        for (s, lang, g), v in sorted(groups.items())
    ]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--path", choices=("engine", "pure"), default="engine")
    p.add_argument("--split", choices=("dev", "test", "all"), default="all")
    p.add_argument("--llm", default=os.environ.get("LEDGERMIND_LLM_URL"), help="OpenAI-compatible base URL")
    p.add_argument("--model", default=os.environ.get("LEDGERMIND_LLM_MODEL", "gpt-4o-mini"))
    p.add_argument("--failures", type=int, default=0, help="print up to N failed cases")
    p.add_argument(
        "--file",
        type=Path,
        action="append",
        help="run these case files instead of the scored suites (e.g. the dev-only phrasings.jsonl)",
    )
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    extractor: Extractor | None = None
    if args.llm:
        extractor = LLMExtractor(
            LLMConfig(base_url=args.llm, model=args.model, api_key=os.environ.get("LEDGERMIND_LLM_API_KEY"))
        )
    cases = load(args.split, tuple(args.file)) if args.file else load(args.split)
    outcomes = (run_engine if args.path == "engine" else run_pure)(cases, extractor)
    rows = table(outcomes)
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        name = extractor.name if extractor is not None else "rule"
        judge = DEFAULT_CONFIG.meaning.name if DEFAULT_CONFIG.meaning is not None else "none"
        print(f"governance eval: {len(cases)} cases, path={args.path}, extractor={name}, meaning judge={judge}")
        print("| split | lang | group | right / n | accuracy |\n|---|---|---|---|---|")
        for r in rows:
            print(f"| {r['split']} | {r['lang']} | {r['group']} | {r['right']} / {r['n']} | {r['accuracy']:.1%} |")
    shown = 0
    for o in outcomes:
        if not o.ok and shown < args.failures:
            shown += 1
            print(o.case["id"], [t["text"] for t in o.case["history"]], "->", o.why)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
