"""The ``ledgermind`` command line: one subcommand module per job.

Configuration comes from arguments first, then ``LEDGERMIND_*`` variables.
Every command has ``--help``; machine-readable output is ``--json``. Times
are RFC 3339 or dates, and a time without an offset is UTC, everywhere
(``options.when``).

No input prints a traceback: a usage error is one line and exit 2; an error
ledgermind raises on purpose (``LedgermindError``) or a file that cannot be
read or written is one line and exit 2; a closed pipe (``ledgermind ... |
head -1``) ends quietly with exit 1, the way Python's documentation advises
for SIGPIPE; anything else is a bug, reported on one line with exit 1
(``LEDGERMIND_DEBUG=1`` shows its traceback).

Startup is cheap on purpose: building every parser imports only argparse
and the light ``ledgermind.domain`` modules; each handler imports the engine,
SQLAlchemy and the rest when it runs (``benchmarks/cli_startup.py``).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any

from ledgermind.cli import (
    audit,
    demo,
    discover,
    distill,
    erase,
    keys,
    mcp,
    pg,
    portability,
    projections,
    recover,
    search,
    serve,
    supervise,
    ui,
)
from ledgermind.cli.options import Parser, one_line
from ledgermind.domain.errors import LedgermindError

__all__ = ["build_parser", "main"]

# One line each, in the order `ledgermind --help` lists them.
COMMANDS = (
    demo,
    recover,
    projections,
    audit,
    distill,
    search,
    discover,
    portability,
    erase,
    keys,
    serve,
    mcp,
    supervise,
    ui,
    pg,
)


class _Version(argparse.Action):
    """``--version``: the package's one version (``ledgermind.domain.version``,
    which the wheel's metadata and ``/healthz`` read too), imported only when
    asked so that ``--help`` pays nothing for it."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, **kwargs: Any) -> None:
        super().__init__(option_strings, dest=dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *_: Any) -> None:
        from ledgermind.domain.version import __version__

        print(f"ledgermind {__version__}")
        parser.exit(0)


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="ledgermind",
        description="Event-sourced memory engine for LLM agents. Times are RFC 3339 or dates "
        "(2026-03-15T09:30:00+02:00, 2026-03-15); a time without an offset is UTC.",
    )
    parser.add_argument("--version", action=_Version, help="print the version and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in COMMANDS:
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    bad = _undecodable(argv)
    if bad is not None:  # undecodable bytes arrive as lone surrogates (PEP 383)
        print(f"ledgermind: InvalidInput: argument {bad} is not valid UTF-8 text", file=sys.stderr)
        return 2
    parser = build_parser()
    try:
        args = parser.parse_args(argv)  # a type function's surprise is handled like a handler's
        code: int = args.handler(args)
        sys.stdout.flush()  # a closed pipe shows here, inside the handler's error handling
    except LedgermindError as e:
        print(f"ledgermind: {type(e).__name__}: {one_line(str(e))}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        _silence_stdout()
        return 1
    except KeyboardInterrupt:
        return 130
    except OSError as e:  # a file named on the command line: missing, unreadable, a directory
        where = f" {e.filename}" if e.filename else ""
        print(f"ledgermind: {e.strerror or type(e).__name__}:{one_line(where)}", file=sys.stderr)
        return 2
    except Exception as e:
        if os.environ.get("LEDGERMIND_DEBUG"):
            raise
        print(
            f"ledgermind: internal error: {type(e).__name__}: {one_line(str(e))} "
            "(a bug; LEDGERMIND_DEBUG=1 shows the traceback)",
            file=sys.stderr,
        )
        return 1
    return code


def _silence_stdout() -> None:
    """After EPIPE, point stdout at /dev/null so the interpreter's final
    flush does not raise again ("Exception ignored ... BrokenPipeError")."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is not a file descriptor (captured in a test)
        pass
    finally:
        os.close(devnull)


def _undecodable(argv: Sequence[str]) -> int | None:
    for i, arg in enumerate(argv, 1):
        try:
            arg.encode("utf-8")
        except UnicodeEncodeError:
            return i
        if "\x00" in arg:
            return i
    return None


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
