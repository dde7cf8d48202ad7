"""The distiller end to end, on SQLite and PostgreSQL: supersession with
audit history, valid-time queries, tool messages, checkers, cursors,
racing distillers, dead letters and the explicit API."""

from __future__ import annotations

import threading
from collections import Counter
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledgermind import MemoryEngine, Owner
from ledgermind.cli import main as cli_main
from ledgermind.distill import Distiller, DistillReport, RuleExtractor, message_count_gt
from ledgermind.distill.explicit import belief_index
from ledgermind.domain.errors import DeadLetterNotFound, ExtractionFailed, MemoryNotFound
from ledgermind.projections import audit

OWNER = Owner("support", "user-42")
MARCH = datetime(2026, 3, 3, 9, 0, tzinfo=UTC)
AUGUST = datetime(2026, 8, 12, 9, 0, tzinfo=UTC)


def _say(
    eng: MemoryEngine, sid: str, text: str, when: datetime, role: str = "user", *, owner: Owner = OWNER, **kw: object
) -> int:
    return eng.for_owner(owner).add_message(sid, role, text, occurred_at=when, **kw)  # type: ignore[arg-type]


def _topic_count(eng: MemoryEngine, topic: str) -> int:
    head = eng.log.recorder.max_notification_id() or 0
    return len(eng.log.recorder.select_notifications(1, limit=head + 1, topics=(topic,)))


def _current(eng: MemoryEngine, owner: Owner = OWNER) -> list:
    return belief_index(eng.writes).current(owner)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Our production environment uses Go 1.23.", "We upgraded production to Go 1.24."),
        ("我们生产环境用的是 Go 1.23", "我们已经把生产环境升到 Go 1.24 了"),
    ],
    ids=["en", "zh"],
)
def test_an_upgrade_supersedes_the_old_version(eng: MemoryEngine, first: str, second: str) -> None:
    sid = eng.for_owner(OWNER).create_session("bot")
    _say(eng, sid, first, MARCH)
    eng.distill()
    (old,) = _current(eng)
    assert old.value == "go 1.23"
    seq = _say(eng, sid, second, AUGUST)
    eng.distill()
    (new,) = [b for b in _current(eng) if b.attribute == "version:go@production"]
    assert new.value == "go 1.24" and new.supersedes == old.memory_id
    assert new.valid_from == AUGUST
    side = eng.projections
    side.wait(eng.position)
    inv = audit.invalidation(side, OWNER, old.memory_id)
    assert inv is not None
    assert inv["invalid_at"] == AUGUST and inv["superseded_by"] == new.memory_id
    assert inv["cause"]["session_id"] == sid and inv["cause"]["seq"] == seq
    assert inv["reason"].startswith("contradicted")
    history = audit.belief_history(side, OWNER, old.memory_id)
    assert next(v["opened_by"] for v in history) == "memory.distilled" and len(history) >= 2
    now_rows = audit.beliefs_as_of(side, OWNER)
    assert [r["memory_id"] for r in now_rows] == [new.memory_id]
    then_rows = audit.beliefs_as_of(side, OWNER, valid_at=MARCH + timedelta(days=1))
    assert [r["memory_id"] for r in then_rows] == [old.memory_id]


def test_coffee_in_march_stays_queryable_as_of_march(eng: MemoryEngine) -> None:
    sid = eng.for_owner(OWNER).create_session("bot")
    _say(eng, sid, "我咖啡不加糖", MARCH)
    _say(eng, sid, "好的，记住了。", MARCH + timedelta(seconds=5), role="assistant")
    eng.distill()
    _say(eng, sid, "我现在咖啡要加糖了", AUGUST)
    eng.distill()
    april, september = MARCH + timedelta(days=40), AUGUST + timedelta(days=30)
    index = belief_index(eng.writes)
    (then,) = index.as_of(OWNER, april)
    (now,) = index.as_of(OWNER, september)
    assert "不加糖" in then.statement and then.invalid_at == AUGUST
    assert "加糖" in now.statement and "不加糖" not in now.statement
    side = eng.projections
    side.wait(eng.position)
    assert [r["statement"] for r in audit.beliefs_as_of(side, OWNER, valid_at=april)] == [then.statement]
    assert [r["statement"] for r in audit.beliefs_as_of(side, OWNER, valid_at=september)] == [now.statement]
    # Known at a transaction time before August's distillation, August was not yet believed.
    assert audit.beliefs_as_of(side, OWNER, valid_at=september, known_at=datetime.now(UTC) - timedelta(days=3650)) == []


