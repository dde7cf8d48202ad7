"""Owner-derived ids are a promise: the same owner and name give the same stream forever.

The expected values were computed by the derivations as they stood before the
ids moved into ``memledger.domain.stream_ids`` (uuid5 over "app\\x1fuser\\x1f...");
a change to any of them would orphan every stored stream of that kind.
"""

from __future__ import annotations

from uuid import UUID

from hypothesis import given
from hypothesis import strategies as st

from memledger.domain import stream_ids
from memledger.domain.agent import Agent
from memledger.domain.memory import Memory
from memledger.domain.owner import Owner

OWNER = Owner("support", "user-42")


def test_ids_are_pinned() -> None:
    assert stream_ids.agent_stream_id(OWNER, "agent-7") == UUID("aca6d6d3-304e-5003-8999-bdb0ae16ed11")
    assert stream_ids.memory_stream_id(OWNER, "explicit:k") == UUID("b9b1c159-88fa-5b92-81ab-f437c3d8db6c")
    assert stream_ids.erasure_id(OWNER) == UUID("a817458a-c187-5067-b990-7cd199200ea3")
    assert stream_ids.owner_key_id(OWNER) == UUID("61676986-8cc5-539c-bf6d-bd2e43b7c5e9")
    assert stream_ids.receipt_id(UUID(int=1), "req-1") == UUID("f77e49c9-4eb1-532c-9726-c892f12990c9")
    assert stream_ids.distillation_id("distiller", "ab" * 16) == UUID("a55c1a24-f21c-55b0-8e1d-9535233602c4")


def test_aggregates_create_the_ids_the_module_derives() -> None:
    agent = Agent(app=OWNER.app, user_id=OWNER.user_id, agent_id="agent-7")
    assert agent.id == stream_ids.agent_stream_id(OWNER, "agent-7")
    memory = Memory.create_id(OWNER.app, OWNER.user_id, "explicit:k")
    assert memory == stream_ids.memory_stream_id(OWNER, "explicit:k")


_part = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=12)


@given(_part, _part, _part, _part)
def test_different_owners_never_share_an_agent_stream(app: str, user: str, other_user: str, agent: str) -> None:
    """The separator cannot occur in a part, so ("a", "b\\x1fc") and ("a\\x1fb", "c") cannot collide."""
    if user == other_user:
        return
    assert stream_ids.agent_stream_id(Owner(app, user), agent) != stream_ids.agent_stream_id(Owner(app, other_user), agent)
