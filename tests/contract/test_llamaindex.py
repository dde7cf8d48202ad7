"""LlamaIndex on both backends: ``LedgermindChatStore`` answers every call as
LlamaIndex's own ``SimpleChatStore`` does, keeps what it removes as
retractions, survives a new process; ``LedgermindMemoryBlock`` inside a real
``Memory`` brings in the beliefs the turn is about."""

from __future__ import annotations

import asyncio
import re
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test
from llama_index.core.llms import ChatMessage
from llama_index.core.memory import ChatMemoryBuffer, Memory
from llama_index.core.storage.chat_store import SimpleChatStore

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.errors import InvalidInput
from ledgermind.integrations.llamaindex import (
    ChatIndexError,
    LedgermindChatStore,
    LedgermindMemoryBlock,
    key_is_user,
)
from ledgermind.integrations.llamaindex.chat_key import chat_key_stream_id
from tests.support.examples import run_example

ALICE = Owner("chat-app", "alice")


def m(role: str, text: str | None, **kwargs: Any) -> ChatMessage:
    return ChatMessage(role=role, content=text, **kwargs)


# One call per step, every method and edge SimpleChatStore has: inserts at
# the front, middle, end and past it, negative indexes, a key deleted and
# brought back, a set that keeps a prefix, messages of every role, a message
# with no text and one with extra fields, keys that never existed.
SCRIPT: list[tuple[str, tuple[Any, ...]]] = [
    ("get_keys", ()),
    ("get_messages", ("a",)),
    ("add_message", ("a", m("system", "You are terse."))),
    ("add_message", ("a", m("user", "Hi, I am Alice."))),
    ("add_message", ("a", m("assistant", "Hello Alice."))),
    ("add_message", ("b", m("developer", "Answer in French."))),
    ("add_message", ("a", m("assistant", None, additional_kwargs={"tool_calls": [{"id": "c1", "name": "f"}]}))),
    ("add_message", ("a", m("tool", "42", additional_kwargs={"tool_call_id": "c1"}))),
    ("add_message", ("a", m("chatbot", "Done."))),
    ("get_messages", ("a",)),
    ("add_message", ("a", m("user", "first!"), 0)),
    ("add_message", ("a", m("user", "in the middle"), 3)),
    ("add_message", ("a", m("user", "before the last"), -1)),
    ("add_message", ("a", m("user", "far past the end"), 99)),
    ("get_messages", ("a",)),
    ("get_keys", ()),
    ("delete_message", ("a", 1)),
    ("delete_message", ("a", -2)),
    ("delete_message", ("a", 50)),
    ("delete_last_message", ("a",)),
    ("get_messages", ("a",)),
    ("set_messages", ("c", [])),
    ("get_keys", ()),
    ("get_messages", ("c",)),
    ("set_messages", ("b", [m("developer", "Answer in French."), m("user", "Bonjour")])),
    ("get_messages", ("b",)),
    ("set_messages", ("b", [m("user", "Replaced")])),
    ("get_messages", ("b",)),
    ("delete_messages", ("a",)),
    ("get_keys", ()),
    ("get_messages", ("a",)),
    ("delete_messages", ("a",)),
    ("delete_message", ("a", 0)),
    ("delete_last_message", ("a",)),
    ("add_message", ("a", m("user", "I am back."))),
    ("get_keys", ()),
    ("get_messages", ("a",)),
    ("delete_messages", ("never",)),
    ("delete_message", ("never", 0)),
    ("delete_last_message", ("never",)),
    ("get_messages", ("never",)),
]


def play(store: Any) -> list[Any]:
    results = []
    for name, args in SCRIPT:
        result = getattr(store, name)(*args)
        results.append(list(result) if isinstance(result, list) else result)  # SimpleChatStore hands out its lists
    return results


@pytest.fixture
def chats(eng: MemoryEngine) -> LedgermindChatStore:
    return LedgermindChatStore(eng, owner=ALICE, agent_id="li-agent")


