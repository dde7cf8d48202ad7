"""Where things are, for tests that start subprocesses or read repository files."""

from __future__ import annotations

from pathlib import Path

SUPPORT = Path(__file__).resolve().parent
TESTS = SUPPORT.parent
REPO_ROOT = TESTS.parent

APPEND_CHILD = SUPPORT / "append_child.py"  # a second writer process (failure/test_concurrency.py)
CRASH_CHILD = SUPPORT / "crash_child.py"  # the writer that is SIGKILLed (failure/test_crash_recovery.py)
