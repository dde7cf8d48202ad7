"""Whether a saver call was already made, whatever committed after it.

Why: a ``put`` or ``put_writes`` can commit and still fail at its caller
(the answer lost: ``StoreUnavailable`` while the commit was in flight, or the
writer thread re-running the command after a lost acknowledgement), and the
call comes again. The retry was staged against the saver's index, which may
not hold the first call yet (it was still in flight), so it stages the same
messages again; in the command it must find the first call and write
nothing. Neither the thread's last event (another writer of the thread may
have committed in between) nor its heads (a branch moves them) can tell,
and keeping every call's identity in the aggregate would make loading a
thread O(history).

So a call is checked against everything the thread holds: what the index
held when the call was staged (its ``version``, checked by the caller) and
the events the thread gained after that version (``gained``), read in the
command from the store and from the transaction's pending events (a
batch-mate's of this group commit). Exact whatever came between, and it
costs a read only when something did: on the common path the aggregate is at
the version the call was staged against.

What counts as made is LangGraph's own rule for its peers: a checkpoint id
is saved once, and a regular pending write is kept once per (checkpoint,
task, index) (``PostgresSaver`` inserts them ``ON CONFLICT DO NOTHING``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol
from uuid import UUID

import orjson

from ledgermind.integrations.langgraph.thread import ON_HEAD, LangGraphThread

__all__ = ["SinceReader", "gained", "saved", "written"]


class SinceReader(Protocol):
    """Reads a range of one of the owner's streams, decoded (``OwnerMemory.stream_events``)."""

    def stream_events(self, stream_id: UUID, *, gt: int | None = None, lte: int | None = None) -> Sequence[Any]: ...


def gained(thread: LangGraphThread, version: int, port: SinceReader) -> list[Any]:
    """The thread's events after ``version``, as the command sees the thread:
    the committed ones from the store, then the ones still pending in this
    transaction. Empty when the aggregate is not past ``version`` (then the
    index already held all of it, or the aggregate is stale and its save will
    conflict and re-run the command on a fresh one)."""
    if thread.version <= version:
        return []
    pending = list(thread.pending_events)
    committed = thread.version - len(pending)
    stored = port.stream_events(thread.id, gt=version or None, lte=committed) if committed > version else []
    return [*stored, *pending]


def saved(events: list[Any], ns: str, checkpoint_id: str) -> bool:
    """Whether ``events`` save this checkpoint (after the last deletion)."""
    found = False
    for ev in events:
        if isinstance(ev, LangGraphThread.CheckpointSaved):
            found = found or (ev.checkpoint_ns, ev.checkpoint_id) == (ns, checkpoint_id)
        elif isinstance(ev, LangGraphThread.Deleted):
            found = False
    return found


def written(events: list[Any], heads: dict[str, str], ns: str, checkpoint_id: str, task_id: str) -> set[int]:
    """The write indexes ``events`` put for this task of this checkpoint
    (after the last deletion). ``heads``: the thread's heads before the
    first of ``events``, which name the checkpoint of writes stored without
    its id (``compact``)."""
    heads = dict(heads)
    found: set[int] = set()
    for ev in events:
        if isinstance(ev, LangGraphThread.WritesPut):
            of = heads.get(ev.checkpoint_ns) if ev.checkpoint_id == ON_HEAD else ev.checkpoint_id
            if (ev.checkpoint_ns, of, ev.task_id) == (ns, checkpoint_id, task_id):
                found.update(row[0] for row in orjson.loads(ev.writes))
        elif isinstance(ev, LangGraphThread.CheckpointSaved):
            heads[ev.checkpoint_ns] = ev.checkpoint_id
        elif isinstance(ev, LangGraphThread.Deleted):
            heads.clear()
            found.clear()
    return found