def test_every_call_answers_as_simple_chat_store_does(chats: LedgermindChatStore) -> None:
    expected = play(SimpleChatStore())
    got = play(chats)
    for (name, args), want, have in zip(SCRIPT, expected, got):
        assert have == want, f"{name}{args[:1]}"


def test_a_new_process_reads_the_same_lists(chats: LedgermindChatStore, db_url: str) -> None:
    reference = SimpleChatStore()
    play(reference)
    play(chats)
    with MemoryEngine.open(db_url) as other:
        again = LedgermindChatStore(other, owner=ALICE, agent_id="li-agent")
        assert again.get_keys() == reference.get_keys()
        for key in reference.get_keys():
            assert again.get_messages(key) == reference.get_messages(key)


def test_the_async_methods_are_the_sync_ones(chats: LedgermindChatStore) -> None:
    async def run() -> tuple[Any, ...]:
        await chats.async_add_message("k", m("user", "one"))
        await chats.aset_messages("k", [m("user", "one"), m("assistant", "two"), m("user", "three")])
        first = await chats.adelete_message("k", 0)
        last = await chats.adelete_last_message("k")
        keys = await chats.aget_keys()
        left = await chats.aget_messages("k")
        gone = await chats.adelete_messages("k")
        return first, last, keys, left, gone, await chats.aget_keys()

    first, last, keys, left, gone, after = asyncio.run(run())
    assert (first, last, keys) == (m("user", "one"), m("user", "three"), ["k"])
    assert left == gone == [m("assistant", "two")]
    assert after == []


def test_messages_are_the_sessions_and_removals_are_retractions(chats: LedgermindChatStore, eng: MemoryEngine) -> None:
    """The key's session holds every message ever added, in order, as
    ordinary messages; what the store removed is retracted with a reason
    naming the call, and restore_agent sees the conversation."""
    chats.add_message("conv", m("user", "My dog is called Rex."))
    chats.add_message("conv", m("assistant", "Nice name."))
    chats.add_message("conv", m("user", "Oops, wrong chat."))
    chats.delete_last_message("conv")
    memory = eng.for_owner(ALICE)
    restored = memory.restore_agent("li-agent")
    session = restored.session_id
    assert session is not None
    said = memory.messages(session).messages
    assert [(x.seq, x.role, x.content) for x in said] == [
        (1, "user", "My dog is called Rex."),
        (2, "assistant", "Nice name."),
        (3, "user", "Oops, wrong chat."),
    ]
    assert memory.retracted_messages(session) == [3]
    lineage = memory.message_lineage(session, 3)
    assert lineage.retracted
    assert chats.get_messages("conv") == [m("user", "My dog is called Rex."), m("assistant", "Nice name.")]


def test_keys_can_be_users(eng: MemoryEngine) -> None:
    """``owner_of=key_is_user(app)``: each key is its own owner, so one
    user's chat is invisible to another's handle and erased with its owner."""
    chats = LedgermindChatStore(eng, owner_of=key_is_user("chat-app"))
    chats.add_message("bob", m("user", "I am Bob."))
    chats.add_message("carol", m("user", "I am Carol."))
    assert chats.get_keys() == ["bob", "carol"]
    bob = eng.for_owner(Owner("chat-app", "bob"))
    assert [x.content for x in bob.messages(bob.restore_agent("llamaindex").session_id or "").messages] == ["I am Bob."]
    assert chat_key_stream_id(Owner("chat-app", "bob"), "bob") != chat_key_stream_id(Owner("chat-app", "carol"), "bob")


def test_a_chat_memory_buffer_runs_on_the_store(chats: LedgermindChatStore) -> None:
    """LlamaIndex's own ChatMemoryBuffer over this store and over SimpleChatStore: the same history."""
    buffers = [
        ChatMemoryBuffer.from_defaults(chat_store=store, chat_store_key="user-1", token_limit=10_000)
        for store in (SimpleChatStore(), chats)
    ]
    for buffer in buffers:
        for i in range(4):
            buffer.put(m("user", f"question {i}"))
            buffer.put(m("assistant", f"answer {i}"))
    assert buffers[0].get_all() == buffers[1].get_all()
    assert buffers[0].get() == buffers[1].get()
    for buffer in buffers:
        buffer.reset()
    assert chats.get_keys() == []


