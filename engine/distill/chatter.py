"""Conversational clauses that are no fact about anyone, named by kind.

``statements.is_statement`` reads a clause's mood, modal and subject; what is
left after it, in real chat (LoCoMo's conversations), is talk about the
talk itself. Each kind below is a form of English conversation, read from the
clause's shape (its subject, its main verb's class, whether anything follows
the verb), never from a topic:

- ``pair``: the speaker and the listener together as one subject ("we make
  a great team", "we're all individual", "brings us together"). A belief has
  one subject; writing "we" as the speaker alone would misstate it. "We both
  ..." is left to stand: it is often the speaker and their own people, and
  a question about what two people share finds its evidence through it.
- ``leave-taking``: "I'm off to do some research": a closing of the chat.
- ``meta-talk``: a verb of saying or sharing with nothing said ("I gotta
  say", "I've got something to share", "Just wanted to say hi").
- ``offer``: help offered to the listener ("I'm here to lend an ear",
  "... however I can").
- ``understanding``: the speaker follows what the listener said ("I get how
  that would've been annoying", "I can tell").
- ``prediction``: certainty about how something will go for the listener
  ("I have no doubt they'll love it").
- ``catching-up``: "Not much has changed for me", "Tons has gone down since".
- ``generic-we``: an obligation or power of people in general said with "we"
  ("We gotta do something", "We need to show our support", "We have the power
  to make a difference"), with nothing concrete in it.
- ``evaluation``: a verdict on something, not a fact about it ("X are key to
  a thriving community", "Our actions really do matter", "... are amazing",
  "Yoga is a great way to relax": no one's habit in it).
- ``emotion``: an idiom of being moved ("warms my heart", "fills me with
  hope", "the pic takes me back", "took me to that moment").
- ``resolve``: taking a challenge on ("I'm up for the challenge", "I've still
  got a lot to learn", "ready for a shake up").
- ``promise``: a future said as a commitment, with nothing concrete in it
  ("We'll find some great people for it", "I'll definitely stand up for
  them"); "We'll move to Leeds in May" is a plan and stays.
- ``fragment``: a clause that is only the dependent half of one ("Especially
  when I'm ...", "... - when I do"). The cleft lead of an answer ("For me, it
  was when I ...") is stripped before (``statements.strip_lead``): what follows
  it is a clause of its own.

A clause with a number or a name in its predicate is exempt where a kind
says so: "We need to move out by June" is a plan, not a maxim.
"""

from __future__ import annotations

import re

__all__ = ["chatter_kind"]

_I = r"(?:i|we)"
_BE = r"(?:'m| am|'re| are| was| were| is|'s)"
_ADV = r"(?:(?:just|really|so|totally|definitely|truly|all|both|still|also|always|actually|only)\s+)*"
# A number or a capitalised word after the first: a value the clause carries.
_CONCRETE = re.compile(r"\d|\s(?-i:[A-Z])[a-z]")

