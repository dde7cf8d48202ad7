"""The offline default: feature hashing of words, word pairs and character n-grams.

Why feature hashing by default: it needs no download, no model file and no
GPU, is deterministic across machines and Python versions (CRC32, not the
salted ``hash()``), and embeds thousands of texts a second on two cores.
It is a bag of stemmed words, word bigrams and character n-grams projected
into ``dimension`` signed buckets: a lexical-semantic sketch, weaker than a
trained model but robust to inflection and typos.
"""

from __future__ import annotations

import math
import zlib
from collections import defaultdict
from collections.abc import Sequence
from itertools import pairwise

import numpy as np

from ledgermind.analysis.embedders.base import normalise
from ledgermind.analysis.text import STOPWORDS, cjk_bigrams, stem, words
from ledgermind.domain.errors import InvalidInput

__all__ = ["HashingEmbedder"]


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
        for a, b in pairwise(content):
            feats[f"b:{a}_{b}"] += 0.5
        for w in content:
            padded = f"<{w}>"
            grams = [padded[i : i + n] for n in self._char_ngrams for i in range(len(padded) - n + 1)]
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
