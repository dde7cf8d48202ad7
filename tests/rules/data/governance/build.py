"""Writes the governance scenario suite (cases.jsonl) from phrasing families.

Why generated: each family crosses several independently written phrasings of
a first statement with several phrasings of a later one and a few value
pairs, so no single wording is over-represented; the file itself is what the
eval and tests read, and it is committed (rerunning this only reproduces it).
The dev/test split is fixed here, by a hash of the case id, before any tuning:
tune on dev, report test.

    python tests/rules/data/governance/build.py
"""

from __future__ import annotations

import hashlib
import itertools
import json
from pathlib import Path

T1 = "2026-01-10T09:00:00+00:00"
T2 = "2026-08-12T09:00:00+00:00"
# What each relative phrase resolves to against T2 (valid_from of the new belief).
WHEN = {
    "last week": "2026-08-05",
    "in March": "2026-03-01",
    "last month": "2026-07-01",
    "yesterday": "2026-08-11",
    "two weeks ago": "2026-07-29",
    "上个月": "2026-07-01",
    "上周": "2026-08-05",
    "昨天": "2026-08-11",
    "3天前": "2026-08-09",
}

# (family, kind, lang, first templates, second templates, values, markers(old, new) as templates)
F: list[tuple[str, str, str, list[str], list[str], list[dict[str, str]], tuple[str, str]]] = []

