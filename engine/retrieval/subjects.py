"""Whose belief: a question asks about a person, not about their people, unless it names them.

Why: the distiller keys every belief by whom it is about (its ``subject``):
the speaker ("user", or the speaker's name in a named conversation) or
someone of theirs ("user:sister", "caroline:mom"). The words of a question
about the speaker ("where do I live?") match a relative's belief of the
same kind ("The user's sister lives in Lyon.") as well as the speaker's own
("The user moved to Porto."), and often better: the relative's statement
says the question's verb, a move does not. A belief about someone of the
speaker's answers a question only when the question names that someone
("where does my sister live?", "我妹妹住在哪里？"). So among the ranked
candidates, a belief whose relation the question does not name is weighed
down by ``OTHER_SUBJECT_WEIGHT`` (not removed: "who in my family lives
abroad?" names no one and still wants them), and only when a candidate
about the person themself is there to come first.

The relation is matched by its lexical terms against the question's, so it
works for any relation the distiller writes, in any language the index
cuts into terms; nothing lists kinship words here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ledgermind.analysis.text import lexical_terms
from ledgermind.retrieval.records import SearchResult
from ledgermind.retrieval.speakers import OTHER_SPEAKER_WEIGHT

__all__ = ["OTHER_SUBJECT_WEIGHT", "prefer_own_subjects", "unasked_relation"]

# the weight of a result about someone the question does not ask about: the
# speaker step's (``speakers.OTHER_SPEAKER_WEIGHT``), which means the same
OTHER_SUBJECT_WEIGHT = OTHER_SPEAKER_WEIGHT


def unasked_relation(subject: str | None, query_terms: Sequence[str]) -> bool:
    """Is ``subject`` someone of a person's ("user:sister") whom the question
    does not name? False for a person themself ("user") and for no subject."""
    if not subject:
        return False
    _, sep, relation = subject.partition(":")
    terms = lexical_terms(relation) if sep else []
    return bool(terms) and not set(terms).intersection(query_terms)


def prefer_own_subjects(results: Sequence[SearchResult], query_terms: Sequence[str]) -> list[SearchResult]:
    """``results`` with the score and the relevance of a belief about someone
    the question does not name (``unasked_relation``) weighed down, best
    first; unchanged when no result is about a person themself (a subject
    without a relation). The relevance too: it orders what is served
    (``search.by_relevance``), and a belief about someone not asked about
    is less likely what is asked."""
    if not any(r.subject and ":" not in r.subject for r in results):
        return list(results)
    unasked = {r.id for r in results if unasked_relation(r.subject, query_terms)}
    if not unasked:
        return list(results)
    weight = OTHER_SUBJECT_WEIGHT
    out = [
        replace(r, score=r.score * weight, relevance=r.relevance * weight) if r.id in unasked else r for r in results
    ]
    return sorted(out, key=lambda r: r.score, reverse=True)
