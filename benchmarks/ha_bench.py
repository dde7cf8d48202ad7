"""High availability on a local three-node cluster (``deploy/cluster``).

    python benchmarks/ha_bench.py [--seconds 8] [--threads 8] [--kills 5]

One cluster (etcd + three Patroni-managed PostgreSQL 16 nodes on loopback),
one engine opened once on the multi-host URL, and, in the same run:

1. append throughput and per-call p50 / p99 with asynchronous replication,
   then with synchronous replication (Patroni's synchronous mode,
   ``synchronous_commit = on``), then ``remote_apply``: the ratio of the p50s
   is the price of "an acknowledged write survives losing the primary";
2. projection lag with the read side on its own database
   (``LEDGERMIND_READ_DB``: a second database on the cluster, written by a
   ``ledgermind projections run`` worker process): from an append's
   acknowledgement to the worker having committed its position;
3. time to recover writes after the leader is SIGKILLed with its PostgreSQL
   (a machine that dies): from the kill to the next acknowledged append of a
   writer that retries with its client id; median of ``--kills`` rounds (the
   killed node is started again, and rejoins, between rounds).

Targets: writes resume within 15 s of a leader kill at the
median; synchronous replication costs at most 2x p50. A leader's lock in
etcd outlives its machine by Patroni's ``ttl`` (20 s at least, Patroni's
floor), so most of the recovery time is that wait.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from harness import DRIFT_NOTE, md_table, message_text, percentile  # noqa: E402

from deploy.cluster.cluster import Cluster, missing_tools  # noqa: E402
from ledgermind import EngineConfig, MemoryEngine, Owner  # noqa: E402
from ledgermind.domain.errors import StoreError  # noqa: E402


def appends(eng: MemoryEngine, label: str, threads: int, seconds: float) -> dict[str, float]:
    """``threads`` callers append to their own sessions for ``seconds``."""
    latencies: list[list[float]] = [[] for _ in range(threads)]
    sessions = [eng.for_owner(Owner("bench", f"{label}{k}")).create_session("a") for k in range(threads)]
    start = threading.Barrier(threads + 1)
    stop_at = [0.0]

    def run(k: int) -> None:
        owner, mine, i = Owner("bench", f"{label}{k}"), latencies[k], 0
        start.wait()
        while time.monotonic() < stop_at[0]:
            t = time.perf_counter()
            eng.for_owner(owner).add_message(sessions[k], "user", message_text(i, "user"))
            mine.append(time.perf_counter() - t)
            i += 1

    workers = [threading.Thread(target=run, args=(k,)) for k in range(threads)]
    for w in workers:
        w.start()
    stop_at[0] = time.monotonic() + seconds
    t0 = time.monotonic()
    start.wait()
    for w in workers:
        w.join()
    elapsed = time.monotonic() - t0
    every = [x for lat in latencies for x in lat]
    return {"ops": len(every) / elapsed, "p50_ms": percentile(every, 50) * 1000, "p99_ms": percentile(every, 99) * 1000}


def projection_lag(
    cluster: Cluster, eng: MemoryEngine, seconds: float, rate: float, read_db: str | None
) -> dict[str, float]:
    """Acknowledged append -> committed by a worker writing the read models
    (in ``read_db``, a database of its own, or in the store's when None)."""
    import psycopg

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("LEDGERMIND_READ_DB", None)
    read_url = None
    if read_db:
        with psycopg.connect(cluster.node_url(cluster.leader()), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {read_db}")
        read_url = env["LEDGERMIND_READ_DB"] = cluster.url(read_db)
    worker = subprocess.Popen([str(Path(sys.executable).parent / "ledgermind"), "projections", "run",
                               "--db", eng.config.db, "--names", "sessions"], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    config = replace(EngineConfig.from_env({}), read_db=read_url, projections_in_process=False)
    reader = MemoryEngine.open(eng.config.db, config=config)
    try:
        owner = Owner("bench", f"lag-{read_db}")
        sid = eng.for_owner(owner).create_session("a")
        reader.projections.wait(eng.position, timeout=60, names=["sessions"])  # the worker is up
        acked: list[tuple[int, float]] = []
        seen: list[tuple[float, int]] = []
        done = threading.Event()

        def sample() -> None:
            while not done.is_set():
                pos = reader.projections.runner.positions().get("sessions", 0)
                seen.append((time.monotonic(), pos))
                time.sleep(0.005)

        sampler = threading.Thread(target=sample)
        sampler.start()
        end, i = time.monotonic() + seconds, 0
        while time.monotonic() < end:
            eng.for_owner(owner).add_message(sid, "user", message_text(i, "user"))
            acked.append((eng.position, time.monotonic()))
            i += 1
            time.sleep(1 / rate)
        reader.projections.wait(eng.position, timeout=60, names=["sessions"])
        time.sleep(0.05)
        done.set()
        sampler.join()
        lags = []
        for position, t in acked:
            caught = next((ts for ts, pos in seen if pos >= position and ts >= t), None)
            if caught is not None:
                lags.append(caught - t)
        return {"p50_ms": percentile(lags, 50) * 1000, "p99_ms": percentile(lags, 99) * 1000, "n": len(lags)}
    finally:
        reader.close()
        worker.terminate()
        worker.wait(timeout=30)


def recovery(cluster: Cluster, eng: MemoryEngine, kills: int) -> list[float]:
    """Seconds from a leader kill to the next acknowledged append, per round."""
    owner = Owner("bench", "recovery")
    sid = eng.for_owner(owner).create_session("a")
    times, n = [], 0
    for _ in range(kills):
        cluster.wait_healthy(120)
        for _ in range(5):  # warm: the pool holds live connections to the leader
            eng.for_owner(owner).add_message(sid, "user", f"m{n}", client_id=f"r{n}")
            n += 1
        t0 = time.monotonic()
        killed = cluster.kill_leader()
        while True:
            try:
                eng.for_owner(owner).add_message(sid, "user", f"m{n}", client_id=f"r{n}")
                break
            except StoreError:
                time.sleep(0.05)
        times.append(time.monotonic() - t0)
        n += 1
        print(f"  killed {killed}: writes back after {times[-1]:.1f} s", flush=True)
        cluster.restart(killed, timeout_s=180)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--seconds", type=float, default=8.0, help="per throughput measurement")
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--kills", type=int, default=5)
    parser.add_argument("--json", help="also write the results here")
    args = parser.parse_args()
    missing = missing_tools()
    if missing:
        print("cannot run a cluster here: missing " + ", ".join(missing), file=sys.stderr)
        return 2
    cluster = Cluster(tempfile.mkdtemp(prefix="ledgermind-ha-bench-"), sync="off")
    results: dict[str, Any] = {}
    try:
        print("starting the cluster ...", flush=True)
        cluster.start()
        config = replace(EngineConfig.from_env({}), projections_in_process=False)
        with MemoryEngine.open(cluster.url(), config=config) as eng:
            for i, mode in enumerate(("off", "on", "remote_apply")):
                if mode != "off":
                    cluster.set_sync(mode)
                appends(eng, f"warm{i}", args.threads, 1.0)
                results[f"sync_{mode}"] = appends(eng, f"s{i}", args.threads, args.seconds)
                print(f"  sync {mode}: {results[f'sync_{mode}']}", flush=True)
            results["lag_same"] = projection_lag(cluster, eng, args.seconds, 50, None)
            print(f"  projection lag, read models in the store: {results['lag_same']}", flush=True)
            results["lag"] = projection_lag(cluster, eng, args.seconds, 50, "reads")
            print(f"  projection lag, read models on their own database: {results['lag']}", flush=True)
            results["recovery_s"] = recovery(cluster, eng, args.kills)
    finally:
        cluster.destroy()
    off, on, apply = results["sync_off"], results["sync_on"], results["sync_remote_apply"]
    rows = [
        [f"appends, {args.threads} threads, sync off (async replication)", f"{off['ops']:.0f}/s",
         f"{off['p50_ms']:.2f}", f"{off['p99_ms']:.2f}", "1.00"],
        [f"appends, {args.threads} threads, synchronous_commit = on", f"{on['ops']:.0f}/s",
         f"{on['p50_ms']:.2f}", f"{on['p99_ms']:.2f}", f"{on['p50_ms'] / off['p50_ms']:.2f}"],
        [f"appends, {args.threads} threads, synchronous_commit = remote_apply", f"{apply['ops']:.0f}/s",
         f"{apply['p50_ms']:.2f}", f"{apply['p99_ms']:.2f}", f"{apply['p50_ms'] / off['p50_ms']:.2f}"],
        ["projection lag, read models in the store's database (one writer, paced)", "",
         f"{results['lag_same']['p50_ms']:.1f}", f"{results['lag_same']['p99_ms']:.1f}", ""],
        ["projection lag, read models on their own database (one writer, paced)", "",
         f"{results['lag']['p50_ms']:.1f}", f"{results['lag']['p99_ms']:.1f}", ""],
    ]  # fmt: skip
    print()
    print(md_table("Appends and projection lag on a 3-node cluster", ["", "throughput", "p50 ms", "p99 ms",
                                                                      "p50 vs sync off"], rows))  # fmt: skip
    rec = results["recovery_s"]
    print(md_table("Writes back after a leader kill (SIGKILL of Patroni and PostgreSQL)",
                   ["rounds", "median s", "min s", "max s"],
                   [[len(rec), f"{statistics.median(rec):.1f}", f"{min(rec):.1f}", f"{max(rec):.1f}"]]))  # fmt: skip
    print(DRIFT_NOTE)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
