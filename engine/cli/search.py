"""``memledger search``: hybrid search (or the context block) for one owner."""

from __future__ import annotations

import argparse
from datetime import datetime
from typing import Any

from memledger.api import MemoryEngine
from memledger.cli.options import add_db, add_json, add_owner
from memledger.cli.output import print_json, print_table
from memledger.domain.owner import Owner

__all__ = ["register"]


def register(sub: Any) -> None:
    p = sub.add_parser(
        "search",
        help="search an owner's memories (dense + lexical, fused by RRF)",
        description="Searches one owner's beliefs (and with --messages their raw conversation "
        "turns) as of a bitemporal point (default now). With --context, prints the block "
        "build_context would inject into a prompt instead.",
    )
    add_db(p)
    add_owner(p)
    p.add_argument("query", help="what to look for")
    p.add_argument("-k", type=int, default=10, help="how many results (default 10)")
    p.add_argument("--kind", action="append", choices=["fact", "episode", "experience"],
                   help="only this kind (repeatable; falls back to all when fewer than 3 hit)")
    p.add_argument("--as-of", type=_when, default=None, metavar="ISO",
                   help="valid time, e.g. 2026-03-15T00:00:00+00:00 (default now)")
    p.add_argument("--known-at", type=_when, default=None, metavar="ISO",
                   help="transaction time: what the engine knew then (default now)")
    p.add_argument("--messages", action="store_true", help="also search raw conversation turns")
    p.add_argument("--context", action="store_true", help="print the build_context block")
    p.add_argument("--budget", type=int, default=800, help="token budget for --context")
    add_json(p)
    p.set_defaults(handler=run)


def _when(text: str) -> datetime:
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an ISO time: {text!r}") from None
    if moment.tzinfo is None:
        raise argparse.ArgumentTypeError("give a timezone, e.g. +00:00")
    return moment


def run(args: argparse.Namespace) -> int:
    owner = Owner(args.app, args.user)
    with MemoryEngine.open(args.db) as eng:
        eng.projections.wait(eng.log.recorder.max_notification_id() or 0, timeout=60)
        if args.context:
            block = eng.build_context(owner, args.query, token_budget=args.budget,
                                      time_budget_ms=10_000, include_messages=args.messages)
            if args.json:
                print_json({"context": block})
            else:
                print(block)
            return 0
        hits = eng.search(owner, args.query, k=args.k, kinds=args.kind, as_of=args.as_of,
                          known_at=args.known_at, include_messages=args.messages)
    if args.json:
        print_json([h.as_dict() for h in hits])
        return 0
    print_table(
        ["score", "kind", "valid_from", "statement", "id"],
        [(f"{h.score:.4f}", h.kind, h.valid_from.date().isoformat(), h.statement, h.id) for h in hits],
    )
    return 0