@pytest.mark.parametrize(
    "call",
    [
        lambda s: s.delete_last_message("empty"),
        lambda s: s.delete_message("empty", -1),
    ],
)
def test_positions_outside_the_list_are_typed_errors_and_write_nothing(
    chats: LedgermindChatStore, eng: MemoryEngine, call: Callable[[LedgermindChatStore], object]
) -> None:
    chats.set_messages("empty", [])
    with pytest.raises(IndexError):
        call(SimpleChatStore(store={"empty": []}))
    before = eng.position
    with pytest.raises(ChatIndexError) as caught:
        call(chats)
    assert isinstance(caught.value, (IndexError, InvalidInput))
    assert eng.position == before


def test_what_is_not_a_chat_message_is_refused(chats: LedgermindChatStore, eng: MemoryEngine) -> None:
    before = eng.position
    with pytest.raises(InvalidInput):
        chats.add_message("k", "hello")  # type: ignore[arg-type]
    with pytest.raises(InvalidInput):
        chats.set_messages("k", [m("user", "fine"), {"role": "user"}])  # type: ignore[list-item]
    with pytest.raises(InvalidInput):
        chats.get_messages(7)  # type: ignore[arg-type]
    with pytest.raises(InvalidInput, match="JSON"):  # a tool call carrying what JSON cannot hold
        chats.add_message("k", ChatMessage(role="assistant", content="x", additional_kwargs={"handle": object()}))
    assert eng.position == before
    assert chats.get_keys() == []


def test_the_memory_block_brings_the_beliefs_the_turn_is_about(eng: MemoryEngine) -> None:
    """Inside LlamaIndex's real ``Memory``: each turn's message retrieves
    the owner's matching belief (hybrid retrieval), not the others."""
    memory = eng.for_owner(ALICE)
    memory.remember("Alice's favourite colour is green")
    memory.remember("Alice works as a nurse in Lyon")
    memory.remember("Alice is allergic to peanuts")
    eng.projections.wait(eng.position, timeout=30)
    # A budget no loaded CI worker misses: this test is about which beliefs, not how fast.
    block = LedgermindMemoryBlock(memory=memory, max_items=1, time_budget_ms=10_000)
    chat = Memory.from_defaults(session_id="alice-1", token_limit=4000, memory_blocks=[block])

    def context_for(question: str) -> str:
        chat.put(m("user", question))
        messages = chat.get()
        chat.put(m("assistant", "noted"))
        return "\n".join(x.content or "" for x in messages if x.role.value == "system")

    colour = context_for("what is my favourite colour again?")
    assert "green" in colour and "nurse" not in colour and "peanuts" not in colour
    work = context_for("where do I work?")
    assert "nurse in Lyon" in work and "green" not in work


def test_the_memory_block_gives_nothing_without_a_query(eng: MemoryEngine) -> None:
    memory = eng.for_owner(ALICE)
    memory.remember("Alice's favourite colour is green")
    eng.projections.wait(eng.position, timeout=30)
    block = LedgermindMemoryBlock(memory=memory, time_budget_ms=10_000)
    assert asyncio.run(block.aget([])) == ""
    assert asyncio.run(block.aget([m("user", "what is my favourite colour?")])) != ""


@pytest.mark.slow  # a real SIGKILL of a worker process, then a resume: ~30 s
def test_the_example_resumes_a_killed_conversation(tmp_path: Path) -> None:
    """examples/llamaindex_agent.py as a user runs it: the worker dies by
    SIGKILL while the model answers the third question; this process finds
    the question stored and unanswered, answers it once, and goes on."""
    out = run_example("llamaindex_agent.py", tmp_path / "agent.db")
    assert "worker exited with -9" in out
    assert "after the crash: 5 messages, the last one from the user" in out
    assert "resumed, answered: Stay in Campo de Ourique: quiet streets, near its market. (3 questions so far)" in out
    assert "(4 questions so far)" in out
    assert ": 8 messages in the log" in out  # four questions, four answers, none twice
    assert "3      user: I travel with my partner, we like food markets.  (retracted)" in out
    assert "the chat now holds 7 messages" in out
    assert "The customer is vegetarian" in out


