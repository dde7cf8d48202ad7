"""Concurrent writers to one session lose nothing and duplicate nothing.

Three ways to race: two threads on one engine (the writer thread groups
their appends), two threads each with its own engine (optimistic
concurrency inside one process), and two processes (optimistic concurrency
across processes: a stale cached session conflicts, is evicted, reloaded and
retried). Then client_id retries racing each other must produce one message.
"""

from __future__ import annotations

import subprocess
import sys
import threading
from collections.abc import Callable

import pytest

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.errors import InvalidInput
from ledgermind.recovery.restore import read_messages
from tests.support.paths import APPEND_CHILD

OWNER = Owner("race", "user-1")
PER_WRITER = 500


def _race(workers: list[Callable[[], None]]) -> None:
    """Runs the workers in threads released together; re-raises their errors."""
    barrier = threading.Barrier(len(workers))
    errors: list[BaseException] = []

    def run(work: Callable[[], None]) -> None:
        try:
            barrier.wait(30)
            work()
        except BaseException as e:
            errors.append(e)

    threads = [threading.Thread(target=run, args=(w,)) for w in workers]
    for t in threads:
        t.start()
    for t in threads:
        t.join(300)
    assert not any(t.is_alive() for t in threads), "a writer hung"
    if errors:
        raise errors[0]


def _appender(eng: MemoryEngine, sid: str, tag: str, seqs: list[int]) -> Callable[[], None]:
    def work() -> None:
        for i in range(PER_WRITER):
            seqs.append(eng.for_owner(OWNER).add_message(sid, role="user", content=f"{tag}-{i}"))

    return work


def _check_history(db_url: str, sid: str, given: dict[str, list[int]]) -> None:
    """1..N in the store; each writer's messages in its own order, each once,
    at the seq that writer was told."""
    with MemoryEngine.open(db_url) as fresh:
        restored = fresh.for_owner(OWNER).restore_agent("agent")
        messages = restored.messages
    assert restored.session_id == sid
    total = PER_WRITER * len(given)
    assert [m.seq for m in messages] == list(range(1, total + 1))
    assert restored.message_count == total
    contents = [m.content for m in messages]
    assert len(set(contents)) == total, "a message was duplicated"
    by_content = {m.content: m.seq for m in messages}
    for tag, seqs in given.items():
        mine = [c for c in contents if c.startswith(tag + "-")]
        assert mine == [f"{tag}-{i}" for i in range(PER_WRITER)], f"{tag}: lost or reordered"
        assert seqs == [by_content[f"{tag}-{i}"] for i in range(PER_WRITER)], f"{tag}: wrong seq returned"


def test_two_threads_one_engine(eng: MemoryEngine, db_url: str) -> None:
    sid = eng.for_owner(OWNER).create_session(agent_id="agent")
    given: dict[str, list[int]] = {"a": [], "b": []}
    _race([_appender(eng, sid, tag, seqs) for tag, seqs in given.items()])
    _check_history(db_url, sid, given)


def test_two_threads_two_engines(db_url: str) -> None:
    with MemoryEngine.open(db_url) as e1, MemoryEngine.open(db_url) as e2:
        sid = e1.for_owner(OWNER).create_session(agent_id="agent")
        given: dict[str, list[int]] = {"a": [], "b": []}
        _race([_appender(e, sid, tag, given[tag]) for e, tag in ((e1, "a"), (e2, "b"))])
    _check_history(db_url, sid, given)


