"""Which projections exist: a name, a factory and default parameters.

Why a registry: the runner, the worker command, rebuilds and status all need
to build "version N of projection X with parameters P" from what is stored
in ``projection_versions``. Three sources, in this order:

- the built-ins (``sessions``, ``tasks``, ``memory``, ``search``);
- ``register(...)``, and ``discover(plugins=["module:attr"])`` (the CLI's
  ``--plugin``), which imports and registers operator projections
  (``custom.Projection`` subclasses) for the rest of the process;
- installed packages' entry points in the group ``ledgermind.projections``
  (``importlib.metadata``), read again whenever ``sys.path`` changes. A broken
  entry point (an import error, a bad declaration) is logged and left out of
  ``kinds()``, so it cannot stop the built-ins; ``lookup`` of its name raises
  with the cause. A plugin may not take a built-in's or another's name.
"""

from __future__ import annotations

import importlib
import logging
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from importlib import metadata
from typing import Any

from ledgermind.domain.errors import InvalidInput, ProjectionError
from ledgermind.projections.runner import Projection

__all__ = ["ENTRY_POINT_GROUP", "ProjectionKind", "discover", "kind_of", "kinds", "lookup", "register"]

ENTRY_POINT_GROUP = "ledgermind.projections"
BUILT_INS = frozenset({"sessions", "tasks", "memory", "search"})

log = logging.getLogger("ledgermind.projections")


@dataclass(frozen=True, slots=True)
class ProjectionKind:
    name: str
    factory: Callable[[int, Mapping[str, Any]], Projection]
    default_params: Mapping[str, Any] = field(default_factory=dict)
    # Parameters a version records about itself, which its factory derives
    # from another (the search index's vector size from its embedder), or
    # from nothing given (None: a pure record, such as the embedder's name).
    # A new version carries one over only while what it derives from keeps
    # its value; an operator cannot set a pure record (``settable``).
    derived: Mapping[str, str | None] = field(default_factory=dict)

    def build(self, version: int, params: Mapping[str, Any]) -> Projection:
        return self.factory(version, params)

    def params_for(self, base: Mapping[str, Any], overrides: Mapping[str, Any]) -> dict[str, Any]:
        """A new version's parameters: ``base`` (the active version's, or the
        defaults) with ``overrides``, less what the factory derives anew.
        Why: a rebuild switching embedders must not inherit the old one's
        vector size, nor any rebuild the name of what built the old version."""
        merged = {**base, **overrides}
        return {key: value for key, value in merged.items() if key in overrides or self._carried(key, base, merged)}

    def _carried(self, key: str, base: Mapping[str, Any], merged: Mapping[str, Any]) -> bool:
        if key not in self.derived:
            return True
        source = self.derived[key]
        return source is not None and merged.get(source) == base.get(source)

    def settable(self, key: str) -> bool:
        """Whether ``--param KEY=...`` may set ``key`` (declared, not a pure record)."""
        return key in self.default_params and not (key in self.derived and self.derived[key] is None)

    def with_new_params(self, overrides: Mapping[str, Any]) -> ProjectionKind:
        """This kind, whose first version in a new database takes ``overrides``
        (``LEDGERMIND_EMBEDDER`` for the search index)."""
        if not overrides:
            return self
        return replace(self, default_params=self.params_for(self.default_params, overrides))


_KINDS: dict[str, ProjectionKind] = {}


def register(
    name: str,
    factory: Callable[[int, Mapping[str, Any]], Projection],
    default_params: Mapping[str, Any] | None = None,
    derived: Mapping[str, str | None] | None = None,
) -> ProjectionKind:
    kind = ProjectionKind(name, factory, dict(default_params or {}), dict(derived or {}))
    _KINDS[name] = kind
    return kind


def _load_defaults() -> None:
    from ledgermind.projections.memory import MemoryProjection
    from ledgermind.projections.sessions import SessionProjection
    from ledgermind.projections.tasks import TaskProjection

    for cls in (SessionProjection, TaskProjection, MemoryProjection):
        if cls.name not in _KINDS:
            register(cls.name, cls)
    from ledgermind.projections.search_index import DERIVED_PARAMS, SearchIndexProjection, default_params

    if SearchIndexProjection.name not in _KINDS:
        register(SearchIndexProjection.name, SearchIndexProjection, default_params(), DERIVED_PARAMS)


