"""A stop signal that lands while the main thread holds a lock is still acted on.

A Python signal handler runs in the main thread wherever it was interrupted;
one that took a lock held there (an ``Event``'s own, in its ``set``, when a
second SIGTERM arrives during the first handler) waited forever: a serving
process's orphaned distiller hung that way until its 30 s hard stop. Each
case runs in a fresh interpreter (signals are process-wide) with a deadline,
so a deadlock fails the test instead of hanging the suite.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

_PRELUDE = """
import os, signal, threading, time
from ledgermind.api.stop_signals import on_stop_signals
"""


def _run(body: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", _PRELUDE + textwrap.dedent(body)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_a_signal_that_lands_inside_the_callbacks_own_lock_is_acted_on_once_it_is_released() -> None:
    out = _run(
        """
        lock = threading.Lock()
        seen = []
        stopped = threading.Event()

        def callback(signum):
            with lock:  # the lock the interrupted main thread holds below
                seen.append(signum.name)
            if len(seen) == 2:  # the relay acts on each in turn: the print waits for the second
                stopped.set()

        handled = []  # the chained handler runs in the signal's own context: it marks each one
        signal.signal(signal.SIGTERM, lambda *_: handled.append(1))
        on_stop_signals(callback, [signal.SIGTERM], chain=True)

        def until(count):
            deadline = time.monotonic() + 10
            while len(handled) < count and time.monotonic() < deadline:
                time.sleep(0.001)

        with lock:
            os.kill(os.getpid(), signal.SIGTERM)
            # a signal sent again before the interpreter has run its handler is one signal (neither
            # POSIX nor CPython queues them): on a loaded machine the first may wait, so the second
            # goes only once the first handler has run
            until(1)
            os.kill(os.getpid(), signal.SIGTERM)  # the second, as a parent's death sends
            until(2)
            time.sleep(0.2)  # both handlers ran in here, inside the lock
            assert not seen, seen
        print(stopped.wait(10), seen)
        """
    )
    assert out == "True ['SIGTERM', 'SIGTERM']"


def test_restore_puts_the_previous_handlers_back_and_chain_runs_them() -> None:
    out = _run(
        """
        calls = []
        signal.signal(signal.SIGTERM, lambda *_: calls.append("before"))
        acted = threading.Event()
        restore = on_stop_signals(lambda _: acted.set(), [signal.SIGTERM], chain=True)
        os.kill(os.getpid(), signal.SIGTERM)
        acted.wait(10)
        restore()
        restore()  # a second call is harmless
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(0.1)
        relays = [t for t in threading.enumerate() if t.name == "ledgermind-stop-signals"]
        for t in relays:
            t.join(5)
        print(calls, acted.is_set(), any(t.is_alive() for t in relays))
        """
    )
    assert out == "['before', 'before'] True False"
