"""Lineage, both ways: from a belief to the messages and calls that caused
each of its versions, and from a message to every belief it caused."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from ledgermind import MemoryEngine, Owner
from ledgermind.cli import main
from ledgermind.domain.errors import MemoryNotFound, SessionNotFound
from ledgermind.domain.lineage import MessageRef
from tests.support.kv_extractor import KeyValueExtractor

OWNER = Owner("audit", "lineage")
T0 = datetime(2026, 3, 1, tzinfo=UTC)


def _story(eng: MemoryEngine, owner: Owner = OWNER) -> tuple[str, list[int]]:
    """Go 1.23, said twice; then the upgrade to 1.24; then an unrelated fact."""
    sid = eng.for_owner(owner).create_session("bot")
    seqs = [
        eng.for_owner(owner).add_message(sid, "user", text, occurred_at=T0 + timedelta(days=i))
        for i, text in enumerate(["set go 1.23", "set go 1.23", "set go 1.24", "set os linux"])
    ]
    eng.distill(extractor=KeyValueExtractor())
    return sid, seqs


def test_a_beliefs_versions_name_their_causes(eng: MemoryEngine) -> None:
    sid, (first, again, upgrade, _) = _story(eng)
    (old,) = [e.memory_id for e in eng.for_owner(OWNER).message_lineage(sid, first).direct]
    lineage = eng.for_owner(OWNER).lineage(old)
    assert lineage.status == "invalidated" and lineage.attribute == "go"
    assert [v.event for v in lineage.versions] == ["memory.distilled", "memory.reinforced", "memory.invalidated"]
    created, reinforced, invalidated = lineage.versions
    assert created.sources == (MessageRef(sid, first),) and created.call == "distillation"
    assert created.extractor == "kv" and created.method == "rule"
    assert reinforced.sources == (MessageRef(sid, again),)
    assert invalidated.cause_message == MessageRef(sid, upgrade) and invalidated.reason
    assert invalidated.invalid_at == T0 + timedelta(days=2)
    assert lineage.messages == (MessageRef(sid, first), MessageRef(sid, again))
    (new,) = lineage.superseded_by
    assert invalidated.superseded_by == new
    successor = eng.for_owner(OWNER).lineage(new)
    assert successor.supersedes == (old,) and successor.versions[0].statement == "go is 1.24"
    assert json.loads(json.dumps(lineage.as_dict()))["versions"][2]["cause_message"]["seq"] == upgrade


def test_a_message_lists_what_it_caused_directly_and_downstream(eng: MemoryEngine) -> None:
    sid, (first, _, upgrade, unrelated) = _story(eng)
    caused = eng.for_owner(OWNER).message_lineage(sid, upgrade)
    assert not caused.retracted
    assert sorted(e.how for e in caused.direct) == ["created", "invalidated"]
    assert {e.statement for e in caused.direct} == {"go is 1.23", "go is 1.24"}
    assert eng.for_owner(OWNER).message_lineage(sid, unrelated).direct[0].statement == "os is linux"
    # A belief recorded already superseded (an older statement arriving late)
    # is invalidated because of the newer belief: downstream of its message.
    late = eng.for_owner(OWNER).create_session("bot")
    eng.for_owner(OWNER).add_message(late, "user", "set os bsd", occurred_at=T0 - timedelta(days=9))
    eng.distill(extractor=KeyValueExtractor())
    linux = eng.for_owner(OWNER).message_lineage(sid, unrelated)
    assert [(e.how, e.via) for e in linux.downstream] == [("invalidated", linux.direct[0].memory_id)]
    assert not eng.for_owner(OWNER).message_lineage(sid, first).downstream


def test_lineage_is_owner_scoped(eng: MemoryEngine) -> None:
    sid, (first, *_) = _story(eng)
    (mid,) = [e.memory_id for e in eng.for_owner(OWNER).message_lineage(sid, first).direct]
    stranger = Owner("audit", "stranger")
    with pytest.raises(MemoryNotFound):
        eng.for_owner(stranger).lineage(mid)
    with pytest.raises(SessionNotFound):
        eng.for_owner(stranger).message_lineage(sid, first)
    with pytest.raises(MemoryNotFound):
        eng.for_owner(OWNER).lineage("not-an-id")


def test_audit_lineage_cli_both_ways(eng: MemoryEngine, db_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    sid, (first, _, upgrade, _) = _story(eng)
    who = ["--db", db_url, "--app", OWNER.app, "--user", OWNER.user_id]
    assert main(["audit", "lineage", "--message", f"{sid}:{upgrade}", *who, "--json"]) == 0
    caused = json.loads(capsys.readouterr().out)
    old = next(e["memory_id"] for e in caused["direct"] if e["how"] == "invalidated")
    assert main(["audit", "lineage", old, *who]) == 0
    table = capsys.readouterr().out
    assert "memory.invalidated" in table and f"{sid}:{upgrade}" in table
    assert main(["audit", "lineage", old[:8], *who, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["memory_id"] == old
    assert main(["audit", "lineage", "--message", f"{sid[:8]}#{first}", *who]) == 0
    assert "go is 1.23" in capsys.readouterr().out
