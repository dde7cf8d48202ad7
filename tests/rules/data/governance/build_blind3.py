"""Writes a third blind sitting of ordinary statements (blind3.jsonl), with a half kept unread.

The two sittings before it showed rules written from a read half lifting that half and barely
the unread one. This sitting was written in one go at the start of the next round (the one that
looks for mechanisms rather than phrasings), before any rule change for it, in topics and
wordings not already in the data: attributes no frame names (a thermostat setting, a tank's
size, a dentist, a bus line, a locker number), updates dated in the past ("three weeks ago",
"since March", "in July", 前天, 三月份), compound sentences whose clauses are separate facts or
hold the update in one clause, change cues and "too" / "as well" / 也 keeps, bare negations
said as an event ("Jules moved out"), corrections, unrelated pairs of one shape that must both
stay, statements that must become a belief, and chit-chat that must not, in English and Chinese.

Each case's split is fixed by a hash of its text, as in the sittings before: ``dev`` is read
while writing rules, ``test`` is read once, as totals, at the end. Not in the scored suites:

    python tests/rules/data/governance/build_blind3.py
    python benchmarks/governance_eval.py --path pure --file tests/rules/data/governance/blind3.jsonl --split dev
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sitting import Pair, cases, write

# What the relative phrases used below resolve to against T2 (2026-08-12, a Wednesday).
YESTERDAY, TWO_DAYS, LAST_WEEK, THREE_WEEKS = "2026-08-11", "2026-08-10", "2026-08-05", "2026-07-22"
ON_MONDAY, LAST_MONTH, IN_JULY, IN_JUNE = "2026-08-10", "2026-07-01", "2026-07-01", "2026-06-01"
IN_MAY, SINCE_MARCH = "2026-05-01", "2026-03-01"


UPDATES: list[Pair] = [
    # attributes no frame names, numbers with units
    (
        "en",
        "thermostat",
        ["We keep the thermostat at 68 degrees.", "Nudged the thermostat up to 71 degrees since the baby arrived."],
        "68",
        "71",
        None,
    ),
    ("en", "aquarium", ["My aquarium holds 20 gallons.", "Traded up to a 55 gallon aquarium."], "20", "55", None),
    (
        "en",
        "bike-commute",
        ["My commute takes 25 minutes by bike.", "With the new bridge open my bike commute takes 15 minutes."],
        "25",
        "15",
        None,
    ),
    (
        "en",
        "houseplants",
        ["I have 14 houseplants.", "I'm up to 19 houseplants, it's getting out of hand."],
        "14",
        "19",
        None,
    ),
    (
        "en",
        "swim-distance",
        ["I swim 1,000 meters each session.", "I've built up to 1,500 meters per swim session."],
        "1,000|1000",
        "1,500|1500",
        None,
    ),
    (
        "en",
        "lisinopril",
        ["I take 10 mg of lisinopril daily.", "My doctor doubled my lisinopril to 20 mg."],
        "10",
        "20",
        None,
    ),
    (
        "en",
        "spotify",
        ["Spotify costs me $11.99 a month.", "Spotify went up to $12.99 a month."],
        "11.99",
        "12.99",
        None,
    ),
    (
        "en",
        "resting-hr",
        ["My resting heart rate is around 72.", "resting HR has dropped to 61 since I started running"],
        "72",
        "61",
        None,
    ),
    (
        "en",
        "asking-price",
        ["Our house is listed at $480,000.", "We lowered the asking price to $455,000."],
        "480,000|480000",
        "455,000|455000",
        None,
    ),
    (
        "en",
        "team-size",
        ["I manage a team of six engineers.", "Two people joined, so I manage eight engineers."],
        "six",
        "eight",
        None,
    ),
    (
        "en",
        "newsletter",
        ["My newsletter has 800 subscribers.", "Newsletter just crossed 1,000 subscribers!"],
        "800",
        "1,000|1000",
        None,
    ),
    ("en", "weight", ["My weight is 82 kg.", "Down to 77 kg on the scale."], "82", "77", None),
    (
        "en",
        "floor",
        ["I live on the 3rd floor.", "We got a unit on the 8th floor of the same building."],
        "3rd",
        "8th",
        None,
    ),
    (
        "en",
        "bus-line",
        ["I take the 42 bus to work.", "Since the route change I ride the 17 to work."],
        "42",
        "17",
        None,
    ),
    # names, places, brands, categories
    (
        "en",
        "dentist",
        ["Dr. Okafor is my dentist.", "Found a new dentist closer to home, Dr. Lindqvist."],
        "Okafor",
        "Lindqvist",
        None,
    ),
    (
        "en",
        "mentor",
        ["Priyanka mentors me at work.", "My mentor at work is Daniel now that Priyanka left."],
        "Priyanka",
        "Daniel",
        None,
    ),
    (
        "en",
        "building-manager",
        [
            "Our building is managed by Crestline Properties.",
            "The building was sold and is now managed by Harbor Realty.",
        ],
        "Crestline",
        "Harbor",
        None,
    ),
    ("en", "cat-food", ["Our cat eats Purina.", "The vet put our cat on Royal Canin."], "Purina", "Royal", None),
    ("en", "editor", ["I write everything in Vim.", "I caved and write everything in VS Code now."], "Vim", "VS", None),
    (
        "en",
        "board-game",
        ["My favorite board game is Catan.", "My favorite board game is Wingspan."],
        "Catan",
        "Wingspan",
        None,
    ),
    (
        "en",
        "duolingo",
        ["I'm learning Portuguese on Duolingo.", "Dropped Portuguese, I'm doing Japanese on Duolingo instead."],
        "Portuguese",
        "Japanese",
        None,
    ),
    (
        "en",
        "daycare",
        ["my daughter's daycare is little sprouts", "daughter switched daycares, she's at bright horizons now"],
        "sprouts",
        "horizons",
        None,
    ),
    (
        "en",
        "podcast-day",
        ["The podcast I host comes out every Tuesday.", "From now on the podcast I host comes out every Thursday."],
        "Tuesday",
        "Thursday",
        None,
    ),
    (
        "en",
        "pottery",
        ["My pottery class is Thursday at 6.", "Pottery got pushed to Thursday at 7:30."],
        "6",
        "7:30",
        None,
    ),
    (
        "en",
        "demo-day",
        ["Our sprint demo happens on Friday afternoons.", "Sprint demo moved to Wednesday mornings."],
        "Friday",
        "Wednesday",
        None,
    ),
    (
        "en",
        "volunteer",
        ["Saturdays I volunteer at the animal shelter.", "I volunteer at the animal shelter on Sundays now."],
        "Saturdays",
        "Sundays",
        None,
    ),
    ("en", "bedtime", ["I go to bed around 11 pm.", "Lately I'm in bed by 9:30."], "11", "9:30", None),
    (
        "en",
        "sourdough",
        ["I bake sourdough twice a week.", "I only bake sourdough once a week now."],
        "twice",
        "once",
        None,
    ),
    # dated in the past
    (
        "en",
        "violin-teacher",
        ["My violin teacher is Ms. Arroyo.", "Ms. Becker took over as my violin teacher in June."],
        "Arroyo",
        "Becker",
        IN_JUNE,
    ),
    (
        "en",
        "car-insurance",
        ["Our car insurance is with Geico.", "We moved our car insurance over to Progressive last month."],
        "Geico",
        "Progressive",
        LAST_MONTH,
    ),
    (
        "en",
        "laptop",
        ["I code on a ThinkPad X1.", "I've been coding on a MacBook Air since March."],
        "ThinkPad",
        "MacBook",
        SINCE_MARCH,
    ),
    (
        "en",
        "savings-rate",
        ["My savings account pays 3.2% interest.", "The bank cut my savings rate to 2.9% on Monday."],
        "3.2%|3.2",
        "2.9%|2.9",
        ON_MONDAY,
    ),
    ("en", "hair", ["My hair is dyed purple.", "I dyed my hair green yesterday."], "purple", "green", YESTERDAY),
    (
        "en",
        "son-height",
        ["My son is 120 cm tall.", "My son measured 126 cm at his checkup two days ago."],
        "120",
        "126",
        TWO_DAYS,
    ),
    (
        "en",
        "alarm",
        ["My alarm is set for 6:15.", "I moved my alarm to 5:45 three weeks ago."],
        "6:15",
        "5:45",
        THREE_WEEKS,
    ),
    (
        "en",
        "grandpa",
        ["Grandpa lives in a nursing home in Dayton.", "Grandpa moved in with my aunt in Columbus in July."],
        "Dayton",
        "Columbus",
        IN_JULY,
    ),
    (
        "en",
        "chat-tool",
        ["Our company uses Slack for chat.", "Company-wide we've been on Microsoft Teams since May."],
        "Slack",
        "Teams",
        IN_MAY,
    ),
    (
        "en",
        "running-shoes",
        ["My running shoes are Brooks Ghosts.", "I've been running in Hoka Cliftons since last week."],
        "Brooks",
        "Hoka",
        LAST_WEEK,
    ),
    # compound sentences, the update in one clause
    (
        "en",
        "compound-studio",
        [
            "I work at a bakery and I rent a studio downtown.",
            "I still work at the bakery but I rent a one-bedroom in Eastside now.",
        ],
        "studio",
        "one-bedroom",
        None,
    ),
    (
        "en",
        "compound-tucson",
        ["My partner is a chemist and we live in Tucson.", "We relocated to Denver for her job."],
        "Tucson",
        "Denver",
        None,
    ),
    (
        "en",
        "compound-coworking",
        ["I work out of a WeWork on Main Street.", "I gave up the WeWork and work from my kitchen table."],
        "WeWork",
        "kitchen",
        None,
    ),
    ("zh", "compound-chengdu", ["我住在成都，平时喜欢爬山。", "我搬去重庆了。"], "成都", "重庆", None),
    # Chinese
    ("zh", "commute", ["我平时坐地铁通勤。", "最近改骑电动车上班了。"], "地铁", "电动车", None),
    ("zh", "rent", ["房租每月三千二。", "房东把房租涨到三千五了。"], "三千二", "三千五", None),
    ("zh", "head-teacher", ["孩子的班主任是王老师。", "孩子的班主任现在是李老师。"], "王老师", "李老师", None),
    ("zh", "weight", ["我体重七十五公斤。", "减肥两个月，现在六十八公斤。"], "七十五", "六十八", None),
    ("zh", "salary", ["我月薪一万二。", "涨薪了，月薪一万五。"], "一万二", "一万五", None),
    ("zh", "piano-day", ["儿子周六上钢琴课。", "儿子的钢琴课改到周日了。"], "周六", "周日", None),
    ("zh", "wake", ["我一般早上七点起。", "这阵子我六点就起床了。"], "七点", "六点", None),
    ("zh", "coffee", ["我每天喝两杯咖啡。", "现在每天只喝一杯咖啡。"], "两杯", "一杯", None),
    ("zh", "manager", ["我的领导是张总。", "张总调走了，现在我归刘总管。"], "张总", "刘总", None),
    ("zh", "grade", ["女儿在读小学三年级。", "女儿升四年级了。"], "三年级", "四年级", None),
    ("zh", "job-city", ["我在杭州工作。", "我上个月调到南京工作了。"], "杭州", "南京", LAST_MONTH),
    ("zh", "cat-food", ["我家猫平时吃皇家猫粮。", "前天给猫换了渴望猫粮。"], "皇家", "渴望", TWO_DAYS),
    ("zh", "phone", ["我的手机是华为Mate 60。", "我的手机昨天换成了iPhone 15。"], "华为", "iPhone", YESTERDAY),
    ("zh", "car", ["我开的是一辆卡罗拉。", "我三月份把车换成了特斯拉。"], "卡罗拉", "特斯拉", SINCE_MARCH),
]

CORRECTIONS: list[Pair] = [
    (
        "en",
        "locker",
        ["My gym locker is number 214.", "oops, flipped the digits, the locker is 241"],
        "214",
        "241",
        None,
    ),
    (
        "en",
        "recycling",
        ["The recycling gets picked up on Tuesdays.", "I misspoke, recycling pickup is Wednesdays."],
        "Tuesdays",
        "Wednesdays",
        None,
    ),
    (
        "en",
        "niece-name",
        ["My niece is called Anya.", "Correction: my niece's name is Ania, with an i."],
        "Anya",
        "Ania",
        None,
    ),
    (
        "en",
        "hoa",
        ["Our HOA fee is $310 a month.", "Wait, the HOA fee is $330, I looked at last year's statement."],
        "310",
        "330",
        None,
    ),
    (
        "en",
        "airport",
        ["My flight lands at Gatwick.", "Not Gatwick — it lands at Heathrow."],
        "Gatwick",
        "Heathrow",
        None,
    ),
    (
        "en",
        "cousin-school",
        ["My cousin studies law at Yale.", "I meant Brown, she's at Brown for law."],
        "Yale",
        "Brown",
        None,
    ),
    ("zh", "birthday", ["我女儿的生日是五月三号。", "说错了，是五月八号。"], "三号", "八号", None),
    ("zh", "office", ["我们公司的办公室在望京。", "更正一下，公司在酒仙桥，不在望京。"], "望京", "酒仙桥", None),
    ("zh", "husband-job", ["我老公在银行上班。", "不对，他在保险公司上班。"], "银行", "保险", None),
]

NEGATIONS: list[tuple[str, str, str, str, str]] = [
    ("en", "piano-trio", "I play piano in a jazz trio.", "The trio split up, I don't play piano anymore.", "piano"),
    ("en", "vegetarian", "I've been vegetarian for years.", "I'm not vegetarian anymore.", "vegetarian"),
    ("en", "roommate", "I have a roommate named Jules.", "Jules moved out, I live alone now.", "Jules"),
    ("en", "netflix", "We have a Netflix subscription.", "We cancelled Netflix.", "Netflix"),
    ("en", "braces", "My son wears braces.", "My son got his braces off on Friday.", "braces"),
    ("zh", "goldfish", "我在阳台上养了几条金鱼。", "金鱼都死了，不养了。", "金鱼"),
    ("zh", "night-shift", "我在医院上夜班。", "我不上夜班了。", "夜班"),
    ("zh", "boarding", "儿子住校。", "儿子现在不住校了，每天走读。", "住校"),
]

UNRELATED: list[tuple[str, str, str, str, str, str]] = [
    (
        "en",
        "bike-too",
        "I ride a road bike on weekends.",
        "I ride a mountain bike too, mostly in winter.",
        "road",
        "mountain",
    ),
    ("en", "lang-as-well", "I speak Tagalog at home.", "I speak Spanish as well, from school.", "Tagalog", "Spanish"),
    ("en", "pet-ages", "Our parrot is 12 years old.", "Our tortoise is 40 years old.", "12", "40"),
    ("en", "office-home", "My office is in Midtown.", "My apartment is in Astoria.", "Midtown", "Astoria"),
    ("en", "boss-neighbor-car", "My boss drives a Volvo.", "My neighbor drives a Subaru.", "Volvo", "Subaru"),
    ("en", "weekly-slots", "I have yoga on Mondays.", "I have choir practice on Wednesdays.", "Mondays", "Wednesdays"),
    ("en", "collections", "I own 3 guitars.", "I've got 200 vinyl records.", "3", "200"),
    ("zh", "also-lang", "我会说粤语。", "我也会说一点日语。", "粤语", "日语"),
    ("zh", "kids-schools", "大儿子在实验中学。", "小女儿在育才小学。", "实验", "育才"),
    ("zh", "dogs", "我同事养了只柯基。", "我邻居养了只柴犬。", "柯基", "柴犬"),
]

COVERAGE: list[tuple[str, str, str, list[str], bool]] = [
    ("en", "epipen", "I carry an EpiPen for my peanut allergy.", ["peanut"], False),
    (
        "en",
        "three-facts",
        "I'm a dental hygienist, my wife runs a florist shop, and we have twin boys.",
        ["hygienist", "florist", "twin"],
        True,
    ),
    ("en", "sunday-call", "Every Sunday I call my grandmother in Manila.", ["Manila"], False),
    ("en", "aspirin", "I take a baby aspirin every night.", ["aspirin"], False),
    ("en", "band", "Radiohead is my all-time favorite band.", ["Radiohead"], False),
    ("en", "marathon", "I'm running the Chicago marathon in October.", ["marathon"], False),
    ("en", "coach-choir", "I coach my daughter's soccer team and I sing in a church choir.", ["soccer", "choir"], True),
    ("en", "cilantro", "I can't stand cilantro.", ["cilantro"], False),
    ("zh", "cephalosporin", "我吃头孢会过敏。", ["头孢"], False),
    ("zh", "accountant-cafe", "我是一名会计，周末在咖啡馆兼职。", ["会计", "咖啡馆"], True),
    ("zh", "reading", "我每天晚上睡前看半小时书。", ["半小时"], False),
    ("zh", "band", "我最爱听五月天的歌。", ["五月天"], False),
]

NON_BELIEFS: list[tuple[str, str, str]] = [
    ("en", "lol-thanks", "lol ok that makes sense, thanks"),
    ("en", "boil-egg", "how long should I boil an egg?"),
    ("en", "remind", "remind me what we talked about yesterday"),
    ("en", "night", "night night, talk tomorrow"),
    ("zh", "how", "这个怎么做比较好？"),
    ("zh", "got-it", "好的，明白了"),
]


def rows() -> list[dict[str, Any]]:
    return cases(
        "blind3", updates=UPDATES, corrections=CORRECTIONS, negations=NEGATIONS,
        unrelated=UNRELATED, coverage=COVERAGE, non_beliefs=NON_BELIEFS,
    )  # fmt: skip


if __name__ == "__main__":
    write(Path(__file__).with_name("blind3.jsonl"), rows())
