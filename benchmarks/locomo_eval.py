"""Evidence recall of ``search`` on LoCoMo, and the tokens ``build_context`` injects.

Per conversation: every turn becomes a message (the session's date as its
time, the speaker as the message name; the index writes both into the
indexed text), the distiller runs if it is installed, then every question of
categories 1-4 is asked with ``search(..., include_messages=True)``.

Evidence Recall@k = the fraction of the question's gold turns (``dia_id``)
covered by the sources of the top k results, averaged over questions; MRR =
1 / rank of the first result that covers a gold turn. Tokens: what
``build_context(question)`` injects, against the conversation's full history
(both by ``estimate_tokens``). Nothing here is tuned to individual questions.

The relevance floor: questions are asked with the floor off, and Recall@10
is then reported for each floor in ``--floors`` (a floor serves nothing for
a question whose best result is below it and that names no one who speaks
among its results, ``retrieval.search.served``, so the recall it leaves is
read from the same run). The
unrelated-question set (``benchmarks/data/unrelated_questions.json``,
English and Chinese, written before the floor was tuned) is asked of every
conversation with ``build_context`` at the engine's floor: the share of
empty blocks is what an agent sees for a question its memory cannot answer.
Then a person's own questions (``benchmarks/own_questions.py``, on a fresh
database of the same backend and embedder): how many of their beliefs come
first, are found, or fall under the floor.

Splits: each conversation falls, by the parity of the SHA-256 of its
``sample_id``, into a tuning half (even) or a reporting half (odd), fixed
before any ranking constant was tried: constants are chosen on the tuning
half only, and the report prints both halves beside the whole (per
category), so a step fitted to the questions it was tried on shows as a
gap between them. ``--misses FILE`` writes every question not fully
covered at Recall@10 (its split, category, evidence, and the top ten).
``--half tune`` asks the tuning half's questions only: what a ranking step
is tried on, so that the reporting half is not read while constants are
chosen.

A kept index (``--index DIR``, SQLite): the first run ingests every
conversation (and distils) into ``DIR/locomo.db`` and records where each turn
went in ``DIR/turns.json``; a later run with the same ``DIR`` skips the
ingest and asks the questions of that index with the code as it is then. So
a ranking step is measured in seconds on exactly the memories the official
run holds (ingest and distillation are not under test), and anyone can rerun
the "tried" tables of ``docs/benchmarks/retrieval.md``. The index records
its embedder; asking it with another one is refused.

The embedder (``--embedder``, any ``LEDGERMIND_EMBEDDER`` choice) is the
search index's; its costs are measured apart first, in this process: the
model's load time (the first embedding), the time to embed one question
(the median over 200 questions, one call each) and the CPU to embed 1,000
turns as the index does (the first 2,000 turns of the data, batches of 64):
the embedder's share of indexing, the rest of which is the same for all.

    python benchmarks/locomo_eval.py [--embedder hashing|minilm|...] [--backend sqlite|postgresql]
                                     [--db URL] [--index DIR] [--half tune|report|all]
                                     [--no-distill] [--json]

Data: ``../shared/data/locomo/locomo_dev.json`` (LoCoMo, Maharana et al.,
ACL 2024, CC BY-NC 4.0; evaluation use only).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from tqdm import tqdm

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import own_questions  # noqa: E402

from ledgermind import MemoryEngine, Owner  # noqa: E402
from ledgermind.analysis.embedders import embedder_for  # noqa: E402
from ledgermind.analysis.text import lexical_terms  # noqa: E402
from ledgermind.domain.config import EngineConfig  # noqa: E402
from ledgermind.retrieval.context import estimate_tokens  # noqa: E402
from ledgermind.retrieval.search import served as served_at  # noqa: E402

DEFAULT_DATA = ROOT.parent / "shared" / "data" / "locomo" / "locomo_dev.json"
UNRELATED = Path(__file__).resolve().parent / "data" / "unrelated_questions.json"
FLOORS = "0,0.01,0.02,0.03,0.05,0.08,0.1"
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
SPLITS = ("tune", "report")
_ID = re.compile(r"^D:?(\d+):0*(\d+)$")


def parse_session_date(text: str) -> datetime:
    """'1:56 pm on 8 May, 2023' -> an aware UTC datetime."""
    return datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)


def repair_evidence(raw: list[str], known: set[str]) -> list[str]:
    """Splits '"D8:6; D9:17"', repairs 'D:11:26' and 'D30:05', drops unknown ids."""
    out: list[str] = []
    for item in raw:
        for part in re.split(r"[;,\s]+", str(item)):
            m = _ID.match(part.strip())
            if m:
                dia = f"D{int(m.group(1))}:{int(m.group(2))}"
                if dia in known and dia not in out:
                    out.append(dia)
    return out


def turn_text(turn: dict[str, Any]) -> str:
    text = str(turn.get("text", ""))
    caption = turn.get("blip_caption")
    return f"{text} [shared an image: {caption}]" if caption else text


def ingest(eng: MemoryEngine, owner: Owner, conv: dict[str, Any]) -> tuple[dict[str, tuple[str, int]], int]:
    """All sessions of one conversation; returns dia_id -> (session, seq) and history tokens."""
    speaker_a = conv["speaker_a"]
    where: dict[str, tuple[str, int]] = {}
    history_tokens = 0
    n = 1
    while f"session_{n}" in conv:
        turns = conv[f"session_{n}"]
        start = parse_session_date(conv[f"session_{n}_date_time"])
        sid = eng.for_owner(owner).create_session(agent_id="locomo")
        messages = []
        for i, turn in enumerate(turns):
            content = turn_text(turn)
            history_tokens += estimate_tokens(f"{turn['speaker']}: {content}")
            messages.append(
                {
                    "role": "user" if turn["speaker"] == speaker_a else "assistant",
                    "name": turn["speaker"],
                    "content": content,
                    "occurred_at": start + timedelta(seconds=i),
                }
            )
        if messages:
            seqs = eng.for_owner(owner).add_messages(sid, messages)
            for turn, seq in zip(turns, seqs):
                where[turn["dia_id"]] = (sid, seq)
        n += 1
    return where, history_tokens


def run_distiller(eng: MemoryEngine, enabled: bool) -> str:
    if not enabled:
        return "off"
    try:
        from ledgermind.distill.distiller import Distiller
    except ImportError:
        return "not installed"
    report = Distiller(eng.writes).run_once()
    return f"ran ({getattr(report, 'windows', '?')} windows in the last conversation)"


def split_of(sample_id: str) -> str:
    """The half a conversation belongs to: ``tune`` or ``report`` (module doc)."""
    return SPLITS[int(hashlib.sha256(sample_id.encode()).hexdigest(), 16) % 2]


class KeptIndex:
    """Where a kept index's turns went (``--index DIR``, module doc): per
    conversation its owner's user id, ``dia_id -> (session, seq)`` and the
    history's tokens, with the embedder it was ingested with."""

    FILE = "turns.json"

    def __init__(self, folder: Path, embedder: str) -> None:
        self.folder = folder
        self.db = str(folder / "locomo.db")
        self.embedder = embedder
        path = folder / self.FILE
        self.conversations: dict[str, dict[str, Any]] | None = None
        if path.exists():
            kept = json.loads(path.read_text())
            if kept["embedder"] != embedder:
                raise SystemExit(f"{folder} was ingested with --embedder {kept['embedder']}, not {embedder}")
            self.conversations = kept["conversations"]
        elif Path(self.db).exists():
            raise SystemExit(f"{self.db} has no {self.FILE} (an ingest that did not finish): remove the folder")
        else:
            folder.mkdir(parents=True, exist_ok=True)

    @property
    def reused(self) -> bool:
        return self.conversations is not None

    def save(self, ingested: dict[str, dict[str, Any]]) -> None:
        body = {"embedder": self.embedder, "conversations": ingested}
        (self.folder / self.FILE).write_text(json.dumps(body))


