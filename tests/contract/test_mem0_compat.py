"""The Mem0-compatible API against mem0ai itself: one scripted sequence run
through the real ``mem0.Memory`` (``infer=False``, the offline MiniLM
embedder, a local Qdrant, an LLM configured and never called) and through
``ledgermind.compat.mem0.Memory`` on both backends answers in the same
shapes: the same keys, types, hashes, ids stable across updates, timestamps
that move together, history events in the same order (ours with a reason)."""

from __future__ import annotations

import asyncio
import os
import re
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from ledgermind import MemoryEngine, Owner
from ledgermind.compat.mem0 import InferNotSupported, Mem0MemoryNotFound, Memory
from ledgermind.domain.errors import InvalidInput, MemoryNotFound
from tests.support.examples import run_example

Step = Callable[[Any, list[str]], Any]


def _script() -> list[tuple[str, Step]]:
    """Each step gets the memory and the ids the adds returned so far (ids[0], ...)."""

    def add(*args: Any, **kwargs: Any) -> Step:
        def run(m: Any, ids: list[str]) -> Any:
            out = m.add(*args, infer=False, **kwargs)
            ids.extend(r["id"] for r in out["results"])
            return out

        return run

    return [
        ("add a conversation", add(
            [
                {"role": "user", "content": "I like green tea"},
                {"role": "assistant", "content": "Noted, I will remember that"},
                {"role": "system", "content": "You are a helpful assistant"},
                {"role": "user"},
            ],
            user_id="alice", agent_id="bot", run_id="r1", metadata={"topic": "drinks", "user_id": "mallory"},
        )),
        ("add a string", add("I live in Lyon", user_id="alice")),
        ("add a named message", add({"role": "user", "content": "Call me Al", "name": "al"}, user_id="alice")),
        ("get", lambda m, ids: m.get(ids[0])),
        ("get_all of the user", lambda m, ids: m.get_all(filters={"user_id": "alice"})),
        ("get_all of user and agent", lambda m, ids: m.get_all(filters={"user_id": "alice", "agent_id": "bot"})),
        ("get_all by metadata", lambda m, ids: m.get_all(filters={"user_id": "alice", "topic": "drinks"})),
        ("get_all top_k", lambda m, ids: len(m.get_all(filters={"user_id": "alice"}, top_k=1)["results"])),
        ("search", lambda m, ids: m.search("green tea", filters={"user_id": "alice"}, top_k=1)),
        ("update", lambda m, ids: m.update(ids[0], text="I like black tea", metadata={"topic": "tea"})),
        ("get after update", lambda m, ids: m.get(ids[0])),
        ("update metadata only", lambda m, ids: m.update(ids[2], metadata={"nickname": True})),
        ("get after metadata", lambda m, ids: m.get(ids[2])),
        ("delete", lambda m, ids: m.delete(ids[1])),
        ("get deleted", lambda m, ids: m.get(ids[1])),
        ("history of the updated", lambda m, ids: m.history(ids[0])),
        ("history of the deleted", lambda m, ids: m.history(ids[1])),
        ("get_all after delete", lambda m, ids: m.get_all(filters={"user_id": "alice"})),
        ("delete_all of the agent", lambda m, ids: m.delete_all(user_id="alice", agent_id="bot")),
        ("get_all after delete_all", lambda m, ids: m.get_all(filters={"user_id": "alice"})),
        ("history after delete_all", lambda m, ids: m.history(ids[0])),
        ("delete_all of the user", lambda m, ids: m.delete_all(user_id="alice")),
        ("nothing left", lambda m, ids: m.get_all(filters={"user_id": "alice"})),
    ]  # fmt: skip


