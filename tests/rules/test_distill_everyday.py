"""Everyday ways of updating and correcting what one said, one rule per phenomenon:
a correction that gives only the value ("actually it's at 11", "typo — 94114"), ...
Each is checked through the pure extractor + reconcile path the governance eval runs;
the wordings are neither the eval's nor its blind sitting's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from ledgermind import Owner
from tests.support.said import beliefs_after


def _beliefs(*texts: str) -> tuple[list[str], list[str]]:
    """(current, ended) statements after each text is said (one message each)."""
    return beliefs_after(Owner("everyday", "u"), *texts)


# --- a correction that gives only the value -------------------------------------------


@pytest.mark.parametrize(
    ("first", "second", "now", "gone"),
    [
        ("My train leaves at 7:15.", "actually it's at 7:45", "7:45", "7:15"),  # a pronoun for the thing
        ("My locker is number 218.", "typo — 281", "281", "218"),  # the value alone after a formula
        ("The bakery is called Crumbs.", "oops, it's called Crust", "Crust", "Crumbs"),
        ("Our yoga class is on Tuesday.", "scratch that, Thursday", "Thursday", "Tuesday"),
        ("I take 40 mg of atorvastatin.", "correction: 20 mg, not 40", "20", "40"),  # the wrong value named
        ("Our table is booked at Casa Rosa.", "I mean Casa Blanca, not Casa Rosa.", "Casa Blanca", "Casa Rosa"),
        ("The alarm code is 3390.", "should've said 3309 for the alarm code", "3309", "3390"),
        ("My nephew is 11.", "sorry he's 12, not 11", "12", "11"),  # "he": one of the speaker's people
        ("Our room is 12A.", "nvm it's 12B", "12B", "12A"),  # a code: the whole token changes
        ("我表哥叫陈明。", "打错字了，是陈铭不是陈明。", "陈铭", "陈明"),
        ("我们的会议在三楼。", "不对，是五楼", "五楼", "三楼"),
    ],
)
def test_a_correction_that_gives_only_the_value_rewrites_the_belief_it_corrects(
    first: str, second: str, now: str, gone: str
) -> None:
    current, ended = _beliefs(first, second)
    assert any(now in s for s in current), current
    assert not any(gone in s for s in current), current
    assert any(gone in s for s in ended), ended


def test_the_shape_of_a_value_finds_the_latest_belief_of_that_shape() -> None:
    current, _ = _beliefs("My flight lands at 6 pm.", "Our gate is B12.", "sorry, 8 pm")
    assert any("8 pm" in s and "lands" in s for s in current), current
    assert any("B12" in s for s in current), current


@pytest.mark.parametrize(
    "text",
    [
        "it's at 11 am",  # no correction formula: a reply about anything
        "Actually, that sounds great",  # no value to correct to
        "no, not really",
        "Not bad, it was fun",
        "sorry, I was busy",
        "actually I live in Leeds",  # a statement of its own: the other rules read it
    ],
)
def test_what_is_no_bare_correction(text: str) -> None:
    from ledgermind.distill.bare_corrections import bare_correction

    assert bare_correction(text) is None


def test_a_bare_correction_with_nothing_to_correct_leaves_no_belief() -> None:
    current, ended = _beliefs("I love hiking.", "oops, it's 94114")
    assert current == ["The user loves hiking."] and ended == []


@pytest.mark.parametrize(
    ("value", "shape"),
    [("11 am", "time"), ("7:45", "time"), ("Sunday", "weekday"), ("June 12", "date"), ("21st", "date")]
    + [("$40", "money"), ("94114", "number"), ("12B", "number"), ("Casa Blanca", "name"), ("五楼", "number")]
    + [("下午三点", "time"), ("周二", "weekday")],
)
def test_value_shapes(value: str, shape: str) -> None:
    from ledgermind.distill.bare_corrections import value_shape

    assert value_shape(value) == shape


# --- clauses people write in chat ---------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "parts"),
    [
        # a spaced dash joins two clauses as a semicolon does
        ("Got a new job — I'm at Figma now.", ["I got a new job", "I'm at Figma now."]),
        # a dropped subject after an adverb or a lead-in, and before a change verb
        ("Finally sold the boat.", ["I finally sold the boat."]),
        ("Bumped my budget up to 900.", ["I bumped my budget up to 900."]),
        ("fyi moved to Leeds", ["fyi I moved to Leeds"]),
        # a short lead clause with its subject dropped is a clause of its own, not a lead-in
        ("Dropped the night class, I'm doing mornings now.", ["I dropped the night class", "I'm doing mornings now."]),
        # a participle clause that says what holds now: its "I'm" was dropped
        ("I left the choir, singing with a jazz band now", ["I left the choir", "I'm singing with a jazz band now"]),
    ],
)
def test_chat_clauses(sentence: str, parts: list[str]) -> None:
    from ledgermind.distill.clauses import clauses

    assert clauses(sentence) == parts


def test_a_thing_named_with_what_it_is_of_is_a_statement() -> None:
    from ledgermind.distill.statements import is_statement

    assert is_statement("The deadline for the grant is June 30.")
    assert is_statement("Lunch with the Parkers is on Sunday.")


def test_a_statement_that_says_only_its_value_still_has_a_key() -> None:
    current, _ = _beliefs("I'm on Lexapro.")
    assert current == ["The user is on Lexapro."]


@pytest.mark.parametrize(
    ("first", "second", "now", "gone"),
    [
        ("I make $80,000 a year.", "Got promoted — I'm on $95,000 now.", "95,000", "80,000"),
        ("I weigh 90 kg.", "down to 84 kg now", "84", "90"),
    ],
)
def test_a_change_said_with_only_the_new_value_replaces_the_one_value_of_that_shape(
    first: str, second: str, now: str, gone: str
) -> None:
    current, ended = _beliefs(first, second)
    assert any(now in s for s in current) and not any(gone in s for s in current), current
    assert any(gone in s for s in ended), ended


def test_a_thin_change_does_not_guess_between_two_values_of_its_shape() -> None:
    # two sums of the order of the new one: which moved, the words do not say (a sum of
    # another order, "My rent is $1,500.", is no candidate: see the sums moved in
    # test_distill_asks_sums_and_unsaid_subjects)
    assert _beliefs("I make $80,000 a year.", "We have $70,000 in savings.", "I'm on $95,000 now.")[1] == []


def test_a_thin_change_needs_a_unit_to_replace_a_bare_number() -> None:
    assert _beliefs("I have 3 kids.", "It's 4 now.")[1] == []


# --- updates in everyday words ------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "second", "now", "gone"),
    [
        # a kinship word used as a name is the speaker's relative; "sold X and got Y" replaces
        ("My mom drives a Subaru Outback.", "Mom sold the Outback and got a Kia Niro.", "Niro", "Subaru"),
        # "they" acting on the speaker's thing is no one in particular
        ("My yoga class is at 7 pm.", "they moved my yoga class to 8:15pm", "8:15pm", "7 pm"),
        # an ordinal is one value, and "this year" says what holds now
        ("I teach 4th grade.", "I teach 6th grade this year.", "6th", "4th"),
        # a measure verb is a copula; the occasion a value was read at is not part of it
        ("The puppy weighs 9 kg.", "puppy's 11 kg at the latest vet visit", "11", "9"),
        # an agent who changed the speaker's amount ("my doctor upped ...")
        ("I'm on 25 mg of zoloft.", "The psychiatrist upped my zoloft to 50 mg.", "50", "25"),
    ],
)
def test_updates_in_everyday_words(first: str, second: str, now: str, gone: str) -> None:
    current, ended = _beliefs(first, second)
    assert any(now in s for s in current) and not any(gone in s for s in current), current
    assert any(gone in s for s in ended), ended


@pytest.mark.parametrize(
    ("first", "second", "now", "gone"),
    [
        # "现在住X": where one lives, said without 在
        ("我住在南京。", "换了工作，现在住无锡。", "无锡", "南京"),
        # a schedule moved with 挪到 / 推迟到
        ("我们的例会在周三上午。", "例会挪到周四下午了。", "周四", "周三"),
        # numbers are values, not topics: the shared noun ties the two ("物业费" ... "现在")
        ("我家物业费每月六百。", "物业涨价了，物业费现在八百。", "八百", "六百"),
        # a thin change of a time of day: the old time of day goes
        ("我每天晚上十一点睡觉。", "最近改成十点睡了", "十点", "十一点"),
    ],
)
def test_chinese_updates_in_everyday_words(first: str, second: str, now: str, gone: str) -> None:
    current, ended = _beliefs(first, second)
    assert any(now in s for s in current) and not any(gone in s for s in current), current
    assert any(gone in s for s in ended), ended


def test_a_chinese_month_of_last_year_is_dated() -> None:
    from ledgermind.distill.dates import find_time

    found = find_time("我去年三月换了工作", datetime(2026, 8, 12, tzinfo=UTC))
    assert found is not None and (found.when.year, found.when.month) == (2025, 3)


@pytest.mark.parametrize("text", ["I'm colorblind.", "I'm 41.", "We're retired."])
def test_a_two_word_state_of_the_speaker_is_kept(text: str) -> None:
    assert len(_beliefs(text)[0]) == 1


@pytest.mark.parametrize("text", ["I'm excited!", "I'm good", "I'm hooked"])
def test_a_two_word_feeling_of_the_moment_is_not(text: str) -> None:
    assert _beliefs(text)[0] == []


@pytest.mark.parametrize(
    ("first", "second", "now", "gone"),
    [
        # a named value said without its verb, after a colon or a comma
        ("My barber is Sal.", "New barber at the mall: Tony.", "Tony", "Sal"),
        ("Our plumber is Mr. Boyle.", "We have a new plumber, Mr. Reyes.", "Reyes", "Boyle"),
        # "has been" is a copula, "lately" only context
        ("My go-to coffee shop is Blue Door.", "Lately my go-to coffee shop has been Ritual.", "Ritual", "Blue Door"),
        # "back to" says what holds now
        ("I swim twice a week.", "I'm back to swimming four times a week.", "four", "twice"),
        # an adverb between a thing and its verb; "went up by N, to M"
        ("Our choir rehearses on Wednesdays.", "The choir now rehearses on Mondays.", "Mondays", "Wednesdays"),
        ("Our water bill is 60 a month.", "The water bill went up by 15, to 75.", "75", "60"),
        # a correction of a pronoun's attribute; a noun before the value
        ("My goddaughter's name is Mara.", "Sorry, her name is Maya.", "Maya", "Mara"),
        ("The workshop is in hall 12.", "I meant hall 21.", "21", "12"),
        ("我的纪念日是五月二号。", "记错了，是五月十二号。", "五月十二号", "五月二号"),
    ],
)
def test_more_updates_in_everyday_words(first: str, second: str, now: str, gone: str) -> None:
    current, ended = _beliefs(first, second)
    assert any(now in s for s in current) and not any(gone in s for s in current), current
    assert any(gone in s for s in ended), ended


@pytest.mark.parametrize(
    "clause",
    [
        "I feel great, both mentally and physically.",  # a feeling, nothing concrete
        "We had a great time.",
        "I'm really proud to be part of it.",
        "My week's been busy.",
        "I won't quit, no matter what.",
    ],
)
def test_a_mood_or_resolve_with_nothing_concrete_is_no_statement(clause: str) -> None:
    from ledgermind.distill.statements import is_statement

    assert not is_statement(clause)


@pytest.mark.parametrize(
    "clause",
    [
        "I feel stressed about my thesis deadline in May.",
        "We had a great time in Lisbon.",
        "I'm excited to join Stripe.",
    ],
)
def test_a_mood_with_something_concrete_stays_a_statement(clause: str) -> None:
    from ledgermind.distill.statements import is_statement

    assert is_statement(clause)


def test_a_chinese_clause_that_drops_its_subject_has_the_speakers() -> None:
    """Two frames in one sentence, the second clause without a subject: its
    belief says whose it is, not a bare "在一家银行工作。"."""
    assert sorted(_beliefs("我住在上海，在一家银行工作。")[0]) == ["用户住在上海。", "用户在一家银行工作。"]
    assert "用户住在北京。" in _beliefs("我住在北京，我姐姐在上海工作。")[0]


def test_a_bare_month_is_the_last_one_only_in_a_clause_told_in_the_past() -> None:
    """Said on 2 December 2026: "starts school in September" is next September,
    so no past date is made of it; "met her in June" is this June."""
    from ledgermind.distill.dates import find_time

    said = datetime(2026, 12, 2, 15, tzinfo=UTC)
    assert find_time("My daughter starts school in September.", said) is None
    assert find_time("The conference takes place in early November.", said) is None
    met = find_time("I met Anna in June.", said)
    assert met is not None and met.resolved == "in June 2026"
    started = find_time("I started at Acme in March 2025.", said)
    assert started is not None and started.resolved == "in March 2025"
