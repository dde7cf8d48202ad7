"""Whether a clause states something about someone: the filter in front of the generic belief.

"Nothing said is lost" must not become "everything is a belief". People say
far more than facts: questions, greetings, thanks, reactions to what the other
person just said ("That's so cool!", "I really do"), encouragement and resolve
formulas ("I'll keep pushing", "I won't give up"), suggestions and
possibilities ("We should plan a session", "I might check it out"), maxims and
generalities about no one ("Family is everything", "Confidence is important in
business"), and bracketed asides a chat client adds. ``is_statement`` says yes
only to a declarative clause about the speaker, their people and things, or a
named person, or one that carries a concrete value (a number, a name, a date):
what a careful note-taker would write down. The rules read the clause's form
(its mood, its modal, its subject, whether its predicate carries anything),
never a topic; the lists below are closed classes of English and Chinese
(pronouns, auxiliaries, modals, conversational formulas).
"""

from __future__ import annotations

import itertools
import re

from ledgermind.distill.alignment import (
    BARE_ENDED_ZH,
    ENDED_ITSELF,
    ENDING_VERB,
    IT_ENDED,
    REPLACED_IT,
    THING_CHANGED,
    ends,
    let_go,
    moved_on,
)
from ledgermind.distill.bare_corrections import DAY_NAMES, MONTHS, is_slip
from ledgermind.distill.chatter import chatter_kind
from ledgermind.distill.frames import (
    FORGOT_TO_SAY_EN,
    NEWS_FORMULA_EN,
    NEWS_FORMULA_ZH,
    RELATIONS_EN,
    RELATIONS_ZH,
    passed_on,
)
from ledgermind.distill.person import IRREGULAR_PAST
from ledgermind.distill.providers import providers_named
from ledgermind.distill.text import DAY_OF_WEEK, NEW_RECORD, a_or_an, copula_expanded, is_cjk

__all__ = [
    "CARER_SAYS",
    "GONE_FOR_GOOD_ZH",
    "HABIT_HELD",
    "HABIT_WORDS",
    "LEFT_PRONOUN_EN",
    "NEW_HOME_NAMED_EN",
    "NUMBER_NOW",
    "PART_OF_DAY_NOW",
    "PLACED_NOW",
    "SUPPOSING_ZH",
    "TIME_STARTS",
    "WENT_WITHOUT",
    "clock_said",
    "contrary_to_fact",
    "done_to_mine",
    "elliptical",
    "ended_first",
    "is_condition_alone",
    "is_counterfactual",
    "is_general_view",
    "is_question",
    "is_request",
    "is_statement",
    "is_supposition",
    "name_called_off",
    "named_subject",
    "put_to_the_listener",
    "said_for_effect",
    "speaker_dropped_zh",
    "strip_lead",
    "told_before_asked",
    "told_beside_ask",
    "without_asides",
    "works_on_text",
]

_LEAD_EN = re.compile(
    r"^(?:(?:oh|ooh|wow|well|yeah|yes|yep|yup|ha|haha+|lol|hey+|hi+|hello|ok|okay|btw|by the way|anyway|so|um+|ugh+|argh+|"
    r"omg|omfg|aw+|aww+|"
    # a confession's formula ("I will admit ...", "I must say ..."), an emoji put first
    r"i(?:'ll| will| must|'ve got to| have to) (?:admit|say)(?: that)?(?=\s+(?:i|we|my|our|it)\b)|"
    + FORGOT_TO_SAY_EN
    + r"|"
    + NEWS_FORMULA_EN
    + r"|"
    r"[\U0001F000-\U0001FAFF\u2600-\u27BF\uFE0F]+|(?:[:;]|(?<=[:;]))-?[()/|DPpOo3](?=\s|$)|"
    r"hmm+|fyi|just so you know|quick update|update|heads up|"
    r"for (?:future|later|next) (?:convos?|conversations?|chats?|reference|time)|for (?:the )?(?:record|future)|"
    # news, with whom it came from ("great news from the allergist:")
    r"(?:(?:good|big|bad|sad|great|exciting|some|brilliant|wonderful|amazing|fantastic|happy) )?news(?: from (?:the |my |our )?[\w-]+(?: [\w-]+)?(?=\s*[:!—–-]))?|and|but|also|actually|"
    # a softener of bad news before what is told ("I'm afraid I have sad news"; not "afraid of dogs")
    r"i(?:'m| am) afraid(?: that)?(?=,?\s+(?:i|we|my|our|it|he|she|they|the)\b)|"
    r"honestly|sadly|unfortunately|oh man|man|dude|alright|right|sure|cool|nice|great|awesome|true|totally|indeed|my mistake|"
    r"not (?:gonna|going to) lie|ngl|tbh|to be honest|truth be told|i gotta say|gotta say|"
    r"(?:it |as it )?turn(?:s|ed) out(?: that)?|apparently|guess what|just for fun|for fun|out of curiosity|just curious|"
    r"hot take|unpopular opinion|"
    r"my bad|scratch that|scrap that|forget (?:that|what i said(?: (?:before|earlier))?)|ignore that|never ?mind|nvm|sorry|oops|correction|"
    # a slip owned, with when it was made ("typo earlier", "fat fingered that before")
    r"(?:typo|brain ?fart|fat[- ]?finger(?:ed|s)?(?: (?:that|it))?)(?: (?:earlier|before|above|there|last time))?|i (?:misspoke|mistyped|misheard|miscounted|(?:got|had) (?:that|it|this) wrong(?: (?:before|earlier|above|last time|the first time))?|made a (?:mistake|typo)(?: (?:before|earlier|there))?|(?:wrote|typed|spelled|spelt|put) (?:that|it|this) wrong)|wait|no(?!\s+(?:longer|more|one|way)\b)|i misread (?:the|my) \w+|"
    # formulas that announce a correction of what was just said
    r"let me (?:correct|rephrase|fix) (?:that|this|myself)|to correct myself|i stand corrected|hold on|hang on|"
    r"i was wrong|that was wrong|that's wrong|that's not right|not quite|i should have said|"
    r"as for (?:me|us|myself)|for (?:me|us),? it(?: was|'s| is) (?:when|that)|for (?:me|us)(?=,?\s+(?:i|we)\b)|on (?:a|another) (?:different |other |side |separate )?note|speaking of which|"
    r"what i meant (?:was|is)|i meant to say|i meant(?= (?:she|he|they|it|we|i|my|our|the)\b)|"
    r"i mixed (?:that|it|them) up|make that [\w:.,$€£¥-]+|"
    r"wrong (?:name|number|date|day|time|word|one|person|place|city)|(?:damn |stupid )?auto-?correct(?:ed)?|"
    r"(?:a |one )?(?:small|quick|tiny|minor) (?:fix|correction)|i mis(?:remembered|spelled|spelt))(?:\b|(?<=\W))[\s,:;!.…—-]*)+",
    re.IGNORECASE,
)
_QUESTION_EN = re.compile(
    r"^(?:what|who|whom|whose|which|when|where|why|how|do|does|did|can|could|would|will|should|shall|is|are|"
    r"was|were|have|has|had|may|might|am|isn't|aren't|don't|doesn't|didn't|won't|wouldn't|shouldn't|"
    r"any idea|any tips|any suggestions|got any|any (?:good|decent|cheap|free|recommended|nice|easy|quick|better))\b",
    re.IGNORECASE,
)
_REQUEST_EN = re.compile(
    r"^(?:please|pls|can you|could you|would you|will you|help me|tell me|show me|give me|let's|let us|"
    r"let me know|remind me|make sure|don't forget|i need you to|i want you to|i'd like you to|"
    r"i would like you to)\b",
    re.IGNORECASE,
)
# The clock ("it's 9pm now and I'm still at work"; not "it's at 9pm now", a time moved)
_CLOCK_NOW_EN = re.compile(
    r"^(?:it'?s (?:already |nearly |almost |gone |past )?(?:\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|o'clock)"
    # ... or the day, the month, the season or the feast it is ("it's Christmas now so the house is chaos")
    r"|(?:christmas|easter|ramadan|eid|diwali|hanukkah|thanksgiving|halloween|lent|passover|(?:chinese )?new year|"
    r"the weekend|the holidays|summer|winter|spring|autumn|fall|monday|tuesday|wednesday|thursday|friday|saturday|"
    r"sunday|january|february|march|april|may|june|july|august|september|october|november|december))"
    # ... or what day today is ("today is Tuesday", "tomorrow's the 14th")
    r"|(?:today|tomorrow|yesterday)(?:'s|\s+is|\s+was)\s+(?:a\s+|the\s+)?(?:"
    + DAY_NAMES
    + r"|\d{1,2}(?:st|nd|rd|th))\b)"
    r"(?:\s+(?:here|already|now|again))*(?=\W*$|\s*(?:,|and|so|but)\b)",
    re.IGNORECASE,
)


def clock_said(clause: str) -> bool:
    """Whether an English clause tells the time now ("it's 9pm now", "it's Christmas now"): no one's fact."""
    return _CLOCK_NOW_EN.match(clause.strip()) is not None


_SMALL_TALK_EN = re.compile(
    r"^(?:thanks?|thank you|thx|ty|cheers|bye|goodbye|see you|see ya|good (?:morning|night|evening|afternoon)|"
    r"sounds good|got it|no problem|no worries|you're welcome|np|of course|makes sense|that's (?:\w+\s?){0,3}$|"
    r"that is (?:\w+\s?){0,3}$|it's (?:\w+\s?){0,2}$|that (?:sounds|looks|seems)\b|i see(?:\W*$|,|\s+(?:what|how|why|that|your|now)\b)|i agree|i know|i understand|i mean|i guess|"
    r"i think so|i hope so|i bet|i wonder|i can imagine|i can't wait|i cannot wait|"
    r"i hope (?:this|my) (?:message|note|letter|email|text) finds you\b|"
    r"i(?:'m| am) (?:(?:so|really|very|just|super|truly|genuinely)\s+)*(?:glad|happy|sorry|excited|thrilled|proud|"
    r"grateful|thankful)(?: (?:for|to hear|about that|that|you|it|this)\b.*)?$|"
    r"i(?:'m| am) (?:(?:so|really|very|just|super)\s+)*(?:pleased|delighted|relieved)(?: for you)?$|"
    # a greeting or a farewell in the speaker's other language ("Buenos días", "Un abrazo", "Ciao")
    r"(?:hola|buen[oa]s (?:días|dias|tardes|noches)|un abrazo|besos|bonjour|bonsoir|salut|ciao|grazie|"
    r"buongiorno|buonanotte|olá|ola|bom dia|boa noite|obrigad[oa]|hallo|guten (?:morgen|tag|abend)|danke|"
    r"tschüss|namaste|salaam|shalom|konnichiwa|arigato|gracias|merci|amig[oa])\b|i(?:'m| am) (?:fine|good|ok|okay|well|great|doing "
    # how one is doing, not what ("I'm doing keto": a diet)
    r"(?:fine|good|ok|okay|well|great|alright|amazing|awesome|fantastic|terrible|bad|better|worse|wonderful|"
    r"excellent|super|lousy|horrible|poorly|badly|\w+ly))$|"
    r"i appreciate|i love (?:that|this|it|your|you)\b|i like (?:that|this|it|your)\b|me too|same here|"
    r"i(?:'d| would) love to\b|i totally (?:get|agree)|i feel you|glad to hear|happy to hear|"
    r"good (?:luck|job|idea|point|to know)|nice to (?:meet|hear)|congrat)",
    re.IGNORECASE,
)
# Who moves the speaker about at work, school or in care, named without a name ("my boss put me
# on the billing team", "the company transferred me to manchester")
_MOVERS = (
    r"(?:(?:my|our|the)\s+(?:boss|manager|supervisor|company|employer|work|firm|school|district|uni|university|"
    r"college|doctor|doc|gp|consultant|specialist|coach|agency|union|landlord|hr|vet)|hr|work|management|vet|"
    # (the one who runs the rota, said bare as chat says it: "manager's swapped me onto ...")
    r"(?:boss|manager|supervisor)(?='s\s+\w+ed\b))"
)
# "They moved my yoga class to Thursdays", "they raised our rent", "my boss put me on nights": no
# one in particular, or one who moves the speaker about, acting on the speaker or their own thing,
# which is what changed.
_DONE_TO_MINE = re.compile(
    r"(?:they|someone|somebody|"
    + _MOVERS
    # ("they've officially moved ...": with "have", an adverb between)
    + r")(?:'ve|\s+have|'s|\s+has)?\s+(?:(?:just|finally|also|officially|permanently|now)\s+)*(?:(?:\w+ed|stole|broke)\s+(?:my|our)\s+\w+"
    # what they did to the speaker's place or terms ("they extended me another 6 months", "they
    # moved me to nights"), not what they said to them ("they emailed me")
    r"|(?:extended|promoted|hired|moved|transferred|upgraded|switched|assigned|accepted|approved|"
    r"laid off|let go|fired|enrolled|renewed|rostered|reassigned)\s+(?:me|us)\b"
    # ... or moved them on a rota ("they shuffled me to thursday mornings"; not "to a window seat")
    r"|(?:shifted|shuffled|swapped|rescheduled|rebooked)\s+(?:me|us)\s+(?:over\s+)?(?:to|onto)\s+(?:(?:mon|tues|wednes|thurs|"
    r"fri|satur|sun)days?|(?:mon|tues?|weds?|thu|thurs?|fri|sat|sun)\w*(?:\s*(?:/|,|&|and)\s*(?:mon|tues?|weds?|thu|thurs?|fri|sat|sun)\w*)+|nights|days|mornings|evenings|afternoons|weekends|the\s+(?:early|late|night|day|morning|"
    r"evening|weekend)\s+(?:shift|rota|slot))\b(?![^.;]*\b(?:only|just this|for (?:the|one|a) (?:week|day|month)))"
    r"|bumped\s+(?:me|us)\s+(?:up\s+|down\s+)?to\b"
    # how often they have the speaker come in ("they want me in three days a week now")
    r"|(?:want|wants|need|needs|expect|expects|have|has|got)\s+(?:me|us)\s+(?:back\s+)?(?:in|on site|onsite|in the office)\s+"
    r"(?:\w+\s+){0,2}?(?:days?|times?)\s+a\s+(?:week|fortnight|month)\b"
    # where they put the speaker: a rota, a team, a treatment ("they put me on the 12-8 shift",
    # "on antibiotics"), not a passing spot ("on the spot", "in a taxi", "on hold")
    # (or the speaker's pet, by a pronoun or a pet name: "the vet put the little guy on ...")
    r"|put\s+(?:me|us|him|her|them|the\s+(?:old|big|little|sweet)\s+(?:girl|boy|lady|fella|guy|man))\s+(?:on|in|onto)\s+"
    r"(?:the\s+|a\s+|an\s+)?(?:[\w-]+\s+){0,3}?"
    r"(?:shifts?|nights|days|team|project|rota|roster|schedule|committee|board|waitlist|waiting list|"
    r"antibiotics|meds|medication|pills|insulin|steroids|statins|diet|food|kibble|[a-z]+(?:ine|ol|pril|statin|mab))\b"
    # "They moved spin to Wednesdays", "they raised the parking to 110": a thing of the speaker's
    # changed by someone, said without "my"
    r"|(?:moved|pushed|shifted|rescheduled|changed|switched|raised|bumped|hiked|upped|increased|lowered|cut|dropped|put)"
    r"\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+){0,2}?\s+to\b"
    # what they pay or give the speaker ("they're paying me 71k now", "they offered us 2,000")
    r")|(?:they|he|she)(?:'re|'s|\s+are|\s+were|\s+is)?\s+(?:now\s+)?"
    r"(?:paying|pay|paid|giving|gave|offering|offered|charging|charge)\s+(?:me|us)\s+[$€£¥]?\d",
    re.IGNORECASE,
)
# What things on a schedule do, said of a plural subject with no "-s" ("releases go out every
# Monday", "deploys happen on Fridays", "classes start at 6")
SCHEDULED = r"(?:go|come|start|begin|end|finish|run|happen|meet|close|open|ship|land|kick off|wrap up|take place)"
_ABOUT_SOMEONE_EN = re.compile(
    r"\b(?:I|I'm|I've|I'd|I'll|me|my|mine|we|we're|we've|we'll|our|us)\b"
    # what the speaker's own instrument read ("scale said 84 this morning")
    r"|^(?:the\s+)?(?:scales?|thermometer|glucose meter|bp monitor|oximeter)\s+(?:said|says|showed|shows|read|reads)\s+"
    r"\d[\d.]*\s*(?:kg|kgs|lbs?|pounds|st)?\s*(?:this morning|today|yesterday|now|this week|finally|lol|!+)*[.!]*$"
    # a thing of their world with a value in its predicate: a number, a name, a
    # frequency ("The board meeting is on the 9th", "The launch got pushed to
    # June 30", "Marketing budget was cut to $25k", "The team's on-call rotation is weekly")
    # (a name written with signs: "the 1:1", "R&D", "CI/CD")
    r"|^(?:the\s+)?(?:\w+'s\s+)?\w[\w:/&+-]*(?:\s+[\w-]+){0,2}"
    # a thing named with what it is of or for ("the deadline for the report", "dinner with the Hendersons")
    r"(?:\s+(?:with|for|of|at|from)\s+(?:the\s+|my\s+|our\s+)?[\w'-]+(?:\s+[\w'-]+)?)?"
    r"(?:\s+(?:now|still|also|usually|always|only|just|currently|finally|already|normally))?"
    r"\s+(?:is|are|was|were|has|have|had|got|gets|went|rose|fell|grew|came|became|took|began|shrank|put|cut|set|\w+ed|\w+s"
    # ... the verb of a plural thing that happens on a schedule ("releases go out every Monday now")
    r"|" + SCHEDULED + r")\b"
    r"(?=.*(?:\d|\s(?-i:[A-Z])|\b(?:daily|nightly|weekly|monthly|quarterly|yearly|annual|annually|hourly|biweekly|bimonthly|fortnightly)\b"
    # a day or a month written in lower case ("the dentist is on thursday")
    r"|\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b"
    r"|\b(?:january|february|april|june|july|august|september|october|november|december)\b))",
    re.IGNORECASE,
)
# A named person and what they do or are ("Dana leads the payments team", "Rahul
# took over ...", "Priya is the new lead"). A capitalised first word is only a
# name when what follows reads as its predicate: not a plural noun followed by
# the real verb ("Mixed emotions are rough", "Dance floors help ..."), not a
# copula before a bare adjective ("Confidence is important in business"), not
# a determiner ("The colors are ...").
_NAMED = re.compile(
    # a title before the name ("Dr. Lee", "Mrs Patel")
    r"^(?P<name>(?:(?-i:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?(?-i:[A-Z][a-z]+)(?:\s+(?-i:[A-Z][a-z]+))?)\s+"
    r"(?:(?:is|was)\s+(?P<complement>\S+)|(?:(?:also|still|now|just|finally|recently|already|usually|always)\s+)?"
    r"(?P<verb>\w+)\b\s*(?P<next>\S*))",
)
_NAMED_VERBS = frozenset(["has", "had", "took", "got", "went", "left", "made"])
# The commonest adjectives, capitalised only because a sentence starts with them ("Fresh eggs
# every morning", "Big news"): no one's name.
_ADJECTIVES = frozenset(
    [
        *("big", "small", "little", "tiny", "huge", "fresh", "new", "old", "good", "great", "nice", "lovely"),
        *("long", "short", "hot", "cold", "warm", "busy", "quiet", "full", "empty", "happy", "sad", "early"),
        *("late", "whole", "same", "different", "perfect", "beautiful", "amazing", "awesome", "crazy", "cool"),
        *("funny", "hard", "easy", "sweet", "wonderful", "fantastic", "gorgeous", "cute", "rainy"),
        *("bad", "best", "worst", "real", "total", "pure", "simple", "tough", "strange", "weird"),
    ]
)
_DETERMINERS = frozenset(
    ["the", "a", "an", "this", "that", "these", "those", "some", "every", "each", "all", "no", "any", "such", "most"]
)
# What opens a copula's complement when it names something (not a bare adjective).
_COMPLEMENT = re.compile(
    r"^(?:the|a|an|my|our|his|her|their|one|in|at|on|from|with|for|now|still|back|\d.*|(?-i:[A-Z]).*|"
    r"(?!(?:every|any|some|no)thing)\w+ing|"
    # a state of a life, not a judgement ("Jess is pregnant", "Omar is retired"; not "Jess is lovely")
    r"pregnant|married|engaged|divorced|separated|widowed|retired|unemployed|single|vegan|vegetarian|sober|"
    r"allergic|ill|sick|deaf|blind|diabetic)$",
    re.IGNORECASE,
)
# After a plural noun, a clause's real verb: the capitalised word was no name.
_VERB_NEXT = frozenset(
    [
        "are",
        "is",
        "were",
        "was",
        "can",
        "could",
        "will",
        "would",
        "may",
        "might",
        "should",
        "must",
        "help",
        "make",
        "have",
        "do",
        "seem",
        "feel",
        "look",
        "sound",
        "really",
        "just",
        "always",
        "never",
        "also",
    ]
)
_PERCEPTION = frozenset(["sounds", "looks", "seems", "feels", "smells", "tastes"])
# Modal of suggestion, obligation or possibility: "We should plan a session",
# "I might check it out", "It must have been amazing": not something that is so.
_MODAL = re.compile(
    r"^\S+\s+(?:(?:really|definitely|probably|just|totally|seriously|also|all)\s+)*"
    r"(?:should|shouldn't|might|may|could|couldn't|ought to|must)\b",
    re.IGNORECASE,
)
# Subject, auxiliary and adverb only: an elliptical answer ("I really do", "I am as well").
_ELLIPTICAL = frozenset(
    [
        "i",
        "we",
        "i'm",
        "we're",
        "he",
        "she",
        "they",
        "do",
        "does",
        "did",
        "am",
        "is",
        "are",
        "was",
        "were",
        "have",
        "has",
        "had",
        "can",
        "could",
        "will",
        "would",
        "really",
        "definitely",
        "totally",
        "absolutely",
        "too",
        "as",
        "well",
        "so",
        "not",
        "either",
        "also",
        "sure",
        "just",
        "still",
        "always",
        "can't",
        "cannot",
        "won't",
        "don't",
        "right",
        "now",
        "yet",
        "anymore",
        "today",
    ]
)
# A clause that opens with one of these bare verbs is a request to the assistant ("look up ...").
_IMPERATIVE = frozenset(
    [
        "look",
        "find",
        "search",
        "show",
        "give",
        "tell",
        "help",
        "check",
        "make",
        "write",
        "create",
        "send",
        "book",
        "set",
        "add",
        "remind",
        "explain",
        "list",
        "get",
        "call",
        "open",
        "play",
        "translate",
        "summarize",
        "summarise",
        "draft",
        "plan",
        "suggest",
        "recommend",
        "compare",
        "calculate",
        "fix",
        "answer",
        "describe",
        "recall",
        "forget",
        "read",
        "review",
        "edit",
        "rewrite",
        "generate",
        "convert",
        "estimate",
        "schedule",
        # a task on a text at hand ("Format this as a table: ...", "Rephrase the following")
        "format",
        "reformat",
        "reply",
        "respond",
        "rephrase",
        "reword",
        "shorten",
        "proofread",
        "paraphrase",
        "simplify",
        "condense",
        "email",
        "text",
        "ask",
        "try",
        "use",
        "pick",
        "choose",
        "keep",
        "stop",
        "start",
        "imagine",
        "assume",
        "pretend",
        "consider",
        # advice and encouragement to the listener ("Take lots of pics", "Stay motivated")
        "take",
        "stay",
        "gather",
        "go",
        "do",
        "don't",
        "be",
        "have",
        "enjoy",
        "remember",
        "focus",
        "believe",
        "trust",
        "hang",
        "hold",
        "let",
        "follow",
        "join",
        "share",
        "think",
        "treat",
        "reach",
        "visit",
        "watch",
    ]
)
# Opening words that point back at something said before, or at nobody: the
# clause is a comment on the conversation ("It was awesome", "That's why ...").
_NO_ONE = frozenset(
    [
        "it",
        "it's",
        "its",
        "that",
        "that's",
        "this",
        "they",
        "they're",
        "them",
        "he",
        "he's",
        "she",
        "she's",
        "there",
        "there's",
        "mine",
        "ours",
        "yours",
        "there've",
        "there're",
        "there'd",
        "there'll",
        "those",
        "these",
        "here",
        "here's",
        "everything",
        "nothing",
        "something",
        "everyone",
        "everybody",
        "someone",
        "somebody",
        "anyone",
        "glad",
        "really",
        "crazy",
        "gonna",
        "remember",
        "plus",
        "but",
        "so",
        "which",
        "what",
        "whatever",
        "sounds",
        "looks",
        "seems",
        "their",
        "his",
        "her",
        "next",
    ]
)
_SUBORDINATE = frozenset(
    ["since", "because", "when", "if", "although", "though", "while", "as", "unless", "until", "whether"]
)
_PRO_FORMS = frozenset(["so", "this", "it", "will", "that", "there", "them", "one"])
_PARTICLES = frozenset(["up", "out", "over", "down", "back", "in", "on", "off"])
_SECOND_PERSON = re.compile(r"\b(?:you|your|you're|yours|yourself|ya|u)\b", re.IGNORECASE)
# "Nate, I'm on fire", "My dear Zosia, how marvellous": the name is a greeting
_VOCATIVE = re.compile(r"^(?:(?:[Mm]y\s+)?[Dd]ear(?:est)?\s+)?(?-i:[A-Z][a-z]+),\s+(?=\S)")
# The listener's name before what the speaker says of themselves ("Ruth, I'm afraid ...", "Margaret, I
# moved ..."): cut from the statement too. Not a time or an adverb put first ("Yesterday, I ...").
_NAME_CALLED = re.compile(
    r"^(?!(?-i:Yesterday|Today|Tonight|Tomorrow|Now|Then|Anyway|Also|Plus|Besides|Meanwhile|Sometimes|"
    r"Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|"
    r"August|September|October|November|December|Last|This|Next|Since|After|Before|Instead|Otherwise)\b)"
    r"(?:(?i:oh|hey|well|yes|yeah|aw+|ah|hi|hello)\s+)?"
    r"(?-i:[A-Z][a-z]+)(?<!ly),\s+(?=(?:I|I'm|I've|I'd|I'll|my|we|we're|we've|our)\b)"
)


