"""``LedgermindSaver``: a LangGraph checkpointer whose history is an event log.

The one-line swap::

    with LedgermindSaver.from_conn_string("postgresql://...") as checkpointer:   # was PostgresSaver
        graph = builder.compile(checkpointer=checkpointer)

What is stored (``ledgermind.integrations.langgraph.thread``): a thread is one
stream of ``checkpoint.saved`` / ``checkpoint.writes_put`` events plus one
ledgermind session. A channel holding a list of LangChain messages (what
``add_messages`` keeps) is stored as a delta of session seqs against the
parent's list, and each new or edited message is one ``message.added`` of
the session (the delta and the messages commit in one transaction); other
channels are stored once per version, as LangGraph's serializer writes them,
like the peers' blob tables, except that a message inside a value or a
pending write is a reference to the session's (``refs``, ``staging``): each
message is stored once, however many times LangGraph hands it over. So a
turn appends O(1) bytes however long the thread is, and the session is an
ordinary one: ``restore_agent``, search, distillation and the auditor see
the conversation.

Owner mapping: a thread belongs to the owner (app, user_id) and agent named in
``config["configurable"]`` under ``"app"``, ``"user_id"`` and ``"agent_id"``;
missing keys take the saver's defaults (``owner=Owner("langgraph",
"default")``, ``agent_id="langgraph"``). ``delete_thread(thread_id)`` and
``list(None)`` have no config: they act on the default owner.

Lost updates: a checkpoint whose parent is no longer its namespace's head
(another writer moved the thread after this one read it) raises
``CheckpointConflict`` (a ``StateConflict``) inside the write, so nothing of
the loser is stored; ``graph.invoke`` again re-reads the thread and runs the
step on the new head. LangGraph's deliberate branches (time travel, which it
marks ``source="fork"``, and ``update_state`` on an older checkpoint,
``"update"``) are accepted. A checkpoint without a parent (a fresh thread)
is checked the same way when this saver had read the thread as empty: two
writers that both found the thread empty cannot both start it.
"""

from __future__ import annotations

import asyncio
import base64
import builtins
import operator
import random
import threading
from collections import OrderedDict
from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import contextmanager
from typing import Any
from uuid import UUID

import orjson
from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import (
    WRITES_IDX_MAP,
    BaseCheckpointSaver,
    ChannelVersions,
    Checkpoint,
    CheckpointMetadata,
    CheckpointTuple,
    get_checkpoint_id,
    get_serializable_checkpoint_metadata,
    writes_sort_key,
)
from langgraph.checkpoint.serde.base import SerializerProtocol

from ledgermind.api import Append, Attachment, MemoryEngine, OwnerMemory, WriteOptions
from ledgermind.domain.errors import InvalidInput
from ledgermind.domain.owner import Owner, check_owner
from ledgermind.integrations.langgraph import compact, refs, retries
from ledgermind.integrations.langgraph.index import (
    Record,
    ThreadIndex,
    checkpoint_diff,
    delta,
    metadata_diff,
    whole,
)
from ledgermind.integrations.langgraph.messages import is_message_list
from ledgermind.integrations.langgraph.staging import Stager, resolve_value
from ledgermind.integrations.langgraph.thread import FORK_SOURCES, ON_HEAD, LangGraphThread, thread_stream_id

__all__ = ["DEFAULT_AGENT", "DEFAULT_OWNER", "UNSUPPORTED_CAPABILITIES", "LedgermindSaver"]

DEFAULT_OWNER = Owner("langgraph", "default")
DEFAULT_AGENT = "langgraph"
# The conformance suite's extended capabilities this saver does not implement, and why.
UNSUPPORTED_CAPABILITIES = {
    "prune": "the log is append-only: pruning could only hide old checkpoints, not reclaim their bytes, "
    "and there is nothing quadratic to reclaim (a turn stores O(1) bytes); the owner handle's erase() destroys for good",
    "delete_for_runs": "same reason as prune (run ids would only hide checkpoints, the events stay)",
    "copy_thread": "a thread is one session; a copy would have to duplicate the session's messages into "
    "another session or share seqs across sessions, and neither is done yet",
}
_THREADS_KEPT = 256  # thread indexes kept in memory (each is rebuilt from the log on demand)


def _b64(data: bytes | None) -> str | None:
    return None if data is None else base64.b64encode(data).decode()


def _json(value: Any) -> str:
    return orjson.dumps(value).decode()


