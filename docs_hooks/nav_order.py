"""MkDocs hook: the top-level sections in reading order.

Without an explicit ``nav`` (helpers add pages by adding files), MkDocs lists
top-level pages first and folders alphabetically, which would open the site
on the benchmarks. This orders only the top level; inside a section, pages keep
MkDocs' order (``index.md`` first, then by file name), so nothing here needs
editing when a page is added.
"""

from __future__ import annotations

from typing import Any

ORDER = ("index.md", "getting-started.md", "concepts", "guides", "design", "reference", "benchmarks", "changelog.md")


def _key(item: Any) -> int:
    if item.is_page:
        name = item.file.src_uri
    else:  # a section: named by the folder its first page lives in
        first = next(iter(item.children), None)
        while first is not None and not first.is_page:
            first = next(iter(first.children), None)
        name = first.file.src_uri.split("/", 1)[0] if first is not None else ""
    return ORDER.index(name) if name in ORDER else len(ORDER)


def on_nav(nav: Any, **_: Any) -> Any:
    nav.items.sort(key=_key)  # stable: anything not named keeps its place after the named ones
    return nav
