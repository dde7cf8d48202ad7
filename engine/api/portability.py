"""An owner's data out of one database and into another: export and import.

The right of access and portability goes with the right to be forgotten: an
owner's events leave as JSON Lines, one event per line in log order, decrypted
(``export_owner``), and a file of them can be replayed into another database,
under the same or another owner (``import_owner``), so an owner can move.

A line: ``{"position", "topic", "stream_id", "version", "timestamp", "fields"}``
(``timestamp`` and every time in ``fields`` are RFC 3339, ids are hex).

The import goes through the engine's public write API, never into the log
directly: every value is validated again, the new owner's events are sealed
under the new owner's key, and the ids are the target's own. Each event is
one command with an idempotency key derived from the source event (its
stream and version), and messages carry a client id (theirs, or one derived
from their session and seq), so importing a file twice, or again after a
crash half-way, writes nothing the second time. What is replayed:

- sessions (``session.created``, ``session.closed``) and their messages, in
  order, so each keeps its seq; tasks (started, completed, failed); agent
  checkpoints; beliefs (``memory.*``, with their valid times; their
  transaction times are the import's, since the target learns them now);
- retractions and un-retractions of messages (``message.retracted``,
  ``message.unretracted``): the mark alone, since the belief events the
  original retraction wrote are in the file and are replayed themselves;
- the rest is derived by those commands (``agent.registered`` and
  ``agent.session_opened``, ``session.task_*``), internal to one database (receipts, distillation
  cursors), or not the owner's content (``owner.erased``): counted as skipped.

Ids inside events (a belief's sources, ``supersedes``) are mapped to the
target's ids; a reference to something the file does not hold (an export
``--since`` a position) is kept as it was.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any
from uuid import UUID

from ledgermind.distill.lineage import record_retraction
from ledgermind.domain.errors import InvalidInput
from ledgermind.domain.lineage import RETRACTED, UNRETRACTED
from ledgermind.domain.owner import Owner
from ledgermind.domain.stream_ids import owner_key_id
from ledgermind.projections.listing import owner_rows, owner_streams
from ledgermind.storage.follower import Follower
from ledgermind.write.beliefs import BeliefChange, Forget, Invalidate, NewBelief, Reinforce, Reinstate, Revise
from ledgermind.write.validation import check_owner

if TYPE_CHECKING:
    from ledgermind.api.facade import MemoryEngine

__all__ = [
    "ExportReport",
    "ImportReport",
    "OwnerInventory",
    "ParsedExport",
    "event_fields",
    "export_owner",
    "import_owner",
    "owner_inventory",
    "parse_export",
]

_LINE_KEYS = ("position", "topic", "stream_id", "version", "timestamp", "fields")
_ENVELOPE = ("originator_id", "originator_version", "timestamp", "originator_topic")
_MESSAGE_BATCH = 500


@dataclass(frozen=True, slots=True)
class ExportReport:
    events: int  # lines written
    position: int  # the log head the export read up to: the next --since


@dataclass(slots=True)
class ImportReport:
    sessions: int = 0
    messages: int = 0
    closed_sessions: int = 0
    tasks: int = 0
    finished_tasks: int = 0
    checkpoints: int = 0
    beliefs: int = 0  # belief events replayed (distilled, reinforced, revised, invalidated, forgotten)
    retractions: int = 0  # message.retracted and message.unretracted replayed
    skipped: dict[str, int] = field(default_factory=dict)  # topic -> events not replayed
    seq_mismatches: int = 0  # messages whose seq in the target differs (a partial export)

    def as_dict(self) -> dict[str, Any]:
        return {
            "sessions": self.sessions, "messages": self.messages, "closed_sessions": self.closed_sessions,
            "tasks": self.tasks, "finished_tasks": self.finished_tasks, "checkpoints": self.checkpoints,
            "beliefs": self.beliefs, "retractions": self.retractions, "skipped": dict(sorted(self.skipped.items())),
            "seq_mismatches": self.seq_mismatches,
        }  # fmt: skip


# --- inventory --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OwnerInventory:
    """What a database holds of one owner: whether their data key exists (it
    is made by their first write) or was destroyed, their streams by kind and
    their read-model rows by table (``ledgermind erase --dry-run``)."""

    has_key: bool
    erased_at: datetime | None
    streams: dict[str, int]
    rows: dict[str, int]

    @property
    def empty(self) -> bool:
        """Nothing was ever written for this owner (a typo, most likely)."""
        return not self.has_key and self.erased_at is None and not any(self.streams.values()) and not self.rows

    def as_dict(self) -> dict[str, Any]:
        return {
            "has_key": self.has_key,
            "erased_at": self.erased_at,
            "streams": dict(self.streams),
            "rows": dict(self.rows),
            "empty": self.empty,
        }


def owner_inventory(eng: MemoryEngine, owner: Owner) -> OwnerInventory:
    """Reads, writes nothing; the read models are caught up to the head first."""
    owner = check_owner(owner)
    key_id = owner_key_id(owner)
    erased_at = eng.log.keys.erased_at(key_id)
    has_key = erased_at is None and eng.log.keys.get(key_id) is not None
    side = eng.projections
    side.wait_for_head()
    return OwnerInventory(has_key, erased_at, owner_streams(side, owner), owner_rows(side.db, owner))


# --- export -------------------------------------------------------------------


def export_owner(eng: MemoryEngine, owner: Owner, write: Callable[[str], Any], *, since: int = 0) -> ExportReport:
    """Writes each of ``owner``'s events after log position ``since`` as one
    JSON line (with its newline) through ``write``, in log order. An erased
    owner's events cannot be decoded any more: their export is empty."""
    owner = check_owner(owner)
    _register_topics()
    if not isinstance(since, int) or since < 0:
        raise InvalidInput(f"since must be a log position (an integer >= 0), got {since!r}")
    follower = Follower(eng.log)
    head = follower.head()
    position, written = since, 0
    while position < head:
        page = follower.read(position, head)
        for env in page.envelopes:
            ev = env.event
            if getattr(ev, "app", None) != owner.app or getattr(ev, "user_id", None) != owner.user_id:
                continue
            write(json.dumps(_line(env.position, env.topic, ev), ensure_ascii=False, separators=(",", ":")) + "\n")
            written += 1
        position = head if page.read < follower.page else page.last
    return ExportReport(events=written, position=head)


