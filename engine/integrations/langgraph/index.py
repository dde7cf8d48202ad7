"""An in-memory index of one LangGraph thread, kept current from the log.

Why incremental: every ``get_tuple`` must see what other writers (other
engines, other processes) committed, and re-reading a thread of thousands of
checkpoints and messages per call would make a turn O(n) in I/O. The index
holds the last stream version it read, of the thread stream and of its
session, and each refresh reads only the events after them (one query each,
usually empty). The log stays the only truth: an index can be dropped at any
time and is rebuilt from the streams.

Message lists are materialised as lists of session seqs by applying the
stored deltas (``delta`` below) from the nearest list already built; the
message objects are built once per seq and shared between lists (LangGraph's
``add_messages`` copies lists and never mutates the messages it keeps).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol
from uuid import UUID

import orjson
from langchain_core.messages import BaseMessage
from langgraph.checkpoint.serde.base import SerializerProtocol

from ledgermind.domain.errors import CorruptStore
from ledgermind.domain.owner import Owner
from ledgermind.domain.session import Session
from ledgermind.integrations.langgraph import refs
from ledgermind.integrations.langgraph.messages import from_event
from ledgermind.integrations.langgraph.thread import ON_HEAD, LangGraphThread

__all__ = [
    "Built",
    "Record",
    "ThreadIndex",
    "apply_delta",
    "apply_diff",
    "apply_metadata",
    "checkpoint_diff",
    "delta",
    "metadata_diff",
    "whole",
]


class StreamReader(Protocol):
    """Reads one of the owner's streams, decoded (``OwnerMemory.stream_events``)."""

    def stream_events(self, stream_id: UUID, *, gt: int | None = None) -> Sequence[Any]: ...


_BASE = "_parent"  # marks a stored checkpoint that is a diff against the checkpoint it names (the first format)
_SET = "_s"  # marks one that is a diff against its parent (see checkpoint_diff)
# LangGraph's own checkpoint keys, as a diff names them: each is in every
# checkpoint event, and packing has no dictionary for them. A checkpoint that
# holds a key spelled like one of the short names is stored whole.
_SHORT = {"channel_versions": "c", "versions_seen": "s", "updated_channels": "u"}
_LONG = {v: k for k, v in _SHORT.items()}
_LISTS_KEPT = 8  # materialised lists kept per thread (the heads of its namespaces, mostly)


@dataclass
class Record:
    """One saved checkpoint, as its event holds it (channel values by reference)."""

    ns: str
    checkpoint_id: str
    parent_id: str | None
    checkpoint: dict[str, Any]
    metadata: dict[str, Any]


