"""``LedgermindSessionService`` and ``LedgermindMemoryService`` under ADK's own
``Runner`` with a scripted ``BaseLlm``, on every backend: the same
conversation through ADK's ``InMemorySessionService`` and ours holds the same
events and the same state (session, ``user:``, ``app:``; ``temp:`` dropped),
read back by another engine; the service calls answer as ADK's; the memory
service searches the conversation and the owner's beliefs."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from google.adk.errors.already_exists_error import AlreadyExistsError
from google.adk.errors.session_not_found_error import SessionNotFoundError
from google.adk.events.event import Event
from google.adk.sessions import InMemorySessionService
from google.adk.sessions.base_session_service import BaseSessionService, GetSessionConfig

from ledgermind import MemoryEngine, Owner
from ledgermind.integrations.adk import LedgermindMemoryService, LedgermindSessionService
from tests.support.examples import run_example
from tests.support.scripted_adk import APP, INITIAL, SESSION, TURNS, USER, converse, pin_ids_and_clock


async def script(service: BaseSessionService) -> dict[str, Any]:
    """Every session-service call ADK makes, and what each answers."""
    pin_ids_and_clock()
    seen: dict[str, Any] = {}
    created = await service.create_session(app_name=APP, user_id=USER, session_id=SESSION, state=INITIAL)
    seen["created"] = (created.id, created.state, created.events)
    await converse(service)
    await service.create_session(app_name=APP, user_id=USER, session_id="s2", state={"mode": "other"})
    await converse(service, TURNS[:2], "s2")
    session = await service.get_session(app_name=APP, user_id=USER, session_id=SESSION)
    assert session is not None
    seen["session"] = (session.state, session.events, session.last_update_time)
    for config in (GetSessionConfig(num_recent_events=3), GetSessionConfig(num_recent_events=0),
                   GetSessionConfig(after_timestamp=session.events[4].timestamp)):  # fmt: skip
        got = await service.get_session(app_name=APP, user_id=USER, session_id=SESSION, config=config)
        seen[f"config {config}"] = got and (got.state, got.events)
    listed = await service.list_sessions(app_name=APP, user_id=USER)
    seen["listed"] = [(s.id, s.state, s.events, s.last_update_time) for s in listed.sessions]
    seen["user state"] = await service.get_user_state(app_name=APP, user_id=USER)
    seen["missing"] = await service.get_session(app_name=APP, user_id=USER, session_id="nope")
    try:
        await service.create_session(app_name=APP, user_id=USER, session_id=SESSION)
    except AlreadyExistsError as e:
        seen["twice"] = type(e).__name__
    await service.delete_session(app_name=APP, user_id=USER, session_id="s2")
    seen["deleted"] = await service.get_session(app_name=APP, user_id=USER, session_id="s2")
    again = await service.create_session(app_name=APP, user_id=USER, session_id="s2")
    seen["recreated"] = (again.state, again.events)
    try:
        ghost = created.model_copy(update={"id": "ghost"})
        await service.append_event(ghost, Event(author="user"))
    except SessionNotFoundError as e:
        seen["append to a missing session"] = type(e).__name__
    return seen


def test_the_same_conversation_holds_the_same_events_and_state(db_url: str) -> None:
    theirs = asyncio.run(script(InMemorySessionService()))
    with MemoryEngine.open(db_url) as eng:
        ours = asyncio.run(script(LedgermindSessionService(eng)))
    assert set(ours) == set(theirs)
    for key in theirs:
        assert ours[key] == theirs[key], key
    state, events, _ = theirs["session"]
    assert (
        "temp:draft" not in state and "temp:scratch" not in state and state["user:lookups"] == 3
    )  # two in s1, one in s2
    assert [e.author for e in events].count("user") == len(TURNS)
    # another engine on the same database (a restarted process) reads the same session
    with MemoryEngine.open(db_url) as eng:
        service = LedgermindSessionService(eng)
        again = asyncio.run(service.get_session(app_name=APP, user_id=USER, session_id=SESSION))
        assert again is not None and (again.state, again.events, again.last_update_time) == theirs["session"]
        # and the events are ordinary messages of the user's session: tool calls as tool calls
        ledger = service.ledger_session_id(APP, USER, SESSION)
        assert ledger is not None
        page = eng.for_owner(Owner(APP, USER)).messages(ledger)
        assert [m.role for m in page.messages].count("tool") == 2
        call = next(m for m in page.messages if m.tool_calls)
        assert call.tool_calls[0]["function"]["name"] == "weather"
        assert page.messages[0].content == TURNS[0] and TURNS[0] not in str(page.messages[0].metadata)


def test_list_sessions_of_every_user_is_refused_plainly(eng: MemoryEngine) -> None:
    with pytest.raises(NotImplementedError, match="user_id"):
        asyncio.run(LedgermindSessionService(eng).list_sessions(app_name=APP))


def test_memory_searches_the_conversation_and_the_beliefs(eng: MemoryEngine) -> None:
    pin_ids_and_clock()
    service = LedgermindSessionService(eng)
    memory = LedgermindMemoryService(eng)
    asyncio.run(service.create_session(app_name=APP, user_id=USER, session_id=SESSION))
    asyncio.run(converse(service))
    session = asyncio.run(service.get_session(app_name=APP, user_id=USER, session_id=SESSION))
    assert session is not None
    asyncio.run(memory.add_session_to_memory(session))  # already in the log: nothing copied
    owner = eng.for_owner(Owner(APP, USER))
    assert len(owner.messages(service.ledger_session_id(APP, USER, SESSION) or "").messages) == len(session.events)
    owner.remember("Alice prefers window seats on trains.")
    # a session kept elsewhere (ADK's in-memory service) is imported once per event
    other = InMemorySessionService()
    pin_ids_and_clock()
    asyncio.run(other.create_session(app_name=APP, user_id="bob", session_id="b1"))
    asyncio.run(converse(other, ("My cat is called Miso.",), "b1", "bob"))
    theirs = asyncio.run(other.get_session(app_name=APP, user_id="bob", session_id="b1"))
    assert theirs is not None
    asyncio.run(memory.add_session_to_memory(theirs))
    asyncio.run(memory.add_session_to_memory(theirs))  # again: nothing added twice
    eng.projections.wait(eng.position, timeout=60)
    found = asyncio.run(memory.search_memory(app_name=APP, user_id=USER, query="window seat on the train"))
    texts = [m.content.parts[0].text for m in found.memories if m.content.parts]
    assert any("window seats" in (t or "") for t in texts), texts
    weather = asyncio.run(memory.search_memory(app_name=APP, user_id=USER, query="weather forecast Oslo"))
    assert any("Oslo" in (m.content.parts[0].text or "") for m in weather.memories if m.content.parts)
    bob = asyncio.run(memory.search_memory(app_name=APP, user_id="bob", query="cat name"))
    assert any("Miso" in (m.content.parts[0].text or "") for m in bob.memories if m.content.parts)
    assert not any("Miso" in str(m.content) for m in found.memories)  # another owner's memory stays theirs


@pytest.mark.slow  # a real SIGKILL of a worker process, then a resume: ~20-40 s
def test_the_example_resumes_a_killed_invocation(tmp_path: Path) -> None:
    """examples/adk_agent.py as a user runs it: ADK's own resumability over
    the events the killed worker left in the log."""
    out = run_example("adk_agent.py", tmp_path / "agent.db")
    assert "worker exited with -9" in out
    assert "the new process finds 10 events; the last: planner calls weather{'city': 'Bergen'}" in out
    assert "resumed the interrupted invocation -> 'The forecast: rain, 11 C.'" in out
    assert "'user:cities_asked': ['Lisbon', 'Bergen']" in out  # the tool ran once per city, not twice
    assert ": 16 messages" in out and "tool: " in out