# The listener called by a word of fondness at the end ("Things are turning, my brother.",
# "Sunlight is important, my friend.", "Talk soon, love."): no one's relation, a greeting.
_CALLED_AT_END = re.compile(
    r",\s+(?:my\s+)?(?:friend|brother|sister|dear|love|darling|man|dude|buddy|bud|mate|girl|sis|bro|amig[oa]|"
    r"hun|honey|sweetie|pal)(?=[.!]*$)",
    re.IGNORECASE,
)


def name_called_off(sentence: str) -> str:
    """The sentence without the listener's name called before what the speaker
    says of themselves ("Ruth, I'm afraid ...", "Oh Margaret, I moved ..."), or a
    word of fondness calling them at its end ("..., my friend."): the name is a
    greeting, not part of any statement."""
    return _CALLED_AT_END.sub("", _NAME_CALLED.sub("", sentence.lstrip()))


_COMMON_GROUND = re.compile(
    r"\b(?:we can all|all of us|ourselves|each other|one another|us all|reminds us|for all of us|we all|"
    r"in our lives|our lives)\b|^(?:[\w']+,?\s+){0,2}?we (?:can|could|should|will|'ll)\b.*\btogether\b"
    r"|^(?:maybe|rest assured|woah|wow)\b",  # (a "we can ... together" after a fact of its own is its outcome)
    re.IGNORECASE,
)
# What would have been and was not ("I'd have quit after two hours", "she would have loved it"): a
# past that did not happen is no fact of anyone's.
_COUNTERFACTUAL = (
    r"(?:i|we|he|she|they|it)(?:'d|\s+would|\s+could|\s+might)(?:'ve|\s+have)\s+(?:\w+ly\s+)?(?:been|\w+(?:ed|en|t)|"
    r"quit|gone|done|had|made|said|felt|let|put|run|come|become|bought|thought)\b"
)
_COUNTERFACTUAL_CLAUSE = re.compile(r"^" + _COUNTERFACTUAL + r"[^,;]*$", re.IGNORECASE)


# Said for effect, not as meant: sarcasm's stock opening ("Sure, because I totally love waking up
# at 5am": no liking, no waking time) and a figure of speech of time ("Feels like yesterday we met":
# they did not meet yesterday).
_FOR_EFFECT = re.compile(
    r"^(?:sure|yeah|oh yeah|right),?\s+because\s+(?:i|we)\s+(?:totally|absolutely|just|really|so)\s+"
    r"(?:love|adore|enjoy|live for|need)\b"
    r"|\b(?:feels?|felt|seems?|seemed)\s+like\s+(?:(?:just|only)\s+)?yesterday\b",
    re.IGNORECASE,
)


# A threat no one means, said as a clause of its own ("she'd kill me", "my boss will murder me")
_THREAT_FOR_EFFECT = re.compile(
    r"^(?:[\w'-]+\s+){0,3}?[\w'-]*(?:'d|\s+would|\s+will|'ll|\s+gonna|\s+going to)\s+(?:actually\s+|literally\s+)?"
    r"(?:kill|murder|strangle)\s+(?:me|us|the user)\b",
    re.IGNORECASE,
)


def said_for_effect(sentence: str) -> bool:
    """A sentence said for effect, not as meant (``_FOR_EFFECT``): no frame, rule or generic
    belief reads it."""
    return bool(_FOR_EFFECT.search(sentence.strip()))


def is_counterfactual(clause: str) -> bool:
    """A clause of what would have been and was not ("I'd have quit after 2"): no statement, and
    no lead-in of the clause after it either ("I would have gone, but I was sick": two clauses)."""
    return bool(_COUNTERFACTUAL_CLAUSE.match(strip_lead(clause.strip())))


_REACTION = re.compile(
    # a judgement of the other's choice ("I think is a very good decision", "that's a smart move")
    r"^(?:i think (?:that )?)?(?:it|that|this)?(?:'s|\s*is|\s*was) (?:a |an )?(?:\w+ ){0,2}(?:idea|decision|choice|move|call)\b|"
    # news taken in ("I didn't know it had got that serious"), a guess agreed to ("I like to think
    # so", "..., I think"), a mind not made up ("not sure how I feel about that")
    r"^i (?:didn't|did not|never) (?:know|reali[sz]e)\b|^i had no idea\b|"
    r"\b(?:think|hope|guess|suppose|believe|imagine) so[.!]*$|,\s*i (?:think|guess|suppose|reckon|imagine)[.!]*$|"
    r"\bnot sure (?:how|what) (?:i|we) (?:feel|think)\b|"
    # wanting the thing the other just showed ("I need that video for my collection"), the weather
    # felt ("we're still sweltering, 33 degrees today")
    r"^i (?:need|want) (?:that|this|those|these)\b|"
    r"^(?:we're|we are|i'm|i am)\s+(?:still\s+|absolutely\s+|literally\s+|so\s+)?(?:sweltering|freezing|boiling|roasting|"
    r"melting|baking)\b|"
    # hyperbole's stock forms: a count no one kept ("like a million times"), a person as a share of
    # a thing ("I'm 90% caffeine"), a death by laughing, a medal deserved
    r"\blike\s+a\s+(?:million|billion|zillion|gazillion|thousand|hundred)\s+times\b|"
    r"\ba\s+(?:million|billion|zillion|gazillion)\s+times\b|"
    r"^(?:i'm|i am)\s+(?:like\s+|basically\s+|now\s+|officially\s+)?\d+\s*%\s+"
    r"(?!(?:done|complete|finished|through|of\s+the\s+way|sure|certain|recovered|healed)\b)[a-z]|"
    r"\b(?:nearly|almost)\s+died\s+(?:laughing|of\s+(?:laughter|embarrassment|shame|boredom))\b|"
    r"\bdeserves?\s+(?:a|an)\s+(?:medal|trophy|award|prize|oscar)\b|\b(?:be|am|'m|'ll be|will be)\s+a\s+(?:total\s+)?zombie\b|"
    # laughing said as dying ("I'm dying, this is the funniest thing"; not "dying of ...")
    r"^(?:i'm|i am)\s+(?:literally\s+|actually\s+)?(?:dying|dead|deceased|screaming|crying)"
    r"(?!\s+(?:of|from|to|for|inside)\b)(?=[\s,.!]|$)|"
    # how one is, answered ("I am good, very tired", "I'm fine, just swamped")
    r"^(?:i'm|i am|we're|we are) (?:good|fine|ok|okay|alright|well|great)\s*,\s*(?:but\s+)?(?:(?:just|very|a bit|so|really|"
    r"quite|super|pretty|a little)\s+)*(?:tired|busy|exhausted|sleepy|stressed|knackered|swamped|sore|jetlagged)[.!]*$|"
    # what would have been and was not (``_COUNTERFACTUAL``; a clause joined to it keeps the whole)
    r"^(?=[^,;]*$)" + _COUNTERFACTUAL + "|"
    # sarcasm's stock form ("Just what I needed"; and see ``said_for_effect``)
    r"^just what (?:i|we) needed\b|"
    # how one is or will be, said bare ("I'll be okay", "I am perfectly well", "still recovering",
    # "never been happier"), and work that is paying off: the moment's mood, no fact of a life
    r"^(?:i|we)(?:'ll|\s+will)\s+be\s+(?:\w+\s+)?(?:ok|okay|fine|alright|all right)[.!]*$|"
    r"^(?:i'm|i am|we're|we are)\s+(?:\w+ly\s+|very\s+|still\s+)?(?:well|fine|ok|okay|alright|recovering)[.!]*$|"
    r"\bnever been (?:happier|better|more (?:tired|relaxed|content|grateful))\b|"
    r"\b(?:is|'s|are|has been|have been)\s+(?:\w+ly\s+|really\s+)?paying off[.!]*$|"
    # the listener's offer answered ("I would like that very much", "We'd enjoy it"), refused ("I will
    # send no such thing") or echoed ("I told him the same"): what "that" is, the other said
    r"^(?:i|we)(?:'d|\s+would|\s+will|'ll|\s+shall)\s+(?:(?:\w+ly|really|very much)\s+)?(?:like|love|enjoy|welcome|"
    r"appreciate)\s+(?:that|this|it)(?=\s*(?:[.!,]|$|very much|so much|a lot|too|as well|if\b))|\bno such thing[.!]*$|^(?:i|we)\s+(?:told|said to)\s+(?:him|her|them)\s+the same\b|"
    # a reaction that nearly happened ("I nearly wept", "my mum almost fainted")
    r"\b(?:almost|nearly) (?:wept|cried|fainted|screamed|passed out|lost it|teared up|burst into tears|choked)\b|"
    r"\b(?:couldn't agree more|could not agree more|agree|check it out|here to support|here for|appreciate|"
    r"means? (?:a lot|the world)|meant a lot|(?<!n't )(?<!not )worth it|is key|is vital|is crucial|on fire|so cool|"
    r"i(?:'ve| have) got this|got this\.?$|i(?:'m| am) sure\b|i bet\b|i (?:can|could) (?:only )?imagine|"
    r"i(?:'m| am) doing (?:ok|okay|well|good|fine|great|alright)|can (?:definitely |really )?make a (?:real |big )?"
    r"difference|(?:will|'ll) (?:definitely |have to |need to )*check|definitely will|most important thing|"
    r"i get it|gets it\b|in this together|beyond words|i can (?:picture|see why|see how)|"
    # resolve about one's dreams and goals, and thinking about it later
    r"(?:reach|achieve|chase|chasing|pursue|pursuing|follow|following|go for|going for) (?:my|our|your) (?:dreams?|goals?)\b|"
    r"(?:will|'ll|gonna|going to) (?:\w+ )?(?:think|thinking) (?:about|it over)|"
    r"(?:will|'ll) (?:always )?(?:cherish|treasure)|"
    # advice to the listener and feelings of the moment, intensified
    r"i (?:really |highly |totally |definitely |completely )?(?:rec+om+end|encourage|suggest)|"
    r"i (?:really |truly )?feel (?:so|really|very|super|totally|truly)\b|"
    r"feeling (?:so |really |super |very )?(?:motivated|inspired|grateful|blessed|positive|pumped)|"
    r"i(?:'m| am) (?:so |really |super |totally )(?:pumped|stoked|psyched|hyped)|"
    r"(?:is|are) (?:so |really |very |super |extremely )?(?:important|essential|precious|priceless)\b|stay (?:motivated|positive|focused|strong|inspired|tuned)|i hope\b|(?<!, )hoping\b|thanks?\b(?!\s+(?:god|goodness|heavens)\b)|thank you|try (?:my|our) best|keep going|never give up|"
    r"add it to (?:my|our) list|bummer|why not\b|beside the point|love the (?:thought|idea)|works\.?$|"
    # formulas of resolve, encouragement and catching up: about the conversation, not a fact
    r"since (?:we|i) (?:last )?(?:talked|spoke|chatted|chat|caught up|saw each other)|since (?:our|the) last (?:chat|talk)|a lot'?s happened|"
    r"guess what|(?:will|'ll|won't|gonna|going to|never)\s+(?:\w+ly\s+|really\s+|just\s+)*"
    r"(?:keep\b|continue\b|give up|let (?:anything|anyone|it)|make (?:it|this|that) (?:work|happen)|see (?:if|what|how)|"
    r"try (?:it|that|this)|(?:make sure to )?remember (?:this|that|it))|"
    # phatic formulas: condolence, fingers crossed, agreement, hearsay praise, asking for something
    r"i(?:'m| am) (?:so |really |very |truly )?sorry\b|(?:crossing|crossed|cross) (?:my|our) fingers|"
    r"i feel the same|i believe in (?:you|us|myself|ourselves)|a lot (?:has|'s) (?:been )?(?:going on|happened)|"
    r"i(?:'ve| have) heard (?:so many|a lot|such|great|good|amazing)|i could use (?:some|a|an)\b|don't see why not|"
    r"(?:doing|do|give it|try) (?:my|our) best|be sure to|if (?:i|we) need|fingers crossed|might try it|"
    # the listener's plan endorsed ("I support this fully", "I'm all for it")
    r"i (?:fully |totally |completely |100% )?(?:support|second) (?:this|that|it)\b|i(?:'m| am) all for (?:it|this|that)|"
    r"happy to help|glad (?:everyone|that|to)|excited too|tuning in|safe trip|got the right attitude|"
    r"^together\b|^gotta\b|^just (?:something|a)\b|"
    r"(?:can be|are|is) (?:so |really |both )*(?:inspiring|heartbreaking|encouraging|touching|moving)|"
    r"(?:was|is|were) (?:so |really |super |just |such )*(?:awesome|amazing|great|cool|fun|special|incredible|"
    r"fantastic|wonderful|beautiful|inspiring|peaceful|serene|exciting|a blast|a dream))\b",
    re.IGNORECASE,
)
# A time or circumstance put before the subject ("These days I ...", "Since the move
# my commute ...", "Lately, my favourite show ..."): context of the clause, not its subject.
_FRONTED_EN = re.compile(
    r"^(?:these days|nowadays|lately|recently|currently|at the moment|right now|now|for now|from now on|"
    r"going forward|moving forward|from here on(?: out)?|"
    r"this (?:year|month|week|season|semester|term|spring|summer|autumn|fall|winter)|"
    # (a date said day first: "as of 1 May", "from the 3rd of June")
    r"(?:since|after|following|as of|starting|from) (?:the |my |our |last |this |next )?"
    r"(?:\d{1,2}(?:st|nd|rd|th)? (?:of )?[a-z]+(?: \d{4})?|[\w-]+(?: \d{1,4})?)|"
    r"(?:over|in|for) the (?:last|past) (?:few |couple of )?[\w-]+)"
    r",?\s+(?=(?:I|I'm|I've|I'd|we|we're|we've|my|our|the|(?-i:[A-Z][a-z]+))\b)",
    re.IGNORECASE,
)
# One who cares for the speaker or their people giving a new amount or how often ("Diabetes nurse says 22
# units now", "ortho says every 8 weeks from now on", "orthodontist said 3 nights a week is enough now")
CARER_SAYS = re.compile(
    r"^(?:(?:so|and|ok|okay|update)[,:\s]+)?(?:the\s+|my\s+|our\s+|his\s+|her\s+|their\s+)?(?:[\w-]+\s+)?"
    r"(?:doctor|doc|gp|nurse|consultant|ortho|orthodontist|dentist|vet|physio|specialist|surgeon|midwife|pharmacist|"
    r"optician|audiologist|dietitian|diabetes nurse)\s+(?:says|said|reckons|thinks|wants)\s+(?:that\s+)?"
    r"(?=[^.;!?]*(?:\d|\bevery\b|\bonce\b|\btwice\b))"
    r"(?=[^.;!?]*\b(?:now|from now on|going forward|instead|is enough|from (?:next|this)\s+\w+)\b)",
    re.IGNORECASE,
)
# Since what happened, then what they did ("since the fall they've upped it to three calls a day")
_SINCE_THEY_EN = re.compile(
    r"^(?:since|after|following)\s+(?:the|my|our|his|her|their)\s+[\w-]+(?:\s+[\w-]+)?,?\s+"
    r"(?=they(?:'ve|'re|\s+have|\s+are)?\s)",
    re.IGNORECASE,
)
# How the news came, said before it with no verb ("Letter from the letting agent today, rent's going
# up ...", "email from school: ..."): the news is the statement
_NEWS_LEAD_EN = re.compile(
    r"^(?:(?:a|an|another)\s+)?(?:letter|email|e-mail|text|call|message|notice|note|update|memo)\s+"
    r"(?:from|through from)\s+[\w'&. -]{1,40}?(?:\s+(?:today|this morning|yesterday|earlier|last night))?\s*[,:;—–-]\s*(?=\w)",
    re.IGNORECASE,
)
_ADDRESSED_EN = re.compile(r"^(?:you|your|you're|you've|you'll|you'd)\b", re.IGNORECASE)

