"""Text normalisation shared by the embedder, the lexical index and dedup.

Why one module: the hashing embedder, the query sent to FTS5 / tsvector, the
CJK bigram expansion and the near-duplicate test must agree on what a "word"
is, or a query and its document would be cut differently.

CJK text has no spaces, and neither FTS5's ``unicode61`` tokenizer nor
PostgreSQL's parsers split it into words. ``lexical_text`` therefore appends
the overlapping character bigrams of every CJK run (a standard fallback for
Chinese retrieval without a segmenter), and queries are expanded the same
way, so "咖啡" finds "我咖啡不加糖" on both backends.

``lexical_terms`` is the one tokenisation of the lexical index on both
backends: the index stores each row's terms already cut, so SQLite and
PostgreSQL match exactly the same rows for a query (neither backend's own
parser or stemmer is involved), and BM25 is computed once, in Python
(``ledgermind.retrieval.lexical``). The stemmer is Snowball English
(Porter2, the ``snowballstemmer`` package, the algorithm PostgreSQL's
``english`` configuration runs).
"""

from __future__ import annotations

import re
import threading
import unicodedata
from functools import lru_cache

import snowballstemmer

__all__ = [
    "STOPWORDS",
    "cjk_bigrams",
    "has_cjk",
    "jaccard",
    "lexical_stem",
    "lexical_terms",
    "lexical_text",
    "query_terms",
    "stem",
    "stored_terms",
    "tokens",
    "words",
]

_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?", re.UNICODE)
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+")

STOPWORDS = frozenset(
    [
        "a",
        "about",
        "above",
        "after",
        "again",
        "against",
        "all",
        "am",
        "an",
        "and",
        "any",
        "are",
        "as",
        "at",
        "be",
        "because",
        "been",
        "before",
        "being",
        "below",
        "between",
        "both",
        "but",
        "by",
        "can",
        "could",
        "did",
        "do",
        "does",
        "doing",
        "down",
        "during",
        "each",
        "few",
        "for",
        "from",
        "further",
        "had",
        "has",
        "have",
        "having",
        "he",
        "her",
        "here",
        "hers",
        "herself",
        "him",
        "himself",
        "his",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "itself",
        "just",
        "me",
        "more",
        "most",
        "my",
        "myself",
        "no",
        "nor",
        "not",
        "now",
        "of",
        "off",
        "on",
        "once",
        "only",
        "or",
        "other",
        "our",
        "ours",
        "ourselves",
        "out",
        "over",
        "own",
        "same",
        "she",
        "should",
        "so",
        "some",
        "such",
        "than",
        "that",
        "the",
        "their",
        "theirs",
        "them",
        "themselves",
        "then",
        "there",
        "these",
        "they",
        "this",
        "those",
        "through",
        "to",
        "too",
        "under",
        "until",
        "up",
        "very",
        "was",
        "we",
        "were",
        "what",
        "when",
        "where",
        "which",
        "while",
        "who",
        "whom",
        "why",
        "will",
        "with",
        "would",
        "you",
        "your",
        "yours",
        "yourself",
        "yourselves",
        "s",
        "t",
        "don",
        "didn",
        "doesn",
        "isn",
        "wasn",
        "weren",
        "won",
        "wouldn",
        "shouldn",
        "couldn",
        "ll",
        "re",
        "ve",
        "d",
        "m",
        "o",
        "y",
        "also",
    ]
)


def has_cjk(text: str) -> bool:
    return _CJK.search(text) is not None


def cjk_bigrams(text: str) -> list[str]:
    """Overlapping character bigrams of every CJK run; a lone character stands alone."""
    grams: list[str] = []
    for run in _CJK.findall(text):
        if len(run) == 1:
            grams.append(run)
        grams.extend(run[i : i + 2] for i in range(len(run) - 1))
    return grams


def words(text: str, *, contractions: bool = True) -> list[str]:
    """Lower-cased words outside CJK runs (accents folded; an apostrophe
    inside a word dropped, or kept with ``contractions=False``)."""
    folded = unicodedata.normalize("NFKC", text).lower()
    found = _WORD.findall(_CJK.sub(" ", folded))
    return [w.replace("'", "") for w in found] if contractions else found


