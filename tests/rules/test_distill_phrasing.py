"""How ordinary users phrase updates, corrections and endings: one rule per
linguistic phenomenon (a fronted time adverbial, a contracted copula, an
elliptical clause, a dropped subject, "it" for the thing just named, a
replacement coordinated with an ending, a question, a month in the present
tense, a Chinese frequency word ...), each checked through the pure
extractor + reconcile path the governance eval runs. The wordings are not the
eval's."""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from ledgermind import Owner
from ledgermind.distill.alignment import align, topic_words
from ledgermind.distill.clauses import clauses
from ledgermind.distill.dates import find_time
from ledgermind.distill.statements import is_question, is_statement
from ledgermind.distill.text import copula_expanded
from tests.support.said import beliefs_after

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import governance_eval

T1, T2 = "2026-02-02T10:00:00+00:00", "2026-09-16T10:00:00+00:00"


def _case(kind: str, first: str, second: str, old: str, new: str | None = None) -> dict[str, Any]:
    return {
        "id": f"t-{abs(hash((first, second)))}",
        "lang": "en",
        "family": "t",
        "kind": kind,
        "split": "dev",
        "history": [{"at": T1, "text": first}, {"at": T2, "text": second}],
        "old": old,
        "new": new,
        "valid_from": None,
    }


def _outcome(kind: str, first: str, second: str, old: str, new: str | None = None) -> governance_eval.Outcome:
    (outcome,) = governance_eval.run_pure([_case(kind, first, second, old, new)])
    return outcome


def _current(*texts: str) -> list[str]:
    """The statements current after each text is said (one message each)."""
    return beliefs_after(Owner("phrasing", "u"), *texts)[0]


# --- the statement filter -----------------------------------------------------------


@pytest.mark.parametrize(
    "clause",
    [
        "These days I'm at the studio on Fridays.",  # a fronted time adverbial is not the subject
        "This semester our lab meeting is on Mondays.",
        "Actually, no, the recital's on the 21st.",  # a contracted copula and correction leads
        "Let me correct that: the invoice total is 4,310.",
        "Make that 9, the reservation is for 9 people.",
        "The Thursday book circle was cancelled.",  # a definite thing said to have ended
    ],
)
def test_statements_in_ordinary_wording_are_statements(clause: str) -> None:
    assert is_statement(clause)


def test_a_contracted_copula_is_spelled_out_but_a_possessive_is_not() -> None:
    assert copula_expanded("the recital's on the 21st") == "the recital is on the 21st"
    assert copula_expanded("my cousin's been in Quito") == "my cousin has been in Quito"
    assert copula_expanded("my cousin's flat is small") == "my cousin's flat is small"


def test_a_question_leaves_no_belief_whatever_it_mentions() -> None:
    assert is_question("Could you remind me which hotel we booked last week?")
    assert is_question("我上周订的是哪家酒店吗")
    assert not is_question("I booked the Hilton last week.")
    assert _current("Could you remind me which hotel we booked last week?") == []


# --- clauses ---------------------------------------------------------------------------


def test_an_elliptical_clause_gets_the_predicate_it_left_out() -> None:
    assert clauses("Omar isn't our landlord anymore; Bea is.") == [
        "Omar isn't our landlord anymore",
        "Bea is our landlord",
    ]


def test_a_dropped_subject_is_the_speaker() -> None:
    assert clauses("Not vegan anymore.") == ["I'm not vegan anymore."]
    assert clauses("Moved to Porto in April.") == ["I moved to Porto in April."]
    assert clauses("Not sure about that.") == ["Not sure about that."]  # a formula, not a retraction


def test_it_after_a_noun_subject_is_that_subject() -> None:
    assert clauses("The water bill went up, it's 85 now.") == ["The water bill went up", "the water bill is 85 now."]
    assert clauses("I got a new job, it's at Google.") == ["I got a new job, it's at Google."]  # "it" is not "I"


# --- dates -----------------------------------------------------------------------------


def test_a_month_in_the_present_tense_is_not_when_the_statement_began() -> None:
    ref = datetime(2026, 9, 16, tzinfo=UTC)
    assert find_time("Our anniversary is in November.", ref) is None
    moved = find_time("My aunt moved to Izmir in July.", ref)
    assert moved is not None and moved.when == datetime(2026, 7, 1, tzinfo=UTC)
    since = find_time("I've been on the night bus since April.", ref)
    assert since is not None and since.resolved == "since April 2026"


def test_a_recurring_month_is_kept_next_to_the_same_month_of_someone_else() -> None:
    outcome = _outcome("unrelated", "My name day is in June.", "My wife's name day is in January.", "June", "January")
    assert outcome.ok, outcome.why


# --- alignment -------------------------------------------------------------------------


def test_a_leading_modifier_only_one_side_has_does_not_hide_the_value() -> None:
    al = align("The kids' bus leaves at 7:20.", "Bus leaves at 7:35 this term.")
    assert al.one_value and (al.old, al.new) == ("7:20", "7:35")


def test_chinese_frequency_words_are_not_topics() -> None:
    assert "周四" not in topic_words("用户每周四开例会。")
    assert topic_words("用户每周四开例会。") & topic_words("例会取消了。") == {"例会"}


# --- decisions, through the extractor and reconcile -------------------------------------


@pytest.mark.parametrize(
    ("kind", "first", "second", "old", "new"),
    [
        ("update", "I study at the library on weekends.", "These days I study at home on weekends.", "library", "home"),
        (
            "update",
            "My yoga class is on Tuesday.",
            "My yoga class has been rescheduled to Wednesday.",
            "Tuesday",
            "Wednesday",
        ),
        ("update", "We have 6 nurses on the ward.", "The ward has grown to 9 nurses.", "6", "9"),
        ("update", "My landlord is Omar.", "Omar isn't my landlord anymore; Bea is.", "Omar", "Bea"),
        ("update", "I'm learning the cello.", "I gave up the cello and started learning the harp.", "cello", "harp"),
        ("update", "My bank is Chase.", "My bank's no longer Chase, it's Ally.", "Chase", "Ally"),
        ("update", "My water bill is 70 a month.", "The water bill went up, it's 85 now.", "70", "85"),
        ("correction", "The recital is on the 12th.", "Actually, no, the recital's on the 21st.", "12th", "21st"),
        (
            "correction",
            "The invoice total is 4,130.",
            "Let me correct that: the invoice total is 4,310.",
            "4,130",
            "4,310",
        ),
        ("negation", "I'm on a low-carb diet.", "Not on low-carb anymore.", "low-carb", None),
        ("negation", "We have a book circle on Thursdays.", "The Thursday book circle was cancelled.", "circle", None),
    ],
)
def test_english_updates_corrections_and_endings_in_ordinary_wording(
    kind: str, first: str, second: str, old: str, new: str | None
) -> None:
    outcome = _outcome(kind, first, second, old, new)
    assert outcome.ok, outcome.why


def test_a_replacement_said_with_it_reads_as_the_belief_it_replaces() -> None:
    assert _current("I swim 2 km a week.", "Now it's about 3 km a week.") == ["The user swims 3 km a week."]


@pytest.mark.parametrize(
    ("kind", "first", "second", "old", "new"),
    [
        ("update", "我每个月话费100。", "话费涨到150了。", "100", "150"),  # 每个月 is no topic, 涨到 no topic either
        ("update", "我们公司有80人。", "合并之后公司只剩60人了。", "80", "60"),
        ("update", "我男朋友叫阿杰。", "我和阿杰分手了，现在的男朋友叫阿豪。", "阿杰", "阿豪"),  # 现在的 + relation
        ("update", "我在北京分公司。", "我被调到了成都分公司。", "北京", "成都"),
        ("correction", "我们下周一开会。", "口误，我们下周五开会。", "周一", "周五"),  # a two-character lead
        ("negation", "我每天喝酒。", "我已经戒酒了。", "喝酒", None),
        ("negation", "我报了游泳课。", "游泳课我退掉了。", "游泳课", None),
        ("negation", "我们每周四开例会。", "例会取消了。", "例会", None),
    ],
)
def test_chinese_updates_corrections_and_endings_in_ordinary_wording(
    kind: str, first: str, second: str, old: str, new: str | None
) -> None:
    case = {**_case(kind, first, second, old, new), "lang": "zh"}
    (outcome,) = governance_eval.run_pure([case])
    assert outcome.ok, outcome.why


# --- precision: what a note-taker would not write down ---------------------------------


@pytest.mark.parametrize(
    "clause",
    [
        "Mixed feelings - definitely thrilled but also a bit nervous.",  # no subject, a participle first
        "Last time we talked about the garden",  # a time-point subordinate clause alone
        "Road trips like that are so special.",  # an intensified evaluation of no one's thing
        "Sometimes it's hard when my plans fall through.",  # a hedge, then nobody
        "If we keep at it we can change the whole neighbourhood.",  # a conditional with nothing concrete
        "Music has the power to bring us together.",  # "us" as people in general
        "I really recommend keeping a journal for stressful weeks.",  # advice to the listener
        "I completely support it, chasing dreams is such a blessing.",  # the only object a pronoun
        "My kids, the garden, and walks with friends, for sure.",  # no verb: "friends" is a noun
        "I feel so at home here!",  # an intensified feeling of the moment
        "I'm excited and really nervous.",  # a mood with no object
        "I'll definitely have a blast.",  # resolve about fun to come
        "For now, let's keep the ideas coming.",  # a suggestion to the listener
        "Good books bring so much comfort to us.",  # "us" as people in general
        "I'm going for my goals!",  # resolve about one's goals
    ],
)
def test_not_statements_about_anyone(clause: str) -> None:
    assert not is_statement(clause)