def kinds(names: list[str] | None = None) -> dict[str, ProjectionKind]:
    """The known kinds (all, or the named ones in that order): built-ins,
    registered ones, installed entry points."""
    _load_defaults()
    if names is None:
        installed = _installed()[0]
        return {**_KINDS, **{n: k for n, k in installed.items() if n not in _KINDS}}
    return {n: lookup(n) for n in names}


def lookup(name: str) -> ProjectionKind:
    _load_defaults()
    if name in _KINDS:
        return _KINDS[name]
    installed, broken = _installed()
    if name in installed:
        return installed[name]
    if name in broken:
        raise ProjectionError(f"projection {name!r} is installed but cannot be loaded: {broken[name]}")
    known = sorted({*_KINDS, *installed})
    raise ProjectionError(
        f"no projection named {name!r}; known: {', '.join(known)} (install its package, "
        "or name it with --plugin module:attr)"
    )


def kind_of(obj: Any, source: str) -> ProjectionKind:
    """The kind for a loaded entry point or ``--plugin`` object: a
    ``custom.Projection`` subclass (checked here), or a ``ProjectionKind``."""
    from ledgermind.projections.custom import PluginProjection, check_class
    from ledgermind.projections.custom import Projection as Declared

    if isinstance(obj, ProjectionKind):
        return obj
    if not (isinstance(obj, type) and issubclass(obj, Declared)):
        raise ProjectionError(f"{source} is not a ledgermind.projections.Projection subclass")
    check_class(obj)
    cls = obj

    def build(version: int, params: Mapping[str, Any]) -> Projection:
        return PluginProjection(cls, version, params)

    return ProjectionKind(cls.name, build, cls.default_params())


def discover(plugins: Sequence[str] = ()) -> dict[str, ProjectionKind]:
    """Every projection this process can run, by name: the built-ins, the
    installed entry points (group ``ledgermind.projections``) and ``plugins``
    (``"module:attr"`` specs, imported and registered for the rest of the
    process). The one discovery function: the CLI (``--plugin``) and the
    HTTP service both call it."""
    _load_defaults()
    for spec in plugins:
        module, sep, attr = spec.partition(":")
        if not sep or not module or not attr:
            raise InvalidInput(f"--plugin wants module:attr, got {spec!r:.80}")
        try:
            obj: Any = importlib.import_module(module)
            for part in attr.split("."):
                obj = getattr(obj, part)
        except (ImportError, AttributeError) as e:
            raise ProjectionError(f"plugin {spec!r} cannot be loaded: {type(e).__name__}: {e}") from e
        kind = kind_of(obj, f"plugin {spec!r}")
        if kind.name in BUILT_INS:
            raise ProjectionError(f"plugin {spec!r} takes the built-in name {kind.name!r}")
        register(kind.name, kind.factory, kind.default_params)
    return kinds()


# Entry points, read once per sys.path: (sys.path, kinds, broken name -> why).
_SCANNED: tuple[tuple[str, ...], dict[str, ProjectionKind], dict[str, str]] | None = None


def _installed() -> tuple[dict[str, ProjectionKind], dict[str, str]]:
    global _SCANNED
    path = tuple(sys.path)
    if _SCANNED is not None and _SCANNED[0] == path:
        return _SCANNED[1], _SCANNED[2]
    found: dict[str, ProjectionKind] = {}
    broken: dict[str, str] = {}
    for ep in metadata.entry_points(group=ENTRY_POINT_GROUP):
        if ep.name in found or ep.name in broken:
            broken[ep.name] = "two installed packages declare this projection"
            found.pop(ep.name, None)
            continue
        try:
            kind = kind_of(ep.load(), f"entry point {ep.name} = {ep.value}")
            if kind.name != ep.name:
                raise ProjectionError(f"entry point {ep.name!r} loads projection {kind.name!r}")
            if kind.name in BUILT_INS:
                raise ProjectionError(f"entry point {ep.name!r} takes a built-in name")
        except Exception as e:
            broken[ep.name] = f"{type(e).__name__}: {e}"
            log.warning("projection entry point %s = %s left out: %s", ep.name, ep.value, broken[ep.name])
            continue
        found[kind.name] = kind
    _SCANNED = (path, found, broken)
    return found, broken
