"""Attribute frames: subject + slot (+ scope) + typed value, in English and Chinese.

Why frames: "production runs Go 1.24", "we use Go 1.23 in production" and
"we upgraded production to Go 1.24" fill the same slot (``version:go``, scope
``production``) of the same subject; "my sister lives in Paris" fills
``residence`` of another subject; "staging runs Go 1.24" another scope. Once
a statement is read as a frame, reconcile can decide by rule: same subject,
slot and scope with a new value supersedes; anything else does not.

Rule families (each a general pattern, named in every decision it makes):

- ``version``: "<Tool> <version>" with a use / run / upgrade cue;
- ``residence``: live / moved / relocated / based + a place (住在, 搬到);
- ``employer``: work at / joined / started at / job at + an organisation
  (在…工作, 加入, 入职, 跳槽到); ``occupation``: work as / promoted to /
  became / "I'm a" + a role (当上, 升为, 转岗做, 我是…);
- ``contact``: an e-mail address or a phone number (邮箱, 电话, 手机);
- ``count``: a number next to a noun with have / grew to (有…台, 增加到);
- ``time``: an activity and a clock time (wake up at 6, 站会改到10点);
- ``drink``: a drink with drink / have / switched to, or negated by no longer
  / stopped / gave up (喝, 改喝, 不喝…了, 戒了), scoped by the time of day;
- ``possession``: a car, phone or laptop by its brand (drive, bought, 换了);
- ``diet``: vegetarian / vegan / ... said of anyone, ended by eating again what
  it left out ("started eating fish again");
- ``work mode``: remote / hybrid / in the office ("work from home", "a hybrid
  setup", "back in the office full time");
- ``commute``: how one gets to work (car, bike, bus, train, foot ...): "commute by car",
  "cycle to work", "take the 7:40 train to work", "just cycle in" (开车上班, 坐地铁上班);
- ``shift``: the shift one works ("on the night shift", "works nights", "she's on days now");
- ``school``: a school named ("Lincoln Elementary") or by its kind ("middle
  school at Jefferson") with goes / attends / started / transferred;
- ``generic``: "my <thing> is <value>" (我的…是 / 换成了 …);
- ``correction``: sorry I meant / not X but Y / actually (说错了, 不是X是Y):
  a value whose slot is the belief it corrects (reconcile finds it).

Change cues (upgraded, moved, switched, now, no longer, 改, 换, 不再 ...) mark a
finding as an update; "from X to Y", "instead of X", "not X" name the value
it replaces; "also" / "too" / 也 / 还 make it additive (no supersession).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import datetime

from ledgermind.distill.alignment import ADDITIVE_TOO
from ledgermind.distill.bare_corrections import (
    CLOCK_ZH,
    SLIPPED_KEY_ZH,
    WRONG_SAID_AFTER_ZH,
    value_where_wrong_zh,
    wrong_said,
)
from ledgermind.distill.dates import find_time, with_date
from ledgermind.distill.findings import TITLE_PERIOD, Finding, Speaker
from ledgermind.distill.person import INTRODUCED_ZH, RELATIONS_ZH_WORDS, third_person, third_person_zh
from ledgermind.distill.text import emoji_trimmed, is_cjk
from ledgermind.distill.value_types import (
    EMAIL,
    PHONE,
    TypedValue,
    added_count_in,
    count_in,
    team_size_in,
    time_in,
    version_in,
)

__all__ = ["FAMILIES", "RELATIONS_ZH", "frame_findings", "is_occupation", "passed_on", "subject_of"]

# The families the frames read, each a finding's attribute: two of them differing are two
# attributes of a subject, whatever change a statement says.
FAMILIES = frozenset(
    ["commute", "contact", "count", "diet", "drink", "employer", "occupation", "possession", "preference"]
    + ["residence", "school", "shift", "time", "version"]
)

# --- shared lexicons ------------------------------------------------------------

_REL_EN = (
    r"sister|brother|mom|mum|mother|dad|father|parents|wife|husband|partner|girlfriend|boyfriend|"
    r"friend|best friend|boss|manager|colleague|coworker|co-worker|son|daughter|cousin|aunt|uncle|"
    r"neighbou?r|roommate|flatmate|grandma|grandmother|grandpa|grandfather|in-laws|kids|niece|nephew|"
    r"teammate|cofounder|co-founder|kid|child|fianc[eé]e?|stepson|stepdaughter|grandson|granddaughter|"
    r"grandad|granddad|gran|granny|nan|nana|nanna|stepdad|stepmum|stepmom|(?:mother|father|sister|brother)-in-law|"
    r"boy|girl|lad|eldest|youngest|oldest"
)
_REL_ZH = RELATIONS_ZH_WORDS
RELATIONS_ZH = _REL_ZH  # the relation nouns a Chinese clause may open with ("儿子学跆拳道")
RELATIONS_EN = _REL_EN  # the relation nouns "my" / "our" may name ("my daughter", "our neighbor")
_DRINKS_EN = sorted(
    (
        "coffee",
        "tea",
        "green tea",
        "black tea",
        "herbal tea",
        "chamomile tea",
        "mint tea",
        "oolong",
        "matcha",
        "espresso",
        "latte",
        "cappuccino",
        "flat white",
        "americano",
        "decaf",
        "cortado",
        "cortados",
        "macchiato",
        "mocha",
        "cold brew",
        "iced coffee",
        "water",
        "sparkling water",
        "juice",
        "orange juice",
        "milk",
        "oat milk",
        "soy milk",
        "beer",
        "wine",
        "red wine",
        "white wine",
        "whisky",
        "whiskey",
        "soda",
        "coke",
        "diet coke",
        "kombucha",
        "smoothie",
        "smoothies",
        "hot chocolate",
        "cocoa",
        "yerba mate",
        "chai",
        "lemonade",
        "protein shake",
    ),
    key=len,
    reverse=True,
)
_DRINKS_ZH = sorted(
    (
        "咖啡",
        "绿茶",
        "红茶",
        "乌龙茶",
        "花茶",
        "菊花茶",
        "普洱",
        "奶茶",
        "茶",
        "牛奶",
        "豆浆",
        "燕麦奶",
        "果汁",
        "橙汁",
        "啤酒",
        "红酒",
        "白酒",
        "可乐",
        "拿铁",
        "美式",
        "抹茶",
        "温水",
        "白开水",
        "热水",
        "蜂蜜水",
        "酸奶",
    ),
    key=len,
    reverse=True,
)
# One alternation, longest first, so "green tea" wins over "tea" in a single scan.
_DRINK_RE_EN = re.compile(r"\b(" + "|".join(re.escape(d) for d in _DRINKS_EN) + r")\b", re.IGNORECASE)
_CAR_BRANDS = (
    "toyota|honda|tesla|ford|bmw|volkswagen|vw|subaru|kia|hyundai|mazda|audi|volvo|nissan|"
    "mercedes|porsche|jeep|chevrolet|chevy|fiat|renault|peugeot|skoda|lexus|byd|polestar|mini|rivian"
)
_PHONE_BRANDS = "iphone|pixel|galaxy|samsung|oneplus|xiaomi|huawei|nokia|fairphone|motorola"
_LAPTOP_BRANDS = "macbook|thinkpad|xps|surface|chromebook|framework"
_ZH_CAR = "特斯拉|丰田|本田|比亚迪|宝马|奔驰|大众|奥迪|理想|蔚来|小鹏|吉利|长安|沃尔沃|日产|马自达"
_ZH_PHONE = "华为|小米|红米|苹果手机|(?i:iphone)|(?i:oppo)|(?i:vivo)|(?i:redmi)|荣耀|三星|一加|魅族"
_OCCUPATION = frozenset(
    [
        "accountant",
        "actor",
        "actress",
        "actuary",
        "admin",
        "administrator",
        "analyst",
        "animator",
        "architect",
        "artist",
        "assistant",
        "associate",
        "attorney",
        "auditor",
        "author",
        "babysitter",
        "baker",
        "banker",
        "barber",
        "barista",
        "barrister",
        "bartender",
        "bookkeeper",
        "broker",
        "builder",
        "butcher",
        "caregiver",
        "carpenter",
        "cashier",
        "ceo",
        "cfo",
        "chef",
        "chemist",
        "cleaner",
        "clerk",
        "coach",
        "consultant",
        "contractor",
        "coo",
        "cook",
        "coordinator",
        "counsellor",
        "counselor",
        "courier",
        "cto",
        "dancer",
        "dentist",
        "designer",
        "detective",
        "dev",
        "developer",
        "dietitian",
        "director",
        "dispatcher",
        "doctor",
        "driver",
        "editor",
        "electrician",
        "engineer",
        "entrepreneur",
        "farmer",
        "firefighter",
        "founder",
        "freelancer",
        "gardener",
        "guard",
        "hairdresser",
        "head",
        "homemaker",
        "housekeeper",
        "illustrator",
        "inspector",
        "instructor",
        "intern",
        "janitor",
        "journalist",
        "judge",
        "landscaper",
        "lawyer",
        "lead",
        "lecturer",
        "librarian",
        "lifeguard",
        "manager",
        "mechanic",
        "midwife",
        "model",
        "musician",
        "nanny",
        "nurse",
        "officer",
        "optician",
        "owner",
        "painter",
        "paralegal",
        "paramedic",
        "partner",
        "pharmacist",
        "photographer",
        "physio",
        "physiotherapist",
        "pilot",
        "planner",
        "plumber",
        "postman",
        "president",
        "principal",
        "producer",
        "professor",
        "programmer",
        "psychiatrist",
        "psychologist",
        "radiographer",
        "realtor",
        "receptionist",
        "recruiter",
        "rep",
        "representative",
        "researcher",
        "salesman",
        "salesperson",
        "saleswoman",
        "scientist",
        "secretary",
        "sergeant",
        "server",
        "singer",
        "soldier",
        "solicitor",
        "sonographer",
        "specialist",
        "sre",
        "student",
        "stylist",
        "supervisor",
        "surgeon",
        "surveyor",
        "teacher",
        "teller",
        "tester",
        "therapist",
        "trader",
        "trainer",
        "translator",
        "trucker",
        "tutor",
        "underwriter",
        "vet",
        "veterinarian",
        "volunteer",
        "vp",
        "waiter",
        "waitress",
        "welder",
        "writer",
        # ... and more lines of work said every day ("a marketing exec", "a flight attendant", "an estate agent")
        "agent",
        "attendant",
        "barmaid",
        "barman",
        "bouncer",
        "carer",
        "caretaker",
        "constable",
        "decorator",
        "dj",
        "exec",
        "executive",
        "fitter",
        "gp",
        "grocer",
        "handyman",
        "joiner",
        "labourer",
        "laborer",
        "operator",
        "plasterer",
        "porter",
        "postdoc",
        "roofer",
        "shopkeeper",
        "steward",
        "stewardess",
        "tradesman",
    ]
)
_ZH_JOB = (
    "校长",
    "总经理",
    "工程师",
    "程序员",
    "设计师",
    "经理",
    "总监",
    "主管",
    "老师",
    "教师",
    "医生",
    "护士",
    "律师",
    "会计",
    "研究员",
    "分析师",
    "架构师",
    "产品经理",
    "组长",
    "负责人",
    "总裁",
    "店长",
    "厨师",
    "司机",
    "顾问",
    # jobs of shops, offices and services, said as often
    "前台",
    "策划",
    "运营",
    "销售",
    "客服",
    "收银员",
    "导购",
    "文员",
    "出纳",
    "保安",
    "保洁",
    "快递员",
    "外卖员",
    "主播",
    "编辑",
    "记者",
    "翻译",
    "药剂师",
    "营养师",
    "助理",
    "秘书",
    "服务员",
    "理发师",
    "店员",
    "售货员",
    "公务员",
    "实习生",
)

_WORDS = re.compile(r"[a-z][a-z'-]*")
_DIGIT = re.compile(r"\d")
# What a diet leaves out, eaten again when it ends ("started eating fish again").
_LEFT_OUT = r"meat|fish|chicken|beef|pork|seafood|dairy|eggs|cheese"
# The words that name a school's kind, cues for the school frame.
_SCHOOL_WORDS = frozenset(
    ["school", "elementary", "primary", "academy", "college", "university", "kindergarten", "preschool"]
)
_CUE_WORDS_EN = (
    frozenset(
        [
            "midnight",  # a time said in a word ("in bed around midnight")
            "noon",
            "midday",
            "live",
            "lives",
            "living",
            "reside",
            "resides",
            "residing",
            "moved",
            "move",
            "moving",
            "relocated",
            "relocating",
            "relocate",
            "shifted",
            "shifting",
            "settled",
            "based",
            "staying",
            "home",
            "house",
            "work",
            "works",
            "working",
            "joined",
            "started",
            "starting",
            "first",  # "my first week at Monzo"
            "keys",  # "got the keys to a place in manchester"
            "start",
            "began",
            "job",
            "position",
            "role",
            "offer",
            "gig",
            "employer",
            "company",
            "hired",
            # how one gets to work, and the shift one works
            "shift",
            "shifts",
            "nights",
            "days",
            "lates",
            "earlies",
            "commute",
            "commutes",
            "commuting",
            "cycle",
            "cycling",
            "bike",
            "biking",
            "walk",
            "drive",
            "train",
            "bus",
            "tube",
            # an employer named by its kind ("left for a startup")
            "startup",
            "start-up",
            "firm",
            "consultancy",
            "fintech",
            "promoted",
            "became",
            "become",
            "title",
            "career",
            "careers",
            "roles",
            "jobs",
            "vegetarian",
            "vegan",
            "pescatarian",
            "keto",
            "gluten-free",
            "flexitarian",
            "meant",
            "typo",
            "misspoke",
            "correction",
            "wrong",
            "car",
            "phone",
            "laptop",
            "bike",
            "motorbike",
            "scooter",
            "computer",
            "sold",
            "replaced",
            "traded",
            "switched",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "fifteen",
            "twenty",
            "thirty",
            "fifty",
            "hundred",
            "dozen",
        ]
    )
    | frozenset(w for d in _DRINKS_EN for w in d.split())
    | frozenset(_OCCUPATION)
    | frozenset(_LEFT_OUT.split("|"))
    | _SCHOOL_WORDS
    | frozenset(["rent", "rents", "renting", "rented", "purchased", "remotely", "remote", "hybrid", "office", "wfh"])
    | frozenset((_CAR_BRANDS + "|" + _PHONE_BRANDS + "|" + _LAPTOP_BRANDS).split("|"))
)

# --- cues --------------------------------------------------------------------------

_CHANGE_EN = re.compile(
    r"\b(?:upgraded|updated|bumped|moved|migrated|switched|changed|relocated|transferred|converted|"
    r"replaced|swapped|traded|sold|joined|left|quit|became|become|promoted|grew|increased|decreased|"
    r"dropped|went|rolled|now|no longer|not any ?more|stopped|gave up|given up|these days|nowadays|"
    r"anymore|any more|new|started|starting|got|bought|adopted|cut out|instead)\b",
    re.IGNORECASE,
)
_CHANGE_ZH = re.compile(
    r"升级|升到|升至|升为|更新|换|改|迁移|切换|搬|跳槽|入职|加入|离职|辞职|现在|如今|最近|不再|戒|"
    r"已经|变成|增加|涨到|扩到|减少|降到|当上|晋升|新"
)
_REPLACED_EN = re.compile(
    r"\b(?:upgraded|updated|bumped|moved|migrated|switched|changed|relocated|transferred|converted|replaced|"
    r"swapped|traded|sold|left|quit|no longer|not any ?more|stopped|gave up|given up|anymore|any more|instead)\b",
    re.IGNORECASE,
)
_ADDITIVE_EN = re.compile(r"\b(?:also|" + ADDITIVE_TOO + r"|as well|in addition)\b", re.IGNORECASE)
_ADDITIVE_ZH = re.compile(r"也|还(?:会|喜欢|喝)")
_CORRECTION_EN = re.compile(
    r"\b(?:i|we)\s+meant\b|\bmisspoke\b|\btypo\b|^correction\b|\bi (?:got|had) (?:that|it|this) wrong\b|\bi made a (?:mistake|typo)\b|"
    r"\bwrong (?:name|number|date|day|time)\b|\bauto-?correct(?:ed)?\b|^(?:a )?(?:small|quick|tiny|minor) (?:fix|correction)\b|"
    r"\bi mis(?:remembered|spelled|spelt)\b|"
    r"\bnot\s+(?!just\b|only\b|really\b|much\b|easy\b)[^,.;]{1,30}?,?\s+but\s+(?:in\s+|at\s+)?(?-i:(?!I\b)[A-Z0-9])|"
    r",\s+not\s+(?!just\b|only\b|really\b)[^,;]{1,30}[.!]?$",
    re.IGNORECASE,
)
_CORRECTION_ZH = re.compile(
    r"不对|说错了|说错|更正|纠正|我是说|我的意思是|应该是|其实是|搞错了|记错了|弄错了|(?:打|写)错(?:字)?了|算错了|口误|"
    + SLIPPED_KEY_ZH
    + r"|"
    r"不是.{1,12}?[，,]?(?:而)?是"
)
_FROM_TO_EN = re.compile(r"\bfrom\s+(.+?)\s+(?:to|over to|onto|for)\s+", re.IGNORECASE)
# a value up to punctuation, keeping "3.12", "a@b.com" and "Dr. Alvarado" whole
_W = r"((?:[^,.;]|\.(?=\w)|" + TITLE_PERIOD + r")+)"
_INSTEAD_EN = re.compile(r"\binstead of\s+" + _W, re.IGNORECASE)
_NOT_BUT_EN = re.compile(r"\bnot\s+((?:[^,.;]|\.(?=\w))+?),?\s+but\s+(?:in\s+|at\s+)?" + _W, re.IGNORECASE)
_MEANT_NOT_EN = re.compile(
    r"\b(?:meant|it's|it is|it was|that's|that was|is|was|actually)\s+(?:in\s+|at\s+)?((?:[^,;]|\.(?=\w))+?),?\s+"
    r"not\s+(?:in\s+|at\s+)?" + _W,
    re.IGNORECASE,
)
# "it's Spanish I teach": the value is put first, not the speaker and the verb said after it
_CLEFT_REST_EN = re.compile(r"\s+(?:that\s+)?(?:i|we|i'm|we're|i am)\s.*$", re.IGNORECASE)
_MEANT_EN = re.compile(r"\b(?:i|we)\s+meant\s+(?:to say\s+)?(?:that\s+)?(?:in\s+|at\s+)?" + _W, re.IGNORECASE)
# What one forgot to tell, before what one tells ("oh i should say i have celiac", "forgot to
# mention, my wife is ..."): a lead-in, not the speaker's duty to say something.
FORGOT_TO_SAY_EN = (
    r"(?:i )?(?:should(?:'ve| have)? (?:say|said|mention|mentioned|add|added)|forgot to (?:say|mention|tell you)|"
    r"should (?:probably |also )?(?:say|mention|add))(?: that)?"
    # before a clause of its own only, not what one forgot ("forgot to say my lines")
    r"(?=,\s*\S|\s+(?:i|we)\b|\s+(?:my|our)\s+[\w'-]+(?:\s+[\w'-]+)?\s+(?:is|are|was|were|has|have|had|just|got|"
    r"works|lives|does|doesn't|can't|won't|isn't|hates|loves)\b)"
)
# How news is announced before it is told ("please note that ...", "long story short,", "ok dont
# laugh but ..."): a formula to the listener, no part of the statement ("change of plans" stays:
# it says what it replaces).
# News announced before it is told, in Chinese ("跟你说个事，……", "告诉你个好消息：……")
NEWS_FORMULA_ZH = r"(?:跟你说|告诉你|和你说)个?(?:事儿?|好消息|消息)?|说个(?:事儿?|好消息|消息)"
NEWS_FORMULA_EN = (
    r"please note(?: that)?|(?:please )?be advised(?: that)?|for your information|"
    r"just (?:to let you know|letting you know|a heads up)(?: that)?|long story short|"
    r"(?:don'?t|do not) (?:laugh|judge(?: me)?|hate me|be mad|freak out|kill me)(?: but)?|no judg(?:e)?ment(?: but)?|"
    # news said with its surprise first ("can't believe she's a first grader now")
    r"(?:i )?(?:still )?(?:can'?t|cannot) believe(?: it but| that)?(?= (?:she|he|they|it|we|i|my|our|the)\b)"
)
_LEAD_EN = re.compile(
    r"^(?:(?:quick update|update|fyi|btw|by the way|just so you know|heads up|news|oh|ok|okay|so|well|also|"
    + FORGOT_TO_SAY_EN
    + r"|"
    + NEWS_FORMULA_EN
    + r"|"
    r"yes|yeah|yep|yup|"
    r"and|hey|hi|anyway|good news|big news|small update|correction|sorry|oops|my bad|wait|no(?!\s+(?:longer|more|one|way)\b)|actually|"
    r"(?:small|quick|tiny|minor) fix|wrong (?:name|number|date|day|time)|auto-?correct(?:ed)?|"
    r"i meant(?= (?:she|he|they|it|we|i|my|our|the)\b))"
    r"\b[\s,:;!.—-]*)+",
    re.IGNORECASE,
)
_LEAD_ZH = re.compile(
    r"^(?:(?:更新一下|更新|顺便说一下|顺便说|对了|另外|"
    + NEWS_FORMULA_ZH
    + r"|好消息|哦|嗯|啊|哈{2,}|呵{2,}|哎|唉|嘿|哇|不对|说错了|等等|等一下|"
    r"更正一下|更正|纠正一下|抱歉|不好意思|我?记错了|我?弄错了|我?打错了)[，,：:！!。 ]*)+"
)
# A move to a place typed in lower case ("we moved to portland in march"): a word or two after
# "moved to" with no determiner, before the sentence ends or says when (not "moved to help",
# "moved to a new flat", "moved to day shifts"). Read only where no capitalised place was found.
_MOVED_TO_LOWER_EN = re.compile(
    r"\b(?:moved|relocated)\s+(?:back\s+|over\s+|out\s+|down\s+|through\s+|across\s+)?to\s+"
    r"(?P<v>(?!(?:a|an|the|my|our|his|her|their|this|that|another|be|live|work|stay|study|get|see|help|join|take|"
    r"start|find|go|do|make|care|look|keep|save|spend|focus|part|full|remote|hybrid|weekly|daily|monthly)\b)"
    # a time or a work moved to ("day shifts", "nights", "the sales team") is no place
    r"(?!(?:[a-z]+\s+)?(?:shifts?|days?|nights?|mornings?|evenings?|afternoons?|weekends?|weekdays?|hours|team|"
    r"office|plan|tier|grade|class|school|level|version|floor|room|desk)\b)[a-z]{3,}"
    r"(?:\s+(?!(?:last|this|next|with|for|and|because|after|before|since)\b)[a-z]{3,})?)"
    r"(?=\s*(?:$|[,.;!]|(?:in|on|last|this|back|recently|yesterday|and|so|because|for|with|a (?:week|month|year)|"
    r"\d+|two|three|four|few|several)\b))"
)
# The keys to a new home, its place typed in lower case ("got the keys to a place in manchester").
_KEYS_TO_LOWER_EN = re.compile(
    r"\b(?:got|picked up|collected)\s+(?:the|our|my)\s+keys\s+(?:to|for)\s+(?:a|an|the|our|my)\s+(?:[a-z-]+\s+){0,2}?"
    r"(?:flat|apartment|house|place|home|condo|studio|cottage)\s+in\s+"
    r"(?P<v>[a-z]{3,}(?:\s+(?!(?:last|this|next|with|for|and|because|after|before|since|now)\b)[a-z]{3,})?)"
    r"(?=\s*(?:$|[,.;!]|(?:and|so|now|finally|last|this|yesterday|on(?!\s+behalf))\b))"
)
# A new home moved into, its place typed in lower case ("moved into a studio in sacramento on the 1st").
_MOVED_INTO_LOWER_EN = re.compile(
    r"\b(?:moved|relocated)\s+(?:in)?to\s+(?:a|an|the|our|my)\s+(?:[a-z0-9-]+\s+){0,2}?"
    r"(?:flat|apartment|house|place|home|condo|studio|cottage|bungalow|townhouse|[a-z0-9]+-bed(?:room)?)\s+in\s+"
    r"(?P<v>(?!(?:the|a|an|my|our|his|her|their|town|there|here|march|may|june|july|august)\b)[a-z]{3,}"
    r"(?:\s+(?!(?:last|this|next|with|for|and|because|after|before|since|now|on|near|closer)\b)[a-z]{3,})?)"
    r"(?=\s*(?:$|[,.;!]|(?:and|so|now|finally|last|this|yesterday|near|closer|with|on(?!\s+behalf))\b))"
)
_CLAUSES_EN = re.compile(r"\s*[;,]\s*(?!\d)|\s+[-–—]\s+|\s+but\s+|\s+while\s+|\s+whereas\s+", re.IGNORECASE)
_CLAUSES_ZH = re.compile(r"[，,；;]\s*|但是|不过")

# --- English frames ------------------------------------------------------------------

_CAP = r"[A-Z\u00C0-\u024F][\w'’.&-]*"
_PLACE = rf"((?:the\s+)?{_CAP}(?:\s+(?:{_CAP}|de|del|la|le|am|upon|on|sur|of)\b)*)"
# ... with the kind of place said after its name in lower case ("St Thomas' hospital")
_ORG = (
    rf"({_CAP}(?:\s+(?:{_CAP}|&|of|and))*"
    r"(?:\s+(?:hospital|clinic|school|university|college|library|surgery|pharmacy|hotel|museum|airport|academy|restaurant|cafe|café|bar|pub|shop|store|salon|gym|garage|bakery|studio|office|agency|bank|centre|center))?)"
)
_RESIDENCE_EN = re.compile(
    r"\b(?:live|lives|living|reside|resides|residing|moved|move|moving|relocated|relocating|relocate|shifted|shifting|"
    r"settled|based|staying|home is(?: now)?|house is(?: now)?|moved back|moved out|"
    # the keys to a new home ("we got the keys to a place in manchester")
    r"(?:got|picked up|collected)\s+(?:the|our|my)\s+keys)\s+"
    r"(?:back\s+|over\s+|out\s+|here\s+|now\s+|permanently\s+|full-time\s+|all the way\s+|"
    # "moved down to Busan", "moved through to Edinburgh" (not a step: "moved down to Level 2")
    r"(?:down|through|across)\s+(?=to\s+(?!(?:level|year|grade|set|division|league|group|tier|band)\b)))?"
    r"(?:from\s+[^,;]+?\s+)?"
    # (with whom said before where: "staying with my parents in Pune")
    r"(?:with\s+(?:my|our)\s+[a-z]+(?:\s+[a-z]+)?\s+)?(?:to|in|into|at)\s+"
    # "live in a tiny flat in Leeds": the home described, then the place
    r"(?:(?:a|an|the|our|my)\s+(?:[a-z-]+\s+){0,3}?(?:flat|apartment|house|studio|condo|place|room|bungalow|cottage)"
    r"\s+(?:in|near)\s+)?"
    + _PLACE
    # "we rent a two-bedroom in Pittsburgh", "closed on a house in Sewickley ... and moved in": the
    # home rented, or bought and moved into (a house bought alone may be let or a second home)
    + r"|\b(?:rent|rents|renting|(?:bought|closed on|purchased)(?=.*\bmov(?:ed|ing) in\b))\s+(?:a|an|the|our|my)\s+"
    r"(?:[a-z-]+\s+){0,2}?"
    r"(?:flat|apartment|house|home|studio|condo|place|bungalow|cottage|townhouse|[a-z0-9]+-bed(?:room)?)\s+in\s+"
    + _PLACE
    # "our new place in York is lovely": the home the speaker has now, said new
    + r"|\b(?:our|my)\s+new\s+(?:flat|apartment|house|home|place|studio|condo|pad)\s+in\s+"
    + _PLACE
)
_EMPLOYER_EN = re.compile(
    r"\b(?:(?:work|works|working)\s+(?:(?:now|fully|mostly|remotely|remote|from home|full-time|part-time)\s+){0,2}(?:at|for)|joined|(?:started|starting|start|began)\s+"
    r"(?:a\s+new\s+(?:job|role|position)\s+|working\s+|work\s+)?(?:at|with|for)|"
    # the first days of a new job ("just finished my first week at Monzo")
    r"(?:first|1st)\s+(?:day|week|month)\s+(?:at|with)|(?:job|position|role|offer|"
    r"gig)\s+(?:is\s+(?:now\s+)?)?(?:at|with)|(?:employer|company)\s+is(?:\s+now)?|hired\s+by|(?:I'm|I am|we're|we are)\s+(?:now\s+)?"
    # (a workplace named with its article, first days only: "started at the Sainsbury's on the quayside")
    r"(?:at|with)|moved\s+(?:over\s+)?to\s+(?:a\s+job\s+at)?|(?:started|began)\s+(?:work\s+|working\s+)?at\s+the(?=\s+[A-Z]))\s+"
    + _ORG
)
# Hired somewhere named without a capital ("got hired at the hospital", "landed a job at a
# bakery"): the place is the employer only after a word of hiring, never after "work at"
# ("work at the front desk" says where, not for whom).
_HIRED_EN = re.compile(
    r"\b(?:hired\s+(?:at|by)|(?:got|landed|took|accepted|found)\s+a\s+(?:new\s+)?job\s+(?:at|with))\s+"
    r"(?:the|a|an)\s+([a-z][a-z-]*(?:\s+(?!(?:and|but|so|as|in|on|for|now|last|this)\b)[a-z][a-z-]*)?)\b"
    # joined or left for an employer named by its kind ("left for a startup", "joined a law firm");
    # not a club, a gym or a choir, which one joins without working there
    r"|\b(?:joined|left\s+for|moved\s+to|jumped\s+(?:ship\s+)?to|went\s+to\s+work\s+(?:at|for))\s+(?:the|a|an)\s+"
    r"((?:[a-z-]+\s+){0,2}?(?:startup|start-up|company|firm|bank|agency|consultancy|hospital|clinic|nonprofit|"
    r"non-profit|charity|university|council|fintech|newspaper|publisher|airline|retailer))\b"
    # a first day said "started at" a workplace by its kind ("just started at a GP surgery"; not
    # "started at the company in 2019", which names none, nor "at the hotel at 9", a time)
    r"|\bstarted\s+(?:work\s+|working\s+)?(?:at|with)\s+(?:a|an)\s+(?:new\s+)?"
    r"((?:[\w-]+\s+){0,2}?(?:startup|start-up|company|firm|bank|agency|consultancy|hospital|clinic|nonprofit|"
    r"non-profit|charity|university|council|fintech|newspaper|publisher|airline|retailer|surgery|practice|"
    r"pharmacy|bakery|restaurant|warehouse|factory|lab|laboratory|studio|hotel))\b"
    r"(?![^,.;]*\b(?:at|by|around)\s+\d)"
)
# Where the work is done: remote, hybrid or in the office ("I work remotely", "switched to a
# hybrid setup", "back in the office full time", "in the office three days a week").
_WORK_MODE_EN = re.compile(
    r"\bwork(?:s|ing)?\s+(?:fully\s+|mostly\s+|now\s+)?(?:remotely|remote|from home)\b"
    r"|\b(?:fully\s+)?remote\s+(?:job|role|position|worker|now)\b|\bwfh\b"
    r"|\bhybrid\s+(?:setup|schedule|arrangement|role|job|model|work)\b"
    r"|\b(?:back\s+)?in\s+the\s+office\s+(?:full[- ]time|every day|five days|(?:\d|two|three|four)\s+days)"
    # "so it's hybrid now", "we've gone hybrid"; called back in for some days ("dragging everyone
    # back in 3 days a week", "making us go into the office three days a week")
    r"|\b(?:it's|it is|we're|we are|i'm|i am|gone|went|going|now)\s+(?:fully\s+)?hybrid\b"
    r"|\b(?:back\s+in|(?:go|goes|going|come|coming)\s+(?:in(?:to)?|into\s+the\s+office))\s+(?:\d|two|three|four)\s+days\b",
    re.IGNORECASE,
)
# How one gets to work: by a mode said after "commute by", by a verb of going with "to work"
# or "in" ("cycle to work", "I just cycle in"), or a vehicle taken to work ("the 7:40 train").
_MODES = r"car|bus|train|bike|bicycle|foot|tube|subway|metro|tram|ferry|scooter|motorbike|e-bike|ebike"
_COMMUTE_EN = re.compile(
    r"\bcommut(?:e|es|ed|ing)\s+(?:is\s+)?(?:by|on|via)\s+(?:the\s+|my\s+|a\s+)?(?P<mode>" + _MODES + r")\b"
    r"|\b(?P<verb>drive|drives|driving|drove|cycle|cycles|cycling|cycled|bike|bikes|biking|biked|walk|walks|"
    r"walking|walked)\s+(?:(?:to|in\s+to|into)\s+(?:work|the\s+office)\b|in\b(?=\s*(?:[,.;!]|$|now\b|these\s+days\b|instead\b|(?:most|every)\s+days?\b)))"
    r"|\b(?:take|takes|taking|took|get|gets|getting|catch|catches|catching|ride|rides|riding)\s+(?:the|a|my)\s+"
    r"(?:[\d:]+\s+|\w+\s+)?(?P<vehicle>" + _MODES + r")\s+(?:to|in\s+to|into)\s+(?:work|the\s+office)\b"
    # a way of getting in taken up as a habit ("been taking the metro since someone nicked my bike"):
    # said alone, or with since when; never where to ("... the train to visit my mom")
    r"|^(?:(?:I|I've|I have|we've|we have)\s+)?(?:been|started)\s+(?:taking|catching|getting)\s+the\s+(?P<taken>"
    + _MODES
    + r")"
    r"(?=\s*(?:$|[,.;!]|since\b|to\s+work\b|in\s+to\s+work\b))",
    re.IGNORECASE,
)
# The shift one works: "on the night shift", "works night shifts", "on days now", "Day shift
# starting this week"; not "on days when it rains" or "days off".
_SHIFT_EN = re.compile(
    r"(?:\b(?:on|working|work|works|doing|do|pulling|pull)\s+(?:the\s+)?|^)"
    r"(?P<kind>night|day|early|late|morning|evening|afternoon|graveyard|overnight)\s+shifts?\b"
    r"|\b(?:on|onto|working|work|works|doing|moved (?:me|us|the user) (?:on)?to|switched (?:me|us|the user) to)\s+"
    r"(?P<plural>nights|days|lates|earlies)\b"
    r"(?!\s+(?:off|of|when|where|a|per|each|every|in)\b)",
    re.IGNORECASE,
)
# What makes a way of going one of the moment: for now, for a trip, on some days, because of a
# passing cause
_FOR_A_WHILE_EN = re.compile(
    r"\b(?:for now|for the (?:last|past) (?:week|few days)|this week|today|tonight|until|till|temporar\w*|"
    r"weekends?|saturdays?|sundays?|trip|holiday|vacation|visit|knee|ankle|back on|for a bit|for a while|shop|garage|"
    r"repairs?|snow\w*|ice|icy|roadworks|strikes?|kid|child|school)\b",
    re.IGNORECASE,
)
# A place stayed at for a while, not lived in ("the keys to a cottage in devon, holiday week!")
_STAY_EN = re.compile(
    r"\b(?:holiday|vacation|trip|check-?in|airbnb|hotel|for the (?:week|weekend|summer|month)|\w+ week trip|"
    r"getaway|staycation|rental for)\b",
    re.IGNORECASE,
)
_COMMUTE_VERBS = {"driv": "car", "drov": "car", "cycl": "bike", "bike": "bike", "biki": "bike", "walk": "foot"}
_COMMUTE_ZH = re.compile(
    r"(?P<mode>开车|骑车|骑自行车|骑电动车|骑电瓶车|骑小?电驴|骑小电动|坐地铁|坐公交车?|坐火车|坐高铁|打车|走路|步行)(?:去)?(?:上班|通勤)"
    # how the speaker gets in now, said by how long it takes ("现在骑小电驴十分钟到")
    r"|(?:现在|每天|平时|天天)(?:都|就)?(?P<now>开车|骑车|骑自行车|骑电动车|骑电瓶车|骑小?电驴|骑小电动|坐地铁|坐公交车?|打车|走路|步行)"
    r"[^，,。！!]{0,6}?到(?:公司|单位)?(?=[，,。！!]|$)"
)
# Said before how one goes: a time past or one day, a condition ("以前每天坐公交通勤", "下雨天就打车通勤")
_NOT_HOW_ONE_GOES_ZH = re.compile(
    r"以前|之前|原来|那时|今天|昨天|前天|周末|有时|偶尔|下雨|下雪|如果|要是|万一|限号|出差|这几天|这两天|这两周|这周|"
    r"过年|老家|放假|扭了|生病|的人|那会儿|那阵子|那时候|刚工作|前年|去年|\d{4}年|实习|打算|想|很多人|大家|同事"
)
_COMMUTE_MODES_ZH = {
    "开车": "car",
    "骑": "bike",
    "坐地铁": "subway",
    "坐公交": "bus",
    "坐火车": "train",
    "坐高铁": "train",
    "打车": "taxi",
    "走路": "foot",
    "步行": "foot",
}


def _commute(clause: str, sentence: str = "") -> tuple[str, str] | None:
    """How the clause says one gets to work (``car``, ``bike``, ``bus`` ...) and the
    words that say it; None when it says nothing of it."""
    if is_cjk(clause):
        m = _COMMUTE_ZH.search(clause)
        if m is None:
            return None
        if (m.group("now") or m.group(0).endswith("通勤")) and _NOT_HOW_ONE_GOES_ZH.search(sentence or clause):
            return None  # "今天下雨，现在打车十分钟到", "以前每天坐公交通勤": not how one goes now
        mode = next(v for k, v in _COMMUTE_MODES_ZH.items() if (m.group("mode") or m.group("now")).startswith(k))
        return mode, m.group(0)
    m = _COMMUTE_EN.search(clause)
    if m is None:
        return None
    if m.group("verb"):
        mode = _COMMUTE_VERBS[m.group("verb").lower()[:4]]
    else:
        if m.group("taken") and _FOR_A_WHILE_EN.search(sentence or clause):
            return None  # "been getting the bus for the last week because of my knee": for now
        mode = (m.group("mode") or m.group("vehicle") or m.group("taken")).lower()
    mode = {"bicycle": "bike", "e-bike": "bike", "ebike": "bike", "subway": "subway", "metro": "subway"}.get(mode, mode)
    return mode, m.group(0)


# A school, named ("Lincoln Elementary", "Jefferson Middle School", "St. Anne's Academy") or
# after its kind ("middle school at Jefferson"), where someone goes, starts or transfers.
_SCHOOL_KIND = (
    r"(?:Elementary|Primary|Middle|High|Secondary|Prep|Academy|College|University|School|Kindergarten|Preschool)"
)
_SCHOOL_GOING_EN = re.compile(
    r"\b(?:goes|go|going|attends?|attending|start(?:s|ed|ing)?|enrolled|transferred|switched|moved|"
    r"(?:is|'s|are|am|'m)\s+(?:now\s+)?(?:at|in))\b",
    re.IGNORECASE,
)
_SCHOOL_NAMED_EN = re.compile(
    r"((?:St\.\s+)?[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2}\s+" + _SCHOOL_KIND + r"(?:\s+School)?)\b"
)
_SCHOOL_AT_EN = re.compile(
    r"\b(?:elementary|primary|middle|high|secondary|prep)\s+school\s+(?:at|in)\s+([A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})"
)
_ROLE = r"([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,3})"
_OCCUPATION_EN = re.compile(
    r"\b(?:work(?:s|ing)?\s+as|promoted\s+to|became|become|I'm\s+now|I\s+am\s+now|I'm|I\s+am|"
    r"(?:[Ss]he|[Hh]e)(?:'s|\s+is)(?:\s+now)?|(?:[Mm]y|[Oo]ur)\s+[a-z]+\s+is(?:\s+now)?|"
    r"(?:role|title|job title|position|job)\s+is(?:\s+now)?|(?:switched|moved|changed)\s+(?:careers?\s+|roles?\s+|"
    r"jobs?\s+)?(?:to|into)|(?:joined|started)\s+[^,;]*?\s+as|now\s+(?:a|an))\s+(?:an?\s+|the\s+)?" + _ROLE,
)
_PHONE_CUE_EN = re.compile(r"\b(?:phone|number|mobile|cell|reach me|call me|whatsapp|tel|sim)\b", re.IGNORECASE)
_VERSION_CUE_EN = re.compile(
    r"\b(?:use|uses|using|used|run|runs|running|on|upgraded|updated|moved|migrated|switched|bumped|"
    r"rolled|deployed|now|stack|version|upgrade|update|is|are|pinned|shipped|shipping|released|launched|went out)\b",
    re.IGNORECASE,
)
# A count is stated right after its verb ("we have 3 servers", "grew to 12 engineers"),
# not anywhere in the clause ("one of my faves", "two weekends ago").
_COUNT_CUE_EN = re.compile(
    r"\b(?:have|has|own|owns|run|runs|grew to|grown to|increased to|up to|down to|total of|employ|employs|"
    r"manage|manages|reached|dropped to|stands at|hit|passed|crossed|"
    # "the startup is at 20 employees": a count said as where the number stands
    r"(?:is|are|'s|'re)\s+(?:now\s+)?at)\s+(?:about\s+|around\s+|nearly\s+|over\s+|now\s+|only\s+|just\s+)?"
    r"(?=\S+\s+[a-z])",
    re.IGNORECASE,
)
_ACTIVITY_EN = re.compile(
    r"\b(wake up|woke up|waking up|get up|getting up|go to bed|going to bed|go to sleep|start work|start working|"
    # bedtime said in other words ("lights out by 10:30", "asleep by 11", "in bed by ten")
    r"lights out|lights-out|bedtime|asleep(?= (?:by|around))|in bed(?= (?:by|around))|hit the (?:sack|hay)|"
    # ... or by how it feels ("crashing by 10:30 since the baby came", "out cold by 11")
    r"(?:crash|crashing|conk out|conking out|pass out|passing out|fall asleep|falling asleep|out cold)(?= (?:by|around))|"
    r"finish work|leave work|go to the gym|hit the gym|work out|go running|go for a run|run|have dinner|"
    r"eat dinner|have lunch|have breakfast|standup|stand-up|stand up|daily|meeting|sync|class|shift|practice|"
    r"lesson|appointment|school run|commute)\b[^,;]*?\b(?:at|to|around|by|is|starts|begins)\b",
    re.IGNORECASE,
)
_FALLING_ASLEEP = ["crash", "crashing", "conk out", "conking out", "pass out", "passing out"]
_FALLING_ASLEEP += ["fall asleep", "falling asleep"]  # bed said by how it comes
_BED_SAID_OTHERWISE = frozenset(
    ["lights out", "lights-out", "bedtime", "asleep", "in bed", "hit the sack", "hit the hay", "out cold"]
    + _FALLING_ASLEEP
)
_MY_BEDTIME = re.compile(
    r"^(?:(?:so|and|but|now|these days|lately|usually|normally|since \w+(?: \w+){0,4},?)\s+)*"
    r"(?:i|i'm|i am|i've|i have|we|we're|we've|my bedtime|lights out (?:by|at|around)\s+\d|in bed|asleep|"
    r"(?:been\s+)?(?:crashing|conking out|passing out|falling asleep)(?= (?:by|around)))\b"
    r"(?![^.;]*\b(?:was|were|during)\b)",
    re.IGNORECASE,
)
_ACTIVITY_NAMES = {
    "woke up": "wake up",
    "waking up": "wake up",
    "get up": "wake up",
    "getting up": "wake up",
    "going to bed": "go to bed",
    "lights out": "go to bed",
    "lights-out": "go to bed",
    "bedtime": "go to bed",
    "asleep": "go to bed",
    "in bed": "go to bed",
    "hit the sack": "go to bed",
    "hit the hay": "go to bed",
    **{said: "go to bed" for said in [*_FALLING_ASLEEP, "out cold"]},
    "go to sleep": "go to bed",
    "stand-up": "standup",
    "stand up": "standup",
    "start working": "start work",
    "hit the gym": "go to the gym",
    "work out": "go to the gym",
    "go for a run": "go running",
    "run": "go running",
    "eat dinner": "have dinner",
}
_DRINK_CUE_EN = re.compile(
    r"\b(?:drink|drinks|drinking|have|having|switched|moved|start my day with|cup of|mug of|glass of|"
    r"gave up|given up|quit|stopped|cut out|onto|prefer|prefers|love|loves|like|likes|enjoy|enjoys|"
    r"go for|stick to|sticking to|for me|drink is|order|ordering|sip|living on|no longer)\b",
    re.IGNORECASE,
)
_LIKING_EN = re.compile(r"\b(?:like|likes|love|loves|enjoy|enjoys|prefer|prefers|adore|adores|fan of)\b", re.IGNORECASE)
_CONSUMING_EN = re.compile(
    r"\b(?:drink|drinks|drinking|have|having|had|cup of|mug of|glass of|switched|moved|"
    r"onto|start my day with|order|sip|quit|stopped|gave up)\b",
    re.IGNORECASE,
)
_NEGATION_EN = re.compile(
    r"\b(?:no longer|not anymore|not any more|don't|do not|doesn't|stopped|quit|gave up|given up|cut out|"
    r"off|never|not drinking|no more|won't)\b",
    re.IGNORECASE,
)
_DAYPART_EN = re.compile(
    r"\b(morning|mornings|evening|evenings|night|nights|afternoon|afternoons|breakfast|lunch|dinner|"
    r"bedtime|weekend|weekends|work|office)\b",
    re.IGNORECASE,
)
_DIET_EN = re.compile(
    # ... or said first with how strictly ("mostly vegetarian, I still eat fish sometimes")
    # ("we've been vegan for six years", "we're vegan": a diet held, not one given up: "had been vegan")
    r"(?:\b(?:I'm|I am|is|'s|are|'re|(?<!had )(?<!'d )been|became|went|gone|turned|now|eat|eating|going)\s+"
    r"|^(?=(?:mostly|mainly|strictly)\s))"
    r"(?:now\s+|fully\s+|mostly\s+|mainly\s+|strictly\s+|a\s+)?"
    r"(vegetarian|vegan|pescatarian|keto|gluten-free|flexitarian|plant[- ]based)\b",
    re.IGNORECASE,
)
# Eating again what a diet left out ("started eating fish again", "back to eating meat"):
# the diet that kept it out has ended, and this is what is eaten now.
_DIET_LEFT_EN = re.compile(
    r"\b(?:started|start|began|back to|went back to|gone back to)\s+eating\s+(?P<started>" + _LEFT_OUT + r")\b"
    r"|\beat(?:s|ing)?\s+(?P<again>" + _LEFT_OUT + r")\b(?=[^.;]*\b(?:again|now|these days)\b)",
    re.IGNORECASE,
)
_THING_EN = re.compile(
    r"\b(?:(" + _CAR_BRANDS + r")|(" + _PHONE_BRANDS + r")|(" + _LAPTOP_BRANDS + r"))\b"
    r"((?-i:(?:\s+(?:(?!I\b|I')[A-Z0-9][\w+-]*|[Pp]ro|[Mm]ax|[Pp]lus|[Mm]ini|[Aa]ir|[Uu]ltra)){0,3}))",
    re.IGNORECASE,
)
# A car named by its model after the speaker's "drive" ("I drive a Golf", "we drive an old Corolla")
_DRIVEN_EN = re.compile(
    r"\b(?:I|we)\s+(?:(?:still|now|currently|usually)\s+)?drive\s+(?:a|an|our|my)\s+(?:(?:new|used|old|little|\d{4})\s+)*"
    r"(?P<car>(?!(?:Uber|Lyft|Bolt|Ola|Taxi|Cab|Bus|Truck|Van|Forklift|Lot|Bit)\b)(?-i:[A-Z][\w-]*)"
    r"(?:\s+(?-i:[A-Z0-9][\w-]*)){0,2})"
    # said as what the speaker drives, with nothing after it: not "for DPD", "on the farm", "when ..."
    r"(?=\s*(?:now|these days|atm|at the moment|nowadays)?\s*(?:$|[,.;!]))",
    re.IGNORECASE,
)
_NOT_OWNED_EN = re.compile(
    r"\b(?:rent(?:ed|ing|s)?|borrow(?:ed|ing|s)?|hired|test[- ]?dr(?:ove|ive|iving)|loaner|courtesy)\b", re.IGNORECASE
)
_THING_NOUN_EN = re.compile(r"\b(car|phone|laptop|bike|motorbike|scooter|computer)\b", re.IGNORECASE)
_GENERIC_EN = re.compile(
    r"\b(?:my|our)\s+((?:new\s+|current\s+|favou?rite\s+|usual\s+|main\s+|home\s+|daily\s+)?[a-z][a-z-]*"
    r"(?:\s+[a-z][a-z-]*){0,2}?)\s+(?:is|are|has changed to|changed to|moved to|is now|are now)\s+"
    r"(?:now\s+|still\s+)?(.+)",
    re.IGNORECASE,
)
_GIVEN_TO_EN = re.compile(
    r"\b(?:got|bought|gave|gifted|ordered|getting|buying)\s+(?:my|our)\s+("
    + _REL_EN
    + r")\s+(?:(?:a|an|the|her|his)\s+)?"
    r"(?:(?:new|first|second-hand|secondhand|used|refurbished|old)\s+)?$",
    re.IGNORECASE,
)
_THE_REL_EN = re.compile(r"\s*the\s+(" + _REL_EN + r")s?\b(?!'s)", re.IGNORECASE)
_SUBJECT_REL_EN = re.compile(r"\b(?:my|our)\s+(" + _REL_EN + r")\b(?:'s)?", re.IGNORECASE)
# A capitalised first word as a person's name; not an event given its time ("Standup is at
# 9:30", "Practice is on Tuesdays"): a sentence's first word is capitalised whatever it is.
_SUBJECT_NAME_EN = re.compile(
    # (not a doing put first: "Freelancing has gone full-time")
    r"^(?![A-Z][a-z]+ing\s+(?:has|'s)\s+(?:gone|become|turned)\b)"
    # (not a word of when or how put first, its subject dropped: "Finally got the mortgage moved")
    r"(?!(?:Finally|Just|Recently|Also|Still|Actually|Anyway|Apparently|Honestly|Today|Yesterday|Then|Already|"
    r"Never|Always|Only|Lately|Luckily|Sadly|Officially|Eventually|Basically|Literally|Totally)\b)"
    r"(?:[A-Z][a-z]+)(?=\s+(?:(?:also|still|now|just|finally|recently)\s+)?(?:works|lives|moved|joined|is|has|uses|"
    r"drinks|got|started|teaches|studies|volunteers|plays|coaches|owns|drives|takes|left|quit|retired|graduated|"
    r"married|switched|transferred|relocated|found|landed|accepted|bought|sold|rents|settled)\b)"
    r"(?!\s+(?:is|was)\s+(?:at|on|from|every)\s+(?:\d{1,2}(?:[:.]\d{2})?(?:\s*(?i:am|pm))?(?![\w:])(?!\s+[A-Z])|noon|midnight|(?i:(?:monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday|weekday|weekend)s?)\b))"
)
_SCOPE_EN = re.compile(
    r"\b(production|prod|staging|development|dev|test|testing|qa|ci|local|laptop|desktop)\b(?:\s+(?:environment|"
    r"env|cluster|servers?))?|\b(?:the|our|my)\s+([a-z][a-z-]*\s+)?(service|app|cluster|backend|frontend|api|"
    r"pipeline|project|repo|website|site|monolith|worker|team)\b",
    re.IGNORECASE,
)
_SCOPE_NAMES = {"prod": "production", "development": "dev", "testing": "test"}
# A day or a time ("moved to Thursdays", "moved to 9am", "moved to next week"): when, never where.
_WHEN_EN = re.compile(
    r"(?:(?:next|this|every)\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|(?:next|this)\s+(?:week|month|year)\b|"
    r"\d{1,2}(?::\d{2})?\s*(?:am|pm)?$|(?:noon|midnight|tomorrow|tonight|the (?:morning|afternoon|evening))\b",
    re.IGNORECASE,
)
_MOVED_TO_EN = re.compile(
    r"\b(?:moved|pushed|rescheduled|postponed|delayed|bumped|brought forward)\s+(?:back\s+)?to\s+"
)
# "a nurse at St. Mary's", "a data analyst at Shopify.": the words of a name, a title's period kept
_MOVED_THERE_EN = re.compile(
    r"\b(?:moved|moving|relocated|relocating)\s+(?:up\s+|down\s+|over\s+|out\s+|back\s+)?there\b", re.I
)
_IN_PLACE_EN = re.compile(r"\b(?:in|to)\s+(?P<v>[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+){0,2})")
_ROLE_AT_EN = re.compile(
    r"\s+(?:at|for|with)\s+(?:an?\s+)?((?:(?:St|Dr)\.\s+)?[A-Z][\w&'-]*(?:\s+[A-Z][\w&'-]*){0,3}"
    # the kind of place after the name, in lower case ("a nurse at St Thomas' hospital")
    r"(?:\s+(?:hospital|clinic|school|university|college|library|surgery|pharmacy|hotel|museum|airport|academy|restaurant|cafe|café|bar|pub|shop|store|salon|gym|garage|bakery|studio|office|agency|bank|centre|center)\b)?)"
)
_NOT_VALUES = frozenset(["it", "this", "that", "them", "there", "here", "home", "now", "too", "also", "again"])
_SENTIMENT = frozenset(
    [
        "so",
        "really",
        "very",
        "super",
        "pretty",
        "quite",
        "awesome",
        "amazing",
        "great",
        "incredible",
        "inspiring",
        "cool",
        "fun",
        "nice",
        "good",
        "bad",
        "terrible",
        "wonderful",
        "beautiful",
        "lovely",
        "fantastic",
        "excited",
        "happy",
        "sad",
        "crazy",
        "insane",
        "tough",
        "hard",
        "important",
        "special",
        "perfect",
        "everything",
        "key",
        "worth",
        "getting",
        "going",
        "trying",
        "not",
        "always",
        "never",
        "just",
        "a",
        "an",
        "the",
        "this",
        "that",
        "these",
        "those",
    ]
)
_CUT_EN = re.compile(
    r"\s+(?:and|but|because|since|so|when|which|who|where|after|before|until|with|for|from|last|this|"
    r"yesterday|today|now|in|on|at|as|to|these|every|each|since|over|again|instead|anymore|too|already)\b.*$"
    r"|\s+\d{4}\b.*$",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class _Hit:
    family: str  # the rule family that read it (named in every decision)
    slot: str
    value: str  # normalised (casefolded)
    surface: str  # as written, for statements and corrections
    value_type: str
    subject: str | None = None  # None: the speaker
    scope: str | None = None
    negated: bool = False


# The listener as the subject before a frame's words, with no one of the speaker's after them:
# what the frame reads is the listener's ("... finds you well and settled in Glasgow").
_LISTENERS = re.compile(
    r"\byou(?:'re|'ve|'ll|'d| are| were| have)?\b(?!.*\b(?:i|i'm|i've|i'd|i'll|me|we|we're|we've|my|our|us)\b)",
    re.IGNORECASE,
)


_CHILDREN = frozenset(
    ["son", "daughter", "kid", "kids", "child", "children", "stepson", "stepdaughter", "儿子", "女儿", "闺女"]
)
_GOT_FOR_EN = re.compile(
    r"\b(?:got|bought|gave|get|buy|give|getting|buying|giving|ordered|picked up)\s+(?:my|our)\s+(?P<who>"
    + _REL_EN
    + r")\s+"
    r"(?:his|her|their|a|an|the|some|its)\b",
    re.IGNORECASE,
)
_APPOSED_EN = re.compile(r"\s*(?:a|an|the)\s+(?![^,]*\b(?:I|I'm|I've|we|we're|my|our)\b)", re.IGNORECASE)


def frame_findings(sentence: str, speaker: Speaker, said_at: datetime) -> list[Finding]:
    """Frame findings for one sentence (English or Chinese); [] when no frame
    applies (the older sentence rules then run as before)."""
    zh = re.search(r"[\u4e00-\u9fff]", sentence) is not None
    if not zh and not _may_frame_en(sentence):
        return []
    body = (_LEAD_ZH if zh else _LEAD_EN).sub("", sentence.strip()).strip()
    if not body or (not zh and passed_on(body)):
        return []  # nothing, or what a source says: no frame of anyone's
    correction = bool((_CORRECTION_ZH if zh else _CORRECTION_EN).search(sentence))
    change = correction or bool((_CHANGE_ZH if zh else _CHANGE_EN).search(body))
    replaced = _replaced_zh(body) if zh else _replaced_en(body)
    clauses = [c for c in (_CLAUSES_ZH if zh else _CLAUSES_EN).split(body) if c and c.strip()]
    grouped: dict[tuple[str | None, str, str], tuple[_Hit, list[str]]] = {}
    for n, clause in enumerate(clauses):
        if zh and n and INTRODUCED_ZH.search(clauses[n - 1].strip()) and _subject_zh(clause) is None:
            continue  # "我有一个朋友，在北京工作": the friend's work, no frame of the speaker's
        focus = _focus(clause, zh) if replaced else clause
        # "my daughter just got her first phone, a Pixel 7a": the thing named after a comma is the
        # one the clause before spoke of, and its owner's
        apposed = _subject_en(clauses[n - 1]) if not zh and n and _APPOSED_EN.match(clause) else None
        # "got my son his first phone, an old iPhone 11": a thing got for one of the speaker's, theirs
        given = None if zh else _GOT_FOR_EN.search(body[: body.find(clause) + len(clause)])
        apposed = given.group("who").casefold() if given else apposed
        for hit in _hits_zh(clause, body, focus) if zh else _hits_en(clause, body, focus):
            if apposed not in (None, "someone else") and hit.subject is None:
                hit = replace(hit, subject=apposed)
            if hit.family == "employer" and hit.subject in _CHILDREN:
                hit = replace(hit, family="school", slot="school")  # "my son started at Greenhill": his school
            if not zh and hit.subject is None and _LISTENERS.search(clause[: max(clause.find(hit.surface), 0)]):
                continue  # "I hope you enjoy living in Lyon": the listener's home, not the speaker's
            if not hit.negated and hit.family in _HELD_NO_MORE_FAMILIES:
                if _held_no_more(clause, hit.surface, zh):
                    hit = replace(hit, negated=True)
                elif not zh and _NEVER_HELD_EN.search(clause[: max(clause.find(hit.surface), 0)]):
                    continue  # "I don't live in Lisbon, thankfully": no place of theirs, none ended
            if replaced and hit.value == replaced and not hit.negated:
                continue  # "switched from coffee to tea": coffee is what went
            key = (hit.subject, hit.slot, hit.value)
            if key in grouped:
                first, where = grouped[key]
                if clause not in where:
                    where.append(clause)
                if first.scope is None and hit.scope is not None:
                    grouped[key] = (replace(first, scope=hit.scope), where)
            else:
                grouped[key] = (hit, [clause])
    positive = {hit.slot for hit, _ in grouped.values() if not hit.negated}
    for key, (hit, where) in list(grouped.items()):
        if hit.negated and hit.slot in positive:  # "stopped coffee, drink tea now": one switch
            del grouped[key]
            replaced = replaced or hit.value
            for _other_key, (other, other_where) in grouped.items():
                if other.slot == hit.slot:
                    other_where[:0] = [c for c in where if c not in other_where]
    if not grouped and correction:
        bare = _bare_correction_zh(body) if zh else _bare_correction_en(body)
        if bare is not None and len(bare[0].split()) <= 3 and bare[1] != "text":
            grouped[(None, "", bare[0])] = (_Hit("correction", "", bare[0].casefold(), bare[0], bare[1]), [body])
            replaced = replaced or bare[2]
    out: list[Finding] = []
    many = len(grouped) > 1
    for hit, where in grouped.values():
        text = " ".join(_with_speaker_zh(c, clauses[0]) if zh else c for c in where) if many else body
        out.append(_finding(hit, text, speaker, said_at, zh, change, correction, replaced, body))
    return out


# Frames whose value a clause can say is held no more ("I don't live in Paris anymore",
# "我不在腾讯上班了"): the value is the one that ends, nothing replaces it.
_HELD_NO_MORE_FAMILIES = frozenset(["residence", "possession", "employer", "school"])
_NO_LONGER_EN = re.compile(r"\bno longer\b", re.IGNORECASE)
_NOT_EN = re.compile(r"\b(?:don't|doesn't|do not|does not|not|isn't|aren't|ain't)\b", re.IGNORECASE)
_ANYMORE_EN = re.compile(r"\b(?:anymore|any more)\b", re.IGNORECASE)


# A denial with no "anymore": the value was never held ("I've never lived in Lisbon").
# A move weighed, wished or doubted, not decided ("thinking about moving to", "we might
# relocate to", "would love to live in"): a plan with a date ("moving to Berlin next month") is
# decided and stays a home from then.
_UNDECIDED_EN = re.compile(
    r"\b(?:might|may|could|maybe|perhaps|possibly|thinking (?:about|of)|think about|considering|"
    r"contemplating|toying with|weighing|debating|hop(?:e|es|ing) to|wants? to|wanna|tempted (?:to|by)|eyeing(?: up)?|"
    r"(?:would|'d) (?:love|like|rather) to|dream(?:s|ing)? (?:of|about)|talk(?:s|ing)? about|"
    r"looking (?:at|into)|wonder(?:ing)? (?:about|whether|if)|if|unless|in case|whether)\b"
    r"(?:\s+[\w'-]+){0,3}\s*$",
    re.IGNORECASE,
)
_NEVER_HELD_EN = re.compile(r"\b(?:don't|doesn't|do not|does not|never|didn't|did not)\s+(?:\w+\s+)?\w+\s*$", re.I)


_GIVEN_UP_EN = re.compile(
    r"\b(?:sold|traded in|got rid of|scrapped|returned)\s+(?:(?:the|my|our)\s+)?(?:old\s+)?(?:[\w-]+\s+){0,2}$",
    re.IGNORECASE,
)
_GIVEN_BACK_EN = re.compile(r"\b(?:handed|gave|took)\s+(?:the|my|our)\s+(?:[\w-]+\s+){0,2}$", re.IGNORECASE)
_BACK_EN = re.compile(r"(?:\s+[\w-]+){0,2}?\s+back\b", re.IGNORECASE)


def _held_no_more(clause: str, surface: str, zh: bool) -> bool:
    """Whether the clause says the value it names is held no more: "no longer", or
    a denial with "anymore" (不再, or 不 with 了 closing it), said before the value."""
    at = clause.casefold().find(surface.casefold())
    before = clause[: at if at >= 0 else len(clause)]
    if zh:
        return "不再" in before or (
            re.search(r"不(?!少|错|过|久|同|一样)", before) is not None and clause.rstrip("。！!").endswith("了")
        )
    return (
        _NO_LONGER_EN.search(before) is not None
        or (_NOT_EN.search(before) is not None and _ANYMORE_EN.search(clause) is not None)
        # "handed the Tesla back", "sold the Golf", "traded in my old iPhone": given up, not got
        or _GIVEN_UP_EN.search(before) is not None
        or (
            _GIVEN_BACK_EN.search(before) is not None
            and at >= 0
            and _BACK_EN.match(clause[at + len(surface) :]) is not None
        )
    )


def _with_speaker_zh(clause: str, first: str) -> str:
    """A later Chinese clause that drops its subject has the speaker's, when
    the sentence opened with it ("我住在上海，在一家银行工作": 我在一家银行工作),
    as ``clauses.clauses`` carries it; a clause with a subject of its own stays."""
    if clause is first or not first.startswith("我") or re.search(r"我|他|她", clause):
        return clause
    return "我" + clause


def _may_frame_en(sentence: str) -> bool:
    """A cheap word-set test before the patterns run: every English frame
    needs a digit, an "@", one of its cue words, or a typed "my X is Y".
    Casual chat mostly has none, and the patterns are the distiller's cost."""
    if "@" in sentence or _DIGIT.search(sentence):
        return True
    words = set(_WORDS.findall(sentence.lower()))
    if words & _CUE_WORDS_EN or any(w.endswith(("ist", "ian", "eer")) for w in words):
        return True
    if added_count_in(sentence):  # "adopted a third cat"
        return True
    if ", not " in sentence or {"not", "but"} <= words:
        return True
    return bool(
        words & {"my", "our"}
        and words & {"is", "are"}
        and (words & {"favourite", "favorite", "new", "current"} or re.search(r"\s[A-Z]", sentence))
    )


