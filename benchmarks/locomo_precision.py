"""Precision of "nothing said is lost": how many beliefs LoCoMo turns make, and
how many of them are not facts about anyone.

Every turn of the LoCoMo dev conversations goes through the rule extractor
and ``reconcile`` in memory (the distiller's own functions; one delta per
LoCoMo session, the speaker's name on each turn), and the script reports:

- beliefs per 100 turns (both LoCoMo speakers are people talking about their
  lives, so every turn is a "user" turn here), and how many restatements were
  merged into an existing belief (reinforced) instead of stored twice;
- the share of beliefs that are *not* facts about anyone (a question, a
  greeting, thanks, filler, a reaction to the other speaker), on a sample of
  ``--sample`` beliefs labelled by hand. The sample is the first beliefs in
  the order of a seeded hash of (turn, statement): a belief keeps its rank
  when the extractor changes elsewhere, so a change that drops beliefs lets
  the next ones in and leaves every other label valid (a random draw over the
  whole list would reshuffle it at every change);
- how many beliefs are still current at the end (a belief superseded by an
  unrelated later turn is a belief lost);
- near-duplicates: pairs of one subject's beliefs whose content words
  overlap by at least ``DUPLICATE_AT`` (Jaccard), the same fact stored twice
  in other words instead of reinforced.

The labels (``benchmarks/data/locomo_precision_labels.jsonl``) hold only a
key (conversation, LoCoMo turn id, position in the turn; the position is not
matched, since it moves when an earlier belief of the turn goes), a hash of the belief's
statement and the label, never LoCoMo's text (CC BY-NC 4.0: evaluation use
only). A label is ``fact`` (a statement about someone a careful note-taker
would keep), ``fact:unresolved`` (about someone, but its object or reference
is a pronoun the belief alone cannot resolve: "Tim is a huge fan"), or
``not_fact:<kind>`` (reaction, maxim, generality, encouragement, resolve
formula, advice, filler, garbled ...). ``--draw`` prints the sample with its text so a person can label it;
a label whose statement hash no longer matches (the extractor changed) is
reported as unlabelled, not counted, unless only how it names the speakers
changed: each label also holds the digest of its statement less the speakers'
names, "their" and "they" (``form``), and a belief of the same turn and form
keeps the label (reported as found by form). Labels carried by hand over such a
rewording before ``form`` existed name the hash they came from (``from``).

An unread slice: ranks move when a rule change drops beliefs before them, so
a slice set aside by rank is read in the end as "every belief still without
a label" (``--draw --unlabelled``, after the last rule change); its labels
carry a ``set`` name, and ``--set NAME`` measures those labels alone, on
every rank where they are made.

A second corpus, never tuned to in part: ``benchmarks/data/chat_precision/``
holds six chats between friends written for this measure by a helper who read
nothing of the project, in LoCoMo's layout, with labels of its own
(``--labels``); three of its conversations were never read by the engineers
(set ``fresh-blind``), three were read and tuned to (``fresh-read``); a third
corpus beside them, ``chats-2.json`` (set ``blind-2``), was written and labelled
by helpers who read nothing of the project and was never read by the engineers;
and ``chats-3.json`` (set ``read-2``), written and labelled the same way, was
read and tuned to; see its README.

    python benchmarks/locomo_precision.py [--data PATH] [--labels PATH] [--sample 220] [--start 0]
        [--draw [--unlabelled]] [--set NAME]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ledgermind import Owner  # noqa: E402
from ledgermind.distill import DeltaItem, ExtractionContext, RuleExtractor  # noqa: E402
from ledgermind.distill.reconcile import reconcile  # noqa: E402
from ledgermind.distill.text import jaccard, tokens  # noqa: E402
from ledgermind.distill.views import BeliefView  # noqa: E402
from ledgermind.domain import bitemporal  # noqa: E402
from ledgermind.write.beliefs import Invalidate, NewBelief, Reinforce, new_belief_id  # noqa: E402

DEFAULT_DATA = Path("/work/shared/data/locomo/locomo_dev.json")
LABELS = ROOT / "benchmarks" / "data" / "locomo_precision_labels.jsonl"
SEED = 29


@dataclass(frozen=True)
class Made:
    key: str  # conversation/dia_id/n
    statement: str
    turn: str  # the LoCoMo turn it came from (shown by --draw only)
    kind: str
    form: str  # digest of the statement less how the speakers are named (``_form``)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:12]


# How a statement names the speakers: their names and the pronouns a rewrite may put for them.
_NAMING = frozenset({"their", "theirs", "they", "them", "themselves", "they're", "they've", "they'd", "they'll"})


def _form(statement: str, names: frozenset[str]) -> str:
    """Digest of a statement less how it names the speakers (their names, "their",
    "they"): a rewording of the third-person rewrite keeps what the belief says,
    and so its label."""
    words = []
    for w in re.findall(r"[A-Za-z0-9']+", statement):
        base = w[:-2] if w.endswith("'s") else w
        if base not in names and w.lower() not in _NAMING:
            words.append(w.lower())
    return _digest(" ".join(words))


class Labels:
    """The hand labels, found by statement hash, else by form within the turn
    (a label every row of that form in the turn agrees on)."""

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        self._exact = {(_turn(r["key"]), r["hash"]): r for r in rows}
        forms: dict[tuple[str, str], list[dict[str, Any]]] = {}
        for r in rows:
            if "form" in r:
                forms.setdefault((_turn(r["key"]), r["form"]), []).append(r)
        self._forms = {k: v[0] for k, v in forms.items() if len({r["label"] for r in v}) == 1}

    def row(self, m: Made) -> dict[str, Any] | None:
        """The label row of a belief, or None."""
        return self._exact.get((_turn(m.key), _digest(m.statement))) or self._forms.get((_turn(m.key), m.form))

    def reworded(self, m: Made) -> bool:
        """Whether the belief's label was found by its form only (its wording changed since)."""
        return (_turn(m.key), _digest(m.statement)) not in self._exact and self.row(m) is not None


