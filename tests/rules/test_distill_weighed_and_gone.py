"""A move only weighed changes no home; a person who left ends the role they held; news is
announced before it is told; a denial keeps its reasons; a bare age is an age.

"thinking about moving to Leeds" or "we might relocate to Porto" is no new home, and the home held
stays. "Dr. Hale retired" ends "my GP is Dr. Hale on Mill Road" (the street is no other person,
nor a weekday); "Sam quit" ends "my team lead is Sam". "please note that ...", "long story short,",
"don't judge me but ..." announce what follows; "change of plans: ..." replaces the plan it names.
"I'm actually not allergic to X, the rash was eczema" denies the allergy, its reason after a comma.
"I'm 41 btw" is an age, later replaced by another; "explain it like I'm 5" is none. News learned of
a product is not the speaker's change; "still ..." says nothing changed. Words of my own (pure,
the distiller's own functions)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from tests.support.said import beliefs_after

OWNER = Owner("weighed", "u")


@pytest.mark.parametrize(
    "weighed",
    [
        "honestly thinking about moving to Leeds at some point, nothing's decided",
        "we might relocate to Porto if the job comes through",
        "I'd love to live in Lisbon one day",
        "we're considering moving to the coast",
    ],
)
def test_a_move_only_weighed_keeps_the_home(weighed: str) -> None:
    current, ended = beliefs_after(OWNER, "I live in Manchester", weighed)
    assert ended == [] and "The user lives in Manchester." in current, (current, ended)


def test_a_move_decided_still_replaces_the_home() -> None:
    _, ended = beliefs_after(OWNER, "I live in Manchester", "we moved to Bristol in March")
    assert ended == ["The user lives in Manchester."]


@pytest.mark.parametrize(
    ("held", "gone"),
    [
        ("My GP is Dr. Hale on Mill Road", "Hale retired last month, so I need a new doctor"),
        ("My physio is Nina, every Thursday", "Nina retired 😢"),
        ("My team lead is Sam", "Sam quit"),
    ],
)
def test_a_person_who_left_ends_the_role_they_held(held: str, gone: str) -> None:
    _, ended = beliefs_after(OWNER, held, gone, one_session=True)
    assert len(ended) == 1, ended


def test_a_leaving_denied_ends_nothing() -> None:
    current, ended = beliefs_after(OWNER, "My team lead is Sam", "Sam didn't quit after all", one_session=True)
    assert ended == [] and "The user's team lead is Sam." in current, (current, ended)


@pytest.mark.parametrize(
    ("held", "told"),
    [
        ("I follow Liverpool", "ok don't judge me but I support Everton now"),
        (
            "I work as a receptionist at Kemp & Sons.",
            "Please note that as of 3 June I have taken up a post as a clerk.",
        ),
        ("I work as a receptionist at Kemp & Sons.", "Long story short, I took a job as a clerk at the council."),
        ("we're doing the reunion at my place this summer", "change of plans: the reunion's at my cousin's farm now"),
    ],
)
def test_news_announced_before_it_is_told(held: str, told: str) -> None:
    current, ended = beliefs_after(OWNER, held, told)
    assert ended and len(current) == 1, (current, ended)


@pytest.mark.parametrize(
    "denied",
    [
        "I'm actually not allergic to latex, the rash was eczema all along",
        "so the test came back and I'm really NOT allergic to latex, it was the soap",
    ],
)
def test_a_denial_keeps_its_reasons(denied: str) -> None:
    _, ended = beliefs_after(OWNER, "I'm allergic to latex", denied)
    assert ended == ["The user is allergic to latex."]


def test_a_bare_age_is_an_age() -> None:
    current, ended = beliefs_after(OWNER, "I'm 41 btw", "no wait, I'm 42 now")
    assert ended == ["The user is 41."] and current == ["The user is 42."], (current, ended)


@pytest.mark.parametrize("said", ["explain it like I'm 5", "I'm 5 minutes away", "I'm 100% sure"])
def test_a_number_after_i_am_that_is_no_age(said: str) -> None:
    current, _ = beliefs_after(OWNER, said)
    assert not any(c.startswith("The user is ") and c.rstrip(".")[-1].isdigit() for c in current), current


@pytest.mark.parametrize(
    ("held", "then"),
    [
        ("I edit in Premiere", "just read that premiere has an AI cut tool now, wild"),
        ("我在学驾照", "还在学，科目二第二次了"),
        ("I'm training for the Boston marathon", "still training, long run was 18 miles today"),
    ],
)
def test_news_of_a_thing_or_what_goes_on_changes_nothing(held: str, then: str) -> None:
    _, ended = beliefs_after(OWNER, held, then)
    assert ended == [], ended


@pytest.mark.parametrize(
    "passed_on",
    [
        "the report said the average Brit eats 2 takeaways a week, sounds low?",
        "I read that sloths can hold their breath for 40 minutes, is that real",
        "a survey found most people check email 15 times a day",
    ],
)
def test_what_a_source_says_is_nobodys(passed_on: str) -> None:
    current, _ = beliefs_after(OWNER, passed_on)
    assert current == [], current


def test_what_a_source_says_of_the_speakers_own_is_kept() -> None:
    current, _ = beliefs_after(OWNER, "I read that my landlord is selling the building")
    assert current, current


def test_someone_living_with_the_speaker_and_moving_in_is_one_home() -> None:
    current, ended = beliefs_after(OWNER, "my nephew lives with us now, he moved in last spring")
    assert ended == [] and len(current) == 2, (current, ended)


@pytest.mark.parametrize(
    ("said", "notes"),
    [
        ("我不抽烟，也不喝咖啡", 2),
        ("我老家是四川的，现在在苏州工作", 2),
        ("我是中学数学老师，业余在小红书做手工博主", 2),
        ("我对海鲜过敏，吃虾就起疹子", 1),  # a condition and what follows it says why: one note
    ],
)
def test_a_chinese_sentence_of_two_facts_is_two_notes(said: str, notes: int) -> None:
    current, _ = beliefs_after(OWNER, said)
    assert len(current) == notes, current


@pytest.mark.parametrize(("said"), ["一直都是热刺球迷", "这阵子迷上了攀岩"])
def test_a_chinese_fact_with_the_speaker_dropped_is_kept(said: str) -> None:
    current, _ = beliefs_after(OWNER, said)
    assert current and current[0].startswith("用户"), current


@pytest.mark.parametrize("said", ["现在的年轻人都不愿意生孩子了", "很多人都在考公"])
def test_people_at_large_are_no_ones_fact(said: str) -> None:
    current, _ = beliefs_after(OWNER, said)
    assert current == [], current


@pytest.mark.parametrize(
    ("held", "then"),
    [
        ("我在阿里做运营", "前阵子跳槽了，现在在拼多多"),
        ("我是研二学生", "终于毕业啦！下个月入职"),
        ("我爸住在山东老家", "我爸搬过来跟我们一起住了"),
        ("叫我阿杰就行", "以后叫我杰哥吧"),
    ],
)
def test_a_chinese_change_said_in_passing(held: str, then: str) -> None:
    _, ended = beliefs_after(OWNER, held, then)
    assert len(ended) == 1, ended


def test_told_to_do_is_no_name_to_be_called() -> None:
    current, _ = beliefs_after(OWNER, "叫我别担心")
    assert not any("希望助手" in c for c in current), current


@pytest.mark.parametrize(
    ("held", "then"),
    [
        ("I'm reading Middlemarch at the moment", "finished Middlemarch on the flight yesterday"),
        ("I take 20mg citalopram every morning", "my GP weaned me off the citalopram over the winter"),
        ("I sing in a community choir", "I'm out of the choir now, too many clashes"),
    ],
)
def test_a_thing_under_way_finished_or_left(held: str, then: str) -> None:
    _, ended = beliefs_after(OWNER, held, then)
    assert len(ended) == 1, ended


def test_she_who_retired_is_the_one_named_in_a_role() -> None:
    _, ended = beliefs_after(OWNER, "My GP is Dr. Okoye", "she retired over the summer", one_session=True)
    assert ended == ["The user's GP is Dr. Okoye."]


def test_she_is_never_the_son() -> None:
    current, ended = beliefs_after(
        OWNER, "my son's coach this season is Mrs. Lund", "she went on maternity leave", one_session=True
    )
    assert ended == ["The user's son's coach this season is Mrs. Lund."], (current, ended)
    assert not any("son went" in c for c in current), current


def test_two_of_theirs_in_roles_leave_she_open() -> None:
    _, ended = beliefs_after(OWNER, "My GP is Dr. Okoye", "my dentist is Dr. Vance", "she retired", one_session=True)
    assert ended == []


def test_two_people_of_theirs_each_with_a_verb_are_two_notes() -> None:
    current, _ = beliefs_after(OWNER, "My husband Tariq is a pilot and our daughter Noor just turned 3.")
    assert len(current) == 2, current


@pytest.mark.parametrize(
    ("held", "then"),
    [
        ("Our accountant is Ms. Rhee", "the firm changed hands, our accountant is now some outfit called Ledgerly"),
        ("I'm 52 btw", "actually I turned 53 on friday, totally forgot"),
        ("We have book club every Thursday at 7", "they've officially moved book club to wednesdays at 8"),
        ("I'm single and really enjoying it", "update: I have a boyfriend now"),
        ("I live in Chennai", "we shifted to Hyderabad in June"),
        ("I'm staying with my aunt in Kochi", "shifted to my own place in Mumbai last month"),
        ("I'm 30 weeks pregnant", "our baby girl is here!! born tuesday night"),
        ("I'm employed as a staff nurse at Mercy", "I was promoted to charge nurse earlier this month"),
    ],
)
def test_an_ordinary_change_said_in_passing(held: str, then: str) -> None:
    _, ended = beliefs_after(OWNER, held, then)
    assert ended, ended


def test_a_time_moved_with_its_day_is_said_whole() -> None:
    current, _ = beliefs_after(OWNER, "We have standup every Monday at 9", "they've moved standup to thursdays at 11")
    assert current == ["The user has standup every thursday at 11."], current


def test_a_word_shouted_is_no_name() -> None:
    current, _ = beliefs_after(OWNER, "I'm NOT a morning person")
    assert not any("name" in c for c in current), current


def test_still_at_it_with_something_new_now_changes_nothing() -> None:
    _, ended = beliefs_after(OWNER, "I'm learning the cello", "still practising daily, on vibrato now")
    assert ended == [], ended


@pytest.mark.parametrize(
    ("held", "then"),
    [
        ("我女朋友叫小雅", "和小雅分了，别再提了"),
        ("我一直单着", "我脱单啦"),
    ],
)
def test_a_chinese_couple_ended_or_begun(held: str, then: str) -> None:
    _, ended = beliefs_after(OWNER, held, then)
    assert len(ended) == 1, ended


@pytest.mark.parametrize(
    ("held", "weighed"), [("我在央企上班", "最近在考虑跳槽去私企"), ("我住在成都", "打算明年搬到重庆")]
)
def test_a_chinese_move_only_weighed_keeps_what_holds(held: str, weighed: str) -> None:
    _, ended = beliefs_after(OWNER, held, weighed)
    assert ended == [], ended


@pytest.mark.parametrize("said", ["我是会计，老家在湖南岳阳", "我是夜猫子，另外有点恐高", "前年查出来有糖尿病"])
def test_more_chinese_facts_kept(said: str) -> None:
    current, _ = beliefs_after(OWNER, said)
    assert len(current) == (1 if said.startswith("前年") else 2), current


@pytest.mark.parametrize(
    ("held", "then"),
    [
        ("I freelance part-time, maybe 15 hours a week", "freelancing has gone full-time since the spring"),
        ("I'm a cat person through and through", "ok I've become a dog person since we got Biscuit"),
        ("My son is in Year 2", "he's just gone into Year 3"),
    ],
)
def test_one_of_two_said_again_replaces_the_other(held: str, then: str) -> None:
    _, ended = beliefs_after(OWNER, held, then, one_session=True)
    assert len(ended) == 1, ended


def test_two_kinds_of_person_are_two_traits() -> None:
    _, ended = beliefs_after(OWNER, "I'm a night person", "I'm a people person")
    assert ended == [], ended


def test_she_has_just_gone_is_has() -> None:
    current, _ = beliefs_after(OWNER, "My niece is in Year 6", "she's just gone into Year 7", one_session=True)
    assert "The user's niece has just gone into Year 7." in current, current


def test_a_denial_of_a_word_or_two_ends_no_longer_belief() -> None:
    """ "didn't do too great" is no denial of "has been doing great, won the regional": the
    belief says more than the denial takes back."""
    _, ended = beliefs_after(
        OWNER, "I've been doing great, I just won the regional chess open", "I didn't do too great, even though I tried"
    )
    assert ended == [], ended


def test_read_that_book_is_the_speakers_own() -> None:
    current, _ = beliefs_after(OWNER, "I read that book and loved it")
    assert current, current


@pytest.mark.parametrize(
    ("held", "then"),
    [
        ("our cat eats Whiskas", "the vet put her on a renal diet, it's all she gets now"),
        ("my dog eats Royal Canin", "vet told us to switch him to a grain-free kibble"),
        ("our dog Pip eats Acana", "the vet put the little guy on a hypoallergenic food"),
    ],
)
def test_a_vet_putting_a_pet_on_a_food_replaces_what_it_ate(held: str, then: str) -> None:
    _, ended = beliefs_after(OWNER, held, then, one_session=True)
    assert len(ended) == 1, ended


def test_a_rank_got_replaces_the_one_held() -> None:
    _, ended = beliefs_after(OWNER, "I'm a junior developer", "got the senior developer title last month")
    assert ended == ["The user is a junior developer."], ended


def test_a_weekly_day_said_as_it_is_now_after_a_request() -> None:
    current, ended = beliefs_after(
        OWNER,
        "my piano lesson is tuesdays at 5",
        "could you remind me what to practise? it's on thursdays at 6 now btw",
        one_session=True,
    )
    assert ended == ["The user's piano lesson is tuesdays at 5."], (current, ended)