@dataclass
class ThreadIndex:
    owner: Owner
    stream_id: UUID
    lock: threading.Lock = field(default_factory=threading.Lock)
    # Held by a put or put_writes from its first read to its commit: LangGraph
    # may run a step's put and put_writes at once (durability "async"), and
    # the second must see the messages the first appended, or it would
    # append them again instead of referring to them.
    writing: threading.Lock = field(default_factory=threading.Lock)
    version: int = 0  # the thread stream's last version read
    session_id: UUID | None = None
    session_version: int = 0
    heads: dict[str, str] = field(default_factory=dict)
    checkpoints: dict[str, dict[str, Record]] = field(default_factory=dict)  # ns -> id -> record
    children: dict[tuple[str, str], list[str]] = field(default_factory=dict)  # (ns, parent id) -> child ids
    blobs: dict[tuple[str, str, str], list[Any]] = field(default_factory=dict)  # (ns, channel, version) -> [type, b64]
    deltas: dict[tuple[str, str, str], dict[str, Any]] = field(default_factory=dict)
    writes: dict[tuple[str, str], dict[tuple[str, int], tuple[str, str, str, Any, str]]] = field(default_factory=dict)
    seqs_by_id: dict[str, int] = field(default_factory=dict)  # message id -> its latest seq
    events: dict[int, Any] = field(default_factory=dict)  # seq -> message.added event
    objects: dict[int, BaseMessage] = field(default_factory=dict)  # seq -> the message as the channels hold it
    # seq -> the id add_messages gave a message that reached the session without one (refs)
    ids: dict[int, str] = field(default_factory=dict)
    lists: OrderedDict[tuple[str, str, str], Built] = field(default_factory=OrderedDict)

    def refresh(self, port: StreamReader) -> None:
        """Folds the thread's events committed since the last refresh."""
        for ev in port.stream_events(self.stream_id, gt=self.version or None):
            self._fold(ev)
            self.version = ev.originator_version

    def _fold(self, ev: Any) -> None:
        if (ev.app, ev.user_id) != (self.owner.app, self.owner.user_id):
            return  # another owner's stream id cannot collide (uuid5 of the owner); never fold one
        if isinstance(ev, LangGraphThread.Created):
            self.session_id = UUID(hex=ev.session_id)
        elif isinstance(ev, LangGraphThread.CheckpointSaved):
            ns, cid = ev.checkpoint_ns, ev.checkpoint_id
            # "": the namespace's head when it was saved (``compact``); None: no parent.
            parent_id = self.heads.get(ns) if ev.parent_id == ON_HEAD else ev.parent_id
            parent = self.checkpoints.get(ns, {}).get(parent_id or "")
            checkpoint = orjson.loads(ev.checkpoint)
            metadata = orjson.loads(ev.metadata)
            if _BASE in checkpoint:  # a diff against the checkpoint it names (the first format)
                checkpoint = apply_diff(self.checkpoints[ns][checkpoint[_BASE]].checkpoint, checkpoint)
            elif _SET in checkpoint and "id" not in checkpoint:  # a diff against its parent, metadata too
                if parent is None:
                    raise CorruptStore(f"checkpoint {cid} is stored as a diff of a parent its thread lacks")
                checkpoint = {**apply_diff(parent.checkpoint, checkpoint), "id": cid}
                metadata = apply_metadata(parent.metadata, metadata)
            else:  # whole, with or without the id it is saved under (``whole``)
                checkpoint = {**checkpoint, "id": cid}
            self.checkpoints.setdefault(ns, {})[cid] = Record(ns, cid, parent_id, checkpoint, metadata)
            self.heads[ns] = cid
            if parent_id:
                self.children.setdefault((ns, parent_id), []).append(cid)
            versions = checkpoint["channel_versions"]
            for channel, blob in orjson.loads(ev.blobs).items():
                # [type, data] at the checkpoint's version of the channel; [version, type, data] at another
                version = str(versions[channel]) if len(blob) == 2 else blob.pop(0)
                self.blobs[(ns, channel, version)] = blob
            for channel, stored in orjson.loads(ev.messages).items():
                # a delta at the checkpoint's version of the channel, or [version, delta] at another
                version, change = (str(versions[channel]), stored) if isinstance(stored, dict) else stored
                if "reset" not in change and "base" not in change and parent is not None:
                    change["base"] = str(parent.checkpoint["channel_versions"][channel])  # the parent's list
                self.deltas[(ns, channel, version)] = change
                for seq, mid in change.get("ids", {}).items():
                    self.ids[int(seq)] = mid
                    self.seqs_by_id[mid] = int(seq)
                    self.objects.pop(int(seq), None)
        elif isinstance(ev, LangGraphThread.WritesPut):
            of = self.heads.get(ev.checkpoint_ns, "") if ev.checkpoint_id == ON_HEAD else ev.checkpoint_id
            stored = self.writes.setdefault((ev.checkpoint_ns, of), {})
            for idx, channel, kind, data in orjson.loads(ev.writes):
                key = (ev.task_id, idx)
                # A regular write is kept once (a retried put_writes adds nothing);
                # a special one (error, interrupt: negative idx) is replaced, like the peers' upsert.
                if idx < 0 or key not in stored:
                    stored[key] = (ev.task_id, channel, kind, data, ev.task_path)
        elif isinstance(ev, LangGraphThread.Deleted):
            self.heads.clear()
            self.checkpoints.clear()
            self.children.clear()
            self.blobs.clear()
            self.deltas.clear()
            self.writes.clear()
            self.lists.clear()

    def refresh_session(self, port: StreamReader) -> None:
        if self.session_id is None:
            return
        for ev in port.stream_events(self.session_id, gt=self.session_version or None):
            if isinstance(ev, Session.MessageAdded) and (ev.app, ev.user_id) == (self.owner.app, self.owner.user_id):
                self.events[ev.seq] = ev
                if ev.client_id is not None:
                    self.seqs_by_id[ev.client_id] = ev.seq
            self.session_version = ev.originator_version

    def event(self, seq: int, port: StreamReader) -> Any:
        if seq not in self.events:
            self.refresh_session(port)
        return self.events[seq]

    def raw(self, seq: int, port: StreamReader, serde: SerializerProtocol) -> BaseMessage:
        """A new object each call: the message as the session holds it (a
        pending write's; LangGraph assigns ids to id-less ones in place)."""
        return from_event(self.event(seq, port), serde)

    def message(self, seq: int, port: StreamReader, serde: SerializerProtocol) -> BaseMessage:
        """The message as the channels hold it (shared between lists)."""
        obj = self.objects.get(seq)
        if obj is None:
            obj = self.raw(seq, port, serde)
            if seq in self.ids:
                obj.id = self.ids[seq]
            self.objects[seq] = obj
        return obj

    def referenced(self, ns: str, checkpoint_id: str) -> list[int]:
        """The seqs that a checkpoint's stored values and pending writes
        refer to (``refs``): where an id-less message of the next checkpoint's
        channel comes from."""
        found: list[int] = []
        record = self.checkpoints.get(ns, {}).get(checkpoint_id)
        if record is not None:
            for channel, version in record.checkpoint["channel_versions"].items():
                blob = self.blobs.get((ns, channel, str(version)))
                if blob is not None and blob[0] == refs.KIND:
                    found.extend(refs.seqs(blob[1]))
        for _, _, kind, data, _ in self.writes.get((ns, checkpoint_id), {}).values():
            if kind == refs.KIND:
                found.extend(refs.seqs(data))
        return found

    def produced(self, ns: str, checkpoint_id: str) -> list[int]:
        """The seqs that the message channels of a checkpoint's children
        refer to: LangGraph may put the next checkpoint before the pending
        writes it was made from (both run on its executor), and those writes
        then refer to the messages that checkpoint put in the session."""
        found: list[int] = []
        for child in self.children.get((ns, checkpoint_id), ()):
            record = self.checkpoints.get(ns, {}).get(child)
            if record is None:
                continue
            for channel, version in record.checkpoint["channel_versions"].items():
                change = self.deltas.get((ns, channel, str(version)))
                if change is not None:
                    found.extend(change.get("append", ()))
                    found.extend(change.get("reset", ()))
                    found.extend(change.get("replace", {}).values())
        return found

    def built(self, ns: str, channel: str, version: str, port: StreamReader, serde: SerializerProtocol) -> Built:
        """A message channel at ``version``: the stored deltas applied from the
        nearest list already built (or from the last reset). While the deltas
        only append (the common case), a new head costs O(new messages), not
        O(history): the base's seqs and messages carry over."""
        key = (ns, channel, version)
        cached = self.lists.get(key)
        if cached is not None:
            self.lists.move_to_end(key)
            return cached
        chain: list[dict[str, Any]] = []
        start: Built | None = None
        walk = key
        while True:
            start = self.lists.get(walk)
            if start is not None:
                break
            change = self.deltas[walk]
            chain.append(change)
            if "reset" in change or change.get("base") is None:
                break
            walk = (ns, channel, change["base"])
        seqs = [] if start is None else list(start.seqs)
        objects = [] if start is None else list(start.objects)
        ids: set[str] = set() if start is None else set(start.ids)
        for change in reversed(chain):
            if "reset" in change or change.get("drop") or change.get("replace"):
                seqs = apply_delta(seqs, change)
                objects = [self.message(seq, port, serde) for seq in seqs]
                ids = {m.id for m in objects if m.id is not None}
            else:
                appended = [self.message(seq, port, serde) for seq in change.get("append", ())]
                seqs.extend(change.get("append", ()))
                objects.extend(appended)
                ids.update(m.id for m in appended if m.id is not None)
        built = self.lists[key] = Built(seqs, objects, ids)
        while len(self.lists) > _LISTS_KEPT:
            self.lists.popitem(last=False)
        return built

    def messages(
        self, ns: str, channel: str, version: str, port: StreamReader, serde: SerializerProtocol
    ) -> list[BaseMessage]:
        """The channel's messages at ``version``: a new list of shared messages."""
        return list(self.built(ns, channel, version, port, serde).objects)


