"""reconcile: a pure function from proposals and current beliefs to changes."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from ledgermind import Owner
from ledgermind.distill import Extraction, Proposal, ReconcileConfig, reconcile
from ledgermind.distill.views import BeliefView
from ledgermind.domain.errors import SimilarityUnavailable
from ledgermind.write.beliefs import Flag, Invalidate, NewBelief, Reinforce, Revise, new_belief_id

OWNER = Owner("app", "u")
T0 = datetime(2026, 3, 1, tzinfo=UTC)


def _p(
    statement: str,
    key: str,
    *,
    when: datetime = T0,
    op: str = "add",
    subject: str | None = None,
    attribute: str | None = None,
    value: str | None = None,
    kind: str = "fact",
) -> Proposal:
    return Proposal(
        op=op,
        kind=kind,
        statement=statement,
        valid_from=when,
        source={"session_id": "s", "seq": 1},
        source_key=key,
        confidence=0.6,
        subject=subject,
        attribute=attribute,
        value=value,
        sources=({"session_id": "s"},),
    )


def _x(*proposals: Proposal) -> Extraction:
    return Extraction(tuple(proposals), method="rule", extractor="rule", extractor_version="1")


def _b(
    mid: str,
    statement: str,
    *,
    when: datetime = T0,
    subject: str | None = None,
    attribute: str | None = None,
    value: str | None = None,
    kind: str = "fact",
) -> BeliefView:
    return BeliefView.make(
        memory_id=mid,
        kind=kind,
        statement=statement,
        valid_from=when,
        confidence=0.6,
        subject=subject,
        attribute=attribute,
        value=value,
    )


def test_new_statement_becomes_a_new_belief() -> None:
    (change,) = reconcile(OWNER, _x(_p("The user likes tea.", "k1")), [])
    assert isinstance(change, NewBelief) and change.source_key == "k1" and change.method == "rule"


def test_exact_match_reinforces_and_raises_confidence() -> None:
    (change,) = reconcile(OWNER, _x(_p("the user likes TEA", "k2")), [_b("a" * 32, "The user likes tea.")])
    assert isinstance(change, Reinforce) and change.memory_id == "a" * 32 and change.confidence > 0.6


def test_similarity_tiers() -> None:
    old = _b("a" * 32, "Caroline went to a support group on 7 May 2023 with Mel.", kind="episode")
    near = _p("Caroline went to a support group on 7 May 2023 with Mel and friends.", "k", kind="episode")
    (change,) = reconcile(OWNER, _x(near), [old])
    assert isinstance(change, Reinforce)
    looser = _p("Caroline went to the LGBTQ support group on 7 May 2023.", "k", kind="episode")
    (change,) = reconcile(OWNER, _x(looser), [old])
    assert isinstance(change, Revise) and change.statement == looser.statement
    strict = ReconcileConfig(reinforce_at=0.99, revise_at=0.95)
    (change,) = reconcile(OWNER, _x(looser), [old], strict)
    assert isinstance(change, NewBelief)


def test_contradiction_invalidates_and_supersedes() -> None:
    old = _b(
        "a" * 32,
        "The user's production environment uses Go 1.23.",
        subject="user",
        attribute="production environment/go",
        value="go 1.23",
    )
    later = T0 + timedelta(days=30)
    new = _p(
        "The user upgraded production to Go 1.24.",
        "k9",
        when=later,
        op="update",
        subject="user",
        attribute="production/go",
        value="go 1.24",
    )
    inv, add = reconcile(OWNER, _x(new), [old])
    new_id = new_belief_id(OWNER, "k9")
    assert isinstance(inv, Invalidate) and inv.memory_id == old.memory_id
    assert inv.invalid_at == later and inv.superseded_by == new_id
    assert inv.cause is not None and inv.cause.items() >= new.source.items()  # the source, plus why:
    assert (inv.cause["old_value"], inv.cause["new_value"]) == ("go 1.23", "go 1.24")
    assert isinstance(add, NewBelief) and add.supersedes == old.memory_id and add.value == "go 1.24"


def test_same_key_same_value_reinforces_and_other_attributes_are_left_alone() -> None:
    old = _b(
        "a" * 32, "The user's production uses Go 1.23.", subject="user", attribute="production/go", value="go 1.23"
    )
    (change,) = reconcile(
        OWNER,
        _x(
            _p("Production runs Go 1.23 for the user.", "k", subject="user", attribute="production/go", value="go 1.23")
        ),
        [old],
    )
    assert isinstance(change, Reinforce)
    servers = _p(
        "The user's production uses Go 1.23 on 3 servers.",
        "k2",
        subject="user",
        attribute="production/servers",
        value="3",
    )
    (change,) = reconcile(OWNER, _x(servers), [old])
    assert isinstance(change, NewBelief)  # similar words, different attribute: not merged


def test_an_older_statement_arrives_already_superseded() -> None:
    newer = _b(
        "a" * 32,
        "The user takes coffee with sugar.",
        when=T0 + timedelta(days=150),
        subject="user",
        attribute="habit:take:coffee",
        value="with sugar",
    )
    late_import = _p(
        "The user takes coffee without sugar.",
        "old",
        subject="user",
        attribute="habit:take:coffee",
        value="without sugar",
    )
    add, inv = reconcile(OWNER, _x(late_import), [newer])
    assert isinstance(add, NewBelief) and isinstance(inv, Invalidate)
    assert inv.memory_id == new_belief_id(OWNER, "old") and inv.superseded_by == newer.memory_id
    assert inv.invalid_at == newer.valid_from


def test_delete_and_clear() -> None:
    hiking = _b("a" * 32, "The user really likes hiking with the user's dog.", subject="user")
    tea = _b("b" * 32, "The user likes tea.", subject="user")
    (inv,) = reconcile(OWNER, _x(_p("I like hiking", "d", op="delete", subject="user")), [hiking, tea])
    assert isinstance(inv, Invalidate) and inv.memory_id == hiking.memory_id
    changes = reconcile(OWNER, _x(_p("", "c", op="clear", subject="user")), [hiking, tea])
    assert sorted(c.memory_id for c in changes if isinstance(c, Invalidate)) == ["a" * 32, "b" * 32]


def test_failed_similarity_search_keeps_the_proposal() -> None:
    def broken(*_: object) -> list:
        raise SimilarityUnavailable("index offline")

    old = _b("a" * 32, "Caroline went to a support group on 7 May 2023.", kind="episode")
    p = _p("Caroline went to a support group on 7 May 2023 with Mel.", "k", kind="episode")
    (change,) = reconcile(OWNER, _x(p), [old], similarity=broken)
    assert isinstance(change, NewBelief)


def test_reconcile_is_pure_and_deterministic() -> None:
    beliefs = [_b("a" * 32, "The user likes tea."), _b("b" * 32, "The user likes coffee.")]
    x = _x(_p("The user likes tea.", "k1"), _p("The user likes green tea a lot.", "k2"))
    assert reconcile(OWNER, x, beliefs) == reconcile(OWNER, x, list(reversed(beliefs)))


# --- the invariant, by property --------------------------------------------------

SUBJECTS = ("user", "ken")
ATTRIBUTES = ("coffee", "production/go", "city")
VALUES = ("a", "b", "c")


def _fold(current: dict[str, BeliefView], changes: list) -> None:
    """Applies changes to current beliefs the way the Memory aggregate does."""
    for c in changes:
        if isinstance(c, NewBelief):
            mid = new_belief_id(OWNER, c.source_key)
            current.setdefault(
                mid,
                _b(
                    mid,
                    c.statement,
                    when=c.valid_from,
                    subject=c.subject,
                    attribute=c.attribute,
                    value=c.value,
                    kind=c.kind,
                ),
            )
        elif isinstance(c, Invalidate):
            current.pop(c.memory_id, None)
        elif isinstance(c, Revise) and c.memory_id in current:
            current[c.memory_id] = replace(current[c.memory_id]).with_statement(c.statement)


statement_st = st.tuples(
    st.sampled_from(SUBJECTS),
    st.sampled_from(ATTRIBUTES),
    st.sampled_from(VALUES),
    st.sampled_from(("add", "update")),
    st.integers(0, 400),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(statement_st, min_size=1, max_size=4), min_size=1, max_size=8))
def test_at_most_one_current_belief_per_subject_and_attribute(deltas: list) -> None:
    current: dict[str, BeliefView] = {}
    conflicted: set[str] = set()
    n = 0
    for delta in deltas:
        proposals = []
        for subject, attribute, value, op, day in delta:
            n += 1
            proposals.append(
                _p(
                    f"{subject} {attribute} is {value} (statement {n})",
                    f"k{n}",
                    when=T0 + timedelta(days=day),
                    op=op,
                    subject=subject,
                    attribute=attribute,
                    value=value,
                )
            )
        changes = reconcile(OWNER, _x(*proposals), list(current.values()))
        _fold(current, changes)
        # Two values said in one message with nothing to settle them are both kept, as a
        # recorded conflict (each flagged, naming the other); everything else stays unique.
        conflicted |= {
            new_belief_id(OWNER, c.source_key) for c in changes if isinstance(c, NewBelief) and "conflicting" in c.flags
        }
        conflicted |= {c.memory_id for c in changes if isinstance(c, Flag) and "conflicting" in c.flags}
        keys = [(b.subject, b.attribute) for b in current.values() if b.memory_id not in conflicted]
        assert len(keys) == len(set(keys))


# --- the same invariant through the real extractor -------------------------------

from ledgermind.distill import DeltaItem, ExtractionContext, RuleExtractor  # noqa: E402
from ledgermind.distill.reconcile import _same_attribute  # noqa: E402

SENTENCES = st.sampled_from(
    [
        "My production environment uses Go 1.{v}.",
        "We upgraded production to Go 1.{v}.",
        "I take my coffee {sugar} sugar.",
        "I live in {city}.",
        "I like {thing}.",
        "I don't like {thing}.",
        "I work as a {job}.",
        "我们生产环境用的是 Go 1.{v}",
        "我们已经把生产环境升到 Go 1.{v} 了",
        "我咖啡{zh_sugar}糖",
    ]
)
FILL = st.fixed_dictionaries(
    {
        "v": st.integers(20, 25),
        "sugar": st.sampled_from(["with", "without"]),
        "city": st.sampled_from(["Lisbon", "Porto", "Oslo"]),
        "thing": st.sampled_from(["tea", "jazz", "rain"]),
        "job": st.sampled_from(["nurse", "teacher", "developer"]),
        "zh_sugar": st.sampled_from(["不加", "要加"]),
    }
)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.lists(st.tuples(st.sampled_from([None, "Ken", "Mia"]), SENTENCES, FILL), min_size=1, max_size=5),
        min_size=1,
        max_size=6,
    )
)
def test_extracted_statements_leave_one_current_belief_per_key(deltas: list) -> None:
    current: dict[str, BeliefView] = {}
    extractor = RuleExtractor()
    seq = 0
    for d, delta in enumerate(deltas):
        items = []
        for name, template, fill in delta:
            seq += 1
            items.append(
                DeltaItem(
                    "s", seq, "user", template.format(**fill), T0 + timedelta(days=d, seconds=seq), seq, name=name
                )
            )
        ctx = ExtractionContext(OWNER, "s", tuple(items), None, items[-1].occurred_at)
        _fold(current, reconcile(OWNER, extractor.extract(ctx), list(current.values())))
        keyed = [b for b in current.values() if b.subject and b.attribute]
        for i, a in enumerate(keyed):
            for b in keyed[i + 1 :]:  # "production" and "production environment" count as one key
                clash = a.subject == b.subject and _same_attribute(a.attribute, b.attribute)
                assert not clash, (a.statement, b.statement)
