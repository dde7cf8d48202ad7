"""The retrieval facade one engine holds: search, context and tools together.

Why a facade: ``MemoryEngine`` keeps one small delegating method per public
call; the thread pool that enforces ``build_context``'s time budget and the
searcher's read-your-writes wait live here, built on first use.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from ledgermind.domain.owner import Owner
from ledgermind.retrieval.context import ContextBuilder
from ledgermind.retrieval.options import DEFAULT_CONTEXT, DEFAULT_SEARCH, ContextOptions, SearchOptions
from ledgermind.retrieval.records import SearchResult
from ledgermind.retrieval.search import IndexAccess, Searcher
from ledgermind.retrieval.tools import Tool, memory_tools

__all__ = ["Retrieval"]


class Retrieval:
    def __init__(
        self,
        access: IndexAccess,
        position: Callable[[], int],
        wait_timeout: float = 10.0,
        relevance_floor: float = 0.0,
    ) -> None:
        self.searcher = Searcher(access, wait_timeout, relevance_floor)
        self.position = position
        self._pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="ledgermind-context")
        self.context = ContextBuilder(self.searcher, self._pool, position)

    def search(self, owner: Owner, query: str, options: SearchOptions = DEFAULT_SEARCH) -> list[SearchResult]:
        self.searcher.catch_up(self.position())
        return self.searcher.search(owner, query, options)

    def build_context(self, owner: Owner, query: str, options: ContextOptions = DEFAULT_CONTEXT) -> str:
        return self.context.build(owner, query, options)

    def tools(self, owner: Owner) -> list[Tool]:
        return memory_tools(self.searcher, owner, self.position)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