@dataclass
class Built:
    """A materialised message list: its session seqs and their messages."""

    seqs: list[int]
    objects: list[BaseMessage]
    ids: set[str]


def apply_delta(base: list[int], change: dict[str, Any]) -> list[int]:
    """One stored delta applied to its base list (``seqs`` is modified in
    place when the delta only appends, the common case, so rebuilding a long
    history costs O(messages), not O(messages x checkpoints))."""
    if "reset" in change:
        return list(change["reset"])
    drop = change.get("drop")
    replace = change.get("replace")
    if drop or replace:
        gone = set(drop or ())
        edits = {int(k): v for k, v in (replace or {}).items()}
        base = [edits.get(i, seq) for i, seq in enumerate(base) if i not in gone]
    base.extend(change.get("append", ()))
    return base


def delta(
    base: list[BaseMessage] | None,
    base_seqs: list[int] | None,
    new: list[BaseMessage],
    known: Callable[[BaseMessage], int | None],
    stage: Callable[[BaseMessage], int],
) -> dict[str, Any]:
    """The delta from ``base`` (None: no message list to start from) to ``new``.

    A message equal to the base's at its id keeps its seq; one the session
    holds already (``known``: its seq, or None) is referred to; any other is
    staged for the session (``stage``: a placeholder the command swaps for
    its seq), an edit (same id, other content) being a new ``message.added``
    of that id; a removal is a dropped position. A list that is not the base
    with drops, in-place edits and appends (a reorder, a ``REMOVE_ALL_MESSAGES``
    followed by old ones) is stored whole as a ``reset`` of seqs, still
    reusing every message the session already holds."""

    def ref(message: BaseMessage, old: BaseMessage | None, old_seq: int | None) -> int:
        if old is not None and old_seq is not None and (old is message or old == message):
            return old_seq
        seq = known(message)
        return stage(message) if seq is None else seq

    if base is not None and base_seqs is not None:
        position = {m.id: i for i, m in enumerate(base)}
        drop: list[int] = []
        replace: dict[str, int] = {}
        append: list[int] = []
        j = 0
        for m in new:
            p = position.get(m.id)
            if p is None:
                append.append(ref(m, None, None))
                continue
            if p < j or append:
                break
            drop.extend(range(j, p))
            seq = ref(m, base[p], base_seqs[p])
            if seq != base_seqs[p]:
                replace[str(p)] = seq
            j = p + 1
        else:
            drop.extend(range(j, len(base)))
            change: dict[str, Any] = {"append": append}
            if drop:
                change["drop"] = drop
            if replace:
                change["replace"] = replace
            return change
    # Messages staged above are found again (``known`` sees what this call staged).
    return {"reset": [ref(m, None, None) for m in new]}


