"""What every benchmark script shares: a PostgreSQL server, fresh databases,
the message texts, robust statistics and Markdown tables.

Why one module: both benchmark scripts must measure the same way (same texts,
same percentiles, same server) or their ratios mean nothing. Scripts import it
as a sibling (``python benchmarks/x.py`` puts this folder on ``sys.path``).
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import statistics
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit, urlunsplit

__all__ = [
    "DRIFT_NOTE",
    "Stats",
    "fresh_pg_database",
    "md_table",
    "message_text",
    "percentile",
    "pg_relation_bytes",
    "pg_server",
    "sqlite_bytes",
    "timed",
]

DRIFT_NOTE = (
    "Absolute times drift on a shared 2-core machine (fsync latency alone swings by 10x "
    "between runs); the ratios measured in the same run are the result."
)


def message_text(i: int, role: str) -> str:
    """A deterministic ~200-character message, the same on every side of a comparison."""
    base = (
        f"{role} turn {i}: the order #{1000 + i % 97} shipped on day {i % 28 + 1}; "
        "please confirm the delivery address, the invoice total and whether the "
        "customer asked for a refund or an exchange of the damaged item."
    )
    return base[:200]


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of a non-empty sample."""
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


class Stats:
    """Medians over repetitions, with min and max, of one measured quantity."""

    def __init__(self) -> None:
        self.values: list[float] = []

    def add(self, value: float) -> None:
        self.values.append(value)

    @property
    def median(self) -> float:
        return statistics.median(self.values)

    def fmt(self, scale: float = 1.0, digits: int = 2) -> str:
        if not self.values:
            return "n/a"
        med = self.median * scale
        if len(self.values) == 1:
            return f"{med:.{digits}f}"
        lo, hi = min(self.values) * scale, max(self.values) * scale
        return f"{med:.{digits}f} [{lo:.{digits}f}-{hi:.{digits}f}]"


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def md_table(title: str, headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A Markdown table, ready to paste into a page under docs/benchmarks/."""
    lines = [f"**{title}**", "", "| " + " | ".join(headers) + " |"]
    lines.append("|" + "|".join("---" for _ in headers) + "|")
    for row in rows:
        lines.append("| " + " | ".join("" if v is None else str(v) for v in row) + " |")
    return "\n".join(lines) + "\n"


@contextmanager
def pg_server(dsn: str | None) -> Iterator[str]:
    """The given DSN, or a throwaway PostgreSQL 16 started with ``pgserver``."""
    if dsn:
        yield dsn
        return
    import pgserver  # bench / test extra

    root = tempfile.mkdtemp(prefix="ledgermind-bench-pg-")
    server = pgserver.get_server(root, cleanup_mode="stop")
    try:
        yield server.get_uri()
    finally:
        server.cleanup()
        shutil.rmtree(root, ignore_errors=True)


def _with_db(dsn: str, dbname: str) -> str:
    return urlunsplit(urlsplit(dsn)._replace(path="/" + dbname))


@contextmanager
def fresh_pg_database(server_dsn: str, prefix: str = "bench") -> Iterator[str]:
    """A new empty database on the server, dropped afterwards."""
    import psycopg

    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(server_dsn, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield _with_db(server_dsn, name)
    finally:
        with psycopg.connect(server_dsn, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def pg_relation_bytes(conn: Any, tables: Sequence[str]) -> int:
    """Sum of ``pg_total_relation_size`` (heap, TOAST, indexes) of the tables."""
    total = 0
    for table in tables:
        row = conn.execute("SELECT pg_total_relation_size(%s::regclass)", (table,)).fetchone()
        total += int(row[0])
    return total


def sqlite_bytes(path: str, tables: Sequence[str] | None = None) -> int:
    """Pages used by ``tables`` (and their indexes) after a WAL checkpoint, via
    ``dbstat``; with no tables, the whole file plus its WAL."""
    conn = sqlite3.connect(path, timeout=60)
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        if tables is None:
            wal = path + "-wal"
            return os.path.getsize(path) + (os.path.getsize(wal) if os.path.exists(wal) else 0)
        marks = ",".join("?" for _ in tables)
        row = conn.execute(
            "SELECT COALESCE(SUM(pgsize), 0) FROM dbstat WHERE name IN "
            f"(SELECT name FROM sqlite_master WHERE tbl_name IN ({marks}))",
            tuple(tables),
        ).fetchone()
        return int(row[0])
    finally:
        conn.close()
