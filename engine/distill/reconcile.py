"""Deterministic code decides what an extraction changes (design: docs/design/memory-pipeline.md).

``reconcile`` is a pure function: proposals and the owner's current beliefs
in, ``ledgermind.write.beliefs`` changes out. The same inputs always give the same
changes (beliefs are visited in a fixed order; new ids are uuid5 of source
keys), so a replay after a crash proposes exactly what the first run did.

Decision order for an add / update proposal (a leading "he" / "she" / 他 / 她
first becomes the person the speaker spoke of last, ``anaphora``):
0. a bare correction ("sorry, I meant Lille": no slot) supersedes the belief
   holding the value it names as wrong, else this subject's latest keyed fact
   whose slot takes that type of value (a place, a number, an e-mail ...);
1. exact match (normalised statement) of a current belief of the same frame
   -> Reinforce;
2. same subject and frame (slot and scope; an announced change without a
   scope reaches the scoped belief of the slot): same value -> Reinforce;
   different value -> Invalidate the old (invalid_at = the new belief's
   valid_from, a reason naming frame, old and new value and rule family, the
   cause with the same fields, superseded_by) and NewBelief(supersedes=old).
   When the proposal names the value it replaces ("from X", "no longer X"),
   only beliefs holding X go; a negation naming nothing held adds only. A
   proposal older than the belief it clashes with is recorded already
   superseded by it, so late imports never resurrect stale facts;
   with no keyed match, a named replaced value still finds its belief (a
   "preference:coffee" ended by "switched from coffee to tea");
3. an explicit ``update`` with no keyed match supersedes its most similar
   belief (score >= ``revise_at``);
4. similarity tiers (token Jaccard, or a pluggable search score):
   >= ``reinforce_at`` Reinforce, >= ``revise_at`` Revise;
5. otherwise NewBelief.
``delete`` invalidates the beliefs it names; ``clear`` invalidates them all.
A similarity search that fails (``SimilarityUnavailable``) leaves the
proposal to step 5: keeping a possible duplicate beats dropping data.

There is no ``now`` argument on purpose: every time written (valid_from,
invalid_at) comes from the proposals, i.e. from when the source message was
said, so reconciling the same delta tomorrow writes the same events.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import NamedTuple

import dateparser  # type: ignore[import-untyped]

from ledgermind.distill.alignment import (
    align,
    change_due,
    change_words,
    ends,
    ends_nothing_held,
    has_additive_cue,
    has_change_cue,
    moved_on,
    negated,
    topic_words,
    undated,
)
from ledgermind.distill.anaphora import UNRESOLVED, antecedent, named_person
from ledgermind.distill.bare_corrections import (
    BARE_CORRECTION,
    CLOCK_ZH,
    DAY_NAMES,
    WORD,
    slip_said_zh,
    spoken_spans,
    value_put_right,
    value_said_zh,
    value_shape,
    value_spans,
)
from ledgermind.distill.confidence import DEFAULT_POLICY, ConfidencePolicy
from ledgermind.distill.dates import with_weekday_date
from ledgermind.distill.departures import departed, says_leaving
from ledgermind.distill.flags import CONFLICTING, INSTRUCTION_LIKE
from ledgermind.distill.frames import FAMILIES
from ledgermind.distill.generic_decision import (
    CHANGE_WISHED_ZH,
    DEFAULT_GREY,
    MOVED_IT,
    MOVED_ZH,
    GreyZone,
    born,
    couple_step,
    dead_of_mine,
    debt_paid_off,
    decide,
    ended_by_break_up,
    ended_by_death,
    hour_at,
    new_job,
    of_someone_else,
    rates_of_two,
    says_still,
)
from ledgermind.distill.grey_zone_model import GreyZoneJudge, Verdict
from ledgermind.distill.left_behind import LEFT_BEHIND, LEFT_FOR, names_left
from ledgermind.distill.meaning import (
    AMOUNT_WORDS,
    BESIDE_EN,
    JudgeChosenByEnv,
    MeaningJudge,
    as_said,
    askable,
    ended_for_judge,
    held_now,
    new_state_zh,
    one_of_two,
    origin_and_home,
    says_change,
)
from ledgermind.distill.person import RELATIONS_ZH_WORDS
from ledgermind.distill.proposals import Extraction, Proposal
from ledgermind.distill.shared_words_zh import shared_words_zh
from ledgermind.distill.statements import DAYS_NOW, PLACED_NOW
from ledgermind.distill.text import (
    DAY_OF_WEEK,
    a_or_an,
    count_in_words,
    count_of_word,
    is_cjk,
    jaccard,
    normalise,
    tokens,
)
from ledgermind.distill.value_types import NO_NOUN_AFTER
from ledgermind.distill.views import BeliefView
from ledgermind.domain import bitemporal
from ledgermind.domain.errors import SimilarityUnavailable
from ledgermind.domain.owner import Owner
from ledgermind.write.beliefs import (
    BeliefChange,
    Flag,
    Invalidate,
    NewBelief,
    Reinforce,
    Revise,
    new_belief_id,
)

__all__ = ["ReconcileConfig", "Similarity", "jaccard_similarity", "reconcile"]

Similarity = Callable[[Proposal, Sequence[BeliefView]], list[tuple[BeliefView, float]]]


@dataclass(frozen=True, slots=True)
class ReconcileConfig:
    reinforce_at: float = 0.8  # similarity >= this: the same belief said again
    revise_at: float = 0.55  # similarity >= this: the same belief, better worded now
    delete_match_at: float = 0.6  # share of a "forget X" request's words a belief must contain
    grey: GreyZone = field(default=DEFAULT_GREY)  # where generic statements conflict (calibrated on dev)
    policy: ConfidencePolicy = field(default=DEFAULT_POLICY)
    judge: GreyZoneJudge | None = None  # a model asked before a conflict is recorded (``grey_zone_model``)
    # a sentence model asked where a change said in other words ties to no belief (``meaning``)
    meaning: MeaningJudge | None = field(default_factory=JudgeChosenByEnv)


DEFAULT_CONFIG = ReconcileConfig()
_USER = "user"  # the subject key of a speaker with no name: the user of an assistant


# Working from home every day ("WFH full time", "fully remote now", "remote permanently"): no
# commute of the speaker's holds any more.
_REMOTE = re.compile(r"\b(?:wfh|work(?:s|ing)? from home|remote)\b", re.IGNORECASE)
_COMMUTES = re.compile(r"\bcommut(?:e|es|ing)\b|通勤", re.IGNORECASE)
_ALL_REMOTE = re.compile(
    r"\b(?:full[- ]time|fully|permanently|for good|100%|every day|all week|five days a week)\b", re.IGNORECASE
)


def jaccard_similarity(p: Proposal, beliefs: Sequence[BeliefView]) -> list[tuple[BeliefView, float]]:
    words = tokens(p.statement)
    return [(b, jaccard(words, b.words)) for b in beliefs]


def reconcile(
    owner: Owner,
    extraction: Extraction,
    beliefs: Sequence[BeliefView],
    config: ReconcileConfig = DEFAULT_CONFIG,
    similarity: Similarity | None = None,
) -> list[BeliefChange]:
    state = _State(owner, extraction, config, similarity or jaccard_similarity)
    for b in sorted(beliefs, key=lambda v: (v.valid_from, v.memory_id)):
        if b.status == bitemporal.CURRENT:
            state.current[b.memory_id] = b
    first: dict[tuple[object, ...], int] = {}  # each message's place in the extraction
    for n, p in enumerate(extraction.proposals):
        first.setdefault(_message_of(p), n)
    # a leaving goes after what else its message says: "Karen retired and Leo became my boss
    # last week" replaces Karen with Leo (dated), and the leaving then ends nothing more
    for p in sorted(extraction.proposals, key=lambda p: (first[_message_of(p)], says_leaving(p.statement))):
        state.apply(p)
    return state.changes


@dataclass
class _State:
    owner: Owner
    extraction: Extraction
    config: ReconcileConfig
    similarity: Similarity
    current: dict[str, BeliefView] = field(default_factory=dict)
    changes: list[BeliefChange] = field(default_factory=list)
    born: dict[str, tuple[object, ...]] = field(default_factory=dict)  # new id -> the message it came from
    replaced: set[str] = field(default_factory=set)  # statements a change of this extraction replaced

    def apply(self, p: Proposal) -> None:
        if p.op == "clear":
            self._invalidate_all(p, [b for b in self.current.values()], "user asked to forget everything")
        elif p.op == "delete":
            self._invalidate_all(p, self._named_by(p), "user asked to forget it")
        elif p.statement.strip():
            held = list(self.current.values())
            # "no, he works at an insurer": the person spoken of last; "Raj quit": the coworker Raj
            resolved = antecedent(p.statement, p.subject, held) or named_person(p.statement, p.subject, held)
            if resolved is not None:
                p = replace(p, subject=resolved[0], statement=resolved[1])
            self._add_or_update(p)

    def _facts(self) -> list[BeliefView]:
        return [b for b in self.current.values() if b.kind == "fact" and INSTRUCTION_LIKE not in b.flags]

    def _add_or_update(self, p: Proposal) -> None:
        if INSTRUCTION_LIKE in p.flags:  # kept as said, never merged into or over a fact
            return self._new(p)
        if p.kind == "episode" and (dead := dead_of_mine(p.statement)):
            # "we lost Max last month", told as a dated event: what held of Max ends with it
            gone = list(ended_by_death(dead, self._facts()))
            if gone:
                self._invalidate_all(p, gone, f"ended: {p.statement} (rule death)", at=p.valid_from)
        elif p.kind == "episode" and (parted := ended_by_break_up(p.statement, self._facts())):
            # "Chris and I finalized our divorce in June", told as a dated event: the marriage ends
            self._invalidate_all(p, list(parted), f"ended: {p.statement} (rule break-up)", at=p.valid_from)
        elif p.kind == "episode" and (paid := debt_paid_off(p.statement, self._facts())):
            # "made the last payment on the car loan yesterday", told as a dated event: the debt ends
            self._invalidate_all(p, list(paid), f"ended: {p.statement} (rule paid off)", at=p.valid_from)
        elif _REMOTE.search(p.statement) and _ALL_REMOTE.search(p.statement) and not negated(p.statement):
            # "now that I'm WFH full time", "work's gone fully remote": a commute of the speaker's is over
            gone = [
                b
                for b in self._facts()
                if b.subject == p.subject and (b.attribute == "commute" or _COMMUTES.search(b.statement))
            ]
            self._invalidate_all(p, gone, f"ended: {p.statement} (rule fully remote, no commute)", at=p.valid_from)
        elif p.attribute == "commute" and p.op == "update" and moved_on(p.statement) and not negated(p.statement):
            # "现在骑车上班了": a new way to work ends a commute said in other words ("每天坐地铁2号线通勤")
            gone = [
                b
                for b in self._facts()
                if b.subject == p.subject and _is_said(b.attribute) and _COMMUTES.search(b.statement)
            ]
            self._invalidate_all(p, gone, f"ended: {p.statement} (rule commute changed)", at=p.valid_from)
        same_kind = [b for b in self.current.values() if b.kind == p.kind and INSTRUCTION_LIKE not in b.flags]
        if p.rule == LEFT_BEHIND and ends_nothing_held(p.statement):
            return None  # "almost ditched keto last night": nothing went
        if p.rule in (LEFT_BEHIND, LEFT_FOR):  # "poker night is done for good": only what went, or what
            left = self._named_left(p, same_kind)  # holds instead ("... TA orgo instead of intro"), kept only
            if left is None:  # where it replaces a belief said before, or ends one named another way
                if p.rule == LEFT_BEHIND:
                    self._ended_by_meaning(p, same_kind)
                return None
            if p.rule == LEFT_FOR:
                return self._supersede([left], p, "replaced")
            reason = f"ended: {p.replaces} said gone ({p.statement}; ends: {left.statement}; rule left behind)"
            return self._invalidate_all(p, [left], reason, at=p.valid_from)
        if p.rule == BARE_CORRECTION:  # only a value: it corrects a belief or says nothing
            self._corrected_value(p, same_kind)
            return None
        if p.attribute is None and p.rule == "correction" and p.value:
            cleft = _CLEFT_STATE.search(p.statement)
            if cleft is not None:  # "it's cats I'm allergic to, not dogs": an allergy put right, not "I love dogs"
                same_kind = [b for b in same_kind if cleft.group("state").casefold() in b.statement.casefold()]
            # "是一天两次": the count alone is the value, found where the belief says it
            value = value_said_zh(p.value) if is_cjk(p.value) else p.value
            target = self._corrected(p, same_kind) if value == p.value else None
            if target is not None:
                # "住北京，朝阳那边" / "是海淀不是朝阳": the word named wrong is what is put right, not the value
                word = (
                    p.replaces if p.replaces and is_cjk(p.replaces) and p.replaces not in (target.value or "") else ""
                )
                as_held = replace(target, value=word) if word and word in target.statement else target
                return self._supersede([target], _as_correction_of(as_held, p), "corrected")
            # "记错了，我老婆是一周三次": another of the speaker's people's count, not the speaker's
            someone = re.search(RELATIONS_ZH_WORDS, p.statement) if value != p.value else None
            bare = replace(p, rule=BARE_CORRECTION, value=value, value_type=value_shape(value))
            if someone is None and self._corrected_value(bare, same_kind, slip=True):
                return None
            if _TO_THE_LISTENER.search(p.statement):
                return None  # "I think you got that wrong — it's said before eating, not after": the listener's slip
        key = normalise(p.statement)
        exact = next((b for b in same_kind if normalise(b.statement) == key and not _conflicting_keys(b, p)), None)
        if exact is not None:
            return self._reinforce(exact, p, "restated")
        if _is_said(p.attribute):
            return self._generic(p, same_kind)
        if self._days_moved_zh(p, same_kind):  # "老板让我改成周三周五晚上了", read by a frame of change
            return None
        keyed = [b for b in same_kind if _same_key(b, p) or _covers(b, p)]
        if not keyed:  # "my new coach is ..." changes "my soccer coach", when it is the one coach
            loose = [b for b in same_kind if _modified_slot(b, p)]
            keyed = loose if len(loose) == 1 else []
        if (
            not keyed
            and _CHANGED_TO_ZH.search(p.statement)
            and not _NOW_AND_THEN_ZH.search(p.statement)  # "晚上在家我会换成框架眼镜": at times, both hold
            and p.rule is None
            and p.attribute
            and p.op == "update"
        ):
            # "现在周末改成去游泳了": the one belief of the speaker's, in their words, that says
            # what their weekends were ("用户周末喜欢去爬山")
            # ... or a word of the kind its new value is ("续费的时候换成年卡了" for "办的月卡")
            said = [
                b
                for b in same_kind
                if b.subject == p.subject
                and (_is_said(b.attribute) or (b.attribute or "").startswith("habit:"))  # "平时吃皇家的猫粮" too
                and (
                    (len(p.attribute) >= 2 and p.attribute in b.statement)
                    or (len(p.value or "") >= 2 and _same_kind_zh(p.value or "", b.statement))
                )
            ]
            keyed = said if len(said) == 1 else []
        if keyed:
            agreeing = [b for b in keyed if b.value == p.value]
            recounted = [b for b in agreeing if _recounted(b, p)]
            if recounted:  # "three cups of coffee" -> "one cup of coffee": the slot holds, the number changed
                al = align(recounted[0].statement, p.statement)
                return self._supersede(
                    recounted, replace(p, value=al.new, replaces=al.old, rule="generic alignment"), "replaced"
                )
            moved = [b for b in agreeing if b.statement != p.statement and b.statement in self.replaced]
            if moved:
                # "I'm a data analyst at Stripe" after "... at Shopify": the role holds, but the
                # statement it was kept in was just replaced (the employer): it goes with it
                return self._supersede(moved, p, "restated")
            if agreeing:
                return self._reinforce(agreeing[0], p, f"restated {p.attribute}")
            named = [b for b in keyed if p.replaces and _names_value(b, p.replaces)]
            if not named and _another_besides(keyed, p):
                return self._new(p)  # "I don't drink coffee" / "I do drink a ton of green tea": both hold
            if not named and _called_shorter(keyed, p):
                return self._new(p)  # "my car is a 2018 Mazda 3" / "the mazda needs new brakes": the same car
            if not named and p.rule != "correction" and _sums_far_apart(keyed, p):
                return self._new(p)  # "my rent is £900" / "it's £20 now for a sandwich": another thing's price
            if named or not (p.replaces and (p.value or "").startswith("not ")):
                verb = "corrected" if p.rule == "correction" else "contradicted"
                return self._supersede(named or keyed, p, verb)
        elif p.replaces and p.subject:
            gone = [b for b in same_kind if b.subject == p.subject and _names_value(b, p.replaces)]
            # "migrated everything to linear, jira is dead": the team's jira; "the old fridge died, a new
            # Samsung arrived": a thing got in place of the one gone
            if not gone and p.rule in (None, "possession"):
                gone = [b for b in [self._named_left(p, same_kind)] if b is not None]
            if gone:
                return self._supersede(gone, p, "corrected" if p.rule == "correction" else "replaced")
            said = [b for b in same_kind if b.subject == p.subject and _says_word(b.statement, p.replaces)]
            cleft = _CLEFT_STATE.search(p.statement)
            if cleft is not None:  # "it's dogs I'm allergic to, cats are fine": only an allergy is put right
                said = [b for b in said if cleft.group("state").casefold() in b.statement.casefold()]
            if p.rule == "correction" and len(said) == 1:
                # "sorry, I'm a vet nurse there, not the receptionist" after "I work at a vet clinic as a
                # receptionist": the one belief that says the wrong value, with the right one in its place
                corrected = _as_correction_of(said[0], p)
                return self._supersede(
                    said, replace(corrected, attribute=p.attribute or corrected.attribute), "corrected"
                )
        if not keyed and p.attribute == "residence" and self._moved_from_where_said(p, same_kind):
            return None
        if not keyed and p.attribute == "occupation" and self._role_now(p, same_kind):
            return None
        if not keyed and p.attribute == "employer" and self._work_elsewhere(p, same_kind):
            return None
        if not keyed and p.attribute == "address" and self._home_readdressed(p, same_kind):
            return None
        # a stated change may cross a legacy key (a new job ends an occupation said before), never
        # from one frame's key to another's: a move is no change of occupation
        changed, taken = moved_on(p.statement) or ends(p.statement), new_job(p.statement)
        if (
            p.subject
            and p.kind == "fact"
            and self._aligned(
                p,
                [
                    b
                    for b in same_kind
                    if (changed and not _frames_apart(b, p))
                    or taken
                    or not _conflicting_keys(b, p)
                    or _is_said(b.attribute)
                ],
            )
        ):
            return None
        candidates = [b for b in same_kind if not _conflicting_keys(b, p)]
        scored = self._scored(p, candidates)
        best = scored[0] if scored else None
        if p.op == "update" and best is not None and best[1] >= self.config.revise_at:
            return self._supersede([best[0]], p, "updated")
        if best is not None and best[1] >= self.config.reinforce_at:
            return self._reinforce(best[0], p, f"similar statement ({best[1]:.2f})")
        if best is not None and best[1] >= self.config.revise_at:
            return self._revise(best[0], p, best[1])
        if self._tied_by_meaning(p, same_kind) or self._put_right(p, same_kind) or self._ended_by_meaning(p, same_kind):
            return None
        self._new(p)

    def _generic(self, p: Proposal, same_kind: list[BeliefView]) -> None:
        """A statement no frame read, against this subject's generic beliefs
        (``alignment``): restated -> Reinforce; negated -> the old one ends,
        nothing replaces it; one value changed -> supersede (a single-valued
        property, or a change cue / a date says so), "also" keeps both; the
        grey zone (much alike, not one value apart, no cue) -> a conflict."""
        if self._aligned(p, same_kind):
            return None
        # "the train was cancelled this morning": one occasion of it went, the thing holds
        named = self._named_left(p, same_kind) if p.replaces and not ends_nothing_held(p.statement) else None
        if named is not None:  # "I'm at the YMCA now, ditched PF": what holds now, in place of what it names
            return self._supersede([named], replace(p, rule=LEFT_BEHIND), "replaced")
        if self._days_moved(p, same_kind):  # "swapped me onto Sat and Sun mornings now": the days it is on
            return None
        if self._it_is_now(p, same_kind):  # "it's Wednesdays now": the value of the thing said before
            return None
        if self._placed_now(p, same_kind):  # "it's in a key safe now": where the thing said before is kept
            return None
        if self._date_moved(p, same_kind):  # "it's been pushed to 12 October": the day of the thing set
            return None
        if self._label_moved(p, same_kind):  # "I'm on plot 31 now" where "plot 14" was held
            return None
        if self._days_moved_zh(p, same_kind):  # "老板让我改成周三周五晚上了" where "周末两天" was held
            return None
        if p.replaces and p.replaces[:1].isdigit():  # "i'm 43 not 34": the belief that says the 34, put right
            held = [
                b
                for b in same_kind
                if b.subject == p.subject
                and _is_said(b.attribute)
                and self.born.get(b.memory_id) != _message_of(p)
                and _names_value(b, p.replaces)
            ]
            if held:
                target = max(held, key=lambda b: (b.valid_from, b.memory_id))
                return self._supersede([target], _as_correction_of(replace(target, value=p.replaces), p), "corrected")
        candidates = [
            b
            for b in same_kind
            if (not _conflicting_keys(b, p) and not _is_said(b.attribute))
            or (b.subject == p.subject and _is_said(b.attribute))
        ]
        scored = self._scored(p, candidates)
        if scored and scored[0][1] >= self.config.reinforce_at:
            return self._reinforce(scored[0][0], p, f"similar statement ({scored[0][1]:.2f})")
        if self._tied_by_meaning(p, same_kind) or self._put_right(p, same_kind) or self._ended_by_meaning(p, same_kind):
            return None
        self._new(p)

    def _tied_by_meaning(self, p: Proposal, beliefs: list[BeliefView]) -> bool:
        """A change said in other words that no rule tied to a belief, tied by meaning
        (``meaning``): the user's belief of the same subject it plainly changes is
        superseded. Only a statement of the user's (no named speaker: measured where people
        tell an assistant what changed) that says a change, or that puts right a slip its message
        owns, or a Chinese new state (了), these two only of a belief they name by a word; never
        an addition, a denial, or one of two frames' different slots."""
        judge = self.config.meaning
        worded = says_change(p.statement)  # a change said in words; else a slip or a Chinese new state
        if (
            judge is None
            or p.kind != "fact"
            or (p.subject or "").partition(":")[0] != _USER
            or not (worded or new_state_zh(p.statement) or p.slip_owned)
            or has_additive_cue(p.statement)
            or BESIDE_EN.search(p.statement) is not None  # "bought a used prius as a second car"
            or negated(p.statement)
            or ends_nothing_held(p.statement)  # "打算放弃日语了": a plan, no new state
            or change_due(p.statement)  # "思域该换轮胎了": a change needed, none made
            or CHANGE_WISHED_ZH.search(p.statement) is not None  # "有时候想转行做设计": a wish, no change made
            or says_still(p.statement)  # "还在考，今年是第二次了": what holds on, no new state
            or (p.slip_owned and self._slip_to_another(p))
        ):
            return False
        # a slip put right names the thing again ("the dentist is thursday at 2"): asked of the
        # beliefs that name it, as the rules ask of what is said of the user
        asked = askable(p.statement)
        thing = None if asked or not p.slip_owned else _THING_AGAIN.match(p.statement)
        if thing is None and not asked:
            return False
        # "今天跑了10公里，破纪录了": what was done on one day, no new state of a habit held
        once = not worded and not p.slip_owned and _ON_A_DAY.search(p.statement) and not ends(p.statement)
        held = [
            b
            for b in self._judgeable(p, beliefs, things=p.slip_owned, people=p.slip_owned)
            if not (once and _HABIT_SAID.search(b.statement))
            and not _frames_apart_keys(b, p)
            and not one_of_two(p.statement, b.statement)
            and not origin_and_home(p.statement, b.statement)
            and not rates_of_two(b.statement, p.statement)  # "works 40 hours a week" / "tutors 6 hours a week"
            and not of_someone_else(p.statement, b.statement)
            # an amount moved ("涨了好多粉") changes only a belief that holds an amount
            and not (_amount_moved_only(p.statement) and not _AMOUNT_HELD.search(b.statement))
            # a slip owned, no change said in words: never of a belief whose value it says again,
            # why the slip happened ("I say boston out of habit")
            and (worded or not (p.slip_owned and _says_again(p, b)))
            and (thing is None or re.search(rf"\b{thing.group('head')}\b", b.statement, re.IGNORECASE) is not None)
        ]
        found = judge.changed(p.statement, [b.statement for b in held])
        if found is None or not (
            worded or _shares_a_word(p, held[found.index]) or (p.slip_owned and is_cjk(p.statement))
        ):
            # a slip owned or a Chinese new state, no change said in words: only of the belief
            # the statement names by a word of it; a Chinese slip also where the judge found the
            # two alike by its full floor, no word shared ("那个维D" of "维生素D")
            return False
        # every belief the one sentence was read into ends with it: "works as a nurse at
        # St. Mary's" held as a job and an employer, "teaching chemistry instead" changes the sentence
        said = held[found.index].statement
        self._supersede(
            [b for b in held if b.statement == said],
            replace(p, rule=f"meaning ({found.model} {found.score:.2f})"),
            "replaced" if worded or not p.slip_owned else "corrected",
        )
        return True

    def _role_now(self, p: Proposal, beliefs: list[BeliefView]) -> bool:
        """A role said held now, where no role was held by the frame ("I'm a shift manager now!!"
        after "I work on the tills at Tesco"): the one belief of the user's that says the work they
        do in their own words ends, the role replacing it (the place it named stays in its history)."""
        if p.subject != _USER or not _NOW_WORD.search(p.statement) or negated(p.statement):
            return False
        # (or held as an employer, where the role is taken at another place: "works at Tesco as a
        # shift leader" / "I'm deputy manager at the Lidl in Harlow now")
        at = re.search(r"\bat\s+(?:the\s+)?(?-i:[A-Z])[\w&'-]+", p.statement)
        work = [
            b
            for b in self._judgeable(p, beliefs)
            if _WORK_SAID.search(b.statement)
            and (
                _is_said(b.attribute)
                or (
                    b.attribute == "employer"
                    and at is not None
                    and (b.value or "").casefold() not in at.group(0).casefold()
                )
            )
        ]
        if len(work) != 1 or negated(work[0].statement):
            return False
        self._supersede(work, p, "replaced")
        return True

    def _work_elsewhere(self, p: Proposal, beliefs: list[BeliefView]) -> bool:
        """A new employer where none was held by the frame ("started at the Sainsbury's on the
        quayside" after "I stack shelves at Tesco in Gateshead", "started at Foxtons" after "I'm a
        lettings negotiator at Haart"): the one belief of the user's that says the work they do, in
        their words, at another named place ends, the employer replacing it. A job started or taken
        only (``new_job``, "started at"), never a job sought, and never where two such beliefs are held."""
        if p.subject != _USER or negated(p.statement) or has_additive_cue(p.statement):
            return False
        if not (new_job(p.statement) or _STARTED_AT.search(p.statement)):
            return False
        new = (p.value or "").casefold()
        work = [
            b
            for b in self._judgeable(p, beliefs)
            if _is_said(b.attribute)
            and (place := _WORK_AT.search(b.statement)) is not None
            and new not in place.group("place").casefold()
            and place.group("place").casefold() not in new
        ]
        if len(work) != 1:
            return False
        self._supersede(work, p, "replaced")
        return True

    def _home_readdressed(self, p: Proposal, beliefs: list[BeliefView]) -> bool:
        """A new address given ("new address: 3 Linden Close, Rotherham") where the user's home
        was said by where they live ("we live at 14 Ashgrove Terrace in Sheffield"): the one belief
        of the user's that says where they live ends, the address replacing it. Only an address
        said new, never a second one ("my work address is ...")."""
        if p.subject != _USER or negated(p.statement) or not re.search(r"\bnew\b|\bnow\b", p.statement, re.I):
            return False
        home = [
            b
            for b in self._judgeable(p, beliefs)
            if _LIVES_AT.search(b.statement) and (b.value or "").casefold() not in (p.value or "").casefold()
        ]
        if len(home) != 1:
            return False
        self._supersede(home, p, "moved")
        return True

    def _moved_from_where_said(self, p: Proposal, beliefs: list[BeliefView]) -> bool:
        """A move where no home was held, from the town another belief of the user's places them
        in ("I'm a plumber in Glasgow" then "we've just moved through to Edinburgh"): that belief
        holds with the new town in the old one's place, the latest one that names one town."""
        town = _surface(p.statement, p.value or "")
        if p.subject != _USER or p.op != "update" or not town[:1].isupper() or ends(p.statement):
            return False
        placed = []
        for b in self._judgeable(p, beliefs):
            # (not the town of a place named first, "works at a bank in Leeds": a move leaves the bank where it is)
            towns = {
                m.group(1)
                for m in _IN_TOWN.finditer(b.statement)
                if m.group(1).casefold() != town.casefold() and not _AT_A_PLACE.search(b.statement[: m.start()])
            }
            if len(towns) == 1:
                placed.append((b, towns.pop()))
        if not placed:
            return False
        target, old = max(placed, key=lambda h: (h[0].valid_from, h[0].memory_id))
        statement = re.sub(rf"\bin\s+{re.escape(old)}\b", f"in {town}", target.statement, count=1)
        moved = replace(
            p,
            attribute=target.attribute,
            value=town.casefold(),
            replaces=old,
            statement=statement,
            source_key=f"{p.source_key}:moved:{target.memory_id}",  # a belief of its own beside the move
        )
        self._supersede([target], moved, "moved")
        self._new(p)  # the move, where they live now
        return True

    def _it_is_now(self, p: Proposal, beliefs: list[BeliefView]) -> bool:
        """A new value said of the thing just spoken of by "it" and a word of now ("it's
        Wednesdays now", "so it's the Usk for me these days", "... mean it's Tuesdays at 6 going
        forward"): the latest belief of the user's that holds a value of its kind holds the new one
        instead. Days only in the plural or with a time (not "it's Friday now": today), a date with
        its day (not "it's June now"), a name only after "the" and where the belief holds one name
        (not "it's Ramadan now"), never a time alone ("it's 6pm now": the clock); the clause ends
        with the word of now ("it's £20 now for a sandwich" is another thing's price)."""
        m = _IT_IS_NOW.search(p.statement) or DAYS_NOW.search(p.statement)
        # "she does thursdays now": one who works for the speaker, spoken of last, not the speaker
        someone = m is not None and re.match(r"(?:she|he)\b", m.group(0).lstrip(", "), re.IGNORECASE) is not None
        if (
            m is None
            or p.kind != "fact"
            or (p.subject or "") != (f"{_USER}:{UNRESOLVED}" if someone else _USER)
            or negated(p.statement)
        ):
            return False
        spans = value_spans(m.group("v"))
        new = spans[0] if spans else ""
        shape = value_shape(new) if new else ""
        # (a day with a part of the day is a standing slot too: "it's Friday mornings for me now")
        slot = m.re is DAYS_NOW
        if shape == "weekday" and not (new.endswith("s") or len(spans) > 1 or slot):
            return False
        if slot and shape != "weekday":
            return False
        if (shape == "date" and not re.search(r"\d", new)) or (
            shape == "name" and not m.group("v").casefold().startswith("the ")
        ):
            return False  # "it's June now": the month it is; "it's Ramadan now": the time of year
        # a number only with what it counts ("it's 70 people since the flood" of "about 40 people in it")
        # or as the number a thing goes by ("it's the 52 for me now" of "the 47 bus"): said the same in both
        counted = _COUNTED.match(m.group("v")) if shape == "number" else None
        if shape not in ("weekday", "date", "money", "name") and counted is None:
            return False
        held = []
        for b in self._judgeable(p, beliefs) if not someone else self._judgeable(replace(p, subject=_USER), beliefs):
            if someone and not _THEIRS_WHO_COMES.match(b.statement):
                continue
            same = [v for v in value_spans(b.statement) if value_shape(v) == shape and v.casefold() != new.casefold()]
            if counted is not None:
                same = [v for v in same if _counted_alike(counted, v, b.statement)]
            if same and (shape != "name" or len(same) == 1):
                held.append((b, same[0]))
        if not held:
            return False
        target, old = max(held, key=lambda h: (h[0].valid_from, h[0].memory_id))
        if re.search(r"\bthe\s+" + re.escape(old), target.statement, re.IGNORECASE):
            new = re.sub(r"^the\s+", "", new, flags=re.IGNORECASE)  # "the River Wye" -> "the Usk", said once
        said = replace(p, statement=f"It's {new}{m.groupdict().get('at') or ''} now.", value=new, replaces=old)
        restated = _restated(said, target)
        if restated is said:
            return False
        self._supersede([target], replace(restated, rule="it is now", value=new), "replaced")
        return True

    def _placed_now(self, p: Proposal, beliefs: list[BeliefView]) -> bool:
        """Where a thing is kept, said new of it ("it's in a key safe on the side wall now" after
        "the spare key lives under the blue pot", "this year they're all in the raised beds" after
        "I grow my tomatoes in grow bags", "the bike lives in the new shed now" after "I keep my
        bike in the hallway"): the latest belief of the user's (or of a thing of theirs) that says where a thing
        is kept, never where a person lives, works or studies; by a thing named, only a belief that
        names it too. Only with a word of now ("now", "these days", "this year")."""
        if p.kind != "fact" or has_additive_cue(p.statement):
            return False
        said = next(
            (m for part in re.split(r"[,;]\s*", p.statement) if (m := PLACED_NOW.match(part)) is not None), None
        )
        if (
            said is None
            or negated(said.group(0))
            or not re.search(r"\b(?:now|these days|nowadays|this year|from now on)\b", p.statement, re.I)
        ):
            return False
        named = set(topic_words(said.group("it"))) - {"it", "they", "she", "he"}
        place = set(topic_words(said.group("place")))
        held = [
            b
            for b in self._said_before(p, beliefs)
            if _KEPT_AT.search(b.statement)
            and not _PERSON_PLACED.search(b.statement)
            and not place <= set(topic_words(b.statement))
            and (not named or bool(named & set(topic_words(b.statement))))
        ]
        if not held:
            return False
        target = max(held, key=lambda b: (b.valid_from, b.memory_id))
        self._supersede([target], replace(p, rule="placed now", value=said.group("place").strip()), "replaced")
        return True

    def _date_moved(self, p: Proposal, beliefs: list[BeliefView]) -> bool:
        """A day moved ("venue double-booked us so it's been pushed to 12 October", "my op got
        brought forward to the 3rd"): the latest belief of the user's that holds a day still to
        come (set before its message: "wedding's set for 14 September") holds the new day. What
        moved is "it" or a thing the belief names; a day already past when the belief was said
        ("signed the contract on 1 April 2026") is no plan and never moves; "the 3rd floor" is no
        day."""
        m = _DATE_MOVED.search(p.statement)
        if m is None or p.kind != "fact" or (p.subject or "") != _USER or negated(p.statement):
            return False
        spans = [v for v in value_spans(m.group("v")) if value_shape(v) == "date" and re.search(r"\d", v)]
        if not spans or not re.match(r"(?:the\s+)?" + re.escape(spans[0]) + NO_NOUN_AFTER, m.group("v"), re.I):
            return False
        new = spans[0]
        before = re.split(r"(?:[,;]|\b(?:so|and|but|because|cos|as)\b)", p.statement[: m.start()])[-1]
        named = set(topic_words(f"{before} {m.group('obj') or ''}")) - _NOT_WHAT_MOVED
        held = []
        for b in self._judgeable(p, beliefs):
            days = [v for v in value_spans(b.statement) if value_shape(v) == "date" and re.search(r"\d", v)]
            if (
                len(days) == 1
                and days[0].casefold() != new.casefold()
                and _still_to_come(days[0], b.valid_from)
                and (not named or named & set(topic_words(b.statement)))
            ):
                held.append((b, days[0]))
        if not held:
            return False
        target, old = max(held, key=lambda h: (h[0].valid_from, h[0].memory_id))
        said = replace(p, statement=f"It's {new} now.", value=new, replaces=old)
        restated = _restated(said, target)
        if restated is said:
            return False
        self._supersede([target], replace(restated, rule=f"day moved ({old} -> {new})", value=new), "replaced")
        return True

    def _days_moved(self, p: Proposal, beliefs: list[BeliefView]) -> bool:
        """The days of something done every week, moved ("manager's swapped me onto Sat and Sun
        mornings now" after "my shifts are Tuesday and Thursday afternoons", "new job so it's
        mon/wed/fri evenings now"): the belief of the user's that holds days of the week holds
        the new ones in their place. Only with a word of change or of now, only days said as a
        habit (two or more, in the plural, or with a part of the day: "it's Friday now" is
        today), never of one of the user's people; where the statement names a thing, the belief
        of that thing, else the one belief with days."""
        moved = _DAYS_MOVER.search(p.statement)  # "swapped the user onto": the user's days, whoever did it
        if p.kind != "fact" or negated(p.statement) or has_additive_cue(p.statement):
            return False
        if not moved and ((p.subject or "") != _USER or _of_the_users(p.statement)):
            return False
        if not (has_change_cue(p.statement) or _DAYS_CHANGE_CUE.search(p.statement)):
            return False
        runs = _days_runs(p.statement)
        if len(runs) != 1:
            return False
        run = runs[0]
        if len(_days_of(run.group("days"))) == 1 and _IT_IS_NOW.search(p.statement):
            return False  # "it's Mondays at 7 going forward": one day and its time, as "it is now" reads them
        held = []
        for b in self._judgeable(p, beliefs):
            before = _days_runs(b.statement, habit=False)
            if len(before) == 1 and _days_of(before[0].group("days")) != _days_of(run.group("days")):
                held.append((b, before[0]))
        words = set(topic_words(_DAYS_RUN.sub(" ", p.statement))) - _NOT_WHAT_MOVED
        named = [h for h in held if words & set(topic_words(h[0].statement))]
        if named:
            held = named
        elif len(held) != 1 or not (moved or _IT_DAYS.search(p.statement)):
            return False  # "I swim on Tuesdays now": a thing of its own, not the days of the one held
        target, old = max(held, key=lambda h: (h[0].valid_from, h[0].memory_id))
        days = run.group("days") + (run.group("part") or "")
        if old.group("part") and not run.group("part"):
            days += old.group("part")  # "Tuesday and Thursday mornings" -> "Mon/Wed/Fri mornings"
        statement = target.statement[: old.start("days")] + days + target.statement[old.end() :]
        said = replace(
            p,
            statement=statement,
            attribute=target.attribute,
            value=days.strip(),
            replaces=old.group(0).strip(),
            rule=f"days moved ({old.group(0).strip()} -> {days.strip()})",
        )
        self._supersede([target], said, "replaced")
        return True

    def _days_moved_zh(self, p: Proposal, beliefs: list[BeliefView]) -> bool:
        """The days of something done every week moved, in Chinese ("老板让我改成周三周五晚上了"
        after "周末两天"): the one belief of the user's that holds days of the week is replaced by
        the statement as said; only with a word of change (改成, 换成, 调到, 现在 ...)."""
        if p.kind != "fact" or not is_cjk(p.statement) or negated(p.statement) or has_additive_cue(p.statement):
            return False
        done_to_user = re.search(r"[让叫给帮替把]用户", p.statement) is not None  # "老板让我改成……": the user's days
        if ((p.subject or "") != _USER and not done_to_user) or not _DAYS_CHANGED_ZH.search(p.statement):
            return False
        new = _days_zh(p.statement)
        if not new:
            return False
        held = [
            b
            for b in self._judgeable(replace(p, subject=_USER), beliefs, people=True)
            if (old := _days_zh(b.statement)) and set(old) != set(new)
        ]
        if len(held) != 1:
            return False
        was = "".join(_days_zh(held[0].statement))
        self._supersede(held, replace(p, rule=f"days moved ({was} -> {''.join(new)})", value="".join(new)), "replaced")
        return True

    def _label_moved(self, p: Proposal, beliefs: list[BeliefView]) -> bool:
        """A numbered thing of the user's said again with another number ("I'm on plot 31 by the
        car park now" after "I've had plot 14 since 2019"; "wait, I'm second year, sorry" after
        "I'm a first year at UCD"): the latest belief that holds the same noun with its number
        holds the new one; the noun is aligned, not listed. Only with a word of change or of now,
        or in a message that owns a slip; never a number that counts a thing after it ("the
        year 4 maths group" is another group), never "also"."""
        if p.kind != "fact" or negated(p.statement) or has_additive_cue(p.statement):
            return False
        if not (p.slip_owned or has_change_cue(p.statement) or _NOW_WORD.search(p.statement)):
            return False
        said = _labels(p.statement)
        if len(said) != 1:
            return False
        now = said[0]
        held = []
        for b in self._judgeable(p, beliefs):
            before = [lab for lab in _labels(b.statement) if lab.noun == now.noun]
            if (
                len(before) == 1
                and before[0].number != now.number
                and _of_same(p.statement, now, b.statement, before[0])
            ):
                held.append((b, before[0]))
        if not held:
            return False
        target, was = max(held, key=lambda h: (h[0].valid_from, h[0].memory_id))
        new = _same_form(now.said, was.said)
        statement = target.statement[: was.start] + new + target.statement[was.end :]
        if re.search(r"\bsince\b", target.statement, re.IGNORECASE):
            statement = p.statement  # "had plot 14 since 2019": since then was the old one's, the new one as said
        moved = replace(
            p,
            statement=statement,
            attribute=target.attribute,
            value=new,
            replaces=was.said,
            rule=f"{now.noun} moved ({was.said} -> {new})",
        )
        self._supersede([target], moved, "corrected" if p.slip_owned else "replaced")
        return True

    def _put_right(self, p: Proposal, beliefs: list[BeliefView]) -> bool:
        """A slip owned and put right in other words than the belief (``value_put_right``): the
        one belief of the user's whose value the message names again as wrong is corrected by
        the statement that gives another value of its shape. Asked after the judge, of what it
        found too far apart or sharing no word ("my boy's actually 9" / "my son Leo is 7");
        where two beliefs fit, nothing is guessed."""
        if (
            p.kind != "fact"
            or not p.slip_owned
            or (p.subject or "").partition(":")[0] != _USER
            or has_additive_cue(p.statement)
            or negated(p.statement)
            or self._slip_to_another(p)
        ):
            return False
        # what the message says, as written and as its statements say it ("I say Boston out of habit")
        said = [*p.slip_values, *(q.statement for q in self.extraction.proposals if _message_of(q) == _message_of(p))]
        found = [
            (b, values)
            for b in self._judgeable(p, beliefs, things=True, people=True)
            # a value of the user's own is put right by a statement of theirs, never of one of
            # their people or things ("my coach is 43 not 34" after "I'm 34")
            if not (_of_the_user_alone(b.statement) and _of_the_users(p.statement))
            and (values := value_put_right(p.statement, b.statement, said))
        ]
        if len({b.statement for b, _ in found}) != 1:
            return False
        wrong, right = found[0][1]
        self._supersede(
            [b for b, _ in found], replace(p, rule=f"slip put right ({wrong} -> {right})", value=right), "corrected"
        )
        return True

    def _slip_to_another(self, p: Proposal) -> bool:
        """Whether the slip a statement's message owns was made telling someone else ("I told her
        14 instead of 41", "给我妹发消息打错了，写成了14岁": what was said to them, no belief put
        right), or the statement is the slip itself in Chinese ("在日历上写错了")."""
        said = [q.statement for q in self.extraction.proposals if _message_of(q) == _message_of(p)]
        return any(_TOLD_ANOTHER.search(s) for s in said) or _SLIP_SAID_LAST_ZH.search(p.statement) is not None

    def _judgeable(
        self, p: Proposal, beliefs: list[BeliefView], *, things: bool = False, people: bool = False
    ) -> list[BeliefView]:
        """The beliefs the meaning judge may name for ``p``: facts of its subject said before its
        message, held now, none a denial; ``things`` / ``people``: for a statement of the user's,
        those of a thing it says bare / of the user's people too (``_of_theirs``)."""
        return [
            b
            for b in beliefs
            if b.kind == "fact"
            and (b.subject == p.subject or ((things or people) and _of_theirs(p, b, people=people)))
            and self.born.get(b.memory_id) != _message_of(p)
            and not negated(b.statement)
            and held_now(b.statement)
        ]

    def _ended_by_meaning(self, p: Proposal, beliefs: list[BeliefView]) -> bool:
        """An ending said of a thing named another way, tied by meaning where no rule tied it
        ("quit the delivery gig" for "works a second job delivering for doordash", "left the
        bike club" for "rides with a cycling club"): the user's belief of the same subject it
        plainly ends holds no more, nothing in its place, as a negation's. Only an ending done,
        of the user or their people (``ended_for_judge``), never an addition."""
        judge = self.config.meaning
        if (
            judge is None
            or p.kind != "fact"
            or (p.subject or "").partition(":")[0] != _USER
            or has_additive_cue(p.statement)
            or not ended_for_judge(p.statement)
        ):
            return False
        held = self._judgeable(p, beliefs)
        # when it ended is no part of what ended ("quit the delivery gig in the week of 25 May")
        found = judge.changed(undated(p.statement), [b.statement for b in held], by_shared_word=False)
        if found is None:
            return False
        said = held[found.index].statement
        reason = f"ended: {p.statement} (ends: {said}; rule meaning ({found.model} {found.score:.2f}))"
        self._invalidate_all(p, [b for b in held if b.statement == said], reason, at=p.valid_from, keep=False)
        return True

    def _said_before(self, p: Proposal, beliefs: list[BeliefView]) -> list[BeliefView]:
        """The facts of the speaker's (or of their people and things) said before ``p``'s message
        and held as said, not denied: what a thing or a pronoun of the message may name."""
        speaker = (p.subject or "").partition(":")[0]
        return [
            b
            for b in beliefs
            if b.kind == "fact"
            and (b.subject or "").partition(":")[0] == speaker
            and self.born.get(b.memory_id) != _message_of(p)
            and not negated(b.statement)
        ]

    def _named_left(self, p: Proposal, beliefs: list[BeliefView]) -> BeliefView | None:
        """Of the speaker's facts said before this message, the one said last that names
        the thing the message says went (``left_behind``); None when none does."""
        held = [b for b in self._said_before(p, beliefs) if names_left(p.replaces or "", b.statement)]
        return max(held, key=lambda b: (b.confirmed_at or b.valid_from, b.memory_id)) if held else None

    def _aligned(self, p: Proposal, beliefs: list[BeliefView]) -> bool:
        """Applies the generic rule's decision (``generic_decision``) against
        this subject's ``beliefs``; False when it decides nothing."""
        mine = [b for b in beliefs if _same_subject(b, p) and b.kind == "fact"]
        if couple_step(p.statement) and p.subject:  # "we broke up", "we got engaged": the partner's beliefs too
            mine += [b for b in beliefs if b.kind == "fact" and (b.subject or "").startswith(p.subject + ":")]
        if p.subject and dead_of_mine(p.statement):  # "Doris passed away": what held of the neighbour Doris too
            speaker_of = p.subject.partition(":")[0]
            mine += [
                b
                for b in beliefs
                if b.kind == "fact" and (b.subject or "").startswith(speaker_of + ":") and b not in mine
            ]
        if p.subject and ":" in p.subject and _SET_FOR_SPEAKER.search(p.statement):
            # "coach has me on 150g a day", "the consultant swapped me onto Lumigan": the speaker's, set by another
            mine += [b for b in beliefs if b.kind == "fact" and b.subject == p.subject.partition(":")[0]]
        if born(p.statement) and p.subject and _OUR_CHILD.match(p.statement):  # "our daughter was born": ours too
            mine += [b for b in beliefs if b.kind == "fact" and b.subject == p.subject.partition(":")[0]]
        speaker = (p.subject or "").partition(":")[0]
        theirs = [b for b in beliefs if b.kind == "fact" and (b.subject or "").partition(":")[0] == speaker]
        # what a pronoun can stand for: any of the speaker's things said before this message
        earlier = [b for b in theirs if self.born.get(b.memory_id) != _message_of(p)]
        decision = (departed(p, theirs) if speaker else None) or decide(p, mine, self.config.grey, earlier)
        if decision.verb == "reinforce":
            self._reinforce(decision.beliefs[0], p, "restated in other words")
        elif decision.verb == "negate":
            also_now = _SAYS_NOW_TOO.search(p.statement) is not None
            self._invalidate_all(p, list(decision.beliefs), decision.reason, at=p.valid_from, keep=also_now)
            if also_now:  # "she quit soccer and does swimming now": what holds now is said too, kept
                self._new(p)
        elif decision.verb == "close":  # "she passed away on Sunday": ends what held of her, said itself
            self._invalidate_all(p, list(decision.beliefs), decision.reason, at=p.valid_from)
            self._new(p)
        elif (
            decision.verb == "supersede"
            and not decision.new_value
            and all(self.born.get(b.memory_id) == _message_of(p) for b in decision.beliefs)
        ):
            # "她今年考上多伦多大学了，已经搬过去了": a clause with no value of its own, aligned by its words
            # with one said just before in the same message, goes on about it; both are kept
            self._new(p)
        elif decision.verb == "supersede":
            aligned = replace(p, value=decision.new_value, replaces=decision.old_value, rule="generic alignment")
            self._supersede(list(decision.beliefs), _restated(aligned, decision.beliefs[0]), "replaced")
        elif decision.verb == "conflict":
            self._conflict(p, list(decision.beliefs), decision.reason)
        return decision.verb != "none"

    def _conflict(self, p: Proposal, others: list[BeliefView], reason: str) -> None:
        """Both kept; each flagged ``conflicting`` and naming the other. With a
        judge (``config.judge``), its recorded decision is applied instead."""
        if self.config.judge is not None:
            verdict = self.config.judge(self.owner, p, others)
            p = replace(p, sources=(*p.sources, verdict.source()))
            if verdict.decision != "conflict":
                return self._judged(p, others, verdict)
            reason = f"{reason}; {verdict.reason}"
        new_id = new_belief_id(self.owner, p.source_key)
        self._new(replace(p, flags=(*p.flags, CONFLICTING)), conflicts_with=tuple(b.memory_id for b in others))
        for b in others:
            self.changes.append(
                Flag(
                    b.memory_id,
                    flags=tuple(sorted({*b.flags, CONFLICTING})),
                    conflicts_with=(*b.conflicts_with, new_id),
                    reason=reason,
                )
            )
            self.current[b.memory_id] = replace(
                b, flags=tuple(sorted({*b.flags, CONFLICTING})), conflicts_with=(*b.conflicts_with, new_id)
            )

    def _judged(self, p: Proposal, others: list[BeliefView], verdict: Verdict) -> None:
        """A model's grey-zone decision (``grey_zone_model``), through the changes a rule makes."""
        if verdict.decision == "noop":
            return self._reinforce(others[0], p, verdict.reason)
        if verdict.decision == "update":
            for b in others:
                self.changes.append(
                    Invalidate(
                        b.memory_id,
                        invalid_at=p.valid_from,
                        reason=verdict.reason,
                        cause={**dict(p.source), **verdict.source()},
                        superseded_by=new_belief_id(self.owner, p.source_key),
                    )
                )
                self.current.pop(b.memory_id, None)
            return self._new(p, supersedes=others[0].memory_id)
        return self._new(p)  # add: both hold

    def _corrected(self, p: Proposal, beliefs: list[BeliefView]) -> BeliefView | None:
        """The belief a bare correction ("sorry, I meant Lille") corrects: the
        one holding the value it names as wrong ("Lille, not Lyon"), and none
        when no belief holds that ("it's about the journey, not just winning"
        corrects nothing); when it names none, this subject's latest keyed
        fact whose slot takes this type of value."""
        mine = [b for b in beliefs if b.subject == p.subject and b.attribute and (b.value or _is_said(b.attribute))]
        if p.replaces:  # it names the wrong value: only a belief that holds it is corrected, never a guess
            named = [b for b in mine if _names_value(b, p.replaces)]
            return max(named, key=lambda b: (b.valid_from, b.memory_id)) if named else None
        fitting = [b for b in mine if b.value and not _is_said(b.attribute) and _fits(p.value_type, b.attribute)]
        return max(fitting, key=lambda b: (b.valid_from, b.memory_id)) if fitting else None

    def _corrected_value(self, p: Proposal, beliefs: list[BeliefView], slip: bool = False) -> bool:
        """Applies a correction that gives only a value to the belief it
        corrects (``_corrected_by_shape``); False when there is none."""
        found = self._corrected_by_shape(p, beliefs, slip or slip_said_zh(p.statement))
        if found is None:
            return False
        target, wrong = found
        # the belief said one ("every Sunday", "the Monday driver"): so is the value
        one_day = re.fullmatch(DAY_NAMES, wrong, re.IGNORECASE)
        days = re.fullmatch(rf"(?:{DAY_NAMES})s", p.value or "", re.IGNORECASE)
        plural = (p.value or "")[-1:] in ("s", "S")
        if plural and ((p.replaces and p.replaces.casefold() == wrong.casefold() + "s") or (one_day and days)):
            p = replace(p, value=(p.value or "")[:-1])
        if wrong[:1] in "$€£¥" and p.value and p.value[:1].isdigit():  # "2010" for "$2100": the currency stays
            p = replace(p, value=wrong[0] + p.value)
        day = re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th)", p.value or "")
        said_day = re.search(r"(?<![\d,.])\d{1,2}(st|nd|rd|th)?(?![\d,.:])", wrong) if day else None
        if day and said_day and said_day.group(0) != wrong:
            # "no wait, it's the 19th" corrects the day of "18 March 2026", never the month and year
            wrong, p = said_day.group(0), replace(p, value=p.value if said_day.group(1) else day.group(1))
        value = p.value or ""
        if is_cjk(value):  # "是每周四" of "每周二", "是六万多" of "八万多": the words around the value held too
            if value.startswith("每") and "每" + wrong in target.statement and not wrong.startswith("每"):
                wrong = "每" + wrong
            if value.endswith("多") and wrong + "多" in target.statement and not wrong.endswith("多"):
                wrong += "多"
            # "是一百五十克" of "一百克": the measure held after the number goes with it, said once
            measure = re.fullmatch(
                r"[零一二两三四五六七八九十百千万\d.]+((?:(?![零一二两三四五六七八九十百千万])[\u4e00-\u9fff]){1,2})",
                value,
            )
            if measure and wrong + measure.group(1) in target.statement and not wrong.endswith(measure.group(1)):
                wrong += measure.group(1)
        corrected = _as_correction_of(replace(target, value=wrong), replace(p, rule="correction"))
        if (
            is_cjk(p.statement)
            and p.statement[:3] == target.statement[:3]
            and wrong in _anchored_zh(p.statement, p.value or "", target.statement)
        ):  # "打错了，我是做后端的，写Java": said whole as the belief was, it stands as said
            corrected = replace(corrected, statement=p.statement)
        if normalise(corrected.statement) == normalise(target.statement):  # "sorry, we're on 3 already": as it was
            self._reinforce(target, p, "restated")
            return True
        self._supersede([target], corrected, "corrected")
        return True

    def _corrected_by_shape(
        self, p: Proposal, beliefs: list[BeliefView], slip: bool = False
    ) -> tuple[BeliefView, str] | None:
        """The belief a correction that gives only a value corrects, and the
        value in it that is wrong: the one holding the value it names as wrong,
        else the latest of the speaker's (or their people's: "sorry she's 8")
        with a value of the same shape ("11 am" a time, "Sunday" a weekday)."""
        mine = sorted(
            (
                b
                for b in beliefs
                if p.subject and b.subject and (b.subject == p.subject or b.subject.startswith(p.subject + ":"))
            ),
            key=lambda b: (b.valid_from, b.memory_id),
            reverse=True,
        )
        for b in mine:
            if p.replaces:
                if _names_value(b, p.replaces):
                    return b, p.replaces
                # "2pm not 3": an hour said alone names the time it is the hour of ("3pm", "3:00")
                hour = r"(?:(?::00)?\s?(?:am|pm)\b)?" if p.value_type == "time" and p.replaces.isdigit() else ""
                # "4th not 14th": a day said as an ordinal names the day written without it ("march 14")
                day = re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th)", p.replaces)
                wrong = rf"{day.group(1)}(?:st|nd|rd|th)?" if day else re.escape(p.replaces)
                # "per quarter not per month": a rate's "per" said "a" or "every" in the belief
                per = r"(?:per|a|an|every|each)\s+"
                rate = re.fullmatch(per + r"([a-z]+)", p.replaces, re.IGNORECASE)
                # (the value with a count: "every two weeks, not every week")
                counted = re.fullmatch(per + r"(?:(?:[a-z]+|\d+)\s+)?[a-z]+", p.value or "", re.I)
                wrong = per + rate.group(1) if rate and counted else wrong
                year = re.search(r"\b(?:19|20)\d\d\b", p.value or "")
                if year and re.fullmatch(r"\d\d", p.replaces):
                    wrong = year.group(0)[:2] + p.replaces  # "2026, not 27": the year said short
                # (a number with its unit written on: the "80" of "80Mbps")
                unit = r"|(?<=\d)(?=[A-Za-z%]{1,5}\b)" if p.replaces[-1:].isdigit() else ""
                said = re.search(r"(?<![\w.:])" + wrong + hour + r"(?:(?![\w:])" + unit + ")", b.statement, re.I)
                if said:
                    return b, said.group(0)
                end = len(p.replaces)
                whole = (p.value or "")[:-end] + p.replaces if len(p.value or "") > end else ""
                if whole and whole != p.value and p.replaces.isalnum() and end <= 3:
                    # "it's M14 5RT not RQ": the end of a code said alone, the code as held with it
                    code = re.search(r"(?<![\w])" + re.escape(whole) + r"(?!\w)", b.statement, re.I)
                    if code:
                        return b, code.group(0)
                if len(p.replaces) > 3 and p.replaces[-1:] in "sS":  # "Saturdays not Sundays" of "every Sunday"
                    one = re.search(r"(?<![\w.:])" + re.escape(p.replaces[:-1]) + r"(?![\w:])", b.statement, re.I)
                    if one:
                        return b, one.group(0)
                clipped = _clipped_in(b.statement, p.replaces)
                if clipped:  # "Aeronautical, not mech": the one word of the belief "mech" is short for
                    return b, clipped
                continue
            spans = [
                v
                for v in value_spans(b.statement)
                if value_shape(v) == p.value_type
                # "the party is at 8" / "make that 8:30": an hour said alone after "at" is a time
                or (p.value_type == "time" and value_shape(v) == "number" and hour_at(b.statement, v))
                # "correction: 8.30" of "comes at 8am": a clock time written with a dot
                or (
                    p.value_type == "number"
                    and re.fullmatch(r"\d{1,2}\.[0-5]\d", p.value or "")
                    and value_shape(v) == "time"
                )
                # "my rent is $2100" / "scratch that, it's 2010": an amount said again without its currency
                or (p.value_type == "number" and value_shape(v) == "money" and _same_digits(v, p.value or ""))
            ]
            if p.value_type == "code" and not spans and p.value:  # "it's an S23" for the "S22" of a named phone
                letters = re.match(r"[a-z]+", p.value, re.IGNORECASE)
                spans = [
                    t
                    for t in re.findall(r"\b[A-Za-z]{1,4}\d[\w-]*\b", b.statement)
                    if letters and t.casefold().startswith(letters.group(0).casefold()) and t != p.value
                ]
            if p.value_type in ("number", "frequency") and p.value and p.value.isascii() and p.value.isalpha():
                spans = spoken_spans(b.statement, p.value_type)  # "four" corrects "three cousins"
            if (
                p.value_type == "name"
                and not spans
                and p.value
                and is_cjk(p.value)
                and 2 <= len(p.value) <= 4
                and p.value[-1] in _KIND_ENDS_ZH
                and slip  # a formula that says a slip ("更正一下", "说错了"), not "哦" or "嗯"
            ):
                # "是银色的" corrects "白色": a word of the same kind, told by the character it ends with
                spans = _same_kind_zh(p.value, b.statement)
            if not spans and slip and p.value and is_cjk(p.value) and not _MEASURE_ZH.search(p.value):
                spans = _anchored_zh(p.statement, p.value, b.statement)  # "哦不对，是柴犬" of "家狗是柯基"
            if p.value_type == WORD or (p.value_type == "name" and not spans and _said_as_copula(p)):
                # "no sorry, it's claritin": the word the latest belief ends with; a name corrects a
                # word said after a copula ("my router is a netgear" / "actually it's a TP-Link")
                last = re.search(
                    r"\b([a-z][a-z-]{2,})[.!]?$" if p.value_type == WORD else _WORD_AFTER_COPULA, b.statement
                )
                spans = [last.group(1)] if last and last.group(1) not in _FUNCTION_WORDS else []
                head = _same_head(b.statement, p.value or "") if p.value_type == WORD else None
                spans = [head] if head else spans
            measure = _MEASURE_ZH.search(p.value or "") if is_cjk(p.value or "") else None
            if measure is not None:  # "不对，六岁了" corrects an age, never "工作三年了"
                # ... the whole of it: "三岁半" and "五年多" are one age and one time
                spans = [_with_more(s, b.statement) for s in spans if s.endswith(measure.group(0))]
            if spans:
                return b, _nearest(spans, p.value) if p.value_type == "number" else spans[-1]
        return None

    def _scored(self, p: Proposal, candidates: list[BeliefView]) -> list[tuple[BeliefView, float]]:
        if not candidates:
            return []
        try:
            scored = self.similarity(p, candidates)
        except SimilarityUnavailable:
            return []  # keep the proposal: it becomes a new belief
        return sorted(scored, key=lambda s: (-s[1], s[0].memory_id))

    def _named_by(self, p: Proposal) -> list[BeliefView]:
        words = tokens(p.statement)
        if not words:
            return []
        named = []
        for b in self.current.values():
            if p.subject and b.subject and b.subject != p.subject:
                continue
            if len(words & b.words) / len(words) >= self.config.delete_match_at:
                named.append(b)
        return named

    # --- change builders -----------------------------------------------------

    def _reinforce(self, b: BeliefView, p: Proposal, reason: str) -> None:
        confidence = self.config.policy.reinforced(b.confidence)
        self.changes.append(Reinforce(b.memory_id, confidence=confidence, reason=reason, sources=p.sources))
        self.current[b.memory_id] = replace(b, confidence=confidence)

    def _revise(self, b: BeliefView, p: Proposal, score: float) -> None:
        confidence = self.config.policy.reinforced(b.confidence)
        self.changes.append(
            Revise(
                b.memory_id,
                statement=p.statement,
                confidence=confidence,
                reason=f"reworded ({score:.2f})",
                method=self.extraction.method,
                problem=p.problem,
                solution=p.solution,
                topics=p.topics,
                participants=p.participants,
                location=p.location,
                event_time=p.event_time,
                sources=p.sources,
            )
        )
        self.current[b.memory_id] = replace(b, confidence=confidence).with_statement(p.statement)

    def _supersede(self, old: list[BeliefView], p: Proposal, verb: str) -> None:
        new_id = new_belief_id(self.owner, p.source_key)
        same_message = [b for b in old if self.born.get(b.memory_id) == _message_of(p)]
        if same_message and p.rule != "correction" and not has_change_cue(p.statement):
            # one message, two values, nothing to say which holds: recorded, not guessed
            return self._conflict(
                p,
                same_message,
                f"conflicting: one message says both {same_message[0].value} "
                f"and {p.value} (rule same-message contradiction)",
            )
        said = p.said_at or p.valid_from
        newer = [b for b in old if b.valid_from > said]
        if newer:  # said before the belief it clashes with even began: history, recorded already superseded
            self._new(p, supersedes=None)
            self.changes.append(
                Invalidate(
                    new_id,
                    invalid_at=newer[0].valid_from,
                    reason="superseded by a later statement",
                    cause={"memory_id": newer[0].memory_id, **_explain(p, newer[0], "superseded by a later statement")},
                    superseded_by=newer[0].memory_id,
                )
            )
            self.current.pop(new_id, None)
            return
        for b in old:
            self.replaced.add(b.statement)
            self.changes.append(
                Invalidate(
                    b.memory_id,
                    invalid_at=p.valid_from,
                    reason=_reason(verb, p, b),
                    cause={**dict(p.source), **_explain(p, b, verb)},
                    superseded_by=new_id,
                )
            )
            self.current.pop(b.memory_id, None)
        self._new(p, supersedes=old[0].memory_id)
        for b in old:
            self._restate_siblings(b, p)

    def _restate_siblings(self, replaced: BeliefView, p: Proposal) -> None:
        """One statement kept under two keys ("works as a nurse at St. Mary's": the
        occupation and the employer) loses the replaced value in the other one too:
        the occupation is restated without "at St. Mary's" ("The user works as a
        nurse."), so no current belief still says what was replaced. Left as it
        is when the value cannot be cut out of its words."""
        if not replaced.value:
            return
        cut = re.compile(
            r",?\s+(?:as an?|as|at|for|in|with|from|on)\s+(?:(?:the|a|an|my|our)\s+)?"
            + re.escape(replaced.value)
            + r"(?![\w'])",
            re.IGNORECASE,
        )
        # a key the message says again itself ("I'm a nurse at Mercy General now") is left to it
        said_again = {q.attribute for q in self.extraction.proposals if _message_of(q) == _message_of(p)}
        siblings = [
            b
            for b in self.current.values()
            if b.statement == replaced.statement
            and b.kind == replaced.kind
            and b.attribute != replaced.attribute
            and b.attribute not in said_again
        ]
        for b in siblings:
            restated = cut.sub("", b.statement, count=1)
            if restated == b.statement or len(restated.split()) < 3:
                continue
            self._supersede(
                [b],
                replace(
                    p,
                    op="update",
                    statement=restated,
                    source_key=f"{p.source_key}:restated:{b.memory_id}",
                    subject=b.subject,
                    attribute=b.attribute,
                    value=b.value,
                    replaces=None,
                    rule="restated",
                    confidence=b.confidence,
                    valid_from=p.valid_from,
                ),
                "restated",
            )

    def _invalidate_all(
        self, p: Proposal, beliefs: list[BeliefView], reason: str, at: datetime | None = None, keep: bool = True
    ) -> None:
        """Ends ``beliefs`` (no replacement). ``at``: when they stopped holding
        (a negation's time, possibly before a belief's start: a retroactive
        correction); None: when the request was made, never before a start."""
        for b in sorted(beliefs, key=lambda v: (v.valid_from, v.memory_id)):
            when = max(p.valid_from, b.valid_from) if at is None else at
            self.changes.append(
                Invalidate(
                    b.memory_id,
                    invalid_at=when,
                    reason=reason,
                    cause={**dict(p.source), "statement": p.statement} if not keep else dict(p.source),
                )
            )
            self.current.pop(b.memory_id, None)

    def _new(self, p: Proposal, supersedes: str | None = None, conflicts_with: tuple[str, ...] = ()) -> None:
        e = self.extraction
        change = NewBelief(
            source_key=p.source_key,
            kind=p.kind,
            statement=p.statement,
            valid_from=p.valid_from,
            confidence=p.confidence,
            method=e.method,
            extractor=e.extractor,
            extractor_version=e.extractor_version,
            problem=p.problem,
            solution=p.solution,
            subject=p.subject,
            attribute=p.attribute,
            topics=p.topics,
            participants=p.participants,
            location=p.location,
            event_time=p.event_time,
            sources=p.sources,
            supersedes=supersedes,
            raw=e.raw,
            value=p.value,
            flags=p.flags,
            conflicts_with=conflicts_with,
        )
        self.changes.append(change)
        new_id = new_belief_id(self.owner, p.source_key)
        self.born[new_id] = _message_of(p)
        self.current[new_id] = BeliefView.make(
            memory_id=new_id,
            kind=p.kind,
            statement=p.statement,
            valid_from=p.valid_from,
            confidence=p.confidence,
            subject=p.subject,
            attribute=p.attribute,
            value=p.value,
            supersedes=supersedes,
            method=e.method,
            flags=p.flags,
            conflicts_with=conflicts_with,
        )