@pytest.mark.parametrize(
    "clause",
    [
        "If it's sunny we go sailing on Lake Geneva.",  # a conditional habit with a place
        "The landlord raised it, so I pay 900 now.",  # the pronoun clause is followed by a statement
        "I have two of them, a cat and a dog.",  # "two of them" is no pronoun-only object
        "Painting's a fun way to express my feelings.",  # a gerund subject about the speaker
        "Road trips like that really speak to me.",  # an evaluation that says what the speaker likes
        "Karen retired and Leo became my boss.",  # irregular past verbs are verbs
        "Grandpa took us to Bergen.",  # "us" in something that happened
        "Lena is our team lead.",  # "our" of a particular thing
        "I'm excited about the trip to Japan in May.",  # a mood with what it is about
    ],
)
def test_facts_with_those_shapes_stay_statements(clause: str) -> None:
    assert is_statement(clause)


def test_clauses_are_not_cut_inside_a_noun_phrase() -> None:
    assert clauses("My pin board is full of quotes and pictures for motivation.") == [
        "My pin board is full of quotes and pictures for motivation."
    ]  # "is" is no shared-subject verb, "pictures" no second verb
    assert clauses("I ran 10 km, my best ever, and it felt great.") == ["I ran 10 km, my best ever, and it felt great."]
    assert clauses("Sounds like you and Max had a great time!") == ["Sounds like you and Max had a great time!"]
    assert clauses("It's unlike my earlier films, but it has real promise.") == [
        "It's unlike my earlier films",
        "it has real promise.",
    ]  # no "my it has ..."
    assert clauses("My hard work is paying off, it's such a good feeling.") == [
        "My hard work is paying off, it's such a good feeling."
    ]  # "it" is the situation: nothing concrete follows


def test_third_person_skips_adverbs_and_floating_quantifiers() -> None:
    from ledgermind.distill.person import third_person

    assert third_person("I typically hold it for 30 seconds", "Jon") == "Jon typically holds it for 30 seconds"
    assert third_person("We both love helping others", "Maria") == "Maria loves helping others"
    assert third_person("We are not alone", "Kim") == "Kim is not alone"
    assert third_person("I wanna keep going", "Kim") == "Kim wants to keep going"
    assert third_person("We last spoke in May", "Tim") == "Tim last spoke in May"
    assert third_person("I first met her in 2019", "Jo") == "Jo first met her in 2019"
    assert third_person("I focus on art and I miss her", "Jo") == "Jo focuses on art and misses her"
    assert third_person("I fought hard and I shot a video", "Jo") == "Jo fought hard and shot a video"


def test_a_noun_in_s_after_and_is_no_second_verb_of_we() -> None:
    """ "We" takes no "-s": "funds" after "and" is a second object, not "We funds"
    ("John fundses for the shelter" was stored)."""
    assert clauses("We raised awareness and funds for the shelter.") == [
        "We raised awareness and funds for the shelter."
    ]
    assert clauses("My brother lives in Seoul and works for Samsung.") == [
        "My brother lives in Seoul",
        "My brother works for Samsung",
    ]


def test_a_negated_verb_or_gerund_is_no_contrastive_correction() -> None:
    from ledgermind.distill.generic import contrast

    assert contrast("It was a reminder that we are not alone in this.") is None
    assert contrast("It's frustrating not knowing why.") is None
    assert contrast("It's 41 Oak Lane, not 14.") == ("Oak Lane", "14")
    # how or whether negated, no value denied: an adverb or a verb after "not", a clause before it
    assert contrast("It's just not right.") is None
    assert contrast("Resting is so important - even if it's not always easy.") is None
    assert contrast("It's about the people you meet, not just the medals.") is None
    assert contrast("It's such a relief to have a team that backs me and reminds me I'm not alone.") is None
    assert contrast("The market was a lifesaver for me, with stalls I might not have found.") is None
    assert contrast("It's the Harbour Street office, not the old one.") == ("Harbour Street", "old one")


def test_an_elliptical_answer_leaves_no_belief() -> None:
    assert _current("Yeah, I love to.") == []


def test_a_named_speakers_unrelated_statements_both_stay() -> None:
    """The speaker's own name is in every statement about them, so it is no
    shared content: "Caroline had a picnic" and "Caroline struggled with mental
    health" are not one value apart (the name was compared unstemmed against
    its stemmed form, and 25 LoCoMo dev beliefs were ended by unrelated turns)."""
    current, ended = beliefs_after(
        Owner("phrasing", "u"),
        "We even had a picnic last week!",
        "I struggled with mental health.",
        "I play clarinet.",
        "Recently I had a setback.",
        name="Caroline",
    )
    assert ended == []
    assert len(current) == 4


def test_a_named_speakers_one_value_apart_still_replaces() -> None:
    current, ended = beliefs_after(
        Owner("phrasing", "u"), "I live in Boston.", "I live in Denver now.", name="Caroline"
    )
    assert ended == ["Caroline lives in Boston."] and current == ["Caroline lives in Denver now."]


@pytest.mark.parametrize("name", [None, "John"])
def test_one_remark_with_a_change_word_does_not_end_every_belief_sharing_a_word(name: str | None) -> None:
    """A topic shift aligns no value: among several beliefs that share a word
    with it, none plainly about its topic, it ends none (it ended both here, and
    14 of one LoCoMo speaker's beliefs)."""
    current, ended = beliefs_after(
        Owner("phrasing", "u"),
        "I love helping the community.",
        "I want to help make their lives better.",
        "The training was intense, but it changed my view on helping others.",
        name=name,
    )
    assert ended == [] and len(current) == 3


def test_a_switch_still_replaces_the_one_belief_on_its_topic() -> None:
    current, ended = beliefs_after(
        Owner("phrasing", "u"), "Our sprints are two weeks long.", "We switched to one-week sprints."
    )
    assert ended == ["The user's sprints are two weeks long."] and len(current) == 1


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("I even won a trophy.", "I even found a great book."),  # "even" is no shared content
        ("I won a trophy at the tournament.", "I won a medal at the tournament."),  # two things that happened
    ],
)
def test_two_things_that_happened_are_not_one_value_that_changed(first: str, second: str) -> None:
    current, ended = beliefs_after(Owner("phrasing", "u"), first, second, name="John")
    assert ended == [] and len(current) == 2


def test_a_state_said_again_with_another_value_still_replaces() -> None:
    current, ended = beliefs_after(Owner("phrasing", "u"), "I pay 1,200 euros rent.", "I pay 1,350 euros rent.")
    assert ended == ["The user pays 1,200 euros rent."] and current == ["The user pays 1,350 euros rent."]


def test_new_inside_a_liked_thing_is_no_change() -> None:
    """ "new" in "discovering new cities" describes what is loved; a verb that
    holds many objects needs a change said in other words ("instead")."""
    current, ended = beliefs_after(Owner("phrasing", "u"), "I love the ocean.", "I love discovering new cities.")
    assert ended == [] and len(current) == 2
    current, ended = beliefs_after(Owner("phrasing", "u"), "I love jazz.", "These days I love techno instead.")
    assert ended == ["The user loves jazz."]
    current, ended = beliefs_after(Owner("phrasing", "u"), "My coach is Tom.", "My new coach is Marco.")
    assert ended == ["The user's coach is Tom."]


@pytest.mark.parametrize(
    "second",
    [
        "Yesterday Maria dropped off the cakes she baked at the homeless shelter.",  # delivered
        "Maria dropped by the homeless shelter with some cakes.",  # visited
    ],
)
def test_dropped_off_and_dropped_by_end_nothing(second: str) -> None:
    current, ended = beliefs_after(
        Owner("phrasing", "u"), "Maria volunteers at the homeless shelter.", second, name="Maria"
    )
    assert ended == [] and len(current) == 2
    current, ended = beliefs_after(Owner("phrasing", "u"), "I go to Equinox.", "I dropped Equinox last week.")
    assert ended == ["The user goes to Equinox."]  # "dropped" with its object still ends it


def test_an_ending_tied_by_topic_alone_ends_one_belief_at_most() -> None:
    """ "left the cakes ... at the homeless shelter" shares its topic with two
    beliefs: one remark ends at most the one plainly about it, never all."""
    current, ended = beliefs_after(
        Owner("phrasing", "u"),
        "I volunteer at the homeless shelter.",
        "I organised a meal at the homeless shelter.",
        "I left the cakes I baked at the homeless shelter.",
    )
    assert len(ended) <= 1 and "The user organised a meal at the homeless shelter." in current


@pytest.mark.parametrize("name", [None, "John"])
def test_only_the_subject_in_common_before_the_difference_is_no_one_value_apart(name: str | None) -> None:
    """ "messed up during a big game" / "having some wild games": the words
    before the difference are the subject alone and one word after it is
    shared, so these are two statements, not one value that changed."""
    current, ended = beliefs_after(
        Owner("phrasing", "u"), "I messed up during a big game.", "I'm having some wild games lately.", name=name
    )
    assert ended == [] and len(current) == 2
    current, ended = beliefs_after(
        Owner("phrasing", "u"), "I drink two cups of coffee a day.", "I cut back to one cup of coffee a day.", name=name
    )
    assert len(ended) == 1 and len(current) == 1  # more than one word shared after the difference


@pytest.mark.parametrize(
    "remark",
    [
        "It's about the journey and what we learn, not just winning.",
        "It's just not right.",
    ],
)
def test_a_contrast_whose_denied_value_no_belief_holds_corrects_nothing(remark: str) -> None:
    """ "X, not Y" corrects the belief that holds Y; when none does, it is a
    remark, not a correction of whatever belief came last."""
    current, ended = beliefs_after(Owner("phrasing", "u"), "I love going on road trips with my family.", remark)
    assert ended == [] and "The user loves going on road trips with their family." in current
    current, ended = beliefs_after(Owner("phrasing", "u"), "I live in Lyon.", "Sorry, it's Lille, not Lyon.")
    assert ended == ["The user lives in Lyon."] and current == ["The user lives in Lille."]


