"""Agent-facing memory tools, bound to one owner by the server.

Why no user-id parameter: a model chooses tool arguments, and a prompt
injection can choose them too. The owner is fixed when the server builds the
tools (``eng.for_owner(owner).tools()``), so no argument a model can produce reaches
another user's memories. Schemas are JSON Schema objects in the shape the
common function-calling APIs accept; unknown arguments are refused.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ledgermind.domain.errors import InvalidInput
from ledgermind.domain.memory import KINDS
from ledgermind.domain.owner import Owner
from ledgermind.retrieval.options import SearchOptions
from ledgermind.retrieval.search import Searcher
from ledgermind.write.validation import parse_id

__all__ = ["Tool", "memory_tools"]


@dataclass(frozen=True, slots=True)
class Tool:
    name: str
    description: str
    parameters: Mapping[str, Any]  # JSON Schema of the arguments
    func: Callable[..., Any]

    def __call__(self, **arguments: Any) -> Any:
        allowed = set(self.parameters["properties"])
        unknown = set(arguments) - allowed
        if unknown:
            raise InvalidInput(f"{self.name} got unknown arguments {sorted(unknown)}")
        missing = [p for p in self.parameters.get("required", ()) if p not in arguments]
        if missing:
            raise InvalidInput(f"{self.name} is missing arguments {missing}")
        return self.func(**arguments)

    def schema(self) -> dict[str, Any]:
        """The function-calling declaration (``{"type": "function", ...}``)."""
        return {
            "type": "function",
            "function": {
                "name": self.name,
                "description": self.description,
                "parameters": dict(self.parameters),
            },
        }


def memory_tools(searcher: Searcher, owner: Owner, position: Callable[[], int]) -> list[Tool]:
    def memory_search(
        query: str, k: int = 5, kinds: list[str] | None = None, include_messages: bool = False
    ) -> list[dict[str, Any]]:
        searcher.catch_up(position())
        hits = searcher.search(owner, query, SearchOptions(k=k, kinds=kinds, include_messages=include_messages))
        return [h.as_dict() for h in hits]

    def memory_load(memory_id: str) -> dict[str, Any]:
        # a malformed id is the caller's error (InvalidId, as HTTP and the owner handle answer);
        # a well-formed one that is not this owner's is simply not found
        memory_hex = parse_id(memory_id, "memory_id").hex
        searcher.catch_up(position())
        found = searcher.load(owner, memory_hex)
        return {"error": "not found"} if found is None else found.as_dict()

    search_schema = {
        "type": "object",
        "properties": {
            "query": {"type": "string", "description": "what to look for, in plain words"},
            "k": {"type": "integer", "minimum": 1, "maximum": 50, "default": 5},
            "kinds": {
                "type": "array",
                "items": {"type": "string", "enum": sorted(KINDS)},
                "description": "only these kinds of memory (falls back to all when too few)",
            },
            "include_messages": {
                "type": "boolean",
                "default": False,
                "description": "also search the raw conversation messages",
            },
        },
        "required": ["query"],
        "additionalProperties": False,
    }
    load_schema = {
        "type": "object",
        "properties": {"memory_id": {"type": "string", "description": "an id returned by memory_search"}},
        "required": ["memory_id"],
        "additionalProperties": False,
    }
    return [
        Tool(
            "memory_search",
            "Search what is remembered about the current user (facts, episodes, experiences).",
            search_schema,
            memory_search,
        ),
        Tool(
            "memory_load",
            "Load one remembered item of the current user by its id, with its sources.",
            load_schema,
            memory_load,
        ),
    ]
