"""A scripted OpenAI Agents SDK model and the conversation the tests run
through the SDK's own ``Runner`` (no network): deterministic from its input,
so two processes, or two session backends, given the same history answer the
same (ids included).

Run as a module, it is the worker the crash tests kill::

    python -m tests.support.scripted_agents <sqlite|ledgermind> <db> <turns> <die-in-turn>

It runs the first ``turns`` user turns on the named session and SIGKILLs
itself inside the weather tool of turn ``die-in-turn`` (0: never).
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from collections.abc import AsyncIterator
from typing import Any

from agents import Agent, RunConfig, Runner, SQLiteSession, Usage, function_tool
from agents.items import ModelResponse, TResponseInputItem, TResponseStreamEvent
from agents.memory import Session
from agents.models.interface import Model
from openai.types.responses import ResponseFunctionToolCall, ResponseOutputMessage, ResponseOutputText

from ledgermind import Owner
from ledgermind.integrations.openai_agents import LedgermindSession

OWNER = Owner("agents-app", "alice")
AGENT = "travel-agent"
SESSION = "trip-7"
TURNS = (
    "Hello, I am planning a trip.",
    "What is the weather in Paris?",
    "And the weather in Oslo?",
    "Thanks, book the sunny one.",
)
RUN = RunConfig(tracing_disabled=True)
_DIE_IN: list[str] = []  # the city whose weather lookup kills this process


class ScriptedModel(Model):
    """Asks the weather tool when the last user turn mentions weather, reads
    its output back, otherwise echoes the turn with the history's length."""

    async def get_response(
        self,
        system_instructions: str | None,
        input: str | list[TResponseInputItem],
        model_settings: Any,
        tools: Any,
        output_schema: Any,
        handoffs: Any,
        tracing: Any,
        *,
        previous_response_id: str | None,
        conversation_id: str | None,
        prompt: Any,
    ) -> ModelResponse:
        items: list[Any] = [{"role": "user", "content": input}] if isinstance(input, str) else list(input)
        last, n = items[-1], len(items)
        output: list[Any]
        if last.get("type") == "function_call_output":
            output = [_say(f"msg_{n}", f"Forecast: {last['output']}.")]
        elif "weather" in str(last.get("content")):
            city = str(last["content"]).rstrip("?").split()[-1]
            args = json.dumps({"city": city})
            output = [
                ResponseFunctionToolCall(
                    id=f"fc_{n}", call_id=f"call_{n}", type="function_call", name="weather", arguments=args
                )
            ]
        else:
            output = [_say(f"msg_{n}", f"Noted ({n} items so far): {last.get('content')}")]
        return ModelResponse(output=output, usage=Usage(), response_id=None)

    def stream_response(self, *args: Any, **kwargs: Any) -> AsyncIterator[TResponseStreamEvent]:
        raise NotImplementedError("the tests run the SDK without streaming")


def _say(item_id: str, text: str) -> ResponseOutputMessage:
    return ResponseOutputMessage(
        id=item_id,
        type="message",
        role="assistant",
        status="completed",
        content=[ResponseOutputText(type="output_text", text=text, annotations=[])],
    )


@function_tool
def weather(city: str) -> str:
    """Today's weather in a city."""
    if city in _DIE_IN:
        os.kill(os.getpid(), signal.SIGKILL)  # a real crash: no cleanup, no flush
    return f"{city}: {'sunny, 24 C' if city == 'Paris' else 'rain, 9 C'}"


def agent() -> Agent[Any]:
    return Agent(name=AGENT, instructions="Help plan trips.", model=ScriptedModel(), tools=[weather])


async def run_turns(session: Session, turns: tuple[str, ...]) -> list[Any]:
    """Each turn through ``Runner.run``; the final outputs."""
    return [(await Runner.run(agent(), turn, session=session, run_config=RUN)).final_output for turn in turns]


async def resume(session: Session) -> Any:
    """Finishes a turn whose user input was stored before a crash: the
    history is the input (``Runner.run`` with no new items)."""
    return (await Runner.run(agent(), [], session=session, run_config=RUN)).final_output


def open_session(kind: str, db: str) -> SQLiteSession | LedgermindSession:
    if kind == "sqlite":
        return SQLiteSession(SESSION, db)
    return LedgermindSession(SESSION, db, owner=OWNER, agent_id=AGENT)


def main(kind: str, db: str, turns: int, die_in: int) -> None:
    if die_in:
        _DIE_IN.append(str(TURNS[die_in - 1]).rstrip("?").split()[-1])
    session = open_session(kind, db)
    try:
        asyncio.run(run_turns(session, TURNS[:turns]))
    finally:
        session.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