def _finding(
    hit: _Hit,
    text: str,
    sp: Speaker,
    said_at: datetime,
    zh: bool,
    change: bool,
    correction: bool,
    replaced: str | None,
    body: str,
) -> Finding:
    mention = find_time(body, said_at)
    statement = text.strip().rstrip("。.!！?？ ")
    if mention is not None and mention.phrase in statement:
        statement = with_date(statement, mention)
    if zh:
        statement = third_person_zh(statement, sp.zh_label) + "。"
    else:
        statement = third_person(statement, sp.label) + "."
    # "started a course at the Open University too": one more, unless a word says it replaced
    # the other ("switched", "instead", "no longer"); a verb of starting or getting alone does not
    additive = bool((_ADDITIVE_ZH if zh else _ADDITIVE_EN).search(body)) and (
        not change or (not zh and not _REPLACED_EN.search(body))
    )
    subject = sp.key if hit.subject is None else f"{sp.key}:{hit.subject}"
    value = ("not " + hit.value) if hit.negated else hit.value
    slot = hit.slot
    if additive and slot:
        slot = f"{slot}+{hit.value}"  # one more of the kind, not a replacement: its own key
    attribute = (slot + (f"@{hit.scope}" if hit.scope else "")) if slot else None
    rule = "correction" if correction else hit.family
    if hit.negated:
        replaced = hit.value
    return Finding(
        kind="fact",
        statement=statement,
        op="update" if (change or hit.negated) else "add",
        subject=subject,
        attribute=attribute,
        value=value,
        rule=rule,
        value_type=hit.value_type,
        replaces=replaced,
        valid_from=mention.when if mention is not None else None,
    )


