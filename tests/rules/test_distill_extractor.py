"""The default extractor, checkers, dates, confidence and text helpers (pure)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from ledgermind import Owner
from ledgermind.distill import (
    DEFAULT_POLICY,
    DeltaItem,
    ExtractionContext,
    RuleExtractor,
    all_of,
    any_of,
    message_count_gt,
    time_since_last_gt,
)
from ledgermind.distill.dates import find_time
from ledgermind.distill.delta import is_distillable
from ledgermind.distill.text import jaccard, tokens
from ledgermind.domain.errors import InvalidInput

OWNER = Owner("app", "u")
MAY_8 = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)


def _ctx(*messages: tuple[str, str] | tuple[str, str, str | None], when: datetime = MAY_8) -> ExtractionContext:
    items = []
    for n, m in enumerate(messages, start=1):
        role, content = m[0], m[1]
        name = m[2] if len(m) > 2 else None
        items.append(DeltaItem("s1", n, role, content, when, 100 + n, name=name))
    return ExtractionContext(OWNER, "s1", tuple(items), None, when)


def _extract(*messages: tuple[str, ...]) -> list:
    return list(RuleExtractor().extract(_ctx(*messages)).proposals)  # type: ignore[arg-type]


def test_english_self_introduction() -> None:
    props = _extract(("user", "Hi! I'm Ken, a front-end programmer."))
    by_attr = {p.attribute: p for p in props}
    assert by_attr["name"].value == "ken"
    assert by_attr["occupation"].value == "front-end programmer"
    assert by_attr["occupation"].statement == "Ken is a front-end programmer."
    assert all(p.kind == "fact" and p.op == "add" for p in props)


def test_chinese_self_introduction() -> None:
    props = _extract(("user", "我叫张伟，在财务部。"))
    by_attr = {p.attribute: p for p in props}
    assert by_attr["name"].value == "张伟"
    assert by_attr["workplace"].value == "财务部"
    assert "张伟" in by_attr["workplace"].statement


def test_preferences_and_habits_in_both_languages() -> None:
    like, dislike = _extract(("user", "I really like hiking with my dog."), ("user", "I don't like sushi."))
    assert (like.attribute, like.value) == ("preference:hiking", "positive")
    assert (dislike.attribute, dislike.value) == ("preference:sushi", "negative")
    assert dislike.statement == "The user doesn't like sushi."
    march, august = _extract(("user", "我咖啡不加糖"), ("user", "我现在咖啡要加糖了"))
    assert march.attribute == august.attribute == "habit:咖啡:糖"
    assert march.value != august.value
    en_old, en_new = _extract(("user", "I take my coffee without sugar."), ("user", "I take my coffee with sugar now."))
    assert en_old.attribute == en_new.attribute and en_old.value != en_new.value


def test_stated_facts_and_updates_keep_versions_whole() -> None:
    stated, update = _extract(
        ("user", "My production environment uses Go 1.23."),
        ("user", "We upgraded production to Go 1.24 last week."),
    )
    assert stated.op == "add" and stated.value == "go 1.23"
    assert stated.statement == "The user's production environment uses Go 1.23."
    assert update.op == "update" and update.value == "go 1.24"
    # one frame for both phrasings: the slot (version of Go) and its scope (production)
    assert stated.attribute == update.attribute == "version:go@production"
    assert update.valid_from.date().isoformat() == "2023-05-01"  # "last week", resolved against 8 May 2023
    (zh,) = _extract(("user", "我们已经把生产环境升到 Go 1.24 了"))
    assert zh.op == "update" and zh.attribute == "version:go@production" and zh.value == "go 1.24"


def test_dated_episode_uses_the_message_date_and_the_speaker_name() -> None:
    (episode,) = _extract(("user", "I went to a LGBTQ support group yesterday and it was so powerful.", "Caroline"))
    assert episode.kind == "episode"
    assert episode.statement.startswith("Caroline went to a LGBTQ support group on 7 May 2023")
    assert episode.event_time is not None and episode.event_time.date().isoformat() == "2023-05-07"
    assert episode.participants == ("Caroline",)
    assert episode.location == "a LGBTQ support group"
    (with_mel,) = _extract(("user", "Yesterday I went to a LGBTQ support group with Mel.", "Caroline"))
    assert with_mel.participants == ("Caroline", "Mel")
    (zh,) = _extract(("user", "昨天我和李雷去了公司年会。"))
    assert zh.kind == "episode" and "2023年5月7日" in zh.statement and "李雷" in zh.participants


def test_problem_then_assistant_resolution_is_an_experience() -> None:
    props = _extract(
        ("user", "My build fails with error: module not found."),
        ("assistant", "You can fix it by running go mod tidy; the module is missing from go.sum."),
    )
    (exp,) = [p for p in props if p.kind == "experience"]
    assert "module not found" in (exp.problem or "") and "go mod tidy" in (exp.solution or "")
    assert [s["seq"] for s in exp.sources] == [1, 2]
    # No answer in the delta (or the user moved on): no experience.
    assert not [p for p in _extract(("user", "My build fails with an error.")) if p.kind == "experience"]


def test_completed_task_is_an_experience() -> None:
    item = DeltaItem(
        "s1",
        0,
        "task",
        "Wrote 3 rows to report.csv",
        MAY_8,
        50,
        task_id="t" * 32,
        task_input="Export the weekly report",
    )
    ctx = ExtractionContext(OWNER, "s1", (item,), None, MAY_8)
    (exp,) = RuleExtractor().extract(ctx).proposals
    assert exp.kind == "experience" and exp.problem == "Export the weekly report"
    assert exp.solution == "Wrote 3 rows to report.csv"


def test_forget_requests_and_small_talk() -> None:
    (delete,) = _extract(("user", "Please forget that I like hiking."))
    assert delete.op == "delete" and delete.statement == "I like hiking"
    (clear,) = _extract(("user", "Forget everything about me."))
    assert clear.op == "clear"
    assert _extract(("user", "Hey! How are you doing today?"), ("assistant", "Great, thanks!")) == []


def test_extraction_is_deterministic_and_makes_no_model_calls() -> None:
    ctx = _ctx(("user", "I'm Ken, a front-end programmer."), ("user", "我咖啡不加糖"))
    a, b = RuleExtractor().extract(ctx), RuleExtractor().extract(ctx)
    assert a == b and a.model_calls == 0 and a.method == "rule"
    assert len({p.source_key for p in a.proposals}) == len(a.proposals)


def test_only_user_and_assistant_messages_with_content_are_distillable() -> None:
    assert is_distillable("user", "hello", None)
    assert is_distillable("assistant", "hi", None)
    assert not is_distillable("tool", "I like output", None)
    assert not is_distillable("assistant", "", '[{"id": "1"}]')
    assert not is_distillable("assistant", "calling", '[{"id": "1"}]')
    assert not is_distillable("user", "   ", None)
    assert not is_distillable("system", "You are helpful", None)


def test_checkers() -> None:
    two = _ctx(("user", "a"), ("user", "b"))
    assert message_count_gt(1)(two) and not message_count_gt(2)(two)
    never = time_since_last_gt(60)
    assert never(two)  # never extracted: infinitely long ago
    recent = ExtractionContext(OWNER, "s1", two.items, MAY_8 - timedelta(seconds=30), MAY_8)
    old = ExtractionContext(OWNER, "s1", two.items, MAY_8 - timedelta(seconds=61), MAY_8)
    assert not never(recent) and never(old)
    assert not all_of(message_count_gt(1), never)(recent)
    assert any_of(message_count_gt(1), never)(recent)
    with pytest.raises(InvalidInput):
        message_count_gt(-1)
    with pytest.raises(InvalidInput):
        time_since_last_gt("soon")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "day"),
    [("yesterday", 7), ("last Saturday", 6), ("two weeks ago", 24), ("昨天", 7), ("前天", 6), ("3天前", 5)],
)
def test_relative_dates_resolve_against_the_message(text: str, day: int) -> None:
    mention = find_time(f"we met {text}", MAY_8)
    assert mention is not None and mention.when.day == day


def test_cjk_tokens_are_bigrams_and_latin_is_stemmed() -> None:
    assert {"咖啡", "加糖"} <= tokens("我咖啡不加糖")
    assert tokens("Ken likes dogs") == tokens("ken like dog")
    assert jaccard(tokens("我咖啡不加糖"), tokens("我咖啡加糖")) > 0.3


def test_confidence_policy() -> None:
    p = DEFAULT_POLICY
    assert p.initial("explicit") > p.initial("rule")
    assert p.corrected() == 1.0
    assert p.initial("rule") < p.reinforced(p.initial("rule")) < 1.0
    year = timedelta(days=365)
    assert p.at(0.8, "fact", MAY_8, MAY_8) == 0.8
    assert p.at(0.8, "fact", MAY_8, MAY_8 + year) == pytest.approx(0.4)
    assert p.at(0.8, "episode", MAY_8, MAY_8 + year) < p.at(0.8, "fact", MAY_8, MAY_8 + year)
    assert p.at(0.8, "fact", MAY_8, MAY_8 + 100 * year) == p.floor
    with pytest.raises(InvalidInput):
        p.reinforced(1.5)
