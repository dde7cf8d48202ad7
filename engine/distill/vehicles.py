"""Car makes and their models: "the honda" is the Civic the speaker said they drive.

People name their car by its model once ("my car's a 2012 Civic") and by its make later
("traded the honda in last weekend"), or the other way round. The two share no word; what
ties them is that the Civic is a Honda. This module knows the makes and the models people
drive most (a closed list, EN and ZH), so an ending or a change said of one names the other.
"""

from __future__ import annotations

import re

__all__ = ["make_and_model"]

# (no model that is an everyday word: "golf", "focus", "leaf", "soul", "fit" name other things as often)
_MODELS: dict[str, tuple[str, ...]] = {
    "honda": ("civic", "accord", "cr-v", "crv", "hr-v", "odyssey", "思域", "雅阁", "飞度"),
    "toyota": ("corolla", "camry", "rav4", "rav-4", "prius", "yaris", "highlander", "tacoma", "卡罗拉", "凯美瑞"),
    "ford": ("f-150", "f150", "fiesta", "福克斯"),
    "volkswagen": ("passat", "jetta", "tiguan", "朗逸", "速腾", "帕萨特", "宝来"),
    "subaru": ("outback", "forester", "impreza", "crosstrek"),
    "mazda": ("mazda3", "mazda 3", "cx-5", "cx5", "miata", "mx-5"),
    "tesla": ("model 3", "model y", "model s", "model x"),
    "nissan": ("altima", "sentra", "qashqai", "micra", "轩逸"),
    "hyundai": ("elantra", "tucson", "kona", "ioniq", "i30", "santa fe"),
    "kia": ("sportage", "niro", "ceed", "sorento"),
    "chevrolet": ("malibu", "silverado", "equinox"),
    "jeep": ("wrangler", "cherokee", "grand cherokee"),
    "比亚迪": ("海豚", "海豹"),
}
# A make said short or in the other language
_MAKE_SAID = {
    "vw": "volkswagen",
    "chevy": "chevrolet",
    "本田": "honda",
    "丰田": "toyota",
    "大众": "volkswagen",
    "福特": "ford",
    "日产": "nissan",
    "特斯拉": "tesla",
    "马自达": "mazda",
    "斯巴鲁": "subaru",
    "现代": "hyundai",
    "起亚": "kia",
    "byd": "比亚迪",
}
_MAKE_OF = {model: make for make, models in _MODELS.items() for model in models}
_TWO_WHEELS = re.compile(r"\b(?:motor ?bike|motorcycle|scooter|moped)s?\b|摩托|电动车|踏板", re.IGNORECASE)


def _make(word: str) -> str | None:
    said = word.casefold()
    return _MAKE_SAID.get(said, said) if _MAKE_SAID.get(said, said) in _MODELS else _MAKE_OF.get(said)


def _said(name: str, statement: str) -> bool:
    if name.isascii():
        return re.search(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", statement, re.IGNORECASE) is not None
    return name in statement


def make_and_model(word: str, statement: str) -> bool:
    """Whether ``word`` names, by its make or by its model, a car the statement names the other
    way ("honda" / "a 2012 Civic", "civic" / "my Honda"): a make only the one model of it held
    ("we have a Civic and a CR-V": which is "the honda"?), never a motorbike of that make."""
    make = _make(word)
    if make is None or _TWO_WHEELS.search(statement):
        return False  # "sold the civic" ends no Honda motorbike
    if word.casefold() in _MODELS or _MAKE_SAID.get(word.casefold()) in _MODELS:  # the make said: the one model held
        return len([m for m in _MODELS[make] if _said(m, statement)]) == 1
    if any(_said(m, statement) for m in _MODELS[make] if m != word.casefold()):
        return False  # "sold the civic" ends no "2018 honda accord"
    names = [make, *(k for k, v in _MAKE_SAID.items() if v == make)]  # a model said: its make held
    return any(_said(name, statement) for name in names)
