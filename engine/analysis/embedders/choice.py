"""Choosing an embedder by one string: the ``LEDGERMIND_EMBEDDER`` value and
the search index's ``embedder`` parameter.

    hashing               feature hashing, 512-d (the default; no model)
    minilm                all-MiniLM-L6-v2 from the offline wheel (extra ``minilm``)
    wordllama             wordllama's static 256-d embeddings (extra ``wordllama``)
    st:<folder or name>   any sentence-transformers model (extra ``minilm``; a hub name needs the hub)
    fastembed:<name>      any fastembed ONNX model (extra ``fastembed``; fetched from its hub once)
    model2vec:<folder>    a model2vec static model (extra ``model2vec``; distilled locally, see ``static``)

Parsing never loads a model: an unknown choice fails at once with the list
of choices, a model that cannot load fails when it is first used
(``EmbedderUnavailable``).
"""

from __future__ import annotations

from ledgermind.analysis.embedders.base import Embedder
from ledgermind.analysis.embedders.hashing import HashingEmbedder
from ledgermind.analysis.embedders.onnx import FastEmbedEmbedder
from ledgermind.analysis.embedders.sbert import MiniLMEmbedder, SentenceTransformerEmbedder
from ledgermind.analysis.embedders.static import Model2VecEmbedder, WordLlamaEmbedder
from ledgermind.domain.errors import InvalidInput

__all__ = ["CHOICES", "check_choice", "embedder_for"]

CHOICES = (
    "hashing",
    "minilm",
    "wordllama",
    "st:<model folder or name>",
    "fastembed:<model name>",
    "model2vec:<model folder>",
)
_PREFIXES = ("st:", "fastembed:", "model2vec:")
MAX_CHOICE_CHARS = 1024


def check_choice(choice: str) -> str:
    """``choice`` stripped, or ``InvalidInput`` naming the choices."""
    key = choice.strip() if isinstance(choice, str) else ""
    if key.lower() in ("hashing", "minilm", "wordllama"):
        return key.lower()
    for prefix in _PREFIXES:
        if key.lower().startswith(prefix) and key[len(prefix) :].strip():
            model = key[len(prefix) :].strip()
            if len(model) > MAX_CHOICE_CHARS or any(ord(c) < 32 for c in model):
                break
            return prefix + model
    raise InvalidInput(f"unknown embedder {choice!r:.80}; choose one of {', '.join(CHOICES)}")


def embedder_for(choice: str, dimension: int | None = None) -> Embedder:
    """The embedder ``choice`` names. ``dimension``: the hashing embedder's
    size; for a model, the dimension a stored index recorded (checked when
    the model loads, so opening an index needs no model)."""
    key = check_choice(choice)
    if key == "hashing":
        return HashingEmbedder() if dimension is None else HashingEmbedder(dimension=dimension)
    if key == "minilm":
        return MiniLMEmbedder()
    if key == "wordllama":
        return WordLlamaEmbedder()
    if key.startswith("st:"):
        return SentenceTransformerEmbedder(key[3:], dimension=dimension)
    if key.startswith("model2vec:"):
        return Model2VecEmbedder(key[len("model2vec:") :], dimension=dimension)
    return FastEmbedEmbedder(key[len("fastembed:") :], dimension=dimension)
