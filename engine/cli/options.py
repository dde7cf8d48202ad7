"""Arguments shared by several commands, each with its environment fallback."""

from __future__ import annotations

import argparse
import os

from memledger.domain.config import DEFAULT_DB

__all__ = ["add_db", "add_json", "add_owner"]


def add_db(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db",
        default=os.environ.get("MEMLEDGER_DB", DEFAULT_DB),
        help="database: a SQLite file path, sqlite:///path or postgresql://... "
        "(default: $MEMLEDGER_DB or memledger.db)",
    )


def add_owner(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--app", default=os.environ.get("MEMLEDGER_APP"), required="MEMLEDGER_APP" not in os.environ,
        help="the owner's application (default: $MEMLEDGER_APP)",
    )
    parser.add_argument(
        "--user", default=os.environ.get("MEMLEDGER_USER"), required="MEMLEDGER_USER" not in os.environ,
        help="the owner's user id (default: $MEMLEDGER_USER)",
    )


def add_json(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
