"""The pages and their static files: every module a page imports is preloaded with it (one round of
requests, not one per level of imports), the table's summary and the games' catalogue are preloaded
beside them, and the static files are answered from memory with validators."""

from __future__ import annotations

import re
from pathlib import Path

from tests.server.helpers import make_client, new_table
from tricktable.server.web import STATIC, modules

HTML = {"accept": "text/html"}


def test_every_module_a_page_imports_is_preloaded(tmp_path: Path) -> None:
    with make_client(f"sqlite:///{tmp_path}/t.db") as client:
        table = new_table(client, "tractor")["id"]
        for url, entry in ((f"/table/{table}", "table.js"), ("/", "lobby.js")):
            html = client.get(url, headers=HTML).text
            preloaded = re.findall(r'<link rel="modulepreload" href="/static/([\w-]+\.js)">', html)
            imported = {
                dep
                for path in STATIC.glob("*.js")
                for dep in re.findall(r'from "\./([\w-]+\.js)"', path.read_text())
                if path.name == entry or path.name in preloaded
            }
            assert set(preloaded) == imported - {entry} and len(preloaded) == len(set(preloaded))
            assert html.index("modulepreload") < html.index(f'src="/static/{entry}"')
        html = client.get(f"/table/{table}", headers=HTML).text
        assert f'href="/api/tables/{table}"' in html and 'href="/api/games"' in html
        assert "/api/tables/" not in client.get("/table/x%22%3E", headers=HTML).text  # not an id: none
    assert "dom.js" in modules("lobby.js") and "i18n.js" in modules("table.js")


def test_static_files_come_with_validators_and_nothing_else_is_served(tmp_path: Path) -> None:
    with make_client(f"sqlite:///{tmp_path}/t.db") as client:
        first = client.get("/static/board.js")
        assert first.status_code == 200 and first.headers["content-type"].startswith("text/javascript")
        assert first.content == (STATIC / "board.js").read_bytes()
        again = client.get("/static/board.js", headers={"if-none-match": first.headers["etag"]})
        assert again.status_code == 304 and not again.content
        assert client.get("/static/style.css").headers["content-type"].startswith("text/css")
        for bad in ("../web.py", "..%2Fweb.py", "nothing.js", "table.py"):
            assert client.get(f"/static/{bad}").status_code == 404, bad
