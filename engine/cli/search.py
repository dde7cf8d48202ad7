"""``ledgermind search``: hybrid search (or the context block) for one owner.

The table shows each result's relevance (0..1, the same number the Python,
HTTP and MCP results carry: ``ledgermind.retrieval.relevance``), in the
order every surface serves: by relevance (``retrieval.search.by_relevance``:
the ranking chooses which ``k`` are served, the relevance orders them).
``--json`` also has the raw fused ``score`` that chose them.
"""

from __future__ import annotations

import argparse
from typing import Any

from ledgermind.cli.options import add_db, add_json, add_owner, add_time, owner_of, positive_int, warn
from ledgermind.cli.output import print_json, print_table

__all__ = ["register"]


def register(sub: Any) -> None:
    p = sub.add_parser(
        "search",
        help="search an owner's memories (dense + lexical, fused by RRF)",
        description="Searches one owner's beliefs (and with --messages their raw conversation "
        "turns) as of a bitemporal point (default now). With --context, prints the block "
        "build_context would inject into a prompt instead (and says on stderr why it is empty, "
        "when it is). Results come in order of relevance (0..1, comparable across questions); "
        "--json also has the raw fused score that chose them.",
    )
    add_db(p)
    add_owner(p)
    p.add_argument("query", help="what to look for")
    p.add_argument("-k", type=positive_int, default=10, help="how many results (default 10)")
    p.add_argument(
        "--kind",
        action="append",
        choices=["fact", "episode", "experience"],
        help="only this kind (repeatable; falls back to all when fewer than 3 hit)",
    )
    add_time(p)
    p.add_argument("--messages", action="store_true", help="also search raw conversation turns")
    p.add_argument("--context", action="store_true", help="print the build_context block")
    p.add_argument("--budget", type=positive_int, default=800, help="token budget for --context (default 800)")
    add_json(p)
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from ledgermind.api import MemoryEngine  # handlers import the engine; --help does not

    owner = owner_of(args)
    with MemoryEngine.open(args.db, create=False) as eng:
        eng.projections.wait_for_head()
        if args.context:
            if args.valid_at is not None or args.known_at is not None:
                warn("--context is always as of now; --valid-at / --known-at apply to search only")
            block = eng.for_owner(owner).build_context(
                args.query, token_budget=args.budget, time_budget_ms=10_000, include_messages=args.messages
            )
            why = "" if block else _why_empty(eng, owner, args)
            if args.json:
                print_json({"context": block, "empty_because": why or None})
            elif block:
                print(block)
            if why:
                warn(f"the context is empty: {why}")
            return 0
        hits = eng.for_owner(owner).search(
            args.query,
            k=args.k,
            kinds=args.kind,
            as_of=args.valid_at,
            known_at=args.known_at,
            include_messages=args.messages,
        )
    if args.json:
        print_json([h.as_dict() for h in hits])
        return 0
    if not hits:
        warn(f"nothing found for {args.query!r} (owner {owner.app}/{owner.user_id})")
        return 0
    print_table(
        ["relevance", "kind", "valid_from", "statement", "id"],
        [(f"{h.relevance:.2f}", h.kind, h.valid_from.date().isoformat(), h.statement, h.id) for h in hits],
    )
    return 0


def _why_empty(eng: Any, owner: Any, args: argparse.Namespace) -> str:
    """Why ``build_context`` gave nothing: the search found nothing, or what
    it found does not fit in the token budget."""
    hits = eng.for_owner(owner).search(args.query, k=1, include_messages=args.messages)
    if not hits:
        return f"nothing found for {args.query!r} (owner {owner.app}/{owner.user_id})"
    return (
        f"the budget of {args.budget} tokens is too small for the framing and the best match "
        f"({len(hits[0].statement)} characters); raise --budget"
    )