ERRORS: list[tuple[str, Step]] = [
    ("get_all with a top-level user_id", lambda m, ids: m.get_all(user_id="alice")),
    ("get_all without an id", lambda m, ids: m.get_all(filters={"topic": "x"})),
    ("search without an id", lambda m, ids: m.search("tea", filters={})),
    ("search with an empty query", lambda m, ids: m.search("  ", filters={"user_id": "alice"})),
    ("search with a bad threshold", lambda m, ids: m.search("tea", filters={"user_id": "a"}, threshold=2)),
    ("delete of an unknown id", lambda m, ids: m.delete("0ab950b5-f560-4c7e-8fad-a8af63b4a96b")),
    ("update without a change", lambda m, ids: m.update("0ab950b5-f560-4c7e-8fad-a8af63b4a96b")),
    ("delete_all without an id", lambda m, ids: m.delete_all()),
    ("an id with a space", lambda m, ids: m.add("x", user_id="al ice", infer=False)),
]


class Shapes:
    """Replaces ids and timestamps by placeholders numbered in order of first
    appearance (so the same id or instant maps to the same placeholder in
    both runs), and scores by their type: what must match is the shape."""

    def __init__(self) -> None:
        self.ids: dict[str, str] = {}
        self.times: dict[str, str] = {}

    def __call__(self, value: Any, key: str = "") -> Any:
        if isinstance(value, dict):
            return {k: self(v, k) for k, v in value.items() if k != "reason"}
        if key == "results":  # mem0 lists a local Qdrant by point id (random): compare as sets, by text
            return [self(v) for v in sorted(value, key=lambda r: r["memory"])]
        if isinstance(value, list):
            return [self(v, key) for v in value]
        if key in ("id", "memory_id") and isinstance(value, str):
            return self.ids.setdefault(value, f"id{len(self.ids)}")
        if key in ("created_at", "updated_at") and isinstance(value, str):
            datetime.fromisoformat(value)
            return self.times.setdefault(value, f"t{len(self.times)}")
        if key == "score":
            return type(value).__name__
        return value


def play(memory: Any) -> tuple[list[Any], list[str]]:
    shapes = Shapes()
    ids: list[str] = []
    answers = [shapes(step(memory, ids)) for _, step in _script()]
    for _, step in ERRORS:
        try:
            step(memory, ids)
        except InvalidInput:
            answers.append("InvalidInput")
        except MemoryNotFound:
            answers.append("MemoryNotFound")
        except ValueError:
            answers.append("ValueError")
        except Exception as e:  # mem0's own validation error is not a ValueError
            answers.append(f"error:{type(e).__name__}")
        else:
            answers.append("no error")
    return answers, ids


@pytest.fixture(scope="module")
def mem0_answers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[list[Any], list[dict[str, Any]]]]:
    """The script through mem0ai itself, once per module (loading it costs a minute)."""
    home = tmp_path_factory.mktemp("mem0")
    with pytest.MonkeyPatch.context() as env:
        env.setenv("MEM0_TELEMETRY", "False")
        env.setenv("MEM0_DIR", str(home))
        env.setenv("HF_HUB_OFFLINE", "1")
        env.setenv("TRANSFORMERS_OFFLINE", "1")
        import mem0

        from ledgermind.analysis.embedders.sbert import minilm_path

        real = mem0.Memory.from_config({
            "vector_store": {"provider": "qdrant", "config": {
                "path": str(home / "qdrant"), "collection_name": "script", "embedding_model_dims": 384, "on_disk": True,
            }},
            "embedder": {"provider": "huggingface", "config": {"model": minilm_path()}},
            "llm": {"provider": "openai", "config": {"api_key": "never-called", "model": "gpt-4o-mini"}},
            "history_db_path": str(home / "history.db"),
        })  # fmt: skip
        try:
            answers, ids = play(real)
            yield answers, real.history(ids[0])
        finally:
            real.close()


@pytest.fixture
def ours(eng: MemoryEngine) -> Memory:
    return Memory(eng, app="mem0-test")


def test_the_script_answers_in_mem0s_shapes(mem0_answers: tuple[list[Any], list[Any]], ours: Memory) -> None:
    expected, _ = mem0_answers
    got, _ = play(ours)
    names = [name for name, _ in _script()] + [name for name, _ in ERRORS]
    for name, want, have in zip(names, expected, got):
        if want in ("ValueError", "error:ValidationError") and have == "InvalidInput":
            continue  # a ValueError here too (or, for mem0's own ValidationError, our typed refusal)
        if name == "delete of an unknown id" and have == "MemoryNotFound":
            continue  # Mem0MemoryNotFound: a ValueError and the engine's MemoryNotFound
        assert have == want, name
    assert len(got) == len(expected)


