"""wordllama's static word embeddings (extra ``wordllama``), loaded offline.

Static embeddings average a token table: no network, no PyTorch, and tens of
thousands of texts a second, at a quality between feature hashing and a
trained sentence model.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from ledgermind.analysis.embedders.base import normalise
from ledgermind.analysis.embedders.models import shared_model
from ledgermind.domain.errors import EmbedderUnavailable

__all__ = ["WordLlamaEmbedder"]


class WordLlamaEmbedder:
    """wordllama's 256-d static embeddings; the weights ship inside its wheel."""

    @property
    def name(self) -> str:
        return "wordllama-256"

    @property
    def dimension(self) -> int:
        return 256

    @property
    def similarity_floor(self) -> float:
        """0.3: ``base.noise_floor`` of this model."""
        return 0.3

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        vectors = shared_model("wordllama-256", _open).embed(list(texts))
        return normalise(np.asarray(vectors).reshape(len(texts), self.dimension))


def _open() -> Any:
    try:
        import wordllama
    except ImportError as e:
        raise EmbedderUnavailable(f"the wordllama embedder needs: pip install 'ledgermind[wordllama]' ({e})") from e
    return wordllama.WordLlama.load(cache_dir=Path(wordllama.__file__).parent, disable_download=True, dim=256)
