"""The auditor's desk: server-rendered pages of what an owner's agent
believed, when and why that changed, and whether the log is intact. It
reads, and writes one thing: retracting (or un-retracting) a message, itself
an event with the auditor's reason.

``router(engine, keyring)`` is a FastAPI router: the service includes
it under ``/ui``, ``ledgermind ui`` serves it alone. Pages are plain HTML
built from escaped parts (``html``), a belief's versions are drawn as inline
SVG (``timeline``), and the only script is a static file.
"""

from ledgermind.service.ui.pages import Keys, router

__all__ = ["Keys", "router"]
