"""A poison event in the log never stops the read side for anyone else.

A poison event is a real stored event a projection cannot fold: here a
``Memory`` whose ``event_time`` is a string, appended through the write port
below the validation (as an older ledgermind, a buggy extractor or another
writer could have done), and on PostgreSQL a NUL in ``subject``, which the
text column refuses. The runner quarantines it (recorded with its owner, in
the same transaction as the position moving past it) and folds every other
event; other owners' memories are searchable and auditable, after a restart
too; ``projections run --until-caught-up`` exits 0 and reports it;
``quarantine list`` / ``retry`` operate it, and a runner started with code
that folds it (a registered tolerant projection: "the upgrade") releases it.
"""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest

from ledgermind import MemoryEngine, Owner
from ledgermind.domain import bitemporal
from ledgermind.domain.memory import Memory
from ledgermind.projections import audit, registry
from ledgermind.projections.memory import MemoryProjection
from ledgermind.projections.search_index import SearchIndexProjection
from tests.support.capabilities import on_backends_with
from tests.support.paths import REPO_ROOT
from tests.support.poison import append_raw_memory

POISONED = Owner("tenant-a", "alice")
OTHER = Owner("tenant-b", "bob")


def _search_ids(eng: MemoryEngine, owner: Owner, query: str) -> list[str]:
    return [r.id for r in eng.for_owner(owner).search(query)]


def _audited(eng: MemoryEngine, owner: Owner) -> list[str]:
    return [row["statement"] for row in audit.beliefs_as_of(eng.projections, owner)]


def _quarantine_list(db: str) -> list[dict[str, Any]]:
    run = _cli("projections", "quarantine", "list", "--db", db, "--json")
    assert run.returncode == 0, run.stderr
    return list(json.loads(run.stdout))


def cli_main(argv: list[str]) -> int:
    """The command line in this process: it sees the registry as the test set it."""
    from ledgermind.cli import main

    return main(argv)


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ledgermind.cli", *args], capture_output=True, text=True, timeout=240, cwd=str(REPO_ROOT)
    )


@pytest.fixture
def tolerant_memory_fold() -> Iterator[None]:
    """ "The upgrade": memory and search registered with a fold that reads a
    string ``event_time`` as an ISO date (the honest fix a new release would
    ship), through the registry, the way any projection is installed."""
    kinds = registry.kinds()
    saved = {name: kinds[name] for name in ("memory", "search")}

    def tolerant(cls: type[Any]) -> type[Any]:
        class Tolerant(cls):  # type: ignore[misc, valid-type]
            def fold(self, conn: Any, events: Any) -> None:
                super().fold(conn, [_parsed(env) for env in events])

        Tolerant.__qualname__ = f"Tolerant{cls.__name__}"
        return Tolerant

    registry.register("memory", tolerant(MemoryProjection))
    registry.register("search", tolerant(SearchIndexProjection), saved["search"].default_params)
    try:
        yield
    finally:
        for name, kind in saved.items():
            registry.register(name, kind.factory, kind.default_params)


def _parsed(env: Any) -> Any:
    value = getattr(env.event, "event_time", None)
    if isinstance(value, str):
        env.event.__dict__["event_time"] = datetime.fromisoformat(value).replace(tzinfo=UTC)
    return env


