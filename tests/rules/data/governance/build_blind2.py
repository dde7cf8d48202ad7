"""Writes a second blind sitting of ordinary statements (blind2.jsonl), with a half kept unread.

The first sitting (build_blind.py) showed the same thing as every set before it: rules written
from the half that was read carried to new wordings of the phenomena found there and little
further. This sitting was written in one go at the start of the next round, before any rule
change for it, in wordings not already in the data: everyday updates said many ways (a cue
word, no cue, a verb of change, the new value alone, the old value named and dropped), updates
dated in the past ("last Friday", "on Monday", "in June", 上个月, 今年五月), corrections, compound
sentences whose clauses are separate facts, negations, statements no frame names that must leave
a belief, and chit-chat that must leave none, in English and Chinese.

Each case's split is fixed by a hash of its text, as in the first sitting: ``dev`` is read while
writing rules, ``test`` is read once, as totals, at the end. Not in the scored suites:

    python tests/rules/data/governance/build_blind2.py
    python benchmarks/governance_eval.py --path pure --file tests/rules/data/governance/blind2.jsonl --split dev
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sitting import Pair, cases, write

# What the relative phrases used below resolve to against T2 (the new belief's valid_from).
YESTERDAY, TWO_DAYS, LAST_WEEK, LAST_FRIDAY = "2026-08-11", "2026-08-10", "2026-08-05", "2026-08-07"
ON_MONDAY, LAST_MONTH, IN_JUNE, IN_MAY = "2026-08-10", "2026-07-01", "2026-06-01", "2026-05-01"


UPDATES: list[Pair] = [
    # amounts, with and without a cue word
    ("en", "gym-fee", ["My gym membership is $40 a month.", "The gym hiked the membership to $55."], "40", "55", None),
    ("en", "pages-day", ["I read about 20 pages a day.", "these days I manage 50 pages a day"], "20", "50", None),
    (
        "en",
        "mortgage-rate",
        ["Our mortgage rate is 6.5%.", "We refinanced, the rate is 5.1% now."],
        "6.5%|6.5",
        "5.1%|5.1",
        None,
    ),
    (
        "en",
        "car-mileage",
        ["My car gets 30 miles per gallon.", "After the tune-up my car gets 34 mpg."],
        "30",
        "34",
        None,
    ),
    (
        "en",
        "coffee-cups",
        ["I drink four cups of coffee a day.", "Cut down to two cups of coffee a day."],
        "four",
        "two",
        None,
    ),
    (
        "en",
        "headcount",
        ["The startup has 12 employees.", "the startup is at 20 employees after the funding round"],
        "12",
        "20",
        None,
    ),
    ("en", "internet-speed", ["Our internet is 100 Mbps.", "upgraded our internet to 500 Mbps"], "100", "500", None),
    ("en", "daughter-age", ["My daughter is 4.", "My daughter turned 5 last week."], "4", "5", LAST_WEEK),
    ("en", "bench-press", ["I bench 60 kg.", "new PR, benching 70 kg now"], "60", "70", None),
    (
        "en",
        "hourly-rate",
        ["I charge clients $80 an hour.", "Raised my hourly rate to $95 for new clients and old ones."],
        "80",
        "95",
        None,
    ),
    (
        "en",
        "screen-time",
        ["My screen time is around 6 hours a day.", "Screen time's down to 3 hours a day."],
        "6",
        "3",
        None,
    ),
    (
        "en",
        "subscribers",
        ["My newsletter has 900 subscribers.", "The newsletter just passed 1,200 subscribers."],
        "900",
        "1,200|1200",
        None,
    ),
    # times, days and dates
    ("en", "standup-time", ["Standup is at 9:30.", "standup moved to 10 starting this week"], "9:30", "10", None),
    (
        "en",
        "piano-day",
        ["Piano lessons are on Tuesdays.", "Piano lessons are Thursdays now."],
        "Tuesdays|Tuesday",
        "Thursdays|Thursday",
        None,
    ),
    (
        "en",
        "closing-date",
        ["We close on the house on June 30.", "Closing got delayed to July 15."],
        "June",
        "July",
        None,
    ),
    ("en", "lunch-hour", ["I take lunch at noon.", "I've started taking lunch at 1 pm."], "noon", "1", None),
    (
        "en",
        "trash-day",
        ["Trash pickup is Monday.", "the city changed trash pickup to Wednesday"],
        "Monday",
        "Wednesday",
        None,
    ),
    (
        "en",
        "review-cycle",
        ["Performance reviews happen every six months.", "Performance reviews are yearly now."],
        "six",
        "yearly",
        None,
    ),
    # people
    (
        "en",
        "dentist-new",
        ["My dentist is Dr. Patel.", "I switched dentists, I see Dr. Okafor now."],
        "Patel",
        "Okafor",
        None,
    ),
    (
        "en",
        "roommate",
        ["My roommate is Chloe.", "Chloe moved out and Dana took her room, so Dana's my roommate now."],
        "Chloe",
        "Dana",
        None,
    ),
    (
        "en",
        "coach",
        ["Our soccer coach is Mr. Reyes.", "The team got a new coach, Mrs. Lindqvist."],
        "Reyes",
        "Lindqvist",
        None,
    ),
    (
        "en",
        "tech-lead",
        ["Wei is the tech lead on our team.", "Wei stepped down; Amara is our tech lead now."],
        "Wei",
        "Amara",
        None,
    ),
    (
        "en",
        "accountant",
        ["Our accountant is Gary.", "We let Gary go and hired Rosa as our accountant."],
        "Gary",
        "Rosa",
        None,
    ),
    # places
    (
        "en",
        "office-floor",
        ["My desk is on the 3rd floor.", "They moved our team up to the 7th floor."],
        "3rd",
        "7th",
        None,
    ),
    ("en", "hometown-move", ["I live in Leeds.", "Relocated to Bristol for the new job."], "Leeds", "Bristol", None),
    (
        "en",
        "parents-move",
        ["My parents live in Tucson.", "My parents sold the place in Tucson and moved to Sedona."],
        "Tucson",
        "Sedona",
        None,
    ),
    (
        "en",
        "school-switch",
        ["My son goes to Lincoln Elementary.", "We transferred my son to Maple Grove Elementary."],
        "Lincoln",
        "Maple",
        None,
    ),
    (
        "en",
        "gym-location",
        ["I work out at the Planet Fitness on 5th.", "I cancelled Planet Fitness and joined the YMCA."],
        "Planet",
        "YMCA",
        None,
    ),
    # things, tools, categories
    (
        "en",
        "laptop",
        ["I work on a ThinkPad.", "work gave me a MacBook, the ThinkPad's retired"],
        "ThinkPad",
        "MacBook",
        None,
    ),
    (
        "en",
        "database",
        ["Our app stores data in MySQL.", "We finished the migration from MySQL to Postgres."],
        "MySQL",
        "Postgres",
        None,
    ),
    ("en", "diet", ["I'm vegetarian.", "I went fully vegan this year."], "vegetarian", "vegan", None),
    ("en", "bank", ["I bank with Chase.", "Moved all my accounts over to a credit union."], "Chase", "credit", None),
    (
        "en",
        "streaming",
        ["We pay for Netflix.", "Dropped Netflix, we have Disney+ now."],
        "Netflix",
        "Disney+|Disney",
        None,
    ),
    ("en", "phone-carrier", ["My carrier is Verizon.", "I ported my number to T-Mobile."], "Verizon", "T-Mobile", None),
    (
        "en",
        "running-shoes",
        ["I run in Brooks.", "I've been running in Hokas since spring."],
        "Brooks",
        "Hokas|Hoka",
        None,
    ),
    ("en", "job-title", ["I'm a junior designer.", "Got promoted to senior designer!"], "junior", "senior", None),
    ("en", "major", ["I'm majoring in biology.", "I changed my major to chemistry."], "biology", "chemistry", None),
    (
        "en",
        "framework-version",
        ["The frontend is on React 17.", "We bumped the frontend to React 19."],
        "17",
        "19",
        None,
    ),
    # dated in the past
    (
        "en",
        "moved-friday",
        ["I live on Elm Street.", "We moved to Cedar Avenue last Friday."],
        "Elm",
        "Cedar",
        LAST_FRIDAY,
    ),
    (
        "en",
        "new-job-june",
        ["I work at Stripe.", "I left Stripe in June and joined Plaid."],
        "Stripe",
        "Plaid",
        IN_JUNE,
    ),
    (
        "en",
        "car-yesterday",
        ["I drive a Civic.", "Picked up my new Model 3 yesterday, the Civic is gone."],
        "Civic",
        "Model",
        YESTERDAY,
    ),
    (
        "en",
        "price-monday",
        ["A coffee at the cafe costs $4.", "The cafe raised the coffee price to $4.50 on Monday."],
        "4",
        "4.50|$4.50",
        ON_MONDAY,
    ),
    (
        "en",
        "manager-lastmonth",
        ["My manager is Helen.", "Since last month my manager has been Omar."],
        "Helen",
        "Omar",
        LAST_MONTH,
    ),
    ("en", "weight-may", ["I weigh 90 kg.", "Since May I'm down to 84 kg."], "90", "84", IN_MAY),
    # compound: the update is one clause of two
    (
        "en",
        "compound-upd",
        ["I work from home on Fridays.", "I got a puppy and I work from home on Mondays now."],
        "Fridays",
        "Mondays",
        None,
    ),
    (
        "en",
        "compound-upd2",
        ["Our sprint review is on Thursday.", "The retro is on Friday and the sprint review moved to Wednesday."],
        "Thursday",
        "Wednesday",
        None,
    ),
    # chat style
    ("en", "chat-hair", ["my hair is long", "got a pixie cut, so short hair now haha"], "long", "short", None),
    (
        "en",
        "chat-team",
        ["im on the payments team", "moved to the search team last week fyi"],
        "payments",
        "search",
        LAST_WEEK,
    ),
    ("en", "chat-city", ["living in Madrid rn", "ok so im in Lisbon now"], "Madrid", "Lisbon", None),
    ("en", "swim-laps", ["I swim 20 laps every morning.", "I'm up to 30 laps every morning."], "20", "30", None),
    (
        "en",
        "kid-shoe",
        ["My son wears a size 2 shoe.", "Had to buy my son size 3 shoes, he outgrew the 2s."],
        "2",
        "3",
        None,
    ),
    (
        "en",
        "therapist",
        ["I see a therapist every week.", "I see my therapist every other week now."],
        "every week|week",
        "other",
        None,
    ),
    (
        "en",
        "no-cue-plain",
        ["My favorite coffee shop is Blue Bottle.", "My favorite coffee shop is Ritual."],
        "Blue",
        "Ritual",
        None,
    ),
    (
        "en",
        "old-named",
        ["We vacation in Maine every summer.", "No more Maine, we do the Outer Banks every summer now."],
        "Maine",
        "Outer",
        None,
    ),
    # Chinese
    ("zh", "phone-bill", ["我的话费每个月五十块。", "话费涨到八十块了。"], "五十", "八十", None),
    ("zh", "commute", ["我上班单程要一个小时。", "换了新工作，现在通勤二十分钟。"], "一个小时", "二十分钟", None),
    ("zh", "son-age", ["我儿子六岁。", "儿子上个月满七岁了。"], "六岁", "七岁", LAST_MONTH),
    ("zh", "landlord", ["我的房东是王阿姨。", "房子卖了，新房东是陈先生。"], "王阿姨", "陈先生", None),
    ("zh", "mentor", ["我的导师是李教授。", "导师换成了周教授。"], "李教授", "周教授", None),
    ("zh", "city", ["我在成都工作。", "我上周调到重庆工作了。"], "成都", "重庆", LAST_WEEK),
    ("zh", "class-time", ["瑜伽课在每周三晚上。", "瑜伽课改到周六早上了。"], "周三", "周六", None),
    ("zh", "meeting-time", ["组会下午三点开。", "组会提前到下午两点了。"], "三点", "两点", None),
    ("zh", "tea", ["我平时喝绿茶。", "我现在不喝绿茶了，改喝红茶。"], "绿茶", "红茶", None),
    ("zh", "bank-card", ["我的工资卡是招商银行的。", "工资卡换成工商银行了。"], "招商", "工商", None),
    ("zh", "weight", ["我现在八十公斤。", "减肥成功，七十五公斤了。"], "八十", "七十五", None),
    ("zh", "steps", ["我每天走六千步。", "现在每天能走一万步。"], "六千", "一万", None),
    ("zh", "team-lead", ["我们组长是小王。", "小王升职了，组长换成了小赵。"], "小王", "小赵", None),
    ("zh", "school", ["我女儿在实验小学上学。", "女儿转学到育才小学了。"], "实验小学", "育才小学", None),
    ("zh", "car", ["我开一辆大众。", "今年五月把大众换成了特斯拉。"], "大众", "特斯拉", IN_MAY),
    ("zh", "rent-yesterday", ["我房租每月两千八。", "昨天续租，房租变成三千一了。"], "两千八", "三千一", YESTERDAY),
    ("zh", "editor", ["我写代码用的是PyCharm。", "我已经换到VS Code了。"], "PyCharm", "VS", None),
    ("zh", "sleep", ["我一般十二点睡。", "最近都十点半就睡了。"], "十二点", "十点半", None),
    ("zh", "cloud", ["我们的服务部署在阿里云上。", "服务全部迁到了腾讯云。"], "阿里云", "腾讯云", None),
    ("zh", "compound", ["我周二加班。", "我养了只猫，加班改成周四了。"], "周二", "周四", None),
    ("zh", "floor", ["我们公司在十二楼。", "公司搬到二十三楼了。"], "十二楼", "二十三楼", None),
    ("zh", "salary-month", ["我月薪九千。", "年初调薪，现在月薪一万一。"], "九千", "一万一", None),
    ("zh", "hospital", ["我妈在市一院看病。", "我妈转到协和医院治疗了。"], "市一院", "协和", None),
    ("zh", "gym-card", ["我的健身卡一年两千块。", "健身房涨价，一年要两千六了。"], "两千块|两千", "两千六", None),
    ("zh", "bus", ["我每天坐地铁上班。", "公司搬了以后我改坐公交上班了。"], "地铁", "公交", None),
    ("zh", "monday-move", ["我住在宿舍。", "周一搬出宿舍，住进了公寓。"], "宿舍", "公寓", ON_MONDAY),
]

CORRECTIONS: list[Pair] = [
    (
        "en",
        "meant-thursday",
        ["The plumber is coming Tuesday.", "oh I meant Thursday, not Tuesday"],
        "Tuesday",
        "Thursday",
        None,
    ),
    (
        "en",
        "correction-colon",
        ["My locker number is 112.", "Correction: my locker number is 121."],
        "112",
        "121",
        None,
    ),
    (
        "en",
        "misspoke",
        ["Our anniversary is October 3.", "I misspoke, our anniversary is October 13."],
        "October 3|3",
        "October 13|13",
        None,
    ),
    (
        "en",
        "wrong-name",
        ["My cousin's husband is called Derek.", "sorry, wrong name, he's Darren"],
        "Derek",
        "Darren",
        None,
    ),
    ("en", "no-wait", ["The package weighs 3 kg.", "no wait, it's 5 kg"], "3", "5", None),
    (
        "en",
        "let-me-fix",
        ["Our Wi-Fi password is sunflower22.", "let me fix that, the Wi-Fi password is sunflower23"],
        "sunflower22",
        "sunflower23",
        None,
    ),
    ("en", "not-x-y", ["My blood type is A+.", "My blood type is not A+, it's O+."], "A+|A", "O+|O", None),
    ("en", "autocorrect", ["My vet is Dr. Kline.", "autocorrect, it's Dr. Klein"], "Kline", "Klein", None),
    ("en", "got-it-wrong", ["The concert starts at 8.", "I got it wrong, the concert starts at 7."], "8", "7", None),
    (
        "en",
        "dash-actually",
        ["My brother lives in Ohio.", "Actually — my brother lives in Iowa."],
        "Ohio",
        "Iowa",
        None,
    ),
    ("en", "bare-number", ["My apartment number is 305.", "*503"], "305", "503", None),
    ("en", "small-fix", ["My gate code is 4471.", "small fix: gate code is 4417"], "4471", "4417", None),
    ("zh", "said-wrong", ["我的车牌尾号是3。", "说错了，尾号是8。"], "3", "8", None),
    ("zh", "not-x-is-y", ["我妹妹在上海读书。", "不对，我妹妹在南京读书。"], "上海", "南京", None),
    ("zh", "correct-colon", ["我的生日是七月五号。", "更正一下：我生日是七月十五号。"], "七月五号", "七月十五号", None),
    ("zh", "remembered-wrong", ["会议室在302。", "我记错了，会议室是305。"], "302", "305", None),
    ("zh", "typed-wrong", ["我的工号是10086。", "打错了，工号是10068"], "10086", "10068", None),
    ("zh", "phone-digit", ["我的快递柜取件码是5521。", "啊不是，是5512。"], "5521", "5512", None),
    ("en", "i-said-x", ["My shoe size is 9.", "I said 9 but I'm actually a 10."], "9", "10", None),
    ("zh", "should-be", ["我老婆的手机尾号是1234。", "应该是4321才对"], "1234", "4321", None),
]

# negation: the second message says the first no longer holds, with nothing in its place.
NEGATIONS: list[tuple[str, str, str, str, str]] = [
    ("en", "no-car", "I own a car.", "I don't have a car anymore.", "car"),
    ("en", "not-smoking", "I smoke.", "I quit smoking for good.", "smoke"),
    ("en", "no-longer-member", "I'm a member of the book club.", "I'm no longer in the book club.", "book"),
    ("en", "not-dating", "I'm dating Sam.", "Sam and I broke up.", "Sam"),
    ("en", "no-gym", "I go to the gym every morning.", "I stopped going to the gym.", "gym"),
    ("zh", "no-coffee", "我每天喝咖啡。", "我已经戒咖啡了。", "咖啡"),
    ("zh", "no-pet", "我养了一条狗。", "狗送人了，现在没养宠物。", "狗"),
    ("zh", "not-learning", "我在学吉他。", "吉他不学了。", "吉他"),
]

# unrelated: two statements about different attributes; both must stay current.
UNRELATED: list[tuple[str, str, str, str, str, str]] = [
    ("en", "rent-car", "My rent is $1,400.", "My car payment is $350.", "1,400|1400", "350"),
    ("en", "sister-brother", "My sister lives in Oslo.", "My brother lives in Bergen.", "Oslo", "Bergen"),
    ("en", "dog-cat", "Our dog is named Biscuit.", "Our cat is named Pepper.", "Biscuit", "Pepper"),
    ("en", "work-gym", "I work out on Mondays.", "I work late on Thursdays.", "Mondays", "Thursdays"),
    ("en", "also-python", "I use Python at work.", "I also use Rust for side projects.", "Python", "Rust"),
    ("en", "mom-dad-job", "My mom is a nurse.", "My dad is a pilot.", "nurse", "pilot"),
    ("zh", "parents-city", "我爸住在广州。", "我妈住在深圳。", "广州", "深圳"),
    ("zh", "also", "我喜欢打篮球。", "我也喜欢游泳。", "篮球", "游泳"),
    ("zh", "two-kids", "我大女儿八岁。", "我小儿子三岁。", "八岁", "三岁"),
]

# coverage: (lang, family, text, facts that must each be in a current belief, one belief per fact?)
COVERAGE: list[tuple[str, str, str, list[str], bool]] = [
    ("en", "blood-thinner", "I take warfarin every evening.", ["warfarin"], False),
    ("en", "shellfish", "I'm allergic to shellfish.", ["shellfish"], False),
    ("en", "band", "My favorite band is Radiohead.", ["Radiohead"], False),
    ("en", "book-club", "Our book club meets the last Sunday of every month.", ["book"], False),
    ("en", "garden", "We grow tomatoes and basil on the balcony.", ["tomatoes|basil"], False),
    ("en", "mother-in-law", "My mother-in-law is staying with us until Christmas.", ["mother-in-law|Christmas"], False),
    ("en", "night-shift", "I work night shifts at the hospital.", ["night|hospital"], False),
    ("en", "podcast", "I host a small podcast about board games.", ["podcast"], False),
    ("en", "insulin", "My dad is on insulin.", ["insulin"], False),
    ("en", "car-loan", "I'm paying off a car loan.", ["loan"], False),
    ("en", "marathon-done", "I ran my first marathon in April.", ["marathon"], False),
    ("en", "partner-job", "My partner teaches high school chemistry.", ["chemistry"], False),
    ("en", "no-dairy", "I avoid dairy.", ["dairy"], False),
    ("en", "piano-years", "I've played piano for twenty years.", ["piano"], False),
    ("en", "standing-call", "Every Sunday I call my grandmother.", ["grandmother"], False),
    ("en", "chat-lowercase", "my sister is a vet in denver", ["vet|denver"], False),
    ("en", "compound-and", "I have two kids and we live near the lake.", ["kids", "lake"], True),
    ("en", "compound-but", "I love sushi but my wife hates fish.", ["sushi", "fish"], True),
    ("en", "compound-comma", "I'm a nurse, my husband drives a truck.", ["nurse", "truck"], True),
    (
        "en",
        "compound-three",
        "I'm 34, I live in Toronto and I work in insurance.",
        ["34", "Toronto", "insurance"],
        True,
    ),
    ("zh", "allergy", "我对花粉过敏。", ["花粉"], False),
    ("zh", "medicine", "我每天早饭后吃两粒鱼油。", ["鱼油"], False),
    ("zh", "band", "我最近天天听陈奕迅的歌。", ["陈奕迅"], False),
    ("zh", "weekly", "我们每周五下午开例会。", ["例会"], False),
    ("zh", "hometown", "我老家是山东的。", ["山东"], False),
    ("zh", "major", "我大学学的是会计。", ["会计"], False),
    ("zh", "compound", "我在银行上班，我老婆是老师。", ["银行", "老师"], True),
    ("zh", "compound-and", "我住在西安，每天骑车上班。", ["西安", "骑车"], True),
    ("zh", "dog", "我家有只金毛叫旺财。", ["旺财"], False),
    ("zh", "vegetarian", "我从来不吃羊肉。", ["羊肉"], False),
]

NON_BELIEFS: list[tuple[str, str, str]] = [
    ("en", "haha", "hahaha nice"),
    ("en", "cool-thanks", "cool, thank you so much!"),
    ("en", "morning", "good morning!"),
    ("en", "recipe", "can you give me a recipe for banana bread?"),
    ("en", "weather", "what's the weather like in Rome in May?"),
    ("en", "summarise", "summarize this article for me please"),
    ("en", "sure", "sure, go ahead"),
    ("en", "sounds-good", "sounds good 👍"),
    ("en", "which-better", "which is better for beginners, yoga or pilates?"),
    ("en", "brb", "brb"),
    ("en", "wow", "wow that's wild"),
    ("en", "translate", "how do you say 'thank you' in Korean"),
    ("zh", "xie-xie", "谢谢你啊"),
    ("zh", "ha-ha", "哈哈哈哈"),
    ("zh", "ok", "行，就这样吧"),
    ("zh", "what-time", "现在几点了？"),
    ("zh", "recommend", "给我推荐几本书吧"),
    ("zh", "bye", "拜拜，明天聊"),
]


def rows() -> list[dict[str, Any]]:
    return cases(
        "blind2", updates=UPDATES, corrections=CORRECTIONS, negations=NEGATIONS,
        unrelated=UNRELATED, coverage=COVERAGE, non_beliefs=NON_BELIEFS,
    )  # fmt: skip


if __name__ == "__main__":
    write(Path(__file__).with_name("blind2.jsonl"), rows())
