"""The leave-one-conversation-out harness of ``benchmarks/locomo_form_filter.py``
works without LoCoMo: its features read form with names and numbers as shapes,
and a filter it trains on some conversations separates a clear form in one it
never saw, the same way every run. The sentences are written for this test."""

from __future__ import annotations

import numpy as np

from benchmarks.locomo_form_filter import Row, features, leave_one_out

SPEAKERS = frozenset({"Rosa", "Ken"})


def test_features_read_form_with_names_and_numbers_as_shapes() -> None:
    found = features("Rosa told you Lima has 3 parks.", "fact", SPEAKERS)
    assert {"first:<speaker>", "b:told_you", "b:<name>_has", "w:<num>", "you", "kind:fact"} <= found
    assert not any("rosa" in f.lower() or "lima" in f.lower() for f in found)


def _rows() -> list[Row]:
    facts = ["Rosa works at the bakery on {} Street.", "Ken moved to {} in spring.", "Rosa's sister lives in {}."]
    chatter = ["Wow that is so cool, {}!", "Oh wow that is so cool."]
    rows = []
    for c, place in enumerate(("Lima", "Oslo", "Cork", "Kyiv")):
        rows += [Row(f"c{c}", f.format(place), "fact", SPEAKERS, False) for f in facts]
        rows += [Row(f"c{c}", t.format(place), "fact", SPEAKERS, True) for t in chatter]
    return rows


def test_a_clear_form_is_learned_on_other_conversations_and_the_same_every_run() -> None:
    first = leave_one_out(_rows())
    y, dropped = first["y"], first["dropped"][1.0]
    assert dropped[y].all() and not dropped[~y].any()
    again = leave_one_out(_rows())
    assert all(np.array_equal(first["dropped"][t], again["dropped"][t]) for t in first["dropped"])