# --- English -------------------------------------------------------------------------


def _focus(clause: str, zh: bool) -> str:
    """Where the new value is when the sentence names the old one too: after
    the last "to / with / for / into" (改喝, 换成, 升到, 搬到 ...)."""
    pattern = r"改喝|换成|改成|改为|升到|升级到|换到|搬到|到" if zh else r"\b(?:to|onto|with|for|into|bought|got)\b"
    marks = list(re.finditer(pattern, clause))
    return clause[marks[-1].start() :] if marks else clause


# Talk of a make or model as the world has it: what people say of it, or its latest model.
_HEARSAY_EN = re.compile(
    r"^(?:(?:so|but|and|honestly|apparently)[,\s]+)*(?:everyone|everybody|people|they|nobody|no one|apparently|"
    r"(?:i\s+)?(?:heard|read|saw online))(?:\s+(?:says?|said|thinks?|reckons?))?\b(?:\s+that)?",
    re.IGNORECASE,
)
# What a source says, passed on ("the article said the average American drinks ...", "I read that
# octopuses have three hearts"): the world's, unless it is of the speaker's own ("I read that my
# landlord is selling").
_REPORTED_EN = re.compile(
    r"^(?:(?:so|but|and|honestly|apparently|wait)[,\s]+)*(?:(?:the|an?|this|that|some|one)\s+(?:new\s+|recent\s+|big\s+)?"
    r"(?:article|study|report|survey|paper|post|video|podcast|news|book|documentary|stat|statistic|research|"
    r"researchers|scientists|experts|headline|tweet|thread)s?\s+(?:says?|said|claims?|claimed|found|finds|shows?|"
    r"showed|suggests?|suggested|reckons?)|(?:i\s+)?(?:read|heard|saw)\s+(?:somewhere|online)|(?:i\s+)?(?:read|heard|saw)"
    # ("that" opening a clause with its verb, not "read that book and loved it")
    r"(?=\s+that\s+(?:(?:the|a|an|some|most)\s+)?[\w'-]+(?:\s+[\w'-]+)?\s+(?:is|are|was|were|has|have|had|can|could|will|"
    r"would|do|does|did|get|gets|live|lives|cause|causes|make|makes)\b))\s+(?:that\s+)?+"
    r"(?!(?:i|i'm|i've|my|we|we're|our|me)\b)",
    re.IGNORECASE,
)


