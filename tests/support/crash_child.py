"""The process that test_crash_recovery.py kills with SIGKILL.

It appends messages as fast as it can and reports on stdout, one line each:

    READY <session_id>                       the session it writes to
    TRY <index> <count>                      about to write messages index..index+count-1
    ACK <index> <seq,seq,...>                that write returned (it is durable)
    CKTRY <index> / CKACK <index>            a checkpoint of {"round": r, "index": index}

Every line is flushed before the next engine call, so whatever the parent
read was true when the child died. Contents are a pure function of
(round, index) so the parent can check that nothing came back half-written.
Run as a script: ``python tests/support/crash_child.py URL ROUND MODE [SESSION_ID]``.
"""

from __future__ import annotations

import random
import sys

AGENT = "crash-agent"
APP, USER = "crash-app", "crash-user"
MAX_WRITES = 5000  # a bound, so a child the parent fails to kill still ends


def content_for(round_no: int, index: int) -> str:
    """Deterministic, varied text: multibyte characters, lengths up to ~3 KB."""
    rng = random.Random(f"{round_no}/{index}")
    alphabet = "abcdefghij klmnop éüß 世界 🚀\n\t\"'\\{}"
    body = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 1500)))
    return f"round {round_no} message {index}: {body}"


def role_for(index: int) -> str:
    return "user" if index % 2 == 0 else "assistant"


def client_id_for(round_no: int, index: int) -> str:
    return f"r{round_no}-{index}"


def batch_size(round_no: int, write_no: int) -> int:
    """Mostly single appends, sometimes an atomic batch of 2-5."""
    rng = random.Random(f"batch {round_no}/{write_no}")
    return 1 if rng.random() < 0.6 else rng.randrange(2, 6)


def message(round_no: int, index: int) -> dict[str, object]:
    return {
        "role": role_for(index),
        "content": content_for(round_no, index),
        "client_id": client_id_for(round_no, index),
    }


def main(argv: list[str]) -> int:
    from ledgermind import MemoryEngine, Owner

    url, round_no, mode = argv[0], int(argv[1]), argv[2]
    owner = Owner(APP, USER)
    with MemoryEngine.open(url) as eng:
        sid = eng.for_owner(owner).create_session(agent_id=AGENT) if mode == "new" else argv[3]
        print(f"READY {sid}", flush=True)
        index = 0
        for write_no in range(MAX_WRITES):
            count = batch_size(round_no, write_no)
            print(f"TRY {index} {count}", flush=True)
            if count == 1:
                seqs = [eng.for_owner(owner).add_message(sid, **message(round_no, index))]  # type: ignore[arg-type]
            else:
                seqs = eng.for_owner(owner).add_messages(sid, [message(round_no, index + k) for k in range(count)])
            print(f"ACK {index} {','.join(map(str, seqs))}", flush=True)
            index += count
            if write_no % 3 == 2:
                print(f"CKTRY {index}", flush=True)
                eng.for_owner(owner).checkpoint_agent(AGENT, {"round": round_no, "index": index})
                print(f"CKACK {index}", flush=True)
    print("DONE", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
