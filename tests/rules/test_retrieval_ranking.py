"""Pure parts of retrieval: RRF, weighting, dedup, text, embedder, token estimate."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ledgermind.analysis.embedders import Embedder, HashingEmbedder, default_embedder
from ledgermind.analysis.text import jaccard, lexical_text, query_terms, stem, tokens
from ledgermind.domain.errors import InvalidInput
from ledgermind.retrieval.context import estimate_tokens
from ledgermind.retrieval.fusion import belief_weight, drop_near_duplicates, rrf


def test_rrf_hand_computed() -> None:
    # a: 1/61 + 1/62 = 0.032522, c: 1/63 + 1/61 = 0.032266, b: 1/62, d: 1/63
    fused = rrf([["a", "b", "c"], ["c", "a", "d"]])
    assert [k for k, _ in fused] == ["a", "c", "b", "d"]
    assert fused[0][1] == pytest.approx(1 / 61 + 1 / 62)
    assert fused[1][1] == pytest.approx(1 / 63 + 1 / 61)
    assert fused[3][1] == pytest.approx(1 / 63)


def test_rrf_ties_keep_first_seen_order_and_repeats_count_once() -> None:
    fused = rrf([["x", "y"], ["y", "x"]])
    assert [k for k, _ in fused] == ["x", "y"]  # equal scores: first seen wins
    assert rrf([["x", "x", "y"]]) == [("x", pytest.approx(1 / 61)), ("y", pytest.approx(1 / 63))]


def test_rrf_with_another_k() -> None:
    fused = dict(rrf([["a"], ["b", "a"]], k=1))
    assert fused["a"] == pytest.approx(1 / 2 + 1 / 3)
    assert fused["b"] == pytest.approx(1 / 2)


def test_weight_orders_by_confidence_then_freshness_mildly() -> None:
    assert belief_weight(1.0, 0) == pytest.approx(1.0)
    assert belief_weight(1.0, 0) > belief_weight(0.5, 0) > belief_weight(0.5, 400)
    assert belief_weight(0.0, 10_000) >= 0.6 - 1e-9


def test_dedup_keeps_the_better_of_near_duplicates() -> None:
    items = [
        ("Ken likes hiking in the Alps", 0.5),
        ("Ken likes hiking in the Alps!", 0.9),
        ("Ken owns a red bicycle", 0.7),
    ]
    kept = drop_near_duplicates(items, text=lambda i: i[0], score=lambda i: i[1])
    assert kept == [("Ken likes hiking in the Alps!", 0.9), ("Ken owns a red bicycle", 0.7)]


def test_text_stemming_and_cjk() -> None:
    assert stem("hiking") == stem("hike") == "hike"
    assert stem("paintings") == stem("painting") == "paint"
    assert stem("stopped") == "stop"
    assert "咖啡" in tokens("我咖啡不加糖")
    assert "咖啡" in lexical_text("我咖啡不加糖").split()
    assert query_terms("When did Caroline go to the support group?") == ["caroline", "go", "support", "group"]
    assert jaccard("the cat sat", "a cat sat") == 1.0


def test_hashing_embedder_is_deterministic_normalised_and_similar_for_inflections() -> None:
    emb = HashingEmbedder(dimension=256)
    assert isinstance(emb, Embedder)
    m = emb.embed(["I went hiking with my dog", "we hiked with dogs", "quarterly tax report"])
    assert m.dtype == np.float32 and m.shape == (3, 256)
    assert np.allclose(np.linalg.norm(m, axis=1), 1.0, atol=1e-5)
    assert np.array_equal(m, emb.embed(["I went hiking with my dog", "we hiked with dogs", "quarterly tax report"]))
    assert float(m[0] @ m[1]) > float(m[0] @ m[2]) + 0.2
    assert default_embedder().name == HashingEmbedder().name
    with pytest.raises(InvalidInput):
        default_embedder("no-such-model")


@given(st.text(max_size=300))
def test_token_estimate_is_monotone_and_covers_cjk(text: str) -> None:
    assert estimate_tokens(text) >= len(text) / 4
    assert estimate_tokens(text + "咖") == estimate_tokens(text) + 1
