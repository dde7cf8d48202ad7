"""A Google ADK agent on ``LedgermindSessionService``, killed mid-turn, resumed.

    pip install "ledgermind[google-adk]"
    python examples/adk_agent.py [DB]   # DB: a path or postgresql://... (default: a temp SQLite file)

1. A worker process runs a travel agent through ADK's own ``Runner`` (the
   model is a scripted ``BaseLlm``: nothing goes over the network) in a
   resumable ADK app, and is killed with SIGKILL inside the weather tool of
   its third turn: the question and the model's tool call were stored, the
   tool's answer never was.
2. This process opens the same database, finds the session with every event
   the worker stored, and resumes the interrupted invocation with ADK's own
   resumability (``run_async(invocation_id=...)``): the tool runs, the turn
   finishes, the next turn follows.
3. The long-term memory service searches the conversation; an auditor reads
   it as an ordinary ledgermind session, without ADK.

The only ledgermind lines are the services: ``LedgermindSessionService(DB)``
where ADK's examples have ``DatabaseSessionService(DB)``, and ``LedgermindMemoryService``.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import tempfile
from collections.abc import AsyncGenerator
from typing import Any

from google.adk.agents import LlmAgent
from google.adk.apps.app import App, ResumabilityConfig
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.runners import Runner
from google.adk.tools import ToolContext
from google.genai import types

from ledgermind import Owner
from ledgermind.integrations.adk import LedgermindMemoryService, LedgermindSessionService

APP, USER, SESSION = "travel-desk", "customer-7", "trip-7"
TURNS = ["Hi, I want a weekend away.", "What is the weather in Lisbon?", "And the weather in Bergen?", "Book Lisbon."]
CRASH = {"city": ""}  # the worker dies when the tool is asked for this city


class ScriptedLlm(BaseLlm):
    """Stands in for an LLM: calls the weather tool when asked about weather,
    reads its answer back, otherwise acknowledges the turn."""

    async def generate_content_async(
        self, llm_request: LlmRequest, stream: bool = False
    ) -> AsyncGenerator[LlmResponse, None]:
        part = llm_request.contents[-1].parts[-1] if llm_request.contents[-1].parts else types.Part(text="")
        if part.function_response is not None:
            reply = types.Part(text=f"The forecast: {(part.function_response.response or {}).get('forecast')}.")
        elif part.text and "weather" in part.text:
            city = part.text.rstrip("?").split()[-1]
            call_id = f"call_{len(llm_request.contents)}"
            reply = types.Part(function_call=types.FunctionCall(id=call_id, name="weather", args={"city": city}))
        else:
            reply = types.Part(text=f"Got it: {part.text}")
        yield LlmResponse(content=types.Content(role="model", parts=[reply]))


def weather(city: str, tool_context: ToolContext) -> dict[str, Any]:
    """Today's weather in a city."""
    if city == CRASH["city"]:
        os.kill(os.getpid(), signal.SIGKILL)  # a real crash: no cleanup, no flush
    tool_context.state["user:cities_asked"] = [*tool_context.state.get("user:cities_asked", []), city]
    return {"city": city, "forecast": {"Lisbon": "sunny, 23 C", "Bergen": "rain, 11 C"}.get(city, "unknown")}


def runner(db: str) -> Runner:
    agent = LlmAgent(name="planner", model=ScriptedLlm(model="scripted"), tools=[weather], output_key="last_answer")
    app = App(name=APP, root_agent=agent, resumability_config=ResumabilityConfig(is_resumable=True))
    return Runner(app=app, session_service=LedgermindSessionService(db))


async def say(run: Runner, text: str | None, invocation_id: str | None = None) -> str:
    message = None if text is None else types.Content(role="user", parts=[types.Part(text=text)])
    answer = ""
    async for event in run.run_async(
        user_id=USER, session_id=SESSION, new_message=message, invocation_id=invocation_id
    ):
        if event.content and event.content.parts and event.content.parts[0].text and event.author != "user":
            answer = event.content.parts[0].text
    return answer


async def worker(db: str) -> None:
    CRASH["city"] = "Bergen"
    run = runner(db)
    await run.session_service.create_session(app_name=APP, user_id=USER, session_id=SESSION, state={"mode": "weekend"})
    for turn in TURNS:
        print(f"worker: {turn!r} -> {await say(run, turn)!r}", flush=True)


async def main(db: str) -> None:
    done = subprocess.run([sys.executable, __file__, "--worker", db], check=False)
    print(f"worker exited with {done.returncode} (killed by SIGKILL inside the weather tool)")

    run = runner(db)
    service = run.session_service
    assert isinstance(service, LedgermindSessionService)
    try:
        session = await service.get_session(app_name=APP, user_id=USER, session_id=SESSION)
        assert session is not None
        last = session.events[-1]
        print(f"\nthe new process finds {len(session.events)} events; the last: {last.author} calls "
              f"{last.get_function_calls()[0].name}{last.get_function_calls()[0].args}")  # fmt: skip
        resumed = await say(run, None, invocation_id=last.invocation_id)  # ADK's own resumption
        print(f"resumed the interrupted invocation -> {resumed!r}")
        print(f"{TURNS[-1]!r} -> {await say(run, TURNS[-1])!r}")
        session = await service.get_session(app_name=APP, user_id=USER, session_id=SESSION)
        assert session is not None
        print(f"{len(session.events)} events; state {dict(sorted(session.state.items()))}")

        memory = LedgermindMemoryService(service.engine)
        service.engine.projections.wait(service.engine.position, timeout=60)
        found = await memory.search_memory(app_name=APP, user_id=USER, query="Bergen weather forecast")
        print(f"\nsearch_memory 'Bergen weather forecast': {found.memories[0].content.parts[0].text!r}")

        # --- the auditor: plain ledgermind reads, no ADK needed ---------------
        owner = service.engine.for_owner(Owner(APP, USER))
        ledger = service.ledger_session_id(APP, USER, SESSION) or ""
        page = owner.messages(ledger)
        print(f"\nsession {ledger[:8]} of {USER}: {len(page.messages)} messages")
        for m in page.messages:
            call = f" calls {m.tool_calls[0]['function']['name']}" if m.tool_calls else ""
            print(f"  {m.seq:>2} {m.role:>9}: {m.content}{call}")
    finally:
        await service.close()


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--worker":
        asyncio.run(worker(sys.argv[2]))
    elif len(sys.argv) > 1:
        asyncio.run(main(sys.argv[1]))
    else:
        with tempfile.TemporaryDirectory(prefix="ledgermind-adk-") as tmp:
            asyncio.run(main(os.path.join(tmp, "agent.db")))
