"""Compound sentences split into clauses, each its own statement.

"I live in Paris and I drink green tea every morning" says two things; kept
as one belief, a later "I moved to Lyon" would end the tea with the city. A
sentence is split where a conjunction or a comma starts a new subject
("... and I ...", "..., but my sister ...", "……，我妈妈……", "而且我……"); a
conjunction that joins two objects of one verb ("coffee and tea") does not
split. The cut keeps each clause readable on its own.
"""

from __future__ import annotations

import re

from ledgermind.distill.alignment import BARE_ENDED_ZH, switched
from ledgermind.distill.bare_corrections import is_formula
from ledgermind.distill.chatter import chatter_kind, feeling_alone
from ledgermind.distill.frames import RELATIONS_EN, RELATIONS_ZH
from ledgermind.distill.person import INTRODUCED_ZH, SEVERAL_PEOPLE
from ledgermind.distill.statements import (
    SUPPOSING_ZH,
    clock_said,
    is_counterfactual,
    is_request,
    is_statement,
    role_said,
    strip_lead,
)
from ledgermind.distill.text import DAY_OF_WEEK, first_lowered

__all__ = ["clauses"]

_SUBJECT_EN = r"(?:I|I'm|I've|I'd|I'll|my|My|we|We|we're|We're|we've|We've|our|Our|he|He|she|She|they|They|his|His|her|Her|their|Their)\b"
_PRONOUN_EN = r"(?:I|I'm|I've|I'd|I'll|we|We|we're|We're|we've|We've|he|He|she|She|they|They)\b"
# what holds now, said before the subject of the clause that says it ("..., now I live in Madrid");
# not before one that only goes on about the clause before ("... and now I get to share that with
# people": what "that" is stays with it)
_NOW_OPENS = (
    r"(?:(?i:now|nowadays|these days|currently|today)\s*,?\s+"
    r"(?![^.;!?]*\b(?i:that|this|it)\b(?:\s+(?i:with|to|for|in|at|on|and)\b|\s*[.,!?]|\s*$)))?"
)
# "it's 17.99 now": the value "it" stands for, a clause of its own after the one saying the change
# (with the change said: "My locker is not 14, it's 41" is one denial and its value, not two clauses)
_IT_VALUE = re.compile(
    r"(?:it's|it is)\s+(?:(?:about|around|closer to)\s+)*(?:(?:now|more like)\s+[$€£¥]?\d|"
    r"[$€£¥]?\d(?:[\d,.]*\d)?[^,;]*?\b(?:now|these days|lately|nowadays|as of|starting|from now on|going forward)\b|"
    # a day it is moved to ("... and it's moving to the last sunday of the month")
    r"(?:moving|moved|switching|changing)\s+to\s+(?:the\s+)?(?:(?:first|second|third|fourth|last)\s+)?"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|"
    # a day it has been moved to ("... so it's been pushed to 5 July")
    r"been\s+(?:moved|pushed|postponed|rescheduled|bumped|brought|put|changed)\s+(?:back\s+|forward\s+)?(?:to|till|until)\s+"
    r"(?:the\s+)?(?:\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+\d)|"
    # two days or more a week it is on now ("new job so it's mon/wed/fri evenings now")
    r"(?:on\s+)?" + DAY_OF_WEEK + r"(?:\s*(?:/|,|&|\+|and)\s*" + DAY_OF_WEEK + r")+"
    r"[^,;]*?\b(?:now|these days|nowadays|from now on|going forward)\b)",
    re.IGNORECASE,
)
# What a fact is told for, asked of the assistant after it ("..., so skip the dairy stuff when you
# suggest lunches", "..., so no meat recipes please", "..., so keep that in mind"): no fact of its own
_SO_ASKED = re.compile(
    r",?\s+so\s+(?:please\s+|pls\s+)?(?:(?:don't|do not|never|always|please)\s+(?:suggest|recommend|mention|send|give|"
    r"include|add|put|book|schedule|remind|show|use|plan|pick|offer)\b|(?:skip|avoid|leave out|go easy on|stop suggesting)\b|"
    r"(?:keep|bear)\s+(?:that|this|it)\s+in\s+mind\b|(?:no|nothing)\s+[^,.;]*\b(?:please|pls|thanks)\b|"
    # "so halal only please", "so veggie only pls"
    r"(?:[\w-]+\s+){1,2}only\s+(?:please|pls)\b)",
    re.IGNORECASE,
)
_TOLD_AFTER_ASK = re.compile(
    r",\s+(?:and\s+|but\s+)?(?:btw\s+)?(?=(?:i|i'm|i've|my|we|we're|our|it's|partner|wife|husband)\b)", re.IGNORECASE
)
# A new role taken, said with its subject dropped ("starting monday as a receptionist"): the
# speaker's, so no "my" of the clause before is put before it.
_ROLE_TAKEN = re.compile(r"(?:starting|started)\s+(?:\w+\s+){0,2}?as\s+(?:a|an)\s", re.IGNORECASE)
# A person of theirs named after them (or not), then a verb of their own
_THEIR_VERB = (
    r"\b(?:\s+(?-i:[A-Z])[a-z]+)?\s+"
    r"(?:is|are|was|were|just|has|had|works|lives|started|got|turned|goes|go|plays|play|studies|teaches|share|have)\b"
)
_SPLIT_EN = re.compile(
    # "so I can ..." is the purpose of the clause before it, not a clause of its own
    # ("allergies make it so I don't ...": one clause, what the allergies do)
    r"(?<!\bmake it)(?<!\bmade it)(?<!\bmakes it)"
    r"\s*(?:,|;)?\s+(?:and|but|so(?!\s+(?:that\s+)?(?:I|we|We)\s+(?:can|could|'d be able|would be able)\b)|plus|and also|while|whereas)\s+(?="
    # (a time first: "... but now I live in Madrid", "now" kept with its clause)
    + _NOW_OPENS
    + _PRONOUN_EN
    + r")"
    # "so relieved, my student visa got approved": a thing of theirs and what became of it, after a comma
    r"|\s*,\s+(?=(?i:my|our)\s+(?:[\w-]+\s+){0,3}?(?:got|has|have|had|just|finally|came|arrived)\s)"
    # "building got sold, the landlord's some company called Greystar now": who holds a role now
    r"|\s*,\s+(?=(?i:the|my|our)\s+[a-z]+(?:'s|\s+is|\s+are)\s+[^,]*?\b[A-Z][a-z]\w*[^,]*\bnow\b)"
    # "I'm from Kerala, currently doing my MTech": what the speaker does now, "I" left out
    r"|\s*,\s+(?=(?:currently|presently)\s+(?:doing|working|studying|living|based|training)\b)"
    # "my wife is a dentist and our son just started school": a second person of theirs, with a verb
    # of their own (not "my wife and my son live in Leeds": one subject of two)
    r"|\s*,?\s+and\s+(?=(?i:my|our)\s+(?:" + RELATIONS_EN + r")" + _THEIR_VERB + r")"
    # ... or the speaker's children said as "the", after a comma only ("..., and the kids share a
    # Kindle"; "Linda and the kids are close by" is one subject)
    r"|\s*,\s+and\s+(?=(?i:the)\s+(?:kids|children|twins|boys|girls)" + _THEIR_VERB + r")"
    # "just got a new job at Target, also we're expecting our second": a second fact added after a comma
    r"|\s*,\s+also,?\s+(?=" + _PRONOUN_EN + r"(?!\s*(?:mean|guess|think|wonder|wanted|want)\b))"
    # "I was a nurse for years, though nowadays I teach": what holds now, conceded after a comma
    # (not "even though I haven't been ...": the clause it concedes is no statement of its own)
    r"|(?<!\beven)\s*,?\s+(?:though|although|tho)\s+(?=(?i:now|nowadays|these days|currently)\s*,?\s+"
    + _PRONOUN_EN
    + r")"
    # "..., now living in Austin": what holds now, its subject dropped
    r"|,\s+(?=(?i:now|nowadays|these days)\s+(?:living|working|studying|based|renting|teaching)\b)"
    # "... so now I catch the 6:55": what a change led to, the state as it is now
    r"|\s*,?\s+so\s+(?=(?:now|nowadays|these days)\s+" + _PRONOUN_EN + r")"
    # "they reshuffled the rotation, now it's every 3rd week for me": the state it led to, said
    # after a comma with "now" first (what "so" says above, unsaid)
    r"|\s*,\s+(?:and\s+)?(?=(?:now|nowadays|these days)\s+(?:it's|it is|there's|there are)\s)"
    # "standups are at 9:30 and it totally kills my focus": what it does to the speaker, said after
    # (only what it does to one of their own things, said last: not "and it kills me, 90 minutes each way")
    r"|\s*,?\s+and\s+(?=it\s+(?:(?:totally|really|just|kinda|honestly|always|completely)\s+)?"
    r"(?:kills|ruins|wrecks|messes up)\s+my\s+[\w-]+(?:\s+[\w-]+)?\s*(?:[.!]|$))"
    # "I'm 82 kg right now, goal is 75": what is, then what is aimed at, each its own
    r"|\s*,\s+(?=(?i:(?:my|our|the)\s+)?(?i:goal|target|aim|plan)\s+(?:is|was)\s)"
    # "the flat got sold, new landlord is Haven Lets": what happened, then who holds the role now
    r"|\s*,\s+(?:and\s+|so\s+)?(?=(?i:(?:the|my|our)\s+)?(?i:new)\s+[a-z]+(?:\s+[a-z]+)?(?:'s|\s+is|\s+are)\s+\S)"
    # "He moved to day shifts, finally we can eat dinner together": the fact, then what the two
    # may do together (talk of its own, no purpose of the fact's)
    r"|\s*,\s+(?:so\s+)?(?=(?:(?:maybe|finally|hopefully|now)\s+)?we\s+(?:can|could)\b[^.]*\btogether\b)"
    # "... and my sister lives in Rome"; not "my contacts and my marketing skills to ..."
    r"|\s*(?:,|;)?\s+(?:and|but|so|plus|and also|while|whereas)\s+"
    r"(?=(?i:my|our|his|her|their)\s+(?:[\w'-]+\s+){0,2}(?:is|are|was|were|has|have|had|\w+s|\w+ed)\b"
    # "... and my husband's a plumber": the copula said as 's
    r"|(?i:my|our)\s+(?:" + RELATIONS_EN + r")['’]s\s+(?:a|an|the|from|in|at|on|into|called|named|\w+ing|"
    # ... or a state of theirs ("and my son's asthmatic", "and my mum's retired")
    r"[a-z]+ic|vegan|vegetarian|coeliac|deaf|blind|pregnant|retired|married|single|divorced|engaged)\b"
    # ... or a thing of theirs, where it is or what it is ("and my water's with Southern Water")
    r"|(?i:my|our)\s+[\w-]+(?:\s+[\w-]+)?['’]s\s+(?:with|on|in|at|from|through|via|a|an|\d)\b)"
    # a dash before a clause with a subject of its own ("Got a raise — I'm on 52k now"); not one before
    # an elaboration or a list ("We love being outdoors - going for hikes, ... - plus board games")
    r"|\s*;\s*|(?:\s+[—–-]+\s+|\s*—\s*)(?=" + _PRONOUN_EN + r"|(?i:my|our)\s)"
    # a participle clause that says what holds now ("..., going to Crunch now"): its subject was dropped
    r"|,\s+(?=(?!(?:including|according|regarding|considering)\b)\w+ing\s+(?:\S+\s+){0,5}?(?:now|these days|as of)\b)"
    # a new role taken, its subject dropped ("handed in my notice, starting monday as a receptionist")
    r"|,\s+(?:and\s+|so\s+|now\s+)?(?=" + _ROLE_TAKEN.pattern + ")"
    r"|,\s+(?=" + _NOW_OPENS + _PRONOUN_EN + r"(?!\s*(?:mean|guess|think)\b))"
    # the thing said again as the right or the new one ("..., the actual landlord is mrs hughes")
    r"|,\s+(?=(?i:the\s+(?:actual|real|right|correct)\s+[\w'-]+(?:\s+[\w'-]+)?\s+(?:is|are|was|were)\b))"
    # a possessive opens a clause only with its verb close by ("..., my sister lives in Rome"),
    # not an apposition ("I scored 40 points, my highest ever, ...")
    r"|,\s+(?=(?i:my|our|his|her|their)\s+(?:[\w'-]+\s+){0,2}(?:is|are|was|were|has|have|had|\w+s|\w+ed)\b)"
    # states said to hold still, one after another ("still job hunting, still living with my parents")
    r"|,\s+(?=still\s+(?:single|vegan|vegetarian|married|sober|unemployed|retired|job[- ]hunting|house[- ]hunting|"
    r"living|working|at|in)\b)"
    # ", and <a clause of its own>": a verb within its first words ("sprint reviews are every other Friday")
    r"|,\s+(?:and|but)\s+(?=(?:\w+\s+){0,3}(?:is|are|was|were|has|have|will|starts|runs)\b)"
    # "we drive a 2016 Skoda and it's insured with LV": how the thing is held, a fact of its own
    r"|\s+and\s+(?=it(?:'s|\s+is)\s+(?:insured|registered|financed|leased|covered|serviced|on finance|due|booked)\b)"
    # "I'm from Kerala originally and working as an engineer in Pune now": a second state, its subject dropped
    r"|\s+and\s+(?=(?:(?i:now|currently)\s+)?(?:working|living|studying|teaching|renting|based)\s+(?:as|at|in|for|with|from)\b)"
    # "our landlord is Mrs. Okafor and the rent is $1,450 a month": a second thing of theirs and its amount
    r"|\s+and\s+(?=the\s+[a-z]+\s+(?:is|are|was)\s+(?:about\s+|around\s+)?[$€£¥]?\d)"
    # "... and <Name> <verb>": a named person starts a clause of their own ("Karen retired and Leo became my boss")
    # (not "you and Max had ...": two people, one subject)
    r"|(?<!\byou)(?<!\bme)(?<!\bhim)(?<!\bher)(?<!\bus)(?<!\bthem)"
    # (nor "Tuesday and Thursday mornings": a day or a month is no person)
    r",?\s+(?:and|but)\s+(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|"
    r"April|May|June|July|August|September|October|November|December|Mon|Tues?|Weds?|Thurs?|Fri|Sat|Sun)\b)"
    r"(?=(?-i:[A-Z][a-z]+)\s+(?:is|was|has|had|took|got|became|left|\w+ed|\w+s)\b)"
    # "landlord sent the renewal and it's 1790 starting february": the value "it" stands for now
    r"|\s*,?\s+(?:and|but|so)\s+(?=(?i:" + _IT_VALUE.pattern + "))",
)
# "My brother lives in Seoul and works for Samsung": one subject, two verb
# phrases. A second finite verb (third person "-s" or past "-ed", as the first
# one is) right after "and", followed by what opens its complement, starts a
# clause that shares the first one's subject. "We" / "They" / "You" take no
# "-s", so after them a word in "-s" is a noun ("We raised awareness and funds").
_SHARED_SUBJECT = re.compile(
    r"^(?P<subject>(?:my|our|his|her|their|the)\s+\w+(?:\s+\w+)?|(?!(?:We|They|You)\b)(?-i:[A-Z][a-z]+))\s+"
    r"(?P<verb>(?!(?:is|was|has|does)\b)\w+(?:s|ed))\b"
    r"(?P<rest>.+?)\s+and\s+(?P<second>\w+(?:s|ed)\s+(?:for|at|in|on|to|with|from|as|the|a|an|my|our|his|her|their)\b.*)$",
    re.IGNORECASE,
)
# What opens a Chinese predicate said with its subject dropped ("，在一家医院当护士", "，养了一只狗").
# ("，上的是三班倒", "，开的是大众": what one does, said as "the one ... is")
_PREDICATE_ZH = (
    r"(?:最近|这阵子)?(?:偏偏|居然|竟然|却|又|也|还)*不?(?:在|住|家住|养了?|有|做|当|开|用|喜欢|爱|讨厌|正在|一直|喝|吃|抽|学|练|业余|"
    r"(?:上|开|用|住|读|学|做|吃|喝|养|穿|戴)的是)[\u4e00-\u9fff]"
)
_SPLIT_ZH = re.compile(
    r"[，,；;]\s*(?:而且|并且|另外|同时|还有|但是|不过|结果|可是|只是)?(?=我|他|她)|(?:而且|并且)(?=我|他|她)|[；;]"
    r"|[，,]\s*(?=所以|因此|然后|而且|并且|同时)"
    # a new subject (a relation: "，儿子学跆拳道") or a time of its own ("，周末回东莞")
    # a clause closed by 了 (a change of state: "我不学日语了，改学韩语") ends there
    r"|(?<=了)[，,]\s*(?=[\u4e00-\u9fff])(?!改|换|转)"
    r"|[，,]\s*(?=(?:"
    + RELATIONS_ZH
    + r"|周末|平时|平日|工作日|每天|每周|晚上|早上|白天|现在|目前|如今|老家|家乡|家里|下个月|下周|明年|下半年|"
    # a change just made, said after a state ("我今年30岁，刚生了二胎")
    r"刚(?!才)刚?)[\u4e00-\u9fff])"
    # a fact added ("，另外近视六百度"); a thing and where it was taken out ("，车险在太平洋买的")
    r"|[，,]\s*另外[，,]?\s*"
    r"|[，,]\s*(?=[\u4e00-\u9fff]{1,4}(?:是)?在[\u4e00-\u9fffA-Za-z]{2,8}?(?:买|办|上|交|开|存|投|保)的)"
    # ... or a provider of the speaker's named by what it provides ("，运营商是联通", "，宽带用的是电信")
    r"|[，,]\s*(?=(?:运营商|宽带|保险|车险|医保|银行|工资卡|手机号|套餐|网络|物业|房东)(?:是|用的是|用的|在|办的是))"
    # ... or a thing of theirs and what it is ("，手机是vivo X100", "，专业是会计")
    r"|[，,]\s*(?=(?:手机|电脑|笔记本|平板|手表|车子?|相机|邮箱|微信号?|生日|血型|星座|身高|体重|名字|小名|网名|专业|"
    r"学校|公司|单位|工资|月薪|年薪|房租|房贷)(?:是|用的是|开的是)[\u4e00-\u9fffA-Za-z0-9])"
    # a question asked last, after what is told ("最近在减肥，晚饭吃啥好", "，热点老断是咋回事")
    r"|[，,]\s*(?=[^，,。！!？?]{1,15}(?:啥|什么|吗|呢|怎么办|咋办|咋回事|怎么回事|哪个|哪家|哪里|哪儿|多少|怎么样|"
    r"如何|好不好|行不行)[好呀啊哈]?[？?]*$)"
    # a predicate of its own, its subject dropped as Chinese drops it ("我住在成都，在一家医院当护士，养了一只狗")
    # (not after a correction's formula: "我住在北京，哦不对，在上海" is one correction; nor a
    # condition and what follows it: "，喝牛奶就拉肚子" says why)
    r"|(?<!不对)(?<!不是)(?<!错了)(?<!口误)(?<!其实)(?<!哦)(?<!嗯)(?<!意思)(?<!抱歉)"
    r"[，,]\s*(?=" + _PREDICATE_ZH + r")(?![^，,。；;]*就)"
)
# A short clause saying when, closed by 了 ("开学了", "放假了")
_WHEN_ZH = re.compile(r"[\u4e00-\u9fff]{2,3}了")
_ZH_CONJ = re.compile(r"^(?:所以|因此|然后|而且|并且|同时)")
_MIN_CHARS = 3
# A short clause with a named subject and its verb ("Karen retired"): a clause, not a lead-in.
_SHORT = re.compile(r"^(?-i:[A-Z][a-z]+)\s+(?:is|was|has|had|took|got|became|left|\w+ed|\w+s)$")


