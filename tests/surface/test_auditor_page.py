"""The auditor's desk, driven in a real browser.

A real ``ledgermind ui`` process serves a SQLite file holding the production
Go upgrade (the documentation's story: "uses Go 1.23", later "upgraded to Go
1.24"; the beliefs are written with explicit belief changes citing those
messages, the events the distiller writes, so the story does not depend on
the extractor's wording), and headless Chromium (Debian's ``chromium``
and ``chromedriver``, through Selenium) signs in with an API key, picks the
user and reads: the belief's timeline (two versions, the first invalidated
with its reason and a link to the message that caused it, which opens that
message in the conversation as it stood), the beliefs as of a date between
the two messages (Go 1.23), and a memory holding ``<script>`` (shown as
text, never run). Screenshots of the three views are saved under
``$LEDGERMIND_TEST_ARTIFACTS`` (default: ``auditor-desk`` under pytest's
base temp directory, printed).
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest

from ledgermind import MemoryEngine, Owner
from ledgermind.write.beliefs import Invalidate, NewBelief, new_belief_id
from tests.support.browser import chromium, wait_for

OWNER = Owner("support", "ken")
MARCH = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)
AUGUST = datetime(2025, 8, 12, 14, 30, tzinfo=UTC)
BETWEEN = "2025-05-01"
HOSTILE = '<script>window.__pwned = 1</script> Ken\'s note <img src=x onerror="window.__pwned = 2">'

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install -e '.[test]')")

from selenium.webdriver.common.by import By  # noqa: E402 (after the importorskip above)
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402


@pytest.fixture(scope="module")
def artifacts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = os.environ.get("LEDGERMIND_TEST_ARTIFACTS")
    path = Path(where) if where else tmp_path_factory.getbasetemp() / "auditor-desk"
    path.mkdir(parents=True, exist_ok=True)
    print(f"auditor's desk screenshots: {path}")
    return path


@pytest.fixture(scope="module")
def story(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The Go upgrade, a hostile memory, and two keys (this app, another)."""

    db = str(tmp_path_factory.mktemp("desk") / "desk.db")
    with MemoryEngine.open(db) as eng:
        mem = eng.for_owner(OWNER)
        sid = mem.create_session("agent-7")
        first = mem.add_message(sid, "user", "Our production environment uses Go 1.23.", occurred_at=MARCH)
        old_id = eng.for_owner(OWNER).apply_memory_changes(
            [
                NewBelief(
                    source_key=f"{sid}#{first}",
                    kind="fact",
                    statement="Production runs Go 1.23",
                    valid_from=MARCH,
                    confidence=0.8,
                    method="rule",
                    extractor="rule",
                    subject="production",
                    attribute="go version",
                    value="1.23",
                    sources=({"session_id": sid, "seq": first},),
                )
            ]
        )[0]
        second = mem.add_message(sid, "user", "We upgraded production to Go 1.24 last night.", occurred_at=AUGUST)
        new_id = new_belief_id(OWNER, f"{sid}#{second}")
        eng.for_owner(OWNER).apply_memory_changes(
            [
                Invalidate(
                    old_id,
                    invalid_at=AUGUST,
                    reason="contradicted: production is on Go 1.24 now",
                    cause={"session_id": sid, "seq": second},
                    superseded_by=new_id,
                ),
                NewBelief(
                    source_key=f"{sid}#{second}",
                    kind="fact",
                    statement="Production runs Go 1.24",
                    valid_from=AUGUST,
                    confidence=0.9,
                    method="rule",
                    extractor="rule",
                    subject="production",
                    attribute="go version",
                    value="1.24",
                    sources=({"session_id": sid, "seq": second},),
                    supersedes=old_id,
                ),
            ]
        )
        injected = mem.add_message(sid, "user", HOSTILE)
        mem.retract(sid, injected, "an injection, not the user")
        hostile = mem.remember(HOSTILE, kind="fact")
        other = eng.for_owner(Owner("support", "mia"))
        mia_session = other.create_session("agent-7")
        other.add_message(mia_session, "user", "Staging still runs Go 1.22.")
        ring = eng.api_keys()
        _, secret = ring.create("support", "auditor")
        _, foreign = ring.create("another-app", "someone else")
    return {
        "db": db,
        "session": sid,
        "hostile": hostile,
        "secret": secret,
        "foreign": foreign,
        "mia_session": mia_session,
    }


