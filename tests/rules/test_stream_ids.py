"""Owner-derived ids are a promise: the same owner and name give the same stream forever.

The expected values were computed by the derivations (re-pinned once, at the rename to
ledgermind, whose name seeds the namespaces; uuid5 over "app\\x1fuser\\x1f...");
a change to any of them would orphan every stored stream of that kind.
"""

from __future__ import annotations

from uuid import UUID

from hypothesis import given
from hypothesis import strategies as st

from ledgermind.domain import stream_ids
from ledgermind.domain.agent import Agent
from ledgermind.domain.errors import InvalidOwner
from ledgermind.domain.memory import Memory
from ledgermind.domain.owner import Owner
from ledgermind.integrations.langgraph.thread import thread_stream_id

OWNER = Owner("support", "user-42")


def test_ids_are_pinned() -> None:
    assert stream_ids.agent_stream_id(OWNER, "agent-7") == UUID("85b542a8-1bb0-54d7-8a54-aed82edb3d69")
    assert stream_ids.memory_stream_id(OWNER, "explicit:k") == UUID("1be9d8b4-d8f6-57da-b42c-6038120a8375")
    assert stream_ids.erasure_id(OWNER) == UUID("b4e4e5ca-197b-59b2-9c89-35c7817ba6a6")
    assert stream_ids.owner_key_id(OWNER) == UUID("9b6d7936-8a2d-5f1b-aabb-df580fc04d9e")
    assert stream_ids.receipt_id(UUID(int=1), "req-1") == UUID("ef739871-4aaf-54a9-bb9b-a5f703e98607")
    assert stream_ids.distillation_id("distiller", "ab" * 16) == UUID("13031d77-aaae-59e7-a3f6-526e798a07aa")
    # LangGraph's thread streams are derived beside their aggregate, with the same rule
    assert thread_stream_id(OWNER, "thread-1") == UUID("c1b285f2-8a2a-5c69-8f26-f1dfbf4b40bb")


def test_aggregates_create_the_ids_the_module_derives() -> None:
    agent = Agent(app=OWNER.app, user_id=OWNER.user_id, agent_id="agent-7")
    assert agent.id == stream_ids.agent_stream_id(OWNER, "agent-7")
    memory = Memory.create_id(OWNER.app, OWNER.user_id, "explicit:k")
    assert memory == stream_ids.memory_stream_id(OWNER, "explicit:k")


def _valid_part(text: str) -> bool:
    """Parts an Owner accepts (no invisible, bidi-control or non-characters: the one owner-id rule)."""
    try:
        Owner(text, text)
    except InvalidOwner:
        return False
    return True


_part = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=12).filter(_valid_part)


@given(_part, _part, _part, _part)
def test_different_owners_never_share_an_agent_stream(app: str, user: str, other_user: str, agent: str) -> None:
    """The separator cannot occur in a part, so ("a", "b\\x1fc") and ("a\\x1fb", "c") cannot collide."""
    if user == other_user:
        return
    assert stream_ids.agent_stream_id(Owner(app, user), agent) != stream_ids.agent_stream_id(
        Owner(app, other_user), agent
    )