def test_two_processes(db_url: str) -> None:
    with MemoryEngine.open(db_url) as eng:
        sid = eng.for_owner(OWNER).create_session(agent_id="agent")
    procs = {
        tag: subprocess.Popen(
            [sys.executable, str(APPEND_CHILD), db_url, sid, tag, str(PER_WRITER), OWNER.app, OWNER.user_id],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for tag in ("p", "q")
    }
    try:
        for proc in procs.values():
            assert proc.stdout is not None
            assert proc.stdout.readline().strip() == "READY", proc.communicate()[1]
        for proc in procs.values():  # release both writers together
            assert proc.stdin is not None
            proc.stdin.write("go\n")
            proc.stdin.flush()
        given = {}
        for tag, proc in procs.items():
            out, err = proc.communicate(timeout=300)
            assert proc.returncode == 0, err
            given[tag] = [int(s) for s in out.split()[-1].split(",")]
    finally:
        for proc in procs.values():
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    _check_history(db_url, sid, given)


@pytest.mark.parametrize("engines", ["one engine", "two engines"])
def test_client_id_retries_racing_write_once(db_url: str, engines: str) -> None:
    """Two callers retrying the same request at the same moment: one message,
    and both are told its seq."""
    with MemoryEngine.open(db_url) as e1, MemoryEngine.open(db_url) as e2:
        second = e1 if engines == "one engine" else e2
        sid = e1.for_owner(OWNER).create_session(agent_id="agent")
        for k in range(15):
            answers: list[int] = []

            def retry(eng: MemoryEngine, k: int = k, answers: list[int] = answers) -> Callable[[], None]:
                return lambda: answers.append(
                    eng.for_owner(OWNER).add_message(sid, role="user", content=f"request {k}", client_id=f"req-{k}")
                )

            _race([retry(e1), retry(second)])
            assert answers == [k + 1, k + 1]
        # A batch retried concurrently is also written once.
        batch = [{"role": "user", "content": f"batch {i}", "client_id": f"batch-{i}"} for i in range(3)]
        results: list[list[int]] = []
        _race(
            [
                lambda: results.append(e1.for_owner(OWNER).add_messages(sid, batch)),
                lambda: results.append(second.for_owner(OWNER).add_messages(sid, batch)),
            ]
        )
        assert results == [[16, 17, 18], [16, 17, 18]]
        messages = read_messages(e1, e1.for_owner(OWNER).load_session(sid))  # type: ignore[arg-type]
    assert [m.content for m in messages] == [f"request {k}" for k in range(15)] + [f"batch {i}" for i in range(3)]
    assert [m.seq for m in messages] == list(range(1, 19))


def test_batch_committed_between_two_receipt_reads_is_a_replay(db_url: str) -> None:
    """The race behind a rare ``InvalidInput`` in the test above: a retried
    batch reads its receipts one by one, and the other engine commits the same
    batch between two of those reads. Forced here: e2's first receipt read
    misses, then e1 commits the batch before e2 reads the second receipt."""
    from ledgermind.domain.stream_ids import receipt_id

    batch = [{"role": "user", "content": f"b{i}", "client_id": f"b-{i}"} for i in range(3)]
    with MemoryEngine.open(db_url) as e1, MemoryEngine.open(db_url) as e2:
        sid = e1.for_owner(OWNER).create_session(agent_id="agent")
        e1.for_owner(OWNER).add_message(sid, role="user", content="first")
        e2.for_owner(OWNER).get_session(sid)
        from uuid import UUID

        second = receipt_id(UUID(hex=sid), "b-1")
        load = e2.writes._writer._load
        fired: list[list[int]] = []

        def load_racing(aggregate_id: UUID) -> object:
            if aggregate_id == second and not fired:
                fired.append(e1.for_owner(OWNER).add_messages(sid, batch))  # commits while e2 is between reads
            return load(aggregate_id)

        e2.writes._writer._load = load_racing  # type: ignore[method-assign]
        assert e2.for_owner(OWNER).add_messages(sid, batch) == [2, 3, 4]
        assert fired == [[2, 3, 4]]
        assert e1.for_owner(OWNER).get_session(sid).message_count == 4
        # A batch that really mixes a used client_id with a new one is still refused.
        with pytest.raises(InvalidInput):
            e2.for_owner(OWNER).add_messages(sid, [batch[0], {"role": "user", "content": "new", "client_id": "new"}])