# A yes-or-no asked by a verb said twice (not 不对不对: a slip said twice), and what urges an
# answer after a question ("急", "在线等")
_YES_OR_NO_ZH = r"(?<!不)(?P<twice>[会是好对行能要该值亏用算划])不(?P=twice)(?!不)"
_URGING_ZH = r"(?:急+|在线等|谢谢|求解答?|求助|拜托了?)[!！。]*"
_QUESTION_ZH = re.compile(
    r"[?？]|吗[。！!]?$|吗$|什么(?![都也])|(?<!没)(?:有|是|干|叫|为|吃|买)啥(?![^，,。！!]{0,4}[都也])|啥(?:区别|意思|情况|好处|用|呢)|怎么(?![都也])|为什么|哪(?![儿里]?[都也])|(?<![前这那过好])几[个点天次号]|来着[？?]?$|是否|有没有|能不能|可不可以|要不要"
    r"|多少(?![有也还都])|多久|多长时间"
    # which of two, put to the listener ("你觉得现在买房划算还是租房划算")
    r"|^(?:你|您)(?:觉得|看)[^。！!，,]*还是"
    # what is asked by 咋 ("是咋回事", "咋办"), or by 啥 said last ("能做点啥", "要注意点啥")
    r"|咋|点啥|啥[好呀啊呢]?[。！!？?]*$|啥[\u4e00-\u9fff]{1,6}(?:好|合适|靠谱)[。！!？?]*$"
    # how old, how tall, how far ("宝宝一般多大开始加辅食")
    # (not a name it is part of: 多伦多大学, 多大学校 is no "how big")
    r"|(?<![差不好许很伦])多(?:大|高|重|远|贵|长)(?!时间|学)"
    # a yes-or-no asked by a verb said twice ("会不会很亏", "是不是该换了", "值不值")
    + "|"
    + _YES_OR_NO_ZH
    # ... or with what asks it said after the mark ("……会影响征信吗 急")
    + r"|吗[\s，,]*"
    + _URGING_ZH
    + "$"
)
_URGED_ZH = re.compile(_URGING_ZH)
_REQUEST_ZH = re.compile(
    r"^(?:请|麻烦|帮我|帮忙|你能|你可以|能不能|可以帮|告诉我|给我(?![妈爸爷奶姥外老儿女哥姐弟妹家们])|提醒我|记得|别忘了|你帮|"
    # a text at hand worked on again ("再改短一点", "那你再帮我改短一点"), and what it should say ("就说家里有事")
    r"(?:那|那就|然后)?你?(?:再|重新)(?:帮我|给我)?(?:改|写|缩|扩|润色|翻译|优化|精简|调整|整理|总结|生成|来)|"
    r"(?:那|那就)你?再?帮我|就说(?=[\u4e00-\u9fff])|"
    # what the speaker meant to ask ("我是想问适合四手联弹的曲子"): a question, put right
    r"(?:用户|我)(?:其实)?是想问(?=[^，,。]*(?:什么|哪|怎么|几|吗|呢|有没有|推荐|适合|？|\?))|"
    # a task on a text at hand ("把这句话翻译成英文", "这段话帮我缩写一下")
    r"把(?:这|那|下面|以下|上面)|"
    # ... or on what was said before ("把我们周一聊的内容总结一下")
    r"把[^，,。？?]{1,24}(?:总结|整理|汇总|归纳|复述|回顾|列出来|找出来|翻译)(?:一下|出来)?[。！!]?$|(?:这|那)(?:段|句|篇|封|个|些|份)[^，,。：:]{0,4}(?:帮我|给我|请)"
    # ... or one to do for a text at hand ("给这篇文章起三个标题", "给下面这段话加个结尾")
    r"|给(?:这|那|下面|以下|上面)[^，,。：:]{0,8}?(?:起|写|加|配|取|改|做|出))"
)
_SMALL_TALK_ZH = re.compile(
    r"^(?:你好|您好|嗨|哈喽|谢谢|多谢|感谢|好的|好吧|嗯+|哦+|哈+|再见|拜拜|晚安|早上好|早安|没问题|不客气|"
    r"行|可以|对|是的|明白|知道了|了解|我明白|我知道了|我懂了|太好了|真好|真棒|不错|我也是|同意|我同意|辛苦了|"
    # a laugh ("哈哈哈笑死我了", "太好笑了"): a reaction, no fact
    r"(?:哈+[，,\s]*)?(?:笑死(?:我|人)?了?|太好笑了|好好笑|笑出声了?|笑哭了?)"
    # agreement ("我也觉得", "我觉得也是") and a state of the moment said as dying ("累死我了", "热死了")
    r"|我也(?:这么|是这么)?觉得|我觉得也是|(?:累|困|饿|热|冷|烦|忙|气)死(?:我|人)?了"
    # a request's limit said alone ("就这一次"): what it limits is the request beside it
    r"|就(?:这一?次|这回)(?:吧|哈|啊)?[。！!]?$"
    # ... or how the thing asked for should be ("温馨一点", "再短一点儿"): not the speaker's ("我瘦了一点")
    r"|(?:要|再|更|稍微)?(?:温馨|正式|简短|简洁|短|长|详细|简单|幽默|口语化?|礼貌|活泼|专业|通俗|具体|轻松|可爱|严肃|客气)一点儿?[。！!]?$)"
    r"[啊呀了吧呢！!。，,~～]*$"
)
# What an ask goes on with in its next clause: how the thing asked for must be ("匹配 11 位手机号",
# "人均预算 200", "字数控制在500以内", "三个人吃一周")
_ASK_GOES_ON_ZH = re.compile(
    r"^(?:匹配|要求|预算|人均|字数|格式|风格|控制在|不超过|最好|尽量|包括|包含|适合|针对|"
    r"[一二两三四五六七八九十\d]+\s*(?:个人|人|字|页|条|道|份|句))"
)


# A thing at hand said with surprise ("这个 bug 居然是时区问题", "那个插件竟然要两百"): a remark on the
# moment, no note about anyone
_REMARK_ZH = re.compile(
    r"^(?:这个|那个)(?!月|星期|礼拜|周|季度|学期|年)(?![^，,。！!]*我)[^，,。！!]{0,8}?(?:居然|竟然)(?:是|要)"
)
# About the speaker, or a thing of their world with a value or an attribute of
# its own ("支付组的负责人是刘洋", "评审会在十号").
_ABOUT_SOMEONE_ZH = re.compile(
    # a role and the person in it ("新房东是陈先生", "教练换成了老刘"): someone of the speaker's world
    r"^(?:新|现在的|以前的)?[\u4e00-\u9fff]{1,4}(?:是|叫|换成了?|变成了?)"
    r"(?:(?:老|小)[\u4e00-\u9fff]|[\u4e00-\u9fff]{1,2}(?:先生|女士|老师|医生|阿姨|叔叔|教授|总|经理|师傅))"
    # a person of theirs by a name with its title or age word ("王总离职了", "小李搬走了")
    r"|^(?:老|小)[\u4e00-\u9fff](?!些|时|孩|区|组|说|学|吃|事|是|实|心)|^[\u4e00-\u9fff](?:总|经理|老师|医生|阿姨|姐|哥)(?=[\u4e00-\u9fff])"
    # the speaker taking one of theirs somewhere, said without "我" ("前几天带他去医院查了")
    r"|(?:带|陪|送|接)[他她](?:去|来|到|回)"
    # one of theirs spoken of, by a pronoun, and where they are or what they are ("她读大三", "他在深圳上班")
    r"|^[他她](?:们)?(?:现在|今年|已经|还|也|都)*(?:在读|读|上|在|是|叫|住|做|当|学)(?!说|想|觉得)"
    # ... or by what they are to the speaker, and where they study, live or work ("儿子在上小班")
    r"|^(?:"
    + RELATIONS_ZH
    + r"|孩子|娃|宝宝|大宝|二宝|小宝)(?:现在|今年|已经|还|也|都)*(?:在读|在上|读|上|住在|住|当|做|学)"
    r"(?!说|想|觉得|课|网|班了?$)"
    # ... or by what they are to the speaker, a change of theirs closed by 了 ("儿子升初三了", "老婆升职了")
    r"|^(?:" + RELATIONS_ZH + r")(?:现在|今年|已经|也|都|终于|刚)*[\u4e00-\u9fff]{2,6}了"
    r"|我|咱们|咱家|家里|[A-Za-z0-9]|的[\u4e00-\u9fff]{1,4}(?:是|叫|由)|[零一二两三四五六七八九十百千万\d]+(?:号|点|月|日|年|元|块|岁|次|楼|层|公斤|斤|分钟|小时|个人)"
    # an amount of hundreds or more, its unit left unsaid as money's is ("房租每月四千五")
    r"|[零一二两三四五六七八九十]+[百千万]"
    # one of theirs, or their thing, with "我" dropped, and where, when or what ("大儿子在实验小学上学",
    # "女儿的舞蹈课在少年宫上", "儿子每周二、四去托管班"); not what they say or think
    r"|^(?:大|小|二|老)?(?:" + RELATIONS_ZH + r"|孩子|娃|宝宝|大宝|二宝)(?!说|想|觉得|的话)"
    r"(?:的[\u4e00-\u9fff]{1,6}?)?[^，,。？?！!]{0,8}?(?:在|是|去|上|学|读|住|叫|每|跟|由|约|定)"
    # a pet of theirs, or what it is fed, with "我" dropped ("猫粮一直喂的是渴望", "猫的绝育手术约在下周二")
    r"|^(?:猫|狗|狗狗|猫咪|猫粮|狗粮|鱼缸|兔子)(?:的[\u4e00-\u9fff]{1,6}?)?[\u4e00-\u9fff]{0,4}?"
    r"(?:一直|平时|每天|每周|每个?月|约在|定在|安排在|喂的是|吃的是|用的是|是在|在)"
)
# Tentative reduplicated verbs and hedges: "我想想", "我看看", "我考虑一下".
# The words a Chinese supposition opens with (如果……就……): what would be, not what is.
SUPPOSING_ZH = r"(?:如果|要是|假如|假设|万一|倘若|要不是)"
_TENTATIVE_ZH = re.compile(
    # after the listener's point granted, if so ("你说得有道理，我再想想")
    r"^(?:(?:你说得?(?:很|挺|太)?(?:有道理|对|没错)|有道理|好吧|行吧)[啊呀吧，,\s]*)?"
    r"我?(?:再)?(?:想想|看看|考虑一下|想一想|看一看|琢磨一下|研究一下)"
    # a supposition ("如果我有一百万，我就去环游世界"): what would be, not what is
    r"|^" + SUPPOSING_ZH
)
# The speaker's own plan or habit with its subject dropped, as Chinese drops it ("国庆打算去云南玩",
# "明年准备考研", "最后定了厦门"): after any time words, a verb of intent, decision or keeping on.
# Not the weather ("最近一直下雨"), which is no one's.
_LIFE_EVENT_ZH = re.compile(
    r"(?:终于|刚刚?|已经)?(?:毕业|退休|结婚|离婚|订婚|分手|分|怀孕|怀上|转正|退学|休学|辍学|脱单|转行|改行|退伍|退役|辞职|离职|"
    r"入职|升职)(?:手续(?:办完|办好|走完))?(?:了|啦|喽)"
)
# What the speaker does, said as its own subject that changed ("tutoring has gone full-time since
# september", "freelancing is now my main gig"): theirs, not a remark on doing it.
_DOING_CHANGED = re.compile(
    r"^[a-z]+ing\s+(?:has|'s)\s+(?:gone|become|turned|switched|moved)\s+(?:to\s+)?(?:full|part)[- ]time\b"
    r"|^[a-z]+ing\s+(?:is|'s)\s+now\s+my\b",
    re.IGNORECASE,
)
# People at large as the subject ("现在年轻人都不爱结婚了", "很多人都在裸辞"): an opinion of the
# world, no one's fact.
_PEOPLE_AT_LARGE_ZH = re.compile(
    r"^(?:(?:我)?(?:感觉|觉得|总觉得|发现)[，,]?)?(?:现在|如今|这年头|这几年|最近)?(?:的)?"
    r"(?:年轻人|大家|很多人|好多人|人们|现在的人|有些人|不少人|大部分人|多数人|老百姓|网友|打工人)"
)
_WAY_NOW_ZH = re.compile(
    r"(?:^|[，,])(?:最近|现在|平时|以后)?(?:都|改|就)?(?:骑(?:车|电动车|自行车|电瓶车)|开车|坐(?:地铁|公交)|走路|打车)(?:去|上班|上学|了)"
)
_TONIGHT_ZH = re.compile(
    r"^(?:今晚|今天晚上|晚上|待会儿?|一会儿?|等下|等会儿?)(?:我们?)?(?:就)?(?:打算|准备|想|要|计划)"
)
_SPEAKER_UNSAID_ZH = re.compile(
    r"^(?:(?:今年|明年|去年|前年|前几年|前两天|前几天|昨天|前天|上周末|这两天|最近|这阵子|这段时间|前阵子|这两年|现在|目前|平时|周末|早上|晚上|中午|上午|下午|每天|每(?:个)?(?:周|星期|礼拜)[一二三四五六日天末]|"
    r"每周|每晚|每个?月|国庆|春节|过年|寒假|暑假|五一|元旦|中秋|年底|年初|"
    r"(?:下|上|这)(?:个)?(?:月|周|星期)|[一二三四五六七八九十\d]{1,2}月(?:份)?(?:底|初|中)?)[，,\s]*)*"
    r"(?:最后|还是|已经)?(?:打算|准备|计划|决定|定了|报了|考上了|报名了|一直在|正在学|在学|在练|在备考|戒了|"
    # a licence or a letter got ("刚拿到驾照", "终于拿到offer了")
    r"(?:刚|终于|已经)?(?:拿到|考到|考出|考下)了?(?:驾照|驾驶证|offer|学位|绿卡|签证|护照|证)|"
    # a stretch of life one is in ("最近在减肥", "在备孕", "在找工作")
    r"(?:正)?在(?:减肥|备孕|健身|戒烟|戒酒|控糖|吃素|学车|考驾照|找工作|找房子?|装修|坐月子|休产假|带娃|养胎|考研|实习|创业)|"
    # a debt of the speaker's cleared ("今年提前还清了")
    r"(?:提前|一次性|终于|全部)*(?:还清|还完|结清)了|"
    # an aim of the speaker's, with what it is for said first ("考研目标浙大计算机", "减肥目标是瘦十斤")
    r"[\u4e00-\u9fff]{1,4}目标(?:是)?[\u4e00-\u9fffA-Za-z\d]{2}|"
    # a habit ("周末一般会去爬山", "平时经常加班")
    r"(?:一般|通常|经常|常常|总是)(?:都)?(?:会)?[\u4e00-\u9fff]|"
    # a pet kept, or a place gone to for a pastime, said with the speaker dropped ("养了只仓鼠叫芝麻",
    # "每周六上午去社区图书馆做志愿者", "最近每周四晚上去学陶艺")
    r"(?:新|刚|又)?养了?(?:一|两|三)?(?:只|条|头|缸)|去[\u4e00-\u9fff]{0,10}?(?:做志愿者|当志愿者|学(?!校)|练|上课|打球|健身|游泳|跑步|爬山)|"
    # a team or a star followed, a pastime taken to ("从小到大就是湖人球迷", "最近迷上了飞盘")
    r"(?:从小到大|从小|一直)?(?:都)?(?:就)?是?[\u4e00-\u9fffA-Za-z]{1,8}(?:球迷|死忠粉|铁粉)|迷上了|爱上了|"
    # a break-up with someone by name, a diagnosis ("和小周分了", "去年查出来有甲减")
    r"(?:已经|刚)?(?:和|跟)[\u4e00-\u9fffA-Za-z]{1,4}(?:已经|彻底)?分(?:手)?了|查出(?:来)?(?:有|了)?|"
    # a level passed or reached ("上个月考过五级了", "钢琴考到八级了")
    r"(?:[\u4e00-\u9fffA-Za-z]{0,4})?(?:考过|考到|考了|过了|升到|升了)了?[一二三四五六七八九十\d]+级|"
    # a fixture of the home fitted ("前两天装了指纹锁", "家里换了台新空调")
    r"(?:家里|刚|已经)?(?:装了|换了|安了|装上了|换上了)(?:个|台|套|一个|一台|一套)?(?:新的?)?[\u4e00-\u9fff]{0,4}"
    r"(?:锁|热水器|空调|燃气灶|电磁炉|马桶|地暖|暖气|窗户|冰箱|洗衣机|净水器)|"
    # a job changed ("跳槽了 去了腾讯做产品", "入职字节了", "转行做设计了")
    r"(?:已经|刚|又)?(?:跳槽|入职|转行|转岗|换了?(?:个|份)?工作)(?:了|到|去|做|当)?|去了[\u4e00-\u9fffA-Za-z]{2,8}(?:做|当|上班)"
    r")"
    r"(?![^，,。]{0,6}(?:下雨|下雪|刮风|降温|天气))"
)


def speaker_dropped_zh(body: str) -> bool:
    """Whether a Chinese clause is the speaker's plan or habit said with its subject dropped
    ("国庆打算去云南玩"), or a life event said alone ("毕业啦"): the note names them
    ("用户国庆打算去云南玩"); never a clause that opens with the speaker ("我是上港的球迷")."""
    if body.startswith(("我", "咱")):
        return False
    return _SPEAKER_UNSAID_ZH.match(body) is not None or _LIFE_EVENT_ZH.fullmatch(body.strip("。！!，, ")) is not None


# The weather and prices of everyone ("最近一直在下雨", "现在的菜价越来越贵了"): no one's fact.
_WEATHER_ZH = re.compile(r"下雨|下雪|刮风|雾霾|降温|升温|天气|气温|台风|物价|房价|菜价|油价|肉价")
# "走了" said of a death by what follows it in its sentence ("豆豆上周走了，老死的", "团团走了，唉")
GONE_FOR_GOOD_ZH = r"走了(?=[，,][^。！!]{0,12}(?:老死|病死|安详|寿终|享年|火化|安葬|喵星|汪星|天堂|好难过|很难过|好伤心|很伤心|哭了|舍不得|唉|哎|呜))"
_DIED_ZH = re.compile(r"去世|过世|离世|死了|走了(?=[^。！!]{0,16}?[💔🙏🕯🌈😢😭🥲])|" + GONE_FOR_GOOD_ZH)
# How the answer asked for should read, said after the ask ("语气客气一点", "字数300字以内"):
# the request's, never a fact of anyone's
_OUTPUT_WANTED_ZH = re.compile(r"^(?:语气|口吻|措辞|字数|篇幅|格式|风格|用词|文风)[^我，,。]{0,12}$")
_MIN_WORDS_EN = 3
_MIN_CHARS_ZH = 4  # one fewer after 我: "我吃素" is subject, verb and object
_LEAD_ZH_CLAUSE = re.compile(
    r"^(?:(?:嗯+|哦+|哈{2,}|呵{2,}|哎+|唉+|嘿+|哇+|好的|好吧|对|是的|不好意思|抱歉|对不起|我?(?:刚才|刚刚)?我?(?:(?:说|打|写|记|搞|弄|看|听)错(?:字)?了|口误|(?:记|搞)混了|(?:打|说|写|记|弄|搞|看)反了)|更正|纠正一下|"
    # a denial of what was just said, then the right version ("哦不对，她已经四年级了")
    r"(?:哦|噢|啊|嗯)?不对|不是不是|等等|等一下|" + NEWS_FORMULA_ZH + r")"
    # news announced before it is told ("跟你说个事，……")
    r"[，,、：:\s]+"
    # "by the way", said with no break before what it leads to ("对了我上个月跳槽了")
    r"|(?:对了|话说|顺便说一?下)[，,、：:\s]*(?=\S))+"
)
_LEAD_ZH = re.compile(
    r"^(?:(?:嗯+|哦+|好的|好吧|对|是的|刚才|刚刚|我)?"
    r"(?:(?:说|打|写|记|搞|弄|看|听)错(?:字)?了|(?:搞|记)混了|口误|更正|纠正一下)?[，,、：:\s]*)+"
)


