"""What a message names as left behind: the old value said beside the new one.

People rarely restate the attribute when something changes; they name what went
("we migrated everything to linear, jira is dead to us", "I'm at the YMCA now,
ditched PF", "they moved me to TA orgo instead of intro", "... and comcast is
cancelled", "最近从滴滴换成了高德"). The old value is then the one word a listener
ties the change to: the belief that holds it is the one replaced, whatever else
the two statements share. This module reads those phrases (a closed class of
English, no topic list; in Chinese, the value after 从 before a verb of change)
and tells which belief holds the thing named; ``rule_extractor`` marks the
message's statements with it (``Finding.replaces``) and ``reconcile``
supersedes, or ends when nothing new is said, the one belief said before that
names it.

Only a thing named by a word of a belief said before counts, never a pronoun
or a word every belief has; two letters or more in capitals may stand for the
words they begin ("PF" for "planet fitness").
"""

from __future__ import annotations

import re

from ledgermind.distill.alignment import names_ended, stands_for, topic_words
from ledgermind.distill.text import is_cjk

__all__ = ["LEFT_BEHIND", "LEFT_FOR", "left_behind", "names_left", "only_left_behind"]

LEFT_BEHIND = "left behind"  # the rule name of a message that only says what went
LEFT_FOR = "left behind for"  # ... and of one that says what holds in its place, read by no other rule