# A change of an amount said short, its value in the next clause ("landlord raised it, paying ...")
_AMOUNT_CHANGED = re.compile(
    r"\b(?:raised|hiked|bumped|upped|increased|lowered|cut|reduced|went up|went down|doubled|halved)\b", re.IGNORECASE
)
_NOW_FIRST = re.compile(r"(?:now|nowadays|these days)\b", re.IGNORECASE)


_SAID_FIRST = re.compile(r"^(?:(?:sorry|oops|wait|oh|ah|hmm)[,\s]+)?i\s+said\s+\S", re.IGNORECASE)
_MEANT_NEXT = re.compile(
    r"^(?:but\s+)?(?:i meant|i mean|it's|it is|it was|actually|(?:he|she|they)(?:'s|\s+is|\s+was)?\s+actually)\b", re.I
)


# A laugh between two clauses of the speaker's ("cancelled the membership lol i never went"): the
# second is a clause of its own; only where the first is the speaker's too (said with "I" or with
# its subject dropped), so "my wife cancelled hers lol i ..." stays one.
_LAUGH_BETWEEN = re.compile(
    r"\s+(?:lol|lmao|haha|hahaha|rofl)\s+(?=(?-i:i|we|I|We)\s+(?!(?:mean|guess|think|know)\b)\w)"
)
_SPEAKER_FIRST = re.compile(
    r"^(?:(?:so|and|ok|okay|finally|just|also|well|ugh|yeah)[,\s]+)*(?:i\b|i'm\b|i've\b|we\b|we've\b|[a-z]+ed\b)",
    re.IGNORECASE,
)


