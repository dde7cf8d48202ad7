"""A correction said with how the right value was found or why it slipped, or
with a value written in a form of its own, still corrects the value (pure)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from ledgermind.distill.value_types import time_in
from tests.support.said import beliefs_after

OWNER = Owner("correction-forms", "u")


@pytest.mark.parametrize(
    ("held", "correction", "right", "wrong"),
    [
        # what the slip was, or how the value was checked, said after it
        ("I'm 5'9\"", "meant 5'11\", fat fingers", "5'11\"", "5'9\""),
        ("the dog's vet appointment is at 3pm thursday", "wait no it's 3:30, just checked the reminder", "3:30", "3pm"),
        ("I'm using python 3.9 for the project", "actually scratch that, just checked and it's 3.11", "3.11", "3.9"),
        ("The party is Saturday", "hold on, it's actually Sunday", "Sunday", "Saturday"),
        # 等等 / 刚查了一下 open a correction; 两点四十 is one time, not 两点
        ("我的航班是下午两点的", "等等，刚查了一下是两点四十", "两点四十", "下午两点"),
        ("我的航班是下午两点的", "不对，是两点四十", "两点四十", "下午两点"),
    ],
)
def test_the_value_is_corrected(held: str, correction: str, right: str, wrong: str) -> None:
    current, ended = beliefs_after(OWNER, held, correction)
    assert any(right in s for s in current) and not any(wrong in s for s in current), (current, ended)


@pytest.mark.parametrize(
    ("said", "clock"),
    [
        ("两点四十", "02:40"),
        ("三点一刻", "03:15"),
        ("早上七点二十分", "07:20"),
        ("下午三点半", "15:30"),
        ("10点05分", "10:05"),
    ],
)
def test_a_chinese_time_keeps_its_minutes(said: str, clock: str) -> None:
    found = time_in(said)
    assert found is not None and found.value == clock