# What the thing named may be: up to four words, before a clause break or the words
# that say why or since when.
_THING = (
    r"(?:(?:the|my|our|his|her|their)\s+)?(?:old\s+)?"  # ("the old boiler": the boiler held)
    r"(?P<x>(?!(?:it|that|this|those|these|them|him|her|me|us|i|you|we|they|he|she|everything|all|one|the|so|and|but|then|well|ok|okay|btw|also|plus|oh)\b)"
    r"(?:\d{1,2}:\d{2}|[\w&.+'-]+)"  # (a train or a slot by its time: "scrapped the 7:42")
    r"(?:\s+(?!(?:and|but|because|cause|since|for|so|to|with|lol|haha|now|anymore|though|as|at|in|on|after|"
    r"when|this|last|bc|b/c|is|are|was|were|has|had|too|already|ever|again|forever|please|thanks|thank|thankfully|"
    r"outside|near|by|behind|from|off|over|into|onto|under|round|around|during|before|while|whilst|"
    r"yay|phew|hooray|finally)\b)[\w&.+'-]+){0,3})"
)
# A replacement said with the old value after it: "instead of intro", "rather than the bus",
# "switched from Jira", "ditched PF", "replaced Jira with Linear".
_BEFORE_THING = re.compile(
    r"\b(?:instead of|rather than|in place of|switched (?:over )?from|changed from|went from|upgraded from|"
    r"migrated (?:off|away from|from)|moved (?:off|away from)|ditched|dumped|scrapped|binned|axed|discontinued|"
    r"replaced|said (?:bye|goodbye) to|bye(?:-| )?bye|goodbye|farewell|rip|"
    # "..., bye comcast": a farewell to a thing, not to a person ("bye mum", "bye for now")
    r"(?<!said )(?<!say )bye(?=\s+(?!(?:for|now|then|guys|all|everyone|everybody|mom|mum|dad|babe|love|honey|you)\b)))\s+"
    + _THING,
    re.IGNORECASE,
)
# The old value as the subject of its own ending: "jira is dead to us", "comcast is cancelled",
# "poker night is done for good"; and "no more Netflix".
_THING_GONE = re.compile(
    r"(?:^|[,;:]\s*|\b(?:and|so|but)\s+)(?:(?:btw|also|ok|okay|oh|well|so|and|plus|update|fyi)[,:]?\s+)*"
    + _THING
    + r"(?:(?:'s|\s+(?:is|are|has been|have been|has|have|got|was))\s+"
    r"(?:officially\s+|now\s+|totally\s+|basically\s+)?"
    r"(?:dead(?:\s+to\s+(?:me|us))?|history|cancell?ed|canceled|gone for good|a thing of the past|no more|"
    r"out of the picture|done for good|over for good|(?:finished|ended|stopped|closed|folded)\s+for\s+good|retired|"
    r"discontinued|axed|canned|scrapped|shelved|"
    r"killed off|killed|shut down|pulled|binned|"
    # a firm that is no more ("Bulb got taken over", "the gym went bust"): what was had of it went with it
    r"taken over|bought out|closed down|wound up|"
    # a plan called off ("so the half is off", "the wedding's off now"), said last in its clause
    r"(?:called\s+)?off(?=\s*(?:[,.;!?]|$|\s+(?:now|for good|then|completely|lol)\b)))\b"
    r"|\s+(?:went\s+(?:bust|under|into administration)|folded)\b"
    # a place or a firm gone, a person gone from a role, said in the past with no copula ("Henley
    # practice closed so ...", "number 12 sold", "Felix left for an agency job"); only where the
    # clause ends there or says when or why, not "the pool closed early today"
    # (a verb that may say an occasion only, "closed", "sold", "got nicked", is read only where what holds
    # instead is said after it: ``_SAID_INSTEAD``)
    r"|\s+(?:has\s+|had\s+)?(?:finally\s+|just\s+)?(?:closed\s+down|shut\s+down|shut\s+its\s+doors|sold\s+up|"
    r"(?P<bare>closed|shut|sold)|moved\s+away|(?P<retired>retired)|(?:got|was|were)\s+(?:knocked down|written off|"
    # a thing of the speaker's taken or wrecked ("the Raleigh got nicked", "the Golf was written off")
    r"totall?ed|(?P<bare_done>rerouted|sold|turned into\b[^,.;!?]*|nicked|stolen|pinched|nabbed)))"
    r"(?=\s*(?:[,.;!?:(]|$|\s(?:so|and|but|last|in\s+(?:(?-i:[A-Z])|\d)|(?:a\s+(?:few|couple)\s+(?:of\s+)?|"
    r"two\s+|three\s+)?(?:weeks?|months?|years?)\s+ago|recently|over\s+the\s+\w+|this\s+(?:year|spring|summer|autumn|"
    r"winter)|earlier\s+this\s+\w+|for\s+(?:good|an?\s+[\w-]+\s+job|another\s+job|a\s+new\s+job))\b))"
    # a thing of the speaker's put up for sale, as one replacing it is ("Bolt's going on eBay")
    r"|(?:'s|\s+is)\s+(?:going|gone)\s+on\s+(?:ebay|gumtree|vinted|marketplace|craigslist|facebook marketplace)\b)",
    re.IGNORECASE,
)
# ... or a thing of the speaker's broken past mending ("the Hilux finally carked it")
_BROKE_THING = re.compile(
    r"(?:^|[,;:]\s*|\b(?:and|so|but)\s+)(?:(?:btw|also|ok|okay|oh|well|so|and|plus|update|fyi)[,:]?\s+)*"
    + _THING
    + r"\s+(?:(?:finally|officially|totally|just)\s+)?(?:carked it|gave up the ghost|bit the dust|conked out|"
    r"kicked the bucket|(?:got|was) written off|packed in)\b"
    # ... or, called old, gone as a thing goes ("the old boiler finally died on Sunday")
    r"|(?:the|my|our)\s+old\s+(?P<died>[\w&.+'-]+(?:\s+(?!(?:finally|just)\b)[\w&.+'-]+)?)\s+(?:(?:finally|just)\s+)?"
    r"(?:died|broke)\b",
    re.IGNORECASE,
)
# The speaker's own ending of a thing they did: "officially done with smoking", "had to stop going
# to the food bank", "wrapped up therapy", "gave up on the guitar", "cut hulu", "shut down the etsy
# shop". It ends the belief that names it.
_ENDED_THING = re.compile(
    r"(?:^|[,;:.!?]\s*|\b(?:and|so|but|i|we|i've|we've|i'm|we're)\s+)"
    r"(?:(?:officially|finally|basically|totally|just|pretty much|already|had to|have to|decided to)\s+)*"
    r"(?:done with|finished with|(?:stop|stopped|quit|quitting)(?:\s+(?:going to|doing|attending|taking|seeing|"
    r"playing|using|volunteering at|volunteering with))?|gave up(?: on)?|given up(?: on)?|wrapped up|"
    r"cancell?ed|dropped out of|cut|shut down|shut|closed(?: out| down)?|killed|axed|scrapped|traded in|got rid of|"
    r"part[- ]?exchanged|sacked|fired|"
    r"handed back|gave back)\s+"
    + _THING
    # a thing taken from the speaker by those who run it ("they rerouted the 38", "they took the vans
    # off us", "the council closed the tip"): what the speaker had of it went
    + r"|\b(?:they|they've|the council|work|the company|my work)\s+(?:(?:just|finally)\s+)?"
    r"(?:rerouted|axed|scrapped|cancell?ed|closed|shut|sold|took away)\s+"
    + _THING.replace("(?P<x>", "(?P<theirs>")
    # ... or stolen ("someone nicked the Raleigh outside the library")
    + r"|\b(?:someone|somebody|they)\s+(?:nicked|stole|pinched|nabbed)\s+"
    + _THING.replace("(?P<x>", "(?P<stolen>")
    # ... or a firm by its name closing the speaker's branch of it ("Parkview closed our branch")
    + r"|\b(?P<firm>(?-i:[A-Z])[\w&'-]+(?:\s+(?-i:[A-Z])[\w&'-]+)?)\s+(?:has\s+|have\s+)?(?:closed|shut)\s+(?:down\s+)?"
    r"(?:our|my|the\s+local|their)\s+(?:local\s+)?(?:branch|surgery|practice|site|store|shop|office)\b"
    # ... or one who worked for them let go ("we let Gary go after the third no-show")
     + r"|\blet\s+(?P<letgo>(?-i:[A-Z])[\w'-]+|(?:the|our|my)\s+[a-z]+)\s+go\b"
    r"(?!\s+(?:to|out|outside|home|first|with|for|in\s+the|off|on\s+the|into|and|ahead|early|free)\b)"
    + r"|\b(?:they|they've|work|the company)\s+took\s+(?:the|my|our)\s+(?P<off>[\w&.+'-]+(?:\s+[\w&.+'-]+)?)\s+"
    r"(?:off|away from)\s+(?:us|me)\b"
    # "handed the Tesla back", "gave the lease car back": a thing given back, named between
    + r"|\b(?:handed|gave|took)\s+(?:the|my|our)\s+(?P<back>[\w&.+'-]+(?:\s+[\w&.+'-]+)?)\s+back\b"
    # "traded the CB500F in on saturday": a thing traded in, named between
    + r"|\btraded\s+(?:the|my|our)\s+(?P<traded>[\w&.+'-]+(?:\s+[\w&.+'-]+)?)\s+in\b",
    re.IGNORECASE,
)
# The groups of the forms that may say an occasion of a thing, not its end
_NEW_FORMS = frozenset(["bare", "bare_done", "theirs", "stolen", "letgo", "firm"])
_SAID_INSTEAD_NEEDED = frozenset(["bare", "bare_done", "stolen"])
_OCCASION = re.compile(
    r"\b(?:again|today|tonight|this\s+(?:morning|afternoon|evening|week)|yesterday|because of|due to|for the day|"
    r"early|for a bit|for a while|temporarily|for (?:the )?(?:snow|strike|holidays?|renovations?|repairs?))\b",
    re.IGNORECASE,
)
# What holds in a thing's place, said after it went ("... so he's registered at Riverside Vets", "...,
# bought a Brompton with the insurance money", "... there's a retired couple in there now")
_SAID_INSTEAD = re.compile(
    r"\b(?:now|these days|nowadays|instead|registered|transferred|moved|switched|joined|taken over|took over|new|"
    r"bought|got|insurance|replaced|from now on|ended up|go to|going to|signed up)\b",
    re.IGNORECASE,
)
_TITLED = re.compile(r"(?:dr|doctor|mr|mrs|ms|miss|prof|professor|nurse|coach)\.?\s+\w", re.IGNORECASE)
_FAMILY = re.compile(
    r"\b(?:mum|mom|dad|mother|father|parents|sister|brother|wife|husband|partner|son|daughter|kids|children|"
    r"grandma|grandpa|gran|nan|granny|aunt|uncle|cousin|in-laws|family|guests?|friends?|boyfriend|girlfriend)$",
    re.IGNORECASE,
)
_NO_MORE = re.compile(r"\bno more\s+(?!than\b)" + _THING, re.IGNORECASE)
_ACRONYM = re.compile(r"[A-Z]{2,4}")


