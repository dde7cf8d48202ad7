"""What went, named in the words people use, and what others moved for the speaker.

A place, a firm, a route or a person named as gone ("the Kirkgate branch closed", "they axed the
X4", "Priya left", "someone pinched the Trek", "we let Dave go", "the old fridge finally died"),
with what holds in its place said beside it, replaces the belief that names it; said alone, it
ends it. A sum put up or down by whoever sets it ("the council's putting it up to £1,890", "the
board voted to raise them to $240"), news said after how it came ("Email from the agent this
morning, ..."), a count of people or a numbered route said of "it" ("it's 55 members since the
open day"), how often said anew ("we're doing it every fortnight now", "decided to go monthly",
"they want me in four days a week now"), a place in a queue, a time said alone with when it
starts ("9:15 from next week"), a phone number, a postcode or an e-mail said new, one of the
speaker's people said by their name with "'s" ("jo's on lates now") and a favourite that took
over as a "go-to": each replaces the one held.

A thing closed for a day, one of the family who left after a visit, a number of another kind
(a work number beside a mobile), someone else's address and a count of other things end nothing.

Words of my own (pure, the distiller's own functions)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from tests.support.said import beliefs_after

OWNER = Owner("what-went", "u")


def _replaced(held: str, said: str, gone: str) -> None:
    """After ``held`` then ``said`` (one session), a belief naming ``gone`` ended and something is
    held in its place."""
    current, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert any(gone in e for e in ended), (current, ended)
    assert current, (current, ended)


def _ended(held: str, said: str, gone: str) -> None:
    """After ``held`` then ``said`` (one session), a belief naming ``gone`` ended."""
    current, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert any(gone in e for e in ended), (current, ended)


def _kept(held: str, said: str) -> None:
    """After ``held`` then ``said`` (one session), nothing ended."""
    current, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert ended == [], (current, ended)


@pytest.mark.parametrize(
    ("held", "said", "gone"),
    [
        # a place or a firm gone, said with no copula, and what holds instead
        (
            "I take the cat to the Kirkgate vets",
            "the Kirkgate branch closed so she's registered with Abbey Vets now",
            "Kirkgate",
        ),
        (
            "We bank at the Lloyds on Market Street",
            "The Market Street branch shut down, so our account moved to the Broad Street one",
            "Market Street",
        ),
        # a person gone from the role, and who took it
        ("Our office manager is Priya", "Priya left for a hospital job, Ben's taken over her desk", "Priya"),
        # a route taken away by those who run it, and what the speaker is on now
        ("I catch the X4 into town", "they axed the X4 so I'm on the 22 now", "X4"),
        # a thing taken from the speaker
        ("I've got a works car", "they took the works cars off us, I'm driving my own Polo", "works car"),
        # a thing of theirs up for sale as the new one arrives
        ("I ride with a Karoo 2 on the bars", "the Edge 840 arrived, Karoo's going on eBay", "Karoo"),
        # stolen, and what was bought with the money
        ("My bike is a Trek FX", "someone pinched the Trek outside the gym, got a Ribble with the payout", "Trek"),
        # one who worked for them let go
        (
            "Our cleaner is a lady called Dorota",
            "We let Dorota go in May, Sam from round the corner does it now",
            "Dorota",
        ),
        # the old one of a kind died, the new one fitted
        (
            "Our fridge is a Bosch from 2011",
            "the old fridge finally died on Friday, a new Samsung arrived today",
            "fridge",
        ),
        # a sum put up or down by whoever sets it, "it" or "them"
        ("Our service charge is £1,650 a year", "the council's putting it up to £1,890 from April", "£1,650"),
        ("My condo fees are $210 a month", "the board voted to raise them to $240 starting in March", "$210"),
        ("My rent is £1,100 a month", "they're knocking it down to £1,050 from June, a miracle", "£1,100"),
        # news said after how it came
        (
            "My rent for the flat in Exeter is £875 a month",
            "Email from the agent this morning, rent's going up to £925 from next month",
            "£875",
        ),
        # a count of people, or the number a route goes by, said of "it"
        ("Our residents' group has about 30 members", "it's 55 members since the open day", "30"),
        ("I get the 12 bus to college", "they changed the route so it's the 14 for me now", "12"),
        # how often, said anew ("were" typed for "we're"; a frequency taken up from a date; others' wish)
        ("We hold the beach clean once a month", "were doing it every fortnight now", "once a month"),
        ("Our club magazine comes out quarterly", "we've decided to go monthly from September", "quarterly"),
        ("I go into the Leeds office twice a week", "they want me in four days a week now", "twice a week"),
        # a place in a queue, said as where the speaker is now
        ("We're 14th on the waiting list for a council flat", "just got a letter, we're 6th now", "14th"),
        ("I'm 9th in the queue for a plot", "I've moved up to 3rd", "9th"),
        # a time said alone with when it starts
        ("Our running club meets at 7am on Sundays", "7:30 starting next week, too many complaints", "7am"),
        # a value of a form of its own, said new
        ("Our home phone is 0113 496 0555", "Virgin gave us 0113 496 0912 when we switched", "0555"),
        ("My postcode is BS7 8QA", "new one's BS16 2JP after the move", "BS7 8QA"),
        # one of the speaker's people said by their name with "'s"
        ("My husband Jo works night shifts at the depot", "jo's on days now, finally", "night"),
        # a favourite that took over as a "go-to"
        (
            "My favourite chippy is the Golden Fry on Mill Road",
            "Nelly's on the high street has totally taken over as my go-to",
            "Golden Fry",
        ),
    ],
)
def test_what_went_or_what_others_moved_replaces_the_one_held(held: str, said: str, gone: str) -> None:
    _replaced(held, said, gone)


@pytest.mark.parametrize(
    ("held", "said", "gone"),
    [
        # a thing named as gone, nothing said in its place
        ("I get the 31 to work", "they rerouted the 31 last week", "31"),
        ("I do pilates at the Albany studio", "the Albany studio closed down in March", "Albany"),
        ("My car's a silver Golf", "the Golf was written off in the crash", "Golf"),
    ],
)
def test_what_went_alone_ends_the_one_held(held: str, said: str, gone: str) -> None:
    _ended(held, said, gone)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        # a place closed for a day, or at an hour
        ("I swim at the Pond Street pool on Tuesdays", "the pool closed early today so I went for a run"),
        ("I buy my bread at the corner shop", "the shop closed at 5 so I missed it"),
        # one of the family who left after a visit
        ("My sister lives in Bristol", "my sister left on Sunday after a lovely week"),
        # a number of another kind, someone else's address, a count of other things
        ("My mobile is 07700 900456", "my work number is 0161 555 0199"),
        ("My email is sam.p@gmail.com", "my brother's email is tom.p@gmail.com"),
        ("I have 2 cats", "it's 3 dogs now lol, my flatmate brought hers"),
        # a place of another kind, said in another league
        ("We're 5th on the waiting list for a plot", "our team's 3rd in the league now"),
    ],
)
def test_closed_for_a_day_a_visit_or_another_kind_ends_nothing(held: str, said: str) -> None:
    _kept(held, said)


@pytest.mark.parametrize(
    ("held", "said", "gone"),
    [
        # an ending said with why after it, or "for good"
        ("I'm on the board of the Millbrook food bank", "I stepped down from the board after the merger vote", "board"),
        (
            "I run a Tuesday coding club at the library",
            "The coding club has finished for good, the funding ran out",
            "coding club",
        ),
        # one who worked for the speaker, let go by a pronoun, "we" dropped
        (
            "We have a gardener who comes every other Monday",
            "had to let him go, the budget's gone on the roof",
            "gardener",
        ),
    ],
)
def test_an_ending_with_why_after_it_ends_the_one_held(held: str, said: str, gone: str) -> None:
    _ended(held, said, gone)


@pytest.mark.parametrize(
    ("held", "said", "gone"),
    [
        # a slip found and named before the right value
        ("I do 4 shifts a week at the hospice shop", "just realised I told you 4, it's only 3 shifts", "4 shifts"),
        # the thing spoken of, its "it" dropped after the slip
        ("My sort code ends in 2219", "typo, ends in 2291", "2219"),
        # a measure put right after "actually", which names no tool
        ("Our spare room is 2.4m by 3m", "measured it properly, it's actually 2.8 by 3", "2.4m"),
    ],
)
def test_a_slip_put_right_in_chat_words_corrects_the_one_held(held: str, said: str, gone: str) -> None:
    _replaced(held, said, gone)


@pytest.mark.parametrize(
    "said",
    [
        # a case contrary to fact, and what would follow it
        "If I won the Euromillions I'd buy a cottage in Cornwall",
        "imagine we inherited a fortune — we'd open a dog rescue. how much would that cost?",
        # what is under way this evening, said in the present
        "We're ordering a curry tonight, any tips for a mild one?",
        # a joke's sign-off
        "Why did the scarecrow win an award? Because he was outstanding in his field. I'll see myself out",
        # what those who run things should do
        "I think councils should open more libraries, honestly",
    ],
)
def test_a_case_contrary_to_fact_a_plan_for_tonight_or_a_view_is_no_belief(said: str) -> None:
    current, ended = beliefs_after(OWNER, said, one_session=True)
    assert current == [] and ended == [], (current, ended)


def test_a_weekday_said_with_its_date_keeps_the_date_as_said() -> None:
    """ "on Thursday the 14th" is dated by its words: no other Thursday is written into it."""
    current, _ = beliefs_after(OWNER, "the piano tuner is coming on Thursday the 14th", one_session=True)
    assert any("Thursday the 14th" in c for c in current), current


@pytest.mark.parametrize(
    ("held", "said", "gone"),
    [
        # a sum voted up by those who set it
        ("Our club subs are £60 a year", "they voted it up to £75 at the agm", "£60"),
        # how many visits a day, set by others for one of the speaker's people
        ("Mum has carers coming in once a day", "since the fall they've upped it to three calls a day", "once a day"),
        # a car part-exchanged for another
        ("I drive a Ford Fiesta", "Part-exchanged the Fiesta for a Kia Picanto last week", "Fiesta"),
        # a firm closing the speaker's branch of it, and where they are now
        ("I bank with Barclays on the high street", "moved to the Halifax, Barclays closed our branch", "Barclays"),
        # a dose or how often, given anew by one who cares for the speaker's people
        ("Dad's on 10mg of amlodipine", "the GP says 5mg from now on", "10mg"),
        ("Maya has physio every 2 weeks", "physio says every 4 weeks from now on, she's doing great", "every 2 weeks"),
        # a number said alone as what it is now, first or after what was done
        ("I'm on level 130 in Wordscapes", "210 now, it's an addiction", "130"),
        ("I weigh 91 kg", "stepped on the scales today, 86 now", "91"),
        # one who worked for them sacked
        ("A roofer called Gavin is doing our roof", "sacked Gavin, Hillside Roofing have taken the job on", "Gavin"),
        # days of the week moved to, "a week" unsaid; why said after it
        ("I volunteer four days a week at the charity shop", "Cut it to two days, slowing down a bit", "four days"),
    ],
)
def test_a_sum_a_dose_or_how_often_set_anew_replaces_the_one_held(held: str, said: str, gone: str) -> None:
    _replaced(held, said, gone)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        # a thing had beside another, or one taken up ("started"): no change of what is held, never
        # tied to it by meaning
        ("I drive a Skoda Octavia", "we picked up a little Fiat 500 as a second car for the school run"),
        ("I work as a dental nurse", "started selling candles on the side at weekend markets"),
        ("I speak German", "I've started learning Italian too with an app"),
        ("I swim twice a week", "also started a Thursday pilates class for my back"),
    ],
)
def test_a_thing_had_beside_or_taken_up_ends_nothing(held: str, said: str) -> None:
    _kept(held, said)


@pytest.mark.parametrize(
    ("held", "said", "gone"),
    [
        # a favourite said so "officially"
        (
            "My favourite podcast is Desert Island Discs",
            "new obsession, Empire is officially my favourite podcast",
            "Desert",
        ),
        # a numbered step moved to, said with "moving to"
        ("I teach year 2 at Oakfield Primary", "just heard I'm moving to year 5 in September", "year 2"),
        # a vet's word, "'s" for "has"
        ("Our cat Pip eats Felix pouches", "the vet's put her on a renal diet from Hill's", "Felix"),
        # one of the speaker's people by a name typed in lower case, gone into other work
        ("My son Tom is a plumber", "tom's gone into teaching, loves it", "plumber"),
        # they who care for one of the speaker's people moving them by a pronoun
        ("Grandad's on simvastatin", "they've switched him to atorvastatin after the bloods", "simvastatin"),
    ],
)
def test_a_favourite_a_step_or_a_carer_s_word_replaces_the_one_held(held: str, said: str, gone: str) -> None:
    _replaced(held, said, gone)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        # an occasion of a thing, not the thing gone
        ("I take the 38 bus to work", "they cancelled the 38 again so I walked"),
        ("I walk my dog in Roundhay Park", "the park closed so we went to the beach"),
        ("My kids go to Greenfield school", "the school closed last week because of snow"),
        ("I bring my lunch to work every day", "someone stole my lunch from the fridge"),
        ("My son Gary is 14", "we let Gary go to the festival"),
        ("I have a bad knee", "my knee gave out on the stairs"),
        # a name that is also a month
        ("I live in York", "May's moving to Bristol next month"),
        # a slip of the hand, no slip of what was said
        ("I drink my coffee black", "just realised I put salt in my coffee, gross"),
        # a carer's word of another doing, or of a pet
        ("I go to the gym three times a week", "Doctor says I should walk every day now"),
        ("I take 20mg of sertraline", "vet says 5mg now for the dog"),
        # how many, no place in a queue; days a parcel takes; a ward one is moved to
        ("I'm 5th on the waiting list for an allotment", "we're 4 now, baby arrived!"),
        ("I work from home two days a week", "my parcel is going to take up to 5 days"),
        ("Mum is on warfarin", "they've moved her to ward 5"),
        # a price, no time; a size of memory, no postcode
        ("I get the 7:42 train", "2.50 from next month, fares are going up again"),
        ("I live at LS17 8QT", "just bought an M2 8GB MacBook"),
    ],
)
def test_an_occasion_a_name_or_a_look_alike_value_ends_nothing(held: str, said: str) -> None:
    _kept(held, said)


def test_a_plan_of_this_evening_that_lasts_is_kept() -> None:
    """Not every "tonight" is an evening's doing: handing in one's notice is kept."""
    current, _ = beliefs_after(OWNER, "I'm handing in my notice tonight", one_session=True)
    assert current, current


def test_were_of_a_past_trip_is_no_we_are() -> None:
    current, _ = beliefs_after(OWNER, "Were in Spain last week, loved it", one_session=True)
    assert not any("is in Spain" in c for c in current), current


@pytest.mark.parametrize(
    ("held", "said", "gone"),
    [
        # a rate said with its "%" dropped
        ("My ISA pays 4.5%", "the rate went down to 3.9 in June", "4.5%"),
        # an age said alone from today
        ("I'm 41", "42 as of today 🎂", "41"),
        # where a group of the speaker's meets now, said as where "we've been" since
        ("Our knitting circle meets at the Crown on Tuesdays", "since June we've been at the church hall", "Crown"),
    ],
)
def test_a_rate_an_age_or_a_meeting_place_said_anew_replaces_the_one_held(held: str, said: str, gone: str) -> None:
    _replaced(held, said, gone)


def test_where_we_have_been_since_a_day_is_a_trip() -> None:
    """ "we've been in Spain since Tuesday" is where the speaker is this week, no home moved."""
    _kept("I live in Leeds", "we've been in Spain since Tuesday")
