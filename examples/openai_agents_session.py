"""An OpenAI Agents SDK agent whose session is ``LedgermindSession``, killed mid-turn, continued.

    pip install "ledgermind[openai-agents]"
    python examples/openai_agents_session.py [DB]   # DB: a path or postgresql://... (default: a temp SQLite file)

1. A worker process runs a travel agent (the SDK's own ``Runner``; the model
   is scripted, so nothing goes over the network) on session "trip-7", and is
   killed with SIGKILL inside the weather tool of its third turn: the
   question was stored, the answer never was.
2. This process opens the same session, finds the whole history, finishes
   the interrupted turn from it (``Runner.run(agent, [], session=...)``) and
   goes on with the next one.
3. The user takes back their last turn (``pop_item`` twice): it is retracted,
   with its reason, not deleted; an auditor reads the conversation as an
   ordinary ledgermind session, without the SDK.

The only ledgermind line is the session: ``LedgermindSession("trip-7", DB, ...)``
where the SDK's examples have ``SQLiteSession("trip-7", DB)``.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import tempfile
from collections.abc import AsyncIterator
from typing import Any

from agents import Agent, RunConfig, Runner, Usage, function_tool
from agents.items import ModelResponse, TResponseInputItem, TResponseStreamEvent
from agents.models.interface import Model
from openai.types.responses import ResponseFunctionToolCall, ResponseOutputMessage, ResponseOutputText

from ledgermind import Owner
from ledgermind.integrations.openai_agents import LedgermindSession

OWNER = Owner(app="travel-desk", user_id="customer-7")
AGENT = "trip-planner"
TURNS = ["Hi, I want a weekend away.", "What is the weather in Lisbon?", "And the weather in Bergen?", "Book Lisbon."]
RUN = RunConfig(tracing_disabled=True)
CRASH = {"city": ""}  # the worker dies when the tool is asked for this city


class ScriptedModel(Model):
    """Stands in for an LLM: calls the weather tool when asked about weather,
    reads its answer back, otherwise acknowledges the turn."""

    async def get_response(
        self, system_instructions: str | None, input: str | list[TResponseInputItem], *args: Any, **kwargs: Any
    ) -> ModelResponse:
        items: list[Any] = [{"role": "user", "content": input}] if isinstance(input, str) else input
        last, n = items[-1], len(items)
        if last.get("type") == "function_call_output":
            output: Any = _say(n, f"The forecast: {last['output']}.")
        elif "weather" in str(last.get("content")):
            city = str(last["content"]).rstrip("?").split()[-1]
            args_ = json.dumps({"city": city})
            output = ResponseFunctionToolCall(
                id=f"fc_{n}", call_id=f"call_{n}", type="function_call", name="weather", arguments=args_
            )
        else:
            output = _say(n, f"Got it: {last.get('content')} ({n} items in this conversation)")
        return ModelResponse(output=[output], usage=Usage(), response_id=None)

    def stream_response(self, *args: Any, **kwargs: Any) -> AsyncIterator[TResponseStreamEvent]:
        raise NotImplementedError("this example does not stream")


def _say(n: int, text: str) -> ResponseOutputMessage:
    part = ResponseOutputText(type="output_text", text=text, annotations=[])
    return ResponseOutputMessage(id=f"msg_{n}", type="message", role="assistant", status="completed", content=[part])


@function_tool
def weather(city: str) -> str:
    """Today's weather in a city."""
    if city == CRASH["city"]:
        os.kill(os.getpid(), signal.SIGKILL)  # a real crash: no cleanup, no flush
    return {"Lisbon": "sunny, 23 C", "Bergen": "rain, 11 C"}.get(city, "unknown")


AGENT_DEF = Agent(name=AGENT, instructions="Plan short trips.", model=ScriptedModel(), tools=[weather])


async def worker(db: str) -> None:
    CRASH["city"] = "Bergen"
    session = LedgermindSession("trip-7", db, owner=OWNER, agent_id=AGENT)
    for turn in TURNS:
        result = await Runner.run(AGENT_DEF, turn, session=session, run_config=RUN)
        print(f"worker: {turn!r} -> {result.final_output!r}", flush=True)


async def main(db: str) -> None:
    run = subprocess.run([sys.executable, __file__, "--worker", db], check=False)
    print(f"worker exited with {run.returncode} (killed by SIGKILL inside the weather tool)")

    session = LedgermindSession("trip-7", db, owner=OWNER, agent_id=AGENT)
    try:
        history = await session.get_items()
        print(f"\nthe new process finds {len(history)} items; the last: {history[-1]}")
        finished = await Runner.run(AGENT_DEF, [], session=session, run_config=RUN)  # the interrupted turn
        print(f"continued the interrupted turn -> {finished.final_output!r}")
        last = await Runner.run(AGENT_DEF, TURNS[-1], session=session, run_config=RUN)
        print(f"{TURNS[-1]!r} -> {last.final_output!r}")
        print(f"{len(await session.get_items())} items now")

        # the user takes the booking back: the answer, then the question (the SDK's undo)
        await session.pop_item()
        question = await session.pop_item()
        print(f"\npop_item took back: {question['content']!r} and its answer")

        # --- the auditor: plain ledgermind reads, no SDK needed --------------
        memory = session.engine.for_owner(OWNER)
        restored = memory.restore_agent(AGENT)
        retracted = set(memory.retracted_messages(restored.session_id))
        print(f"\nsession {restored.session_id[:8]} of {OWNER.user_id}/{AGENT}: {restored.message_count} messages")
        for m in memory.messages(restored.session_id).messages:
            call = f" calls {m.tool_calls[0]['function']['name']}" if m.tool_calls else ""
            mark = "  (retracted: pop_item)" if m.seq in retracted else ""
            print(f"  {m.seq:>2} {m.role:>9}: {m.content}{call}{mark}")
    finally:
        session.close()


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--worker":
        asyncio.run(worker(sys.argv[2]))
    elif len(sys.argv) > 1:
        asyncio.run(main(sys.argv[1]))
    else:
        with tempfile.TemporaryDirectory(prefix="ledgermind-agents-") as tmp:
            asyncio.run(main(os.path.join(tmp, "agent.db")))