# Said before the phrase in its clause, a denial or a doubt takes it back ("I haven't ditched
# PF", "not sure jira is dead", "if comcast is cancelled ...").
_TAKEN_BACK = re.compile(
    # (in its own clause: "no running this year so the half is off" denies the running, not the end)
    r"(?:\b(?:not|never|no|n't|if|whether|unless|maybe|might|should|would|could|will|wish)\b|n't)"
    r"(?:(?!\b(?:so|and|but|because|cos)\b)[^,;.!?])*$",
    re.IGNORECASE,
)


# Said after it, a while it is gone for: "shut down the cafe for three weeks for repairs", "... for now"
_FOR_A_WHILE = re.compile(
    r"[\s,]*(?:(?:for|over)\s+(?:now|a (?:bit|while|few \w+|couple (?:of )?\w+)|the (?:summer|winter|holidays?|"
    r"season|month|week)|(?:\d+|one|two|three|four|five|six|a)\s+(?:days?|weeks?|months?))|temporarily|till|until)\b",
    re.IGNORECASE,
)


# The same in Chinese, the old value after 从 and before the verb of the change: "从行政调去财务了",
# "从滴滴换成了高德", "从两片减到一片" (not "从小" / "从来" / "从此" / "从前": since, never, from then on).
_FROM_ZH = re.compile(
    r"从(?!小|来|此|前|头|没|不|未|今|明|去年|上)(?P<x>[\u4e00-\u9fffA-Za-z0-9.]{1,8}?)"
    r"(?:改|换|调|转|搬|跳|升|降|涨|减|变)(?:成|到|去|为|回)"
)
_TAKEN_BACK_ZH = re.compile(r"(?:不|没|别|如果|要是|假如|可能|也许|想|打算|准备)[^，,。！!？?]*$")