def passed_on(clause: str) -> bool:
    """Whether an English clause passes on what a source says of the world ("the article said
    ...", "I read that octopuses ..."), nothing of the speaker's own."""
    return _REPORTED_EN.match(clause.strip()) is not None


_NOT_THEIRS_EN = re.compile(_HEARSAY_EN.pattern + r"|\bthe\s+(?:new|latest|newest|next|upcoming)\s+", re.IGNORECASE)
_OWNER_WORDS_EN = re.compile(r"\b(?:I|I'm|I've|me|my|mine|we|we're|our|us)\b", re.IGNORECASE)


# A place of work or of a club moving, said as its subject: where it is, not where anyone lives.
# A thing the speaker had moved ("finally got the mortgage moved to Halifax", "had my savings shifted to ...")
_HAD_IT_MOVED_EN = re.compile(
    r"\b(?:got|had|have|get|getting|having)\s+(?:my|our|the|his|her|their|it|them|all)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:moved|shifted|transferred|switched|relocated)\b",
    re.IGNORECASE,
)
_WORKPLACE_MOVED_EN = re.compile(
    r"\b(?:my|our|the|his|her|their)\s+(?:\w+\s+)?(?:office|offices|company|work|job|team|employer|firm|school|"
    r"business|shop|store|gym|church|lab|headquarters|hq|startup|studio|clinic|practice|club|restaurant|bakery)\s+"
    r"(?:(?:just|finally|recently|has|have|is|are|got|also|all|officially)\s+)*(?:moved|moving|relocated|relocating|"
    r"is moving|based)\b",
    re.IGNORECASE,
)