@pytest.mark.parametrize("name", [None, "John"])
def test_the_same_change_verb_with_another_object_is_two_of_a_kind(name: str | None) -> None:
    """ "got the win" / "got this awesome book": the only change word is the
    verb both share, and what differs is its object: two things got, both kept."""
    current, ended = beliefs_after(Owner("phrasing", "u"), "I got the win.", "I even got this awesome book.", name=name)
    assert ended == [] and len(current) == 2
    current, ended = beliefs_after(Owner("phrasing", "u"), "I drink tea.", "I drink coffee now.", name=name)
    assert len(ended) == 1  # a change word of its own still replaces


def test_ended_up_ends_nothing() -> None:
    """ "ended up with ..." says how something turned out, not that it ended."""
    current, ended = beliefs_after(
        Owner("phrasing", "u"),
        "I made pizza.",
        "I ended up with some awesome sponsors that made the event a hit.",
        name="John",
    )
    assert ended == [] and len(current) == 2
    current, ended = beliefs_after(Owner("phrasing", "u"), "I go to Equinox.", "My Equinox membership ended last week.")
    assert ended == ["The user goes to Equinox."]


def test_an_activity_said_first_is_the_speakers_own() -> None:
    """ "Standup got moved to 10:15": a sentence's first word is capitalised
    whatever it is; the activity whose time is given is no person's name."""
    current, ended = beliefs_after(Owner("phrasing", "u"), "Our standup is at 9:30.", "Standup got moved to 10:15.")
    assert ended == ["The user's standup is at 9:30."] and current == ["Standup got moved to 10:15."]


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("My wife works at Siemens.", "My wife drives a Tesla now."),
        ("My dad drinks black coffee.", "My dad lives alone now."),
        ("My brother plays guitar.", "My brother has two kids now."),
        ("My sister is a nurse.", "My sister lives in Oslo now."),
        ("My boss is Tom.", "My boss works from home now."),
        ("My brother lives in Denver.", "He works at Google now."),
    ],
)
def test_two_things_about_one_of_the_speakers_people_both_stay(first: str, second: str) -> None:
    """The person a statement is about ("my sister") is in both statements,
    as a name is: it makes them neither one value apart nor one topic."""
    current, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert ended == [] and len(current) == 2


@pytest.mark.parametrize(
    "second",
    [
        "My daughter started at Oak Ridge Middle School.",
        "My daughter goes to Oak Ridge Middle School now.",
        "My daughter switched to Oak Ridge Middle School in September.",
    ],
)
def test_a_change_of_one_thing_about_one_of_the_speakers_people_still_replaces(second: str) -> None:
    current, ended = beliefs_after(Owner("phrasing", "u"), "My daughter goes to Maple Elementary.", second)
    assert ended == ["The user's daughter goes to Maple Elementary."] and len(current) == 1


def test_a_title_in_a_value_keeps_its_name() -> None:
    """ "in Ms. Park's class": the title's period is no end of the value."""
    current, ended = beliefs_after(
        Owner("phrasing", "u"), "My daughter is in Ms. Park's class.", "My daughter is in Mr. Lee's class now."
    )
    assert ended == ["The user's daughter is in Ms. Park's class."]
    assert current == ["The user's daughter is in Mr. Lee's class now."]


def test_a_time_word_is_no_thing_that_changed() -> None:
    """ "最近改成一杯了" (recently changed to one cup): 最近 is when, not what."""
    from ledgermind.distill.findings import Speaker
    from ledgermind.distill.rules_zh import chinese_findings

    found = chinese_findings("最近改成一杯了", Speaker("user", "The user", "用户"), datetime(2026, 3, 1, tzinfo=UTC))
    assert all(not (f.attribute or "").startswith("最近") for f in found)


def test_a_thin_update_rewrites_the_amount_not_the_thing() -> None:
    """ "Down to 2 cups a day now" after "I drink 3 cups of coffee a day": the
    belief it leaves is the old one with 3 -> 2, never "3 cups of 2 a day"."""
    current, ended = beliefs_after(
        Owner("phrasing", "u"), "I drink 3 cups of coffee a day.", "Down to 2 cups a day now."
    )
    assert ended == ["The user drinks 3 cups of coffee a day."]
    assert current == ["The user drinks 2 cups of coffee a day."]


def test_an_amount_said_to_have_moved_alone_is_kept_and_updates_its_belief() -> None:
    """ "Down to 32 hours a week now": no subject, no verb, yet the speaker's
    change of what they said before; never dropped as a fragment."""
    current, ended = beliefs_after(Owner("phrasing", "u"), "I work 40 hours a week.", "Down to 32 hours a week now.")
    assert ended == ["The user works 40 hours a week."] and current == ["The user works 32 hours a week."]


def test_a_number_said_alone_updates_the_one_amount_near_it() -> None:
    """ "Up to 1,350 now" after "my rent is 1,200 euros": an amount that moved
    stays within half to twice what it was, so the rent, not the two kids."""
    owner = Owner("phrasing", "u")
    current, ended = beliefs_after(owner, "I have 2 kids.", "My rent is 1,200 euros a month.", "Up to 1,350 now.")
    assert ended == ["The user's rent is 1,200 euros a month."]
    assert sorted(current) == ["The user has 2 kids.", "The user's rent is 1,350 euros a month."]
    # two amounts near it: which one moved is open, so neither is replaced
    current, ended = beliefs_after(owner, "I run 30 km a week.", "I'm 31 years old.", "Up to 35 now.")
    assert ended == [] and "Up to 35 now." in current


def test_how_often_said_in_words_is_an_amount_that_moves() -> None:
    current, ended = beliefs_after(
        Owner("phrasing", "u"), "I go to the gym three times a week.", "Down to twice a week now."
    )
    assert ended == ["The user goes to the gym three times a week."]
    assert current == ["The user goes to the gym twice a week."]


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("My team uses Python 3.12.", "Our team's sprint is now one week instead of two."),
        ("My sister's husband is a doctor.", "My sister lives in Oslo now."),
    ],
)
def test_a_word_that_only_says_whose_is_no_shared_topic(first: str, second: str) -> None:
    """ "Our team's sprint ... now": about the sprint; the team's language stays."""
    current, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert ended == [] and len(current) == 2


def test_the_thing_owned_is_still_the_topic() -> None:
    current, ended = beliefs_after(
        Owner("phrasing", "u"), "Our sprints are two weeks.", "Our team's sprint is now one week."
    )
    assert ended == ["The user's sprints are two weeks."] and len(current) == 1


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("My car is a Honda.", "My car is now blue."),
        ("My brother is a student.", "My brother is married now."),
        ("Our office is small.", "Our office is a coworking space now."),
    ],
)
def test_what_a_thing_is_and_the_state_it_is_in_are_two_attributes(first: str, second: str) -> None:
    current, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert ended == [] and len(current) == 2


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("My car is red.", "My car is blue now."),
        ("My brother is a student.", "My brother is a lawyer now."),
        ("My favourite food is sushi.", "My favourite food is a burrito now."),
        ("I'm a vegetarian.", "I'm vegan now."),
    ],
)
def test_the_same_kind_of_complement_still_replaces(first: str, second: str) -> None:
    current, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert len(ended) == 1 and len(current) == 1


def test_a_name_said_first_with_its_s_is_whom_the_clause_is_about() -> None:
    """ "Priya's standup got moved": Priya's standup, not the speaker's; and
    "Priya's moving to Berlin" is where Priya lives, whichever the "'s" is."""
    current, ended = beliefs_after(
        Owner("phrasing", "u"), "My standup is at 9am.", "Priya's standup got moved to 10am."
    )
    assert ended == [] and len(current) == 2
    current, ended = beliefs_after(Owner("phrasing", "u"), "I live in Lyon.", "Priya's moving to Berlin.")
    assert ended == [] and len(current) == 2
    current, ended = beliefs_after(Owner("phrasing", "u"), "My standup is at 9am.", "Standup's been moved to 10am.")
    assert ended == ["The user's standup is at 9am."]


def test_an_activity_started_again_ends_its_stopping() -> None:
    current, ended = beliefs_after(Owner("phrasing", "u"), "I stopped eating fish.", "I started eating fish again.")
    assert ended == ["The user stopped eating fish."] and current == ["The user started eating fish again."]


def test_a_switch_to_a_kindred_name_replaces_the_one_it_holds() -> None:
    """ "switched to Neovim" after "I use Vim": no topic word in common, but
    the new name holds the old one: one of a family."""
    current, ended = beliefs_after(Owner("phrasing", "u"), "I use Vim for everything.", "I've switched to Neovim.")
    assert ended == ["The user uses Vim for everything."] and current == ["The user has switched to Neovim."]
    current, ended = beliefs_after(Owner("phrasing", "u"), "I use Vim for everything.", "I've switched to Kobo.")
    assert ended == [] and len(current) == 2


def test_a_time_word_that_owns_a_thing_is_no_date_to_write_out() -> None:
    """ "Today's standup" is the standup of today, not "On 1 March 2026's standup"."""
    current, _ = beliefs_after(Owner("phrasing", "u"), "Today's standup is at 10am.")
    assert current and not any("2026's" in s or s.startswith("On ") for s in current)


def test_doing_something_since_a_start_is_what_holds_now() -> None:
    """ "has been taking the tram ... since it got cold" replaces biking there;
    "has been playing ever since" goes on from what was told, no new start."""
    current, ended = beliefs_after(
        Owner("phrasing", "u"),
        "I bike to the office.",
        "I've been taking the tram to the office since it got cold.",
    )
    assert ended == ["The user bikes to the office."] and len(current) == 1
    current, ended = beliefs_after(
        Owner("phrasing", "u"),
        "I would watch NBA games with my dad and dream of playing on those big courts.",
        "I've been playing ever since.",
    )
    assert ended == [] and len(current) == 2


