"""Small HTML building blocks: every piece of data is escaped here, once.

Why no template engine: the pages are a handful of lists and forms, and
Jinja2 would be one more dependency for the service extra. The rule that
keeps hand-built HTML safe is simple and checked by the browser test: data
reaches the page only through ``text`` (escaped) or ``attr`` (escaped,
quoted), and ``Markup`` marks the strings that are already HTML, so a
memory that contains ``<script>`` is shown as text, never parsed. The page's
Content-Security-Policy (``pages.SECURITY_HEADERS``) is the second wall: even
an escaping bug could not run an inline script.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from importlib import resources
from string import Template
from urllib.parse import urlencode

__all__ = ["Markup", "attr", "href", "iso", "join", "link", "page", "short_time", "tag", "text"]


_VOID = frozenset({"input", "br", "hr", "meta", "link", "img"})


class Markup(str):
    """A string that is already HTML (built by this module from escaped parts)."""

    __slots__ = ()


NO_MARKUP = Markup("")  # an empty part (a default argument needs one shared value)


def text(value: object) -> Markup:
    """Any value as escaped text (``None`` is empty; times in RFC 3339)."""
    if isinstance(value, Markup):
        return value
    if value is None:
        return Markup("")
    if isinstance(value, datetime):
        return Markup(html.escape(iso(value)))
    return Markup(html.escape(str(value), quote=True))


def attr(value: object) -> str:
    """An attribute value, escaped and quoted."""
    return f'"{html.escape("" if value is None else str(value), quote=True)}"'


def tag(element: str, /, *children: object, **attrs: object) -> Markup:
    """``<element attrs>children</element>``; attribute names use ``_`` for ``-``
    and a trailing ``_`` for keywords (``class_``); ``True`` writes a bare
    attribute, ``None`` and ``False`` leave it out."""
    parts = [element]
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        key = key.rstrip("_").replace("_", "-")
        parts.append(key if value is True else f"{key}={attr(value)}")
    if element in _VOID:
        return Markup(f"<{' '.join(parts)}>")
    inner = "".join(text(c) for c in children)
    return Markup(f"<{' '.join(parts)}>{inner}</{element}>")


def join(pieces: Iterable[object], sep: str = "") -> Markup:
    return Markup(sep.join(text(p) for p in pieces))


def href(path: str, **query: object) -> str:
    """A path with its query string (``None`` values left out)."""
    params = {k: str(v) for k, v in query.items() if v is not None and v != ""}
    return f"{path}?{urlencode(params)}" if params else path


def link(label: object, url: str, **attrs: object) -> Markup:
    return tag("a", label, href=url, **attrs)


def iso(value: datetime | None, *, exact: bool = False) -> str:
    """A time as RFC 3339 in UTC, or an empty string: to the second for
    people, to the microsecond (``exact``) in links, so that "the
    conversation as it stood when this event was recorded" keeps the
    messages recorded in the same second."""
    if value is None:
        return ""
    spec = "microseconds" if exact else "seconds"
    return value.astimezone(UTC).isoformat(timespec=spec).replace("+00:00", "Z")


def short_time(value: datetime | None) -> Markup:
    """A ``<time>`` element: readable text, the exact instant as its datetime."""
    if value is None:
        return Markup("")
    utc = value.astimezone(UTC)
    return tag("time", utc.strftime("%Y-%m-%d %H:%M:%S") + " UTC", datetime=iso(utc))


_TEMPLATE = Template(resources.files(__package__).joinpath("templates", "page.html").read_text("utf-8"))


def page(
    title: str, main: Markup, *, prefix: str, nav: Markup = NO_MARKUP, header: Mapping[str, str] | None = None
) -> str:
    """The whole document: the layout template filled with escaped parts."""
    who = header or {}
    return _TEMPLATE.substitute(
        title=text(title),
        prefix=html.escape(prefix, quote=True),
        nav=nav,
        who=text(" · ".join(f"{k} {v}" for k, v in who.items())),
        main=main,
    )
