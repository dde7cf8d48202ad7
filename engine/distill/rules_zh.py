"""Chinese sentence rules: identity (name, job, department), preferences and
habits, stated facts and upgrades, dated episodes, and forget requests.

Chinese has no inflection to lean on, so the rules key on function words:
叫 / 是 for identity, 在…部 for a workplace, 喜欢 / 讨厌 for preferences,
"<thing> 不加 / 加 <extra>" for habits, 把 X 升到 Y for updates, and a time
word plus 了 / 过 for episodes.
"""

from __future__ import annotations

import re
from datetime import datetime

from ledgermind.distill.dates import find_time
from ledgermind.distill.findings import Finding, Speaker, attribute_of, clean_value
from ledgermind.distill.frames import RELATIONS_ZH
from ledgermind.distill.person import third_person_zh
from ledgermind.distill.statements import is_request

__all__ = ["chinese_findings", "forget_request_zh"]

_H = r"[\u4e00-\u9fff]"
_NAME = re.compile(rf"(?:我叫|我的名字是|我的名字叫)({_H}{{2,4}}?)(?=[，,。！!\s]|$|在|是|，)")
_IAM = re.compile(rf"我是(?:一名|一个|一位|个)?({_H}{{2,10}}?)(?=[，,。！!\s]|$)")
# The commonest surnames (about nine people in ten bear one): "我是张伟" gives a name, "我是北方人",
# "我是吃货", "我是女中音" say what one is. A name may be said with 小 / 老 before the surname.
_SURNAMES = frozenset(
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢"
    "姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤常温康施"
    "文牛樊葛邢安齐易乔伍庞颜倪庄聂章鲁岳翟殷詹申欧耿关兰焦俞左柳甘祝包宁尚符舒阮柯纪梅童凌毕单季裴霍涂成苗谷"
    "盛曲翁冉骆蓝路游辛靳管柴蒙鲍华喻祁蒲房滕屈饶解牟艾尤阳穆佟岑甄窦戚简诸欧上司皇"
)
# What closes a word for a kind of person, not a name ("白羊座", "北方人", "果粉", "90后").
_KIND_OF_PERSON_END = tuple("座人货迷粉控党族狗型系派后子手员生长家")


def _looks_named(said: str) -> bool:
    """Whether what follows "我是" can be the speaker's name: a surname first (after 小 or 老)."""
    if len(said) == 2 and (said[0] in "小阿" or said[0] == said[1]):  # "小雨", "阿杰", "莉莉"
        return said not in ("小白", "小孩", "小姐", "阿姨") and not said.endswith(_KIND_OF_PERSON_END)
    bare = said[1:] if said[0] == "老" and len(said) == 2 else said
    return bare[0] in _SURNAMES and not said.endswith(_KIND_OF_PERSON_END)