VERS = [
    dict(T="Go", a="1.23", b="1.24"),
    dict(T="Python", a="3.11", b="3.12"),
    dict(T="Node", a="18", b="20"),
    dict(T="PostgreSQL", a="15", b="16"),
    dict(T="Java", a="17", b="21"),
    dict(T="Django", a="4.2", b="5.0"),
]
F.append(
    (
        "version",
        "update",
        "en",
        [
            "We use {T} {a} in production.",
            "Production runs {T} {a}.",
            "Our production environment uses {T} {a}.",
            "We run {T} {a} in prod.",
        ],
        [
            "Quick update: we upgraded to {T} {b} last week, production runs {T} {b} now.",
            "We upgraded production to {T} {b}.",
            "Production is on {T} {b} now.",
            "We moved production from {T} {a} to {T} {b} yesterday.",
            "Just migrated prod to {T} {b}.",
            "Production now runs {T} {b}.",
        ],
        VERS,
        ("{a}", "{b}"),
    )
)
F.append(
    (
        "version",
        "unrelated",
        "en",
        ["We use {T} {a} in production.", "Production runs {T} {a}."],
        [
            "Staging runs {T} {b} for testing.",
            "Our billing service runs {T} {b}.",
            "My friend's team uses {T} {b}.",
            "We also use Rust 1.80 in production.",
        ],
        VERS,
        ("{a}", "{b}|1.80"),
    )
)
F.append(
    (
        "version",
        "correction",
        "en",
        ["We use {T} {a} in production."],
        ["Sorry, I meant {T} {b}.", "Correction: production runs {T} {b}, not {T} {a}."],
        VERS,
        ("{a}", "{b}"),
    )
)
CITIES = [
    dict(a="Lisbon", b="Berlin"),
    dict(a="Porto", b="Oslo"),
    dict(a="Madrid", b="Vienna"),
    dict(a="Chicago", b="Denver"),
    dict(a="Toronto", b="Montreal"),
    dict(a="Leeds", b="Glasgow"),
]
F.append(
    (
        "residence",
        "update",
        "en",
        ["I live in {a}.", "I'm based in {a}.", "We live in {a}.", "My home is in {a}."],
        [
            "I moved to {b} in March.",
            "I moved to {b} last month.",
            "I relocated to {b} two weeks ago.",
            "We moved to {b} yesterday.",
            "I live in {b} now.",
            "These days I'm living in {b}.",
            "I moved from {a} to {b} last week.",
        ],
        CITIES,
        ("{a}", "{b}"),
    )
)
F.append(
    (
        "residence",
        "unrelated",
        "en",
        ["I live in {a}.", "I'm based in {a}."],
        [
            "My sister lives in {b}.",
            "My parents moved to {b} last month.",
            "I visited {b} last week.",
            "My best friend just moved to {b}.",
        ],
        CITIES,
        ("{a}", "{b}"),
    )
)
F.append(
    (
        "residence",
        "correction",
        "en",
        ["I live in {a}."],
        [
            "Sorry, I meant {b}, not {a}.",
            "Sorry, I meant {b}.",
            "Actually, I live in {b}, not {a}.",
            "Oops, not {a} but {b}.",
        ],
        CITIES,
        ("{a}", "{b}"),
    )
)
ORGS = [
    dict(a="Acme", b="Globex"),
    dict(a="Initech", b="Stripe"),
    dict(a="Siemens", b="Bosch"),
    dict(a="Shopify", b="Spotify"),
    dict(a="Deloitte", b="Accenture"),
]
F.append(
    (
        "employer",
        "update",
        "en",
        ["I work at {a}.", "I work for {a}.", "I'm working at {a}."],
        [
            "I joined {b} last month.",
            "I started a new job at {b}.",
            "I left {a} and joined {b}.",
            "I work at {b} now.",
            "I got a job at {b} two weeks ago.",
        ],
        ORGS,
        ("{a}", "{b}"),
    )
)
F.append(
    (
        "employer",
        "unrelated",
        "en",
        ["I work at {a}."],
        ["My wife works at {b}.", "My friend just joined {b}.", "My brother got a job at {b}."],
        ORGS,
        ("{a}", "{b}"),
    )
)
F.append(
    (
        "employer",
        "correction",
        "en",
        ["I work at {a}."],
        ["Sorry, I meant {b}, not {a}.", "Oops, not {a} but {b}."],
        ORGS,
        ("{a}", "{b}"),
    )
)
ROLES = [
    dict(a="teacher", b="school counselor"),
    dict(a="data analyst", b="product manager"),
    dict(a="barista", b="chef"),
    dict(a="junior developer", b="team lead"),
    dict(a="designer", b="art director"),
]
F.append(
    (
        "occupation",
        "update",
        "en",
        ["I work as a {a}.", "I'm a {a}."],
        ["I got promoted to {b} last week.", "I'm a {b} now.", "My title is now {b}.", "I switched careers to {b}."],
        ROLES,
        ("{a}", "{b}"),
    )
)
F.append(
    (
        "occupation",
        "unrelated",
        "en",
        ["I work as a {a}."],
        ["My husband works as a {b}.", "My friend is a {b}."],
        ROLES,
        ("{a}", "{b}"),
    )
)
MAILS = [
    dict(a="ken.old@mail.com", b="ken@newmail.io"),
    dict(a="mia@acme.com", b="mia.r@globex.com"),
    dict(a="li.wei@corp.cn", b="liwei@home.cn"),
    dict(a="sam@uni.edu", b="sam.k@work.org"),
]
F.append(
    (
        "contact",
        "update",
        "en",
        ["My email is {a}.", "You can reach me at {a}."],
        ["My new email is {b}.", "I changed my email to {b}.", "Please use {b} now, my old address is gone."],
        MAILS,
        ("{a}", "{b}"),
    )
)
F.append(
    (
        "contact",
        "unrelated",
        "en",
        ["My email is {a}."],
        ["My wife's email is {b}.", "Our support email is {b}.", "My work email is {b}."],
        MAILS,
        ("{a}", "{b}"),
    )
)
F.append(
    (
        "contact",
        "correction",
        "en",
        ["My email is {a}."],
        ["Sorry, typo: my email is {b}.", "Correction: it's {b}, not {a}."],
        MAILS,
        ("{a}", "{b}"),
    )
)
PHONES = [dict(a="555-123-4567", b="555-987-6543"), dict(a="+44 20 7946 0958", b="+44 20 7946 0101")]
F.append(
    (
        "contact",
        "update",
        "en",
        ["My phone number is {a}."],
        ["My new number is {b}.", "My phone number changed to {b}."],
        PHONES,
        ("{a}", "{b}"),
    )
)
COUNTS = [dict(a="3", b="5", n="servers"), dict(a="8", b="12", n="engineers"), dict(a="40", b="55", n="customers")]
F.append(
    (
        "count",
        "update",
        "en",
        ["We have {a} {n}.", "We run {a} {n}."],
        ["We now have {b} {n}.", "We grew to {b} {n} last month.", "We're up to {b} {n} now."],
        COUNTS,
        ("{a}", "{b}"),
    )
)
F.append(
    (
        "count",
        "unrelated",
        "en",
        ["We have {a} {n}."],
        ["My friend's startup has {b} {n}.", "We have {b} printers."],
        COUNTS,
        ("{a}", "{b}"),
    )
)
F.append(
    (
        "count",
        "correction",
        "en",
        ["We have {a} {n}."],
        ["Sorry, I meant {b} {n}.", "Actually we have {b} {n}, not {a}."],
        COUNTS,
        ("{a}", "{b}"),
    )
)
DRINK = [
    dict(a="coffee", b="green tea"),
    dict(a="coffee", b="matcha"),
    dict(a="black tea", b="oat milk"),
    dict(a="espresso", b="herbal tea"),
]
F.append(
    (
        "drink",
        "update",
        "en",
        ["I drink {a} every morning.", "I love a cup of {a} in the morning.", "I usually have {a} at breakfast."],
        [
            "I switched from {a} to {b}.",
            "I stopped drinking {a}, I have {b} now.",
            "These days I drink {b}.",
            "I gave up {a} last month and drink {b} instead.",
        ],
        DRINK,
        ("{a}", "{b}"),
    )
)
F.append(
    (
        "drink",
        "update",
        "en",
        ["I drink {a} every morning.", "I love {a}."],
        ["I don't drink {a} any more.", "I no longer drink {a}.", "I quit {a} last week."],
        DRINK,
        ("{a}", "any more|no longer|quit"),
    )
)
F.append(
    (
        "drink",
        "unrelated",
        "en",
        ["I drink {a} every morning."],
        ["In the evening I have chamomile tea.", "My husband drinks {b}.", "My sister loves {b}."],
        DRINK,
        ("{a}", "chamomile|{b}"),
    )
)
CARS = [
    dict(a="Honda Civic", b="Tesla Model 3"),
    dict(a="Toyota Corolla", b="Kia Niro"),
    dict(a="Ford Focus", b="Volvo XC40"),
]
F.append(
    (
        "possession",
        "update",
        "en",
        ["I drive a {a}.", "My car is a {a}."],
        [
            "I sold my {a} and bought a {b}.",
            "I replaced my {a} with a {b}.",
            "My new car is a {b}.",
            "I drive a {b} now.",
        ],
        CARS,
        ("{a}", "{b}"),
    )
)
F.append(
    (
        "possession",
        "unrelated",
        "en",
        ["I drive a {a}."],
        ["My wife drives a {b}.", "My neighbour just bought a {b}."],
        CARS,
        ("{a}", "{b}"),
    )
)
PHONE_T = [dict(a="iPhone 12", b="Pixel 8"), dict(a="Galaxy S21", b="iPhone 15")]
F.append(
    (
        "possession",
        "update",
        "en",
        ["I have an {a}.", "My phone is an {a}."],
        ["I switched to a {b} last week.", "I replaced my {a} with a {b}."],
        PHONE_T,
        ("{a}", "{b}"),
    )
)
TIMES = [dict(a="6:30", b="7:15"), dict(a="5:45", b="6:20")]
F.append(
    (
        "time",
        "update",
        "en",
        ["I wake up at {a}.", "I usually get up at {a}."],
        ["I wake up at {b} these days.", "I get up at {b} now."],
        TIMES,
        ("{a}", "{b}"),
    )
)
F.append(
    (
        "time",
        "update",
        "en",
        ["Our standup is at 9:30."],
        ["The standup moved to 10:15.", "Our standup is now at 10:15."],
        [dict()],
        ("9:30", "10:15"),
    )
)
F.append(("time", "unrelated", "en", ["I wake up at {a}."], ["I go to bed at 11pm."], TIMES, ("{a}", "11pm")))

