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

__all__ = ["RELEVANCE_MODEL", "relevance_of"]

# (a, b, c, d): fitted on LoCoMo dev (see the module doc), hashing embedder
RELEVANCE_MODEL = (-5.754, 4.024, 1.374, 0.916)


def relevance_of(coverage: float, similarity: float, known: float, noise_floor: float) -> float:
    """The estimated probability (0..1) that a result is what the query asks for."""
    above = max(0.0, similarity - noise_floor) / max(1e-9, 1.0 - noise_floor)
    a, b, c, d = RELEVANCE_MODEL
    z = a + b * min(max(coverage, 0.0), 1.0) + c * min(above, 1.0) + d * min(max(known, 0.0), 1.0)
    return 1.0 / (1.0 + math.exp(-z))