def test_tool_messages_and_tool_calls_are_never_distilled(eng: MemoryEngine) -> None:
    sid = eng.for_owner(OWNER).create_session("bot")
    _say(eng, sid, "Look up my favourite hikes", MARCH)
    eng.for_owner(OWNER).add_message(
        sid,
        "assistant",
        "",
        tool_calls=[{"id": "c1", "type": "function", "function": {"name": "search", "arguments": "{}"}}],
        occurred_at=MARCH,
    )
    eng.for_owner(OWNER).add_message(
        sid, "tool", "I like hiking. My production environment uses Go 1.23.", tool_call_id="c1", occurred_at=MARCH
    )
    report = eng.distill()
    assert report.windows == 1 and report.items == 1  # only the user's message
    assert _current(eng) == []
    assert _topic_count(eng, "memory.distilled") == 0


def test_completed_task_becomes_an_experience(eng: MemoryEngine) -> None:
    sid = eng.for_owner(OWNER).create_session("bot")
    tid = eng.for_owner(OWNER).start_task(sid, "Export the weekly sales report")
    eng.for_owner(OWNER).complete_task(tid, "Wrote report.csv with 42 rows")
    eng.distill()
    (exp,) = _current(eng)
    assert exp.kind == "experience" and "42 rows" in exp.statement


def test_a_false_checker_writes_nothing_and_loses_nothing(eng: MemoryEngine) -> None:
    sid = eng.for_owner(OWNER).create_session("bot")
    _say(eng, sid, "I'm Ken, a front-end programmer.", MARCH)
    head = eng.log.recorder.max_notification_id()
    report = eng.distill(checker=lambda ctx: False)
    assert report.windows == 0 and report.held_back == 1
    assert eng.log.recorder.max_notification_id() == head  # not a single event
    # The cursor stays before the held-back message (the message is the head).
    assert (eng.log.process_recorder.max_tracking_id("distiller") or 0) < head
    _say(eng, sid, "I live in Lisbon.", MARCH)
    assert eng.distill(checker=message_count_gt(2)).windows == 0  # 2 messages: not > 2
    _say(eng, sid, "I really like hiking.", MARCH)
    report = eng.distill(checker=message_count_gt(2))
    assert report.windows == 1 and report.items == 3
    attributes = sorted(b.attribute for b in _current(eng))
    assert attributes == ["name", "occupation", "preference:hiking", "residence"]


def test_a_held_back_session_blocks_no_one_and_survives_a_restart(eng: MemoryEngine) -> None:
    quiet, busy = eng.for_owner(OWNER).create_session("a"), eng.for_owner(OWNER).create_session("b")
    _say(eng, quiet, "I live in Lisbon.", MARCH)
    for text in ("I like tea.", "I like chess.", "I like rain."):
        _say(eng, busy, text, MARCH)
    first_quiet = eng.log.recorder.max_notification_id() - 3  # quiet's message came first
    report = Distiller(eng.writes, checker=message_count_gt(2)).run_once()
    assert report.windows == 1 and report.held_back == 1
    watermark = eng.log.process_recorder.max_tracking_id("distiller")
    assert watermark is not None and watermark < first_quiet + 1  # never past quiet's message
    assert {b.attribute for b in _current(eng)} == {"preference:tea", "preference:chess", "preference:rain"}
    # A new distiller (a restart) rebuilds the pending window from the log.
    _say(eng, quiet, "I work as a nurse.", MARCH)
    _say(eng, quiet, "I'm 34 years old.", MARCH)
    assert Distiller(eng.writes, checker=message_count_gt(2)).run_once().windows == 1
    assert {"residence", "occupation", "age"} <= {b.attribute for b in _current(eng)}
    assert Distiller(eng.writes).run_once().windows == 0  # nothing left, nothing twice
    assert eng.log.process_recorder.max_tracking_id("distiller") >= eng.log.recorder.max_notification_id() - 1


