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
CHROMIUM_VERSION="156.0.8078.79-1~deb12u1"
missing=()
[ -x /usr/bin/chromium ] || missing+=("chromium=$CHROMIUM_VERSION")
command -v npm >/dev/null 2>&1 || missing+=(npm)
if [ "${#missing[@]}" -gt 0 ]; then
  sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo -n)  # -n: fail instead of prompting for a password
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update
  if ! "${sudo[@]}" apt-get install -y "${missing[@]}"; then
    echo "note: chromium $CHROMIUM_VERSION is no longer in Debian's archive; installing its current build" >&2
    "${sudo[@]}" apt-get install -y "${missing[@]/#chromium=*/chromium}"
  fi
fi
installed="$(dpkg-query -W -f='${Version}' chromium 2>/dev/null || true)"
if [ -n "$installed" ] && [ "$installed" != "$CHROMIUM_VERSION" ]; then
  echo "note: testing with chromium $installed (pinned: $CHROMIUM_VERSION)" >&2
fi

"$PY" scripts/build_site.py
# A renderer crash is Chromium's failure, not the game's: rerun such a test (twice at most), nothing else.
rerun=(--reruns 2 --only-rerun "(Target|Page) crashed")
if [ "$#" -gt 0 ]; then
  "$PY" -m pytest "${rerun[@]}" "$@" </dev/null
else
  "$PY" -m pytest "${rerun[@]}" tests e2e </dev/null
fi
