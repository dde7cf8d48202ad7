"""Conversational clauses that are no fact about anyone, named by kind.

``statements.is_statement`` reads a clause's mood, modal and subject; what is
left after it, in real chat (LoCoMo's conversations), is talk about the
talk itself. Each kind below is a form of English conversation, read from the
clause's shape (its subject, its main verb's class, whether anything follows
the verb), never from a topic:

- ``pair``: the speaker and the listener together as one subject ("we make
  a great team", "we're all individual", "brings us together", "we both know
  it took some effort"). A belief has one subject; writing "we" as the speaker
  alone would misstate it. "We both" doing something ("we both work at the
  hospital") is left to stand: it is often the speaker and their own people,
  and a question about what two people share finds its evidence through it.
- ``leave-taking``: "I'm off to do some research": a closing of the chat.
- ``meta-talk``: a verb of saying or sharing with nothing said ("I gotta
  say", "I've got something to share", "Just wanted to say hi").
- ``offer``: help offered to the listener ("I'm here to lend an ear",
  "... however I can").
- ``understanding``: the speaker follows what the listener said ("I get how
  that would've been annoying", "I can tell", "I can just imagine the thrill").
- ``prediction``: certainty about how something will go for the listener
  ("I have no doubt they'll love it").
- ``catching-up``: "Not much has changed for me", "Tons has gone down since",
  "We haven't talked in a few days".
- ``generic-we``: an obligation or power of people in general said with "we"
  ("We gotta do something", "We need to show our support", "We have the power
  to make a difference"), with nothing concrete in it.
- ``evaluation``: a verdict on something, not a fact about it ("X are key to
  a thriving community", "Our actions really do matter", "... are amazing",
  "Yoga is a great way to relax": no one's habit in it).
- ``shown``: a verdict on the look of what the listener showed ("I love the
  colors and texture", "I love the way it turned out"), or praise of it heard
  from others ("I've heard it's such a good book"): a reaction, not a taste.
  A thing loved by name or kind stays ("I love the ocean").
- ``emotion``: an idiom of being moved ("warms my heart", "fills me with
  hope", "the pic takes me back", "took me to that moment", "nature has that
  effect on me too", "never saw this coming").
- ``resolve``: taking a challenge on ("I'm up for the challenge", "I've still
  got a lot to learn", "ready for a shake up").
- ``promise``: a future said as a commitment, with nothing concrete in it
  ("We'll find some great people for it", "I'll definitely stand up for
  them"); "We'll move to Leeds in May" is a plan and stays.
- ``fragment``: a clause that is only the dependent half of one ("Especially
  when I'm ...", "... - when I do"). The cleft lead of an answer ("For me, it
  was when I ...") is stripped before (``statements.strip_lead``): what follows
  it is a clause of its own.
- ``mood``: the speaker's feeling of the moment, said as the whole clause: a
  verb of being and an emotion adjective with nothing after it but what the
  feeling is about in a pronoun, a time of the moment or a wish to see or hear
  ("I was all exhausted but so happy", "I'm feeling hopeful and inspired about
  the future", "I'm curious to see what it looks like"), a coping verb with no
  object ("I've been struggling"), doing fine lately. A feeling with a cause
  of its own stays ("I'm excited to start my new job", "I've been anxious since
  the accident": ``since`` or any content after the adjective is not in the form).
- ``persistence``: carrying on, said with no object ("I'm pushing on though",
  "I'm staying positive and looking ahead", "I won't let this bring me down").

A clause with a number or a name in its predicate is exempt where a kind
says so: "We need to move out by June" is a plan, not a maxim.
"""

from __future__ import annotations

import re

__all__ = ["chatter_kind", "feeling_alone"]

