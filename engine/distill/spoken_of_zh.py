"""In a speaker's Chinese messages, 他 / 她 is the person of theirs named just before.

"我男朋友在读研究生。" then "他今年毕业了，在银行上班。" The second message,
read alone, is about no one (他 names nobody): its statement is kept as "他今年
毕业了" and the boyfriend's study never ends. A listener reads 他 as the
boyfriend: the one person of the speaker's (a relation word after 我 / 我的,
or opening the clause, "儿子现在……") named last in the same message or the
speaker's messages just before, when the pronoun can be them (a sister is 她,
a brother 他, a friend or a boss either). The clause is read with that person
in the pronoun's place ("我男朋友今年毕业了"), as ``spoken_of`` does for
"he" / "she" in English; parents (父母, 爸妈) are two people, and 他们 / 她们
stays as said.
"""

from __future__ import annotations

import re

from ledgermind.distill.frames import RELATIONS_ZH

__all__ = ["PersonSpokenOfZh", "time_after_person"]

# A time said before the person a clause is about ("上个月女儿上小学了", "九月份儿子上小学了"):
# said after them, the clause opens with its person as every other one does ("女儿上个月上小学了").
_TIME_FIRST = re.compile(
    r"(?P<lead>^|[。！!？?，,；;]\s*)"
    r"(?P<t>上个?月|这个?月|上周|上星期|去年|今年|前年|前天|昨天|今天|前几天|最近|"
    r"(?:今年|去年)?(?:\d{1,2}|十[一二]?|[一二三四五六七八九])月份?)"
    r"(?P<who>(?:我的?|我们的?)?(?:" + RELATIONS_ZH + r"))"
)


def time_after_person(text: str) -> str:
    """The text with a time said before one of the speaker's people said after them."""
    return _TIME_FIRST.sub(lambda m: m.group("lead") + m.group("who") + m.group("t"), text)


_SHE = frozenset(
    [
        "姐姐",
        "妹妹",
        "妈妈",
        "母亲",
        "老婆",
        "妻子",
        "太太",
        "女朋友",
        "女儿",
        "表姐",
        "表妹",
        "阿姨",
        "奶奶",
        "外婆",
        "老妈",
        "嫂子",
        "弟媳",
        "婆婆",
        "岳母",
        "妈",
        "姐",
        "妹",
    ]
)
_HE = frozenset(
    [
        "哥哥",
        "弟弟",
        "爸爸",
        "父亲",
        "老公",
        "丈夫",
        "男朋友",
        "儿子",
        "表哥",
        "表弟",
        "舅舅",
        "叔叔",
        "爷爷",
        "外公",
        "老爸",
        "姐夫",
        "妹夫",
        "公公",
        "岳父",
        "爸",
        "哥",
        "弟",
    ]
)
_PLURAL = frozenset(["父母", "爸妈"])
# an interjection or a correction's formula may come first ("不对，她九岁了"): kept as said
_LEAD = r"((?:(?:哦|噢|喔|嗯|啊|唉|哎|对了|不对|不是|其实|另外|然后|而且|但是|不过|可是|后来)[，,、]?\s*)*)"
_NAMED = re.compile(_LEAD + r"(我们?(?:家)?(?:的)?)?(" + RELATIONS_ZH + r")")
_PRONOUN = re.compile(_LEAD + r"(他|她)(?!们)")
# A name said right after the relation, as Chinese gives one: a doubled character ("朵朵"), or
# 小 / 阿 and one ("小明", "阿强"), before what is said of them
_NAME_AFTER = re.compile(r"(?P<name>([\u4e00-\u9fff])\2|[小阿][\u4e00-\u9fff])(?=今年|已经|刚|现在|在|是|上|读|叫|\d)")


class PersonSpokenOfZh:
    """Reads a speaker's Chinese clauses in order, keeping the person of theirs
    named last; ``resolved`` gives each clause back with a leading 他 / 她
    replaced by that person where the pronoun fits them."""

    def __init__(self) -> None:
        self._last: str | None = None  # "男朋友"
        self._called: dict[str, str] = {}  # "朵朵": "女儿", the name said right after the relation

    def resolved(self, clause: str) -> str:
        text = clause.strip()
        named = _NAMED.match(text)
        # a one-character kin word said alone opens exclamations too ("妈呀"): only after 我
        if named is not None and (named.group(2) is not None or len(named.group(3)) > 1):
            self._last = None if named.group(3) in _PLURAL else named.group(3)
            called = _NAME_AFTER.match(text, named.end())
            if called is not None and self._last is not None:
                self._called[called.group("name")] = self._last
            return clause
        lead = re.match(_LEAD, text)
        rest = text[lead.end() :] if lead else text
        for name, relation in self._called.items():
            if rest.startswith(name) and not rest.startswith(name + "的"):
                # "朵朵昨天满6岁啦" after "我女儿朵朵今年5岁": the daughter, by her name alone
                self._last = relation
                return text[: len(text) - len(rest)] + "我" + relation + rest
        pronoun = _PRONOUN.match(text)
        if pronoun is None or self._last is None or not _fits(pronoun.group(2), self._last):
            return clause
        return pronoun.group(1) + "我" + self._last + text[pronoun.end() :]


def _fits(pronoun: str, relation: str) -> bool:
    """Whether 他 / 她 can be this person: a gendered relation only its own."""
    if relation in _SHE:
        return pronoun == "她"
    if relation in _HE:
        return pronoun == "他"
    return True
