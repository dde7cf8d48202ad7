"""A thing of the speaker's said anew in the words people use: its days said of it or of whoever
does it by a pronoun ("we're on Thursdays now", "he does wednesdays now"), a day of the month or a
clock time moved, a holder of a role named in a clause after what brought it ("landlord's a firm
called Keystone Lets now"), an address said new with its "my" dropped, a code of a grade ("we're
band C"), a favourite that took over, a plan known by its number, a model of the same line, a
reading said alone ("86 this morning"), a fixture of the home fitted anew ("had a Vaillant combi
fitted"), a place or a carrier switched to by name; in Chinese one of the speaker's people said
first with 我 dropped, a job changed, a workplace moved and a lock fitted. Each replaces the one
held. A slip put right with the value first and why after it ("41, I always mix those up"), a value
then "actually", "it's more like 9500", and in Chinese a count or a key slipped (数错了, 少打了一个字)
or a number in words with its measure (是一百克) corrects the one held.

A doing of the speaker's own on other days, today's day, someone else's thing, a second fixture, a
thing got for a child and a plan for this evening end nothing; a plan for this evening is no
belief at all.

Words of my own (pure, the distiller's own functions)."""

from __future__ import annotations

import pytest

from ledgermind import Owner
from tests.support.said import beliefs_after

OWNER = Owner("said-anew", "u")


def _replaced(held: str, said: str, gone: str) -> None:
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
        # the days of the thing spoken of, or of one who comes to do it, said by a pronoun
        ("We play badminton on Monday nights", "the hall got double booked so we're on Thursdays now", "Monday"),
        ("Our gardener comes every Friday", "he does wednesdays now", "Friday"),
        (
            "My mum rings me every Sunday from Lagos",
            "since the clocks went back she rings Saturday evenings instead",
            "Sunday",
        ),
        (
            "I do aqua aerobics every Tuesday morning",
            "they moved the class so it's Thursday mornings for me now",
            "Tuesday",
        ),
        # (a day of the household named by a word that looks like a doing)
        ("I do the ironing every Sunday", "Ironing day is Monday now", "Sunday"),
        # a day of the month, a clock time after a face
        ("my dentist appointment is on the 9th", "they moved it to the 12th", "9th"),
        ("My train is the 7:15", "timetable change 🙃 it's 7:05 now", "7:15"),
        # a price since the change that set it; a detail after a comma kept, so it can move
        ("I pay $10.99 a month for Netflix", "It's $12.99 since the price rise in May", "$10.99"),
        ("My phone contract is with Three, £18 a month", "they've just put it up to £21", "£18"),
        # a sum moved, its new value said in a sentence after the move
        ("Rent on the flat in Bristol is £950 pcm", "Landlord put it up in March. £1,020.", "£950"),
        ("Ava's nursery fees are £1,200 a month", "fees went up again. 1,290 from april", "£1,200"),
        # a holder of a role: one of the speaker's people as the value, named in a clause after
        ("My emergency contact is my sister Ruth", "changed my emergency contact to my friend Dan", "Ruth"),
        (
            "my landlord is a woman called Joan who never fixes anything",
            "the flat changed hands, landlord's a firm called Keystone Lets now",
            "Joan",
        ),
        ("Our caretaker is Bill, he's lovely", "bill retired :( new caretaker's a guy named Omar", "Bill"),
        ("we live at 7 Birch Lane in Leeds", "new address is 40 Station Road, Harrogate", "Birch Lane"),
        # a code of a grade, a favourite, a plan by its number, a model of the same line
        ("Our council tax band is D", "we appealed and we're band C", "band is D"),
        ("My favourite cafe in town is Grind", "Honestly Origin has taken over as my favourite", "Grind"),
        ("Favourite thing to watch is rugby", "lol it's snooker these days", "rugby"),
        ("our broadband is BT 900Mb", "dropped down to the 500 package, plenty for us", "900Mb"),
        ("I drive a BMW X1", "we traded up to the X3 in the spring", "X1"),
        # a reading said alone, measured as the one held
        ("I weigh 90 kg", "86 this morning 💪", "90 kg"),
        ("My 10k PB is 52:30", "51:05 at the club race today!!", "52:30"),
        # a fixture of the home fitted anew
        ("Our boiler is an old Ideal", "had a Vaillant combi fitted last week", "Ideal"),
        ("We cook on an electric hob", "had an induction hob fitted when we did the kitchen", "electric hob"),
        ("The shower's a Mira Event", "it packed in so we've got an Aqualisa fitted", "Mira Event"),
        # a place or a carrier switched to by name
        ("I climb at The Depot in Leeds", "We've swapped to Rockstar, it's nearer", "Depot"),
        ("I always fly easyJet to see my dad", "Jet2 from now on, easyJet lost my bag", "easyJet"),
        ("I've got a Headspace subscription", "swtiched to Calm, it's cheaper", "Headspace"),
        # when a thing starts, of the thing spoken of or of one of the speaker's people by name
        ("My chem exam is at 10am on Friday", "they emailed, it starts at 1pm instead", "10am"),
        ("Noah finishes nursery at 3:30", "noah's nursery changed the pick-up time to 3:15 from next term", "3:30"),
        # how often, by the thing's name or by "it"; a year of study reached; a rate per what it is per
        ("I do Zumba twice a week", "Zumba is three times a week these days", "twice a week"),
        ("I go into the office twice a week", "it's three days a week now", "twice a week"),
        ("I'm in first year of my law degree", "passed all my exams, officially a second year 🎉", "first year"),
        ("I do dog sitting on the side, 20 quid a night", "25 a night now, nobody complained", "20 quid"),
        # one of a kind the speaker has one of ("main", "biggest"), said of another by name
        (
            "My main supplier is a firm called Brightline",
            "Brightline went bust so Kestrel Foods is my main supplier now",
            "Brightline",
        ),
        # a verb of change mistyped
        ("I take 10mg of citalopram", "doc bumpd me up to 20mg", "10mg"),
        # how the speaker gets to work or school, another way
        (
            "I get the 8:05 train into Leeds every morning",
            "I've been cycling in since the spring, the trains were awful",
            "8:05",
        ),
        ("I take the bus to college", "bought a bike and cycle there these days", "bus to college"),
        # a trip's place swapped, said with a change of plan; an amount downsized
        (
            "Our holiday this year is ten days in Corfu in August",
            "change of plan, we've switched to Malta, same dates",
            "Corfu",
        ),
        ("I rent a 60 sq ft storage unit in Leeds", "downsized to 35 sq ft, saves me a fortune", "60 sq ft"),
        # a thing traded in, named between ("traded the X in")
        ("I ride a Honda CB500F to work", "traded the CB500F in on saturday, I'm on an MT-07 now", "CB500F"),
        # how long a thing of the speaker's holds now
        ("My work permit expires in June 2026", "extension approved, good till June 2028", "2026"),
        ("My driving licence expires in 2027", "renewed it online, new one's valid until 2037", "2027"),
    ],
)
def test_a_thing_said_anew_in_plain_words_replaces_the_one_held(held: str, said: str, gone: str) -> None:
    _replaced(held, said, gone)


