"""Every error ledgermind raises on purpose, in one tree.

    LedgermindError
    ├── InvalidInput                  (also ValueError) bad arguments; nothing was written
    │   ├── InvalidOwner              app / user_id empty, too long or with control characters
    │   ├── InvalidId                 a session, task, memory or agent id that is malformed
    │   ├── InvalidRole               a role outside system / user / assistant / tool
    │   ├── InvalidContent            empty, non-string, NUL bytes, unpaired surrogates, non-UTF-8
    │   ├── ContentTooLarge           content, metadata, a batch or a belief's field / list over its limit
    │   ├── InvalidMetadata           metadata / tool calls / state that is not bounded JSON
    │   ├── InvalidTimestamp          naive, non-datetime or out-of-range times
    │   ├── AmbiguousId               a short id (prefix) that names more than one thing of the owner
    │   └── IdempotencyKeyReused      an idempotency key (or client_id) repeated with a different request
    ├── NotFound                      (also LookupError) no such thing *for this owner*
    │   ├── SessionNotFound
    │   ├── TaskNotFound
    │   ├── AgentNotFound
    │   ├── MemoryNotFound
    │   ├── DeadLetterNotFound        no such distillation dead letter (or already replayed)
    │   ├── ModelCallNotFound         no such recorded model call
    │   └── ApiKeyNotFound            no such API key (revoking an id never issued)
    ├── StateConflict                 the command is valid but the stream's state refuses it
    │   ├── SessionClosed
    │   ├── TaskFinished
    │   ├── AlreadyProcessed          a follower's position was already committed (exactly-once)
    │   ├── StaleIncarnation          a write carries an agent incarnation older than the current one (fenced)
    │   ├── UnknownIncarnation        a write or heartbeat carries an incarnation never issued (ahead, or no agent)
    │   └── ConcurrencyExhausted      optimistic-concurrency retries ran out
    ├── StoreError                    the database underneath
    │   ├── UnsupportedBackend        a URL scheme we cannot open
    │   ├── StoreUnavailable          cannot connect / open / commit in time; the file was deleted or replaced
    │   │   └── ReadOnlyStore         the database refuses writes (read-only file or mount, hot standby)
    │   ├── StoreNotFound             opened with create=False where no ledgermind store exists
    │   ├── InsufficientPrivilege     the login may not do a one-time set-up step; names the admin's command
    │   └── CorruptStore              the file is not a database, or not a ledgermind one
    ├── OwnerErased                   the owner's data key was destroyed (right to be forgotten)
    ├── ProjectionError
    │   ├── ProjectionTimeout         wait(position, timeout) ran out
    │   └── EmbedderUnavailable       the search index's embedder cannot load (extra not installed, model not here)
    └── DistillError                  a delta could not be distilled (retried, then dead-lettered)
        ├── ExtractionFailed          an extractor failed or answered something unusable
        └── SimilarityUnavailable     a similarity search failed (reconcile keeps the proposal)

The outer layers add their own leaves to this tree, beside the ideas they
belong to: ``CheckpointConflict`` (a ``StateConflict``: a LangGraph
checkpoint's parent is no longer its thread's head) in
``ledgermind.integrations.langgraph``, ``AuthenticationFailed`` (an HTTP
request without a valid API key) in ``ledgermind.service.errors``.

Why one tree: callers (agent servers, CLIs, tests) catch ``LedgermindError`` at
their boundary and map it to a status without ever seeing a driver exception.
Driver errors are translated where they are raised (``ledgermind.storage.driver_errors``), never
leaked. Ids of another owner raise the same ``NotFound`` as ids that do not
exist, so errors are no existence oracle across tenants.
"""

from __future__ import annotations

__all__ = [
    "AgentNotFound",
    "AlreadyProcessed",
    "AmbiguousId",
    "ApiKeyNotFound",
    "ConcurrencyExhausted",
    "ContentTooLarge",
    "CorruptStore",
    "DeadLetterNotFound",
    "DistillError",
    "EmbedderUnavailable",
    "ExtractionFailed",
    "IdempotencyKeyReused",
    "InsufficientPrivilege",
    "InvalidContent",
    "InvalidId",
    "InvalidInput",
    "InvalidMetadata",
    "InvalidOwner",
    "InvalidRole",
    "InvalidTimestamp",
    "LedgermindError",
    "MemoryNotFound",
    "ModelCallNotFound",
    "NotFound",
    "OwnerErased",
    "ProjectionError",
    "ProjectionTimeout",
    "ReadOnlyStore",
    "SessionClosed",
    "SessionNotFound",
    "SimilarityUnavailable",
    "StaleIncarnation",
    "StateConflict",
    "StoreError",
    "StoreNotFound",
    "StoreUnavailable",
    "TaskFinished",
    "TaskNotFound",
    "UnknownIncarnation",
    "UnsupportedBackend",
]


