"""``tricktable serve``: the game server (needs the ``server`` extra)."""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import Console

from tricktable import builds
from tricktable.cli.errors import CliError

__all__ = ["add_serve_parser", "serve_command"]

DEFAULT_DB = "sqlite:///tricktable-server.db"


def add_serve_parser(sub: Any) -> None:
    """Add ``serve`` to the command's subparsers."""
    serve = sub.add_parser(
        "serve", help="run the game server", description="Serve tables over HTTP and websockets."
    )
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    serve.add_argument(
        "--db", default=DEFAULT_DB, help=f"sqlite:///FILE or postgresql://... (default {DEFAULT_DB})"
    )
    serve.add_argument("--bot-pause", type=float, default=0.8, help="seconds a bot waits before acting")
    serve.add_argument(
        "--absent-after", type=float, default=60.0, help="seconds before a bot plays an absent seat's turn"
    )
    serve.add_argument(
        "--deal-pause",
        type=float,
        default=20.0,
        help="seconds the bots wait after a deal for the players to read its score (0: none)",
    )
    serve.add_argument(
        "--analysis-workers",
        type=int,
        default=1,
        help="processes analysing finished games beside play (default 1)",
    )
    serve.add_argument(
        "--allow-origin", action="append", default=[], metavar="URL", help="a browser origin to allow"
    )
    serve.add_argument(
        "--ws-rate",
        type=float,
        default=50.0,
        metavar="N",
        help="frames a second one websocket may send (default 50; --ws-burst at once, default 100)",
    )
    serve.add_argument("--ws-burst", type=int, default=100, help=argparse.SUPPRESS)
    serve.add_argument(
        "--http-rate",
        type=float,
        default=20.0,
        metavar="N",
        help="HTTP requests a second from one client address (default 20; --http-burst at once, "
        "default 100; 0: no limit)",
    )
    serve.add_argument("--http-burst", type=int, default=100, help=argparse.SUPPRESS)
    serve.add_argument(
        "--proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a reverse proxy's address whose X-Forwarded-For names the client (default 127.0.0.1); "
        "the per-client HTTP rate limit counts by that address",
    )
    serve.set_defaults(handler=serve_command)


def serve_command(console: Console, args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from tricktable.server import Settings, create_app, going_away
    except ImportError:
        raise CliError(
            "the server needs its extra: pip install 'tricktable[server]' (or run make serve)"
        ) from None
    if not 0 < args.port < 65536:
        raise CliError(f"--port must be from 1 to 65535, not {args.port}")
    if args.analysis_workers < 1:
        raise CliError(f"--analysis-workers must be at least 1, not {args.analysis_workers}")
    settings = Settings(
        bot_pause=args.bot_pause,
        absent_after=args.absent_after,
        deal_pause=args.deal_pause,
        analysis_workers=args.analysis_workers,
        allowed_origins=tuple(args.allow_origin),
        rate=args.ws_rate,
        burst=args.ws_burst,
        http_rate=args.http_rate,
        http_burst=args.http_burst,
    )
    app = create_app(args.db, settings)
    build = "the compiled build" if builds.is_compiled() else "the pure Python source"
    console.print(
        f"tricktable server on http://{args.host}:{args.port}/ (database {args.db}; {build})",
        markup=False,
        soft_wrap=True,  # one line, however long the database URL
    )
    config = uvicorn.Config(
        app,
        host=args.host,
        port=args.port,
        log_level="warning",
        ws_max_size=65536,
        ws_per_message_deflate=False,
        forwarded_allow_ips=args.proxy or "127.0.0.1",
        timeout_graceful_shutdown=GRACE,
        timeout_keep_alive=KEEP_ALIVE,
    )
    _graceful(uvicorn.Server, config, going_away).run()
    return 0


KEEP_ALIVE = 75  # seconds an idle HTTP connection is kept: longer than a proxy keeps it (nginx: 60)
GRACE = 20  # seconds a stopping server waits for its requests and connections before it cuts them


def _graceful(base: Any, config: Any, going_away: Any) -> Any:
    """A uvicorn server whose stop (SIGTERM or Ctrl-C) first stops listening (a proxy sends new
    connections to the other processes), then lets every table finish the action it is taking and
    closes each websocket with code 1001 once it has been sent all it is owed, and only then does
    uvicorn's own shutdown (the rest of the requests, the database)."""

    class Graceful(base):  # type: ignore[misc]
        async def shutdown(self, sockets: Any = None) -> None:
            for server in self.servers:
                server.close()
            if not self.force_exit:
                await going_away(config.app)
            await super().shutdown(sockets)

    return Graceful(config)