def covered(hits: list[Any], k: int, gold: set[tuple[str, int]], floor: float = 0.0, question: str = "") -> float:
    seen: set[tuple[str, int]] = set()
    if not served_at(hits, lexical_terms(question), floor):
        return 0.0  # the floor serves nothing for this question
    for hit in hits[:k]:
        for src in hit.sources:
            for seq in src.get("seqs", ()):
                seen.add((src.get("session_id"), int(seq)))
    return len(gold & seen) / len(gold)


def first_rank(hits: list[Any], gold: set[tuple[str, int]]) -> float:
    for rank, hit in enumerate(hits, start=1):
        for src in hit.sources:
            if any((src.get("session_id"), int(s)) in gold for s in src.get("seqs", ())):
                return 1.0 / rank
    return 0.0


def evaluate(args: argparse.Namespace) -> dict[str, Any]:
    samples = json.loads(Path(args.data).read_text())
    if args.conversations:
        samples = samples[: args.conversations]
    tmp = None
    db = args.db
    index = KeptIndex(Path(args.index), args.embedder) if args.index else None
    if index is not None:
        db = index.db
    elif db is None:
        tmp = tempfile.mkdtemp(prefix="locomo-")
        db = os.path.join(tmp, "locomo.db")
    ingested: dict[str, dict[str, Any]] = {}
    per_cat: dict[int, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    per_split: dict[str, dict[int, dict[str, list[float]]]] = {
        name: defaultdict(lambda: defaultdict(list)) for name in SPLITS
    }
    misses: list[dict[str, Any]] = []
    latencies: list[float] = []
    cpu: list[float] = []
    loads: list[float] = []
    injected: list[int] = []
    history: list[int] = []
    skipped = 0
    distilled = ""
    floors = [float(f) for f in args.floors.split(",")]
    by_floor: dict[float, list[float]] = defaultdict(list)
    unrelated = json.loads(UNRELATED.read_text())
    unrelated_empty: dict[str, list[bool]] = defaultdict(list)
    served = EngineConfig.from_env(db=db, relevance_floor=args.relevance_floor).relevance_floor
    turns = [
        turn_text(t)
        for s in samples
        for k, v in s["conversation"].items()
        if k.startswith("session_") and isinstance(v, list)
        for t in v
    ]
    costs = embedder_costs(args.embedder, [str(q["question"]) for s in samples for q in s["qa"]][:200], turns[:2000])
    config = EngineConfig.from_env(db=db, relevance_floor=0.0, embedder=args.embedder)
    with (
        MemoryEngine.open(db, config=config) as eng,
        MemoryEngine.open(
            db,
            config=EngineConfig.from_env(
                db=db, relevance_floor=served, projections_in_process=False, embedder=args.embedder
            ),
        ) as floored,
    ):  # the same index at the served floor (the first engine runs the projections)
        for sample in tqdm(samples, desc="conversations", unit="conv"):
            sid = str(sample["sample_id"])
            if index is not None and index.conversations is not None:
                stored = index.conversations[sid]
                owner = Owner("locomo", stored["user_id"])
                where = {dia: (str(s), int(q)) for dia, (s, q) in stored["where"].items()}
                tokens, distilled = int(stored["tokens"]), "kept"
            else:
                owner = Owner("locomo", f"{sid}-{os.getpid()}-{time.time_ns()}")
                where, tokens = ingest(eng, owner, sample["conversation"])
                distilled = run_distiller(eng, args.distill)
                ingested[sid] = {"user_id": owner.user_id, "where": where, "tokens": tokens}
            eng.projections.wait_for_head(timeout=1800)  # the index has folded every turn (a loaded machine is slow)
            if args.half != "all" and split_of(sid) != args.half:
                continue
            eng.for_owner(owner).search("warm up", include_messages=True)
            questions = [q for q in sample["qa"] if q.get("category") in CATEGORIES]
            loads.append(os.getloadavg()[0])
            for qa in tqdm(questions, desc=sample["sample_id"], unit="q", leave=False):
                ids = repair_evidence(qa.get("evidence", []), set(where))
                if not ids:
                    skipped += 1
                    continue
                gold = {where[i] for i in ids}
                t0, c0 = time.perf_counter(), time.process_time()
                hits = eng.for_owner(owner).search(str(qa["question"]), k=10, include_messages=True)
                latencies.append((time.perf_counter() - t0) * 1000)
                cpu.append((time.process_time() - c0) * 1000)
                kept = hits if served_at(hits, lexical_terms(str(qa["question"])), served) else []
                split = split_of(str(sample["sample_id"]))
                scores = {
                    "r5": covered(kept, 5, gold),
                    "r10": covered(kept, 10, gold),
                    "mrr": first_rank(kept[:10], gold),
                }
                for table in (per_cat, per_split[split]):
                    for key, value in scores.items():
                        table[qa["category"]][key].append(value)
                if scores["r10"] < 1.0:
                    misses.append(
                        {
                            "conversation": sample["sample_id"],
                            "split": split,
                            "category": CATEGORIES[qa["category"]],
                            "question": qa["question"],
                            "evidence": ids,
                            "recall10": scores["r10"],
                            "best_relevance": max((h.relevance for h in hits), default=0.0),
                            "top10": [
                                {"type": h.item_type, "statement": h.statement[:160], "sources": list(h.sources)}
                                for h in hits[:10]
                            ],
                        }
                    )
                for floor in floors:
                    by_floor[floor].append(covered(hits, 10, gold, floor, str(qa["question"])))
                block = floored.for_owner(owner).build_context(
                    str(qa["question"]),
                    token_budget=args.budget,
                    time_budget_ms=args.time_budget_ms,
                    include_messages=True,
                )
                injected.append(estimate_tokens(block))
                history.append(tokens)
            for lang, questions in unrelated.items():
                if lang in ("en", "zh"):
                    for question in questions:
                        block = floored.for_owner(owner).build_context(
                            question,
                            token_budget=args.budget,
                            time_budget_ms=args.time_budget_ms,
                            include_messages=True,
                        )
                        unrelated_empty[lang].append(block == "")
    if index is not None and not index.reused:
        index.save(ingested)
    if tmp is not None:
        import shutil

        shutil.rmtree(tmp, ignore_errors=True)
    result = summarise(per_cat, latencies, injected, history, skipped, distilled, len(samples))
    ordered = sorted(cpu)
    # the process's CPU (every thread: the projection runner's idle polls are
    # noise); on PostgreSQL the server's share is not in it. Unlike the wall
    # time it does not grow while the search waits for a core.
    result["search_cpu_ms"] = {"p50": ordered[len(ordered) // 2], "p95": ordered[int(0.95 * (len(ordered) - 1))]}
    result["load_average"] = {"min": min(loads), "max": max(loads)}
    result["half"] = args.half
    result["relevance_floor"] = served
    result["splits"] = {
        name: {
            "conversations": sorted({str(s["sample_id"]) for s in samples if split_of(str(s["sample_id"])) == name}),
            "recall": recall_rows(per_split[name]) if per_split[name] else [],
        }
        for name in SPLITS
    }
    result["misses"] = misses
    result["embedder"] = costs
    result["recall10_by_floor"] = {f"{f:g}": statistics.fmean(v) for f, v in by_floor.items()}
    result["unrelated_empty"] = {lang: statistics.fmean(v) for lang, v in unrelated_empty.items()}
    return result


def embedder_costs(choice: str, questions: list[str], turns: list[str]) -> dict[str, Any]:
    """The embedder's name, load time (its first embedding: imports and
    weights), median ms to embed one question and CPU seconds to embed 1,000
    ``turns`` in batches of 64. The engine that follows shares the loaded
    model (``analysis.embedders.models``)."""
    embedder = embedder_for(choice)
    t0 = time.perf_counter()
    embedder.embed(["load"])
    load_s = time.perf_counter() - t0
    per_query = []
    for question in questions:
        t = time.perf_counter()
        embedder.embed([question])
        per_query.append((time.perf_counter() - t) * 1000)
    c0 = time.process_time()
    for start in range(0, len(turns), 64):
        embedder.embed(turns[start : start + 64])
    index_cpu = (time.process_time() - c0) * 1000 / max(1, len(turns))
    return {
        "choice": choice,
        "name": embedder.name,
        "dimension": embedder.dimension,
        "load_s": load_s,
        "query_embed_ms_p50": statistics.median(per_query),
        "index_embed_cpu_s_per_1000": index_cpu,
        "index_embed_turns": len(turns),
    }


def recall_rows(per_cat: dict[int, dict[str, list[float]]]) -> list[dict[str, Any]]:
    """Recall@5/10 and MRR per category, then over all of them."""
    rows = []
    allv: dict[str, list[float]] = defaultdict(list)
    for cat in sorted(per_cat):
        values = per_cat[cat]
        for key in ("r5", "r10", "mrr"):
            allv[key].extend(values[key])
        rows.append(
            {
                "category": f"{cat} {CATEGORIES[cat]}",
                "questions": len(values["r10"]),
                **{k: statistics.fmean(values[k]) for k in ("r5", "r10", "mrr")},
            }
        )
    rows.append(
        {
            "category": "all (1-4)",
            "questions": len(allv["r10"]),
            **{k: statistics.fmean(allv[k]) for k in ("r5", "r10", "mrr")},
        }
    )
    return rows


def summarise(
    per_cat: dict[int, dict[str, list[float]]],
    latencies: list[float],
    injected: list[int],
    history: list[int],
    skipped: int,
    distilled: str,
    conversations: int,
) -> dict[str, Any]:
    rows = recall_rows(per_cat)
    lat = sorted(latencies)
    share = [i / h for i, h in zip(injected, history)]
    return {
        "conversations": conversations,
        "distiller": distilled,
        "skipped_no_valid_evidence": skipped,
        "recall": rows,
        "latency_ms": {"p50": lat[len(lat) // 2], "p95": lat[int(0.95 * (len(lat) - 1))]},
        "tokens": {
            "injected_mean": statistics.fmean(injected),
            "injected_max": max(injected),
            "empty_blocks": sum(1 for i in injected if i == 0),
            "full_history_mean": statistics.fmean(history),
            "share_mean": statistics.fmean(share),
        },
    }


def print_report(result: dict[str, Any]) -> None:
    e = result["embedder"]
    asked = "" if result["half"] == "all" else f", the {result['half']} half's questions only"
    print(
        f"\nLoCoMo dev: {result['conversations']} conversations{asked}, distiller {result['distiller']}, "
        f"{result['skipped_no_valid_evidence']} questions without valid evidence skipped"
    )
    print(
        f"embedder {e['choice']} ({e['name']}, {e['dimension']}-d): loaded in {e['load_s']:.1f} s, "
        f"{e['query_embed_ms_p50']:.2f} ms to embed a question (median), "
        f"{e['index_embed_cpu_s_per_1000']:.2f} s CPU to embed 1,000 turns for the index "
        f"({e['index_embed_turns']} turns, batches of 64)\n"
    )
    print("| category | questions | Recall@5 | Recall@10 | MRR |")
    print("|---|---:|---:|---:|---:|")
    for r in result["recall"]:
        print(f"| {r['category']} | {r['questions']} | {r['r5']:.3f} | {r['r10']:.3f} | {r['mrr']:.3f} |")
    print("\n| category | " + " | ".join(f"{n} R@10" for n in SPLITS) + " | whole R@10 |")
    print("|---|" + "---:|" * (len(SPLITS) + 1))
    halves = [{h["category"]: h for h in result["splits"][n]["recall"]} for n in SPLITS]
    for r in result["recall"]:
        cells = " | ".join(
            f"{h[r['category']]['r10']:.3f} ({h[r['category']]['questions']})" if r["category"] in h else "-"
            for h in halves
        )
        print(f"| {r['category']} | {cells} | {r['r10']:.3f} ({r['questions']}) |")
    print(", ".join(f"{n}: {' '.join(result['splits'][n]['conversations'])}" for n in SPLITS))
    t, lat = result["tokens"], result["latency_ms"]
    cpu, load = result["search_cpu_ms"], result["load_average"]
    print(
        f"\nsearch latency: p50 {lat['p50']:.1f} ms, p95 {lat['p95']:.1f} ms; CPU of this process per search: "
        f"p50 {cpu['p50']:.1f} ms, p95 {cpu['p95']:.1f} ms; load average {load['min']:.1f}-{load['max']:.1f} "
        f"(1 min, as each conversation's questions began)"
    )
    print(
        f"build_context: {t['injected_mean']:.0f} tokens injected on average (max {t['injected_max']}, "
        f"{t['empty_blocks']} empty) vs {t['full_history_mean']:.0f} tokens of full history "
        f"= {100 * t['share_mean']:.2f} % (estimate_tokens: CJK chars + other chars / 4)"
    )
    print(f"\nrelevance floor served: {result['relevance_floor']:g}")
    print("| floor | Recall@10 (1-4) |\n|---:|---:|")
    for floor, recall in result["recall10_by_floor"].items():
        print(f"| {floor} | {recall:.3f} |")
    print(
        "unrelated questions with an empty build_context: "
        + ", ".join(f"{lang} {100 * share:.1f} %" for lang, share in result["unrelated_empty"].items())
    )
    print(f"\nown questions ({own_questions.QUESTIONS.name}, one owner each, beliefs, top 10):")
    print(own_questions.report(result["own_questions"]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--db", default=None, help="database URL (default: a new database on --backend)")
    parser.add_argument(
        "--backend",
        choices=("sqlite", "postgresql"),
        default="sqlite",
        help="without --db: a temporary SQLite file, or a fresh database on a pgserver PostgreSQL",
    )
    parser.add_argument(
        "--embedder",
        default=os.environ.get("LEDGERMIND_EMBEDDER", "hashing"),
        help="the search index's embedder: hashing, minilm, wordllama, st:<model>, fastembed:<model>, model2vec:<folder>",
    )
    parser.add_argument("--data", default=str(DEFAULT_DATA), help="LoCoMo JSON file")
    parser.add_argument("--conversations", type=int, default=0, help="only the first N (0 = all)")
    parser.add_argument("--budget", type=int, default=800, help="build_context token budget")
    parser.add_argument("--time-budget-ms", type=int, default=800, help="build_context time budget")
    parser.add_argument(
        "--no-distill", dest="distill", action="store_false", help="do not run the distiller even if it is installed"
    )
    parser.add_argument(
        "--relevance-floor", type=float, default=None, help="search's relevance floor (default: the engine's setting)"
    )
    parser.add_argument("--floors", default=FLOORS, help="relevance floors to report Recall@10 at")
    parser.add_argument(
        "--index", default=None, help="a folder to keep the ingested index in, or to ask again (SQLite; module doc)"
    )
    parser.add_argument(
        "--half", choices=("all", *SPLITS), default="all", help="ask only this half's questions (module doc)"
    )
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--misses", default=None, help="write the questions not fully covered at Recall@10 here (JSON)")
    args = parser.parse_args()
    if args.index and (args.db or args.backend != "sqlite"):
        parser.error("--index keeps a SQLite index: it takes no --db or --backend")
    if args.db is None and args.backend == "postgresql":
        from harness import fresh_pg_database, pg_server

        with pg_server(None) as dsn, fresh_pg_database(dsn, prefix="locomo") as url:
            args.db = url
            result = evaluate(args)
            with fresh_pg_database(dsn, prefix="own") as own_db:
                result["own_questions"] = own_questions.ask(own_db, args.embedder)
    else:
        result = evaluate(args)
        own_db = os.path.join(tempfile.mkdtemp(prefix="own-questions-"), "own.db")
        result["own_questions"] = own_questions.ask(own_db, args.embedder)
    misses = result.pop("misses")
    if args.misses:
        Path(args.misses).write_text(json.dumps(misses, indent=1, ensure_ascii=False))
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print_report(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