def _laugh_split(piece: str) -> list[str]:
    if not _SPEAKER_FIRST.match(piece.strip()):
        return [piece]
    return _LAUGH_BETWEEN.split(piece)


_ME_AND = re.compile(r"^(?:me|Me)\s+and\s+(?P<them>(?:my|our)\s+[\w-]+(?:\s+(?-i:[A-Z])[a-z]+)?)\s+(?=[a-z]+\b)")


# Two providers, each with what it is for, the verb said once ("we're with Octopus for energy and
# Virgin for broadband", "I use Monzo for bills and Amex for everything else")
_NAME = r"(?-i:[A-Z])[\w&'.-]*(?:\s+(?-i:[A-Z])[\w&'.-]*){0,2}"
_GAPPED_FOR = re.compile(
    r"^(?P<head>.*?\b(?:with|use|uses|using|through|via|on))\s+(?P<a>" + _NAME + r")\s+for\s+(?P<x>[\w' -]{2,30}?)"
    r"\s*,?\s+and\s+(?P<b>" + _NAME + r")\s+for\s+(?P<y>[\w' -]{2,30}?)(?P<end>\s*[,.;!?—–].*)?$",
    re.IGNORECASE,
)


def clauses(sentence: str, before: str = "") -> list[str]:
    """The sentence's clauses, in order (the sentence itself when it has one). ``before`` is the
    sentence said just before it in the same message: a clause that left its subject out at the
    start goes on about the person that sentence was about ("She's so sharp! And walking without
    the walker now")."""
    # "me and my flatmate Priya share a place": the two, said as chat says them ("my flatmate Priya and I")
    sentence = _ME_AND.sub(r"\g<them> and I ", sentence)
    asked = _SO_ASKED.search(sentence)
    if asked is not None and asked.start() > 0:  # "I'm vegan, so no meat recipes please": the fact alone
        # ... and what is told after the ask, a clause of its own ("..., and i live in leeds now btw")
        told = _TOLD_AFTER_ASK.search(sentence, asked.end())
        sentence = sentence[: asked.start()] + (", " + sentence[told.end() :] if told else "")
    gapped = _GAPPED_FOR.match(sentence)
    if gapped is not None:  # "we're with Octopus for energy and Virgin for broadband": two, the verb said once
        head = gapped.group("head")
        return clauses(f"{head} {gapped.group('a')} for {gapped.group('x')}", before) + clauses(
            f"{head} {gapped.group('b')} for {gapped.group('y')}{gapped.group('end') or ''}"
        )
    role = role_said(sentence)
    if role is not None:  # "As a mum of two, I never sleep": what the speaker is, then the rest
        return [role[0], *(clauses(role[1], before) if role[1] else [])]
    pair = _PAIR_AFTER_COMMA.search(sentence)
    if pair is not None:  # "ok I gotta go, Jonah and I are looking at flats": the two open a clause
        return clauses(sentence[: pair.start()], before) + clauses(sentence[pair.end() :])
    sentence = _predicated(sentence)
    splitter = _SPLIT_ZH if re.search(r"[\u4e00-\u9fff]", sentence) else _SPLIT_EN
    pair = _TWO_OF_US.match(sentence)  # "Tom and I got engaged": one subject, no clause to split off
    head, rest = (sentence[: pair.end()], sentence[pair.end() :]) if pair else ("", sentence)
    pieces = [q for p in splitter.split(rest) for q in _laugh_split(p)]
    pieces[0] = head + pieces[0]
    if splitter is _SPLIT_ZH:
        pieces = _introduced_rejoined(_supposed_rejoined(pieces))
    # a dash left where a conjunction was split off ("I've been real busy - but I'm loving it") is
    # no part of the clause before it
    parts = [q.strip(" ,;，；-–—") for p in pieces for r in _it_resolved(p.strip()) for q in _shared_subject(r)]
    if splitter is _SPLIT_EN:
        parts = [r for p in parts for q in _past_after_comma(p) for r in _since_first(q)]
        parts = [p for p in parts if not clock_said(p)]  # "it's 9pm now, and I'm still at work": no clause
    merged: list[str] = []
    # a Chinese clause that dropped the sentence's subject is a statement with it, no lead-in
    opening = _SUBJECT_ZH.match(parts[0]) if splitter is _SPLIT_ZH and parts and parts[0] else None
    for part in (p for p in parts if p):  # a lead-in ("My mistake", "Sorry", "口误") belongs to the clause it opens
        if (
            merged
            and (
                (
                    len(merged[-1].split()) <= 4
                    and not is_statement(
                        _subjected_zh(merged[-1], opening.group(0))
                        if opening
                        # "儿子在读高三，…": the speaker's son, 我 dropped as Chinese drops it
                        else "我" + merged[-1]
                        if splitter is _SPLIT_ZH and _OPENS_WITH_RELATION_ZH.match(merged[-1])
                        else _with_subject(merged[-1])
                    )
                    and not _SHORT.match(merged[-1])
                    # "开学了，儿子升初三了": a time said first opens no clause about one of theirs
                    and not (
                        splitter is _SPLIT_ZH
                        and _WHEN_ZH.fullmatch(merged[-1])
                        and (_OPENS_WITH_RELATION_ZH.match(part) or re.match(r"[他她](?![们的])", part))
                        and is_statement("我" + part)
                    )
                    and not is_counterfactual(merged[-1])  # "I would have gone, but I was sick": two
                    # what a change led to, the state as it is now, is a statement of its own, not lost
                    # to the short clause saying the change ("they changed the timetable, now I catch the 6:55")
                    and not (
                        (_IT_VALUE.match(part) or (_NOW_FIRST.match(part) and switched(merged[-1])))
                        and is_statement(part)
                    )
                    # ... or the new one of a role named ("the flat got sold, new landlord is Haven Lets")
                    and not (splitter is _SPLIT_EN and _NEW_ONE_IS.match(part) is not None)
                    # ... or what the speaker did after a reason said as a clause of its own ("their
                    # fees got silly, I transferred it to AJ Bell")
                    and not (splitter is _SPLIT_EN and _REASON_FIRST.match(merged[-1]) and _SPEAKER_DID.match(part))
                    # ... or what a feeling said first is about ("so relieved, my visa got approved")
                    and not (splitter is _SPLIT_EN and feeling_alone(merged[-1]) and is_statement(part))
                    # ... or said with its subject dropped ("landlord raised it, paying 1550 as of this month")
                    and not (
                        (switched(merged[-1]) or _AMOUNT_CHANGED.search(merged[-1]))
                        and _DROPPED_SUBJECT.match(part)
                        and is_statement(_with_subject(part))
                    )
                )
                or is_formula(merged[-1])  # "Sorry, I got that wrong, I'm allergic to ...": the correction's own
                # "I said Blue Bottle but I meant Stumptown": the wrong value named, then the right one
                or (splitter is _SPLIT_EN and _SAID_FIRST.match(merged[-1]) and _MEANT_NEXT.match(part))
                # "a retriever named Maple, she's 2": an age said alone is of the one named before
                or (splitter is _SPLIT_EN and _AGE_ALONE.fullmatch(part) is not None)
                # "带他去查了，涨到225了": an amount moved, its thing unsaid, is the clause before's
                or (splitter is _SPLIT_ZH and _BARE_AMOUNT_MOVED_ZH.match(part) is not None)
                # "医生不让喝了，戒了": an ending said alone, its thing the clause before's
                or (splitter is _SPLIT_ZH and BARE_ENDED_ZH.match(part) is not None)
            )
            # "帮我写个请假条，我下周二…": asked, then told
            and not (splitter is _SPLIT_ZH and is_request(merged[-1]))
            # "I'm not frowning, I'm just smiling": talk joined to talk is no statement either
            and not (
                splitter is _SPLIT_EN
                and chatter_kind(strip_lead(merged[-1])) is not None
                and chatter_kind(strip_lead(part)) is not None
            )
        ):
            merged[-1] = f"{merged[-1]}, {part}"
        else:
            merged.append(part)
    merged = [_uncleft(p) for p in merged if len(p) >= _MIN_CHARS or is_statement(p)]  # "分了": short, said
    merged = _elliptical(_announced(merged))
    if splitter is _SPLIT_EN and len(merged) > 1:  # "Our standup is at 9, and sprint reviews are ...": ours too
        owner = re.search(r"\b(?:(our|we)|(my|I))\b", merged[0], re.IGNORECASE)
        if owner:
            mine = "our" if owner.group(1) else "my"
            merged = [
                merged[0],
                *(
                    f"{mine} {p}"
                    if p[:1].islower()
                    and not re.search(r"\b" + _SUBJECT_EN, p)
                    and not _DROPPED_SUBJECT.match(strip_lead(p))
                    and not _ROLE_TAKEN.match(p)
                    and p.split()[0].lower() not in _NOT_A_NOUN
                    else p
                    for p in merged[1:]
                ),
            ]
    subject = _SUBJECT_ZH.match(merged[0]) if splitter is _SPLIT_ZH and merged else None
    if subject is not None:  # the subject carries over, as said ("我男朋友今年毕业了，在银行上班")
        merged = [merged[0], *(_subjected_zh(p, subject.group(0)) for p in merged[1:])]
    return _subjects_given(merged, before) or [sentence]


