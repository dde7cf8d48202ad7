"""One database URL selects the backend; only this module reads its parts.

The result feeds two consumers: the ``eventsourcing`` infrastructure factory
(environment keys) and SQLAlchemy (a URL for read models). The engine itself
never imports a driver: which store is underneath is decided here, once.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any, Literal
from urllib.parse import parse_qs, quote, unquote, urlsplit

from memledger.domain.errors import UnsupportedBackend

__all__ = ["SQLITE_BUSY_MS", "Backend", "parse_db_url", "prepare_sqlite_connection"]

SQLITE_MAGIC = b"SQLite format 3\x00"
SQLITE_BUSY_MS = 30_000


@dataclass(frozen=True, slots=True)
class Backend:
    kind: Literal["sqlite", "postgresql"]
    sqlalchemy_url: str
    es_env: dict[str, str] = field(repr=False)
    display: str  # the URL without its password, for logs and tables
    path: str | None = None  # the SQLite file


def parse_db_url(url: str) -> Backend:
    if not isinstance(url, str) or not url.strip():
        raise UnsupportedBackend("the database URL is empty")
    text = url.strip()
    if text.startswith(("postgresql://", "postgres://", "postgresql+psycopg://")):
        return _postgres(text)
    if text.startswith("sqlite:///"):
        return _sqlite(text[len("sqlite:///") :])
    if "://" in text:
        raise UnsupportedBackend(
            f"unsupported database URL scheme {text.split('://', 1)[0]!r}: "
            "use a file path, sqlite:///path or postgresql://..."
        )
    if text == ":memory:" or "mode=memory" in text:
        raise UnsupportedBackend("in-memory SQLite is not durable; give a file path")
    return _sqlite(text)


def _sqlite(path: str) -> Backend:
    if not path:
        raise UnsupportedBackend("sqlite URL has no file path")
    full = os.path.abspath(os.path.expanduser(path))
    env = {
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "SQLITE_DBNAME": full,
        "SQLITE_LOCK_TIMEOUT": "30",
    }
    return Backend(
        kind="sqlite",
        sqlalchemy_url=f"sqlite:///{full}",
        es_env=env,
        display=f"sqlite:///{full}",
        path=full,
    )


def _postgres(url: str) -> Backend:
    parts = urlsplit(url)
    query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
    host = query.pop("host", None) or parts.hostname or "localhost"
    port = str(parts.port or query.pop("port", None) or 5432)
    user = unquote(parts.username or query.pop("user", "") or "postgres")
    password = unquote(parts.password or query.pop("password", "") or "")
    dbname = unquote(parts.path.lstrip("/")) or "postgres"
    env = {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": dbname,
        "POSTGRES_HOST": host,
        "POSTGRES_PORT": port,
        "POSTGRES_USER": user,
        "POSTGRES_PASSWORD": password,
        "POSTGRES_POOL_SIZE": "8",
        "POSTGRES_MAX_OVERFLOW": "8",
        "POSTGRES_CONNECT_TIMEOUT": "10",
        "POSTGRES_LOCK_TIMEOUT": "30",
        # No ping before each checkout: it is one more round trip in every
        # write transaction (17% of the writer thread's time under load), and
        # eventsourcing already retries a statement that meets a dead pooled
        # connection (OperationalError / InterfaceError) on a fresh one; the
        # pool drops broken connections when they come back.
        "POSTGRES_PRE_PING": "n",
    }
    auth = quote(user, safe="") + (":" + quote(password, safe="") if password else "")
    if host.startswith("/"):  # a Unix socket directory (pgserver's default)
        location, sa_query = "", f"?host={quote(host, safe='/')}&port={port}"
    else:
        location, sa_query = f"{host}:{port}", ""
    sa_url = f"postgresql+psycopg://{auth}@{location}/{quote(dbname, safe='')}{sa_query}"
    display = f"postgresql://{quote(user, safe='')}@{host}:{port}/{dbname}"
    return Backend(kind="postgresql", sqlalchemy_url=sa_url, es_env=env, display=display)


def prepare_sqlite_connection(
    dbapi_conn: Any, *, synchronous: str | None = None, secure_delete: bool = False
) -> None:
    """Settings every SQLAlchemy connection to our SQLite file needs (a
    ``connect`` listener): a busy timeout, WAL, and what the caller asks for.

    WAL is asked for before it is set: switching takes an exclusive lock and
    answers "database is locked" at once (no busy wait) while another process
    is switching the same fresh file."""
    cursor = dbapi_conn.cursor()
    cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_MS}")
    if cursor.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
        cursor.execute("PRAGMA journal_mode=WAL")
    if synchronous is not None:
        cursor.execute(f"PRAGMA synchronous={synchronous}")
    if secure_delete:
        cursor.execute("PRAGMA secure_delete=ON")
    cursor.close()
