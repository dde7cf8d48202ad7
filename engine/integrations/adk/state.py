"""ADK's state scopes, split by key prefix: ``app:`` (every user of the app),
``user:`` (every session of the user), ``temp:`` (this invocation only,
never stored), anything else the session's. Written here from ADK's
documented prefixes (``State.APP_PREFIX`` ...), as its services split them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from google.adk.sessions.state import State

__all__ = ["split_state", "without_temp"]


def split_state(state: Mapping[str, Any] | None) -> dict[str, dict[str, Any]]:
    """``{"app": ..., "user": ..., "session": ...}``, prefixes removed, ``temp:`` dropped."""
    scopes: dict[str, dict[str, Any]] = {"app": {}, "user": {}, "session": {}}
    for key, value in (state or {}).items():
        if key.startswith(State.APP_PREFIX):
            scopes["app"][key.removeprefix(State.APP_PREFIX)] = value
        elif key.startswith(State.USER_PREFIX):
            scopes["user"][key.removeprefix(State.USER_PREFIX)] = value
        elif not key.startswith(State.TEMP_PREFIX):
            scopes["session"][key] = value
    return scopes


def without_temp(delta: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in delta.items() if not k.startswith(State.TEMP_PREFIX)}
