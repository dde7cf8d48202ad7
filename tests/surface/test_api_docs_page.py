"""``/docs`` (Swagger UI) and ``/redoc`` of a real ``ledgermind serve``, in headless Chromium, offline.

Chromium resolves no host but 127.0.0.1 (``--host-resolver-rules``), so a
page that fetched its script or style from a CDN would stay blank: the
pages must render from what the server itself serves. On ``/docs`` the
test does what a new user does: Authorize with an API key, open "remember
a statement", "Try it out", Execute, and reads the 201 the server gave; the
memory is then listed through the API.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.support.browser import chromium, wait_for
from tests.support.service_server import Server, make_key, start_server


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str]]:
    tmp = tmp_path_factory.mktemp("docs-page")
    db = str(tmp / "docs.db")
    _, secret = make_key(db, "docs-app")
    server = start_server(db, tmp / "serve.log")
    try:
        yield server, secret
    finally:
        assert server.terminate() == 0, server.log.read_text()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium(["--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]) as driver:
        yield driver


def same_origin_only(browser: Any, base: str) -> None:
    """Every script, style and document the page loaded came from the server
    itself. (ReDoc's footer links Redocly's logo from their CDN: an image,
    decoration that offline is simply not shown.)"""
    loaded = browser.execute_script(
        "return performance.getEntriesByType('resource').map(e => [e.name, e.initiatorType])"
    )
    needed = [url for url, kind in loaded if kind != "img" and not url.startswith("data:")]
    origin = urlsplit(base).netloc
    assert needed and all(urlsplit(u).netloc == origin for u in needed), loaded


def test_swagger_ui_renders_offline_authorizes_and_tries_a_call(
    served: tuple[Server, str], browser: Any, tmp_path: Path
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    server, secret = served
    user = "u-" + uuid.uuid4().hex[:8]
    browser.get(f"{server.url}/docs")
    assert "ledgermind" in wait_for(browser, ".swagger-ui .info .title").text
    same_origin_only(browser, server.url)

    wait_for(browser, ".swagger-ui button.authorize").click()
    wait_for(browser, ".auth-container input").send_keys(secret)
    browser.find_element(By.CSS_SELECTOR, ".auth-btn-wrapper button.authorize").click()
    wait_for(browser, ".auth-btn-wrapper button.btn-done").click()  # the modal's Close

    block = wait_for(browser, "#operations-memories-remember_v1_users__user__memories_post")
    block.find_element(By.CSS_SELECTOR, ".opblock-summary").click()
    wait_for(browser, "#operations-memories-remember_v1_users__user__memories_post .try-out__btn").click()
    block.find_element(By.CSS_SELECTOR, "tr[data-param-name=user] input").send_keys(user)
    body = block.find_element(By.CSS_SELECTOR, "textarea.body-param__text")
    body.send_keys(Keys.CONTROL, "a")  # replace the example as a person does (clear() bypasses React's state)
    body.send_keys(Keys.DELETE, '{"statement": "Swagger users like tea", "kind": "fact"}')
    block.find_element(By.CSS_SELECTOR, ".execute-wrapper button.execute").click()
    status = wait_for(
        browser,
        "#operations-memories-remember_v1_users__user__memories_post "
        ".live-responses-table .response .response-col_status",
    )
    browser.save_screenshot(str(tmp_path / "swagger.png"))
    answer = block.find_element(By.CSS_SELECTOR, ".live-responses-table .response .response-col_description").text
    assert status.text.strip().startswith("201"), answer

    with server.client(secret) as api:
        held = api.get(f"/v1/users/{user}/beliefs").json()["beliefs"]
    assert [b["statement"] for b in held] == ["Swagger users like tea"]


def test_redoc_renders_offline(served: tuple[Server, str], browser: Any) -> None:
    server, _ = served
    browser.get(f"{server.url}/redoc")
    title = wait_for(browser, ".api-info h1", timeout=30)
    assert "ledgermind" in title.text
    assert "remember a statement" in browser.page_source
    same_origin_only(browser, server.url)
