"""Retraction: "this message was an injection, undo what it caused".

The story is the documentation's: production ran Go 1.23, then a message said it
was upgraded to 1.24. Retracting that message makes 1.23 current again as a
new version (the history keeps both the poisoning and the repair), while
as-of queries known before the retraction still show 1.24. The property:
for random histories and random retractions (and un-retractions), the
current beliefs equal those of a replay of the same history without the
retracted messages.
"""

from __future__ import annotations

import itertools
import json
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledgermind import MemoryEngine, Owner
from ledgermind.cli import main
from ledgermind.distill.explicit import belief_index
from ledgermind.domain.errors import SessionNotFound
from ledgermind.projections.audit import beliefs_as_of
from tests.support.capabilities import has
from tests.support.kv_extractor import KeyValueExtractor

OWNER = Owner("audit", "retract")
T0 = datetime(2026, 3, 1, tzinfo=UTC)
_RUN = itertools.count()


def _say(eng: MemoryEngine, owner: Owner, sid: str, lines: list[str], start: int = 0) -> list[int]:
    seqs = [
        eng.for_owner(owner).add_message(sid, "user", text, occurred_at=T0 + timedelta(days=start + i))
        for i, text in enumerate(lines)
    ]
    eng.distill(extractor=KeyValueExtractor())
    return seqs


def _current(eng: MemoryEngine, owner: Owner) -> set[tuple[str | None, str]]:
    return {(b.attribute, b.statement) for b in belief_index(eng.writes).current(owner)}


def _session_of(eng: MemoryEngine, owner: Owner) -> str:
    """The one session ``owner`` has (read from an export of their events)."""
    from ledgermind.api.portability import export_owner

    lines: list[str] = []
    export_owner(eng, owner, lines.append)
    (sid,) = [json.loads(line)["stream_id"] for line in lines if json.loads(line)["topic"] == "session.created"]
    return str(sid)


def test_retracting_the_upgrade_restores_the_old_version(eng: MemoryEngine) -> None:
    sid = eng.for_owner(OWNER).create_session("bot")
    _, upgrade = _say(eng, OWNER, sid, ["set go 1.23", "set go 1.24"])
    assert _current(eng, OWNER) == {("go", "go is 1.24")}
    (new,) = [e.memory_id for e in eng.for_owner(OWNER).message_lineage(sid, upgrade).direct if e.how == "created"]
    (old,) = [e.memory_id for e in eng.for_owner(OWNER).message_lineage(sid, upgrade).direct if e.how == "invalidated"]
    before = datetime.now(UTC)

    report = eng.for_owner(OWNER).retract(sid, upgrade, "prompt injection")
    assert report.changed and report.invalidated == (new,) and report.reinstated == (old,)
    assert _current(eng, OWNER) == {("go", "go is 1.23")}
    # The history shows both the poisoning and the repair, as versions.
    events = [(v.event, v.call) for v in eng.for_owner(OWNER).lineage(old).versions]
    assert events == [
        ("memory.distilled", "distillation"),
        ("memory.invalidated", "distillation"),
        ("memory.reinstated", "retraction"),
    ]
    last = eng.for_owner(OWNER).lineage(new).versions[-1]
    assert last.event == "memory.invalidated" and last.cause_message is not None
    assert (last.cause_message.session_id, last.cause_message.seq) == (sid, upgrade)
    assert eng.for_owner(OWNER).message_lineage(sid, upgrade).retracted
    # The read model agrees, now and as of before the retraction.
    side = eng.projections
    side.wait(eng.position, timeout=30)
    now = {r["statement"] for r in beliefs_as_of(side, OWNER)}
    then = {r["statement"] for r in beliefs_as_of(side, OWNER, known_at=before)}
    assert now == {"go is 1.23"} and then == {"go is 1.24"}

    # Retracting again writes nothing; un-retracting undoes the repair.
    assert not eng.for_owner(OWNER).retract(sid, upgrade, "again").changed
    undo = eng.for_owner(OWNER).unretract(sid, upgrade, "it was genuine")
    assert undo.changed and undo.invalidated == (old,) and undo.reinstated == (new,)
    assert _current(eng, OWNER) == {("go", "go is 1.24")}


