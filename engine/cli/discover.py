"""``ledgermind users|agents|sessions|tasks``: what a database holds, page by page.

Read from the read models (caught up to the log head first, unless
``--no-wait``), never creating a database. Each prints a table, or ``--json``;
``--limit N`` and ``--after KEY`` (the last key of the previous page) page
through. ``users`` lists one app's user ids with counts; the others are scoped
to one owner (``--app``/``--user``), and ids of another owner are not found.
"""

from __future__ import annotations

import argparse
from datetime import UTC, datetime
from typing import Any

from ledgermind.cli.options import add_db, add_json, add_owner, add_page, owner_of, positive_float
from ledgermind.cli.output import print_json, print_table

__all__ = ["register"]


def register(sub: Any) -> None:
    users = sub.add_parser(
        "users",
        help="an app's users, with their sessions, messages and beliefs",
        description="The user ids of one app (anyone with a session or a belief), by user id, with counts.",
    )
    _common(users, user=False, page="user id")
    users.set_defaults(handler=_users)

    agents = sub.add_parser(
        "agents",
        help="an owner's agents, with their sessions, incarnation and status",
        description="The owner's agents, by agent id, with their session count, "
        "message count, latest session and its start; and from the lease table "
        "(heartbeats are not events) the current incarnation, last heartbeat and "
        "status: running, silent (no heartbeat within --silent-after), crashed or "
        "stopped (as ledgermind supervise recorded them; the events are in the audit).",
    )
    _common(agents, page="agent id")
    agents.add_argument(
        "--silent-after",
        type=positive_float,
        default=30.0,
        metavar="S",
        help="show a running agent as silent after S seconds without a heartbeat (default 30)",
    )
    agents.set_defaults(handler=_agents)

    sessions = sub.add_parser(
        "sessions",
        help="an owner's sessions (of one agent, with --agent)",
        description="The owner's sessions, oldest first: status, counters, times.",
    )
    _common(sessions, page="session id")
    sessions.add_argument("--agent", default=None, help="only this agent's sessions")
    sessions.set_defaults(handler=_sessions)

    tasks = sub.add_parser(
        "tasks",
        help="the tasks of one of an owner's sessions",
        description="The tasks of session SID (a full id or a unique prefix, as tables print it), oldest first.",
    )
    _common(tasks, page="task id")
    tasks.add_argument("session_id", metavar="SID", help="a session id or a unique prefix of it")
    tasks.set_defaults(handler=_tasks)


def _common(parser: argparse.ArgumentParser, *, page: str, user: bool = True) -> None:
    add_db(parser)
    add_owner(parser, user=user)
    add_page(parser, page)
    parser.add_argument(
        "--no-wait", action="store_true", help="read the projections as they are, without catching up first"
    )
    add_json(parser)


def _read(args: argparse.Namespace, query: Any) -> Any:
    """``query(engine)`` once the read side has caught up (unless ``--no-wait``)."""
    from ledgermind.api import MemoryEngine  # handlers import the engine; --help does not

    with MemoryEngine.open(args.db, create=False) as eng:
        if not args.no_wait:
            eng.projections.wait_for_head()
        return query(eng)


def _show(args: argparse.Namespace, rows: list[dict[str, Any]], columns: list[str], key: str) -> int:
    if args.json:
        print_json(rows)
        return 0
    print_table(columns, [[_cell(r[c]) for c in columns] for r in rows], max_width=72)
    if len(rows) == args.limit:
        print(f"(more may follow: --after {rows[-1][key]})")
    return 0


def _cell(value: Any) -> Any:
    return value.isoformat(timespec="seconds") if isinstance(value, datetime) else value


def _users(args: argparse.Namespace) -> int:
    from ledgermind.domain.owner import Owner

    Owner(args.app, "-")  # the app name is checked like an owner's, before the database is opened
    found = _read(args, lambda eng: eng.users(args.app, limit=args.limit, after=args.after))
    return _show(
        args, [u.as_dict() for u in found], ["user_id", "sessions", "messages", "beliefs", "last_message_at"], "user_id"
    )


def _agents(args: argparse.Namespace) -> int:
    owner = owner_of(args)

    def query(eng: Any) -> tuple[Any, dict[str, Any]]:
        mem = eng.for_owner(owner)
        return mem.agents(limit=args.limit, after=args.after), {lease.agent_id: lease for lease in mem.agent_leases()}

    found, leases = _read(args, query)
    now = datetime.now(UTC)
    rows = []
    for agent in found:
        lease = leases.get(agent.agent_id)
        rows.append(
            {
                **agent.as_dict(),
                "incarnation": lease.incarnation if lease is not None else None,
                "status": lease.status_at(now, args.silent_after) if lease is not None else None,
                "last_heartbeat": lease.last_heartbeat if lease is not None else None,
            }
        )
    return _show(
        args,
        rows,
        [
            "agent_id",
            "sessions",
            "messages",
            "last_session_at",
            "latest_session",
            "incarnation",
            "status",
            "last_heartbeat",
        ],
        "agent_id",
    )


def _sessions(args: argparse.Namespace) -> int:
    owner = owner_of(args)
    found = _read(
        args, lambda eng: eng.for_owner(owner).sessions(agent_id=args.agent, limit=args.limit, after=args.after)
    )
    return _show(
        args,
        [s.as_dict() for s in found],
        ["session_id", "agent_id", "status", "message_count", "created_at", "last_message_at"],
        "session_id",
    )


def _tasks(args: argparse.Namespace) -> int:
    owner = owner_of(args)
    found = _read(args, lambda eng: eng.for_owner(owner).tasks(args.session_id, limit=args.limit, after=args.after))
    return _show(
        args,
        [t.as_dict() for t in found],
        ["task_id", "status", "input", "output", "error", "started_at", "finished_at"],
        "task_id",
    )
