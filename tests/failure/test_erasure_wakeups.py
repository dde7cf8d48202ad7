"""The erasure watch wakes for appends that announce an erasure, and sleeps through the rest.

Every PostgreSQL append NOTIFYs the log's channel; an append holding
``owner.erased`` also NOTIFYs the announcement channel, naming the topic
(``ledgermind.storage.chain``), and the watch listens there only
(``ledgermind.storage.listener``): a plain append does not even reach it. With a bound
of 600 s the watch polls every 150 s, so within the seconds this test takes
only a notification can make it look: it must look after another process's
erasure, and must not after plain messages.
"""

from __future__ import annotations

import time

import psycopg

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.config import EngineConfig
from ledgermind.storage.listener import announcement_channel
from tests.support.capabilities import on_backends_with

BOUND_S = 600.0  # the watch's own poll: every 150 s, longer than this test


def _until(check: object, limit: float) -> bool:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if check():  # type: ignore[operator]
            return True
        time.sleep(0.05)
    return False


@on_backends_with("listen_notify")
def test_the_watch_looks_after_an_announced_erasure_only(db_url: str) -> None:
    alice, bob = Owner("wake", "alice"), Owner("wake", "bob")
    with MemoryEngine.open(config=EngineConfig(db=db_url, erasure_bound_s=BOUND_S)) as watching:
        sid = watching.for_owner(alice).create_session("agent")
        follower = watching.writes.erasures._follower
        time.sleep(0.5)  # the watch's first look, at start, is over
        before = follower.position
        for n in range(20):
            watching.for_owner(alice).add_message(sid, "user", f"message {n}")
        time.sleep(1.0)
        assert follower.position == before, "the watch read the log after appends that announced nothing"

        with MemoryEngine.open(config=EngineConfig(db=db_url, erasure_bound_s=BOUND_S)) as eraser:
            eraser.for_owner(bob).create_session("agent")
            eraser.for_owner(bob).erase()
        assert _until(lambda: watching.writes.erasures.erased(bob), 5.0), (
            "another engine's erasure did not wake the watch (it would have waited for its 150 s poll)"
        )
        assert not watching.writes.erasures.erased(alice)


@on_backends_with("listen_notify")
def test_plain_appends_never_reach_the_announcement_channel(db_url: str) -> None:
    """What the watch listens on carries erasures only: the server delivers it
    nothing for a plain append (before, the watch listened on the log's
    channel and was woken by each append, to pass over its payload)."""
    alice, bob = Owner("quiet", "alice"), Owner("quiet", "bob")
    with MemoryEngine.open(config=EngineConfig(db=db_url, erasure_bound_s=BOUND_S)) as eng:
        channel = eng.writes.erasures._follower.channel
        assert channel is not None
        sid = eng.for_owner(alice).create_session("agent")
        with psycopg.connect(eng.writes.log.backend.pg_conninfo(), autocommit=True) as listening:
            listening.execute(
                psycopg.sql.SQL("LISTEN {}").format(psycopg.sql.Identifier(announcement_channel(channel)))
            )
            for n in range(10):
                eng.for_owner(alice).add_message(sid, "user", f"message {n}")
            assert list(listening.notifies(timeout=0.5)) == [], "a plain append was announced"
            eng.for_owner(bob).create_session("agent")
            eng.for_owner(bob).erase()
            got = [n.payload for n in listening.notifies(timeout=2.0, stop_after=1)]
            assert got == ["owner.erased"]