def _hits_en(clause: str, sentence: str, focus: str) -> list[_Hit]:
    if re.search(r"\byou(?:r|'re|'ve|'ll)?\b", clause, re.IGNORECASE) and not re.search(
        r"\b(?:I|I'm|I've|me|we|we're|my|our|us)\b", clause, re.IGNORECASE
    ):
        return []  # said about the listener: not a fact about the speaker
    subject = _subject_en(clause)
    hits: list[_Hit] = []
    email = EMAIL.search(clause)
    qualifier = re.search(r"\b(work|personal|support|office|team|billing|school)\b", clause, re.IGNORECASE)
    which = qualifier.group(1).lower() if qualifier else None
    if email:
        hits.append(
            _Hit("contact", "contact:email", email.group(0).casefold(), email.group(0), "contact", subject, which)
        )
    phone = PHONE.search(clause)
    if phone and _PHONE_CUE_EN.search(sentence) and not email:
        digits = re.sub(r"[^\d+]", "", phone.group(0))
        hits.append(_Hit("contact", "contact:phone", digits, phone.group(0), "contact", subject, which))
    if hits:
        return hits
    thing = _THING_EN.search(focus) or _THING_EN.search(clause)
    if thing and _NOT_OWNED_EN.search(thing.string[: thing.start()]):
        thing = None  # "rented a honda on holiday": a car used a while, not the speaker's
    if thing and _UNDECIDED_EN.search(thing.string[: thing.start()]):
        thing = None  # "thinking about switching to a Pixel": weighed, not had
    if thing and _NOT_THEIRS_EN.search(clause) and not _OWNER_WORDS_EN.search(_HEARSAY_EN.sub("", clause)):
        thing = None  # "everyone says tesla resale values are tanking", "the new iphone looks mid": the world's
    given = _GIVEN_TO_EN.search(thing.string[: thing.start()]) if thing else None
    if given is not None:  # "got my mum an iPhone 15 for her birthday": hers, not the speaker's
        subject = given.group(1).lower()
    if thing:
        kind = "car" if thing.group(1) else "phone" if thing.group(2) else "laptop"
        noun = _THING_NOUN_EN.search(clause)
        if noun and noun.group(1).lower() in ("bike", "motorbike", "scooter"):
            kind = noun.group(1).lower()
        surface = (thing.group(0)).strip()
        return [_Hit("possession", f"own:{kind}", _norm(surface), surface, "thing", subject, _use_of_thing(clause))]
    driven = _DRIVEN_EN.search(clause)
    if (
        driven and not clause[: driven.start()].strip(" ,")
    ):  # not "at work I drive a Prius", "when it snows ..."  # "I drive a Golf": the car the speaker has, named by its model
        surface = driven.group("car")
        return [_Hit("possession", "own:car", _norm(surface), surface, "thing", subject, _use_of_thing(clause))]
    version = version_in(focus) or version_in(clause)
    if version is None:
        version = _bare_version_en(clause)
    if version is not None and _VERSION_CUE_EN.search(clause):
        return [_Hit("version", version.slot, version.value, version.surface, "version", subject, _scope_en(clause))]
    school = _school_en(clause)
    if school is not None:
        return [_Hit("school", "school", _norm(school), school, "organisation", subject)]
    place = _RESIDENCE_EN.search(focus) or _RESIDENCE_EN.search(clause)
    if place and _WORKPLACE_MOVED_EN.search(clause[: place.start() + len(place.group(0))]):
        place = None  # "my office moved to Lyon", "our company relocated to Austin": no one's home
    if place and _HAD_IT_MOVED_EN.search(clause[: place.start() + len(place.group(0))]):
        place = None  # "got the mortgage moved to Halifax": a thing of the speaker's moved, not them
    if place and _UNDECIDED_EN.search(place.string[: place.start()]):
        place = None  # "kinda thinking about moving to Seattle", "we might move to Leeds": no home yet
    if place:
        value = _cut(next((g for g in place.groups() if g), ""))
        if value and value.lower() not in _NOT_VALUES and not _WHEN_EN.match(value):
            return [_Hit("residence", "residence", _norm(value), value, "place", subject)]
    there = _MOVED_THERE_EN.search(clause)
    named = [m.group("v") for m in _IN_PLACE_EN.finditer(clause[: there.start()])] if there else []
    if named:  # "got a job in Glasgow and moved up there": "there" is the place just named
        return [_Hit("residence", "residence", _norm(named[-1]), named[-1], "place", subject)]
    keys = _KEYS_TO_LOWER_EN.search(clause)
    keys = None if keys and _STAY_EN.search(sentence) else keys  # the keys to a holiday cottage
    lowered = _MOVED_TO_LOWER_EN.search(clause) or _MOVED_INTO_LOWER_EN.search(clause) or keys
    if lowered:  # "moved to portland in march": a place typed in lower case
        value = " ".join(w.capitalize() for w in lowered.group("v").split())
        return [_Hit("residence", "residence", _norm(value), value, "place", subject)]
    diet = _DIET_EN.search(clause)
    if diet:
        return [_Hit("diet", "diet", diet.group(1).lower(), diet.group(1), "text", subject)]
    eaten = _DIET_LEFT_EN.search(clause)
    if eaten and not _NEGATION_EN.search(clause[: eaten.start()]):
        food = (eaten.group("started") or eaten.group("again")).lower()
        return [_Hit("diet", "diet", f"eats {food}", food, "text", subject)]
    hits.extend(_drink_en(focus, subject, cued=True) if focus is not clause else [])
    hits.extend(_drink_en(clause, subject) if not hits else [])
    if hits:
        return hits
    org = _EMPLOYER_EN.search(clause)
    if org:
        value = _cut(org.group(1))
        lost = bool(
            re.search(
                r"\b(?:lost|left|quit|fired from|laid off from)\s+(?:my\s+|our\s+)?(?:job\s+|position\s+|"
                r"role\s+)?(?:at\s+|with\s+)?$",
                clause[: org.start(1)],
                re.IGNORECASE,
            )
        )
        # "didn't take the job at Globex", "never applied to Initech": a job not had, no employer
        declined = _DECLINED_JOB_EN.search(clause[: org.start(1)]) is not None
        # "I no longer work at Google", "doesn't work for Acme anymore": the employer held no more
        lost = lost or (not declined and _held_no_more(clause, value, zh=False))
        if value and value.split()[0] not in ("I", "The") and value.lower() not in _NOT_VALUES and not declined:
            hits.append(_Hit("employer", "employer", _norm(value), value, "organisation", subject, negated=lost))
    hired = None if any(h.family == "employer" for h in hits) else _HIRED_EN.search(clause)
    hired_at = (hired.group(1) or hired.group(2) or hired.group(3)) if hired else None
    if hired_at and hired_at.lower() not in _NOT_VALUES:  # "got hired at the hospital", "left for a startup"
        hits.append(_Hit("employer", "employer", _norm(hired_at), hired_at, "organisation", subject))
    role = _role_en(clause)
    if role is not None:
        at = _ROLE_AT_EN.match(clause, clause.find(role) + len(role)) if clause.find(role) >= 0 else None
        held_at = at.group(1) if at else ""
        if held_at and not any(h.family == "employer" for h in hits) and held_at.lower() not in _NOT_VALUES:
            # "I'm a data analyst at Stripe": the role and where it is held (read first, so a
            # change of employer is known when the role, restated, is decided)
            hits.append(_Hit("employer", "employer", _norm(held_at), held_at, "organisation", subject))
        hits.append(_Hit("occupation", "occupation", role.casefold(), role, "role", subject))
    mode = _WORK_MODE_EN.search(clause)
    if mode and not _NEGATION_EN.search(clause[: mode.start()]):
        hits.append(_Hit("work mode", "work mode", _work_mode(mode.group(0)), mode.group(0), "text", subject))
    commute = _commute(clause, sentence)
    if commute and not _NEGATION_EN.search(clause[: clause.find(commute[1])]):
        hits.append(_Hit("commute", "commute", commute[0], commute[1], "text", subject))
    shift = _SHIFT_EN.search(clause)
    if shift and not _NEGATION_EN.search(clause[: shift.start()]):
        kind = (shift.group("kind") or shift.group("plural").removesuffix("s").removesuffix("ie") + "").lower()
        kind = {"earl": "early", "overnight": "night", "graveyard": "night"}.get(kind, kind)
        hits.append(_Hit("shift", "shift", kind, shift.group(0).strip(), "text", subject))
    if hits:
        return hits
    activity = _ACTIVITY_EN.search(clause)
    if activity and activity.group(1).lower() in _BED_SAID_OTHERWISE and not _MY_BEDTIME.match(clause):
        activity = None  # "the kids are in bed by 8", "lights out was at 9 on the trip": not the speaker's now
    if activity:
        when = time_in(clause[activity.start() :])
        if when is not None:
            name = activity.group(1).lower()
            # "Standup got moved to 10:15": the activity said first, capitalised, is no person
            # of that name but the speaker's own standup, as in "our standup is at 9:30"
            owner = None if subject == name else subject
            return [_Hit("time", f"time:{_ACTIVITY_NAMES.get(name, name)}", when.value, when.surface, "time", owner)]
    team = team_size_in(clause)
    if team is not None:  # "there's six engineers under me now": the speaker's team, by its size
        return [_Hit("count", team.slot, team.value, team.surface, "number", subject)]
    counted = _COUNT_CUE_EN.search(clause)
    count = (count_in(clause[counted.end() :]) if counted else None) or added_count_in(clause)
    if count is not None and count.value != "1":
        return [_Hit("count", count.slot, count.value, count.surface, "number", subject, _count_scope_en(clause))]
    generic = _GENERIC_EN.search(clause)
    if generic:
        thing_name = re.sub(r"^(?:new|current|usual)\s+", "", generic.group(1).lower())
        value = _cut(re.sub(r"^(?:in|at|on)\s+", "", generic.group(2).strip()))
        typed = (
            value[:1].isupper()
            or re.search(r"\d", value)
            or re.match(r"(?:favou?rite|new|current)\b", generic.group(1), re.IGNORECASE)
        )
        if thing_name not in ("name",) and typed and _crisp(value) and not _SUBJECT_REL_EN.match(generic.group(0)):
            return [_Hit("generic", thing_name, _norm(value), value, "text", subject)]
    return []


