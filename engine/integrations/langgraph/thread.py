"""The LangGraph thread stream: one LangGraph thread's checkpoints, as events.

Why a stream of its own: a LangGraph checkpointer stores, per thread, a
chain of checkpoints (channel versions, metadata, a parent) and the pending
writes of each step. Here each of those is one event on a stream whose id is
a uuid5 of (owner, thread_id) (``thread_stream_id``), and the
thread's messages are not in it at all: they are ordinary ``message.added``
events of the ledgermind session the thread maps onto, so restore, search,
distillation and audits see a LangGraph conversation like any other. A
``checkpoint.saved`` event names its message-list channels by reference
(seqs of that session, as a delta against the parent's list), so the history
costs O(1) per message instead of one copy of the whole list per checkpoint.

Why the state holds only the heads: the checkpoints are read from the stream
(``ledgermind.integrations.langgraph`` keeps an incremental index), so loading
the aggregate costs the same at checkpoint 10 and 10,000. The head of each
namespace is what a put is checked against: a checkpoint whose parent is not
the head is a lost update in the making (two writers read the same head) and
is refused with ``CheckpointConflict``, inside the command that would append
it, so the loser's transaction holds nothing. LangGraph's deliberate branches
(time travel: ``source`` "fork"; ``update_state`` on an old checkpoint:
"update") are accepted as forks.

Payloads are JSON text (the transcoder never walks caller JSON), and channel
values are LangGraph's own serializer's bytes in base64 (``serde``), exactly
as the peers' blob tables hold them.

Why here and not in ``ledgermind.domain``: the core knows nothing of its
callers. This module imports no LangGraph (only ``eventsourcing`` and the
domain), so any process that opens an engine can decode a thread's events:
the package declares the aggregate under the ``ledgermind.aggregates`` entry
point, and the composition root hands every declared aggregate to the event
log (``ledgermind.api.aggregates``).
"""

from __future__ import annotations

from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate, event

from ledgermind.domain.errors import StateConflict
from ledgermind.domain.owner import Owner

__all__ = ["FORK_SOURCES", "ON_HEAD", "CheckpointConflict", "LangGraphThread", "thread_stream_id"]

_LANGGRAPH_THREAD = uuid5(NAMESPACE_URL, "ledgermind/langgraph-thread")


def thread_stream_id(owner: Owner, thread_id: str) -> UUID:
    """A LangGraph thread's checkpoint stream: one per (owner, thread_id), so
    a saver finds it from ``config["configurable"]`` alone, in one read.
    Derived like every owner-scoped id (``ledgermind.domain.stream_ids``);
    changing it orphans every stored thread (``test_stream_ids`` pins it)."""
    return uuid5(_LANGGRAPH_THREAD, f"{owner.key}\x1f{thread_id}")


class CheckpointConflict(StateConflict):
    """A LangGraph checkpoint was put on a parent that is no longer the head
    of its thread: another writer moved the thread after this one read it.
    Retryable: re-read the thread (``graph.invoke`` again) and the step runs
    on the new head. Why an error and not last-writer-wins: the loser's
    checkpoint would hide the winner's messages (a silent lost update)."""

    def __init__(self, message: str, head: str | None = None, parent: str | None = None) -> None:
        super().__init__(message)
        self.head = head
        self.parent = parent


# A ``checkpoint.saved`` whose ``parent_id`` is this, or a ``checkpoint.writes_put``
# whose ``checkpoint_id`` is, was put on its namespace's head: the checkpoint
# the thread's events before it made head (``langgraph.compact``).
ON_HEAD = ""

# Checkpoint ``metadata["source"]`` values that LangGraph writes for a branch
# it means to make (time travel, update_state on an older checkpoint).
FORK_SOURCES = frozenset({"fork", "update"})


