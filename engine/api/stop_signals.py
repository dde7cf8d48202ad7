"""Stop signals acted on by a thread of their own: ``on_stop_signals``.

Why: a Python signal handler runs in the main thread between two bytecodes,
wherever that thread happens to be, including inside the lock of a
``threading.Event`` (in its ``set`` or ``wait``) or of anything else. A
handler that calls ``Event.set()`` there waits for a lock its own thread
holds, forever. That is not hypothetical: a serving process's distiller
receives SIGTERM twice when its parent dies (the kernel's parent-death
signal and the watchdog's, ``lifeline``); the second arrived while the
first handler was inside ``Event.set``, and the orphan hung until its 30 s
hard stop (seen about 1 run in 16 under load).

Here the handler only writes the signal's number to a pipe (``os.write`` is
async-signal-safe and takes no Python lock); a relay thread reads it and
runs the callback as any other thread would, so the callback may take any
lock, including one the interrupted main thread holds.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import threading
from collections.abc import Callable, Iterable
from types import FrameType
from typing import Any

__all__ = ["on_stop_signals"]

_STOP = (signal.SIGTERM, signal.SIGINT)

log = logging.getLogger(__name__)


def on_stop_signals(
    callback: Callable[[signal.Signals], None],
    signals: Iterable[signal.Signals] = _STOP,
    *,
    chain: bool = False,
) -> Callable[[], None]:
    """Runs ``callback(signum)`` on a relay thread for each of ``signals``;
    returns a function that puts the previous handlers back and ends the
    relay. With ``chain`` the previous handler also runs, in the signal's
    own context (it must be signal-safe itself, as uvicorn's, which only
    sets flags, is). A no-op outside the main thread, where Python cannot
    set handlers (an embedding test): the caller's own stop still works."""
    if threading.current_thread() is not threading.main_thread():
        return lambda: None
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)  # a full pipe drops a repeat, never blocks the handler
    previous: dict[signal.Signals, Any] = {}

    def handler(signum: int, frame: FrameType | None) -> None:
        with contextlib.suppress(BlockingIOError, OSError):
            os.write(write_end, bytes((signum,)))
        before = previous.get(signal.Signals(signum))
        if chain and callable(before):
            before(signum, frame)

    def relay() -> None:
        with open(read_end, "rb", buffering=0) as pipe:
            while data := pipe.read(64):  # b"" once the write end is closed: restored
                for signum in data:
                    try:
                        callback(signal.Signals(signum))
                    except Exception:  # the next signal must still be acted on
                        log.exception("stopping on %s failed", signal.Signals(signum).name)

    threading.Thread(target=relay, name="ledgermind-stop-signals", daemon=True).start()
    for sig in signals:
        previous[sig] = signal.signal(sig, handler)

    restored = threading.Lock()

    def restore() -> None:
        if not restored.acquire(blocking=False):
            return  # once only: a second close could hit a descriptor reused meanwhile
        for sig, before in previous.items():
            if signal.getsignal(sig) is handler:
                signal.signal(sig, before)
        os.close(write_end)  # after the handlers are gone: no handler writes to it again

    return restore
