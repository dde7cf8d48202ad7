"""A local highly available PostgreSQL 16 cluster: etcd and three Patroni nodes.

For developers, the failover test (``tests/failure/test_failover.py``) and
``benchmarks/ha_bench.py``. Everything runs on loopback ports in one
directory: one etcd (the consensus store Patroni keeps its leader lock in)
and N PostgreSQL nodes managed by Patroni (streaming replication, automatic
failover, ``pg_rewind`` for a returning old primary). The PostgreSQL binaries
are the ``pgserver`` wheel's (PostgreSQL 16 with pgvector), so nothing but
``/usr/bin/etcd`` (Debian's ``etcd-server``) is needed beside the Python
packages (``patroni``, ``python-etcd``: the ``cluster`` extra).

    python deploy/cluster/cluster.py start --dir /tmp/mlc --sync on
    python deploy/cluster/cluster.py status --dir /tmp/mlc
    python deploy/cluster/cluster.py switchover --dir /tmp/mlc
    python deploy/cluster/cluster.py kill-leader --dir /tmp/mlc
    python deploy/cluster/cluster.py restart --dir /tmp/mlc --node node0
    python deploy/cluster/cluster.py stop --dir /tmp/mlc

``start`` prints the engine's URL, one multi-host URL naming every node with
``target_session_attrs=read-write`` (libpq finds the current primary, so the
engine follows a failover without a restart).

``--sync`` chooses the durability promise (see docs/guides/cluster.md,
"Durability"): ``off`` is asynchronous streaming replication (an acknowledged
write can be lost with the primary), ``on`` is Patroni's synchronous mode with
``synchronous_commit = on`` (acknowledged = flushed on a synchronous standby:
it survives losing the primary), ``remote_apply`` also waits until the
standby applied it (a read there sees it).

Why Patroni's timings are set short (``ttl`` 20 s, its minimum; ``loop_wait``
1 s; ``retry_timeout`` 5 s): after a node dies, its leader lock in etcd lives
until the ``ttl`` runs out, and only then does a standby promote; that is
most of the time writes are unavailable after a leader dies (a switchover, a
planned handover, needs no expiry and takes a few seconds).

As root (PostgreSQL refuses to run as root) Patroni and PostgreSQL run as the
``pgserver`` system user, as the ``pgserver`` wheel does.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["Cluster", "ClusterError", "missing_tools"]

SCOPE = "ledgermind"
SUPERUSER, SUPERPASS = "postgres", "postgres"
REPLUSER, REPLPASS = "replicator", "replicator"
RUN_AS = "pgserver"  # the system user PostgreSQL runs as when we are root
TTL_S, LOOP_WAIT_S, RETRY_TIMEOUT_S = 20, 1, 5
SYNC_MODES = ("off", "on", "remote_apply")


class ClusterError(RuntimeError):
    """The cluster did not reach the state asked for in time."""


def _bin_dir() -> Path:
    import pgserver  # the wheel with PostgreSQL 16 + pgvector

    return Path(pgserver.__file__).parent / "pginstall" / "bin"


def missing_tools() -> list[str]:
    """What this machine lacks to run a cluster (empty: nothing)."""
    missing = []
    if shutil.which("etcd") is None:
        missing.append("etcd (apt-get install etcd-server)")
    patroni = Path(sys.executable).parent / "patroni"
    if not patroni.exists() and shutil.which("patroni") is None:
        missing.append("patroni (pip install 'ledgermind[cluster]')")
    try:
        import etcd  # noqa: F401 - python-etcd, Patroni's etcd client
    except ImportError:
        missing.append("python-etcd (pip install 'ledgermind[cluster]')")
    try:
        if not (_bin_dir() / "postgres").exists():
            missing.append("PostgreSQL binaries in the pgserver wheel")
    except ImportError:
        missing.append("pgserver (pip install pgserver)")
    return missing


def _free_ports(n: int) -> list[int]:
    socks = []
    for _ in range(n):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        socks.append(s)
    ports = [s.getsockname()[1] for s in socks]
    for s in socks:
        s.close()
    return ports


@dataclass
class Node:
    name: str
    pg_port: int
    rest_port: int
    pid: int = 0  # Patroni's process


@dataclass
class State:
    """What ``start`` wrote to ``<dir>/cluster.json`` for the other commands."""

    directory: str
    sync: str
    etcd_port: int
    etcd_peer_port: int
    etcd_pid: int = 0
    nodes: list[Node] = field(default_factory=list)


class Cluster:
    """Starts, inspects, breaks and stops one local cluster in ``directory``."""

    def __init__(self, directory: str | os.PathLike[str], *, nodes: int = 3, sync: str = "off") -> None:
        if sync not in SYNC_MODES:
            raise ValueError(f"sync must be one of {SYNC_MODES}, not {sync!r}")
        self.dir = Path(directory).absolute()
        state_file = self.dir / "cluster.json"
        if state_file.exists():
            raw = json.loads(state_file.read_text())
            raw["nodes"] = [Node(**n) for n in raw["nodes"]]
            self.state = State(**raw)
        else:
            ports = _free_ports(2 + 2 * nodes)
            self.state = State(
                directory=str(self.dir), sync=sync, etcd_port=ports[0], etcd_peer_port=ports[1],
                nodes=[Node(f"node{i}", ports[2 + 2 * i], ports[3 + 2 * i]) for i in range(nodes)],
            )  # fmt: skip

    # --- addresses ---------------------------------------------------------

    def url(self, dbname: str = "postgres", *, target: str = "read-write") -> str:
        """The multi-host URL the engine opens (libpq finds the primary)."""
        hosts = ",".join(f"127.0.0.1:{n.pg_port}" for n in self.state.nodes)
        return f"postgresql://{SUPERUSER}:{SUPERPASS}@{hosts}/{dbname}?target_session_attrs={target}"

    def node_url(self, name: str, dbname: str = "postgres") -> str:
        node = self._node(name)
        return f"postgresql://{SUPERUSER}:{SUPERPASS}@127.0.0.1:{node.pg_port}/{dbname}"

    # --- life cycle --------------------------------------------------------

    def start(self, timeout_s: float = 90.0) -> None:
        """etcd, then every node; returns once a leader runs and every other
        node streams from it (and, in synchronous mode, one is synchronous)."""
        missing = missing_tools()
        if missing:
            raise ClusterError("cannot start a cluster: missing " + ", ".join(missing))
        self.dir.mkdir(parents=True, exist_ok=True)
        self._make_ours(self.dir)
        _reachable(Path(os.path.realpath(sys.executable)))  # Patroni runs on this interpreter
        self._start_etcd()
        for node in self.state.nodes:
            self._start_node(node)
        self._save()
        self.wait_healthy(timeout_s)

    def stop(self) -> None:
        """Stops every node (Patroni stops its PostgreSQL), then etcd."""
        for node in self.state.nodes:
            _signal_tree(node.pid, signal.SIGTERM)
        deadline = time.monotonic() + 30
        for node in self.state.nodes:
            _wait_gone(node.pid, deadline)
            _signal_tree(node.pid, signal.SIGKILL)
            _kill_postmaster(self._data_dir(node), signal.SIGKILL)
        _signal_tree(self.state.etcd_pid, signal.SIGTERM)
        _wait_gone(self.state.etcd_pid, time.monotonic() + 10)
        _signal_tree(self.state.etcd_pid, signal.SIGKILL)

    def destroy(self) -> None:
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)

    def restart(self, name: str, timeout_s: float = 90.0) -> None:
        """Starts a node that was killed again; it rejoins as a standby
        (``pg_rewind`` when it was the primary)."""
        node = self._node(name)
        _signal_tree(node.pid, signal.SIGKILL)
        self._start_node(node)
        self._save()
        self.wait_healthy(timeout_s)

    # --- faults and handovers ----------------------------------------------

    def kill_leader(self) -> str:
        """SIGKILLs the leader's Patroni and its PostgreSQL, as a machine that
        dies would; returns the node's name. The standbys promote one of
        themselves once the leader lock expires (``TTL_S``)."""
        name = self.leader()
        node = self._node(name)
        postmaster = _postmaster_pid(self._data_dir(node))
        _signal_tree(node.pid, signal.SIGKILL)
        if postmaster:
            _signal_tree(postmaster, signal.SIGKILL)
        return name

    def switchover(self, candidate: str | None = None, timeout_s: float = 60.0) -> str:
        """Asks Patroni to hand the primary over (planned); returns the new leader."""
        old = self.leader()
        body: dict[str, Any] = {"leader": old}
        if candidate:
            body["candidate"] = candidate
        self._rest(old, "POST", "/switchover", body)
        return self.wait_leader(lambda name: name != old, timeout_s)

    def set_sync(self, sync: str, timeout_s: float = 60.0) -> None:
        """Switches the durability mode of a running cluster (``SYNC_MODES``)."""
        if sync not in SYNC_MODES:
            raise ValueError(f"sync must be one of {SYNC_MODES}, not {sync!r}")
        self._rest(self.leader(), "PATCH", "/config", self._dcs_sync(sync))
        self.state.sync = sync
        self._save()
        self.wait_healthy(timeout_s)

    # --- inspection --------------------------------------------------------

    def members(self) -> list[dict[str, Any]]:
        """Patroni's view of the cluster (name, role, state, lag), from any
        node whose REST API answers; empty when none does."""
        for node in self.state.nodes:
            try:
                answer = self._rest(node.name, "GET", "/cluster", None, timeout=2)
            except OSError:
                continue
            members: list[dict[str, Any]] = answer.get("members", [])
            return members
        return []

    def leader(self) -> str:
        for m in self.members():
            if m.get("role") == "leader" and m.get("state") == "running":
                return str(m["name"])
        raise ClusterError("the cluster has no running leader")

    def wait_leader(self, accept: Callable[[str], bool] = lambda _: True, timeout_s: float = 60.0) -> str:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            try:
                name = self.leader()
            except ClusterError:
                name = ""
            if name and accept(name):
                return name
            time.sleep(0.2)
        raise ClusterError(f"no acceptable leader within {timeout_s} s: {self.members()}")

    def wait_healthy(self, timeout_s: float = 90.0, nodes: int | None = None) -> None:
        """Until a leader runs, ``nodes`` (default: all) members stream from it,
        and, in synchronous mode, one of them is the synchronous standby."""
        want = len(self.state.nodes) if nodes is None else nodes
        deadline = time.monotonic() + timeout_s
        members: list[dict[str, Any]] = []
        while time.monotonic() < deadline:
            members = self.members()
            leaders = [m for m in members if m.get("role") == "leader" and m.get("state") == "running"]
            streaming = [m for m in members if m.get("role") != "leader" and m.get("state") == "streaming"]
            synced = [m for m in streaming if m.get("role") == "sync_standby"]
            if leaders and 1 + len(streaming) >= want and (self.state.sync == "off" or synced):
                return
            time.sleep(0.3)
        raise ClusterError(f"the cluster is not healthy after {timeout_s} s: {members}")

    # --- internals -----------------------------------------------------------

    def _node(self, name: str) -> Node:
        for node in self.state.nodes:
            if node.name == name:
                return node
        raise ClusterError(f"no node {name!r}")

    def _data_dir(self, node: Node) -> Path:
        return self.dir / node.name / "data"

    def _save(self) -> None:
        (self.dir / "cluster.json").write_text(json.dumps(asdict(self.state), indent=1))

    def _rest(self, name: str, method: str, path: str, body: Any, timeout: float = 10) -> Any:
        node = self._node(name)
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            f"http://127.0.0.1:{node.rest_port}{path}", data=data, method=method,
            headers={"Content-Type": "application/json"},
        )  # fmt: skip
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                text = response.read().decode()
        except urllib.error.HTTPError as e:
            raise ClusterError(f"Patroni on {name} refused {method} {path}: {e.read().decode()}") from None
        try:
            return json.loads(text) if text.strip() else {}
        except json.JSONDecodeError:
            return {"answer": text}

    def _start_etcd(self) -> None:
        s = self.state
        data = self.dir / "etcd"
        log = open(self.dir / "etcd.log", "ab")  # noqa: SIM115 - the child keeps it
        peer, client = f"http://127.0.0.1:{s.etcd_peer_port}", f"http://127.0.0.1:{s.etcd_port}"
        proc = subprocess.Popen(
            ["etcd", "--name", "etcd0", "--data-dir", str(data),
             "--listen-client-urls", client, "--advertise-client-urls", client,
             "--listen-peer-urls", peer, "--initial-advertise-peer-urls", peer,
             "--initial-cluster", f"etcd0={peer}", "--initial-cluster-state", "new",
             "--heartbeat-interval", "100", "--election-timeout", "1000"],
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
        s.etcd_pid = proc.pid
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{client}/health", timeout=1) as r:
                    if b"true" in r.read():
                        return
            except OSError:
                pass
            if proc.poll() is not None:
                raise ClusterError(f"etcd exited: see {self.dir / 'etcd.log'}")
            time.sleep(0.1)
        raise ClusterError("etcd did not become healthy in 20 s")

    def _dcs_sync(self, sync: str) -> dict[str, Any]:
        return {
            "synchronous_mode": sync != "off",
            "postgresql": {"parameters": {"synchronous_commit": "on" if sync == "off" else sync}},
        }

    def _config(self, node: Node) -> dict[str, Any]:
        s = self.state
        hba = [
            "local all all trust",
            "host all all 127.0.0.1/32 md5",
            f"host replication {REPLUSER} 127.0.0.1/32 md5",
        ]
        dcs = {
            "ttl": TTL_S, "loop_wait": LOOP_WAIT_S, "retry_timeout": RETRY_TIMEOUT_S,
            "maximum_lag_on_failover": 16 << 20,
            "postgresql": {
                "use_pg_rewind": True, "use_slots": True,
                "parameters": {
                    "wal_level": "replica", "hot_standby": "on", "wal_log_hints": "on",
                    "max_wal_senders": 10, "max_replication_slots": 10, "max_connections": 200,
                    "wal_keep_size": "256MB",
                },
            },
        }  # fmt: skip
        sync = self._dcs_sync(s.sync)
        dcs["synchronous_mode"] = sync["synchronous_mode"]
        dcs["postgresql"]["parameters"].update(sync["postgresql"]["parameters"])
        return {
            "scope": SCOPE,
            "name": node.name,
            "log": {"level": "WARNING", "dir": str(self.dir / node.name), "file_num": 2},
            "restapi": {"listen": f"127.0.0.1:{node.rest_port}", "connect_address": f"127.0.0.1:{node.rest_port}"},
            "etcd3": {"host": f"127.0.0.1:{s.etcd_port}"},  # etcd's v3 API (v2 is gone from etcd 3.6)
            "bootstrap": {
                "dcs": dcs,
                "initdb": [{"encoding": "UTF8"}, {"locale": "C"}, {"auth-local": "trust"}],
                "pg_hba": hba,
            },
            "postgresql": {
                "listen": f"127.0.0.1:{node.pg_port}",
                "connect_address": f"127.0.0.1:{node.pg_port}",
                "data_dir": str(self._data_dir(node)),
                "bin_dir": str(_bin_dir()),
                "pgpass": str(self.dir / node.name / "pgpass"),
                "pg_hba": hba,
                "authentication": {
                    "superuser": {"username": SUPERUSER, "password": SUPERPASS},
                    "replication": {"username": REPLUSER, "password": REPLPASS},
                    "rewind": {"username": SUPERUSER, "password": SUPERPASS},
                },
                "parameters": {"unix_socket_directories": str(self.dir / node.name)},
            },
        }

    def _start_node(self, node: Node) -> None:
        home = self.dir / node.name
        home.mkdir(parents=True, exist_ok=True)
        config = home / "patroni.yml"
        config.write_text(json.dumps(self._config(node), indent=1))  # JSON is YAML
        self._make_ours(home)
        log = open(home / "patroni.out", "ab")  # noqa: SIM115 - the child keeps it
        patroni = Path(sys.executable).parent / "patroni"
        proc = subprocess.Popen(
            [str(patroni) if patroni.exists() else "patroni", str(config)],
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True, cwd=str(home),
            preexec_fn=_drop_root(), env={**os.environ, "HOME": str(home)},
        )  # fmt: skip
        node.pid = proc.pid

    def _make_ours(self, path: Path) -> None:
        """As root, hands ``path`` to the user PostgreSQL runs as."""
        if os.geteuid() != 0:
            return
        entry = _run_as_entry()
        for p in [path, *path.rglob("*")] if path.is_dir() else [path]:
            os.chown(p, entry.pw_uid, entry.pw_gid)
        _reachable(path)


def _reachable(path: Path) -> None:
    """As root, lets other users traverse (not list) every folder above
    ``path``, as the ``pgserver`` wheel does for its data directory: the user
    PostgreSQL runs as must reach the cluster's folder and the interpreter
    Patroni runs on (a pyenv under ``/root`` is otherwise closed to it)."""
    if os.geteuid() != 0:
        return
    parent = path.parent
    while parent != parent.parent:
        mode = parent.stat().st_mode
        if mode & 0o001 == 0:
            parent.chmod(mode | 0o001)
        parent = parent.parent


def _run_as_entry() -> Any:
    import pwd

    try:
        return pwd.getpwnam(RUN_AS)
    except KeyError:
        subprocess.run(["useradd", "-s", "/bin/bash", RUN_AS], check=True, capture_output=True)
        return pwd.getpwnam(RUN_AS)


def _drop_root() -> Callable[[], None] | None:
    if os.geteuid() != 0:
        return None
    entry = _run_as_entry()

    def drop() -> None:
        os.setgid(entry.pw_gid)
        os.setuid(entry.pw_uid)

    return drop


def _postmaster_pid(data_dir: Path) -> int:
    try:
        return int((data_dir / "postmaster.pid").read_text().split("\n", 1)[0])
    except (OSError, ValueError):
        return 0


def _kill_postmaster(data_dir: Path, sig: signal.Signals) -> None:
    pid = _postmaster_pid(data_dir)
    if pid:
        _signal_tree(pid, sig)


def _signal_tree(pid: int, sig: signal.Signals) -> None:
    """Signals ``pid`` and its descendants (children first found, then all)."""
    if pid <= 0:
        return
    import psutil

    try:
        root = psutil.Process(pid)
        family = [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return
    for proc in family:
        try:
            proc.send_signal(sig)
        except psutil.NoSuchProcess:
            pass


def _wait_gone(pid: int, deadline: float) -> None:
    if pid <= 0:
        return
    import psutil

    try:
        psutil.Process(pid).wait(timeout=max(0.0, deadline - time.monotonic()))
    except (psutil.NoSuchProcess, psutil.TimeoutExpired):
        pass


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("command", choices=["start", "stop", "status", "switchover", "kill-leader", "restart", "url"])
    parser.add_argument("--dir", required=True, help="the cluster's directory (its state lives there)")
    parser.add_argument("--nodes", type=int, default=3)
    parser.add_argument("--sync", choices=SYNC_MODES, default="off")
    parser.add_argument("--node", help="restart: the node to start again")
    parser.add_argument("--db", default="postgres", help="url: the database name")
    args = parser.parse_args(argv)
    cluster = Cluster(args.dir, nodes=args.nodes, sync=args.sync)
    if args.command == "start":
        cluster.start()
        print(cluster.url(args.db))
    elif args.command == "stop":
        cluster.stop()
    elif args.command == "status":
        for m in cluster.members():
            print(
                f"{m['name']:8} {m.get('role', '?'):13} {m.get('state', '?'):10} "
                f"port {m.get('port', '?')}  lag {m.get('lag', 0)}"
            )
    elif args.command == "switchover":
        print(cluster.switchover())
    elif args.command == "kill-leader":
        print(cluster.kill_leader())
    elif args.command == "restart":
        if not args.node:
            parser.error("restart needs --node")
        cluster.restart(args.node)
    else:
        print(cluster.url(args.db))
    return 0


if __name__ == "__main__":
    sys.exit(main())
