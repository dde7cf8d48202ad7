"""``ledgermind demo``: crash an agent with SIGKILL, restore it, lose nothing.

The child process plays a scripted support agent and prints one ``ACK`` line
after each write returns (that is, after it is durable). The parent kills it
with SIGKILL mid-conversation, restores the agent from the event store, and
checks every acknowledged message against what came back. Exit status 1 if
anything acknowledged is missing, duplicated or altered, with the reason.

The database is --db, else $LEDGERMIND_DB, else a temporary SQLite file that
is removed afterwards (--keep keeps it). When the database stays (--keep,
or --db), the demo ends by naming the app, the user and the agent it wrote
as, and the commands that look at what it wrote. A PostgreSQL URL is shown
without its password.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from ledgermind.cli.demo_agent import AGENT, CONTINUATION, OWNER, SCRIPT
from ledgermind.cli.options import one_line, positive_int
from ledgermind.cli.output import print_json, print_table

__all__ = ["AGENT", "CONTINUATION", "OWNER", "SCRIPT", "register"]


def register(sub: Any) -> None:
    p = sub.add_parser(
        "demo",
        help="crash a scripted agent with SIGKILL, restore it, show nothing was lost",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--db",
        default=os.environ.get("LEDGERMIND_DB"),
        help="database: a new SQLite file path, sqlite:///path or postgresql://... "
        "(default: $LEDGERMIND_DB, else a temporary file removed afterwards)",
    )
    p.add_argument("--keep", action="store_true", help="keep the temporary database (and print its path)")
    p.add_argument(
        "--kill-after",
        type=positive_int,
        default=12,
        metavar="N",
        help=f"SIGKILL the child after N acknowledged messages, 1 to {len(SCRIPT) - 1} (default 12)",
    )
    p.add_argument("--delay", type=_seconds, default=0.02, help="seconds between the child's turns (default 0.02)")
    p.add_argument("--json", action="store_true", help="print the outcome as JSON")
    p.set_defaults(handler=run)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r:.40}") from None
    if not 0 <= value <= 10:
        raise argparse.ArgumentTypeError(f"must be between 0 and 10 seconds, got {text!r:.40}")
    return value


def run(args: argparse.Namespace) -> int:
    import shutil
    import tempfile

    if args.kill_after > len(SCRIPT) - 1:
        print(
            f"ledgermind demo: --kill-after must be at most {len(SCRIPT) - 1} (the script has "
            f"{len(SCRIPT)} messages; the kill must land mid-conversation)",
            file=sys.stderr,
        )
        return 2
    temp_dir = None
    db = args.db
    if db:
        if "://" not in db and os.path.exists(db):
            print(f"ledgermind demo: {one_line(db)} exists; the demo wants a new database file", file=sys.stderr)
            return 2
    else:
        temp_dir = tempfile.mkdtemp(prefix="ledgermind-demo-")
        db = os.path.join(temp_dir, "demo.db")
    try:
        return _demo(args, db, temporary=temp_dir is not None)
    finally:
        if temp_dir is not None and not args.keep:
            shutil.rmtree(temp_dir, ignore_errors=True)


def _demo(args: argparse.Namespace, db: str, *, temporary: bool) -> int:
    import signal
    import subprocess
    import tempfile
    import time

    from ledgermind.api import MemoryEngine  # handlers import the engine; --help does not

    quiet = args.json
    say = (lambda *_: None) if quiet else print
    say(f"1. Starting a scripted support agent in a child process (database: {_shown(db)})")
    with tempfile.TemporaryFile(mode="w+") as child_err:
        child = subprocess.Popen(
            [sys.executable, "-m", "ledgermind.cli.demo_agent", "--db", db, "--delay", str(args.delay)],
            stdout=subprocess.PIPE,
            stderr=child_err,
            text=True,
        )
        acked: dict[int, str] = {}
        assert child.stdout is not None
        for line in child.stdout:
            parts = line.split()
            if parts and parts[0] == "ACK":
                acked[int(parts[1])] = parts[2]
                if len(acked) >= args.kill_after:
                    child.send_signal(signal.SIGKILL)
                    break
        child.wait()
        child.stdout.close()
        child_err.seek(0)
        child_tail = [line.strip() for line in child_err.read().splitlines() if line.strip()][-1:]
    killed = child.returncode == -signal.SIGKILL
    say(f"2. Child {'killed with SIGKILL' if killed else 'exited'} after {len(acked)} acknowledged messages")
    if not killed:
        reason = (
            f"the agent process exited with status {child.returncode} after {len(acked)} of "
            f"{args.kill_after} acknowledged messages, before it could be killed"
            + (f": {child_tail[0]}" if child_tail else "")
        )
        return _verdict(
            args, db, {"ok": False, "killed_with_sigkill": False, "acknowledged": len(acked)}, [reason], temporary
        )

    with MemoryEngine.open(db) as eng:
        started = time.perf_counter()
        restored = eng.for_owner(OWNER).restore_agent(AGENT)
        restore_ms = (time.perf_counter() - started) * 1000
        say(
            f"3. Restored agent {AGENT} from the event store in {restore_ms:.1f} ms: "
            f"session {restored.session_id}, {restored.message_count} messages, "
            f"{len(restored.open_tasks)} open task(s), state {restored.state}"
        )
        by_seq: dict[int, list[Any]] = {}
        for m in restored.messages:
            by_seq.setdefault(m.seq, []).append(m)
        rows = []
        lost: list[int] = []
        duplicated: list[int] = []
        altered: list[int] = []
        for seq in sorted(set(acked) | set(by_seq)):
            found = by_seq.get(seq, [])
            expected_role, expected_text = SCRIPT[seq - 1] if seq <= len(SCRIPT) else ("?", "?")
            if seq in acked and not found:
                status = "LOST"
                lost.append(seq)
            elif len(found) > 1:
                status = "DUPLICATED"
                duplicated.append(seq)
            elif found and (found[0].content != expected_text or found[0].role != expected_role):
                status = "ALTERED"
                altered.append(seq)
            elif seq in acked:
                status = "restored"
            else:
                status = "restored (committed, ack not seen)"
            rows.append((seq, expected_role, "yes" if seq in acked else "no", status, expected_text))
        if not quiet:
            print_table(["seq", "role", "acked", "after restore", "content"], rows, max_width=56)
        contiguous = [m.seq for m in restored.messages] == list(range(1, restored.message_count + 1))

        session_id = restored.session_id
        say("4. Continuing the conversation in the restored session")
        for role, content in CONTINUATION:
            seq = eng.for_owner(OWNER).add_message(restored.session_id, role=role, content=content)
            say(f"   {seq:>3} {role:<9} {content}")
        final = eng.for_owner(OWNER).restore_agent(AGENT)

    reasons = [
        f"{label} acknowledged message(s) {', '.join(map(str, seqs))}"
        for label, seqs in (("lost", lost), ("duplicated", duplicated), ("altered", altered))
        if seqs
    ]
    if not contiguous:
        reasons.append(f"the restored seqs are not 1..{restored.message_count}: {[m.seq for m in restored.messages]}")
    outcome = {
        "database": _shown(db),
        "killed_with_sigkill": killed,
        "acknowledged": len(acked),
        "restored": restored.message_count,
        "lost": len(lost),
        "duplicated": len(duplicated),
        "altered": len(altered),
        "seqs_contiguous": contiguous,
        "open_tasks_restored": len(restored.open_tasks),
        "state_restored": restored.state,
        "restore_ms": round(restore_ms, 2),
        "messages_after_continuing": final.message_count,
        "ok": not reasons,
    }
    if not quiet and not reasons:
        print(
            f"5. OK: every acknowledged message came back exactly once (lost 0, duplicated 0, "
            f"altered 0); the session now holds {final.message_count} messages."
        )
    code = _verdict(args, db, outcome, reasons, temporary)
    if not quiet and (args.keep or not temporary):
        _how_to_look(db, session_id)
    return code


def _shown(db: str) -> str:
    """``db`` as it may be printed: a file path as given, a URL without its password."""
    from ledgermind.api.urls import shown_db

    try:
        return shown_db(db)
    except Exception:
        return "(the database URL given)"


def _how_to_look(db: str, session_id: str) -> None:
    """The app, user and agent the demo wrote as, and the commands that show it."""
    import shlex

    where = ["--db", db] if "://" not in db else ["--db", '"$LEDGERMIND_DB"']
    owner = ["--app", OWNER.app, "--user", OWNER.user_id]
    look = [
        ["ledgermind", "audit", "agent", *where, *owner, AGENT],
        ["ledgermind", "audit", "conversation", *where, *owner, session_id[:8]],
        ["ledgermind", "search", *where, *owner, "--messages", "Safari crash"],
        ["ledgermind", "ui", *where],
    ]
    print(
        f"\nThe demo wrote as app {OWNER.app}, user {OWNER.user_id}, agent {AGENT} "
        f"(session {session_id[:8]}). To look at it:"
    )
    for command in look:
        print("   " + " ".join(part if part.startswith('"$') else shlex.quote(part) for part in command))
    print(
        "   (the desk, 'ledgermind ui', asks for a key: ledgermind keys create "
        + " ".join(where)
        + f" --app {OWNER.app})"
    )


def _verdict(args: argparse.Namespace, db: str, outcome: dict[str, Any], reasons: list[str], temporary: bool) -> int:
    outcome = {"database": db, **outcome, "reasons": reasons, "database_removed": temporary and not args.keep}
    if args.json:
        print_json(outcome)
    elif reasons:
        print(f"5. FAILED: {'; '.join(reasons)}")
    if temporary and not args.json:
        print(f"   (database {'kept at ' + db if args.keep else 'removed'})")
    return 0 if not reasons else 1
