"""The write side of erasure: destroy the owner's key, record ``owner.erased``.

Why both in one command on the writer thread: the cache of aggregates lives
on that thread and holds decrypted state (checkpoints), so the eviction must
happen there, after the key is gone and before any later command can load
the owner's streams again. Both steps are idempotent: a crash between them
is repaired by calling erasure again. The read side's half (purge rows, scrub
files) is ``ledgermind.projections.purge``; the facade runs one after the other.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from ledgermind.domain.erasure import Erasure
from ledgermind.domain.owner import Owner
from ledgermind.domain.stream_ids import erasure_id, owner_key_id
from ledgermind.storage.keystore import owner_digest
from ledgermind.write.port import WritePort
from ledgermind.write.writer import UnitOfWork

__all__ = ["ErasedInLog", "erase_in_log"]


@dataclass(frozen=True, slots=True)
class ErasedInLog:
    key_id: UUID
    erased_at: datetime  # when the key was destroyed (the first time)
    recorded: bool  # this call recorded owner.erased (False: an earlier call did)
    digest: str  # the keyed hash of the owner that owner.erased holds


def erase_in_log(port: WritePort, owner: Owner) -> ErasedInLog:
    key_id = owner_key_id(owner)

    def command(unit: UnitOfWork) -> ErasedInLog:
        digest = owner_digest(port.log.keys, owner)
        erased_at = port.log.keys.destroy(key_id)
        port.log.mapper.forget(key_id)
        port.evict_owner(owner)  # cached state holds checkpoints
        if unit.exists(erasure_id(owner)):
            return ErasedInLog(key_id, erased_at, recorded=False, digest=digest)
        unit.add(Erasure(id=erasure_id(owner), owner_digest=digest, key_id=key_id.hex, erased_at=erased_at))
        return ErasedInLog(key_id, erased_at, recorded=True, digest=digest)

    return port.submit(command)