# A new home named by where it is, said with the speaker dropped ("loving the new place in Christchurch")
NEW_HOME_NAMED_EN = re.compile(
    r"\b(?:the|our|my) new (?:flat|house|place|apartment|home|unit|condo|pad|digs) (?:in|at|on) (?-i:[A-Z])", re.I
)
# A couple's end said short, with a pronoun for what ended ("we called it off", "it's over with Marcus")
_COUPLE_ENDED_EN = re.compile(
    r"^(?:we|he|she|they|(?-i:[A-Z])\w+ and i)\s+(?:(?:just|finally|officially|mutually)\s+)?called (?:it|things) off\b"
    r"|^it(?:'s| is) (?:all )?over (?:with|between (?:me|us) and) (?-i:[A-Z])\w",
    re.IGNORECASE,
)
# A choice made among offers, said with the speaker dropped ("went with aetna this year", "ended up
# going with the cheaper plan", "caved and got premium duo")
_CHOSE_FIRST = re.compile(
    r"^(?:(?:so|and|but|ok|okay|finally|eventually|just|in the end)[,\s]+)*"
    r"(?:(?:went|ended up(?: going)?|settled|decided to go) with|caved and (?:got|bought|signed up for|upgraded to)"
    # a plan gone on to, "I" dropped ("gone sim only on giffgaff")
    r"|(?:gone|went)\s+(?:sim[- ]only|pay as you go|payg|contract|monthly|annual|prepaid)\s+(?:on|with))\s+"
    r"(?!(?:it|that|this|them|him|her|you|me|us|my gut|the flow)\b)\w"
    # a title or a job got ("got the senior designer title", "got promoted to lead")
    r"|^(?:(?:so|and|but|ok|okay|finally|officially)[,\s]+)*(?:got|landed|earned)\s+(?:the|my|a)\s+(?:[\w-]+\s+){1,3}?"
    r"(?:title|promotion|role|position|job)\b|^(?:(?:so|and|finally|officially)[,\s]+)*got promoted to\b",
    re.IGNORECASE,
)
# A favourite or a usual of the speaker's, "my" dropped ("favorite sport to play is squash")
_MINE_UNSAID = re.compile(
    r"^(?:fav|fave|favou?rite|go-to|usual)\s+(?:[\w-]+\s+){0,4}?(?:is|are)\s+(?!(?:it|that|this|what|when|how|why)\b)\w",
    re.IGNORECASE,
)


# The one left of many, by name ("only Henrietta left", "so it's just Pickle now"): the speaker's
# count moved down, however short the saying.
NAMED_LEFT_EN = re.compile(
    r"^(?:so\s+|and\s+)?(?:only|just)\s+(?-i:[A-Z])\w+\s+(?:left|remaining)\b"
    r"|^(?:so\s+|and\s+)?(?:it's|it is)\s+just\s+(?-i:[A-Z])\w+(?:\s+and\s+(?-i:[A-Z])\w+)?\s+now\b",
    re.IGNORECASE,
)


# How a thing spoken of is held, and with whom ("it's insured with LV", "it's on finance through
# Santander")
_HELD_WITH = re.compile(
    r"^(?:it's|it is|they're|they are)\s+(?:insured|registered|financed|leased|covered|serviced|on finance)\s+"
    r"(?:with|by|through|at)\s+(?-i:[A-Z])",
    re.IGNORECASE,
)


# A guess asked of the listener ("guess which Hogwarts house I'd be in"): a game, nothing told
_GUESS_GAME = re.compile(r"^guess\s+(?:which|who|where|how|when|whether|if)\b", re.IGNORECASE)
# A clause that is only how the speaker frames what they say ("一般来说", "说实话")
_FRAMING_ZH = re.compile(
    r"(?:一般|总的|老实|说实|讲真|其实|反正|按理)(?:来说|讲|话|的话)?|说实话|讲真的?|其实吧"
    # ... or a matter let go ("算了不折腾了")
    r"|算了(?:[，,]?(?:不折腾了|不管了|不弄了|不想了|随便吧|就这样吧))?"
)


_NO_DOING_SINCE = re.compile(r"\bno\s+[a-z]+ing\s+since\b", re.IGNORECASE)


def is_statement(clause: str) -> bool:
    """Whether a clause states something about someone (a belief's raw
    material), not a question, greeting, thanks, request or reaction."""
    text = clause.strip()
    if not text:
        return False
    if is_cjk(text):
        body = text.strip("。！!，, ")
        if not _LEAD_ZH_CLAUSE.sub("", body + "，"):
            return False  # "我记错了": only a formula, what it corrects is in the next clause
        if _FRAMING_ZH.fullmatch(re.sub(r"^(?:用户|我)", "", body)):
            return False  # "一般来说": how it is said, nothing said
        return (
            # one fewer after 我, and for an ending said of a thing ("车卖了"); a word in Latin letters
            # counts as one ("搬到Maxvorstadt了")
            len(re.findall(r"[\u4e00-\u9fff]|[A-Za-z]{2,}", body))
            # ... and for an amount moved ("减到74了": the digits say the rest)
            >= (
                2  # "戒了", "现在不打了": the thing spoken of last, ended (a bare "退了" is as often a refund)
                # ... and a life event said alone ("毕业啦", "分了"): the speaker's
                if (BARE_ENDED_ZH.match(body) is not None and ("戒" in body or len(body) > 3))
                or _LIFE_EVENT_ZH.fullmatch(body) is not None
                else _MIN_CHARS_ZH - 1
                if body.startswith("我") or ends(body) or (moved_on(body) and re.search(r"\d", body))
                else _MIN_CHARS_ZH
            )
            and not _TENTATIVE_ZH.search(_LEAD_ZH.sub("", body))
            and not _TONIGHT_ZH.match(body)  # "晚上打算去吃火锅": a plan of this evening, gone by tomorrow
            and not _QUESTION_ZH.search(body)
            and not _REQUEST_ZH.match(body)
            and not (_WEATHER_ZH.search(body) and "我" not in body)  # "最近一直在下雨": no one's
            and not (_PEOPLE_AT_LARGE_ZH.match(body) and "我" not in body)  # "现在年轻人都不爱结婚了": everyone's
            and not _SMALL_TALK_ZH.match(body)
            and not _OUTPUT_WANTED_ZH.match(body)  # "（帮我写……），语气客气一点": how the answer should be
            and not _REMARK_ZH.match(_LEAD_ZH_CLAUSE.sub("", body + "，").rstrip("，"))
            and not _SMALL_TALK_ZH.match(_LEAD_ZH_CLAUSE.sub("", body + "，").rstrip("，"))  # "嗯嗯，我也觉得"
            # ... or a death of one of theirs, by name ("旺财上个月去世了")
            and bool(
                _ABOUT_SOMEONE_ZH.search(body)
                or _ABOUT_SOMEONE_ZH.search(_LEAD_ZH.sub("", body))  # "说错了，她读大三"
                or ends(body)
                or BARE_ENDED_ZH.match(body) is not None
                or moved_on(body)
                or _DIED_ZH.search(body)
                or _SPEAKER_UNSAID_ZH.match(body)
                # how the speaker gets there now, in any clause ("学校太远了，买了辆电动车，骑车去", "最近都坐地铁了")
                or _WAY_NOW_ZH.search(body)
                or _LIFE_EVENT_ZH.fullmatch(body)
            )
        )
    if re.match(r"[\"“](?:[^\"”]*[.!?]|(?:[^\"”\s]+\s+){2,}[^\"”]*)[\"”]", text):
        return False  # '"At least I'm not Fouad."': someone's words quoted (not a title: '"Brave" by ...')
    if is_question(text) or is_slip(strip_lead(text)):
        return False  # a question; "I always mix those up": why a slip happened, no fact
    if passed_on(strip_lead(text)):
        return False  # "I read that octopuses have three hearts": the world's, passed on
    body = _LEAD_EN.sub("", _VOCATIVE.sub("", _LEAD_EN.sub("", copula_expanded(text)).strip(" .!")))
    body = _SINCE_THEY_EN.sub("", _NEWS_LEAD_EN.sub("", _FRONTED_EN.sub("", body)))
    if clock_said(body):
        return False
    if (
        # (in any clause: "they rerouted it so it's the 52 for me now")
        any(_VALUE_NOW.match(part) and _NOW_SAID.search(part) for part in re.split(r"[,;]\s+|\s+(?=so\s)", body))
        or _NO_LONGER_ALONE.match(text)
        # ("officially a third year 🎉": the word that says it holds from today, as "now" does)
        or any(
            _STAGE_NOW.match(part) and (_NOW_SAID.search(part) or re.search(r"\bofficially\b", part, re.I))
            for part in re.split(r"[,;]\s*", body)
        )
        or let_go(body)
        or any(_IT_MOVED.match(part) for part in re.split(r"[,;]\s*", body))  # "got the letter, it goes up to ..."
        or _BARE_THING_ENDED.match(body)
        # "the spare key lives under the blue pot", "the dog sleeps in a crate": where a thing of the
        # household is kept, "the" as chat says "our"
        or _KEPT_THERE.match(body) is not None
        # "bin day round here is Tuesday": a day of the household's week
        or _DAY_OF_OURS.match(body) is not None
        # "it's in a key safe on the side wall now", "the car lives on the drive now": where a thing
        # spoken of is kept these days
        or any(
            PLACED_NOW.match(part) is not None and (_NOW_SAID.search(part) or re.match(r"this year\b", part, re.I))
            for part in re.split(r"[,;]\s*", body)
        )
        # "they swapped it for a smart meter": the thing spoken of last, and what holds now
        or (REPLACED_IT.search(body) is not None and not _SECOND_PERSON.search(body))
        or NEW_HOME_NAMED_EN.search(body)
        or _COUPLE_ENDED_EN.match(body)  # "we called it off", "it's over with Marcus": however short
        or NAMED_LEFT_EN.match(body)  # "only Henrietta left": the one left of the speaker's many
        or _NO_DOING_SINCE.search(body)  # "... so no running since": a doing of the speaker's ended
        or _QUANTITY_NOW.match(body)  # "it's 14 units now", "they've put her on 3mg a day"
        or PART_OF_DAY_NOW.match(body)  # "gym's at lunch now": when a thing of the speaker's is done
        or DAYS_NOW.search(body)  # "she does thursdays now": the days of the thing spoken of last
        or _NAME_FROM_NOW.match(body)  # "Aer Lingus from now on": the one the speaker goes with now
        or _THEIR_HABIT_NOW.match(body)  # "she naps at 12:30 these days": the one spoken of last, as they are now
        or _OFTEN_NOW.match(body)  # "Pilates is three times a week these days": how often a thing is done now
        or _SUM_OF_THE_HOME.match(body)  # "Rent on the flat in Cardiff is £875 pcm": a sum of the speaker's home
        # "got the renewal through, new one's valid til 2034": how long the thing spoken of holds now
        or any(_HOLDS_TILL.match(part) for part in re.split(r"[,;]\s*", body))
        # "they emailed, it starts at 2pm instead": when the thing spoken of last is now
        or any(_IT_STARTS_NOW.match(part) for part in re.split(r"[,;]\s*", body))
        or _ONLY_DAYS_NOW.match(body)  # "Agnieszka can only do Mondays from now on": the days one of theirs comes
        or CARER_SAYS.match(body)  # "ortho says every 8 weeks from now on": what one who cares for them set
    ):
        return True  # "lately it's more like 1am"; "No longer a member at Planet Fitness": the speaker's change
    if _MANY_OF_US_EN.match(body):
        return True  # "there's 5 of us in the house share": how many live or go together, the speaker one
    if (
        _AMOUNT_MOVED.match(body)
        or THING_CHANGED.match(body)
        or _THING_AT_SUM.match(body)
        or _NEW_ONE_AT.search(body)
        or _NEW_ONE_FORMED.match(body)
        or _SUM_FROM.match(body)
    ):
        return True  # "Down to 32 hours a week now", "that remote thing changed": the speaker's, moved
    if _CHOSE_FIRST.match(body) and not _SECOND_PERSON.search(body):
        return True  # "went with aetna this year", "caved and got premium": the speaker's choice, "I" dropped
    if _MINE_UNSAID.match(body) and not _SECOND_PERSON.search(body):
        return True  # "favorite sport to play is squash": the speaker's, "my" dropped
    if WENT_WITHOUT.search(body):
        return True  # "30 days without a cigarette today", "it's been 3 weeks since my last drink"
    if _NEW_RECORD.match(body) or _READING_ALONE.match(body) or _TIME_FROM_ALONE.match(body) or NUMBER_NOW.search(body):
        return True  # "new pb this morning!!! 26:55": a value of the speaker's own, said new
    if _HELD_WITH.match(body):
        return True  # "it's insured with LV": the thing spoken of last, and who it is held with
    if _MOVED_TO_ONE.search(body) and providers_named(body):
        return True  # "the whole eng org got moved over to linear": a provider the speaker is moved to
    if _DIED_PRONOUN.match(body) or LEFT_PRONOUN_EN.match(body):
        return True  # "sadly he passed away last night", "she retired": the person spoken of last
    if _THREAT_FOR_EFFECT.search(body):
        return False  # "she'd kill me": a threat no one means, no fact of hers
    if _ENDED_IT_SAID.match(body) or _ENDED_FIRST.match(body):
        # "I cancelled it", "finally emptied it": the speaker ended the thing spoken of last;
        # "unsubscribed from netflix", "shut down the etsy shop": the speaker's, "I" dropped
        return True
    if len(body.split()) < _MIN_WORDS_EN:  # "I'm vegan", "Got married!"; not "I'm smiling" (a face of the moment)
        return (_standing_state(body) or _LIFE_EVENT.fullmatch(body) is not None) and chatter_kind(body) is None
    if _QUESTION_EN.match(body) or _REQUEST_EN.match(body) or _SMALL_TALK_EN.match(body) or _GUESS_GAME.match(body):
        return False
    body = _VOCATIVE.sub("", body)
    said_first = body.split()[0].rstrip(",")
    # an acronym is a name, not a pronoun: "IT upgraded me to 24.04" is not "it ..."
    first = said_first if len(said_first) > 1 and said_first.isupper() else said_first.lower()
    if (
        _ADDRESSED_EN.match(body)
        or first in _IMPERATIVE
        or (first in _NO_ONE and not _DONE_TO_MINE.match(body))
        or _SECOND_PERSON.search(body)
    ):
        return False
    if (
        (
            first.endswith("ing")
            and first not in ("going",)
            and not re.search(r"\d|\b(?:my|me|I)\b", body)
            and not _DOING_CHANGED.match(body)
            # "training's on Tuesdays now this term": a standing thing's day or hour, no maxim
            and not re.match(r"\w+ing\s+(?:is|are|was|'s)\s+(?:now\s+)?(?:on|at)\s+(?:\w+days?\b|\d)", body, re.I)
        )
        or _COMMON_GROUND.search(body)
        or _REACTION.search(body)
    ):
        return False  # "Finding balance is crucial", "we can all ...", "I couldn't agree more"
    words = body.rstrip(" .!").split()
    if not _has_verb(words) and not _THEIR_PEOPLE_DO.search(body):
        return False  # "The Minnesota Wolves.": an answer's fragment, not a statement
    head = body.split(",")[0].split()
    if (
        (first in _SUBORDINATE and len(words) <= 5)
        or (
            len(words) <= 6
            and words[-1].lower() in _PRO_FORMS
            and not _ACRONYM_WORD.fullmatch(words[-1])
            # "I keep two beehives on it": a thing counted, then where it is kept, is told
            and not re.search(
                r"\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten)\s+\w+\s+(?:on|in|at)\s+it$", body
            )
        )
        or (len(words) <= 6 and words[-1].lower() in _PARTICLES and words[-2].lower() in (*_PRO_FORMS, "some"))
        or (
            len(head) <= 6
            and head[-1].lower().strip(".!") in _PRO_FORMS
            and not _ACRONYM_WORD.fullmatch(head[-1].strip(".!"))  # "works in IT": a field, no pronoun
            and head[-1].lower() != "one"
            and (len(head) < 2 or head[-2].lower() not in _NOT_A_VERB)
            and not re.search(r"\b(?:I|I'm|I've|we|we're|my|our)\b", body[len(" ".join(head)) :], re.IGNORECASE)
        )
    ):
        return False  # "Since we chatted last", "I'm hoping so", "I can do this", "I definitely will"
    if _MODAL.match(body) or all(w.lower().strip(",") in _ELLIPTICAL for w in words):
        return False  # "We should plan a dance session soon", "I am as well"
    if re.search(r"\blet's\b", body, re.IGNORECASE) or (
        _GENERIC_US.search(body) and not _past(words) and not re.search(r"\d", body)
    ):
        return False  # "In the meantime, let's work together", "Pets bring so much joy to us" (not "costs us 15.49")
    if _MAXIM.match(body) or _CUT_OFF.search(body) or chatter_kind(body) is not None:
        return False  # "Little acts of kindness can brighten someone's day", "... Global Offensive, and Nate"
    if (_FEELING.search(body) or _MOOD.search(body)) and not _CONCRETE.search(body):
        return False  # "I was really excited", "We were so lucky to have everyone with us"
    if re.match(r"(?:together,?\s+)?we (?:can|could)\b", body, re.IGNORECASE) and not _CONCRETE.search(body):
        return False  # "Together, we can do so much", "We can have great experiences if we take risks"
    if (first in _HEDGE_FIRST and words[1].lower() in _NO_ONE) or (
        re.match(r"(?:if|unless|whenever|every time|each time|any time)\b", body, re.IGNORECASE)
        and not _CONCRETE.search(body)
    ):
        return False  # "Sometimes it's hard when ...", "If we stand together we can ...": no one in particular
    if (
        _subjectless(words)
        or _TIME_POINT.match(body)
        or _EVALUATIVE.match(body)
        or _PEOPLE_IN_GENERAL.search(body)
        or _ANYONE.match(body)
        or _ON_SCREEN.match(body)
        or _VIEW_OF_PEOPLE.match(text)
    ):
        return False  # "Loved this spot on the hike", "Last time we saw each other", "Books can be so captivating"
    # (or done to the speaker's by "they": "they've officially moved book club to wednesdays")
    return (
        _ABOUT_SOMEONE_EN.search(body) is not None
        or _named(body)
        or _ended_thing(body)
        or done_to_mine(body)
        or _DOING_CHANGED.match(body) is not None  # "freelancing has gone full-time": the speaker's doing
    )


