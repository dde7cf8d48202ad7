"""What a ``checkpoint.saved`` leaves out because the thread already says it.

Why: a turn of a LangGraph graph stores three checkpoints and two sets of
pending writes, and each named things the reader knows without them: the
parent of a checkpoint and the checkpoint of a set of writes (the
namespace's head, for every step on the head), a checkpoint's own id again
inside it, the version of each new channel value (the checkpoint's
``channel_versions`` holds it), and the version a message-list delta applies
to (the parent's version of the channel). Each of those is a random-looking
string that packing cannot shrink; with LangGraph's key names, which the
diff now abbreviates (``index.checkpoint_diff``), they were about a sixth of
the thread's bytes.

The stored forms, and how ``ThreadIndex`` reads them back (either form of
each may appear in one thread: events written before this stay as they are):

- ``parent_id`` (and a write's ``checkpoint_id``) ``""`` (``thread.ON_HEAD``):
  the namespace's head when the event was saved; ``None``: no parent; any
  other: that checkpoint.
- a channel value ``[type, data]`` is at the checkpoint's version of the
  channel; ``[version, type, data]`` at the version it names.
- a message-list delta ``{...}`` is at the checkpoint's version of the
  channel, ``[version, {...}]`` at the one it names; a delta without
  ``"base"`` (nor ``"reset"``) applies to the parent's list of the channel.
"""

from __future__ import annotations

from typing import Any

__all__ = ["blob", "message_delta"]


def blob(checkpoint_version: str | None, version: str, kind: str, data: Any) -> list[Any]:
    """A new channel value as stored: without its version when the checkpoint names it."""
    return [kind, data] if version == checkpoint_version else [version, kind, data]


def message_delta(checkpoint_version: str | None, version: str, change: dict[str, Any], on_head: bool) -> Any:
    """A message-list delta as stored: without its version when the
    checkpoint names it, and without its base (the parent's version of the
    channel, which is where the saver takes it from) when the checkpoint is
    put on the head, whose parent the reader then knows."""
    if on_head:
        change = {k: v for k, v in change.items() if k != "base"}
    return change if version == checkpoint_version else [version, change]
