"""Beliefs before the turns they were distilled from; superseded turns marked.

Why: with ``include_messages`` a raw turn ("we use Go 1.23") and the belief
distilled from it compete on words alone, and the turn often wins (it is
longer, it repeats the question's words). But the belief is the engine's
current reading of the turn, and a turn whose belief was invalidated is
history, not the present. So, after ranking:

- a current belief that cites a turn among the results is placed just
  before that turn if it ranked below it (or was not among the results);
- a turn cited only by invalidated beliefs is marked ``superseded_by``
  with the belief that replaced one of them, and that belief, when it is
  current, is placed just before the turn.

A moved or added belief takes the turn's place, score and relevance: it is
served because the turn was. Pure: the caller loads the citing beliefs
(``IndexStore.citing``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from ledgermind.retrieval.records import SearchResult

__all__ = ["Citation", "beliefs_first"]

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


def beliefs_first(
    hits: Sequence[SearchResult], citations: Sequence[Citation], load: Callable[[str], SearchResult | None]
) -> list[SearchResult]:
    """``hits`` reordered as the module doc says; ``load`` finds a current
    belief by id (the replacement of a superseded one)."""
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
        current = [c.belief for c in cites if c.current]
        replaced = next((c.replaced_by for c in cites if not c.current and c.replaced_by), None)
        if not current and replaced is not None:
            hit = replace(hit, superseded_by=replaced)
            newer = load(replaced)
            current = [] if newer is None else [newer]
        for belief in current:
            if belief.id not in placed:
                belief = ranked.get(belief.id, belief)
                out.append(replace(belief, score=max(belief.score, hit.score),
                                   relevance=max(belief.relevance, hit.relevance)))
                placed.add(belief.id)
        out.append(hit)
        placed.add(hit.id)
    return out
