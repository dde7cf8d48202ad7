"""Real databases for every test: a SQLite file and PostgreSQL with pgvector.

PostgreSQL comes from ``LEDGERMIND_TEST_PG`` (a DSN) when set; otherwise the
suite starts one with ``pgserver`` in a temp dir, once per test session.
Each test gets its own fresh database on that server, so tests never see
each other's events. Two PostgreSQL backends: ``postgresql`` logs in as the
server's superuser; ``postgresql-app`` as ``ml_app``, a login with no
SUPERUSER, CREATEROLE or CREATEDB that owns its database (the managed
PostgreSQL set-up; the superuser only creates the ``vector`` extension). The
latter runs the store-facing suites in ``APP_LOGIN_SUITES`` (a third run of
everything would cost minutes for behaviours no login can change).

The folders below hold the suites by concern (``contract/``: store behaviour
on every backend; ``failure/``: kills, races, faults; ``rules/``: pure
functions and properties; ``surface/``: CLI, exports, README); helpers live
in ``tests/support``. What a backend can do is declared once, in
``tests/support/capabilities.py``: ``@pytest.mark.requires("ability")``
skips by that declaration, with its reason.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import uuid
from collections.abc import Iterator
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest

from ledgermind import MemoryEngine
from tests.support.capabilities import BACKENDS, REASONS, has
from tests.support.pg_databases import fresh_database


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "requires(*abilities): run only on backends declared to have them "
        "(tests/support/capabilities.py); skipped elsewhere with the declared reason",
    )


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: one worker more than the cores, at most four. Most of the suite
    waits on servers, subprocesses and fsync, not on the CPU: on two cores, a third
    worker cut the suite from 19 to 12 minutes (both runs passed whole)."""
    return min(4, (os.cpu_count() or 1) + 1)


# The suites (paths under tests/) that also run as the least-privilege login:
# every read under row-level security, projections (run, rebuild, status),
# search, audits, erasure, distillation and recovery of agents.
APP_LOGIN_BACKEND = "postgresql-app"
APP_LOGIN_SUITES = frozenset({
    "contract/test_core_contract.py", "contract/test_custom_projection.py",
    "contract/test_distiller.py", "contract/test_erasure.py",
    "contract/test_least_privilege.py", "contract/test_lexical_bounds.py",
    "contract/test_projections_audit.py", "contract/test_projections_models.py",
    "contract/test_projections_runner.py", "contract/test_retrieval.py",
    "contract/test_rls_reads.py", "contract/test_row_security.py",
})  # fmt: skip


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Applies ``requires`` by declaration: a backend-parametrized test is
    skipped, at collection, on each backend that lacks an ability it needs.
    Deselects the ``postgresql-app`` runs outside ``APP_LOGIN_SUITES``."""
    here = os.path.dirname(__file__)
    kept, dropped = [], []
    for item in items:
        params = getattr(item, "callspec", None) and item.callspec.params
        if (
            params
            and params.get("backend") == APP_LOGIN_BACKEND
            and os.path.relpath(str(item.path), here) not in APP_LOGIN_SUITES
        ):
            dropped.append(item)
        else:
            kept.append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept
    for item in items:
        marker = item.get_closest_marker("requires")
        if marker is None:
            continue
        backend = getattr(item, "callspec", None) and item.callspec.params.get("backend")
        if backend is None:
            raise pytest.UsageError(f"{item.nodeid}: requires() needs a test parametrized over backend")
        for ability in marker.args:
            if not has(backend, ability):
                item.add_marker(pytest.mark.skip(reason=f"declared: {backend} lacks {ability} ({REASONS[ability]})"))
                break


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests never inherit LEDGERMIND_* settings from the shell."""
    for key in list(os.environ):
        if key.startswith("LEDGERMIND_") and key != "LEDGERMIND_TEST_PG":
            monkeypatch.delenv(key, raising=False)


@pytest.fixture(scope="session")
def pg_server_dsn() -> Iterator[str]:
    dsn = os.environ.get("LEDGERMIND_TEST_PG")
    if dsn:
        yield dsn
        return
    import pgserver  # test extra; PostgreSQL 16 + pgvector in a wheel

    root = tempfile.mkdtemp(prefix="ledgermind-pg-")
    server = pgserver.get_server(root, cleanup_mode="stop")
    try:
        yield server.get_uri()
    finally:
        server.cleanup()
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def pg_url(pg_server_dsn: str) -> Iterator[str]:
    """A fresh, empty PostgreSQL database (with pgvector available) per test."""
    with fresh_database(pg_server_dsn) as url:
        yield url


APP_LOGIN = "ml_app"


@pytest.fixture(scope="session")
def pg_app_password(pg_server_dsn: str) -> str:
    """Creates (or re-keys) the least-privilege login once per session."""
    password = uuid.uuid4().hex
    with psycopg.connect(pg_server_dsn, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (APP_LOGIN,)).fetchone()
        verb = "ALTER" if exists else "CREATE"
        conn.execute(
            f"{verb} ROLE {APP_LOGIN} LOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB NOBYPASSRLS PASSWORD '{password}'"
        )
    return password


@pytest.fixture
def pg_app_url(pg_server_dsn: str, pg_app_password: str) -> Iterator[str]:
    """A fresh database owned by ``ml_app``, with ``vector`` created in it by
    the superuser (pgvector is no trusted extension); the URL logs in as ``ml_app``."""
    with fresh_database(pg_server_dsn, owner=APP_LOGIN) as superuser_url:
        with psycopg.connect(superuser_url, autocommit=True) as conn:
            conn.execute("CREATE EXTENSION vector")
        parts = urlsplit(superuser_url)
        host = parts.netloc.rpartition("@")[2]
        yield urlunsplit(parts._replace(netloc=f"{APP_LOGIN}:{pg_app_password}@{host}"))


@pytest.fixture
def sqlite_url(tmp_path) -> str:  # type: ignore[no-untyped-def]
    return str(tmp_path / "ledgermind.db")


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def db_url(backend: str, request: pytest.FixtureRequest) -> str:
    """The store-facing contract: every test using this runs on every backend."""
    if has(backend, "embedded_file"):
        return str(request.getfixturevalue("sqlite_url"))
    if backend == APP_LOGIN_BACKEND:
        return str(request.getfixturevalue("pg_app_url"))
    return str(request.getfixturevalue("pg_url"))


@pytest.fixture
def eng(db_url: str) -> Iterator[MemoryEngine]:
    engine = MemoryEngine.open(db_url)
    try:
        yield engine
    finally:
        engine.close()
