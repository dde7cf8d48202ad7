"""A quantity said alone as it is now ("it's 9 units now", "80 lengths now!", "its 100mcg from now on",
"$35 now"), one set by whoever sets it ("the dietitian has me on 140g a day", "they've put him on 5mg a
day", "the consultant increased Leo's Ritalin to 20mg"), a sum of one of the speaker's people named
as the belief names them ("Marisol put her rate up to $20/hr"), a thing whose sum moved named by one
word ("childcare's down to £520 now"), and a thing the speaker is on switched for another by name
("switched to Rigevidon in May", "the eye clinic swapped me onto Travatan") replace the one held.
The note kept is the one held with the new value in it ("The user does 9 units of insulin at night").

A quantity of another unit, a number moved of nothing held, another's switch, a switch with another
thing said in between, a provider's switch and a wish end nothing.

Words of my own (pure, the distiller's own functions)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from tests.support.said import beliefs_after

OWNER = Owner("quantities", "u")


def _replaced(held: str, said: str, gone: str, now: str | None = None) -> None:
    """After ``held`` then ``said`` (one session), a belief naming ``gone`` ended, and one naming
    ``now`` holds where given."""
    current, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert any(gone in e for e in ended), (current, ended)
    assert now is None or any(now in c for c in current), (current, ended)


def _kept(held: str, said: str) -> None:
    """After ``held`` then ``said`` (one session), nothing ended."""
    current, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert ended == [], (current, ended)


@pytest.mark.parametrize(
    ("held", "said", "gone", "now"),
    [
        ("I inject 10 units of insulin at night", "it's 9 units now", "10 units", "9 units of insulin"),
        ("I swim 50 lengths on Saturdays", "80 lengths now!", "50 lengths", "80 lengths on Saturdays"),
        (
            "I'm on 50mcg levothyroxine",
            "rang the surgery about my results and its 100mcg from now on",
            "50mcg",
            "100mcg levothyroxine",
        ),
        ("The parking permit is $20 a month", "$35 now, ridiculous", "$20", "$35"),
        ("I eat 110g of protein a day", "the dietitian has me on 140g a day", "110g", "140g of protein"),
        ("My dad takes 2.5mg bisoprolol", "they've put him on 5mg a day after the check-up", "2.5mg", "5mg bisoprolol"),
        (
            "Leo takes 10mg Ritalin before school",
            "the consultant increased Leo's Ritalin to 20mg",
            "10mg",
            "Leo takes 20mg Ritalin",
        ),
        ("I take 25mg sertraline", "the GP upped my dose to 50mg", "25mg", "50mg sertraline"),
        ("Our cleaner Marisol charges $16 an hour", "Marisol put her rate up to $20/hr in March", "$16", "$20"),
        ("Our son's childcare costs us £1,300 a month", "childcare's down to £520 now", "£1,300", "£520"),
        (
            "Our son's childcare costs us £1,300 a month",
            "with the free hours started, childcare's down to £520",
            "£1,300",
            "£520",
        ),
        ("I'm on Microgynon", "switched to Rigevidon in May, fewer headaches", "Microgynon", "Rigevidon"),
        ("My eye drops are Lumigan at night", "the eye clinic swapped me onto Travatan", "Lumigan", "Travatan"),
    ],
)
def test_a_quantity_said_now_set_by_another_or_a_name_switched_onto_replaces_the_one_held(
    held: str, said: str, gone: str, now: str
) -> None:
    _replaced(held, said, gone, now)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("I swim 50 lengths on Saturdays", "it's 40 minutes now"),  # another unit
        ("I swim 50 lengths on Saturdays", "my sister swims 80 lengths now"),
        ("I weigh 70kg", "the school cut the class size to 25"),  # nothing held of the class
        ("I'm on Microgynon", "my sister switched to Rigevidon"),
        ("I'm on Microgynon", "switched to Octopus for our gas and electric"),  # a provider's switch
        ("I'm on Microgynon", "thinking of switching to Rigevidon"),
        ("Our cleaner Marisol charges $16 an hour", "Bea put her rate up to $20/hr"),  # another's sum
        ("Our rent is £950 a month", "the family across the road had their rent put up to £1,100"),
    ],
)
def test_another_unit_anothers_switch_a_provider_or_a_wish_ends_nothing(held: str, said: str) -> None:
    _kept(held, said)


def test_a_name_switched_onto_after_something_else_was_said_ends_nothing() -> None:
    current, ended = beliefs_after(
        OWNER, "I'm on Microgynon", "I work at the Co-op in Leeds", "we switched to Figma last month", one_session=True
    )
    assert not any("Microgynon" in e for e in ended), (current, ended)


@pytest.mark.parametrize(
    ("held", "said", "gone"),
    [
        # a carer of the speaker's, by a role word of care, gone by a leaving of work
        ("My neurologist is Dr. Ambrose at St Luke's", "Dr. Ambrose retired in June, I see Dr. Patel now", "Ambrose"),
        ("Dad's carer is Wendy, she comes at lunchtime", "Wendy has left the agency, his new carer is Tomasz", "Wendy"),
        # the leaving said as a clause after what holds now, the child who has the teacher named too
        (
            "My daughter Mia has violin lessons with Mrs Hart",
            "Mia's violin teacher is a man called Joe, Mrs Hart retired at Easter",
            "Mrs Hart",
        ),
        (
            "Oscar's teacher this year is Mr Dunn",
            "Oscar's got Miss Webb as his teacher, Mr Dunn's gone on paternity leave",
            "Mr Dunn",
        ),
        # where one of the speaker's children goes, by the child's name or the word for them
        (
            "My son Theo goes to Rainbow Corner nursery",
            "Theo's at Little Sprouts now, Rainbow Corner closed",
            "Rainbow",
        ),
        (
            "Our kids go to Maple Grove Elementary",
            "we moved in June and the boys are at Cedar Park Elementary now",
            "Maple",
        ),
    ],
)
def test_a_carer_gone_or_a_child_placed_elsewhere_ends_the_one_held(held: str, said: str, gone: str) -> None:
    _replaced(held, said, gone)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("My daughter Mia goes to Rainbow Corner", "Mia's at her nan's now for the weekend"),
        ("My daughter Mia goes to Rainbow Corner", "my niece Ava is at Little Sprouts now"),
        ("My manager is Priya", "we had a team lunch and Priya left early"),
        ("My manager is Priya", "Priya's job sounds stressful"),
    ],
)
def test_a_stay_anothers_child_or_leaving_a_lunch_ends_nothing(held: str, said: str) -> None:
    _kept(held, said)


@pytest.mark.parametrize(
    ("held", "said", "gone", "now"),
    [
        # how often, in any of its words
        (
            "I see my counsellor every fortnight",
            "we've gone down to once a month now",
            "every fortnight",
            "once a month",
        ),
        (
            "I get my vitamin D jab every 10 weeks",
            "they've moved me to 6-weekly vitamin D jabs",
            "every 10",
            "jab every 6 weeks",
        ),
        ("我儿子的正畸每个月复查一次", "医生说现在两个月去一次就行", "每个月", "两个月"),
        # a day or a time of day of a thing named by one word
        (
            "Hydro for my knee is Mondays at 2",
            "hydro's moving to thursdays at 11 from next month",
            "Mondays",
            "thursdays",
        ),
        ("I go to the gym at 7am before work", "gym's in the evenings now, mornings were too much", "7am", "evenings"),
    ],
)
def test_how_often_or_a_things_day_or_time_of_day_moved_replaces_the_one_held(
    held: str, said: str, gone: str, now: str
) -> None:
    _replaced(held, said, gone, now)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("I see my counsellor every fortnight", "I go cycling once a week now"),  # another doing
        ("I see my counsellor every fortnight", "I do yoga once a week now too"),
        ("I see my counsellor every fortnight", "my brother sees his once a month now"),
        ("I do pilates on Tuesdays", "hydro's moving to thursdays"),  # no hydro held
        ("I go to the gym at 7am", "the canteen's at lunch now"),
    ],
)
def test_another_doing_anothers_or_a_thing_not_held_moves_nothing(held: str, said: str) -> None:
    _kept(held, said)


@pytest.mark.parametrize(
    ("held", "said", "gone"),
    [
        # one of the speaker's people or pets, or their thing, said with "我" dropped, is a note, and so moves
        ("小女儿在阳光幼儿园上学", "搬家以后小女儿转到星星幼儿园了", "阳光"),
        ("狗粮一直喂的是皇家", "皇家太贵了，换成渴望了", "皇家"),
    ],
)
def test_a_chinese_note_of_theirs_with_the_speaker_unsaid_is_kept_and_moves(held: str, said: str, gone: str) -> None:
    _replaced(held, said, gone)


@pytest.mark.parametrize("said", ["儿子每周三去学游泳", "猫的疫苗约在下周五", "女儿的钢琴课在少年宫上"])
def test_a_chinese_note_of_theirs_with_the_speaker_unsaid_is_a_belief(said: str) -> None:
    current, _ = beliefs_after(OWNER, said)
    assert len(current) == 1, current


@pytest.mark.parametrize(
    ("held", "said", "gone"),
    [
        # a role held anew, named after it ("a new childminder since May, Grace") or gone to now by title
        (
            "Our cleaner is Beata, she comes Fridays",
            "we've had a new cleaner since May, Grace, she's brilliant",
            "Beata",
        ),
        (
            "The kids' optician is Mr Shah in Leeds",
            "we're with an optician in town now, Mrs Doyle at Vision Plus",
            "Shah",
        ),
        # what one of the speaker's, by name, is on now
        ("Our dog Bruno is on Apoquel", "Bruno's on Cytopoint now, the tablets stopped working", "Apoquel"),
    ],
)
def test_a_role_held_anew_or_what_one_of_theirs_is_on_now_replaces_the_one_held(
    held: str, said: str, gone: str
) -> None:
    _replaced(held, said, gone)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("Our cleaner is Beata", "my sister has got a new cleaner, Grace"),
        ("My GP is Dr Khan", "we're with a new vet now, Dr Ellis"),
        ("Our dog Bruno is on Apoquel", "Max is on Cytopoint now"),
    ],
)
def test_anothers_new_holder_another_role_or_another_pet_ends_nothing(held: str, said: str) -> None:
    _kept(held, said)


@pytest.mark.parametrize(
    ("held", "said", "gone"),
    [
        # a run of weekdays after one 周, or bare after a word of change
        ("我爸的理疗是周二四六", "医院改了时间，现在是周一三五", "周二四六"),
        ("女儿每周一、三去学画画", "画画改成二四了", "周一、三"),
        # the same doing at another place
        ("我在同仁医院看眼睛", "那边太挤了，转到爱尔眼科看了", "同仁"),
        ("儿子的篮球课在体育馆上", "篮球课换到学校操场上了", "体育馆"),
    ],
)
def test_chinese_days_in_a_run_or_a_doing_moved_elsewhere_replace_the_one_held(held: str, said: str, gone: str) -> None:
    _replaced(held, said, gone)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("我每周二四去健身", "我妈每周一去跳舞"),
        ("我在同仁医院看眼睛", "我妈转到爱尔眼科看了"),
        ("我在新东方学英语", "我想转到华尔街去学"),
    ],
)
def test_chinese_anothers_days_anothers_move_or_a_wish_ends_nothing(held: str, said: str) -> None:
    _kept(held, said)


@pytest.mark.parametrize(
    ("held", "said", "gone", "now"),
    [
        # a Chinese slip put right with a number of a measure of its own, or a handle in Latin letters
        ("女儿练跆拳道，已经红带2段了", "我说错了，是1段", "2段", "1段"),
        ("公司的网速是200兆", "哦不是 是1000兆 我看错了", "200兆", "1000兆"),
        ("我的网球拍穿线是24磅", "错了错了 23磅", "24磅", "23磅"),
        ("我的QQ邮箱前缀是lihua_2019", "打错了 应该是lihua_2018", "lihua_2019", "lihua_2018"),
    ],
)
def test_a_chinese_slip_put_right_with_its_own_measure_or_a_handle_corrects_it(
    held: str, said: str, gone: str, now: str
) -> None:
    _replaced(held, said, gone, now)


def test_wrong_said_before_a_day_of_its_own_corrects_nothing() -> None:
    current, ended = beliefs_after(OWNER, "我每天跑5公里", "错了，今天跑了6公里", one_session=True)
    assert ended == [], (current, ended)


@pytest.mark.parametrize(
    ("held", "said", "gone"),
    [
        # one who does a work for the speaker, gone; a neighbour gone to live elsewhere
        (
            "A lad called Ryan cleans our windows every month",
            "Ryan retired so we've found a firm called ClearView",
            "Ryan",
        ),
        ("Our neighbour across the road is a lady called Joan", "Joan sold up and went to live with her son", "Joan"),
        # the days one of the speaker's people can come now; a thing's day or clock time said by one word
        ("Our gardener Piotr comes every Wednesday", "Piotr can only do Fridays from now on", "Wednesday"),
        ("I do the big shop on Sundays", "the big shop's a Thursday job now, the shops are quieter", "Sundays"),
        ("We have tea at 5:30 with the kids", "tea's at 6:15 these days with all the clubs", "5:30"),
    ],
)
def test_one_who_works_for_the_speaker_gone_or_their_days_or_a_things_time_moved_replaces_it(
    held: str, said: str, gone: str
) -> None:
    _replaced(held, said, gone)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("Our gardener Piotr comes every Wednesday", "Maria can only do Fridays from now on"),
        ("We have tea at 5:30", "I get up at 7 || breakfast's at 8 now"),
        ("A lad called Ryan cleans our windows", "Ryan went on holiday last week"),
    ],
)
def test_anothers_days_another_meals_time_or_a_holiday_ends_nothing(held: str, said: str) -> None:
    current, ended = beliefs_after(OWNER, held, *said.split(" || "), one_session=True)
    assert ended == [], (current, ended)


@pytest.mark.parametrize(
    ("held", "said", "gone"),
    [
        ("we've got the Spotify Duo plan", "upgraded to Family in June so the kids get their own", "Duo"),
        ("My piano teacher is a woman called Ines", "Ines moved to Lisbon, a man called Karl teaches me now", "Ines"),
    ],
)
def test_a_plan_had_upgraded_or_a_teacher_moved_away_ends_the_one_held(held: str, said: str, gone: str) -> None:
    _replaced(held, said, gone)
