"""Does a learned filter over a belief's *form* generalise to a conversation it never saw?

The precision filters (``distill.chatter``, ``distill.statements``) are rules
written by reading LoCoMo's dev conversations; they fit the ranks they were
written from and do worse on ranks read later (``docs/benchmarks/governance.md``,
the precision sections). This script asks whether a small learned filter does
better, measured the only honest way the labels allow: **leave one
conversation out**. For each of the 5 dev conversations, a logistic regression
is trained on the labelled beliefs of the other 4, its threshold chosen on
those 4 alone (inner leave-one-out scores, for a fact recall picked in
advance), and it is scored on the 5th. The pooled and per-conversation
not-fact share and the labelled facts it would drop are printed, and the
curve over the fact-recall targets.

Features are the belief's form only, never a topic list: word unigrams and
bigrams (both speakers' names as one token, any other capitalised word as
``<name>``, digits as ``<num>``), the first word, the length, a second-person
word, the belief's kind (fact or episode). The model is an L2 logistic
regression in numpy (Newton steps in the dual: as many unknowns as beliefs,
not features), deterministic: the same command prints the same table.

Two set-ups:

- ``--setup on-rules`` (default): the beliefs today's tree makes (the rules
  already applied); the filter would be one more step after them.
- ``--setup instead``: the beliefs made with ``chatter.chatter_kind``
  switched off (the learned filter in place of the chatter rules, on the
  not-facts those rules catch too), beside what the rules catch on the same
  beliefs. The rules were written from all 5 conversations, so their line is
  in-sample; ``--rules`` prints, per chatter kind, what it catches in each
  conversation (a kind that catches not-facts in one conversation only is
  a sign it fits that conversation).

LoCoMo's text never leaves the machine: the labels hold keys and hashes only
(``locomo_precision.py``), and nothing learned here is written anywhere.

    python benchmarks/locomo_form_filter.py [--data PATH] [--setup on-rules|instead] [--recall 0.99] [--rules]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.locomo_precision import DEFAULT_DATA, distil, load_labels  # noqa: E402
from ledgermind.distill import rule_extractor, statements  # noqa: E402
from ledgermind.distill.findings import Finding, Speaker  # noqa: E402

TARGETS = (1.0, 0.995, 0.99, 0.98, 0.95, 0.9)  # fact recall the threshold is picked for, on the training folds
L2 = 1.0
NEWTON_STEPS = 25
_TOKEN = re.compile(r"[A-Za-z][A-Za-z']*|\d+")
_YOU = re.compile(r"\b(?:you|your|yours|yourself)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Row:
    conversation: str
    statement: str
    kind: str
    speakers: frozenset[str]
    not_fact: bool
    chatter: str | None = None  # the chatter kind that drops it (``instead`` set-up only)


def features(statement: str, kind: str, speakers: frozenset[str]) -> frozenset[str]:
    """A belief's form: words and word pairs with names and numbers as shapes,
    its first word, its length, a second-person word, its kind."""
    words = []
    for i, m in enumerate(_TOKEN.finditer(statement)):
        w = m.group()
        if w in speakers:
            w = "<speaker>"
        elif w[0].isdigit():
            w = "<num>"
        elif i > 0 and w[0].isupper():
            w = "<name>"
        else:
            w = w.lower()
        words.append(w)
    found = {"bias", f"kind:{kind}", f"len:{min(len(words) // 4, 5)}"}
    found.update(f"w:{w}" for w in words)
    found.update(f"b:{a}_{b}" for a, b in zip(["<s>", *words], [*words, "</s>"], strict=True))
    if words:
        found.add(f"first:{words[0]}")
    if _YOU.search(statement):
        found.add("you")
    return frozenset(found)


def gram(rows: list[Row]) -> np.ndarray:
    """The linear kernel: how many features each pair of beliefs shares."""
    vocab: dict[str, int] = {}
    sets = [features(r.statement, r.kind, r.speakers) for r in rows]
    for s in sets:
        for f in sorted(s):
            vocab.setdefault(f, len(vocab))
    a = np.zeros((len(rows), len(vocab)), dtype=np.float64)
    for i, s in enumerate(sets):
        a[i, [vocab[f] for f in s]] = 1.0
    return a @ a.T


def fit(k: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Dual weights of an L2 logistic regression (w = A^T alpha): Newton steps
    on n unknowns, n the number of training beliefs."""
    alpha = np.zeros(len(y))
    for _ in range(NEWTON_STEPS):
        p = 1.0 / (1.0 + np.exp(-(k @ alpha)))
        r = p - y + L2 * alpha  # the gradient is A^T r
        d = p * (1.0 - p)
        inner = np.linalg.solve(L2 * np.eye(len(y)) + d[:, None] * k, d * (k @ r))
        alpha -= (r - inner) / L2
    return alpha