_I = r"(?:i|we)"
_BE = r"(?:'m| am|'re| are| was| were| is|'s)"
_ADV = r"(?:(?:just|really|so|totally|definitely|truly|all|both|still|also|always|actually|only)\s+)*"
# A number or a capitalised word after the first: a value the clause carries.
_CONCRETE = re.compile(r"\d|\s(?-i:[A-Z])[a-z]")
# Adjectives of a feeling (a closed class of English: emotions, energy, stress),
# and what may follow one in a mood of the moment: a pronoun it is about, a time
# of the moment, a wish to see or hear. Nothing else: "excited to start my new
# job" has a cause of its own, "anxious since the accident" a durable state.
_EMOTION = (
    r"(?:thrilled|excited|happy|sad|bored|exhausted|tired|nervous|anxious|hopeful|inspired|motivated|relieved|"
    r"curious|glad|proud|grateful|thankful|stressed|overwhelmed|pumped|stoked|psyched|ecstatic|elated|delighted|"
    r"overjoyed|upset|frustrated|worried|scared|calm|peaceful|content|optimistic|blessed|lucky|drained|hyped|"
    r"amazed|moved|touched|humbled|nostalgic|emotional|bummed|down|lonely|energized|refreshed|recharged|"
    r"confident|determined|stuck|lost|speechless|shocked|surprised|impressed|sore|beat|wiped out)"
)
_MOMENT = (
    r"(?:\s+(?:about|for|with|by|over)\s+(?:it|this|that|them|everything|all (?:of )?(?:it|this|that)|the future|"
    r"what'?s (?:next|to come|ahead|coming))"
    r"|\s+to\s+(?:see|hear|find out|know|learn)\b[^,;]*"
    r"|\s+(?:today|tonight|lately|recently|now|right now|at the moment|these days|this week|this weekend|"
    r"too|though|as well|afterwards|after that|after all that))*"
)

