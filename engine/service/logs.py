"""What ``ledgermind serve`` writes to its log: uvicorn's lines, ours, one access line per request.

Why a logging config and not ``print``: with ``--workers N`` uvicorn spawns
fresh processes and configures their logging from this dictionary, so the
same format (``text`` for people, ``json`` for a log shipper: one object a
line) holds in every worker. Everything goes to standard error, the
standard stream for diagnostics; standard output stays free.

The access line is written by ``AccessLog`` (an ASGI middleware the app
installs), not by uvicorn's access logger: ours knows the route template
and the time the answer took, and in JSON it carries them as fields.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import Any, Literal

import orjson

from ledgermind.service.asgi import ASGIApp, Receive, Scope, Send, observed

__all__ = ["ACCESS", "AccessLog", "JsonFormatter", "LogFormat", "log_config"]

LogFormat = Literal["text", "json"]

# The logger of the access lines (one per answered request, at INFO).
ACCESS = "ledgermind.access"

# Fields a record carries beyond the standard ones, copied into the JSON object.
_FIELDS = ("method", "path", "route", "status", "duration_ms", "client", "url", "database", "workers")


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time (UTC, RFC 3339), level, logger, message,
    and the structured fields of the record (an access line's method, route,
    status...). A traceback, when there is one, is a field, not extra lines."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name in _FIELDS:
            if name in record.__dict__:
                line[name] = record.__dict__[name]
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return orjson.dumps(line, default=str).decode()


def log_config(fmt: LogFormat, level: str) -> dict[str, Any]:
    """A ``logging.config.dictConfig`` dictionary for uvicorn's ``log_config``."""
    formatter: dict[str, Any] = (
        {"()": f"{__name__}.JsonFormatter"}
        if fmt == "json"
        else {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s", "datefmt": "%Y-%m-%dT%H:%M:%S%z"}
    )
    level = level.upper()
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"main": formatter},
        "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "main", "stream": "ext://sys.stderr"}},
        "loggers": {
            "uvicorn": {"handlers": ["stderr"], "level": level, "propagate": False},
            "uvicorn.access": {"handlers": [], "level": "WARNING", "propagate": False},  # AccessLog writes ours
            "ledgermind": {"handlers": ["stderr"], "level": level, "propagate": False},
        },
    }


class AccessLog:
    """One INFO line per answered request: client, method, path, status, time.

    The path is logged without its query string (a query may carry a search
    text), and never a header (``Authorization`` holds the key)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.log = logging.getLogger(ACCESS)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not self.log.isEnabledFor(logging.INFO):
            await self.app(scope, receive, send)
            return

        def done(status: int, seconds: float) -> None:
            took = round(seconds * 1000, 1)
            client = scope.get("client")
            who = f"{client[0]}:{client[1]}" if client else "-"
            route = getattr(scope.get("route"), "path", None)
            self.log.info(
                '%s "%s %s" %d %.1fms', who, scope["method"], scope["path"], status, took,
                extra={"method": scope["method"], "path": scope["path"], "route": route, "status": status,
                       "duration_ms": took, "client": who},
            )  # fmt: skip

        await observed(self.app, scope, receive, send, done)
