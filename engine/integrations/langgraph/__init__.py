"""LangGraph on the event log: ``MemledgerSaver`` (a checkpointer whose
message channel is appended, not re-copied) and ``MemledgerStore`` (LangGraph's
long-term store as audited, bitemporal memories). Needs the ``langgraph`` extra.
"""