def test_an_amount_that_rose_in_chinese_updates_and_is_kept() -> None:
    """ "房租涨到四千五了" (the rent went up to 4,500): a change said with 涨到, no subject."""
    current, ended = beliefs_after(Owner("phrasing", "u"), "我的房租是每月四千。", "房租涨到四千五了。")
    assert ended == ["用户的房租是每月四千。"] and current == ["房租涨到四千五了。"]


def test_a_job_hop_in_chinese_changes_the_employer() -> None:
    current, ended = beliefs_after(Owner("phrasing", "u"), "我在腾讯工作。", "我跳槽去了字节。")
    assert ended == ["用户在腾讯工作。"] and len(current) == 1


def test_a_past_habit_is_no_event_of_the_day_it_was_said() -> None:
    """ "I used to watch games with my dad": a fact about the speaker's past,
    never an episode dated "(around <the day it was said>)"."""
    current, _ = beliefs_after(Owner("phrasing", "u"), "I used to watch NBA games with my dad every Sunday.")
    assert current and not any("around" in s for s in current)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("I coach my son's soccer team on Saturdays.", "I handed the team over to another parent in September."),
        ("I'm the treasurer of our book club.", "I stepped down as treasurer in May."),
    ],
)
def test_handing_over_or_stepping_down_ends_what_it_names(first: str, second: str) -> None:
    current, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert len(ended) == 1 and current == []


def test_how_often_in_chinese_is_an_amount_that_moves() -> None:
    """ "最近改成每周三次了" after "我每周打两次羽毛球": 次 is the unit of both."""
    current, ended = beliefs_after(Owner("phrasing", "u"), "我每周打两次羽毛球。", "最近改成每周三次了。")
    assert ended == ["用户每周打两次羽毛球。"] and len(current) == 1


def test_one_more_said_with_an_ordinal_is_the_new_count() -> None:
    """ "I adopted a third cat" after "I have two cats": three cats now."""
    current, ended = beliefs_after(Owner("phrasing", "u"), "I have two cats.", "I adopted a third cat.")
    assert ended == ["The user has two cats."] and current == ["The user adopted a third cat."]


def test_two_verb_phrases_of_the_speaker_are_two_beliefs() -> None:
    """ "I live in Madrid and work at Telefonica": a move ends only the home."""
    current, ended = beliefs_after(
        Owner("phrasing", "u"), "I live in Madrid and work at Telefonica.", "I moved to Valencia in October."
    )
    assert ended == ["The user lives in Madrid."]
    assert sorted(current) == ["The user moved to Valencia in October 2025.", "The user works at Telefonica."]


def test_two_objects_of_one_verb_stay_one_clause() -> None:
    current, _ = beliefs_after(Owner("phrasing", "u"), "I buy bread and milk at the store.")
    assert current == ["The user buys bread and milk at the store."]


def test_a_correction_keeps_a_titles_period() -> None:
    current, ended = beliefs_after(Owner("phrasing", "u"), "My dentist is Dr. Alvarez.", "Sorry, I meant Dr. Alvarado.")
    assert ended == ["The user's dentist is Dr. Alvarez."] and current == ["The user's dentist is Dr. Alvarado."]


@pytest.mark.parametrize("second", ["I turned 35.", "I turned 35 last week."])
def test_turning_an_age_is_the_new_age(second: str) -> None:
    """ "I turned 35 last week" after "I'm 34": a state from then, not an episode beside it."""
    current, ended = beliefs_after(Owner("phrasing", "u"), "I'm 34.", second)
    assert ended == ["The user is 34."] and len(current) == 1
    current, ended = beliefs_after(Owner("phrasing", "u"), "I'm 34.", "I have 35 plants.")
    assert ended == [] and len(current) == 2


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("I don't eat gluten.", "I've been eating gluten again with no problems."),
        ("我不吃辣。", "最近开始能吃一点辣了。"),
    ],
)
def test_what_was_denied_done_again_replaces_the_denial(first: str, second: str) -> None:
    current, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert len(ended) == 1 and len(current) == 1


def test_a_denial_of_another_thing_stays() -> None:
    current, ended = beliefs_after(Owner("phrasing", "u"), "I don't eat meat.", "I eat fish again.")
    assert ended == [] and len(current) == 2


def test_an_amount_in_words_moves() -> None:
    """ "back to five days a week" after "I work four days a week"."""
    current, ended = beliefs_after(Owner("phrasing", "u"), "I work four days a week.", "I'm back to five days a week.")
    assert ended == ["The user works four days a week."] and len(current) == 1


@pytest.mark.parametrize(
    "second", ["My son outgrew the peanut allergy.", "Turns out my son outgrew the peanut allergy."]
)
def test_outgrowing_ends_what_it_names(second: str) -> None:
    """ "outgrew" is a past like "grew", and a state of one's son ("is allergic")
    is about the son, as what he outgrew is."""
    current, ended = beliefs_after(Owner("phrasing", "u"), "My son is allergic to peanuts.", second)
    assert ended == ["The user's son is allergic to peanuts."] and current == []


def test_who_a_person_of_the_speakers_is_stays_the_speakers() -> None:
    _, ended = beliefs_after(
        Owner("phrasing", "u"), "My girlfriend is called Sara.", "Sara and I broke up; I'm dating Julia now."
    )
    assert ended == ["The user's girlfriend is called Sara."]


def test_no_one_in_particular_acting_on_the_speakers_thing_is_kept_and_updates() -> None:
    """ "They moved my yoga class to Thursdays": the class changed, whoever moved it."""
    current, ended = beliefs_after(
        Owner("phrasing", "u"), "My yoga class is on Tuesdays at 6.", "They moved my yoga class to Thursdays."
    )
    assert ended == ["The user's yoga class is on Tuesdays at 6."]
    # restated as the belief it replaces, the new day in the old one's place
    assert current == ["The user's yoga class is on Thursdays at 6."]
    current, _ = beliefs_after(Owner("phrasing", "u"), "They said it would rain.")
    assert current == []


def test_a_day_or_a_time_moved_to_is_no_home() -> None:
    from ledgermind.distill.findings import Speaker
    from ledgermind.distill.frames import frame_findings

    found = frame_findings(
        "Yoga got moved to Thursdays.", Speaker("user", "The user", "用户"), datetime(2026, 3, 1, tzinfo=UTC)
    )
    assert all(f.attribute != "residence" for f in found)


@pytest.mark.parametrize(
    ("first", "second", "now"),
    [
        ("I'm a data analyst at Shopify.", "I'm a data analyst at Stripe.", "The user is a data analyst at Stripe."),
        (
            "I'm a nurse at St. Mary's.",
            "I'm a nurse at Mercy General now.",
            "The user is a nurse at Mercy General now.",
        ),
    ],
)
def test_the_same_role_at_another_employer_is_a_change_of_employer(first: str, second: str, now: str) -> None:
    """The new statement was swallowed as a restatement of the role."""
    current, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert set(current) == {now} and set(ended) == {first.replace("I'm", "The user is")}


@pytest.mark.parametrize(
    ("first", "second", "now"),
    [
        ("My dentist appointment is Tuesday.", "hmm no, it's Wednesday actually", "Wednesday"),
        ("My dentist appointment is Tuesday.", "No, it's Wednesday.", "Wednesday"),
        ("I've been at this company for 5 years.", "Actually more like 7 years.", "7 years"),
        ("我女儿今年八岁。", "不对，她九岁了。", "九岁"),
        ("会议是下午三点。", "哦不，是三点半。", "三点半"),
    ],
)
def test_a_correction_in_few_words_corrects(first: str, second: str, now: str) -> None:
    """These were lost (EN) or stored with their formula (ZH)."""
    current, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert len(ended) == 1 and len(current) == 1 and now in current[0]


def test_a_plain_no_before_a_statement_is_no_correction() -> None:
    from ledgermind.distill.bare_corrections import bare_correction

    assert bare_correction("No, I live in Paris.") is None


@pytest.mark.parametrize(
    ("first", "second"),
    [("我每天抽一包烟。", "我已经戒烟两个月了。"), ("我办了健身房的年卡。", "健身卡我退掉了。")],
)
def test_a_chinese_ending_ends_the_thing_it_names(first: str, second: str) -> None:
    current, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert len(ended) == 1 and current == []


def test_a_chinese_ending_leaves_what_only_shares_a_character() -> None:
    current, ended = beliefs_after(Owner("phrasing", "u"), "我喜欢看烟花。", "我已经戒烟两个月了。")
    assert ended == [] and "用户喜欢看烟花。" in current


@pytest.mark.parametrize(
    ("first", "second", "kept"),
    [
        ("I have a Tesla Model 3 and a road bike.", "Sold the Tesla, got a Rivian.", "The user has a road bike."),
        (
            "I use VS Code for coding and Notion for notes.",
            "I've moved my notes over to Obsidian.",
            "The user uses VS Code for coding.",
        ),
    ],
)
def test_two_things_of_one_verb_are_two_facts(first: str, second: str, kept: str) -> None:
    """Selling the Tesla leaves the bike; moving the notes leaves the editor."""
    current, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert kept in current and len(ended) == 1 and kept not in ended


def test_a_death_ends_what_held_of_the_person_and_is_kept() -> None:
    current, ended = beliefs_after(
        Owner("phrasing", "u"), "My grandma is in a care home in Leeds.", "My grandma passed away on Sunday."
    )
    assert ended == ["The user's grandma is in a care home in Leeds."]
    assert len(current) == 1 and "passed away" in current[0]
    current, ended = beliefs_after(Owner("phrasing", "u"), "I live in Leeds.", "My grandpa died when I was ten.")
    assert ended == [] and len(current) == 2


