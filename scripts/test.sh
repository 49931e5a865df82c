#!/usr/bin/env bash
# All tests, non-interactively (CI=true, no stdin): .venv, system Chromium, fresh site/, then
# pytest. With arguments, they replace the default test paths: scripts/test.sh tests/test_build.py e2e
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/venv.sh

# Playwright drives Debian's Chromium (never `playwright install`); npm fetches the Pyodide runtime.
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v npm >/dev/null 2>&1 || missing+=(npm)
if [ "${#missing[@]}" -gt 0 ]; then
  sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo -n)  # -n: fail instead of prompting for a password
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update
  "${sudo[@]}" apt-get install -y "${missing[@]}"
fi

"$PY" scripts/build_site.py
# A renderer crash is Chromium's failure, not the game's: rerun such a test (twice at most), nothing else.
rerun=(--reruns 2 --only-rerun "(Target|Page) crashed")
if [ "$#" -gt 0 ]; then
  "$PY" -m pytest "${rerun[@]}" "$@" </dev/null
else
  "$PY" -m pytest "${rerun[@]}" tests e2e </dev/null
fi