class LedgermindError(Exception):
    """Root of every error ledgermind raises deliberately."""


class InvalidInput(LedgermindError, ValueError):
    """The caller passed something we refuse; the store was not touched."""


class InvalidOwner(InvalidInput):
    pass


class InvalidId(InvalidInput):
    pass


class InvalidRole(InvalidInput):
    pass


class InvalidContent(InvalidInput):
    pass


class ContentTooLarge(InvalidInput):
    pass


class InvalidMetadata(InvalidInput):
    pass


class InvalidTimestamp(InvalidInput):
    pass


class AmbiguousId(InvalidInput):
    """A short id people copied from a table matches several of the owner's
    ids: the message lists a few, so the caller can type a longer prefix."""


class IdempotencyKeyReused(InvalidInput):
    """An idempotency key (or a message's ``client_id``) that already answered
    another request: another command, or the same command with another body.
    Nothing was written; the first request's result stands. Why refused and
    not answered with the first result: a client that reused a key by mistake
    would be told that a write happened which did not."""


class NotFound(LedgermindError, LookupError):
    """No such object for this owner (deliberately silent about other owners)."""


class SessionNotFound(NotFound):
    pass


class TaskNotFound(NotFound):
    pass


class AgentNotFound(NotFound):
    pass


class MemoryNotFound(NotFound):
    pass


class DeadLetterNotFound(NotFound):
    pass


class ModelCallNotFound(NotFound):
    pass


class ApiKeyNotFound(NotFound):
    pass


class StateConflict(LedgermindError):
    """The command is well-formed but the stream's current state refuses it."""


class SessionClosed(StateConflict):
    pass


class TaskFinished(StateConflict):
    pass


class AlreadyProcessed(StateConflict):
    """A follower tried to commit a position it (or a racing twin) already committed."""


class StaleIncarnation(StateConflict):
    """The write was made on behalf of an agent incarnation that a newer one
    has replaced (a supervisor restored the agent): a zombie's write. It is
    refused in the transaction that would have appended it, so nothing of it
    is in the log. ``incarnation`` is the epoch the write carried,
    ``current`` the epoch that fenced it."""

    def __init__(self, message: str, incarnation: int | None = None, current: int | None = None) -> None:
        super().__init__(message)
        self.incarnation = incarnation
        self.current = current


class UnknownIncarnation(StateConflict):
    """A write or a heartbeat carries an incarnation the agent was never given
    (ahead of its current one, or for an agent that does not exist). Why
    refused: a beat for 99 while the agent is at 1 moved the lease to 99, the
    real incarnation's beats were then refused as stale, and a supervisor
    killed the healthy child for "no heartbeat". Only ``claim_agent`` and a
    restore with ``incarnate=True`` issue incarnations."""

    def __init__(self, message: str, incarnation: int | None = None, current: int | None = None) -> None:
        super().__init__(message)
        self.incarnation = incarnation
        self.current = current


class ConcurrencyExhausted(StateConflict):
    """Optimistic-concurrency retries ran out (a pathological write storm)."""


class StoreError(LedgermindError):
    """The database underneath failed or is not what we expect."""


class UnsupportedBackend(StoreError):
    pass


class StoreUnavailable(StoreError):
    pass


class ReadOnlyStore(StoreUnavailable):
    """The database can be read but refuses writes: SQLite's SQLITE_READONLY
    (a read-only file, directory or mount), PostgreSQL's 25006 (a hot standby,
    ``default_transaction_read_only``). Not corruption: nothing is wrong with
    the data, only with where it is."""


class CorruptStore(StoreError):
    pass


class StoreNotFound(StoreError):
    """A read-only open (``MemoryEngine.open(db, create=False)``) found no
    store: a mistyped path must say so, not leave an empty database behind."""


class InsufficientPrivilege(StoreError):
    """The database login lacks a privilege that a one-time set-up step needs
    (creating the ``vector`` extension, protecting tables it does not own).
    The message names the command an administrator runs once; the engine
    never needs those privileges in ordinary operation."""


class OwnerErased(LedgermindError):
    """The owner's data key is gone: their content can no longer be read by anyone.

    ``key_id`` names the destroyed key (a uuid5 of the owner), so a reader
    scoped to another owner can answer ``NotFound`` instead (no oracle)."""

    def __init__(self, message: str, key_id: object = None) -> None:
        super().__init__(message)
        self.key_id = key_id


class ProjectionError(LedgermindError):
    pass


class ProjectionTimeout(ProjectionError, TimeoutError):
    pass


class EmbedderUnavailable(ProjectionError):
    """The embedder a search index names cannot load here: its extra is not
    installed, or its model is neither on this machine nor downloadable."""


class DistillError(LedgermindError):
    """Distilling one delta failed; nothing was written and the cursor stayed."""


class ExtractionFailed(DistillError):
    pass


class SimilarityUnavailable(DistillError):
    pass
