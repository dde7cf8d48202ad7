"""Headless Chromium for the tests that drive a page (Debian's ``chromium`` and
``chromedriver`` through Selenium): one way to start it, shared by the
auditor's desk and the API docs tests, skipped with the reason where the
packages are missing (``.ci/run`` installs them)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

__all__ = ["CHROMEDRIVER", "CHROMIUM", "chromium", "wait_for"]

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"


@contextmanager
def chromium(extra_args: list[str] | None = None) -> Iterator[Any]:
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install -e '.[test]')")
    if not (os.access(CHROMIUM, os.X_OK) and os.access(CHROMEDRIVER, os.X_OK)):
        pytest.skip(
            f"the browser tests need Debian's chromium and chromedriver ({CHROMIUM}, {CHROMEDRIVER}: "
            "apt-get install chromium chromium-driver; .ci/run installs them)"
        )
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--window-size=1100,900",
        "--lang=en-US",
        *(extra_args or []),
    ):
        options.add_argument(arg)
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=CHROMEDRIVER))
    driver.implicitly_wait(0)
    try:
        yield driver
    finally:
        driver.quit()


def wait_for(driver: Any, css: str, timeout: float = 15) -> Any:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout).until(ec.presence_of_element_located((By.CSS_SELECTOR, css)))
