"""The leave-one-conversation-out harness of ``benchmarks/locomo_form_filter.py``
works without LoCoMo: its features read form with names and numbers as shapes,
and a filter it trains on some conversations separates a clear form in one it
never saw, the same way every run; a precision label (``locomo_precision``)
follows a rewording of how the speaker is named, and nothing else. The
sentences are written for this test."""

from __future__ import annotations

import numpy as np

from benchmarks.locomo_form_filter import Row, features, leave_one_out
from benchmarks.locomo_precision import Labels, Made, _form

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


def test_a_label_follows_a_rewording_of_how_the_speaker_is_named_and_nothing_else() -> None:
    names = frozenset({"Rosa", "Ken"})
    labels = Labels(
        [{"key": "c/D1:2/0", "hash": "x", "label": "fact", "form": _form("Rosa took Rosa's dog to the vet.", names)}]
    )

    def made(statement: str, key: str = "c/D1:2/1") -> Made:
        return Made(key, statement, "", "fact", _form(statement, names))

    reworded = made("Rosa took their dog to the vet.")
    assert labels.row(reworded) is not None and labels.reworded(reworded)
    assert labels.row(made("Rosa took their cat to the vet.")) is None
    assert labels.row(made("Rosa took their dog to the vet.", key="c/D1:3/0")) is None  # another turn
