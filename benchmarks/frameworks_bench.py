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
- turn latency is measured once our engine's read models have caught up
  with the grown conversation (``_settle``);
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
    log_bytes_per_message: float | None = None  # ours: the event log alone (its tables and indexes)


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


def _settle(store: Any) -> None:
    """Lets our engine's read models (search index, projections) catch up with
    the grown conversation before the timed turns, so that the turns are not
    measured against a backlog of embeddings in the background: the steady
    state a long conversation is in. The framework's own stores have none."""
    engine = getattr(store, "engine", None)
    if isinstance(engine, MemoryEngine):
        engine.projections.wait(engine.position, timeout=600)


def _db_bytes_per_message(path: str, messages: int) -> float:
    return sqlite_bytes(path) / messages


_LOG_TABLES = ("stored_events", "stored_events_links", "stored_snapshots")


def _side(store: str, stats: Stats, path: str, messages: int, ours: bool) -> Side:
    """One side's figures; for ours also the event log's share of the file
    (the rest is read models: the search index, projections)."""
    log = sqlite_bytes(path, _LOG_TABLES) / messages if ours else None
    return Side(store, stats, _db_bytes_per_message(path, messages), log)


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
        _settle(session)
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
        sides.append(_side(store, stats, path, size + 2 * turns, store == "LedgermindSession"))
    return Row("OpenAI Agents SDK", size, sides[0], sides[1])


# --- Google ADK: DatabaseSessionService on SQLite vs LedgermindSessionService --------------


def bench_adk(size: int, turns: int, folder: str) -> Row:
    from google.adk.agents import LlmAgent
    from google.adk.events.event import Event
    from google.adk.models.base_llm import BaseLlm
    from google.adk.models.llm_request import LlmRequest
    from google.adk.models.llm_response import LlmResponse
    from google.adk.runners import Runner
    from google.adk.sessions import DatabaseSessionService
    from google.genai import types

    from ledgermind.integrations.adk import LedgermindSessionService

    class Echo(BaseLlm):
        async def generate_content_async(self, llm_request: LlmRequest, stream: bool = False) -> Any:
            text = message_text(len(llm_request.contents), "assistant")
            yield LlmResponse(content=types.Content(role="model", parts=[types.Part(text=text)]))

    def said(role: str, text: str) -> types.Content:
        return types.Content(role="user" if role == "user" else "model", parts=[types.Part(text=text)])

    async def measure(service: Any) -> Stats:
        session = await service.create_session(app_name="bench", user_id="u", session_id="s")
        for i, (role, text) in enumerate(_history(size)):
            author = "user" if role == "user" else "bench"
            await service.append_event(
                session, Event(author=author, invocation_id=f"grow-{i // 2}", content=said(role, text))
            )
        _settle(service)
        runner = Runner(
            app_name="bench", agent=LlmAgent(name="bench", model=Echo(model="echo")), session_service=service
        )
        stats = Stats()
        for t in range(turns):
            began = time.perf_counter()
            message = said("user", message_text(size + 2 * t, "user"))
            async for _ in runner.run_async(user_id="u", session_id="s", new_message=message):
                pass
            stats.add(time.perf_counter() - began)
        await service.close()
        return stats

    sides = []
    for store in ("DatabaseSessionService", "LedgermindSessionService"):
        path = os.path.join(folder, f"adk-{store}-{size}.db")
        if store == "DatabaseSessionService":
            service: Any = DatabaseSessionService(f"sqlite+aiosqlite:///{path}")
        else:
            service = LedgermindSessionService(path)
        stats = asyncio.run(measure(service))
        sides.append(_side(store, stats, path, size + 2 * turns, store == "LedgermindSessionService"))
    return Row("Google ADK", size, sides[0], sides[1])


# --- LlamaIndex: SimpleChatStore persisted to JSON vs LedgermindChatStore ---------------


def bench_llamaindex(size: int, turns: int, folder: str) -> Row:
    from llama_index.core.llms import ChatMessage
    from llama_index.core.memory import ChatMemoryBuffer
    from llama_index.core.storage.chat_store import SimpleChatStore

    from ledgermind.integrations.llamaindex import LedgermindChatStore

    history = [ChatMessage(role=role, content=text) for role, text in _history(size)]

    def measure(store: Any, persist: Callable[[], None], settle: Callable[[], None] = lambda: None) -> Stats:
        store.set_messages("conv", list(history))
        persist()
        settle()  # ours: the read models catch up with the grown conversation before the timed turns
        memory = ChatMemoryBuffer.from_defaults(chat_store=store, chat_store_key="conv", token_limit=10**7)
        stats = Stats()
        for t in range(turns):
            began = time.perf_counter()
            memory.put(ChatMessage(role="user", content=message_text(size + 2 * t, "user")))
            prompt = memory.get()  # what a chat engine hands its model: the history within the token limit
            memory.put(ChatMessage(role="assistant", content=message_text(len(prompt), "assistant")))
            persist()
            stats.add(time.perf_counter() - began)
        return stats

    messages = size + 2 * turns
    json_path = os.path.join(folder, f"llamaindex-simple-{size}.json")
    simple = SimpleChatStore()
    theirs = Side(
        "SimpleChatStore (persist() to JSON each turn)",
        measure(simple, lambda: simple.persist(json_path)),
        os.path.getsize(json_path) / messages,
    )
    path = os.path.join(folder, f"llamaindex-ledgermind-{size}.db")
    with MemoryEngine.open(path) as engine:
        ours = LedgermindChatStore(engine, owner=Owner("bench", "u"), agent_id="bench")
        stats = measure(ours, lambda: None, lambda: engine.projections.wait(engine.position, timeout=1800))
    return Row("LlamaIndex", size, theirs, Side("LedgermindChatStore", stats, _db_bytes_per_message(path, messages)))


