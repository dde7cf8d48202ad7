"""Schemathesis against a real ``ledgermind serve``, on every backend.

Every operation of the served OpenAPI document, called with requests
Schemathesis generates from it (valid ones and, by its negative mode,
invalid ones), with a real key: no answer is a 5xx, every status and
content type is one the document declares for that operation, every body
matches its declared schema, a request that does not validate is refused
with a 4xx, and one that does is accepted (or refused by state: 404, 409,
410, 422; never a 400 for a shape the document allows). The examples per operation are bounded (the suite's
time budget); the property is the same as an unbounded run's.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    positive_data_acceptance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.support.service_server import Server, make_key, module_db, start_server

CHECKS = (
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    negative_data_rejection,
    positive_data_acceptance,
)


# A schema-valid request may still be refused by state, never by its shape:
# 404 (no such id), 409 (a closed session, a replaced incarnation), 422 (an
# Idempotency-Key the generator reused on another body), 410 (an erased user).
# The key is the test's, sent on every call: Schemathesis is not to make it
# up, drop it or count it among the invalid parts of a request.
CONFIG = schemathesis.Config.from_dict(
    {
        "generation": {"with-security-parameters": False},
        "checks": {
            "positive_data_acceptance": {
                "expected-statuses": ["2xx", "401", "403", "404", "409", "410", "422", "429", "5xx"]
            }
        },
    }
)


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def served(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str]]:
    tmp = tmp_path_factory.mktemp("schemathesis")
    dsn = request.getfixturevalue("pg_server_dsn") if request.param == "postgresql" else None
    with module_db(request.param, tmp, dsn) as db:
        _, secret = make_key(db, "fuzz-app")
        server = start_server(db, tmp / "serve.log")
        try:
            yield server, secret
        finally:
            assert server.terminate() == 0, server.log.read_text()


MODES = (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)


def takes_input(operation: Any) -> bool:
    """Whether the operation declares anything a request could get wrong
    (the key is sent by the test, not generated)."""
    declared = (operation.path_parameters, operation.query, operation.headers, operation.cookies, operation.body)
    return any(len(part) for part in declared)


def test_no_generated_request_breaks_the_contract(served: tuple[Server, str]) -> None:
    """Each operation in turn, each mode in turn (Schemathesis's public
    strategies, not its pytest loader: that reads a private attribute of
    pytest's nodes, which pytest 9.2 removed)."""
    server, secret = served
    schema = schemathesis.openapi.from_url(f"{server.url}/openapi.json", config=CONFIG)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) > 20  # the whole document was read

    for operation in operations:
        for mode in MODES:

            @given(case=operation.as_strategy(generation_mode=mode))
            @settings(
                max_examples=4, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True, database=None
            )
            def call(case: Any) -> None:
                case.call_and_validate(headers={"Authorization": f"Bearer {secret}"}, checks=CHECKS)

            try:
                call()
            except Unsatisfiable:
                # nothing to make invalid: Schemathesis's own runner skips these too
                assert mode is GenerationMode.NEGATIVE and not takes_input(operation), operation.label
            except Exception as e:
                e.add_note(f"{operation.label} ({mode.value})")
                raise