_NUMBER = re.compile(
    r"\d|[一二两三四五六七八九十百千]|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|"
    r"twice|once|half|dozen)\b",
    re.IGNORECASE,
)


# The state a cleft correction puts right ("it's pecans I'm allergic to, not walnuts"): only a
# belief that says the same state is corrected
_CLEFT_STATE = re.compile(
    # (as said, or as the note writes it: "It's dogs the user is allergic to")
    r"\bit(?:'s|s| is| was)\s+[\w' -]{1,30}?\s+(?:that\s+)?(?:i'm|im|i am|(?:the\s+)?[\w'-]+\s+is)\s+"
    r"(?P<state>allergic|intolerant|sensitive|afraid|scared|vegan|vegetarian)\b",
    re.IGNORECASE,
)


# What a Chinese statement says its thing was changed to (X改成Y, X换成Y)
_CHANGED_TO_ZH = re.compile(r"(?:改成|换成|改为|换为|变成)了?")
_NOW_AND_THEN_ZH = re.compile(r"(?:会|偶尔|有时候?|一般|经常|通常)[^，,。]{0,2}(?:改成|换成|改为|换为|变成)")


def _recounted(b: BeliefView, p: Proposal) -> bool:
    """Same slot and value, a different number beside it, and a change cue."""
    if not has_change_cue(p.statement):
        return False
    al = align(b.statement, p.statement)
    return al.one_value and bool(_NUMBER.search(al.old)) and bool(_NUMBER.search(al.new))


