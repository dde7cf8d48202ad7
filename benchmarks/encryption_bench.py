"""What per-owner sealing (crypto-shredding) and the whole-log cipher cost.

    python benchmarks/encryption_bench.py [--backend sqlite|postgresql|both] [--quick] [--pg DSN]

Four engines, identical but for encryption, each on its own fresh database,
measured in the same run and interleaved (append i goes to every engine
before append i+1; restores alternate), so drift hits all of them alike:

- ``plain``: ``seal_events=False`` (the unencrypted engine, the baseline);
- ``sealed``: the default, AES-256-GCM under each owner's data key;
- ``cipher``: no sealing, eventsourcing's AES-GCM cipher over the whole log;
- ``sealed+cipher``: both.

Measured: durable ``add_message`` latency p50/p95 on a fresh session; the
time to ``restore_agent`` a session of M messages (full history); and, free
of fsync noise, the mapper's encode and decode cost per message event.
Ratios are against ``plain``; the target for ``sealed`` is <= 1.2x.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import sys
import tempfile
import time
import timeit
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

from eventsourcing.cryptography import AESCipher
from harness import DRIFT_NOTE, Stats, fresh_pg_database, md_table, message_text, percentile, pg_server
from tqdm import tqdm

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.config import EngineConfig

OWNER = Owner(app="bench", user_id="u1")
CIPHER_KEY = AESCipher.create_key(32)
CONFIGS = {
    "plain": {"seal_events": False},
    "sealed": {"seal_events": True},
    "cipher": {"seal_events": False, "cipher_key": CIPHER_KEY},
    "sealed+cipher": {"seal_events": True, "cipher_key": CIPHER_KEY},
}


@contextmanager
def fresh_dbs(backend: str, server: str | None, names: list[str]) -> Iterator[dict[str, str]]:
    """One fresh database per engine under test."""
    with contextlib.ExitStack() as stack:
        if backend == "postgresql":
            assert server is not None
            yield {n: stack.enter_context(fresh_pg_database(server, "encbench")) for n in names}
            return
        root = tempfile.mkdtemp(prefix="ledgermind-encbench-")
        stack.callback(shutil.rmtree, root, True)
        yield {n: os.path.join(root, f"{i}.db") for i, n in enumerate(names)}


def _config(url: str, name: str) -> EngineConfig:
    return replace(EngineConfig(db=url, projections_in_process=False), **CONFIGS[name])


def measure_appends(urls: dict[str, str], n: int) -> dict[str, list[float]]:
    """Round-robin: append i goes to every engine before append i+1, so a
    noisy second hits all of them alike."""
    with contextlib.ExitStack() as stack:
        engines = {
            name: stack.enter_context(MemoryEngine.open(config=_config(url, name))) for name, url in urls.items()
        }
        sessions = {name: eng.for_owner(OWNER).create_session("agent") for name, eng in engines.items()}
        for name, eng in engines.items():
            eng.for_owner(OWNER).add_message(sessions[name], "user", "warm-up")  # creates the key
        samples: dict[str, list[float]] = {name: [] for name in engines}
        names = list(engines)
        for i in range(n):
            text = message_text(i, "user")
            for name in names[i % len(names) :] + names[: i % len(names)]:
                start = time.perf_counter()
                engines[name].for_owner(OWNER).add_message(sessions[name], "user", text)
                samples[name].append(time.perf_counter() - start)
    return samples


def measure_restores(urls: dict[str, str], messages: int, repeats: int) -> dict[str, list[float]]:
    for name, url in urls.items():
        with MemoryEngine.open(config=_config(url, name)) as eng:
            sid = eng.for_owner(OWNER).create_session("agent")
            for start in range(0, messages, 500):
                batch = [
                    {"role": "user", "content": message_text(i, "user")}
                    for i in range(start, min(messages, start + 500))
                ]
                eng.for_owner(OWNER).add_messages(sid, batch)
    times: dict[str, list[float]] = {name: [] for name in urls}
    with contextlib.ExitStack() as stack:  # fresh engines: a restarted process's view
        engines = {
            name: stack.enter_context(MemoryEngine.open(config=_config(url, name))) for name, url in urls.items()
        }
        for _ in range(repeats):
            for name, eng in engines.items():
                start = time.perf_counter()
                restored = eng.for_owner(OWNER).restore_agent("agent")
                times[name].append(time.perf_counter() - start)
                assert restored.message_count == messages
    return times


def measure_mapper(urls: dict[str, str], n: int) -> dict[str, tuple[float, float]]:
    """Encode and decode seconds per message event: the best of 5 rounds of n."""
    out = {}
    for name, url in urls.items():
        with MemoryEngine.open(config=_config(url, name)) as eng:
            sid = eng.for_owner(OWNER).create_session("agent")
            eng.for_owner(OWNER).add_message(sid, "user", message_text(0, "user"))
            event = eng.writes.stream_events(eng.for_owner(OWNER).load_session(sid).id)[-1]
            mapper = eng.log.mapper
            stored = mapper.to_stored_event(event)
            encode = min(timeit.repeat(lambda: mapper.to_stored_event(event), number=n, repeat=5)) / n
            decode = min(timeit.repeat(lambda: mapper.to_domain_event(stored), number=n, repeat=5)) / n
            out[name] = (encode, decode)
    return out


def run_backend(backend: str, server: str | None, args: argparse.Namespace) -> str:
    names = list(CONFIGS)
    p50 = {name: Stats() for name in names}
    p95 = {name: Stats() for name in names}
    restore = {name: Stats() for name in names}
    enc = {name: Stats() for name in names}
    dec = {name: Stats() for name in names}
    with tqdm(total=args.reps * 3, desc=backend, unit="step", leave=False) as bar:
        for _ in range(args.reps):
            with fresh_dbs(backend, server, names) as urls:
                for name, samples in measure_appends(urls, args.appends).items():
                    p50[name].add(percentile(samples, 50))
                    p95[name].add(percentile(samples, 95))
            bar.update(1)
            with fresh_dbs(backend, server, names) as urls:
                for name, times in measure_restores(urls, args.restore_messages, 5).items():
                    restore[name].add(min(times))
                bar.update(1)
                for name, (e, d) in measure_mapper(urls, args.mapper_events).items():
                    enc[name].add(e)
                    dec[name].add(d)
            bar.update(1)

    def ratio(stats: dict[str, Stats], name: str) -> str:
        return f"{stats[name].median / stats['plain'].median:.2f}x"

    rows = []
    for name in names:
        rows.append(
            [
                name,
                p50[name].fmt(1e3),
                ratio(p50, name),
                p95[name].fmt(1e3),
                ratio(p95, name),
                restore[name].fmt(1e3, 1),
                ratio(restore, name),
                enc[name].fmt(1e6, 1),
                ratio(enc, name),
                dec[name].fmt(1e6, 1),
                ratio(dec, name),
            ]
        )
    headers = [
        "engine",
        "append p50 ms",
        "ratio",
        "append p95 ms",
        "ratio",
        f"restore {args.restore_messages} msgs ms (best of 5)",
        "ratio",
        "encode µs/event",
        "ratio",
        "decode µs/event",
        "ratio",
    ]
    title = (
        f"{backend}: {args.appends} durable appends per engine (round-robin), restore of "
        f"{args.restore_messages} messages, {args.reps} repetitions (median [min-max])"
    )
    return md_table(title, headers, rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--backend", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument(
        "--pg", default=os.environ.get("LEDGERMIND_BENCH_PG"), help="PostgreSQL DSN (default: pgserver)"
    )
    parser.add_argument("--quick", action="store_true", help="small sizes, for a smoke run")
    parser.add_argument("--appends", type=int, default=300)
    parser.add_argument("--restore-messages", type=int, default=3000)
    parser.add_argument("--mapper-events", type=int, default=5000)
    parser.add_argument("--reps", type=int, default=3)
    args = parser.parse_args(argv)
    if args.quick:
        args.appends, args.restore_messages, args.mapper_events, args.reps = 60, 500, 1000, 1
    backends = ["sqlite", "postgresql"] if args.backend == "both" else [args.backend]
    out = []
    if "postgresql" in backends:
        with pg_server(args.pg) as server:
            out += [run_backend(b, server if b == "postgresql" else None, args) for b in backends]
    else:
        out.append(run_backend("sqlite", None, args))
    print("\n".join(out))
    print(DRIFT_NOTE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