def test_replaying_a_delta_never_duplicates(eng: MemoryEngine) -> None:
    sid = eng.for_owner(OWNER).create_session("bot")
    _say(eng, sid, "I'm Ken, a front-end programmer.", MARCH)
    _say(eng, sid, "I take my coffee without sugar.", MARCH)
    # A distiller extracts and reconciles, then "crashes" before its commit.
    crashed = Distiller(eng.writes)
    crashed._scan()
    (window,) = crashed._windows.values()
    items = tuple(window.items)
    from ledgermind.distill.delta import ExtractionContext
    from ledgermind.distill.reconcile import reconcile

    ctx = ExtractionContext(OWNER, sid, items, None, MARCH)
    extraction = RuleExtractor().extract(ctx)
    changes = reconcile(OWNER, extraction, [])
    # The restarted distiller does the work once.
    assert eng.distill().windows == 1
    before = eng.log.recorder.max_notification_id()
    # The crashed one wakes up and commits its stale copy of the same delta: refused.
    report = crashed._commit.__func__  # type: ignore[attr-defined]
    from ledgermind.domain.errors import AlreadyProcessed

    with pytest.raises(AlreadyProcessed):
        report(crashed, window, extraction, changes)
    assert eng.log.recorder.max_notification_id() == before
    assert _topic_count(eng, "memory.distilled") == 3
    assert eng.distill().windows == 0


def test_two_distillers_racing_write_each_belief_once(db_url: str) -> None:
    setup = MemoryEngine.open(db_url)
    try:
        owners = [Owner("support", f"user-{n}") for n in range(12)]
        for n, owner in enumerate(owners):
            sid = setup.for_owner(owner).create_session("agent")
            _say(setup, sid, f"I'm Person{chr(65 + n)}, a nurse.", MARCH, owner=owner)
            _say(setup, sid, f"My team {n} uses Python 3.{n}.", MARCH, owner=owner)
        engines = [MemoryEngine.open(db_url) for _ in range(2)]
        reports: list[DistillReport] = []
        barrier = threading.Barrier(2)

        def work(e: MemoryEngine) -> None:
            barrier.wait()
            reports.append(e.distill())

        threads = [threading.Thread(target=work, args=(e,)) for e in engines]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        for e in engines:
            e.close()
        assert sum(r.windows for r in reports) == 12
        assert _topic_count(setup, "distill.advanced") == 12
        assert _topic_count(setup, "memory.distilled") == 36  # name, job, team: each once
        assert _topic_count(setup, "memory.reinforced") == 0
        for owner in owners:
            keys = Counter((b.subject, b.attribute) for b in _current(setup, owner))
            assert sorted(k[1].split("@")[0] for k in keys) == ["name", "occupation", "version:python"]
            assert max(keys.values()) == 1
    finally:
        setup.close()


class _Flaky:
    """Fails on any delta mentioning "poison"; otherwise the rule extractor."""

    name, version = "flaky", "1"

    def __init__(self) -> None:
        self.calls = 0
        self.rules = RuleExtractor()

    def extract(self, ctx):  # type: ignore[no-untyped-def]
        self.calls += 1
        if any("poison" in i.content for i in ctx.items):
            raise ExtractionFailed("cannot parse poison")
        return self.rules.extract(ctx)


def test_failures_retry_then_dead_letter_and_replay(eng: MemoryEngine, db_url: str, capsys) -> None:  # type: ignore[no-untyped-def]
    bad, good = eng.for_owner(OWNER).create_session("a"), eng.for_owner(OWNER).create_session("b")
    _say(eng, bad, "I like tea. poison", MARCH)
    _say(eng, good, "I like chess.", MARCH)
    flaky = _Flaky()
    report = eng.distill(extractor=flaky, max_attempts=3, backoff_s=0.0)
    assert report.dead_lettered == 1 and report.windows == 1
    assert flaky.calls == 4  # three tries for the bad delta, one for the good
    assert [b.attribute for b in _current(eng)] == ["preference:chess"]
    (letter,) = Distiller(eng.writes).dead_letters()
    assert letter.session_id == bad and "poison" in letter.error and letter.attempts == 3
    assert eng.distill().windows == 0  # the cursor moved past the dead letter
    assert cli_main(["distill", "dead-letters", "--db", db_url, "--json"]) == 0
    assert letter.letter_id in capsys.readouterr().out
    assert cli_main(["distill", "replay", "--db", db_url, letter.letter_id]) == 0
    assert {b.attribute for b in _current(eng)} == {"preference:chess", "preference:tea"}
    assert Distiller(eng.writes).dead_letters() == []
    with pytest.raises(DeadLetterNotFound):
        Distiller(eng.writes).replay(letter.letter_id)


