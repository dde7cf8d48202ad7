"""One writer process of the failover test: appends until told to stop.

``python -m tests.support.failover_writer URL NAME OUT STOP`` opens one engine
on the cluster's multi-host URL (never reopened: the engine must follow the
failover by itself) and appends messages ``NAME-0``, ``NAME-1``, ... to one
session, each with its own ``client_id``. A call that fails with a
``StoreError`` (``StoreUnavailable`` while no primary answers) is retried
with the same ``client_id``, as a real client would, until it is
acknowledged. Every acknowledgement is appended to ``OUT`` as a JSON line
``{"client_id", "seq", "t"}`` (``t``: ``time.time()`` when acknowledged), and
every failed attempt as ``{"failed": type, "t"}``; the first line names the
session. It stops, after its current append, once the file ``STOP`` exists.
"""

from __future__ import annotations

import json
import os
import sys
import time

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.errors import StoreError


def main(url: str, name: str, out_path: str, stop_path: str) -> int:
    owner = Owner("failover", name)
    with open(out_path, "a", buffering=1) as out, MemoryEngine.open(url) as eng:
        sid = _retry(lambda: eng.for_owner(owner).create_session("writer", idempotency_key=f"{name}-session"), out)
        out.write(json.dumps({"session": sid, "pid": os.getpid()}) + "\n")
        i = 0
        while not os.path.exists(stop_path):
            client_id = f"{name}-{i}"
            seq = _retry(lambda: eng.for_owner(owner).add_message(sid, "user", client_id, client_id=client_id), out)
            out.write(json.dumps({"client_id": client_id, "seq": seq, "t": time.time()}) + "\n")
            i += 1
    return 0


def _retry(call, out):  # type: ignore[no-untyped-def]
    while True:
        try:
            return call()
        except StoreError as e:
            out.write(json.dumps({"failed": type(e).__name__, "t": time.time()}) + "\n")
            time.sleep(0.1)


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:5]))
