"""``ledgermind export|import``: move an owner's data between databases.

``export`` writes the owner's decrypted events as JSON Lines in log order (to
--out, or stdout), and says on stderr how many and up to which position (the
next ``--since``). ``import FILE`` (``-`` for stdin) replays such a file into
a database under --app/--user, which may be another owner; importing the
same file twice writes nothing the second time, and says so ("0 events
written": the log did not grow). The file is read and checked before the
database is opened, so a bad file creates no database. The work is in
``ledgermind.api.portability``.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ledgermind.cli.options import add_db, add_json, add_owner, owner_of, warn
from ledgermind.cli.output import print_json, print_table

__all__ = ["register"]


def register(sub: Any) -> None:
    export = sub.add_parser(
        "export",
        help="write an owner's decrypted events as JSON Lines (log order)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_db(export)
    add_owner(export)
    export.add_argument("--out", default="-", metavar="FILE", help="the file to write (default: stdout)")
    export.add_argument(
        "--since",
        type=_position,
        default=0,
        metavar="POSITION",
        help="only events after this log position (default 0: all)",
    )
    export.set_defaults(handler=_export)

    imp = sub.add_parser(
        "import",
        help="replay an exported file into a database, as an owner",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_db(imp)
    add_owner(imp)
    imp.add_argument("file", metavar="FILE", help="a file written by `ledgermind export` (- for stdin)")
    add_json(imp)
    imp.set_defaults(handler=_import)


def _position(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a log position: {text!r:.40}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"a log position is 0 or more, got {value}")
    return value


def _export(args: argparse.Namespace) -> int:
    from ledgermind.api import MemoryEngine  # handlers import the engine; --help does not
    from ledgermind.api.portability import export_owner

    owner = owner_of(args)
    with MemoryEngine.open(args.db, create=False) as eng:
        if args.out == "-":
            report = export_owner(eng, owner, sys.stdout.write, since=args.since)
        else:
            with open(args.out, "w", encoding="utf-8") as out:
                report = export_owner(eng, owner, out.write, since=args.since)
    warn(
        f"exported {report.events} event(s) of {owner.app}/{owner.user_id} up to position "
        f"{report.position} (next: --since {report.position})"
    )
    return 0


def _import(args: argparse.Namespace) -> int:
    from ledgermind.api import MemoryEngine
    from ledgermind.api.portability import import_owner, parse_export
    from ledgermind.domain.errors import InvalidInput
    from ledgermind.domain.owner import check_owner

    owner = check_owner(owner_of(args))
    try:
        if args.file == "-":
            lines = _bounded_lines(sys.stdin, "standard input")
        else:
            with open(args.file, encoding="utf-8") as src:
                lines = _bounded_lines(src, args.file)
    except UnicodeDecodeError:
        raise InvalidInput(f"{args.file} is not UTF-8 text (an export is JSON Lines)") from None
    parsed = parse_export(lines)  # every line checked before the database is opened (or created)
    with MemoryEngine.open(args.db) as eng:
        head = eng.follower().head()
        report = import_owner(eng, owner, parsed)
        written = eng.follower().head() - head
    if args.json:
        print_json({**report.as_dict(), "written": written})
        return 0
    counts = report.as_dict()
    skipped = counts.pop("skipped")
    print(
        f"imported into {owner.app}/{owner.user_id}: {written} event(s) written"
        + (" (all were already there)" if written == 0 and parsed.events else "")
    )
    print_table(["replayed", "count"], list(counts.items()))
    if skipped:
        print()
        print_table(["skipped topic (derived or internal)", "events"], sorted(skipped.items()), max_width=72)
    return 0


# One exported event is at most a message (1 MiB) or a checkpoint (1 MiB) in
# JSON, escapes included: a longer "line" is not an export (e.g. /dev/zero),
# and reading it whole would exhaust memory before any check could run.
_MAX_LINE_CHARS = 16 << 20


def _bounded_lines(src: Any, name: str) -> list[str]:
    """The lines of ``src``, refusing any longer than ``_MAX_LINE_CHARS``."""
    from ledgermind.domain.errors import InvalidInput

    lines: list[str] = []
    while True:
        line = src.readline(_MAX_LINE_CHARS + 1)
        if not line:
            return lines
        if len(line) > _MAX_LINE_CHARS:
            raise InvalidInput(
                f"{name}: line {len(lines) + 1} is longer than {_MAX_LINE_CHARS} characters; not a ledgermind export"
            )
        lines.append(line)
