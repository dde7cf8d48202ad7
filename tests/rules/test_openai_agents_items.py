"""Any SDK item comes back from its ``message.added`` fields exactly, and
its text, tool calls and outputs are the message's columns."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledgermind.domain.errors import InvalidInput
from ledgermind.integrations.openai_agents.items import KEY, from_fields, to_fields

_TEXT = st.text(min_size=0, max_size=20)
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | _TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_TEXT, inner, max_size=3),
    max_leaves=8,
)
_PART = st.fixed_dictionaries(
    {"type": st.sampled_from(["input_text", "output_text", "refusal", "input_image"]), "text": _TEXT},
    optional={"annotations": st.lists(_JSON, max_size=2), "refusal": _TEXT},
)
_ITEM = st.one_of(
    st.fixed_dictionaries(
        {"role": st.sampled_from(["user", "system", "developer", "assistant"]), "content": _TEXT | st.lists(_PART)},
        optional={"type": st.just("message"), "id": _TEXT, "status": _TEXT},
    ),
    st.fixed_dictionaries(
        {"type": st.just("function_call"), "call_id": _TEXT, "name": _TEXT, "arguments": _TEXT},
        optional={"id": _TEXT, "status": _TEXT},
    ),
    st.fixed_dictionaries(
        {"type": st.just("function_call_output"), "call_id": _TEXT, "output": _TEXT | st.lists(_PART)}
    ),
    st.dictionaries(_TEXT, _JSON, max_size=4),  # a shape this module does not know
)


def _stored(fields: dict[str, Any]) -> dict[str, Any]:
    return {k: fields.get(k) for k in ("content", "metadata", "tool_calls", "tool_call_id")}


@settings(deadline=None)  # a loaded machine: the property, not the speed
@given(item=_ITEM)
def test_every_item_comes_back_exactly(item: dict[str, Any]) -> None:
    fields = to_fields(item)
    assert from_fields(_stored(fields)) == item
    assert fields["role"] in ("user", "system", "assistant", "tool")
    assert fields["content"] or fields.get("tool_calls")  # the column is never empty without a call


def test_what_json_cannot_hold_is_refused_with_a_typed_error() -> None:
    for item in ({"role": "user", "content": "hi", "n": 2**64}, {"role": "user", "content": object()}, ["hi"]):
        with pytest.raises(InvalidInput):
            to_fields(item)  # type: ignore[arg-type]


def test_the_text_and_the_call_are_columns_not_copies() -> None:
    said = to_fields({"role": "user", "content": "What is the weather in Oslo?"})
    assert said["content"] == "What is the weather in Oslo?" and said["metadata"][KEY]["rest"] == {"role": "user"}
    call = to_fields({"type": "function_call", "call_id": "c1", "name": "weather", "arguments": '{"city": "Oslo"}'})
    assert call["role"] == "assistant" and call["content"] == ""
    assert call["tool_calls"] == [
        {"id": "c1", "type": "function", "function": {"name": "weather", "arguments": '{"city": "Oslo"}'}}
    ]
    assert call["metadata"][KEY]["rest"] == {"type": "function_call"}
    out = to_fields({"type": "function_call_output", "call_id": "c1", "output": "rain"})
    assert (out["role"], out["content"], out["tool_call_id"]) == ("tool", "rain", "c1")
    reply = {"role": "assistant", "type": "message", "content": [{"type": "output_text", "text": "Rain in Oslo."}]}
    stored = to_fields(reply)
    assert stored["content"] == "Rain in Oslo." and "Rain" not in str(stored["metadata"])