@pytest.fixture(scope="module")
def server(story: dict[str, Any]) -> Iterator[str]:
    """``ledgermind ui`` on 127.0.0.1 with a free port; its base URL."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "ledgermind.cli", "ui", "--db", story["db"], "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("ledgermind ui: http://127.0.0.1:"), (line, proc.stderr and proc.stderr.read())
        yield line.split(": ", 1)[1].strip().removesuffix("/ui/")
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium (skipped, saying why, where Debian's packages are
    missing; the HTTP-only tests still run)."""
    with chromium() as driver:
        yield driver


def signed_in(browser: Any, server: str, story: dict[str, Any]) -> None:
    """Sign in through the form, the way an auditor does (once per module)."""
    if any(c["name"] == "ledgermind_desk_key" for c in browser.get_cookies()):
        return
    browser.get(f"{server}/ui/")
    field = wait_for(browser, "input#key")
    assert browser.find_element(By.CSS_SELECTOR, "label[for=key]").text == "API key"
    field.send_keys(story["secret"])
    browser.find_element(By.CSS_SELECTOR, "form.login button[type=submit]").click()
    wait_for(browser, "form.picker")


def shoot(browser: Any, path: Path) -> None:
    """A screenshot of the whole page (the window grown to the page's height)."""
    height = browser.execute_script("return document.documentElement.scrollHeight")
    width = browser.get_window_size()["width"]
    browser.set_window_size(width, min(max(height + 120, 600), 3000))
    try:
        assert browser.save_screenshot(str(path))
    finally:
        browser.set_window_size(width, 900)


def test_sign_in_with_a_key_kept_in_an_httponly_strict_cookie(browser: Any, server: str, story: dict[str, Any]) -> None:
    assert httpx.get(f"{server}/ui/beliefs?user=ken").status_code == 401  # no key, no page
    same = {"Sec-Fetch-Site": "same-origin"}
    bad = httpx.post(f"{server}/ui/login", data={"key": "mlk_0000000000000000_" + "x" * 43}, headers=same)
    assert bad.status_code == 401 and "unknown or revoked" in bad.text
    # Another site, Origin: null (sandboxed frames, data: pages), or neither header: refused.
    for headers in ({"Sec-Fetch-Site": "cross-site"}, {"Origin": "null"}, {}, {"Origin": "https://evil.example"}):
        cross = httpx.post(f"{server}/ui/login", data={"key": story["secret"]}, headers=headers)
        assert cross.status_code == 403 and "ledgermind_desk_key" not in cross.headers.get("set-cookie", ""), headers
    signed_in(browser, server, story)
    cookie = next(c for c in browser.get_cookies() if c["name"] == "ledgermind_desk_key")
    assert cookie["httpOnly"] is True and cookie["sameSite"] == "Strict" and cookie["path"] == "/ui"
    assert browser.execute_script("return document.cookie") == ""  # no script can read the key
    # Pick the user from the app's users: the key fixed the app.
    assert "App support" in browser.find_element(By.TAG_NAME, "h1").text
    browser.find_element(By.ID, "user").send_keys("ken")
    browser.find_element(By.CSS_SELECTOR, "form.picker button[type=submit]").click()
    wait_for(browser, "ol.cards")
    statements = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "li.belief .statement")]
    assert any("Go 1.24" in s for s in statements) and not any("Go 1.23" in s for s in statements), statements


