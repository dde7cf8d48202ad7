"""The providers and tools people switch between, by kind: who insures the speaker, carries
their phone, banks their money, runs their gym, tracks their team's tickets.

People say a switch of these by the new one's name alone ("work moved everybody over to
aetna" after "I'm on blue cross through my job", "the whole eng org got moved over to linear"
after "we use jira for everything", "携号转网到电信了" after "我用的是移动的卡"). The two statements
share no word; what ties them is that both name one of a kind the speaker has one of at a
time. This module knows the kinds and their names (a closed list of well-known names, EN and
ZH); ``generic_decision`` decides what a switch replaces.

A switch must be said in words ("moved over to", "switched", "ported", "now", 换成, 转网): a
provider named alone is as often a second one ("we use slack, and discord for the community")
or one of someone else's; measured on the blind sittings, naming one alone replaced a belief
that still held.
"""

from __future__ import annotations

import re

__all__ = ["kinds_said_alone", "providers_named", "providers_taken_up", "switch_said"]

_KINDS: dict[str, tuple[str, ...]] = {
    "health insurer": (
        "blue cross",
        "blue shield",
        "bcbs",
        "aetna",
        "cigna",
        "humana",
        "kaiser",
        "united healthcare",
        "unitedhealthcare",
        "anthem",
        "oscar health",
        "bupa",
        "vitality",
    ),
    "insurer": (
        "平安",
        "人保",
        "太平洋保险",
        "太平洋",
        "中国人寿",
        "国寿",
        "泰康",
        "大地保险",
        "阳光保险",
        "lv",
        "aviva",
        "admiral",
        "geico",
        "progressive",
        "allstate",
        "state farm",
        "direct line",
        "churchill",
        "hastings",
    ),
    "phone carrier": (
        "verizon",
        "at&t",
        "t-mobile",
        "tmobile",
        "mint mobile",
        "mint",
        "visible",
        "cricket",
        "boost mobile",
        "google fi",
        "giffgaff",
        "vodafone",
        "three",
        "lebara",
        "voxi",
        "ee",
        "o2",
        "tesco mobile",
        "sky mobile",
        "id mobile",
        "smarty",
        "lyca",
        "lycamobile",
        "jio",
        "airtel",
        "optus",
        "telstra",
        "rogers",
        "telus",
        "fido",
        "中国移动",
        "移动的卡",
        "移动的号",
        "移动卡",
        "是移动",  # ("现在是移动": the carrier; 移动 alone is as often "to move")
        "到移动",
        "成移动",
        "联通",
        "电信",
    ),
    "bank": (
        "chase",
        "wells fargo",
        "bank of america",
        "capital one",
        "ally",
        "monzo",
        "starling",
        "revolut",
        "barclays",
        "hsbc",
        "lloyds",
        "natwest",
        "santander",
        "chime",
        "halifax",
        "nationwide",
        "tsb",
        "virgin money",
        "coventry building society",
        "yorkshire building society",
        "skipton",
        "招商银行",
        "招行",
        "建设银行",
        "建行",
        "工商银行",
        "工行",
        "农业银行",
        "农行",
        "中国银行",
        "中行",
        "交通银行",
        "浦发",
        "hdfc",
        "icici",
        "sbi",
        "axis bank",
        "kotak",
        "bank of scotland",
        "first direct",
        "metro bank",
        "co-op bank",
        "td bank",
        "rbc",
        "scotiabank",
        "commbank",
        "commonwealth bank",
        "westpac",
        "anz",
        "marcus",
    ),
    # money sent home or abroad, and the cards it is spent on away
    "money transfer": (
        "western union",
        "remitly",
        "wise",
        "transferwise",
        "worldremit",
        "moneygram",
        "xoom",
        "revolut",
    ),
    "investment platform": (
        "hargreaves lansdown",
        "aj bell",
        "vanguard",
        "fidelity",
        "trading 212",
        "freetrade",
        "robinhood",
        "schwab",
        "etrade",
        "nutmeg",
        "moneybox",
        "zerodha",
        "groww",
        "interactive brokers",
    ),
    "pension fund": (
        "nest",
        "australiansuper",
        "hostplus",
        "aware super",
        "rest super",
        "cbus",
        "unisuper",
        "hesta",
        "the people's pension",
        "royal london",
        "scottish widows",
        "standard life",
    ),
    "tax software": ("turbotax", "freetaxusa", "h&r block", "taxact", "taxslayer"),
    "home internet": (
        "virgin media",
        "virgin broadband",
        "virgin",
        "sky",
        "bt broadband",
        "bt",
        "sky broadband",
        "talktalk",
        "community fibre",
        "hyperoptic",
        "plusnet",
        "comcast",
        "xfinity",
        "spectrum",
        "verizon fios",
        "fios",
        "google fiber",
        "at&t fiber",
        "starlink",
        "optimum",
    ),
    "energy supplier": ("octopus energy", "octopus", "british gas", "edf", "e.on", "eon", "ovo", "so energy"),
    "gym": (
        "planet fitness",
        "equinox",
        "24 hour fitness",
        "la fitness",
        "crunch",
        "anytime fitness",
        "gold's gym",
        "puregym",
        "the gym group",
        "orangetheory",
        "ymca",
        "david lloyd",
        "virgin active",
        "f45",
    ),
    "ticket tracker": ("jira", "linear", "asana", "trello", "clickup", "youtrack", "shortcut", "monday.com"),
    "team chat": ("slack", "microsoft teams", "ms teams", "mattermost", "钉钉", "飞书", "企业微信"),
    "code editor": (
        "vscode",
        "vs code",
        "neovim",
        "vim",
        "emacs",
        "intellij",
        "pycharm",
        "webstorm",
        "sublime",
        "cursor",
        "zed",
    ),
    "cloud host": (
        "aws",
        "gcp",
        "google cloud",
        "azure",
        "heroku",
        "fly.io",
        "vercel",
        "netlify",
        "digitalocean",
        "render",
        "railway",
        "阿里云",
        "腾讯云",
        "华为云",
    ),
    "email": ("gmail", "outlook", "protonmail", "proton mail", "fastmail", "yahoo mail", "hotmail"),
    "browser": ("chrome", "firefox", "safari", "brave", "microsoft edge", "arc browser", "opera"),
    "music service": ("spotify", "apple music", "youtube music", "tidal", "deezer", "qq音乐", "网易云音乐", "网易云"),
    "video streaming": (
        "netflix",
        "hulu",
        "disney+",
        "disney plus",
        "hbo max",
        "prime video",
        "paramount+",
        "peacock",
        "apple tv+",
        "crunchyroll",
        "爱奇艺",
        "腾讯视频",
        "优酷",
        "芒果tv",
    ),
    "map app": ("google maps", "waze", "apple maps", "高德", "百度地图", "腾讯地图"),
    # where the week's food is bought ("we do the big shop at Tesco" / "switched to Aldi")
    "supermarket": (
        *("tesco", "sainsbury's", "sainsburys", "asda", "morrisons", "waitrose", "aldi", "lidl", "ocado"),
        *("iceland", "co-op", "walmart", "costco", "kroger", "safeway", "whole foods", "trader joe's", "publix"),
        *("target", "woolworths", "woolies", "coles", "big bazaar", "dmart", "盒马", "山姆", "永辉", "沃尔玛"),
        *("家乐福", "大润发", "叮咚买菜", "朴朴"),
    ),
}

