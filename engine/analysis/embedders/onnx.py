"""ONNX sentence models through fastembed (extra ``fastembed``): no PyTorch.

fastembed runs its models on ONNX Runtime, a far smaller install than
PyTorch, and fetches a model from its hub on first use into its cache
(``FASTEMBED_CACHE_PATH``); with ``HF_HUB_OFFLINE=1`` it only reads that
cache. ``model_path`` loads a model folder already on disk instead (the
folder must hold what fastembed expects for that model name).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ledgermind.analysis.embedders.base import MeasuredFloor, normalise
from ledgermind.analysis.embedders.models import shared_model
from ledgermind.domain.errors import EmbedderUnavailable

__all__ = ["FastEmbedEmbedder"]


def _text_embedding() -> Any:
    try:
        from fastembed import TextEmbedding
    except ImportError as e:
        raise EmbedderUnavailable(
            f"fastembed embedders need fastembed: pip install 'ledgermind[fastembed]' ({e})"
        ) from e
    return TextEmbedding


class FastEmbedEmbedder(MeasuredFloor):
    """A fastembed model by name (``BAAI/bge-small-en-v1.5``, ...)."""

    def __init__(
        self,
        model: str,
        *,
        model_path: str | None = None,
        dimension: int | None = None,
        floor: float | None = None,
        batch_size: int = 64,
    ) -> None:
        self._model = model
        self._path = model_path
        self._dimension = dimension
        self._floor = floor
        self._batch_size = batch_size

    @property
    def name(self) -> str:
        return f"fastembed:{self._model}"

    @property
    def dimension(self) -> int:
        if self._dimension is None:
            try:
                self._dimension = int(_text_embedding().get_embedding_size(self._model))
            except ValueError as e:  # not a model fastembed knows
                raise EmbedderUnavailable(f"{self.name}: {e}") from e
        return self._dimension

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        model = shared_model(("fastembed", self._model, self._path), self._open)
        rows = list(model.embed(list(texts), batch_size=self._batch_size))
        return normalise(np.asarray(rows, dtype=np.float32).reshape(len(texts), self.dimension))

    def _open(self) -> Any:
        options: dict[str, Any] = {} if self._path is None else {"specific_model_path": self._path}
        try:
            return _text_embedding()(model_name=self._model, **options)
        except (ValueError, OSError) as e:  # an unknown name, or a model neither cached nor fetchable
            raise EmbedderUnavailable(f"{self.name} cannot load: {type(e).__name__}: {e}") from e
