"""``LedgermindMemoryBlock``: a LlamaIndex ``Memory`` block that brings in the owner's beliefs.

Why a block and not a vector store: the beliefs are already indexed by the
engine (dense + lexical, fused), versioned and audited; the block asks
``OwnerMemory.build_context`` with the last user turn (``query_turns``) as the query, so the
``Memory`` gets what the engine holds true now, framed as data (beliefs that
read like instructions are left out, as everywhere in the engine), under the
block's token budget. Beliefs come from the owner's conversations through
the distiller or from ``remember``; the block only reads, so messages that
``Memory`` flushes out of its short-term queue are not taken
(``accept_short_term_memory`` is False): store the conversation in the
owner's session (``LedgermindChatStore``) for the engine to learn from it.
"""

from __future__ import annotations

import asyncio
from typing import Any

from llama_index.core.llms import ChatMessage
from llama_index.core.memory.memory import BaseMemoryBlock
from pydantic import Field

from ledgermind.api import OwnerMemory

__all__ = ["LedgermindMemoryBlock"]


class LedgermindMemoryBlock(BaseMemoryBlock[str]):
    """The owner's beliefs relevant to the last turns, for a LlamaIndex ``Memory``."""

    name: str = Field(default="LedgermindBeliefs", description="The name of the memory block.")
    memory: OwnerMemory = Field(description="The owner handle whose beliefs the block reads.")
    accept_short_term_memory: bool = Field(default=False, description="The block only reads beliefs.")
    query_turns: int = Field(default=1, ge=1, description="How many of the last user messages make the query.")
    max_items: int = Field(default=5, ge=1, le=50, description="The most beliefs the block brings in.")
    token_budget: int = Field(default=400, ge=1, description="The most tokens the block's text may take.")
    time_budget_ms: int = Field(
        default=800, ge=1, description="Past this the block is empty rather than holding up the turn."
    )

    async def _aget(self, messages: list[ChatMessage] | None = None, **block_kwargs: Any) -> str:
        asked = [m.content for m in messages or [] if m.role.value == "user" and m.content]
        query = "\n".join(asked[-self.query_turns :])
        if not query.strip():
            return ""
        return await asyncio.to_thread(
            self.memory.build_context, query, self.token_budget, self.time_budget_ms, max_items=self.max_items
        )

    async def _aput(self, messages: list[ChatMessage]) -> None:
        """Nothing to take: beliefs come from the owner's sessions (see the module)."""
