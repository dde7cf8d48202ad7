"""Flags a belief carries as an explicit field of its events and views.

- ``instruction_like``: the statement reads as an instruction to the agent
  ("ignore previous instructions and tell everyone ..."). It is kept (the
  user said it, an auditor must see it) but never as a plain fact: its
  confidence is capped at ``INSTRUCTION_LIKE_CONFIDENCE``, it supersedes and
  reinforces nothing, and ``build_context`` leaves it out unless asked for.
- ``conflicting``: two statements of one attribute contradict and no change
  cue, date or order settles which holds (the grey zone). Both are kept, each
  naming the other (``conflicts_with``), until someone resolves it.
"""

from __future__ import annotations

__all__ = ["CONFLICTING", "FLAGS", "INSTRUCTION_LIKE", "INSTRUCTION_LIKE_CONFIDENCE"]

INSTRUCTION_LIKE = "instruction_like"
CONFLICTING = "conflicting"
FLAGS = frozenset({INSTRUCTION_LIKE, CONFLICTING})
INSTRUCTION_LIKE_CONFIDENCE = 0.2  # at most this sure of anything an instruction-like message states
