"""Text helpers shared by extraction and reconciliation (pure, CJK-aware).

Why character bigrams for CJK: Chinese has no spaces, so a whitespace
tokenizer sees "我咖啡不加糖" as one token and any two Chinese statements as
unrelated. Overlapping character bigrams are the standard segmentation-free
unit for CJK matching: "不加糖" and "加糖" share "加糖". Latin text is split
into lower-cased word tokens with a few stop words removed, so "the user's
production" and "production" overlap on what matters.
"""

from __future__ import annotations

import re
import unicodedata

from ledgermind.analysis.text import STOPWORDS

__all__ = [
    "DAY_OF_WEEK",
    "NEW_RECORD",
    "a_or_an",
    "ages_in_digits",
    "apostrophes_restored",
    "asides_dropped",
    "copula_expanded",
    "digits_after_to",
    "emoji_trimmed",
    "fillers_dropped",
    "first_lowered",
    "is_cjk",
    "jaccard",
    "kin_spelled_out",
    "normalise",
    "partners_named",
    "sentences",
    "spaces_as_commas",
    "tokens",
]

# A day of the week, written whole or short ("Tuesday", "tues", "weds", "Sat"), a word of its own
DAY_OF_WEEK = (
    r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|mons?|tues?|weds?|thurs?|thu|fris?|sats?|suns?)(?![\w'])"
)
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]")
_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]+|[a-z0-9][a-z0-9.'+#_-]*")
_STOP = frozenset(
    [
        "a",
        "an",
        "the",
        "and",
        "or",
        "of",
        "to",
        "in",
        "on",
        "at",
        "for",
        "with",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "am",
        "i",
        "me",
        "my",
        "we",
        "our",
        "us",
        "their",  # the speaker's own, once named ("the user switched their database")
        "theirs",
        "you",
        "your",
        "it",
        "its",
        "this",
        "that",
        "these",
        "those",
        "do",
        "does",
        "did",
        "has",
        "have",
        "had",
        "just",
        "so",
        "very",
        "really",
    ]
)
# Sentence ends: Latin punctuation followed by a space, CJK full stops, newlines.
# An emoji ends a sentence as a full stop does where chat puts one between two ("it's 1790 from
# february 😩 signed it anyway"); pictographs, symbols and the joiners that end their sequences.
_EMOJI = "\U0001f300-\U0001faff\u2600-\u27bf\ufe0f\u200d"
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|(?<=[。！？；])|\n+")
_EMOJI_END = re.compile(rf"(?<=[{_EMOJI}])\s+(?=[^\s{_EMOJI}])")
# ... and a Chinese laugh typed after the last word ("不是豆豆哈哈"), or one particle after a number ("26哈")
_EMOJI_LAST = re.compile(rf"(?:[\s{_EMOJI}]|(?<=[\u4e00-\u9fff])(?:[哈嘿呵嘻]{{2,}}|h{{2,}})|(?<=\d)[哈啦呀哦])+$")


def emoji_trimmed(text: str) -> str:
    """The text without the emoji or the laugh that close it ("april 🙈" is the value "april",
    "豆豆哈哈" the name "豆豆")."""
    return _EMOJI_LAST.sub("", text) or text


_ABBREVIATION = re.compile(
    r"(?:^|\s)(?:Dr|Mr|Mrs|Ms|Mx|Prof|Sr|Jr|St|Mt|Rev|Gen|Col|Capt|Lt|Sgt|Hon|vs|etc|approx|e\.g|i\.e|No|"
    r"dr|mr|mrs|ms|prof)\.$|[A-Z][a-z]+\s[A-Z]\.$"  # a title typed in lower case too ("dr. klein")
)

# Initials ("J.K.", "D.C.", "U.S."): they end a sentence only when a new one starts after them,
# which a sentence's usual first words say ("... the U.S. It was hard"); a name or a word in
# lower case goes on with it ("J.K. Rowling", "D.C. last year").
_INITIALS = re.compile(r"(?:^|[\s(])(?:[A-Z]\.){2,}$")
_GOES_ON = re.compile(
    r"(?!(?:I|It|It's|The|This|That|These|Those|There|Then|We|He|She|They|My|Our|His|Her|Their|You|Your|"
    r"A|An|And|But|So|Now|Anyway|Also|Oh|Well|Yes|No|Ok|Okay|Thanks|Hope|Lol)\b)(?:[A-Z][a-z]|[a-z])"
)

# "'s" after a noun is a copula (or "has"), not a possessive, when what follows
# cannot be the possessed noun: a preposition, an article, an adverb, a number,
# "been" ("the flight's on the 5th", "my gym's no longer ...", "my brother's at Meta now").
_CONTRACTED_COPULA = re.compile(
    # (an adverb between: "she's just gone into Year 5")
    r"(?<=[A-Za-z])['’]s(?=\s+(?:(?P<has>(?:(?:just|already|finally|recently|officially|now)\s+)?"
    r"(?:been|got|gotten|put|raised|upped|bumped|hiked|lowered|cut|dropped|"
    r"increased|reduced|changed|moved|switched|gone|had|given|sent|told|asked|offered|"
    # ... and of an ending or a start ("he's outgrown it", "she's quit the choir", "he's left")
    r"outgrown|grown|become|started|stopped|quit|joined|decided|taken|passed|won|learned|learnt|left(?!-))"
    r"\b(?!\s+(?:by|for)\b))|on|in|at|to|now|no|not|a|an|the|about|around|still|only|"
    r"back|off|over|with|from|up|down|going|getting|always|never|just|really|also|already|finally|currently|"
    r"due|set|scheduled|moving|almost|nearly|under|[$€£¥]?\d[\d,.]*|"
    # a progressive of a plan or a life ("Jake's coming to visit", "Ana's expecting", "Mum's retiring")
    r"coming|visiting|staying|starting|leaving|flying|travel(?:l)?ing|working|living|studying|retiring|"
    r"graduating|expecting|training|looking|thinking|planning|"
    # a participle of a plan's change ("the trip's pushed back to October", "dinner's cancelled")
    r"pushed|postponed|delayed|rescheduled|cancell?ed|booked|confirmed)\b)",
    re.IGNORECASE,
)


def copula_expanded(text: str) -> str:
    """A contracted copula spelled out ("the flight's on the 5th" -> "the
    flight is on the 5th"), so what reads a clause's verb sees it."""
    return _CONTRACTED_COPULA.sub(lambda m: " has" if m.group("has") else " is", text)


# Contractions typed without their apostrophe ("im vegetarian", "dont drink anymore"), as
# chat is typed: only the spellings that are no other word ("its", "were", "ill", "id", "lets",
# "wont" are words of their own and are left as typed).
_BARE_CONTRACTIONS = {
    "im": "I'm",
    "ive": "I've",
    "dont": "don't",
    "doesnt": "doesn't",
    "didnt": "didn't",
    "cant": "can't",
    "isnt": "isn't",
    "arent": "aren't",
    "wasnt": "wasn't",
    "werent": "weren't",
    "havent": "haven't",
    "hasnt": "hasn't",
    "hadnt": "hadn't",
    "couldnt": "couldn't",
    "shouldnt": "shouldn't",
    "wouldnt": "wouldn't",
    "youre": "you're",
    "theyre": "they're",
    "thats": "that's",
    "whats": "what's",
    "weve": "we've",
    "theyve": "they've",
}
_BARE_CONTRACTION = re.compile(r"(?<![\w'’])(" + "|".join(_BARE_CONTRACTIONS) + r")(?![\w'’])", re.IGNORECASE)


# "were" typed for "we're" where it opens a sentence before what we are doing or where we are
# ("were doing it every fortnight now"): a question would name who were ("were you ...")
_WERE_FOR_WE_ARE = re.compile(r"(?:^|(?<=[.!?]\s))(?P<w>[Ww])ere(?=\s+(?:[a-z]+ing|now|all|both|still|just)\b)")


# "i" typed for "I" ("and i don't drink coffee", "i'm 34"): not "i.e." nor a letter in a list ("i)")
_LOWER_I = re.compile(r"(?<![\w'’.-])i(?=['’]\w|\s)")


# The verbs that say a change, as chat mistypes them ("swtiched to Spotify", "chnaged my number"):
# a handful of letters swapped or dropped in the words the change rules read; any other typo is
# left as typed (a spelling corrector would rewrite names and brands, which notes must keep)
_CHANGE_TYPOS = {
    "swtiched": "switched",
    "swiched": "switched",
    "switchd": "switched",
    "swithced": "switched",
    "siwtched": "switched",
    "chnaged": "changed",
    "cahnged": "changed",
    "changd": "changed",
    "upgarded": "upgraded",
    "upgrated": "upgraded",
    "cancled": "cancelled",
    "canceld": "cancelled",
    "stoped": "stopped",
    "bumpd": "bumped",
    "movd": "moved",
    "upgrded": "upgraded",
}
_CHANGE_TYPO = re.compile(r"\b(?:" + "|".join(_CHANGE_TYPOS) + r")\b", re.IGNORECASE)


def change_verbs_spelled(text: str) -> str:
    """The message with a mistyped verb of change spelled as the rules read it (``_CHANGE_TYPOS``)."""
    return _CHANGE_TYPO.sub(lambda m: _CHANGE_TYPOS[m.group(0).casefold()], text)


def apostrophes_restored(text: str) -> str:
    """The message with contractions typed without their apostrophe spelled as
    contractions ("im in texas" -> "I'm in texas") and "i" as "I", so the rules that
    read "I'm" read what chat writes."""
    text = _WERE_FOR_WE_ARE.sub(lambda m: m.group("w") + "e're", text)
    return _LOWER_I.sub("I", _BARE_CONTRACTION.sub(lambda m: _BARE_CONTRACTIONS[m.group(1).casefold()], text))


# The speaker's people as chat shortens them ("my sis", "bro just moved"): spelled out, so the
# rules that know "sister" read them; one that opens a sentence before its verb, with no "my"
# ("sis quit teaching", "mom's been in Tucson since spring"), is the speaker's own. Never a word
# of address ("thanks bro", "Mom, guess what").
_CHAT_KIN = {
    "sis": "sister",
    "bro": "brother",
    "gf": "girlfriend",
    "bf": "boyfriend",
    "bff": "best friend",
    "hubby": "husband",
    "wifey": "wife",
    "missus": "wife",
    "other half": "partner",
    "better half": "partner",
}
_OPENING_KIN = ("mom", "mum", "dad", "grandma", "grandpa", "sister", "brother")
_BEFORE_VERB = (
    r"(?=(?:'s)?\s+(?:is|was|has|had|been|got|quit|left|went|took|lost|won|made|sold|bought|became|began|found|"
    r"just|finally|still|now|also|recently|never|always|already|\w+ed|\w+s)\b"
    # ... or "'s", whose something or what they are doing ("Mum's 80th is on the 3rd", "dad's new car
    # is ...", "Mum's visiting from Leeds"; not "Mum's the word")
    r"|'s\s+(?!the\s+word\b)\w)"
)
_CHAT_KIN_SAID = re.compile(
    r"(?:(?<=\bmy )|(?<=\bMy )|(?<=\bour )|(?<=\bOur ))(" + "|".join(_CHAT_KIN) + r")\b(?!\s*[,.!?]?\s*$)"
    r"|(?:^|(?<=[.!?] ))(" + "|".join((*_CHAT_KIN, *_OPENING_KIN)) + r")\b" + _BEFORE_VERB,
    re.IGNORECASE,
)


# "the kids started at Greenhill": the speaker's, said as a household says it, before their verb
_THE_KIDS = re.compile(
    r"(?:^|(?<=[.!?,] )|(?<=\banyway )|(?<=, and ))(?:the|our) (kids|children|twins)\b"
    # (a verb in the plural: "the kids share an iPad", "the twins go to Oakfield")
    r"(?:(?=\s+(?:have|share|go|play|live|attend|walk|take|both|all)\b)|" + _BEFORE_VERB + ")",
    re.I,
)


def kin_spelled_out(text: str) -> str:
    """The message with the speaker's people written in full and as theirs ("my sis" ->
    "my sister", "bro just moved" -> "my brother just moved")."""

    def spelled(m: re.Match[str]) -> str:
        if m.group(1):
            return _CHAT_KIN[m.group(1).casefold()]
        word = m.group(2)
        return "my " + _CHAT_KIN.get(word.casefold(), word.casefold())

    return _THE_KIDS.sub(lambda m: "my " + m.group(1).lower(), _CHAT_KIN_SAID.sub(spelled, text))


# An age reached, said in words ("she turned four on sunday"): in digits, as an age held is
# written ("my cat is 3"), so the two align as one value.
_NUMBER_WORDS = (
    *("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
    *("eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"),
)
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
_AGE_IN_WORDS = re.compile(r"\b(turn(?:ed|s)|turning)\s+(" + "|".join(_NUMBER_WORDS) + r")\b", re.IGNORECASE)


def count_in_words(n: int) -> str | None:
    """A count from one to twenty as a word ("3" of "three cats"), None past it."""
    return _NUMBER_WORDS[n - 1] if 0 < n <= len(_NUMBER_WORDS) else None


def count_of_word(word: str) -> int | None:
    """The count a word says ("three" -> 3), None when it says none."""
    w = word.casefold()
    return _NUMBER_WORDS.index(w) + 1 if w in _NUMBER_WORDS else None


def ages_in_digits(text: str) -> str:
    """The message with an age reached said in words written in digits ("turned four" ->
    "turned 4")."""
    return _AGE_IN_WORDS.sub(lambda m: f"{m.group(1)} {_NUMBER_WORDS.index(m.group(2).casefold()) + 1}", text)


# A number from two to ninety-nine said in words after "to" (not "to one of", "to two or three").
_SPOKEN_AFTER_TO = re.compile(
    rf"\bto\s+(?:(?P<tens>{'|'.join(_TENS)})(?:[- ](?P<one>{'|'.join(_NUMBER_WORDS[:9])}))?"
    rf"|(?P<small>{'|'.join(_NUMBER_WORDS[1:19])}))\b(?!\s+(?:of|or)\b)",
    re.IGNORECASE,
)


def digits_after_to(text: str) -> str:
    """A number said in words after "to", in digits ("up to sixty an hour" -> "up to 60 an hour"):
    what a level or a sum moved to, as a belief holding it in digits says it."""

    def said(m: re.Match[str]) -> str:
        if m.group("small"):
            return f"to {_NUMBER_WORDS.index(m.group('small').casefold()) + 1}"
        one = m.group("one")
        n = _TENS[m.group("tens").casefold()] + (_NUMBER_WORDS.index(one.casefold()) + 1 if one else 0)
        return f"to {n}"

    return _SPOKEN_AFTER_TO.sub(said, text)


# A space between two Chinese characters: chat typed without punctuation breaks its clauses so
# ("上周提了台比亚迪 朗逸卖掉啦"); written Chinese never puts one there. Not one beside a Latin
# word or a number ("我在 Google 工作", "每天跑 5 公里"): a typing habit, no break.
_SPACED_CJK = re.compile(r"(?<=[\u4e00-\u9fff])[ \t\u3000]+(?=[\u4e00-\u9fff])")


# ... and one before a slip said last, after a value in digits or Latin letters ("是4800 记错了")
_SPACED_SLIP = re.compile(r"[ \t\u3000]+(?=我?(?:记错了|说错了|打错了|写错了|搞错了|弄错了|看错了|口误)[。！!]?\s*$)")


def spaces_as_commas(text: str) -> str:
    """The message with a space that breaks Chinese clauses written as the comma it
    stands for ("中药停了 太苦了" -> "中药停了，太苦了"), so the clause rules read it."""
    return _SPACED_SLIP.sub("，", _SPACED_CJK.sub("，", text))


# "I mean" and "you know" said between commas, first or last, and "I guess" / "I suppose" said
# last: talk's fillers and hedges, not what is said ("I mean, I have two cats", "from a distance
# I mean, since I'm allergic", "it was, you know, fine", "pescatarian I guess"); "I mean it",
# "you know what", "do you know ...", "I guess I'll stay" say something and stay.
_FILLER = r"(?:I mean|you know)"
_FILLER_FIRST = re.compile(r"(?:^|(?<=[.!?…]\s))" + _FILLER + r"\s*,\s*", re.IGNORECASE)
_FILLER_BETWEEN = re.compile(r"\s*,\s*" + _FILLER + r"\s*,\s*", re.IGNORECASE)
_ASKED = r"(?<!\bdo)(?<!\bdid)(?<!\bdoes)(?<!\bdon't)(?<!\bdidn't)(?<!\bif)(?<!\bas)(?<!\bwould)"
_FILLER_INSIDE = re.compile(_ASKED + r"(?<![.!?…])\s+" + _FILLER + r"\s*(?=,)", re.IGNORECASE)
_FILLER_LAST = re.compile(
    r"\s*,\s*" + _FILLER + r"(?=\s*(?:[.!?…]|$))|,?\s+I (?:guess|suppose)(?=\s*(?:[.!?…]|$))"
    # an aside on the telling, said last ("I'm a PM at Shopify in case I didn't mention", "if that helps")
    r"|,?\s+(?:just\s+)?(?:in case|if) (?:I|you) (?:didn't|did not|never|haven't|forgot|don't) ?(?:mention|say|tell|told|"
    r"know|remember|to mention)\w*(?:\s+(?:it|that|this|you|before|already))*(?=\s*(?:[.!?…]|$))"
    r"|,?\s+if (?:that|it) (?:matters|helps)(?=\s*(?:[.!?…]|$))"
    # ... or that it was forgotten ("I turned 35 last week, forgot")
    r"|,\s*(?:i\s+)?(?:totally\s+|completely\s+)?forgot(?:\s+to\s+(?:say|mention|tell you))?(?=\s*(?:[.!?…]|$))",
    re.IGNORECASE,
)


# Chat writes a name in lower case ("jonah and i are looking at flats"); said with the speaker
# before a plural verb, the word is the other of the two, and written as a name it is read as one.
_PARTNER_LOWER = re.compile(
    r"(?P<lead>^|[.!?,;:]\s+|\b(?:ok|okay|so|and|but|also|well|oh|btw|lol|anyway)\s+)(?P<name>[a-z][a-z'-]{1,})"
    r"(?=\s+and\s+I(?:\s+(?:are|were|have|had|both)\b|'(?:re|ve)\b))"
)
_NOT_PARTNERS = frozenset(
    [
        *("ok", "okay", "so", "and", "but", "also", "well", "oh", "btw", "lol", "anyway", "yes", "no"),
        # the speaker's people are said by what they are ("mom and I"), never as names
        *("mom", "mum", "dad", "sis", "bro", "brother", "sister", "wife", "husband", "grandma", "grandpa"),
        *("son", "daughter", "partner", "boyfriend", "girlfriend", "bf", "gf", "kids", "boss", "cousin"),
        *("aunt", "uncle", "roommate", "friend", "family", "team", "everyone"),
    ]
)


def partners_named(text: str) -> str:
    """The message with the other of "<someone> and I" written as a name when chat wrote it in lower case
    ("jonah and I are ..." -> "Jonah and I are ..."), and a name after a title too ("dr. leigh" ->
    "Dr. Leigh", "mrs hughes" -> "Mrs Hughes"): only a name stands there."""

    def named(m: re.Match[str]) -> str:
        word = m.group("name")
        return m.group(0) if word in _NOT_PARTNERS or word in STOPWORDS else m.group("lead") + word.capitalize()

    def titled(m: re.Match[str]) -> str:
        name = m.group("name")
        return m.group(0) if name in STOPWORDS else m.group("title").capitalize() + m.group("gap") + name.capitalize()

    return _TITLE_LOWER.sub(titled, _PARTNER_LOWER.sub(named, text))


# A title typed in lower case before a name, where a person is named ("my dentist is dr. lee",
# "seeing dr. patel", "called mrs hughes"); never "my dr. appointment", "the dr. tomorrow", "my mrs",
# "a mr scan" (a title after a determiner is a word of its own)
_TITLE_LOWER = re.compile(
    r"(?:(?<=\bis )|(?<=\bwas )|(?<=\bcalled )|(?<=\bnamed )|(?<=\bsee )|(?<=\bsaw )|(?<=\bseeing )|(?<=\bwith )|"
    r"(?<=\bfrom )|(?<=\bby )|(?<=, )|(?<=: )|(?<=^))"
    r"(?P<title>dr\.|prof\.|ms\.|mrs\.?|mr\.?)(?P<gap>\s+)(?P<name>[a-z][a-z'-]{1,20})\b(?!\s+(?:appointment|visit|office)\b)",
    re.IGNORECASE,
)


# A judgement set apart by commas after the subject that opens a sentence ("My manager, who is great
# by the way, approved my leave"): an aside on the way to the verb, said without it. (What the
# clause says of the person stays: "My sister, who is 30, lives in Rome".)
_ASIDE_WHO = re.compile(
    r"(?P<head>(?:^|(?<=[.!?]\s))(?:my|our)\s+(?:[\w'-]+\s+){0,2}?[\w'-]+),\s+(?:who|which)\s+(?:is|was|are|were)\s+"
    r"(?:(?:so|really|very|super|pretty|honestly|just)\s+)*(?:great|awesome|amazing|lovely|nice|wonderful|brilliant|"
    r"fantastic|terrible|awful|the best|the worst|a legend|a saint|a star|a gem)"
    r"(?:\s+(?:by the way|btw|honestly|tbh))?,\s+(?=[a-z])",
    re.IGNORECASE,
)


def asides_dropped(text: str) -> str:
    """The message without a judgement set apart by commas between a sentence's subject and its
    verb (``_ASIDE_WHO``)."""
    return _ASIDE_WHO.sub(lambda m: m.group("head") + " ", text)


# How the speaker feels about what they just told, said last after a comma ("..., not sure how I
# feel", "..., fingers crossed no crashes", "..., can't believe it"): no part of what is told.
_FEELING_LAST = re.compile(
    r"\s*,\s*(?:(?:i'm|i am|im)\s+)?(?:not sure how (?:i|we) feel(?: about (?:it|that|this))?|fingers crossed(?: [^.!?,]{0,30})?|"
    r"(?:i )?can'?t believe it|wish (?:me|us) luck|(?:honestly |kind of |such )?a relief)(?=\s*(?:[.!?…]|$))"
    # how the speaker likes it, said after "and" ("I'm single and honestly loving it")
    r"|,?\s+and\s+(?:(?:honestly|really|totally|actually|kinda|kind of|secretly|low ?key)\s+)?"
    r"(?:loving|enjoying|hating|liking|not loving|not enjoying)\s+(?:it|that|every (?:minute|second) of it)"
    r"(?=\s*(?:[.!?…]|$))"
    # a comment on what was just told ("I'm allergic to hay, which is fun", "..., so you can
    # imagine the arguments in our kitchen"): no part of it
    r"|\s*,\s*(?:which|and that)(?:'s|\s+is)\s+(?:(?:so|really|kinda|kind of|pretty|just|super|quite|always)\s+)*"
    r"(?:fun|lovely|nice|great|handy|a pain|annoying|awkward|ironic|a nightmare|hilarious|funny|convenient|tricky|"
    r"tough|rough|amazing|cool|weird|ideal|not ideal|perfect|exhausting|a blessing|a win)(?=\s*(?:[.!?…]|$))"
    r"|\s*,\s*(?:so\s+|and\s+)?(?:as\s+)?you can (?:imagine|guess|tell)\b[^.!?]*(?=\s*(?:[.!?…]|$))",
    re.IGNORECASE,
)


def fillers_dropped(text: str) -> str:
    """The message without the fillers "I mean" and "you know" where commas or the sentence's
    ends set them apart, and without a hedge or a feeling said last (``_FILLER``, ``_FEELING_LAST``);
    a verb's particle put back beside it ("gave the allotment up" -> "gave up the allotment")."""
    text = _FILLER_BETWEEN.sub(" ", _FILLER_FIRST.sub("", _FOR_LATER_FIRST.sub("", text)))
    text = _PARTICLE_LAST.sub(r"\g<verb> \g<particle> \g<thing>", text)
    # "made the last payment on the car loan": paid off, the speaker said where chat left them out
    text = _LAST_PAYMENT.sub(_paid_off, text)
    return _FEELING_LAST.sub("", _FILLER_LAST.sub("", _FILLER_INSIDE.sub("", text)))


def _paid_off(m: re.Match[str]) -> str:
    """ "paid off" for "made the last payment on", with the speaker chat left out where the
    clause opens with it ("made the last payment on my iphone today")."""
    opens = not m.string[: m.start()].strip() or m.string[: m.start()].rstrip()[-1] in ".!?,;"
    return "I paid off" if opens else "paid off"


# What the message is told for, said first ("for future chats: I'm diabetic"): no part of the fact
_FOR_LATER_FIRST = re.compile(
    r"^(?:(?:heads up|fyi|note|btw|just so you know)[\s,]*)?for (?:future|later|next) (?:convos?|conversations?|chats?|"
    r"reference|time)\s*[:,-]\s*",
    re.IGNORECASE,
)
_LAST_PAYMENT = re.compile(
    r"\bmade (?:the|my|our) (?:last|final) (?:payment|installment|instalment|repayment) (?:on|for|to)(?=\s+(?:the|my|our)\b)",
    re.IGNORECASE,
)
# A phrasal verb with its thing between it and its particle: the rules read "gave up the
# allotment", "sold off the van", "paid off the loan" (never "in": "sold the house in june")
_PARTICLE_LAST = re.compile(
    r"\b(?P<verb>gave|give|given|giving|sold|sell|paid|pay|shut|closed|close)\s+"
    r"(?P<thing>(?:the|that|this)\s+[\w'-]+(?:\s+(?!(?:up|off)\b)[\w'-]+)?)\s+(?P<particle>up|off)(?![\w-])"
    r"(?!\s+(?:to|for)\b)",
    re.IGNORECASE,
)


def is_cjk(text: str) -> bool:
    return _CJK.search(text) is not None


def normalise(text: str) -> str:
    """Case, width, punctuation and spacing removed: the form exact matching uses."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return " ".join(re.findall(r"\w+(?:[.]\w+)*", folded))


def tokens(text: str) -> frozenset[str]:
    """Word tokens for Latin text, character bigrams (and single characters of
    one-character runs) for CJK runs."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    out: set[str] = set()
    for run in _RUN.findall(folded):
        if _CJK.match(run):
            if len(run) == 1:
                out.add(run)
            out.update(run[i : i + 2] for i in range(len(run) - 1))
        else:
            word = run.rstrip(".-_'")
            word = word[:-2] if word.endswith("'s") else word
            if word and word not in _STOP:
                out.add(_stem(word))
    return frozenset(out)


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    if not a and not b:
        return 1.0
    union = len(a | b)
    return len(a & b) / union if union else 0.0


_OWN_SUBJECT_NEXT = re.compile(
    r"\s*(?:it|i|we|she|he|they)(?:'s|'m|'re|'ve|\s+(?:is|am|are|was|were|have|has)\b)", re.I
)


def _emoji_ended(part: str) -> list[str]:
    """The part cut after each emoji that closes a clause of its own (three words, or six Chinese
    characters, before it; two where a clause with its own subject follows: "timetable change 🙃
    it's 6:40 now"); "my sister 🙄 just moved to Berlin" is one sentence."""
    out: list[str] = []
    start = 0
    for m in _EMOJI_END.finditer(part):
        before = part[start : m.start()]
        words = len(re.findall(r"[A-Za-z0-9']+", before))
        if (
            words >= 3
            or (words == 2 and _OWN_SUBJECT_NEXT.match(part, m.end()) is not None)
            or len(re.findall(r"[\u4e00-\u9fff]", before)) >= 6
        ):
            out.append(before)
            start = m.end()
    return [*out, part[start:]]


# A value said alone after a sentence's end, with at most a short unit and an emoji or mark.
_VALUE_ALONE = re.compile(r"^[$€£¥]?\d[\d:.,]*\s*(?:[a-z%]{1,4})?[^\w]*$", re.IGNORECASE)
# A value of the speaker's own said new ("new pb", "new high score"), with only a time word, a
# copula, where ("at the river run") or marks before the value: read by the statement and
# decision rules too.
_RECORDS = r"pb|pr|personal (?:best|record)|high score|best time|max|1rm|rating|ranking|rank|handicap"
_WHEN_SAID = r"this|today|yesterday|morning|evening|afternoon|tonight|week|just|now"
_AT_PLACE = r"\s+at\s+(?:the\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}"
NEW_RECORD = (
    rf"\bnew\s+(?P<noun>{_RECORDS})\b"
    rf"(?:\s*[!.:,=-]+\s*|\s+(?:is|of|on|{_WHEN_SAID})\b|{_AT_PLACE}?(?=\s*[!.:,=-]))*"
    r"\s*(?P<v>\d[\d:.,]*\d|\d)(?:\s?(?:kg|kgs|lbs?|km|mi|sec|secs|min|mins|pts|points|elo))?(?![\w:.,]*[a-z]|\s*-\s*\d)"
)
# ... the sentence before a value said alone ("new pb this morning!!!" / "26:55")
_RECORD_OPEN = re.compile(rf"\bnew\s+(?:{_RECORDS})\b(?:\s+(?:{_WHEN_SAID})\b|{_AT_PLACE})*[!.:,=\s-]*$", re.IGNORECASE)


# A sum moved, its new value left for the next sentence ("Landlord put it up in September.", "fees
# went up again."), and a sum said alone after it ("£940.", "1,240 from september")
_MOVED_OPEN = re.compile(
    r"\b(?P<move>(?:put|bumped|pushed|knocked|jacked|brought)\s+(?:it|them)\s+(?:up|down)|(?:went|gone|going|come|came)\s+(?:up|down))"
    r"(?:\s+(?:again|in\s+\w+|last\s+\w+|this\s+\w+|from\s+\w+))*\s*[.!]*$",
    re.IGNORECASE,
)
_SUM_ALONE = re.compile(
    r"^(?:[$€£¥]\d[\d,.]*k?|\d{1,3}(?:,\d{3})+|\d{3,}(?:\.\d+)?)(?:\s+(?:a|per)\s+(?:month|week|year|pcm))?"
    r"(?:\s+(?:from|since|starting)\s+\w+|\s+now)?[.!]*$",
    re.IGNORECASE,
)


# A space between Chinese words, where chat types it for a comma ("哎说错了 初二了")
_SPACE_AS_COMMA_ZH = re.compile(r"(?<=[\u4e00-\u9fff])[ \u3000]+(?=[\u4e00-\u9fff])")


def sentences(text: str) -> list[str]:
    """Splits a message into sentences (Latin and CJK punctuation, newlines);
    a title or other abbreviation ("Dr. Green", "Mr. Okafor", "e.g. tea"), a
    middle initial ("John F. Kennedy") or initials the sentence goes on after
    ("a quote by J.K. Rowling", "moved to D.C. last year") does not end one."""
    out: list[str] = []
    text = _SPACE_AS_COMMA_ZH.sub("，", text)
    for part in (q.strip() for p in _SENTENCE_END.split(text) for q in _emoji_ended(p)):
        if not part:
            continue
        moved = _MOVED_OPEN.search(out[-1]) if out and _SUM_ALONE.match(part) else None
        if moved is not None:
            # "Landlord put it up in September. £940.": the sum it was moved to, said after the move
            said = out[-1]
            out[-1] = f"{said[: moved.end('move')]} to {part.rstrip('.!')}{said[moved.end('move') :]}"
        elif out and (
            _ABBREVIATION.search(out[-1])
            or (_INITIALS.search(out[-1]) and _GOES_ON.match(part))
            # "new pb this morning!!! 26:55": the value is the record's, said after its marks
            or (_VALUE_ALONE.match(part) and _RECORD_OPEN.search(out[-1]))
        ):
            out[-1] = f"{out[-1]} {part}"
        else:
            out.append(part)
    return out


def _stem(word: str) -> str:
    """Plural and third-person -s folded away ("likes" = "like"); nothing more."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")) and word.isalpha():
        return word[:-1]
    return word


# Words spelled with a vowel said with a consonant ("a uni", "a one-off", "a European") and
# the other way ("an hour"); letters said by name in an acronym ("an MRI", "a UX designer")
_VOWEL_SAID_AS_CONSONANT = re.compile(r"^(?:u[bcdfgklmnprstvz][aeiouy]|eu|one\b|once\b|uk\b|ux\b|us\b)", re.IGNORECASE)
_SILENT_H = re.compile(r"^(?:hour|honest|honou?r|heir)", re.IGNORECASE)
_VOWEL_LETTER_NAMES = "AEFHILMNORSX"


def a_or_an(word: str) -> str:
    """The indefinite article for what follows it, as it is said, not as it is spelled."""
    head = re.sub(r"^[^\w]+", "", word)
    acronym = re.match(r"[A-Z]{2,}(?![a-z])", head)
    if acronym is not None:
        return "an" if head[0] in _VOWEL_LETTER_NAMES else "a"
    if _SILENT_H.match(head):
        return "an"
    if head[:1].lower() in "aeiou" and not _VOWEL_SAID_AS_CONSONANT.match(head):
        return "an"
    return "a"


def first_lowered(text: str) -> str:
    """The text with its first word in lower case, as it reads after a subject put before it
    ("FINALLY signed ..." -> "I finally signed ...", not "I fINALLY ...")."""
    word = text.split(" ", 1)[0]
    if len(word) > 1 and word.isupper():
        return word.lower() + text[len(word) :]
    return text[:1].lower() + text[1:]
