"""Readable tables for people, JSON for machines."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, TextIO

import orjson

__all__ = ["print_json", "print_table"]


def print_json(value: Any, out: TextIO | None = None) -> None:
    stream = out or sys.stdout
    stream.write(orjson.dumps(value, option=orjson.OPT_INDENT_2, default=str).decode() + "\n")
    stream.flush()


def print_table(
    headers: Sequence[str], rows: Sequence[Sequence[Any]], out: TextIO | None = None, max_width: int = 60
) -> None:
    stream = out or sys.stdout
    cells = [[_cell(v, max_width) for v in row] for row in rows]
    widths = [len(h) for h in headers]
    for row in cells:
        for i, v in enumerate(row):
            widths[i] = max(widths[i], len(v))
    line = "  ".join(h.ljust(w) for h, w in zip(headers, widths)).rstrip()
    stream.write(line + "\n" + "  ".join("-" * w for w in widths) + "\n")
    for row in cells:
        stream.write("  ".join(v.ljust(w) for v, w in zip(row, widths)).rstrip() + "\n")
    stream.flush()


def _cell(value: Any, max_width: int) -> str:
    text = "" if value is None else str(value)
    text = text.replace("\n", " ")
    return text if len(text) <= max_width else text[: max_width - 1] + "…"
