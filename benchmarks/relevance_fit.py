"""Fits the relevance model (``ledgermind.retrieval.relevance``) on LoCoMo dev, and picks nothing else.

For every question of categories 1-4, asked of its own conversation and of
one other conversation (a question about other people's lives: nothing in
that memory answers it), the top ``--depth`` fused candidates are taken as
search ranks them, each with its two features (coverage of the query's IDF
mass, cosine similarity, the share of the query the memory knows at all); the label is whether the candidate is a turn the
question's evidence cites (always 0 for the other conversation's memory).
A logistic regression (Newton's method, numpy) gives the model's three
numbers; the script prints them, a reliability table (predicted against
observed, by decile), and per floor: own-question Recall@10 and the share
of other-conversation questions whose results are all below the floor.

    python benchmarks/relevance_fit.py [--data PATH] [--depth 10]

Only dev data is read; the unrelated-question set is never used here.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from locomo_eval import CATEGORIES, DEFAULT_DATA, ingest, repair_evidence

from ledgermind import MemoryEngine, Owner
from ledgermind.analysis.embedders import embedder_for
from ledgermind.analysis.text import lexical_terms
from ledgermind.domain.config import EngineConfig
from ledgermind.projections.row_security import owner_scope
from ledgermind.projections.search_store.base import Filter
from ledgermind.projections.search_store.records import TimePoint
from ledgermind.retrieval.fusion import rrf
from ledgermind.retrieval.lexical import bm25
from ledgermind.retrieval.search import INDEX_NAME, normalise_sources


def candidates(
    eng: MemoryEngine, owner: Owner, question: str, depth: int
) -> list[tuple[float, float, float, set[tuple[str, int]]]]:
    """(coverage, similarity above the noise floor, known, cited turns) of the top fused candidates."""
    side = eng.projections
    now = time.time()
    flt = Filter(TimePoint(now, now), ("memory", "message"))
    with side.db.connect() as conn, owner_scope(conn, owner):
        proj = side.projection(INDEX_NAME, conn)
        store = proj.store(conn.dialect.name)
        floor = float(proj.embedder.similarity_floor)
        terms = list(dict.fromkeys(lexical_terms(question)))
        found = store.matches(conn, owner, terms, flt)
        lexical = bm25(terms, found.docs, found.corpus_rows, found.dropped)
        vector = proj.embedder.embed([question])[0]
        dense = store.dense(conn, owner, vector, flt, 50, floor) if np.any(vector) else []
        fused = rrf([[h.row_id for h in lexical[:50]], [r for r, _ in dense]])[:depth]
        rows = store.fetch(conn, owner, [r for r, _ in fused])
    coverage = {h.row_id: h.coverage for h in lexical}
    known = lexical[0].known if lexical else 0.0
    similarity = dict(dense)
    out = []
    for row_id, _ in fused:
        cited = {(s["session_id"], int(q)) for s in normalise_sources(rows[row_id].sources) for q in s.get("seqs", ())}
        above = max(0.0, similarity.get(row_id, floor) - floor) / (1.0 - floor)
        out.append((coverage.get(row_id, 0.0), above, known, cited))
    return out


def fit(x: np.ndarray, y: np.ndarray, steps: int = 50) -> np.ndarray:
    """Logistic regression by Newton's method (a tiny ridge keeps it finite)."""
    X = np.hstack([np.ones((len(x), 1)), x])
    w = np.zeros(X.shape[1])
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-X @ w))
        grad = X.T @ (p - y) + 1e-3 * w
        hess = (X * (p * (1 - p))[:, None]).T @ X + 1e-3 * np.eye(X.shape[1])
        w -= np.linalg.solve(hess, grad)
    return w


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", default=str(DEFAULT_DATA))
    parser.add_argument("--depth", type=int, default=10)
    parser.add_argument("--embedder", default="hashing", help="the search index's embedder (one model per embedder)")
    args = parser.parse_args()
    samples = json.loads(Path(args.data).read_text())
    tmp = tempfile.mkdtemp(prefix="relfit-")
    db = os.path.join(tmp, "fit.db")
    rows: list[tuple[float, float, float, int, int, str]] = []  # features, label, question, own/other
    gold_of: dict[int, set[tuple[str, int]]] = {}
    config = EngineConfig(db=db, relevance_floor=0.0, embedder=args.embedder)
    with MemoryEngine.open(db, config=config) as eng:
        owners = []
        for sample in samples:
            owner = Owner("fit", f"{sample['sample_id']}-{os.getpid()}")
            where, _ = ingest(eng, owner, sample["conversation"])
            owners.append((owner, where))
            eng.for_owner(owner).search("warm up", include_messages=True)  # waits for the index
        qid = 0
        for i, sample in enumerate(samples):
            owner, where = owners[i]
            other = owners[(i + 1) % len(owners)][0]
            for qa in sample["qa"]:
                if qa.get("category") not in CATEGORIES:
                    continue
                ids = repair_evidence(qa.get("evidence", []), set(where))
                if not ids:
                    continue
                gold = {where[d] for d in ids}
                gold_of[qid] = gold
                for cov, sim, kn, cited in candidates(eng, owner, str(qa["question"]), args.depth):
                    rows.append((cov, sim, kn, int(bool(cited & gold)), qid, "own"))
                for cov, sim, kn, _ in candidates(eng, other, str(qa["question"]), args.depth):
                    rows.append((cov, sim, kn, 0, qid, "other"))
                qid += 1
    x = np.array([[r[0], r[1], r[2]] for r in rows])
    y = np.array([r[3] for r in rows], dtype=float)
    w = fit(x, y)
    print(
        f"RELEVANCE_MODELS[{embedder_for(args.embedder).name!r}] = ({w[0]:.3f}, {w[1]:.3f}, {w[2]:.3f}, {w[3]:.3f})"
        f"  # {len(rows)} candidates, {int(y.sum())} cite evidence"
    )
    p = 1.0 / (1.0 + np.exp(-(w[0] + x @ w[1:])))
    print("\n| predicted | candidates | mean predicted | observed |\n|---|---:|---:|---:|")
    edges = [0, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 1.0001]
    for lo, hi in itertools.pairwise(edges):
        m = (p >= lo) & (p < hi)
        if m.any():
            print(f"| {lo:.2f}-{min(hi, 1):.2f} | {int(m.sum())} | {p[m].mean():.3f} | {y[m].mean():.3f} |")
    print("\n| floor | own questions with a result | other-conversation questions with none |\n|---:|---:|---:|")
    kinds = np.array([r[5] for r in rows])
    qids = np.array([r[4] for r in rows])
    for floor in (0.0, 0.02, 0.05, 0.08, 0.1, 0.12, 0.15, 0.2, 0.25, 0.3):
        own = {q for q in qids[(kinds == "own") & (p >= floor)]}
        other = {q for q in qids[(kinds == "other") & (p >= floor)]}
        n = len(gold_of)
        print(f"| {floor:.2f} | {len(own) / n:.3f} | {1 - len(other) / n:.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
