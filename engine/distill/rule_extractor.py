"""The default extractor: deterministic, offline, English and Chinese.

It reads a delta item by item and sentence by sentence. Attribute frames
(``frames``: subject + slot + typed value) read facts and their changes
first; when a sentence holds a frame, only the identity facts it does not
cover (name, origin, age) are kept from the older sentence rules
(``rules_en`` / ``rules_zh``), which otherwise find identity, preferences and
habits, stated facts and dated episodes. This module adds what needs more than one
sentence: problem -> solution experiences (a user problem answered by the
assistant later in the delta) and completed tasks (input -> output).

Why deterministic: the same delta must always give the same proposals, so a
replay after a crash writes the same belief ids (uuid5 of the source key).
It makes no model calls: ``Extraction.model_calls`` is always 0.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime

from ledgermind.analysis.instructions import instruction_like
from ledgermind.distill.alignment import ENDED_PRONOUN, ends, moved_on, negated
from ledgermind.distill.bare_corrections import (
    BARE_CORRECTION,
    cleft_owned_elsewhere,
    slip_owned,
    slips_joined,
    value_spans,
)
from ledgermind.distill.clauses import clauses
from ledgermind.distill.coming import with_coming_dates
from ledgermind.distill.confidence import DEFAULT_POLICY, ConfidencePolicy
from ledgermind.distill.confirmations import confirmed, is_confirmation
from ledgermind.distill.dates import find_time
from ledgermind.distill.delta import DeltaItem, ExtractionContext
from ledgermind.distill.echoes import echoed
from ledgermind.distill.findings import Finding, Speaker
from ledgermind.distill.flags import INSTRUCTION_LIKE, INSTRUCTION_LIKE_CONFIDENCE
from ledgermind.distill.frames import frame_findings
from ledgermind.distill.generic import (
    bare_correction_findings,
    contrast,
    correction_findings,
    ending_restored,
    generic_findings,
    habit_restored,
    instruction_findings,
    number_denied,
    pet_restored,
    slip_explained_cut,
)
from ledgermind.distill.generic_decision import (
    FITTED,
    FOR_ONCE,
    MADE_INTO,
    MOVED_IT,
    ONCE_ZH,
    ONE_MORE,
    REACHED,
    WENT_WITH,
    breaks_up,
    couples,
    new_job,
    studies_or_work_ended,
)
from ledgermind.distill.left_behind import LEFT_BEHIND, LEFT_FOR, left_behind, names_left, only_left_behind
from ledgermind.distill.person import third_person
from ledgermind.distill.proposals import Extraction, Proposal
from ledgermind.distill.providers import providers_named, switch_said
from ledgermind.distill.rules_en import english_findings, forget_request
from ledgermind.distill.rules_zh import chinese_findings, forget_request_zh
from ledgermind.distill.spoken_of import PersonSpokenOf, dislocation_undone
from ledgermind.distill.spoken_of_zh import time_after_person
from ledgermind.distill.standing_requests import (
    addressed_to_assistant,
    for_this_once,
    reminder_unwrapped,
    request_changed,
    request_parts,
    standing_request,
)
from ledgermind.distill.statements import (
    contrary_to_fact,
    elliptical,
    is_condition_alone,
    is_general_view,
    is_question,
    is_supposition,
    name_called_off,
    put_to_the_listener,
    said_for_effect,
    strip_lead,
    told_before_asked,
    told_beside_ask,
    without_asides,
    works_on_text,
)
from ledgermind.distill.text import (
    ages_in_digits,
    apostrophes_restored,
    asides_dropped,
    change_verbs_spelled,
    emoji_trimmed,
    fillers_dropped,
    is_cjk,
    kin_spelled_out,
    partners_named,
    sentences,
    spaces_as_commas,
    tokens,
)

__all__ = ["RuleExtractor"]

_PROBLEM_EN = re.compile(
    r"\b(error|errors|fail(?:s|ed|ing)?|failure|doesn't work|does not work|didn't work|not working|"
    r"(?:can't|cannot)\s+(?!wait\b|believe\b|stop\b|imagine\b)\w+|unable|issue|problem|bug|crash(?:es|ed|ing)?|exception|broken|stuck|timeout|"
    r"times out|how (?:do|can|should) i)\b",
    re.IGNORECASE,
)
_PROBLEM_ZH = re.compile(r"报错|错误|失败|不行|无法|不能|出问题|问题|崩溃|异常|怎么办|怎么|超时|卡住")
_SOLUTION_EN = re.compile(
    r"\b(try|you can|you could|you should|fix(?:ed)?|solution|resolve[sd]?|use|run|set|install|"
    r"update|upgrade|restart|check|because|caused by|instead)\b",
    re.IGNORECASE,
)
_SOLUTION_ZH = re.compile(r"可以|试试|试一下|解决|需要|改成|设置|运行|执行|安装|升级|检查|原因|重启|换成")
_MAX_PART = 300
STANDING_REQUEST = "standing_request"
_IDENTITY_ONLY = frozenset({"name", "origin", "age"})


def _confirmed(item: DeltaItem, before: DeltaItem | None) -> DeltaItem | None:
    """The user's bare "yes" to the assistant's words about them, as the user's own
    statement of those words (``confirmations``); None for anything else."""
    if (
        item.role != "user"
        or before is None
        or before.role != "assistant"
        or before.session_id != item.session_id
        or not is_confirmation(item.content)
    ):
        return None
    words = confirmed(before.content)
    return replace(item, content=" ".join(words)) if words else None


def _echoing(item: DeltaItem, before: DeltaItem | None) -> DeltaItem | None:
    """A person's answer that echoes the question the other just asked, with its "it" put as the
    thing asked about (``echoes``); None for anything else."""
    if (
        before is None
        or before.session_id != item.session_id
        or (before.name or before.role) == (item.name or item.role)
        or not (item.role == "user" or item.name)
    ):
        return None
    content = echoed(item.content, before.content, before.name)
    return replace(item, content=content) if content else None


def _typed_out(content: str) -> str:
    """The message as the rules read it: asides left out, then chat's spellings written out
    (contractions and "i"), what talk puts around a statement dropped (a judgement between a
    subject and its verb, the fillers "I mean" / "you know", a hedge said last), a partner's name
    typed in lower case written as a name, short kin words spelled out, a person of the speaker's
    taken up again by a pronoun said once, an age in words in digits, Chinese clauses broken by
    spaces, a time said before one of the speaker's people said after them (上个月女儿……)."""
    said = kin_spelled_out(
        partners_named(
            fillers_dropped(asides_dropped(apostrophes_restored(change_verbs_spelled(without_asides(content)))))
        )
    )
    return time_after_person(spaces_as_commas(ages_in_digits(dislocation_undone(said))))