def test_history_rows_carry_mem0s_keys_and_a_reason(
    mem0_answers: tuple[list[Any], list[dict[str, Any]]], ours: Memory
) -> None:
    _, real_history = mem0_answers
    _, ids = play(ours)
    rows = ours.history(ids[0])
    assert [r["event"] for r in rows] == [r["event"] for r in real_history] == ["ADD", "UPDATE", "DELETE"]
    for mine, theirs in zip(rows, real_history):
        assert set(mine) == set(theirs) | {"reason"}
        assert {k: type(v) for k, v in mine.items() if k != "reason"} == {k: type(v) for k, v in theirs.items()}
    assert [r["reason"] for r in rows] == [
        "added through the Mem0 API",
        "updated through the Mem0 API",
        "deleted by delete_all through the Mem0 API",
    ]


def test_an_update_is_a_new_version_of_the_same_belief(ours: Memory, eng: MemoryEngine) -> None:
    """The id stays; the engine's own history and as-of reads show both wordings."""
    mid = ours.add("I like green tea", user_id="alice", infer=False)["results"][0]["id"]
    eng.projections.wait(eng.position, timeout=30)
    before = datetime.now().astimezone()
    ours.update(mid, text="I like black tea")
    eng.projections.wait(eng.position, timeout=30)
    alice = eng.for_owner(Owner("mem0-test", "alice"))
    assert [v.statement for v in alice.history(mid)] == ["I like green tea", "I like black tea"]
    assert [b.statement for b in alice.beliefs(known_at=before)] == ["I like green tea"]
    assert [b.statement for b in alice.beliefs()] == ["I like black tea"]
    assert ours.get(mid)["memory"] == "I like black tea"  # type: ignore[index]


def test_another_process_sees_the_memories_and_their_history(ours: Memory, db_url: str) -> None:
    mid = ours.add("I live in Lyon", user_id="bob", infer=False)["results"][0]["id"]
    ours.update(mid, text="I live in Paris")
    with MemoryEngine.open(db_url) as other:
        again = Memory(other, app="mem0-test")
        assert again.get(mid)["memory"] == "I live in Paris"  # type: ignore[index]
        assert [r["event"] for r in again.history(mid)] == ["ADD", "UPDATE"]


def test_owners_are_isolated_and_an_erased_owner_is_gone(ours: Memory, eng: MemoryEngine) -> None:
    """Reads never cross owners: an agent-only query sees memories written
    without a user, not a user's; erasing the user removes theirs for good."""
    mine = ours.add("I like jazz", user_id="carol", agent_id="dj", infer=False)["results"][0]["id"]
    agents = ours.add("Play jazz on Fridays", agent_id="dj", infer=False)["results"][0]["id"]
    assert [r["id"] for r in ours.get_all(filters={"agent_id": "dj"})["results"]] == [agents]
    assert [r["id"] for r in ours.get_all(filters={"user_id": "carol", "agent_id": "dj"})["results"]] == [mine]
    eng.for_owner(Owner("mem0-test", "carol")).erase()
    assert ours.get(mine) is None
    assert ours.history(mine) == []
    assert ours.get_all(filters={"user_id": "carol"}) == {"results": []}
    assert ours.get(agents) is not None


def test_infer_and_what_needs_an_llm_are_refused_and_write_nothing(ours: Memory, eng: MemoryEngine) -> None:
    before = eng.position
    with pytest.raises(InferNotSupported):
        ours.add("I like green tea", user_id="alice")
    with pytest.raises(InvalidInput):
        ours.add("x", agent_id="a", memory_type="procedural_memory", infer=False)
    with pytest.raises(InvalidInput):
        ours.add("x", user_id="a", expiration_date="2030-01-01", infer=False)
    with pytest.raises(InvalidInput):
        ours.add("x", user_id="a", metadata={"when": object()}, infer=False)
    with pytest.raises(Mem0MemoryNotFound):
        ours.update("0" * 32, text="x")
    assert eng.position == before


