"""The one map from driver and persistence errors to ledgermind's typed errors.

Why one module: ledgermind talks to its databases through three layers that
each raise their own exceptions. ``eventsourcing`` wraps the driver in
``eventsourcing.persistence.*Error`` (the driver error is the ``__cause__``),
SQLAlchemy wraps it in ``sqlalchemy.exc.*`` (the driver error is ``.orig``),
and a few paths meet the raw driver (``sqlite3``, ``psycopg``,
``psycopg_pool``). Before this module the event store, the key store, erasure
and the search index each had their own ``except`` ladder, some of them
matching message text. Now every boundary asks ``translate`` (or wraps its
block in ``driver_errors``) and gets the same answer, and
``tests/test_driver_errors.py`` provokes each row below from a real driver.

How an error is classified, first match wins. The codes are read from the
innermost driver error (``.orig`` / ``__cause__`` unwrapped): SQLite's primary
result code (``sqlite_errorcode & 0xFF``, Python 3.11+) and PostgreSQL's
SQLSTATE (``psycopg``'s ``.sqlstate``).

=====================================================  ===================
driver / persistence error                             ledgermind error
=====================================================  ===================
eventsourcing ``ConnectionPoolClosedError``,           ``StoreUnavailable``
``psycopg_pool.PoolClosed``                            ("the engine is closed")
SQLite ``SQLITE_NOTADB`` (26), ``SQLITE_CORRUPT`` (11)  ``CorruptStore``
PostgreSQL ``XX001`` data_corrupted, ``XX002``         ``CorruptStore``
index_corrupted
SQLite ``SQLITE_READONLY`` (8), PostgreSQL ``25006``   ``ReadOnlyStore``
read_only_sql_transaction                              (a ``StoreUnavailable``)
SQLite ``BUSY LOCKED CANTOPEN IOERR FULL``             ``StoreUnavailable``
``PERM NOMEM NOLFS AUTH PROTOCOL``
PostgreSQL classes ``08`` connection, ``28`` auth,     ``StoreUnavailable``
``53`` resources, ``57`` operator intervention
(shutdown, cannot connect now), ``58`` system/IO,
``3D000`` no such database
any other SQLite code (``SQLITE_ERROR``: syntax, no    ``StoreError``
such table, already exists; constraint, misuse...)
although Python's sqlite3 calls most of them
*OperationalError*
any other *Operational*/*Interface* error (any         ``StoreUnavailable``
layer; PostgreSQL's other codes follow psycopg's
class, itself derived from the SQLSTATE, e.g. 40001
serialization failure, 55P03 lock not available;
connection refused, which has no SQLSTATE),
``psycopg_pool`` and SQLAlchemy pool timeouts
any other *Integrity* error (unique violation, ...)    ``StoreError``
any other *Data* error (NUL in a PostgreSQL text,      ``StoreError``
out-of-range values, ...)
any other eventsourcing ``PersistenceError``, any      ``StoreError``
other ``sqlalchemy.exc.SQLAlchemyError``,
``sqlite3.Error``, ``psycopg.Error``
anything else (``LedgermindError``s included)           ``None``: not ours to map
=====================================================  ===================

Text is a last resort, used only where no error in the chain carries a code
(eventsourcing raises some errors itself, without a driver cause; Python's
``sqlite3`` raises a few of its own): "not a database" or "malformed" in such
an error (a *Data* error excepted) still means ``CorruptStore``.

``driver_errors(passthrough=...)`` lets the errors a caller handles itself
escape untranslated: the event store passes eventsourcing's
``IntegrityError`` through because the writer retries on it (an optimistic
concurrency conflict), exactly as before this module.

``is_schema_race`` answers a different question: did this failure come from
several processes creating the same schema at once (after which the schema
is complete and opening again succeeds)? See its docstring.

Messages carry the driver's own message (``.orig`` for SQLAlchemy, so the
SQL text and bound parameters, which can hold user content, stay out of
them), prefixed with the caller's ``context``. The translated error is raised
``from None``; the driver error stays reachable as ``__context__`` for
debugging and for ``is_schema_race``.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

import sqlalchemy.exc as sa_exc
from eventsourcing import persistence as es

from ledgermind.domain.errors import (
    CorruptStore,
    LedgermindError,
    ReadOnlyStore,
    StoreError,
    StoreUnavailable,
)

__all__ = ["driver_errors", "is_schema_race", "is_unreachable", "sqlite_code", "sqlstate", "translate"]

# SQLite primary result codes (https://www.sqlite.org/rescode.html).
SQLITE_ERROR = 1
SQLITE_PERM = 3
SQLITE_BUSY = 5
SQLITE_LOCKED = 6
SQLITE_NOMEM = 7
SQLITE_READONLY = 8
SQLITE_IOERR = 10
SQLITE_CORRUPT = 11
SQLITE_FULL = 13
SQLITE_CANTOPEN = 14
SQLITE_PROTOCOL = 15
SQLITE_NOLFS = 22
SQLITE_AUTH = 23
SQLITE_NOTADB = 26

_SQLITE_CORRUPT = frozenset({SQLITE_CORRUPT, SQLITE_NOTADB})
_SQLITE_UNAVAILABLE = frozenset(
    {SQLITE_PERM, SQLITE_BUSY, SQLITE_LOCKED, SQLITE_NOMEM, SQLITE_READONLY, SQLITE_IOERR, SQLITE_FULL,
     SQLITE_CANTOPEN, SQLITE_PROTOCOL, SQLITE_NOLFS, SQLITE_AUTH}
)  # fmt: skip
_PG_CORRUPT = frozenset({"XX001", "XX002"})
_PG_READ_ONLY = "25006"
_PG_UNAVAILABLE_CLASSES = frozenset({"08", "28", "53", "57", "58"})
_PG_UNAVAILABLE = frozenset({"3D000"})
# Creating what a racing opener just created: duplicate table, object, schema,
# function; a unique violation (pg_type_typname_nsp_index, or the library's
# migration record).
_PG_SCHEMA_RACE = frozenset({"42P07", "42710", "42P06", "42723", "23505"})
_PG_INTERNAL = "XX000"

_TEXT_CORRUPT = ("not a database", "malformed")
_TEXT_SCHEMA_RACE = (
    "tuple concurrently updated",
    "pg_type_typname_nsp_index",
    "already exists",
    "database is locked",  # SQLite: another opener holds the lock while switching to WAL
)


def _module(exc: BaseException) -> str:
    return type(exc).__module__ or ""


def _is_psycopg(exc: BaseException) -> bool:
    return _module(exc).split(".")[0] == "psycopg"


def _is_pool(exc: BaseException) -> bool:
    return _module(exc).split(".")[0] == "psycopg_pool"


def _is_driver_error(exc: BaseException) -> bool:
    return (
        isinstance(exc, (es.PersistenceError, es.ConnectionPoolClosedError, sa_exc.SQLAlchemyError, sqlite3.Error))
        or (_is_psycopg(exc) and isinstance(exc, Exception) and hasattr(exc, "sqlstate"))
        or (_is_pool(exc) and isinstance(exc, Exception))
    )


def _chain(exc: BaseException, *, context: bool = False) -> Iterator[BaseException]:
    """``exc`` and the errors it wraps: SQLAlchemy's ``.orig``, ``__cause__``
    and, with ``context``, ``__context__`` (how a ``raise ... from None``
    translation still remembers the driver error)."""
    seen: set[int] = set()
    todo = [exc]
    while todo and len(seen) < 16:
        e = todo.pop(0)
        if id(e) in seen:
            continue
        seen.add(id(e))
        yield e
        orig = getattr(e, "orig", None) if isinstance(e, sa_exc.DBAPIError) else None
        for nxt in (orig, e.__cause__, e.__context__ if context else None):
            if isinstance(nxt, BaseException):
                todo.append(nxt)


def sqlite_code(exc: BaseException, *, context: bool = False) -> int | None:
    """The SQLite primary result code of the first SQLite error in the chain."""
    for e in _chain(exc, context=context):
        if isinstance(e, sqlite3.Error):
            code = getattr(e, "sqlite_errorcode", None)
            if isinstance(code, int):
                return code & 0xFF
    return None


def sqlstate(exc: BaseException, *, context: bool = False) -> str | None:
    """The SQLSTATE of the first PostgreSQL error in the chain that has one."""
    for e in _chain(exc, context=context):
        if _is_psycopg(e):
            state = getattr(e, "sqlstate", None)
            if isinstance(state, str):
                return state
    return None


def _coded(exc: BaseException, *, context: bool = False) -> BaseException | None:
    """The first error in the chain that carries a driver code."""
    for e in _chain(exc, context=context):
        if isinstance(e, sqlite3.Error) and isinstance(getattr(e, "sqlite_errorcode", None), int):
            return e
        if _is_psycopg(e) and isinstance(getattr(e, "sqlstate", None), str):
            return e
    return None


def is_unreachable(exc: BaseException) -> bool:
    """Whether the driver's code says the store cannot be reached or used
    right now (busy, locked, cannot open, out of space, connection lost,
    server shutting down...), as opposed to an error in what was asked."""
    code = sqlite_code(exc)
    if code is not None:
        return code in _SQLITE_UNAVAILABLE
    state = sqlstate(exc)
    if state is not None:
        return state in _PG_UNAVAILABLE or state[:2] in _PG_UNAVAILABLE_CLASSES
    return False


def _is_corrupt(exc: BaseException) -> bool:
    code = sqlite_code(exc)
    if code is not None:
        return code in _SQLITE_CORRUPT
    state = sqlstate(exc)
    if state is not None:
        return state in _PG_CORRUPT
    # Last resort, no code anywhere: eventsourcing's own errors and Python's
    # sqlite3-level ones. Data errors are about values, never the file.
    if isinstance(exc, sa_exc.SQLAlchemyError) and not isinstance(exc, sa_exc.DBAPIError):
        return False
    if any(isinstance(e, (es.DataError, sa_exc.DataError, sqlite3.DataError)) for e in _chain(exc)):
        return False
    text = " ".join(str(e) for e in _chain(exc))
    return any(marker in text for marker in _TEXT_CORRUPT)


_UNAVAILABLE_CLASSES: tuple[type[BaseException], ...] = (
    es.OperationalError,
    es.InterfaceError,
    sa_exc.OperationalError,
    sa_exc.InterfaceError,
    sa_exc.TimeoutError,  # SQLAlchemy's pool had no connection to give in time
    sqlite3.OperationalError,
    sqlite3.InterfaceError,
)


def _unavailable_by_class(exc: BaseException) -> bool:
    if isinstance(exc, _UNAVAILABLE_CLASSES) or _is_pool(exc):
        return True
    if _is_psycopg(exc):
        import psycopg

        return isinstance(exc, (psycopg.OperationalError, psycopg.InterfaceError))
    return False


def _detail(exc: BaseException) -> str:
    """The driver's message: the innermost driver error's text (for
    SQLAlchemy its ``.orig``, never the statement and its parameters)."""
    if isinstance(exc, sa_exc.DBAPIError) and exc.orig is not None:
        return str(exc.orig).strip() or type(exc.orig).__name__
    return str(exc).strip() or type(exc).__name__


def translate(exc: BaseException, context: str = "") -> LedgermindError | None:
    """The typed error for a driver or persistence error (see the module's
    table); ``None`` for anything that is not one (including every
    ``LedgermindError``), which the caller lets propagate unchanged."""
    if isinstance(exc, LedgermindError) or not _is_driver_error(exc):
        return None
    prefix = f"{context}: " if context else ""
    if isinstance(exc, es.ConnectionPoolClosedError) or (_is_pool(exc) and type(exc).__name__ == "PoolClosed"):
        return StoreUnavailable(f"{prefix}the engine is closed")
    detail = _detail(exc)
    if _is_corrupt(exc):
        return CorruptStore(f"{prefix}not a ledgermind database: {detail}")
    if sqlite_code(exc) == SQLITE_READONLY or sqlstate(exc) == _PG_READ_ONLY:
        return ReadOnlyStore(f"{prefix}the database refuses writes: {detail}")
    if is_unreachable(exc):
        return StoreUnavailable(f"{prefix}{detail}")
    if sqlite_code(exc) is not None:
        # Python's sqlite3 files every SQLITE_ERROR (syntax, no such table,
        # already exists...) under OperationalError: for SQLite the code, not
        # the class, says whether the store is unreachable.
        return StoreError(f"{prefix}{detail}")
    if _unavailable_by_class(exc):
        return StoreUnavailable(f"{prefix}{detail}")
    return StoreError(f"{prefix}{detail}")


@contextmanager
def driver_errors(context: str = "", *, passthrough: tuple[type[BaseException], ...] = ()) -> Iterator[None]:
    """Driver and persistence errors leave the block only as typed errors
    (``translate``), raised ``from None``. Errors of a ``passthrough`` class
    (ones the caller handles, such as the writer's ``IntegrityError`` retry)
    and everything ``translate`` does not map propagate unchanged."""
    try:
        yield
    except BaseException as e:
        if passthrough and isinstance(e, passthrough):
            raise
        mapped = translate(e, context)
        if mapped is None:
            raise
        raise mapped from None


def is_schema_race(exc: BaseException) -> bool:
    """Whether an open failed because other processes were creating the same
    schema at that moment (then the schema is complete: open again).

    Works on the driver error and on its translation (the driver error is
    found through ``__context__``). The cases:

    - any *Integrity* error: the library's duplicate migration record, or
      PostgreSQL's ``pg_type_typname_nsp_index`` unique violation (23505) when
      two ``CREATE TABLE`` race;
    - PostgreSQL ``42P07`` / ``42710`` / ``42P06`` / ``42723``: the table,
      object, schema or function already exists;
    - PostgreSQL ``XX000`` whose message is "tuple concurrently updated" (a
      catalog row updated by two DDLs; XX000 is the generic internal error,
      so the message is the only discriminator);
    - SQLite ``SQLITE_BUSY``: another opener holds the lock while switching
      the journal to WAL;
    - SQLite ``SQLITE_ERROR`` whose message says "already exists" (SQLite has
      no code of its own for a duplicate table);
    - no code anywhere (errors raised by the library itself): the same
      messages, matched as text.
    """
    chain = list(_chain(exc, context=True))
    integrity = (es.IntegrityError, sa_exc.IntegrityError, sqlite3.IntegrityError)
    if any(isinstance(e, integrity) for e in chain):
        return True
    coded = _coded(exc, context=True)
    if coded is not None:
        text = str(coded)
        if isinstance(coded, sqlite3.Error):
            code = coded.sqlite_errorcode & 0xFF
            return code == SQLITE_BUSY or (code == SQLITE_ERROR and "already exists" in text)
        state = coded.sqlstate  # type: ignore[attr-defined]
        if state in _PG_SCHEMA_RACE or state[:2] == "23":
            return True
        return state == _PG_INTERNAL and "tuple concurrently updated" in text
    text = " ".join(str(e) for e in chain)
    return any(marker in text for marker in _TEXT_SCHEMA_RACE)
