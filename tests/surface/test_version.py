"""One version: ``ledgermind --version``, the installed metadata, ``/healthz``
and the OpenAPI document all say ``ledgermind.domain.version.__version__``
(the wheel's file name and metadata are checked in test_install.py)."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import ledgermind
from ledgermind.domain.version import __version__
from tests.support.service_server import start_server


def test_the_command_and_the_package_say_the_same_version() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ledgermind.cli", "--version"], check=False, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"ledgermind {__version__}"
    assert ledgermind.__version__ == __version__
    assert version("ledgermind") == __version__, "the installed metadata is not the source's version: reinstall"


def test_the_service_says_the_same_version(tmp_path: Path) -> None:
    server = start_server(str(tmp_path / "ledgermind.db"), tmp_path / "serve.log")
    try:
        with server.client() as anon:
            assert anon.get("/healthz").json() == {"status": "ok", "version": __version__}
            assert anon.get("/openapi.json").json()["info"]["version"] == __version__
    finally:
        server.terminate()
