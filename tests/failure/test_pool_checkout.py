"""A restore meets a PostgreSQL pool with no free connection for a moment.

The pool waits a tenth of the connect timeout per checkout (the library
retries its own calls ten times); the engine's own checkouts (the restore's
stream reads, the chain's verification, opening the store) wait the whole
connect timeout (``ledgermind.storage.pg_checkout``). Every connection of the engine's pool
is really taken here, from another thread, and given back after a while.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.config import EngineConfig
from ledgermind.domain.errors import StoreUnavailable
from ledgermind.storage.pg_checkout import LIBRARY_ATTEMPTS, checkout

OWNER = Owner("pool", "user-1")
CONNECT_S = 2.0  # per checkout: 0.2 s; in all: 2 s


def _hold_every_connection(pool: Any, seconds: float) -> threading.Thread:
    """Takes every connection the pool will give (its max size), and gives
    them back ``seconds`` later; returns once they are all taken."""
    taken: list[Any] = []
    ready = threading.Event()

    def hold() -> None:
        taken.extend(pool.getconn(timeout=10) for _ in range(pool.max_size))
        ready.set()
        time.sleep(seconds)
        for conn in taken:
            pool.putconn(conn)

    thread = threading.Thread(target=hold, daemon=True)
    thread.start()
    assert ready.wait(20), "could not take the pool's connections"
    return thread


@pytest.fixture
def written(pg_url: str) -> Any:
    config = EngineConfig(db=pg_url, connect_timeout_s=CONNECT_S)
    with MemoryEngine(config) as eng:
        mem = eng.for_owner(OWNER)
        sid = mem.create_session(agent_id="agent")
        mem.add_message(sid, role="user", content="kept through a busy pool")
        yield eng, sid


def test_a_restore_waits_for_a_connection_within_the_connect_timeout(written: Any) -> None:
    eng, sid = written
    pool = eng.log.recorder.datastore.pool
    assert pool.timeout == pytest.approx(CONNECT_S / LIBRARY_ATTEMPTS)
    holder = _hold_every_connection(pool, seconds=3 * pool.timeout)
    try:
        with pytest.raises(Exception) as bare:  # one checkout alone: a tenth of the budget
            with eng.log.recorder.datastore.get_connection():
                pass
        assert "couldn't get a connection" in str(bare.value)
        restored = eng.for_owner(OWNER).restore_agent("agent")
    finally:
        holder.join(10)
    assert (restored.session_id, [m.content for m in restored.messages]) == (sid, ["kept through a busy pool"])


def test_verifying_the_chain_waits_for_a_connection_too(written: Any) -> None:
    eng, _ = written
    holder = _hold_every_connection(eng.log.recorder.datastore.pool, seconds=3 * CONNECT_S / LIBRARY_ATTEMPTS)
    try:
        report = eng.verify_log()
    finally:
        holder.join(10)
    assert report.intact and report.chained >= 2, report


def test_a_pool_busy_past_the_connect_timeout_is_unavailable_in_time(written: Any) -> None:
    eng, _ = written
    datastore = eng.log.recorder.datastore
    holder = _hold_every_connection(datastore.pool, seconds=CONNECT_S + 3)
    try:
        started = time.monotonic()
        with pytest.raises(StoreUnavailable, match="couldn't get a connection"):
            eng.for_owner(OWNER).restore_agent("agent")
        waited = time.monotonic() - started
    finally:
        holder.join(20)
    # the whole budget, not one checkout's tenth; and given up before the
    # connections came back (else the restore would have succeeded)
    assert waited >= CONNECT_S * 0.9, waited


def test_only_a_checkout_is_tried_again(written: Any) -> None:
    """An error from a statement on a handed-out connection is not retried."""
    eng, _ = written
    runs = 0
    with pytest.raises(ZeroDivisionError):
        with checkout(eng.log.recorder.datastore):
            runs += 1
            1 / 0  # noqa: B018
    assert runs == 1