def scores(k: np.ndarray, y: np.ndarray, train: np.ndarray, test: np.ndarray) -> np.ndarray:
    """Scores of the ``test`` beliefs from a model trained on ``train``."""
    alpha = fit(k[np.ix_(train, train)], y[train])
    return k[np.ix_(test, train)] @ alpha


def thresholds(k: np.ndarray, y: np.ndarray, convs: np.ndarray, train: np.ndarray) -> dict[float, float]:
    """For each fact-recall target, the score above which a belief is dropped,
    picked on the training conversations alone (their inner leave-one-out scores)."""
    inner = np.zeros(len(y))
    for c in sorted(set(convs[train])):
        held = train & (convs == c)
        inner[held] = scores(k, y, train & ~held, held)
    facts = np.sort(inner[train & (y == 0)])
    picked = {}
    for target in TARGETS:
        kept = int(np.ceil(target * len(facts)))  # training facts at or under the threshold
        picked[target] = float(facts[kept - 1]) if kept > 0 else float("-inf")
    return picked


def rows_of(path: Path, without_chatter: bool) -> list[Row]:
    """Every labelled belief the extractor makes (the chatter rules off when asked,
    each belief then tagged with the chatter kind that would have dropped it)."""
    samples = json.loads(path.read_text())
    speakers = {
        s["sample_id"]: frozenset({s["conversation"]["speaker_a"], s["conversation"]["speaker_b"]}) for s in samples
    }
    labels = load_labels()
    kinds: dict[str, str] = {}
    if without_chatter:
        with _chatter_off(kinds):
            made = distil(samples)[0]
    else:
        made = distil(samples)[0]
    rows = []
    for m in made:
        label = (labels.row(m) or {}).get("label")
        if label is not None:
            conv = m.key.split("/")[0]
            rows.append(
                Row(conv, m.statement, m.kind, speakers[conv], label.startswith("not_fact"), kinds.get(m.statement))
            )
    return rows


@contextmanager
def _chatter_off(kinds: dict[str, str]) -> Iterator[None]:
    """``chatter_kind`` answering None everywhere (the ``instead`` set-up); a generic
    belief whose clause it would have caught is written into ``kinds`` with the kind."""
    saved_kind, saved_generic = statements.chatter_kind, rule_extractor.generic_findings
    seen: list[str] = []

    def recorded(body: str) -> None:
        kind = saved_kind(body)
        if kind is not None:
            seen.append(kind)
        return None

    def tagged(clause: str, speaker: Speaker, said_at: datetime) -> list[Finding]:
        seen.clear()
        found = saved_generic(clause, speaker, said_at)
        if seen:
            kinds.update((f.statement, seen[-1]) for f in found)
        return found

    statements.chatter_kind = recorded
    rule_extractor.generic_findings = tagged
    try:
        yield
    finally:
        statements.chatter_kind, rule_extractor.generic_findings = saved_kind, saved_generic


def leave_one_out(rows: list[Row]) -> dict[str, Any]:
    """Held-out decisions per conversation and target: which beliefs each fold drops."""
    k = gram(rows)
    y = np.array([1.0 if r.not_fact else 0.0 for r in rows])
    convs = np.array([r.conversation for r in rows])
    dropped = {t: np.zeros(len(rows), dtype=bool) for t in TARGETS}
    for c in sorted(set(convs)):
        test = convs == c
        train = ~test
        picked = thresholds(k, y, convs, train)
        held = scores(k, y, train, test)
        for t, at in picked.items():
            dropped[t][test] = held > at
    return {"y": y.astype(bool), "convs": convs, "dropped": dropped}