# An ending that also says what holds now, in a clause of its own ("quit soccer and does
# swimming now", "不踢球了，现在改游泳"): the statement is a belief as well as an ending.
_SAYS_NOW_TOO = re.compile(
    r"\b(?:and|but|so)\b[^.]*\b(?:now|instead|these days|nowadays)\b|[，,][^。]*(?:现在|改成|改为|改)"
    # ... or what was taken in its place ("it finally died, went with a Kobo Libra this time")
    r"|,\s*(?:(?:so|and)\s+)?(?:i\s+|the user\s+)?(?:went with|got|bought|switched to|replaced it with|upgraded to)\s+(?:a|an|the)\s+\S",
    re.IGNORECASE,
)


def _same_subject(b: BeliefView, p: Proposal) -> bool:
    """One subject however it was read: a sentence rule keeps "my son is in
    second grade" as the speaker's ``son`` attribute, the generic reading as
    the subject ``user:son``; both are the son."""
    if b.subject == p.subject:
        return True
    relation = b.attribute if b.attribute and not re.search(r"[:@/]", b.attribute) else None
    return bool(b.subject and relation and p.subject == f"{b.subject}:{relation}")


def _message_of(p: Proposal) -> tuple[object, ...]:
    """The message a proposal came from (its session and seq)."""
    return (p.source.get("session_id"), p.source.get("seq"), p.source.get("task_id"))


