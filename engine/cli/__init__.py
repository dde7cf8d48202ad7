"""The ``memledger`` command line: one subcommand module per job.

Configuration comes from arguments first, then ``MEMLEDGER_*`` variables.
Every command has ``--help``; machine-readable output is ``--json``.
Errors from memledger print one line and exit 2; nothing prints a traceback
for a ``MemledgerError``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from memledger.cli import audit, demo, distill, erase, projections, recover, search
from memledger.domain.errors import MemledgerError

__all__ = ["build_parser", "main"]

COMMANDS = (demo, recover, projections, audit, distill, search, erase)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="memledger",
        description="Event-sourced memory engine for LLM agents.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in COMMANDS:
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    bad = _undecodable(argv)
    if bad is not None:  # undecodable bytes arrive as lone surrogates (PEP 383)
        print(f"memledger: InvalidInput: argument {bad} is not valid UTF-8 text", file=sys.stderr)
        return 2
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.handler(args)
    except MemledgerError as e:
        print(f"memledger: {type(e).__name__}: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return code


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
