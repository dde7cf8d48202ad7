"""What each backend can do, declared once (the SQLAlchemy "requirements" habit).

A test that only makes sense where a backend has some ability asks this table
instead of testing the backend's name, and is skipped (or not generated) by
declaration, with the reason below, never by a silent ``try/except``. Adding a
backend means adding one row here; every suite then knows what to run on it.

Use:

* ``@pytest.mark.requires("listen_notify")`` on a test parametrized over
  ``backend`` (``db_url``, ``eng``): skipped, with the declared reason, on a
  backend without it (``tests/conftest.py`` applies the marker);
* ``@on_backends_with("row_level_security")`` / ``@on_backends_without(...)``:
  the test is generated only for the backends that have (or lack) it, for
  tests that have nothing to check elsewhere (no skipped twin);
* ``capabilities(backend).events_table`` and the other facts: the backend's
  names and budgets, for tests that reach below the API.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

import pytest

__all__ = [
    "BACKENDS",
    "CAPABILITIES",
    "REASONS",
    "Capabilities",
    "backends_with",
    "backends_without",
    "capabilities",
    "has",
    "on_backends_with",
    "on_backends_without",
    "require",
]


@dataclass(frozen=True, slots=True)
class Capabilities:
    # abilities (bool): what a test may rely on
    embedded_file: bool  # the database is a local file: a fresh one is a new path, no server
    file_scrub: bool  # everything stored lives in the database files: their raw bytes are all there is
    listen_notify: bool  # the log signals new events (NOTIFY); followers need not only poll
    row_level_security: bool  # roles and policies scope read-model rows in the database itself
    server_connection_to_drop: bool  # a server-side connection a test can terminate under a live follower
    planner_statistics: bool  # ANALYZE gathers the statistics the lexical bounds read
    server_round_trips: bool  # every call crosses a socket: property tests draw fewer examples
    server_processes: bool  # a server whose data directory and processes a superuser test can reach (grep, SIGSTOP)
    superuser_login: bool  # the engine logs in as a superuser (CHECKPOINT, CREATE EXTENSION vector pass)
    # facts: names below the API
    events_table: str  # the event store's table (the eventsourcing library names it per backend)
    events_position: str  # that table's column holding an event's notification id (its log position)
    snapshots_table: str


CAPABILITIES: dict[str, Capabilities] = {
    "sqlite": Capabilities(
        embedded_file=True,
        file_scrub=True,
        listen_notify=False,
        row_level_security=False,
        server_connection_to_drop=False,
        planner_statistics=False,
        server_round_trips=False,
        server_processes=False,
        superuser_login=False,
        events_table="stored_events",
        events_position="rowid",
        snapshots_table="stored_snapshots",
    ),
    "postgresql": Capabilities(
        embedded_file=False,
        file_scrub=False,
        listen_notify=True,
        row_level_security=True,
        server_connection_to_drop=True,
        planner_statistics=True,
        server_round_trips=True,
        server_processes=True,
        superuser_login=True,
        events_table="ledgermind_events",
        events_position="notification_id",
        snapshots_table="ledgermind_snapshots",
    ),
    # The least-privilege set-up of a managed PostgreSQL: the engine logs in
    # as a role with no SUPERUSER, CREATEROLE or CREATEDB that owns its
    # database; a superuser created the ``vector`` extension in it (docs/guides/
    # postgresql.md). Runs the store-facing suites only (APP_LOGIN_SUITES).
    "postgresql-app": Capabilities(
        embedded_file=False,
        file_scrub=False,
        listen_notify=True,
        row_level_security=True,
        server_connection_to_drop=True,
        planner_statistics=True,
        server_round_trips=True,
        server_processes=False,
        superuser_login=False,
        events_table="ledgermind_events",
        events_position="notification_id",
        snapshots_table="ledgermind_snapshots",
    ),
}

# Why a backend lacks an ability: the skip reason a test reports.
REASONS: dict[str, str] = {
    "embedded_file": "the database lives on a server, not in a local file",
    "file_scrub": "the data lives in server tables, not in files the test can read whole",
    "listen_notify": "SQLite has no NOTIFY: followers poll",
    "row_level_security": "SQLite has no roles or policies: the owner filters in the queries are the guard",
    "server_connection_to_drop": "an embedded SQLite file has no server connection to drop",
    "planner_statistics": "SQLite's lexical index keeps no planner statistics to gather",
    "server_round_trips": "an embedded SQLite file is called in-process, with no socket in between",
    "server_processes": "an embedded SQLite file has no server process or data directory of its own; "
    "postgresql-app's login may not CHECKPOINT or read the data directory",
    "superuser_login": "the engine's login is no superuser (postgresql-app: its database's owner; SQLite: no logins)",
}

BACKENDS: tuple[str, ...] = tuple(CAPABILITIES)

_ABILITIES = frozenset(f.name for f in fields(Capabilities) if f.type in (bool, "bool"))
assert set(REASONS) == _ABILITIES, "every ability needs a declared reason"


def capabilities(backend: str) -> Capabilities:
    return CAPABILITIES[backend]


def has(backend: str, ability: str) -> bool:
    if ability not in _ABILITIES:
        raise KeyError(f"undeclared capability {ability!r}; declared: {sorted(_ABILITIES)}")
    return bool(getattr(CAPABILITIES[backend], ability))


def require(backend: str, ability: str) -> None:
    """Skips the running test, with the declared reason, where ``backend`` lacks ``ability``."""
    if not has(backend, ability):
        pytest.skip(f"declared: {backend} lacks {ability} ({REASONS[ability]})")


def backends_with(ability: str) -> list[str]:
    return [b for b in BACKENDS if has(b, ability)]


def backends_without(ability: str) -> list[str]:
    return [b for b in BACKENDS if not has(b, ability)]


def on_backends_with(ability: str) -> pytest.MarkDecorator:
    """Runs the test (through ``db_url`` / ``eng``) on each backend that has ``ability``."""
    return pytest.mark.parametrize("backend", backends_with(ability), indirect=True)


def on_backends_without(ability: str) -> pytest.MarkDecorator:
    """Runs the test on each backend that lacks ``ability`` (pins the declared absence)."""
    return pytest.mark.parametrize("backend", backends_without(ability), indirect=True)
