"""Writes a blind sitting of ordinary statements (blind.jsonl): a tuning aid with a half kept unread.

The phrasing suite (phrasings.jsonl) was written by phenomenon, and its rules carried to new
wordings of those phenomena, but not to the held-out split of the ordinary suite, whose misses are
phenomena nobody had written down. This sitting was written in one go, before any rule change
for it, the way people type to an assistant: numbers with units and currencies, dates, names of
people, places and products, job titles, relationships, schedules, habits, counts that change;
"actually", "scratch that", "nvm"; updates with no cue word at all; third persons ("my sister",
"our team"), plural and possessive subjects, the passive; an update split over two messages;
lowercase, no full stop, typos, emojis, "btw", "fyi"; colloquial Chinese; statements no frame
names that must leave a belief; chit-chat and questions that must leave none.

Each case's split is fixed by a hash of its text: ``dev`` (read while writing rules) or ``test``
(not read until the end: run it with ``--split test`` for totals only). It is not in the scored
suites; ``governance_eval.py --file`` runs it.

    python tests/rules/data/governance/build_blind.py
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

T1 = "2026-01-10T09:00:00+00:00"
T2 = "2026-08-12T09:00:00+00:00"  # a Wednesday
T3 = "2026-08-12T09:01:00+00:00"  # the second half of an update split over two messages
# What the relative phrases used below resolve to against T2 (the new belief's valid_from).
YESTERDAY, LAST_WEEK, TWO_DAYS, LAST_MONTH = "2026-08-11", "2026-08-05", "2026-08-10", "2026-07-01"
IN_MARCH, ON_THE_FIRST, LAST_OCTOBER = "2026-03-01", "2026-08-01", "2025-10-01"

# update / correction: (lang, family, messages, old marker, new marker, valid_from or None)
Pair = tuple[str, str, list[str], str, str, str | None]

UPDATES: list[Pair] = [
    # numbers with units and currencies
    (
        "en",
        "rent-bumped",
        ["My rent is $1,650 a month.", "Landlord bumped the rent to $1,725."],
        "1,650|1650",
        "1,725|1725",
        None,
    ),
    ("en", "weight-down", ["I weigh 82 kg.", "Down to 77 kg now 💪"], "82", "77", None),
    (
        "en",
        "commute-cut",
        ["my commute is about 40 minutes", "the new bus route cuts my commute to 25 minutes"],
        "40",
        "25",
        None,
    ),
    (
        "en",
        "team-size-hired",
        ["Our team has 6 engineers.", "we hired two more so we're 8 engineers now"],
        "6",
        "8",
        None,
    ),
    (
        "en",
        "salary-pounds",
        ["I earn £45,000 a year.", "Got a raise — I'm on £52,000 now."],
        "45,000|45000",
        "52,000|52000",
        None,
    ),
    (
        "en",
        "plan-raised",
        ["My phone plan costs 30 euros a month.", "They raised my phone plan to 35 euros a month."],
        "30",
        "35",
        None,
    ),
    ("en", "sleep-hours", ["I sleep about 6 hours a night.", "I get about 8 hours of sleep now."], "6", "8", None),
    ("en", "baby-weight", ["The baby weighs 5 kg.", "baby's 6.2 kg at the last checkup"], "5", "6.2", None),
    (
        "en",
        "budget-upped",
        ["Our grocery budget is 600 dollars a month.", "we upped the grocery budget to 750"],
        "600",
        "750",
        None,
    ),
    (
        "en",
        "ram-doubled",
        ["The build server has 16 GB of RAM.", "We doubled the build server's RAM to 32 GB."],
        "16",
        "32",
        None,
    ),
    (
        "en",
        "step-goal",
        ["My daily step goal is 8,000.", "Bumped my step goal up to 10k."],
        "8,000|8000",
        "10k|10,000|10000",
        None,
    ),
    (
        "en",
        "kids-allowance",
        ["We give the kids $5 a week in allowance.", "The kids get $7 a week allowance now."],
        "5",
        "7",
        None,
    ),
    # dates
    (
        "en",
        "launch-pushed",
        ["The launch is on March 3.", "The launch got pushed to March 17."],
        "March 3",
        "March 17",
        None,
    ),
    (
        "en",
        "appointment-moved",
        ["My dentist appointment is on the 14th.", "dentist moved my appointment to the 21st"],
        "14th",
        "21st",
        None,
    ),
    (
        "en",
        "wedding-moved",
        ["Our wedding is on June 6th.", "We moved the wedding to September."],
        "June",
        "September",
        None,
    ),
    (
        "en",
        "deadline-now",
        ["The deadline for the report is Friday.", "report deadline is now next Tuesday"],
        "Friday",
        "Tuesday",
        None,
    ),
    (
        "en",
        "exam-moved-back",
        ["My exam is on May 2.", "My exam's been moved back a week, to May 9."],
        "May 2",
        "May 9",
        None,
    ),
    # names of people
    ("en", "report-to", ["I report to Karen.", "I report to Miguel now, Karen moved teams."], "Karen", "Miguel", None),
    (
        "en",
        "pediatrician",
        ["Our pediatrician is Dr. Lee.", "We switched pediatricians; the kids see Dr. Gomez now."],
        "Lee",
        "Gomez",
        None,
    ),
    (
        "en",
        "new-landlord",
        ["Our landlord is Mr. Chen.", "The building was sold, our new landlord is Mrs. Ortiz."],
        "Chen",
        "Ortiz",
        None,
    ),
    (
        "en",
        "handed-over",
        ["The project lead is Sam.", "Sam handed the project lead role to Leila."],
        "Sam",
        "Leila",
        None,
    ),
    (
        "en",
        "ceo-stepped-down",
        ["Our CEO is Mark Davis.", "Mark Davis stepped down and Julia Park is CEO now."],
        "Davis",
        "Julia",
        None,
    ),
    (
        "en",
        "new-trainer",
        ["My personal trainer is Jake.", "New personal trainer at the gym: Marco."],
        "Jake",
        "Marco",
        None,
    ),
    # places
    ("en", "moved-spring", ["I live in Brooklyn.", "we moved to Queens in the spring"], "Brooklyn", "Queens", None),
    (
        "en",
        "parents-relocated",
        ["My parents live in Florida.", "My parents relocated to Arizona."],
        "Florida",
        "Arizona",
        None,
    ),
    (
        "en",
        "office-street",
        ["Our office is on Market Street.", "office moved to Mission St"],
        "Market",
        "Mission",
        None,
    ),
    (
        "en",
        "brother-college",
        ["My brother studies at Boston University.", "my brother transferred to Northwestern"],
        "Boston",
        "Northwestern",
        None,
    ),
    # products
    (
        "en",
        "music-app",
        ["I use Spotify for music.", "Cancelled Spotify, I'm on Apple Music now."],
        "Spotify",
        "Apple Music",
        None,
    ),
    ("en", "ci-moved", ["Our CI runs on Jenkins.", "We moved CI over to GitHub Actions."], "Jenkins", "GitHub", None),
    (
        "en",
        "laptop-retiring",
        ["My laptop is a Dell XPS.", "Finally got a MacBook Air, retiring the Dell."],
        "Dell",
        "MacBook",
        None,
    ),
    ("en", "ereader", ["I read on a Kindle.", "switched to a Kobo for reading"], "Kindle", "Kobo", None),
    (
        "en",
        "trello-gone",
        ["Our team tracks work in Trello.", "Trello's gone, everything's in Asana now."],
        "Trello",
        "Asana",
        None,
    ),
    ("en", "traded-in", ["I drive a 2015 Corolla.", "traded in the corolla for a RAV4"], "Corolla", "RAV4", None),
    # job titles, relationships
    (
        "en",
        "now-manager",
        ["I'm a software engineer at Acme.", "I'm an engineering manager at Acme now."],
        "software engineer",
        "manager",
        None,
    ),
    (
        "en",
        "wife-became",
        ["My wife is a teacher.", "My wife became a school principal this year."],
        "teacher",
        "principal",
        None,
    ),
    ("en", "school-year", ["I'm a sophomore at UCLA.", "I'm a junior at UCLA now."], "sophomore", "junior", None),
    (
        "en",
        "quit-job",
        ["I work as a barista.", "Quit the barista job, I'm waiting tables at Luigi's now."],
        "barista",
        "Luigi's|Luigi|tables",
        None,
    ),
    (
        "en",
        "got-boyfriend",
        ["I'm single.", "I've got a boyfriend now, his name is Theo."],
        "single",
        "boyfriend|Theo",
        None,
    ),
    (
        "en",
        "engaged",
        ["My girlfriend is Mia.", "Mia and I got engaged, she's my fiancée now."],
        "girlfriend",
        "fiancée|engaged",
        None,
    ),
    # schedules, habits
    (
        "en",
        "four-day-week",
        ["I work Monday to Friday.", "I switched to a four-day week, Monday to Thursday."],
        "Friday",
        "Thursday",
        None,
    ),
    (
        "en",
        "lessons-lowercase",
        ["Piano lessons are on Tuesdays.", "piano lessons are on thursdays now"],
        "Tuesdays|Tuesday",
        "thursdays|thursday",
        None,
    ),
    ("en", "spin-class", ["My spin class is at 6 pm.", "they moved my spin class to 7:30pm"], "6", "7:30|7:30pm", None),
    (
        "en",
        "pickup-later",
        ["I pick up the kids at 3:15.", "school ends later this year so pickup is at 3:45"],
        "3:15",
        "3:45",
        None,
    ),
    (
        "en",
        "running-again",
        ["I run three times a week.", "knee's better, I'm running five times a week again"],
        "three",
        "five",
        None,
    ),
    (
        "en",
        "coffee-oat",
        ["I drink my coffee black.", "I take my coffee with oat milk these days."],
        "black",
        "oat",
        None,
    ),
    ("en", "bedtime", ["I go to bed around midnight.", "Now I go to bed by 10:30."], "midnight", "10:30", None),
    ("en", "bike-stolen", ["I bike to work.", "Since my bike got stolen I take the bus to work."], "bike", "bus", None),
    # counts that change
    ("en", "third-cat", ["We have two cats.", "we adopted another one so three cats now"], "two", "three", None),
    ("en", "direct-reports", ["I have 3 direct reports.", "After the reorg I have 7 direct reports."], "3", "7", None),
    # no cue word at all
    ("en", "plain-restated", ["I live in Austin.", "I live in Denver."], "Austin", "Denver", None),
    (
        "en",
        "favourite-show",
        ["My favourite show is Succession.", "Favourite show right now: The Bear."],
        "Succession",
        "Bear",
        None,
    ),
    ("en", "teach-grade", ["I teach 5th grade.", "I teach 3rd grade this year."], "5th", "3rd", None),
    # third persons, plural and possessive subjects, passive
    (
        "en",
        "sister-started",
        ["My sister works at a bank.", "my sister just started at a law firm"],
        "bank",
        "law firm",
        None,
    ),
    ("en", "team-python", ["Our team uses Python 3.9.", "our team is on Python 3.12 now"], "3.9", "3.12", None),
    (
        "en",
        "dad-sold",
        ["My dad drives a Ford F-150.", "Dad sold the F-150 and got a Silverado."],
        "F-150",
        "Silverado",
        None,
    ),
    (
        "en",
        "sons-school",
        ["My son's school starts at 8:00.", "my son's school starts at 8:30 this year"],
        "8:00",
        "8:30",
        None,
    ),
    (
        "en",
        "kids-switched",
        ["Our kids go to Lincoln Elementary.", "Both kids switched to Roosevelt Elementary."],
        "Lincoln",
        "Roosevelt",
        None,
    ),
    (
        "en",
        "review-room",
        ["The quarterly review is held in room 12.", "The quarterly review has been moved to room 30."],
        "12",
        "30",
        None,
    ),
    (
        "en",
        "reassigned",
        ["I'm assigned to the Tokyo account.", "I've been reassigned to the Seoul account."],
        "Tokyo",
        "Seoul",
        None,
    ),
    (
        "en",
        "project-handed",
        ["The billing project is owned by the data team.", "The billing project was handed to the platform team."],
        "data",
        "platform",
        None,
    ),
    # typed the way people type
    (
        "en",
        "gym-btw",
        ["my gym is planet fitness", "btw switched gyms, going to crunch now 🏋️"],
        "planet",
        "crunch",
        None,
    ),
    (
        "en",
        "email-fyi",
        ["My email is sam.k@gmail.com.", "fyi my new email is sam.k@proton.me"],
        "sam.k@gmail.com",
        "sam.k@proton.me",
        None,
    ),
    ("en", "hours-r", ["I work 9 to 5.", "work hours r 8 to 4 now"], "9", "8", None),
    ("en", "fav-color", ["my fav color is green", "ok fav color is purple now lol"], "green", "purple", None),
    ("en", "bf-split", ["my bf is Jordan", "jordan and i split up, seeing Alex now"], "Jordan", "Alex", None),
    ("en", "editor-tbh", ["I code in vim", "moved to vscode tbh"], "vim", "vscode", None),
    # dated in the past
    (
        "en",
        "left-in-march",
        ["I work at Shopify.", "Left Shopify in March, I've been at Stripe since."],
        "Shopify",
        "Stripe",
        IN_MARCH,
    ),
    (
        "en",
        "rent-on-first",
        ["My rent is 1,100.", "The rent went up to 1,180 on the 1st."],
        "1,100|1100",
        "1,180|1180",
        ON_THE_FIRST,
    ),
    (
        "en",
        "migrated-off",
        ["We host on Heroku.", "we migrated off heroku to AWS a couple of weeks ago"],
        "Heroku",
        "AWS",
        None,
    ),
    (
        "en",
        "dose-yesterday",
        ["I'm on 50 mg of sertraline.", "Doctor upped my sertraline to 100 mg yesterday."],
        "50",
        "100",
        YESTERDAY,
    ),
    (
        "en",
        "joined-last-week",
        ["I play for the Tigers.", "Joined the Falcons last week."],
        "Tigers",
        "Falcons",
        LAST_WEEK,
    ),
    # one update said over two messages
    (
        "en",
        "split-rent",
        ["My rent is 2,100.", "quick update on my rent", "it's 2,250 now"],
        "2,100|2100",
        "2,250|2250",
        None,
    ),
    (
        "en",
        "split-manager",
        ["My manager is Frank.", "news at work:", "Priti is my manager now"],
        "Frank",
        "Priti",
        None,
    ),
    (
        "en",
        "split-car",
        ["I drive a Jetta.", "so I finally sold the old car", "I drive a Prius now"],
        "Jetta",
        "Prius",
        None,
    ),
    # colloquial Chinese
    ("zh", "rent-raised", ["我每个月房租三千五。", "房东涨房租了，现在四千。"], "三千五", "四千", None),
    ("zh", "weight-down", ["我体重七十公斤。", "瘦到65公斤了"], "七十", "65", None),
    ("zh", "team-size", ["我们组有五个人。", "组里又来了两个人，现在七个人。"], "五个人", "七个人", None),
    ("zh", "boss-left", ["我的领导是老张。", "老张调走了，现在我领导是小李。"], "老张", "小李", None),
    ("zh", "job-hop", ["我在阿里上班。", "我跳槽去腾讯了"], "阿里", "腾讯", None),
    ("zh", "moved", ["我住在朝阳区。", "搬家了，现在住海淀。"], "朝阳", "海淀", None),
    ("zh", "car-sold", ["我开的是比亚迪。", "比亚迪卖了，换了辆理想。"], "比亚迪", "理想", None),
    ("zh", "wake-up", ["我每天早上七点起床。", "最近改成六点起了"], "七点", "六点", None),
    ("zh", "weekly-moved", ["我们周会在周一上午。", "周会挪到周二下午了。"], "周一", "周二", None),
    ("zh", "girlfriend", ["我女朋友叫小美。", "我和小美分手了，现在的女朋友叫小雨。"], "小美", "小雨", None),
    ("zh", "grade", ["我儿子上幼儿园大班。", "儿子今年上一年级了。"], "大班", "一年级", None),
    ("zh", "phone-elliptic", ["我用的是安卓手机。", "换苹果了"], "安卓", "苹果", None),
    ("zh", "frontend", ["我们项目用Vue写前端。", "前端已经迁到React了。"], "Vue", "React", None),
    ("zh", "salary", ["我工资一个月一万二。", "涨工资了，现在一个月一万五。"], "一万二", "一万五", None),
    ("zh", "desk-passive", ["我的工位在三楼。", "工位被搬到五楼了。"], "三楼", "五楼", None),
    ("zh", "gym-times", ["我每周去两次健身房。", "现在一周去四次健身房"], "两次", "四次", None),
    ("zh", "deadline", ["我们的截止日期是五月十号。", "截止日期推迟到五月二十号了。"], "五月十号", "五月二十号", None),
    ("zh", "role-change", ["我的职位是产品经理。", "我转岗做运营了。"], "产品经理", "运营", None),
    ("zh", "husband-left", ["我老公在华为上班。", "我老公前天从华为离职去了小米。"], "华为", "小米", TWO_DAYS),
    ("zh", "coffee", ["我喝美式咖啡。", "最近改喝拿铁了"], "美式", "拿铁", None),
    ("zh", "email", ["我的邮箱是wang@163.com。", "邮箱换了，新的是wang@qq.com"], "wang@163.com", "wang@qq.com", None),
    ("zh", "layoffs", ["我们公司有两百人。", "裁员以后公司只剩一百五十人了。"], "两百", "一百五十", None),
    ("zh", "language", ["我在学日语。", "日语不学了，改学韩语了。"], "日语", "韩语", None),
    ("zh", "hobby-class", ["孩子的兴趣班是钢琴。", "孩子的兴趣班从钢琴改成了画画。"], "钢琴", "画画", None),
    ("zh", "moved-october", ["我住在杭州。", "我去年十月搬到了苏州。"], "杭州", "苏州", LAST_OCTOBER),
    ("zh", "split-rent", ["我的房租是3000。", "跟你说个事", "房租涨到3300了"], "3000", "3300", None),
]

CORRECTIONS: list[Pair] = [
    ("en", "actually-it", ["My flight is at 10 am.", "actually it's at 11 am"], "10", "11", None),
    (
        "en",
        "scratch-elliptic",
        ["Dinner with the Hendersons is on Saturday.", "scratch that — Sunday"],
        "Saturday",
        "Sunday",
        None,
    ),
    ("en", "sorry-not", ["My niece is 7.", "sorry she's 8, not 7"], "7", "8", None),
    ("en", "typo-dash", ["My zip code is 94110.", "typo — 94114"], "94110", "94114", None),
    ("en", "nvm-its", ["The meeting room is 4B.", "nvm it's 4C"], "4B", "4C", None),
    (
        "en",
        "wait-no",
        ["My mom's birthday is April 9.", "wait no, mom's birthday is April 19"],
        "April 9",
        "April 19",
        None,
    ),
    (
        "en",
        "name-wrong",
        ["My son's teacher is Ms. Harper.", "I had the name wrong, it's Ms. Hooper."],
        "Harper",
        "Hooper",
        None,
    ),
    (
        "en",
        "oops-called",
        ["The restaurant is called Nonna's.", "oops, it's called Nonno's"],
        "Nonna's",
        "Nonno's",
        None,
    ),
    (
        "en",
        "correction-colon",
        ["I take 20 mg of lisinopril.", "correction: 10 mg of lisinopril, not 20"],
        "20",
        "10",
        None,
    ),
    (
        "en",
        "i-mean",
        ["Our anniversary dinner is at Bistro Paul.", "I mean Bistro Marcel, not Bistro Paul."],
        "Paul",
        "Marcel",
        None,
    ),
    (
        "en",
        "mixed-up",
        ["My cousin works at Google.", "Sorry, I mixed that up, my cousin works at Meta."],
        "Google",
        "Meta",
        None,
    ),
    (
        "en",
        "should-have-said",
        ["Our gate code is 4512.", "should've said 4521 for the gate code"],
        "4512",
        "4521",
        None,
    ),
    ("en", "not-x-its-y", ["My license plate ends in 37.", "Not 37, it ends in 73."], "37", "73", None),
    ("zh", "bu-dui-ta", ["我女儿七岁。", "哦不对，她是六岁"], "七岁", "六岁", None),
    ("zh", "gao-cuo", ["我的航班是下午三点的。", "搞错了，航班是下午五点的。"], "三点", "五点", None),
    ("zh", "geng-zheng", ["我们公司在南山区。", "更正一下，公司在福田区。"], "南山", "福田", None),
    ("zh", "da-cuo-zi", ["我姐夫叫刘强。", "刚才打错字了，是刘刚不是刘强。"], "刘强", "刘刚", None),
    ("zh", "bu-shi-shi", ["会议在302会议室。", "不是302，是305。"], "302", "305", None),
    ("zh", "shuo-fan", ["我的生日是六月一号。", "说反了，我的生日是一月六号。"], "六月一号", "一月六号", None),
]

# negation: (lang, family, first, second, old marker)
NEGATIONS: list[tuple[str, str, str, str, str]] = [
    ("en", "stopped-lowercase", "I'm on Ozempic.", "stopped the ozempic", "Ozempic"),
    ("en", "dont-anymore", "I coach my son's soccer team.", "I don't coach the soccer team anymore.", "soccer"),
    ("en", "lapse", "We have a Costco membership.", "we let the costco membership lapse", "Costco"),
    ("zh", "ting-le", "我每周六上网球课。", "网球课停了。", "网球"),
]

# unrelated: (lang, family, first, second, old marker, new marker)
UNRELATED: list[tuple[str, str, str, str, str, str]] = [
    ("en", "morning-evening", "I drink tea in the morning.", "In the evening I have a glass of wine.", "tea", "wine"),
    ("en", "rent-car-payment", "My rent is 1,200.", "My car payment is 350.", "1,200|1200", "350"),
    ("en", "planning-retro", "Our sprint planning is on Monday.", "Our retro is on Friday.", "Monday", "Friday"),
    (
        "en",
        "sister-also",
        "My sister works at Target.",
        "My sister also volunteers at the library.",
        "Target",
        "library",
    ),
    (
        "en",
        "two-meetings",
        "I have a meeting with Tom on Monday.",
        "I have lunch with Priya on Thursday.",
        "Tom",
        "Priya",
    ),
    ("en", "work-home-computer", "My work laptop is a ThinkPad.", "At home I use an iMac.", "ThinkPad", "iMac"),
    ("zh", "parents-hobbies", "我爸喜欢钓鱼。", "我妈喜欢跳广场舞。", "钓鱼", "广场舞"),
    ("zh", "hai-learning", "我在学吉他。", "我还在学游泳。", "吉他", "游泳"),
]

# coverage: (lang, family, text, facts, separate)
COVERAGE: list[tuple[str, str, str, list[str], bool]] = [
    ("en", "lowercase-condition", "i'm lactose intolerant", ["lactose"], False),
    ("en", "recital", "My daughter's recital is next Friday.", ["recital"], False),
    ("en", "expecting", "We're expecting our second baby in November.", ["baby|November"], False),
    ("en", "learning-app", "I've been learning Portuguese on Duolingo.", ["Portuguese"], False),
    ("en", "knee-since", "My knee has been bothering me since the marathon.", ["knee"], False),
    ("en", "rotation", "Our on-call rotation changes every Monday.", ["on-call|rotation"], False),
    ("en", "volunteer", "I volunteer at the animal shelter on Saturdays.", ["shelter"], False),
    ("en", "snores", "My husband snores.", ["snores|snore"], False),
    ("en", "renovating", "We're renovating the kitchen.", ["kitchen"], False),
    ("en", "landlord-never", "my landlord never fixes anything", ["landlord"], False),
    ("en", "license-emoji", "got my driver's license last week 🎉", ["license"], False),
    ("en", "bought-house", "Bought a house in Portland!", ["Portland|house"], False),
    ("en", "mom-recovering", "Mom's recovering from hip surgery.", ["hip"], False),
    ("en", "collect", "I collect vintage cameras.", ["cameras|camera"], False),
    ("en", "cant-stand", "I can't stand horror movies.", ["horror"], False),
    ("en", "training-for", "I'm training for a half marathon in October.", ["marathon"], False),
    ("en", "router", "Our router is in the hallway closet.", ["router"], False),
    ("en", "son-allergy", "My son has a peanut allergy.", ["peanut"], False),
    (
        "en",
        "standing-1on1",
        "I've got a standing 1:1 with my skip-level every other Thursday.",
        ["skip-level|1:1"],
        False,
    ),
    ("en", "compound-owl", "I'm a night owl and I hate early meetings.", ["owl", "meetings|meeting"], True),
    ("en", "twins", "my brother just had twins", ["twins"], False),
    ("zh", "ielts", "我最近在备考雅思。", ["雅思"], False),
    ("zh", "pregnant", "我老婆怀孕五个月了。", ["怀孕"], False),
    ("zh", "corgi", "我家狗狗叫豆豆，是只柯基。", ["豆豆"], False),
    ("zh", "no-cilantro", "我不吃香菜。", ["香菜"], False),
    ("zh", "badminton", "我每周四晚上打羽毛球。", ["羽毛球"], False),
    ("zh", "mortgage", "我在还房贷，每个月八千。", ["房贷"], False),
    ("zh", "dad-bp", "我爸有高血压。", ["高血压"], False),
    ("zh", "yunnan", "我们下个月去云南自驾。", ["云南"], False),
    ("zh", "lefty", "我是左撇子。", ["左撇子"], False),
    ("zh", "interview", "我下周三面试。", ["面试"], False),
]

NON_BELIEFS: list[tuple[str, str, str]] = [
    ("en", "lol-ok", "lol ok"),
    ("en", "thx", "thx!!"),
    ("en", "convert", "how do i convert 1,350 dollars to euros"),
    ("en", "remind-me", "Can you remind me what I said about my rent?"),
    ("en", "nvm", "nvm"),
    ("en", "let-me-think", "hmm let me think about it"),
    ("en", "good-night", "good night 😴"),
    ("en", "cat-name", "what's a good name for a cat"),
    ("en", "lease-or-buy", "Is it cheaper to lease or buy a car?"),
    ("en", "makes-sense", "that makes sense, thanks"),
    ("en", "joke", "tell me a joke"),
    ("zh", "hao-de", "好的好的"),
    ("zh", "zai-ma", "在吗"),
    ("zh", "how-use", "这个怎么用啊"),
    ("zh", "good-night", "晚安～"),
    ("zh", "check-flight", "帮我查一下明天的航班"),
    ("zh", "understood", "嗯嗯，明白了"),
]


def _split(text: str) -> str:
    """Half read while writing rules (dev), half kept unread until the end (test), by hash."""
    return "dev" if int(hashlib.sha256(text.encode()).hexdigest()[:8], 16) % 2 == 0 else "test"


def rows() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []

    def add(kind: str, lang: str, family: str, texts: list[str], **extra: Any) -> None:
        times = [T1, T2, T3][: len(texts)] if len(texts) > 1 else [T1]
        joined = "\x1f".join(texts)
        out.append(
            {
                "id": f"blind-{lang}-{kind}-{family}-{hashlib.sha256(joined.encode()).hexdigest()[:8]}",
                "lang": lang,
                "family": family,
                "kind": kind,
                "split": _split(joined),
                "history": [{"at": at, "text": t} for at, t in zip(times, texts, strict=True)],
                **extra,
            }
        )

    for kind, pairs in (("update", UPDATES), ("correction", CORRECTIONS)):
        for lang, fam, texts, old, new, vf in pairs:
            add(kind, lang, fam, texts, old=old, new=new, valid_from=vf)
    for lang, fam, a, b, old in NEGATIONS:
        add("negation", lang, fam, [a, b], old=old)
    for lang, fam, a, b, old, new in UNRELATED:
        add("unrelated", lang, fam, [a, b], old=old, new=new)
    for lang, fam, text, facts, separate in COVERAGE:
        add("coverage", lang, fam, [text], facts=facts, separate=separate)
    for lang, fam, text in NON_BELIEFS:
        add("non_belief", lang, fam, [text])
    return out


if __name__ == "__main__":
    path = Path(__file__).with_name("blind.jsonl")
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows()), encoding="utf-8")
    print(f"{path}: {len(rows())} cases")
