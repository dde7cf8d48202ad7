"""A child process that ends when its parent is gone: ``die_with_parent``.

Why: the serving processes start children (``serve --workers N`` its
workers, a serving process its distiller, ``ledgermind.api.distill_process``),
and a SIGKILL of the parent (an OOM kill, ``kill -9``) left them running:
workers kept the inherited listening socket, so a restart could not bind the
port, and an orphaned distiller kept the lease and the database's connections.

Linux delivers SIGTERM on the parent's death (``PR_SET_PDEATHSIG``; the
"parent" is the thread that started the child, so start children from a
thread that outlives them); a watchdog thread that notices the parent id
change covers other systems and a parent that died before the call. The
SIGTERM runs the child's own graceful stop. One that has not finished
``grace_s`` later ends with a hard exit: no cleanup is left to wait for.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time

__all__ = ["die_with_parent"]

_PR_SET_PDEATHSIG = 1
_PARENT_POLL_S = 0.5


def die_with_parent(parent: int, grace_s: float = 5.0) -> None:
    """SIGTERM to this process when ``parent`` (the pid the parent recorded
    for it, so a child still starting when its parent was killed is already
    an orphan here) is no longer its parent, SIGKILL ``grace_s`` after."""
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
        except (OSError, AttributeError):
            pass  # the watchdog below still covers it
    if os.getppid() != parent:  # died before the call: no signal will ever come
        os.kill(os.getpid(), signal.SIGKILL)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(_PARENT_POLL_S)
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(grace_s)
        os.kill(os.getpid(), signal.SIGKILL)

    threading.Thread(target=watch, name="ledgermind-parent-watch", daemon=True).start()
