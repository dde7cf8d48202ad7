"""A correction that gives only the right value: "actually it's at 11 am", "typo — 94114".

People correct what they just said without saying it again: a pronoun for the thing
("oops, it's called Nonno's", "sorry she's 8, not 7", "Not 37, it ends in 73"), the
value alone after a correction formula ("scratch that — Sunday", "typo — 94114"), or
the value with the thing after it ("should've said 4521 for the gate code",
"correction: 10 mg of lisinopril, not 20", "I mean Bistro Marcel, not Bistro Paul",
"是刘刚不是刘强"). None of these is a statement on its own, so no other rule reads
them. Here they become a bare correction: the right value, its shape, and the wrong
value when the words name it; ``reconcile`` finds the belief it corrects (the one
holding the wrong value, else the latest one whose value has the same shape) and
writes that belief again with the value replaced.

Only with a correction formula first (a closed class, EN and ZH), so that "it's at
11 am" alone, a reply about something else, is never read as one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from ledgermind.distill.text import count_of_word, emoji_trimmed, is_cjk

__all__ = [
    "BARE_CORRECTION",
    "CLOCK_ZH",
    "DAY_NAMES",
    "MONTHS",
    "SLIPPED_KEY_ZH",
    "SLIP_SAID_ZH",
    "WORD",
    "WRONG_SAID_AFTER_ZH",
    "BareCorrection",
    "bare_correction",
    "cleft_owned_elsewhere",
    "is_formula",
    "is_slip",
    "slip_owned",
    "slip_said_zh",
    "slips_joined",
    "spoken_spans",
    "value_put_right",
    "value_said_zh",
    "value_shape",
    "value_spans",
    "value_where_wrong_zh",
    "wrong_said",
]

BARE_CORRECTION = "bare correction"  # the rule name a bare correction's finding carries

# The formulas that announce a correction of what was just said. "actually" and
# "I mean" only count before a bare remainder (the caller checks there is no statement).
DAY_NAMES = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_MONTH_NAMES = (
    r"(?i:january|february|march|april|may|june|july|august|september|october|november|december|"
    r"jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)"
)
# Formulas that open other talk as often as a correction ("brain fart, London traffic is
# insane", "I'm dumb, Mark's wife is called Mary"): read only before a value said alone,
# or "the <thing> is <value>" (``_AFTER_WEAK_EN``).
_WEAK_FORMULA_EN = (
    r"(?:i )?fat[- ]?fingered (?:that|it)(?: (?:earlier|before|above))?|brain ?fart(?: (?:earlier|before|above))?|"
    r"(?:wait |ugh )?i'?m (?:dumb|an idiot|so dumb)|silly me"
)
_WEAK_ONLY_EN = re.compile(
    r"^(?:(?:ugh|argh|ah|oh|hmm|wait|ok|okay)[\s,!.]+)?(?:" + _WEAK_FORMULA_EN + r")[\s,:;!.—–-]*", re.IGNORECASE
)
_AFTER_WEAK_EN = re.compile(
    r"(?:(?:it's|it is|it was|i meant|make that|more like)\s+)?(?:[$€£¥]?\d[\w.,:]*(?:\s?(?:am|pm))?|(?-i:[A-Z])[\w'-]*"
    r"(?:\s+(?-i:[A-Z])[\w'-]*)?)[.!]*"
    r"|the\s+[a-z]+\s+(?:is|was|'s)\s+(?:in|at|on)?\s*(?:[$€£¥]?\d[\w.,:]*|(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)?)[.!]*",
    re.IGNORECASE,
)
_FORMULA_EN = re.compile(
    r"^(?:(?:ugh|argh|ah|oh|hmm|ahh|err+|erm+|uh+|um+|omg|oh god|oh no|gosh|jeez|doh|d'oh|lol|lmao|haha+)[\s,!.]+)?"  # an interjection may come first, never stand alone
    r"(?:(?:no wait|no no|wait no|wait|hold on|hang on|one sec|sorry|oops|whoops|my bad|my mistake|correction|(?:my )?typo(?: (?:earlier|before|above|there))?|actually|"
    # "that should say £450": the value said before, as it should have been written
    r"(?:that|it|this)\s+should\s+(?:say|read|have\s+(?:said|read|been))(?=\s+(?:[$€£¥]?\d|(?-i:[A-Z])))|"
    # "honestly more like 6": the truth owned, only right before the value put near
    r"(?:honestly|truthfully|realistically|tbh)(?=[\s,]+(?:more like|closer to|nearer|it's|it is)\b)|"
    r"scratch that|(?:ignore|disregard|forget) (?:that|what i (?:just )?said|my last (?:message|msg|one))(?=\s*[,.;:!—–-])|nvm|never ?mind|i mean|i meant to (?:say|write|type|put)|i meant|"
    r"(?:i )?(?:misspoke|mistyped|misremembered)(?: (?:before|earlier|above|there|that|it))?|i was wrong|that was wrong|"
    r"that's wrong|wrong(?: (?:name|number|date|day|time|word|one|person|place|city))?|"
    # "that figure's wrong", "the date I gave you was wrong": the value said before, owned wrong
    r"(?:that|the|my) (?:figure|number|amount|date|time|name|price|total)(?: i (?:gave|said|told) you)?(?:'s| is| was) "
    r"(?:wrong|off|not right)|not quite|let me correct (?:that|myself)|i should(?:'ve| have) said|should(?:'ve| have) said|"
    r"(?:i )?(?:had|got) (?:the|that|it|this)(?: \w+)? wrong(?: (?:before|earlier|above|last time|the first time))?|"
    r"(?:i )?(?:should|need to|have to|gotta|must) correct (?:that|myself)|"
    r"i (?:wrote|typed|spelled|spelt|put) (?:the|that|it|this)(?: \w+)? wrong(?: (?:before|earlier|above))?|"
    r"i made a (?:mistake|typo)(?: (?:before|earlier|there))?|"
    # "I told you wrong", "I said that wrong", "I gave you the wrong figure"
    r"i (?:told you|said (?:that|it)|gave you (?:that|it)) wrong|i (?:told|gave) you the wrong (?:[\w-]+ ){0,2}[\w-]+|"
    r"(?:i )?(?:got|had|get) (?:my|the|our) wires crossed|(?:i )?got (?:muddled|confused|mixed up)(?: there)?|"
    r"(?:one|the) thing i got wrong(?: (?:in|from) (?:that|my|the) (?:[\w-]+ ){0,2}(?:update|message|msg|list|dump))?|"
    + _WEAK_FORMULA_EN
    + r"|"
    r"i mixed (?:that|it|them) up|(?:i )?got (?:(?:that|it|them|those) )?mixed up|make that|"
    r"i'?m (?:mixing|muddling) (?:things|it|them|those|stuff) up|"
    r"(?:damn |stupid )?auto-?correct(?:ed)?|(?:a |one )?(?:small|quick|tiny|minor|one) (?:fix|correction)|fix|"
    r"(?:i )?mis(?:heard|counted|remembered|spelled|spelt|read|typed)(?: (?:it|that|(?:the|my|our|his|her|their) (?:[\w-]+ ){0,2}[\w-]+))?|"
    # "No, it's Wednesday", "hmm no, it's ...", "No, 2018": a plain "no" only before the value said again
    r"no(?=[\s,]+(?:(?:it's|it is|it was|that's|that is|make it|more like|i checked)\b|[$€£¥]?\d))|"
    # "no sorry, it's claritin", "no wait": a plain "no" before another formula
    r"no(?=[\s,]+(?:sorry|wait|oops|my bad|actually|i meant|i mean|hang on|hold on|scratch that)\b)|"
    # "No, Wednesday", "no, PwC": a name or a day said alone after it (not "Oh no, Jon!": a cry to someone)
    r"(?<!oh )(?<!oh, )no(?=[\s,]+(?:(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)?|" + DAY_NAMES + r")\.?$)|more like|"
    # "just checked my donor card": how the right value was found, with where
    r"(?:i )?meant to (?:say|write|type|put)|(?:i )?meant|(?:i )?(?:just )?(?:checked|double-checked|looked it up|looked at|pulled up)"
    r"(?: (?:again|(?:the|my|our|his|her|their) (?:[\w-]+ ){0,2}[\w-]+))?(?: and)?)\b[\s,:;!.—–-]*)+",
    re.IGNORECASE,
)
# A count or a key slipped, in Chinese ("数错了", "少打了一位", "打多了一个字"): the frames' correction
# cue too
SLIPPED_KEY_ZH = r"数错了|输错了|(?:少|多)打了(?:一个|个|一)?[字位]|打(?:少|多)了(?:一个|个|一)?[字位]?"
_FORMULA_ZH = re.compile(
    r"^(?:(?:(?:我|刚才|刚刚|前面|之前|上面)+(?:说错了|写错了|打错了|看错了|听错了|搞错了|记错了|弄错了|记混了|搞混了|(?:打|说|写|记|弄|搞|看)反了)|哦不是|哦不(?!对)|啊不是|啊不(?!对)|不不|其实|(?:哦|啊)?对了(?=[，,\s]*(?:前面|之前|上面)(?:说|写|打|记)错)|等等|等一下|(?:我)?刚?查了(?:一)?下|哦|啊|嗯|呃|诶|哎|唉|噢|额|不对|不是不是|说错了|我说错了|说反了|(?:打|写|记|弄|搞|看)反了|(?:老|总|又|总是|老是)(?:打|说|写|记|弄|搞|看)(?:反|错|混)了?|写错了|打错了|打错字了|刚才打错字了|刚才说错了|记混了|搞混了|看错了|听错了|"
    # "刚看了一眼银行短信": where the right value was just read
    r"(?:我)?刚(?:刚)?(?:看了一眼|看了一下|看了下|翻了一下|翻了下|(?=看了|查了|翻了)[看查翻]了)"
    r"(?!\S{0,6}(?:我|他|她|别人|同事|同学|朋友|时间|表|新闻|天气|B超|隔壁|中介|平均|新套餐|菜单|外卖|招聘|停车场|"
    r"手机(?!短信|日历|备忘)))"
    r"[\u4e00-\u9fffA-Za-z]{0,8}?(?=[，,：:])|"
    r"搞错了|记错了|我记错了|弄错了|我弄错了|看错了|听错了|算错了|我算错了|啊不是|口误|手滑了?|手误|更正一下|更正|纠正一下|纠正|抱歉|不好意思|sorry|"
    # a count or a key slipped ("刚才数错了", "哦少打了一个字", "输错了")
    r"(?:我|刚才|刚刚)*(?:" + SLIPPED_KEY_ZH + r")|"
    # "错了错了 26磅": only right before the value it gives
    r"错了(?:错了)?(?=[，,、：:\s。！!]*(?:是|应该是)?\s*[\d零一二两三四五六七八九十]))"
    r"[，,、：:\s。！!]*)+"
)
# What may stand for the thing corrected: a pronoun subject and its verb.
_PRONOUN_EN = re.compile(
    r"^(?:it|that|this|she|he|they)(?:'s|'re| is| was| are| were)?\s+"
    r"(?:(?:actually|really|called|named|at|on|in|"
    r"for|from|by)\s+)*",
    re.IGNORECASE,
)
# "her name is Claire", "its number is 240": the thing is a pronoun's attribute
_PRONOUN_ATTRIBUTE_EN = re.compile(r"^(?:her|his|their|its)\s+[\w-]+(?:\s+(?:is|was|are)|'s)\s+", re.IGNORECASE)
_PRONOUN_VERB_EN = re.compile(r"^(?:it|that|she|he|they)\s+(?:\w+s)\s+(?:(?:in|at|on|to|with|by)\s+)?", re.IGNORECASE)
# "recycling pickup is Wednesdays", "the deposit was $900": the thing corrected and its copula
# before a value (a capital or a digit); not "my ..." or "I ...", statements the other rules read.
_THING_COPULA_EN = re.compile(
    r"^(?!(?:i|i'm|we|we're|my|our|you|your)\b)(?:the\s+)?[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3}?"
    r"(?:\s+(?:is|are|was|were)\s+(?:(?:actually|really)\s+)?(?:(?:on|at|in|every|called|named|with)\s+)?(?:the\s+(?=\d))?"
    r"|'s\s+(?:(?:actually|really)\s+(?:(?:called|named|with|on|at|in)\s+)?|(?:called|named|with|on|at|in)\s+))"
    r"(?=(?-i:[A-Z])|[$€£¥]?\d)",
    re.IGNORECASE,
)
# A value said of a time to come ("she's 7 in august", "30 next month")
_TO_COME_EN = re.compile(
    r"\b\d+\s+(?:in|by)\s+(?:" + _MONTH_NAMES + r")\b|\b\d+\s+(?:next\s+(?:week|month|year)|soon)\b"
)
_NOT_EN = re.compile(r"^(?P<new>.+?),?\s+not\s+(?P<old>[^,;]{1,30}?)[.!]*$", re.IGNORECASE)
# "Not 37, it ends in 73", "Not Gatwick — it lands at Heathrow": the denial, any clause break, the right words
_COUNT_WORD = re.compile(r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b", re.IGNORECASE)


def _digits(m: re.Match[str]) -> str:
    return str(count_of_word(m.group(0)))


_NOT_FIRST_EN = re.compile(
    # "Not Mrs Bell, Mrs Hall, Bell was last year": the right words end at the next clause
    r"^not\s+(?P<old>[^,;:—–]{1,30}?)\s*(?:[,;:—–]|\s-)\s*(?:(?:sorry|my bad|oops)\s*(?:[,;:—–]|\s-)\s*)?"
    r"(?P<new>[^,;]+?)(?:\s*[,;].*)?[.!]*$",
    re.IGNORECASE,
)
# A value said alone, then the one it denies ("physics, not maths lol", "8 years sorry not 10")
_VALUE_NOT_EN = re.compile(
    r"(?P<new>[\w'.$£€%-]+(?:\s+[\w'.$£€%-]+){0,3}?)\s*(?:,\s*|\s+)(?:(?:sorry|oops|my bad|lol|haha)[,\s]+)?"
    r"not\s+(?P<old>[\w'.$£€%-]+(?:\s+[\w'.$£€%-]+){0,2}?)(?:[\s,]+(?:lol|haha|sorry|oops|obviously|lmao))*[.!]*",
    re.IGNORECASE,
)
# ... never a clause with its own subject or verb ("I'm vegan, not vegetarian" is read as one)
_NOT_A_VALUE_EN = re.compile(
    r"\b(?:i|i'm|im|we|we're|you|he|she|they|it|it's|is|are|was|were|my|our|do|does|did|have|has|that|this|just)\b",
    re.IGNORECASE,
)
_NOT_DENIED_EN = frozenset(
    ["sure", "really", "yet", "now", "anymore", "bad", "much", "great", "too", "that", "this", "so"]
)
# "I said the 14th earlier but it's actually the 16th": the wrong value named as said
_SAID_BUT_EN = re.compile(
    r"^(?:(?:oh|ah|hmm|um|uh|ok|okay|so|sorry|oops|wait)[\s,]+)?i\s+said\s+(?P<old>[^,]{1,30}?)"
    r"(?:(?:\s+(?:earlier|before|above|last time))?,?\s+(?:but\s+|(?=i\s+mean))"
    r"(?:it's|it is|it was|that's|he's|she's|they're|the \w+ is|i meant(?!\s+the\s+one\b)|i mean(?!\s+the\s+one\b))?"
    r"\s*(?:actually\s+|really\s+)?"
    # ("sorry I said 7 earlier, he's actually 9": "but" unsaid, the thing said again by its pronoun)
    r"|\s+(?:earlier|before|above|last time),?\s+(?:it's|it is|it was|that's|he's|she's|they're)\s+(?:actually|really)\s+"
    # ("oh i said he's 7, he actually turned 8 in august": the pronoun and "actually" after a comma)
    r"|,\s+(?:he|she|they|it)(?:'s|\s+is|\s+was|\s+are)?\s+(?:actually|really)\s+(?:turned\s+|is\s+)?)"
    r"(?P<new>[^,;]+?)[.!]*$",
    re.IGNORECASE,
)
# "it's actually the centre in bradford", "the one on king st": the thing again, with where it is
_THE_ONE_AT = re.compile(r"^the\s+[a-z][\w-]*\s+(?:in|at|on)\s+(?P<where>[\w' -]+)$", re.IGNORECASE)
_FOR_THE = re.compile(r"^(?P<new>.+?)\s+(?:for|as|on|in)\s+(?:the|my|our)\s+[\w' -]+?[.!]*$", re.IGNORECASE)
_VALUE_EN = re.compile(
    # a date with its day ("May 21", "21 May") is one value, not a month and a number
    r"\b(?:"
    + _MONTH_NAMES
    + r")\.?\s+\d{1,2}(?:st|nd|rd|th)?\b|\b\d{1,2}(?:st|nd|rd|th)?\s+(?:"
    + _MONTH_NAMES
    + r")\b|\b\d{1,2}(?:st|nd|rd|th)?\s+of\s+(?:"  # "the 21st of june"
    + _MONTH_NAMES
    + r")\b|"
    r"[\w.+-]+@[\w-]+\.[\w.]+|\d'\s?\d{1,2}\"?|\d{2,3}/\d{2,3}\b(?!/)"  # a reading: "135/90"
    r"|\+?\d{3,5}(?:-\d{3,6}){1,3}\b|\b0\d{3,4}\s\d{6}\b"  # a phone number: "555-0129", "07700 900132"
    r"|[$€£¥]?\d[\d,.:]*(?:\s?(?:am|pm|%|k)\b|[A-Za-z]{1,2}\b)?"
    r"|\b(?i:[a-z]{1,2}\d[a-z\d]?\s\d[a-z]{2}|[a-z]\d[a-z]\s\d[a-z]\d)\b"  # a postcode: "BS3 4QW", "M5V 2T6"
    r"|\b[a-z][a-z_-]*\d[\w-]*"  # a code with letters and digits: "bluefalcon23", "gate-4b"
    # "A+", "C++": a grade, a type, a language; a name of words ("Bank of Scotland")
    r"|(?-i:[A-Z])[\w'-]*\+*\.?(?:\s+(?:of\s+)?(?-i:[A-Z])[\w'-]*)*"
    r"|\b(?:" + DAY_NAMES + r")s?\b"  # a day is a value written in lower case too ("no, wednesday")
)
# The denied verb may be the copula, "in" or "called" ("在酒仙桥，不在望京", "叫球球，不叫豆豆").
_CONTRAST_ZH = re.compile(
    r"^(?:是|应该是)?(?P<new>[^，,。！!是]{1,12}?)[，,]?(?:而)?不(?P<verb>[是在叫])(?P<old>[^，,。！!]{1,12})"
    r"(?:[。！!]?$|[，,。！!].*$)"  # ("是番禺不是天河，天河是公司那边": what the wrong one is, said after)
)
_NOT_FIRST_ZH = re.compile(
    r"^不(?P<verb>[是在叫])(?P<old>[^，,。！!]{1,12}?)[，,]\s*(?:而)?(?P=verb)(?P<new>[^，,。！!]{1,12})[。！!]?$"
    # ... the right amount said bare after it, in the wrong one's measure ("不是12栋，21栋")
    r"|^不(?P<verb2>是)(?P<old2>\d+(?:\.\d+)?(?P<unit>[^\d，,。！!]{1,3}))[，,]\s*(?P<new2>\d+(?:\.\d+)?(?P=unit))[。！!]?$"
)
_BARE_ZH = re.compile(
    # ("他名字是王垒": the name said as what the name is)
    r"^(?:[她他它]|那|这)?(?:的?(?:名字|全名|大名))?(?P<verb>是|应该是|叫|姓|在|住在)(?P<new>[^，,。！!]{1,12}?)(?:[，,](?P<tail>[^。！!]*))?[。！!]?$"
    # "她九岁了": an age or an amount said again, with its measure word; said with no one before
    # it ("啊不对，六岁了，刚过生日") only after a formula that says a slip (``SLIP_SAID_ZH``)
    r"|^(?P<who>[她他它我]|那|这)?(?:已经)?(?P<amount>[零一二两三四五六七八九十百\d]{1,4}(?:岁|个月|年|公斤|斤|厘米|米|楼|层)|"
    r"[零一二两三四五六七八九十百\d]{1,4}(?=了)|(?:初|高|大|研)[一二三四](?=了)|[一二三四五六]年级|"
    # (digits alone: "哦不对 54 手滑了", only where a slip is said and the clause is the sentence)
    r"\d{1,6}(?:\.\d+)?%?(?=[，,。！!]|$)|"
    # ... or digits with a measure of their own ("错了错了 26磅", "是500兆"), likewise
    r"\d{1,6}(?:\.\d+)?[\u4e00-\u9fff](?=[了，,。！!]|$))了?(?:[，,](?P<why>[^。！!]*))?[。！!]?$"
)
SLIP_SAID_ZH = re.compile(r"不对|不是|^错了|[说写打记看搞弄听算]错|记混|搞混|反了|更正|纠正|口误|手滑|手误")
# The wrong value named first in the clause after the right one, as what it really was: from
# before, or another's ("海淀是以前的办公室", "云南是去年去的", "豆豆是我姐家的猫"; not "南京是个好地方")
WRONG_SAID_AFTER_ZH = re.compile(
    # as "the X one is another thing", or another's ("平安那个是寿险", "橘的那只是我朋友家的",
    # "乳糖不耐受的是我老公")
    r"[，,]?\s*(?!这|那|它|他|她|我|你)(?P<other>[\u4e00-\u9fff]{2,6}?)"
    r"(?:的?那(?:个|家|只|条|辆|台|位|件)是(?=[\u4e00-\u9fff]{2})|的是(?=我(?!的)|[他她](?!的)))"
    r"|[，,]?\s*(?!这|那|它|他|她|我|你)(?P<wrong>[\u4e00-\u9fff]{2,4}?)(?:是|才是|那是)"
    r"(?=以前|之前|去年|前年|上次|上回|原来|\d{4}年|老(?:家|店|房|地方|公司|单位|校区|办公室)|我(?!的)|[他她](?!的)[^，,。]{0,8}的地方)"
)


def wrong_said(m: re.Match[str]) -> str:
    """The wrong value a ``WRONG_SAID_AFTER_ZH`` match names."""
    return m.group("wrong") or m.group("other").removesuffix("的")  # "橘的那只是": 橘


# A place said by what kind of place it is, or one named before what it was ("在朝阳，海淀是以前的")
_PLACE_ZH = re.compile(r"[区路街市省县镇村楼号店馆院校园站]$")
# Words that answer, never a value ("是的", "是啊")
_PARTICLES_ZH = frozenset(["的", "啊", "呀", "吧", "呢", "嘛", "了", "哦", "滴"])
# How the right value was found: a slip's only after a value said ("it's the 14th, just checked"),
# anywhere else a plain doing ("I'm at the pool, checked my email"); "double-checked" only ever
# says a value was checked again
_FOUND_AGAIN_EN = r"(?:i )?(?:just )?(?:checked|double-checked|looked)(?: (?:it|again|(?:the|my) \w+))?|"
# "Actually it's bluefalcon23, typo", "Sorry, 4423, I transposed the digits": the formula or
# the reason for the slip said last, after the value
_SLIP_EN = (
    r"typo|(?:i )?typo'?e?d (?:it|that|this|the \w+)|my bad|my mistake|sorry|oops|i always forget|i keep forgetting|i misspoke|i mistyped|"
    r"i(?:'m| am) misremembering|(?:i )?(?:always |keep )?(?:mix|mixed|get|got) (?:those|these|them|it|that|him|her) (?:up|wrong)"
    r"(?: with (?:the |my |our )?[\w'-]+(?: [\w'-]+)?)?|"
    r"(?:i )?(?:transposed|swapped|flipped|mixed up) (?:the )?\w+|"
    r"(?:i )?(?:always |keep )?(?:flip|swap|transpose|mix up) (?:it|them|those|these|the \w+)|"
    # how the slip happened: "wrote it down wrong", "misread the confirmation", "read the wrong line"
    r"(?:i )?(?:wrote|typed|put|read|heard|said|remembered|copied) (?:it|that|this|them|the \w+)(?: down| in)? wrong(?:ly)?|"
    r"(?:i )?mis(?:read|typed|heard|remembered|counted|spelled|spelt)(?: (?:it|that|this|them|(?:the|my) \w+))?|"
    # how the right value was found, or why the slip: "just checked the reminder", "fat fingers"
    r"(?:i )?(?:read|looked at|was looking at|checked) the wrong \w+|"
    + _FOUND_AGAIN_EN
    + r"fat fingers?|brain fart|brain fog|"
    r"(?:i )?(?:got|had|get) (?:my|the|our) wires crossed|"
    r"(?:no idea|not sure|idk|(?:i )?(?:don't|do not|dunno) know) why i (?:typed|wrote|said|put)(?: [\w'\" -]{1,20})?|"
    r"(?:damn |stupid )?auto-?correct(?:ed)?(?: (?:strikes again|again|did that|did it|lol))?"
)
# The formula said between the value and a clause of its own ("*GMAT not LSAT, my bad, it's
# business school I'm applying to"): the correction ends there.
_MID_SLIP_EN = re.compile(r"[,;—–-]\s*(?:my bad|my mistake|typo|oops|sorry)\s*[,;—–-]\s*\S", re.IGNORECASE)
# Why a word was marked corrected, said after the mark ("USC* autocorrect keeps doing that lol")
_STAR_WHY_EN = r"(?:autocorrect|auto-correct|typo|sorry|oops|my bad|lol|damn|ugh|stupid|fat fingers?|phone)\b"
_TRAILING_FORMULA_EN = re.compile(r"[,;—–-]\s*(?:" + _SLIP_EN + r")[.!]*$", re.IGNORECASE)
# What was left out said last ("Sorry, 58k, forgot the raise", "4 cats, I forgot Mochi"),
# or "actually" after the value: only after a correction's value, never a slip on its own.
_TRAILING_REASON_EN = re.compile(r"[,;—–-]\s*(?:i\s+)?forgot\s+(?:about\s+)?[\w' -]{1,30}[.!]*$", re.IGNORECASE)
# Where the right value was just read, said after it ("it's a 2018, just looked at the
# registration", "it's the 14th, checked my calendar"): a correction; only after "it's <value>",
# never after a clause of its own ("I'm at the gym, checked my email").
_IT_IS_FIRST_EN = re.compile(r"^(?:it|that|she|he|they)(?:'s|’s| is| was|'re| are)\s", re.IGNORECASE)
_CHECKED_LAST_EN = re.compile(
    r"[,;—–-]\s*(?:i\s+)?(?:just\s+)?(?:looked at|checked|double[- ]checked|looked it up (?:on|in)|read it off)\s+"
    r"(?:the|my|our|his|her|their)\s+[\w' -]{1,30}[.!]*$",
    re.IGNORECASE,
)
# Why the slip, or how it was, said after the value of a correction its formula opened ("sorry,
# 2020, it was right before lockdown", "wait no, it's the 15th, i was looking at the wrong email").
_TRAILING_WHY_EN = re.compile(
    r"[,;—–-]\s*(?:it was|that was|i was|i'd|i had|i've been|we were|(?:it's|that's|he's|she's|they're)\s+(?:a|an|my|her|his|their)"
    # how the slip came about ("..., misread the confirmation email", "..., just double-checked")
    r"|(?:i\s+)?(?:just\s+)?(?:misread|misremembered|mistyped|misheard|misspoke|fat[- ]fingered|double[- ]checked|"
    r"confused|mixed up)(?=\s+(?:the|my|it|that|them|both|those|with)\b)"
    r"|(?:i\s+)?mixed\s+(?:him|her|them|it|those|these|the two)\s+up\b"
    # an age put right and why ("oops 35, birthday last week", "36, just had my birthday")
    r"|(?:(?:my|her|his|their)\s+)?b(?:irth)?day\s+(?:was\s+)?(?:last|this|on|yesterday|just)\b"
    r"|(?:i|she|he|they)?\s*just\s+had\s+(?:my|her|his|their)\s+b(?:irth)?day\b"
    # the value named again in other words ("wait no it's a 2020 one, the M1")
    r"|the\s+(?-i:[A-Z0-9])[\w-]*(?=[.!]*$))\s*[^,;]{0,60}[.!]*$",
    re.IGNORECASE,
)
# "7 actually": a value said alone, then "actually"
_VALUE_ACTUALLY_EN = re.compile(
    r"^(?:(?:hmm+|oh|ah|wait|no|sorry|um+|erm)[,\s]+)*(?P<v>[$€£¥]?\d[\d,.:]*(?:\s?(?:am|pm))?)\s*,?\s+actually[.!]*"
    # (and how the speaker knows, after a comma: "7 actually, we came in 2017")
    r"(?:,\s*[^,;]{1,40})?$",
    re.IGNORECASE,
)
# "Her name's Isla-Rose actually": "actually" said last, after a pronoun for the thing
_ACTUALLY_LAST_EN = re.compile(
    r"^(?:it|that|she|he|they|her|his|their|its)\b.*?(?P<cut>,?\s+actually[.!]*)$", re.IGNORECASE
)
# What may close a correction after its value and says nothing of it: a laugh or an emoji
# ("actually it's PwC lol"), or how the value is spelled ("it's Jonathon, with an o").
_LAUGH_LAST_EN = re.compile(
    r"(?:[\s,]*(?:lol|lmao|rofl|haha+|hehe+|phew|whew|omg|yikes|:\)|:p|[\U0001F300-\U0001FAFF\u2600-\u27BF]+))+[.!]*$",
    re.IGNORECASE,
)
# "its the 24th", "its actually O+": "it's" typed without its apostrophe, before what only
# "it is" can stand before (the possessive "its" is followed by a noun)
_ITS_EN = re.compile(r"\bits(?=\s+(?:actually|really|just|only|not|the|[$€£¥]?\d)\b)", re.IGNORECASE)
_SPELLING_LAST_EN = re.compile(
    r"(?:[,;—–-]\s*|\s+(?=with\b))(?:with (?:an?|one|two|double) \w{1,2}|spelled [\w' -]{1,20}|(?:two|double) \w(?:'s)?)[.!]*$",
    re.IGNORECASE,
)
_TRAILING_FORMULA_ZH = re.compile(
    # ("，前面数字记反了": what was slipped on may come first)
    r"(?:[，,]|(?<=[\d%])\s)\s*(?:前面|后面|刚才|刚刚|上面)?的?(?:数字|日期|时间|名字|号码|顺序|两个数)?我?(?:刚才|刚刚)?(?P<f>(?:手滑|手快)?(?:记错了|记混了|搞混了|说错了|搞错了|弄错了|看错了|写错了|打错了|听错了)|口误|手滑了?|手误|(?:打|说|写|记|弄|搞|看)反了|(?:老|总|又|总是|老是)(?:打|说|写|记|弄|搞|看)(?:反|错|混)了?)[。！!]?$"
)
_INTERJECTION = re.compile(
    r"(?:ha+|(?:ha)+|he+h|lol|lmao|oh+|ah+|uh+|um+|hmm+|yes|yeah|yep|no|nope|ok|okay|well|wow|ugh|oops|sorry|right|sure)",
    re.IGNORECASE,
)
_MAX_WORDS = 4  # a bare value is short; anything longer is a statement of its own
# After a formula, "we're on 15 already", "I'm at 3.2 now": the value where the speaker is,
# said with its subject and nothing else.
_ON_VALUE_EN = re.compile(
    # (or the speaker's thing, said "mine": "mine's with AJ Bell", "ours is with Nationwide")
    r"^(?:no[,\s]+)?(?:i'm|i am|we're|we are|mine's|mine is|ours is|his is|hers is|theirs is)\s+(?:(?:actually|already|really)\s+)?(?:(?:on|at)\s+"
    r"(?P<v>[$€£¥]?\d[\w.,:]*)"
    # ... or whom they are with, by name ("wait no, we're with OVO")
    r"|with\s+(?P<with>(?-i:[A-Z])[\w&'-]*(?:\s+(?-i:[A-Z])[\w&'-]*)?))"
    r"\s*(?:already|now|actually|though|i think)?[.!]*$"
    # ... or a thing of theirs and its name ("sorry wrong name, our cat's Miso")
    r"|^(?:my|our)\s+[a-z-]+(?:'s|\s+is)\s+(?:called\s+)?(?P<named>(?-i:[A-Z])[\w'-]*)[.!]*$",
    re.IGNORECASE,
)


class BareCorrection(NamedTuple):
    value: str  # the right value, as written
    shape: str  # ``value_shape`` of it
    wrong: str | None  # the wrong value, as written, when the words name it
    rest: str = ""  # what the sentence goes on to tell after the value put right, a statement of its own


def slip_said_zh(text: str) -> bool:
    """Whether a Chinese message opens with a formula that says a slip ("不对，……", "更正一下，……"),
    not a bare "哦" or "嗯" (a word of the reply's, "挺不错的", is no slip)."""
    m = _FORMULA_ZH.match(text.strip())
    return m is not None and SLIP_SAID_ZH.search(m.group(0)) is not None


# A slip of the speaker's own owned anywhere in a message, not only as its opening formula: "sorry
# I said 7 earlier, my boy's actually 9", "fat fingered that before, I start at 8", "for your notes
# he's my cousin", "I need to fix something: ...". Not one of the listener's ("you got that wrong"),
# nor "sorry" (an apology as often) or how a value was found ("checked my email"), which are slips
# only said after a value.
_OWNED_SLIP_EN = re.compile(
    r"(?<!\byou )(?<!\byou've )(?<!\byou'd )\b(?:(?:"
    + _SLIP_EN.replace("sorry|", "").replace(_FOUND_AGAIN_EN, "")
    + r")\b"
    r"|\bi\s+(?:said|told you|wrote|typed|put|gave you)\s+[^.,;!?]{1,30}?\s+(?:earlier|before|above|last time|by mistake)\b"
    # ("just realised I told you 3, it's only 2 shifts"): a slip found, what was said named after it
    r"|\breali[sz]ed\s+(?:that\s+)?i\s+(?:said|told you|typed|gave you)\b"
    r"|\b(?:i )?(?:got|had) (?:it|that|this|them|those|the \w+)(?: \w+)? wrong\b|\b(?:got|get) (?:them|those|these) mixed up\b"
    r"|\bdouble[- ]checked\b|\bfat[- ]?finger(?:ed|s)?\b|\b(?:scratch|ignore|disregard) (?:that|what i said)\b|\bfor your (?:notes|records)\b"
    r"|\b(?:need|have|want) to (?:fix|correct) (?:something|that|one thing)\b|\bcorrection\b)",
    re.IGNORECASE,
)
# ... in Chinese: a slip named anywhere ("我刚才说错了", "记混了", "更正一下"); not 不是 / 不对 alone,
# which say "is not" as often as "wrong"
_OWNED_SLIP_ZH = re.compile(r"[说写打记看搞弄听算]错|记混|搞混|[说写打记弄搞看]反了|更正|纠正|口误")


def slip_owned(message: str) -> bool:
    """Whether a message says that something the speaker said before was wrong: by a formula
    opening one of its sentences or a slip owned anywhere in it. What else the message states
    is then the right value of something said before, a correction, even where it is said in
    other words (``meaning``)."""
    if is_cjk(message):
        return _OWNED_SLIP_ZH.search(message) is not None or slip_said_zh(message)
    if _OWNED_SLIP_EN.search(message):
        return True
    return any(
        (m := _FORMULA_EN.match(part.strip())) is not None
        and _SLIP_WORD_EN.search(m.group(0)) is not None
        and not _MEANT_TO_ADD.search(part)
        for part in re.split(r"(?<=[.!?;:—])\s+|\s+[—–-]\s+", message)
    )


# "sorry, I meant to add ...": something left out, said now beside what was said, no slip
_MEANT_TO_ADD = re.compile(r"\bmeant\s+to\s+(?:add|mention|say|tell|ask|include|write|share)\b", re.IGNORECASE)
# The words of an opening formula that say a slip, not only a turn of talk ("actually", "wait", "no")
_SLIP_WORD_EN = re.compile(
    r"\b(?:sorry|oops|whoops|my bad|my mistake|correction|typo|scratch|ignore|disregard|misspoke|wrong|mis\w+|"
    r"should(?:'ve| have) said|mixed|meant|wires crossed|auto-?correct\w*|fix)\b",
    re.IGNORECASE,
)


def is_formula(text: str) -> bool:
    """Whether a text is only a correction's formula ("Sorry, I got that wrong",
    "不好意思，说错了"): what it corrects is in what follows."""
    pattern = _FORMULA_ZH if is_cjk(text) else _FORMULA_EN
    m = pattern.match(text.strip())
    return m is not None and not text.strip()[m.end() :].strip(" ,.!，。！")


def is_slip(text: str) -> bool:
    """Whether a text only says why something was said wrong ("I always mix those up",
    "I transposed the digits"): about the slip, no fact."""
    if is_cjk(text):  # "我打反了", "刚才说错了"
        return _TRAILING_FORMULA_ZH.fullmatch("，" + text.strip()) is not None
    # ... said alone, with how often or where it went ("I swapped the digits around", "I mix them
    # up constantly"; after a value, "today, swapped the tyres around" is no slip)
    text = re.sub(r"\s+(?:around|round|constantly|all the time|every time|again)(?=[.!]*$)", "", text.strip())
    if _TRAILING_FORMULA_EN.fullmatch(", " + text) is not None:
        return True
    # a slip owned and nothing else: "I said 5 before", "fat fingered that", "I mixed him up with
    # his cousin" (what was put right is said beside it)
    owned = _OWNED_SLIP_EN.match(text)
    return owned is not None and _SLIP_TAIL_EN.fullmatch(text[owned.end() :]) is not None


# What may follow a slip owned and say no more of it: when, or what it was mixed up with
_SLIP_TAIL_EN = re.compile(
    r"(?:\s+(?:that|it|earlier|before|above|again|by mistake|last time|(?:with|for) (?:the |my |his |her |their )?[\w'-]+(?: [\w'-]+)?))*"
    r"[\s.!]*",
    re.IGNORECASE,
)


def bare_correction(clause: str, whole: bool = True) -> BareCorrection | None:
    """The correction a clause makes with only the value, else None. ``whole``: the clause is
    its sentence (a Chinese amount said with no one, "不对，六岁了", is read only then: in a
    clause of a longer sentence, the clause after may say whose it is)."""
    text = clause.strip()
    if is_cjk(text):
        return _bare_zh(text, whole)
    if re.match(r"\*[A-Za-z0-9£$€]", text):  # "*Georgina": chat's mark for a slip put right (not "* Tom", a bullet)
        text = "correction, " + text[1:]
    # "wait no, just reopened the email, it's the 24th": how it was checked, said between the
    # formula and the value, is no part of either
    text = _CHECKED_MID_EN.sub("", text)
    # "typo, ends in 4417": the thing spoken of, its "it" dropped as chat drops it
    text = re.sub(r"(?<=[,;:—–]\s)(?=(?:ends|starts|begins)\s+(?:in|with)\s+\w)", "it ", text, flags=re.IGNORECASE)
    found = _bare_en(text)
    if found is not None or not _SLIP_FORMULA.search(text):
        return found
    # The value put right, then more said after it ("sorry, biochem not biology, there's a
    # difference apparently lol", "my bad, the 19th, he'd kill me", "..., not the 28th, just checked
    # my contract", "oops I meant 8Mbps not 80, no wonder everything buffers, we're pretty rural"):
    # the value is read from the longest head before a clause break that reads as one; of what
    # follows, what opens with the speaker is told as said (``rest``), the asides before it dropped.
    for cut in reversed(list(_CLAUSE_BREAK_EN.finditer(text))):
        head, tail = text[: cut.start()], text[cut.end() :]
        if not _SLIP_FORMULA.search(head):
            break
        found = _bare_en(head)
        if found is not None and not _named_beyond(head, found):
            return found._replace(rest=_told_of_the_speaker(tail))
    return None


_CHECKED_MID_EN = re.compile(
    r"(?<=[,;—–])\s*(?:i\s+)?(?:just\s+)?(?:re-?opened|re-?read|opened|checked|looked\s+at|double[- ]checked|dug\s+out|"
    r"pulled\s+up)\s+(?:the|my|our|his|her|their)\s+[\w' -]{1,30}?\s*[,;—–](?=\s*\S)",
    re.IGNORECASE,
)


def _told_of_the_speaker(tail: str) -> str:
    """What a tail after a value put right tells of the speaker: from its first clause that opens
    with them ("we're pretty rural"), where the clauses before it say nothing of them; else ""."""
    pieces = _CLAUSE_BREAK_EN.split(tail)
    told = next((k for k, piece in enumerate(pieces) if _OPENS_WITH_SPEAKER_EN.match(piece)), None)
    if told is None or not all(_aside(piece) for piece in pieces[:told]) or _CHECKED_LAST_EN.match(", " + tail):
        return ""
    return tail[tail.index(pieces[told]) :]


def _named_beyond(head: str, found: BareCorrection) -> bool:
    """Whether the words after the formula name more than the value read from them ("scratch
    that, 22 Birch Close": "22" is read, the street is more): then they are no bare value."""
    formula = _FORMULA_EN.match(head)
    rest = head[formula.end() :] if formula else head
    for said in (found.value, found.wrong or ""):
        # (with its unit: "8Mbps" names no more than the 8)
        rest = (
            re.sub(re.escape(said) + r"(?:(?<=\d)[A-Za-z%]{1,5}\b)?", " ", rest, flags=re.IGNORECASE) if said else rest
        )
    return re.search(r"(?<![\w'])(?!I\b)[A-Z][\w'-]*", rest) is not None


# Where a clause ends inside a sentence
_CLAUSE_BREAK_EN = re.compile(r"\s*[,;—–]\s+|\s+-\s+")
# The speaker as the one a clause is about, or what they own
_SPEAKER_EN = re.compile(r"\b(?:i|i'm|im|i've|i'd|i'll|my|mine|we|we're|we've|our|ours)\b", re.IGNORECASE)
# ... as a clause opens with them ("we're pretty rural", "and my landlord knows")
_OPENS_WITH_SPEAKER_EN = re.compile(r"(?:(?:and|but|so|also|plus|tho|though)\s+)?" + _SPEAKER_EN.pattern, re.I)


def _aside(tail: str) -> bool:
    """A clause that says nothing of the speaker, or only how they checked ("just checked my
    contract"), after a value put right."""
    return _SPEAKER_EN.search(tail) is None or _CHECKED_LAST_EN.match(", " + tail.strip()) is not None


def _bare_en(text: str) -> BareCorrection | None:
    text = _ITS_EN.sub("it's", _SPELLING_LAST_EN.sub("", _LAUGH_LAST_EN.sub("", text)) or text)
    # "5:30 actually": a value said alone, then the word that says it puts one right
    text = _VALUE_ACTUALLY_EN.sub(r"actually, \g<v>", text)
    # "more like 6 if I'm being truthful 😅": how honest the speaker is being, no part of the value
    text = re.sub(
        r",?\s+(?:if i'm|if i am|to be)\s+(?:being\s+)?(?:honest|truthful|fair|real)\b[^,;]*$", "", text, flags=re.I
    )
    # "hang on, it's more like 2400": the value as near as the speaker can say it, the value
    text = re.sub(
        r"\b(it's|it is|that's|that is)\s+(?:more like|closer to|nearer to|nearer)\s+(?=[$€£¥]?\d)",
        r"\1 ",
        text,
        flags=re.I,
    )
    if "*" not in text[2:] and ((text.startswith("*") and not text.startswith("**")) or len(text.split()) <= 2):
        # "*monthly", "**2pm": a chat's mark for a word corrected (not "**Hola** amigos", bold)
        text = re.sub(r"^\*{1,2}(?=\w)", "correction, ", text)
    # "tuesday*": the mark after it; "USC* autocorrect keeps doing that": and why the slip after the mark
    text = re.sub(r"^(\w[\w' .:-]{0,24}?)\s*\*+$", r"correction, \1", text)
    # ... a number or one word marked, why the slip after the mark ("USC* autocorrect ...", "1,540*")
    text = re.sub(r"^([$€£¥]?\d[\d,.]*|[A-Za-z][\w'-]*)\*+(?:\s+" + _STAR_WHY_EN + r".*)?$", r"correction, \1", text)
    trailing = (
        _TRAILING_FORMULA_EN.search(text)
        or _TRAILING_REASON_EN.search(text)
        or _mid_slip(text)
        or (_CHECKED_LAST_EN.search(text) if _IT_IS_FIRST_EN.match(text) else None)
    )
    opened = _FORMULA_EN.match(text)
    why = (
        (_TRAILING_WHY_EN.search(text, opened.end()) or _said_of_the_other(text, opened))
        # ("sorry I said 12 earlier, she's actually 13": the clause after is the right value)
        # ("sorry, not purina, it's Iams": a denial first, the clause after it is the right value)
        if trailing is None
        and opened
        and not _SAID_BUT_EN.match(text[opened.end() :])
        and not _NOT_FIRST_EN.match(text[opened.end() :].strip())
        else None
    )
    if why is not None:  # the formula opened it: what follows the value is why, no value
        text = text[: why.start()]
    elif (opened or _SAID_BUT_EN.match(text)) and (
        dash := re.search(r"\s[—–]\s+(?=\S+\s+\S+\s+\S)", text[opened.end() if opened else 0 :])
    ):  # "I meant Stumptown — hair bender is my go-to": what follows the dash is more, no value
        text = text[: (opened.end() if opened else 0) + dash.start()]
    actually = _ACTUALLY_LAST_EN.match(text) if trailing is None else None
    if trailing is not None:  # the formula said last stands for one said first
        text = _SPELLING_LAST_EN.sub("", text[: trailing.start()])
    elif actually is not None:
        text = text[: actually.start("cut")]
    formula = _FORMULA_EN.match(text)
    rest = text[formula.end() :].strip(" .!") if formula else text.strip(" .!")
    weak = _WEAK_ONLY_EN.match(text)
    if formula and weak and weak.end() >= formula.end() and not _AFTER_WEAK_EN.fullmatch(rest):
        return None  # "brain fart, 8 candles on the cake": no value said alone after a weak formula
    if _TO_COME_EN.search(rest) and not re.search(r"\bnot\b|\bturned\s+\d", rest, re.IGNORECASE):
        return None  # "ignore that, she's 7 in august": what will be, no slip in what is
    said = _SAID_BUT_EN.match(rest)
    if said:
        # the wrong value named as said: a right one typed in lower case is a value too, of
        # the wrong one's shape ("i said monday but it's the branch in york" corrects no day)
        made = _made(_remainder(said.group("new")), said.group("old"), said_word=True)
        wrong = value_shape(said.group("old"))
        return made if made is None or wrong in ("name", made.shape) else None
    m = _NOT_FIRST_EN.match(rest)  # "Not 37, it ends in 73": a denial first needs no formula
    if m:
        old, new = m.group("old"), _remainder(m.group("new"))
        if _COUNT_WORD.fullmatch(old.strip()) and _COUNT_WORD.match(new):
            # "not three, two bags": counts said in words, as the belief holds them in digits
            old, new = _COUNT_WORD.sub(_digits, old), _COUNT_WORD.sub(_digits, new, count=1)
        return _made(new, old)
    if re.match(r"not\s", rest, re.IGNORECASE):
        return None  # "sorry, not Leeds": a value denied, none said right
    m = _VALUE_NOT_EN.fullmatch(rest)  # "physics, not maths lol", "8 years sorry not 10": the value, the one it denies
    if m and not _NOT_A_VALUE_EN.search(m.group("new")) and m.group("old").casefold() not in _NOT_DENIED_EN:
        return _made(_remainder(m.group("new")), m.group("old"), said_word=True)
    if formula is None and trailing is None and actually is None:
        return None
    m = _NOT_EN.match(rest)
    new, old = (m.group("new"), m.group("old")) if m else (rest, None)
    # "60 is per visit not per week": the right value is what stands as the wrong one does,
    # from the same leading word on, not the amount said before it
    lead = re.match(r"(per|every|each|at|on|in|by)\s", old or "", re.IGNORECASE)
    same = re.search(rf"\b{lead.group(1)}\s+[^,;]+$", new, re.IGNORECASE) if lead else None
    # ... after the amount or "it's" only ("the nanny is 20 per hour" names another thing)
    amount = same and re.fullmatch(
        r"(?:it'?s|it is|that'?s|[$€£¥]?\d[\d,.]*k?(?:\s+(?:is|are))?)?\s*", new[: same.start()]
    )
    new = same.group(0) if same and amount else new
    on = _ON_VALUE_EN.match(new) if formula is not None else None
    if on is not None and (on.group("with") or on.group("named")):
        # "wait no, we're with OVO", "his is with Three": a name, even one that spells a number
        return BareCorrection(on.group("with") or on.group("named"), "name", old.strip(" .!") if old else None)
    if on is not None:  # "wait no, we're on 15 already": where they are is the value
        new = on.group("v")
    # a value typed as a lower-case word only after a formula that says a slip ("no sorry, ...") or
    # "actually" ("actually it's symbicort"), not after "no" alone; a verdict after either is no
    # value ("actually it's hard", "oops, it's fine": ``_NO_WORD_VALUE``, an adjective's ending)
    slip = formula is not None and _SLIP_FORMULA.search(formula.group(0)) is not None
    return _made(_remainder(new), old, said_word=slip or trailing is not None)


# A clause after the corrected value saying what the wrong one is ("no wait thursdays, tuesday is
# my spin class", "sorry i meant dallas, my brother's the one in austin"): why the slip, no value.
_TRAILING_CLAUSE_EN = re.compile(
    r"[,;—–-]\s*(?!(?:not|and|or|but)\b)(?:[\w':]+\s+){0,3}?[\w':]*?(?:\s(?:is|are|was|were|would|will|could|can|does|did|has|had|went|got|came|moved|[a-z]+s|[a-z]+ed)|'s)\s+"
    r"[^,;]{1,60}[.!]*$",
    re.IGNORECASE,
)


def _said_of_the_other(text: str, formula: re.Match[str]) -> re.Match[str] | None:
    """The clause closing a correction whose value, right after its formula, is one or two
    words: what the wrong value is instead, not part of the value."""
    clause = _TRAILING_CLAUSE_EN.search(text, formula.end())
    if clause is None:
        return None
    value = _PRONOUN_EN.sub("", text[formula.end() : clause.start()].strip(), count=1)  # "it's tree nuts"
    value = _THING_COPULA_EN.sub("", value, count=1)  # "the joint account is with Monzo"
    return clause if 0 < len(value.split()) <= 2 else None


def _mid_slip(text: str) -> re.Match[str] | None:
    """The formula between a value and a clause of its own, not one opening the text
    ("Oops, typo — Mark, not Mike": the formula is all there is before the value)."""
    m = _MID_SLIP_EN.search(text)
    before = text[: m.start()].strip(" ,.!*") if m else ""
    return m if before and not is_formula(before) else None


def _remainder(text: str) -> str:
    """The value a remainder gives: after a pronoun and its verb, or after the thing
    named and its copula ("recycling pickup is Wednesdays"), before "for the X"."""
    text = text.strip(" .!,")
    text = _PRONOUN_ATTRIBUTE_EN.sub("", text, count=1)
    bare = _THING_COPULA_EN.sub("", text, count=1)
    # "choir is Tuesday nights": the day, its part of the day said with it
    bare = re.sub(r"(?<=day)s?\s+(?:nights?|mornings?|evenings?|afternoons?)$", "", bare, flags=re.IGNORECASE)
    if _VALUE_EN.fullmatch(bare):  # the whole rest one value: "March 17" is two tokens, left whole
        text = bare
    text = _PRONOUN_EN.sub("", _PRONOUN_VERB_EN.sub("", text, count=1), count=1)
    text = re.sub(r"^the\s+(?=\d)", "", text, flags=re.IGNORECASE)  # "it's the 21st of june": a day
    text = re.sub(r"^(?:a|an)\s+(?=[a-z]{3,}$)", "", text)  # "it's a latitude": the word, not its article
    at = _THE_ONE_AT.match(text)
    text = at.group("where") if at else text
    m = _FOR_THE.match(text)
    return (m.group("new") if m else text).strip(" .!,")


# What a correction formula may be followed by that names no value: a verdict or a word of
# reply ("actually it's fine", "sorry, it's true").
_NO_WORD_VALUE = frozenset(
    [
        "fine",
        "good",
        "great",
        "ok",
        "okay",
        "right",
        "wrong",
        "true",
        "false",
        "better",
        "worse",
        "correct",
        "same",
        "different",
        "nothing",
        "everything",
        "something",
        "done",
        "over",
        "gone",
        "back",
        "now",
        "later",
        "here",
        "there",
        "too",
        "also",
        "sure",
        "cool",
        "nice",
        "bad",
        "alright",
        "fair",
        "possible",
        "real",
        "serious",
        "joking",
        "kidding",
        "mine",
        "yours",
        "ours",
        "hers",
        "his",
        "theirs",
        "there",
        "lol",
        "haha",
        "hard",
        "easy",
        "tough",
        "crazy",
        "weird",
        "funny",
        "perfect",
        "awesome",
        "amazing",
        "beautiful",
        "cute",
        "sad",
        "scary",
        "expensive",
        "cheap",
        "busy",
        "quiet",
        "late",
        "early",
        "fun",
        "huge",
        "tiny",
        "chat",
        "thread",
        "window",
        "tab",
        "convo",
        "group",
    ]
)
# Words that make two lower-case words a phrase, not a value ("not really", "so much", "the same").
_GLUE_WORDS = frozenset(
    [
        "the",
        "an",
        "and",
        "but",
        "not",
        "very",
        "too",
        "just",
        "really",
        "pretty",
        "quite",
        "more",
        "less",
        "much",
        "all",
        "any",
        "some",
        "same",
        "that",
        "this",
        "what",
        "who",
        "how",
        "why",
        "when",
        "where",
        "yes",
        "yeah",
        "nope",
        "for",
        "with",
        "from",
        "into",
        "onto",
        "about",
        "than",
        "then",
    ]
)
WORD = "word"  # the shape of a value said as a lower-case word ("no sorry, it's claritin")
_SLIP_FORMULA = re.compile(
    r"\b(?:sorry|oops|whoops|my bad|my mistake|correction|typo|i meant|i mean|meant|wait|scratch that|actually|"
    r"mis\w+|wrong|mixed)\b",
    re.IGNORECASE,
)


def _made(new: str, old: str | None, said_word: bool = False) -> BareCorrection | None:
    if not new or len(new.split()) > _MAX_WORDS:
        return None
    if re.match(r"(?:what|who|where|when|how|why|huh|really|seriously)\b", new.strip(), re.IGNORECASE):
        return None  # "wait what!", "wait, really?": surprise, no value to correct to
    counted = _COUNTED_RATE.fullmatch(new.strip(" .!"))
    if counted:  # "every two weeks, not every week": a rate with its count is one value
        return BareCorrection(counted.group(0), WORD, old.strip(" .!") if old else None)
    spoken = _SPOKEN.fullmatch(new.strip())
    if spoken:  # "actually it's four", "*monthly, not weekly": a value said in a word
        wrong = old.strip(" .!") if old else None
        return BareCorrection(spoken.group(0), _spoken_shape(spoken.group(0)), wrong)
    # "oh wait no, I'm Tuesdays": the day one is on, said of oneself, is the value
    new = re.sub(r"^(?:i'm|i am|we're|we are)\s+(?:on\s+)?(?=(?:" + DAY_NAMES + r")s?\b)", "", new, flags=re.IGNORECASE)
    if re.match(r"(?:i|i'm|i've|we|we're|my|our|you|your)\b", new, re.IGNORECASE):
        return None  # a statement of its own: the other rules read it
    if _INTERJECTION.fullmatch(new.strip(" ,.!")):
        return None  # "Ha, I always mix those up": no value, a laugh
    # "room 240", "Year 3": a noun may name what the value is
    head = re.match(r"(?:[a-z][\w-]*\s+|(?-i:[A-Z])[a-z]+\s+(?=\d))?", new)
    if head and re.fullmatch(rf"(?:{MONTHS})\s+", head.group(0), re.IGNORECASE):
        head = None  # "sorry june 16": the month is part of the date
    value = _VALUE_EN.match(new, head.end() if head and len(new.split()) <= 3 else 0)
    if (
        value is None
        and said_word
        and re.fullmatch(r"[a-z][a-z-]{2,}(?: [a-z][a-z-]{2,})?", new)
        and not any(w in _NO_WORD_VALUE or w in _GLUE_WORDS for w in new.split())
        and not re.search(r"(?:ly|ing|ed|ful|ous|ive|able)$", new)  # an adverb or an adjective: a verdict
    ):  # "no sorry, it's claritin", "no wait, it's tree nuts": a value typed in lower case after a formula
        # (the wrong one without its article: "a kelpie not a collie" denies "collie")
        wrong = re.sub(r"^(?:the|a|an)\s+(?=\S)", "", old.strip(" .!"), flags=re.I) if old else None
        return BareCorrection(new, WORD, wrong) if wrong != new else None
    if value is None or re.search(r",(?!\d{3}\b)", new):  # a comma, not one of "1,040"
        # lower-case words first ("not really", "worries, Jon"): no value to correct to, or a vocative
        return None
    right = value.group(0).strip()
    wrong = old.strip(" .!") if old else None
    if wrong:
        found = _VALUE_EN.search(wrong)
        wrong = found.group(0).strip() if found else re.sub(r"^(?:the|a|an|my|our)\s+", "", wrong, flags=re.I)
    if wrong is not None and old is not None and wrong.casefold() == right.casefold():
        # "40 minutes not 40 lengths": one number, two units; the unit is what was wrong
        unit_new = re.fullmatch(r"\s*([a-z]+)[.!]?", new[value.end() :], re.IGNORECASE)
        unit_old = re.fullmatch(r"\s*(?:[$€£¥]?\d[\d,.]*|[a-z]+)\s+([a-z]+)[.!]?\s*", old, re.IGNORECASE)
        if unit_new and unit_old and unit_new.group(1).casefold() != unit_old.group(1).casefold():
            return BareCorrection(unit_new.group(1), WORD, unit_old.group(1))
        return None
    return BareCorrection(right, value_shape(right), wrong)


# A Chinese time of day ("八点", "八点半", "7点15分"): what "是八点半打卡" corrects a time to.
CLOCK_ZH = re.compile(r"[零一二两三四五六七八九十\d]{1,3}点(?:半|一刻|[零一二三四五六七八九十\d]{1,3}分?)?")
_ZH_AMOUNT = r"[\d零一二两三四五六七八九十百千万.]+"


_WEEKDAY_ZH = re.compile(r"(?:周|星期|礼拜)[一二三四五六日天]")


def value_where_wrong_zh(said: str, wrong: str) -> str | None:
    """What in a Chinese right-hand side stands where the wrong value would: the last amount
    of the wrong one's unit ("我儿子今年9岁" for "8岁" -> "9岁"), or the one number where the wrong
    one is a bare number ("是98的套餐" for "128" -> "98"); None when neither is said."""
    day = _WEEKDAY_ZH.fullmatch(wrong)
    said_days = _WEEKDAY_ZH.findall(said) if day else []
    if len(said_days) == 1:  # "订票记录上写的是周四" for "周二": the weekday
        return str(said_days[0])
    unit = re.fullmatch(_ZH_AMOUNT + r"(\D{1,3})", wrong)
    amounts = re.findall(_ZH_AMOUNT + re.escape(unit.group(1)), said) if unit else []
    if amounts:
        return str(amounts[-1])
    digits = re.findall(r"\d+(?:\.\d+)?", said) if wrong.isdigit() else []
    return str(digits[0]) if len(digits) == 1 else None


def _bare_zh(text: str, whole: bool = True) -> BareCorrection | None:
    text = emoji_trimmed(text.rstrip("。！!~～"))  # "不是豆豆哈哈": no part of a value
    trailing = _TRAILING_FORMULA_ZH.search(text)  # "其实我二十九了，记错了": the formula said last
    if trailing:
        text = trailing.group("f") + "，" + text[: trailing.start()]
    formula = _FORMULA_ZH.match(text)
    rest = text[formula.end() :].strip(" 。！!") if formula else text.strip(" 。！!")
    for pattern in (_NOT_FIRST_ZH, _CONTRAST_ZH):
        m = pattern.match(rest)
        if m and (formula or pattern is _NOT_FIRST_ZH):
            if pattern is _NOT_FIRST_ZH and m.group("new2"):
                return BareCorrection(m.group("new2"), value_shape(m.group("new2")), m.group("old2"))
            new, old = m.group("new").strip(), m.group("old").strip()
            new = new.rpartition(m.group("verb"))[2] or new  # "公司在酒仙桥" / 不在: the place is the value
            # "我住6楼，不是5楼": an amount of the wrong one's unit, or what follows "I live / am called"
            new = value_where_wrong_zh(new, old) or re.sub(r"^[我他她](?:住在|住|叫|姓|在)", "", new) or new
            return BareCorrection(new, value_shape(new), old) if new != old else None
    if formula is None:
        return None
    read = re.search(r"看了一眼|看了一下|看了下|翻了一下|翻了下", formula.group(0))
    if read and not re.match(r"是?[\d零一二两三四五六七八九十百千万]", rest):
        return None  # "刚看了一眼账单，是水电费涨了": news of what was read, no value corrected
    grade = re.match(rf"(?:{_GRADE_ZH})(?=$|[，,。！!]|了)", rest)
    if grade is not None:  # "打错了，研三，马上要毕业了": a year of school said alone is the value
        return BareCorrection(grade.group(0), value_shape(grade.group(0)), None)
    m = _BARE_ZH.match(rest)
    slip = SLIP_SAID_ZH.search(formula.group(0)) is not None or (
        # "不好意思，是在镇江": an apology opening a value put right is a slip owned
        re.search(r"不好意思|抱歉", formula.group(0)) is not None
        and re.match(r"是(?!这样|我|你|因为)", rest) is not None
    )
    if m is None or (
        m.group("amount")
        and not m.group("who")
        # its measure said, or digits alone
        and not (
            whole
            and slip
            and re.search(
                r"[岁月年斤米级一二三四楼层]$|^[\d.]+%?$|[万千块元]多?$|^\d[\d.]*[\u4e00-\u9fff]$", m.group("amount")
            )
        )
    ):
        return None
    if m.group("amount") and not m.group("who"):
        why = (m.group("why") or "").replace(m.group("amount"), "")  # the value said again is no other's
        if re.search(r"[我你他她它们\d零一二两三四五六七八九十]", why):
            return None  # "不对，两年了，我们搬来上海两年了": the clause after says whose and what
    if m.group("new") and (
        (
            m.group("verb") in ("在", "住在")
            and not (slip and (_PLACE_ZH.search(m.group("new")) or WRONG_SAID_AFTER_ZH.match(m.group("tail") or "")))
        )
        or m.group("new").strip() in _PARTICLES_ZH
    ):
        return None  # "嗯，在路上了", "啊不是，在加班": where one is this minute; "嗯，是的": yes
    new = (m.group("new") or m.group("amount")).strip()
    # "是八点半打卡": a time or an amount said first is the value, what is done at it is not
    timed = CLOCK_ZH.match(new) or re.match(
        r"[零一二两三四五六七八九十\d]{1,3}(?:号|月[零一二三四五六七八九十\d]{1,3}[号日])", new
    )
    new = timed.group(0) if timed and len(new) > len(timed.group(0)) else new
    new = re.sub(r"(?<=[\d零一二两三四五六七八九十百千万])(?:左右|上下|出头)$", "", new)  # "是130左右": the amount
    new = value_said_zh(emoji_trimmed(new))  # "是21楼😂": the floor, no laugh
    # "是去贵州，云南是去年去的": the wrong value named first in the clause after, as what it was
    wrong = WRONG_SAID_AFTER_ZH.match(m.group("tail") or "") if m.group("new") and slip else None
    if wrong is not None:
        new = re.sub(r"^(?:去|到|在|住在|叫|学|读)+(?=[\u4e00-\u9fff]{2})", "", new)
        return BareCorrection(new, value_shape(new), wrong_said(wrong)) if new != wrong_said(wrong) else None
    if slip and m.group("verb") in ("是", "应该是"):  # "说错了，是在中兴": the company, not where one is
        new = re.sub(r"^(?:在|去|到|住在)(?=[\u4e00-\u9fff]{2})", "", new)
    return BareCorrection(new, value_shape(new), None)


_OFTEN_ZH = re.compile(r"(?:一|每)(?:天|周|星期|礼拜|个月|月|年)\D{0,2}?(?P<n>[零一二两三四五六七八九十\d]{1,3}次)")


def value_said_zh(value: str) -> str:
    """The value a Chinese correction gives, as a belief holds it: without the "的" it ends
    with ("是周四晚上的"), and of how often, the count alone ("是一天三次": the span is the one
    said before, "一天吃两次")."""
    value = re.sub(r"(?<=[\u4e00-\u9fff])的$", "", value)
    value = re.sub(r"^(?:唱|弹|拉|吹)(?=[\u4e00-\u9fff]{2})", "", value)  # "是唱女中音": the part sung
    # "是下周四": the weekday, as the belief holds it ("下周三" was read as a date of its week)
    value = re.sub(r"^下个?(?=(?:周|星期|礼拜)[一二三四五六日天])", "", value)
    # ... without the going said after it ("是下周四去")
    value = re.sub(r"^((?:周|星期|礼拜)[一二三四五六日天](?:上午|下午|晚上|早上|中午)?)(?:去|出发)$", r"\1", value)
    # "3块2一平": a price said with what it is per ("一平", "每月"), the price alone
    value = re.sub(r"(?<=[块元毛角\d])(?:一|每)(?:平|平米|平方|个月|月|年|次|斤|公斤|吨|小时|天|晚)$", "", value)
    # "是10号发", "是八点半到": the day or the hour, without what happens then
    if re.match(r"[\d零一二两三四五六七八九十]", value):
        value = re.sub(r"(?<=[号日点半分])(?:发|交|到|开|走|出发|上班|下班|开始|结束)$", "", value)
    often = _OFTEN_ZH.fullmatch(value)
    return often.group("n") if often else value


# Values said in a word, which ``value_spans`` leaves to the words around them: a count
# ("four") and how often ("monthly"). Read only where a correction gives one alone.
# A rate said with its count ("every two weeks", "every 3 months", "every other day")
_COUNTED_RATE = re.compile(
    r"(?:every|per|each)\s+(?:\d+|two|three|four|five|six|other)\s+(?:days?|weeks?|months?|years?)", re.IGNORECASE
)
_SPOKEN = re.compile(
    r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"daily|weekly|monthly|yearly|annually|hourly|fortnightly|biweekly)\b",
    re.IGNORECASE,
)


def _spoken_shape(word: str) -> str:
    return "frequency" if word.casefold().endswith("ly") else "number"


def spoken_spans(text: str, shape: str) -> list[str]:
    """The values of ``shape`` in a text, in order, counting those said in a word
    ("three cousins", "weekly"): what a correction that gives one in a word replaces."""
    found = [(m.start(), m.group(0)) for m in _SPOKEN.finditer(text) if _spoken_shape(m.group(0)) == shape]
    if shape == "number":
        found += [(m.start(), m.group(0).strip()) for m in _VALUE_EN.finditer(text) if value_shape(m.group(0)) == shape]
    return [v for _, v in sorted(found)]


def value_put_right(statement: str, held: str, said: Sequence[str]) -> tuple[str, str] | None:
    """The (wrong, right) values where ``statement``, of a message that owns a slip, puts a
    value of the ``held`` statement right: the message (``said``, its statements) names one of
    the held values again as what was wrong ("sorry I said 7 earlier, my boy's actually 9", "I
    start at 8. 7 is when I leave the house", "the office is in Cambridge, I say boston out of
    habit") and ``statement`` holds another value of that shape, one the held statement does not;
    the last such, as the right value is said after the wrong one ("Ames is my dentist, the
    physio is Dr. Brandt").

    A slip owned alone says only that *something* said before was wrong; the value it names
    again says which belief, as a person reads it, where the right value is said in other words
    than the belief ("my boy" of "my son Leo") and no word of the thing is said again. None
    where the message names no held value, or gives none of its shape."""
    held_values = value_spans(held)
    named = [v for s in said for v in value_spans(s)]
    wrong_of = {value_shape(h): h for h in held_values if any(_one_value(h, v) for v in named)}
    for v in reversed(value_spans(statement)):
        shape = value_shape(v)
        if shape in wrong_of and not any(_one_value(h, v) for h in held_values):
            return wrong_of[shape], v
    return None


def _one_value(a: str, b: str) -> bool:
    """Whether two sayings are one value: the same digits ("the 14th" of "june 14"), else one
    the other's words or fewer ("Ames" of "Dr. Ames"), case aside."""
    digits_a, digits_b = re.findall(r"\d+", a), re.findall(r"\d+", b)
    if digits_a or digits_b:
        return digits_a == digits_b
    words_a, words_b = set(a.casefold().split()), set(b.casefold().split())
    return words_a <= words_b or words_b <= words_a


def value_spans(text: str) -> list[str]:
    """The spans of a text that look like values (numbers, times, codes, names,
    Chinese numerals with their measure word), as written."""
    if is_cjk(text):
        return re.findall(
            # a school year first ("三年级", not "三年"): what "不对，是四年级" corrects
            _GRADE_ZH
            # a weekday ("周五"), with its part of the day: what "是周四晚上" corrects
            + r"|(?:周|星期|礼拜)[一二三四五六日天](?:上午|下午|晚上|早上|中午)?|"
            + _ZH_NUMERAL
            + r"+月"
            + _ZH_NUMERAL
            + r"+[号日]|(?:上午|下午|晚上|早上)?"
            + _ZH_NUMERAL
            + r"+(?:点(?:半|一刻|三刻|"
            + _ZH_NUMERAL
            + r"{1,3}分?)?|块"
            # (the jiao, then what the price is per: "3块2一平"; not the 一 of "3000块一个月")
            + r"(?:[二两三四五六七八九\d]|一(?![个次节斤公天晚年月吨小平张件本份位只条周星]))"
            + r"(?=一(?:平|吨|小时|斤|公斤|天|晚|次|个月|月|年)|[^\d零一二两三四五六七八九十百千万]|$)|岁|个|次|人|号楼|栋|楼|号|公斤|斤|天|周|年|元|块)?"
            # a surname ("姓王") or a name someone is called ("叫小王"), said last: what "姓汪" corrects
            + r"|(?<=姓)[\u4e00-\u9fff](?=[，,。！!]|$)|(?<=叫)[\u4e00-\u9fff]{2,3}(?=[，,。！!]|$)"
            # a number with a measure of its own ("业余3段", "300兆", "25磅"), and a handle or code in
            # Latin letters among the characters ("微信号是zhangwei_88")
            + r"|\d+(?:\.\d+)?[\u4e00-\u9fff](?=[了的，,。！!\s]|$)|[A-Za-z][A-Za-z0-9_.-]*\d[A-Za-z0-9_.-]*",
            text,
        )
    spans = (m.group(0).strip().rstrip(".,:;!") for m in _VALUE_EN.finditer(text))
    return [v for v in spans if v and v not in ("I", "The", "My", "Our")]


_WEEKDAYS = DAY_NAMES + r"|mon|tue|wed|thu|fri|sat|sun"
MONTHS = r"january|february|march|april|may|june|july|august|september|october|november|december"
_ZH_NUMERAL = r"[零一二两三四五六七八九十百千万\d]"
_GRADE_ZH = r"(?:初|高|大|研)[一二三四]|[一二三四五六]年级"


def value_shape(value: str) -> str:
    """What kind of value this is, by its form alone: a time of day, a weekday, a
    date, money, a number, an e-mail, a name; so a correction finds the belief whose
    value it replaces ("11 am" corrects a time, "Sunday" a weekday)."""
    v = value.strip().casefold()
    if re.fullmatch(r"(?:\d{1,2}(?::\d{2})?\s?(?:am|pm)|\d{1,2}:\d{2}|midnight|noon)", v) or re.fullmatch(
        r"(?:上午|下午|晚上|早上)?" + _ZH_NUMERAL + r"{1,3}点(?:半|一刻|三刻|" + _ZH_NUMERAL + r"{1,3}分?)?", v
    ):
        return "time"
    if re.fullmatch(_GRADE_ZH, v):
        return "grade"
    # (a Chinese weekday with its part of the day: "周四晚上" corrects "周五")
    if re.fullmatch(rf"(?:{_WEEKDAYS})s?|每?(?:周|星期|礼拜)[一二三四五六日天](?:上午|下午|晚上|早上|中午)?", v):
        return "weekday"
    if (
        re.search(rf"\b(?:{MONTHS})\b", v)
        or re.fullmatch(r"\d{1,2}(?:st|nd|rd|th)", v)
        or re.search(_ZH_NUMERAL + r"+月", v)
    ):
        return "date"
    if re.match(r"[$€£¥]", v) or re.search(r"(?:元|块|刀|镑)$|块" + _ZH_NUMERAL + r"$", v):
        return "money"
    if "@" in v:
        return "contact"
    if re.fullmatch(r"[a-z][a-z_-]*\d[\w-]*", v):
        return "code"
    if re.fullmatch(
        r"[\d,.]+%?|\d{2,3}/\d{2,3}|\d+[a-z]{1,2}|" + _ZH_NUMERAL + r"+(?:岁|个|次|人|号楼|栋|楼|号|公斤|斤|天|周|年)?"
        # digits with a measure of their own ("3段", "500兆", "26磅")
        r"|\d+(?:\.\d+)?[\u4e00-\u9fff]"
        # an amount said round ("六万多", "300左右"): a number still
        r"|" + _ZH_NUMERAL + r"*[万千百]多|(?:\d+(?:\.\d+)?|" + _ZH_NUMERAL + r"+)(?:左右|上下)"
        # a number in words with its measure ("一百五十克", "三只", "六七千步")
        r"|"
        + _ZH_NUMERAL
        + r"+(?:克|千克|毫克|只|条|头|杯|瓶|碗|公里|千米|米|步|分钟|小时|个月|页|本|件|张|双|台|辆|套|间|"
        r"平米|平方|度|片|粒|颗|包|盒|袋)",
        v,
    ):
        return "number"
    return "name"


# A slip said alone as its own sentence, after a value said alone ("ugh 1,540. typo"):
# one correction, as "1,540, typo" is.
_SLIP_ALONE_EN = re.compile(
    r"(?:(?:sorry|oops|ugh),?\s+)?(?:typo|my bad|oops|autocorrect|fat fingers?|(?:i )?mistyped)(?:,?\s+sorry)?[.!]*",
    re.IGNORECASE,
)
_VALUE_ALONE_EN = re.compile(r"(?:(?:ugh|oh|ah|oops|sorry|no|wait),?\s+)*[$€£¥]?\d[\d,.:]*\s*(?:[a-z%]{1,5})?[.!]*")


# ... only where what follows says it was a slip ("but that's where my aunt lives", ", sorry",
# ", flipped the digits"), not "and he laughed" or a question asked after it
_SAID_BEFORE_EN = re.compile(
    r"i\s+(?:said|wrote|typed|put)\s+(?P<old>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)?|\d[\d,.:]*)\s+"
    r"(?:before|earlier|above|last time)"
    r"(?:[.!]*$|\s*,?\s*(?:but|sorry|my bad|oops|typo|because|flipped|mixed|swapped|misspoke|mistyped)\b"
    r"(?![^?]*\b(?:what|how|should|could|can you|any)\b))",
    re.IGNORECASE,
)
_NO_VALUE_ALONE = frozenset(
    ["great", "ok", "okay", "yes", "yeah", "no", "nope", "thanks", "sure", "right", "cool", "wait", "sorry", "oops"]
    + ["hmm", "ugh", "lol", "haha", "wow", "nice", "true", "exactly", "anyway", "whoops", "well", "fine", "hi", "hey"]
)
_NAME_ALONE_EN = re.compile(r"(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)?[.!]*|\d[\d,.:]*\s*(?:am|pm)?[.!]*")


# A slip found and named, then the right value ("Just realised I told you 3, it's only 2 shifts"): said
# as the rules read a slip named ("I said 3 earlier, it's only 2 shifts")
_SLIP_FOUND_EN = re.compile(
    r"^(?:(?:oh|ah|hmm|wait|sorry|oops|ugh)[,\s]+)*(?:i\s+)?(?:just\s+)?reali[sz]ed\s+(?:that\s+)?i\s+"
    r"(?:told you|said|gave you|typed)\s+(?P<old>[^,;.!?]{1,30}?)"
    r"(?=\s*[,;—–-]\s*(?:it's|it is|its|it was|actually|should be|should have been|i meant|not)\b)",
    re.IGNORECASE,
)


def slips_joined(spoken: list[str]) -> list[str]:
    """The sentences, a slip said alone joined to the value said alone just before it, and a
    value said alone to the slip named right after it ("Phoenix. I said Tucson before ...")."""
    out: list[str] = []
    for sentence in (_SLIP_FOUND_EN.sub(r"I said \g<old> earlier", s.strip()) for s in spoken):
        said = _SAID_BEFORE_EN.match(sentence.strip())
        if (
            out
            and said
            and not sentence.strip().endswith("?")
            and _NAME_ALONE_EN.fullmatch(out[-1].strip())
            and out[-1].strip(" .!").casefold() not in _NO_VALUE_ALONE
        ):
            # "Phoenix. I said Tucson before but ...": the right value first, then the slip named
            out[-1] = f"I said {said.group('old')} earlier, but it's {out[-1].strip().rstrip('.!')}"
        elif out and _SLIP_ALONE_EN.fullmatch(sentence.strip()) and _VALUE_ALONE_EN.fullmatch(out[-1].strip()):
            out[-1] = out[-1].strip().rstrip(".!") + ", " + sentence.strip()
        else:
            out.append(sentence)
    return out


# A cleft that puts the state right, then says whose the wrong value is ("it's sulfa drugs I'm
# allergic to, penicillin was my sister", "..., penicillin is my husband's one"): the wrong value
# is denied as the speaker's, as ", not penicillin" denies it.
_CLEFT_THEN_OWNED = re.compile(
    r"^(?P<head>.*?\bit(?:'s|s| is| was)\s+[\w' -]{1,30}?\s+(?:that\s+)?(?:i'm|im|i am)\s+"
    r"(?:allergic|intolerant|sensitive|afraid|scared)(?:\s+(?:to|of))?)\s*[,;.—–-]\s*"
    r"(?P<wrong>[\w' -]{1,30}?)\s+(?:is|was|'s)\s+(?:my|our)\s+[\w-]+(?:'s)?(?:\s+(?:one|thing))?[.!]*$",
    re.IGNORECASE,
)


def cleft_owned_elsewhere(text: str) -> str:
    """The text with a wrong value said to be someone else's written as denied ("..., not
    penicillin"), in the sentence or the next, so the correction it makes is read; the text as
    it was otherwise."""
    m = _CLEFT_THEN_OWNED.match(text.strip())
    return f"{m.group('head')}, not {m.group('wrong')}" if m else text
