"""What is told before a question is kept; a comment after a fact is no part of it; a slip
explained after the value it denies still puts the value right; a home said with "in" alone is
a home; a role held "for two weeks now" is the job; a partner called "hubby" is the husband.

"we foster, when's the next training day?" keeps "fosters"; "I get paid on the 15th, when should
the rent go out?" keeps the payday. "I'm allergic to pollen, which is fun" is the allergy, "which
is fun" no part of it. "it's a 5k, not a marathon, sorry, totally different training" puts the
marathon right, the tail being how the slip came about. "we're in leeds" then "we moved to York"
ends the Leeds; "I live in Leeds" then "actually we're in Harrogate" ends the Leeds. Words of my
own (pure, the distiller's own functions)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from tests.support.said import beliefs_after

OWNER = Owner("told-then-asked", "u")


@pytest.mark.parametrize(
    ("message", "kept"),
    [
        ("we foster, when's the next training day?", "The user fosters."),
        ("I get paid on the 15th, when should the rent go out?", "The user gets paid on the 15th."),
        ("I'm a welder, reckon a standing desk would help my back?", "The user is a welder."),
        ("I freelance, any tips for invoicing?", "The user freelances."),
        ("I cycle to work most days, lunch ideas?", "The user cycles to work most days."),
    ],
)
def test_what_is_told_before_a_question_is_kept(message: str, kept: str) -> None:
    current, _ = beliefs_after(OWNER, message)
    assert kept in current, current


def test_a_question_alone_keeps_nothing() -> None:
    current, _ = beliefs_after(OWNER, "when's the best time to plant garlic?")
    assert current == []


@pytest.mark.parametrize(
    ("message", "both"),
    [
        ("Our cat Miso sleeps on the radiator and I'm allergic to pollen, which is fun", 2),
        ("I'm vegan and my wife's a butcher, so you can imagine the dinners", 2),
    ],
)
def test_a_comment_after_a_fact_is_no_part_of_it(message: str, both: int) -> None:
    current, _ = beliefs_after(OWNER, message)
    assert len(current) == both and not any("fun" in c or "imagine" in c for c in current), current


def test_a_relation_said_with_s_and_an_article_has_its_job_read() -> None:
    current, ended = beliefs_after(
        OWNER, "my wife's a paramedic", "she retired in the spring after 25 years", one_session=True
    )
    assert ended == ["The user's wife is a paramedic."], (current, ended)


@pytest.mark.parametrize(
    ("held", "slip", "now"),
    [
        (
            "I'm training for a marathon in October",
            "it's a 5k, not a marathon, sorry, totally different training",
            "The user is training for a 5k in October 2026.",
        ),
        (
            "we have a tabby called Biscuit",
            "typo before, she's Bisque not Biscuit, my son named her after the soup",
            "The user has a tabby called Bisque.",
        ),
    ],
)
def test_a_slip_explained_after_the_denied_value_still_puts_it_right(held: str, slip: str, now: str) -> None:
    current, ended = beliefs_after(OWNER, held, slip)
    assert len(ended) == 1 and now in current, (current, ended)


def test_a_denial_then_more_told_with_and_is_not_cut() -> None:
    current, _ = beliefs_after(OWNER, "it's a 5k, not a marathon, and I run with my sister")
    assert not any(c.endswith("not a marathon.") for c in current) or len(current) > 1, current


@pytest.mark.parametrize(
    ("where", "moved"),
    [
        ("we're in leeds, love it here", "we moved to York last month"),
        ("I'm in Bristol", "relocated to Cardiff in March"),
        ("我在杭州", "我们已经搬到南京了"),
    ],
)
def test_a_move_ends_where_the_speaker_was_said_to_be(where: str, moved: str) -> None:
    _, ended = beliefs_after(OWNER, where, moved)
    assert len(ended) == 1, ended


def test_a_home_put_right_with_in_alone_ends_the_home() -> None:
    _, ended = beliefs_after(OWNER, "I live in Leeds", "actually we're in Harrogate, Leeds is just easier to say")
    assert ended == ["The user lives in Leeds."]


@pytest.mark.parametrize(
    "there",
    [
        "I'm in Glasgow this weekend for a wedding",  # a time beside it: a visit
        "I'm in Glasgow",  # no change said: where they are today
        "I'm in college",  # a state one is in, no place
    ],
)
def test_being_somewhere_ends_no_home(there: str) -> None:
    current, ended = beliefs_after(OWNER, "I live in Leeds", there)
    assert ended == [] and "The user lives in Leeds." in current, (current, ended)


def test_a_state_one_is_in_is_not_ended_by_a_move() -> None:
    _, ended = beliefs_after(OWNER, "I'm in college", "we moved to Denver")
    assert ended == []


@pytest.mark.parametrize(
    ("held", "gone"),
    [
        ("my hubby drives for Uber", "he got let go last week, so he's looking"),
        ("my dad's a carpenter", "he finally hung up his tools in June"),
        ("my mum works at the council", "she was made redundant in March"),
    ],
)
def test_a_job_lost_or_given_up_by_pronoun_ends_it(held: str, gone: str) -> None:
    _, ended = beliefs_after(OWNER, held, gone, one_session=True)
    assert len(ended) == 1, ended


def test_a_role_held_for_a_while_now_is_the_job() -> None:
    current, ended = beliefs_after(
        OWNER, "I'm a barista at a cafe", "I've been a dental nurse for three weeks now, loving it"
    )
    assert ended == ["The user is a barista at a cafe."], (current, ended)


@pytest.mark.parametrize("not_a_job", ["I've been a vegetarian for 5 years now", "I'm an Australian"])
def test_a_diet_or_a_people_is_no_job(not_a_job: str) -> None:
    current, ended = beliefs_after(OWNER, "I'm a pharmacist", not_a_job)
    assert ended == [] and "The user is a pharmacist." in current, (current, ended)


@pytest.mark.parametrize(
    ("message", "clauses"),
    [
        ("我有哮喘，偏偏又在面粉厂上班", 2),
        ("我是开网约车的，家里还有两个娃要养", 2),
        ("女儿在读初二，我自己在考会计证", 2),
        ("我刚辞职，下个月准备去成都读研", 2),
        ("我家的狗是捡的，结果我自己对狗毛过敏", 2),
    ],
)
def test_two_chinese_facts_in_one_sentence_are_two(message: str, clauses: int) -> None:
    current, _ = beliefs_after(OWNER, message)
    assert len(current) >= clauses, current


def test_a_thing_named_after_a_comma_is_the_owner_said_before() -> None:
    current, ended = beliefs_after(
        OWNER, "I use a Galaxy S22", "my son just got his first phone, a Moto G, can I limit screen time on it?"
    )
    assert ended == [] and "The user uses a Galaxy S22." in current, (current, ended)


@pytest.mark.parametrize(
    ("held", "switched"),
    [
        ("I'm on O2, unlimited data", "moved my number over to Smarty last week, so much cheaper"),
        ("we're with BT broadband, 60 quid a month", "we've jumped ship to Hyperoptic, twice as fast"),
        ("our electricity is with British Gas", "switched to Octopus in May"),
    ],
)
def test_a_provider_switched_to_by_name_replaces_the_one_held(held: str, switched: str) -> None:
    _, ended = beliefs_after(OWNER, held, switched)
    assert len(ended) == 1, ended


@pytest.mark.parametrize("search", ["how to reset a router", "what to wear to a job interview"])
def test_a_search_typed_as_chat_is_no_fact(search: str) -> None:
    current, _ = beliefs_after(OWNER, search)
    assert current == []


@pytest.mark.parametrize(
    ("held", "now"),
    [
        ("I do yoga Mon Wed at 7am", "since June I've been doing tues and thurs evenings instead"),
        ("I swim on Saturdays", "I swim on Sundays now, the pool changed its hours"),
    ],
)
def test_the_days_a_thing_is_done_on_changed(held: str, now: str) -> None:
    _, ended = beliefs_after(OWNER, held, now)
    assert ended == [f"The user {held.removeprefix('I ').replace('do ', 'does ').replace('swim ', 'swims ')}."]


@pytest.mark.parametrize(
    "also",
    ["I also swim on Sundays now", "my son swims on Sundays now", "I swim on Saturdays and Sundays"],
)
def test_a_day_added_or_anothers_ends_no_days(also: str) -> None:
    _, ended = beliefs_after(OWNER, "I swim on Saturdays", also)
    assert ended == [], ended


def test_the_kids_starting_at_a_school_change_their_school() -> None:
    current, ended = beliefs_after(
        OWNER, "my kids go to Hillside Primary", "the kids started at Brookfield this week, new uniforms and all"
    )
    assert ended == ["The user's kids go to Hillside Primary."], (current, ended)


def test_a_child_starting_somewhere_is_no_job_of_the_speaker() -> None:
    current, ended = beliefs_after(OWNER, "I work at Lidl", "my daughter started at Brookfield this week")
    assert ended == [] and "The user works at Lidl." in current, (current, ended)


@pytest.mark.parametrize(
    ("held", "now"),
    [
        ("my son is in kindergarten", "can't believe he's a first grader now"),
        ("my daughter is in 4th grade", "she's a fifth grader now"),
    ],
)
def test_a_grade_said_as_a_grader_moves_the_school_year(held: str, now: str) -> None:
    _, ended = beliefs_after(OWNER, held, now, one_session=True)
    assert len(ended) == 1, ended


def test_surprise_said_first_keeps_the_news() -> None:
    current, _ = beliefs_after(OWNER, "I can't believe my sister is moving to Perth")
    assert any("sister" in c and "Perth" in c for c in current), current


def test_chinese_kin_said_in_speech_is_one_of_the_speakers_people() -> None:
    current, _ = beliefs_after(OWNER, "我闺女在学小提琴")
    assert current == ["用户闺女在学小提琴。"], current


@pytest.mark.parametrize(
    ("held", "changed"),
    [
        ("I'm on Vodafone, 20gb a month", "switched to Lebara last month, half the price"),
        ("we're renting in Morningside, 1100 a month", "signed for a flat in Leith, moved in on Saturday"),
        ("my landlord is a woman called Maggie who lives upstairs", "Maggie sold up, my landlord is Savills now"),
        ("our estate agent is Purplebricks", "the house sale fell through, no more Purplebricks thank god"),
        ("I work days at the depot", "scrap that, they moved me onto nights from Monday"),
    ],
)
def test_a_change_told_with_the_speaker_dropped_replaces_what_held(held: str, changed: str) -> None:
    _, ended = beliefs_after(OWNER, held, changed)
    assert len(ended) == 1, ended


def test_a_standing_things_day_said_with_its_doing_first_is_kept() -> None:
    current, _ = beliefs_after(OWNER, "swimming's on Wednesdays now, the pool changed its hours")
    assert any("Wednesdays" in c for c in current), current


def test_a_doubt_after_a_statement_keeps_the_statement() -> None:
    current, _ = beliefs_after(OWNER, "my coach moved me up to the A team, apparently I've improved??")
    assert any("A team" in c for c in current), current


def test_a_figure_owned_wrong_is_put_right() -> None:
    current, ended = beliefs_after(
        OWNER, "my rent is 950 a month", "sorry that figure's wrong, it's 1050, forgot the increase"
    )
    assert ended == ["The user's rent is 950 a month."] and "The user's rent is 1050 a month." in current


@pytest.mark.parametrize("asked", ["any good podcasts for a long drive", "any decent cafes near Kings Cross"])
def test_any_good_said_first_is_a_question(asked: str) -> None:
    current, _ = beliefs_after(OWNER, asked)
    assert current == []


@pytest.mark.parametrize(
    ("held", "related"),
    [
        ("I live in Cardiff", "we went up to Chester for my aunt's 70th at the weekend, first time back in ages"),
        ("we're with EDF for gas and electric", "the neighbours just switched to EDF too after we recommended it"),
        ("I've got a Pixel 7", "got my dad a Pixel 8 for his birthday"),
        ("我儿子在上小学", "他最好的朋友下学期要转学"),
        ("我在抖音上做美食博主", "昨天跟一个大V合拍了，涨了好多粉"),
    ],
)
def test_a_trip_a_gift_or_anothers_change_replaces_nothing(held: str, related: str) -> None:
    current, ended = beliefs_after(OWNER, held, related, one_session=True)
    assert ended == [], (current, ended)


@pytest.mark.parametrize(
    ("message", "kept"),
    [
        ("my shift starts at 5am so how do I get to sleep early?", "The user's shift starts at 5am."),
        ("been a plumber for donkey's years, what's a good van?", "The user has been a plumber for donkey's years."),
        (
            "I've got a greenhouse in the garden and I keep three tomato plants in it",
            "The user keeps three tomato plants in it.",
        ),
    ],
)
def test_a_fact_said_before_an_ask_or_of_a_thing_counted_is_kept(message: str, kept: str) -> None:
    current, _ = beliefs_after(OWNER, message)
    assert kept in current, current


def test_an_age_and_a_state_are_two() -> None:
    current, _ = beliefs_after(OWNER, "I'm 31 and lactose intolerant, any dessert ideas?")
    assert current == ["The user is 31.", "The user is lactose intolerant."], current


def test_been_said_of_a_time_is_no_fact() -> None:
    current, _ = beliefs_after(OWNER, "Been a long week, honestly")
    assert current == [], current


def test_an_age_said_beside_a_doing_is_an_age_a_birthday_moves() -> None:
    current, ended = beliefs_after(
        OWNER, "my son's 12 and wants a phone", "he turned 13 on Sunday, so I guess it's time", one_session=True
    )
    assert ended == ["The user's son is 12."] and "The user's son wants a phone." in current, (current, ended)


@pytest.mark.parametrize(
    ("held", "gone"),
    [
        ("I've got a Polo on a lease", "handed the Polo back in March, bought an old Yaris outright"),
        ("we've got a Land Cruiser for the farm", "the Land Cruiser finally carked it, we're running a Hilux now"),
        ("I drive a Fiesta", "sold the Fiesta last week, I cycle everywhere now"),
    ],
)
def test_a_car_given_back_sold_or_dead_ends(held: str, gone: str) -> None:
    _, ended = beliefs_after(OWNER, held, gone)
    assert len(ended) == 1, ended


def test_a_car_taken_somewhere_is_still_held() -> None:
    current, ended = beliefs_after(OWNER, "I drive a Fiesta", "took the Fiesta to the garage for its MOT")
    assert ended == [] and "The user drives a Fiesta." in current, (current, ended)


@pytest.mark.parametrize(
    ("held", "switched"),
    [
        ("我的车险一直在太平洋保险买的", "今年续保换平安了"),
        ("our car insurance is with Admiral", "switched the car insurance to Direct Line at renewal"),
    ],
)
def test_an_insurer_switched_to_by_name_replaces_the_one_held(held: str, switched: str) -> None:
    _, ended = beliefs_after(OWNER, held, switched)
    assert len(ended) == 1, ended


def test_something_done_to_the_speaker_by_a_boss_is_the_speakers() -> None:
    current, _ = beliefs_after(OWNER, "老板把我调到销售部了")
    assert current and all(not c.startswith("用户老板") for c in current), current


@pytest.mark.parametrize(
    ("held", "moved"),
    [
        ("we live in Reading", "sold up and we're in a cottage in Whitby now, right by the sea"),
        ("I stay in Bedok with my parents", "got our flat keys and shifted to Sengkang last weekend"),
    ],
)
def test_a_new_home_said_by_where_it_is_or_by_its_keys_ends_the_old(held: str, moved: str) -> None:
    _, ended = beliefs_after(OWNER, held, moved)
    assert len(ended) == 1, ended


def test_a_room_one_is_in_is_no_home() -> None:
    current, ended = beliefs_after(OWNER, "I live in Leeds", "we're in a meeting now")
    assert ended == [] and "The user lives in Leeds." in current, (current, ended)


def test_a_new_employer_ends_a_job_said_at_another_named_place() -> None:
    _, ended = beliefs_after(
        OWNER, "I am working in TCS Chennai as a developer", "I have joined Infosys Mysore from last month only"
    )
    assert ended == ["The user is working in TCS Chennai as a developer."], ended


def test_someone_elses_new_employer_ends_no_job_of_the_speaker() -> None:
    _, ended = beliefs_after(OWNER, "I'm working in London as a designer", "my wife joined Google last week")
    assert ended == [], ended


def test_the_ending_of_a_slip_put_right_names_the_value_that_was_wrong() -> None:
    """An auditor reads why a belief ended: "was 10k", the value the correction named, not the
    month the belief's slot happens to hold."""
    from datetime import UTC, datetime

    from ledgermind.distill import DeltaItem, ExtractionContext, RuleExtractor
    from ledgermind.distill.reconcile import reconcile
    from ledgermind.domain import bitemporal
    from ledgermind.write.beliefs import Invalidate
    from tests.support.said import blind_probe

    beliefs: dict[str, object] = {}
    reasons: list[str] = []
    for seq, text in enumerate(["I'm training for a 10k in April", "it's a half marathon, not a 10k, sorry"], 1):
        at = datetime(2026, 2 + seq, 1, tzinfo=UTC)
        item = DeltaItem("s", seq, "user", text, at, seq)
        extraction = RuleExtractor().extract(ExtractionContext(OWNER, "s", (item,), None, at))
        current = [b for b in beliefs.values() if b.status == bitemporal.CURRENT]  # type: ignore[attr-defined]
        changes = reconcile(OWNER, extraction, current)
        reasons += [c.reason for c in changes if isinstance(c, Invalidate)]
        blind_probe.governance_eval._fold(OWNER, beliefs, changes)
    assert len(reasons) == 1 and "(was 10k;" in reasons[0], reasons
