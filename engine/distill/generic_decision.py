"""What a generic statement does to the same subject's generic beliefs.

A pure function over ``alignment``'s reading, so the rule reads in one place:

1. the same words (but for cues and time) and the same polarity: the belief
   said again -> ``reinforce``;
2. the same words, the new one negated ("I no longer take metformin"): the
   belief ends and nothing replaces it -> ``negate``;
3. one value apart (``Alignment.one_value``): "also" / "too" / 也 keep both;
   else a single-valued property ("my rent is ..."), a change cue ("now",
   "switched", 改成, 不再) or a date earlier than the message ("yesterday")
   makes the later statement replace the earlier -> ``supersede``; so does
   a later message with a verb that holds one object at a time ("I pay 1,350
   euros rent"); a verb that may hold many ("I like jazz" / "I like
   Radiohead") with no cue -> nothing, both hold;
4. the grey zone: both single-valued properties, much alike
   (``GreyZone.overlap``) but not one value apart, no additive cue: with a
   change cue or date -> ``supersede``, without -> ``conflict`` (recorded,
   never guessed); two values of one attribute in one message are a
   conflict too (``reconcile``: nothing, not even order, settles them);
5. anything else -> nothing (a new belief).

The grey zone's bound is calibrated on the governance eval's dev split only
(docs/benchmarks/governance.md says how and what it gave).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from functools import lru_cache

from ledgermind.analysis.text import lexical_stem
from ledgermind.distill.alignment import (
    BARE_ENDED_ZH,
    DROPPED,
    ENDED_PRONOUN,
    NUMBER_LABELS,
    REPLACED_IT,
    THING_CHANGED,
    Alignment,
    align,
    change_words,
    core_tokens,
    due_not_done,
    ended_object,
    ended_objects,
    ends,
    ends_nothing_held,
    has_additive_cue,
    has_change_cue,
    holds_one_value,
    kinds_apart,
    moved_on,
    names_ended,
    negated,
    possessors,
    switched,
    taken_up_again,
    topic_words,
    untimed,
)
from ledgermind.distill.bare_corrections import MONTHS, value_shape, value_spans
from ledgermind.distill.frames import RELATIONS_EN, is_occupation
from ledgermind.distill.person import IRREGULAR_PAST, RELATIONS_ZH_WORDS
from ledgermind.distill.proposals import Proposal
from ledgermind.distill.providers import providers_named, providers_taken_up, switch_said
from ledgermind.distill.request_changes import is_standing_request, request_decision
from ledgermind.distill.statements import (
    CARER_SAYS,
    GONE_FOR_GOOD_ZH,
    HABIT_HELD,
    HABIT_WORDS,
    HOW_IT_IS,
    NAMED_LEFT_EN,
    NEW_HOME_NAMED_EN,
    NUMBER_NOW,
    PART_OF_DAY_NOW,
    TIME_STARTS,
    WENT_WITHOUT,
    is_supposition,
)
from ledgermind.distill.text import NEW_RECORD, count_of_word, digits_after_to, is_cjk, tokens
from ledgermind.distill.value_types import AFTER_A_VALUE, EMAIL, PHONE, number
from ledgermind.distill.views import BeliefView

__all__ = [
    "CHANGE_WISHED_ZH",
    "DEFAULT_GREY",
    "FOR_ONCE",
    "MADE_INTO",
    "MOVED_IT",
    "MOVED_ZH",
    "ONE_MORE",
    "REACHED",
    "WENT_WITH",
    "Decision",
    "GreyZone",
    "born",
    "breaks_up",
    "called_off",
    "couple_step",
    "dead_of_mine",
    "debt_paid_off",
    "decide",
    "ended_by_break_up",
    "ended_by_death",
    "hour_at",
    "new_job",
    "of_someone_else",
    "rates_of_two",
    "says_still",
    "studies_or_work_ended",
]

_DATED = timedelta(hours=1)  # valid_from this far before the message: the statement named a time


@dataclass(frozen=True, slots=True)
class GreyZone:
    overlap: float = 0.7  # share of the shorter statement's words the other has: at least this is "alike"


DEFAULT_GREY = GreyZone()


@dataclass(frozen=True, slots=True)
class Decision:
    verb: str  # reinforce / negate / close (ends, kept itself) / supersede / conflict / none
    beliefs: tuple[BeliefView, ...] = ()
    reason: str = ""
    old_value: str | None = None
    new_value: str | None = None


# A replacement named beside a negation ("..., switched to tea", "……，改学韩语").
# The replacement may be a clause of its own: "no longer Planet Fitness, it's Crunch",
# "gave up Spanish and started learning Italian", "……，现在开比亚迪".
_REPLACING = re.compile(
    r"\b(?:switched to|changed to|moved to|instead|replaced (?:it|them) with)\b|[，,]\s*(?:改|换成|换了|转而|现在|如今)"
    r"|[,;]\s*(?:but\s+)?(?:now\s+)?(?:it's|it is|they're|they are|that's)\s+(?!(?:fine|ok|okay|over|done|gone)\b)"
    r"|\band (?:then\s+)?(?:started|began|took up|picked up|switched to|moved to|went with|got|bought)\b",
    re.IGNORECASE,
)
# A clause going on after an ended thing, said as a new state ("... and work from home",
# ", now I take the bus"), not a reason or a feeling about it.
_GOES_ON = re.compile(
    r"\s*(?:,\s*)?(?:and|but)\s+(?:now\s+)?(?:the user\s+|i\s+)?(?!(?:feel|felt|am|'m|it|that|not|then)\b)[a-z]+"
    # "dropped violin for cello", "ditched Jira for Linear": what it was left for
    r"|\s+(?:for|in favou?r of)\s+(?!(?:good|now|ever|years?|months?|weeks?|days?|a while|a bit|some time|the (?:summer|"
    r"winter|season|year|time being|rest of)|health|medical|personal|financial|family)\b)(?:an?\s+|the\s+)?\w",
    re.IGNORECASE,
)
# What makes a statement on the same topic replace one it does not align with:
# a switch said outright, or the state said to hold now. Weaker cues ("new",
# "got", "started") and a date alone mark events as often as changes.
_AGAIN = re.compile(r"\bagain\b|又|重新|开始能", re.IGNORECASE)
_CURRENT = re.compile(
    r"\b(?:switched|changed|moved|transferred|replaced|migrated|upgraded|downgraded|swapped|"
    + DROPPED
    + r"|started (?:at|with|on)|took over|instead|no longer|now|these days|nowadays|any ?more|rescheduled|relocated|"
    r"reassigned|promoted|back to|ported|refinanced|ditched|traded in)\b"
    # "has been taking the tram since it got cold": doing it from then to now ("ever since"
    # goes on from what was told before, no new start)
    r"|\b(?:has|have)\s+been\s+\w+ing\b[^.;]*(?<!\bever )\bsince\b"
    r"|换|改|转|迁|搬|现在|如今|目前|调到|调去|调往|升为|升到",
    re.IGNORECASE,
)


def _current(statement: str) -> bool:
    """Whether a statement says the state as it is now (``_CURRENT``), not a change due."""
    found = _CURRENT.search(statement)
    return found is not None and not due_not_done(statement, found)


# A number on both sides: a change cue on the same topic moves the quantity
# ("my doctor raised my lisinopril dose to 20 mg", "I'm down to twice a week").
_QUANTITY = re.compile(
    r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|twice|once|half|dozen)\b"
    r"|[一二两三四五六七八九十百千]",
    re.IGNORECASE,
)
_NEW = re.compile(r"\bnew\b", re.IGNORECASE)
# "shift", "end-topic", "replace-topic": a change, an ending or an ending with
# its replacement said about a topic the belief shares, no value aligned and the
# belief's words not contained (``_pair``); each acts on one belief only, the one
# plainly about that topic (``_plainly_about``), and becomes a "supersede" or a
# "negate" in ``decide``, so only those two verbs and the rest are ordered here.
_ORDER = {"reinforce": 0, "negate": 1, "supersede": 2, "conflict": 4}
# Verbs (and adjectives) whose object may be many things at once: a second
# object is one more, not a replacement, unless a cue says otherwise.
_MANY = frozenset(
    [
        "volunteer",  # at the food bank and at the shelter: two places, one more
        "like",
        "love",
        "enjoy",
        "adore",
        "prefer",
        "hate",
        "dislike",
        "play",
        "speak",
        "know",
        "visit",
        "visited",
        "read",
        "watch",
        "listen",
        "eat",
        "drink",
        "own",
        "have",
        "has",
        "collect",
        "support",
        "follow",
        "allergic",
        "fan",
        "into",
        "learn",
        "study",
        "use",
        "take",
        "grow",
        "keep",
        "make",
        "cook",
        "bake",
        "write",
        "sing",
        "teach",
        "travel",
        "went",
        "go",
        "met",
        "meet",
        "bought",
        "buy",
    ]
)


# A person's death: what held of them as a state of now holds no longer.
_DEATH_EN = (
    r"passed away|died|has passed|was put down|had to be put down|was put to sleep|crossed the rainbow bridge|"
    # "Biscuit passed in the spring": "passed" alone, closing its clause or before when
    r"passed(?=\s+(?:in|on|last|this|yesterday|peacefully|earlier|recently)\b|\s*[,.!]|\s*$)"
)
_DEATH_ZH = r"去世|过世|离世"
_DIED = re.compile(r"\b(?:" + _DEATH_EN + r")\b|" + _DEATH_ZH, re.IGNORECASE)
# A couple's ending ("we broke up", "我们分手了"): the speaker's beliefs about the partner end.
_BROKE_UP = re.compile(
    r"\b(?:broke up|split up(?!\s+(?:the|a|an|my|our|their|his|her|it|them|everything|into|between)\b)|(?:we|we've|we're|they|they're|got)\s+separated|got divorced|are divorced|"
    r"called off the (?:wedding|engagement)|(?<=\bwe )called it quits|"
    # "it's over with Marcus": the couple named by the partner's name
    r"it(?:'s| is) (?:all )?over (?:with|between (?:me|us|the user) and) (?-i:[A-Z])\w+|(?<=\band i )called it quits|(?<=\bthe user )called it quits|"
    # the divorce done ("finalized our divorce", "the divorce came through"), not begun ("filed for")
    r"(?:finali[sz]ed|got) (?:our|the|my|their|his|her) divorce|divorce (?:is|was) (?:now )?final|"
    r"divorce (?:came|went) through)\b|分手|离婚|分开了|(?:我们|我俩|咱俩|他们|他俩|她俩|用户)(?:已经|俩)?分了(?![\u4e00-\u9fff])"
    # ... with the partner by name ("和小周分了")
    r"|^(?:用户)?(?:已经|刚)?(?:和|跟)[\u4e00-\u9fffA-Za-z]{1,4}(?:已经|彻底)?分了(?![\u4e00-\u9fff])",
    re.IGNORECASE,
)
# A couple's next step ("Tom and I got engaged", "我们结婚了"): what the speaker said of them
# as a couple before ("dating Tom", "my girlfriend Ana") is replaced by it.
_COUPLED = re.compile(
    r"\b(?:got (?:engaged|married|hitched)|are (?:now )?(?:engaged|married)|tied the knot|eloped|(?:got )?wed|"
    # "guess who's engaged 💍", "he popped the question"
    r"(?:i'm|i am|we're|we are|who's|who is|the user is)\s+(?:now\s+|officially\s+)?engaged|"
    r"(?:he|she)\s+(?:finally\s+)?(?:proposed|popped the question))\b"
    r"|订婚|结婚了|领证",
    re.IGNORECASE,
)
_SEEING = re.compile(r"\bseeing\b", re.IGNORECASE)  # "seeing Hana": a partner only where the couple is named
_CALLED_OFF = re.compile(
    r"\bcalled (?:it|things|the whole thing) off\b|\bcalled it quits\b|取消了婚约|退婚", re.IGNORECASE
)
# Others of the speaker's, not one of their people with a partner ("my friends split up", "the
# user's neighbours got divorced"): what the speaker said of any couple stays
_OTHERS_OF_THEIRS = re.compile(r"the user's\s+(?!(?:" + RELATIONS_EN + r")\b)[a-z]+s\s+(?!and\b)", re.IGNORECASE)
_TWO_CALLED_IT = re.compile(r"(?:\band|,)\s+(?:i|the user)\s+called it quits\b", re.IGNORECASE)
_ENGAGED = re.compile(r"\b(?:engaged|engagement|fianc[eé]e?|wedding)\b|订婚|未婚", re.IGNORECASE)
# What a couple's end ends of what was said of them: a partner, an engagement, a home shared
# ("me and Tom live together in Leeds" / "he and I called it quits")
_A_COUPLE = re.compile(
    r"\b(?:engaged|engagement|fianc[eé]e?|(?:live|lives|lived|living|moved in) together)\b|订婚|未婚|同居",
    re.IGNORECASE,
)
_PARTNER = re.compile(
    r"\b(?:boyfriend|girlfriend|partner|husband|wife|fianc[eé]e?|spouse|dating|married to|(?:been|are|is) together|"
    r"in a relationship|seeing (?:someone|somebody|a (?:guy|girl|man|woman)|(?-i:[A-Z])\w+))\b"
    r"|男朋友|女朋友|对象|老公|老婆|丈夫|妻子|未婚|谈恋爱|交往",
    re.IGNORECASE,
)


# Retiring: the work the person held ends ("my mom teaches third grade" / "she retired"; a
# soldier's service, 退伍 / 退役, too).
# (辞职 / 离职, "resigned", or losing the job, 被裁 / 被开除, leaves the work as retiring does:
# "她现在辞职自己开了个补习班", "她上周被裁员了")
_RETIRED = re.compile(
    r"\bretired\b|\bhung up (?:his|her|my|their|the user's) (?:tools|boots|gloves|apron|stethoscope|badge|uniform|"
    r"spurs|wrench|whistle|scrubs)\b|退休了|退伍|退役|辞职|裸辞|离职|辞(?:掉)?了?工作|转行|改行|被[\u4e00-\u9fff]{0,4}?(?:裁|辞退|开除)|下岗了|失业了",
    re.IGNORECASE,
)
# A job left in other words by whoever the clause is about: resigned, laid off, their notice
# given, their last day at a named place; not "left work early" or "my last day of school".
_POSSESSIVE = r"(?:my|their|his|her|the user's|our)"
_LEFT_JOB = re.compile(
    r"\bresigned\b|\b(?:quit|left|lost)\s+" + _POSSESSIVE + r"\s+(?:\w+\s+)?(?:job|position|role)\b"
    r"|\b(?:handed|put|turned|gave)\s+in\s+" + _POSSESSIVE + r"\s+(?:notice|resignation|two weeks)"
    r"|\b(?:handed|put|turned|gave)\s+" + _POSSESSIVE + r"\s+(?:notice|resignation)\s+in\b"
    r"|\b(?:got|was|were|been|being)\s+(?:laid off|fired|let go|made redundant)\b"
    r"|\blast day (?:at work|on the job|(?=at (?-i:[A-Z]))|at (?:the |my )?\w+(?: \w+)? (?:was|is)\b)",
    re.IGNORECASE,
)
# What such a leaving ends: a job held at a place or as a role, not all talk of work
# ("is working on their online store", "works late", "loves their new job")
_HOLDS_JOB = re.compile(
    r"\b(?:works?|working|employed)\s+(?:(?:full|part)[ -]time\s+)?(?:at|for|as|in)\s|\bjob (?:at|as|with|in)\s"
    # ... or by the work done ("drives for Uber", "teaches at Oakwood")
    r"|\b(?:drives?|driving|delivers?|delivering)\s+for\s|\bteach(?:es|ing)?\s+(?:at|in)\s",
    re.IGNORECASE,
)
# The place a job was left, named after the leaving ("laid off from Meta", "last day at Acme")
_LEFT_ORG = re.compile(r"\s*(?:from|at|with)?\s*(?:the\s+)?(?P<org>(?-i:[A-Z])[\w&.-]*)")
# A line of work said by what is done ("在杭州做电商运营", "做前端的")
_WORK_DONE_ZH = r"做[\u4e00-\u9fff]{0,3}(?:运营|销售|策划|会计|财务|行政|人事|客服|编辑|前端|后端|开发|测试)"
_WORK = re.compile(
    r"\b(?:works?|working|teach(?:es)?|teaching|job|employed|nurse|doctor|engineer|teacher|manager)\b"
    r"|工作|上班|任职|当兵|服役|部队|(?:当|做)[\u4e00-\u9fff]{0,2}(?:师|员|生|士|家|工|长)|" + _WORK_DONE_ZH,
    re.IGNORECASE,
)
# A line of work said as what someone is ("my husband Tom is a firefighter", "Sam's a paramedic")
_IS_A = re.compile(r"(?:\bis|'s|\bam|'m|\bare|'re)\s+(?:now\s+|still\s+)?(?:a|an)\s+((?:[a-z-]+\s+){0,2}[a-z-]+)", re.I)


def _holds_role(statement: str) -> bool:
    """Whether a statement says someone's line of work by what they are (``is_occupation``)."""
    said = (m.group(1).split() for m in _IS_A.finditer(statement))
    # (the role's words, up to any said after it: "a firefighter with the county")
    return any(is_occupation(" ".join(words[:k])) for words in said for k in range(1, len(words) + 1))


# A birth: the pregnancy ends ("my friend Jo is pregnant" / "she had the baby last week").
_BORN = re.compile(
    r"\b(?:had (?:the|a|her|our|their) baby|gave birth|was born|were born|baby (?:arrived|came)|delivered (?:a|the|her)|"
    # the child named by what they are ("our little boy arrived on the 3rd", "baby girl is here")
    r"(?:little (?:boy|girl|one|man|lady)|baby (?:boy|girl)|twins) (?:arrived|came|is here|are here)|"
    # the child named, with a birth weight ("Amara arrived on Tuesday, 3.2kg"), or "she's here!!!"
    r"(?-i:[A-Z])\w+ arrived\b(?=[^.]*?\b\d+(?:\.\d+)?\s?(?:kg|lbs?|pounds?)\b)|(?:she|he)(?:'s| is) (?:finally )?here(?=\s*!))\b"
    r"|出生了|生了(?:个|一个)?(?:男孩|女孩|宝宝|儿子|女儿)",
    re.IGNORECASE,
)
_EXPECTING = re.compile(r"\b(?:pregnant|expecting)\b|怀孕|怀上了", re.IGNORECASE)
# Trying for a baby ("we're trying for a baby", "在备孕"): what a pregnancy told ends
_TRYING = re.compile(
    r"\btrying (?:for (?:a|another) baby|to (?:conceive|get pregnant|have a baby))\b|\bTTC\b|备孕|在要(?:孩子|宝宝|二胎)",
    re.IGNORECASE,
)
# Graduating: the studies the person was in end ("I'm studying nursing" / "I graduated in May").
# A new job taken ("took a full-time job at Pixar", "joined Stripe", "got hired at the bakery"),
# and the work it ends: another employer, or a status of working for no one in particular.
_NEW_JOB = re.compile(
    r"\b(?:took|got|accepted|landed|started|began|has|have|(?:took|taken|taking|take) up) (?:a |an |the )?"
    r"(?:new |full-time |full time |part-time |"
    r"permanent |staff |salaried )*(?:job|position|role) (?:at|with|in|as) \S"
    # ... of a kind said ("finally landed an onshore job in Aberdeen"), never one only had ("has a boring job")
    r"|\b(?:took|got|accepted|landed|started|began) (?:a |an |the )?(?:[a-z-]+ ){1,2}(?:job|position|role) (?:at|with|in|as) \S"
    r"|\bjoined\s+(?-i:[A-Z])|\b(?:was|got|been) hired (?:by|at|on at|as)\s+(?:the\s+)?\S"
    r"|\bgot an offer from \S+(?: \S+)? and (?:took|accepted) it\b"
    # "took an offer at Stripe", "accepted the offer from Deloitte", "started as a sous chef at a hotel",
    # "got promoted to assistant principal"
    r"|\b(?:took|accepted|signed) (?:an|the|a|their) (?:job |full-time |new )?offer (?:at|from|with) \S"
    # (when said between: "starting monday as a receptionist at a dental office")
    # (the article left out: "I start as comms officer at a charity", not "start as soon as ...")
    r"|\b(?:started|starting|began|starts?) (?:(?:work|working) )?as "
    r"(?!(?:(?:a|an|the) )?(?:volunteer|soon|well|much|long|early|usual|normal|planned|always|before|expected|agreed)\b)"
    r"(?:(?:a|an|the) )?[\w -]{2,40}?\b(?:at|with|for) \S"
    # ... the speaker's, with when said between ("The user is starting monday as a receptionist at ...")
    r"|(?:(?<=^the user is )|(?<=^i'm )|(?<=^i am ))starting (?:(?:on |this |next )?(?:mon|tues|wednes|thurs|fri|satur|sun)day "
    r"|tomorrow |next (?:week|month) )as (?:a|an) (?!volunteer)[\w -]{2,40}?\b(?:at|with|for) \S"
    r"|\bgot promoted to \S|\bwas promoted to \S|\bwent in-house (?:at|with|for) \S"
    # "started at a recruiting agency", "started at Deloitte" (not "started at 9am")
    r"|\b(?:started|starting|began) (?:work(?:ing)? )?at (?:a |an |the )?(?:[\w-]+ ){0,2}"
    r"(?:agency|company|firm|startup|bank|hospital|clinic|school|store|restaurant|cafe|office|studio|lab|practice)\b"
    r"|\b(?:started|starting|began) (?:work(?:ing)? )?at (?-i:[A-Z])\w"
    # the job applied for, got ("I got the ward manager job!"), not its interview or its offer
    r"|\bgot (?:the|that) (?:[\w-]+ ){1,3}(?:job|position|role)\b(?! (?:interview|offer|application|advert))"
    # back at work after staying home ("went back part time at the library"), 找了个半天的班
    r"|\b(?:went|gone|have gone|has gone) back (?:to (?:(?:part|full)[- ]time )?work|(?:part|full)[- ]time)\b|\breturned to work\b"
    r"|跳槽(?:了|到|去)|换了(?:一)?(?:份|个)?工作|(?<!没)入职了|(?<!没)找(?:了|到了?)(?:个|份)[\u4e00-\u9fff]{0,4}(?:班|工作)",
    re.IGNORECASE,
)
_WORK_STATUS = re.compile(
    r"\b(?:works? (?:(?!out\b)[\w-]+ ){0,2}(?:at|for|as)|working (?:(?!out\b)[\w-]+ ){0,2}(?:at|for|as)|employed (?:at|by|as)|(?:job|position|role) (?:at|with)|freelanc\w*|"
    # a teacher's or a nurse's work said by what they do ("teaches high school chemistry")
    r"teach(?:es|ing)? (?:\w+ )?(?:\w+ )?(?:grade|school|class(?:es)?|at|science|math|english|history|chemistry|"
    r"biology|physics|art|music|kindergarten|preschool)|"
    r"self-employed|unemployed|between jobs|job.hunting|looking for (?:a |an )?(?:new )?(?:job|work)|out of work|"
    # a parent at home, no job held ("I'm a stay-at-home mum", 全职妈妈)
    r"stay[- ]at[- ]home (?:mum|mom|dad|parent|mother|father)|homemaker|housewife|househusband|"
    # ... or retired ("I'm retired, living off my pension"), said of the speaker
    r"(?:i'm|i am|the user is) (?:now )?retired)\b|全职(?:妈妈|太太|主妇|爸爸|宝妈)|家庭主妇|(?:用户|我)(?:已经)?退休了"
    # 在腾讯上班, 在一家外企做会计
    r"|在[^，,。]{1,12}(?:上班|工作|任职|实习)|在[^，,。]{0,8}(?:公司|企|厂|医院|学校|银行|事务所)[^，,。]{0,2}(?:做|当)|"
    + _WORK_DONE_ZH,
    re.IGNORECASE,
)
_GRADUATED = re.compile(
    r"\b(?:graduated|got (?:my|their|his|her) degree|finished (?:my|their|his|her) degree"
    # a doctorate's end: the viva or the defence passed ("passed my viva on Friday", "defended my thesis")
    r"|passed (?:my|their|his|her) (?:viva|defen[cs]e|thesis defen[cs]e)|defended (?:my|their|his|her) (?:thesis|dissertation|phd))\b"
    r"|毕业(?:了|啦|回国|回来)|答辩(?:过了|通过了)",
    re.I,
)
# Studies left before their end ("he's dropped out", "she quit uni", 退学了): they end as a graduation ends them
_DROPPED_OUT = re.compile(
    r"\b(?:dropped out|(?:quit|left|withdrew from|packed in|jacked in) (?:uni|university|college|school|"
    r"(?:my|his|her|their|the) (?:course|degree|studies|masters|master's|phd|apprenticeship))\b)|(?:退学|休学|辍学)了|肄业",
    re.IGNORECASE,
)
_STUDYING = re.compile(
    r"\b(?:studying|student|majoring|(?:in|at) (?:college|uni|university|grad school|nursing school|law school|med school)"
    r"|doing (?:a|my|their) (?:degree|masters|master's|phd|bachelor's))\b|在读|读大学|读研|读博|留学|学生(?!家长|会)|大[一二三四]|研[一二三]|高[一二三]",
    re.IGNORECASE,
)


def _died(person: str, statement: str) -> bool:
    """Whether the statement says the person themself died ("my grandma passed
    away"), not something of theirs ("my sister's plant died")."""
    said = re.search(
        re.escape(person) + r"(?:\s+(?:has|just|sadly|suddenly))*\s+(?:" + _DEATH_EN + r")\b"
        r"|" + re.escape(person) + r"[^，,。]{0,16}?(?:" + _DEATH_ZH + ")",
        statement,
        re.IGNORECASE,
    )
    return said is not None and not negated(statement)


# Who can die: a pet or a person of the speaker's by kind ("we lost our dog", not "lost my job").
_MORTAL = (
    r"dog|cat|puppy|kitten|bird|parrot|hamster|rabbit|bunny|horse|pony|guinea pig|turtle|tortoise|"
    r"grandma|grandpa|grandmother|grandfather|mom|mum|mother|dad|father|aunt|uncle|friend"
)
# One of the speaker's own who died, named ("Biscuit passed away") or by kind ("our dog
# died"): not a person of their own subject, so it ends what the speaker's beliefs say of it.
_DEAD_OF_MINE = re.compile(
    r"(?:\b(?:my|our|his|her|their|user's)\s+(?:old\s+|sweet\s+|beloved\s+)?(?P<kind>[a-z]+)|\b(?P<name>(?-i:[A-Z])[a-z]+)"
    r"|\bthe\s+(?:old\s+)?(?P<the>" + _MORTAL + r"))"  # "the dog died last week": one of theirs by kind
    r"(?:\s+(?:has|had|just|sadly|suddenly|finally))*\s+(?:" + _DEATH_EN + r")"
    # "we lost Max last month", "we had to put our cat down": the loss said of the speaker
    r"|\b(?:we|i|the user)\s+(?:(?:sadly|just|finally|recently)\s+)?(?:lost|had to put|put)\s+"
    r"(?:(?:my|our|their|the user's)\s+(?:old\s+|sweet\s+|beloved\s+)?(?P<lost>" + _MORTAL + r")|"
    r"(?P<lost_name>(?-i:[A-Z])[a-z]+)"
    # a name typed in lower case, said with when ("we lost biscuit on tuesday"): kept only where a
    # belief introduced it as a name ("a tabby called biscuit"), see ``ended_by_death``
    r"|(?P<lost_low>(?-i:[a-z]{3,}))(?=\s+(?:on\s+\w+day|on\s+\d+|in the week of|yesterday|today|this morning|"
    r"last night|last week|over the weekend)\b))"
    r"\b(?(lost)|(?!\s+to\s+(?-i:[A-Z])))"  # not "lost to Boston"
    r"(?<=\w)(?:\s+down)?",
    re.IGNORECASE,
)


def _names_the_dead(dead: frozenset[str], statement: str) -> bool:
    """Whether a belief names the one who died: by their words, or, for a name typed in lower
    case in the death, as a name ("a tabby called Biscuit"; not "gas heating" for "lost heating")."""
    return all(
        re.search(rf"\b(?:called|named)\s+{re.escape(w)}\b", statement, re.IGNORECASE) is not None
        or re.search(rf"\b{re.escape(w)}\b", statement) is not None
        if w[:1].isupper()
        else w in topic_words(statement)
        for w in dead
    )


def ended_by_death(dead: frozenset[str], beliefs: Sequence[BeliefView]) -> tuple[BeliefView, ...]:
    """The beliefs that held of the one who died: they name them, and are no death."""
    if dead == NICKNAMED_PET:  # "小家伙" may be a child of theirs as well as a pet
        return () if any(_A_CHILD.search(b.statement) for b in beliefs) else _pet_beliefs(beliefs)
    return tuple(
        b
        for b in beliefs
        if (all(w in b.statement for w in dead) if all(is_cjk(w) for w in dead) else _names_the_dead(dead, b.statement))
        and not _DIED.search(b.statement)
    )


# "旺财上个月去世了", "我家狗昨天死了": one of the speaker's by name or kind, then when, then the death
_DEAD_OF_MINE_ZH = re.compile(
    r"^(?:用户(?:家)?的?)?(?P<who>[\u4e00-\u9fff]{1,3}?)(?:\d{4}年[^，,。]{0,12}?|上个月|上周|昨天|前天|前两天|前几天|这两天|今天|最近|"
    r"(?:今年|去年)?[春夏秋冬]天)?"
    r"(?:已经|突然|不幸)?(?:" + _DEATH_ZH + r"|死了|走了(?=[。！!]|$|\s*[💔🙏🕯🌈😢😭🥲])"
    # "走了" said of a death by what follows it: "豆豆上周走了，老死的，走得很安详"
    r"|" + GONE_FOR_GOOD_ZH + r")"
)


# A pet said of by a pet name, not its own ("we had to put the old girl down", "小家伙前两天走了")
_PET_NICKNAME_EN = r"(?:the|our|my)\s+(?:old|big|little|sweet)\s+(?:girl|boy|lady|fella|guy|man)"
_PET_NICKNAME_ZH = ("小家伙", "老家伙", "小东西", "毛孩子", "小可爱")
_NICKNAMED_DEAD = re.compile(
    r"\b(?:we|i|the user)\s+(?:(?:sadly|just|finally|recently)\s+)?(?:lost\s+"
    + _PET_NICKNAME_EN
    + r"|(?:had to\s+)?put\s+"
    + _PET_NICKNAME_EN
    + r"\s+down\b(?!\s+for\b))|\b"
    + _PET_NICKNAME_EN
    + r"\s+(?:(?:has|had|just|sadly)\s+)*(?:"
    + _DEATH_EN
    + r")",
    re.IGNORECASE,
)
NICKNAMED_PET = frozenset(["(a pet said of by a pet name)"])
_DEATH_CUE_ZH = re.compile(r"老死|病死|安详|寿终|享年|火化|安葬|喵星|汪星|天堂|难过|伤心|舍不得|哭|🥲|😭|😢|💔|🙏|🕯|🌈")
_A_CHILD = re.compile(
    r"儿子|女儿|孩子|宝宝|外甥|侄|外孙|孙子|孙女|\b(?:son|daughter|baby|kid|toddler|grandson|granddaughter)s?\b", re.I
)
_PET = re.compile(
    r"\b(?:dog|cat|puppy|kitten|pup|parrot|budgie|hamster|rabbit|bunny|guinea pig|tortoise|turtle|retriever|labrador|"
    r"labrador|collie|beagle|spaniel|terrier|poodle|greyhound|husky|tabby|ferret|gerbil|goldfish)s?\b"
    r"|狗|猫|仓鼠|兔|鹦鹉|金鱼|乌龟|龙猫|柯基|泰迪|金毛|哈士奇|柴犬|布偶",
    re.IGNORECASE,
)


_SEVERAL = re.compile(
    r"\b(?:two|three|four|both|several|a couple of)\b|\b(?:dogs|cats|puppies|kittens|rabbits|hamsters)\b|两只|几只|三只",
    re.IGNORECASE,
)
_PET_NAME = re.compile(r"\b(?:named|called)\s+((?-i:[A-Z])\w+)|叫([\u4e00-\u9fff]{1,3}?)(?=[，,。的]|$)")


def _pet_beliefs(beliefs: Sequence[BeliefView]) -> tuple[BeliefView, ...]:
    """The beliefs about the speaker's pet, where they have one: all that name a pet, when they
    name no more than one by name ("an old golden retriever named Sunny"); none for two pets."""
    held = tuple(b for b in beliefs if _PET.search(b.statement) and not _DIED.search(b.statement))
    if any(len(_PET.findall(b.statement)) > 1 or _SEVERAL.search(b.statement) for b in held):
        return ()  # "two dogs, a lab and a beagle": which one, the words do not say
    names = {latin or cjk for b in held for latin, cjk in _PET_NAME.findall(b.statement)}
    return held if len(names) <= 1 else ()


def dead_of_mine(statement: str) -> frozenset[str]:
    """The words naming one of the speaker's own that died ("biscuit", "dog"), else none; also
    read of an event told with its date ("we lost Max last month"), which ends what held of them."""
    zh = _DEAD_OF_MINE_ZH.search(statement) if is_cjk(statement) else None
    if zh is not None and zh.group("who") in _PET_NICKNAME_ZH:
        # "小家伙前两天走了" may be a visitor who left: a death said in words only ("去世", "死了",
        # "走了，老死的"), never a bare 走了
        if zh.group(0).endswith("走了") and not _DEATH_CUE_ZH.search(statement[zh.end() :]):
            return frozenset()
        if re.search(RELATIONS_ZH_WORDS + r"|外甥|侄", statement):
            return frozenset()
        return NICKNAMED_PET
    if zh is not None and zh.group("who") not in ("用户", "我", "我们", "他", "她", "它"):
        return frozenset([zh.group("who")])
    if not is_cjk(statement) and _NICKNAMED_DEAD.search(statement) and not negated(statement):
        return NICKNAMED_PET
    m = _DEAD_OF_MINE.search(statement)
    if m is None or negated(statement) or re.search(r"\bone of\b", statement, re.IGNORECASE):
        return frozenset()  # "one of our hens died": the others are still there
    if m.group("lost_low"):  # written as a name: what held of it names it so
        return frozenset([m.group("lost_low").capitalize()])
    if m.group("lost") is None and m.group("lost_name") is None and not re.search(_DEATH_EN, m.group(0), re.I):
        return frozenset()
    return topic_words(m.group("kind") or m.group("name") or m.group("the") or m.group("lost") or m.group("lost_name"))


def _names(statement: str) -> frozenset[str]:
    """The names a statement says (its capitalised words), for Chinese the two
    characters either side of 和 / 跟 ("小王和我") or after 叫; only a name both statements
    say ties them, so an opening capital ("The", "Sadly") ties nothing."""
    if is_cjk(statement):
        said = re.findall(r"[\u4e00-\u9fff]{2}(?=和|跟|与)|(?<=[和跟与叫])[\u4e00-\u9fff]{2}", statement)
        return frozenset(n for n in said if n[0] not in "你我他她它")  # "跟你说个事" names no one
    return frozenset(re.findall(r"\b(?!The\b)[A-Z][a-z]+\b", statement))


# A stay away from ordinary life (in hospital, in rehab, off sick), and its end said
_AWAY = re.compile(
    r"\b(?:in (?:the )?(?:hospital|hosp|rehab|icu|intensive care|a&e|prison|jail)|admitted|on (?:bed ?rest|sick leave|"
    r"medical leave)|off (?:sick|work))\b|住院|在医院|住进了?(?:医院|ICU)|请了病假",
    re.IGNORECASE,
)
_BACK_FROM = re.compile(
    r"\b(?:(?:was|were|got|been|is|'s|are|being) discharged|released from|out of (?:the )?(?:hospital|rehab|icu|prison|jail)|"
    r"(?:back|home) from (?:the )?(?:hospital|rehab)|back (?:at|to) work|allowed home|sent home)\b|出院|回来上班了",
    re.IGNORECASE,
)
# Being single, and a partner had now ("we're official now", "got a girlfriend", 脱单了)
_SINGLE = re.compile(
    r"\b(?:is|am|'m)\s+(?:still\s+|currently\s+|happily\s+)?single\b|\bnot (?:seeing|dating) any(?:one|body)\b|单身",
    re.I,
)
_PARTNERED_NOW = re.compile(
    r"\b(?:we're|we are|we've been)\s+(?:now\s+|finally\s+)?(?:together|a couple|dating)\b|"
    r"\b(?:is|am|'m|are|'re)\s+(?:now\s+|finally\s+)?(?:official|exclusive)\b|"
    r"\bmade it official\b|\b(?:got|have|found) (?:a|myself a) (?:new )?(?:boyfriend|girlfriend|partner)\b|"
    r"\b(?:is|am|'m) (?:now )?(?:seeing someone|in a relationship|taken)\b|脱单|有对象了|谈恋爱了|交了(?:个)?(?:男|女)朋友",
    re.IGNORECASE,
)


def _of_a_couple(statement: str) -> bool:
    """Whether a belief says what a couple's end ends: a partner, an engagement, a home shared."""
    return _PARTNER.search(statement) is not None or _A_COUPLE.search(statement) is not None


def called_off(statement: str) -> bool:
    """Whether a statement says something was called off ("he called it off", 退婚): of a
    couple, only an engagement ends by it."""
    return _CALLED_OFF.search(statement) is not None and not negated(statement)


def breaks_up(statement: str) -> bool:
    """Whether a statement says a couple ended ("we broke up", "我们分手了")."""
    return _BROKE_UP.search(statement) is not None and not negated(statement)


# The speaker's own couple, the step taken ("the user is engaged", "we got married", "我俩领证了")
_OURS_COUPLED = re.compile(
    r"^(?:the user is|we|we're|we are|we've)\b|(?:用户|我们|用户们)俩[^，,。]{0,12}?(?:领证|结婚|订婚)了"
    r"|^(?:我们|用户们|用户)(?:已经|终于|也|上个月|昨天|今天|前天|上周|\d{4}年[^，,。]{0,10}?)?(?:领证|结婚|订婚)了",
    re.IGNORECASE,
)
_NOT_YET_COUPLED = re.compile(
    r"打算|准备|还没|没有|不打算|暂时不|想|要去|催|下个月|明年|\b(?:will|going to|gonna|planning|plan to|soon|someday)\b",
    re.IGNORECASE,
)
# Capitalised words of a partner's belief that name no one ("The", a place): not the partner
_NOT_A_PARTNER = frozenset(["The", "User", "We", "They", "He", "She", "It"])


def couples(statement: str) -> bool:
    """Whether a statement says a couple's next step ("Tom and I got engaged")."""
    return _COUPLED.search(statement) is not None and not negated(statement)


def born(statement: str) -> bool:
    """Whether a statement says a baby was born ("our daughter Ella was born", "she had
    the baby"): the parents' expecting ends, whoever the statement is about."""
    return _BORN.search(statement) is not None and not negated(statement)


def couple_step(statement: str) -> bool:
    """Whether a statement is about a couple as one (an engagement, a wedding, a
    break-up): what the speaker said of their partner is then theirs to end."""
    return (breaks_up(statement) or couples(statement)) and not _OTHERS_OF_THEIRS.match(statement)


# A thing held by article or possessive ("has a membership at PureGym", "owns two kayaks")
# is what an ending said of a pronoun (``ENDED_PRONOUN``) can end.
# "quit three weeks ago, cold turkey", "I finally stopped": the speaker stopped, with nothing
# said after the verb but when or how; what they stopped is what they spoke of last.
_QUIT_BARE = re.compile(
    r"^(?:the user(?:'s\s+\w+)?|i)\s+(?:(?:finally|just|actually|officially|already)\s+)*(?:quit|stopped|gave up"
    r"|(?:unsubscribed|cancell?ed)(?=\s*(?:$|[,.;!])))"
    r"(?=\s*(?:$|[,.;!]|(?:in|on|last|this|yesterday|today|recently|for good|cold turkey|a (?:week|month|year)|"
    r"\d+|one|two|three|four|five|six|a few|several|about|around|over)\b))",
    re.IGNORECASE,
)
# A habit or a job said in the present: "The user smokes about half a pack a day", "works at Acme".
_HABIT = re.compile(
    r"^(?:the user|(?-i:[A-Z])\w+)(?:'s\s+\w+)?\s+(?:(?:usually|still|also)\s+)?"
    r"(?!(?:is|has|was|does|loves|likes|hates|prefers|enjoys|knows|wants|needs|thinks|feels)\b)\w+s\b",
    re.IGNORECASE,
)
# The same in Chinese, its object left unsaid: 已经放弃了, 上个月退卡了, 戒了.
_ENDED_UNSAID_ZH = re.compile(
    r"(?:^|[，,]\s*)(?:用户)?(?:已经|早就|上个?月|上周|前几天|最近|后来|终于)?(?:\d{4}年[^，,。]{0,12}?)?"
    r"(?:放弃了|戒了|退了|退卡了|不去了|不学了|不干了|停了|取消了|辞了|辞职了|裸辞了|离职了|退订了|不玩了|到期了|过期了)"
)
# ... said last, after what led to it ("医生让我停药了，现在已经不吃了")
_ENDED_LAST_ZH = re.compile(r"(?<=[，,])\s*" + BARE_ENDED_ZH.pattern.removeprefix("^"))
_A_THING = re.compile(
    r"\b(?:has|have|owns?|owning|rents?|renting|keeps?|keeping|pays? for|paying for|subscribes? to|drives?|driving|got|gets?|"
    r"bought|adopted)\s+"
    r"(?:a|an|the|two|three|their|\d+)\s+\w"
    # a thing of theirs said by its make ("the user's washing machine is a Bosch", "car's a 2012 Civic")
    r"|\b(?:user's|their|our|my)\s+(?:[\w-]+\s+){0,2}[\w-]+(?:\s+is|'s)\s+(?:a|an)\s+(?:\d{4}\s+)?(?-i:[A-Z])"
    # a medicine taken by its name ("takes warfarin", "takes sertraline 50mg daily")
    r"|\b(?:takes?|taking)\s+(?!(?:a|an|the|my|their|it|them|care|time|part|turns)\b)[a-z]{5,}\b"
    # a device of a make the speaker does something on ("reads on a Kindle Paperwhite")
    r"|\b(?:reads?|reading|plays?|playing|listens?|writes?|works?|types?|draws?|edits?)\s+(?:on|with)\s+"
    r"(?:a|an|the|their|my)\s+(?-i:[A-Z])"
    r"|\b(?:subscribed to|subscribes? to|pays? for|paying for|signed up (?:for|with|to)|enrolled in|(?:a )?member (?:of|at)|"
    r"volunteers? (?:at|with)|"
    r"goes to|go to|attends?)\s+\S"
    # a medication by its name or its form ("is on Lexapro 10mg", "is on birth control pills")
    r"|\b(?:is|am|are)\s+on\s+(?:[A-Z]\w+|\d|(?:[a-z]+\s+){0,2}(?:pills?|meds|medication|tablets|patch|shots|injections|inhaler))"
    # ... or typed in lower case, with how much or how often ("is on metformin twice a day")
    r"|\b(?:is|am|are)\s+on\s+[a-z]{5,}\s+(?:\d|twice|once|daily|every|each)"
    # a plan or a trial one is on ("is on a 3-month trial of the Peloton app", "is on the family plan")
    r"|\b(?:is|am|are)\s+on\s+(?:a|an|the|their)\s+(?:[\w-]+\s+){0,3}(?:trial|plan|subscription|program|programme|"
    r"contract|lease|waitlist|waiting list)\b"
)


# "doesn't play anymore", "no longer drives since the accident": the verb denied with its
# object left out, so it denies the verb as held, whatever it was done to.
_STOPPED_VERB = re.compile(
    r"\b(?:don't|doesn't|do not|does not|no longer)\s+(?P<verb>[a-z]+)\s+(?:any ?more|now)?"
    r"(?=\s*(?:[,.;!]|$|since\b|because\b|after\b|due to\b))",
    re.IGNORECASE,
)


# "haven't volunteered in months", "hasn't played since March": a habit not kept up, so over
_NOT_DONE_IN = re.compile(
    r"\b(?:haven't|hasn't|have not|has not)\s+(?:really\s+|actually\s+)?(?P<verb>[a-z]{3,}ed|gone|played|been)\b"
    r"(?=(?:\s+[\w']+){0,3}?\s+(?:in|for)\s+(?:months|weeks|years|ages|a while|a long time|(?:a|two|three|four|five|six|"
    r"several|a few|a couple(?: of)?|\d+)\s+(?:weeks|months|years))\b)",
    re.IGNORECASE,
)


def studies_or_work_ended(statement: str) -> bool:
    """Whether an English statement says studies finished or a working life ended ("graduated on
    Friday", "passed my viva last week", "retired in June"): what holds from then on, however dated."""
    return not is_cjk(statement) and bool(_GRADUATED.search(statement) or _RETIRED.search(statement))


def _stopped_doing(old: str, new: str) -> bool:
    """Whether the new statement denies, with no object, the verb the old one holds."""
    lapsed = _NOT_DONE_IN.search(new)
    if lapsed is not None and lapsed.group("verb").lower() not in ("gone", "been"):
        verb = topic_words(lapsed.group("verb"))
        return bool(verb) and verb <= topic_words(old)
    m = _STOPPED_VERB.search(new)
    if m is None or not re.search(r"\bany ?more\b|\bno longer\b|\bnow\b", m.group(0), re.IGNORECASE):
        return False
    verb = topic_words(m.group("verb"))
    return bool(verb) and verb <= topic_words(old)


# An amount someone moved, its thing left to the pronoun ("landlord bumped it to 1600",
# "they raised it to 17.99") or to the topic said before (房东从三月开始涨到4000了).
MOVED_IT = (
    r"(?:\b(?:raised|bumped|upped|increased|hiked|lowered|cut|dropped|reduced|put|pushed|moved|changed|doubled|"
    # ... or the speaker's version of a thing ("IT upgraded me to 24.04")
    # (a thing named bare: "moved standup to tuesdays", "bumped rent to 1500"; not "moved house to")
    r"halved|upgraded|downgraded|updated)\s+(?:it|them|me|us|the user|(?:the user's|their|the)\s+[\w-]+(?:\s+[\w-]+)?"
    r"|(?!(?:house|home|in|out|back|over|up|down|on|away|forward|him|her|you|everyone|everybody|people)\b)"
    r"[a-z]+(?:[ -](?!to\b)[a-z]+)?)"
    r"\s+(?:up\s+|down\s+)?to\s+"
    # ("they shifted me to sundays": one who moves the speaker on a rota, the speaker only)
    r"|\b(?:shifted|shuffled|swapped|rescheduled|rebooked)\s+(?:me|us|the user|it|them)\s+(?:over\s+)?to\s+)"
    r"(?:(?:like|about|around|roughly|almost|nearly)\s+)?"  # "upped it to like 35k a week"
)
_MOVED_IT = re.compile(
    MOVED_IT + r"(?P<v>[$€£¥]?\d[\d,.]*\d|[$€£¥]?\d)(?![\d:])(?:(?P<pct>\s?%)|(?!\s*(?:am|pm|:|%)))", re.IGNORECASE
)
_COUNTED_ZH = re.compile(r"(\d+(?:\.\d+)?)[\u4e00-\u9fff]{1,3}")
_HOW_OFTEN_ZH = re.compile(r"[一二两三四五六七八九十\d]+(?:天|周|星期|个月|月|年|次|小时|分钟)")
_PERCENT = re.compile(r"(\d[\d,.]*)\s?%")
_WEEKDAYS = r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?"
_WEEKDAY = re.compile(r"\b" + _WEEKDAYS + r"\b", re.IGNORECASE)
_MONTHS_SAID = MONTHS + r"|jan|feb|apr|jun|jul|aug|sept?|oct|nov|dec"  # "pushed it to sept 20th"
_MONTH = re.compile(r"\b(?:" + _MONTHS_SAID + r")\b", re.IGNORECASE)
# ... or said of the thing itself, moved by no one named ("the 1:1 got moved to thursdays")
_GOT_MOVED = (
    r"\b(?:got|was|were|is|are|'s|has been|have been|been|just got)\s+(?:moved|pushed|rescheduled|bumped|changed|"
    r"shifted|switched)\s+(?:back\s+|up\s+|over\s+)?to\s+"
)
_MOVED_DAY = re.compile(
    r"(?:" + MOVED_IT + r"|" + _GOT_MOVED + r")(?P<v>" + _WEEKDAYS + r")\b"
    # "it's on fridays at 11 now": the day of the thing spoken of last, said as it is now
    r"|^(?:it's|it is)\s+(?:now\s+)?on\s+(?P<on>" + _WEEKDAYS + r")\b(?=.*\bnow\b)"
    # "physio's moving to wednesdays at 3 from next week": a thing of the speaker's, named by one word
    r"|^(?:the\s+|my\s+|our\s+)?(?P<thing>[a-z]{3,})(?:'s|\s+is)\s+(?:moving|switching|changing)\s+to\s+(?P<to>"
    + _WEEKDAYS
    + r")\b",
    re.IGNORECASE,
)
# "airline moved it to the 15th, same time", "the hearing got pushed to the 3rd": a day of the
# month moved, the month left unsaid; of the beliefs holding one such day, the one said last
_MOVED_DATE = re.compile(
    r"(?:" + MOVED_IT + r"|" + _GOT_MOVED + r")(?:the\s+)?(?P<v>\d{1,2}(?:st|nd|rd|th))\b"
    # (the day alone, not a step named after it: "moved him to the 2nd grade")
    r"(?!\s+(?:of\s+)?(?:" + _MONTHS_SAID + r")\b)(?!\s+(?!(?:at|for|in|instead|now|next|this|same|because|so|and|but|"
    r"apparently|from|of)\b)[a-z])",
    re.IGNORECASE,
)
_DAY_OF_MONTH = re.compile(
    r"\b\d{1,2}(?:st|nd|rd|th)\b(?!\s+(?:of\s+)?(?:" + _MONTHS_SAID + r"|floor|grade|year|birthday)\b)", re.I
)
# "pushed it to 8:30 for the summer", "the standup got moved to 10am", "it's at 10 now": a time moved
_CLOCK = re.compile(r"\b\d{1,2}(?::\d{2})?\s?(?:am|pm)\b|\b\d{1,2}:\d{2}\b|(?<=\bat )\d{1,2}\b", re.IGNORECASE)
_MOVED_TIME = re.compile(
    r"(?:" + MOVED_IT + r"|" + _GOT_MOVED + r")(?P<v>\d{1,2}(?::\d{2})?\s?(?:am|pm)\b|\d{1,2}:\d{2}\b)"
    r"|^(?:it's|it is)\s+(?:now\s+)?at\s+(?P<at>\d{1,2}(?::\d{2})?(?:\s?(?:am|pm))?)\b(?=.*\bnow\b)"
    # "it starts at 2pm instead": the thing spoken of last begins at another time
    r"|(?:^|,\s*)(?:it|they|(?:the user's|the|our|my)\s+(?P<what>[\w' -]{1,30}?))\s+(?:now\s+)?(?:starts?|begins?)\s+at\s+(?P<starts>\d{1,2}(?:[:.]\d{2})?(?:\s?(?:am|pm))?)\b"
    r"(?=.*\b(?:now|instead|these days|from now on)\b)",
    re.IGNORECASE,
)
# A change made once in Chinese: a lesson made up, a leave taken, a day of a dated week ("这周三",
# written as its date)
ONCE_ZH = re.compile(
    r"补(?:一次|一节|课|上一次)|请假|临时|就这一次|这一次|(?:这|本)(?:个)?(?:周|星期|礼拜)[一二三四五六日天]|"
    r"\d{4}年\d{1,2}月\d{1,2}日(?:周|星期)"
)
# "课调到周六上午了", "改到星期四了": the day of a standing thing moved
_WEEKDAY_ZH = re.compile(r"(?:周|星期|礼拜)[一二三四五六日天]")
# (of a month's weeks too: "改到每月最后一个周日")
_MOVED_DAY_ZH = re.compile(
    r"(?:调到|改到|挪到|换到|改成|换成|改在|调成)(?:每个?月|每周)?(?:第[一二三四]个|最后一个)?(?P<v>(?:周|星期|礼拜)[一二三四五六日天])"
)
# "trip's pushed back to October", "the launch got postponed until June": a plan's month moved
_MOVED_MONTH = re.compile(
    r"\b(?:push(?:ed)?|mov(?:ed?)|postponed?|delay(?:ed)?|rescheduled?|bump(?:ed)?)"  # "had to push the wedding to ..."
    r"(?:\s+(?:it|them|back|out|up|forward|(?:the|our|my|their)\s+[\w-]+(?:\s+[\w-]+)?|(?-i:[A-Z])[\w-]+))*"
    r"\s+(?:to|for|until|till)\s+(?:next\s+)?(?:early\s+|mid-?\s*|late\s+|the end of\s+|end of\s+)?(?P<v>(?:"
    + _MONTHS_SAID
    + r")\b"
    r"(?:\s+\d{1,2}(?:st|nd|rd|th)?\b(?!\s*(?:am|pm|:)))?)",
    re.IGNORECASE,
)
# A month said with its day or without ("march 3rd", "the 19th of march", "march"), as one value:
# "pushed it to march 19" moves the visa appointment of "march 3rd".
_MONTH_DAY = re.compile(
    r"\b(?P<m>" + _MONTHS_SAID + r")\b(?:\s+(?P<d>\d{1,2})(?:st|nd|rd|th)?\b(?!\s*(?:am|pm|:)))?"
    r"|\b(?:the\s+)?(?P<d2>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<m2>" + _MONTHS_SAID + r")\b",
    re.IGNORECASE,
)


def _month_days(statement: str) -> list[str]:
    """The months said, each with its day where one is said ("march 3rd" -> "mar 3")."""
    out = []
    for m in _MONTH_DAY.finditer(statement):
        month, day = (m.group("m") or m.group("m2")).casefold()[:3], m.group("d") or m.group("d2")
        out.append(f"{month} {int(day)}" if day else month)
    return out


# A date moved, its thing left unsaid ("导师松口了，可以延到6月10号再交"): of the beliefs holding a
# date, the one said last.
_DATE_SAID_ZH = (
    r"\d{1,2}月\d{1,2}[号日]|[一二三四五六七八九十]{1,2}月(?:[一二三四五六七八九十]{1,3}[号日])?|\d{1,2}月(?:底|初|中)?"
)
_DATE_ZH = re.compile(_DATE_SAID_ZH)
_MOVED_DATE_ZH = re.compile(r"(?:延|延期|推迟|推|提前|挪|改|调|往后推|往后挪)(?:到|至)(?P<v>" + _DATE_SAID_ZH + r")")
MOVED_ZH = r"^(?!我|用户)[^，,。]{0,12}?(?:涨|降|调|提|加|减)(?:到|至|成)"
_MOVED_ZH = re.compile(
    MOVED_ZH + r"(?P<v>\d+(?:\.\d+)?|[一二两三四五六七八九十][零一二两三四五六七八九十百千万]*)(?![\d.]|点|号|月|日|岁)"
)


# Someone moved the speaker (or one of theirs) to something else: "my psychiatrist switched me
# to Zoloft", "the vet switched my dog to a kidney diet"; the subject as the statement names it.
_SWITCHED_BY_CARER = re.compile(
    r"\b(?:switched|moved|changed|transferred)\s+(?P<who>the user(?:'s\s+[\w-]+(?:\s+(?-i:[A-Z])\w+)?)?)"
    r"\s+(?:over\s+|back\s+)?(?:on|onto|to)\s+(?P<v>[^,.;]+)",
    re.IGNORECASE,
)
# A vet putting the speaker's pet on a food or a medicine, the pet said of by a pet name or a pronoun
_PET_PUT_ON = re.compile(
    r"\b(?:the\s+|our\s+|my\s+)?(?:vet|veterinarian)(?:\s+has\s+|'s\s+|\s+just\s+|\s+)"
    # (or told the speaker to: "vet told us to put her on the sensitive stomach food")
    r"(?:(?:told|asked|wants|wanted)\s+(?:us|me|the user)\s+to\s+)?(?:put|switched|moved|changed|switch|move|change)\s+"
    r"(?:" + _PET_NICKNAME_EN + r"|him|her|them|the user's\s+(?:dog|cat|puppy|kitten|pet|rabbit|bunny))\s+"
    r"(?:over\s+)?(?:on|onto|to)\s+\S",
    re.IGNORECASE,
)
# Who may: the one caring for them ("my boss moved me to the Berlin team" changes no regimen).
_CARER_WORDS = (
    r"doctor|doc|dr|psychiatrist|vet|veterinarian|gp|physician|nurse|dentist|pharmacist|therapist|"
    r"dietitian|nutritionist|specialist|cardiologist|endocrinologist|neurologist|dermatologist|pediatrician|"
    r"paediatrician|surgeon|oncologist|allergist|clinic|hospital"
)
_CARER = re.compile(r"\b(?:" + _CARER_WORDS + r")s?\b", re.IGNORECASE)
# What such a move replaces: what they take, eat, use or are on.
_ON_SOMETHING = r"\s+(?:(?:still|usually|also|now)\s+)?(?:takes|is on|is taking|eats|uses|drinks|gets|has been on|has been taking)\b"


# Those who care for one of the speaker's people, by "they" or by who they are, moving them by a
# pronoun onto another medicine or food ("they've switched him to apixaban", "the GP changed her onto ...")
_SWITCHED_HIM = re.compile(
    r"^(?:they|they've|they have|the\s+(?:" + _CARER_WORDS + r"))"
    r"\s+(?:have\s+|has\s+|'ve\s+)?(?:(?:switched|changed|swapped)\s+(?:him|her)\s+(?:over\s+)?(?:on|onto|to)|"
    r"put\s+(?:him|her)\s+(?:on|onto))\s+"
    # (not where they are put: "moved her to ward 5")
    r"(?!(?:the\s+|a\s+)?(?:ward|school|team|room|unit|floor|class|bed|home|hospital|hospice|wing|bay)\b)(?P<v>[^,.;]+)",
    re.IGNORECASE,
)
# One of the speaker's people said to be on something or take it ("Bill's on warfarin", "The user's dad takes ...")
_IS_ON_SOMETHING = re.compile(
    r"^(?:the user's\s+[\w-]+(?:\s+(?-i:[A-Z])\w+)?|(?-i:[A-Z])\w+)(?:'s\s+on|\s+is\s+on|\s+takes|\s+is\s+taking)\b",
    re.IGNORECASE,
)


def _switched_by_carer(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "my doctor switched me to Zoloft" replaces, said by one who cares for
    them (a doctor, a vet): of the beliefs saying what that person (or pet) takes,
    eats or uses, the one said last."""
    pet = _PET_PUT_ON.search(p.statement)  # "the vet put the big guy on Hill's kidney care food"
    if pet is not None and not negated(p.statement[: pet.start()]):
        held = [b for b in _pet_beliefs(beliefs) if re.search(_ON_SOMETHING, b.statement, re.IGNORECASE)]
        if held:
            fed = max(held, key=_said_last)
            return Decision("supersede", (fed,), f"replaced: {fed.statement} ({p.statement}; rule switched by a carer)")
    moved = _SWITCHED_HIM.match(p.statement)
    if moved is not None and not negated(p.statement[: moved.end()]):
        # "they've switched him to apixaban": the one of the speaker's spoken of last who is on something
        speaker = (p.subject or "").partition(":")[0]
        last = _last_held(
            [b for b in beliefs if (b.subject or "").startswith(speaker + ":")],
            lambda b: _IS_ON_SOMETHING.match(b.statement) is not None,
        )
        if last is not None and last is _last_held([b for b in beliefs if (b.subject or "").startswith(speaker + ":")]):
            reason = f"replaced: {last.statement} ({p.statement}; rule switched by a carer)"
            return Decision("supersede", (last,), reason, last.value or "", moved.group("v").strip())
    said = _SWITCHED_BY_CARER.search(p.statement)
    if said is None or negated(p.statement[: said.end()]) or not _CARER.search(p.statement[: said.start()]):
        return None
    who = re.escape(said.group("who"))
    last = _last_held(beliefs, lambda b: re.match(who + _ON_SOMETHING, b.statement, re.IGNORECASE) is not None)
    if last is None:
        return None
    reason = f"replaced: {last.statement} ({p.statement}; rule switched by a carer)"
    return Decision("supersede", (last,), reason, last.value or "", said.group("v").strip())


# The same in Chinese ("医生给她换成缬沙坦了", "兽医建议换成渴望"): what the one cared for takes or eats.
_SWITCHED_BY_CARER_ZH = re.compile(
    r"(?P<carer>医生|大夫|兽医|宠物医生|营养师)(?P<who>[^，,。！!]{0,8}?)"
    r"(?:换成|改成|改用|换了|改吃|换吃)(?P<v>[\u4e00-\u9fffA-Za-z0-9]{2,10})"
)
_ONE_OF_THEIRS_ZH = re.compile(r"[她他]|(?:用户|我)的?(?:" + RELATIONS_ZH_WORDS + ")")
_TAKES_ZH = re.compile(r"吃|服用|喂|打(?:胰岛素|针)|用[^户]")


def _switched_by_carer_zh(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "医生给她换成缬沙坦了" replaces: of the beliefs saying what one of the speaker's
    takes or eats (theirs for 她 / 他, a pet's for a vet), the one said last."""
    said = _SWITCHED_BY_CARER_ZH.search(p.statement) if is_cjk(p.statement) else None
    if said is None or negated(p.statement[: said.start()]) or re.search(r"想|要不要|打算|考虑", p.statement):
        return None
    speaker = (p.subject or "").partition(":")[0]
    someone = _ONE_OF_THEIRS_ZH.search(said.group("who")) is not None  # "给她", "给用户妈": not the speaker

    def theirs(b: BeliefView) -> bool:
        of_someone = (b.subject or "").startswith(speaker + ":") or re.match(
            "用户的?(?:" + RELATIONS_ZH_WORDS + ")", b.statement
        ) is not None
        if someone:
            return of_someone
        return said.group("carer") in ("兽医", "宠物医生") or (b.subject == speaker and not of_someone)

    held = _last_held(
        beliefs, lambda b: is_cjk(b.statement) and theirs(b) and _TAKES_ZH.search(b.statement) is not None
    )
    if held is None or said.group("v") in held.statement:
        return None
    return Decision("supersede", (held,), f"replaced: {held.statement} ({p.statement}; rule switched by a carer)")


# The speaker moved a person of theirs somewhere else ("we moved their son to a charter school",
# "pulled their daughter out of daycare"): where that person went (a school, a daycare, a home)
# is no more, said of them before.
_MOVED_THEIRS = re.compile(
    r"\b(?:moved|moving|switched|switching|transferred|transferring|pulled|pulling|enrolled)\s+"
    r"(?:their\s+(?P<rel>[\w-]+)|(?P<them>them|him|her))\s+(?:to|into|out of|from)\b"
    # (to a school, by its word or its name: "transferred them to the Montessori school across town";
    # not "moved him to the other bus route")
    r"(?=\s+(?:the\s+|a\s+|an\s+)?(?-i:[A-Z])|[^,.;]*\b(?:school|academy|college|nursery|preschool|daycare|"
    r"kindergarten|primary|secondary|high|elementary|montessori|class|uni|university)\b)",
    re.IGNORECASE,
)
_GOES_TO = (
    r"\s+(?:(?:still|now|currently)\s+)?(?:goes to|go to|attends|attend|is at|are at|is in|are in|is enrolled at|"
    r"are enrolled at|studies at|lives (?:in|at|with)|live (?:in|at|with))\b"
)


def _moved_of_theirs(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "we moved their son to a charter school" replaces: where the son goes, said last."""
    said = _MOVED_THEIRS.search(p.statement)
    if said is None or negated(p.statement[: said.end()]):
        return None
    who = r"(?:the user|[A-Z][a-z]+)'s\s+" + (re.escape(said.group("rel")) if said.group("rel") else r"[\w-]+")
    last = _last_held(beliefs, lambda b: re.match(who + _GOES_TO, b.statement, re.IGNORECASE) is not None)
    if last is None:
        return None
    return Decision("supersede", (last,), f"replaced: {last.statement} ({p.statement}; rule moved by the speaker)")


# A change said to hold for once ("just this week", "for this month only", "for the mri scan"):
# an event, never a new state (the extractor keeps such a clause as an episode; a proposal read
# otherwise, by the LLM path, is held here too)
FOR_ONCE = re.compile(
    r"\b(?:(?:just|only)\s+(?:for\s+)?(?:this|the|one|that)\s+(?:\w+\s+)?(?:week|month|day|time|once)|"
    r"(?:this|that)\s+(?:\w+\s+)?(?:week|month|day|time)\s+only|for\s+(?:one|a)\s+(?:week|day|month)\s+only|"
    r"for\s+(?:this|that)\s+(?:week|month)\s+only|"
    r"for\s+the\s+(?:[\w-]+\s+)?(?:scan|appointment|cleaning|test|mri|check-?up)|one[- ]off|"
    # a stand-in while the usual one was away ("saw a locum instead because Dr Morris was off")
    r"instead\s+(?:because|as|since|cos|coz)\s+[^,.;]{0,40}?\b(?:was|were|is|are)\s+(?:off|away|sick|ill|out|closed|"
    r"on holiday|on leave|on vacation|unavailable|fully booked|booked up))\b"
    # "改周四，就这一次": an exception said as one, in Chinese
    r"|就这一次|只这一次|仅此一次|这一次而已|下不为例|临时(?:改|换|调)",
    re.IGNORECASE,
)


# Where one of the speaker's children is now, by name or by the word for them ("Isla's at Busy Bees
# now", "the girls are at Pine Ridge Elementary now", "Ollie's been at Greenfield since half term")
_KIDS = r"(?:kids|children|girls|boys|twins|son|daughter|little one|eldest|youngest)"
_AT_NOW = re.compile(
    r"(?:^|,\s*|\band\s+)(?P<who>(?-i:[A-Z])[a-z]+|(?:the user's|the|our|my)\s+" + _KIDS + r")"
    r"(?:'s|'re|\s+is|\s+are|\s+has|\s+have)\s+(?:now\s+|been\s+|moved\s+|gone\s+)*(?:at|to|in|into)\s+"
    r"(?P<place>(?-i:[A-Z])[\w'&.-]*(?:\s+(?-i:[A-Z])[\w'&.-]*)*)"
    r"(?=[^.;]*\b(?:now|these days|since|as of|from)\b)",
    re.IGNORECASE,
)
_GOES_TO_PLACE = re.compile(
    r"\b(?:goes to|go to|attends|attend|is at|are at|is in|are in|enrolled at|'s at|'re at|started at)\s+"
    r"(?:the\s+)?(?-i:[A-Z])",
    re.IGNORECASE,
)


# What a child is in that is no place ("Year 3", "Reception"), and a stay ("for the weekend")
_NO_PLACE_OF_CHILD = re.compile(r"(?:Year|Grade|Form|Class|Reception|Key Stage|Nursery|Primary|Secondary)\b\s*\d*$")
_A_STAY = re.compile(
    r"\bfor\s+(?:the|a|this)\s+(?:weekend|week|night|day|holidays?|half[- ]term|summer)\b|\b(?:tonight|today)\b"
    r"|" + FOR_ONCE.pattern,
    re.IGNORECASE,
)


def _child_placed_now(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "Isla's at Busy Bees now" replaces: where that child goes, said last ("my daughter Isla
    goes to Little Acorns nursery"), named by the child's name or, for "the girls", by the word for
    the speaker's children; never another place the new one names too, a wish or a denial."""
    said = _AT_NOW.search(p.statement)
    if said is None or negated(p.statement[: said.end()]) or _NOT_SO_YET.search(p.statement):
        return None
    who, place = said.group("who"), said.group("place")
    if who.casefold() in _NOT_NAMES or who.casefold() in ("the user", "i", "we"):
        return None
    if place.endswith("'s") or _NO_PLACE_OF_CHILD.match(place) or _A_STAY.search(p.statement):
        return None  # "Isla's at Grandma's now for the weekend", "my son is in Year 3 now": no school left
    named = re.compile(
        rf"\b{re.escape(who)}\b" if who[:1].isupper() and " " not in who else r"\b" + _KIDS + r"\b", re.IGNORECASE
    )
    last = _last_held(
        beliefs,
        lambda b: (
            b.kind == "fact"
            and named.search(b.statement) is not None
            and _GOES_TO_PLACE.search(b.statement) is not None
            and place.casefold() not in b.statement.casefold()
        ),
    )
    if last is None:
        return None
    return Decision(
        "supersede", (last,), f"replaced: {last.statement} -> {place} ({p.statement}; rule child placed now)"
    )


def _moved_by_someone(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """The amount "it" stands for, moved by someone: of the speaker's beliefs holding one
    amount within a third to three times the new one, the one said last; or the day
    "them" stands for ("the teacher moved them to Thursdays") or the month a plan was
    pushed to ("trip's pushed back to October"): of those holding one weekday (one
    month), the one said last."""
    said = _MOVED_ZH.search(p.statement) if is_cjk(p.statement) else _MOVED_IT.search(p.statement)
    zh = is_cjk(p.statement)
    if not zh and FOR_ONCE.search(p.statement):
        return None  # "they shuffled me to tuesday this week only": once, what holds stays
    if zh and ONCE_ZH.search(p.statement):
        return None  # "这周三外教请假了 改到周五补一次": this week's, made up once; the standing day stays
    for moved, kind, cjk in (
        (_MOVED_DAY, _WEEKDAY, False),
        (_MOVED_MONTH, _MONTH, False),
        (_MOVED_DAY_ZH, _WEEKDAY_ZH, True),
        (_MOVED_DATE_ZH, _DATE_ZH, True),
        (_MOVED_TIME, _CLOCK, False),
        (_MOVED_DATE, _DAY_OF_MONTH, False),
    ):
        day = None if said or zh != cjk else moved.search(p.statement)
        # "Priya's standup got moved to 10am": a named person's, not the speaker's time; only a time
        # held of them moves ("ella's school changed the finish time to 3:05" of "Ella finishes at 3:15")
        theirs = kind is _CLOCK and ":" in (p.subject or "")
        if day is not None and theirs and not negated(p.statement[: day.end()]):
            speaker, _, who = (p.subject or "").partition(":")
            of_them = [
                b
                for b in beliefs
                if b.subject == p.subject
                or (b.subject == speaker and re.search(rf"\b{re.escape(who)}\b", b.statement, re.IGNORECASE))
            ]
            return _day_moved(p, of_them, _moved_to(day), kind)
        if day is not None and not theirs and not negated(p.statement[: day.end()]):
            if kind is _MONTH:  # a month moved, with its day where said ("pushed it to march 19")
                return _date_moved(p, beliefs, day.group("v"))
            if day.groupdict().get("thing"):  # "physio's moving to wednesdays": only what names the physio
                beliefs = [b for b in beliefs if day.group("thing")[:4].casefold() in b.statement.casefold()]
            # "my mock got moved to Tuesday", "my final starts at 2pm instead": the thing named as moved
            moved_what = _GOT_MOVED_WHAT.match(p.statement)
            said_what = moved_what.group("what") if moved_what else day.groupdict().get("what")
            what = topic_words(said_what) - {"user"} if said_what else frozenset()
            if what:
                beliefs = [b for b in beliefs if what & topic_words(b.statement)]
            return _day_moved(p, beliefs, _moved_to(day), kind)
    if said is None or negated(p.statement[: said.end()]):
        return None
    now = _number(said.group("v"))
    thing = re.match(r"\w+\s+(?:the user's|their|the)\s+(\w+(?:\s+(?!to\b)\w+)?)", said.group(0), re.IGNORECASE)
    named = [w.casefold()[:4] for w in thing.group(1).split() if len(w) >= 3] if thing else []
    held = []
    for b in beliefs:
        if said.groupdict().get("pct"):  # "bumped it to 10%": of a share said as one ("contribution is 6%")
            amounts = _PERCENT.findall(untimed(b.statement))
        else:
            amounts = [v for v in value_spans(untimed(b.statement)) if value_shape(v) in ("money", "number")]
            amounts = [v for v in amounts if not re.fullmatch(r"(?:19|20)\d\d", v)]  # a year is no amount
            # ... nor how often ("一天吃50微克": 50 is the amount, 一天 the day it is taken in)
            amounts = [v for v in amounts if not _HOW_OFTEN_ZH.fullmatch(v)]
            if re.search(r"\d", said.group("v")):  # "加到850": an amount in digits, not the 二 of 二甲双胍
                amounts = [v for v in amounts if re.search(r"\d", v)]
        was = _number(amounts[0]) if len(amounts) == 1 else None
        # "2gb data plan" / "bumped it to 10gb": the same unit said with both lets the amount move further
        attached = _ATTACHED_UNIT.match(amounts[0]) if len(amounts) == 1 else None
        same_unit = attached is not None and re.match(
            r"\s?" + re.escape(attached.group(2)) + r"\b", p.statement[said.end() :], re.IGNORECASE
        )
        most = 10 if same_unit else 3
        # "the school cut the class size to 25": a thing named, not the one held ("70kg", its unit unsaid)
        unnamed = named and not any(w in re.sub(r"[^\w\s]", "", b.statement.casefold()) for w in named)
        if unnamed and attached is not None and not same_unit:
            continue
        if was and now and 1 / most <= now / was <= most and not negated(b.statement):
            counted = _COUNTED_ZH.fullmatch(amounts[0])  # "75公斤" -> 68: the number moved, its unit stays
            held.append((b, counted.group(1) if counted else amounts[0]))
    if not held:
        return None
    b, was_said = max(held, key=lambda h: _said_last(h[0]))
    reason = f"replaced: {was_said} -> {said.group('v')} ({p.statement}; rule amount moved by someone)"
    return Decision("supersede", (b,), reason, was_said, said.group("v"))


_STEP = r"first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|\d{1,2}(?:st|nd|rd|th)"
_LADDER = r"grade|year|form|semester|term|season|class|round|trimester"
_ORDINAL = r"(?P<ord>" + _STEP + r")\s+(?P<noun>" + _LADDER + r")\b"
# "she started third grade", "just started my 4th year", "he's going into fifth grade": a step
# up the same ladder, said with the verb of beginning it
_STEPPED_UP = re.compile(
    r"\b(?:started|starting|starts|began|begins|entered|entering|going into|moved up to|moving up to|is now in|'s now in|"
    r"now in|officially(?:\s+a)?|now a)\s+(?:(?:his|her|their|my|our|the)\s+)?" + _ORDINAL,
    re.IGNORECASE,
)


# "they bumped me up to 6th this fall": the step said alone, its ladder the one a belief names
_UP_TO_STEP = re.compile(
    r"\b(?:bumped|moved|promoted|put|going|went)\s+(?:(?:me|him|her|them|us|the user)\s+)?up\s+to\s+"
    r"(?:(?:his|her|their|my|our|the)\s+)?(?P<ord>" + _STEP + r")\b(?!\s+(?:" + _LADDER + r")\b)",
    re.IGNORECASE,
)


# A numbered step of a course or a game said reached ("just passed module 3", "on level 12 now",
# "started book 4"): the speaker's belief holding another number of the same step replaces.
_NUMBERED = (
    r"(?P<noun>module|level|chapter|book|unit|stage|belt|volume|week|lesson|course|part|season|section|phase|step|year|grade|form"
    # (an age group: "the under-12s")
    r"|under)(?:\s+|(?<=under)-?)(?P<n>\d{1,3})(?:(?<=\d)s)?\b"
)
_NUMBERED_HELD = re.compile(_NUMBERED, re.IGNORECASE)
# (the step reached, not one of a count: "module 2 of 6" says where one is, held, not reached)
_NUMBERED_REACHED = re.compile(
    r"\b(?:passed|finished|completed|done with|wrapped(?: up)?|started|starting|on|onto|up to|reached|got to|made it to|"
    r"moved (?:up )?to|moving (?:up )?to|going (?:up )?to|into|through)\s+(?:(?:my|our|the)\s+)?"
    + _NUMBERED
    + r"(?!\s*(?:of|out of)\s+(?:\d|[a-z]+\b(?<!the)))"
    # (nor one naming a kind of thing: "on Year 4 reading books")
    + r"(?!\s+(?-i:[a-z]+)\s+(?-i:[a-z]+s)\b)",
    re.IGNORECASE,
)


def _numbered_moved(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "just passed module 3" replaces: the speaker's belief said last holding another number
    of the same step ("on module 2 of 6")."""
    said = None if is_cjk(p.statement) else _NUMBERED_REACHED.search(p.statement)
    if said is None or negated(p.statement[: said.end()]):
        return None
    noun, now = said.group("noun").casefold(), said.group("n")
    speaker = (p.subject or "").partition(":")[0]
    if p.subject != speaker:
        return None  # "my sister just started season 5": her step, not the speaker's
    # "course 5 of the coursera thing": the belief names what it is a step of
    of = re.match(r"\s+of\s+(?:the\s+)?(?P<what>[\w' -]+)", p.statement[said.end() :])
    named = topic_words(of.group("what")) if of else frozenset()

    def steps(statement: str) -> list[str]:
        if named and not named & topic_words(statement):
            return []
        return [m.group("n") for m in _NUMBERED_HELD.finditer(statement) if m.group("noun").casefold() == noun]

    # "my little brother just started Year 7": his step, where the belief is not of him
    mine = [
        b for b in beliefs if b.subject == speaker and not of_someone_else(p.statement, b.statement, theirs_only=False)
    ]
    hit = _said_last_holding(mine, steps, now)
    if hit is None:
        return None
    b, was = hit
    reason = f"replaced: {noun} {was} -> {noun} {now} ({p.statement}; rule numbered step)"
    return Decision("supersede", (b,), reason, was, now)


# A place in a queue or a list, held ("5th on the waiting list for a plot", "number 40 in the queue")
# and said again as where the speaker is now ("just heard I'm 2nd now!", "we're 3rd on the list now")
_PLACE_WORDS = r"first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth"
# (an ordinal, or a number said with "number": "we're 4 now" says how many, no place)
_PLACE = r"(?:number\s+)?(?P<n>\d{1,4}(?:st|nd|rd|th)|(?<=number )\d{1,4}|" + _PLACE_WORDS + r")"
_PLACE_HELD = re.compile(
    r"\b" + _PLACE + r"\s+(?:on|in)\s+(?:the\s+|a\s+)?(?:[\w-]+\s+){0,2}?(?:list|waiting list|waitlist|queue|line)\b",
    re.IGNORECASE,
)
_PLACE_NOW = re.compile(
    r"\b(?:the user(?:'s| is)|(?:we|they)(?:'re| are))\s+(?:now\s+)?(?:up\s+to\s+)?"
    + _PLACE
    + r"(?:\s+(?:on|in)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?(?:list|waiting list|waitlist|queue|line))?\s+"
    r"(?:now|these days|as of \w+)\b"
    r"|\b(?:moved|gone|jumped|climbed|bumped|crept)\s+up\s+to\s+" + _PLACE.replace("?P<n>", "?P<up>"),
    re.IGNORECASE,
)


def _place_moved(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "just heard I'm 2nd now!" replaces: the belief of the speaker's said last that holds
    their place on a list or in a queue ("5th on the waiting list for a plot")."""
    said = None if is_cjk(p.statement) else _PLACE_NOW.search(p.statement)
    if said is None or negated(p.statement) or ":" in (p.subject or ":"):
        return None
    now = said.group("n") or said.group("up")
    held = [
        (b, m.group("n"))
        for b in beliefs
        if b.subject == p.subject
        and not negated(b.statement)
        and (m := _PLACE_HELD.search(b.statement)) is not None
        and m.group("n").casefold() != now.casefold()
    ]
    return _last_value_moved(p, held, now, "place in a queue moved")


def _ordinal_moved(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """The step of a ladder the speaker's person is on ("second grade" -> "third grade"):
    of the beliefs holding one step of that ladder, another, the one said last."""
    said = None if is_cjk(p.statement) else _STEPPED_UP.search(p.statement) or _UP_TO_STEP.search(p.statement)
    if said is None or negated(p.statement[: said.end()]):
        return None
    now = said.group("ord")
    if "noun" in said.groupdict():
        noun = said.group("noun").casefold()
    else:  # the ladder of the step said last: "teach 4th grade"
        held = [
            (b, m.group("noun").casefold())
            for b in beliefs
            if not negated(b.statement)
            for m in [re.search(_ORDINAL, b.statement, re.IGNORECASE)]
            if m is not None
        ]
        if not held:
            return None
        noun = max(held, key=lambda h: _said_last(h[0]))[1]

    def steps(statement: str) -> list[str]:  # the steps of this ladder a statement holds
        return [
            m.group("ord")
            for m in re.finditer(_ORDINAL, statement, re.IGNORECASE)
            if m.group("noun").casefold() == noun
        ]

    hit = _said_last_holding(beliefs, steps, now)
    if hit is None:
        return None
    b, was = hit
    reason = f"replaced: {was} {noun} -> {now.casefold()} {noun} ({p.statement}; rule step up)"
    return Decision("supersede", (b,), reason, was, now)


# ... the thing itself said moved ("the user's mock got moved to Tuesday", "our 1:1 was pushed to 3pm")
_GOT_MOVED_WHAT = re.compile(
    r"^(?:the user's|the|our|my|their|his|her)\s+(?P<what>[\w-]+(?:\s+[\w-]+)?)\s+" + _GOT_MOVED, re.IGNORECASE
)
_MOVED_WHAT = re.compile(
    r"\b(?:push(?:ed)?|mov(?:ed?)|postponed?|delay(?:ed)?|rescheduled?|bump(?:ed)?)\s+(?P<what>.*?)\s+"
    r"(?:(?:back|out|up|forward)\s+)?(?:to|for|until|till)\s",
    re.IGNORECASE,
)


def _date_moved(p: Proposal, beliefs: Sequence[BeliefView], said: str) -> Decision | None:
    """The day moved replaces the day held by the belief that names what moved ("moved my
    appointment to march 19": the appointment's, not the birthday said last), or, for "it",
    the belief said last holding one day."""
    (now,) = _month_days(said)
    moved = _MOVED_WHAT.search(p.statement)
    what = topic_words(moved.group("what")) - {"user"} if moved else frozenset()
    if what:
        beliefs = [b for b in beliefs if what & topic_words(b.statement)]
    hit = _said_last_holding(beliefs, _month_days, now)
    if hit is None:
        return None
    b, was = hit
    reason = f"replaced: {was} -> {now} ({p.statement}; rule day moved by someone)"
    return Decision("supersede", (b,), reason, was, now)


def _moved_to(said: re.Match[str]) -> str:
    """The day or time a thing was moved to, in whichever group of its pattern said it."""
    return next(v for k, v in said.groupdict().items() if k in ("v", "on", "to", "at", "starts") and v)


def _day_moved(p: Proposal, beliefs: Sequence[BeliefView], now: str, kind: re.Pattern[str]) -> Decision | None:
    hit = _said_last_holding(beliefs, lambda statement: [m.group(0) for m in kind.finditer(statement)], now)
    if hit is None:
        return None
    b, was = hit
    reason = f"replaced: {was} -> {now} ({p.statement}; rule day moved by someone)"
    return Decision("supersede", (b,), reason, was, now)


# A provider chosen ("went with Mint Mobile", "ended up going with Verizon Fios") in place of the
# one the speaker said they are with ("my phone plan is with T-Mobile", "I bank with Chase").
_NOT_A_PROVIDER = r"(?!(?:my|our|his|her|their|him|them|us|me|it|a friend|friends|family)\b)"
WENT_WITH = re.compile(
    r"\b(?:went|gone|going|ended up(?: going)?|signed up|signed) with (?:a |an |the )?"
    + _NOT_A_PROVIDER
    + r"(?P<v>[\w&.'-]+(?:\s+[\w&.'-]+){0,2}?)"
    r"(?=\s*(?:[,.;!]|$|\b(?:in|on|last|this|a|for|because|since|instead|after|now)\b))",
    re.IGNORECASE,
)
_WITH_PROVIDER = re.compile(
    r"\b(?:is|are|'s|banks?|banked|insured|goes|go) with (?:a |an |the )?" + _NOT_A_PROVIDER + r"(?P<v>[\w&.'-]+)"
    r"|\b(?:provider|carrier|insurer|isp|broadband|internet|bank) (?:is|was) (?:a |an |the )?"
    + _NOT_A_PROVIDER
    + r"(?P<named>[\w&.'-]+)",
    re.IGNORECASE,
)


# A tier or plan changed ("upgraded to plus", "downgraded to the individual plan", "switched to the
# annual plan"): the plan the speaker said they are on ("is on spotify family", "on the free tier").
_TIER_CHANGED = re.compile(
    r"\b(?:upgraded|downgraded)\s+(?:(?:it|us|me)\s+)?to\s+(?:the\s+|a\s+|an\s+)?\w"
    # "bumped myself up to their unlimited one"
    r"|\b(?:bumped|moved|stepped)\s+(?:myself|themselves|me|us|ourselves|it)\s+(?:up|down)\s+to\s+(?:the\s+|their\s+|a\s+|an\s+)?"
    r"(?:[\w+-]+\s+){0,2}(?:plan|tier|package|subscription|membership|one|version)\b"
    r"|\b(?:switched|moved|went|changed|dropped|stepped)\s+(?:(?:it|us|me)\s+)?(?:over\s+|back\s+|down\s+|up\s+)?to\s+"
    r"(?:the\s+|a\s+|an\s+)?(?:[\w+-]+\s+){0,2}(?:plan|tier|package|subscription|membership|bundle)\b",
    re.IGNORECASE,
)
_ON_A_PLAN = re.compile(
    r"\b(?:is|am|are)\s+on\s+(?:the\s+|a\s+|an\s+)?(?:[\w.+-]+\s+){0,3}?(?:plan|tier|package|subscription|membership|"
    r"family|premium|free|basic|pro|plus|individual|unlimited|student|annual|monthly)\b"
    # ... or has it ("we've got the Netflix Standard with ads plan", "I pay for the basic tier")
    r"|\b(?:has|have|'ve)\s+got\s+(?:the\s+|a\s+|an\s+)?(?:[\w.+-]+\s+){0,4}?(?:plan|tier|package|subscription|membership)\b"
    r"|\bpays?\s+for\s+(?:the\s+|a\s+|an\s+)?(?:[\w.+-]+\s+){0,4}?(?:plan|tier|package|subscription|membership)\b",
    re.IGNORECASE,
)


# A new mark reached ("hit 245 today", "ran 26:45 at parkrun", "got the 5k down to 22:40"): the
# speaker's record held as one amount of the same form ("squat max is 225", "5k pb is 28:10").
REACHED = re.compile(
    r"\b(?:hit|reached|ran|clocked|benched|squatted|deadlifted|got (?:(?:it|the \w+|my \w+) )?(?:up |down )?to)\s+(?:a\s+)?"
    r"(?P<v>\d{1,2}:\d{2}(?::\d{2})?|\d[\d,.]*)(?!\s*(?:am|pm|%|years?|times|people|miles?|km|k\b))",
    re.IGNORECASE,
)
_MARK = re.compile(r"\b(?:max|pb|pr|record|best|rating|rated|time|pace|score|handicap)\b", re.IGNORECASE)


def _reached(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "hit 245 today" replaces: the speaker's mark said last (a max, a best, a rating,
    a time) holding one amount of the same form, within a third to three times it."""
    said = None if is_cjk(p.statement) else REACHED.search(untimed(p.statement))
    if said is None or negated(p.statement):
        return None
    now = said.group("v")
    clock = ":" in now
    held = []
    for b in beliefs:
        if not _MARK.search(b.statement) or negated(b.statement):
            continue
        spans = [
            v for v in re.findall(r"\d{1,2}:\d{2}(?::\d{2})?|\d[\d,.]*", untimed(b.statement)) if (":" in v) == clock
        ]
        if len(spans) != 1 or spans[0] == now:
            continue
        was, new = (_seconds(spans[0], now), _seconds(now, spans[0])) if clock else (_number(spans[0]), _number(now))
        if was and new and 1 / 3 <= new / was <= 3:
            held.append((b, spans[0]))
    if not held:
        return None
    b, was_said = max(held, key=lambda h: _said_last(h[0]))
    return Decision(
        "supersede", (b,), f"replaced: {was_said} -> {now} ({p.statement}; rule mark reached)", was_said, now
    )


def _seconds(clock: str, other: str) -> float:
    """A time said as m:ss or h:mm:ss, in seconds; two parts are hours and minutes where
    the other time said has three ("1:52" beside "1:47:30")."""
    total = 0.0
    for part in clock.split(":"):
        total = total * 60 + float(part)
    return total * 60 if clock.count(":") == 1 and other.count(":") == 2 else total


# A count said with the words it counts ("2 week sprints", "a 3-day week", "4 person team"): the
# number, then the two words after it, which say what the number is of.
_COUNT_WORDS = r"\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|twelve"
_MEASURED = re.compile(
    r"\b(?P<n>" + _COUNT_WORDS + r")[\s-]+(?P<of>(?!(?:of|or|and|to|a|an|the|times?|more|less)\b)[a-z]{2,}s?\s+"
    r"(?!(?:of|or|and|to|a|an|the|in|on|at|for|with|ago|now)\b)[a-z]{3,})\b",
    re.IGNORECASE,
)


# A count by a period ("40 hours a week", "3 days per week"): what is counted, and how often
_COUNT_BY_PERIOD = re.compile(
    r"\b(?P<n>" + _COUNT_WORDS + r")[\s-]+(?P<of>(?!(?:of|or|and|to|a|an|the|times?|more|less)\b)[a-z]{3,}s?\s+"
    r"(?:a|an|per|each|every)\s+(?:day|week|month|year|night|shift|fortnight|weekend))\b",
    re.IGNORECASE,
)
# The verbs that say how a count came to be, no activity of their own ("went part-time, 24 hours
# a week", "is down to 30 hours a week"): a rate under them is whatever the belief counted
_NO_ACTIVITY = frozenset(
    [
        "is",
        "are",
        "was",
        "were",
        "has",
        "have",
        "had",
        "got",
        "gets",
        "went",
        "goes",
        "now",
        "do",
        "does",
        "did",
        "'s",
        "cut",
        "dropped",
        "moved",
        "switched",
        "changed",
        "reduced",
        "increased",
        "lowered",
        "raised",
        "upped",
        "bumped",
        "only",
        "still",
        "just",
        "also",
        "currently",
    ]
)


def _measured(text: str) -> dict[str, str]:
    """What a text counts, by the words it counts: {"week sprint": "2"}; a count by a period
    as {"hour a week": "40"}."""
    plain = untimed(text)
    counted = {_singular(m.group("of")): m.group("n").casefold() for m in _MEASURED.finditer(plain)}
    for m in _COUNT_BY_PERIOD.finditer(plain):  # "3 days per week" is "day a week"
        unit, _, period = _singular(m.group("of")).split()
        counted[f"{unit} a {period}"] = m.group("n").casefold()
    return counted


def _activity(statement: str) -> str | None:
    """The verb a statement of someone's says they do ("The user works 40 hours a week" ->
    "work"), None where it says none of its own ("The user went part-time, ...")."""
    m = re.match(
        r"(?:(?i:the user)|[A-Z][a-z]+)(?:'s\s+\w+)?\s+(?:(?:now|still|only|currently|just|also)\s+)?(?P<v>[\w']+)",
        statement,
    )
    if m is None or m.group("v").casefold() in _NO_ACTIVITY or not m.group("v").endswith(("s", "ed")):
        return None  # (a finite verb: "Grocery delivery comes ..." names a thing, no one's doing)
    return lexical_stem(m.group("v").casefold())


def _done_apart(old: str, new: str) -> bool:
    """Whether two statements say their subject does two things ("works 40 hours a week" /
    "volunteers 5 hours a week now"): each amount is its own thing's."""
    was, now = _activity(old), _activity(new)
    return was is not None and now is not None and was != now


def rates_of_two(old: str, new: str) -> bool:
    """Whether two counts by the period are of two doings ("works 40 hours a week" /
    "tutors 6 hours a week now"): the same unit and period, another verb."""
    return bool(
        _COUNT_BY_PERIOD.search(untimed(old)) and _COUNT_BY_PERIOD.search(untimed(new)) and _done_apart(old, new)
    )


def _singular(words: str) -> str:
    return " ".join(w.casefold().removesuffix("s") for w in words.split())


def _count_changed(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "management switched us to 3 week sprints" replaces: the belief said last that
    counts the same two words with another number ("we do 2 week sprints"), where the new
    statement says a change. The words after the number say what is counted, so "2 week
    sprints" and "3 week holidays" are two things."""
    if is_cjk(p.statement) or not (has_change_cue(p.statement) or p.op == "update") or negated(p.statement):
        return None
    now = _measured(p.statement)
    if not now:
        return None
    # the speaker's own count, or one someone set for them ("management switched us to ...")
    done_to_them = re.search(r"\bthe user\b(?!'s)", p.statement, re.IGNORECASE) is not None
    speaker = (p.subject or "").partition(":")[0]
    hit = _last_held(
        beliefs,
        lambda b: (
            (b.subject == p.subject or (done_to_them and b.subject == speaker))
            and any(of in now and n != now[of] for of, n in _measured(b.statement).items())
            # "works 40 hours a week" / "now volunteers 5 hours a week": two things done, each its count
            and not _done_apart(b.statement, p.statement)
        ),
    )
    if hit is None:
        return None
    of, was = next((of, n) for of, n in _measured(hit.statement).items() if of in now and n != now[of])
    reason = f"replaced: {was} {of} -> {now[of]} {of} ({p.statement}; rule count changed)"
    return Decision("supersede", (hit,), reason, was, now[of])


# How often a thing is done ("every fortnight", "once a month", "3 times a week", "8-weekly", "monthly";
# 每个月一次, 六周去一次, 一周两次): what "we've dropped to once a month" moves
_OFTEN_EN = re.compile(
    r"\b(?:(?:once|twice|three times|four times|five times|\d+\s?(?:times|x)"
    # ("three days a week": how many days of the week a thing is done; "four calls a day": how many
    # visits of the speaker's carers)
    r"|(?:one|two|three|four|five|six|[1-6])\s+(?:days|nights|calls|visits|sessions))\s+(?:a|per|every|each)\s+"
    r"(?:day|week|fortnight|month|year)"
    r"|every\s+(?:other\s+|second\s+)?(?:day|night|week|fortnight|month|year)"
    r"|every\s+(?:\d+|two|three|four|five|six|eight|ten|twelve)\s+(?:days|weeks|months)"
    r"|\d+-(?:weekly|monthly)|daily|weekly|fortnightly|monthly|bi-?weekly|bi-?monthly|quarterly)\b",
    re.IGNORECASE,
)
_OFTEN_ZH = re.compile(
    r"(?:每|一)(?:天|周|星期|礼拜|个月|月|年)[^，,。\d一二两三四五六七八九十]{0,4}?[一两二三四五六七八九十\d]+次"
    r"|[一两二三四五六七八九十\d]+(?:天|周|个星期|个礼拜|个月|年)[^，,。]{0,4}?一次"
)
# ... said moved: a cue of change before or after it
_OFTEN_MOVED = re.compile(
    r"\b(?:dropped|dropping|gone|going|went|moved|moving|cut|cutting|changed|switched|put|bumped|upped|increased|"
    r"reduced|down|up|back)\s+(?:(?:me|us|her|him|the user|it|them)\s+)?(?:(?:back|down|up)\s+)?(?:to|onto|on)\b"
    r"|\b(?:now|these days|nowadays|from now on|going forward|instead)\b|现在|改成|变成|换成|就行|只要"
    # ("we've decided to go monthly from June"): a new frequency taken up, said with when it starts
    r"|\b(?:decided|agreed|voted)\s+to\s+go\b|\bgo(?:ing|ne)?\s+(?=(?:daily|weekly|fortnightly|monthly|quarterly|"
    r"bi-?weekly|bi-?monthly)\b)",
    re.IGNORECASE,
)


_NOT_A_DOING_ING = frozenset(
    ["feeling", "something", "morning", "evening", "everything", "nothing", "anything", "being", "going", "getting"]
)


def _another_doing(new: str, held: str) -> bool:
    """Whether a new statement names a doing of its own ("goes swimming") that the held one does not
    ("sees their therapist"): how often is then the other doing's."""
    doing = {w.casefold() for w in re.findall(r"\b([a-z]{3,}ing)\b", new, re.IGNORECASE)} - _NOT_A_DOING_ING
    return bool(doing) and not any(w in held.casefold() for w in doing)


# The words of a carer's saying and of how often, shared by any two statements of it
_CARER_SAID = frozenset(
    ["says", "said", "reckons", "thinks", "wants", "from", "every", "week", "weeks", "month", "months", "times", "days"]
    + ["night", "nights", "twice", "once", "enough", "going", "forward", "instead", "doing", "great", "well", "that"]
    + ["user", "should", "must", "have", "with", "this", "they", "them", "their", "the", "and", "for", "now", "but"]
    + ["not", "she", "her", "his", "him", "was", "are", "has", "had", "its", "our", "you", "day", "get", "got", "all"]
    + ["any", "one", "two", "new", "old", "per", "done", "does"]
)
# A dose with its unit ("22 units", "20mg", "2 puffs"): what a carer's word moves
_DOSE = re.compile(
    r"(?<![\d.])(?P<v>\d+(?:\.\d+)?)\s*(?P<unit>units?|mg|mcg|ml|iu|tablets?|puffs?|drops?)\b", re.IGNORECASE
)


def _carer_set_anew(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "Diabetes nurse says 22 units now" or "ortho says every 8 weeks from now on" replaces:
    of the beliefs of the speaker and their people, the one that holds a dose of the same unit
    ("Pat's on 18 units of Lantus at night") or how often ("appointments every 6 weeks"), where
    one alone does; two, and whose it is the words do not say."""
    if is_cjk(p.statement) or not CARER_SAYS.match(p.statement) or negated(p.statement) or p.subject is None:
        return None
    speaker = p.subject.partition(":")[0]
    theirs = [
        b
        for b in beliefs
        if (b.subject or "").partition(":")[0] == speaker and b.kind == "fact" and not negated(b.statement)
    ]
    # (a pet's dose is never the speaker's own: "vet says 5mg now for the dog")
    of_a_pet = re.search(r"\bfor\s+(?:the|our|my)\s+(?:dog|cat|puppy|kitten|pet|rabbit|horse)\b", p.statement, re.I)
    if of_a_pet:
        theirs = [b for b in theirs if b.subject != speaker]
    dose = _DOSE.findall(p.statement)
    often = _OFTEN_EN.findall(p.statement)
    if len(dose) == 1:
        value, unit = dose[0]
        same = unit.casefold().rstrip("s")
        held = [
            (b, f"{was[0][0]} {was[0][1]}")
            for b in theirs
            if len(was := _DOSE.findall(b.statement)) == 1
            and was[0][1].casefold().rstrip("s") == same
            and was[0][0] != value
        ]
        now = f"{value} {unit}"
    elif len(often) == 1:
        # (how often of the same thing: a word of it said in both, "ortho" of "orthodontist"; not "should
        # walk every day now" of "goes to the gym three times a week")
        said = {w.casefold() for w in re.findall(r"[a-z]{3,}", p.statement, re.I)} - _CARER_SAID
        held = [
            (b, was[0])
            for b in theirs
            if len(was := _OFTEN_EN.findall(b.statement)) == 1
            and was[0].casefold() != often[0].casefold()
            and any(
                h.startswith(w) or w.startswith(h)
                for w in said
                for h in set(re.findall(r"[a-z]{3,}", b.statement.casefold())) - _CARER_SAID
            )
        ]
        now = often[0]
    else:
        return None
    return _last_value_moved(p, held, now, "set anew by a carer") if len(held) == 1 else None


# A number of days moved to, said without "a week" ("dropped to two days", "cut it to 3 days")
_DAYS_MOVED_TO = re.compile(
    r"\b(?:dropped|dropping|down|cut|cutting|upped|bumped|reduced)\s+(?:(?:it|me|us)\s+)?(?:back\s+|down\s+)?"
    r"to\s+(?:one|two|three|four|five|six|[1-6])\s+days\b(?!\s+(?:a|per|every|each)\b)",
    re.IGNORECASE,
)


def _often_moved(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "we've dropped to once a month" replaces after "I see my therapist every fortnight": the
    one belief of the speaker's that says how often they do something, in any of the words for how
    often ("every 12 weeks" / "8-weekly"). Where several do, only the one that shares a word with
    the new statement ("B12"); a frequency said of no change, or of two, decides nothing."""
    zh = is_cjk(p.statement)
    if not zh and _DAYS_MOVED_TO.search(p.statement):
        # "dropped to two days": days of the week, as the belief it moves says them ("three days a week")
        p = replace(p, statement=_DAYS_MOVED_TO.sub(r"\g<0> a week", p.statement, count=1))
    often = (_OFTEN_ZH if zh else _OFTEN_EN).findall(p.statement)
    if len(often) != 1 or not _OFTEN_MOVED.search(p.statement) or negated(p.statement):
        return None
    # ("they want the user in three days a week now": what others have the speaker do, no wish of theirs)
    wished = _NOT_SO_YET.search(re.sub(r"\b(?:wants?|needs?|expects?)\s+the user\s+(?:back\s+)?in\b", " ", p.statement))
    if has_additive_cue(p.statement) or (not zh and (wished or FOR_ONCE.search(p.statement))):
        return None
    speaker = (p.subject or "").partition(":")[0]
    done_to_them = re.search(r"\bthe user\b(?!'s)", p.statement, re.IGNORECASE) is not None
    # in Chinese, said with no one ("医生说现在六周去一次就行"): of whichever of the speaker's it was said of
    unnamed_zh = zh and p.subject == speaker and not re.search(r"[他她]|" + RELATIONS_ZH_WORDS, p.statement)
    # ("Pilates is three times a week these days": a thing named first reads as one of theirs by name;
    # the speaker's belief that names it is what it is of)
    named_thing = (p.subject or "").partition(":")[2]
    # ("they've upped it to three calls a day", no one named): of whichever of the speaker's it was said of
    of_it = p.subject == speaker and re.search(r"\b(?:it|them)\b", p.statement, re.IGNORECASE) is not None
    held = [
        (b, said[0])
        for b in beliefs
        if b.kind == "fact"
        and (
            b.subject == p.subject
            or (of_it and (b.subject or "").startswith(speaker + ":"))
            or (done_to_them and b.subject == speaker)
            or (unnamed_zh and (b.subject or "").startswith(speaker + ":"))
            or (
                named_thing
                and b.subject == speaker
                and re.search(rf"\b{re.escape(named_thing)}\b", b.statement, re.IGNORECASE) is not None
            )
        )
        and is_cjk(b.statement) == zh
        and len(said := (_OFTEN_ZH if zh else _OFTEN_EN).findall(b.statement)) == 1
        and said[0].casefold() != often[0].casefold()
        and not negated(b.statement)
        and not _done_apart(b.statement, p.statement)  # "sees a therapist ..." / "volunteers once a week"
        # "... / "I go swimming once a week now" (a doing said after it says why: "..., easing myself into ...")
        and not _another_doing(p.statement[: p.statement.find(often[0]) + len(often[0])], b.statement)
    ]
    if len(held) > 1:
        words = set(core_tokens(p.statement)) - {"user", "often", "time", "week", "month", "day", "year"}
        named = [(b, was) for b, was in held if words & set(core_tokens(b.statement))]
        # ... else the thing spoken of last, where it is the last the speaker said
        last = _last_held([b for b in beliefs if (b.subject or "").partition(":")[0] == speaker])
        held = named or [(b, was) for b, was in held if b is last]
    if len(held) != 1:
        return None
    ((belief, was),) = held
    reason = f"replaced: {was} -> {often[0]} ({p.statement}; rule how often moved)"
    return Decision("supersede", (belief,), reason, was, often[0])


# A level said moved to a number, the thing often unsaid ("down to 192 as of this morning", "herd's up
# to 75 now", "now we're down to 8"): the number after a verb of moving, and the word after it.
_LEVEL_MOVED = re.compile(
    r"(?:\b(?:down|up|back|dropped|fell|fallen|rose|risen|climbed|grew|grown|shrank|shrunk|slipped|jumped|"
    r"increased|decreased|reduced|lowered|raised|cut|slimmed|downsized|upsized|"
    # someone moved it ("they bumped me to 58", "upped everyone to 60")
    r"(?:bumped|upped|pushed|knocked)(?:\s+(?:me|us|him|her|them|it|everyone|everybody))?(?:\s+(?:up|down))?)"
    r"\s+to\s+(?:about |around |like |roughly |just |only )?"
    r"|\b(?:up|down)\s+(?:about|around|roughly)\s+"  # "I'm up around 30 miles/week"
    # ... or whose thing was moved, named ("paediatrician increased Ruby's Concerta to 27mg", "upped my dose to 40")
    r"|\b(?:increased|decreased|reduced|lowered|raised|upped|cut|bumped|dropped|put)\s+"
    r"(?P<obj>(?:my|her|his|their|the user's|the|(?-i:[A-Z])[a-z]+'s)\s+(?:[\w-]+\s+){0,2}?)(?:up\s+|down\s+)?to\s+"
    r"(?:about |around )?"
    # ... or read off a scale ("scale said 84 this morning", "weighed in at 71.5")
    r"|\b(?:scales?\s+(?:said|says|showed|shows|read|reads)|weighed\s+in\s+at)\s+"
    # ... or only what it is now, with its unit ("it's 14 units now", "60 lengths now!", "its 88mcg from
    # now on"), or set by whoever sets it ("they've put her on 3mg a day", "coach has me on 150g a day"):
    # read only where the unit is the one held (``loose``)
    r"|(?P<loose>(?:^|\band\s+|[,;]\s*)(?:(?:so|and|but|ok|okay|yeah|well)[,\s]+)?(?:(?:it's|its|it is|that's|it'll be)\s+)?(?=\d[\d.]*\s*[a-z]+"
    r"(?:\s+(?:a|an|per|each|every)\s+(?:day|week|month|night))?\s+(?:now|from now on|these days|going forward)\b)"
    r"|\b(?:put|started|moved|switched|upped|has|have|'ve|had)\s+(?:me|her|him|us|them|the user(?:'s\s+[a-z]+)?)\s+(?:on|onto)\s+))"
    r"(?P<v>\d+(?:\.\d+)?)(?![\d:/]|[.,]\d)(?:\s*(?P<unit>[a-z]+))?",
    re.IGNORECASE,
)
# A number of something a belief holds, and the word after it ("12 laying hens", "92 kg"); not a
# year, a time of day, a date or a sum (the other rules read those).
_HELD_NUMBER = re.compile(
    r"(?<![\w.,:/$€£¥])(?!(?:19|20)\d\d\b)(?P<v>\d+(?:\.\d+)?)(?![\d:/]|[.,]\d)(?!\s*(?:am|pm|st|nd|rd|th)\b)"
    r"(?:\s*(?P<unit>[a-z]+))?",
    re.IGNORECASE,
)
# The same in Chinese ("宽带刚升到500兆了", "降到了60公斤"), and a number a Chinese belief holds with
# its measure word ("100兆"); not a date, a time of day or an age.
_LEVEL_MOVED_ZH = re.compile(
    r"(?:(?:升|降|涨|减|加|提|调|掉|增|跌|瘦|胖)(?:了)?到了?|称了?(?:一下)?(?:才|只有|就|是)?)\s*"
    # (a count in words only with its measure: "减到一杯了")
    r"(?P<v>\d+(?:\.\d+)?(?![\d.])|[一二两三四五六七八九十]{1,3}(?=[杯次顿片粒瓶包支根]))\s*(?P<unit>[a-z]+|[\u4e00-\u9fff])?",
    re.IGNORECASE,
)
# ... said in a word, with what it counts after it ("four coffees a day"), read only with a rate
_HELD_COUNT_EN = re.compile(
    r"\b(?P<v>two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(?P<unit>[a-z]+)", re.IGNORECASE
)
_HELD_NUMBER_ZH = re.compile(
    r"(?<![\d.])(?P<v>\d+(?:\.\d+)?)(?![\d.])(?!\s*[年月日号点岁])\s*(?P<unit>[a-z]+|[\u4e00-\u9fff])?", re.IGNORECASE
)
_HELD_COUNT_ZH = re.compile(
    r"(?<![一二两三四五六七八九十\d])(?P<v>[一二两三四五六七八九十]{1,3})(?P<unit>[杯次顿片粒瓶包支根])"
)
# Words after a number that name no unit of it ("down to 84 now", "up to 75 since may", "升到500了").
_NO_UNIT = frozenset(
    [
        "now",
        "since",
        "as",
        "after",
        "before",
        "from",
        "in",
        "on",
        "at",
        "this",
        "last",
        "and",
        "but",
        "so",
        "yet",
        "already",
        "again",
        # a rate's ("down to 1 a day"): what it is per, not a unit of the number
        "a",
        "an",
        "per",
        "each",
        "every",
    ]
)
_NO_UNIT |= frozenset("了的啊呢吧啦嘛，")
# A rate said with a number ("4 coffees a day", "down to 1 a day"): how often, per day or week
_RATE_EN = re.compile(r"\b(?:a|an|per|each|every)\s+(?P<per>day|week|month|night|year)\b", re.IGNORECASE)
_SAME_UNIT = {"kgs": "kg", "kilo": "kg", "kilos": "kg", "kilogram": "kg", "kilograms": "kg", "lbs": "lb"}
_SAME_UNIT |= {"pound": "lb", "pounds": "lb"}


def _unit(word: str | None) -> str:
    said = (word or "").casefold()
    if said in _NO_UNIT:
        return ""
    return _SAME_UNIT.get(said, said.removesuffix("s"))


# The thing whose level moved, said right before its verb ("phone battery is down to 20", "the
# temperature dropped to 4", "手机电量掉到10了"); none for the speaker, "it" or nothing ("down to 8").
_LEVEL_OF_EN = re.compile(
    r"(?P<thing>[a-z][\w-]*)(?:'s|\s+(?:is|are|was|has|have|had|'s|just|now|finally))*\s*$", re.IGNORECASE
)
_NOT_A_THING = frozenset(
    [
        "the",
        "my",
        "our",
        "i",
        "we",
        "user",
        "it",
        "they",
        "that",
        "this",
        "which",
        "and",
        "but",
        "so",
        "now",
        "just",
        "finally",
        "we're",
        "i'm",
        "is",
        "are",
        "was",
        "has",
        "have",
        "had",
        "got",
    ]
)


def _level_of(before: str, zh: bool) -> str:
    if zh:
        # the thing said right before the verb, in its clause ("带她去复查，涨到275了" names none)
        clause = re.split(r"[，,。！!；;]", before)[-1]
        said = re.sub(r"^(?:用户|我们?)(?:的|家)?|[\d年月日号\s]", "", clause)[-4:]
        when = r"(?:刚|已经|最近|现在|终于|又|也|都|才|今天|昨天|前天|上周|这周|今早|早上|那一周|去|来|带[他她它]去)+"
        return said if len(said) >= 2 and not re.fullmatch(when, said) else ""
    m = _LEVEL_OF_EN.search(before.strip())
    word = m.group("thing").casefold() if m else ""
    return "" if word in _NOT_A_THING else word


def _names_level(what: str, statement: str, zh: bool) -> bool:
    """Whether a belief names the thing whose level moved: a Chinese pair of its characters, or
    the English word (its stem)."""
    if zh:
        return any(what[i : i + 2] in statement for i in range(len(what) - 1))
    return lexical_stem(what) in topic_words(statement)


# Where a level of someone is read off ("带她去复查", "weighed her at the clinic"): what a
# pronoun's level said moved after it is theirs.
_READ_OFF = re.compile(
    r"复查|检查|查了|称|量了|体检|医院|医生|诊所|\b(?:check-?up|weigh(?:ed|s)?|measur\w*|clinic|doctor|gp|vet|nurse|"
    r"hospital|appointment|scan)\b",
    re.IGNORECASE,
)


def _level_moved(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "down to 192 as of this morning" replaces after "I weigh 210 lb": the one belief of
    the speaker's holding one number (not a year, a time or a date) between a third and three
    times the new one, of the same unit where both say one. A number said moved with nothing
    named moves the one number held that it can be; two such beliefs leave it to the other
    rules, since which moved the words do not say."""
    zh = is_cjk(p.statement)
    # ("down to one a day": one said as a rate's count, in digits as the belief holds it)
    spoken = re.sub(r"\bto\s+one(?=\s+(?:a|an|per|each)\s)", "to 1", untimed(p.statement), flags=re.IGNORECASE)
    said = (_LEVEL_MOVED_ZH if zh else _LEVEL_MOVED).search(p.statement if zh else spoken)
    if said is None or negated(p.statement[: said.start()]):
        return None
    loose = not zh and said.group("loose") is not None  # a quantity said alone, read only of its own unit
    in_words = not said.group("v")[0].isdigit()
    if in_words and re.search(r"[他她]|室友|同事|" + RELATIONS_ZH_WORDS, p.statement):
        return None  # "我老公也把咖啡减到一杯了": another's count
    now, unit = _number(said.group("v")) or 0.0, _unit(said.group("unit"))
    speaker = (p.subject or "").partition(":")[0]
    # (said alone or set by someone, the words before are no thing of it: "blood test came back and its 88mcg")
    what = None if loose or (not zh and said.group("obj")) else _level_of(p.statement[: said.start()], zh)
    # "带她去复查，涨到275了": a level of one of the speaker's people, said of by a pronoun
    # the thing named moved: of whichever of the speaker's people holds it ("Ruby's Concerta")
    obj = None if zh else said.group("obj")
    named = [w for w in re.findall(r"[a-z][\w-]{2,}", obj or "", re.I) if w.casefold() not in _NOT_NAMED_THING]
    theirs = bool(named) or (
        re.search(r"[她他]|\b(?:she|he|her|him|his)\b", p.statement, re.IGNORECASE) is not None
        and (
            _READ_OFF.search(p.statement) is not None
            # "they've put her on 3mg a day": set for one of theirs by whoever sets it
            or (loose and re.search(r"\b(?:her|him|the user's\s+[a-z]+)\s+on", said.group(0), re.I) is not None)
        )
    )
    held = []
    for b in beliefs:
        mine = b.subject in (p.subject, speaker) or (theirs and (b.subject or "").startswith(speaker + ":"))
        if not mine or b.kind != "fact" or negated(b.statement):
            continue
        if is_cjk(b.statement) != zh:
            continue
        held_pattern = _HELD_COUNT_ZH if in_words else _HELD_NUMBER_ZH if zh else _HELD_NUMBER
        numbers = list(held_pattern.finditer(untimed(b.statement)))
        if not numbers and not zh and not in_words:  # "about four coffees a day": a count held in a word
            numbers = [m for m in _HELD_COUNT_EN.finditer(untimed(b.statement)) if _RATE_EN.search(b.statement)]
        # a sum of money is the money rule's (in Chinese, one said with its currency: a bare
        # "100兆" is no sum there)
        money = numbers and numbers[0].group("unit") in ("块", "元") if zh else _sums(b.statement)
        if len(numbers) != 1 or _DATED_ONCE.search(b.statement) or money:
            continue
        was = _number(numbers[0].group("v")) or float(count_of_word(numbers[0].group("v")) or 0)
        had = _unit(numbers[0].group("unit"))
        if in_words and had != unit:
            continue  # "两杯咖啡" -> "减到一杯了": a count in words moves only one of its own measure
        if what and not _names_level(what, b.statement, zh):
            continue  # "the temperature dropped to 4": a level of another thing than the kids held
        rate, rate_held = _RATE_EN.search(p.statement), _RATE_EN.search(b.statement)
        same_rate = (
            rate is not None
            and rate_held is not None
            and rate.group("per").casefold() == rate_held.group("per").casefold()
        )
        # "100兆" -> "升到500兆", "4 coffees a day" -> "down to 1 a day": the same unit or rate said with both
        most = 10 if (unit and unit == had) or same_rate else 3
        if named and not any(re.search(rf"\b{re.escape(w)}", b.statement, re.I) for w in named):
            continue  # "increased Ruby's Concerta": only a belief that names Ruby or the Concerta
        if loose and not (unit and unit == had):
            continue  # "it's 14 units now": a number said alone moves only one held of its own unit
        if was and was != now and 1 / most <= now / was <= most and (not unit or unit == had):
            held.append((b, numbers[0].group("v")))
    if len(held) != 1:
        return None
    ((belief, old),) = held
    reason = f"replaced: {old} -> {said.group('v')} ({p.statement}; rule level moved)"
    return Decision("supersede", (belief,), reason, old, said.group("v"))


# What a number measures when it is no sum of money ("10 miles", "2 pm", "500 mg").
_NOT_MONEY_UNITS = (
    r"am|pm|mg|ml|km|kg|g|lbs?|miles?|steps|calories|words|people|users|days|hours|minutes|mins|%|percent|gb|mb"
)


def _money_pattern(zh: bool, digits: int) -> re.Pattern[str]:
    """A sum of money as chat writes it, a bare number of at least ``digits`` digits among
    them (a year never): a currency or "k" with digits ("$1,450", "62k"), a number with
    thousands separators, or Chinese digits and numerals of thousands ("3500", "一万二")."""
    if zh:
        return re.compile(
            rf"(?<![\d.])\d{{{digits},6}}(?![\d.年岁号点月日])"
            r"|[一二两三四五六七八九十]+[万千](?:[一二两三四五六七八九]|[零一二两三四五六七八九十]+[千百])?"
        )
    return re.compile(
        r"(?<![\w.,:/])(?:[$€£¥]\s?\d[\d,]*(?:\.\d+)?k?|\d[\d,]*(?:\.\d+)?k\b|(?!(?:19|20)\d\d\b)\d{1,3}(?:,\d{3})+"
        rf"|(?!(?:19|20)\d\d\b)\d{{{digits},6}}(?:\.\d{{2}})?)(?![\w.,:]*\d)(?!\s*(?:{_NOT_MONEY_UNITS})\b)",
        re.IGNORECASE,
    )


# Three digits at least where nothing else says it is money; two where a period or a currency
# does ("55 a month"): a bare small number is a count.
_MONEY = {(zh, least): _money_pattern(zh, len(str(least))) for zh in (False, True) for least in (10, 100)}
_PER_HOUR = re.compile(r"\b(?:an|per|each|every) hour\b|/hr\b|/h\b|\bhourly\b|\bph\b", re.IGNORECASE)
_PER_MONTH = re.compile(r"\b(?:a|per|each|every) month\b|/mo\b|\bmonthly\b|每个?月|月供|月租|月薪", re.IGNORECASE)
_PER_YEAR = re.compile(
    r"\b(?:a|per|each|every) year\b|/yr\b|\byearly\b|\bannual|\bsalary\b|\bmake\b|年薪|每年", re.IGNORECASE
)
# Words that move an amount beside the change cues ("it's 1,580 starting in feb", "给到一万六")
# A sum held in thousands ("52k"), and a bare number moved to after "to" ("bumped me to 58").
_K_SUM = re.compile(r"(?<![\w.])\d{2,3}k\b", re.IGNORECASE)
_THOUSANDS_UNSAID = re.compile(r"\bto\s+(?P<v>\d{2,3})(?![\d,:%]|\.\d|\s*(?:k\b|[a-z]))", re.IGNORECASE)
_AMOUNT_MOVED = re.compile(
    r"\b(?:starting|from now|hit|reached|bumped|raised?|raising|increased?|increasing|upped|lowered|reduced|cut|"
    r"put up|(?:gone|went|goes) (?:up|down)|paying|(?:coming|comes|came) out at|since the (?:\w+ )?(?:uprating|review|rise|renewal)|"
    r"from (?:" + MONTHS + r"|next month))\b"
    r"|给到|涨|降|变成|得交|要交|加到|减到",
    re.IGNORECASE,
)


def _money_value(said: str) -> float | None:
    """The sum a money span says ("$1,450" 1450, "62k" 62000, "一万二" 12000)."""
    text = said.strip().lstrip("$€£¥ ").replace(",", "")
    if re.fullmatch(r"\d+(?:\.\d+)?k?", text, re.IGNORECASE):
        return float(text.rstrip("kK")) * (1000 if text[-1:] in "kK" else 1)
    spoken = number(text)  # Chinese numerals as said, shortened ones too ("四千五")
    return float(spoken) if spoken is not None else None


# A bare number with the things it counts after it ("600 pages", "14 units"), not a sum's words
_MEASURED_BARE = re.compile(
    r"\d[\d,.]*\s?(?!(?:a|an|per|each|every|now|since|from|and|or|to|in|on|at|for|this|next|last|"
    r"quid|bucks|dollars?|pounds?|euros?|grand|k|pcm|pw|pa|p|a month|a year|a week|monthly|weekly|yearly|"
    r"starting|after|before|with|but|so|which|plus|as|until|till|by|of|is|was|" + MONTHS + r")\b)(?-i:[a-z]{2,}s)\b",
    re.IGNORECASE,
)


def _sums(statement: str) -> list[float]:
    return [v for v, _ in _sums_said(statement)]


def _sums_said(statement: str) -> list[tuple[float, str]]:
    # under 100 only as money said ("$45", "55 a month"): a bare small number is a count
    least = 10 if _per(statement) or re.search(r"[$€£¥]|块|元", statement) else 100
    spans = _MONEY[(is_cjk(statement), least)].findall(statement)
    found = [(v, said) for said in spans if (v := _money_value(said)) is not None and v >= least]
    # a small sum with its currency, where no other is said ("gets $5 a week pocket money")
    return found or [(float(m.group("v")), m.group(0)) for m in _SMALL_MONEY.finditer(statement)]


def _per(statement: str) -> str:
    if _PER_HOUR.search(statement):
        return "hour"
    return "month" if _PER_MONTH.search(statement) else "year" if _PER_YEAR.search(statement) else ""


_SMALL_MONEY = re.compile(r"(?<![\w.])[$€£¥](?P<v>\d(?:\.\d{1,2})?)(?![\d,.]\d|\d)")
_SUM_OF_THEIRS = re.compile(
    r"\b(?:bumped|raised|upped|put|moved|increased|cut|dropped|lowered|reduced)\s+(?:him|her|them)\s+(?:up|down)?\s*to\b",
    re.IGNORECASE,
)


# A sum of someone else's, said with their pronoun and no word of the speaker's ("the couple next
# door just had their rent put up"); "the user's mum's council tax": a thing of one of theirs
_ANOTHERS_SUM = re.compile(r"^(?!.*\b(?:the user|my|our|we|i)\b).*\b(?:their|his|her)\s+(?!own\b)[a-z]", re.IGNORECASE)
_THING_OF_THEIRS = re.compile(r"(?:the user's|my|our)\s+(?:[\w-]+\s+){0,2}?[\w-]+'s\s+[a-z]", re.IGNORECASE)
# A sum said moved in Chinese with nothing named before the move but when ("今年调了，涨到3350了"; not
# "门票涨到160了", a thing of its own)
_MOVED_ALONE_ZH = re.compile(
    r"^(?:(?:今年|去年|这个?月|上个?月|最近|现在|目前|又|已经|也|都|刚|才|终于)+(?:调了|调整了|变了)?[，,]?\s*)*"
    r"(?:涨|降|调|加|减|提)了?(?:到|至|成)"
)
# A statement of the thing spoken of last, not of a person ("they've gone up to ...", "it's ...")
_THING_SPOKEN_OF = re.compile(r"(?:it|they)(?:'s|'re|'ve|\s)", re.IGNORECASE)
# A sum said moved of a thing named by one bare word, first or after a lead clause ("nursery's down
# to about £480", "with the funded hours kicking in, childcare is down to ..."): the thing the belief
# holding the sum names, whoever of the speaker's it is of ("the kids' nursery costs us ...")
_THING_MOVED = re.compile(
    r"(?:^|,\s*)(?:(?:the|our|my)\s+)?(?P<thing>[a-z]{4,})(?:'s|\s+is|\s+has|\s+have)?\s+(?:now\s+|gone\s+|come\s+|been\s+)*"
    # ("tuition bumped to $1,025 this fall", "fees increased to £1,240")
    r"(?:(?:down|up)|(?:bumped|increased|raised|rose|risen|jumped|dropped|fell|climbed|went)(?:\s+(?:up|down))?)\s+to\b",
    re.IGNORECASE,
)


# Words of a thing moved that name nothing held ("upped the dose to 40": the dose is whatever is held)
_NOT_NAMED_THING = frozenset(["the", "user's", "her", "his", "their", "dose", "dosage", "amount", "number", "level"])
# Capitalised words that name no one: how a sentence opens, months, days
_NOT_NAMES = frozenset(
    ["the", "this", "that", "they", "their", "she", "he", "her", "his", "it", "its", "so", "and", "but", "now", "just"]
    + MONTHS.split("|")
    + ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
)


def _money_moved(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "it's 1,580 starting in feb" or "月供降到1500了" replaces: the one belief of the
    speaker's that holds one sum of money of the same period (a month, a year or unsaid) and
    of the same order (between a third and three times it), where the new statement says one
    sum moved. Two such beliefs leave it to the other rules: which sum moved, the words do
    not say."""
    if negated(p.statement) or not (has_change_cue(p.statement) or _AMOUNT_MOVED.search(p.statement)):
        return None
    if _NEW_OF.search(p.statement):
        return None  # "new high score today 1500!!": a record, no sum
    statement = digits_after_to(p.statement)  # "bumped everyone up to sixty an hour"
    spans = _sums_said(statement)
    now = [v for v, _ in spans]
    bare = None if now else _THOUSANDS_UNSAID.search(statement)
    if bare and any(_K_SUM.search(b.statement) for b in beliefs):
        # "they bumped me to 58" after "salary is 52k": thousands unsaid, as the sum held said them
        now = [float(bare.group("v")) * 1000]
    if len(now) != 1:
        return None
    if (
        spans
        and not re.search(r"[$€£¥]|块|元", spans[0][1])
        and _MEASURED_BARE.match(statement, statement.find(spans[0][1]))
    ):
        return None  # "it's 600 pages now": a number of pages, no sum
    per = _per(statement)
    speaker = (p.subject or "").partition(":")[0]
    # "the couple next door had their rent put up to £1,400": theirs, not the speaker's; unless one of the
    # speaker's people is named by the name the belief holds ("Kayla raised her rate" of "our babysitter Kayla")
    named_as_held = (
        {n for n in re.findall(r"\b(?-i:[A-Z])[a-z]{2,}\b", statement) if n.casefold() not in _NOT_NAMES}
        if _ANOTHERS_SUM.search(statement)
        else None
    )
    if named_as_held is not None and not named_as_held:
        return None
    # "we bumped him up to $8": the sum of a person of the speaker's, said by a pronoun; "they've
    # gone up to £1,040" (mum's care fees): the thing spoken of last, whoever of theirs it is of
    theirs = (
        _SUM_OF_THEIRS.search(statement) is not None
        or _THING_SPOKEN_OF.match(statement) is not None
        or _MOVED_ALONE_ZH.match(statement) is not None  # "今年调了，涨到3350了": of no one named
    )
    thing = moved.group("thing") if (moved := _THING_MOVED.search(statement)) else None
    # "my mum's council tax went up": the sum of a thing of hers, never the speaker's own
    own = (speaker,) if p.subject == speaker or not _THING_OF_THEIRS.match(statement) else ()
    held = [
        b
        for b in beliefs
        if (
            b.subject in (p.subject, *own)
            or (
                (b.subject or "").startswith(f"{speaker}:")
                and (theirs or (thing and re.search(rf"\b{thing}\b", b.statement, re.IGNORECASE)))
            )
        )
        and b.kind == "fact"
        and len(sums := _sums(b.statement)) == 1
        and (per == "" or _per(b.statement) in ("", per))
        and sums[0] != now[0]
        and 1 / 3 <= now[0] / sums[0] <= 3
        and not _DATED_ONCE.search(b.statement)
        # "my flatmate got his rent put up to ...": theirs (in Chinese, "用户老板给涨到8000了" is the speaker's)
        and (is_cjk(p.statement) or not of_someone_else(p.statement, b.statement))
        and (named_as_held is None or any(re.search(rf"\b{n}\b", b.statement) for n in named_as_held))
    ]
    if len(held) != 1:
        return None
    was = held[0]
    old = _sums_said(was.statement)[0][1]
    new = spans[0][1] if spans else f"{now[0] / 1000:g}k"
    reason = f"replaced: {old} -> {new} ({p.statement}; rule amount moved)"
    return Decision("supersede", (was,), reason, old.strip(), new.strip())


_PERCENT = re.compile(r"(?<![\d.])(\d{1,2}(?:\.\d{1,3})?)\s?%")
_RATE_BARE = re.compile(
    r"\brate\b[^.,;]{0,20}?\b(?:to|at|now|is)\s+(?P<v>\d{1,2}\.\d{1,3})\b"
    r"(?![\d.%]|\s?(?:k|m|mb|gb|kg|lbs?|mg|am|pm|miles|km|mph|bpm)\b)",
    re.IGNORECASE,
)
# A rate said moved ("LPR下调以后现在是4.2%了", "put it up to 8%", "the new 5-year deal is 4.79%")
_RATE_MOVED = re.compile(
    r"\b(?:now|new|up|down|dropped|rose|risen|raised|increased|cut|lowered|reduced|went|gone|fixed|moved|"
    r"switched|remortgaged|refinanced|renewed)\b|下调|上调|涨|降|调|现在|改成|变成|换成|新的",
    re.IGNORECASE,
)


_RATE_OF = re.compile(
    r"\b(?:the user's|my|our)\s+(?P<thing>(?:[\w-]+\s+){0,2}?[\w-]+)(?:\s+(?:is|pays|'s)|\s+rate)\b", re.I
)


def _percent_moved(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "LPR下调以后现在是4.2%了" replaces: the one belief of the speaker's (or of the thing
    spoken of last) that holds one rate, another one, where the new statement says one rate
    moved or is new; two rates held leave it to the other rules, never "also" or a denial."""
    # ("rate dropped to 3.8 on the 1st": a rate said with its "%" dropped, by a decimal)
    now = _PERCENT.findall(p.statement) or [m.group("v") for m in _RATE_BARE.finditer(p.statement)]
    if len(now) != 1 or negated(p.statement) or has_additive_cue(p.statement):
        return None
    if not _RATE_MOVED.search(p.statement) or (not is_cjk(p.statement) and of_someone_else(p.statement, "")):
        return None
    speaker = (p.subject or "").partition(":")[0]
    unnamed = is_cjk(p.statement) and re.search(r"用户|我", p.statement) is None
    # a thing of the speaker's named ("my savings account pays 4.5% now"): only a rate held of it
    thing = _RATE_OF.search(p.statement)
    named = topic_words(thing.group("thing")) if thing else frozenset()
    held = [
        b
        for b in beliefs
        if b.kind == "fact"
        and (not named or named & topic_words(b.statement))
        and (b.subject in (p.subject, speaker) or (unnamed and (b.subject or "").startswith(f"{speaker}:")))
        and len(was := _PERCENT.findall(b.statement)) == 1
        and float(was[0]) != float(now[0])
        and 1 / 4 <= float(now[0]) / max(float(was[0]), 0.01) <= 4
    ]
    if len(held) != 1:
        return None
    old = _PERCENT.findall(held[0].statement)[0]
    reason = f"replaced: {old}% -> {now[0]}% ({p.statement}; rule rate moved)"
    return Decision("supersede", (held[0],), reason, f"{old}%", f"{now[0]}%")


# How much or how often something is taken, in Chinese ("一天两次", "每天一片", "早晚各一片", "半片"):
# the unit says what is measured (times, or pills and doses).
_DOSE_ZH = re.compile(
    r"(?:一天|每天|每日|每晚|早晚各?|每次|一次)?(?:[一二两三四五六七八九十\d]+|半)(?P<unit>次|片|粒|颗|毫克|mg|袋|支|滴|杯|根|包)"
)
# The speaker's dose changed by someone else ("医生让我改成早晚各一片"), not that person's own
_DONE_TO_SPEAKER_ZH = re.compile(r"[让叫给帮替把]用户")
# Units that count one thing ("一包烟" is twenty "根", "支" the same): one measure
_SAME_MEASURE_ZH = {"根": "支", "包": "支"}
_DOSE_CHANGED_ZH = re.compile(r"改成|改为|调成|调到|换成|减到|减成|加到|加成|变成|现在|就行|只要|只用|只能|只喝|只抽")
# A grade at school in Chinese ("初一", "高三", "大二", "三年级", "中班"): one at a time, the next replaces it.
_GRADE_ZH = re.compile(
    r"(?:初|高|大)[一二三四]|[一二三四五六]年级|(?:小|中|大)班|研[一二三]|博[一二三四五]"
    # ... or the stage of schooling itself ("上小学了" after "幼儿园大班")
    r"|(?<=[上读念进])(?:了)?(?:幼儿园|小学|初中|高中|大学)(?=了)"
    # a grade of an exam taken in steps ("钢琴考四级" -> "开始练五级的曲子")
    r"|(?<=[考练过到升备])(?:了)?(?:[一二三四五六七八九]|十)级(?!棒|片|台阶|地震|风)"
)
# A body measure said moved in Chinese ("瘦到了65", "胖了5斤到75公斤"): the one weight held is replaced.
_WEIGHT_MOVED_ZH = re.compile(r"(?:瘦|胖|减|长|掉|涨|降)(?:了)?到了?\s*(?P<v>\d+(?:\.\d+)?)")
_WEIGHT_ZH = re.compile(r"(?:体重|重)\D{0,4}?(?P<v>\d+(?:\.\d+)?)\s*(?:公斤|斤|kg)")


_EXAMINED_ZH = re.compile(
    r"钢琴|小提琴|古筝|吉他|二胡|琵琶|长笛|架子鼓|英语|日语|韩语|德语|法语|舞蹈|书法|绘画|围棋|象棋"
)


# The stages of schooling, each with the grades it spans, in order
_STAGES_ZH = {"幼儿园": (1, 3), "小学": (4, 9), "初中": (10, 12), "高中": (13, 15), "大学": (16, 19)}
_GRADE_RANK_ZH = {
    "小班": 1,
    "中班": 2,
    "大班": 3,
    "初一": 10,
    "初二": 11,
    "初三": 12,
    "高一": 13,
    "高二": 14,
    "高三": 15,
}


def _stage_rank(grade: str) -> tuple[int, int]:
    """Where a grade or a stage sits among the years of schooling, as (first, last) year."""
    if grade in _STAGES_ZH:
        return _STAGES_ZH[grade]
    if grade in _GRADE_RANK_ZH:
        year = _GRADE_RANK_ZH[grade]
    elif grade.endswith("年级"):  # 一年级 .. 六年级
        year = 4 + "一二三四五六".index(grade[0])
    elif grade[0] == "大" and grade[1] in "一二三四":  # 大一 .. 大四
        year = 16 + "一二三四".index(grade[1])
    else:  # 研一, 博二, an exam's level: after school
        year = 20
    return (year, year)


def _grade_moved_zh(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "她今年上初二了" replaces: the belief of the same person holding another grade."""
    if not is_cjk(p.statement) or negated(p.statement):
        return None
    now = _GRADE_ZH.search(p.statement)
    if now is None:
        return None
    said_of = set(_EXAMINED_ZH.findall(p.statement))
    # "这学期升四年级了": no one named, the grade is of whichever of the speaker's people holds one
    unnamed = re.search(r"用户|我|他|她|" + RELATIONS_ZH_WORDS, p.statement) is None
    held = [
        (b, was.group(0))
        for b in beliefs
        if (b.subject == p.subject or (unnamed and (b.subject or "").startswith(f"{p.subject}:")))
        and b.kind == "fact"
        and (was := _GRADE_ZH.search(b.statement)) is not None
        and was.group(0) != now.group(0)
        and (not said_of or said_of <= set(_EXAMINED_ZH.findall(b.statement)))  # 古筝三级 moves no 钢琴八级
        # a stage of schooling said alone only moves on ("大班" -> "上小学了"), never back
        and (
            (now.group(0) not in _STAGES_ZH and was.group(0) not in _STAGES_ZH)
            or _stage_rank(was.group(0))[1] < _stage_rank(now.group(0))[0]
        )
    ]
    if len(held) != 1:
        return None
    ((belief, old),) = held
    reason = f"replaced: {old} -> {now.group(0)} ({p.statement}; rule grade moved)"
    return Decision("supersede", (belief,), reason, old, now.group(0))


def _weight_moved_zh(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "最近瘦到了65" replaces: the one weight the speaker holds, within a third to three
    times the new number."""
    moved = _WEIGHT_MOVED_ZH.search(p.statement) if is_cjk(p.statement) else None
    if moved is None:
        return None
    now = float(moved.group("v"))
    held = [
        b
        for b in beliefs
        if b.subject == p.subject
        and (w := _WEIGHT_ZH.search(b.statement)) is not None
        and 0 < float(w.group("v")) != now  # "体重0公斤": no weight to compare with
        and 1 / 3 <= now / float(w.group("v")) <= 3
    ]
    if len(held) != 1:
        return None
    reason = f"replaced: weight -> {moved.group('v')} ({p.statement}; rule weight moved)"
    return Decision("supersede", (held[0],), reason, None, None)


def _dose_moved_zh(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "医生让我改成早晚各一片" replaces: the one belief of the speaker's (or of the person
    the statement is about) that says how much or how often of the same unit, where the new
    statement says the dose changed. Two such beliefs: which one, the words do not say."""
    if not is_cjk(p.statement) or negated(p.statement) or not _DOSE_CHANGED_ZH.search(p.statement):
        return None
    now = {_SAME_MEASURE_ZH.get(m.group("unit"), m.group("unit")) for m in _DOSE_ZH.finditer(p.statement)}
    if not now:
        return None
    speaker = (p.subject or "").partition(":")[0]
    held = [
        b
        for b in beliefs
        if (b.subject == p.subject or (b.subject == speaker and _DONE_TO_SPEAKER_ZH.search(p.statement)))
        and b.kind == "fact"
        and is_cjk(b.statement)
        and {_SAME_MEASURE_ZH.get(m.group("unit"), m.group("unit")) for m in _DOSE_ZH.finditer(b.statement)} & now
        and not _DATED_ONCE.search(b.statement)
    ]
    if len(held) != 1:
        return None
    reason = f"replaced: how much or how often ({p.statement}; ends: {held[0].statement}; rule dose changed)"
    return Decision("supersede", (held[0],), reason, None, None)


# A belief told of a date, not a state ("paid 2,000 on 3 March 2026"): a sum moved replaces none.
_DATED_ONCE = re.compile(r"\b(?:19|20)\d{2}\b|\d{4}年")


def _tier_changed(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "upgraded to plus" replaces: the plan or tier the speaker said last they are on."""
    said = None if is_cjk(p.statement) else _TIER_CHANGED.search(p.statement)
    if said is None or negated(p.statement[: said.start()]):
        return None
    last = _last_held(beliefs, lambda b: _ON_A_PLAN.search(b.statement) is not None)
    # "dropped down to the 250 package": a plan known by its number, held as one amount with its
    # unit ("our broadband is Virgin Media 500Mb")
    number = re.search(r"\b(\d{2,5})\b", said.group(0))
    if last is None and number is not None:
        last = _last_held(
            beliefs,
            lambda b: (
                len(sized := _SIZED.findall(b.statement)) == 1
                and sized[0] != number.group(1)
                and len(re.findall(r"\d+", untimed(b.statement))) == 1
            ),
        )
    if last is None:
        return None
    return Decision("supersede", (last,), f"replaced: {last.statement} ({p.statement}; rule tier changed)")


_SIZED = re.compile(r"\b(\d{2,5})\s?(?:mb|mbps|gb|tb|meg|megs|mins|minutes|gig|gigs)\b", re.IGNORECASE)


def _went_with(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "went with Mint Mobile" replaces: of the speaker's beliefs saying whom they are
    with, the one said last, when it names another."""
    said = None if is_cjk(p.statement) else WENT_WITH.search(p.statement)
    if said is None or negated(p.statement[: said.start()]):
        return None
    new = said.group("v")

    def other_provider(b: BeliefView) -> bool:
        held = _WITH_PROVIDER.search(b.statement)
        was = (held.group("v") or held.group("named")) if held else ""
        # "went with the unlimited plan" picks a kind of the thing held ("phone plan"), no other provider
        return (
            held is not None
            and was.casefold() not in new.casefold()
            and not topic_words(new) & (topic_words(b.statement) - topic_words(was))
        )

    last = _last_held(beliefs, other_provider)
    if last is None:
        return None
    return Decision("supersede", (last,), f"replaced: {last.statement} ({p.statement}; rule went with)")


# A vehicle said by its model year ("a 2011 Corsa", "a used 2016 Yaris"): the year before a name
# says what kind of thing it is, so two of them are one kind whatever their makes
_MODEL_YEAR = re.compile(
    r"\b(?:a|an|the|my|our|his|her|their)\s+(?:(?:used|new|brand[- ]new|second[- ]hand|cheap|old|little)\s+)*"
    r"(?:19|20)\d\d\s+(?P<name>(?-i:[A-Z])[\w-]*)"
)
# ... got by the speaker ("picked up a 2016 Yaris", "bought a 2019 Octavia"), or driven now
_GOT_ONE = re.compile(
    r"\b(?:bought|got|picked up|ended up with|treated (?:myself|ourselves) to|traded up to|upgraded to|"
    r"drives?|driving|owns?)\s+(?=(?:a|an|the|my|our)\s)",
    re.IGNORECASE,
)


def _model_year_got(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "Corsa failed its MOT so I've picked up a 2016 Yaris" replaces: the speaker's
    belief said last that holds another thing by its model year ("drives a 2011 Corsa"), when
    the one got is said the same way; never "also" or a second one, never a motorbike for a car."""
    got = None if is_cjk(p.statement) else _GOT_ONE.search(p.statement)
    if got is None or negated(p.statement[: got.start()]) or has_additive_cue(p.statement):
        return None
    new = _MODEL_YEAR.match(p.statement, got.end())
    if new is None:
        return None
    if re.search(r"\b(?:second|another|extra|spare)\b", p.statement, re.IGNORECASE):
        return None  # "bought a second car, a 2016 Yaris": both held
    wheels = _TWO_WHEELS_SAID.search(p.statement) is not None

    def another(b: BeliefView) -> bool:
        held = _MODEL_YEAR.search(b.statement)
        return (
            b.subject == p.subject
            and held is not None
            and held.group("name").casefold() != new.group("name").casefold()
            and (_TWO_WHEELS_SAID.search(b.statement) is not None) == wheels
        )

    last = _last_held(beliefs, another)
    if last is None:
        return None
    was = _MODEL_YEAR.search(last.statement)
    reason = f"replaced: {last.statement} ({p.statement}; rule model year)"
    return Decision("supersede", (last,), reason, was.group("name") if was else None, new.group("name"))


_TWO_WHEELS_SAID = re.compile(r"\b(?:motor ?bike|motorcycle|scooter|moped|bike)s?\b", re.IGNORECASE)


def _replaced_it(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "replaced it with an eero pro 6 mesh" replaces: the belief said last."""
    said = None if is_cjk(p.statement) else REPLACED_IT.search(p.statement)
    if said is None or negated(p.statement[: said.start()]):
        return None
    last = _last_held(beliefs)
    if last is None:
        return None
    new = said.group("v").strip()
    reason = f"replaced: {last.statement} ({p.statement}; rule replaced it)"
    return Decision("supersede", (last,), reason, last.value or "", new)


# A name given anew ("we renamed him Toby", "renamed the band Pinewire", "changed her name to
# Luna", "改名叫旺财了"): the rename is said in words; the new name, where said, follows it or
# is what "he's ... now" calls the thing.
_NAME = r"(?-i:[A-Z])[\w'&.-]*(?:\s+(?-i:[A-Z])[\w'&.-]*){0,3}"
_RENAMED = re.compile(
    r"\brenamed\s+(?:(?:him|her|it|them)\b|(?:the|our|my|his|her|their)\s+(?P<what>[a-z][\w-]*))?"
    r"\s*(?:to\s+|as\s+)?(?P<name>" + _NAME + r")?"
    r"|\bchanged\s+(?:his|her|its|their|the)\s+(?:(?P<what2>[a-z][\w-]*)'s\s+)?name\s+to\s+(?P<name2>" + _NAME + r")"
    r"|(?:改名|改叫|名字改)(?:了)?[，,]?(?:现在)?(?:叫|成|为)?(?P<zh>[\u4e00-\u9fffA-Za-z]{1,6}?)(?:了|啦)?(?=[，,。！!]|$)",
    re.IGNORECASE,
)
_CALLED_NOW = re.compile(
    r"\b(?:he|she|it|they)(?:'s| is| are)\s+(?:called\s+|named\s+)?(?P<name>" + _NAME + r")\s+now\b"
)
# A name a belief holds for a thing of the speaker's ("a dog called Biscuit", "my band's called
# The Hollow Pines", "我家狗叫豆豆").
_CALLED = re.compile(
    r"\b(?:called|named|name is|name's)\s+(?P<name>"
    + _NAME
    + r")|叫(?P<zh>[\u4e00-\u9fffA-Za-z]{1,6}?)(?=[，,。的！!]|$)"
)


def _renamed(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "we renamed him Toby" replaces: the name held by the belief said last that calls a
    thing by a name ("a golden retriever called Biscuit"), or of the thing the rename names ("renamed
    the band"); nothing when no belief holds a name, or the name given is the one held."""
    said = _RENAMED.search(p.statement)
    if said is None or negated(p.statement[: said.start()]) or is_supposition(p.statement):
        return None
    after = _CALLED_NOW.search(p.statement)
    new = said.group("name") or said.group("name2") or said.group("zh") or (after.group("name") if after else "")
    what = (said.group("what") or said.group("what2") or "").casefold()
    held = [
        (b, called.group("name") or called.group("zh"))
        for b in beliefs
        if (called := _CALLED.search(b.statement)) is not None
        and not negated(b.statement)
        and (not what or what in b.statement.casefold())
    ]
    if not held:
        return None
    belief, old = max(held, key=lambda h: _said_last(h[0]))
    if new and new.casefold() == old.casefold():
        return None
    return Decision("supersede", (belief,), f"replaced: {old} -> {new or '?'} ({p.statement}; rule renamed)", old, new)


# Fewer left of a number held ("a fox got two of them, only Henrietta left", "one of them passed
# away, so it's just Pickle now", "only one left"): the count the speaker held has moved down.
_FEWER_LEFT = re.compile(
    r"\b(?:only|just)\s+(?:(?-i:[A-Z])\w+|one|two|three|four|\d+)(?:\s+(?-i:[a-z]+))?\s+(?:left|remaining)\b"
    r"|\b(?:it's|it is)\s+just\s+(?:(?-i:[A-Z])\w+(?:\s+and\s+(?-i:[A-Z])\w+)?|one|two|\w+\s+and\s+me)\s+now\b",
    re.IGNORECASE,
)
_OF_THEM = re.compile(r"\b(?:one|two|three|four|\d+|both|all but one)\s+of\s+(?:them|the\s+\w+)\b", re.IGNORECASE)
_COUNT_HELD = re.compile(
    r"\b(?:two|three|four|five|six|seven|eight|nine|ten|\d{1,2})\s+(?:[a-z-]+\s+)?"
    r"(?P<what>[a-z]+s|staff|people|children|sheep|fish)\b",
    re.IGNORECASE,
)


# One more than a number held ("hired a third person" after "a bakery with two employees", "got
# our fourth hen"): the count said before is one short now.
ONE_MORE = re.compile(
    r"\b(?:hired|got|adopted|took on|bought|added|welcomed|rescued|brought home)\s+(?:a|an|our|my|the)\s+"
    r"(?P<ord>second|third|fourth|fifth|sixth)\b",
    re.IGNORECASE,
)
_ORDINALS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6}


def _one_more(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "hired a third person yesterday" replaces: the speaker's belief said last that holds a
    count one short of it ("a small bakery with two employees")."""
    said = None if is_cjk(p.statement) else ONE_MORE.search(p.statement)
    if said is None or negated(p.statement[: said.start()]) or is_supposition(p.statement):
        return None
    if ":" in (p.subject or "") or _OTHERS_OF_THEIRS.match(p.statement) or p.statement.startswith("The user's"):
        return None  # "my sister got a third dog": hers
    before = _ORDINALS[said.group("ord").casefold()] - 1

    def short_by_one(b: BeliefView) -> bool:
        held = _COUNT_HELD.search(b.statement)  # "two employees", "7 cats": the count in words or digits
        return (
            held is not None
            and (b.subject or "").partition(":")[0] == "user"
            and number(held.group(0).split()[0]) == before
        )

    last = _last_held(beliefs, short_by_one)
    if last is None:
        return None
    return Decision("supersede", (last,), f"replaced: {last.statement} ({p.statement}; rule one more)")


# A version moved to, said by its number alone or with the name held ("upgraded to 11 over the
# weekend" after "I'm on Windows 10", "finally updated to iOS 18")
_VERSION_MOVED = re.compile(
    r"\b(?:upgraded|updated|moved|switched|downgraded|went)\s+(?:up\s+|back\s+|over\s+)?to\s+"
    r"(?:(?P<name>(?-i:[A-Z])[\w-]*)\s+)?(?:version\s+|v)?(?P<n>\d{1,3}(?:\.\d+)?)\b"
    r"(?!\s*(?:%|am|pm|kg|lbs?|k\b|mph|min|minutes|hours|days|a\b|an\b|per\b|each\b|times|people|users|seats))",
    re.IGNORECASE,
)
_VERSION_HELD = re.compile(r"\b(?P<name>(?-i:[A-Z])[\w-]*)\s+(?:version\s+|v)?(?P<n>\d{1,3}(?:\.\d+)?)\b(?![\d:/])")


def _version_moved(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "upgraded to 11 over the weekend" replaces: the belief said last holding a name with
    a version number ("on Windows 10"), of the name said if any, another number."""
    said = None if is_cjk(p.statement) else _VERSION_MOVED.search(p.statement)
    if said is None or negated(p.statement[: said.start()]) or is_supposition(p.statement):
        return None
    name, now = (said.group("name") or "").casefold(), said.group("n")

    def holds(b: BeliefView) -> bool:
        return any(
            m.group("n") != now and (not name or m.group("name").casefold() == name)
            for m in _VERSION_HELD.finditer(b.statement)
            if m.group("name").casefold() not in ("the", "user", "year", "level", "grade", "week")
        )

    last = _last_held(beliefs, holds)
    if last is None:
        return None
    return Decision("supersede", (last,), f"replaced: {last.statement} ({p.statement}; rule version moved)")


# A model known by a letter code and its number, moved to another of the line ("upgraded to the
# S24 Ultra" after "an old Samsung Galaxy S20", "went up to the X5")
_CODE_MODEL_MOVED = re.compile(
    r"\b(?:upgraded|updated|moved|switched|downgraded|went|traded)\s+(?:up\s+|back\s+|over\s+|down\s+)?to\s+"
    r"(?:the\s+|a\s+|an\s+)?(?:new\s+)?(?:(?-i:[A-Z])[\w-]*\s+){0,2}?(?P<pre>(?-i:[A-Z]{1,3}))(?P<n>\d{1,3})\b",
    re.IGNORECASE,
)


# What a reading said alone measures: the speaker's weight, a record or a time held
_MEASURE_HELD = re.compile(
    r"\b(?:weighs?|weight|pb|pr|personal best|record|best|max|time|pace|handicap|score|resting heart rate|bmi)\b", re.I
)


# (as kept: "78 on 1 May 2026 💪", its time of day written as the day)
_READING_DATED = re.compile(
    r"^(?P<v>\d{1,3}(?:[.:]\d{1,2})?)(?:\s?(?:kg|kgs|lbs?|st))?\s+(?:at|on|this|today)\b[^.!?]{0,40}[^\w]*$", re.I
)


# A rate said alone as it is now, by what it is per ("15 a walk now lol", "£40 a session from now
# on"), and the belief holding a rate per the same thing ("12 quid a walk")
_PER_NOW = re.compile(
    r"^(?:(?:so|and|but|ok|okay|yeah|it's|its|it is)[,\s]+)*(?P<v>[$€£¥]?\d[\d.,]*)\s*(?:quid|bucks|dollars|pounds|euros|p)?\s+"
    r"(?:a|an|per)\s+(?P<per>[a-z]+)\s+(?:now|from now on|these days|going forward)\b",
    re.IGNORECASE,
)


def _per_moved(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "15 a walk now" replaces: the belief of the speaker's said last holding another rate
    per the same thing ("does dog walking on the side, 12 quid a walk")."""
    said = None if is_cjk(p.statement) else _PER_NOW.match(p.statement)
    if said is None or ":" in (p.subject or ":"):
        return None
    per = re.escape(said.group("per"))
    rate = re.compile(
        rf"(?P<was>[$€£¥]?\d[\d.,]*)\s*(?:quid|bucks|dollars|pounds|euros|p)?\s+(?:a|an|per)\s+{per}\b", re.IGNORECASE
    )
    held = [
        (b, m.group("was"))
        for b in beliefs
        if b.subject == p.subject
        and not negated(b.statement)
        and (m := rate.search(b.statement)) is not None
        and m.group("was").lstrip("$€£¥") != said.group("v").lstrip("$€£¥")
    ]
    return _last_value_moved(p, held, said.group("v"), "rate per moved")


# A code said in Chinese as what holds now ("抽中了 现在是H1B啦" after "我的签证是F1", "换成B2了"):
# letters and digits together, a visa, a licence, a plan; the belief said last holding another
_CODE_TOKEN = r"(?=[A-Za-z0-9-]*[A-Za-z])(?=[A-Za-z0-9-]*\d)[A-Za-z0-9-]{2,10}"
_CODE_NOW_ZH = re.compile(
    r"(?:现在|目前|已经)?(?:是|变成|换成|改成|转成|升到|升级成)了?\s*(?P<v>" + _CODE_TOKEN + r")(?![A-Za-z0-9])"
)


def _code_now_zh(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "现在是H1B啦" replaces: the speaker's belief said last that holds another code of letters
    and digits ("用户的签证是F1")."""
    said = _CODE_NOW_ZH.search(p.statement) if is_cjk(p.statement) else None
    if said is None or negated(p.statement) or ":" in (p.subject or ":"):
        return None
    # (a slip put right says the change too: "说错了 是B2")
    if said.group(0).lstrip("现在目前已经").startswith("是") and not re.search(
        r"现在|目前|已经|换|改|变|升|错|不对|不是|更正|其实|应该", p.statement
    ):
        return None  # "我开的车是A4": what a thing is, no change said
    # the thing said before 是, where one is ("我开的车是A4"), must be the thing held
    clause = re.split(r"[，,。！!\s]", p.statement[: said.start()])[-1]
    thing = re.sub(r"^(?:用户|我)(?:的)?|现在|目前|已经|的$", "", clause)
    now = said.group("v")
    token = re.compile(r"(?<![A-Za-z0-9])" + _CODE_TOKEN + r"(?![A-Za-z0-9])")
    held = [
        (b, codes[0])
        for b in beliefs
        if b.subject == p.subject
        and is_cjk(b.statement)
        and not negated(b.statement)
        and len(codes := token.findall(b.statement)) == 1
        and codes[0].casefold() != now.casefold()
        and (not thing or any(thing[i : i + 2] in b.statement for i in range(max(len(thing) - 1, 1))))
    ]
    return _last_value_moved(p, held, now, "code now")


# A level passed or reached in Chinese ("上个月考过五级了" after "我的HSK是四级", "钢琴考到八级了")
_LEVEL_PASSED_ZH = re.compile(r"(?:考过|考到|考了|过了|升到|升了)了?(?P<v>[一二三四五六七八九十\d]+)级")
_LEVEL_HELD_ZH = re.compile(r"(?<![一二三四五六七八九十\d])(?P<v>[一二三四五六七八九十\d]+)级")


def _level_passed_zh(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "考过五级了" replaces: the speaker's belief said last holding another level (四级), of
    the thing named where the new statement names one (HSK, 钢琴)."""
    said = _LEVEL_PASSED_ZH.search(p.statement) if is_cjk(p.statement) else None
    if said is None or negated(p.statement):
        return None
    named = re.findall(
        r"[A-Za-z]{2,}|钢琴|日语|英语|韩语|法语|德语|小提琴|古筝|舞蹈|围棋|书法", p.statement[: said.start()]
    )
    held = [
        (b, levels[0])
        for b in beliefs
        if b.subject == p.subject
        and not negated(b.statement)
        and len(levels := _LEVEL_HELD_ZH.findall(b.statement)) == 1
        and levels[0] != said.group("v")
        and all(n.casefold() in b.statement.casefold() for n in named)
    ]
    return _last_value_moved(p, held, said.group("v"), "level passed")


# How long a thing holds now, said with its year ("extension approved, good till August 2027",
# "renewed, valid until 2034"), and a belief saying when the speaker's thing runs out
_VALID_TILL = re.compile(
    r"\b(?:good|valid|extended|renewed|runs?|lasts?)\s+(?:till|until|til|through|to)\s+(?:the\s+end\s+of\s+)?"
    r"(?P<v>(?:(?:" + _MONTHS_SAID + r")\s+)?(?:19|20)\d\d)\b",
    re.IGNORECASE,
)
_RUNS_OUT = re.compile(
    r"\b(?:expires?|expiry|expiring|runs out|valid|good|ends|until|till)\b[^.;]*?\b(?P<y>(?:19|20)\d\d)\b", re.I
)


# Words said before "good till" that name no thing held: how it came to hold
_NOT_A_THING_HELD = frozenset(
    ["user", "new", "one", "extension", "approved", "renewal", "renewed", "came", "through", "got", "finally", "it"]
)


def _valid_till(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "good till August 2027" replaces: the speaker's belief said last that says when a
    thing of theirs runs out, another year ("my visa expires in August 2025")."""
    said = None if is_cjk(p.statement) else _VALID_TILL.search(p.statement)
    if said is None or negated(p.statement) or is_supposition(p.statement):
        return None
    year = said.group("v")[-4:]
    # a thing named ("my visa is valid until 2034") is that thing's; "it", "new one" or none, the last held
    named = topic_words(p.statement[: said.start()]) - {lexical_stem(w) for w in _NOT_A_THING_HELD} - _NOT_A_THING_HELD
    last = _last_held(
        beliefs,
        lambda b: (
            b.subject == p.subject
            and (m := _RUNS_OUT.search(b.statement)) is not None
            and m.group("y") != year
            and (not named or bool(named & topic_words(b.statement)))
        ),
    )
    if last is None:
        return None
    return Decision("supersede", (last,), f"replaced: {last.statement} ({p.statement}; rule valid till)")


# How the speaker gets to work or school, by the kind of way ("I've been driving in since the new
# year" after "I take the 7:42 from Reading", "cycle there these days" after "get the bus to
# language school", 买了辆电动车，骑车去 after 坐地铁上学): a way said with a word of change replaces the
# belief said last that goes there another way
_WAYS_EN = (
    ("drive", r"driv(?:e|es|ing)|drove"),
    ("cycle", r"cycl(?:e|es|ing)|e-?bik(?:e|es|ing)|bik(?:e|es|ing)|ride my bike|scoot(?:er|ing)?"),
    ("walk", r"walk(?:s|ing)?"),
    ("bus", r"(?:get|gets|getting|take|takes|taking|catch|catches|catching|on)\s+the\s+(?:\d+\s+)?bus|bus(?:es)?"),
    (
        "train",
        r"(?:get|gets|getting|take|takes|taking|catch|catches|catching)\s+the\s+(?:\d{1,2}[:.]\d\d|train|tube|metro|subway|tram)|trains?|tube",
    ),
)
_WAYS_ZH = (
    ("drive", r"开车"),
    ("cycle", r"骑(?:车|自行车|电动车|电瓶车|单车)?"),
    ("walk", r"走路|步行"),
    ("bus", r"(?:坐|乘)公交"),
    ("train", r"(?:坐|乘)(?:地铁|火车|高铁|轻轨)"),
    ("taxi", r"打车"),
)
_GOES_THERE_EN = re.compile(
    r"\b(?:in\s+to\s+work|into\s+(?:work|the office|town|(?-i:[A-Z])\w+)|to\s+(?:work|the office|school|uni|college|class|[a-z]+\s+school)|there|"
    r"every\s+(?:morning|day)|from\s+(?-i:[A-Z])\w+\s+to\s+(?-i:[A-Z])\w+|commute)\b",
    re.IGNORECASE,
)
# (去 alone only where the clause ends with it, "骑车去": there, the place of the belief; "骑车去公园" is a trip)
_GOES_THERE_ZH = re.compile(r"上班|上学|通勤|去(?:公司|学校|单位)|回家|去(?=[，,。！!]|$)")
# (where to, said right after the way: "driving in", "cycle there", "walk to work")
_GO_TO_EN = r"(?:in\b|into\s+(?:work|the office|town)|to\s+(?:work|the office|school|uni|college|class)|there\b)"


def _ways(statement: str, zh: bool) -> set[str]:
    """The kinds of way of getting somewhere a statement names."""
    return {
        kind
        for kind, way in (_WAYS_ZH if zh else _WAYS_EN)
        if re.search(way if zh else rf"\b(?:{way})\b", statement, re.I)
    }


def _way_there(statement: str, zh: bool) -> set[str]:
    """The kinds of way a statement says the speaker goes there by: a way said with where to, just
    after it ("driving in", "cycle there", 骑车去), in the first clause that says one."""
    for part in re.split(r"[,;，；。]\s*", statement):
        said = {
            kind
            for kind, way in (_WAYS_ZH if zh else _WAYS_EN)
            if re.search(
                rf"(?:{way})(?:了|(?:{_GOES_THERE_ZH.pattern}))"
                if zh
                else rf"\b(?:{way})\s+(?:[a-z]+\s+){{0,2}}?{_GO_TO_EN}",
                part,
                re.IGNORECASE,
            )
        }
        if said:
            return said
    return set()


def _way_changed(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "I've been driving in since the new year" replaces: the speaker's belief said last
    that says how they get to work or school another way."""
    zh = is_cjk(p.statement)
    now = _way_there(p.statement, zh)
    # (in Chinese 了 closing a clause is itself the word of a new state)
    cue = re.search(
        r"现在|最近|都|改|换|以后|了" if zh else r"\b(?:since|now|these days|nowadays|instead|started|lately)\b",
        p.statement,
    )
    if len(now) != 1 or cue is None or ":" in (p.subject or ":") or has_additive_cue(p.statement):
        return None
    if negated(p.statement) or is_supposition(p.statement):
        return None
    last = _last_held(
        beliefs,
        lambda b: (
            b.subject == p.subject
            and is_cjk(b.statement) == zh
            and bool(was := _ways(b.statement, zh))
            and not (was & now)
            and (_GOES_THERE_ZH if zh else _GOES_THERE_EN).search(b.statement) is not None
        ),
    )
    if last is None:
        return None
    return Decision("supersede", (last,), f"replaced: {last.statement} ({p.statement}; rule way there changed)")


# A time said alone with when it starts, as the statement opens ("8:30 starting in the week of ...",
# "8.30 from monday"): the time of the thing spoken of
_TIME_FROM = re.compile(TIME_STARTS, re.IGNORECASE)


# A number said alone as what it is now ("58 now don't judge me", "on 12 now"): the number of the
# thing spoken of last
_ONE_NUMBER = re.compile(r"(?<![\d:.,£$€¥/-])\d{1,4}(?![\d:,%/-]|\.\d)")


def _number_now_alone(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "58 now don't judge me" replaces: the speaker's belief said last, where it holds one
    number (no time, sum or year: "on level 42 in Candy Crush") of the same order (a fifth to five
    times it)."""
    said = None if is_cjk(p.statement) else NUMBER_NOW.search(p.statement)
    if said is None or ":" in (p.subject or ":"):
        return None
    now = int(said.group("v"))
    last = _last_held([b for b in beliefs if b.subject == p.subject])
    if last is None or negated(last.statement):
        return None
    numbers = [int(n) for n in _ONE_NUMBER.findall(untimed(last.statement)) if not 1900 <= int(n) <= 2100]
    if len(numbers) != 1 or numbers[0] == now or not 0.2 <= now / max(numbers[0], 1) <= 5:
        return None
    return Decision("supersede", (last,), f"replaced: {numbers[0]} -> {now} ({p.statement}; rule number said alone)")


# Where a group of the speaker's meets now, said as where "we've been" since a time or a change
# ("Since March we've been at the scout hut on Mill Lane", "we've been in the library meeting room
# since the pub started charging")
_MET_SINCE = re.compile(
    r"\b(?:we've|we have|the user has|they've|they have)\s+been\s+(?:meeting\s+)?(?:at|in)\s+(?P<v>[^,.;]{3,50}?)"
    r"(?=\s*(?:$|[,.;!]|\s+since\b|\s+now\b|\s+these days\b|\s+instead\b))",
    re.IGNORECASE,
)
_MEETS_AT = re.compile(
    r"\b(?:meets?|runs?|is held|are held|takes place|rehearses?|gathers?|happens?)\b[^.;]*?\b(?:at|in)\s+\S",
    re.IGNORECASE,
)


def _met_since(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "since March we've been at the scout hut" replaces: the one belief of the speaker's
    that says where a thing of theirs meets or runs ("The repair café runs at St Jude's church
    hall"); two such, and which moved the words do not say."""
    said = None if is_cjk(p.statement) else _MET_SINCE.search(p.statement)
    if said is None or negated(p.statement) or not re.search(r"\bsince\b", p.statement, re.I):
        return None
    held = [
        b
        for b in beliefs
        if b.subject == p.subject
        and not negated(b.statement)
        and _MEETS_AT.search(b.statement)
        and said.group("v").casefold() not in b.statement.casefold()
    ]
    if len(held) != 1:
        return None
    return Decision(
        "supersede", (held[0],), f"replaced: {held[0].statement} ({p.statement}; rule meets elsewhere since)"
    )


def _time_from(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "8:30 starting next week" replaces: the speaker's belief said last that holds one time
    of day ("meets at the trailhead at 8am on Saturdays")."""
    said = None if is_cjk(p.statement) else _TIME_FROM.match(p.statement)
    if said is None or ":" in (p.subject or ":"):
        return None
    now = said.group("v")
    held = [
        (b, times[0])
        for b in beliefs
        if b.subject == p.subject
        and not negated(b.statement)
        and len(times := _CLOCK.findall(b.statement)) == 1
        and times[0].replace(".", ":") != now.replace(".", ":")
    ]
    return _last_value_moved(p, held, now, "time from then")


# Values of a form of their own, which say what they are without a word for it: a phone number, a
# UK postcode, an e-mail address. A new one of a form where one of that form is held is the new one.
_FORMS = {
    "phone": PHONE,
    # (not a size of memory: "an M2 8GB MacBook")
    "postcode": re.compile(r"\b(?-i:[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})\b(?<![KMGT]B)"),
    "e-mail": EMAIL,
}
# The kinds of a number or an address a statement may name: two kinds are two values held
_FORM_KINDS = re.compile(
    r"\b(?:mobile|cell|landline|home|work|office|business|fax|personal|school|uni)\b", re.IGNORECASE
)


def _same_form_anew(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "BT gave us 0161 496 0788 after the move" or "new one's LS17 8QT" replaces: the
    speaker's belief said last holding one value of the same form (a landline number, a postcode),
    another; never where the two name different kinds of it (a work and a home number)."""
    if is_cjk(p.statement) or negated(p.statement) or has_additive_cue(p.statement) or ":" in (p.subject or ":"):
        return None
    for form, pattern in _FORMS.items():
        now = pattern.findall(p.statement)
        if len(now) != 1:
            continue
        kinds = {k.casefold() for k in _FORM_KINDS.findall(p.statement)}
        held = [
            (b, was[0])
            for b in beliefs
            if b.subject == p.subject
            and not negated(b.statement)
            and len(was := pattern.findall(b.statement)) == 1
            and re.sub(r"\W", "", was[0]).casefold() != re.sub(r"\W", "", now[0]).casefold()
            and not (
                kinds
                and (held_kinds := {k.casefold() for k in _FORM_KINDS.findall(b.statement)})
                and not kinds & held_kinds
            )
        ]
        if (decided := _last_value_moved(p, held, now[0], f"{form} said anew")) is not None:
            return decided
    return None


def _reading_alone(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "78 this morning 💪" replaces: the speaker's measure said last ("weighs 82 kg", "5k PB
    is 24:10") holding one number of the same form (a time for a time), within half to twice it."""
    said = None if is_cjk(p.statement) else _READING_DATED.match(p.statement)
    if said is None or ":" in (p.subject or ":"):
        return None
    now = said.group("v")
    clock = ":" in now

    def value(text: str) -> float:
        if clock:
            minutes, _, seconds = text.partition(":")
            return int(minutes) * 60 + int(seconds)
        return float(text)

    held = []
    for b in beliefs:
        if b.subject != p.subject or not _MEASURE_HELD.search(b.statement) or negated(b.statement):
            continue
        numbers = re.findall(
            r"\b\d{1,2}:\d{2}\b" if clock else r"(?<![\d:.])\d{1,3}(?:\.\d)?(?![\d:])", untimed(b.statement)
        )
        if len(numbers) == 1 and numbers[0] != now and 0.5 <= value(now) / max(value(numbers[0]), 1e-9) <= 2:
            held.append((b, numbers[0]))
    return _last_value_moved(p, held, now, "reading said alone")


# A fixture of the home fitted anew ("had a Worcester Bosch combi fitted on tuesday", "heat pump went
# in last month", "we've got a Mira Sport fitted", 前两天装了指纹锁), and the kinds of fixture a
# home has one of: what is fitted replaces the one of its kind held
FITTED = re.compile(
    r"\b(?:had|got|have|'ve|having|getting)\s+(?:got\s+|just\s+|finally\s+)*(?:a|an|the|our|my|some)\s+(?:new\s+)?"
    r"(?P<what>[^,.;!?]{2,40}?)\s+(?:fitted|installed|put in)\b"
    r"|(?:^|[,;]\s*|\b(?:so|and)\s+|(?:the|our|my|a|new)\s+)(?P<went>[a-z][a-z -]{2,30}?)\s+"
    r"(?:went in|got fitted|got installed|was fitted|was installed|has been fitted|has been installed)\b",
    re.IGNORECASE,
)
_FITTED_ZH = re.compile(r"(?:装了|换了|安了|装上了|换上了)(?:个|台|套|一个|一台|一套)?(?P<what>[\u4e00-\u9fff]{1,6})")
_FIXTURES = (
    r"boiler|combi|heat pump|furnace|heating|storage heaters?|oil tank",
    r"hob|cooker|stove|oven|range|aga",
    r"shower",
    r"lock",
    r"windows|glazing",
    r"meter",
    r"solar panels|solar",
    r"air con|aircon|ac unit",
    r"fridge|fridge freezer",
    r"washing machine|washer dryer",
    r"dishwasher",
)
_FIXTURES_ZH = (
    r"锁",
    r"热水器",
    r"空调",
    r"燃气灶|电磁炉|灶",
    r"马桶",
    r"地暖|暖气",
    r"窗户|窗",
    r"冰箱",
    r"洗衣机",
    r"净水器",
)


def _fitted_anew(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What a fixture fitted anew replaces: the belief said last of the speaker's that names a
    fixture of its kind ("our boiler is a 15 year old Baxi", "we cook on a gas hob"); where the
    new one names no kind ("a Mira Sport"), the fixture spoken of last. Never one more ("a second
    fridge", "also")."""
    zh = is_cjk(p.statement)
    said = (_FITTED_ZH if zh else FITTED).search(p.statement)
    if said is None or negated(p.statement[: said.end()]) or has_additive_cue(p.statement):
        return None
    if re.search(r"\b(?:second|another|extra|spare)\b", p.statement, re.IGNORECASE):
        return None
    what = said.group("what") or said.groupdict().get("went") or ""
    kinds = _FIXTURES_ZH if zh else _FIXTURES
    flags = 0 if zh else re.IGNORECASE
    named = [k for k in kinds if re.search(k if zh else rf"\b(?:{k})\b", what, flags)]
    if not named and (zh or said.groupdict().get("went")):
        return None  # "装了个APP", "the baby went in the cot at 7": no fixture named
    if ":" in (p.subject or ":"):
        return None  # "my mum had a new boiler fitted": hers
    last = _last_held(
        beliefs,
        lambda b: (
            b.subject == p.subject
            and b.kind == "fact"
            and any(re.search(k if zh else rf"\b(?:{k})\b", b.statement, flags) for k in (named or kinds))
        ),
    )
    if last is None:
        return None
    return Decision("supersede", (last,), f"replaced: {last.statement} ({p.statement}; rule fitted anew)")


def _code_model_moved(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "upgraded to the S24 Ultra" replaces: the belief said last holding a model of the same
    letter code with another number ("an old Samsung Galaxy S20")."""
    said = None if is_cjk(p.statement) else _CODE_MODEL_MOVED.search(p.statement)
    if said is None or negated(p.statement[: said.start()]) or is_supposition(p.statement):
        return None
    held = re.compile(rf"\b{said.group('pre')}(?P<n>\d{{1,3}})\b")
    last = _last_held(
        beliefs,
        lambda b: (
            not of_someone_else(p.statement, b.statement)
            and any(m.group("n") != said.group("n") for m in held.finditer(b.statement))
        ),
    )
    if last is None:
        return None
    return Decision("supersede", (last,), f"replaced: {last.statement} ({p.statement}; rule model moved)")


# An age reached ("he turned 8 in april", "she's just turned 40"): the age held of the same person,
# a smaller number, is over.
_TURNED = re.compile(
    r"\bturned\s+(?P<n>\d{1,3})\b(?!\s*(?:%|k\b|kg|lbs?|mph|minutes|mins|hours|days|weeks|months|times))", re.I
)
_AGE_HELD = re.compile(
    r"(?:\b(?:is|are|was|aged?|turning)\s+|'s\s+)(?:just\s+|only\s+|now\s+)?(?P<n>\d{1,3})\b"
    r"(?!\s*(?:%|k\b|kg|lbs?|cm|mph|minutes|mins|hours|days|weeks|months|am|pm|[:/.,]\d|st|nd|rd|th|times|a\b|an\b|per\b))",
    re.IGNORECASE,
)


def _age_turned(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "he turned 8 in april" replaces: the age said of the same person ("my son is 7"), a
    smaller one by a few years at most."""
    said = None if is_cjk(p.statement) else _TURNED.search(p.statement)
    if said is None or negated(p.statement[: said.start()]) or is_supposition(p.statement):
        return None
    now = int(said.group("n"))
    held = [
        b
        for b in beliefs
        if b.subject == p.subject
        and not negated(b.statement)
        and (age := _AGE_HELD.search(b.statement)) is not None
        and 0 < now - int(age.group("n")) <= 3
    ]
    if not held:
        return None
    last = max(held, key=_said_last)
    return Decision("supersede", (last,), f"replaced: {last.statement} ({p.statement}; rule age turned)")


def _fewer_left(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "one of them passed away, so it's just Pickle now" replaces: the count the speaker
    said last of things they have ("two cats", "3 chickens"), when the loss is of "them"."""
    if is_cjk(p.statement) or _FEWER_LEFT.search(p.statement) is None:
        return None
    if _OF_THEM.search(p.statement) is None and NAMED_LEFT_EN.match(p.statement.removeprefix("The user ")) is None:
        return None  # "only two left": of stock as often; one by name, or one "of them", is the speaker's
    last = _last_held(
        beliefs, lambda b: (b.subject or "").partition(":")[0] == "user" and bool(_COUNT_HELD.search(b.statement))
    )
    if last is None:
        return None
    return Decision("supersede", (last,), f"replaced: {last.statement} ({p.statement}; rule fewer left)")


# A course of study changed ("swapped to midwifery this term", "changed course to history",
# "switched my major to econ"): a switch said with a word of study, of what the speaker studies.
_COURSE_SWITCHED = re.compile(
    r"\b(?:switched|swapped|changed|moved|transferred)\s+(?:(?:my|their|the user's)?\s*(?:course|major|degree|subject)\s+)?"
    r"(?:over\s+)?(?:to|into)\s+(?!(?:a|an|the|my|it|them)\b)(?P<v>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)",
    re.IGNORECASE,
)
_COURSE_SWITCHED_ZH = re.compile(r"(?:转|换|改)专业|专业(?:换|改)成了?(?P<v>[\u4e00-\u9fff]{2,6})?")
# what one studies, not that one is a student (学生), nor a school or a term (学校, 学期)
# (nor the level read for: 读研, 读博, 读大三)
_STUDIES_ZH = re.compile(
    r"专业|学(?:的是|(?!生|校|期|历|费)[\u4e00-\u9fff]{1,5}的)|读(?!书|研|博|大|高|初)[\u4e00-\u9fff]{2}"
)
_STUDY_SAID = re.compile(
    r"\b(?:course|major|degree|subject|programme|program|(?:this|next|from)\s+(?:term|semester))\b", re.IGNORECASE
)
_STUDIES = re.compile(
    r"\b(?:studying|studies|study|majoring in|major is|reading|doing (?:a|an|my)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:degree|course|masters|master's|phd|ba|bsc|ma|msc|diploma))\b",
    re.IGNORECASE,
)


def _course_switched(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "swapped to midwifery this term" (转专业了) replaces: the belief said last of what the
    speaker studies ("studying nursing at Edinburgh Napier", 学会计的)."""
    if is_cjk(p.statement):
        said = _COURSE_SWITCHED_ZH.search(p.statement)
        studies, new = _STUDIES_ZH, said.group("v") if said and said.group("v") else None
    else:
        said = _COURSE_SWITCHED.search(p.statement)
        said = said if said is not None and _STUDY_SAID.search(p.statement) else None
        studies, new = _STUDIES, said.group("v") if said else None
    if said is None or negated(p.statement[: said.start()]) or is_supposition(p.statement):
        return None
    held = _last_held(beliefs, lambda b: b.subject == p.subject and bool(studies.search(b.statement)))
    if held is None or (new and new.casefold() in held.statement.casefold()):
        return None
    return Decision("supersede", (held,), f"replaced: {held.statement} ({p.statement}; rule course switched)")


def _said_last_holding(
    beliefs: Sequence[BeliefView], spans: Callable[[str], list[str]], now: str
) -> tuple[BeliefView, str] | None:
    """Of the beliefs holding one value of a kind (``spans`` finds them in a statement; "Monday"
    and "mondays" are one) other than ``now``, the one said last, with its value as said."""

    def fold(value: str) -> str:
        return value.casefold().removesuffix("s")

    held = []
    for b in beliefs:
        found = spans(b.statement)
        if len({fold(v) for v in found}) == 1 and fold(found[0]) != fold(now) and not negated(b.statement):
            held.append((b, found[0]))
    return max(held, key=lambda h: _said_last(h[0])) if held else None


# "honestly these days it's Big Thief": "it" is the thing spoken of last, the name its value now
_IT_NAMED_NOW = re.compile(
    r"^(?:(?:honestly|lately|now|these days|nowadays|so|and|but|ok|okay|well|actually)[,\s]+)*(?:it's|it is)\s+"
    r"(?:(?:now|more like|actually|definitely|mostly|honestly|probably|totally|easily|all)\s+)*"
    r"(?P<name>(?-i:[A-Z])[\w'&.-]*(?:\s+(?-i:[A-Z])[\w'&.-]*){0,3})",
    re.IGNORECASE,
)


# A change whose thing is left unsaid ("最近改成坐地铁了", "从三月份开始我改成晚上去了"):
# what was changed is what the speaker spoke of last.
_CHANGED_UNSAID_ZH = re.compile(
    r"^(?:用户)?(?:最近|现在|后来|已经|\d{4}年[^，,。]{0,12}?|从[^，,。]{1,14}?(?:开始|起))?[，,]?(?:用户)?"
    r"(?:也)?(?:改成|换成|改为|改(?!变|天|日|正|善|革|进)|(?:直接|干脆|索性)?换了(?:个|一个|台|一台|部|一部|辆|一辆)(?!新|[\u4e00-\u9fff]{0,2}(?:手机|工作|电脑|房子|车|公司)))"
)


def _changed_unsaid(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "最近改成坐地铁了" changes: the belief the speaker said last."""
    if not is_cjk(p.statement) or negated(p.statement):
        return None
    # said first, or last after why ("医生说血压控制得不好，现在换成缬沙坦了")
    last = re.split(r"[，,]\s*", p.statement.rstrip("。！! "))[-1]
    if _CHANGED_UNSAID_ZH.match(p.statement) is None and _CHANGED_UNSAID_ZH.match(last) is None:
        return None
    last = _last_held(beliefs, lambda b: is_cjk(b.statement))
    if last is None:
        return None
    return Decision("supersede", (last,), f"replaced: {last.statement} ({p.statement}; rule changed, thing unsaid)")


# A thing of the speaker's moved onto something else: "team moved CI over to GitHub Actions",
# "finally got billing onto 3.12", "migrated everything to Obsidian". What moved is named by a
# word of the belief it changes, or is "everything" / "it": the thing spoken of last.
_MIGRATED = re.compile(
    r"\b(?:moved|migrated|switched|ported|got|transferred|upgraded)\s+"
    r"(?P<what>everything|it all|all of it|it|them|(?:all\s+)?(?:my|our|the|the user's|their)?\s*[a-z][\w-]*)"
    r"\s+(?:over\s+)?(?:to|onto)\s+(?P<to>(?-i:[A-Z0-9])[\w.+-]*(?:\s+(?-i:[A-Z0-9])[\w.+-]*)*"
    # everything moved to a tool typed in lower case ("moved everything over to obsidian")
    r"|(?<=everything over to )[a-z][\w.+-]*|(?<=everything to )[a-z][\w.+-]*)",
    re.IGNORECASE,
)
_ALL_OF_IT = frozenset(["everything", "it all", "all of it", "it", "them"])


def _migrated(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "moved CI over to GitHub Actions" replaces: the belief said last that names
    CI with one value of the new one's kind (a name for a name, a version for a
    version); for "everything" or "it", the belief said last with one such value."""
    said = _MIGRATED.search(p.statement)
    if said is None or negated(p.statement[: said.end()]):
        return None
    to = said.group("to").rstrip(".")
    shape = value_shape(to)
    what = said.group("what").casefold()
    named = frozenset() if what in _ALL_OF_IT else topic_words(what) - _named(p.subject)
    acronym = said.group("what") if said.group("what").isupper() else None  # "CI": no topic word, a name
    if what not in _ALL_OF_IT and not named and not acronym:
        return None
    held = []
    for b in beliefs:
        if negated(b.statement) or (named and not named <= topic_words(b.statement)):
            continue
        if acronym and not re.search(rf"\b{re.escape(acronym)}\b", b.statement):
            continue
        spans = [
            v for v in value_spans(b.statement) if value_shape(v) == shape and v not in ("The", to, said.group("what"))
        ]
        spans = [v for v in spans if v not in _named(p.subject)]
        if not spans and to.islower() and what in _ALL_OF_IT:
            # typed in lower case ("notes in evernote" / "moved everything over to obsidian"): the tool
            # the belief ends with, after its preposition
            tool = None if _LIVES.search(b.statement) else _TOOL_LAST.search(b.statement)
            spans = [tool.group(1)] if tool and tool.group(1) != to else []
        if len(spans) == 1:
            held.append((b, spans[0]))
    if not held:
        return None
    b, old = max(held, key=lambda h: _said_last(h[0]))
    return Decision("supersede", (b,), f"replaced: {old} -> {to} ({p.statement}; rule moved onto)", old, to)


_HOME_VERBS = r"lives?|living|stays?|staying|based|moved"  # the verbs that say where one lives
_LIVES = re.compile(rf"\b(?:{_HOME_VERBS})\b", re.IGNORECASE)  # a home, no tool
_TOOL_LAST = re.compile(r"\b(?:in|on|with|using|via)\s+([a-z][\w.+-]{2,})[.!]?$")


# "我上个月转行做前端开发了": a change of career; what it replaces is the work the speaker did
# ("在成都做UI设计"), said with the same verb of doing a job.
_CAREER_CHANGED_ZH = re.compile(r"(?:转行|改行|转岗)(?:去)?(?:做|当|干)(?P<v>[\u4e00-\u9fffA-Za-z]{2,10})")
_JOB_DONE_ZH = re.compile(r"(?:做|当|干)(?:一名|一个|个)?(?P<v>[\u4e00-\u9fffA-Za-z]{2,10})")


# Where someone is, said with "in" alone ("The user is in austin tx, love it here", "用户在上海"):
# their home as a listener takes it, though no verb of living says so. Not a state one is in
# ("in college", "in a meeting", "in love"), nor a time said beside it ("in Dallas this week").
_IS_IN_EN = re.compile(
    r"^(?:the user|[A-Z][\w'-]+(?:'s [\w-]+)?)\s+(?:is|are)\s+(?:(?:now|currently|actually|still|based)\s+)*"
    # ("we're in a bungalow in Weymouth now": the home, then where it is)
    r"(?:in\s+(?:a|an|the|our|their)\s+(?:[\w-]+\s+){0,2}?(?:bungalow|flat|house|place|apartment|cottage|condo|"
    r"unit|semi|terrace|townhouse|studio|flatshare|flat share|houseshare|house share|shared house|share house|"
    r"bedsit|maisonette)\s+)?in\s+"
    r"(?P<place>(?!(?:a|an|the|my|our|his|her|their|this|that|love|charge|pain|trouble|school|college|uni|"
    r"university|class|bed|hospital|therapy|recovery|treatment|debt|shape|town|year|grade|kindergarten|"
    r"preschool|high|middle|favou?r|touch|luck|labou?r|remission|training|business|tears|shock|between)\b)"
    # (and with whom, said after: "in a flatshare in Hackney with two mates from uni")
    r"[A-Za-z][\w'-]*(?:\s+(?!now\b|with\b)[A-Za-z][\w'-]*){0,2})(?:\s+now)?(?:\s+with\s+[^.,]*)?(?:,[^.]*)?\.?$",
    re.IGNORECASE,
)
# (closed by 了 and a particle, and when or why after it: "现在在重庆了哈，上个月调过来的")
_CAME_TO_STAY_ZH = re.compile(r"(?:调|搬|转|派)(?:过来|过去|到这边|来)的|定居")
# A stay for a while, not a home: a trip for work, a holiday, a visit to family ("现在在上海出差")
_VISIT_ZH = re.compile(r"出差|旅游|旅行|度假|玩几天|开会|培训|探亲|看病|过年|过节|住院")
_IS_IN_ZH = re.compile(
    r"^用户(?:现在|目前|已经)?在(?P<place>[\u4e00-\u9fff]{2,4}?)(?:了(?:哈|啊|呀|啦|哦)?)?(?:[，,][^。]*)?。?$"
)
_LIVES_IN = re.compile(
    rf"\b(?:{_HOME_VERBS}|relocated|renting|rents)\b.*?\b(?:in|to)\s+(?P<place>[A-Za-z][\w'-]*)",
    re.I,
)
# A new home got, said by the getting of it ("signed for a flat in Leith, moved in on Saturday")
_NEW_HOME_EN = re.compile(
    r"\b(?:moved in|moved into|shifted (?:to|into)|got (?:the|our|my|their) (?:[\w-]+ )?keys|completed on|"
    r"signed (?:for|on) (?:a|the|our|my) (?:new )?"
    r"(?:flat|house|place|apartment|home|unit|condo)|bought (?:a|the|our) (?:new )?(?:flat|house|place|apartment|home))\b",
    re.IGNORECASE,
)
_IN_PLACE = re.compile(r"\b(?:in|to)\s+(?P<place>(?-i:[A-Z])[\w'-]+)")
_LIVES_IN_ZH = re.compile(r"(?:住在|搬到|搬去|定居在?)(?P<place>[\u4e00-\u9fff]{2,4})")


def _said_in_words(b: BeliefView) -> bool:
    """A generic belief (``said:<words>``), kept in the speaker's words under no frame's slot."""
    return (b.attribute or "").startswith("said:")


def _place_of_home(b: BeliefView, residence: bool) -> str | None:
    """The place a belief puts its subject's home: a residence said ("lives in Austin"), or with
    ``residence`` False a place they are said to be in ("is in austin tx")."""
    zh = is_cjk(b.statement)
    if residence:
        if b.attribute == "residence" and b.value:
            return b.value
        m = (_LIVES_IN_ZH if zh else _LIVES_IN).search(b.statement)
        return m.group("place") if m and _said_in_words(b) else None
    if not _said_in_words(b) or (not zh and untimed(b.statement) != b.statement):
        return None
    m = (_IS_IN_ZH if zh else _IS_IN_EN).match(b.statement)
    return m.group("place") if m else None


def _home_placed(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """A home said where one was placed before in other words: a move ("moved to denver")
    ends "is in austin tx" (where the speaker was said to be, a home as a listener took it);
    "actually we're in San Antonio", said as a change or a slip put right, ends "lives in
    Austin". The place must differ; a visit or a time beside the place is no home."""
    zh = is_cjk(p.statement)
    moved = p.attribute == "residence" and not negated(p.statement)
    if moved:
        new = p.value or ""
        held = [(b, _place_of_home(b, residence=False) or _place_of_home(b, residence=True)) for b in beliefs]
    elif (
        not zh
        and (_NEW_HOME_EN.search(p.statement) or NEW_HOME_NAMED_EN.search(p.statement))
        and (at := _IN_PLACE.search(p.statement)) is not None
    ):
        if negated(p.statement):
            return None
        new = at.group("place")
        held = [(b, _place_of_home(b, residence=True) or _place_of_home(b, residence=False)) for b in beliefs]
    else:
        said = (_IS_IN_ZH if zh else _IS_IN_EN).match(p.statement)
        # a time beside the place is a visit's, unless it says when the speaker came to stay ("上个月调过来的")
        dated = untimed(p.statement) != p.statement and not (zh and _CAME_TO_STAY_ZH.search(p.statement))
        if said is None or p.op != "update" or negated(p.statement) or dated or _VISIT_ZH.search(p.statement):
            return None
        new = said.group("place")
        held = [(b, _place_of_home(b, residence=True)) for b in beliefs]
    placed = [
        (b, old)
        for b, old in held
        if old
        and b.subject == p.subject
        and not negated(b.statement)
        and old.casefold() not in new.casefold()
        and new.casefold() not in old.casefold()
    ]
    if not placed:
        return None
    b, old = max(placed, key=lambda h: _said_last(h[0]))
    return Decision("supersede", (b,), f"replaced: {old} -> {new} ({p.statement}; rule home placed)", old, new)


# A job held at a named place, said in words no frame keeps as an employer ("is working in
# Infosys Pune since 2019 as test engineer")
_WORKS_AT_NAMED = re.compile(
    r"\b(?:works?|working|employed)\s+(?:at|for|in|with)\s+(?P<org>(?-i:[A-Z])[\w&.'-]*)", re.I
)


def _job_placed(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What a new employer said as a change ("joined Wipro Hyderabad last week") replaces: the
    speaker's job said before at another named place, in words no frame kept as an employer."""
    if p.attribute != "employer" or p.op != "update" or negated(p.statement) or is_cjk(p.statement):
        return None
    new = (p.value or "").casefold()
    held = [
        (b, m.group("org"))
        for b in beliefs
        if b.subject == p.subject
        and _said_in_words(b)
        and not negated(b.statement)
        and (m := _WORKS_AT_NAMED.search(b.statement)) is not None
        and m.group("org").casefold() not in new
        and new.split()[:1] != [m.group("org").casefold()]
    ]
    if not new or not held:
        return None
    b, old = max(held, key=lambda h: _said_last(h[0]))
    return Decision("supersede", (b,), f"replaced: {old} -> {p.value} ({p.statement}; rule job placed)", old, p.value)


# The days a thing is done on, said in full or as chat shortens them ("Mon Wed Fri", "tues and
# thurs"); a short form counts only among others or with its capital ("sat" is also a verb).
_DAY_SAID = re.compile(
    r"\b(?:(?P<full>(?:mon|tues|wednes|thurs|fri|satur|sun)days?)|(?P<short>mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|"
    r"sun))\b\.?",
    re.IGNORECASE,
)
_DAYS_CHANGED_CUE = re.compile(r"\b(?:instead|now|these days|switched|changed|moved|moving)\b", re.IGNORECASE)
_NOT_A_DOING = frozenset(
    [
        "the",
        "user",
        "user's",
        "has",
        "have",
        "been",
        "is",
        "are",
        "was",
        "at",
        "on",
        "to",
        "and",
        "a",
        "an",
        "their",
        "since",
        "now",
        "instead",
        "every",
        "each",
        "in",
        "of",
        "my",
        "our",
        "these",
        "days",
        "for",
        "with",
        "it",
    ]
)


def _days(statement: str) -> frozenset[str]:
    """The weekdays a statement names, as their first three letters."""
    said = list(_DAY_SAID.finditer(statement))
    shorts = [m for m in said if m.group("short")]
    if len(said) < 2 and any(not m.group(0)[:1].isupper() for m in shorts):
        said = [m for m in said if m.group("full")]
    return frozenset(m.group(0)[:3].casefold() for m in said)


def _doings(statement: str) -> frozenset[str]:
    """What a statement says is done, as stems, less its days, times and function words."""
    words = re.findall(r"[a-z]+", _DAY_SAID.sub(" ", statement.casefold()))
    return frozenset(
        "go" if w in ("goes", "went") else "do" if w in ("does", "did") else lexical_stem(w)
        for w in words
        if w not in _NOT_A_DOING and w not in MONTHS.split("|") and len(w) > 2
    )


def _days_changed(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "since March I've been going tues and thurs instead" replaces: the speaker's belief
    said last that does the same thing on other days ("goes to the gym Mon Wed Fri at 6am"), a
    change said in words ("instead", "now"); not a day added ("also on Sundays")."""
    if is_cjk(p.statement) or negated(p.statement) or not _DAYS_CHANGED_CUE.search(p.statement):
        return None
    now = _days(p.statement)
    if not now or has_additive_cue(p.statement):
        return None
    # (what is done, not who does it: "the user's sister swims" and "... calls" share no doing)
    whose = {lexical_stem(w) for w in re.findall(r"[a-z]+", (p.subject or "").casefold().replace(":", " "))} | {"user"}
    doing = _doings(p.statement) - whose
    # "it's moving to the last sunday of the month": "it" is the thing spoken of last, whatever it does
    it = re.match(r"(?:it|they)(?:'s|'re|\s+is|\s+are)\s+(?:moving|switching|changing)\b", p.statement, re.IGNORECASE)
    # "Agnieszka can only do Mondays from now on", "laundry's a Tuesday and Friday job now": what the one
    # named said first does, whoever of the speaker's it is of
    named = re.match(r"(?P<who>[A-Za-z]{3,})(?:'s|\s+(?:can|will|does|is|comes|works))\b", p.statement)
    who = named.group("who") if named and named.group("who").casefold() not in _NOT_NAMES | {"user"} else None
    speaker = (p.subject or "").partition(":")[0]
    # "she calls Saturday evenings instead": one of the speaker's people by a pronoun, the same doing
    pronoun = re.search(r"\b(?:she|he)\s+[a-z]+s\b", p.statement, re.IGNORECASE) is not None
    held = [
        b
        for b in beliefs
        if (
            b.subject == p.subject
            or (who is not None and (b.subject or "").partition(":")[0] == speaker)
            or (pronoun and (b.subject or "").startswith(speaker + ":"))
        )
        and not negated(b.statement)
        and (days := _days(b.statement))
        and days != now
        and (
            it is not None
            or _doings(b.statement) & doing
            or (who is not None and re.search(rf"\b{who}\b", b.statement, re.IGNORECASE) is not None)
        )
    ]
    if not held:
        return None
    b = max(held, key=_said_last)
    was = " ".join(sorted(_days(b.statement)))
    return Decision("supersede", (b,), f"replaced: {was} -> {' '.join(sorted(now))} ({p.statement}; rule days changed)")


# A part of the day a thing is done in, switched to with nothing else named ("switched to
# evenings, the mornings were killing me"), and a time of day a habit is said with ("hits the gym
# 6am mon wed fri", "swims in the mornings")
_TIME_SWITCHED = re.compile(
    r"\b(?:switched|moved|changed|swapped|shifted)\s+(?:it\s+|them\s+)?(?:over\s+)?to\s+(?:the\s+)?"
    r"(?P<part>mornings|evenings|afternoons|nights|lunchtimes|weekends|weekdays|early mornings|late nights)\b",
    re.IGNORECASE,
)
_TIME_OF_DAY = re.compile(
    r"\b(?:\d{1,2}(?::\d\d)?\s?(?:am|pm)|(?:in the |at )?(?:mornings?|evenings?|afternoons?|nights?|lunchtimes?)|"
    r"(?:on )?weekends|before work|after work)\b",
    re.IGNORECASE,
)


def _time_switched(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "switched to evenings" replaces: the one belief of the speaker's that does something
    at another time of day ("hits the gym 6am mon wed fri"); two such beliefs, which one the
    words do not say."""
    said = _TIME_SWITCHED.search(p.statement) if not is_cjk(p.statement) else None
    # ... or said of a thing of the speaker's by one word, as it is now ("gym's at lunch now")
    said = said or (PART_OF_DAY_NOW.match(p.statement) if not is_cjk(p.statement) else None)
    if said is None or negated(p.statement[: said.start()]) or has_additive_cue(p.statement):
        return None
    part = said.group("part").casefold().rstrip("s")
    thing = said.groupdict().get("thing")  # "gym's at lunch now": of what names the gym
    speaker = (p.subject or "").partition(":")[0]
    clock = part[:1].isdigit()  # "dinner's at 7:15 these days": of a clock time held
    held = [
        b
        for b in beliefs
        if (b.subject == p.subject or (thing and b.subject == speaker))
        and (not thing or thing[:4].casefold() in b.statement.casefold())
        and b.kind == "fact"
        and not negated(b.statement)
        and (times := (_CLOCK if clock else _TIME_OF_DAY).findall(b.statement))
        and not any(part in t.casefold() for t in times)
    ]
    if len(held) != 1:
        return None
    return Decision("supersede", (held[0],), f"replaced: {held[0].statement} ({p.statement}; rule time of day changed)")


def _career_changed(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "转行做前端开发了" replaces: the speaker's work said last ("在成都做UI设计")."""
    said = _CAREER_CHANGED_ZH.search(p.statement) if is_cjk(p.statement) else None
    if said is None or negated(p.statement[: said.start()]):
        return None
    last = _last_held(beliefs, lambda b: is_cjk(b.statement) and _JOB_DONE_ZH.search(b.statement) is not None)
    if last is None:
        return None
    return Decision("supersede", (last,), f"replaced: {last.statement} ({p.statement}; rule career changed)")


# Where the speaker is moved to a provider by others, with them ("work moved everybody over to
# aetna", "the whole eng org got moved over to linear"): collectives the speaker is one of
_ONE_OF_THEM = frozenset(["work", "company", "job", "employer", "team", "org", "office", "school", "uni", "family"])
# A provider wished for, weighed or tried, not one the speaker has now
_NOT_SO_YET = re.compile(
    r"\b(?:rather|prefer|wish|would|should|could|want|wants|thinking|considering|might|maybe|if|try|trying|tried|"
    r"testing|trial|checking out|looking at|thinking about|messing around|playing around|playing with|tinkering|"
    # ... or one for another part of their life ("for side projects", "at home")
    r"dabbling|side projects?|on the side|for fun|at home|personal)\b|想|打算|考虑|如果|要是|试试|试用|业余|自己",
    re.IGNORECASE,
)


# A person of the speaker's a statement opens with ("my little brother just started Year 7")
_ANOTHER_FIRST = (
    r"(?:^(?:[\w']+,?\s+){0,2}?the user's\s+(?:[\w-]+\s+){0,2}?(?P<who>"
    + RELATIONS_EN
    + r"|mate|mates|pal|buddy|bestie|neighbou?rs?|flatmates?|housemates?)"
    # ... or people known by where they live ("the couple next door", "our neighbours")
    + r"|^(?:the|our)\s+(?P<who_by>couple|people|guy|bloke|lady|woman|man|lads|girls|neighbou?rs?|family)"
    + r"(?=\s+(?:next door|upstairs|downstairs|across the (?:road|street|hall)|over the road|opposite|at number \d+)\b"
    + r"|\s+(?:just|now|has|have|had|recently|finally)\b|(?<=rs)\s))\b"
)
# ... and a change that person made of their own ("my mate just switched his mortgage to
# Nationwide", "my little brother just started Year 7"): nothing of the speaker's moved
_SOMEONE_ELSES = re.compile(
    _ANOTHER_FIRST
    + r"\s+(?:(?:just|now|has|have|had|recently|finally)\s+)*(?:(?:started|joined|got into|turned|graduated|"
    r"transferred|moved up)\b|(?!(?:is|was|and)\b)(?:(?!the user)[^,;])*?\b(?:his|her|their)\b)",
    re.IGNORECASE,
)
_ANOTHER_FIRST_AT = re.compile(_ANOTHER_FIRST + r"(?!'s)", re.IGNORECASE)
# ... in Chinese, the person last in a chain of them ("用户女儿同桌转学走了": the deskmate), where
# the speaker is not named again in the clause (not "用户老板让用户改成周三")
_SOMEONE_ELSES_ZH = re.compile(
    r"^用户(?:的)?(?:(?:"
    + RELATIONS_ZH_WORDS
    + r")(?:的)?)?(?P<who>"
    + RELATIONS_ZH_WORDS
    + r"|同桌|同学|舍友|老师|班主任)"
    r"(?![^，,。！!；]*用户)"
)


def of_someone_else(statement: str, held: str, *, theirs_only: bool = True) -> bool:
    """Whether a statement tells what another person did of their own ("my mate just switched his
    mortgage to Nationwide") and the belief held does not name that person: nothing of it changes.
    Without ``theirs_only``, whatever that person did ("my little brother just started Year 7")."""
    if is_cjk(statement):
        zh = _SOMEONE_ELSES_ZH.search(statement)
        return zh is not None and zh.group("who") not in held
    theirs = (_SOMEONE_ELSES if theirs_only else _ANOTHER_FIRST_AT).search(statement)
    who = theirs and (theirs.group("who") or theirs.group("who_by"))
    return bool(who) and not re.search(r"\b" + re.escape(who or "") + r"\b", held, re.I)


def _provider_switched(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What a provider named in a switch replaces ("work moved everybody over to aetna" after
    "I'm on blue cross through my job"; 携号转网到电信了 after 用户用的是移动的卡): the one belief of
    the speaker's (or their work's) naming another provider of the same kind (``providers``).
    Never an addition, a denial, a wish or a trial, or a message naming the old one too."""
    speaker, _, whose = (p.subject or "").partition(":")
    if (
        not speaker
        or (whose and whose not in _ONE_OF_THEM)
        or negated(p.statement)
        or has_additive_cue(p.statement)
        or _NOT_SO_YET.search(p.statement)
        or _SOMEONE_ELSES.search(p.statement)
    ):
        return None
    said = providers_named(p.statement)
    taken = providers_taken_up(p.statement)  # ("renewed with Admiral, Aviva wanted too much": Admiral)
    switched = switch_said(p.statement) or has_change_cue(p.statement)
    for kind, named in said.items():
        now = taken.get(kind, named)
        if not switched:
            continue
        held = [
            (b, names)
            for b in beliefs
            if (b.subject or "").partition(":")[0] == speaker
            and (b.subject == speaker or (b.subject or "").partition(":")[2] in _ONE_OF_THEM)
            and (names := providers_named(b.statement).get(kind))
            and not names & now
        ]
        if len(held) != 1 or negated(held[0][0].statement):
            continue
        belief, was = held[0]
        return Decision(
            "supersede",
            (belief,),
            f"replaced: {belief.statement} ({p.statement}; rule provider switched, {kind})",
            old_value=sorted(was)[0],
            new_value=sorted(now)[0],
        )
    return None


# A rank in a line of work, and a promotion to another ("got promoted to senior last week")
_STUDY_LEVELS = r"beginners?|elementary|pre-intermediate|intermediate|upper[- ]intermediate|advanced"
_STUDIED_IN = r"(?:course|class|classes|group|level|lessons|set|section|program|programme|stream)"
_RANKS = r"junior|mid-level|mid|intermediate|senior|staff|principal|lead|associate|assistant|deputy|trainee|intern"
_PROMOTED_TO = re.compile(
    r"\b(?:promoted|bumped up|moved up)\s+(?:(?:me|the user|him|her)\s+)?to\s+(?:an?\s+)?(?P<rank>" + _RANKS + r")\b"
    # ... or a level of a course ("moved up to the intermediate class this term")
    r"|\b(?:bumped|moved|went|stepped|got)\s+(?:(?:me|the user|him|her|us)\s+)?up\s+to\s+(?:the\s+|an?\s+)?"
    r"(?P<level>" + _STUDY_LEVELS + r")\s+(?:[\w-]+\s+)?" + _STUDIED_IN + r"\b",
    re.IGNORECASE,
)
# A level said of a course, class or group the speaker is in ("the beginner Japanese course")
_LEVEL_OF_STUDY = re.compile(
    r"\b(?P<rank>" + _STUDY_LEVELS + r")\s+(?:[\w-]+\s+){0,2}" + _STUDIED_IN + r"\b", re.IGNORECASE
)


# A rank said of the speaker's work: before the work's name ("a junior dev at a fintech"), never of
# a team one coaches or a rota one is on
_RANK_OF_WORK = re.compile(
    r"\b(?:is|am|'m|as|work as)\s+(?:an?\s+)?(?P<rank>" + _RANKS + r")\s+(?:[a-z-]+\s+)?"
    r"(?:dev|developer|engineer|analyst|designer|consultant|accountant|lawyer|nurse|scientist|researcher|manager|"
    r"editor|architect|programmer|associate|administrator|officer|planner|buyer|recruiter|technician|copywriter)\b",
    re.IGNORECASE,
)


_HOPED = re.compile(
    r"\b(?:applied|apply|applying|hope|hoping|going to|gonna|up for|in line for|to be)\b", re.IGNORECASE
)


_STEPS = ("beginner", "elementary", "pre-intermediate", "intermediate", "upper", "advanced")


def _step(level: str) -> int:
    said = level.casefold().rstrip("s").replace(" ", "-")
    return next((n for n, step in enumerate(_STEPS) if said.startswith(step)), -1)


def _rank_moved(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "got promoted to senior" replaces: the speaker's work said last with another rank
    in it ("I'm a junior dev at a fintech"), the rank changed."""
    said = None if is_cjk(p.statement) else _PROMOTED_TO.search(p.statement)
    if (
        said is None
        or negated(p.statement)
        or _NOT_SO_YET.search(p.statement[: said.start()])
        or _HOPED.search(p.statement)
    ):
        return None
    rank = (said.group("rank") or said.group("level")).casefold()
    held_as = _LEVEL_OF_STUDY if said.group("level") else _RANK_OF_WORK  # a course's level moves no job's

    def other_rank(b: BeliefView) -> re.Match[str] | None:
        found = held_as.search(b.statement)
        if found is None or found.group("rank").casefold() == rank:
            return None
        if said.group("level") and _step(found.group("rank")) >= _step(rank):
            return None  # "went up to the beginner class to help out": no step up
        return found

    held = _last_held(beliefs, lambda b: b.subject == p.subject and other_rank(b) is not None)
    if held is None:
        return None
    was = other_rank(held)
    return Decision(
        "supersede",
        (held,),
        f"replaced: {held.statement} ({p.statement}; rule rank moved)",
        old_value=was.group("rank") if was else None,
        new_value=rank,
    )


# A plan said changed in words ("change of plans: thanksgiving's at my in-laws now", "plans
# changed, the party is at Jo's"); a trip planned elsewhere may say only "instead" ("change of
# plans, we're doing Iceland instead": the place of the trip the speaker planned, said last).
_PLANS_SAID_CHANGED = re.compile(r"\bchange of plans?\b|\bplans? (?:have |has )?changed\b", re.IGNORECASE)
_PLANS_CHANGED = re.compile(r"\binstead\b|" + _PLANS_SAID_CHANGED.pattern, re.IGNORECASE)
_A_TRIP = re.compile(
    r"\b(?:trip|holiday|vacation|honeymoon|getaway|road ?trip|(?:going|heading|flying|travell?ing|off) to)\b",
    re.IGNORECASE,
)
_PLACE_NAMED = re.compile(r"(?<![.!?]\s)(?<!^)\b(?-i:[A-Z])[a-z]+(?:\s+(?-i:[A-Z])[a-z]+)?\b")


# Where the new trip goes, said as where one goes ("doing Iceland instead", "going to Greece")
_GOING_TO = re.compile(
    r"(?:(?:\b(?:are|is|'re|am|'m)\s+(?:now\s+)?|(?:^|,)\s*)doing|\b(?:going|heading|flying|off|travell?ing)\s+to|"
    r"\btrip\s+to|\bholiday\s+in|\bvacation\s+in|\bvisiting|"
    # "change of plan, we've swapped to Sardinia"
    r"\b(?:swapped|switched|changed)\s+(?:it\s+)?(?:over\s+)?to)\s+(?P<to>(?-i:[A-Z])[a-z]+(?:\s+(?-i:[A-Z])[a-z]+)?)\b"
    r"(?!\s+of\b)",
    re.IGNORECASE,
)


def _places(statement: str) -> set[str]:
    return {m.group(0) for m in _PLACE_NAMED.finditer(untimed(statement)) if m.group(0).casefold() not in _NOT_PLACES}


_NOT_PLACES = frozenset(MONTHS.split("|")) | frozenset(
    ["i", "the", "my", "our", "user", "christmas", "easter", "monday", "friday", "saturday"]
)


def _trip_moved(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "change of plans, we're doing Iceland instead" replaces: the speaker's trip said
    last, planned for one other place."""
    if is_cjk(p.statement) or not _PLANS_CHANGED.search(p.statement) or negated(p.statement):
        return None
    now = {
        m.group("to") for m in _GOING_TO.finditer(untimed(p.statement)) if m.group("to").casefold() not in _NOT_PLACES
    }
    if len(now) != 1:
        return None
    held = _last_held(
        beliefs,
        lambda b: (
            b.subject == p.subject
            and _A_TRIP.search(b.statement) is not None
            and len(_places(b.statement)) == 1
            and not _places(b.statement) & now
        ),
    )
    if held is None:
        return None
    (was,) = _places(held.statement)
    (new,) = now
    reason = f"replaced: {was} -> {new} ({p.statement}; rule trip moved)"
    return Decision("supersede", (held,), reason, was, new)


# The words of a change-of-plans formula, which name nothing planned.
_FORMULA_WORDS = tokens("user change plans changed now this year")


def _plan_changed(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What a change of plans said in words replaces: the speaker's belief said last that
    shares a word with the new plan ("hosting thanksgiving at our place" / "change of plans:
    thanksgiving's at my in-laws"); a trip to another place is read by ``_trip_moved``."""
    if is_cjk(p.statement) or not _PLANS_SAID_CHANGED.search(p.statement) or negated(p.statement):
        return None
    said = tokens(p.statement) - _FORMULA_WORDS
    mine = (p.subject or "").partition(":")[0]
    held = _last_held(
        beliefs,
        lambda b: (b.subject or "").partition(":")[0] == mine and bool(tokens(b.statement) & said),
    )
    if held is None:
        return None
    return Decision("supersede", (held,), f"replaced: {held.statement} -> {p.statement} (rule plans changed)")


# A thing of the speaker's made into another ("pivoted it into a budgeting app", "turned my blog
# into a newsletter"): what it was, said before, is no more.
MADE_INTO = re.compile(
    r"\b(?:(?:pivoted|converted|rebranded|repurposed)\s+(?P<it>it)"
    r"|(?:pivoted|converted|rebranded|repurposed|transformed|turned)\s+(?:my|our|their)\s+(?P<what>[\w-]+(?:\s+[\w-]+)?)"
    r"|(?:converted|transformed|turned)\s+the\s+(?P<room>(?:spare\s+)?(?:garage|bedroom|room|basement|attic|loft|shed|"
    r"garden|study|den|box room|spare room)))"
    r"\s+(?:into|to)\s+(?:a|an)\s+(?:[\w-]+\s+){0,3}?(?P<head>[\w-]+)(?=\s*(?:[,.;!]|$|\b(?:in|on|last|back|this|and|"
    r"now|instead|because|since|for)\b))",
    re.IGNORECASE,
)


def _made_into(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "pivoted it into a budgeting app" replaces: the speaker's belief said last naming
    the thing made over (for "it", one of the same kind: "a habit tracker app")."""
    said = None if is_cjk(p.statement) else MADE_INTO.search(p.statement)
    if said is None or negated(p.statement[: said.start()]) or _HOPED.search(p.statement[: said.start()]):
        return None
    named = topic_words(said.group("what") or said.group("room") or said.group("head"))
    if not named:
        return None
    held = _last_held(beliefs, lambda b: p.subject in (None, b.subject) and named <= topic_words(b.statement))
    if held is None or held.statement == p.statement:
        return None
    return Decision("supersede", (held,), f"replaced: {held.statement} ({p.statement}; rule made into another)")


# A side taken instead of the one supported ("现在转投勇士了", "switched allegiance to Brighton"):
# the speaker's support said before, of a team or a player.
_SIDE_SWITCHED = re.compile(
    r"转投|改投|转粉|改粉|改(?:成)?支持|转而支持|爬墙(?:到|去)"
    r"|\b(?:switched|changed|swapped)\s+(?:(?:my|our)\s+)?(?:allegiance|allegiances)\s+to\b",
    re.IGNORECASE,
)
_SUPPORTS = re.compile(
    r"支持|[的是]粉丝?|球迷|铁粉|死忠|\b(?:support(?:s|ed|ing|er)?|fan|root(?:s|ed|ing)? for)\b", re.IGNORECASE
)
# A side said as the one followed now ("I follow Brentford now", "现在支持申花了", "I'm a Spurs
# fan these days"): a name (English) or a short thing (Chinese) supported, and "now".
_SIDE_NOW = re.compile(
    r"(?:现在|如今|目前)(?:改|就|也|都)?支持(?P<zh>[\u4e00-\u9fffA-Za-z]{1,6})了?(?:[，,。！!…😂🤣\s]|$)"
    r"|\b(?:supports?|follows?|roots? for|cheers? for)\s+(?:the\s+)?(?P<en>[A-Z][\w'.-]*)"
    r"|\b(?:is|am|'m|are)\s+(?:a\s+|an\s+)?(?:massive\s+|huge\s+|big\s+)?(?P<fan>[A-Z][\w'.-]*)\s+(?:fan|supporter)\b"
)
_NOW_EN = re.compile(r"\b(?:now|these days|nowadays)\b", re.IGNORECASE)
_ON_A_FEED = re.compile(
    r"\bon\s+(?:insta(?:gram)?|twitter|tiktok|youtube|x|threads|bluesky|facebook|twitch|spotify)\b", re.IGNORECASE
)
# "switched to CSK", "jumped ship to Chelsea": a name taken to, right after the support said
_SWITCHED_TO_NAME = re.compile(
    r"\b(?:switched|swapped|changed|moved|jumped ship|defected)\s+(?:over\s+)?to\s+(?:the\s+)?[A-Z][\w'.-]*"
)


# What the speaker (or one of theirs) is on, by its name: a medicine, a pill, a plan ("I'm on Microgynon",
# "my glaucoma drops are Xalatan", "mum takes Ramipril")
# (a day or a month is when a thing is, not what one is on: "my final is on Thursday")
_DAYS_AND_MONTHS = r"(?:" + _WEEKDAYS + "|" + _MONTHS_SAID + r")\b"
_ON_NAMED = re.compile(
    r"\b(?:is|are|am|'m|'s|'re)\s+(?:now\s+)?on\s+(?:the\s+)?(?!" + _DAYS_AND_MONTHS + r")(?P<a>(?-i:[A-Z])[\w-]+)"
    r"|\b(?:takes?|taking)\s+(?P<b>(?-i:[A-Z])[\w-]+)"
    r"|\b(?:drops|tablets|pills?|meds|medication|medicine|inhaler|injections?|jabs?|patch|contraceptive)\s+(?:is|are)\s+"
    r"(?:the\s+)?(?P<c>(?-i:[A-Z])[\w-]+)"
    # ... or where a pastime is done, who flies them, what they subscribe to, by name ("boulders at The
    # Climbing Hangar", "always flies Ryanair", "has got a Kindle Unlimited subscription")
    r"|\b(?:boulders?|climbs?|trains?|swims?|lifts?|boxes|plays?|works?\s+out|goes|go)\s+at\s+(?:the\s+)?(?P<d>(?-i:[A-Z])[\w-]+)"
    r"|\b(?:flies|fly|shops?\s+at)\s+(?P<e>(?=[\w-]*(?-i:[A-Z]))[\w-]+)"  # ("easyJet": a capital within)
    r"|\b(?:has|have|'s|'ve)\s+(?:got\s+)?(?:a|an)\s+(?P<f>(?-i:[A-Z])[\w-]+)(?:\s+(?-i:[A-Z])[\w-]+)?\s+"
    r"(?:subscription|membership|account)\b",
    re.IGNORECASE,
)
# ... and what it was switched for, by its name ("switched to Cerazette in August", "the consultant
# swapped me onto Lumigan", "they've moved her over to Apixaban")
_SWITCHED_ONTO = re.compile(
    r"\b(?:switched|swapped|changed|moved|put|started|transferred)\s+"
    r"(?:(?:me|the user|her|him|us)\s+)?(?:over\s+|across\s+)?(?:to|onto|on)\s+(?!"
    + _DAYS_AND_MONTHS
    + r")(?P<new>(?-i:[A-Z])[\w-]+)"
    # ... or the name alone, as it is from now on ("Aer Lingus from now on, I'm done with the fees")
    r"|^(?P<alone>(?-i:[A-Z])[\w-]+(?:\s+(?-i:[A-Z])[\w-]+)?)\s+(?:from now on|going forward|these days)\b",
    re.IGNORECASE,
)


# ... or what one of the speaker's, by name, is on now ("Dexter's on Royal Canin Urinary now",
# "rocket's on Lily's Kitchen — the other was upsetting him")
_ON_NOW = re.compile(
    r"^(?P<who>[a-z]{3,})(?:'s|\s+is)\s+(?:now\s+)?on\s+(?P<new>(?-i:[A-Z])[\w'-]+)"
    r"(?=[^.]*\b(?:now|instead|these days)\b|[^.]*\s[—–-]\s)",
    re.IGNORECASE,
)


def _switched_onto(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "switched to Cerazette in August" replaces: the one belief of the speaker's (or, said
    with her or him, of one of theirs) saying what they are on by another name ("I'm on
    Microgynon"). A name alone says no kind, so only where exactly one such belief is held; never a
    wish, a trial, an addition or a denial."""
    said = _SWITCHED_ONTO.search(p.statement) or _ON_NOW.match(p.statement)
    if (
        said is None
        # (denied before or in the switch: "the tablets stopped working" after it says why)
        or negated(p.statement[: said.end()])
        or has_additive_cue(p.statement)
        or _NOT_SO_YET.search(p.statement)
        or _HOPED.search(p.statement)
        or (said.groupdict().get("new") or said.group("alone")).casefold() in ("the", "a", "an", "i", "my", "our")
    ):
        return None
    new = said.groupdict().get("new") or said.group("alone")
    speaker = (p.subject or "").partition(":")[0]
    theirs = re.search(r"\b(?:her|him)\b", said.group(0), re.IGNORECASE) is not None
    # ("my sister switched to Cerazette": hers; "the consultant swapped me onto Lumigan": the speaker's)
    whose = (p.subject, speaker) if p.subject == speaker or "the user" in said.group(0).casefold() else (p.subject,)
    # "Dexter's on Royal Canin now": of whoever of the speaker's the name is said of
    who = said.groupdict().get("who")
    held = [
        (b, old)
        for b in beliefs
        if b.kind == "fact"
        and (
            (b.subject in whose or (theirs and (b.subject or "").startswith(speaker + ":")))
            if who is None
            else (b.subject or "").partition(":")[0] == speaker and re.search(rf"\b{who}\b", b.statement, re.I)
        )
        and (on := _ON_NAMED.search(b.statement)) is not None
        and (old := next(v for v in on.groups() if v)).casefold() != new.casefold()
        and old.casefold() not in ("the", "a", "an", "my", "her", "his", "our")
        and new.casefold() not in b.statement.casefold()
        and not negated(b.statement)
    ]
    # (the old name said again in the switch is no switch; said in a clause after, it says why:
    # "Jet2 from now on, easyJet lost my bag")
    switch = p.statement[: said.end()] if said.groupdict().get("alone") else p.statement
    if len(held) != 1 or held[0][1].casefold() in switch.casefold() or providers_named(p.statement):
        return None
    ((belief, old),) = held
    # a name alone says no kind: only of the thing spoken of last ("I'm on Microgynon" ... "switched to
    # Figma" at work is no pill changed when something else was said between)
    if belief is not _last_held([b for b in beliefs if b.subject == belief.subject]):
        return None
    reason = f"replaced: {old} -> {new} ({p.statement}; rule switched onto)"
    return Decision("supersede", (belief,), reason, old, new)


_NOT_SO_ZH = re.compile(r"想|打算|要不要|要是|如果|该|不会|别|劝")
# What may come between the speaker and their own 转投: when, how, a laugh
_SELF_FIRST_ZH = r"也|都|就|已经|现在|最近|今年|彻底|果断|直接|干脆|终于|哈+|嘿+|\s|\d{4}年\d{1,2}月(?:\d{1,2}日)?"


def _side_switched(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "现在转投勇士了" or "I follow Brentford now" replaces: the speaker's support
    said last ("一直支持湖人", "I've supported Everton since I was a kid")."""
    said = _SIDE_SWITCHED.search(p.statement)
    now = None if said else _SIDE_NOW.search(p.statement)
    if now is not None and not (now.group("zh") or _NOW_EN.search(p.statement)):
        now = None  # "I support Leeds": a side said again, or a second one
    if now is not None and now.group("zh") and re.search(r"他|她|你|我|" + RELATIONS_ZH_WORDS, now.group("zh")):
        now = None  # "现在支持他考研了": a person backed, not a side
    named = _SWITCHED_TO_NAME.search(p.statement) if said is None and now is None else None
    cue = said or now or named
    # (the clause of the switch: "..., don't tell my dad" after it denies nothing of it)
    own_clause = re.split(r"[,;，；。]", p.statement[cue.start() :])[0] if cue else ""
    if cue is None or negated(p.statement[: cue.start()] + own_clause) or _HOPED.search(p.statement):
        return None
    if _NOT_SO_ZH.search(p.statement):
        return None
    if _ON_A_FEED.search(p.statement):
        return None  # "I follow Brentford on Instagram now": an account followed, no side
    zh = is_cjk(p.statement)
    clause = re.split(r"[，,。！!；;]", p.statement[: cue.start()])[-1]
    own = re.split(r"用户|我", clause)[-1]  # what stands between the speaker, if named, and the switch
    if zh and (
        re.sub(_SELF_FIRST_ZH, "", own)
        or "给" in p.statement[cue.end() : cue.end() + 8]
        or re.search(r"稿|论文|简历|投资|基金|保险|项目|期刊|杂志|岗位|公司|平台|另一家|别的|其他", p.statement)
    ):
        return None  # "梅西转投迈阿密了", "简历改投了…", "稿子转投给了…": not the speaker's side
    mine = [b for b in beliefs if b.subject == p.subject and is_cjk(b.statement) == zh]
    held = _last_held(mine, lambda b: _SUPPORTS.search(b.statement) is not None)
    if held is None or (named is not None and held is not _last_held(mine)):
        return None  # "switched to X" is a side only right after the side held was said
    taken = now.group("zh") or now.group("en") or now.group("fan") if now else None
    if taken and taken.casefold() in held.statement.casefold():
        return None  # the same side said again
    return Decision("supersede", (held,), f"replaced: {held.statement} ({p.statement}; rule side switched)")


# A state denied with what it is left out ("turns out I'm NOT, it was fructose all along", "actually
# I'm not anymore"): of the state the speaker said last
_DENIED_ALONE = re.compile(
    r"^(?:the user|用户)\s+(?:is|are)\s+not(?:\s+(?:anymore|any more|actually|after all|really))?\s*(?:[,.;!—–-]|$)",
    re.IGNORECASE,
)


def _denied_alone(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "turns out I'm NOT" ends: the speaker's belief said last, when it says what they are
    ("The user is lactose intolerant"); nothing when the one said last says anything else."""
    if not _DENIED_ALONE.match(p.statement):
        return None
    last = _last_held([b for b in beliefs if b.subject == p.subject])
    if last is None or not re.match(r"the user (?:is|are)\s+(?!not\b)", last.statement, re.IGNORECASE):
        return None
    return Decision("negate", (last,), f"ended: {p.statement} (ends: {last.statement}; rule denied alone)")


def _given_to_another(p: Proposal, mine: Sequence[BeliefView], earlier: Sequence[BeliefView]) -> Decision | None:
    """A thing of the speaker's that ended in another's hands ("橘猫送给我妈养了", "gave
    the bike to my nephew"): the clause names the other person, so it is read as about
    them; the thing it ends is the speaker's, named by a belief said before."""
    gone = ended_object(p.statement)
    if gone is None or negated(p.statement) or any(names_ended(gone[0], b.statement) for b in mine):
        return None
    # (by its own words only: "my mom sold the honda" ends no Civic of the speaker's)
    held = [b for b in earlier if names_ended(gone[0], b.statement, by_kind=False) and not negated(b.statement)]
    if len(held) != 1:
        return None
    return Decision("negate", (held[0],), f"ended: {p.statement} (ends: {held[0].statement}; rule given to another)")


def _thing_changed(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "that remote thing changed" ends: of the beliefs said before that hold
    the word, the one said last."""
    said = THING_CHANGED.match(p.statement)
    if said is None:
        return None
    word = topic_words(said.group("word"))
    last = _last_held(beliefs, lambda b: bool(word) and word <= topic_words(b.statement))
    if last is None:
        return None
    return Decision("negate", (last,), f"ended: {p.statement} (ends: {last.statement}; rule a thing changed)")


# A thing of the speaker's named first, then its ending ("卡到期了没续", "店已经关了", "车卖了"):
# the thing is what the belief said last that names it holds.
_THING_ENDED_ZH = re.compile(
    r"^(?:用户的?)?(?:那个|这个)?(?P<thing>[\u4e00-\u9fff]{1,8}?)(?:项目|计划)?(?:\d{4}年[^，,。]{0,12}?|今天|昨天|上周|上个月)?"
    r"(?:已经|早就|也|都)?"
    r"(?:到期|过期|关了|关门|倒闭|卖了|卖掉|退了|退掉|停了|黄了|解散|注销|销掉|销了|被砍|砍掉了|被叫停|叫停了|被取消|取消了|被停了)"
)


# "I moved out last weekend": living with someone ends (not "moved out of Leeds": a move)
_MOVED_OUT = re.compile(r"^(?:the user|i)\s+(?:(?:finally|just|already|officially)\s+)?moved out\b(?!\s+of\b)", re.I)
_LIVES_WITH = re.compile(r"\b(?:lives?|living|stays?|staying)\s+with\b", re.IGNORECASE)
# ... in Chinese ("上周搬出来自己租房了"), and the home shared it ends ("跟爸妈住一起", "住公司宿舍")
_MOVED_OUT_ZH = re.compile(r"^(?:用户)?[^，,。]{0,20}?搬出(?:来|去)")
# ... and where they live after, said with it ("自己租房了", "into a flat with two friends")
_HOME_NOW = re.compile(r"租|住|搬到|搬进|\b(?:into|in with|to)\b", re.IGNORECASE)
_LIVES_WITH_ZH = re.compile(r"(?:跟|和|与)[^，,。]{1,6}住|住[^，,。]{0,6}(?:宿舍|一起|家里|爸妈家|父母家)|合租")
# Someone the speaker shared a home with, gone ("Priya moved out at the weekend")
_THEY_MOVED_OUT = re.compile(
    r"^(?:(?:so|and|but|well)\s+)?(?P<who>(?-i:[A-Z])[a-z]+)\s+(?:has\s+|just\s+|finally\s+|officially\s+)*moved out\b"
    r"(?!\s+of\b)"
)
_SHARES_HOME = re.compile(
    r"\b(?:share|shares|sharing|lives?\s+with|living\s+with|flatmates?|housemates?|roommates?|lodgers?)\b",
    re.IGNORECASE,
)


def _moved_out(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "I moved out" ends: the speaker living with someone, said last; what "Priya moved out"
    ends: the speaker living with Priya (a flatmate, a lodger), said by her name."""
    other = _THEY_MOVED_OUT.match(p.statement)
    if other is not None:
        name = other.group("who")
        last = _last_held(
            beliefs,
            # (the home shared with them alone: "I share a flat with Jess and Ana" holds with Ana still)
            lambda b: (
                re.search(rf"\b{re.escape(name)}\b", b.statement) is not None
                and _SHARES_HOME.search(b.statement) is not None
                and not (_names(b.statement) - {name, "User"})
            ),
        )
        if last is None:
            return None
        return Decision("negate", (last,), f"ended: {p.statement} (ends: {last.statement}; rule they moved out)")
    out = _MOVED_OUT_ZH.match(p.statement) or _MOVED_OUT.match(p.statement)
    if out is None:
        return None
    held = _LIVES_WITH_ZH if is_cjk(p.statement) else _LIVES_WITH
    # "我朋友搬出去了": another moved out, which ends only a home shared with them ("跟室友合租")
    who = (
        re.search(r"朋友|同事|同学|室友|舍友|[他她]|" + RELATIONS_ZH_WORDS, out.group(0))
        if is_cjk(p.statement)
        else None
    )
    last = _last_held(
        beliefs, lambda b: held.search(b.statement) is not None and (who is None or who.group(0) in b.statement)
    )
    if last is None:
        return None
    if _HOME_NOW.search(p.statement[out.end() :]):  # "搬出来了，跟朋友合租": where they live now, kept
        return Decision("supersede", (last,), f"replaced: {p.statement} (was: {last.statement}; rule moved out)")
    return Decision("negate", (last,), f"ended: {p.statement} (ends: {last.statement}; rule moved out)")


# A thing named by its kind, and the slot of the thing held of that kind ("车" / own:car)
_KIND_OF_THING_ZH = {
    "车": "own:car",
    "汽车": "own:car",
    "小车": "own:car",
    "手机": "own:phone",
    "电脑": "own:laptop",
    "笔记本": "own:laptop",
}


def _thing_ended_zh(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "卡到期了没续" ends: of the beliefs said before that name the thing, the one said last."""
    said = _THING_ENDED_ZH.match(p.statement) if is_cjk(p.statement) else None
    if said is None or negated(p.statement[: said.end()]):
        return None
    thing = said.group("thing")
    kind = _KIND_OF_THING_ZH.get(thing.removeprefix("我的").removeprefix("那辆").removeprefix("那台"))
    # "车卖了" after "开的是一辆大众朗逸": the car held, named by its make, is the car sold
    last = _last_held(beliefs, lambda b: is_cjk(b.statement) and (thing in b.statement or b.attribute == kind))
    if last is None and len(thing) >= 4:  # "数据平台项目被砍了": a long name found by any two of its characters
        pairs = {thing[i : i + 2] for i in range(len(thing) - 1)}
        last = _last_held(beliefs, lambda b: is_cjk(b.statement) and sum(x in b.statement for x in pairs) >= 2)
    if last is None:
        return None
    return Decision("negate", (last,), f"ended: {p.statement} (ends: {last.statement}; rule a thing ended)")


# Whom the speaker reports to now ("now i answer to a woman called nkechi", "I report to Dana
# since the reorg"), and a belief that names their manager ("my manager is gareth", "my boss is
# a guy called Tom"); not one that only says how the manager is ("my manager is fine").
# A name typed in lower case counts ("so now i report to priya"), but only the line said whole:
# nothing after the name but when it began ("... when Greta is on leave", "... on the budget stuff
# too", "... this week", "derek's boss" are a part, a while or someone else).
_REPORTS_TO = re.compile(
    r"\b(?:the user|i|we)\s+(?:now\s+)?(?:reports?|answers?)\s+(?:directly\s+)?to\s+"
    r"(?:(?-i:[A-Z])[a-z]+|(?!(?:the|a|an|my|our|him|her|them|hr|work|some|someone|somebody|whoever|everyone|it|that)\b)"
    r"[a-z]{3,}|(?:a|an|some|this)\s+(?:\w+\s+){0,2}(?:called|named)\s+\w+|(?:my|our|a|the)\s+new\s+(?:boss|manager|lead))"
    r"(?!['’]s\b)(?:\s+now)?"
    r"(?=\s*(?:$|[.!;,😬🙃😅—–-]|(?:since|as of|starting|these days|from now on|now|and|so|but|lol|haha|instead|directly|"
    r"who|which|after|full[- ]time|from\s+(?:now|today|monday|next))\b))",
    re.I,
)
_MANAGER_NAMED = re.compile(
    r"\b(?:manager|boss|supervisor|line manager|team lead)\s+(?:is|was)\s+(?:now\s+)?"
    r"(?:(?:this|a|an|some)\s+(?:\w+\s+){0,2}?(?:called|named)\s+\w+|(?-i:[A-Z])\w+|[a-z]+(?=[\s.,]*$))",
    re.IGNORECASE,
)
# ... in Chinese: "现在我直接汇报给李总", "改成向张经理汇报", and a belief naming the speaker's boss
_REPORTS_TO_ZH = re.compile(
    r"(?:用户|我)(?:现在)?(?:直接)?(?:汇报给|向[\u4e00-\u9fffA-Za-z]{1,4}汇报|归[\u4e00-\u9fff]{1,4}管)"
)
_MANAGER_NAMED_ZH = re.compile(
    r"(?:老板|领导|上司|经理|主管|直属领导|leader)(?:是|叫|换成了?)[\u4e00-\u9fffA-Za-z]{1,4}"
)
_HOW_ONE_IS = frozenset(
    [
        "fine",
        "great",
        "nice",
        "ok",
        "okay",
        "good",
        "bad",
        "awful",
        "lovely",
        "cool",
        "chill",
        "strict",
        "sweet",
        "tough",
        "new",
    ]
)


# The new one of a role of the speaker's ("new landlord is some agency called Haven Lets",
# "our new GP's Dr Okafor"), and a belief that names who held it ("our landlord is Mr Patel")
# (said first, or as a clause of its own after what brought it: "the property got sold, landlord's
# a company called Harbour Lettings now", "Manny retired :( new super's a woman named Rosa")
_CLAUSE_OPENS = r"(?:^|(?<=[,;:(])\s*|(?<=[\U0001F300-\U0001FAFF])\s*|\b(?:so|and|but)\s+)"
_NEW_HOLDER = re.compile(
    _CLAUSE_OPENS + r"(?:the user's\s+|the\s+|my\s+|our\s+)?new\s+(?P<role>[a-z]+(?:\s+[a-z]+)?)(?:'s|\s+is|\s+are)\s+"
    r"(?!(?:great|nice|fine|lovely|awful|ok|okay|good|bad|strict|better|worse|so|really|very|much)\b)\S"
    # ... or the one of a role said now by a name ("the landlord's some company called Greystar now")
    r"|"
    + _CLAUSE_OPENS
    + r"(?:the user's\s+|the\s+|my\s+|our\s+|(?<=[,;:]\s)|(?<=[,;:]))(?P<now_role>[a-z]+)(?:'s|\s+is|\s+are)\s+"
    r"(?!(?:great|nice|fine|lovely|awful|ok|okay|good|bad|strict|better|worse|so|really|very|much|not)\b)"
    r"[^,.]*?\b(?-i:[A-Z])[a-z]\w*[^,.]*\bnow\b"
    # ... or a new one had since, named ("we've had a new childminder since March, Priya")
    r"|\b(?:have|has|'ve)\s+(?:had|got)\s+a\s+new\s+(?P<had_role>[a-z]+)\b(?=[^.]*,\s*(?-i:[A-Z])[a-z]+)"
    # ... or one gone to now, by title and name ("we're with a family dentist near the school now, Dr Mensah")
    r"|\b(?:is|are|'re|'m|am)\s+with\s+(?:a|an|the)\s+(?:new\s+)?(?:[a-z]+\s+)??(?P<with_role>[a-z]+)"
    r"(?=\s+(?:in|at|near|nearer|closer|close|round|by|on|now|who|that|which)\b|,)(?=[^.]*\bnow\b)(?=[^.]*\b(?:Dr|Mr|Mrs|Ms|Miss)\.?\s+(?-i:[A-Z]))",
    re.IGNORECASE,
)


# A new address said with its "my" dropped ("new address is 221 Oak Ridge Ct, Dublin OH"), and
# the belief that says where the speaker lives ("lives at 14 Maple Drive in Columbus")
_NEW_ADDRESS = re.compile(
    r"^(?:the user's\s+|our\s+)?new\s+(?:home\s+)?address\s*(?:is|'s|:)\s*(?:now\s+)?\d", re.IGNORECASE
)
_LIVES_AT = re.compile(
    r"^the user\s+(?:lives?|is living|has lived)\s+(?:at|on|in)\b|^the user's\s+(?:home\s+)?address\b", re.I
)


def _readdressed(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "new address is 221 Oak Ridge Ct" replaces: the one belief of the speaker's that says
    where they live, another place; two, which the words do not say."""
    if is_cjk(p.statement) or _NEW_ADDRESS.match(p.statement) is None or ":" in (p.subject or ":"):
        return None
    home = [b for b in beliefs if b.subject == p.subject and _LIVES_AT.match(b.statement) and not negated(b.statement)]
    if len(home) != 1:
        return None
    return Decision("supersede", (home[0],), f"replaced: {home[0].statement} ({p.statement}; rule new address)")


# A thing of the speaker's graded by a short code, said with its noun ("we're band B" after "our
# council tax band is C", "we're in zone 3 now", "it's tier 2"): a code is one letter or a
# number of two digits at most, with a letter beside it or not
_CODE = r"(?-i:[A-Z]|\d{1,2}[A-Z]?|[A-Z]\d{1,2})"
_CODE_NOW = re.compile(
    r"\b(?:the user is|the user's|we're|we are|it's|it is|they're|they are)\s+(?:now\s+)?(?:in\s+|on\s+)?"
    r"(?P<noun>(?!(?:the|a|an|in|on|at|now|just|only|still|not)\b)[a-z]{3,})\s+(?P<v>" + _CODE + r")(?![\w,:/-]|\.\d)",
    re.IGNORECASE,
)


def _code_moved(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "we're band B" replaces: the belief of the speaker's said last that grades the same
    noun by another code ("our council tax band is C")."""
    said = None if is_cjk(p.statement) else _CODE_NOW.search(p.statement)
    if said is None or negated(p.statement) or has_additive_cue(p.statement):
        return None
    noun, now = said.group("noun"), said.group("v")
    graded = re.compile(
        rf"\b{re.escape(noun)}\s+(?:is\s+|was\s+|:\s*)?(?:now\s+)?(?P<was>{_CODE})(?![\w,:/-]|\.\d)", re.I
    )
    speaker = (p.subject or "").partition(":")[0]
    held = [
        (b, m.group("was"))
        for b in beliefs
        if (b.subject or "").partition(":")[0] == speaker
        and not negated(b.statement)
        and (m := graded.search(b.statement)) is not None
        and m.group("was") != now
    ]
    return _last_value_moved(p, held, now, "code moved")


def _new_holder(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "new landlord is Haven Lets" replaces: the belief of the speaker's said last that
    names who holds that role ("our landlord is Mr Patel"), not how the new one is ("new boss is
    great")."""
    said = None if is_cjk(p.statement) else _NEW_HOLDER.search(p.statement)
    # (a clause after another may be keyed to whom that one named: "Manny retired :( new super's ...";
    # not one said of someone: "my sister has got a new cleaner")
    after_clause = (
        re.search(r"(?:[,;:(]|[\U0001F300-\U0001FAFF])$", p.statement[: said.start()].rstrip()) if said else None
    )
    if said is None or negated(p.statement[said.start() :]) or (after_clause is None and ":" in (p.subject or "")):
        return None
    p = replace(p, subject=(p.subject or "").partition(":")[0])
    role = re.escape(said.group("role") or said.group("now_role") or said.group("had_role") or said.group("with_role"))
    # (said as had or gone to, the role may be held of one of the speaker's: "the kids' dentist is Dr Haines")
    theirs = said.group("had_role") is not None or said.group("with_role") is not None
    # (where the role is held may be said between: "the super in our building is Luis")
    named = re.compile(
        rf"\b{role}(?:\s+(?:in|at|of|for)\s+[\w' ]{{1,30}}?)?(?:'s|\s+is|\s+are|\s+was)\s+"
        r"(?!(?:a|an)\s+(?:great|nice|good|bad)\b)\S",
        re.I,
    )
    # (a "never" said of the one who held it is no denial of the role: "a guy called Derek who
    # never answers his phone")
    held = [
        b
        for b in beliefs
        if (b.subject == p.subject or (theirs and (b.subject or "").startswith(f"{p.subject}:")))
        and named.search(b.statement) is not None
        and b.statement != p.statement
        and not negated(re.split(r"\s+(?:who|that|which)\s+", b.statement, maxsplit=1)[0])
    ]
    if not held:
        return None
    last = max(held, key=_said_last)
    return Decision("supersede", (last,), f"replaced: {p.statement} (was: {last.statement}; rule new holder)")


def _reports_to(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "now i answer to a woman called nkechi" replaces: the belief said last that names
    the speaker's manager. A statement of whom one reports to says who the manager is."""
    zh = is_cjk(p.statement)
    if not (_REPORTS_TO_ZH if zh else _REPORTS_TO).search(p.statement) or negated(p.statement):
        return None
    speaker = (p.subject or "").partition(":")[0]

    def names_manager(b: BeliefView) -> bool:
        if zh:  # "用户老板是王姐": the one whom the user reported to
            return (b.subject or "").partition(":")[0] == speaker and _MANAGER_NAMED_ZH.search(b.statement) is not None
        said = _MANAGER_NAMED.search(b.statement)
        return (
            (b.subject or "").partition(":")[0] == speaker
            and said is not None
            and said.group(0).split()[-1].casefold().strip(".,") not in _HOW_ONE_IS
        )

    held = _last_held(beliefs, names_manager)
    if held is None:
        return None
    return Decision("supersede", (held,), f"replaced: {held.statement} ({p.statement}; rule reports to)")


# One of the speaker's people, by name, starting at another place ("toby starts at oakfield on
# monday", "Mia moved to Kings College in september"), and a belief saying where they are at.
_STARTS_AT = re.compile(
    # (the person as a name alone, or as the user's son Toby, a name given before read as theirs)
    r"^(?:(?P<rel>the user's\s+[\w-]+)\s+)?(?P<name>(?!(?:The|User|He|She|They|It|We|I)\b)(?-i:[A-Z])[a-z]+\s+)?"
    r"(?:(?:just|finally|officially)\s+)?"
    r"(?:(?:starts|started|is starting|has started)\s+(?:at|school at)"
    r"|(?:moved|moves|is moving|relocated|transferred|switched|changed)\s+(?:schools?\s+)?"
    r"(?:to|at|over to|out to|back to|up to|down to))\s+(?!(?:her|his|their|my|our|a|an|the|some)\b)(?!\d|(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|(?:noon|midnight|night|tomorrow|today|tonight|next|this)\b)(?P<place>[\w'&.-]+(?:\s+(?!(?:on|in|next|this|last|from|after|since|"
    r"tomorrow|today|because|cos|so)\b)[\w'&.-]+){0,3})",
    re.IGNORECASE,
)
# The speaker moved by their work to another place ("the company transferred the user to
# manchester", "the user got relocated to the leeds branch"), and a belief saying where they work
# (an office, a branch, a site; "works in London"), never whom they work for ("works at Google").
_TRANSFERRED = re.compile(
    r"^(?:(?:they|(?:the user's\s+)?[\w'-]+(?:\s+[\w'-]+)?)\s+(?:just\s+|finally\s+)?(?:transferred|relocated)\s+the user"
    r"|the user\s+(?:(?:just|finally|has|'s|got|was|has been|is being)\s+)*(?:transferred|relocated))"
    r"\s+(?:over\s+)?to\s+(?:the\s+)?(?P<place>[\w'&.-]+)",
    re.IGNORECASE,
)
# ... for a while only ("for two weeks for training", "temporarily", "on loan"): back after
_FOR_A_TIME = re.compile(
    r"\b(?:for\s+(?:a|an|one|two|three|four|five|six|\d+|a few|a couple(?: of)?)\s+(?:days?|weeks?|months?)"
    r"|temporarily|for now|on loan|on secondment|to cover)\b",
    re.IGNORECASE,
)
_STUDIES_WHERE = re.compile(
    r"\b(?:studying|doing\s+(?:a|an|my|their)(?:\s+[\w-]+){1,6}?|enrolled|a student|reading\s+[\w-]+)"
    r"\s+at\s+(?:the\s+)?(?P<place>(?-i:[A-Z])[\w'&.-]+)",
    re.IGNORECASE,
)
_WORKS_WHERE = re.compile(
    r"\b(?:works?|working|based)\s+(?:in|out of|from)\s+(?:the\s+)?(?P<place>[\w'&.-]+)"
    r"|\b(?:at|in)\s+the\s+(?P<site>[\w'&.-]+)\s+(?:office|branch|site|store|location|campus|depot|plant|warehouse)\b",
    re.IGNORECASE,
)


def _transferred(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "the company transferred me to manchester" replaces: the speaker's belief said last
    of where they work, at another place than the new one."""
    said = None if is_cjk(p.statement) else _TRANSFERRED.match(p.statement)
    if said is None or negated(p.statement) or _FOR_A_TIME.search(p.statement, said.end()):
        return None
    place = said.group("place").casefold()
    speaker = (p.subject or "").partition(":")[0]

    def where_they_work(b: BeliefView) -> bool:
        # (or study: "doing a PhD in marine biology at Plymouth" / "I transferred to Exeter")
        at = _WORKS_WHERE.search(b.statement) or _STUDIES_WHERE.search(b.statement)
        return (
            b.subject == speaker
            and at is not None
            and (at.group("place") or at.group("site")).casefold() != place
            and not _DATED_ONCE.search(b.statement)
        )

    held = _last_held(beliefs, where_they_work)
    if held is None:
        return None
    return Decision("supersede", (held,), f"replaced: {held.statement} ({p.statement}; rule transferred)")


# A thing of the speaker's moved to a provider named ("moved my whole pot over to PensionBee",
# "switched the ISA across to Vanguard", "transferred everything to Chase")
_MOVED_TO_NAMED = re.compile(
    r"\b(?:moved|switched|transferred|ported|rolled|shifted)\s+(?:(?:my|our|their|the|all|all of|everything|it|them)\s+)?"
    r"(?:(?:whole|entire|old)\s+)?(?P<thing>[\w-]+(?:\s+[\w-]+)?\s+)??(?:over\s+|across\s+)?(?:to|into)\s+"
    r"(?P<new>(?-i:[A-Z])[\w&.'-]*(?:\s+(?-i:[A-Z])[\w&.'-]*)*)",
    re.IGNORECASE,
)
# ... and the provider held ("my pension provider is Aviva", "a SIPP with Hargreaves Lansdown")
_PROVIDER_HELD = re.compile(
    r"\b(?:provider\s+is|is\s+with|are\s+with|with|through|banks?\s+with)\s+(?P<old>(?-i:[A-Z])[\w&.'-]*(?:\s+(?-i:[A-Z])[\w&.'-]*)*)",
    re.IGNORECASE,
)


# Moved by one's work to another place, in Chinese ("公司把我调到苏州分部了", "他调回广州总部了")
_POSTED_ZH = re.compile(
    r"(?:调到|调回|调去|调往|派到|派去|外派到|转到)(?P<place>[\u4e00-\u9fff]{2,3}?)"
    r"(?:分部|总部|分公司|分行|分店|办事处|工厂|门店|校区|那边|去|来)?(?:上班|工作)?了"
)
# ... and where one works, held ("用户在杭州上班", "用户老公在深圳工作")
_WORKS_IN_ZH = re.compile(r"在(?P<where>[\u4e00-\u9fff]{2,3}?)(?:的[\u4e00-\u9fff]{1,8}?)?(?:上班|工作)")


def _posted_zh(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "公司把我调到苏州分部了" replaces: the belief of the same person's said last of the city
    they work in ("我在杭州上班"), another one; never a wish or a denial."""
    said = _POSTED_ZH.search(p.statement) if is_cjk(p.statement) else None
    if said is None or negated(p.statement) or CHANGE_WISHED_ZH.search(p.statement):
        return None
    place = said.group("place")

    def works_elsewhere(b: BeliefView) -> bool:
        held = _WORKS_IN_ZH.search(b.statement)
        return b.subject == p.subject and held is not None and held.group("where") not in place

    last = _last_held(beliefs, works_elsewhere)
    if last is None:
        return None
    was = _WORKS_IN_ZH.search(last.statement)
    reason = f"replaced: {last.statement} ({p.statement}; rule posted elsewhere)"
    return Decision("supersede", (last,), reason, was.group("where") if was else None, place)


# Where a thing is done, moved in Chinese, said with what is done there ("转到中日友好医院看了" of
# "在协和看甲状腺", "换到家附近的工作室上了" of "在少年宫上"): the same doing at another place
_DONE_MOVED_ZH = re.compile(
    r"(?:转到|换到|改到|挪到|搬到|转去|换去|改去)(?P<place>[\u4e00-\u9fff]{2,12}?)(?P<verb>看病|看|治疗|治|做|学|上课|上|读|练|训练)了?"
)
_DONE_AT_ZH = r"在(?P<where>[\u4e00-\u9fff]{2,12}?)"


def _done_moved_zh(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "挂号太难了，转到中日友好医院看了" replaces: the belief of the speaker's (or of one of
    theirs) said last that does the same thing at another place ("用户在协和看甲状腺"); never a
    wish or a denial."""
    said = _DONE_MOVED_ZH.search(p.statement) if is_cjk(p.statement) else None
    if said is None or negated(p.statement) or CHANGE_WISHED_ZH.search(p.statement):
        return None
    place, verb = said.group("place"), said.group("verb")
    speaker = (p.subject or "").partition(":")[0]
    done_at = re.compile(_DONE_AT_ZH + re.escape(verb[0]))

    # said of no one ("转到……看了"): of whichever of the speaker's it was; "我妈转到……": hers only
    anyone = p.subject == speaker and not re.search(r"[他她]|" + RELATIONS_ZH_WORDS, p.statement)

    def done_elsewhere(b: BeliefView) -> bool:
        held = done_at.search(b.statement)
        return (
            (b.subject == p.subject or (anyone and (b.subject or "").startswith(speaker + ":")))
            and held is not None
            and held.group("where") not in place
            and place not in held.group("where")
        )

    last = _last_held(beliefs, done_elsewhere)
    if last is None:
        return None
    was = done_at.search(last.statement)
    reason = f"replaced: {last.statement} ({p.statement}; rule done elsewhere)"
    return Decision("supersede", (last,), reason, was.group("where") if was else None, place)


def _moved_to_named(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "moved my whole pot over to PensionBee" replaces: the speaker's belief said last that
    holds another provider by name ("my pension provider is Aviva"), of the thing moved (a word
    of it held, or "provider" said) or of "it"; never "also", a denial, or someone else's move."""
    said = None if is_cjk(p.statement) else _MOVED_TO_NAMED.search(p.statement)
    if said is None or negated(p.statement[: said.start()]) or has_additive_cue(p.statement):
        return None
    if (p.subject or "") != (p.subject or "").partition(":")[0] or of_someone_else(p.statement, ""):
        return None
    new = said.group("new").casefold()
    thing = topic_words(said.group("thing") or "") - {"user"}
    if not thing and not re.search(r"\b(?:it|them|everything|all)\s", said.group(0), re.IGNORECASE):
        return None  # "moved to Leeds": a home, no thing moved to a provider

    def held_elsewhere(b: BeliefView) -> bool:
        held = _PROVIDER_HELD.search(b.statement)
        return (
            b.subject == p.subject
            and held is not None
            and held.group("old").casefold() not in new
            and new not in held.group("old").casefold()
            and (not thing or bool(thing & topic_words(b.statement)) or "provider" in b.statement.casefold())
        )

    last = _last_held(beliefs, held_elsewhere)
    if last is None:
        return None
    old = _PROVIDER_HELD.search(last.statement)
    reason = f"replaced: {last.statement} ({p.statement}; rule moved to a provider named)"
    return Decision("supersede", (last,), reason, old.group("old") if old else None, said.group("new"))


_AT_PLACE = re.compile(
    r"\b(?:at|goes to|attends|lives in|living in|based in)\s+"
    r"(?!(?:it|that|this|them|all|least|most|first|last|once|times|night|the moment|one point|some point)\b)(?P<place>[\w'&.-]+)",
    re.IGNORECASE,
)


# A pastime's place ("starts at judo club", "moved to the swim team"): besides where one is at
_PASTIME_PLACE = re.compile(
    r"\b(?:club|class|classes|lessons?|camp|team|practice|training|scouts|guides|brownies|cubs|job|work|shift|"
    r"gym|pool|rink|studio|squad|band|choir|orchestra|theatre|theater)\b",
    re.IGNORECASE,
)


def _named_starts_at(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "toby starts at oakfield on monday" replaces: the belief said last that names Toby
    and where he is at (his school, his work), another place than the new one."""
    said = None if is_cjk(p.statement) else _STARTS_AT.match(p.statement)
    if said is None or negated(p.statement) or _PASTIME_PLACE.search(said.group("place")):
        return None  # "toby starts at judo club": a pastime besides, not where he is at
    if said.group("name") is None and said.group("rel") is None:
        return None
    # who: by their name, else as the user's son (a relation said with no name)
    who = re.escape((said.group("name") or said.group("rel")).strip())
    place = said.group("place").casefold()
    speaker = (p.subject or "").partition(":")[0]

    def where_they_are(b: BeliefView) -> bool:
        at = _AT_PLACE.search(b.statement)
        return (
            (b.subject or "").partition(":")[0] == speaker
            and re.search(rf"\b{who}\b", b.statement, re.IGNORECASE) is not None
            and at is not None
            and at.group("place").casefold() not in place.split()
            and not _DATED_ONCE.search(b.statement)
        )

    held = _last_held(beliefs, where_they_are)
    if held is None:
        return None
    return Decision("supersede", (held,), f"replaced: {held.statement} ({p.statement}; rule starts at)")


# A work shift ("on nights", "works days", "early shifts", "the graveyard shift"): one at a time, so another one
# said with a change replaces it ("got moved onto early shifts", "switched over to days").
_SHIFT = re.compile(
    r"\b(?:(?:(?:on|to|onto)|(?<=work)|(?<=works)|(?<=working))\s+(?P<on>nights|days(?!\s+off)|lates|earlies)|(?P<kind>night|day|early|late|evening|morning|"
    r"afternoon|graveyard|swing|weekend)\s+shifts?|(?P<one>night|day)shifts?"
    # the hours of a shift ("the 6am-2pm shift")
    r"|(?P<hours>\d{1,2}(?::\d\d)?\s?(?:am|pm)?\s?(?:-|–|to)\s?\d{1,2}(?::\d\d)?\s?(?:am|pm)?)\s+shifts?)\b",
    re.IGNORECASE,
)
_SHIFT_MOVED = re.compile(r"\b(?:moved|switched|put|transferred|changed|swapped|back)\b|\bonto\b|\bnow\b", re.I)

# The speaker's own shift moved ("the user switched to nights", "they put the user on ..."),
# said with the speaker as the one moved.
_OWN_SHIFT_MOVED = re.compile(
    r"^(?:(?:just|finally|btw|so)\s+)*(?:they\s+(?:just\s+)?(?:moved|switched|put|transferred|changed|swapped)\s+the user\b|"
    r"the user\b(?!'s)[^,;.]*?\b(?:moved|switched|put|transferred|changed|swapped|is|was|got|went|back|onto|now)\b)",
    re.IGNORECASE,
)


# A thing of the speaker's moved, not the speaker ("switched their running to nights").
_OTHER_MOVED = re.compile(
    r"\b(?:switched|moved|changed|swapped)\s+(?!the user\b)(?:their|his|her|my|the|a|an)\s+(?!(?:[\w-]+\s+)?shifts?\b)\w+",
    re.I,
)


def _shift_kind(statement: str) -> str | None:
    said = _SHIFT.search(statement)
    if said is None:
        return None
    word = re.sub(
        r"\s", "", (said.group("on") or said.group("kind") or said.group("one") or said.group("hours")).casefold()
    )
    return {"nights": "night", "days": "day", "lates": "late", "earlies": "early"}.get(word, word)


def _shift_changed(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "got moved onto early shifts" replaces: the speaker's shift said last, another one."""
    now = None if is_cjk(p.statement) else _shift_kind(p.statement)
    if now is None or not _SHIFT_MOVED.search(p.statement) or negated(p.statement):
        return None
    # the speaker's own shift moved: "the user switched to nights", "they put the user on the 12-8
    # shift"; not "the user's wife switched to nights", "switched their running to nights"
    if not _OWN_SHIFT_MOVED.match(p.statement) or _OTHER_MOVED.search(p.statement):
        return None
    speaker = (p.subject or "").partition(":")[0]
    held = _last_held(
        beliefs,
        lambda b: b.subject == speaker and (kind := _shift_kind(b.statement)) is not None and kind != now,
    )
    if held is None:
        return None
    return Decision("supersede", (held,), f"replaced: {held.statement} ({p.statement}; rule shift changed)")


# What a diet leaves out, by the diet: a belief that its holder eats one of these ends when they
# take up the diet ("I eat meat" / "I became a vegetarian in March"); "keto" or "paleo" leave
# out no such thing.
_MEAT = (
    r"meat|fish|chicken|beef|pork|lamb|seafood|bacon|steak|ham|turkey|sausages?|burgers?|"
    r"shrimp|prawns?|crab|lobster|tuna|salmon|oysters?|mussels?"
)
_FLESH = r"meat|chicken|beef|pork|lamb|bacon|steak|ham|turkey|sausages?|burgers?"
_ANIMAL = r"dairy|eggs?|cheese|milk|butter|yogh?urt|honey"
_LEAVES_OUT = {
    "vegetarian": _MEAT,
    "vegan": _MEAT + "|" + _ANIMAL,
    "plant-based": _MEAT + "|" + _ANIMAL,
    "plant based": _MEAT + "|" + _ANIMAL,
    "pescatarian": _FLESH,
    "pescetarian": _FLESH,
}
_EATS = r"\b(?:eats?|eating|ate)\s+(?:(?:a\s+lot\s+of|lots\s+of|a\s+ton\s+of|tons\s+of|loads\s+of|plenty\s+of|some|mostly|mainly|red)\s+)?(?P<food>{})\b"


def _left_out_by_diet(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "I became a vegetarian in March" ends: the beliefs of its subject that they eat
    what the diet leaves out ("The user eats meat."), each said as held (not negated)."""
    if is_cjk(p.statement) or negated(p.statement) or not p.subject:
        return None
    diets = _kinds_held(p.statement)[0]
    if len(diets) != 1:
        return None
    diet = next(iter(diets))
    foods = _LEAVES_OUT.get(diet)
    if foods is None:
        return None
    eats = re.compile(_EATS.format(foods), re.IGNORECASE)
    held = [
        (b, m.group("food"))
        for b in beliefs
        if b.subject == p.subject and not negated(b.statement) and (m := eats.search(b.statement)) is not None
    ]
    if not held:
        return None
    food = held[0][1]
    reason = f"replaced: eats {food} -> {diet} ({p.statement}; rule diet leaves it out)"
    return Decision("supersede", tuple(b for b, _ in held), reason, f"eats {food}", diet)


def _went_without(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "30 days without a cigarette today" ends: the speaker's habit said last that goes
    by one of the words of the thing gone without ("I smoke about half a pack a day")."""
    said = None if is_cjk(p.statement) else WENT_WITHOUT.search(p.statement)
    if said is None:
        return None
    if said.group("free") and (
        not re.match(
            r"(?:the user(?:'s| has| is)?\s+)?(?:been\s+)?(?:now\s+)?(?:\d|a\b|one|two|three|four|five|six|seven|eight|nine|ten)",
            p.statement,
            re.IGNORECASE,
        )
        or re.search(r"\b(?:but|slipped|caved|relapsed|back on|then)\b", p.statement, re.IGNORECASE)
    ):
        return None  # "my dad has been 2 years smoke free", "2 weeks smoke free but I slipped"
    thing = (said.group("thing") or said.group("free")).casefold()
    habit = next((h for h, words in HABIT_WORDS.items() if thing in words), None)
    if habit is None:
        return None
    speaker = (p.subject or "").partition(":")[0]
    held = _last_held(
        beliefs,
        lambda b: (
            b.subject == speaker and bool(HABIT_HELD[habit] & {w.casefold().strip(".,!") for w in b.statement.split()})
        ),
    )
    if held is None:
        return None
    return Decision("negate", (held,), f"ended: {p.statement} (ends: {held.statement}; rule gone without)")


# What holds now of the thing spoken of last, said in chat words ("lately it's all rooibos for me",
# "been on neovim for a couple weeks now", "been using obsidian since march")
_NOW_USING = re.compile(
    r"\b(?:it's|it is)\s+(?:all|mostly|only)\s+(?P<all>[a-z][\w'-]+)"
    r"|\b(?:has been|have been|been|is|am|are)\s+(?:on|using)\s+(?!(?:a|an|the|my|their|it|them)\b)(?P<using>[a-z][\w.+-]+)"
    r"(?=.*\b(?:now|these days|lately|nowadays|full[- ]time|since)\b)"
    # a name said as the one held now ("Fontaines are my number one now", "it's Tyrrells, my new fave")
    r"|(?P<named>\b(?-i:[A-Z])[\w'&.-]*(?:\s+(?-i:[A-Z])[\w'&.-]*)*)\s+(?:is|are|'s|'re)\s+(?:now\s+|officially\s+)*"
    r"(?:the user's|my)\s+"
    r"(?:new\s+)?(?:favou?rite|fave|number one|no\.?\s?1|go-to|top|biggest|main|largest|primary)\b(?=.*\b(?:now|new)\b)"
    # ... or said to be so "officially" ("Arcane is officially my favorite show")
    r"|(?P<official>\b(?-i:[A-Z])[\w'&.-]*(?:\s+(?-i:[A-Z])[\w'&.-]*)*)\s+(?:is|are|'s|'re)\s+officially\s+"
    r"(?:the user's|my)\s+(?:new\s+)?(?:favou?rite|fave|number one|no\.?\s?1|go-to)\b"
    # ... or said to have taken that place ("Kiln has taken over as my favourite")
    # (where it is said after the name: "Marnie's on the corner has totally taken over as my go-to")
    r"|(?P<over>\b(?-i:[A-Z])[\w'&.-]*(?:\s+(?-i:[A-Z])[\w'&.-]*)*)(?:\s+(?:on|in|at|by)\s+the\s+[a-z]+(?:\s+[a-z]+)?)?\s+"
    r"(?:has\s+|'s\s+)?(?:(?:totally|completely|now|officially|basically|properly)\s+)?(?:taken|took)\s+over\s+as\s+"
    r"(?:the user's|my)\s+(?:new\s+)?(?:favou?rite|fave|number one|no\.?\s?1|go-to)\b"
    # ... or what it is these days, one word ("lol it's darts these days"), no word of how it is
    r"|(?:^|[,;]\s*|\b(?:lol|so|but|and|honestly|haha)\s+)(?:it's|it is|its)\s+(?P<these>(?!"
    + HOW_IT_IS
    + r")[a-z][a-z'-]{2,})"
    r"\s+(?:these days|nowadays|now)\b",
    re.IGNORECASE,
)


def _one_value_now(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "lately it's all rooibos for me" replaces: the speaker's belief said last, when its
    subject holds one value ("favourite tea is earl grey", "my main editor is vscode") and the
    value now is another."""
    said = None if is_cjk(p.statement) else _NOW_USING.search(p.statement)
    if said is None or negated(p.statement[: said.start()]):
        return None
    now = (
        said.group("all")
        or said.group("using")
        or said.group("named")
        or said.group("official")
        or said.group("over")
        or said.group("these")
    ).casefold()
    speaker = (p.subject or "").partition(":")[0]
    last = _last_held([b for b in beliefs if (b.subject or "").partition(":")[0] == speaker])
    if last is None or not holds_one_value(last.statement) or now in last.statement.casefold():
        return None
    return Decision("supersede", (last,), f"replaced: {last.statement} ({p.statement}; rule one value now)")


def _named_now(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "these days it's Big Thief" replaces: the one name held by the belief
    the speaker said last (their favourite band, Radiohead); nothing when that
    belief holds no name or several."""
    said = _IT_NAMED_NOW.match(p.statement)
    if said is None or not (_AS_NOW.search(p.statement) or re.search(r"\bnow\b", p.statement, re.IGNORECASE)):
        return None
    held = [b for b in beliefs if not negated(b.statement)]
    if not held:
        return None
    when = max(_said_last(b)[0] for b in held)
    # every belief of the last message: "I live in Paris and my boss is Tom" holds two names
    last = [
        (b, v)
        for b in held
        if _said_last(b)[0] == when
        for v in value_spans(b.statement)
        if value_shape(v) == "name" and v not in _named(p.subject) | {"The"}
    ]
    new = said.group("name").rstrip(".")
    if len(last) != 1 or new == last[0][1] or value_shape(new) != "name":
        return None
    return Decision("supersede", (last[0][0],), "", last[0][1], new)


# "new pb this morning!!! 26:55", "new high score: 48,200": a record of the speaker's own said
# new, first in the statement or after "the user got / set / hit" (not "the user's son got").
_NEW_OF = re.compile(
    r"^(?:the user\s+(?:just\s+)?(?:got|set|hit|has|had)\s+(?:a\s+)?)?(?:(?:so|ok|okay|omg|yay|finally|just|another)\W+)*"
    + NEW_RECORD,
    re.IGNORECASE,
)


def _new_value_of(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "new pb this morning!!! 26:55" replaces: the one belief of the speaker's that names
    the thing ("pb is 27:40") and holds one value of the same shape, another one."""
    text = untimed(p.statement)
    said = None if is_cjk(p.statement) else _NEW_OF.search(text)
    if said is None or negated(p.statement):
        return None
    noun, now = lexical_stem(said.group("noun").casefold().split()[-1]), said.group("v")
    shape = value_shape(now)
    # "new rank 3 in the office fantasy league": of what, the belief must name too
    of = re.match(r"\s+(?:in|on|at|for)\s+(?:the\s+|my\s+)?(?P<what>[\w' -]+)", text[said.end() :])
    named = topic_words(of.group("what")) if of else frozenset()
    speaker = (p.subject or "").partition(":")[0]
    held = [
        (b, values[0])
        for b in beliefs
        if b.subject in (p.subject, speaker)
        and b.kind == "fact"
        and not negated(b.statement)
        and noun in {lexical_stem(w) for w in topic_words(b.statement)}
        and (not named or named & topic_words(b.statement))
        and len(values := [v for v in value_spans(untimed(b.statement)) if value_shape(v) == shape]) == 1
        and values[0] != now
    ]
    if len(held) != 1:
        # a record said new replaces its own record or nothing: not a value aligned by words
        return Decision("none", (), f"kept: {p.statement} (rule new value: no one record of it held)")
    ((belief, old),) = held
    return Decision("supersede", (belief,), f"replaced: {old} -> {now} ({p.statement}; rule new value)", old, now)


def _last_held(beliefs: Sequence[BeliefView], keep: Callable[[BeliefView], bool] = lambda b: True) -> BeliefView | None:
    """Of the beliefs still held as said (not negated) that ``keep`` accepts, the one
    said last: what a listener takes "it", "that" or an unsaid thing to mean."""
    held = [b for b in beliefs if not negated(b.statement) and keep(b)]
    return max(held, key=_said_last) if held else None


def _last_value_moved(p: Proposal, held: Sequence[tuple[BeliefView, str]], now: str, rule: str) -> Decision | None:
    """Of the beliefs ``held`` with the value each holds, the one said last, its value replaced by
    ``now``; the reason names both values and ``rule``. None where none is held."""
    if not held:
        return None
    b, was = max(held, key=lambda h: _said_last(h[0]))
    return Decision("supersede", (b,), f"replaced: {was} -> {now} ({p.statement}; rule {rule})", was, now)


def _said_last(b: BeliefView) -> tuple[datetime, str]:
    """When a belief was said (transaction time), not the time it is dated: what "it"
    refers to is the thing spoken of last."""
    return (b.confirmed_at or b.valid_from, b.memory_id)


# A thing named with its determiner before "cancelled it" in the same statement (not the user).
_NAMED_BEFORE = re.compile(r"\b(?:a|an|the|my|our|his|her|their)\s+(?!user\b)([a-z][\w-]+(?:\s+[a-z][\w-]+)?)", re.I)


def _ended_by_pronoun(p: Proposal, beliefs: Sequence[BeliefView], now: Sequence[BeliefView] = ()) -> Decision | None:
    """What "cancelled it" ends: the thing the speaker spoke of last, as a listener
    reads the pronoun, when their latest belief holds a thing ("has a membership at
    PureGym"); nothing when it holds none ("loves sci-fi": "it" is open)."""
    zh = is_cjk(p.statement)
    said = (_ENDED_UNSAID_ZH if zh else ENDED_PRONOUN).search(p.statement) or (
        (BARE_ENDED_ZH.match(p.statement) or _ENDED_LAST_ZH.search(p.statement)) if zh else None
    )
    bare = None if zh or said else _QUIT_BARE.match(p.statement)
    said = said or bare
    # "never cancelled it", said before the verb; "stopped it", 戒了 are themselves endings, not denials of them
    if said is None or negated(p.statement[: said.start()]):
        return None
    # "my colleague quit": what they quit is theirs, never the speaker's job
    last = _last_held([b for b in beliefs if b.subject == p.subject] if bare and ":" in (p.subject or "") else beliefs)
    if last is None:
        return None
    # "had a dentist appointment today but cancelled it": "it" is the thing named just before,
    # in its clause or one said before it in its message (``now``, not in ``beliefs``), unless
    # that names what is held ("my membership was up so i cancelled it")
    before = {b.memory_id for b in beliefs}
    fresh = [b.statement for b in now if b.memory_id not in before]
    pronoun = re.search(r"\b(?:it|them)\b", said.group(0), re.IGNORECASE)  # not "that's over"
    named = _NAMED_BEFORE.findall(" ".join([*fresh, p.statement[: said.start()]])) if pronoun else []
    if named and not any(names_ended(topic_words(n), last.statement) for n in named):
        return None
    # a thing held ends with "cancelled it"; a habit or a job too with a bare "I quit"
    doing = said.group(0).casefold().startswith(("stopped doing", "quit doing", "gave up doing"))
    habit = (bare or doing) and _HABIT.search(last.statement)  # "stopped doing that": a habit too
    # "he's outgrown it": a state of theirs ends (an allergy, a fear), no thing held needed
    outgrown = re.match(r"outgr|gr[eo]wn? out", said.group(0), re.IGNORECASE) is not None
    if not (is_cjk(last.statement) or _A_THING.search(last.statement) or habit or outgrown):
        return None
    return Decision("negate", (last,), f"ended: {p.statement} (ends: {last.statement}; rule ended pronoun)")


def _closed(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What a death, a birth, a graduation, a retirement or a break-up ends, kept
    as said itself: every fact of the person who died, a pregnancy, the studies
    of the one who graduated, the work of the one who retired or left their job, or the speaker's
    facts about their partner. None when the statement is none of them, nor when it is
    only supposed ("你说如果我明年辞职去读研": what would be, nothing ended)."""
    if is_supposition(p.statement):
        return None
    if p.subject and ":" in p.subject and _died(p.subject.rpartition(":")[2], p.statement):
        gone = tuple(b for b in beliefs if not _DIED.search(b.statement))
        reason = f"ended: {p.statement} (rule death)"
    elif dead := dead_of_mine(p.statement):
        gone = ended_by_death(dead, beliefs)
        reason = f"ended: {p.statement} (rule death)"
    elif couples(p.statement):
        named = _names(p.statement)
        partnered = tuple(
            b
            for b in beliefs
            if (_PARTNER.search(b.statement) or _SEEING.search(b.statement)) and not _COUPLED.search(b.statement)
        )
        gone = tuple(b for b in partnered if named & _names(b.statement))
        if (
            not named
            and _OURS_COUPLED.search(p.statement)
            and not _NOT_YET_COUPLED.search(p.statement)
            and len({n for b in partnered for n in _names(b.statement) - _NOT_A_PARTNER}) == 1
        ):
            gone = partnered  # "guess who's engaged", "我俩领证了": the one partner held, unnamed
        reason = f"replaced: {p.statement} (rule couple)"
    elif born(p.statement):
        gone = tuple(b for b in beliefs if _EXPECTING.search(b.statement) and not _BORN.search(b.statement))
        reason = f"ended: {p.statement} (rule birth)"
    elif _EXPECTING.search(p.statement) and not negated(p.statement) and not _TRYING.search(p.statement):
        # "怀上了！！八周了", "we're expecting!": trying for a baby is over
        gone = tuple(b for b in beliefs if _TRYING.search(b.statement))
        reason = f"ended: {p.statement} (rule expecting)"
    elif _GRADUATED.search(p.statement) and not negated(p.statement):
        year = re.search(r"\b(?:19|20)\d\d\b", p.statement)
        since = min(p.valid_from.year, int(year.group(0))) if year else p.valid_from.year
        gone = tuple(  # "graduated from high school in 2015" ends no studies said since
            b
            for b in beliefs
            if _STUDYING.search(b.statement) and not _GRADUATED.search(b.statement) and b.valid_from.year <= since
        )
        reason = f"ended: {p.statement} (rule graduation)"
    elif (dropped := _DROPPED_OUT.search(p.statement)) and not negated(p.statement[: dropped.start()]):
        gone = tuple(b for b in beliefs if _STUDYING.search(b.statement) and not _DROPPED_OUT.search(b.statement))
        reason = f"ended: {p.statement} (rule left studies)"
    elif (
        (retired := _RETIRED.search(p.statement))
        and not negated(p.statement)
        # "有时候想转行做产品": a wish, nothing left yet
        and not (is_cjk(p.statement) and _NOT_SO_ZH.search(p.statement[: retired.start()]))
    ):
        gone = tuple(
            b
            for b in beliefs
            if (
                b.attribute in ("occupation", "employer", "workplace")
                or _WORK.search(b.statement)
                or _holds_role(b.statement)
            )
            and not _RETIRED.search(b.statement)
        )
        reason = f"ended: {p.statement} (rule retirement)"
    elif (left := _LEFT_JOB.search(p.statement)) and not negated(p.statement[: left.start()]):
        # "got laid off from Meta": only a job at Meta ends, not one at Google said before
        org = _LEFT_ORG.match(p.statement, left.end())
        gone = tuple(
            b
            for b in beliefs
            if (b.attribute in ("occupation", "employer", "workplace") or _HOLDS_JOB.search(b.statement))
            and not _LEFT_JOB.search(b.statement)
            and not negated(b.statement)
            and (org is None or org.group("org").casefold() in b.statement.casefold())
        )
        reason = f"ended: {p.statement} (rule left a job)"
    elif new_job(p.statement):
        taken = p.statement
        gone = tuple(  # "works at Google" / "joined Google's cloud team": the same employer, kept
            b
            for b in beliefs
            # a role ends by a job taken as another ("got a job as a principal"), a place by one at another
            if (
                _WORK_STATUS.search(b.statement)
                or (b.attribute == "occupation" and re.search(r"\bas an?\s", taken) is not None)
                # a role held as what one is ("is a marketing exec at an agency"), by a job taken as another
                # ("start as office manager", "got the ward manager job")
                or ((b.attribute == "occupation" or _holds_role(b.statement)) and _role_taken(taken))
                or (b.attribute == "employer" and re.search(r"\b(?:at|with|by)\s", taken) is not None)
            )
            and not _NEW_JOB.search(b.statement)
            and not negated(b.statement)
            and not _kept_employer(b.statement, taken)
        )
        reason = f"replaced: {p.statement} (rule new job)"
    elif breaks_up(p.statement) and not _OTHERS_OF_THEIRS.match(p.statement):
        gone = tuple(b for b in beliefs if _of_a_couple(b.statement) and not _BROKE_UP.search(b.statement))
        reason = f"ended: {p.statement} (rule break-up)"
    elif _BACK_FROM.search(p.statement) and not negated(p.statement) and not is_supposition(p.statement):
        # "she was discharged yesterday": the stay in hospital (or away from work) is over
        gone = tuple(
            b
            for b in beliefs
            if b.subject == p.subject and _AWAY.search(b.statement) and not _BACK_FROM.search(b.statement)
        )
        reason = f"ended: {p.statement} (rule back from a stay)"
    elif _PARTNERED_NOW.search(p.statement) and not negated(p.statement) and not is_supposition(p.statement):
        # "met someone in march and we're official now": being single is over
        gone = tuple(b for b in beliefs if b.subject == p.subject and _SINGLE.search(b.statement))
        reason = f"ended: {p.statement} (rule single no more)"
    elif called_off(p.statement):
        # "he called it off": of what they said of this person, only an engagement ends by it
        gone = tuple(b for b in beliefs if _ENGAGED.search(b.statement))
        reason = f"ended: {p.statement} (rule called off)"
    else:
        return None
    return Decision("close", gone, reason) if gone else None


def ended_by_break_up(statement: str, facts: Sequence[BeliefView]) -> tuple[BeliefView, ...]:
    """What a break-up told as a dated event ends ("The user finalized their divorce
    in June 2025"): the partner beliefs of the one it names first, the speaker or a
    name (LoCoMo's speakers share an owner), none of another's; an engagement
    called off ends the engagement only."""
    # "Chris and the user finalized their divorce": the speaker's, of the two named
    who = re.match(r"(?:(?-i:[A-Z])[\w-]+(?: and|,) )?(?P<who>the user|(?-i:[A-Z])[\w-]+)\b", statement, re.IGNORECASE)
    # "he and I called it quits": the two of them, a couple ended; "the user called it quits" may
    # be a day's work, so of a couple it ends only an engagement
    off = called_off(statement) and _TWO_CALLED_IT.search(statement) is None
    parted = not off and breaks_up(statement)
    if who is None or not (parted or off):
        return ()
    label = who.group("who").casefold()
    return tuple(
        b
        for b in facts
        if b.statement.casefold().startswith((label + " ", label + "'s "))
        and (_ENGAGED.search(b.statement) if off else _of_a_couple(b.statement))
        and not _BROKE_UP.search(b.statement)
    )


# A debt paid off ("paid off the credit card", "made the last payment on the car loan", "the
# visa balance is cleared"), and a belief of owing it ("still owes about 4k on their credit card",
# "is paying off a car loan"): the debt is named by a word both say.
_PAID_OFF = re.compile(
    r"\b(?:paid\s+(?:off\b|(?:the|their|my|our)\s+[\w' -]{2,30}?\s+off\b|(?P<it>it|them)\s+(?:all\s+)?off\b)|"
    r"(?:is|are|was|were|got|been)\s+"
    r"(?:(?:finally|fully|all|officially)\s+)?paid off\b|made the (?:last|final) payment on\b|"
    r"cleared (?:the|their|my|our)\b)",
    re.IGNORECASE,
)
_OWED = re.compile(
    r"\b(?:owes?|owing|paying off|pays off|paying down|balance|debt|left on|loan|mortgage)\b", re.IGNORECASE
)
# ... paid off by the speaker, not by one of their people ("my brother paid off his car loan")
# or said of the debt itself ("the user's student loans are finally paid off")
_BY_THE_USER = re.compile(
    r"^(?:[\w']+,?\s+){0,2}?(?:(?:the user|we)\b(?!'s)|the user's\s+(?!(?:" + RELATIONS_EN + r")\b)"
    r"[\w-]+(?:\s+[\w-]+)?\s+(?:is|are|was|were|got)\b)",
    re.IGNORECASE,
)
_NOT_THE_DEBT = frozenset(
    ["paid", "pay", "off", "last", "final", "payment", "clear", "user", "still", "about", "left", "today", "month"]
)


def debt_paid_off(statement: str, facts: Sequence[BeliefView]) -> tuple[BeliefView, ...]:
    """What "paid off the credit card" ends: the beliefs of owing that debt, named by a word
    both say ("credit card", "car loan"), never another's debt or a bill paid once."""
    if is_cjk(statement):
        return _debt_paid_off_zh(statement, facts)
    said = _PAID_OFF.search(statement)
    if said is None or negated(statement[: said.start()]) or not _BY_THE_USER.match(statement):
        return ()
    debt = topic_words(statement) - _NOT_THE_DEBT
    owed = [
        b
        for b in facts
        if ":" not in (b.subject or "")  # the speaker's own, never one of their people's debt
        and _OWED.search(b.statement)
        and not _PAID_OFF.search(b.statement)
        and not negated(b.statement)
    ]
    if said.group("it"):  # "paid it off early!!!": the debt said last
        return (max(owed, key=lambda b: (b.valid_from, b.memory_id)),) if owed else ()
    return tuple(b for b in owed if debt & (topic_words(b.statement) - _NOT_THE_DEBT))


# A debt cleared, in Chinese ("上个月一次性还清了", "房贷终于还完了"), by the speaker (said with no one
# else first); what is owed ("车贷还剩两年", "欠信用卡三万"), the speaker's own
_PAID_OFF_ZH = re.compile(r"(?:还清|还完|结清|清偿|提前还款|一次性还)(?:了|啦)")
_OWED_ZH = re.compile(r"贷|欠|债|分期|花呗|借呗|白条|信用卡")


def _debt_paid_off_zh(statement: str, facts: Sequence[BeliefView]) -> tuple[BeliefView, ...]:
    """What "上个月一次性还清了" ends: the debt named by what it says it cleared ("车贷还完了"), else the
    debt said last; nothing when another clears theirs ("我哥把房贷还清了")."""
    said = _PAID_OFF_ZH.search(statement)
    if said is None or negated(statement[: said.start()]) or re.search(r"他|她|" + RELATIONS_ZH_WORDS, statement):
        return ()
    owed = [
        b for b in facts if ":" not in (b.subject or "") and _OWED_ZH.search(b.statement) and not negated(b.statement)
    ]
    owed = [b for b in owed if not _PAID_OFF_ZH.search(b.statement)]
    debt = _OWED_ZH.search(statement[: said.start()])  # "车贷还完了": the debt it names
    named = [b for b in owed if debt and debt.group(0) in b.statement]
    if named:
        return tuple(named)
    return (max(owed, key=lambda b: (b.valid_from, b.memory_id)),) if owed and not _OWED_ZH.search(statement) else ()


def _paid_off(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """A debt paid off, said as a fact of the speaker's: the beliefs of owing it end."""
    speaker = (p.subject or "").partition(":")[0]
    gone = debt_paid_off(p.statement, [b for b in beliefs if b.subject == speaker])
    return Decision("negate", gone, f"ended: {p.statement} (rule paid off)") if gone else None


def new_job(statement: str) -> bool:
    """Whether a statement says a new job was taken: it may end work said under another key."""
    taken = _NEW_JOB.search(statement)  # "..., so no more coffee slinging": a denial after it is of the old work
    return taken is not None and not negated(statement[: taken.start()])


def _role_taken(taken: str) -> bool:
    """Whether a new job is said as a role: "as ..." or "the ward manager job"."""
    named = re.search(r"\b(?:the|that|a|an)\s+((?:[\w-]+\s+){0,2}[\w-]+)\s+(?:job|position|role)\b", taken, re.I)
    # (a leader of a team at work is a role too: "the team leader job")
    role = named.group(1) if named else ""
    return re.search(r"\bas\s", taken) is not None or is_occupation(role) or role.endswith(" leader")


def _kept_employer(statement: str, taken: str) -> bool:
    """Whether a belief's employer is named in the new job too (a new role at the same place)."""
    at = re.search(r"\b(?:at|for|by|with)\s+(?:(?:the|a|an)\s+)?([\w&-]+)", statement)
    return bool(at and re.search(rf"\b{re.escape(at.group(1))}\b", taken, re.IGNORECASE))


# How often something is done: a count, what is counted if said, and the period it is counted in
_RATE = re.compile(
    r"\b(?P<n>\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|once|twice)\s+"
    r"(?:(?:times|x|runs|sessions|classes|lessons|days|nights|visits|shifts|workouts|rides|swims)\s+)?"
    r"(?P<per>a|per|each|every)\s+(?P<period>week|day|month|year|fortnight)\b",
    re.IGNORECASE,
)


def _rate_moved(old: str, new: str) -> tuple[str, str] | None:
    """(old count, new count) where both say how often in one period ("three times a week" /
    "four runs a week"), else None."""
    a, b = _RATE.search(old), _RATE.search(new)
    if a is None or b is None or a.group("period").lower() != b.group("period").lower():
        return None
    if a.group("n").lower() == b.group("n").lower():
        return None
    # the count with its word for times, as the belief says it ("three times", "twice")
    new = b.group("n") if b.group("n").lower() in ("once", "twice") else f"{b.group('n')} times"
    return a.string[a.start("n") : a.start("per")].strip(), new


# A change in Chinese wished, planned or weighed, not made ("想把薄荷换成罗勒", "打算换成电信的")
CHANGE_WISHED_ZH = re.compile(
    r"(?:想|打算|准备|考虑|犹豫|要不要)(?:要|着|过)?(?:把[^，,。！!]{1,8}?)?(?:转|换|改|搬|辞|跳槽|离|退|调)"
)


def decide(
    p: Proposal,
    beliefs: Sequence[BeliefView],
    grey: GreyZone = DEFAULT_GREY,
    earlier: Sequence[BeliefView] | None = None,
) -> Decision:
    """What ``p`` does to ``beliefs``; ``earlier``, the speaker's beliefs said before
    its message (default: ``beliefs``), are what a pronoun or an unsaid object can
    stand for, whoever of theirs they are about."""
    closed = _closed(p, beliefs)
    if closed is not None:
        return closed
    if CHANGE_WISHED_ZH.search(p.statement):
        return Decision("none")  # "想把薄荷换成罗勒": a change weighed, nothing held changed
    if ends_nothing_held(p.statement):
        # "the train was cancelled this morning", "sold three of my watercolours", "going to quit
        # spin": no ending of a thing held, and nothing else said that changes one
        return Decision("none")
    said_before = beliefs if earlier is None else earlier
    ended = (
        _ended_by_pronoun(p, said_before, beliefs)
        or _moved_by_someone(p, said_before)
        or _ordinal_moved(p, beliefs)
        or _place_moved(p, said_before)
        or _numbered_moved(p, said_before)
        or _named_now(p, said_before)
        or _one_value_now(p, said_before)
        or _reports_to(p, said_before)
        or _new_holder(p, said_before)
        or _readdressed(p, said_before)
        or _code_moved(p, said_before)
        or _named_starts_at(p, said_before)
        or _transferred(p, said_before)
        or _moved_to_named(p, said_before)
        or _posted_zh(p, said_before)
        or _paid_off(p, said_before)
        or _shift_changed(p, said_before)
        or _went_without(p, said_before)
        or _left_out_by_diet(p, said_before)
        or _switched_by_carer(p, said_before)
        or _switched_by_carer_zh(p, said_before)
        or _moved_of_theirs(p, said_before)
        or _changed_unsaid(p, said_before)
        or _career_changed(p, said_before)
        or _home_placed(p, said_before)
        or _job_placed(p, said_before)
        or _days_changed(p, said_before)
        or _rank_moved(p, said_before)
        or _side_switched(p, said_before)
        or _denied_alone(p, said_before)
        or _trip_moved(p, said_before)
        or _plan_changed(p, said_before)
        or _made_into(p, said_before)
        or _provider_switched(p, said_before)
        or _switched_onto(p, said_before)
        or _done_moved_zh(p, said_before)
        or _child_placed_now(p, said_before)
        or _time_switched(p, said_before)
        or _thing_changed(p, said_before)
        or _migrated(p, said_before)
        or _replaced_it(p, said_before)
        or _model_year_got(p, said_before)
        or _renamed(p, said_before)
        or _fewer_left(p, said_before)
        or _age_turned(p, said_before)
        or _version_moved(p, said_before)
        or _code_model_moved(p, said_before)
        or _fitted_anew(p, said_before)
        or _reading_alone(p, said_before)
        or _time_from(p, said_before)
        or _number_now_alone(p, said_before)
        or _met_since(p, said_before)
        or _same_form_anew(p, said_before)
        or _per_moved(p, said_before)
        or _code_now_zh(p, said_before)
        or _level_passed_zh(p, said_before)
        or _valid_till(p, said_before)
        or _way_changed(p, said_before)
        or _one_more(p, said_before)
        or _course_switched(p, said_before)
        or _went_with(p, said_before)
        or _tier_changed(p, said_before)
        or _count_changed(p, said_before)
        or _carer_set_anew(p, said_before)
        or _often_moved(p, said_before)
        or _money_moved(p, said_before)
        or _percent_moved(p, said_before)
        or _dose_moved_zh(p, said_before)
        or _grade_moved_zh(p, said_before)
        or _weight_moved_zh(p, said_before)
        or _reached(p, said_before)
        or _level_moved(p, said_before)
        or _new_value_of(p, said_before)
        or _thing_ended_zh(p, said_before)
        or _moved_out(p, said_before)
        or (_given_to_another(p, beliefs, said_before) if earlier is not None else None)
    )
    if ended is not None:
        return ended
    dated = p.valid_from < (p.said_at or p.valid_from) - _DATED
    cue = has_change_cue(p.statement) or dated or p.op == "update"
    # "new" describes a value as often as it says a change ("loves discovering new cities"):
    # a verb that holds many objects needs a change said without it
    unqualified = _NEW.sub(" ", p.statement)
    plain = has_change_cue(unqualified) or moved_on(unqualified) or dated or p.op == "update"
    additive = has_additive_cue(p.statement)
    neg_p = negated(p.statement)
    ending = ends(p.statement)
    moving = moved_on(p.statement) or dated
    # a change said in words; a date alone places a change in time but does not
    # say one happened ("went hiking last weekend" is an event, not an update)
    stated = has_change_cue(p.statement) or moved_on(p.statement)
    best: dict[str, list[tuple[BeliefView, str, str]]] = {}
    for b in sorted(beliefs, key=lambda v: (v.valid_from, v.memory_id), reverse=True):
        if of_someone_else(p.statement, b.statement):
            continue
        verb, old, new = _pair(b, p, cue, additive, neg_p, ending, moving, grey, stated, plain)
        if verb:
            best.setdefault(verb, []).append((b, old, new))
    # a change tied to a belief by its topic alone ends or replaces one belief at most
    for topical, verb in (
        ("end-topic", "negate"),
        ("replace-topic", "supersede"),
        ("shift", "supersede"),
        ("measure", "supersede"),
    ):
        if topical in best:
            chosen = _plainly_about(p, best.pop(topical))
            if chosen:
                best.setdefault(verb, []).append(chosen)
    if not best:
        return _thin_update(
            p, beliefs, stated or bool(_NEW_SITUATION_ZH.search(p.statement) or _AS_NOW.search(p.statement))
        )
    verb = min(best, key=lambda v: _ORDER[v])
    hits = best[verb]
    olds = tuple(h[0] for h in hits)
    old_value = hits[0][1] or (olds[0].value or None)
    new_value = hits[0][2] or p.value
    if verb == "conflict" and hits[0][1]:
        reason = (
            f"conflicting: {hits[0][1]} / {hits[0][2]} for the same statement, no change cue or date "
            "settles which holds (rule generic-grey-zone)"
        )
        return Decision(verb, olds, reason, hits[0][1], hits[0][2])
    if verb == "negate":
        reason = f"negated: {p.statement} (ends: {olds[0].statement}; rule generic-negation)"
    elif verb == "conflict":
        reason = (
            f"conflicting: {olds[0].statement} / {p.statement} (alike, no change cue, date or "
            "one-value difference settles it; rule generic-grey-zone)"
        )
    else:
        reason = ""
    return Decision(verb, olds, reason, old_value, new_value)


def _counts_another(statement: str, new: str, held: str, old: str) -> bool:
    """Whether the new value names another thing by its number ("the year 6 reading group"):
    a noun follows it that does not follow the old value in the belief."""
    after = re.search(r"(?<![\w])" + re.escape(new) + r"\s+([a-z]{3,})\b", statement, re.IGNORECASE)
    if after is None or after.group(1).casefold() in AFTER_A_VALUE or not re.search(r"\d", new):
        return False
    before = re.search(r"(?<![\w])" + re.escape(old) + r"\s+([a-z]{3,})\b", held, re.IGNORECASE)
    return before is None or before.group(1).casefold() != after.group(1).casefold()


_THEN_NO_MORE = re.compile(
    r"^(?P<head>[^,;]{8,}?)(?:[,;]\s*(?:so\s+|and\s+)?|\s+(?:so|and)\s+)no more\s+[^,;]{1,40}?[.!]*$", re.I
)


# The side of a time a value is said from: "at 8" (when it starts) is not "till 7" (when it ends)
_TIME_SIDE = re.compile(r"(at|till|until|til|by|from|before|after)\s+\d", re.IGNORECASE)


def _pair(
    b: BeliefView,
    p: Proposal,
    cue: bool,
    additive: bool,
    neg_p: bool,
    ending: bool,
    moving: bool,
    grey: GreyZone,
    stated: bool,
    plain: bool,
) -> tuple[str, str, str]:
    """The decision for one belief: (verb or "", old value, new value)."""
    if is_standing_request(b.statement) or is_standing_request(p.statement):
        # how the user wants to be served: the latest word on one request replaces the one
        # before, and touches nothing else ("use metric units" / "answer in French": both kept)
        return request_decision(b.statement, p.statement, changed=p.op == "update")
    if is_cjk(p.statement) and _VISIT_ZH.search(p.statement) and not _VISIT_ZH.search(b.statement):
        return "", "", ""  # "我住在北京" / "现在在上海出差": a trip, the home holds
    al = align(b.statement, p.statement, _named(p.subject) | _their(p.subject))
    if not al.one_value and _their(p.subject):
        said = align(b.statement, p.statement, _named(p.subject))
        if said.one_value and said.functional:  # "Tom is my manager" / "Priya is ...": the person word is the slot
            al = said
    if al.functional and al.before and _owned_by(al.before, p.statement) != _owned_by(al.before, b.statement):
        # "my partner is a nurse" / "my partner's favourite band is ...": the person, then a thing of theirs
        al = replace(al, functional=False, one_value=False)
    apart = (_TIME_SIDE.match(al.old), _TIME_SIDE.match(al.new))
    if apart[0] and apart[1] and apart[0].group(1) != apart[1].group(1):
        return "", "", ""  # "sleeps at 8" / "sleeps till 7": when it starts, when it ends, two times
    neg_b = negated(b.statement)
    topic = _same_topic(b.statement, p.statement, _named(p.subject), switched(p.statement), _their(p.subject))
    change = cue or moving
    if al.same:
        return ("reinforce" if neg_p == neg_b else ("negate" if neg_p else "supersede")), "", ""
    if _still_holds(b.value or "", p.statement) and not has_change_cue(p.statement):
        return "reinforce", "", ""  # "我在网易工作" / "还在网易，快五年了": the value held, said to hold still
    if says_still(p.statement):
        return "", "", ""  # "我在备考公务员" / "还在考，今年是第二次了": what holds still, said of it
    if _said_again_with_is(al) and neg_p == neg_b:
        return "reinforce", "", ""  # "I work at Google" / "still at Google": the verb said as "is", no value
    if _MOVED_IN_HERE.search(p.statement) and _LIVES_HERE.search(b.statement):
        return "", "", ""  # "Carol lives with us now" / "she moved in back in October": one home, said twice
    if _WHAT_THEY_ARE.match(b.statement) and _LEFT_HOME.search(p.statement):
        return "", "", ""  # "my brother Sam is a nurse" / "he moved out": where he lives, not what he is
    exclusive = _one_of_a_kind(b.statement, p.statement) if not (neg_p or neg_b or additive) else None
    if exclusive and _counts_another(p.statement, exclusive[1], b.statement, exclusive[0]):
        return "", "", ""  # "in year 5" / "put in the year 6 reading group": another group, named by its year
    if exclusive:  # "I'm vegetarian" / "been fully vegan since March": one diet at a time
        return "supersede", exclusive[0], exclusive[1]
    if _persons_apart(b.statement, p.statement):  # "a morning person" / "a people person": two traits
        return "", "", ""
    if p.rule is None and kinds_apart(b.statement, p.statement):  # "my car is a Honda" / "my car is now blue"
        return "", "", ""
    if p.rule == "residence" and _BARE_STATE.search(b.statement):  # "my sister is married" / "... moved to Paris"
        return "", "", ""
    if (neg_p or ending) and not neg_b and _REPLACING.search(p.statement) and (al.contained or topic):
        # "我不学日语了，改学韩语": ended and replaced
        return "supersede" if al.contained else "replace-topic", b.value or "", p.value or ""
    if neg_p and not neg_b and al.contained:  # "I no longer take X"
        return "negate", "", ""
    if neg_p and not neg_b and _denied_first(b.statement, p.statement, _named(p.subject) | _their(p.subject)):
        return "negate", "", ""  # "I'm actually NOT allergic to penicillin, the rash was something else"
    if neg_p and not neg_b and topic and ending:
        return "end-topic", "", ""
    if neg_p and not neg_b and _stopped_doing(b.statement, p.statement):  # "he doesn't play anymore"
        return "negate", "", ""
    gone = next((g for g in ended_objects(p.statement) if names_ended(g[0], b.statement)), None)
    if gone and not neg_b:
        # "I gave up the WeWork ...": the belief names the very thing ended; a clause
        # going on after it ("... and work from my kitchen table") is what holds now
        # ("... for Verizon Fios": a value the belief does not hold is the replacement too)
        # ("went fully remote, no more train": the state said first holds now)
        first = _THEN_NO_MORE.match(p.statement)
        replaced = (
            _GOES_ON.match(gone[1])
            or (p.value and p.value not in b.statement.casefold())
            or (first and not negated(first.group("head")))
        )
        return ("supersede", b.value or "", p.value or "") if replaced else ("negate", "", "")
    if additive:
        return "", "", ""
    if ending and topic and not neg_b:  # "I cancelled my Equinox membership"
        if not neg_p and p.value and p.value not in b.statement.casefold():  # "we dropped Comcast for Verizon"
            return "replace-topic", b.value or "", p.value
        return "end-topic", "", ""
    if neg_b and (change or _AGAIN.search(p.statement)) and taken_up_again(b.statement, p.statement):
        # "I don't eat gluten" / "I've been eating gluten again": what was denied is done again
        return "supersede", "", ""
    if neg_p or neg_b:
        return "", "", ""
    if al.one_value and al.before and change_words(p.statement) <= {al.before}:
        # "John got the win" / "John got this awesome book": the only change word is the verb
        # whose object differs, the same in both: two of a kind, not one that changed
        change = plain = p.valid_from < (p.said_at or p.valid_from) - _DATED or p.op == "update"
    if al.one_value and _two_apart(al.old, al.new):  # "1,200 for rent" / "45 for internet": two things
        return "", "", ""
    if al.one_value and _counts_another(p.statement, al.new, b.statement, al.old):
        return "", "", ""  # "in year 5" / "put in the year 6 reading group": another group, named by its year
    if al.one_value and _MOVED_ALONE.match(p.statement):
        return "", "", ""  # "Up to four times a week now": its "to" is no verb's; the amount decides (thin)
    if al.one_value and _IDENTITY.match(b.statement) and _WHEN_WORKED.search(al.new):
        return "", "", ""  # "my partner is a nurse" / "she moved to day shifts": when, not what, she is
    if al.one_value and (al.functional or (plain and not _took_up(p) if _many_valued(p.statement) else change)):
        return "supersede", al.old, al.new
    # "lately" says the state as it is now: enough for an amount to have moved, not for
    # any statement to replace another ("has heard a lot about her lately")
    if rates_of_two(b.statement, p.statement):
        return "", "", ""  # "works 40 hours a week" / "tutors 6 hours a week now": each doing its count
    moved = _moved_quantity(b.statement, p.statement) if change or _LATELY.search(p.statement) else None
    if moved and _same_thing(b.statement, p.statement, _named(p.subject)):
        # "my son is 120 cm tall" / "my son measured 126 cm at his checkup two days ago":
        # the one amount of that unit moved, said about the same thing in other words
        return "supersede", moved[0], moved[1]
    if moved and _measure_moved(b.statement, p.statement, moved):
        # "I'm on 50mg of sertraline" / "the doctor upped me to 100mg": a dose, a weight or a
        # distance of the speaker's moved, said with nothing else in common; tied to the
        # belief only if it is the one that holds that measure (``_plainly_about``)
        return "measure", moved[0], moved[1]
    kin = _kindred_names(b.statement, p.statement, _named(p.subject)) if switched(p.statement) else None
    if kin:  # "I use Vim for everything" / "I've switched to Neovim"
        return "shift", kin[0], kin[1]
    counted = bool(_QUANTITY.search(b.statement) and _QUANTITY.search(p.statement))
    if (stated and al.functional and al.overlap >= grey.overlap) or (
        topic and (_current(p.statement) or (stated and counted))
    ):
        # "we switched to one-week sprints", "I cycle to work now": a switch or the state as it is now
        if _adds_when(b.statement, p.value):  # "the running club meets on Sundays now": when, not instead
            return "", "", ""
        rate = _rate_moved(b.statement, p.statement)
        if rate is not None:  # "run 5k three times a week" / "four runs a week now": how often, not how far
            return "shift", rate[0], rate[1]
        return "shift", b.value or "", p.value or ""
    if al.one_value and not _many_valued(p.statement) and not _episode(p.statement):
        # "I pay 1,350 euros rent": said later, it holds now ("I had a picnic" / "I had
        # a bad hike" are two things that happened, not one that changed)
        return "supersede", al.old, al.new
    if al.functional and al.overlap >= grey.overlap:
        return "conflict", "", ""
    return "", "", ""


# A statement opening by "still" (还在, 仍然): what it goes on to say holds on, no new value of
# what was held ("still studying, second try this year").
_STILL_FIRST = re.compile(
    r"^(?:[\w'’-]+\s+){0,4}?still\b|^(?:用户)?(?:现在)?(?:还在|还是|仍然|依然|仍在|一直在)", re.IGNORECASE
)


# Someone come to live in the speaker's home ("moved in in October", "moved in with us"), and
# someone living there ("lives with the user now"): the same home.
_MOVED_IN_HERE = re.compile(
    r"\bmoved in(?!\s+(?:to|with)\b(?!\s+(?:us|me|the user)\b))(?!\s+(?:next door|nearby|across|down|upstairs|downstairs)\b)",
    re.IGNORECASE,
)
_LIVES_HERE = re.compile(r"\b(?:lives?|living|staying|stays)\s+with\s+(?:us|me|the user)\b", re.IGNORECASE)


def _denied_first(held: str, statement: str, names: frozenset[str]) -> bool:
    """Whether the first clause of a statement denies the belief held in its own words, the
    clauses after it saying why or what else ("I'm actually not allergic to penicillin, the
    rash was something else"): every word of the belief in the denial, or of a belief said in
    one clause, every word of the denial in it."""
    first, comma, rest = statement.partition(", ")
    if not comma or not rest or not negated(first):
        return False
    # every word of the belief denied ("allergic to penicillin" in "not allergic to penicillin"),
    # or the denial's words all of a belief of one clause ("not actually allergic"); not a word or
    # two of a longer one ("didn't do too great" of "has been doing great, just won ...")
    belief, denial = tokens(held) - {"user"}, tokens(first) - {"user", "actually", "really", "not"}
    return bool(belief and denial) and (belief <= denial | names or ("," not in held and denial <= belief))


_A_PERSON_OF = re.compile(r"\b(?:an?|more of an?)\s+([\w-]+)\s+(?:person|guy|girl|gal|type)\b", re.IGNORECASE)


def _persons_apart(old: str, new: str) -> bool:
    """Whether two statements each call the speaker a different "<word> person" ("a morning
    person" / "a people person"): traits one has together. Of one pair ("a tea person" /
    "a coffee person") ``_one_of_a_kind`` has decided before."""
    a, b = _A_PERSON_OF.search(old), _A_PERSON_OF.search(new)
    return bool(a and b and a.group(1).casefold() != b.group(1).casefold())


def says_still(statement: str) -> bool:
    """Whether a statement opens by "still" (还在) and says no change: whatever it says goes on
    holding, it is no new value of a belief."""
    first = re.split(r"[,，;；]", statement, maxsplit=1)[0]  # "still practising, barre chords now": the first clause's
    return _STILL_FIRST.match(statement) is not None and not has_change_cue(first)


def _still_holds(value: str, statement: str) -> bool:
    """Whether a statement says a held value holds still, the value right after "still" or
    还在 ("still at Google", "还在网易"), not something else said of it ("still thinking about Max")."""
    if len(value) < 2:
        return False
    said = re.escape(value)
    return (
        re.search(
            r"\bstill\s+(?:(?:at|in|with|on|for|a|an|the|working at|working for|living in|lives in|works at|using)\s+)?"
            + said
            + r"\b|(?:还|仍然?|依然|一直)在"
            + said,
            statement,
            re.IGNORECASE,
        )
        is not None
    )


def _said_again_with_is(al: Alignment) -> bool:
    """Whether the one word two statements differ in is a verb on one side and "is" on
    the other ("works at Google" / "is still at Google"): no value moved."""
    words = {al.old, al.new}
    return (
        al.one_value
        and bool(words & {"is", "are", "am"})
        and all(re.fullmatch(r"[a-z]+", w) for w in words)
        and not words & {"not", "no", "never"}
    )


# The currencies an amount is counted in ("1,200 euros" / "15 euros for Spotify"): money in
# both says nothing about one thing (a measure, "20 mg" / "40 mg", may: it is kept).
_UNIT_WORDS = frozenset(["euro", "dollar", "buck", "quid", "yen", "usd", "eur", "gbp"])


# States of which a person is in one at a time, each said by a word of its kind: a diet, where
# they stand in love, the stage of school a child is at. Two statements holding two words of one
# kind, each said as the state (after a copula, or where the child goes), say the later replaced
# the earlier.
_STATE_OF = re.compile(
    r"\b(?:is|am|'m|are|'re|was|been|become|became|went|gone|going|turned|got|getting|now)\s+(?:[\w-]+\s+){0,2}$",
    re.IGNORECASE,
)
_AT_STAGE = re.compile(
    r"\b(?:goes to|go to|attends?|attending|started|starts|starting|in|at|entered|entering|going into|gone into|"
    r"went into|moved up to|moved into)\s+"
    r"(?:[\w-]+\s+)?$",
    re.IGNORECASE,
)
_ONE_OF_A_KIND = (
    (
        re.compile(
            r"\b(?:vegetarian|vegan|pescatarian|pescetarian|keto|paleo|carnivore|flexitarian|plant[- ]based|omnivore)\b",
            re.IGNORECASE,
        ),
        _STATE_OF,
    ),
    (
        re.compile(
            r"\b(?:single|dating|seeing someone|in a relationship|engaged|married|divorced|separated|widowed|"
            r"(?:girl|boy)friend|fianc[ée]e?)\b"
            r"|单身|单着|脱单|恋爱|订婚|结婚|已婚|离婚",
            re.IGNORECASE,
        ),
        # "I'm single" / "I have a girlfriend now": whom one has is where one stands in love
        re.compile(_STATE_OF.pattern + r"|\b(?:has|have|'ve got|got)\s+(?:a|an)\s+(?:new\s+)?$", re.IGNORECASE),
    ),
    (
        re.compile(
            r"\b(?:daycare|preschool|pre-k|nursery|kindergarten|elementary school|primary school|middle school|"
            r"junior high|high school|college|university|grad school)\b|幼儿园|小学|初中|高中|大学"
            # (the first year of school is the step after the years before it: "in kindergarten" /
            # "a first grader now")
            r"|\b(?:first|1st) grader?\b",
            re.IGNORECASE,
        ),
        re.compile(_AT_STAGE.pattern + r"|\b(?:is|am|'m|are|'re|now)\s+(?:a|an)\s+$", re.IGNORECASE),
    ),
    # the year or grade one is in at school ("is in Year 4" / "has just gone into Year 5")
    (
        re.compile(
            r"\b(?:year|grade|class|standard|form|p)\s?\d{1,2}\b|\b\d{1,2}(?:st|nd|rd|th)\s+(?:grader?|standard|year)\b"
            r"|\b(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth)\s+grader?\b",
            re.IGNORECASE,
        ),
        _AT_STAGE,
    ),
    # a year at college or a rank at work ("a sophomore at UCLA" / "officially a junior now",
    # "a junior designer" / "got the senior designer title")
    (
        re.compile(r"\b(?:freshman|sophomore|junior|senior)\b", re.IGNORECASE),
        re.compile(_STATE_OF.pattern + r"|\b(?:got|given|earned)\s+(?:the|a|my)\s+$", re.IGNORECASE),
    ),
    # how much of the week one works at it ("tutors part-time" / "tutoring has gone full-time")
    (
        re.compile(r"\b(?:part|full)[- ]time\b", re.IGNORECASE),
        re.compile(r"\b(?:\w+s|is|am|'m|are|'re|been|gone|went|working|work|now)\s+(?:[\w-]+\s+)?$", re.IGNORECASE),
    ),
    # which of two one is ("more of a tea person" / "turned into a coffee person")
    *(
        (
            re.compile(rf"\b(?:{pair})(?=\s+(?:person|guy|girl|gal|type|lover|fan)\b)", re.IGNORECASE),
            re.compile(r"\b(?:an?|more of an?|big|total|such an?)\s+$", re.IGNORECASE),
        )
        for pair in (
            "tea|coffee",
            "cat|dog",
            "morning|night",
            "beach|mountain",
            "windows|mac|apple|linux|android|iphone",
        )
    ),
)


def _one_of_a_kind(old: str, new: str) -> tuple[str, str] | None:
    """(old word, new word) when both statements hold one word each of one kind, different."""
    for was, now in zip(_kinds_held(old), _kinds_held(new), strict=True):
        if len(was) == 1 and len(now) == 1 and was != now:
            return next(iter(was)), next(iter(now))
    return None


@lru_cache(maxsize=4096)
def _kinds_held(text: str) -> tuple[frozenset[str], ...]:
    """Per kind of ``_one_of_a_kind``, the words of it the statement predicates ("is vegan",
    "started kindergarten"; not "loves keto recipes"). Cached: a belief meets every proposal."""
    return tuple(
        frozenset(
            m.group(0).casefold()
            for m in kind.finditer(text)
            if is_cjk(m.group(0)) or said_of.search(text[: m.start()])
        )
        for kind, said_of in _ONE_OF_A_KIND
    )


def _same_topic(old: str, new: str, name: frozenset[str], switch: bool, person: frozenset[str] = frozenset()) -> bool:
    """Whether two statements are about one thing. A switch said outright
    ("I switched my editor to VS Code") needs one shared topic word; anything
    weaker needs half the topic words of the shorter statement ("bus work" /
    "cycle work"), so one common word of two long statements ("shelter") is
    not enough. The subject's own name is in every statement about them
    ("Melanie ...") and is never a shared topic; the person of theirs a
    statement is about ("my sister") counts only with a switch said outright
    ("my daughter started at Oak Ridge" / "... goes to Maple Elementary"),
    never towards the half ("my sister is a nurse" / "my sister lives in
    Oslo now" are two things about her). A word either uses only to say whose
    a thing is ("our team's sprint") is no topic of its own: "the team's
    sprint is now one week" is not about "my team uses Python 3.12"."""
    first = re.split(r"\s*[,;]\s*", new, maxsplit=1)[0]
    if ends(first):
        # when a thing ended and why are no part of what ended ("stopped going to salsa after
        # easter, just couldn't keep up")
        new = _WHEN_AFTER.sub("", first)
    a, b = topic_words(old) - name - _UNIT_WORDS, topic_words(new) - name - _UNIT_WORDS
    shared = a & b
    if not shared - possessors(old) - possessors(new) - _AMOUNT_VERBS:
        return False  # "take the 7:15 train" / "taking the kids to the park": a light verb alone
    if switch and not shared - person and _IDENTITY.match(old):
        # "my son is 8" / "my son switched schools": what a person of theirs is (an age, an
        # occupation, married) is no thing of theirs a switch goes from
        return False
    return switch or len(shared - person) >= 0.5 * min(len(a - person), len(b - person)) > 0


# A time said by what came before or after it, at a statement's end ("... after easter",
# "... right before the move"): when, not what.
_WHEN_AFTER = re.compile(
    r"\s+(?:(?:right|just|soon|shortly|not long)\s+)?(?:after|before|during)\s+(?:the\s+|their\s+|my\s+)?"
    r"[\w'-]+(?:\s+[\w'-]+)?(?=\s*(?:[.,;!]|$))",
    re.IGNORECASE,
)
# A state said with one bare word after the copula ("is married", "is retired"): no place a move replaces.
_BARE_STATE = re.compile(r"\b(?:is|are|was)\s+(?:\w+ly\s+)?(?-i:[a-z]+)[.!]?$", re.IGNORECASE)
# What a person is, said with the copula alone: an age, an occupation, a standing.
# (not a name: "my roommate is Jess" says who holds the role, which a switch may change)
# When someone works or does a thing ("day shifts", "weekends"): no identity of theirs.
_WHEN_WORKED = re.compile(
    r"\b(?:shifts?|days|nights|mornings|evenings|afternoons|weekends|weekdays|hours|part-time|full-time)\b"
    r"|[夜白早晚中]班|倒班|加班|值班|轮班",
    re.IGNORECASE,
)
# What one of the speaker's people is, by name or not ("The user's brother Sam is a nurse."), and
# their leaving the home ("moved out", "moved away", "left home"): a move says nothing of what they are
_WHAT_THEY_ARE = re.compile(
    r"^(?:the user's|my|our)\s+[\w-]+(?:\s+(?-i:[A-Z])[a-z]+)?\s+(?:is|was)\s+(?:a|an)\s+[\w-]+(?:\s+[\w-]+)?\.?$",
    re.IGNORECASE,
)
_LEFT_HOME = re.compile(r"\b(?:moved|moving|moves)\s+(?:out|away)\b|\bleft home\b", re.IGNORECASE)
_IDENTITY = re.compile(
    r"^(?:the user's|my|our)\s+[\w-]+\s+(?:is|was)\s+(?:a\s+|an\s+)?(?-i:[a-z\d])[\w-]*\.?$"
    # ... or the speaker ("用户是护士", "我老婆是老师")
    r"|^(?:用户|我)[\u4e00-\u9fff]{0,3}是[\u4e00-\u9fff]{1,6}。?$",
    re.IGNORECASE,
)


def _plainly_about(p: Proposal, hits: list[tuple[BeliefView, str, str]]) -> tuple[BeliefView, str, str] | None:
    """The one belief a topic shift replaces (or a topical ending ends): the
    only one on the topic, or among several, the one that shares the most of
    its topic words with the statement (at least half of the shorter's) when
    no other shares as many.

    A shift aligns no value, so it says only "something about this topic
    changed": the one belief on that topic is the one it changes ("we
    switched to one-week sprints" and "our sprints are two weeks"). Several
    beliefs sharing a word with it are several topics: one remark ("it
    changed my view on helping others") must not end them all (it ended 14
    of one LoCoMo speaker's beliefs), so it ends only one that is plainly
    more about its topic than the rest, or none.
    """
    if len(hits) == 1:
        return hits[0]
    name = _named(p.subject)
    said = topic_words(p.statement) - name

    def share(b: BeliefView) -> float:
        mine = topic_words(b.statement) - name
        return len(mine & said) / (min(len(mine), len(said)) or 1)

    ranked = sorted(hits, key=lambda h: share(h[0]), reverse=True)
    top = share(ranked[0][0])
    if top < 0.5 or share(ranked[1][0]) >= top:
        return None
    return ranked[0]


# The thing a statement says the speaker has ("the user's savings account ...",
# "Caroline's loan ..."): its first word is what an amount of it is an amount of.
_OWNED = re.compile(r"\b(?:[Tt]he user|[A-Z][\w-]*)'s\s+([a-z][\w-]*)")


_MOVED_ALONE = re.compile(r"^(?:(?:now|so|and|but)\s+)?(?:down|up|back)\s+to\b", re.IGNORECASE)


def _owned_by(word: str, statement: str) -> bool:
    """Whether the statement speaks of a thing of the word's ("partner's favourite band")."""
    return re.search(rf"\b{re.escape(word)}'s\s+\w", statement, re.IGNORECASE) is not None


def _adds_when(old: str, value: str | None) -> bool:
    """Whether the new value is a day, time or date and the old statement holds no day,
    time or date: it says when the thing happens, which adds to the belief and replaces
    nothing."""
    when = ("weekday", "time", "date")
    held = any(
        value_shape(v) in when or hour_at(old, v)  # "at 7": an hour
        for v in value_spans(old)
    )
    return bool(value) and value_shape(value or "") in when and not held


_AMOUNT_FOR = re.compile(
    # "1,200 for rent", "60 month for gym": the amount, what it is per, the thing
    r"^(?P<amount>\S*\d\S*)\s+(?:(?:a|per|each|every|month|week|year|day)\s+){0,2}(?P<prep>for|on|of)\s+(?P<thing>[^\d]+)$"
    # "房租三千" / "水电费两百": the thing, then its amount
    r"|^(?P<zh_thing>[\u4e00-\u9fff]{1,6}?)(?P<zh_amount>[\d零一二两三四五六七八九十百千万.]+[块元]?)$"
)


def _two_apart(old: str, new: str) -> bool:
    """Whether two differing spans are each an amount for a thing, and both the amount and
    the thing differ ("1,200 for rent" / "45 for internet"): two things, not one value
    that moved."""
    a, b = _AMOUNT_FOR.match(old.strip()), _AMOUNT_FOR.match(new.strip())
    if a and b and a["zh_thing"] and b["zh_thing"]:
        # ... unless the new one says the amount moved ("开始加到八"): one amount, its verb said
        moved = re.search(r"到|成|开始|改|换|加|减|涨|降", b["zh_thing"])
        return not moved and a["zh_amount"] != b["zh_amount"] and not set(a["zh_thing"]) & set(b["zh_thing"])
    return bool(a and b and a["prep"] == b["prep"] and a["amount"] != b["amount"] and a["thing"] != b["thing"])


def _same_thing(old: str, new: str, name: frozenset[str]) -> bool:
    """Whether two statements are about one thing: a topic word in common, and
    the thing either names as the speaker's ("the user's suitcase") named by
    the other too ("I now weigh 70 kg" is not the suitcase's weight)."""
    a, b = topic_words(old) - name, topic_words(new) - name
    return bool(a & b) and not _of_another_thing(old, new) and not _of_another_thing(new, old)


def _measure_moved(old: str, new: str, moved: tuple[str, str]) -> bool:
    """Whether the amount that moved is a measure (``_MEASURES``) of the same
    thing: within a third to three times the held one ("82 kg" / "20kg" is
    another thing's weight), and no thing of the speaker's named by one
    statement only ("my suitcase weighs 20kg now" is the suitcase's)."""
    unit = (_shape_and_unit(old, moved[0]) or ("", ""))[1]
    was, now = _number(moved[0]), _number(moved[1])
    if unit not in _MEASURES or not was or not now or not 1 / 3 <= now / was <= 3:
        return False
    if _CHANGED_BY.search(new):  # "my doctor upped my dose to 100mg": the doctor did it, to the speaker's
        return not _of_another_thing(old, new)
    return not _of_another_thing(old, new) and not _of_another_thing(new, old)


# Someone of the speaker's changing an amount ("the user's doctor bumped ..."): they act on it.
_CHANGED_BY = re.compile(
    r"\b(?:[Tt]he user|[A-Z][\w-]*)'s\s+[\w-]+\s+(?:bumped|raised|upped|increased|lowered|reduced|doubled|"
    r"halved|cut|dropped|moved|changed|adjusted|tapered|put)\b"
)


def _of_another_thing(statement: str, other: str) -> bool:
    """Whether the statement is about a thing of the speaker's ("the user's
    suitcase weighs 20 kg now") that the other does not name ("The user weighs
    82 kg"): then it says nothing of what the other holds."""
    owned = _OWNED.search(statement)
    return owned is not None and not topic_words(owned.group(1)) & topic_words(other)


def _kindred_names(old: str, new: str, name: frozenset[str]) -> tuple[str, str] | None:
    """A name a switch goes to that holds, or is held in, a name the belief
    holds ("Vim" / "Neovim", "Postgres" / "PostgreSQL"): one of a family,
    so the switch is away from it even with no topic word in common."""

    def names(text: str) -> set[str]:
        return {v for v in value_spans(text) if value_shape(v) == "name" and not topic_words(v) <= name}

    for was in names(old):
        for now in names(new):
            a, b = was.casefold(), now.casefold()
            if a != b and min(len(a), len(b)) >= 3 and (a in b or b in a):
                return was, now
    return None


def _their(subject: str | None) -> frozenset[str]:
    """The words naming the person of the speaker's a subject is about ("sister"
    of "melanie:sister"): like the speaker's name, in every statement about
    them, so no content two statements share when their values are aligned
    ("The user's brother lives in Denver" / "... works at Google now" are not
    one value apart). With a switch said outright they still tie two
    statements to one topic (``_same_topic``). Chinese is aligned character by
    character, so a Chinese person ("老公") is named by their characters too:
    "用户老公喜欢钓鱼" / "用户老公最近迷上了打高尔夫" share nothing but him."""
    person = subject.partition(":")[2] if subject else ""
    return topic_words(person) | (frozenset(person) if is_cjk(person) else frozenset())


# The speaker as a Chinese statement names them ("用户住在青岛"), character by character
# as alignment reads Chinese: the "user" of the subject key is never among those words.
_LABEL_ZH = {"user": frozenset("用户"), "assistant": frozenset("助手")}


def _named(subject: str | None) -> frozenset[str]:
    """The words that name a subject (its speaker part: "melanie" of "melanie:sister")."""
    if not subject:
        return frozenset()
    speaker = subject.split(":")[0]
    return topic_words(speaker) | _LABEL_ZH.get(speaker, frozenset())


def _episode(statement: str) -> bool:
    """Whether the statement tells something that happened: its verb, the
    first one after the subject, is past ("John won a trophy", "I had a
    picnic"), not a state ("my rent is 1,350", "I pay 1,350")."""
    for token in core_tokens(statement)[:4]:
        if token == "is":
            return False
        if token in IRREGULAR_PAST or (len(token) > 4 and token.endswith("ed")):
            return True
    return False


def _took_up(p: Proposal) -> bool:
    """Whether "started" is the only change said ("我会说英语" / "最近开始学韩语了"): with a
    verb of many objects, one more taken up, not one replacing another."""
    return p.op != "update" and change_words(p.statement) == {"开始"}


def _many_valued(statement: str) -> bool:
    """Whether the statement's verb may hold several objects at once."""
    if is_cjk(statement):  # characters are no words: "会" of "会议室" is no verb
        head = "".join(core_tokens(statement)[:6])  # a one-character verb comes early
        return bool(_MANY_ZH.search(statement) or _MANY_ZH_HEAD.search(head))
    words = [w.removesuffix("s") if len(w) > 3 else w for w in core_tokens(statement)]
    return any(w in _MANY or w.removesuffix("e") in _MANY for w in words[:6])


# The Chinese verbs of many objects, not the same character inside a noun
# ("会议室", "会计", "所有", "有限公司", "爱人").
_MANY_ZH = re.compile(r"喜欢|讨厌|过敏|养|爱(?!人)|会(?![议计员所场长面谈])|(?<![所没])有(?!限|点|些)")
_MANY_ZH_HEAD = re.compile(r"[说看听吃喝学玩去]")


# The value as it is these days ("lately it's more like 1am", "paying 1550 as of this month"): a change, for a value
# alone of a shape that one belief holds (``_thin_update``), not for any statement.
_AS_NOW = re.compile(r"\b(?:lately|these days|nowadays|more like|as of|starting|since)\b", re.IGNORECASE)
_HEDGE = re.compile(
    r"\b(?:more like|closer to|lately|honestly|these days|nowadays|realistically|"
    r"ugh+|argh+|sadly|unfortunately|lol|haha+|lmao|yikes|meh)\b",
    re.IGNORECASE,
)


def _thin_update(p: Proposal, beliefs: Sequence[BeliefView], stated: bool) -> Decision:
    """A change said with nothing but the new value ("Got a raise — I'm on
    £52,000 now", "down to 77 kg now"): no topic word of its own to align on,
    so the value's shape does: with a change cue, a money amount, a weight, a
    time or a date replaces the one belief of the same subject that holds a
    value of that shape (and unit), and nothing when several do. The thin part
    may close a sentence whose first part says why ("减肥两个月，现在六十八公斤",
    "after the diet, down to 77 kg now") or open one whose last part does ("lately it's
    more like 10:30, trying to fix my sleep"): the last part with a cue of its own is read."""
    # the last part that says a change: why may come after it too ("..., trying to fix my sleep")
    saying = [
        part
        for part in _CLAUSE_BREAK.split(p.statement.strip().rstrip("。.!！ "))
        if has_change_cue(part) or moved_on(part) or _NEW_SITUATION_ZH.search(part) or _AS_NOW.search(part)
    ]
    tail = saying[-1] if saying else p.statement
    tail = _PER_SHORT.sub(lambda m: " a " + _PERIODS[m.group(1).casefold()], _FROM_WHEN.sub(" ", tail))
    core = _REASON.sub("", tail)  # "down to once a week since the injury": why is no topic
    core = _HEDGE.sub(" ", core)  # "lately it's more like 1am": how it is said, no topic either
    # what the change says besides its value must be said by the belief it changes ("I'm up
    # at 5:30 these days" of "I usually wake up at 7"): none of it, for most thin changes
    # "50 min": the value's unit is matched by its shape, no topic word
    # and when it was measured ("down to 171 this morning") is no topic either
    extra = frozenset(
        w for w in topic_words(untimed(core)) - _named(p.subject) - _AMOUNT_VERBS if not _UNIT.fullmatch(w)
    )
    if not stated or (extra and not any(extra <= topic_words(b.statement) for b in beliefs)):
        return Decision("none")
    beliefs = [b for b in beliefs if extra <= topic_words(b.statement)]
    # "paying 1550 since April 2026": when the value started to hold is no value of it
    started = _SINCE_DATE.sub(" ", tail)
    said = [(v, _shape_and_unit(started, v)) for v in _spans(untimed(started))]  # "on 1 April 2026" is when
    shaped = [(v, shape) for v, shape in said if shape is not None]
    # the time of the change ("2026年4月起涨到八百了") is when, never the amount
    bare = [v for v in value_spans(untimed(started)) if value_shape(v) == "number" and _number(v) is not None]
    if not shaped and len(bare) != 1:
        return Decision("none")
    value, shape = shaped[-1] if shaped else (bare[0], None)
    # "started year 5": a number with what it counts said before it holds only where that is said
    counted = _COUNTED_BEFORE.search(tail)
    holders = [
        (b, span)
        for b in beliefs
        if not negated(b.statement)
        and (counted is None or re.search(rf"\b{counted.group(1)}\s+\d", b.statement, re.IGNORECASE))
        for span in _spans(b.statement)
        if span.casefold() != value.casefold()
        and (
            _shape_and_unit(b.statement, span) == shape or _hour_at(b.statement, span, shape)
            if shape
            else _near(span, value)
        )
    ]
    if len(holders) != 1:  # several beliefs, or one with two such values ("up at 7, gym at 8"): which is open
        return Decision("none")
    b, span = holders[0]
    return Decision("supersede", (b,), "", span, value)


_COUNTED_BEFORE = re.compile(r"\b(" + "|".join(sorted(NUMBER_LABELS)) + r")\s+\d", re.IGNORECASE)


def _hour_at(statement: str, span: str, shape: tuple[str, str] | None) -> bool:
    """An hour said alone after "at" ("wake up at 7") is a time, as "5:30" is."""
    return shape == ("time", "") and span.isdigit() and hour_at(statement, span)


def hour_at(statement: str, span: str) -> bool:
    """Whether the statement says the span after "at" ("the party is at 8"): a number
    said there is an hour, the time the statement holds."""
    return re.search(rf"\bat\s+{re.escape(span)}\b", statement) is not None


# When a new value starts to hold ("as of the 1st", "starting next month", "effective June"):
# when, neither the value nor a topic.
_FROM_WHEN = re.compile(
    r"\b(?:as of|starting(?:\s+(?:on|from|in))?|effective|beginning)\s+(?:the\s+)?"
    r"(?:\d{1,2}(?:st|nd|rd|th)(?:\s+of\s+(?:the\s+)?\w+)?|(?:next|this)\s+\w+|today|tomorrow|"
    r"(?:" + MONTHS + r")(?:\s+\d{1,2}(?:st|nd|rd|th)?)?(?:,?\s+\d{4})?)\b",
    re.IGNORECASE,
)
# "$1,600/mo", "20/wk": the period written short, as "a month" is said
_PER_SHORT = re.compile(r"\s*/\s*(mo|month|wk|week|yr|year|hr|hour|day)\b", re.IGNORECASE)
_PERIODS = dict(
    mo="month", month="month", wk="week", week="week", yr="year", year="year", hr="hour", hour="hour", day="day"
)
_SINCE_DATE = re.compile(r"\bsince (?:the week of )?(?:\d{1,2} )?(?:" + MONTHS + r") \d{4}\b", re.IGNORECASE)
# A reason or a time said after a thin change ("since the injury", "because of the new job"):
# why it changed, not what.
_REASON = re.compile(
    r"\s+(?:since|after|because of|because|due to|thanks to)\s+(?:the|my|our|a|an)\s+[^,;]+$", re.IGNORECASE
)


# The verbs that only say what an amount is of to the speaker ("we pay 1,975 now", "it costs
# 17.99 now", "I'm catching the 8:05 now"): no topic of their own, so a change said with one
# is still thin (topic words are stems: "catch" of "catching").
_AMOUNT_VERBS = frozenset(
    ["pay", "pays", "paying", "cost", "costs", "charge", "charges", "earn", "earns", "owe", "spend"]
    + ["catch", "take", "get", "do"]
)


# How often, said in words ("three times a week", "twice a month", "once a day"):
# an amount whose unit is the period.
_TIMES = re.compile(
    r"(?:once|twice|thrice|(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+times)", re.IGNORECASE
)
_PERIOD = re.compile(r"\s+(?:a|an|per|every)\s+(day|week|fortnight|month|year)\b", re.IGNORECASE)
_FREQUENCY = re.compile(r"\b" + _TIMES.pattern + _PERIOD.pattern, re.IGNORECASE)  # with its period


def _spans(statement: str) -> list[str]:
    """The values a statement holds (``value_spans``), how often it says
    something happens, an amount and a time said in words, which ``value_spans``
    does not read as values."""
    found = [m.group(0) for m in _FREQUENCY.finditer(statement)]
    found += [m.group(0) for m in _WORD_AMOUNT.finditer(statement) if not _TIMES.match(statement, m.start())]
    found += re.findall(r"\b(?:midnight|noon)\b", statement, re.IGNORECASE)  # times said in a word
    return found + value_spans(statement)


def _number(span: str) -> float | None:
    attached = _ATTACHED_UNIT.match(span)
    if attached and attached.group(2).casefold() == "k":  # "52k": thousands
        whole = _number(attached.group(1))
        return None if whole is None else whole * 1000
    if attached and _UNIT.fullmatch(attached.group(2)):
        span = attached.group(1)  # "50mg": the number of milligrams
    counted = _COUNTED_ZH.fullmatch(span)
    if counted is not None:  # "75公斤", "4800块": the number of its unit
        span = counted.group(1)
    try:
        return float(span.replace(",", "").lstrip("$€£¥"))
    except ValueError:
        said = number(span) if is_cjk(span) else None  # a Chinese numeral ("一万二", "六千五")
        return None if said is None else float(said)


def _near(old: str, new: str) -> bool:
    """Whether a number said alone ("up to 1,350 now") can be the new value of
    an amount a belief holds (1,200 euros): an amount that moved stays within
    half to twice what it was; a count of something else rarely does. A year
    (1900-2100 written bare; "1,975" and "$1975" are amounts) is a date, never the amount."""
    was, now = _number(old), _number(new)
    if was is None or now is None or was <= 0 or any(re.fullmatch(r"(?:19|20)\d\d", x.strip()) for x in (old, new)):
        return False
    return 0.5 <= now / was <= 2


_UNIT = re.compile(
    r"\s*(?:(kg|kgs|lbs?|pounds|km|miles?|mi|mg|ml|g|cm|m|gb|mb|tb|hours?|hrs?|minutes?|mins?|mph|gallons?|degrees?|days?|"
    r"nights?)\b|(%))",
    re.IGNORECASE,
)
# A unit written short and in full is one unit ("25 minutes" / "50 min").
_UNIT_SAID = {"min": "minute", "hr": "hour", "mi": "mile", "lb": "pound", "kg": "kg"}
# The units of a dose, a weight, a distance or a volume: an amount of one of them said to have
# moved is of the one belief that holds an amount of it (hours and days count anything).
_MEASURES = frozenset(["kg", "kgs", "lb", "pound", "km", "mile", "mi", "mg", "ml", "cm"])
_PER_OUTING = re.compile(r"\s+(?:a|per|each|every)\s+(?:week|day|run|ride|morning|session)\b", re.IGNORECASE)
_ATTACHED_UNIT = re.compile(r"^([$€£¥]?\d[\d,.]*)([a-z%]+)$", re.IGNORECASE)
# An amount in words ("four days a week", "eight hours"): a number word before its unit.
_NUMBER_WORDS = frozenset(
    ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
)
_WORD_AMOUNT = re.compile(r"\b(?:" + "|".join(_NUMBER_WORDS) + r")\b(?=" + _UNIT.pattern + ")", re.IGNORECASE)
# An amount closed by 了 ("七十五公斤了", "三千五了"): the situation is new, a change said
# in the grammar rather than with a word like 现在.
_NEW_SITUATION_ZH = re.compile(r"[\d零一二两三四五六七八九十百千万]+[\u4e00-\u9fff]{0,2}了(?:[哈嘿呵嘻]+)?[。！!]?\s*$")
_CLAUSE_BREAK = re.compile(r"\s*(?:[，;；—–]|,(?!\d{3}))\s*")  # not the comma inside "52,000"
_LATELY = re.compile(r"\blately\b", re.IGNORECASE)
# A Chinese amount carries its unit inside the span ("七十五公斤", "三千五元").
_UNIT_ZH = re.compile(r"(公斤|斤|公里|千米|厘米|米|毫克|克|小时|分钟|元|块|度|次|杯|遍|趟|岁)$")


def _moved_quantity(old: str, new: str) -> tuple[str, str] | None:
    """The amount that moved between two statements: the one value of a shape
    and unit both hold (a money amount, a time, "126 cm", "2.9%", "六十八公斤"),
    different in each; None when none, or several, are shared. The times a
    statement names for the change ("on 10 August 2026") are not amounts."""
    before, after = _amounts(old), _amounts(new)
    shared = [k for k in before if k in after]
    if len(shared) != 1:
        return None
    was, now = before[shared[0]], after[shared[0]]
    if was is None or now is None or was.casefold() == now.casefold():
        return None
    return was, now


def _amounts(statement: str) -> dict[tuple[str, str], str | None]:
    """Each (shape, unit) the statement holds an amount of, with the amount
    (None when it holds two of the same kind: then which one moved is open)."""
    text = untimed(statement)
    out: dict[tuple[str, str], str | None] = {}
    for span in _spans(text):
        key = _shape_and_unit(text, span)
        if key is None or key[0] == "date":
            continue
        out[key] = None if key in out else span
    return out


def _shape_and_unit(statement: str, value: str) -> tuple[str, str] | None:
    """A value's shape (``value_shape``) and the unit written after it; None
    for a name, or a bare number with no unit (a count of anything)."""
    if _FREQUENCY.fullmatch(value):  # "4 times a week" -> "twice a month": how often, by any period
        return "frequency", ""
    shape = "number" if value.casefold() in _NUMBER_WORDS else value_shape(value)
    at = statement.casefold().find(value.casefold())
    attached = _ATTACHED_UNIT.match(value)  # "50mg", "76kg": the unit written onto the number
    unit = _UNIT.fullmatch(attached.group(2)) if attached else None
    unit = unit or (_UNIT.match(statement[at + len(value) :]) if at >= 0 else None)
    found = (unit.group(1) or unit.group(2)).casefold().rstrip("s") if unit else ""
    found = _UNIT_SAID.get(found, found)
    if (
        not found
        and attached
        and attached.group(2).casefold() == "k"
        and _PER_OUTING.match(statement[at + len(value) :])
    ):
        found = "km"  # "35k a week": a runner's kilometres (not "52k a year", a salary)
    if not found and (zh := _UNIT_ZH.search(value)):
        found = zh.group(1)
    if shape == "name" or (shape == "number" and not found):
        return None
    return shape, found