@pytest.mark.parametrize(
    ("held", "said", "gone"),
    [
        ("女朋友在杭州工作", "她调到上海了", "杭州"),
        ("我爸妈住在老家洛阳", "爸妈搬来苏州了", "洛阳"),
        ("我老婆在酒店当前台", "她升职了 现在是经理", "前台"),
        ("我在成都一家公司做运营", "跳槽了 去了阿里做产品", "运营"),
        ("我在上海浦东上班", "公司搬去闵行了", "浦东"),
        ("我喜欢打乒乓球，一般周二晚上打", "周二场地没了，换到周五晚上了", "周二"),
        ("我们家门锁是老式的机械锁", "上周装了指纹锁", "机械锁"),
        # a code of letters and digits now, a level passed, a place spelled in Latin letters
        ("我的签证是F2", "抽签中了 现在是H1B啦", "F2"),
        ("我的驾照是C1", "说错了 是C2", "C1"),
        ("我的HSK是三级", "上个月考过四级了", "三级"),
        ("我住在柏林的Kreuzberg", "搬到Prenzlauer Berg了哈", "Kreuzberg"),
        ("我住在慕尼黑的Schwabing", "搬到Maxvorstadt了", "Schwabing"),
        # one of the speaker's elders fetched to live elsewhere, said first; a school reached (多伦多 is no "how big")
        ("我外婆跟我舅舅住在老家", "外婆接到杭州来了，跟我们住", "老家"),
        ("我平时坐公交上班", "公司太远了，买了辆电动车，骑车去", "坐公交"),
        ("我每天开车上班", "最近都坐地铁了 停车太贵", "开车"),
        ("我儿子在悉尼读高中", "他今年考上多伦多大学了，已经搬过去了", "高中"),
    ],
)
def test_a_chinese_thing_said_anew_replaces_the_one_held(held: str, said: str, gone: str) -> None:
    _replaced(held, said, gone)


