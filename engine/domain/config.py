"""Engine settings as frozen values; the environment is read only at the edge.

Why frozen: a config shared by the writer thread, projections and the CLI must
not change under them. ``EngineConfig.from_env()`` is the one place that reads
``LEDGERMIND_*`` variables; everything else receives a value.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace

from ledgermind.domain.errors import InvalidInput

__all__ = ["DEFAULT_DB", "MAX_INT32", "EngineConfig", "Limits", "positive_float", "positive_int", "unit_interval"]

DEFAULT_DB = "ledgermind.db"

# The largest count, sequence number or incarnation any call accepts: the
# read models and the lease table store them as 32-bit integers on
# PostgreSQL, so a bigger one is refused, typed, before a database sees it
# (``ledgermind.write.validation.check_count``, the service's declared bounds).
MAX_INT32 = (1 << 31) - 1


@dataclass(frozen=True, slots=True)
class Limits:
    """Hostile-input bounds. Each has a ``LEDGERMIND_MAX_*`` variable."""

    max_content_bytes: int = 1 << 20  # 1 MiB of UTF-8 per message
    max_metadata_bytes: int = 64 << 10  # serialised JSON of metadata / tool calls
    max_json_depth: int = 16
    max_batch_messages: int = 1000
    max_batch_bytes: int = 8 << 20
    max_state_bytes: int = 1 << 20  # agent checkpoint state
    max_name_chars: int = 256  # names, agent ids, client ids, app / user ids
    # Beliefs (remember / correct / distilled changes): everything that becomes
    # a memory event is bounded, so no caller can store an event the read
    # side cannot hold.
    max_statement_bytes: int = 16 << 10  # a remembered or corrected statement
    max_field_chars: int = 1024  # subject, attribute, value, location, one topic or participant
    max_list_items: int = 64  # topics, participants


@dataclass(frozen=True, slots=True)
class EngineConfig:
    db: str = DEFAULT_DB
    limits: Limits = Limits()
    snapshot_interval: int = 100
    cache_size: int = 10_000  # aggregates the writer keeps hot
    # ... and their estimated bytes, all together (an Agent holds its last
    # checkpoint, up to max_state_bytes): the count alone allowed ~10 GB.
    # LEDGERMIND_CACHE_BYTES.
    cache_bytes: int = 64 << 20
    # Optimistic-concurrency retries for one command (backoff caps at 50 ms,
    # so ~25 s). Generous on purpose: a writer in another process appending
    # to the same session in a tight loop wins most races (its cached
    # aggregate is fresh; the loser reloads first), and on a loaded machine
    # 50 tries ran out before the winner finished 500 appends.
    max_retries: int = 1000
    group_commit_max: int = 256  # appends folded into one transaction
    projections_in_process: bool = True
    # Per-owner sealing (crypto-shredding): off only to measure its cost; the
    # product promises erasure. LEDGERMIND_SEAL_EVENTS.
    seal_events: bool = True
    # Whole-log encryption at rest: base64 AES key (16/24/32 bytes) for the
    # eventsourcing cipher. LEDGERMIND_CIPHER_KEY. Never printed.
    cipher_key: str | None = field(default=None, repr=False)
    # Bounded waits, in seconds (LEDGERMIND_CONNECT_TIMEOUT_S, ...). Why: a
    # stalled server (stopped, partitioned, out of locks) hung writers for as
    # long as it stalled. ``connect``: opening a connection (libpq
    # connect_timeout, the pools' checkout wait). ``statement``: one statement
    # on the server (PostgreSQL statement_timeout, idle-in-transaction).
    # ``lock``: waiting for a lock (PostgreSQL lock_timeout, SQLite's busy
    # timeout). ``commit``: how long a caller waits for its write to be
    # committed by the writer thread, whatever the server does (it must cover
    # the concurrency retries above); past it the caller gets StoreUnavailable.
    connect_timeout_s: float = 5.0
    statement_timeout_s: float = 15.0
    lock_timeout_s: float = 10.0
    commit_timeout_s: float = 30.0
    # Erasure on PostgreSQL rewrites (VACUUM FULL) every owner-scoped
    # read-model table, so no deleted row stays in the table files; it holds
    # an ACCESS EXCLUSIVE lock on each table while it rewrites it (readers and
    # the projection runner wait). Off: a plain VACUUM, and the report says
    # the bytes may remain in free space. LEDGERMIND_ERASURE_REWRITE.
    erasure_rewrite: bool = True
    # The read models' database (projections, search index, audit tables),
    # when not the event store's: another database or cluster, so reads and
    # rebuilds do not compete with appends. A URL like ``db``; None: the
    # event store's own. LEDGERMIND_READ_DB.
    read_db: str | None = None
    # The embedder of a NEW database's search index (``hashing``, ``minilm``,
    # ``st:<model>``, ``fastembed:<model>``; ``ledgermind.analysis.embedders.choice``
    # checks it when the read side starts). An existing index keeps its own:
    # ``ledgermind projections rebuild search --param embedder=NAME`` switches
    # it. LEDGERMIND_EMBEDDER.
    embedder: str = "hashing"
    # Search and build_context serve nothing whose relevance (0..1, an
    # estimated probability; ``retrieval.relevance``) is below this. 0 serves
    # every candidate. What it costs in recall, measured on LoCoMo dev: see
    # docs/concepts/retrieval.md. LEDGERMIND_RELEVANCE_FLOOR.
    relevance_floor: float = 0.02
    # Every process refuses an erased owner within this many seconds of the
    # erasure's commit: each engine follows owner.erased at least 4 times per
    # bound (ledgermind.write.erasure_watch). LEDGERMIND_ERASURE_BOUND_S.
    erasure_bound_s: float = 1.0

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **overrides: object) -> EngineConfig:
        env = os.environ if environ is None else environ
        base = cls()
        limit_values: dict[str, int] = {}
        for f in fields(Limits):
            raw = env.get("LEDGERMIND_" + f.name.upper())
            if raw is not None:
                limit_values[f.name] = positive_int(f.name, raw)
        values: dict[str, object] = {"limits": replace(base.limits, **limit_values)}
        if "LEDGERMIND_DB" in env:
            values["db"] = env["LEDGERMIND_DB"]
        if env.get("LEDGERMIND_READ_DB", "").strip():
            values["read_db"] = env["LEDGERMIND_READ_DB"].strip()
        for name in ("snapshot_interval", "cache_size", "cache_bytes", "max_retries", "group_commit_max"):
            raw = env.get("LEDGERMIND_" + name.upper())
            if raw is not None:
                values[name] = positive_int(name, raw)
        raw = env.get("LEDGERMIND_PROJECTIONS_IN_PROCESS")
        if raw is not None:
            values["projections_in_process"] = raw.strip().lower() in {"1", "y", "yes", "true", "on"}
        raw = env.get("LEDGERMIND_SEAL_EVENTS")
        if raw is not None:
            values["seal_events"] = raw.strip().lower() not in {"0", "n", "no", "false", "off"}
        for name in (
            "connect_timeout_s",
            "statement_timeout_s",
            "lock_timeout_s",
            "commit_timeout_s",
            "erasure_bound_s",
        ):
            raw = env.get("LEDGERMIND_" + name.upper())
            if raw is not None:
                values[name] = positive_float(name, raw)
        raw = env.get("LEDGERMIND_ERASURE_REWRITE")
        if raw is not None:
            values["erasure_rewrite"] = raw.strip().lower() not in {"0", "n", "no", "false", "off"}
        if env.get("LEDGERMIND_EMBEDDER", "").strip():
            values["embedder"] = env["LEDGERMIND_EMBEDDER"].strip()
        raw = env.get("LEDGERMIND_RELEVANCE_FLOOR")
        if raw is not None:
            values["relevance_floor"] = unit_interval("relevance_floor", raw)
        if env.get("LEDGERMIND_CIPHER_KEY"):
            values["cipher_key"] = env["LEDGERMIND_CIPHER_KEY"]
        values.update({k: v for k, v in overrides.items() if v is not None})
        return replace(base, **values)  # type: ignore[arg-type]


def positive_int(name: str, raw: str) -> int:
    """``LEDGERMIND_<NAME>``'s value as a positive integer, or ``InvalidInput``
    naming the variable (also for the service's settings)."""
    try:
        value = int(raw)
    except ValueError:
        raise InvalidInput(f"LEDGERMIND_{name.upper()} must be an integer, got {raw!r}") from None
    if value <= 0:
        raise InvalidInput(f"LEDGERMIND_{name.upper()} must be positive, got {value}")
    return value


def positive_float(name: str, raw: str) -> float:
    """``LEDGERMIND_<NAME>``'s value as a positive, finite number of seconds."""
    try:
        value = float(raw)
    except ValueError:
        raise InvalidInput(f"LEDGERMIND_{name.upper()} must be a number, got {raw!r}") from None
    if not value > 0 or value == float("inf"):
        raise InvalidInput(f"LEDGERMIND_{name.upper()} must be a positive number of seconds, got {raw!r}")
    return value


def unit_interval(name: str, raw: str) -> float:
    """``LEDGERMIND_<NAME>``'s value as a number within [0, 1]."""
    try:
        value = float(raw)
    except ValueError:
        raise InvalidInput(f"LEDGERMIND_{name.upper()} must be a number, got {raw!r}") from None
    if not 0.0 <= value <= 1.0:
        raise InvalidInput(f"LEDGERMIND_{name.upper()} must be within [0, 1], got {raw!r}")
    return value
