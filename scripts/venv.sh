# Sourced by play.sh and test.sh (from the repo root): make .venv once and keep it in step
# with requirements-dev.txt; a hash stamp skips pip entirely when nothing changed.
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
PY="$PWD/.venv/bin/python"
_stamp=.venv/.requirements-dev.sha256
_want="$(sha256sum requirements-dev.txt | cut -d' ' -f1)"
if [ "$(cat "$_stamp" 2>/dev/null || true)" != "$_want" ]; then
  "$PY" -m pip install --disable-pip-version-check --no-input -q -r requirements-dev.txt
  echo "$_want" > "$_stamp"
fi
