"""Which projections exist: a name, a factory and default parameters.

Why a registry: the runner, the worker command, rebuilds and status all need
to build "version N of projection X with parameters P" from what is stored
in ``projection_versions``. Another package adds its projection with
``register(...)`` at import time (or by appending to ``DEFAULT_KINDS``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from memledger.domain.errors import ProjectionError
from memledger.projections.runner import Projection

__all__ = ["ProjectionKind", "kinds", "register", "lookup"]


@dataclass(frozen=True, slots=True)
class ProjectionKind:
    name: str
    factory: Callable[[int, Mapping[str, Any]], Projection]
    default_params: Mapping[str, Any] = field(default_factory=dict)

    def build(self, version: int, params: Mapping[str, Any]) -> Projection:
        return self.factory(version, params)


_KINDS: dict[str, ProjectionKind] = {}


def register(
    name: str,
    factory: Callable[[int, Mapping[str, Any]], Projection],
    default_params: Mapping[str, Any] | None = None,
) -> ProjectionKind:
    kind = ProjectionKind(name, factory, dict(default_params or {}))
    _KINDS[name] = kind
    return kind


def _load_defaults() -> None:
    from memledger.projections.memory import MemoryProjection
    from memledger.projections.sessions import SessionProjection
    from memledger.projections.tasks import TaskProjection

    for cls in (SessionProjection, TaskProjection, MemoryProjection):
        if cls.name not in _KINDS:
            register(cls.name, cls)
    from memledger.projections.search_index import SearchIndexProjection, default_params

    if SearchIndexProjection.name not in _KINDS:
        register(SearchIndexProjection.name, SearchIndexProjection, default_params())


def kinds(names: list[str] | None = None) -> dict[str, ProjectionKind]:
    """The registered kinds (all, or the named ones in that order)."""
    _load_defaults()
    if names is None:
        return dict(_KINDS)
    return {n: lookup(n) for n in names}


def lookup(name: str) -> ProjectionKind:
    _load_defaults()
    try:
        return _KINDS[name]
    except KeyError:
        raise ProjectionError(
            f"no projection named {name!r}; known: {', '.join(sorted(_KINDS))}"
        ) from None