def _frames_apart(b: BeliefView, p: Proposal) -> bool:
    """Whether a belief and a proposal were read by two different frames ("is a nurse" as an
    occupation, "moved to Denver" as a residence): two attributes, whatever the change said."""
    # (a family kept per slot, "contact:phone" or "count:cat", is compared by its own key, as before)
    return b.attribute in FAMILIES and p.attribute in FAMILIES and b.attribute != p.attribute


_AMOUNT_HELD = re.compile(
    r"\d|[一二两三四五六七八九十百千万]|\b(?:one|two|three|four|five|six|seven|eight|nine|ten)\b", re.I
)


def _amount_moved_only(statement: str) -> bool:
    """Whether the only words by which a statement says a change move an amount ("涨了好多粉")."""
    words = {w.casefold() for w in change_words(statement)}
    return bool(words) and words <= AMOUNT_WORDS


def _is_said(attribute: str | None) -> bool:
    """A generic belief's key (``said:<words>``): read by alignment, not by slot."""
    return attribute is not None and attribute.startswith("said:")


def _same_key(b: BeliefView, p: Proposal) -> bool:
    if not (b.subject and p.subject and b.attribute and p.attribute):
        return False
    if b.subject != p.subject and not _one_person(b.subject, b.statement, p.subject, p.statement):
        return False
    return _same_attribute(b.attribute, p.attribute)


