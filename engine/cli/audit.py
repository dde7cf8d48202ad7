"""``memledger audit beliefs|history|invalidation|conversation``: what was believed, when, why.

Reads the projections (after catching them up to the log head, unless
``--no-wait``). Times are ISO 8601; a time without an offset is taken as UTC.
Ids of another owner are reported exactly like ids that do not exist.
"""

from __future__ import annotations

import argparse
from datetime import datetime, timezone
from typing import Any

from memledger.api import MemoryEngine
from memledger.cli.options import add_db, add_json, add_owner
from memledger.cli.output import print_json, print_table
from memledger.domain.errors import InvalidTimestamp
from memledger.domain.owner import Owner

__all__ = ["register"]


def register(sub: Any) -> None:
    p = sub.add_parser("audit", help="audit beliefs and conversations (as of / known at)",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    cmds = p.add_subparsers(dest="action", metavar="ACTION", required=True)

    beliefs = cmds.add_parser("beliefs", help="an owner's beliefs as of valid time T, known at T'",
                              description="Beliefs valid at --valid-at as the engine held them at "
                              "--known-at (both default to now).")
    _common(beliefs)
    beliefs.add_argument("--valid-at", default=None, help="valid time (ISO 8601; default now)")
    beliefs.add_argument("--known-at", default=None, help="transaction time (ISO 8601; default now)")
    beliefs.add_argument("--kind", action="append", default=None, help="only this kind; repeatable")
    beliefs.set_defaults(handler=_beliefs)

    history = cmds.add_parser("history", help="every version of one belief, with causes and sources",
                              description="Every version of one belief: the event that opened it, "
                              "its reason, its valid and transaction times and its source messages.")
    _common(history)
    history.add_argument("memory_id")
    history.set_defaults(handler=_history)

    inval = cmds.add_parser("invalidation", help="when and why a belief was invalidated",
                            description="The invalidation of one belief: invalid_at, when it was "
                            "recorded, the reason, the cause and the superseding belief.")
    _common(inval)
    inval.add_argument("memory_id")
    inval.set_defaults(handler=_invalidation)

    conv = cmds.add_parser("conversation", help="a session's conversation as it stood at a time",
                           description="The messages the log held for a session at --at.")
    _common(conv)
    conv.add_argument("session_id")
    conv.add_argument("--at", default=None, help="transaction time (ISO 8601; default now)")
    conv.set_defaults(handler=_conversation)


def _common(parser: argparse.ArgumentParser) -> None:
    add_db(parser)
    add_owner(parser)
    parser.add_argument("--no-wait", action="store_true",
                        help="read the projections as they are, without catching up first")
    add_json(parser)


def parse_time(text: str | None) -> datetime | None:
    if text is None:
        return None
    try:
        value = datetime.fromisoformat(text)
    except ValueError:
        raise InvalidTimestamp(f"not an ISO 8601 time: {text!r}") from None
    return value if value.tzinfo is not None else value.replace(tzinfo=timezone.utc)


def _with_side(args: argparse.Namespace, query: Any) -> Any:
    with MemoryEngine.open(args.db) as eng:
        side = eng.projections
        if not args.no_wait:
            side.wait_for_head()
        return query(side, Owner(args.app, args.user))


def _iso(value: Any) -> str:
    return value.isoformat(timespec="seconds") if isinstance(value, datetime) else ("" if value is None else str(value))


def _beliefs(args: argparse.Namespace) -> int:
    from memledger.projections.audit import beliefs_as_of

    valid, known = parse_time(args.valid_at), parse_time(args.known_at)
    rows = _with_side(args, lambda side, owner: beliefs_as_of(side, owner, valid, known, args.kind))
    if args.json:
        print_json(rows)
        return 0
    print_table(["memory_id", "kind", "statement", "valid_from", "invalid_at", "recorded_at", "conf"],
                [(r["memory_id"], r["kind"], r["statement"], _iso(r["valid_from"]), _iso(r["invalid_at"]),
                  _iso(r["recorded_at"]), f"{r['confidence']:.2f}") for r in rows])
    return 0


def _history(args: argparse.Namespace) -> int:
    from memledger.projections.audit import belief_history

    rows = _with_side(args, lambda side, owner: belief_history(side, owner, args.memory_id))
    if args.json:
        print_json(rows)
        return 0
    print_table(["seq", "event", "statement", "valid", "recorded", "expired", "reason", "sources"],
                [(r["seq"], r["opened_by"], r["statement"],
                  f"{_iso(r['valid_from'])}..{_iso(r['invalid_at'])}", _iso(r["recorded_at"]),
                  _iso(r["expired_at"]), r["reason"],
                  "; ".join(f"{m['session_id'][:8]}#{m['seq']} {m['content']}" for m in r["source_messages"]))
                 for r in rows], max_width=48)
    return 0


def _invalidation(args: argparse.Namespace) -> int:
    from memledger.projections.audit import invalidation

    found = _with_side(args, lambda side, owner: invalidation(side, owner, args.memory_id))
    if args.json:
        print_json(found)
        return 0
    if found is None:
        print(f"memory {args.memory_id} was never invalidated")
        return 0
    successor = found["successor"] or {}
    print(f"belief:        {found['statement']}\n"
          f"held from:     {_iso(found['valid_from'])}\n"
          f"invalid at:    {_iso(found['invalid_at'])} (valid time)\n"
          f"recorded at:   {_iso(found['recorded_at'])} (when the engine learned it)\n"
          f"reason:        {found['reason']}\n"
          f"cause:         {found['cause']}\n"
          f"superseded by: {found['superseded_by'] or '-'} {successor.get('statement') or ''}")
    for m in found["cause_messages"]:
        print(f"  cause message {m['session_id'][:8]}#{m['seq']} {m['role']}: {m['content']}")
    return 0


def _conversation(args: argparse.Namespace) -> int:
    from memledger.projections.audit import conversation_at

    at = parse_time(args.at)
    conv = _with_side(args, lambda side, owner: conversation_at(side, owner, args.session_id, at))
    if args.json:
        print_json(conv)
        return 0
    print(f"session {conv['session_id']} at {_iso(conv['at'])}: {conv['status']}, "
          f"{conv['message_count']} messages")
    print_table(["seq", "role", "recorded_at", "content"],
                [(m["seq"], m["role"], _iso(m["recorded_at"]), m["content"]) for m in conv["messages"]])
    return 0
