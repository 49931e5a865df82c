"""Engine speed natively and inside Pyodide, measured in one run, and their ratio, for every game.

    python scripts/bench_engine.py [--site site] [--seconds 5] [--rounds 2] [--game toledo,torres]

Both sides run the same command, `python -m toledo bench --game G --seconds S` (random full games:
legal actions generated and one applied at every step): natively in a child CPython, and inside the
built site's Pyodide (the runtime and the engine wheel of `--site`, built by scripts/build_site.py),
booted in node, whose WebAssembly engine is Chromium's V8. Native and Pyodide runs alternate for
`--rounds` rounds so that a busy machine slows both alike; the figures are the medians.

Output: one line per game, `<game>: native <n> actions/s, Pyodide <m> actions/s, ratio <m/n>`, then
the Python versions; `--json` prints an object instead.
"""

from __future__ import annotations

import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))  # the scripts' shared parser
from one_line_args import OneLineParser  # noqa: E402

# Boots the site's Pyodide in node, unpacks the engine wheel and runs the command line's bench.
NODE_SCRIPT = r"""
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
const [runtimeDir, wheelPath, argsJson] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(runtimeDir, "pyodide.mjs")).href);
let out = "";
const py = await loadPyodide({ indexURL: path.resolve(runtimeDir) + "/", stdout: (s) => { out += s + "\n"; },
                               stderr: (s) => console.error(s) });
const sitePackages = py.runPython("import sysconfig; sysconfig.get_path('purelib')");
py.unpackArchive(new Uint8Array(fs.readFileSync(wheelPath)), "wheel", { extractDir: sitePackages });
py.globals.set("bench_args", argsJson);
const version = py.runPython(`
import json, sys
from toledo.cli import main
main(json.loads(bench_args))
sys.version.split()[0]
`);
process.stdout.write(JSON.stringify({ python: version, result: JSON.parse(out) }) + "\n");
"""


def engine_wheel(site: Path) -> Path:
    wheels = sorted(site.glob("wheels/*/toledo-*.whl"))
    if not wheels:
        raise SystemExit(f"bench_engine.py: no engine wheel under {site}/wheels: build the site first "
                         "(python scripts/build_site.py)")
    return wheels[-1]


def native(game: str, seconds: float) -> dict[str, Any]:
    out = subprocess.run([sys.executable, "-m", "toledo", "bench", "--game", game, "--seconds", str(seconds)],
                         cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def in_pyodide(node: str, script: Path, site: Path, wheel: Path, game: str, seconds: float) -> dict[str, Any]:
    args = json.dumps(["bench", "--game", game, "--seconds", str(seconds)])
    out = subprocess.run([node, str(script), str(site / "pyodide"), str(wheel), args], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> int:
    parser = OneLineParser(prog="bench_engine.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--game", default="toledo,torres", help="comma-separated game names")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not 0 < args.seconds <= 600 or not 1 <= args.rounds <= 20:
        parser.error("--seconds must be in (0, 600] and --rounds in 1..20")
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        parser.error("node is needed to run Pyodide outside the browser (scripts/test.sh installs it)")
    wheel = engine_wheel(args.site)
    games = [g.strip() for g in args.game.split(",") if g.strip()]
    report: dict[str, Any] = {"native_python": sys.version.split()[0], "games": {}}
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "bench_pyodide.mjs"
        script.write_text(NODE_SCRIPT, encoding="utf-8")
        for game in games:
            here: list[float] = []
            there: list[float] = []
            for _ in range(args.rounds):
                here.append(native(game, args.seconds)["actions_per_second"])
                result = in_pyodide(node, script, args.site, wheel, game, args.seconds)
                report["pyodide_python"] = result["python"]
                there.append(result["result"]["actions_per_second"])
            n, p = statistics.median(here), statistics.median(there)
            report["games"][game] = {"native": round(n), "pyodide": round(p), "ratio": round(p / n, 3)}
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    for game, row in report["games"].items():
        print(f"{game}: native {row['native']:,} actions/s, Pyodide {row['pyodide']:,} actions/s, "
              f"ratio {row['ratio']:.2f}")
    print(f"(CPython {report['native_python']} natively, Python {report.get('pyodide_python', '?')} in Pyodide; "
          f"medians of {args.rounds} alternating rounds of {args.seconds:g} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
