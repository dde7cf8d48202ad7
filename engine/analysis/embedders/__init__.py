"""Embedders: one protocol, an offline default and model adapters.

``embedder_for("minilm")`` builds the embedder a choice string names (see
``choice``); ``HashingEmbedder`` is the default and needs nothing. Model
adapters import their libraries lazily and live behind extras
(``pip install 'ledgermind[minilm]'`` / ``[fastembed]`` / ``[wordllama]`` /
``[model2vec]``).
Which to pick and what each costs: ``docs/guides/embedders.md``.
"""

from __future__ import annotations

from ledgermind.analysis.embedders.base import Embedder, noise_floor, normalise
from ledgermind.analysis.embedders.choice import CHOICES, check_choice, embedder_for
from ledgermind.analysis.embedders.hashing import HashingEmbedder
from ledgermind.analysis.embedders.onnx import FastEmbedEmbedder
from ledgermind.analysis.embedders.sbert import MiniLMEmbedder, SentenceTransformerEmbedder
from ledgermind.analysis.embedders.static import Model2VecEmbedder, WordLlamaEmbedder

__all__ = [
    "CHOICES",
    "Embedder",
    "FastEmbedEmbedder",
    "HashingEmbedder",
    "MiniLMEmbedder",
    "Model2VecEmbedder",
    "SentenceTransformerEmbedder",
    "WordLlamaEmbedder",
    "check_choice",
    "default_embedder",
    "embedder_for",
    "noise_floor",
    "normalise",
]


def default_embedder(name: str | None = None) -> Embedder:
    """The embedder called ``name`` (a choice, see ``choice``); default hashing."""
    return embedder_for(name or "hashing")