# --- Chinese ---
ZVERS = [
    dict(T="Go", a="1.23", b="1.24"),
    dict(T="Python", a="3.11", b="3.12"),
    dict(T="Java", a="17", b="21"),
    dict(T="PostgreSQL", a="15", b="16"),
    dict(T="Node", a="18", b="20"),
]
F.append(
    (
        "version",
        "update",
        "zh",
        ["我们生产环境用的是 {T} {a}", "线上跑的是 {T} {a}", "我们在生产环境使用 {T} {a}"],
        [
            "我们已经把生产环境升到 {T} {b} 了",
            "上周我们把生产环境升级到了 {T} {b}",
            "生产环境现在跑的是 {T} {b}",
            "线上已经换成 {T} {b} 了",
        ],
        ZVERS,
        ("{a}", "{b}"),
    )
)
F.append(
    (
        "version",
        "unrelated",
        "zh",
        ["我们生产环境用的是 {T} {a}"],
        ["测试环境用的是 {T} {b}", "我们的计费服务用的是 {T} {b}", "我朋友的团队用 {T} {b}"],
        ZVERS,
        ("{a}", "{b}"),
    )
)
F.append(
    (
        "version",
        "correction",
        "zh",
        ["我们生产环境用的是 {T} {a}"],
        ["说错了，生产环境用的是 {T} {b}，不是 {T} {a}"],
        ZVERS,
        ("{a}", "{b}"),
    )
)
ZCITY = [
    dict(a="杭州", b="上海"),
    dict(a="成都", b="深圳"),
    dict(a="南京", b="北京"),
    dict(a="武汉", b="广州"),
    dict(a="西安", b="厦门"),
]
F.append(
    (
        "residence",
        "update",
        "zh",
        ["我住在{a}", "我现在住在{a}", "我们一家住在{a}"],
        ["我上个月搬到了{b}", "我现在住在{b}了", "我们搬家到{b}了", "我3天前搬到{b}了", "我从{a}搬到了{b}"],
        ZCITY,
        ("{a}", "{b}"),
    )
)
F.append(
    (
        "residence",
        "unrelated",
        "zh",
        ["我住在{a}"],
        ["我姐姐住在{b}", "我爸妈搬到了{b}", "我朋友上个月搬去了{b}"],
        ZCITY,
        ("{a}", "{b}"),
    )
)
F.append(
    (
        "residence",
        "correction",
        "zh",
        ["我住在{a}"],
        ["不对，我是说{b}", "说错了，不是{a}，是{b}"],
        ZCITY,
        ("{a}", "{b}"),
    )
)
ZORG = [
    dict(a="腾讯", b="字节跳动"),
    dict(a="阿里巴巴", b="美团"),
    dict(a="百度", b="京东"),
    dict(a="网易", b="拼多多"),
]
F.append(
    (
        "employer",
        "update",
        "zh",
        ["我在{a}工作", "我在{a}上班"],
        ["我跳槽到了{b}", "我上个月加入了{b}", "我现在在{b}上班", "我已经入职{b}了"],
        ZORG,
        ("{a}", "{b}"),
    )
)
F.append(
    (
        "employer",
        "unrelated",
        "zh",
        ["我在{a}工作"],
        ["我老公在{b}工作", "我朋友加入了{b}", "我哥哥在{b}上班"],
        ZORG,
        ("{a}", "{b}"),
    )
)
F.append(("employer", "correction", "zh", ["我在{a}工作"], ["说错了，不是{a}，是{b}"], ZORG, ("{a}", "{b}")))
ZROLE = [
    dict(a="程序员", b="产品经理"),
    dict(a="会计", b="财务经理"),
    dict(a="设计师", b="设计总监"),
    dict(a="老师", b="校长"),
]
F.append(
    (
        "occupation",
        "update",
        "zh",
        ["我是一名{a}", "我是{a}"],
        ["我上个月升为{b}了", "我现在是{b}", "我转岗做{b}了"],
        ZROLE,
        ("{a}", "{b}"),
    )
)
F.append(("occupation", "unrelated", "zh", ["我是一名{a}"], ["我老婆是{b}", "我朋友当上了{b}"], ZROLE, ("{a}", "{b}")))
F.append(
    ("contact", "update", "zh", ["我的邮箱是{a}"], ["我的邮箱换成了{b}", "我换了新邮箱：{b}"], MAILS, ("{a}", "{b}"))
)
F.append(
    (
        "contact",
        "update",
        "zh",
        ["我的手机号是13800138000"],
        ["我的手机号换成了13900139000", "我换手机号了，新号码是13900139000"],
        [dict()],
        ("13800138000", "13900139000"),
    )
)
F.append(("contact", "unrelated", "zh", ["我的邮箱是{a}"], ["我老婆的邮箱是{b}"], MAILS, ("{a}", "{b}")))
ZCOUNT = [dict(a="3", b="5", n="台服务器"), dict(a="8", b="12", n="个人")]
F.append(
    (
        "count",
        "update",
        "zh",
        ["我们有{a}{n}", "我们团队有{a}{n}"],
        ["我们现在有{b}{n}了", "我们已经有{b}{n}了"],
        ZCOUNT,
        ("{a}", "{b}"),
    )
)
F.append(("count", "unrelated", "zh", ["我们有{a}{n}"], ["我朋友的公司有{b}{n}"], ZCOUNT, ("{a}", "{b}")))
F.append(("count", "correction", "zh", ["我们有{a}{n}"], ["说错了，是{b}{n}"], ZCOUNT, ("{a}", "{b}")))
ZDRINK = [dict(a="咖啡", b="绿茶"), dict(a="奶茶", b="豆浆"), dict(a="可乐", b="温水"), dict(a="红茶", b="乌龙茶")]
F.append(
    (
        "drink",
        "update",
        "zh",
        ["我喜欢喝{a}", "我每天早上喝{a}"],
        ["我现在不喝{a}了，改喝{b}", "我戒了{a}，现在喝{b}", "最近我改喝{b}了", "我上周开始不喝{a}了，换成{b}"],
        ZDRINK,
        ("{a}", "{b}"),
    )
)
F.append(
    (
        "drink",
        "update",
        "zh",
        ["我喜欢喝{a}", "我每天早上喝{a}"],
        ["我不再喝{a}了", "我已经戒了{a}"],
        ZDRINK,
        ("{a}", "不再|戒"),
    )
)
F.append(
    (
        "drink",
        "unrelated",
        "zh",
        ["我每天早上喝{a}"],
        ["我晚上喝菊花茶", "我老公喜欢喝{b}", "我妈妈每天喝{b}"],
        ZDRINK,
        ("{a}", "菊花茶|{b}"),
    )
)
ZCAR = [dict(a="丰田卡罗拉", b="特斯拉"), dict(a="本田雅阁", b="比亚迪")]
F.append(
    (
        "possession",
        "update",
        "zh",
        ["我的车是{a}", "我开的是{a}"],
        ["我换了一辆{b}", "我上个月买了一辆{b}，把{a}卖了"],
        ZCAR,
        ("{a}", "{b}"),
    )
)
F.append(("possession", "unrelated", "zh", ["我的车是{a}"], ["我哥哥开{b}"], ZCAR, ("{a}", "{b}")))
F.append(
    ("time", "update", "zh", ["我每天6点起床"], ["我现在7点起床", "我最近改成7点起床了"], [dict()], ("6点", "7点"))
)
F.append(("time", "update", "zh", ["站会在9点半"], ["站会改到10点了"], [dict()], ("9点半", "10点")))
F.append(("time", "unrelated", "zh", ["我每天6点起床"], ["我晚上11点睡觉"], [dict()], ("6点", "11点")))


def cases() -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for family, kind, lang, firsts, seconds, values, (old, new) in F:
        for _n, (first, second, v) in enumerate(itertools.product(firsts, seconds, values)):
            cid = f"{lang}-{family}-{kind}-{hashlib.sha1((first + second + json.dumps(v)).encode()).hexdigest()[:8]}"
            split = "test" if int(hashlib.sha1(cid.encode()).hexdigest(), 16) % 2 else "dev"
            text2 = second.format(**v)
            when = next((d for phrase, d in WHEN.items() if phrase in text2), None)
            out.append(
                {
                    "id": cid,
                    "lang": lang,
                    "family": family,
                    "kind": kind,
                    "split": split,
                    "history": [{"at": T1, "text": first.format(**v)}, {"at": T2, "text": text2}],
                    "old": old.format(**v),
                    "new": new.format(**v),
                    "valid_from": when,
                }
            )
    return out


def main() -> None:
    rows = cases()
    path = Path(__file__).with_name("cases.jsonl")
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    by: dict[tuple[object, object], int] = {}
    for r in rows:
        by[(r["lang"], r["kind"])] = by.get((r["lang"], r["kind"]), 0) + 1
    print(len(rows), by)


if __name__ == "__main__":
    main()
