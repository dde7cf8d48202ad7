"""A second writer process for tests/failure/test_concurrency.py.

``python tests/support/append_child.py URL SESSION_ID TAG COUNT APP USER_ID``
opens its own MemoryEngine, writes as ``Owner(APP, USER_ID)`` (the owner
that created the session), prints READY, waits for a line on stdin (so both writers start
together), appends COUNT messages "TAG-0".."TAG-{COUNT-1}" one call each,
and prints the seqs it was given on one line: ``SEQS 3,5,6,...``.
"""

from __future__ import annotations

import sys


def main(argv: list[str]) -> int:
    from ledgermind import MemoryEngine, Owner

    url, sid, tag, count = argv[0], argv[1], argv[2], int(argv[3])
    owner = Owner(argv[4], argv[5])
    with MemoryEngine.open(url) as eng:
        eng.for_owner(owner).get_session(sid)  # warm: the race starts at the first append
        print("READY", flush=True)
        sys.stdin.readline()
        seqs = [eng.for_owner(owner).add_message(sid, role="user", content=f"{tag}-{i}") for i in range(count)]
    print("SEQS " + ",".join(map(str, seqs)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
