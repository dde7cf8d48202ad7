"""Drop-in APIs of other memory libraries over the engine (``ledgermind.compat.mem0``):
their users change one import and keep their code; the history becomes an
audited event log. A layer beside the integrations: through the API only.
"""
