"""``ledgermind keys``: the HTTP service's API keys (create, list, revoke).

A key fixes one app; the secret is printed once, by ``create``, and the
database keeps only its hash (``eng.api_keys()``, ``ledgermind.api.keys``). Creation and
revocation are events in the log, like every other change.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from ledgermind.cli.options import add_db, add_json
from ledgermind.cli.output import print_json, print_table

__all__ = ["register"]


def register(sub: Any) -> None:
    p = sub.add_parser(
        "keys",
        help="API keys of the HTTP service: create (secret shown once), list, revoke",
        description="Each key fixes one app; requests carry it as 'Authorization: Bearer SECRET' "
        "and name the user in the path. Only a hash of the secret is stored.",
    )
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    create = actions.add_parser("create", help="issue a key for an app; prints its secret once")
    add_db(create)
    create.add_argument(
        "--app",
        default=os.environ.get("LEDGERMIND_APP"),
        required="LEDGERMIND_APP" not in os.environ,
        help="the app the key acts for (default: $LEDGERMIND_APP)",
    )
    create.add_argument("--label", default="", help="a note saying who or what holds the key")
    add_json(create)
    create.set_defaults(handler=run_create)
    listing = actions.add_parser("list", help="every key: id, app, label, created, revoked (never secrets)")
    add_db(listing)
    add_json(listing)
    listing.set_defaults(handler=run_list)
    revoke = actions.add_parser("revoke", help="revoke a key for good (its requests get 401)")
    add_db(revoke)
    revoke.add_argument("key_id", metavar="ID", help="the key id that 'keys list' shows")
    add_json(revoke)
    revoke.set_defaults(handler=run_revoke)


def run_create(args: argparse.Namespace) -> int:
    from ledgermind.api import MemoryEngine

    with MemoryEngine.open(args.db) as eng:
        key_id, secret = eng.api_keys().create(args.app, args.label)
    if args.json:
        print_json({"key_id": key_id, "app": args.app, "label": args.label, "secret": secret})
    else:
        print(f"key {key_id} for app {args.app}: the secret below is shown once, store it now")
        print(secret)
    return 0


def run_list(args: argparse.Namespace) -> int:
    from ledgermind.api import MemoryEngine

    with MemoryEngine.open(args.db, create=False) as eng:
        keys = eng.api_keys().list()
    rows = [
        {
            "key_id": k.key_id,
            "app": k.app,
            "label": k.label,
            "created_at": k.created_at.isoformat(),
            "revoked_at": k.revoked_at.isoformat() if k.revoked_at else None,
        }
        for k in keys
    ]
    if args.json:
        print_json(rows)
    else:
        print_table(["id", "app", "label", "created", "revoked"], [list(r.values()) for r in rows])
    return 0


def run_revoke(args: argparse.Namespace) -> int:
    from ledgermind.api import MemoryEngine

    with MemoryEngine.open(args.db, create=False) as eng:
        eng.api_keys().revoke(args.key_id)
    if args.json:
        print_json({"key_id": args.key_id, "revoked": True})
    else:
        print(f"revoked key {args.key_id}")
    return 0
