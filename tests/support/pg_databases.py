"""A fresh PostgreSQL database on the test server, dropped afterwards.

One place for what every backend fixture needs: a database no other test
has touched (tests never see each other's events), removed with ``FORCE``
even when a killed child left a connection behind.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlsplit, urlunsplit

import psycopg

__all__ = ["fresh_database"]


@contextmanager
def fresh_database(server_dsn: str, prefix: str = "t_", *, owner: str | None = None) -> Iterator[str]:
    """The URL of a new, empty database on ``server_dsn``'s server (owned by
    the role ``owner`` when given), dropped when the block ends."""
    name = prefix + uuid.uuid4().hex[:16]
    with psycopg.connect(server_dsn, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"' + (f" OWNER {owner}" if owner else ""))
    try:
        yield urlunsplit(urlsplit(server_dsn)._replace(path="/" + name))
    finally:
        with psycopg.connect(server_dsn, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
