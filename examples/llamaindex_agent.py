"""A LlamaIndex chat engine persisted with ``LedgermindChatStore``, killed mid-conversation, resumed.

    pip install "ledgermind[llamaindex]"
    python examples/llamaindex_agent.py [DB]     # DB: a path or postgresql://... (default: a temp SQLite file)

1. A worker process chats through LlamaIndex's ``SimpleChatEngine`` with a
   ``ChatMemoryBuffer`` on a ``LedgermindChatStore`` (the model is scripted:
   no network) and is killed with SIGKILL while the model answers the third
   question: the question is stored, the answer never was.
2. This process opens the same database, finds the conversation as it was
   (five messages, the last one unanswered), answers that question with the
   whole history in the prompt, and goes on with the conversation.
3. The user takes a message back (``delete_message``): it leaves the chat but
   stays in the log as a retraction with its reason. An auditor then reads
   the conversation without LlamaIndex (``restore_agent``), and a
   ``LedgermindMemoryBlock`` brings a remembered fact into LlamaIndex's ``Memory``.

The only LlamaIndex-specific line is the chat store: ``LedgermindChatStore(engine)``
where the usual code has ``SimpleChatStore()``.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from typing import Any

from llama_index.core.chat_engine import SimpleChatEngine
from llama_index.core.llms import (
    ChatMessage,
    ChatResponse,
    CompletionResponse,
    CompletionResponseGen,
    CustomLLM,
    LLMMetadata,
)
from llama_index.core.memory import ChatMemoryBuffer, Memory

from ledgermind import MemoryEngine, Owner
from ledgermind.integrations.llamaindex import LedgermindChatStore, LedgermindMemoryBlock

OWNER = Owner(app="travel-desk", user_id="customer-7")
AGENT = "trip-planner"
KEY = "trip-2027-lisbon"
QUESTIONS = [
    "I want to visit Lisbon in May, is that a good month?",
    "I travel with my partner, we like food markets.",
    "Which neighbourhood should we stay in?",
    "How do we get there from the airport?",
]
ANSWERS = {
    "Lisbon": "May is a fine month for Lisbon: warm days, few crowds.",
    "markets": "Then plan a morning at the Time Out Market and one at the Campo de Ourique market.",
    "neighbourhood": "Stay in Campo de Ourique: quiet streets, near its market.",
    "airport": "Take the red metro line, then a tram 28 to Campo de Ourique.",
}


class ScriptedModel(CustomLLM):
    """A model that answers from a script (no network). The worker's one dies
    while answering the third question, as a real process can."""

    die_on_turn: int = 0

    @property
    def metadata(self) -> LLMMetadata:
        return LLMMetadata(model_name="scripted", is_chat_model=True)

    def chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        asked = [m.content or "" for m in messages if m.role.value == "user"]
        if len(asked) == self.die_on_turn:
            os.kill(os.getpid(), signal.SIGKILL)  # a real crash: no cleanup, no flush
        answer = next(text for word, text in ANSWERS.items() if word in asked[-1])
        return ChatResponse(message=ChatMessage(role="assistant", content=f"{answer} ({len(asked)} questions so far)"))

    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        return CompletionResponse(text=self.chat([ChatMessage(role="user", content=prompt)]).message.content or "")

    def stream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponseGen:
        yield self.complete(prompt)


def chat_engine(store: LedgermindChatStore, model: ScriptedModel) -> SimpleChatEngine:
    memory = ChatMemoryBuffer.from_defaults(chat_store=store, chat_store_key=KEY, token_limit=8000)
    return SimpleChatEngine.from_defaults(llm=model, memory=memory)


def worker(db: str) -> None:
    with MemoryEngine.open(db) as eng:
        store = LedgermindChatStore(eng, owner=OWNER, agent_id=AGENT)  # was: SimpleChatStore()
        engine = chat_engine(store, ScriptedModel(die_on_turn=3))
        for question in QUESTIONS:
            print(f"user: {question}\nbot:  {engine.chat(question)}", flush=True)


def main(db: str) -> None:
    run = subprocess.run([sys.executable, __file__, "--worker", db], check=False)
    print(f"worker exited with {run.returncode} (killed by SIGKILL inside the model's third answer)\n")

    with MemoryEngine.open(db) as eng:
        store = LedgermindChatStore(eng, owner=OWNER, agent_id=AGENT)
        model = ScriptedModel()
        history = store.get_messages(KEY)
        print(f"after the crash: {len(history)} messages, the last one from the {history[-1].role.value}")
        engine = chat_engine(store, model)
        if history[-1].role.value == "user":  # the question the worker never answered
            reply = model.chat(engine.chat_history)
            store.add_message(KEY, reply.message)
            print(f"resumed, answered: {reply.message.content}")
        for question in QUESTIONS[len([m for m in history if m.role.value == "user"]) :]:
            print(f"user: {question}\nbot:  {engine.chat(question)}")

        taken_back = store.delete_message(KEY, 2)  # the user takes back "I travel with my partner..."
        print(f"\ntaken back: {taken_back.content if taken_back else None!r}")
        print(f"the chat now holds {len(store.get_messages(KEY))} messages")

        # --- the auditor: plain ledgermind reads, no LlamaIndex needed --------
        me = eng.for_owner(OWNER)
        restored = me.restore_agent(AGENT)
        session = restored.session_id or ""
        retracted = set(me.retracted_messages(session))
        print(f"\nsession {session[:8]} of {OWNER.user_id}/{AGENT}: {restored.message_count} messages in the log")
        for m in me.messages(session).messages:
            mark = "  (retracted)" if m.seq in retracted else ""
            print(f"  {m.seq:>2} {m.role:>9}: {m.content}{mark}")

        # --- long-term memory: the owner's beliefs in LlamaIndex's Memory --------
        me.remember("The customer is vegetarian")
        eng.projections.wait(eng.position, timeout=60)
        memory = Memory.from_defaults(session_id=KEY, memory_blocks=[LedgermindMemoryBlock(memory=me)])
        memory.put(ChatMessage(role="user", content="Is the customer vegetarian? Pick a restaurant."))
        block = next((m.content for m in memory.get() if m.role.value == "system"), "") or ""
        recalled = [line for line in block.splitlines() if "vegetarian" in line]
        print(f"\nthe memory block recalls: {recalled}")


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--worker":
        worker(sys.argv[2])
    elif len(sys.argv) > 1:
        main(sys.argv[1])
    else:
        with tempfile.TemporaryDirectory(prefix="ledgermind-llamaindex-") as tmp:
            main(os.path.join(tmp, "agent.db"))