# A reason said first with its own verb ("their fees got silly", "the boiler died")
_REASON_FIRST = re.compile(
    r"^(?!(?:i|we|i'm|we're|i've|we've)\b)(?:[\w'-]+\s+){1,3}(?:got|went|was|were|is|are|kept|had|\w+ed)\b",
    re.IGNORECASE,
)
# ... and what the speaker did then ("I transferred it to AJ Bell"), not what they think of it
_SPEAKER_DID = re.compile(
    r"(?:so\s+)?(?:i|we)\s+(?:(?:just|finally|then|eventually)\s+)?(?!(?:think|thought|guess|mean|meant|know|knew|reckon|"
    r"feel|felt|suppose|hope|wish|want|wanted|need|needed|was|were|am|are)\b)[a-z]+ed\b",
    re.IGNORECASE,
)
_AGE_ALONE = re.compile(
    r"(?:she|he|they|it)(?:'s|'re|\s+is|\s+are|\s+turned)\s+(?:just\s+|only\s+|nearly\s+|almost\s+)?"
    r"(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
    r"(?:\s+(?:years?|yrs?|months?|weeks?)(?:\s+old)?)?(?:\s+now)?[.!]*",
    re.IGNORECASE,
)
_NEW_ONE_IS = re.compile(
    r"^(?:and\s+|so\s+)?(?:the\s+|my\s+|our\s+)?new\s+[a-z]+(?:\s+[a-z]+)?(?:'s|\s+is|\s+are)\s+\S"
    # ... or the one of a role now, named ("building got sold, the landlord's some company called Greystar now")
    r"|^(?:and\s+|so\s+)?(?:the|my|our)\s+[a-z]+(?:'s|\s+is|\s+are)\s+[^,]*?\b(?-i:[A-Z])[a-z]\w*[^,]*\bnow\b",
    re.I,
)
_BARE_AMOUNT_MOVED_ZH = re.compile(
    r"^(?:又|已经|都|也|才)?(?:涨|降|升|减|加|掉|跌|瘦|胖|增|长)(?:了)?到了?\s*\d[\d.]*\s*[^\s，,。！!\d]{0,3}?[了啦]?\W*$"
)
# The subject a Chinese sentence opens with: the speaker, one of their people, or a pronoun.
_SUBJECT_ZH = re.compile(r"我们?(?:家)?(?:的)?(?:" + RELATIONS_ZH + r")|我们?|他们?|她们?")
_OPENS_WITH_RELATION_ZH = re.compile(
    r"(?:新|前|现在的|现任)?(?:" + RELATIONS_ZH + r")[\u4e00-\u9fff]"
)  # ("新老板姓陈": a new one)


_SUPPOSED_ZH = re.compile(r"^\s*" + SUPPOSING_ZH)


def _supposed_rejoined(pieces: list[str]) -> list[str]:
    """A supposition and what would follow it are one clause ("如果我有一百万，我就去环游
    世界"): the consequence alone ("我就去环游世界") would read as a plan."""
    out: list[str] = []
    for piece in pieces:
        if out and _SUPPOSED_ZH.match(out[-1]) and "，" not in out[-1]:
            out[-1] = f"{out[-1]}，{piece.strip()}"
        else:
            out.append(piece)
    return out


def _introduced_rejoined(pieces: list[str]) -> list[str]:
    """Chinese pieces with a predicate put back after the person it is about:
    "我有一个朋友，在北京工作" is the friend's work, one clause, not the speaker's."""
    out: list[str] = []
    for piece in pieces:
        if out and INTRODUCED_ZH.search(out[-1].strip(" ，,")) and re.match(_PREDICATE_ZH, piece.strip()):
            out[-1] = out[-1].rstrip(" ，,") + "，" + piece
        else:
            out.append(piece)
    return out


def _subjected_zh(clause: str, subject: str) -> str:
    """A later clause of a Chinese sentence with the sentence's subject put back
    where it was dropped ("在银行上班" after "我男朋友今年毕业了"); one that opens
    with a person of the speaker's ("儿子在学钢琴") is about them, and one with a
    subject of its own stays as said."""
    if re.search(r"我|他|她", clause):
        return clause
    clause = _ZH_CONJ.sub("", clause)
    return ("我" if _OPENS_WITH_RELATION_ZH.match(clause) else subject) + clause


_TWO_OF_US = re.compile(
    # (a name typed in lower case too: "felix and i called it quits")
    r"^(?:(?:so|and|but|now|also|well|oh|ok|okay|fyi|btw|fwiw|update|heads up),?\s+)*(?:(?:my|our)\s+(?:[a-z-]+'s\s+)?[a-z-]+|[A-Za-z][a-z]+)\s+and\s+(?:I|we)\b",
    re.IGNORECASE,
)
# ... and after a comma, before the verb that says the two of them ("..., Jonah and I are looking")
_PAIR_AFTER_COMMA = re.compile(
    r"(?<=\w),\s+(?=(?-i:[A-Z][a-z]+)\s+and\s+I(?:\s+(?:are|were|have|had|both)\b|'(?:re|ve)\b))"
)
# "it's amoxicillin I'm allergic to", "it was Tuesday we met": the thing said first for weight,
# then what it is for; said in order, it reads as any other statement of the speaker's.
_CLEFT = re.compile(
    r"(?P<lead>^|[,;:—–-]\s*)(?:it's|it is|it was)\s+(?P<x>[\w'.-]+(?:\s+[\w'.-]+)?)\s+(?:that\s+)?"
    r"(?P<who>I|we)(?:(?P<verb>(?:'m|'re|\s+am|\s+are|\s+was|\s+were)?\s+[a-z]+(?:\s+[a-z]+)?)\s+"
    r"(?P<prep>to|with|in|at|for|of|on|from)"
    # or a verb that takes the thing as its object: "it's gluten I can't have", "it's oat milk we buy now"
    r"|(?P<takes>(?:\s+(?:can't|cannot|can|don't|do not|won't|have to|need to|only|usually|mostly))?\s+"
    r"(?:have|eat|drink|take|use|need|buy|get|drive|play|speak|teach|study|own|watch|read|see|visit)))"
    r"(?P<now>\s+(?:now|these days|nowadays|actually|then))?\s*[.!]?$",
    re.IGNORECASE,
)


def _uncleft(clause: str) -> str:
    m = _CLEFT.search(clause)
    if m is None:
        return clause
    if m.group("takes"):
        said = f"{m.group('who')}{m.group('takes')} {m.group('x')}{m.group('now') or ''}"
    else:
        said = f"{m.group('who')}{m.group('verb')} {m.group('prep')} {m.group('x')}{m.group('now') or ''}"
    return clause[: m.start()] + m.group("lead") + said


# "We changed our trip plans", "I changed GP": a change announced with no new
# value; the clause after it says what the value is now.
_ANNOUNCEMENT = re.compile(
    r"^(?:i|we)\s+(?:just\s+|finally\s+)?(?:changed|switched|swapped|replaced|updated|moved)\s+"
    r"(?:my|our|the)?\s*[\w-]+(?:\s+[\w-]+)?$"
    r"|^(?:我们?的?)?[\u4e00-\u9fff]{0,4}(?:换了|改了|变了)$",
    re.IGNORECASE,
)


def _announced(parts: list[str]) -> list[str]:
    """A change announcement joined to the clause that gives its new value, so
    the two are read as one change ("We changed our trip plans, we're going to Portugal")."""
    out: list[str] = []
    for part in parts:
        if out and _ANNOUNCEMENT.match(out[-1].rstrip(" .!。")):
            out[-1] = f"{out[-1]}, {part}"
        else:
            out.append(part)
    return out


# "Karen isn't my boss anymore; Luis is": the second clause leaves out the
# predicate the first one gave; it is restored with the polarity turned.
_BARE_AUX = re.compile(
    r"^(?P<subject>(?-i:[A-Z][a-z]+)(?:\s+(?-i:[A-Z][a-z]+))?|(?:my|our|the|his|her|their)\s+\w+|I|we|he|she|they)\s+"
    r"(?P<aux>is|are|was|were|am|does|do|did|has|have|will|can)(?:n't|\s+not)?(?:\s+(?:now|instead|too|though))?[.!]?$",
    re.IGNORECASE,
)
_PREDICATE = re.compile(
    r"\b(?P<aux>is|are|was|were|am|does|do|did|has|have|will|can)(?:n't|\s+not|\s+no\s+longer)?\s+(?P<rest>.+)$",
    re.IGNORECASE,
)
_NO_LONGER = re.compile(r"\s*\b(?:any ?more|any longer|now|no longer|either|too)\b", re.IGNORECASE)


