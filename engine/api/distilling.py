"""The distiller of a serving process (``ledgermind serve``, ``ledgermind mcp``), and its settings.

Why by default: a message posted to the service used to become a belief
only if someone also ran ``ledgermind distill run`` beside it, and a new
user did not know. Now every serving process starts a distiller of its own,
in a child process it supervises (``ledgermind.api.distill_process``): the
extraction's CPU does not share the server's interpreter, and so its GIL,
with the requests. It polls the log every ``poll_s`` (0.1 s by default: a
message is a searchable belief well within a second).

Several serving processes on one database (``--workers N``, replicas, a
separate ``ledgermind distill run`` worker) each start one; the follower's
lease (``ledgermind.distill.lease``) lets one of them distil at a time, and
the others take over within the lease's time to live when it stops or dies.
``--no-distill`` leaves distillation to a separate worker altogether.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TYPE_CHECKING

from ledgermind.distill.checkers import Checker, all_of, message_count_gt, time_since_last_gt
from ledgermind.distill.distiller import Distiller
from ledgermind.distill.grey_zone_model import GreyZoneModel
from ledgermind.distill.lag import DistillLag, distill_lag
from ledgermind.distill.lease import DISTILL_LEASE_TTL_S, DistillLease
from ledgermind.distill.llm_client import LLMConfig, ModelCalls
from ledgermind.distill.llm_extractor import LLMExtractor
from ledgermind.distill.proposals import Extractor
from ledgermind.distill.reconcile import DEFAULT_CONFIG, ReconcileConfig
from ledgermind.domain.errors import InvalidInput

if TYPE_CHECKING:
    from ledgermind.api.facade import MemoryEngine

__all__ = [
    "DEFAULT_FOLLOWER",
    "LLM_USES",
    "Checker",
    "DistillLag",
    "DistillLease",
    "all_of",
    "distill_lag_of",
    "extractor_from_env",
    "leased_distiller",
    "llm_config",
    "llm_config_from_env",
    "llm_setup",
    "llm_uses",
    "message_count_gt",
    "time_since_last_gt",
]

DEFAULT_FOLLOWER = "distiller"


LLM_USES = ("extract", "judge")


def llm_uses(text: str | None) -> frozenset[str]:
    """What a configured LLM does (``LEDGERMIND_LLM_USE``, ``--llm-use``):
    ``extract`` (it reads the messages instead of the rules) and/or ``judge``
    (it decides the grey zone the rules would record as a conflict); both
    when not said."""
    if text is None or not text.strip():
        return frozenset(LLM_USES)
    uses = frozenset(u.strip() for u in text.split(",") if u.strip())
    unknown = uses - set(LLM_USES)
    if unknown or not uses:
        raise InvalidInput(f"LLM uses are a comma-separated subset of {', '.join(LLM_USES)}, got {text!r:.60}")
    return uses


def llm_config(url: str, model: str, api_key: str | None, timeout_s: float | None = None) -> LLMConfig:
    return LLMConfig(url, model, api_key) if timeout_s is None else LLMConfig(url, model, api_key, timeout_s)


def llm_config_from_env(environ: Mapping[str, str] | None = None) -> LLMConfig | None:
    """The endpoint named by ``LEDGERMIND_LLM_URL`` (model: ``LEDGERMIND_LLM_MODEL``,
    key: ``LEDGERMIND_LLM_API_KEY``, seconds per call: ``LEDGERMIND_LLM_TIMEOUT_S``,
    default 30); None when no URL is set."""
    env = os.environ if environ is None else environ
    url = env.get("LEDGERMIND_LLM_URL")
    if not url:
        return None
    timeout = env.get("LEDGERMIND_LLM_TIMEOUT_S")
    try:
        seconds = None if timeout is None else float(timeout)
    except ValueError:
        raise InvalidInput(f"LEDGERMIND_LLM_TIMEOUT_S must be seconds, got {timeout!r:.40}") from None
    if seconds is not None and not seconds > 0:
        raise InvalidInput(f"LEDGERMIND_LLM_TIMEOUT_S must be positive, got {timeout!r:.40}")
    return llm_config(url, env.get("LEDGERMIND_LLM_MODEL", "default"), env.get("LEDGERMIND_LLM_API_KEY"), seconds)


def extractor_from_env(environ: Mapping[str, str] | None = None) -> Extractor | None:
    """The LLM extractor named by ``LEDGERMIND_LLM_URL`` (``llm_config_from_env``),
    as ``distill run`` reads them; None (the rule extractor) when no URL is set
    or ``LEDGERMIND_LLM_USE`` leaves ``extract`` out."""
    env = os.environ if environ is None else environ
    config = llm_config_from_env(env)
    if config is None or "extract" not in llm_uses(env.get("LEDGERMIND_LLM_USE")):
        return None
    return LLMExtractor(config)


def llm_setup(
    engine: MemoryEngine, config: LLMConfig | None, uses: frozenset[str] = frozenset(LLM_USES)
) -> tuple[Extractor | None, ReconcileConfig]:
    """The extractor and reconcile configuration for a distiller on
    ``engine`` with the LLM ``config`` (None: the rules alone). Every model
    call is recorded in the engine's log (``model.called``) and read back
    when the same input is distilled again."""
    if config is None:
        return None, DEFAULT_CONFIG
    calls = ModelCalls(engine.writes)
    extractor = LLMExtractor(config, calls) if "extract" in uses else None
    judged = ReconcileConfig(judge=GreyZoneModel(config, calls)) if "judge" in uses else DEFAULT_CONFIG
    return extractor, judged


def distill_lag_of(engine: MemoryEngine, follower: str = DEFAULT_FOLLOWER) -> DistillLag:
    """Messages not yet distilled by ``follower`` on ``engine``'s store, and the oldest one's age."""
    return distill_lag(engine.writes, follower)


def leased_distiller(
    engine: MemoryEngine,
    *,
    follower: str = DEFAULT_FOLLOWER,
    extractor: Extractor | None = None,
    lease_ttl_s: float = DISTILL_LEASE_TTL_S,
    holder: str | None = None,
) -> Distiller:
    """The distiller a serving process runs (``ledgermind.api.distill_process``):
    under the follower's lease (held as ``holder``), so several on one
    database take turns. With ``LEDGERMIND_LLM_URL`` set, the model also
    decides the grey zone (unless ``LEDGERMIND_LLM_USE`` leaves ``judge``
    out), and every call of either kind is recorded in the log."""
    lease = DistillLease(engine.backend, follower, holder=holder, ttl_s=lease_ttl_s)
    _, config = llm_setup(engine, llm_config_from_env(), _judge_only(llm_uses(os.environ.get("LEDGERMIND_LLM_USE"))))
    if isinstance(extractor, LLMExtractor):
        extractor = extractor.recording(ModelCalls(engine.writes))
    return Distiller(engine.writes, follower=follower, extractor=extractor, config=config, lease=lease)


def _judge_only(uses: frozenset[str]) -> frozenset[str]:
    """The extractor is the caller's (``extractor=``); from the environment only the judge."""
    return uses & {"judge"}