@pytest.mark.parametrize(
    ("first", "second"),
    [("My girlfriend is called Sara.", "We broke up last week."), ("我男朋友叫小王。", "我们分手了。")],
)
def test_a_break_up_ends_the_beliefs_about_the_partner(first: str, second: str) -> None:
    current, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert len(ended) == 1 and len(current) == 1
    current, ended = beliefs_after(Owner("phrasing", "u"), "My sister lives in Oslo.", second)
    assert ended == []


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("I'm taking ibuprofen for my knee.", "My knee's fine now, I'm off the ibuprofen."),
        ("I'm seeing a therapist every other week.", "I stopped therapy in January."),
        ("I have a gym membership at Planet Fitness.", "No longer a member at Planet Fitness."),
    ],
)
def test_endings_in_everyday_words(first: str, second: str) -> None:
    """ "off the X"; "therapy" ends "a therapist" (one word's two forms); an ending
    said without its subject is the speaker's (it was lost)."""
    _, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert ended == [first.replace("I'm", "The user is").replace("I have", "The user has").replace("my", "their")]


def test_being_off_work_ends_nothing() -> None:
    _, ended = beliefs_after(Owner("phrasing", "u"), "I work at Acme.", "I'm off work today.")
    assert ended == []


@pytest.mark.parametrize(
    "second",
    [
        "Sorry, I got that wrong, I'm allergic to amoxicillin.",
        "Sorry, I got that wrong, it's amoxicillin I'm allergic to.",
    ],
)
def test_a_correction_formula_longer_than_four_words_stays_with_what_it_corrects(second: str) -> None:
    """The formula was split off, so "I'm allergic to amoxicillin" was one more
    allergy; the cleft ("it's X I'm allergic to") was lost."""
    current, ended = beliefs_after(Owner("phrasing", "u"), "I'm allergic to penicillin.", second)
    assert ended == ["The user is allergic to penicillin."] and current == ["The user is allergic to amoxicillin."]


def test_a_home_described_then_its_place_is_the_residence() -> None:
    current, ended = beliefs_after(
        Owner("phrasing", "u"), "We live in a tiny flat in Leeds.", "We moved to Bristol last month, way more space."
    )
    assert ended == ["The user lives in a tiny flat in Leeds."] and len(current) == 1


def test_resigning_to_join_another_company_in_chinese_changes_the_employer() -> None:
    current, ended = beliefs_after(Owner("phrasing", "u"), "我妹妹在腾讯工作。", "我妹妹上周辞职去了字节跳动。")
    assert ended == ["用户妹妹在腾讯工作。"] and len(current) == 1


def test_someone_and_i_are_one_subject() -> None:
    """ "Tom and I got engaged" was "Tom, the user got engaged"."""
    current, _ = beliefs_after(Owner("phrasing", "u"), "Tom and I got engaged on Saturday!!")
    assert len(current) == 1 and current[0].startswith("Tom and the user got engaged")


def test_retiring_ends_the_work_the_person_held() -> None:
    current, ended = beliefs_after(
        Owner("phrasing", "u"), "My mom teaches third grade.", "My mom lives in Leeds.", "My mom retired this year."
    )
    assert ended == ["The user's mom teaches third grade."]
    assert sorted(current) == ["The user's mom lives in Leeds.", "The user's mom retired this year."]


@pytest.mark.parametrize(
    ("first", "second"),
    [("I'm seeing a therapist every other week.", "Stopped therapy in the fall."), ("我抽烟。", "我已经戒烟半年了。")],
)
def test_an_ending_with_when_it_happened_ends_the_thing(first: str, second: str) -> None:
    """The time said after the thing ("in the fall", "半年") is no part of it."""
    current, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert len(ended) == 1 and current == []


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("My dentist appointment is Thursday.", "Hmm no, I checked, it's Friday."),
        ("我今年二十八岁。", "其实我二十九了，记错了。"),
        ("We've got a gym membership at Planet Fitness.", "Don't have the gym membership anymore."),
    ],
)
def test_more_corrections_and_endings_said_in_few_words(first: str, second: str) -> None:
    """A formula said last ("记错了"), "I checked", and a negation said without its subject."""
    current, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert len(ended) == 1 and len(current) <= 1


def test_a_day_after_and_is_no_person_opening_a_clause() -> None:
    from ledgermind.distill.clauses import clauses

    assert clauses("My spin class is Tuesday and Thursday mornings at 6.") == [
        "My spin class is Tuesday and Thursday mornings at 6."
    ]
    assert len(clauses("Karen retired and Leo became my boss.")) == 2


def test_a_person_and_a_life_event_in_two_words_is_kept() -> None:
    current, _ = beliefs_after(Owner("phrasing", "u"), "Karen retired and Leo became my boss.")
    assert "Karen retired." in current and len(current) == 2
    current, _ = beliefs_after(Owner("phrasing", "u"), "That passed.")
    assert current == []


def test_two_things_learned_each_with_its_own_way_are_two_facts() -> None:
    current, _ = beliefs_after(Owner("phrasing", "u"), "I'm learning Spanish on Duolingo and piano with a teacher.")
    assert sorted(current) == [
        "The user is learning Spanish on Duolingo.",
        "The user is learning piano with a teacher.",
    ]


def test_a_death_or_a_break_up_is_read_narrowly() -> None:
    """Something of the person's died ("my sister's plant"), or a word of a break-up
    used for something else ("separated the recycling"): nothing ends."""
    current, ended = beliefs_after(Owner("phrasing", "u"), "My sister lives in Oslo.", "My sister's plant died.")
    assert ended == []
    current, ended = beliefs_after(Owner("phrasing", "u"), "We work together at Acme.", "I separated the recycling.")
    assert ended == [] and len(current) == 2


def test_a_price_said_with_a_verb_is_no_version() -> None:
    """ "is 17.99" is no tool called "is" at version 17.99, and "it's on 3.11" is the
    repository's Python, not a tool called "on"."""
    from ledgermind.distill.value_types import version_in

    assert version_in("Spotify is 11.99 for me now") is None
    assert version_in("the image is on 3.11") is None
    assert version_in("we run Python 3.11") is not None
    current, ended = beliefs_after(Owner("phrasing", "u"), "The API runs on Node 18.", "Scratch that, it's on 20.4.")
    assert ended == ["The API runs on Node 18."] and len(current) == 1


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("I'm allergic to walnuts.", "wait no, I'm allergic to almonds."),
        ("My locker code is mk4417.", "Actually it's mk4471, typo."),
        ("The guest network is cafe-guest7.", "Oops, it's cafe-guest9."),
    ],
)
def test_a_correction_said_with_wait_no_or_a_typo_said_last_corrects(first: str, second: str) -> None:
    """ "wait no" and "oops" announce a correction as "sorry" does; a code of letters and
    digits is a value a bare correction gives, and "typo" may come after it."""
    current, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert ended == [first.replace("I'm", "The user is").replace("My", "The user's")] and len(current) == 1


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("I'm in a pub quiz team that plays on Tuesdays.", "The quiz team disbanded over the winter."),
        ("We're planning a reunion in Cork this summer.", "Bad news, the reunion got called off."),
        ("I have an Audible membership.", "Let my Audible membership expire."),
        ("I'm going to the Lisbon conference in June.", "Flights doubled, so the conference is off."),
        ("I'm learning Welsh online and the cello with a tutor.", "I dropped the cello classes."),
    ],
)
def test_a_thing_said_to_end_by_itself_ends_the_belief_that_names_it(first: str, second: str) -> None:
    """The ended thing is the verb's subject ("the quiz team disbanded") or what was let go;
    "lessons" / "classes" only say the form the activity took."""
    _, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert len(ended) == 1 and "Welsh" not in ended[0]


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("I run a food truck downtown.", "Gina had to shut down her bank account."),
        ("I'm happy with my job at Acme.", "I'm over the moon about the raise."),
        ("I'm in a choir.", "The light in the hall is off."),
    ],
)
def test_what_only_looks_like_a_thing_ending_ends_nothing(first: str, second: str) -> None:
    """A thing shut down by someone is its object, not an ending of what the speaker
    runs; "over the moon" ends nothing; a thing off that no belief names is no ending."""
    _, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert ended == []


def test_one_of_my_own_that_died_ends_what_was_said_of_it() -> None:
    """A pet named or by its kind: not a person with beliefs of their own."""
    _, ended = beliefs_after(
        Owner("phrasing", "u"), "We have a rabbit named Pip and a goldfish named Bo.", "Pip died on Sunday."
    )
    assert ended == ["The user has a rabbit named Pip."]
    _, ended = beliefs_after(Owner("phrasing", "u"), "I have a tortoise called Sheldon.", "Our tortoise passed away.")
    assert ended == ["The user has a tortoise called Sheldon."]
    _, ended = beliefs_after(Owner("phrasing", "u"), "We keep four hens.", "One of our hens died.")
    assert ended == []


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("I've been seeing a woman called Hana for a year.", "Hana and I got married last weekend!"),
        ("My boyfriend is Luis.", "Luis and I are engaged now."),
        ("我男朋友叫阿杰。", "我和阿杰领证了。"),
    ],
)
def test_a_couples_next_step_replaces_what_was_said_of_the_couple(first: str, second: str) -> None:
    """Dating, then engaged or married: the partner named in both ties them."""
    current, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert len(ended) == 1 and len(current) == 1


def test_someone_elses_wedding_or_break_up_leaves_the_speakers_partner() -> None:
    _, ended = beliefs_after(Owner("phrasing", "u"), "I'm dating Omar.", "Omar's sister got married in June.")
    assert ended == []
    _, ended = beliefs_after(Owner("phrasing", "u"), "My cousin is married to Ines.", "My cousin and Ines split up.")
    assert ended == ["The user's cousin is married to Ines."]


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("My brother works as an electrician in Leeds.", "He retrained, he's a firefighter now."),
        ("My mum is a cashier at Tesco.", "My mum is a receptionist now."),
        ("I'm a waitress at a diner.", "I'm a bartender now."),
    ],
)
def test_a_persons_work_said_with_a_common_job_word_is_one_occupation(first: str, second: str) -> None:
    """A job word a note-taker knows ("electrician", "receptionist") is an occupation, said
    of the speaker or of one of their people ("he's", "my mum is")."""
    _, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert ended and all("receptionist" not in e and "firefighter" not in e for e in ended)


