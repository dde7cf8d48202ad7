"""memledger's read side: projections of the event log into SQL tables.

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
"""
