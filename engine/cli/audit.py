"""``memledger audit beliefs|history|invalidation|conversation|agent``: what was believed, when, why.

Reads the projections (after catching them up to the log head, unless
``--no-wait``). Times are RFC 3339 or dates; a time without an offset is UTC.
Ids may be short, as tables print them (``dfd036c8``, or ``dfd036c8#2`` for
message 2 of that session): a unique prefix among the owner's ids. Ids of
another owner are reported exactly like ids that do not exist. ``agent``
reads the agent's own stream from the event log: its sessions, checkpoints,
incarnations, crashes and stops (every restart ``memledger supervise`` made).
"""

from __future__ import annotations

import argparse
from datetime import datetime
from typing import Any

from memledger.cli.options import add_db, add_json, add_owner, add_time, owner_of
from memledger.cli.output import print_json, print_table
from memledger.domain.errors import InvalidId

__all__ = ["register"]


def register(sub: Any) -> None:
    p = sub.add_parser("audit", help="audit beliefs and conversations (as of / known at)",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    cmds = p.add_subparsers(dest="action", metavar="ACTION", required=True)

    beliefs = cmds.add_parser("beliefs", help="an owner's beliefs as of valid time T, known at T'",
                              description="Beliefs valid at --valid-at as the engine held them at "
                              "--known-at (both default to now).")
    _common(beliefs)
    add_time(beliefs)
    beliefs.add_argument("--kind", action="append", default=None, help="only this kind; repeatable")
    beliefs.set_defaults(handler=_beliefs)

    history = cmds.add_parser("history", help="every version of one belief, with causes and sources",
                              description="Every version of one belief: the event that opened it, "
                              "its reason, its valid and transaction times and its source messages.")
    _common(history)
    history.add_argument("memory_id", help="a belief id, or a unique prefix of it (at least 4 hex digits)")
    history.set_defaults(handler=_history)

    inval = cmds.add_parser("invalidation", help="when and why a belief was invalidated",
                            description="The invalidation of one belief: invalid_at, when it was "
                            "recorded, the reason, the cause and the superseding belief.")
    _common(inval)
    inval.add_argument("memory_id", help="a belief id, or a unique prefix of it (at least 4 hex digits)")
    inval.set_defaults(handler=_invalidation)

    conv = cmds.add_parser("conversation", help="a session's conversation as it stood at a time",
                           description="The messages the log held for a session at --known-at "
                           "(SID#N: only message N).")
    _common(conv)
    conv.add_argument("session_id", metavar="SID", help="a session id or a unique prefix; SID#N for message N")
    add_time(conv, valid=False)
    conv.set_defaults(handler=_conversation)

    agent = cmds.add_parser("agent", help="an agent's lifecycle: incarnations, crashes, stops, checkpoints",
                            description="The events of one agent's stream, oldest first, from the "
                            "event log: sessions opened, checkpoints, incarnations (agent.incarnated), "
                            "crashes (agent.crashed: exit code or signal, last heartbeat) and stops.")
    add_db(agent)
    add_owner(agent)
    add_json(agent)
    agent.add_argument("agent_id", metavar="AGENT", help="the agent id")
    agent.set_defaults(handler=_agent)


def _common(parser: argparse.ArgumentParser) -> None:
    add_db(parser)
    add_owner(parser)
    parser.add_argument("--no-wait", action="store_true",
                        help="read the projections as they are, without catching up first")
    add_json(parser)


def _with_side(args: argparse.Namespace, query: Any, kind: str | None = None, short: str | None = None) -> Any:
    """Runs ``query(side, owner[, full_id])`` on a caught-up read side; with
    ``kind``, ``short`` is resolved to the owner's full id first."""
    from memledger.api import MemoryEngine  # handlers import the engine; --help does not
    from memledger.projections.listing import resolve_id

    owner = owner_of(args)
    with MemoryEngine.open(args.db, create=False) as eng:
        side = eng.projections
        if not args.no_wait:
            side.wait_for_head()
        if kind is None:
            return query(side, owner)
        return query(side, owner, resolve_id(side, owner, kind, short or ""))


def _iso(value: Any) -> str:
    return value.isoformat(timespec="seconds") if isinstance(value, datetime) else ("" if value is None else str(value))


def _beliefs(args: argparse.Namespace) -> int:
    from memledger.projections.audit import beliefs_as_of

    rows = _with_side(args, lambda side, owner: beliefs_as_of(side, owner, args.valid_at, args.known_at, args.kind))
    if args.json:
        print_json(rows)
        return 0
    print_table(["memory_id", "kind", "statement", "valid_from", "invalid_at", "recorded_at", "conf"],
                [(r["memory_id"], r["kind"], r["statement"], _iso(r["valid_from"]), _iso(r["invalid_at"]),
                  _iso(r["recorded_at"]), f"{r['confidence']:.2f}") for r in rows])
    return 0


def _history(args: argparse.Namespace) -> int:
    from memledger.projections.audit import belief_history

    rows = _with_side(args, belief_history, "memory", args.memory_id)
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

    found = _with_side(args, invalidation, "memory", args.memory_id)
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

    short, _, seq_text = args.session_id.partition("#")
    if seq_text and not (seq_text.isascii() and seq_text.isdigit()):
        raise InvalidId(f"SID#N wants a message number after '#', got {args.session_id!r:.60}")
    conv = _with_side(args, lambda side, owner, sid: conversation_at(side, owner, sid, args.known_at),
                      "session", short)
    if seq_text:
        conv["messages"] = [m for m in conv["messages"] if m["seq"] == int(seq_text)]
    if args.json:
        print_json(conv)
        return 0
    print(f"session {conv['session_id']} at {_iso(conv['at'])}: {conv['status']}, "
          f"{conv['message_count']} messages")
    print_table(["seq", "role", "recorded_at", "content"],
                [(m["seq"], m["role"], _iso(m["recorded_at"]), m["content"]) for m in conv["messages"]])
    return 0


def _agent(args: argparse.Namespace) -> int:
    from memledger.api import MemoryEngine  # handlers import the engine; --help does not
    from memledger.domain.errors import AgentNotFound
    from memledger.domain.stream_ids import agent_stream_id

    owner = owner_of(args)
    with MemoryEngine.open(args.db, create=False) as eng:
        if eng.load_agent(owner, args.agent_id) is None:
            raise AgentNotFound(f"no agent {args.agent_id!r} for this owner")
        events = eng.writes.stream_events(agent_stream_id(owner, args.agent_id))
    rows = [_agent_row(e) for e in events]
    if args.json:
        print_json(rows)
        return 0
    print_table(["recorded_at", "event", "incarnation", "detail"],
                [(_iso(r["recorded_at"]), r["event"], "" if r["incarnation"] is None else r["incarnation"],
                  r["detail"]) for r in rows])
    return 0


def _agent_row(event: Any) -> dict[str, Any]:
    """One agent event as a row: what happened, to which incarnation, and the details."""
    fields = vars(event)
    detail = ""
    if "session_id" in fields and fields["session_id"]:
        detail = f"session {fields['session_id']}"
    if "reason" in fields:
        beat = fields.get("last_heartbeat")
        detail = fields["reason"] + (f"; last heartbeat {_iso(beat)}" if beat is not None else "")
    return {
        "recorded_at": event.timestamp,
        "event": getattr(type(event), "TOPIC", type(event).__name__),
        "incarnation": fields.get("epoch", fields.get("incarnation")),
        "detail": detail,
    }