class LangGraphThread(Aggregate):
    TOPIC = "ledgermind:LangGraphThread"

    class Event(Aggregate.Event):
        """Every thread event carries its owner, so any reader can scope it."""

        app: str
        user_id: str

    class Created(Event, Aggregate.Created):
        TOPIC = "langgraph.thread_created"
        class_version = 1
        thread_id: str
        session_id: str  # the ledgermind session holding the thread's messages
        agent_id: str

    @event(Created)
    def __init__(self, app: str, user_id: str, thread_id: str, session_id: str, agent_id: str) -> None:
        self.app = app
        self.user_id = user_id
        self.thread_id = thread_id
        self.session_id = session_id
        self.agent_id = agent_id
        self.heads: dict[str, str] = {}  # checkpoint_ns -> id of its last checkpoint

    @staticmethod
    def create_id(app: str, user_id: str, thread_id: str, session_id: str, agent_id: str) -> UUID:
        return thread_stream_id(Owner(app, user_id), thread_id)

    class CheckpointSaved(Event):
        TOPIC = "checkpoint.saved"
        class_version = 1
        checkpoint_ns: str
        checkpoint_id: str
        parent_id: str | None  # ON_HEAD: the namespace's head; None: no parent
        checkpoint: str  # JSON: the checkpoint without its channel values, or a diff of its parent's
        metadata: str  # JSON: LangGraph's checkpoint metadata
        blobs: str  # JSON: {channel: [(version,) serde type, base64]} for the new non-message versions
        messages: str  # JSON: {channel: delta or [version, delta]} for the new message-list versions

    @event(CheckpointSaved)
    def _checkpoint_saved(
        self,
        app: str,
        user_id: str,
        checkpoint_ns: str,
        checkpoint_id: str,
        parent_id: str | None,
        checkpoint: str,
        metadata: str,
        blobs: str,
        messages: str,
    ) -> None:
        self.heads = {**self.heads, checkpoint_ns: checkpoint_id}

    def check_parent(self, checkpoint_ns: str, parent_id: str | None, source: object) -> None:
        """Refuses a checkpoint whose parent is not its namespace's head
        (``CheckpointConflict``), unless LangGraph marked it as a branch.

        A checkpoint without a parent starts a history; the saver passes
        ``parent_id=""`` for one made after it had read the namespace as
        empty, which must still be empty (two writers that both found a
        fresh thread)."""
        head = self.heads.get(checkpoint_ns)
        if parent_id is None or parent_id == head or source in FORK_SOURCES:
            return
        if parent_id == "" and head is None:
            return
        raise CheckpointConflict(
            f"thread {self.thread_id!r:.80} namespace {checkpoint_ns!r:.80} moved to checkpoint {head} "
            f"while this writer was on {parent_id or 'an empty thread'}; re-read the thread and retry the step",
            head,
            parent_id or None,
        )

    def save_checkpoint(
        self,
        checkpoint_ns: str,
        checkpoint_id: str,
        parent_id: str | None,
        checkpoint: str,
        metadata: str,
        blobs: str,
        messages: str,
    ) -> None:
        self._checkpoint_saved(
            app=self.app,
            user_id=self.user_id,
            checkpoint_ns=checkpoint_ns,
            checkpoint_id=checkpoint_id,
            parent_id=parent_id,
            checkpoint=checkpoint,
            metadata=metadata,
            blobs=blobs,
            messages=messages,
        )

    class WritesPut(Event):
        TOPIC = "checkpoint.writes_put"
        class_version = 1
        checkpoint_ns: str
        checkpoint_id: str  # ON_HEAD: the namespace's head
        task_id: str
        task_path: str
        writes: str  # JSON: [[idx, channel, serde type, base64], ...]

    @event(WritesPut)
    def _writes_put(
        self, app: str, user_id: str, checkpoint_ns: str, checkpoint_id: str, task_id: str, task_path: str, writes: str
    ) -> None:
        """Changes no state: the saver's index reads the writes from the stream,
        and a retried call finds its own there (``langgraph.retries``)."""

    def put_writes(self, checkpoint_ns: str, checkpoint_id: str, task_id: str, task_path: str, writes: str) -> None:
        self._writes_put(
            app=self.app,
            user_id=self.user_id,
            checkpoint_ns=checkpoint_ns,
            checkpoint_id=checkpoint_id,
            task_id=task_id,
            task_path=task_path,
            writes=writes,
        )

    class Deleted(Event):
        """``delete_thread``: every checkpoint and write before it is hidden
        from the saver. The events stay (the log is append-only, and the
        session's messages were said); ``OwnerMemory.erase`` is what destroys them."""

        TOPIC = "langgraph.thread_deleted"
        class_version = 1

    @event(Deleted)
    def _deleted(self, app: str, user_id: str) -> None:
        self.heads = {}

    def delete(self) -> None:
        self._deleted(app=self.app, user_id=self.user_id)