_KINDS: tuple[tuple[str, re.Pattern[str], bool], ...] = (
    # (kind, form, exempt when the clause carries a number or a name)
    (
        "pair",
        re.compile(
            r"^(?:so\s+|and\s+|but\s+)?we(?:'re| are|'d| would|'ll| will)?\s+(?:\w+ly\s+)?all\b(?!\s+of\s+(?:my|our)\b)"
            r"|^(?:so\s+|and\s+)?we(?:'re| are)?\s+(?:\w+ly\s+)?(?:make|makes|are|rock|work|get along|click|vibe)\b.{0,25}"
            r"\b(?:team|together|pair|duo)\b[.!]*$"
            r"|^we\s+(?:\w+\s+)?pulled together\b"
            # the two sharing a mind or a lot with each other ("we both know it took some effort", "I'm
            # glad we both understand ...", "we're both on different paths"); not what both do ("we
            # both work at the hospital": the speaker and their own people, often)
            r"|\bwe(?:'re| are|'ve| have)?\s+both\s+(?:\w+ly\s+)?(?:know|knew|understand|agree|get it|feel|felt|"
            r"have (?:so much|similar|the same|a lot|different|come so far)|(?:on|in) (?:different|the same|similar)|"
            r"deserve|believe|see (?:it|that))\b"
            r"|\b(?:brings?|bringing|brought|keeps?|pulls?)\s+us\s+(?:all\s+)?(?:together|closer)\b",
            re.IGNORECASE,
        ),
        True,
    ),
    (
        "leave-taking",
        re.compile(
            rf"^(?:well,?\s+)?(?:i|we){_BE}\s+(?:\w+ly\s+)?off to\s+(?:go\s+)?(?:do|have|get|go|grab|make|take|start|finish|catch|hit|"
            r"water|feed|cook|walk|pick|clean|shower|eat)\b"
            # the speaker has to go ("I have to run to the library", "gotta dash", "ok I gotta go, ...")
            r"|^(?:(?:i|we)\s+)?(?:have to|need to|gotta|got to|must)\s+(?:run|dash|head out|fly|jump|go now\b|go(?=\s*(?:[,.!…;]|$)))"
            # going to sleep ("Going to bed now", "I'm off to bed")
            rf"|^(?:(?:i|we){_BE}\s+)?(?:\w+ly\s+)?(?:going|heading|off)\s+(?:to\s+)?(?:bed|sleep)\b",
            re.IGNORECASE,
        ),
        False,
    ),
    (
        # the chat's own business: a photo or a link on its way ("Sending now", "I'm sending you a pic")
        "sending",
        re.compile(
            rf"^(?:(?:i|we){_BE}\s+)?(?:\w+ly\s+)?(?:sending|attaching|uploading|forwarding)"
            r"(?:\s+(?:it|them|this|that|you|over|(?:a|the|some|my)\s+(?:photo|pic|picture|video|link|screenshot|file|"
            r"photos|pics|pictures|videos|links|screenshots)s?))*"
            r"(?:\s+(?:now|right now|in a sec|in a minute|shortly|over))?[.!]*$",
            re.IGNORECASE,
        ),
        False,
    ),
    (
        "meta-talk",
        re.compile(
            rf"^(?:i\s+)?{_ADV}(?:wanted|want|needed) to (?:say|tell you)\b(?:\s+(?:hi|hello|hey|thanks|something))?[.!]*$"
            rf"|^{_I}\s+{_ADV}(?:gotta|got to|have to|had to|must)\s+say\b"
            rf"|^{_I}(?:'ve| have|'d| had)?\s+{_ADV}got\s+(?:something|some news|news|a thing)\s+(?:to|for)\s+(?:share|tell|show)\b"
            # the chat's own messages and devices ("Just saw your message", "I was going to text you
            # yesterday", "my phone is about to die", "I'm so bad at replying")
            rf"|^(?:{_I}\s+)?{_ADV}(?:saw|seen|read|got|missed)\s+(?:your|ur)\s+(?:message|msg|text|email|voicemail|call)s?\b"
            rf"|^{_I}\s+(?:was|were)\s+{_ADV}(?:going|gonna|meaning)\s+to\s+(?:message|text|call|email|ring|write to|reply to)\s+you\b"
            r"|\b(?:phone|battery)\s+(?:is\s+|'s\s+)?(?:about to die|dying|almost dead|on \d+\s*%)"
            # a greeting passed on ("Priya says hi", "Mum sends her love")
            r"|\b(?:says?|said)\s+(?:hi|hello|hey)\b|\bsends?\s+(?:her|his|their)\s+(?:love|regards|best)\b"
            rf"|^{_I}{_BE}\s+{_ADV}(?:bad|terrible|awful|hopeless|the worst)\s+at\s+(?:replying|texting|responding|"
            r"keeping in touch|answering)\b"
            # the assistant's own answer taken in ("I didn't expect that answer", "I love your suggestion")
            rf"|^{_I}\s+{_ADV}(?:didn't|did not|don't|do not|never)?\s*{_ADV}(?:expect|expected|love|loved|like|liked|"
            r"appreciate|appreciated|understand|follow)\s+(?:that|this|your|ur)\s+(?:answer|reply|response|"
            r"explanation|suggestion|summary)s?\b(?!.*\b(?:my|mine)\b)",
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
            rf"|^{_I}\s+{_ADV}can\s+(?:tell|relate)[.!]*$"
            # picturing what the listener lived ("I can just imagine the thrill of it"), not oneself in it
            rf"|^{_I}\s+{_ADV}can\s+{_ADV}(?:only\s+)?imagine\b(?!\s+(?:myself|ourselves|us|me)\b)",
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
            r"(?:changed|happened|gone (?:on|down)|going on|new)\b"
            # things that happened, said with nothing of what ("Some stuff's happened", "I've had a lot of things happening")
            r"|^(?:some|a lot of|lots of|so many|many|a few|a couple of)\s+(?:stuff|things)(?:'s|\s+has|\s+have)?\s+(?:been\s+)?"
            r"(?:happen(?:ed|ing)|going on|changed)\b"
            rf"|^{_I}(?:'ve| have)?\s+{_ADV}had\s+(?:a lot of|lots of|so many|many|a bunch of|a ton of)\s+(?:things|stuff)\s+"
            r"(?:happening|going on)\b"
            # being away from the chat ("Sorry I haven't been around")
            rf"|^{_I}\s+(?:haven't|have not|hadn't)\s+been\s+(?:around|online|on here)\b"
            # how long the chat has been quiet ("We haven't talked in a few days")
            rf"|^{_I}\s+(?:haven't|have not|hadn't)\s+(?:talked|spoken|chatted|caught up|texted)\s+(?:in|for|since)\b"
            # news announced before it is told ("I've made a big decision", "I did something brave",
            # "I have a small update", "I've been thinking", "Isla called with news")
            rf"|^{_I}(?:'ve| have)?\s+{_ADV}(?:did|done|made|have|had|got)\s+(?:something|(?:a|an|some)\s+(?:[\w-]+\s+)?"
            r"(?:decision|update|announcement|confession))(?:\s+(?:new|brave|crazy|big|exciting|silly|fun|different|"
            r"special|wild|mad|bold))?[.!]*$"
            rf"|^{_I}(?:'ve| have)\s+{_ADV}been thinking[.!]*$"
            r"|\b(?:called|rang|texted|phoned|wrote)\s+(?:me\s+)?with\s+(?:some\s+)?(?:\w+\s+)?news[.!]*$"
            # news or stories announced, not told ("I got some great news to share", "I've got a funny story")
            # (the two of them too: "Jonah and I have news")
            rf"|^(?:[\w'-]+\s+and\s+)?{_I}(?:'ve| have)?\s+{_ADV}(?:got|have|has)\s+(?:some\s+|a\s+|so many\s+|lots of\s+|a lot of\s+)?"
            r"(?:\w+\s+)?(?:news|story|stories)(?:\s+(?:to\s+(?:share|tell)|for you|too|as well|of (?:my|our) own))?[.!]*$"
            # ("my news is smaller", "Okay, I did a thing")
            r"|^(?:now,?\s+)?(?:my|our)\s+(?:\w+\s+)?news\s+is\s+(?:\w+\s+)?\w+[.!]*$|^"
            + _I
            + r"\s+(?:just\s+)?did\s+a\s+thing[.!]*$",
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
            r"|\bare (?:so |really |just )?(?:amazing|awesome|incredible|the best)[.!]*$"
            # what matters in general, a place everyone should see ("what's important is how we ...", "X is a must-visit")
            r"|\bwhat'?s (?:really |most |truly )?important is\b|\bis a must(?:-|\s)(?:visit|see|try|read|watch|have|do)\b"
            # how a thing of one's own has been or went, with nothing else ("Injury's been rough", "My trip went okay")
            r"|^(?:(?:my|our)\s+)?(?:[\w-]+\s+)?[\w-]+(?:'s|\s+has|\s+have)\s+been\s+(?:so\s+|really\s+|pretty\s+|super\s+|just\s+|kinda\s+)?"
            r"(?:rough|tough|hard|okay|ok|fine|great|good|awesome|amazing|wonderful|incredible|crazy|wild|insane|nuts|a blast|a ride)[.!]*$"
            r"|^(?:my|our)\s+(?:[\w-]+\s+)?[\w-]+\s+went\s+(?:okay|ok|alright|fine|so-so)[.!]*$",
            re.IGNORECASE,
        ),
        False,
    ),
    (
        # the air of a place or a moment ("The atmosphere was electric", "The energy in the hall was so
        # motivating"), a verdict on things like the ones the listener told of ("Events like that are always amazing")
        "ambience",
        re.compile(
            # (not the air of one's own rooms: "The air in my flat is dry" says how the flat is)
            r"^the\s+(?:\w+\s+)?(?:atmosphere|energy|vibes?|mood|sound|air|crowd)\b"
            r"(?!\s+(?:in|at|of)\s+(?:my|our)\s+(?:flat|apartment|house|home|room|bedroom|office|place|studio|basement)\b)"
            r"(?:\s+(?:of|in|at|there|here)\b[^,]*?)?"
            r"\s+(?:was|is|were|are|felt|feels|made|makes|gave|gives)\b"
            r"|^(?!.*\b(?:i|me|my|we|our)\b).*\blike (?:that|this|these|those)\s+(?:are|is|can be|were|was)\s+"
            r"(?:always\s+|so\s+|really\s+|just\s+)?(?:amazing|awesome|great|special|incredible|the best|inspiring|"
            r"wonderful|fun|beautiful|important|powerful)\b",
            re.IGNORECASE,
        ),
        True,
    ),
    (
        "generality",
        re.compile(
            r"^(?:life|the world)(?:'s|\s+is|\s+can be|\s+gets)\b"
            r"|\b(?:we|you) can (?:do|achieve|handle|get through|overcome|accomplish|conquer) (?:anything|everything|it all)\b",
            re.IGNORECASE,
        ),
        True,
    ),
    (
        # a wish contrary to fact ("Wish I was that brave"), a guess about oneself ("I probably have ...")
        "wish",
        re.compile(
            rf"^(?:i\s+)?wish\s+{_I}\s+(?:was|were)\b|^{_I}\s+(?:\w+\s+)?probably\b"
            # what could have been ("I wish I could have been there", "wish we could've come")
            rf"|^(?:{_I}\s+)?{_ADV}wish\s+{_I}\s+(?:could|had)(?:'ve|\s+have)?\s+(?:been|come|gone|seen|joined)\b"
            # ... or could do what the listener has ("Wish I could try it")
            rf"|^(?:{_I}\s+)?{_ADV}wish\s+{_I}\s+could\s+(?:\w+\s+)?(?:it|that|this|them|one)\b",
            re.IGNORECASE,
        ),
        True,
    ),
    (
        # a verdict on how the thing the listener showed looks ("I love the color and texture", "I love
        # the way it turned out"), and praise of it heard from others ("I've heard it's such a good book")
        "shown",
        re.compile(
            rf"^{_I}\s+{_ADV}(?:love|like|adore|dig)\s+(?:all\s+)?the\s+(?:[\w-]+,?\s+(?:and\s+)?){{0,3}}"
            r"(?:colou?rs?|textures?|scenery|sky|skies|leaves|theme|details?|lighting|design|patterns?|shades?|hues?|"
            r"vibes?|composition|brushwork|brush strokes)[.!]*$"
            rf"|^{_I}\s+{_ADV}(?:love|like|adore)\s+(?:the\s+way|how)\s+(?:it|they|this|that|the\s+[\w-]+)\s+"
            r"(?:looks?|turned out|came out|came together)\b"
            rf"|^{_I}(?:'ve|\s+have)?\s+{_ADV}heard\s+(?:that\s+)?it(?:'s|\s+is|\s+was)\s",
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
            r"|\bcan feel the\s+\w+[.!]*$"
            # what the listener's thing does to the speaker too, a surprise of the moment
            r"|\b(?:has|had|have)\s+(?:that|the same|a similar)\s+effect on\s+(?:me|us)\b"
            r"|\b(?:saw|see|seen)\s+(?:this|that|it)\s+coming\b",
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
            r"|^(?:i|we)(?:'ll| will)\s+(?:definitely|totally|always|never|surely|certainly)\s+(?!be\b)"
            # passing a word on, reporting back, a promise to the listener ("I will tell him", "I'll report
            # back if ...", "I'll prepare myself", "I will, I promise", "I'll be honest, ...")
            r"|^i(?:'ll| will)\s+(?:tell|show|let|report|prepare|pass|send|ask)\s+(?:him|her|them|myself|it|back|that|this)\b"
            r"(?!.*\d)|^i(?:'ll| will),?\s+i promise\b|^i(?:'ll| will) be (?:honest|real|straight)\b"
            # a joke's stock sign-off ("I'll see myself out", "I'll get my coat")
            r"|^i(?:'ll| will)\s+(?:see|show)\s+myself\s+out\b|^i(?:'ll| will)\s+get\s+my\s+coat\b",
            re.IGNORECASE,
        ),
        True,
    ),
    (
        "promise",
        # ... or to someone by name, with nothing else to tell ("I'll show Bill when he's back")
        re.compile(r"^i(?:'ll| will)\s+(?:tell|show)\s+(?-i:[A-Z][a-z]+)\b(?!.*\d)", re.IGNORECASE),
        False,
    ),
    (
        # what the speaker will do this evening ("tonight I'm just ordering a pizza and watching Bake Off",
        # "Tonight I'm going to make a stir fry"): a plan of the day, gone by tomorrow; not a standing
        # evening ("tonight is quiz night, every week") nor a thing done once that lasts ("tonight we sign")
        "tonight",
        re.compile(
            r"^(?:so\s+|and\s+|ok\s+|okay\s+)?(?:tonight|this evening)\s*,?\s*(?:I'm|I am|im|we're|we are|I'll|we'll|I|we)\s+"
            r"(?:just\s+|probably\s+|finally\s+|gonna\s+|going to\s+|planning to\s+|plan to\s+|want to\s+|might\s+)*"
            r"(?!(?:moving|move|getting married|marry|signing|sign|starting|start|quitting|quit|leaving|leave|closing|close)\b)\w+"
            r"|^(?:I'm|I am|im|we're|we are)\s+(?:just\s+)?(?:gonna|going to|planning to)\s+(?!(?:move|marry|sign|start|quit|leave)\b)"
            r"[^,.;]*\s(?:tonight|this evening)\b"
            # ("we're getting a takeaway tonight"): what is under way this evening, said in the present
            r"|^(?:(?:I'm|I am|im|we're|we are)\s+)?(?:just\s+)?(?:eating|having|watching|ordering|getting|cooking|making|"
            r"playing|staying|seeing|meeting|hosting|grabbing|doing|heading|going out|popping|thinking (?:of|about))\b"
            r"(?!\s+married\b)[^,.;]*\s(?:tonight|this evening)\b",
            re.IGNORECASE,
        ),
        False,
    ),
    (
        "fragment",
        re.compile(
            # a reporting verb left alone when what was said came before ("..., she says"), or a bare
            # verb before a laugh ("we wait, haha", "I tell her, haha"): nothing said of anyone
            r"^(?:[\w']+\s+){0,3}(?:says|said|thinks|tells (?:me|us)|told (?:me|us))[.!]*$"
            r"|^(?:i|we|he|she|they)\s+(?:(?:just|still|all|both|only)\s+)?(?!(?:quit|left|moved|retired|stopped|resigned|graduated|married|divorced|won|lost|"
            r"passed|failed)\b)\w+(?:\s+(?:him|her|them|it|me|us))?,?\s+(?:haha+|lol|lmao|hehe+)[.!]*$"
            r"|^(?:especially|only|mostly|particularly)\s+(?:when|if|because)\b(?![^,]*,\s*(?:i|we|my|our|(?-i:[A-Z][a-z]+))\b)"
            r"|\s[-–—]\s*when\s+(?:i|we)\s+do[.!]*$"
            # a count and its unit, nothing else: the answer to a question ("Three times a week", "Seven years now")
            r"|^(?:about\s+|around\s+|almost\s+|nearly\s+|over\s+|like\s+)?(?:a|an|one|two|three|four|five|six|seven|eight|nine|"
            r"ten|eleven|twelve|twenty|thirty|a few|a couple(?: of)?|several|\d+)\s+(?:\w+\s+)?"
            r"(?:times?|years?|months?|weeks?|days?|hours?|minutes?)"
            r"(?:\s+(?:now|ago|already|so far|in a row|or so|a|per|every|each|total|tops)(?:\s+(?:day|week|month|year))?)*[.!]*$",
            re.IGNORECASE,
        ),
        False,
    ),
    (
        "mood",
        re.compile(
            rf"^{_I}(?:'m| am|'re| are| was| were|'ve been| have been| had been)\s+{_ADV}(?:feeling\s+|getting\s+)?{_ADV}"
            rf"{_EMOTION}(?:\s*(?:,|and|but|yet|&)\s+{_ADV}{_EMOTION})*{_MOMENT}[.!]*$"
            # a face made at the moment ("I'm not smirking, I'm smiling", "I'm dying laughing")
            rf"|^{_I}(?:'m| am|'re| are)\s+(?:not\s+)?{_ADV}(?:smiling|laughing|crying|joking|kidding|smirking|blushing|grinning|frowning|winking|sulking|pouting|"
            r"teasing|giggling|screaming|dying)(?:\s+(?:laughing|so hard|out loud|right now|now|here))*[.!]*$"
            rf"|^{_I}(?:'m| am|'re| are| was| were|'ve been| have been)\s+{_ADV}(?:struggling|coping|hanging in there|"
            rf"holding up|getting by|managing){_MOMENT}[.!]*$"
            rf"|^{_I}(?:'ve| have)\s+been\s+(?:doing\s+)?{_ADV}(?:pretty\s+|quite\s+)?(?:great|well|good|fine|ok|okay|alright|better)"
            rf"{_MOMENT}[.!]*$"
            # a good time had, with nothing of where or what ("We had a great time last weekend")
            rf"|^{_I}\s+{_ADV}had\s+(?:a|some|such a)\s+{_ADV}(?:really\s+|so\s+|very\s+)?(?:great|good|nice|amazing|awesome|"
            r"wonderful|fantastic|lovely|fun|cool|blast)\s+(?:family\s+)?time(?:\s+together)?"
            r"(?:\s+(?:last|this)\s+\w+|\s+(?:yesterday|today|tonight|too|together))*[.!]*$"
            # what seeing or imagining something did to the speaker's feelings ("Seeing the crowd made
            # me feel tiny", "Thinking about it pumps me up"): a feeling of that moment
            r"|^(?:just\s+)?(?:seeing|imagining|thinking about|watching|hearing|picturing|knowing|looking at)\b.*\b"
            r"(?:makes?|made|making)\s+(?:me|us)\s+(?:\w+\s+)?feel\b"
            r"|^(?:just\s+)?(?:seeing|imagining|thinking about|watching|hearing|picturing|knowing|looking at)\b.*\b"
            r"(?:pumps?|pumped|fires?|fired|lifts?|lifted)\s+(?:me|us)\s+up\b",
            re.IGNORECASE,
        ),
        True,
    ),
    (
        "persistence",
        re.compile(
            rf"^{_I}{_BE}\s+{_ADV}(?:not giving up|pushing (?:on|through|forward|ahead)|plowing (?:on|through|ahead)|"
            r"powering through|pressing on|hanging in there|keeping (?:my|our) (?:head|chin)s? up|"
            r"staying (?:positive|strong|focused|upbeat|optimistic|hopeful|determined)"
            r"(?:\s+and\s+(?:looking|moving|pushing|pressing) (?:ahead|forward|on))?|looking ahead|"
            r"putting in (?:my|our) best(?: effort)?|giving it (?:my|our) (?:all|best))"
            r"(?:\s+(?:though|anyway|still|regardless|no matter what))?[.!]*$"
            rf"|^{_I}\s+(?:won't|will not|am not gonna|'m not gonna|am not going to|'m not going to|will never|never)\s+"
            r"let\s+(?:this|it|that|anything|them|any of (?:this|it))\s+(?:bring|get|keep|drag|put)\s+(?:me|us)\s+down\b",
            re.IGNORECASE,
        ),
        False,
    ),
)


# A feeling said alone with no one named, before the news it is about ("honestly so relieved, my
# visa came through"): the emotions above and the ones chat uses of news
_FEELING_ALONE = re.compile(
    r"(?:(?:honestly|so|just|really|very|soo+|omg|phew|ah|oh)[,!\s]+)*"
    rf"(?:{_EMOTION}|chuffed|gutted|pleased|buzzing|devastated|gobsmacked)\b[!.\s]*",
    re.IGNORECASE,
)


def feeling_alone(text: str) -> bool:
    """Whether a text is only a feeling, no one named ("so relieved", "gutted!")."""
    return _FEELING_ALONE.fullmatch(text.strip()) is not None


def chatter_kind(body: str) -> str | None:
    """The kind of talk about the talk a clause is (``pair``, ``meta-talk``,
    ...), or None when it may state a fact. ``body`` is the clause with its
    lead-ins ("Oh, well, ...") already stripped."""
    text = body.strip()
    for kind, form, concrete_exempt in _KINDS:
        if form.search(text) and not (concrete_exempt and _CONCRETE.search(text)):
            return kind
    return None
