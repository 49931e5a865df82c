"""Every script in scripts/ answers a wrong option with one line on stderr and exit status 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


@pytest.mark.parametrize("name", ["serve", "build_site", "bench_load", "bench_ai", "bench_ai_ladder", "bench_ai_strength",
                                  "bench_engine", "compile_catalogues", "make_icons", "tutorial_draft"])
def test_a_wrong_option_gets_one_line_and_status_2(name: str, tmp_path: Path) -> None:
    # run from elsewhere: the scripts must find their shared parser themselves
    done = subprocess.run([sys.executable, str(SCRIPTS / f"{name}.py"), "--no-such-option"],
                          capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert done.returncode == 2
    assert done.stderr == f"{name}.py: error: unrecognized arguments: --no-such-option\n"
    assert done.stdout == ""


def test_the_strength_script_names_an_unknown_run_in_one_short_line(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, str(SCRIPTS / "bench_ai_strength.py"), "--only", "nope", "torres-hard-greedy-3p"],
                          capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "bench_ai_strength.py: error: no run named 'nope' (--list names them)\n"
    listed = subprocess.run([sys.executable, str(SCRIPTS / "bench_ai_strength.py"), "--list"],
                            capture_output=True, text=True, cwd=tmp_path, timeout=60, check=True).stdout.split()
    assert "torres-hard-greedy-3p" in listed and "toledo-hard-medium-4p" in listed


@pytest.mark.parametrize("slowdown", ["0", "0.5", "21", "nan"])
def test_the_load_benchmark_takes_a_cpu_slowdown_from_1_to_20_only(slowdown: str, tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, str(SCRIPTS / "bench_load.py"), "--cpu", slowdown],
                          capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("bench_load.py: error: --cpu is a slowdown from 1 to 20") and done.stderr.count("\n") == 1
