"""An erasure is honoured by every process, not only the one that made it.

Real processes on both backends: a ``ledgermind serve`` erased from beside
it by the CLI (``ledgermind erase``), and ``serve --workers 2`` erased over
HTTP through one worker while the other held the owner's key and aggregates
in its caches. Every process must refuse the owner (410, nothing served,
nothing written) within ``LEDGERMIND_ERASURE_BOUND_S`` of the erasure, and
no read model may hold the owner's rows again, also after a restart.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledgermind import MemoryEngine, Owner
from tests.support.service_server import Server, make_key, module_db, start_server

_WRITER = Path(__file__).resolve().parent.parent / "support" / "erasure_writer.py"
BOUND_S = 1.0
SLACK_S = 1.5  # a loaded test machine: the bound plus scheduling noise, never the key TTL (60 s)


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    dsn = request.getfixturevalue("pg_server_dsn") if request.param == "postgresql" else None
    with module_db(request.param, tmp_path, dsn) as url:
        yield url


def _seed(c: httpx.Client, user: str) -> str:
    """A session with messages, a checkpoint and a belief: every cache warm."""
    sid = c.post(f"/v1/users/{user}/sessions", json={"agent_id": "agent"}).json()["session_id"]
    for i in range(3):
        assert c.post(f"/v1/users/{user}/sessions/{sid}/messages",
                      json={"role": "user", "content": f"secret plan {i}"}).status_code == 201  # fmt: skip
    assert c.put(f"/v1/users/{user}/agents/agent/checkpoint", json={"state": {"card": "4111"}}).status_code == 200
    assert (
        c.post(f"/v1/users/{user}/memories", json={"statement": "Alice hides the key under the mat"}).status_code == 201
    )
    assert c.get(f"/v1/users/{user}/agents/agent/restore").status_code == 200
    return str(sid)


def _refused_within(c: httpx.Client, user: str, sid: str, deadline: float) -> dict[str, int]:
    """Polls the owner's restore and append until both are refused; returns
    what the first answers after ``deadline`` were (the bound's verdict)."""
    while True:
        restore = c.get(f"/v1/users/{user}/agents/agent/restore")
        append = c.post(f"/v1/users/{user}/sessions/{sid}/messages", json={"role": "user", "content": "after"})
        assert append.status_code != 201 or time.monotonic() < deadline, append.text
        if restore.status_code == 410 and append.status_code == 410:
            return {"restore": restore.status_code, "append": append.status_code}
        if time.monotonic() > deadline:
            return {"restore": restore.status_code, "append": append.status_code}
        time.sleep(0.02)


def _rows_of(db: str, owner: Owner) -> dict[str, int]:
    from sqlalchemy import text

    from ledgermind.projections.purge import owner_tables
    from ledgermind.storage.backend import parse_db_url
    from ledgermind.storage.keystore import sql_engine

    engine = sql_engine(parse_db_url(db))
    try:
        with engine.connect() as conn:
            return {t: n for t in owner_tables(engine)
                    if (n := conn.execute(text(f'SELECT count(*) FROM "{t}" WHERE app = :a AND user_id = :u'),
                                          {"a": owner.app, "u": owner.user_id}).scalar_one())}  # fmt: skip
    finally:
        engine.dispose()


def _cli_erase(db: str, app: str, user: str) -> dict[str, Any]:
    import json

    done = subprocess.run(
        [sys.executable, "-m", "ledgermind.cli", "erase", "--db", db, "--app", app, "--user", user, "--yes", "--json"],
        capture_output=True, text=True, timeout=120, check=False,
        env={k: v for k, v in os.environ.items() if not k.startswith("LEDGERMIND_")},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout))


