"""``memledger distill``: run the distiller, list and replay dead letters."""

from __future__ import annotations

import argparse
import os
import signal
import threading
from typing import Any

from memledger.api import MemoryEngine
from memledger.cli.options import add_db, add_json
from memledger.cli.output import print_json, print_table

__all__ = ["register"]


def register(sub: Any) -> None:
    p = sub.add_parser("distill", help="distil conversations into beliefs; dead letters",
                       description="The distiller follows message.added in the event log and turns "
                       "session deltas into memory events, exactly once.")
    cmds = p.add_subparsers(dest="distill_command", metavar="SUBCOMMAND", required=True)

    run = cmds.add_parser("run", help="follow the log and distil (a worker)",
                          description="Distils every pending session delta; with --once, up to the "
                          "current head and exit, otherwise keep following until SIGINT/SIGTERM.")
    add_db(run)
    _add_follower(run)
    run.add_argument("--once", action="store_true", help="distil up to the head, then exit")
    run.add_argument("--poll", type=float, default=1.0, help="seconds between polls (default 1)")
    run.add_argument("--min-messages", type=int, default=None, metavar="N",
                     help="only extract a session's delta once it has more than N messages")
    run.add_argument("--min-interval", type=float, default=None, metavar="SECONDS",
                     help="only extract a session more than SECONDS after its last extraction")
    run.add_argument("--max-attempts", type=int, default=3, help="failures before a dead letter")
    run.add_argument("--llm-url", default=os.environ.get("MEMLEDGER_LLM_URL"),
                     help="OpenAI-compatible endpoint (…/v1) to extract with instead of the rules "
                     "(default: $MEMLEDGER_LLM_URL; the key comes from $MEMLEDGER_LLM_API_KEY)")
    run.add_argument("--llm-model", default=os.environ.get("MEMLEDGER_LLM_MODEL", "default"),
                     help="model name for --llm-url (default: $MEMLEDGER_LLM_MODEL)")
    add_json(run)
    run.set_defaults(handler=_run)

    letters = cmds.add_parser("dead-letters", help="list deltas that failed to distil",
                              description="Open dead letters (failed deltas not yet replayed).")
    add_db(letters)
    add_json(letters)
    letters.set_defaults(handler=_dead_letters)

    replay = cmds.add_parser("replay", help="distil a dead-lettered delta again",
                             description="Re-reads the dead letter's messages from the log, distils "
                             "them and records distill.replayed, atomically.")
    add_db(replay)
    _add_follower(replay)
    replay.add_argument("letter_id", metavar="ID", help="the dead letter id (see dead-letters)")
    add_json(replay)
    replay.set_defaults(handler=_replay)


def _add_follower(p: argparse.ArgumentParser) -> None:
    p.add_argument("--follower", default=os.environ.get("MEMLEDGER_DISTILLER", "distiller"),
                   help="the distiller's name: its tracking position (default: distiller)")


def _checker(args: argparse.Namespace) -> Any:
    from memledger.distill.checkers import all_of, message_count_gt, time_since_last_gt

    checks = []
    if args.min_messages is not None:
        checks.append(message_count_gt(args.min_messages))
    if args.min_interval is not None:
        checks.append(time_since_last_gt(args.min_interval))
    return all_of(*checks) if checks else None


def _extractor(args: argparse.Namespace) -> Any:
    if not args.llm_url:
        return None
    from memledger.distill.llm_extractor import LLMConfig, LLMExtractor

    return LLMExtractor(LLMConfig(args.llm_url, args.llm_model, os.environ.get("MEMLEDGER_LLM_API_KEY")))


def _run(args: argparse.Namespace) -> int:
    from memledger.distill.distiller import Distiller  # loaded only when distilling

    with MemoryEngine.open(args.db) as eng:
        distiller = Distiller(eng.writes, follower=args.follower, checker=_checker(args),
                              extractor=_extractor(args), max_attempts=args.max_attempts)
        if args.once:
            report = distiller.run_once()
            if args.json:
                print_json(_fields(report))
            else:
                print_table(["field", "value"], list(_fields(report).items()))
            return 0
        stop = threading.Event()
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, lambda *_: stop.set())
        distiller.run_forever(stop.is_set, poll_s=args.poll)
    return 0


def _dead_letters(args: argparse.Namespace) -> int:
    from memledger.distill.dead_letters import list_dead_letters

    with MemoryEngine.open(args.db) as eng:
        letters = list_dead_letters(eng.writes)
    if args.json:
        print_json([d.as_dict() for d in letters])
        return 0
    print_table(["id", "app", "user", "session", "items", "attempts", "error"],
                [(d.letter_id, d.app, d.user_id, d.session_id, len(d.items), d.attempts, d.error)
                 for d in letters], max_width=80)
    return 0


def _replay(args: argparse.Namespace) -> int:
    from memledger.distill.distiller import Distiller

    with MemoryEngine.open(args.db) as eng:
        ids = Distiller(eng.writes, follower=args.follower).replay(args.letter_id)
    if args.json:
        print_json({"letter_id": args.letter_id, "memory_ids": ids})
    else:
        print(f"replayed {args.letter_id}: {len(ids)} belief change(s)")
    return 0


def _fields(report: Any) -> dict[str, Any]:
    return {k: getattr(report, k) for k in report.__dataclass_fields__}
