"""Conflicts the rules could not decide, listed and resolved by a person.

The distiller records a conflict instead of guessing (``reconcile``: two
values of one attribute with nothing to settle which holds): both beliefs stay
current, each flagged ``conflicting`` and naming the other in
``conflicts_with``. Someone who knows resolves it, with a reason, as events:

- ``keep="this"``: this belief holds; every belief it conflicts with is
  invalidated (a retroactive correction: from its own start, since it never
  held) and superseded by this one; the flags are cleared (``memory.flagged``);
- ``keep="both"``: both hold (they were not exclusive after all); the flags
  are cleared, nothing is invalidated.

Each call is one exactly-once command (``WritePort.submit_once``), like
``correct`` and ``forget``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ledgermind.distill.explicit import belief_index
from ledgermind.distill.flags import CONFLICTING
from ledgermind.distill.views import BeliefView
from ledgermind.domain.errors import InvalidInput, MemoryNotFound, StateConflict
from ledgermind.domain.owner import Owner
from ledgermind.write.beliefs import BeliefChange, Flag, Invalidate, apply_changes
from ledgermind.write.port import IdempotencyKey
from ledgermind.write.validation import check_field, parse_id

if TYPE_CHECKING:
    from ledgermind.write.port import WritePort

__all__ = ["KEEP", "conflicts", "resolve_conflict"]

KEEP = ("this", "both")


def conflicts(eng: WritePort, owner: Owner) -> list[tuple[BeliefView, tuple[BeliefView, ...]]]:
    """Every current conflicting belief with the beliefs it conflicts with, oldest first."""
    index = belief_index(eng)
    index.catch_up()
    every = {b.memory_id: b for b in index.all(owner)}
    flagged = sorted((b for b in index.current(owner) if b.conflicting), key=lambda b: (b.valid_from, b.memory_id))
    return [(b, tuple(every[i] for i in b.conflicts_with if i in every)) for b in flagged]


def resolve_conflict(
    eng: WritePort, owner: Owner, memory_id: str, *, keep: str, reason: str, idempotency_key: str | None = None
) -> list[str]:
    """Resolves the conflict ``memory_id`` is in; returns the ids it changed."""
    if keep not in KEEP:
        raise InvalidInput(f"keep must be one of {KEEP}, got {keep!r:.40}")
    why = check_field(reason, "reason", eng.limits)
    if not why.strip():
        raise InvalidInput("reason must say why")
    target = parse_id(memory_id, "memory_id").hex
    once = IdempotencyKey.at_call(owner, "resolve_conflict", idempotency_key, eng.limits, [target, keep, why])
    index = belief_index(eng)
    index.catch_up()
    every = {b.memory_id: b for b in index.all(owner)}
    this = every.get(target)
    if this is None:
        raise MemoryNotFound(f"no memory {memory_id!r:.60}")
    if not this.conflicting:
        raise StateConflict(f"memory {target} is in no open conflict")
    others = [every[i] for i in this.conflicts_with if i in every]
    changes: list[Invalidate | Flag] = []
    if keep == "this":
        for other in others:
            if other.invalid_at is None:
                changes.append(
                    Invalidate(
                        other.memory_id,
                        invalid_at=other.valid_from,
                        reason=f"conflict resolved: kept {target} ({why})",
                        cause={"resolved": "keep this", "kept": target, "reason": why},
                        superseded_by=target,
                    )
                )
    for b in (this, *others):
        changes.append(
            Flag(
                b.memory_id,
                flags=tuple(f for f in b.flags if f != CONFLICTING),
                conflicts_with=(),
                reason=f"conflict resolved (keep {keep}): {why}",
            )
        )
    ids = [c.memory_id for c in changes]
    plan: list[BeliefChange] = list(changes)
    return eng.submit_once(once, lambda unit: (apply_changes(unit, owner, plan, eng.limits), ids)[1])