def checkpoint_diff(parent: dict[str, Any], child: dict[str, Any]) -> dict[str, Any] | None:
    """``child`` (a checkpoint without its values) as what changed since
    ``parent``: changed top-level keys under ``"_s"``, for the dicts of
    versions (``channel_versions``, ``versions_seen``) only their changed
    entries under ``"_m"`` (and removed ones under ``"_md"``), removed
    top-level keys under ``"_x"``; empty parts are left out, and so is the
    id, which the event holds. ``apply_diff(parent, diff) == child`` but for
    the id. The first format named its parent (``"_parent"``) and spelled
    every part out; ``apply_diff`` reads both. None when a key of either is
    spelled like a short name (the checkpoint is then stored whole; a whole
    one has an id, a diff never has)."""
    if _LONG.keys() & (parent.keys() | child.keys()):
        return None
    put: dict[str, Any] = {}
    merge: dict[str, Any] = {}
    removed: dict[str, list[str]] = {}
    for key, value in child.items():
        old = parent.get(key)
        if key == "id" or (old == value and key in parent):
            continue
        short = _SHORT.get(key, key)
        if isinstance(value, dict) and isinstance(old, dict):
            merge[short] = {k: v for k, v in value.items() if k not in old or old[k] != v}
            if gone := [k for k in old if k not in value]:
                removed[short] = gone
        else:
            put[short] = value
    diff: dict[str, Any] = {_SET: put}
    if merge:
        diff["_m"] = merge
    if removed:
        diff["_md"] = removed
    if dropped := [k for k in parent if k not in child]:
        diff["_x"] = dropped
    return diff