def _lead_cut(statement: str) -> str:
    """An English statement without the talk it was said after, where a rule kept it ("Typo
    earlier, mom lives in Iowa." is "Mom lives in Iowa."): the formula read, the fact written
    down as a note-taker writes it."""
    if is_cjk(statement):
        return statement
    cut = strip_lead(statement)
    return statement if cut == statement or len(cut.split()) < 2 else cut[:1].upper() + cut[1:]


def _puts_the_question_right(found: Finding, item: DeltaItem, earlier: list[DeltaItem]) -> bool:
    """A value put right that corrects the speaker's question just before, not a fact of theirs
    ("what's a good lentil soup recipe?" then "sorry typo, I meant lentil stew"): its words are
    the question's and no earlier message of theirs said them."""
    if found.rule != BARE_CORRECTION or not found.value:
        return False
    theirs = [e for e in earlier if e.role == item.role and e.name == item.name]
    if not theirs or not all(is_question(s) for s in sentences(theirs[-1].content)):
        return False
    said = set(tokens(found.value))
    asked = set(tokens(theirs[-1].content))
    told = {t for e in theirs[:-1] for t in tokens(e.content)}
    return bool(said & asked) and not said & asked & told


class RuleExtractor:
    name = "rule"
    version = "1"

    def __init__(self, policy: ConfidencePolicy = DEFAULT_POLICY) -> None:
        self._confidence = policy.initial("rule")

    def extract(self, ctx: ExtractionContext) -> Extraction:
        proposals: list[Proposal] = []
        introduced: dict[str, str] = {}  # role -> a name the speaker gave earlier in this delta
        # per speaker: the person of theirs named last ("my daughter"), for a "she" that follows,
        # in the same message or the next ones (the previous delta's last items prime it)
        spoken_of: dict[str, PersonSpokenOf] = {}
        for item in ctx.previous:
            spoken_of.setdefault(item.name or item.role, PersonSpokenOf()).read(item.content)
        for index, item in enumerate(ctx.items):
            if item.role == "task":
                proposals.extend(self._task(item))
                continue
            speaker = _speaker(item, introduced.get(item.role))
            before = ctx.items[index - 1] if index else (ctx.previous or (None,))[-1]
            said = _confirmed(item, before) or _echoing(item, before)
            findings = self._item_findings(
                said or item,
                speaker,
                spoken_of.setdefault(item.name or item.role, PersonSpokenOf()),
                addressed_to_assistant(item, ctx.previous + ctx.items),
            )
            earlier = [*ctx.previous, *ctx.items[:index]]
            findings = [f for f in findings if not _puts_the_question_right(f, item, earlier)]
            for f in findings:
                if f.attribute == "name" and not item.name and f.participants:
                    introduced[item.role] = f.participants[0]
            proposals.extend(self._proposals(item, findings))
            if item.role == "user":
                proposals.extend(self._experience(item, ctx.items[index + 1 :]))
        if ctx.previous and ctx.previous[-1].role == "user":  # a problem asked in the last delta
            proposals.extend(self._experience(ctx.previous[-1], ctx.items))
        return Extraction(
            tuple(proposals), method="rule", extractor=self.name, extractor_version=self.version, model_calls=0
        )

    def _item_findings(
        self, item: DeltaItem, speaker: Speaker, spoken_of: PersonSpokenOf, to_assistant: bool
    ) -> list[Finding]:
        """``to_assistant``: the user speaks to the assistant, so a standing request of theirs
        ("always answer in French") is how they want to be served (``standing_requests``)."""
        findings: list[Finding] = []
        spoken_of.new_message()
        if item.role == "user" or item.name:
            previous = ""  # the sentence before, in this message
            # ("..., it's sulfa drugs I'm allergic to. penicillin was my sister": not penicillin)
            content = cleft_owned_elsewhere(_typed_out(item.content))
            spoken = slips_joined(list(map(name_called_off, sentences(content))))
            # a request joined to what else is said ("Keep your answers short, and remember ..."):
            # each read alone; an instruction-like sentence stays whole, flagged whole
            for sentence in (
                part for s in spoken for part in (request_parts(s) if to_assistant and not instruction_like(s) else [s])
            ):
                flagged = instruction_like(sentence)  # checked once, before any rule reads it
                if not flagged:  # "Remember that I'm colorblind": the fact kept
                    sentence = reminder_unwrapped(sentence)
                before, previous = previous, sentence
                request = forget_request_zh(sentence) if is_cjk(sentence) else forget_request(sentence)
                if request is not None and item.role == "user":
                    op, what = request
                    findings.append(Finding(kind="fact", statement=what or "", op=op, subject=speaker.key))
                    continue
                if flagged:  # kept, flagged, never read as a plain fact
                    findings.extend(instruction_findings(sentence, speaker, item.occurred_at))
                    continue
                if to_assistant and for_this_once(sentence):  # "Just this time, answer in French"
                    continue
                wanted = standing_request(sentence) if to_assistant else None
                if wanted is not None and not frame_findings(sentence, speaker, item.occurred_at):
                    # "From now on, answer in French": how they want to be served ("from now on,
                    # email me at ...", "call me Sam": a frame's, which reads it first)
                    op = "update" if request_changed(sentence) else "add"  # "switch back to English"
                    findings.extend(
                        replace(f, rule=STANDING_REQUEST, op=op)
                        for f in generic_findings(wanted, speaker, item.occurred_at)
                    )
                    continue
                if contrary_to_fact(sentence):  # "If I won the lottery I'd buy a barn": nothing is, nothing will be
                    continue
                if is_general_view(sentence) or said_for_effect(sentence):  # a view of people at large, or irony
                    continue
                if to_assistant and put_to_the_listener(sentence, item.content):
                    continue  # "my mate reckons everyone should switch to linux, is he right?": a view to judge

                if works_on_text(sentence):  # 'does this need a comma: "..."': a draft to work on
                    continue
                if is_question(sentence):  # asked: only what was told before the question at its end
                    told = told_before_asked(sentence)
                    if told is None or is_condition_alone(told):  # "if my boss asked me to ..., what would ...?"
                        continue
                    sentence = told
                else:  # "..., can you help me set up a template": what is told beside the ask
                    sentence = told_beside_ask(sentence) or sentence
                if is_supposition(sentence):  # what would be: at most the supposition as said
                    findings.extend(generic_findings(sentence, speaker, item.occurred_at))
                    continue
                bare = bare_correction_findings(sentence, speaker)
                if bare and not frame_findings(sentence, speaker, item.occurred_at):
                    # "actually it's at 11 am": only the right value, for the belief it corrects
                    findings.extend(bare)
                    told = sentence.strip()[len(bare[0].statement) :].lstrip(" ,;—–-")
                    if not told:
                        continue
                    sentence = told  # "..., we're pretty rural": what it goes on to tell, read as said
                said: list[Finding] = []
                for clause in (
                    spoken_of.resolved(c) for c in clauses(spoken_of.resolved(sentence), before) if not elliptical(c)
                ):
                    found = self._clause_findings(clause, sentence, speaker, item.occurred_at)
                    said.extend(found)
                    named = next((f.participants[0] for f in found if f.attribute == "name" and f.participants), None)
                    if named and not item.name and is_cjk(clause):
                        # "我叫张伟，在财务部": the name just given names the speaker in the clauses after it
                        speaker = Speaker(key=speaker.key, label=named, zh_label=named)
                findings.extend(_denial_folded(said))
        if item.role == "user" or item.name:
            findings = _left_behind_marked(findings, item.content, speaker)
        unique: dict[tuple[str, str, str | None], Finding] = {}
        for f in findings:
            unique.setdefault((f.kind, f.statement, f.attribute), f)
        return list(unique.values())

    @staticmethod
    def _clause_findings(clause: str, sentence: str, speaker: Speaker, said_at: datetime) -> list[Finding]:
        """Frames first, the older sentence rules for what they do not cover,
        and the generic belief when neither read anything: nothing stated is lost."""
        rules = chinese_findings if is_cjk(clause) else english_findings
        # "I'm allergic to sulfa drugs, just so you know for any health stuff": the aside is to the listener
        clause = _FILLER_LAST_EN.sub("", _ASIDE_LAST_EN.sub("", clause)) or clause
        clause = _SLIP_WHY_LAST_EN.sub("", clause) or clause  # "I'm 36, genuinely forgot for a sec": the 36
        # "sorry typo, he turned 9 not 7": the 9, in place of the 7 (a slip said, not "she's 29 not 30 lol")
        clause = slip_explained_cut(clause, sentence)  # "..., not a 10k, sorry, completely different plan"
        clause, denied_number = number_denied(clause, sentence)
        clause = habit_restored(clause, sentence)  # "normally cycle to work": the speaker's, said without "I"
        clause = pet_restored(clause)  # "the dog's called rolo": the speaker's dog
        clause = ending_restored(clause)  # "got them to cancel my membership": the speaker's ending
        clause = _ACTUAL_SLOT_EN.sub(r"\1 ", clause)  # "my actual manager is tom": the manager, put right
        clause = _ONES_A_EN.sub(r"\1 is ", clause)
        framed = frame_findings(clause, speaker, said_at)
        legacy = rules(clause, speaker, said_at)
        if framed:  # the frame reading wins; only identity facts it does not cover stay
            legacy = [f for f in legacy if f.attribute in _IDENTITY_ONLY]
        found = [
            replace(f, replaces=_denied(clause)) if f.rule == "correction" and f.replaces is None else f
            for f in framed + legacy
        ] or correction_findings(clause, speaker)
        if not found or (all(f.kind == "episode" for f in found) and _says_what_holds_now(clause)):
            state = generic_findings(clause, speaker, said_at)
            found = state or found
        if denied_number:
            found = [
                # (the speaker's own: of one of their people, the number cut aligns it with what was said)
                replace(f, replaces=denied_number)
                if f.kind == "fact"
                and f.replaces is None
                and re.match(r"(?:i|i'm|im|i've|we|we're)\b", strip_lead(clause), re.IGNORECASE)
                else f
                for f in found
            ]
        # "they shifted us to 10am just this week", "这周三外教请假了 改到周五补一次": once, what holds stays
        if FOR_ONCE.search(clause) or (is_cjk(clause) and ONCE_ZH.search(clause) and _MOVED_ONCE_ZH.search(clause)):
            found = [replace(f, kind="episode", op="add") if f.kind == "fact" else f for f in found]
        # a change the clause dates ("昨天…升级到了…") starts then; a time said
        # earlier in the sentence dates the clauses after it too ("上周开始不喝咖啡了，换成绿茶")
        mention = find_time(clause, said_at) or find_time(_before(clause, sentence), said_at)
        if mention is not None:
            found = [
                replace(f, valid_from=mention.when)
                if f.kind == "fact" and f.op == "update" and f.valid_from is None
                else f
                for f in found
            ]
        # a date to come is written out in the words only: a plan said today holds from today
        return [replace(f, statement=with_coming_dates(_lead_cut(f.statement), clause, said_at)) for f in found]

    def _proposals(self, item: DeltaItem, findings: list[Finding]) -> list[Proposal]:
        out = []
        owned = (item.role == "user" or bool(item.name)) and slip_owned(item.content)
        slip_values = tuple(value_spans(item.content)) if owned else ()  # what a correction may name as wrong
        for n, f in enumerate(findings):
            confidence = self._confidence
            if INSTRUCTION_LIKE in f.flags:
                confidence = min(confidence, INSTRUCTION_LIKE_CONFIDENCE)
            out.append(
                Proposal(
                    op=f.op,
                    kind=f.kind,
                    statement=f.statement,
                    valid_from=f.valid_from or item.occurred_at,
                    source=item.source(),
                    source_key=f"{item.session_id}:{item.seq}:{n}",
                    confidence=confidence,
                    subject=f.subject,
                    attribute=f.attribute,
                    value=f.value,
                    topics=_topics(f.statement, f.participants),
                    participants=f.participants,
                    location=f.location,
                    event_time=f.event_time,
                    sources=(item.source(),),
                    rule=f.rule,
                    value_type=f.value_type,
                    replaces=emoji_trimmed(f.replaces) if f.replaces else f.replaces,
                    flags=f.flags,
                    said_at=item.occurred_at,
                    slip_owned=owned and f.kind == "fact",
                    slip_values=slip_values if f.kind == "fact" else (),
                )
            )
        return out

    def _experience(self, problem: DeltaItem, rest: tuple[DeltaItem, ...]) -> list[Proposal]:
        cjk = is_cjk(problem.content)
        if not (_PROBLEM_ZH if cjk else _PROBLEM_EN).search(problem.content):
            return []
        answer = next((i for i in rest if i.role == "assistant"), None)
        if answer is None:
            return []
        if rest.index(answer) > 0 and any(i.role == "user" for i in rest[: rest.index(answer)]):
            return []  # the user moved on before an answer came: not a pair
        solution_rule = _SOLUTION_ZH if is_cjk(answer.content) else _SOLUTION_EN
        if not solution_rule.search(answer.content):
            return []
        p, s = _clip(problem.content), _clip(answer.content)
        who = problem.name or ("用户" if cjk else "The user")
        statement = f"{who}遇到的问题：{p} 解决办法：{s}" if cjk else f"Problem ({who}): {p} Solution: {s}"
        return [
            Proposal(
                op="add",
                kind="experience",
                statement=statement,
                valid_from=answer.occurred_at,
                source=answer.source(),
                source_key=f"{problem.session_id}:{problem.seq}:experience",
                confidence=self._confidence,
                problem=p,
                solution=s,
                topics=_topics(p, ()),
                participants=tuple(x for x in (problem.name, answer.name) if x),
                sources=(problem.source(), answer.source()),
            )
        ]

    def _task(self, item: DeltaItem) -> list[Proposal]:
        task_input = _clip(item.task_input or "")
        output = _clip(item.content)
        if not task_input or not output:
            return []
        statement = f"Task: {task_input} -> Result: {output}"
        return [
            Proposal(
                op="add",
                kind="experience",
                statement=statement,
                valid_from=item.occurred_at,
                source=item.source(),
                source_key=f"{item.session_id}:task:{item.task_id}",
                confidence=self._confidence,
                problem=task_input,
                solution=output,
                topics=_topics(task_input, ()),
                sources=(item.source(),),
            )
        ]


