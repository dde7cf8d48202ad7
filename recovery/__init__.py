"""Replay and restore: rebuild an agent's state from the event store only."""

from ledgermind.recovery.restore import RestoredAgent, read_messages, restore_agent

__all__ = ["RestoredAgent", "read_messages", "restore_agent"]
