"""The auditor's desk: read-only, server-rendered pages of what an owner's
agent believed, when and why that changed, and whether the log is intact.
"""
