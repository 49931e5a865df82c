"""A plain `pip install .` into a fresh virtual environment, without the site build: the installed
package carries its compiled word catalogues and says a refusal in every language, and its metadata
names the release the package (and the page) shows."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import toledo
from toledo.core.session import LoadError, read_save_text

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("en", "de", "fr")
# Run by the installed interpreter in an empty folder, so only the installed package can answer.
PROBE = """
import json, toledo
from importlib.metadata import version
from toledo.core.session import LoadError, read_save_text
try:
    read_save_text(b"{not json")
except LoadError as err:
    print(json.dumps({"file": toledo.__file__, "words": {lang: err.message(lang) for lang in %r},
                      "release": toledo.__version__, "metadata": version("toledo")}))
""" % (LANGUAGES,)


def _source_copy(target: Path) -> Path:
    """What `pip install .` sees of a clean checkout: no compiled catalogues, no build leftovers."""
    target.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy2(ROOT / name, target / name)
    shutil.copytree(ROOT / "toledo", target / "toledo",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.mo"))
    return target


def test_a_plain_pip_install_reads_a_refusal_in_every_language(tmp_path: Path) -> None:
    source = _source_copy(tmp_path / "source")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = venv / "bin" / "python"
    installed = subprocess.run([str(python), "-m", "pip", "install", "--no-input", "-q", str(source)],
                               capture_output=True, text=True, timeout=600)
    assert installed.returncode == 0, installed.stderr[-2000:]
    empty = tmp_path / "elsewhere"
    empty.mkdir()
    probe = subprocess.run([str(python), "-I", "-c", PROBE], cwd=empty, capture_output=True, text=True, timeout=120)
    assert probe.returncode == 0, probe.stderr[-2000:]
    found = json.loads(probe.stdout)
    assert Path(found["file"]).is_relative_to(venv)  # the installed copy, not this checkout
    try:
        read_save_text(b"{not json")
    except LoadError as err:
        expected = {lang: err.message(lang) for lang in LANGUAGES}
    assert found["words"] == expected
    assert len(set(expected.values())) == len(LANGUAGES)  # three languages, not one text three times
    assert found["metadata"] == found["release"] == toledo.__version__  # one release number
