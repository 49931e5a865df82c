#!/usr/bin/env bash
# All tests, non-interactively (CI=true, no stdin): .venv, system Chromium, fresh site/, then
# pytest. With arguments, they replace the default test paths: scripts/test.sh tests/test_build.py e2e
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/venv.sh

# Playwright drives Debian's Chromium (never `playwright install`); npm fetches the Pyodide runtime.
# Chromium is installed pinned to the build the tests were last run with. Debian's security archive
# keeps only the newest build, so once this one is replaced the install falls back to the current
# build and says so; a machine that already has a Chromium keeps it (one line says when it differs).
CHROMIUM_VERSION="156.0.8078.114-1~deb12u1"
# The other engines of the smoke test (e2e/test_engines.py), pinned and installed the same way:
# Firefox ESR (driven by npm's puppeteer-core) and WebKit's WebDriver with MiniBrowser, under an X
# server from xvfb-run (which needs xauth).
ENGINE_PINS=(
  "firefox-esr=153.8.0esr-1~deb12u1:/usr/bin/firefox-esr"
  "webkit2gtk-driver=2.50.6-1~deb12u2:/usr/bin/WebKitWebDriver"
  "xvfb=2:21.1.7-3+deb12u13:/usr/bin/xvfb-run"
  "xauth=1:1.1.2-1:/usr/bin/xauth"
)
missing=()
[ -x /usr/bin/chromium ] || missing+=("chromium=$CHROMIUM_VERSION")
command -v npm >/dev/null 2>&1 || missing+=(npm)
engines=()
for pin in "${ENGINE_PINS[@]}"; do
  [ -x "${pin##*:}" ] || engines+=("${pin%:*}")
done
sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo -n)  # -n: fail instead of prompting for a password
export DEBIAN_FRONTEND=noninteractive
if [ "${#missing[@]}" -gt 0 ] || [ "${#engines[@]}" -gt 0 ]; then
  "${sudo[@]}" apt-get update || [ "${#missing[@]}" -eq 0 ]
fi
if [ "${#missing[@]}" -gt 0 ]; then
  if ! "${sudo[@]}" apt-get install -y "${missing[@]}"; then
    echo "note: chromium $CHROMIUM_VERSION is no longer in Debian's archive; installing its current build" >&2
    "${sudo[@]}" apt-get install -y "${missing[@]/#chromium=*/chromium}"
  fi
fi
if [ "${#engines[@]}" -gt 0 ] && ! "${sudo[@]}" apt-get install -y --no-install-recommends "${engines[@]}"; then
  echo "note: ${engines[*]} no longer all in Debian's archive; installing their current builds" >&2
  if ! "${sudo[@]}" apt-get install -y --no-install-recommends "${engines[@]%%=*}"; then
    # Only by hand: on a fresh clone and in CI every engine runs (the smoke test fails without one).
    if [ -n "${CI:-}" ]; then
      echo "error: could not install ${engines[*]%%=*}, which the smoke test needs" >&2
      exit 1
    fi
    echo "note: could not install ${engines[*]%%=*}: the smoke test skips the engine it lacks" >&2
  fi
fi
installed="$(dpkg-query -W -f='${Version}' chromium 2>/dev/null || true)"
if [ -n "$installed" ] && [ "$installed" != "$CHROMIUM_VERSION" ]; then
  echo "note: testing with chromium $installed (pinned: $CHROMIUM_VERSION)" >&2
fi
for pin in "${ENGINE_PINS[@]}"; do
  package="${pin%%=*}" version="${pin#*=}"
  version="${version%:*}"
  installed="$(dpkg-query -W -f='${Version}' "$package" 2>/dev/null || true)"
  if [ -n "$installed" ] && [ "$installed" != "$version" ]; then
    echo "note: testing with $package $installed (pinned: $version)" >&2
  fi
done
# build_site.py keeps the site's own npm packages in step with the lock; the smoke test's Firefox
# driver (puppeteer-core) is checked here, so a checkout from before it was added gets it too.
if ! "$PY" - <<'CHECK'
import json, pathlib, sys
lock = json.loads(pathlib.Path("package-lock.json").read_text())["packages"]["node_modules/puppeteer-core"]["version"]
have = pathlib.Path("node_modules/puppeteer-core/package.json")
sys.exit(0 if have.is_file() and json.loads(have.read_text())["version"] == lock else 1)
CHECK
then
  npm ci --no-audit --no-fund
fi

"$PY" scripts/build_site.py
# A renderer crash is Chromium's failure, not the game's: rerun such a test (twice at most), nothing else.
rerun=(--reruns 2 --only-rerun "(Target|Page) crashed")
if [ "$#" -gt 0 ]; then
  "$PY" -m pytest "${rerun[@]}" "$@" </dev/null
else
  # Three processes (pytest-xdist) on two cores, each taking the next test as it frees up: a
  # browser test keeps about one core busy (the page's one thread, its timers, Chromium's own
  # processes), so two processes left a tenth of the machine idle and a third fills it. The long
  # browser tests go first, the many short unit tests last, so no process idles at the end. Three
  # processes with their browsers peak at about 1.8 GB here; a machine with less than 3 GB free runs
  # two, so that memory never becomes what crashes a page. The tests that time the page's own tasks
  # run afterwards, one at a time with nothing beside them: a second browser would slow the very
  # tasks they measure.
  workers=3
  available_kb="$(awk '/^MemAvailable:/ {print $2}' /proc/meminfo 2>/dev/null || true)"
  if [ -n "$available_kb" ] && [ "$available_kb" -lt 3145728 ]; then
    workers=2
    echo "note: $((available_kb / 1024)) MB of memory free: the tests run in two processes, not three" >&2
  fi
  status=0
  "$PY" -m pytest "${rerun[@]}" -n "$workers" --dist worksteal -m "not timing" e2e tests </dev/null || status=$?
  "$PY" -m pytest "${rerun[@]}" -m timing e2e tests </dev/null || status=$?
  exit "$status"
fi