class LedgermindSaver(BaseCheckpointSaver[str]):
    """A ``BaseCheckpointSaver`` over a ``MemoryEngine`` (sync and async).

    Thread-safe: one saver may serve many graphs and threads at once."""

    def __init__(
        self,
        engine: MemoryEngine,
        *,
        owner: Owner = DEFAULT_OWNER,
        agent_id: str = DEFAULT_AGENT,
        serde: SerializerProtocol | None = None,
        incarnation: int | None = None,
    ) -> None:
        super().__init__(serde=serde)
        self.engine = engine
        # The agent incarnation this saver writes for (a supervised agent's
        # ``claim_agent`` epoch): once a supervisor starts a newer one, every
        # write of this saver is refused (``StaleIncarnation``). None: not fenced.
        self.incarnation = incarnation
        self.owner = check_owner(owner)
        self.agent_id = agent_id  # validated by every write (``ledgermind.write.attached``)
        self._indexes: OrderedDict[UUID, ThreadIndex] = OrderedDict()
        self._lock = threading.Lock()
        # (thread stream, ns) this saver last read as empty: a parentless put there must find it still empty.
        self._read_empty: set[tuple[UUID, str]] = set()

    @classmethod
    @contextmanager
    def from_conn_string(
        cls, conn_string: str, *, owner: Owner = DEFAULT_OWNER, agent_id: str = DEFAULT_AGENT
    ) -> Iterator[LedgermindSaver]:
        """Opens the engine at ``conn_string`` (a path, ``sqlite:///...`` or
        ``postgresql://...``) for the ``with`` block, like the peers'."""
        engine = MemoryEngine.open(conn_string)
        try:
            yield cls(engine, owner=owner, agent_id=agent_id)
        finally:
            engine.close()

    def setup(self) -> None:
        """Nothing to do: the engine creates its tables when it opens. Here so
        that code written for ``PostgresSaver`` runs unchanged."""

    # --- owner and thread -------------------------------------------------------

    def _options(self, config: RunnableConfig) -> WriteOptions:
        """The write's incarnation: ``configurable["incarnation"]``, else the saver's."""
        conf = config.get("configurable") or {}
        return WriteOptions(incarnation=conf.get("incarnation", self.incarnation))

    def _owner(self, config: RunnableConfig) -> tuple[Owner, str]:
        conf = config.get("configurable") or {}
        owner = Owner(str(conf.get("app", self.owner.app)), str(conf.get("user_id", self.owner.user_id)))
        agent = str(conf.get("agent_id", self.agent_id))
        return check_owner(owner), agent

    def _index(self, owner: Owner, thread_id: str) -> ThreadIndex:
        stream = thread_stream_id(owner, thread_id)
        with self._lock:
            index = self._indexes.get(stream)
            if index is None:
                index = self._indexes[stream] = ThreadIndex(owner, stream)
                while len(self._indexes) > _THREADS_KEPT:
                    self._indexes.popitem(last=False)
            self._indexes.move_to_end(stream)
            return index

    def _reads(self, index: ThreadIndex) -> OwnerMemory:
        """What the thread's reads go through: the owner's handle, which
        returns only the owner's events of the thread's and the session's streams."""
        return self.engine.for_owner(index.owner)

    # --- reads -------------------------------------------------------------------

    def get_tuple(self, config: RunnableConfig) -> CheckpointTuple | None:
        conf = config["configurable"]
        owner, _ = self._owner(config)
        thread_id = str(conf["thread_id"])
        ns = conf.get("checkpoint_ns", "")
        checkpoint_id = get_checkpoint_id(config)
        index = self._index(owner, thread_id)
        with index.lock:
            index.refresh(self._reads(index))
            if checkpoint_id is None:
                head = index.heads.get(ns)
                key = (index.stream_id, ns)
                if head is None:
                    self._read_empty.add(key)
                    return None
                self._read_empty.discard(key)
                checkpoint_id = head
            record = index.checkpoints.get(ns, {}).get(checkpoint_id)
            if record is None:
                return None
            return self._tuple(index, thread_id, record)

    def list(
        self,
        config: RunnableConfig | None,
        *,
        filter: dict[str, Any] | None = None,
        before: RunnableConfig | None = None,
        limit: int | None = None,
    ) -> Iterator[CheckpointTuple]:
        """The thread's checkpoints, newest first (by checkpoint id, like the
        peers), in its namespace when the config names one. Without a config
        it yields nothing: the log keeps no index of every thread of every
        owner, and LangGraph itself always lists one thread."""
        configs: builtins.list[RunnableConfig] = [] if config is None else [config]
        before_id = get_checkpoint_id(before) if before else None
        for cfg in configs:
            conf = cfg["configurable"]
            if "thread_id" not in conf:
                raise InvalidInput("LedgermindSaver.list needs a thread_id in config['configurable']")
            owner, _ = self._owner(cfg)
            thread_id = str(conf["thread_id"])
            index = self._index(owner, thread_id)
            with index.lock:
                index.refresh(self._reads(index))
                namespaces = [conf["checkpoint_ns"]] if "checkpoint_ns" in conf else list(index.checkpoints)
                records = [r for ns in namespaces for r in index.checkpoints.get(ns, {}).values()]
                records.sort(key=lambda r: r.checkpoint_id, reverse=True)
                if cid := get_checkpoint_id(cfg):
                    records = [r for r in records if r.checkpoint_id == cid]
                found = []
                for r in records:
                    if before_id is not None and r.checkpoint_id >= before_id:
                        continue
                    if filter and not all(k in r.metadata and r.metadata[k] == v for k, v in filter.items()):
                        continue
                    found.append(self._tuple(index, thread_id, r))
                    if limit is not None and len(found) >= limit:
                        break
            yield from found

    def _tuple(self, index: ThreadIndex, thread_id: str, record: Record) -> CheckpointTuple:
        ns = record.ns
        values: dict[str, Any] = {}
        for channel, version in record.checkpoint["channel_versions"].items():
            key = (ns, channel, str(version))
            blob = index.blobs.get(key)
            if blob is not None:
                if blob[0] != "empty":
                    values[channel] = self._load(index, blob[0], blob[1])
            elif key in index.deltas:
                values[channel] = index.messages(ns, channel, str(version), self._reads(index), self.serde)
        # A fresh copy: LangGraph updates a loaded checkpoint's version maps in
        # place, and the index's records (and their parents', which a diff
        # shares) must stay as stored.
        checkpoint: Checkpoint = {**orjson.loads(orjson.dumps(record.checkpoint)), "channel_values": values}  # type: ignore[typeddict-item]
        writes = sorted(
            index.writes.get((ns, record.checkpoint_id), {}).values(),
            key=lambda w: writes_sort_key(w[4], w[0], 0),
        )
        pending = [(task, channel, self._load(index, kind, data)) for task, channel, kind, data, _ in writes]
        parent = (
            {"configurable": {"thread_id": thread_id, "checkpoint_ns": ns, "checkpoint_id": record.parent_id}}
            if record.parent_id
            else None
        )
        return CheckpointTuple(
            config={
                "configurable": {"thread_id": thread_id, "checkpoint_ns": ns, "checkpoint_id": record.checkpoint_id}
            },
            checkpoint=checkpoint,
            metadata=orjson.loads(orjson.dumps(record.metadata)),
            parent_config=parent,  # type: ignore[arg-type]
            pending_writes=pending,
        )

    # --- writes -------------------------------------------------------------------

    def put(
        self,
        config: RunnableConfig,
        checkpoint: Checkpoint,
        metadata: CheckpointMetadata,
        new_versions: ChannelVersions,
    ) -> RunnableConfig:
        conf = config["configurable"]
        owner, agent_id = self._owner(config)
        thread_id = str(conf["thread_id"])
        ns = str(conf.get("checkpoint_ns", ""))
        parent_id: str | None = conf.get("checkpoint_id")
        checkpoint_id = checkpoint["id"]
        index = self._index(owner, thread_id)
        port = self._reads(index)
        saved: RunnableConfig = {
            "configurable": {"thread_id": thread_id, "checkpoint_ns": ns, "checkpoint_id": checkpoint_id}
        }
        with index.writing:  # one write of a thread at a time in this process (see ThreadIndex.writing)
            stream = index.stream_id
            if parent_id is None and (stream, ns) in self._read_empty:
                parent_id = ""  # this writer read the thread as empty: it must still be
            values = checkpoint["channel_values"]
            blobs: dict[str, builtins.list[Any]] = {}
            changes: dict[str, builtins.list[Any]] = {}
            with index.lock:
                index.refresh(port)
                if checkpoint_id in index.checkpoints.get(ns, {}):
                    return saved  # a retry of a put that committed: a checkpoint id is saved once
                seen = index.version
                index.refresh_session(port)
                parent = index.checkpoints.get(ns, {}).get(parent_id or "")
                # Id-less messages of this step's inputs, which the new channel lists hold with an id now.
                loose = [] if parent is None else index.referenced(ns, parent.checkpoint_id)
                stager = Stager(index, port, self.serde, self.engine.config.limits, loose)
                for channel, version in new_versions.items():
                    version = str(version)
                    if channel not in values:
                        blobs[channel] = [version, "empty", None]
                        continue
                    value = values[channel]
                    change = self._message_delta(index, ns, channel, parent, value, stager)
                    if change is not None:
                        changes[channel] = [version, change]
                    else:
                        blobs[channel] = [version, *self._store(value, stager)]
            stored: dict[str, Any] = {k: v for k, v in checkpoint.items() if k != "channel_values"}
            meta = get_serializable_checkpoint_metadata(config, metadata)
            try:
                meta_json = _json(meta)
            except TypeError as e:
                raise InvalidInput(f"checkpoint metadata must be JSON: {e}") from None
            diff = None
            if parent is not None and parent_id == index.heads.get(ns) and metadata.get("source") not in FORK_SOURCES:
                # A step on the head (the common case) stores what changed since its
                # parent: a checkpoint names every channel's and node's version, and
                # most of them are the parent's (``index.apply_diff`` folds it back);
                # its metadata is the parent's at the next step, but for its source.
                # The command refuses it unless its parent is still the head, so the
                # event names neither (``compact``).
                diff = checkpoint_diff(parent.checkpoint, stored)
            if diff is not None and parent is not None:
                stored, meta_json = diff, _json(metadata_diff(parent.metadata, meta))
            else:
                stored = whole(stored)
            versions = {channel: str(v) for channel, v in checkpoint["channel_versions"].items()}
            source = metadata.get("source")
            checkpoint_json = _json(stored)

            def step(thread: LangGraphThread, append: Append) -> bool:
                if retries.saved(retries.gained(thread, seen, port), ns, checkpoint_id):
                    return False  # a retry of a put that committed while it was staged (``retries``)
                thread.check_parent(ns, parent_id, source)
                on_head = bool(parent_id) and parent_id == thread.heads.get(ns)
                seqs = append()
                resolved = {
                    ch: compact.message_delta(versions.get(ch), v, _resolve(change, seqs), on_head)
                    for ch, (v, change) in changes.items()
                }
                stored_blobs = {
                    ch: compact.blob(
                        versions.get(ch), v, kind, resolve_value(data, seqs) if kind == refs.KIND else data
                    )
                    for ch, (v, kind, data) in blobs.items()
                }
                thread.save_checkpoint(
                    ns,
                    checkpoint_id,
                    ON_HEAD if on_head else parent_id or None,
                    checkpoint_json,
                    meta_json,
                    _json(stored_blobs),
                    _json(resolved),
                )
                return True

            # The thread's checkpoints are this command's receipt: a re-run finds
            # its checkpoint there and writes nothing, so no receipt event (once=False).
            self.engine.for_owner(owner).write_attached(
                _thread(stream, owner, thread_id, agent_id, "langgraph.put"),
                step,
                messages=stager.fields,
                options=self._options(config),
                once=False,
            )
            self._read_empty.discard((stream, ns))
            return saved

    def _message_delta(
        self, index: ThreadIndex, ns: str, channel: str, parent: Record | None, value: object, stager: Stager
    ) -> dict[str, Any] | None:
        """The delta of a message-list channel against the parent's list (its
        new messages staged for the session); None for a channel that is no
        message list (stored as a value)."""
        if not isinstance(value, list):
            return None
        base_version = None if parent is None else parent.checkpoint["channel_versions"].get(channel)
        base = None
        if base_version is not None and (ns, channel, str(base_version)) in index.deltas:
            base = index.built(ns, channel, str(base_version), self._reads(index), self.serde)
        tail = value[len(base.objects) :] if base is not None else []
        claimed = dict(stager.claims)
        if (
            base is not None
            and all(map(operator.is_, base.objects, value))
            and len(value) >= len(base.objects)
            and (not tail or (is_message_list(tail) and base.ids.isdisjoint(m.id for m in tail)))
        ):
            # The common case, at O(new messages): the parent's very messages, then new ones.
            change: dict[str, Any] = {"append": delta(None, None, tail, stager.claiming, stager.stage)["reset"]}
        elif is_message_list(value):
            change = delta(
                None if base is None else base.objects,
                None if base is None else base.seqs,
                value,
                stager.claiming,
                stager.stage,
            )
        else:
            return None
        ids = {str(seq): mid for seq, mid in stager.claims.items() if seq not in claimed}
        if ids:  # id-less session messages this channel holds with the id add_messages gave them
            change["ids"] = ids
        if "reset" not in change:
            change["base"] = str(base_version)
        return change

    def put_writes(
        self,
        config: RunnableConfig,
        writes: Sequence[tuple[str, Any]],
        task_id: str,
        task_path: str = "",
    ) -> None:
        conf = config["configurable"]
        owner, agent_id = self._owner(config)
        thread_id = str(conf["thread_id"])
        ns = str(conf.get("checkpoint_ns", ""))
        checkpoint_id = str(conf["checkpoint_id"])
        task = str(task_id)
        index = self._index(owner, thread_id)
        port = self._reads(index)
        with index.writing:  # one write of a thread at a time in this process (see ThreadIndex.writing)
            with index.lock:
                index.refresh(port)
                seen, heads = index.version, dict(index.heads)
                # A regular write is kept once per (task, index), as the peers keep
                # it: those the thread holds already are not written (nor their messages).
                present = index.writes.get((ns, checkpoint_id), {})
                slotted = [
                    (WRITES_IDX_MAP.get(channel, idx), channel, value) for idx, (channel, value) in enumerate(writes)
                ]
                todo = [(i, channel, value) for i, channel, value in slotted if i < 0 or (task, i) not in present]
                if not todo:
                    return
                index.refresh_session(port)
                loose = index.referenced(ns, checkpoint_id) + index.produced(ns, checkpoint_id)
                stager = Stager(index, port, self.serde, self.engine.config.limits, loose)
                rows = [[i, channel, *self._store(value, stager)] for i, channel, value in todo]
            # A special write (an error, an interrupt) replaces the one before it,
            # so it keeps the exactly-once of a command receipt; a regular one is
            # exactly-once by the thread's own writes (``retries``), whatever
            # committed between a call and its retry.
            special = any(row[0] < 0 for row in rows)

            def step(thread: LangGraphThread, append: Append) -> None:
                made = (
                    set()
                    if special
                    else retries.written(retries.gained(thread, seen, port), heads, ns, checkpoint_id, task)
                )
                now = [row for row in rows if row[0] not in made]
                if not now:
                    return
                seqs = append() if len(now) == len(rows) else _append_for(now, len(stager.messages), append)
                stored = [
                    [i, ch, kind, resolve_value(data, seqs) if kind == refs.KIND else data] for i, ch, kind, data in now
                ]
                # Writes of the head (the common case) do not repeat its id (``compact``).
                on_head = checkpoint_id == thread.heads.get(ns)
                thread.put_writes(ns, ON_HEAD if on_head else checkpoint_id, task, task_path, _json(stored))

            # With durability "async" LangGraph may store a step's writes before
            # the thread's first checkpoint: they open the thread as a put would.
            self.engine.for_owner(owner).write_attached(
                _thread(index.stream_id, owner, thread_id, agent_id, "langgraph.put_writes"),
                step,
                messages=stager.fields,
                options=self._options(config),
                once=special,
            )

    def delete_thread(self, thread_id: str) -> None:
        """Hides every checkpoint and write of the default owner's thread from
        LangGraph (``langgraph.thread_deleted``). The log is append-only: the
        events and the session's messages stay, for audits, until the owner is
        erased (``OwnerMemory.erase`` destroys them for good)."""
        stream = thread_stream_id(self.owner, str(thread_id))

        def step(thread: LangGraphThread, append: Append) -> None:
            if thread.heads:
                thread.delete()

        self.engine.for_owner(self.owner).write_attached(
            _thread(stream, self.owner, str(thread_id), self.agent_id, "langgraph.delete_thread"),
            step,
            options=WriteOptions(incarnation=self.incarnation),
            create=False,
        )
        self._read_empty = {k for k in self._read_empty if k[0] != stream}

    def _dump(self, value: Any) -> builtins.list[Any]:
        """A channel value or write as stored: plain JSON when it round-trips
        exactly (the input dicts of a turn: JSON deflates in the log, base64
        of msgpack does not), else LangGraph's serializer in base64."""
        if type(value) in (dict, list, str, int, float, bool):
            try:
                if orjson.loads(orjson.dumps(value)) == value:
                    return ["json-value", value]
            except (TypeError, orjson.JSONDecodeError):
                pass
        kind, data = self.serde.dumps_typed(value)
        return [kind, _b64(data)]

    def _load(self, index: ThreadIndex, kind: str, data: Any) -> Any:
        if kind == "json-value":
            return data
        if kind == refs.KIND:
            port = self._reads(index)
            return refs.load(
                data,
                lambda seq: index.raw(seq, port, self.serde),
                lambda seq: index.event(seq, port).content,
            )
        return self.serde.loads_typed((kind, base64.b64decode(data)))

    def _store(self, value: Any, stager: Stager) -> builtins.list[Any]:
        """A value as stored: by reference when it carries messages (``refs``)."""
        stored = stager.store(value)
        return self._dump(value) if stored is None else stored

    def get_next_version(self, current: str | None, channel: None) -> str:
        """Versions unique per branch (a random suffix, as ``PostgresSaver``
        does), so two branches' "version 5" of a channel never collide; zero
        padded, so they compare as LangGraph compares them (as strings), and
        short, since every checkpoint names each channel's version."""
        if current is None:
            current_v = 0
        elif isinstance(current, int):
            current_v = current
        else:
            current_v = int(str(current).split(".")[0])
        return f"{current_v + 1:012}.{random.getrandbits(32):08x}"

    # --- async twins (the engine is synchronous; they run on a worker thread) --------

    async def aget_tuple(self, config: RunnableConfig) -> CheckpointTuple | None:
        return await asyncio.to_thread(self.get_tuple, config)

    async def alist(
        self,
        config: RunnableConfig | None,
        *,
        filter: dict[str, Any] | None = None,
        before: RunnableConfig | None = None,
        limit: int | None = None,
    ) -> AsyncIterator[CheckpointTuple]:
        found = await asyncio.to_thread(
            lambda: builtins.list(self.list(config, filter=filter, before=before, limit=limit))
        )
        for item in found:
            yield item

    async def aput(
        self,
        config: RunnableConfig,
        checkpoint: Checkpoint,
        metadata: CheckpointMetadata,
        new_versions: ChannelVersions,
    ) -> RunnableConfig:
        return await asyncio.to_thread(self.put, config, checkpoint, metadata, new_versions)

    async def aput_writes(
        self,
        config: RunnableConfig,
        writes: Sequence[tuple[str, Any]],
        task_id: str,
        task_path: str = "",
    ) -> None:
        await asyncio.to_thread(self.put_writes, config, writes, task_id, task_path)

    async def adelete_thread(self, thread_id: str) -> None:
        await asyncio.to_thread(self.delete_thread, thread_id)


