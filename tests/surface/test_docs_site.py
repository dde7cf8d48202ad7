"""The documentation site builds with ``mkdocs build --strict``.

Why a test: CI runs ``pytest`` only, and the site is where users read how to
use the engine; strict mode fails on a link to a page or anchor that does not
exist, on a page left out of the site, and on an API reference entry whose
object is gone (mkdocstrings), so a renamed module or a moved page breaks the
suite, not the reader.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.support.paths import REPO_ROOT as ROOT


def test_the_site_builds_strict(tmp_path: Path) -> None:
    site = tmp_path / "site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}  # Material's banner about its successor, not ours
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file", str(ROOT / "mkdocs.yml"),
         "--site-dir", str(site)],
        check=False, capture_output=True, text=True, cwd=ROOT, env=env, timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert (site / "index.html").is_file()
    reference = (site / "reference" / "engine" / "index.html").read_text(encoding="utf-8")
    assert "add_message" in reference, "the API reference did not render the owner handle's methods"
