"""``ledgermind projections run|rebuild|status|drop|quarantine``: operate the read models.

``run`` is the separate worker (set ``LEDGERMIND_PROJECTIONS_IN_PROCESS=0`` for
the engines that write, so they do not also run projections); ``rebuild``
builds the next version beside the live one and switches readers atomically;
``status`` shows version, position, lag, row counts and quarantined events;
``drop`` removes a retired version's tables. ``quarantine list`` shows the
events a projection could not fold (they were skipped so that every other
owner's reads go on; their owner is named) and ``quarantine retry`` folds them
again with the code installed now (a runner also does so by itself on start
after an upgrade).

Every command sees the built-in projections, the installed ones (entry
points in the group ``ledgermind.projections``) and those named with
``--plugin module:attr`` (a ``ledgermind.projections.Projection`` subclass
importable from here; repeatable).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, Any

from ledgermind.cli.options import add_db, add_json, positive_float, positive_int
from ledgermind.cli.output import print_json, print_table
from ledgermind.domain.config import EngineConfig
from ledgermind.domain.errors import InvalidInput

if TYPE_CHECKING:
    from ledgermind.api import MemoryEngine

__all__ = ["register"]


def register(sub: Any) -> None:
    p = sub.add_parser(
        "projections",
        help="run, rebuild, inspect or drop read-model projections",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    cmds = p.add_subparsers(dest="action", metavar="ACTION", required=True)

    run = cmds.add_parser(
        "run",
        help="follow the event log and keep projections current",
        description="The projection worker: catches up, then follows the log "
        "(LISTEN/NOTIFY on PostgreSQL, polling on SQLite) until SIGTERM/SIGINT.",
    )
    add_db(run)
    run.add_argument("--names", default=None, help="comma-separated projections (default: all)")
    run.add_argument("--batch-size", type=positive_int, default=500, help="events per transaction (default 500)")
    run.add_argument("--poll", type=positive_float, default=0.25, help="polling interval in seconds")
    run.add_argument("--until-caught-up", action="store_true", help="catch up to the head, then exit")
    run.add_argument("--verbose", action="store_true", help="print one line per committed batch")
    run.add_argument(
        "--lease-ttl",
        type=positive_float,
        default=10.0,
        help="seconds a worker's lease on a projection lasts unrenewed: several workers "
        "share the projections, one worker each, and take over a dead worker's (default 10)",
    )
    _add_plugin(run)
    run.set_defaults(handler=_run)

    rebuild = cmds.add_parser(
        "rebuild",
        help="build version N+1 from position 0, then switch readers",
        description="Builds the next version of NAME into new tables while "
        "version N keeps serving, catches up to the live head and switches "
        "readers atomically. Old tables stay until `projections drop`.",
    )
    add_db(rebuild)
    rebuild.add_argument("name", help="projection name (sessions, tasks, memory, ...)")
    rebuild.add_argument(
        "--param",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="override one of the projection's declared parameters (e.g. --param "
        "dim=384), checked against its defaults' names and types; repeatable",
    )
    rebuild.add_argument("--batch-size", type=positive_int, default=500, help="events per transaction")
    rebuild.add_argument("--no-progress", action="store_true", help="no progress bar")
    _add_plugin(rebuild)
    add_json(rebuild)
    rebuild.set_defaults(handler=_rebuild)

    status = cmds.add_parser(
        "status",
        help="version, position, lag and row counts",
        description="Every projection version with its state, position, lag behind the log head and row counts.",
    )
    add_db(status)
    status.add_argument("--name", default=None, help="only this projection")
    _add_plugin(status)
    add_json(status)
    status.set_defaults(handler=_status)

    drop = cmds.add_parser(
        "drop",
        help="drop a retired version's tables",
        description="Drops the tables and records of one non-active version.",
    )
    add_db(drop)
    drop.add_argument("name")
    drop.add_argument("--version", type=int, required=True, help="the version to drop")
    _add_plugin(drop)
    add_json(drop)
    drop.set_defaults(handler=_drop)

    quarantine = cmds.add_parser(
        "quarantine",
        help="list or retry events a projection could not fold",
        description="Events a projection could not fold are quarantined (recorded with their "
        "owner, topic and a scrubbed error) so that the read side goes on for everyone else.",
    )
    qcmds = quarantine.add_subparsers(dest="quarantine_action", metavar="ACTION", required=True)
    qlist = qcmds.add_parser("list", help="every quarantined event, in log order")
    add_db(qlist)
    qlist.add_argument("--name", default=None, help="only this projection")
    add_json(qlist)
    qlist.set_defaults(handler=_quarantine_list)
    qretry = qcmds.add_parser("retry", help="fold quarantined events again; each that folds is released")
    add_db(qretry)
    qretry.add_argument("--name", default=None, help="only this projection")
    _add_plugin(qretry)
    which = qretry.add_mutually_exclusive_group(required=True)
    which.add_argument("--all", action="store_true", help="every quarantined event")
    which.add_argument(
        "position",
        nargs="?",
        type=int,
        default=None,
        help="the log position (notification id) of one quarantined event",
    )
    add_json(qretry)
    qretry.set_defaults(handler=_quarantine_retry)


def _add_plugin(parser: Any) -> None:
    parser.add_argument(
        "--plugin",
        action="append",
        default=[],
        metavar="MODULE:ATTR",
        help="also load this projection class (a ledgermind.projections.Projection "
        "subclass); installed ones (entry points) are found without it; repeatable",
    )


def _discover(args: argparse.Namespace) -> None:
    """Loads ``--plugin`` projections (entry points load on first use). The
    working directory is importable for them, as for ``python -m``: an
    operator's module beside the database need not be installed."""
    from ledgermind.api import ProjectionAdmin

    if args.plugin and os.getcwd() not in sys.path and "" not in sys.path:
        sys.path.insert(0, os.getcwd())
    ProjectionAdmin.load_plugins(args.plugin)