def _one_person(a: str | None, said_a: str, b: str | None, said_b: str) -> bool:
    """Whether two subjects are one person of the speaker's, named once with the
    relation and once without ("my best friend Sam lives in Portland" is read as the
    speaker's ``best friend``, "Sam moved to Seattle" as ``sam``): one speaker,
    and the relation's statement names them right after it. Only a frame's slot is
    compared across the two (where Sam lives, where Anna works): the generic rules
    read the relation word as a topic, which the name does not share."""
    return bool(a and b) and bool(_person_keys(a, said_a) & _person_keys(b, said_b))


def _person_keys(subject: str | None, statement: str) -> frozenset[str]:
    """A subject's keys: itself, and for a relation followed by a name in its
    statement ("The user's sister Anna ..."), the speaker's ``anna`` too."""
    speaker, _, relation = (subject or "").partition(":")
    if not relation:
        return frozenset()
    named = re.search(rf"\b{re.escape(relation)}\s+(?-i:(?P<name>[A-Z][a-z]+))\b", statement, re.IGNORECASE)
    if named is None:
        return frozenset([subject or ""])
    return frozenset([subject or "", f"{speaker}:{named.group('name').casefold()}"])


def _same_attribute(a: str, b: str) -> bool:
    """The same slot and scope. Frame attributes are "slot@scope"
    ("version:go@production"); scopes match with more or fewer words
    ("production" vs "production environment"). Older attributes
    ("production environment/go") compare the thing and versioned entity."""
    if a == b:
        return True
    if "@" in a or "@" in b or not ("/" in a or "/" in b):
        slot_a, _, scope_a = a.partition("@")
        slot_b, _, scope_b = b.partition("@")
        return _ROLE_WORDS.get(slot_a, slot_a) == _ROLE_WORDS.get(slot_b, slot_b) and _same_words(scope_a, scope_b)
    thing_a, _, entity_a = a.partition("/")
    thing_b, _, entity_b = b.partition("/")
    if entity_a != entity_b or ":" in thing_a or ":" in thing_b:
        return False
    return _same_words(thing_a, thing_b)


# One role said in other words: the person a "my boss is ..." and a "my manager is ..." name
# is one slot, so a new one replaces the other.
_ROLE_WORDS = {
    "boss": "manager",
    "supervisor": "manager",
    "line manager": "manager",
    "gp": "doctor",
    "physician": "doctor",
    "family doctor": "doctor",
    "上司": "老板",
    "领导": "老板",
    "主管": "老板",
}


def _same_words(a: str, b: str) -> bool:
    if a == b:
        return True
    words_a, words_b = tokens(a), tokens(b)
    return bool(words_a and words_b) and (words_a <= words_b or words_b <= words_a)


def _covers(b: BeliefView, p: Proposal) -> bool:
    """An announced change without a scope reaches the scoped belief of the
    same slot ("we upgraded to Go 1.24" ends "production runs Go 1.23"), and a
    scoped change reaches the unscoped one; a plain scoped statement does not
    ("staging runs Go 1.24" leaves "we use Go 1.23" alone)."""
    if p.op != "update" or not (b.subject and b.subject == p.subject and b.attribute and p.attribute):
        return False
    slot_b, at_b, _ = b.attribute.partition("@")
    slot_p, at_p, _ = p.attribute.partition("@")
    return slot_b == slot_p and not (at_b and at_p)


