"""What was and what is, said in one breath, and the changes said around a thing of one's week.

"I grew up in Cork but now I live in Leeds" says two things: kept as one note, a later move ends
where the speaker grew up with it. A request about the past ("remind me what we decided on
Tuesday") asks, and tells nothing. A thing on a schedule said without "our" ("deploys happen on
Fridays") is the speaker's, and its new day replaces the old. A diet taken up ends what its
holder said they eat and the diet leaves out; a count by the period ("35 hours a week") changes
when the same doing is said at another count, never when another doing is. A Chinese slip said
"刚才说错了" dates nothing, and a name given with 叫 is the value of whom it names: another pet
named is another pet. Words of my own (pure, the distiller's own functions)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from tests.support.said import beliefs_after

OWNER = Owner("then-and-now", "u")


@pytest.mark.parametrize(
    "said",
    [
        "I grew up in Cork but now I live in Leeds",
        "I used to teach piano, now I run a bakery",
        "I played rugby at school but these days I mostly swim",
        "I sang in a choir for years, though nowadays I play the cello",
    ],
)
def test_what_was_and_what_is_now_are_two_notes(said: str) -> None:
    current, _ = beliefs_after(OWNER, said)
    assert len(current) == 2, current


def test_a_move_after_them_leaves_where_the_speaker_grew_up() -> None:
    current, ended = beliefs_after(OWNER, "I grew up in Cork but now I live in Leeds", "I moved to York last month")
    assert [s for s in current if "Cork" in s], (current, ended)
    assert [s for s in ended if "Leeds" in s], (current, ended)


def test_what_only_goes_on_about_the_clause_before_stays_with_it() -> None:
    current, _ = beliefs_after(OWNER, "Baking makes me so happy, and now I get to share it with the neighbours")
    assert len(current) <= 1, current


@pytest.mark.parametrize(
    "said",
    [
        "Remind me what we decided on Tuesday",
        "Tell me which restaurant I picked last week",
        "Summarise what we agreed on Thursday",
        "Go back to what I said yesterday about the rent and check the sums",
        "帮我想想上周我们定的是哪个方案",
        "把我们昨天聊的内容整理一下",
    ],
)
def test_a_request_about_the_past_tells_nothing(said: str) -> None:
    current, ended = beliefs_after(OWNER, said)
    assert not current and not ended, current


@pytest.mark.parametrize(
    ("said", "was", "now"),
    [
        (("Deploys happen on Fridays", "Deploys go out on Tuesdays now"), "Fridays", "Tuesdays"),
        (("Swim lessons start at 5", "Swim lessons start at 6 these days"), "at 5", "at 6"),
    ],
)
def test_a_thing_on_a_schedule_said_without_our_moves_to_its_new_time(
    said: tuple[str, ...], was: str, now: str
) -> None:
    current, ended = beliefs_after(OWNER, *said, one_session=True)
    assert [s for s in ended if was in s], (current, ended)
    assert [s for s in current if now in s], (current, ended)


def test_another_thing_on_the_same_day_changes_nothing() -> None:
    current, ended = beliefs_after(OWNER, "Deploys happen on Fridays", "Book club meets on Fridays now")
    assert not ended, (current, ended)


@pytest.mark.parametrize(
    ("said", "gone"),
    [
        (("I eat a lot of pork", "I went vegetarian in May"), "pork"),
        (("I eat cheese every day", "I'm vegan now"), "cheese"),
        (("I eat steak most weekends", "I became pescatarian"), "steak"),
    ],
)
def test_a_diet_taken_up_ends_eating_what_it_leaves_out(said: tuple[str, ...], gone: str) -> None:
    current, ended = beliefs_after(OWNER, *said, one_session=True)
    assert [s for s in ended if gone in s], (current, ended)


@pytest.mark.parametrize(
    "said",
    [
        ("I eat a lot of chicken", "I started keto this week"),  # keto leaves chicken in
        ("I eat fish twice a week", "I'm pescatarian now"),  # ... as fish stays for a pescatarian
        ("I eat a lot of pork", "My brother went vegetarian"),  # another's diet
    ],
)
def test_a_diet_that_leaves_the_food_in_or_is_anothers_ends_nothing(said: tuple[str, ...]) -> None:
    current, ended = beliefs_after(OWNER, *said, one_session=True)
    assert not ended, (current, ended)


def test_a_count_by_the_period_changes_with_the_same_doing() -> None:
    current, ended = beliefs_after(
        OWNER, "I work 38 hours a week", "I went part-time, 20 hours a week", one_session=True
    )
    assert [s for s in ended if "38" in s], (current, ended)


@pytest.mark.parametrize(
    "said",
    [
        ("I work 38 hours a week", "I tutor 6 hours a week now"),
        ("I work 38 hours a week", "I now volunteer 4 hours a week"),
    ],
)
def test_another_doing_at_its_own_count_changes_nothing(said: tuple[str, ...]) -> None:
    current, ended = beliefs_after(OWNER, *said, one_session=True)
    assert not ended, (current, ended)


def test_a_chinese_slip_said_just_now_dates_nothing_and_puts_the_name_right() -> None:
    current, ended = beliefs_after(OWNER, "我家的猫叫花花。", "我刚才说错了，我家的猫叫团团。", one_session=True)
    assert [s for s in ended if "花花" in s], (current, ended)
    assert [s for s in current if "团团" in s and "年" not in s], (current, ended)


def test_another_pet_named_is_another_pet() -> None:
    current, ended = beliefs_after(OWNER, "我家的猫叫花花。", "我家的兔子叫雪球。", one_session=True)
    assert not ended, (current, ended)


def test_a_chinese_correction_gives_the_place_not_the_word_for_where() -> None:
    current, ended = beliefs_after(OWNER, "我在杭州上班。", "刚才说错了，是在苏州。", one_session=True)
    assert [s for s in ended if "杭州" in s], (current, ended)
    assert [s for s in current if "苏州" in s and "在在" not in s and "年" not in s], (current, ended)


def test_an_order_of_a_drink_is_the_drink_named_after_it() -> None:
    current, ended = beliefs_after(
        OWNER, "my usual coffee order is a flat white", "it's cortados these days", one_session=True
    )
    assert [s for s in ended if "flat white" in s], (current, ended)


def test_a_date_after_since_is_written_once() -> None:
    current, _ = beliefs_after(OWNER, "Since last month I've been cycling to work")
    assert current and not [s for s in current if "since in" in s.lower()], current


@pytest.mark.parametrize(
    ("said", "was", "now"),
    [
        # cycling in, said with "instead": the way to work changed
        (("I catch the 8:05 bus to work", "these days I'm cycling in instead"), "bus", "cycling"),
        # bed said by how it feels
        (("I usually go to bed around midnight", "been crashing by 10 since the twins arrived"), "midnight", "10"),
        # 去某处上班, begun: the new employer
        (("我在华为做测试", "上个月开始去美团上班了"), "华为", "美团"),
        # a surname given with 姓, of the new one
        (("我领导姓李", "他调去总部了，新领导姓赵"), "姓李", "姓赵"),
    ],
)
def test_a_change_said_in_everyday_words_replaces_what_was(said: tuple[str, ...], was: str, now: str) -> None:
    current, ended = beliefs_after(OWNER, *said, one_session=True)
    assert [s for s in ended if was in s], (current, ended)
    assert [s for s in current if now in s], (current, ended)


@pytest.mark.parametrize(
    "said",
    [
        ("I go to bed around midnight", "the kids crash by 8 most nights"),  # the kids', not the speaker's
        ("我在华为做测试", "我老婆上个月开始去美团上班了"),  # another person's employer
        ("我领导姓李", "我同事姓赵"),  # another person's surname
    ],
)
def test_the_same_words_of_another_thing_change_nothing(said: tuple[str, ...]) -> None:
    current, ended = beliefs_after(OWNER, *said, one_session=True)
    assert not ended, (current, ended)


@pytest.mark.parametrize("said", ["Born and raised in Porto", "originally from Accra", "grew up in Tucson"])
def test_where_the_speaker_comes_from_said_without_i_is_a_note(said: str) -> None:
    current, _ = beliefs_after(OWNER, said)
    assert len(current) == 1 and current[0].startswith("The user "), current


@pytest.mark.parametrize(
    ("said", "was"),
    [
        (("Team offsites are quarterly", "Team offsites are monthly now"), "quarterly"),
        (("I eat tons of cheese", "went plant based last month"), "cheese"),
        (("I eat a lot of prawns", "I'm vegetarian now"), "prawns"),
    ],
)
def test_a_frequency_word_and_a_diet_said_loosely_are_changes_too(said: tuple[str, ...], was: str) -> None:
    current, ended = beliefs_after(OWNER, *said, one_session=True)
    assert [s for s in ended if was in s], (current, ended)


@pytest.mark.parametrize(
    "said",
    [
        "I was a keen skater as a teen tho nowadays I mostly cycle",
        "Spent my thirties in Leeds, now living in Bath with my wife",
    ],
)
def test_what_holds_now_said_loosely_is_its_own_note(said: str) -> None:
    current, _ = beliefs_after(OWNER, said)
    assert len(current) == 2 and all(s.startswith(("The user", "Nowadays the user")) for s in current), current
