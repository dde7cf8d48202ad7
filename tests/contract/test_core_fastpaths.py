"""The core's fast paths give exactly what the slow, library paths give.

Three shortcuts sit on the append and restore paths (benchmarks/core_bench.py
says why): snapshots taken from the aggregate in memory instead of a re-read,
message states decoded without the mapper's full tag walk, and a writer that
waits briefly for returning callers. Each is checked here against the plain
``eventsourcing`` route, on both backends.
"""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import orjson
from eventsourcing.application import project_aggregate

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.records import Message
from ledgermind.domain.session import Session
from ledgermind.recovery import read_messages
from ledgermind.storage.transcoder import OrjsonTranscoder

OWNER = Owner(app="fast", user_id="u1")


def test_snapshots_from_memory_equal_a_replay(db_url: str) -> None:
    """Batches that cross one or several snapshot boundaries."""
    with MemoryEngine.open(db_url) as eng:
        sid = eng.for_owner(OWNER).create_session(agent_id="a")
        tid = eng.for_owner(OWNER).start_task(sid, input="t")
        for size in (97, 1, 250, 3):
            eng.for_owner(OWNER).add_messages(sid, [{"role": "user", "content": f"m{i}"} for i in range(size)])
        eng.for_owner(OWNER).complete_task(tid, output="done")
        session = eng.for_owner(OWNER).load_session(sid)
        assert session is not None
        snapshots = list(eng.log.snapshots.get(session.id)) if eng.log.snapshots else []
        assert snapshots, "a session past 100 events is snapshotted"
        for snap in snapshots:
            from_snapshot = snap.mutate(None)
            replayed = project_aggregate(None, eng.log.events.get(session.id, lte=snap.originator_version))
            assert vars(from_snapshot) == vars(replayed)
        assert eng.for_owner(OWNER).add_message(sid, role="user", content="next") == 352


def test_fast_message_decode_equals_the_mapper(db_url: str) -> None:
    said = datetime(2020, 1, 2, 3, 4, 5, 6789, tzinfo=timezone(timedelta(hours=5)))
    with MemoryEngine.open(db_url) as eng:
        sid = eng.for_owner(OWNER).create_session(agent_id="a")
        eng.for_owner(OWNER).add_message(
            sid,
            role="user",
            content="hi",
            name="Ken",
            occurred_at=said,
            client_id="c1",
            metadata={"k": [1, {"x": None}]},
        )
        eng.for_owner(OWNER).add_message(
            sid, role="assistant", content="", tool_calls=[{"id": "call_1", "args": {"q": 2}}]
        )
        eng.for_owner(OWNER).add_message(sid, role="tool", content='{"r": 2}', tool_call_id="call_1")
        session = eng.for_owner(OWNER).load_session(sid)
        assert session is not None
        fast = read_messages(eng, session)
        slow = [e for e in eng.writes.stream_events(session.id) if isinstance(e, Session.MessageAdded)]
        assert [(m.seq, m.role, m.content, m.name, m.client_id, m.tool_call_id) for m in fast] == [
            (e.seq, e.role, e.content, e.name, e.client_id, e.tool_call_id) for e in slow
        ]
        assert [(m.occurred_at, m.recorded_at) for m in fast] == [(e.occurred_at, e.timestamp) for e in slow]
        assert fast[0].occurred_at == said  # the same instant (the engine stores it in UTC)
        assert fast[0].metadata == {"k": [1, {"x": None}]}
        assert fast[1].tool_calls == [{"id": "call_1", "args": {"q": 2}}]
        assert [m.seq for m in read_messages(eng, session, last_n=2)] == [2, 3]
        # Field for field what the constructor builds (restore fills the slots directly).
        built = [
            Message(
                session.id.hex, e.seq, e.role, e.content, e.occurred_at, e.timestamp, e.name,
                None if e.tool_calls is None else orjson.loads(e.tool_calls), e.tool_call_id, e.client_id,
                None if e.metadata is None else orjson.loads(e.metadata),
            )
            for e in slow
        ]  # fmt: skip
        assert fast == built and [repr(m) for m in fast] == [repr(m) for m in built]
        assert [m.as_dict() for m in fast] == [m.as_dict() for m in built]


def test_decode_flat_matches_decode() -> None:
    transcoder = OrjsonTranscoder()
    state = {
        "timestamp": datetime.now(UTC),
        "occurred_at": datetime(2001, 1, 1, tzinfo=UTC),
        "seq": 3,
        "content": '{"__dt__": "not a tag: caller text"}',
        "name": None,
    }
    data = transcoder.encode(state)
    assert transcoder.decode_flat_many([data], ("timestamp", "occurred_at")) == [transcoder.decode(data)] == [state]
    same = {**state, "occurred_at": state["timestamp"]}  # one instant: parsed once, still equal
    data = transcoder.encode(same)
    assert transcoder.decode_flat_many([data], ("timestamp", "occurred_at")) == [transcoder.decode(data)] == [same]


