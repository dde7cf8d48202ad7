"""PostgreSQL appends commit in parallel, and a follower still sees every committed event exactly once.

The appends take no table lock (``ledgermind.storage.pg_append``), so ids are
drawn in one order and committed in another. The property: writer threads
and writer processes append at once through the real recorder, with random
delays between drawing their ids and committing (a trigger on the events
table sleeps inside the INSERT) and aborted transactions (the trigger raises
after the ids were drawn; some appends collide on a stream version). A
follower reads the log the way every follower does (the settled head, then
pages up to it, its position jumping to the head after a short page), woken
by LISTEN/NOTIFY, throughout. When the writers are done it must have read
exactly the committed events: each once, in increasing positions, none that
was rolled back, and each at the position its writer was told; and the hash
chain, with checkpoints written while other appends were in flight, verifies.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledgermind.storage import chain
from ledgermind.storage.backend import parse_db_url
from ledgermind.storage.listener import Listener
from ledgermind.storage.store import EventLog, open_event_log
from tests.support.parallel_appender import CHECKPOINT_EVERY, run_plan

_APPENDER = Path(__file__).resolve().parent.parent / "support" / "parallel_appender.py"
_PAGE = 7  # small pages: many page boundaries to jump across

_JITTER = """
CREATE OR REPLACE FUNCTION test_jitter() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.topic LIKE '%.abort' THEN
        RAISE EXCEPTION 'aborted by the test after drawing id %', NEW.notification_id;
    ELSIF NEW.topic LIKE '%.sleep.%' THEN
        PERFORM pg_sleep(split_part(NEW.topic, '.sleep.', 2)::int / 1000.0);
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER test_jitter AFTER INSERT ON ledgermind_events FOR EACH ROW EXECUTE FUNCTION test_jitter();
"""


@pytest.fixture
def log(pg_url: str) -> Iterator[EventLog]:
    """The event log on a fresh database, with the delaying trigger installed."""
    opened = open_event_log(parse_db_url(pg_url), 100)
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(_JITTER)
    try:
        yield opened
    finally:
        opened.close()


_tx = st.fixed_dictionaries({
    "count": st.integers(1, 4),
    "sleep_ms": st.sampled_from([0, 0, 1, 5, 20, 60]),
    "abort": st.integers(0, 4).map(lambda n: n == 0),
    "conflict": st.integers(0, 6).map(lambda n: n == 0),
})  # fmt: skip
_writer = st.lists(_tx, min_size=1, max_size=8)


def _plans(writers: list[list[dict[str, Any]]], tag: str) -> list[list[dict[str, Any]]]:
    """Each drawn transaction as an append: a new stream, or (``conflict``) version 1 of this
    writer's previous stream again, which the store refuses after drawing ids."""
    plans = []
    for txs in writers:
        plan: list[dict[str, Any]] = []
        for tx in txs:
            if tx["conflict"] and plan:
                stream, first = plan[-1]["stream"], 1
            else:
                stream, first = uuid.uuid4().hex, 1
            topic = f"{tag}.abort" if tx["abort"] else f"{tag}.sleep.{tx['sleep_ms']}"
            plan.append({"stream": stream, "first": first, "count": tx["count"], "topic": topic})
        plans.append(plan)
    return plans


class _Follower:
    """Follows the log as ``ledgermind.storage.follower.Follower`` does, on raw
    notifications (the test's events are not domain events), in a thread."""

    def __init__(self, log: EventLog, url: str, tag: str) -> None:
        self.recorder = log.recorder
        self.tag = tag
        self.position = int(self.recorder.max_notification_id() or 0)
        self.seen: list[tuple[str, int, int]] = []
        self.done = threading.Event()
        conninfo = parse_db_url(url).pg_conninfo()
        assert conninfo is not None
        self.listener = Listener(conninfo, getattr(self.recorder, "channel_name", None))
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def catch_up(self) -> None:
        head = int(self.recorder.max_notification_id() or 0)
        while self.position < head:
            notes = self.recorder.select_notifications(self.position + 1, _PAGE, stop=head)
            for n in notes:
                if n.topic.startswith(self.tag + "."):
                    self.seen.append((uuid.UUID(str(n.originator_id)).hex, n.originator_version, n.id))
            self.position = head if len(notes) < _PAGE else notes[-1].id

    def _run(self) -> None:
        try:
            while not self.done.is_set():
                self.catch_up()
                self.listener.wait(0.05)
        except BaseException as e:
            self.error = e

    def finish(self) -> list[tuple[str, int, int]]:
        self.done.set()
        self.thread.join(30)
        self.listener.close()
        if self.error is not None:
            raise self.error
        self.catch_up()  # every writer has finished: everything committed is settled now
        return self.seen


def _in_process(url: str, plan: list[dict[str, Any]], tag: str) -> subprocess.Popen[str]:
    proc = subprocess.Popen(
        [sys.executable, str(_APPENDER), url],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(json.dumps(plan) + "\n" + tag + "\n")
    proc.stdin.flush()
    assert proc.stdout.readline().strip() == "READY"
    return proc


@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(threads=st.lists(_writer, min_size=2, max_size=5), processes=st.lists(_writer, min_size=1, max_size=2))
def test_a_follower_reads_every_committed_append_once_while_writers_commit_out_of_order(
    log: EventLog, pg_url: str, threads: list[list[dict[str, Any]]], processes: list[list[dict[str, Any]]]
) -> None:
    tag = "t" + uuid.uuid4().hex[:8]
    follower = _Follower(log, pg_url, tag)
    procs = [_in_process(pg_url, plan, tag) for plan in _plans(processes, tag)]
    results: list[dict[str, Any]] = []
    workers = [
        threading.Thread(target=lambda plan=plan: results.append(run_plan(pg_url, plan, tag)))
        for plan in _plans(threads, tag)
    ]
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()
    for w in workers:
        w.start()
    for w in workers:
        w.join(120)
    for proc in procs:
        out, _ = proc.communicate(timeout=120)
        assert proc.returncode == 0
        results.append(json.loads(out.strip().splitlines()[-1]))
    assert len(results) == len(workers) + len(procs)
    seen = follower.finish()

    with psycopg.connect(pg_url) as conn:
        stored = {
            (uuid.UUID(str(r[0])).hex, int(r[1]), int(r[2]))
            for r in conn.execute(
                "SELECT originator_id, originator_version, notification_id FROM ledgermind_events WHERE topic LIKE %s",
                (tag + ".%",),
            )
        }
    acknowledged = {(s, v, p) for r in results for s, v, p in r["committed"]}
    assert acknowledged == stored  # what each writer was told is what the store holds
    positions = [p for _, _, p in seen]
    assert positions == sorted(set(positions))  # each once, in increasing positions
    assert set(seen) == stored  # every committed event, and nothing rolled back
    report = chain.verify(log)  # links and checkpoints written by appends that committed out of order
    assert report.intact, report.findings
    if any(p % CHECKPOINT_EVERY == 0 for _, _, p in stored):  # an append that crossed a boundary committed
        assert report.checkpoints > 0