def _thread(stream: UUID, owner: Owner, thread_id: str, agent_id: str, name: str) -> Attachment[LangGraphThread]:
    """The thread's stream as an attachment of the write path: a first write
    opens its session for the agent (fenced like ``create_session``) and the
    thread bound to it, in the same transaction."""
    return Attachment(
        kind=LangGraphThread,
        stream_id=stream,
        agent_id=agent_id,
        open=lambda session_id: LangGraphThread(owner.app, owner.user_id, thread_id, session_id, agent_id),
        name=name,
    )


def _append_for(rows: list[list[Any]], staged: int, append: Append) -> list[int]:
    """Appends only the staged messages that ``rows`` refer to (the rest
    belong to writes the thread holds already); returns the placeholders'
    seqs, where those of messages not appended are never read."""
    needed = sorted({-e[1] - 1 for row in rows if row[2] == refs.KIND for e in row[3]["m"] if e[1] < 0})
    seqs = [0] * staged
    for k, seq in zip(needed, append(needed), strict=True):
        seqs[k] = seq
    return seqs


def _resolve(change: dict[str, Any], seqs: list[int]) -> dict[str, Any]:
    """The delta with each new message's placeholder ``-(k + 1)`` replaced by its seq."""

    def seq(s: int) -> int:
        return seqs[-s - 1] if s < 0 else s

    out = dict(change)
    for key in ("append", "reset"):
        if key in out:
            out[key] = [seq(s) for s in out[key]]
    if "replace" in out:
        out["replace"] = {k: seq(v) for k, v in out["replace"].items()}
    return out
