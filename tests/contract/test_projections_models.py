"""Read models equal pure folds of the log; rebuilds equal live versions;
as-of / known-at answers equal a brute-force replay; valid-time intervals of
one belief never overlap at one transaction time. Both backends."""

from __future__ import annotations

import itertools
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledgermind import MemoryEngine, Owner
from ledgermind.domain import bitemporal
from ledgermind.domain.errors import SessionClosed, StateConflict, TaskFinished
from ledgermind.projections import registry
from ledgermind.projections.audit import beliefs_as_of
from ledgermind.projections.db import open_read_db
from ledgermind.projections.readside import ReadSide
from ledgermind.projections.rebuild import rebuild
from ledgermind.projections.row_security import writer_scope
from ledgermind.projections.runner import Runner
from ledgermind.write.beliefs import Forget, Invalidate, NewBelief, Reinforce, Revise, new_belief_id
from tests.support.projection_oracle import (
    brute_force_as_of,
    fold_beliefs,
    fold_sessions,
    fold_tasks,
    log_events,
    table_rows,
)

OWNERS = (Owner("support", "user-1"), Owner("support", "user-2"))
EPOCH = datetime(2026, 1, 1, tzinfo=UTC)
HYPO = settings(
    max_examples=12,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

texts = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), min_size=1, max_size=40)
ops = st.lists(
    st.one_of(
        st.tuples(st.just("session"), st.integers(0, 1)),
        st.tuples(st.just("message"), st.integers(0, 9), texts),
        st.tuples(st.just("close"), st.integers(0, 9)),
        st.tuples(st.just("task"), st.integers(0, 9)),
        st.tuples(st.just("finish"), st.integers(0, 9), st.booleans()),
        st.tuples(st.just("belief"), st.integers(0, 1), texts, st.integers(0, 300)),
        st.tuples(st.just("reinforce"), st.integers(0, 9), st.floats(0, 1)),
        st.tuples(st.just("revise"), st.integers(0, 9), texts),
        st.tuples(st.just("invalidate"), st.integers(0, 9), st.integers(0, 300), st.booleans()),
        st.tuples(st.just("forget"), st.integers(0, 9)),
    ),
    min_size=1,
    max_size=30,
)


class World:
    """Applies random operations through the public API, skipping refused ones."""

    def __init__(self, eng: MemoryEngine) -> None:
        self.eng = eng
        self.sessions: list[tuple[Owner, str]] = []
        self.tasks: list[tuple[Owner, str]] = []
        self.beliefs: list[tuple[Owner, str]] = []
        self.tag = uuid.uuid4().hex[:8]

    def run(self, op: tuple[Any, ...]) -> None:
        kind, *args = op
        try:
            getattr(self, "_" + kind)(*args)
        except (SessionClosed, TaskFinished, StateConflict):
            pass

    def _pick(self, items: list[Any], i: int) -> Any:
        return items[i % len(items)] if items else None

    def _session(self, o: int) -> None:
        owner = OWNERS[o]
        self.sessions.append((owner, self.eng.for_owner(owner).create_session(agent_id="agent")))

    def _message(self, i: int, text: str) -> None:
        if s := self._pick(self.sessions, i):
            self.eng.for_owner(s[0]).add_message(s[1], role="user", content=text)

    def _close(self, i: int) -> None:
        if s := self._pick(self.sessions, i):
            self.eng.for_owner(s[0]).close_session(s[1])

    def _task(self, i: int) -> None:
        if s := self._pick(self.sessions, i):
            self.tasks.append((s[0], self.eng.for_owner(s[0]).start_task(s[1], input=f"task {i}")))

    def _finish(self, i: int, ok: bool) -> None:
        if t := self._pick(self.tasks, i):
            mem = self.eng.for_owner(t[0])
            (mem.complete_task if ok else mem.fail_task)(t[1], f"result {i}")

    def _belief(self, o: int, text: str, day: int) -> None:
        owner = OWNERS[o]
        key = f"{self.tag}-{len(self.beliefs)}"
        src = self._pick([s for s in self.sessions if s[0] == owner], day)
        sources = ({"session_id": src[1], "seq": 1},) if src else ()
        self.eng.for_owner(owner).apply_memory_changes(
            [
                NewBelief(
                    source_key=key,
                    kind="fact",
                    statement=text,
                    valid_from=EPOCH + timedelta(days=day),
                    confidence=0.5,
                    method="rule",
                    topics=("t",),
                    sources=sources,
                )
            ]
        )
        self.beliefs.append((owner, new_belief_id(owner, key)))

    def _reinforce(self, i: int, conf: float) -> None:
        if b := self._pick(self.beliefs, i):
            self.eng.for_owner(b[0]).apply_memory_changes(
                [Reinforce(b[1], confidence=conf, reason="again", sources=({"session_id": "x", "seq": i},))]
            )

    def _revise(self, i: int, text: str) -> None:
        if b := self._pick(self.beliefs, i):
            self.eng.for_owner(b[0]).apply_memory_changes(
                [Revise(b[1], statement=text, confidence=0.6, reason="refined", method="rule")]
            )

    def _invalidate(self, i: int, day: int, supersede: bool) -> None:
        if not (b := self._pick(self.beliefs, i)):
            return
        owner, mid = b
        changes: list[Any] = []
        successor = None
        if supersede:
            key = f"{self.tag}-{len(self.beliefs)}"
            successor = new_belief_id(owner, key)
            changes.append(
                NewBelief(
                    source_key=key,
                    kind="fact",
                    statement=f"instead of {i}",
                    valid_from=EPOCH + timedelta(days=day),
                    confidence=0.9,
                    method="rule",
                    supersedes=mid,
                )
            )
        changes.insert(
            0,
            Invalidate(
                mid,
                invalid_at=EPOCH + timedelta(days=day),
                reason="contradicted",
                cause={"session_id": "x", "seq": 1},
                superseded_by=successor,
            ),
        )
        self.eng.for_owner(owner).apply_memory_changes(changes)
        if successor:
            self.beliefs.append((owner, successor))

    def _forget(self, i: int) -> None:
        if b := self._pick(self.beliefs, i):
            self.eng.for_owner(b[0]).apply_memory_changes([Forget(b[1])])


