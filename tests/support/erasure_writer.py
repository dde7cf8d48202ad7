"""A writer process for the erasure interleaving test.

``python tests/support/erasure_writer.py URL APP USER...`` opens its own
MemoryEngine, creates a session per user, prints READY, then appends a
message for each user in turn until stdin closes, printing one line per
acknowledged append: ``ACK <user> <log position>``; refused appends print
``REFUSED <user> <error>``. The position is its engine's after the commit
(one thread: the append's own).
"""

from __future__ import annotations

import select
import sys


def main(argv: list[str]) -> int:
    from ledgermind import MemoryEngine, Owner
    from ledgermind.domain.errors import LedgermindError

    url, app, users = argv[0], argv[1], argv[2:]
    with MemoryEngine.open(url) as eng:
        handles = {u: eng.for_owner(Owner(app, u)) for u in users}
        sessions = {u: m.create_session("agent") for u, m in handles.items()}
        print("READY", flush=True)
        i = 0
        while not select.select([sys.stdin], [], [], 0)[0]:
            user = users[i % len(users)]
            i += 1
            try:
                handles[user].add_message(sessions[user], "user", f"secret {i} of {user}")
                print(f"ACK {user} {eng.position}", flush=True)
            except LedgermindError as e:
                print(f"REFUSED {user} {type(e).__name__}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
