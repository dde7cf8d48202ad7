"""What holds now said by "it" and a word of now ("it's Thursdays now", "so it's the Tamar for me
these days", "... mean it's Mondays at 7 going forward"): the latest belief with a value of that
kind holds the new one. Not "it's Saturday now" (today), nor a clock ("it's 9pm now"). And a
move where no home was held, from the town a belief places the user in ("I'm a roofer in
Cardiff" then "we've moved down to Exeter"): that belief holds with the new town, the move is
kept beside it; never the town of a place of work named first ("works at a school in Bath").

Words of my own (pure, the distiller's own functions)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from tests.support.said import beliefs_after

OWNER = Owner("it-is-now", "u")


@pytest.mark.parametrize(
    ("held", "now", "holds"),
    [
        ("my pottery class is on Tuesdays", "it's Thursdays now", "The user's pottery class is on Thursdays."),
        (
            "I have my hair cut every other Friday at 4",
            "the barber's new hours mean it's Mondays at 7 going forward",
            "The user has their hair cut every other Monday at 7.",
        ),
        (
            "I fish the River Dart most Sundays",
            "the club lost its permit so it's the Tamar for me these days",
            "The user fishes the Tamar most Sundays.",
        ),
        ("the gym is £32 a month", "they put the price up, it's £38 now", "The gym is £38 a month."),
    ],
)
def test_it_and_a_word_of_now_give_the_new_value(held: str, now: str, holds: str) -> None:
    current, ended = beliefs_after(OWNER, held, now, one_session=True)
    assert ended == [held[:1].upper() + held[1:] + "."] or len(ended) == 1, (current, ended)
    assert holds in current, current


@pytest.mark.parametrize("now", ["it's Saturday now, finally", "it's 9pm now and I'm still at work", "it's fine now"])
def test_today_or_the_clock_or_a_verdict_changes_nothing(now: str) -> None:
    _, ended = beliefs_after(OWNER, "my pottery class is on Tuesdays at 6pm", now, one_session=True)
    assert ended == [], ended


@pytest.mark.parametrize(
    ("held", "moved", "holds"),
    [
        (
            "I'm a roofer in Cardiff, mostly slate",
            "we've moved down to Exeter, my partner got a job there",
            "The user is a roofer in Exeter, mostly slate.",
        ),
        ("I tutor maths in Bristol", "I moved through to Bath last month", "The user tutors maths in Bath."),
    ],
)
def test_a_move_from_the_town_a_belief_places_the_user_in(held: str, moved: str, holds: str) -> None:
    current, ended = beliefs_after(OWNER, held, moved, one_session=True)
    assert len(ended) == 1 and holds in current and len(current) == 2, (current, ended)


def test_a_move_leaves_a_place_of_work_where_it_is() -> None:
    current, ended = beliefs_after(OWNER, "I work at a school in Bath", "we moved to Bristol in june", one_session=True)
    assert ended == [] and "The user works at a school in Bath." in current, (current, ended)


def test_someone_elses_move_moves_no_belief_of_mine() -> None:
    _, ended = beliefs_after(OWNER, "I'm a vet in Leeds", "my parents moved to York", one_session=True)
    assert ended == [], ended


@pytest.mark.parametrize(
    ("held", "moved", "now"),
    [
        ("我房租每月2800", "涨到3100了", "3100"),
        ("我陪练一节课120", "最近降到100了，学生少", "100"),
    ],
)
def test_a_chinese_amount_moved_said_alone_moves_the_amount_held(held: str, moved: str, now: str) -> None:
    current, ended = beliefs_after(OWNER, held, moved, one_session=True)
    assert len(ended) == 1 and any(now in c for c in current), (current, ended)


@pytest.mark.parametrize(
    ("held", "out", "kept"),
    [
        ("我住学校宿舍", "搬出来了", 0),
        ("我跟爷爷奶奶住一起", "上个月搬出来跟同学合租了", 1),
        ("I live with my aunt", "I moved out into a studio of my own", 1),
    ],
)
def test_moving_out_ends_the_home_shared(held: str, out: str, kept: int) -> None:
    current, ended = beliefs_after(OWNER, held, out, one_session=True)
    assert len(ended) == 1 and len(current) == kept, (current, ended)


def test_moving_out_leaves_the_city_held() -> None:
    _, ended = beliefs_after(OWNER, "我住在广州", "上周搬出来自己租房了", one_session=True)
    assert ended == [], ended


def test_a_friend_moving_out_leaves_my_dorm() -> None:
    _, ended = beliefs_after(OWNER, "我住学校宿舍", "我同学搬出去了", one_session=True)
    assert ended == [], ended


def test_based_in_a_city_as_chat_says_it() -> None:
    current, ended = beliefs_after(OWNER, "我住在杭州", "我现在base南京了", one_session=True)
    assert ended == ["用户住在杭州。"] and len(current) == 1, (current, ended)


@pytest.mark.parametrize(
    "back",
    [
        "head office is calling everyone back in 2 days a week from june, boo",
        "they're making us go into the office four days a week now, so it's hybrid",
        "we've gone hybrid since the merger",
    ],
)
def test_called_back_to_the_office_ends_working_from_home_full_time(back: str) -> None:
    _, ended = beliefs_after(OWNER, "I work from home full time", back, one_session=True)
    assert ended == ["The user works from home full time."], ended


def test_a_partner_called_back_in_leaves_mine() -> None:
    _, ended = beliefs_after(
        OWNER,
        "I work from home full time",
        "my husband has to go into the office three days a week now",
        one_session=True,
    )
    assert ended == [], ended


def test_days_a_week_are_no_date_to_come() -> None:
    current, _ = beliefs_after(OWNER, "for the food bank I only go in 2 days a week")
    assert all("2026" not in c for c in current) and current, current


@pytest.mark.parametrize(
    ("held", "down", "holds"),
    [
        ("I drink 5 teas a day", "down to 1 a day since the new year", "The user drinks 1 tea a day."),
        ("I swim 4 times a week", "down to one a week since my shoulder went", "The user swims 1 time a week."),
        (
            "I smoke about six rollies a day",
            "down to 2 a day now, patches help",
            "The user smokes about 2 rollies a day.",
        ),
    ],
)
def test_a_rate_moved_far_moves_the_rate_held(held: str, down: str, holds: str) -> None:
    current, ended = beliefs_after(OWNER, held, down, one_session=True)
    assert len(ended) == 1 and holds in current, (current, ended)


def test_a_count_in_a_word_with_no_rate_is_no_rate_moved() -> None:
    _, ended = beliefs_after(OWNER, "I have four kids", "down to 2 a day on the coffee", one_session=True)
    assert ended == [], ended


def test_a_state_denied_after_all_ends_the_state_held() -> None:
    current, ended = beliefs_after(
        OWNER, "I'm allergic to latex", "the clinic retested me and i'm NOT allergic after all", one_session=True
    )
    assert ended == ["The user is allergic to latex."], (current, ended)


@pytest.mark.parametrize(
    ("held", "now"),
    [
        ("my cat is called Pip", "it's Christmas now so the house is chaos"),
        ("I live in Bradford", "it's Ramadan now"),
        ("my rent is £900", "it's £20 now for a sandwich in town, crazy"),
    ],
)
def test_the_time_of_year_or_a_price_seen_renames_and_moves_nothing(held: str, now: str) -> None:
    _, ended = beliefs_after(OWNER, held, now, one_session=True)
    assert ended == [], ended


@pytest.mark.parametrize(
    ("held", "new"),
    [
        ("our landlord is Mr Osei", "the house got sold, new landlord is some firm called Brick Lettings"),
        ("our dentist is Dr Hale", "he retired, our new dentist's Dr Mensah"),
    ],
)
def test_the_new_holder_of_a_role_replaces_the_one_named(held: str, new: str) -> None:
    current, ended = beliefs_after(OWNER, held, new, one_session=True)
    assert ended == ["The user's " + held.removeprefix("our ") + "."], (current, ended)


@pytest.mark.parametrize("new", ["my new boss is lovely", "my cousin's new landlord is a nightmare"])
def test_how_a_new_one_is_or_someone_elses_replaces_nothing(new: str) -> None:
    _, ended = beliefs_after(OWNER, "our landlord is Mr Osei", new, one_session=True)
    assert ended == [], ended


@pytest.mark.parametrize(
    "switched", ["we switched to virgin for the speed, no regrets", "moved over to Sky last month"]
)
def test_sky_and_virgin_as_broadband_when_switched_to(switched: str) -> None:
    held = "our broadband is Virgin Media" if "Sky" in switched else "our broadband is Sky"
    _, ended = beliefs_after(OWNER, held, switched, one_session=True)
    assert len(ended) == 1, ended


def test_a_name_given_is_no_provider() -> None:
    _, ended = beliefs_after(OWNER, "my daughter is called Sky", "we switched to Virgin Media", one_session=True)
    assert ended == [], ended


@pytest.mark.parametrize(
    "held", ["I'm a nurse in Year 2 of training", "I teach in Spanish mostly", "I started a new job in March"]
)
def test_a_move_leaves_a_step_a_language_or_a_month_said_after_in(held: str) -> None:
    _, ended = beliefs_after(OWNER, held, "we moved to Leeds", one_session=True)
    assert ended == [], ended
