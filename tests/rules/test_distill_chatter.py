"""Talk about the talk is no belief; facts said in the same forms still are.

One kind of conversational clause per test (``distill.chatter`` and the form
checks of ``distill.statements``), each beside sentences of nearly the same
shape that must still become beliefs, so a filter cannot silently eat facts.
The wordings are written for these tests (none is a LoCoMo turn)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from ledgermind import Owner
from ledgermind.distill import DeltaItem, ExtractionContext, RuleExtractor
from ledgermind.distill.chatter import chatter_kind


def _statements(text: str) -> list[str]:
    """What the rule extractor proposes for one message of a named speaker (as in chat logs)."""
    owner = Owner("chatter", "u")
    at = datetime(2026, 5, 4, 18, tzinfo=UTC)
    item = DeltaItem("s", 1, "user", text, at, 1, name="Rosa")
    return [p.statement for p in RuleExtractor().extract(ExtractionContext(owner, "s", (item,), None, at)).proposals]


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # the speaker and the listener as one subject
        ("We'd all get cozy under one blanket.", "pair"),
        ("We make a really good team!", "pair"),
        ("We work so well together.", "pair"),
        ("We're all a little weird in our own way.", "pair"),
        ("I think cooking really brings us together.", "pair"),
        # a closing of the chat
        ("Well, I'm off to go grab some groceries.", "leave-taking"),
        ("I'm off to do some stretching!", "leave-taking"),
        # saying or sharing, with nothing said
        ("I've got something to share!", "meta-talk"),
        ("I gotta say, that sounded fun.", "meta-talk"),
        ("Just wanted to say hello!", "meta-talk"),
        # following what the listener said
        ("I get how stressful moving can be.", "understanding"),
        ("I can tell!", "understanding"),
        # certainty about how it will go for the listener
        ("I have no doubt they'll adore the cake.", "prediction"),
        # catching up
        ("Not much has changed for me lately.", "catching-up"),
        ("Tons has happened since last month.", "catching-up"),
        # people in general, said with "we"
        ("We gotta find a way to help the shelter.", "generic-we"),
        ("We need way more parks in this city.", "generic-we"),
        ("We have the power to change minds.", "generic-we"),
        # a verdict, not a fact
        ("Our parks and libraries are key to a healthy town.", "evaluation"),
        ("Our choices really do matter.", "evaluation"),
        ("My teammates and my coach are amazing!", "evaluation"),
        # an idiom of being moved
        ("Seeing the kids laugh warms my heart.", "emotion"),
        ("The smell of my grandma's soup takes me right back.", "emotion"),
        ("The song took me to that moment.", "emotion"),
        # taking a challenge on
        ("It'll be hard, but I'm up for the challenge!", "resolve"),
        ("I've still got a lot to learn.", "resolve"),
        ("I'm determined to find a buyer - when I do, I'll celebrate.", "resolve"),
        # a commitment with nothing concrete in it
        ("We'll find the right people for it.", "promise"),
        ("I'll definitely stick up for my friends.", "promise"),
        # picturing what the listener lived, a wish for what could have been, a surprise of the moment
        ("I can only imagine the noise in that stadium.", "understanding"),
        ("I wish I could've been at the wedding!", "wish"),
        ("The sea has that effect on me too.", "emotion"),
        ("Honestly never saw that coming.", "emotion"),
        # how what the listener showed looks, praise of it heard from others
        ("I love the colors and the brushwork.", "shown"),
        ("I really like the way it came out!", "shown"),
        ("I've heard it's a gorgeous trail.", "shown"),
        # how long the chat was quiet
        ("We haven't talked in ages.", "catching-up"),
        # the dependent half of a sentence
        ("Especially when I'm home alone and the power's out.", "fragment"),
        ("I'll find the right buyer - when I do.", "fragment"),
    ],
)
def test_talk_about_the_talk_is_no_belief(text: str, kind: str) -> None:
    assert _statements(text) == [], _statements(text)
    body = text.removeprefix("It'll be hard, but ").removeprefix("Well, ").removeprefix("So ").removeprefix("I think ")
    assert chatter_kind(body) == kind or kind == "resolve", (body, chatter_kind(body))


@pytest.mark.parametrize(
    "text",
    [
        "We both work at the hospital in Leeds.",  # the pair with a place: a fact about the speaker's household
        "We adopted a second cat in March.",  # "we" that did something
        "My sister and I played together in a band for years.",
        "I'm off to Lisbon next week.",  # a trip, not a closing
        "We'll move to Porto in May.",  # a plan with a place and a date
        "We'll be renting a van for the move.",
        "I'll always remember the trip to Kyoto.",
        "I have to renew my passport by June.",  # an obligation of the speaker with a date
        "We need to move out by the end of August.",  # a plan with a date
        "I get up at 6 every day.",  # "get" with no question word after it
        "I can see the sea from my flat.",
        "My brother takes me climbing every Sunday.",
        "I'm ready for the exam on Friday.",  # a concrete thing to be ready for
        "I still have a lot of books from college.",
        "Especially after the surgery, I walk with a cane.",  # the main clause stays
        "For me, the best part of the job is the travel.",
        "My kids are 6 and 9.",
        "I spend 25 minutes on the bike every morning.",
        "I can imagine myself living in Oslo one day.",  # the speaker in the picture: a wish of theirs
        "I wish I had a garden.",
        "I love the ocean.",  # a thing loved by kind, not how a thing shown looks
        "I love the colors of Lisbon in spring.",
        "I heard back from the bank about my loan.",
        "We haven't talked to our landlord since the flood.",
    ],
)
def test_facts_in_the_same_forms_stay(text: str) -> None:
    assert _statements(text), text


@pytest.mark.parametrize(
    "text",
    [
        "25 minutes on, then 5 minutes off.",  # "minutes" after a number is a noun: no verb at all
        "My marketing skills and a few contacts.",  # "skills" after a modifier in -ing is a noun
        "I can look some up.",  # an offer whose object is only a pronoun
        "I can't right now.",  # a modal with adverbs only
        "There've been a few rough patches lately for me.",  # an existential with no one in it
        "I figured why not give it a go.",
        "I'll make sure to remember this when things get hard.",
        "Small acts of care can transform lives.",  # a maxim: a general subject, a verb of general effect
        "I was definitely elated.",  # a feeling of the moment
        "I'm so relieved!",
        "At the concert with my cousins I really felt it.",
        "Mine gets together every summer too.",  # "mine": a thing named before, not here
        "I'll help out however I can.",  # an offer to the listener
        "Pilates is a great way to unwind after work.",  # a verdict with no one's habit in it
        "Not easy juggling two jobs.",  # "it is not easy": no dropped "I'm" to restore
    ],
)
def test_fragments_offers_and_moods_are_no_belief(text: str) -> None:
    assert _statements(text) == [], _statements(text)


@pytest.mark.parametrize(
    "text",
    [
        "I run 25 miles every week.",
        "My running shoes are from Nike.",
        "I can pick the kids up on Tuesdays.",
        "Our house has a lake behind the garden.",
        "I was elated when I got into Oxford.",
        "Not working at the bakery anymore.",
        "I'm so relieved that my visa came through in May.",
        "Pilates is a great way for me to unwind.",
        "I'm here in Denver until Friday.",
        "My daughter makes bracelets for her friends.",
    ],
)
def test_facts_beside_those_forms_stay(text: str) -> None:
    assert _statements(text), text


@pytest.mark.parametrize(
    ("text", "made"),
    [
        # cut inside a coordinated subject ("me and my brother"): the half before it is no clause
        ("The match was close, and me and my brother cheered all night.", ["Rosa's brother cheered all night."]),
        # "to make friends" is an infinitive and "friends" its object: the second half has no verb
        ("I used my savings and my baking skills to make friends.", ["Rosa used their savings."]),
        # a dropped subject before "got some": the speaker
        ("Just got some new plants for the balcony.", ["Rosa just got some new plants for the balcony."]),
        # the cleft lead of an answer: what follows it is the clause
        ("For me, it was when I ran my first marathon in Boston.", ["Rosa ran their first marathon in Boston."]),
    ],
)
def test_clause_cuts_leave_only_whole_clauses(text: str, made: list[str]) -> None:
    assert _statements(text) == made


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a feeling of the moment, said as the whole clause
        ("We were all exhausted but really happy.", "mood"),
        ("I'm feeling calm and hopeful about it.", "mood"),
        ("I've been struggling lately.", "mood"),
        ("I'm curious to see how it turns out.", "mood"),
        ("We had a lovely time last weekend.", "mood"),
        ("Seeing the crowd made me feel tiny.", "mood"),
        ("Thinking about the trip pumps me up.", "mood"),
        # how a thing of one's own has been or went, nothing else
        ("My knee's been rough.", "evaluation"),
        ("My exam went okay.", "evaluation"),
        # the air of a moment, a verdict on things like the ones the listener told of
        ("The atmosphere was electric, my teammates and I were thrilled.", "ambience"),
        ("The energy was really motivating, it gave me a boost.", "ambience"),
        ("Community events like that are always amazing.", "ambience"),
        # carrying on, with no object
        ("I'm pressing on though.", "persistence"),
        ("I'm staying upbeat and moving forward.", "persistence"),
        # news and absences announced, nothing told
        ("Sorry I haven't been online much.", "catching-up"),
        ("I've got some exciting news to share!", "catching-up"),
        # a count and its unit, the answer to a question asked before
        ("Four years now.", "fragment"),
        # people in general, a place everyone should see, a wish contrary to fact, a guess
        ("With friends like these, we can get through anything.", "generality"),
        ("Kyoto is a must-see city.", "evaluation"),
        ("Wish I was that patient.", "wish"),
        ("I probably have too many plants.", "wish"),
    ],
)
def test_moods_persistence_and_answers_are_no_belief(text: str, kind: str) -> None:
    assert _statements(text) == [], _statements(text)
    body = text.removeprefix("Sorry ")
    assert chatter_kind(body) == kind, (body, chatter_kind(body))


@pytest.mark.parametrize(
    "text",
    [
        # a feeling with a durable cause or a place of its own
        "I've been nervous about flying ever since the storm.",
        "I was lost in Tokyo for an hour.",
        "We had a great time in Lisbon.",
        # "staying" with a place, a story that exists, a plan with a date, a count with its verb
        "I'm staying at my sister's place.",
        "I have a story published in a magazine.",
        "I'll probably move to Leeds in May.",
        "Our sprints last two weeks.",
        "Life insurance is through my employer.",
        # a feeling with a cause and a place, a thing that has been good to someone, a soreness since an event
        "Seeing my students improve makes me proud.",
        "Basketball has been great to me.",
        "My knee has been sore since the marathon.",
        # the crowd counted, the air of one's own place
        "The crowd at my gig was 300 people.",
        "The air in my flat is dry.",
    ],
)
def test_facts_beside_the_mood_forms_stay(text: str) -> None:
    assert _statements(text), text


@pytest.mark.parametrize(
    ("text", "made"),
    [
        # a past verb with its object and no subject: the speaker's (it was "Took Rosa's niece ...")
        ("Took my niece to the zoo.", ["Rosa took their niece to the zoo."]),
        ("Met an old classmate at the bakery.", ["Rosa met an old classmate at the bakery."]),
        ("Been learning to knit.", ["Rosa has been learning to knit."]),
        # "so I can ..." is the purpose of what comes before it, not a fact of its own
        ("I saved up all year so I can buy a kayak.", ["Rosa saved up all year so Rosa can buy a kayak."]),
    ],
)
def test_dropped_subjects_and_purposes_stay_whole(text: str, made: list[str]) -> None:
    assert _statements(text) == made


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        # "I love" qualifies a noun: its object is that noun, not what follows
        ("Running a bakery I love is the best part of my week.", "Rosa loves is"),
        ("The songs I like make the commute go faster.", "Rosa likes make"),
        ("I finally have a routine I enjoy every day.", "Rosa enjoys every day"),
        ("That's exactly what I like to hear!", "Rosa likes to hear"),
    ],
)
def test_a_liking_verb_inside_a_relative_clause_is_no_preference(text: str, wrong: str) -> None:
    assert not any(s.startswith(wrong) for s in _statements(text))


@pytest.mark.parametrize(
    ("text", "made"),
    [
        ("I love hiking in the Alps.", "Rosa loves hiking in the Alps."),
        ("I like to cook Thai food on Sundays.", "Rosa likes to cook Thai food on Sundays."),
        ("I enjoy every kind of jazz.", "Rosa enjoys every kind of jazz."),
    ],
)
def test_preferences_beside_the_relative_form_stay(text: str, made: str) -> None:
    assert made in _statements(text)


@pytest.mark.parametrize(
    ("text", "made"),
    [
        # the listener's name called first is a greeting, not part of the statement
        ("Margaret, I moved to Leeds last week.", "Rosa moved to Leeds"),
        ("Oh Tom, my sister is a nurse now.", "Rosa's sister is a nurse now."),
        # "But" leads a clause like "And" does; bad news softened with "I'm afraid"
        ("But I signed up for a pottery class.", "Rosa signed up for a pottery class."),
        ("I'm afraid my cat Pip died on Monday.", "Rosa's cat Pip died"),
    ],
)
def test_a_name_called_and_a_lead_in_leave_the_fact_whole(text: str, made: str) -> None:
    assert any(s.startswith(made) for s in _statements(text)), _statements(text)


@pytest.mark.parametrize(
    "text",
    [
        "Buenos días, Lucía!",  # a greeting in the speaker's other language
        "Un abrazo fuerte.",
        "Oh Margaret, I'm so very sorry.",  # sympathy with two adverbs
        "I'm so pleased.",
        "Yesterday, I'm afraid I have sad news.",
        "But I'm very glad it does.",
        # news announced before it is told, a word passed on, a report promised
        "Well, I've made a big decision.",
        "I did something brave.",
        "Oh, I have a small update.",
        "Also, my sister called with news.",
        "I will tell him.",
        "I'll report back if there's a second one.",
        "I will, I promise.",
        "Wish I could try it, but I can't right now.",
        "Going to bed now.",  # a closing of the chat
    ],
)
def test_greetings_sympathy_and_softeners_are_no_belief(text: str) -> None:
    assert _statements(text) == [], _statements(text)


def test_a_time_put_first_is_no_name_called() -> None:
    assert any("On 3 May 2026" in s for s in _statements("Yesterday, I moved to Leeds.")), _statements(
        "Yesterday, I moved to Leeds."
    )


def test_a_wish_contrary_to_fact_fills_no_frame() -> None:
    """ "I wish I could pop round for a cup of tea" drinks no tea: at most the wish as said."""
    made = _statements("I wish I could pop round for a cup of tea.")
    assert made == ["Rosa wishes Rosa could pop round for a cup of tea."], made
    assert _statements("I made a big decision to quit my job.")  # the decision told: a fact


@pytest.mark.parametrize(
    ("text", "made"),
    [
        # a plan said with its subject left out and its time to come: the speaker's
        ("Moving to Denver in June, already signed the lease.", "Rosa is moving to Denver in June"),
        ("Heading to Paris next week!", "Rosa is heading to Paris"),
        ("Starting a new job on Monday.", "Rosa is starting a new job on Monday"),
    ],
)
def test_a_plan_with_its_subject_left_out_is_the_speakers(text: str, made: str) -> None:
    assert any(s.startswith(made) for s in _statements(text)), _statements(text)


def test_a_gerund_subject_with_its_verb_later_is_no_plan() -> None:
    assert _statements("Running in January is tough.") == []
