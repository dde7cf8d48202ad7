"""``ledgermind erase``: forget one owner (right to be forgotten), irreversibly.

Destroys the owner's data key, records ``owner.erased`` (no content), purges
their read-model rows and scrubs the database files (engine/erasure.py).
Refuses without ``--yes``: there is no undo, by design. Refuses an owner the
database has never seen unless ``--force``: an erased user id can never write
again, so a typo must not ban it. ``--dry-run`` shows what would go.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ledgermind.cli.options import add_db, add_json, add_owner, owner_of
from ledgermind.cli.output import print_json, print_table

__all__ = ["register"]


def register(sub: Any) -> None:
    p = sub.add_parser(
        "erase",
        help="forget an owner: destroy their data key, purge read models (irreversible)",
        description="Crypto-shreds every event of the owner (their data key is destroyed), records "
        "an owner.erased event without content, purges their rows from every projection and "
        "scrubs the database files. Later writes for the same owner are refused. No undo. "
        "An owner with no data is refused unless --force; --dry-run shows what would go.",
    )
    add_db(p)
    add_owner(p)
    p.add_argument("--yes", action="store_true", help="confirm: this cannot be undone")
    p.add_argument(
        "--dry-run",
        action="store_true",
        help="erase nothing: show the owner's streams and read-model rows that would go",
    )
    p.add_argument("--force", action="store_true", help="erase even an owner with no data (bans that user id for good)")
    add_json(p)
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    owner = owner_of(args)  # validates before anything opens
    if not args.yes and not args.dry_run:
        print(
            "ledgermind: refusing to erase without --yes (this cannot be undone; --dry-run shows what would go)",
            file=sys.stderr,
        )
        return 2
    from ledgermind.api import MemoryEngine  # handlers import the engine; --help does not
    from ledgermind.api.portability import owner_inventory

    with MemoryEngine.open(args.db, create=False) as eng:
        found = owner_inventory(eng, owner)
    if args.dry_run:
        return _show(args, owner, found)
    if found.empty and not args.force:
        print(
            f"ledgermind: refusing to erase {owner.app}/{owner.user_id}: the database holds no data of "
            "theirs (a typo?); erasing would ban this user id for good. Use --force to do it anyway",
            file=sys.stderr,
        )
        return 2
    # A fresh engine, with no projection runner of its own: the purge itself
    # then deletes (and counts) the rows, instead of a runner folding
    # owner.erased first and leaving the report at zero.
    with MemoryEngine.open(args.db, create=False) as eng:
        report = eng.for_owner(owner).erase()
    if args.json:
        print_json(report.as_dict())
        return 0
    print(
        f"erased {owner.app}/{owner.user_id}  key {report.key_id}  at {report.erased_at.isoformat()}"
        f"  owner.erased position {report.position or '(recorded earlier)'}"
    )
    print_table(["read-model table", "rows purged"], sorted(report.purged_rows.items()))
    return 0


def _show(args: argparse.Namespace, owner: Any, found: Any) -> int:
    if args.json:
        print_json({"dry_run": True, "app": owner.app, "user_id": owner.user_id, **found.as_dict()})
        return 0
    key = (
        f"destroyed at {found.erased_at.isoformat()} (already erased)"
        if found.erased_at
        else "exists (would be destroyed)"
        if found.has_key
        else "none (nothing was ever written)"
    )
    print(f"dry run: erasing {owner.app}/{owner.user_id} would remove (nothing was erased)")
    print(f"data key: {key}")
    print_table(["stream kind", "streams"], sorted(found.streams.items()))
    print()
    print_table(["read-model table", "rows"], sorted(found.rows.items()))
    if found.empty:
        print("\nthis owner has no data: erase refuses without --force")
    return 0
