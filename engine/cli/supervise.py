"""``ledgermind supervise``: run an agent command and restart it with its memory."""

from __future__ import annotations

import argparse
from typing import Any

from ledgermind.cli.options import add_db, add_owner, owner_of, positive_float

__all__ = ["register"]

_EPILOG = """\
The child finds itself in its environment: LEDGERMIND_DB, LEDGERMIND_APP,
LEDGERMIND_USER, LEDGERMIND_AGENT, LEDGERMIND_INCARNATION (send it with every
write; an older one is refused), LEDGERMIND_SESSION_ID, LEDGERMIND_HEARTBEAT_S
(with --heartbeat-timeout: beat at least this often) and LEDGERMIND_RESTARTS;
in Python, ledgermind.supervised() reads them and restores the agent.
Exit status: 0 after a clean stop (the child exited 0 with --restart
on-failure, or SIGTERM / SIGINT stopped it), 3 when the agent crashed more
than --max-restarts times within --window seconds."""


def _backoff(text: str) -> tuple[float, float]:
    """``INITIAL`` or ``INITIAL:MAX`` seconds."""
    first, _, last = text.partition(":")
    initial = positive_float(first)
    return initial, positive_float(last) if last else max(60.0, initial)


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r:.40}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must not be negative, got {value}")
    return value


def register(sub: Any) -> None:
    p = sub.add_parser(
        "supervise",
        help="run an agent command; restart it with its memory when it crashes or hangs",
        description="Runs COMMAND as the agent. When it exits non-zero, is killed, or stops "
        "heartbeating, records agent.crashed, starts a new incarnation (older ones are fenced: "
        "their writes are refused) and restarts it with exponential backoff.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_db(p)
    add_owner(p)
    p.add_argument("--agent", required=True, help="the agent id")
    p.add_argument(
        "--restart",
        choices=("on-failure", "always"),
        default="on-failure",
        help="restart after a crash only (default), or also after a clean exit",
    )
    p.add_argument(
        "--backoff",
        type=_backoff,
        default=(1.0, 60.0),
        metavar="INITIAL[:MAX]",
        help="seconds before the first restart, doubling per consecutive crash up to MAX (default 1:60)",
    )
    p.add_argument(
        "--max-restarts",
        type=_count,
        default=5,
        metavar="N",
        help="crashes tolerated within --window; one more gives up (default 5)",
    )
    p.add_argument(
        "--window", type=positive_float, default=60.0, metavar="S", help="the crash-loop window in seconds (default 60)"
    )
    p.add_argument(
        "--heartbeat-timeout",
        type=positive_float,
        default=None,
        metavar="S",
        help="kill and restart a child silent for S seconds (default: not watched)",
    )
    p.add_argument(
        "--first-heartbeat",
        type=positive_float,
        default=30.0,
        metavar="S",
        help="with --heartbeat-timeout, seconds a child may take to its first heartbeat (default 30)",
    )
    p.add_argument(
        "--stop-grace",
        type=positive_float,
        default=10.0,
        metavar="S",
        help="on SIGTERM, seconds between the child's SIGTERM and SIGKILL (default 10)",
    )
    p.add_argument(
        "command", nargs=argparse.REMAINDER, metavar="-- COMMAND ...", help="the agent command and its arguments"
    )
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from ledgermind.api import MemoryEngine  # handlers import the engine; --help does not
    from ledgermind.domain.errors import InvalidInput
    from ledgermind.supervision import RestartPolicy, Supervisor

    command = list(args.command)
    if command[:1] == ["--"]:
        command = command[1:]
    if not command:
        raise InvalidInput("supervise needs a command to run: ledgermind supervise ... -- COMMAND ARGS")
    initial, most = args.backoff
    policy = RestartPolicy(
        restart=args.restart, backoff_s=initial, backoff_max_s=most, max_restarts=args.max_restarts,
        window_s=args.window, heartbeat_timeout_s=args.heartbeat_timeout,
        first_heartbeat_s=args.first_heartbeat, stop_grace_s=args.stop_grace,
    )  # fmt: skip
    with MemoryEngine.open(args.db) as eng:
        return Supervisor(eng, owner_of(args), args.agent, command, policy).run()