# A name only where it stands as one: "chase" of "chase the kids", "visible" of "visible mold",
# "render" and "shortcut" as verbs or nouns, "cursor" of the mouse's, need a capital or a word
# of the kind beside them
_AMBIGUOUS = frozenset(
    [
        "virgin",
        "sky",
        "chase",
        "mint",
        "peacock",
        "visible",
        "cricket",
        "ally",
        "render",
        "railway",
        "shortcut",
        "linear",
        "cursor",
        "zed",
        "opera",
        "safari",
        "edge",
        "crunch",
        "vitality",
        "arc browser",
        "chrome",
        "outlook",
        "vim",
        "kaiser",
        "ee",
        "o2",
        "bt",
        "smarty",
        "rogers",
        "fido",
        "spectrum",
        "optimum",
        "octopus",
        "eon",
        "平安",
        "太平洋",
        "lv",
        "progressive",
        "churchill",
        "hastings",
        "marcus",
        "wise",
        "nest",
        "fidelity",
        "vanguard",
        "iceland",
        "target",
        "co-op",
        "coles",
    ]
)
_KIND_WORDS = re.compile(
    r"\b(?:insurance|insurer|plan|carrier|network|phone|number|sim|bank|account|card|gym|membership|tickets?|"
    r"issues?|board|sprints?|chat|messages?|editor|ide|cloud|hosting|host|deploy\w*|email|mail|inbox|browser|"
    r"music|playlists?|maps?|navigation|tracker|broadband|internet|wifi|wi-fi|fibre|fiber|router|modem|energy|"
    r"electric|electricity|gas|tariff|supplier|data|insured|insurance|insurer|policy|premium|renewal|cover|"
    r"mortgage|remortgaged?|(?:\d+|two|three|five|ten)[- ]year fix|fixed rate|savings|isa|pension|super|transfers?|"
    r"stocks?|shares|investments?|tax(?:es)? return|shop|shopping|groceries|grocery|supermarket)\b"
    r"|保险|车险|续保|投保|套餐|卡|号|银行|健身|办公|地图|音乐|超市|买菜",
    re.IGNORECASE,
)