def test_the_guide_runs_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/guides/llamaindex.md's first example, the one-line swap, runs as written."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "guides" / "llamaindex.md").read_text(encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    exec(compile(re.findall(r"```python\n(.*?)```", page, re.DOTALL)[0], "llamaindex.md", "exec"), {})
    assert "['I moved to Lyon', 'noted']" in capsys.readouterr().out
    with MemoryEngine.open(str(tmp_path / "ledgermind.db")) as eng:
        restored = eng.for_owner(Owner("travel-app", "ken")).restore_agent("llamaindex")
    assert [x["content"] if isinstance(x, dict) else x.content for x in restored.messages] == [
        "I moved to Lyon",
        "noted",
    ]


_TEXTS = st.sampled_from(["hi", "Hello Alice.", "", "ok", "Bonjour 🙂", "a\nb"])
_MESSAGES = st.builds(
    ChatMessage,
    role=st.sampled_from(["user", "assistant", "system", "tool", "developer", "chatbot"]),
    content=_TEXTS,
    additional_kwargs=st.sampled_from([{}, {"tool_call_id": "c1"}, {"n": [1, 2]}]),
)
_KEYS = st.sampled_from(["a", "b", "c"])
_INDEXES = st.integers(min_value=-4, max_value=4)


class ChatStoreMachine(RuleBasedStateMachine):
    """Any sequence of calls answers as SimpleChatStore's does, and leaves the
    same lists and keys (a fresh owner per example, on one engine)."""

    engine: MemoryEngine

    def __init__(self) -> None:
        super().__init__()
        owner = Owner("chat-machine", uuid.uuid4().hex)
        self.ours = LedgermindChatStore(type(self).engine, owner=owner)
        self.reference = SimpleChatStore()

    def both(self, name: str, *args: Any) -> None:
        outcomes = []
        for store in (self.reference, self.ours):
            try:
                result = getattr(store, name)(*args)
                outcomes.append(list(result) if isinstance(result, list) else result)
            except IndexError:
                outcomes.append(IndexError)
        assert outcomes[1] == outcomes[0], name

    @rule(key=_KEYS, message=_MESSAGES, idx=st.none() | _INDEXES)
    def add_message(self, key: str, message: ChatMessage, idx: int | None) -> None:
        self.both("add_message", key, message.model_copy(deep=True), idx)

    @rule(key=_KEYS, messages=st.lists(_MESSAGES, max_size=4))
    def set_messages(self, key: str, messages: list[ChatMessage]) -> None:
        self.both("set_messages", key, [m.model_copy(deep=True) for m in messages])

    @rule(key=_KEYS, idx=_INDEXES)
    def delete_message(self, key: str, idx: int) -> None:
        self.both("delete_message", key, idx)

    @rule(key=_KEYS)
    def delete_last_message(self, key: str) -> None:
        self.both("delete_last_message", key)

    @rule(key=_KEYS)
    def delete_messages(self, key: str) -> None:
        self.both("delete_messages", key)

    @invariant()
    def same_lists(self) -> None:
        assert self.ours.get_keys() == self.reference.get_keys()
        for key in self.reference.get_keys():
            assert self.ours.get_messages(key) == self.reference.get_messages(key)


def test_any_sequence_of_calls_answers_as_simple_chat_store(eng: MemoryEngine) -> None:
    machine = type("Machine", (ChatStoreMachine,), {"engine": eng})
    run_state_machine_as_test(
        machine,
        settings=settings(
            max_examples=10, stateful_step_count=10, deadline=None, suppress_health_check=[HealthCheck.too_slow]
        ),
    )
