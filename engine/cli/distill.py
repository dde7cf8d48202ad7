"""``ledgermind distill``: run the distiller, list and replay dead letters.

``distill run`` says what it does on stderr (one human-readable line when it
starts, one per committed batch with its counts, one when it stops);
``--once`` then prints the beliefs it added, revised or invalidated (a
table, or ``--json``) on stdout.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from ledgermind.cli.options import add_db, add_json, positive_float, positive_int
from ledgermind.cli.output import print_json, print_table

__all__ = ["register"]


def register(sub: Any) -> None:
    p = sub.add_parser(
        "distill",
        help="distil conversations into beliefs; dead letters",
        description="The distiller follows message.added in the event log and turns "
        "session deltas into memory events, exactly once.",
    )
    cmds = p.add_subparsers(dest="distill_command", metavar="SUBCOMMAND", required=True)

    run = cmds.add_parser(
        "run",
        help="follow the log and distil (a worker)",
        description="Distils every pending session delta; with --once, up to the "
        "current head and exit, otherwise keep following until SIGINT/SIGTERM.",
    )
    add_db(run)
    _add_follower(run)
    run.add_argument("--once", action="store_true", help="distil up to the head, then exit")
    run.add_argument("--poll", type=positive_float, default=1.0, help="seconds between polls (default 1)")
    run.add_argument(
        "--min-messages",
        type=positive_int,
        default=None,
        metavar="N",
        help="only extract a session's delta once it has more than N messages",
    )
    run.add_argument(
        "--min-interval",
        type=positive_float,
        default=None,
        metavar="SECONDS",
        help="only extract a session more than SECONDS after its last extraction",
    )
    run.add_argument("--max-attempts", type=positive_int, default=3, help="failures before a dead letter")
    run.add_argument(
        "--llm-url",
        default=os.environ.get("LEDGERMIND_LLM_URL"),
        help="OpenAI-compatible endpoint (…/v1) to extract with instead of the rules "
        "(default: $LEDGERMIND_LLM_URL; the key comes from $LEDGERMIND_LLM_API_KEY)",
    )
    run.add_argument(
        "--llm-model",
        default=os.environ.get("LEDGERMIND_LLM_MODEL", "default"),
        help="model name for --llm-url (default: $LEDGERMIND_LLM_MODEL)",
    )
    run.add_argument(
        "--llm-use",
        default=os.environ.get("LEDGERMIND_LLM_USE", "extract,judge"),
        metavar="USES",
        help="what the model does, comma-separated: extract (it reads the messages instead of the rules), "
        "judge (it decides statements the rules would record as a conflict: ADD / UPDATE / NOOP / CONFLICT); "
        "default: $LEDGERMIND_LLM_USE or both. Every call is recorded (audit model-call)",
    )
    run.add_argument(
        "--llm-timeout",
        type=positive_float,
        default=None,
        metavar="SECONDS",
        help="seconds per model call (default: $LEDGERMIND_LLM_TIMEOUT_S or 30); a judge call that fails "
        "or times out leaves the rule decision (a conflict), recorded as such",
    )
    add_json(run)
    run.set_defaults(handler=_run)

    letters = cmds.add_parser(
        "dead-letters",
        help="list deltas that failed to distil",
        description="Open dead letters (failed deltas not yet replayed).",
    )
    add_db(letters)
    add_json(letters)
    letters.set_defaults(handler=_dead_letters)

    replay = cmds.add_parser(
        "replay",
        help="distil a dead-lettered delta again",
        description="Re-reads the dead letter's messages from the log, distils "
        "them and records distill.replayed, atomically.",
    )
    add_db(replay)
    _add_follower(replay)
    replay.add_argument("letter_id", metavar="ID", help="the dead letter id (see dead-letters)")
    add_json(replay)
    replay.set_defaults(handler=_replay)


def _add_follower(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--follower",
        default=os.environ.get("LEDGERMIND_DISTILLER", "distiller"),
        help="the distiller's name: its tracking position (default: distiller)",
    )


def _checker(args: argparse.Namespace) -> Any:
    from ledgermind.api.distilling import all_of, message_count_gt, time_since_last_gt

    checks = []
    if args.min_messages is not None:
        checks.append(message_count_gt(args.min_messages))
    if args.min_interval is not None:
        checks.append(time_since_last_gt(args.min_interval))
    return all_of(*checks) if checks else None


def _llm(eng: Any, args: argparse.Namespace) -> tuple[Any, Any]:
    """(extractor or None, reconcile config) for --llm-url / --llm-use."""
    from ledgermind.api.distilling import llm_config, llm_config_from_env, llm_setup, llm_uses

    uses = llm_uses(args.llm_use)
    if not args.llm_url:
        return llm_setup(eng, None, uses)
    timeout = args.llm_timeout
    if timeout is None:
        from_env = llm_config_from_env({**os.environ, "LEDGERMIND_LLM_URL": args.llm_url})
        timeout = None if from_env is None else from_env.timeout_s
    config = llm_config(args.llm_url, args.llm_model, os.environ.get("LEDGERMIND_LLM_API_KEY"), timeout)
    return llm_setup(eng, config, uses)


def _logger() -> Any:
    """Human-readable lines on stderr for the worker (stdout stays for results)."""
    import logging

    handler = logging.StreamHandler(sys.stderr)
    handler.set_name("ledgermind-cli")
    handler.setFormatter(logging.Formatter("%(asctime)s distill %(levelname)s %(message)s", "%Y-%m-%dT%H:%M:%S%z"))
    root = logging.getLogger("ledgermind")
    for old in [h for h in root.handlers if h.get_name() == "ledgermind-cli"]:
        root.removeHandler(old)  # main() called again in one process (tests): one handler, today's stderr
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    return logging.getLogger("ledgermind.cli.distill")


def _counts(report: Any) -> str:
    return (
        f"{report.windows} delta(s), {report.items} item(s), {report.changes} belief change(s) "
        f"[{_by_change(report)}], {report.dead_lettered} dead-lettered, {report.conflicts} conflict(s), "
        f"{report.model_calls} model call(s); position {report.position}"
    )


def _by_change(report: Any) -> str:
    tally: dict[str, int] = {}
    for b in report.beliefs:
        tally[b.change] = tally.get(b.change, 0) + 1
    return ", ".join(f"{n} {change}" for change, n in sorted(tally.items())) or "none"


def _run(args: argparse.Namespace) -> int:
    import threading

    from ledgermind.api import MemoryEngine  # handlers import the engine; --help does not
    from ledgermind.api.distilling import DistillLease
    from ledgermind.api.stop_signals import on_stop_signals

    _log = _logger()
    with MemoryEngine.open(args.db) as eng:
        # Following (not --once): under the follower's lease, so a service that distils in process,
        # or a second worker, never extracts the same delta as this one.
        lease = None if args.once else DistillLease(eng.backend, args.follower)
        llm_extractor, config = _llm(eng, args)
        distiller = eng.distiller(
            follower=args.follower,
            checker=_checker(args),
            extractor=llm_extractor,
            config=config,
            max_attempts=args.max_attempts,
            lease=lease,
        )
        extractor = f"LLM {args.llm_model} at {args.llm_url}" if llm_extractor is not None else "the rule extractor"
        if config.judge is not None:
            extractor += f", grey zone decided by LLM {args.llm_model}"
        _log.info(
            "started: follower %r on %s with %s%s",
            args.follower,
            eng.backend.display,
            extractor,
            " (once, up to the head)" if args.once else f" (polling every {args.poll:g}s)",
        )
        if args.once:
            report = distiller.run_once()
            _log.info("stopped: %s", _counts(report))
            _print_once(args, report)
            return 0
        stop = threading.Event()
        on_stop_signals(lambda _: stop.set())
        totals = {"windows": 0, "changes": 0, "dead_lettered": 0}

        def batch(report: Any) -> None:
            for key in totals:
                totals[key] += getattr(report, key)
            _log.info("batch: %s", _counts(report))

        distiller.run_forever(stop.is_set, poll_s=args.poll, on_report=batch)
        _log.info(
            "stopped (signal): %d delta(s), %d belief change(s), %d dead-lettered in all",
            totals["windows"],
            totals["changes"],
            totals["dead_lettered"],
        )
    return 0


def _print_once(args: argparse.Namespace, report: Any) -> None:
    fields = {k: getattr(report, k) for k in report.__dataclass_fields__ if k != "beliefs"}
    if args.json:
        print_json({**fields, "beliefs": [b.as_dict() for b in report.beliefs]})
        return
    print_table(["field", "value"], list(fields.items()))
    if report.beliefs:
        print()
        print_table(
            ["change", "memory_id", "owner", "session", "statement"],
            [
                (b.change, b.memory_id, f"{b.app}/{b.user_id}", b.session_id[:8], b.statement or "")
                for b in report.beliefs
            ],
            max_width=72,
        )


def _dead_letters(args: argparse.Namespace) -> int:
    from ledgermind.api import MemoryEngine

    with MemoryEngine.open(args.db, create=False) as eng:
        letters = eng.distiller().dead_letters()
    if args.json:
        print_json([d.as_dict() for d in letters])
        return 0
    print_table(
        ["id", "app", "user", "session", "items", "attempts", "error"],
        [(d.letter_id, d.app, d.user_id, d.session_id, len(d.items), d.attempts, d.error) for d in letters],
        max_width=80,
    )
    return 0


def _replay(args: argparse.Namespace) -> int:
    from ledgermind.api import MemoryEngine

    with MemoryEngine.open(args.db, create=False) as eng:
        ids = eng.distiller(follower=args.follower).replay(args.letter_id)
    if args.json:
        print_json({"letter_id": args.letter_id, "memory_ids": ids})
    else:
        print(f"replayed {args.letter_id}: {len(ids)} belief change(s)")
    return 0
