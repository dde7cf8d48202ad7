"""Every write command is exactly-once by its idempotency key, on every backend.

The caller's ``idempotency_key`` (``client_id`` for messages) names a receipt
written in the command's own transaction; calling again with the same key
returns the first result and writes nothing. The lost-acknowledgement fault
itself (the engine's own retry) is in ``tests/failure/test_lost_acknowledgement.py``.
"""

from __future__ import annotations

from collections import Counter

import pytest

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.errors import IdempotencyKeyReused, InvalidInput
from ledgermind.integrations.langgraph.thread import LangGraphThread, thread_stream_id
from ledgermind.write.attached import Append, Attachment
from ledgermind.write.options import WriteOptions

OWNER = Owner("idem", "user-1")


def _topics(eng: MemoryEngine) -> Counter[str]:
    return Counter(n.topic for n in eng.log.recorder.select_notifications(1, limit=10**6))


def test_every_command_replays_its_first_result(eng: MemoryEngine) -> None:
    mem = eng.for_owner(OWNER)
    sid = mem.create_session("agent", idempotency_key="s")
    done = mem.start_task(sid, "one", idempotency_key="t1")
    failed = mem.start_task(sid, "two", idempotency_key="t2")
    mem.complete_task(done, "ok", idempotency_key="c")
    mem.fail_task(failed, "no", idempotency_key="f")
    mem.checkpoint_agent("agent", {"step": 1}, idempotency_key="cp")
    first = mem.remember("Alice lives in Paris", idempotency_key="r1")
    again = mem.remember("Alice lives in Paris", idempotency_key="r2")  # reinforces
    corrected = mem.correct(first, "Alice lives in Rome", idempotency_key="co")
    tea = mem.remember("Bob drinks green tea every morning", key="tea")
    mem.forget(tea, idempotency_key="fo")
    mem.close_session(sid, idempotency_key="cl")
    assert mem.forget_all(idempotency_key="fa") == 1
    before = _topics(eng)

    # The same calls again, as a client retrying after a lost response.
    assert mem.create_session("agent", idempotency_key="s") == sid
    assert mem.start_task(sid, "one", idempotency_key="t1") == done
    assert mem.start_task(sid, "two", idempotency_key="t2") == failed
    mem.complete_task(done, "ok", idempotency_key="c")  # no TaskFinished: it is the same call
    mem.fail_task(failed, "no", idempotency_key="f")
    mem.checkpoint_agent("agent", {"step": 1}, idempotency_key="cp")
    assert mem.remember("Alice lives in Paris", idempotency_key="r1") == first
    assert mem.remember("Alice lives in Paris", idempotency_key="r2") == again == first
    assert mem.correct(first, "Alice lives in Rome", idempotency_key="co") == corrected
    assert mem.remember("Bob drinks green tea every morning", key="tea") == tea
    mem.forget(tea, idempotency_key="fo")
    mem.close_session(sid, idempotency_key="cl")
    assert mem.forget_all(idempotency_key="fa") == 1  # the first answer, though nothing is current now
    assert _topics(eng) == before


def test_a_key_used_by_another_command_is_refused(eng: MemoryEngine) -> None:
    mem = eng.for_owner(OWNER)
    sid = mem.create_session("agent", idempotency_key="k")
    with pytest.raises(InvalidInput, match="create_session"):
        mem.start_task(sid, "x", idempotency_key="k")


