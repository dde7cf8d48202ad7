"""What two Chinese statements share beyond the words every statement uses.

The meaning judge's sentence model is English: it scores any two Chinese
sentences alike ("养了一只猫" / "现在住在上海" 0.69), so on its score alone
Chinese needs a floor so high that most changes said in other words were
left undecided ("我一般晚上十点下班" / "调岗了 现在六点就能走"). What does
tell a change of one thing from news of another is plain: the two share a
word of substance (跑步 / 跑了, 健身卡 / 那张卡, 到手 / 到手) or a value of one
kind (十点 / 六点, 一片 / 半片, 四周 / 六周). This module names what they share;
the judge asks for it under its Chinese floor.

Characters, not words: chat Chinese shortens a word to one of its characters
("那张卡", "每天都跑了"), and a word segmenter (jieba) keeps "健身卡" whole, so the
shared 卡 would be lost between the two; characters keep it. The
characters every statement uses (pronouns, particles, numerals, times,
quantities, the change words themselves, the commonest verbs) are left out, so
what is shared is what the statement is about.
"""

from __future__ import annotations

import re

__all__ = ["shared_words_zh"]

# Said in statements of any topic: who, particles, numerals, times and frequencies, quantity
# words, the change words, negation, and verbs too common to name a topic (吃, 做, 去 ...).
_COMMON = frozenset(
    "我你您他她它们咱的地得了着过是在有和跟与及也还都就又很太挺最更真近现已经曾"
    "一二两三四五六七八九十百千万零半几每天周月年日号点分秒时候次个些"
    "这那哪么什啊吧呢呀哈嘿嗯哦喔噢嘛啦咯要会能可以想说去来到上下里中外前后左右"
    "好多少大小把被给让对用户改换成变开始转调新旧再不没别无之其而但所因为如果起然此样"
    "做吃喝看玩买住走坐干搞弄打学家人事东西间感觉比较以直般平常总"
)
_NUMBER = r"(?:\d+(?:\.\d+)?|[零一二两三四五六七八九十百千万半]+)"
# A number and what it counts or measures: two statements giving one kind of value ("十点" /
# "六点", "一片" / "半片", "四周轮一次" / "六周一轮").
_MEASURED = re.compile(
    _NUMBER + r"\s*(点|片|粒|次|公斤|千克|斤|克|公里|岁|块|元|小时|分钟|杯|毫克|mg|单位|周|轮|天|个班|班|层|楼|平)",
    re.IGNORECASE,
)
_LATIN = re.compile(r"[A-Za-z][A-Za-z0-9+#.-]*")
# A change that names its old value ("从油画转到水彩", "从行政调去财务"): only a belief saying
# that value is the one it changes, whatever else the two share ("从小就喜欢画画" is not).
_FROM_OLD = re.compile(r"从([^，,。从]{1,8}?)(?:转|换|改|调|搬|跳)")


def _content(text: str) -> set[str]:
    hanzi = {c for c in text if "\u4e00" <= c <= "\u9fff" and c not in _COMMON}
    return hanzi | {w.casefold() for w in _LATIN.findall(text)}


def _measures(text: str) -> set[str]:
    return {m.group(1).casefold() for m in _MEASURED.finditer(text)}


def shared_words_zh(statement: str, belief: str) -> frozenset[str]:
    """The characters of substance, Latin words and kinds of measured value both texts say;
    none where the statement names an old value the belief does not say."""
    old = _FROM_OLD.search(statement)
    if old is not None and old.group(1).strip() not in belief:
        return frozenset()
    return frozenset((_content(statement) & _content(belief)) | (_measures(statement) & _measures(belief)))
