"""The browser client's pages: the lobby at ``/``, a table's page at ``/table/{id}``, and the static
files (plain ES modules and CSS under ``static/``, no build step; see static/README.md)."""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

__all__ = ["STATIC", "routes", "wants_html"]

STATIC = Path(__file__).with_name("static")
_NO_CACHE = {"cache-control": "no-cache"}  # revalidated each load: a new release is seen at once


def wants_html(request: Request) -> bool:
    """A browser asking for a page (scripts and curl asking for JSON get the API's answer)."""
    return "text/html" in request.headers.get("accept", "")


async def lobby_page(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", headers=_NO_CACHE)


async def table_page(request: Request) -> Response:
    return FileResponse(STATIC / "table.html", headers=_NO_CACHE)


def routes() -> list[BaseRoute]:
    """The table page and the static files (the lobby is served by the app's ``/`` for a browser)."""
    return [
        Route("/table/{table_id}", table_page),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
    ]