_MOVED_IT = re.compile(MOVED_IT + r"[$€£¥]?\d", re.IGNORECASE)
# "weighed 79.4", "weighed in at 79.4", "weighed in this morning at 79.4": the reading is the weight now
_WEIGHED = re.compile(
    r"\bweighed\s+(?:in\s+)?(?:(?:this|that|on|yesterday|today|last)\b[^,.;\d]{0,24}?\s+)?(?:at\s+)?"
    r"(?:about\s+|around\s+)?\d",
    re.IGNORECASE,
)


# An aside to the listener said after a fact ("..., just so you know", "..., in case that matters
# for the quotes", "..., for your notes"): why it is told, no part of it
_ASIDE_LAST_EN = re.compile(
    r"(?:\s*[,;—–-]\s*(?:(?:btw|and)\s+)?(?:just so you know|so you know|fyi|for your (?:notes|records|info|information)|"
    r"for the record|in case (?:that|it) (?:matters|helps)|if that (?:matters|helps))\b"
    # (a condition on its use needs no comma: "I'm 41 if that matters for the insurance")
    r"|\s+(?:in case (?:that|it) (?:matters|helps)|if that (?:matters|helps)|if (?:it|that) makes a difference)\b)"
    # (what it is for may follow, never a fact of its own: "for the record the down payment is 40k")
    r"(?:\s+(?:for|about|with|when|regarding)\b(?![^.!?]*\b(?:i|i'm|i've|my|we|we're|our|it's|is|are|was)\b)[^.!?]*)?"
    r"[.!]*$",
    re.IGNORECASE,
)


