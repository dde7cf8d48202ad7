"""The re-ranking steps after fusion: name awareness and belief/turn collapse."""

from __future__ import annotations

from datetime import UTC, datetime

from ledgermind.analysis.text import lexical_terms
from ledgermind.retrieval.lineage_order import collapse_cited
from ledgermind.retrieval.records import SearchResult
from ledgermind.retrieval.speakers import OTHER_SPEAKER_WEIGHT, named_speakers, prefer_named_speakers, speaker_terms

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