def test_sign_out_forgets_the_key(browser: Any, server: str, story: dict[str, Any]) -> None:
    signed_in(browser, server, story)
    browser.get(f"{server}/ui/sessions?user=ken")
    wait_for(browser, "form.signout button").click()
    wait_for(browser, "form.login")
    assert not any(c["name"] == "ledgermind_desk_key" for c in browser.get_cookies())
    browser.get(f"{server}/ui/sessions?user=ken")
    assert wait_for(browser, "form.login") and not browser.find_elements(By.CSS_SELECTOR, "table")
    signed_in(browser, server, story)  # the sign-in form brings the auditor back
    browser.get(f"{server}/ui/sessions?user=ken")
    assert story["session"][:8] in wait_for(browser, "table tbody").text


def test_timeline_shows_the_invalidation_its_reason_and_the_message_that_caused_it(
    browser: Any, server: str, story: dict[str, Any], artifacts: Path
) -> None:
    signed_in(browser, server, story)
    browser.get(f"{server}/ui/beliefs?user=ken")
    browser.find_element(By.PARTIAL_LINK_TEXT, "Go 1.24").click()
    wait_for(browser, "ol.versions")
    versions = browser.find_elements(By.CSS_SELECTOR, "li.version")
    assert len(versions) == 2
    first, second = versions
    assert "Go 1.23" in first.find_element(By.TAG_NAME, "h2").text
    assert "Go 1.24" in second.find_element(By.TAG_NAME, "h2").text
    assert first.get_attribute("data-status") == "invalidated" and second.get_attribute("data-status") == "current"
    invalidation = first.find_element(By.CSS_SELECTOR, "li.change[data-topic='memory.invalidated']")
    assert invalidation.find_element(By.CSS_SELECTOR, ".reason").text == "contradicted: production is on Go 1.24 now"
    # The valid and known intervals are drawn: one lane per version row, the old one cut.
    svg = browser.find_element(By.CSS_SELECTOR, "figure svg.timeline")
    assert len(svg.find_elements(By.CSS_SELECTOR, "rect.valid")) == 3
    assert len(svg.find_elements(By.CSS_SELECTOR, "path.cut")) == 1
    shoot(browser, artifacts / "timeline.png")
    # The cause is a working link: it opens the message in the conversation as it stood then.
    cause = invalidation.find_element(By.CSS_SELECTOR, ".cause a.message-link")
    cause.click()
    wait_for(browser, "ol.messages")
    assert browser.current_url.endswith("#m2")
    target = browser.find_element(By.CSS_SELECTOR, "li.message:target")
    assert target.get_attribute("id") == "m2" and "upgraded production to Go 1.24" in target.text
    assert browser.switch_to.active_element.get_attribute("id") == "m2"  # focus follows the link (desk.js)
    # As it stood when the invalidation was recorded: the later, hostile message is not there yet.
    assert len(browser.find_elements(By.CSS_SELECTOR, "li.message")) == 2
    shoot(browser, artifacts / "conversation.png")


def test_lineage_from_a_message_lists_what_it_caused(
    browser: Any, server: str, story: dict[str, Any], artifacts: Path
) -> None:
    signed_in(browser, server, story)
    browser.get(f"{server}/ui/conversation?user=ken&session={story['session']}")
    wait_for(browser, "li#m2").find_element(By.LINK_TEXT, "What it caused").click()
    wait_for(browser, "section#direct")
    assert browser.find_element(By.TAG_NAME, "h1").text.endswith("#2 caused")
    effects = {e.get_attribute("data-how"): e.text for e in browser.find_elements(By.CSS_SELECTOR, "li.effect")}
    assert "Go 1.23" in effects["invalidated"] and "(now invalidated)" in effects["invalidated"], effects
    assert "Go 1.24" in effects["created"] and "(now current)" in effects["created"], effects
    assert browser.find_element(By.CSS_SELECTOR, "[data-retracted]").get_attribute("data-retracted") == "false"
    shoot(browser, artifacts / "lineage.png")
    browser.find_element(By.CSS_SELECTOR, "li.effect[data-how=invalidated] a").click()  # on to the belief
    assert len(wait_for(browser, "ol.versions").find_elements(By.CSS_SELECTOR, "li.version")) == 2
    # The retracted message says so.
    browser.get(f"{server}/ui/lineage?user=ken&session={story['session']}&seq=3")
    assert wait_for(browser, "[data-retracted]").get_attribute("data-retracted") == "true"