def test_a_running_server_refuses_an_owner_the_cli_erased(db: str, tmp_path: Path) -> None:
    _, secret = make_key(db, "app")
    user = f"u-{uuid.uuid4().hex[:8]}"
    server = start_server(db, tmp_path / "serve.log", env={"LEDGERMIND_ERASURE_BOUND_S": str(BOUND_S)})
    try:
        with server.client(secret) as c:
            sid = _seed(c, user)
            report = _cli_erase(db, "app", user)
            assert sum(report["purged_rows"].values()) > 0, report  # the rows it purged are counted
            seen = _refused_within(c, user, sid, time.monotonic() + BOUND_S + SLACK_S)
            assert seen == {"restore": 410, "append": 410}
            assert c.get(f"/v1/users/{user}/beliefs").json().get("beliefs", []) == []
    finally:
        assert server.terminate() == 0
    assert _rows_of(db, Owner("app", user)) == {}
    server = start_server(db, tmp_path / "serve2.log")  # a restart regains nothing
    try:
        with server.client(secret) as c:
            assert c.get(f"/v1/users/{user}/beliefs").json().get("beliefs", []) == []
            assert c.get(f"/v1/users/{user}/agents/agent/restore").status_code == 410
    finally:
        assert server.terminate() == 0


def test_every_worker_refuses_an_owner_erased_through_one(db: str, tmp_path: Path) -> None:
    _, secret = make_key(db, "app")
    user = f"u-{uuid.uuid4().hex[:8]}"
    server = start_server(db, tmp_path / "serve.log", args=["--workers", "2"],
                          env={"LEDGERMIND_ERASURE_BOUND_S": str(BOUND_S)})  # fmt: skip
    try:
        # Fresh connections spread requests over both workers; each warms its caches.
        sids = []
        for _ in range(6):
            with server.client(secret) as c:
                sids.append(_seed(c, user) if not sids else sids[0])
                assert c.get(f"/v1/users/{user}/agents/agent/restore").status_code == 200
        with server.client(secret) as c:
            assert c.delete(f"/v1/users/{user}", params={"confirm": "erase"}).status_code == 200
        erased_at = time.monotonic()
        time.sleep(BOUND_S + SLACK_S)
        served = accepted = 0
        for i in range(40):
            with server.client(secret) as c:
                if c.get(f"/v1/users/{user}/agents/agent/restore").status_code != 410:
                    served += 1
                r = c.post(f"/v1/users/{user}/sessions/{sids[0]}/messages", json={"role": "user", "content": f"x{i}"})
                if r.status_code == 201:
                    accepted += 1
        assert (served, accepted) == (0, 0), f"{time.monotonic() - erased_at:.1f} s after the erasure"
    finally:
        _stop(server)
    assert _rows_of(db, Owner("app", user)) == {}


def _stop(server: Server) -> None:
    assert server.terminate() == 0, server.log.read_text()


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    erase=st.lists(st.integers(0, 3), min_size=1, max_size=3, unique=True),
    pauses=st.lists(st.floats(0.0, 0.4), min_size=3, max_size=3),
)
def test_erasures_interleaved_with_writers_in_other_processes(db: str, erase: list[int], pauses: list[float]) -> None:
    """Two writer processes append for four owners while this process erases
    some of them at chosen moments: no append for an erased owner is
    acknowledged at a log position after its ``owner.erased``, and no read
    model holds a row of an erased owner afterwards."""
    tag = uuid.uuid4().hex[:6]
    users = [f"w{tag}-{i}" for i in range(4)]
    writers = [subprocess.Popen([sys.executable, str(_WRITER), db, "app", *users], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                env={k: v for k, v in os.environ.items() if not k.startswith("LEDGERMIND_")})
               for _ in range(2)]  # fmt: skip
    erased: dict[str, int] = {}
    try:
        for w in writers:
            assert w.stdout is not None and w.stdout.readline().strip() == "READY"
        with MemoryEngine.open(db) as eng:
            for index, pause in zip(erase, pauses, strict=False):
                time.sleep(pause)
                report = eng.for_owner(Owner("app", users[index])).erase()
                erased[users[index]] = report.position
            time.sleep(BOUND_S)
    finally:
        outputs = [w.communicate(input="stop\n", timeout=120)[0] for w in writers]
    acks = [line.split() for out in outputs for line in out.splitlines() if line.startswith("ACK")]
    late = [(user, int(pos)) for _, user, pos in acks if user in erased and int(pos) > erased[user]]
    assert late == [], f"appends acknowledged after the erasure: {late[:5]} (erased at {erased})"
    assert any(user not in erased for _, user, _ in acks)  # the writers did write
    with MemoryEngine.open(db) as eng:
        eng.projections.wait_for_head()
    for user in erased:
        assert _rows_of(db, Owner("app", user)) == {}