_JOB_SUFFIX = (
    "工程师",
    "程序员",
    "设计师",
    "经理",
    "老师",
    "教师",
    "医生",
    "护士",
    "学生",
    "律师",
    "会计",
    "员",
    "师",
    "家",
    "者",
    "生",
)
# A place of work after 在, said as where one works, or closing its clause ("我在财务部"); not
# a thing being done ("我在做一个公司内部的数据平台项目" is a project, not a company).
_WORKPLACE = re.compile(
    rf"在(?!做|搞|干|弄|写|读|看|想|等|找|准备)({_H}{{1,12}}?(?:部门|部|公司|团队|组|银行|医院|学校|大学|集团|研究所|工作室))"
    r"(?:工作|上班|任职|(?=[，,。！!；]|$))"
)
# (with a place spelled in Latin letters after it: "住在柏林的Kreuzberg", the whole of it)
_LIVE = re.compile(
    rf"我(?:现在)?住在({_H}{{2,12}}(?:[A-Z][A-Za-z\u00C0-\u024F'-]+(?:\s+[A-Z][A-Za-z\u00C0-\u024F'-]+)*)?)"
)
_LIKE = re.compile(
    rf"我(?:很|非常|特别|最|也|还|真的|比较)?(不喜欢|不爱|喜欢|爱|讨厌|偏爱|更喜欢)(?!的)(吃|喝|看|玩|听|用)?({_H}{{1,8}})"
)
_HABIT = re.compile(
    rf"我(?:现在|平时|一般|通常|每天|还是|已经|开始)*((?!不|要|也|都){_H}{{2,4}}?)"
    # (not 放弃 / 加班, whole words of their own: "我彻底放弃了", "我周末都加班")
    rf"(?:都|也|还|就)?(不加|不要|不放|不喝|不吃|要加|加|放|只喝|喝|只吃|吃)(?<!加(?=[班入油速薪盟]))(?<!放(?=[弃假心松学手]))"
    rf"({_H}{{1,4}})"
)
_USES = re.compile(
    rf"我们?(?:的)?({_H}{{2,8}}?)(?:现在)?(?:用的是|使用的是|使用|用|跑的是|运行在|跑在)\s*([^，,。！!；]+)"
)
_UPDATE = re.compile(rf"把({_H}{{2,8}}?)(?:都)?(?:升级|升|换|改|迁移|切换|更新)(?:到|成|为|至)了?\s*([^，,。！!；]+)")
_UPDATE_BARE = re.compile(
    rf"({_H}{{2,8}}?)(?:已经|现在)?(?:升级|升|换|改|迁移|切换|更新)(?:到|成|为|至)了?\s*([^，,。！!；]+)"
)
_PAST = re.compile(r"了|过")
# A change only wished, planned or weighed ("想把薄荷换成罗勒", "打算把宽带换成电信的")
_WISHED = re.compile(r"想|打算|准备|考虑|要不要|可能|也许|希望|计划|该不该|是不是该")
# A change of state dated in the past (a death, a marriage or its end, retiring or resigning), as English
# reads "turned 35" / "got divorced": not an episode of that day but a state that holds
# from then on, which reconcile lets close what it ends ("我外公上个月过世了").
_NEW_STATE = re.compile(
    r"去世|过世|离世|病逝|结婚|订婚|分手|离婚|退休|退伍|退役|辞职|离职|被[\u4e00-\u9fff]{0,4}?(?:裁|辞退|开除)|下岗|失业"
    # an age reached ("上周满4岁了"): what holds from then, as "turned 35 last week" is
    r"|满\d{1,3}(?:岁|周岁)|\d{1,3}(?:岁|周岁)(?:了|啦)"
    # a stage of schooling begun ("他今年九月上小学了"), a career changed: what holds from then
    r"|(?:上|读|升)(?:了)?(?:幼儿园|小学|初中|高中|大学)了|转行|改行"
    # a stay in hospital over ("他昨天出院了"): home from then
    r"|出院了"
)
# A sentence about one of the speaker's people ("我儿子在读大学", "我女朋友不在银行干了"):
# its job, workplace and home are that person's, never the speaker's own.
_ABOUT_THEIR_PERSON = re.compile(r"^我们?(?:家)?(?:的)?(?:" + RELATIONS_ZH + ")")
_WITH = re.compile(rf"(?:和|跟|与)({_H}{{2,3}}?)(?:一起|去|在|见|吃|聊|参加|看)")
_PLACE = re.compile(rf"(?:去了?|到了?|在)({_H}{{2,10}}?)(?:[，,。！!]|$|参加|吃|玩|看|见|开|了)")
_FORGET_ALL = re.compile(r"(?:忘掉|忘记|删除|删掉)(?:关于我的)?(?:所有|一切|全部)")
_FORGET = re.compile(r"^(?:请)?(?:忘掉|忘记|删掉)(.+)")


def chinese_findings(sentence: str, speaker: Speaker, said_at: datetime) -> list[Finding]:
    out: list[Finding] = []
    for rule in (_identity, _preferences, _stated, _episode):
        out.extend(rule(sentence, speaker, said_at))
    return out


def forget_request_zh(sentence: str) -> tuple[str, str | None] | None:
    if _FORGET_ALL.search(sentence):
        return ("clear", None)
    m = _FORGET.match(sentence.strip())
    return ("delete", clean_value(m.group(1))) if m else None


def _fact(sp: Speaker, statement: str, attribute: str, value: str, op: str = "add") -> Finding:
    people = (clean_value(value),) if attribute == "name" else ()
    return Finding(
        kind="fact",
        statement=statement,
        op=op,
        subject=sp.key,
        attribute=attribute,
        value=clean_value(value).casefold(),
        participants=people,
    )