def test_decode_flat_many_matches_decode_and_refuses_other_shapes() -> None:
    """The batch decode: each flat state equal to the full decode (a datetime
    text seen before is reused, equal to a fresh parse), and None for any
    state not of the flat shape, so restore hands that one to the mapper."""
    transcoder = OrjsonTranscoder()
    keys = ("timestamp", "occurred_at")
    shared = datetime(2020, 5, 17, 8, 30, tzinfo=timezone(timedelta(hours=-7)))
    flat = [
        {"timestamp": datetime.now(UTC), "occurred_at": shared, "seq": i, "content": '{"__dt__": "caller text"}'}
        for i in range(3)
    ]
    datas = [transcoder.encode(s) for s in flat]
    others = [
        b"[1, 2]",  # not an object
        orjson.dumps({"timestamp": "2020-01-01T00:00:00+00:00", "occurred_at": {"__dt__": "2020-01-01"}}),  # untagged
        orjson.dumps({"timestamp": {"__dt__": "not a date"}, "occurred_at": {"__dt__": "2020-01-01"}}),
        orjson.dumps({"timestamp": {"__dt__": ["unhashable"]}, "occurred_at": {"__dt__": "2020-01-01"}}),
        orjson.dumps({"occurred_at": {"__dt__": "2020-01-01T00:00:00+00:00"}}),  # a key missing
        b"{not json",
    ]
    decoded = transcoder.decode_flat_many([*datas, *others], keys)
    assert decoded[: len(flat)] == [transcoder.decode(d) for d in datas] == flat
    assert decoded[len(flat) :] == [None] * len(others)
    assert [s["occurred_at"].utcoffset() for s in decoded[: len(flat)]] == [timedelta(hours=-7)] * 3  # type: ignore[index]


def test_concurrent_callers_grouped_lose_nothing(db_url: str) -> None:
    """Eight threads on distinct sessions, and a lone caller after them (the
    writer's wait for returning callers must not stall or mix them up)."""
    with MemoryEngine.open(db_url) as eng:
        sids = [eng.for_owner(OWNER).create_session(agent_id=f"a{i}") for i in range(8)]
        seqs: dict[int, list[int]] = {i: [] for i in range(8)}

        def work(i: int) -> None:
            for n in range(40):
                seqs[i].append(eng.for_owner(OWNER).add_message(sids[i], role="user", content=f"{i}-{n}"))

        threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert all(seqs[i] == list(range(1, 41)) for i in range(8))
        assert eng.for_owner(OWNER).add_message(sids[0], role="user", content="alone") == 41
        for i in (0, 5):
            restored = eng.for_owner(OWNER).restore_agent(f"a{i}")
            assert [m.content for m in restored.messages][:40] == [f"{i}-{n}" for n in range(40)]


def test_restore_reads_each_stream_in_one_statement_and_equals_the_library(db_url: str) -> None:
    """restore_agent folds the agent and the session from ``select_with_snapshot``
    (snapshot and events in one UNION ALL): the same state as the repository's
    two-query load, before and after snapshots, with open and finished tasks."""
    from ledgermind.storage.stream_rows import aggregate_of_rows, select_rows, select_with_snapshot

    with MemoryEngine.open(db_url) as eng:
        sid = eng.for_owner(OWNER).create_session(agent_id="one")
        for size in (3, 120, 1):  # none, then one snapshot, then a tail past it
            eng.for_owner(OWNER).add_messages(sid, [{"role": "user", "content": f"m{i}"} for i in range(size)])
            t_open = eng.for_owner(OWNER).start_task(sid, input="open")
            t_done = eng.for_owner(OWNER).start_task(sid, input="done")
            eng.for_owner(OWNER).complete_task(t_done, output="ok")
            for step in range(60):
                eng.for_owner(OWNER).checkpoint_agent("one", {"step": step, "size": size})
            restored = eng.for_owner(OWNER).restore_agent("one")
            session, agent = eng.for_owner(OWNER).load_session(sid), eng.for_owner(OWNER).load_agent("one")
            assert session is not None and agent is not None
            assert restored.message_count == session.seq and restored.session_closed == session.closed
            assert sorted(t.task_id for t in restored.open_tasks) == sorted(session.open_tasks)
            assert t_open in session.open_tasks and t_done not in session.open_tasks
            assert restored.state == {"step": 59, "size": size} and restored.checkpoints == agent.checkpoints
            assert [m.seq for m in restored.messages] == list(range(1, session.seq + 1))
            assert restored.messages == read_messages(eng, session)
            for stream, full in ((session.id, True), (session.id, False), (agent.id, False)):
                snapshot, rows = select_with_snapshot(eng.log, stream, all_events=full)
                loaded = eng.log.repository.get(stream)
                assert vars(aggregate_of_rows(eng.log.mapper, stream, snapshot, rows)) == vars(loaded)
                gt = None if full or snapshot is None else snapshot[0]
                assert rows == select_rows(eng.log.recorder, stream, gt=gt)
        eng.for_owner(OWNER).close_session(sid)
        assert eng.for_owner(OWNER).restore_agent("one").session_closed is True


def test_restore_reads_the_engines_own_recorders_directly(db_url: str) -> None:
    """The engine's recorders are subclasses of the library's (chained,
    sealed): restore must read their tables with its own statements, not
    fall back to ``select_events`` (a StoredEvent and, on SQLite, a parsed
    UUID per row: a third of a long restore)."""
    with MemoryEngine.open(db_url) as eng:
        sid = eng.for_owner(OWNER).create_session(agent_id="direct")
        eng.for_owner(OWNER).add_messages(sid, [{"role": "user", "content": f"m{i}"} for i in range(5)])
        calls: list[object] = []
        for recorder in (eng.log.recorder, eng.log.snapshots.recorder):  # type: ignore[union-attr]
            original = recorder.select_events

            def counted(*args: Any, _original: Any = original, **kwargs: Any) -> Any:
                calls.append(args)
                return _original(*args, **kwargs)

            recorder.select_events = counted  # type: ignore[method-assign]
        restored = eng.for_owner(OWNER).restore_agent("direct")
        assert [m.content for m in restored.messages] == [f"m{i}" for i in range(5)]
        assert calls == []
