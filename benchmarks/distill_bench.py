"""Distillation: throughput of the default extractor, and the token saving of
distilled beliefs against the raw history, on LoCoMo development conversations.

    python benchmarks/distill_bench.py [--rounds 100] [--conversations 5] [--data PATH]

Measured (SQLite, a fresh temp file, one run):
- extractor throughput: messages/s of ``RuleExtractor.extract`` alone over every
  LoCoMo turn (pure CPU), beside the raw baseline of the same loop doing only
  sentence splitting and tokenisation (what any text pass costs);
- end-to-end distiller throughput: messages/s of ``Distiller.run_once`` (log
  scan, extraction, reconcile, atomic commit of memory events + cursors),
  beside a raw baseline in the same database: scanning and decoding the same
  ``message.added`` notifications without distilling them;
- model calls: the sum reported by the extractor (the rule extractor makes none);
- token saving: for the first ``--rounds`` rounds (a round = two turns) of each
  conversation, tokens (chars / 4) of the current beliefs' statements against
  tokens of the raw history ("Speaker: text" per turn). Target >= 96 % saved.

Data: ../shared/data/locomo/locomo_dev.json (LoCoMo, Maharana et al., ACL 2024;
CC BY-NC 4.0, evaluation only). The script exits cleanly if it is absent.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from tqdm import tqdm

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ledgermind import MemoryEngine, Owner  # noqa: E402
from ledgermind.distill import DeltaItem, Distiller, ExtractionContext, RuleExtractor  # noqa: E402
from ledgermind.distill.explicit import belief_index  # noqa: E402
from ledgermind.distill.text import sentences, tokens  # noqa: E402

DEFAULT_DATA = ROOT.parent / "shared" / "data" / "locomo" / "locomo_dev.json"


def tokens_of(text: str) -> float:
    return len(text) / 4


def session_date(text: str) -> datetime:
    return datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)


def turns_of(conv: dict[str, Any], limit: int | None) -> list[tuple[int, dict[str, Any], datetime]]:
    """(session number, turn, occurred_at) in order, at most ``limit`` turns."""
    out: list[tuple[int, dict[str, Any], datetime]] = []
    n = 1
    while f"session_{n}" in conv and (limit is None or len(out) < limit):
        start = session_date(conv[f"session_{n}_date_time"])
        for i, turn in enumerate(conv[f"session_{n}"]):
            if limit is not None and len(out) >= limit:
                break
            out.append((n, turn, start + timedelta(seconds=i)))
        n += 1
    return out


def text_of(turn: dict[str, Any]) -> str:
    caption = turn.get("blip_caption")
    return f"{turn['text']} [shared an image: {caption}]" if caption else str(turn["text"])


def extractor_throughput(samples: list[dict[str, Any]]) -> tuple[float, float, int, int]:
    """(messages/s of the extractor, messages/s of the raw text pass, messages, model calls)."""
    owner = Owner("bench", "extract")
    batches = []
    for s in samples:
        conv = s["conversation"]
        items = []
        for k, (n, turn, when) in enumerate(turns_of(conv, None)):
            role = "user" if turn["speaker"] == conv["speaker_a"] else "assistant"
            items.append(DeltaItem(f"s{n}", k + 1, role, text_of(turn), when, k + 1, name=turn["speaker"]))
        for i in range(0, len(items), 20):  # deltas of 20 turns, like a checker of message_count_gt(19)
            chunk = tuple(items[i : i + 20])
            batches.append(ExtractionContext(owner, "s", chunk, None, chunk[-1].occurred_at))
    total = sum(len(b.items) for b in batches)
    extractor = RuleExtractor()
    calls = 0
    start = time.perf_counter()
    for ctx in tqdm(batches, desc="extractor", unit="delta", leave=False):
        calls += extractor.extract(ctx).model_calls
    extract_s = time.perf_counter() - start
    start = time.perf_counter()
    for ctx in batches:
        for item in ctx.items:
            for sentence in sentences(item.content):
                tokens(sentence)
    raw_s = time.perf_counter() - start
    return total / extract_s, total / raw_s, total, calls


def ingest(eng: MemoryEngine, owner: Owner, conv: dict[str, Any], rounds: int | None) -> float:
    """Writes the first ``rounds`` rounds as messages; returns their raw tokens."""
    limit = None if rounds is None else 2 * rounds
    by_session: dict[int, list[dict[str, Any]]] = {}
    raw = 0.0
    for n, turn, when in turns_of(conv, limit):
        content = text_of(turn)
        raw += tokens_of(f"{turn['speaker']}: {content}")
        by_session.setdefault(n, []).append(
            {
                "role": "user" if turn["speaker"] == conv["speaker_a"] else "assistant",
                "name": turn["speaker"],
                "content": content,
                "occurred_at": when,
            }
        )
    for messages in by_session.values():
        sid = eng.for_owner(owner).create_session("locomo")
        eng.for_owner(owner).add_messages(sid, messages)
    return raw


def scan_baseline(eng: MemoryEngine) -> int:
    """Reads and decodes every message.added: what the distiller pays before extracting."""
    recorder, mapper = eng.log.recorder, eng.log.mapper
    head, position, count = recorder.max_notification_id() or 0, 0, 0
    while position < head:
        notes = recorder.select_notifications(position + 1, limit=500, stop=head, topics=("message.added",))
        if not notes:
            break
        for n in notes:
            mapper.to_domain_event(n)
            count += 1
        position = notes[-1].id
    return count


def run(args: argparse.Namespace) -> int:
    if not args.data.exists():
        print(f"LoCoMo data not found at {args.data}: skipping the distillation benchmark.")
        return 0
    samples = json.loads(args.data.read_text())[: args.conversations]
    ext_rate, raw_rate, ext_msgs, calls = extractor_throughput(samples)
    tmp = tempfile.mkdtemp(prefix="distill-bench-")
    rows = []
    try:
        with MemoryEngine.open(os.path.join(tmp, "bench.db")) as eng:
            owners = []
            for s in tqdm(samples, desc="ingest", unit="conversation", leave=False):
                owner = Owner("locomo", s["sample_id"])
                owners.append((s["sample_id"], owner, ingest(eng, owner, s["conversation"], args.rounds)))
            start = time.perf_counter()
            messages = scan_baseline(eng)
            scan_s = time.perf_counter() - start
            start = time.perf_counter()
            report = Distiller(eng.writes).run_once()
            distill_s = time.perf_counter() - start
            index = belief_index(eng)
            for sample_id, owner, raw in owners:
                current = index.current(owner)
                distilled = sum(tokens_of(b.statement) for b in current)
                kinds = {k: sum(1 for b in current if b.kind == k) for k in ("fact", "episode", "experience")}
                rows.append((sample_id, raw, distilled, kinds))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print_report(
        args,
        ext_rate,
        raw_rate,
        ext_msgs,
        calls + report.model_calls,
        messages,
        messages / distill_s,
        messages / scan_s,
        rows,
    )
    return 0


def print_report(
    args: argparse.Namespace,
    ext_rate: float,
    raw_rate: float,
    ext_msgs: int,
    calls: int,
    messages: int,
    e2e_rate: float,
    scan_rate: float,
    rows: list[tuple[str, float, float, dict[str, int]]],
) -> None:
    print("\nDistillation throughput (SQLite, default rule extractor)")
    print(f"{'measure':44} {'messages/s':>12} {'vs baseline':>12}")
    print(f"{'extractor alone (' + str(ext_msgs) + ' turns)':44} {ext_rate:12,.0f} {ext_rate / raw_rate:11.2f}x")
    print(f"{'  baseline: split + tokenise the same text':44} {raw_rate:12,.0f} {'1.00x':>12}")
    print(
        f"{'distiller end to end (' + str(messages) + ' messages)':44} {e2e_rate:12,.0f} {e2e_rate / scan_rate:11.2f}x"
    )
    print(f"{'  baseline: scan + decode message.added':44} {scan_rate:12,.0f} {'1.00x':>12}")
    print(f"model calls: {calls}")
    scope = "all turns" if args.rounds is None else f"the first {args.rounds} rounds"
    print(f"\nToken saving: current beliefs vs raw history, {scope} of each conversation (chars/4)")
    print(
        f"{'conversation':14} {'raw tokens':>11} {'beliefs':>8} {'facts':>6} {'episodes':>9} {'exp.':>5} "
        f"{'belief tokens':>14} {'saved':>8}"
    )
    raw_total = distilled_total = 0.0
    for sample_id, raw, distilled, kinds in rows:
        raw_total += raw
        distilled_total += distilled
        print(
            f"{sample_id:14} {raw:11,.0f} {sum(kinds.values()):8} {kinds['fact']:6} {kinds['episode']:9} "
            f"{kinds['experience']:5} {distilled:14,.0f} {1 - distilled / raw:8.1%}"
        )
    if raw_total:
        print(
            f"{'all':14} {raw_total:11,.0f} {'':8} {'':6} {'':9} {'':5} {distilled_total:14,.0f} "
            f"{1 - distilled_total / raw_total:8.1%}   (target >= 96.0%)"
        )


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--data", type=Path, default=DEFAULT_DATA, help="locomo_dev.json")
    p.add_argument("--rounds", type=int, default=100, help="rounds per conversation (0: all turns)")
    p.add_argument("--conversations", type=int, default=5, help="how many conversations (max 5)")
    args = p.parse_args()
    if args.rounds == 0:
        args.rounds = None
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