def test_a_key_replayed_with_another_body_is_refused_and_writes_nothing(eng: MemoryEngine) -> None:
    """The receipt keeps a digest of its request: the same key with another
    body is ``IdempotencyKeyReused``, never the first answer for a write that
    did not happen (a message, a batch of the same size, a memory, a checkpoint)."""
    mem = eng.for_owner(OWNER)
    sid = mem.create_session("agent", idempotency_key="s")
    task = mem.start_task(sid, "one", idempotency_key="t")
    mem.add_message(sid, "user", "first", client_id="m")
    mem.add_messages(sid, [{"role": "user", "content": f"b{i}", "client_id": f"b#{i}"} for i in range(2)])
    mem.checkpoint_agent("agent", {"step": 1}, idempotency_key="cp")
    memory = mem.remember("Alice lives in Paris", idempotency_key="r")
    before = _topics(eng)
    refused = [
        lambda: mem.create_session("other-agent", idempotency_key="s"),
        lambda: mem.start_task(sid, "two", idempotency_key="t"),
        lambda: mem.add_message(sid, "user", "second", client_id="m"),
        lambda: mem.add_message(sid, "assistant", "first", client_id="m"),
        lambda: mem.add_messages(sid, [{"role": "user", "content": f"x{i}", "client_id": f"b#{i}"} for i in range(2)]),
        lambda: mem.checkpoint_agent("agent", {"step": 2}, idempotency_key="cp"),
        lambda: mem.remember("Alice lives in Rome", idempotency_key="r"),
        lambda: mem.complete_task(task, "ok", idempotency_key="t"),  # another command, too
    ]
    for call in refused:
        with pytest.raises(IdempotencyKeyReused):
            call()
    assert _topics(eng) == before
    # The same bodies still replay.
    assert mem.create_session("agent", idempotency_key="s") == sid
    assert mem.add_message(sid, "user", "first", client_id="m") == 1
    assert mem.remember("Alice lives in Paris", idempotency_key="r") == memory
    assert mem.restore_agent("agent").state == {"step": 1}


def test_keys_belong_to_their_owner(eng: MemoryEngine) -> None:
    """Another owner's equal key is another receipt: never another owner's result."""
    a = eng.for_owner(OWNER).create_session("agent", idempotency_key="k")
    b = eng.for_owner(Owner("idem", "user-2")).create_session("agent", idempotency_key="k")
    assert a != b


def test_receipts_only_for_the_callers_keys(eng: MemoryEngine) -> None:
    """The receipt's cost: one event per command under a key the caller chose,
    whatever the batch size; none for a call without one (only the writer
    could run it again, and it never runs a save that committed), nor when
    every message carries a client_id (its message receipts suffice)."""
    mem = eng.for_owner(OWNER)
    sid = mem.create_session("agent")
    mem.add_messages(sid, [{"role": "user", "content": f"m{i}"} for i in range(5)])
    mem.add_message(sid, "user", "single")
    mem.add_messages(sid, [{"role": "user", "content": f"c{i}", "client_id": f"c{i}"} for i in range(3)])
    mem.start_task(sid, "keyed", idempotency_key="t")
    topics = _topics(eng)
    assert topics["command.receipt"] == 1  # start_task's, under the caller's key
    assert topics["message.receipt"] == 3
    assert topics["message.added"] == 9


def test_an_integrations_key_is_bound_to_its_request(eng: MemoryEngine) -> None:
    """``write_attached`` (the door of the framework integrations): a caller's
    key replayed with another request or other messages is refused, the same
    request replays its first result."""
    mem = eng.for_owner(OWNER)
    stream = thread_stream_id(OWNER, "t-1")
    attachment = Attachment(
        kind=LangGraphThread,
        stream_id=stream,
        agent_id="agent",
        open=lambda sid: LangGraphThread(OWNER.app, OWNER.user_id, "t-1", sid, "agent"),
        name="test.put_writes",
    )

    def write(payload: str, content: str) -> list[int]:
        def step(thread: LangGraphThread, append: Append) -> list[int]:
            thread.put_writes("", "c-1", "task", "", payload)
            return append()

        seqs = mem.write_attached(
            attachment,
            step,
            messages=[{"role": "user", "content": content}],
            options=WriteOptions(idempotency_key="w"),
            request=payload,
        )
        assert seqs is not None
        return seqs

    assert write("[1]", "hello") == [1]
    before = _topics(eng)
    assert write("[1]", "hello") == [1]  # a retry: the first answer, nothing written
    for payload, content in (("[2]", "hello"), ("[1]", "bye")):
        with pytest.raises(IdempotencyKeyReused):
            write(payload, content)
    assert _topics(eng) == before
