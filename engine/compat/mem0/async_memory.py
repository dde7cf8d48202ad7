"""``AsyncMemory``: mem0's ``AsyncMemory`` (the same methods, awaitable) over ``Memory``.

Why a thread per call and not a second implementation: the engine's writes
already run on its writer thread and its reads are short; one code path
keeps the sync and async answers identical (the anchors warn against sync
and async copies of the same code).
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

from ledgermind.api import MemoryEngine
from ledgermind.compat.mem0.memory import DEFAULT_APP, Memory

__all__ = ["AsyncMemory"]


class AsyncMemory:
    """mem0's ``AsyncMemory`` signatures; each call runs ``Memory``'s in a thread."""

    def __init__(
        self,
        engine: MemoryEngine | None = None,
        *,
        app: str = DEFAULT_APP,
        db: str | None = None,
        read_timeout_s: float = 60.0,
    ) -> None:
        self.sync = Memory(engine, app=app, db=db, read_timeout_s=read_timeout_s)

    @classmethod
    def from_config(cls, config_dict: Mapping[str, Any]) -> AsyncMemory:
        made = cls.__new__(cls)
        made.sync = Memory.from_config(config_dict)
        return made

    async def add(self, messages: Any, **kwargs: Any) -> dict[str, Any]:
        return await asyncio.to_thread(self.sync.add, messages, **kwargs)

    async def get(self, memory_id: str) -> dict[str, Any] | None:
        return await asyncio.to_thread(self.sync.get, memory_id)

    async def get_all(self, **kwargs: Any) -> dict[str, Any]:
        return await asyncio.to_thread(self.sync.get_all, **kwargs)

    async def search(self, query: str, **kwargs: Any) -> dict[str, Any]:
        return await asyncio.to_thread(self.sync.search, query, **kwargs)

    async def update(self, memory_id: str, text: str | None = None, **kwargs: Any) -> dict[str, str]:
        return await asyncio.to_thread(self.sync.update, memory_id, text, **kwargs)

    async def delete(self, memory_id: str) -> dict[str, str]:
        return await asyncio.to_thread(self.sync.delete, memory_id)

    async def delete_all(
        self, user_id: str | None = None, agent_id: str | None = None, run_id: str | None = None
    ) -> dict[str, str]:
        return await asyncio.to_thread(self.sync.delete_all, user_id, agent_id, run_id)

    async def history(self, memory_id: str) -> list[dict[str, Any]]:
        return await asyncio.to_thread(self.sync.history, memory_id)

    async def reset(self) -> None:
        await asyncio.to_thread(self.sync.reset)

    def close(self) -> None:
        self.sync.close()