def test_filters_follow_mem0s_operators(ours: Memory) -> None:
    for i, (topic, rank) in enumerate([("tea", 1), ("coffee", 5), ("Tea time", 9)]):
        ours.add(f"note {i}", user_id="dave", metadata={"topic": topic, "rank": rank}, infer=False)

    def texts(**filters: Any) -> list[str]:
        return [r["memory"] for r in ours.get_all(filters={"user_id": "dave", **filters})["results"]]

    assert texts(rank={"gte": 5}) == ["note 1", "note 2"]
    assert texts(topic={"in": ["tea", "coffee"]}) == ["note 0", "note 1"]
    assert texts(topic={"icontains": "TEA"}) == ["note 0", "note 2"]
    assert texts(OR=[{"rank": 1}, {"rank": 9}]) == ["note 0", "note 2"]
    assert texts(NOT=[{"topic": "coffee"}]) == ["note 0", "note 2"]
    assert texts(topic="*") == ["note 0", "note 1", "note 2"]
    with pytest.raises(InvalidInput):
        texts(rank={"between": [1, 2]})


def test_from_config_takes_mem0s_keys_and_opens_the_engine(tmp_path: Path) -> None:
    db = str(tmp_path / "cfg.db")
    with Memory.from_config({"vector_store": {"provider": "qdrant"}, "ledgermind": {"db": db, "app": "cfg"}}) as m:
        m.add("hello", user_id="eve", infer=False)
    assert os.path.exists(db)
    with pytest.raises(InvalidInput):
        Memory.from_config({"graph_store": {}})


@pytest.mark.slow  # a real SIGKILL of a worker process, then a resume: ~25 s
def test_the_example_resumes_a_killed_conversation(tmp_path: Path) -> None:
    """examples/mem0_agent.py as a user runs it: the worker dies while
    answering the third turn; this process finds the three stored turns,
    answers the third from memory, and goes on; history shows the reasons."""
    out = run_example("mem0_agent.py", tmp_path / "agent.db")
    assert "worker exited with -9" in out
    assert "after the crash: 3 memories of customer-7" in out
    assert "(recalling: My name is Ana and my order number is 1187)" in out
    assert "after update and delete: 3 memories" in out
    assert "the same id holds the new text: 'Please ship the replacement to my home in Braga'" in out
    assert "(updated through the Mem0 API)" in out and "(deleted through the Mem0 API)" in out


def test_the_guide_runs_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/guides/mem0.md's first example, the one-import swap, runs as written."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "guides" / "mem0.md").read_text(encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    exec(compile(re.findall(r"```python\n(.*?)```", page, re.DOTALL)[0], "mem0.md", "exec"), {})
    assert capsys.readouterr().out.splitlines() == ["I like black tea", "['ADD', 'UPDATE']", "I like black tea"]


def test_async_memory_answers_as_memory_does(eng: MemoryEngine) -> None:
    from ledgermind.compat.mem0 import AsyncMemory

    async def run() -> tuple[Any, ...]:
        m = AsyncMemory(eng, app="mem0-async")
        added = await m.add("I like green tea", user_id="frank", metadata={"k": 1}, infer=False)
        mid = added["results"][0]["id"]
        await m.update(mid, text="I like black tea")
        got = await m.get(mid)
        listed = await m.get_all(filters={"user_id": "frank"})
        found = await m.search("black tea", filters={"user_id": "frank"})
        await m.delete_all(user_id="frank")
        return mid, got, listed, found, await m.history(mid), await m.get_all(filters={"user_id": "frank"})

    mid, got, listed, found, history, after = asyncio.run(run())
    assert got is not None and got["memory"] == "I like black tea" and got["metadata"] == {"k": 1}
    assert Memory(eng, app="mem0-async").history(mid) == history
    assert [r["id"] for r in listed["results"]] == [r["id"] for r in found["results"]] == [mid]
    assert [r["event"] for r in history] == ["ADD", "UPDATE", "DELETE"]
    assert after == {"results": []}
