"""`arbiter serve`: the read-only public site over one ledger (Starlette, served by uvicorn).

Pages: `/` (the event), `/pairings/R`, `/standings`, `/crosstable`, `/players/N`, `/bracket`, `/audit`; the
same data as JSON under `/api/...`; `/events`, server-sent events, one `change` event each time the
ledger's position moves (polled every `POLL_SECONDS`), which the pages' script answers by fetching
themselves again. Only GET and HEAD are routed: any other method gets 405, and nothing can append.
Every page reads the read models (`projections.publish`); no handler runs in a thread, so reads never
overlap. A client never sees a traceback: errors are pages (or JSON under /api) that say what is wrong.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable
from types import FrameType
from typing import Any

from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from projections.publish import NotPublished, log_position
from projections.views import ReadModels
from tui.web.pages import ENV, STATIC, Page, Pages, html, json_data

POLL_SECONDS = 0.5
"""How often `/events` looks at the ledger's position: a change shows within a second."""
CACHED_PAGES = 4096
"""Rendered pages kept (each at the position it shows); beyond that the store starts afresh."""
KEEP_ALIVE_SECONDS = 15.0
"""A comment line this often keeps idle connections open through proxies."""
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
log = logging.getLogger("arbiter.serve")


class Site:
    """The ledger, its read models and the pages, for one process.

    A page is a function of the log's position, so each is made once per position and served from
    `made` until the ledger moves: a room of phones reloading the standings costs one rendering."""

    def __init__(self, views: ReadModels) -> None:
        self.views = views
        self.pages = Pages(views)
        self.made: dict[str, tuple[int, Response]] = {}
        self.closing = False
        """Set when the server is asked to stop: the event streams end, so it can stop at once."""

    def position(self) -> int:
        return log_position(self.views)

    def response(self, path: str, make: Callable[[], Response]) -> Response:
        """The page at `path` as of the ledger's position now: made afresh only when the ledger moved."""
        position = self.position()
        made = self.made.get(path)
        if made is None or made[0] != position:
            if len(self.made) >= CACHED_PAGES:
                self.made.clear()
            made = self.made[path] = (position, make())
        return Response(made[1].body, media_type=made[1].media_type)


def _page(site: Site, read: Callable[..., Page], *parameters: str) -> Callable[[Request], Any]:
    async def endpoint(request: Request) -> Response:
        arguments = [request.path_params[name] for name in parameters]
        return site.response(request.url.path, lambda: HTMLResponse(html(read(*arguments))))

    return endpoint


def _api(site: Site, read: Callable[..., Page], *parameters: str) -> Callable[[Request], Any]:
    async def endpoint(request: Request) -> Response:
        arguments = [request.path_params[name] for name in parameters]
        return site.response(request.url.path, lambda: JSONResponse(json_data(read(*arguments))))

    return endpoint


def _events(site: Site) -> Callable[[Request], Any]:
    async def endpoint(request: Request) -> Response:
        return StreamingResponse(
            _changes(site, request),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    return endpoint


async def _changes(site: Site, request: Request) -> AsyncIterator[str]:
    """`position` once, then one `change` event each time the ledger's position moves."""
    last = site.position()
    yield f"retry: 1000\nevent: position\ndata: {last}\n\n"
    quiet = 0.0
    while not site.closing and not await request.is_disconnected():
        await asyncio.sleep(POLL_SECONDS)
        now = site.position()
        if now != last:
            last, quiet = now, 0.0
            yield f"event: change\ndata: {now}\n\n"
        else:
            quiet += POLL_SECONDS
            if quiet >= KEEP_ALIVE_SECONDS:
                quiet = 0.0
                yield ": still here\n\n"


def _wants_json(request: Request) -> bool:
    return request.url.path.startswith("/api/")


def _error(request: Request, status: int, message: str, headers: dict[str, str] | None = None) -> Response:
    reason = {404: "Not found", 405: "Method not allowed", 500: "Server error"}.get(status, "Error")
    if _wants_json(request):
        return JSONResponse({"error": message, "status": status}, status_code=status, headers=headers)
    body = ENV.get_template("error.html").render(status=status, reason=reason, message=message)
    return HTMLResponse(body, status_code=status, headers=headers)


async def _http_error(request: Request, exc: HTTPException) -> Response:
    messages = {
        404: f"There is no page at {request.url.path}.",
        405: "This site only shows the tournament: results are entered at the arbiter's desk.",
    }
    return _error(request, exc.status_code, messages.get(exc.status_code, exc.detail), exc.headers)


async def _not_published(request: Request, exc: Exception) -> Response:
    return _error(request, 404, str(exc))


async def _server_error(request: Request, exc: Exception) -> Response:
    log.exception("error serving %s", request.url.path, exc_info=exc)
    return _error(request, 500, "Something went wrong on the server; the arbiter's log has the details.")


class _SecurityHeaders:
    """`SECURITY_HEADERS` on every response (a plain ASGI middleware: it leaves streams alone)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, with_headers if scope["type"] == "http" else send)


def create_app(views: ReadModels) -> Starlette:
    """The site over an open ledger's read models."""
    site = Site(views)
    pages = site.pages
    readers: list[tuple[str, Callable[..., Page], tuple[str, ...]]] = [
        ("/", pages.event, ()),
        ("/pairings/{round:int}", pages.pairings, ("round",)),
        ("/standings", pages.standings, ()),
        ("/crosstable", pages.crosstable, ()),
        ("/players/{number:int}", pages.player, ("number",)),
        ("/bracket", pages.bracket, ()),
        ("/audit", pages.audit, ()),
    ]
    routes = [Route(path, _page(site, read, *names), methods=["GET"]) for path, read, names in readers]
    routes += [
        Route("/api/event" if path == "/" else "/api" + path, _api(site, read, *names), methods=["GET"])
        for path, read, names in readers
    ]
    routes += [
        Route("/events", _events(site), methods=["GET"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        middleware=[Middleware(_SecurityHeaders)],
        exception_handlers={
            HTTPException: _http_error,
            NotPublished: _not_published,
            Exception: _server_error,
        },
    )
    app.state.site = site
    return app


def serve(views: ReadModels, host: str, port: int) -> None:
    """Serve until interrupted (Ctrl-C): open event streams are ended first, so it stops at once."""
    import uvicorn

    app = create_app(views)
    site: Site = app.state.site

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            site.closing = True
            super().handle_exit(sig, frame)

    Server(uvicorn.Config(app, host=host, port=port, log_level="info", access_log=False)).run()