def _pattern(names: tuple[str, ...]) -> re.Pattern[str]:
    """A Latin name stands between word ends; a Chinese one is found inside its sentence."""
    latin = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True) if n.isascii())
    cjk = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True) if not n.isascii())
    return re.compile(r"(?<![\w.-])(?:" + latin + r")(?![\w-])" + ("|" + cjk if cjk else ""), re.IGNORECASE)


# What a person's or a pet's name follows
_NAME_GIVEN = re.compile(
    r"\b(?:called|named|name is|name's|daughter|son|sister|brother|wife|husband|partner|baby|dog|cat|puppy|kitten)\s+$",
    re.IGNORECASE,
)
# A name that is a common word whatever its case ("Three of us"): a provider only beside a word of
# its kind or taken up ("switched to Three")
_COMMON_WORDS = frozenset(["three"])
# What a provider's name follows where it is one ("moved over to linear", "signed up with visible")
_TAKEN_UP = re.compile(
    r"\b(?:(?:switched|switching|moved|moving|migrated|ported|put|changed|jumped ship|gone|went|going)\s+(?:[\w']+\s+){0,3}?(?:over\s+)?"
    r"(?:to|onto)|signed up with|went with|gone with|going with|renewed with|(?:re)?mortgaged with|refinanced with)\s+$",
    re.IGNORECASE,
)
# ... and the words that make it another thing ("linear regression", "cursor position")
_NOT_A_NAME_AFTER = re.compile(
    r"\s+(?:regression|algebra|model|equation|scale|function|position|time)\b"
    # ... or a count ("switched to three days a week")
    r"|\s+(?:days?|weeks?|months?|years?|times?|nights?|shifts?|hours?|sessions?|meals?|cups?|of|a|per|each|"
    r"classes|lessons|sets|reps|km|miles|mg)\b",
    re.I,
)
_PATTERNS = {kind: _pattern(names) for kind, names in _KINDS.items()}


# One provider said two ways
_SAME_NAME = {
    "vs code": "vscode",
    "tmobile": "t-mobile",
    "unitedhealthcare": "united healthcare",
    "bcbs": "blue cross",
    "blue shield": "blue cross",
    "ms teams": "microsoft teams",
    "proton mail": "protonmail",
    "google cloud": "gcp",
    "移动的卡": "中国移动",
    "移动的号": "中国移动",
    "mint": "mint mobile",
    "disney plus": "disney+",
    "移动卡": "中国移动",
    "是移动": "中国移动",
    "到移动": "中国移动",
    "成移动": "中国移动",
    "招行": "招商银行",
    "transferwise": "wise",
    "commonwealth bank": "commbank",
    "建行": "建设银行",
    "工行": "工商银行",
    "农行": "农业银行",
    "中行": "中国银行",
    "网易云": "网易云音乐",
    "fios": "verizon fios",
    "octopus": "octopus energy",
    "eon": "e.on",
    "lyca": "lycamobile",
    "bt broadband": "bt",
    "virgin": "virgin media",
    "virgin broadband": "virgin media",
    "sky broadband": "sky",
}


def providers_named(text: str) -> dict[str, frozenset[str]]:
    """The providers a text names, by kind: {"health insurer": {"aetna"}}. An ambiguous name
    counts only written with its capital or beside a word of its kind."""
    kind_said = _KIND_WORDS.search(text) is not None
    # ("Tesco Mobile" is a carrier, no supermarket: a name inside a longer one of another kind is none)
    spans = [m.span() for pattern in _PATTERNS.values() for m in pattern.finditer(text)]
    found: dict[str, frozenset[str]] = {}
    for kind, pattern in _PATTERNS.items():
        names = {
            m.group(0).casefold()
            for m in pattern.finditer(text)
            if not any(a <= m.start() and m.end() <= b and (a, b) != m.span() for a, b in spans)
            and (
                (
                    (m.group(0).casefold() not in _AMBIGUOUS or m.group(0)[:1].isupper())
                    and m.group(0).casefold() not in _COMMON_WORDS
                )
                or kind_said
                or _taken_up(text, m)
            )
        }
        # (a name given to someone: "my daughter is called Sky", "our cat Linear")
        names -= {
            m.group(0).casefold() for m in pattern.finditer(text) if _NAME_GIVEN.search(text[: m.start()]) is not None
        }
        if names:
            found[kind] = frozenset(_SAME_NAME.get(n, n) for n in names)
    return found