def _open(db: str, *, create: bool = True) -> MemoryEngine:
    from ledgermind.api import MemoryEngine  # handlers import the engine; --help does not

    return MemoryEngine.open(db, config=EngineConfig.from_env(projections_in_process=False), create=create)


def _run(args: argparse.Namespace) -> int:
    from ledgermind.api.stop_signals import on_stop_signals

    _discover(args)
    names = [n.strip() for n in args.names.split(",") if n.strip()] if args.names else None

    def report(proj: Any, old: int, new: int) -> None:
        print(f"BATCH {proj.name} v{proj.version} {old} {new}", flush=True)

    with (
        _open(args.db) as eng,
        eng.projection_admin().worker(
            names,
            batch_size=args.batch_size,
            poll_interval=args.poll,
            on_batch=report if args.verbose else None,
            # following: one worker per projection at a time (a one-shot catch-up does them all)
            lease_ttl=None if args.until_caught_up else args.lease_ttl,
        ) as runner,
    ):
        if args.until_caught_up:
            applied = runner.catch_up()
            print(f"caught up: {applied} events applied", flush=True)
            for entry in runner.released:
                print(
                    f"released {entry.name} v{entry.version} position {entry.position}: "
                    "retried after an upgrade, folded",
                    flush=True,
                )
            for entry in runner.quarantined:
                print(
                    f"quarantined {entry.name} v{entry.version} position {entry.position} "
                    f"({entry.topic}, owner {entry.app}/{entry.user_id}): {entry.error_type}",
                    flush=True,
                )
            if runner.quarantined:
                print(
                    f"{len(runner.quarantined)} events quarantined; other owners are current "
                    "(see `ledgermind projections quarantine list`)",
                    flush=True,
                )
            return 0
        on_stop_signals(lambda _: runner.stop())
        print(f"following {eng.backend.display} ({', '.join(runner.factories)})", flush=True)
        runner.run_forever()
    return 0


def _params(name: str, pairs: list[str]) -> dict[str, Any]:
    """``--param KEY=VALUE`` pairs checked against the parameters projection
    ``name`` declares (its registered defaults): an unknown name or a value
    that is not of the default's type is refused before anything is built,
    since a rebuild with a typo would silently make a new version."""
    from ledgermind.api import ProjectionAdmin

    declared = ProjectionAdmin.parameters(name)
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise InvalidInput(f"--param wants KEY=VALUE, got {pair!r:.60}")
        if key not in declared:
            known = ", ".join(sorted(declared)) or "none"
            raise InvalidInput(f"projection {name!r} has no parameter {key!r:.40} (its parameters: {known})")
        out[key] = _typed(key, value, declared[key])
    return out