def test_a_word_for_what_a_person_is_like_is_no_occupation() -> None:
    _, ended = beliefs_after(Owner("phrasing", "u"), "My brother works as a plumber.", "My brother is a nightmare.")
    assert ended == []


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("I'm a line cook at a Chili's in Tampa.", "I got hired at the university, cooking in the dining hall."),
        ("I work as a cashier at Aldi.", "Landed a job at a bank, starting Monday."),
    ],
)
def test_hired_somewhere_named_in_lower_case_is_a_new_employer(first: str, second: str) -> None:
    """ "at a Chili's" is the employer, and "hired at the university" a new one: the
    occupation said with it stays, restated without the old employer."""
    current, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert ended and any("cook" in c or "cashier" in c for c in current), (current, ended)
    assert not any("Aldi" in c or "Chili's" in c for c in current), current


def test_working_at_a_place_in_lower_case_is_no_employer() -> None:
    _, ended = beliefs_after(Owner("phrasing", "u"), "I work at Stripe.", "I work at the front desk most days.")
    assert ended == []


def test_they_rescheduling_a_thing_of_the_speakers_is_the_speakers_fact() -> None:
    """ "They pushed choir to Fridays": "they" did it, the choir is the speaker's own."""
    current, ended = beliefs_after(
        Owner("phrasing", "u"), "My choir practice is on Tuesdays at 8.", "They pushed choir to Fridays at 6pm."
    )
    assert ended == ["The user's choir practice is on Tuesdays at 8."] and len(current) == 1
    _, ended = beliefs_after(Owner("phrasing", "u"), "My choir practice is on Tuesdays.", "They like choir.")
    assert ended == []


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("My flatmate Noor is a vegetarian.", "She's back to eating chicken these days."),
        ("I'm vegan.", "Started eating eggs again after the doctor's advice."),
        ("My dad's name is Rui and he's pescatarian.", "He eats meat again now."),
    ],
)
def test_eating_again_what_a_diet_left_out_ends_the_diet(first: str, second: str) -> None:
    _, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert len(ended) == 1 and "name" not in ended[0]


@pytest.mark.parametrize("second", ["I eat fish too.", "I don't eat meat again, ever.", "My brother eats meat again."])
def test_eating_something_else_or_someone_else_eating_it_leaves_the_diet(second: str) -> None:
    _, ended = beliefs_after(Owner("phrasing", "u"), "I'm vegetarian.", second)
    assert ended == []


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("My son attends Oakwood Primary.", "He started secondary school at Hillside in September."),
        ("My niece goes to Maple Elementary.", "She's at Ridge High School now."),
        ("I'm at Leeds College of Art.", "I transferred to Bristol University this term."),
    ],
)
def test_a_new_school_replaces_the_old_one(first: str, second: str) -> None:
    current, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert ended == [first.replace("My", "The user's").replace("I'm", "The user is")] and len(current) == 1


def test_two_childrens_schools_or_a_school_worked_at_are_apart() -> None:
    _, ended = beliefs_after(
        Owner("phrasing", "u"), "My son goes to Oakwood Primary.", "My daughter goes to Hillside Academy."
    )
    assert ended == []
    _, ended = beliefs_after(Owner("phrasing", "u"), "I go to Ridge College.", "I went to Hill University in 2010.")
    assert ended == []


def test_an_amount_said_with_the_verb_it_is_paid_by_is_the_amount_that_moved() -> None:
    """ "we pay 1,480 now" after "our council tax is $1,300": "pay" names no other thing,
    and "1,480" with its thousands comma is an amount, not a year."""
    current, ended = beliefs_after(Owner("phrasing", "u"), "Our council tax is $1,300 a year.", "We pay 1,480 now.")
    assert ended == ["The user's council tax is $1,300 a year."] and current == [
        "The user's council tax is $1,480 a year."
    ]
    _, ended = beliefs_after(Owner("phrasing", "u"), "Our council tax is $1,300 a year.", "We pay 2014 now.")
    assert ended == []


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        ("I'm on 5mg of amlodipine and take fish oil daily.", 2),
        ("We're in Dundee and rent a flat near the river.", 2),
        ("I'm excited to work hard and make a difference.", 1),
        ("I'm gonna stay focused and finish my thesis.", 1),
    ],
)
def test_a_copula_clause_and_a_verb_with_its_subject_dropped_are_two_clauses(text: str, parts: int) -> None:
    """The dropped subject is the first clause's, unless the first part governs the verb
    after "and" (an infinitive, a modal, "gonna")."""
    assert len(clauses(text)) == parts


@pytest.mark.parametrize(
    ("first", "second", "moved"),
    [
        ("I live in Cardiff.", "We're renting a three-bedroom in Swansea now.", True),
        ("We rent a flat in Derby.", "We bought a cottage in Ludlow and moved in last week.", True),
        ("I live in Cardiff.", "We bought a cottage in Ludlow as a holiday let.", False),
        ("I live in Cardiff.", "I rented a van in Bristol.", False),
    ],
)
def test_a_home_rented_or_bought_and_moved_into_is_where_one_lives(first: str, second: str, moved: bool) -> None:
    _, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert bool(ended) == moved


@pytest.mark.parametrize(
    ("first", "second", "changed"),
    [
        ("I work fully remote for Kestrel Labs.", "Now it's a hybrid schedule, two days in the office.", True),
        ("I work from home for Acme.", "I'm back in the office full time since the merger.", True),
        ("I work from home.", "I work from home on Fridays too.", False),
        ("I'm on a hybrid schedule.", "My sister works remotely.", False),
    ],
)
def test_where_the_work_is_done_is_one_attribute(first: str, second: str, changed: bool) -> None:
    """remote, hybrid, office: a new one replaces the old, the employer stays."""
    current, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert bool(ended) == changed
    if changed and "for" in first:
        assert first.replace("I work", "The user works") in current  # the employer is still held


def test_a_thing_said_first_with_an_amount_by_the_period_is_no_person() -> None:
    """ "Parking is 90 a month" is the speaker's parking, not a person called Parking."""
    current, ended = beliefs_after(
        Owner("phrasing", "u"), "Parking is 90 a month.", "They raised the parking to 110 last week."
    )
    assert ended == ["Parking is 90 a month."] and len(current) == 1
    from ledgermind.distill.frames import subject_of

    assert subject_of("Parking is 90 a month.") is None and subject_of("Nadia is 34.") == "nadia"


def test_a_price_to_the_speaker_said_with_the_thing_first_is_the_speakers() -> None:
    _, ended = beliefs_after(Owner("phrasing", "u"), "Spotify costs me 10.99 a month.", "Spotify is 11.99 for me now.")
    assert ended == ["Spotify costs the user 10.99 a month."]


@pytest.mark.parametrize(
    ("first", "second", "kept"),
    [
        ("My PIN ends in 5519.", "Sorry, 5591, I transposed the digits.", "The user's PIN ends in 5591."),
        (
            "My aunt lives in Lyon.",
            "Wait, she lives in Lille, I always mix those up.",
            "The user's aunt lives in Lille.",
        ),
        (
            "I'm allergic to ibuprofen.",
            "Ugh, I mixed it up, it's aspirin I'm allergic to.",
            "The user is allergic to aspirin.",
        ),
    ],
)
def test_a_correction_with_the_reason_for_the_slip_said_last(first: str, second: str, kept: str) -> None:
    """The reason ("I transposed the digits", "I always mix those up") is said about the
    slip: it is no fact, and it stands for the correction's formula."""
    current, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert ended == [first.replace("My", "The user's").replace("I'm", "The user is")] and current == [kept]


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("I drive a 2012 Golf.", "Traded the Golf in for a Kia EV6 last month."),
        ("My scooter is a Vespa.", "Someone stole my scooter, so I'm on a Lime bike for now."),
        ("I'm reading Middlemarch.", "Finished Middlemarch, started Stoner."),
        ("My parking permit is $60 a month.", "They put the parking permit up to $75."),
        ("I take the 6:50 bus.", "I'm catching the 7:20 now."),
    ],
)
def test_more_ordinary_updates_and_endings(first: str, second: str) -> None:
    """Traded in, stolen, finished a named work, "they put it up to", a light verb ("catching")
    before the one value that moved."""
    _, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert len(ended) == 1


def test_a_thing_without_a_name_finished_ends_nothing() -> None:
    _, ended = beliefs_after(Owner("phrasing", "u"), "I work at Acme.", "I finished work early today.")
    assert ended == []


def test_an_amount_for_another_thing_is_no_update_of_the_first() -> None:
    """ "45 for internet" after "1,200 for rent": what it is for changed too, so two things."""
    current, ended = beliefs_after(Owner("phrasing", "u"), "I pay 900 for childcare.", "We pay 60 for broadband now.")
    assert ended == [] and len(current) == 2
    _, ended = beliefs_after(Owner("phrasing", "u"), "I pay 900 for childcare.", "We pay 980 for childcare now.")
    assert ended == ["The user pays 900 for childcare."]


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("My mortgage is 1,400 euros.", "I pay 12 euros a month for iCloud now."),
        ("I'm in a chess club.", "The chess club meets on Thursdays now."),
    ],
)
def test_money_in_both_or_when_a_thing_meets_replaces_nothing(first: str, second: str) -> None:
    """A currency is no shared topic, and a day said of a thing the belief gave no day
    for says when it happens, not that it changed."""
    current, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert ended == [] and len(current) == 2