def _register_topics() -> None:
    """Defining the event classes registers every topic the log holds, so
    the follower can decode all of them (the followers of projections and the
    distiller ask only for the topics whose modules they import)."""
    from ledgermind.domain import agent, distillation, erasure, memory, receipt, session, task  # noqa: F401


def event_fields(ev: Any) -> dict[str, Any]:
    """A decoded event's own fields as JSON-ready values (times RFC 3339,
    ids hex), without the envelope (stream, version, time): the payload an
    export line and the service's event feed both carry."""
    return {k: _plain(v) for k, v in vars(ev).items() if k not in _ENVELOPE}


def _line(position: int, topic: str, ev: Any) -> dict[str, Any]:
    fields = event_fields(ev)
    return {
        "position": position,
        "topic": topic,
        "stream_id": ev.originator_id.hex,
        "version": ev.originator_version,
        "timestamp": ev.timestamp.isoformat(),
        "fields": fields,
    }


def _plain(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, UUID):
        return value.hex
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_plain(v) for v in value]
    return value


# --- import -------------------------------------------------------------------


def import_owner(eng: MemoryEngine, owner: Owner, lines: Iterable[str] | ParsedExport) -> ImportReport:
    """Replays an ``export_owner`` file into ``eng`` as ``owner``. The whole
    file is parsed and checked before anything is written (a malformed line
    names its number); then each event is one idempotent command."""
    owner = check_owner(owner)
    events = lines if isinstance(lines, ParsedExport) else parse_export(lines)
    return _Importer(eng, owner).run(list(events.events))


