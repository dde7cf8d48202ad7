"""A writer of raw appends for tests/failure/test_parallel_appends.py, in a thread or a process.

``python tests/support/parallel_appender.py URL`` reads a JSON plan on stdin,
prints READY, waits for a line on stdin (so every writer starts together),
runs the plan, and prints one JSON line: what it committed and how many of
its transactions failed.

A plan is a list of transactions ``{"stream": hex, "first": int, "count":
int, "topic": str}``: ``count`` events of one stream from version ``first``,
the first event with ``topic`` (the test's trigger on the events table reads
it: sleep, or abort the transaction after its ids were drawn), the others
``<tag>.plain``. The append is the real one (``EventLog``'s recorder), so the
ids are drawn, the chain links written and the commit made as in production.
"""

from __future__ import annotations

import json
import sys
from typing import Any
from uuid import UUID

__all__ = ["CHECKPOINT_EVERY", "run_plan"]

CHECKPOINT_EVERY = 5  # many checkpoints, each written while other appends are in flight


def run_plan(
    url: str, plan: list[dict[str, Any]], tag: str, checkpoint_every: int = CHECKPOINT_EVERY
) -> dict[str, Any]:
    """Runs ``plan``, with a chain checkpoint every ``checkpoint_every``
    positions; returns ``{"committed": [[stream, version, position], ...], "failed": n}``."""
    from eventsourcing.persistence import StoredEvent

    from ledgermind.storage.backend import parse_db_url
    from ledgermind.storage.store import open_event_log

    log = open_event_log(parse_db_url(url), 100)
    log.recorder.checkpoint_every = checkpoint_every  # type: ignore[attr-defined]
    committed: list[list[Any]] = []
    failed = 0
    try:
        for tx in plan:
            stream = UUID(hex=tx["stream"])
            events = [
                StoredEvent(stream, tx["first"] + i, tx["topic"] if i == 0 else f"{tag}.plain", b"x" * 40)
                for i in range(tx["count"])
            ]
            try:
                positions = log.recorder.insert_events(events)
            except Exception:  # the trigger's abort, or a version conflict: nothing was committed
                failed += 1
                continue
            assert positions is not None
            committed.extend([tx["stream"], e.originator_version, p] for e, p in zip(events, positions, strict=True))
    finally:
        log.close()
    return {"committed": committed, "failed": failed}


def main(argv: list[str]) -> int:
    plan = json.loads(sys.stdin.readline())
    tag = sys.stdin.readline().strip()
    print("READY", flush=True)
    sys.stdin.readline()
    print(json.dumps(run_plan(argv[0], plan, tag)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
