"""WebKit (Debian's webkit2gtk-driver: WebKitWebDriver driving MiniBrowser --automation under an X
server of its own from xvfb-run), over classic WebDriver through the selenium package.

Measured facts this follows: WebKitWebDriver has no BiDi and no log endpoint (console errors come from
the page's own collector, net.COLLECTOR); an element click on an SVG board element fails with
ElementNotInteractable while a pointer action at the element's point works; a tab opened next to the
current one stays in the background, where the page's play stalls, so a later visit gets a new window.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from browser_support import LOCAL_HOST
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.proxy import Proxy, ProxyType
from selenium.webdriver.remote.client_config import ClientConfig
from selenium.webdriver.remote.remote_connection import RemoteConnection
from selenium.webdriver.webkitgtk.options import Options

WEBDRIVER = Path("/usr/bin/WebKitWebDriver")
MINIBROWSER = Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
XVFB_RUN = Path("/usr/bin/xvfb-run")
SESSION_S = 90  # a session normally starts in a few seconds
SESSION_TRIES = 2
# Resolves a script's value, promise or not, through WebDriver's asynchronous script call.
ASYNC_EVAL = """const done = arguments[arguments.length - 1];
Promise.resolve().then(() => (%s)).then((value) => done({ok: value === undefined ? null : value}),
                                         (error) => done({error: String(error && error.stack || error)}));"""


# The centre of a page element, scrolled into view, and whether a press there reaches it.
POINT_OF = """const el = document.querySelectorAll(arguments[0])[arguments[1]];
if (!el) return null;
el.scrollIntoView({block: 'center', inline: 'center'});
const box = el.getBoundingClientRect();
const x = box.left + box.width / 2, y = box.top + box.height / 2;
const top = document.elementFromPoint(x, y);
return {x, y, hit: !!top && (el === top || el.contains(top)), covered: top ? top.outerHTML.slice(0, 120) : 'nothing'};"""


def missing() -> str | None:
    """Why this engine cannot run here, or None."""
    for path in (WEBDRIVER, MINIBROWSER, XVFB_RUN):
        if not path.exists():
            return f"{path} missing (apt-get install webkit2gtk-driver xvfb; scripts/test.sh does)"
    return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((LOCAL_HOST, 0))
        return int(probe.getsockname()[1])


class WebKitDriver:
    name = "webkit"

    def __init__(self, site_url: str, proxy_port: int, timeout_s: float) -> None:
        # MiniBrowser sometimes never comes up under the driver, which then waits on the new session for
        # ever: a session that takes longer than SESSION_S is given up, and the driver started once more.
        for attempt in range(SESSION_TRIES):
            try:
                self._start(proxy_port, timeout_s)
                break
            except Exception:  # noqa: BLE001 - the browser did not start: once more, then the error stands
                if attempt == SESSION_TRIES - 1:
                    raise
        self.version = f"WebKitGTK {self._driver.capabilities.get('browserVersion', '?')}"
        self._visited = False

    def _start(self, proxy_port: int, timeout_s: float) -> None:
        port = free_port()
        self._log = tempfile.TemporaryFile(mode="w+")
        # Its own session (process group), so the X server, the driver and the browser end together.
        # A profile of its own: nothing from an earlier run (HTTP cache, service workers) makes it warm.
        self._home = tempfile.mkdtemp(prefix="smoke-webkit-")
        env = {**os.environ, **{name: str(Path(self._home) / name.lower())
                                for name in ("XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME")}}
        self._server = subprocess.Popen(
            [str(XVFB_RUN), "-a", "-s", "-screen 0 1280x1024x24", str(WEBDRIVER), f"--port={port}"],
            stdout=self._log, stderr=subprocess.STDOUT, start_new_session=True, env=env)
        options = Options()
        options.binary_location = str(MINIBROWSER)
        options.add_argument("--automation")
        options.set_capability("proxy", {"proxyType": "manual", "httpProxy": f"{LOCAL_HOST}:{proxy_port}",
                                         "sslProxy": f"{LOCAL_HOST}:{proxy_port}", "noProxy": [LOCAL_HOST]})
        try:
            self._driver = self._connect(f"http://{LOCAL_HOST}:{port}", port, options, timeout_s)
            self._driver.set_script_timeout(timeout_s)
            self._driver.set_window_rect(0, 0, 1280, 900)
        except BaseException:
            self._stop_server()
            raise

    def _connect(self, address: str, port: int, options: Options, timeout_s: float) -> webdriver.Remote:
        """A session once the driver listens (xvfb-run first starts its X server)."""
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection((LOCAL_HOST, port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline or self._server.poll() is not None:
                    self._log.seek(0)
                    raise RuntimeError(f"WebKitWebDriver did not start: {self._log.read()[-2000:]}") from None
                time.sleep(0.2)
        # Straight to the driver, whatever proxy the environment names.
        # The new session must answer within SESSION_S; later commands within the script timeout and more.
        config = ClientConfig(remote_server_addr=address, proxy=Proxy({"proxyType": ProxyType.DIRECT}),
                              timeout=SESSION_S)
        driver = webdriver.Remote(command_executor=RemoteConnection(client_config=config), options=options)
        driver.command_executor._client_config.timeout = int(timeout_s) + 60  # type: ignore[attr-defined]
        return driver

    def open(self, url: str) -> None:
        """The first visit uses the window the session opened; a later one a new window (not a tab)."""
        if self._visited:
            old = self._driver.current_window_handle
            self._driver.switch_to.new_window("window")
            new = self._driver.current_window_handle
            self._driver.switch_to.window(old)
            self._driver.close()
            self._driver.switch_to.window(new)
            self._driver.set_window_rect(0, 0, 1280, 900)
        self._visited = True
        self._driver.get(url)

    def reload(self) -> None:
        self._driver.refresh()

    def evaluate(self, expression: str) -> Any:
        answer = self._driver.execute_async_script(ASYNC_EVAL % expression)
        if "error" in answer:
            raise RuntimeError(f"WebKit script failed: {answer['error']}")
        return answer["ok"]

    def click(self, selector: str, index: int = 0) -> None:
        """A pointer press at the element's centre, in viewport coordinates (an action whose origin is the
        element itself fails on SVG here, as an element click does)."""
        point = self._driver.execute_script(POINT_OF, selector, index)
        assert point is not None, f"no element {index} for {selector}"
        assert point["hit"], f"{selector} ({index}) is covered at its centre by {point['covered']}"
        actions = ActionBuilder(self._driver)
        actions.pointer_action.move_to_location(int(point["x"]), int(point["y"])).click()
        actions.perform()

    def engine_problems(self) -> list[str]:
        return []  # no log endpoint: the page's collector and the proxy say it all

    def close(self) -> None:
        try:
            self._driver.quit()
        except WebDriverException:
            pass
        finally:
            self._stop_server()

    def _stop_server(self) -> None:
        """End xvfb-run's session: the X server, the driver and the browser it started."""
        try:
            os.killpg(self._server.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            self._server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(self._server.pid, signal.SIGKILL)
            self._server.wait()
        self._log.close()
        shutil.rmtree(self._home, ignore_errors=True)
