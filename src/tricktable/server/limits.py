"""Request-rate limits: frames a second per websocket connection, requests a second per client address
over HTTP. Over a limit, a frame or request is refused with the typed error ``rate_limited``, which
says what the limit is and when to send again; nothing it asked for is done, and the connection goes
on. A websocket that keeps flooding after many refusals in a row is closed (code 1008) saying why.

The limits are each process's own: behind a proxy spreading a client's requests over N processes, a
client may send up to N times as many in all. Behind a proxy the client's address is the one the proxy
names in X-Forwarded-For (``tricktable serve --proxy``; deploy/nginx.conf sets it).
"""

from __future__ import annotations

import math
import time
from typing import Any

import orjson

__all__ = ["Bucket", "ClientLimit", "frames_refused", "http_refused"]

KEPT = 10_000  # client addresses whose buckets are kept before the idle ones are forgotten


class Bucket:
    """A token bucket: ``rate`` a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens, self.at = float(burst), time.monotonic()
        self.refused = 0  # refused in a row, since the last one taken

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            self.refused += 1
            return False
        self.tokens -= 1
        self.refused = 0
        return True

    def wait(self) -> float:
        """Seconds until the next one would be taken."""
        return max(0.0, (1 - self.tokens) / self.rate)

    def idle(self, now: float) -> bool:
        """Full again: forgetting it changes nothing."""
        return self.tokens + (now - self.at) * self.rate >= self.burst


def frames_refused(bucket: Bucket) -> dict[str, Any]:
    """What a ``rate_limited`` error frame adds to its code: the reason, the limit and the wait."""
    wait = bucket.wait()
    return {
        "reason": f"over this connection's limit of {bucket.rate:g} frames a second ({bucket.burst:g} at "
        f"once): this frame was dropped; send it again in {wait:.2f} s",
        "limit": {"per_second": bucket.rate, "burst": int(bucket.burst)},
        "retry_after": round(wait, 3),
    }


def http_refused(bucket: Bucket) -> tuple[dict[str, Any], str]:
    """The body of a 429 answer and its Retry-After (whole seconds, at least 1)."""
    wait = bucket.wait()
    body = {
        "error": "rate_limited",
        "reason": f"over the limit of {bucket.rate:g} requests a second from one address "
        f"({bucket.burst:g} at once): nothing was done; send it again in {wait:.2f} s",
        "limit": {"per_second": bucket.rate, "burst": int(bucket.burst)},
        "retry_after": round(wait, 3),
    }
    return body, str(max(1, math.ceil(wait)))


class ClientLimit:
    """ASGI middleware: each client address may make ``rate`` requests a second (``burst`` at once);
    a websocket's opening handshake counts as one, the static files a page loads (``/static/``, no
    database behind them) none. Over it: 429 ``rate_limited`` (a websocket: the error frame, then close
    code 1008)."""

    def __init__(self, app: Any, rate: float, burst: int) -> None:
        self.app, self.rate, self.burst = app, rate, burst
        self.buckets: dict[str, Bucket] = {}

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if (
            scope["type"] not in ("http", "websocket")
            or self.rate <= 0
            or scope["path"].startswith("/static/")
        ):
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        bucket = self._bucket(client[0] if client else "")
        if bucket.take():
            await self.app(scope, receive, send)
            return
        body, retry = http_refused(bucket)
        if scope["type"] == "http":
            headers = [(b"content-type", b"application/json"), (b"retry-after", retry.encode())]
            await send({"type": "http.response.start", "status": 429, "headers": headers})
            await send({"type": "http.response.body", "body": orjson.dumps(body)})
            return
        await receive()  # the handshake
        await send({"type": "websocket.accept"})
        frame = {"type": "error", "code": "rate_limited", "version": None, **body}
        del frame["error"]
        await send({"type": "websocket.send", "text": orjson.dumps(frame).decode()})
        await send({"type": "websocket.close", "code": 1008, "reason": "rate limited: connect again later"})

    def _bucket(self, address: str) -> Bucket:
        bucket = self.buckets.get(address)
        if bucket is None:
            if len(self.buckets) >= KEPT:
                now = time.monotonic()
                self.buckets = {a: b for a, b in self.buckets.items() if not b.idle(now)}
            bucket = self.buckets[address] = Bucket(self.rate, self.burst)
        return bucket
