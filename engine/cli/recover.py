"""``ledgermind recover``: what a supervisor needs to restart a crashed agent."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ledgermind.cli.options import add_db, add_json, add_owner, owner_of, positive_int
from ledgermind.cli.output import print_json, print_table

__all__ = ["register"]


def register(sub: Any) -> None:
    p = sub.add_parser(
        "recover",
        help="restore an agent from the event store and print it",
        description="Replays the agent's streams (never the projections) and prints its current "
        "session, conversation, open tasks and last checkpointed state.",
    )
    add_db(p)
    add_owner(p)
    p.add_argument("--agent", required=True, help="the agent id")
    p.add_argument("--last", type=positive_int, default=None, metavar="N", help="only the last N messages")
    add_json(p)
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from ledgermind.api import MemoryEngine  # handlers import the engine; --help does not

    owner = owner_of(args)
    with MemoryEngine.open(args.db, create=False) as eng:
        restored = eng.for_owner(owner).restore_agent(args.agent, last_n=args.last)
    if args.json:
        print_json(restored.as_dict())
        return 0
    print(
        f"agent {restored.agent_id}  session {restored.session_id}"
        f"{' (closed)' if restored.session_closed else ''}  "
        f"messages {restored.message_count}  open tasks {len(restored.open_tasks)}"
    )
    print_table(
        ["seq", "role", "occurred_at", "content"],
        [(m.seq, m.role, m.occurred_at.isoformat(timespec="seconds"), m.content) for m in restored.messages],
    )
    if restored.open_tasks:
        print()
        print_table(
            ["task", "started_at", "input"],
            [(t.task_id, t.started_at.isoformat(timespec="seconds"), t.input) for t in restored.open_tasks],
        )
    # the state as JSON, as it was checkpointed (and as --json gives it), not as a Python repr
    print(f"\nstate: {json.dumps(restored.state, ensure_ascii=False)}")
    return 0