def test_verify_says_intact_and_finds_an_edited_event(
    browser: Any, server: str, story: dict[str, Any], artifacts: Path
) -> None:
    signed_in(browser, server, story)
    browser.get(f"{server}/ui/beliefs?user=ken")
    wait_for(browser, "nav.desk-nav").find_element(By.LINK_TEXT, "Verify").click()
    verdict = wait_for(browser, "p.verdict")
    assert verdict.get_attribute("data-intact") == "true" and verdict.text.startswith("Intact:"), verdict.text
    # Someone with write access to the file edits one of Mia's stored events.
    where = "WHERE replace(originator_id, '-', '') = ? AND originator_version = 2"
    with sqlite3.connect(story["db"]) as conn:
        (state,) = conn.execute(f"SELECT state FROM stored_events {where}", (story["mia_session"],)).fetchone()
        forged = bytes(state[:-1]) + bytes([state[-1] ^ 1])  # one bit of the sealed bytes
        conn.execute(f"UPDATE stored_events SET state = ? {where}", (forged, story["mia_session"]))
    browser.get(f"{server}/ui/verify?user=mia")
    verdict = wait_for(browser, "p.verdict")
    assert verdict.get_attribute("data-intact") == "false", verdict.text
    first = browser.find_element(By.CSS_SELECTOR, "table tbody tr th").text
    assert first == "altered", first
    shoot(browser, artifacts / "verify.png")
    browser.get(f"{server}/ui/verify?user=ken")  # another owner's streams are still intact
    assert wait_for(browser, "p.verdict").get_attribute("data-intact") == "true"


def test_beliefs_as_of_a_date_between_the_messages_show_go_1_23(
    browser: Any, server: str, story: dict[str, Any], artifacts: Path
) -> None:
    signed_in(browser, server, story)
    browser.get(f"{server}/ui/beliefs?user=ken")
    field = wait_for(browser, "input#valid_at")
    assert field.get_attribute("type") == "datetime-local"  # a date and a time, not a day alone
    assert browser.find_element(By.CSS_SELECTOR, "label[for=valid_at]").text == "Valid on (UTC)"
    # Half an hour before the upgrade, the same day: only a picker with a time can ask this.
    for moment, held in (
        ("2025-08-12T14:00:00", "Go 1.23"),
        ("2025-08-12T15:00:00", "Go 1.24"),
        (BETWEEN + "T00:00:00", "Go 1.23"),
    ):
        field = wait_for(browser, "input#valid_at")
        browser.execute_script("arguments[0].value = arguments[1]", field, moment)  # the picker's value
        browser.find_element(By.CSS_SELECTOR, "form.asof button[type=submit]").click()
        WebDriverWait(browser, 15).until(lambda d, m=moment: "valid_at=" + m[:16].replace(":", "%3A") in d.current_url)
        statements = [
            e.text for e in browser.find_elements(By.CSS_SELECTOR, "li.belief .statement") if "Go 1." in e.text
        ]
        assert len(statements) == 1 and held in statements[0], (moment, statements)
        assert wait_for(browser, "input#valid_at").get_attribute("value").startswith(moment[:16])
    shoot(browser, artifacts / "beliefs_as_of.png")