# "I'm 34 btw": the age, no "btw"; "i'm not allergic after all": the state, how it turned out aside
_FILLER_LAST_EN = re.compile(r"[\s,]+(?:btw|tbh|fyi|after all)[.!]*$", re.IGNORECASE)
# (a change of day or time, said with what makes it once: only then is it no standing change)
_MOVED_ONCE_ZH = re.compile(r"(?:改|调|挪|换|推|提前)(?:到|成|在)")
# How a slip came about, said last ("..., genuinely forgot for a sec", "..., mixed them up lol"):
# no part of what is told
_SLIP_WHY_LAST_EN = re.compile(
    r"\s*[,;—–-]\s*(?:i\s+)?(?:(?:genuinely|totally|completely|honestly|literally|just|clearly|must\s+have|must've)\s+)*"
    r"(?:forgot|blanked|misread|misremembered|miscounted|mixed\s+(?:it|them|those|the\s+two)\s+up|got\s+(?:it|them)\s+mixed\s+up|"
    r"brain\s+(?:fart|fog)|wasn't\s+thinking|not\s+thinking|half\s+asleep"
    # "21, I always mix those up", "the last Monday, I'm getting muddled", "5:30 actually, I always
    # forget they moved it", "end of September, I was thinking of my old place"
    r"|(?:always\s+|keep\s+)?(?:mix|mixing|muddle|muddling)\s+(?:it|them|those|these|the\s+two)\s+up"
    r"|(?:i'm\s+|i\s+am\s+|always\s+|keep\s+)?(?:getting|get|got)\s+(?:it\s+|them\s+)?(?:muddled|confused|mixed\s+up)"
    r"|always\s+forget|(?:was\s+)?thinking\s+of"
    # ... or the wrong value said for what it is ("8.30, 8 is when I get up", "2 is for the blue one")
    r"|[$€£¥]?\d[\d.,:]*\s*(?:[a-z]{1,3}\s+)?(?:is|was)\s+(?:when|what|for|the|my))\b[^,;.!?]{0,30}[.!]*$",
    re.IGNORECASE,
)