def _elliptical(parts: list[str]) -> list[str]:
    """An elliptical clause ("Luis is", "but Tom doesn't") given the predicate
    of the clause before it: "Luis is my boss", "Tom doesn't ..."."""
    out: list[str] = []
    for part in parts:
        bare = _BARE_AUX.match(re.sub(r"^(?:and|but)\s+", "", part.strip(), flags=re.IGNORECASE))
        before = _PREDICATE.search(out[-1]) if out and bare else None
        if bare and before:
            rest = _NO_LONGER.sub("", before.group("rest")).strip(" ,.!")
            tail = bare.group(0)[len(bare.group("subject")) :].strip().rstrip(".!")
            part = f"{bare.group('subject')} {tail} {rest}"
        out.append(part)
    return out


# A clause with its subject left out, as people write in chat ("Moved to Lyon
# last month", "Not on keto anymore"): the speaker is the subject. Only verbs
# that report a change or an event of one's own life, in the past, so an
# adjective ("Excited to ...") or a formula ("Got it", "Made my day") is not read as one.
# The verbs of a habit or a need said to be over with the subject dropped ("don't need the
# melatonin anymore", "no longer work at Acme")
_OVER_VERB = (
    r"(?:need|take|use|have|drink|eat|smoke|own|play|wear|drive|ride|go to|work (?:at|for|as)|live (?:in|at|with))\b"
)
_DROPPED_SUBJECT = re.compile(
    r"^(?:(?:finally|just|recently|already|also|officially)\s+)?"
    # (said as done by now: "have increased the SIP to 10k since April")
    r"(?:have\s+(?:(?:just|finally|recently|already|now)\s+)?(?=[a-z]+ed\b))?"
    r"(?:moved|switched|started|quit|stopped|bought|sold|joined|changed|finished|wrapped(?: up)?|adopted|married|retired|hired|took on|"
    r"upgraded|downgraded|transferred|cancell?ed|dropped|graduated|enrolled|signed up|booked|left|traded|"
    r"bumped|upped|raised|lowered|increased|reduced|renewed|replaced|swapped|migrated|relocated|refinanced|"
    r"ported|ditched|rescheduled|postponed|downsized|outgrew|cut (?:down|back|out)|stepped (?:down|back)|resigned|"
    r"handed|moved (?:out|in)|rehomed|had to (?:rehome|sell|give up|put down|quit|move|cancel|drop|leave|step (?:away|back|down))|"
    r"got (?:a|an|my|our|some|new|\d+|promoted|married|engaged|divorced|hired|laid off|back|rid|switched|moved|transferred|put|bumped|rostered)|"
    r"got (?:the|her|his|them|it)(?:\s+[\w'-]+){0,2}\s+(?:down|up)\s+to|got out of|gave up|gave (?:it|them) up|took up|picked up|"
    r"began|became|lost|used to|closed|shut|deleted|deactivated|threw (?:out|away)|tossed|gave (?:the|my|our))\s+\S"
    # what one was given ("got the promotion!!!", "got the keys"), what was done to one ("been made redundant")
    r"|^(?:(?:just|finally|officially)\s+)?(?:got the (?:job|promotion|offer|role|position|place|flat|house|apartment|"
    r"visa|keys|all clear|grant|scholarship)|tested (?:positive|negative)|(?P<been_done>been) (?:made redundant|laid off|let go|promoted|fired|"
    r"diagnosed|accepted|offered|approved|admitted|discharged))\b"
    # a past verb of one's own doing with its object, place or companion right after ("Took a
    # short trip to Rome", "Met lots of new people", "Just skyped with an old friend"); not a verb
    # of liking ("Loved this spot": a reaction), an adjective ("Excited to ...") or a formula ("Made my day")
    r"|^(?:(?:just|finally|recently|also|then)\s+)?(?!(?:loved|liked|enjoyed|hated|adored|missed|appreciated|"
    r"excited|tired|bored|pleased|surprised|interested|amazed|scared|worried|used|supposed|made my)\b)"
    # (not what a thing took: "Took some trial and error", "took a while to get used to")
    r"(?!took\s+(?:some\s+|a\s+(?:(?:bit|lot|little)\s+(?:of\s+)?)?)?(?:time|while|effort|work|trial|practice|patience|"
    r"guts|courage|ages|forever|getting used)\b(?!\s+off\b))"
    r"(?:took|met|went|saw|spent|found|had|ran|wrote|won|built|caught|flew|drove|ate|sang|brought|bought|paid|sent|"
    r"broke|hurt|tore|cut|burnt|made|[a-z]{3,}ed)\s+(?:a|an|the|my|our|some|lots of|a lot of|a few|a couple of|two|three|"
    r"with|up|out|back|around|it|them|\d+"
    # (or someone by name: "Met Jess for lunch", "Saw Priya at the market")
    r"|(?-i:[A-Z][a-z]+)(?=\s+(?:for|at|in|on|from|after|yesterday|today|last)\b))\s+\S"
    # a measure taken of oneself, its subject left out ("weighed in at 198 this morning", "clocked in at 22:40"),
    # a mark reached ("hit 245 today", "ran 26:45 at parkrun")
    r"|^(?:(?:just|finally|also|then)\s+)?(?:weighed|clocked|came)\s+in\s+at\s+[$€£¥]?\d"
    r"|^(?:(?:just|finally|also|then|officially)\s+)?(?:hit|reached|ran|clocked|scored|benched|squatted|deadlifted|swam)"
    r"\s+(?:a\s+)?[$€£¥]?\d"
    # "Been discussing a project": a present perfect with its subject left out
    r"|^(?P<been>been)\s+(?!there\b)(?:\w+ing\s+\S"
    # ... or a state held since a time, said with it ("been fully vegan since March"; not "been
    # hectic lately": a mood)
    r"|(?:\w+ly\s+)?\w+(?=.*\b(?:since|now|for (?:about |around |almost |nearly |over )?(?:a|an|\d+|a few|a couple of|two|three|"
    r"four|six) (?:days?|weeks?|months?|years?))\b))"
    # a present participle with "now": "going to Crunch now", "using Linear these days"
    r"|^(?P<ing>(?!(?:going to be|getting(?!\s+(?:closer|up|down|more|less|better)\b)|nothing|something|anything|everything|thing|morning|evening|during|"
    r"spring|king|ceiling|wedding|building|meeting|feeling|ring|sibling|darling|pudding)\b)\w{2,}ing)"
    # not a gerund that is the subject ("Gaming has brought me ...") or begins it ("Baking day is Saturday now")
    r"(?!\s+(?:[a-z]+\s+)?(?:has|have|had|is|was|are|were|makes|made|can|will|gives|gave|keeps|brings|brought)\b)"
    r"\s+(?=.*\b(?:now|these days|nowadays|as of)\b)\S"
    # ... or a plan with its time to come: "Moving to Denver in June", "Heading to Paris next week"
    # (not a gerund subject with its verb later: "Running in January is tough")
    # (not "starting next month management switched us ...": a time said first, then a clause of its own)
    r"|^(?!(?:starting|beginning)\s+(?:next|this)\s+\w+\s+(?!(?:at|with|as|in|on|for)\b)\w+\s+\w+ed\b)"
    r"(?P<plan>(?:moving|heading|flying|driving|going|starting|leaving|visiting|travel(?:l)?ing|relocating)\b"
    r"|off to(?=\s+(?-i:[A-Z])))"
    r"(?!.*\b(?:is|are|was|were|can be|has been)\b)"
    r"(?=.*\b(?:tomorrow|tonight|next (?:week|month|year|weekend|\w+day)|this (?:weekend|week|month|summer|fall|autumn|"
    r"winter|spring|\w+day)|in (?:january|february|march|april|may|june|july|august|september|october|november|"
    r"december)|on (?:mon|tues|wednes|thurs|fri|satur|sun)day|on the \d{1,2}(?:st|nd|rd|th)|"
    r"(?:for|at|over) (?:christmas|easter|new year))\b)\s+\S"
    # ... or an activity of one's life under way, with its object ("Training for a half marathon in
    # April", "saving up for a new car", "going through a divorce"); not how one is doing ("doing
    # great"), a wish or a formula ("looking forward to it", "working on it", "taking care")
    r"|^(?P<act>(?:training|learning|studying|saving|taking|planning|looking for|going through|doing|working|writing|"
    r"building|renovating|applying|preparing|practi[cs]ing|volunteering|coaching|teaching|raising|caring for|"
    r"dealing with|recovering from|interviewing|house-hunting|job-hunting|renting|selling|fostering|expecting)\b)"
    r"(?!\s+(?:well|good|great|fine|ok|okay|better|worse|it|that|this|on it|out|fun|care|a lot|so much|"
    r"forward|the same|nothing|my best|our best|some thinking|a break)\b)"
    # (not a gerund that is the subject of a verb after it: "Taking a risk is scary", "Volunteering
    # at the shelter made me feel great")
    r"(?!.*\b(?:is|are|was|were|can|could|has been|have been|made|makes|helps?|helped|gives?|gave|will|would|"
    r"keeps?|brings?|brought|takes|took)\b)"
    r"(?=\s+(?:for|to|up|through|from|on|at|with|in|as|a|an|the|my|our|some|two|three|\d+|(?-i:[A-Z])\w*)\b)\s+\S"
    # a habit or a need said to be over, its subject dropped ("don't need the melatonin anymore")
    r"|^(?P<over>(?:(?:don't|do not|dont)\s+" + _OVER_VERB + r"(?=.*\b(?:anymore|any more|any longer)\b)"
    r"|no longer\s+" + _OVER_VERB + r"))"
    # a standing state said to hold still, its subject left out ("Still vegan!", "still at Deloitte",
    # "Still single"); not how one is this minute ("still tired", "still at the office")
    r"|^(?P<held>still)\s+(?=(?:single|vegan|vegetarian|married|engaged|divorced|sober|unemployed|retired|"
    r"pregnant|job[- ]hunting|house[- ]hunting|flat[- ]hunting)\b|(?:at|in|with)\s+(?-i:[A-Z])"
    r"|(?:working|living|teaching|studying)\s+(?:at|in|for|with)\s+(?:(?-i:[A-Z])|(?:my|our)\s))\S"
    # where one lives or works, after what one is ("I'm a midwife, based in Brighton", "..., living in Leeds")
    r"|^(?P<where>based|living|located)\s+(?=(?:in|at|near|out of)\s+(?-i:[A-Z]))\S"
    # not an evaluation of doing something ("Not easy facing setbacks": it is not easy)
    r"|^(?P<not>not|no longer)\s+(?!\w+\s+\w+ing\b)(?!(?:really|sure|quite|bad|much|yet|that|this|it|now|at all|exactly|necessarily|"
    r"always|often|ever|even|too|so|very|today|tonight|anymore|\w+ly)\b)"
    # a state of the speaker's said over or held ("Not on keto anymore", "not at Acme", "not drinking"),
    # not a bare judgement ("Not far", "Not Abena-level": of the thing just spoken of)
    r"(?=(?:on|at|in|with|into|from|for|a|an|\w+ing)\b|.*\b(?:anymore|any more|any longer|these days|nowadays|since|now)\b"
    r"|(?<=no longer\s))\S",
    re.IGNORECASE,
)