_KINDS: tuple[tuple[str, re.Pattern[str], bool], ...] = (
    # (kind, form, exempt when the clause carries a number or a name)
    (
        "pair",
        re.compile(
            r"^(?:so\s+|and\s+|but\s+)?we(?:'re| are|'d| would|'ll| will)?\s+(?:\w+ly\s+)?all\b(?!\s+of\s+(?:my|our)\b)"
            r"|^(?:so\s+|and\s+)?we(?:'re| are)?\s+(?:\w+ly\s+)?(?:make|makes|are|rock|work|get along|click|vibe)\b.{0,25}"
            r"\b(?:team|together|pair|duo)\b[.!]*$"
            r"|^we\s+(?:\w+\s+)?pulled together\b"
            r"|\b(?:brings?|bringing|brought|keeps?|pulls?)\s+us\s+(?:all\s+)?(?:together|closer)\b",
            re.IGNORECASE,
        ),
        True,
    ),
    (
        "leave-taking",
        re.compile(
            rf"^(?:well,?\s+)?(?:i|we){_BE}\s+(?:\w+ly\s+)?off to\s+(?:go\s+)?(?:do|have|get|go|grab|make|take|start|finish|catch|hit)\b",
            re.IGNORECASE,
        ),
        False,
    ),
    (
        "meta-talk",
        re.compile(
            rf"^(?:i\s+)?{_ADV}(?:wanted|want|needed) to (?:say|tell you)\b(?:\s+(?:hi|hello|hey|thanks|something))?[.!]*$"
            rf"|^{_I}\s+{_ADV}(?:gotta|got to|have to|had to|must)\s+say\b"
            rf"|^{_I}(?:'ve| have|'d| had)?\s+{_ADV}got\s+(?:something|some news|news|a thing)\s+(?:to|for)\s+(?:share|tell|show)\b",
            re.IGNORECASE,
        ),
        False,
    ),
    (
        "offer",
        re.compile(
            rf"^{_I}{_BE}\s+{_ADV}here\s+(?:for you|to (?:lend|help|listen|support|talk|chat))\b"
            r"|\b(?:however|whenever|wherever)\s+(?:i|we)\s+can[.!]*$",
            re.IGNORECASE,
        ),
        False,
    ),
    (
        "understanding",
        re.compile(
            rf"^{_I}\s+{_ADV}(?:get|understand|can see|can imagine|can relate to)\s+(?:how|why|what|where)\b(?!\s+to\b)"
            rf"|^{_I}\s+{_ADV}can\s+(?:tell|relate)[.!]*$",
            re.IGNORECASE,
        ),
        False,
    ),
    (
        "prediction",
        re.compile(
            r"\b(?:i|we)\s+(?:\w+\s+)?(?:have|had)\s+no doubt\b|\bno doubt (?:that\s+)?(?:you|they|it|he|she)\b",
            re.IGNORECASE,
        ),
        False,
    ),
    (
        "catching-up",
        re.compile(
            r"^(?:not (?:much|a lot)|nothing(?: much)?|tons|lots|so much|a (?:lot|ton|bunch))\s+(?:has|have|'s)?\s*(?:been\s+)?"
            r"(?:changed|happened|gone (?:on|down)|going on|new)\b",
            re.IGNORECASE,
        ),
        False,
    ),
    (
        "generic-we",
        re.compile(
            r"^we\s+(?:all\s+|really\s+|just\s+|definitely\s+)*(?:gotta|have to|need to|must|should all)\s+(?!go\b|leave\b|move\b)"
            r"|^we\s+(?:all\s+)?(?:need|want)\s+(?:way\s+|much\s+|a lot\s+)?(?:better|more|less)\b"
            r"|^we\s+(?:all\s+)?have the (?:power|ability|strength|chance) to\b",
            re.IGNORECASE,
        ),
        True,
    ),
    (
        "evaluation",
        re.compile(
            r"\b(?:is|are|was|were)\s+(?:\w+\s+)?key to\b|\b(?:really\s+|truly\s+)?(?:do|does)\s+matter[.!]*$"
            r"|\bis the best thing ever\b"
            r"|^(?!.*\b(?:i|me|my|mine|we|us|our)\b).*\b(?:is|are)\s+(?:a|an|the)\s+(?:\w+\s+)?(?:great|good|nice|perfect|fun|wonderful|awesome)\s+way\s+to\b"
            r"|\bare (?:so |really |just )?(?:amazing|awesome|incredible|the best)[.!]*$",
            re.IGNORECASE,
        ),
        False,
    ),
    (
        "emotion",
        re.compile(
            r"\bwarms?\s+(?:my|our|the)\s+(?:heart|soul)s?\b|\bfills?\s+(?:me|us)\s+with\b"
            r"|\b(?:takes?|took|bring|brings|brought)\s+(?:me|us)\s+(?:right\s+)?back[.!]*$"
            r"|\btook\s+(?:me|us)\s+(?:right\s+)?(?:back\s+)?to (?:that|this|the) (?:moment|time|place|day)\b"
            r"|\bcan feel the\s+\w+[.!]*$",
            re.IGNORECASE,
        ),
        False,
    ),
    (
        "resolve",
        re.compile(
            rf"\b{_I}{_BE}\s+{_ADV}(?:up for|ready for)\s+(?:the|a|any|this|that)\s+(?:new\s+|big\s+)?(?:challenge|shake[\s-]?up|change|adventure)s?\b"
            rf"|\b{_I}(?:'ve| have)?\s+{_ADV}got\s+(?:a lot|so much|lots|plenty|much)\s+(?:more\s+)?to learn\b"
            r"|\bdetermined to\b.*\bwhen (?:i|we) do\b",
            re.IGNORECASE,
        ),
        False,
    ),
    (
        "promise",
        re.compile(
            r"^we(?:'ll| will)\s+(?!be\b|have\b|get\b)\w+"
            r"|^(?:i|we)(?:'ll| will)\s+(?:definitely|totally|always|never|surely|certainly)\s+(?!be\b)",
            re.IGNORECASE,
        ),
        True,
    ),
    (
        "fragment",
        re.compile(
            r"^(?:especially|only|mostly|particularly)\s+(?:when|if|because)\b(?![^,]*,\s*(?:i|we|my|our|(?-i:[A-Z][a-z]+))\b)"
            r"|\s[-–—]\s*when\s+(?:i|we)\s+do[.!]*$",
            re.IGNORECASE,
        ),
        False,
    ),
)


def chatter_kind(body: str) -> str | None:
    """The kind of talk about the talk a clause is (``pair``, ``meta-talk``,
    ...), or None when it may state a fact. ``body`` is the clause with its
    lead-ins ("Oh, well, ...") already stripped."""
    text = body.strip()
    for kind, form, concrete_exempt in _KINDS:
        if form.search(text) and not (concrete_exempt and _CONCRETE.search(text)):
            return kind
    return None