def _says_what_holds_now(clause: str) -> bool:
    """Whether a clause told as a dated event says what holds from then on, so the generic
    reading (which may end or replace a belief) is taken over the episode: a change ("I
    transferred to billing last week"), an ending ("closed it last month"), an amount moved
    ("bumped it to 10% today"), a weight weighed, a mark reached ("hit 245 this morning"), a
    provider chosen ("went with Mint Mobile a couple weeks ago")."""
    return bool(
        moved_on(clause)
        or ends(clause)
        or ENDED_PRONOUN.search(clause)
        or _MOVED_IT.search(clause)
        or _WEIGHED.search(clause)
        or REACHED.search(clause)
        or WENT_WITH.search(clause)
        or MADE_INTO.search(clause)  # "pivoted it into a budgeting app back in march"
        or breaks_up(clause)  # "felix and i called it quits on friday"
        or couples(clause)  # "我俩上个月领证了": the couple's next step, from then on
        or bool(providers_named(clause) and switch_said(clause))  # "ported my number to mint mobile yesterday"
        or bool(left_behind(clause))  # "shut down the etsy shop in june": a thing named as gone
        or _FINISHED.search(clause) is not None  # "finished Dune last night": what was under way, done
        or new_job(clause)  # "was promoted to Associate Director earlier this month": the job from then
        or ONE_MORE.search(clause) is not None  # "took on a fourth barista last week": a count from then
        or _MOVED_UP_ZH.search(clause) is not None  # "她九月份升大班了": the grade from then
        or studies_or_work_ended(clause)  # "graduated on Friday": no student from then
        or _REFIXED.search(clause) is not None  # "refinanced with our credit union last month, 5.9%"
        or FITTED.search(clause) is not None  # "had a Worcester Bosch combi fitted on tuesday": the boiler from then
    )


