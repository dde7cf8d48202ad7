"""A day moved ("the venue double-booked us so it's been pushed to 9 November"), the days of a
weekly thing moved ("they've put me on Mon and Wed evenings now"), and a numbered thing said again
with another number ("I'm in locker 52 now", "sorry, I'm third year"): the belief that holds the
old one holds the new one in its place. Never a day already past, a number that counts what
follows ("the year 6 reading group"), a thing of another whole ("week 4 of the strike"), another
person's days, or "also". A slip put right with an aside ("i mistyped earlier, it's $720 not 870
lol, ...", "omg sorry I meant 2:1, not 2:2, ...") corrects the belief.

Words of my own (pure, the distiller's own functions)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from tests.support.said import beliefs_after

OWNER = Owner("moved-days", "u")


@pytest.mark.parametrize(
    ("held", "moved", "holds"),
    [
        (
            "our housewarming is set for 21 June!",
            "the landlord's doing the roof that week so it's been pushed to 5 July",
            "The user's housewarming is set for 5 July.",
        ),
        (
            "my knee op is on 14 May",
            "the surgeon brought my knee op forward to 2 May",
            "The user's knee op is on 2 May.",
        ),
        (
            "the christening is on the 8th of August",
            "the vicar's away so it got moved to the 22nd of August",
            "The christening is on the 22nd of August.",
        ),
        (
            "due date is 9 April",
            "they re-dated me at the 12 week scan, it's 23 April now",
            "Due date is 23 April.",
        ),
    ],
)
def test_a_day_moved_is_the_new_day_of_the_thing_set(held: str, moved: str, holds: str) -> None:
    current, ended = beliefs_after(OWNER, held, moved, one_session=True)
    assert len(ended) == 1, (current, ended)
    assert any(holds.casefold() in c.casefold() or c.casefold() in holds.casefold() for c in current) or any(
        holds.split()[-2] in c and holds.split()[-1].rstrip(".") in c for c in current
    ), current


@pytest.mark.parametrize(
    ("held", "moved"),
    [
        # a day already past when it was said is no plan of the user's
        ("I signed the contract today", "my start got pushed to 12 May"),
    ],
)
def test_no_day_of_another_thing_moves(held: str, moved: str) -> None:
    _, ended = beliefs_after(OWNER, held, moved, one_session=True)
    assert ended == []


@pytest.mark.parametrize(
    ("held", "moved", "days"),
    [
        ("I swim Monday and Wednesday mornings", "new rota so it's tue/thu evenings now", "tue/thu evenings"),
        (
            "My shifts at the garden centre are Friday and Saturday afternoons.",
            "supervisor's swapped me onto Sun and Mon mornings now",
            "Sun and Mon mornings",
        ),
        ("I volunteer at the food bank on Tuesdays and Fridays", "it's Weds and Sats now", "Weds and Sats"),
    ],
)
def test_the_days_of_a_weekly_thing_move(held: str, moved: str, days: str) -> None:
    current, ended = beliefs_after(OWNER, held, moved, one_session=True)
    assert len(ended) == 1, (current, ended)
    assert any(days in c for c in current), current


@pytest.mark.parametrize(
    ("held", "said"),
    [
        # another person's days
        ("I do pilates on Mondays", "my son has judo on Tuesdays and Thursdays now"),
        # another thing of the user's, and "too"
        ("I do pilates on Mondays", "I swim on Wednesdays and Fridays now too"),
        # today, not a habit
        ("I do pilates on Mondays", "it's Friday now, thank god"),
    ],
)
def test_days_of_another_thing_move_nothing(held: str, said: str) -> None:
    _, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert ended == []


@pytest.mark.parametrize(
    ("held", "moved", "holds"),
    [
        (
            "I've had locker 12 at the pool since 2021",
            "they renumbered the changing rooms, I'm in locker 52 now",
            "The user is in locker 52 now.",
        ),
        ("I'm a second year at Leeds doing History", "wait, I'm third year, sorry", "The user is a third year"),
        ("my desk is on the 4th floor", "we got moved, I'm on the 6th floor now", "6th floor"),
    ],
)
def test_a_numbered_thing_said_with_another_number(held: str, moved: str, holds: str) -> None:
    current, ended = beliefs_after(OWNER, held, moved, one_session=True)
    assert len(ended) == 1, (current, ended)
    assert any(holds in c for c in current), current


@pytest.mark.parametrize(
    ("held", "said"),
    [
        # the number counts the group after it: another group
        ("our daughter is in year 5", "she's been put in the year 6 reading group"),
        # a second one, "also"
        ("I rent garage 4", "I also rent garage 9 now"),
        # a verb and its amount, no numbered thing
        ("I pay 700 for the nursery", "we pay 45 for the internet now"),
    ],
)
def test_no_numbered_thing_of_another_moves(held: str, said: str) -> None:
    _, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert ended == []


@pytest.mark.parametrize(
    ("held", "slip", "holds"),
    [
        (
            "My room is $870 a month with bills",
            "i mistyped earlier, it's $720 not 870 lol, wish it was less tho",
            "The user's room is $720 a month with bills.",
        ),
        (
            "I got a 2:2 from Cardiff",
            "omg sorry I meant 2:1, not 2:2, my mum would kill me lol",
            "The user got a 2:1 from Cardiff.",
        ),
    ],
)
def test_a_slip_put_right_with_an_aside(held: str, slip: str, holds: str) -> None:
    current, ended = beliefs_after(OWNER, held, slip, one_session=True)
    assert len(ended) == 1, (current, ended)
    assert holds in current, current


@pytest.mark.parametrize(
    ("held", "slip", "holds", "told"),
    [
        (
            "our broadband is 90Mbps from Plusnet",
            "oops I meant 9Mbps not 90, no wonder the calls drop, we're way out in the hills",
            "The user's broadband is 9Mbps from Plusnet.",
            "The user is way out in the hills.",
        ),
        (
            "the roofer quoted £14k for the extension",
            "sorry I misread the quote, it's £24k not 14 🙃 does that sound high?",
            "The roofer quoted £24k for the extension.",
            None,
        ),
    ],
)
def test_a_value_put_right_then_more_told(held: str, slip: str, holds: str, told: str | None) -> None:
    """The value is put right; what the sentence goes on to tell of the speaker is kept too."""
    current, ended = beliefs_after(OWNER, held, slip, one_session=True)
    assert len(ended) == 1, (current, ended)
    assert holds in current, current
    assert told is None or told in current, current


@pytest.mark.parametrize(
    ("held", "slip", "holds"),
    [
        # how the slip came about, said last, is no part of the value
        ("I'm 41 if that matters for the insurance", "lol no I'm 43, genuinely forgot for a sec", "The user is 43."),
        # how it was checked, said between the formula and the value
        (
            "my boiler service is booked for the 9th",
            "wait no, just checked the text, it's the 19th",
            "The user's boiler service is booked for the 19th.",
        ),
        # how many there are, the speaker among them, put right
        (
            "there's 4 of us in the flat on Mill Road",
            "sorry, 5 of us, forgot about Sam in the attic room",
            "There are 5 people, the user included, in the flat on Mill Road.",
        ),
    ],
)
def test_a_slip_put_right_around_what_is_said_of_it(held: str, slip: str, holds: str) -> None:
    current, ended = beliefs_after(OWNER, held, slip, one_session=True)
    assert len(ended) == 1, (current, ended)
    assert holds in current, current


def test_how_many_of_us_going_somewhere_is_no_household() -> None:
    current, _ = beliefs_after(OWNER, "there's 6 of us going to Porto in June")
    assert not any("people, the user included" in c for c in current), current


@pytest.mark.parametrize(
    ("held", "said", "holds"),
    [
        # the speaker's child said bare, a kindergarten year moved on
        ("孩子在上中班", "九月升大班了，老师也换了", None),
        ("我儿子在上幼儿园小班", "他三月份升中班了", None),
        # the right amount said bare after the wrong one, in its measure
        ("我住西区8栋", "不是8栋，18栋，手滑打错了", "用户住西区18栋。"),
    ],
)
def test_chinese_years_and_amounts_moved(held: str, said: str, holds: str | None) -> None:
    current, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert len(ended) == 1, (current, ended)
    assert holds is None or holds in current, current


@pytest.mark.parametrize(
    ("held", "said", "holds"),
    [
        # a word put right by the short form of the wrong one
        (
            "I'm doing a BSc in Environmental Science",
            "sorry, it's Marine Science, not enviro, always mix them up",
            "The user is doing a BSc in Marine Science.",
        ),
        # how long a thing now lasts
        (
            "my work permit runs out on 14 March",
            "good news, the renewal came through, it runs to 14 September now",
            "The user's work permit runs out on 14 September.",
        ),
    ],
)
def test_a_clipped_word_and_a_term_extended(held: str, said: str, holds: str) -> None:
    current, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert len(ended) == 1, (current, ended)
    assert holds in current, current


@pytest.mark.parametrize(
    ("said", "both"),
    [
        (
            "we're with EDF for gas and Sky for broadband, any better deals out there?",
            ["The user is with EDF for gas.", "The user is with Sky for broadband."],
        ),
        (
            "I live in Hove and my electric's with Octopus",
            ["The user lives in Hove."],
        ),
        (
            "I'm from Cork originally and working as a nurse in Galway now",
            ["The user is from Cork originally.", "The user is working as a nurse in Galway now."],
        ),
    ],
)
def test_two_facts_in_one_sentence_are_two_beliefs(said: str, both: list[str]) -> None:
    current, _ = beliefs_after(OWNER, said)
    assert len(current) == 2, current
    assert all(b in current for b in both), current


@pytest.mark.parametrize(
    ("held", "said", "holds"),
    [
        ("I'm a chemistry teacher at a sixth form in Derby", "biology, not chemistry lol", "biology teacher"),
        ("I've been a plumber 12 years", "11 years sorry not 12, losing track", "11 years"),
    ],
)
def test_a_value_then_the_one_it_denies(held: str, said: str, holds: str) -> None:
    current, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert len(ended) == 1, (current, ended)
    assert any(holds in c for c in current), current


def test_a_verdict_said_against_another_is_no_value() -> None:
    _, ended = beliefs_after(OWNER, "I'm a baker in Hull", "good, not great", one_session=True)
    assert ended == []


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("我在超市兼职，周末两天", "店长让我改成周二周四晚上了"),
        ("我每周一周三练拳", "教练说现在改到周二周五了"),
    ],
)
def test_chinese_days_moved(held: str, said: str) -> None:
    _, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert len(ended) == 1, ended


def test_chinese_days_of_another_person_move_nothing() -> None:
    _, ended = beliefs_after(OWNER, "我周二周四上瑜伽课", "我老公现在改成周一周三上班了", one_session=True)
    assert ended == []


def test_a_train_named_by_its_time_left_behind() -> None:
    current, ended = beliefs_after(
        OWNER,
        "I get the 8:15 from Reading every morning",
        "they've axed the 8:15 so I'm on the 8:02 now",
        one_session=True,
    )
    assert ended == ["The user gets the 8:15 from Reading every morning."], (current, ended)


@pytest.mark.parametrize(
    ("held", "said", "gone"),
    [
        # a firm that is no more takes what was had of it with it
        (
            "our energy is with Bulb",
            "Bulb got taken over so we're with Octopus now",
            "The user's energy is with Bulb.",
        ),
        (
            "I train at FitHub on the high street",
            "FitHub went bust, gutted",
            "The user trains at FitHub on the high street.",
        ),
        # a plan called off, said last after why
        (
            "I'm training for the Bath half in March",
            "physio says no running for a while so the half is off",
            "The user is training for the Bath half in March 2026.",
        ),
    ],
)
def test_a_firm_gone_or_a_plan_off_ends_what_was_held(held: str, said: str, gone: str) -> None:
    current, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert any(gone.split(" in ")[0].rstrip(".") in e for e in ended), (current, ended)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("I bank with Monzo", "my mate's startup got taken over by Google"),
        ("my sister's wedding is in May", "the heating is off again"),
        ("I train at FitHub", "I haven't ditched FitHub, it's just shut for a week"),
    ],
)
def test_another_thing_gone_ends_nothing(held: str, said: str) -> None:
    _, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert ended == []


def test_a_chinese_boss_transferred_away_ends_the_belief() -> None:
    _, ended = beliefs_after(OWNER, "我领导姓赵，人挺好", "赵总被调走了，新来的还不认识", one_session=True)
    assert len(ended) == 1, ended


def test_a_job_finished_at_by_where_it_was_ends_it() -> None:
    _, ended = beliefs_after(
        OWNER,
        "I've got a Saturday job at Waterstones",
        "finished at Waterstones last week, starting at Greggs soon",
        one_session=True,
    )
    assert ended == ["The user has got a Saturday job at Waterstones."], ended
    _, ended = beliefs_after(OWNER, "I work at Lidl", "finished at 6 today, so tired", one_session=True)
    assert ended == []


def test_a_chinese_aim_said_with_the_speaker_dropped_is_kept() -> None:
    current, _ = beliefs_after(OWNER, "考研目标复旦新闻")
    assert current == ["用户考研目标复旦新闻。"], current
