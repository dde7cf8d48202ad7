"""ledgermind's read side: projections of the event log into SQL tables.

- ``runner``: the batched, exactly-once runner (the only module that touches
  the ``eventsourcing`` notification API) and how to add a projection;
- ``catalog``: versions, positions and migrations; ``registry``: which
  projections exist; ``base``: versioned-table plumbing;
- ``sessions``, ``tasks``, ``memory`` (+ ``bitemporal``, its pure rules):
  the read models; ``search_index``: retrieval's projection;
- ``rebuild`` (zero-downtime), ``admin`` (status, drop), ``audit`` (queries),
  ``readside`` (what ``MemoryEngine.projections`` returns), ``db``.

The engine never imports this package at module level; ``MemoryEngine.projections``
is the one composition point.

Your own projection (``custom``): subclass ``Projection``, declare ``Param``s
and tables, fold a ``Batch`` of ``LogEvent``s; install it with an entry point
in the group ``ledgermind.projections`` (or name it with ``--plugin
module:attr``); ``discover`` lists every projection this process can run;
read it as one owner with ``owner_tables``. The names below load on first
use (PEP 562), so importing a submodule stays as cheap as before.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ledgermind.projections.catalog import Migration
    from ledgermind.projections.custom import (
        Batch,
        LogEvent,
        OwnerTables,
        Param,
        Projection,
        owner_tables,
    )
    from ledgermind.projections.registry import ENTRY_POINT_GROUP, discover

__all__ = [
    "ENTRY_POINT_GROUP",
    "Batch",
    "LogEvent",
    "Migration",
    "OwnerTables",
    "Param",
    "Projection",
    "discover",
    "owner_tables",
]

_HOMES = {
    "ENTRY_POINT_GROUP": "ledgermind.projections.registry",
    "Batch": "ledgermind.projections.custom",
    "LogEvent": "ledgermind.projections.custom",
    "Migration": "ledgermind.projections.catalog",
    "OwnerTables": "ledgermind.projections.custom",
    "Param": "ledgermind.projections.custom",
    "Projection": "ledgermind.projections.custom",
    "discover": "ledgermind.projections.registry",
    "owner_tables": "ledgermind.projections.custom",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'ledgermind.projections' has no attribute {name!r}")
    value = getattr(import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
