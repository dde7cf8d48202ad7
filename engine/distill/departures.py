"""A person of the speaker's who left the place or the work they shared, or
the work by which they cared for the speaker ("Dr Lee retired" ends "my
therapist is Dr. Lee"; a title before a name is no part of it).

"Sam moved out" ends "my roommate is Sam"; "Raj transferred to the London
office" ends "my coworker Raj sits next to me"; "小陈搬走了" ends "我室友叫小陈";
"王总离职了" ends "我老板姓王". The leaving is said of the person by name, so
the statement's subject is the person, not the speaker, and nothing aligns it
with the belief that names them in a role: this module ties the two.

Only a role held by living or working together ends, and only by the kind of
leaving that ends it: a brother who moved out is still a brother, and a
roommate who quit her job is still a roommate. A belief that names other
people beside the one who left ("I share a flat with Jess and Ana") is left
as it is: what holds of the others is not said.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ledgermind.distill.alignment import negated
from ledgermind.distill.generic_decision import Decision
from ledgermind.distill.proposals import Proposal
from ledgermind.distill.statements import LEFT_PRONOUN_EN
from ledgermind.distill.text import is_cjk
from ledgermind.distill.views import BeliefView

__all__ = ["departed", "says_leaving"]

# Roles held by sharing a home, and the leavings that end them.
_HOME_ROLES = re.compile(
    r"\b(?:room ?mates?|flat ?mates?|house ?mates?|lodgers?|tenants?|landlord|landlady|neighbou?rs?|"
    r"lives? with (?:me|us|the user)|living with (?:me|us|the user))\b|室友|舍友|合租|房东|邻居|同住|住在一起",
    re.IGNORECASE,
)
_LEFT_HOME = (
    r"(?:moved out|moved away|moved to|moved back|relocated|is moving out|'s moving out|sold up|"
    r"(?:went|gone) to live with (?!(?:us|me|the user)\b)|"
    r"left the (?:flat|apartment|house|place)|moved into (?!(?:our|my|their|the user's)\b))"
)
# Roles held by working together, and the leavings that end them.
_WORK_ROLES = re.compile(
    r"\b(?:co-?workers?|colleagues?|boss|manager|supervisor|team ?mates?|team lead|desk ?mates?|"
    r"sits? next to (?:me|the user)|works? with (?:me|us|the user)|reports? to)\b|同事|老板|领导|上司|经理|主管|组长|搭档",
    re.IGNORECASE,
)
_LEFT_WORK = (
    # "left" alone, or left a work: not "left for their vacation"
    r"(?:left(?:\s+(?:the|his|her|their|our)\s+(?:company|job|firm|team|office|department|agency|practice))?"
    r"(?=\s*(?:$|[.,!;]|and\b|so\b|in\b|on\b|last\b|this\b|yesterday\b|a (?:week|month|year)\b|for good\b|"
    # ... or left for another work ("Priya left for a hospital job"), not for a holiday
    r"for (?:a|an|another|a new|a better) (?:[\w-]+\s+)?(?:job|role|position|post|company|firm|agency)\b))|"
    r"quit|resigned|retired|transferred|got transferred|was transferred|(?:got|was) promoted out(?: of (?:the|our|my|their) \w+)?|"
    r"got (?:fired|laid off|let go)|was (?:fired|laid off|let go)|is leaving|'s leaving|"
    r"handed in (?:his|her|their) notice|moved to (?:another|a different|the \w+) (?:team|office|company|department|branch|school|practice|clinic|hospital)|"
    # ... or gone from it for a long while ("Mrs Okafor's gone on maternity leave")
    r"(?:gone|going|went) on (?:maternity|paternity|long-term sick|sick|extended) leave)"
)
# Roles held by caring for the speaker or working for them ("my therapist is Dr. Lee"): ended
# by the same leavings of a work (retired, quit, left the practice).
_CARE_ROLES = re.compile(
    r"\b(?:therapist|doctor|gp|dentist|psychiatrist|psychologist|counsell?or|physio(?:therapist)?|pediatrician|"
    r"paediatrician|vet|teacher|tutor|coach|trainer|nanny|babysitter|cleaner|accountant|lawyer|hairdresser|barber|"
    r"stylist|mechanic|cardiologist|consultant|specialist|surgeon|nurse|midwife|carer|care worker|caregiver|"
    r"optician|optometrist|orthodontist|chiropractor|osteopath|podiatrist|dietitian|nutritionist|pharmacist|"
    r"childminder|child minder|dog walker|dog sitter|instructor|social worker|key worker|health visitor|lessons? with|"
    r"hygienist|oncologist|neurologist|dermatologist|gynae?cologist|obgyn|ob-gyn)s?\b|医生|大夫|老师|教练|保姆|阿姨|护工"
    # ... or by the work they do for the speaker ("a guy called Kev mows our lawn")
    r"|\b(?:mows?|cleans?|walks?|cuts?|looks after|minds|babysits|tutors|coaches|teaches|treats|services|does)\s+"
    r"(?:our|my|the user's)\b",
    re.IGNORECASE,
)
_WORK_OR_CARE = re.compile(f"{_WORK_ROLES.pattern}|{_CARE_ROLES.pattern}", re.IGNORECASE)
_HOME_OR_CARE = re.compile(f"{_HOME_ROLES.pattern}|{_CARE_ROLES.pattern}", re.IGNORECASE)
# A job of their own ("my friend Sam works at Google"), and the leavings that end it: said
# outright, never "left" alone (left a party, left for lunch).
_OWN_WORK = re.compile(
    r"\b(?:works? (?:at|for)|job (?:at|with)|employed (?:at|by))\b|在[^，,。]{1,12}(?:工作|上班|做|当)", re.I
)
_LOST_WORK = (
    r"(?:(?:got|was|been) (?:laid off|fired|let go)|quit (?:his|her|their) job|resigned|retired)"
    r"(?:\s+from\s+(?:the\s+)?(?P<org>[\w&-]+))?"
)
# Friends or a couple no more, said of the two of them ("Jake and I aren't friends anymore").
_TIES = re.compile(r"\b(?:best friend|friend|buddy|bestie|bff|partner|girlfriend|boyfriend)s?\b", re.IGNORECASE)
_APART_EN = re.compile(
    r"^(?P<who>[A-Z][a-z]+) and (?:I|the user) (?:(?:are|'re) (?:not|no longer)|aren't|are not) "
    r"(?:(?:really|even|exactly|that)\s+)?(?:friends|together|close|talking|speaking|a thing)\b(?!\s+(?:about|of|on)\b)"
)
# The same in Chinese, the tie cut by the speaker and the person named ("我和阿敏彻底闹掰了").
_TIES_ZH = re.compile(r"朋友|闺蜜|好友|发小|哥们|兄弟|姐妹|关系|室友|同学")
_APART_ZH = re.compile(
    r"^(?:用户|我)(?:和|跟|与)(?P<who>[\u4e00-\u9fff]{1,3}?)(?:已经|早就|彻底|算是)*"
    r"(?:闹掰了|掰了|绝交了|翻脸了|断交了|不来往了|不联系了|不再联系|不是朋友了)"
)

_ADVERBS = r"(?:(?:has|had|just|finally|officially|already|actually|recently)\s+)*"
# a name, or one of the speaker's people by relation ("The user's grandpa moved into assisted living")
# (a title before the name is no part of it: "Dr Lee" is the "Dr. Lee" of the belief)
_TITLE = r"(?:Dr|Mr|Mrs|Ms|Miss|Prof)\.?\s+"
_NAME_EN = rf"(?:{_TITLE})?(?P<who>The user's [a-z-]+|[A-Z][a-z]+)"
_HOME_EN = re.compile(rf"^{_NAME_EN}\s+{_ADVERBS}{_LEFT_HOME}\b")
# Gone from the town for good ("Dev moved to Valencia", "moved abroad"): a home shared, or a care given, ends
_AWAY_EN = re.compile(
    rf"^{_NAME_EN}\s+{_ADVERBS}(?:moved|relocated|emigrated)\s+(?:away|abroad|overseas|to\s+(?-i:[A-Z])[a-z]+)\b"
)
# "Derek got moved to the birmingham branch": moved by the work, as much gone as moved of their own
_WORK_EN = re.compile(rf"^{_NAME_EN}(?:'s)?\s+{_ADVERBS}(?:(?:got|was|has been|'s been)\s+)?{_LEFT_WORK}\b")
_OWN_WORK_EN = re.compile(rf"^{_NAME_EN}(?:'s)?\s+{_ADVERBS}{_LOST_WORK}\b")
# "Jen's last day was friday": the last day at a work, said of the person by name.
_LAST_DAY_EN = re.compile(
    rf"^{_NAME_EN}'s\s+last day(?:\s+(?:at work|in the office|at (?-i:[A-Z])\w+))?\s+(?:was|is)\b"
)
_ANY_WORK = re.compile(f"{_WORK_OR_CARE.pattern}|{_OWN_WORK.pattern}", re.IGNORECASE)
# A date the statement was given in its place ("小陈2026年3月搬走了").
_DATE_ZH = r"(?:\d{4}年(?:\d{1,2}月(?:\d{1,2}日)?)?(?:那一周)?)?"
# a name in Chinese characters or in Latin letters ("Kevin已经离职了"), after what opens a
# remark said in passing (对了, 哦, 诶)
_NAME_ZH = r"(?:(?:对了|哦|噢|诶|欸|话说)[，,]?\s*)?(?P<who>[\u4e00-\u9fff]{1,3}?|[A-Za-z][a-z]+)"
_SOON_ZH = r"(?:已经|刚刚?|终于|上周|上个月|前几天|前阵子)?"
_HOME_ZH = re.compile(rf"^{_NAME_ZH}{_DATE_ZH}{_SOON_ZH}(?:搬走|搬出去|搬家)")
# (not what is said of it: "Kevin离职的传闻又来了", a rumour)
_WORK_ZH = re.compile(
    rf"^{_NAME_ZH}{_DATE_ZH}{_SOON_ZH}(?:离职|辞职|调走|被调走|被调职|调岗|退休|被裁|被开除|跳槽)(?!的)"
)
# A leaving denied ("Sam never moved out", "Priya didn't quit", 没离职).
_DENIED = re.compile(r"\b(?:not|never|no longer)\b|n't\b|没|不", re.IGNORECASE)
# Words in a name's place that name no one else: the speaker, a pronoun, a determiner.
_NO_NAMES = frozenset(
    ["The", "User", "He", "She", "They", "We", "It", "This", "That", "Everyone", "Someone", "Nobody"]
    + ["用户", "我", "我们", "他", "她", "他们", "她们", "它", "大家", "有人"]
)
# How a Chinese name is said with a title or an age word: 王总, 王经理, 老王, 小王 are all 王.
_TITLED_ZH = re.compile(r"^(?:老|小)?(?P<surname>[\u4e00-\u9fff])(?:总|经理|姐|哥|老师|工|主任)?$")


def _leaving(statement: str) -> tuple[str, re.Pattern[str], str | None] | None:
    """(who left, the roles their leaving ends, the place they left when named), or
    None when the statement says no one of a name left."""
    for said, roles in (
        ((_HOME_ZH, _HOME_ROLES), (_WORK_ZH, _ANY_WORK), (_APART_ZH, _TIES_ZH))
        if is_cjk(statement)
        else (
            (_OWN_WORK_EN, _ANY_WORK),
            (_WORK_EN, _WORK_OR_CARE),  # before a home: "moved to another school" is a work left
            (_LAST_DAY_EN, _WORK_OR_CARE),
            (_AWAY_EN, _HOME_OR_CARE),
            (_HOME_EN, _HOME_ROLES),
            (_APART_EN, _TIES),
        )
    ):
        # the leaving first, or said as a clause of its own after what holds now ("Finn's teacher is
        # a guy called Rob, Mrs Baker retired at Christmas")
        m = said.match(statement.strip()) or next(
            (
                found
                for clause in re.finditer(r"(?:[,;]|\bso\b|\band\b)\s*", statement)
                if (found := said.match(statement[clause.end() :])) is not None
            ),
            None,
        )
        if m is None or m.group("who") in _NO_NAMES:
            continue
        # "aren't friends anymore" is itself a denial: only what comes before the tie is read;
        # a leaving is denied by its own words ("Sam never moved out"), and "quit" denies nothing
        apart = said in (_APART_EN, _APART_ZH)
        read = m.string  # (the clause it was said in, where said after another)
        denied = negated(read[: m.start()]) if apart else bool(_DENIED.search(read[: m.end()]))
        if not denied:
            return m.group("who"), roles, m.groupdict().get("org")
    return None


def says_leaving(statement: str) -> bool:
    """Whether a statement says a named person left a home or work they shared."""
    return _leaving(statement) is not None


def _names(statement: str, who: str) -> bool:
    """Whether ``statement`` names ``who``, and no one else beside them."""
    if is_cjk(who):
        titled = _TITLED_ZH.match(who)
        surname = titled.group("surname") if titled else None
        return who in statement or bool(surname and re.search(f"姓{surname}(?![\u4e00-\u9fff]?姓)", statement))
    if is_cjk(statement):  # "用户老板叫Kevin": a name in Latin letters, among characters
        return re.search(rf"(?<![A-Za-z]){re.escape(who)}(?![A-Za-z])", statement, re.IGNORECASE) is not None
    if not re.search(rf"\b{re.escape(who)}\b", statement, re.IGNORECASE):
        return False
    # capitals after "at", "for", "in", "on" ... name a place or a company, not a person
    # ("Dr. Okafor on Elm Street"), and a day or a month is no one ("Dana, every other Tuesday")
    unplaced = _PLACE_NAMED.sub(" ", statement)
    # whose the role is names no one beside them ("Freya's teacher is Mrs Okafor", "my son Finn has
    # lessons with Mrs Baker")
    unplaced = _WHOSE_NAMED.sub(" ", unplaced)
    capitals = re.findall(r"(?<!^)(?<![.!?] )\b[A-Z][a-z]+\b", unplaced)
    others = {n for n in capitals if n.casefold() != who.casefold()}
    return not others - {"The", "User", "I", "Dr", "Mr", "Mrs", "Ms", "Miss", "Prof"} - _CALENDAR


_WHOSE_NAMED = re.compile(
    r"\b[A-Z][a-z]+'s\b|\b(?:son|daughter|kid|child|boy|girl|baby|mum|mom|mother|dad|father|grandma|granny|grandad|"
    r"grandpa|nan|husband|wife|partner)\s+[A-Z][a-z]+\b"
)
_PLACE_NAMED = re.compile(r"\b(?:at|for|in|from|to|on|near|off|by)\s+(?:the\s+)?[A-Z][\w'&.-]*(?:\s+[A-Z][\w'&.-]*)*")
_CALENDAR = frozenset(
    ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    + ["Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays", "Sundays"]
    + ["January", "February", "March", "April", "May", "June", "July", "August", "September"]
    + ["October", "November", "December"]
)


def departed(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What a named person's leaving ends: of the speaker's ``beliefs``, those
    that hold them in a role their kind of leaving ends. None when the statement
    says no such leaving, or no belief holds that role."""
    leaving = _leaving(p.statement)
    if leaving is None:
        return _left_by_pronoun(p, beliefs)
    who, roles, place = leaving
    if who.casefold() == (p.subject or "").partition(":")[0].casefold():  # the speaker by name (LoCoMo)
        return None
    gone = tuple(
        b
        for b in beliefs
        if roles.search(b.statement)
        and _names(b.statement, who)
        and not negated(b.statement)
        and (place is None or re.search(rf"\b{re.escape(place)}\b", b.statement, re.IGNORECASE))
    )
    if not gone:
        return None
    # two people of theirs bear the name ("my coworker Raj", "my cousin Raj"): which left, the
    # name alone does not say
    called = re.compile(rf"\bThe user's [a-z-]+(?: [a-z-]+)? {re.escape(who)}\b")
    if any(b not in gone and called.search(b.statement) for b in beliefs):
        return None
    return Decision("close", gone, f"ended: {p.statement} ({who} left; rule departure)")


# Someone of the speaker's named with a title or a name of their own ("Dr. Alvarez", "Mrs Patel").
_PERSON_NAMED = re.compile(rf"\b{_TITLE}[A-Z][a-z]+|\b(?:is|are) (?-i:[A-Z])[a-z]+\b")


def _left_by_pronoun(p: Proposal, beliefs: Sequence[BeliefView]) -> Decision | None:
    """What "she retired" ends: the one belief of the speaker's that holds a person named in
    a role of work or care ("my doctor is Dr. Alvarez"); where two such are held, "she" does
    not say which, and nothing ends."""
    said = LEFT_PRONOUN_EN.match(p.statement.strip())
    if said is None:
        return None
    held = tuple(
        b
        for b in beliefs
        if _WORK_OR_CARE.search(b.statement) and _PERSON_NAMED.search(b.statement) and not negated(b.statement)
    )
    if len(held) != 1:
        return None
    return Decision("close", held, f"ended: {p.statement} (the one of theirs in that role left; rule departure)")
