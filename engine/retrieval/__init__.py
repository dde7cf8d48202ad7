"""Retrieval: embedders, the hybrid search, context building and agent tools.

The index itself is a projection (``projections.search_index``); this
package reads it through the projections read side and never writes it.
"""

from memledger.analysis.embedders import Embedder, HashingEmbedder, default_embedder
from memledger.retrieval.context import estimate_tokens
from memledger.retrieval.records import SearchResult
from memledger.retrieval.service import Retrieval
from memledger.retrieval.tools import Tool

__all__ = [
    "Embedder",
    "HashingEmbedder",
    "Retrieval",
    "SearchResult",
    "Tool",
    "default_embedder",
    "estimate_tokens",
]
