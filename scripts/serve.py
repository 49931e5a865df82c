#!/usr/bin/env python3
"""Serve the built site/ on 127.0.0.1 for local play and for the browser tests (stdlib only).

Headers: `Cache-Control: no-cache` so a rebuilt site is never served stale, and cross-origin
isolation (COOP/COEP/CORP) so a PyScript worker may reach the DOM and SharedArrayBuffer works.
Importable: tests call start_server(root, 0) and get a running server on a free port.
"""

from __future__ import annotations

import argparse
import errno
import functools
import os
import socket
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the scripts' shared parser, also when loaded by path
from one_line_args import OneLineParser  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SITE_DIR = ROOT / "site"
HOST = "127.0.0.1"

# The stdlib table lacks some of these or guesses wrong: browsers refuse to stream-compile
# wasm and to import modules unless the MIME type is exact.
MIME_TYPES: dict[str, str] = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".whl": "application/octet-stream",
    ".zip": "application/zip",
    ".py": "text/plain; charset=utf-8",
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webp": "image/webp",
    ".woff2": "font/woff2",
    ".webmanifest": "application/manifest+json",
}

EXTRA_HEADERS: dict[str, str] = {
    "Cache-Control": "no-cache",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
    "Cross-Origin-Resource-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
}


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with the headers above; quiet unless the server was started verbose."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    verbose = False

    def end_headers(self) -> None:
        for name, value in EXTRA_HEADERS.items():
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (stdlib signature)
        if self.verbose:
            super().log_message(format, *args)


class SiteServer(ThreadingHTTPServer):
    """One thread per connection, none holding up shutdown (a hung browser connection), and quiet when
    a browser leaves mid-answer (a reload, a closed tab, a cancelled download): no traceback for that."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError, ConnectionAbortedError)):
            super().handle_error(request, client_address)


def make_server(root: Path, port: int, verbose: bool = False) -> tuple[ThreadingHTTPServer, str]:
    """Bind (port 0 = a free port) without serving yet; return the server and its URL."""
    if not (root / "index.html").is_file():
        raise FileNotFoundError(f"{root}/index.html not found: build first with python scripts/build_site.py")
    handler = type("BoundSiteHandler", (SiteHandler,), {"verbose": verbose})
    server = SiteServer((HOST, port), functools.partial(handler, directory=str(root)))
    return server, f"http://{HOST}:{server.server_address[1]}/"


def start_server(root: Path = SITE_DIR, port: int = 0) -> tuple[ThreadingHTTPServer, str]:
    """Serve root in a daemon thread; stop with server.shutdown(); server.server_close()."""
    server, url = make_server(Path(root), port)
    threading.Thread(target=server.serve_forever, name="site-server", daemon=True).start()
    return server, url


def port_number(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"port out of range 0-65535: {port}")
    return port


def _cannot_bind(port: int, error: OSError) -> int:
    """One line on stderr for a port the server cannot have, and status 1."""
    if error.errno == errno.EADDRINUSE:
        why = f"port {port} is in use (another server?): choose another with --port, or --port 0 for any free one"
    else:
        why = f"cannot serve on port {port}: {os.strerror(error.errno) if error.errno else error}"
    print(f"serve.py: error: {why}", file=sys.stderr)
    return 1


def _port_free(port: int) -> int:
    """0 if `port` can be bound on HOST now, else one line on stderr and 1."""
    try:
        with socket.create_server((HOST, port)):
            return 0
    except OSError as error:
        return _cannot_bind(port, error)


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="serve.py", description="Serve site/ on 127.0.0.1.")
    parser.add_argument("--port", type=port_number, default=8000, help="TCP port (0 = any free port; default 8000)")
    parser.add_argument("--root", type=Path, default=SITE_DIR, help="folder to serve (default: site/)")
    parser.add_argument("--quiet", action="store_true", help="do not log requests")
    parser.add_argument("--check", action="store_true",
                        help="only check the options and that the port is free, then exit (play.sh asks before it builds)")
    args = parser.parse_args(argv)
    if args.check:
        return _port_free(args.port)
    try:
        server, url = make_server(args.root.resolve(), args.port, verbose=not args.quiet)
    except FileNotFoundError as error:
        print(f"serve.py: error: {error}", file=sys.stderr)
        return 1
    except OSError as error:
        return _cannot_bind(args.port, error)
    print(f"Serving {args.root} at {url}  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
