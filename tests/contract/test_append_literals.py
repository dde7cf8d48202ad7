"""An append stores exactly the topic and bytes it was given, with an intact chain link.

The PostgreSQL append writes its values into the query text as literals
(``ledgermind.storage.pg_append``), so a topic that quotes, escapes or ends a
statement and a state holding every byte value must come back unchanged, and
the chain (which hashes both) must verify; SQLite binds parameters, and must
agree.
"""

from __future__ import annotations

import uuid

from eventsourcing.persistence import StoredEvent

from ledgermind import MemoryEngine

TOPICS = [
    "it's",
    "back\\slash",
    "E'\\x00'",
    "x'); COMMIT; DROP TABLE ledgermind_events; --",
    "$$ dollar $$",
    "ünïcode ✓ 中文",
    "",
]


def test_any_topic_text_and_state_bytes_are_stored_as_given(eng: MemoryEngine) -> None:
    recorder = eng.log.recorder
    stream = uuid.uuid4()
    states = [bytes(range(256)) + topic.encode() for topic in TOPICS]
    events = [
        StoredEvent(originator_id=stream, originator_version=i + 1, topic=topic, state=state)
        for i, (topic, state) in enumerate(zip(TOPICS, states, strict=True))
    ]
    recorder.insert_events(events[:3])  # one transaction of several events, then one per event
    for event in events[3:]:
        recorder.insert_events([event])

    stored = recorder.select_events(stream)
    assert [(e.originator_version, e.topic, bytes(e.state)) for e in stored] == [
        (i + 1, topic, state) for i, (topic, state) in enumerate(zip(TOPICS, states, strict=True))
    ]
    report = eng.verify_log()
    assert report.intact and report.finding is None
    assert report.events == report.chained == len(TOPICS)