# A loan or a deal taken out again at a new rate or sum ("refinanced with our credit union last
# month, 5.9%", "remortgaged in May at 4.1%"): the rate or sum from then on
_REFIXED = re.compile(
    r"\b(?:refinanced|remortgaged|re-?fixed|renewed)\b[^.;]*?(?:\d+(?:\.\d+)?\s?%|[$€£¥]\d)", re.IGNORECASE
)


# A grade or a year of school moved on to, in Chinese ("升大班了", "上初二了", "升高三")
_MOVED_UP_ZH = re.compile(r"[升上读](?:了)?(?:[小中大]班|[初高大][一二三四]|[一二三四五六]年级|研[一二三])")


# A thing under way finished ("finished Dune last night", "completed the couch to 5k on sunday"),
# not a day's work or a meal ("finished work at 6", "finished dinner").
_FINISHED = re.compile(
    r"\b(?:finished|completed)\s+(?!(?:work|up|off|it|that|this|them|dinner|lunch|breakfast|early|late|at|on|in)\b)\S"
    # ... or a job, by where it was ("finished at Boots on Friday"; not "finished at 6")
    r"|\bfinished\s+(?:up\s+)?at\s+(?-i:[A-Z])",
    re.IGNORECASE,
)


# A clause said of now ("I'm on the 19 these days"): what holds in place of a thing said gone
_NOW_SAID = re.compile(r"\b(?:now|these days|nowadays|instead|from now on|going forward)\b", re.IGNORECASE)
# ... or one got in its place, said with "I" dropped ("bought a Brompton with the insurance money")
_GOT_IN_ITS_PLACE = re.compile(
    r"(?:(?:so|and|then)\s+)?(?:bought|got|picked up|ordered|went with|switched to|moved to|ended up (?:at|with|in|on)|"
    r"signed up (?:with|to|for)|joined)\s+\S",
    re.IGNORECASE,
)
# ... or one who took the thing on ("Hillside Roofing have taken the job on", "Sam took over")
_TAKEN_ON = re.compile(r"\b(?:have|has|'ve|'s)?\s*(?:taken|took)\s+(?:it|the job|the work|them)?\s*(?:on|over)\b", re.I)
_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I've|me|my|we|we're|we've|us|our)\b", re.IGNORECASE)


