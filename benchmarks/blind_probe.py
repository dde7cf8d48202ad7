"""Blind probes: short conversations written by someone who had not read the
distiller, its tests or its eval, with what a careful note-taker expects.

Each line of a probe file is one conversation: user messages separated by
`` || ``, then `` ## `` and the expectation (``update``: the last message
replaces one earlier belief; ``keep``: nothing is replaced; ``end``: an
earlier belief ends; ``belief``: the last message is a fact a note-taker
writes down; ``none``: it is not, so it adds no belief) and a category in brackets (``[a]`` .. ``[g]``, see the
file's own comments). Lines starting with ``#`` are comments.

Every message goes through the rule extractor and ``reconcile`` in memory (the
distiller's own functions), one delta per message in one session, the earlier
messages as context, one month apart. A case is right at the decision level
when an update or ending ended some earlier belief, a keep ended none, a
``belief`` line's last message added a belief and a ``none`` line's added none.

    python benchmarks/blind_probe.py benchmarks/data/blind_probes/sitting-h38a.txt [--misses]

A sitting's figure is honest only for the run before any change written from
its misses; ``docs/benchmarks/governance.md`` says which figure is which.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ledgermind import Owner
from ledgermind.distill import DeltaItem, ExtractionContext, RuleExtractor
from ledgermind.distill.reconcile import DEFAULT_CONFIG, ReconcileConfig, reconcile
from ledgermind.domain import bitemporal

sys.path.insert(0, str(Path(__file__).resolve().parent))
import governance_eval  # the eval's fold of belief changes

_CASE = re.compile(r"^(?P<text>.+?)\s+##\s+(?P<expect>update|keep|end|belief|none)\b(?:\s*\[(?P<cat>\w+)\])?")
_CJK = re.compile(r"[\u4e00-\u9fff]")
_PROBE_OWNER = Owner("probe", "u")


def run(
    *texts: str,
    owner: Owner = _PROBE_OWNER,
    name: str | None = None,
    one_session: bool = True,
    config: ReconcileConfig = DEFAULT_CONFIG,
) -> tuple[list[str], list[str]]:
    """(current, ended) statements after the messages, one month apart, by a
    speaker called ``name`` (as LoCoMo's turns are) or by "the user": in one
    session with the earlier messages as context, or each in its own; reconciled
    with ``config`` (the distiller's default: the meaning judge where installed)."""
    beliefs: dict[str, Any] = {}
    extractor = RuleExtractor()
    previous: tuple[DeltaItem, ...] = ()
    for seq, text in enumerate(texts, start=1):
        at = datetime(2026, 2 + seq, 1, 10, tzinfo=UTC)
        session = "s" if one_session else f"s{seq}"
        item = DeltaItem(session, seq if one_session else 1, "user", text, at, seq, name=name)
        context = ExtractionContext(owner, session, (item,), None, at, previous=previous[-3:])
        extraction = extractor.extract(context)
        previous = (*previous, item) if one_session else ()
        current = [b for b in beliefs.values() if b.status == bitemporal.CURRENT]
        governance_eval._fold(owner, beliefs, reconcile(owner, extraction, current, config))
    views = list(beliefs.values())
    return (
        [b.statement for b in views if b.status == bitemporal.CURRENT],
        [b.statement for b in views if b.status != bitemporal.CURRENT],
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--misses", action="store_true", help="print every miss with what was kept and ended")
    args = parser.parse_args()
    for path in args.files:
        cells: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
        misses: list[str] = []
        for line in path.read_text(encoding="utf-8").splitlines():
            m = _CASE.match(line.strip())
            if line.startswith("#") or m is None:
                continue
            texts = [t.strip() for t in m.group("text").split(" || ")]
            current, ended = run(*texts)
            expect = m.group("expect")
            if expect in ("belief", "none"):
                added = len(current) + len(ended) > sum(map(len, run(*texts[:-1]))) if texts[:-1] else bool(current)
                right = added == (expect == "belief")
            else:
                right = bool(ended) if expect in ("update", "end") else not ended
            lang = "zh" if _CJK.search(texts[-1]) else "en"
            for key in ((lang, f"{m.group('cat') or '-'} {expect}"), (lang, "all"), ("all", "all")):
                cells[key][0] += right
                cells[key][1] += 1
            if not right:
                misses.append(f"- [{expect}] {m.group('text')}\n  kept {current}\n  ended {ended}")
        judge = DEFAULT_CONFIG.meaning.name if DEFAULT_CONFIG.meaning is not None else "none"
        print(f"\n{path.name} (meaning judge: {judge})\n\n| language | category | right | share |\n|---|---|---:|---:|")
        for (lang, cat), (right, total) in sorted(cells.items()):
            print(f"| {lang} | {cat} | {right} / {total} | {right / total:.0%} |")
        if args.misses:
            print("\nmisses:\n" + "\n".join(misses))


if __name__ == "__main__":
    main()