# The speaker with one of theirs as the clause's subject ("my wife and I", "Tom and I").
_WE_TWO_EN = re.compile(r"^\s*(?:(?:[Mm]y|[Oo]ur)\s+[\w-]+(?:\s+[\w-]+)?|[A-Z][a-z]+)\s+and\s+I\b")
_DECLINED_JOB_EN = re.compile(
    r"\b(?:didn't|did not|never|won't|wouldn't|couldn't|not)\s+(?:\w+\s+)?"
    r"(?:take|took|accept|accepted|get|got|land|landed|apply|applied)\b|\bnever\s+(?:\w+\s+)?(?:worked|been)\b"
    # a job only sought ("thinking about applying for an underwriter role at Lloyds", "interviewing
    # with Monzo", "applied for a job at the council"): none had yet
    r"|\b(?:apply|applying|applied|interview|interviewing|interviewed|shortlisted)\s+(?:for|with|to|at)\b",
    re.IGNORECASE,
)


# A clause of reason or time opened before a relation ("... since my brother got a cottage")
_SUBORDINATE_BEFORE_EN = re.compile(
    r"^.+\b(?:since|because|cos|cause|as|when|after|before|while|until|now that)\s+$", re.IGNORECASE
)


def _subject_en(clause: str) -> str | None:
    if _WE_TWO_EN.match(clause):
        return None  # "my wife and I live in Denver": "we", the speaker's own home, as "we moved" says
    rel = _SUBJECT_REL_EN.search(clause)
    name = _SUBJECT_NAME_EN.match(clause.strip()) or _SUBJECT_OWNER_EN.match(clause.strip())
    if name and name.group(0) in ("I", "We", "My", "Our", "Production", "Staging", "Now", "They", "You", "It", "This"):
        name = None
    if name and _RATE_EN.match(clause.strip()):
        name = None  # "Rent is 1200 a month": a thing's amount by the period, of the speaker's
    moved = _MOVED_TO_EN.search(clause)
    if name and moved and _WHEN_EN.match(clause[moved.end() :]):
        name = None  # "Orientation got moved to Wednesday": an event of the speaker's, moved to a day
    kin = _KIN_EN.match(clause.strip())  # "Dad sold the F-150": a kinship word used as a name
    lead = name or kin
    # a person named first is the subject; a relation after their verb is its object
    # ("Grandma moved in with my uncle", "Priya works with my brother")
    if rel and _SUBORDINATE_BEFORE_EN.search(clause[: rel.start()]):
        rel = None  # "we've switched to the Lakes since my brother got a cottage": the brother is a reason
    # (said after "we", the relation is the subject only as the object of its first verb: "We put my
    # son on the swim team" is said of the son, "We have switched to ... for my sister" of us)
    before = clause[: rel.start()] if rel else ""
    we = re.search(r"\b(?:I|[Ww]e)\b", before)
    if we and we.group(0) == "We" and re.fullmatch(r"\s*We\s+[a-z]+\s+", before):
        we = None
    if rel and not we and (lead is None or rel.start() < lead.end()):
        return rel.group(1).lower()
    if name:
        return name.group(0).lower()
    if kin:
        return kin.group(1).lower()
    the = _THE_REL_EN.match(clause)
    if the is not None:  # "the neighbours just switched to Octopus too": theirs, not the speaker's
        return the.group(1).lower()
    if re.match(r"\s*they\b", clause, re.IGNORECASE) and re.search(r"\b(?:my|our|me|us)\b", clause, re.IGNORECASE):
        # "they moved my spin class to 7:30", "they moved me onto days": no one in particular,
        # acting on the speaker or the speaker's thing
        return None
    if re.match(r"\s*(?:they|their|he|she|his|her)\b", clause, re.IGNORECASE):
        return "someone else"
    return None


# "Priya's standup got moved", "Priya's moving to Berlin", "Priya's a nurse": whichever
# the "'s" is (whose, is, has), the name said first is whom the clause is about; a
# thing said first ("Puppy's 11 kg") is read by the frames as the speaker's.
_SUBJECT_OWNER_EN = re.compile(
    r"^(?!(?:Today|Tonight|Tomorrow|Yesterday|Everyone|Everybody|Someone|Somebody|Anyone|Nobody|It|That|What|"
    r"There|Here|He|She|Who|Where|When|How|Let|(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|January|February|March|"
    r"July|August|September|October|November|December)'s)[A-Z][a-z]+"  # (April, May, June: names too)
    r"(?='s\s+(?:(?:a|an|the|been|got|now|on|in|at|off|back|still|"
    r"[a-z]+ing)\b|"
    r"[a-z][\w-]*\s+(?:is|was|are|were|got|gets|has|had|moved|changed|starts|started|begins|began|will)\b))"
)
# A capitalised word first with an amount by the period after it ("Rent is 1200 a month",
# "Gym costs $40 a month") or its price to the speaker ("Netflix is 17.99 for me now"): a
# thing, no person ("Tom is 34" says neither).
_RATE_EN = re.compile(
    r"^[A-Z][a-z]+\s+(?:is|was|costs?|runs?|comes to)\s+(?:about\s+|around\s+|like\s+)?[$€£¥]?\d[\d,.]*k?\s*"
    r"(?:(?:[a-z]+\s+)?(?:a|per|every|each)\s+(?:month|week|year|day|night)\b|for\s+(?:me|us)\b)"
)
_KIN_EN = re.compile(r"^(Mom|Mum|Dad|Grandma|Grandpa|Granny|Nana|Papa|Mama)(?:'s)?\b(?!,)")


# Whose or what for a thing of the speaker's is: "my work phone" is not "my phone", nor is "a
# ThinkPad work gave me, for the job" the MacBook "for personal stuff".
_THING_USE_EN = re.compile(
    r"\b(?P<kind>work|personal|private|business|second|old|spare|family|company|school|gaming)\s+"
    r"(?:car|phone|laptop|computer|bike)\b"
    r"|\bfor\s+(?:(?:my|the)\s+)?(?P<use>work|job|personal (?:stuff|use|things)|school|gaming|business)\b"
    r"|\b(?P<given>work|my job|the company|my company|my employer|the office)\s+(?:gave|issued|gives|lent)\s+me\b",
    re.IGNORECASE,
)
_USE_NAMES = {"job": "work", "company": "work", "business": "work", "private": "personal"}


def _use_of_thing(clause: str) -> str | None:
    """The scope of a thing of the speaker's: the kind or use said of it, or work where work gave it."""
    m = _THING_USE_EN.search(clause)
    if m is None:
        return None
    said = (m.group("kind") or m.group("use") or "work").lower().split()[0]
    return _USE_NAMES.get(said, said)


def _scope_en(clause: str) -> str | None:
    m = _SCOPE_EN.search(clause)
    if not m:
        return None
    if m.group(1):
        word = m.group(1).lower()
        return _SCOPE_NAMES.get(word, word)
    if m.group(3).lower() == "team" and not m.group(2):
        return None
    return ((m.group(2) or "") + m.group(3)).lower().strip()


def _count_scope_en(clause: str) -> str | None:
    m = re.search(
        r"\b(?:our|my|the)\s+([a-z]+)\s+(?:has|have|had|grew|is|now|went|shrank|dropped)\b", clause, re.IGNORECASE
    )
    return m.group(1).lower() if m else None


def _bare_version_en(clause: str) -> TypedValue | None:
    """ "bumped Go to 1.24": the tool named before, the version after "to"."""
    m = re.search(r"\b([A-Z][A-Za-z+#]*|go|python|node|java)\b[^,;]*?\bto\s+v?(\d+(?:\.\d+)+)\b", clause)
    return version_in(f"{m.group(1)} {m.group(2)}") if m else None


def _work_mode(said: str) -> str:
    """remote, hybrid or office: how "work from home", "a hybrid setup", "back in the
    office full time" say where the work is done."""
    low = said.casefold()
    if "hybrid" in low or re.search(r"\d|\b(?:two|three|four|some|few)\b", low):
        return "hybrid"  # "in the office three days a week"
    return "remote" if re.search(r"remote|home|wfh", low) else "office"


def _school_en(clause: str) -> str | None:
    """The school a person goes to ("goes to Lincoln Elementary", "started middle school
    at Jefferson"), where a verb of going says so; else None."""
    if not _SCHOOL_GOING_EN.search(clause):
        return None
    m = _SCHOOL_NAMED_EN.search(clause) or _SCHOOL_AT_EN.search(clause)
    return m.group(1) if m else None


def is_occupation(role: str) -> bool:
    """Whether a role's last word names a line of work ("receptionist", "line cook"), not a
    part one plays ("member", "regular", "host")."""
    last = role.split()[-1].lower() if role.split() else ""
    return last in _OCCUPATION or last.endswith(("ist", "ian", "eer"))


def _role_en(clause: str) -> str | None:
    for m in _OCCUPATION_EN.finditer(clause):
        words = _CUT_EN.sub("", m.group(1)).split()
        while words and words[-1].lower() not in _OCCUPATION and not words[-1].lower().endswith(("ist", "ian", "eer")):
            words.pop()
        if words and len(words) <= 4 and words[0].lower() not in _SENTIMENT | {"no", "not", "same", "career"}:
            return " ".join(words)
    return None


# A drink's word naming another thing ("coffee order", "coffee shop", "tea break"): no drink had
_DRINK_AS_NAME_EN = re.compile(
    r"\s+(?:order|orders|shop|shops|break|breaks|date|dates|machine|maker|run|runs|table|place|bar|chat|"
    r"meeting|budget|habit|intake)\b",
    re.IGNORECASE,
)