def left_behind(text: str, instead_said: bool = False) -> tuple[str, ...]:
    """The things a text names as gone or replaced, in order, as written. ``instead_said``: the text
    is a clause of a sentence that says what holds instead (``_SAID_INSTEAD``) in another clause."""
    if is_cjk(text):
        return tuple(
            dict.fromkeys(m.group("x") for m in _FROM_ZH.finditer(text) if not _TAKEN_BACK_ZH.search(text[: m.start()]))
        )
    found = [
        (m.start(), x)
        for pattern in (_BEFORE_THING, _THING_GONE, _BROKE_THING, _NO_MORE, _ENDED_THING)
        for m in pattern.finditer(text)
        if (
            x := m.group("x")
            or m.groupdict().get("back")
            or m.groupdict().get("traded")
            or m.groupdict().get("theirs")
            or m.groupdict().get("off")
            or m.groupdict().get("stolen")
            or m.groupdict().get("letgo")
            or m.groupdict().get("died")
            or m.groupdict().get("firm")
            or ""
        )
        # (before the thing gone, with the "so" that may open its clause: "no running so the half is off")
        and not _TAKEN_BACK.search(
            text[: m.start("x") if pattern is _THING_GONE and m.group("x") else m.start()] + " " + x.rpartition(" ")[0]
        )
        and not _FOR_A_WHILE.match(text[m.end() :])
        # (one of the family called old is no thing that broke: "my old gran died")
        and not (m.groupdict().get("died") and _FAMILY.search(x))
        # an occasion of it, not the thing gone ("they cancelled the 38 again", "closed because of snow")
        and not (
            _NEW_FORMS.intersection(k for k, v in m.groupdict().items() if v) and _OCCASION.search(text, m.start())
        )
        # ... and a verb that may say an occasion only, read where what holds instead is said after it
        and not (
            _SAID_INSTEAD_NEEDED.intersection(k for k, v in m.groupdict().items() if v)
            and not instead_said
            and not _SAID_INSTEAD.search(text, m.end())
        )
        # (one retired by a name alone may be family: "Sam retired" of "my brother is Sam"; by a title,
        # one who served the speaker: "dr okafor retired")
        and not (m.groupdict().get("retired") and not _TITLED.match(x))
    ]
    return tuple(dict.fromkeys(x.strip(" .'") for _, x in sorted(found) if x.strip(" .'")))


def only_left_behind(clause: str) -> bool:
    """Whether a clause says nothing but that a thing went ("jira is dead to us lol",
    "no more netflix")."""
    said = [p for p in (_THING_GONE, _BROKE_THING, _NO_MORE, _ENDED_THING) if p.search(clause)]
    rest = clause
    for pattern in said:
        rest = pattern.sub(" ", rest)
    # where and when it went is no more than that ("falcon got scrapped at the all-hands today")
    rest = re.sub(
        r"^\s*(?:at|in|on|outside|near|by|behind|from|during|after|before|since|today|yesterday|this|last)\b.*$",
        " ",
        rest,
        flags=re.I,
    )
    rest = re.sub(
        r"\b(?:lol|haha+|lmao|tbh|honestly|anyway|so|and|but|ok|okay|ever|again|forever|for good)\b|[^\w]+",
        " ",
        rest,
        flags=re.I,
    )
    return bool(said) and not rest.strip()


def names_left(thing: str, statement: str) -> bool:
    """Whether a statement names the thing left behind: its topic words, or the words
    an acronym stands for ("PF" in "goes to the planet fitness on 5th street")."""
    if _ACRONYM.fullmatch(thing):
        return stands_for(thing, statement)
    if re.fullmatch(r"\d{1,2}:\d{2}", thing):  # "the 7:42": the train or slot a belief names by its time
        return re.search(rf"(?<![\d:]){re.escape(thing)}(?![\d:])", statement) is not None
    if re.fullmatch(r"\d{1,3}[a-z]?", thing, re.IGNORECASE):
        # "the 38": a bus or a route a belief names by its number, as "the 38" or "the 38 bus" (not a
        # flat or an age: "my flat number is 12")
        return (
            re.search(
                rf"\bthe\s+{re.escape(thing)}\b(?!\s*(?:years?|months?|weeks?|days?|%))"
                rf"|(?<![\d:]){re.escape(thing)}\s+(?:bus|route|train|tram|line|service)\b",
                statement,
                re.IGNORECASE,
            )
            is not None
        )
    named = topic_words(thing)
    return bool(named) and names_ended(named, statement, by_kind=False)