def _modified_slot(b: BeliefView, p: Proposal) -> bool:
    """An announced change of a typed "my X is Y" slot that names the thing with
    fewer or more modifiers ("coach" / "soccer coach"): the same head noun, one
    side's words all in the other's, the same subject, no scope."""
    if p.op != "update" or not (b.subject and b.subject == p.subject and b.attribute and p.attribute):
        return False
    a, c = b.attribute, p.attribute
    if any(mark in a + c for mark in ":@/") or a == c:
        return False
    return a.split()[-1] == c.split()[-1] and _same_words(a, c)


def _sums_far_apart(held: list[BeliefView], p: Proposal) -> bool:
    """Whether a sum said is too far from every sum held of its slot to be the same thing's new
    price (a fifth or five times: a rent, a wage, a bill moves less in one step)."""

    def amount(value: str | None) -> float | None:
        said = re.fullmatch(r"[$€£¥]\s?(\d[\d,]*(?:\.\d+)?)(k?)", (value or "").strip(), re.IGNORECASE)
        return float(said.group(1).replace(",", "")) * (1000 if said.group(2) else 1) if said else None

    now = amount(p.value)
    was = [amount(b.value) for b in held]
    if not now or not was or any(w is None or w <= 0 for w in was):
        return False
    return all(not 0.2 <= now / w <= 5 for w in was if w)


def _clipped_in(statement: str, short: str) -> str | None:
    """The one word of a statement a word is clipped from ("mech" of "Mechanical", "psych" of
    "Psychology"): three letters or more that start a longer word, and only one such word."""
    if not re.fullmatch(r"[A-Za-z]{3,8}", short):
        return None
    words = {
        w
        for w in re.findall(r"[A-Za-z][\w-]*", statement)
        if len(w) > len(short) + 1 and w.casefold().startswith(short.casefold())
    }
    return words.pop() if len(words) == 1 else None


def _says_word(statement: str, value: str) -> bool:
    """The statement says the value as words of its own ("receptionist" in "... as a receptionist")."""
    return bool(value.strip()) and re.search(rf"(?<!\w){re.escape(value.strip())}(?!\w)", statement, re.I) is not None


def _names_value(b: BeliefView, value: str) -> bool:
    """The belief holds the value a statement names as gone ("from coffee",
    "not Lyon"): its value, or the item of a keyed preference."""
    v = value.casefold()
    if b.value and (b.value == v or b.value.removeprefix("not ") == v):
        return True
    if b.value and is_cjk(v) and len(v) >= 2 and (v in b.value or v in b.statement):
        # "不是医院" names the hospital of "一家医院"; "不是朝阳" the district of "住北京，朝阳那边"
        return True
    if _is_said(b.attribute) and v and (v in tokens(b.statement) or (is_cjk(v) and v in b.statement)):
        return True  # a generic belief in the user's words that says it
    return bool(b.attribute and b.attribute.split(":")[-1].split("@")[0] == v)


_SLOT_TYPES = {
    "residence": "place",
    "employer": "organisation",
    "workplace": "organisation",
    "occupation": "role",
    "drink": "thing",
    "diet": "text",
    "version": "version",
    "contact": "contact",
    "count": "number",
    "time": "time",
    "own": "thing",
}
_NAME_LIKE = frozenset({"place", "organisation", "role", "thing", "text"})


def _fits(value_type: str | None, attribute: str | None) -> bool:
    if not attribute:
        return False
    slot_type = _SLOT_TYPES.get(attribute.split("@")[0].split(":")[0], "text")
    if value_type in ("name", "text"):
        return slot_type in _NAME_LIKE
    return slot_type == value_type


def _with_more(amount: str, statement: str) -> str:
    """A Chinese amount with the 半 or 多 the statement says after it ("三岁" of "三岁半")."""
    more = re.search(re.escape(amount) + r"[半多]", statement)
    return more.group(0) if more else amount


def _same_kind_zh(value: str, statement: str) -> list[str]:
    """The words of a statement of the kind a Chinese value is, told by the character it ends
    with ("白色" for "银色", "黑色" for "深蓝色"): the longest such word up to the value's length that
    opens with no measure word, verb or numeral ("件黑色", "是白色" are not words)."""
    for size in (len(value), len(value) + 1, len(value) + 2, *range(len(value) - 1, 1, -1)):
        kind = rf"(?<=[{_BEFORE_A_WORD_ZH}])(?=([\u4e00-\u9fff]{{{size - 1}}}{re.escape(value[-1])}))"
        found = [w for w in re.findall(kind, statement) if w != value and w[0] not in _NOT_A_WORD_START_ZH]
        if found:
            return found
    return []


def _anchored_zh(statement: str, value: str, held: str) -> list[str]:
    """The word a held Chinese statement says where a correction says its value, after the
    same words ("是柴犬" puts right the "柯基" of "用户家狗是柯基"; "用户是做后端的" the "做前端" of
    "用户是做前端的"): the longest run of up to three characters said before the value in both,
    then a word of the value's length that differs from it."""
    at = statement.find(value)
    for size in (3, 2, 1):
        anchor = statement[max(0, at - size) : at] if at >= size else ""
        if len(anchor) < size or not re.fullmatch(r"[\u4e00-\u9fff]+", anchor):
            continue
        found = [
            w
            for w in re.findall(re.escape(anchor) + rf"([\u4e00-\u9fff]{{{len(value)}}})", held)
            # (a numeral starts no word, but where the value starts with one: "是二等" of "是一等奖学金")
            if w != value and (w[0] not in _NOT_A_WORD_START_ZH or (w[0] in _NUMERALS_ZH and value[0] in _NUMERALS_ZH))
        ]
        if found:
            return found
    return []


_NUMERALS_ZH = "一二两三四五六七八九十"


# What a word of a kind follows in a note: a verb of having or being, or a particle ("是白色", "读计算机系")
_BEFORE_A_WORD_ZH = "在是读学的上去到叫用了住唱件个只张条辆台部本套双"


_NOT_A_WORD_START_ZH = frozenset("件个只张条辆台部本套双是的在了和跟把被读学上去到叫用住唱一二两三四五六七八九十")
# The measure an amount said in Chinese is of ("六岁", "三个月", "五公斤")
_MEASURE_ZH = re.compile(r"(?:岁|个月|年|公斤|斤|厘米|米|次|人|楼|号)$")
# The characters a Chinese word of a kind ends with: a colour, a place, a building, a school, a brand
_KIND_ENDS_ZH = frozenset("色区路街市省县镇村楼号店馆院校园站型款牌系科班队音")


# A correction of what the listener said ("you got that wrong"): kept only where it corrects a belief
_TO_THE_LISTENER = re.compile(
    r"\byou(?:'ve| have)?\s+(?:got|had|have|get)\s+(?:that|it|this)\s+wrong\b|\byou(?:'re| are)\s+wrong\b|"
    r"\byou\s+made\s+a\s+(?:mistake|typo)\b|你(?:说|搞|弄|写)错了",
    re.IGNORECASE,
)


def _differing(new: str, before: str, after: str) -> str:
    """Of a right value said with words around it, the part that differs from the belief: the
    words the belief says right after the wrong value ("and thursdays") and those it says just
    before it ("home" of "from home on") are left where they are, not said twice."""
    words = new.split()
    tail = [w.casefold() for w in re.findall(r"[\w'-]+", after)]
    shared = next((k for k in range(len(words) - 1, 0, -1) if [w.casefold() for w in words[-k:]] == tail[:k]), 0)
    words = words[: len(words) - shared]
    near = {w.casefold() for w in re.findall(r"[\w'-]+", before)[-3:]}
    # (a word of a name is no word around it: "New" of "New York" for "New Haven" stays)
    while len(words) > 1 and words[0].casefold() in near and words[0].islower():
        words = words[1:]
    return " ".join(words)


def _as_correction_of(target: BeliefView, p: Proposal) -> Proposal:
    """A bare correction rewritten as the corrected belief: its slot, and its
    statement with the wrong value replaced by the right one."""
    statement = p.statement
    wrong = target.value or ""
    held = bool(wrong) and re.search(re.escape(wrong), target.statement, re.IGNORECASE) is not None
    # the wrong value named, where the belief says it: "a half marathon, not a 10k" puts right the
    # 10k of "training for a 10k in April", not the month its slot holds
    named = _says_word(target.statement, p.replaces or "")
    if (not held or (named and not is_cjk(target.statement))) and p.replaces and named:
        wrong = p.replaces  # (and a belief with no value of its own: "用户在学法语")
        said = p.value or ""
        if is_cjk(said) and wrong + said[-1] in target.statement:
            wrong += said[-1]  # "江苏" of "江苏省" corrected by "浙江省": its kind said once
    worded = count_in_words(int(wrong)) if wrong.isdigit() and len(wrong) <= 2 else None
    if (
        worded
        and not re.search(rf"(?<![\w.]){wrong}(?!\d)", target.statement)
        and re.search(rf"\b{worded}\b", target.statement, re.I)
    ):
        wrong = worded  # "has three cats" corrected to 2: the count as the belief words it
    right = re.sub(r"^(?:sorry|oops),?\s*", "", p.value or "", flags=re.IGNORECASE)
    measured = re.fullmatch(r"[\d.,]+([\u4e00-\u9fff%]{1,2})", wrong) if re.fullmatch(r"[\d.,]+", right) else None
    if measured is not None:  # "不对，6" for "5楼": the number put right, its measure as said before
        right += measured.group(1)
    surface = _surface(p.statement, right)
    if wrong and re.search(re.escape(wrong), target.statement, re.IGNORECASE):
        # the whole token the wrong value starts ("4" of "room 4B" is "4B")
        whole = (
            r"(?<![\w.])" + re.escape(wrong) + r"(?:(?<=\d)[A-Za-z]{1,2}\b)?"
            if wrong[-1:].isdigit()
            else re.escape(wrong)
        )
        if not re.search(whole, target.statement, re.IGNORECASE):
            whole = re.escape(wrong)
        unit = re.fullmatch(r"[\d.,]+(\D{1,3})", right) if wrong[-1:].isdigit() else None
        last = re.search(r"\s([A-Za-z]{3,})$", right)
        if unit is not None:  # "5" of "住在5楼" corrected by "6楼": the unit said once
            whole += "(?:" + re.escape(unit.group(1)) + ")?"
        elif last is not None:  # "12" of "12 april" corrected by "21st of april": the month said once
            whole += r"(?:\s+" + re.escape(last.group(1)) + r"\b)?"
        first = re.match(r"([A-Za-z]{3,})\s+\d", right)
        if first is not None:  # "2027" of "june 2027" corrected by "june 2026": the month said once
            whole = r"(?:\b" + re.escape(first.group(1)) + r"\s+)?" + whole
        at = re.search(whole, target.statement, re.IGNORECASE)
        if at and not is_cjk(right):  # "home mondays and thursdays" for the "tuesdays" of "home on tuesdays and ..."
            surface = right = _differing(surface, target.statement[: at.start()], target.statement[at.end() :])
        after = target.statement[at.end() :] if at and is_cjk(right) else ""
        shared = next((k for k in range(len(after), 1, -1) if surface.endswith(after[:k])), 0)
        if shared and len(surface) > shared:  # "社区卫生服务中心的药房" for "医院" of "医院的药房": said once
            surface = surface[:-shared]
        if at and surface[:1] in "$€£¥" and target.statement[at.start() - 1 : at.start()] == surface[:1]:
            surface = surface[1:]  # "£650" put right to "£560": the currency said once
        statement = re.sub(whole, lambda _: surface, target.statement, count=1, flags=re.IGNORECASE)
        if surface and not is_cjk(surface):  # "a plumber" put right to "an electrician"
            statement = re.sub(
                r"\b(?:a|an)(?=\s+" + re.escape(surface) + ")", a_or_an(surface), statement, count=1, flags=re.I
            )
    elif CLOCK_ZH.fullmatch(right) and len(CLOCK_ZH.findall(target.statement)) == 1:
        # "是八点半打卡" for "用户早上八点上班" (held as 08:00): the time as the belief says it
        statement = CLOCK_ZH.sub(right, target.statement, count=1)
    if value_shape(right) == "weekday":  # "Tuesday 3 March 2026" corrected to Wednesday: the 4th
        statement = with_weekday_date(statement)
    # the value put right is the one the correction named, where it named one the belief says
    # ("was 10k", not the month its slot holds), so the ending says what was wrong
    was = p.replaces if named and wrong == p.replaces else target.value
    return replace(p, attribute=target.attribute, value=right, replaces=was, statement=statement)


# A statement whose subject is a pronoun for what was said before ("Now it's
# about 35 km a week", "It's 1,950 now"): on its own it says nothing of whom.
_PRONOUN_SUBJECT = re.compile(
    # (not "it's over with Marcus": an ending, no value of what was said before)
    r"^(?:(?:now|these days|nowadays|lately|honestly|actually|so),?\s+)?(?:(?:it's|it is|it was|that's|that is)"
    r"(?!\s+(?:all\s+)?(?:over|done|finished)\b)|(?:down|up|back) to|"
    # "we pay 1,975 now", "it costs 17.99 now", "I'm catching the 8:05 now": an amount said with
    # only a light verb
    r"(?:the user|we|i)\s+(?:now\s+)?(?:pays?|spends?|earns?|owes?|(?:is|are|am|'m|'re)\s+(?:catching|taking|getting|doing|"
    r"(?:down|up|back) to))"
    r"|(?:it|that)\s+costs?)\b"
    # "Landlord bumped it to 1600", "房东涨到4000了": an amount someone moved, its thing said before
    r"|^[\w' ]{0,30}?" + MOVED_IT + "|" + MOVED_ZH + r"\d"
    # "60 lengths now", "blood test came back and its 88mcg from now on", "they've put her on 3mg a day":
    # a quantity said alone, or as whoever sets it set it
    r"|^(?:[\w' ]{0,60}?(?:\band\s+|,\s*))?(?:(?:it's|its|it is)\s+)?(?:[$€£¥]\d[\d.,]*k?|\d[\d.]*\s?[a-z]+)"
    r"(?:\s+(?:a|per)\s+[a-z]+)?\s+"
    r"(?:now|from now on|these days)\b"
    r"|^[\w' ]{0,30}?\b(?:put|has|have|'ve)\s+(?:me|her|him|the user(?:'s\s+[a-z]+)?)\s+on\s+\d"
    # "paediatrician increased Ruby's Concerta to 27mg": whose thing, named, moved by whoever sets it
    r"|^[\w' ]{0,30}?\b(?:increased|decreased|reduced|lowered|raised|upped|cut|bumped|dropped)\s+"
    r"(?:my|her|his|their|the user's|the|(?-i:[A-Z])[a-z]+'s)\s+(?:[\w-]+\s+){0,2}?(?:up\s+|down\s+)?to\s+\d",
    re.I,
)


# What another sets for the speaker ("coach has me on ...", "the consultant swapped me onto ...")
_SET_FOR_SPEAKER = re.compile(
    r"\b(?:has|have|had|put|got|moved|switched|swapped|started|changed)\s+the user\s+(?:on|onto|over to)\b", re.I
)


