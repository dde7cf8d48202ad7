"""Chinese endings said the short way: a thing sold with no one named ("车卖了",
"车上周卖掉了"), one of the speaker's by name who died ("旺财上个月去世了"), an
activity given up after its reason ("最近工作太忙，不去了"), a child's school stage
(幼儿园 -> 小学) (pure: extractor + reconcile, one session)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from tests.support.said import blind_probe

OWNER = Owner("zh-endings", "u")


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("我有一辆车", "车卖了"),
        ("我们家有一辆车", "车上周卖掉了"),
        ("我养了一只狗叫旺财", "旺财上个月去世了"),
        ("我每周去三次健身房", "最近工作太忙，不去了"),
        ("我儿子上幼儿园", "他今年上小学了"),
    ],
)
def test_a_short_chinese_ending_or_step_ends_the_belief(held: str, said: str) -> None:
    current, ended = blind_probe.run(held, said, owner=OWNER)
    assert ended == [blind_probe.run(held, owner=OWNER)[0][0]] and ended[0] not in current, (current, ended)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("我养了一只狗叫旺财", "我邻居的狗去世了"),  # another's dog
        ("我有一辆车", "他卖了"),  # someone else sold something
    ],
)
def test_a_chinese_ending_of_another_ends_nothing(held: str, said: str) -> None:
    _, ended = blind_probe.run(held, said, owner=OWNER)
    assert ended == []