# --- Mem0: mem0ai's Memory (infer=False) vs ledgermind.compat.mem0 ----------------------


def bench_mem0(size: int, turns: int, folder: str) -> Row:
    """A turn the Mem0 way: search the user's memories with the new message
    (top 5), the scripted answer, then ``add`` both messages with
    ``infer=False``. Both sides embed with the same offline MiniLM model:
    mem0 through its huggingface embedder into a local Qdrant (its SQLite
    history beside it), ours through the engine's ``minilm`` search index."""
    from dataclasses import replace

    from ledgermind.analysis.embedders.sbert import minilm_path
    from ledgermind.compat.mem0 import Memory as OurMemory
    from ledgermind.domain.config import EngineConfig

    os.environ.setdefault("MEM0_TELEMETRY", "False")  # read when mem0 is first imported
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import mem0

    history = [{"role": role, "content": text} for role, text in _history(size)]

    def measure(memory: Any, settle: Callable[[], None]) -> Stats:
        for start in range(0, len(history), 100):
            memory.add(history[start : start + 100], user_id="u", infer=False)
        settle()
        stats = Stats()
        for t in range(turns):
            began = time.perf_counter()
            question = message_text(size + 2 * t, "user")
            found = memory.search(question, filters={"user_id": "u"}, top_k=5)["results"]
            answer = message_text(len(found), "assistant")
            memory.add([{"role": "user", "content": question}, {"role": "assistant", "content": answer}],
                       user_id="u", infer=False)  # fmt: skip
            stats.add(time.perf_counter() - began)
        return stats

    messages = size + 2 * turns
    home = os.path.join(folder, f"mem0-{size}")
    os.makedirs(home, exist_ok=True)
    theirs_memory = mem0.Memory.from_config({
        "vector_store": {"provider": "qdrant", "config": {
            "path": os.path.join(home, "qdrant"), "collection_name": "bench", "embedding_model_dims": 384,
            "on_disk": True}},
        "embedder": {"provider": "huggingface", "config": {"model": minilm_path()}},
        "llm": {"provider": "openai", "config": {"api_key": "never-called", "model": "gpt-4o-mini"}},
        "history_db_path": os.path.join(home, "history.db"),
    })  # fmt: skip
    try:
        stats = measure(theirs_memory, lambda: None)
    finally:
        theirs_memory.close()
    qdrant = os.path.join(home, "qdrant")
    stored = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(qdrant) for f in fs)
    theirs = Side("mem0 Memory (local Qdrant + SQLite history)", stats,
                  (stored + sqlite_bytes(os.path.join(home, "history.db"))) / messages)  # fmt: skip

    path = os.path.join(folder, f"mem0-ledgermind-{size}.db")
    config = replace(EngineConfig.from_env(), db=path, embedder="minilm")
    with MemoryEngine.open(path, config=config) as engine:
        ours_memory = OurMemory(engine, app="bench", read_timeout_s=1800)
        stats = measure(ours_memory, lambda: engine.projections.wait(engine.position, timeout=1800))
    return Row(
        "Mem0", size, theirs, Side("ledgermind.compat.mem0.Memory", stats, _db_bytes_per_message(path, messages))
    )


FRAMEWORKS: dict[str, Callable[[int, int, str], Row]] = {
    "openai-agents": bench_openai_agents,
    "google-adk": bench_adk,
    "llamaindex": bench_llamaindex,
    "mem0": bench_mem0,
}


def _log_only(row: Row) -> list[str]:
    """The event log's own bytes per message and their ratio, where the row measured them."""
    log = row.ours.log_bytes_per_message
    if log is None:
        return ["not measured", "-"]
    return [f"{log:,.0f}", f"{log / row.theirs.bytes_per_message:.2f}"]


def table(rows: list[Row]) -> str:
    headers = ["framework", "messages", "theirs", "ours", "turn ms theirs", "turn ms ours", "ratio",
               "bytes/msg theirs", "bytes/msg ours", "ratio", "ours: log only", "ratio"]  # fmt: skip
    body = [
        [r.framework, f"{r.size:,}", r.theirs.store, r.ours.store, r.theirs.turn.fmt(1000, 1), r.ours.turn.fmt(1000, 1),
         f"{r.ours.turn.median / r.theirs.turn.median:.2f}", f"{r.theirs.bytes_per_message:,.0f}",
         f"{r.ours.bytes_per_message:,.0f}", f"{r.ours.bytes_per_message / r.theirs.bytes_per_message:.2f}",
         *_log_only(r)]
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
