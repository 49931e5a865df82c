"""The cross-engine smoke test's parts: the site server and network guard every engine shares
(`net.py`), the one scenario every engine plays (`scenario.py`), and a driver per engine (`firefox.py`
over WebDriver BiDi through node's puppeteer-core, `webkit.py` over classic WebDriver through
selenium). The test itself is `e2e/test_engines.py`."""