_SELDOM_DONE = re.compile(
    r"^(?:never|barely|hardly|rarely|only ever)\s+(?:[a-z]{3,}ed|used|went|saw|did|got|had|took|ate|wore|read|rode|drove|made|bought|paid|spent)\b",
    re.IGNORECASE,
)


_OVER_SAID = re.compile(r"\b(?:anymore|any more|any longer|no longer)\b", re.IGNORECASE)
_PARTICIPLE = re.compile(
    r"(?!(?:including|according|regarding|considering|nothing|something|anything)\b)[a-z]{3,}ing\b"
)


def _past_after_comma(clause: str) -> list[str]:
    """A clause whose subject was dropped after a comma, told in the past ("I'm not coaching
    anymore, handed it off to another parent"; "we sold the house, moved in with my mum"): a
    statement of its own, so the one before it is read alone (an ending stays an ending)."""
    for comma in re.finditer(r",\s+", clause):
        left, right = clause[: comma.start()], clause[comma.end() :]
        m = _DROPPED_SUBJECT.match(right)
        seldom = _SELDOM_DONE.match(right)  # "i cancelled hulu, never watched it"
        if (
            (
                seldom is not None
                or (m is not None and not any(m.group(g) for g in ("been", "ing", "plan", "not", "act", "over")))
                # "don't need the melatonin anymore, sleeping fine without it": how it is now, after the ending
                or (_OVER_SAID.search(left) is not None and _PARTICIPLE.match(right) is not None)
            )
            and len(left.split()) >= 3
            and (re.search(r"\b" + _SUBJECT_EN, left, re.IGNORECASE) or _DROPPED_SUBJECT.match(strip_lead(left)))
            and is_statement(_with_subject(left))
        ):
            doer = re.match(r"(we|he|she|they)\b", strip_lead(left), re.IGNORECASE)  # "we sold it, moved ...": we did
            said = doer.group(1) if doer else "I" if seldom else None  # "never watched it": I never did
            return [left, *_past_after_comma(f"{said} {right}" if said else right)]
    return [clause]


# "since we moved apartments last week it's more like 50 min": what changed it, then the state
# as it is now, with no comma between; each a statement of its own
_SINCE_FIRST = re.compile(
    # (not "since we last spoke": when, not why)
    r"^(?:since|ever since|now that)\s+(?!(?:i|we)\s+(?:last|spoke|talked|chatted|caught up|saw|met)\b)"
    r"(?P<why>(?:i|we|my|our)\b.{6,}?)\s+"
    r"(?P<now>(?:it's|it is|that's|i'm|i am|we're|we are)\s+.+)$",
    re.IGNORECASE,
)


def _since_first(clause: str) -> list[str]:
    m = _SINCE_FIRST.match(clause)
    return [m.group("why"), m.group("now")] if m else [clause]


# A clause whose subject is one of the speaker's people or "he" / "she", said in a state
# ("My father is much better", "she's been so sharp"): the clause after it with its subject
# left out goes on about that person ("..., walking without the special shoe now").
_OTHER_SUBJECT = re.compile(
    r"^(?:(?:and|but|so)\s+)?(?P<np>(?:my|our)\s+(?:" + RELATIONS_EN + r")|he|she)"
    r"(?P<verb>'s|'re|\s+(?:is|are|was|were|has|have|had)\b)",
    re.IGNORECASE,
)


def _subjects_given(parts: list[str], first: str = "") -> list[str]:
    """Each clause with its subject: the speaker where it left it out, or the person
    the clause before it (``first``: the sentence before, for the first clause) was about."""
    out: list[str] = []
    for before, part in zip([first, *parts], parts):
        other = _OTHER_SUBJECT.match(strip_lead(before))
        out.append(_with_subject(part, other.group("np") if other else "I"))
    return out


def _with_subject(clause: str, subject: str = "I") -> str:
    """The clause with its subject put back when it left it out: the speaker ("I"), or the
    person ``subject`` names ("my father") when the clause before was about them."""
    body = strip_lead(clause)
    m = _DROPPED_SUBJECT.match(body)
    if m is None:
        return clause
    progressive = not m.group("over") and (
        m.group("not") or m.group("ing") or m.group("plan") or m.group("act") or m.group("held") or m.group("where")
    )
    if subject == "I" or m.group("over"):  # (a habit said over keeps the speaker's "don't")
        lead = "I've " if m.group("been") or m.group("been_done") else "I'm " if progressive else "I "
    else:
        plural = subject.split()[-1].casefold() in SEVERAL_PEOPLE if subject.split() else False
        has, be = ("have", "are") if plural else ("has", "is")
        said = subject[:1].upper() + subject[1:]
        lead = (
            f"{said} {has} "
            if m.group("been") or m.group("been_done")
            else f"{said} {be} "
            if progressive
            else f"{said} "
        )
    return clause[: len(clause) - len(body)] + lead + first_lowered(body)


# "Rent went up, it's 1,950 now", "The meeting got moved, it's on Friday": a
# second clause whose subject "it" is the first clause's noun subject.
_IT_AFTER_NOUN = re.compile(
    r"^(?P<np>(?:(?:the|my|our|his|her|their)\s+)?(?:(?!(?:is|are|was|were|has|have|had|went|got)\b)[\w-]+\s+)?"
    r"(?!(?:is|are|was|were|has|have|had|went|got)\b)[\w-]+?)"
    r"(?:'s\s+|\s+(?:is|are|was|were|has|have|had|went|got|\w+ed)\b).*?,\s+"
    r"(?P<it>it(?:'s|\s+is|\s+was|\s+has))\s+(?P<rest>.+)$",
    re.IGNORECASE,
)
_NOT_A_NOUN = frozenset(
    [
        *("i", "we", "he", "she", "they", "it", "it's", "that", "this", "there", "here", "you", "who", "what", "which"),
        *("the", "a", "an", "all", "both", "some", "so", "then", "just", "also", "still", "life", "everything"),
        *("nothing", "something", "anything", "one", "each", "sometimes", "really", "now", "maybe", "even"),
    ]
)


def _it_resolved(clause: str) -> list[str]:
    """The clause split before a later "it's ..." that refers to its noun
    subject, with "it" replaced by that subject."""
    m = _IT_AFTER_NOUN.match(clause)
    head = m.group("np").lower().split() if m else []
    if m is None or (head[0] not in ("the", "my", "our", "his", "her", "their") and head[0] in _NOT_A_NOUN):
        value = _IT_VALUE.search(clause)
        if value and value.start() and clause[: value.start()].rstrip().endswith(","):
            # "they raised netflix again, it's 17.99 now": no noun for "it" here, but the value
            # with the change said is a clause of its own, left to reconcile
            return [clause[: value.start()].rstrip(" ,"), clause[value.start() :]]
        return [clause]
    if not re.search(r"\d|\b(?-i:[A-Z])(?:\w|[+-](?!\w))", m.group("rest")):  # "O+", "A-": a grade or a type
        return [clause]  # "..., it's such an awesome feeling": "it" is the situation, not the thing
    verb = {"'s": "is", " is": "is", " was": "was", " has": "has"}.get(m.group("it")[2:].replace("’", "'"), "is")
    first = clause[: m.start("it")].rstrip(" ,")
    if re.search(r"\b(?:it|them)$", first, re.IGNORECASE):
        # "landlord bumped it, it's $1,600 now": "it" is the object both times, the thing
        # spoken of before, not the landlord; the value is a clause of its own, left to reconcile
        return [first, clause[m.start("it") :]]
    np = m.group("np")
    return [first, f"{np[:1].lower() + np[1:]} {verb} {m.group('rest')}"]


