"""Exactly-once commands when the network loses a transaction's acknowledgement.

A real TCP proxy (``tests/support/tcp_proxy.py``) sits between the engine and
PostgreSQL and cuts the connection on every 7th transaction end: right after
the server's ``COMMIT`` complete is forwarded (durable, but the client hears
an error, its driver retries the insert and meets the unique key) or before
the client's ``COMMIT`` reaches the server (rolled back). Four threads run
every write command kind, each round as its own owner, so the events of a
round can be counted exactly. A call that raises ``StoreUnavailable`` is
retried with the same key, as a real client would (``client_id`` for
messages, ``idempotency_key`` for the rest) and must get the first result; in
rounds run without keys such a call's outcome is unknown, so those rounds
only assert that nothing was written twice.

SQLite has no connection to lose: declared by ``server_connection_to_drop``.
"""

from __future__ import annotations

import threading
import uuid
from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar

import pytest

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.errors import StoreUnavailable
from tests.support.capabilities import on_backends_with
from tests.support.tcp_proxy import Fault, PgProxy, through_proxy, upstream_of

T = TypeVar("T")

THREADS = 4
ROUNDS = 3  # per thread; 13 commands a round: 156 commands in all, a fault every 7th statement
EVERY = 7
APP = "lost-ack"

# What one round writes, by topic (receipts aside): see ``_round``.
EXPECTED = Counter(
    {
        "session.created": 1,
        "agent.registered": 1,
        "agent.session_opened": 1,
        "message.added": 3,
        "task.started": 2,
        "session.task_opened": 2,
        "task.completed": 1,
        "task.failed": 1,
        "session.task_closed": 2,
        "agent.checkpointed": 1,
        "memory.distilled": 2,
        "memory.reinforced": 1,
        "memory.revised": 1,
        "memory.invalidated": 2,
        "session.closed": 1,
    }
)


class _Unknown(Exception):
    """An unkeyed call met a lost connection: whether it committed is unknown."""


def _call(keyed: bool, call: Callable[[str | None], T]) -> T:
    key = uuid.uuid4().hex if keyed else None
    for _ in range(20):
        try:
            return call(key)
        except StoreUnavailable:
            if key is None:
                raise _Unknown from None
    raise AssertionError("20 attempts met a lost connection")


def _round(eng: MemoryEngine, owner: Owner, keyed: bool) -> dict[str, Any]:
    """One owner's life: every write command kind once (forget_all last)."""
    mem = eng.for_owner(owner)
    sid = _call(keyed, lambda k: mem.create_session("agent", idempotency_key=k))
    seq = _call(keyed, lambda k: mem.add_message(sid, "user", "first", client_id=k))
    seqs = _call(keyed, lambda k: mem.add_messages(sid, [
        {"role": "user", "content": "second", "client_id": None if k is None else k + "-b"},
        {"role": "assistant", "content": "third", "client_id": None if k is None else k + "-c"},
    ]))  # fmt: skip
    done = _call(keyed, lambda k: mem.start_task(sid, "task one", idempotency_key=k))
    _call(keyed, lambda k: mem.complete_task(done, "ok", idempotency_key=k))
    failed = _call(keyed, lambda k: mem.start_task(sid, "task two", idempotency_key=k))
    _call(keyed, lambda k: mem.fail_task(failed, "no", idempotency_key=k))
    _call(keyed, lambda k: mem.checkpoint_agent("agent", {"step": 1}, idempotency_key=k))
    first = _call(keyed, lambda k: mem.remember("Alice lives in Paris", key=k))
    again = _call(keyed, lambda k: mem.remember("Alice lives in Paris", idempotency_key=k))
    corrected = _call(keyed, lambda k: mem.correct(first, "Alice lives in Rome", idempotency_key=k))
    tea = _call(keyed, lambda k: mem.remember("Bob drinks green tea every morning", idempotency_key=k))
    _call(keyed, lambda k: mem.forget(tea, idempotency_key=k))
    _call(keyed, lambda k: mem.close_session(sid, idempotency_key=k))
    forgotten = _call(keyed, lambda k: mem.forget_all(idempotency_key=k))
    return {
        "sid": sid, "seqs": [seq, *seqs], "tasks": {done, failed}, "first": first,
        "again": again, "corrected": corrected, "forgotten": forgotten,
    }  # fmt: skip


def _stored(db_url: str) -> dict[str, list[tuple[str, Any]]]:
    """Every event of this test's owners, decoded, by user id: (topic, event)."""
    by_user: dict[str, list[tuple[str, Any]]] = {}
    with MemoryEngine.open(db_url) as eng:
        for n in eng.log.recorder.select_notifications(1, limit=10**6):
            event = eng.log.mapper.to_domain_event(n)
            if getattr(event, "app", None) == APP:
                by_user.setdefault(event.user_id, []).append((n.topic, event))
    return by_user


@pytest.mark.slow
@on_backends_with("server_connection_to_drop")
@pytest.mark.parametrize("fault", ["after_commit", "before_commit"])
def test_a_lost_acknowledgement_never_writes_twice(db_url: str, fault: Fault) -> None:
    MemoryEngine.open(db_url).close()  # the schema, created without faults
    outcomes: dict[str, dict[str, Any] | None] = {}
    errors: list[BaseException] = []
    with PgProxy(upstream_of(db_url), fault, every=0) as proxy:
        with MemoryEngine.open(through_proxy(db_url, proxy.port)) as eng:
            proxy.every = EVERY

            def worker(t: int) -> None:
                for i in range(ROUNDS):
                    user = f"u-{t}-{i}"
                    try:
                        outcomes[user] = _round(eng, Owner(APP, user), keyed=i % 2 == 0)
                    except _Unknown:
                        outcomes[user] = None
                    except BaseException as e:
                        errors.append(e)
                        return

            threads = [threading.Thread(target=worker, args=(t,)) for t in range(THREADS)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        dropped = proxy.dropped
    assert not errors, errors
    assert dropped >= 10, f"the proxy cut only {dropped} connections: the fault did not happen"

    stored = _stored(db_url)
    for user, outcome in outcomes.items():
        events = stored.get(user, [])
        counts = Counter(topic for topic, _ in events if not topic.endswith(".receipt"))
        if outcome is None:  # an unkeyed call's outcome is unknown: nothing twice
            assert counts <= EXPECTED, (user, counts - EXPECTED)
            continue
        assert counts == EXPECTED, (user, counts - EXPECTED, EXPECTED - counts)
        messages = sorted((e.seq, e.content) for topic, e in events if topic == "message.added")
        assert messages == [(1, "first"), (2, "second"), (3, "third")], (user, messages)
        assert outcome["seqs"] == [1, 2, 3]
        created = [e for topic, e in events if topic == "session.created"]
        assert created[0].originator_id.hex == outcome["sid"]
        started = {e.originator_id.hex for topic, e in events if topic == "task.started"}
        assert started == outcome["tasks"]
        assert outcome["again"] == outcome["first"]  # the restatement reinforced it
        assert outcome["corrected"] == outcome["first"]  # a correction keeps the memory's id
        reinforced = [e for topic, e in events if topic == "memory.reinforced"]
        assert reinforced[0].originator_id.hex == outcome["first"]
        assert outcome["forgotten"] == 1  # the correction, the only current belief left
