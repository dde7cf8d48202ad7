"""How the user wants to be served, through the real engine, on every backend: a standing
request to the assistant is a belief, the latest word on one request replaces the one before
(audited with both values), a one-off task is none, and the fact given "to remember" is kept
without its formula."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from ledgermind import MemoryEngine, Owner
from ledgermind.distill.explicit import belief_index

OWNER = Owner("served", "u1")
START = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)


def _chat(eng: MemoryEngine, *turns: tuple[str, str]) -> None:
    me = eng.for_owner(OWNER)
    sid = me.create_session("bot")
    for n, (role, text) in enumerate(turns):
        me.add_message(sid, role, text, occurred_at=START + timedelta(minutes=n))
    eng.distill()


def _current(eng: MemoryEngine) -> list[str]:
    return sorted(b.statement for b in belief_index(eng.writes).current(OWNER))


def test_standing_requests_are_beliefs_and_the_latest_word_holds(eng: MemoryEngine) -> None:
    _chat(
        eng,
        ("user", "Please always answer in French. Write me a haiku about autumn."),
        ("assistant", "Feuilles rousses au vent..."),
        ("user", "Keep your answers short, and remember that I'm colorblind."),
        ("assistant", "Noté."),
    )
    assert _current(eng) == [
        "The user is colorblind.",
        "The user wants the assistant to answer in French.",
        "The user wants the assistant to keep its answers short.",
    ]
    _chat(eng, ("user", "Answer in English from now on."), ("assistant", "Sure."))
    assert _current(eng) == [
        "The user is colorblind.",
        "The user wants the assistant to answer in English.",
        "The user wants the assistant to keep its answers short.",
    ]
    me = eng.for_owner(OWNER)
    (french,) = [b for b in belief_index(eng.writes).all(OWNER) if "French" in b.statement]
    ended = me.invalidation(french.memory_id)
    assert ended is not None and ended.successor is not None
    assert ended.successor.statement == "The user wants the assistant to answer in English."
    assert "french" in ended.reason and "english" in ended.reason, ended.reason
    found = me.search("answer in English or French?", k=3)
    assert found and found[0].statement == "The user wants the assistant to answer in English."


def test_between_named_people_with_no_assistant_an_imperative_is_no_request(eng: MemoryEngine) -> None:
    me = eng.for_owner(OWNER)
    sid = me.create_session("chat")
    me.add_message(sid, "user", "Always call me when you land!", name="Mel", occurred_at=START)
    me.add_message(sid, "user", "Never give up on your dreams.", name="Caroline", occurred_at=START)
    eng.distill()
    assert not any("assistant" in s for s in _current(eng))


def test_every_context_block_opens_with_the_current_standing_requests(eng: MemoryEngine) -> None:
    _chat(
        eng,
        ("user", "I live in Lyon and I have a dog called Pixel."),
        ("assistant", "Noted."),
        ("user", "Please always answer in French."),
        ("user", "Answer in English from now on, and keep your answers short."),
    )
    me = eng.for_owner(OWNER)
    # (a budget for a busy machine: past the default 800 ms the block is "", as the contract says)
    block = me.build_context("Write a limerick about the sea", time_budget_ms=5000)  # related to nothing remembered
    lines = block.splitlines()
    assert "The user wants the assistant to keep its answers short." in lines[2]
    assert "The user wants the assistant to answer in English." in lines[3]
    assert "French" not in block and "Lyon" not in block and len(lines) == 5, block
    about_the_dog = me.build_context("What is my dog called?", time_budget_ms=5000)
    assert "answer in English" in about_the_dog and "Pixel" in about_the_dog
    assert me.build_context("What is my dog called?", time_budget_ms=5000, max_items=1).count('"text"') == 1
