"""``ledgermind pg start|stop|status|url``: a local PostgreSQL 16 + pgvector for development.

The server is pgserver's (a PyPI package shipping PostgreSQL 16 and pgvector
binaries): ``start`` creates the data directory on first use, starts the
server, creates the ``ledgermind`` database and prints its URL, which a
program passes as ``--db`` or ``LEDGERMIND_DB``. Then the command returns
and the server keeps running:

- pgserver is asked for ``cleanup_mode=None``: its default (``"stop"``)
  stops the server when the Python process that started it exits, which
  hands out a URL that is dead by the time anyone uses it;
- the server is started from a child in a session of its own, so closing
  the terminal (its hangup and interrupt signals go to the terminal's
  process groups) does not reach it.

The URL points at the server's Unix socket, which lives in the data
directory, so it stays the same across ``stop`` and ``start`` and a new
shell gets it from ``ledgermind pg url``. The server listens on no TCP
port: only this machine's users who can reach the socket connect.

The data directory defaults to ``$LEDGERMIND_PG_DIR``, else
``~/.local/share/ledgermind/pg`` (``$XDG_DATA_HOME`` honoured); ``--dir``
picks another (one server per directory). ``status`` exits 0 when the
server runs and 3 when it does not (as ``pg_ctl status`` does).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any
from urllib.parse import quote

__all__ = ["register"]

DATABASE = "ledgermind"
NOT_RUNNING = 3


def register(sub: Any) -> None:
    p = sub.add_parser(
        "pg",
        help="a local PostgreSQL 16 + pgvector for development (start, stop, status, url)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "action",
        choices=["start", "stop", "status", "url"],
        help="start (prints the URL), stop, status (exit 3 when stopped), url",
    )
    p.add_argument(
        "--dir",
        type=Path,
        default=None,
        help="the data directory (default $LEDGERMIND_PG_DIR or ~/.local/share/ledgermind/pg)",
    )
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if importlib.util.find_spec("pgserver") is None:
        print(
            "ledgermind pg: needs pgserver (pip install 'ledgermind[pg]'; wheels for Python 3.11 and 3.12)",
            file=sys.stderr,
        )
        return 1
    where = _directory(args.dir)
    action: str = args.action
    if action == "start":
        return _start(where)
    if action == "stop":
        return _stop(where)
    url = _url(where)
    if action == "url":
        if url is None:
            print(f"ledgermind pg: no server runs in {where} (ledgermind pg start)", file=sys.stderr)
            return NOT_RUNNING
        print(url)
        return 0
    if url is None:
        print(f"stopped  {where}")
        return NOT_RUNNING
    print(f"running  {where}\n{url}")
    return 0


def _directory(given: Path | None) -> Path:
    if given is not None:
        return given.expanduser().resolve()
    env = os.environ.get("LEDGERMIND_PG_DIR")
    if env:
        return Path(env).expanduser().resolve()
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data).expanduser().resolve() / "ledgermind" / "pg"


def _start(where: Path) -> int:
    where.parent.mkdir(parents=True, exist_ok=True)
    # The server is started by a child in its own session (see the module's docstring).
    done = subprocess.run([sys.executable, "-c", _STARTER, str(where), DATABASE], start_new_session=True,
                          capture_output=True, text=True, check=False)  # fmt: skip
    if done.returncode != 0:
        print(f"ledgermind pg: the server did not start in {where}:\n{done.stderr.strip()}", file=sys.stderr)
        return 1
    url = _url(where)
    if url is None:
        print(
            f"ledgermind pg: the server in {where} stopped right after it started; see {where / 'log'}", file=sys.stderr
        )
        return 1
    print(url)
    return 0


def _stop(where: Path) -> int:
    info = _postmaster(where)
    if info is None:
        print(f"ledgermind pg: no server runs in {where}")
        return 0
    from pgserver._commands import POSTGRES_BIN_PATH

    user = "pgserver" if os.geteuid() == 0 else None  # pgserver runs the server as that user under root
    done = subprocess.run([str(POSTGRES_BIN_PATH / "pg_ctl"), "-D", str(where), "-w", "stop", "-m", "fast"],
                          capture_output=True, text=True, user=user, check=False)  # fmt: skip
    if done.returncode != 0 and _postmaster(where) is not None:
        print(f"ledgermind pg: the server in {where} did not stop:\n{done.stderr.strip()}", file=sys.stderr)
        return 1
    print(f"stopped  {where}")
    return 0


def _url(where: Path) -> str | None:
    """The running server's URL for the ``ledgermind`` database, or None."""
    info = _postmaster(where)
    if info is None:
        return None
    if info.socket_dir is not None:
        return f"postgresql://postgres@/{DATABASE}?host={quote(str(info.socket_dir), safe='/')}"
    return f"postgresql://postgres@{info.hostname}:{info.port}/{DATABASE}"


def _postmaster(where: Path) -> Any:
    """pgserver's record of the server in ``where`` when it runs, else None."""
    with warnings.catch_warnings():  # platformdirs warns, on import, of a missing XDG_RUNTIME_DIR we do not use
        warnings.simplefilter("ignore")
        from pgserver.utils import PostmasterInfo

    if not where.is_dir():
        return None
    info = PostmasterInfo.read_from_pgdata(where)
    if info is None or not info.is_running() or info.status != "ready":
        return None
    return info


# Run by the child: start (or find) the server, leave it running, make the database.
_STARTER = """
import sys
import warnings
warnings.simplefilter("ignore")
import psycopg
import pgserver

server = pgserver.get_server(sys.argv[1], cleanup_mode=None)
with psycopg.connect(server.get_uri(), autocommit=True) as conn:
    if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (sys.argv[2],)).fetchone() is None:
        conn.execute(f'CREATE DATABASE "{sys.argv[2]}"')
"""
