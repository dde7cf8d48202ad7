"""Supervising agents: run an agent command as a child, notice that it died
or went silent, and restart it as a new incarnation with its memory.

``Supervisor`` (``ledgermind supervise``) is the parent's side; ``supervised()``
(also ``ledgermind.supervised``) is the child's: its incarnation, session and
restored memory, from the variables the supervisor sets.
"""

from ledgermind.supervision.child import Supervised, supervised
from ledgermind.supervision.supervisor import CRASH_LOOP_EXIT, RestartPolicy, Supervisor

__all__ = ["CRASH_LOOP_EXIT", "RestartPolicy", "Supervised", "Supervisor", "supervised"]
