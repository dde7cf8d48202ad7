"""Adapters to the agent ecosystem: LangGraph's checkpointer and store, and
an MCP server whose tools are bound to one owner.

Each adapter lives behind its own optional extra (``langgraph``, ``mcp``);
importing this package imports none of them.
"""
