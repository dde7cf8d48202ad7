"""A scripted ADK model (a real ``BaseLlm`` subclass, no network) and the
conversation the ADK tests run through ADK's own ``Runner``: deterministic
from its request, with ADK's id and clock providers pinned, so two session
services given the same calls hold the same events."""

from __future__ import annotations

import itertools
from collections.abc import AsyncGenerator
from typing import Any

from google.adk.agents import LlmAgent
from google.adk.memory.base_memory_service import BaseMemoryService
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.platform import time as platform_time
from google.adk.platform import uuid as platform_uuid
from google.adk.runners import Runner
from google.adk.sessions.base_session_service import BaseSessionService
from google.adk.tools import ToolContext
from google.genai import types

APP = "travel-app"
USER = "alice"
SESSION = "s1"
INITIAL = {"user:name": "Alice", "app:version": 1, "mode": "trip", "temp:draft": "x"}
TURNS = ("Hello, I am planning a trip.", "What is the weather in Paris?", "And the weather in Oslo?", "Thanks.")


class ScriptedLlm(BaseLlm):
    """Calls the weather tool when the user's last text asks for weather,
    reads its response back, otherwise acknowledges the turn."""

    async def generate_content_async(
        self, llm_request: LlmRequest, stream: bool = False
    ) -> AsyncGenerator[LlmResponse, None]:
        contents = llm_request.contents
        part = contents[-1].parts[-1] if contents and contents[-1].parts else types.Part(text="")
        n = len(contents)
        if part.function_response is not None:
            reply = types.Part(text=f"Forecast: {(part.function_response.response or {}).get('forecast')}.")
        elif part.text and "weather" in part.text:
            city = part.text.rstrip("?").split()[-1]
            reply = types.Part(function_call=types.FunctionCall(id=f"call_{n}", name="weather", args={"city": city}))
        else:
            reply = types.Part(text=f"Noted ({n} contents): {part.text}")
        yield LlmResponse(content=types.Content(role="model", parts=[reply]))


def weather(city: str, tool_context: ToolContext) -> dict[str, Any]:
    """Today's weather in a city; remembers it in every state scope."""
    tool_context.state["last_city"] = city
    tool_context.state["user:lookups"] = int(tool_context.state.get("user:lookups", 0)) + 1
    tool_context.state["app:lookups"] = int(tool_context.state.get("app:lookups", 0)) + 1
    tool_context.state["temp:scratch"] = city
    return {"city": city, "forecast": "sunny, 24 C" if city == "Paris" else "rain, 9 C"}


def pin_ids_and_clock() -> None:
    """ADK's ids and timestamps made deterministic (its own providers)."""
    ids, ticks = itertools.count(), itertools.count()
    platform_uuid.set_id_provider(lambda: f"id-{next(ids)}")
    platform_time.set_time_provider(lambda: 1_000.0 + next(ticks))


def runner(service: BaseSessionService, memory: BaseMemoryService | None = None) -> Runner:
    agent = LlmAgent(name="travel", model=ScriptedLlm(model="scripted"), tools=[weather], output_key="last_reply")
    return Runner(app_name=APP, agent=agent, session_service=service, memory_service=memory)


async def converse(
    service: BaseSessionService, turns: tuple[str, ...] = TURNS, session_id: str = SESSION, user_id: str = USER
) -> None:
    run = runner(service)
    for turn in turns:
        message = types.Content(role="user", parts=[types.Part(text=turn)])
        async for _ in run.run_async(user_id=user_id, session_id=session_id, new_message=message):
            pass
