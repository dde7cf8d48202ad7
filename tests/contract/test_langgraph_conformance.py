"""LangGraph's own checkpointer conformance suite (``langgraph-checkpoint-conformance``)
against ``LedgermindSaver``, on every backend.

The suite is registered the way it documents (``checkpointer_test``), with
the extended capabilities we do not implement declared in
``skip_capabilities`` (reasons in docs/guides/langgraph.md). Each base
capability is one pytest case, so a failure names the capability and the
suite's own failing checks.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Iterator

import pytest
from langgraph.checkpoint.conformance import checkpointer_test, validate
from langgraph.checkpoint.conformance.capabilities import BASE_CAPABILITIES

from ledgermind import MemoryEngine, Owner
from ledgermind.integrations.langgraph import UNSUPPORTED_CAPABILITIES, LedgermindSaver
from tests.support.pg_databases import fresh_database


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def engine(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemoryEngine]:
    """One engine per backend for the module: each suite gets a fresh owner
    instead of a fresh database (the suite reuses thread ids like "thread-0")."""
    if request.param == "sqlite":
        url = str(tmp_path_factory.mktemp("lg") / "conformance.db")
        eng = MemoryEngine.open(url)
        try:
            yield eng
        finally:
            eng.close()
        return
    with fresh_database(request.getfixturevalue("pg_server_dsn")) as url:
        eng = MemoryEngine.open(url)
        try:
            yield eng
        finally:
            eng.close()


def _registered(eng: MemoryEngine) -> object:
    @checkpointer_test(name="LedgermindSaver", skip_capabilities=set(UNSUPPORTED_CAPABILITIES))
    async def saver() -> AsyncIterator[LedgermindSaver]:
        yield LedgermindSaver(eng, owner=Owner("conformance-" + uuid.uuid4().hex[:12], "u1"))

    return saver


@pytest.mark.parametrize("capability", sorted(c.value for c in BASE_CAPABILITIES))
def test_conformance(engine: MemoryEngine, capability: str) -> None:
    report = asyncio.run(validate(_registered(engine), capabilities={capability}))  # type: ignore[arg-type]
    result = report.results[capability]
    assert result.detected, f"{capability} is not implemented"
    assert result.passed, f"{capability}: {result.tests_failed} failed: {result.failures}"
    assert result.tests_passed > 0


def test_extended_capabilities_are_declared_unsupported(engine: MemoryEngine) -> None:
    """The extended capabilities we do not implement are declared the way the
    suite expects: reported as skipped (not run, not failed)."""
    report = asyncio.run(validate(_registered(engine), capabilities=set(UNSUPPORTED_CAPABILITIES)))  # type: ignore[arg-type]
    for cap in UNSUPPORTED_CAPABILITIES:
        assert report.results[cap].passed is None and not report.results[cap].detected
    assert report.passed_all()
