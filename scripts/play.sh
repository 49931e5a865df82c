#!/usr/bin/env bash
# Play locally: set up .venv, build site/, serve it on 127.0.0.1 and print the URL.
# Extra arguments go to scripts/serve.py (e.g. --port 0).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
for arg in "$@"; do  # the options' help, and nothing else
  case "$arg" in -h|--help) exec python3 scripts/serve.py --help ;; esac
done
python3 scripts/serve.py --check "$@"  # a wrong option or a busy port is said at once, not after the build
source scripts/venv.sh
"$PY" scripts/build_site.py
exec "$PY" scripts/serve.py "$@"