@dataclass(frozen=True, slots=True)
class ParsedExport:
    """An export file checked line by line (``parse_export``), not yet written
    anywhere: a caller parses before it opens (or creates) the target."""

    events: tuple[dict[str, Any], ...]


def parse_export(lines: Iterable[str]) -> ParsedExport:
    """The events of an export file; ``InvalidInput`` naming the first bad line."""
    return ParsedExport(tuple(_parse(lines)))


def _parse(lines: Iterable[str]) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    source: tuple[Any, Any] | None = None
    last = -1
    for number, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        try:
            line = json.loads(raw)
        except ValueError as e:
            raise InvalidInput(f"line {number}: not JSON ({e})") from None
        if not isinstance(line, dict) or any(k not in line for k in _LINE_KEYS):
            raise InvalidInput(f"line {number}: not an exported event (it needs {', '.join(_LINE_KEYS)})")
        fields = line["fields"]
        if not isinstance(fields, dict) or not isinstance(line["topic"], str):
            raise InvalidInput(f"line {number}: 'fields' must be an object and 'topic' a string")
        if not isinstance(line["position"], int) or line["position"] <= last:
            raise InvalidInput(f"line {number}: positions must be integers in increasing (log) order")
        last = line["position"]
        try:
            UUID(hex=str(line["stream_id"]))
        except ValueError:
            raise InvalidInput(f"line {number}: stream_id is not an id") from None
        owner = (fields.get("app"), fields.get("user_id"))
        if source is None:
            source = owner
        elif owner != source:
            raise InvalidInput(f"line {number}: the file mixes owners; an export holds one owner's events")
        line["line"] = number
        events.append(line)
    return events


