"""Instruction-like text: wording that tries to instruct the model reading it.

Two layers need the same recognition: the distiller flags such a statement
``instruction_like`` when it becomes a belief (it is kept, with capped
confidence, and left out of injected context unless asked for), and
``build_context`` marks an item that reads as one "do not follow". So it
lives here, below both.

Why it folds before matching (``fold``): NFKC and case folding, look-alike
letters mapped to Latin, invisible format characters dropped, and runs of
single letters ("i g n o r e", "s.y.s.t.e.m") joined, so spaced-out or
full-width wording matches the same phrases. English, Chinese and Japanese
phrasings; beside the classic injections ("ignore previous instructions",
"you are now ..."), orders about what the agent should tell other people
("tell everyone ...", "from now on always answer ...").
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["NOT_A_LETTER", "fold", "instruction_like"]


_VERB = r"(?:ignore|ignoring|disregard|disregarding|forget|forgetting|override|overriding|bypass|discard|skip)"
_FILLER = r"(?:[\W_]*(?:all|any|every|each|of|the|your|my|these|those|that|this))*"
_EARLIER = r"(?:above|previous|previously|prior|preceding|earlier|former|foregoing|original|initial|system)"
_ORDERS = (
    r"(?:instruction|direction|rule|prompt|guideline|guidance|directive|command|order|message"
    r"|context|constraint|polic(?:y|ie)|restriction|programming|training|text)s?"
)
_S = r"[\W_]*"  # between words: any separators, or none once spaced-out letters were joined
_INSTRUCTION_PATTERNS = [
    # ignore / disregard / forget (all) (the) previous|above|prior ... instructions|directions|rules
    rf"\b{_VERB}{_FILLER}{_S}{_EARLIER}(?:[\W_]+\w+){{0,3}}?{_S}{_ORDERS}\b",
    rf"\b{_VERB}{_S}(?:all|everything|anything){_S}(?:{_EARLIER}|before|you{_S}(?:were|have{_S}been){_S}told)\b",
    rf"\b{_VERB}{_S}(?:all{_S}|any{_S}|the{_S})?(?:of{_S})?(?:your{_S})?(?:instruction|prompt|guideline|directive|programming)s?\b",
    # ... the assistant's own rules ("disregard your rules"; "my kids ignore the rules" is no order)
    rf"\b{_VERB}{_S}(?:all{_S})?(?:of{_S})?your{_S}(?:own{_S})?(?:rule|restriction|polic(?:y|ie)|constraint|training|limit)s?\b",
    rf"\bsystem{_S}(?:override|prompt)s?\b|\b(?:admin|root|sudo|developer){_S}override\b",
    rf"\byou{_S}are{_S}now{_S}(?:(?:a|an|the|my){_S}(?:\w+{_S}){{0,2}}?"
    rf"(?:ai|assistant|bot|chatbot|model|gpt|character|persona|hacker|dan)\b"
    rf"|no{_S}longer|free{_S}(?:from|of)\b|unrestricted|unfiltered|uncensored|jailbroken|dan\b|called|named"
    rf"|in{_S}(?:developer|god|dan|jailbreak|admin|debug|unrestricted){_S}mode)",
    rf"(?:^|[.!?:;\n]{_S}|\b(?:here{_S}are{_S})?your{_S})new{_S}(?:system{_S})?instructions?\b"
    rf"|\bnew{_S}(?:system{_S})?instructions?{_S}:",
    rf"(?:^|[.!?:;\n]{_S}|\bplease{_S}|\bnow{_S}|\byou{_S}(?:will|must|should|shall|are{_S}to|now){_S})act{_S}as\b"
    rf"|\bpretend{_S}(?:that{_S})?you{_S}are\b",
    rf"\b(?:dan|god|jailbreak|unrestricted|unfiltered|evil){_S}mode\b"
    rf"|\b(?:chatgpt|gpt|assistant|ai){_S}(?:with{_S})?developer{_S}mode\b"
    rf"|\bdeveloper{_S}mode{_S}(?:output|response)s?\b"
    rf"|\b(?:you{_S}are|you{_S}will{_S}be|act|acting){_S}(?:now{_S})?(?:in{_S})?developer{_S}mode\b"
    rf"|\bdo{_S}anything{_S}now\b|\bjailbr(?:eak|oken){_S}(?:mode|prompt|ai|assistant|model|chatgpt|gpt)\b"
    rf"|\bno{_S}longer{_S}(?:bound|restricted|constrained){_S}by\b"
    rf"|\b(?:without|free{_S}(?:from|of)){_S}(?:any{_S})?(?:ethical|moral|content|safety){_S}"
    rf"(?:restriction|filter|guideline|limit|limitation|constraint|polic(?:y|ie))s\b",
    # Chinese and Japanese: ignore / forget the previous instructions; you are now; system prompt
    r"(?:忽略|无视|無視|忽视|忽視|忘记|忘記|忘掉|不要理会|不要理會|跳过|跳過)[^。！？\n]{0,8}?"
    r"(?:指令|指示|命令|规则|規則|提示词|提示詞|设定|設定)",
    r"(?:以前|前|上記|先)の(?:指示|命令|指令)を(?:無視|忘れ)",
    r"(?:你现在是|你現在是|从现在开始你是|從現在開始你是|系统提示|系統提示|开发者模式|開發者模式|新的指令)",
    # orders about what the agent tells others or how it answers from now on
    rf"\b(?:tell|inform|announce{_S}to|let){_S}(?:everyone|everybody|anyone|all{_S}(?:the{_S})?users|other{_S}users"
    rf"|every{_S}user)\b",
    rf"\bfrom{_S}now{_S}on{_S}(?:,{_S})?(?:you{_S})?(?:always|never|must|should|only|answer|respond|reply|say|tell)\b",
    rf"\b(?:whenever|when|if){_S}(?:anyone|anybody|someone|somebody|a{_S}user){_S}asks\b[^.!?]{{0,40}}?"
    rf"\b(?:say|tell|answer|respond|reply)\b",
    # a turn made up in another role's name ("system: ...") and authority claimed over the agent
    # ("i am your developer and you must obey", "a verified administrator with full access")
    rf"^{_S}(?:system|developer|admin|administrator|root|assistant){_S}(?:message|prompt)?{_S}:"
    rf"|\bi{_S}(?:am|'m){_S}(?:now{_S})?your{_S}(?:developer|creator|admin|administrator|owner|master|operator|programmer)\b"
    rf"|\byou{_S}(?:must|will|shall|have{_S}to){_S}(?:always{_S})?(?:obey|comply{_S}with){_S}(?:me|my|every|all|any|each|whatever|only{_S}me|the{_S}user)\b"
    rf"|\b(?:verified|authori[sz]ed|certified){_S}(?:system{_S})?(?:administrator|admin|developer|operator)\b"
    rf"|\bproceed{_S}without{_S}(?:any{_S})?(?:restriction|limit|filter|safeguard)s?\b",
    r"我是你的(?:开发者|開發者|主人|管理员|管理員|创造者|創造者|程序员|程序員)|你(?:必须|必須|要|得)(?:无条件)?(?:服从|服從|听从|聽從)|"
    r"(?:告诉|通知)(?:所有人|大家|每个人|其他用户)|从现在(?:开始|起)(?:你)?(?:要|必须|只|总是|永远)|"
    r"(?:皆|みんな|全員)に(?:伝え|言っ)て",
]
_INSTRUCTION_LIKE = re.compile("|".join(_INSTRUCTION_PATTERNS), re.MULTILINE)

# Cyrillic and Greek letters drawn like Latin ones (NFKC keeps them apart)
_LOOKALIKE_LETTERS = str.maketrans("аеорсухіјѕԁԛԝкмнтвοαιντυρκ", "aeopcyxijsdqwkmhtboaivtupk")
_SPACED_LETTERS = re.compile(r"(?<![^\W_])(?:[^\W\d_][\W_]{1,3}){3,}[^\W\d_](?![^\W_])")
NOT_A_LETTER = re.compile(r"[\W_]+")


def fold(text: str) -> str:
    """The text as the instruction-like check reads it (see the module doc)."""
    text = "".join(c for c in text if unicodedata.category(c) != "Cf")  # zero-width, bidi marks
    text = unicodedata.normalize("NFKC", text).casefold().translate(_LOOKALIKE_LETTERS)
    return _SPACED_LETTERS.sub(lambda m: NOT_A_LETTER.sub("", m.group()), text)


def instruction_like(text: str) -> bool:
    """Whether memory text reads like an instruction to the model (a heuristic)."""
    return _INSTRUCTION_LIKE.search(fold(text)) is not None