# Moved to a provider by others, or moving oneself ("work moved everybody over to aetna")
_MOVED_TO_ONE = re.compile(
    r"\b(?:moved|migrated|switched|ported|put)\b[^.;]*?\b(?:over\s+)?(?:to|onto)\b", re.IGNORECASE
)
# The words one habit goes by, by the word that names it held: "a cigarette" gone without ends "I
# smoke half a pack a day"; "a drink" gone without ends wine or beer held, never coffee.
HABIT_WORDS: dict[str, frozenset[str]] = {
    "smoke": frozenset(
        [
            "cigarette",
            "cigarettes",
            "cig",
            "cigs",
            "smoke",
            "smoking",
            "smokes",
            "pack",
            "vape",
            "vapes",
            "vaping",
            "nicotine",
        ]
    ),
    "drink": frozenset(["drink", "drinks", "alcohol", "booze", "beer", "beers", "wine", "wines"]),
    "coffee": frozenset(["coffee", "coffees", "caffeine", "espresso", "latte", "lattes"]),
    "sugar": frozenset(["sugar", "sweets", "soda", "sodas"]),
    "gambling": frozenset(["gambling", "bet", "betting"]),
}
# What a belief must name for a habit gone without to end it (not "drinks" of "drinks 3 coffees")
HABIT_HELD: dict[str, frozenset[str]] = {
    "smoke": HABIT_WORDS["smoke"],
    "drink": frozenset(["alcohol", "booze", "beer", "beers", "wine", "wines", "drinking", "whisky", "vodka", "gin"]),
    "coffee": HABIT_WORDS["coffee"],
    "sugar": HABIT_WORDS["sugar"],
    "gambling": HABIT_WORDS["gambling"] | frozenset(["gambles", "gamble"]),
}
# A habit gone without for a time ("30 days without a cigarette", "3 weeks since my last drink",
# "two months off caffeine"): the habit has ended, the time says for how long.
WENT_WITHOUT = re.compile(
    r"(?:^|\b(?:it's been|it has been|been|i'm|i am|now)\s+)(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of)\s+"
    r"(?:days?|weeks?|months?|years?)\s+(?:now\s+)?(?:(?:without|free of|clean of|off|since (?:my|our|the user's) last)\s+"
    r"(?:a\s+|any\s+|the\s+)?(?P<thing>"
    + "|".join(sorted({w for words in HABIT_WORDS.values() for w in words}, key=len, reverse=True))
    + r")\b"
    # "3 months smoke free today", "a year sugar-free": the habit said before "free"
    + r"|(?P<free>"
    + "|".join(sorted({w for words in HABIT_WORDS.values() for w in words}, key=len, reverse=True))
    # (said as news of now: a word for now or a cheer after it, not a clause cut before "but I slipped")
    + r")[\s-]free\b(?=\s*(?:(?:today|now|and counting|already|officially|on \d{1,2} [A-Z][a-z]+ \d{4})\s*[!.🎉🙌💪]*"
    + r"|[!🎉🙌💪]+)\s*$))",
    re.IGNORECASE,
)


# A death said of "he" or "she", the person spoken of last ("sadly he passed away last night").
# One of the speaker's people, by pronoun, leaving the work by which they served the speaker
# ("she retired in the summer", "he went on paternity leave"): who, the beliefs say
# (``departures``).
LEFT_PRONOUN_EN = re.compile(
    r"^(?:(?:so|sadly|unfortunately|well|turns out)[,\s]+)?(?:he|she)\s+(?:(?:just|finally|officially|has|had|recently)\s+)*"
    r"(?:retired|quit|resigned|left (?:the|her|his) (?:practice|company|job|firm|school|clinic|team|hospital|surgery)|"
    r"went on (?:maternity|paternity|medical|sick|long-term|parental) leave|moved away|"
    r"(?:got|was|been) (?:laid off|fired|let go|made redundant)|hung up (?:his|her) [a-z]+)\b",
    re.IGNORECASE,
)
_DIED_PRONOUN = re.compile(
    r"^(?:(?:sadly|unfortunately|so)[,\s]+)?(?:he|she)\s+(?:(?:sadly|just|finally|peacefully)\s+)?(?:passed away|died)\b"
    # (not a death said for effect: "she died laughing", "he died in the lava again lol")
    r"(?!\s+(?:laughing|of laughter|of embarrassment|inside|a little|in the (?:game|lava|level)))(?!.*\b(?:lol|lmao|haha)\b)",
    re.IGNORECASE,
)


# The speaker's ending of a named thing, their "I" dropped ("unsubscribed from netflix", "paid off
# the car loan"): the verb first, then the thing.
_ENDED_FIRST = re.compile(
    r"^(?:(?:i|we)\s+)?(?:(?:finally|just|already|officially|eventually)\s+)?"
    + ENDING_VERB
    + r"\s+(?!by\b|at\b|in\b|off\b|over\b)(?:the|my|our|from|\w)",
    re.IGNORECASE,
)


def ended_first(clause: str) -> bool:
    """Whether a clause is the speaker's ending of a named thing said with "I" dropped
    ("unsubscribed from netflix", "shut down the etsy shop")."""
    text = clause.strip()
    return _ENDED_FIRST.match(text) is not None and re.match(r"(?:i|we)\b", text, re.IGNORECASE) is None


# The speaker's ending of a thing said as a pronoun, first in the clause ("I cancelled it",
# "finally sold them"): not "they cancelled it on me", not "you should cancel it".
_ENDED_IT_SAID = re.compile(
    # (or one of theirs, by a pronoun or by who they are: "he's outgrown it", "my son packed it in")
    r"^(?:(?:i|we|he|she|my\s+[\w-]+|our\s+[\w-]+)\s+)?(?:(?:has|have|'s)\s+)?"
    r"(?:(?:finally|just|already|actually|officially|eventually)\s+)?"
    + ENDING_VERB
    + r"\s+(?:it|them)\b(?!\s+(?:to|for|with)\b)"
    # ... or one who worked for the speaker let go ("had to let her go, money's tight")
    r"|^(?:(?:i|we)\s+)?(?:(?:had|have)\s+to\s+|finally\s+|just\s+)?let\s+(?:her|him|them)\s+go\b"
    # ... or the thing ended itself, said of it ("it died lol, tossed it", "it got totaled")
    r"|^" + IT_ENDED,
    re.IGNORECASE,
)


# An amount said to have moved, alone ("Down to 32 hours a week now", "Up to twice a week"):
# the speaker's, of what they said before; reconcile finds the belief it updates by the
# amount's kind and unit, or keeps it as said.
# "No longer a member at Planet Fitness", "Not at Acme anymore": an ending said without its
# subject, which is the speaker's.
_NO_LONGER_ALONE = re.compile(
    r"(?:no longer\s+(?:a|an|at|with|in|on)\s+\w+|(?:don't|do not|haven't)\s+(?:have|go|take|use|own)\s+\w+[^.?!]*"
    r"\b(?:anymore|any more))[^.?!]*",
    re.IGNORECASE,
)
# "Karen retired", "Grandpa died": a person named and what happened to their life, in two words.
_LIFE_EVENT = re.compile(
    r"(?:(?!(?:That|This|It|He|She|They|Everything|Nothing|Something|Someone|Time|Life)\b)[A-Z][a-z]+|"
    r"(?:my|our)\s+[a-z]+)\s+(?:retired|died|resigned|graduated|remarried|quit|left|moved out)"
    # the speaker's ending said with its verb alone ("unsubscribed", "I quit!!"): of what was said last
    r"|(?i:(?:i|we)\s+(?:(?:just|finally|already|officially)\s+)?(?:quit|unsubscribed|cancell?ed))"
)
# A thing of the speaker's that reached a sum, its "my" dropped ("emergency fund hit 12k",
# "savings are up to $9,400 now"): theirs, moved.
_THING_AT_SUM = re.compile(
    r"^(?!(?:i|we|you|he|she|it|they|this|that|there|the|a|an|temperature|temp|weather|traffic|inflation|stocks?|"
    r"bitcoin|btc|gas|petrol)\b)(?:[a-z][\w'-]*\s+){1,3}?"
    r"(?:hit|reached|crossed|passed|(?:is|are|'s)\s+(?:now\s+)?(?:at|up to|down to)|went up to|dropped to|fell to|"
    r"jumped to|climbed to)\s+(?:about\s+|around\s+|over\s+|just over\s+|almost\s+)?"
    r"(?:[$€£¥]\d|\d[\d,.]*k\b|\d{1,3}(?:,\d{3})+|\d{3,})",
    re.IGNORECASE,
)
_DAY_OF_OURS = re.compile(
    r"^(?:the\s+|our\s+)?(?!(?:first|last|next|this|that|which|what|every|each|one|same|other|big|whole|special)\b)"
    r"[a-z]+\s+days?(?:\s+(?:round here|here|for us|at ours|this term))?\s+(?:is|are|'s)\s+(?:on\s+)?(?:a\s+)?"
    r"(?:" + DAY_NAMES + r")s?\b",
    re.IGNORECASE,
)
_KEPT_THERE = re.compile(
    r"^the\s+(?:[\w-]+\s+){0,2}?[\w-]+\s+(?:lives|live|sleeps|sleep|is kept|are kept|gets kept|hangs|hang)\s+"
    r"(?:in|on|under|behind|by|at|next to|inside|outside|upstairs|downstairs)\b",
    re.IGNORECASE,
)
# Where a thing spoken of is kept now, said of it by a pronoun or its name ("it's in a key safe on
# the side wall now", "she's on our bed these days", "this year they're all in the raised beds",
# "the car lives on the drive now")
PLACED_NOW = re.compile(
    r"^(?:(?:so|and|but|now|this year|these days|nowadays)[,\s]+)*"
    r"(?P<it>it|they|she|he|the\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?)(?:'s|'re|\s+is|\s+are)?\s+(?:all\s+)?"
    r"(?:(?:lives?|sleeps?|goes|go|stays?|sits?|kept|gets? kept)\s+)?(?:all\s+)?"
    r"(?P<prep>in|on|under|at|behind|by|round|outside|inside|next to)\s+(?:the|a|an|our|my|their)\s+(?P<place>[^,;.!]+?)"
    r"(?=\s*(?:now|these days|nowadays|this year|from now on)?\s*(?:[,;.!]|$))",
    re.IGNORECASE,
)
# A sum said alone from when it holds ("Got promoted!! £46k from April", "£1,240 from January"):
# the new sum of the thing spoken of last
_SUM_FROM = re.compile(
    r"^(?!.*\b(?:would|could|might|if|hopefully|maybe)\b)(?:(?:and|so|now)\s+)?(?:[$€£¥]\d[\d,.]*k?|\d[\d,.]*k)\b"
    r"(?:\s+(?:a|per)\s+(?:year|month|week|yr|mo))?\s+"
    r"(?:from|since|starting|as of)\s+(?:the\s+)?(?:" + MONTHS + r"|next|this|now)\b",
    re.IGNORECASE,
)
# The new one of a thing of the speaker's and its sum or rate ("the new 5-year deal is 4.79%",
# "new rate's 3.9%"): the speaker's, said with their thing left unnamed
_NEW_ONE_AT = re.compile(
    r"(?:^|\b(?:and|so|but)\s+|,\s*)(?:the\s+)?new\s+(?:[\w-]+\s+){0,3}?[\w-]+(?:\s+is|'s)\s+(?:now\s+)?(?:at\s+|only\s+|just\s+)?"
    r"(?:[$€£¥]\d|\d[\d,.]*\s?(?:%|k\b))",
    re.IGNORECASE,
)
# The new one of a thing spoken of, said by a value of a form of its own ("new one's LS17 8QT",
# "the new number is 07700 900123"): what the thing is now
_NEW_ONE_FORMED = re.compile(
    r"^(?:(?:so|and|ok|okay)\W+)?(?:the\s+|my\s+|our\s+)?new\s+(?:[\w-]+\s+)?(?:one|number|postcode|zip|address|email|"
    r"e-mail|mobile|landline)(?:'s|\s+is)\s+(?=\S*\d|\S+@)",
    re.IGNORECASE,
)
_AMOUNT_MOVED = re.compile(
    r"(?:(?:now|so|and|but)\s+)?(?:down|up|back)\s+to\s+(?:about\s+|around\s+|just\s+|only\s+)?"
    r"(?:[$€£¥]?\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|once|twice|half)\b)"
    # a step reached, said with the speaker dropped ("on to level 2 now", "onto week 5")
    r"|(?:(?:now|so|and)\s+)?on\s?to\s+(?:level|year|grade|book|week|stage|module|unit|round|belt|chapter|phase)\s+\d",
    re.IGNORECASE,
)


