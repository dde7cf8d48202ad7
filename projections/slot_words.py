"""The words a question asks a frame's slot with, indexed beside each belief of it.

Why: a frame reads many phrasings into one slot ("I moved to Porto", "I'm
based in Porto" are both ``residence``), but a question names the slot in
its own words ("where do I live?"), which the statement of a move never
contains, so neither the lexical index nor the hashing embedder can meet
them. Indexing the slot's question words with every belief of that slot
lets any phrasing of the question find any phrasing of the statement.

Only the distiller's frame slots (``engine/distill/frames.py``) are here: a
generic belief's attribute (``said:...``) is made of its own words already,
and slots a question names as the statement does (``manager``) need nothing.
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["SLOT_WORDS", "slot_words"]

SLOT_WORDS: Mapping[str, str] = {
    "residence": "lives home city based 住 住在 家",
    "origin": "from hometown born",
    "employer": "works job company employer 工作 公司",
    "occupation": "job works role profession occupation 工作 职业",
    "drink": "drinks",
    "diet": "diet eats food",
    "contact": "contact email address phone number 联系 邮箱 电话",
    "possession": "owns has",
    "version": "version 版本",
    "age": "age old",
    "time": "time schedule",
}


def slot_words(attribute: object) -> str:
    """The question words of a belief's slot (``residence``,
    ``version:go@production`` -> ``version``), or "" for any other attribute."""
    if not isinstance(attribute, str):
        return ""
    return SLOT_WORDS.get(attribute.split("@", 1)[0].split(":", 1)[0], "")
