"""A database URL as it may be shown to people: never its password.

Why here: the command line and the service print the database they work on
(``serve``'s first log line, ``demo``'s steps); both reach the storage layer
only through the API, and the storage layer's parser already knows every
form a URL takes (a password in the authority or in ``?password=``).
"""

from __future__ import annotations

from ledgermind.storage.backend import parse_db_url

__all__ = ["shown_db"]


def shown_db(url: str) -> str:
    """``url`` without its password: a file path as given, a PostgreSQL URL as
    ``postgresql://user@host:port/db``. ``InvalidInput`` / ``UnsupportedBackend``
    for what is not a database URL (never echoing it)."""
    if "://" not in url:
        return url
    return parse_db_url(url).display
