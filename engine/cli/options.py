"""Arguments shared by several commands, each with its environment fallback.

One spelling per idea, the same in every command:

- ``--db``: the database URL (``$LEDGERMIND_DB``);
- ``--app`` / ``--user``: the owner (``$LEDGERMIND_APP`` / ``$LEDGERMIND_USER``);
- ``--valid-at`` (when a belief held in the world) and ``--known-at`` (what
  the engine had recorded by then): RFC 3339 times or dates, parsed by
  ``when`` below; a time without an offset, and a bare date, mean UTC;
- ``--limit`` / ``--after``: one page of a listing;
- ``--json``: machine-readable output.

This module imports nothing heavy: ``ledgermind --help`` builds every parser.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from datetime import UTC, date, datetime
from typing import Any, NoReturn

from ledgermind.domain.config import DEFAULT_DB

__all__ = [
    "TIME_HELP",
    "Parser",
    "add_db",
    "add_json",
    "add_owner",
    "add_page",
    "add_time",
    "one_line",
    "owner_of",
    "positive_float",
    "positive_int",
    "warn",
    "when",
]

TIME_HELP = "RFC 3339 time or a date (2026-03-15T09:30:00+02:00, 2026-03-15); without an offset it is UTC"
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


class Parser(argparse.ArgumentParser):
    """An argparse parser whose usage errors are one line on stderr (exit 2).

    argparse prints the whole usage block before the message; for a command
    run from a script, the one line saying what was wrong is what matters,
    and ``--help`` is one flag away."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {one_line(message)} (see {self.prog} --help)\n")

    def format_help(self) -> str:
        """The help text, with the reST double-backtick code marks of the
        module docstrings that serve as descriptions (written for the API
        reference) shown as single backticks, the way the README writes code."""
        return super().format_help().replace("``", "`")


def one_line(text: str) -> str:
    """``text`` as one printable line: control characters (a newline inside
    a hostile argument, a terminal escape) are shown escaped, not obeyed."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def when(text: str) -> datetime:
    """An argparse type: an aware UTC ``datetime`` from RFC 3339 / ISO 8601
    text or a date (midnight UTC); naive times are UTC, as ``--help`` says."""
    value = text.strip()
    try:
        if _DATE.fullmatch(value):
            day = date.fromisoformat(value)
            return datetime(day.year, day.month, day.day, tzinfo=UTC)
        moment = datetime.fromisoformat(value)
        if moment.tzinfo is None:
            return moment.replace(tzinfo=UTC)
        return moment.astimezone(UTC)
    except (ValueError, OverflowError):
        raise argparse.ArgumentTypeError(
            f"not an RFC 3339 time or a date: {text!r:.60} (e.g. 2026-03-15T09:30:00Z or 2026-03-15)"
        ) from None


def positive_int(text: str) -> int:
    """An argparse type: an integer above zero, within the bound every
    integer of the engine's interfaces has (a 2^63 ``--limit`` reached the
    database as an overflow: HTTP bounds it the same way)."""
    from ledgermind.domain.config import MAX_INT32

    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r:.40}") from None
    if not 0 < value <= MAX_INT32:
        raise argparse.ArgumentTypeError(f"must be between 1 and {MAX_INT32}, got {str(value)[:40]}")
    return value


def positive_float(text: str) -> float:
    """An argparse type: a finite number above zero (seconds, intervals)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r:.40}") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be a positive number, got {text!r:.40}")
    return value


def add_db(parser: argparse.ArgumentParser, *, help_suffix: str = "") -> None:
    parser.add_argument(
        "--db",
        default=os.environ.get("LEDGERMIND_DB", DEFAULT_DB),
        help="database: a SQLite file path, sqlite:///path or postgresql://... "
        f"(default: $LEDGERMIND_DB or {DEFAULT_DB}){help_suffix}",
    )


def add_owner(parser: argparse.ArgumentParser, *, user: bool = True) -> None:
    parser.add_argument(
        "--app",
        default=os.environ.get("LEDGERMIND_APP"),
        required="LEDGERMIND_APP" not in os.environ,
        help="the owner's application (default: $LEDGERMIND_APP)",
    )
    if user:
        parser.add_argument(
            "--user",
            default=os.environ.get("LEDGERMIND_USER"),
            required="LEDGERMIND_USER" not in os.environ,
            help="the owner's user id (default: $LEDGERMIND_USER)",
        )


def add_time(parser: argparse.ArgumentParser, *, valid: bool = True, known: bool = True) -> None:
    """``--valid-at`` and ``--known-at``, the two bitemporal coordinates."""
    if valid:
        parser.add_argument(
            "--valid-at",
            type=when,
            default=None,
            metavar="TIME",
            help=f"valid time: what held in the world then (default now; {TIME_HELP})",
        )
    if known:
        parser.add_argument(
            "--known-at",
            type=when,
            default=None,
            metavar="TIME",
            help=f"transaction time: what the engine had recorded by then (default now; {TIME_HELP})",
        )


def add_page(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument("--limit", type=positive_int, default=50, metavar="N", help="at most N rows (default 50)")
    parser.add_argument(
        "--after", default=None, metavar="KEY", help=f"start after this {what} (the last one of the previous page)"
    )


def add_json(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")


def warn(message: str) -> None:
    """One line to stderr: what the command did not do, and why."""
    print(f"ledgermind: {one_line(message)}", file=sys.stderr)


def owner_of(args: argparse.Namespace) -> Any:
    """The ``Owner`` named by ``--app`` / ``--user`` (validated on creation)."""
    from ledgermind.domain.owner import Owner

    return Owner(args.app, args.user)