@pytest.mark.parametrize(
    ("first", "second", "replaced"),
    [
        ("I go to Leeds University.", "I started a course at the Open University too.", False),
        ("I drink green tea.", "I drink coffee too now.", False),
        ("I drink green tea.", "I switched to coffee, and I take it black too.", True),
    ],
)
def test_too_keeps_both_unless_a_word_says_one_replaced_the_other(first: str, second: str, replaced: bool) -> None:
    """A verb of starting or "now" beside "too" is one more; "switched" is a replacement."""
    _, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert bool(ended) == replaced


def test_a_new_one_named_after_a_verb_of_seeing_and_a_thing_on_hiatus() -> None:
    """ "started seeing a new therapist, Dr. Ruiz" replaces "my therapist is Dr. Green"; "the
    podcast is on hiatus" ends "I host a podcast"."""
    current, ended = beliefs_after(
        Owner("phrasing", "u"), "My physio is Dr. Byrne.", "I started seeing a new physio, Dr. Osei."
    )
    assert ended == ["The user's physio is Dr. Byrne."] and current == ["The user's new physio is Dr. Osei."]
    _, ended = beliefs_after(
        Owner("phrasing", "u"), "I run a newsletter called Tidepool.", "The newsletter is on hiatus."
    )
    assert ended == ["The user runs a newsletter called Tidepool."]


def test_a_thin_change_with_its_reason_after_it_and_a_habit_of_skipping() -> None:
    """ "down to twice a month since the surgery": the reason is no topic of its own;
    "started skipping lunch" ends "I eat lunch at noon", one day skipped ends nothing."""
    current, ended = beliefs_after(
        Owner("phrasing", "u"), "I swim 4 times a week.", "I'm down to twice a month since the surgery."
    )
    assert ended == ["The user swims 4 times a week."] and current == ["The user swims twice a month."]
    _, ended = beliefs_after(Owner("phrasing", "u"), "I eat lunch at noon.", "I've started skipping lunch.")
    assert ended == ["The user eats lunch at noon."]
    _, ended = beliefs_after(Owner("phrasing", "u"), "I go to the pool.", "I skipped the pool today.")
    assert ended == []


def test_how_often_moved_across_periods_is_restated_whole() -> None:
    current, _ = beliefs_after(
        Owner("phrasing", "u"), "I go to the climbing wall twice a week.", "Up to four times a week now."
    )
    assert current == ["The user goes to the climbing wall four times a week."]


def test_a_graduation_ends_the_studies_and_a_height_in_feet_is_kept() -> None:
    _, ended = beliefs_after(
        Owner("phrasing", "u"), "My niece is a student at Durham.", "My niece graduated last week!"
    )
    assert ended == ["The user's niece is a student at Durham."] * 2  # the frame's and the generic reading
    _, ended = beliefs_after(Owner("phrasing", "u"), "I'm studying law.", "My brother graduated last week.")
    assert ended == []
    current, ended = beliefs_after(Owner("phrasing", "u"), "I'm 6'1\".", "Actually I'm 6'2\".")
    assert ended == ["The user is 6'1\"."] and current == ["The user is 6'2\"."]


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("I'm a student at Imperial.", "I graduated from high school in 2016."),
        ("I take the 7:40 ferry.", "I'm taking the dog to the vet now."),
    ],
)
def test_a_graduation_long_before_or_a_light_verb_alone_ends_nothing(first: str, second: str) -> None:
    _, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert ended == []


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        ("I live in Hull, work at Siemens, and cycle everywhere.", 3),
        ("We rent in Hove, drive a Polo and keep bees.", 3),
        ("I like tea, coffee and juice.", 1),
        ("I like to cook, read and paint.", 1),
    ],
)
def test_a_list_of_verb_phrases_of_one_subject_is_one_clause_each(text: str, parts: int) -> None:
    assert len(clauses(text)) == parts


@pytest.mark.parametrize(
    ("first", "second", "ends"),
    [
        ("My friend Maya is pregnant.", "My friend Maya had the baby on Friday!", True),
        ("We're expecting our second child in June.", "Our son Leo was born on Tuesday!", True),
        ("I'm pregnant.", "My cousin's daughter was born yesterday.", False),
        ("My wife is a heavy smoker.", "My wife quit smoking in the spring.", True),
    ],
)
def test_a_birth_ends_the_pregnancy_and_quitting_ends_the_one_who_does_it(first: str, second: str, ends: bool) -> None:
    """A birth closes the expecting of the parents (the speaker's own child, or the one who
    had it); "quit smoking" ends "a smoker" (the one who does it)."""
    _, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert bool(ended) == ends


@pytest.mark.parametrize(
    ("first", "second", "kept"),
    [
        ("The recital is at 7.", "Make that 7:30.", "The recital is at 7:30."),
        ("My nephew is called Finn.", "His name's Finnegan actually.", "The user's nephew is called Finnegan."),
        ("We moved here in 2017.", "No, 2016, I'm misremembering.", "The user moved here in 2016."),
        ("I earn 61k.", "Sorry, 64k, forgot the bonus.", "The user earns 64k."),
        ("My flat is 9 Elm Row.", "It's 19 Elm Row, I swapped the numbers.", "The user's flat is 19 Elm Row."),
    ],
)
def test_a_correction_with_what_was_left_out_or_actually_said_last(first: str, second: str, kept: str) -> None:
    """An hour said after "at" is a time; "forgot the bonus", "I'm misremembering", "I swapped
    the numbers" and "actually" said last stand for the correction's formula."""
    current, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert len(ended) == 1 and current == [kept]


@pytest.mark.parametrize("second", ["Ha, I always mix those up.", "Lol, I swapped the numbers.", "Oops, sorry!"])
def test_a_laugh_or_a_slip_said_alone_corrects_nothing_and_is_no_belief(second: str) -> None:
    current, ended = beliefs_after(Owner("phrasing", "u"), "I work at Acme.", second)
    assert ended == [] and current == ["The user works at Acme."]


def test_an_hour_after_at_is_a_time_the_new_time_replaces() -> None:
    """ "at 9" holds a time, so "starts at 8:30 now" moves it (a day or time said of a thing
    the belief gave none for only adds when)."""
    current, ended = beliefs_after(
        Owner("phrasing", "u"), "I wake at 6, swim at 7 and start work at 9", "work starts at 8:30 now, new rota"
    )
    # the routine is three beliefs, one per verb: only the work's time moves
    assert ended == ["The user starts work at 9."]
    assert current == ["The user wakes at 6.", "The user swims at 7.", "Work starts at 8:30 now, new rota."]


def test_a_thing_of_a_persons_is_not_the_person() -> None:
    """ "my wife is a dentist" / "my wife's favourite film is Alien": the second is hers, a
    thing of hers, and leaves the first."""
    current, ended = beliefs_after(
        Owner("phrasing", "u"), "My wife is a dentist.", "My wife's favourite film is Alien."
    )
    assert ended == [] and len(current) == 2


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("I use an inhaler before runs.", "no longer using the inhaler, my asthma is under control"),
        ("I have a standing desk.", "No more standing desk for me, it gave me back pain"),
        ("I eat a lot of bread.", "I've cut bread out completely."),
        ("I drink soda with lunch.", "Cut out the soda in January."),
    ],
)
def test_no_longer_said_first_and_cutting_something_out_end_it(first: str, second: str) -> None:
    """ "no" opening a message was read as a correction's "No," and left out, so "no longer
    using the inhaler" became "Longer using the inhaler", a belief that ended nothing;
    "cut X out" is an ending as "quit X" is."""
    current, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert len(ended) == 1 and not any(c.startswith(("Longer", "More")) for c in current)


def test_not_cut_out_for_a_thing_ends_nothing() -> None:
    current, ended = beliefs_after(Owner("phrasing", "u"), "I play chess on Sundays.", "I'm not cut out for chess.")
    assert ended == [] and len(current) == 2


@pytest.mark.parametrize(
    ("first", "second", "kept"),
    [
        # a unit written onto its number is an amount of that unit
        ("I weigh 91 kg.", "Down to 84kg now!", "The user weighs 84 kg."),
        ("I cycle 30 km a day.", "Up to 45km a day now.", "The user cycles 45 km a day."),
        # a dose moved, said with nothing else in common, by the one who moved it
        ("I'm on 25mg of losartan.", "My GP upped my dose to 50mg.", "The user is on 50mg of losartan."),
        ("I take 10mg of escitalopram.", "Doc lowered it to 5mg last month.", None),
    ],
)
def test_a_measure_that_moved_replaces_the_one_that_held_it(first: str, second: str, kept: str | None) -> None:
    """ "84kg" was no amount (its unit was looked for after it), and a dose moved with no
    word of the belief's ("upped my dose to 50mg") ended nothing."""
    current, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert len(ended) == 1 and len(current) == 1 and (kept is None or current == [kept])


@pytest.mark.parametrize(
    ("first", "second"),
    [
        # two doses of the speaker's: which one moved is not said
        ("I'm on 25mg of losartan and 200mg of ibuprofen.", "My GP upped my dose to 50mg."),
        # far from the amount held: another thing's
        ("I weigh 91 kg.", "Bought a 20kg kettlebell, it's great."),
    ],
)
def test_a_measure_of_another_thing_replaces_nothing(first: str, second: str) -> None:
    _, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert ended == []


@pytest.mark.parametrize(
    ("first", "second"),
    [
        # the subject left out before an ending verb: the speaker's, a state that ends
        ("I'm treasurer of the chess club.", "stepped down as treasurer last month, too much admin"),
        ("I volunteer at the food bank on Saturdays.", "resigned from the food bank in May"),
        # "traded X in for Y", dated: a switch, not an event of the day
        ("I ride a Vespa to work.", "traded the vespa in for an e-bike last week"),
        # rehoming ends a pet, with an adverb closing the clause
        ("We have a rabbit called Clover.", "We had to rehome Clover sadly."),
    ],
)
def test_endings_said_without_a_subject_or_with_the_thing_inside_the_verb(first: str, second: str) -> None:
    _, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert len(ended) == 1


