"""ledgermind as a service: the HTTP API (FastAPI on uvicorn), API keys that
fix the app, the owner's live event feed, metrics and the auditor's page.

Installed with the ``service`` extra; nothing below this layer imports it.
"""