def _drink_en(clause: str, subject: str | None, cued: bool = False) -> list[_Hit]:
    if not cued and not _DRINK_CUE_EN.search(clause):
        return []
    found = [(m.start(), m.end(), m.group(1).lower()) for m in _DRINK_RE_EN.finditer(clause)]
    part = _DAYPART_EN.search(clause)
    scope = part.group(1).lower().rstrip("s") if part else None
    hits: list[_Hit] = []
    since = 0
    liking = not cued and _LIKING_EN.search(clause) and not _CONSUMING_EN.search(clause)
    for start, end, drink in found:
        if _DRINK_AS_NAME_EN.match(clause[end:]):
            continue  # "my usual coffee order is an oat latte": the order's kind, the drink is said after
        negated = bool(_NEGATION_EN.search(clause[since:start])) or bool(
            re.match(r"\s*(?:any ?more|no more)\b", clause[end:], re.IGNORECASE)
        )
        if liking:  # "I like tea": a taste, one of many, not the drink of the day
            if not negated and subject is not None:  # the speaker's own tastes: the preference rule
                hits.append(_Hit("preference", f"preference:{drink}", "positive", clause[start:end], "thing", subject))
        else:
            hits.append(_Hit("drink", "drink", drink, clause[start:end], "thing", subject, scope, negated))
        since = end
    return hits


def _replaced_en(body: str) -> str | None:
    for pattern in (_FROM_TO_EN, _INSTEAD_EN):
        m = pattern.search(body)
        if m:
            return _value_of_en(m.group(1))
    m = _NOT_BUT_EN.search(body)
    if m:
        return _value_of_en(m.group(1))
    m = _MEANT_NOT_EN.search(body)
    if m:
        return _value_of_en(m.group(2))
    m = re.search(
        r"\b(?:sold|replaced|traded in|traded|left|quit|ditched|retired)\s+(?:my|our|the)?\s*(.+?)"
        r"(?:\s+(?:and|for|with|to)\b|[,;]|$)",
        body,
        re.IGNORECASE,
    )
    if m:
        return _value_of_en(m.group(1))
    return None


def _value_of_en(text: str) -> str | None:
    """The comparable value inside a phrase ("Go 1.23", "coffee", "Lyon")."""
    text = text.strip()
    for found in (version_in(text),):
        if found is not None:
            return found.value
    drink = _DRINK_RE_EN.search(text)
    if drink:
        return drink.group(1).lower()
    email = EMAIL.search(text)
    if email:
        return email.group(0).casefold()
    thing = _THING_EN.search(text)
    if thing:
        return _norm(thing.group(0))
    count = count_in(text)
    if count is not None:
        return count.value
    when = time_in(text)
    if when is not None:
        return when.value
    cut = _cut(re.sub(r"^(?:my|our|the|a|an)\s+", "", text, flags=re.IGNORECASE))
    return _norm(cut) if cut else None


def _bare_correction_en(body: str) -> tuple[str, str, str | None] | None:
    """(value, value type, replaced) of "I meant Lille", "it's 9:30, not 9"."""
    m = _NOT_BUT_EN.search(body)
    if m:
        return _typed(m.group(2)) + (_value_of_en(m.group(1)),)
    m = _MEANT_NOT_EN.search(body)
    if m:
        return _typed(_CLEFT_REST_EN.sub("", m.group(1))) + (_value_of_en(m.group(2)),)
    m = _MEANT_EN.search(body)
    if m:
        return _typed(m.group(1)) + (None,)
    m = re.search(r"\b(?:it's|it is|it was|that's|that should be|should be|make that)\s+" + _W, body, re.IGNORECASE)
    if m:
        return _typed(_CLEFT_REST_EN.sub("", m.group(1))) + (None,)
    return None


def _typed(text: str) -> tuple[str, str]:
    text = text.strip().rstrip(".!")
    if EMAIL.search(text):
        return EMAIL.search(text).group(0), "contact"  # type: ignore[union-attr]
    version = version_in(text)
    if version is not None:
        return version.surface, "version"
    when = time_in(text)
    if when is not None:
        return when.surface, "time"
    count = count_in(text) if re.search(r"\d", text) else None
    if count is not None:
        return count.value, "number"
    if re.fullmatch(r"\d+(?:\.\d+)?", text):
        return text, "number"
    cut = _cut(text) or text
    return cut, "name" if cut[:1].isupper() or re.search(r"[\u4e00-\u9fff]", cut) else "text"


# --- Chinese -------------------------------------------------------------------------

_ZH_STOP = r"(?=了|啦|呢|住|生活|定居|工作|上班|任职|当|做|，|,|。|！|!|$|\s)"
_RESIDENCE_ZH = re.compile(
    # (the speaker's own "我住杭州西湖区"; not a stay in hospital, a dorm or a hotel: 住院, 住校, 住酒店)
    r"(?:住在|(?:(?<=现在)|(?<=目前)|(?<=如今)|(?<=改)|(?<=我)|(?<=我们))住(?!在|院|校|宿|酒店|宾馆|民宿|旅馆|过|了|一晚)|搬到了?|搬去了?|搬家到了?|搬回了?|定居(?:在|于)?|落户(?:在|于)?|常住"
    # "我现在base成都了": where they are based, said as chat says it
    r"|(?<![A-Za-z])base\s*(?:在\s*)?(?=[\u4e00-\u9fff])"
    # one of the speaker's elders fetched to live elsewhere ("把我爸接到深圳来了")
    r"|(?<=[爸妈婆公奶爷])接(?:到|去)(?=[\u4e00-\u9fff]{2,6}?(?:来|去|住)))"
    # (a place of a Latin-lettered country said as it is spelled: "搬到Prenzlauer Berg了")
    r"((?-i:[A-Z])[A-Za-z\u00C0-\u024F'-]+(?:\s+(?-i:[A-Z])[A-Za-z\u00C0-\u024F'-]+){0,3}(?=[\u4e00-\u9fff，,。！!]|$)"
    r"|[\u4e00-\u9fffA-Za-z]{2,8}?)" + _ZH_STOP
)
# A move weighed, wished or doubted, said just before it ("在考虑跳槽去外企", "打算搬到杭州").
_UNDECIDED_ZH = re.compile(r"(?:想|打算|准备|考虑|要不要|可能|也许|或许|如果|万一)[^\s，,。！!？?；]{0,3}$")
# One of the speaker's people come to live in the speaker's home ("搬来跟我们一起住了", "搬过来和我住").
_WITH_SPEAKER_ZH = re.compile(r"(?:搬来|搬过来|搬进来|住进来)(?:跟|和|与)?(?:我们|我|用户)?(?:家)?(?:一起)?住?")
# Where the speaker rents their home ("我在北京朝阳租房", "我们在浦东租了套两居"): they live there.
# Only the speaker's, said of a home, and not what describes someone or a while ("在苏州租房的同学",
# "在杭州租房的时候"), a price or a wish ("在深圳租房好贵", "……的话"), a trip or a short stay.
_RENTING_ZH = re.compile(
    r"(?:(?<=我)|(?<=我们)|(?<=现在)|(?<=目前))在([\u4e00-\u9fff]{2,8}?)"
    r"租(?:房(?![子]?(?:的|好|太|真|贵|便宜|多少|要|吗))|了(?:个|套|间|一套|一间)(?:房|房子|公寓|一居|两居|三居|单间|小公寓|一室|两室))"
)
_NOT_A_HOME_ZH = re.compile(r"出差|度假|旅游|短租|民宿|酒店|住[一两几三]|开玩笑|的话|吗|？|\?")
_EMPLOYER_ZH = re.compile(
    # (调到 / 调去: transferred, the work moved there: "他下个月调到南京去了")
    r"(?:在|加入了?|入职了?|跳槽(?:到|去)了?|跳(?:到|去)了?|辞职(?:到|去)了?|换到了?|调(?:到|去|往)了?"
    # going to work somewhere, begun ("上周开始去字节上班"): only with the work said after it
    r"|(?:开始|改成|换成|现在)去(?=[A-Za-z\u4e00-\u9fff][\w&.\u4e00-\u9fff-]{0,9}?(?:上班|工作|任职|实习)))"
    # (not a time a thing was moved to: "课调到周六上午了")
    r"(?!周[一二三四五六日天末]|星期|礼拜|上午|下午|晚上|早上|中午|明天|后天|下周|下个?月|\d)"
    r"([A-Za-z][\w&.-]*(?:\s[A-Z][\w&.-]*)*|[\u4e00-\u9fff]{2,10}?(?:公司|银行|集团|科技|医院|学校|大学|研究所|研究院|"
    r"工作室|工厂|事务所|部门|部|团队|组|中心)"
    # a business counted with 家 ("一家外企", "这家律所"), before the job done there ("做财务")
    r"|(?:一|这|那)家[\u4e00-\u9fff]{1,8}?(?=工作|上班|任职|实习|当|做|了|[，,。！!]|$)"
    # ... before a line of work done there ("在京东做运营"; not "在厨房做饭")
    r"|[\u4e00-\u9fff]{2,6}?(?=做(?:运营|销售|产品|开发|设计|财务|会计|行政|人事|市场|客服|测试|研发|运维|编辑|翻译|咨询|法务|采购|"
    r"后端|前端|全栈|算法|数据|技术|项目|程序员|工程师|架构|游戏|投资|审计|风控|策划|公关|教研))"
    r"|[\u4e00-\u9fff]{2,6}?(?=工作|上班|任职|实习|去?了|[，,。！!]|$))"
    r"(?:工作|上班|任职|实习|当|做)?"
)
_JOB_CHANGED_ZH = re.compile(r"跳槽|换(?:了)?(?:份|个)?工作|辞职|离职|入职")
_OCCUPATION_ZH = re.compile(
    r"(?:是|当上了?|考上了?|考进了?|升为|升职为|升职成了?|晋升为|升任|转岗做|转行做|转行当|现在做|现在当|成为了?|做了|当了|担任|"
    # the job said after the place it is done ("在一家电商公司做产品经理")
    r"(?:(?<=公司|银行|集团|医院|学校|大学|工厂|餐厅|饭店|酒店|超市|商场|诊所|药店|单位)|(?<=事务所|健身房|幼儿园|工作室))"
    r"(?:做|当))"
    # the head of a group of them is a job of its own ("护士长", "组长"), not the job it heads
    r"(?:一名|一个|一位|个)?([\u4e00-\u9fffA-Za-z]{0,8}?(?:" + "|".join(_ZH_JOB) + ")长?)"
    # (a job word naming a place is no job: "客服中心", "销售部")
    r"(?!中心|部|组|团队|公司|岗)"
)
_AT_JOB_ZH = re.compile(
    r"([\u4e00-\u9fff]{2,8}?)(?:当|做)(?:一名|一个|个)?[\u4e00-\u9fffA-Za-z]{0,6}?(?:" + "|".join(_ZH_JOB) + ")长?"
)
_VERSION_CUE_ZH = re.compile(r"用|使用|跑|运行|升|更新|换|迁移|切换|现在|版本|是")
_COUNT_CUE_ZH = re.compile(r"有|增加|涨|扩|变成|降|减少|一共|总共|现在|到了|达到")
_ACTIVITY_ZH = re.compile(
    r"(起床|睡觉|上班|下班|健身|跑步|吃晚饭|吃早饭|吃午饭|站会|例会|晨会|周会|开会|上课)"
    # a verb-object word said by its verb alone after the time ("六点就起了", "十二点多才睡")
    r"|(?<=[点就才都多])(起|睡)(?=了|[。，,！!]|$)"
)
_SHORT_ACTIVITY_ZH = {"起": "起床", "睡": "睡觉"}
_DAYPART_ZH = re.compile(r"(早上|早晨|上午|中午|下午|晚上|睡前|早餐|午饭后|晚饭后|工作时)")
_NEGATION_ZH = re.compile(r"不再|不喝|戒了|戒掉|没再|不怎么")
_DRINK_DONE_ZH = re.compile(r"(?:基本|彻底|完全|已经|早就|再也|也|都|就)*(?:不再?喝了|戒了|戒掉了)")
_SCOPE_ZH = re.compile(
    r"(生产环境|生产|线上|测试环境|预发布?环境?|开发环境|本地)|([\u4e00-\u9fffA-Za-z]{2,6}?)(服务|项目|集群)"
)
_SCOPE_ZH_NAMES = {
    "生产环境": "production",
    "生产": "production",
    "线上": "production",
    "测试环境": "test",
    "预发": "staging",
    "预发布": "staging",
    "预发环境": "staging",
    "预发布环境": "staging",
    "开发环境": "dev",
    "本地": "local",
}
_WORKPLACE_MOVED_ZH = re.compile(
    r"(?:我们?的?)?(?:公司|单位|办公室|工厂|厂子?|门店|总部|部门)(?:也|整体|已经|上个月|下个月|今年)*$"
)
_SUBJECT_REL_ZH = re.compile(
    # ("我新老板姓陈": the new one is still the speaker's boss)
    r"我(?:(?:现在|目前|如今|以前|之前|原来|新)?的|新)?(" + _REL_ZH + r")|(?:^|[，,])(他|她|他们|她们)"
    # ... or one of the speaker's people said first with 我 dropped ("女朋友在广州工作", "爸妈搬来郑州了")
    r"|^(" + _REL_ZH + r")(?=在|是|住|当|做|去|搬|调|跳|升|转|换|开|学|上|进|接)"
)
_GENERIC_ZH = re.compile(
    r"我(?:们)?的([\u4e00-\u9fff]{1,6}?)(?:现在)?(?:是|换成了?|改成了?|变成了?|改为|换为)"
    r"([^，,。！!；]+)"
)
_THING_ZH = re.compile(
    r"("
    + _ZH_CAR
    + r")([A-Za-z0-9\u4e00-\u9fff ]{0,6}?)(?=[，,。！!了的]|$)|("
    + _ZH_PHONE
    # (not another thing of the brand's: "又入了个华为手表" is a watch beside the phone)
    + r")(?!\s*(?:手表|手环|平板|耳机|电脑|笔记本|路由器|电视|音箱|充电|(?i:watch|pad|band|buds|book)))\s*([A-Za-z0-9 ]{0,8}+)"
    # (nor what goes with the phone: "入了个iphone15的壳", "redmi的充电器")
    r"(?!\s*的?(?:壳|手机壳|膜|钢化膜|贴膜|充电器|充电头|数据线|保护套|耳机))"
)
# A phone or a car named but not had as one's own: thought of, nearly bought, sent back, a joke, a
# spare or a work one, someone else's ("在考虑入手oppo", "差点入了", "同事都入了iphone15")
_NOT_HAD_ZH = re.compile(
    r"考虑|想入|想买|打算|差点|退了|退货|开玩笑|备用机|配了|配的|(?:同事|朋友)(?:都|也|说|入|买)|[他她]入|都入了|用过|如果|要是"
)
_REPLACED_ZH = re.compile(
    r"从(.+?)(?:改|换|搬|升级|升|迁移|切换|转)|不(?:再)?喝(.+?)了?[，,]|戒了?(.+?)[，,了]|不是([^，,。！!\s][^，,。！!]*?)[，,]?(?:而)?是|不是\s*([^，,。]+)$"
    # ... said before why it was wrong ("是芒果过敏，不是花生，之前记错了")
    r"|不是\s*([^，,。]+)(?=[，,]\s*(?:之前|刚才|刚刚|前面|上次|我)*(?:(?:说|打|写|记|搞|弄|看|听)错|(?:记|搞)混)[^，,。]*[。！!]?$)"
)


