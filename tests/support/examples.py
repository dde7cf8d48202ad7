"""Runs a file of ``examples/`` as its users do: ``python examples/NAME DB``.

The framework examples kill a worker with SIGKILL mid-conversation and
resume it in a new process; a test reads what the run printed.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def run_example(name: str, db: Path, timeout: float = 300) -> str:
    """The example's standard output; a non-zero exit fails with its error output."""
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / name), str(db)], capture_output=True, text=True, timeout=timeout, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout
