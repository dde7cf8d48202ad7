"""What the blind sittings share: the times their messages are said at, the
half each case falls in, and how a case is written.

Why one module: a sitting is only comparable with the one before if its cases
are built and split the same way; each builder holds its own texts and calls
``write`` with them.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

T1 = "2026-01-10T09:00:00+00:00"
T2 = "2026-08-12T09:00:00+00:00"  # a Wednesday
T3 = "2026-08-12T09:01:00+00:00"  # the second half of an update split over two messages

# update / correction: (lang, family, messages, old marker, new marker, valid_from or None)
Pair = tuple[str, str, list[str], str, str, str | None]


def split_of(text: str) -> str:
    """Half read while writing rules (dev), half kept unread until the end (test), by hash."""
    return "dev" if int(hashlib.sha256(text.encode()).hexdigest()[:8], 16) % 2 == 0 else "test"


def cases(
    prefix: str,
    *,
    updates: list[Pair],
    corrections: list[Pair],
    negations: list[tuple[str, str, str, str, str]],
    unrelated: list[tuple[str, str, str, str, str, str]],
    coverage: list[tuple[str, str, str, list[str], bool]],
    non_beliefs: list[tuple[str, str, str]],
) -> list[dict[str, Any]]:
    """Every case of a sitting, its id made of ``prefix`` and a hash of its texts."""
    out: list[dict[str, Any]] = []

    def add(kind: str, lang: str, family: str, texts: list[str], **extra: Any) -> None:
        times = [T1, T2, T3][: len(texts)] if len(texts) > 1 else [T1]
        joined = "\x1f".join(texts)
        out.append(
            {
                "id": f"{prefix}-{lang}-{kind}-{family}-{hashlib.sha256(joined.encode()).hexdigest()[:8]}",
                "lang": lang,
                "family": family,
                "kind": kind,
                "split": split_of(joined),
                "history": [{"at": at, "text": t} for at, t in zip(times, texts, strict=True)],
                **extra,
            }
        )

    for kind, pairs in (("update", updates), ("correction", corrections)):
        for lang, fam, texts, old, new, vf in pairs:
            add(kind, lang, fam, texts, old=old, new=new, valid_from=vf)
    for lang, fam, a, b, old in negations:
        add("negation", lang, fam, [a, b], old=old)
    for lang, fam, a, b, old, new in unrelated:
        add("unrelated", lang, fam, [a, b], old=old, new=new)
    for lang, fam, text, facts, separate in coverage:
        add("coverage", lang, fam, [text], facts=facts, separate=separate)
    for lang, fam, text in non_beliefs:
        add("non_belief", lang, fam, [text])
    return out


def write(path: Path, rows: list[dict[str, Any]]) -> None:
    """One JSON object a line, as the eval reads it."""
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    print(f"{path}: {len(rows)} cases")
