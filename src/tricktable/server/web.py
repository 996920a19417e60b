"""The browser client's pages: the lobby at ``/``, a table's page at ``/table/{id}``, and the static
files (plain ES modules and CSS under ``static/``, no build step; see static/README.md)."""

from __future__ import annotations

import hashlib
import mimetypes
import re
from email.utils import formatdate
from functools import cache
from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

__all__ = ["STATIC", "routes", "wants_html"]

STATIC = Path(__file__).with_name("static")
_NO_CACHE = {"cache-control": "no-cache"}  # revalidated each load: a new release is seen at once


def wants_html(request: Request) -> bool:
    """A browser asking for a page (scripts and curl asking for JSON get the API's answer)."""
    return "text/html" in request.headers.get("accept", "")


_IMPORT = re.compile(r'^\s*(?:import|export)\b[^;]*?\bfrom\s+"\./([\w-]+\.js)"', re.M)
_ENTRY = re.compile(r'<script type="module" src="/static/([\w-]+\.js)"></script>')


def modules(entry: str) -> list[str]:
    """Every module ``entry`` imports, directly or not (static imports only), in the order found."""
    found: list[str] = []
    todo = [entry]
    while todo:
        name = todo.pop(0)
        for dep in _IMPORT.findall((STATIC / name).read_text(encoding="utf-8")):
            if dep != entry and dep not in found:
                found.append(dep)
                todo.append(dep)
    return found


@cache
def page(name: str) -> str:
    """A page with a ``modulepreload`` link for each module its script imports: the browser asks for
    them all at once instead of one level of imports after another (each level a round trip: four on
    the table page before this). Read once per process (a release restarts the server)."""
    html = (STATIC / name).read_text(encoding="utf-8")
    entry = _ENTRY.search(html)
    if entry is None:
        return html
    links = "".join(f'<link rel="modulepreload" href="/static/{m}">\n' for m in modules(entry[1]))
    return html[: entry.start()] + links + html[entry.start() :]


async def lobby_page(request: Request) -> Response:
    return HTMLResponse(page("index.html"), headers=_NO_CACHE)


_TABLE_ID = re.compile(r"[\w-]{1,64}")


async def table_page(request: Request) -> Response:
    """The table page, which first asks for the table's summary and the games' catalogue: both are
    preloaded beside the modules, so neither waits for the scripts to run."""
    html = page("table.html")
    table_id = request.path_params["table_id"]
    if _TABLE_ID.fullmatch(table_id):
        link = f'<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/tables/{table_id}">\n'
        html = html.replace("<!-- preloads -->", link, 1)
    return HTMLResponse(html, headers=_NO_CACHE)


_FILE = re.compile(r"[\w-]+\.(?:js|css|svg|html|md)")


@cache
def _static(name: str) -> tuple[bytes, dict[str, str]] | None:
    """A static file's bytes and headers, read once per process: a page asks for some thirty files
    at once, and each is answered from memory (no file system, no thread) in well under a millisecond
    on a loaded machine."""
    path = STATIC / name
    if not _FILE.fullmatch(name) or not path.is_file():
        return None
    body = path.read_bytes()
    kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
    headers = {
        "content-type": f"{kind}; charset=utf-8"
        if kind.startswith("text/") or name.endswith(".js")
        else kind,
        "etag": f'"{hashlib.sha1(body).hexdigest()}"',
        "last-modified": formatdate(path.stat().st_mtime, usegmt=True),
    }
    return body, headers


async def static_file(request: Request) -> Response:
    found = _static(request.path_params["name"])
    if found is None:
        return PlainTextResponse("Not Found", status_code=404)
    body, headers = found
    if request.headers.get("if-none-match") == headers["etag"]:
        return Response(status_code=304, headers={"etag": headers["etag"]})
    return Response(body, headers=headers)


def routes() -> list[BaseRoute]:
    """The table page and the static files (the lobby is served by the app's ``/`` for a browser)."""
    return [
        Route("/table/{table_id}", table_page),
        Route("/static/{name:path}", static_file, methods=["GET", "HEAD"]),
    ]
