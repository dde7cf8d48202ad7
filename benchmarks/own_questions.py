"""A person's own questions: does the belief they ask about come first?

The set (``benchmarks/data/own_questions.json``, English and Chinese, written
before any ranking or relevance change was tried for it) holds what a new
user asks of their own memory: a first-person question while a relative's
belief of the same kind is held ("where do I live?" beside "The user's
sister lives in Lyon."), a question naming the thing in a word no memory
holds ("how much rent do I pay?"), and two derivations of one word
("allergies" / "allergic"). Each case is its own owner: its turns are added,
the distiller runs, and the question is asked with ``search`` (beliefs, top
10) at the engine's served floor and with the floor off.

Per case: ``first`` (the expected belief ranks first at the served floor),
``found`` (in the served top 10), ``under floor`` (in the top 10 with the
floor off, but the served search is empty), ``missed`` (not in the top 10
even with the floor off), ``no belief`` (no belief of the owner holds the
expected phrase: the distiller's miss, not search's).

    python benchmarks/own_questions.py [--backend sqlite|postgresql] [--embedder hashing|minilm|...]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ledgermind import MemoryEngine, Owner  # noqa: E402
from ledgermind.domain.config import EngineConfig  # noqa: E402

QUESTIONS = Path(__file__).resolve().parent / "data" / "own_questions.json"
UNRELATED = Path(__file__).resolve().parent / "data" / "unrelated_questions.json"
OUTCOMES = ("first", "found", "under floor", "missed", "no belief")


def outcome(served: list[Any], unfloored: list[Any], beliefs: list[str], phrase: str) -> str:
    """One case's outcome (module doc); ``first`` implies ``found``, which is
    counted apart in the report."""
    if not any(phrase in b for b in beliefs):
        return "no belief"
    if served and phrase in served[0].statement:
        return "first"
    if any(phrase in h.statement for h in served):
        return "found"
    if not served and any(phrase in h.statement for h in unfloored):
        return "under floor"
    return "missed"


def ask(db: str, embedder: str = "hashing") -> list[dict[str, Any]]:
    """Every case of the set, each its own owner, in the database at ``db``;
    then every unrelated question (``unrelated_questions.json``) of every
    owner, as a row of kind ``unrelated`` whose outcome is ``empty`` or
    ``served`` (a small memory is where a question's unknown words weigh
    least: the floor must still hold there)."""
    cases = json.loads(QUESTIONS.read_text())["cases"]
    floor = EngineConfig.from_env(db=db).relevance_floor
    open_cfg = EngineConfig.from_env(db=db, relevance_floor=0.0, embedder=embedder)
    served_cfg = EngineConfig.from_env(db=db, relevance_floor=floor, projections_in_process=False, embedder=embedder)
    rows: list[dict[str, Any]] = []
    with MemoryEngine.open(db, config=open_cfg) as eng, MemoryEngine.open(db, config=served_cfg) as floored:
        owners = []
        for i, case in enumerate(cases):
            owner = Owner("own-questions", f"case-{i}-{os.getpid()}")
            mem = eng.for_owner(owner)
            sid = mem.create_session("agent")
            mem.add_messages(sid, [{"role": "user", "content": text} for text in case["said"]])
            owners.append(owner)
        eng.distill()
        eng.projections.wait_for_head(timeout=600)
        for case, owner in zip(cases, owners, strict=True):
            unfloored = eng.for_owner(owner).search(case["question"], k=10)
            served = floored.for_owner(owner).search(case["question"], k=10)
            beliefs = [b.statement for b in eng.for_owner(owner).beliefs()]
            rows.append(
                {
                    **{k: case[k] for k in ("lang", "kind", "question", "first")},
                    "outcome": outcome(served, unfloored, beliefs, case["first"]),
                    "top": [(round(h.relevance, 3), h.statement) for h in (served or unfloored)[:3]],
                }
            )
        for lang, questions in json.loads(UNRELATED.read_text()).items():
            if lang not in ("en", "zh"):
                continue
            for owner in owners:
                for question in questions:
                    hits = floored.for_owner(owner).search(question, k=10)
                    top = [(round(h.relevance, 3), h.statement) for h in hits[:1]]
                    result = "served" if hits else "empty"
                    rows.append(
                        {"lang": lang, "kind": "unrelated", "question": question, "outcome": result, "top": top}
                    )
    return rows


def report(rows: list[dict[str, Any]]) -> str:
    """A table: per language and kind, how many cases each outcome."""
    groups: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    unrelated: dict[str, Counter[str]] = defaultdict(Counter)
    for row in rows:
        if row["kind"] == "unrelated":
            unrelated[row["lang"]][row["outcome"]] += 1
            continue
        groups[(row["lang"], row["kind"])][row["outcome"]] += 1
        groups[("all", "")][row["outcome"]] += 1
    lines = [
        "| lang | kind | cases | first | found (top 10) | under floor | missed | no belief |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for (lang, kind), c in sorted(groups.items(), key=lambda kv: (kv[0][0] == "all", kv[0])):
        found = c["first"] + c["found"]
        cells = [sum(c.values()), c["first"], found, c["under floor"], c["missed"], c["no belief"]]
        lines.append(f"| {lang} | {kind} | " + " | ".join(map(str, cells)) + " |")
    lines.append(
        "unrelated questions asked of these small memories, empty: "
        + ", ".join(f"{lang} {100 * c['empty'] / sum(c.values()):.1f} %" for lang, c in sorted(unrelated.items()))
    )
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--backend", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--embedder", default=os.environ.get("LEDGERMIND_EMBEDDER", "hashing"))
    parser.add_argument("--verbose", action="store_true", help="print every case's outcome and top 3")
    args = parser.parse_args()
    if args.backend == "postgresql":
        from harness import fresh_pg_database, pg_server

        with pg_server(None) as dsn, fresh_pg_database(dsn, prefix="own") as url:
            rows = ask(url, args.embedder)
    else:
        rows = ask(os.path.join(tempfile.mkdtemp(prefix="own-questions-"), "own.db"), args.embedder)
    if args.verbose:
        for row in rows:
            if row["kind"] == "unrelated" and row["outcome"] == "empty":
                continue
            print(f"{row['outcome']:>11}  [{row['lang']} {row['kind']}] {row['question']}  -> {row['top']}")
    print(report(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