# A clause that is only a time-point subordinate ("last time we saw each other"):
# what it refers to is in the clause it was cut from.
# "lately it's more like 1am", "it's 17.99 now": an amount or a time said of "it" with the
# change that brought it; reconcile finds the one belief holding a value of that shape.
# A year of school or study reached, said now of the one spoken of or with "I" dropped ("she's
# officially a year 5 now", "officially a third year now", "he's in grade 8 now")
_STAGE_NOW = re.compile(
    r"(?:(?:so|ok|okay|and|but|yeah|honestly|well)[,\s]+)*"
    r"(?:(?:she|he|they|we|i)(?:'s|'re|'m|\s+is|\s+are|\s+am)\s+)?(?:(?:officially|now|finally|already)\s+)*"
    r"(?:a\s+|in\s+)?(?:(?:year|grade|yr)\s*\d{1,2}|(?:first|second|third|fourth|final|1st|2nd|3rd|4th)[- ]year"
    r"|(?:a\s+)?(?:senior|junior|sophomore|fresher|freshman))\b",
    re.IGNORECASE,
)
# How a thing or the day is, never what a thing is: "it's busy these days", "it's freezing now"
HOW_IT_IS = (
    r"(?:good|fine|great|ok|okay|busy|quiet|hard|tough|easy|crazy|mad|hectic|cold|hot|warm|freezing|raining|snowing|"
    r"different|better|worse|expensive|cheap|pricey|fun|boring|nice|lovely|awful|terrible|rough|slow|fast|late|early|"
    r"over|done|gone|dead|closed|open|full|empty|fixed|broken|sorted|normal|weird|bad|worth|wild|chaos|mental|brutal|"
    r"grim|dire|rubbish|shit|crap|insane|nuts|bonkers|manic|calm|peaceful|lonely|same|all|not|just|only|more|less|too|"
    r"so|very|really|pretty|quite|way|much|the|a|an|my|our|his|her|their|back|still|now|here|there|time)\b"
    r"|(?:quieter|busier|harder|easier|cheaper|dearer|bigger|smaller|longer|shorter|later|earlier|colder|hotter|warmer)\b"
    r"|[a-z]+(?:ing|ed|y|ful|ous|ive|ic|al|ble|ish|less)\b"
)
_VALUE_NOW = re.compile(
    r"(?:(?:honestly|lately|now|these days|nowadays|so|and|but|ok|okay|ugh|yeah)[,\s]+)*"
    r"(?:it's|it is|that's|that is)\s+(?:(?:now|more like|closer to|about|around|actually)\s+)*"
    # a value with its form ("1am", "17.99", "$1,600", "35k"), not a bare count ("It's 4 now": of what?);
    # a time said with "at" ("it's at 10 now")
    r"(?:at\s+\d{1,2}\b|[$€£¥]\d|\d+[.,:]\d|\d+\s?(?:am|pm|k|%|kg|km|mg|ml|lbs?|mph|cm|mi|hrs?|mins?|gb|tb|minutes?|hours?|miles?|"
    r"kilos?|pounds?|dollars|euros|bucks|days a week|hours a week)\b"
    # how many days of the week, in words ("it's three days a week now")
    r"|(?:one|two|three|four|five|six|seven)\s+days\s+a\s+week\b"
    # a count of people, or the number a thing goes by ("it's 70 people since the flood", "it's the 52 for me now")
    r"|\d[\d,]*\s+(?:people|members|families|households|kids|children|pupils|students|staff|volunteers|residents)\b"
    r"|the\s+\d{1,3}[a-z]?\s+(?:for\s+(?:me|us)\s+)?(?:now|these days|nowadays)\b"
    # what it all is now ("lately it's all rooibos for me"), not how it all is ("it's all good now")
    r"|(?:all|mostly)\s+(?!(?:good|fine|great|ok|okay|over|done|set|sorted|gone|right|well|quiet|calm|busy|new|"
    r"fun|cool|same|better|worse|downhill|uphill|go|about|the same|that|this|just)\b)[a-z][\w'-]{2,}\b"
    # a bare number of three digits or more, no year ("it's 1790 starting february": a sum, a count)
    r"|(?!(?:19|20)\d\d\b)\d{3,6}\b(?!\s+(?!(?:now|starting|from|as|since|a|per|each|every|in|on|this|next|after|until|"
    r"with|and|but|so|which|plus)\b)[a-z])"
    # a day of the week it is on, every week ("it's on fridays at 11 now"; not "it's Friday now")
    r"|(?:on\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)days\b"
    # ... or two days or more, written short or whole ("it's mon/wed/fri evenings now")
    r"|(?:on\s+)?" + DAY_OF_WEEK + r"(?:\s*(?:/|,|&|\+|and)\s*" + DAY_OF_WEEK + r")+"
    # a day with its number, the day of a thing set ("re-dated us at the scan, it's 17 March now")
    r"|(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:"
    + MONTHS
    + r")\b|(?:"
    + MONTHS
    + r")\s+\d{1,2}(?:st|nd|rd|th)?\b"
    # one word of what it is these days ("lol it's darts these days"), not how it is ("it's busy these days")
    r"|(?!" + HOW_IT_IS + r")[a-z][a-z'-]{2,}(?=\s+(?:these days|nowadays)\b)"
    # or a name ("these days it's Big Thief"), not a day or a month ("it's Friday now")
    r"|(?!(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|" + MONTHS + r")\b)(?-i:[A-Z])[\w'&.-]+)",
    re.IGNORECASE,
)
# The thing spoken of last moved by someone ("it got moved to 6am", "they were pushed back to May")
_IT_MOVED = re.compile(
    r"^(?:it|they)(?:\s+(?:got|was|were|has been|have been|just got)|'s been|'ve been|s been)\s+"
    r"(?:moved|pushed|rescheduled|bumped|changed|shifted|postponed|brought|extended|renewed)"
    r"\s+(?:back\s+|up\s+|forward\s+)?(?:to|till|until)\s+\S"
    # ... or how long it lasts now ("it runs to 30 September now": a visa, a contract extended)
    r"|^(?:it|they)\s+(?:now\s+)?(?:runs?|lasts?|goes|go|is\s+valid|are\s+valid)\s+(?:to|until|till|through)\s+(?:the\s+)?"
    r"(?:\d|(?:" + MONTHS + r")\s+\d)(?=[^.;!?]*\bnow\b)"
    # ... or moving to another day ("it's moving to the last sunday of the month")
    r"|^(?:it|they|(?:the\s+|my\s+|our\s+)?[a-z]{3,})(?:'s|'re|\s+is|\s+are)\s+(?:moving|switching|changing)\s+to\s+(?:the\s+)?"
    r"(?:(?:first|second|third|fourth|last)\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b"
    # a sum of theirs moving ("it goes up to 1,240 from january", "it's going down to $40")
    r"|^(?:(?:after|with|since|following)\s+(?:the|my|a|his|her)\s+(?:[\w-]+\s+){0,2}?[\w-]+\s+)?(?:it|they)(?:'s|'re|'ve|\s+is|\s+are|\s+will|\s+have|\s+has)?\s+(?:goes|going|go|went|gone|come|comes|coming|came)"
    r"\s+(?:(?:up|down)\s+to|out\s+at)\s+(?:about\s+|around\s+|just\s+)?[$€£¥]?\d"
    # ... or put up or down by whoever sets it ("E.ON reviewed the account and dropped it to £118",
    # "put it up to 8%"): the sum of the thing spoken of last, as it is now
    # ("landlord's putting it up to £1,020 from April", "they voted to raise them to $215")
    r"|^(?:[\w.'&-]+\s+){0,3}?(?:[^,;]*?\band\s+)?(?:(?:voted|decided|going|planning)\s+to\s+)?"
    r"(?:put|putting|bumped|bumping|pushed|pushing|dropped|dropping|knocked|knocking|brought|bringing|cut|cutting|reduced|"
    r"reducing|lowered|lowering|raised|raising|raise|increased|increasing|upped|upping|hiked|hiking|topped|voted)"
    r"\s+(?:it|them|mine|ours)\s+(?:(?:up|down|back)\s+)?to\s+"
    r"(?:about\s+|around\s+|just\s+|the\s+full\s+)?(?:[$€£¥]\d|\d[\d,.]*\s?(?:%|k\b))"
    # someone moved the thing spoken of last ("they emailed me and pushed it to march 19")
    r"|^(?:they|she|he|(?:the|my|our)\s+\w+)\s+(?:[^,;]*?\band\s+)?(?:pushed|moved|bumped|rescheduled|shifted|"
    r"postponed|delayed)\s+(?:it|them)\s+(?:back\s+|up\s+|forward\s+|out\s+)?(?:to|until|till)\s+\S",
    re.IGNORECASE,
)
# "book club fell apart lol", "gym membership lapsed": a thing of theirs ended, its article
# dropped as chat drops it; a noun, not an imperative ("book a table"), since a past ending follows.
_BARE_THING_ENDED = re.compile(
    r"^(?!(?:i|we|you|he|she|it|they|that|this|there|everything|nothing)\b)(?:[a-z][\w'-]*\s+){1,3}?" + ENDED_ITSELF,
    re.IGNORECASE,
)
_MANY_OF_US_EN = re.compile(
    r"^(?:so\s+|and\s+|now\s+)?there(?:'s|s| is| are|'re)\s+(?:now\s+|only\s+|just\s+)?(?:\d+|two|three|four|five|six|seven|"
    r"eight|nine|ten|eleven|twelve)\s+of\s+us\b(?!\s+(?:going|coming|who|that|tonight|today|tomorrow|this))",
    re.IGNORECASE,
)
# A quantity said alone with its unit, as it is now ("it's 14 units now", "60 lengths now!", "its 88mcg
# from now on"), or as whoever sets it set it ("they've put her on 3mg a day"): reconcile finds the
# one belief holding a number of that unit, else it is kept as said
_QUANTITY_NOW = re.compile(
    r"^(?:(?:so|and|but|ok|okay|yeah|well)[,\s]+)?(?:(?:it's|its|it is|that's)\s+)?(?:[$€£¥]\d[\d.,]*k?|\d[\d.,]*(?:\s?[a-z]{1,10}|(?=\s+(?:a|an|per)\s)))"
    r"(?:\s+(?:a|an|per|each|every)\s+(?:day|week|month|night|walk|session|lesson|class|visit|hour|go))?\s+"
    r"(?:now|from now on|these days|going forward)\b"
    r"[\s!.]*(?:(?:smh|tbh|lol|haha|apparently|already|though)\b[\s!.]*)?(?:[,;]\s*[^,;]{1,40}|[^,;.!?]{1,40})?$"
    r"|^(?:they|the\s+[a-z]+|[A-Z][a-z]+|dr\.?\s+[A-Z][a-z]+)(?:'ve|\s+have|\s+has|'s)?\s+(?:put|started|moved|switched|upped)\s+"
    r"(?:me|her|him|us|them)\s+(?:on|onto)\s+\d",
    re.IGNORECASE,
)
# The days one of the speaker's people can come now ("Agnieszka can only do Mondays from now on")
_ONLY_DAYS_NOW = re.compile(
    r"^(?:(?-i:[A-Z])[a-z]+|she|he|they)\s+can\s+only\s+(?:do|come|make|manage|work)\s+(?:on\s+)?"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b(?=.*\b(?:now|from now on|these days|going forward)\b)",
    re.IGNORECASE,
)
# The days a thing of the speaker's is on now, said of it or of whoever does it by a pronoun ("she
# does thursdays now", "we're on Wednesdays now", "so it's Friday mornings for me now"): days in
# the plural or with a part of the day, a standing slot, not today ("it's Friday now");
# ``reconcile`` moves the days of the belief said last that holds one
DAYS_NOW = re.compile(
    r"(?:^|,\s*|\bso\s+)(?:(?:and|but|ok|okay|yeah|now)[,\s]+)*"
    # the thing or the speaker's lot on it ("we're on Wednesdays now"), or one who comes to do it
    # ("she does thursdays now"); not a doing of the speaker's own ("I work Saturdays now": another)
    r"(?:(?:it|we|they|the user)(?:'s|'re|\s+is|\s+are)\s+(?:now\s+)?(?:on\s+)?"
    r"|(?:she|he|they)(?:'s|'re|\s+is|\s+are)?\s+(?:now\s+)?(?:on|doing|does|do|comes?|coming|works?|working)\s+(?:on\s+)?)"
    r"(?P<v>(?:mon|tues|wednes|thurs|fri|satur|sun)days\b|(?:"
    + DAY_NAMES
    + r")\s+(?:mornings|evenings|afternoons|nights)\b)"
    r"(?:\s+(?:for me|for us|for the user|instead))?\s+(?:now|these days|nowadays|from now on|going forward)\b",
    re.IGNORECASE,
)
# A habit of one spoken of by a pronoun, with its time or amount as it is now ("she naps at 12:30
# these days", "he eats at 6 now", "they go to bed at 7 now"): a pronoun alone names no one, but
# with a word of now the clause says what changed of the one spoken of last
_THEIR_HABIT_NOW = re.compile(
    r"^(?:(?:she|he)\s+(?:now\s+)?[a-z]{2,}s|they\s+(?:now\s+)?[a-z]{2,})\s+(?:(?:to\s+bed|up|in|out|down)\s+)?"
    r"(?:at|till|until|on|every|around|about|for)\s+[^,.;!?]*\d[^,.;!?]*?\b(?:now|these days|nowadays|from now on)\b",
    re.IGNORECASE,
)
# How often a thing of the speaker's is done now, by its name ("Pilates is three times a week these
# days", "the cleaner's every other week now")
_OFTEN_NOW = re.compile(
    r"^(?:the\s+|my\s+|our\s+)?(?!(?:it|that|this|there|life|work|everything)\b)[a-z][\w-]*(?:\s+[a-z][\w-]*)?"
    r"(?:'s|\s+is|\s+are)\s+(?:now\s+)?(?:once|twice|three times|four times|five times|\d+\s?(?:times|x)|every)\b"
    r"[^.;!?]*\b(?:now|these days|nowadays|from now on)\b",
    re.IGNORECASE,
)
# A sum paid for the home or a thing of it, "the" as chat says "our" ("Rent on the flat in Cardiff is
# £875 pcm", "the mortgage on the house is $1,900"); not a price in general ("rent in London is £2k")
_SUM_OF_THE_HOME = re.compile(
    r"^(?:the\s+)?(?:rent|mortgage|service charge|ground rent|council tax|insurance|bills?)\s+(?:on|for)\s+(?:the|our|my)\s+"
    r"(?:flat|house|home|place|apartment|condo|cottage|room|unit|car|van|bike)\b[^,;.]{0,30}?\s+(?:is|are|'s)\s+"
    r"(?:now\s+|about\s+|around\s+|roughly\s+)?[$€£¥]\d",
    re.IGNORECASE,
)
_HOLDS_TILL = re.compile(
    r"^(?:(?:the\s+)?new\s+one|it|they|(?:the\s+|my\s+|our\s+)?[a-z]+)(?:'s|\s+is|\s+are)\s+(?:now\s+)?(?:good|valid)\s+"
    r"(?:till|until|til|through|to)\s+(?:the\s+end\s+of\s+)?(?:[a-z]+\s+)?(?:19|20)\d\d\b",
    re.IGNORECASE,
)
# When the thing spoken of last starts or ends now ("it starts at 2pm instead", "they open at 8 now")
_IT_STARTS_NOW = re.compile(
    r"^(?:it|they|(?:my|our|the)\s+[\w' -]{1,30}?)\s+(?:now\s+)?(?:starts?|begins?|finish(?:es)?|ends?|opens?|closes?)\s+at\s+\d{1,2}(?:[:.]\d\d)?\s?(?:am|pm)?\b"
    r"(?=[^.;]*\b(?:now|instead|these days|from now on)\b)",
    re.IGNORECASE,
)
# A name said alone as the one from now on ("Aer Lingus from now on, I'm done with the hidden fees")
_NAME_FROM_NOW = re.compile(
    r"^(?!(?:I|It|That|This|We|You|He|She|They|Me|My|Our|The|Today|Tonight|Tomorrow|Monday|Tuesday|Wednesday|"
    r"Thursday|Friday|Saturday|Sunday)\b)(?-i:[A-Z])[\w-]+(?:\s+(?-i:[A-Z])[\w-]+)?\s+(?:from now on|going forward)\b",
    re.IGNORECASE,
)
# When a thing of the speaker's, named by one word, is done now: a part of the day or a clock time
# ("gym's at lunch now", "dinner's at 7:15 these days"); ``generic_decision`` moves what names it
PART_OF_DAY_NOW = re.compile(
    r"^(?:the\s+|my\s+|our\s+)?(?P<thing>[a-z]{3,})(?:'s|\s+is)\s+(?:now\s+)?(?:at|in the|on)\s+"
    r"(?P<part>lunch(?:times?)?|mornings?|evenings?|afternoons?|nights?|weekends|"
    r"\d{1,2}(?:[:.]\d\d)?\s?(?:am|pm)?)(?![\d:.])(?=[^.;]*\b(?:now|these days|nowadays)\b)",
    re.IGNORECASE,
)
_NOW_SAID = re.compile(
    r"\b(?:now|lately|these days|nowadays|more like|anymore|any more|as of|starting|from now on|going forward|effective"
    # a value held since a time said ("it's £81.90 since the April uprating", "since March")
    r"|since\s+(?:the\s+|last\s+)?(?:" + MONTHS + r")\b"
    # ... or since the change that set it ("it's $9.99 since the price hike in October")
    r"|since\s+(?:the|my|our|their|a)\s+(?:[\w-]+\s+){0,2}?(?:hikes?|rises?|increases?|changes?|reviews?|uprating|"
    r"renewal|update|upgrade|switch|move|cuts?|reductions?|drop|reshuffle|restructure|flood|fire|merger|takeover|"
    r"refurb|refurbishment|renovation|rebrand|lockdown|pandemic|election|storm|closure)\b"
    # ... or since an event named last in its clause ("it's 55 members since the open day")
    r"|since\s+(?:the|my|our)\s+[\w-]+(?:\s+[\w-]+)?\s*(?=[,.;!?]|$))",
    re.IGNORECASE,
)
_TIME_POINT = re.compile(r"^(?:the )?(?:last|next|first) time\b(?!.*,)", re.IGNORECASE)
# An evaluation with an intensifier about something that is not the speaker, their
# own things or a named person: "Family moments like that are so special", "Books can be so captivating".
_EVALUATIVE = re.compile(
    r"^(?!.*(?:\d|\b(?:me|my|mine|I)\b))(?!(?:i|i'm|we|we're|my|our)\b)(?!(?-i:[A-Z][a-z]+)\s+(?:is|was|has)\b)(?:\S+\s+){0,6}?"
    r"(?:is|are|was|were|can be|could be|be)\s+(?:so|such|too|truly|incredibly)\s+\w+",
    re.IGNORECASE,
)


# Before a pronoun these make it part of a phrase ("two of them"), not the verb's only object.
_NOT_A_VERB = frozenset(["of", "with", "for", "to", "about", "at", "in", "on", "from", "like", "all", "both", "two"])
# A value a conditional habit may carry: a number or a name ("If it's sunny we sail on Lake Geneva").
_CONCRETE = re.compile(r"\d|\s(?-i:[A-Z])\w")  # a capital followed by a letter: a name, not "I"
# An intensified feeling of the moment; with a number or a name it says what happened.
_FEELING = re.compile(
    r"\b(?:i|we)(?: (?:was|were|am|are|feel|felt)|'m|'re) (?:so|really|super|very|truly|incredibly|definitely) (?:lucky|blessed|"
    r"excited|happy|thrilled|stoked|pumped|grateful|thankful|touched|moved|elated|relieved)\b",
    re.IGNORECASE,
)
# A mood with no object but a pronoun, or none: "I'm excited and kinda nervous", "I'm having fun".
_MOOD = re.compile(
    r"\b(?:i|we)(?:'m| am| was| were| are|'re)? (?:\w+ )?(?:feeling |getting )?(?:excited|nervous|hopeful|optimistic|"
    r"anxious|happy|sad|stressed|tired|exhausted|overwhelmed|hyped|disappointed|relieved|gutted|heartbroken)(?: and (?:\w+ )?\w+)?"
    r"(?: (?:about|for|with) (?:it|this|that|them))?(?: too)?[.!]*$|having (?:so much |a lot of )?fun[.!]*$|"
    r"^been \w+ (?:for me )?lately|(?:will|'ll|gonna|going to) (?:\w+ )?have (?:a blast|fun|a great time)|"
    r"(?:wanna|want to|going to|gonna) keep \w+ing|"
    # how one feels or felt, a good time had, a mood about one's week: of the moment, with nothing concrete
    r"^(?:i|we)\s+(?:\w+ly\s+|just\s+|also\s+)?(?:feel|felt|feels)\b|"
    # worn out or hungry today, with a sigh after ("i'm so tired today, mondays man"): the day's, no fact
    r"^(?:\w+[,!]?\s+)?(?:i|we)(?:'m| am|'re| are)\s+(?:so+ |really |super |very |kinda |pretty |totally |absolutely )?"
    r"(?:tired|exhausted|sleepy|hungry|starving|bored|stressed|cranky|grumpy|sore|hungover|wiped|knackered|drained)\s+"
    r"(?:today|tonight|rn|right now|this morning|this afternoon|atm)\b(?:[,.!]\s*[\w' ]{0,30})?[.!]*$|"
    # a stretch of being busy or worn out, said as the whole clause ("I've been so busy lately")
    r"^(?:i|we)(?:'ve| have)\s+been\s+(?:so |really |super |pretty |kinda |crazy |insanely )?(?:busy|swamped|slammed|"
    r"exhausted|stressed|tired|run down|overwhelmed)(?:\s+(?:lately|recently|these days|this week|this month))?[.!]*$|\b(?:feel|felt|feeling)\s+(?:it|this|that)[.!]*$|"
    r"\bhad (?:a|such a|the) (?:\w+ )?(?:great|good|amazing|awesome|wonderful|fantastic|lovely|fun|blast|best)\b.{0,12}$|"
    r"\b(?:i|we)(?:'m| am| was| were| are|'re)\s+(?:so |really |very |super |truly |just )?(?:proud|happy|excited|"
    r"thrilled|glad|stoked|pumped|grateful|thankful|lucky|blessed)\s+(?:to|with|of|about|for|that)\b|"
    r"^(?:my |our )?(?:week|day|life|month|year|weekend|things)(?:'s|\s+has|\s+is|\s+was)\s+(?:been\s+)?(?:a bit |so |really |pretty |kinda |super )?"
    r"(?:busy|rough|crazy|hectic|tough|hard|great|good|wild|insane|nuts|quiet|slow|amazing)\b|"
    # resolve: not quitting, not forgetting, staying upbeat
    r"\b(?:won't|will never|never|not gonna|not going to)\s+(?:\w+\s+)?(?:quit|forget|stop|give up|let go)\b|"
    r"\btrying to stay (?:upbeat|positive|motivated|focused|strong|optimistic|calm)|"
    # staying upbeat, coping, doing fine, a good stretch: of the moment, said as the whole clause
    r"\b(?:stay|staying|stays) (?:positive|strong|upbeat|motivated|focused)(?: and pushing (?:forward|on|through))?[.!]*$|"
    r"\bcan handle (?:anything|it all|whatever)[.!]*$|\b(?:has|have|'ve) been doing (?:great|well|good|fine|ok|okay|alright)"
    r"[.!]*$|\b(?:completely |totally |pretty |so )?content(?: already)?[.!]*$|\bgood vibes\b|"
    r"\bgive (?:something|a little something) back\b",
    re.IGNORECASE,
)
# A maxim: a general subject (a bare plural, "little acts of kindness", "moments like
# these") with a verb of general effect ("can really help", "have a way of", "can make a
# big impact", "remind us how much ..."): wisdom shared, no one's fact.
_MAXIM = re.compile(
    r"^(?!(?:my|our|his|her|their|the|your|its|i|we|they|he|she|you)\b)(?:[a-z]+\s+)?[a-z]+s"
    r"(?:\s+(?:of|like|and)\s+[a-z\s']{1,30}?)?\s+(?:really\s+|truly\s+|often\s+|always\s+|definitely\s+)?"
    r"(?:(?:can|could)\s+(?:really\s+|truly\s+|definitely\s+|also\s+)?(?:help (?:in|with|you|us|people|someone)|"
    r"make an? (?:big |real |huge |positive )?(?:difference|impact)|have an? (?:big |real |huge |lasting )?(?:effect|impact)|"
    r"bring (?:us|people|joy)|brighten|(?:change|transform|improve|save) (?:lives|someone|your|our|people|the world)|touch|lift (?:someone|your|our|the)|"
    r"go a long way)|have a way of|has a way of|remind (?:us|me|you|people)|make an? (?:big |real |huge )?"
    r"(?:difference|impact))\b",
    re.IGNORECASE,
)
# "..., and Nate.": a clause cut off after its conjunction; "Speaking of X, Y": a topic turn.
_CUT_OFF = re.compile(
    r"^(?!.*\b(?:I|me|my|we|us|our)\b).*,\s+(?:and|but|or|so)\s+(?-i:[A-Z])\w*[.!]*$|^speaking of\b"
    # "The game was great, and me": cut inside a coordinated subject ("me and my team had ...")
    r"|,\s+(?:and|but|or|so)\s+(?:me|I|(?:my|our)\s+[\w-]+)[.!]*$",
    re.IGNORECASE,
)
# "us" with no first person singular: people in general ("Pets bring so much joy to
# us"), unless something happened (a past verb: "Grandma took us to Oslo").
# (not one of the speaker's home: "Carol lives with us now", "my nephew is staying with us")
_GENERIC_US = re.compile(
    r"^(?!.*\b(?:I|me|my|mine|I'm|I've)\b)(?!(?:we|we're|our)\b)"
    r"(?!.*\b(?:lives?|living|moved in|moving in|stays?|staying)\s+with\s+us\b).*\b(?:us|ourselves)\b",
    re.IGNORECASE,
)
_HEDGE_FIRST = frozenset(
    ["sometimes", "often", "usually", "honestly", "personally", "generally", "normally", "truly", "maybe", "probably"]
)
# "us" as the object of a verb of general effect, with a subject that is not the
# speaker: people in general ("Dance has the power to bring us together", "reminds us").
# An opinion about people in general ("honestly I think remote work is better for most people"):
# a view of the world, not a fact about anyone.
_VIEW_OF_PEOPLE = re.compile(
    r"^(?:(?:honestly|personally|tbh|imo|so|but|and|well)[,\s]+)*(?:i|we)\s+(?:\w+ly\s+)?(?:think|believe|feel like|reckon|guess)"
    r"\s+(?:that\s+)?(?!(?:i|we|my|our|me)\b)"
    r"(?!.*\b(?:my|our|me|us)\b)(?:.*\b(?:most people|everyone|everybody|people|anyone|nobody|no one)\b"
    # ... or of what the world should allow ("I think e-scooters should be banned on pavements")
    r"|.*\b(?:should|shouldn't|ought to)\s+(?:not\s+)?(?:have to\s+)?be\s+(?:banned|illegal|legal|legalised|legalized|allowed|"
    r"free|taxed|regulated|abolished|mandatory|compulsory|required|outlawed|licensed|licenced|capped|scrapped|"
    r"nationalised|nationalized|privatised|privatized|means[- ]tested)\b"
    # ... or of what a public thing is ("I think the triple lock is unaffordable", "no government has the guts")
    r"|.*\b(?:is|are)\s+(?:\w+\s+)?(?:unaffordable|unfair|unsustainable|a joke|a scam|a con|broken|a disgrace|outrageous|"
    r"madness|insane|a rip-?off|daylight robbery|criminal)\b"
    r"|.*\b(?:no|every|the)\s+(?:government|politicians?|party|council|chancellor)\b"
    # ... or of what those who run things should do ("I think councils should fund more youth clubs")
    r"|(?:councils?|governments?|schools|the nhs|banks|landlords|employers|companies|businesses|supermarkets|airlines|"
    r"politicians|the police|universities)\s+(?:should|shouldn't|ought to|need to|must)\b"
    # ... or of what the world will come to ("I reckon interest rates are going to drop again")
    r"|.*\b(?:will|won't|is going to|are going to|gonna)\b)",
    re.IGNORECASE,
)