def test_the_conversation_marks_the_retracted_message(browser: Any, server: str, story: dict[str, Any]) -> None:
    signed_in(browser, server, story)
    browser.get(f"{server}/ui/conversation?user=ken&session={story['session']}")
    wait_for(browser, "ol.messages")
    marked = {
        e.get_attribute("id"): e.get_attribute("data-retracted")
        for e in browser.find_elements(By.CSS_SELECTOR, "li.message")
    }
    assert marked == {"m1": None, "m2": None, "m3": "true"}, marked  # the injection, retracted in the story
    assert browser.find_element(By.CSS_SELECTOR, "#m3 .retracted-mark").text.lower() == "retracted"


def test_the_users_table_counts_the_beliefs_that_hold_now(browser: Any, server: str, story: dict[str, Any]) -> None:
    signed_in(browser, server, story)
    browser.get(f"{server}/ui/beliefs?user=ken")
    listed = len(wait_for(browser, "ol.cards").find_elements(By.CSS_SELECTOR, "li.belief"))
    browser.get(f"{server}/ui/")
    row = wait_for(browser, "table tbody").find_element(By.XPATH, ".//tr[th//a[text()='ken']]")
    assert row.find_elements(By.TAG_NAME, "td")[0].text == str(listed) == "2"  # Go 1.23 was invalidated


def test_the_help_says_the_desk_can_retract() -> None:
    done = subprocess.run([sys.executable, "-m", "ledgermind.cli", "ui", "--help"], capture_output=True, text=True,
                          timeout=60, check=True)  # fmt: skip
    assert "retract" in done.stdout and "read-only pages" not in done.stdout, done.stdout


def test_a_memory_holding_a_script_is_shown_as_text_and_never_runs(
    browser: Any, server: str, story: dict[str, Any], artifacts: Path
) -> None:
    signed_in(browser, server, story)
    browser.get(f"{server}/ui/belief?user=ken&id={story['hostile']}")
    heading = wait_for(browser, "li.version h2")
    assert "<script>window.__pwned = 1</script>" in heading.text
    assert "onerror=" in heading.text
    browser.get(f"{server}/ui/conversation?user=ken&session={story['session']}")
    wait_for(browser, "li#m3")
    assert "<script>" in browser.find_element(By.CSS_SELECTOR, "li#m3 .content").text
    assert browser.execute_script("return typeof window.__pwned") == "undefined"
    assert not browser.find_elements(By.CSS_SELECTOR, "main script, main img")  # text, not elements
    page = httpx.get(f"{server}/ui/", headers={"Authorization": f"Bearer {story['secret']}"})
    assert "script-src 'self'" in page.headers["content-security-policy"]


def test_another_apps_key_finds_nothing_of_this_app(server: str, story: dict[str, Any]) -> None:
    foreign = {"Authorization": f"Bearer {story['foreign']}"}
    home = httpx.get(f"{server}/ui/", headers=foreign)
    assert home.status_code == 200 and "App another-app" in home.text and "ken" not in home.text
    for path in (f"/ui/belief?user=ken&id={story['hostile']}", f"/ui/conversation?user=ken&session={story['session']}"):
        assert httpx.get(server + path, headers=foreign).status_code == 404
    assert httpx.get(f"{server}/ui/beliefs?user=ken", headers=foreign).text.count('class="belief"') == 0


def test_usable_at_360_pixels(browser: Any, server: str, story: dict[str, Any], artifacts: Path) -> None:
    signed_in(browser, server, story)
    browser.set_window_size(360, 800)
    try:
        for path in (f"/ui/beliefs?user=ken&valid_at={BETWEEN}", "/ui/beliefs?user=ken"):
            browser.get(server + path)
            wait_for(browser, "main")
            width = browser.execute_script("return document.documentElement.clientWidth")
            scroll = browser.execute_script("return document.documentElement.scrollWidth")
            assert scroll <= width, f"{path}: the page scrolls sideways at 360 px ({scroll} > {width})"
        browser.find_element(By.PARTIAL_LINK_TEXT, "Go 1.24").click()
        wait_for(browser, "ol.versions")
        assert browser.execute_script("return document.documentElement.scrollWidth") <= width
        shoot(browser, artifacts / "timeline_360px.png")
    finally:
        browser.set_window_size(1100, 900)