def _typed(key: str, value: str, default: Any) -> Any:
    kind = type(default)
    try:
        if kind is bool:
            truth = {
                "1": True,
                "true": True,
                "yes": True,
                "on": True,
                "0": False,
                "false": False,
                "no": False,
                "off": False,
            }
            return truth[value.strip().lower()]
        if kind is int:
            number = int(value)
            if number <= 0:
                raise ValueError(value)
            return number
        if kind is float:
            return float(value)
    except (KeyError, ValueError):
        raise InvalidInput(
            f"--param {key} wants a positive integer, got {value!r:.40}"
            if kind is int
            else f"--param {key} wants a {kind.__name__}, got {value!r:.40}"
        ) from None
    return value


def _rebuild(args: argparse.Namespace) -> int:
    _discover(args)
    with _open(args.db, create=False) as eng:  # a rebuild of nothing is a mistyped path
        report = eng.projection_admin().rebuild(
            args.name,
            params=_params(args.name, args.param),
            batch_size=args.batch_size,
            progress=not args.no_progress and not args.json and sys.stderr.isatty(),
        )
    result = {
        "name": report.name,
        "old_version": report.old_version,
        "new_version": report.new_version,
        "position": report.position,
        "events": report.events,
        "seconds": round(report.seconds, 3),
        "events_per_second": round(report.events_per_second),
    }
    if args.json:
        print_json(result)
    else:
        was = "new" if report.old_version is None else f"was v{report.old_version}"
        print(
            f"{report.name}: v{report.new_version} is active ({was}); "
            f"{report.events} events to position {report.position} in {report.seconds:.2f}s "
            f"({report.events_per_second:,.0f} events/s)"
        )
    return 0


def _status(args: argparse.Namespace) -> int:
    _discover(args)
    with _open(args.db, create=False) as eng:
        rows = eng.projection_admin().status(args.name)
    if args.json:
        print_json([r.as_dict() for r in rows])
        return 0
    print_table(
        ["projection", "version", "state", "position", "head", "lag", "quarantined", "rows"],
        [
            (
                r.name,
                r.version,
                r.state,
                r.position,
                r.head,
                r.lag,
                f"{r.quarantined} ({', '.join(r.quarantined_owners)})" if r.quarantined else "0",
                ", ".join(f"{k}={v}" for k, v in r.rows.items()),
            )
            for r in rows
        ],
        max_width=100,
    )
    return 0


def _quarantine_list(args: argparse.Namespace) -> int:
    with _open(args.db, create=False) as eng:
        entries = eng.projection_admin().quarantined(args.name)
    if args.json:
        print_json([e.as_dict() for e in entries])
        return 0
    print_table(
        ["projection", "version", "position", "owner", "topic", "error", "ledgermind", "attempts"],
        [
            (
                e.name,
                e.version,
                e.position,
                f"{e.app}/{e.user_id}",
                e.topic,
                f"{e.error_type}: {e.error}",
                e.ledgermind_version,
                e.attempts,
            )
            for e in entries
        ],
        max_width=100,
    )
    return 0


def _quarantine_retry(args: argparse.Namespace) -> int:
    _discover(args)
    with _open(args.db, create=False) as eng:
        reports = eng.projection_admin().retry(args.name, None if args.all else [args.position])
    released = [e for r in reports for e in r.released]
    failed = [e for r in reports for e in r.failed]
    if not reports and not args.all:
        raise InvalidInput(f"no quarantined event at position {args.position}")
    if args.json:
        print_json({"released": [e.as_dict() for e in released], "failed": [e.as_dict() for e in failed]})
    else:
        for e in released:
            print(f"released {e.name} v{e.version} position {e.position} (owner {e.app}/{e.user_id})")
        for e in failed:
            print(f"still quarantined {e.name} v{e.version} position {e.position}: {e.error_type}: {e.error}")
        print(f"{len(released)} released, {len(failed)} still quarantined")
    return 0 if not failed else 1


def _drop(args: argparse.Namespace) -> int:
    _discover(args)
    with _open(args.db, create=False) as eng:
        eng.projection_admin().drop(args.name, args.version)
    if args.json:
        print_json({"name": args.name, "dropped_version": args.version})
    else:
        print(f"dropped {args.name} v{args.version}")
    return 0