# "I live in Madrid and work at Telefonica", "We teach piano and run a small studio": the
# first person's verbs take no "-s", so two verb phrases are known by their verbs, each one
# of the verbs people state their lives with, and what opens the second's complement
# ("I buy bread and milk at the store" coordinates two objects: "milk" is no such verb).
_LIFE_VERBS = (
    "work|live|run|teach|study|play|drive|own|have|take|use|coach|manage|lead|volunteer|write|cook|train|"
    "practi[cs]e|attend|love|like|enjoy|speak|read|walk|bike|cycle|commute|rent|share|help|visit|sing|paint|"
    "build|design|sell|make|keep|spend|stay|go|do|care|raise|mentor|host|organi[sz]e|tutor|swim|dance|"
    "wake|leave|start|finish|sleep|eat|shower|meditate|pray|jog|lift|nap|drink|smoke|wear|watch|listen|hike|bake"
)
_SHARED_FIRST_PERSON = re.compile(
    r"^(?P<subject>[Ii]|[Ww]e)\s+(?P<verb>(?:also\s+)?(?-i:(?:" + _LIFE_VERBS + r")))\b(?P<rest>.+?)\s+(?:and|but)\s+"
    # an adverb of habit may come before the second verb ("... and usually get coffee at Pret")
    r"(?P<second>(?:(?:also|usually|often|always|sometimes|normally|then)\s+)?(?-i:(?:"
    + _LIFE_VERBS
    # a light verb only as a habit ("and usually get coffee at Pret"; not "get our creative on")
    + r")|(?:usually|often|always|normally)\s+(?:get|grab|buy))\s+(?:for|at|in|on|to|with|from|as|the|a|an|my|our|two|three|"
    # ... or its object as a bare noun and more said of it ("... and teach piano to kids on weekends")
    r"some|coffee|tea|lunch|breakfast|dinner|\w+ing|\w+s|(?!(?:it|that|this|them|him|her|me|you|us|out|up)\b)[a-z]{3,}(?=\s+\w+\s+\w))\b.*)$"
)

# Two doings in progress, one copula ("I'm doing a masters at UCD and working part time in a pub")
_DOINGS = (
    r"(?:working|living|studying|doing|teaching|training|volunteering|renting|running|learning|taking|coaching|"
    r"raising|caring|looking after|playing|writing|building)"
)
# "I'm on 20mg of lisinopril and take vitamin D daily": a copula clause, then a verb of the
# same subject with the subject dropped.
_DOING_AFTER_AGE = r"live|work|have|own|run|study|teach|drive|play|love|hate|use|do|go|train|volunteer|coach"
_AGE_AND_STATE = re.compile(
    r"^(?P<head>I'm|I am)\s+(?P<age>\d{1,2})\s+and\s+(?P<second>(?!(?:a|an|the|so|still|just|i|my|"
    + _DOING_AFTER_AGE
    + r")\b)[a-z][\w-]*(?:\s+[\w-]+){0,2})$",
    re.IGNORECASE,
)
_AGE_AND_DOING = re.compile(
    r"^(?P<who>I'm|I am|(?:my|our)\s+[\w-]+(?=(?:'s|\s+is)\s)|(?-i:[A-Z])[a-z]+(?=(?:'s|\s+is)\s))(?:'s|\s+is)?\s+"
    r"(?P<age>\d{1,2})\s+and\s+(?P<second>(?:(?:"
    + _DOING_AFTER_AGE
    + r")s?|"
    + _DOINGS
    + r"|wants|needs|goes|does|has|loves|"
    # ... or a change just made ("im 28 and just started as a plumber's apprentice")
    r"(?:just\s+|recently\s+)?(?:started|got|moved|joined|became|began|finished|left|bought|switched))\b.*)$",
    re.IGNORECASE,
)
_SHARED_AFTER_COPULA = re.compile(
    r"^(?P<head>(?P<subject>I|We)(?:'m|'re|\s+am|\s+are))\s+(?P<rest>.+?)\s+and\s+"
    r"(?P<second>(?:also\s+)?(?-i:(?:" + _LIFE_VERBS + r"))\s+\w.*"
    # ... or what the speaker is doing now ("I'm from Kochi originally and now working as a nurse in Dubai")
    r"|now\s+" + _DOINGS + r"\s+\w.*"
    # ... or what the speaker can't or won't do ("I'm vegan and can't eat soy either")
    r"|(?:also\s+)?(?:can't|cannot|can not|don't|do not|never)\s+(?-i:(?:"
    + _LIFE_VERBS
    + r"|eat|stand|tolerate))\b.*)$"
)
_TWO_DOINGS = re.compile(
    r"^(?:(?P<head>(?:I|We)(?:'m|'re|\s+am|\s+are))\s+)?(?P<rest>(?:also\s+)?" + _DOINGS + r"\s+.+?)\s+and\s+"
    r"(?P<second>(?:also\s+)?" + _DOINGS + r"\s+\w.*)$"
)

# A first part that may govern the verb after "and" ("excited to work hard and make an
# impact", "gonna stay determined and make my own path", "happier being around them and love
# myself"): the second verb is no clause of its own.
_GOVERNS_A_VERB = re.compile(
    r"\b(?:to|gonna|wanna|gotta|can|could|will|would|should|might|must|being)\b|\b\w+ing\b", re.IGNORECASE
)

# "I have a Tesla Model 3 and a road bike", "We own a dog and two cats": two things of one
# verb, each with its own article, are two facts (selling the Tesla leaves the bike); "bread
# and milk", with no article of their own, stay one.
_TWO_THINGS = re.compile(
    r"^(?P<head>(?:I|We|My\s+\w+|Our\s+\w+)\s+(?:have|has|own|owns|drive|drives|use|uses|keep|keeps)\s+)"
    r"(?P<one>(?:a|an|one|two|three|my|our)\s+[\w'-]+(?:\s+[\w'-]+){0,3}?)\s*,?\s+and\s+"
    r"(?P<two>(?:a|an|one|two|three|my|our)\s+[\w'-]+(?:\s+[\w'-]+){0,3})$"
)
# How each of two things is done: "for coding", "with a tutor", "online".
_ITS_WAY = r"(?:\s+(?:for|at|in|on|with|from|by)\s+[\w'-]+(?:\s+[\w'-]+)?|\s+(?:online|at home|daily|weekly))"
# "I use VS Code for coding and Notion for notes": one verb, two things each for its own use;
# "we're with Octopus for energy and BT for broadband": providers, each for its own service.
_GAPPED_HEAD = (
    r"^(?P<head>(?:I|We)(?:'m|'re|\s+am|\s+are)?\s+(?:use|uses|drink|eat|read|take|prefer|like|love|learning|"
    r"studying|taking|playing|practi[cs]ing|with|on|banking with|insured with)\s+)"
)
_GAPPED = re.compile(
    _GAPPED_HEAD + r"(?P<one>[\w'. -]+?" + _ITS_WAY + r")\s*,?\s+and\s+(?P<two>[\w'. -]+?" + _ITS_WAY + r")$"
)
# ... and three or more ("I use a Kindle for reading, a Garmin for running, and my phone for
# everything else"): each part a thing and its own use.
_GAPPED_LIST_HEAD = re.compile(_GAPPED_HEAD)
_GAPPED_PART = re.compile(r"[\w'. -]+?" + _ITS_WAY + r"(?:\s+[\w'-]+)?")


_LIST_HEAD = re.compile(r"^(?P<subject>I|We)\s+(?=(?-i:(?:" + _LIFE_VERBS + r"))\b)")
_LIST_SEP = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+")
_LIFE_VERB = re.compile(r"(?:also\s+)?(?:" + _LIFE_VERBS + r")\s+\w", re.IGNORECASE)
# "I'm 34, work as a paralegal and have two kids", "I'm vegetarian, drink maybe two coffees a day
# and never touch alcohol": what the speaker is, then verbs of theirs with the subject dropped
# (each a verb of one's life, with an adverb of habit at most before it; never "work was crazy")
_COPULA_HEAD = re.compile(r"^(?P<head>(?P<subject>I|We)(?:'m|'re|\s+am|\s+are))\s+(?P<first>[^,]+?)\s*,\s*")
_LISTED_VERB = re.compile(
    # not a wish to the listener ("I'm so sorry, have a good day", "take care", "enjoy it")
    r"(?!(?:have (?:a|an)\s+(?:good|great|nice|lovely|wonderful|safe|fun|blast)|have fun|take care|enjoy|"
    r"stay|keep (?:me|us|it)|let)\b)"
    r"(?:(?:also|never|usually|often|always|rarely|sometimes|still|mostly)\s+)?"
    r"(?-i:(?:" + _LIFE_VERBS + r"|drink|smoke|touch|eat))\s+(?!(?:is|was|are|were|has|had|been)\b)\w",
)


def _verb_list(text: str) -> list[str] | None:
    """Three or more verb phrases of one subject in a list ("I live in Bristol, work at
    Airbus, and cycle everywhere"), or what the speaker is and then verbs of theirs, each
    with the subject; None when it is no such list."""
    head = _LIST_HEAD.match(text)
    if head is None:
        said = _COPULA_HEAD.match(text)
        if said is None or len(said.group("first").split()) > 4 or _LISTED_VERB.match(said.group("first")):
            return None
        parts = _LIST_SEP.split(text[said.end() :])
        if not all(_LISTED_VERB.match(part) for part in parts):
            return None
        subject = said.group("subject")
        return [f"{said.group('head')} {said.group('first')}", *(f"{subject} {part}" for part in parts)]
    parts = _LIST_SEP.split(text[head.end() :])
    if len(parts) < 3 or not all(_LIFE_VERB.match(part) for part in parts):
        return None
    return [f"{head.group('subject')} {part}" for part in parts]


def _gapped_list(text: str) -> list[str] | None:
    """Three or more things of one verb, each with its own use, as one clause each."""
    head = _GAPPED_LIST_HEAD.match(text)
    if head is None:
        return None
    parts = _LIST_SEP.split(text[head.end() :])
    if len(parts) < 3 or not all(_GAPPED_PART.fullmatch(part) for part in parts):
        return None
    return [head.group("head") + part for part in parts]


