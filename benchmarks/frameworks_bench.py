"""Agent frameworks' own default persistence against the ledgermind adapter that replaces it.

    pip install -e ".[test]"     # the frameworks' extras are in it
    python benchmarks/frameworks_bench.py [--sizes 100,1000] [--turns 20] [--only openai-agents,...]

One row per framework and size, both sides measured in the same run on SQLite
files in the same folder: the framework's own session store (what its docs
use) and ours in its place, through the framework's own runner with a
scripted model (no network). A conversation is first grown to ``size``
messages (untimed, the same ~200-character texts on both sides), then
``--turns`` turns run through the runner; the figures are:

- turn latency: median [min-max] milliseconds of one whole turn (the runner
  reads the history, the model answers, the turn's items are stored);
- bytes / message: the database file (with its WAL) divided by the messages
  in it, after the turns; ours includes the read models (search index,
  projections) that a default engine keeps beside the log.

Adding a framework: write ``def bench_<name>(size, turns, folder) -> Row``
measuring both sides, and add it to ``FRAMEWORKS``; the table, the flags and
the docs page (docs/benchmarks/frameworks.md) follow.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

from harness import DRIFT_NOTE, Stats, md_table, message_text, sqlite_bytes

from ledgermind import MemoryEngine, Owner


@dataclass(frozen=True)
class Side:
    """One side of a row: the store, its turn latencies (s) and its bytes / message."""

    store: str
    turn: Stats
    bytes_per_message: float


@dataclass(frozen=True)
class Row:
    framework: str
    size: int
    theirs: Side
    ours: Side


def _history(size: int) -> list[tuple[str, str]]:
    """``size`` messages, alternating user and assistant, the harness's texts."""
    return [("user" if i % 2 == 0 else "assistant", message_text(i, "user" if i % 2 == 0 else "assistant"))
            for i in range(size)]  # fmt: skip


def _db_bytes_per_message(path: str, messages: int) -> float:
    return sqlite_bytes(path) / messages


# --- OpenAI Agents SDK: SQLiteSession vs LedgermindSession ------------------------------


def bench_openai_agents(size: int, turns: int, folder: str) -> Row:
    from agents import Agent, RunConfig, Runner, SQLiteSession, Usage
    from agents.items import ModelResponse, TResponseStreamEvent
    from agents.models.interface import Model
    from openai.types.responses import ResponseOutputMessage, ResponseOutputText

    from ledgermind.integrations.openai_agents import LedgermindSession

    class Echo(Model):
        async def get_response(self, system_instructions: Any, input: Any, *args: Any, **kwargs: Any) -> ModelResponse:
            n = len(input) if isinstance(input, list) else 1
            text = message_text(n, "assistant")
            part = ResponseOutputText(type="output_text", text=text, annotations=[])
            reply = ResponseOutputMessage(
                id=f"msg_{n}", type="message", role="assistant", status="completed", content=[part]
            )
            return ModelResponse(output=[reply], usage=Usage(), response_id=None)

        def stream_response(self, *args: Any, **kwargs: Any) -> AsyncIterator[TResponseStreamEvent]:
            raise NotImplementedError

    agent = Agent(name="bench", model=Echo())
    run = RunConfig(tracing_disabled=True)
    history: list[Any] = [
        {"role": "user", "content": text}
        if role == "user"
        else {"id": f"m{i}", "type": "message", "role": "assistant", "status": "completed",
              "content": [{"type": "output_text", "text": text, "annotations": []}]}
        for i, (role, text) in enumerate(_history(size))
    ]  # fmt: skip

    async def measure(session: Any) -> Stats:
        for start in range(0, len(history), 500):
            await session.add_items(history[start : start + 500])
        stats = Stats()
        for t in range(turns):
            began = time.perf_counter()
            await Runner.run(agent, message_text(size + 2 * t, "user"), session=session, run_config=run)
            stats.add(time.perf_counter() - began)
        return stats

    sides = []
    for store in ("SQLiteSession", "LedgermindSession"):
        path = os.path.join(folder, f"openai-agents-{store}-{size}.db")
        if store == "SQLiteSession":
            session: Any = SQLiteSession("bench", path)
        else:
            session = LedgermindSession("bench", MemoryEngine.open(path), owner=Owner("bench", "u"), agent_id="bench")
        try:
            stats = asyncio.run(measure(session))
        finally:
            if store == "LedgermindSession":
                session.engine.close()
            else:
                session.close()
        sides.append(Side(store, stats, _db_bytes_per_message(path, size + 2 * turns)))
    return Row("OpenAI Agents SDK", size, sides[0], sides[1])


FRAMEWORKS: dict[str, Callable[[int, int, str], Row]] = {
    "openai-agents": bench_openai_agents,
}


def table(rows: list[Row]) -> str:
    headers = ["framework", "messages", "theirs", "ours", "turn ms theirs", "turn ms ours", "ratio",
               "bytes/msg theirs", "bytes/msg ours", "ratio"]  # fmt: skip
    body = [
        [r.framework, f"{r.size:,}", r.theirs.store, r.ours.store, r.theirs.turn.fmt(1000, 1), r.ours.turn.fmt(1000, 1),
         f"{r.ours.turn.median / r.theirs.turn.median:.2f}", f"{r.theirs.bytes_per_message:,.0f}",
         f"{r.ours.bytes_per_message:,.0f}", f"{r.ours.bytes_per_message / r.theirs.bytes_per_message:.2f}"]
        for r in rows
    ]  # fmt: skip
    return md_table("Framework persistence: the framework's default vs ledgermind (SQLite files)", headers, body)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="100,1000")
    parser.add_argument("--turns", type=int, default=20)
    parser.add_argument("--only", default=",".join(FRAMEWORKS))
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    rows = []
    with tempfile.TemporaryDirectory(prefix="ledgermind-frameworks-") as folder:
        for name in args.only.split(","):
            for size in sizes:
                rows.append(FRAMEWORKS[name](size, args.turns, folder))
                print(f"done: {name} at {size:,} messages", file=sys.stderr, flush=True)
    print(table(rows))
    print(DRIFT_NOTE)


if __name__ == "__main__":
    main()