# The speaker's own child said first ("The user's daughter Ella", "用户女儿"), not a relative's.
_OUR_CHILD = re.compile(
    r"^(?:the user's|our|my)\s+(?:new\s+|baby\s+|little\s+)?(?:daughter|son|baby|twins|kid|child|girl|boy)\b"
    r"|^用户的?(?:女儿|儿子|宝宝|孩子)",
    re.IGNORECASE,
)


def _restated(p: Proposal, old: BeliefView) -> Proposal:
    """A replacement said with a pronoun for its subject, kept as the belief
    it replaces with the new value in the old one's place ("The user runs
    about 35 km a week"), under the old belief's key, so it reads alone."""
    if not (_PRONOUN_SUBJECT.match(p.statement) and p.value and p.replaces):
        return p
    replaced = p.replaces
    new = _surface(p.statement, p.value)
    if {value_shape(replaced), value_shape(p.value)} == {"money", "number"}:
        # "$1,300" / "we pay 1,480 now": the same amount said without its currency
        currency = re.match(r"[$€£¥]", replaced)
        new = currency.group(0) + new.lstrip("$€£¥") if currency else new
    elif count_of_word(replaced) is not None and value_shape(p.value) == "number":
        pass  # "four coffees a day" / "down to 1 a day": the count said in a word is the one replaced
    elif value_shape(replaced) != value_shape(p.value):
        # the value it replaces is of another kind than the new one ("coffee" / "2" of
        # "down to 2 cups a day"): what changed is the one span of the new value's kind
        # ("3" of "3 cups of coffee"), else nothing is rewritten
        spans = [v for v in value_spans(old.statement) if value_shape(v) == value_shape(p.value) and v != p.value]
        if len(spans) != 1:
            return p
        replaced = spans[0]
    # (a number may carry its unit written on: the "75" of "75mcg")
    after_number = r"(?![\d.,]?\d)(?=[a-z%]{1,5}\b|(?!\w))" if re.fullmatch(r"[\d.,]+", replaced) else r"(?![\w])"
    edge = (r"(?<![\d.])", r"(?![\d])") if is_cjk(old.statement) else (r"(?<![\w.])", after_number)
    wrong = re.search(edge[0] + re.escape(replaced) + edge[1], old.statement, re.IGNORECASE)
    if wrong is None:
        return p
    unit = re.match(r"(\d[\d,.]*)([a-z%]+)$", new, re.IGNORECASE)
    if unit and re.match(r"\s*" + re.escape(unit.group(2)) + r"\b", old.statement[wrong.end() :], re.IGNORECASE):
        new = unit.group(1)  # "76kg" where "82 kg" was: the unit is said once
    attached = re.fullmatch(r"[\d,.]+([a-z%]+)", replaced, re.IGNORECASE)
    if attached and re.fullmatch(r"[\d,.]+", new):
        new += attached.group(1)  # "upped me to 40" where "20mg" was: the unit goes with the amount
    if re.search(
        r"\bevery\s+(?:other\s+|second\s+)?$", old.statement[: wrong.start()], re.IGNORECASE
    ) and not replaced.endswith("s"):
        new = re.sub(r"(?<=day)s$", "", new)  # "every Monday" -> "every Tuesday", not "every tuesdays"
    after = old.statement[wrong.end() :]
    if new == "1":  # "4 coffees a day" -> "1 coffee a day": the noun counted, in the singular
        after = re.sub(r"^(\s+)([a-z]{3,})\b", lambda m: m.group(1) + _singular(m.group(2)), after)
    statement = old.statement[: wrong.start()] + new + after
    # the time moved with the day ("moved standup to tuesdays at 10"): both said, both changed
    was_at, now_at = _AT_CLOCK.search(statement), _AT_CLOCK.search(p.statement)
    if was_at and now_at and was_at.group(1) != now_at.group(1) and replaced not in (was_at.group(1), now_at.group(1)):
        statement = statement[: was_at.start(1)] + now_at.group(1) + statement[was_at.end(1) :]
    return replace(p, statement=statement, attribute=old.attribute, replaces=replaced)


# A town a belief places the user in ("a plumber in Glasgow"): "in" and one or two words with capitals
# (not a street, a time, a step or a language: "in March 2026", "in Year 2", "teach in English")
_IN_TOWN = re.compile(
    r"\bin\s+(?!(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|"
    r"Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Spring|Summer|Autumn|Winter|Year|Grade|Form|Level|Class|Term|"
    r"Semester|Reception|English|Spanish|French|German|Italian|Portuguese|Dutch|Polish|Russian|Arabic|Chinese|"
    r"Mandarin|Cantonese|Japanese|Korean|Hindi|Urdu|Welsh|Irish|Gaelic)\b)"
    r"((?-i:[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?))\b(?!\s+(?:Street|St|Road|Rd|Lane|Avenue|Ave)\b|\s*\d)"
)
_AT_A_PLACE = re.compile(r"\b(?:at|for|with)\s+(?:(?:a|an|the|my|our)\s+)?[\w'&-]+(?:\s+[\w'&-]+){0,2}\s*$", re.I)
# One who comes or works for the speaker on their days ("our cleaner comes every Tuesday", "the
# user's nanny works Mondays"): whom "she does thursdays now" speaks of
_THEIRS_WHO_COMES = re.compile(
    r"^The user's\s+(?:[\w-]+\s+){0,2}?[\w-]+(?:\s+(?-i:[A-Z])\w+)?\s+(?:comes|works|does|is in|visits|cleans|walks|teaches|"
    r"runs|takes|has)\b",
    re.IGNORECASE,
)
# "it" and a value, then a word of now, said of the thing spoken of before
_IT_IS_NOW = re.compile(
    r"(?:^|[,;]\s*|\b(?:so|mean|means|meaning|and|but|now)\s+)(?:it's|it is|its)\s+(?:(?:all|only|just)\s+)?"
    r"(?P<v>(?!(?:over|done|finished|fine|ok|okay|great|good|bad|better|worse|time|late|early)\b)[^,.;!?]{2,40}?)"
    r"(?P<at>\s+at\s+\d{1,2}(?:[:.]\d{2})?(?:\s?[ap]m)?)?(?:\s+(?:only|for|with|in)\s+[\w' ]{1,20}?)?"
    r"\s+(?:now|these days|nowadays|going forward|from now on|since\s+(?:the|my|our|we|i|last)\b[^,.;!?]{0,30}?)\b"
    # (the clause ends there: "it's Christmas now so the house is chaos" says what time of year it is)
    r"(?=\s*(?:[,.;!?]|$|(?:ugh|lol|haha|tbh)\b|[\U0001F300-\U0001FAFF]))",
    re.IGNORECASE,
)


# A number said with what it counts, or as the number a thing goes by ("70 people", "the 52")
_COUNTED = re.compile(r"(?P<the>the\s+)?\d[\d,]*(?:\s+(?P<what>[a-z]{3,}))?\s*$", re.IGNORECASE)


def _counted_alike(counted: re.Match[str], held: str, statement: str) -> bool:
    """Whether a number held in a statement counts what the new one counts ("about 40 people" and
    "70 people") or goes by a number as the new one does ("the 47 bus" and "the 52")."""
    after = re.search(rf"(?<![\d,.]){re.escape(held)}(?![\d,.])\s*(?P<what>[a-z]+)?", statement, re.IGNORECASE)
    if after is None:
        return False
    if counted.group("what"):
        return (after.group("what") or "").casefold().rstrip("s") == counted.group("what").casefold().rstrip("s")
    return (
        bool(counted.group("the")) and re.search(rf"\bthe\s+{re.escape(held)}\b", statement, re.IGNORECASE) is not None
    )


# A day moved: a verb of moving a date, then the day it is moved to ("pushed back to 12 October")
_DATE_MOVED = re.compile(
    r"\b(?:pushed|moved|postponed|put|brought|rescheduled|re-?dated|bumped|shifted|changed|delayed|swapped|extended|"
    # ... or how long it now lasts ("extension came through, it runs to 30 September now")
    r"(?:runs|lasts|goes|is\s+valid|valid)(?=[^.;!?]*\b(?:now|extension|extended|renewed)\b))"
    r"\s+(?P<obj>(?:it|us|me|them|him|her|(?:my|our|the|his|her|their)(?:\s+[\w'-]+){1,3}?)\s+)?"
    r"(?:back\s+|forward\s+|up\s+|out\s+)?(?:to|till|until|for)\s+"
    r"(?P<v>[^,.;!?]{2,30})",
    re.IGNORECASE,
)
# the words about the verb that name no thing moved ("so it's been pushed", "they moved us to")
_NOT_WHAT_MOVED = frozenset(["it", "been", "got", "has", "have", "had", "was", "were", "they", "just", "now", "user"])


# Days said one after another, with the part of the day they are in ("Tuesday and Thursday mornings")
_DAYS_RUN = re.compile(
    rf"\b(?P<days>{DAY_OF_WEEK}(?:\s*(?:/|,|&|\+|and|or|-|to)\s*{DAY_OF_WEEK})*)"
    r"(?P<part>\s+(?:morning|afternoon|evening|night|lunchtime)s?\b)?",
    re.IGNORECASE,
)
# who moved the user onto other days ("manager's swapped me onto ..."), or "it" said of them ("it's mon/wed now")
_DAYS_MOVER = re.compile(
    r"\b(?:swapped|switched|moved|put|changed|shifted|rota'?d|rostered|bumped)\s+the user\s+(?:on|onto|to|over to)\b",
    re.IGNORECASE,
)
_IT_DAYS = re.compile(r"\b(?:it's|it is|its|they're|they are)\s+(?:(?:on|now|all|only)\s+)*" + DAY_OF_WEEK, re.I)
_DAYS_CHANGE_CUE = re.compile(
    r"\b(?:now|these days|from now on|going forward|anymore|instead|swapped|switched|moved|changed|shifted|onto)\b",
    re.IGNORECASE,
)


# Days of the week in Chinese ("周三", "星期五", "礼拜天", "周末", "工作日") and a change of them
_DAYS_CHANGED_ZH = re.compile(r"改成|改到|换成|换到|调成|调到|挪到|现在")


# A run of weekdays said after one 周 ("周一三五", "每周二、四"), or bare after a word of change
# ("托管改成一三五了"): each day of it
_DAY_RUN_ZH = re.compile(r"(?:周|星期|礼拜)(?P<run>[一二三四五六日天](?:[、，,和跟]?[一二三四五六日天])*)")
_BARE_RUN_ZH = re.compile(
    r"(?:改成|改到|换成|换到|调成|调到|挪到)(?P<run>[一二三四五六日天](?:[、，,和]?[一二三四五六日天]){1,6})(?=了|啦|$|[，,。！!\s])"
)


def _days_zh(statement: str) -> list[str]:
    """The weekdays a Chinese statement names, each as 周X, with 周末 and 工作日 as they are said."""
    days = [f"周{d}" for m in _DAY_RUN_ZH.finditer(statement) for d in re.sub(r"[、，,和跟]", "", m.group("run"))]
    days += [f"周{d}" for m in _BARE_RUN_ZH.finditer(statement) for d in re.sub(r"[、，,和]", "", m.group("run"))]
    days = [d.replace("周天", "周日") for d in days]
    return days + re.findall(r"周末|工作日", statement)


def _days_of(days: str) -> frozenset[str]:
    """The days a run names, by their first three letters ("Tues and Thurs" -> tue, thu)."""
    return frozenset(d.casefold()[:3] for d in re.findall(DAY_OF_WEEK, days, re.IGNORECASE))


def _days_runs(text: str, *, habit: bool = True) -> list[re.Match[str]]:
    """The runs of days a text says; a short day alone only with its part of the day ("the sun"
    and "I sat" are no days); with ``habit``, only days said as a habit: two or more, in the
    plural or with their part of the day."""
    out = []
    for m in _DAYS_RUN.finditer(text):
        days = re.findall(DAY_OF_WEEK, m.group("days"), re.IGNORECASE)
        whole = len(days) > 1 or len(days[0]) > 4 or m.group("part") or days[0][:1].isupper()
        if whole and (not habit or len(days) > 1 or m.group("part") or days[0].casefold().endswith("s")):
            out.append(m)
    return out


_ORDINAL_WORDS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
# A thing known by its number: a noun and its number ("plot 14", "year 7", "flat 3b") or an ordinal
# and its noun ("first year", "2nd floor"); the number never counts the noun after it ("year 4 maths")
_LABEL_AFTER = re.compile(
    r"(?:\b(?:on|in|at|the|my|our|his|her|their|from|to|into|onto|had|got|has|have|own|owns|rent|rents|a|an)|'s)"
    r"\s+(?P<noun>(?!(?:at|in|on|to|for|from|by|since|about|around|over|under|than|of|till|until|with|and|or|"
    r"the|my|our|is|are|was|were|be|been|has|have|had|every|each|per|only|just|like|aged?|age|after|before|"
    r"nearly|almost|hit|hits|turned|turns|turning|since|last|next|this|that)\b)[a-z]{3,})\s+(?P<n>\d{1,4}[a-z]?)\b"
    r"(?![:.,/-]\d|\s*%)"
    + NO_NOUN_AFTER
    + r"|\b(?P<o>(?:"
    + "|".join(_ORDINAL_WORDS)
    + r"|\d{1,2}(?:st|nd|rd|th)))\s+(?P<after>year|floor|grade|form|dan|kyu)\b",
    re.IGNORECASE,
)
_NOW_WORD = re.compile(r"\b(?:now|these days|nowadays|from now on|going forward|anymore|instead)\b", re.IGNORECASE)


class _Label(NamedTuple):
    """A numbered thing a text names: its noun, its number (a count), and the number as said and
    where ("plot", "14", "14", 19, 21; "year", "1", "first", 13, 18)."""

    noun: str
    number: str
    said: str
    start: int
    end: int


def _labels(text: str) -> list[_Label]:
    """The numbered things a text names."""
    out = []
    for m in _LABEL_AFTER.finditer(text):
        key = "n" if m.group("n") else "o"
        said, start, end = m.group(key), m.start(key), m.end(key)
        if key == "n":
            out.append(_Label(m.group("noun").casefold(), said.casefold(), said, start, end))
        else:
            o = said.casefold()
            number = str(_ORDINAL_WORDS.index(o) + 1) if o in _ORDINAL_WORDS else re.sub(r"\D", "", o)
            out.append(_Label(m.group("after").casefold(), number, said, start, end))
    return out


def _of_same(text: str, at: _Label, other: str, other_at: _Label) -> bool:
    """Whether two numbered things are of one whole, where one says what it is of ("week 2 of
    couch to 5k" and "week 5 of the bin strike" are not)."""
    ofs = [
        re.match(r"\s+of\s+(?:the\s+|my\s+|our\s+)?([\w-]+)", t[a.end :], re.IGNORECASE)
        for t, a in ((text, at), (other, other_at))
    ]
    if ofs[0] is None or ofs[1] is None:
        return ofs[0] is None or ofs[0].group(1).casefold() in other.casefold()
    return ofs[0].group(1).casefold() == ofs[1].group(1).casefold()


