"""What every embedder is: texts in, unit rows out, with a name and a noise floor.

The embedder's ``name`` and ``dimension`` are parameters of the search
index's projection version: switching embedders is a rebuild, never a
migration. ``similarity_floor`` is the cosine below which a dense neighbour
is noise for that model (search drops candidates under it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

__all__ = ["UNRELATED", "Embedder", "noise_floor", "normalise"]


@runtime_checkable
class Embedder(Protocol):
    """Texts in, one L2-normalised float32 row per text out.

    ``similarity_floor``: the cosine below which a neighbour is noise for this
    embedder (search drops dense candidates under it)."""

    @property
    def name(self) -> str: ...

    @property
    def dimension(self) -> int: ...

    @property
    def similarity_floor(self) -> float: ...

    def embed(self, texts: Sequence[str]) -> np.ndarray: ...


def normalise(matrix: np.ndarray) -> np.ndarray:
    """Rows scaled to unit length (zero rows stay zero) as float32."""
    m = np.asarray(matrix, dtype=np.float32)
    norms: npt.NDArray[np.floating[Any]] = np.linalg.norm(m, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    unit: npt.NDArray[np.float32] = (m / norms).astype(np.float32, copy=False)
    return unit


# Sentences on unrelated subjects, one each (written once, never tuned on a
# benchmark): how similar a model finds texts that share nothing tells where
# its noise ends. Mixed lengths, a question among them, two Chinese lines.
UNRELATED = (
    "The ferry to the island leaves at seven every morning.",
    "She repaired the bicycle chain with a borrowed tool.",
    "Interest rates rose for the third quarter in a row.",
    "How many legs does a spider have?",
    "The violin solo in the second movement was too quiet.",
    "Our team migrated the billing service to Kubernetes.",
    "Grandma's recipe needs two cups of flour and a pinch of salt.",
    "The volcano last erupted in 1913.",
    "He trains for the marathon by running before dawn.",
    "The contract expires at the end of March.",
    "Penguins huddle together to survive the Antarctic winter.",
    "I can't find the charger for my laptop.",
    "The museum reopened after the roof was replaced.",
    "Which vaccine does a puppy need at eight weeks?",
    "The poem rhymes only in its last stanza.",
    "Tomatoes grow best with six hours of direct sun.",
    "The referee stopped the match because of lightning.",
    "Her thesis is about medieval trade routes.",
    "The printer on the third floor jams every morning.",
    "We adopted a grey cat from the shelter last spring.",
    "明天上午九点开会讨论预算。",
    "这家面馆的牛肉面很好吃。",
)


def noise_floor(embed: Callable[[Sequence[str]], np.ndarray]) -> float:
    """Where a model's noise ends: the mean cosine between two of the
    ``UNRELATED`` sentences plus three standard deviations (231 pairs),
    rounded up to 0.05. Why measured, not declared: cosine scales differ by
    model (some put unrelated texts near 0.0, others near 0.7), so a general
    adapter cannot know its model's floor in advance. For the shipped
    embedders this gives 0.20 (hashing), 0.30 (MiniLM) and 0.30 (wordllama):
    about the 99th percentile of the cosine between a LoCoMo question and a
    random turn (0.20, 0.37, 0.39)."""
    vectors = normalise(embed(list(UNRELATED)))
    sims = (vectors @ vectors.T)[np.triu_indices(len(UNRELATED), k=1)]
    outlier = float(sims.mean() + 3 * sims.std())
    return float(np.ceil(max(outlier, 0.0) * 20 - 1e-9) / 20)