def _left_behind_marked(findings: list[Finding], content: str, speaker: Speaker) -> list[Finding]:
    """The message's statements marked with the thing it names as gone ("..., jira is dead to
    us"; ``left_behind``): what it says now replaces the belief that holds that thing. A
    message that says only that ("poker night is done for good") ends it; one no other rule
    read ("they moved me to TA orgo instead of intro") is kept where it replaces a belief."""
    stated = [s for s in sentences(content) if not is_question(s) and not is_supposition(s)]
    gone = left_behind(" ".join(stated))
    if not gone:
        return findings
    thing = gone[0]
    if not findings:  # no other rule read it: what went ends, and a new state said with it is kept
        said = next((s for s in stated if thing in left_behind(s)), None)
        if said is None:  # the phrase ran across two sentences: no one sentence says it
            return findings
        parts = re.split(r"\s*[,;]\s*|\s+[—–-]+\s+|\s+(?:so|and|but)\s+", said)  # "..., so the half is off"
        gone_said = [c for c in parts if thing in left_behind(c, instead_said=True) and only_left_behind(c)]
        now_said = [
            c
            for c in parts
            if c not in gone_said
            and ((_FIRST_PERSON.search(c) and _NOW_SAID.search(c)) or _GOT_IN_ITS_PLACE.match(c) or _TAKEN_ON.search(c))
        ]
        if gone_said and now_said:  # "they rerouted the 38 so I'm on the 19 these days": what holds instead
            body = strip_lead(now_said[0].strip()).rstrip(".!")
            if _GOT_IN_ITS_PLACE.match(body):  # "bought a Brompton ...": the speaker's, "I" dropped
                body = "I " + re.sub(r"^(?:so|and|then)\s+", "", body, flags=re.IGNORECASE)
            statement = third_person(body[:1].upper() + body[1:], speaker.label) + "."
            return [
                Finding(
                    kind="fact", statement=statement, op="update", subject=speaker.key, rule=LEFT_FOR, replaces=thing
                )
            ]
        if gone_said:  # the rest says why
            return [
                Finding(kind="fact", statement=said, op="update", subject=speaker.key, rule=LEFT_BEHIND, replaces=thing)
            ]
        if not _FIRST_PERSON.search(said):  # "you can use coconut oil instead of butter": advice, no state of theirs
            return findings
        body = strip_lead(said.strip()).rstrip(".!")
        statement = third_person(body[:1].upper() + body[1:], speaker.label) + "."
        return [
            Finding(kind="fact", statement=statement, op="update", subject=speaker.key, rule=LEFT_FOR, replaces=thing)
        ]
    fitting = [
        n
        for n, f in enumerate(findings)
        if f.kind == "fact"
        and f.op in ("add", "update")
        and f.replaces is None
        # a frame reads what its own words replace; a thing got is what a thing gone leaves in its place
        and f.rule in (None, "generic", "possession")
        and INSTRUCTION_LIKE not in f.flags
        and not negated(f.statement)
    ]
    holding = [n for n in fitting if names_left(thing, findings[n].statement)]
    marked = set(holding or fitting)
    return [replace(f, replaces=thing, op="update") if n in marked else f for n, f in enumerate(findings)]


