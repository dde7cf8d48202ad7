"""Static token embeddings: wordllama's (extra ``wordllama``) and model2vec
models (extra ``model2vec``), loaded offline.

Static embeddings average a token table: no network, no PyTorch, and tens of
thousands of texts a second, at a quality between feature hashing and a
trained sentence model. A model2vec model is distilled from a sentence
model (each token of its vocabulary embedded once by the model): for
example from the MiniLM wheel's folder, in seconds and without a hub::

    from model2vec.distill import distill   # pip install 'model2vec[distill]'
    distill(model_name=minilm_path()).save_pretrained("m2v-minilm")
    # then LEDGERMIND_EMBEDDER=model2vec:m2v-minilm
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from ledgermind.analysis.embedders.base import MeasuredFloor, normalise
from ledgermind.analysis.embedders.models import shared_model
from ledgermind.domain.errors import EmbedderUnavailable, ProjectionError

__all__ = ["Model2VecEmbedder", "WordLlamaEmbedder"]


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


class Model2VecEmbedder(MeasuredFloor):
    """A model2vec static model by local folder (or hub name, for users with a hub).

    ``dimension``: what a stored index version recorded, so opening it needs
    no model load; the loaded model must agree. The similarity floor is
    ``base.noise_floor`` of the model, measured when first asked."""

    def __init__(self, model: str, *, dimension: int | None = None, floor: float | None = None) -> None:
        self._model = model
        self._dimension = dimension
        self._floor = floor

    @property
    def name(self) -> str:
        return f"model2vec:{self._model}"

    @property
    def dimension(self) -> int:
        if self._dimension is None:
            self._dimension = int(self._load().dim)
        return self._dimension

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        # one process: the search projection's runner is a thread, and a
        # batch is small (model2vec forks workers above 10,000 texts)
        vectors = self._load().encode(list(texts), use_multiprocessing=False)
        return normalise(np.asarray(vectors, dtype=np.float32).reshape(len(texts), self.dimension))

    def _load(self) -> Any:
        model = shared_model(("model2vec", self._model), self._open)
        if self._dimension is not None and int(model.dim) != self._dimension:
            raise ProjectionError(
                f"{self.name} makes {model.dim}-d vectors, the index was built with {self._dimension}: "
                "rebuild the search projection"
            )
        return model

    def _open(self) -> Any:
        try:
            from model2vec import StaticModel
        except ImportError as e:
            raise EmbedderUnavailable(f"{self.name} needs model2vec: pip install 'ledgermind[model2vec]' ({e})") from e
        local = os.path.isdir(self._model)
        try:
            return StaticModel.from_pretrained(self._model, force_download=not local)
        except (OSError, ValueError) as e:  # not a model folder, or a hub name this machine cannot fetch
            where = "this folder holds no model2vec model" if local else "not a local folder, and the hub failed"
            raise EmbedderUnavailable(f"{self.name}: {where} ({type(e).__name__}: {e})") from e