def whole(checkpoint: dict[str, Any]) -> dict[str, Any]:
    """A checkpoint stored whole, without the id its event holds; with it when
    it has a key a diff has (a diff never has an id)."""
    return checkpoint if _SET in checkpoint else {k: v for k, v in checkpoint.items() if k != "id"}


def apply_diff(parent: dict[str, Any], diff: dict[str, Any]) -> dict[str, Any]:
    if _BASE in diff:  # the first format: {"_parent", "set", "merge": {key: {"set", "del"}}, "del"}
        diff = {
            _SET: diff["set"],
            "_m": {k: m["set"] for k, m in diff["merge"].items()},
            "_md": {k: m["del"] for k, m in diff["merge"].items()},
            "_x": diff["del"],
        }
        removed, merge, put = diff["_md"], diff["_m"], diff[_SET]
    else:
        removed, merge, put = (
            {_LONG.get(k, k): v for k, v in diff.get(part, {}).items()} for part in ("_md", "_m", _SET)
        )
    out = {k: v for k, v in parent.items() if k not in diff.get("_x", ())}
    for key in {*merge, *removed}:
        gone = removed.get(key, ())
        merged = {k: v for k, v in parent[key].items() if k not in gone}
        merged.update(merge.get(key, {}))
        out[key] = merged
    out.update(put)
    return out


def _next(parent: Mapping[str, Any]) -> dict[str, Any]:
    """The metadata a step after ``parent`` has unless it says otherwise: the
    parent's, one step on (LangGraph's loop counts steps)."""
    step = parent.get("step")
    return {**parent, "step": step + 1} if type(step) is int else dict(parent)


def metadata_diff(parent: Mapping[str, Any], child: Mapping[str, Any]) -> dict[str, Any]:
    """``child`` (a checkpoint's metadata) as what differs from its parent's
    one step on: ``{"_s": changed keys}`` (and ``"_x"``: removed ones), most
    often ``{"_s": {}}`` or the source alone. Metadata with a key of either
    form's names is kept whole under ``"_w"``."""
    if any(k.startswith("_") for k in (*parent, *child)):
        return {"_w": child}
    expected = _next(parent)
    diff: dict[str, Any] = {_SET: {k: v for k, v in child.items() if k not in expected or expected[k] != v}}
    if gone := [k for k in expected if k not in child]:
        diff["_x"] = gone
    return diff


def apply_metadata(parent: dict[str, Any], diff: dict[str, Any]) -> dict[str, Any]:
    if "_w" in diff:
        return diff["_w"]  # type: ignore[no-any-return]
    out = {k: v for k, v in _next(parent).items() if k not in diff.get("_x", ())}
    out.update(diff[_SET])
    return out