def _denial_folded(findings: list[Finding]) -> list[Finding]:
    """ "My blood type is not A+, it's O+": the denial and the value said in its place
    are one correction, the value replacing the denied one; the denial is no belief
    of its own beside it."""

    def slot(f: Finding) -> tuple[str | None, str | None]:
        return f.subject, f.attribute.removesuffix("/not") if f.attribute else None  # the older rules' negated key

    denied = {
        slot(f): f.value.removeprefix("not ")
        for f in findings
        if f.attribute and f.value and f.value.startswith("not ")
    }
    stated = {slot(f) for f in findings if f.attribute and f.value and not f.value.startswith("not ")}
    out = []
    for f in findings:
        if slot(f) in denied and slot(f) in stated:
            if (f.value or "").startswith("not "):
                continue  # the denial: said again by the value in its place
            f = replace(f, op="update", replaces=f.replaces or denied[slot(f)])
        out.append(f)
    return out


def _before(clause: str, sentence: str) -> str:
    """The part of the sentence said before the clause (all of it when the clause was
    rewritten): a time said after it ("..., I looked at last year's statement") dates
    another clause, not this one."""
    at = sentence.find(clause.strip()[:24])
    return sentence[:at] if at >= 0 else sentence


# The speaker's thing named as the actual one ("my actual manager is tom", "our real landlord is
# ..."): the same thing as said before, its value put right; "actual" is no part of its name.
_ACTUAL_SLOT_EN = re.compile(r"\b(my|our)\s+(?:actual|real)\s+(?=[a-z-]+(?:\s+[a-z-]+)?\s+(?:is|are)\s)", re.IGNORECASE)
# "my husband's a firefighter": the copula, since an article cannot follow a possessive
_ONES_A_EN = re.compile(r"\b((?:my|our)\s+[a-z-]+)['’]s\s+(?=(?:a|an)\s)", re.IGNORECASE)


def _denied(clause: str) -> str | None:
    """The value a correction denies ("..., not Atlas", "……，不是花生")."""
    found = contrast(clause)
    return found[1] if found else None


def _speaker(item: DeltaItem, introduced: str | None) -> Speaker:
    if item.name:
        return Speaker(key=item.name.casefold(), label=item.name, zh_label=item.name)
    if introduced:
        return Speaker(key=item.role, label=introduced, zh_label=introduced)
    return Speaker(key=item.role, label=item.speaker, zh_label="用户" if item.role == "user" else "助手")


def _topics(text: str, people: tuple[str, ...]) -> tuple[str, ...]:
    skip = {t for p in people for t in tokens(p)}
    words = sorted((t for t in tokens(text) if (t not in skip and len(t) > 2) or is_cjk(t)), key=lambda t: (-len(t), t))
    return tuple(sorted(words[:5]))


def _clip(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= _MAX_PART else text[: _MAX_PART - 1] + "…"
