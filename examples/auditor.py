"""An auditor asks what the agent believed, when, and why it changed its mind.

A user says in March that they take coffee without sugar; in August they say
they take it with sugar now. The agent records the first as a belief, then
invalidates it (valid until August) and supersedes it with the second. The
auditor then asks, from the read models:
1. what did the agent believe held on 1 May and on 1 September (valid
   time), as it knows things now, and as it knew them before the correction
   was recorded (transaction time)?
2. when, and why, was the March belief invalidated, and what replaced it?
Runs on a temporary SQLite file: ``python examples/auditor.py``.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from datetime import UTC, datetime

from ledgermind import MemoryEngine, Owner
from ledgermind.projections.audit import belief_history, beliefs_as_of, invalidation
from ledgermind.write.beliefs import Invalidate, NewBelief, new_belief_id

MARCH = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
MAY = datetime(2026, 5, 1, tzinfo=UTC)
AUGUST = datetime(2026, 8, 12, 14, 30, tzinfo=UTC)
SEPTEMBER = datetime(2026, 9, 1, tzinfo=UTC)


def main() -> None:
    workdir = tempfile.mkdtemp(prefix="ledgermind-auditor-")
    owner = Owner(app="coffee-bot", user_id="ken")
    try:
        with MemoryEngine.open(os.path.join(workdir, "audit.db")) as eng:
            march = eng.for_owner(owner).create_session(agent_id="barista")
            seq = eng.for_owner(owner).add_message(march, "user", "I take my coffee without sugar.", occurred_at=MARCH)
            old_id = eng.for_owner(owner).apply_memory_changes(
                [
                    NewBelief(
                        source_key=f"{march}#{seq}",
                        kind="fact",
                        statement="Ken takes coffee without sugar",
                        valid_from=MARCH,
                        confidence=0.8,
                        method="rule",
                        subject="Ken",
                        attribute="coffee",
                        sources=({"session_id": march, "seq": seq},),
                    )
                ]
            )[0]
            before_correction = datetime.now(UTC)

            august = eng.for_owner(owner).create_session(agent_id="barista")
            seq = eng.for_owner(owner).add_message(
                august, "user", "Actually, I take sugar in my coffee now.", occurred_at=AUGUST
            )
            new_id = new_belief_id(owner, f"{august}#{seq}")
            eng.for_owner(owner).apply_memory_changes(
                [
                    Invalidate(
                        old_id,
                        invalid_at=AUGUST,
                        reason="the user contradicted it",
                        cause={"session_id": august, "seq": seq},
                        superseded_by=new_id,
                    ),
                    NewBelief(
                        source_key=f"{august}#{seq}",
                        kind="fact",
                        statement="Ken takes sugar in his coffee",
                        valid_from=AUGUST,
                        confidence=1.0,
                        method="explicit",
                        subject="Ken",
                        attribute="coffee",
                        sources=({"session_id": august, "seq": seq},),
                        supersedes=old_id,
                    ),
                ]
            )

            side = eng.projections
            side.wait()  # read-your-writes: the read models have caught up

            print("Q1. What did the agent believe about Ken's coffee?")
            asks = (
                (MAY, None, "held on 2026-05-01, as the agent knows it now"),
                (SEPTEMBER, None, "held on 2026-09-01, as the agent knows it now"),
                (
                    SEPTEMBER,
                    before_correction,
                    f"held on 2026-09-01, as the agent knew it at {before_correction:%H:%M:%S} "
                    "(before the correction was recorded)",
                ),
            )
            for valid_at, known_at, label in asks:
                beliefs = beliefs_as_of(side, owner, valid_at=valid_at, known_at=known_at)
                print(f"    {label}:\n        " + "; ".join(b["statement"] for b in beliefs))

            print("\nQ2. When and why was that belief invalidated?")
            why = invalidation(side, owner, old_id)
            assert why is not None
            print(f"    belief:       {why['statement']} (held from {why['valid_from']:%Y-%m-%d})")
            print(f"    invalid from: {why['invalid_at']:%Y-%m-%d %H:%M} UTC (valid time)")
            print(f"    recorded:     {why['recorded_at']:%Y-%m-%d %H:%M:%S} UTC (transaction time)")
            print(f"    reason:       {why['reason']}")
            for m in why["cause_messages"]:
                print(f"    because:      {m['role']} said {m['content']!r} on {m['occurred_at']:%Y-%m-%d}")
            print(f"    replaced by:  {why['successor']['statement']}")

            print("\nQ3. The belief's full history:")
            for v in belief_history(side, owner, old_id):
                print(
                    f"    v{v['seq']} {v['opened_by']:<19} valid {v['valid_from']:%Y-%m-%d}.."
                    f"{'' if v['invalid_at'] is None else format(v['invalid_at'], '%Y-%m-%d')}"
                    f"  reason: {v['reason'] or '-'}"
                )
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
