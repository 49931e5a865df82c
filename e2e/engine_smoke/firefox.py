"""Firefox ESR (Debian's firefox-esr), headless, over WebDriver BiDi: node runs puppeteer-core with
browser "firefox" (no geckodriver) in firefox_rpc.mjs, and this side sends it the scenario's commands."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from browser_support import LOCAL_HOST, ROOT

FIREFOX = Path("/usr/bin/firefox-esr")
RPC_SCRIPT = Path(__file__).resolve().parent / "firefox_rpc.mjs"
PUPPETEER = ROOT / "node_modules" / "puppeteer-core" / "package.json"


def missing() -> str | None:
    """Why this engine cannot run here, or None."""
    if not FIREFOX.exists():
        return f"{FIREFOX} missing (apt-get install firefox-esr; scripts/test.sh does)"
    if shutil.which("node") is None or not PUPPETEER.exists():
        return "node or npm's puppeteer-core missing (npm ci; scripts/test.sh does)"
    return None


def guard_prefs(proxy_port: int) -> dict[str, Any]:
    """Every host but the test server's goes to the refusing proxy; Firefox's own background calls
    (updates, telemetry, safe browsing, captive-portal checks) are switched off at the source."""
    return {
        "network.proxy.type": 1,
        "network.proxy.http": LOCAL_HOST,
        "network.proxy.http_port": proxy_port,
        "network.proxy.ssl": LOCAL_HOST,
        "network.proxy.ssl_port": proxy_port,
        "network.proxy.share_proxy_settings": True,
        "network.proxy.no_proxies_on": LOCAL_HOST,
        "network.proxy.allow_hijacking_localhost": False,
        "network.captive-portal-service.enabled": False,
        "network.connectivity-service.enabled": False,
        "browser.safebrowsing.update.enabled": False,
        "app.update.enabled": False,
        "datareporting.policy.dataSubmissionEnabled": False,
        "toolkit.telemetry.enabled": False,
        "services.settings.server": "data:,#remote-settings-off/v1",  # the browser's own remote settings
        "extensions.update.enabled": False,
        "extensions.getAddons.cache.enabled": False,
        "browser.search.update": False,
        "network.dns.disablePrefetch": True,
        "network.prefetch-next": False,
    }


class FirefoxDriver:
    name = "firefox"

    def __init__(self, site_url: str, proxy_port: int, timeout_s: float) -> None:
        self._profile = tempfile.mkdtemp(prefix="smoke-firefox-")
        options = {"executable": str(FIREFOX), "profile": self._profile, "prefs": guard_prefs(proxy_port),
                   "site": site_url, "timeoutMs": int(timeout_s * 1000)}
        self._stderr = tempfile.TemporaryFile(mode="w+")
        # A release build takes services.settings.server from the profile only with this variable set.
        env = {**os.environ, "MOZ_REMOTE_SETTINGS_DEVTOOLS": "1"}
        self._node = subprocess.Popen(["node", str(RPC_SCRIPT), json.dumps(options)], cwd=ROOT, text=True, env=env,
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr)
        self._count = 0
        try:
            self.version = str(self._call("version")).replace("firefox/", "Firefox ")
        except BaseException:
            self.close()
            raise

    def _call(self, op: str, **args: Any) -> Any:
        assert self._node.stdin is not None and self._node.stdout is not None
        self._count += 1
        self._node.stdin.write(json.dumps({"id": self._count, "op": op, **args}) + "\n")
        self._node.stdin.flush()
        line = self._node.stdout.readline()
        if not line:
            self._stderr.seek(0)
            raise RuntimeError(f"the Firefox driver ended: {self._stderr.read()[-2000:]}")
        answer = json.loads(line)
        if "error" in answer:
            raise RuntimeError(f"Firefox {op}: {answer['error']}")
        return answer["ok"]

    def open(self, url: str) -> None:
        self._call("open", url=url)

    def reload(self) -> None:
        self._call("reload")

    def evaluate(self, expression: str) -> Any:
        return self._call("evaluate", expression=expression)

    def click(self, selector: str, index: int = 0) -> None:
        self._call("click", selector=selector, index=index)

    def engine_problems(self) -> list[str]:
        """What Firefox itself reported over BiDi: console errors, uncaught errors, off-machine requests."""
        seen = self._call("log")
        return ([f"console error: {text}" for text in seen["consoleErrors"]]
                + [f"page error: {text}" for text in seen["pageErrors"]]
                + [f"request left {LOCAL_HOST}: {url}" for url in seen["outside"]])

    def close(self) -> None:
        try:
            if self._node.poll() is None:
                self._call("close")
            self._node.wait(timeout=30)
        except (RuntimeError, OSError, subprocess.TimeoutExpired, ValueError):
            self._node.kill()
            self._node.wait()
        finally:
            shutil.rmtree(self._profile, ignore_errors=True)
