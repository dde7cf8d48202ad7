"""Any ADK event comes back from its ``message.added`` fields equal, with
its text, calls and responses as the message's columns."""

from __future__ import annotations

from typing import Any

from google.adk.events.event import Event
from google.adk.events.event_actions import EventActions
from google.genai import types
from hypothesis import given, settings
from hypothesis import strategies as st

from ledgermind.integrations.adk.events import KEY, from_fields, to_fields

_TEXT = st.text(max_size=20)
_JSON = st.dictionaries(_TEXT, st.none() | st.booleans() | st.integers(-(2**31), 2**31) | _TEXT, max_size=3)
_PART = st.one_of(
    st.builds(lambda t: types.Part(text=t), _TEXT),
    st.builds(lambda i, n, a: types.Part(function_call=types.FunctionCall(id=i, name=n, args=a)), _TEXT, _TEXT, _JSON),
    st.builds(
        lambda i, n, r: types.Part(function_response=types.FunctionResponse(id=i, name=n, response=r)),
        _TEXT,
        _TEXT,
        _JSON,
    ),
)
_EVENT = st.builds(
    lambda author, parts, delta, inv: Event(
        author=author,
        invocation_id=inv,
        content=types.Content(role="user" if author == "user" else "model", parts=parts) if parts else None,
        actions=EventActions(state_delta=delta),
    ),
    st.sampled_from(["user", "planner", "helper"]),
    st.lists(_PART, max_size=3),
    _JSON,
    _TEXT,
)


def _stored(fields: dict[str, Any]) -> dict[str, Any]:
    return {"content": fields["content"], "metadata": fields["metadata"]}


@settings(deadline=None)  # a loaded machine: the property, not the speed
@given(event=_EVENT)
def test_every_event_comes_back_equal(event: Event) -> None:
    fields = to_fields(event)
    assert from_fields(_stored(fields)) == event
    assert fields["role"] in ("user", "assistant", "tool") and fields["client_id"] == event.id
    assert fields["content"] or fields.get("tool_calls")


def test_text_calls_and_answers_are_columns() -> None:
    said = to_fields(Event(author="user", content=types.Content(role="user", parts=[types.Part(text="Hi there")])))
    assert said["role"] == "user" and said["content"] == "Hi there" and "Hi there" not in str(said["metadata"][KEY])
    call = types.FunctionCall(id="c1", name="weather", args={"city": "Oslo"})
    asked = to_fields(
        Event(author="planner", content=types.Content(role="model", parts=[types.Part(function_call=call)]))
    )
    assert asked["role"] == "assistant" and asked["tool_calls"][0]["function"]["name"] == "weather"
    answer = types.FunctionResponse(id="c1", name="weather", response={"forecast": "rain"})
    told = to_fields(
        Event(author="planner", content=types.Content(role="user", parts=[types.Part(function_response=answer)]))
    )
    assert (told["role"], told["tool_call_id"], told["content"]) == ("tool", "c1", '{"forecast":"rain"}')
