"""``ledgermind audit beliefs|history|invalidation|conversation|agent|lineage|model-call|conflicts|resolve|retract|unretract|verify``.

What was believed, when, why, and because of which message; undoing what a
message caused; proving the log was not edited. ``beliefs`` shows each
belief's flags as they are now: ``instruction_like`` (text that tries to
instruct the agent) and ``conflicting with ID`` (a contradiction no rule
settled). ``conflicts`` lists the open conflicts; ``resolve ID --keep
this|both --reason R`` settles one as events (``this``: ID holds and the
beliefs it conflicts with are invalidated; ``both``: all hold), as the
auditor's desk does. ``model-call ID`` shows a recorded model call (an LLM
extraction or grey-zone decision that lineage cites): prompt, model, answer.

Reads the projections (after catching them up to the log head, unless
``--no-wait``). Times are RFC 3339 or dates; a time without an offset is UTC.
Ids may be short, as tables print them (``dfd036c8``, or ``dfd036c8#2`` for
message 2 of that session): a unique prefix among the owner's ids. Ids of
another owner are reported exactly like ids that do not exist. ``agent``
reads the agent's own stream from the event log: its sessions, checkpoints,
incarnations, crashes and stops (every restart ``ledgermind supervise`` made).

``lineage`` walks cause and effect both ways, from the event log itself: a
belief's versions with the messages and calls that caused each, or
(``--message SID:SEQ``) every belief a message caused, directly and
downstream. ``retract SID:SEQ --reason R`` withdraws a message and undoes
what it caused (``unretract`` restores it); both are events. ``verify``
re-walks every stream's hash chain and the recorded checkpoints and exits 1
at the first altered, removed or reordered event.
"""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Iterator
from datetime import datetime
from typing import Any

from ledgermind.cli.options import add_db, add_json, add_owner, add_time, owner_of
from ledgermind.cli.output import print_json, print_table
from ledgermind.domain.errors import InvalidId, InvalidInput

__all__ = ["register"]