def _rows(side: ReadSide, name: str, stem: str) -> list[dict]:
    with side.db.connect() as conn:  # every owner's rows (row-level security: the writer scope)
        return table_rows(writer_scope(conn), side.tables(name, conn)[stem])


def _side(eng: MemoryEngine, batch_size: int = 3) -> ReadSide:
    return ReadSide(eng.writes, run_in_process=False, batch_size=batch_size, names=["sessions", "tasks", "memory"])


@settings(HYPO, max_examples=25)
@given(first=ops, second=ops)
def test_every_read_model_equals_a_pure_fold(eng: MemoryEngine, first: list, second: list) -> None:
    side = _side(eng)
    world = World(eng)
    try:
        for op in first:
            world.run(op)
        side.runner.catch_up()  # second half folds onto rows loaded from the tables
        for op in second:
            world.run(op)
        side.runner.catch_up()
        events = log_events(eng)
        sessions, messages = fold_sessions(events)
        assert _rows(side, "sessions", "sessions") == sessions
        assert _rows(side, "sessions", "messages") == messages
        assert _rows(side, "tasks", "tasks") == fold_tasks(events)
        assert _rows(side, "memory", "beliefs") == fold_beliefs(events)
    finally:
        side.close()


@settings(HYPO, max_examples=6)
@given(steps=ops)
def test_a_rebuilt_projection_equals_the_live_one(eng: MemoryEngine, steps: list) -> None:
    side = _side(eng, batch_size=4)
    world = World(eng)
    try:
        for op in steps:
            world.run(op)
        side.runner.catch_up()
        for name, stems in (("sessions", ("sessions", "messages")), ("tasks", ("tasks",)), ("memory", ("beliefs",))):
            live = {s: _rows(side, name, s) for s in stems}
            report = rebuild(eng.log, side.db, name, batch_size=5, progress=False)
            assert report.new_version == report.old_version + 1  # type: ignore[operator]
            assert {s: _rows(side, name, s) for s in stems} == live  # now served by N+1
    finally:
        side.close()


@HYPO
@given(steps=ops, picks=st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 10_000)), min_size=1, max_size=8))
def test_as_of_known_at_equals_a_brute_force_replay(eng: MemoryEngine, steps: list, picks: list) -> None:
    side = _side(eng, batch_size=50)
    world = World(eng)
    try:
        for op in steps:
            world.run(op)
        side.runner.catch_up()
        events = log_events(eng)
        stamps = sorted({ev.timestamp for _, _, ev in events})
        valids = sorted(
            {EPOCH + timedelta(days=d) for d in range(0, 301, 7)}
            | {v for r in fold_beliefs(events) for v in (r["valid_from"], r["invalid_at"]) if v}
        )
        tiny = timedelta(microseconds=1)
        for vi, ki in picks:
            valid_at = valids[vi % len(valids)]
            known_at = stamps[ki % len(stamps)] + (tiny if ki % 3 == 1 else -tiny if ki % 3 == 2 else timedelta())
            for owner in OWNERS:
                got = {
                    (b["memory_id"], b["statement"])
                    for b in beliefs_as_of(side, owner, valid_at=valid_at, known_at=known_at)
                }
                assert got == brute_force_as_of(events, owner.app, owner.user_id, valid_at, known_at)
    finally:
        side.close()


