"""A supervised agent for tests/failure/test_supervise.py, run by ``ledgermind supervise``.

Each incarnation records what it remembered (one message), then behaves as
its mode says; ``LEDGERMIND_RESTARTS`` tells the first run from the restarts.
"""

from __future__ import annotations

import os
import signal
import sys
import time

import ledgermind


def main(mode: str) -> int:
    with ledgermind.supervised() as me:
        seen = len(me.restored.messages)
        me.add_message("assistant", f"incarnation {me.incarnation} saw {seen} messages")
        me.beat()
        first = me.restarts == 0
        if mode == "crash-once":
            return 7 if first else 0
        if mode == "crash":
            return 5
        if mode == "hang-once":
            if first:  # hung: no heartbeat ever again (gone with its supervisor, should a test fail)
                parent = os.getppid()
                while os.getppid() == parent:
                    time.sleep(0.1)
            return 0
        if mode == "serve":
            stop: list[int] = []
            signal.signal(signal.SIGTERM, lambda signum, _frame: stop.append(signum))
            while not stop:
                me.beat()
                time.sleep(0.05)
            me.add_message("assistant", "stopping cleanly")
            return 0
    raise SystemExit(f"unknown mode {mode!r}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
