"""A query word no memory holds, met by a memory's word of the same root.

Why: the lexical terms are Snowball stems, which undo inflection
("allergies" -> ``allergi``) but not derivation ("allergic" -> ``allerg``),
so "do I have any allergies?" shares no term with "I'm allergic to
penicillin". When a query term is held by none of the owner's rows, its
stem shortened by one to ``MAX_CUT`` letters (never below ``MIN_ROOT``) is
looked up as an exact term: a shortening that is itself a stem of the
owner's memory is almost always the same word in another form (``allerg``,
``diabet``, ``paint`` for "painter"), and an exact match keeps an
unrelated word ("photosynthesis") from reaching a short common prefix
("photo"). Only Latin-script words are shortened; CJK terms are bigrams.

The lookup is a second lexical ranking with the roots in place of the
unknown words, asked only when some query term is unknown and long enough
(``Searcher._ranked``); a known term never changes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

__all__ = ["MAX_CUT", "MIN_ROOT", "kept_roots", "roots_of", "with_roots"]

MIN_ROOT = 5  # a shorter root ("phot", "hike") meets too many other words
MAX_CUT = 3  # derivational endings that Snowball keeps: -ic / -i, -ical, -er, -ive, -ian


def roots_of(term: str) -> list[str]:
    """The shortenings of one stem to look up, longest first ("allergi" ->
    ["allerg", "aller"]); none for a short, non-alphabetic or non-ASCII term."""
    if not (term.isascii() and term.isalpha()):
        return []
    return [term[:-cut] for cut in range(1, MAX_CUT + 1) if len(term) - cut >= MIN_ROOT]


def with_roots(terms: Sequence[str], df: Mapping[str, int]) -> tuple[list[str], list[str]]:
    """The query's terms with every unknown one (``df`` 0) replaced by all its
    shortenings, and the shortenings asked (empty: nothing to ask again)."""
    out: list[str] = []
    asked: list[str] = []
    for term in terms:
        shorter = roots_of(term) if not df.get(term, 0) else []
        out.extend(shorter or [term])
        asked.extend(shorter)
    return list(dict.fromkeys(out)), asked


def kept_roots(terms: Sequence[str], df: Mapping[str, int], original: Sequence[str]) -> list[str]:
    """After the second lookup: each original term, or in its place the
    longest of its shortenings that a row holds (the others dropped: they
    would only weigh as unknown words)."""
    out: list[str] = []
    for term in original:
        found = next((r for r in roots_of(term) if df.get(r, 0)), None) if not df.get(term, 0) else None
        out.append(found or term)
    return list(dict.fromkeys(out))
