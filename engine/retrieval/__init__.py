"""Retrieval: embedders, the hybrid search, context building and agent tools.

The index itself is a projection (``projections.search_index``); this
package reads it through the projections read side and never writes it.
"""

from ledgermind.analysis.embedders import Embedder, HashingEmbedder, default_embedder
from ledgermind.retrieval.context import estimate_tokens
from ledgermind.retrieval.options import ContextOptions, SearchOptions
from ledgermind.retrieval.records import SearchResult
from ledgermind.retrieval.service import Retrieval
from ledgermind.retrieval.tools import Tool

__all__ = [
    "ContextOptions",
    "Embedder",
    "HashingEmbedder",
    "Retrieval",
    "SearchOptions",
    "SearchResult",
    "Tool",
    "default_embedder",
    "estimate_tokens",
]