@HYPO
@given(steps=ops)
def test_valid_intervals_never_overlap_at_one_transaction_time(eng: MemoryEngine, steps: list) -> None:
    side = _side(eng, batch_size=2)
    world = World(eng)
    try:
        for op in steps:
            world.run(op)
        side.runner.catch_up()
        rows = _rows(side, "memory", "beliefs")
        by: dict[str, list[dict]] = {}
        for r in rows:
            by.setdefault(r["memory_id"], []).append(r)
        for versions in by.values():
            for t in {v["recorded_at"] for v in versions} | {v["expired_at"] for v in versions if v["expired_at"]}:
                held = [
                    v for v in versions if v["recorded_at"] <= t and (v["expired_at"] is None or t < v["expired_at"])
                ]
                assert len(held) <= 1
                # and across any two versions visible at t, valid intervals are disjoint
                for a in held:
                    for b in held:
                        if a is not b:
                            assert not _overlap(a, b)
            seqs = [v["seq"] for v in versions]
            assert seqs == sorted(seqs)
            assert sum(v["expired_at"] is None for v in versions) == 1
            for a, b in itertools.pairwise(versions):
                assert a["expired_at"] == b["recorded_at"]  # closed exactly when the next opened
    finally:
        side.close()


def _overlap(a: dict, b: dict) -> bool:
    far = datetime.max.replace(tzinfo=UTC)
    return a["valid_from"] < (b["invalid_at"] or far) and b["valid_from"] < (a["invalid_at"] or far)


def test_fold_of_a_known_story() -> None:
    """The rules themselves, on a hand-written chain."""
    t = [EPOCH + timedelta(hours=h) for h in range(4)]

    def ev(topic: str, seq: int, **fields: Any) -> bitemporal.BeliefEvent:
        return bitemporal.BeliefEvent(topic, "m", seq, seq, t[seq - 1], "a", "u", fields)

    chain = bitemporal.fold(
        [
            ev(
                "memory.distilled",
                1,
                kind="fact",
                statement="tea",
                valid_from=EPOCH,
                confidence=0.5,
                method="rule",
                sources=[{"s": 1}],
            ),
            ev("memory.reinforced", 2, confidence=0.8, reason="again", sources=[{"s": 2}]),
            ev("memory.invalidated", 3, invalid_at=t[3], reason="no", cause=None, superseded_by="n"),
        ]
    )
    assert [v["expired_at"] for v in chain] == [t[1], t[2], None]
    assert chain[1]["sources"] == [{"s": 1}, {"s": 2}] and chain[1]["confidence"] == 0.8
    assert chain[2]["invalid_at"] == t[3] and chain[2]["superseded_by"] == "n"
    assert bitemporal.visible(chain[0], EPOCH, t[0]) and not bitemporal.visible(chain[0], EPOCH, t[1])
    assert bitemporal.visible(chain[2], t[3] - timedelta(seconds=1), t[2])
    assert not bitemporal.visible(chain[2], t[3], t[2])
    assert (
        bitemporal.fold(
            [
                *[
                    ev(
                        "memory.distilled",
                        1,
                        kind="fact",
                        statement="x",
                        valid_from=EPOCH,
                        confidence=1.0,
                        method="rule",
                    )
                ],
                ev("memory.forgotten", 2, reason="asked"),
            ]
        )
        == []
    )


def test_registry_lists_the_default_projections() -> None:
    assert {"sessions", "tasks", "memory"} <= set(registry.kinds())


def test_runner_rejects_nothing_on_an_empty_log(eng: MemoryEngine) -> None:
    db = open_read_db(eng.backend.sqlalchemy_url)
    runner = Runner(eng.log, db, registry.kinds(["sessions", "tasks", "memory"]))
    assert runner.catch_up() == 0
    assert runner.positions() == {"sessions": 0, "tasks": 0, "memory": 0}
    db.dispose()