# A diet ("我吃素", "她是素食者") and eating again what it left out ("最近开始吃鱼了",
# "现在偶尔也吃点肉了"): one slot, so the second ends the first, as ``_DIET_EN`` /
# ``_DIET_LEFT_EN`` read it in English. Eating is a change only with a cue (开始, 又,
# 重新, 现在, 最近): "我也吃鱼" alone says nothing of a diet.
_DIET_ZH = re.compile(r"(?<![不没])吃(?P<strict>全|纯)?素|(?P<pure>纯|全)?素食(?:者|主义者)")
_LEFT_OUT_ZH = r"肉|鱼|荤|海鲜|鸡肉|牛肉|猪肉|鸡蛋|蛋"
_DIET_LEFT_ZH = re.compile(
    r"(?:开始|又|重新|恢复)(?:能)?吃(?:一?点|一些|些)?(?P<started>" + _LEFT_OUT_ZH + r")"
    r"|(?:现在|最近|如今|目前)[^，,。不没]{0,6}吃(?:一?点|一些|些)?(?P<now>" + _LEFT_OUT_ZH + r")(?!不)"
)


def _diet_zh(clause: str, subject: str | None) -> _Hit | None:
    """The diet a Chinese clause says someone keeps, or ends by eating again what it left out."""
    diet, eaten = _DIET_ZH.search(clause), _DIET_LEFT_ZH.search(clause)
    found = diet or eaten
    if found is None or re.search(r"不|没|戒", clause[: found.start()]):
        return None  # "我不吃素了", "我还没开始吃肉": a negation, read by the generic rule
    if diet is not None:
        value = "vegan" if diet.group("strict") or diet.group("pure") else "vegetarian"
        return _Hit("diet", "diet", value, diet.group(0), "text", subject)
    food = found.group("started") or found.group("now")
    return _Hit("diet", "diet", f"吃{food}", food, "text", subject)


def _hits_zh(clause: str, sentence: str, focus: str) -> list[_Hit]:
    subject = _subject_zh(clause)
    diet = _diet_zh(clause, subject)
    if diet is not None:
        return [diet]
    commute = _commute(clause, sentence)
    if commute and not re.search(r"不(?:再)?$", clause[: clause.find(commute[1])]):
        return [_Hit("commute", "commute", commute[0], commute[1], "text", subject)]
    email = EMAIL.search(clause)
    if email:
        return [_Hit("contact", "contact:email", email.group(0).casefold(), email.group(0), "contact", subject)]
    phone = PHONE.search(clause)
    if phone and re.search(r"电话|手机|号码|联系|换号|新号", sentence):
        return [
            _Hit("contact", "contact:phone", re.sub(r"[^\d+]", "", phone.group(0)), phone.group(0), "contact", subject)
        ]
    thing = _THING_ZH.search(clause)
    if (
        thing and re.search(r"开|买|换|车|手机|用|提|入(?:了|手)", clause) and not _NOT_HAD_ZH.search(sentence)
    ):  # 入了个 / 入手: bought, as chat says it
        kind = "car" if thing.group(1) else "phone"
        surface = (thing.group(0)).strip()
        return [_Hit("possession", f"own:{kind}", _norm(surface), surface, "thing", subject, _use_of_thing(clause))]
    version = version_in(focus) or version_in(clause)
    if version is not None and _VERSION_CUE_ZH.search(clause):
        return [_Hit("version", version.slot, version.value, version.surface, "version", subject, _scope_zh(clause))]
    place = _RESIDENCE_ZH.search(clause)
    if place and _UNDECIDED_ZH.search(clause[: place.start()]):
        place = None  # "在考虑搬到杭州": a move weighed, no home yet
    # (said with the one fetched first, "奶奶接到上海来了", it is theirs too)
    fetched_first = re.match(r"(?:用户)?(?:" + _REL_ZH + r")", clause) is not None
    if place and place.group(0).startswith("接") and "把" not in clause[: place.start()] and not fetched_first:
        place = None  # "我妈接到电话说要来": a call received; only "把我爸接到深圳来了" fetches someone
    if place:
        where = re.sub(r"(?<=..)[来去]$", "", place.group(1))  # "接到深圳来了": 深圳
        if _WORKPLACE_MOVED_ZH.match(clause[: place.start()]):  # "公司搬去亦庄了": where the speaker works now
            return [_Hit("employer", "employer", _norm(where), where, "organisation", subject)]
        return [_Hit("residence", "residence", where, where, "place", subject)]
    together = _WITH_SPEAKER_ZH.search(clause)
    if together and subject is not None:  # "我妈上周搬来跟我们一起住了": the speaker's home, now theirs too
        return [_Hit("residence", "residence", "用户家", together.group(0), "place", subject)]
    rented = _RENTING_ZH.search(clause)
    if rented and not _NOT_A_HOME_ZH.search(sentence):
        return [_Hit("residence", "residence", rented.group(1), rented.group(1), "place", subject)]
    hits = (_drink_zh(focus, subject) if focus is not clause else []) or _drink_zh(clause, subject)
    if hits:
        return hits
    org = _EMPLOYER_ZH.search(clause)
    if org and _UNDECIDED_ZH.search(clause[: org.start()]):
        org = None  # "在考虑跳槽去外企": a move weighed, no employer yet
    # the job done there said after the place ("在学校当老师", "在医院做护士"): the place is the employer
    at_job = _AT_JOB_ZH.fullmatch(org.group(1)) if org else None
    if (
        org
        and (
            not org.group(0).startswith("在")
            or re.search(r"工作|上班|任职|实习", org.group(0))
            or re.match(r"(?:一|这|那)家", org.group(1))
            or at_job is not None
            or org.group(1).endswith(("部", "部门", "团队", "组"))
            # "在杭州一家电商公司做产品经理": a job done there
            or re.search(r"(?:做|当)$", org.group(0)) is not None
            or re.match(r"(?:做|当)", clause[org.end() :]) is not None
            # "上个月跳槽了，现在在美团": where one is, in a sentence that says a job changed
            or (org.group(0).startswith("在") and _JOB_CHANGED_ZH.search(sentence) is not None)
        )
    ):
        value = at_job.group(1) if at_job else org.group(1)
        slot = "workplace" if value.endswith(("部", "部门", "团队", "组", "中心")) else "employer"
        hits.append(_Hit("employer", slot, _norm(value), value, "organisation", subject))
    role = _OCCUPATION_ZH.search(clause)
    if role:
        hits.append(_Hit("occupation", "occupation", role.group(1), role.group(1), "role", subject))
    if hits:
        return hits
    activity = _ACTIVITY_ZH.search(clause)
    when = time_in(clause) if activity else None
    if activity and when is not None:
        name = activity.group(1) or _SHORT_ACTIVITY_ZH[activity.group(2)]
        return [_Hit("time", f"time:{name}", when.value, when.surface, "time", subject)]
    team = team_size_in(clause)  # "组里7个人了": the speaker's team, said without a word that counts
    count = team or count_in(clause)
    if count is not None and (team is not None or _COUNT_CUE_ZH.search(clause)):
        return [_Hit("count", count.slot, count.value, count.surface, "number", subject)]
    generic = _GENERIC_ZH.search(clause)
    if generic and generic.group(1) not in ("名字",):
        value = generic.group(2).strip().rstrip("了")
        if len(value) > 2:  # "工资卡是招商银行的": the bank, its 的 only the form of saying it
            value = value.removesuffix("的")
        return [_Hit("generic", generic.group(1), _norm(value), value, "text", subject)]
    return []


# The one-character kin words of speech and the words written out are one person ("我弟" /
# "我弟弟", "我妈" / "我妈妈" / "老妈"): one subject, so what is said of them later replaces it.
_KIN_SAID_ZH = {
    "爸": "爸爸",
    "老爸": "爸爸",
    "妈": "妈妈",
    "老妈": "妈妈",
    "哥": "哥哥",
    "姐": "姐姐",
    "弟": "弟弟",
    "妹": "妹妹",
    "闺女": "女儿",
    "父亲": "爸爸",
    "母亲": "妈妈",
    "丈夫": "老公",
    "妻子": "老婆",
    "媳妇": "老婆",
}


# A person of one of the speaker's people ("女儿最好的朋友", "老公的同事"): someone else's, not theirs
_THEIR_PERSON_ZH = re.compile(
    r"^(?:最好的|的|那个|一个)?(?:好)?(?:朋友|同学|同桌|舍友|闺蜜|同事|老师|老板|室友|对象|男朋友|女朋友)"
)


def _subject_zh(clause: str) -> str | None:
    m = _SUBJECT_REL_ZH.search(clause)
    if m is None:
        return None
    if m.group(1) and _THEIR_PERSON_ZH.match(clause[m.end(1) :]):
        return "someone else"
    if re.match(r"(?:又|已经|直接|终于)?把我", clause[m.end(0) :]):
        return None  # "领导把我调白班了": done to the speaker, the speaker's
    kin = m.group(1) or m.group(3)
    return _KIN_SAID_ZH.get(kin, kin) if kin else "someone else"


def _scope_zh(clause: str) -> str | None:
    m = _SCOPE_ZH.search(clause)
    if not m:
        return None
    if m.group(1):
        return _SCOPE_ZH_NAMES.get(m.group(1), m.group(1))
    return m.group(2) + m.group(3)


def _drink_zh(clause: str, subject: str | None) -> list[_Hit]:
    if not re.search(r"喝|戒|改|换|杯", clause):
        return []
    for drink in _DRINKS_ZH:
        at = clause.find(drink)
        if at < 0:
            continue
        negated = (
            bool(_NEGATION_ZH.search(clause[: at + len(drink)])) and not re.search(r"改喝|换成", clause[:at])
        ) or re.search("把" + re.escape(drink) + r"(?:给)?(?:戒|停)", clause) is not None  # "我把咖啡戒了"
        # "减肥茶不喝了", "咖啡早就戒了": the drink said first, then not drunk any more
        negated = negated or _DRINK_DONE_ZH.match(clause, at + len(drink)) is not None
        part = _DAYPART_ZH.search(clause)
        return [_Hit("drink", "drink", drink, drink, "thing", subject, part.group(1) if part else None, negated)]
    return []


def _replaced_zh(body: str) -> str | None:
    m = _REPLACED_ZH.search(body)
    if not m:
        return None
    text = next(g for g in m.groups() if g)
    for drink in _DRINKS_ZH:
        if drink in text:
            return drink
    version = version_in(text)
    if version is not None:
        return version.value
    text = re.sub(r"^(?:在|住在|是|用)", "", text.strip())
    return _norm(text) if text else None


def _bare_correction_zh(body: str) -> tuple[str, str, str | None] | None:
    m = re.search(
        r"不是([^，,。！!\s][^，,。！!]*?)[，,]?(?:而)?是([^，,。！!]+)", body
    )  # not "啊不是，是…": no value denied
    if m:
        return _typed(m.group(2).strip()) + (_norm(m.group(1).strip()),)
    # "是番禺不是天河，天河是公司那边": the right one, then the one denied, what follows told of it
    m = re.search(r"(?:^|[，,\s])是([^，,。！!不]{1,8}?)(?:而)?不是([^，,。！!]{1,8})(?=$|[，,。！!])", body)
    if m:
        return _typed(m.group(1).strip()) + (_norm(m.group(2).strip()),)
    m = re.search(r"([^，,。！!]+?)[，,]?\s*(?:而)?不是([^，,。！!]+?)[。！!]?$", body)
    if m:  # "我儿子今年9岁，不是8岁", "是陈铭不是陈明": the right value is the amount of the wrong one's unit
        wrong = m.group(2).strip()
        right = value_where_wrong_zh(m.group(1), wrong)  # "是98的套餐，不是128": the number
        if right is not None:
            return _typed(right) + (_norm(wrong),)
        # "我叫张伟，不是张维": what follows the clause's verb of naming or place
        named = re.search(r"(?:叫|姓|是|住在|住|在)([^叫姓是住在]{1,8})$", m.group(1).strip())
        if named and not re.match(r"[\d零一二两三四五六七八九十百千万.]", wrong):
            return _typed(named.group(1)) + (_norm(wrong),)
    # the value said again after the formula with its verb, in a clause of its own ("哦不是，在朝阳")
    m = re.search(r"(?:^|[，,\s])\s*我?(?:是|叫|在|住在)([^，,。！!\s]{2,8})(?=[，,])", body)
    m = m if m and WRONG_SAID_AFTER_ZH.match(body[m.end() :]) else None
    # "长春才是他老家，哈尔滨是他工作过的地方": the right value said first, before 才是
    cai = re.search(r"(?:^|[，,\s])([\u4e00-\u9fff]{2,4}?)才是", body)
    wrong_after = WRONG_SAID_AFTER_ZH.search(body[cai.end() :]) if cai else None
    if cai and wrong_after and wrong_said(wrong_after) != cai.group(1):
        return _typed(cai.group(1)) + (wrong_said(wrong_after),)
    m = m or re.search(r"(?:我是说|我的意思是|应该是|其实是|(?<!不)是)([^，,。！!]+)", body)
    if m and re.match(r"[他她它]", m.group(1)):
        return None  # "……才是他老家": who it is of, no value said after 是
    if m:
        said = emoji_trimmed(m.group(1).strip()).rstrip("才对")  # "是18楼😅": the floor, no face
        said = re.sub(r"(?<=[\u4e00-\u9fff]{2})的$", "", said)  # "他老家是长春的": 长春
        # "是八点半打卡": a time said first is the value, what is done at it is not
        timed = CLOCK_ZH.match(said)
        said = timed.group(0) if timed else said
        # "是去贵州，云南是去年去的": the wrong value named first in the clause after, as what it was
        wrong = WRONG_SAID_AFTER_ZH.match(body[m.end() :])  # (a formula that says a slip was said: ``correction``)
        if wrong is not None and not timed and wrong_said(wrong) not in said:
            return _typed(re.sub(r"^(?:去|到|在|住在|叫|学|读)+(?=[\u4e00-\u9fff]{2})", "", said)) + (
                wrong_said(wrong),
            )
        # "说错了，是在中兴": the company or the place, not the word for where one is
        return _typed(re.sub(r"^(?:在|住在)(?=[\u4e00-\u9fff]{2})", "", said)) + (None,)
    return None


# --- helpers ---------------------------------------------------------------------------


def _cut(value: str) -> str:
    return _CUT_EN.sub("", value.strip()).strip(" .,!?'\"")


def _crisp(value: str) -> bool:
    words = value.lower().split()
    return 0 < len(words) <= 5 and words[0] not in _SENTIMENT and not words[0].endswith("ing")


def _norm(value: str) -> str:
    return " ".join(re.sub(r"^(?:the|a|an|my|our)\s+", "", value.strip(), flags=re.IGNORECASE).split()).casefold()


def subject_of(clause: str) -> str | None:
    """Whom a clause is about when it is not the speaker ("my sister", "Ken",
    姐姐): the same reading the frames use, for the generic rule's subject."""
    return _subject_zh(clause) if re.search(r"[\u4e00-\u9fff]", clause) else _subject_en(clause)
