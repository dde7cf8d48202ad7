"""Every typed error has one HTTP status everywhere: the API's problem
documents and the auditor's desk answer each class of the error tree alike,
from the service's one table (``ledgermind.service.errors.STATUS``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from ledgermind import MemoryEngine
from ledgermind.domain.errors import LedgermindError
from ledgermind.integrations.langgraph.thread import CheckpointConflict
from ledgermind.service import errors
from ledgermind.service.ui import pages


def _tree(root: type[LedgermindError]) -> Iterator[type[LedgermindError]]:
    yield root
    for sub in root.__subclasses__():
        yield from _tree(sub)


ERRORS = sorted(set(_tree(LedgermindError)), key=lambda c: c.__name__)


def test_the_tree_includes_the_outer_layers_leaves() -> None:
    assert errors.AuthenticationFailed in ERRORS and CheckpointConflict in ERRORS
    assert len(ERRORS) > 30


@pytest.fixture(scope="module")
def api() -> Iterator[TestClient]:
    app = FastAPI()
    errors.install(app)
    by_name = {cls.__name__: cls for cls in ERRORS}

    @app.get("/raise/{name}")
    def raise_(name: str) -> None:
        raise by_name[name]("deliberately raised")

    with TestClient(app) as client:
        yield client


@pytest.fixture(scope="module")
def desk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[pages._Desk]:
    engine = MemoryEngine.open(str(Path(tmp_path_factory.mktemp("desk")) / "desk.db"))
    try:
        yield pages._Desk(engine, engine.api_keys(), "/ui", 1.0)
    finally:
        engine.close()


@pytest.mark.parametrize("cls", ERRORS, ids=lambda c: c.__name__)
def test_the_api_and_the_desk_answer_an_error_with_the_same_status(
    cls: type[LedgermindError], api: TestClient, desk: pages._Desk
) -> None:
    expected = errors.status_of(cls("x"))
    answer = api.get(f"/raise/{cls.__name__}")
    assert answer.status_code == expected and answer.json()["type"] == cls.__name__

    def view(_: pages._Ctx) -> tuple[str, pages.Markup]:
        raise cls("deliberately raised")

    page = desk._render(pages._Ctx("app", {}, "/ui/beliefs"), view)
    assert page.status_code == expected, (cls.__name__, page.status_code, expected)
    assert cls.__name__ in bytes(page.body).decode()
