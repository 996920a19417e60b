"""nginx (Debian's package) in front of server processes, run unprivileged from a temporary directory
with the repository's own site configuration, ``deploy/nginx.conf``: only its listening port and its
list of processes are changed."""

from __future__ import annotations

import os
import re
import subprocess
import time
from pathlib import Path

import httpx

from tests.server.processes import Endpoint, free_port

NGINX = os.environ.get("TRICKTABLE_NGINX", "/usr/sbin/nginx")
SITE = Path(__file__).parents[2] / "deploy" / "nginx.conf"

# What the main configuration around the site holds: the process's own files in its directory, one
# worker (so round robin among equals is in order), in the foreground.
_MAIN = """
daemon off;
worker_processes 1;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log warn;
{user}
events {{ worker_connections 16384; }}
http {{
    access_log off;
    client_body_temp_path {prefix}/body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;
    include {prefix}/tricktable.conf;
}}
"""


def nginx_binary() -> str:
    """The nginx to run; fails (never skips) where there is none, saying how to get it."""
    if not os.access(NGINX, os.X_OK):
        raise AssertionError(
            f"the proxy tests need nginx at {NGINX}: apt-get install nginx "
            "(or set TRICKTABLE_NGINX to an nginx binary)"
        )
    return NGINX


def site_config(listen: int, upstreams: list[str]) -> str:
    """``deploy/nginx.conf`` listening on ``listen`` in front of ``upstreams`` (host:port each)."""
    text = SITE.read_text()
    found = re.search(r"(?m)^    server 127\.0\.0\.1:\d+( .*);$", text)
    assert found, "deploy/nginx.conf's upstream block has no server lines"
    servers = "".join(f"    server {u}{found[1]};\n" for u in upstreams)  # with the file's parameters
    text, n = re.subn(r"(?m)^    server 127\.0\.0\.1:\d+ .*\n(?:    server .*\n)*", servers, text)
    assert n == 1, "deploy/nginx.conf's upstream block has no server lines"
    text, n = re.subn(r"(?m)^    listen \d+;$", f"    listen 127.0.0.1:{listen};", text)
    assert n == 1, "deploy/nginx.conf has no listen line"
    return text


class Proxy(Endpoint):
    """nginx in its own process, in front of ``upstreams``; ``url`` and ``ws_url`` reach them through it."""

    def __init__(self, workdir: Path, upstreams: list[str]) -> None:
        binary = nginx_binary()
        super().__init__(free_port())
        self.prefix = workdir / "nginx"
        self.prefix.mkdir(parents=True, exist_ok=True)
        # As root, nginx's workers run as nobody: they must reach the directory.
        user = "user nobody nogroup;" if os.geteuid() == 0 else ""
        if user:
            for d in (self.prefix, *self.prefix.parents):
                if d == Path(d.anchor) or d.stat().st_mode & 0o005 == 0o005:
                    break
                d.chmod(d.stat().st_mode | 0o005)
        (self.prefix / "tricktable.conf").write_text(site_config(self.port, upstreams))
        (self.prefix / "nginx.conf").write_text(_MAIN.format(prefix=self.prefix, user=user))
        args = [binary, "-p", str(self.prefix), "-c", str(self.prefix / "nginx.conf")]
        check = subprocess.run([*args, "-t"], capture_output=True, text=True)
        assert check.returncode == 0, check.stderr
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(f"{self.url}/healthz", timeout=1)
                return
            except httpx.HTTPError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    log = (
                        (self.prefix / "error.log").read_text()
                        if (self.prefix / "error.log").exists()
                        else ""
                    )
                    self.stop()
                    raise AssertionError(f"nginx did not start: {log}") from None
                time.sleep(0.1)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()  # nginx's fast shutdown
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
