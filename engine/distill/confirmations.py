"""What the assistant said of the user, confirmed by the user, as the user's own words.

"So you're vegetarian, right?" then "Yes, that's right." The user stated
nothing a rule can read, yet a careful note-taker writes "vegetarian" down:
the user made the assistant's words theirs. Only a bare confirmation counts
(the whole message is "yes", "exactly", "对" ...): a "yes, but ..." says
something of its own, which the rules read as usual. The assistant's
sentences about "you" are turned into the first person ("you're" -> "I'm",
"your" -> "my"; "Are you ...?" -> "I am ..."), and then read as if the user had
said them; a sentence about anything else, or a question that asks for a
value ("Where do you live?"), confirms nothing.

Pure: the confirming text and the assistant's message in, the user's
statements out (``[]`` when it is no confirmation).
"""

from __future__ import annotations

import re

from ledgermind.distill.text import is_cjk, sentences

__all__ = ["confirmed", "is_confirmation"]

_CONFIRMATION_EN = re.compile(
    r"^(?:yes|yeah|yep|yup|ya|correct|exactly|right|indeed|absolutely|definitely|that's right|that is right|"
    r"that's correct|that is correct|you got it|spot on|true|sure is|i am|i do|mhm|uh-huh)"
    r"(?:[\s,!.]+(?:yes|yeah|yep|that's right|that's correct|correct|exactly|it is|i am|i do|you got it|"
    r"spot on|indeed|thanks|thank you))*[\s!.]*$",
    re.IGNORECASE,
)
_CONFIRMATION_ZH = re.compile(
    r"^(?:是的|是啊|是|对|对的|对啊|没错|嗯|嗯嗯|对呀|是呀|正确|就是|没错儿)[。！!，,\s]*(?:是的|没错|对)?[。！!]*$"
)
# What opens the assistant's restatement and says nothing of the user ("So", "Just to confirm,",
# "You mentioned that").
_LEAD_EN = re.compile(
    r"^(?:(?:so|ok|okay|alright|got it|great|just to confirm|to confirm|if i understand correctly|"
    r"if i understood correctly|let me check|let me make sure)[,:]?\s+)*"
    r"(?:(?:you (?:mentioned|said|told me|noted)|i understand|i see|it sounds like|sounds like)\s+(?:that\s+)?)?",
    re.IGNORECASE,
)
_TAG_EN = re.compile(
    r"[,\s]*(?:right|correct|is that right|is that correct|am i right|yes|yeah|no|isn't it|don't you|aren't you)?\s*\?*$",
    re.IGNORECASE,
)
# A yes/no question about the user, and the statement its "yes" makes: "Are you X?" -> "I am X".
_ASKED_EN = re.compile(r"^(?:are|do|have)\s+you\s+(?P<rest>.+)$", re.IGNORECASE)
_SECOND_PERSON = (
    (r"\byou're\b|\byou are\b", "I'm"),
    (r"\byou've\b", "I've"),
    (r"\byou'll\b", "I'll"),
    (r"\byou'd\b", "I'd"),
    (r"\byours\b", "mine"),
    (r"\byourself\b", "myself"),
    (r"\byour\b", "my"),
)
_YOU_SUBJECT = re.compile(r"(^|\b(?:and|but|that|so|because)\s+)you\b", re.IGNORECASE)
_ZH_LEAD = re.compile(r"^(?:所以|那|那么|也就是说|确认一下|我确认一下)[，,]?")
_ZH_TAG = re.compile(r"(?:对吧|是吧|对吗|是吗|吧|吗|，?对不对|，?是不是)[？?。]*$")


def is_confirmation(text: str) -> bool:
    """Whether a message only says yes to what was said before it."""
    body = text.strip()
    return bool(_CONFIRMATION_ZH.match(body) if is_cjk(body) else _CONFIRMATION_EN.match(body))


def confirmed(assistant_text: str) -> list[str]:
    """The assistant's sentences about the user, in the user's first person."""
    out = []
    for sentence in sentences(assistant_text):
        said = _first_person_zh(sentence) if is_cjk(sentence) else _first_person_en(sentence)
        if said:
            out.append(said)
    return out


def _first_person_en(sentence: str) -> str | None:
    body = _TAG_EN.sub("", _LEAD_EN.sub("", sentence.strip())).rstrip(" .!?,")
    if not re.search(r"\byou(?:r|'re|'ve|'ll|'d)?\b", body, re.IGNORECASE):
        return None  # about someone or something else
    if re.match(r"(?:what|where|when|who|which|how|why)\b", body, re.IGNORECASE):
        return None  # asks for a value: "yes" gives none
    asked = _ASKED_EN.match(body)
    if asked:
        verb = asked.group(0).split()[0].lower()
        body = {"are": "I'm", "do": "I", "have": "I have"}[verb] + " " + asked.group("rest")
    for pattern, first in _SECOND_PERSON:
        body = re.sub(pattern, first, body, flags=re.IGNORECASE)
    body = _YOU_SUBJECT.sub(lambda m: m.group(1) + "I", body)
    body = re.sub(r"\byou\b", "me", body, flags=re.IGNORECASE)
    return body[:1].upper() + body[1:] + "."


def _first_person_zh(sentence: str) -> str | None:
    body = _ZH_TAG.sub("", _ZH_LEAD.sub("", sentence.strip().rstrip("。？?！!"))).rstrip("，, ")
    if "你" not in body and "您" not in body:
        return None
    if re.search(r"什么|哪|几|多少|怎么|为什么|谁", body):
        return None
    return body.replace("您", "我").replace("你", "我") + "。"
