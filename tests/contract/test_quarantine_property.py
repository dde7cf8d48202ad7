"""Property: poison events interleaved anywhere, for any owners, in any batch
sizes, cost exactly their own streams. Every other belief's rows equal the
pure fold of its events (``tests/support/projection_oracle``), and the
quarantine holds exactly the poison streams' events (the first one failed,
the later ones held behind it)."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.memory import Memory
from ledgermind.projections import catalog
from ledgermind.projections.readside import ReadSide
from ledgermind.write.beliefs import Reinforce
from tests.support.poison import append_raw_memory
from tests.support.projection_oracle import fold_beliefs, log_events, table_rows

HYPO = settings(
    max_examples=15,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
_RUN = itertools.count()
BAD_VALUES: tuple[Any, ...] = ("2024-05-01", 1714521600, ["not", "a", "time"])

step = st.one_of(
    st.tuples(st.just("remember"), st.integers(0, 3), st.integers(0, 5)),
    st.tuples(st.just("poison"), st.integers(0, 3), st.integers(0, 2)),
    st.tuples(st.just("reinforce_poison"), st.integers(0, 3), st.integers(0, 5)),
)


@HYPO
@given(steps=st.lists(step, min_size=1, max_size=14), batch_size=st.integers(1, 6))
def test_non_poison_beliefs_equal_the_pure_fold(eng: MemoryEngine, steps: list[Any], batch_size: int) -> None:
    run = next(_RUN)
    owners = [Owner("prop", f"run{run}-user{i}") for i in range(4)]
    poison_streams: dict[str, Owner] = {}
    for n, (what, who, arg) in enumerate(steps):
        owner = owners[who]
        if what == "remember":  # a small vocabulary: reconcile reinforces repeats
            eng.for_owner(owner).remember(
                f"owner {who} likes item {arg}", event_time=datetime(2024, 1, 1 + arg, tzinfo=UTC)
            )
        elif what == "poison":
            key = f"poison-{run}-{n}"
            append_raw_memory(eng, owner, key, f"poison {n}", event_time=BAD_VALUES[arg])
            poison_streams[Memory.create_id(owner.app, owner.user_id, key).hex] = owner
        elif poison_streams:
            mid, holder = sorted(poison_streams.items())[arg % len(poison_streams)]
            eng.for_owner(holder).apply_memory_changes([Reinforce(mid, confidence=0.5, reason="again")])
    side = ReadSide(eng.writes, run_in_process=False, batch_size=batch_size, names=["memory"])
    try:
        side.runner.catch_up()
        events = log_events(eng)
        poisoned_all = {
            ev.originator_id.hex for _, _, ev in events if isinstance(getattr(ev, "event_time", None), (str, int, list))
        }
        assert set(poison_streams) <= poisoned_all  # earlier examples' poison is in the same log
        clean = [
            e
            for e in events
            if getattr(e[2], "originator_id", None) is None or e[2].originator_id.hex not in poisoned_all
        ]
        with side.db.connect() as conn:
            rows = table_rows(conn, side.tables("memory", conn)["beliefs"])
            quarantined = catalog.list_quarantined(conn, "memory")
        assert [r for r in rows if r["memory_id"] not in poisoned_all] == fold_beliefs(clean)
        assert not any(r["memory_id"] in poisoned_all for r in rows)
        expected = {
            pos for pos, topic, ev in events if topic.startswith("memory.") and ev.originator_id.hex in poisoned_all
        }
        assert {q.position for q in quarantined} == expected
        assert {q.stream_id for q in quarantined} == poisoned_all
    finally:
        side.close()
