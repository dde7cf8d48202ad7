"""Mem0's filter language over one memory's fields, as ``Memory.search`` documents it.

``{"key": value}`` (equality), ``{"key": "*"}`` (present), ``{"key": {op: value}}``
with ``eq``, ``ne``, ``in``, ``nin``, ``gt``, ``gte``, ``lt``, ``lte``,
``contains``, ``icontains``, and ``AND`` / ``OR`` / ``NOT`` over lists of
filters. Written here because mem0 compiles them into each vector store's
own query language and keeps no evaluator of its own to reuse.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ledgermind.domain.errors import InvalidInput

__all__ = ["matches"]


def _ordered(check: Callable[[Any, Any], bool]) -> Callable[[Any, Any], bool]:
    def compare(actual: Any, wanted: Any) -> bool:
        try:
            return actual is not None and check(actual, wanted)
        except TypeError:  # a number against a string: no match, as a vector store's filter would say
            return False

    return compare


_OPS: dict[str, Callable[[Any, Any], bool]] = {
    "eq": lambda a, b: bool(a == b),
    "ne": lambda a, b: bool(a != b),
    "in": lambda a, b: isinstance(b, (list, tuple)) and a in b,
    "nin": lambda a, b: isinstance(b, (list, tuple)) and a not in b,
    "gt": _ordered(lambda a, b: bool(a > b)),
    "gte": _ordered(lambda a, b: bool(a >= b)),
    "lt": _ordered(lambda a, b: bool(a < b)),
    "lte": _ordered(lambda a, b: bool(a <= b)),
    "contains": lambda a, b: isinstance(a, str) and str(b) in a,
    "icontains": lambda a, b: isinstance(a, str) and str(b).casefold() in a.casefold(),
}
_LOGICAL = ("AND", "OR", "NOT")


def matches(fields: Mapping[str, Any], filters: Mapping[str, Any]) -> bool:
    """Whether a memory whose fields are ``fields`` passes ``filters``;
    ``InvalidInput`` for an operator or a logical clause mem0 does not know."""
    for key, wanted in filters.items():
        if key in _LOGICAL:
            if not isinstance(wanted, list) or not all(isinstance(f, Mapping) for f in wanted):
                raise InvalidInput(f"filter {key} takes a list of filters")
            results = [matches(fields, f) for f in wanted]
            passed = all(results) if key == "AND" else any(results) if key == "OR" else not any(results)
            if not passed:
                return False
        elif wanted == "*":
            if fields.get(key) is None:
                return False
        elif isinstance(wanted, Mapping):
            unknown = set(wanted) - set(_OPS)
            if unknown:
                raise InvalidInput(f"unknown filter operators {sorted(unknown)} for {key!r:.60}")
            if not all(_OPS[op](fields.get(key), value) for op, value in wanted.items()):
                return False
        elif fields.get(key) != wanted:
            return False
    return True
