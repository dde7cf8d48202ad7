"""Name awareness: a question that names a speaker asks about that speaker's own turns.

Why: a message is indexed with its speaker's name ("Caroline: ..."), and
the other side of a conversation says the name too ("Thanks, Caroline!"),
so the name matches half of a conversation lexically and tells BM25 little
about who said what. But when a question names someone who speaks in the
owner's memory ("what did Caroline research?"), the answer is almost always
in that person's own words: on LoCoMo dev, 97 % of the evidence turns of a
question naming one speaker are that speaker's. So among the ranked
candidates, a turn spoken by someone else, or a belief that does not name
the person, is weighed down by ``OTHER_SPEAKER_WEIGHT`` (not removed: the
other side's reply is sometimes the evidence).

The speakers are read from the candidates themselves (a message's statement
is "<speaker>: <content>"), so this needs no extra query and does nothing
for a store without named messages or a question that names nobody in it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from ledgermind.analysis.text import lexical_stem, lexical_terms
from ledgermind.domain.session import ROLES
from ledgermind.retrieval.records import SearchResult

__all__ = [
    "OTHER_SPEAKER_WEIGHT",
    "named_speakers",
    "names_a_speaker",
    "prefer_named_speakers",
    "speaker_terms",
    "spoken_names",
    "without_names",
]

OTHER_SPEAKER_WEIGHT = 0.45  # LoCoMo dev Recall@10: 0.3 -> 0.724, 0.45 -> 0.731, 0.6 -> 0.720, 0.8 -> 0.718
_SPEAKER_CHARS = 60  # a "name: content" prefix longer than this is not a name
_WORD = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)?", re.UNICODE)


def speaker_terms(result: SearchResult) -> frozenset[str]:
    """The lexical terms of a message's speaker ("Caroline: hi" -> {"carolin"})."""
    if result.item_type != "message":
        return frozenset()
    head, sep, _ = result.statement.partition(":")
    if not sep or len(head) > _SPEAKER_CHARS:
        return frozenset()
    return frozenset(lexical_terms(head))


def spoken_names(results: Sequence[SearchResult], query_terms: Sequence[str]) -> frozenset[str]:
    """The query terms that name someone who speaks among ``results``."""
    return frozenset().union(*(speaker_terms(r) for r in results)).intersection(query_terms)


def names_a_speaker(results: Sequence[SearchResult], query_terms: Sequence[str]) -> bool:
    """Does the query name someone who speaks among ``results``, by name
    (a turn without a name is stored under its role, "user: ...", and a
    role word is no one's name)? Such a query is about the owner's memory
    whatever its other words (``Searcher.search``'s floor)."""
    return bool(spoken_names(results, query_terms) - _ROLE_TERMS)


_ROLE_TERMS = frozenset(lexical_stem(role) for role in ROLES)


def without_names(query: str, names: frozenset[str]) -> str:
    """``query`` with the words that stem to one of ``names`` left out
    ("what did Caroline's mom say?" -> "what did mom say?")."""
    if not names:
        return query
    return _WORD.sub(lambda m: "" if lexical_stem(m.group(0).lower().replace("'", "")) in names else m.group(0), query)


def named_speakers(results: Sequence[SearchResult], query_terms: Sequence[str]) -> dict[str, bool]:
    """Per result id: is it about a speaker the query names (their own turn,
    or a belief that names them)? Empty when the query names nobody who
    speaks among ``results``."""
    spoken = {r.id: speaker_terms(r) for r in results}
    named = frozenset().union(*spoken.values()).intersection(query_terms)
    if not named:
        return {}
    return {
        r.id: bool(spoken[r.id] & named if r.item_type == "message" else named.intersection(lexical_terms(r.statement)))
        for r in results
    }


def prefer_named_speakers(results: Sequence[SearchResult], about: dict[str, bool]) -> list[SearchResult]:
    """``results`` with the score and relevance of what is not about a named
    speaker (``named_speakers``) weighed down, best first (unchanged when
    the query names nobody). The relevance too: it orders what is served
    (``search.by_relevance``)."""
    if not about:
        return list(results)
    w = OTHER_SPEAKER_WEIGHT
    out = [r if about[r.id] else replace(r, score=r.score * w, relevance=r.relevance * w) for r in results]
    return sorted(out, key=lambda r: r.score, reverse=True)