def test_explicit_api(eng: MemoryEngine) -> None:
    mid = eng.for_owner(OWNER).remember("The user is allergic to peanuts.")
    assert eng.for_owner(OWNER).remember("the user is allergic to peanuts") == mid  # reinforced, not duplicated
    memory = eng.for_owner(OWNER).load_memory(mid)
    assert memory is not None and memory.reinforcements == 1
    (view,) = _current(eng)
    assert view.confidence == memory.confidence > 0.95  # explicit, then raised by the reinforcement
    later = view.confirmed_at + timedelta(days=365)
    assert view.confidence_at(later) == pytest.approx(memory.confidence / 2)  # decayed at read time only
    assert eng.for_owner(OWNER).load_memory(mid).confidence == memory.confidence
    events = eng.writes.stream_events(memory.id)
    assert events[0].method == "explicit"
    fixed = eng.for_owner(OWNER).correct(mid, "The user is allergic to peanuts and cashews.")
    assert fixed == mid  # a new version of the same memory
    corrected = eng.for_owner(OWNER).load_memory(fixed)
    assert corrected is not None and corrected.confidence == 1.0 and corrected.status == "current"
    assert corrected.statement == "The user is allergic to peanuts and cashews."
    assert eng.writes.stream_events(corrected.id)[-1].reason == "user correction"
    with pytest.raises(MemoryNotFound):
        eng.for_owner(Owner("support", "someone-else")).forget(fixed)
    eng.for_owner(OWNER).forget(fixed)
    assert eng.writes.stream_events(corrected.id)[-1].reason == "user request"
    eng.for_owner(OWNER).remember("The user lives in Porto.", subject="user", attribute="city", value="Porto")
    eng.for_owner(OWNER).remember("The user moved to Lisbon.", subject="user", attribute="city", value="Lisbon")
    assert [b.value for b in _current(eng)] == ["lisbon"]
    assert eng.for_owner(OWNER).forget_all() == 1
    assert _current(eng) == []


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["user", "ken"]),
            st.sampled_from(["city", "coffee"]),
            st.sampled_from(["a", "b", "c"]),
            st.booleans(),
        ),
        min_size=1,
        max_size=8,
    )
)
def test_projection_equals_the_fold(eng: MemoryEngine, steps: list) -> None:
    owner = Owner("prop", f"u{id(steps)}-{len(steps)}-{datetime.now().timestamp()}")
    for n, (subject, attribute, value, forget) in enumerate(steps):
        mid = eng.for_owner(owner).remember(
            f"{subject} {attribute} {value} #{n}",
            subject=subject,
            attribute=attribute,
            value=value,
            valid_from=MARCH + timedelta(days=n),
        )
        if forget:
            eng.for_owner(owner).forget(mid)
    folded = _current(eng, owner)
    keys = [(b.subject, b.attribute) for b in folded]
    assert len(keys) == len(set(keys))
    side = eng.projections
    side.wait(eng.position)
    projected = audit.beliefs_as_of(side, owner, valid_at=datetime.now(UTC) + timedelta(days=1))
    assert sorted(r["memory_id"] for r in projected) == sorted(b.memory_id for b in folded)


def test_a_problem_and_its_answer_in_two_deltas_still_pair(eng: MemoryEngine) -> None:
    sid = eng.for_owner(OWNER).create_session("bot")
    _say(eng, sid, "My deploy fails with error: permission denied on /var/run.", MARCH)
    distiller = Distiller(eng.writes)
    assert distiller.run_once().windows == 1  # the problem alone: nothing to learn yet
    _say(eng, sid, "You can fix it by adding the deploy user to the docker group.", MARCH, role="assistant")
    assert distiller.run_once().windows == 1
    (exp,) = [b for b in _current(eng) if b.kind == "experience"]
    assert "permission denied" in exp.statement and "docker group" in exp.statement
