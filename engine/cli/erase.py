"""``memledger erase``: forget one owner (right to be forgotten), irreversibly.

Destroys the owner's data key, records ``owner.erased`` (no content), purges
their read-model rows and scrubs the database files (engine/erasure.py).
Refuses without ``--yes``: there is no undo, by design.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from memledger.api import MemoryEngine
from memledger.cli.options import add_db, add_json, add_owner
from memledger.cli.output import print_json, print_table
from memledger.domain.owner import Owner

__all__ = ["register"]


def register(sub: Any) -> None:
    p = sub.add_parser(
        "erase",
        help="forget an owner: destroy their data key, purge read models (irreversible)",
        description="Crypto-shreds every event of the owner (their data key is destroyed), records "
        "an owner.erased event without content, purges their rows from every projection and "
        "scrubs the database files. Later writes for the same owner are refused. No undo.",
    )
    add_db(p)
    add_owner(p)
    p.add_argument("--yes", action="store_true", help="confirm: this cannot be undone")
    add_json(p)
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    owner = Owner(args.app, args.user)  # validates before anything opens
    if not args.yes:
        print("memledger: refusing to erase without --yes (this cannot be undone)", file=sys.stderr)
        return 2
    with MemoryEngine.open(args.db) as eng:
        report = eng.erase_owner(owner)
    if args.json:
        print_json(report.as_dict())
        return 0
    print(f"erased {owner.app}/{owner.user_id}  key {report.key_id}  at {report.erased_at.isoformat()}"
          f"  owner.erased position {report.position or '(recorded earlier)'}")
    print_table(["read-model table", "rows purged"], sorted(report.purged_rows.items()))
    return 0