class _Importer:
    def __init__(self, eng: MemoryEngine, owner: Owner) -> None:
        self.eng = eng
        self.owner = owner
        self.report = ImportReport()
        self.sessions: dict[str, str] = {}  # source session id -> target session id
        self.tasks: dict[str, str] = {}
        self.beliefs: dict[str, str] = {}
        self.agents: dict[str, str] = {}  # source agent stream id -> agent id
        self.pending: list[tuple[dict[str, Any], int]] = []  # messages of one session, in order
        self.pending_session: str | None = None

    def run(self, events: list[dict[str, Any]]) -> ImportReport:
        handlers: dict[str, Callable[[dict[str, Any]], None]] = {
            "session.created": self._session,
            "message.added": self._message,
            "session.closed": self._closed,
            "task.started": self._task,
            "task.completed": self._finished,
            "task.failed": self._finished,
            "agent.registered": self._agent,
            "agent.checkpointed": self._checkpoint,
            "memory.distilled": self._belief,
            "memory.reinforced": self._belief,
            "memory.revised": self._belief,
            "memory.invalidated": self._belief,
            "memory.forgotten": self._belief,
            "memory.reinstated": self._belief,
            RETRACTED: self._retraction,
            UNRETRACTED: self._retraction,
        }
        for line in events:
            handler = handlers.get(line["topic"])
            if line["topic"] != "message.added":
                self._flush()
            if handler is None:
                self.report.skipped[line["topic"]] = self.report.skipped.get(line["topic"], 0) + 1
                continue
            try:
                handler(line)
            except (KeyError, TypeError, ValueError) as e:
                if isinstance(e, InvalidInput):
                    raise InvalidInput(f"line {line['line']} ({line['topic']}): {e}") from None
                raise InvalidInput(f"line {line['line']} ({line['topic']}): missing or malformed {e}") from None
        self._flush()
        return self.report

    def _key(self, line: dict[str, Any], what: str) -> str:
        """The idempotency key of replaying this source event: the same file
        imported again makes the same keys, and the engine answers each with
        the first run's result instead of writing again."""
        return f"import:{what}:{line['stream_id']}:{line['version']}"

    # --- conversation ---------------------------------------------------------

    def _session(self, line: dict[str, Any]) -> None:
        f = line["fields"]
        self.sessions[line["stream_id"]] = self.eng.for_owner(self.owner).create_session(
            f["agent_id"], idempotency_key=self._key(line, "session")
        )
        self.report.sessions += 1

    def _message(self, line: dict[str, Any]) -> None:
        source = line["stream_id"]
        if source not in self.sessions:
            self._skip(line)
            return
        if source != self.pending_session or len(self.pending) >= _MESSAGE_BATCH:
            self._flush()
        f = line["fields"]
        self.pending_session = source
        self.pending.append(({
            "role": f["role"],
            "content": f["content"],
            "name": f.get("name"),
            "occurred_at": datetime.fromisoformat(f["occurred_at"]),
            "client_id": f.get("client_id") or f"import:{source}:{f['seq']}",
            "metadata": _json(f.get("metadata")),
            "tool_calls": _json(f.get("tool_calls")),
            "tool_call_id": f.get("tool_call_id"),
        }, int(f["seq"])))  # fmt: skip

    def _flush(self) -> None:
        if not self.pending:
            return
        assert self.pending_session is not None
        batch, self.pending = self.pending, []
        seqs = self.eng.for_owner(self.owner).add_messages(self.sessions[self.pending_session], [m for m, _ in batch])
        self.report.messages += len(seqs)
        self.report.seq_mismatches += sum(1 for got, (_, want) in zip(seqs, batch) if got != want)

    def _closed(self, line: dict[str, Any]) -> None:
        target = self.sessions.get(line["stream_id"])
        if target is None:
            self._skip(line)
            return
        self.eng.for_owner(self.owner).close_session(target, idempotency_key=self._key(line, "close"))
        self.report.closed_sessions += 1

    def _task(self, line: dict[str, Any]) -> None:
        f = line["fields"]
        session = self.sessions.get(f["session_id"])
        if session is None:
            self._skip(line)
            return
        self.tasks[line["stream_id"]] = self.eng.for_owner(self.owner).start_task(
            session, f["input"], idempotency_key=self._key(line, "task")
        )
        self.report.tasks += 1

    def _finished(self, line: dict[str, Any]) -> None:
        task = self.tasks.get(line["stream_id"])
        if task is None:
            self._skip(line)
            return
        f, key = line["fields"], self._key(line, "task-end")
        if line["topic"] == "task.completed":
            self.eng.for_owner(self.owner).complete_task(task, f["output"], idempotency_key=key)
        else:
            self.eng.for_owner(self.owner).fail_task(task, f["error"], idempotency_key=key)
        self.report.finished_tasks += 1

    def _agent(self, line: dict[str, Any]) -> None:
        """Nothing to write (the agent comes with its first session); the
        agent's stream id is derived from the owner, so a checkpoint in the
        file finds its agent's name here."""
        self.agents[line["stream_id"]] = str(line["fields"]["agent_id"])

    def _checkpoint(self, line: dict[str, Any]) -> None:
        agent = self.agents.get(line["stream_id"])
        if agent is None:
            self._skip(line)
            return
        self.eng.for_owner(self.owner).checkpoint_agent(
            agent, json.loads(line["fields"]["state"]), idempotency_key=self._key(line, "checkpoint")
        )
        self.report.checkpoints += 1

    def _retraction(self, line: dict[str, Any]) -> None:
        f = line["fields"]
        session = self.sessions.get(str(f["session_id"]))
        if session is None:
            self._skip(line)
            return
        record_retraction(
            self.eng.writes,
            self.owner,
            session,
            int(f["seq"]),
            f["reason"],
            undo=line["topic"] == UNRETRACTED,
            idempotency_key=self._key(line, "retraction"),
        )
        self.report.retractions += 1

    # --- beliefs ------------------------------------------------------------------

    def _belief(self, line: dict[str, Any]) -> None:
        f, topic, source = line["fields"], line["topic"], line["stream_id"]
        change: BeliefChange
        if topic == "memory.distilled":
            change = NewBelief(
                source_key=f["source_key"], kind=f["kind"], statement=f["statement"],
                valid_from=datetime.fromisoformat(f["valid_from"]), confidence=float(f["confidence"]),
                method=f["method"], extractor=f["extractor"], extractor_version=f["extractor_version"],
                problem=f.get("problem"), solution=f.get("solution"), subject=f.get("subject"),
                attribute=f.get("attribute"), topics=tuple(f.get("topics") or ()),
                participants=tuple(f.get("participants") or ()), location=f.get("location"),
                event_time=_time(f.get("event_time")), sources=self._sources(f.get("sources")),
                supersedes=self._belief_id(f.get("supersedes")), raw=f.get("raw"), value=f.get("value"),
            )  # fmt: skip
        else:
            target = self.beliefs.get(source)
            if target is None:
                self._skip(line)
                return
            if topic == "memory.reinforced":
                change = Reinforce(target, float(f["confidence"]), f["reason"], self._sources(f.get("sources")))
            elif topic == "memory.revised":
                change = Revise(
                    target, f["statement"], float(f["confidence"]), f["reason"], f["method"],
                    problem=f.get("problem"), solution=f.get("solution"), topics=tuple(f.get("topics") or ()),
                    participants=tuple(f.get("participants") or ()), location=f.get("location"),
                    event_time=_time(f.get("event_time")), sources=self._sources(f.get("sources")),
                    sets_value=bool(f.get("sets_value")), value=f.get("value"),
                )  # fmt: skip
            elif topic == "memory.invalidated":
                cause = f.get("cause")
                change = Invalidate(
                    target, datetime.fromisoformat(f["invalid_at"]), f["reason"],
                    cause=self._sources([cause])[0] if isinstance(cause, dict) else None,
                    superseded_by=self._belief_id(f.get("superseded_by")),
                )  # fmt: skip
            elif topic == "memory.reinstated":
                cause = f.get("cause")
                change = Reinstate(
                    target, f["reason"], cause=self._sources([cause])[0] if isinstance(cause, dict) else None
                )
            else:
                change = Forget(target, f["reason"])
        ids = self.eng.for_owner(self.owner).apply_memory_changes([change], idempotency_key=self._key(line, "belief"))
        if topic == "memory.distilled":
            self.beliefs[source] = ids[0]
        self.report.beliefs += 1

    def _belief_id(self, source: Any) -> Any:
        return self.beliefs.get(source, source) if isinstance(source, str) else source

    def _sources(self, sources: Any) -> tuple[dict[str, Any], ...]:
        """Citations with the file's session and task ids mapped to the target's."""
        out = []
        for src in sources or ():
            if not isinstance(src, dict):
                continue
            mapped = dict(src)
            for key in ("session_id", "session"):
                if isinstance(mapped.get(key), str):
                    mapped[key] = self.sessions.get(mapped[key], mapped[key])
            if isinstance(mapped.get("task_id"), str):
                mapped["task_id"] = self.tasks.get(mapped["task_id"], mapped["task_id"])
            out.append(mapped)
        return tuple(out)

    def _skip(self, line: dict[str, Any]) -> None:
        """An event about something the file does not hold (an export that
        started after its session or belief was created)."""
        topic = f"{line['topic']} (its stream is not in the file)"
        self.report.skipped[topic] = self.report.skipped.get(topic, 0) + 1


def _json(text: Any) -> Any:
    return json.loads(text) if isinstance(text, str) else text


def _time(text: Any) -> datetime | None:
    return datetime.fromisoformat(text) if isinstance(text, str) else None
