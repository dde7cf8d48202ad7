"""Generic supersession, by property: random interleavings of ordinary
statements about several attributes (none of them a built-in frame's slot
alone) leave exactly one current belief per attribute, the last said, and
every as-of answer equals a brute-force oracle over what was said when."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from ledgermind import Owner
from ledgermind.distill import DeltaItem, ExtractionContext, RuleExtractor
from ledgermind.distill.alignment import align, core_tokens
from ledgermind.distill.clauses import clauses
from ledgermind.distill.reconcile import reconcile
from ledgermind.distill.statements import is_statement
from ledgermind.distill.views import BeliefView
from ledgermind.domain import bitemporal
from ledgermind.write.beliefs import Flag, Invalidate, NewBelief, Reinforce, Revise, new_belief_id

OWNER = Owner("app", "ordinary")
T0 = datetime(2026, 1, 5, 9, tzinfo=UTC)

# attribute -> (template, values): each an everyday statement of one value
ATTRIBUTES = {
    "rent": ("I pay {} euros rent every month.", ("900", "1,200", "1,350", "1,500")),
    "manager": ("{} is my manager.", ("Tom", "Priya", "Alex", "Mei")),
    "band": ("My favourite band is {}.", ("Radiohead", "Muse", "Blur", "Portishead")),
    "sprint": ("Our sprints last {} weeks.", ("one", "two", "three", "four")),
    "zh-rent": ("我每个月付{}元房租。", ("1200", "1350", "1500", "1800")),
}
SHAPES = {
    "rent": "euros rent",
    "manager": "manager",
    "band": "favourite band",
    "sprint": "sprints last",
    "zh-rent": "房租",
}


def _fold(beliefs: dict[str, BeliefView], changes: list[object]) -> None:
    for c in changes:
        if isinstance(c, NewBelief):
            mid = new_belief_id(OWNER, c.source_key)
            beliefs[mid] = BeliefView.make(
                memory_id=mid,
                kind=c.kind,
                statement=c.statement,
                valid_from=c.valid_from,
                confidence=c.confidence,
                subject=c.subject,
                attribute=c.attribute,
                value=c.value,
                flags=c.flags,
                conflicts_with=c.conflicts_with,
            )
        elif isinstance(c, Invalidate) and c.memory_id in beliefs:
            beliefs[c.memory_id] = replace(
                beliefs[c.memory_id],
                status=bitemporal.INVALIDATED_STATUS,
                invalid_at=c.invalid_at,
                superseded_by=c.superseded_by,
            )
        elif isinstance(c, Revise) and c.memory_id in beliefs:
            beliefs[c.memory_id] = beliefs[c.memory_id].with_statement(c.statement)
        elif isinstance(c, Flag) and c.memory_id in beliefs:
            beliefs[c.memory_id] = replace(beliefs[c.memory_id], flags=c.flags, conflicts_with=c.conflicts_with)
        else:
            assert isinstance(c, Reinforce), c


def _value_of(statement: str, attribute: str) -> str:
    values = ATTRIBUTES[attribute][1]
    found = [v for v in values if v in statement]
    assert len(found) == 1, (statement, attribute)
    return found[0]


def _attribute_of(statement: str) -> str:
    (name,) = [name for name, shape in SHAPES.items() if shape in statement]
    return name


said_st = st.lists(st.tuples(st.sampled_from(sorted(ATTRIBUTES)), st.integers(0, 3)), min_size=1, max_size=12)


@settings(max_examples=60, deadline=None)
@given(said_st, st.integers(0, 400))
def test_one_current_belief_per_attribute_the_last_said_and_as_of_equals_the_oracle(
    said: list[tuple[str, int]], probe_hours: int
) -> None:
    extractor = RuleExtractor()
    beliefs: dict[str, BeliefView] = {}
    history: list[tuple[datetime, str, str]] = []  # (said at, attribute, value)
    for n, (attribute, which) in enumerate(said):
        template, values = ATTRIBUTES[attribute]
        at = T0 + timedelta(hours=24 * n)
        item = DeltaItem(f"s{n}", 1, "user", template.format(values[which]), at, n + 1)
        extraction = extractor.extract(ExtractionContext(OWNER, f"s{n}", (item,), None, at))
        current = [b for b in beliefs.values() if b.status == bitemporal.CURRENT]
        _fold(beliefs, reconcile(OWNER, extraction, current))
        history.append((at, attribute, values[which]))
    current = [b for b in beliefs.values() if b.status == bitemporal.CURRENT]
    by_attribute: dict[str, list[str]] = {}
    for b in current:
        by_attribute.setdefault(_attribute_of(b.statement), []).append(
            _value_of(b.statement, _attribute_of(b.statement))
        )
    last = {attribute: value for _, attribute, value in history}
    assert {a: vs for a, vs in by_attribute.items()} == {a: [v] for a, v in last.items()}
    probe = T0 + timedelta(hours=probe_hours * 0.75)
    held = sorted(
        (_attribute_of(b.statement), _value_of(b.statement, _attribute_of(b.statement)))
        for b in beliefs.values()
        if b.holds_at(probe)
    )
    oracle = sorted({a: v for at, a, v in history if at <= probe}.items())
    assert held == oracle


def test_alignment_reads_the_value_apart_from_cues_time_and_word_order() -> None:
    rent = align("The user's rent is 1,200 a month.", "The user's rent went up to 1,350 a month.")
    assert rent.one_value and rent.functional and (rent.old, rent.new) == ("1,200", "1,350")
    manager = align("The user's manager is Tom.", "Priya is the user's new manager.")
    assert manager.one_value and (manager.old, manager.new) == ("tom", "priya")
    assert core_tokens("The user moved to Lyon in February 2026.") == core_tokens("The user moved to Lyon.")
    likes = align("The user likes jazz.", "The user likes Radiohead.")
    assert likes.one_value and not likes.functional  # a verb and its object: may hold both


def test_compound_sentences_split_where_a_new_subject_starts() -> None:
    assert clauses("I live in Paris and I drink green tea every morning.") == [
        "I live in Paris",
        "I drink green tea every morning.",
    ]
    assert clauses("I like coffee and tea.") == ["I like coffee and tea."]
    assert clauses("My mistake, I grew up in Sheffield.") == ["My mistake, I grew up in Sheffield."]
    assert clauses("我乳糖不耐受，所以喝燕麦奶。") == ["我乳糖不耐受", "我喝燕麦奶。"]


def test_chatter_is_not_a_statement() -> None:
    for text in (
        "Thanks!",
        "How are you?",
        "Can you help me with Python?",
        "I'm so happy for you!",
        "Look up my favourite hikes",
        "That sounds great.",
        "谢谢！",
        "你好吗？",
        "帮我查一下天气",
    ):
        assert not is_statement(text), text
    for text in (
        "I'm allergic to peanuts.",
        "My favourite band is Radiohead.",
        "Dana leads the payments team.",
        "我对花生过敏。",
    ):
        assert is_statement(text), text


def _distil(owner: Owner, turns: list[tuple[str, str | None]]) -> dict[str, BeliefView]:
    """Each turn (text, speaker name or None for the user) as its own delta, a day apart."""
    extractor = RuleExtractor()
    beliefs: dict[str, BeliefView] = {}
    for n, (text, name) in enumerate(turns):
        at = T0 + timedelta(days=n)
        item = DeltaItem(f"s{n}", 1, "user", text, at, n + 1, name=name)
        extraction = extractor.extract(ExtractionContext(owner, f"s{n}", (item,), None, at))
        _fold(beliefs, reconcile(owner, extraction, [b for b in beliefs.values() if b.status == bitemporal.CURRENT]))
    return beliefs


def test_one_subject_two_verb_phrases_and_new_subjects_are_clauses_of_their_own() -> None:
    assert clauses("My brother lives in Seoul and works for Samsung.") == [
        "My brother lives in Seoul",
        "My brother works for Samsung",
    ]
    assert clauses("Karen retired and Leo became my boss last week.") == [
        "Karen retired",
        "Leo became my boss last week.",
    ]
    assert clauses("我女儿学小提琴，儿子学跆拳道。") == ["我女儿学小提琴", "我儿子学跆拳道。"]
    assert clauses("I like cats and dogs.") == ["I like cats and dogs."]  # two objects of one verb


def test_a_title_does_not_end_a_sentence() -> None:
    from ledgermind.distill.text import sentences

    assert sentences("My therapist is Dr. Green. She is great.") == ["My therapist is Dr. Green.", "She is great."]


def test_suggestions_maxims_and_elliptical_answers_are_not_statements() -> None:
    for text in (
        "We should plan a dance session soon!",
        "I might check that one out some time soon!",
        "Family is everything.",
        "Confidence is important in business.",
        "Mixed emotions are rough.",
        "Adoption sounds awesome.",
        "I am as well!",
        "I'll keep pushing and make my dreams come true.",
        "Take lots of pics!",
    ):
        assert not is_statement(text), text
    for text in (
        "Priya is the new team lead.",
        "Rahul took over the payments team.",
        "The launch got pushed to June 30.",
        "After the reorg I report to Marcus Chen.",
        "我吃素。",
        "支付组的负责人是刘洋。",
    ):
        assert is_statement(text), text


def test_a_named_speakers_unrelated_turns_never_replace_each_other() -> None:
    # Everything a person says carries their name: the name is never a shared topic or context,
    # and a weak cue ("new", "got") or a date alone does not make an event an update.
    beliefs = _distil(
        Owner("app", "named"),
        [
            ("I volunteer at the homeless shelter every week.", "Maria"),
            ("I love my cat.", "Maria"),
            ("I got a new bike.", "Maria"),
            ("I went hiking last weekend.", "Maria"),
            ("I'm planning a ring-toss tournament for the shelter's fundraiser.", "Maria"),
            ("I love painting sunsets.", "Maria"),
        ],
    )
    assert len(beliefs) == 6
    assert all(b.status == bitemporal.CURRENT for b in beliefs.values())


def test_a_correction_that_names_the_wrong_value_replaces_it() -> None:
    beliefs = _distil(
        Owner("app", "contrast"), [("I'm on the Atlas team.", None), ("Sorry, it's the Apollo team, not Atlas.", None)]
    )
    current = [b.statement for b in beliefs.values() if b.status == bitemporal.CURRENT]
    assert current == ["The user is on the Apollo team."]


def test_a_switch_beside_a_negation_keeps_the_new_value() -> None:
    beliefs = _distil(Owner("app", "zh-switch"), [("我在学日语。", None), ("我不学日语了，改学韩语。", None)])
    current = [b.statement for b in beliefs.values() if b.status == bitemporal.CURRENT]
    assert len(current) == 1 and "韩语" in current[0]