def _identity(s: str, sp: Speaker, _: datetime) -> list[Finding]:
    out: list[Finding] = []
    if _ABOUT_THEIR_PERSON.match(s.strip()):
        return out  # the frames read their person's facts, with that person as the subject
    label = sp.zh_label
    n = _NAME.search(s)
    if n:
        label = n.group(1)
        out.append(_fact(sp, f"{sp.zh_label}的名字是{label}。", "name", label))
    else:
        m = _IAM.search(s)
        if m and m.group(1).endswith(_JOB_SUFFIX):
            out.append(_fact(sp, f"{label}是{m.group(1)}。", "occupation", m.group(1)))
        elif m and len(m.group(1)) <= 3 and _looks_named(m.group(1)) and not _WORKPLACE.search(s):
            label = m.group(1)
            out.append(_fact(sp, f"{sp.zh_label}的名字是{label}。", "name", label))
    w = _WORKPLACE.search(s)
    if w and "我" in s:
        out.append(_fact(sp, f"{label}在{w.group(1)}工作。", "workplace", w.group(1)))
    live = _LIVE.search(s)
    if live:
        out.append(_fact(sp, f"{label}住在{clean_value(live.group(1))}。", "residence", live.group(1)))
    return out


_GOES_ON_ZH = re.compile(
    r"[，,](?![^，,。！!]*(?:我|你|他|她|它|但|不过|可是|就是|而且|所以|因为))[^，,。！!？?]{2,16}[。！!]?$"
)


def _preferences(s: str, sp: Speaker, _: datetime) -> list[Finding]:
    out: list[Finding] = []
    like = _LIKE.search(s)
    if like:
        negative = like.group(1) in ("不喜欢", "不爱", "讨厌")
        thing = clean_value(like.group(3))
        # "我喜欢打羽毛球，一般周三晚上打": when and how it is done goes on after a comma, with no
        # subject of its own; the note keeps it (the day can move later)
        rest = _GOES_ON_ZH.match(s, like.end())
        said = like.group(0) + (rest.group(0).rstrip("。！!") if rest else "")
        out.append(
            _fact(
                sp,
                third_person_zh(clean_value(said), sp.zh_label) + "。",
                f"preference:{thing}",
                "negative" if negative else "positive",
            )
        )
        return out
    habit = _HABIT.search(s)
    if habit:
        thing, verb, extra = habit.group(1), habit.group(2), clean_value(habit.group(3))
        polarity = "不" if verb.startswith("不") else ""
        statement = third_person_zh(clean_value(s), sp.zh_label)
        out.append(_fact(sp, statement + "。", f"habit:{thing}:{extra}", polarity + verb.lstrip("不要只")))
    return out


def _stated(s: str, sp: Speaker, _: datetime) -> list[Finding]:
    statement = third_person_zh(clean_value(s), sp.zh_label) + "。"
    for pattern, op in ((_UPDATE, "update"), (_UPDATE_BARE, "update"), (_USES, "add")):
        m = pattern.search(s)
        if m and op == "update" and _WISHED.search(s[: m.start(2)]):
            continue  # "想把薄荷换成罗勒": a change weighed, none made
        if m:
            thing, value = m.group(1), clean_value(m.group(2))
            # a time word is when, never what changed ("最近改成一杯了": recently, one cup)
            thing = re.sub(
                r"^(?:已经|现在|我们|我|最近|近来|目前|如今|今天|昨天|前天|刚才|刚刚|上周|上个月|今年|去年)+", "", thing
            )
            if value and len(thing) >= 2:
                return [_fact(sp, statement, attribute_of(thing, value), value, op=op)]
    return []


def _episode(s: str, sp: Speaker, said_at: datetime) -> list[Finding]:
    mention = find_time(s, said_at)
    if mention is None or not _PAST.search(s) or "我" not in s or is_request(s):
        return []  # "帮我回忆一下昨天我们聊了什么": the past is what is asked about, not told
    if _NEW_STATE.search(s):
        return []  # "我奶奶上周去世了": a state that holds from then, a fact that ends others
    text = third_person_zh(clean_value(s), sp.zh_label).replace(mention.phrase, mention.resolved, 1)
    partners = [sp.zh_label] + [m.group(1) for m in _WITH.finditer(s)]
    place = _PLACE.search(s)
    return [
        Finding(
            kind="episode",
            statement=text + "。",
            participants=tuple(dict.fromkeys(partners)),
            location=place.group(1) if place else None,
            event_time=mention.when,
        )
    ]