def test_trading_without_a_for_is_an_event() -> None:
    current, ended = beliefs_after(Owner("phrasing", "u"), "I invest in index funds.", "I traded some stocks last week")
    assert ended == [] and len(current) == 2


@pytest.mark.parametrize(
    ("first", "second", "kept"),
    [
        # a laugh, an emoji or how the value is spelled, said after it
        ("I bank with Barclays.", "actually it's Monzo lol", "The user banks with Monzo."),
        ("My cousin's name is Katherine.", "no wait, it's Kathryn, with a y", "The user's cousin's name is Kathryn."),
        # an hour said alone names the time it is the hour of
        ("The school run is at 8am.", "correction, 7:45 not 8", "The school run is at 7:45."),
        # "err" before the formula, and a day written in lower case after a plain "no"
        ("I pay 30 a month for my phone.", "erm make that 35", "The user pays 35 a month for their phone."),
        ("Bin day is on tuesday.", "no, monday", "Bin day is on monday."),
    ],
)
def test_a_correction_with_a_laugh_a_spelling_or_an_hour_alone(first: str, second: str, kept: str) -> None:
    current, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert len(ended) == 1 and current == [kept]


@pytest.mark.parametrize("second", ["Oh no, Sam!", "No, Sam!"])
def test_a_name_cried_out_after_no_corrects_nothing(second: str) -> None:
    """ "Oh no, Jon!" is said to someone: it corrected a LoCoMo speaker's belief to "Jon"."""
    current, ended = beliefs_after(Owner("phrasing", "u"), "My manager is Priya.", second)
    assert ended == [] and current == ["The user's manager is Priya."]


@pytest.mark.parametrize("said", ["the dentist is on thursday", "Spotify costs us 11.99 a month"])
def test_a_day_in_lower_case_or_a_price_to_us_is_a_belief(said: str) -> None:
    current, _ = beliefs_after(Owner("phrasing", "u"), said)
    assert len(current) == 1


@pytest.mark.parametrize(
    ("first", "second", "kept"),
    [
        # a value said in a word: a count or how often
        ("I have two nephews in Leeds.", "sorry, three, I forgot the baby", "The user has three nephews in Leeds."),
        (
            "We get the veg box delivered fortnightly.",
            "*weekly, not fortnightly",
            "The user gets the veg box delivered weekly.",
        ),
        # a thing's name said with "'s called"
        ("Our vet is Dr Rivers.", "sorry, the vet's called Dr Rowe", "The user's vet is Dr Rowe."),
    ],
)
def test_a_correction_in_a_word_or_with_its_called(first: str, second: str, kept: str) -> None:
    current, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert len(ended) == 1 and current == [kept]


def test_a_markdown_bullet_is_no_correction_mark() -> None:
    current, ended = beliefs_after(Owner("phrasing", "u"), "My manager is Priya.", "* Tom")
    assert ended == [] and current == ["The user's manager is Priya."]


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("I run the Thursday book club.", "the thursday book club got discontinued"),
        ("I'm saving for a deposit, hoping to buy by 2030", "I'm not saving for a deposit anymore"),
    ],
)
def test_a_discontinued_thing_ends_and_a_hope_after_a_comma_keeps_the_statement(first: str, second: str) -> None:
    _, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert len(ended) == 1


@pytest.mark.parametrize(
    ("said", "ends"),
    [
        (("I have a season ticket for the Addicks.", "gave it up this year, too pricey"), True),
        (("We own three chickens.", "had to sell them when we moved"), True),
        (("We rent a beach hut in Whitstable.", "sold it last summer"), True),
        # the belief said last holds no thing: "it" is open
        (("I have a gym membership.", "I love jazz.", "cancelled it"), False),
    ],
)
def test_an_ending_of_it_ends_the_thing_spoken_of_last(said: tuple[str, ...], ends: bool) -> None:
    _, ended = beliefs_after(Owner("phrasing", "u"), *said)
    assert len(ended) == (1 if ends else 0)


@pytest.mark.parametrize(
    ("first", "second", "ends"),
    [
        # a negated auxiliary is a verb: the statement was lost whole
        ("My uncle rides a motorbike to work.", "My uncle doesn't ride a motorbike anymore.", True),
        # the verb denied with its object left out
        ("My aunt swims at the lido on Sundays.", "My aunt doesn't swim anymore since her knee op.", True),
        ("My aunt swims at the lido on Sundays.", "I don't swim anymore.", False),  # someone else
    ],
)
def test_a_verb_denied_with_anymore_ends_what_it_held(first: str, second: str, ends: bool) -> None:
    _, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert len(ended) == (1 if ends else 0)


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("Goal for this year: learn to swim", "The user's goal for this year is to learn to swim."),
        ("Current commute: 40 min on the 73 bus", "The user's current commute is 40 min on the 73 bus."),
    ],
)
def test_a_label_and_its_value_jotted_down_is_a_belief(said: str, kept: str) -> None:
    current, _ = beliefs_after(Owner("phrasing", "u"), said)
    assert current == [kept]


@pytest.mark.parametrize("said", ["Mood: meh", "My advice: rest up", "Day 3: still sore", "Reminder: call the bank"])
def test_a_heading_a_mood_or_advice_after_a_colon_is_no_labelled_fact(said: str) -> None:
    current, _ = beliefs_after(Owner("phrasing", "u"), said)
    assert not any(" is " in c and ("mood" in c or "advice" in c or "day 3" in c.lower()) for c in current)


@pytest.mark.parametrize(
    ("first", "second", "kept"),
    [
        (
            "Our council tax is £1,900 a year.",
            "the council put it up to 2,050 from April",
            "The user's council tax is £2,050 a year.",
        ),
        ("My phone contract is 25 a month.", "they hiked it to 29", "The user's phone contract is 29 a month."),
        ("我每个月物业费300", "物业从下个月起涨到360", "用户每个月物业费360。"),
    ],
)
def test_an_amount_someone_moved_replaces_the_amount_it_stands_for(first: str, second: str, kept: str) -> None:
    current, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert len(ended) == 1 and current == [kept]


def test_an_amount_far_from_any_held_replaces_nothing() -> None:
    _, ended = beliefs_after(Owner("phrasing", "u"), "My phone contract is 25 a month.", "they raised it to 400")
    assert ended == []


@pytest.mark.parametrize(
    ("first", "second"),
    [
        # a thin change whose other words the belief says too
        ("My statin is 20mg atorvastatin.", "GP doubled it, I'm on 40mg atorvastatin now"),
        # an hour said alone after "at" is the time a thin change replaces
        ("I usually get up at 6.", "these days I'm up at 7:15 because of the new rota"),
    ],
)
def test_a_thin_change_that_repeats_the_beliefs_words_or_moves_its_hour(first: str, second: str) -> None:
    _, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert len(ended) == 1


def test_a_thin_change_with_two_times_held_in_one_belief_replaces_neither() -> None:
    """ "up at 7, the gym at 8" then "these days I'm up at 5:30": which time moved is open to the rules."""
    _, ended = beliefs_after(Owner("phrasing", "u"), "I get up at 7, then the gym at 8.", "these days it's 5:30")
    assert ended == []


def test_two_verbs_of_a_routine_are_two_beliefs() -> None:
    current, _ = beliefs_after(Owner("phrasing", "u"), "I wake up at 6 and go for a run at 7")
    assert current == ["The user wakes up at 6.", "The user goes for a run at 7."]


def test_a_supposition_with_a_modal_is_no_frame_reading() -> None:
    """ "If I get the job, I'll move to Berlin" was a home in Berlin; kept as said, it is a
    supposition, and the home held stays."""
    current, ended = beliefs_after(
        Owner("phrasing", "u"), "I live in Hamburg.", "If I get the job, I'll move to Munich"
    )
    assert ended == [] and "The user lives in Hamburg." in current


@pytest.mark.parametrize(
    ("second", "ends"),
    [
        ("My cousin left for a fintech startup in May", True),
        ("My cousin joined a law firm last week", True),
        ("My cousin joined a running club", False),  # joined without working there
    ],
)
def test_an_employer_named_by_its_kind_replaces_the_employer(second: str, ends: bool) -> None:
    _, ended = beliefs_after(Owner("phrasing", "u"), "My cousin works at Deloitte.", second)
    assert len(ended) == (1 if ends else 0)


@pytest.mark.parametrize(
    ("first", "second", "ends"),
    [
        ("I get the 8:05 bus to work.", "I've been biking to work since April", True),
        ("I walk to work.", "these days I drive in, the office moved", True),
        ("I commute by tube.", "I take the bus to the gym", False),  # another trip
        ("I cycle to work.", "My wife drives to work.", False),  # another person
    ],
)
def test_how_one_gets_to_work_is_one_attribute(first: str, second: str, ends: bool) -> None:
    _, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert len(ended) == (1 if ends else 0)


def test_too_before_a_word_intensifies_and_adds_nothing() -> None:
    """ "the bus got too slow" is no "too" of one more: the commute it says is a replacement."""
    _, ended = beliefs_after(
        Owner("phrasing", "u"), "I take the bus to work.", "I walk to work now, the bus got too slow"
    )
    assert len(ended) == 1


@pytest.mark.parametrize(
    ("first", "second", "ends"),
    [
        ("My brother works nights at the depot.", "My brother is on the day shift now.", True),
        ("I'm on lates this month.", "Back on earlies from Monday.", True),
        ("I work nights.", "My husband works days.", False),  # another person
        ("I work the early shift.", "I also do a late shift on Sundays.", False),  # one more
    ],
)
def test_the_shift_one_works_is_one_attribute(first: str, second: str, ends: bool) -> None:
    _, ended = beliefs_after(Owner("phrasing", "u"), first, second)
    assert len(ended) == (1 if ends else 0)
