"""Beliefs before the turns they were distilled from; superseded turns marked.

Why: with ``include_messages`` a raw turn ("we use Go 1.23") and the belief
distilled from it compete on words alone, and the turn often wins (it is
longer, it repeats the question's words). But the belief is the engine's
current reading of the turn, and a turn whose belief was invalidated is
history, not the present. So, after ranking:

- a current belief among the results that cites a turn among them is
  placed just before that turn if it ranked below it (a belief that was not
  among the results is not added: on LoCoMo dev, adding every citing belief
  pushed 2.3 more beliefs into each top 10 and cost 0.05 Recall@10);
- a turn cited only by invalidated beliefs is marked ``superseded_by``
  with the belief that replaced one of them, and that belief, when it is
  among the results, is placed just before the turn (adding it when absent
  cost 0.04 Recall@10 on LoCoMo dev, where the distiller revises often).

A moved belief takes the turn's place, score and relevance where they are
higher. Pure: the caller loads the citing beliefs (``IndexStore.citing``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ledgermind.retrieval.records import SearchResult

__all__ = ["Citation", "beliefs_first", "collapse_cited"]

Turn = tuple[str, int]  # (session id, seq)


class Citation:
    """A belief version that cites turns: is it current, and what replaced it."""

    __slots__ = ("belief", "current", "replaced_by", "turns")

    def __init__(self, belief: SearchResult, current: bool, replaced_by: str | None) -> None:
        self.belief = belief
        self.current = current
        self.replaced_by = replaced_by
        self.turns = _turns(belief)


def _turns(item: SearchResult) -> set[Turn]:
    return {(str(s["session_id"]), int(q)) for s in item.sources if "session_id" in s for q in s.get("seqs", ())}


def beliefs_first(hits: Sequence[SearchResult], citations: Sequence[Citation]) -> list[SearchResult]:
    """``hits`` reordered (and superseded turns marked) as the module doc says."""
    by_turn: dict[Turn, list[Citation]] = {}
    for c in citations:
        for turn in c.turns:
            by_turn.setdefault(turn, []).append(c)
    ranked = {h.id: h for h in hits}
    out: list[SearchResult] = []
    placed: set[str] = set()
    for hit in hits:
        if hit.id in placed:
            continue
        if hit.item_type != "message":
            out.append(hit)
            placed.add(hit.id)
            continue
        cites = [c for turn in _turns(hit) for c in by_turn.get(turn, [])]
        current = [ranked[c.belief.id] for c in cites if c.current and c.belief.id in ranked]
        replaced = next((c.replaced_by for c in cites if not c.current and c.replaced_by), None)
        if not current and replaced is not None:
            hit = replace(hit, superseded_by=replaced)
            current = [ranked[replaced]] if replaced in ranked else []
        for belief in current:
            if belief.id not in placed:
                out.append(
                    replace(belief, score=max(belief.score, hit.score), relevance=max(belief.relevance, hit.relevance))
                )
                placed.add(belief.id)
        out.append(hit)
        placed.add(hit.id)
    return out


def collapse_cited(results: Sequence[SearchResult]) -> list[SearchResult]:
    """One place for a current belief and the turns it was distilled from.

    Why: a belief and its own source turn say the same thing, and both
    ranking means two of a top k spent on one piece of evidence (on LoCoMo
    dev with the distiller, 1.4 beliefs per top 10, most beside their
    turn). The belief stays, at the best score and relevance of the group
    (so it ranks where its best member did, above its turns), and a turn it
    cites leaves the list: the belief's ``sources`` name it. ``results`` are
    the visible candidates of one query, so every belief among them is
    current at the query's time point; best first in and out."""
    cited: dict[Turn, SearchResult] = {}
    for r in results:
        if r.item_type != "message":
            for turn in _turns(r):
                cited.setdefault(turn, r)
    best: dict[str, SearchResult] = {}
    kept: list[SearchResult] = []
    for r in results:
        owner = next((cited[t] for t in _turns(r) if t in cited), None) if r.item_type == "message" else None
        head = owner if owner is not None else r
        if head.id in best:
            b = best[head.id]
            best[head.id] = replace(b, score=max(b.score, r.score), relevance=max(b.relevance, r.relevance))
        else:
            best[head.id] = replace(head, score=max(head.score, r.score), relevance=max(head.relevance, r.relevance))
            kept.append(head)
    return sorted((best[h.id] for h in kept), key=lambda h: h.score, reverse=True)
