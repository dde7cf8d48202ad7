"""Writes the phrasing-phenomena suite (phrasings.jsonl): dev only, for finding why rules fail.

The ordinary suite's held-out split showed that rules tuned on its dev wordings do not carry
to other people's wordings. This suite is a tuning aid, not a score: fresh wordings of each
category written in one sitting (before any rule change for them), each chosen for a
linguistic phenomenon ordinary users produce rather than for a topic: contractions ("rent's",
"brother's at"), "not anymore" / "these days" / "lately" / "now it's", "switched over", passive
voice ("we've been moved to"), hedged and elliptical updates ("now it's about 35"), third
persons, dates in the past, corrections with and without the denied value, retractions with
nothing in their place, statements that must stay apart, and chit-chat that must leave nothing.
English and Chinese. Every case is ``split: dev``; ``governance_eval.py --file`` runs it apart
from the scored suites.

    python tests/rules/data/governance/build_phrasings.py
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

T1 = "2026-01-10T09:00:00+00:00"
T2 = "2026-08-12T09:00:00+00:00"  # a Wednesday
LAST_WEEK, LAST_MONTH, IN_MAY = "2026-08-05", "2026-07-01", "2026-05-01"

# (lang, phenomenon, first, second, old marker, new marker, valid_from or None)
UPDATES: list[tuple[str, str, str, str, str, str, str | None]] = [
    (
        "en",
        "these-days",
        "I work from home on Mondays.",
        "These days I'm in the office on Mondays.",
        "home",
        "office",
        None,
    ),
    (
        "en",
        "contraction",
        "My rent's 1,800 a month.",
        "Rent went up, it's 1,950 now.",
        "1,800|1800",
        "1,950|1950",
        None,
    ),
    (
        "en",
        "not-anymore",
        "I drive a Honda Civic.",
        "I don't have the Civic anymore, I drive a Mazda now.",
        "Civic",
        "Mazda",
        None,
    ),
    (
        "en",
        "switched",
        "My dentist is Dr. Patel.",
        "I switched dentists, I see Dr. Moreno now.",
        "Patel",
        "Moreno",
        None,
    ),
    ("en", "passive", "Our office is on the 4th floor.", "We've been moved to the 7th floor.", "4th", "7th", None),
    ("en", "now-its", "I run 20 km a week.", "Now it's about 35 km a week.", "20", "35", None),
    (
        "en",
        "third-person-dated",
        "My sister lives in Denver.",
        "My sister moved to Austin in May.",
        "Denver",
        "Austin",
        IN_MAY,
    ),
    (
        "en",
        "switched-over",
        "The team uses Slack.",
        "The team switched over to Microsoft Teams.",
        "Slack",
        "Teams",
        None,
    ),
    (
        "en",
        "promoted-dated",
        "I'm a junior developer.",
        "I got promoted to senior developer last week.",
        "junior",
        "senior",
        LAST_WEEK,
    ),
    ("en", "upgraded", "My internet plan is 300 Mbps.", "I upgraded my internet plan to 1 Gbps.", "300", "Gbps", None),
    ("en", "finished-now", "I'm reading Dune.", "I finished Dune, I'm reading Hyperion now.", "Dune", "Hyperion", None),
    ("en", "isnt-anymore", "My boss is Karen.", "Karen isn't my boss anymore; Luis is.", "Karen", "Luis", None),
    ("en", "grown-to", "We have 3 engineers on the team.", "The team has grown to 5 engineers.", "3", "5", None),
    ("en", "down-to", "I weigh 82 kg.", "I'm down to 76 kg.", "82", "76", None),
    (
        "en",
        "ordinal-now",
        "My daughter is in third grade.",
        "My daughter is in fourth grade now.",
        "third",
        "fourth",
        None,
    ),
    (
        "en",
        "since-fronted",
        "My commute is 40 minutes.",
        "Since the move my commute is only 15 minutes.",
        "40",
        "15",
        None,
    ),
    ("en", "been-on-since", "I use Android.", "I've been on iPhone since March.", "Android", "iPhone", None),
    (
        "en",
        "migrated-dated",
        "Our database is hosted on AWS.",
        "We migrated the database to Google Cloud last month.",
        "AWS",
        "Google",
        LAST_MONTH,
    ),
    ("en", "reordered", "Jake is our team lead.", "Our team lead is Mia now.", "Jake", "Mia", None),
    (
        "en",
        "lately",
        "My favourite show is Severance.",
        "Lately my favourite show is The Bear.",
        "Severance",
        "Bear",
        None,
    ),
    ("en", "adverb-value", "I get paid every two weeks.", "I get paid monthly now.", "two", "monthly", None),
    (
        "en",
        "possessive-contraction",
        "My brother works at Google.",
        "My brother's at Meta now.",
        "Google",
        "Meta",
        None,
    ),
    ("en", "hedged", "I sleep about 6 hours a night.", "These days I sleep closer to 8 hours a night.", "6", "8", None),
    ("en", "this-year", "The kids' school starts at 8:15.", "School starts at 8:45 this year.", "8:15", "8:45", None),
    (
        "en",
        "got-moved",
        "The client meeting is on Thursday.",
        "The client meeting got moved to Friday.",
        "Thursday",
        "Friday",
        None,
    ),
    ("en", "frequency", "I teach yoga twice a week.", "I teach yoga three times a week now.", "twice", "three", None),
    (
        "en",
        "changed-my",
        "My car insurance is with Geico.",
        "I changed my car insurance to Progressive.",
        "Geico",
        "Progressive",
        None,
    ),
    (
        "en",
        "gave-up-started",
        "I'm learning Spanish.",
        "I gave up Spanish and started learning Italian.",
        "Spanish",
        "Italian",
        None,
    ),
    (
        "en",
        "from-to",
        "My password manager is LastPass.",
        "I moved from LastPass to 1Password.",
        "LastPass",
        "1Password",
        None,
    ),
    (
        "en",
        "no-longer-its",
        "My gym is Planet Fitness.",
        "My gym's no longer Planet Fitness, it's Crunch.",
        "Planet Fitness",
        "Crunch",
        None,
    ),
    ("zh", "frequency", "我每周跑步两次。", "最近我每周跑三次了。", "两次", "三次", None),
    ("zh", "sold-now", "我的车是大众朗逸。", "我把朗逸卖了，现在开比亚迪。", "朗逸", "比亚迪", None),
    ("zh", "gai-yong", "我们组用钉钉沟通。", "我们组改用飞书了。", "钉钉", "飞书", None),
    ("zh", "left-now", "我老板是王总。", "王总走了，现在我老板是李总。", "王总", "李总", None),
    ("zh", "rose-to", "我每个月房租3000。", "房租涨到3500了。", "3000", "3500", None),
    ("zh", "stage", "我在读研一。", "我现在研二了。", "研一", "研二", None),
    ("zh", "stopped-switched", "我儿子在学钢琴。", "我儿子不学钢琴了，改学小提琴。", "钢琴", "小提琴", None),
    ("zh", "down-to", "我的体重是75公斤。", "我瘦到了68公斤。", "75", "68", None),
    ("zh", "only-left", "我们公司有200人。", "裁员之后公司只剩150人了。", "200", "150", None),
    ("zh", "dated-switch", "我用的是安卓手机。", "上个月我换成了苹果手机。", "安卓", "苹果", LAST_MONTH),
    ("zh", "lately-time", "我每天早上七点起床。", "我最近都是六点起床。", "七点", "六点", None),
    ("zh", "broke-up", "我女朋友叫小美。", "我和小美分手了，现在的女朋友叫小雨。", "小美", "小雨", None),
    ("zh", "migrated", "我们的项目用Vue。", "项目已经迁到React了。", "Vue", "React", None),
    (
        "zh",
        "changed-email",
        "我的工作邮箱是zhang@abc.com。",
        "工作邮箱改成了zhang@xyz.com。",
        "zhang@abc.com",
        "zhang@xyz.com",
        None,
    ),
    ("zh", "ba-passive", "我家的路由器是TP-Link的。", "路由器被我换成华硕的了。", "TP-Link", "华硕", None),
]

# (lang, phenomenon, first, second, old marker, new marker)
CORRECTIONS: list[tuple[str, str, str, str, str, str]] = [
    ("en", "i-meant", "My son is 7.", "Sorry, I meant my son is 8.", "7", "8"),
    ("en", "not-x", "I live at 14 Oak Lane.", "Oops, it's 41 Oak Lane, not 14.", "14", "41"),
    ("en", "actually-no", "My flight is on the 3rd.", "Actually, no, the flight's on the 5th.", "3rd", "5th"),
    ("en", "spelling", "My wife's name is Anna.", "I mistyped, my wife's name is Hanna.", "Anna", "Hanna"),
    (
        "en",
        "let-me-correct",
        "The deadline is March 10.",
        "Let me correct that: the deadline is March 17.",
        "March 10",
        "March 17",
    ),
    ("en", "i-was-wrong", "The gym opens at 6.", "I was wrong, the gym opens at 5:30.", "6", "5:30"),
    ("en", "trailing-my-bad", "I was born in 1988.", "I was actually born in 1987, my bad.", "1988", "1987"),
    ("zh", "ji-cuo", "我女儿六岁。", "我记错了，我女儿七岁。", "六岁", "七岁"),
    ("zh", "bu-dui", "我的生日是五月三号。", "不对，是五月十三号。", "五月三号", "五月十三号"),
    ("zh", "gao-cuo", "我的航班是晚上八点。", "搞错了，航班是晚上九点。", "八点", "九点"),
    ("zh", "geng-zheng-bu-shi", "我们公司在望京。", "更正一下，公司在酒仙桥，不是望京。", "望京", "酒仙桥"),
]

# (lang, phenomenon, first, second, old marker): the second ends the first, nothing in its place
NEGATIONS: list[tuple[str, str, str, str, str]] = [
    ("en", "quit", "I drink alcohol on weekends.", "I quit drinking alcohol completely.", "alcohol"),
    ("en", "left", "I'm part of a book club.", "I left the book club.", "book club"),
    (
        "en",
        "stopped-ing",
        "I volunteer at the animal shelter.",
        "I stopped volunteering at the animal shelter.",
        "shelter",
    ),
    (
        "en",
        "passive-cancelled",
        "We have a weekly sync with marketing.",
        "The weekly sync with marketing was cancelled.",
        "marketing",
    ),
    (
        "en",
        "dont-need-any-more",
        "I take ibuprofen for my back.",
        "I don't need ibuprofen for my back any more.",
        "ibuprofen",
    ),
    ("en", "not-anymore-short", "I'm on a keto diet.", "Not on keto anymore.", "keto"),
    ("zh", "jie", "我每天抽烟。", "我已经戒烟了。", "抽烟"),
    ("zh", "topic-fronted", "我在学吉他。", "吉他我不学了。", "吉他"),
    ("zh", "tui-diao", "我订了健身房的私教课。", "私教课我退掉了。", "私教课"),
    ("zh", "cancelled", "我们每周五开周会。", "周会取消了。", "周会"),
]

# (lang, phenomenon, first, second, first marker, second marker): both stay current
UNRELATED: list[tuple[str, str, str, str, str, str]] = [
    ("en", "other-owner", "My dog is called Max.", "My neighbour's dog is called Rex.", "Max", "Rex"),
    ("en", "other-person", "I work at Stripe.", "My husband works at Shopify.", "Stripe", "Shopify"),
    ("en", "too", "I speak French.", "I'm learning Japanese too.", "French", "Japanese"),
    ("en", "other-cost", "My rent is 1,500 a month.", "My car payment is 300 a month.", "1,500|1500", "300"),
    (
        "en",
        "other-system",
        "Our CI runs on GitHub Actions.",
        "Our staging server runs Ubuntu 22.04.",
        "GitHub",
        "Ubuntu",
    ),
    ("en", "other-birthday", "My birthday is in May.", "My son's birthday is in October.", "May", "October"),
    ("en", "other-day", "I go swimming on Tuesdays.", "I go climbing on Thursdays.", "swimming", "climbing"),
    ("en", "still", "I moved to Berlin in 2019.", "My parents still live in Madrid.", "Berlin", "Madrid"),
    ("en", "other-device", "My laptop is a MacBook Air.", "My desktop is a custom PC.", "MacBook", "PC"),
    ("en", "other-role", "Dana is my manager.", "Rahul is my mentor.", "Dana", "Rahul"),
    ("zh", "other-person", "我在腾讯工作。", "我老婆在阿里工作。", "腾讯", "阿里"),
    ("zh", "ye", "我喜欢吃辣。", "我也喜欢吃甜的。", "辣", "甜"),
    ("zh", "other-people", "我住在杭州。", "我父母住在温州。", "杭州", "温州"),
    ("zh", "other-part", "我们前端用React。", "我们后端用Go。", "React", "Go"),
    ("zh", "other-habit", "我每天喝咖啡。", "我周末会喝点酒。", "咖啡", "酒"),
]

# (lang, phenomenon, text): nothing to remember
NON_BELIEFS: list[tuple[str, str, str]] = [
    ("en", "request-question", "Could you remind me what we talked about yesterday?"),
    ("en", "filler", "lol ok"),
    ("en", "thanks", "That makes total sense, thanks!"),
    ("en", "hedge", "Hmm, not sure about that."),
    ("en", "general-question", "Why is the sky blue?"),
    ("en", "imperative", "Write me a haiku about autumn."),
    ("en", "greeting", "Good night!"),
    ("en", "prompt", "Interesting, tell me more."),
    ("en", "question", "Is it going to rain this weekend?"),
    ("en", "agreement", "Nice, sounds like a plan."),
    ("zh", "question", "这个怎么弄？"),
    ("zh", "filler", "哈哈哈，好吧"),
    ("zh", "question-back", "你觉得呢？"),
    ("zh", "request", "帮我查一下明天的航班。"),
    ("zh", "thanks", "收到，谢谢！"),
    ("zh", "ack", "嗯嗯，明白了。"),
]

# (lang, phenomenon, text, facts, separate)
COVERAGE: list[tuple[str, str, str, list[str], bool]] = [
    (
        "en",
        "two-subjects",
        "I'm allergic to penicillin and my son is allergic to peanuts.",
        ["penicillin", "peanuts"],
        True,
    ),
    ("en", "duration", "I've been vegetarian for ten years.", ["vegetarian"], False),
    ("en", "relative", "My dad is retired.", ["retired"], False),
    ("en", "dated-event", "We adopted a puppy named Biscuit last month.", ["Biscuit"], False),
    ("en", "scheduled", "My knee surgery is scheduled for October 3.", ["knee"], False),
    ("en", "habit", "I usually work out before breakfast.", ["breakfast"], False),
    ("en", "third-plural", "The kids have swim lessons every Saturday morning.", ["swim"], False),
    ("en", "compound-people", "My brother got married in June and my sister had a baby.", ["married", "baby"], True),
    ("en", "short", "I'm colorblind.", ["colorblind"], False),
    ("en", "negative-habit", "I don't eat pork.", ["pork"], False),
    ("en", "favourite", "My favourite podcast is Hardcore History.", ["Hardcore History"], False),
    ("zh", "origin-work", "我是上海人，现在在深圳工作。", ["上海", "深圳"], True),
    ("zh", "allergy", "我对青霉素过敏。", ["青霉素"], False),
    ("zh", "school", "我儿子今年上初一。", ["初一"], False),
    ("zh", "weekly", "我每周二晚上打羽毛球。", ["羽毛球"], False),
    ("zh", "condition-med", "我有高血压，每天吃降压药。", ["高血压", "降压药"], True),
    ("zh", "third-negative", "我老公不吃香菜。", ["香菜"], False),
]


# A second sitting, written after the first round of rule changes and run once
# before any change for it: what carries over to wordings the rules never saw.
UPDATES += [
    ("en", "used-to", "My commute used to be by bus.", "My commute is by bike now.", "bus", "bike", None),
    ("en", "based-in", "I live in Toronto.", "I'm now based in Vancouver.", "Toronto", "Vancouver", None),
    ("en", "went-from", "Our team has 8 people.", "Our team went from 8 to 12 people.", "8 people", "12", None),
    (
        "en",
        "passive-raised",
        "The rent is 2,000 a month.",
        "The rent was raised to 2,200 a month.",
        "2,000|2000",
        "2,200|2200",
        None,
    ),
    (
        "en",
        "rescheduled",
        "My flight is on Thursday.",
        "My flight has been rescheduled to Saturday.",
        "Thursday",
        "Saturday",
        None,
    ),
    ("en", "progressive-now", "I use Ubuntu on my laptop.", "I'm using Arch on my laptop now.", "Ubuntu", "Arch", None),
    ("en", "my-new", "My doctor is Dr. Hughes.", "My new doctor is Dr. Okafor.", "Hughes", "Okafor", None),
    ("en", "replaced-as", "Mark is our CTO.", "Elena replaced Mark as our CTO.", "Mark", "Elena", None),
    ("en", "from-now-on", "Our standup is at 9.", "From now on our standup is at 9:30.", "9", "9:30", None),
    (
        "en",
        "dont-instead",
        "I take the train to work.",
        "I don't take the train anymore, I drive to work instead.",
        "train",
        "drive",
        None,
    ),
    ("en", "switched-from-to", "I use Chrome.", "I've switched from Chrome to Firefox.", "Chrome", "Firefox", None),
    ("en", "ago-joined", "I work at Deloitte.", "I joined KPMG three weeks ago.", "Deloitte", "KPMG", "2026-07-22"),
    ("en", "salary", "I make 70k a year.", "I got a raise, I make 78k a year now.", "70k", "78k", None),
    ("zh", "yiqian-xianzai", "我开车上班。", "我以前开车上班，现在坐地铁了。", "开车", "地铁", None),
    ("zh", "cong-huan", "我们的服务器在阿里云上。", "我们的服务器从阿里云换成了腾讯云。", "阿里云", "腾讯云", None),
    ("zh", "bei-tiao", "我在上海分公司。", "我被调到了深圳分公司。", "上海", "深圳", None),
    ("zh", "ba-huan", "我用的输入法是搜狗。", "我把输入法换成了微信输入法。", "搜狗", "微信", None),
    ("zh", "yuanlai", "我的工号是1024。", "工号变了，原来是1024，现在是2048。", "1024", "2048", None),
    ("zh", "gai-le", "我每周上三天班。", "我现在每周上四天班。", "三天", "四天", None),
]
CORRECTIONS += [
    ("en", "make-that", "The party is at 7.", "Make that 8, the party is at 8.", "7", "8"),
    (
        "en",
        "said-meant",
        "My cousin lives in Perth.",
        "I said Perth but I meant Adelaide, my cousin lives in Adelaide.",
        "Perth",
        "Adelaide",
    ),
    ("en", "no-wait", "My locker number is 112.", "No wait, my locker number is 121.", "112", "121"),
    ("zh", "ying-gai-shi", "我的车牌尾号是7。", "我说错了，车牌尾号应该是9。", "尾号是7", "9"),
    ("zh", "kou-wu", "我们下周二开会。", "口误，我们下周三开会。", "周二", "周三"),
]
NEGATIONS += [
    ("en", "no-longer-member", "I'm a member of the chess club.", "I'm no longer a member of the chess club.", "chess"),
    ("en", "passive-ended", "I have a subscription to The Times.", "My subscription to The Times has ended.", "Times"),
    ("zh", "bu-zai", "我每天晚上跑步。", "我不再晚上跑步了。", "跑步"),
    ("zh", "zao-jiu", "我喝酒。", "酒我早就不喝了。", "酒"),
]
UNRELATED += [
    ("en", "like-many", "I like jazz.", "I like hiking.", "jazz", "hiking"),
    ("en", "other-child", "My son plays soccer.", "My daughter plays tennis.", "soccer", "tennis"),
    (
        "en",
        "other-appointment",
        "I have a meeting on Monday.",
        "I have a dentist appointment on Friday.",
        "Monday",
        "Friday",
    ),
    ("zh", "ye-like", "我喜欢猫。", "我也喜欢狗。", "猫", "狗"),
    ("zh", "other-time", "我早上跑步。", "我晚上游泳。", "跑步", "游泳"),
]
NON_BELIEFS += [
    ("en", "ok", "Ok cool."),
    ("en", "what-mean", "What do you mean?"),
    ("en", "go-ahead", "Sure, go ahead."),
    ("en", "explain", "Can you explain that again"),
    ("en", "sounds-great", "Sounds great!"),
    ("zh", "haha", "哈哈"),
    ("zh", "why", "为什么？"),
    ("zh", "repeat", "能再说一遍吗"),
]
COVERAGE += [
    ("en", "we-both", "My husband and I both work at the hospital.", ["hospital"], False),
    ("en", "kids-names", "I've got two kids, Sam and Ella.", ["Sam"], False),
    ("en", "cant-eat", "I can't eat gluten.", ["gluten"], False),
    ("en", "relative-condition", "My mom has diabetes.", ["diabetes"], False),
    ("en", "usual-train", "I usually take the 7:40 train.", ["7:40"], False),
    ("zh", "kids", "我有两个孩子。", ["孩子"], False),
    ("zh", "subway", "我每天坐地铁上班。", ["地铁"], False),
    ("zh", "no-drink", "我不喝酒。", ["酒"], False),
]


# A third sitting: facts whose shape resembles what the statement filter must drop
# (a hedge first, a condition, a pronoun before a comma, an intensifier, "us", a
# dropped subject): they must stay beliefs.
COVERAGE += [
    ("en", "hedge-first", "Sometimes I work from the Berlin office.", ["Berlin"], False),
    ("en", "conditional-habit", "If it's sunny we go sailing on Lake Geneva.", ["sailing|Geneva"], False),
    ("en", "whenever-habit", "Whenever I visit my mom in Leeds we bake bread.", ["Leeds|bread"], False),
    ("en", "pronoun-then-noun", "I have two of them, a cat and a dog.", ["cat|dog|two"], False),
    ("en", "pronoun-then-clause", "The landlord raised it, so I pay 900 now.", ["900"], False),
    ("en", "intensified-own", "My kids are so into Minecraft.", ["Minecraft"], False),
    ("en", "us-object-person", "Grandma taught us to knit.", ["knit"], False),
    ("en", "us-own-subject", "My parents helped us buy the house.", ["house"], False),
    ("en", "dropped-retired", "Retired last year after 30 years at Boeing.", ["Boeing|retired"], False),
    ("en", "dropped-used-to", "Used to smoke, quit in 2019.", ["smoke"], False),
    ("en", "feel-fact", "I feel stressed about my thesis deadline in May.", ["thesis"], False),
    ("en", "recommend-own", "My dentist recommends an electric toothbrush.", ["toothbrush"], False),
    ("en", "named-plural", "Priya runs marathons.", ["marathons|marathon"], False),
    ("en", "past-participle-name", "Alfred moved to Rome last year.", ["Rome"], False),
    ("zh", "sometimes", "我有时候在杭州办公室上班。", ["杭州"], False),
    ("zh", "if-habit", "如果天气好，我周末去爬山。", ["爬山"], False),
    ("zh", "feel", "我最近工作压力很大。", ["压力"], False),
    ("zh", "us", "奶奶教我们包饺子。", ["饺子"], False),
]


def _id(kind: str, lang: str, family: str, text: str) -> str:
    return f"phr-{lang}-{kind}-{family}-{hashlib.sha256(text.encode()).hexdigest()[:8]}"


def rows() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []

    def add(kind: str, lang: str, family: str, texts: list[str], **extra: Any) -> None:
        times = [T1, T2][-len(texts) :] if len(texts) <= 2 else [T1] * len(texts)
        history = [{"at": at, "text": t} for at, t in zip(times, texts, strict=True)]
        out.append(
            {
                "id": _id(kind, lang, family, "|".join(texts)),
                "lang": lang,
                "family": family,
                "kind": kind,
                "split": "dev",
                "history": history,
                **extra,
            }
        )

    for lang, fam, a, b, old, new, vf in UPDATES:
        add("update", lang, fam, [a, b], old=old, new=new, valid_from=vf)
    for lang, fam, a, b, old, new in CORRECTIONS:
        add("correction", lang, fam, [a, b], old=old, new=new, valid_from=None)
    for lang, fam, a, b, old in NEGATIONS:
        add("negation", lang, fam, [a, b], old=old)
    for lang, fam, a, b, old, new in UNRELATED:
        add("unrelated", lang, fam, [a, b], old=old, new=new)
    for lang, fam, text in NON_BELIEFS:
        add("non_belief", lang, fam, [text])
    for lang, fam, text, facts, separate in COVERAGE:
        add("coverage", lang, fam, [text], facts=facts, separate=separate)
    return out


if __name__ == "__main__":
    path = Path(__file__).with_name("phrasings.jsonl")
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows()), encoding="utf-8")
    print(f"{path}: {len(rows())} cases")