def _share(nf: int, n: int) -> str:
    return f"{100 * nf / n:.1f} % ({nf}/{n})" if n else "-"


def report(rows: list[Row], recall: float, caught: np.ndarray | None) -> None:
    """The per-conversation table at one target, then the pooled curve."""
    result = leave_one_out(rows)
    y, convs, dropped = result["y"], result["convs"], result["dropped"]
    at = dropped[recall]
    print(f"held-out conversation, threshold picked on the other 4 for fact recall {recall}:")
    print(
        "| held out | labelled beliefs | not facts before | not facts after | labelled facts lost | not facts removed |"
    )
    print("|---|---|---|---|---|---|")
    for c in [*sorted(set(convs)), "pooled"]:
        sel = np.ones(len(rows), dtype=bool) if c == "pooled" else convs == c
        kept = sel & ~at
        print(
            f"| {c} | {sel.sum()} | {_share(int((sel & y).sum()), int(sel.sum()))} | "
            f"{_share(int((kept & y).sum()), int(kept.sum()))} | "
            f"{int((sel & at & ~y).sum())} of {int((sel & ~y).sum())} | {int((sel & at & y).sum())} of {int((sel & y).sum())} |"
        )
    print("\npooled curve (every threshold picked on the training folds only):")
    print("| fact recall target | beliefs dropped | not facts removed | labelled facts lost | not-fact share after |")
    print("|---|---|---|---|---|")
    for t in TARGETS:
        d = dropped[t]
        kept = ~d
        print(
            f"| {t} | {int(d.sum())} | {int((d & y).sum())} of {int(y.sum())} | {int((d & ~y).sum())} of {int((~y).sum())} | "
            f"{_share(int((kept & y).sum()), int(kept.sum()))} |"
        )
    if caught is not None:
        kept = ~caught
        print(
            f"| chatter rules (in-sample: written from these 5) | {int(caught.sum())} | {int((caught & y).sum())} of {int(y.sum())} | "
            f"{int((caught & ~y).sum())} of {int((~y).sum())} | {_share(int((kept & y).sum()), int(kept.sum()))} |"
        )


def by_kind(rows: list[Row]) -> np.ndarray:
    """Per chatter kind, what it catches in each conversation (printed); which beliefs it catches."""
    convs = sorted({r.conversation for r in rows})
    table: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for r in rows:
        if r.chatter is not None:
            table[r.chatter][r.conversation][int(r.not_fact)] += 1
    print("chatter kinds on the beliefs made without them: (not facts caught, facts caught) per conversation")
    print("| kind | " + " | ".join(convs) + " | conversations where it catches a not fact |")
    print("|---|" + "---|" * (len(convs) + 1))
    for kind, per in sorted(table.items()):
        cells = [f"{per[c][1]}, {per[c][0]}" if c in per else "-" for c in convs]
        print(f"| {kind} | " + " | ".join(cells) + f" | {sum(1 for c in convs if c in per and per[c][1])} |")
    print()
    return np.array([r.chatter is not None for r in rows])


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--data", default=str(DEFAULT_DATA))
    p.add_argument("--setup", choices=("on-rules", "instead"), default="on-rules")
    p.add_argument("--recall", type=float, default=0.99, choices=TARGETS)
    p.add_argument(
        "--rules", action="store_true", help="with --setup instead: what each chatter kind catches, per conversation"
    )
    args = p.parse_args()
    path = Path(args.data)
    if not path.exists():
        print(f"no LoCoMo data at {path}: nothing to measure")
        return 0
    rows = rows_of(path, without_chatter=args.setup == "instead")
    print(
        f"LoCoMo dev, set-up {args.setup}: {len(rows)} labelled beliefs, "
        f"{sum(r.not_fact for r in rows)} not facts, {len({r.conversation for r in rows})} conversations\n"
    )
    caught = by_kind(rows) if args.setup == "instead" and args.rules else None
    report(rows, args.recall, caught)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
