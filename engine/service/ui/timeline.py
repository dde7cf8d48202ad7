"""A belief's versions on a time axis, as inline SVG (no script, no images).

Each version of a belief (one bitemporal row of the ``beliefs`` read model)
is one lane with two bars: the upper bar is its valid time (when the belief
held in the world, as that version says), the lower one its known time (from
when the engine recorded that version until a later event replaced it).
Reading the lanes top to bottom shows a change of mind: the valid bar of the
old belief is cut at the moment the new one starts, and its known bar says
when the engine learned that.

The SVG scales to the page width (``viewBox``); the same facts are written
out as text beside it (``pages``), so the drawing is an aid, not the only
record: it carries ``role="img"`` and a title and description for screen
readers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from ledgermind.service.ui.html import Markup, join, tag

__all__ = ["Lane", "draw"]

WIDTH = 640
PAD = 10
LANE = 50
AXIS = 34
MIN_BAR = 3.0


@dataclass(frozen=True, slots=True)
class Lane:
    """One version: its label and its valid and known intervals (``None``
    ends are open: still valid, still known)."""

    label: str
    valid_from: datetime
    valid_to: datetime | None
    known_from: datetime
    known_to: datetime | None
    invalidated: bool


def draw(lanes: Sequence[Lane], now: datetime, *, title: str, ident: str) -> Markup:
    """The timeline of ``lanes`` up to ``now``; ``ident`` names its title
    and description elements (unique on the page)."""
    times = [t for lane in lanes for t in (lane.valid_from, lane.valid_to, lane.known_from, lane.known_to) if t]
    start = min(times + [now])
    end = max(times + [now])
    span = max((end - start).total_seconds(), 1.0)
    start -= timedelta(seconds=span * 0.02)  # a little room before the first mark
    span *= 1.04

    def x(t: datetime | None) -> float:
        moment = end if t is None else t
        return PAD + (WIDTH - 2 * PAD) * (moment - start).total_seconds() / span

    height = len(lanes) * LANE + AXIS
    parts: list[Markup] = [
        tag("title", title, id=f"{ident}-title"),
        tag(
            "desc",
            "For each version: the upper bar is when it held in the world (valid time), the lower "
            "bar when the engine held that version (known time). A cross marks an invalidation.",
            id=f"{ident}-desc",
        ),
    ]
    for i, lane in enumerate(lanes):
        top = i * LANE
        parts.append(tag("text", lane.label, x=PAD, y=top + 14, class_="lane-label"))
        parts.append(
            _bar(
                x(lane.valid_from), x(lane.valid_to), top + 20, 11, "valid invalidated" if lane.invalidated else "valid"
            )
        )
        parts.append(
            _bar(
                x(lane.known_from),
                x(lane.known_to),
                top + 35,
                6,
                "known" if lane.known_to is None else "known replaced",
            )
        )
        if lane.invalidated and lane.valid_to is not None:
            cx, cy = x(lane.valid_to), top + 25.5
            parts.append(tag("path", d=f"M{cx - 5:.1f},{cy - 5:.1f} l10,10 m0,-10 l-10,10", class_="cut"))
    axis_y = len(lanes) * LANE + 6
    parts.append(tag("line", x1=PAD, y1=axis_y, x2=WIDTH - PAD, y2=axis_y, class_="axis"))
    parts.extend(_ticks(start, span, axis_y))
    now_x = x(now)
    parts.append(tag("line", x1=f"{now_x:.1f}", y1=0, x2=f"{now_x:.1f}", y2=axis_y, class_="now"))
    return tag(
        "svg",
        join(parts),
        viewBox=f"0 0 {WIDTH} {height}",
        role="img",
        class_="timeline",
        aria_labelledby=f"{ident}-title {ident}-desc",
        xmlns="http://www.w3.org/2000/svg",
        preserveAspectRatio="xMinYMin meet",
    )


def _bar(left: float, right: float, y: float, h: float, cls: str) -> Markup:
    width = max(right - left, MIN_BAR)
    return tag("rect", x=f"{left:.1f}", y=y, width=f"{width:.1f}", height=h, rx=2, class_=cls)


def _ticks(start: datetime, span: float, axis_y: float) -> list[Markup]:
    """Four labelled ticks; dates when the span is days long, else times."""
    fmt = "%Y-%m-%d" if span > 2 * 86400 else "%m-%d %H:%M:%S" if span < 600 else "%m-%d %H:%M"
    out: list[Markup] = []
    for k in range(4):
        moment = start + timedelta(seconds=span * (0.04 + 0.3 * k))
        left = PAD + (WIDTH - 2 * PAD) * (moment - start).total_seconds() / span
        out.append(tag("line", x1=f"{left:.1f}", y1=axis_y, x2=f"{left:.1f}", y2=axis_y + 5, class_="tick"))
        anchor = "start" if k == 0 else "end" if k == 3 else "middle"
        out.append(
            tag("text", moment.strftime(fmt), x=f"{left:.1f}", y=axis_y + 20, text_anchor=anchor, class_="tick-label")
        )
    return out
