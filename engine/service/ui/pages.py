"""The auditor's desk: the routes, the key check and the pages.

Read-only but for two actions: every route is a GET except signing in and
out, ``POST /retract``, the auditor's "undo what this message caused"
(``OwnerMemory.retract`` / ``unretract``): itself an event, with the
auditor's reason, that leaves the poisoning and the repair both in the
history; and ``POST /resolve``, which settles a conflict the distiller
recorded (keep one belief, or both; ``OwnerMemory.resolve_conflict``), with a
reason, as events. Nothing else on the page writes. Beliefs show their flags
(``instruction_like``, ``conflicting`` with the beliefs they contradict). Each page reads the read models
after catching them up to the log's head (``wait_for_head``, bounded: a
lagging worker shows as a notice, not a hang).

Keys: the same API keys as the HTTP service. A key fixes the app; the
auditor picks a user of that app. The key arrives either as
``Authorization: Bearer <secret>`` (scripts) or from the sign-in form, which
keeps it in an ``HttpOnly`` (no script can read it), ``SameSite=Strict``
(no other site's link or form sends it) cookie scoped to the desk's path.
An owner is never taken from a cookie or a hidden field: the app comes from
the key on every request, the user from the URL, and another app's ids are
not found, exactly like ids that never existed.

Why query parameters, not path segments, for users and ids: a user id may
contain ``/`` or ``%``, which a path cannot carry through every proxy.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from importlib import resources
from typing import Any, Protocol
from urllib.parse import parse_qs, urlsplit

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from ledgermind.api import BeliefVersion, MemoryEngine, OwnerMemory
from ledgermind.domain import bitemporal
from ledgermind.domain.errors import InvalidInput, InvalidTimestamp, LedgermindError, NotFound, ProjectionError
from ledgermind.domain.owner import Owner
from ledgermind.service.deps import bearer_secret
from ledgermind.service.errors import status_of
from ledgermind.service.ui.html import Markup, href, iso, join, link, page, short_time, tag
from ledgermind.service.ui.timeline import Lane, draw

__all__ = ["COOKIE", "SECURITY_HEADERS", "Grant", "Keys", "router"]

_FLAG_LABELS = {"instruction_like": "instruction-like", "conflicting": "conflicting"}
_FLAG_HELP = {
    "instruction_like": "The text tries to instruct the agent: kept as a belief about the message, "
    "left out of agents' context unless asked for.",
    "conflicting": "It contradicts another belief of the same attribute and no rule settled which holds.",
}


class Grant(Protocol):
    """What a verified key grants: one app (``ledgermind.api.ApiKey``)."""

    @property
    def app(self) -> str: ...


class Keys(Protocol):
    """The service's key ring (``ledgermind.api.KeyRing``, ``eng.api_keys()``): the live
    key a secret belongs to, or None (malformed, unknown or revoked). Asked
    on every request, so a revoked key stops working at once."""

    def verify(self, secret: str) -> Grant | None: ...


COOKIE = "ledgermind_desk_key"

# A page's heading for each status of the service's table (``service.errors.STATUS``).
_TITLES = {
    400: "Bad request",
    401: "Not signed in",
    404: "Not found",
    409: "Refused",
    410: "Gone",
    413: "Too large",
    500: "Failed",
    503: "Unavailable",
}

SECURITY_HEADERS = {
    # Scripts only from the desk's own static file: an inline <script> that
    # slipped through escaping, or an on* attribute, is refused by the browser.
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",  # own forms carry a real Origin (see _cross_site)
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",  # owners' data: never kept by a shared cache or the back button's disk
}

_STATIC = {"desk.css": "text/css; charset=utf-8", "desk.js": "text/javascript; charset=utf-8"}
_CHAIN_LIMIT = 20  # versions followed each way from the belief asked about
_PAGE = 100


@dataclass(frozen=True, slots=True)
class _Ctx:
    """One authenticated request: the app its key grants and the query."""

    app: str
    query: dict[str, str]
    path: str

    def get(self, name: str) -> str:
        return self.query.get(name, "").strip()

    def owner(self) -> Owner:
        user = self.query.get("user", "")
        if not user:
            raise InvalidInput("pick a user first")
        return Owner(self.app, user)


class _Problem(Exception):
    """A page-level failure with its status (raised by the views)."""

    def __init__(self, status: int, title: str, detail: str) -> None:
        super().__init__(detail)
        self.status, self.title, self.detail = status, title, detail


def router(engine: MemoryEngine, keys: Keys, *, prefix: str = "/ui", wait_s: float = 5.0) -> APIRouter:
    """The desk's routes under ``prefix``, reading ``engine`` and checking
    secrets with ``keys`` (the engine's ``KeyRing``, ``engine.api_keys()``). Include it in the
    service app (``app.include_router(router(engine, keyring))``) or serve it
    alone (``ledgermind ui``)."""
    desk = _Desk(engine, keys, prefix, wait_s)
    r = APIRouter(prefix=prefix, include_in_schema=False)
    for path, view in (
        ("", desk.home),
        ("/", desk.home),
        ("/beliefs", desk.beliefs),
        ("/belief", desk.belief),
        ("/sessions", desk.sessions),
        ("/conversation", desk.conversation),
        ("/lineage", desk.lineage),
        ("/verify", desk.verify),
    ):
        r.add_api_route(path, desk.guarded(view), methods=["GET"], response_class=HTMLResponse)
    r.add_api_route("/login", desk.login_form, methods=["GET"], response_class=HTMLResponse)
    r.add_api_route("/login", desk.login, methods=["POST"], response_class=HTMLResponse)
    r.add_api_route("/logout", desk.logout, methods=["POST"])
    r.add_api_route("/retract", desk.retract, methods=["POST"], response_class=HTMLResponse)
    r.add_api_route("/resolve", desk.resolve, methods=["POST"], response_class=HTMLResponse)
    r.add_api_route("/static/{name}", desk.static, methods=["GET"])
    return r


class _Desk:
    def __init__(self, engine: MemoryEngine, keys: Keys, prefix: str, wait_s: float) -> None:
        self.engine = engine
        self.keys = keys
        self.prefix = prefix.rstrip("/")
        self.wait_s = wait_s
        files = resources.files(__package__).joinpath("static")
        self.static_files = {name: files.joinpath(name).read_bytes() for name in _STATIC}

    # --- plumbing -------------------------------------------------------------

    def _html(self, body: str, status: int = 200) -> HTMLResponse:
        return HTMLResponse(body, status_code=status, headers=SECURITY_HEADERS)

    def _app_of(self, request: Request) -> str | None:
        """The app of the key in ``Authorization`` (read as the service reads
        it, ``bearer_secret``), else of the key in the desk's cookie."""
        secret = bearer_secret(request) or request.cookies.get(COOKIE, "").strip()
        return self._verify(secret)

    def _verify(self, secret: str) -> str | None:
        """The app the key grants, or None."""
        grant = self.keys.verify(secret) if secret else None
        return None if grant is None else grant.app

    def guarded(self, view: Callable[[_Ctx], tuple[str, Markup]]) -> Callable[[Request], Response]:
        """``view`` behind the key check, with typed errors mapped to pages
        (404 for another app's or user's ids, as for ids that never existed)."""

        def endpoint(request: Request) -> Response:
            app = self._app_of(request)
            target = request.url.path + (f"?{request.url.query}" if request.url.query else "")
            if app is None:
                return self._html(self._login_page(target, "Sign in with an API key to open the desk."), 401)
            return self._render(_Ctx(app, {k: v for k, v in request.query_params.items()}, request.url.path), view)

        return endpoint

    def _render(self, ctx: _Ctx, view: Callable[[_Ctx], tuple[str, Markup]]) -> Response:
        try:
            title, main = view(ctx)
            status = 200
        except _Problem as p:
            title, main, status = p.title, self._problem(p.title, p.detail), p.status
        except LedgermindError as e:
            # The service's one status table: the desk answers a typed error
            # exactly as the HTTP API does.
            status = status_of(e)
            title = _TITLES.get(status, "Refused")
            main = self._problem(f"{title}: {type(e).__name__}", str(e))
        return self._html(page(title, main, prefix=self.prefix, nav=self._nav(ctx), header={"app": ctx.app}), status)

    async def retract(self, request: Request) -> Response:
        """Retracts (or un-retracts) one message from its lineage page, then
        shows that page again. Behind the key like every page; refused when
        posted from another site (the cookie is ``SameSite=Strict`` already;
        this is the same check as signing in). A reason is required: it is
        what the history will say."""
        posted = await self._posted(request, "A retraction")
        if isinstance(posted, Response):
            return posted
        app, fields = posted
        ctx = _Ctx(app, {k: fields.get(k, "") for k in ("user", "session", "seq")}, f"{self.prefix}/lineage")

        def act(c: _Ctx) -> tuple[str, Markup]:
            reason = fields.get("reason", "").strip()
            if not reason:
                raise InvalidInput("a retraction needs a reason: it is what the history will say")
            owner, seq = c.owner(), _seq(c.get("seq"))
            mem = self.engine.for_owner(owner)
            sid = mem.resolve_id("session", c.get("session"))
            undo = mem.unretract if fields.get("action") == "unretract" else mem.retract
            undo(sid, seq, reason)
            return self.lineage(_Ctx(c.app, {**c.query, "session": sid}, c.path))

        return await run_in_threadpool(self._render, ctx, act)

    async def resolve(self, request: Request) -> Response:
        """Resolves a conflict from the beliefs page (``OwnerMemory.resolve_conflict``):
        keep this belief (the ones it contradicts are invalidated) or keep both;
        with a reason, as events. Guarded like a retraction; then shows the
        beliefs page again."""
        posted = await self._posted(request, "A resolution")
        if isinstance(posted, Response):
            return posted
        app, fields = posted
        ctx = _Ctx(app, {"user": fields.get("user", "")}, f"{self.prefix}/beliefs")

        def act(c: _Ctx) -> tuple[str, Markup]:
            self.engine.for_owner(c.owner()).resolve_conflict(
                fields.get("memory", ""), keep=fields.get("keep", ""), reason=fields.get("reason", "").strip()
            )
            return self.beliefs(c)

        return await run_in_threadpool(self._render, ctx, act)

    async def _posted(self, request: Request, what: str) -> tuple[str, dict[str, str]] | Response:
        """A form posted to the desk: (the key's app, the fields), or the
        page that refuses it (from another site: 403; without a key: 401)."""
        if _cross_site(request):
            return self._html(
                self._login_page(f"{self.prefix}/", f"{what} from another site refused.", error=True), 403
            )
        app = await run_in_threadpool(self._app_of, request)
        if app is None:
            return self._html(self._login_page(f"{self.prefix}/", "Sign in with an API key to open the desk."), 401)
        form = parse_qs((await request.body()).decode("utf-8", "replace"), max_num_fields=8)
        return app, {k: v[0] for k, v in form.items() if v}

    def _problem(self, title: str, detail: str) -> Markup:
        return join(
            [
                tag("h1", title),
                tag("p", detail, class_="problem", role="alert"),
                tag("p", link("Back to the users", f"{self.prefix}/")),
            ]
        )

    def _caught_up(self) -> Markup:
        """Waits for the read side to catch up to the log's head; a notice when
        the projections lag by more than ``wait_s`` (the page reads them as they are)."""
        try:
            self.engine.projections.wait_for_head(timeout=self.wait_s)
        except ProjectionError as e:
            return tag(
                "p",
                f"The read models are behind the log ({e}); this page may miss the latest events.",
                class_="notice",
                role="status",
            )
        return Markup("")

    def _nav(self, ctx: _Ctx) -> Markup:
        user = ctx.query.get("user")
        items: list[Markup] = [tag("li", link("Users", f"{self.prefix}/"))]
        if user:
            for label, path in (("Beliefs", "/beliefs"), ("Conversations", "/sessions"), ("Verify", "/verify")):
                current = "page" if ctx.path == self.prefix + path else None
                items.append(tag("li", link(label, href(self.prefix + path, user=user), aria_current=current)))
        signout = tag(
            "form",
            tag("button", "Sign out", type="submit"),
            method="post",
            action=f"{self.prefix}/logout",
            class_="signout",
        )
        label = f"Desk: user {user}" if user else "Desk"
        return tag("nav", tag("ul", join(items)), signout, aria_label=label, class_="desk-nav")

    # --- sign in / out ----------------------------------------------------------

    def _login_page(self, target: str, message: str, *, error: bool = False) -> str:
        form = tag(
            "form",
            tag("label", "API key", for_="key"),
            tag(
                "input",
                id="key",
                name="key",
                type="password",
                autocomplete="off",
                required=True,
                aria_describedby="key-help",
            ),
            tag(
                "p",
                "The key fixes the app; it is kept in a cookie no script can read, sent to this "
                "desk only, and checked again on every page.",
                id="key-help",
                class_="help",
            ),
            tag("input", type="hidden", name="next", value=target),
            tag("button", "Sign in", type="submit"),
            method="post",
            action=f"{self.prefix}/login",
            class_="login",
        )
        note = tag("p", message, role="alert" if error else None, class_="problem" if error else None)
        return page("Sign in", join([tag("h1", "The auditor's desk"), note, form]), prefix=self.prefix)

    def login_form(self, request: Request) -> HTMLResponse:
        return self._html(self._login_page(self._next(request.query_params.get("next")), "Sign in with an API key."))

    async def login(self, request: Request) -> Response:
        if _cross_site(request):
            return self._html(
                self._login_page(f"{self.prefix}/", "Sign-in from another site refused.", error=True), 403
            )
        form = parse_qs((await request.body()).decode("utf-8", "replace"), max_num_fields=4)
        secret = (form.get("key") or [""])[0].strip()
        target = self._next((form.get("next") or [""])[0])
        app = await run_in_threadpool(self._verify, secret)
        if app is None:
            return self._html(self._login_page(target, "That key is unknown or revoked.", error=True), 401)
        response = RedirectResponse(target, status_code=303, headers=SECURITY_HEADERS)
        response.set_cookie(
            COOKIE,
            secret,
            httponly=True,
            samesite="strict",
            path=self.prefix or "/",
            secure=request.url.scheme == "https",
        )
        return response

    def logout(self, request: Request) -> Response:
        if _cross_site(request):  # another site may not sign the auditor out either
            return Response(status_code=403, headers=SECURITY_HEADERS)
        response = RedirectResponse(f"{self.prefix}/login", status_code=303, headers=SECURITY_HEADERS)
        response.delete_cookie(COOKIE, path=self.prefix or "/", httponly=True, samesite="strict")
        return response

    def _next(self, target: str | None) -> str:
        """Where to go after signing in: a path of this desk only (never
        another site: ``//evil`` and absolute URLs fall back to the start)."""
        if target and target.startswith(self.prefix + "/") and not target.startswith("//") and "\\" not in target:
            return target
        return f"{self.prefix}/"

    def static(self, name: str) -> Response:
        if name not in _STATIC:
            return Response(status_code=404)
        return Response(
            self.static_files[name],
            media_type=_STATIC[name],
            headers={"X-Content-Type-Options": "nosniff", "Cache-Control": "no-cache"},
        )

    # --- the views: (title, main) from an authenticated request ----------------

    def home(self, ctx: _Ctx) -> tuple[str, Markup]:
        notice = self._caught_up()
        users = self.engine.users(ctx.app, limit=_PAGE, after=ctx.get("after") or None)
        options = join(tag("option", value=u.user_id) for u in users)
        picker = tag(
            "form",
            tag("label", "User", for_="user"),
            tag(
                "input",
                id="user",
                name="user",
                list="known-users",
                required=True,
                autocomplete="off",
                aria_describedby="user-help",
            ),
            tag("datalist", options, id="known-users"),
            tag("p", "A user id of this app, typed or picked from the list.", id="user-help", class_="help"),
            tag("button", "Open beliefs", type="submit"),
            method="get",
            action=f"{self.prefix}/beliefs",
            class_="picker",
        )
        rows = [
            tag(
                "tr",
                tag("th", link(u.user_id, href(f"{self.prefix}/beliefs", user=u.user_id)), scope="row"),
                tag("td", u.beliefs),
                tag("td", u.sessions),
                tag("td", u.messages),
                tag("td", short_time(u.last_message_at)),
            )
            for u in users
        ]
        table = _table(
            ["user", "current beliefs", "sessions", "messages", "last message"], rows, caption=f"Users of {ctx.app}"
        )
        more = (
            tag("p", link("Next users", href(f"{self.prefix}/", after=users[-1].user_id)))
            if len(users) == _PAGE
            else Markup("")
        )
        body = join(
            [
                tag("h1", f"App {ctx.app}"),
                notice,
                picker,
                table if users else tag("p", "No users with sessions or beliefs yet."),
                more,
            ]
        )
        return f"App {ctx.app}", body

    def beliefs(self, ctx: _Ctx) -> tuple[str, Markup]:
        owner = ctx.owner()
        valid_at = _when(ctx.get("valid_at"), "valid time")
        known_at = _when(ctx.get("known_at"), "known time")
        notice = self._caught_up()
        mem = self.engine.for_owner(owner)
        rows = mem.beliefs(valid_at=valid_at, known_at=known_at)
        form = tag(
            "form",
            tag("input", type="hidden", name="user", value=owner.user_id),
            _date_field("valid_at", "Valid on", valid_at, "When the belief held in the world. Empty: now."),
            _date_field("known_at", "As known on", known_at, "What the engine had recorded by then. Empty: now."),
            tag("button", "Show", type="submit"),
            link("Now", href(f"{self.prefix}/beliefs", user=owner.user_id), class_="reset"),
            method="get",
            action=f"{self.prefix}/beliefs",
            class_="asof",
            aria_label="As of",
        )
        when = f"valid {iso(valid_at) if valid_at else 'now'}, as known {iso(known_at) if known_at else 'now'}"
        flagged = mem.flagged()
        cards = [self._belief_card(owner, r, flagged.get(r.memory_id)) for r in rows]
        listed = (
            tag("ol", join(cards), class_="cards", aria_label="Beliefs")
            if cards
            else tag("p", "No beliefs held at that point.", class_="empty")
        )
        body = join(
            [
                tag("h1", f"Beliefs of {owner.user_id}"),
                notice,
                form,
                tag(
                    "p",
                    f"{len(rows)} belief{'s' if len(rows) != 1 else ''}: {when}.",
                    class_="summary",
                    role="status",
                    id="asof-summary",
                ),
                listed,
            ]
        )
        return f"Beliefs of {owner.user_id}", body

    def _belief_card(self, owner: Owner, r: BeliefVersion, flags: Any = None) -> Markup:
        """One belief; with its flags (``flags``: its ``BeliefView`` when it
        carries any) and, when it is in an open conflict, the resolve form."""
        url = href(f"{self.prefix}/belief", user=owner.user_id, id=r.memory_id)
        return tag(
            "li",
            tag("p", link(r.statement, url), class_="statement"),
            tag(
                "p",
                f"{r.kind} · confidence {r.confidence:.2f} · valid from ",
                short_time(r.valid_from),
                *((" to ", short_time(r.invalid_at)) if r.invalid_at else ()),
                " · recorded ",
                short_time(r.recorded_at),
                class_="meta",
            ),
            *(() if flags is None else (self._flags(owner, r.memory_id, flags),)),
            class_="belief",
            data_memory=r.memory_id,
            data_flags=" ".join(flags.flags) if flags is not None else None,
        )

    def _flags(self, owner: Owner, mid: str, view: Any) -> Markup:
        """The flags' badges; for a conflict, the beliefs it contradicts and
        the two ways to settle it (each needs a reason: the history keeps it)."""
        badges = [
            tag("span", _FLAG_LABELS.get(f, f), class_=f"flag {f}", title=_FLAG_HELP.get(f, "")) for f in view.flags
        ]
        if not view.conflicting:
            return tag("p", join(badges), class_="flags")
        others = join(
            [link(i[:8], href(f"{self.prefix}/belief", user=owner.user_id, id=i)) for i in view.conflicts_with], " "
        )
        form = tag(
            "form",
            tag("label", "Reason (kept in the history)", for_=f"why-{mid}"),
            tag(
                "input", id=f"why-{mid}", name="reason", type="text", required=True, maxlength="500", autocomplete="off"
            ),
            *(tag("input", type="hidden", name=k, value=v) for k, v in (("user", owner.user_id), ("memory", mid))),
            tag("button", "Keep this one", type="submit", name="keep", value="this", class_="danger"),
            tag("button", "Keep both", type="submit", name="keep", value="both"),
            method="post",
            action=f"{self.prefix}/resolve",
            class_="resolve",
        )
        return join([tag("p", join(badges), " contradicts ", others, class_="flags"), form])

    def belief(self, ctx: _Ctx) -> tuple[str, Markup]:
        owner = ctx.owner()
        notice = self._caught_up()
        mem = self.engine.for_owner(owner)
        chain = _chain(mem, mem.resolve_id("memory", ctx.get("id")))
        now = datetime.now(UTC)
        lanes = [
            Lane(
                label=f"v{n} {v.opened_by.removeprefix('memory.')}: {_clip(v.statement, 60)}",
                valid_from=v.valid_from,
                valid_to=v.invalid_at,
                known_from=v.recorded_at,
                known_to=v.expired_at,
                invalidated=v.invalid_at is not None,
            )
            for n, (_, versions) in enumerate(chain, 1)
            for v in versions
        ]
        svg = draw(lanes, now, title="Versions on a time axis", ident="axis")
        calls = {m: {v.seq: v.call for v in mem.lineage(m).versions} for m, _ in chain}
        articles = [self._version(owner, n, m, versions, calls[m]) for n, (m, versions) in enumerate(chain, 1)]
        body = join(
            [
                tag("h1", "Timeline of a belief"),
                notice,
                tag(
                    "p",
                    f"{len(chain)} version{'s' if len(chain) != 1 else ''}, oldest first: each replaced the "
                    "one before it. Every change below names the event, its reason and its cause.",
                    class_="summary",
                ),
                tag(
                    "figure",
                    svg,
                    tag(
                        "figcaption",
                        "Upper bar: valid time (when it held in the world). Lower bar: "
                        "known time (when the engine held that version). ✕: invalidated. Line: now.",
                    ),
                    class_="axis-figure",
                ),
                tag("ol", join(articles), class_="versions", aria_label="Versions"),
            ]
        )
        return "Timeline of a belief", body

    def _version(self, owner: Owner, n: int, mid: str, versions: list[BeliefVersion], calls: dict[int, str]) -> Markup:
        last = versions[-1]
        status = (
            bitemporal.FORGOTTEN_STATUS
            if last.opened_by == bitemporal.FORGOTTEN
            else bitemporal.INVALIDATED_STATUS
            if last.invalid_at
            else bitemporal.CURRENT
        )
        changes = [
            tag("li", self._change(owner, v, calls.get(v.seq)), class_="change", data_topic=v.opened_by)
            for v in versions
        ]
        sources = [
            self._message_link(owner, m.session_id, m.seq, m.content, at=versions[0].recorded_at)
            for m in versions[0].cited
        ]
        details = tag(
            "dl",
            tag("dt", "Status"),
            tag("dd", status, class_=f"status {status}"),
            tag("dt", "Confidence"),
            tag("dd", f"{last.confidence:.2f} (method {last.method}, extractor {last.extractor})"),
            tag("dt", "Valid"),
            tag(
                "dd",
                "from ",
                short_time(last.valid_from),
                " to ",
                short_time(last.invalid_at) if last.invalid_at else "now (still valid)",
            ),
            tag("dt", "Known"),
            tag(
                "dd",
                "since ",
                short_time(versions[0].recorded_at),
                "; this version since ",
                short_time(last.recorded_at),
            ),
            tag("dt", "Sources"),
            tag("dd", tag("ul", join(tag("li", s) for s in sources)) if sources else "none cited"),
        )
        heading = tag("h2", f"Version {n}: ", tag("q", last.statement), id=f"h-{mid}")
        more = tag("p", f"id {mid}", class_="ids")
        return tag(
            "li",
            tag(
                "article",
                heading,
                details,
                tag("h3", "Changes"),
                tag("ol", join(changes), class_="changes"),
                more,
                aria_labelledby=f"h-{mid}",
            ),
            class_="version" + (" invalidated" if status != bitemporal.CURRENT else ""),
            id=f"v-{mid}",
            data_memory=mid,
            data_status=status,
        )

    def _change(self, owner: Owner, v: BeliefVersion, call: str | None) -> Markup:
        parts: list[object] = [
            tag("strong", v.opened_by.removeprefix("memory.")),
            " at ",
            short_time(v.recorded_at),
            f" (log position {v.opened_position}" + (f", by {call})" if call else ")"),
        ]
        if v.reason:
            parts += [": ", tag("span", v.reason, class_="reason")]
        if isinstance(v.cause, dict):
            parts.append(tag("span", " · cause: ", self._cause(owner, v.cause, v.recorded_at), class_="cause"))
        if v.superseded_by:
            parts += [" · ", link("replaced by the next version", f"#v-{v.superseded_by}")]
        return join(parts)

    def _cause(self, owner: Owner, cause: dict[str, Any], at: datetime) -> Markup:
        sid, seq = cause.get("session_id") or cause.get("session"), cause.get("seq")
        if isinstance(sid, str) and isinstance(seq, int):
            return self._message_link(owner, sid, seq, None, at=at)
        return join((f"{k} {v}" for k, v in sorted(cause.items())), ", ")

    def _message_link(self, owner: Owner, sid: str, seq: int, content: str | None, *, at: datetime) -> Markup:
        """A link to a message in its conversation as it stood when the
        citing event was recorded (the message itself is highlighted)."""
        url = href(f"{self.prefix}/conversation", user=owner.user_id, session=sid, at=iso(at, exact=True)) + f"#m{seq}"
        label = f"message {sid[:8]}#{seq}"
        return join(
            [link(label, url, class_="message-link"), *((" ", tag("q", _clip(content, 120))) if content else ())]
        )

    def sessions(self, ctx: _Ctx) -> tuple[str, Markup]:
        owner = ctx.owner()
        notice = self._caught_up()
        found = self.engine.for_owner(owner).sessions(limit=_PAGE, after=ctx.get("after") or None)
        rows = [
            tag(
                "tr",
                tag(
                    "th",
                    link(
                        s.session_id[:8],
                        href(f"{self.prefix}/conversation", user=owner.user_id, session=s.session_id),
                    ),
                    scope="row",
                ),
                tag("td", s.agent_id),
                tag("td", s.status),
                tag("td", s.message_count),
                tag("td", short_time(s.created_at)),
                tag("td", short_time(s.last_message_at)),
            )
            for s in found
        ]
        more = (
            tag(
                "p",
                link("Next sessions", href(f"{self.prefix}/sessions", user=owner.user_id, after=found[-1].session_id)),
            )
            if len(found) == _PAGE
            else Markup("")
        )
        body = join(
            [
                tag("h1", f"Conversations of {owner.user_id}"),
                notice,
                _table(
                    ["session", "agent", "status", "messages", "opened", "last message"],
                    rows,
                    caption="Sessions, oldest first",
                )
                if rows
                else tag("p", "No sessions."),
                more,
            ]
        )
        return f"Conversations of {owner.user_id}", body

    def conversation(self, ctx: _Ctx) -> tuple[str, Markup]:
        owner = ctx.owner()
        at = _when(ctx.get("at"), "time")
        notice = self._caught_up()
        mem = self.engine.for_owner(owner)
        sid = mem.resolve_id("session", ctx.get("session"))
        conv = mem.conversation_at(sid, at)
        form = tag(
            "form",
            tag("input", type="hidden", name="user", value=owner.user_id),
            tag("input", type="hidden", name="session", value=sid),
            _date_field("at", "As it stood on", at, "What the log held by then. Empty: now."),
            tag("button", "Show", type="submit"),
            link("Now", href(f"{self.prefix}/conversation", user=owner.user_id, session=sid), class_="reset"),
            method="get",
            action=f"{self.prefix}/conversation",
            class_="asof",
            aria_label="As it stood",
        )
        retracted = set(mem.retracted_messages(sid))  # retracted as of now
        items = [
            tag(
                "li",
                tag(
                    "p",
                    tag("span", f"#{m.seq}", class_="seq"),
                    " ",
                    tag("strong", m.role),
                    *((" · ", tag("span", "retracted", class_="retracted-mark")) if m.seq in retracted else ()),
                    *((" (", m.name, ")") if m.name else ()),
                    " · ",
                    short_time(m.occurred_at),
                    *((" · recorded ", short_time(m.recorded_at)) if m.recorded_at != m.occurred_at else ()),
                    class_="meta",
                ),
                tag("p", m.content, class_="content"),
                tag(
                    "p",
                    link("What it caused", href(f"{self.prefix}/lineage", user=owner.user_id, session=sid, seq=m.seq)),
                    class_="ids",
                ),
                id=f"m{m.seq}",
                class_="message retracted" if m.seq in retracted else "message",
                tabindex="-1",
                data_retracted="true" if m.seq in retracted else None,
            )
            for m in conv.messages
        ]
        body = join(
            [
                tag("h1", f"Conversation {sid[:8]}"),
                notice,
                form,
                tag(
                    "p",
                    f"Session {sid} with agent {conv.agent_id}, as it stood at {iso(conv.at)}: "
                    f"{conv.status}, {conv.message_count} message{'s' if conv.message_count != 1 else ''}.",
                    class_="summary",
                    role="status",
                ),
                tag("ol", join(items), class_="messages", aria_label="Messages")
                if items
                else tag("p", "No messages recorded by then.", class_="empty"),
            ]
        )
        return f"Conversation {sid[:8]}", body

    def lineage(self, ctx: _Ctx) -> tuple[str, Markup]:
        owner = ctx.owner()
        notice = self._caught_up()
        mem = self.engine.for_owner(owner)
        sid = mem.resolve_id("session", ctx.get("session"))
        seq = _seq(ctx.get("seq"))
        found = mem.message_lineage(sid, seq)
        said = [m for m in mem.conversation_at(sid).messages if m.seq == seq]
        if not said:
            raise _Problem(404, "Not found", f"no message {sid[:8]}#{seq}")
        message = said[0]
        action = "unretract" if found.retracted else "retract"
        command = shlex.join(
            [
                "ledgermind",
                "audit",
                action,
                f"{sid}:{seq}",
                "--app",
                owner.app,
                "--user",
                owner.user_id,
                "--reason",
                "REASON",
            ]
        )
        undo = tag(
            "form",
            tag("label", "Reason (kept in the history)", for_="reason"),
            tag("input", id="reason", name="reason", type="text", required=True, maxlength="500", autocomplete="off"),
            *(
                tag("input", type="hidden", name=k, value=v)
                for k, v in (("user", owner.user_id), ("session", sid), ("seq", str(seq)), ("action", action))
            ),
            tag(
                "button",
                "Un-retract this message" if found.retracted else "Retract this message: undo what it caused",
                type="submit",
                class_="danger",
            ),
            method="post",
            action=f"{self.prefix}/retract",
            class_="retract",
        )
        state = join(
            [
                tag(
                    "p",
                    "This message is retracted: what rested on it alone has been invalidated, and what it "
                    "had invalidated reinstated."
                    if found.retracted
                    else "Not retracted. A retraction would invalidate the beliefs below that rest on this message "
                    "alone and reinstate those it invalidated; the history keeps both.",
                    class_="verdict broken" if found.retracted else "summary",
                    data_retracted="true" if found.retracted else "false",
                ),
                undo,
                tag(
                    "p",
                    "The same from a shell: ",
                    tag("code", command),
                    " (or the service's retract route).",
                    class_="help",
                ),
            ]
        )
        body = join(
            [
                tag("h1", f"What message {sid[:8]}#{seq} caused"),
                notice,
                tag(
                    "blockquote",
                    tag(
                        "p",
                        tag("strong", message.role),
                        " · ",
                        short_time(message.occurred_at),
                        " · ",
                        link(
                            "in its conversation",
                            href(f"{self.prefix}/conversation", user=owner.user_id, session=sid) + f"#m{seq}",
                        ),
                        class_="meta",
                    ),
                    tag("p", message.content, class_="content"),
                    class_="message",
                ),
                state,
                self._effects("Directly", "Belief events that cite this message.", owner, found.direct, "direct"),
                self._effects(
                    "Downstream",
                    "Belief events caused by a belief this message caused.",
                    owner,
                    found.downstream,
                    "downstream",
                ),
            ]
        )
        return f"What message {sid[:8]}#{seq} caused", body

    def _effects(self, title: str, help_text: str, owner: Owner, effects: Sequence[Any], ident: str) -> Markup:
        items = []
        for e in effects:
            belief = href(f"{self.prefix}/belief", user=owner.user_id, id=e.memory_id)
            via = (
                Markup("")
                if e.via is None
                else join(
                    [
                        " · through ",
                        link(f"belief {e.via[:8]}", href(f"{self.prefix}/belief", user=owner.user_id, id=e.via)),
                    ]
                )
            )
            items.append(
                tag(
                    "li",
                    tag("strong", e.how),
                    " ",
                    link(e.statement, belief),
                    " ",
                    tag("span", f"(now {e.status})", class_=f"status {e.status}"),
                    via,
                    class_="effect",
                    data_how=e.how,
                )
            )
        listed = tag("ol", join(items), class_="effects") if items else tag("p", "None.", class_="empty")
        return tag(
            "section",
            tag("h2", f"{title} ({len(items)})", id=f"{ident}-h"),
            tag("p", help_text, class_="help"),
            listed,
            aria_labelledby=f"{ident}-h",
            id=ident,
        )

    def verify(self, ctx: _Ctx) -> tuple[str, Markup]:
        """The user's streams re-walked against their hash chains. Per user,
        never the whole log: a key of one app must not learn anything (not
        even counts) about other apps' streams; the whole log is the
        operator's ``ledgermind audit verify``."""
        owner = ctx.owner()
        report = self.engine.for_owner(owner).verify_log()
        counts = (
            f"{report.streams} streams, {report.events} events ({report.chained} chained, "
            f"{report.unchained} written before chaining), {report.checkpoints} chain-head checkpoints checked"
        )
        if report.intact:
            verdict = tag("p", f"Intact: {counts}.", class_="verdict intact", role="status", data_intact="true")
        else:
            verdict = tag("p", f"NOT intact: {counts}.", class_="verdict broken", role="alert", data_intact="false")
        rows = [
            tag(
                "tr",
                tag("th", f.kind, scope="row"),
                tag("td", f.stream_id),
                tag("td", f.version),
                tag("td", f.position),
                tag("td", f.detail, class_="detail"),
            )
            for f in (report.findings or ((report.finding,) if report.finding else ()))
        ]
        body = join(
            [
                tag("h1", f"Is {owner.user_id}'s log intact?"),
                tag(
                    "p",
                    "Every event of this user's streams re-hashed and checked against its chain link and the "
                    "recorded chain heads: an edited, deleted or reordered event is reported here, first first.",
                    class_="help",
                ),
                verdict,
                _table(
                    ["finding", "stream", "version", "log position", "detail"], rows, caption="Findings, first first"
                )
                if rows
                else Markup(""),
            ]
        )
        return f"Verify {owner.user_id}", body


def _seq(value: str) -> int:
    if not (value.isascii() and value.isdigit()) or not 0 < int(value) < 2**31:
        raise InvalidInput(f"a message number is a positive integer, got {value!r:.40}")
    return int(value)


def _cross_site(request: Request) -> bool:
    """A state-changing form (sign-in, sign-out, retract) that may come from
    another site (login CSRF would sign the auditor in as someone else; a
    forged retraction would change the record). Browsers say where a request
    comes from in ``Sec-Fetch-Site``; older ones in ``Origin``, which this
    page's referrer policy (``same-origin``) lets them send on its own forms.
    Refused: another site, ``Origin: null`` (a sandboxed frame, a redirect
    chain, a ``data:`` page: anyone can produce it), and a request with
    neither header, which no browser that could be tricked into posting
    sends, so only a non-browser client (which has the key anyway) is asked
    to say ``Sec-Fetch-Site: same-origin``."""
    site = request.headers.get("sec-fetch-site")
    if site is not None:
        return site not in ("same-origin", "none")
    origin = request.headers.get("origin")
    if not origin or origin == "null":
        return True
    return urlsplit(origin).netloc != request.headers.get("host")


def _chain(mem: OwnerMemory, mid: str) -> list[tuple[str, list[BeliefVersion]]]:
    """The belief and the beliefs it replaced and that replaced it (through
    ``supersedes`` / ``superseded_by``), oldest first, each with its versions."""
    histories = {mid: mem.history(mid)}
    order = [mid]
    for step in (_predecessor, _successor):
        cursor = mid
        for _ in range(_CHAIN_LIMIT):
            nxt = step(mem, cursor, histories[cursor])
            if nxt is None or nxt in histories:
                break
            try:
                histories[nxt] = mem.history(nxt)
            except NotFound:  # a dangling reference: show what exists
                break
            if step is _predecessor:
                order.insert(0, nxt)
            else:
                order.append(nxt)
            cursor = nxt
    return [(m, histories[m]) for m in order]


def _predecessor(mem: OwnerMemory, mid: str, versions: list[BeliefVersion]) -> str | None:
    return next((v.supersedes for v in versions if v.supersedes), None)


def _successor(mem: OwnerMemory, mid: str, versions: list[BeliefVersion]) -> str | None:
    named = next((v.superseded_by for v in reversed(versions) if v.superseded_by), None)
    if named is not None or not any(v.opened_by == bitemporal.INVALIDATED for v in versions):
        return named
    found = mem.invalidation(mid)  # the successor may name us instead (``supersedes``)
    return None if found is None else found.superseded_by


def _when(value: str, label: str) -> datetime | None:
    """A time from a form or a link: empty is now (None), a date is 00:00
    UTC of that day, RFC 3339 without an offset is UTC."""
    if not value:
        return None
    try:
        if len(value) == 10:
            day = date.fromisoformat(value)
            return datetime(day.year, day.month, day.day, tzinfo=UTC)
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise InvalidTimestamp(f"the {label} is not a date or an RFC 3339 time: {value!r:.60}") from None
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _date_field(name: str, label: str, value: datetime | None, help_text: str) -> Markup:
    """A date-and-time picker (UTC, to the second); the value it sends, like
    one typed in the URL, is read by ``_when``."""
    exact = value is not None and value.microsecond != 0
    note = f" Showing the exact time {iso(value)}." if exact and value is not None else ""
    return tag(
        "div",
        tag("label", label, " (UTC)", for_=name),
        tag(
            "input",
            type="datetime-local",
            step="1",
            id=name,
            name=name,
            value=value.strftime("%Y-%m-%dT%H:%M:%S") if value else None,
            aria_describedby=f"{name}-help",
        ),
        tag("p", help_text + note, id=f"{name}-help", class_="help"),
        class_="field",
    )


def _table(headers: Sequence[str], rows: Sequence[Markup], *, caption: str) -> Markup:
    head = tag("thead", tag("tr", join(tag("th", h, scope="col") for h in headers)))
    return tag(
        "div",
        tag("table", tag("caption", caption), head, tag("tbody", join(rows))),
        class_="scroll",
        tabindex="0",
        role="region",
        aria_label=caption,
    )


def _clip(value: str, size: int) -> str:
    return value if len(value) <= size else value[: size - 1] + "…"
