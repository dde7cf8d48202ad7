"""The re-ranking steps after fusion: names, dates and belief/turn collapse."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest

from ledgermind.analysis.text import lexical_terms
from ledgermind.retrieval.dates import OUT_OF_PERIOD_WEIGHT, REPORTING_DAYS, Period, prefer_period, question_period
from ledgermind.retrieval.lineage_order import collapse_cited
from ledgermind.retrieval.records import SearchResult
from ledgermind.retrieval.search import served
from ledgermind.retrieval.speakers import (
    OTHER_SPEAKER_WEIGHT,
    named_speakers,
    names_a_speaker,
    prefer_named_speakers,
    speaker_terms,
    spoken_names,
    without_names,
)

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def _hit(
    item_id: str, statement: str, score: float, item_type: str = "message", seqs: tuple[int, ...] = ()
) -> SearchResult:
    sources = ({"session_id": "s1", "seqs": list(seqs)},) if seqs else ()
    return SearchResult(
        id=item_id,
        item_type=item_type,
        kind="message" if item_type == "message" else "fact",
        statement=statement,
        score=score,
        relevance=score,
        confidence=0.9,
        valid_from=T0,
        invalid_at=None,
        sources=sources,
    )


def test_a_named_speakers_own_turns_rank_before_the_other_sides() -> None:
    hits = [
        _hit("s1:2", "Melanie: Wow Caroline, pottery sounds fun", 1.0, seqs=(2,)),
        _hit("s1:1", "Caroline: I started a pottery class", 0.8, seqs=(1,)),
        _hit("b1", "Caroline likes pottery", 0.7, "memory", (1,)),
        _hit("b2", "Melanie likes pottery too", 0.75, "memory", (3,)),
    ]
    about = named_speakers(hits, lexical_terms("what does Caroline think of pottery?"))
    assert about == {"s1:2": False, "s1:1": True, "b1": True, "b2": False}
    ranked = prefer_named_speakers(hits, about)
    assert [h.id for h in ranked] == ["s1:1", "b1", "s1:2", "b2"]
    assert ranked[2].score == 1.0 * OTHER_SPEAKER_WEIGHT  # weighed down, not removed


def test_a_query_naming_nobody_who_speaks_changes_nothing() -> None:
    hits = [_hit("s1:2", "Melanie: pottery is fun", 1.0, seqs=(2,)), _hit("s1:1", "Caroline: pottery", 0.8, seqs=(1,))]
    assert named_speakers(hits, lexical_terms("who likes pottery?")) == {}
    assert named_speakers(hits, lexical_terms("what does Ken think of pottery?")) == {}
    assert prefer_named_speakers(hits, {}) == hits


def test_speaker_is_read_only_from_a_short_name_prefix() -> None:
    assert speaker_terms(_hit("m", "Caroline: hi", 1.0)) == frozenset({"carolin"})
    assert speaker_terms(_hit("m", "no speaker here", 1.0)) == frozenset()
    assert speaker_terms(_hit("m", "x" * 80 + ": long", 1.0)) == frozenset()
    assert speaker_terms(_hit("b", "Caroline: a belief", 1.0, "memory")) == frozenset()


def test_a_belief_takes_the_place_of_the_turns_it_cites() -> None:
    hits = [
        _hit("s1:1", "Ken: I adopted a puppy named Biscuit", 0.9, seqs=(1,)),
        _hit("s1:5", "Ken: the weather is nice", 0.8, seqs=(5,)),
        _hit("s1:2", "Ken: Biscuit is a beagle", 0.6, seqs=(2,)),
        _hit("b1", "Ken has a beagle puppy called Biscuit", 0.5, "memory", (1, 2)),
    ]
    out = collapse_cited(hits)
    assert [h.id for h in out] == ["b1", "s1:5"]
    assert out[0].score == 0.9 and out[0].relevance == 0.9  # the group's best
    assert out[0].sources == ({"session_id": "s1", "seqs": [1, 2]},)


def test_turns_no_belief_cites_are_left_alone() -> None:
    hits = [_hit("s1:1", "Ken: hello", 0.9, seqs=(1,)), _hit("b1", "Ken likes tea", 0.5, "memory", (7,))]
    assert collapse_cited(hits) == hits


def test_a_question_naming_a_speaker_is_read_without_the_name() -> None:
    hits = [_hit("s1:1", "Caroline: researching adoption agencies", 1.0), _hit("s1:2", "Melanie: hi Caroline", 0.9)]
    names = spoken_names(hits, lexical_terms("What did Caroline's mom research?"))
    assert names == frozenset({"carolin"})
    assert without_names("What did Caroline's mom research?", names) == "What did  mom research?"
    assert spoken_names(hits, lexical_terms("What did Ken research?")) == frozenset()  # Ken never speaks here
    assert without_names("What did Ken research?", frozenset()) == "What did Ken research?"


@pytest.mark.parametrize(
    ("question", "start", "end"),
    [
        ("What did Gina find on 1 February, 2023?", datetime(2023, 2, 1, tzinfo=UTC), datetime(2023, 2, 2, tzinfo=UTC)),
        (
            "What did Mel show on October 13, 2023?",
            datetime(2023, 10, 13, tzinfo=UTC),
            datetime(2023, 10, 14, tzinfo=UTC),
        ),
        (
            "What did Maria donate in December 2023?",
            datetime(2023, 12, 1, tzinfo=UTC),
            datetime(2024, 1, 1, tzinfo=UTC),
        ),
        ("Where did Joanna go in summer 2021?", datetime(2021, 6, 1, tzinfo=UTC), datetime(2021, 9, 1, tzinfo=UTC)),
        ("How often did he swim in 2022?", datetime(2022, 1, 1, tzinfo=UTC), datetime(2023, 1, 1, tzinfo=UTC)),
    ],
)
def test_a_question_names_the_period_of_its_calendar_date(question: str, start: datetime, end: datetime) -> None:
    assert question_period(question) == Period(start, end)


@pytest.mark.parametrize(
    "question", ["When did Melanie go camping in June?", "What happened last year?", "I paid 2023 dollars", "hello"]
)
def test_no_period_without_an_explicit_calendar_date(question: str) -> None:
    assert question_period(question) is None


def test_what_lies_outside_the_period_is_weighed_down_and_what_is_told_soon_after_is_inside() -> None:
    period = Period(datetime(2023, 12, 1, tzinfo=UTC), datetime(2024, 1, 1, tzinfo=UTC))
    before = replace(_hit("m1", "Maria: I gave books to the shelter", 1.0), valid_from=datetime(2023, 2, 1, tzinfo=UTC))
    told_after = replace(
        _hit("m2", "Maria: last week I gave clothes", 0.8),
        valid_from=datetime(2024, 1, 1 + REPORTING_DAYS - 1, tzinfo=UTC),
    )
    ranked = prefer_period([before, told_after], period)
    assert [h.id for h in ranked] == ["m2", "m1"]
    assert ranked[1].score == 1.0 * OUT_OF_PERIOD_WEIGHT  # weighed down, not removed


def test_a_period_no_result_lies_in_changes_nothing() -> None:
    hits = [_hit("m1", "Maria: books", 1.0), _hit("m2", "Maria: clothes", 0.8)]  # valid from 2026
    period = Period(datetime(2023, 12, 1, tzinfo=UTC), datetime(2024, 1, 1, tzinfo=UTC))
    assert prefer_period(hits, period) == hits
    assert prefer_period(hits, None) == hits


def test_a_question_naming_a_speaker_is_served_below_the_floor_and_a_role_is_no_name() -> None:
    hits = [
        _hit("s1:1", "Melanie: I listen to Bach every evening", 0.005, seqs=(1,)),
        _hit("s1:2", "user: I set up the new laptop", 0.004, seqs=(2,)),
        _hit("b1", "Melanie likes Bach", 0.003, "memory", (1,)),
    ]
    assert names_a_speaker(hits, lexical_terms("Would Melanie enjoy Vivaldi?"))
    assert served(hits, lexical_terms("Would Melanie enjoy Vivaldi?"), 0.02)
    assert not names_a_speaker(hits, lexical_terms("How do I add a user to sudoers?"))  # a role
    assert not served(hits, lexical_terms("How do I add a user to sudoers?"), 0.02)
    assert not served(hits, lexical_terms("Would Beatrice enjoy Vivaldi?"), 0.02)  # nobody who speaks
    assert served(hits, lexical_terms("Would Beatrice enjoy Vivaldi?"), 0.005)  # the floor itself
    assert not served([], lexical_terms("Would Melanie enjoy Vivaldi?"), 0.0)