def load_labels(path: Path = LABELS) -> Labels:
    """The labels file, read."""
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()] if path.exists() else []
    return Labels(rows)


def _turn(key: str) -> str:
    """conversation/dia_id of a key (its last part, the position in the turn, dropped)."""
    return key.rsplit("/", 1)[0]


def _rank(m: Made) -> str:
    """A belief's place in the sample order: stable while it is made."""
    return hashlib.sha256(f"{SEED}:{_turn(m.key)}:{_digest(m.statement)}".encode()).hexdigest()


def distil(samples: list[dict[str, Any]]) -> tuple[list[Made], int, int, list[BeliefView], list[tuple[str, str]]]:
    """Beliefs made, turns read, restatements merged, every belief at the end
    (any status), and every ending: (the statement ended, the reason given)."""
    from benchmarks.locomo_eval import parse_session_date, turn_text

    extractor = RuleExtractor()
    made: list[Made] = []
    turns_read = merged = 0
    finals: list[BeliefView] = []
    endings: list[tuple[str, str]] = []
    for sample in samples:
        conv = sample["conversation"]
        owner = Owner("locomo", sample["sample_id"])
        names = frozenset({conv["speaker_a"], conv["speaker_b"]})
        beliefs: dict[str, BeliefView] = {}
        n = 1
        while f"session_{n}" in conv:
            start = parse_session_date(conv[f"session_{n}_date_time"])
            turns = conv[f"session_{n}"]
            items = tuple(
                DeltaItem(
                    f"{sample['sample_id']}-s{n}",
                    i + 1,
                    "user",
                    turn_text(t),
                    start + timedelta(seconds=i),
                    i + 1,
                    name=t["speaker"],
                )
                for i, t in enumerate(turns)
            )
            turns_read += len(items)
            ctx = ExtractionContext(owner, f"s{n}", items, None, start)
            extraction = extractor.extract(ctx)
            current = [b for b in beliefs.values() if b.status == bitemporal.CURRENT]
            for change in reconcile(owner, extraction, current):
                if isinstance(change, NewBelief):
                    mid = new_belief_id(owner, change.source_key)
                    beliefs[mid] = BeliefView.make(
                        memory_id=mid,
                        kind=change.kind,
                        statement=change.statement,
                        valid_from=change.valid_from,
                        confidence=change.confidence,
                        subject=change.subject,
                        attribute=change.attribute,
                        value=change.value,
                    )
                    seq = int(change.source_key.split(":")[1]) if change.source_key.count(":") >= 2 else 0
                    dia = turns[seq - 1]["dia_id"] if 0 < seq <= len(turns) else f"s{n}"
                    made.append(
                        Made(
                            f"{sample['sample_id']}/{dia}/{change.source_key.rsplit(':', 1)[-1]}",
                            change.statement,
                            turn_text(turns[seq - 1]) if seq else "",
                            change.kind,
                            _form(change.statement, names),
                        )
                    )
                elif isinstance(change, Reinforce):
                    merged += 1
                elif isinstance(change, Invalidate) and change.memory_id in beliefs:
                    b = beliefs[change.memory_id]
                    endings.append((b.statement, change.reason))
                    beliefs[change.memory_id] = BeliefView.make(
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
                                )
                            },
                            "status": bitemporal.INVALIDATED_STATUS,
                            "invalid_at": change.invalid_at,
                        }
                    )
            n += 1
        finals.extend(beliefs.values())
    return made, turns_read, merged, finals, endings


