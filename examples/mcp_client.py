"""An MCP client that launches ``ledgermind mcp`` and uses its memory tools.

This is what an MCP host (an IDE, a desktop assistant, an agent runtime)
does with the server entry in its config: start the command over stdio,
list the tools, call them. The server is bound to one owner by its own
arguments (``--app`` / ``--user``); the tools take no user id.

Runs on a temporary SQLite file with the official SDK's client
(``pip install "ledgermind[mcp]"``): ``python examples/mcp_client.py``.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import sys
import tempfile

from mcp import Client
from mcp.client.stdio import StdioServerParameters


def text_of(result: object) -> str:
    return "".join(getattr(part, "text", "") for part in getattr(result, "content", []))


async def main(db: str) -> None:
    server = StdioServerParameters(
        command=sys.executable,
        args=["-m", "ledgermind.cli", "mcp", "--db", db, "--app", "assistant", "--user", "ken"],
    )
    async with Client(server) as client:
        tools = (await client.list_tools()).tools
        print("tools:", ", ".join(t.name for t in tools))
        for tool in tools:
            params = ", ".join(tool.input_schema.get("properties", {}))
            print(f"  {tool.name}({params}): {(tool.description or '').splitlines()[0]}")

        added = await client.call_tool("memory_add", {"memory": "We run Go 1.23 in production.", "topics": ["go"]})
        first = json.loads(text_of(added))["memory_id"]
        print("\nmemory_add ->", first)
        correction = {"memory_id": first, "memory": "We run Go 1.24 in production."}
        updated = await client.call_tool("memory_update", correction)
        print("memory_update ->", text_of(updated))

        print("\nmemory_search('Go in production') ->")
        print(text_of(await client.call_tool("memory_search", {"query": "Go in production"})))

        # the id stays the same: the memory now holds the corrected words, the correction as its source
        loaded = await client.call_tool("memory_load", {"memory_id": first})
        print("\nmemory_load(the corrected one) ->")
        print(text_of(loaded))


if __name__ == "__main__":
    workdir = tempfile.mkdtemp(prefix="ledgermind-mcp-")
    try:
        asyncio.run(main(os.path.join(workdir, "memory.db")))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
