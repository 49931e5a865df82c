"""What every engine's smoke run is served by and watched through, whatever the engine can report.

- `SmokeServer` serves the built site as scripts/serve.py does (same headers), records every response
  of 400 or more, and puts a small error collector at the top of each HTML page's <head>, before any of
  the page's own scripts: WebKitWebDriver has no log endpoint, so the page itself keeps its console
  errors, uncaught errors and rejected promises for the test to read. It can be stopped mid-run: the
  host gone is what an offline reload means.
- `OutsideGuard` is the engines' proxy for every host but 127.0.0.1: it answers nothing and records what
  was asked, so a request bound off the machine fails the run instead of reaching a network.
"""

from __future__ import annotations

import functools
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Callable

from browser_support import LOCAL_HOST, load_serve

# Runs before the page's own scripts; kept in the page so a reload or a later visit starts it afresh.
COLLECTOR = b"""<script>(function () {
  var seen = window.__smokeErrors = [];
  var error = console.error;
  function text(value) { try { return value && value.stack ? String(value.stack) : String(value); } catch (e) { return "?"; } }
  console.error = function () {
    seen.push("console error: " + Array.prototype.map.call(arguments, text).join(" "));
    return error.apply(console, arguments);
  };
  addEventListener("error", function (event) {
    var target = event.target && event.target !== window ? " loading " + (event.target.src || event.target.href) : "";
    seen.push("page error: " + (event.message || "") + target + " " + (event.filename || "") + ":" + (event.lineno || ""));
  }, true);
  addEventListener("unhandledrejection", function (event) { seen.push("unhandled rejection: " + text(event.reason)); });
})();</script>"""


def _make_handler(root: Path, failures: list[str]) -> Callable[..., BaseHTTPRequestHandler]:
    site_handler = load_serve().SiteHandler

    class SmokeHandler(site_handler):  # type: ignore[misc, valid-type]
        def do_GET(self) -> None:  # noqa: N802 (stdlib name)
            target = Path(self.translate_path(self.path))
            if target.is_dir():
                target = target / "index.html"
            if target.suffix != ".html" or not target.is_file():
                super().do_GET()
                return
            page = target.read_bytes().replace(b"<head>", b"<head>" + COLLECTOR, 1)
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(page)))
            self.end_headers()
            self.wfile.write(page)

        def log_request(self, code: Any = "-", size: Any = "-") -> None:
            if str(code).isdigit() and int(code) >= 400:
                failures.append(f"{self.command} {self.path} answered {code}")

    return functools.partial(SmokeHandler, directory=str(root))


class SmokeServer:
    """The built site on 127.0.0.1 (a free port), stoppable once."""

    def __init__(self, root: Path) -> None:
        self.failures: list[str] = []
        self._server = ThreadingHTTPServer((LOCAL_HOST, 0), _make_handler(root, self.failures))
        self._server.daemon_threads = True
        self.url = f"http://{LOCAL_HOST}:{self._server.server_address[1]}/"
        self._thread = threading.Thread(target=self._server.serve_forever, name="smoke-site", daemon=True)
        self._thread.start()
        self.running = True

    def stop(self) -> None:
        if self.running:
            self.running = False
            self._server.shutdown()
            self._server.server_close()


class OutsideGuard:
    """An HTTP proxy that refuses everything and remembers what was asked (a CONNECT names host:port,
    a plain request its whole URL)."""

    def __init__(self) -> None:
        self.asked: list[str] = []
        asked = self.asked

        class Refuse(BaseHTTPRequestHandler):
            def __getattr__(self, name: str) -> Callable[[], None]:
                if not name.startswith("do_"):
                    raise AttributeError(name)
                return self._refuse

            def _refuse(self) -> None:
                asked.append(f"{self.command} {self.path}")
                self.send_error(403, "the smoke test allows no request off this machine")

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (stdlib signature)
                pass

        self._server = ThreadingHTTPServer((LOCAL_HOST, 0), Refuse)
        self._server.daemon_threads = True
        self.port = self._server.server_address[1]
        threading.Thread(target=self._server.serve_forever, name="smoke-guard", daemon=True).start()

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