@pytest.mark.parametrize(
    ("held", "said", "gone", "now"),
    [
        # the value first, then why it slipped; a value then "actually"; a value as near as one can say
        ("The nanny arrives at 7am", "correction: 7.15, 7 is when I leave", "7am", "7.15"),
        ("Football practice is at 6pm on Thursdays", "6:30 actually, I always forget they changed it", "6pm", "6:30"),
        ("I live at 14 Elm Road", "no hang on, 41, I always mix those up", "14 Elm", "41 Elm"),
        ("I walk about 8000 steps a day", "hang on, just checked my watch and it's more like 9500", "8000", "9500"),
        # Chinese: a count slipped, a key slipped, a number in words with its measure, a round amount
        ("我们家养了三只鸡", "刚才数错了，是四只", "三只", "四只"),
        ("房租每个月两千五", "哦少打了一个字 是三千五", "两千五", "三千五"),
        ("猫每天吃八十克猫粮", "更正一下，是一百克", "八十克", "一百克猫粮"),
        ("我们家水费一个月大概50", "哦不对 是80左右", "50", "80左右"),
        ("我的学生证号是2021056", "少打了一位 是20210563", "2021056", "20210563"),
        # the value as it should have been written; after a laugh; as near as one can say, owned honest
        ("My hourly rate is £40", "Sorry, that should say £45, typo", "£40", "£45"),
        ("I've got 30 students", "lol no, 13. thirty would be chaos", "30", "13"),
        ("I sleep about 7 hours a night", "honestly more like 5 if I'm being honest", "7 hours", "5 hours"),
        ("I've lived in Dublin for 4 years", "hmm, 5 actually, we moved in 2020", "4 years", "5 years"),
    ],
)
def test_a_slip_put_right_in_plain_words_corrects_the_one_held(held: str, said: str, gone: str, now: str) -> None:
    current, ended = beliefs_after(OWNER, held, said, one_session=True)
    assert any(gone in e for e in ended), (current, ended)
    assert any(now in c for c in current), (current, ended)


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("I do yoga on Mondays", "I work Saturdays now"),  # a doing of the speaker's own, another
        ("I swim on Tuesdays", "it's Friday now, thank god"),  # today's day
        ("I do yoga on Mondays", "she does thursdays now"),  # no one who comes held
        ("my appointment is on the 9th", "they moved him to the 3rd grade"),  # a grade, not a day
        ("our council tax band is D", "my brother's band is E"),  # his
        ("my favourite tea is earl grey", "it's freezing these days"),  # how it is, not what
        ("my wife drives a BMW X3", "I upgraded to the A6"),  # another line
        ("I weigh 90 kg", "5 this morning"),  # no measure of that size held
        ("our boiler is a Baxi", "my mum had a new boiler fitted"),  # hers
        ("we have a fridge freezer in the kitchen", "got a second fridge installed in the garage"),  # one more
        ("I swim at Better leisure centre", "my sister switched to Nuffield"),  # hers
        ("My phone is a Pixel 7", "got my daughter her first phone, an old Pixel 4a"),  # got for her
        ("My exam is on Friday the 14th", "my mock got moved to Monday"),  # another thing moved
        ("我每周二上游泳课", "这周二教练请假了 改到周四补一次"),  # this week's, made up once
        ("I have a Pixel 7", "that should be fine"),  # no value put right
        ("We're going to Lisbon in May", "my sister switched to Vodafone"),  # no change of plan said
        ("我的驾照是C1", "我老公的驾照是B2"),  # her husband's
        ("I cycle to work", "I've been walking the dog every morning since March"),  # a walk, going nowhere
        ("I walk to work", "my wife drives in now"),  # hers
        ("我每天开车上班", "我老婆坐地铁了"),  # hers
        ("我每天开车上班", "周末骑车去公园了"),  # a trip, not the way to work
        ("I walk in the park on Sundays", "I've been driving in since the new year"),  # a walk, not the way in
        ("Our boiler is an old Ideal", "and the baby went in the cot at 7"),  # no fixture named
        ("我的签证是F1", "我开的车是A4"),  # another thing's code, no change said
        ("My passport expires in 2030", "my visa is valid until 2034"),  # another thing named
    ],
)
def test_another_doing_today_someone_elses_or_one_more_ends_nothing(held: str, said: str) -> None:
    _kept(held, said)


@pytest.mark.parametrize(
    "said",
    [
        "tonight I'm just getting a takeaway and watching Taskmaster",
        "I'm going to bake a lasagne tonight",
        "Tonight I'm going to make a risotto, any tips?",
        "晚上打算去看电影",
    ],
)
def test_a_plan_for_this_evening_is_no_belief(said: str) -> None:
    current, ended = beliefs_after(OWNER, said)
    assert (current, ended) == ([], []), (current, ended)


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("tonight we're signing the lease on our flat in York", "York"),
        ("tonight we sign the lease on our first flat", "lease"),
        ("tonight I start my new job at the hospital", "hospital"),
    ],
)
def test_a_step_of_life_done_this_evening_is_kept(said: str, kept: str) -> None:
    current, _ = beliefs_after(OWNER, said)
    assert any(kept in c for c in current), current