DUPLICATE_AT = 0.6  # Jaccard of two beliefs' content words (less their subject's name) that reads as one fact


def duplicates(beliefs: list[BeliefView]) -> list[tuple[BeliefView, BeliefView]]:
    """Pairs of one subject's beliefs that say much the same in other words:
    stored twice where the second should have reinforced the first."""
    by_subject: dict[str, list[tuple[BeliefView, frozenset[str]]]] = {}
    for b in beliefs:
        if b.kind != "fact" or not b.subject:
            continue
        name = tokens(b.subject.split(":")[0])
        by_subject.setdefault(b.subject, []).append((b, tokens(b.statement) - name))
    pairs = []
    for group in by_subject.values():
        for i, (a, wa) in enumerate(group):
            for b, wb in group[i + 1 :]:
                if len(wa) >= 2 and len(wb) >= 2 and jaccard(wa, wb) >= DUPLICATE_AT:
                    pairs.append((a, b))
    return pairs


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--data", default=str(DEFAULT_DATA))
    p.add_argument(
        "--labels",
        default=str(LABELS),
        help="the labels file: another corpus in LoCoMo's layout is measured with labels of its own",
    )
    p.add_argument("--sample", type=int, default=220)
    p.add_argument(
        "--start",
        type=int,
        default=0,
        help="rank the sample starts at: 220 measures the next beliefs, a slice never read while writing the filters",
    )
    p.add_argument("--draw", action="store_true", help="print the sample with its text, for labelling")
    p.add_argument("--unlabelled", action="store_true", help="with --draw: every belief without a label, at any rank")
    p.add_argument("--set", default=None, help="measure only the labels of this set, wherever they are made")
    p.add_argument(
        "--endings", action="store_true", help="print every belief a later turn ended, with the reason, and their count"
    )
    args = p.parse_args()
    path = Path(args.data)
    if not path.exists():
        print(f"no LoCoMo data at {path}: nothing to measure")
        return 0
    made, turns, merged, finals, endings = distil(json.loads(path.read_text()))
    if args.endings:
        for statement, reason in sorted(endings):
            print(f"{statement} || {reason}")
        print(f"{len(endings)} beliefs ended by later turns")
        return 0
    doubles = duplicates(finals)
    current = sum(1 for b in finals if b.status == bitemporal.CURRENT)
    labels = load_labels(Path(args.labels))
    ranked = sorted(made, key=_rank)
    sample = ranked[args.start : args.start + args.sample]
    if args.draw and args.unlabelled:
        sample = [m for m in ranked if labels.row(m) is None]
    if args.set is not None:
        sample = [m for m in ranked if (labels.row(m) or {}).get("set") == args.set]
    if args.draw:
        for m in sample:
            print(
                json.dumps(
                    {
                        "key": m.key,
                        "hash": _digest(m.statement),
                        "form": m.form,
                        "statement": m.statement,
                        "turn": m.turn,
                    },
                    ensure_ascii=False,
                )
            )
        return 0
    judged = [(labels.row(m) or {}).get("label") for m in sample]
    reworded = sum(1 for m in sample if labels.reworded(m))
    known = [label for label in judged if label is not None]
    not_facts = sum(1 for label in known if label.startswith("not_fact"))
    unresolved = sum(1 for label in known if label == "fact:unresolved")
    print(
        f"{'LoCoMo dev' if path == DEFAULT_DATA else path.name} precision: {len(made)} beliefs from {turns} turns "
        f"({100 * len(made) / max(turns, 1):.1f} per 100 turns), {merged} restatements merged (reinforced)"
    )
    print(
        f"current at the end: {current} of {len(finals)} (the rest superseded or negated by later turns); "
        f"near-duplicates: {len(doubles)} pairs of one subject's beliefs with content-word Jaccard >= {DUPLICATE_AT}"
    )
    print(
        "| sample (ranks) | labelled | facts about someone | of them with an unresolved reference | not facts | share not facts |\n"
        "|---|---|---|---|---|---|"
    )
    share = not_facts / len(known) if known else 0.0
    where = f"set {args.set}" if args.set is not None else f"{args.start + 1}-{args.start + len(sample)}"
    print(
        f"| {len(sample)} ({where}) | {len(known)} | {len(known) - not_facts} | {unresolved} | {not_facts} | {share:.1%} |"
    )
    if reworded:
        print(
            f"  {reworded} of the labels found by form: the statement was reworded since, only in how it names the speakers"
        )
    for m, label in zip(sample, judged):
        if label is not None and label.startswith("not_fact"):
            print(f"  not a fact ({label}): {m.key}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