def _taken_up(text: str, name: re.Match[str]) -> bool:
    """Whether the name found is said as taken up ("switched to Three"), not as another thing
    ("linear regression", "switched to three days a week")."""
    return _TAKEN_UP.search(text[: name.start()]) is not None and not _NOT_A_NAME_AFTER.match(text[name.end() :])


def providers_taken_up(text: str) -> dict[str, frozenset[str]]:
    """Of the providers a text names, the ones it says were taken up ("renewed with Admiral this
    year, Aviva wanted way too much": Admiral), by kind; what the text names besides them is
    the one left or compared."""
    found: dict[str, frozenset[str]] = {}
    for kind, pattern in _PATTERNS.items():
        names = {
            _SAME_NAME.get(m.group(0).casefold(), m.group(0).casefold())
            for m in pattern.finditer(text)
            if _taken_up(text, m)
        }
        if names:
            found[kind] = frozenset(names)
    return found


# A switch said in words ("moved over to", "ported", "signed up with", 换成, 转网)
_SWITCH_SAID = re.compile(
    r"\b(?:moved|moving|migrated|migrating|ported|porting|switched|switching|changed|went with|signed up with|renewed with|"
    r"remortgaged with|refinanced with|"
    # money moved to another ("rolled it all into Hostplus", "transferred my ISA to Vanguard")
    r"(?:rolled|transferred|consolidated)(?: (?:it|them|everything|(?:my|our|the) [\w-]+))?(?: all)? (?:into|to)|"
    r"over to|instead|now|these days|jumped ship|gone with|going with|left \w+ for|"
    # a plan gone on to ("gone sim only on giffgaff", "went pay as you go with Lebara")
    r"(?:gone|went|going)\s+(?:[\w-]+\s+){1,3}?(?:on|with)(?=\s+(?-i:[A-Za-z])))\b|换成|换到|改用|转到|转网|转贷|携号|携转|现在",
    re.IGNORECASE,
)


def switch_said(text: str) -> bool:
    """Whether a text says a switch in words, as a provider named in it needs to replace another."""
    return _SWITCH_SAID.search(text) is not None


# A provider named by its kind ("that streaming sub", "the phone plan", "视频会员")
_KIND_SAID = {
    "video streaming": re.compile(
        r"\bstream(?:ing)?\b(?=.*\b(?:sub|subscription|service|account|plan|membership)\b)|视频会员|视频网站",
        re.IGNORECASE,
    ),
    "phone carrier": re.compile(r"\b(?:phone|mobile|cell) (?:plan|contract|carrier)\b|手机套餐", re.IGNORECASE),
    "health insurer": re.compile(r"\bhealth (?:insurance|plan|cover)\b", re.IGNORECASE),
    "music service": re.compile(r"\bmusic (?:sub|subscription|app|service)\b|音乐会员", re.IGNORECASE),
    "gym": re.compile(r"\bgym (?:membership|sub|subscription|contract)\b|健身卡", re.IGNORECASE),
}


# The words that name a provider by its kind and nothing else ("that streaming sub", "the phone plan")
_KIND_ONLY_WORDS = frozenset(
    [
        "stream",
        "streaming",
        "sub",
        "subscription",
        "service",
        "account",
        "plan",
        "membership",
        "gym",
        "phone",
        "contract",
    ]
    + ["music", "health", "insurance", "mobile", "cell"]
)


def kinds_said_alone(words: frozenset[str]) -> set[str]:
    """The kinds of provider a thing's words name by their kind and nothing else ("that streaming
    sub", "the phone plan": {"video streaming"}, {"phone carrier"}); none where another word says
    which one ("my twitch streaming sub", "the climbing gym membership")."""
    if not words or not words <= _KIND_ONLY_WORDS:
        return set()
    text = " ".join(sorted(words))
    return {kind for kind, said in _KIND_SAID.items() if said.search(text)}