def test_a_poison_event_is_quarantined_and_every_other_owner_goes_on(
    db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    with MemoryEngine.open(db_url) as eng:
        eng.projections.wait()
        bob_before = eng.for_owner(OTHER).remember("bob drinks green tea every morning")
        poison = append_raw_memory(eng, POISONED, "poison-1", "alice likes tea", event_time="2024-05-01")
        with caplog.at_level(logging.WARNING, logger="ledgermind.projections"):
            bob_after = eng.for_owner(OTHER).remember("bob's tea is oolong since the spring")
            alice_ok = eng.for_owner(POISONED).remember("alice reads poetry")
            eng.projections.wait(timeout=30)
        assert _search_ids(eng, OTHER, "oolong tea")[:1] == [bob_after]
        assert bob_before in _search_ids(eng, OTHER, "green tea morning")
        assert _search_ids(eng, POISONED, "poetry")[:1] == [alice_ok]  # the poisoned owner goes on too
        assert "bob's tea is oolong since the spring" in _audited(eng, OTHER)
        assert "alice likes tea" not in _audited(eng, POISONED)
        logged = caplog.text
        assert "quarantined event" in logged and "oolong" not in logged and "alice likes tea" not in logged
        url = eng.config.db
    with MemoryEngine.open(url) as eng:  # a restart: the quarantine holds, nothing stops
        later = eng.for_owner(OTHER).remember("bob switched to jasmine tea")
        eng.projections.wait(timeout=30)
        assert _search_ids(eng, OTHER, "jasmine")[:1] == [later]
    entries = _quarantine_list(url)
    assert {(e["name"], e["position"]) for e in entries} >= {("memory", poison)}
    assert all(e["position"] == poison for e in entries)
    for e in entries:
        assert (e["app"], e["user_id"], e["topic"]) == (POISONED.app, POISONED.user_id, bitemporal.DISTILLED)
        assert e["error_type"] == "AttributeError" and "tea" not in e["error"]
    status = _cli("projections", "status", "--db", url, "--json")
    assert status.returncode == 0, status.stderr
    memory = next(r for r in json.loads(status.stdout) if r["name"] == "memory")
    assert memory["quarantined"] == 1 and memory["quarantined_owners"] == ["tenant-a/alice"]
    assert memory["lag"] == 0


@on_backends_with("row_level_security")
def test_a_nul_the_database_refuses_is_quarantined_without_leaking_rows(
    db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    with MemoryEngine.open(db_url) as eng:
        eng.projections.wait()
        with caplog.at_level(logging.WARNING, logger="ledgermind.projections"):
            bob = eng.for_owner(OTHER).remember("bob's secret is the blue door")
            poison = append_raw_memory(eng, POISONED, "nul-1", "alice likes tea", subject="tea\x00")
            eng.projections.wait(timeout=30)
        assert _search_ids(eng, OTHER, "blue door")[:1] == [bob]
        assert "blue door" not in caplog.text and "alice likes tea" not in caplog.text
        url = eng.config.db
    entries = _quarantine_list(url)
    assert {e["position"] for e in entries} == {poison}
    assert all("NUL" in e["error"] and "blue door" not in e["error"] for e in entries)


def test_run_until_caught_up_exits_zero_and_reports_the_quarantine(db_url: str) -> None:
    with MemoryEngine.open(db_url, config=_worker_config(db_url)) as eng:
        poison = append_raw_memory(eng, POISONED, "poison-1", "alice likes tea", event_time=17)
        bob = eng.for_owner(OTHER).remember("bob collects stamps")
    run = _cli("projections", "run", "--db", db_url, "--until-caught-up")
    assert run.returncode == 0, run.stdout + run.stderr
    assert f"quarantined memory v1 position {poison}" in run.stdout
    assert "owner tenant-a/alice" in run.stdout and "stamps" not in run.stdout + run.stderr
    again = _cli("projections", "run", "--db", db_url, "--until-caught-up")  # a restart of the worker
    assert again.returncode == 0 and "quarantined memory" not in again.stdout
    with MemoryEngine.open(db_url, config=_worker_config(db_url)) as eng:
        eng.projections.wait(timeout=5)
        assert _search_ids(eng, OTHER, "stamps")[:1] == [bob]
    status = _cli("projections", "status", "--db", db_url)
    assert status.returncode == 0 and "1 (tenant-a/alice)" in status.stdout


def test_retry_releases_the_event_once_the_fold_handles_it(
    db_url: str, tolerant_memory_fold: None, capsys: pytest.CaptureFixture[str]
) -> None:
    with MemoryEngine.open(db_url, config=_worker_config(db_url)) as eng:
        first = append_raw_memory(eng, POISONED, "poison-1", "alice likes tea", event_time="2024-05-01")
        second = append_raw_memory(eng, POISONED, "poison-2", "alice likes cake", event_time="2024-06-01")
    saved = registry.kinds()  # the tolerant kinds; run the old code first to poison the read side
    registry.register("memory", MemoryProjection)
    registry.register("search", SearchIndexProjection, saved["search"].default_params)
    assert cli_main(["projections", "run", "--db", db_url, "--until-caught-up"]) == 0
    assert {e["position"] for e in _quarantine_list(db_url)} == {first, second}
    assert cli_main(["projections", "quarantine", "retry", "--db", db_url, str(first)]) == 1  # still old code
    capsys.readouterr()
    for name in ("memory", "search"):  # install "the upgrade"
        registry.register(name, saved[name].factory, saved[name].default_params)
    assert cli_main(["projections", "quarantine", "retry", "--db", db_url, str(first), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {e["position"] for e in out["released"]} == {first} and out["failed"] == []
    assert {e["position"] for e in _quarantine_list(db_url)} == {second}
    assert cli_main(["projections", "quarantine", "retry", "--db", db_url, "--all"]) == 0
    assert _quarantine_list(db_url) == []
    with MemoryEngine.open(db_url, config=_worker_config(db_url)) as eng:
        statements = {row["statement"]: row["event_time"] for row in audit.beliefs_as_of(eng.projections, POISONED)}
    assert statements == {
        "alice likes tea": datetime(2024, 5, 1, tzinfo=UTC),
        "alice likes cake": datetime(2024, 6, 1, tzinfo=UTC),
    }


def test_a_runner_started_with_new_code_retries_the_quarantine_by_itself(
    db_url: str, tolerant_memory_fold: None
) -> None:
    saved = registry.kinds()
    registry.register("memory", MemoryProjection)
    registry.register("search", SearchIndexProjection, saved["search"].default_params)
    with MemoryEngine.open(db_url) as eng:
        append_raw_memory(eng, POISONED, "poison-1", "alice likes tea", event_time="2024-05-01")
        eng.projections.wait(timeout=30)
        assert _audited(eng, POISONED) == []
        url = eng.config.db
    assert len(_quarantine_list(url)) >= 1
    for name in ("memory", "search"):
        registry.register(name, saved[name].factory, saved[name].default_params)
    with MemoryEngine.open(url) as eng:  # the upgraded engine starts its runner
        eng.projections.wait(timeout=30)
        assert _audited(eng, POISONED) == ["alice likes tea"]
        assert eng.projections.runner.released  # "retried after an upgrade"
    assert _quarantine_list(url) == []


def test_later_events_of_a_quarantined_stream_wait_behind_it(db_url: str, tolerant_memory_fold: None) -> None:
    """A reinforcement of a quarantined belief is held, not folded out of
    order, and folds right after the belief once retried."""
    saved = registry.kinds()
    registry.register("memory", MemoryProjection)
    registry.register("search", SearchIndexProjection, saved["search"].default_params)
    with MemoryEngine.open(db_url, config=_worker_config(db_url)) as eng:
        append_raw_memory(eng, POISONED, "poison-1", "alice likes tea", event_time="2024-05-01")
        mid = Memory.create_id(POISONED.app, POISONED.user_id, "poison-1").hex
        from ledgermind.write.beliefs import Reinforce

        eng.for_owner(POISONED).apply_memory_changes([Reinforce(mid, confidence=0.99, reason="said again")])
    assert cli_main(["projections", "run", "--db", db_url, "--until-caught-up", "--names", "memory"]) == 0
    held = [e for e in _quarantine_list(db_url) if e["topic"] == bitemporal.REINFORCED]
    assert [e["error_type"] for e in held] == ["HeldBehindQuarantine"]
    registry.register("memory", saved["memory"].factory)
    assert cli_main(["projections", "quarantine", "retry", "--db", db_url, "--all", "--name", "memory"]) == 0
    with MemoryEngine.open(db_url, config=_worker_config(db_url)) as eng:
        rows = audit.beliefs_as_of(eng.projections, POISONED)
    assert [(r["statement"], r["confidence"]) for r in rows] == [("alice likes tea", 0.99)]


def _worker_config(db_url: str) -> Any:
    from ledgermind import EngineConfig

    return EngineConfig(db=db_url, projections_in_process=False)
