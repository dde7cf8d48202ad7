"""Loaded models, shared by every embedder object of the process.

Why shared: the search projection has one embedder for the runner thread
(documents) and readers build their own (queries); a rebuild builds a third.
Each would otherwise load its own copy of the weights (seconds, and
hundreds of MB for a large model). Keyed by what was loaded and how, so two
embedders of the same model share one copy; loads are serialised, so two
threads asking at once load it once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Any

__all__ = ["shared_model"]

_LOADED: dict[Hashable, Any] = {}
_LOCK = threading.Lock()


def shared_model(key: Hashable, load: Callable[[], Any]) -> Any:
    """The model loaded for ``key``, loading it with ``load()`` the first time."""
    with _LOCK:
        if key not in _LOADED:
            _LOADED[key] = load()
        return _LOADED[key]