# A second verb whose object is a bare noun ("... and teach piano ..."), and what may govern it
# in the first part ("how you use it to tell ...", "what I want to do")
_BARE_OBJECT = re.compile(
    r"(?:(?:also|usually|often|always|sometimes|normally|then)\s+)?\w+\s+(?!(?:for|at|in|on|to|with|from|as|the|a|an|"
    r"my|our|two|three|some|coffee|tea|lunch|breakfast|dinner)\b)(?!\w+ing\b)(?!\w+s\b)",
    re.IGNORECASE,
)
_GOVERNING = re.compile(r"\b(?:to|how|what|when|where|why|you|your|that|which|who)\b", re.IGNORECASE)
_ABOUT_THE_LISTENER = re.compile(r"\b(?:how|what|why)\s+(?:you|your)\b", re.IGNORECASE)


def _shared_subject(clause: str) -> list[str]:
    """Two verb phrases of one subject as two clauses, each with the subject;
    two things of one verb, each with its article or its own use, likewise."""
    text = clause.rstrip(" .!")
    two = _TWO_THINGS.match(text) or _GAPPED.match(text)
    if two is not None:
        return [two.group("head") + two.group("one"), two.group("head") + two.group("two")]
    listed = _verb_list(text) or _gapped_list(text)
    if listed:
        return listed
    aged = _AGE_AND_STATE.match(text)
    if aged is not None:  # "I'm 28 and gluten intolerant": an age, and a state of its own
        return [f"{aged.group('head')} {aged.group('age')}", f"{aged.group('head')} {aged.group('second')}"]
    aged = _AGE_AND_DOING.match(text)
    if aged is not None:  # "my daughter's 15 and wants a job", "I'm 34 and work nights": an age, and a doing
        who = "I" if aged.group("who").lower() in ("i'm", "i am") else aged.group("who")
        be = "I'm" if who == "I" else f"{who} is"
        doing = re.match(_DOINGS + r"\b", aged.group("second")) is not None  # "... and training for ...": be + -ing
        return [f"{be} {aged.group('age')}", f"{be if doing else who} {aged.group('second')}"]
    doings = _TWO_DOINGS.match(text)
    # (not where a gerund governed by a preposition comes before "and": "living the dream by having a
    # studio and teaching others" coordinates the two gerunds)
    if doings is not None and not re.search(
        r"\b(?:by|from|of|about|for|without|after|before)\s+\w+ing\b", doings["rest"]
    ):
        if doings.group("head"):
            return [
                f"{doings.group('head')} {doings.group('rest')}",
                f"{doings.group('head')} {doings.group('second')}",
            ]
        first = _with_subject(doings.group("rest"))  # its subject dropped: the second shares what the first is given
        if first.startswith("I'm "):
            return [first, "I'm " + doings.group("second")]
    copula = _SHARED_AFTER_COPULA.match(text)
    if copula is not None and not _GOVERNS_A_VERB.search(copula.group("rest")):
        second = copula.group("second")
        # "... and now working as a nurse": be + -ing, with the copula said first
        lead = copula.group("head") if second.startswith("now ") else copula.group("subject")
        return [f"{copula.group('head')} {copula.group('rest')}", f"{lead} {second}"]
    m = _SHARED_SUBJECT.match(text) or _SHARED_FIRST_PERSON.match(text)
    if m is None:
        return [clause]
    if _ABOUT_THE_LISTENER.search(m.group("rest")) or (
        _BARE_OBJECT.match(m.group("second")) and _GOVERNING.search(m.group("rest"))
    ):
        return [clause]  # "I love how you use it to tell stories and teach people ...": governed, no clause
    return [f"{m.group('subject')} {m.group('verb')}{m.group('rest')}", f"{m.group('subject')} {m.group('second')}"]


# "New personal trainer at the gym: Marco", "We have a new landlord, Mrs. Patel", "The club
# hired a new coach, Ms. Ito" (the speaker's club), "I started seeing a new therapist, Dr.
# Ruiz", "Favourite
# show right now: The Bear": a thing of the speaker's named, then its value after a colon,
# a dash or a comma, with no verb between; said as the copula it leaves out.
_NAMED_VALUE = re.compile(
    r"^(?:(?:I|we|(?P<lead>(?:the|our|my)\s+[\w'-]+))\s+(?:have|has|'ve got|have got|got|hired|found|signed|"
    r"started (?:seeing|with|going to)|switched to|(?:am|'m) seeing)\s+)?"
    r"(?:(?:a|an|my|our|the)\s+)?"
    r"(?P<x>(?:new|current|favou?rite|fav|latest|next)\s+[\w'-]+(?:\s+(?!(?:right|now|today|named|called)\b)[\w'-]+){0,2}?"
    r"(?:\s+(?:at|for|in|of)\s+(?:the\s+|my\s+|our\s+)?[\w'-]+)?)"
    r"(?P<now>\s+(?:right now|now|these days))?"
    # "Ms. Ruiz" after a colon, a dash or a comma; or any name after "named" / "called" ("a new
    # manager named Priya", "a new coach, a guy called marcus")
    r"(?:\s*(?:[:—–]|,|\s-)\s*(?P<v>(?!(?:I|We|It|That|This)\b)(?-i:[A-Z0-9$€£¥])[^,;:]{0,40}?)"
    r"|,?\s+(?:(?:a|an)\s+(?:guy|man|woman|lady|girl|dude|person)\s+)?(?:named|called)\s+"
    r"(?P<n>(?!(?:i|we|it|that|this|after|because)\b)[\w'.-]+(?:\s+(?-i:[A-Z])[\w'.-]+)?))[.!]*$",
    re.IGNORECASE,
)
# The people whose new one a "has a new ..." names: "my daughter has a new teacher, Ms. Ruiz"
# is the daughter's teacher; "the club hired a new coach" is the speaker's (their club's).
_RELATION_LEAD = re.compile(r"(?:my|our)\s+(?:" + RELATIONS_EN + r")$", re.IGNORECASE)


# "Goal for this year: run a sub-4 marathon", "Current commute: 40 min by bus": a label
# of the speaker's and its value, as people jot them down; not a note's heading ("Update:",
# "Reminder:", "Day 3:"), a question's ("Q:") or a quote's ("He said: ...").
_LABELLED = re.compile(
    r"^(?:my\s+)?(?P<label>(?!(?:my|our|update|news|fyi|note|notes|ps|p\.s|btw|edit|question|q|a|answer|reminder|todo|"
    r"to-do|tip|tips|warning|re|subject|title|summary|tl;?dr|context|fun fact|quick question|he|she|they|it|"
    r"that|this|anyway|also|so|well|ok|okay|lol|omg|wow|yes|no|hi|hey|thanks|change of plans?|plot twist|"
    # a count of points ("Two things. One: they said yes to 178")
    r"one|two|three|four|five|first|second|third|last|next|"
    # the moment's, or a remark's, not the speaker's standing facts
    r"mood|feeling|feelings|status|vibe|vibes|verdict|weather|result|results|reason|point|problem|issue|idea|"
    r"thoughts|opinion|lesson|takeaway|example|step|steps|option|options|pros|cons|conclusion|"
    r"advice|suggestion|recommendation|hint)\b)"  # said to the listener
    r"[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,3}):\s+(?P<v>[^:?]{1,60}?)[.!]*$",
    re.IGNORECASE,
)
# Labels whose value is something to do ("Goal for this year: run ..."): "is to run".
_AIMS = frozenset(["goal", "goals", "plan", "plans", "aim", "resolution", "target", "dream", "mission", "priority"])


# A past verb whose reading follows it ("weighed in", "clocked", "finished"): "... at <value>".
_READ_OFF = re.compile(r"(?:weighed|clocked|finished|timed|measured)\b", re.IGNORECASE)


_LABEL_TIMED = re.compile(
    r"^(?P<label>(?:my\s+)?(?:new|current)\s+[\w'-]+(?:\s+[\w'-]+)?)\s+"
    r"(?P<when>(?:as of|starting|from|effective)\s+[\w-]+(?:\s+[\w-]+)?)\s*:\s*(?P<v>[^:?]+?)[.!]*$",
    re.IGNORECASE,
)


def _predicated(sentence: str) -> str:
    """A named value said without its verb, with it: "my new landlord is Mrs. Patel";
    a label and its value as one: "my goal for this year is to run ..."."""
    # "new address as of saturday: 220 Harbor Rd": the time the label carries goes after its value
    sentence = _LABEL_TIMED.sub(r"\g<label>: \g<v> \g<when>", sentence.strip())
    labelled = _LABELLED.match(sentence)
    if labelled and labelled.group("label").split()[0].lower().endswith("ed"):
        # "weighed in this morning: 79.4": what the speaker did and its reading, no label
        said = labelled.group("label")
        return f"I {said} at {labelled.group('v').strip()}" if _READ_OFF.match(said) else sentence
    if labelled and not re.search(r"\d", labelled.group("label")) and not is_formula(labelled.group("label")):
        label, value = labelled.group("label"), labelled.group("v").strip()
        aim = label.split()[0].lower() in _AIMS and not value.lower().startswith("to ")
        return f"my {label[:1].lower() + label[1:]} is {'to ' if aim else ''}{value}"
    m = _NAMED_VALUE.match(sentence.strip())
    value = m.group("v") or m.group("n") if m else None
    if m is None or value is None or len(value.split()) > 4:
        return sentence
    x = m.group("x")
    lead = m.group("lead")
    whose = f"{lead}'s" if lead and _RELATION_LEAD.fullmatch(lead) else "my"
    return f"{whose} {x[:1].lower() + x[1:]} is {value}{' now' if m.group('now') else ''}"
