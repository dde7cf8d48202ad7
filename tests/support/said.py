"""What the rule distiller keeps after a user says some texts, one message a
month apart: the pure extractor + reconcile path the governance eval runs
(``benchmarks/governance_eval.py``), without an engine, for the rule tests."""

from __future__ import annotations

import sys
from pathlib import Path

from ledgermind import Owner
from ledgermind.distill.reconcile import DEFAULT_CONFIG, ReconcileConfig

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import blind_probe


def beliefs_after(
    owner: Owner,
    *texts: str,
    name: str | None = None,
    one_session: bool = False,
    config: ReconcileConfig = DEFAULT_CONFIG,
) -> tuple[list[str], list[str]]:
    """(current, ended) statements after each text is said (one message each, in
    a session of its own, or all in one, the earlier ones the later's context), by a
    speaker called ``name`` (as LoCoMo's turns are) or by "the user"."""
    return blind_probe.run(*texts, owner=owner, name=name, one_session=one_session, config=config)