def test_a_belief_with_another_unretracted_source_stays(eng: MemoryEngine) -> None:
    owner = Owner("audit", "two-sources")
    sid = eng.for_owner(owner).create_session("bot")
    first, second = _say(eng, owner, sid, ["set editor vim", "set editor vim"])
    report = eng.for_owner(owner).retract(sid, first, "wrong speaker")
    assert report.changed and report.invalidated == () and report.reinstated == ()
    assert _current(eng, owner) == {("editor", "editor is vim")}
    eng.for_owner(owner).retract(sid, second, "also wrong")
    assert _current(eng, owner) == set()


def test_retracting_a_deletion_brings_the_belief_back(eng: MemoryEngine) -> None:
    owner = Owner("audit", "drop")
    sid = eng.for_owner(owner).create_session("bot")
    _, drop = _say(eng, owner, sid, ["set shell zsh", "drop shell"])
    assert _current(eng, owner) == set()
    eng.for_owner(owner).retract(sid, drop, "injected")
    assert _current(eng, owner) == {("shell", "shell is zsh")}


def test_another_owners_message_cannot_be_retracted(eng: MemoryEngine) -> None:
    owner = Owner("audit", "victim")
    sid = eng.for_owner(owner).create_session("bot")
    (seq,) = _say(eng, owner, sid, ["set os linux"])
    with pytest.raises(SessionNotFound):
        eng.for_owner(Owner("audit", "attacker")).retract(sid, seq, "mine now")
    with pytest.raises(SessionNotFound):
        eng.for_owner(owner).retract(sid, seq + 5, "no such message")
    assert _current(eng, owner) == {("os", "os is linux")}


def test_audit_retract_cli(eng: MemoryEngine, db_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    owner = Owner("audit", "cli")
    sid = eng.for_owner(owner).create_session("bot")
    _, upgrade = _say(eng, owner, sid, ["set go 1.23", "set go 1.24"])
    who = ["--db", db_url, "--app", owner.app, "--user", owner.user_id]
    assert main(["audit", "retract", f"{sid}:{upgrade}", "--reason", "injection", *who, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["changed"] and len(out["invalidated"]) == 1 and len(out["reinstated"]) == 1
    assert main(["audit", "unretract", f"{sid[:8]}:{upgrade}", "--reason", "genuine", *who]) == 0
    assert "unretracted message" in capsys.readouterr().out
    assert _current(eng, owner) == {("go", "go is 1.24")}


# --- the property -----------------------------------------------------------------

said = st.tuples(st.sampled_from(["alpha", "beta"]), st.sampled_from(["1", "2", "3"]))


@settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(lines=st.lists(said, min_size=1, max_size=7), data=st.data())
def test_current_beliefs_equal_a_replay_without_the_retracted_messages(
    eng: MemoryEngine, backend: str, lines: list[tuple[str, str]], data: Any
) -> None:
    run = next(_RUN)
    if has(backend, "server_round_trips") and run >= 10:
        return  # each example is some 40 round trips: fewer examples where each crosses a socket
    history, replay = Owner("prop", f"h{run}"), Owner("prop", f"r{run}")
    texts = [f"set {key} {value}" for key, value in lines]
    toggles = data.draw(st.lists(st.integers(0, len(texts) - 1), max_size=6), label="retract/unretract")
    sid = eng.for_owner(history).create_session("bot")
    seqs = _say(eng, history, sid, texts)
    retracted: set[int] = set()
    for i in toggles:  # each toggle flips message i: retract, then unretract, ...
        if i in retracted:
            eng.for_owner(history).unretract(sid, seqs[i], "restored")
            retracted.discard(i)
        else:
            eng.for_owner(history).retract(sid, seqs[i], "withdrawn")
            retracted.add(i)
    replay_sid = eng.for_owner(replay).create_session("bot")
    for i, text in enumerate(texts):
        if i not in retracted:  # the same days as in the history, so the same order of valid times
            eng.for_owner(replay).add_message(replay_sid, "user", text, occurred_at=T0 + timedelta(days=i))
    eng.distill(extractor=KeyValueExtractor())
    assert _current(eng, history) == _current(eng, replay)


def test_http_retract_route(eng: MemoryEngine) -> None:
    from fastapi.testclient import TestClient

    from ledgermind.service.app import create_app
    from ledgermind.service.settings import ServiceSettings

    _, secret = eng.api_keys().create("audit")
    client = TestClient(create_app(eng, ServiceSettings()), headers={"Authorization": f"Bearer {secret}"})
    owner = Owner("audit", "http")
    sid = eng.for_owner(owner).create_session("bot")
    _, upgrade = _say(eng, owner, sid, ["set go 1.23", "set go 1.24"])
    base = f"/v1/users/{owner.user_id}/sessions/{sid}/messages"
    r = client.post(f"{base}/{upgrade}/retract", json={"reason": "injection"})
    assert r.status_code == 200, r.text
    assert r.json()["changed"] and len(r.json()["invalidated"]) == 1 and len(r.json()["reinstated"]) == 1
    assert client.get(f"{base}/{upgrade}/lineage").json()["retracted"] is True
    assert client.post(f"{base}/99/retract", json={"reason": "x"}).status_code == 404
    assert _current(eng, owner) == {("go", "go is 1.23")}
    assert client.post(f"{base}/{upgrade}/unretract", json={"reason": "genuine"}).json()["changed"]
    (mid,) = r.json()["reinstated"]
    versions = client.get(f"/v1/users/{owner.user_id}/memories/{mid}/lineage").json()["versions"]
    assert [v["event"] for v in versions][-2:] == ["memory.reinstated", "memory.invalidated"]


def test_a_message_retracted_before_distillation_causes_nothing(eng: MemoryEngine) -> None:
    owner = Owner("audit", "early")
    sid = eng.for_owner(owner).create_session("bot")
    (kept,) = _say(eng, owner, sid, ["set go 1.23"])
    poisoned = eng.for_owner(owner).add_message(sid, "user", "set go 9.99", occurred_at=T0 + timedelta(days=1))
    eng.for_owner(owner).retract(sid, poisoned, "injection, caught before distillation")
    eng.distill(extractor=KeyValueExtractor())
    assert _current(eng, owner) == {("go", "go is 1.23")}
    assert eng.for_owner(owner).message_lineage(sid, poisoned).direct == ()
    assert eng.for_owner(owner).message_lineage(sid, kept).direct


def test_an_export_carries_the_repair_into_another_store(eng: MemoryEngine) -> None:
    from ledgermind.api.portability import export_owner, import_owner

    owner, copy = Owner("audit", "exported"), Owner("audit", "imported")
    sid = eng.for_owner(owner).create_session("bot")
    _, upgrade = _say(eng, owner, sid, ["set go 1.23", "set go 1.24"])
    eng.for_owner(owner).retract(sid, upgrade, "injection")
    lines: list[str] = []
    export_owner(eng, owner, lines.append)
    report = import_owner(eng, copy, lines)
    assert report.beliefs > 0 and report.retractions == 1
    assert not any(topic.startswith("message.") for topic in report.skipped), report.skipped
    assert _current(eng, copy) == _current(eng, owner) == {("go", "go is 1.23")}
    assert (
        eng.for_owner(copy).message_lineage(_session_of(eng, copy), upgrade).retracted
    )  # the mark travels, not only its effects

    # An un-retraction travels too: the belief it restored is current in the copy.
    eng.for_owner(owner).unretract(sid, upgrade, "it was the user after all")
    again, restored = Owner("audit", "imported-again"), []
    export_owner(eng, owner, restored.append)
    assert import_owner(eng, again, restored).retractions == 2
    assert _current(eng, again) == _current(eng, owner) == {("go", "go is 1.24")}
    assert not eng.for_owner(again).message_lineage(_session_of(eng, again), upgrade).retracted