# Someone's view told to have the listener judge it ("my mate reckons everyone should switch to
# linux, is he right?", "my colleague keeps saying remote work is dead. thoughts?")
_VIEW_OF_THEIRS = re.compile(
    r"^(?:(?:so|ok|okay|lol|honestly)[,\s]+)*(?:(?:my|our)\s+[\w'-]+(?:\s+[\w'-]+)?"
    # ... or a text's ("an article I read says ...", "this study claims ...")
    r"|(?:an?|this|that|some)\s+(?:article|study|report|post|video|book|paper|podcast|documentary)"
    r"(?:\s+(?:i|we)\s+(?:read|saw|watched|heard|found|listened to|came across))?)\s+(?:\w+ly\s+)?"
    r"(?:reckons|thinks|says|keeps saying|believes|swears|insists|claims|is convinced|argues)\b"
    # ... or read or heard ("I read that households spend ...", "I saw somewhere that ...")
    r"|^(?:(?:so|ok|okay|lol|honestly)[,\s]+)*(?:i|we)\s+(?:just\s+)?(?:read|saw|heard)\s+(?:somewhere\s+|online\s+)?that\b"
    # ... or a quote of someone's ('Warren Buffett said "be fearful ..."')
    r"|^(?-i:[A-Z])[\w.'-]*(?:\s+(?-i:[A-Z])[\w.'-]*){0,3}\s+(?:once\s+)?(?:said|says|wrote)\b[^\"“]{0,12}[\"“]",
    re.IGNORECASE,
)
_VIEW_ASKED = re.compile(
    r"\b(?:is (?:he|she|they) right|are they right|thoughts|what do you (?:think|reckon)|wdyt|do you agree|"
    r"what (?:did|does) (?:he|she|they|it|that|this) mean|"
    r"who(?:'s| is) right|is (?:that|this|it) true|any truth (?:in|to) (?:that|this)|fair\?|true\?)",
    re.IGNORECASE,
)


_VIEW_OF_THEIRS_ZH = re.compile(
    r"^(?:(?:我|我们)的?[\u4e00-\u9fff]{1,4}?(?:老是|总是|一直|总)?(?:说|觉得|认为|坚持认为)"
    # ... or a text's, or what is said about ("有篇文章说", "网上说", "听说")
    r"|(?:有|看到|看了)?(?:一)?(?:篇|个|条)?(?:文章|新闻|视频|帖子|研究|报道)(?:上|里)?说|网上(?:都)?说|听说|有人说)"
)
_VIEW_ASKED_ZH = re.compile(
    r"你怎么看|你觉得呢|你觉得(?:对|有道理|靠谱)吗|是真的吗|有道理吗|靠谱吗|对吗|真的假的|说明(?:了)?(?:啥|什么)|(?:啥|什么)意思"
)


def put_to_the_listener(sentence: str, message: str) -> bool:
    """Whether a sentence tells another's view for the listener to judge, the message asking
    what they make of it: a view to weigh, no fact of anyone's."""
    if is_cjk(sentence):
        return _VIEW_OF_THEIRS_ZH.match(sentence.strip()) is not None and _VIEW_ASKED_ZH.search(message) is not None
    return _VIEW_OF_THEIRS.match(sentence.strip()) is not None and _VIEW_ASKED.search(message) is not None


def is_general_view(sentence: str) -> bool:
    """Whether a sentence is the speaker's view of people in general ("i think most people
    would rather work from home"), of the world to come ("house prices are going to crash next year,
    mark my words") or of a public matter (我觉得延迟退休对年轻人太不公平了): no frame reads a fact of
    theirs in it."""
    said = sentence.strip()
    return (
        _VIEW_OF_PEOPLE.match(said) is not None
        or _GRANTED_ZH.match(said) is not None
        or _FORETOLD.search(said) is not None
        or _VIEW_ZH.match(said) is not None
    )


# What the world will come to, vouched for ("..., mark my words", "..., you watch"), with no one of
# the speaker's in it
_FORETOLD = re.compile(
    r"^(?!.*\b(?:i|i'm|i've|my|our|we|we're|me|us)\b(?!\s+words))"
    r".*\b(?:will|won't|is going to|are going to|gonna)\b.*[,—-]\s*(?:just\s+)?(?:mark my words|you watch|you'll see|"
    r"watch this space|calling it now)\W*$",
    re.IGNORECASE,
)
# A view of a public matter in Chinese: thought, of nothing of the speaker's, judged fair, right or
# worth it ("我觉得延迟退休对年轻人太不公平了", "我认为房价还会跌")
_VIEW_ZH = re.compile(
    r"^(?:我)?(?:觉得|认为|感觉|总觉得)(?![^。！!]*(?:我|咱|用户|家里|老公|老婆|孩子|儿子|女儿|爸|妈))"
    r"(?=[^。！!]*(?:不公平|公平|不合理|合理|离谱|应该|不应该|会涨|会跌|还会|迟早|早晚|太贵|太高|没必要))"
)


# The listener's point granted, then a saying of anyone's with no one of the speaker's in it
# ("哈哈你说得对，多喝热水是万能的"): agreement, not a fact of theirs.
_GRANTED_ZH = re.compile(
    r"^(?:哈+[，,\s]*)?(?:你说得?(?:很|挺|太)?(?:有道理|对|没错)|说得(?:对|好|没错)|有道理)[啊呀吧哈，,！!\s]+"
    r"(?![^。！!？?]*(?:我|咱|用户|家里|老公|老婆|孩子|儿子|女儿|爸|妈))"
    # ... a saying: something is what it is for anyone ("多喝热水是万能的", "早睡早起最重要")
    r"(?=[^。！!？?，,]*(?:是[^，,。！!]{0,8}的|最重要|就对了|万能|身体好))"
)


# Someone in what the speaker is watching or reading ("the guy in this drama just said ..."):
# a remark on a story, not a fact of anyone's.
_ON_SCREEN = re.compile(
    r"^(?:the|this|that)\s+(?:guy|girl|man|woman|dude|lady|kid|character|host|villain|hero|narrator|couple|actor|"
    r"actress)\s+(?:in|on|from)\s+(?:this|the|that)\s+(?:drama|show|movie|film|episode|video|series|book|novel|game|"
    r"clip|podcast|anime|season|trailer|scene)\b",
    re.IGNORECASE,
)


# A subject of anyone at all, with no one of the speaker's in the clause ("Nobody needs three
# fondue sets", "Many cafés close on Mondays here"): a view of the world, not a fact of anyone's.
_ANYONE = re.compile(
    r"^(?:(?:many|most|lots of|a lot of|plenty of|few)\s+[\w-]+s|nobody|everybody|everyone|no one|anyone|anybody)\b"
    r"(?!.*\b(?:i|i'm|i've|me|my|we|we're|our|us)\b)",
    re.IGNORECASE,
)
_PEOPLE_IN_GENERAL = re.compile(
    r"^(?!(?:i|i'm|i've|we|we're|we've|my|our)\b).*\b(?:bring|brings|bringing|remind|reminds|reminding|take|takes|"
    r"taking|help|helps|helping|make|makes|making|give|gives|giving|teach|teaches|keep|keeps|keeping|let|lets|"
    r"allow|allows|connect|connects|unite|unites|inspire|inspires)\s+us\b",
    re.IGNORECASE,
)


# A value of the speaker's own said new, verbless as chat says it ("new pb!!! 26:55", "new high
# score: 51,200", "new number is 0777 ..."): their record, score or contact, not a thing of anyone's.
_NEW_RECORD = re.compile(r"^(?:(?:so|ok|okay|omg|yay|finally|just|another|and)\W+)*" + NEW_RECORD, re.IGNORECASE)
# A reading of the speaker's own said alone with when or where it was taken ("78 this morning 💪",
# "23:42 at parkrun this morning!!!"): a number with no noun is only ever a measure of one's own
# said to one who knows what it measures; ``generic_decision`` moves the one measure held
# A time said alone with when it starts ("8:30 starting next week, folks complained it was too early",
# "7.15 from monday"): the time of the thing spoken of, said anew
# (a time by its form: "8:30", "8.30am", "7pm"; not a price, "2.50 from next month")
TIME_STARTS = (
    r"^(?:(?:so|ok|okay|right|update|and|now)\W+)*(?:it's\s+|its\s+)?(?:at\s+)?"
    r"(?P<v>(?:[01]?\d|2[0-3]):[0-5]\d(?:\s?(?:am|pm))?|\d{1,2}(?:\.[0-5]\d)?\s?(?:am|pm))\s+(?:starting|from)\b"
)
_TIME_FROM_ALONE = re.compile(
    TIME_STARTS
    + r"\s+(?:next|this|now|tomorrow|on|the|(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:"
    + MONTHS
    + r"))\b",
    re.IGNORECASE,
)
# A number said alone as what it is now ("210 now, it's an addiction"): of the thing spoken of last
NUMBER_NOW = re.compile(
    # ("well 35 as of today actually 🎂")
    r"(?:^|,\s*)(?:(?:ok|okay|lol|so|and|update|well)\W+)*(?:on\s+|at\s+)?(?P<v>\d{1,4})\s+(?:now|(?:as of|from)\s+(?:today|\d{1,2}\s+[A-Z][a-z]+\s+\d{4}))\b"
    r"(?!\s+(?:and|or)\b)",
    re.IGNORECASE,
)
_READING_ALONE = re.compile(
    r"^(?:(?:so|ok|okay|omg|yay|finally|just|and|now)\W+)*(?P<v>\d{1,3}(?:[.:]\d{1,2})?)(?:\s?(?:kg|kgs|lbs?|st))?"
    r"\s+(?:(?:at|on)\s+(?:the\s+)?[a-z]+(?:\s+[a-z]+)?\s+)?(?:this morning|this evening|today|on the scales)\b"
    r"(?:\s+(?:this morning|today))?[^\w]*$",
    re.IGNORECASE,
)


def _past(words: list[str]) -> bool:
    """A past-tense verb among the words (regular "-ed" or irregular)."""
    return any((w.lower().endswith("ed") and len(w) > 4) or w.lower() in IRREGULAR_PAST for w in words[1:])


def _subjectless(words: list[str]) -> bool:
    """A clause opening with a past participle or past verb and no subject
    ("Loved this spot on the hike", "Mixed emotions - ..."): a fragment whose
    subject the reader cannot tell (a dropped "I" before a change verb was
    restored before this check)."""
    first = words[0].lower().strip(",")
    second = words[1].lower().strip(",") if len(words) > 1 else ""
    said = " ".join(words)
    if (
        (
            (second == "than" and (first.endswith("er") or first in ("more", "less", "fewer")))
            or re.match(
                r"(?:almost |nearly |just |not quite |about )?as (?!(?:soon|long|far|well|much|many)\b)\w+ as\b",
                said,
                re.IGNORECASE,
            )
        )
        and not re.search(r",\s+(?:i|we)\b", " ".join(words[2:]), re.IGNORECASE)  # "..., I got the job"
    ):
        return True  # "Smaller than I'd like", "Almost as silly as ...": a comparison whose thing was said before
    if re.match(r"(?:it\s+)?reminds (?:me|us) (?:how|that|it's|it is|what|why|to)\b", said, re.IGNORECASE):
        return True  # "Reminds me how awesome life is": a reflection on what was said before, no fact
    return (
        len(first) > 4
        and first.endswith("ed")
        and not second.endswith("ed")
        and second not in _AUX
        and not any(w.lower() in ("i", "we", "i'm", "we're") for w in words[1:4])
    )


# "I'm colorblind", "I'm 34", "We're retired": a state of the speaker in two words. Not a
# feeling or reaction of the moment ("I'm excited", "I'm good"), a closed class below.
_STANDING = re.compile(
    r"^(?:I'm|I am|we're|we are)\s+(?P<word>\d{1,3}|\d'\s?\d{1,2}(?:\"|'')?|[A-Za-z][\w-]+)$", re.IGNORECASE
)  # "I'm 34", "I'm 5'9\"", "I'm colorblind"
# A habit said with its verb alone ("I smoke", "we garden", "I still drink"): a verb of a
# habit or a pastime, which says what the speaker does as a rule.
_HABIT_ALONE = re.compile(
    r"^(?:I|we)\s+(?:(?:also|still|both|usually|sometimes|occasionally|rarely)\s+)?(?:smoke|vape|drink|"
    r"run|jog|swim|cycle|bike|knit|crochet|sew|paint|draw|bake|cook|garden|surf|ski|snowboard|skate|climb|"
    r"boulder|dance|sing|meditate|pray|fish|hunt|golf|box|journal|hike|sail|row|game|snore|stutter|sleepwalk|"
    # a way of living or working said with its verb alone ("we homeschool", "I freelance")
    r"homeschool|home-school|freelance|rent|commute|volunteer|foster|tutor|babysit|carpool|teach|farm|blog|quilt)$",
    re.IGNORECASE,
)
_OF_THE_MOMENT = frozenset(
    [
        *(
            "good",
            "fine",
            "great",
            "ok",
            "okay",
            "well",
            "alright",
            "here",
            "back",
            "in",
            "out",
            "done",
            "ready",
            "sure",
        ),
        *("glad", "happy", "sad", "sorry", "excited", "thrilled", "nervous", "anxious", "tired", "exhausted", "bored"),
        *(
            "busy",
            "hungry",
            "thirsty",
            "sleepy",
            "confused",
            "lost",
            "curious",
            "proud",
            "grateful",
            "thankful",
            "lucky",
        ),
        *("blessed", "stoked", "pumped", "psyched", "hooked", "impressed", "amazed", "shocked", "surprised", "serious"),
        *(
            "kidding",
            "joking",
            "jealous",
            "speechless",
            "stressed",
            "worried",
            "scared",
            "afraid",
            "interested",
            "home",
        ),
        *(
            "free",
            "up",
            "awake",
            "late",
            "early",
            "right",
            "wrong",
            "new",
            "game",
            "down",
            "listening",
            "curious",
            "so",
        ),
        *(
            "all",
            "not",
            "still",
            "just",
            "really",
            "very",
            "totally",
            "sorry",
            "honored",
            "touched",
            "moved",
            "inspired",
        ),
        *("disappointed", "relieved", "gutted", "heartbroken", "devastated", "overwhelmed", "close"),
    ]
)


def _standing_state(body: str) -> bool:
    """A two-word state or habit of the speaker worth keeping ("I'm colorblind", "I smoke")."""
    m = _STANDING.match(body.strip(" .!"))
    return (m is not None and m.group("word").lower() not in _OF_THE_MOMENT) or _HABIT_ALONE.match(
        body.strip(" .!")
    ) is not None


def done_to_mine(clause: str) -> bool:
    """Whether "they" or "someone" did something to the speaker's own ("They moved my
    yoga class", "they pushed spin to Wednesdays", "someone stole my bike"): the
    speaker's fact, not theirs."""
    return _DONE_TO_MINE.match(clause.strip()) is not None


def elliptical(clause: str) -> bool:
    """A clause that stops at its infinitive marker ("Yeah, I love to."): its
    verb is in the sentence before, so there is nothing here to keep."""
    # (not "my go-to", "a lean-to": a noun that ends in it)
    return re.search(r"(?<!-)\bto\s*[.!]*$", clause.strip(), re.IGNORECASE) is not None


_THE_ONE_DIED = re.compile(
    r"(?:the|our|my)\s+(?:[\w-]+\s+){1,2}?(?:(?:has|just|sadly|suddenly)\s+)*(?:died|passed away)\b", re.IGNORECASE
)


def _ended_thing(body: str) -> bool:
    """A definite thing said to have ended ("The weekly sync with marketing was
    cancelled"): a change of the speaker's world, said in the passive."""
    if _THE_ONE_DIED.match(body):
        return True  # "the dog died last week": one of theirs, by kind
    # ... or a place or a group of theirs by its name ("CrossFit Downtown shut down")
    named = re.match(r"(?:[A-Z][\w'&-]*\s+){1,3}(?=" + ENDED_ITSELF + r")", body)
    # ... or by its initials ("PT is officially over")
    named = named or re.match(r"(?-i:[A-Z]{2,5})\s+(?:is|was)\s", body)
    return (re.match(r"the\s", body, re.IGNORECASE) is not None or named is not None) and ends(body)


_SUPPOSITION_EN = re.compile(
    r"^(?:(?:hypothetically|theoretically|in theory|just curious|random question)[,:\s]+(?:(?:but|so|like)\s+)?)?"
    r"(?:if|unless|suppose|supposing|what if|in case)\b(?=.*\b(?:will|'ll|would|'d|could|might|gonna|going to)\b)"
    # a wish contrary to fact ("I wish I could pop round for a cup of tea"): no tea is drunk
    r"|^(?:i\s+)?(?:(?:really|just|so|only)\s+)?wish\s+(?:i|we)\s+(?:could|had|were|was|would|did|lived|knew)\b",
    re.IGNORECASE,
)
# (the listener asked to think it through first: "你说如果我明年辞职去读研")
_SUPPOSITION_ZH = re.compile("^(?:(?:你|您)(?:说|觉得|看)[，,]?)?" + SUPPOSING_ZH)


def is_supposition(sentence: str) -> bool:
    """A supposition with what would follow ("If I get the job, I'll move to Berlin",
    "如果我有一百万，我就去环游世界"): what would be, never what is, so no frame reads
    it ("will move to Berlin" is no home). A condition on a habit ("If it's sunny we sail")
    says what is, and is not one."""
    text = strip_lead(sentence.strip())
    return bool(_SUPPOSITION_ZH.match(text)) if is_cjk(text) else bool(_SUPPOSITION_EN.match(text))


# A case contrary to fact: a condition in the past, what would follow ("If I won the lottery I'd buy a
# barn conversion", "imagine I won the lottery — I'd buy the old cinema", "if we lived nearer we'd
# walk"): nothing is, nothing will be, and nothing is kept, not even as said
_CONTRARY_TO_FACT_EN = re.compile(
    r"^(?:(?:hypothetically|theoretically|honestly|ok|okay|so|just|lol)[,:\s]+)*(?:if|imagine|picture|suppose|say)\s+"
    r"(?:(?:if|that)\s+)?(?:i|we)\s+(?:(?:ever|actually|really|just)\s+)?"
    r"(?:won|had|were|was|could|lived|moved|got|became|bought|owned|ran|sold|left|quit|went|retired|inherited|"
    r"found|didn't|did)\b[^.!?]*?\b(?:i'd|i would|we'd|we would|i'd have|i could|we could|i might|we might)\b",
    re.IGNORECASE,
)


def contrary_to_fact(sentence: str) -> bool:
    """Whether a sentence puts a case contrary to fact and what would follow it ("If I won the
    lottery I'd buy a barn conversion"): no state of the speaker's, now or to come."""
    return not is_cjk(sentence) and _CONTRARY_TO_FACT_EN.match(strip_lead(sentence.strip())) is not None


# A condition said alone, its consequence asked after it ("hypothetically if my boss asked me to
# move to london, what would the visa process look like?"): nothing told, only a case put.
_CONDITION_ALONE_EN = re.compile(
    r"^(?:(?:hypothetically|theoretically|just curious|out of curiosity|let's say|say|so)[,\s]+)*"
    r"(?:if|suppose|supposing|what if|in case|assuming"
    # ... or a case put of no one in particular ("say someone earned 40k in Scotland")
    r"|(?:let's say|say|imagine)\s+(?:someone|somebody|a (?:person|guy|woman|man|family|couple|friend)|you|i|we))\b[^,;]*$",
    re.IGNORECASE,
)
_CONDITION_ALONE_ZH = re.compile(r"^(?:" + SUPPOSING_ZH + r")[^，,；;]*$")


def is_condition_alone(text: str) -> bool:
    """Whether a text is only a condition, its consequence unsaid (asked after it)."""
    body = strip_lead(text.strip()).rstrip(" .!。！")
    return bool((_CONDITION_ALONE_ZH if is_cjk(body) else _CONDITION_ALONE_EN).match(body))


def is_request(clause: str) -> bool:
    """A request to the assistant ("Can you help me ...", "Summarise what we ...", "帮我写个请假条"):
    asked of it, no fact."""
    text = strip_lead(clause.strip())
    if is_cjk(text):
        return bool(_REQUEST_ZH.match(text))
    first = text.split()[0].lower().strip(",.!") if text.split() else ""
    return bool(_REQUEST_EN.match(text)) or first in _IMPERATIVE or bool(_GO_BACK_EN.match(text))


# "Go back to what I said yesterday ...", "go over what we decided": a request to look again
_GO_BACK_EN = re.compile(r"(?:go|look)\s+(?:back|over)\s+(?:to\s+)?(?:what|the|my|our)\b", re.IGNORECASE)


