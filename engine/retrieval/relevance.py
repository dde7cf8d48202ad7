"""A relevance in 0..1 for every result, and the floor below which nothing is served.

Why not the fused score: reciprocal rank fusion only orders one query's
candidates (the best item of any query scores about the same), so it cannot
say that the best answer to an unrelated question is still unrelated. The
relevance is read from what a result shares with the query, on scales that
mean the same for every query:

- ``coverage``: the share of the query's IDF mass the result holds
  (``retrieval.lexical``); a word the owner never used has the largest IDF,
  so "what is quantum chromodynamics?" covers almost nothing of anyone's
  memories;
- ``similarity``: the embedder's cosine, above its noise floor
  (``Embedder.similarity_floor``), rescaled to 0..1;
- ``known``: the share of the query's IDF mass that any of the owner's
  memories holds (the same for every result of one query): a question whose
  rare words the memory never saw is about something else.

They are combined by a logistic model, ``sigmoid(a + b * coverage + c *
similarity + d * known)``, fitted on the LoCoMo dev conversations (``benchmarks/
locomo_eval.py --fit-relevance``): the label is whether the result is a
turn a question's evidence cites. So a relevance is an estimated
probability, and the dev reliability table in ``docs/benchmarks/
retrieval.md`` shows how well it holds.
"""

from __future__ import annotations

import math

__all__ = ["RELEVANCE_MODELS", "relevance_of"]

# embedder name -> (a, b, c, d), fitted on LoCoMo dev (see the module doc)
RELEVANCE_MODELS: dict[str, tuple[float, float, float, float]] = {
    "hashing-v1-c345": (-5.936, 4.208, 1.214, 0.919),
}


def relevance_of(coverage: float, similarity: float, known: float, noise_floor: float, embedder: str) -> float:
    """The estimated probability (0..1) that a result is what the query asks for.

    An embedder without a fitted model (``RELEVANCE_MODELS``) gets the
    hashing model's lexical part, or its own similarity above the noise
    floor where that is higher: a trained model's paraphrase match (no word
    in common) must be able to clear the floor, and its cosine scale is not
    the hashing one's. Not calibrated: fit it with ``relevance_fit.py``."""
    above = min(max(0.0, similarity - noise_floor) / max(1e-9, 1.0 - noise_floor), 1.0)
    cov, kn = min(max(coverage, 0.0), 1.0), min(max(known, 0.0), 1.0)
    fitted = RELEVANCE_MODELS.get(embedder)
    a, b, c, d = fitted or RELEVANCE_MODELS["hashing-v1-c345"]
    z = a + b * cov + c * (above if fitted else 0.0) + d * kn
    lexical = 1.0 / (1.0 + math.exp(-z))
    return lexical if fitted else max(lexical, above)
