"""The aggregate set the composition root hands to the event log.

Why entry points: the engine decodes every stream kind stored in its log,
including those of its integrations (a LangGraph thread's checkpoints), in
any process (a projection worker, ``verify_log``), whether or not that
process imported the integration. The core cannot import its callers, so an
integration declares its aggregates in the package metadata, under the
``ledgermind.aggregates`` entry-point group (``pyproject.toml``), and this
module loads them: the core's own (``ledgermind.domain.aggregates``) plus
every one declared there. Only this distribution's entry points are read
(one small file), not every installed package's.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import PackageNotFoundError, distribution

from eventsourcing.domain import Aggregate

from ledgermind.domain.aggregates import CORE_AGGREGATES

__all__ = ["GROUP", "known_aggregates"]

GROUP = "ledgermind.aggregates"


@cache
def known_aggregates() -> tuple[type[Aggregate], ...]:
    """The core's aggregates and those the installed integrations declare."""
    try:
        points = [p for p in distribution("ledgermind").entry_points if p.group == GROUP]
    except PackageNotFoundError:  # run from a source tree that was never installed
        points = []
    declared = []
    for point in sorted(points, key=lambda p: p.name):
        cls = point.load()
        if not (isinstance(cls, type) and issubclass(cls, Aggregate)):
            raise TypeError(f"entry point {point.name!r} of {GROUP} is not an aggregate: {point.value}")
        declared.append(cls)
    return CORE_AGGREGATES + tuple(c for c in declared if c not in CORE_AGGREGATES)