# A short question put after what the speaker told, in the same sentence ("I'm flying to Lisbon on
# Friday, any tips?"; "我女儿下个月满周岁了，想给她办个抓周，有什么建议吗").
_ASKED_AFTER_EN = re.compile(
    r"[,;:—–-]\s*(?:(?:so|and|but)\s+)?(?:any|what|what's|whats|how|how's|thoughts|ideas|suggestions|advice|recs|"
    r"recommendations|tips|where|which|when|who|why|should|can|could|do|does|did|is|are|was|were|would|will|"
    r"reckon|(?:[a-z]+\s+){1,2}(?:ideas|tips|recs|suggestions)|"
    # what is best asked for ("..., best way to stay awake?", "..., easiest way to ...?", "..., worth it?")
    r"(?:the\s+)?(?:best|easiest|quickest|cheapest|simplest|safest|fastest|good|decent|worth|anything|anyone|anybody))"
    r"\b[^,;:—–]{0,60}\?+\s*$"
    # ... or after "so", with no comma ("my shift starts at 4am so how do I get to sleep by 8?")
    r"|\s+so\s+(?=(?:how|what|what's|where|which|when|who|why|should|can|could|do|does|is|are|any)\b)[^,;:—–]{0,60}\?+\s*$",
    re.IGNORECASE,
)


# A guess about what was just told, with a question mark of doubt ("i started eating fish
# again, so i guess pescatarian now?"): what was told stands, the guess is no question to answer.
_HEDGED_LAST_EN = re.compile(
    r"[,;:—–-]\s*(?:(?:so|and)\s+)?(?:i guess|i think|i suppose|i reckon|maybe|probably|apparently)\b[^,;:—–?]{0,40}\?+\s*$",
    re.IGNORECASE,
)


# What the speaker is, said first to frame the rest: "As a nurse, ...", "as a 29 year old who ...,",
# "midwife here, ..." (a person's word: one who does, or one of a closed few; never "as a kid",
# a time gone, nor "as a result", no person at all)
_PERSON_WORD = (
    r"(?:\d{1,2}[- ]?(?:year|yr)[- ]?old|(?:[\w-]+\s+){0,2}?(?:[a-z]+(?:er|or|ist|ista|ian|ant|ent|ic)|nurse|mum|mom|dad|parent|"
    r"physio|pilot|coach|cook|surgeon|nanny|GP|"
    r"vegan|vegetarian|veggie|diabetic|coeliac|celiac|mother|father|wife|husband|carer|caregiver|retiree|midwife|chef|vet|"
    r"grandparent|grandma|grandmother|grandad|grandfather|student|engineer|introvert|extrovert)(?:\s+of\s+(?:\w+|\d+))?)"
)
_ROLE_LEAD = re.compile(
    r"^(?:as|being)\s+an?\s+(?P<role>" + _PERSON_WORD + r")(?:\s+who\s+[^,]{1,60})?,\s+(?P<rest>\S.*)$"
    r"|^(?P<here>" + _PERSON_WORD + r")\s+here[,!.]\s*(?P<after>\S.*)?$",
    re.IGNORECASE,
)
# Words of the shape of a person's that say no standing of the speaker's ("as a beginner", "as a
# teenager": what one was or is only in the moment)
_NO_ROLE = frozenset(
    [
        "teenager",
        "youngster",
        "beginner",
        "newcomer",
        "foreigner",
        "outsider",
        "member",
        "user",
        "customer",
        "consumer",
        "reminder",
        "starter",
        "after",
        "later",
        "other",
        "matter",
        "number",
        "partner",
        "player",
        "order",
        "answer",
        "present",
        "moment",
    ]
)


def role_said(sentence: str) -> tuple[str, str] | None:
    """What the speaker is, said first to frame the rest ("As a nurse, how do I ...?" -> ("I'm a
    nurse", "how do I ...?"), "midwife here, based in Brighton"); None when it opens no sentence."""
    role = _ROLE_LEAD.match(sentence.strip())
    said = (role.group("role") or role.group("here")) if role else ""
    if role is None or said.split()[-1].casefold() in _NO_ROLE:
        return None
    return f"I'm {a_or_an(said)} {said}", role.group("rest") or role.group("after") or ""


def told_before_asked(sentence: str) -> str | None:
    """What a question sentence told before it asked: the statement ahead of a short question
    at its end ("I'm flying to Lisbon on Friday, any tips?" -> "I'm flying to Lisbon on
    Friday"), or None when the whole sentence is asked (then nothing in it is a belief)."""
    text = sentence.strip()
    if is_cjk(text):
        # (a space between two runs of characters parts them, as chat types a comma)
        parts = re.split(r"[，,]\s*|\s+(?=[\u4e00-\u9fff])", text)
        while parts and (
            _QUESTION_ZH.search(parts[-1]) or _REQUEST_ZH.match(parts[-1]) or _URGED_ZH.fullmatch(parts[-1])
        ):
            parts.pop()
        told = "，".join(parts)
        if re.match(r"(?:你|您)(?:说|觉得|看|认为)", told):
            return None  # "你说如果我明年辞职去读研，会不会很亏": the listener's view asked, nothing told
        return told if told and not _QUESTION_ZH.search(told) else None
    role = role_said(text)
    if role is not None:  # "As a nurse, how do I deal with nights?": what the speaker is, told to ask
        if not role[1] or not is_question(role[1]):
            return text
        before = told_before_asked(role[1])  # "midwife here, based in Brighton, what are good snacks ...?"
        return f"{role[0]}, {before}" if before else role[0]
    asked = _ASKED_AFTER_EN.search(text) or _HEDGED_LAST_EN.search(text)
    if asked is None:
        return None
    told = text[: asked.start()].strip()
    head = strip_lead(told)
    if (
        not head
        or _QUESTION_EN.match(head)
        or _REQUEST_EN.match(head)
        or _SECOND_PERSON.search(head)
        or head.split()[0].lower() in _SUBORDINATE  # "If I were to move to Portugal, what visa ...?"
    ):
        return None
    return told


# A one-off ask joined to what is told, with no question mark ("..., can you help me set up a
# template", "help me write a slack msg, our launch got pushed to march 14", "……，做PPT配色有什么建议")
_ASK_AFTER_EN = re.compile(
    r"[,;:—–-]\s*(?:(?:so|and|but)\s+)?(?:(?:can|could|would|will)\s+(?:you|u)|pls|please|plz|help me|"
    r"any (?:tips|ideas|advice|suggestions|recs|thoughts)|what (?:should|would|do|can) (?:i|you|we)|"
    r"thoughts|ideas|suggestions|recommendations)\b[^?]*$",
    re.IGNORECASE,
)
# A task for the assistant said first ("help me ...", "can you ..."), not a standing request
# that carries the fact itself ("please use my new address, the old one is gone")
_TASK_FIRST_EN = re.compile(r"^(?:(?:can|could|would|will)\s+(?:you|u)|(?:pls\s+|please\s+)?help me)\b", re.IGNORECASE)
_TOLD_AFTER_EN = re.compile(r"[,;]\s+|\s+[—–-]+\s+")


def told_beside_ask(sentence: str) -> str | None:
    """What a sentence tells beside a one-off ask joined to it without a question mark ("my
    boss wants the numbers by friday now, can you help me with a template" -> "my boss wants
    the numbers by friday now"; "help me write a slack msg, our launch got pushed to march 14"
    -> "our launch got pushed to march 14"), or None when it joins no ask to a statement. The
    ask is the assistant's task of the moment; what is told beside it is the speaker's fact."""
    text = sentence.strip().rstrip("。.!！ ")
    if is_question(sentence):
        return None  # asked: what it told is read by ``told_before_asked``
    if is_cjk(text):
        parts = [p for p in re.split(r"[，,]\s*", text) if p]
        asked = [bool(_QUESTION_ZH.search(p) or _REQUEST_ZH.match(p)) for p in parts]
        if not any(asked) or all(asked):
            return None
        first = asked.index(False)
        last = len(asked) - asked[::-1].index(False)
        if any(asked[first:last]):
            return None  # an ask between two statements: one thought, read whole
        if asked[0] and _ASK_GOES_ON_ZH.match(parts[first]):
            return None  # "帮我写个正则，匹配 11 位手机号": what is asked, said on; no subject of its own
        return "，".join(parts[first:last])
    ask = _ASK_AFTER_EN.search(text)
    if ask is not None:
        told = text[: ask.start()].strip()
        head = strip_lead(told)
        if head and not (_QUESTION_EN.match(head) or _REQUEST_EN.match(head) or _SECOND_PERSON.search(head)):
            return told
        return None
    if _TASK_FIRST_EN.match(strip_lead(text)):
        for cut in _TOLD_AFTER_EN.finditer(text):
            rest = text[cut.end() :].strip()
            if rest and is_statement(rest):
                return rest
    return None


# A task on a text at hand, quoted or after a colon ('does this need a comma: "My brother lives
# in Chicago"', "帮我把这句话翻译成英文：明天下午三点开会", '比如"我妈妈是医生"这句话用英语怎么说'):
# the text is the task's material, not the speaker telling about themselves.
_AT_HAND = re.compile(r"[\"“「『][^\"”」』]{3,}[\"”」』]|[:：]\s*\S")
_TEXT_WORK_EN = re.compile(
    # the work asked first ("translate: ...", "can you proofread this: ...")
    r"^(?:pls\s+|please\s+|can you\s+|could you\s+)?(?:translate|proofread|rephrase|reword|rewrite|paraphrase|"
    r"polish|fix|check|edit|shorten|summari[sz]e)\b"
    r"|^(?:pls\s+|please\s+|can you\s+|could you\s+)?(?:make|turn|put)\s+(?:this|these|it|the following)\b"
    # or asked of "this" text ("does this need a comma", "is this grammatical", "how do you say")
    r"|\b(?:this|these|that|the following)\b.*\b(?:grammar|grammatical|punctuation|comma|spell\w*|correct|right|"
    r"natural|sound|read|translat\w*|mean)\b"
    r"|\bhow (?:do|would|should) (?:i|you|we) say\b|\bsay (?:this|that|it) in\b",
    re.IGNORECASE,
)
_TEXT_WORK_ZH = re.compile(
    r"翻译|翻成|译成|用(?:英|中|日|法|德)(?:语|文)怎么说|英文怎么说|润色|改写|扩写|缩写|精简|语法|病句|语病|标点|通顺|错别字"
    r"|改得|改成(?:正式|口语|书面)|起(?:个|几个|[一二三四五六七八九十\d]个)?标题"
)


def works_on_text(sentence: str) -> bool:
    """Whether a sentence asks for work on a text it quotes or gives after a colon (translate,
    proofread, is this comma right): the quoted words are someone's draft, not a fact."""
    text = sentence.strip()
    if re.fullmatch(r"[\"“「『][^\"”」』]+[\"”」』][.。!！]?", text) and len(text.split()) >= 3:
        return True  # a text quoted whole, the task about it said in the sentence before
    if _TEXT_TO_WRITE_EN.match(text):
        return True  # "write a text to my landlord saying I'm running late": what it says is the draft
    at_hand = _AT_HAND.search(text)
    if at_hand is None:
        return False
    outside = text[: at_hand.start()] + " " + (text[at_hand.end() :] if text[at_hand.start()] not in ":：" else "")
    return (_TEXT_WORK_ZH if is_cjk(outside) else _TEXT_WORK_EN).search(outside.strip()) is not None


# A text asked for, with what it is to say ("write a text to my landlord saying ...", "can you draft
# an email to school explaining ...")
_TEXT_TO_WRITE_EN = re.compile(
    r"^(?:(?:please|pls|ok|okay|so|can you|could you|would you|help me)\s+)*(?:write|draft|compose|word)\s+(?:me\s+)?"
    r"(?:a|an)\s+(?:[\w-]+\s+){0,2}?(?:text|message|email|e-mail|letter|note|reply|post|tweet|whatsapp|card|speech|toast|"
    r"caption)\b(?:\s+(?:to|for)\s+[\w' -]{1,30}?)?\s+(?:saying|telling|asking|to say|that says|explaining|letting)\b",
    re.IGNORECASE,
)
_ASKED_LAST_ZH = re.compile(_YES_OR_NO_ZH + r"[^，,。！!]{0,6}[。]?$|吗[\s，,]*" + _URGING_ZH + "$")


def is_question(sentence: str) -> bool:
    """A question ("Could you remind me what we talked about yesterday?", "……吗"):
    asked, not stated, so never a belief, whatever else it mentions."""
    text = sentence.strip()
    if text[:1] in "([（「":  # "(Did I write that right?)": asked in brackets
        text = text.rstrip(")]）」 ")
    return (
        text.endswith(("?", "？"))
        or (is_cjk(text) and re.search(r"吗[。！!]?$", text) is not None)
        # a yes-or-no said last by a verb said twice ("……，会不会很亏"), or 吗 and an urging ("……吗，急")
        or (is_cjk(text) and _ASKED_LAST_ZH.search(text) is not None)
        # a question tagged on with no mark ("ugh mondays, am I right", "..., right")
        or re.search(r",\s*(?:am i right|amirite|right|isn't it|don't you think)[.!]*$|\bam i right[.!]*$", text, re.I)
        is not None
        # a condition, then its question asked with no mark ("if i got a retriever would it be ok ...")
        or _ASKED_AFTER_IF.match(strip_lead(text)) is not None
        # a search typed as chat types it ("how to check data usage on iphone", "best way to ...")
        or re.match(r"(?:how|what|where|when|which|who|why) to\s+\w", strip_lead(text), re.IGNORECASE) is not None
    )


_ASKED_AFTER_IF = re.compile(
    r"^(?:(?:hypothetically|theoretically|just curious|out of curiosity|so|but)[,\s]+)*(?:if|say|suppose)\b[^.;!?]*?"
    r"(?:,\s*|\s+)(?:would|could|should|will|can|is|do|does)\s+(?:it|that|this|i|we|they|he|she|there|the|my|our)\s+\w+[^.;!]*$",
    re.IGNORECASE,
)


def _named(body: str) -> bool:
    """A named person as the clause's subject, with a predicate of their own, or two of them
    ("Ana and Tom broke up"), or one of a named person's people ("Sam's mum broke her wrist")."""
    return named_subject(body) is not None or _OTHERS_NAMED.match(body) is not None


# Two named people, or one of a named person's people, opening a clause with its verb: people of
# the speaker's world, as a named person is.
_OTHERS_NAMED = re.compile(
    r"^(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|"
    r"August|September|October|November|December|Christmas|Easter)\b)(?-i:[A-Z][a-z]+)"
    r"(?:\s+and\s+(?-i:[A-Z][a-z]+)|'s\s+(?:" + RELATIONS_EN + r"|gran|baby|dog|cat))\s+"
    r"(?:(?:just|finally|also|still|now|recently)\s+)?"
    r"(?:is|was|are|were|has|have|had|will|broke|got|went|left|took|made|fell|lost|won|came|became|gave|began|ran|"
    r"split|moved|quit|\w+ed)\b"
)


def named_subject(body: str) -> str | None:
    """The name of the person a clause opens with as its subject, with a
    predicate of their own ("Isla got a job in Glasgow" -> "Isla"); None when
    the capitalised first word is no name ("Adoption sounds awesome")."""
    m = _NAMED.match(body)
    first = m.group("name").split()[0].lower() if m is not None else ""
    if (
        m is None
        or first in _DETERMINERS
        or first in _NO_ONE
        or first in _ADJECTIVES
        or first in ("i", "we", "you", "my", "our", "your")
    ):
        return None  # "Big windows, day job, new apartment": a fragment opened by an adjective, no name
    if m.group("complement") is not None:
        named = _COMPLEMENT.match(m.group("complement").strip(",.!?")) is not None
    elif m.group("verb").lower() in _PERCEPTION:  # "Adoption sounds awesome": an impression, not a fact
        named = False
    elif m.group("verb").lower() not in _NAMED_VERBS and not re.fullmatch(r"\w+(?:ed|s)", m.group("verb")):
        named = m.group("verb").lower() in IRREGULAR_PAST  # "Dad sold the F-150"
    else:
        named = m.group("next").lower().strip(",.") not in _VERB_NEXT
    return m.group("name") if named else None


_AUX = frozenset(
    [
        "i'm",
        "i've",
        "i'd",
        "i'll",
        "we're",
        "we've",
        "we'll",
        "am",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "has",
        "have",
        "had",
        "do",
        "does",
        "did",
        "can",
        "could",
        "will",
        "would",
        "shall",
        "should",
        "may",
        "might",
        "must",
        "'s",
        "'re",
        "'m",
        "got",
        "get",
        "gets",
        "went",
        "go",
        "goes",
        "made",
        "make",
        "makes",
    ]
)


# People or things of the speaker's, several of them, and what they do, the verb in its plural
# form: "my parents live in Ohio", "our sprints end on wednesdays", "the kids eat at 6". Any word
# in the verb's place but for the closed classes that follow a plural noun without a verb
# ("my kids at school", "our plans for june", "my parents and I"): a plural verb has no mark of
# its own, and a list of verbs always lacks the next one ("end", "cost", "happen"). Not
# a verb of perception: "the kids look so cute" is an impression.
_THEIR_PEOPLE_DO = re.compile(
    r"\b(?:(?i:my|our)|^(?i:the))\s+(?:[\w'-]+\s+)?(?:[a-z]{2,}[a-rt-z]s|children|people|folks)\s+"
    r"(?:(?:also|still|usually|both|all|now|often|always|never|just|normally|typically|mostly)\s+)?"
    r"(?!(?:at|in|on|to|for|with|from|of|by|about|after|before|till|until|since|during|near|like|as|than|"
    r"and|or|but|so|because|when|while|if|too|that|this|these|those|the|a|an|my|our|your|his|her|their|its|"
    r"who|which|where|here|there|i|we|you|he|she|they|it|me|us|them|not|each|every|over|under|out|up|down|"
    r"off|back|again|very|really|lol|haha|then|ago|etc|way|are|were|look|sound|seem|feel|smell|taste)\b)"
    r"[a-z]{2,}\b(?<!ing)(?<!ly)(?<!ed)(?=\s+\S)",
)

_ACRONYM_WORD = re.compile(r"[A-Z]{2,}")


def _has_verb(words: list[str]) -> bool:
    """A finite verb somewhere after the first word (or an auxiliary anywhere)."""
    low = [w.lower().strip(",;:") for w in words]
    if any(w in ("i", "we") for w in low[:-1]):  # "(After the reorg) I report to ...": the next word is the verb
        return True
    if re.search(
        r"\bcost\s+(?:us|me|them|him|her)?\s*(?:about|around|nearly|almost|over)?\s*[$€£¥]?(?:\d{1,3}(?:,\d{3})+|\d{3,}|\d+k\b)",
        " ".join(low),
    ):
        return True  # "the roof repair cost us $2,400": a past "cost" of a sum worth a note, said as the present is
    if any(
        (
            w in _AUX
            or w in IRREGULAR_PAST
            or ("'" in w and w.split("'")[-1] in ("m", "s", "re", "ve", "ll", "d"))
            or w.endswith(("n't", "n’t"))  # "doesn't play", "hasn't driven": a negated auxiliary
        )
        and before != "to"  # "to make connections": an infinitive, no finite verb
        for before, w in zip(["", *low], low)
    ):
        return True
    if any(
        before.endswith("s") and len(before) > 3 and re.fullmatch(SCHEDULED, w)
        for before, w in itertools.pairwise(low[:3])
    ):
        return True  # "Deploys happen on Fridays": a plural thing's verb, no "-s"
    return any(
        w.endswith(("ed", "s"))
        and not (w in ("called", "named") and after[:1].isupper())  # "a startup called Tidewater": a name given
        and len(w) > 3
        and raw[:1].islower()
        and before not in _NOUN_OPENERS
        and not before[:1].isdigit()  # "25 minutes on": a count of a noun
        and before not in _AUX  # "to make connections": the object of a verb
        and not (before.endswith("ing") and two_before in _NOUN_OPENERS)  # "my marketing skills"
        for two_before, before, w, raw, after in zip(["", *low], low, low[1:], words[1:], [*words[2:], ""])
    )


# After these a word in "-s" is a plural noun ("time with friends"), not a verb.
_NOUN_OPENERS = frozenset(
    [
        *("the", "a", "an", "my", "our", "his", "her", "their", "your", "its", "with", "and", "of", "for"),
        *("to", "in", "on", "at", "some", "many", "all", "these", "those", "few", "several", "more", "other"),
    ]
)


def strip_lead(clause: str) -> str:
    """The clause without its conversational lead-in ("Oh, well, ...", "Update:", "不好意思，")."""
    if is_cjk(clause):
        return _LEAD_ZH_CLAUSE.sub("", clause)
    return _LEAD_EN.sub("", name_called_off(_LEAD_EN.sub("", clause)))


_ASIDE = re.compile(r"\[[^\]]*\]")


def without_asides(text: str) -> str:
    """The message without bracketed asides ("[shared an image: ...]"): what a
    client adds around what the person said is not their statement."""
    return _ASIDE.sub(" ", text)
