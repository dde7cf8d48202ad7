"""One database URL selects the backend; only this module reads its parts.

The result feeds two consumers: the ``eventsourcing`` infrastructure factory
(environment keys) and SQLAlchemy (a URL for read models). The engine itself
never imports a driver: which store is underneath is decided here, once.

The bounded waits (``Timeouts``, from ``EngineConfig``) are applied here too,
so every connection to the store carries them: PostgreSQL gets libpq's
``connect_timeout`` and ``options=-c statement_timeout=.. -c lock_timeout=..``
in the SQLAlchemy URL (the key store and the read side build their engines
from it) and in ``pg_connect_kwargs`` (the event store's pool); the
eventsourcing factory gets its own keys (``POSTGRES_CONNECT_TIMEOUT``, its
pool checkout wait; ``POSTGRES_LOCK_TIMEOUT``;
``POSTGRES_IDLE_IN_TRANSACTION_SESSION_TIMEOUT``; ``SQLITE_LOCK_TIMEOUT``),
and SQLite connections a busy timeout of ``lock`` seconds. Server-side
timers cannot fire in a server that is stopped outright (SIGSTOP, a frozen
VM): that case is bounded by the caller's wait on the writer thread
(``EngineConfig.commit_timeout_s``, ``ledgermind.write.port``).
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from typing import Literal
from urllib.parse import parse_qsl, quote, unquote, urlsplit

from ledgermind.domain.errors import InvalidInput, UnsupportedBackend

__all__ = ["Backend", "Timeouts", "parse_db_url", "require_store"]

SQLITE_MAGIC = b"SQLite format 3\x00"


@dataclass(frozen=True, slots=True)
class Timeouts:
    """Seconds a connection may wait (``EngineConfig``'s ``*_timeout_s``)."""

    connect_s: float = 5.0
    statement_s: float = 15.0
    lock_s: float = 10.0

    @property
    def busy_ms(self) -> int:
        """SQLite's busy timeout: how long a connection waits for a lock."""
        return max(1, int(self.lock_s * 1000))


@dataclass(frozen=True, slots=True)
class Backend:
    kind: Literal["sqlite", "postgresql"]
    sqlalchemy_url: str
    es_env: dict[str, str] = field(repr=False)
    display: str  # the URL without its password, for logs and tables
    path: str | None = None  # the SQLite file
    timeouts: Timeouts = Timeouts()
    # the URL's other libpq parameters (target_session_attrs, sslmode, ...)
    pg_extra: dict[str, str] = field(default_factory=dict)

    def pg_connect_kwargs(self) -> dict[str, str]:
        """libpq parameters every PostgreSQL connection gets (the event store's
        pool adds them to its own; the SQLAlchemy URL already has them)."""
        return {**_pg_params(self.timeouts), **self.pg_extra}

    def pg_conninfo(self) -> str | None:
        """A libpq connection string for this database (a LISTEN connection);
        None for SQLite."""
        from ledgermind.storage.dialects import dialect_of

        if not dialect_of(self.kind).listens:
            return None
        from psycopg.conninfo import make_conninfo

        env = self.es_env
        params = {"host": env["POSTGRES_HOST"], "port": env["POSTGRES_PORT"], "dbname": env["POSTGRES_DBNAME"],
                  "user": env["POSTGRES_USER"], "password": env["POSTGRES_PASSWORD"] or None,
                  **self.pg_connect_kwargs()}  # fmt: skip
        return make_conninfo(**{k: v for k, v in params.items() if v is not None})


def parse_db_url(url: str, timeouts: Timeouts | None = None) -> Backend:
    """The backend for ``url``; ``timeouts`` bound every wait on it (the
    defaults of ``Timeouts`` when not given)."""
    if not isinstance(url, str) or not url.strip():
        raise UnsupportedBackend("the database URL is empty")
    text = url.strip()
    bounds = timeouts or Timeouts()
    if text.startswith(("postgresql://", "postgres://", "postgresql+psycopg://")):
        return _postgres(text, bounds)
    if text.startswith("sqlite:///"):
        return _sqlite(text[len("sqlite:///") :], bounds)
    if "://" in text:
        raise UnsupportedBackend(
            f"unsupported database URL scheme {text.split('://', 1)[0]!r}: "
            "use a file path, sqlite:///path or postgresql://..."
        )
    if text == ":memory:" or "mode=memory" in text:
        raise UnsupportedBackend("in-memory SQLite is not durable; give a file path")
    return _sqlite(text, bounds)


def _sqlite(path: str, timeouts: Timeouts) -> Backend:
    if not path:
        raise UnsupportedBackend("sqlite URL has no file path")
    full = os.path.abspath(os.path.expanduser(path))
    env = {
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "SQLITE_DBNAME": full,
        "SQLITE_LOCK_TIMEOUT": str(_whole_seconds(timeouts.lock_s)),
    }
    return Backend(
        kind="sqlite",
        sqlalchemy_url=f"sqlite:///{full}",
        es_env=env,
        display=f"sqlite:///{full}",
        path=full,
        timeouts=timeouts,
    )


def _whole_seconds(seconds: float) -> int:
    """eventsourcing reads its timeouts as integers: round up, never to 0 (no limit)."""
    return max(1, math.ceil(seconds))


def _pg_params(timeouts: Timeouts) -> dict[str, str]:
    statement_ms = max(1, int(timeouts.statement_s * 1000))
    lock_ms = max(1, int(timeouts.lock_s * 1000))
    return {
        "connect_timeout": str(_whole_seconds(timeouts.connect_s)),  # libpq: whole seconds
        "options": f"-c statement_timeout={statement_ms} -c lock_timeout={lock_ms}",
    }


def _postgres(url: str, timeouts: Timeouts) -> Backend:
    """A PostgreSQL URL in libpq's forms: one host, several hosts in the
    authority (``h1:p1,h2:p2``) or in the query (``?host=a,b&port=p1,p2``),
    or a Unix socket directory (``?host=/run/pg``). Every other query
    parameter (``target_session_attrs``, ``sslmode``, ...) reaches both
    drivers unchanged: the event store's pool and SQLAlchemy's engines.

    Why several hosts: with a primary and standbys (``deploy/cluster``),
    ``target_session_attrs=read-write`` makes every new connection find the
    current primary, so after a failover the engine reconnects to the
    promoted node by itself."""
    try:
        parts = urlsplit(url)
    except ValueError as e:  # unbalanced IPv6 brackets
        raise InvalidInput(f"malformed database URL: {e}") from None
    query: dict[str, str] = {}
    for key, value in parse_qsl(parts.query, keep_blank_values=True):
        if key in query and key not in ("host", "port"):
            raise InvalidInput(f"the database URL gives {key!r} twice")
        # SQLAlchemy's form repeats host=h:p; libpq's joins them with commas
        query[key] = f"{query[key]},{value}" if key in query else value
    if "connect_timeout" in query:  # the URL's own value wins over the config's
        try:
            seconds = float(query.pop("connect_timeout"))
        except ValueError:
            raise InvalidInput("connect_timeout in the database URL must be a number") from None
        if not math.isfinite(seconds) or seconds <= 0:
            raise InvalidInput("connect_timeout in the database URL must be a positive number")
        timeouts = Timeouts(seconds, timeouts.statement_s, timeouts.lock_s)
    userinfo, _, hostlist = parts.netloc.rpartition("@")
    url_user, _, url_password = userinfo.partition(":")
    hosts, ports = _hosts_and_ports(hostlist, query.pop("host", ""), query.pop("port", ""))
    user = unquote(url_user or query.pop("user", "") or "postgres")
    password = unquote(url_password or query.pop("password", "") or "")
    query.pop("user", None)
    query.pop("password", None)
    dbname = unquote(parts.path.lstrip("/")) or query.pop("dbname", "") or "postgres"
    query.pop("dbname", None)
    if "options" in query:  # ours carry the timeouts; the URL's come after (libpq: last wins)
        query["options"] = _pg_params(timeouts)["options"] + " " + query["options"]
    host, port = ",".join(hosts), ",".join(ports)
    env = {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": dbname,
        "POSTGRES_HOST": host,
        "POSTGRES_PORT": port,
        "POSTGRES_USER": user,
        "POSTGRES_PASSWORD": password,
        "POSTGRES_POOL_SIZE": "8",
        "POSTGRES_MAX_OVERFLOW": "8",
        # The pool's checkout wait, the lock wait of its inserts, and how long
        # a transaction may sit idle (a client that stalled mid-transaction
        # must not hold the insert lock for everyone).
        "POSTGRES_CONNECT_TIMEOUT": str(_whole_seconds(timeouts.connect_s)),
        "POSTGRES_LOCK_TIMEOUT": str(_whole_seconds(timeouts.lock_s)),
        "POSTGRES_IDLE_IN_TRANSACTION_SESSION_TIMEOUT": str(_whole_seconds(timeouts.statement_s)),
        # No ping before each checkout: it is one more round trip in every
        # write transaction (17% of the writer thread's time under load), and
        # eventsourcing already retries a statement that meets a dead pooled
        # connection (OperationalError / InterfaceError) on a fresh one; the
        # pool drops broken connections when they come back.
        "POSTGRES_PRE_PING": "n",
    }
    auth = quote(user, safe="") + (":" + quote(password, safe="") if password else "")
    libpq = {**_pg_params(timeouts), **query}
    params = "&".join(f"{k}={quote(v, safe='')}" for k, v in libpq.items())
    if len(hosts) == 1 and not host.startswith("/"):
        location, sa_query = f"{_bracket(host)}:{port}", f"?{params}"
    else:  # a Unix socket directory (pgserver's default), or several hosts
        location, sa_query = "", f"?host={quote(host, safe='/,')}&port={quote(port, safe=',')}&{params}"
    sa_url = f"postgresql+psycopg://{auth}@{location}/{quote(dbname, safe='')}{sa_query}"
    shown = ",".join(f"{_bracket(h)}:{p}" for h, p in zip(hosts, ports, strict=True))
    display = f"postgresql://{quote(user, safe='')}@{shown}/{dbname}"
    if any(h.startswith("/") for h in hosts):  # a socket directory is no authority: the URL as libpq reads it
        display = f"postgresql://{quote(user, safe='')}@/{dbname}?host={','.join(hosts)}&port={','.join(ports)}"
    return Backend(
        kind="postgresql", sqlalchemy_url=sa_url, es_env=env, display=display, timeouts=timeouts, pg_extra=query
    )


def _bracket(host: str) -> str:
    """An IPv6 address in a URL's authority needs its brackets back."""
    return f"[{host}]" if ":" in host else host


def _hosts_and_ports(authority: str, query_hosts: str, query_ports: str) -> tuple[list[str], list[str]]:
    """The hosts and their ports, one port per host (libpq's rules: one port
    given applies to every host; otherwise as many ports as hosts)."""
    hosts: list[str] = []
    ports: list[str] = []
    for item in authority.split(",") if authority else []:
        host, port = _split_host_port(item)
        hosts.append(host)
        ports.append(port)
    if query_hosts:
        if hosts:
            raise InvalidInput("the database URL names hosts both before the path and in ?host=")
        for item in query_hosts.split(","):
            host, port = (item, "") if item.startswith("/") else _split_host_port(item)
            hosts.append(host)
            ports.append(port)
    if not hosts:
        hosts, ports = ["localhost"], [""]
    if query_ports:
        given = query_ports.split(",")
        if any(ports):
            raise InvalidInput("the database URL gives ports both with the hosts and in ?port=")
        if len(given) == 1:
            given = given * len(hosts)
        if len(given) != len(hosts):
            raise InvalidInput(f"the database URL names {len(hosts)} hosts but {len(given)} ports")
        ports = given
    checked = [_check_port(p) if p else "5432" for p in ports]
    return hosts, checked


def _split_host_port(item: str) -> tuple[str, str]:
    item = unquote(item.strip())
    if not item:
        raise InvalidInput("the database URL has an empty host in its host list")
    if item.startswith("["):  # [IPv6]:port
        host, close, rest = item[1:].partition("]")
        if not close or (rest and not rest.startswith(":")):
            raise InvalidInput(f"the database URL has a malformed IPv6 host {item!r}")
        return host, rest[1:]
    host, _, port = item.partition(":")
    if not host:
        raise InvalidInput(f"the database URL has a port without a host: {item!r}")
    return host, port


def _check_port(port: str) -> str:
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise InvalidInput(f"the database URL has an invalid port {port!r}: a number from 1 to 65535")
    return str(int(port))


def require_store(backend: Backend) -> None:
    """Raises ``StoreNotFound`` unless ``backend`` already holds a ledgermind
    event store; creates nothing (``MemoryEngine.open(db, create=False)``).

    Why: opening creates the file and the tables, which is right for a writer
    and wrong for a read-only command given a mistyped path: it would leave an
    empty database behind and then answer "not found" about its contents. A
    SQLite path is checked on the file system first (no connection, so no
    file); then, on either backend, the event table must exist."""
    from ledgermind.domain.errors import StoreNotFound
    from ledgermind.storage.dialects import dialect_of

    if dialect_of(backend.kind).embedded_file:
        assert backend.path is not None
        if not os.path.isfile(backend.path) or os.path.getsize(backend.path) == 0:
            raise StoreNotFound(f"no ledgermind database at {backend.path}")
    import sqlalchemy as sa

    from ledgermind.storage.driver_errors import driver_errors

    engine = sa.create_engine(backend.sqlalchemy_url, poolclass=sa.pool.NullPool)
    try:
        with driver_errors(f"cannot open {backend.display}"):
            found = sa.inspect(engine).has_table(_EVENT_TABLES[backend.kind])
    finally:
        engine.dispose()
    if not found:
        raise StoreNotFound(f"{backend.display} holds no ledgermind event store")


# eventsourcing's table for the event log (ledgermind.storage.store): its SQLite
# recorder keeps the default name, its PostgreSQL one prefixes the application's.
_EVENT_TABLES = {"sqlite": "stored_events", "postgresql": "ledgermind_events"}
