"""A static host behind a slow link, for scripts/bench_load.py (stdlib only).

It serves a built site the way common static hosts do: `Last-Modified` on every file and 304 to a matching
`If-Modified-Since`, `Cache-Control: max-age=600`, gzip for compressible types when the browser asks for
it, and no cross-origin isolation headers (the site's service worker adds them). The link: every request
waits a fixed latency before its answer starts, and every byte of every answer goes through one token
bucket of N Mbit/s, shared by all connections (one downlink, as a player's).
"""

from __future__ import annotations

import email.utils
import functools
import gzip
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from serve import SiteServer  # quiet when a browser leaves mid-answer

HOST = "127.0.0.1"
CHUNK = 16 * 1024
TYPES = {
    ".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8", ".js": "text/javascript",
    ".mjs": "text/javascript", ".json": "application/json", ".webmanifest": "application/manifest+json",
    ".py": "text/plain; charset=utf-8", ".svg": "image/svg+xml", ".png": "image/png",
    ".wasm": "application/wasm", ".whl": "application/zip", ".zip": "application/zip",
    ".bin": "application/octet-stream",
}
# What a host compresses: text, scripts, data, the wasm and unknown binaries; never what is already packed.
COMPRESSIBLE = ("text/", "application/json", "application/manifest+json", "image/svg+xml", "application/wasm",
                "application/octet-stream")
MAX_AGE = 600


class Link:
    """One downlink: a token bucket of `mbit` Mbit/s (None: unlimited) shared by every answer, and a
    fixed latency per request. It keeps, per answer, when its request came, its path and the bytes sent;
    `take` starts a new visit: answers still under way for an earlier one stop (that browser is gone)."""

    def __init__(self, mbit: float | None, latency_ms: float) -> None:
        self.rate = mbit * 1e6 / 8 if mbit else None
        self.latency = latency_ms / 1000
        self.lock = threading.Lock()
        self.free_at = 0.0
        self.visit = 0
        self.answers: list[tuple[float, str, int]] = []

    def send(self, out: Any, data: bytes, visit: int) -> int:
        """Send `data` through the bucket; the bytes sent (fewer if a new visit began meanwhile)."""
        sent = 0
        for start in range(0, len(data), CHUNK):
            chunk = data[start:start + CHUNK]
            with self.lock:
                if visit != self.visit:
                    raise BrokenPipeError("an earlier visit's answer")
                now = time.monotonic()
                begin = max(now, self.free_at)
                self.free_at = begin + (len(chunk) / self.rate if self.rate else 0.0)
                due = self.free_at
            if due > now:
                time.sleep(due - now)
            out.write(chunk)
            sent += len(chunk)
        return sent

    def record(self, visit: int, received: float, path: str, sent: int) -> None:
        with self.lock:
            if visit == self.visit:
                self.answers.append((received, path, sent))

    def take(self) -> list[tuple[float, str, int]]:
        """The answers of the visit now ending (request time, path, bytes sent); a new visit begins."""
        with self.lock:
            taken, self.answers = self.answers, []
            self.visit += 1
        return taken


@functools.lru_cache(maxsize=1024)
def gzipped(path: str, mtime: float) -> bytes:
    return gzip.compress(Path(path).read_bytes(), compresslevel=6)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive: a browser's six connections carry every request
    root: Path
    link: Link

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (stdlib signature)
        pass

    def do_GET(self) -> None:  # noqa: N802 (stdlib name)
        self.received, self.visit = time.monotonic(), self.link.visit
        time.sleep(self.link.latency)
        relative = unquote(urlsplit(self.path).path).lstrip("/")
        file = (self.root / relative).resolve()
        if file.is_dir():
            file = file / "index.html"
        if not file.is_relative_to(self.root) or not file.is_file():
            self.answer(404, {"Content-Type": "text/plain"}, b"not found\n")
            return
        mtime = int(file.stat().st_mtime)
        headers = {"Last-Modified": email.utils.formatdate(mtime, usegmt=True),
                   "Cache-Control": f"max-age={MAX_AGE}", "X-Content-Type-Options": "nosniff"}
        since = self.headers.get("If-Modified-Since")
        if since:
            try:
                if int(email.utils.parsedate_to_datetime(since).timestamp()) >= mtime:
                    self.answer(304, headers, b"")
                    return
            except (TypeError, ValueError):
                pass
        kind = TYPES.get(file.suffix, "application/octet-stream")
        headers["Content-Type"] = kind
        if kind.startswith(COMPRESSIBLE) and "gzip" in self.headers.get("Accept-Encoding", ""):
            body = gzipped(str(file), file.stat().st_mtime)
            headers |= {"Content-Encoding": "gzip", "Vary": "Accept-Encoding"}
        else:
            body = file.read_bytes()
        self.answer(200, headers, body)

    def answer(self, status: int, headers: dict[str, str], body: bytes) -> None:
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        if status != 304:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        sent = 0
        try:
            sent = self.link.send(self.wfile, body, self.visit)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True  # the browser gave the request up, or left
        self.link.record(self.visit, self.received, self.path, sent)


def compress_ahead(root: Path) -> None:
    """Gzip every compressible file now, as a host keeps its compressed copies: compressing the 9.6 MB wasm
    on its first request would hold that answer back for a second or more (a cost no visit should carry)."""
    for file in root.rglob("*"):
        if file.is_file() and TYPES.get(file.suffix, "application/octet-stream").startswith(COMPRESSIBLE):
            gzipped(str(file), file.stat().st_mtime)


def start(root: Path, link: Link) -> tuple[ThreadingHTTPServer, str]:
    """Serve `root` through `link` on a free port in a daemon thread; stop with shutdown() and server_close()."""
    compress_ahead(root.resolve())
    handler = type("LinkHandler", (Handler,), {"root": root.resolve(), "link": link})
    server = SiteServer((HOST, 0), handler)
    threading.Thread(target=server.serve_forever, name="slow-link", daemon=True).start()
    return server, f"http://{HOST}:{server.server_address[1]}/"
