"""The web view over HTTP (`coderooms.web` holds its data and files): its routes on the MCP app of
`serve --http`, or on `coderooms ui`'s own loopback server, behind the same rules as `/mcp`.

- **Host and Origin**: FastMCP's guard runs on every request of the app, these routes too
  (`serve --http`); `coderooms ui` puts the same guard, strict, in front of its own app.
- **The token**: with one set, a request needs `Authorization: Bearer <token>` or the view's
  cookie. A browser cannot send the header on a click, so a page opened with `?token=<token>`
  sets the cookie (HttpOnly, SameSite=Strict, path /ui: an HMAC of the token, never the token)
  and is sent on to the same address without it. The data (`/ui/api/...`) never takes the
  token from the address.
- Every route answers GET only and writes nothing: the data comes from `View.data`, which reads.
"""

from __future__ import annotations

import hashlib
import hmac
import mimetypes
from collections.abc import Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import urlencode

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from coderooms.errors import CoderoomsError
from coderooms.web import PAGES, STATIC, View, status_of

COOKIE = "coderooms_ui"
STATIC_FILES = ("app.js", "app.css", "vendor/cytoscape.min.js")
"""The only files served from `coderooms/web/static` (no path is read from the request)."""
HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self' "
    "'unsafe-inline'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; "
    "form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
"""Sent with every answer: nothing but our own files runs, nothing is cached, no referrer
carries a page's address (and so a symbol's name) elsewhere."""

Handler = Callable[[Request], Awaitable[Response]]


def cookie_value(token: str) -> str:
    return hmac.new(token.encode(), b"coderooms web view", hashlib.sha256).hexdigest()


class Access:
    """Who may read the view: anyone on an open loopback server; with a token, a request that
    carries it (header) or its cookie."""

    def __init__(self, token: str | None) -> None:
        self.token = token
        self.cookie = cookie_value(token) if token else None

    def admits(self, request: Request) -> bool:
        if self.token is None or self.cookie is None:
            return True
        header = request.headers.get("authorization", "")
        if header.startswith("Bearer ") and hmac.compare_digest(
            header.removeprefix("Bearer ").encode(), self.token.encode()
        ):
            return True
        return hmac.compare_digest(request.cookies.get(COOKIE, "").encode(), self.cookie.encode())

    def login(self, request: Request) -> Response | None:
        """A page opened with the right `?token=`: the cookie set, the address without it."""
        given = request.query_params.get("token")
        if self.token is None or self.cookie is None or given is None:
            return None
        if not hmac.compare_digest(given.encode(), self.token.encode()):
            return None
        rest = [(k, v) for k, v in request.query_params.multi_items() if k != "token"]
        target = request.url.path + (f"?{urlencode(rest)}" if rest else "")
        response = RedirectResponse(target, status_code=303, headers=HEADERS)
        response.set_cookie(COOKIE, self.cookie, httponly=True, samesite="strict", path="/ui")
        return response


REFUSED = (
    "<!doctype html><meta charset=utf-8><title>coderooms</title><h1>This view needs the "
    "operator's token</h1><p>Run <code>coderooms ui</code> on this machine (it opens the view "
    "logged in), or open this address once with <code>?token=&lt;CODEROOMS_HTTP_TOKEN&gt;</code>."
)


def web_routes(view: View, token: str | None) -> list[Route]:
    access = Access(token)

    async def page(request: Request) -> Response:
        name = request.path_params.get("page", "")
        if name and name not in PAGES:
            return JSONResponse({"error": "not_found", "message": "no such page"}, 404,
                                headers=HEADERS)  # fmt: skip
        logged_in = access.login(request)
        if logged_in is not None:
            return logged_in
        if not access.admits(request):
            return Response(REFUSED, 401, media_type="text/html", headers=HEADERS)
        return FileResponse(STATIC / "index.html", media_type="text/html", headers=HEADERS)

    async def data(request: Request) -> Response:
        if not access.admits(request):
            return JSONResponse({"error": "unauthorized", "message": "the operator's token is "
                                 "needed", "hint": "open the view with coderooms ui"}, 401,
                                headers=HEADERS)  # fmt: skip
        name = request.path_params["page"]
        values = dict(request.query_params)
        try:
            answer = await run_in_threadpool(view.data, name, values)
        except CoderoomsError as e:
            return JSONResponse(e.payload(), status_of(e), headers=HEADERS)
        return JSONResponse(answer, headers=HEADERS)

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC_FILES:  # a fixed list: nothing from the address reaches a path
            return Response("not found", 404, headers=HEADERS)
        kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
        return FileResponse(STATIC / name, media_type=kind, headers=HEADERS)

    async def home(_: Request) -> Response:
        return RedirectResponse("/ui/", status_code=307, headers=HEADERS)

    return [
        Route("/ui", home, methods=["GET"]),
        Route("/ui/", page, methods=["GET"]),
        Route("/ui/api/{page}", data, methods=["GET"]),
        Route("/ui/static/{name:path}", static, methods=["GET"]),
        Route("/ui/{page}", page, methods=["GET"]),
    ]


def web_app(view: View, token: str | None, allowed_hosts: list[str]) -> Starlette:
    """`coderooms ui`'s own server: the view's routes only, behind FastMCP's Host/Origin guard
    (strict, as on `serve --http`), the graph opened and closed with the app."""
    from fastmcp.server.http import HostOriginGuardMiddleware

    @asynccontextmanager
    async def lifespan(_: Starlette) -> Any:
        view.ctx.graphs.start()
        try:
            yield
        finally:
            view.ctx.graphs.close()

    guard = Middleware(HostOriginGuardMiddleware, allowed_hosts=allowed_hosts or None,
                       mode="strict")  # fmt: skip
    return Starlette(routes=web_routes(view, token), middleware=[guard], lifespan=lifespan)