def _same_form(number: str, old: str) -> str:
    """A number written as the one it replaces is: an ordinal word for one ("second" for
    "first", "2nd" for it too), as it was said otherwise."""
    digits = re.sub(r"\D", "", number)
    if (
        old.casefold() in _ORDINAL_WORDS
        and number.casefold() not in _ORDINAL_WORDS
        and digits
        and 0 < int(digits) <= len(_ORDINAL_WORDS)
    ):
        number = _ORDINAL_WORDS[int(digits) - 1]
    return number.capitalize() if old[:1].isupper() and number[:1].isalpha() else number


def _still_to_come(day: str, said: datetime) -> bool:
    """Whether a day a belief holds was still to come when it was said: a day with no year is
    (it is the next one), one with its year only where it falls after ("1 April 2026", written
    for "today", is a day done)."""
    if not re.search(r"\b(?:19|20)\d{2}\b", day):
        return True
    when = dateparser.parse(day, languages=["en"], settings={"RELATIVE_BASE": said.replace(tzinfo=None)})
    return when is None or when.date() > said.date()


def _singular(noun: str) -> str:
    """One of a plural noun ("classes" -> "class", "cups" -> "cup", "hobbies" -> "hobby")."""
    if noun.endswith("ies") and len(noun) > 4:
        return noun[:-3] + "y"
    if noun.endswith(("sses", "ches", "shes", "xes")):
        return noun[:-2]
    return noun[:-1] if noun.endswith("s") and not noun.endswith(("ss", "us", "is")) else noun


_AT_CLOCK = re.compile(r"\bat\s+(\d{1,2}(?::\d{2})?(?:\s?(?:am|pm))?)\b", re.IGNORECASE)


def _surface(text: str, value: str) -> str:
    m = re.search(re.escape(value), text, re.IGNORECASE)
    return m.group(0) if m else value


# A lower-case word a belief gives after its copula, at its end ("my router is a netgear"):
# its value, which a name said in a correction replaces.
_WORD_AFTER_COPULA = r"\b(?:is|are|was)\s+(?:a|an|the)?\s*([a-z][a-z-]{2,})[.!]?$"


def _same_head(statement: str, value: str) -> str | None:
    """The words of a statement a correction of two words replaces where the
    statement holds its last word ("no sorry, it's almond milk" corrects "oat
    milk", not the word the statement ends with): the word before it with it."""
    words = value.split()
    if len(words) < 2:
        return None
    m = re.search(r"\b(?:([a-z][a-z-]{2,})\s+)?" + re.escape(words[-1]) + r"\b", statement)
    if m is None:
        return None
    before = m.group(1)
    return m.group(0) if before and before not in _FUNCTION_WORDS and before not in _ARTICLES else words[-1]


_ARTICLES = frozenset(["the", "and", "but", "for", "with", "from", "their", "our", "his", "her", "its", "some", "any"])


def _same_digits(money: str, number: str) -> bool:
    """Whether a number said alone can be an amount of money said again: as many digits,
    the same ones in another order or one of them different ("$2100" / "2010")."""
    a, b = re.sub(r"\D", "", money.split(".")[0]), re.sub(r"\D", "", number.split(".")[0])
    return len(a) == len(b) > 1 and (sorted(a) == sorted(b) or sum(x != y for x, y in zip(a, b, strict=True)) <= 1)


def _nearest(spans: list[str], value: str | None) -> str:
    """Of a belief's numbers, the one a corrected number stands for: the nearest in size
    ("a 2016 mazda 3" / "it's a 2018": the year, not the model); the last said when any
    of them is no plain positive number."""
    sizes = [_size(x) for x in (value or "", *spans)]
    said, held = sizes[0], sizes[1:]
    if said is None or any(n is None for n in held):
        return spans[-1]
    # a number equal to the one said is no slip of it ("3 kids and 2 dogs" / "sorry, 3 dogs")
    apart = [abs(math.log(n / said)) if n is not None and n != said else math.inf for n in held]
    return spans[min(range(len(spans)), key=lambda i: (apart[i], -i))]


def _size(text: str) -> float | None:
    try:
        n = float(text.replace(",", ""))
    except ValueError:
        return None
    return n if n > 0 else None


def _another_besides(keyed: list[BeliefView], p: Proposal) -> bool:
    """Whether a value said plainly sits beside what the speaker said they do not have or do
    ("I don't drink coffee" / "I do drink green tea"): another value, no change said, so
    nothing is replaced; "I drink coffee again" (the same value) or "... now" still replaces."""
    value = (p.value or "").casefold()
    return (
        bool(value)
        and not value.startswith("not ")
        and p.rule != "correction"
        and all((b.value or "").casefold().startswith("not ") for b in keyed)
        and all((b.value or "").casefold()[4:] != value for b in keyed)
        and not has_change_cue(p.statement)
    )


_GOT_ONE = re.compile(
    r"\b(?:got|get|gets|getting|bought|buy|buying|purchased|picked up|leased|leasing|ordered|traded|upgraded|"
    r"switched|replaced|financed|inherited|won)\b|买|换|提了|入手|订了",
    re.IGNORECASE,
)


def _called_shorter(keyed: list[BeliefView], p: Proposal) -> bool:
    """Whether a value said plainly is some of the words of every value held ("Mazda" of
    "Mazda 3"): the same thing called by a shorter name, said of again, not another one."""
    words = set((p.value or "").casefold().split())
    return (
        bool(words)
        and p.rule != "correction"
        # "new" of another thing ("needs new brakes") says no change of this one
        and not has_change_cue(
            re.sub(
                r"\bnew\s+(?!(?:" + "|".join(map(re.escape, words)) + r")\b)\w+", "", p.statement, flags=re.IGNORECASE
            )
        )
        and not _GOT_ONE.search(p.statement)  # "just bought a Toyota": another of the make, got
        and all(words < set((b.value or "").casefold().split()) - {"not"} for b in keyed)
    )


def _said_as_copula(p: Proposal) -> bool:
    """Whether a correction gives its value right after a copula ("actually it's a TP-Link"),
    as the word it corrects was given; not "actually she's in Boston": where, not what."""
    value = re.escape(p.value or "")
    return (
        bool(value) and re.search(r"(?:'s|’s|\bis|\bare|'re)\s+(?:(?:a|an|the)\s+)?" + value, p.statement) is not None
    )


# Words a statement may end with that are no value of it ("... every day", "... a lot").
_FUNCTION_WORDS = frozenset(
    [
        "day",
        "days",
        "week",
        "weeks",
        "month",
        "months",
        "year",
        "years",
        "now",
        "too",
        "well",
        "anymore",
        "lot",
        "much",
        "more",
        "less",
        "there",
        "here",
        "again",
        "today",
        "tonight",
        "morning",
        "evening",
        "night",
        "weekend",
        "weekends",
        "though",
        "already",
        "yet",
        "ago",
    ]
)


def _reason(verb: str, p: Proposal, old: BeliefView) -> str:
    if verb == "restated":  # a sibling said in the same words as a replaced belief
        return f"restated: {p.statement} (what it said with another key was replaced; rule restated)"
    frame = p.attribute or "?"
    return f"{verb}: {frame} is now {p.value} (was {p.replaces or old.value}; rule {p.rule or 'similarity'})"


def _explain(p: Proposal, old: BeliefView, verb: str) -> dict[str, object]:
    """What the invalidation event carries to explain itself: the frame, the
    rule family, the old and new values."""
    return {
        "decision": verb,
        "rule": p.rule or "similarity",
        "subject": p.subject,
        "attribute": p.attribute,
        "old_attribute": old.attribute,
        "old_value": old.value,
        "new_value": p.value,
        "replaces": p.replaces,
    }


def _frames_apart_keys(b: BeliefView, p: Proposal) -> bool:
    """Both read by frames, into different slots: a frame's slot is exact, so meaning
    never crosses it (a home is no employer, however alike the words)."""
    a, c = b.attribute or "", p.attribute or ""
    return (
        bool(a and c)
        and not a.startswith("said:")
        and not c.startswith("said:")
        and not _same_attribute(a, c)
        and not _one_head(a, c)
    )


# The work one does, said in one's own words ("works on the tills at Tesco", "work as a carer")
# Where a thing is kept ("the spare key lives under the blue pot", "grows tomatoes in grow bags on
# the patio", "the dog sleeps in a crate", "parks on the street"), and where a person is placed,
# which a thing's new place never changes ("lives in Leeds", "works at ...", "studies at ...")
_KEPT_AT = re.compile(
    r"\b(?:lives?|sleeps?|is|are|kept|keeps?|goes|go|grows?|parks?|stored|stores?|sits?|hangs?|stays?)\b[^.;]*?"
    r"\b(?:in|on|under|at|behind|by|outside|inside|next to)\s+(?:the|a|an|our|my|their|the user's)\s",
    re.IGNORECASE,
)
_PERSON_PLACED = re.compile(
    r"^(?:the user|the user's \w+(?: \w+)?)\s+(?:lives?|works?|studies|study|is based|is staying|stays?|is at|goes to)\b"
    r"|^(?:the user|the user's \w+(?: \w+)?)\s+is\s+(?:a|an)\s",
    re.IGNORECASE,
)
_LIVES_AT = re.compile(r"^the user\s+(?:lives?|is living|has lived)\s+(?:at|on|in)\b", re.IGNORECASE)
_WORK_SAID = re.compile(r"\bworks?\s+(?:on|at|in|as|for)\b", re.IGNORECASE)
# Work said in the speaker's words at a named place: a role ("is a lettings negotiator at Haart"),
# or a doing of a job ("stacks shelves at Tesco", "works nights at the Amazon warehouse")
_WORK_AT = re.compile(
    r"\b(?:is\s+(?:a|an)\s+(?:[\w-]+\s+){0,3}?|works?\s+(?:[\w-]+\s+){0,2}?|"
    r"(?:stacks?|drives?|cleans?|serves?|manages?|runs?|teaches|teach|nurses?|cooks?|picks?|packs?|delivers?)\s+"
    r"(?:[\w-]+\s+){0,2}?)at\s+(?:the\s+)?(?P<place>(?-i:[A-Z])[\w'&-]*(?:\s+(?-i:[A-Z])[\w'&-]*)*)",
    re.IGNORECASE,
)
# A first day at a place ("started at Foxtons on Monday")
_STARTED_AT = re.compile(r"\b(?:started|starting|start|began)\s+(?:work\s+|working\s+)?at\b", re.IGNORECASE)
# A habit ("每天早上跑5公里", "swims every morning")
_HABIT_SAID = re.compile(
    r"每天|每周|每星期|每晚|每早|每个?月|平时|一般|经常|\b(?:every|each)\s+(?:day|morning|evening|night|week|weekend)\b|"
    r"\b(?:usually|daily|weekly|nightly)\b",
    re.IGNORECASE,
)
# A day named with its date, as the extractor writes "today" or 今天 ("2026年4月1日", "on 1 April 2026")
_ON_A_DAY = re.compile(r"\d{4}年\d{1,2}月\d{1,2}日|\bon \d{1,2} [A-Z][a-z]+ \d{4}\b")
# A thing of the speaker's named again with its new value ("The dentist is thursday at 2.")
_THING_AGAIN = re.compile(r"^(?:the\s+)?(?:[a-z]+\s+)?(?P<head>[a-z]{3,})\s+(?:is|are|was|were|'s)\s", re.IGNORECASE)


# A Chinese statement that is the slip itself, said last ("在日历上写错了", "记错了接孩子的时间"):
# no right version said after it
_SLIP_SAID_LAST_ZH = re.compile(r"(?:[说写打记看搞弄听算]错|记混|搞混|[说写打记弄搞看]反)了?[^，,；;]{0,12}[。！!]*$")


def _of_theirs(p: Proposal, b: BeliefView, *, people: bool) -> bool:
    """Whether a belief may be of what a statement of the user's is about though their subjects
    differ: a thing of the user's said bare ("rent is $1,700" for "The user's rent is $1,400 a
    month.", "membership" for "The user's gym membership"), or with ``people`` one of the user's people named another way ("my boy" for "my son
    Leo"), which only a value named again shows."""
    speaker, _, thing = (p.subject or "").partition(":")
    if speaker != _USER or (b.subject or "").partition(":")[0] != _USER:
        return False
    if not thing:
        return people
    return re.match(rf"the user's (?:[\w-]+ )?{re.escape(thing)}\b", b.statement, re.IGNORECASE) is not None


# A slip made telling someone else ("told her 14 instead of 41", "said Dr. Lee to the receptionist"):
# what was said to them, no belief put right
_TOLD_ANOTHER = re.compile(
    r"\b(?:told|texted|emailed|messaged|wrote to)\s+(?:her|him|them|the|their)\b"
    r"|\b(?:said|wrote|put|gave)\b[^,.;]{0,40}\bto (?:her|him|them|the|their)\b"
    # ... in Chinese: a message or words to someone ("给用户妹发消息", "跟老板说成了", "告诉她")
    r"|给\S{1,6}(?:发|打|写)|跟\S{1,6}说|告诉[他她]",
    re.IGNORECASE,
)


def _of_the_user_alone(statement: str) -> bool:
    """Whether a statement is of the user themself ("The user is 34."), not of one of their
    people or things (``_of_the_users``)."""
    if is_cjk(statement):
        return re.match(rf"用户(?!的|{RELATIONS_ZH_WORDS})", statement) is not None
    return re.match(r"The user\b(?!'s)", statement) is not None


def _of_the_users(statement: str) -> bool:
    """Whether a statement is of one of the user's people or things ("The user's coach is 43.",
    "用户女儿7岁。")."""
    if is_cjk(statement):
        return re.match(rf"用户(?:的|{RELATIONS_ZH_WORDS})", statement) is not None
    return statement.startswith("The user's ")


def _says_again(p: Proposal, b: BeliefView) -> bool:
    """Whether a statement's value is the one a belief holds ("boston" of "The user works in
    Boston" in "The user says Boston out of habit")."""
    return bool(b.value) and (p.value or "").casefold() == (b.value or "").casefold()


def _shares_a_word(p: Proposal, b: BeliefView) -> bool:
    """Whether a statement names what a belief is about by a word of it ("the book club meets at
    the cafe" / "... book club meets at the library"): a slip is put right by naming the thing
    again, and another's value ("my coach is 43" after "I'm 34") names another thing."""
    said, held = as_said(p.statement), as_said(b.statement)
    if is_cjk(said):
        return bool(shared_words_zh(said, held))
    return bool(topic_words(said) & topic_words(held))


def _one_head(a: str, b: str) -> bool:
    """Whether one slot is the other said shorter, by its head word ("anniversary" of
    "wedding anniversary"): one thing, named more or less fully."""
    short, long = sorted((a.casefold().split(":")[0].split(), b.casefold().split(":")[0].split()), key=len)
    return bool(short) and len(short) < len(long) and long[-len(short) :] == short


def _conflicting_keys(b: BeliefView, p: Proposal) -> bool:
    """Both are keyed facts about the same subject but different attributes:
    similar wording must not merge them ("uses Go 1.23" vs "has 3 servers")."""
    return bool(
        b.subject
        and p.subject
        and b.attribute
        and p.attribute
        and b.subject == p.subject
        and not _same_attribute(b.attribute, p.attribute)
        and not (b.attribute.startswith("said:") and p.attribute.startswith("said:"))
    )