def test_undo_what_a_message_caused_from_its_lineage_page(
    browser: Any, server: str, story: dict[str, Any], artifacts: Path
) -> None:
    """Retract the upgrade message from the page: Go 1.24 rested on it alone and is invalidated,
    Go 1.23 (which it had invalidated) is current again; un-retract puts it back. Both steps need a
    reason, and a retraction posted from another site is refused."""
    signed_in(browser, server, story)
    lineage = f"{server}/ui/lineage?user=ken&session={story['session']}&seq=2"
    browser.get(lineage)
    wait_for(browser, "form.retract")
    browser.find_element(By.CSS_SELECTOR, "form.retract button").click()  # no reason: the browser holds it
    assert browser.find_element(By.CSS_SELECTOR, "[data-retracted]").get_attribute("data-retracted") == "false"
    browser.find_element(By.CSS_SELECTOR, "input#reason").send_keys("the upgrade was never made: wrong channel")
    browser.find_element(By.CSS_SELECTOR, "form.retract button").click()
    assert wait_for(browser, "[data-retracted=true]")
    shoot(browser, artifacts / "retracted.png")
    browser.get(f"{server}/ui/beliefs?user=ken")
    current = wait_for(browser, "main").text
    assert "Production runs Go 1.23" in current and "Production runs Go 1.24" not in current
    browser.get(lineage)
    browser.find_element(By.CSS_SELECTOR, "input#reason").send_keys("checked with the team: it was made")
    browser.find_element(By.CSS_SELECTOR, "form.retract button").click()
    assert wait_for(browser, "[data-retracted=false]")
    browser.get(f"{server}/ui/beliefs?user=ken")
    current = wait_for(browser, "main").text
    assert "Production runs Go 1.24" in current and "Production runs Go 1.23" not in current
    forged = httpx.post(
        f"{server}/ui/retract",
        headers={"Authorization": f"Bearer {story['secret']}", "Sec-Fetch-Site": "cross-site"},
        data={"user": "ken", "session": story["session"], "seq": "2", "reason": "x"},
    )
    assert forged.status_code == 403
    for headers in ({"Origin": "null"}, {}):
        forged = httpx.post(
            f"{server}/ui/retract",
            headers={"Authorization": f"Bearer {story['secret']}", **headers},
            data={"user": "ken", "session": story["session"], "seq": "2", "reason": "x"},
        )
        assert forged.status_code == 403
    foreign = httpx.post(
        f"{server}/ui/retract",
        headers={"Authorization": f"Bearer {story['foreign']}", "Sec-Fetch-Site": "same-origin"},
        data={"user": "ken", "session": story["session"], "seq": "2", "reason": "x"},
    )
    assert foreign.status_code == 404


def test_ledgermind_serve_has_the_desk_under_ui(tmp_path: Path) -> None:
    """The service app includes the same router: no key, the sign-in page;
    a key, the desk; the desk's routes stay out of the API's OpenAPI."""
    from fastapi.testclient import TestClient

    from ledgermind.service.app import create_app
    from ledgermind.service.settings import ServiceSettings

    engine = MemoryEngine.open(str(tmp_path / "serve.db"))
    ring = engine.api_keys()
    _, secret = ring.create("support")
    with TestClient(create_app(engine, ServiceSettings.from_env())) as client:
        assert client.get("/ui/").status_code == 401
        page = client.get("/ui/", headers={"Authorization": f"Bearer {secret}"})
        assert page.status_code == 200 and "App support" in page.text
        assert not [p for p in client.get("/openapi.json").json()["paths"] if p.startswith("/ui")]
