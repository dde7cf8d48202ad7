"""Stable event names and versions: old logs stay readable forever.

The engine relies on the eventsourcing mechanism (``class_version`` plus
``upcast_vN_vN+1`` static methods, applied by ledgermind.storage.sealing's mapper on every
read) for the day an event gains a field. These tests prove it with a
test-only aggregate whose events and state are at version 2 and 3, reading
v1 states written straight into the raw tables, through the engine's own
mapper and repository. They also check that the raw event table holds the
dotted topic names, so an auditor can filter it by name.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

import sqlalchemy as sa
from eventsourcing.domain import Aggregate, Snapshot, event
from eventsourcing.persistence import StoredEvent

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.config import EngineConfig
from ledgermind.write.beliefs import Invalidate, NewBelief
from tests.support.capabilities import capabilities

OWNER = Owner("versions", "user-1")


class Note(Aggregate):
    """Test-only. v1 notes had no language; v2 added ``lang`` (default "en").
    Edits: v2 added ``reason``, v3 added ``editor``."""

    TOPIC = "test:Note"
    class_version = 2

    class Event(Aggregate.Event):
        app: str
        user_id: str

    class Created(Event, Aggregate.Created):
        TOPIC = "test.note_created"
        class_version = 2
        text: str
        lang: str

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["lang"] = "en"

    @event(Created)
    def __init__(self, app: str, user_id: str, text: str, lang: str) -> None:
        self.app = app
        self.user_id = user_id
        self.text = text
        self.lang = lang
        self.edits = 0

    @staticmethod
    def upcast_v1_v2(state: dict[str, Any]) -> None:
        """Aggregate state (snapshots) written before ``lang`` existed."""
        state["lang"] = "en"

    class Edited(Event):
        TOPIC = "test.note_edited"
        class_version = 3
        text: str
        reason: str
        editor: str

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["reason"] = "unspecified"

        @staticmethod
        def upcast_v2_v3(state: dict[str, Any]) -> None:
            state["editor"] = "unknown"

    @event(Edited)
    def edit(self, app: str, user_id: str, text: str, reason: str, editor: str) -> None:
        self.text = text
        self.edits += 1


def _unsealed_engine(db_url: str) -> MemoryEngine:
    """Writes cleartext states, so a test can rewrite them as an older version would have."""
    return MemoryEngine(EngineConfig(db=db_url, seal_events=False))


def _as_version(eng: MemoryEngine, stored: StoredEvent, version: int, drop: tuple[str, ...]) -> StoredEvent:
    """The stored event as an older class version wrote it: without the
    fields added since, and without a class_version key (version 1)."""
    state = eng.log.mapper.transcoder.decode(eng.log.mapper.open_state(stored))  # unpacked (ledgermind.storage.packing)
    holder = state["state"] if "state" in state and isinstance(state["state"], dict) else state
    for key in drop:
        del holder[key]
    holder.pop("class_version", None)
    if version > 1:
        holder["class_version"] = version
    return StoredEvent(
        originator_id=stored.originator_id,
        originator_version=stored.originator_version,
        topic=stored.topic,
        state=eng.log.mapper.transcoder.encode(state),
    )


def test_current_versions_round_trip(db_url: str) -> None:
    with MemoryEngine.open(db_url) as eng:
        note = Note(app=OWNER.app, user_id=OWNER.user_id, text="bonjour", lang="fr")
        note.edit(app=OWNER.app, user_id=OWNER.user_id, text="salut", reason="shorter", editor="ken")
        eng.log.save(note)
        events = eng.writes.stream_events(note.id)
        loaded = eng.log.repository.get(note.id)
    assert (loaded.text, loaded.lang, loaded.edits) == ("salut", "fr", 1)
    assert isinstance(events[0], Note.Created) and events[0].lang == "fr"
    assert isinstance(events[1], Note.Edited) and (events[1].reason, events[1].editor) == ("shorter", "ken")


def test_old_event_versions_are_upcast_on_read(db_url: str) -> None:
    with _unsealed_engine(db_url) as writer:
        note = Note(app=OWNER.app, user_id=OWNER.user_id, text="hello", lang="xx")
        note.edit(app=OWNER.app, user_id=OWNER.user_id, text="hello again", reason="r", editor="e")
        note.edit(app=OWNER.app, user_id=OWNER.user_id, text="hello, world", reason="r", editor="e")
        created, edited_v1, edited_v2 = (writer.log.mapper.to_stored_event(e) for e in note.collect_events())
        writer.log.recorder.insert_events(
            [
                _as_version(writer, created, 1, drop=("lang",)),
                _as_version(writer, edited_v1, 1, drop=("reason", "editor")),
                _as_version(writer, edited_v2, 2, drop=("editor",)),
            ]
        )
    with MemoryEngine.open(db_url) as reader:  # the default (sealing) engine reads old cleartext too
        events = reader.writes.stream_events(note.id)
        loaded = reader.log.repository.get(note.id)
    assert [type(e) for e in events] == [Note.Created, Note.Edited, Note.Edited]
    assert events[0].lang == "en"  # v1 -> v2
    assert (events[1].reason, events[1].editor) == ("unspecified", "unknown")  # v1 -> v2 -> v3
    assert (events[2].reason, events[2].editor) == ("r", "unknown")  # v2 -> v3
    assert (loaded.text, loaded.lang, loaded.edits) == ("hello, world", "en", 2)


def test_old_snapshot_state_is_upcast_on_read(db_url: str) -> None:
    """A snapshot of a v1 aggregate (no ``lang``) loads as v2, then later events apply."""
    with _unsealed_engine(db_url) as writer:
        note = Note(app=OWNER.app, user_id=OWNER.user_id, text="old", lang="xx")
        writer.log.save(note)
        snapshot = Snapshot.take(note)
        stored = writer.log.mapper.to_stored_event(snapshot)
        assert writer.log.snapshots is not None
        writer.log.snapshots.recorder.insert_events([_as_version(writer, stored, 1, drop=("lang",))])
        # Leave only the snapshot's view of version 1: the created event says "xx".
        later = writer.log.repository.get(note.id)
        later.edit(app=OWNER.app, user_id=OWNER.user_id, text="new", reason="r", editor="e")
        writer.log.save(later)
    with MemoryEngine.open(db_url) as reader:
        loaded = reader.log.repository.get(note.id)
    assert (loaded.text, loaded.lang, loaded.edits) == ("new", "en", 1)


TOPIC_NAME = re.compile(r"^[a-z]+\.[a-z_]+$")
REQUIRED_TOPICS = {
    "session.created",
    "message.added",
    "session.closed",
    "task.started",
    "task.completed",
    "task.failed",
    "agent.session_opened",
    "agent.checkpointed",
    "memory.distilled",
    "memory.invalidated",
}


def test_raw_event_table_holds_dotted_topics(eng: MemoryEngine) -> None:
    sid = eng.for_owner(OWNER).create_session(agent_id="agent")
    eng.for_owner(OWNER).add_message(sid, role="user", content="I live in Lyon", client_id="m1")
    eng.for_owner(OWNER).add_messages(
        sid, [{"role": "assistant", "content": "Noted."}, {"role": "user", "content": "thanks"}]
    )
    done, failed = eng.for_owner(OWNER).start_task(sid, input="a"), eng.for_owner(OWNER).start_task(sid, input="b")
    eng.for_owner(OWNER).complete_task(done, output="ok")
    eng.for_owner(OWNER).fail_task(failed, error="boom")
    eng.for_owner(OWNER).checkpoint_agent("agent", {"step": 1})
    now = datetime.now(UTC)
    (belief,) = eng.for_owner(OWNER).apply_memory_changes(
        [
            NewBelief(
                source_key="test/lyon",
                kind="fact",
                statement="lives in Lyon",
                valid_from=now,
                confidence=0.9,
                method="explicit",
            )
        ]
    )
    eng.for_owner(OWNER).apply_memory_changes([Invalidate(memory_id=belief, invalid_at=now, reason="moved")])
    eng.for_owner(OWNER).close_session(sid)

    table = capabilities(eng.backend.kind).events_table
    engine = sa.create_engine(eng.backend.sqlalchemy_url, poolclass=sa.pool.NullPool)
    try:
        with engine.connect() as conn:
            rows = conn.execute(sa.text(f"SELECT originator_id, originator_version, topic FROM {table}")).all()
    finally:
        engine.dispose()
    topics = {topic for _, _, topic in rows}
    assert topics >= REQUIRED_TOPICS, f"missing {REQUIRED_TOPICS - topics}"
    assert all(TOPIC_NAME.match(t) for t in topics), (
        f"not dotted names: {sorted(t for t in topics if not TOPIC_NAME.match(t))}"
    )
    # The session's own stream, in the raw table, reads as its story.
    session_topics = [t for oid, _, t in sorted(r for r in rows if UUID(str(r[0])) == UUID(hex=sid))]
    assert session_topics == [
        "session.created",
        "message.added",
        "message.added",
        "message.added",
        "session.task_opened",
        "session.task_opened",
        "session.task_closed",
        "session.task_closed",
        "session.closed",
    ]