def stem(word: str) -> str:
    """A light English suffix stripper (plural, -ing, -ed, -ly, -ies).

    Deliberately conservative: it only has to make "hiking" meet "hike" and
    "paintings" meet "painting"; the lexical indexes run their own (Porter /
    Snowball) stemmers.
    """
    w = word
    if len(w) <= 3 or not w.isascii():
        return w
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith("sses"):
        return w[:-2]
    if w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    for suffix in ("ingly", "edly", "ing", "ed", "ly"):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            base = w[: -len(suffix)]
            if not any(c in "aeiouy" for c in base):
                return w
            if len(base) >= 2 and base[-1] == base[-2] and base[-1] not in "lsz":
                base = base[:-1]  # running -> run, stopped -> stop
            elif base.endswith(("at", "bl", "iz", "v", "c", "g", "k")) or _cvc(base):
                base = base + "e"  # hiked -> hike, loving -> love
            return base
    return w


def _cvc(base: str) -> bool:
    """consonant-vowel-consonant ending of a short stem (hop-ed -> hope)."""
    if len(base) != 3:
        return False
    v = "aeiou"
    return base[0] not in v and base[1] in v and base[2] not in v + "wxy"


def tokens(text: str) -> list[str]:
    """Stemmed content words plus CJK bigrams: the unit of matching and dedup."""
    out = [stem(w) for w in words(text) if w not in STOPWORDS]
    out.extend(cjk_bigrams(text))
    return out


def query_terms(text: str) -> list[str]:
    """Distinct terms of a query for the lexical indexes, in order, unstemmed
    (each index applies its own stemmer), CJK runs expanded into bigrams."""
    seen: dict[str, None] = {}
    for w in words(text):
        if (w not in STOPWORDS and len(w) > 1) or w.isdigit():
            seen.setdefault(w, None)
    for g in cjk_bigrams(text):
        seen.setdefault(g, None)
    return list(seen)


def lexical_text(text: str) -> str:
    """What the lexical index stores: the text, then its CJK bigrams."""
    grams = cjk_bigrams(text)
    return text if not grams else text + "\n" + " ".join(grams)


def jaccard(a: str, b: str) -> float:
    """Token Jaccard similarity of two texts (1.0 for two empty texts)."""
    sa, sb = set(tokens(a)), set(tokens(b))
    if not sa and not sb:
        return 1.0
    return len(sa & sb) / len(sa | sb)


_STEMMERS = threading.local()  # a Snowball stemmer object keeps state between calls


@lru_cache(maxsize=100_000)
def lexical_stem(word: str) -> str:
    """Snowball English stem of one lower-cased word (non-Latin words unchanged)."""
    stemmer = getattr(_STEMMERS, "english", None)
    if stemmer is None:
        stemmer = _STEMMERS.english = snowballstemmer.stemmer("english")
    return str(stemmer.stemWord(word))


def lexical_terms(text: str) -> list[str]:
    """The lexical index's terms of a text, in order, repeats kept (BM25 counts
    them): Snowball stems of the words that are not stopwords (one-letter
    words only when they are digits), then the CJK bigrams (of the text
    without the Chinese function words of ``_CJK_FUNCTION``)."""
    kept = (w.replace("'", "") for w in words(text, contractions=False) if not _function_contraction(w))
    out = [lexical_stem(w) for w in kept if (w not in STOPWORDS and len(w) > 1) or w.isdigit()]
    out.extend(cjk_bigrams(_CJK_FUNCTION.sub(" ", text)))
    return out


# Chinese words that only ask or point, as English stopwords do ("我住在哪里？" asks about
# 住在): a bigram with them ("我住", "在哪", "哪里") is no term. Otherwise a question's
# own function words, which no memory holds, weigh most of its IDF mass and hold a
# right answer below the relevance floor. A particle only where it ends a question
# (吗 stays in 吗啡).
_CJK_FUNCTION = re.compile(
    r"怎么样|为什么|哪里|哪儿|什么|怎么|怎样|多少|我们|你们|[哪谁我你]|[吗呢](?=\s*(?:[？?。，,！!]|$))"
)


# The clitics of English contractions ("what's", "I'm", "they're", "we've", "you'll", "I'd").
_CLITICS = frozenset({"s", "m", "re", "ve", "ll", "d"})


def _function_contraction(word: str) -> bool:
    """A stopword and its clitic ("what's", "I'm", "that's"): a function word
    like its host, never a term. Without this, "what's my email?" searches
    for "what" that "what is my email?" leaves out."""
    host, apostrophe, clitic = word.partition("'")
    return bool(apostrophe) and host in STOPWORDS and clitic in _CLITICS


def stored_terms(lex_text: str) -> str:
    """What the index stores as a row's terms: ``lexical_terms`` of the text
    that ``lexical_text`` extended (its appended bigram line left out, so a
    bigram counts once per occurrence), joined by spaces."""
    body = lex_text.rsplit("\n", 1)[0] if has_cjk(lex_text) else lex_text
    return " ".join(lexical_terms(body))
