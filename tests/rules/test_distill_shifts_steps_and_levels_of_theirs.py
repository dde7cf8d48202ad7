"""A shift said by its hours, a numbered step of a course wrapped, a level of one of the
speaker's people said of by a pronoun, a Chinese level whose thing is said in another clause,
a Chinese thing said gone ("兼职也没了") and a record said new ("new pb!!! 26:55"), each in words of
my own (pure, the distiller's own functions; one message each, a month apart)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from tests.support.said import beliefs_after

OWNER = Owner("shifts-and-steps", "u")


@pytest.mark.parametrize(
    ("held", "moved", "now", "was"),
    [
        # a shift held by its hours, moved to one by its kind
        ("i do the 8am-4pm shift at the depot", "got switched to nights last week, 11pm-7am", "nights", "8am-4pm"),
        # ... or to other hours
        ("i work the 9-5 shift at the call centre", "they put me on the 12-8 shift from monday", "12-8", "9-5"),
    ],
)
def test_a_shift_said_by_its_hours_is_replaced_by_another(held: str, moved: str, now: str, was: str) -> None:
    current, ended = beliefs_after(OWNER, held, moved)
    assert any(was in s for s in ended), (current, ended)
    assert any(now in s for s in current), (current, ended)


def test_a_numbered_step_wrapped_replaces_the_one_held_and_a_count_of_steps_does_not() -> None:
    current, ended = beliefs_after(
        OWNER, "i'm on part 2 of the spanish course on babbel", "wrapped part 3 of the babbel course tonight"
    )
    assert any("part 2" in s for s in ended), (current, ended)
    # "book 4 of twelve" counts the books: the step held stays, the count is a fact of its own
    current, ended = beliefs_after(OWNER, "i'm reading the expanse, on book 3", "finished book 4 of nine")
    assert ended == [], (current, ended)


@pytest.mark.parametrize(
    ("held", "moved", "now", "was"),
    [
        # the level of one of the speaker's people, said of by a pronoun
        ("我儿子近视150度", "前几天带他去医院查了，涨到225了", "225", "150"),
        ("my daughter weighs 18 kg", "weighed her at the clinic and she's up to 21 kg", "21", "18"),
    ],
)
def test_a_level_of_one_of_the_speakers_people_said_by_a_pronoun_replaces_theirs(
    held: str, moved: str, now: str, was: str
) -> None:
    current, ended = beliefs_after(OWNER, held, moved)
    assert any(was in s for s in ended), (current, ended)
    assert any(now in s for s in current), (current, ended)


def test_a_chinese_level_names_only_the_thing_in_its_own_clause() -> None:
    # the thing before the verb, in another clause, names nothing: the one level held moves
    current, ended = beliefs_after(OWNER, "我家猫咪体重6公斤", "周末去宠物医院称了一下，降到5公斤了")
    assert any("6公斤" in s for s in ended), (current, ended)
    # a thing named in the verb's own clause that the belief does not name moves nothing
    current, ended = beliefs_after(OWNER, "我体重65公斤", "手机电量掉到20了")
    assert ended == [], (current, ended)


def test_a_chinese_thing_said_gone_ends_the_belief_that_names_it() -> None:
    current, ended = beliefs_after(OWNER, "我周末在奶茶店做兼职", "店关了，我的兼职也没了")
    assert any("兼职" in s for s in ended), (current, ended)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        # someone else's shift, or a thing of the speaker's moved to nights
        ("i work the 7am-3pm shift at the bakery", "my husband switched to nights at the plant"),
        ("i work the 7am-3pm shift at the bakery", "moved my gym sessions to nights, too hot in the day"),
        # someone else's step, or a step of another thing
        ("i'm on season 3 of the wire", "my dad just started season 4 of the wire"),
        ("i'm on week 2 of couch to 5k", "we're into week 5 of the bin strike now"),
        # a level after a pronoun where nothing of theirs was read off
        ("我儿子身高120厘米", "带他去动物园玩，门票涨到160了"),
        ("我儿子身高120厘米", "带他去游乐场玩，涨到160了，真贵"),
        # a compound sealed off is no home ended
        ("我住在幸福里小区", "小区被封了，出不去"),
    ],
)
def test_a_move_of_someone_elses_or_another_things_ends_nothing(held: str, said: str) -> None:
    current, ended = beliefs_after(OWNER, held, said)
    assert ended == [], (current, ended)


def test_a_passing_spot_one_is_put_in_is_no_fact_and_a_date_asked_is_a_question() -> None:
    current, _ = beliefs_after(OWNER, "they put me on the spot at standup today")
    assert current == [], current
    current, _ = beliefs_after(OWNER, "they put me on the evening rota from next week")
    assert any("rota" in s for s in current), current
    current, _ = beliefs_after(OWNER, "上次体检是几号来着")
    assert current == [], current


@pytest.mark.parametrize(
    ("held", "new", "now", "was"),
    [
        # a record said new, the value after an exclamation
        ("my 10k pb is 52:10", "new pb at the river run!! 50:48", "50:48", "52:10"),
        ("my bench max is 90 kg", "new max this evening: 95 kg", "95", "90"),
    ],
)
def test_a_record_said_new_replaces_the_one_held(held: str, new: str, now: str, was: str) -> None:
    current, ended = beliefs_after(OWNER, held, new)
    assert any(was in s for s in ended), (current, ended)
    assert any(now in s for s in current), (current, ended)


def test_a_new_thing_of_anyones_is_no_record() -> None:
    current, ended = beliefs_after(OWNER, "my parkrun pb is 22:30", "new season of the bear drops at 9:30")
    assert ended == [], (current, ended)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        # a record of someone else's, of another thing, or no record at all
        ("my 5k pb is 24:10", "my daughter got a new pb today: 21:30"),
        ("my chess rank is 40", "new rank 2 in the office quiz league"),
        ("my rent is $1300", "new high score today 1600!!"),
        ("my 5k pb is 24:10", "new record for the wettest june, 180 mm"),
    ],
)
def test_a_record_of_another_or_no_record_ends_nothing(held: str, said: str) -> None:
    current, ended = beliefs_after(OWNER, held, said)
    assert ended == [], (current, ended)


def test_one_of_the_speakers_elders_fetched_to_live_elsewhere_moves_their_home() -> None:
    current, ended = beliefs_after(OWNER, "我妈一个人住在老家河南", "去年把我妈接到杭州来了，方便照顾")
    assert any("河南" in s for s in ended), (current, ended)
    # a call or a notice received moves no one
    current, ended = beliefs_after(OWNER, "我爸住在西安", "我爸接到电话说要来北京住几天")
    assert ended == [], (current, ended)