def register(sub: Any) -> None:
    p = sub.add_parser(
        "audit",
        help="audit beliefs and conversations (as of / known at)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    cmds = p.add_subparsers(dest="action", metavar="ACTION", required=True)

    beliefs = cmds.add_parser(
        "beliefs",
        help="an owner's beliefs as of valid time T, known at T'",
        description="Beliefs valid at --valid-at as the engine held them at --known-at (both default to now).",
    )
    _common(beliefs)
    add_time(beliefs)
    beliefs.add_argument("--kind", action="append", default=None, help="only this kind; repeatable")
    beliefs.set_defaults(handler=_beliefs)

    history = cmds.add_parser(
        "history",
        help="every version of one belief, with causes and sources",
        description="Every version of one belief: the event that opened it, "
        "its reason, its valid and transaction times and its source messages.",
    )
    _common(history)
    history.add_argument("memory_id", help="a belief id, or a unique prefix of it (at least 4 hex digits)")
    history.set_defaults(handler=_history)

    inval = cmds.add_parser(
        "invalidation",
        help="when and why a belief was invalidated",
        description="The invalidation of one belief: invalid_at, when it was "
        "recorded, the reason, the cause and the superseding belief.",
    )
    _common(inval)
    inval.add_argument("memory_id", help="a belief id, or a unique prefix of it (at least 4 hex digits)")
    inval.set_defaults(handler=_invalidation)

    conv = cmds.add_parser(
        "conversation",
        help="a session's conversation as it stood at a time",
        description="The messages the log held for a session at --known-at (SID#N: only message N).",
    )
    _common(conv)
    conv.add_argument("session_id", metavar="SID", help="a session id or a unique prefix; SID#N for message N")
    add_time(conv, valid=False)
    conv.set_defaults(handler=_conversation)

    agent = cmds.add_parser(
        "agent",
        help="an agent's lifecycle: incarnations, crashes, stops, checkpoints",
        description="The events of one agent's stream, oldest first, from the "
        "event log: sessions opened, checkpoints, incarnations (agent.incarnated), "
        "crashes (agent.crashed: exit code or signal, last heartbeat) and stops.",
    )
    add_db(agent)
    add_owner(agent)
    add_json(agent)
    agent.add_argument("agent_id", metavar="AGENT", help="the agent id")
    agent.set_defaults(handler=_agent)

    lineage = cmds.add_parser(
        "lineage",
        help="what caused a belief, or what a message caused",
        description="A belief's versions with their causes (messages, the "
        "distillation or explicit call, superseded versions); with --message "
        "SID:SEQ, the beliefs that message caused, directly and downstream.",
    )
    _common(lineage)
    lineage.add_argument("memory_id", nargs="?", help="a belief id, or a unique prefix of it")
    lineage.add_argument("--message", metavar="SID:SEQ", help="a message: session id (or prefix) and seq")
    lineage.set_defaults(handler=_lineage)

    call = cmds.add_parser(
        "model-call",
        help="a recorded model call: prompt, model, raw answer, decision",
        description="One recorded model call (an LLM extraction or a grey-zone decision), "
        "as lineage cites it (model_call ID): the prompt sent, the model, its raw answer, "
        "the decision the engine applied and, for a failed call, why the rule decision stood.",
    )
    add_db(call)
    add_owner(call)
    add_json(call)
    call.add_argument("call_id", metavar="ID", help="the model call id (32 hex digits, from lineage)")
    call.set_defaults(handler=_model_call)

    conflicts = cmds.add_parser(
        "conflicts",
        help="open conflicts: contradictions no rule settled",
        description="Every current belief flagged conflicting, with the beliefs it "
        "contradicts (each side of a conflict is one row). Resolve one with "
        "'audit resolve ID --keep this|both --reason R'.",
    )
    _common(conflicts)
    conflicts.set_defaults(handler=_conflicts)

    resolve = cmds.add_parser(
        "resolve",
        help="settle a conflict: keep this belief, or keep both",
        description="--keep this: the belief holds, the beliefs it conflicts with are "
        "invalidated from their start and superseded by it; --keep both: all hold. "
        "The conflict flags are cleared. Events, in one transaction; a second resolve "
        "of a settled conflict is refused (StateConflict, exit 2).",
    )
    _common(resolve)
    resolve.add_argument("memory_id", help="a conflicting belief's id, or a unique prefix of it")
    resolve.add_argument("--keep", required=True, choices=("this", "both"), help="which beliefs hold")
    resolve.add_argument("--reason", required=True, help="why (recorded in the events)")
    resolve.add_argument("--idempotency-key", default=None, help="makes a retried command a no-op")
    resolve.set_defaults(handler=_resolve)

    for action, verb in (
        ("retract", "withdraw a message and undo what it caused"),
        ("unretract", "restore a retracted message and what it caused"),
    ):
        cmd = cmds.add_parser(
            action,
            help=verb,
            description=f"{verb[0].upper()}{verb[1:]} (an event, with the belief changes, in one transaction).",
        )
        _common(cmd)
        cmd.add_argument("message", metavar="SID:SEQ", help="the message: session id (or prefix) and seq")
        cmd.add_argument("--reason", required=True, help="why (recorded in the event)")
        cmd.add_argument("--idempotency-key", default=None, help="makes a retried command a no-op")
        cmd.set_defaults(handler=_retraction, retraction=action)

    verify = cmds.add_parser(
        "verify",
        help="re-walk the log's hash chains: intact, or the first tampering",
        description="Re-walks every stream's hash chain (over the stored, sealed "
        "bytes) and the recorded checkpoints; prints intact with counts, or the "
        "first altered, removed or reordered event. Exit status 1 when not intact.",
    )
    add_db(verify)
    verify.add_argument(
        "--app",
        default=None,
        help="only this owner's streams (with --user; the whole-log checkpoints are then not checked)",
    )
    verify.add_argument("--user", default=None, help="only this owner's streams (with --app)")
    verify.add_argument(
        "--checkpoint",
        action="store_true",
        help="record a checkpoint of the chain heads first (the engine also does every 1000 events)",
    )
    add_json(verify)
    verify.set_defaults(handler=_verify)


def _common(parser: argparse.ArgumentParser) -> None:
    add_db(parser)
    add_owner(parser)
    parser.add_argument(
        "--no-wait", action="store_true", help="read the projections as they are, without catching up first"
    )
    add_json(parser)


@contextlib.contextmanager
def _reading(args: argparse.Namespace) -> Iterator[Any]:
    """The owner's handle on a caught-up read side (unless ``--no-wait``)."""
    from ledgermind.api import MemoryEngine  # handlers import the engine; --help does not

    owner = owner_of(args)
    with MemoryEngine.open(args.db, create=False) as eng:
        if not args.no_wait:
            eng.projections.wait_for_head()
        yield eng.for_owner(owner)


def _iso(value: Any) -> str:
    return value.isoformat(timespec="seconds") if isinstance(value, datetime) else ("" if value is None else str(value))


def _beliefs(args: argparse.Namespace) -> int:
    with _reading(args) as mem:
        versions = mem.beliefs(valid_at=args.valid_at, known_at=args.known_at, kinds=args.kind)
        flagged = mem.flagged()  # flags as they are now, whatever the as-of point
    rows = [v.as_row(mem.owner) for v in versions]
    for r in rows:
        view = flagged.get(r["memory_id"])
        r["flags"], r["conflicts_with"] = (list(view.flags), list(view.conflicts_with)) if view else ([], [])
    if args.json:
        print_json(rows)
        return 0
    print_table(
        ["memory_id", "kind", "statement", "valid_from", "invalid_at", "recorded_at", "conf", "flags"],
        [
            (
                r["memory_id"],
                r["kind"],
                r["statement"],
                _iso(r["valid_from"]),
                _iso(r["invalid_at"]),
                _iso(r["recorded_at"]),
                f"{r['confidence']:.2f}",
                _flags(r),
            )
            for r in rows
        ],
    )
    return 0


def _flags(row: dict[str, Any]) -> str:
    """``instruction_like``, ``conflicting with 1a2b3c4d`` (the ids it contradicts, short)."""
    return ", ".join(
        f"{flag} with {' '.join(i[:8] for i in row['conflicts_with'])}"
        if flag == "conflicting" and row["conflicts_with"]
        else flag
        for flag in row["flags"]
    )


def _history(args: argparse.Namespace) -> int:
    with _reading(args) as mem:
        rows = [v.as_row(mem.owner, history=True) for v in mem.history(mem.resolve_id("memory", args.memory_id))]
    if args.json:
        print_json(rows)
        return 0
    print_table(
        ["seq", "event", "statement", "valid", "recorded", "expired", "reason", "sources"],
        [
            (
                r["seq"],
                r["opened_by"],
                r["statement"],
                f"{_iso(r['valid_from'])}..{_iso(r['invalid_at'])}",
                _iso(r["recorded_at"]),
                _iso(r["expired_at"]),
                r["reason"],
                "; ".join(f"{m['session_id'][:8]}#{m['seq']} {m['content']}" for m in r["source_messages"]),
            )
            for r in rows
        ],
        max_width=48,
    )
    return 0


def _invalidation(args: argparse.Namespace) -> int:
    with _reading(args) as mem:
        found = mem.invalidation(mem.resolve_id("memory", args.memory_id))
    if args.json:
        print_json(None if found is None else found.as_dict(mem.owner))
        return 0
    if found is None:
        print(f"memory {args.memory_id} was never invalidated")
        return 0
    print(
        f"belief:        {found.statement}\n"
        f"held from:     {_iso(found.valid_from)}\n"
        f"invalid at:    {_iso(found.invalid_at)} (valid time)\n"
        f"recorded at:   {_iso(found.recorded_at)} (when the engine learned it)\n"
        f"reason:        {found.reason}\n"
        f"cause:         {found.cause}\n"
        f"superseded by: {found.superseded_by or '-'} {found.successor.statement if found.successor else ''}"
    )
    for m in found.cause_messages:
        print(f"  cause message {m.session_id[:8]}#{m.seq} {m.role}: {m.content}")
    return 0


def _conversation(args: argparse.Namespace) -> int:
    short, _, seq_text = args.session_id.partition("#")
    if seq_text and not (seq_text.isascii() and seq_text.isdigit()):
        raise InvalidId(f"SID#N wants a message number after '#', got {args.session_id!r:.60}")
    with _reading(args) as mem:
        conv = mem.conversation_at(mem.resolve_id("session", short), args.known_at)
    messages = [m for m in conv.messages if not seq_text or m.seq == int(seq_text)]
    if args.json:
        out = conv.as_dict()
        out["messages"] = [m for m in out["messages"] if not seq_text or m["seq"] == int(seq_text)]
        print_json(out)
        return 0
    print(f"session {conv.session_id} at {_iso(conv.at)}: {conv.status}, {conv.message_count} messages")
    print_table(
        ["seq", "role", "recorded_at", "content"],
        [(m.seq, m.role, _iso(m.recorded_at), m.content) for m in messages],
    )
    return 0


def _agent(args: argparse.Namespace) -> int:
    from ledgermind.api import MemoryEngine  # handlers import the engine; --help does not

    owner = owner_of(args)
    with MemoryEngine.open(args.db, create=False) as eng:
        rows = [e.as_dict() for e in eng.for_owner(owner).agent_history(args.agent_id)]
    if args.json:
        print_json(rows)
        return 0
    print_table(
        ["recorded_at", "event", "incarnation", "detail"],
        [
            (_iso(r["recorded_at"]), r["event"], "" if r["incarnation"] is None else r["incarnation"], r["detail"])
            for r in rows
        ],
    )
    return 0


def _message_ref(mem: Any, text: str) -> tuple[str, int]:
    """SID:SEQ (or SID#SEQ, as tables print it) with SID resolved among the owner's sessions."""
    sep = ":" if ":" in text else "#"
    short, _, seq_text = text.partition(sep)
    if not (seq_text.isascii() and seq_text.isdigit()):
        raise InvalidId(f"a message is SID:SEQ (a session id and a message number), got {text!r:.60}")
    return _full_id(mem, "session", short), int(seq_text)


def _full_id(mem: Any, kind: str, text: str) -> str:
    """A full id as given; a short one resolved among the owner's on the read side."""
    return text if len(text) == 32 else mem.resolve_id(kind, text)


def _engine(args: argparse.Namespace, *, reads: bool) -> Any:
    """The engine; with ``reads`` (a short id to resolve), its read side caught up first."""
    from ledgermind.api import MemoryEngine  # handlers import the engine; --help does not

    eng = MemoryEngine.open(args.db, create=False)
    if reads and not args.no_wait:
        eng.projections.wait_for_head()
    return eng


def _lineage(args: argparse.Namespace) -> int:
    if (args.memory_id is None) == (args.message is None):
        raise InvalidInput("give a belief id, or --message SID:SEQ (one of them)")
    owner = owner_of(args)
    short = args.memory_id if args.message is None else args.message.partition(":")[0].partition("#")[0]
    with _engine(args, reads=len(short) != 32) as eng:
        mem = eng.for_owner(owner)
        if args.message is not None:
            found = mem.message_lineage(*_message_ref(mem, args.message))
            if args.json:
                print_json(found.as_dict())
                return 0
            print(f"message {found.message}{' (retracted)' if found.retracted else ''}")
            print_table(
                ["effect", "memory_id", "v", "how", "status", "statement", "via"],
                [
                    (kind, e.memory_id, e.seq, e.how, e.status, e.statement, e.via or "")
                    for kind, effects in (("direct", found.direct), ("downstream", found.downstream))
                    for e in effects
                ],
                max_width=48,
            )
            return 0
        belief = mem.lineage(_full_id(mem, "memory", args.memory_id))
        held = mem.flagged().get(belief.memory_id)  # flags as they are now
    flags = {"flags": list(held.flags), "conflicts_with": list(held.conflicts_with)} if held else {}
    if args.json:
        print_json({**belief.as_dict(), "flags": [], "conflicts_with": [], **flags})
        return 0
    print(
        f"belief {belief.memory_id} ({belief.kind}, {belief.status})"
        + (f"; supersedes {', '.join(belief.supersedes)}" if belief.supersedes else "")
        + (f"; superseded by {', '.join(belief.superseded_by)}" if belief.superseded_by else "")
        + (f"; flags: {_flags(flags)}" if flags else "")
    )
    print_table(
        ["v", "event", "call", "statement", "valid", "recorded", "reason", "caused by"],
        [
            (
                v.seq,
                v.event,
                v.call,
                v.statement,
                f"{_iso(v.valid_from)}..{_iso(v.invalid_at)}",
                _iso(v.recorded_at),
                v.reason or "",
                _causes(v),
            )
            for v in belief.versions
        ],
        max_width=48,
    )
    return 0


def _causes(v: Any) -> str:
    parts = [f"message {m}" for m in v.sources]
    if v.cause_message is not None:
        parts.append(f"message {v.cause_message}")
    parts += [", ".join(f"{k} {val}" for k, val in s.items()) for s in v.other_sources]
    if v.cause and v.cause_message is None and "memory_id" in v.cause:
        parts.append(f"belief {v.cause['memory_id']}")
    return "; ".join(parts)


def _model_call(args: argparse.Namespace) -> int:
    from ledgermind.api import MemoryEngine  # handlers import the engine; --help does not

    with MemoryEngine.open(args.db, create=False) as eng:
        found = eng.for_owner(owner_of(args)).model_call(args.call_id).as_dict()
    if args.json:
        print_json(found)
        return 0
    print(
        f"model call {found['call_id']} ({found['purpose']}, {found['prompt_version']})\n"
        f"model:        {found['model']}\n"
        f"recorded at:  {found['recorded_at']} ({found['latency_ms']} ms)\n"
        f"decision:     {found['decision']}"
        + (f" (rule decision kept: {found['fallback']})" if found["fallback"] else "")
    )
    for message in found["prompt"]:
        print(f"--- prompt ({message['role']})\n{message['content']}")
    print(f"--- answer\n{found['answer'] if found['answer'] is not None else '(none)'}")
    return 0


def _conflicts(args: argparse.Namespace) -> int:
    """The owner's open conflicts, from the log (flags are not in the read models)."""
    owner = owner_of(args)
    with _engine(args, reads=False) as eng:
        found = eng.for_owner(owner).conflicts()
    rows = [_conflict_row(b, others) for b, others in found]
    if args.json:
        print_json(rows)
        return 0
    print_table(
        ["memory_id", "statement", "valid_from", "conf", "conflicts with"],
        [
            (
                r["memory_id"],
                r["statement"],
                _iso(r["valid_from"]),
                f"{r['confidence']:.2f}",
                "; ".join(f"{o['memory_id'][:8]} {o['statement']}" for o in r["conflicts_with"]),
            )
            for r in rows
        ],
        max_width=48,
    )
    if not rows:
        print("no open conflicts")
    return 0


def _conflict_row(belief: Any, others: tuple[Any, ...]) -> dict[str, Any]:
    return {
        "memory_id": belief.memory_id,
        "kind": belief.kind,
        "statement": belief.statement,
        "subject": belief.subject,
        "attribute": belief.attribute,
        "value": belief.value,
        "valid_from": belief.valid_from,
        "confidence": belief.confidence,
        "flags": list(belief.flags),
        "conflicts_with": [
            {
                "memory_id": o.memory_id,
                "statement": o.statement,
                "status": o.status,
                "valid_from": o.valid_from,
                "value": o.value,
            }
            for o in others
        ],
    }


def _resolve(args: argparse.Namespace) -> int:
    from ledgermind.domain.bitemporal import INVALIDATED_STATUS

    owner = owner_of(args)
    with _engine(args, reads=len(args.memory_id) != 32) as eng:
        mem = eng.for_owner(owner)
        mid = _full_id(mem, "memory", args.memory_id)
        changed = list(
            dict.fromkeys(
                mem.resolve_conflict(mid, keep=args.keep, reason=args.reason, idempotency_key=args.idempotency_key)
            )
        )
        invalidated = [
            m for m in changed if m != mid and getattr(mem.load_memory(m), "status", None) == INVALIDATED_STATUS
        ]
    report = {
        "memory_id": mid,
        "keep": args.keep,
        "reason": args.reason,
        "changed": changed,
        "invalidated": invalidated,
    }
    if args.json:
        print_json(report)
        return 0
    print(f"resolved the conflict of {mid} (keep {args.keep}): {args.reason}")
    for m in invalidated:
        print(f"  invalidated {m} (superseded by {mid})")
    for m in changed:
        print(f"  flag cleared {m}")
    return 0


def _retraction(args: argparse.Namespace) -> int:
    owner = owner_of(args)
    short = args.message.partition(":")[0].partition("#")[0]
    with _engine(args, reads=len(short) != 32) as eng:
        mem = eng.for_owner(owner)
        sid, seq = _message_ref(mem, args.message)
        call = mem.retract if args.retraction == "retract" else mem.unretract
        report = call(sid, seq, args.reason, idempotency_key=args.idempotency_key)
    if args.json:
        print_json(report.as_dict())
        return 0
    if not report.changed:
        print(f"message {report.message} was already {args.retraction}ed: nothing written")
        return 0
    print(
        f"{args.retraction}ed message {report.message}: "
        f"{len(report.invalidated)} belief(s) invalidated, {len(report.reinstated)} reinstated"
    )
    for mid in report.invalidated:
        print(f"  invalidated {mid}")
    for mid in report.reinstated:
        print(f"  reinstated  {mid}")
    return 0


def _verify(args: argparse.Namespace) -> int:
    from ledgermind.api import MemoryEngine  # handlers import the engine; --help does not

    if (args.app is None) != (args.user is None):
        raise InvalidInput("--app and --user go together (or neither: the whole log)")
    owner = None if args.app is None else owner_of(args)
    with MemoryEngine.open(args.db, create=False) as eng:
        if args.checkpoint:
            eng.checkpoint_log()
        report = eng.verify_log() if owner is None else eng.for_owner(owner).verify_log()
    if args.json:
        print_json(report.as_dict())
        return 0 if report.intact else 1
    scope = "the whole log" if owner is None else f"{owner.app}/{owner.user_id}'s streams"
    counts = (
        f"{report.streams} streams, {report.events} events ({report.chained} chained, "
        f"{report.unchained} written before chaining), {report.checkpoints} checkpoints"
    )
    if report.intact:
        print(f"intact: {scope}: {counts}")
        return 0
    f = report.finding
    assert f is not None
    where = f"stream {f.stream_id} version {f.version}" if f.stream_id else "the whole log"
    print(f"NOT intact: {scope}: {counts}")
    print(f"first finding: {f.kind} at {where}, position {f.position}: {f.detail}")
    for other in report.findings[1:]:
        print(
            f"  also: {other.kind} stream {other.stream_id or '-'} v{other.version} "
            f"position {other.position}: {other.detail}"
        )
    return 1
